/* test-escape.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Control characters from inputs never reach a terminal (issue 14 #14).
 */

#include "config.h"

#include "planner-escape.h"

#include "planner-diagnostic.h"
#include "planner-import.h"

#include <string.h>

static void
test_escape (void)
{
  static const struct { const char *in; const char *out; } cases[] = {
    { "plain text, ünïcode ×", "plain text, ünïcode ×" },
    { "tab\tand\nnewline", "tab\tand\nnewline" },
    { "\x1b[31mred\x1b[0m", "\\u001b[31mred\\u001b[0m" },
    { "bell\a", "bell\\u0007" },
    { "cr\rover", "cr\\u000dover" },
    { "del\x7f", "del\\u007f" },
    { "c1 \xc2\x9b" "2J", "c1 \\u009b2J" },          /* U+009B, CSI */
    { "bad \xff\xfe utf8", "bad \\xff\\xfe utf8" },
    /* Format characters (issue 14, round 2 #4): what reorders or hides. */
    { "x\u202ey", "x\\u202ey" },                        /* RIGHT-TO-LEFT OVERRIDE */
    { "\u202a\u202b\u202c\u202d", "\\u202a\\u202b\\u202c\\u202d" },
    { "a\u2066b\u2067c\u2068d\u2069", "a\\u2066b\\u2067c\\u2068d\\u2069" },  /* isolates */
    { "zero\u200bwidth\u200c\u200d\u200e\u200f", "zero\\u200bwidth\\u200c\\u200d\\u200e\\u200f" },
    { "\ufeffbom\u2060\u2064", "\\ufeffbom\\u2060\\u2064" },
    { "soft\u00adhyphen \u061c", "soft\\u00adhyphen \\u061c" },
    { "line\u2028para\u2029", "line\\u2028para\\u2029" },     /* Zl, Zp */
    { "tag \U000e0041\U000e007f", "tag \\udb40\\udc41\\udb40\\udc7f" },
    /* Visible text beyond ASCII stays as it is. */
    { "中文 — ✓ ü e\u0301 \U0001f44d \u00a0", "中文 — ✓ ü e\u0301 \U0001f44d \u00a0" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = planner_escape_controls (cases[i].in);

      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_cmpint (planner_has_controls (cases[i].in), ==, strcmp (cases[i].in, cases[i].out) != 0);
    }
  g_assert_null (planner_escape_controls (NULL));
}

/* Every diagnostic, whoever makes it: message, fix and flags. */
static void
test_diagnostics (void)
{
  const char *flags[] = { "--x\x1b]0;title\a", NULL };
  g_autoptr(PlannerDiagnostic) d =
    planner_diagnostic_new (PLANNER_SEVERITY_ERROR, "test.code", flags, "fix \x1b[2J", "got “%s”", "\x1b[31m");

  g_assert_cmpstr (d->message, ==, "got “\\u001b[31m”");
  g_assert_cmpstr (d->fix, ==, "fix \\u001b[2J");
  g_assert_cmpstr (d->flags[0], ==, "--x\\u001b]0;title\\u0007");
}

/* The path a script takes to a message: an unknown flag and a stray value. */
static void
test_import_messages (void)
{
  const char *text = "torchrun pretrain_gpt.py --num-layers 2 $'--bad\\e[31m' $'\\a'\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = planner_import_script (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (import->diagnostics->len, >, 0);
  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      g_test_message ("%s: %s", d->code, d->message);
      g_assert_false (planner_has_controls (d->message));
      g_assert_false (planner_has_controls (d->fix));
      for (guint k = 0; d->flags[k] != NULL; k++)
        g_assert_false (planner_has_controls (d->flags[k]));
    }
}

/* A file name outside UTF-8, or with a control in it, is shown escaped
 * wherever the window names a file (title, toasts, history). */
static void
test_file_name (void)
{
  g_autoptr(GFile) latin1 = g_file_new_for_path ("/tmp/caf\xe9.lpjob");
  g_autoptr(GFile) bell = g_file_new_for_path ("/tmp/a\ab.json");
  g_autoptr(GFile) plain = g_file_new_for_path ("/tmp/job.json");
  g_autofree char *a = planner_escape_file_name (latin1);
  g_autofree char *b = planner_escape_file_name (bell);
  g_autofree char *c = planner_escape_file_name (plain);
  g_autofree char *d = planner_escape_file_name (NULL);

  g_assert_cmpstr (a, ==, "caf\\xe9.lpjob");
  g_assert_true (g_utf8_validate (a, -1, NULL));
  g_assert_cmpstr (b, ==, "a\\u0007b.json");
  g_assert_cmpstr (c, ==, "job.json");
  g_assert_cmpstr (d, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/escape/controls", test_escape);
  g_test_add_func ("/planner/escape/file-name", test_file_name);
  g_test_add_func ("/planner/escape/diagnostics", test_diagnostics);
  g_test_add_func ("/planner/escape/import-messages", test_import_messages);

  return g_test_run ();
}
