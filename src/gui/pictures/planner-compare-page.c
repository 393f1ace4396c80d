/* planner-compare-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-compare-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-compare-page.h"
#include "planner-escape.h"
#include "planner-field.h"
#include "planner-picture-export.h"
#include "planner-presentation.h"

#define EXPORT_WIDTH 1920.
/* A job file is small; a larger one is not a job. */
#define MAX_JOB_BYTES (1 << 20)

struct _PlannerComparePage
{
  AdwBin              parent_instance;

  /* Template widgets */
  PlannerPictureView *view;
  GtkStack           *stack;
  AdwStatusPage      *empty;
  GtkToggleButton    *recommended_button;
  GtkLabel           *other_label;

  GCancellable       *cancellable;

  PlannerJob         *job;
  PlannerReport      *report;
  PlannerJob         *other_job;       /* NULL: the recommended layout */
  char               *other_name;
  gboolean            dirty;           /* the comparison is older than the job */
  char               *problem;
};

G_DEFINE_FINAL_TYPE (PlannerComparePage, planner_compare_page, ADW_TYPE_BIN)

static void
show_problem (PlannerComparePage *self,
              const char         *problem)
{
  g_free (self->problem);
  self->problem = g_strdup (problem);
  if (problem != NULL)
    {
      adw_status_page_set_description (self->empty, problem);
      gtk_stack_set_visible_child_name (self->stack, "empty");
    }
  else
    gtk_stack_set_visible_child_name (self->stack, "picture");
}

/* Builds both sides; only while on screen, since the recommendation
 * search takes a few milliseconds. */
static void
refresh (PlannerComparePage *self)
{
  g_autoptr(PlannerPictureData) current = NULL;
  g_autoptr(PlannerPictureData) other = NULL;
  g_autoptr(PlannerJob) recommended = NULL;
  g_autoptr(GError) error = NULL;

  if (!self->dirty || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->dirty = FALSE;
  if (self->job == NULL)
    {
      show_problem (self, _("There is no job to compare."));
      return;
    }

  current = planner_picture_data_new (self->job, self->report);
  planner_picture_data_set_label (current, _("Current layout"));
  if (self->other_job != NULL)
    {
      other = planner_picture_data_new (self->other_job, NULL);
      planner_picture_data_set_label (other, self->other_name);
    }
  else
    {
      PlannerWords words;

      planner_field_words_init (&words, self->job);
      recommended = planner_picture_recommended_job (self->job, &words, &error);
      if (recommended == NULL)
        {
          g_autofree char *problem = g_strdup_printf (_("No recommended layout to compare with: %s"),
                                                      error->message);

          planner_picture_view_set_data (self->view, NULL);
          show_problem (self, problem);
          return;
        }
      other = planner_picture_data_new (recommended, NULL);
      planner_picture_data_set_label (other, _("Recommended layout"));
    }
  planner_picture_view_set_other (self->view, other);
  planner_picture_view_set_data (self->view, current);
  /* A saved job is named; the recommended layout is what the pressed
   * toggle already says. */
  gtk_label_set_text (self->other_label, self->other_job != NULL ? planner_picture_data_get_label (other) : "");
  show_problem (self, NULL);
}

static void
mark_dirty (PlannerComparePage *self)
{
  self->dirty = TRUE;
  refresh (self);
}

static void
on_recommended_toggled (PlannerComparePage *self)
{
  gboolean active = gtk_toggle_button_get_active (self->recommended_button);

  /* It stays pressed while it is what is shown. */
  if (!active && self->other_job == NULL)
    gtk_toggle_button_set_active (self->recommended_button, TRUE);
  else if (active && self->other_job != NULL)
    planner_compare_page_set_other_job (self, NULL, NULL);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(PlannerComparePage) self = user_data;
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  /* Shown escaped when it is not UTF-8, never raw in a label. */
  g_autofree char *name = planner_escape_file_name (G_FILE (source));
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *problem = g_strdup_printf (_("Could not read %s: %s"), name, error->message);

          show_problem (self, problem);
        }
      return;
    }
  if (length > MAX_JOB_BYTES || !planner_job_load_from_data (job, contents, (gssize) length, &error))
    {
      g_autofree char *problem = g_strdup_printf (_("%s is not a job file Launch Planner can read: %s"), name,
                                                  error != NULL ? error->message : _("it is too large"));

      show_problem (self, problem);
      return;
    }
  planner_compare_page_set_other_job (self, job, name);
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     gpointer         user_data)
{
  PlannerComparePage *self = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (file != NULL)
    g_file_load_contents_async (file, self->cancellable, on_loaded, g_object_ref (self));
  g_object_unref (self);
}

void
planner_compare_page_choose_job (PlannerComparePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Compare With a Saved Job"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Compare"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Launch Planner Jobs"));
  gtk_file_filter_add_mime_type (filter, "application/x-launch-planner-job");
  gtk_file_filter_add_suffix (filter, "lpjob");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export (PlannerComparePage *self,
        gboolean            svg)
{
  g_autoptr(PlannerScene) scene = planner_picture_view_build_export (self->view, EXPORT_WIDTH);

  if (scene != NULL)
    planner_picture_export_choose (GTK_WIDGET (self), scene, svg, svg ? "compare.svg" : "compare.png");
}

static void
on_export_png (PlannerComparePage *self)
{
  export (self, FALSE);
}

static void
on_export_svg (PlannerComparePage *self)
{
  export (self, TRUE);
}

static void
on_present (PlannerComparePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PlannerPictureData *data = planner_picture_view_get_data (self->view);
  GtkWidget *presentation;

  if (data == NULL)
    return;
  presentation = planner_presentation_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, data,
                                           planner_picture_view_get_other (self->view));
  planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_COMPARE);
  gtk_window_present (GTK_WINDOW (presentation));
}

static void
planner_compare_page_dispose (GObject *object)
{
  PlannerComparePage *self = (PlannerComparePage *)object;

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_COMPARE_PAGE);
  G_OBJECT_CLASS (planner_compare_page_parent_class)->dispose (object);
}

static void
planner_compare_page_finalize (GObject *object)
{
  PlannerComparePage *self = (PlannerComparePage *)object;

  g_clear_object (&self->cancellable);
  g_clear_object (&self->job);
  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_object (&self->other_job);
  g_free (self->other_name);
  g_free (self->problem);

  G_OBJECT_CLASS (planner_compare_page_parent_class)->finalize (object);
}

static void
planner_compare_page_class_init (PlannerComparePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_compare_page_dispose;
  object_class->finalize = planner_compare_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-compare-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerComparePage, view);
  gtk_widget_class_bind_template_child (widget_class, PlannerComparePage, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerComparePage, empty);
  gtk_widget_class_bind_template_child (widget_class, PlannerComparePage, recommended_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerComparePage, other_label);
  gtk_widget_class_bind_template_callback (widget_class, on_recommended_toggled);
  gtk_widget_class_bind_template_callback (widget_class, planner_compare_page_choose_job);
  gtk_widget_class_bind_template_callback (widget_class, on_export_png);
  gtk_widget_class_bind_template_callback (widget_class, on_export_svg);
  gtk_widget_class_bind_template_callback (widget_class, on_present);
}

static void
planner_compare_page_init (PlannerComparePage *self)
{
  g_type_ensure (PLANNER_TYPE_COMPARE_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();

  g_signal_connect (self, "map", G_CALLBACK (refresh), NULL);
  self->dirty = TRUE;
  show_problem (self, _("There is no job to compare."));
}

GtkWidget *
planner_compare_page_new (void)
{
  return g_object_new (PLANNER_TYPE_COMPARE_PAGE, NULL);
}

void
planner_compare_page_set_job (PlannerComparePage *self,
                              PlannerJob         *job,
                              PlannerReport      *report)
{
  g_return_if_fail (PLANNER_IS_COMPARE_PAGE (self));
  g_return_if_fail (job == NULL || PLANNER_IS_JOB (job));

  /* A copy: the job the window edits changes under us otherwise. */
  g_clear_object (&self->job);
  g_clear_pointer (&self->report, planner_report_unref);
  if (job != NULL)
    self->job = planner_job_copy (job);
  if (report != NULL)
    self->report = planner_report_ref (report);
  mark_dirty (self);
}

void
planner_compare_page_set_other_job (PlannerComparePage *self,
                                    PlannerJob         *other,
                                    const char         *label)
{
  g_return_if_fail (PLANNER_IS_COMPARE_PAGE (self));
  g_return_if_fail (other == NULL || PLANNER_IS_JOB (other));

  g_clear_object (&self->other_job);
  g_clear_pointer (&self->other_name, g_free);
  if (other != NULL)
    {
      self->other_job = planner_job_copy (other);
      self->other_name = g_strdup (label != NULL ? label : _("Saved job"));
    }
  gtk_toggle_button_set_active (self->recommended_button, other == NULL);
  mark_dirty (self);
}

PlannerPictureView *
planner_compare_page_get_view (PlannerComparePage *self)
{
  g_return_val_if_fail (PLANNER_IS_COMPARE_PAGE (self), NULL);
  return self->view;
}

const char *
planner_compare_page_get_problem (PlannerComparePage *self)
{
  g_return_val_if_fail (PLANNER_IS_COMPARE_PAGE (self), NULL);
  return self->problem;
}
