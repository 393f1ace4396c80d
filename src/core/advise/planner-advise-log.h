/* planner-advise-log.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-log-analysis.h"
#include "planner-plan.h"

G_BEGIN_DECLS

/* Optimize and troubleshoot on the evidence of a run's log.
 *
 * @symptom NONE gives the optimization plan, starting from the MFU the log
 * measured (the median logged throughput through the planner's own MFU
 * function, as optimize --tflops-per-gpu would).  Any other symptom gives
 * the troubleshooting plan for it, on the finding of that symptom when the
 * log shows one.  The plan's evidence says what the log showed (the
 * finding, the measured MFU, logged memory against the estimate, what was
 * assumed); each suggestion cites the log lines that motivated it. */
PlannerPlan *planner_advise_log     (const PlannerLogAnalysis *analysis,
                                     PlannerSymptom            symptom,
                                     GError                  **error);

/* One troubleshooting plan per symptom the log shows, most severe first
 * (PlannerPlan*; empty when it shows none). */
GPtrArray   *planner_advise_log_all (const PlannerLogAnalysis *analysis,
                                     GError                  **error);

G_END_DECLS
