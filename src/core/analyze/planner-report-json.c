/* planner-report-json.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-report-json"

#include "config.h"

#include <math.h>

#include "planner-report-json.h"

static void
add_uint_or_null (JsonBuilder *builder,
                  const char  *name,
                  gboolean     known,
                  guint64      value)
{
  json_builder_set_member_name (builder, name);
  if (known)
    json_builder_add_int_value (builder, (gint64) value);
  else
    json_builder_add_null_value (builder);
}

/* Byte counts and FLOPs are whole numbers that may pass 2^53: write them
 * as JSON numbers without a fraction, never as NaN or infinity. */
static void
add_number (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (builder, name);
  if (!isfinite (value))
    json_builder_add_null_value (builder);
  else if (fabs (value) < 9007199254740992.0 && value == floor (value))
    json_builder_add_int_value (builder, (gint64) value);
  else
    json_builder_add_double_value (builder, value);
}

static void
add_layout (JsonBuilder         *builder,
            const PlannerReport *report)
{
  const PlannerLayout *layout = planner_report_get_layout (report);
  const PlannerConfig *config = planner_report_get_config (report);
  const PlannerArgs *args = planner_report_get_args (report);
  guint64 world = planner_report_get_world_size (report);

  json_builder_set_member_name (builder, "layout");
  json_builder_begin_object (builder);
  if (layout != NULL)
    {
      add_uint_or_null (builder, "tp", TRUE, layout->tp);
      add_uint_or_null (builder, "pp", TRUE, layout->pp);
      add_uint_or_null (builder, "cp", TRUE, layout->cp);
      add_uint_or_null (builder, "dp", TRUE, layout->dp);
      add_uint_or_null (builder, "ep", TRUE, layout->ep);
      add_uint_or_null (builder, "etp", TRUE, layout->etp);
      add_uint_or_null (builder, "expert_dp", TRUE, layout->expert_dp);
      add_uint_or_null (builder, "vpp", TRUE, layout->vpp);
    }
  else
    {
      /* What was asked for, so a tool can show what does not multiply out. */
      gint64 tp = planner_args_get_int (args, "tensor_model_parallel_size", 1);

      add_uint_or_null (builder, "tp", TRUE, tp);
      add_uint_or_null (builder, "pp", TRUE, planner_args_get_int (args, "pipeline_model_parallel_size", 1));
      add_uint_or_null (builder, "cp", TRUE, planner_args_get_int (args, "context_parallel_size", 1));
      add_uint_or_null (builder, "dp", FALSE, 0);
      add_uint_or_null (builder, "ep", TRUE, planner_args_get_int (args, "expert_model_parallel_size", 1));
      add_uint_or_null (builder, "etp", TRUE, planner_args_get_int (args, "expert_tensor_parallel_size", tp));
      add_uint_or_null (builder, "expert_dp", FALSE, 0);
      add_uint_or_null (builder, "vpp", FALSE, 0);
    }
  add_uint_or_null (builder, "world_size", world > 0, world);
  add_uint_or_null (builder, "num_microbatches", config != NULL, config ? config->num_microbatches : 0);
  add_uint_or_null (builder, "padded_vocab_size", config != NULL, config ? config->padded_vocab_size : 0);
  json_builder_set_member_name (builder, "valid");
  json_builder_add_boolean_value (builder, layout != NULL);
  json_builder_end_object (builder);
}

static void
add_diagnostics (JsonBuilder         *builder,
                 const PlannerReport *report)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  json_builder_set_member_name (builder, "diagnostics");
  json_builder_begin_array (builder);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "severity");
      json_builder_add_string_value (builder, planner_severity_to_string (d->severity));
      json_builder_set_member_name (builder, "code");
      json_builder_add_string_value (builder, d->code);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, d->message);
      json_builder_set_member_name (builder, "flags");
      json_builder_begin_array (builder);
      for (guint f = 0; d->flags[f] != NULL; f++)
        json_builder_add_string_value (builder, d->flags[f]);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "fix");
      if (d->fix != NULL)
        json_builder_add_string_value (builder, d->fix);
      else
        json_builder_add_null_value (builder);
      add_uint_or_null (builder, "line", d->line > 0, d->line);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_stage (JsonBuilder              *builder,
           const PlannerStageMemory *stage)
{
  json_builder_begin_object (builder);
  add_uint_or_null (builder, "stage", TRUE, stage->stage);
  add_uint_or_null (builder, "num_layers", TRUE, stage->num_layers);
  add_number (builder, "microbatches_in_flight", stage->in_flight);
  add_number (builder, "parameters", stage->dense_params + stage->expert_params);
  add_number (builder, "weight_bytes", stage->bytes[PLANNER_MEMORY_WEIGHTS]);
  add_number (builder, "gradient_bytes", stage->bytes[PLANNER_MEMORY_GRADIENTS]);
  add_number (builder, "optimizer_bytes", stage->bytes[PLANNER_MEMORY_OPTIMIZER]);
  add_number (builder, "activation_bytes", stage->bytes[PLANNER_MEMORY_ACTIVATIONS]);
  add_number (builder, "logits_bytes", stage->bytes[PLANNER_MEMORY_LOGITS]);
  add_number (builder, "overhead_bytes", stage->bytes[PLANNER_MEMORY_OVERHEAD]);
  add_number (builder, "allocated_bytes", stage->allocated_bytes);
  add_number (builder, "reserved_bytes", stage->reserved_bytes);
  add_number (builder, "total_bytes", stage->total_bytes);
  add_number (builder, "headroom_bytes", stage->headroom_bytes);
  json_builder_set_member_name (builder, "dominant");
  json_builder_add_string_value (builder, planner_memory_component_to_string (stage->dominant));
  json_builder_end_object (builder);
}

static void
add_memory (JsonBuilder         *builder,
            const PlannerReport *report)
{
  const PlannerMegatronMemory *megatron = planner_report_get_megatron_memory (report);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
  const PlannerGpu *gpu = planner_report_get_gpu (report);

  json_builder_set_member_name (builder, "memory");
  if (megatron == NULL || estimate == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "megatron");
  json_builder_begin_object (builder);
  add_number (builder, "weight_and_optimizer_bytes", megatron->weight_and_optimizer_bytes);
  /* Up to 0.14 the release prints no activations (nor a total) for this job. */
  add_number (builder, "activation_bytes", megatron->weights_only ? NAN : megatron->activation_bytes);
  add_number (builder, "total_bytes", megatron->weights_only ? NAN : megatron->total_bytes);
  json_builder_set_member_name (builder, "formula");
  json_builder_add_string_value (builder, megatron->weights_only ? "weights-only"
                                          : megatron->used_sp_formula ? "with-sequence-parallel"
                                          : "without-sequence-parallel");
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "estimate");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "gpu");
  if (gpu != NULL)
    json_builder_add_string_value (builder, gpu->id);
  else
    json_builder_add_null_value (builder);
  add_number (builder, "capacity_bytes", estimate->capacity_bytes);
  json_builder_set_member_name (builder, "fits");
  if (gpu != NULL)
    json_builder_add_boolean_value (builder, estimate->fits);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "stages");
  json_builder_begin_array (builder);
  for (guint i = 0; i < estimate->n_stages; i++)
    add_stage (builder, &estimate->stages[i]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "allowance");
  json_builder_begin_object (builder);
  add_number (builder, "cuda_context_bytes", estimate->cuda_context_bytes);
  add_number (builder, "nccl_bytes", estimate->nccl_bytes);
  add_number (builder, "workspace_bytes", estimate->workspace_bytes);
  add_number (builder, "fragmentation_fraction", estimate->fragmentation_fraction);
  json_builder_end_object (builder);
  add_number (builder, "difference_from_megatron_bytes", estimate->difference_bytes);
  json_builder_set_member_name (builder, "difference_reasons");
  {
    g_autofree char *reasons = planner_memory_diff_describe (estimate->difference);

    json_builder_add_string_value (builder, reasons);
  }
  json_builder_end_object (builder);
  json_builder_end_object (builder);
}

JsonNode *
planner_report_to_json (const PlannerReport *report)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const PlannerConfig *config;

  g_return_val_if_fail (report != NULL, NULL);

  config = planner_report_get_config (report);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "megatron_core");
  json_builder_add_string_value (builder, planner_report_get_megatron_version (report));
  json_builder_set_member_name (builder, "summary");
  json_builder_add_string_value (builder, planner_report_get_summary (report));
  add_layout (builder, report);
  add_diagnostics (builder, report);

  json_builder_set_member_name (builder, "flops");
  if (config != NULL)
    {
      json_builder_begin_object (builder);
      add_number (builder, "per_iteration", planner_report_get_flops (report));
      add_uint_or_null (builder, "global_batch_size", TRUE, config->global_batch_size);
      add_uint_or_null (builder, "seq_length", TRUE, config->seq_length);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  add_memory (builder, report);

  /* Where the layout ranks among the search's for the same job. */
  if (planner_report_get_layout_rank (report) != NULL)
    {
      json_builder_set_member_name (builder, "ranking");
      json_builder_add_value (builder, planner_layout_rank_to_json (planner_report_get_layout_rank (report)));
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
