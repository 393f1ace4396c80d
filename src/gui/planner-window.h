/* planner-window.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-application.h"
#include "planner-job.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_WINDOW (planner_window_get_type ())

G_DECLARE_FINAL_TYPE (PlannerWindow, planner_window, PLANNER, WINDOW, AdwApplicationWindow)

PlannerWindow *planner_window_new        (PlannerApplication *application);
PlannerJob    *planner_window_get_job    (PlannerWindow      *self);
/* The newest report; re-analysis runs once per main-loop turn after a change. */
PlannerReport *planner_window_get_report (PlannerWindow      *self);
/* Runs a pending re-analysis now (tests use this instead of spinning the loop). */
void           planner_window_flush      (PlannerWindow      *self);

G_END_DECLS
