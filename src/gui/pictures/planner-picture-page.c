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

  /* Template widgets */
  GtkStack           *stack;
  GtkWidget          *toolbar;
  GtkScrolledWindow  *scrolled;

  GType               view_type;   /* construct-only: which picture */
  PlannerPictureView *view;
  const char         *file_name;   /* "schedule", "memory" */
};

G_DEFINE_FINAL_TYPE (PlannerPicturePage, planner_picture_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_VIEW_TYPE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

/* The view is the one part the template cannot name: the page is made
 * for either picture, so it comes from the view-type property. */
static void
planner_picture_page_constructed (GObject *object)
{
  PlannerPicturePage *self = PLANNER_PICTURE_PAGE (object);
  gboolean memory = g_type_is_a (self->view_type, PLANNER_TYPE_MEMORY_CHART);
  GtkWidget *view;

  G_OBJECT_CLASS (planner_picture_page_parent_class)->constructed (object);

  view = g_object_new (memory ? PLANNER_TYPE_MEMORY_CHART : PLANNER_TYPE_SCHEDULE_VIEW, NULL);
  self->view = PLANNER_PICTURE_VIEW (view);
  self->file_name = memory ? "memory" : "schedule";
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->toolbar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  memory ? _("Memory per GPU") : _("Pipeline schedule"), -1);
  gtk_widget_set_margin_start (view, 12);
  gtk_widget_set_margin_end (view, 12);
  gtk_widget_set_margin_bottom (view, 12);
  gtk_scrolled_window_set_child (self->scrolled, view);
  update (self);
}

static void
planner_picture_page_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  PlannerPicturePage *self = PLANNER_PICTURE_PAGE (object);

  switch (prop_id)
    {
    case PROP_VIEW_TYPE:
      self->view_type = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_picture_page_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  PlannerPicturePage *self = PLANNER_PICTURE_PAGE (object);

  switch (prop_id)
    {
    case PROP_VIEW_TYPE:
      g_value_set_gtype (value, self->view_type);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_picture_page_dispose (GObject *object)
{
  /* The stack is both AdwBin's child and a template child: let the bin
   * drop it first, or both would unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_PICTURE_PAGE);
  G_OBJECT_CLASS (planner_picture_page_parent_class)->dispose (object);
}

static void
planner_picture_page_class_init (PlannerPicturePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = planner_picture_page_constructed;
  object_class->set_property = planner_picture_page_set_property;
  object_class->get_property = planner_picture_page_get_property;
  object_class->dispose = planner_picture_page_dispose;

  /* The schedule unless a memory chart is asked for. */
  properties[PROP_VIEW_TYPE] =
    g_param_spec_gtype ("view-type", NULL, NULL, PLANNER_TYPE_PICTURE_VIEW,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-picture-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturePage, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturePage, toolbar);
  gtk_widget_class_bind_template_child (widget_class, PlannerPicturePage, scrolled);
  gtk_widget_class_bind_template_callback (widget_class, on_export_png);
  gtk_widget_class_bind_template_callback (widget_class, on_export_svg);
  gtk_widget_class_bind_template_callback (widget_class, on_present);
}

static void
planner_picture_page_init (PlannerPicturePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
planner_picture_page_new_schedule (void)
{
  return g_object_new (PLANNER_TYPE_PICTURE_PAGE, "view-type", PLANNER_TYPE_SCHEDULE_VIEW, NULL);
}

GtkWidget *
planner_picture_page_new_memory (void)
{
  return g_object_new (PLANNER_TYPE_PICTURE_PAGE, "view-type", PLANNER_TYPE_MEMORY_CHART, NULL);
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
