/* planner-schedule-view.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-schedule-view"

#include "config.h"

#include "planner-schedule-view.h"

struct _PlannerScheduleView
{
  PlannerPictureView parent_instance;
};

G_DEFINE_FINAL_TYPE (PlannerScheduleView, planner_schedule_view, PLANNER_TYPE_PICTURE_VIEW)

static PlannerScene *
planner_schedule_view_build (PlannerPictureView        *view,
                             const PlannerPictureStyle *style)
{
  return planner_picture_schedule (planner_picture_view_get_data (view), style);
}

static void
planner_schedule_view_class_init (PlannerScheduleViewClass *klass)
{
  PlannerPictureViewClass *view_class = PLANNER_PICTURE_VIEW_CLASS (klass);

  view_class->kind = PLANNER_PICTURE_SCHEDULE;
  view_class->build = planner_schedule_view_build;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "schedulepicture");
}

static void
planner_schedule_view_init (PlannerScheduleView *self)
{
}

GtkWidget *
planner_schedule_view_new (void)
{
  return g_object_new (PLANNER_TYPE_SCHEDULE_VIEW, NULL);
}
