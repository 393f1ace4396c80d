/* test-cli-options.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command line's one option parser and its strict numbers (issue 14
 * #15), tested directly, every argument type it takes.
 */

#include "config.h"

#include "planner-cli-private.h"

static gboolean
parse (const GOptionEntry *entries,
       const char *const  *argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_auto(GStrv) args = g_strdupv ((char **) argv);

  g_option_context_set_help_enabled (context, FALSE);
  return planner_cli_parse_options ("test", context, entries, &args);
}

static void
test_options (void)
{
  gboolean flag = FALSE;
  g_autofree char *text = NULL;
  g_autofree char *file = NULL;
  int count = 0;
  gint64 big = 0;
  double ratio = 0;
  const GOptionEntry entries[] = {
    { "flag", 0, 0, G_OPTION_ARG_NONE, &flag, NULL, NULL },
    { "text", 't', 0, G_OPTION_ARG_STRING, &text, NULL, NULL },
    { "file", 0, 0, G_OPTION_ARG_FILENAME, &file, NULL, NULL },
    { "count", 0, 0, G_OPTION_ARG_INT, &count, NULL, NULL },
    { "big", 0, 0, G_OPTION_ARG_INT64, &big, NULL, NULL },
    { "ratio", 0, 0, G_OPTION_ARG_DOUBLE, &ratio, NULL, NULL },
    { NULL }
  };

  g_assert_true (parse (entries, (const char *[]) { "test", "--flag", "-t", "a b", "--file=/x", "--count", "12",
                                                    "--big", "9007199254740993", "--ratio", ".5", NULL }));
  g_assert_true (flag);
  g_assert_cmpstr (text, ==, "a b");
  g_assert_cmpstr (file, ==, "/x");
  g_assert_cmpint (count, ==, 12);
  g_assert_cmpint (big, ==, G_GINT64_CONSTANT (9007199254740993));
  g_assert_cmpfloat (ratio, ==, 0.5);

  /* Given twice, in any spelling: an error, not the last one winning. */
  {
    const char *const twice[][6] = {
      { "test", "--flag", "--flag", NULL },
      { "test", "--text", "a", "-t", "b", NULL },
      { "test", "--count=1", "--count", "2", NULL },
      { "test", "--ratio", "1", "--ratio=1", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (twice); i++)
      g_assert_false (parse (entries, twice[i]));
  }
  /* Numbers as GOption alone would have taken them. */
  {
    const char *const bad[][4] = {
      { "test", "--count", " 8", NULL }, { "test", "--count", "+8", NULL }, { "test", "--count", "0x10", NULL },
      { "test", "--count", "-1", NULL }, { "test", "--count", "2147483648", NULL },
      { "test", "--big", "9223372036854775808", NULL }, { "test", "--ratio", "1e3", NULL },
      { "test", "--ratio", "nan", NULL }, { "test", "--ratio", "-0.5", NULL }, { "test", "--ratio", ".", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_test_message ("%s %s", bad[i][1], bad[i][2]);
        g_assert_false (parse (entries, bad[i]));
      }
  }
}

static void
test_numbers (void)
{
  guint64 n = 0;
  double x = 0;

  g_assert_true (planner_cli_parse_count ("test", "--n", "1048576", 1048576, &n));
  g_assert_cmpuint (n, ==, 1048576);
  for (const char *const *bad = (const char *const[]) { "", " 8", "+8", "0x10", "010a", "-3", "0", "1048577",
                                                        "18446744073709551616", NULL };
       *bad != NULL; bad++)
    g_assert_false (planner_cli_parse_count ("test", "--n", *bad, 1048576, &n));

  g_assert_true (planner_cli_parse_positive ("test", "--x", "0.32", 100, &x));
  g_assert_cmpfloat (x, ==, 0.32);
  g_assert_true (planner_cli_parse_positive ("test", "--x", "5.", 100, &x));
  for (const char *const *bad = (const char *const[]) { "", " 8", "+8", "0x10", "1e2", "inf", "nan", "0", "0.0",
                                                        "-1", "100.5", "9223372036854775808", "1.2.3", NULL };
       *bad != NULL; bad++)
    g_assert_false (planner_cli_parse_positive ("test", "--x", *bad, 100, &x));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/cli/options", test_options);
  g_test_add_func ("/planner/cli/numbers", test_numbers);

  return g_test_run ();
}
