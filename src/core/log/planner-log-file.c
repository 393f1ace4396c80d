/* planner-log-file.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-log.h"

#include <errno.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "planner-escape.h"
#include "planner-read-file.h"

/* Reading a log from a stream or a file, in blocks, with progress and
 * cancellation; and the same in a worker thread for the window. */

#define BLOCK_BYTES (1024 * 1024)
/* A pseudo-file (size 0 on disk) is read whole, up to this. */
#define PSEUDO_FILE_MAX_BYTES (64 * 1024 * 1024)

PlannerLogRecord *
planner_log_read_stream (GInputStream            *stream,
                         guint64                  size_hint,
                         PlannerLogProgressFunc   progress,
                         gpointer                 progress_data,
                         GCancellable            *cancellable,
                         GError                 **error)
{
  g_autoptr(PlannerLogReader) reader = planner_log_reader_new ();
  g_autofree char *block = g_malloc (BLOCK_BYTES);
  guint64 total = 0;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  for (;;)
    {
      gssize n = g_input_stream_read (stream, block, BLOCK_BYTES, cancellable, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      planner_log_reader_feed (reader, block, (gsize) n);
      total += (guint64) n;
      if (progress != NULL)
        progress (total, MAX (size_hint, total), progress_data);
    }
  if (total == 0)
    {
      g_set_error (error, PLANNER_LOG_ERROR, PLANNER_LOG_ERROR_EMPTY,
                   _("the log is empty: give the file the run's standard output went to"));
      return NULL;
    }
  return planner_log_reader_finish (g_steal_pointer (&reader));
}

/* The file as messages show it: a local path as it is, with bytes that
 * are not UTF-8 escaped ("caf\xe9.log"), never replaced by U+FFFD or
 * turned into a URI, so the name shown is the name to type. */
static char *
display_name (GFile *file)
{
  const char *path = g_file_peek_path (file);

  return path != NULL ? planner_escape_controls (path) : g_file_get_parse_name (file);
}

/* GIO's messages name a local file with U+FFFD for each byte that is not
 * UTF-8: ask the system first, and say what is wrong by the name typed. */
static gboolean
check_readable (GFile   *file,
                GError **error)
{
  const char *path = g_file_peek_path (file);
  GStatBuf st;
  int saved_errno = 0;

  if (path == NULL)
    return TRUE;
  if (g_stat (path, &st) != 0)
    saved_errno = errno;
  else if (!S_ISDIR (st.st_mode) && g_access (path, R_OK) != 0)
    saved_errno = errno;
  /* A link to nothing is said as such below. */
  if (saved_errno == 0 || (saved_errno == ENOENT && g_file_test (path, G_FILE_TEST_IS_SYMLINK)))
    return TRUE;
  {
    g_autofree char *name = display_name (file);

    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), _("Could not read %s: %s"), name,
                 g_strerror (saved_errno));
  }
  return FALSE;
}

PlannerLogRecord *
planner_log_read_file (GFile                   *file,
                       PlannerLogProgressFunc   progress,
                       gpointer                 progress_data,
                       GCancellable            *cancellable,
                       GError                 **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!check_readable (file, error))
    return NULL;
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (info == NULL)
    return NULL;
  /* A device or a pipe may never end (/dev/zero): only regular files. */
  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_REGULAR:
      break;
    case G_FILE_TYPE_DIRECTORY:
      name = display_name (file);
      g_set_error (error, PLANNER_LOG_ERROR, PLANNER_LOG_ERROR_NOT_A_FILE,
                   _("%s is a folder: give the log file in it"), name);
      return NULL;
    case G_FILE_TYPE_SYMBOLIC_LINK:
      /* Links are followed: one still a link leads nowhere. */
      name = display_name (file);
      g_set_error (error, PLANNER_LOG_ERROR, PLANNER_LOG_ERROR_NOT_A_FILE,
                   _("%s is a symbolic link to a file that does not exist: give the log file itself"), name);
      return NULL;
    case G_FILE_TYPE_UNKNOWN:
    case G_FILE_TYPE_SPECIAL:
    case G_FILE_TYPE_SHORTCUT:
    case G_FILE_TYPE_MOUNTABLE:
    default:
      name = display_name (file);
      g_set_error (error, PLANNER_LOG_ERROR, PLANNER_LOG_ERROR_NOT_A_FILE,
                   _("%s is not a regular file (a device or a pipe can go on for ever): save the run's output to "
                     "a file and give that"), name);
      return NULL;
    }
  /* A "regular" file of size 0 is empty or a pseudo-file whose read may
   * block (/proc/kmsg): read it with a bounded wait. */
  if (g_file_info_get_size (info) == 0 && g_file_peek_path (file) != NULL)
    {
      g_autoptr(GInputStream) memory = NULL;
      char *contents = NULL;
      gsize length = 0;

      if (!planner_read_file_bounded (g_file_peek_path (file), PSEUDO_FILE_MAX_BYTES, _("log"),
                                      PLANNER_READ_IDLE_SECONDS, &contents, &length, error))
        return NULL;
      memory = g_memory_input_stream_new_from_data (contents, (gssize) length, g_free);
      return planner_log_read_stream (memory, length, progress, progress_data, cancellable, error);
    }
  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;
  return planner_log_read_stream (G_INPUT_STREAM (stream), (guint64) g_file_info_get_size (info),
                                  progress, progress_data, cancellable, error);
}

/* Async ----------------------------------------------------------------- */

/* Shared by the worker and the progress callbacks it queues on the
 * caller's context, so the user's data outlives both. */
typedef struct
{
  GMainContext           *context;
  PlannerLogProgressFunc  progress;
  gpointer                progress_data;
  GDestroyNotify          progress_data_free;
  gint                    pending;       /* a report is queued and not yet delivered */
  guint                   last_percent;
} Progress;

typedef struct
{
  Progress *progress;
  guint64   read;
  guint64   total;
} Report;

static void
progress_clear (Progress *progress)
{
  if (progress->progress_data_free != NULL)
    progress->progress_data_free (progress->progress_data);
  g_main_context_unref (progress->context);
}

static void
progress_unref (Progress *progress)
{
  g_atomic_rc_box_release_full (progress, (GDestroyNotify) progress_clear);
}

static gboolean
deliver (gpointer data)
{
  Report *report = data;

  g_atomic_int_set (&report->progress->pending, 0);
  report->progress->progress (report->read, report->total, report->progress->progress_data);
  return G_SOURCE_REMOVE;
}

static void
report_free (gpointer data)
{
  Report *report = data;

  progress_unref (report->progress);
  g_free (report);
}

/* In the worker: queue a report when a percent has passed and the last
 * one was delivered, so a slow window is never flooded. */
static void
worker_progress (guint64  read,
                 guint64  total,
                 gpointer user_data)
{
  Progress *progress = user_data;
  guint percent = total > 0 ? (guint) (read * 100 / total) : 0;
  Report *report;

  if ((percent == progress->last_percent && read < total) || !g_atomic_int_compare_and_exchange (&progress->pending, 0, 1))
    return;
  progress->last_percent = percent;
  report = g_new (Report, 1);
  report->progress = g_atomic_rc_box_acquire (progress);
  report->read = read;
  report->total = total;
  g_main_context_invoke_full (progress->context, G_PRIORITY_DEFAULT, deliver, report, report_free);
}

static void
read_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Progress *progress = task_data;
  GError *error = NULL;
  PlannerLogRecord *record;

  record = planner_log_read_file (G_FILE (source_object), progress->progress != NULL ? worker_progress : NULL,
                                  progress, cancellable, &error);
  if (record == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, record, (GDestroyNotify) planner_log_record_unref);
}

void
planner_log_read_file_async (GFile                  *file,
                             int                     io_priority,
                             GCancellable           *cancellable,
                             PlannerLogProgressFunc  progress_func,
                             gpointer                progress_data,
                             GDestroyNotify          progress_data_free,
                             GAsyncReadyCallback     callback,
                             gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  Progress *progress;

  g_return_if_fail (G_IS_FILE (file));

  progress = g_atomic_rc_box_new0 (Progress);
  progress->context = g_main_context_ref_thread_default ();
  progress->progress = progress_func;
  progress->progress_data = progress_data;
  progress->progress_data_free = progress_data_free;
  progress->last_percent = G_MAXUINT;

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_log_read_file_async);
  g_task_set_priority (task, io_priority);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_task_data (task, progress, (GDestroyNotify) progress_unref);
  g_task_run_in_thread (task, read_in_thread);
}

PlannerLogRecord *
planner_log_read_file_finish (GFile         *file,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == planner_log_read_file_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Telling a log apart ------------------------------------------------------- */

gboolean
planner_log_looks_like_log (const char *data,
                            gsize       length)
{
  g_autoptr(PlannerLogReader) reader = NULL;
  g_autoptr(PlannerLogRecord) record = NULL;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  reader = planner_log_reader_new ();
  planner_log_reader_feed (reader, data, length);
  record = planner_log_reader_finish (g_steal_pointer (&reader));

  if (record->arguments != NULL || record->world_size > 0 || record->n_iteration_lines > 0 ||
      record->memory->len > 0 || record->has_theoretical || record->phase > PLANNER_LOG_PHASE_START)
    return TRUE;
  /* A failure counts with its figures, not for its words alone: a
   * script's comment may well say "CUDA out of memory". */
  for (guint kind = 0; kind < PLANNER_LOG_N_EVENT_KINDS; kind++)
    {
      for (guint i = 0; i < record->events[kind]->len; i++)
        {
          const PlannerLogEvent *event = g_ptr_array_index (record->events[kind], i);

          switch ((PlannerLogEventKind) kind)
            {
            case PLANNER_LOG_EVENT_OOM:
              if (event->tried_bytes > 0 || event->capacity_bytes > 0)
                return TRUE;
              break;
            case PLANNER_LOG_EVENT_NCCL_TIMEOUT:
              if (event->collective != NULL || event->sequence >= 0)
                return TRUE;
              break;
            case PLANNER_LOG_EVENT_EXCEPTION:
            case PLANNER_LOG_EVENT_NAN:
              if (event->exception != NULL || event->iteration >= 0)
                return TRUE;
              break;
            case PLANNER_LOG_EVENT_SKIPPED:
            case PLANNER_LOG_EVENT_LOSS_SPIKE:
            case PLANNER_LOG_EVENT_GRAD_NORM_SPIKE:
            case PLANNER_LOG_N_EVENT_KINDS:
            default:
              return TRUE;
            }
        }
    }
  return FALSE;
}

static gboolean
starts_like_json (const char *data,
                  gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isspace (data[i]))
        return data[i] == '{';
    }
  return FALSE;
}

static void
sniff_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GFile *file = source_object;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *head = g_malloc (PLANNER_LOG_SNIFF_BYTES);
  GError *error = NULL;
  gsize length = 0;
  gboolean is_log;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &error);
  /* Only a file with bytes on disk is looked into: opening a pipe without
   * a writer, or reading a device or a pseudo-file, may wait for ever.
   * Those go the document's way, whose reader refuses them in time. */
  if (info != NULL &&
      (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR || g_file_info_get_size (info) == 0))
    {
      g_task_return_int (task, FALSE);
      return;
    }
  if (info != NULL)
    stream = g_file_read (file, cancellable, &error);
  if (stream == NULL ||
      !g_input_stream_read_all (G_INPUT_STREAM (stream), head, PLANNER_LOG_SNIFF_BYTES, &length, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  is_log = planner_log_looks_like_log (head, length) ||
           (g_file_info_get_size (info) > PLANNER_LOG_SNIFF_LARGE && !starts_like_json (head, length));
  g_task_return_int (task, is_log);
}

void
planner_log_sniff_file_async (GFile               *file,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_log_sniff_file_async);
  g_task_run_in_thread (task, sniff_in_thread);
}

gboolean
planner_log_sniff_file_finish (GFile         *file,
                               GAsyncResult  *result,
                               gboolean      *is_log,
                               GError       **error)
{
  g_autoptr(GError) local = NULL;
  gssize value;

  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == planner_log_sniff_file_async, FALSE);

  value = g_task_propagate_int (G_TASK (result), &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (is_log != NULL)
    *is_log = value != 0;
  return TRUE;
}
