/* planner-window-files.c: the unsaved-changes guard, new, open, save,
 * import and training logs.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-file-chooser.h"
#include "planner-release.h"
#include "planner-window-private.h"

/* New jobs ---------------------------------------------------------------- */

PlannerJob *
planner_window_new_job_template (PlannerWindow *self)
{
  PlannerJob *template_job = planner_job_new ();
  g_autofree char *gpu = g_settings_get_string (self->settings, "default-gpu");
  g_autofree char *megatron = g_settings_get_string (self->settings, "default-megatron-dir");
  g_autofree char *partition = g_settings_get_string (self->settings, "default-slurm-partition");
  g_autofree char *account = g_settings_get_string (self->settings, "default-slurm-account");
  g_autofree char *release = g_settings_get_string (self->settings, "default-megatron-version");

  /* The person's own cluster, as the preferences keep it. */
  if (planner_gpu_lookup (gpu) != NULL)
    g_object_set (template_job, "gpu-id", gpu, NULL);
  if (planner_release_resolve (release, NULL) != NULL)
    g_object_set (template_job, "megatron-version", planner_release_resolve (release, NULL), NULL);
  g_object_set (template_job,
                "gpus-per-node", CLAMP (g_settings_get_uint (self->settings, "default-gpus-per-node"), 1, 72),
                "megatron-dir", megatron,
                "slurm-partition", partition,
                "slurm-account", account,
                /* A short first run, as the Training page says. */
                "train-iters", PLANNER_JOB_FIRST_RUN_ITERS,
                NULL);
  return template_job;
}

/* Files -------------------------------------------------------------------- */

static void
add_recent (PlannerWindow *self,
            GFile         *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };

  data.mime_type = (char *) "application/x-launch-planner-job";
  data.app_name = (char *) g_get_application_name ();
  data.app_exec = (char *) "launch-planner %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

void
_planner_window_update_recent_menu (PlannerWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < 8; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_recent_info_has_application (info, g_get_application_name ()) || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

typedef struct
{
  PlannerWindow *self;
  PlannerAfterGuard then;
  gpointer       data;
  GDestroyNotify destroy;
} Guard;

static void
guard_free (Guard *guard)
{
  if (guard->destroy != NULL && guard->data != NULL)
    guard->destroy (guard->data);
  g_object_unref (guard->self);
  g_free (guard);
}

static void save_as (PlannerWindow *self,
                     Guard         *after);

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Guard *after = user_data;
  PlannerWindow *self = after->self;
  g_autoptr(GError) error = NULL;

  if (!planner_document_save_finish (PLANNER_DOCUMENT (object), result, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The job was not saved: %s"), error->message);

      /* The work stays in the window; nothing after the save happens. */
      _planner_window_toast (self, message);
      guard_free (after);
      return;
    }
  add_recent (self, planner_document_get_file (self->document));
  _planner_window_update_recent_menu (self);
  _planner_window_update_title (self);
  if (after->then != NULL)
    after->then (self, after->data);
  else
    {
      g_autofree char *name = planner_document_dup_title (self->document);
      g_autofree char *message = g_strdup_printf (_("Saved %s"), name);

      _planner_window_toast (self, message);
    }
  guard_free (after);
}

static Guard *
guard_new (PlannerWindow  *self,
           PlannerAfterGuard then,
           gpointer        data,
           GDestroyNotify  destroy)
{
  Guard *guard = g_new0 (Guard, 1);

  guard->self = g_object_ref (self);
  guard->then = then;
  guard->data = data;
  guard->destroy = destroy;
  return guard;
}

static void
save (PlannerWindow *self,
      Guard         *after)
{
  if (planner_document_get_file (self->document) == NULL)
    {
      save_as (self, after);
      return;
    }
  planner_document_save_async (self->document, NULL, NULL, save_cb, after);
}

static void
on_save_as_response (PlannerWindow   *self,
                     int              response,
                     GtkNativeDialog *chooser)
{
  Guard *after = g_steal_pointer (&self->save_as_after);
  g_autoptr(GFile) file = planner_file_chooser_take_file (&self->chooser, response, chooser);

  if (file == NULL)
    {
      guard_free (after);
      return;
    }
  planner_document_save_async (self->document, file, NULL, save_cb, after);
}

static void
add_job_filters (GtkFileChooser *chooser,
                 gboolean        scripts)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Launch Planner Jobs"));
  gtk_file_filter_add_mime_type (filter, "application/x-launch-planner-job");
  gtk_file_filter_add_suffix (filter, "lpjob");
  gtk_file_filter_add_suffix (filter, "json");
  if (scripts)
    {
      gtk_file_filter_add_mime_type (filter, "application/x-shellscript");
      gtk_file_filter_add_suffix (filter, "sh");
      gtk_file_filter_add_suffix (filter, "sbatch");
    }
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
  planner_file_chooser_add_filter (chooser, _("All Files"), NULL, NULL);
}

static void
save_as (PlannerWindow *self,
         Guard         *after)
{
  GtkFileChooserNative *chooser;
  GFile *file = planner_document_get_file (self->document);

  chooser = gtk_file_chooser_native_new (_("Save Job As"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  add_job_filters (GTK_FILE_CHOOSER (chooser), FALSE);
  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
  else
    {
      const char *model = planner_job_get_model_id (planner_document_get_job (self->document));
      g_autofree char *name = g_strdup_printf ("%s.lpjob", *model != '\0' ? model : "job");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  /* A chooser replaced before it answered drops what was to follow. */
  if (self->save_as_after != NULL)
    guard_free (self->save_as_after);
  self->save_as_after = after;
  planner_file_chooser_show (&self->chooser, chooser, G_CALLBACK (on_save_as_response), self);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  save (self, guard_new (self, NULL, NULL, NULL));
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  save_as (self, guard_new (self, NULL, NULL, NULL));
}

/* The unsaved-changes guard: every way of replacing or closing the job
 * goes through here. */
static void
on_guard_response (GObject    *dialog,
                   const char *response,
                   gpointer    user_data)
{
  Guard *guard = user_data;

  if (g_strcmp0 (response, "save") == 0)
    {
      save (guard->self, guard);
      return;
    }
  if (g_strcmp0 (response, "discard") == 0 && guard->then != NULL)
    guard->then (guard->self, guard->data);
  guard_free (guard);
}

void
_planner_window_run_guarded (PlannerWindow    *self,
                             PlannerAfterGuard then,
                             gpointer          data,
                             GDestroyNotify    destroy)
{
  Guard *guard = guard_new (self, then, data, destroy);
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;

  if (!planner_document_get_modified (self->document))
    {
      then (self, data);
      guard_free (guard);
      return;
    }

  name = planner_document_dup_title (self->document);
  body = g_strdup_printf (_("“%s” has changes that are not saved. Without saving, they are lost."), name);
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_alert_dialog_new (_("Save Changes?"), body);

    adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog), "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save"), NULL);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "save");
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
    g_signal_connect (dialog, "response", G_CALLBACK (on_guard_response), guard);
    adw_dialog_present (dialog, GTK_WIDGET (self));
  }
#else
  {
    GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), body);

    adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "discard",
                                      _("_Discard"), "save", _("_Save"), NULL);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
    adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    g_signal_connect (dialog, "response", G_CALLBACK (on_guard_response), guard);
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
}

static void
do_new (PlannerWindow *self,
        gpointer       data)
{
  g_autoptr(PlannerJob) template_job = planner_window_new_job_template (self);

  planner_document_reset (self->document, template_job);
  g_clear_object (&self->undo_job);
  planner_log_session_set_job_notes (self->log_session, NULL);
  _planner_window_show_import_report (self, NULL);
  planner_window_flush (self);
  _planner_window_toast (self, _("New job: give the model and the values the sidebar marks"));
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  _planner_window_run_guarded (PLANNER_WINDOW (widget), do_new, NULL, NULL);
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PlannerWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;
  PlannerDocumentSource source;

  if (!planner_document_load_finish (PLANNER_DOCUMENT (object), result, &source, &notes, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the file: %s"), error->message);

      _planner_window_toast (self, message);
      return;
    }
  g_clear_object (&self->undo_job);
  planner_log_session_set_job_notes (self->log_session, NULL);
  planner_window_flush (self);
  if (source == PLANNER_DOCUMENT_JOB_FILE)
    {
      add_recent (self, planner_document_get_file (self->document));
      _planner_window_update_recent_menu (self);
    }
  _planner_window_show_import_report (self, source == PLANNER_DOCUMENT_JOB_FILE ? NULL
                                                                             : (const char *const *) notes);
  if (source != PLANNER_DOCUMENT_JOB_FILE)
    _planner_window_toast (self, _("Imported the launch script as a new job"));
}

static void
do_open (PlannerWindow *self,
         gpointer       data)
{
  g_autoptr(PlannerJob) template_job = planner_window_new_job_template (self);

  planner_document_load_async (self->document, G_FILE (data), template_job, NULL, load_cb, g_object_ref (self));
}

/* Training logs -------------------------------------------------------------- */

static void
open_log (PlannerWindow *self,
          GFile         *file)
{
  /* Reading shows its progress there, and can be cancelled there. */
  _planner_window_show_page (self, _planner_window_page_index ("troubleshoot"));
  planner_log_session_open (self->log_session, file);
}

typedef struct
{
  PlannerJob *job;
  GStrv       notes;
} LogJob;

static void
log_job_free (LogJob *log_job)
{
  g_clear_object (&log_job->job);
  g_clear_pointer (&log_job->notes, g_strfreev);
  g_free (log_job);
}

static void
do_use_log_job (PlannerWindow *self,
                gpointer       data)
{
  LogJob *log_job = data;

  /* A new, untitled job that nothing on disk holds yet, as an import is. */
  planner_document_reset (self->document, log_job->job);
  planner_document_set_modified (self->document, TRUE);
  g_clear_object (&self->undo_job);
  planner_log_session_set_job_notes (self->log_session, (const char *const *) log_job->notes);
  planner_window_flush (self);
  _planner_window_show_page (self, _planner_window_page_index ("troubleshoot"));
  _planner_window_toast (self, _("Made a new job from the log’s arguments: Troubleshoot says what was assumed"));
}

/* The job the log's run was becomes the window's, through the
 * unsaved-changes guard.  @base gives what the log cannot (the launch
 * fields, and the GPU and node size when the log does not show them). */
static void
use_log_job (PlannerWindow *self,
             PlannerJob    *base)
{
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  PlannerJob *made = planner_log_session_make_job (self->log_session, base, notes, &error);
  LogJob *log_job;

  if (made == NULL)
    {
      _planner_window_toast (self, error->message);
      return;
    }
  g_ptr_array_add (notes, NULL);
  log_job = g_new0 (LogJob, 1);
  log_job->job = made;
  log_job->notes = g_strdupv ((char **) notes->pdata);
  _planner_window_run_guarded (self, do_use_log_job, log_job, (GDestroyNotify) log_job_free);
}

void
_planner_window_on_log_loaded (PlannerWindow *self)
{
  g_autoptr(PlannerJob) template_job = NULL;

  /* A job of the person's (saved, or with changes) is never replaced
   * unasked: the log is read against it, and Troubleshoot offers the
   * log's job when they differ.  Otherwise the log's job is the job. */
  if (planner_document_get_file (self->document) != NULL || planner_document_get_modified (self->document) ||
      planner_log_session_get_record (self->log_session)->arguments == NULL)
    return;
  template_job = planner_window_new_job_template (self);
  use_log_job (self, template_job);
}

static void
use_log_job_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  if (planner_log_session_get_record (self->log_session) == NULL)
    return;
  /* Exactly the job Troubleshoot compared with this one. */
  use_log_job (self, planner_document_get_job (self->document));
}

static void
on_open_log_response (PlannerWindow   *self,
                      int              response,
                      GtkNativeDialog *chooser)
{
  g_autoptr(GFile) file = planner_file_chooser_take_file (&self->chooser, response, chooser);

  if (file != NULL)
    open_log (self, file);
}

static void
open_log_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);
  static const char *const suffixes[] = { "log", "out", "err", "txt", NULL };
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Open Training Log"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  planner_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), _("Training Logs"), "text/plain", suffixes);
  planner_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), _("All Files"), NULL, NULL);
  planner_file_chooser_show (&self->chooser, chooser, G_CALLBACK (on_open_log_response), self);
}

static void
sniff_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(PlannerWindow) self = user_data;
  gboolean is_log = FALSE;

  if (self->document == NULL)
    return;
  /* Told apart by what the file holds.  One that cannot be read goes
   * the usual way, which says why. */
  if (planner_log_sniff_file_finish (G_FILE (object), result, &is_log, NULL) && is_log)
    open_log (self, G_FILE (object));
  else
    _planner_window_run_guarded (self, do_open, g_object_ref (object), g_object_unref);
}

void
planner_window_open_file (PlannerWindow *self,
                          GFile         *file)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  planner_log_sniff_file_async (file, NULL, sniff_cb, g_object_ref (self));
}

static void
on_open_response (PlannerWindow   *self,
                  int              response,
                  GtkNativeDialog *chooser)
{
  g_autoptr(GFile) file = planner_file_chooser_take_file (&self->chooser, response, chooser);

  if (file != NULL)
    planner_window_open_file (self, file);
}

static void
open_chooser (PlannerWindow *self,
              gboolean       import)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (import ? _("Import Launch Script") : _("Open Job"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, import ? _("_Import") : _("_Open"),
                                         _("_Cancel"));
  if (import)
    {
      static const char *const suffixes[] = { "sh", "sbatch", "slurm", NULL };

      planner_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), _("Launch Scripts"), "application/x-shellscript",
                                       suffixes);
      planner_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), _("All Files"), NULL, NULL);
    }
  else
    add_job_filters (GTK_FILE_CHOOSER (chooser), TRUE);
  planner_file_chooser_show (&self->chooser, chooser, G_CALLBACK (on_open_response), self);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  open_chooser (PLANNER_WINDOW (widget), FALSE);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  open_chooser (PLANNER_WINDOW (widget), TRUE);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  planner_window_open_file (PLANNER_WINDOW (widget), file);
}



void
_planner_window_class_add_file_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.open-log", NULL, open_log_action);
  gtk_widget_class_install_action (widget_class, "win.use-log-job", NULL, use_log_job_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.open-log", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as",
                                       NULL);
}

void
_planner_window_files_dispose (PlannerWindow *self)
{
  g_clear_pointer (&self->save_as_after, guard_free);
}
