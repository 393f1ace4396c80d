/* test-problem-words.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 23 #9: no message the window shows speaks the job file's keys
 * ("advanced.extra_args", "launch.slurm_time") or Megatron's argument
 * names ("world_size", "num_attention_heads").  Every problem the window
 * lists, and every report diagnostic as the window words it, is scanned
 * for a set of bad jobs: each job of tests/cli/jobs, an empty job, and
 * the example and Mixtral jobs with each field in turn set to values a
 * person could type wrong (0, 3, a huge number, nothing, a relative path).
 */

#include "config.h"

#include <string.h>

#include "planner-analyze.h"
#include "planner-document.h"
#include "planner-field.h"
#include "planner-field-check.h"
#include "planner-flag-catalog.h"
#include "planner-flag-info.h"
#include "planner-job.h"
#include "planner-problems.h"
#include "planner-release-move.h"
#include "planner-script.h"

typedef struct
{
  GHashTable *bad;       /* message → why, once each */
  GHashTable *unmade;    /* code → a message of it the window would show with a flag */
  guint       n_messages;
  guint       n_made;    /* field checks, draft marks and refusals scanned as made */
  guint       n_jobs;
} Scan;

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* The first job key, job section prefix or Megatron argument name in
 * @text, or NULL.  A path, a flag ("--num-layers") and an environment
 * variable (CUDA_DEVICE_MAX_CONNECTIONS) are what a person types or
 * reads in a script, and may appear. */
static char *
offending_word (const char *text)
{
  guint n_fields;
  const PlannerField *const *fields = planner_field_list (&n_fields);
  static const char *const derived[] = {
    "world_size", "data_parallel_size", "padded_vocab_size", "params_dtype", "consumed_train_samples",
    "virtual_pipeline_model_parallel_size", "expert_tensor_parallel_size", "kv_channels",
    "expert_tensor_model_pipeline_parallel", NULL,
  };
  g_auto(GStrv) tokenizers = planner_job_dup_choices ("tokenizer-type");
  const char *p = text;

  /* Issue 23 #9: a tokenizer is named as the form's choice names it
   * ("GPT-2 BPE"), never by Megatron's class ("GPT2BPETokenizer"). */
  for (guint i = 0; tokenizers[i] != NULL; i++)
    if (*tokenizers[i] != '\0' && !g_str_equal (planner_field_choice_label ("tokenizer-type", tokenizers[i]), tokenizers[i]))
      {
        const char *at = strstr (text, tokenizers[i]);
        gsize n = strlen (tokenizers[i]);

        for (; at != NULL; at = strstr (at + 1, tokenizers[i]))
          if ((at == text || !is_word_char (at[-1])) && !is_word_char (at[n]))
            return g_strdup (tokenizers[i]);
      }

  for (guint i = 0; i < n_fields; i++)
    {
      g_autofree char *section = g_strndup (fields[i]->key, strchr (fields[i]->key, '.') - fields[i]->key + 1);
      const char *at = strstr (text, section);

      if (strstr (text, fields[i]->key) != NULL)
        return g_strdup (fields[i]->key);
      /* "advanced.anything": a key, whether or not a field holds it. */
      for (; at != NULL; at = strstr (at + 1, section))
        if ((at == text || (!is_word_char (at[-1]) && at[-1] != '/')) && g_ascii_islower (at[strlen (section)]))
          {
            const char *end = at + strlen (section);

            while (is_word_char (*end))
              end++;
            return g_strndup (at, end - at);
          }
    }

  while (*p != '\0')
    {
      const char *start;
      g_autofree char *word = NULL;

      if (!is_word_char (*p))
        {
          p++;
          continue;
        }
      start = p;
      while (is_word_char (*p))
        p++;
      /* Inside a path, a file name or a flag: the person's own words. */
      if (start > text && (start[-1] == '/' || start[-1] == '-' || start[-1] == '.' || start[-1] == '$'))
        continue;
      if (*p == '/' || (*p == '.' && is_word_char (p[1])))
        continue;
      word = g_strndup (start, p - start);
      if (strchr (word, '_') == NULL || g_ascii_isupper (word[0]))
        continue;
      /* Megatron's own names: its arguments, and what it derives from them. */
      if (planner_flag_catalog_lookup_dest (word) != NULL || g_strv_contains (derived, word) ||
          g_str_has_suffix (word, "_size"))
        return g_steal_pointer (&word);
    }
  return NULL;
}

/* Issue 19: the first Megatron flag in @text that the window names by a
 * form label (a field it shows holds it), or a template mark "{--" left
 * unfilled; NULL.  A flag no field holds is the person's own word. */
static char *
flag_with_label (const PlannerWords *form,
                 const char         *text)
{
  const char *p = text;

  if (strstr (text, "{--") != NULL)
    return g_strdup ("{--");
  while ((p = strstr (p, "--")) != NULL)
    {
      const char *end = p + 2;
      g_autofree char *flag = NULL;

      while (g_ascii_isalnum (*end) || *end == '-')
        end++;
      if ((p > text && (is_word_char (p[-1]) || p[-1] == '-')) || end == p + 2)
        {
          p = end;
          continue;
        }
      flag = g_strndup (p, end - p);
      if (!g_str_equal (planner_words_name (form, flag), flag))
        return g_steal_pointer (&flag);
      p = end;
    }
  return NULL;
}

/* A field named twice in a row ("Pipeline Split Pipeline Split"): one
 * field that holds two flags a message names side by side. */
static char *
label_twice (const char *text)
{
  guint n_fields;
  const PlannerField *const *fields = planner_field_list (&n_fields);
  static const char *const joins[] = { " ", " / ", " and ", ", ", " or " };

  for (guint i = 0; i < n_fields; i++)
    for (guint j = 0; j < G_N_ELEMENTS (joins); j++)
      {
        const char *label = planner_field_get_label (fields[i]);
        g_autofree char *twice = g_strconcat (label, joins[j], label, NULL);

        if (strstr (text, twice) != NULL)
          return g_steal_pointer (&twice);
      }
  return NULL;
}

/* A diagnostic of the window's report, as it was made: no rewrite. */
static void
check_made (Scan                    *scan,
            const PlannerWords      *form,
            const PlannerDiagnostic *d,
            const char              *where)
{
  const char *texts[] = { d->message, d->fix };

  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      g_autofree char *word = NULL;

      if (texts[t] == NULL)
        continue;
      word = flag_with_label (form, texts[t]);
      if (word == NULL)
        word = label_twice (texts[t]);
      if (word == NULL)
        word = offending_word (texts[t]);
      if (word != NULL && !g_hash_table_contains (scan->unmade, d->code))
        g_hash_table_insert (scan->unmade, g_strdup (d->code),
                             g_strdup_printf ("%s (%s): %s", word, where, texts[t]));
    }
}

/* A text the window shows that no diagnostic holds (a field's own check,
 * a draft's mark, why there is no draft), as it was made: @kind names it
 * in the scan.  @typed: the text quotes what the person typed (Extra
 * Arguments), whose flags are their own words. */
static void
check_made_text (Scan               *scan,
                 const PlannerWords *form,
                 const char         *kind,
                 const char         *text,
                 gboolean            typed,
                 const char         *where)
{
  g_autofree char *word = NULL;

  if (text == NULL)
    return;
  scan->n_made++;
  word = typed ? (strstr (text, "{--") != NULL ? g_strdup ("{--") : NULL) : flag_with_label (form, text);
  if (word == NULL)
    word = label_twice (text);
  if (word == NULL)
    word = offending_word (text);
  if (word == NULL && (strstr (text, "{model.") != NULL || strstr (text, "{training.") != NULL))
    word = g_strdup ("{section.key}");
  if (word != NULL && !g_hash_table_contains (scan->unmade, kind))
    g_hash_table_insert (scan->unmade, g_strdup (kind), g_strdup_printf ("%s (%s): %s", word, where, text));
}

static gboolean
is_typed (const char *key)
{
  return g_strcmp0 (key, "advanced.extra_args") == 0 || g_strcmp0 (key, "advanced.recommended_args") == 0;
}

/* Issue 19: the field checks, the drafts' marks and refusals, made in the
 * form's words by the engine (nothing rewords them for the window). */
static void
scan_made (Scan               *scan,
           PlannerDocument    *document,
           const PlannerWords *form,
           const char         *where)
{
  PlannerJob *job = planner_document_get_job (document);
  g_autoptr(GPtrArray) checks = planner_field_check (job, NULL);
  static const PlannerScriptLauncher launchers[] = { PLANNER_SCRIPT_TORCHRUN, PLANNER_SCRIPT_SLURM,
                                                     PLANNER_SCRIPT_MEMORY_CHECK };

  for (guint i = 0; i < checks->len; i++)
    {
      const PlannerFieldProblem *p = g_ptr_array_index (checks, i);

      check_made_text (scan, form, "field check", p->message, is_typed (p->key), where);
    }
  for (guint l = 0; l < G_N_ELEMENTS (launchers); l++)
    {
      g_autoptr(GPtrArray) marks = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *draft = NULL;

      planner_document_set_launcher (document, launchers[l]);
      draft = planner_document_render_draft (document, &marks, &error);
      for (guint i = 0; marks != NULL && i < marks->len; i++)
        {
          const PlannerScriptMark *mark = g_ptr_array_index (marks, i);

          check_made_text (scan, form, "draft mark", mark->message, is_typed (mark->key), where);
        }
      /* Why there is no draft: a refusal quotes the planner's own flags
       * when the flag catalogue refuses them (an internal error to report). */
      if (draft == NULL && error != NULL)
        check_made_text (scan, form, "draft refusal", error->message,
                         g_error_matches (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_CATALOG) ||
                         strstr (error->message, "Extra Arguments") != NULL ||
                         strstr (error->message, "Recommended Arguments") != NULL, where);
    }
}

static void
check (Scan       *scan,
       const char *where,
       const char *message)
{
  g_autofree char *word = NULL;

  if (message == NULL)
    return;
  scan->n_messages++;
  word = offending_word (message);
  if (word != NULL && !g_hash_table_contains (scan->bad, message))
    g_hash_table_insert (scan->bad, g_strdup (message), g_strdup_printf ("%s (%s)", word, where));
}

static void
scan_job (Scan       *scan,
          PlannerJob *job,
          const char *where)
{
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(GPtrArray) problems = NULL;
  GPtrArray *diagnostics;
  PlannerWords form;

  planner_document_set_drafting (document, TRUE);
  planner_document_flush (document);
  scan->n_jobs++;
  problems = planner_problems_collect_document (document);
  for (guint i = 0; i < problems->len; i++)
    check (scan, where, ((PlannerProblem *) g_ptr_array_index (problems, i))->message);
  /* Every diagnostic, information too, as the window words it. */
  diagnostics = planner_report_get_diagnostics (planner_document_get_report (document));
  /* Every diagnostic, information too, as the window's report made it:
   * nothing rewords it afterwards (issue 19). */
  planner_field_words_init (&form, job);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      check (scan, where, d->message);
      check (scan, where, d->fix);
      check_made (scan, &form, d, where);
    }
  /* The release check's rows: both releases' diagnostics, made for the form. */
  {
    const char *other = g_strcmp0 (planner_job_get_string (job, "megatron-version"), "0.12.0") == 0 ? "0.20.0"
                                                                                                   : "0.12.0";
    g_autoptr(PlannerReleaseMove) move = planner_release_move_new_for_form (job, other, NULL);

    for (guint i = 0; move != NULL && i < move->refuses->len; i++)
      check_made (scan, &form, g_ptr_array_index (move->refuses, i), where);
    for (guint i = 0; move != NULL && i < move->accepts->len; i++)
      check_made (scan, &form, g_ptr_array_index (move->accepts, i), where);
  }
  scan_made (scan, document, &form, where);
}

static void
free_value (gpointer data)
{
  g_value_unset (data);
  g_free (data);
}

/* Values a person could type wrong for @pspec, clamped to what it holds. */
static GPtrArray *
bad_values (GParamSpec *pspec,
            PlannerJob *job)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (free_value);
  static const double numbers[] = { 0, 3, 1e7, -1 };
  static const char *const strings[] = { "", "relative/path", "/a path/with space", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      GValue *v = g_new0 (GValue, 1);
      g_auto(GValue) d = G_VALUE_INIT;

      if (pspec->value_type == G_TYPE_STRING || pspec->value_type == G_TYPE_BOOLEAN ||
          G_TYPE_IS_ENUM (pspec->value_type) || !g_value_type_transformable (G_TYPE_DOUBLE, pspec->value_type))
        {
          g_free (v);
          break;
        }
      g_value_init (&d, G_TYPE_DOUBLE);
      g_value_set_double (&d, numbers[i] < 0 && G_IS_PARAM_SPEC_DOUBLE (pspec) ? numbers[i] : MAX (numbers[i], 0));
      g_value_init (v, pspec->value_type);
      g_value_transform (&d, v);
      g_param_value_validate (pspec, v);
      g_ptr_array_add (values, v);
    }
  if (pspec->value_type == G_TYPE_STRING)
    {
      /* A drop-down offers its choices only: each of them. */
      g_auto(GStrv) choices = planner_job_dup_choices (pspec->name);
      const char *const *list = choices != NULL ? (const char *const *) choices : strings;

      for (guint i = 0; list[i] != NULL; i++)
        {
          GValue *v = g_new0 (GValue, 1);

          g_value_init (v, G_TYPE_STRING);
          g_value_set_string (v, list[i]);
          g_ptr_array_add (values, v);
        }
    }
  if (pspec->value_type == G_TYPE_BOOLEAN)
    {
      GValue *v = g_new0 (GValue, 1);
      gboolean now;

      g_object_get (job, pspec->name, &now, NULL);
      g_value_init (v, G_TYPE_BOOLEAN);
      g_value_set_boolean (v, !now);
      g_ptr_array_add (values, v);
    }
  return values;
}

static void
scan_mutations (Scan       *scan,
                PlannerJob *base,
                const char *name)
{
  guint n_fields;
  const PlannerField *const *fields = planner_field_list (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (base), fields[i]->property);
      g_autoptr(GPtrArray) values = NULL;

      g_assert_nonnull (pspec);
      values = bad_values (pspec, base);
      for (guint v = 0; v < values->len; v++)
        {
          g_autoptr(PlannerJob) job = planner_job_copy (base);
          g_autofree char *contents = g_strdup_value_contents (g_ptr_array_index (values, v));
          g_autofree char *where = g_strdup_printf ("%s with %s = %s", name, fields[i]->key, contents);

          g_object_set_property (G_OBJECT (job), fields[i]->property, g_ptr_array_index (values, v));
          scan_job (scan, job, where);
        }
    }
}

static PlannerJob *
load_job (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  PlannerJob *job = planner_job_new ();

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  if (!planner_job_load_from_data (job, data, length, &error))
    g_clear_object (&job);
  return job;
}

static void
test_problem_words (void)
{
  g_autofree char *jobs = g_test_build_filename (G_TEST_DIST, "cli", "jobs", NULL);
  g_autoptr(GDir) dir = g_dir_open (jobs, 0, NULL);
  Scan scan = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
                g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free), 0, 0, 0 };
  const char *name;
  g_autoptr(PlannerJob) empty = planner_job_new ();
  g_autoptr(PlannerJob) example = planner_job_new_example ();
  g_autoptr(PlannerJob) mixtral = NULL;
  GHashTableIter iter;
  gpointer message, why;

  g_assert_nonnull (dir);
  scan_job (&scan, empty, "an empty job");
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (jobs, name, NULL);
      g_autoptr(PlannerJob) job = g_str_has_suffix (name, ".json") ? load_job (path) : NULL;

      if (job != NULL)
        scan_job (&scan, job, name);
      if (g_str_equal (name, "mixtral-8x7b-slurm.json"))
        mixtral = g_object_ref (job);
    }
  g_assert_nonnull (mixtral);
  scan_mutations (&scan, example, "the example job");
  scan_mutations (&scan, mixtral, "Mixtral");

  g_test_message ("%u messages of %u jobs; %u field checks, draft marks and refusals", scan.n_messages,
                  scan.n_jobs, scan.n_made);
  g_hash_table_iter_init (&iter, scan.bad);
  while (g_hash_table_iter_next (&iter, &message, &why))
    g_test_message ("speaks %s: %s", (char *) why, (char *) message);
  g_hash_table_iter_init (&iter, scan.unmade);
  while (g_hash_table_iter_next (&iter, &message, &why))
    g_test_message ("made with %s: %s", (char *) message, (char *) why);
  g_assert_cmpuint (scan.n_jobs, >, 300);
  g_assert_cmpuint (scan.n_made, >, 1000);
  g_assert_cmpuint (g_hash_table_size (scan.bad), ==, 0);
  g_assert_cmpuint (g_hash_table_size (scan.unmade), ==, 0);
  g_hash_table_unref (scan.bad);
  g_hash_table_unref (scan.unmade);
}

/* Issue 23 #8: a problem's "go to field" link is the diagnostic's first
 * field id the form shows.  Each bad job changes one field; every error
 * that is new against the unchanged job must link to that field (or, when
 * that field does not show, to one that does: the cause is elsewhere). */
typedef struct
{
  GHashTable *wrong;   /* "code (where)" → the field linked */
  guint       n_checked;
} Links;

static GHashTable *
error_codes (PlannerJob *job)
{
  g_autoptr(PlannerReport) report = planner_analyze_job (job);
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);
  GHashTable *codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR)
        g_hash_table_add (codes, g_strdup (d->code));
    }
  return codes;
}

static void
check_links (Links              *links,
             PlannerJob         *job,
             GHashTable         *before,
             const PlannerField *changed,
             const char         *where)
{
  g_autoptr(PlannerReport) report = planner_analyze_job (job);
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      const PlannerField *linked = planner_field_for_diagnostic (job, d);

      if (d->severity != PLANNER_SEVERITY_ERROR || g_hash_table_contains (before, d->code))
        continue;
      links->n_checked++;
      /* A rule between two fields (heads and TP) may link to either; the
       * changed field must be among those the diagnostic names, and the
       * link must not go to the model choice while a field of its own
       * shows (Max Position Embeddings, not Model). */
      if (!(planner_field_applies (changed, job) || planner_field_is_read_only (changed, job)))
        continue;
      if (g_strv_contains ((const char *const *) d->fields, changed->key) &&
          (linked == changed || linked == NULL || !g_str_equal (linked->key, "model.model_id")))
        continue;
      g_hash_table_insert (links->wrong, g_strdup_printf ("%s (%s)", d->code, where),
                           g_strdup (linked != NULL ? linked->key : "no field"));
    }
}

static void
links_of_mutations (Links      *links,
                    PlannerJob *base,
                    const char *name)
{
  guint n_fields;
  const PlannerField *const *fields = planner_field_list (&n_fields);
  g_autoptr(GHashTable) before = error_codes (base);

  for (guint i = 0; i < n_fields; i++)
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (base), fields[i]->property);
      g_autoptr(GPtrArray) values = bad_values (pspec, base);

      for (guint v = 0; v < values->len; v++)
        {
          g_autoptr(PlannerJob) job = planner_job_copy (base);
          g_autofree char *contents = g_strdup_value_contents (g_ptr_array_index (values, v));
          g_autofree char *where = g_strdup_printf ("%s with %s = %s", name, fields[i]->key, contents);

          g_object_set_property (G_OBJECT (job), fields[i]->property, g_ptr_array_index (values, v));
          check_links (links, job, before, fields[i], where);
        }
    }
}

static void
test_field_links (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "cli", "jobs", "mixtral-8x7b-slurm.json", NULL);
  g_autoptr(PlannerJob) example = planner_job_new_example ();
  g_autoptr(PlannerJob) mixtral = load_job (path);
  Links links = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free), 0 };
  GHashTableIter iter;
  gpointer where, linked;

  g_assert_nonnull (mixtral);
  links_of_mutations (&links, example, "the example job");
  links_of_mutations (&links, mixtral, "Mixtral");
  g_test_message ("%u new errors checked", links.n_checked);
  g_hash_table_iter_init (&iter, links.wrong);
  while (g_hash_table_iter_next (&iter, &where, &linked))
    g_test_message ("links to %s: %s", (char *) linked, (char *) where);
  g_assert_cmpuint (links.n_checked, >, 50);
  g_assert_cmpuint (g_hash_table_size (links.wrong), ==, 0);
  g_hash_table_unref (links.wrong);
}

/* The words themselves: what the scan must catch and let pass. */
static void
test_offending_word (void)
{
  static const struct { const char *text, *word; } cases[] = {
    { "Set advanced.extra_args to nothing", "advanced.extra_args" },
    { "launch.slurm_time is not a duration", "launch.slurm_time" },
    { "world_size 64 is not divisible by 3", "world_size" },
    { "num_attention_heads must be a multiple of TP", "num_attention_heads" },
    { "a multiple of expert model parallel_size: 8 experts", "parallel_size" },
    { "Data Path /data/my_corpus/text_document does not exist", NULL },
    { "Pass --num-attention-heads 32", NULL },
    { "CUDA_DEVICE_MAX_CONNECTIONS=1 is exported", NULL },
    { "Megatron 0.20.0 reads it", NULL },
    { "Tensor Parallel (3) must divide the 32 attention heads", NULL },
    { "Vocabulary File is empty (GPT2BPETokenizer needs it)", "GPT2BPETokenizer" },
    { "HuggingFaceTokenizer needs Tokenizer Model", "HuggingFaceTokenizer" },
    { "Tokenizer Model is empty (Hugging Face needs it)", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *word = offending_word (cases[i].text);

      g_test_message ("%s → %s", cases[i].text, word);
      if (cases[i].word == NULL)
        g_assert_null (word);
      else
        {
          g_assert_nonnull (word);
          g_assert_true (g_str_has_prefix (word, cases[i].word));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/problem-words/offending-word", test_offending_word);
  g_test_add_func ("/problem-words/bad-jobs", test_problem_words);
  g_test_add_func ("/problem-words/field-links", test_field_links);
  return g_test_run ();
}
