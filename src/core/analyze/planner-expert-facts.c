/* planner-expert-facts.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-expert-facts"

#include "config.h"

#include "planner-expert-facts.h"

/* The degrees as the rest of the report sees them: the layout Megatron
 * would build, else the one the model math used, else the arguments. */
static void
resolve_degrees (const PlannerReport *report,
                 PlannerExpertFacts  *facts)
{
  const PlannerLayout *layout = planner_report_get_layout (report);
  const PlannerConfig *config = planner_report_get_config (report);
  const PlannerArgs *args = planner_report_get_args (report);

  if (layout == NULL && config != NULL)
    layout = &config->layout;
  if (layout != NULL)
    {
      facts->ep = MAX (layout->ep, 1);
      facts->etp = MAX (layout->etp, 1);
      facts->tp = MAX (layout->tp, 1);
      return;
    }
  facts->tp = (guint32) CLAMP (planner_args_get_int (args, "tensor_model_parallel_size", 1), 1, G_MAXUINT32);
  facts->ep = (guint32) CLAMP (planner_args_get_int (args, "expert_model_parallel_size", 1), 1, G_MAXUINT32);
  facts->etp = (guint32) CLAMP (planner_args_get_int (args, "expert_tensor_parallel_size", facts->tp), 1,
                                G_MAXUINT32);
}

static void
expert_memory (const PlannerReport *report,
               PlannerExpertFacts  *facts)
{
  const PlannerConfig *config = planner_report_get_config (report);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
  const PlannerStageMemory *stage = NULL;
  double split = (double) facts->ep * (double) facts->etp;

  if (config == NULL || estimate == NULL)
    {
      facts->memory = PLANNER_EXPERT_MEMORY_NO_MODEL_MATH;
      return;
    }
  facts->precision = config->precision;
  facts->fp8 = config->fp8;
  if (!facts->ep_divides)
    {
      facts->memory = PLANNER_EXPERT_MEMORY_EP_NOT_DIVISIBLE;
      return;
    }

  /* The stage holding the most expert weights (the first, or the last
   * with MoE multi-token-prediction layers). */
  for (guint i = 0; i < estimate->n_stages; i++)
    {
      if (stage == NULL || estimate->stages[i].expert_params > stage->expert_params)
        stage = &estimate->stages[i];
    }
  if (stage == NULL || stage->expert_params <= 0)
    {
      facts->memory = PLANNER_EXPERT_MEMORY_NO_ROUTED_EXPERTS;
      return;
    }

  facts->memory = PLANNER_EXPERT_MEMORY_FIGURES;
  facts->stage = stage->stage;
  facts->stage_layers = stage->num_layers;
  facts->weight_bytes = stage->expert_weight_bytes;
  facts->weight_bytes_at_ep1 = stage->expert_weight_bytes * split;
  facts->saved_fraction = 1.0 - 1.0 / split;
}

PlannerExpertFacts *
planner_expert_facts_new (const PlannerReport *report)
{
  const PlannerConfig *config;
  const PlannerArgs *args;
  PlannerExpertFacts *facts;

  g_return_val_if_fail (report != NULL, NULL);

  facts = g_new0 (PlannerExpertFacts, 1);
  config = planner_report_get_config (report);
  args = planner_report_get_args (report);
  if (config != NULL)
    {
      facts->num_experts = config->num_experts;
      facts->topk = config->moe_router_topk;
    }
  else
    {
      facts->num_experts = (guint32) CLAMP (planner_args_get_int (args, "num_experts", 0), 0, G_MAXUINT32);
      facts->topk = (guint32) CLAMP (planner_args_get_int (args, "moe_router_topk", 0), 0, G_MAXUINT32);
    }
  if (facts->num_experts == 0)
    return facts;

  resolve_degrees (report, facts);
  facts->ep_divides = facts->num_experts % facts->ep == 0;
  facts->experts_per_gpu = facts->ep_divides ? facts->num_experts / facts->ep : 0;
  facts->ep_choices = planner_validate_ep_choices (args, planner_report_get_layout (report));
  facts->overlap_unmet = planner_validate_ep_overlap_unmet (args, planner_report_get_layout (report));
  expert_memory (report, facts);
  return facts;
}

void
planner_expert_facts_free (PlannerExpertFacts *facts)
{
  if (facts == NULL)
    return;
  g_clear_pointer (&facts->ep_choices, g_array_unref);
  g_free (facts);
}
