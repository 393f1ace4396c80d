/* planner-session.c: what survives the window.  The job is kept across
 * starts in the settings (its file, its text, whether it had unsaved
 * changes), and, as GNOME Text Editor keeps drafts, the unsaved state is
 * written to a drafts file a moment after each change, so that after a
 * crash the next start offers it back instead of losing it.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "planner-escape.h"
#include "planner-window-private.h"
#include "planner-write-file.h"

/* A change is in the drafts file this long after it was made. */
#define DRAFT_DELAY_MS 1000

/* Closing ------------------------------------------------------------------ */

static void
do_close (PlannerWindow *self,
          gpointer       data)
{
  /* Reached with changes only through Discard: those are final, and
   * nothing of them is kept for the next start. */
  self->discarded = planner_document_get_modified (self->document);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* Nothing is kept of a job whose changes were discarded: the next start
 * shows its file as saved, or the example for an untitled job. */
static void
forget_job (PlannerWindow *self)
{
  GFile *file = planner_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : g_strdup ("");

  g_settings_set_string (self->settings, "last-job", "");
  g_settings_set_string (self->settings, "last-file", uri);
  g_settings_set_boolean (self->settings, "last-job-modified", FALSE);
}

void
_planner_session_remember_job (PlannerWindow *self)
{
  g_autofree char *data = NULL;
  GFile *file = planner_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : g_strdup ("");

  if (self->discarded)
    {
      forget_job (self);
      return;
    }
  data = planner_job_to_data (planner_document_get_job (self->document), NULL);
  g_settings_set_string (self->settings, "last-job", data);
  g_settings_set_string (self->settings, "last-file", uri);
  g_settings_set_boolean (self->settings, "last-job-modified", planner_document_get_modified (self->document));
}

gboolean
_planner_window_close_request (GtkWindow *window)
{
  PlannerWindow *self = PLANNER_WINDOW (window);
  int width, height;

  if (!self->close_confirmed && planner_document_get_modified (self->document))
    {
      _planner_window_run_guarded (self, do_close, NULL, NULL);
      return TRUE;
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  _planner_session_remember_job (self);
  g_settings_sync ();

  return GTK_WINDOW_CLASS (g_type_class_peek_parent (G_OBJECT_GET_CLASS (window)))->close_request (window);
}

/* The last session's job -------------------------------------------------- */

/* A saved last job that cannot be read is set aside, never overwritten,
 * and the person is told why. */
void
_planner_session_restore_job (PlannerWindow *self,
                              PlannerJob    *into)
{
  g_autofree char *data = g_settings_get_string (self->settings, "last-job");
  g_autofree char *uri = g_settings_get_string (self->settings, "last-file");
  g_autoptr(PlannerJob) restored = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *aside = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *stamp = NULL;

  if (*data == '\0')
    return;
  if (planner_job_load_from_data (restored, data, -1, &error))
    {
      planner_document_copy_job_into (into, restored);
      g_set_object (&self->restored_file, NULL);
      if (*uri != '\0')
        self->restored_file = g_file_new_for_uri (uri);
      return;
    }

  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  dir = g_build_filename (g_get_user_data_dir (), APP_ID, NULL);
  aside = g_strdup_printf ("%s/unrestored-job-%s.json", dir, stamp);
  g_free (self->restore_message);
  if (g_mkdir_with_parents (dir, 0700) == 0 &&
      planner_write_file (aside, data, strlen (data), 0600, PLANNER_WRITE_NONE, NULL))
    {
      self->restore_message = g_strdup_printf (_("The last job could not be restored (%s). It was kept in %s; "
                                                 "this is the example job."), error->message, aside);
      /* Only once it is safe on disk is the setting cleared. */
      g_settings_set_string (self->settings, "last-job", "");
    }
  else
    self->restore_message = g_strdup_printf (_("The last job could not be restored (%s); this is the example job."),
                                             error->message);
}

/* Drafts ------------------------------------------------------------------- */

char *
_planner_session_drafts_path (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, "drafts.json", NULL);
}

static void
remove_drafts (void)
{
  g_autofree char *path = _planner_session_drafts_path ();

  g_unlink (path);
}

/* {"file": URI or null, "modified": bool, "job": the job file's text}. */
static char *
draft_to_data (PlannerWindow *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *job = planner_job_to_data (planner_document_get_job (self->document), NULL);
  GFile *file = planner_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  if (uri != NULL)
    json_builder_add_string_value (builder, uri);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "modified");
  json_builder_add_boolean_value (builder, planner_document_get_modified (self->document));
  json_builder_set_member_name (builder, "job");
  json_builder_add_string_value (builder, job);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

void
_planner_session_write_draft (PlannerWindow *self)
{
  g_autofree char *path = _planner_session_drafts_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->draft_source, g_source_remove);
  /* What a crashed session left stays until the person says. */
  if (self->recovered_job != NULL)
    return;
  /* Saved work needs no draft: the file and the settings hold it. */
  if (!planner_document_get_modified (self->document))
    {
      remove_drafts ();
      return;
    }
  data = draft_to_data (self);
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !planner_write_file (path, data, strlen (data), 0600, PLANNER_WRITE_REPLACE, &error))
    g_warning ("The unsaved job was not kept in %s: %s", path, error != NULL ? error->message : g_strerror (errno));
}

static gboolean
draft_timeout_cb (gpointer user_data)
{
  PlannerWindow *self = user_data;

  self->draft_source = 0;
  _planner_session_write_draft (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (PlannerWindow *self)
{
  if (self->draft_source == 0)
    self->draft_source = g_timeout_add (DRAFT_DELAY_MS, draft_timeout_cb, self);
}

/* Reads what a session that did not close left; FALSE when there is none
 * or it cannot be read (then it is left where it is, for the person). */
static gboolean
read_drafts (PlannerWindow *self)
{
  g_autofree char *path = _planner_session_drafts_path ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(PlannerJob) job = planner_job_new ();
  JsonObject *object;
  const char *text, *uri;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || !json_parser_load_from_file (parser, path, NULL))
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  object = json_node_get_object (json_parser_get_root (parser));
  text = json_object_get_string_member_with_default (object, "job", NULL);
  uri = json_object_get_string_member_with_default (object, "file", NULL);
  if (text == NULL || !planner_job_load_from_data (job, text, -1, NULL))
    return FALSE;
  self->recovered_job = g_steal_pointer (&job);
  g_set_object (&self->recovered_file, NULL);
  if (uri != NULL)
    self->recovered_file = g_file_new_for_uri (uri);
  return TRUE;
}

static void
end_recovery (PlannerWindow *self)
{
  g_clear_object (&self->recovered_job);
  g_clear_object (&self->recovered_file);
  /* Hidden, not only folded: its buttons leave the accessibility tree. */
  gtk_revealer_set_reveal_child (self->recovery_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->recovery_bar), FALSE);
  _planner_session_write_draft (self);
}

static void
do_recover (PlannerWindow *self,
            gpointer       data)
{
  g_autoptr(PlannerJob) recovered = g_object_ref (self->recovered_job);
  g_autoptr(GFile) file = self->recovered_file != NULL ? g_object_ref (self->recovered_file) : NULL;

  planner_document_reset (self->document, recovered);
  planner_document_restore (self->document, file, TRUE);
  end_recovery (self);
  planner_window_flush (self);
  _planner_window_toast (self, _("The unsaved job is back: save it to keep it"));
}

static void
on_recovery_restore_clicked (PlannerWindow *self)
{
  if (self->recovered_job == NULL)
    return;
  /* The job on screen may have changes of its own: asked first. */
  _planner_window_run_guarded (self, do_recover, NULL, NULL);
}

static void
on_recovery_discard_clicked (PlannerWindow *self)
{
  remove_drafts ();
  end_recovery (self);
}

void
_planner_session_start_drafts (PlannerWindow *self)
{
  g_signal_connect_object (planner_document_get_job (self->document), "changed", G_CALLBACK (schedule_draft), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified", G_CALLBACK (schedule_draft), self,
                           G_CONNECT_SWAPPED);
  if (read_drafts (self))
    {
      g_autofree char *name = self->recovered_file != NULL ? planner_escape_file_name (self->recovered_file)
                                                           : g_strdup (_("Untitled Job"));
      g_autofree char *text = g_strdup_printf (_("Launch Planner did not close properly: “%s” had changes that "
                                                 "were not saved. Restore brings them back."), name);

      gtk_label_set_text (self->recovery_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->recovery_bar), TRUE);
      gtk_revealer_set_reveal_child (self->recovery_bar, TRUE);
    }
}

void
_planner_session_dispose (PlannerWindow *self)
{
  /* A window that goes away cleanly leaves no draft to offer: the
   * settings keep what it kept.  Only a crash leaves the file. */
  if (self->recovered_job == NULL)
    remove_drafts ();
  g_clear_handle_id (&self->draft_source, g_source_remove);
  g_clear_object (&self->recovered_job);
  g_clear_object (&self->recovered_file);
  g_clear_object (&self->restored_file);
  g_clear_pointer (&self->restore_message, g_free);
}

void
_planner_session_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_recovery_restore_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_recovery_discard_clicked);
}
