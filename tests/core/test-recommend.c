/* test-recommend.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-analyze.h"
#include "planner-field.h"
#include "planner-field-check.h"
#include "planner-flag-catalog.h"
#include "planner-import.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-recommend-job.h"
#include "planner-recommend-private.h"
#include "planner-script.h"

/* The sanitizer build runs about twenty times slower: the property sweeps
 * take a sparser sample there. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED TRUE
#else
#define SANITIZED FALSE
#endif

static PlannerRecommendation *
recommend (const char *model,
           const char *gpu,
           guint64     gpus,
           guint32     seq)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;
  PlannerRecommendation *r;

  request.model_id = model;
  request.gpu_id = gpu;
  request.num_gpus = gpus;
  request.seq_length = seq;
  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* Product rule 3: no training time or cost anywhere. */
static void
assert_no_time_or_cost (const char *text)
{
  g_autofree char *lower = g_ascii_strdown (text, -1);

  g_assert_null (strstr (lower, " hours"));
  g_assert_null (strstr (lower, " days"));
  g_assert_null (strstr (lower, "gpu-hours"));
  g_assert_null (strstr (lower, "dollar"));
  for (const char *p = strchr (lower, '$'); p != NULL; p = strchr (p + 1, '$'))
    g_assert_false (g_ascii_isdigit (p[1]));   /* "$TP" is shell; "$12" would be money */
  g_assert_null (strstr (lower, "seconds"));
}

/* The layouts an expert would call mistakes never appear (issue 11):
 * CP at 4K tokens or less, EP 1 for 64 or more experts when a larger EP
 * exists, a pipeline rank with fewer than two layers, TP across an
 * NVLink domain. */
static void
check_expert_rules (const PlannerRecommendation     *r,
                    const PlannerRecommendCandidate *c)
{
  const PlannerLayout *l = &c->layout;

  if (r->seq_length <= 4096)
    g_assert_cmpuint (l->cp, ==, 1);
  if (r->num_experts >= 64)
    {
      guint64 per_stage = r->num_gpus / l->pp;
      gboolean larger = FALSE;

      for (guint32 ep = 2; ep <= r->num_experts && !larger; ep++)
        larger = r->num_experts % ep == 0 && per_stage % ep == 0;
      if (larger)
        g_assert_cmpuint (l->ep, >, 1);
    }
  /* Transformer layers per pipeline rank: the decoder layers, and on the
   * last rank the MTP layers (each an attention and an MLP or MoE block,
   * as NVIDIA's DeepSeek-V3 layouts count them: one decoder layer, the MTP
   * layer and the loss on the last stage). */
  for (guint32 rank = 0; rank < l->pp; rank++)
    {
      guint32 layers = rank == l->pp - 1 ? (guint32) planner_args_get_int (r->model_args, "mtp_num_layers", 0) : 0;

      for (guint32 v = 0; v < l->vpp; v++)
        layers += planner_recommend_stage_layers (c, r->num_layers, rank + v * l->pp);
      if (l->pp > 1)
        g_assert_cmpuint (layers, >=, 2);
    }
  g_assert_true (c->tp_in_nvlink);
  g_assert_cmpuint (l->tp, <=, r->nvlink_domain);
  g_assert_cmpuint (r->nvlink_domain % l->tp, ==, 0);
}

/* Everything the property test demands of one answer.  The checks go
 * through the independent path (planner_analyze_args on the candidate's
 * arguments), not through the search's own shortcuts. */
static void
check_recommendation (const PlannerRecommendation *r,
                      gboolean                     deep)
{
  const PlannerRecommendCandidate *b = &r->best;
  const PlannerLayout *l = &b->layout;

  if (!r->fits)
    {
      g_assert_nonnull (r->nothing_fits);
      g_assert_true (g_str_has_prefix (r->nothing_fits, "Nothing fits"));
      g_assert_null (r->shell);
      return;
    }

  check_expert_rules (r, b);
  for (guint i = 0; i < r->alternatives->len; i++)
    check_expert_rules (r, &g_array_index (r->alternatives, PlannerRecommendCandidate, i));
  g_assert_cmpuint ((guint64) l->tp * l->cp * l->dp * l->pp, ==, r->num_gpus);
  g_assert_cmpuint ((guint64) l->etp * l->ep * l->expert_dp * l->pp, ==, r->num_gpus);
  if (r->num_experts > 0)
    g_assert_cmpuint (r->num_experts % l->ep, ==, 0);
  else
    g_assert_cmpuint (l->ep, ==, 1);
  g_assert_cmpuint (b->global_batch_size % ((guint64) b->micro_batch_size * l->dp), ==, 0);
  g_assert_cmpuint (b->num_microbatches * b->micro_batch_size * l->dp, ==, b->global_batch_size);
  if (l->vpp > 1)
    {
      g_assert_cmpuint (l->pp, >, 1);
      g_assert_cmpuint (b->num_microbatches, >=, l->pp);
      g_assert_cmpuint (b->num_microbatches % l->pp, ==, 0);
    }
  g_assert_true (b->fits);
  g_assert_cmpfloat (b->peak_bytes, <=, b->capacity_bytes);
  g_assert_true (isfinite (b->seconds_per_sequence) && b->seconds_per_sequence > 0);
  g_assert_true (isfinite (r->mfu.low) && isfinite (r->mfu.high));
  g_assert_cmpfloat (r->mfu.low, >, 0.0);
  g_assert_cmpfloat (r->mfu.low, <=, r->mfu.high);
  g_assert_cmpfloat (r->mfu.high, <, 1.0);
  for (guint i = 0; i < r->alternatives->len; i++)
    {
      const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

      g_assert_true (c->fits);
      g_assert_nonnull (c->trade);
      g_assert_cmpuint ((guint64) c->layout.tp * c->layout.cp * c->layout.dp * c->layout.pp, ==, r->num_gpus);
    }

  {
    g_autofree char *line = g_strdup_printf ("\nTP=%u ", l->tp);
    g_autofree char *check = g_strdup_printf ("TP × CP × DP × PP = %u × %u × %u × %u = %" G_GUINT64_FORMAT " GPUs",
                                              l->tp, l->cp, l->dp, l->pp, r->num_gpus);

    g_assert_nonnull (strstr (r->shell, line));
    g_assert_nonnull (strstr (r->shell, check));
    g_assert_nonnull (strstr (r->shell, "DRAFT"));
    /* Megatron-FSDP refuses CUDA_DEVICE_MAX_CONNECTIONS=1 (validate_args). */
    if (b->fsdp)
      g_assert_null (strstr (r->shell, "CUDA_DEVICE_MAX_CONNECTIONS=1 "));
    /* The flags the step model credits are in the shell block. */
    if (b->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP)
      g_assert_nonnull (strstr (r->shell, "--moe-token-dispatcher-type flex\n  --moe-flex-dispatcher-backend hybridep"));
    if (b->moe_ep_overlap)
      g_assert_nonnull (strstr (r->shell, "--overlap-moe-expert-parallel-comm"));
    if (b->shared_expert_overlap)
      g_assert_nonnull (strstr (r->shell, "--moe-shared-expert-overlap"));
    if (b->split == PLANNER_SPLIT_LAYOUT)
      {
        g_assert_nonnull (strstr (r->shell, "--pipeline-model-parallel-layout '"));
        g_assert_null (strstr (r->shell, "--num-virtual-stages-per-pipeline-rank"));
      }
  }

  if (deep)
    {
      g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, b);
      g_autoptr(PlannerReport) report = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = planner_recommendation_to_text (r);
      PlannerAnalyzeOptions options = { 0 };
      const PlannerMemoryEstimate *estimate;
      GPtrArray *diagnostics;

      options.world_size = r->num_gpus;
      options.vocab_size = r->vocab_size;
      options.gpu_id = r->gpu->id;
      report = planner_analyze_args (args, NULL, &options, &error);
      g_assert_no_error (error);
      g_assert_true (planner_report_get_layout_accepted (report));
      estimate = planner_report_get_memory_estimate (report);
      g_assert_nonnull (estimate);
      g_assert_true (estimate->fits);
      /* The search's fast path and the full analysis agree on the memory. */
      if (fabs (estimate->stages[estimate->worst].total_bytes / b->peak_bytes - 1.0) > 1e-9)
        g_test_message ("%s on %" G_GUINT64_FORMAT ": TP %u PP %u VPP %u CP %u EP %u split %d (%u/%u) recompute %d "
                        "modules %u block %u fsdp %d micro %u: analysis %.4g, search %.4g",
                        r->model_id, r->num_gpus, l->tp, l->pp, l->vpp, l->cp, l->ep, b->split, b->first_stage_layers,
                        b->last_stage_layers, b->recompute, b->recompute_modules, b->recompute_block, b->fsdp,
                        b->micro_batch_size, estimate->stages[estimate->worst].total_bytes, b->peak_bytes);
      g_assert_cmpfloat_with_epsilon (estimate->stages[estimate->worst].total_bytes / b->peak_bytes, 1.0, 1e-9);
      diagnostics = planner_report_get_diagnostics (report);
      for (guint i = 0; i < diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

          if (d->severity != PLANNER_SEVERITY_ERROR)
            continue;
          if (!g_str_has_prefix (d->code, "data.") && !g_str_has_prefix (d->code, "tokenizer."))
            g_error ("%s on %" G_GUINT64_FORMAT " GPUs: %s: %s", r->model_id, r->num_gpus, d->code, d->message);
        }
      assert_no_time_or_cost (text);
    }
}

/* The reference table: each row's rule applies and is stated; the search
 * then either agrees or says by how much it beats the rule and why. */
static void
test_recommend_reference_table (void)
{
  static const struct
  {
    const char *model;
    guint64     gpus;
    guint32     tp, pp, cp, dp;
  } rows[] = {
    { "llama2-7b", 8, 1, 1, 1, 8 },
    { "llama2-13b", 8, 2, 1, 1, 4 },
    { "llama2-70b", 64, 4, 4, 1, 4 },
    { "llama3.1-405b", 128, 8, 8, 2, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(PlannerRecommendation) r = recommend (rows[i].model, "h100-sxm", rows[i].gpus, 0);

      g_assert_true (r->rule_from_table);
      g_assert_true (r->rule_valid);
      g_assert_cmpuint (r->rule.layout.tp, ==, rows[i].tp);
      g_assert_cmpuint (r->rule.layout.pp, ==, rows[i].pp);
      g_assert_cmpuint (r->rule.layout.cp, ==, rows[i].cp);
      g_assert_cmpuint (r->rule.layout.dp, ==, rows[i].dp);
      g_assert_true (r->fits);
      check_recommendation (r, TRUE);
      g_assert_nonnull (r->rule_comparison);
      /* The search is never slower than a rule layout that fits. */
      if (r->rule.fits)
        g_assert_cmpfloat (r->best.score, <=, r->rule.score * 1.005);
      g_test_message ("%s on %" G_GUINT64_FORMAT ": rule TP %u PP %u CP %u DP %u (%s); search TP %u PP %u VPP %u CP %u "
                      "DP %u, recompute %s: %s", rows[i].model, rows[i].gpus, rows[i].tp, rows[i].pp, rows[i].cp,
                      rows[i].dp, r->rule.fits ? "fits" : "does not fit", r->best.layout.tp, r->best.layout.pp,
                      r->best.layout.vpp, r->best.layout.cp, r->best.layout.dp,
                      planner_recompute_to_string (r->best.recompute), r->rule_comparison);
    }

  /* The 405B row: DP 1, and the explanation of the DP 2 misquote. */
  {
    g_autoptr(PlannerRecommendation) r = recommend ("llama3.1-405b", "h100-sxm", 128, 0);
    gboolean quoted = FALSE;

    for (guint i = 0; i < r->rules->len; i++)
      quoted |= strstr (g_ptr_array_index (r->rules, i), "multiplies to 256 GPUs, not 128") != NULL;
    g_assert_true (quoted);
    /* The row fits on 80 GB only with some recompute (the optimizer state
     * is sharded over DP×CP = 2 only); the search finds a faster layout. */
    g_assert_true (r->rule.fits);
    g_assert_cmpint (r->rule.recompute, !=, PLANNER_RECOMPUTE_NONE);
    g_assert_nonnull (strstr (r->rule_comparison, "rule-of-thumb layout"));
    g_assert_cmpfloat (r->best.score, <, r->rule.score);
  }
}

static void
test_recommend_rules (void)
{
  g_autoptr(PlannerRecommendation) long_seq = NULL;
  g_autoptr(PlannerRecommendation) big = NULL;
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;

  /* CP for sequences over 8K: the rule layout gets CP = seq / 8192. */
  long_seq = recommend ("llama3-70b", "h100-sxm", 256, 32768);
  g_assert_false (long_seq->rule_from_table);
  g_assert_cmpuint (long_seq->rule.layout.cp, ==, 4);
  g_assert_cmpuint (long_seq->rule.layout.tp, ==, 4);
  g_assert_cmpuint (long_seq->rule.layout.pp, ==, 1);
  check_recommendation (long_seq, TRUE);
  g_assert_cmpuint (long_seq->best.layout.cp, >, 1);

  /* PP for models over 70B: nemotron4-340b (341B) gets PP 8 by the rule. */
  big = recommend ("nemotron4-340b", "h100-sxm", 512, 0);
  g_assert_cmpuint (big->rule.layout.pp, ==, 8);
  g_assert_cmpuint (big->rule.layout.tp, ==, 8);
  check_recommendation (big, TRUE);
  g_assert_cmpuint (big->best.layout.pp, >, 1);

  /* TP stays inside the 8-GPU NVLink domain whenever something fits there. */
  g_assert_true (big->best.tp_in_nvlink);
  g_assert_cmpuint (big->best.layout.tp, <=, 8);

  /* A custom size: --params-b 30 on 16 A100 80GB. */
  request.params_b = 30;
  request.gpu_id = "a100-80gb";
  request.num_gpus = 16;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_no_error (error);
    g_assert_true (r->fits);
    check_recommendation (r, TRUE);
  }
}

/* Issue 22 #4: the checks of the best layout know the environment its
 * own shell block exports, so a TP layout before Blackwell gets no warning
 * about CUDA_DEVICE_MAX_CONNECTIONS. */
/* gpt-oss has linear biases, which Megatron keeps in MoE layers only with
 * ETP 1 (transformer_config:2613): every layout offered keeps whole
 * experts and the biases, never adding --disable-bias-linear. */
static void
check_bias_candidate (PlannerRecommendation           *r,
                      const PlannerRecommendCandidate *c)
{
  g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, c);

  g_assert_cmpuint (c->layout.etp, ==, 1);
  g_assert_true (planner_args_get_bool (args, "add_bias_linear", TRUE));
}

static void
test_recommend_bias_keeps_etp_1 (void)
{
  /* TP 4 with EP 1 pinned: without biases ETP 4 would win there. */
  static const struct { const char *model; guint64 gpus; guint32 tp, ep; } cases[] = {
    { "gpt-oss-20b", 8, 0, 0 }, { "gpt-oss-20b", 64, 0, 0 }, { "gpt-oss-120b", 64, 0, 0 },
    { "gpt-oss-120b", 128, 0, 0 }, { "gpt-oss-120b", 128, 4, 1 }, { "gpt-oss-120b", 64, 4, 2 },
  };
  gboolean tp_split = FALSE;
  gboolean said = TRUE;

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      PlannerRecommendRequest request = { 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerRecommendation) r = NULL;

      request.model_id = cases[k].model;
      request.gpu_id = "h100-sxm";
      request.num_gpus = cases[k].gpus;
      request.pins.tp = cases[k].tp;
      request.pins.ep = cases[k].ep;
      r = planner_recommend (&request, &error);
      g_assert_no_error (error);

      g_assert_true (r->fits);
      check_bias_candidate (r, &r->best);
      for (guint i = 0; i < r->alternatives->len; i++)
        {
          const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

          check_bias_candidate (r, c);
          tp_split |= c->layout.tp > 1;
        }
      tp_split |= r->best.layout.tp > 1;
      g_assert_null (strstr (r->shell, "--disable-bias-linear"));
      said &= strstr (r->moe_summary, "linear biases") != NULL;
      for (guint i = 0; r->diagnostics != NULL && i < r->diagnostics->len; i++)
        g_assert_cmpstr (((PlannerDiagnostic *) g_ptr_array_index (r->diagnostics, i))->code, !=,
                         "moe.bias-needs-etp-1");
    }
  /* The check means something only where TP > 1 was on offer. */
  g_assert_true (tp_split);
  /* The expert summary says why ETP stays 1. */
  g_assert_true (said);
}

static void
test_recommend_own_draft (void)
{
  g_autoptr(PlannerRecommendation) r = recommend ("llama3-8b", "h100-sxm", 16, 32768);

  g_assert_cmpuint (r->best.layout.tp * r->best.layout.cp, >, 1);
  /* Issue 23 #16: a pick that breaks the CP-over-8K rule says why. */
  for (guint i = 0; r->best.layout.cp == 1 && i < r->reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

      if (g_str_equal (reason->degree, "CP"))
        g_assert_nonnull (strstr (reason->reason, "rule of thumb"));
    }
  for (guint i = 0; r->diagnostics != NULL && i < r->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (r->diagnostics, i);

      g_assert_cmpstr (d->code, !=, "env.cuda-device-max-connections");
    }
}

/* Each degree names the job field it sets, so the window titles it with
 * the form's label; only DP, which the others leave, has none. */
static void
test_recommend_reason_fields (void)
{
  const char *models[] = { "llama3-8b", "mixtral-8x7b" };

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    {
      g_autoptr(PlannerRecommendation) r = recommend (models[m], "h100-sxm", 64, 0);

      g_assert_cmpuint (r->reasons->len, >, 0);
      for (guint i = 0; i < r->reasons->len; i++)
        {
          const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

          if (g_str_equal (reason->degree, "DP"))
            g_assert_null (reason->field);
          else
            g_assert_nonnull (planner_field_lookup (reason->field));
        }
    }
}

static void
test_recommend_moe (void)
{
  g_autoptr(PlannerRecommendation) m32 = recommend ("mixtral-8x7b", "h100-sxm", 32, 0);
  g_autoptr(PlannerRecommendation) m64 = recommend ("mixtral-8x7b", "h100-sxm", 64, 0);
  g_autoptr(PlannerRecommendation) ds = recommend ("deepseek-v3", "h100-sxm", 256, 0);
  g_autoptr(PlannerRecommendation) ds1k = recommend ("deepseek-v3", "h100-sxm", 1024, 0);
  PlannerRecommendation *all[] = { m32, m64, ds, ds1k };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      PlannerRecommendation *r = all[i];
      const PlannerLayout *l = &r->best.layout;
      g_autofree char *kept = NULL;

      g_assert_true (r->fits);
      check_recommendation (r, TRUE);
      g_assert_cmpuint (r->num_experts % l->ep, ==, 0);
      g_assert_nonnull (r->expert_check);
      g_assert_nonnull (strstr (r->expert_check, "carved out of the data-parallel ranks"));
      g_assert_nonnull (strstr (r->shell, "--moe-token-dispatcher-type alltoall"));
      g_assert_nonnull (strstr (r->shell, "--moe-grouped-gemm"));
      g_assert_nonnull (strstr (r->shell, "ETP × EP × EDP × PP"));
      /* EP e keeps E/e experts: the expert weights shrink by exactly e. */
      g_assert_cmpfloat_with_epsilon (r->expert_bytes_ep1 / r->expert_bytes, (double) l->ep, 1e-9);
      if (l->ep > 1)
        {
          kept = g_strdup_printf ("EP %u keeps %u of %u experts per GPU: %.0f%% less", l->ep, r->num_experts / l->ep,
                                  r->num_experts, 100.0 * (1.0 - 1.0 / l->ep));
          g_assert_nonnull (strstr (r->moe_summary, kept));
        }
      if (l->etp > 1)
        g_assert_nonnull (strstr (r->shell, "--disable-bias-linear"));
      g_test_message ("%s on %" G_GUINT64_FORMAT ": %s; ETP %u EP %u EDP %u", r->model_id, r->num_gpus,
                      r->product_check, l->etp, l->ep, l->expert_dp);
    }
  g_assert_cmpuint (m32->num_experts, ==, 8);
  g_assert_cmpuint (ds->num_experts, ==, 256);
  /* DeepSeek-V3's sigmoid router: seq_aux_loss with the expert bias. */
  g_assert_nonnull (strstr (ds->shell, "--moe-router-load-balancing-type seq_aux_loss"));
  g_assert_nonnull (strstr (ds->shell, "--moe-router-enable-expert-bias"));
  g_assert_nonnull (strstr (m32->shell, "--moe-router-load-balancing-type aux_loss"));
  g_assert_nonnull (strstr (m32->shell, "--moe-aux-loss-coeff 1e-2"));
  g_assert_nonnull (strstr (m32->shell, "--moe-router-topk 2"));

  /* A dense preset turned MoE by --num-experts 6: EP divides 6. */
  {
    PlannerRecommendRequest request = { 0 };
    g_autoptr(GError) error = NULL;
    g_autoptr(PlannerRecommendation) r = NULL;

    request.model_id = "llama3-8b";
    request.gpu_id = "h100-sxm";
    request.num_gpus = 48;
    request.num_experts = 6;
    r = planner_recommend (&request, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->num_experts, ==, 6);
    check_recommendation (r, TRUE);
  }
}

static void
test_recommend_nothing_fits (void)
{
  g_autoptr(PlannerRecommendation) r = recommend ("llama3.1-405b", "h100-sxm", 8, 0);
  g_autoptr(JsonNode) json = planner_recommendation_to_json (r);
  JsonObject *object = json_node_get_object (json);

  g_assert_false (r->fits);
  check_recommendation (r, FALSE);
  /* 64 GPUs leave the optimizer state unsharded (DP 1): 128 is the first
   * power-of-two count of 8-GPU nodes that fits. */
  g_assert_cmpuint (r->gpus_needed, ==, 128);
  g_assert_nonnull (strstr (r->nothing_fits, "With 128 GPUs (16 nodes of 8) a layout fits"));
  g_assert_false (json_object_get_boolean_member (object, "fits"));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (object, "nothing_fits"), "gpus_needed"),
                   ==, 128);
  {
    g_autoptr(PlannerRecommendation) check = recommend ("llama3.1-405b", "h100-sxm", 128, 0);

    g_assert_true (check->fits);
  }
  {
    g_autoptr(PlannerRecommendation) check = recommend ("llama3.1-405b", "h100-sxm", 64, 0);

    g_assert_false (check->fits);
  }
}

static void
test_recommend_bad_input (void)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;
  const double bad_sizes[] = { -7, 0, NAN, INFINITY, 1e9 };

  request.model_id = "llama2-7b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 0;
  g_assert_null (planner_recommend (&request, &error));
  g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--gpus"));
  g_clear_error (&error);

  request.num_gpus = (guint64) 1 << 40;
  g_assert_null (planner_recommend (&request, &error));
  g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID);
  g_clear_error (&error);

  request.num_gpus = 8;
  request.gpu_id = "tpu-v5";
  g_assert_null (planner_recommend (&request, &error));
  g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_UNKNOWN_GPU);
  g_assert_nonnull (strstr (error->message, "tpu-v5"));
  g_clear_error (&error);

  request.gpu_id = "h100-sxm";
  request.model_id = "gpt-5";
  g_assert_null (planner_recommend (&request, &error));
  g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_UNKNOWN_MODEL);
  g_clear_error (&error);

  request.model_id = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (bad_sizes); i++)
    {
      request.params_b = bad_sizes[i];
      g_assert_null (planner_recommend (&request, &error));
      g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "--params-b"));
      g_clear_error (&error);
    }

  /* Learned positions cannot stretch: GPT-2 at 4096 tokens is refused. */
  request.model_id = "gpt2-small";
  request.seq_length = 4096;
  g_assert_null (planner_recommend (&request, &error));
  g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--seq-length"));
  g_clear_error (&error);

  /* A user batch nothing divides: a plain answer, not a crash. */
  request.seq_length = 0;
  request.model_id = "llama2-7b";
  request.num_gpus = 8;
  request.global_batch_size = 7;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_no_error (error);
    check_recommendation (r, TRUE);
    if (r->fits)
      g_assert_cmpuint (r->best.global_batch_size, ==, 7);
  }
}

/* The user's global batch is kept exactly. */
static void
test_recommend_user_batch (void)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerRecommendation) r = NULL;

  request.model_id = "llama3-70b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 64;
  request.global_batch_size = 96;
  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  g_assert_true (r->fits);
  g_assert_cmpuint (r->best.global_batch_size, ==, 96);
  check_recommendation (r, TRUE);
}

/* Every flag the recommendation writes exists in Megatron 0.20.0. */
static void
test_recommend_flags_exist (void)
{
  const char *models[] = { "llama3.1-405b", "deepseek-v3", "mixtral-8x22b" };
  const guint64 gpus[] = { 1024, 512, 64 };

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    {
      g_autoptr(PlannerRecommendation) r = recommend (models[m], "h100-sxm", gpus[m], 0);
      g_auto(GStrv) lines = g_strsplit (r->shell, "\n", -1);

      g_assert_true (r->fits);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *flag = NULL;
          char *space;

          if (!g_str_has_prefix (lines[i], "  --"))
            continue;
          flag = g_strdup (lines[i] + 2);
          if ((space = strchr (flag, ' ')) != NULL)
            *space = '\0';
          if (planner_flag_catalog_lookup (flag) == NULL)
            g_error ("%s is not a Megatron 0.20.0 flag", flag);
        }
    }
}

static void
test_recommend_json (void)
{
  g_autoptr(PlannerRecommendation) r = recommend ("llama2-70b", "h100-sxm", 64, 0);
  g_autoptr(JsonNode) node = planner_recommendation_to_json (r);
  JsonObject *o = json_node_get_object (node);
  JsonObject *layout = json_object_get_object_member (o, "layout");

  g_assert_true (json_object_get_boolean_member (o, "fits"));
  g_assert_true (json_object_get_boolean_member (o, "draft"));
  g_assert_cmpint (json_object_get_int_member (layout, "tp") * json_object_get_int_member (layout, "cp") *
                   json_object_get_int_member (layout, "dp") * json_object_get_int_member (layout, "pp"), ==, 64);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "reasons")), >=, 8);
  g_assert_true (json_object_has_member (o, "shell"));
  g_assert_true (json_object_has_member (o, "mfu"));
}


/* Whatever a person fixes stays fixed: the batch (sequences or tokens),
 * the precision, the micro-batch, the recompute policy, pinned degrees. */
static void
test_recommend_inputs_fixed (void)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;

  request.model_id = "llama3-70b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 64;

  /* 1M tokens of 8192-token sequences: 128 sequences. */
  request.global_batch_tokens = 128 * 8192;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_no_error (error);
    g_assert_true (r->fits);
    g_assert_cmpuint (r->best.global_batch_size, ==, 128);
    for (guint i = 0; i < r->alternatives->len; i++)
      g_assert_cmpuint (g_array_index (r->alternatives, PlannerRecommendCandidate, i).global_batch_size, ==, 128);
    g_assert_nonnull (strstr (r->batch_text, "yours"));
    check_recommendation (r, TRUE);
  }
  /* Tokens that are not whole sequences: refused, naming the option. */
  request.global_batch_tokens = 128 * 8192 + 1;
  g_assert_null (planner_recommend (&request, &error));
  g_assert_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--global-batch-tokens"));
  g_clear_error (&error);
  request.global_batch_tokens = 0;

  /* Micro-batch 2, no recompute, TP pinned to 8. */
  request.global_batch_size = 256;
  request.micro_batch_size = 2;
  request.recompute = PLANNER_RECOMPUTE_POLICY_NONE;
  request.pins.tp = 8;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_no_error (error);
    g_assert_true (r->fits);
    check_recommendation (r, TRUE);
    g_assert_cmpuint (r->best.layout.tp, ==, 8);
    g_assert_cmpuint (r->best.micro_batch_size, ==, 2);
    g_assert_cmpint (r->best.recompute, ==, PLANNER_RECOMPUTE_NONE);
    for (guint i = 0; i < r->alternatives->len; i++)
      {
        const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

        g_assert_cmpuint (c->layout.tp, ==, 8);
        g_assert_cmpuint (c->micro_batch_size, ==, 2);
        g_assert_cmpint (c->recompute, ==, PLANNER_RECOMPUTE_NONE);
        g_assert_cmpuint (c->global_batch_size, ==, 256);
      }
  }

  /* A pin nothing can satisfy is an answer, not an error: VPP without PP. */
  request.pins.vpp = 2;
  request.pins.pp = 1;
  g_assert_null (planner_recommend (&request, &error));
  g_assert_nonnull (strstr (error->message, "--pin"));
  g_clear_error (&error);
}

/* FP8: searched when asked, with the recipe the GPU has; refused where
 * there is none. */
static void
test_recommend_fp8 (void)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;

  request.model_id = "llama3-8b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 8;
  request.precision = PLANNER_TRAIN_PRECISION_FP8;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);
    g_autoptr(PlannerArgs) args = NULL;

    g_assert_no_error (error);
    g_assert_true (r->fits);
    g_assert_true (r->fp8);
    g_assert_true (r->best.fp8);
    g_assert_nonnull (strstr (r->shell, "--fp8-format hybrid"));
    g_assert_nonnull (strstr (r->shell, "--fp8-recipe tensorwise"));
    g_assert_nonnull (strstr (r->shell, "--fp8-param-gather"));
    g_assert_nonnull (strstr (r->mfu_text, "FP8"));
    args = planner_recommendation_candidate_args (r, &r->best);
    g_assert_cmpstr (planner_args_get_string (args, "fp8", NULL), ==, "hybrid");
    /* Fixed means fixed: every layout offered is FP8, none BF16. */
    g_assert_cmpuint (r->alternatives->len, >=, 1);
    for (guint i = 0; i < r->alternatives->len; i++)
      g_assert_true (g_array_index (r->alternatives, PlannerRecommendCandidate, i).fp8);
    check_recommendation (r, TRUE);
  }
  /* BF16 asked: FP8 is never searched, so nothing offered is FP8. */
  request.precision = PLANNER_TRAIN_PRECISION_BF16;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_no_error (error);
    g_assert_true (r->fits);
    g_assert_false (r->fp8);
    g_assert_false (r->best.fp8);
    for (guint i = 0; i < r->alternatives->len; i++)
      g_assert_false (g_array_index (r->alternatives, PlannerRecommendCandidate, i).fp8);
    g_assert_null (strstr (r->shell, "--fp8-format"));
    g_assert_null (strstr (r->shell, "--fp8-param-gather"));
    check_recommendation (r, TRUE);
  }
  request.precision = PLANNER_TRAIN_PRECISION_FP8;
  /* Blackwell defaults to MXFP8. */
  request.gpu_id = "b200";
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (r->shell, "--fp8-recipe mxfp8"));
    check_recommendation (r, TRUE);
  }
  /* MXFP8 on Hopper and FP8 on Ampere are refused, naming the option. */
  request.gpu_id = "h100-sxm";
  request.fp8_recipe = "mxfp8";
  g_assert_null (planner_recommend (&request, &error));
  g_assert_nonnull (strstr (error->message, "--fp8-recipe"));
  g_clear_error (&error);
  request.fp8_recipe = NULL;
  request.gpu_id = "a100-80gb";
  g_assert_null (planner_recommend (&request, &error));
  g_assert_nonnull (strstr (error->message, "--precision"));
  g_clear_error (&error);
}

/* Without a batch: a batch typical of the model size, stated in tokens,
 * never one so large that the pipeline bubble looks free. */
static void
test_recommend_default_batch (void)
{
  static const struct
  {
    const char *model;
    guint64     gpus;
    guint64     tokens;
  } cases[] = {
    { "llama3-8b", 8, (guint64) 1 << 21 },
    { "llama3-70b", 64, (guint64) 1 << 22 },
    { "llama3.1-405b", 1024, (guint64) 1 << 23 },
    { "deepseek-v3", 1024, (guint64) 1 << 24 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerRecommendation) r = recommend (cases[i].model, "h100-sxm", cases[i].gpus, 0);
      guint64 target = cases[i].tokens / r->seq_length;

      g_assert_true (r->fits);
      g_assert_false (r->user_global_batch);
      g_assert_nonnull (strstr (r->batch_text, "assumed"));
      g_assert_nonnull (strstr (r->batch_text, "tokens"));
      /* Rounded up to whole microbatches of micro × DP, never far above. */
      g_assert_cmpuint (r->best.global_batch_size, >=, target);
      g_assert_cmpuint (r->best.global_batch_size, <, 2 * target + (guint64) r->best.micro_batch_size *
                                                                        r->best.layout.dp * r->best.layout.pp);
    }
}

/* The overlaps Megatron 0.20 has are proposed when the model credits
 * them, and only when their prerequisites hold. */
static void
test_recommend_overlaps (void)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;

  request.model_id = "llama3-70b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 64;
  request.global_batch_size = 128;
  request.pins.tp = 4;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);
    g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, &r->best);

    g_assert_true (r->best.sequence_parallel);
    g_assert_true (r->best.tp_comm_overlap);
    g_assert_nonnull (strstr (r->shell, "--tp-comm-overlap"));
    g_assert_true (planner_args_get_bool (args, "tp_comm_overlap", FALSE));
    g_assert_true (planner_args_get_bool (args, "overlap_grad_reduce", FALSE));
    check_recommendation (r, TRUE);
  }
  /* TP 1: no SP, so no TP overlap (Megatron refuses it without SP). */
  request.pins.tp = 1;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    if (r->fits)
      {
        g_assert_false (r->best.tp_comm_overlap);
        g_assert_null (strstr (r->shell, "--tp-comm-overlap"));
      }
  }

  /* MoE without a pipeline: the EP all-to-all overlap, with its
   * delayed weight gradients; never with full recompute. */
  memset (&request, 0, sizeof request);
  request.model_id = "qwen3-30b-a3b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 16;
  request.pins.pp = 1;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_true (r->fits);
    g_assert_cmpuint (r->best.layout.ep, >, 1);
    g_assert_true (r->best.moe_ep_overlap);
    g_assert_nonnull (strstr (r->shell, "--overlap-moe-expert-parallel-comm"));
    g_assert_nonnull (strstr (r->shell, "--delay-wgrad-compute"));
    check_recommendation (r, TRUE);
  }
  request.recompute = PLANNER_RECOMPUTE_POLICY_FULL;
  {
    g_autoptr(PlannerRecommendation) r = planner_recommend (&request, &error);

    g_assert_true (r->fits);
    g_assert_false (r->best.moe_ep_overlap);
    g_assert_null (strstr (r->shell, "--overlap-moe-expert-parallel-comm"));
  }
}

/* The pipeline bubble with interleaving: (p − 1) / (v · m) of the busy
 * time, on top of what the slowest stage adds.  The stage imbalance does
 * not depend on the number of micro-batches, so at two values of m the
 * same imbalance must explain both bubbles exactly; and the same layout
 * with v = 5 leaves a fifth of the (p − 1) / m part. */
static double
bubble_imbalance (PlannerRecommendSearch    *s,
                  PlannerRecommendCandidate *c,
                  guint32                    m)
{
  PlannerMemoryEstimate none = { 0 };
  const PlannerStepTime *t = &c->time;
  double busy, share;

  c->num_microbatches = m;
  c->global_batch_size = (guint64) m * c->micro_batch_size * c->layout.dp;
  planner_recommend_step_time (s, c, &none);
  busy = t->total - t->bubble - t->dp_comm;
  g_assert_cmpfloat (busy, >, 0.0);
  share = ((double) c->layout.pp - 1.0) / ((double) c->layout.vpp * m);
  /* bubble = busy × (imbalance − 1) + busy × imbalance × share */
  return (t->bubble / busy + 1.0) / (1.0 + share);
}

static void
test_recommend_bubble (void)
{
  PlannerRecommendRequest request = { 0 };
  PlannerRecommendRequest resolved;
  PlannerRecommendSearch s;
  g_autoptr(PlannerRecommendation) r = NULL;
  const guint32 vpps[] = { 1, 5 };
  double base[G_N_ELEMENTS (vpps)];

  request.model_id = "llama3-70b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 64;
  request.global_batch_size = 128;
  r = planner_recommend_prepare (&request, FALSE, &s, &resolved, NULL);
  g_assert_nonnull (r);
  for (guint i = 0; i < G_N_ELEMENTS (vpps); i++)
    {
      PlannerRecommendCandidate c = { 0 };
      double imb8, imb32;

      g_assert_true (planner_recommend_choose_split (s.base.num_layers, 0, 4, vpps[i], &c));
      g_assert_true (planner_layout_init (&c.layout, 64, 4, 4, 1, 1, 1, vpps[i], PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL));
      c.sequence_parallel = TRUE;
      c.tp_in_nvlink = TRUE;
      c.distributed_optimizer = TRUE;
      c.micro_batch_size = 1;
      c.recompute = PLANNER_RECOMPUTE_NONE;
      planner_recommend_set_overlaps (&s, &c);
      imb8 = bubble_imbalance (&s, &c, 8);
      imb32 = bubble_imbalance (&s, &c, 32);
      g_assert_cmpfloat (imb8, >=, 1.0 - 1e-12);
      g_assert_cmpfloat_with_epsilon (imb8, imb32, 1e-9);
      /* The bubble's (p − 1) / (v · m) part at m = 8. */
      bubble_imbalance (&s, &c, 8);
      base[i] = c.time.bubble / (c.time.total - c.time.bubble - c.time.dp_comm) - (imb8 - 1.0);
      g_assert_cmpfloat_with_epsilon (base[i], imb8 * 3.0 / (vpps[i] * 8.0), 1e-9);
    }
  g_assert_cmpfloat (base[1], <, base[0] / 4.0);
  planner_recommend_search_clear (&s);
}

/* The JSON ranks the top layouts with their modelled components, all
 * relative: shares and ratios, never a time. */
static void
test_recommend_json_ranking (void)
{
  g_autoptr(PlannerRecommendation) r = recommend ("mixtral-8x7b", "h100-sxm", 64, 0);
  g_autoptr(JsonNode) node = planner_recommendation_to_json (r);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  JsonObject *ranking = json_object_get_object_member (json_node_get_object (node), "ranking");
  JsonArray *top = json_object_get_array_member (ranking, "top");
  static const char *keys[] = { "compute", "recompute", "tp_comm", "cp_comm", "ep_comm", "pp_comm", "bubble",
                                "dp_comm", "total", "uncertainty" };

  g_assert_true (r->fits);
  g_assert_cmpuint (json_array_get_length (top), ==, 1 + r->alternatives->len);
  g_assert_cmpuint (json_array_get_length (top), >=, 3);
  g_assert_nonnull (strstr (json_object_get_string_member (ranking, "rule"), "uncertainty"));
  for (guint i = 0; i < json_array_get_length (top); i++)
    {
      JsonObject *entry = json_array_get_object_element (top, i);
      JsonObject *relative = json_object_get_object_member (entry, "relative_to_best");
      JsonArray *stages = json_object_get_array_member (entry, "memory_stages");
      double sum = 0.0;

      g_assert_cmpint (json_object_get_int_member (entry, "rank"), ==, i + 1);
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        g_assert_true (json_object_has_member (relative, keys[k]));
      for (guint k = 0; k < 8; k++)
        sum += json_object_get_double_member (relative, keys[k]);
      /* The components add up to the whole step, relative to the best's. */
      g_assert_cmpfloat_with_epsilon (sum, json_object_get_double_member (relative, "total"), 1e-9);
      /* Ranked by the score: never better than the best's. */
      g_assert_cmpfloat (json_object_get_double_member (relative, "score"), >=, 1.0 - 1e-9);
      g_assert_cmpuint (json_array_get_length (stages), >=, 1);
      g_assert_true (json_object_has_member (entry, "overlaps"));
    }
  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);
  assert_no_time_or_cost (text);
}

/* The MoE all-to-all across NVLink domains: the NIC carries the copies
 * bound for other domains (alltoall), or one per remote domain a token's
 * experts are in (flex with HybridEP); group-limited routing bounds the
 * domains; the EP overlap hides it behind the paired micro-batch's compute
 * up to that compute. */
static void
test_recommend_all_to_all (void)
{
  PlannerRecommendRequest request = { 0 };
  PlannerRecommendRequest resolved;
  PlannerRecommendSearch s;
  g_autoptr(PlannerRecommendation) r = NULL;
  PlannerRecommendCandidate c = { 0 }, flex, overlapped;
  double miss;

  /* 128 experts, top-8, over 4 domains: 1 − C(96,8)/C(128,8) of each other
   * domain is hit. */
  miss = 1.0;
  for (guint i = 0; i < 8; i++)
    miss *= (96.0 - i) / (128.0 - i);
  g_assert_cmpfloat_with_epsilon (planner_recommend_remote_domains (128, 8, 4, 0, 0), 3.0 * (1.0 - miss), 1e-12);
  /* DeepSeek-V3 over 8 domains, one routing group each, 4 groups per
   * token: 7 × (1 − C(7,4)/C(8,4)) = 3.5 other domains. */
  g_assert_cmpfloat_with_epsilon (planner_recommend_remote_domains (256, 8, 8, 8, 4), 3.5, 1e-12);
  g_assert_cmpfloat (planner_recommend_remote_domains (256, 8, 8, 0, 0), >, 3.5);
  /* One domain: nothing crosses. */
  g_assert_cmpfloat (planner_recommend_remote_domains (128, 8, 1, 0, 0), ==, 0.0);

  /* Qwen3 235B on 256 H100, TP 2 PP 8 VPP 6 EP 32: the expert group spans
   * four nodes. */
  request.model_id = "qwen3-235b-a22b";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 256;
  request.global_batch_size = 2048;
  r = planner_recommend_prepare (&request, FALSE, &s, &resolved, NULL);
  g_assert_nonnull (r);
  g_assert_true (planner_recommend_choose_split (s.base.num_layers, 0, 8, 6, &c));
  g_assert_true (planner_layout_init (&c.layout, 256, 2, 8, 1, 32, 1, 6, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL));
  c.sequence_parallel = TRUE;
  c.tp_in_nvlink = TRUE;
  c.distributed_optimizer = TRUE;
  c.micro_batch_size = 1;
  c.recompute = PLANNER_RECOMPUTE_SELECTIVE;
  c.recompute_modules = PLANNER_RECOMPUTE_MODULE_LAYERNORM | PLANNER_RECOMPUTE_MODULE_MOE_ACT;
  g_assert_true (planner_recommend_choose_batch (&s, &c));
  planner_recommend_evaluate (&s, &c);
  g_assert_true (c.moe_ep_overlap);
  g_assert_cmpint (c.dispatcher, ==, PLANNER_DISPATCHER_FLEX_HYBRIDEP);
  g_assert_false (c.shared_expert_overlap);   /* Qwen3 has no shared experts */
  flex = c;

  /* Without the flex dispatcher: about 6 copies of 8 cross the network
   * instead of 2.7, so more shows. */
  c.dispatcher = PLANNER_DISPATCHER_ALLTOALL;
  planner_recommend_step_time (&s, &c, &(PlannerMemoryEstimate) { 0 });
  g_assert_cmpfloat (c.time.ep_comm, >, 1.5 * flex.time.ep_comm);

  /* Without the overlap (full recompute forbids it), the whole transfer
   * shows, recomputed forward included. */
  overlapped = flex;
  c = flex;
  c.moe_ep_overlap = FALSE;
  planner_recommend_step_time (&s, &c, &(PlannerMemoryEstimate) { 0 });
  g_assert_cmpfloat (c.time.ep_comm, >, overlapped.time.ep_comm);
  planner_recommend_search_clear (&s);
}

/* The layouts a person's own is ranked among use only the features of
 * the job's release (issue 20): no expert-parallel overlap before 0.14,
 * no HybridEP backend before 0.16.1. */
static void
test_recommend_rank_layout_release (void)
{
  g_autoptr(PlannerRecommendation) r = recommend ("deepseek-v3", "h100-sxm", 256, 0);
  const PlannerGpu *gpu = planner_gpu_lookup ("h100-sxm");
  g_autoptr(PlannerArgs) best_args = planner_recommendation_candidate_args (r, &r->best);
  g_autoptr(PlannerLayoutRank) now = NULL;
  g_autoptr(PlannerLayoutRank) old = NULL;

  now = planner_recommend_rank_layout (best_args, gpu, 256, 8, r->vocab_size, NULL);
  old = planner_recommend_rank_layout (best_args, gpu, 256, 8, r->vocab_size, "0.13.1");
  g_assert_nonnull (now);
  g_assert_nonnull (old);
  g_test_message ("0.20.0: %s", now->text);
  g_test_message ("0.13.1: %s", old->text);
  /* The default's best uses a feature 0.13.1 lacks, so the test can tell. */
  g_assert_true (now->best.moe_ep_overlap || now->best.dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP);
  g_assert_false (old->best.moe_ep_overlap);
  g_assert_cmpint (old->best.dispatcher, !=, PLANNER_DISPATCHER_FLEX_HYBRIDEP);
}

/* analyze of a person's own layout says where it ranks and what the
 * best trades differently; the best itself ranks first. */
static void
test_recommend_rank_layout (void)
{
  g_autoptr(PlannerRecommendation) r = recommend ("llama3-70b", "h100-sxm", 64, 0);
  const PlannerGpu *gpu = planner_gpu_lookup ("h100-sxm");
  g_autoptr(PlannerArgs) best_args = planner_recommendation_candidate_args (r, &r->best);
  g_autoptr(PlannerLayoutRank) best_rank = NULL;
  g_autoptr(PlannerArgs) mine = planner_args_copy (r->model_args);
  g_autoptr(PlannerLayoutRank) rank = NULL;
  g_autoptr(JsonNode) json = NULL;

  best_rank = planner_recommend_rank_layout (best_args, gpu, 64, 8, r->vocab_size, NULL);
  g_assert_nonnull (best_rank);
  g_assert_true (best_rank->ranked);
  g_assert_cmpuint (best_rank->rank, ==, 1);
  g_assert_nonnull (strstr (best_rank->text, "ranks 1st"));

  /* A worse layout of the same job: TP 8, PP 2, full recompute. */
  planner_args_set (mine, "tensor_model_parallel_size", "--tensor-model-parallel-size", "8");
  planner_args_set (mine, "pipeline_model_parallel_size", "--pipeline-model-parallel-size", "2");
  planner_args_set_bool (mine, "sequence_parallel", "--sequence-parallel", TRUE);
  planner_args_set_bool (mine, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  planner_args_set (mine, "micro_batch_size", "--micro-batch-size", "1");
  {
    g_autofree char *global = g_strdup_printf ("%" G_GUINT64_FORMAT, r->best.global_batch_size);

    planner_args_set (mine, "global_batch_size", "--global-batch-size", global);
  }
  planner_args_set (mine, "recompute_granularity", "--recompute-granularity", "full");
  planner_args_set (mine, "recompute_method", "--recompute-method", "uniform");
  planner_args_set (mine, "recompute_num_layers", "--recompute-num-layers", "1");
  rank = planner_recommend_rank_layout (mine, gpu, 64, 8, r->vocab_size, NULL);
  g_assert_nonnull (rank);
  g_assert_true (rank->fits);
  g_assert_true (rank->ranked);
  g_assert_cmpuint (rank->rank, >, 1);
  g_assert_cmpuint (rank->rank, <=, rank->n_layouts);
  g_assert_cmpfloat (rank->relative_speed, <, 1.0);
  g_assert_cmpfloat (rank->relative_speed, >, 0.0);
  /* Far from the best (this one is well over 10% slower by the model) the
   * text says how much slower plainly; "within x%" is only for close ones. */
  g_test_message ("%s", rank->text);
  g_assert_cmpfloat ((1.0 / rank->relative_speed - 1.0) * 100.0, >=, 10.0);
  g_assert_null (strstr (rank->text, "within"));
  g_assert_nonnull (strstr (rank->text, ". The best the model finds is TP "));
  g_assert_true (strstr (rank->text, "% slower") != NULL || strstr (rank->text, " times as slow") != NULL);
  assert_no_time_or_cost (rank->text);
  json = planner_layout_rank_to_json (rank);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (json), "rank"), ==, (gint64) rank->rank);

  /* Through the analysis, on demand. */
  {
    PlannerAnalyzeOptions options = { 0 };
    g_autoptr(PlannerReport) report = NULL;

    options.world_size = 64;
    options.gpu_id = "h100-sxm";
    options.vocab_size = r->vocab_size;
    report = planner_analyze_args (mine, NULL, &options, NULL);
    g_assert_nonnull (planner_report_get_layout_rank (report));
    g_assert_cmpuint (planner_report_get_layout_rank (report)->rank, ==, rank->rank);
  }
}

/* A job as the request: its model (here a custom architecture given by
 * its dimensions), cluster, sequence, batch and precision are fixed; the
 * layout is searched.  A precision recommend does not plan, or a job
 * without a model, is refused naming the job key. */
static void
test_recommend_from_job (void)
{
  static const char custom[] =
    "{ \"format\" : \"launch-planner-job\", \"version\" : 1,"
    "  \"model\" : { \"num_layers\" : 32, \"hidden_size\" : 3072, \"num_attention_heads\" : 24,"
    "               \"num_query_groups\" : 8, \"ffn_hidden_size\" : 8192, \"vocab_size\" : 131072,"
    "               \"max_position_embeddings\" : 8192, \"num_experts\" : 64, \"moe_router_topk\" : 6,"
    "               \"moe_ffn_hidden_size\" : 1024 },"
    "  \"cluster\" : { \"gpu_id\" : \"h100-sxm\", \"nodes\" : 8, \"gpus_per_node\" : 8 },"
    "  \"training\" : { \"seq_length\" : 4096, \"global_batch_size\" : 512, \"precision\" : \"fp8\" } }";
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(PlannerArgs) model_args = NULL;
  g_autoptr(PlannerRecommendation) r = NULL;
  g_autoptr(GError) error = NULL;
  PlannerRecommendRequest request = { 0 };

  g_assert_true (planner_job_load_from_data (job, custom, -1, &error));
  g_assert_no_error (error);
  g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, &error));
  g_assert_no_error (error);
  g_assert_nonnull (model_args);
  g_assert_true (request.model_args == model_args);
  g_assert_null (request.model_id);
  g_assert_cmpint (planner_args_get_int (model_args, "num_layers", 0), ==, 32);
  g_assert_cmpint (planner_args_get_int (model_args, "num_experts", 0), ==, 64);
  g_assert_cmpuint (request.num_gpus, ==, 64);
  g_assert_cmpuint (request.seq_length, ==, 4096);
  g_assert_cmpuint (request.global_batch_size, ==, 512);
  g_assert_cmpint (request.precision, ==, PLANNER_TRAIN_PRECISION_FP8);
  /* The job names no recipe: the one its script writes (delayed on Hopper). */
  g_assert_cmpstr (request.fp8_recipe, ==, "delayed");

  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  g_assert_true (r->fits);
  g_assert_cmpuint (r->num_experts, ==, 64);
  g_assert_cmpuint (r->num_layers, ==, 32);
  g_assert_cmpstr (r->model_name, ==, "the job's custom architecture");
  g_assert_cmpuint (r->best.global_batch_size, ==, 512);
  g_assert_true (r->best.fp8);
  g_assert_nonnull (strstr (r->shell, "--fp8-recipe delayed"));
  check_recommendation (r, TRUE);

  /* FP32: not planned; the message names the key and the fix. */
  g_clear_pointer (&model_args, planner_args_unref);
  memset (&request, 0, sizeof request);
  g_object_set (job, "precision", "fp32", NULL);
  g_assert_false (planner_recommend_request_from_job (job, &request, &model_args, &error));
  g_assert_nonnull (strstr (error->message, "training.precision"));
  g_assert_nonnull (strstr (error->message, "bf16 or fp8"));
  g_clear_error (&error);

  /* Issue 19: an error about a value the job gave is made naming the
   * job's key, unless the person gave that option beside the job; the
   * window's in its labels.  Nothing renames it afterwards. */
  {
    static const char *const given[] = { "--gpu", NULL };
    static const struct { const char *prop, *value; const char *job, *beside, *form; } cases[] = {
      { "gpu-id", "nope",
        "cluster.gpu_id: unknown GPU “nope”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 "
        "gb200 l40s v100",
        "--gpu: unknown GPU “nope”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 gb200 l40s v100",
        "GPU Type: unknown GPU “nope”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 gb200 l40s "
        "v100" },
      { "precision", "fp32",
        "training.precision: recommend plans bf16 or fp8 training (fp16 only on GPUs without BF16), not fp32; "
        "set training.precision to bf16 or fp8", NULL,
        "Precision: recommend plans bf16 or fp8 training (fp16 only on GPUs without BF16), not fp32; set "
        "Precision to bf16 or fp8" },
      { "model-id", "nope",
        "model.model_id is “nope”, which is not in the catalog: choose a catalog model, give a size in billions "
        "or the model's dimensions", NULL,
        "Model is “nope”, which is not in the catalog: choose a catalog model, give a size in billions or the "
        "model's dimensions" },
      { "model-id", "",
        "model: no model yet: choose a catalog model (model.model_id), give a size in billions (model.params_b) "
        "or the dimensions (model.num_layers, …)", NULL,
        "model: no model yet: choose a catalog model (Model), give a size in billions (Size in Billions) or the "
        "dimensions (Layers, …)" },
      { "fp8-recipe", "mxfp8",
        "training.fp8_recipe: mxfp8 needs Blackwell (compute capability 10); the NVIDIA H100 80GB SXM is 9.0: "
        "use tensorwise or blockwise", NULL,
        "FP8 Recipe: mxfp8 needs Blackwell (compute capability 10); the NVIDIA H100 80GB SXM is 9.0: use "
        "tensorwise or blockwise" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      for (guint w = 0; w < 3; w++)
        {
          g_autoptr(PlannerJob) bad = planner_job_new_example ();
          g_autoptr(PlannerArgs) bad_args = NULL;
          g_autoptr(PlannerRecommendation) none = NULL;
          PlannerRecommendRequest bad_request = { 0 };
          PlannerWords form;
          const char *expected = w == 0 ? cases[i].job : w == 1 ? cases[i].beside : cases[i].form;

          if (expected == NULL)
            expected = cases[i].job;
          g_object_set (bad, cases[i].prop, cases[i].value, NULL);
          if (g_str_equal (cases[i].prop, "fp8-recipe"))
            g_object_set (bad, "precision", "fp8", "gpu-id", "h100-sxm", NULL);
          if (g_str_equal (cases[i].prop, "model-id") && *cases[i].value == '\0')
            g_object_set (bad, "params-b", 0.0, "num-layers", 0u, NULL);
          planner_field_words_init (&form, bad);
          if (planner_recommend_request_from_job_in (bad, w == 2 ? &form : NULL, &bad_request, &bad_args, &error))
            {
              if (w == 1)
                bad_request.options_given = given;
              none = planner_recommend (&bad_request, &error);
            }
          g_assert_null (none);
          g_assert_nonnull (error);
          g_assert_cmpstr (error->message, ==, expected);
          g_clear_error (&error);
        }
  }

  /* No model at all. */
  {
    g_autoptr(PlannerJob) empty = planner_job_new ();

    g_clear_pointer (&model_args, planner_args_unref);
    memset (&request, 0, sizeof request);
    g_object_set (empty, "model-id", "", "params-b", 0.0, "num-layers", 0u, NULL);
    g_assert_false (planner_recommend_request_from_job (empty, &request, &model_args, &error));
    g_assert_nonnull (strstr (error->message, "model."));
    g_assert_null (model_args);
  }
}

/* The recommendation written back into the job ("Use Recommended", the
 * compare picture): the job's own analysis accepts the layout, agrees with
 * the search on the memory, and the job's arguments carry every overlap
 * and dispatcher the step model credited, so its script proposes them. */
static void
test_recommend_to_job (void)
{
  static const struct
  {
    const char *model;
    const char *gpu;
    guint       nodes;
    const char *precision;
    guint       gbs;
  } cases[] = {
    { "llama3-70b", "h100-sxm", 8, "bf16", 128 },          /* --tp-comm-overlap */
    { "llama3.1-405b", "h100-sxm", 128, "fp8", 1024 },     /* an uneven or account-for split, FP8 */
    { "qwen3-235b-a22b", "h100-sxm", 32, "bf16", 2048 },   /* flex dispatcher with HybridEP */
    { "deepseek-v3", "h100-sxm", 128, "fp8", 8192 },       /* a --pipeline-model-parallel-layout */
    { "mixtral-8x7b", "h100-sxm", 4, "bf16", 256 },
  };
  guint flex = 0, tp_overlap = 0, split = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerJob) job = planner_job_new ();
      g_autoptr(PlannerJob) after = NULL;
      g_autoptr(PlannerArgs) model_args = NULL;
      g_autoptr(PlannerArgs) args = NULL;
      g_autoptr(PlannerRecommendation) r = NULL;
      g_autoptr(PlannerReport) report = NULL;
      g_autoptr(GError) error = NULL;
      PlannerRecommendRequest request = { 0 };
      const PlannerRecommendCandidate *b;
      const PlannerMemoryEstimate *estimate;
      const PlannerLayout *layout;

      g_object_set (job, "model-id", cases[i].model, "gpu-id", cases[i].gpu, "nodes", cases[i].nodes,
                    "gpus-per-node", 8u, "precision", cases[i].precision, "global-batch-size", cases[i].gbs,
                    "mock-data", TRUE, NULL);
      g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, &error));
      r = planner_recommend (&request, &error);
      g_assert_no_error (error);
      g_assert_true (r->fits);
      b = &r->best;
      after = planner_recommendation_to_job (r, NULL, job);

      report = planner_analyze_job (after);
      g_assert_true (planner_report_get_layout_accepted (report));
      layout = planner_report_get_layout (report);
      g_assert_cmpuint (layout->tp, ==, b->layout.tp);
      g_assert_cmpuint (layout->pp, ==, b->layout.pp);
      g_assert_cmpuint (layout->cp, ==, b->layout.cp);
      g_assert_cmpuint (layout->ep, ==, b->layout.ep);
      g_assert_cmpuint (layout->vpp, ==, b->layout.vpp);
      estimate = planner_report_get_memory_estimate (report);
      g_assert_nonnull (estimate);
      g_test_message ("%s: TP %u PP %u VPP %u EP %u split %d; job's estimate %.4g, search %.4g; extra: %s",
                      cases[i].model, b->layout.tp, b->layout.pp, b->layout.vpp, b->layout.ep, b->split,
                      estimate->stages[estimate->worst].total_bytes, b->peak_bytes,
                      planner_job_get_string (after, "extra-args"));
      g_assert_cmpfloat_with_epsilon (estimate->stages[estimate->worst].total_bytes / b->peak_bytes, 1.0, 1e-6);
      for (guint k = 0; k < planner_report_get_diagnostics (report)->len; k++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (planner_report_get_diagnostics (report), k);

          if (d->severity == PLANNER_SEVERITY_ERROR && !g_str_has_prefix (d->code, "data.") &&
              !g_str_has_prefix (d->code, "tokenizer.") && !g_str_has_prefix (d->code, "training.train_iters"))
            g_error ("%s: %s: %s", cases[i].model, d->code, d->message);
        }

      args = planner_job_to_args (after);
      g_assert_true (planner_args_get_bool (args, "tp_comm_overlap", FALSE) == b->tp_comm_overlap);
      g_assert_true (planner_args_get_bool (args, "overlap_moe_expert_parallel_comm", FALSE) == b->moe_ep_overlap);
      g_assert_true (planner_args_get_bool (args, "moe_shared_expert_overlap", FALSE) == b->shared_expert_overlap);
      g_assert_true (planner_args_get_bool (args, "overlap_grad_reduce", FALSE));
      g_assert_true (planner_args_get_bool (args, "use_distributed_optimizer", FALSE) == b->distributed_optimizer);
      if (b->fp8)
        g_assert_true (planner_args_get_bool (args, "fp8_param_gather", FALSE) == b->fp8_param_gather);
      if (b->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP)
        {
          g_assert_cmpstr (planner_args_get_string (args, "moe_token_dispatcher_type", NULL), ==, "flex");
          g_assert_cmpstr (planner_args_get_string (args, "moe_flex_dispatcher_backend", NULL), ==, "hybridep");
          flex++;
        }
      tp_overlap += b->tp_comm_overlap ? 1 : 0;
      split += b->split != PLANNER_SPLIT_EVEN ? 1 : 0;
      /* The split is the job's Pipeline Split field (issue 22 #1), never
       * extra arguments: Use Recommended lists it as a change. */
      {
        static const char *const names[] = {
          [PLANNER_SPLIT_EVEN] = "even", [PLANNER_SPLIT_ACCOUNT_BOTH] = "embedding-loss",
          [PLANNER_SPLIT_ACCOUNT_EMBEDDING] = "embedding", [PLANNER_SPLIT_ACCOUNT_LOSS] = "loss",
          [PLANNER_SPLIT_UNEVEN] = "first-last", [PLANNER_SPLIT_LAYOUT] = "layout",
        };
        const char *extra = planner_job_get_string (after, "extra-args");

        g_assert_cmpstr (planner_job_get_string (after, "pipeline-split"), ==, names[b->split]);
        g_assert_null (strstr (extra, "pipeline-split"));
        g_assert_null (strstr (extra, "pipeline-num-layers"));
        g_assert_null (strstr (extra, "pipeline-model-parallel-layout"));
        if (b->split == PLANNER_SPLIT_UNEVEN)
          g_assert_cmpuint (planner_job_get_uint (after, "first-stage-layers"), ==, b->first_stage_layers);
        if (b->split != PLANNER_SPLIT_EVEN)
          {
            g_auto(GStrv) changes = planner_job_list_changes (job, after);
            gboolean listed = FALSE;

            for (guint k = 0; changes[k] != NULL; k++)
              listed = listed || g_str_has_prefix (changes[k], "parallelism.pipeline_split");
            g_assert_true (listed);
          }
      }
      /* What the job fixed stays. */
      g_assert_cmpuint (planner_job_get_uint (after, "global-batch-size"), ==, cases[i].gbs);
      g_assert_cmpstr (planner_job_get_string (after, "precision"), ==, cases[i].precision);
    }
  g_assert_cmpuint (flex, >=, 1);
  g_assert_cmpuint (tp_overlap, >=, 1);
  g_assert_cmpuint (split, >=, 1);
}

/* Issue 23 #6: what Use Recommended adds that no field holds is the
 * recommendation's own arguments, never the person's extra arguments: the
 * person's text stays as they left it, the job's arguments and its draft
 * hold both, the draft labels each as whose it is, a second recommendation
 * replaces the first's, a flag the person gives is not added again, and
 * the job file keeps them apart. */
static void
test_recommend_keeps_extra (void)
{
  static const struct
  {
    const char *model;
    guint       nodes;
    guint       gbs;
  } cases[] = {
    { "qwen3-235b-a22b", 32, 2048 },
    { "mixtral-8x7b", 4, 256 },
  };
  const char *mine = "--seed 1234";
  guint added = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerJob) job = planner_job_new ();
      g_autoptr(PlannerJob) after = NULL;
      g_autoptr(PlannerJob) again = NULL;
      g_autoptr(PlannerJob) loaded = planner_job_new ();
      g_autoptr(PlannerArgs) model_args = NULL;
      g_autoptr(PlannerArgs) wanted = NULL;
      g_autoptr(PlannerArgs) args = NULL;
      g_autoptr(PlannerArgs) recommended = NULL;
      g_autoptr(PlannerRecommendation) r = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *draft = NULL;
      g_autofree char *data = NULL;
      PlannerRecommendRequest request = { 0 };
      const char *text;
      const char *theirs;
      const char *ours;

      g_object_set (job, "model-id", cases[i].model, "gpu-id", "h100-sxm", "nodes", cases[i].nodes,
                    "global-batch-size", cases[i].gbs, "mock-data", TRUE, "extra-args", mine, NULL);
      g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, &error));
      r = planner_recommend (&request, &error);
      g_assert_no_error (error);
      g_assert_true (r->fits);
      after = planner_recommendation_to_job (r, NULL, job);

      /* The person's text, byte for byte. */
      g_assert_cmpstr (planner_job_get_string (after, "extra-args"), ==, mine);
      text = planner_job_get_string (after, "recommended-args");
      g_test_message ("%s: recommended arguments: %s", cases[i].model, text);
      g_assert_null (strstr (text, "--seed"));
      recommended = planner_job_parse_recommended_args (after, &error);
      g_assert_no_error (error);
      g_assert_nonnull (recommended);
      {
        g_autoptr(GPtrArray) problems = planner_field_check_keys (after, "recommended-args");

        g_assert_cmpuint (problems->len, ==, 0);
      }
      if (*text != '\0')
        added++;

      /* The job is still the candidate the search costed, with the
       * person's own arguments too. */
      wanted = planner_recommendation_candidate_args (r, &r->best);
      args = planner_job_to_args (after);
      {
        g_autoptr(PlannerArgs) with_model = planner_job_to_args (after);
        g_autoptr(PlannerArgs) model = planner_args_new ();

        planner_job_model_to_args (after, model);
        planner_args_merge_missing (with_model, model);
        for (guint k = 0; k < planner_args_get_n_entries (wanted); k++)
          {
            const char *dest = planner_args_get_dest_at (wanted, k);

            if (!g_str_equal (dest, "tokenizer_type"))
              g_assert_true (planner_args_is_set (with_model, dest));
          }
      }
      for (guint k = 0; k < planner_args_get_n_entries (recommended); k++)
        g_assert_true (planner_args_is_set (args, planner_args_get_dest_at (recommended, k)));
      g_assert_cmpstr (planner_args_get_string (args, "seed", NULL), ==, "1234");

      /* The draft says whose each is. */
      draft = planner_script_render_draft (after, PLANNER_SCRIPT_TORCHRUN, NULL, &error);
      g_assert_no_error (error);
      theirs = strstr (draft, "# Your extra arguments (advanced.extra_args)\n    --seed 1234\n");
      g_assert_nonnull (theirs);
      ours = strstr (draft, "# Added by the recommendation (advanced.recommended_args)\n");
      if (*text != '\0')
        {
          const char *first = strstr (text, "--");

          g_assert_nonnull (ours);
          g_assert_true (ours < theirs);
          /* Its first flag is in its own section, not under the person's. */
          g_assert_nonnull (first);
          {
            g_autofree char *flag = g_strndup (first, strcspn (first, " "));
            const char *at = strstr (ours, flag);

            g_assert_nonnull (at);
            g_assert_true (at < theirs);
            g_assert_null (strstr (theirs, flag));
          }
        }
      else
        g_assert_null (ours);

      /* A second recommendation replaces the first's, adding nothing twice. */
      again = planner_recommendation_to_job (r, NULL, after);
      g_assert_cmpstr (planner_job_get_string (again, "recommended-args"), ==, text);
      g_assert_cmpstr (planner_job_get_string (again, "extra-args"), ==, mine);
      g_assert_true (planner_job_equal (again, after));

      /* The file keeps them apart. */
      data = planner_job_to_data (after, NULL);
      if (*text != '\0')
        g_assert_nonnull (strstr (data, "\"recommended_args\""));
      g_assert_true (planner_job_load_from_data (loaded, data, strlen (data), &error));
      g_assert_no_error (error);
      g_assert_cmpstr (planner_job_get_string (loaded, "recommended-args"), ==, text);
      g_assert_cmpstr (planner_job_get_string (loaded, "extra-args"), ==, mine);

      /* A flag the person gives is theirs: the recommendation does not
       * add it again. */
      if (*text != '\0')
        {
          g_auto(GStrv) words = g_strsplit (text, " ", -1);
          const char *flag = NULL;
          g_autoptr(PlannerImport) import = NULL;
          g_autofree char *both = NULL;
          g_autoptr(PlannerJob) own = planner_job_copy (job);
          g_autoptr(PlannerJob) applied = NULL;
          g_autoptr(PlannerArgs) own_args = NULL;

          /* A switch of the recommendation's, given alone. */
          for (guint w = 0; flag == NULL && words[w] != NULL; w++)
            {
              const char *argv[] = { words[w], NULL };

              g_clear_pointer (&import, planner_import_free);
              import = g_str_has_prefix (words[w], "--") && (words[w + 1] == NULL || g_str_has_prefix (words[w + 1], "--"))
                       ? planner_import_argv (argv, NULL) : NULL;
              if (import != NULL && planner_args_get_n_entries (import->args) == 1)
                flag = words[w];
            }
          g_assert_nonnull (flag);
          both = g_strconcat (mine, " ", flag, NULL);
          g_object_set (own, "extra-args", both, NULL);
          applied = planner_recommendation_to_job (r, NULL, own);
          g_assert_cmpstr (planner_job_get_string (applied, "extra-args"), ==, both);
          g_assert_null (strstr (planner_job_get_string (applied, "recommended-args"), flag));
          own_args = planner_job_to_args (applied);
          g_assert_true (planner_args_is_set (own_args, planner_args_get_dest_at (import->args, 0)));
        }
    }
  g_assert_cmpuint (added, >=, 1);

  /* A job without them writes no key, so an older planner reads it. */
  {
    g_autoptr(PlannerJob) plain = planner_job_new ();
    g_autofree char *data = planner_job_to_data (plain, NULL);

    g_assert_null (strstr (data, "recommended_args"));
  }
}

/* The property: for every GPU count 1..4096 (two models) and a stride of
 * counts for every other model and several sequence lengths, the answer
 * passes the validator and fits the memory estimate, or says plainly that
 * nothing fits.  Deep checks (a full planner_analyze_args) on a subset. */
static void
test_recommend_property (void)
{
  guint n_models = 0;
  const PlannerModel *const *models = planner_model_list (&n_models);
  const guint32 seqs[] = { 0, 2048, 16384 };
  guint64 total = 0, fitted = 0;
  gint64 start = g_get_monotonic_time ();
  /* Every GPU count from 1 to 4096 and every catalog model at the model's
   * own sequence length, each answer checked all the way through the
   * analysis; the two other lengths take every 7th count plus the powers
   * of two and their neighbours.  build-aux/test runs that
   * (PLANNER_TEST_FULL_SWEEP=1, about a minute in a debug build); a bare
   * `meson test` samples the default length too, and the sanitizer build,
   * twenty times slower, samples every 29th count (the memory errors it
   * looks for do not depend on the count). */
  gboolean full = g_test_slow () || g_getenv ("PLANNER_TEST_FULL_SWEEP") != NULL;
  const guint64 stride = SANITIZED ? 29 : 7;

  for (guint m = 0; m < n_models; m++)
    {
      const PlannerModel *model = models[m];

      for (guint si = 0; si < G_N_ELEMENTS (seqs); si++)
        {
          guint32 seq = seqs[si];

          if (seq > model->max_position_embeddings && g_strcmp0 (model->position_embedding_type, "rope") != 0)
            continue;
          for (guint64 n = 1; n <= 4096; n++)
            {
              g_autoptr(PlannerRecommendation) r = NULL;

              if (!(full && seq == 0) && n % stride != 0 && (n & (n - 1)) != 0 && ((n + 1) & n) != 0 &&
                  ((n - 1) & (n - 2)) != 0)
                continue;
              r = recommend (model->id, "h100-sxm", n, seq);

              check_recommendation (r, TRUE);
              total++;
              fitted += r->fits ? 1 : 0;
            }
        }
    }
  g_test_message ("property: %" G_GUINT64_FORMAT " requests, %" G_GUINT64_FORMAT " with a layout, %.1f s",
                  total, fitted, (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (fitted, >, total / 2);
}

/* The same property on every other GPU of the catalogue (GB200's NVLink
 * domain is 72 GPUs, A100's and V100's have no FP8, L40S has no NVLink
 * switch), in BF16 and, where the GPU has it, FP8: the powers of two and
 * the multiples of 72 up to 16,384 GPUs; deep checks on every third.  The
 * sanitizer build, twenty times slower, takes every third count, a
 * different third for each model. */
static void
test_recommend_property_gpus (void)
{
  guint n_models = 0, n_gpus = 0;
  const PlannerModel *const *models = planner_model_list (&n_models);
  const PlannerGpu *const *gpus = planner_gpu_list (&n_gpus);
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 total = 0, fitted = 0, fp8 = 0;
  const guint count_stride = SANITIZED ? 3 : 1;

  for (guint64 n = 1; n <= 16384; n *= 2)
    g_array_append_val (counts, n);
  for (guint64 n = 72; n <= 16384; n *= 2)
    g_array_append_val (counts, n);

  for (guint g = 0; g < n_gpus; g++)
    {
      if (g_str_equal (gpus[g]->id, "h100-sxm"))
        continue;
      for (guint m = 0; m < n_models; m++)
        for (guint i = m % count_stride; i < counts->len; i += count_stride)
          for (guint prec = 0; prec < (gpus[g]->supports_fp8 ? 2u : 1u); prec++)
            {
              PlannerRecommendRequest request = { 0 };
              g_autoptr(PlannerRecommendation) r = NULL;
              g_autoptr(GError) error = NULL;

              request.model_id = models[m]->id;
              request.gpu_id = gpus[g]->id;
              request.num_gpus = g_array_index (counts, guint64, i);
              request.precision = prec == 1 ? PLANNER_TRAIN_PRECISION_FP8 : PLANNER_TRAIN_PRECISION_BF16;
              r = planner_recommend (&request, &error);
              g_assert_no_error (error);
              g_assert_nonnull (r);
              check_recommendation (r, total % 3 == 0);
              if (r->fits)
                {
                  /* The precision asked is the precision searched. */
                  g_assert_true (r->best.fp8 == (prec == 1));
                  fp8 += r->best.fp8 ? 1 : 0;
                }
              total++;
              fitted += r->fits ? 1 : 0;
            }
    }
  g_test_message ("property on the other GPUs: %" G_GUINT64_FORMAT " requests, %" G_GUINT64_FORMAT
                  " with a layout (%" G_GUINT64_FORMAT " in FP8)", total, fitted, fp8);
  g_assert_cmpuint (fitted, >, total / 2);
  g_assert_cmpuint (fp8, >, 0);
}

/* Issue 23 #7: a fresh job's batch is assumed, as the command line's is
 * without --global-batch-size, and its sequence is the model's; after Use
 * Recommended the batch is still not the person's.  A batch they set is
 * "yours". */
static void
test_recommend_job_assumed (void)
{
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(PlannerJob) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerArgs) model_args = NULL;
  PlannerRecommendRequest request = { 0 };
  PlannerRecommendation *r;
  PlannerWords form;

  g_object_set (job, "model-id", "llama3-8b", "gpu-id", "h100-sxm", "nodes", 2u, NULL);
  g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, &error));
  g_assert_cmpuint (request.global_batch_size, ==, 0);
  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  g_assert_false (r->user_global_batch);
  g_assert_cmpuint (r->seq_length, ==, 8192);
  g_assert_true (g_str_has_prefix (r->batch_text, "assumed"));
  g_assert_nonnull (strstr (r->batch_text, "8192 tokens"));
  g_assert_nonnull (strstr (r->batch_text, "--global-batch-size"));
  planner_recommendation_free (r);
  planner_field_words_init (&form, job);
  request.words = &form;
  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  /* The window's words, not the command line's. */
  g_assert_null (strstr (r->batch_text, "--global-batch"));
  g_assert_nonnull (strstr (r->batch_text, "Global Batch Size"));
  after = planner_recommendation_to_job (r, NULL, job);
  g_assert_false (planner_job_is_given (after, "global-batch-size"));
  g_assert_cmpuint (planner_job_get_uint (after, "global-batch-size"), ==, r->best.global_batch_size);
  planner_recommendation_free (r);

  g_object_set (job, "global-batch-size", 128u, NULL);
  g_clear_object (&model_args);
  request = (PlannerRecommendRequest) { 0 };
  g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, &error));
  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  g_assert_true (r->user_global_batch);
  g_assert_true (g_str_has_prefix (r->batch_text, "yours"));
  g_clear_object (&after);
  after = planner_recommendation_to_job (r, NULL, job);
  g_assert_true (planner_job_is_given (after, "global-batch-size"));
  planner_recommendation_free (r);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recommend/reference-table", test_recommend_reference_table);
  g_test_add_func ("/recommend/rules", test_recommend_rules);
  g_test_add_func ("/recommend/job-assumed", test_recommend_job_assumed);
  g_test_add_func ("/recommend/moe", test_recommend_moe);
  g_test_add_func ("/recommend/bias-keeps-etp-1", test_recommend_bias_keeps_etp_1);
  g_test_add_func ("/recommend/own-draft", test_recommend_own_draft);
  g_test_add_func ("/recommend/nothing-fits", test_recommend_nothing_fits);
  g_test_add_func ("/recommend/bad-input", test_recommend_bad_input);
  g_test_add_func ("/recommend/user-batch", test_recommend_user_batch);
  g_test_add_func ("/recommend/flags-exist", test_recommend_flags_exist);
  g_test_add_func ("/recommend/json", test_recommend_json);
  g_test_add_func ("/recommend/inputs-fixed", test_recommend_inputs_fixed);
  g_test_add_func ("/recommend/fp8", test_recommend_fp8);
  g_test_add_func ("/recommend/default-batch", test_recommend_default_batch);
  g_test_add_func ("/recommend/overlaps", test_recommend_overlaps);
  g_test_add_func ("/recommend/keeps-extra", test_recommend_keeps_extra);
  g_test_add_func ("/recommend/reason-fields", test_recommend_reason_fields);
  g_test_add_func ("/recommend/all-to-all", test_recommend_all_to_all);
  g_test_add_func ("/recommend/bubble", test_recommend_bubble);
  g_test_add_func ("/recommend/json-ranking", test_recommend_json_ranking);
  g_test_add_func ("/recommend/rank-layout", test_recommend_rank_layout);
  g_test_add_func ("/recommend/rank-layout-release", test_recommend_rank_layout_release);
  g_test_add_func ("/recommend/from-job", test_recommend_from_job);
  g_test_add_func ("/recommend/to-job", test_recommend_to_job);
  g_test_add_func ("/recommend/property", test_recommend_property);
  g_test_add_func ("/recommend/property-gpus", test_recommend_property_gpus);

  return g_test_run ();
}
