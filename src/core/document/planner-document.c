/* planner-document.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-document"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "planner-document.h"

#include "planner-hf-config.h"
#include "planner-analyze.h"
#include "planner-escape.h"
#include "planner-field.h"
#include "planner-import.h"
#include "planner-job-args.h"
#include "planner-read-file.h"
#include "planner-picture.h"
#include "planner-script-memcheck.h"
#include "planner-write-file.h"

#define N_LAUNCHERS (PLANNER_SCRIPT_MEMORY_CHECK + 1)

struct _PlannerDocument
{
  GObject                parent_instance;

  PlannerJob            *job;
  PlannerJob            *saved;          /* the job as the file holds it; NULL: unknown */
  GFile                 *file;
  gboolean               modified;
  gboolean               loading;        /* a load is copying fields in */

  PlannerScriptLauncher  launcher;
  GArray                *stages;         /* guint32: the memory check's stages; empty = its default */
  /* Per launcher: an approval belongs to that launcher's bytes, so
   * viewing another launcher keeps it; a change of the job withdraws it. */
  char                  *approved[N_LAUNCHERS];     /* the approved bytes, or NULL */
  PlannerJob            *approved_job[N_LAUNCHERS]; /* the job that produced them */

  PlannerReport         *report;         /* the newest analysis of the job */
  guint                  analyze_source;
  gboolean               drafting;       /* the draft is made with each report */
  char                  *draft;          /* the report's draft, or NULL … */
  GError                *draft_error;    /* … and why */
  GPtrArray             *marks;          /* PlannerScriptMark: what the draft still marks */
  PlannerPictureData    *picture_data;   /* the report's, made when a picture needs it */
  GHashTable            *invalid;        /* field key → why the text typed is no value */
};

G_DEFINE_FINAL_TYPE (PlannerDocument, planner_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_LAUNCHER,
  PROP_APPROVED,
  PROP_STAGES,
  N_PROPS
};

enum {
  APPROVAL_WITHDRAWN,
  REPORT_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Job files are small; anything bigger is not one. */
#define MAX_JOB_BYTES (4 * 1024 * 1024)

void
planner_document_copy_job_into (PlannerJob *to,
                                PlannerJob *from)
{
  g_return_if_fail (PLANNER_IS_JOB (to));
  g_return_if_fail (PLANNER_IS_JOB (from));

  /* Which values the person gave travels with them (issue 23 #7). */
  planner_job_assign (to, from);
}

static void
set_modified (PlannerDocument *self,
              gboolean         modified)
{
  if (self->modified == !!modified)
    return;
  self->modified = !!modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_file (PlannerDocument *self,
          GFile           *file)
{
  if (self->file == file || (self->file != NULL && file != NULL && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* Withdraws the approval of @launcher's script (−1: of every launcher).
 * Only the shown launcher's approval changes "approved". */
static void
withdraw_approval (PlannerDocument *self,
                   int              launcher,
                   gboolean         announce)
{
  gboolean any = FALSE;

  for (int i = 0; i < N_LAUNCHERS; i++)
    {
      if ((launcher >= 0 && i != launcher) || self->approved[i] == NULL)
        continue;
      g_clear_pointer (&self->approved[i], g_free);
      g_clear_object (&self->approved_job[i]);
      any = TRUE;
    }
  if (!any)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_APPROVED]);
  if (announce)
    g_signal_emit (self, signals[APPROVAL_WITHDRAWN], 0);
}

static gboolean
analyze_idle_cb (gpointer user_data)
{
  PlannerDocument *self = user_data;

  self->analyze_source = 0;
  planner_document_flush (self);
  return G_SOURCE_REMOVE;
}

/* Many fields may change in one turn of the loop (a file load, a
 * recommendation applied): analyse once, after all of them. */
static void
schedule_analysis (PlannerDocument *self)
{
  if (self->analyze_source == 0)
    self->analyze_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 20, analyze_idle_cb, self, NULL);
}

static void
on_job_changed (PlannerDocument *self,
                PlannerJob      *job)
{
  schedule_analysis (self);
  if (self->loading)
    return;
  /* Compared with the file, not counted: undoing back to the saved
   * values clears the mark. */
  set_modified (self, self->saved == NULL || !planner_job_equal (self->job, self->saved));
  for (int i = 0; i < N_LAUNCHERS; i++)
    {
      /* Told once, however many launchers were approved. */
      if (self->approved[i] != NULL && !planner_job_equal (self->job, self->approved_job[i]))
        {
          withdraw_approval (self, -1, TRUE);
          break;
        }
    }
}

static void
planner_document_dispose (GObject *object)
{
  PlannerDocument *self = (PlannerDocument *)object;

  if (self->job != NULL)
    g_signal_handlers_disconnect_by_data (self->job, self);
  g_clear_object (&self->job);
  g_clear_object (&self->saved);
  g_clear_object (&self->file);
  for (int i = 0; i < N_LAUNCHERS; i++)
    g_clear_object (&self->approved_job[i]);
  g_clear_handle_id (&self->analyze_source, g_source_remove);
  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_pointer (&self->picture_data, planner_picture_data_unref);

  G_OBJECT_CLASS (planner_document_parent_class)->dispose (object);
}

static void
planner_document_finalize (GObject *object)
{
  PlannerDocument *self = (PlannerDocument *)object;

  for (int i = 0; i < N_LAUNCHERS; i++)
    g_clear_pointer (&self->approved[i], g_free);
  g_clear_pointer (&self->stages, g_array_unref);
  g_clear_pointer (&self->invalid, g_hash_table_unref);
  g_clear_pointer (&self->draft, g_free);
  g_clear_error (&self->draft_error);
  g_clear_pointer (&self->marks, g_ptr_array_unref);

  G_OBJECT_CLASS (planner_document_parent_class)->finalize (object);
}

/* The stages as an array, or NULL when there are none. */
static const guint32 *
stages_data (GArray *stages)
{
  return stages->len > 0 ? &g_array_index (stages, guint32, 0) : NULL;
}

/* "0,7", or "" for the memory check's default stages. */
static char *
stages_to_string (GArray *stages)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < stages->len; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? "," : "", g_array_index (stages, guint32, i));
  return g_string_free (text, FALSE);
}

static void
planner_document_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PlannerDocument *self = PLANNER_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_LAUNCHER:
      g_value_set_int (value, self->launcher);
      break;
    case PROP_STAGES:
      g_value_take_string (value, stages_to_string (self->stages));
      break;

    case PROP_APPROVED:
      g_value_set_boolean (value, self->approved[self->launcher] != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_document_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PlannerDocument *self = PLANNER_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_LAUNCHER:
      planner_document_set_launcher (self, g_value_get_int (value));
      break;
    case PROP_MODIFIED:
      planner_document_set_modified (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_document_class_init (PlannerDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_document_dispose;
  object_class->finalize = planner_document_finalize;
  object_class->get_property = planner_document_get_property;
  object_class->set_property = planner_document_set_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAUNCHER] =
    g_param_spec_int ("launcher", NULL, NULL, PLANNER_SCRIPT_TORCHRUN, PLANNER_SCRIPT_MEMORY_CHECK,
                      PLANNER_SCRIPT_TORCHRUN,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_APPROVED] =
    g_param_spec_boolean ("approved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The memory check's pipeline stages, "0,7"; "" = its default. */
  properties[PROP_STAGES] =
    g_param_spec_string ("memory-check-stages", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PlannerDocument::approval-withdrawn:
   *
   * A change to the job or the launcher withdrew the script's approval.
   */
  signals[APPROVAL_WITHDRAWN] =
    g_signal_new ("approval-withdrawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * PlannerDocument::report-changed:
   *
   * The job (or what is typed into its fields, or the launcher) was
   * analysed again: planner_document_get_report() is the new report.
   * Emitted once per main-loop turn however many fields changed.
   */
  signals[REPORT_CHANGED] =
    g_signal_new ("report-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
planner_document_init (PlannerDocument *self)
{
  self->stages = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->invalid = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}


PlannerDocument *
planner_document_new (PlannerJob *job)
{
  PlannerDocument *self;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  self = g_object_new (PLANNER_TYPE_DOCUMENT, NULL);
  self->job = g_object_ref (job);
  self->saved = planner_job_copy (job);
  g_signal_connect_swapped (self->job, "changed", G_CALLBACK (on_job_changed), self);
  return self;
}

PlannerJob *
planner_document_get_job (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);
  return self->job;
}

GFile *
planner_document_get_file (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);
  return self->file;
}

char *
planner_document_dup_title (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);

  if (self->file == NULL)
    return g_strdup (_("Untitled Job"));
  /* Titles and toasts are text: a name outside UTF-8 shows escaped. */
  return planner_escape_file_name (self->file);
}

gboolean
planner_document_get_modified (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

void
planner_document_set_modified (PlannerDocument *self,
                               gboolean         modified)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  set_modified (self, modified);
}

void
planner_document_restore (PlannerDocument *self,
                          GFile           *file,
                          gboolean         modified)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  set_file (self, file);
  g_clear_object (&self->saved);
  if (!modified)
    self->saved = planner_job_copy (self->job);
  set_modified (self, modified);
}

/* Puts @job's values into the document's job and makes them the saved
 * state of @file. */
static void
take_job (PlannerDocument *self,
          PlannerJob      *job,
          GFile           *file)
{
  self->loading = TRUE;
  planner_document_copy_job_into (self->job, job);
  self->loading = FALSE;
  g_clear_object (&self->saved);
  self->saved = planner_job_copy (self->job);
  withdraw_approval (self, -1, FALSE);
  g_hash_table_remove_all (self->invalid);
  set_file (self, file);
  set_modified (self, FALSE);
}

void
planner_document_reset (PlannerDocument *self,
                        PlannerJob      *job)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  g_return_if_fail (PLANNER_IS_JOB (job));

  take_job (self, job, NULL);
}

static gboolean
looks_like_json (const char *text,
                 gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (g_ascii_isspace (text[i]))
        continue;
      return text[i] == '{';
    }
  return FALSE;
}

PlannerJob *
planner_document_import_script (const char  *text,
                                gsize        length,
                                PlannerJob  *template_job,
                                GStrv       *notes,
                                GError     **error)
{
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *extra;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (template_job), NULL);

  import = planner_import_script (text, length, error);
  if (import == NULL)
    return NULL;

  job = planner_job_copy (template_job);
  /* A script's arguments describe the model; the template's choice of
   * model would otherwise win over them. */
  g_object_set (job, "model-id", "", "params-b", 0.0, "extra-args", "", "recommended-args", "", NULL);
  if (!planner_job_update_from_args (job, import->args, error))
    return NULL;
  if (import->nnodes > 0)
    g_object_set (job, "nodes", MIN (import->nnodes, 16384u), NULL);
  if (import->nproc_per_node > 0)
    g_object_set (job, "gpus-per-node", MIN (import->nproc_per_node, 72u), NULL);
  /* The script's port is the job's: a cluster may keep 29500 for another use. */
  if (import->master_port > 0)
    g_object_set (job, "rdzv-port", import->master_port, NULL);

  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      if (d->severity != PLANNER_SEVERITY_INFO)
        g_strv_builder_add (builder, d->message);
    }
  if (import->nnodes == 0)
    {
      g_autofree char *line =
        g_strdup_printf (_("The script does not say how many nodes it runs on: "
                                                      "Nodes stays %u."),
                         planner_job_get_uint (job, "nodes"));
      g_strv_builder_add (builder, line);
    }
  if (import->nproc_per_node == 0)
    {
      g_autofree char *line =
        g_strdup_printf (_("The script does not say how many GPUs each node runs: "
                                                      "GPUs per Node stays %u."),
                         planner_job_get_uint (job, "gpus-per-node"));
      g_strv_builder_add (builder, line);
    }
  if (import->master_port_unknown)
    {
      g_autofree char *line =
        g_strdup_printf (_("The script's master port is a value it does not set: Rendezvous Port stays %u."),
                         planner_job_get_uint (job, "rdzv-port"));
      g_strv_builder_add (builder, line);
    }
  g_strv_builder_add (builder, _("A script does not name the GPU type: check GPU Type "
                                                            "on the Cluster page."));
  extra = planner_job_get_string (job, "extra-args");
  if (extra != NULL && *extra != '\0')
    {
      g_autofree char *line =
        g_strdup_printf (_("Arguments no field holds were kept as Extra Arguments: %s"),
                         extra);
      g_strv_builder_add (builder, line);
    }
  if (notes != NULL)
    *notes = g_strv_builder_end (builder);
  return g_steal_pointer (&job);
}

gboolean
planner_document_load_bytes (PlannerDocument        *self,
                             GBytes                 *bytes,
                             GFile                  *file,
                             PlannerJob             *template_job,
                             PlannerDocumentSource  *source,
                             GStrv                  *notes,
                             GError                **error)
{
  g_autoptr(PlannerJob) job = NULL;
  g_auto(GStrv) import_notes = NULL;
  const char *text;
  gsize length;

  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (PLANNER_IS_JOB (template_job), FALSE);

  text = g_bytes_get_data (bytes, &length);
  if (length > MAX_JOB_BYTES && looks_like_json (text, MIN (length, 4096)))
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_PARSE,
                   _("The file is too large to be a job file (%zu bytes)"), length);
      return FALSE;
    }

  if (looks_like_json (text, length))
    {
      g_autofree char *warning = NULL;

      job = planner_job_copy (template_job);
      if (!planner_job_load_from_data (job, text, length, error))
        return FALSE;
      /* model.hf_config: the architecture read from the config, now. */
      if (!planner_hf_config_load_into_job (job, &warning, error))
        return FALSE;
      take_job (self, job, file);
      if (source != NULL)
        *source = PLANNER_DOCUMENT_JOB_FILE;
      if (notes != NULL)
        {
          *notes = g_new0 (char *, 2);
          (*notes)[0] = g_steal_pointer (&warning);
        }
      return TRUE;
    }

  job = planner_document_import_script (text, length, template_job, &import_notes, error);
  if (job == NULL)
    return FALSE;
  take_job (self, job, NULL);
  /* Nothing on disk holds this job yet. */
  g_clear_object (&self->saved);
  set_modified (self, TRUE);
  if (source != NULL)
    *source = PLANNER_DOCUMENT_LAUNCH_SCRIPT;
  if (notes != NULL)
    *notes = g_steal_pointer (&import_notes);
  return TRUE;
}

typedef struct
{
  GFile      *file;
  PlannerJob *template_job;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_object (&data->file);
  g_clear_object (&data->template_job);
  g_free (data);
}

static void
load_contents_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (!g_file_load_contents_finish (G_FILE (object), result, &contents, &length, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  bytes = g_bytes_new_take (contents, length);
  g_task_return_pointer (task, g_steal_pointer (&bytes), (GDestroyNotify) g_bytes_unref);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  LoadData *data = task_data;
  GError *error = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (!planner_read_file_bounded (g_file_peek_path (data->file), PLANNER_IMPORT_MAX_BYTES,
                                  _("job file or launch script"), PLANNER_READ_IDLE_SECONDS, &contents, &length,
                                  &error))
    {
      /* The name as the person can read it, never raw bytes. */
      if (planner_has_controls (error->message))
        {
          g_autofree char *message = planner_escape_controls (error->message);

          g_free (error->message);
          error->message = g_steal_pointer (&message);
        }
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_bytes_new_take (contents, length), (GDestroyNotify) g_bytes_unref);
}

void
planner_document_load_async (PlannerDocument     *self,
                             GFile               *file,
                             PlannerJob          *template_job,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task;
  LoadData *data;

  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (PLANNER_IS_JOB (template_job));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_document_load_async);
  data = g_new0 (LoadData, 1);
  data->file = g_object_ref (file);
  data->template_job = planner_job_copy (template_job);
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  /* A local file is read as the command line reads it: at most the cap,
   * each read waiting a bounded time (/dev/zero, a pipe nobody writes to). */
  if (g_file_peek_path (file) != NULL)
    {
      g_task_run_in_thread (task, load_in_thread);
      g_object_unref (task);
      return;
    }
  g_file_load_contents_async (file, cancellable, load_contents_cb, task);
}

gboolean
planner_document_load_finish (PlannerDocument        *self,
                              GAsyncResult           *result,
                              PlannerDocumentSource  *source,
                              GStrv                  *notes,
                              GError                **error)
{
  g_autoptr(GBytes) bytes = NULL;
  LoadData *data;

  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  bytes = g_task_propagate_pointer (G_TASK (result), error);
  if (bytes == NULL)
    return FALSE;
  /* The job changes here, on the main thread, in one step. */
  data = g_task_get_task_data (G_TASK (result));
  return planner_document_load_bytes (self, bytes, data->file, data->template_job, source, notes, error);
}

typedef struct
{
  GFile      *file;
  PlannerJob *written;   /* the job as it was when the save started */
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->file);
  g_clear_object (&data->written);
  g_free (data);
}

static void
replace_contents_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  PlannerDocument *self = g_task_get_source_object (task);
  SaveData *data = g_task_get_task_data (task);

  if (!planner_write_file_finish (G_FILE (object), result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_clear_object (&self->saved);
  self->saved = g_object_ref (data->written);
  set_file (self, data->file);
  /* Edits made while the file was written keep the document modified. */
  set_modified (self, !planner_job_equal (self->job, self->saved));
  g_task_return_boolean (task, TRUE);
}

void
planner_document_save_async (PlannerDocument     *self,
                             GFile               *file,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GBytes) bytes = NULL;
  GTask *task;
  SaveData *data;
  char *text;
  gsize length = 0;

  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_document_save_async);
  if (file == NULL)
    file = self->file;
  if (file == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                               "%s", _("The job has no file yet: use Save As"));
      g_object_unref (task);
      return;
    }

  data = g_new0 (SaveData, 1);
  data->file = g_object_ref (file);
  data->written = planner_job_copy (self->job);
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);

  text = planner_job_to_data (data->written, &length);
  bytes = g_bytes_new_take (text, length);
  /* The app's one writer: a temporary file renamed over the old one, never
   * over a device or a pipe.  The file chooser has asked about replacing. */
  planner_write_file_async (file, bytes, 0644, PLANNER_WRITE_REPLACE, cancellable, replace_contents_cb, task);
}

gboolean
planner_document_save_finish (PlannerDocument  *self,
                              GAsyncResult     *result,
                              GError          **error)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

PlannerScriptLauncher
planner_document_get_launcher (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), PLANNER_SCRIPT_TORCHRUN);
  return self->launcher;
}

void
planner_document_set_launcher (PlannerDocument       *self,
                               PlannerScriptLauncher  launcher)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));

  if (self->launcher == launcher)
    return;
  self->launcher = launcher;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAUNCHER]);
  /* Each launcher keeps its own approval: "approved" now says the shown one's. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_APPROVED]);
  schedule_analysis (self);
}

void
planner_document_set_memory_check_stages (PlannerDocument *self,
                                          const guint32   *stages,
                                          guint            n_stages)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  g_return_if_fail (stages != NULL || n_stages == 0);

  if (self->stages->len == n_stages &&
      (n_stages == 0 || memcmp (stages_data (self->stages), stages, n_stages * sizeof (guint32)) == 0))
    return;
  g_array_set_size (self->stages, 0);
  g_array_append_vals (self->stages, stages, n_stages);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STAGES]);
  /* Other stages are another script. */
  withdraw_approval (self, PLANNER_SCRIPT_MEMORY_CHECK, TRUE);
  schedule_analysis (self);
}

const guint32 *
planner_document_get_memory_check_stages (PlannerDocument *self,
                                          guint           *n_stages)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (n_stages != NULL, NULL);

  *n_stages = self->stages->len;
  return stages_data (self->stages);
}

char *
planner_document_render_draft (PlannerDocument  *self,
                               GPtrArray       **marks,
                               GError          **error)
{
  PlannerWords form;

  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);

  /* The window's draft: its marks and refusals in the form's words. */
  planner_field_words_init (&form, self->job);
  if (self->launcher == PLANNER_SCRIPT_MEMORY_CHECK)
    {
      /* Nothing to mark: the check needs no path and no schedule. */
      if (marks != NULL)
        *marks = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_script_mark_free);
      return planner_script_render_memory_check_in (self->job, stages_data (self->stages),
                                                    self->stages->len, &form, error);
    }
  return planner_script_render_draft_in (self->job, self->launcher, &form, marks, error);
}

gboolean
planner_document_approve (PlannerDocument  *self,
                          const char       *draft,
                          GDateTime        *when,
                          const char       *note,
                          GError          **error)
{
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *current = NULL;
  char *approved;

  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (draft != NULL, FALSE);

  /* Text typed that no field can hold is not in the job: the draft
   * would say something else than the form. */
  if (g_hash_table_size (self->invalid) > 0)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT,
                           _("A field holds text that is not a value: fix it before approving"));
      return FALSE;
    }
  /* Only the draft of the job as it is now can be approved. */
  if (self->launcher == PLANNER_SCRIPT_MEMORY_CHECK)
    current = planner_script_render_memory_check (self->job, stages_data (self->stages),
                                                  self->stages->len, NULL);
  else
    current = planner_script_render (self->job, self->launcher, NULL);
  if (current == NULL || !g_str_equal (current, draft))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT,
                           _("This is not the draft of the job as it is now"));
      return FALSE;
    }
  if (when == NULL)
    when = now = g_date_time_new_now_local ();
  approved = planner_script_approve (draft, when, note, error);
  if (approved == NULL)
    return FALSE;

  g_free (self->approved[self->launcher]);
  self->approved[self->launcher] = approved;
  g_clear_object (&self->approved_job[self->launcher]);
  self->approved_job[self->launcher] = planner_job_copy (self->job);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_APPROVED]);
  return TRUE;
}

gboolean
planner_document_get_approved (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  return self->approved[self->launcher] != NULL;
}

const char *
planner_document_get_approved_text (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);
  return self->approved[self->launcher];
}

PlannerReport *
planner_document_get_report (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);

  if (self->report == NULL)
    planner_document_flush (self);
  return self->report;
}

void
planner_document_flush (PlannerDocument *self)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));

  g_clear_handle_id (&self->analyze_source, g_source_remove);
  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_pointer (&self->picture_data, planner_picture_data_unref);
  g_clear_pointer (&self->draft, g_free);
  g_clear_error (&self->draft_error);
  g_clear_pointer (&self->marks, g_ptr_array_unref);
  self->report = planner_analyze_job_for_form (self->job);
  if (self->drafting)
    self->draft = planner_document_render_draft (self, &self->marks, &self->draft_error);
  g_signal_emit (self, signals[REPORT_CHANGED], 0);
}

void
planner_document_set_drafting (PlannerDocument *self,
                               gboolean         drafting)
{
  g_return_if_fail (PLANNER_IS_DOCUMENT (self));

  if (self->drafting == !!drafting)
    return;
  self->drafting = !!drafting;
  planner_document_flush (self);
}

gboolean
planner_document_get_drafting (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  return self->drafting;
}

const char *
planner_document_get_draft (PlannerDocument  *self,
                            GPtrArray       **marks,
                            const GError    **error)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);

  if (self->report == NULL)
    planner_document_flush (self);
  if (marks != NULL)
    *marks = self->marks;
  if (error != NULL)
    *error = self->draft_error;
  return self->draft;
}

PlannerPictureData *
planner_document_get_picture_data (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);

  /* One per report, shared by every picture that shows it. */
  if (self->picture_data == NULL)
    self->picture_data = planner_picture_data_new (self->job, planner_document_get_report (self));
  return self->picture_data;
}

gboolean
planner_document_get_pending (PlannerDocument *self)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), FALSE);
  return self->analyze_source != 0;
}

void
planner_document_set_entry_invalid (PlannerDocument *self,
                                    const char      *key,
                                    const char      *message)
{
  const char *old;

  g_return_if_fail (PLANNER_IS_DOCUMENT (self));
  g_return_if_fail (key != NULL);

  old = g_hash_table_lookup (self->invalid, key);
  if (g_strcmp0 (old, message) == 0)
    return;
  if (message != NULL)
    g_hash_table_replace (self->invalid, g_strdup (key), g_strdup (message));
  else
    g_hash_table_remove (self->invalid, key);
  /* The job holds the last value that was one; what the form shows differs. */
  schedule_analysis (self);
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

GStrv
planner_document_list_invalid_entries (PlannerDocument *self)
{
  g_autofree gpointer *keys = NULL;
  guint n = 0;

  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);

  keys = g_hash_table_get_keys_as_array (self->invalid, &n);
  qsort (keys, n, sizeof (gpointer), compare_keys);
  {
    GStrv list = g_new0 (char *, n + 1);

    for (guint i = 0; i < n; i++)
      list[i] = g_strdup (keys[i]);
    return list;
  }
}

const char *
planner_document_get_entry_message (PlannerDocument *self,
                                    const char      *key)
{
  g_return_val_if_fail (PLANNER_IS_DOCUMENT (self), NULL);
  return g_hash_table_lookup (self->invalid, key);
}
