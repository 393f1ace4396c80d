/* planner-log-record.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include "planner-log-record-private.h"

/* The record a log reader hands out: its life cycle and lookups. */

G_DEFINE_QUARK (planner-log-error-quark, planner_log_error)

G_DEFINE_BOXED_TYPE (PlannerLogRecord, planner_log_record, planner_log_record_ref, planner_log_record_unref)

typedef struct
{
  PlannerLogRecord public;
  gint             ref_count;
} PlannerLogRecordReal;

PlannerLogLine *
planner_log_line_copy (const PlannerLogLine *line)
{
  PlannerLogLine *copy;

  g_return_val_if_fail (line != NULL, NULL);

  copy = g_new (PlannerLogLine, 1);
  copy->number = line->number;
  copy->rank = line->rank;
  copy->text = g_strdup (line->text);
  return copy;
}

void
planner_log_line_free (PlannerLogLine *line)
{
  if (line == NULL)
    return;
  g_free (line->text);
  g_free (line);
}

PlannerLogEvent *
planner_log_event_new (PlannerLogEventKind kind)
{
  PlannerLogEvent *event = g_new0 (PlannerLogEvent, 1);

  event->kind = kind;
  event->iteration = -1;
  event->rank = -1;
  event->count = 1;
  event->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_log_line_free);
  event->tried_bytes = event->capacity_bytes = event->free_bytes = -1;
  event->in_use_bytes = event->allocated_bytes = event->reserved_unallocated_bytes = -1;
  event->device = -1;
  event->sequence = event->numel_in = event->numel_out = -1;
  event->timeout_ms = event->ran_ms = event->last_completed = -1;
  event->process_group = -1;
  event->value = event->baseline = event->loss_scale = NAN;
  return event;
}

void
planner_log_event_free (PlannerLogEvent *event)
{
  if (event == NULL)
    return;
  g_ptr_array_unref (event->lines);
  g_free (event->collective);
  g_free (event->exception);
  g_free (event->message);
  g_free (event->file);
  g_free (event->function);
  g_free (event->rule_id);
  g_free (event);
}

static void
unreadable_free (PlannerLogUnreadable *unreadable)
{
  g_free (unreadable->text);
  g_free (unreadable);
}

static void
memory_free (PlannerLogMemory *memory)
{
  planner_log_line_free (memory->line);
  g_free (memory);
}

PlannerLogRecord *
planner_log_record_new (void)
{
  PlannerLogRecordReal *real = g_new0 (PlannerLogRecordReal, 1);
  PlannerLogRecord *record = &real->public;

  real->ref_count = 1;
  record->max_local_rank = -1;
  record->memory = g_ptr_array_new_with_free_func ((GDestroyNotify) memory_free);
  record->unreadable = g_ptr_array_new_with_free_func ((GDestroyNotify) unreadable_free);
  for (guint k = 0; k < PLANNER_LOG_N_EVENT_KINDS; k++)
    record->events[k] = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_log_event_free);
  record->tflops_median = record->elapsed_ms_median = NAN;
  record->loss_first = record->loss_last = record->loss_min = NAN;
  record->grad_norm_max = NAN;
  return record;
}

PlannerLogRecord *
planner_log_record_ref (PlannerLogRecord *record)
{
  PlannerLogRecordReal *real = (PlannerLogRecordReal *) record;

  g_return_val_if_fail (record != NULL, NULL);

  g_atomic_int_inc (&real->ref_count);
  return record;
}

void
planner_log_record_unref (PlannerLogRecord *record)
{
  PlannerLogRecordReal *real = (PlannerLogRecordReal *) record;

  if (record == NULL || !g_atomic_int_dec_and_test (&real->ref_count))
    return;

  g_clear_pointer (&record->arguments, g_hash_table_unref);
  g_clear_pointer (&record->unkept_arguments, g_hash_table_unref);
  planner_log_line_free (record->arguments_line);
  g_free (record->points);
  planner_log_line_free (record->first_iteration_line);
  planner_log_line_free (record->last_iteration_line);
  planner_log_line_free (record->median_line);
  planner_log_line_free (record->theoretical_line);
  g_ptr_array_unref (record->memory);
  g_ptr_array_unref (record->unreadable);
  g_clear_pointer (&record->argument_lines, g_hash_table_unref);
  for (guint k = 0; k < PLANNER_LOG_N_EVENT_KINDS; k++)
    g_ptr_array_unref (record->events[k]);
  g_free (real);
}

const PlannerLogEvent *
planner_log_record_first_event (const PlannerLogRecord *record,
                                PlannerLogEventKind     kind)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail ((guint) kind < PLANNER_LOG_N_EVENT_KINDS, NULL);

  return record->events[kind]->len > 0 ? g_ptr_array_index (record->events[kind], 0) : NULL;
}

const PlannerLogMemory *
planner_log_record_get_memory (const PlannerLogRecord *record,
                               gint                    rank)
{
  g_return_val_if_fail (record != NULL, NULL);

  for (guint i = 0; i < record->memory->len; i++)
    {
      const PlannerLogMemory *memory = g_ptr_array_index (record->memory, i);

      if (memory->rank == rank)
        return memory;
    }
  return NULL;
}

const char *
planner_log_phase_to_string (PlannerLogPhase phase)
{
  switch (phase)
    {
    case PLANNER_LOG_PHASE_START:
      return "start";
    case PLANNER_LOG_PHASE_INITIALIZED:
      return "initialized";
    case PLANNER_LOG_PHASE_MODEL_BUILD:
      return "model-build";
    case PLANNER_LOG_PHASE_DATA:
      return "data";
    case PLANNER_LOG_PHASE_TRAINING:
      return "training";
    case PLANNER_LOG_PHASE_DONE:
      return "done";
    default:
      g_return_val_if_reached ("start");
    }
}

const char *
planner_log_event_kind_to_string (PlannerLogEventKind kind)
{
  switch (kind)
    {
    case PLANNER_LOG_EVENT_OOM:
      return "oom";
    case PLANNER_LOG_EVENT_NCCL_TIMEOUT:
      return "nccl-timeout";
    case PLANNER_LOG_EVENT_EXCEPTION:
      return "exception";
    case PLANNER_LOG_EVENT_NAN:
      return "nan";
    case PLANNER_LOG_EVENT_SKIPPED:
      return "skipped";
    case PLANNER_LOG_EVENT_LOSS_SPIKE:
      return "loss-spike";
    case PLANNER_LOG_EVENT_GRAD_NORM_SPIKE:
      return "grad-norm-spike";
    case PLANNER_LOG_N_EVENT_KINDS:
    default:
      g_return_val_if_reached ("exception");
    }
}

const char *
planner_log_rule_match_to_string (PlannerLogRuleMatch match)
{
  switch (match)
    {
    case PLANNER_LOG_RULE_NONE:
      return "none";
    case PLANNER_LOG_RULE_BY_MESSAGE:
      return "message";
    case PLANNER_LOG_RULE_BY_LOCATION:
      return "location";
    case PLANNER_LOG_RULE_BY_BOTH:
      return "message-and-location";
    default:
      g_return_val_if_reached ("none");
    }
}
