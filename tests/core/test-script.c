/* test-script.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "planner-analyze.h"
#include "planner-catalog.h"
#include "planner-field-check.h"
#include "planner-flag-catalog.h"
#include "planner-import.h"
#include "planner-job.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-script.h"

static guint
largest_dividing (guint a,
                  guint b)
{
  static const guint sizes[] = { 8, 4, 2, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      if (a % sizes[i] == 0 && b % sizes[i] == 0)
        return sizes[i];
    }
  return 1;
}

/* A job Megatron accepts for @model on 2 nodes × 8 @gpu_id: TP inside the
 * node, PP 2 where the layers split, EP 8 for experts. */
static PlannerJob *
sweep_job (const PlannerModel *model,
           const char         *gpu_id,
           const char         *precision)
{
  PlannerJob *job = planner_job_new ();
  guint groups = model->num_query_groups > 0 ? model->num_query_groups : model->num_attention_heads;
  guint tp = largest_dividing (model->num_attention_heads, groups);
  guint pp = model->num_layers % 2 == 0 ? 2 : 1;
  gboolean gpt2 = g_strcmp0 (model->tokenizer_type, "GPT2BPETokenizer") == 0;

  g_object_set (job,
                "model-id", model->id,
                "gpu-id", gpu_id,
                "nodes", 2, "gpus-per-node", 8,
                "tp", tp, "pp", pp,
                "seq-length", MIN (model->seq_length, 4096),
                "global-batch-size", 64,
                "precision", precision,
                "train-iters", 5000,
                "data-path", "/data/corpus_text_document",
                "save-dir", "/ckpt/run",
                NULL);
  if (gpt2)
    g_object_set (job, "vocab-file", "/tok/gpt2-vocab.json", "merge-file", "/tok/gpt2-merges.txt", NULL);
  else
    g_object_set (job, "tokenizer-model", "/tok/model", NULL);
  if (planner_model_is_moe (model))
    g_object_set (job, "ep", 8, "etp", 1, NULL);
  /* Grouped GEMM needs compute capability 8. */
  if (g_str_equal (gpu_id, "v100") && planner_model_is_moe (model))
    g_object_set (job, "moe-grouped-gemm", FALSE, NULL);
  return job;
}

/* Everything a generated script must satisfy, read back from its text. */
static void
check_script (PlannerJob            *job,
              PlannerScriptLauncher  launcher,
              const char            *text,
              const char            *what)
{
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(PlannerJob) back = planner_job_new ();
  g_autoptr(GError) error = NULL;
  const PlannerGpu *gpu = planner_gpu_lookup (planner_job_get_gpu_id (job));
  PlannerAnalyzeOptions options = { 0 };
  gboolean wants_connections;

  /* The draft says what it is, first. */
  g_assert_true (g_str_has_prefix (text, "#!/bin/bash\n# DRAFT for review, not approved."));
  g_assert_nonnull (strstr (text, "# Generated for Megatron-Core 0.20.0 "));
  g_assert_nonnull (strstr (text, "# Layout: TP "));
  g_assert_nonnull (strstr (text, " GPUs ✓\n"));
  g_assert_false (planner_script_is_approved (text));
  /* Nothing dead, nothing estimated. */
  g_assert_null (strstr (text, "--use-flash-attn"));
  g_assert_null (strstr (text, "--fp8-hybrid"));
  g_assert_null (strstr (text, " hours"));
  g_assert_null (strstr (text, " days"));

  wants_connections = (planner_job_get_uint (job, "tp") > 1 || planner_job_get_uint (job, "cp") > 1) &&
                      gpu->compute_capability_major < 10;
  g_assert_cmpint (strstr (text, "export CUDA_DEVICE_MAX_CONNECTIONS=1\n") != NULL, ==, wants_connections);

  import = planner_import_script (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_TORCHRUN);
  g_assert_cmpint (import->under_srun, ==, launcher == PLANNER_SCRIPT_SLURM);
  g_assert_cmpuint (import->nnodes, ==, planner_job_get_uint (job, "nodes"));
  g_assert_cmpuint (import->nproc_per_node, ==, planner_job_get_uint (job, "gpus-per-node"));

  /* Every flag, as Megatron's parser will read it from the text. */
  for (guint i = 0; i < planner_args_get_n_entries (import->args); i++)
    {
      const char *dest = planner_args_get_dest_at (import->args, i);
      const char *flag = planner_args_get_flag (import->args, dest);
      const PlannerFlagInfo *info = planner_flag_catalog_lookup (flag);
      const char *const *values = planner_args_get_list (import->args, dest);

      if (info == NULL || info->status != PLANNER_FLAG_STATUS_OK)
        g_error ("%s: %s is unknown, dead or removed", what, flag);
      g_assert_null (planner_flag_catalog_lookup_removed (flag));
      if (planner_flag_info_takes_value (info))
        {
          g_assert_nonnull (values);
          for (guint v = 0; values[v] != NULL; v++)
            {
              if (!planner_flag_catalog_check_value (info, values[v], &error))
                g_error ("%s: %s %s: %s", what, flag, values[v], error->message);
            }
        }
    }
  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR)
        g_error ("%s: import error %s: %s", what, d->code, d->message);
    }

  /* The planner's own validator: zero errors. */
  options.gpu_id = planner_job_get_gpu_id (job);
  {
    g_autoptr(PlannerModel) model = planner_job_dup_model (job, &error);

    g_assert_no_error (error);
    options.vocab_size = model->vocab_size;
  }
  report = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  if (planner_report_count (report, PLANNER_SEVERITY_ERROR) > 0)
    {
      GPtrArray *diagnostics = planner_report_get_diagnostics (report);

      g_error ("%s: validator error %s: %s", what,
               ((PlannerDiagnostic *) g_ptr_array_index (diagnostics, 0))->code,
               ((PlannerDiagnostic *) g_ptr_array_index (diagnostics, 0))->message);
    }
  g_assert_true (planner_report_get_layout_accepted (report));

  /* Round trip: the script read back is the same job.  The GPU type is not
   * a Megatron argument, so it comes from the original. */
  g_object_set (back, "gpu-id", planner_job_get_gpu_id (job), NULL);
  g_assert_true (planner_job_update_from_args (back, import->args, &error));
  g_assert_no_error (error);
  g_object_set (back, "nodes", import->nnodes, "gpus-per-node", import->nproc_per_node, NULL);
  if (!planner_job_equal (job, back))
    {
      g_autofree char *a = planner_job_to_data (job, NULL);
      g_autofree char *b = planner_job_to_data (back, NULL);

      g_error ("%s does not round-trip:\n%s\n---\n%s", what, a, b);
    }
}

static void
dump (const char *what,
      const char *text)
{
  const char *dir = g_getenv ("PLANNER_SCRIPT_DUMP_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  /* For tests/cli/check-scripts.sh, which runs bash -n and shellcheck. */
  if (dir == NULL)
    return;
  path = g_strdup_printf ("%s/%s.sh", dir, what);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
test_script_sweep (void)
{
  static const struct { const char *gpu; const char *precision; } variants[] = {
    { "h100-sxm", "bf16" }, { "h100-sxm", "fp8" }, { "b200", "fp8" }, { "a100-80gb", "bf16" },
    { "v100", "fp16" }, { "l40s", "fp8" },
  };
  const PlannerModel *const *models = planner_model_list (NULL);
  guint n = 0;

  for (guint m = 0; models[m] != NULL; m++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      for (int l = PLANNER_SCRIPT_TORCHRUN; l <= PLANNER_SCRIPT_SLURM; l++)
        {
          g_autoptr(PlannerJob) job = sweep_job (models[m], variants[v].gpu, variants[v].precision);
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;
          g_autofree char *what = g_strdup_printf ("%s-%s-%s-%s", models[m]->id, variants[v].gpu,
                                                   variants[v].precision,
                                                   planner_script_launcher_to_string (l));

          text = planner_script_render (job, l, &error);
          if (text == NULL)
            g_error ("%s: %s", what, error->message);
          dump (what, text);
          check_script (job, l, text, what);
          if (g_str_equal (variants[v].precision, "fp8"))
            {
              const PlannerGpu *gpu = planner_gpu_lookup (variants[v].gpu);

              g_assert_nonnull (strstr (text, "    --fp8-format hybrid\n"));
              g_assert_nonnull (strstr (text, gpu->compute_capability_major >= 10
                                        ? "    --fp8-recipe mxfp8\n" : "    --fp8-recipe delayed\n"));
            }
          n++;

          /* The same model as a custom architecture ("Customise"): the
           * script reads back as the same custom job. */
          if (v == 0)
            {
              g_autofree char *custom_what = g_strconcat ("custom-", what, NULL);
              g_autofree char *custom_text = NULL;

              g_assert_true (planner_job_customise (job, &error));
              /* Changed a little: the same dimensions would read back as
               * the catalog model they are. */
              g_object_set (job, "ffn-hidden-size", planner_job_get_uint (job, "ffn-hidden-size") + 512, NULL);
              custom_text = planner_script_render (job, l, &error);
              if (custom_text == NULL)
                g_error ("%s: %s", custom_what, error->message);
              g_assert_nonnull (strstr (custom_text, "# Model: Custom architecture (custom)."));
              dump (custom_what, custom_text);
              check_script (job, l, custom_text, custom_what);
              n++;
            }
        }
  /* Every catalog model (17 today) × (6 GPU/precision pairs + the custom
   * copy) × 2 launchers. */
  g_assert_cmpuint (n, >=, 17 * 14);
}

static PlannerJob *
good_job (void)
{
  PlannerJob *job = planner_job_new_example ();

  g_object_set (job,
                "train-iters", 1000,
                "data-path", "/data/text_document",
                "tokenizer-model", "/tok/llama3",
                NULL);
  return job;
}

static void
assert_refused (PlannerJob *job,
                int         code,
                const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error);

  g_assert_null (text);
  g_assert_error (error, PLANNER_SCRIPT_ERROR, code);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

static void
test_script_paths_refused (void)
{
  static const struct { const char *property; const char *value; const char *part; } cases[] = {
    { "data-path", "", "data.data_path is empty" },
    { "data-path", "data/text", "data.data_path is “data/text”, a relative path" },
    { "data-path", "/path/to/data", "looks like a placeholder" },
    { "data-path", "/data/<dataset>", "looks like a placeholder" },
    { "data-path", "/data/TODO", "looks like a placeholder" },
    { "data-path", "${DATA}/x", "looks like a placeholder" },
    { "data-path", "/data/a\nb", "data.data_path holds a line break" },
    { "data-path", "/data/a\tb", "data.data_path holds a control character" },
    { "tokenizer-model", "", "data.tokenizer_model is empty" },
    { "tokenizer-model", "meta-llama/Meta-Llama-3-8B", "data.tokenizer_model is “meta-llama/Meta-Llama-3-8B”, a relative path" },
    { "save-dir", "ckpt", "checkpoint.save_dir is “ckpt”, a relative path" },
    { "load-dir", "/path/to/ckpt", "checkpoint.load_dir is “/path/to/ckpt”, which looks like a placeholder" },
    { "tensorboard-dir", "tb", "logging.tensorboard_dir" },
    { "megatron-dir", "~/Megatron-LM", "launch.megatron_dir" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerJob) job = good_job ();

      g_object_set (job, cases[i].property, cases[i].value, NULL);
      assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, cases[i].part);
    }

  /* GPT2BPETokenizer needs both files; mock data needs no data path. */
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "tokenizer-type", "GPT2BPETokenizer", "vocab-file", "/tok/vocab.json", NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, "data.merge_file is empty");
  }
  /* Megatron would download both files, so analysis only warns; a draft
   * still needs the user's paths (no invented paths). */
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "tokenizer-type", "GPT2BPETokenizer", "vocab-file", "", "merge-file", "", NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, "data.vocab_file is empty");
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, "data.merge_file is empty");
  }
  {
    g_autoptr(PlannerJob) job = good_job ();
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;

    g_object_set (job, "data-path", "", "mock-data", TRUE, NULL);
    text = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (text, "    --mock-data\n"));
    g_assert_null (strstr (text, "--data-path"));
  }
  /* Several problems at once: all of them, each naming its field. */
  {
    g_autoptr(PlannerJob) job = planner_job_new_example ();
    g_autoptr(GError) error = NULL;
    g_autofree char *text = planner_script_render (job, PLANNER_SCRIPT_SLURM, &error);

    g_assert_null (text);
    g_assert_cmpstr (error->message, ==,
                     "training.train_iters is 0: choose how many iterations to train\n"
                     "data.data_path is empty: give the absolute path of your preprocessed data prefix "
                     "(the .bin/.idx files without extension), or turn on data.mock_data\n"
                     "data.tokenizer_model is empty: give the absolute path of your tokenizer "
                     "(HuggingFaceTokenizer needs it)");
  }
}

static void
test_script_precision_rules (void)
{
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "gpu-id", "a100-80gb", "precision", "fp8", NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD,
                    "training.precision is fp8, but the NVIDIA A100 80GB SXM has no FP8 (Hopper, Ada or Blackwell needed): choose bf16");
  }
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "gpu-id", "v100", "precision", "bf16", NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, "has no BF16: choose fp16");
  }
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "precision", "fp8", "fp8-recipe", "mxfp8", NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, "training.fp8_recipe is mxfp8, which needs Blackwell");
  }
  {
    g_autoptr(PlannerJob) job = good_job ();
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;

    g_object_set (job, "precision", "fp8", "fp8-recipe", "tensorwise", NULL);
    text = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (text, "    --bf16\n"));
    g_assert_nonnull (strstr (text, "    --fp8-format hybrid\n    --fp8-recipe tensorwise\n"));
  }
  /* Megatron's own rejections come through the validator. */
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "tp", 3, NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_INVALID, "Megatron-Core 0.20.0 would reject this job");
  }
  {
    g_autoptr(PlannerJob) job = good_job ();

    g_object_set (job, "extra-args", "--use-flash-atn", NULL);
    assert_refused (job, PLANNER_SCRIPT_ERROR_FIELD, "advanced.extra_args");
  }
}

/* Nasty paths: quoted so that the shell (and the importer) reads back the
 * exact bytes. */
static void
test_script_quoting (void)
{
  static const char *paths[] = {
    "/data/my corpus/text_document",
    "/data/it's \"quoted\"",
    "/data/$HOME/$(rm -rf ~)/`id`",
    "/data/naïve ü 数据/x",
    "/data/back\\slash;|&*?[a]",
    "/data/'",
  };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(PlannerJob) job = good_job ();
      g_autoptr(PlannerImport) import = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      g_object_set (job, "data-path", paths[i], "save-dir", paths[i], "megatron-dir", paths[i], NULL);
      text = planner_script_render (job, PLANNER_SCRIPT_SLURM, &error);
      g_assert_no_error (error);
      import = planner_import_script (text, strlen (text), &error);
      g_assert_no_error (error);
      g_assert_cmpstr (planner_args_get_list (import->args, "data_path")[0], ==, paths[i]);
      g_assert_cmpstr (planner_args_get_string (import->args, "save", NULL), ==, paths[i]);
    }
}

static void
test_script_approve_export (void)
{
  g_autoptr(PlannerJob) job = good_job ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) when = g_date_time_new (utc, 2026, 5, 1, 12, 30, 0);
  g_autofree char *draft = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error);
  g_autofree char *approved = NULL;
  g_autofree char *again = NULL;
  g_autofree char *dir = g_dir_make_tmp ("planner-script-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "launch.sh", NULL);
  g_autofree char *read_back = NULL;
  const char *draft_body;
  const char *approved_body;
  struct stat st;

  g_assert_no_error (error);
  approved = planner_script_approve (draft, when, "ana", &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (approved,
                                   "#!/bin/bash\n# Approved for export on 2026-05-01 12:30:00 UTC by ana. "
                                   "Review it before running; the planner has run nothing.\n"
                                   "# Generated for Megatron-Core 0.20.0 "));
  g_assert_true (planner_script_is_approved (approved));
  /* Only the status line changed. */
  draft_body = strstr (draft, "# Generated for");
  approved_body = strstr (approved, "# Generated for");
  g_assert_cmpstr (draft_body, ==, approved_body);

  /* Approval belongs to a draft: not twice, not to foreign text. */
  again = planner_script_approve (approved, when, NULL, &error);
  g_assert_null (again);
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT);
  g_clear_error (&error);
  g_assert_null (planner_script_approve ("#!/bin/bash\necho hi\n", when, NULL, &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT);
  g_clear_error (&error);

  /* A draft is never exported. */
  g_assert_false (planner_script_export (path, draft, FALSE, &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_APPROVED);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_true (planner_script_export (path, approved, FALSE, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &read_back, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (read_back, ==, approved);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0755);

  /* An existing file stays as it is without force. */
  g_assert_true (g_file_set_contents (path, "mine\n", -1, NULL));
  g_assert_false (planner_script_export (path, approved, FALSE, &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_EXISTS);
  g_clear_error (&error);
  g_clear_pointer (&read_back, g_free);
  g_file_get_contents (path, &read_back, NULL, NULL);
  g_assert_cmpstr (read_back, ==, "mine\n");
  g_assert_true (planner_script_export (path, approved, TRUE, &error));
  g_clear_pointer (&read_back, g_free);
  g_file_get_contents (path, &read_back, NULL, NULL);
  g_assert_cmpstr (read_back, ==, approved);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_script_deterministic (void)
{
  g_autoptr(PlannerJob) job = good_job ();
  g_autofree char *a = planner_script_render (job, PLANNER_SCRIPT_SLURM, NULL);
  g_autofree char *b = planner_script_render (job, PLANNER_SCRIPT_SLURM, NULL);

  g_assert_nonnull (a);
  g_assert_cmpstr (a, ==, b);
  /* Multi-node torchrun asks for the rendezvous host and the node rank. */
  {
    g_autofree char *t = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, NULL);

    g_assert_nonnull (strstr (t, ": \"${MASTER_ADDR:?set MASTER_ADDR to the host name of the first node}\"\n"));
    g_assert_nonnull (strstr (t, ": \"${NODE_RANK:?set NODE_RANK to the rank of this node, 0 to 7}\"\n"));
  }
  /* The wall-clock limit is the user's: absent, it is a comment, not a guess. */
  g_assert_null (strstr (a, "#SBATCH --time"));
  g_assert_nonnull (strstr (a, "the planner does not estimate run time"));
  g_object_set (job, "slurm-time", "2-00:00:00", "slurm-partition", "batch", NULL);
  {
    g_autofree char *c = planner_script_render (job, PLANNER_SCRIPT_SLURM, NULL);

    g_assert_nonnull (strstr (c, "\n#SBATCH --time=2-00:00:00\n"));
    g_assert_nonnull (strstr (c, "\n#SBATCH --partition=batch\n"));
  }
  g_object_set (job, "slurm-partition", "batch\n#SBATCH --x", NULL);
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *d = planner_script_render (job, PLANNER_SCRIPT_SLURM, &error);

    g_assert_null (d);
    g_assert_nonnull (strstr (error->message, "launch.slurm_partition"));
  }
}

/* The window's draft: rendered whatever is missing, each missing or wrong
 * value marked where it would stand; nothing marked can be approved or
 * exported; a complete job's draft is exactly the script. */
static void
test_script_draft_marks (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(GPtrArray) marks = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *draft = NULL;
  g_autofree char *approved = NULL;
  g_autoptr(GDateTime) when = g_date_time_new_utc (2026, 12, 1, 12, 0, 0);
  g_autofree char *dir = g_dir_make_tmp ("planner-draft-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "run.sh", NULL);
  static const char *const expected[][2] = {
    { "training.train_iters", "    --train-iters '<MISSING: Training Iterations>'\n" },
    { "data.data_path", "    --data-path '<MISSING: Data Path>'\n" },
    { "data.tokenizer_model", "    --tokenizer-model '<MISSING: Tokenizer Model>'\n" },
    { "checkpoint.save_dir", "    --save '<FIX: Save Directory>'\n" },
  };

  /* The first-start job, with a relative save directory. */
  g_object_set (job, "save-dir", "ckpt", NULL);
  g_assert_null (planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD);
  g_clear_error (&error);

  draft = planner_script_render_draft (job, PLANNER_SCRIPT_TORCHRUN, &marks, &error);
  g_assert_no_error (error);
  g_assert_nonnull (draft);
  g_assert_true (g_str_has_prefix (draft, "#!/bin/bash\n# DRAFT for review, not approved."));
  g_assert_nonnull (strstr (draft, "# NOT READY: "));
  g_assert_true (planner_script_has_marks (draft));
  g_assert_cmpuint (marks->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < marks->len; i++)
    {
      const PlannerScriptMark *m = g_ptr_array_index (marks, i);
      g_autofree char *at = g_strndup (draft + m->offset, m->length);

      g_assert_cmpstr (m->key, ==, expected[i][0]);
      g_assert_nonnull (strstr (draft, expected[i][1]));
      /* The offset is the mark in place, not the list in the header. */
      g_assert_true (m->length > 0);
      g_assert_true (strstr (draft, expected[i][1]) + 4 + strcspn (expected[i][1] + 4, "'") + 1 == draft + m->offset);
      {
        g_autofree char *want = g_strdup_printf (m->missing ? "<MISSING: %s>" : "<FIX: %s>", m->label);

        g_assert_cmpstr (at, ==, want);
      }
      /* Labels, never job keys, in what the window shows. */
      g_assert_null (strstr (m->message, "data.data_path"));
      g_assert_null (strstr (m->message, "data.mock_data"));
    }
  g_assert_true (((PlannerScriptMark *) g_ptr_array_index (marks, 0))->missing);
  g_assert_false (((PlannerScriptMark *) g_ptr_array_index (marks, 3))->missing);

  /* A mark is not a path, and nothing marked is approved or exported. */
  {
    g_autofree char *why = planner_field_check_path ("x", "<MISSING: Data Path>");

    g_assert_nonnull (why);
  }
  g_assert_null (planner_script_approve (draft, when, NULL, &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INCOMPLETE);
  g_clear_error (&error);
  {
    /* Even text made to look approved. */
    g_autofree char *forged = g_strconcat ("#!/bin/bash\n# Approved for export on 2026-12-01 12:00:00 UTC.\n",
                                           strstr (draft, "\n# NOT READY"), NULL);

    g_assert_false (planner_script_export (path, forged, FALSE, &error));
    g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INCOMPLETE);
    g_clear_error (&error);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }

  /* Given the values: the draft is the script, and it is approvable. */
  g_object_set (job, "train-iters", 1000, "data-path", "/data/text_document", "tokenizer-model", "/tok/llama3",
                "save-dir", "/ckpt", NULL);
  for (int l = PLANNER_SCRIPT_TORCHRUN; l <= PLANNER_SCRIPT_SLURM; l++)
    {
      g_autoptr(GPtrArray) none = NULL;
      g_autofree char *script = planner_script_render (job, l, &error);
      g_autofree char *again = planner_script_render_draft (job, l, &none, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (script, ==, again);
      g_assert_cmpuint (none->len, ==, 0);
      g_assert_false (planner_script_has_marks (again));
    }
  {
    g_autofree char *complete = planner_script_render_draft (job, PLANNER_SCRIPT_TORCHRUN, NULL, &error);

    approved = planner_script_approve (complete, when, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (planner_script_export (path, approved, FALSE, &error));
    g_assert_no_error (error);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* What has no place in the text is listed in the header, marked; the
 * draft never fails for the job's sake. */
static void
test_script_draft_unplaced (void)
{
  g_autoptr(PlannerJob) job = good_job ();
  g_autoptr(PlannerJob) empty = planner_job_new ();
  g_autoptr(GPtrArray) marks = NULL;
  g_autoptr(GPtrArray) empty_marks = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *draft = NULL;
  g_autofree char *empty_draft = NULL;

  g_object_set (job, "gpu-id", "h900", "tp", 3, "slurm-partition", "a b", NULL);
  draft = planner_script_render_draft (job, PLANNER_SCRIPT_SLURM, &marks, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (draft, "#   <FIX: GPU Type> GPU Type is “h900”, not a GPU in the catalog\n"));
  g_assert_nonnull (strstr (draft, "#SBATCH --partition=<FIX: SLURM Partition>\n"));
  /* Megatron's refusal of TP 3 (64 heads), marked on its field. */
  g_assert_nonnull (strstr (draft, "# Megatron-Core 0.20.0 would reject this job:\n"));
  g_assert_nonnull (strstr (draft, "#   <FIX: Tensor Parallel> "));
  for (guint i = 0; i < marks->len; i++)
    {
      const PlannerScriptMark *m = g_ptr_array_index (marks, i);

      g_assert_true (m->length > 0);
      g_assert_true (g_str_has_prefix (draft + m->offset, "<FIX: "));
    }
  g_assert_cmpstr (((PlannerScriptMark *) g_ptr_array_index (marks, 0))->key, ==, "cluster.gpu_id");
  g_assert_cmpstr (((PlannerScriptMark *) g_ptr_array_index (marks, 1))->key, ==, "launch.slurm_partition");
  g_assert_cmpuint (marks->len, >, 2);
  /* Nothing said about a GPU nobody named. */
  g_assert_null (strstr (draft, "<FIX: env.cuda-device-max-connections>"));

  /* A new, empty job still has a draft, and says what it needs. */
  empty_draft = planner_script_render_draft (empty, PLANNER_SCRIPT_TORCHRUN, &empty_marks, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (empty_draft, "#   <MISSING: Model> "));
  g_assert_nonnull (strstr (empty_draft, "# Model: not chosen yet."));
  g_assert_cmpstr (((PlannerScriptMark *) g_ptr_array_index (empty_marks, 0))->key, ==, "model.model_id");
}

/* The draft's environment follows Megatron's rules: one CUDA connection
 * with TP or CP before Blackwell, never with FSDP (Megatron refuses it
 * then); expandable allocator segments unless NCCL user buffers, CUDA
 * graphs or FSDP double buffers are asked for, and never over the
 * person's own setting. */
static void
test_script_environment (void)
{
  static const struct {
    const char *fsdp;
    const char *extra;
    gboolean    connections;
    gboolean    expandable;
  } cases[] = {
    { "none", "", TRUE, TRUE },
    { "megatron", "", FALSE, TRUE },
    { "torch", "", FALSE, TRUE },
    { "none", "--use-nccl-ub", TRUE, FALSE },
    { "none", "--cuda-graph-impl transformer_engine", TRUE, FALSE },
    { "megatron", "--fsdp-double-buffer", FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerJob) job = good_job ();
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      /* FSDP2 runs with PP 1, untied embeddings and without the distributed optimizer. */
      g_object_set (job, "model-id", "llama3-8b", "tp", 2, "pp", 1, "recompute", "none", "fsdp", cases[i].fsdp,
                    "distributed-optimizer", !g_str_equal (cases[i].fsdp, "torch"),
                    "extra-args", cases[i].extra, NULL);
      text = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error);
      if (text == NULL)
        g_error ("case %u: %s", i, error->message);
      g_assert_cmpint (strstr (text, "\nexport CUDA_DEVICE_MAX_CONNECTIONS=1\n") != NULL, ==, cases[i].connections);
      g_assert_cmpint (strstr (text, "\nexport PYTORCH_CUDA_ALLOC_CONF=\"${PYTORCH_CUDA_ALLOC_CONF:-expandable_segments:True}\"\n")
                       != NULL, ==, cases[i].expandable);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/script/sweep", test_script_sweep);
  g_test_add_func ("/planner/script/paths-refused", test_script_paths_refused);
  g_test_add_func ("/planner/script/precision-rules", test_script_precision_rules);
  g_test_add_func ("/planner/script/quoting", test_script_quoting);
  g_test_add_func ("/planner/script/approve-export", test_script_approve_export);
  g_test_add_func ("/planner/script/deterministic", test_script_deterministic);
  g_test_add_func ("/planner/script/draft-marks", test_script_draft_marks);
  g_test_add_func ("/planner/script/environment", test_script_environment);
  g_test_add_func ("/planner/script/draft-unplaced", test_script_draft_unplaced);

  return g_test_run ();
}
