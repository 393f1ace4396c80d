/* planner-job-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job-args"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-job-args.h"

#include <math.h>
#include <string.h>

#include "planner-catalog.h"
#include "planner-config.h"
#include "planner-field.h"
#include "planner-field-check-path.h"
#include "planner-flag-catalog.h"
#include "planner-import.h"
#include "planner-job-model.h"
#include "planner-job-model-options.h"
#include "planner-shell.h"

const char *
planner_job_auto_fp8_recipe (const char *gpu_id)
{
  const PlannerGpu *gpu = planner_gpu_lookup (gpu_id);

  if (gpu != NULL && gpu->compute_capability_major >= 10)
    return "mxfp8";
  return "delayed";
}

static void
set_uint (PlannerArgs *args,
          const char  *dest,
          const char  *flag,
          guint        value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  planner_args_set (args, dest, flag, text);
}

static void
set_double (PlannerArgs *args,
            const char  *dest,
            const char  *flag,
            double       value)
{
  g_autofree char *text = planner_format_double (value);

  planner_args_set (args, dest, flag, text);
}

/* Paths are passed on untouched, even when wrong: the validator and the
 * script writer say what is wrong with them; nothing here invents one. */
static void
set_path (PlannerArgs *args,
          const char  *dest,
          const char  *flag,
          const char  *value)
{
  if (value != NULL && *value != '\0')
    planner_args_set (args, dest, flag, value);
}


static gboolean
is_blank (const char *text)
{
  for (; text != NULL && *text != '\0'; text++)
    {
      if (!g_ascii_isspace (*text))
        return FALSE;
    }
  return TRUE;
}

/* The extra arguments are read by the importer's shell reader, which drops
 * redirections and stops a command at an operator without a word: "--load
 * <your dir>" became a redirection, "> log 2>&1 &" vanished.  So the text
 * may hold only words: plain characters, quotes and backslash escapes.
 * Everything else is refused here, before the reader sees it. */
static gboolean
check_extra_syntax (const char  *text,
                    const char  *name,
                    GError     **error)
{
  enum { PLAIN, SINGLE, DOUBLE } state = PLAIN;
  gboolean word_start = TRUE;
  const char *why = NULL;
  char what[8] = { 0 };

  for (const char *p = text; *p != '\0' && why == NULL; p++)
    {
      char c = *p;

      switch (state)
        {
        case SINGLE:
          if (c == '\'')
            state = PLAIN;
          break;
        case DOUBLE:
          if (c == '\\' && p[1] != '\0')
            p++;
          else if (c == '"')
            state = PLAIN;
          else if (c == '$' || c == '`')
            why = _("a substitution; write the value itself");
          break;
        case PLAIN:
        default:
          if (c == '\\' && p[1] != '\0')
            {
              p++;
              word_start = FALSE;
              continue;
            }
          if (c == '\'')
            state = SINGLE;
          else if (c == '"')
            state = DOUBLE;
          else if (c == '$' && p[1] == '\'')
            why = _("an ANSI-C quote ($'…'); write the value in plain quotes");
          else if (c == '$' || c == '`')
            why = _("a variable or substitution; write the value itself");
          else if (c == '<' || c == '>')
            why = _("a redirection; a path goes in quotes after its flag");
          else if (c == '|' || c == '&' || c == ';' || c == '(' || c == ')')
            why = _("a shell operator; only Megatron arguments go here");
          else if (c == '#' && word_start)
            why = _("a comment, which would drop the rest of the line");
          else if (c == '~' && word_start)
            why = _("which the launch script would not expand; give the path from the root (/…)");
          else if (c == '*' || c == '?' || c == '[' || c == '{' || c == '}')
            why = _("a pattern the shell would expand; put the value in quotes if the character is meant");
          word_start = c == ' ' || c == '\t';
          break;
        }
      if (why != NULL)
        memcpy (what, p, MIN ((gsize) g_utf8_skip[(guchar) c], sizeof what - 1));
    }
  if (why == NULL && state != PLAIN)
    why = _("an unclosed quote");
  if (why == NULL)
    return TRUE;
  /* Translators: the first %s is the setting (Extra Arguments), the last
   * one of the reasons above (“a redirection; a path goes in quotes after
   * its flag”), the middle one the character */
  if (what[0] != '\0')
    g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD, _("%s holds “%s”, %s"), name, what, why);
  else
    g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD, _("%s holds %s"), name, why);
  return FALSE;
}

/* Megatron options whose values are paths: the same rules as the job's
 * own path fields (absolute, not a placeholder, no "~"). */
static const char *const path_dests[] = {
  "bert_load", "block_data_path", "ckpt_convert_save", "ckpt_pg_tensors_cache_path", "config_logger_dir",
  "data_args_path", "data_cache_path", "data_path", "embedding_path", "evidence_data_path",
  "flight_recorder_dump_path", "heterogeneous_layers_config_path", "ict_load", "load", "logits_load_dir",
  "logits_save_dir", "memory_snapshot_path", "merge_file", "metadata_path", "moe_routing_trace_path",
  "nccl_communicator_config_path", "non_persistent_global_ckpt_dir", "non_persistent_local_ckpt_dir",
  "object_storage_cache_path", "per_dataset_sequences_path", "per_split_data_args_path",
  "pretrained_checkpoint", "result_rejected_tracker_filename", "rl_profile_dir", "rl_rollout_bank_dir", "save",
  "te_precision_config_file", "tensorboard_dir", "test_data_path", "titles_data_path", "tokenizer_model",
  "train_data_path", "valid_data_path", "vocab_file", "wandb_save_dir", NULL
};

static gboolean
is_number (const char *text)
{
  char *end = NULL;

  g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

static gboolean
check_extra_values (const PlannerArgs  *args,
                    const char         *field,
                    GError            **error)
{
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      const char *const *values = planner_args_get_list (args, dest);
      gboolean path = g_strv_contains (path_dests, dest);
      /* Translators: the setting (Extra Arguments), then a flag in it */
      g_autofree char *name = g_strdup_printf (_("%s: “%s”"), field, planner_args_get_flag (args, dest));

      for (guint v = 0; values != NULL && values[v] != NULL; v++)
        {
          g_autofree char *why = NULL;

          /* A blend's weights stand between its paths. */
          if (path && is_number (values[v]))
            continue;
          /* Not a path: only the rules that hold for any value (decided
           * here, never by reading the message, which may be translated). */
          why = path ? planner_field_check_path (name, values[v]) : planner_field_check_value (name, values[v]);
          if (why != NULL)
            {
              g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD, why);
              return FALSE;
            }
          if (path && values[v][0] == '\0')
            {
              g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD, _("%s has an empty path"), name);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* The words alone: read as an imported script's arguments are, judged by
 * the same rules.  Whether the job sets the same flags is not asked. */
static PlannerArgs *
parse_words (const char  *text,
             const char  *name,
             GError     **error)
{
  g_autoptr(PlannerShellScript) script = NULL;
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(GPtrArray) argv = NULL;
  PlannerShellCommand *command;

  if (is_blank (text))
    return planner_args_new ();

  if (strchr (text, '\n') != NULL || strchr (text, '\r') != NULL)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           _("%s must be one line of Megatron arguments"), name);
      return NULL;
    }
  for (const char *p = text; *p != '\0'; p++)
    {
      if (((guchar) *p < 0x20 && *p != '\t') || *p == 0x7f)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                               _("%s holds a control character; remove it"), name);
          return NULL;
        }
    }
  if (!check_extra_syntax (text, name, error))
    return NULL;

  script = planner_shell_parse (text, strlen (text), error);
  if (script == NULL)
    {
      g_prefix_error (error, _("%s: "), name);
      return NULL;
    }
  if (script->commands->len != 1 || script->diagnostics->len > 0)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           _("%s must hold plain Megatron arguments "
                             "(no variables, substitutions, pipes or several commands)"), name);
      return NULL;
    }
  command = g_ptr_array_index (script->commands, 0);
  if (command->assignments->len > 0)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           _("%s must not set variables; environment belongs to the launch"), name);
      return NULL;
    }

  argv = g_ptr_array_new ();
  for (guint i = 0; i < command->words->len; i++)
    g_ptr_array_add (argv, ((PlannerShellWord *) g_ptr_array_index (command->words, i))->text);
  g_ptr_array_add (argv, NULL);

  if (argv->len < 2 || ((const char *) argv->pdata[0])[0] != '-')
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           _("%s must start with a Megatron flag (--something)"), name);
      return NULL;
    }

  import = planner_import_argv ((const char *const *) argv->pdata, error);
  if (import == NULL)
    {
      g_prefix_error (error, _("%s: "), name);
      return NULL;
    }
  if (import->launcher != PLANNER_LAUNCHER_NONE)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           _("%s must hold Megatron arguments only, not a launcher"), name);
      return NULL;
    }
  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       _("%s: %s%s%s"), name, d->message,
                       d->fix != NULL ? " — " : "", d->fix != NULL ? d->fix : "");
          return NULL;
        }
    }
  if (!check_extra_values (import->args, name, error))
    return NULL;
  return planner_args_ref (import->args);
}

static PlannerArgs *
parse_extra_words (PlannerJob          *job,
                   const PlannerWords  *words,
                   GError             **error)
{
  return parse_words (planner_job_get_string (job, "extra-args"), planner_words_name (words, "advanced.extra_args"),
                      error);
}

/* The recommended arguments are read by the same rules; their messages
 * name their own field. */
static PlannerArgs *
parse_recommended_words (PlannerJob          *job,
                         const PlannerWords  *words,
                         GError             **error)
{
  return parse_words (planner_job_get_string (job, "recommended-args"),
                      planner_words_name (words, "advanced.recommended_args"), error);
}

static PlannerArgs *job_fields_to_args (PlannerJob  *job,
                                        gboolean     extra_data);

PlannerArgs *
planner_job_parse_recommended_args (PlannerJob  *job,
                                    GError     **error)
{
  return planner_job_parse_recommended_args_in (job, NULL, error);
}

PlannerArgs *
planner_job_parse_recommended_args_in (PlannerJob          *job,
                                       const PlannerWords  *words,
                                       GError             **error)
{
  const char *name = planner_words_name (words, "advanced.recommended_args");
  g_autoptr(PlannerArgs) given = NULL;
  g_autoptr(PlannerArgs) own = NULL;
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(PlannerArgs) model = planner_args_new ();
  PlannerArgs *kept;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  given = parse_recommended_words (job, words, error);
  if (given == NULL)
    return NULL;
  own = job_fields_to_args (job, FALSE);
  planner_job_model_to_args (job, model);
  /* The person's extra arguments win over the recommendation's. */
  extra = parse_extra_words (job, NULL, NULL);
  kept = planner_args_new ();
  for (guint i = 0; i < planner_args_get_n_entries (given); i++)
    {
      const char *dest = planner_args_get_dest_at (given, i);
      const char *flag = planner_args_get_flag (given, dest);

      if (planner_args_is_set (own, dest) || planner_args_is_set (model, dest))
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       /* Translators: the first and last %s are the setting (Recommended Arguments),
                        * the middle one a flag */
                       _("%s sets “%s”, which the job already sets: remove it from %s"), name, flag, name);
          planner_args_unref (kept);
          return NULL;
        }
      if (extra != NULL && planner_args_is_set (extra, dest))
        continue;
      planner_args_set_list (kept, dest, flag, planner_args_get_list (given, dest));
    }
  return kept;
}

PlannerArgs *
planner_job_parse_extra_args (PlannerJob  *job,
                              GError     **error)
{
  return planner_job_parse_extra_args_in (job, NULL, error);
}

PlannerArgs *
planner_job_parse_extra_args_in (PlannerJob          *job,
                                 const PlannerWords  *words,
                                 GError             **error)
{
  const char *name = planner_words_name (words, "advanced.extra_args");
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(PlannerArgs) own = NULL;
  g_autoptr(PlannerArgs) model = planner_args_new ();

  extra = parse_extra_words (job, words, error);
  if (extra == NULL)
    return NULL;

  /* A flag the job sets itself would be given twice, and the extra one
   * would silently win: the job's field is where it is changed. */
  own = job_fields_to_args (job, planner_args_is_set (extra, "data_path"));
  planner_job_model_to_args (job, model);
  for (guint i = 0; i < planner_args_get_n_entries (extra); i++)
    {
      const char *dest = planner_args_get_dest_at (extra, i);
      const char *flag = planner_args_get_flag (extra, dest);

      if (planner_args_is_set (own, dest) || planner_args_is_set (model, dest))
        {
          const char *flags[] = { planner_args_is_set (own, dest) ? planner_args_get_flag (own, dest)
                                                                  : planner_args_get_flag (model, dest), flag, NULL };
          g_auto(GStrv) keys = planner_field_keys_for_flags (job, flags);
          if (keys[0] != NULL)
            /* Translators: the first and fourth %s are the setting (Extra Arguments), the second a
             * flag, the third and last the same other setting */
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         _("%s sets “%s”, which %s already sets: remove it from %s and change %s"), name, flag,
                         planner_words_name (words, keys[0]), name, planner_words_name (words, keys[0]));
          else
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         /* Translators: the first and last %s are the setting (Extra Arguments),
                          * the middle one a flag */
                         _("%s sets “%s”, which the job already sets: remove it from %s"), name, flag, name);
          return NULL;
        }
    }
  return g_steal_pointer (&extra);
}
/* How the layers split over the stages: only the split chosen is
 * written, and a stage count or layout left at 0 or empty not at all
 * (the field checks ask for it). */
static void
pipeline_split_to_args (PlannerJob  *job,
                        PlannerArgs *args)
{
  const char *split = planner_job_get_string (job, "pipeline-split");
  guint first = planner_job_get_uint (job, "first-stage-layers");
  guint last = planner_job_get_uint (job, "last-stage-layers");
  const char *layout = planner_job_get_string (job, "pipeline-layout");

  if (g_str_equal (split, "embedding-loss") || g_str_equal (split, "embedding"))
    planner_args_set_bool (args, "account_for_embedding_in_pipeline_split",
                           "--account-for-embedding-in-pipeline-split", TRUE);
  if (g_str_equal (split, "embedding-loss") || g_str_equal (split, "loss"))
    planner_args_set_bool (args, "account_for_loss_in_pipeline_split", "--account-for-loss-in-pipeline-split", TRUE);
  if (g_str_equal (split, "first-last"))
    {
      if (first > 0)
        set_uint (args, "decoder_first_pipeline_num_layers", "--decoder-first-pipeline-num-layers", first);
      if (last > 0)
        set_uint (args, "decoder_last_pipeline_num_layers", "--decoder-last-pipeline-num-layers", last);
    }
  if (g_str_equal (split, "layout") && !is_blank (layout))
    planner_args_set (args, "pipeline_model_parallel_layout", "--pipeline-model-parallel-layout", layout);
}

/* The degrees and how ranks are laid out. */
static void
parallel_to_args (PlannerJob  *job,
                  PlannerArgs *args)
{
  guint tp = planner_job_get_uint (job, "tp");
  guint etp = planner_job_get_uint (job, "etp");
  guint vpp = planner_job_get_uint (job, "vpp");

  set_uint (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", tp);
  set_uint (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size",
            planner_job_get_uint (job, "pp"));
  set_uint (args, "context_parallel_size", "--context-parallel-size", planner_job_get_uint (job, "cp"));
  set_uint (args, "expert_model_parallel_size", "--expert-model-parallel-size", planner_job_get_uint (job, "ep"));
  if (etp > 0)
    set_uint (args, "expert_tensor_parallel_size", "--expert-tensor-parallel-size", etp);
  /* A layout string sets the virtual stages itself: Megatron takes one
   * source of them only. */
  if (vpp > 1 && !g_str_equal (planner_job_get_string (job, "pipeline-split"), "layout"))
    set_uint (args, "num_virtual_stages_per_pipeline_rank", "--num-virtual-stages-per-pipeline-rank", vpp);
  pipeline_split_to_args (job, args);
  if (planner_job_get_bool (job, "use-tp-pp-dp-mapping"))
    planner_args_set_bool (args, "use_tp_pp_dp_mapping", "--use-tp-pp-dp-mapping", TRUE);
  /* Megatron drops sequence parallel at TP 1 itself; asking for it there
   * would only earn a warning. */
  if (planner_job_get_bool (job, "sequence-parallel") && tp > 1)
    planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  /* Written as asked: without sequence parallel Megatron refuses it, and
   * the checks say so rather than dropping the user's choice. */
  if (planner_job_get_bool (job, "tp-comm-overlap"))
    planner_args_set_bool (args, "tp_comm_overlap", "--tp-comm-overlap", TRUE);
}

/* Sequence, batch and how long to train (iterations or samples). */
static void
schedule_to_args (PlannerJob  *job,
                  PlannerArgs *args)
{
  guint train_iters = planner_job_get_uint (job, "train-iters");

  set_uint (args, "seq_length", "--seq-length", planner_job_get_uint (job, "seq-length"));
  /* With rotary positions a catalogue model's --max-position-embeddings is
   * only a bound: a longer sequence raises it (NVIDIA's long-context
   * recipes do the same); the analysis says so (issue 22 #1).  Learned
   * positions stop at the table's size: the checks refuse those. */
  if (planner_job_max_position_raised (job))
    set_uint (args, "max_position_embeddings", "--max-position-embeddings", planner_job_get_uint (job, "seq-length"));
  set_uint (args, "micro_batch_size", "--micro-batch-size", planner_job_get_uint (job, "micro-batch-size"));
  set_uint (args, "global_batch_size", "--global-batch-size", planner_job_get_uint (job, "global-batch-size"));
  if (train_iters > 0)
    set_uint (args, "train_iters", "--train-iters", train_iters);
  /* The schedule in samples: written as given (with iterations too,
   * Megatron refuses, and the checks say so). */
  if (planner_job_get_uint (job, "train-samples") > 0)
    set_uint (args, "train_samples", "--train-samples", planner_job_get_uint (job, "train-samples"));
  if (planner_job_get_uint (job, "lr-decay-samples") > 0)
    set_uint (args, "lr_decay_samples", "--lr-decay-samples", planner_job_get_uint (job, "lr-decay-samples"));
  if (planner_job_get_uint (job, "lr-warmup-samples") > 0)
    set_uint (args, "lr_warmup_samples", "--lr-warmup-samples", planner_job_get_uint (job, "lr-warmup-samples"));
}

/* Precision and the attention kernel. */
static void
precision_to_args (PlannerJob  *job,
                   PlannerArgs *args)
{
  const char *precision = planner_job_get_string (job, "precision");

  if (g_str_equal (precision, "bf16"))
    planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  else if (g_str_equal (precision, "fp16"))
    planner_args_set_bool (args, "fp16", "--fp16", TRUE);
  else if (g_str_equal (precision, "fp8"))
    {
      const char *recipe = planner_job_get_string (job, "fp8-recipe");

      if (*recipe == '\0')
        recipe = planner_job_auto_fp8_recipe (planner_job_get_gpu_id (job));
      planner_args_set_bool (args, "bf16", "--bf16", TRUE);
      planner_args_set (args, "fp8", "--fp8-format", "hybrid");
      planner_args_set (args, "fp8_recipe", "--fp8-recipe", recipe);
      if (planner_job_get_bool (job, "fp8-param-gather"))
        planner_args_set_bool (args, "fp8_param_gather", "--fp8-param-gather", TRUE);
    }
  set_path (args, "attention_backend", "--attention-backend",
            planner_job_get_string (job, "attention-backend"));
}

/* What is recomputed or offloaded instead of kept. */
static void
recompute_to_args (PlannerJob  *job,
                   PlannerArgs *args)
{
  const char *recompute = planner_job_get_string (job, "recompute");
  guint offload_layers = planner_job_get_uint (job, "activation-offload-layers");

  if (g_str_equal (recompute, "selective"))
    {
      g_auto(GStrv) modules = g_strsplit_set (planner_job_get_string (job, "recompute-modules"), " ,", -1);
      g_autoptr(GStrvBuilder) list = g_strv_builder_new ();
      g_auto(GStrv) values = NULL;

      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
      for (guint i = 0; modules[i] != NULL; i++)
        if (*modules[i] != '\0')
          g_strv_builder_add (list, modules[i]);
      values = g_strv_builder_end (list);
      if (values[0] != NULL)
        planner_args_set_list (args, "recompute_modules", "--recompute-modules", (const char *const *) values);
    }
  else if (g_str_equal (recompute, "full"))
    {
      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
      set_path (args, "recompute_method", "--recompute-method", planner_job_get_string (job, "recompute-method"));
      set_uint (args, "recompute_num_layers", "--recompute-num-layers",
                planner_job_get_uint (job, "recompute-num-layers"));
    }
  if (offload_layers > 0)
    set_uint (args, "cpu_offloading_num_layers", "--cpu-offloading-num-layers", offload_layers);
}

/* How weights, gradients and optimizer state are sharded. */
static void
optimizer_to_args (PlannerJob  *job,
                   PlannerArgs *args)
{
  gboolean distributed_optimizer = planner_job_get_bool (job, "distributed-optimizer");
  gboolean overlap_grad = planner_job_get_bool (job, "overlap-grad-reduce");
  const char *fsdp = planner_job_get_string (job, "fsdp");
  double offload = planner_job_get_double (job, "optimizer-offload-fraction");

  if (g_str_equal (fsdp, "megatron"))
    {
      /* Megatron FSDP (version 1) shards parameters, gradients and the
       * optimizer state, and saves only in its own checkpoint format. */
      planner_args_set_bool (args, "use_megatron_fsdp", "--use-megatron-fsdp", TRUE);
      planner_args_set (args, "data_parallel_sharding_strategy", "--data-parallel-sharding-strategy",
                        "optim_grads_params");
      planner_args_set (args, "ckpt_format", "--ckpt-format", "fsdp_dtensor");
    }
  else if (g_str_equal (fsdp, "torch"))
    {
      /* FSDP2 cannot run with gradient accumulation fusion, which is on by
       * default: no choice to give, so it comes with the option. */
      planner_args_set_bool (args, "use_torch_fsdp2", "--use-torch-fsdp2", TRUE);
      planner_args_set_bool (args, "gradient_accumulation_fusion", "--no-gradient-accumulation-fusion", FALSE);
    }
  if (distributed_optimizer)
    planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  if (overlap_grad)
    planner_args_set_bool (args, "overlap_grad_reduce", "--overlap-grad-reduce", TRUE);
  /* Megatron refuses the param-gather overlap without both of those (or
   * Megatron FSDP, which gathers parameters itself). */
  if ((distributed_optimizer || g_str_equal (fsdp, "megatron")) && overlap_grad &&
      planner_job_get_bool (job, "overlap-param-gather"))
    planner_args_set_bool (args, "overlap_param_gather", "--overlap-param-gather", TRUE);
  if (planner_job_get_bool (job, "precision-aware-optimizer"))
    {
      /* The point of the precision-aware optimizer here: Adam's moments in
       * BF16, half the optimizer state. */
      planner_args_set_bool (args, "use_precision_aware_optimizer", "--use-precision-aware-optimizer", TRUE);
      planner_args_set (args, "exp_avg_dtype", "--exp-avg-dtype", "bf16");
      planner_args_set (args, "exp_avg_sq_dtype", "--exp-avg-sq-dtype", "bf16");
    }
  if (offload > 0)
    {
      planner_args_set_bool (args, "optimizer_cpu_offload", "--optimizer-cpu-offload", TRUE);
      set_double (args, "optimizer_offload_fraction", "--optimizer-offload-fraction", offload);
    }
}

/* The learning-rate schedule and regularisation. */
static void
learning_rate_to_args (PlannerJob  *job,
                       PlannerArgs *args)
{
  guint warmup = planner_job_get_uint (job, "lr-warmup-iters");
  double init_std = planner_job_get_double (job, "init-method-std");

  set_double (args, "lr", "--lr", planner_job_get_double (job, "lr"));
  set_double (args, "min_lr", "--min-lr", planner_job_get_double (job, "min-lr"));
  set_path (args, "lr_decay_style", "--lr-decay-style", planner_job_get_string (job, "lr-decay-style"));
  if (warmup > 0)
    set_uint (args, "lr_warmup_iters", "--lr-warmup-iters", warmup);
  if (planner_job_get_double (job, "lr-warmup-init") > 0)
    set_double (args, "lr_warmup_init", "--lr-warmup-init", planner_job_get_double (job, "lr-warmup-init"));
  if (planner_job_get_uint (job, "lr-decay-iters") > 0)
    set_uint (args, "lr_decay_iters", "--lr-decay-iters", planner_job_get_uint (job, "lr-decay-iters"));
  if (planner_job_get_uint (job, "lr-wsd-decay-iters") > 0)
    set_uint (args, "lr_wsd_decay_iters", "--lr-wsd-decay-iters", planner_job_get_uint (job, "lr-wsd-decay-iters"));
  set_double (args, "weight_decay", "--weight-decay", planner_job_get_double (job, "weight-decay"));
  set_double (args, "clip_grad", "--clip-grad", planner_job_get_double (job, "clip-grad"));
  if (init_std > 0)
    set_double (args, "init_method_std", "--init-method-std", init_std);
}

/* The experts' router and dispatcher. */
static void
moe_to_args (PlannerJob  *job,
             PlannerArgs *args)
{
  if (planner_job_model_is_moe (job))
    {
      g_autofree char *coeff = planner_format_double (planner_job_get_double (job, "moe-aux-loss-coeff"));
      const char *balancing[] = { planner_job_get_string (job, "moe-router-load-balancing-type"), NULL };
      const char *coeffs[] = { coeff, NULL };

      planner_args_set_list (args, "moe_router_load_balancing_type", "--moe-router-load-balancing-type", balancing);
      planner_args_set_list (args, "moe_aux_loss_coeff", "--moe-aux-loss-coeff", coeffs);
      set_path (args, "moe_token_dispatcher_type", "--moe-token-dispatcher-type",
                planner_job_get_string (job, "moe-token-dispatcher-type"));
      if (planner_job_get_bool (job, "moe-grouped-gemm"))
        planner_args_set_bool (args, "moe_grouped_gemm", "--moe-grouped-gemm", TRUE);
      if (planner_job_get_bool (job, "overlap-moe-comm"))
        planner_args_set_bool (args, "overlap_moe_expert_parallel_comm", "--overlap-moe-expert-parallel-comm", TRUE);
    }
}

/* Data, tokenizer, checkpoints and logging. */
static void
data_to_args (PlannerJob  *job,
              PlannerArgs *args,
              gboolean     extra_data)
{
  const char *data_path = planner_job_get_string (job, "data-path");

  if (planner_job_get_bool (job, "mock-data"))
    planner_args_set_bool (args, "mock_data", "--mock-data", TRUE);
  if (*data_path != '\0')
    {
      const char *paths[] = { data_path, NULL };

      planner_args_set_list (args, "data_path", "--data-path", paths);
    }
  /* The split goes with the data, the field's or a blend in the extra
   * arguments. */
  if (*data_path != '\0' || extra_data)
    set_path (args, "split", "--split", planner_job_get_string (job, "split"));
  set_path (args, "tokenizer_type", "--tokenizer-type", planner_job_get_string (job, "tokenizer-type"));
  set_path (args, "tokenizer_model", "--tokenizer-model", planner_job_get_string (job, "tokenizer-model"));
  set_path (args, "vocab_file", "--vocab-file", planner_job_get_string (job, "vocab-file"));
  set_path (args, "merge_file", "--merge-file", planner_job_get_string (job, "merge-file"));
  set_path (args, "save", "--save", planner_job_get_string (job, "save-dir"));
  if (*planner_job_get_string (job, "save-dir") != '\0')
    set_uint (args, "save_interval", "--save-interval", planner_job_get_uint (job, "save-interval"));
  set_path (args, "load", "--load", planner_job_get_string (job, "load-dir"));

  set_uint (args, "log_interval", "--log-interval", planner_job_get_uint (job, "log-interval"));
  set_uint (args, "eval_interval", "--eval-interval", planner_job_get_uint (job, "eval-interval"));
  set_uint (args, "eval_iters", "--eval-iters", planner_job_get_uint (job, "eval-iters"));
  set_path (args, "tensorboard_dir", "--tensorboard-dir", planner_job_get_string (job, "tensorboard-dir"));
}


static PlannerArgs *
job_fields_to_args (PlannerJob *job,
                    gboolean    extra_data)
{
  PlannerArgs *args = planner_args_new ();

  /* A custom architecture is the job's own: its dimensions are job
   * arguments (a catalog model's come from the catalog). */
  if (planner_job_get_model_kind (job) == PLANNER_JOB_MODEL_CUSTOM)
    planner_job_model_to_args (job, args);

  parallel_to_args (job, args);
  schedule_to_args (job, args);
  precision_to_args (job, args);
  recompute_to_args (job, args);
  optimizer_to_args (job, args);
  learning_rate_to_args (job, args);
  moe_to_args (job, args);
  data_to_args (job, args, extra_data);
  return args;
}

gboolean
planner_job_max_position_raised (PlannerJob *job)
{
  const PlannerModel *model;
  const char *type;

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);

  if (planner_job_get_model_kind (job) != PLANNER_JOB_MODEL_CATALOG)
    return FALSE;
  model = planner_model_lookup (planner_job_get_model_id (job));
  if (model == NULL || model->max_position_embeddings == 0)
    return FALSE;
  type = model->position_embedding_type != NULL ? model->position_embedding_type : "learned_absolute";
  return (g_str_equal (type, "rope") || g_str_equal (type, "yarn")) &&
         planner_job_get_uint (job, "seq-length") > model->max_position_embeddings;
}

PlannerArgs *
planner_job_to_args (PlannerJob *job)
{
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(PlannerArgs) recommended = NULL;
  PlannerArgs *args;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  /* Extra arguments that fail their checks are left out: the field checks
   * and the script writer say why. */
  extra = planner_job_parse_extra_args (job, NULL);
  recommended = planner_job_parse_recommended_args (job, NULL);
  args = job_fields_to_args (job, extra != NULL && planner_args_is_set (extra, "data_path"));
  /* The recommendation's, then the person's own, last. */
  for (guint i = 0; recommended != NULL && i < planner_args_get_n_entries (recommended); i++)
    {
      const char *dest = planner_args_get_dest_at (recommended, i);

      planner_args_set_list (args, dest, planner_args_get_flag (recommended, dest),
                             planner_args_get_list (recommended, dest));
    }
  for (guint i = 0; extra != NULL && i < planner_args_get_n_entries (extra); i++)
    {
      const char *dest = planner_args_get_dest_at (extra, i);

      planner_args_set_list (args, dest, planner_args_get_flag (extra, dest), planner_args_get_list (extra, dest));
    }
  return args;
}

void
planner_args_append_words (const PlannerArgs *args,
                           const char        *dest,
                           GPtrArray         *words)
{
  const char *flag = planner_args_get_flag (args, dest);
  const char *const *values = planner_args_get_list (args, dest);
  const PlannerFlagInfo *info;

  if (flag == NULL)
    return;
  g_ptr_array_add (words, g_strdup (flag));
  /* An older release's spelling (--use-custom-fsdp) is not in 0.20.0's. */
  info = planner_flag_catalog_lookup_any (flag);
  /* A switch says its value by the spelling (--x, --no-x, --disable-x). */
  if (info != NULL && !planner_flag_info_takes_value (info))
    return;
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    g_ptr_array_add (words, g_strdup (values[i]));
}

/* ---- The inverse ---- */

typedef struct
{
  PlannerJob        *job;     /* the staged copy */
  const PlannerArgs *args;
  GHashTable        *used;    /* dests a field took */
  GError           **error;
  gboolean           failed;
} Reader;

static const char *
reader_scalar (Reader     *r,
               const char *dest)
{
  const char *const *values;

  if (!planner_args_is_set (r->args, dest))
    return NULL;
  g_hash_table_add (r->used, (gpointer) dest);
  values = planner_args_get_list (r->args, dest);
  if (values == NULL || values[0] == NULL)
    return "";
  return values[0];
}

static void
reader_fail (Reader     *r,
             const char *dest,
             const char *why)
{
  if (r->failed)
    return;
  r->failed = TRUE;
  g_set_error (r->error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
               "%s: %s", planner_args_get_flag (r->args, dest), why);
}

/* Sets a whole-number field; @absent is used when the flag is not given
 * (G_MAXUINT: keep the job's value). */
static void
read_uint (Reader     *r,
           const char *dest,
           const char *property,
           guint       absent)
{
  const char *text = reader_scalar (r, dest);
  GParamSpecUInt *pspec = G_PARAM_SPEC_UINT (g_object_class_find_property (G_OBJECT_GET_CLASS (r->job), property));
  guint64 value;

  if (text == NULL)
    {
      if (absent != G_MAXUINT)
        g_object_set (r->job, property, absent, NULL);
      return;
    }
  if (!g_ascii_string_to_unsigned (text, 10, pspec->minimum, pspec->maximum, &value, NULL))
    {
      g_autofree char *why = g_strdup_printf (_("“%s” must be a whole number from %u to %u"),
                                              text, pspec->minimum, pspec->maximum);
      reader_fail (r, dest, why);
      return;
    }
  g_object_set (r->job, property, (guint) value, NULL);
}

static void
read_double (Reader     *r,
             const char *dest,
             const char *property)
{
  const char *text = reader_scalar (r, dest);
  GParamSpecDouble *pspec = G_PARAM_SPEC_DOUBLE (g_object_class_find_property (G_OBJECT_GET_CLASS (r->job), property));
  char *end = NULL;
  double value;

  if (text == NULL)
    return;
  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (value) || value < pspec->minimum || value > pspec->maximum)
    {
      g_autofree char *why = g_strdup_printf (_("“%s” must be a number from %g to %g"),
                                              text, pspec->minimum, pspec->maximum);
      reader_fail (r, dest, why);
      return;
    }
  g_object_set (r->job, property, value, NULL);
}

/* Strings and paths: @keep_when_absent FALSE clears the field. */
static void
read_string (Reader     *r,
             const char *dest,
             const char *property,
             gboolean    keep_when_absent)
{
  const char *text = reader_scalar (r, dest);

  if (text == NULL)
    {
      if (!keep_when_absent)
        g_object_set (r->job, property, "", NULL);
      return;
    }
  g_object_set (r->job, property, text, NULL);
}

/* A choice field; @absent is the value when the flag is not given (NULL:
 * keep the job's). */
static void
read_choice (Reader     *r,
             const char *dest,
             const char *property,
             const char *absent)
{
  const char *text = planner_args_get_string (r->args, dest, NULL);

  if (text == NULL)
    {
      if (absent != NULL)
        g_object_set (r->job, property, absent, NULL);
      return;
    }
  /* A value the field cannot hold stays in the extra arguments. */
  if (planner_job_check_choice (property, text, NULL))
    read_string (r, dest, property, TRUE);
}

static void
read_switch (Reader     *r,
             const char *dest,
             const char *property)
{
  gboolean on = planner_args_get_bool (r->args, dest, FALSE);

  if (planner_args_is_set (r->args, dest))
    g_hash_table_add (r->used, (gpointer) dest);
  g_object_set (r->job, property, on, NULL);
}

static gboolean
values_equal (const char *const *a,
              const char *const *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal (a, b);
}

/* The catalog model whose dimensions the arguments hold, all of them;
 * the one with the most dimensions when several do. */
static const PlannerModel *
find_model (const PlannerArgs  *args,
            PlannerArgs       **model_args_out)
{
  const PlannerModel *const *models = planner_model_list (NULL);
  const PlannerModel *best = NULL;
  PlannerArgs *best_args = NULL;
  guint best_n = 0;

  for (guint m = 0; models[m] != NULL; m++)
    {
      PlannerArgs *margs = planner_args_new ();
      gboolean match = TRUE;
      guint n;

      planner_model_apply_to_args (models[m], margs);
      n = planner_args_get_n_entries (margs);
      for (guint i = 0; match && i < n; i++)
        {
          const char *dest = planner_args_get_dest_at (margs, i);

          /* The job holds these itself. */
          if (g_str_equal (dest, "seq_length") || g_str_equal (dest, "tokenizer_type"))
            continue;
          match = planner_args_is_set (args, dest) &&
                  values_equal (planner_args_get_list (args, dest), planner_args_get_list (margs, dest));
        }
      if (match && n > best_n)
        {
          best = models[m];
          best_n = n;
          g_clear_pointer (&best_args, planner_args_unref);
          best_args = g_steal_pointer (&margs);
        }
      g_clear_pointer (&margs, planner_args_unref);
    }
  *model_args_out = best_args;
  return best;
}

static void
read_precision (Reader *r)
{
  const char *format = reader_scalar (r, "fp8");
  gboolean bf16 = planner_args_get_bool (r->args, "bf16", FALSE);
  gboolean fp16 = planner_args_get_bool (r->args, "fp16", FALSE);
  const char *precision = "fp32";

  if (planner_args_is_set (r->args, "bf16"))
    g_hash_table_add (r->used, (gpointer) "bf16");
  if (planner_args_is_set (r->args, "fp16"))
    g_hash_table_add (r->used, (gpointer) "fp16");

  if (format != NULL)
    {
      const char *recipe = reader_scalar (r, "fp8_recipe");
      const char *gpu_id = planner_job_get_gpu_id (r->job);

      if (!g_str_equal (format, "hybrid") || !bf16)
        {
          reader_fail (r, "fp8", _("the job's FP8 is --bf16 with --fp8-format hybrid; "
                                   "write that, or keep other FP8 settings in the extra arguments"));
          return;
        }
      /* The recipe the planner would pick for this GPU stays "automatic". */
      if (recipe == NULL)
        recipe = "delayed";
      if (g_str_equal (recipe, planner_job_auto_fp8_recipe (gpu_id)))
        recipe = "";
      g_object_set (r->job, "fp8-recipe", recipe, NULL);
      read_switch (r, "fp8_param_gather", "fp8-param-gather");
      precision = "fp8";
    }
  else if (bf16)
    precision = "bf16";
  else if (fp16)
    precision = "fp16";
  g_object_set (r->job, "precision", precision, NULL);
}

static void
read_recompute (Reader *r)
{
  const char *granularity = planner_args_get_string (r->args, "recompute_granularity", NULL);
  const char *method = planner_args_get_string (r->args, "recompute_method", NULL);
  const char *const *modules = planner_args_get_list (r->args, "recompute_modules");
  const char *recompute = "none";

  /* The shapes Megatron accepts; anything else stays verbatim in the
   * extra arguments, for the validator to explain. */
  if (g_strcmp0 (granularity, "selective") == 0 && method == NULL &&
      !planner_args_is_set (r->args, "recompute_num_layers"))
    {
      g_autofree char *joined = NULL;

      recompute = "selective";
      g_hash_table_add (r->used, (gpointer) "recompute_granularity");
      if (modules != NULL && modules[0] != NULL)
        {
          joined = g_strjoinv (" ", (char **) modules);
          if (planner_job_check_choice ("recompute-modules", joined, NULL))
            {
              g_hash_table_add (r->used, (gpointer) "recompute_modules");
              g_object_set (r->job, "recompute-modules", joined, NULL);
            }
        }
      else
        g_object_set (r->job, "recompute-modules", "", NULL);
    }
  else if (g_strcmp0 (granularity, "full") == 0 && method != NULL &&
           planner_job_check_choice ("recompute-method", method, NULL) &&
           planner_args_is_set (r->args, "recompute_num_layers"))
    {
      recompute = "full";
      g_hash_table_add (r->used, (gpointer) "recompute_granularity");
      read_string (r, "recompute_method", "recompute-method", TRUE);
      read_uint (r, "recompute_num_layers", "recompute-num-layers", G_MAXUINT);
    }
  g_object_set (r->job, "recompute", recompute, NULL);
}

static void
read_data_path (Reader *r)
{
  const char *const *paths = planner_args_get_list (r->args, "data_path");

  /* One prefix is the field; a weighted blend stays in the extra arguments. */
  if (paths != NULL && paths[0] != NULL && paths[1] == NULL)
    {
      g_hash_table_add (r->used, (gpointer) "data_path");
      g_object_set (r->job, "data-path", paths[0], NULL);
    }
  else
    g_object_set (r->job, "data-path", "", NULL);
}

/* The dimensions of no catalog model: the custom architecture.  A flag
 * left out reads as Megatron's default, or as 0 where the field's 0 means
 * that default, so the job writes back exactly what it read. */
static void
read_custom_model (Reader *r)
{
  const char *swiglu_dests[] = { "swiglu", "squared_relu" };
  gboolean swiglu = planner_args_get_bool (r->args, "swiglu", FALSE);
  gboolean squared = planner_args_get_bool (r->args, "squared_relu", FALSE);
  gboolean gqa = planner_args_get_bool (r->args, "group_query_attention", FALSE);
  gboolean mla;

  g_object_set (r->job, "model-id", "", "params-b", 0.0, NULL);
  read_uint (r, "num_layers", "num-layers", 0);
  read_uint (r, "hidden_size", "hidden-size", 0);
  read_uint (r, "num_attention_heads", "num-attention-heads", 0);
  read_switch (r, "multi_latent_attention", "multi-latent-attention");
  mla = planner_job_get_bool (r->job, "multi-latent-attention");
  /* Without --group-query-attention Megatron ignores the groups; they then
   * stay in the extra arguments, as written. */
  if (gqa && !mla)
    {
      g_hash_table_add (r->used, (gpointer) "group_query_attention");
      read_uint (r, "num_query_groups", "num-query-groups", 1);
    }
  else
    g_object_set (r->job, "num-query-groups", 0u, NULL);
  read_uint (r, "kv_channels", "kv-channels", 0);
  read_uint (r, "ffn_hidden_size", "ffn-hidden-size", 0);
  read_uint (r, "vocab_size", "vocab-size", 0);
  read_uint (r, "max_position_embeddings", "max-position-embeddings", 0);
  read_choice (r, "position_embedding_type", "position-embedding-type", "learned_absolute");
  if (g_str_equal (planner_job_get_string (r->job, "position-embedding-type"), "rope"))
    read_uint (r, "rotary_base", "rotary-base", 0);
  else
    g_object_set (r->job, "rotary-base", 0u, NULL);
  read_choice (r, "normalization", "normalization", "LayerNorm");
  if (!(swiglu && squared))
    {
      for (guint i = 0; i < G_N_ELEMENTS (swiglu_dests); i++)
        if (planner_args_is_set (r->args, swiglu_dests[i]))
          g_hash_table_add (r->used, (gpointer) swiglu_dests[i]);
      g_object_set (r->job, "activation", swiglu ? "swiglu" : squared ? "squared_relu" : "gelu", NULL);
    }
  read_switch (r, "untie_embeddings_and_output_weights", "untie-embeddings-and-output-weights");
  /* --disable-bias-linear is store_false: absent means bias. */
  if (planner_args_is_set (r->args, "add_bias_linear"))
    g_hash_table_add (r->used, (gpointer) "add_bias_linear");
  g_object_set (r->job, "add-bias-linear", planner_args_get_bool (r->args, "add_bias_linear", TRUE), NULL);
  read_switch (r, "qk_layernorm", "qk-layernorm");

  read_uint (r, "num_experts", "num-experts", 0);
  read_uint (r, "moe_router_topk", "moe-router-topk", 2);
  read_uint (r, "moe_ffn_hidden_size", "moe-ffn-hidden-size", 0);
  read_uint (r, "moe_shared_expert_intermediate_size", "moe-shared-expert-intermediate-size", 0);
  read_string (r, "moe_layer_freq", "moe-layer-freq", FALSE);
  if (planner_args_is_set (r->args, "moe_router_score_function"))
    read_choice (r, "moe_router_score_function", "moe-router-score-function", "");
  else
    g_object_set (r->job, "moe-router-score-function", "", NULL);
  if (mla)
    {
      read_uint (r, "q_lora_rank", "q-lora-rank", 0);
      read_uint (r, "kv_lora_rank", "kv-lora-rank", 0);
      read_uint (r, "qk_head_dim", "qk-head-dim", 0);
      read_uint (r, "qk_pos_emb_head_dim", "qk-pos-emb-head-dim", 0);
      read_uint (r, "v_head_dim", "v-head-dim", 0);
    }
  read_uint (r, "mtp_num_layers", "mtp-num-layers", 0);
  if (!r->failed)
    {
      g_autoptr(GError) local_error = NULL;

      if (!planner_job_model_options_from_args (r->job, r->args, r->used, &local_error))
        {
          r->failed = TRUE;
          g_propagate_error (r->error, g_steal_pointer (&local_error));
        }
    }
}

static void
read_fsdp (Reader *r)
{
  const char *strategy = planner_args_get_string (r->args, "data_parallel_sharding_strategy", NULL);
  const char *ckpt = planner_args_get_string (r->args, "ckpt_format", NULL);

  if (planner_args_get_bool (r->args, "use_megatron_fsdp", FALSE) &&
      (strategy == NULL || g_str_equal (strategy, "optim_grads_params")) &&
      g_strcmp0 (ckpt, "fsdp_dtensor") == 0)
    {
      g_hash_table_add (r->used, (gpointer) "use_megatron_fsdp");
      g_hash_table_add (r->used, (gpointer) "ckpt_format");
      if (strategy != NULL)
        g_hash_table_add (r->used, (gpointer) "data_parallel_sharding_strategy");
      g_object_set (r->job, "fsdp", "megatron", NULL);
    }
  else if (planner_args_get_bool (r->args, "use_torch_fsdp2", FALSE) &&
           !planner_args_get_bool (r->args, "gradient_accumulation_fusion", TRUE))
    {
      g_hash_table_add (r->used, (gpointer) "use_torch_fsdp2");
      g_hash_table_add (r->used, (gpointer) "gradient_accumulation_fusion");
      g_object_set (r->job, "fsdp", "torch", NULL);
    }
  else
    g_object_set (r->job, "fsdp", "none", NULL);
}

static void
read_optimizer_memory (Reader *r)
{
  const char *avg = planner_args_get_string (r->args, "exp_avg_dtype", NULL);
  const char *avg_sq = planner_args_get_string (r->args, "exp_avg_sq_dtype", NULL);

  /* The field is the precision-aware optimizer with BF16 moments; other
   * dtypes stay in the extra arguments, flag and all. */
  if (planner_args_get_bool (r->args, "use_precision_aware_optimizer", FALSE) &&
      g_strcmp0 (avg, "bf16") == 0 && g_strcmp0 (avg_sq, "bf16") == 0)
    {
      g_hash_table_add (r->used, (gpointer) "use_precision_aware_optimizer");
      g_hash_table_add (r->used, (gpointer) "exp_avg_dtype");
      g_hash_table_add (r->used, (gpointer) "exp_avg_sq_dtype");
      g_object_set (r->job, "precision-aware-optimizer", TRUE, NULL);
    }
  else
    g_object_set (r->job, "precision-aware-optimizer", FALSE, NULL);

  if (planner_args_get_bool (r->args, "optimizer_cpu_offload", FALSE))
    {
      g_hash_table_add (r->used, (gpointer) "optimizer_cpu_offload");
      if (planner_args_is_set (r->args, "optimizer_offload_fraction"))
        read_double (r, "optimizer_offload_fraction", "optimizer-offload-fraction");
      else
        /* Megatron's default fraction. */
        g_object_set (r->job, "optimizer-offload-fraction", 1.0, NULL);
    }
  else
    g_object_set (r->job, "optimizer-offload-fraction", 0.0, NULL);
}

/* A stage count Megatron takes (above 0, and one the field holds); else
 * 0 and the flag stays in the extra arguments, for the checks to explain. */
static guint
stage_layers (Reader     *r,
              const char *dest)
{
  const char *text = planner_args_get_string (r->args, dest, NULL);
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, 10000, &value, NULL))
    return 0;
  return (guint) value;
}

/* The pipeline split, by the flags Megatron reads for it: a layout string
 * first (it cannot be combined with the others, which then stay in the
 * extra arguments for the checks to explain), then first/last stage layer
 * counts, then the account-for switches. */
static void
read_pipeline_split (Reader *r)
{
  const char *layout = planner_args_get_string (r->args, "pipeline_model_parallel_layout", NULL);
  guint first = stage_layers (r, "decoder_first_pipeline_num_layers");
  guint last = stage_layers (r, "decoder_last_pipeline_num_layers");
  gboolean embedding = planner_args_get_bool (r->args, "account_for_embedding_in_pipeline_split", FALSE);
  gboolean loss = planner_args_get_bool (r->args, "account_for_loss_in_pipeline_split", FALSE);
  const char *split = "even";

  g_object_set (r->job, "first-stage-layers", 0u, "last-stage-layers", 0u, "pipeline-layout", "", NULL);
  /* With a second source of virtual stages Megatron stops: both stay as written. */
  if (layout != NULL && *layout != '\0' && !planner_args_is_set (r->args, "num_virtual_stages_per_pipeline_rank") &&
      !planner_args_is_set (r->args, "num_layers_per_virtual_pipeline_stage"))
    {
      g_autoptr(GArray) stages = planner_layout_string_parse (layout);
      guint pp = planner_job_get_uint (r->job, "pp");

      split = "layout";
      g_hash_table_add (r->used, (gpointer) "pipeline_model_parallel_layout");
      g_object_set (r->job, "pipeline-layout", layout, NULL);
      /* The job's virtual stages are the layout's, so the schedule and the
       * checks read the same number Megatron derives. */
      if (stages != NULL && pp > 0 && stages->len % pp == 0 && stages->len / pp >= 1)
        g_object_set (r->job, "vpp", MIN (stages->len / pp, 1024u), NULL);
    }
  else if ((first > 0 || last > 0) &&
           (first > 0 || !planner_args_is_set (r->args, "decoder_first_pipeline_num_layers")) &&
           (last > 0 || !planner_args_is_set (r->args, "decoder_last_pipeline_num_layers")))
    {
      split = "first-last";
      if (first > 0)
        g_hash_table_add (r->used, (gpointer) "decoder_first_pipeline_num_layers");
      if (last > 0)
        g_hash_table_add (r->used, (gpointer) "decoder_last_pipeline_num_layers");
      g_object_set (r->job, "first-stage-layers", first, "last-stage-layers", last, NULL);
    }
  else if (embedding || loss)
    {
      split = embedding && loss ? "embedding-loss" : embedding ? "embedding" : "loss";
      if (embedding)
        g_hash_table_add (r->used, (gpointer) "account_for_embedding_in_pipeline_split");
      if (loss)
        g_hash_table_add (r->used, (gpointer) "account_for_loss_in_pipeline_split");
    }
  g_object_set (r->job, "pipeline-split", split, NULL);
}


gboolean
planner_job_update_from_args (PlannerJob         *job,
                              const PlannerArgs  *args,
                              GError            **error)
{
  g_autoptr(PlannerJob) staged = NULL;
  g_autoptr(GHashTable) used = NULL;
  g_autoptr(PlannerArgs) model_args = NULL;
  g_autoptr(GPtrArray) extra = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  g_autoptr(PlannerArgs) recommended = NULL;
  g_autofree char *extra_text = NULL;
  g_autofree char *kept_text = NULL;
  const PlannerModel *model;
  Reader r;
  guint tp;

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);
  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  staged = planner_job_copy (job);
  used = g_hash_table_new (g_str_hash, g_str_equal);
  r = (Reader) { staged, args, used, error, FALSE };

  model = find_model (args, &model_args);
  if (model != NULL)
    {
      for (guint i = 0; i < planner_args_get_n_entries (model_args); i++)
        {
          const char *dest = planner_args_get_dest_at (model_args, i);

          if (!g_str_equal (dest, "seq_length") && !g_str_equal (dest, "tokenizer_type"))
            g_hash_table_add (used, (gpointer) dest);
        }
      /* A custom architecture writes the vocabulary; the catalog knows it. */
      if (planner_args_get_int (args, "vocab_size", -1) == (gint64) model->vocab_size)
        g_hash_table_add (used, (gpointer) "vocab_size");
      g_object_set (staged, "model-id", model->id, "params-b", 0.0, NULL);
    }
  else if (planner_args_is_set (args, "num_layers") || planner_args_is_set (args, "hidden_size"))
    read_custom_model (&r);
  /* No dimensions at all (planner_job_to_args leaves them to the
   * catalog): the job keeps the model it names. */

  /* Layout: Megatron's defaults when a size is not given. */
  read_uint (&r, "tensor_model_parallel_size", "tp", 1);
  read_uint (&r, "pipeline_model_parallel_size", "pp", 1);
  read_uint (&r, "context_parallel_size", "cp", 1);
  read_uint (&r, "expert_model_parallel_size", "ep", 1);
  read_uint (&r, "expert_tensor_parallel_size", "etp", 0);
  read_uint (&r, "num_virtual_stages_per_pipeline_rank", "vpp", 1);
  read_switch (&r, "use_tp_pp_dp_mapping", "use-tp-pp-dp-mapping");
  read_pipeline_split (&r);
  tp = planner_job_get_uint (staged, "tp");
  /* At TP 1 sequence parallel is not written (Megatron turns it off):
   * the job's wish is kept for when TP grows. */
  if (tp > 1)
    read_switch (&r, "sequence_parallel", "sequence-parallel");
  else if (planner_args_is_set (args, "sequence_parallel"))
    g_hash_table_add (used, (gpointer) "sequence_parallel");
  read_switch (&r, "tp_comm_overlap", "tp-comm-overlap");

  read_uint (&r, "seq_length", "seq-length", G_MAXUINT);
  read_uint (&r, "micro_batch_size", "micro-batch-size", 1);
  read_uint (&r, "global_batch_size", "global-batch-size", G_MAXUINT);
  read_uint (&r, "train_iters", "train-iters", 0);
  read_uint (&r, "train_samples", "train-samples", 0);
  read_uint (&r, "lr_decay_samples", "lr-decay-samples", 0);
  read_uint (&r, "lr_warmup_samples", "lr-warmup-samples", 0);

  read_precision (&r);
  read_choice (&r, "attention_backend", "attention-backend", NULL);
  read_recompute (&r);

  read_uint (&r, "cpu_offloading_num_layers", "activation-offload-layers", 0);

  read_fsdp (&r);
  read_switch (&r, "use_distributed_optimizer", "distributed-optimizer");
  read_switch (&r, "overlap_grad_reduce", "overlap-grad-reduce");
  if ((planner_job_get_bool (staged, "distributed-optimizer") ||
       g_str_equal (planner_job_get_string (staged, "fsdp"), "megatron")) &&
      planner_job_get_bool (staged, "overlap-grad-reduce"))
    read_switch (&r, "overlap_param_gather", "overlap-param-gather");
  read_optimizer_memory (&r);

  read_double (&r, "lr", "lr");
  read_double (&r, "min_lr", "min-lr");
  read_choice (&r, "lr_decay_style", "lr-decay-style", NULL);
  read_uint (&r, "lr_warmup_iters", "lr-warmup-iters", 0);
  if (planner_args_is_set (args, "lr_warmup_init"))
    read_double (&r, "lr_warmup_init", "lr-warmup-init");
  else
    g_object_set (staged, "lr-warmup-init", 0.0, NULL);
  read_uint (&r, "lr_decay_iters", "lr-decay-iters", 0);
  read_uint (&r, "lr_wsd_decay_iters", "lr-wsd-decay-iters", 0);
  read_double (&r, "weight_decay", "weight-decay");
  read_double (&r, "clip_grad", "clip-grad");
  if (planner_args_is_set (args, "init_method_std"))
    read_double (&r, "init_method_std", "init-method-std");
  else
    g_object_set (staged, "init-method-std", 0.0, NULL);

  if (planner_job_model_is_moe (staged))
    {
      const char *const *balancing = planner_args_get_list (args, "moe_router_load_balancing_type");
      const char *const *coeffs = planner_args_get_list (args, "moe_aux_loss_coeff");

      /* Lists of one are what the job holds; longer ones stay extra. */
      if (balancing != NULL && balancing[0] != NULL && balancing[1] == NULL)
        read_choice (&r, "moe_router_load_balancing_type", "moe-router-load-balancing-type", NULL);
      if (coeffs != NULL && coeffs[0] != NULL && coeffs[1] == NULL)
        read_double (&r, "moe_aux_loss_coeff", "moe-aux-loss-coeff");
      read_choice (&r, "moe_token_dispatcher_type", "moe-token-dispatcher-type", NULL);
      read_switch (&r, "moe_grouped_gemm", "moe-grouped-gemm");
      read_switch (&r, "overlap_moe_expert_parallel_comm", "overlap-moe-comm");
    }

  read_switch (&r, "mock_data", "mock-data");
  read_data_path (&r);
  read_string (&r, "split", "split", TRUE);
  read_choice (&r, "tokenizer_type", "tokenizer-type", "");
  /* The model's own tokenizer is the job's default (""). */
  if (model != NULL && g_strcmp0 (planner_job_get_string (staged, "tokenizer-type"), model->tokenizer_type) == 0)
    g_object_set (staged, "tokenizer-type", "", NULL);
  read_string (&r, "tokenizer_model", "tokenizer-model", FALSE);
  read_string (&r, "vocab_file", "vocab-file", FALSE);
  read_string (&r, "merge_file", "merge-file", FALSE);
  read_string (&r, "save", "save-dir", FALSE);
  read_uint (&r, "save_interval", "save-interval", G_MAXUINT);
  read_string (&r, "load", "load-dir", FALSE);
  read_uint (&r, "log_interval", "log-interval", G_MAXUINT);
  read_uint (&r, "eval_interval", "eval-interval", G_MAXUINT);
  read_uint (&r, "eval_iters", "eval-iters", G_MAXUINT);
  read_string (&r, "tensorboard_dir", "tensorboard-dir", FALSE);

  if (r.failed)
    return FALSE;

  /* Everything else, verbatim and in order: what the recommendation had
   * added stays the recommendation's (a suggestion applied to the job's
   * arguments keeps it there), the rest is the extra arguments. */
  recommended = planner_job_parse_recommended_args (job, NULL);
  extra = g_ptr_array_new_with_free_func (g_free);
  kept = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);

      if (g_hash_table_contains (used, dest))
        continue;
      planner_args_append_words (args, dest,
                                 recommended != NULL && planner_args_is_set (recommended, dest) ? kept : extra);
    }
  g_ptr_array_add (extra, NULL);
  g_ptr_array_add (kept, NULL);
  extra_text = planner_shell_join ((const char *const *) extra->pdata);
  kept_text = planner_shell_join ((const char *const *) kept->pdata);
  g_object_set (staged, "extra-args", extra_text, "recommended-args", kept_text, NULL);

  planner_job_assign (job, staged);
  return TRUE;
}
