/* planner-optimize.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advisor.h"

G_BEGIN_DECLS

/* Runs the throughput rules, in order, each on top of the ones accepted
 * before it (engine-internal; planner_advise_optimize is the entry). */
void                 planner_optimize_run             (PlannerAdvisor *advisor);

G_END_DECLS
