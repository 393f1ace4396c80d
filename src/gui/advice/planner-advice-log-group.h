/* planner-advice-log-group.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-job.h"
#include "planner-log-analysis.h"
#include "planner-log-session.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_ADVICE_LOG_GROUP (planner_advice_log_group_get_type ())

G_DECLARE_FINAL_TYPE (PlannerAdviceLogGroup, planner_advice_log_group, PLANNER, ADVICE_LOG_GROUP, AdwPreferencesGroup)

/* The "Training Log" group of the advice pages: which log is open (or
 * being read, or why it failed), how its run compares with the job and
 * what was assumed in reading it.  Hidden without a log session. */

/* The description differs on Troubleshoot.  Once. */
void planner_advice_log_group_set_troubleshoot (PlannerAdviceLogGroup    *self,
                                                gboolean                  troubleshoot);
/* The window's log session (NULL: none); Cancel and Close act on it. */
void planner_advice_log_group_set_session      (PlannerAdviceLogGroup    *self,
                                                PlannerLogSession        *session);
/* Shows what the session is doing: reading, failed, or which log is open. */
void planner_advice_log_group_update_state     (PlannerAdviceLogGroup    *self);
/* The rows below are made with each plan: removes them. */
void planner_advice_log_group_clear            (PlannerAdviceLogGroup    *self);
/* The log read against @job: how the run compares with it and what was
 * assumed; on Optimize also the measured memory.  @analysis NULL: it
 * could not be read, for @error. */
void planner_advice_log_group_show             (PlannerAdviceLogGroup    *self,
                                                PlannerJob               *job,
                                                const PlannerLogAnalysis *analysis,
                                                const char               *error);

G_END_DECLS
