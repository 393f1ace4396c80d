/* planner-compare-view.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-picture-view.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_COMPARE_VIEW (planner_compare_view_get_type ())

G_DECLARE_FINAL_TYPE (PlannerCompareView, planner_compare_view, PLANNER, COMPARE_VIEW, PlannerPictureView)

/* Two layouts side by side (set "data" and "other"): their summary
 * lines, grids, memory charts and schedules, and a table of what differs. */
GtkWidget *planner_compare_view_new (void);
void                planner_compare_view_set_part (PlannerCompareView *self,
                                                   PlannerComparePart  part);
PlannerComparePart  planner_compare_view_get_part (PlannerCompareView *self);

G_END_DECLS
