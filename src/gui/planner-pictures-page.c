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

struct _PlannerPicturesPage
{
  AdwBin        parent_instance;

  AdwViewStack *stack;
  GtkWidget    *grid_page;
  GtkWidget    *schedule_page;
  GtkWidget    *compare_page;
};

G_DEFINE_FINAL_TYPE (PlannerPicturesPage, planner_pictures_page, ADW_TYPE_BIN)

static void
planner_pictures_page_class_init (PlannerPicturesPageClass *klass)
{
}

static void
planner_pictures_page_init (PlannerPicturesPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *switcher = adw_view_switcher_new ();
  GtkWidget *bar = gtk_center_box_new ();

  self->stack = ADW_VIEW_STACK (adw_view_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  self->grid_page = planner_rank_grid_page_new ();
  self->schedule_page = planner_picture_page_new_schedule ();
  self->compare_page = planner_compare_page_new ();
  adw_view_stack_add_titled_with_icon (self->stack, self->grid_page, "rank-grid", _("Rank Grid"),
                                       "view-grid-symbolic");
  adw_view_stack_add_titled_with_icon (self->stack, self->schedule_page, "schedule", _("Pipeline Schedule"),
                                       "view-list-symbolic");
  adw_view_stack_add_titled_with_icon (self->stack, self->compare_page, "compare", _("Compare"),
                                       "view-dual-symbolic");

  /* Three views of one layout: a switcher a GNOME app would put over
   * them, centred, in a bar of its own above each view's toolbar. */
  adw_view_switcher_set_stack (ADW_VIEW_SWITCHER (switcher), self->stack);
  adw_view_switcher_set_policy (ADW_VIEW_SWITCHER (switcher), ADW_VIEW_SWITCHER_POLICY_WIDE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (switcher), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pictures"), -1);
  gtk_center_box_set_center_widget (GTK_CENTER_BOX (bar), switcher);
  gtk_widget_add_css_class (bar, "pictures-switcher");

  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  adw_bin_set_child (ADW_BIN (self), box);
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
