/* planner-recommend-json.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The JSON form of a recommendation and of its candidates.  Every figure
 * here is relative: never a time, a duration or a cost. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <math.h>

#include "planner-recommend-private.h"


void
planner_recommend_add_candidate_json (JsonBuilder                     *b,
                                      const PlannerRecommendCandidate *c)
{
  static const char *splits[] = { "even", "account-both", "account-embedding", "account-loss", "uneven", "layout" };
  const PlannerLayout *l = &c->layout;

  json_builder_set_member_name (b, "tp");
  json_builder_add_int_value (b, l->tp);
  json_builder_set_member_name (b, "pp");
  json_builder_add_int_value (b, l->pp);
  json_builder_set_member_name (b, "vpp");
  json_builder_add_int_value (b, l->vpp);
  json_builder_set_member_name (b, "cp");
  json_builder_add_int_value (b, l->cp);
  json_builder_set_member_name (b, "dp");
  json_builder_add_int_value (b, l->dp);
  json_builder_set_member_name (b, "ep");
  json_builder_add_int_value (b, l->ep);
  json_builder_set_member_name (b, "etp");
  json_builder_add_int_value (b, l->etp);
  json_builder_set_member_name (b, "expert_dp");
  json_builder_add_int_value (b, l->expert_dp);
  json_builder_set_member_name (b, "micro_batch_size");
  json_builder_add_int_value (b, c->micro_batch_size);
  json_builder_set_member_name (b, "global_batch_size");
  json_builder_add_int_value (b, (gint64) c->global_batch_size);
  json_builder_set_member_name (b, "num_microbatches");
  json_builder_add_int_value (b, (gint64) c->num_microbatches);
  json_builder_set_member_name (b, "recompute");
  json_builder_add_string_value (b, planner_recompute_to_string (c->recompute));
  json_builder_set_member_name (b, "distributed_optimizer");
  json_builder_add_boolean_value (b, c->distributed_optimizer);
  json_builder_set_member_name (b, "sequence_parallel");
  json_builder_add_boolean_value (b, c->sequence_parallel);
  json_builder_set_member_name (b, "pipeline_split");
  json_builder_add_string_value (b, splits[MIN ((guint) c->split, G_N_ELEMENTS (splits) - 1)]);
  if (c->split == PLANNER_SPLIT_UNEVEN || c->split == PLANNER_SPLIT_LAYOUT)
    {
      json_builder_set_member_name (b, "first_stage_layers");
      json_builder_add_int_value (b, c->first_stage_layers);
      json_builder_set_member_name (b, "last_stage_layers");
      json_builder_add_int_value (b, c->last_stage_layers);
    }
  json_builder_set_member_name (b, "fits");
  json_builder_add_boolean_value (b, c->fits);
  json_builder_set_member_name (b, "tp_in_nvlink_domain");
  json_builder_add_boolean_value (b, c->tp_in_nvlink);
  json_builder_set_member_name (b, "memory_peak_bytes");
  json_builder_add_double_value (b, isfinite (c->peak_bytes) ? c->peak_bytes : 0.0);
  json_builder_set_member_name (b, "memory_capacity_bytes");
  json_builder_add_double_value (b, c->capacity_bytes);
  if (c->fits && c->time.total > 0)
    {
      /* Shares of the modelled step: relative only, never seconds. */
      json_builder_set_member_name (b, "step_breakdown");
      json_builder_begin_object (b);
      for (guint i = 0; i < G_N_ELEMENTS (planner_recommend_components); i++)
        {
          json_builder_set_member_name (b, planner_recommend_components[i].name);
          json_builder_add_double_value (b, G_STRUCT_MEMBER (double, &c->time, planner_recommend_components[i].offset) / c->time.total);
        }
      json_builder_end_object (b);
      json_builder_set_member_name (b, "uncertainty");
      json_builder_add_double_value (b, c->time.uncertainty / c->time.total);
    }
  json_builder_set_member_name (b, "fp8");
  json_builder_add_boolean_value (b, c->fp8);
  json_builder_set_member_name (b, "overlaps");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tp_comm_overlap");
  json_builder_add_boolean_value (b, c->tp_comm_overlap);
  json_builder_set_member_name (b, "overlap_moe_expert_parallel_comm");
  json_builder_add_boolean_value (b, c->moe_ep_overlap);
  json_builder_set_member_name (b, "overlap_grad_reduce");
  json_builder_add_boolean_value (b, c->grad_reduce_overlap);
  json_builder_set_member_name (b, "overlap_param_gather");
  json_builder_add_boolean_value (b, c->param_gather_overlap);
  json_builder_set_member_name (b, "fp8_param_gather");
  json_builder_add_boolean_value (b, c->fp8_param_gather);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "memory_stages");
  json_builder_begin_array (b);
  for (guint i = 0; i < c->n_stages; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "stage");
      json_builder_add_int_value (b, c->stage_rank[i]);
      json_builder_set_member_name (b, "bytes");
      json_builder_add_double_value (b, isfinite (c->stage_bytes[i]) ? c->stage_bytes[i] : 0.0);
      json_builder_set_member_name (b, "fraction_of_capacity");
      json_builder_add_double_value (b, c->capacity_bytes > 0 && isfinite (c->stage_bytes[i])
                                          ? c->stage_bytes[i] / c->capacity_bytes : 0.0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* One entry of the ranking: the layout, its place, and each modelled
 * component per sequence as a fraction of the best's step per sequence. */
static void
add_ranked_json (JsonBuilder                     *b,
                 const PlannerRecommendCandidate *c,
                 const PlannerRecommendCandidate *best,
                 guint                            rank)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rank");
  json_builder_add_int_value (b, rank);
  planner_recommend_add_candidate_json (b, c);
  json_builder_set_member_name (b, "relative_speed");
  json_builder_add_double_value (b, c == best ? 1.0 : c->speedup);
  json_builder_set_member_name (b, "tie_with_best");
  json_builder_add_boolean_value (b, c == best || c->tie);
  json_builder_set_member_name (b, "relative_to_best");
  json_builder_begin_object (b);
  for (guint i = 0; i < G_N_ELEMENTS (planner_recommend_components); i++)
    {
      json_builder_set_member_name (b, planner_recommend_components[i].key);
      json_builder_add_double_value (b, planner_recommend_component_per_sequence (c, i) / best->seconds_per_sequence);
    }
  json_builder_set_member_name (b, "total");
  json_builder_add_double_value (b, c->seconds_per_sequence / best->seconds_per_sequence);
  json_builder_set_member_name (b, "uncertainty");
  json_builder_add_double_value (b, c->time.uncertainty / (double) c->global_batch_size / best->seconds_per_sequence);
  /* The ranking key: the step plus half its uncertainty. */
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, c->score / best->score);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

/* The answer when a layout fits: the layout, why, the alternatives, the
 * ranking, the checks and the shell block. */
static void
add_answer_json (JsonBuilder                 *b,
                 const PlannerRecommendation *r)
{
  json_builder_set_member_name (b, "layout");
  json_builder_begin_object (b);
  planner_recommend_add_candidate_json (b, &r->best);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "reasons");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "degree");
      json_builder_add_string_value (b, reason->degree);
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, (gint64) reason->value);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, reason->reason);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "alternatives");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->alternatives->len; i++)
    {
      const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

      json_builder_begin_object (b);
      planner_recommend_add_candidate_json (b, c);
      json_builder_set_member_name (b, "relative_speed");
      json_builder_add_double_value (b, c->speedup);
      json_builder_set_member_name (b, "tie_with_best");
      json_builder_add_boolean_value (b, c->tie);
      json_builder_set_member_name (b, "trade");
      json_builder_add_string_value (b, c->trade);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ranking");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, r->ranking_text);
  json_builder_set_member_name (b, "layouts_that_fit");
  json_builder_add_int_value (b, (gint64) r->n_layouts);
  json_builder_set_member_name (b, "top");
  json_builder_begin_array (b);
  add_ranked_json (b, &r->best, &r->best, 1);
  for (guint i = 0; i < r->alternatives->len; i++)
    add_ranked_json (b, &g_array_index (r->alternatives, PlannerRecommendCandidate, i), &r->best, i + 2);
  json_builder_end_array (b);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "product_check");
  json_builder_add_string_value (b, r->product_check);
  if (r->expert_check != NULL)
    {
      json_builder_set_member_name (b, "expert_check");
      json_builder_add_string_value (b, r->expert_check);
      json_builder_set_member_name (b, "moe");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "expert_weight_bytes_ep1");
      json_builder_add_double_value (b, r->expert_bytes_ep1);
      json_builder_set_member_name (b, "expert_weight_bytes");
      json_builder_add_double_value (b, r->expert_bytes);
      json_builder_set_member_name (b, "summary");
      json_builder_add_string_value (b, r->moe_summary);
      json_builder_end_object (b);
    }
  json_builder_set_member_name (b, "mfu");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "low");
  json_builder_add_double_value (b, r->mfu.low);
  json_builder_set_member_name (b, "high");
  json_builder_add_double_value (b, r->mfu.high);
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, r->mfu_text);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, r->mfu.source);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "shell");
  json_builder_add_string_value (b, r->shell);
}

JsonNode *
planner_recommendation_to_json (const PlannerRecommendation *r)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (r != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "megatron_core");
  json_builder_add_string_value (b, r->megatron_version != NULL ? r->megatron_version : "0.20.0");
  json_builder_set_member_name (b, "draft");
  json_builder_add_boolean_value (b, TRUE);
  json_builder_set_member_name (b, "request");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "model");
  json_builder_add_string_value (b, r->model_id);
  json_builder_set_member_name (b, "gpu");
  json_builder_add_string_value (b, r->gpu->id);
  json_builder_set_member_name (b, "gpus");
  json_builder_add_int_value (b, (gint64) r->num_gpus);
  json_builder_set_member_name (b, "gpus_per_node");
  json_builder_add_int_value (b, r->gpus_per_node);
  json_builder_set_member_name (b, "nvlink_domain");
  json_builder_add_int_value (b, r->nvlink_domain);
  json_builder_set_member_name (b, "seq_length");
  json_builder_add_int_value (b, r->seq_length);
  json_builder_set_member_name (b, "num_experts");
  json_builder_add_int_value (b, r->num_experts);
  json_builder_set_member_name (b, "num_layers");
  json_builder_add_int_value (b, r->num_layers);
  json_builder_set_member_name (b, "total_params");
  json_builder_add_double_value (b, r->total_params);
  json_builder_set_member_name (b, "precision");
  json_builder_add_string_value (b, r->fp8 ? "fp8" : r->gpu->supports_bf16 ? "bf16" : "fp16");
  if (r->fp8)
    {
      json_builder_set_member_name (b, "fp8_recipe");
      json_builder_add_string_value (b, planner_recommend_fp8_recipe_name (r));
    }
  json_builder_set_member_name (b, "global_batch_given");
  json_builder_add_boolean_value (b, r->user_global_batch);
  json_builder_set_member_name (b, "global_batch");
  json_builder_add_string_value (b, r->batch_text);
  json_builder_set_member_name (b, "micro_batch_size");
  json_builder_add_int_value (b, r->user_micro_batch);
  json_builder_set_member_name (b, "recompute");
  json_builder_add_string_value (b, r->recompute_policy == PLANNER_RECOMPUTE_POLICY_NONE ? "none"
                                    : r->recompute_policy == PLANNER_RECOMPUTE_POLICY_SELECTIVE ? "selective"
                                    : r->recompute_policy == PLANNER_RECOMPUTE_POLICY_FULL ? "full" : "any");
  json_builder_set_member_name (b, "pins");
  json_builder_begin_object (b);
  {
    const guint32 values[] = { r->pins.tp, r->pins.pp, r->pins.cp, r->pins.dp, r->pins.ep, r->pins.etp, r->pins.vpp };
    static const char *const names[] = { "tp", "pp", "cp", "dp", "ep", "etp", "vpp" };

    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      if (values[i] > 0)
        {
          json_builder_set_member_name (b, names[i]);
          json_builder_add_int_value (b, values[i]);
        }
  }
  json_builder_end_object (b);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "fits");
  json_builder_add_boolean_value (b, r->fits);
  json_builder_set_member_name (b, "candidates_evaluated");
  json_builder_add_int_value (b, (gint64) r->n_evaluated);

  if (r->fits)
    add_answer_json (b, r);
  else
    {
      json_builder_set_member_name (b, "nothing_fits");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, r->nothing_fits);
      json_builder_set_member_name (b, "gpus_needed");
      json_builder_add_int_value (b, (gint64) r->gpus_needed);
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "rules");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->rules->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (r->rules, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "rule_of_thumb");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, r->rule_valid);
  json_builder_set_member_name (b, "from_reference_table");
  json_builder_add_boolean_value (b, r->rule_from_table);
  if (r->rule_valid)
    planner_recommend_add_candidate_json (b, &r->rule);
  json_builder_set_member_name (b, "comparison");
  json_builder_add_string_value (b, r->rule_comparison);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "diagnostics");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (r->diagnostics, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "severity");
      json_builder_add_string_value (b, planner_severity_to_string (d->severity));
      json_builder_set_member_name (b, "code");
      json_builder_add_string_value (b, d->code);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, d->message);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
