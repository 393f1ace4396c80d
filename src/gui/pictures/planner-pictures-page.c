/* planner-pictures-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-pictures-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-compare-page.h"
#include "planner-picture-page.h"
#include "planner-pictures-page.h"
#include "planner-rank-grid-page.h"
#include "planner-schedule-view.h"

struct _PlannerPicturesPage
{
  AdwBin        parent_instance;

  /* Template widgets */
  AdwViewStack *stack;
  GtkWidget    *grid_page;
  GtkWidget    *schedule_page;
  GtkWidget    *compare_page;
};

G_DEFINE_FINAL_TYPE (PlannerPicturesPage, planner_pictures_page, ADW_TYPE_BIN)

static void
planner_pictures_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_PICTURES_PAGE);
  G_OBJECT_CLASS (planner_pictures_page_parent_class)->dispose (object);
}

static void
planner_pictures_page_class_init (PlannerPicturesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_pictures_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-pictures-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturesPage, grid_page);
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturesPage, schedule_page);
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturesPage, compare_page);
}

static void
planner_pictures_page_init (PlannerPicturesPage *self)
{
  g_type_ensure (PLANNER_TYPE_RANK_GRID_PAGE);
  g_type_ensure (PLANNER_TYPE_PICTURE_PAGE);
  g_type_ensure (PLANNER_TYPE_COMPARE_PAGE);
  g_type_ensure (PLANNER_TYPE_SCHEDULE_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
planner_pictures_page_new (void)
{
  return g_object_new (PLANNER_TYPE_PICTURES_PAGE, NULL);
}

void
planner_pictures_page_set_data (PlannerPicturesPage *self,
                                PlannerJob          *job,
                                PlannerReport       *report,
                                PlannerPictureData  *data)
{
  g_return_if_fail (PLANNER_IS_PICTURES_PAGE (self));

  planner_rank_grid_page_set_data (PLANNER_RANK_GRID_PAGE (self->grid_page), data);
  planner_picture_page_set_data (PLANNER_PICTURE_PAGE (self->schedule_page), data);
  /* The comparison searches only while it is on screen. */
  planner_compare_page_set_job (PLANNER_COMPARE_PAGE (self->compare_page), job, report);
}

static const char *
kind_name (PlannerPictureKind kind)
{
  switch (kind)
    {
    case PLANNER_PICTURE_GRID: return "rank-grid";
    case PLANNER_PICTURE_SCHEDULE: return "schedule";
    case PLANNER_PICTURE_COMPARE: return "compare";
    case PLANNER_PICTURE_MEMORY:
    case PLANNER_N_PICTURES:
    default: return NULL;
    }
}

gboolean
planner_pictures_page_show (PlannerPicturesPage *self,
                            PlannerPictureKind   kind)
{
  const char *name;

  g_return_val_if_fail (PLANNER_IS_PICTURES_PAGE (self), FALSE);

  name = kind_name (kind);
  if (name == NULL)
    return FALSE;
  adw_view_stack_set_visible_child_name (self->stack, name);
  return TRUE;
}

PlannerPictureKind
planner_pictures_page_get_shown (PlannerPicturesPage *self)
{
  GtkWidget *child;

  g_return_val_if_fail (PLANNER_IS_PICTURES_PAGE (self), PLANNER_PICTURE_GRID);

  child = adw_view_stack_get_visible_child (self->stack);
  if (child == self->schedule_page)
    return PLANNER_PICTURE_SCHEDULE;
  if (child == self->compare_page)
    return PLANNER_PICTURE_COMPARE;
  return PLANNER_PICTURE_GRID;
}

GtkWidget *
planner_pictures_page_get_child (PlannerPicturesPage *self,
                                 PlannerPictureKind   kind)
{
  g_return_val_if_fail (PLANNER_IS_PICTURES_PAGE (self), NULL);

  switch (kind)
    {
    case PLANNER_PICTURE_GRID: return self->grid_page;
    case PLANNER_PICTURE_SCHEDULE: return self->schedule_page;
    case PLANNER_PICTURE_COMPARE: return self->compare_page;
    case PLANNER_PICTURE_MEMORY:
    case PLANNER_N_PICTURES:
    default: return NULL;
    }
}
