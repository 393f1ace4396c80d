/* planner-plan-json.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-plan"

#include "config.h"

#include "planner-flag-catalog.h"
#include "planner-plan-json.h"

static void
add_string_or_null (JsonBuilder *builder,
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
add_range (JsonBuilder *builder,
           const char  *name,
           const char  *low_name,
           double       low,
           const char  *high_name,
           double       high)
{
  json_builder_set_member_name (builder, name);
  if (low < 0)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, low_name);
  json_builder_add_double_value (builder, low);
  json_builder_set_member_name (builder, high_name);
  json_builder_add_double_value (builder, high);
  json_builder_end_object (builder);
}

static void
add_change (JsonBuilder         *builder,
            const PlannerChange *change)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "target");
  json_builder_add_string_value (builder, change->target == PLANNER_CHANGE_TARGET_ENV ? "env" : "flag");
  json_builder_set_member_name (builder, "action");
  json_builder_add_string_value (builder, planner_change_action_to_string (change->action));
  add_string_or_null (builder, "flag", change->flag);
  add_string_or_null (builder, "dest", change->dest);
  add_string_or_null (builder, "old_value", change->old_value);
  add_string_or_null (builder, "new_value", change->new_value);
  json_builder_end_object (builder);
}

static void
add_suggestion (JsonBuilder             *builder,
                const PlannerSuggestion *suggestion,
                guint                    rank,
                gboolean                 from_log)
{
  GString *diff = g_string_new (NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "rank");
  json_builder_add_int_value (builder, rank);
  add_string_or_null (builder, "id", suggestion->id);
  add_string_or_null (builder, "title", suggestion->title);
  add_string_or_null (builder, "cause", suggestion->cause);
  add_string_or_null (builder, "reason", suggestion->reason);
  add_string_or_null (builder, "effect", suggestion->effect);
  json_builder_set_member_name (builder, "changes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < suggestion->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (suggestion->changes, i);
      g_autofree char *lines = planner_change_to_diff (change);

      add_change (builder, change);
      g_string_append (diff, lines);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "diff");
  json_builder_add_string_value (builder, diff->str);
  g_string_free (diff, TRUE);
  add_strings (builder, "prerequisites", suggestion->prerequisites);
  add_strings (builder, "checks", suggestion->checks);
  add_range (builder, "speed", "low", suggestion->speed_low, "high", suggestion->speed_high);
  add_range (builder, "mfu_after", "low", suggestion->mfu_low, "high", suggestion->mfu_high);
  json_builder_set_member_name (builder, "memory");
  if (suggestion->memory_before < 0)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "before_bytes");
      json_builder_add_double_value (builder, suggestion->memory_before);
      json_builder_set_member_name (builder, "after_bytes");
      json_builder_add_double_value (builder, suggestion->memory_after);
      json_builder_set_member_name (builder, "fits_before");
      json_builder_add_boolean_value (builder, suggestion->fits_before);
      json_builder_set_member_name (builder, "fits_after");
      json_builder_add_boolean_value (builder, suggestion->fits_after);
      json_builder_end_object (builder);
    }
  add_range (builder, "bubble", "before", suggestion->bubble_before, "after", suggestion->bubble_after);
  if (from_log)
    {
      json_builder_set_member_name (builder, "citations");
      json_builder_begin_array (builder);
      for (guint i = 0; i < suggestion->citations->len; i++)
        {
          const PlannerCitation *citation = g_ptr_array_index (suggestion->citations, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "line");
          json_builder_add_int_value (builder, (gint64) citation->line);
          json_builder_set_member_name (builder, "rank");
          if (citation->rank >= 0)
            json_builder_add_int_value (builder, citation->rank);
          else
            json_builder_add_null_value (builder);
          json_builder_set_member_name (builder, "topic");
          json_builder_add_string_value (builder, citation->topic);
          json_builder_set_member_name (builder, "text");
          json_builder_add_string_value (builder, citation->text);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
}

JsonNode *
planner_plan_to_json (const PlannerPlan *plan)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  /* Plans made from a log carry what it showed; others keep their shape. */
  gboolean from_log = plan != NULL && plan->evidence->len > 0;

  g_return_val_if_fail (plan != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, planner_plan_kind_to_string (plan->kind));
  add_string_or_null (builder, "symptom",
                      plan->symptom != PLANNER_SYMPTOM_NONE ? planner_symptom_to_string (plan->symptom) : NULL);
  json_builder_set_member_name (builder, "draft");
  json_builder_add_boolean_value (builder, TRUE);
  json_builder_set_member_name (builder, "cumulative");
  json_builder_add_boolean_value (builder, plan->cumulative);
  json_builder_set_member_name (builder, "megatron_version");
  json_builder_add_string_value (builder, plan->megatron_version != NULL ? plan->megatron_version
                                                                       : planner_flag_catalog_get_megatron_version ());
  add_string_or_null (builder, "layout", plan->summary);
  add_strings (builder, "errors", plan->errors);
  if (from_log)
    add_strings (builder, "evidence", plan->evidence);

  json_builder_set_member_name (builder, "measured");
  if (plan->measured_mfu > 0)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "mfu");
      json_builder_add_double_value (builder, plan->measured_mfu);
      json_builder_set_member_name (builder, "tflops_per_gpu");
      json_builder_add_double_value (builder, plan->measured_tflops);
      add_string_or_null (builder, "peak", plan->peak_name);
      json_builder_set_member_name (builder, "peak_tflops");
      json_builder_add_double_value (builder, plan->peak_tflops);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "expected_mfu");
  if (plan->expected_mfu_high > 0)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "low");
      json_builder_add_double_value (builder, plan->expected_mfu_low);
      json_builder_set_member_name (builder, "high");
      json_builder_add_double_value (builder, plan->expected_mfu_high);
      add_string_or_null (builder, "source", plan->expected_mfu_source);
      json_builder_set_member_name (builder, "target");
      if (plan->target_mfu > 0)
        json_builder_add_double_value (builder, plan->target_mfu);
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "memory");
  if (plan->memory_before >= 0)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "before_bytes");
      json_builder_add_double_value (builder, plan->memory_before);
      json_builder_set_member_name (builder, "after_bytes");
      json_builder_add_double_value (builder, plan->memory_after);
      json_builder_set_member_name (builder, "capacity_bytes");
      json_builder_add_double_value (builder, plan->capacity_bytes);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "suggestions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < plan->suggestions->len; i++)
    add_suggestion (builder, g_ptr_array_index (plan->suggestions, i), i + 1, from_log);
  json_builder_end_array (builder);
  add_strings (builder, "rejected", plan->rejected);
  add_strings (builder, "notes", plan->notes);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}
