/* planner-log-chart-view.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "planner-log-chart.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_LOG_CHART_VIEW (planner_log_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (PlannerLogChartView, planner_log_chart_view, PLANNER, LOG_CHART_VIEW, GtkWidget)

/* The chart of a run's log (planner-log-chart.h) in one snapshot: loss,
 * grad norm and throughput per iteration with the failure marked, a
 * tooltip for the iteration under the pointer, and a description for
 * screen readers that says what it shows and where the failure is. */
GtkWidget        *planner_log_chart_view_new         (void);
/* @record NULL: nothing to draw.  @marks are copied. */
void              planner_log_chart_view_set_data    (PlannerLogChartView       *self,
                                                      PlannerLogRecord          *record,
                                                      const PlannerLogChartMark *marks,
                                                      guint                      n_marks);
PlannerLogRecord *planner_log_chart_view_get_record  (PlannerLogChartView       *self);
/* The scene drawn now (NULL before the first allocation or without a record). */
PlannerScene     *planner_log_chart_view_get_scene   (PlannerLogChartView       *self);
/* The sentence screen readers get. */
const char       *planner_log_chart_view_get_description (PlannerLogChartView   *self);

G_END_DECLS
