/* planner-memory-chart.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-memory-chart"

#include "config.h"

#include "planner-memory-chart.h"

struct _PlannerMemoryChart
{
  PlannerPictureView parent_instance;
};

G_DEFINE_FINAL_TYPE (PlannerMemoryChart, planner_memory_chart, PLANNER_TYPE_PICTURE_VIEW)

static PlannerScene *
planner_memory_chart_build (PlannerPictureView        *view,
                            const PlannerPictureStyle *style)
{
  return planner_picture_memory (planner_picture_view_get_data (view), style);
}

static void
planner_memory_chart_class_init (PlannerMemoryChartClass *klass)
{
  PlannerPictureViewClass *view_class = PLANNER_PICTURE_VIEW_CLASS (klass);

  view_class->kind = PLANNER_PICTURE_MEMORY;
  view_class->build = planner_memory_chart_build;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "memorypicture");
}

static void
planner_memory_chart_init (PlannerMemoryChart *self)
{
}

GtkWidget *
planner_memory_chart_new (void)
{
  return g_object_new (PLANNER_TYPE_MEMORY_CHART, NULL);
}
