/* planner-job-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job-args"

#include "config.h"

#include "planner-job-args.h"

#include <math.h>
#include <string.h>

#include "planner-catalog.h"
#include "planner-flag-catalog.h"
#include "planner-import.h"
#include "planner-shell.h"

char *
planner_format_double (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    return g_strdup ("0");

  /* "3e-4" rather than "0.00029999999999999997": the first precision
   * that reads back exactly. */
  for (int precision = 1; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        return g_strdup (buffer);
    }
  return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
}

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
job_model_is_moe (PlannerJob *job)
{
  const PlannerModel *model = planner_model_lookup (planner_job_get_model_id (job));

  return model != NULL && planner_model_is_moe (model);
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

PlannerArgs *
planner_job_parse_extra_args (PlannerJob  *job,
                              GError     **error)
{
  const char *text = planner_job_get_string (job, "extra-args");
  g_autoptr(PlannerShellScript) script = NULL;
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(GPtrArray) argv = NULL;
  PlannerShellCommand *command;

  if (is_blank (text))
    return planner_args_new ();

  if (strchr (text, '\n') != NULL)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           "advanced.extra_args must be one line of Megatron arguments");
      return NULL;
    }

  script = planner_shell_parse (text, strlen (text), error);
  if (script == NULL)
    {
      g_prefix_error (error, "advanced.extra_args: ");
      return NULL;
    }
  if (script->commands->len != 1 || script->diagnostics->len > 0)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           "advanced.extra_args must hold plain Megatron arguments "
                           "(no variables, substitutions, pipes or several commands)");
      return NULL;
    }
  command = g_ptr_array_index (script->commands, 0);
  if (command->assignments->len > 0)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           "advanced.extra_args must not set variables; environment belongs to the launch");
      return NULL;
    }

  argv = g_ptr_array_new ();
  for (guint i = 0; i < command->words->len; i++)
    g_ptr_array_add (argv, ((PlannerShellWord *) g_ptr_array_index (command->words, i))->text);
  g_ptr_array_add (argv, NULL);

  if (argv->len < 2 || ((const char *) argv->pdata[0])[0] != '-')
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           "advanced.extra_args must start with a Megatron flag (--something)");
      return NULL;
    }

  import = planner_import_argv ((const char *const *) argv->pdata, error);
  if (import == NULL)
    {
      g_prefix_error (error, "advanced.extra_args: ");
      return NULL;
    }
  if (import->launcher != PLANNER_LAUNCHER_NONE)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           "advanced.extra_args must hold Megatron arguments only, not a launcher");
      return NULL;
    }
  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       "advanced.extra_args: %s%s%s", d->message,
                       d->fix != NULL ? " — " : "", d->fix != NULL ? d->fix : "");
          return NULL;
        }
    }
  return planner_args_ref (import->args);
}

PlannerArgs *
planner_job_to_args (PlannerJob *job)
{
  PlannerArgs *args = planner_args_new ();
  g_autoptr(PlannerArgs) extra = NULL;
  const char *precision = planner_job_get_string (job, "precision");
  const char *recompute = planner_job_get_string (job, "recompute");
  const char *data_path = planner_job_get_string (job, "data-path");
  guint tp = planner_job_get_uint (job, "tp");
  guint etp = planner_job_get_uint (job, "etp");
  guint vpp = planner_job_get_uint (job, "vpp");
  guint train_iters = planner_job_get_uint (job, "train-iters");
  guint warmup = planner_job_get_uint (job, "lr-warmup-iters");
  double init_std = planner_job_get_double (job, "init-method-std");
  gboolean distributed_optimizer = planner_job_get_bool (job, "distributed-optimizer");
  gboolean overlap_grad = planner_job_get_bool (job, "overlap-grad-reduce");

  set_uint (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", tp);
  set_uint (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size",
            planner_job_get_uint (job, "pp"));
  set_uint (args, "context_parallel_size", "--context-parallel-size", planner_job_get_uint (job, "cp"));
  set_uint (args, "expert_model_parallel_size", "--expert-model-parallel-size", planner_job_get_uint (job, "ep"));
  if (etp > 0)
    set_uint (args, "expert_tensor_parallel_size", "--expert-tensor-parallel-size", etp);
  if (vpp > 1)
    set_uint (args, "num_virtual_stages_per_pipeline_rank", "--num-virtual-stages-per-pipeline-rank", vpp);
  if (planner_job_get_bool (job, "use-tp-pp-dp-mapping"))
    planner_args_set_bool (args, "use_tp_pp_dp_mapping", "--use-tp-pp-dp-mapping", TRUE);
  /* Megatron drops sequence parallel at TP 1 itself; asking for it there
   * would only earn a warning. */
  if (planner_job_get_bool (job, "sequence-parallel") && tp > 1)
    planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);

  set_uint (args, "seq_length", "--seq-length", planner_job_get_uint (job, "seq-length"));
  set_uint (args, "micro_batch_size", "--micro-batch-size", planner_job_get_uint (job, "micro-batch-size"));
  set_uint (args, "global_batch_size", "--global-batch-size", planner_job_get_uint (job, "global-batch-size"));
  if (train_iters > 0)
    set_uint (args, "train_iters", "--train-iters", train_iters);

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
    }
  set_path (args, "attention_backend", "--attention-backend",
            planner_job_get_string (job, "attention-backend"));

  if (g_str_equal (recompute, "selective"))
    planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
  else if (g_str_equal (recompute, "full"))
    {
      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
      planner_args_set (args, "recompute_method", "--recompute-method", "uniform");
      planner_args_set (args, "recompute_num_layers", "--recompute-num-layers", "1");
    }

  if (distributed_optimizer)
    planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  if (overlap_grad)
    planner_args_set_bool (args, "overlap_grad_reduce", "--overlap-grad-reduce", TRUE);
  /* Megatron refuses the param-gather overlap without both of those. */
  if (distributed_optimizer && overlap_grad && planner_job_get_bool (job, "overlap-param-gather"))
    planner_args_set_bool (args, "overlap_param_gather", "--overlap-param-gather", TRUE);

  set_double (args, "lr", "--lr", planner_job_get_double (job, "lr"));
  set_double (args, "min_lr", "--min-lr", planner_job_get_double (job, "min-lr"));
  set_path (args, "lr_decay_style", "--lr-decay-style", planner_job_get_string (job, "lr-decay-style"));
  if (warmup > 0)
    set_uint (args, "lr_warmup_iters", "--lr-warmup-iters", warmup);
  set_double (args, "weight_decay", "--weight-decay", planner_job_get_double (job, "weight-decay"));
  set_double (args, "clip_grad", "--clip-grad", planner_job_get_double (job, "clip-grad"));
  if (init_std > 0)
    set_double (args, "init_method_std", "--init-method-std", init_std);

  if (job_model_is_moe (job))
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
    }

  if (planner_job_get_bool (job, "mock-data"))
    planner_args_set_bool (args, "mock_data", "--mock-data", TRUE);
  if (*data_path != '\0')
    {
      const char *paths[] = { data_path, NULL };

      planner_args_set_list (args, "data_path", "--data-path", paths);
      set_path (args, "split", "--split", planner_job_get_string (job, "split"));
    }
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

  /* Last, so the user's own arguments win, as they would on a command line. */
  extra = planner_job_parse_extra_args (job, NULL);
  if (extra != NULL)
    {
      for (guint i = 0; i < planner_args_get_n_entries (extra); i++)
        {
          const char *dest = planner_args_get_dest_at (extra, i);

          planner_args_set_list (args, dest, planner_args_get_flag (extra, dest),
                                 planner_args_get_list (extra, dest));
        }
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
  info = planner_flag_catalog_lookup (flag);
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
      g_autofree char *why = g_strdup_printf ("“%s” must be a whole number from %u to %u",
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
      g_autofree char *why = g_strdup_printf ("“%s” must be a number from %g to %g",
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
          reader_fail (r, "fp8", "the job's FP8 is --bf16 with --fp8-format hybrid; "
                       "write that, or keep other FP8 settings in the extra arguments");
          return;
        }
      /* The recipe the planner would pick for this GPU stays "automatic". */
      if (recipe == NULL)
        recipe = "delayed";
      if (g_str_equal (recipe, planner_job_auto_fp8_recipe (gpu_id)))
        recipe = "";
      g_object_set (r->job, "fp8-recipe", recipe, NULL);
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
  gint64 layers = planner_args_get_int (r->args, "recompute_num_layers", -1);
  const char *recompute = "none";

  /* Only the two shapes the job can hold; anything else stays verbatim
   * in the extra arguments. */
  if (g_strcmp0 (granularity, "selective") == 0 && method == NULL &&
      !planner_args_is_set (r->args, "recompute_num_layers"))
    {
      recompute = "selective";
      g_hash_table_add (r->used, (gpointer) "recompute_granularity");
    }
  else if (g_strcmp0 (granularity, "full") == 0 && g_strcmp0 (method, "uniform") == 0 && layers == 1)
    {
      recompute = "full";
      g_hash_table_add (r->used, (gpointer) "recompute_granularity");
      g_hash_table_add (r->used, (gpointer) "recompute_method");
      g_hash_table_add (r->used, (gpointer) "recompute_num_layers");
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

static void
copy_job_values (PlannerJob *to,
                 PlannerJob *from)
{
  guint n_props;
  g_autofree GParamSpec **pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (from), &n_props);

  g_object_freeze_notify (G_OBJECT (to));
  for (guint i = 0; i < n_props; i++)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      g_value_init (&value, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (from), pspecs[i]->name, &value);
      g_object_set_property (G_OBJECT (to), pspecs[i]->name, &value);
    }
  g_object_thaw_notify (G_OBJECT (to));
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
  g_autofree char *extra_text = NULL;
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
      g_object_set (staged, "model-id", model->id, "params-b", 0.0, NULL);
    }
  else if (planner_args_is_set (args, "num_layers") || planner_args_is_set (args, "hidden_size"))
    /* Dimensions of no catalog model: they stay in the extra arguments. */
    g_object_set (staged, "model-id", "", NULL);
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
  tp = planner_job_get_uint (staged, "tp");
  /* At TP 1 sequence parallel is not written (Megatron turns it off):
   * the job's wish is kept for when TP grows. */
  if (tp > 1)
    read_switch (&r, "sequence_parallel", "sequence-parallel");
  else if (planner_args_is_set (args, "sequence_parallel"))
    g_hash_table_add (used, (gpointer) "sequence_parallel");

  read_uint (&r, "seq_length", "seq-length", G_MAXUINT);
  read_uint (&r, "micro_batch_size", "micro-batch-size", 1);
  read_uint (&r, "global_batch_size", "global-batch-size", G_MAXUINT);
  read_uint (&r, "train_iters", "train-iters", 0);

  read_precision (&r);
  read_string (&r, "attention_backend", "attention-backend", TRUE);
  read_recompute (&r);

  read_switch (&r, "use_distributed_optimizer", "distributed-optimizer");
  read_switch (&r, "overlap_grad_reduce", "overlap-grad-reduce");
  if (planner_job_get_bool (staged, "distributed-optimizer") && planner_job_get_bool (staged, "overlap-grad-reduce"))
    read_switch (&r, "overlap_param_gather", "overlap-param-gather");

  read_double (&r, "lr", "lr");
  read_double (&r, "min_lr", "min-lr");
  read_string (&r, "lr_decay_style", "lr-decay-style", TRUE);
  read_uint (&r, "lr_warmup_iters", "lr-warmup-iters", 0);
  read_double (&r, "weight_decay", "weight-decay");
  read_double (&r, "clip_grad", "clip-grad");
  if (planner_args_is_set (args, "init_method_std"))
    read_double (&r, "init_method_std", "init-method-std");
  else
    g_object_set (staged, "init-method-std", 0.0, NULL);

  if (model != NULL && planner_model_is_moe (model))
    {
      const char *const *balancing = planner_args_get_list (args, "moe_router_load_balancing_type");
      const char *const *coeffs = planner_args_get_list (args, "moe_aux_loss_coeff");

      /* Lists of one are what the job holds; longer ones stay extra. */
      if (balancing != NULL && balancing[0] != NULL && balancing[1] == NULL)
        read_string (&r, "moe_router_load_balancing_type", "moe-router-load-balancing-type", TRUE);
      if (coeffs != NULL && coeffs[0] != NULL && coeffs[1] == NULL)
        read_double (&r, "moe_aux_loss_coeff", "moe-aux-loss-coeff");
      read_string (&r, "moe_token_dispatcher_type", "moe-token-dispatcher-type", TRUE);
      read_switch (&r, "moe_grouped_gemm", "moe-grouped-gemm");
    }

  read_switch (&r, "mock_data", "mock-data");
  read_data_path (&r);
  read_string (&r, "split", "split", TRUE);
  read_string (&r, "tokenizer_type", "tokenizer-type", FALSE);
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

  /* Everything else, verbatim and in order. */
  extra = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);

      if (!g_hash_table_contains (used, dest))
        planner_args_append_words (args, dest, extra);
    }
  g_ptr_array_add (extra, NULL);
  extra_text = planner_shell_join ((const char *const *) extra->pdata);
  g_object_set (staged, "extra-args", extra_text, NULL);

  copy_job_values (job, staged);
  return TRUE;
}
