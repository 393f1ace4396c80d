/* planner-window-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-window.h"

G_BEGIN_DECLS

/* For the widget tests: what the summary line shows right now. */
GtkLabel *_planner_window_get_summary_label (PlannerWindow *self);
GtkStack *_planner_window_get_stack         (PlannerWindow *self);
/* What the Parallelism page's "Use Recommended" button does. */
void      _planner_window_use_recommended   (PlannerWindow *self);

G_END_DECLS
