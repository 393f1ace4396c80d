/* planner-draft-env.h: the environment the planner's own drafts export
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-args.h"
#include "planner-catalog.h"

G_BEGIN_DECLS

/* The variables the planner's torchrun and SLURM drafts export for a launch
 * of @args on @gpu (a PlannerGpu *) for the Megatron-Core @release (the
 * condition changed between releases): CUDA_DEVICE_MAX_CONNECTIONS=1 where
 * Megatron requires it, PyTorch's expandable segments where Megatron allows
 * them.  The analysis of a job reads the same table, so it knows the
 * environment its own draft sets.  With @gpu NULL nothing is known of its
 * connections: callers then pass no environment to the analysis.  Keys
 * and values are static strings. */
GHashTable *planner_draft_env (const PlannerArgs *args,
                               const PlannerGpu  *gpu,
                               const char        *release);

G_END_DECLS
