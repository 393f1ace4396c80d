/* planner-traffic.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-traffic"

#include "config.h"

#include <string.h>

#include "planner-traffic.h"

/* The same volumes the recommendation search prices (planner-recommend.c,
 * step_time), as bytes: activations in 2-byte elements, gradients
 * reduced in fp32.  A ring collective over g GPUs moves (g−1)/g of the
 * buffer through each of them. */
void
planner_traffic_estimate (const PlannerConfig         *config,
                          const PlannerMemoryEstimate *memory,
                          PlannerTraffic              *out)
{
  const PlannerLayout *l;
  double tokens, h, m, layers, moe_layers, kv_width, recompute;

  g_return_if_fail (config != NULL);
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  l = &config->layout;
  if (l->tp == 0 || l->pp == 0 || l->cp == 0 || l->ep == 0 || l->etp == 0 || config->seq_length == 0)
    return;

  tokens = (double) config->micro_batch_size * (double) config->seq_length / (double) l->cp;
  h = (double) config->hidden_size;
  m = (double) config->num_microbatches;
  layers = (double) config->num_layers / (double) l->pp;
  moe_layers = config->num_experts > 0 ? (double) planner_config_count_moe_layers (config) / (double) l->pp : 0.;
  /* Full recompute runs each layer's forward, and its collectives, twice. */
  recompute = config->recompute == PLANNER_RECOMPUTE_FULL ? 1.5 : 1.;
  if (config->multi_latent_attention)
    kv_width = (double) config->num_attention_heads *
               (double) (config->qk_head_dim + config->qk_pos_emb_head_dim + config->v_head_dim);
  else
    kv_width = 2. * (double) config->num_query_groups * (double) config->kv_channels;

  /* Two gathers and two scatters forward, as many backward. */
  if (l->tp > 1)
    out->bytes[PLANNER_TRAFFIC_TP] = 8. * ((double) l->tp - 1.) / (double) l->tp * tokens * h * 2. *
                                     layers * m * recompute;
  /* K and V go round the ring cp − 1 times forward and twice that backward. */
  if (l->cp > 1)
    out->bytes[PLANNER_TRAFFIC_CP] = 3. * ((double) l->cp - 1.) * tokens * kv_width * 2. / (double) l->tp *
                                     layers * m;
  /* Each chunk sends its output forward and receives its gradient back. */
  if (l->pp > 1)
    out->bytes[PLANNER_TRAFFIC_PP] = 2. * tokens * h * 2. / (double) l->tp * (double) MAX (l->vpp, 1) * m;
  /* Dispatch and combine, forward and backward. */
  if (moe_layers > 0. && l->ep > 1)
    out->bytes[PLANNER_TRAFFIC_EP] = 4. * tokens / (double) l->tp * (double) l->etp *
                                     (double) config->moe_router_topk * h * 2. *
                                     ((double) l->ep - 1.) / (double) l->ep * moe_layers * m;
  if (moe_layers > 0. && l->etp > 1)
    out->bytes[PLANNER_TRAFFIC_ETP] = 4. * ((double) l->etp - 1.) / (double) l->etp * tokens / (double) l->tp *
                                      (double) config->moe_router_topk * h * 2. * moe_layers * m * recompute;

  /* fp32 gradients: an all-reduce (2 × 4 bytes a parameter), or with the
   * distributed optimizer a reduce-scatter (4) and the bf16 all-gather (2). */
  if (memory != NULL && memory->n_stages > 0)
    {
      const PlannerStageMemory *stage = &memory->stages[memory->worst];
      double per_param = config->use_distributed_optimizer ? 6. : 8.;
      double dense_group = (double) l->dp * (double) l->cp;
      double expert_group = (double) l->expert_dp;

      if (dense_group > 1.)
        out->bytes[PLANNER_TRAFFIC_DP] = (dense_group - 1.) / dense_group * per_param * stage->dense_params;
      if (expert_group > 1.)
        out->bytes[PLANNER_TRAFFIC_EXPERT_DP] = (expert_group - 1.) / expert_group * per_param *
                                                stage->expert_params;
    }

  for (guint k = 0; k < PLANNER_N_TRAFFIC; k++)
    out->total += out->bytes[k];
}

const char *
planner_traffic_kind_name (PlannerTrafficKind kind)
{
  switch (kind)
    {
    case PLANNER_TRAFFIC_TP: return "TP";
    case PLANNER_TRAFFIC_CP: return "CP";
    case PLANNER_TRAFFIC_PP: return "PP";
    case PLANNER_TRAFFIC_DP: return "DP";
    case PLANNER_TRAFFIC_EP: return "EP";
    case PLANNER_TRAFFIC_ETP: return "ETP";
    case PLANNER_TRAFFIC_EXPERT_DP: return "EDP";
    case PLANNER_N_TRAFFIC:
    default: return NULL;
    }
}
