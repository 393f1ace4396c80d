/* planner-memory-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-config.h"

G_BEGIN_DECLS

/* Parameter counts per layer, with Megatron's own terms (facts §4.1). */
typedef struct
{
  double attention;
  double dense_mlp;
  double shared_expert;
  double routed_experts;      /* all experts of one layer */
  double active_routed;       /* topk of them */
  double latent_projection;
  double layernorms;
  double router;
  double shared_gate;
  double embedding;           /* h·V */
  double final_layernorm;
  double norm_size;
} PlannerLayerParams;

/* As the planner's own estimate counts them (the newest release's terms,
 * any gated unit). */
void     planner_memory_layer_params (const PlannerConfig *config,
                                      PlannerLayerParams  *params);
/* As @release's theoretical_memory_usage counts them (NULL: the newest). */
void     planner_memory_megatron_layer_params (const PlannerConfig *config,
                                               const char          *release,
                                               PlannerLayerParams  *params);
gboolean planner_memory_layer_is_moe (const PlannerConfig *config,
                                      guint32              layer);
gboolean planner_memory_mtp_is_moe   (const PlannerConfig *config);
/* MoE layers among the @n_layers layers pipeline rank @stage builds. */
guint32  planner_memory_stage_moe_layers (const PlannerConfig *config,
                                          guint32              stage,
                                          guint32              n_layers);

/* Activation bytes one layer keeps for backward, for one microbatch, after
 * the selective recompute modules have dropped what they recompute. */
typedef struct
{
  double dense_layer;
  double moe_layer;
  double layer_input;        /* what full recompute (and a checkpointed unit) keeps */
  double embedding;          /* first stage: the embedding output and its dropout mask */
  double logits;             /* last stage: final norm, output-layer input, logits and loss */
  double recompute_dense;    /* live again while a recomputed dense layer runs backward */
  double recompute_moe;
  double global_buffers;     /* once per GPU: Megatron's global buffer for unfused attention scores */
} PlannerActivationSizes;

void     planner_memory_activation_sizes (const PlannerConfig    *config,
                                          PlannerActivationSizes *sizes);
/* Microbatches whose activations pipeline rank @stage holds at its peak,
 * in units of "every layer of this rank once". */
double   planner_memory_in_flight        (const PlannerConfig    *config,
                                          guint32                 stage);
/* Activation bytes of @n_dense + @n_moe layers with @flight microbatches
 * in flight, with full recompute and activation offloading applied. */
double   planner_memory_layer_activations (const PlannerConfig          *config,
                                           const PlannerActivationSizes *sizes,
                                           double                        n_dense,
                                           double                        n_moe,
                                           double                        flight);
/* Bytes live again while one recomputed unit runs backward (0 without recompute). */
double   planner_memory_recompute_replay  (const PlannerConfig          *config,
                                           const PlannerActivationSizes *sizes,
                                           double                        n_dense,
                                           double                        n_moe);

G_END_DECLS
