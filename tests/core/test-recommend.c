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
#include "planner-flag-catalog.h"
#include "planner-recommend.h"

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
        g_assert_cmpfloat (r->best.seconds_per_sequence, <=, r->rule.seconds_per_sequence * 1.005);
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
    /* The row fits on 80 GB only with full recompute (the optimizer state
     * is sharded over DP×CP = 2 only); the search finds a faster layout. */
    g_assert_true (r->rule.fits);
    g_assert_cmpint (r->rule.recompute, ==, PLANNER_RECOMPUTE_FULL);
    g_assert_nonnull (strstr (r->rule_comparison, "faster"));
    g_assert_cmpfloat (r->best.seconds_per_sequence, <, r->rule.seconds_per_sequence);
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
  /* Every GPU count from 1 to 4096, every catalog model, three sequence
   * lengths, each answer checked all the way through the analysis.
   * build-aux/test runs it whole (PLANNER_TEST_FULL_SWEEP=1, about two
   * minutes in a debug build); the sanitizer build and a bare `meson test`
   * take every 7th count plus the powers of two and their neighbours. */
  gboolean full = g_test_slow () || g_getenv ("PLANNER_TEST_FULL_SWEEP") != NULL;

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

              if (!full && n % 7 != 0 && (n & (n - 1)) != 0 && ((n + 1) & n) != 0 && ((n - 1) & (n - 2)) != 0)
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recommend/reference-table", test_recommend_reference_table);
  g_test_add_func ("/recommend/rules", test_recommend_rules);
  g_test_add_func ("/recommend/moe", test_recommend_moe);
  g_test_add_func ("/recommend/nothing-fits", test_recommend_nothing_fits);
  g_test_add_func ("/recommend/bad-input", test_recommend_bad_input);
  g_test_add_func ("/recommend/user-batch", test_recommend_user_batch);
  g_test_add_func ("/recommend/flags-exist", test_recommend_flags_exist);
  g_test_add_func ("/recommend/json", test_recommend_json);
  g_test_add_func ("/recommend/property", test_recommend_property);

  return g_test_run ();
}
