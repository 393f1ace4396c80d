/* test-mfu-ranges.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The expected-MFU ranges of data/gpus.json against published measured
 * throughput: every figure below, turned into an MFU exactly as the
 * planner does (TFLOP/s/GPU ÷ the peak of the run's precision, the FP8
 * peak for FP8 runs), lies inside its GPU's range, and the range's source
 * names it. */

#include "config.h"

#include <string.h>

#include "planner-catalog.h"
#include "planner-flops.h"

typedef struct
{
  const char *gpu;
  gboolean    moe;
  gboolean    fp8;
  double      tflops;   /* Model TFLOP/s/GPU, as Megatron logs it */
  const char *what;
} Published;

/* Llama 3: arXiv:2407.21783 Table 4.  SC21: arXiv:2104.04473 Table 1.
 * The rest: Megatron-Bridge docs/performance-summary*.md @067f987d. */
static const Published published[] = {
  { "a100-80gb", FALSE, FALSE, 137, "SC21 GPT 1.7B on 32 A100" },
  { "a100-80gb", FALSE, FALSE, 148, "SC21 GPT 145.6B on 1536 A100" },
  { "a100-80gb", FALSE, FALSE, 163, "SC21 GPT 1T on 3072 A100" },
  { "h100-sxm", FALSE, FALSE, 430, "Llama 3 405B on 8192 H100" },
  { "h100-sxm", FALSE, FALSE, 400, "Llama 3 405B on 16384 H100" },
  { "h100-sxm", FALSE, FALSE, 380, "Llama 3 405B at 131K tokens" },
  { "h100-sxm", FALSE, TRUE, 744, "Bridge 25.11 Llama3 8B on 8 H100 FP8" },
  { "h100-sxm", FALSE, TRUE, 731, "Bridge 26.04.01 Llama3 70B on 64 H100 FP8" },
  { "h100-sxm", FALSE, TRUE, 822, "Bridge 26.06 Llama3.1 405B on 1024 H100 FP8" },
  { "h100-sxm", TRUE, FALSE, 158, "Bridge 26.04.01 GPT-OSS 120B on 64 H100 BF16" },
  { "h100-sxm", TRUE, FALSE, 163, "Bridge 26.02 GPT-OSS 120B on 64 H100 BF16" },
  { "h100-sxm", TRUE, TRUE, 338, "Bridge 25.09 DeepSeek-V3 on 1024 H100 FP8" },
  { "h100-sxm", TRUE, TRUE, 253, "Bridge 26.04.01 Qwen3-235B-A22B on 256 H100 FP8" },
  { "h100-sxm", TRUE, TRUE, 203, "Bridge 26.06 Qwen3-30B-A3B on 16 H100 FP8" },
  { "b200", FALSE, TRUE, 1576, "Bridge 25.11 Llama3 8B on 8 B200 FP8" },
  { "b200", FALSE, TRUE, 1667, "Bridge 25.11 Llama3.1 405B on 128 B200 FP8" },
  { "b200", TRUE, FALSE, 369, "Bridge 26.04.01 GPT-OSS 120B on 64 B200 BF16" },
  { "b200", TRUE, TRUE, 864, "Bridge 26.04.01 DeepSeek-V3 on 256 B200 MXFP8" },
  { "b200", TRUE, TRUE, 560, "Bridge 26.04.01 Qwen3-235B-A22B on 256 B200 MXFP8" },
  { "b200", TRUE, TRUE, 619, "Bridge 26.04.01 Qwen3-30B-A3B on 8 B200 MXFP8" },
  { "gb200", FALSE, TRUE, 1622, "Bridge 25.11 Llama3 8B on 8 GB200 FP8" },
  { "gb200", FALSE, TRUE, 1892, "Bridge 26.04.01 Llama3 70B on 64 GB200 FP8" },
  { "gb200", FALSE, TRUE, 2129, "Bridge 26.06 Llama3.1 405B on 256 GB200 FP8" },
  { "gb200", TRUE, FALSE, 782, "Bridge 25.11 DeepSeek-V3 on 256 GB200 BF16" },
  { "gb200", TRUE, FALSE, 728, "Bridge 25.11 Qwen3-235B-A22B on 256 GB200 BF16" },
  { "gb200", TRUE, FALSE, 452, "Bridge 26.04.01 GPT-OSS 120B on 64 GB200 BF16" },
  { "gb200", TRUE, TRUE, 1276, "Bridge 26.08 DeepSeek-V3 on 256 GB200 MXFP8" },
  { "gb200", TRUE, TRUE, 1077, "Bridge 26.08 Qwen3-235B-A22B on 256 GB200 MXFP8" },
  { "gb200", TRUE, TRUE, 923, "Bridge 26.08 Qwen3-30B-A3B on 8 GB200 MXFP8" },
};

static const PlannerMfuRange *
range_of (const PlannerGpu *gpu,
          gboolean          moe,
          gboolean          fp8)
{
  if (moe)
    return fp8 ? &gpu->mfu_moe_fp8 : &gpu->mfu_moe_bf16;
  return fp8 ? &gpu->mfu_dense_fp8 : &gpu->mfu_dense_bf16;
}

static void
test_mfu_ranges_hold_published (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (published); i++)
    {
      const Published *p = &published[i];
      const PlannerGpu *gpu = planner_gpu_lookup (p->gpu);
      const PlannerMfuRange *range;
      g_autoptr(GError) error = NULL;
      g_autofree char *figure = g_strdup_printf (" %.0f (", p->tflops);
      g_autofree char *figure_unit = g_strdup_printf (" %.0f TFLOP/s", p->tflops);
      PlannerConfig config = { 0 };
      PlannerMfu mfu;

      g_assert_nonnull (gpu);
      config.precision = PLANNER_PRECISION_BF16;
      config.fp8 = p->fp8;
      g_assert_true (planner_mfu_from_tflops_per_gpu (&config, gpu, p->tflops, &mfu, &error));
      g_assert_no_error (error);
      /* FP8 runs are measured against the FP8 peak, BF16 runs the BF16 one. */
      g_assert_cmpint (mfu.peak, ==, p->fp8 ? PLANNER_PEAK_FP8 : PLANNER_PEAK_BF16);
      range = range_of (gpu, p->moe, p->fp8);
      g_test_message ("%s: %.0f TFLOP/s/GPU = %.1f%% of %.0f; range %.0f–%.0f%%", p->what, p->tflops, mfu.mfu * 100,
                      mfu.peak_tflops, range->low * 100, range->high * 100);
      if (mfu.mfu < range->low || mfu.mfu > range->high)
        g_error ("%s: MFU %.3f outside %s's %s %s range %.2f–%.2f", p->what, mfu.mfu, p->gpu, p->moe ? "MoE" : "dense",
                 p->fp8 ? "FP8" : "BF16", range->low, range->high);
      /* The range's source names the measurement it rests on. */
      if (strstr (range->source, figure) == NULL && strstr (range->source, figure_unit) == NULL)
        g_error ("%s: the source of %s's range does not list%s…", p->what, p->gpu, figure);
    }
}

/* Each range with measurements is no wider than the spread of real
 * runs needs, and none claims more than the best published run. */
static void
test_mfu_ranges_sane (void)
{
  guint n = 0;
  const PlannerGpu *const *gpus = planner_gpu_list (&n);

  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < 4; k++)
      {
        const PlannerMfuRange *range = range_of (gpus[i], k >= 2, k % 2 == 1);

        g_assert_nonnull (range->source);
        if (range->high == 0)
          continue;
        g_assert_cmpfloat (range->low, >, 0.0);
        g_assert_cmpfloat (range->low, <, range->high);
        g_assert_cmpfloat (range->high, <=, 0.6);
        g_assert_cmpfloat (range->high / range->low, <=, 2.5);
      }
}

/* What the published runs say about the ranges' shape: MoE in FP8 lands
 * well below dense in FP8 (the expert GEMMs are small and the all-to-all
 * and routing do not speed up with FP8), so its whole range sits below
 * dense FP8's middle and its middle at most 0.7 of dense FP8's; and the
 * dense FP8 range reaches at least the best published dense FP8 run on
 * that GPU, so the top of what experts get is never called unusual. */
static void
test_mfu_ranges_shape (void)
{
  guint n = 0;
  const PlannerGpu *const *gpus = planner_gpu_list (&n);
  guint compared = 0, topped = 0;

  for (guint i = 0; i < n; i++)
    {
      const PlannerGpu *gpu = gpus[i];
      const PlannerMfuRange *dense = &gpu->mfu_dense_fp8, *moe = &gpu->mfu_moe_fp8;
      double top = 0.0;

      if (dense->high > 0 && moe->high > 0)
        {
          g_test_message ("%s FP8: dense %.0f–%.0f%%, MoE %.0f–%.0f%%", gpu->id, dense->low * 100, dense->high * 100,
                          moe->low * 100, moe->high * 100);
          g_assert_cmpfloat (moe->high, <, (dense->low + dense->high) / 2.0);
          g_assert_cmpfloat ((moe->low + moe->high) / 2.0, <=, 0.7 * (dense->low + dense->high) / 2.0);
          compared++;
        }
      for (guint k = 0; k < G_N_ELEMENTS (published); k++)
        {
          const Published *p = &published[k];
          PlannerConfig config = { 0 };
          PlannerMfu mfu;

          if (p->moe || !p->fp8 || !g_str_equal (p->gpu, gpu->id))
            continue;
          config.precision = PLANNER_PRECISION_BF16;
          config.fp8 = TRUE;
          g_assert_true (planner_mfu_from_tflops_per_gpu (&config, gpu, p->tflops, &mfu, NULL));
          top = MAX (top, mfu.mfu);
        }
      if (top > 0)
        {
          g_test_message ("%s: best published dense FP8 run %.1f%%, range top %.0f%%", gpu->id, top * 100,
                          dense->high * 100);
          g_assert_cmpfloat (dense->high, >=, top);
          topped++;
        }
    }
  g_assert_cmpuint (compared, >=, 3);
  g_assert_cmpuint (topped, ==, 3);   /* H100, B200, GB200 */
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mfu-ranges/hold-published", test_mfu_ranges_hold_published);
  g_test_add_func ("/mfu-ranges/sane", test_mfu_ranges_sane);
  g_test_add_func ("/mfu-ranges/shape", test_mfu_ranges_shape);

  return g_test_run ();
}
