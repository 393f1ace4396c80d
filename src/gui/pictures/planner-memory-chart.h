/* planner-memory-chart.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-picture-view.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_MEMORY_CHART (planner_memory_chart_get_type ())

G_DECLARE_FINAL_TYPE (PlannerMemoryChart, planner_memory_chart, PLANNER, MEMORY_CHART, PlannerPictureView)

/* Memory per GPU as a stacked bar per pipeline stage against the GPU's
 * capacity, the numbers beside it. */
GtkWidget *planner_memory_chart_new (void);

G_END_DECLS
