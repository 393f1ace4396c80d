/* planner-traffic.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-config.h"
#include "planner-memory.h"

G_BEGIN_DECLS

/* Modelled communication of one training step, in bytes each GPU sends,
 * by the kind of group that carries it.  Bytes only, never time: how
 * long they take depends on the fabric and on what overlaps. */
typedef enum
{
  PLANNER_TRAFFIC_TP = 0,     /* TP/SP all-gathers and reduce-scatters (all-reduces without SP) */
  PLANNER_TRAFFIC_CP,         /* the ring passing K and V */
  PLANNER_TRAFFIC_PP,         /* activations forward, their gradients backward */
  PLANNER_TRAFFIC_DP,         /* dense gradients reduced, parameters gathered (over DP × CP) */
  PLANNER_TRAFFIC_EP,         /* MoE token all-to-alls, dispatch and combine */
  PLANNER_TRAFFIC_ETP,        /* expert TP gathers and scatters */
  PLANNER_TRAFFIC_EXPERT_DP,  /* expert gradients reduced over the expert data-parallel group */
  PLANNER_N_TRAFFIC
} PlannerTrafficKind;

typedef struct
{
  double bytes[PLANNER_N_TRAFFIC];
  double total;
} PlannerTraffic;

/* @memory gives the parameters each GPU holds (its most loaded stage);
 * NULL leaves the gradient reductions out. */
void         planner_traffic_estimate   (const PlannerConfig         *config,
                                         const PlannerMemoryEstimate *memory,
                                         PlannerTraffic              *out);
/* "TP", "CP", "PP", "DP", "EP", "ETP", "EDP" */
const char  *planner_traffic_kind_name  (PlannerTrafficKind           kind);

G_END_DECLS
