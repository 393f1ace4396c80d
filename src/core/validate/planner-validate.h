/* planner-validate.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-config.h"
#include "planner-diagnostic.h"
#include "planner-layout.h"

G_BEGIN_DECLS

/* What the validator knows about the launch beyond Megatron's arguments. */
typedef struct
{
  guint64     world_size;                /* 0 = unknown: checks that need it are skipped (info) */
  GHashTable *env;                       /* char* → char*, exported variables; NULL = unknown */
  guint       compute_capability_major;  /* 0 = unknown: assume Hopper or older */
  guint64     vocab_size;                /* 0 = take it from the arguments */
  const char *megatron_version;          /* NULL = the default release (0.20.0) */
  gboolean    form_words;                /* messages for the window: a tokenizer by its choice name */
  const PlannerWords *words;             /* the messages' words (issue 19); NULL: the command line's */
} PlannerValidateContext;

/* Resolve the layout Megatron would build from @args: tp, pp, cp, ep, etp
 * (default tp), vpp from whichever of the three virtual-pipeline sources is
 * given, the rank order and the distributed-optimizer instances.  Adds the
 * layout.* and virtual-pipeline diagnostics (with the nearest valid
 * layouts) and returns FALSE when there is no layout: it is impossible, or
 * @world_size is 0 (unknown, an info diagnostic).  @layout is zeroed then. */
gboolean planner_validate_resolve_layout (const PlannerArgs            *args,
                                          guint64                       world_size,
                                          PlannerLayout                *layout,
                                          GPtrArray                    *diagnostics);
/* The same, its messages made in @words (NULL: the command line's). */
gboolean planner_validate_resolve_layout_in (const PlannerArgs         *args,
                                             guint64                    world_size,
                                             const PlannerWords        *words,
                                             PlannerLayout             *layout,
                                             GPtrArray                 *diagnostics);

/* The nearest valid layouts (GArray of PlannerLayout, at most 3) for the
 * degrees in @args on @world_size GPUs: the very layouts the
 * layout.world-not-divisible message names, for every face to offer.
 * NULL when the degrees cannot be read or @world_size is 0. */
GArray  *planner_validate_nearest_layouts (const PlannerArgs           *args,
                                           guint64                      world_size);

/* Every other semantic check of Megatron-Core 0.20.0 (facts §2), each as a
 * diagnostic with a stable code.  Does not repeat the checks of
 * planner_validate_resolve_layout: call both.  @context, @layout and
 * @config may be NULL (unknown, impossible, or not resolvable); the checks
 * that need them are skipped. */
void     planner_validate                (const PlannerArgs            *args,
                                          const PlannerValidateContext *context,
                                          const PlannerLayout          *layout,
                                          const PlannerConfig          *config,
                                          GPtrArray                    *diagnostics);

/* What --overlap-moe-expert-parallel-comm needs that the job does not
 * have (a bit set, TransformerConfig's checks in Megatron-Core 0.20.0).
 * With the switch on and any bit set, the validator refuses the job as
 * moe.overlap-ep-comm, listing the same needs in this order. */
typedef enum
{
  PLANNER_EP_OVERLAP_NEEDS_EP                 = 1 << 0,  /* EP > 1 */
  PLANNER_EP_OVERLAP_NEEDS_DISPATCHER         = 1 << 1,  /* the alltoall or flex dispatcher */
  PLANNER_EP_OVERLAP_NEEDS_HALF_PRECISION     = 1 << 2,  /* --bf16 or --fp16 */
  PLANNER_EP_OVERLAP_NO_FULL_RECOMPUTE        = 1 << 3,
  PLANNER_EP_OVERLAP_NO_RECOMPUTE_METHOD      = 1 << 4,
  PLANNER_EP_OVERLAP_NO_RECOMPUTE_NUM_LAYERS  = 1 << 5,
  PLANNER_EP_OVERLAP_NO_MOE_RECOMPUTE         = 1 << 6,  /* "moe" in --recompute-modules */
  PLANNER_EP_OVERLAP_NO_SHARED_EXPERT_OVERLAP = 1 << 7,
  PLANNER_EP_OVERLAP_AT_MOST_ONE_MTP_LAYER    = 1 << 8,
  PLANNER_EP_OVERLAP_NEEDS_VPP                = 1 << 9,  /* a virtual pipeline when PP > 1 */
  PLANNER_EP_OVERLAP_NO_NCCLEP_FC1_OFFLOAD    = 1 << 10,
  PLANNER_EP_OVERLAP_NO_TE_GRAPH_MOE          = 1 << 11, /* moe or mlp in Transformer Engine CUDA graphs */
} PlannerEpOverlapNeed;

#define PLANNER_EP_OVERLAP_N_NEEDS 12

/* The needs of the expert-parallel overlap that @args does not meet,
 * whether or not the switch is on, judged exactly as planner_validate
 * judges them: on @layout's degrees when it is given, else on the degrees
 * @args asks for. */
PlannerEpOverlapNeed planner_validate_ep_overlap_unmet (const PlannerArgs   *args,
                                                        const PlannerLayout *layout);

/* The expert-parallel sizes Megatron accepts for the job's experts
 * (GArray of guint32, increasing, at most 8): the divisors of the number
 * of experts that also divide the GPUs left for EP on a pipeline stage
 * (world ÷ (ETP × PP)) when @layout gives the world, the very values the
 * moe.experts-not-divisible-by-ep message lists.  Degrees as in
 * planner_validate_ep_overlap_unmet.  NULL for a dense model. */
GArray  *planner_validate_ep_choices      (const PlannerArgs           *args,
                                           const PlannerLayout         *layout);

G_END_DECLS
