/* planner-form-fields.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-form-fields"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "planner-form-fields.h"

#define FLAGS(...) (const char *const[]) { __VA_ARGS__, NULL }
#define NO_FLAGS   (const char *const[]) { NULL }

static const PlannerFormField fields[] = {
  { "model-id", "model", N_("Model"), "model",
    FLAGS ("--num-layers", "--hidden-size", "--num-attention-heads", "--num-query-groups",
           "--group-query-attention", "--ffn-hidden-size", "--kv-channels", "--max-position-embeddings",
           "--vocab-size", "--num-experts", "--moe-router-topk", "--moe-ffn-hidden-size") },
  { "params-b", "model", N_("Size in Billions"), "model", NO_FLAGS },
  { "gpu-id", "cluster", N_("GPU Type"), "cluster", NO_FLAGS },
  { "nodes", "cluster", N_("Nodes"), "cluster", FLAGS ("--nnodes") },
  { "gpus-per-node", "cluster", N_("GPUs per Node"), "cluster", FLAGS ("--nproc-per-node") },
  { "megatron-dir", "launch", N_("Megatron-LM Checkout"), "cluster", NO_FLAGS },
  { "rdzv-port", "launch", N_("Rendezvous Port"), "cluster", NO_FLAGS },
  { "slurm-partition", "launch", N_("SLURM Partition"), "cluster", NO_FLAGS },
  { "slurm-account", "launch", N_("SLURM Account"), "cluster", NO_FLAGS },
  { "slurm-time", "launch", N_("Time Limit"), "cluster", NO_FLAGS },
  { "slurm-cpus-per-task", "launch", N_("CPUs per Task"), "cluster", NO_FLAGS },
  { "mock-data", "data", N_("Mock Data"), "data", FLAGS ("--mock-data") },
  { "data-path", "data", N_("Data Path"), "data", FLAGS ("--data-path") },
  { "split", "data", N_("Split"), "data", FLAGS ("--split") },
  { "tokenizer-type", "data", N_("Tokenizer Type"), "data", FLAGS ("--tokenizer-type") },
  { "tokenizer-model", "data", N_("Tokenizer Model"), "data", FLAGS ("--tokenizer-model") },
  { "vocab-file", "data", N_("Vocabulary File"), "data", FLAGS ("--vocab-file") },
  { "merge-file", "data", N_("Merge File"), "data", FLAGS ("--merge-file") },
  { "save-dir", "checkpoint", N_("Save Directory"), "data", FLAGS ("--save") },
  { "save-interval", "checkpoint", N_("Save Interval"), "data", FLAGS ("--save-interval") },
  { "load-dir", "checkpoint", N_("Load Directory"), "data", FLAGS ("--load") },
  { "log-interval", "logging", N_("Log Interval"), "data", FLAGS ("--log-interval") },
  { "eval-interval", "logging", N_("Evaluation Interval"), "data", FLAGS ("--eval-interval") },
  { "eval-iters", "logging", N_("Evaluation Iterations"), "data", FLAGS ("--eval-iters") },
  { "tensorboard-dir", "logging", N_("TensorBoard Directory"), "data", FLAGS ("--tensorboard-dir") },
  { "train-iters", "training", N_("Training Iterations"), "training", FLAGS ("--train-iters") },
  { "lr", "training", N_("Learning Rate"), "training", FLAGS ("--lr") },
  { "min-lr", "training", N_("Minimum Learning Rate"), "training", FLAGS ("--min-lr") },
  { "lr-decay-style", "training", N_("Decay Style"), "training", FLAGS ("--lr-decay-style") },
  { "lr-warmup-iters", "training", N_("Warm-up Iterations"), "training", FLAGS ("--lr-warmup-iters") },
  { "weight-decay", "training", N_("Weight Decay"), "training", FLAGS ("--weight-decay") },
  { "clip-grad", "training", N_("Gradient Clipping"), "training", FLAGS ("--clip-grad") },
  { "init-method-std", "training", N_("Initialisation Std"), "training", FLAGS ("--init-method-std") },
  { "seq-length", "training", N_("Sequence Length"), "training", FLAGS ("--seq-length") },
  { "micro-batch-size", "training", N_("Micro-Batch Size"), "training", FLAGS ("--micro-batch-size") },
  { "global-batch-size", "training", N_("Global Batch Size"), "training", FLAGS ("--global-batch-size") },
  { "precision", "training", N_("Precision"), "training", FLAGS ("--bf16", "--fp16", "--fp8-format") },
  { "fp8-recipe", "training", N_("FP8 Recipe"), "training", FLAGS ("--fp8-recipe") },
  { "recompute", "training", N_("Activation Recompute"), "training",
    FLAGS ("--recompute-granularity", "--recompute-method", "--recompute-num-layers") },
  { "distributed-optimizer", "training", N_("Distributed Optimizer"), "training",
    FLAGS ("--use-distributed-optimizer") },
  { "sequence-parallel", "training", N_("Sequence Parallel"), "training", FLAGS ("--sequence-parallel") },
  { "overlap-grad-reduce", "training", N_("Overlap Gradient Reduce"), "training", FLAGS ("--overlap-grad-reduce") },
  { "overlap-param-gather", "training", N_("Overlap Parameter Gather"), "training",
    FLAGS ("--overlap-param-gather") },
  { "attention-backend", "training", N_("Attention Backend"), "training", FLAGS ("--attention-backend") },
  { "tp", "parallelism", N_("Tensor Parallel"), "parallelism", FLAGS ("--tensor-model-parallel-size") },
  { "pp", "parallelism", N_("Pipeline Parallel"), "parallelism", FLAGS ("--pipeline-model-parallel-size") },
  { "vpp", "parallelism", N_("Virtual Pipeline Stages"), "parallelism",
    FLAGS ("--num-virtual-stages-per-pipeline-rank", "--num-layers-per-virtual-pipeline-stage") },
  { "cp", "parallelism", N_("Context Parallel"), "parallelism", FLAGS ("--context-parallel-size") },
  { "use-tp-pp-dp-mapping", "parallelism", N_("Pipeline Inside Data Parallel"), "parallelism",
    FLAGS ("--use-tp-pp-dp-mapping") },
  { "ep", "parallelism", N_("Expert Parallel"), "parallelism", FLAGS ("--expert-model-parallel-size") },
  { "etp", "parallelism", N_("Expert Tensor Parallel"), "parallelism", FLAGS ("--expert-tensor-parallel-size") },
  { "moe-router-load-balancing-type", "moe", N_("Load Balancing"), "experts",
    FLAGS ("--moe-router-load-balancing-type") },
  { "moe-aux-loss-coeff", "moe", N_("Auxiliary Loss Coefficient"), "experts", FLAGS ("--moe-aux-loss-coeff") },
  { "moe-token-dispatcher-type", "moe", N_("Token Dispatcher"), "experts", FLAGS ("--moe-token-dispatcher-type") },
  { "moe-grouped-gemm", "moe", N_("Grouped GEMM"), "experts", FLAGS ("--moe-grouped-gemm") },
  { "extra-args", "advanced", N_("Extra Arguments"), "cluster", NO_FLAGS },
};

const PlannerFormField *
planner_form_field_lookup (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      if (g_str_equal (fields[i].key, key))
        return &fields[i];
    }
  return NULL;
}

const PlannerFormField *
planner_form_field_at (guint index)
{
  return index < G_N_ELEMENTS (fields) ? &fields[index] : NULL;
}

GStrv
planner_form_field_keys_for_flags (const char *const *flags)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; flags != NULL && i < G_N_ELEMENTS (fields); i++)
    {
      for (guint f = 0; fields[i].flags[f] != NULL; f++)
        {
          if (g_strv_contains (flags, fields[i].flags[f]))
            {
              g_strv_builder_add (builder, fields[i].key);
              break;
            }
        }
    }
  return g_strv_builder_end (builder);
}

static char *
json_key (const char *key)
{
  char *copy = g_strdup (key);

  g_strdelimit (copy, "-", '_');
  return copy;
}

static char *
replace_all (char       *text,
             const char *what,
             const char *with)
{
  g_auto(GStrv) parts = NULL;

  if (strstr (text, what) == NULL)
    return text;
  parts = g_strsplit (text, what, -1);
  g_free (text);
  return g_strjoinv (with, parts);
}

char *
planner_form_field_humanize (const char *text)
{
  char *out;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_strdup (text);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *key = json_key (fields[i].key);
      g_autofree char *dotted = g_strdup_printf ("%s.%s", fields[i].section, key);

      out = replace_all (out, dotted, _(fields[i].label));
    }
  return out;
}

static gboolean
is_path_field (const char *key)
{
  static const char *paths[] = { "data-path", "tokenizer-model", "vocab-file", "merge-file", "save-dir",
                                 "load-dir", "tensorboard-dir", "megatron-dir", NULL };

  return g_strv_contains (paths, key);
}

static char *
check_path_word (const char *label,
                 const char *word)
{
  if (word[0] != '/')
    return g_strdup_printf (_("%s must be an absolute path: start it with /"), label);
  if (strstr (word, "path/to") != NULL || strstr (word, "TODO") != NULL || strstr (word, "FIXME") != NULL ||
      strstr (word, "${") != NULL || (strchr (word, '<') != NULL && strchr (word, '>') != NULL))
    return g_strdup_printf (_("%s looks like a placeholder: give your own path"), label);
  return NULL;
}

char *
planner_form_field_check (PlannerJob *job,
                          const char *key)
{
  const PlannerFormField *field;
  const char *label;
  const char *value;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  field = planner_form_field_lookup (key);
  if (field == NULL || !is_path_field (key))
    return NULL;
  label = _(field->label);
  value = planner_job_get_string (job, key);
  if (value == NULL || *value == '\0')
    return NULL;

  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '\n' || *p == '\r')
        return g_strdup_printf (_("%s holds a line break: remove it"), label);
      if (g_ascii_iscntrl (*p))
        return g_strdup_printf (_("%s holds a control character: remove it"), label);
    }
  if (g_ascii_isspace (value[0]))
    return g_strdup_printf (_("%s starts with a space: remove it"), label);
  if (g_ascii_isspace (value[strlen (value) - 1]))
    return g_strdup_printf (_("%s ends with a space: remove it"), label);

  return check_path_word (label, value);
}

static char *
format_value (const GValue *value)
{
  if (G_VALUE_HOLDS_STRING (value))
    {
      const char *s = g_value_get_string (value);

      return s == NULL || *s == '\0' ? g_strdup (_("(empty)")) : g_strdup_printf ("“%s”", s);
    }
  if (G_VALUE_HOLDS_BOOLEAN (value))
    return g_strdup (g_value_get_boolean (value) ? _("on") : _("off"));
  if (G_VALUE_HOLDS_DOUBLE (value))
    return g_strdup_printf ("%g", g_value_get_double (value));
  if (G_VALUE_HOLDS_UINT (value))
    return g_strdup_printf ("%u", g_value_get_uint (value));
  return g_strdup_value_contents (value);
}

GStrv
planner_form_field_list_changes (PlannerJob *before,
                                 PlannerJob *after)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs = 0;

  g_return_val_if_fail (PLANNER_IS_JOB (before), NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (after), NULL);

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (before), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto(GValue) a = G_VALUE_INIT;
      g_auto(GValue) b = G_VALUE_INIT;
      g_autofree char *old_text = NULL;
      g_autofree char *new_text = NULL;
      g_autofree char *line = NULL;
      const PlannerFormField *field;

      g_value_init (&a, pspecs[i]->value_type);
      g_value_init (&b, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (before), pspecs[i]->name, &a);
      g_object_get_property (G_OBJECT (after), pspecs[i]->name, &b);
      if (g_param_values_cmp (pspecs[i], &a, &b) == 0)
        continue;
      field = planner_form_field_lookup (pspecs[i]->name);
      old_text = format_value (&a);
      new_text = format_value (&b);
      line = g_strdup_printf ("%s: %s → %s", field != NULL ? _(field->label) : pspecs[i]->name, old_text, new_text);
      g_strv_builder_add (builder, line);
    }
  return g_strv_builder_end (builder);
}
