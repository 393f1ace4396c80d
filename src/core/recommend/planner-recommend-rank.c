/* planner-recommend-rank.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where a person's own layout ranks among the layouts the search finds
 * for the same job.  The analysis calls it; the job's layout goes
 * through the same step model as every candidate, with its own knobs
 * (micro-batch, recompute, overlaps) as written.  Relative figures only. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <math.h>
#include <string.h>

#include "planner-recommend-private.h"
#include "planner-validate.h"

/* Up to this many percent slower than the best, a layout is "within x%"
 * of it; beyond, the text says plainly how much slower it is. */
#define CLOSE_PERCENT 10.0

static PlannerPipelineSplit
split_of (const PlannerConfig *cfg)
{
  if (cfg->layout_stages > 0)
    return PLANNER_SPLIT_LAYOUT;
  if (cfg->decoder_first_pipeline_num_layers > 0 || cfg->decoder_last_pipeline_num_layers > 0)
    return PLANNER_SPLIT_UNEVEN;
  if (cfg->account_for_embedding_in_pipeline_split && cfg->account_for_loss_in_pipeline_split)
    return PLANNER_SPLIT_ACCOUNT_BOTH;
  if (cfg->account_for_embedding_in_pipeline_split)
    return PLANNER_SPLIT_ACCOUNT_EMBEDDING;
  if (cfg->account_for_loss_in_pipeline_split)
    return PLANNER_SPLIT_ACCOUNT_LOSS;
  return PLANNER_SPLIT_EVEN;
}

/* The job's own layout as a candidate: its degrees and knobs as
 * written, measured by the same memory estimate and step model. */
static void
job_candidate (const PlannerRecommendSearch *s,
               const PlannerArgs            *args,
               const PlannerConfig          *cfg,
               PlannerRecommendCandidate    *c)
{
  PlannerMemoryEstimate mem;

  memset (c, 0, sizeof *c);
  c->layout = cfg->layout;
  c->micro_batch_size = MAX (cfg->micro_batch_size, 1);
  c->global_batch_size = MAX (cfg->global_batch_size, 1);
  c->num_microbatches = MAX (cfg->num_microbatches, 1);
  c->recompute = cfg->recompute;
  c->recompute_modules = cfg->recompute_modules;
  c->recompute_block = cfg->recompute == PLANNER_RECOMPUTE_FULL && cfg->recompute_method == PLANNER_RECOMPUTE_METHOD_BLOCK
                         ? MAX (cfg->recompute_num_layers, 1) : 0;
  c->distributed_optimizer = cfg->use_distributed_optimizer;
  c->fsdp = cfg->fsdp != PLANNER_FSDP_NONE;
  c->sequence_parallel = cfg->sequence_parallel;
  c->split = split_of (cfg);
  c->first_stage_layers = cfg->layout_stages > 0 ? cfg->layout_first : cfg->decoder_first_pipeline_num_layers;
  c->last_stage_layers = cfg->layout_stages > 0 ? cfg->layout_last : cfg->decoder_last_pipeline_num_layers;
  c->tp_in_nvlink = planner_recommend_in_domain (c->layout.tp, s->domain) &&
                    (c->layout.tp <= s->gpn || s->domain > s->gpn);
  c->fp8 = cfg->fp8;
  c->fp8_param_gather = cfg->fp8_param_gather;
  c->tp_comm_overlap = planner_args_get_bool (args, "tp_comm_overlap", FALSE) && c->sequence_parallel;
  c->moe_ep_overlap = planner_args_get_bool (args, "overlap_moe_expert_parallel_comm", FALSE);
  c->dispatcher = cfg->moe_dispatcher;
  c->shared_expert_overlap = cfg->moe_shared_expert_overlap;
  c->grad_reduce_overlap = planner_args_get_bool (args, "overlap_grad_reduce", FALSE) || c->fsdp;
  c->param_gather_overlap = planner_args_get_bool (args, "overlap_param_gather", FALSE) || c->fsdp;

  planner_memory_estimate (cfg, s->gpu, &mem);
  c->peak_bytes = mem.stages[mem.worst].total_bytes;
  c->capacity_bytes = mem.capacity_bytes;
  c->memory_use = mem.capacity_bytes > 0 ? c->peak_bytes / mem.capacity_bytes : 0.0;
  c->fits = mem.fits && isfinite (c->peak_bytes);
  c->n_stages = MIN (mem.n_stages, G_N_ELEMENTS (c->stage_bytes));
  for (guint i = 0; i < c->n_stages; i++)
    {
      c->stage_rank[i] = mem.stages[i].stage;
      c->stage_bytes[i] = mem.stages[i].total_bytes;
    }
  /* The step model is defined for any layout, fitting or not: the
   * comparison still says what a fitting one would trade. */
  planner_recommend_step_time (s, c, &mem);
}

static char *
describe_layout (const PlannerRecommendCandidate *c,
                 gboolean                         moe)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, _("TP %u × CP %u × DP %u × PP %u"), c->layout.tp, c->layout.cp, c->layout.dp,
                          c->layout.pp);
  if (c->layout.vpp > 1)
    g_string_append_printf (out, " (VPP %u)", c->layout.vpp);
  if (moe)
    g_string_append_printf (out, _(", EP %u, ETP %u"), c->layout.ep, c->layout.etp);
  g_string_append_printf (out, _(", micro-batch %u, recompute %s"), c->micro_batch_size,
                          planner_recompute_to_string (c->recompute));
  return g_string_free (out, FALSE);
}

/* “1st”, “22nd”, “20th”: a whole word for translators, who may write the
 * number another way (第 20). */
static char *
ordinal (guint64 n)
{
  /* Translators: this and the next three are English ordinals (1st, 2nd,
   * 3rd, 4th…); translate all four the same way if your language has one form */
  if (n % 100 >= 11 && n % 100 <= 13)
    return g_strdup_printf (_("%" PRIu64 "th"), n);
  switch (n % 10)
    {
    case 1:
      return g_strdup_printf (_("%" PRIu64 "st"), n);
    case 2:
      return g_strdup_printf (_("%" PRIu64 "nd"), n);
    case 3:
      return g_strdup_printf (_("%" PRIu64 "rd"), n);
    default:
      return g_strdup_printf (_("%" PRIu64 "th"), n);
    }
}

PlannerLayoutRank *
planner_recommend_rank_layout (const PlannerArgs *args,
                               const PlannerGpu  *gpu,
                               guint64            world_size,
                               guint32            gpus_per_node,
                               guint64            vocab_size,
                               const char        *megatron_version)
{
  g_autoptr(PlannerRecommendation) r = NULL;
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  g_autofree char *yours_text = NULL;
  g_autofree char *best_text = NULL;
  PlannerRecommendRequest request = { 0 }, resolved;
  PlannerRecommendSearch s;
  PlannerLayoutRank *rank;
  PlannerLayout layout;
  PlannerConfig cfg;
  gboolean moe;

  g_return_val_if_fail (args != NULL && gpu != NULL, NULL);

  if (world_size == 0 || !planner_validate_resolve_layout (args, world_size, &layout, diagnostics))
    return NULL;
  if (!planner_config_init_from_args (&cfg, args, &layout, vocab_size, NULL))
    return NULL;

  request.model_args = args;
  request.vocab_size = vocab_size;
  request.gpu_id = gpu->id;
  request.num_gpus = world_size;
  request.gpus_per_node = gpus_per_node;
  request.global_batch_size = cfg.global_batch_size;
  /* The layouts yours is ranked among use only the job's release's features. */
  request.megatron_version = megatron_version;
  r = planner_recommend_prepare (&request, TRUE, &s, &resolved, NULL);
  if (r == NULL)
    {
      planner_config_clear (&cfg);
      return NULL;
    }

  rank = g_new0 (PlannerLayoutRank, 1);
  job_candidate (&s, args, &cfg, &rank->yours);
  planner_config_clear (&cfg);
  planner_recommend_search_run (&s);
  moe = s.moe;

  /* Distinct layouts (TP, PP, CP, EP), each at its best variant. */
  for (guint i = 0; i < s.results->len; i++)
    {
      const PlannerRecommendCandidate *c = &g_array_index (s.results, PlannerRecommendCandidate, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < i && !seen; j++)
        seen = planner_recommend_same_tuple (c, &g_array_index (s.results, PlannerRecommendCandidate, j));
      if (seen)
        continue;
      rank->n_layouts++;
      if (!planner_recommend_same_tuple (c, &rank->yours) && c->score < rank->yours.score)
        rank->rank++;
    }
  rank->fits = rank->yours.fits;
  yours_text = describe_layout (&rank->yours, moe);

  if (s.results->len == 0)
    {
      rank->text = g_strdup_printf (_("Your layout (%s) cannot be ranked: no layout of this job fits in %s memory by "
                                      "the estimate."), yours_text, gpu->name);
      planner_recommend_search_clear (&s);
      return rank;
    }
  rank->best = g_array_index (s.results, PlannerRecommendCandidate, 0);
  rank->best.trade = NULL;
  best_text = describe_layout (&rank->best, moe);
  rank->relative_speed = rank->best.seconds_per_sequence / rank->yours.seconds_per_sequence;
  rank->tie = rank->yours.seconds_per_sequence - rank->best.seconds_per_sequence <
              0.5 * MAX (rank->yours.time.uncertainty / (double) rank->yours.global_batch_size,
                         rank->best.time.uncertainty / (double) rank->best.global_batch_size);

  if (!rank->yours.fits)
    {
      rank->text = g_strdup_printf (_("Your layout (%s) does not fit by the memory estimate (%.1f of %.1f GiB on the "
                                      "most loaded stage), so it is not ranked. The best of the %" PRIu64
                                      " layouts that fit is %s."),
                                    yours_text, rank->yours.peak_bytes / PLANNER_GIB,
                                    rank->yours.capacity_bytes / PLANNER_GIB, rank->n_layouts, best_text);
    }
  else
    {
      g_autofree char *trade = planner_recommend_describe_trade (&rank->yours, &rank->best);
      g_autofree char *place = NULL;
      double percent = (1.0 / rank->relative_speed - 1.0) * 100.0;

      rank->ranked = TRUE;
      rank->rank += 1;
      place = ordinal (rank->rank);
      if (rank->rank == 1 || percent < 0.5)
        rank->text = g_strdup_printf (_("Your layout (%s) ranks %s of %" PRIu64
                                        " layouts that fit this job (same model, GPUs, global batch and precision): "
                                        "the best the planner's step model finds."),
                                      yours_text, place, rank->n_layouts);
      else if (percent < CLOSE_PERCENT)
        rank->text = g_strdup_printf (_("Your layout (%s) ranks %s of %" PRIu64
                                        " layouts that fit this job (same model, GPUs, global batch and precision): "
                                        "within %.0f%% of the best the model finds, %s. Against it yours is %s.%s"),
                                      yours_text, place, rank->n_layouts,
                                      MAX (percent, 1.0), best_text, trade,
                                      rank->tie ? _(" The difference is within what the model cannot resolve: a tie.")
                                                : "");
      else
        /* Far from the best, "within x%" would read as praise: say where
         * it stands and by how much, relatively. */
        rank->text = g_strdup_printf (_("Your layout (%s) ranks %s of %" PRIu64
                                        " layouts that fit this job (same model, GPUs, global batch and precision). "
                                        "The best the model finds is %s; against it yours is %s.%s"),
                                      yours_text, place, rank->n_layouts,
                                      best_text, trade,
                                      rank->tie ? _(" The difference is within what the model cannot resolve: a tie.")
                                                : "");
    }
  planner_recommend_search_clear (&s);
  return rank;
}

void
planner_layout_rank_free (PlannerLayoutRank *rank)
{
  if (rank == NULL)
    return;
  g_free (rank->text);
  g_free (rank);
}

JsonNode *
planner_layout_rank_to_json (const PlannerLayoutRank *rank)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (rank != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ranked");
  json_builder_add_boolean_value (b, rank->ranked);
  json_builder_set_member_name (b, "fits");
  json_builder_add_boolean_value (b, rank->fits);
  json_builder_set_member_name (b, "rank");
  json_builder_add_int_value (b, (gint64) rank->rank);
  json_builder_set_member_name (b, "layouts_that_fit");
  json_builder_add_int_value (b, (gint64) rank->n_layouts);
  json_builder_set_member_name (b, "relative_speed");
  json_builder_add_double_value (b, isfinite (rank->relative_speed) ? rank->relative_speed : 0.0);
  json_builder_set_member_name (b, "tie_with_best");
  json_builder_add_boolean_value (b, rank->tie);
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, planner_recommend_ranking_rule ());
  json_builder_set_member_name (b, "yours");
  json_builder_begin_object (b);
  planner_recommend_add_candidate_json (b, &rank->yours);
  json_builder_end_object (b);
  if (rank->n_layouts > 0)
    {
      json_builder_set_member_name (b, "best");
      json_builder_begin_object (b);
      planner_recommend_add_candidate_json (b, &rank->best);
      json_builder_end_object (b);
    }
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, rank->text);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
