/* planner-schedule-view.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-picture-view.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_SCHEDULE_VIEW (planner_schedule_view_get_type ())

G_DECLARE_FINAL_TYPE (PlannerScheduleView, planner_schedule_view, PLANNER, SCHEDULE_VIEW, PlannerPictureView)

/* The pipeline schedule Megatron runs for the layout: a timeline per pipeline
 * rank, the bubble shaded with its fraction. */
GtkWidget *planner_schedule_view_new (void);

G_END_DECLS
