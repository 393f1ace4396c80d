/* planner-picture-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-picture-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-memory-chart.h"
#include "planner-picture-export.h"
#include "planner-picture-page.h"
#include "planner-presentation.h"
#include "planner-schedule-view.h"

/* Exports are laid out this wide: slides want 1920 pixels. */
#define EXPORT_WIDTH 1920.

struct _PlannerPicturePage
{
  AdwBin              parent_instance;

  PlannerPictureView *view;
  GtkStack           *stack;
  AdwStatusPage      *empty;
  const char         *file_name;   /* "schedule", "memory" */
};

G_DEFINE_FINAL_TYPE (PlannerPicturePage, planner_picture_page, ADW_TYPE_BIN)

static void
export (PlannerPicturePage *self,
        gboolean            svg)
{
  g_autoptr(PlannerScene) scene = planner_picture_view_build_export (self->view, EXPORT_WIDTH);
  g_autofree char *name = g_strdup_printf ("%s.%s", self->file_name, svg ? "svg" : "png");

  if (scene != NULL)
    planner_picture_export_choose (GTK_WIDGET (self), scene, svg, name);
}

static void
on_export_png (PlannerPicturePage *self)
{
  export (self, FALSE);
}

static void
on_export_svg (PlannerPicturePage *self)
{
  export (self, TRUE);
}

static void
on_present (PlannerPicturePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PlannerPictureData *data = planner_picture_view_get_data (self->view);
  GtkWidget *presentation;

  if (data == NULL)
    return;
  presentation = planner_presentation_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, data,
                                           planner_picture_view_get_other (self->view));
  planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), planner_picture_view_get_kind (self->view));
  gtk_window_present (GTK_WINDOW (presentation));
}

static void
update (PlannerPicturePage *self)
{
  PlannerPictureData *data = planner_picture_view_get_data (self->view);
  gboolean drawable = data != NULL && planner_picture_data_get_layout (data) != NULL &&
                      planner_picture_data_get_report (data) != NULL;

  gtk_stack_set_visible_child_name (self->stack, drawable ? "picture" : "empty");
}

static void
planner_picture_page_class_init (PlannerPicturePageClass *klass)
{
}

static GtkWidget *
button (PlannerPicturePage *self,
        const char         *label,
        const char         *tooltip,
        GCallback           callback)
{
  GtkWidget *widget = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (widget, tooltip);
  g_signal_connect_object (widget, "clicked", callback, self, G_CONNECT_SWAPPED);
  return widget;
}

static void
planner_picture_page_init (PlannerPicturePage *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self), "picture-page");
}

static GtkWidget *
page_new (GtkWidget  *view,
          const char *title,
          const char *file_name)
{
  PlannerPicturePage *self = g_object_new (PLANNER_TYPE_PICTURE_PAGE, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* The view switcher's tab already names the picture: the toolbar holds
   * only what to do with it. */
  GtkWidget *heading = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->view = PLANNER_PICTURE_VIEW (view);
  self->file_name = file_name;
  gtk_widget_set_hexpand (heading, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toolbar), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  gtk_box_append (GTK_BOX (toolbar), heading);
  gtk_box_append (GTK_BOX (toolbar), button (self, _("Export P_NG…"), _("Save the picture for slides (1920 pixels wide)"),
                                             G_CALLBACK (on_export_png)));
  gtk_box_append (GTK_BOX (toolbar), button (self, _("Export _SVG…"), _("Save the picture as a drawing"),
                                             G_CALLBACK (on_export_svg)));
  gtk_box_append (GTK_BOX (toolbar), button (self, _("_Present"),
                                             _("Every picture full screen for a projector; arrow keys step, Esc leaves"),
                                             G_CALLBACK (on_present)));
  gtk_widget_set_margin_start (toolbar, 12);
  gtk_widget_set_margin_end (toolbar, 12);
  gtk_widget_set_margin_top (toolbar, 12);
  gtk_widget_set_margin_bottom (toolbar, 12);

  gtk_widget_set_margin_start (view, 12);
  gtk_widget_set_margin_end (view, 12);
  gtk_widget_set_margin_bottom (view, 12);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), toolbar);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), scrolled);

  self->empty = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->empty, "view-app-grid-symbolic");
  adw_status_page_set_title (self->empty, _("Nothing to Draw Yet"));
  adw_status_page_set_description (self->empty, _("Choose a model and parallel degrees that form a layout."));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, box, "picture");
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->empty), "empty");
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->stack));
  update (self);
  return GTK_WIDGET (self);
}

GtkWidget *
planner_picture_page_new_schedule (void)
{
  return page_new (planner_schedule_view_new (), _("Pipeline schedule"), "schedule");
}

GtkWidget *
planner_picture_page_new_memory (void)
{
  return page_new (planner_memory_chart_new (), _("Memory per GPU"), "memory");
}

void
planner_picture_page_set_data (PlannerPicturePage *self,
                               PlannerPictureData *data)
{
  g_return_if_fail (PLANNER_IS_PICTURE_PAGE (self));

  planner_picture_view_set_data (self->view, data);
  update (self);
}

void
planner_picture_page_set_report (PlannerPicturePage *self,
                                 PlannerJob         *job,
                                 PlannerReport      *report)
{
  g_autoptr(PlannerPictureData) data = NULL;

  g_return_if_fail (PLANNER_IS_PICTURE_PAGE (self));
  g_return_if_fail (PLANNER_IS_JOB (job));

  data = planner_picture_data_new (job, report);
  planner_picture_page_set_data (self, data);
}

PlannerPictureView *
planner_picture_page_get_view (PlannerPicturePage *self)
{
  g_return_val_if_fail (PLANNER_IS_PICTURE_PAGE (self), NULL);
  return self->view;
}

static void
on_page_exported (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (planner_picture_export_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
planner_picture_page_export_async (PlannerPicturePage  *self,
                                   gboolean             svg,
                                   GFile               *file,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(PlannerScene) scene = NULL;
  GTask *task;

  g_return_if_fail (PLANNER_IS_PICTURE_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_picture_page_export_async);
  scene = planner_picture_view_build_export (self->view, EXPORT_WIDTH);
  if (scene == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("There is no picture to export"));
      g_object_unref (task);
      return;
    }
  planner_picture_export_async (scene, svg, file, cancellable, on_page_exported, task);
}

gboolean
planner_picture_page_export_finish (PlannerPicturePage *self,
                                    GAsyncResult       *result,
                                    GError            **error)
{
  g_return_val_if_fail (PLANNER_IS_PICTURE_PAGE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
