/* planner-experts-page-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-experts-page.h"

G_BEGIN_DECLS

/* For the widget tests: what the page shows right now. */

/* "dense" (the status page) or "moe" (the expert settings). */
const char *_planner_experts_page_get_state   (PlannerExpertsPage *self);
/* The figures of "Memory Saved by Expert Parallelism".  FALSE when the
 * page has none (a dense model, no model math, or EP does not divide the
 * experts); the outputs are then zero.  Bytes are BF16 routed-expert
 * weights per GPU on the most loaded pipeline stage. */
gboolean    _planner_experts_page_get_figures (PlannerExpertsPage *self,
                                               guint              *experts_per_gpu,
                                               double             *saved_fraction,
                                               double             *bytes_at_ep1,
                                               double             *bytes_now);

/* What the "Overlap Expert-Parallel Communication" row says under it. */
const char *_planner_experts_page_get_overlap_reason (PlannerExpertsPage *self);

G_END_DECLS
