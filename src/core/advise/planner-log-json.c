/* planner-log-json.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <math.h>

#include "planner-log-json.h"
#include "planner-catalog.h"
#include "planner-log-rules.h"
#include "planner-plan-json.h"

static void
add_number (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value,
         gboolean     known)
{
  json_builder_set_member_name (builder, name);
  if (known)
    json_builder_add_int_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_strings (JsonBuilder *builder,
             const char  *name,
             GPtrArray   *strings)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (strings, i));
  json_builder_end_array (builder);
}

static void
add_log (JsonBuilder            *builder,
         const PlannerLogRecord *record,
         const char             *file)
{
  json_builder_set_member_name (builder, "log");
  json_builder_begin_object (builder);
  add_string (builder, "file", file);
  add_int (builder, "lines", (gint64) record->n_lines, TRUE);
  add_int (builder, "bytes", (gint64) record->n_bytes, TRUE);
  add_string (builder, "phase", planner_log_phase_to_string (record->phase));
  add_int (builder, "runs", record->n_runs, TRUE);
  json_builder_set_member_name (builder, "rank_prefixes");
  json_builder_add_boolean_value (builder, record->has_rank_prefixes);
  add_int (builder, "ranks_seen", record->n_ranks_seen, TRUE);
  add_int (builder, "world_size", (gint64) record->world_size, record->world_size > 0);

  json_builder_set_member_name (builder, "iterations");
  if (record->n_iteration_lines > 0)
    {
      json_builder_begin_object (builder);
      add_int (builder, "logged", (gint64) record->n_iteration_lines, TRUE);
      add_int (builder, "first", (gint64) record->first_iteration, TRUE);
      add_int (builder, "last", (gint64) record->last_iteration, TRUE);
      add_int (builder, "train_iters", (gint64) record->train_iters, TRUE);
      add_number (builder, "tflops_per_gpu_median", record->tflops_median);
      add_number (builder, "elapsed_ms_median", record->elapsed_ms_median);
      add_number (builder, "loss_first", record->loss_first);
      add_number (builder, "loss_last", record->loss_last);
      add_number (builder, "loss_min", record->loss_min);
      add_number (builder, "grad_norm_max", record->grad_norm_max);
      add_int (builder, "skipped", (gint64) record->skipped_total, TRUE);
      add_int (builder, "nan", (gint64) record->nan_total, TRUE);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "events");
  json_builder_begin_object (builder);
  for (guint k = 0; k < PLANNER_LOG_N_EVENT_KINDS; k++)
    add_int (builder, planner_log_event_kind_to_string (k), (gint64) record->n_events[k], TRUE);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
}

static void
add_line (JsonBuilder          *builder,
          const char           *name,
          const PlannerLogLine *line)
{
  add_int (builder, name, line != NULL ? (gint64) line->number : 0, line != NULL);
}

static void
add_finding (JsonBuilder             *builder,
             const PlannerLogFinding *finding)
{
  const PlannerLogEvent *event = finding->event;

  json_builder_begin_object (builder);
  add_string (builder, "symptom", planner_symptom_to_string (finding->symptom));
  add_string (builder, "title", finding->title);
  add_strings (builder, "details", finding->details);
  add_int (builder, "rank", finding->rank, finding->rank >= 0);
  add_int (builder, "stage", finding->stage, finding->stage >= 0);
  add_int (builder, "iteration", finding->iteration, finding->iteration >= 0);
  json_builder_set_member_name (builder, "rule");
  if (event != NULL && event->rule_id != NULL)
    {
      json_builder_begin_object (builder);
      add_string (builder, "id", event->rule_id);
      add_string (builder, "family", planner_log_rule_family (event->rule_id));
      add_string (builder, "match", planner_log_rule_match_to_string (event->rule_match));
      add_string (builder, "code", event->diagnostic_code);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "citations");
  json_builder_begin_array (builder);
  for (guint i = 0; i < finding->citations->len; i++)
    {
      const PlannerLogCitation *citation = g_ptr_array_index (finding->citations, i);

      json_builder_begin_object (builder);
      add_int (builder, "line", (gint64) citation->line->number, TRUE);
      add_int (builder, "rank", citation->line->rank, citation->line->rank >= 0);
      add_string (builder, "topic", citation->topic);
      add_string (builder, "text", citation->line->text);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
add_diagnosis (JsonBuilder               *builder,
               const PlannerLogDiagnosis *diagnosis)
{
  json_builder_set_member_name (builder, "diagnosis");
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "findings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < diagnosis->findings->len; i++)
    add_finding (builder, g_ptr_array_index (diagnosis->findings, i));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "measured");
  if (diagnosis->has_mfu)
    {
      json_builder_begin_object (builder);
      add_number (builder, "mfu", diagnosis->mfu.mfu);
      add_string (builder, "from", diagnosis->mfu_from);
      add_number (builder, "logged_value", diagnosis->mfu_logged_value);
      add_number (builder, "tflops_per_gpu", diagnosis->mfu.tflops_per_gpu);
      add_string (builder, "peak", planner_peak_kind_to_string (diagnosis->mfu.peak));
      add_number (builder, "peak_tflops", diagnosis->mfu.peak_tflops);
      add_line (builder, "line", diagnosis->mfu_line);
      json_builder_set_member_name (builder, "expected");
      if (diagnosis->expected_mfu_high > 0)
        {
          json_builder_begin_object (builder);
          add_number (builder, "low", diagnosis->expected_mfu_low);
          add_number (builder, "high", diagnosis->expected_mfu_high);
          add_string (builder, "source", diagnosis->expected_mfu_source);
          json_builder_end_object (builder);
        }
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "memory");
  json_builder_begin_array (builder);
  for (guint i = 0; i < diagnosis->memory->len; i++)
    {
      const PlannerLogMemoryCheck *check = g_ptr_array_index (diagnosis->memory, i);

      json_builder_begin_object (builder);
      add_int (builder, "rank", check->rank, check->rank >= 0);
      add_int (builder, "stage", check->stage, check->stage >= 0);
      add_number (builder, "logged_max_reserved_bytes", check->logged_bytes);
      add_number (builder, "logged_max_allocated_bytes",
                  check->logged_allocated_bytes >= 0 ? check->logged_allocated_bytes : NAN);
      add_number (builder, "estimate_bytes", check->estimate_bytes >= 0 ? check->estimate_bytes : NAN);
      add_number (builder, "difference", check->difference);
      add_line (builder, "line", check->line);
      add_string (builder, "sentence", check->sentence);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "theoretical");
  if (diagnosis->has_theoretical)
    {
      json_builder_begin_object (builder);
      add_number (builder, "logged_bytes", diagnosis->theoretical_logged_bytes);
      add_number (builder, "planner_bytes",
                  diagnosis->theoretical_planner_bytes >= 0 ? diagnosis->theoretical_planner_bytes : NAN);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);
  add_strings (builder, "notes", diagnosis->notes);
  json_builder_end_object (builder);
}

JsonNode *
planner_log_analysis_to_json (const PlannerLogAnalysis *analysis,
                              const char               *file,
                              GPtrArray                *plans)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (analysis != NULL, NULL);

  json_builder_begin_object (builder);
  add_log (builder, analysis->record, file);

  json_builder_set_member_name (builder, "job");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "from_log");
  json_builder_add_boolean_value (builder, analysis->job_from_log);
  add_string (builder, "layout", planner_report_get_summary (analysis->report));
  add_string (builder, "gpu", planner_job_get_gpu_id (analysis->job));
  add_strings (builder, "assumptions", analysis->assumptions);
  json_builder_end_object (builder);

  add_diagnosis (builder, analysis->diagnosis);

  json_builder_set_member_name (builder, "plans");
  json_builder_begin_array (builder);
  for (guint i = 0; plans != NULL && i < plans->len; i++)
    json_builder_add_value (builder, planner_plan_to_json (g_ptr_array_index (plans, i)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}
