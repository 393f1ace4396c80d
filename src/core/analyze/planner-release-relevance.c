/* planner-release-relevance.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Between two releases hundreds of defaults move; a job meets few of
 * them.  A default matters when the planner writes the option for some
 * job (so the plan assumes a value), or when it belongs to a feature the
 * job uses (the MoE options for a model with experts, the FSDP options
 * with FSDP, ...).  The rest (other model families, inference, logging
 * and tooling) is left out.
 */

#define G_LOG_DOMAIN "planner-release"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "planner-release-relevance.h"
#include "planner-release-args.h"

typedef enum
{
  USES_ALWAYS,
  USES_EXPERTS,          /* a MoE model */
  USES_EXPERT_PARALLEL,  /* a MoE model with EP > 1 */
  USES_FLEX,             /* the flex token dispatcher */
  USES_PIPELINE,         /* PP > 1 */
  USES_CONTEXT,          /* CP > 1 */
  USES_TENSOR,           /* TP > 1 */
  USES_FSDP,
  USES_MLA,
  USES_MTP,
  USES_FP8,
  USES_FP4,
  USES_RECOMPUTE,
  USES_OFFLOAD,
  USES_CUDA_GRAPHS,
} Uses;

/* The options the planner writes into a draft (planner-job-args.c,
 * planner-script*.c) whose value the plan relies on. */
static const char *const written[] = {
  "--attention-backend", "--ckpt-format", "--clip-grad",
  "--eval-interval", "--eval-iters", "--exp-avg-dtype", "--exp-avg-sq-dtype", "--init-method-std",
  "--log-interval", "--lr-decay-style", "--lr-warmup-init", "--moe-aux-loss-coeff", "--moe-grouped-gemm",
  "--moe-router-load-balancing-type", "--moe-token-dispatcher-type", "--save-interval", "--split",
  "--tokenizer-type", "--weight-decay", "--use-distributed-optimizer", "--overlap-grad-reduce",
  "--overlap-param-gather", "--no-gradient-accumulation-fusion", "--use-precision-aware-optimizer",
  "--optimizer-cpu-offload", "--optimizer-offload-fraction", "--sequence-parallel", "--tp-comm-overlap",
  "--recompute-granularity", "--recompute-method", "--recompute-num-layers", "--recompute-modules",
  NULL,
};

/* The options of a feature, by the start of their spelling; the first
 * match decides. */
static const struct
{
  const char *prefix;
  Uses        uses;
} feature_options[] = {
  { "--moe-deepep-", USES_FLEX },
  { "--moe-hybridep-", USES_FLEX },
  { "--moe-flex-", USES_FLEX },
  { "--moe-", USES_EXPERTS },
  { "--num-experts", USES_EXPERTS },
  { "--expert-", USES_EXPERT_PARALLEL },
  { "--pipeline-model-parallel-", USES_PIPELINE },
  { "--num-layers-per-virtual-pipeline-stage", USES_PIPELINE },
  { "--num-virtual-stages-per-pipeline-rank", USES_PIPELINE },
  { "--decoder-first-pipeline-num-layers", USES_PIPELINE },
  { "--decoder-last-pipeline-num-layers", USES_PIPELINE },
  { "--account-for-", USES_PIPELINE },
  { "--overlap-p2p-", USES_PIPELINE },
  { "--context-parallel-", USES_CONTEXT },
  { "--cp-comm-", USES_CONTEXT },
  { "--hierarchical-context-parallel-", USES_CONTEXT },
  { "--tp-comm-", USES_TENSOR },
  { "--data-parallel-sharding-strategy", USES_FSDP },
  { "--fsdp-", USES_FSDP },
  { "--megatron-fsdp-", USES_FSDP },
  { "--outer-dp-sharding-strategy", USES_FSDP },
  { "--init-model-with-meta-device", USES_FSDP },
  { "--mscale", USES_MLA },
  { "--mla-", USES_MLA },
  { "--q-lora-rank", USES_MLA },
  { "--kv-lora-rank", USES_MLA },
  { "--qk-head-dim", USES_MLA },
  { "--qk-pos-emb-head-dim", USES_MLA },
  { "--v-head-dim", USES_MLA },
  { "--mtp-", USES_MTP },
  { "--fp8-", USES_FP8 },
  { "--fp4-", USES_FP4 },
  { "--recompute-", USES_RECOMPUTE },
  { "--cpu-offloading", USES_OFFLOAD },
  { "--offload-modules", USES_OFFLOAD },
  { "--fine-grained-activation-offloading", USES_OFFLOAD },
  { "--min-offloaded-tensor-size", USES_OFFLOAD },
  { "--activation-offload-fraction", USES_OFFLOAD },
  { "--cuda-graph-", USES_CUDA_GRAPHS },
};

/* The flags the planner can write that came with a release, for the jobs
 * they help; the order is the planner's. */
static const struct
{
  const char *flag;
  Uses        uses;
  const char *what;
} features[] = {
  { "--pipeline-model-parallel-layout", USES_PIPELINE,
    N_("places the embedding, the layers and the loss stage by stage") },
  { "--overlap-moe-expert-parallel-comm", USES_EXPERT_PARALLEL,
    N_("hides the expert all-to-all behind another microbatch's compute") },
  { "--delay-wgrad-compute", USES_EXPERT_PARALLEL,
    N_("delays the expert weight gradients to overlap more of the all-to-all (with the overlap above)") },
  { "--moe-flex-dispatcher-backend", USES_EXPERT_PARALLEL,
    N_("chooses the flex dispatcher's backend (DeepEP or HybridEP)") },
  { "--cpu-offloading-num-layers", USES_ALWAYS,
    N_("offloads the activations of some layers to CPU memory") },
  { "--fake-process-group", USES_ALWAYS,
    N_("lets the memory-check launcher build the model on one GPU to measure its memory") },
};

static gint64
int_of (const PlannerArgs *args,
        const char        *dest)
{
  return planner_args_is_set (args, dest) ? planner_args_get_int (args, dest, 0) : 0;
}

static gboolean
on (const PlannerArgs *args,
    const char        *dest)
{
  return planner_args_is_set (args, dest) && planner_args_get_bool (args, dest, FALSE);
}

static gboolean
job_uses (const PlannerArgs *args,
          Uses               uses)
{
  switch (uses)
    {
    case USES_ALWAYS:
      return TRUE;
    case USES_EXPERTS:
      return int_of (args, "num_experts") > 0;
    case USES_EXPERT_PARALLEL:
      return int_of (args, "num_experts") > 0 && int_of (args, "expert_model_parallel_size") > 1;
    case USES_FLEX:
      return int_of (args, "num_experts") > 0
             && g_strcmp0 (planner_args_get_string (args, "moe_token_dispatcher_type", NULL), "flex") == 0;
    case USES_PIPELINE:
      return int_of (args, "pipeline_model_parallel_size") > 1;
    case USES_CONTEXT:
      return int_of (args, "context_parallel_size") > 1;
    case USES_TENSOR:
      return int_of (args, "tensor_model_parallel_size") > 1;
    case USES_FSDP:
      return on (args, "use_megatron_fsdp") || on (args, "use_custom_fsdp") || on (args, "use_torch_fsdp2");
    case USES_MLA:
      return on (args, "multi_latent_attention");
    case USES_MTP:
      return int_of (args, "mtp_num_layers") > 0;
    case USES_FP8:
      return planner_args_is_set (args, "fp8");
    case USES_FP4:
      return planner_args_is_set (args, "fp4");
    case USES_RECOMPUTE:
      return planner_args_is_set (args, "recompute_granularity");
    case USES_OFFLOAD:
      return int_of (args, "cpu_offloading_num_layers") > 0 || on (args, "fine_grained_activation_offloading");
    case USES_CUDA_GRAPHS:
      return on (args, "enable_cuda_graph") || on (args, "external_cuda_graph")
             || (planner_args_is_set (args, "cuda_graph_impl")
                 && g_strcmp0 (planner_args_get_string (args, "cuda_graph_impl", "none"), "none") != 0);
    default:
      g_return_val_if_reached (FALSE);
    }
}

gboolean
planner_release_default_matters (const PlannerArgs *args,
                                 const char        *flag)
{
  g_return_val_if_fail (args != NULL && flag != NULL, FALSE);

  if (g_strv_contains (written, flag))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (feature_options); i++)
    {
      if (g_str_has_prefix (flag, feature_options[i].prefix))
        return job_uses (args, feature_options[i].uses);
    }
  return FALSE;
}

/* The job already writes the flag, under this spelling or another. */
static gboolean
job_sets (const PlannerArgs *args,
          const char        *flag)
{
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);

      if (g_strcmp0 (planner_args_get_flag (args, dest), flag) == 0)
        return TRUE;
    }
  return FALSE;
}

GPtrArray *
planner_release_features_new (const PlannerArgs *args,
                              const char        *from,
                              const char        *to)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (args != NULL, found);

  for (guint i = 0; i < G_N_ELEMENTS (features); i++)
    {
      PlannerReleaseFeature *feature;

      if (!planner_release_has_flag (to, features[i].flag) || planner_release_has_flag (from, features[i].flag)
          || job_sets (args, features[i].flag) || !job_uses (args, features[i].uses))
        continue;
      feature = g_new0 (PlannerReleaseFeature, 1);
      feature->flag = features[i].flag;
      feature->what = _(features[i].what);
      g_ptr_array_add (found, feature);
    }
  return found;
}
