/* planner-log-session.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log-session"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-catalog.h"
#include "planner-escape.h"
#include "planner-log-args.h"
#include "planner-log-session.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

struct _PlannerLogSession
{
  GObject           parent_instance;

  PlannerLogRecord *record;
  GFile            *file;
  char             *error;
  GStrv             job_notes;

  GFile            *reading;      /* the file being read, or NULL */
  GCancellable     *cancellable;
  double            fraction;
  guint             generation;   /* of the read under way: older reads are ignored */
};

G_DEFINE_FINAL_TYPE (PlannerLogSession, planner_log_session, G_TYPE_OBJECT)

enum {
  CHANGED,
  LOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  PlannerLogSession *self;
  guint              generation;
} Read;

static void
read_free (Read *read)
{
  g_object_unref (read->self);
  g_free (read);
}

static Read *
read_new (PlannerLogSession *self)
{
  Read *read = g_new0 (Read, 1);

  read->self = g_object_ref (self);
  read->generation = self->generation;
  return read;
}

static void
changed (PlannerLogSession *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_progress (guint64  bytes_read,
             guint64  bytes_total,
             gpointer user_data)
{
  Read *read = user_data;
  PlannerLogSession *self = read->self;

  if (read->generation != self->generation || self->reading == NULL || bytes_total == 0)
    return;
  self->fraction = CLAMP ((double) bytes_read / (double) bytes_total, 0., 1.);
  changed (self);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Read *read = user_data;
  PlannerLogSession *self = read->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerLogRecord) record = planner_log_read_file_finish (G_FILE (object), result, &error);

  if (read->generation != self->generation)
    {
      read_free (read);
      return;
    }
  g_clear_object (&self->reading);
  g_clear_object (&self->cancellable);
  self->fraction = 0;

  if (record == NULL)
    {
      /* Cancelled: the log open before stays. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* A name that is not UTF-8 is shown escaped ("caf\xe9.log"), as
           * the command line shows it, never raw in a label. */
          g_autofree char *name = planner_escape_file_name (G_FILE (object));

          g_clear_pointer (&self->record, planner_log_record_unref);
          g_clear_object (&self->file);
          g_clear_pointer (&self->job_notes, g_strfreev);
          g_free (self->error);
          self->error = g_strdup_printf (_("Could not read %s: %s"), name, error->message);
        }
      changed (self);
      read_free (read);
      return;
    }

  g_clear_pointer (&self->record, planner_log_record_unref);
  self->record = g_steal_pointer (&record);
  g_set_object (&self->file, G_FILE (object));
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->job_notes, g_strfreev);
  changed (self);
  g_signal_emit (self, signals[LOADED], 0);
  read_free (read);
}

void
planner_log_session_open (PlannerLogSession *self,
                          GFile             *file)
{
  g_return_if_fail (PLANNER_IS_LOG_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->generation++;
  self->cancellable = g_cancellable_new ();
  g_set_object (&self->reading, file);
  self->fraction = 0;
  g_clear_pointer (&self->error, g_free);
  planner_log_read_file_async (file, G_PRIORITY_LOW, self->cancellable, on_progress, read_new (self),
                               (GDestroyNotify) read_free, read_cb, read_new (self));
  changed (self);
}

void
planner_log_session_cancel (PlannerLogSession *self)
{
  g_return_if_fail (PLANNER_IS_LOG_SESSION (self));

  if (self->cancellable == NULL)
    return;
  /* The worker stops within a block; its answer is ignored. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->reading);
  self->generation++;
  self->fraction = 0;
  changed (self);
}

void
planner_log_session_close (PlannerLogSession *self)
{
  g_return_if_fail (PLANNER_IS_LOG_SESSION (self));

  planner_log_session_cancel (self);
  g_clear_pointer (&self->record, planner_log_record_unref);
  g_clear_object (&self->file);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->job_notes, g_strfreev);
  changed (self);
}

PlannerLogSessionState
planner_log_session_get_state (PlannerLogSession *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), PLANNER_LOG_SESSION_EMPTY);

  if (self->reading != NULL)
    return PLANNER_LOG_SESSION_READING;
  if (self->record != NULL)
    return PLANNER_LOG_SESSION_READY;
  if (self->error != NULL)
    return PLANNER_LOG_SESSION_FAILED;
  return PLANNER_LOG_SESSION_EMPTY;
}

PlannerLogRecord *
planner_log_session_get_record (PlannerLogSession *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), NULL);
  return self->record;
}

GFile *
planner_log_session_get_file (PlannerLogSession *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), NULL);
  return self->file;
}

char *
planner_log_session_dup_name (PlannerLogSession *self)
{
  GFile *file;

  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), NULL);

  file = self->reading != NULL ? self->reading : self->file;
  if (file == NULL)
    return NULL;
  return planner_escape_file_name (file);
}

double
planner_log_session_get_fraction (PlannerLogSession *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), 0);
  return self->fraction;
}

const char *
planner_log_session_get_error (PlannerLogSession *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), NULL);
  return self->error;
}

/* The job ----------------------------------------------------------------- */

static const char *
choose_gpu (const PlannerLogRecord *record,
            PlannerJob             *base,
            GPtrArray              *notes)
{
  const char *base_id = planner_job_get_gpu_id (base);
  const PlannerGpu *base_gpu = base_id != NULL ? planner_gpu_lookup (base_id) : NULL;
  double capacity = planner_log_record_get_gpu_capacity (record);
  const char *matched = planner_log_match_gpu (capacity, base_gpu != NULL ? base_gpu->id : NULL);
  const PlannerGpu *gpu;

  if (base_gpu == NULL)
    base_gpu = planner_gpu_lookup ("h100-sxm");
  if (matched != NULL && !g_str_equal (matched, base_gpu->id))
    {
      gpu = planner_gpu_lookup (matched);
      g_ptr_array_add (notes, g_strdup_printf (_("The log does not name the GPU: took the %s, whose memory matches "
                                                 "the %.1f GiB capacity in its out-of-memory message. If the run "
                                                 "had another, change GPU Type on the Cluster page."),
                                               gpu->name, capacity / GIB));
      return gpu->id;
    }
  if (matched != NULL)
    g_ptr_array_add (notes, g_strdup_printf (_("The log does not name the GPU: kept the %s, whose memory matches "
                                               "the %.1f GiB capacity in its out-of-memory message."),
                                             base_gpu->name, capacity / GIB));
  else
    g_ptr_array_add (notes, g_strdup_printf (_("The log does not name the GPU: assumed the %s. If the run had "
                                               "another, change GPU Type on the Cluster page: the measured MFU "
                                               "is against its peak."), base_gpu->name));
  return base_gpu->id;
}

static guint
choose_node_size (const PlannerLogRecord *record,
                  PlannerJob             *base,
                  guint64                 world,
                  GPtrArray              *notes)
{
  guint size = planner_log_record_get_gpus_per_node (record);

  if (size > 0)
    {
      g_ptr_array_add (notes, g_strdup_printf (_("%u GPUs per node, from the local ranks in the log’s line "
                                                 "prefixes."), size));
      return size;
    }
  /* The base's node size, or the largest below it that divides the run. */
  for (size = CLAMP (planner_job_get_uint (base, "gpus-per-node"), 1, 72); size > 1; size--)
    {
      if (world % size == 0)
        break;
    }
  g_ptr_array_add (notes, g_strdup_printf (_("The log does not say how many GPUs a node has: assumed %u. If the run "
                                             "had another, change GPUs per Node on the Cluster page."), size));
  return size;
}

PlannerJob *
planner_log_session_make_job (PlannerLogSession  *self,
                              PlannerJob         *base,
                              GPtrArray          *notes,
                              GError            **error)
{
  g_autoptr(GPtrArray) local = NULL;
  g_autoptr(PlannerJob) job = NULL;
  const PlannerLogRecord *record;
  const char *gpu;
  const char *extra;
  guint64 world;
  guint size;

  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (base), NULL);

  record = self->record;
  if (notes == NULL)
    notes = local = g_ptr_array_new_with_free_func (g_free);
  if (record == NULL || record->arguments == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The log holds no argument block (Megatron prints it at start-up), so it says nothing "
                             "of the job that ran"));
      return NULL;
    }
  world = planner_log_record_get_world_size (record);
  if (world == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The log’s arguments hold no world size, so they do not make a job"));
      return NULL;
    }

  gpu = choose_gpu (record, base, notes);
  size = choose_node_size (record, base, world, notes);
  /* With the GPU and node size given, the engine adds only what it could
   * not read (a garbled number left out). */
  job = planner_log_record_to_job (record, gpu, size, notes, error);
  if (job == NULL)
    return NULL;

  /* What the log cannot hold: where Megatron is and how SLURM is asked. */
  for (guint i = 0; i < planner_job_get_n_fields (); i++)
    {
      const char *property = planner_job_get_field_property (i);
      g_auto(GValue) value = G_VALUE_INIT;

      if (!g_str_equal (planner_job_get_field_section (i), "launch"))
        continue;
      g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property (G_OBJECT_GET_CLASS (base),
                                                                                   property)));
      g_object_get_property (G_OBJECT (base), property, &value);
      g_object_set_property (G_OBJECT (job), property, &value);
    }

  /* The tokenizer's files are not in the log, but the vocabulary Megatron
   * padded from them is: the model's figures need it. */
  if (*planner_job_get_model_id (job) == '\0' && planner_job_get_uint (job, "vocab-size") == 0 &&
      planner_log_record_get_vocab_size (record) > 0 && planner_log_record_get_vocab_size (record) < (1u << 28))
    {
      guint64 vocab = planner_log_record_get_vocab_size (record);

      g_object_set (job, "vocab-size", (guint) vocab, NULL);
      g_ptr_array_add (notes, g_strdup_printf (_("Vocabulary Size %" PRIu64 ": the padded size the log "
                                                 "printed (the tokenizer’s own size is not in the log)."), vocab));
    }

  extra = planner_job_get_string (job, "extra-args");
  if (extra != NULL && *extra != '\0')
    g_ptr_array_add (notes, g_strdup_printf (_("Arguments no field holds were kept as Extra Arguments: %s"), extra));
  if (record->arguments_truncated)
    g_ptr_array_add (notes, g_strdup_printf (_("The log’s argument block is longer than %u entries: the arguments "
                                               "past them were not read."), PLANNER_LOG_MAX_ARGUMENTS));
  if (record->n_runs > 1)
    g_ptr_array_add (notes, g_strdup_printf (_("The log holds %u runs (a requeued job appends to its log): the job "
                                               "is the last run’s."), record->n_runs));
  return g_steal_pointer (&job);
}

void
planner_log_session_set_job_notes (PlannerLogSession *self,
                                   const char *const *notes)
{
  g_return_if_fail (PLANNER_IS_LOG_SESSION (self));

  g_clear_pointer (&self->job_notes, g_strfreev);
  self->job_notes = notes != NULL ? g_strdupv ((char **) notes) : NULL;
  changed (self);
}

const char *const *
planner_log_session_get_job_notes (PlannerLogSession *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_SESSION (self), NULL);
  return (const char *const *) self->job_notes;
}

/* Object ------------------------------------------------------------------- */

static void
planner_log_session_dispose (GObject *object)
{
  PlannerLogSession *self = PLANNER_LOG_SESSION (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->reading);
  G_OBJECT_CLASS (planner_log_session_parent_class)->dispose (object);
}

static void
planner_log_session_finalize (GObject *object)
{
  PlannerLogSession *self = PLANNER_LOG_SESSION (object);

  g_clear_pointer (&self->record, planner_log_record_unref);
  g_clear_object (&self->file);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->job_notes, g_strfreev);
  G_OBJECT_CLASS (planner_log_session_parent_class)->finalize (object);
}

static void
planner_log_session_class_init (PlannerLogSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_log_session_dispose;
  object_class->finalize = planner_log_session_finalize;

  /* Any change of state, progress or job notes. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  /* A log was read: the record is new. */
  signals[LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);
}

static void
planner_log_session_init (PlannerLogSession *self)
{
}

PlannerLogSession *
planner_log_session_new (void)
{
  return g_object_new (PLANNER_TYPE_LOG_SESSION, NULL);
}
