/* planner-troubleshoot.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advisor.h"

G_BEGIN_DECLS

/* Runs the rules that fit @symptom, each alone on the job as given, and
 * ranks what they offer (engine-internal; planner_advise_troubleshoot is
 * the entry). */
void                 planner_troubleshoot_run         (PlannerAdvisor *advisor,
                                                       PlannerSymptom  symptom);

G_END_DECLS
