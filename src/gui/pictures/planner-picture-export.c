/* planner-picture-export.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-picture-export"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "planner-draw.h"
#include "planner-escape.h"
#include "planner-picture-export.h"
#include "planner-write-file.h"

typedef struct
{
  PlannerScene *scene;
  gboolean      svg;
  GFile        *file;
} Export;

static void
export_free (gpointer data)
{
  Export *export = data;

  planner_scene_unref (export->scene);
  g_object_unref (export->file);
  g_free (export);
}

/* In the worker thread: the scene is never changed once built. */
static void
render_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  Export *export = task_data;
  PlannerDrawTheme theme;
  GError *error = NULL;
  GBytes *bytes;

  planner_draw_theme_init (&theme, FALSE);
  if (export->svg)
    bytes = planner_draw_svg (export->scene, &theme);
  else
    bytes = planner_draw_png (export->scene, &theme, 1., &error);
  if (bytes == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, bytes, (GDestroyNotify) g_bytes_unref);
}

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!planner_write_file_finish (G_FILE (source), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
on_rendered (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Export *export = g_task_get_task_data (task);
  g_autoptr(GBytes) bytes = NULL;
  GError *error = NULL;

  bytes = g_task_propagate_pointer (G_TASK (result), &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* The app's one writer; the file chooser has asked about replacing. */
  planner_write_file_async (export->file, bytes, 0644, PLANNER_WRITE_REPLACE, g_task_get_cancellable (task),
                            on_written, g_object_ref (task));
}

void
planner_picture_export_async (PlannerScene        *scene,
                              gboolean             svg,
                              GFile               *file,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) render = NULL;
  Export *export;

  g_return_if_fail (scene != NULL);
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_picture_export_async);
  export = g_new0 (Export, 1);
  export->scene = planner_scene_ref (scene);
  export->svg = svg;
  export->file = g_object_ref (file);
  g_task_set_task_data (task, export, export_free);

  render = g_task_new (NULL, cancellable, on_rendered, g_object_ref (task));
  g_task_set_task_data (render, g_memdup2 (export, sizeof *export), g_free);
  g_task_run_in_thread (render, render_in_thread);
}

gboolean
planner_picture_export_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The chooser and what it exports ------------------------------------------ */

typedef struct
{
  GtkWidget    *from;     /* weak */
  PlannerScene *scene;
  gboolean      svg;
  GFile        *file;
} Choice;

static void
choice_free (Choice *choice)
{
  g_clear_weak_pointer (&choice->from);
  planner_scene_unref (choice->scene);
  g_clear_object (&choice->file);
  g_free (choice);
}

static void
toast (GtkWidget  *from,
       const char *text)
{
  GtkWidget *overlay = from != NULL ? gtk_widget_get_ancestor (from, ADW_TYPE_TOAST_OVERLAY) : NULL;

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
  else
    g_message ("%s", text);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Choice *choice = user_data;
  g_autoptr(GError) error = NULL;

  if (planner_picture_export_finish (result, &error))
    {
      g_autofree char *name = planner_escape_file_name (choice->file);
      g_autofree char *message = g_strdup_printf (_("Exported %s"), name);

      toast (choice->from, message);
    }
  else
    {
      g_autofree char *message = g_strdup_printf (_("Could not export the picture: %s"), error->message);

      toast (choice->from, message);
    }
  choice_free (choice);
}

static void
on_response (GtkNativeDialog *chooser,
             int              response,
             gpointer         user_data)
{
  Choice *choice = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    choice->file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (choice->file == NULL)
    {
      choice_free (choice);
      return;
    }
  planner_picture_export_async (choice->scene, choice->svg, choice->file, NULL, on_exported, choice);
}

void
planner_picture_export_choose (GtkWidget    *from,
                               PlannerScene *scene,
                               gboolean      svg,
                               const char   *name)
{
  GtkRoot *root;
  GtkFileChooserNative *chooser;
  Choice *choice;

  g_return_if_fail (GTK_IS_WIDGET (from));
  g_return_if_fail (scene != NULL);

  root = gtk_widget_get_root (from);
  chooser = gtk_file_chooser_native_new (svg ? _("Export Picture as SVG") : _("Export Picture as PNG"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  choice = g_new0 (Choice, 1);
  g_set_weak_pointer (&choice->from, from);
  choice->scene = planner_scene_ref (scene);
  choice->svg = svg;
  g_signal_connect (chooser, "response", G_CALLBACK (on_response), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
