/* planner-compare-view.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-compare-view"

#include "config.h"

#include "planner-compare-view.h"

struct _PlannerCompareView
{
  PlannerPictureView parent_instance;
  PlannerComparePart part;
};

G_DEFINE_FINAL_TYPE (PlannerCompareView, planner_compare_view, PLANNER_TYPE_PICTURE_VIEW)

static PlannerScene *
planner_compare_view_build (PlannerPictureView        *view,
                            const PlannerPictureStyle *style)
{
  PlannerPictureData *other = planner_picture_view_get_other (view);

  if (other == NULL)
    return NULL;
  return planner_picture_compare_part (planner_picture_view_get_data (view), other,
                                       PLANNER_COMPARE_VIEW (view)->part, style);
}

static void
planner_compare_view_class_init (PlannerCompareViewClass *klass)
{
  PlannerPictureViewClass *view_class = PLANNER_PICTURE_VIEW_CLASS (klass);

  view_class->kind = PLANNER_PICTURE_COMPARE;
  view_class->scrolls = TRUE;
  view_class->build = planner_compare_view_build;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "comparepicture");
}

static void
planner_compare_view_init (PlannerCompareView *self)
{
}

GtkWidget *
planner_compare_view_new (void)
{
  return g_object_new (PLANNER_TYPE_COMPARE_VIEW, NULL);
}

/* One part of the comparison, which then fits the height it is given. */
void
planner_compare_view_set_part (PlannerCompareView *self,
                               PlannerComparePart  part)
{
  g_return_if_fail (PLANNER_IS_COMPARE_VIEW (self));
  g_return_if_fail (part < PLANNER_N_COMPARE_PARTS);

  self->part = part;
  planner_picture_view_set_fits (PLANNER_PICTURE_VIEW (self), part != PLANNER_COMPARE_ALL);
}

PlannerComparePart
planner_compare_view_get_part (PlannerCompareView *self)
{
  g_return_val_if_fail (PLANNER_IS_COMPARE_VIEW (self), PLANNER_COMPARE_ALL);
  return self->part;
}
