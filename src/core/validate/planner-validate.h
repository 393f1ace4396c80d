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

G_END_DECLS
