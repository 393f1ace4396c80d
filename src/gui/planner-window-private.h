/* planner-window-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-log-session.h"
#include "planner-script-pane.h"
#include "planner-window.h"

G_BEGIN_DECLS

/* For the widget tests. */
GtkLabel          *_planner_window_get_summary_label (PlannerWindow *self);
/* The page stack, with every page built (the window builds them when first shown). */
GtkStack          *_planner_window_get_stack         (PlannerWindow *self);
PlannerScriptPane *_planner_window_get_script_pane   (PlannerWindow *self);
/* The page @name, built if it was not yet. */
GtkWidget         *_planner_window_get_page          (PlannerWindow *self,
                                                      const char    *name);
GPtrArray         *_planner_window_get_problems      (PlannerWindow *self);
const char        *_planner_window_get_problem_text  (PlannerWindow *self);
/* "done", "warning", "error" or "none": what the sidebar marks. */
const char        *_planner_window_get_page_status   (PlannerWindow *self,
                                                      const char    *name);

/* The training log the window has open (Optimize and Troubleshoot). */
PlannerLogSession *_planner_window_get_log_session   (PlannerWindow *self);
/* Where Alt+N reaches @name: its place among the sidebar rows shown
 * (0 for Alt+1), or −1 while the row is hidden. */
int                _planner_window_get_page_position (PlannerWindow *self,
                                                      const char    *name);

G_END_DECLS
