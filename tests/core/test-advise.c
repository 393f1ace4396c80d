/* test-advise.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "planner-advise.h"
#include "planner-analyze.h"
#include "planner-flag-catalog.h"
#include "planner-job-args.h"

static const char *models[] = { "llama2-7b", "llama3-8b", "llama3-70b", "mixtral-8x7b", "gpt3-175b",
                                "qwen3-30b-a3b", "gpt2-small" };
static const char *gpus[] = { "a100-80gb", "h100-sxm", "b200", "v100", "l40s", "h100-pcie" };

static GHashTable *
error_codes (const PlannerArgs *args,
             const char        *gpu,
             guint64            world)
{
  PlannerAnalyzeOptions options = { 0 };
  g_autoptr(PlannerReport) report = NULL;
  GHashTable *codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *diagnostics;

  options.world_size = world;
  options.gpu_id = gpu;
  report = planner_analyze_args (args, NULL, &options, NULL);
  g_assert_nonnull (report);
  diagnostics = planner_report_get_diagnostics (report);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR)
        g_hash_table_add (codes, g_strdup (d->code));
    }
  return codes;
}

static PlannerArgs *
model_args (const char *model_id,
            guint       tp,
            guint       pp,
            guint       ep)
{
  PlannerArgs *args = planner_args_new ();
  char text[16];

  planner_model_apply_to_args (planner_model_lookup (model_id), args);
  g_snprintf (text, sizeof text, "%u", tp);
  planner_args_set (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", text);
  g_snprintf (text, sizeof text, "%u", pp);
  planner_args_set (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size", text);
  g_snprintf (text, sizeof text, "%u", ep);
  planner_args_set (args, "expert_model_parallel_size", "--expert-model-parallel-size", text);
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "1");
  planner_args_set (args, "global_batch_size", "--global-batch-size", "256");
  planner_args_set (args, "lr", "--lr", "0.0003");
  planner_args_set (args, "vocab_size", "--vocab-size", "32000");
  planner_args_set (args, "tokenizer_type", "--tokenizer-type", "NullTokenizer");
  planner_args_set_bool (args, "mock_data", "--mock-data", TRUE);
  planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  return args;
}

/* Every suggestion of every plan: live 0.20.0 flags, no new validator
 * error when applied, no FP8 where the GPU lacks it, TP inside NVLink. */
static void
check_plan (const PlannerPlan *plan,
            const PlannerArgs *args,
            const char        *gpu_id,
            guint64            world)
{
  const PlannerGpu *gpu = planner_gpu_lookup (gpu_id);
  g_autoptr(GHashTable) before = error_codes (args, gpu_id, world);
  guint n = plan->cumulative ? 1 : plan->suggestions->len;

  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);
      g_autoptr(GError) error = NULL;

      g_assert_true (planner_suggestion_check_flags (s, &error));
      g_assert_no_error (error);
      g_assert_nonnull (s->reason);
      g_assert_cmpuint (s->changes->len, >, 0);
      for (guint c = 0; c < s->changes->len; c++)
        {
          const PlannerChange *change = g_ptr_array_index (s->changes, c);
          const PlannerFlagInfo *info;

          if (change->target == PLANNER_CHANGE_TARGET_ENV)
            continue;
          info = planner_flag_catalog_lookup (change->flag);
          g_assert_nonnull (info);
          if (change->action != PLANNER_CHANGE_REMOVE)
            g_assert_cmpint (info->status, ==, PLANNER_FLAG_STATUS_OK);
          g_assert_cmpstr (change->flag, !=, "--use-flash-attn");
          if (!gpu->supports_fp8)
            g_assert_cmpstr (change->dest, !=, "fp8");
        }
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerArgs) after = planner_plan_apply (plan, args, NULL, plan->cumulative ? G_MAXUINT : i, &error);
      g_autoptr(GHashTable) codes = NULL;
      GHashTableIter iter;
      gpointer code;

      g_assert_no_error (error);
      g_assert_nonnull (after);
      codes = error_codes (after, gpu_id, world);
      g_hash_table_iter_init (&iter, codes);
      while (g_hash_table_iter_next (&iter, &code, NULL))
        {
          if (!g_hash_table_contains (before, code))
            g_error ("%s on %s: new error %s after suggestion %u", planner_plan_kind_to_string (plan->kind),
                     gpu_id, (const char *) code, i);
        }
      if (!gpu->supports_fp8)
        g_assert_null (planner_args_get_string (after, "fp8", NULL));
      if (planner_args_get_int (after, "tensor_model_parallel_size", 1) >
          planner_args_get_int (args, "tensor_model_parallel_size", 1))
        g_assert_cmpint (planner_args_get_int (after, "tensor_model_parallel_size", 1), <=,
                         (gint64) gpu->nvlink_domain_size);
    }
}

static void
test_spread (void)
{
  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    for (guint g = 0; g < G_N_ELEMENTS (gpus); g++)
      {
        const PlannerModel *model = planner_model_lookup (models[m]);
        gboolean moe = planner_model_is_moe (model);
        guint tp = g_str_has_prefix (models[m], "gpt2") ? 1 : 4;
        guint pp = model->num_layers % 4 == 0 && !g_str_has_prefix (models[m], "gpt2") ? 4 : 1;
        guint ep = moe ? 4 : 1;
        g_autoptr(PlannerArgs) args = model_args (models[m], tp, pp, ep);
        PlannerAdviseInput input = { 0 };
        g_autoptr(GError) error = NULL;
        g_autoptr(PlannerPlan) optimize = NULL;

        input.args = args;
        input.world_size = 64;
        input.gpus_per_node = 8;
        input.gpu_id = gpus[g];
        optimize = planner_advise_optimize (&input, &error);
        g_assert_no_error (error);
        check_plan (optimize, args, gpus[g], 64);

        for (PlannerSymptom s = PLANNER_SYMPTOM_OOM; s <= PLANNER_SYMPTOM_HANG; s++)
          {
            g_autoptr(PlannerPlan) plan = planner_advise_troubleshoot (&input, s, &error);

            g_assert_no_error (error);
            g_assert_false (plan->cumulative);
            check_plan (plan, args, gpus[g], 64);
          }
      }
}

static const PlannerSuggestion *
find (const PlannerPlan *plan,
      const char        *id)
{
  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);

      if (g_str_equal (s->id, id))
        return s;
    }
  return NULL;
}

static const PlannerChange *
change_of (const PlannerSuggestion *s,
           const char              *flag)
{
  for (guint i = 0; i < s->changes->len; i++)
    {
      const PlannerChange *c = g_ptr_array_index (s->changes, i);

      if (g_str_equal (c->flag, flag))
        return c;
    }
  return NULL;
}

/* LLaMA-3 70B, TP 4 PP 4 on 64 H100s, no distributed optimizer, no SP. */
static void
test_optimize_llama3_70b (void)
{
  g_autoptr(PlannerArgs) args = model_args ("llama3-70b", 4, 4, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerPlan) plan = NULL;
  const PlannerSuggestion *s;

  planner_args_set (args, "global_batch_size", "--global-batch-size", "128");
  planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
  planner_args_set_bool (args, "use_flash_attn", "--use-flash-attn", TRUE);
  input.args = args;
  input.world_size = 64;
  input.gpus_per_node = 8;
  input.gpu_id = "h100-sxm";
  input.mfu = 32;
  plan = planner_advise_optimize (&input, &error);
  g_assert_no_error (error);
  g_assert_true (plan->cumulative);
  g_assert_cmpfloat_with_epsilon (plan->measured_mfu, 0.32, 1e-9);
  g_assert_cmpfloat_with_epsilon (plan->target_mfu, 0.40, 1e-9);

  /* The dead flag goes, the backend is pinned. */
  s = find (plan, "attention-backend");
  g_assert_nonnull (s);
  g_assert_cmpint (change_of (s, "--use-flash-attn")->action, ==, PLANNER_CHANGE_REMOVE);
  g_assert_cmpstr (change_of (s, "--attention-backend")->new_value, ==, "fused");

  s = find (plan, "distributed-optimizer");
  g_assert_nonnull (s);
  g_assert_cmpfloat (s->memory_after, <, s->memory_before);

  g_assert_nonnull (find (plan, "sequence-parallel"));

  /* 80 layers / PP 4 = 20 per stage → chunks of 2, vpp 10. */
  s = find (plan, "interleaved-schedule");
  g_assert_nonnull (s);
  g_assert_cmpstr (change_of (s, "--num-layers-per-virtual-pipeline-stage")->new_value, ==, "2");
  /* m = 128 / (1 × DP 4) = 32: (4−1)/32 before, /10 after. */
  g_assert_cmpfloat_with_epsilon (s->bubble_before, 3.0 / 32, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->bubble_after, 3.0 / 320, 1e-9);

  /* Prerequisites are named and come from earlier suggestions. */
  s = find (plan, "overlap-param-gather");
  g_assert_nonnull (s);
  g_assert_cmpuint (s->prerequisites->len, ==, 2);

  s = find (plan, "fp8");
  g_assert_nonnull (s);
  g_assert_cmpstr (change_of (s, "--fp8-format")->new_value, ==, "hybrid");
  g_assert_cmpstr (change_of (s, "--fp8-recipe")->new_value, ==, "delayed");

  /* MFU after never goes past the published ceiling. */
  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *t = g_ptr_array_index (plan->suggestions, i);

      if (t->mfu_high > 0)
        g_assert_cmpfloat (t->mfu_high, <=, plan->expected_mfu_high + 1e-12);
    }
  g_assert_cmpfloat (plan->memory_after, <, plan->memory_before);
}

static void
test_no_fp8_on_a100 (void)
{
  g_autoptr(PlannerArgs) args = model_args ("llama3-8b", 2, 1, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(PlannerPlan) plan = NULL;
  gboolean rejected = FALSE;

  input.args = args;
  input.world_size = 8;
  input.gpus_per_node = 8;
  input.gpu_id = "a100-80gb";
  plan = planner_advise_optimize (&input, NULL);
  g_assert_null (find (plan, "fp8"));
  for (guint i = 0; i < plan->rejected->len; i++)
    rejected |= g_str_has_prefix (g_ptr_array_index (plan->rejected, i), "fp8:");
  g_assert_true (rejected);
  /* Each refusal also comes as data: its id and its reason apart, so the
   * window never splits the line (issue 19). */
  g_assert_cmpuint (plan->rejected_ids->len, ==, plan->rejected->len);
  g_assert_cmpuint (plan->rejected_reasons->len, ==, plan->rejected->len);
  for (guint i = 0; i < plan->rejected->len; i++)
    {
      g_autofree char *line = g_strdup_printf ("%s: %s", (const char *) g_ptr_array_index (plan->rejected_ids, i),
                                               (const char *) g_ptr_array_index (plan->rejected_reasons, i));

      g_assert_cmpstr (line, ==, g_ptr_array_index (plan->rejected, i));
    }
  /* Flash on Ampere, not cuDNN fused. */
  g_assert_cmpstr (change_of (find (plan, "attention-backend"), "--attention-backend")->new_value, ==, "flash");
}

static void
test_tp_cross_node (void)
{
  g_autoptr(PlannerArgs) args = model_args ("llama2-70b", 16, 1, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(PlannerPlan) plan = NULL;
  const PlannerSuggestion *s;

  planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  input.args = args;
  input.world_size = 32;
  input.gpus_per_node = 8;
  input.gpu_id = "h100-sxm";
  plan = planner_advise_optimize (&input, NULL);
  s = find (plan, "tp-in-nvlink-domain");
  g_assert_nonnull (s);
  g_assert_cmpstr (change_of (s, "--tensor-model-parallel-size")->new_value, ==, "8");
  g_assert_cmpstr (change_of (s, "--pipeline-model-parallel-size")->new_value, ==, "2");
}

static void
test_oom_full_recompute (void)
{
  g_autoptr(PlannerArgs) args = model_args ("llama3-70b", 8, 2, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(PlannerPlan) plan = NULL;
  const PlannerSuggestion *s;
  guint64 n;

  planner_args_set (args, "seq_length", "--seq-length", "8192");
  planner_args_set (args, "max_position_embeddings", "--max-position-embeddings", "8192");
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "2");
  planner_args_set (args, "global_batch_size", "--global-batch-size", "64");
  input.args = args;
  input.world_size = 16;
  input.gpus_per_node = 8;
  input.gpu_id = "h100-sxm";
  plan = planner_advise_troubleshoot (&input, PLANNER_SYMPTOM_OOM, NULL);
  g_assert_false (plan->cumulative);
  g_assert_cmpfloat (plan->memory_before, >, plan->capacity_bytes);

  s = find (plan, "full-recompute");
  g_assert_nonnull (s);
  g_assert_cmpstr (change_of (s, "--recompute-method")->new_value, ==, "block");
  n = g_ascii_strtoull (change_of (s, "--recompute-num-layers")->new_value, NULL, 10);
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, 40);
  /* The smallest N: with N − 1 the worst stage would not fit. */
  if (s->fits_after && n > 1)
    {
      g_autoptr(PlannerArgs) fewer = planner_args_copy (args);
      PlannerAnalyzeOptions options = { 0 };
      g_autoptr(PlannerReport) report = NULL;
      char text[16];

      planner_args_set (fewer, "recompute_granularity", "--recompute-granularity", "full");
      planner_args_set (fewer, "recompute_method", "--recompute-method", "block");
      g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, n - 1);
      planner_args_set (fewer, "recompute_num_layers", "--recompute-num-layers", text);
      options.world_size = 16;
      options.gpu_id = "h100-sxm";
      report = planner_analyze_args (fewer, NULL, &options, NULL);
      g_assert_false (planner_report_get_memory_estimate (report)->fits);
    }

  /* CPU offload spelled the 0.20 way, with its prerequisite. */
  s = find (plan, "optimizer-cpu-offload");
  g_assert_nonnull (s);
  g_assert_nonnull (change_of (s, "--optimizer-cpu-offload"));
  g_assert_nonnull (change_of (s, "--use-precision-aware-optimizer"));
  /* Suggestions that make it fit come first. */
  for (guint i = 1; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *a = g_ptr_array_index (plan->suggestions, i - 1);
      const PlannerSuggestion *b = g_ptr_array_index (plan->suggestions, i);

      g_assert_true (a->fits_after || !b->fits_after);
    }
}

static void
test_diverging (void)
{
  g_autoptr(PlannerArgs) args = model_args ("gpt3-175b", 8, 8, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(PlannerPlan) h100 = NULL;
  g_autoptr(PlannerPlan) v100 = NULL;

  planner_args_unset (args, "bf16");
  planner_args_set_bool (args, "fp16", "--fp16", TRUE);
  planner_args_set (args, "clip_grad", "--clip-grad", "0");
  /* Room for BF16's fp32 gradients (FP16 keeps them in fp16). */
  planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  input.args = args;
  input.world_size = 128;
  input.gpus_per_node = 8;
  input.gpu_id = "h100-sxm";
  h100 = planner_advise_troubleshoot (&input, PLANNER_SYMPTOM_DIVERGING, NULL);
  g_assert_nonnull (find (h100, "bf16"));
  /* The memory figure comes from the estimate: BF16 keeps FP32 gradients
   * where FP16 (without --accumulate-allreduce-grads-in-fp32) kept FP16. */
  {
    const PlannerSuggestion *bf16 = find (h100, "bf16");
    g_autofree char *figures = g_strdup_printf ("%.1f → %.1f GiB", bf16->memory_before / (1024.0 * 1024.0 * 1024.0),
                                                bf16->memory_after / (1024.0 * 1024.0 * 1024.0));

    g_assert_cmpfloat (bf16->memory_after, >, bf16->memory_before + 0.5 * 1024.0 * 1024.0 * 1024.0);
    g_assert_null (strstr (bf16->effect, "Same memory"));
    g_assert_nonnull (strstr (bf16->effect, figures));
    g_assert_nonnull (strstr (bf16->effect, "gradients in FP32"));
  }
  /* With FP32 gradient accumulation already, the memory stays. */
  {
    g_autoptr(PlannerArgs) fp32_grads = planner_args_copy (args);
    g_autoptr(PlannerPlan) plan = NULL;
    const PlannerSuggestion *bf16;

    planner_args_set_bool (fp32_grads, "accumulate_allreduce_grads_in_fp32", "--accumulate-allreduce-grads-in-fp32",
                           TRUE);
    input.args = fp32_grads;
    plan = planner_advise_troubleshoot (&input, PLANNER_SYMPTOM_DIVERGING, NULL);
    bf16 = find (plan, "bf16");
    g_assert_nonnull (bf16);
    g_assert_cmpfloat (fabs (bf16->memory_after - bf16->memory_before), <, 0.05 * 1024.0 * 1024.0 * 1024.0);
    g_assert_nonnull (strstr (bf16->effect, "Same speed and memory"));
    input.args = args;
  }
  g_assert_cmpstr (change_of (find (h100, "clip-grad"), "--clip-grad")->new_value, ==, "1.0");
  g_assert_cmpstr (change_of (find (h100, "lower-lr"), "--lr")->new_value, ==, "0.00015");
  g_assert_cmpstr (change_of (find (h100, "longer-warmup"), "--lr-warmup-iters")->new_value, ==, "2000");

  /* V100 has no BF16. */
  input.gpu_id = "v100";
  v100 = planner_advise_troubleshoot (&input, PLANNER_SYMPTOM_DIVERGING, NULL);
  g_assert_null (find (v100, "bf16"));
}

static void
test_startup_error (void)
{
  g_autoptr(PlannerArgs) args = model_args ("llama3-8b", 2, 1, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(PlannerPlan) plan = NULL;
  const PlannerSuggestion *s;

  planner_args_set_bool (args, "overlap_param_gather", "--overlap-param-gather", TRUE);
  input.args = args;
  input.world_size = 8;
  input.gpus_per_node = 8;
  input.gpu_id = "h100-sxm";
  plan = planner_advise_troubleshoot (&input, PLANNER_SYMPTOM_STARTUP_ERROR, NULL);
  g_assert_cmpuint (plan->errors->len, >=, 1);
  s = find (plan, "fix-overlap-param-gather");
  g_assert_nonnull (s);
  g_assert_nonnull (change_of (s, "--use-distributed-optimizer"));
}

static void
test_bad_input (void)
{
  g_autoptr(PlannerArgs) args = model_args ("llama3-8b", 1, 1, 1);
  PlannerAdviseInput input = { 0 };
  g_autoptr(GError) error = NULL;
  PlannerPlan *plan;

  input.args = args;
  input.world_size = 8;
  input.gpu_id = "h100-sxm";
  input.mfu = 150;
  plan = planner_advise_optimize (&input, &error);
  g_assert_null (plan);
  g_assert_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID);
  g_clear_error (&error);

  /* 1 is 100 %: above any published run, refused, naming it (red team,
   * round 3 #11); so is 60 (%) on an H100, whose best is 48 %. */
  for (guint i = 0; i < 3; i++)
    {
      const double slips[] = { 1, 0.99, 60 };

      input.mfu = slips[i];
      plan = planner_advise_optimize (&input, &error);
      g_assert_null (plan);
      g_assert_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "above the best published run on the NVIDIA H100"));
      g_assert_nonnull (strstr (error->message, "48%"));
      g_clear_error (&error);
    }
  input.mfu = 0.48;
  plan = planner_advise_optimize (&input, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  planner_plan_free (plan);

  input.mfu = 0;
  input.world_size = 0;
  plan = planner_advise_optimize (&input, &error);
  g_assert_null (plan);
  g_assert_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID);
  g_clear_error (&error);

  input.world_size = 8;
  input.gpu_id = "nope";
  plan = planner_advise_optimize (&input, &error);
  g_assert_null (plan);
  g_assert_nonnull (error);
}

/* Applying a plan makes a new job, leaves the old one alone, and the new
 * job is no less valid than the old one; for this 70B job that does not
 * fit, the optimizer's plan needs less memory and the first out-of-memory
 * remedy makes it fit. */
static void
test_apply_to_job (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) before = NULL;
  g_autoptr(PlannerJob) applied = NULL;
  g_autoptr(PlannerPlan) plan = NULL;
  g_autoptr(PlannerReport) old_report = NULL;
  g_autoptr(PlannerReport) new_report = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) changes = NULL;
  GPtrArray *new_diagnostics;

  g_object_set (job, "seq-length", 8192, "distributed-optimizer", FALSE, "data-path", "/data/t_document",
                "tokenizer-model", "/models/llama3", "train-iters", 1000, NULL);
  before = planner_job_copy (job);
  old_report = planner_analyze_job (job);
  g_assert_false (planner_report_get_memory_estimate (old_report)->fits);

  plan = planner_advise_job (job, PLANNER_SYMPTOM_NONE, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->suggestions->len, >, 0);

  applied = planner_advise_apply_to_job (plan, job, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (job, before));
  g_assert_false (planner_job_equal (job, applied));
  g_assert_cmpstr (planner_job_get_model_id (applied), ==, "llama3-70b");
  g_assert_true (planner_job_get_bool (applied, "distributed-optimizer"));

  changes = planner_job_list_changes (job, applied);
  g_assert_true (g_strv_contains ((const char * const *) changes, "training.distributed_optimizer: false → true"));

  new_report = planner_analyze_job (applied);
  {
    const PlannerMemoryEstimate *old_memory = planner_report_get_memory_estimate (old_report);
    const PlannerMemoryEstimate *new_memory = planner_report_get_memory_estimate (new_report);

    g_assert_cmpfloat (new_memory->stages[new_memory->worst].total_bytes, <,
                       old_memory->stages[old_memory->worst].total_bytes);
  }
  new_diagnostics = planner_report_get_diagnostics (new_report);
  for (guint i = 0; i < new_diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (new_diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR &&
          !planner_diagnostics_has_code (planner_report_get_diagnostics (old_report), d->code))
        g_error ("applying the plan added the error %s: %s", d->code, d->message);
    }

  /* One alternative of a troubleshooting list, and one that is not there. */
  g_clear_pointer (&plan, planner_plan_free);
  plan = planner_advise_job (job, PLANNER_SYMPTOM_OOM, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_clear_object (&applied);
  applied = planner_advise_apply_to_job (plan, job, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (applied);
  {
    g_autoptr(PlannerReport) oom_report = planner_analyze_job (applied);

    g_assert_true (planner_report_get_memory_estimate (oom_report)->fits);
  }
  g_assert_null (planner_advise_apply_to_job (plan, job, plan->suggestions->len, &error));
  g_assert_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID);
}

/* Issue 14, item 4: degrees that form no layout (TP 3 on 32 GPUs, CP × TP
 * × PP above the world) reached the group code, which raised a GLib
 * critical for 348 of these 432 combinations.  g_test_init makes every
 * critical fatal, so any one of them fails this sweep.  Each combination
 * still gets a plan, with the job's errors in it. */
static void
test_invalid_layout_sweep (void)
{
  static const guint degrees[] = { 1, 2, 3, 4, 8, 16 };
  guint n_invalid = 0, n_cross = 0, n = 0;

  for (guint t = 0; t < G_N_ELEMENTS (degrees); t++)
    for (guint p = 0; p < G_N_ELEMENTS (degrees); p++)
      for (guint c = 0; c < 4; c++)
        for (guint e = 0; e < 3; e++)
          {
            g_autoptr(PlannerJob) job = planner_job_new ();
            g_autoptr(PlannerReport) report = NULL;
            gboolean valid;

            g_object_set (job, "model-id", "mixtral-8x7b", "gpu-id", "h100-sxm", "nodes", 4, "gpus-per-node", 8,
                          "tp", degrees[t], "pp", degrees[p], "cp", degrees[c], "ep", degrees[e], NULL);
            report = planner_analyze_job (job);
            valid = planner_report_get_layout (report) != NULL;
            n_invalid += !valid;
            n++;
            for (int s = PLANNER_SYMPTOM_NONE; s <= PLANNER_SYMPTOM_HANG; s++)
              {
                g_autoptr(GError) error = NULL;
                g_autoptr(PlannerPlan) plan = planner_advise_job (job, (PlannerSymptom) s, 0, 0, 0, &error);

                g_assert_no_error (error);
                g_assert_nonnull (plan);
                if (!valid)
                  g_assert_cmpuint (plan->errors->len, >, 0);
                for (guint i = 0; s == PLANNER_SYMPTOM_LOW_MFU && i < plan->notes->len; i++)
                  n_cross += g_str_has_prefix (g_ptr_array_index (plan->notes, i), "TP 16 crosses nodes");
              }
          }
  g_assert_cmpuint (n, ==, 432);
  /* The sweep must reach what it is about. */
  g_assert_cmpuint (n_invalid, >=, 300);
  /* A real layout whose TP spans nodes is still reported. */
  g_assert_cmpuint (n_cross, >, 0);
}

/* A bad extra argument is an error naming the field, for the plan and for
 * applying one; a suggestion changes only what it lists, so good extra
 * arguments survive it (red team, round 3 #3: --apply deleted them all
 * when one failed a check). */
static void
test_apply_keeps_extra_args (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerPlan) plan = NULL;
  g_autoptr(PlannerPlan) bad_plan = NULL;
  g_autoptr(PlannerJob) applied = NULL;
  g_autoptr(PlannerJob) not_applied = NULL;
  g_autoptr(GError) error = NULL;

  g_object_set (job, "seq-length", 8192, "distributed-optimizer", FALSE, "data-path", "/data/t_document",
                "tokenizer-model", "/models/llama3", "train-iters", 1000,
                "extra-args", "--log-throughput --data-cache-path /cache", NULL);
  plan = planner_advise_job (job, PLANNER_SYMPTOM_NONE, 0, 0, 0, &error);
  g_assert_no_error (error);
  applied = planner_advise_apply_to_job (plan, job, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (planner_job_get_string (applied, "extra-args"),
                                   "--log-throughput --data-cache-path /cache"));

  g_object_set (job, "extra-args", "--log-throughput --data-cache-path cache", NULL);
  not_applied = planner_advise_apply_to_job (plan, job, G_MAXUINT, &error);
  g_assert_null (not_applied);
  g_assert_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "advanced.extra_args"));
  g_clear_error (&error);
  for (PlannerSymptom symptom = PLANNER_SYMPTOM_NONE; symptom <= PLANNER_SYMPTOM_OOM; symptom++)
    {
      bad_plan = planner_advise_job (job, symptom, 0, 0, 0, &error);
      g_assert_null (bad_plan);
      g_assert_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "“--data-cache-path” is “cache”, a relative path"));
      g_clear_error (&error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/advise/spread", test_spread);
  g_test_add_func ("/advise/optimize-llama3-70b", test_optimize_llama3_70b);
  g_test_add_func ("/advise/no-fp8-on-a100", test_no_fp8_on_a100);
  g_test_add_func ("/advise/tp-cross-node", test_tp_cross_node);
  g_test_add_func ("/advise/oom-full-recompute", test_oom_full_recompute);
  g_test_add_func ("/advise/diverging", test_diverging);
  g_test_add_func ("/advise/startup-error", test_startup_error);
  g_test_add_func ("/advise/bad-input", test_bad_input);
  g_test_add_func ("/advise/apply-to-job", test_apply_to_job);
  g_test_add_func ("/advise/invalid-layout-sweep", test_invalid_layout_sweep);

  g_test_add_func ("/advise/apply-keeps-extra-args", test_apply_keeps_extra_args);
  return g_test_run ();
}
