/* test-field.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "planner-analyze.h"
#include "planner-field.h"
#include "planner-field-check.h"
#include "planner-flag-catalog.h"
#include "planner-job-model.h"

/* The table has every job field, once, in the job file's order, with a
 * label, a page and only real Megatron flags. */
static void
test_field_table_complete (void)
{
  static const char *const pages[] = { "model", "cluster", "data", "training", "parallelism", "experts", NULL };
  static const char *const launcher_flags[] = { "--nnodes", "--nproc-per-node", "--master-port", "--rdzv-endpoint", NULL };
  guint n_fields;
  const PlannerField *const *fields = planner_field_list (&n_fields);
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (n_fields, ==, planner_job_get_n_fields ());
  g_assert_null (fields[n_fields]);
  for (guint i = 0; i < n_fields; i++)
    {
      const PlannerField *f = fields[i];
      g_autofree char *key = g_strdup_printf ("%s.%s", planner_job_get_field_section (i),
                                              planner_job_get_field_property (i));

      g_strdelimit (key + strlen (planner_job_get_field_section (i)), "-", '_');
      g_assert_cmpstr (f->property, ==, planner_job_get_field_property (i));
      g_assert_cmpstr (f->key, ==, key);
      g_assert_true (planner_field_lookup (f->key) == f);
      g_assert_true (planner_field_lookup (f->property) == f);
      g_assert_true (g_strv_contains (pages, f->page));
      g_assert_cmpuint (strlen (f->label), >, 1);
      /* One label, one field: a message names it without doubt. */
      if (!g_hash_table_add (labels, (gpointer) f->label))
        g_error ("label “%s” is used twice", f->label);
      for (guint k = 0; f->flags[k] != NULL; k++)
        {
          if (g_strv_contains (launcher_flags, f->flags[k]))
            continue;
          if (planner_flag_catalog_lookup (f->flags[k]) == NULL)
            g_error ("%s writes %s, which Megatron-Core 0.20.0 does not know", f->key, f->flags[k]);
        }
    }
  g_assert_null (planner_field_lookup ("no-such-field"));
  g_assert_true (planner_field_lookup ("data-path")->is_path);
  g_assert_false (planner_field_lookup ("split")->is_path);
  g_assert_cmpstr (planner_field_get_label (planner_field_lookup ("train-iters")), ==, "Training Iterations");
  g_assert_cmpstr (planner_field_lookup ("tp")->label, ==, "Tensor Parallel");
}

static void
test_field_flags_to_keys (void)
{
  g_autoptr(PlannerJob) catalog = planner_job_new_example ();
  g_autoptr(PlannerJob) custom = planner_job_new_example ();
  const char *layers[] = { "--num-layers", NULL };
  const char *tp_pp[] = { "--pipeline-model-parallel-size", "--tensor-model-parallel-size", NULL };
  const char *unknown[] = { "--seed", NULL };
  g_auto(GStrv) a = NULL;
  g_auto(GStrv) b = NULL;
  g_auto(GStrv) c = NULL;
  g_auto(GStrv) d = NULL;

  g_assert_true (planner_job_customise (custom, NULL));
  a = planner_field_keys_for_flags (catalog, layers);
  b = planner_field_keys_for_flags (custom, layers);
  c = planner_field_keys_for_flags (catalog, tp_pp);
  d = planner_field_keys_for_flags (catalog, unknown);
  /* The model chooser for a catalog model, the Layers row for a custom one. */
  g_assert_cmpuint (g_strv_length (a), ==, 1);
  g_assert_cmpstr (a[0], ==, "model.model_id");
  g_assert_cmpuint (g_strv_length (b), ==, 1);
  g_assert_cmpstr (b[0], ==, "model.num_layers");
  /* File order, whatever order the flags came in. */
  g_assert_cmpuint (g_strv_length (c), ==, 2);
  g_assert_cmpstr (c[0], ==, "parallelism.tp");
  g_assert_cmpstr (c[1], ==, "parallelism.pp");
  g_assert_nonnull (d);
  g_assert_cmpuint (g_strv_length (d), ==, 0);
}

/* Every diagnostic names its fields, the one to fix first first. */
static void
test_field_diagnostic_keys (void)
{
  const char *max_pos[] = { "--max-position-embeddings", "--seq-length", NULL };
  const char *ep[] = { "--expert-tensor-parallel-size", "--expert-model-parallel-size",
                       "--pipeline-model-parallel-size", NULL };
  const char *experts[] = { "--num-experts", "--expert-model-parallel-size", NULL };
  const char *none[] = { "CUDA_DEVICE_MAX_CONNECTIONS", NULL };
  g_auto(GStrv) a = planner_field_keys_for_diagnostic ("model.max-position-below-seq", max_pos);
  g_auto(GStrv) b = planner_field_keys_for_diagnostic ("layout.expert-world-not-divisible", ep);
  g_auto(GStrv) c = planner_field_keys_for_diagnostic ("moe.experts-not-divisible-by-ep", experts);
  g_auto(GStrv) d = planner_field_keys_for_diagnostic ("env.cuda-device-max-connections", none);
  g_auto(GStrv) e = planner_field_keys_for_diagnostic ("some.code", max_pos);
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerDiagnostic) diagnostic = NULL;
  const PlannerField *field;

  g_assert_cmpstr (a[0], ==, "model.max_position_embeddings");
  g_assert_cmpstr (a[1], ==, "training.seq_length");
  g_assert_cmpstr (b[0], ==, "parallelism.ep");
  g_assert_cmpstr (c[0], ==, "parallelism.ep");
  g_assert_cmpuint (g_strv_length (d), ==, 0);
  /* Without a code of its own: each flag's own field, then the umbrella. */
  g_assert_cmpstr (e[0], ==, "model.max_position_embeddings");
  g_assert_cmpstr (e[1], ==, "training.seq_length");
  g_assert_cmpstr (e[2], ==, "model.model_id");

  /* A catalogue model shows its dimensions read-only: the link goes there. */
  diagnostic = planner_diagnostic_new (PLANNER_SEVERITY_ERROR, "model.max-position-below-seq", max_pos, NULL, "x");
  planner_diagnostic_set_fields (diagnostic, (const char *const *) a);
  field = planner_field_for_diagnostic (job, diagnostic);
  g_assert_nonnull (field);
  g_assert_cmpstr (field->key, ==, "model.max_position_embeddings");
  g_assert_true (planner_field_is_read_only (field, job));
  g_assert_true (planner_job_customise (job, NULL));
  g_assert_false (planner_field_is_read_only (field, job));
}

/* The report's diagnostics carry their fields. */
static void
test_field_report_diagnostics (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReport) report = NULL;
  GPtrArray *diagnostics;
  gboolean found = FALSE;

  /* Learned absolute positions: a RoPE model's bound is raised with the
   * sequence instead (model.max-position-raised), so GPT-3 keeps the error. */
  g_object_set (job, "model-id", "gpt3-175b", "seq-length", 4096, NULL);
  report = planner_analyze_job (job);
  diagnostics = planner_report_get_diagnostics (report);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_assert_nonnull (d->fields);
      if (g_str_equal (d->code, "model.max-position-below-seq"))
        {
          found = TRUE;
          g_assert_cmpstr (d->fields[0], ==, "model.max_position_embeddings");
          g_assert_cmpstr (planner_field_for_diagnostic (job, d)->key, ==, "model.max_position_embeddings");
        }
    }
  g_assert_true (found);
}

/* Issue 19: a template names each setting in its reader's words when it
 * is filled: a job key or a flag by the field that holds it in the form,
 * as itself for the command line. */
static void
test_field_words_fill (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  PlannerWords form;
  static const struct { const char *in; const char *form; const char *flags; } cases[] = {
    { "{training.train_iters} is 0: choose how many iterations to train",
      "Training Iterations is 0: choose how many iterations to train",
      "training.train_iters is 0: choose how many iterations to train" },
    { "{data.data_path} is empty: give it, or turn on {data.mock_data}.",
      "Data Path is empty: give it, or turn on Mock Data.",
      "data.data_path is empty: give it, or turn on data.mock_data." },
    { "{training.lr_decay_style} and {training.lr}", "Decay Style and Learning Rate",
      "training.lr_decay_style and training.lr" },
    /* A catalogue model's dimension is named by its own (read-only) row. */
    { "{--tensor-model-parallel-size} 3 does not divide {--num-attention-heads} (64)",
      "Tensor Parallel 3 does not divide Attention Heads (64)",
      "--tensor-model-parallel-size 3 does not divide --num-attention-heads (64)" },
    { "{--lr-decay-style} WSD, {--lr} 0.1", "Decay Style WSD, Learning Rate 0.1", "--lr-decay-style WSD, --lr 0.1" },
    /* Flags no field writes stay as Megatron spells them. */
    { "{--seed} 3 and {--micro-batch-size}", "--seed 3 and Micro-Batch Size", "--seed 3 and --micro-batch-size" },
    /* Megatron's names of its arguments, by the field holding their flag. */
    { "{num_attention_heads} (32)", "Attention Heads (32)", "num_attention_heads (32)" },
    /* Braces that mark nothing stay. */
    { "{} {x} {--} {Model.x}", "{} {x} {--} {Model.x}", "{} {x} {--} {Model.x}" },
  };

  planner_field_words_init (&form, job);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *labels = planner_words_fill (&form, cases[i].in, FALSE);
      g_autofree char *flags = planner_words_fill (NULL, cases[i].in, FALSE);

      g_assert_cmpstr (labels, ==, cases[i].form);
      g_assert_cmpstr (flags, ==, cases[i].flags);
    }

  /* For a custom model the dimensions have their own rows. */
  g_assert_true (planner_job_customise (job, NULL));
  {
    g_autofree char *out = planner_words_fill (&form, "{--num-attention-heads} must be a multiple of "
                                                      "{--tensor-model-parallel-size}", FALSE);

    g_assert_cmpstr (out, ==, "Attention Heads must be a multiple of Tensor Parallel");
  }
}

/* gpt-oss keeps its linear biases: Expert Tensor Parallel above 1 is
 * refused (transformer_config:2613), and the fix names both ways out in
 * the form's words. */
static void
test_field_bias_etp_words (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReport) report = NULL;
  GPtrArray *diagnostics;
  gboolean found = FALSE;

  g_object_set (job, "model-id", "gpt-oss-20b", "tp", 2, "etp", 2, NULL);
  report = planner_analyze_job_for_form (job);
  diagnostics = planner_report_get_diagnostics (report);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      const char *fix = d->fix;
      const char *message = d->message;

      if (!g_str_equal (d->code, "moe.bias-needs-etp-1"))
        continue;
      found = TRUE;
      g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_ERROR);
      g_assert_cmpstr (fix, ==, "Set Expert Tensor Parallel to 1 (whole experts per GPU), or turn the linear biases "
                                "off (Linear Bias).");
      g_assert_nonnull (strstr (message, "only when Expert Tensor Parallel is 1, and it is 2"));
    }
  g_assert_true (found);
}

static void
test_field_changes_labelled (void)
{
  g_autoptr(PlannerJob) before = planner_job_new_example ();
  g_autoptr(PlannerJob) after = planner_job_copy (before);
  g_auto(GStrv) changes = NULL;
  g_auto(GStrv) keyed = NULL;

  g_object_set (after, "tp", 8, "distributed-optimizer", FALSE, "data-path", "/d", "lr", 1e-4,
                "model-id", "llama3-8b", NULL);
  changes = planner_job_list_changes_labelled (before, after);
  keyed = planner_job_list_changes (before, after);
  g_assert_cmpuint (g_strv_length (changes), ==, 5);
  g_assert_cmpuint (g_strv_length (keyed), ==, 5);
  g_assert_cmpstr (changes[0], ==, "Model: “llama3-70b” → “llama3-8b”");
  g_assert_cmpstr (changes[1], ==, "Tensor Parallel: 4 → 8");
  g_assert_cmpstr (changes[2], ==, "Distributed Optimizer: on → off");
  g_assert_cmpstr (changes[3], ==, "Learning Rate: 0.0003 → 0.0001");
  g_assert_cmpstr (changes[4], ==, "Data Path: “” → “/d”");
  /* The same changes as data: the field and its two values apart, so a
   * face never splits the line (issue 19). */
  {
    g_autoptr(GPtrArray) fields = planner_job_diff_fields (before, after);
    const PlannerFieldChange *tp;

    g_assert_cmpuint (fields->len, ==, 5);
    tp = g_ptr_array_index (fields, 1);
    g_assert_cmpstr (tp->field->key, ==, "parallelism.tp");
    g_assert_cmpstr (tp->before, ==, "4");
    g_assert_cmpstr (tp->after, ==, "8");
    g_assert_cmpstr (((PlannerFieldChange *) g_ptr_array_index (fields, 2))->after, ==, "off");
  }
  /* The keyed list has the same fields in the same order. */
  g_assert_true (g_str_has_prefix (keyed[1], "parallelism.tp: "));
  g_assert_true (g_str_has_prefix (keyed[4], "data.data_path: "));
}

/* Issue 23 #9: a catalogue model's dimension the job never gave reads as
 * the model's own, so making it a custom architecture with the same
 * numbers changes no dimension ("Layers: 0 → 80" was shown). */
static void
test_field_changes_model_values (void)
{
  g_autoptr(PlannerJob) before = planner_job_new_example ();
  g_autoptr(PlannerJob) after = planner_job_copy (before);
  g_auto(GStrv) changes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (planner_job_get_uint (before, "num-layers"), ==, 0);
  g_assert_true (planner_job_customise (after, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_job_get_uint (after, "num-layers"), ==, 80);
  changes = planner_job_list_changes_labelled (before, after);
  for (guint i = 0; changes[i] != NULL; i++)
    {
      g_test_message ("%s", changes[i]);
      g_assert_false (g_str_has_prefix (changes[i], "Layers: "));
      g_assert_null (strstr (changes[i], ": 0 → "));
      g_assert_null (strstr (changes[i], "Tokenizer”"));
    }
  /* A dimension the person changes still reads from the model's own. */
  g_object_set (after, "vocab-size", 0, NULL);
  g_object_set (after, "num-layers", 96, NULL);
  g_strfreev (changes);
  changes = planner_job_list_changes_labelled (before, after);
  g_assert_true (g_strv_contains ((const char *const *) changes, "Layers: 80 → 96"));
}

/* A choice's change reads as its row: the label, never the job file's id
 * ("even" → "embedding-loss"). */
static void
test_field_changes_choice_labels (void)
{
  g_autoptr(PlannerJob) before = planner_job_new_example ();
  g_autoptr(PlannerJob) after = planner_job_copy (before);
  g_autoptr(GPtrArray) fields = NULL;
  g_auto(GStrv) changes = NULL;
  guint seen = 0;

  g_object_set (before, "pipeline-split", "even", "recompute", "none", "data-path", "/a", NULL);
  g_object_set (after, "pipeline-split", "embedding-loss", "recompute", "full", "data-path", "/b", NULL);
  fields = planner_job_diff_fields (before, after);
  for (guint i = 0; i < fields->len; i++)
    {
      const PlannerFieldChange *change = g_ptr_array_index (fields, i);

      if (g_str_equal (change->field->key, "parallelism.pipeline_split"))
        {
          g_assert_cmpstr (change->before, ==, "Even");
          g_assert_cmpstr (change->after, ==, "Count Embedding and Loss");
          seen++;
        }
      else if (g_str_equal (change->field->key, "training.recompute"))
        {
          g_assert_cmpstr (change->before, ==, "None");
          g_assert_cmpstr (change->after, ==, "Full");
          seen++;
        }
      else if (g_str_equal (change->field->key, "data.data_path"))
        {
          /* Free text keeps its quotes. */
          g_assert_cmpstr (change->after, ==, "“/b”");
          seen++;
        }
    }
  g_assert_cmpuint (seen, ==, 3);
  changes = planner_job_list_changes_labelled (before, after);
  g_assert_true (g_strv_contains ((const char * const *) changes, "Pipeline Split: Even → Count Embedding and Loss"));
  g_assert_cmpstr (planner_field_choice_label ("tokenizer-type", ""), ==, "The Model’s Own");
  g_assert_cmpstr (planner_field_choice_label ("tokenizer-type", "GPT2BPETokenizer"), ==, "GPT-2 BPE");
}

static PlannerJob *
good_job (void)
{
  PlannerJob *job = planner_job_new_example ();

  g_object_set (job, "train-iters", 1000, "data-path", "/data/text_document", "tokenizer-model", "/tok/llama3", NULL);
  return job;
}

static const PlannerFieldProblem *
only_problem (GPtrArray *problems)
{
  if (problems->len != 1)
    {
      for (guint i = 0; i < problems->len; i++)
        g_printerr ("problem: %s\n", ((PlannerFieldProblem *) g_ptr_array_index (problems, i))->message);
      g_error ("%u problems, expected 1", problems->len);
    }
  return g_ptr_array_index (problems, 0);
}

/* Each field's own check, in the form's words, naming the fix. */
static void
test_field_check_one (void)
{
  static const struct {
    const char *property;
    const char *value;
    gboolean    missing;
    const char *message;
  } paths[] = {
    { "data-path", "", TRUE, "Data Path is empty: give the absolute path of your preprocessed data prefix" },
    { "data-path", "data/text", FALSE, "Data Path is “data/text”, a relative path: give it from the root (/…)" },
    { "data-path", " /data/text", FALSE, "Data Path starts with a space: remove it" },
    { "data-path", "/data/text ", FALSE, "Data Path ends with a space: remove it" },
    { "data-path", "/data/text\n", FALSE, "Data Path holds a line break" },
    { "data-path", "/data/a\tb", FALSE, "Data Path holds a control character" },
    /* The project's own control-character test, not only C0 (red team,
     * round 3 #12): a bidirectional override, a line separator, NEL, a
     * zero-width space, C1 CSI. */
    { "data-path", "/data/\xe2\x80\xaetxt.exe", FALSE, "Data Path holds a control character" },
    { "data-path", "/data/a\xe2\x80\xa8" "b", FALSE, "Data Path holds a control character" },
    { "data-path", "/data/a\xc2\x85" "b", FALSE, "Data Path holds a control character" },
    { "save-dir", "/ckpt/a\xe2\x80\x8b" "b", FALSE, "Save Directory holds a control character" },
    { "data-path", "/data/a\xc2\x9b" "31m", FALSE, "Data Path holds a control character" },
    { "data-path", "/path/to/data", FALSE, "Data Path is “/path/to/data”, which looks like a placeholder" },
    { "data-path", "<data>", FALSE, "which looks like a placeholder" },
    { "save-dir", "~/ckpt", FALSE, "Save Directory is “~/ckpt”: “~” is not expanded" },
    /* The tokenizer by the form's choice name (issue 23 #9). */
    { "tokenizer-model", "", TRUE, "Tokenizer Model is empty: give the absolute path of your tokenizer "
                                   "(Hugging Face needs it)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(PlannerJob) job = good_job ();
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(GPtrArray) all = NULL;
      g_autoptr(GPtrArray) keyed = NULL;
      const PlannerFieldProblem *p;

      g_object_set (job, paths[i].property, paths[i].value, NULL);
      problems = planner_field_check (job, paths[i].property);
      p = only_problem (problems);
      g_assert_cmpstr (p->key, ==, planner_field_lookup (paths[i].property)->key);
      g_assert_cmpstr (p->label, ==, planner_field_get_label (planner_field_lookup (paths[i].property)));
      g_assert_cmpint (p->severity, ==, PLANNER_SEVERITY_ERROR);
      g_assert_cmpint (p->missing, ==, paths[i].missing);
      if (strstr (p->message, paths[i].message) == NULL)
        g_error ("“%s” does not say “%s”", p->message, paths[i].message);
      /* The window never sees a job key. */
      g_assert_null (strstr (p->message, "data.data_path"));
      g_assert_null (strstr (p->message, "data.mock_data"));

      /* All fields: the same single problem.  In keys: the CLI's words. */
      all = planner_field_check (job, NULL);
      g_assert_cmpstr (only_problem (all)->message, ==, p->message);
      keyed = planner_field_check_keys (job, NULL);
      g_assert_true (g_str_has_prefix (only_problem (keyed)->message, p->key));
    }

  /* A good job has nothing to say; other fields' problems are not this one's. */
  {
    g_autoptr(PlannerJob) job = good_job ();
    g_autoptr(GPtrArray) all = planner_field_check (job, NULL);
    g_autoptr(GPtrArray) other = NULL;

    g_assert_cmpuint (all->len, ==, 0);
    g_object_set (job, "data-path", "", NULL);
    other = planner_field_check (job, "tokenizer-model");
    g_assert_cmpuint (other->len, ==, 0);
  }
}

/* Values a person can type that Megatron or the model cannot take. */
static void
test_field_check_values (void)
{
  static const struct {
    const char *property;   /* the field the problem is on */
    const char *set1;       /* property, value (uint or string as the property needs) */
    guint       value1;
    const char *svalue1;
    const char *message;
    PlannerSeverity severity;
  } cases[] = {
    { "train-iters", "train-iters", 0, NULL, "Training Iterations is 0: choose how many", PLANNER_SEVERITY_ERROR },
    { "tp-comm-overlap", "tp", 1, NULL, NULL, PLANNER_SEVERITY_ERROR },
    { "lr-warmup-iters", "lr-warmup-iters", 5000, NULL, "the learning rate would never decay", PLANNER_SEVERITY_WARNING },
    { "slurm-partition", "slurm-partition", 0, "gpu; rm", "SLURM Partition is “gpu; rm”: use only ASCII letters (a–z, A–Z)", PLANNER_SEVERITY_ERROR },
    { "fsdp", "fsdp", 0, "torch", "cannot run with Distributed Optimizer", PLANNER_SEVERITY_ERROR },
    { "activation-offload-layers", "activation-offload-layers", 200, NULL, "must be below the model's 80 layers",
      PLANNER_SEVERITY_ERROR },
    { "optimizer-offload-fraction", NULL, 0, NULL, "needs BF16 Optimizer Moments", PLANNER_SEVERITY_ERROR },
    { "gpu-id", "gpu-id", 0, "h900", "GPU Type is “h900”, not a GPU in the catalog", PLANNER_SEVERITY_ERROR },
    { "model-id", "model-id", 0, "llama9", "Model is “llama9”, which is not in the catalog", PLANNER_SEVERITY_ERROR },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerJob) job = good_job ();
      g_autoptr(GPtrArray) problems = NULL;
      const PlannerFieldProblem *p;

      g_object_set (job, "recompute", "none", NULL);
      if (g_str_equal (cases[i].property, "tp-comm-overlap"))
        g_object_set (job, "tp-comm-overlap", TRUE, NULL);
      if (g_str_equal (cases[i].property, "fsdp") || g_str_equal (cases[i].property, "activation-offload-layers"))
        g_object_set (job, "pp", 1, NULL);
      if (g_str_equal (cases[i].property, "optimizer-offload-fraction"))
        g_object_set (job, "optimizer-offload-fraction", 0.5, NULL);
      if (cases[i].set1 != NULL && cases[i].svalue1 != NULL)
        g_object_set (job, cases[i].set1, cases[i].svalue1, NULL);
      else if (cases[i].set1 != NULL)
        g_object_set (job, cases[i].set1, cases[i].value1, NULL);

      problems = planner_field_check (job, cases[i].property);
      p = only_problem (problems);
      g_assert_cmpint (p->severity, ==, cases[i].severity);
      if (cases[i].message != NULL && strstr (p->message, cases[i].message) == NULL)
        g_error ("“%s” does not say “%s”", p->message, cases[i].message);
    }
}

/* A custom architecture: what is missing, and what cannot be. */
static void
test_field_check_custom (void)
{
  g_autoptr(PlannerJob) job = good_job ();
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(PlannerJob) empty = planner_job_new ();
  g_autoptr(GPtrArray) none = NULL;

  g_object_set (job, "model-id", "", "num-layers", 4, "tokenizer-type", "HuggingFaceTokenizer", NULL);
  problems = planner_field_check (job, NULL);
  /* Hidden size, heads, vocabulary and max positions are missing. */
  g_assert_cmpuint (problems->len, ==, 4);
  for (guint i = 0; i < problems->len; i++)
    g_assert_true (((PlannerFieldProblem *) g_ptr_array_index (problems, i))->missing);
  g_assert_cmpstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 0))->key, ==, "model.hidden_size");
  g_clear_pointer (&problems, g_ptr_array_unref);

  g_object_set (job, "hidden-size", 1000, "num-attention-heads", 16, "num-query-groups", 5,
                "vocab-size", 32000, "max-position-embeddings", 1024, "num-experts", 4, "moe-router-topk", 8,
                "moe-layer-freq", "[1,0]", NULL);
  problems = planner_field_check (job, NULL);
  g_assert_cmpuint (problems->len, ==, 5);
  g_assert_cmpstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 0))->key, ==, "model.num_attention_heads");
  g_assert_cmpstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 1))->key, ==, "model.num_query_groups");
  g_assert_cmpstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 2))->key, ==, "model.max_position_embeddings");
  g_assert_cmpstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 3))->key, ==, "model.moe_router_topk");
  g_assert_cmpstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 4))->key, ==, "model.moe_layer_freq");
  g_assert_nonnull (strstr (((PlannerFieldProblem *) g_ptr_array_index (problems, 2))->message,
                            "Max Position Embeddings is 1024, less than Sequence Length (4096)"));

  none = planner_field_check (empty, "model-id");
  g_assert_cmpuint (none->len, ==, 1);
  g_assert_true (((PlannerFieldProblem *) g_ptr_array_index (none, 0))->missing);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/field/table-complete", test_field_table_complete);
  g_test_add_func ("/planner/field/diagnostic-keys", test_field_diagnostic_keys);
  g_test_add_func ("/planner/field/report-diagnostics", test_field_report_diagnostics);
  g_test_add_func ("/planner/field/flags-to-keys", test_field_flags_to_keys);
  g_test_add_func ("/planner/field/words-fill", test_field_words_fill);
  g_test_add_func ("/planner/field/bias-etp-words", test_field_bias_etp_words);
  g_test_add_func ("/planner/field/changes-labelled", test_field_changes_labelled);
  g_test_add_func ("/planner/field/changes-model-values", test_field_changes_model_values);
  g_test_add_func ("/planner/field/changes-choice-labels", test_field_changes_choice_labels);
  g_test_add_func ("/planner/field/check-one", test_field_check_one);
  g_test_add_func ("/planner/field/check-values", test_field_check_values);
  g_test_add_func ("/planner/field/check-custom", test_field_check_custom);

  return g_test_run ();
}
