/* planner-log-rules.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "planner-log-rules.h"

/* The start-up checks a run most often dies of, one or more per family
 * of rules.jsonl.  Each pattern is a few key words of what the check says,
 * in the planner's own phrasing, with ".*" where Megatron puts values; it
 * is matched case-insensitively.  An exception whose message fits no
 * pattern is still named by its raising frame (file and line), which is
 * exact for an unmodified 0.20.0 checkout. */
static const PlannerLogRule rules[] = {
  /* validate_args (megatron/training/arguments.py) */
  { "arguments:432", "^world size \\(\\d+\\) is not divisible by total_model_size", "layout.world-not-divisible" },
  { "arguments:715", "^eval_global_batch_size .* must be divisible by eval_micro_batch_size", "batch.eval-not-divisible" },
  { "arguments:968", "^number of layers of the model must be divisible pipeline", "pipeline.layers-not-divisible" },
  { "arguments:972", "^number of layers per pipeline stage must be divisible.*virtual", "pipeline.vpp-layers" },
  { "arguments:997", "^number of layers should be divisible by the pipeline", "pipeline.layers-not-divisible" },
  { "arguments:1002", "^when interleaved schedule is used, pipeline.*greater than 1$", "pipeline.interleave-needs-pp" },
  { "arguments:1006", "^when interleaved schedule is used and p2p communication overlap is disabled", NULL },
  { "arguments:1025", "^--overlap-param-gather only supported with distributed optimizer", "optimizer.overlap-param-gather-needs-distopt" },
  { "arguments:1028", "^must use --overlap-param-gather with --overlap-grad-reduce", "optimizer.overlap-param-gather-needs-grad-reduce" },
  { "arguments:1286", "^can only specify one of lr-warmup-fraction and lr-warmup-iters", "lr.warmup-exclusive" },
  { "arguments:1300", "^can only specify one of lr-warmup-fraction and lr-warmup-samples", "lr.warmup-exclusive" },
  { "arguments:1336", "^seq-length should be a multiple of 2 \\* context-parallel-size", "cp.seq-not-divisible" },
  { "arguments:1354", "^max_position_embeddings .* greater than or equal to seq_length", "model.max-position-below-seq" },
  { "arguments:1380", "compute capability for groupedgemm", "moe.grouped-gemm-cc" },
  { "arguments:1426", "^recompute method is not yet supported for selective", "recompute.selective-with-method" },
  { "arguments:1442", "^tensor parallel communication/gemm overlap .* only when sequence parallelism", "parallel.tp-comm-overlap-needs-sp" },
  { "arguments:1477", "environment variable cuda_device_max_connections to 1", "env.cuda-device-max-connections" },
  { "arguments:1656", "^num_experts must be non none to use expert model parallelism", "moe.ep-without-experts" },
  { "arguments:1657", "^number of experts should be a multiple of expert model parallel", "moe.experts-not-divisible-by-ep" },
  { "arguments:1679", "^a single data source must be provided", "data.single-source" },
  { "arguments:1885", "^the optimizer cpu offload must be used .*--use-precision-aware-optimizer", NULL },
  { "arguments:2005", "^num_layers argument is none$", "required.num-layers" },
  { "arguments:2005", "^hidden_size argument is none$", "required.hidden-size" },
  { "arguments:2005", "^num_attention_heads argument is none$", "required.num-attention-heads" },
  { "arguments:2005", "^seq_length argument is none$", "required.seq-length" },
  { "arguments:2005", "^max_position_embeddings argument is none$", "required.max-position-embeddings" },
  { "arguments:2005", "^\\w+ argument is none$", NULL },

  /* TransformerConfig.__post_init__ (megatron/core/transformer/transformer_config.py) */
  { "transformer_config:1433", "^only one of self\\.fp16: .* and self\\.bf16 .* should be true", "precision.fp16-and-bf16" },
  { "transformer_config:1447", "^num_attention_heads \\(\\d+\\) must be a multiple of tensor_model_parallel_size", "model.heads-not-divisible-by-tp" },
  { "transformer_config:1465", "^num_query_groups \\(\\d+\\) must be a multiple or divisor of tensor_model_parallel_size", "model.query-groups-tp" },
  { "transformer_config:1530", "^delayed scaling does not support first / last layer in bf16", "fp8.first-last-bf16-delayed" },
  { "transformer_config:1596", "^num_moe_experts must be non none to use expert-parallel", "moe.ep-without-experts" },
  { "transformer_config:1745", "^deepep backend is only supported with flex token dispatcher", "moe.deepep-needs-flex" },
  { "transformer_config:1824", "^moe_shared_expert_overlap only works with alltoall or flex", "moe.shared-expert-overlap-dispatcher" },
  { "transformer_config:1829", "^moe_aux_loss_coeff must be a list of the same length as moe_router_load_balancing_type", "moe.balancing-coeff-length" },
  { "transformer_config:1847", "^moe_expert_capacity_factor only works with aux_loss", "moe.capacity-factor-balancing" },
  { "transformer_config:1864", "^moe_expert_capacity_factor must be set to use moe_pad_expert_input_to_capacity", "moe.pad-needs-capacity" },
  { "transformer_config:1892", "no support for pipeline parallelism with cpu offloading", "cpu-offloading.with-pp" },
  { "transformer_config:1897", "^cpu offloading does not work when activation recomputation", "cpu-offloading.with-recompute" },
  { "transformer_config:1903", "^when using recompute_granuarlity: .* must be \"full\"", NULL },
  { "transformer_config:1910", "^recompute_method: .* must be \"block\" or \"uniform\"\\.$", NULL },
  { "transformer_config:1914", "^using recompute_granularity: .* so recompute_method must be", "recompute.full-needs-method" },
  { "transformer_config:1920", "recompute_num_layers must be between 1 and num_layers_per_pipeline_rank", "recompute.full-needs-num-layers" },
  { "transformer_config:1929", "^when using recompute_granularity: .* recompute_num_layers must be none", "recompute.selective-with-num-layers" },
  { "transformer_config:1935", "^distribute_saved_activations: .* false when sequence parallel", "recompute.distribute-saved-activations-sp" },
  { "transformer_config:2613", "^bias in moe is only supported when etp==1", "moe.bias-needs-etp-1" },
  { "transformer_config:2621", "^expert bias for aux-loss-free routing only supports", "moe.expert-bias-needs-sigmoid" },
  { "transformer_config:2669", "use --moe-router-pre-softmax when topk is 1", "moe.topk1-needs-pre-softmax" },
  { "transformer_config:2678", "^when using group limited routing, moe_router_num_groups", "moe.router-groups" },

  /* initialize_model_parallel (megatron/core/parallel_state.py) */
  { "parallel_state:823", "^world_size \\(\\d+\\) is not divisible by \\d+$", "layout.world-not-divisible" },
  { "parallel_state:829", "^pipeline-model-parallel size should be greater than 1 with interleaved", "pipeline.interleave-needs-pp" },
  { "parallel_state:882", "^world_size \\(\\d+\\) is not divisible by expert_tensor_model_pipeline_parallel", "layout.expert-world-not-divisible" },
  { "parallel_state:898", "^when not using pp-last rank ordering, the data parallel size of the attention and moe", "layout.mapping-expert-dp" },
  { "parallel_state:922", "^data parallel size should be divisible by partial distopt shard factor", "layout.dist-opt-instances" },
  { "parallel_state:1205", "^ucc-backend requires cuda_device_max_connections", NULL },
  { "parallel_state:1447", "^expert data parallel size should be divisible by partial distopt shard factor", "layout.dist-opt-instances" },

  /* the microbatch calculator (megatron/core/num_microbatches_calculator.py) */
  { "num_microbatches_calculator:266", "^cannot specify both --step-batch-size-schedule and --decrease-batch-size-if-needed", "batch.step-schedule-decrease" },
  { "num_microbatches_calculator:281", "^--global-batch-size is required when not using --step-batch-size-schedule", NULL },
  { "num_microbatches_calculator:381", "^global batch size \\(\\d+\\) is not divisible by micro batch size", "batch.global-not-divisible" },
  { "num_microbatches_calculator:389", "^number of microbatches should be at least 1", NULL },
  { "num_microbatches_calculator:581", "^current global batch size \\(\\d+\\) is not divisible by micro_batch_size", "batch.global-not-divisible" },

  /* ModelParallelConfig.__post_init__ (megatron/core/model_parallel_config.py) */
  { "model_parallel_config:504", "^cannot use sequence parallelism without tensor parallelism", NULL },
  { "model_parallel_config:529", "^when using pipeline parallelism, pipeline_dtype must be specified", NULL },
  { "model_parallel_config:546", "^cannot defer embedding wgrad compute when pipeline model parallel is not used", NULL },

  /* initialize_megatron (megatron/training/initialize.py) */
  { "initialize:72", "^megatron requires cuda\\.$", NULL },
  { "initialize:204", "^tensor parallel communication/gemm overlap optimization needs 'yaml'", NULL },
  { "initialize:484", "^seed \\(-?\\d+\\) should be a positive integer", "training.seed-zero" },
};

/* The files of rules.jsonl: path suffix, id stem, family in words (marked
 * N_(): English in JSON, translated where a sentence shows it). */
static const struct
{
  const char *path;
  const char *stem;
  const char *family;
} files[] = {
  { "megatron/training/arguments.py", "arguments", N_("argument validation (validate_args)") },
  { "megatron/core/transformer/transformer_config.py", "transformer_config",
    N_("the model configuration (TransformerConfig)") },
  { "megatron/core/parallel_state.py", "parallel_state", N_("the process groups (initialize_model_parallel)") },
  { "megatron/core/num_microbatches_calculator.py", "num_microbatches_calculator", N_("the microbatch calculator") },
  { "megatron/core/model_parallel_config.py", "model_parallel_config",
    N_("the parallel configuration (ModelParallelConfig)") },
  { "megatron/training/initialize.py", "initialize", N_("start-up (initialize_megatron)") },
};

static GRegex **
compiled (void)
{
  static GRegex **regexes;

  if (g_once_init_enter (&regexes))
    {
      GRegex **all = g_new0 (GRegex *, G_N_ELEMENTS (rules));

      for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        {
          g_autoptr(GError) error = NULL;

          all[i] = g_regex_new (rules[i].pattern, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, &error);
          g_assert_no_error (error);
        }
      g_once_init_leave (&regexes, all);
    }
  return regexes;
}

guint
planner_log_rules_get_n (void)
{
  return G_N_ELEMENTS (rules);
}

const PlannerLogRule *
planner_log_rules_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (rules), NULL);

  return &rules[index];
}

char *
planner_log_rule_id_for_location (const char *file,
                                  guint       line)
{
  gsize length;

  if (file == NULL || line == 0)
    return NULL;
  length = strlen (file);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      gsize n = strlen (files[i].path);

      /* ".../Megatron-LM/megatron/training/arguments.py", or the path alone. */
      if (length >= n && strcmp (file + length - n, files[i].path) == 0 &&
          (length == n || file[length - n - 1] == '/' || file[length - n - 1] == '\\'))
        return g_strdup_printf ("%s:%u", files[i].stem, line);
    }
  return NULL;
}

const char *
planner_log_rule_family (const char *rule_id)
{
  const char *colon;

  if (rule_id == NULL || (colon = strchr (rule_id, ':')) == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      if (strlen (files[i].stem) == (gsize) (colon - rule_id) &&
          strncmp (rule_id, files[i].stem, (gsize) (colon - rule_id)) == 0)
        return files[i].family;
    }
  return NULL;
}

PlannerLogRuleMatch
planner_log_rules_match (const char  *message,
                         const char  *file,
                         guint        line,
                         char       **rule_id,
                         const char **diagnostic_code)
{
  g_autofree char *located = planner_log_rule_id_for_location (file, line);
  GRegex **regexes = compiled ();
  const PlannerLogRule *first = NULL;

  g_return_val_if_fail (rule_id != NULL && diagnostic_code != NULL, PLANNER_LOG_RULE_NONE);

  *rule_id = NULL;
  *diagnostic_code = NULL;

  /* Two checks can say the same thing (the capacity factor is refused
   * twice in TransformerConfig): the frame picks one of them. */
  for (guint i = 0; message != NULL && *message != '\0' && i < G_N_ELEMENTS (rules); i++)
    {
      if (!g_regex_match (regexes[i], message, 0, NULL))
        continue;
      if (first == NULL)
        first = &rules[i];
      if (located != NULL && g_str_equal (located, rules[i].rule_id))
        {
          *rule_id = g_strdup (rules[i].rule_id);
          *diagnostic_code = rules[i].diagnostic_code;
          return PLANNER_LOG_RULE_BY_BOTH;
        }
    }
  if (first != NULL)
    {
      /* A frame elsewhere (a patched or newer Megatron): the message wins. */
      *rule_id = g_strdup (first->rule_id);
      *diagnostic_code = first->diagnostic_code;
      return PLANNER_LOG_RULE_BY_MESSAGE;
    }
  if (located != NULL)
    {
      /* No pattern: the location alone, and the code of any rule at it. */
      for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        {
          if (g_str_equal (located, rules[i].rule_id) && rules[i].diagnostic_code != NULL)
            {
              *diagnostic_code = rules[i].diagnostic_code;
              break;
            }
        }
      *rule_id = g_steal_pointer (&located);
      return PLANNER_LOG_RULE_BY_LOCATION;
    }
  return PLANNER_LOG_RULE_NONE;
}
