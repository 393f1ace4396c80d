/* planner-memory-params.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Parameter counts per layer, with the terms of Megatron's
 * theoretical_memory_usage (facts §4.1): the planner's own estimate counts
 * them as the newest release does, Megatron's figure as the job's release
 * does.
 */

#define G_LOG_DOMAIN "planner-memory"

#include "config.h"

#include "planner-memory-private.h"
#include "planner-release.h"

#include <string.h>

/* What a release's count holds. */
typedef struct
{
  gboolean gated;         /* the MLP's gate: --swiglu (Megatron's figure) or any GLU (the planner's) */
  double   norm_size;     /* parameters per norm and width: RMSNorm 1, LayerNorm 2 */
  double   mla_norm;      /* the same for MLA's q and kv norms */
  gboolean latent;        /* routed experts on --moe-latent-size, with its projections */
  gboolean router;        /* the router's weights and the shared experts' gate */
} Terms;

static void
layer_params (const PlannerConfig *c,
              const Terms         *t,
              PlannerLayerParams  *p)
{
  double h = (double) c->hidden_size;
  double n = (double) c->num_attention_heads;
  double gamma = t->gated ? 1.5 : 1.0;
  double num_experts = c->num_experts > 0 ? (double) c->num_experts : 1.0;
  double moe_ffn = c->num_experts > 0 ? (double) c->moe_ffn_hidden_size : 0.0;
  double shared = (double) c->moe_shared_expert_intermediate_size;
  gboolean latent = t->latent && c->moe_latent_size > 0;
  double routed_hidden = latent ? (double) c->moe_latent_size : h;

  memset (p, 0, sizeof *p);
  p->norm_size = t->norm_size;

  if (c->multi_latent_attention)
    p->attention = planner_config_mla_params (c, t->mla_norm);
  else
    {
      double ratio = (double) c->kv_channels * n / h;

      p->attention = 2.0 * h * h * ((1.0 + (double) c->num_query_groups / n) * ratio);
    }

  p->dense_mlp = 2.0 * h * (double) c->ffn_hidden_size * gamma;
  p->shared_expert = 2.0 * h * shared * gamma;
  p->routed_experts = 2.0 * routed_hidden * moe_ffn * num_experts * gamma;
  if (c->num_experts > 0)
    p->active_routed = 2.0 * routed_hidden * moe_ffn * (double) c->moe_router_topk * gamma;
  if (c->num_experts > 0 && latent)
    p->latent_projection = 2.0 * h * (double) c->moe_latent_size;
  p->layernorms = 2.0 * h * p->norm_size;
  if (c->num_experts > 0 && t->router)
    p->router = h * num_experts + (c->add_bias_linear ? num_experts : 0.0);
  if (shared > 0 && c->moe_shared_expert_gate && t->router)
    p->shared_gate = h;
  p->embedding = h * (double) c->padded_vocab_size;
  p->final_layernorm = p->norm_size * h;
}

void
planner_memory_layer_params (const PlannerConfig *c,
                             PlannerLayerParams  *p)
{
  double norm = c->rmsnorm ? 1.0 : 2.0;
  Terms t = { c->swiglu || c->quick_geglu, norm, norm, TRUE, TRUE };

  layer_params (c, &t, p);
}

/* theoretical_memory_usage.py of each release: it counts a gate only with
 * --swiglu; RMSNorm's single parameter from 0.16.1 (two per norm before,
 * and one for MLA's q and kv norms); the router and the shared experts'
 * gate from 0.18.2; the latent experts from 0.19.0. */
void
planner_memory_megatron_layer_params (const PlannerConfig *c,
                                      const char          *release,
                                      PlannerLayerParams  *p)
{
  gboolean rms = c->rmsnorm && planner_release_at_least (release, "0.16.1");
  Terms t = {
    c->swiglu,
    rms ? 1.0 : 2.0,
    planner_release_at_least (release, "0.16.1") ? (c->rmsnorm ? 1.0 : 2.0) : 1.0,
    planner_release_at_least (release, "0.19.0"),
    planner_release_at_least (release, "0.18.2"),
  };

  layer_params (c, &t, p);
}

gboolean
planner_memory_layer_is_moe (const PlannerConfig *c,
                             guint32              layer)
{
  return c->num_experts > 0 && c->moe_layer_pattern != NULL &&
         layer < c->num_layers && c->moe_layer_pattern[layer] != 0;
}

/* MTP layers copy the type of the last layer. */
gboolean
planner_memory_mtp_is_moe (const PlannerConfig *c)
{
  return c->num_layers > 0 && planner_memory_layer_is_moe (c, c->num_layers - 1);
}
