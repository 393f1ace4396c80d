/* planner-script-memcheck.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The third kind of draft: a memory check of the job on one GPU.  Megatron
 * 0.20's --fake-process-group (megatron/training/initialize.py) builds a
 * "fake" torch.distributed backend on a FakeStore, so one process can take
 * any RANK of a WORLD_SIZE-GPU job and every collective returns at once;
 * validate_args then turns off the NaN check and the Gloo process groups
 * and refuses the flex token dispatcher.  The process allocates exactly
 * what that rank would, which Megatron logs as "memory (MB) | allocated |
 * max allocated | reserved | max reserved" every --log-memory-interval
 * iterations, on data-parallel rank 0 of each stage.
 */

#define G_LOG_DOMAIN "planner-script"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-script-memcheck.h"
#include "planner-field-check.h"

#include <string.h>

#include "planner-analyze.h"
#include "planner-catalog.h"
#include "planner-flag-catalog.h"
#include "planner-job-args.h"
#include "planner-memory.h"
#include "planner-script-common.h"
#include "planner-script-common-private.h"
#include "planner-script-release.h"
#include "planner-release.h"
#include "planner-shell.h"

#define GIB (1024.0 * 1024.0 * 1024.0)
#define MIB (1024.0 * 1024.0)

/* Iterations of the check: the first allocates the optimizer state, the
 * second and third show the steady peak. */
#define CHECK_ITERATIONS "3"

/* What the check does not use, or sets itself: data, tokenizer files,
 * checkpoints, logging destinations, the length of training, and the
 * learning-rate schedule (a warm-up longer than 3 iterations would fail
 * Megatron's scheduler check; the schedule changes no memory). */
static const char *const dropped_dests[] = {
  "data_path", "split", "train_data_path", "valid_data_path", "test_data_path", "data_args_path",
  "per_split_data_args_path", "data_cache_path", "mock_data",
  "tokenizer_type", "tokenizer_model", "vocab_file", "merge_file", "vocab_size",
  "save", "load", "save_interval", "pretrained_checkpoint", "finetune",
  "tensorboard_dir", "wandb_project", "wandb_exp_name", "wandb_save_dir", "log_memory_to_tensorboard",
  "train_iters", "train_samples", "lr_decay_samples", "lr_warmup_samples", "lr_wsd_decay_samples",
  "exit_interval", "exit_duration_in_mins", "eval_iters", "eval_interval", "log_interval",
  "log_memory_interval", "fake_process_group",
  "lr_decay_style", "lr_decay_iters", "lr_warmup_iters", "lr_warmup_fraction", "lr_warmup_init",
  "lr_wsd_decay_style", "lr_wsd_decay_iters",
};

gboolean
planner_script_parse_stages (const char  *text,
                             GArray     **stages,
                             GError     **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (stages != NULL, FALSE);

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 value = 0;
      guint32 stage;
      g_autoptr(GError) local_error = NULL;
      const char *word = parts[i];
      gboolean digits = *word != '\0';

      for (const char *c = word; *c != '\0'; c++)
        digits = digits && g_ascii_isdigit (*c);
      /* Plain digits only, as every other number option: no spaces, and
       * no leading zero ("01" might be meant as something else). */
      if (digits && word[0] == '0' && word[1] != '\0')
        {
          g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD,
                       _("--stages: “%s” starts with a zero; write the stage number without it, like 0,7"), word);
          return FALSE;
        }
      if (!digits || !g_ascii_string_to_unsigned (word, 10, 0, G_MAXUINT32 - 1, &value, &local_error))
        {
          g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD,
                       _("--stages: “%s” is not a pipeline stage number; give stages like 0,7"), word);
          return FALSE;
        }
      stage = (guint32) value;
      g_array_append_val (out, stage);
    }
  if (out->len == 0)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD,
                           _("--stages is empty; give stages like 0,7"));
      return FALSE;
    }
  *stages = g_steal_pointer (&out);
  return TRUE;
}

static void
join_errors (GString             *text,
             const PlannerReport *report)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity != PLANNER_SEVERITY_ERROR)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, d->message);
      if (d->fix != NULL)
        g_string_append_printf (text, _(" Fix: %s"), d->fix);
    }
}

/* The job's arguments with the check's own: mock data, a NullTokenizer of
 * the job's vocabulary, 3 iterations, the memory line every iteration and
 * the fake process group. */
static PlannerArgs *
check_arguments (const PlannerArgs   *job_args,
                 const PlannerConfig *config)
{
  PlannerArgs *args = planner_args_copy (job_args);
  char text[32];

  for (guint i = 0; i < G_N_ELEMENTS (dropped_dests); i++)
    planner_args_unset (args, dropped_dests[i]);

  planner_args_set (args, "tokenizer_type", "--tokenizer-type", "NullTokenizer");
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, config->vocab_size);
  planner_args_set (args, "vocab_size", "--vocab-size", text);
  planner_args_set_bool (args, "mock_data", "--mock-data", TRUE);
  planner_args_set (args, "train_iters", "--train-iters", CHECK_ITERATIONS);
  planner_args_set (args, "eval_iters", "--eval-iters", "0");
  planner_args_set (args, "log_interval", "--log-interval", "1");
  planner_args_set (args, "log_memory_interval", "--log-memory-interval", "1");
  planner_args_set_bool (args, "fake_process_group", "--fake-process-group", TRUE);
  return args;
}

static gboolean
is_check_dest (const char *dest)
{
  static const char *const own[] = {
    "tokenizer_type", "vocab_size", "mock_data", "train_iters", "eval_iters", "log_interval",
    "log_memory_interval", "fake_process_group", NULL
  };

  return g_strv_contains (own, dest);
}

/* One array entry per flag, shell-quoted; a comma is quoted too so that
 * "99,1,0" is not mistaken for an array separator. */
static void
append_entry (GString           *out,
              const PlannerArgs *args,
              const char        *dest)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  planner_args_append_words (args, dest, words);
  g_string_append (out, "   ");
  for (guint i = 0; i < words->len; i++)
    {
      const char *word = g_ptr_array_index (words, i);
      g_autofree char *quoted = planner_shell_quote (word);

      if (quoted[0] != '\'' && strchr (word, ',') != NULL)
        g_string_append_printf (out, " '%s'", word);
      else
        g_string_append_printf (out, " %s", quoted);
    }
  g_string_append_c (out, '\n');
}

static void
append_arguments (GString           *out,
                  const PlannerArgs *args)
{
  g_string_append (out, "MEGATRON_ARGS=(\n    # The job's model, parallel layout, precision and schedule\n");
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);

      if (!is_check_dest (dest))
        append_entry (out, args, dest);
    }
  g_string_append (out, "    # The check: mock data, the job's vocabulary without tokenizer files, "
                        CHECK_ITERATIONS " iterations,\n"
                        "    # the memory line every iteration, one process standing in for one rank\n");
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);

      if (is_check_dest (dest))
        append_entry (out, args, dest);
    }
  g_string_append (out, ")\n\n");
}

/* The most loaded stage by the estimate, then the last one. */
static GArray *
default_stages (const PlannerConfig *config,
                const PlannerGpu    *gpu)
{
  GArray *stages = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 pp = MAX (config->layout.pp, 1);
  guint32 worst = 0, last = pp - 1;
  double worst_bytes = -1.0;

  for (guint32 s = 0; s < pp; s++)
    {
      PlannerStageMemory memory;

      if (planner_memory_estimate_stage (config, gpu, s, &memory) && memory.total_bytes > worst_bytes)
        {
          worst_bytes = memory.total_bytes;
          worst = s;
        }
    }
  g_array_append_val (stages, worst);
  if (last != worst)
    g_array_append_val (stages, last);
  return stages;
}

static void
append_header (GString             *out,
               PlannerJob          *job,
               const PlannerReport *check,
               const PlannerGpu    *gpu,
               guint64              world)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (check);
  const PlannerConfig *config = planner_report_get_config (check);
  const char *model_id = planner_job_get_model_id (job);
  guint n_warnings = 0;

  g_string_append_printf (out,
                          "# DRAFT for review, not approved. Review every line; the planner has run nothing.\n"
                          "# Generated for Megatron-Core %s (Megatron-LM %s) by Launch Planner %s, launcher: memory-check.\n",
                          planner_job_get_string (job, "megatron-version"),
                          planner_flag_catalog_get_megatron_commit_in (planner_job_get_string (job, "megatron-version")),
                          PACKAGE_VERSION);
  g_string_append_printf (out, "# Model: %s. The job: %u node%s × %u %s = %" G_GUINT64_FORMAT " GPUs.\n",
                          *model_id != '\0' ? model_id : "custom size",
                          planner_job_get_uint (job, "nodes"), planner_job_get_uint (job, "nodes") == 1 ? "" : "s",
                          planner_job_get_uint (job, "gpus-per-node"), gpu->name, world);
  g_string_append_printf (out, "# Layout: %s\n", planner_report_get_summary (check));
  g_string_append (out,
                   "#\n"
                   "# A memory check on ONE GPU of this machine (the first visible one: set\n"
                   "# CUDA_VISIBLE_DEVICES to choose).  For each pipeline stage below, one process\n"
                   "# takes the place of one rank of the whole job: WORLD_SIZE is the job's size and\n"
                   "# RANK a rank of that stage.  --fake-process-group skips all communication, so the\n"
                   "# process allocates what that rank would; Megatron prints after each iteration\n"
                   "#   [Rank N] (after K iterations) memory (MB) | allocated | max allocated | reserved | max reserved\n"
                   "# in MiB.  Compare \"max allocated\" with the planner's allocated estimate printed\n"
                   "# before each run, and \"max reserved\" with its reserved estimate.  Memory outside\n"
                   "# PyTorch (CUDA context, NCCL buffers) is not in these lines.\n"
                   "# The planner's fit assumes the allocator gives its cache back near the limit, as\n"
                   "# with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (NVIDIA's recipes set it);\n"
                   "# without it, fragmentation can stop a job whose \"max allocated\" fits.\n"
                   "# Needs PyTorch 2.3 or newer (Megatron asserts it).  Megatron turns off the NaN\n"
                   "# check and the Gloo process groups in this mode; the loss it prints means nothing.\n");
  if (config != NULL && config->num_experts > 0 && config->layout.ep > 1)
    g_string_append (out,
                     "# MoE: with communication skipped, the token counts exchanged between expert-parallel\n"
                     "# ranks are not real, so the experts' activation memory can differ from the job's.\n");

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_auto(GStrv) lines = NULL;

      if (d->severity != PLANNER_SEVERITY_WARNING)
        continue;
      if (n_warnings++ == 0)
        g_string_append (out, "# Warnings to review:\n");
      lines = g_strsplit (d->message, "\n", -1);
      g_string_append_printf (out, "#   [%s] %s", d->code, lines[0]);
      for (guint l = 1; lines[l] != NULL; l++)
        g_string_append_printf (out, " %s", lines[l]);
      g_string_append_c (out, '\n');
    }
}

static void
append_stage_run (GString                  *out,
                  guint32                   stage,
                  guint32                   rank,
                  guint64                   world,
                  const PlannerStageMemory *memory,
                  const PlannerGpu         *gpu,
                  const char               *program)
{
  g_string_append_printf (out,
                          "echo \"== Stage %u: rank %u of %" G_GUINT64_FORMAT " (data-parallel rank 0 of the stage, "
                          "%u layers)\"\n"
                          "echo \"   The planner estimates: max allocated %.0f MB (%.1f GiB), max reserved %.0f MB "
                          "(%.1f GiB);\"\n"
                          "echo \"   with the CUDA context and NCCL, %.1f of %.1f GiB on the %s.\"\n"
                          "if ! WORLD_SIZE=%" G_GUINT64_FORMAT " RANK=%u LOCAL_RANK=0 MASTER_ADDR=localhost "
                          "MASTER_PORT=\"$MASTER_PORT\" \\\n"
                          "    python %s \"${MEGATRON_ARGS[@]}\"; then\n"
                          "    echo \"   Stage %u: the run failed; an out-of-memory error there means this stage "
                          "does not fit.\"\n"
                          "    failed=1\n"
                          "fi\n\n",
                          stage, rank, world, memory->num_layers,
                          memory->allocated_bytes / MIB, memory->allocated_bytes / GIB,
                          memory->reserved_bytes / MIB, memory->reserved_bytes / GIB,
                          memory->total_bytes / GIB, (double) gpu->memory_bytes / GIB, gpu->name,
                          world, rank, program, stage);
}

char *
planner_script_render_memory_check (PlannerJob     *job,
                                    const guint32  *stages,
                                    guint           n_stages,
                                    GError        **error)
{
  return planner_script_render_memory_check_in (job, stages, n_stages, NULL, error);
}

/* The errors Megatron raises on @args, made in @words: the check's own
 * report is the command line's (its text quotes it), so a reader in other
 * words gets the arguments analyzed again for them. */
static void
join_errors_in (GString                     *text,
                PlannerReport               *report,
                const PlannerArgs           *args,
                GHashTable                  *env,
                const PlannerAnalyzeOptions *options,
                const PlannerWords          *words)
{
  PlannerAnalyzeOptions worded = *options;
  g_autoptr(PlannerReport) again = NULL;

  if (planner_words_get_kind (words) == PLANNER_WORDS_FORM)
    {
      worded.words = words;
      worded.form_words = TRUE;
      again = planner_analyze_args (args, env, &worded, NULL);
    }
  join_errors (text, again != NULL ? again : report);
}

/* Extra arguments that fail their checks are refused, as the torchrun
 * and SLURM drafts refuse them: leaving them out would check another job
 * than the one launched. */
static gboolean
extra_arguments_pass (PlannerJob          *job,
                      const PlannerWords  *words,
                      GError             **error)
{
  g_autoptr(GPtrArray) extra = planner_field_check_in (job, "extra-args", words);

  if (extra->len == 0)
    {
      g_ptr_array_unref (extra);
      extra = planner_field_check_in (job, "recommended-args", words);
    }
  if (extra->len > 0)
    {
      const PlannerFieldProblem *p = g_ptr_array_index (extra, 0);

      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD, p->message);
      return FALSE;
    }
  return TRUE;
}

char *
planner_script_render_memory_check_in (PlannerJob          *job,
                                       const guint32       *stages,
                                       guint                n_stages,
                                       const PlannerWords  *words,
                                       GError             **error)
{
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(PlannerReport) check = NULL;
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(GHashTable) env = NULL;
  g_autoptr(GArray) picked = NULL;
  g_autoptr(GString) out = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *program = NULL;
  PlannerAnalyzeOptions options = { 0 };
  const PlannerConfig *config;
  const PlannerLayout *layout;
  const PlannerGpu *gpu;
  const char *dir;
  guint64 world;
  gboolean max_connections;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The check builds every group of the full job on one GPU with
   * --fake-process-group, which Megatron-Core gained in 0.16.1. */
  if (!planner_release_at_least (planner_job_get_string (job, "megatron-version"), "0.16.1"))
    {
      g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                   _("The memory check needs Megatron-Core 0.16.1 or newer: it runs one GPU as a whole job "
                     "with --fake-process-group, which Megatron-Core %s does not have. Check memory with "
                     "a short run of the job itself instead."),
                   planner_job_get_string (job, "megatron-version"));
      return NULL;
    }

  gpu = planner_gpu_lookup (planner_job_get_gpu_id (job));
  if (gpu == NULL)
    {
      g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD,
                   /* Translators: the first %s is the setting (GPU Type), the second its value */
                   _("%s is “%s”, not a GPU in the catalog"), planner_words_name (words, "cluster.gpu_id"),
                   planner_job_get_gpu_id (job));
      return NULL;
    }

  if (!extra_arguments_pass (job, words, error))
    return NULL;

  /* The job as the other drafts see it: Megatron must accept its model and
   * parallel flags, or there is nothing to check. */
  report = planner_analyze_job (job);
  config = planner_report_get_config (report);
  layout = planner_report_get_layout (report);
  world = planner_job_get_world_size (job);
  if (config == NULL || layout == NULL)
    {
      g_autoptr(PlannerReport) worded = planner_words_get_kind (words) == PLANNER_WORDS_FORM
                                        ? planner_analyze_job_for_form (job) : NULL;

      join_errors (problems, worded != NULL ? worded : report);
      if (problems->len > 0)
        g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                     _("There is no memory estimate to check for this job:\n%s"), problems->str);
      else
        g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                             _("There is no memory estimate to check for this job; give the model's dimensions "
                               "and a valid layout."));
      return NULL;
    }

  /* What the check runs, analyzed as Megatron would start it. */
  args = check_arguments (planner_report_get_args (report), config);
  if (!planner_script_args_for_release (args, planner_job_get_string (job, "megatron-version"), words, error))
    return NULL;
  /* Megatron requires one CUDA connection with TP or CP before Blackwell,
   * and refuses it with FSDP. */
  max_connections = planner_release_needs_max_connections (planner_job_get_string (job, "megatron-version"),
                                                           layout->tp, layout->cp, gpu->compute_capability_major) &&
                    config->fsdp == PLANNER_FSDP_NONE;
  env = g_hash_table_new (g_str_hash, g_str_equal);
  if (max_connections)
    g_hash_table_insert (env, (gpointer) "CUDA_DEVICE_MAX_CONNECTIONS", (gpointer) "1");
  options.world_size = world;
  options.gpu_id = gpu->id;
  options.gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  options.vocab_size = config->vocab_size;
  options.megatron_version = planner_job_get_string (job, "megatron-version");
  check = planner_analyze_args (args, env, &options, &local_error);
  if (check == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (planner_report_count (check, PLANNER_SEVERITY_ERROR) > 0)
    join_errors_in (problems, check, args, env, &options, words);
  if (g_strcmp0 (planner_args_get_string (args, "moe_token_dispatcher_type", NULL), "flex") == 0)
    {
      g_autofree char *flex = planner_words_fill (words, _("{--moe-token-dispatcher-type} flex cannot run with "
                                                           "--fake-process-group (Megatron asserts). Fix: check the "
                                                           "memory with alltoall, whose buffers are close, or "
                                                           "measure on the real job."), FALSE);

      g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n" : "", flex);
    }
  if (problems->len > 0)
    {
      g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                   _("Megatron-Core %s would reject this memory check:\n%s"),
                   planner_job_get_string (job, "megatron-version"), problems->str);
      return NULL;
    }
  if (!planner_script_check_flags_in (args, planner_job_get_string (job, "megatron-version"), error))
    return NULL;
  config = planner_report_get_config (check);
  layout = planner_report_get_layout (check);
  if (config == NULL || layout == NULL)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                           _("The memory check's arguments have no memory estimate"));
      return NULL;
    }

  if (stages == NULL || n_stages == 0)
    picked = default_stages (config, gpu);
  else
    {
      picked = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint i = 0; i < n_stages; i++)
        {
          gboolean seen = FALSE;

          if (stages[i] >= layout->pp)
            {
              g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_STAGE,
                           g_dngettext (GETTEXT_PACKAGE, "--stages: the job has no pipeline stage %u; its %u stage is 0 to %u",
                                        "--stages: the job has no pipeline stage %u; its %u stages are 0 to %u", layout->pp),
                           stages[i], layout->pp, layout->pp - 1);
              return NULL;
            }
          for (guint j = 0; j < picked->len; j++)
            seen = seen || g_array_index (picked, guint32, j) == stages[i];
          if (!seen)
            g_array_append_val (picked, stages[i]);
        }
    }

  dir = planner_job_get_string (job, "megatron-dir");
  program = *dir != '\0' ? g_strdup ("\"$MEGATRON_LM/pretrain_gpt.py\"") : g_strdup ("pretrain_gpt.py");

  out = g_string_new ("#!/bin/bash\n");
  append_header (out, job, check, gpu, world);
  g_string_append (out, "\nset -uo pipefail\n\n");
  if (max_connections)
    g_string_append (out,
                     "# Megatron requires one CUDA connection with tensor or context parallelism\n"
                     "# on GPUs before Blackwell.\n"
                     "export CUDA_DEVICE_MAX_CONNECTIONS=1\n\n");
  if (*dir != '\0')
    {
      g_autofree char *quoted = planner_shell_quote (dir);

      g_string_append_printf (out, "# Your Megatron-LM checkout.\nMEGATRON_LM=%s\n", quoted);
    }
  g_string_append_printf (out, "MASTER_PORT=\"${MASTER_PORT:-%u}\"\n\n", planner_job_get_uint (job, "rdzv-port"));
  g_string_append (out,
                   "python -c 'import sys, torch; v = torch.__version__.split(\"+\")[0].split(\".\"); "
                   "sys.exit(0 if (int(v[0]), int(v[1])) >= (2, 3) else "
                   "\"--fake-process-group needs PyTorch 2.3 or newer; this is \" + torch.__version__)' || exit 1\n\n");
  append_arguments (out, args);
  g_string_append (out, "failed=0\n\n");
  for (guint i = 0; i < picked->len; i++)
    {
      guint32 stage = g_array_index (picked, guint32, i);
      guint32 rank = planner_layout_dense_rank (layout, 0, 0, 0, stage);
      PlannerStageMemory memory;

      if (!planner_memory_estimate_stage (config, gpu, stage, &memory))
        g_return_val_if_reached (NULL);
      append_stage_run (out, stage, rank, world, &memory, gpu, program);
    }
  g_string_append (out, "exit \"$failed\"\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
