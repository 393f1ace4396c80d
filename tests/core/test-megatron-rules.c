/* test-megatron-rules.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * data/megatron-rules.tsv gives every start-up rule of Megatron-Core
 * 0.20.0 (../shared/megatron/rules.jsonl, beside the clone) a verdict.
 * This test keeps the table honest:
 *   - every rule of rules.jsonl has exactly one row, and no row names a
 *     rule that does not exist, so a new Megatron's rules cannot slip in;
 *   - a "checked" row names a diagnostic code and the arguments that
 *     trigger it; the analysis runs on the base launch plus those
 *     arguments and must report the code (and the base must not);
 *   - a "not-applicable" row gives one of the allowed reasons;
 *   - at least 95 % of the rows a GPT pre-training launch can carry
 *     (column "gpt-launch") are checked;
 *   - no description repeats Megatron's own message.
 *
 * The table's columns, tab-separated:
 *   id  verdict  code-or-reason  gpt-launch  trigger  description
 * A code may be followed by "~text": the diagnostic must then mention
 * the text (for codes that gather several requirements).  A trigger is a
 * list of Megatron arguments appended to the base launch, plus
 * "!--flag" (drop a base flag and its value), "@world=N", "@gpu=ID",
 * "@env:NAME=VALUE" and "@unenv:NAME".
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "planner-analyze.h"
#include "planner-import.h"

/* A small dense GPT that Megatron accepts on 8 H100s. */
static const char *const base_args[] = {
  "--num-layers", "24", "--hidden-size", "2048", "--num-attention-heads", "16",
  "--seq-length", "2048", "--max-position-embeddings", "4096",
  "--micro-batch-size", "1", "--global-batch-size", "64",
  "--tokenizer-type", "NullTokenizer", "--vocab-size", "32000", "--mock-data",
  "--lr", "3e-4", "--min-lr", "3e-5", "--train-iters", "1000", "--bf16",
  NULL,
};

static const char *const reasons[] = {
  "non-gpt",                /* the rule concerns only other models (hybrid Mamba, T5...) */
  "inference",              /* ... only inference */
  "rl",                     /* ... only reinforcement learning */
  "checkpoint-conversion",  /* ... only checkpoint conversion */
  "runtime-state",          /* it depends on files or runtime state the planner cannot see */
  "not-in-catalogue",       /* its flag is not in the flag catalogue */
  NULL,
};

typedef struct
{
  char *id;
  char *verdict;
  char *code;      /* checked: the code; else the reason */
  char *expect;    /* the "~text", or NULL */
  gboolean gpt;
  char *trigger;
  char *description;
  guint line;
} Row;

static GPtrArray *rows;         /* Row */
static GHashTable *base_codes;  /* codes the base launch reports */

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->id);
  g_free (row->verdict);
  g_free (row->code);
  g_free (row->expect);
  g_free (row->trigger);
  g_free (row->description);
  g_free (row);
}

static char *
source_path (const char *first,
             ...)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  g_autofree char *root = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list ap;

  /* G_TEST_SRCDIR is the tests folder; the source root is its parent. */
  root = g_path_get_dirname (srcdir != NULL ? srcdir : "tests");
  g_ptr_array_add (parts, root);
  va_start (ap, first);
  for (const char *p = first; p != NULL; p = va_arg (ap, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

static void
load_table (void)
{
  g_autofree char *path = source_path ("data", "megatron-rules.tsv", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  rows = g_ptr_array_new_with_free_func (row_free);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      Row *row;
      char *tilde;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      fields = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (fields) != 6)
        g_error ("megatron-rules.tsv:%u: %u columns, expected 6", i + 1, g_strv_length (fields));

      row = g_new0 (Row, 1);
      row->line = i + 1;
      row->id = g_strdup (fields[0]);
      row->verdict = g_strdup (fields[1]);
      row->code = g_strdup (fields[2]);
      tilde = strchr (row->code, '~');
      if (tilde != NULL)
        {
          row->expect = g_strdup (tilde + 1);
          *tilde = '\0';
        }
      row->gpt = g_str_equal (fields[3], "yes");
      if (!row->gpt && !g_str_equal (fields[3], "no"))
        g_error ("megatron-rules.tsv:%u: gpt-launch must be yes or no, not “%s”", row->line, fields[3]);
      row->trigger = g_strdup (fields[4]);
      row->description = g_strdup (fields[5]);
      g_ptr_array_add (rows, row);
    }
}

/* ------------------------------------------------------------------ */
/* Running the analysis on a trigger                                    */
/* ------------------------------------------------------------------ */

static PlannerReport *
analyze (const char *trigger)
{
  g_auto(GStrv) tokens = g_strsplit (trigger != NULL ? trigger : "", " ", -1);
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) dropped = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) script = g_string_new (NULL);
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(GError) error = NULL;
  PlannerAnalyzeOptions options = { 0 };
  GHashTableIter iter;
  gpointer name, value;
  PlannerReport *report;

  options.world_size = 8;
  options.gpu_id = "h100-sxm";
  g_hash_table_insert (env, g_strdup ("CUDA_DEVICE_MAX_CONNECTIONS"), g_strdup ("1"));

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];

      if (t[0] == '\0')
        continue;
      if (g_str_has_prefix (t, "@world="))
        options.world_size = g_ascii_strtoull (t + 7, NULL, 10);
      else if (g_str_has_prefix (t, "@gpu="))
        options.gpu_id = g_intern_string (t + 5);
      else if (g_str_has_prefix (t, "@env:"))
        {
          g_auto(GStrv) pair = g_strsplit (t + 5, "=", 2);

          g_assert_nonnull (pair[1]);
          g_hash_table_insert (env, g_strdup (pair[0]), g_strdup (pair[1]));
        }
      else if (g_str_has_prefix (t, "@unenv:"))
        g_hash_table_remove (env, t + 7);
      else if (t[0] == '!')
        g_hash_table_add (dropped, (gpointer) (t + 1));
      else if (t[0] == '@')
        g_error ("unknown trigger token “%s”", t);
    }

  for (guint i = 0; base_args[i] != NULL; i++)
    {
      if (g_hash_table_contains (dropped, base_args[i]))
        {
          /* Drop the flag and its value, if it has one. */
          if (base_args[i + 1] != NULL && !g_str_has_prefix (base_args[i + 1], "--"))
            i++;
          continue;
        }
      g_ptr_array_add (argv, g_strdup (base_args[i]));
    }
  for (guint i = 0; tokens[i] != NULL; i++)
    if (tokens[i][0] != '\0' && tokens[i][0] != '!' && tokens[i][0] != '@')
      g_ptr_array_add (argv, g_strdup (tokens[i]));

  /* A real launch script, read as data: exports, then torchrun. */
  g_hash_table_iter_init (&iter, env);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      g_autofree char *quoted = g_shell_quote (value);

      g_string_append_printf (script, "export %s=%s\n", (char *) name, quoted);
    }
  g_string_append (script, "torchrun --nproc-per-node 8 pretrain_gpt.py");
  for (guint i = 0; i < argv->len; i++)
    {
      g_autofree char *quoted = g_shell_quote (g_ptr_array_index (argv, i));

      g_string_append_printf (script, " %s", quoted);
    }
  g_string_append_c (script, '\n');

  import = planner_import_script (script->str, script->len, &error);
  g_assert_no_error (error);
  report = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  return report;
}

static void
dump (const PlannerReport *report)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_test_message ("%s %s: %s", planner_severity_to_string (d->severity), d->code, d->message);
    }
}

static const PlannerDiagnostic *
find (const PlannerReport *report,
      const char          *code,
      const char          *expect)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      gboolean mentioned = expect == NULL || strstr (d->message, expect) != NULL
                           || (d->fix != NULL && strstr (d->fix, expect) != NULL);

      for (guint j = 0; !mentioned && d->flags[j] != NULL; j++)
        mentioned = strstr (d->flags[j], expect) != NULL;
      if (g_str_equal (d->code, code) && mentioned)
        return d;
    }
  return NULL;
}

/* The rule's trigger makes the analysis report the rule's code; the base
 * launch does not (so the trigger is what makes it fire). */
static void
test_trigger (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(PlannerReport) report = analyze (row->trigger);
  const PlannerDiagnostic *d = find (report, row->code, row->expect);

  if (d == NULL)
    {
      dump (report);
      g_test_message ("%s (line %u): expected %s%s%s for “%s”", row->id, row->line, row->code,
                      row->expect != NULL ? " mentioning " : "", row->expect != NULL ? row->expect : "",
                      row->trigger);
    }
  g_assert_nonnull (d);
  g_assert_false (g_hash_table_contains (base_codes, row->code));
  /* A message that names the flag and a fix, as every diagnostic must. */
  if (d != NULL)
    {
      g_assert_cmpuint (strlen (d->message), >, 10);
      g_assert_nonnull (d->flags[0]);
    }
}

/* ------------------------------------------------------------------ */
/* The table itself                                                     */
/* ------------------------------------------------------------------ */

static void
test_table_well_formed (void)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (rows->len, >, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);

      if (g_hash_table_contains (ids, row->id))
        g_error ("megatron-rules.tsv:%u: %s appears twice", row->line, row->id);
      g_hash_table_add (ids, row->id);
      g_assert_nonnull (strchr (row->id, ':'));
      g_assert_cmpuint (strlen (row->description), >, 15);

      if (g_str_equal (row->verdict, "checked"))
        {
          if (strchr (row->code, '.') == NULL || row->trigger[0] == '\0' || !row->gpt)
            g_error ("megatron-rules.tsv:%u: a checked rule needs a code, a trigger and gpt-launch yes", row->line);
        }
      else if (g_str_equal (row->verdict, "not-applicable"))
        {
          if (!g_strv_contains (reasons, row->code))
            g_error ("megatron-rules.tsv:%u: “%s” is not an allowed reason", row->line, row->code);
          if (row->trigger[0] != '\0')
            g_error ("megatron-rules.tsv:%u: a not-applicable rule has no trigger", row->line);
          /* Only rules the planner cannot see may count against the target. */
          if (row->gpt && !g_str_equal (row->code, "runtime-state"))
            g_error ("megatron-rules.tsv:%u: a %s rule is not one a GPT launch carries", row->line, row->code);
        }
      else
        {
          g_error ("megatron-rules.tsv:%u: verdict “%s” is neither checked nor not-applicable",
                   row->line, row->verdict);
        }
    }
}

/* The string literals of Megatron's message, without quotes and f-string
 * fields: what a copied description would contain. */
static GPtrArray *
message_literals (const char *message)
{
  GPtrArray *literals = g_ptr_array_new_with_free_func (g_free);
  const char *p = message;

  while (p != NULL && (p = strpbrk (p, "'\"")) != NULL)
    {
      char quote = *p++;
      const char *end = strchr (p, quote);
      g_autofree char *text = NULL;
      char *brace;

      if (end == NULL)
        break;
      text = g_strndup (p, (gsize) (end - p));
      /* Up to the first {field}. */
      brace = strchr (text, '{');
      if (brace != NULL)
        *brace = '\0';
      g_strstrip (text);
      if (strlen (text) >= 24)
        g_ptr_array_add (literals, g_steal_pointer (&text));
      p = end + 1;
    }
  return literals;
}

static void
test_every_rule_has_a_verdict (void)
{
  g_autofree char *path = source_path ("..", "shared", "megatron", "rules.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) lines = NULL;
  guint n_rules = 0, missing = 0;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    {
      g_test_skip_printf ("%s is absent (CI keeps it beside the clone): cannot check that every rule "
                          "has a verdict", path);
      return;
    }

  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);

      g_hash_table_insert (by_id, row->id, row);
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) literals = NULL;
      JsonObject *rule;
      const char *id;
      Row *row;

      if (lines[i][0] == '\0')
        continue;
      json_parser_load_from_data (parser, lines[i], -1, &error);
      g_assert_no_error (error);
      rule = json_node_get_object (json_parser_get_root (parser));
      id = json_object_get_string_member (rule, "id");
      n_rules++;
      row = g_hash_table_lookup (by_id, id);
      if (row == NULL)
        {
          g_test_message ("rules.jsonl line %u: %s (%s, %s) has no verdict in data/megatron-rules.tsv",
                          i + 1, id, json_object_get_string_member (rule, "function"),
                          json_object_get_string_member_with_default (rule, "condition", ""));
          missing++;
          continue;
        }
      g_hash_table_add (seen, row->id);

      /* Describe it in our own words. */
      literals = message_literals (json_object_get_string_member_with_default (rule, "message", NULL));
      for (guint j = 0; j < literals->len; j++)
        if (strstr (row->description, g_ptr_array_index (literals, j)) != NULL)
          g_error ("megatron-rules.tsv:%u: the description of %s copies Megatron's message “%s”",
                   row->line, id, (char *) g_ptr_array_index (literals, j));
    }

  g_assert_cmpuint (n_rules, >, 0);
  if (missing > 0)
    g_error ("%u rule(s) of %s have no verdict (see the messages above)", missing, path);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);

      if (!g_hash_table_contains (seen, row->id))
        g_error ("megatron-rules.tsv:%u: %s is not a rule of %s", row->line, row->id, path);
    }
  g_test_message ("%u rules in rules.jsonl (%u distinct ids), every one with a verdict", n_rules, rows->len);
}

/* At least 95 % of the rules a GPT pre-training launch can carry are
 * checked; the counts are printed for the record. */
static void
test_coverage (void)
{
  guint checked = 0, carried = 0, requirement = 0;
  g_autoptr(GHashTable) by_reason = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer reason, count;

  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);

      if (row->gpt)
        carried++;
      if (g_str_equal (row->verdict, "checked"))
        {
          checked++;
          if (g_str_has_prefix (row->code, "runtime."))
            requirement++;
        }
      else
        {
          g_autofree char *key = g_strdup_printf ("%s%s", row->code, row->gpt ? " (GPT launch)" : "");
          const char *interned = g_intern_string (key);

          g_hash_table_insert (by_reason, (gpointer) interned,
                               GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (by_reason, interned)) + 1));
        }
    }

  g_test_message ("%u rules: %u checked (%u of them by naming a software requirement the planner cannot see)",
                  rows->len, checked, requirement);
  g_hash_table_iter_init (&iter, by_reason);
  while (g_hash_table_iter_next (&iter, &reason, &count))
    g_test_message ("not applicable, %s: %u", (char *) reason, GPOINTER_TO_UINT (count));
  g_test_message ("GPT pre-training launch rules: %u, checked %u (%.1f %%)", carried, checked,
                  100.0 * checked / MAX (carried, 1));

  g_assert_cmpuint (carried, >, 0);
  g_assert_cmpfloat ((double) checked / carried, >=, 0.95);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* A table-driven test: report every failing row, not only the first. */
  g_test_set_nonfatal_assertions ();
  load_table ();

  {
    g_autoptr(PlannerReport) base = analyze ("");
    GPtrArray *diagnostics = planner_report_get_diagnostics (base);

    base_codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < diagnostics->len; i++)
      g_hash_table_add (base_codes, g_strdup (((PlannerDiagnostic *) g_ptr_array_index (diagnostics, i))->code));
    /* The base launch must be one Megatron accepts. */
    if (planner_report_count (base, PLANNER_SEVERITY_ERROR) != 0)
      {
        dump (base);
        g_error ("the base launch has errors");
      }
  }

  g_test_add_func ("/megatron-rules/table-well-formed", test_table_well_formed);
  g_test_add_func ("/megatron-rules/every-rule-has-a-verdict", test_every_rule_has_a_verdict);
  g_test_add_func ("/megatron-rules/coverage", test_coverage);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);
      g_autofree char *path = NULL;

      if (!g_str_equal (row->verdict, "checked"))
        continue;
      path = g_strdup_printf ("/megatron-rules/trigger/%s", row->id);
      g_test_add_data_func (path, row, test_trigger);
    }

  status = g_test_run ();
  g_ptr_array_unref (rows);
  g_hash_table_unref (base_codes);
  return status;
}
