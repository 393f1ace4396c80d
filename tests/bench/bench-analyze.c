/* bench-analyze.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window re-analyses the job on every keystroke: validation, FLOPs,
 * Megatron's memory and the per-stage estimate.  Target: well under 1 ms.
 */

#include "config.h"

#include <stdlib.h>

#include "planner-analyze.h"

#define N_RUNS 200

static int
compare_samples (const void *a,
                 const void *b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static double
median_us (gint64 *samples)
{
  qsort (samples, N_RUNS, sizeof *samples, compare_samples);
  return (double) samples[N_RUNS / 2];
}

static void
bench_job (const char *label,
           PlannerJob *job)
{
  gint64 samples[N_RUNS];

  /* The catalogs load once, on first use: not part of a keystroke. */
  planner_report_unref (planner_analyze_job (job));

  for (guint run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();

      planner_report_unref (planner_analyze_job (job));
      samples[run] = g_get_monotonic_time () - start;
    }
  g_print ("analyze %s: %.0f us (median of %d)\n", label, median_us (samples), N_RUNS);
}

static void
bench_import (void)
{
  static const char script[] =
    "#!/bin/bash\n"
    "export CUDA_DEVICE_MAX_CONNECTIONS=1\n"
    "ARGS=( --tensor-model-parallel-size 8 --pipeline-model-parallel-size 16 --context-parallel-size 2\n"
    "       --num-layers 126 --hidden-size 16384 --ffn-hidden-size 53248 --num-attention-heads 128\n"
    "       --group-query-attention --num-query-groups 8 --seq-length 8192 --max-position-embeddings 8192\n"
    "       --swiglu --normalization RMSNorm --untie-embeddings-and-output-weights --disable-bias-linear\n"
    "       --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split\n"
    "       --micro-batch-size 1 --global-batch-size 2048 --bf16 --use-distributed-optimizer\n"
    "       --sequence-parallel --vocab-size 128256 --tokenizer-type NullTokenizer --mock-data )\n"
    "torchrun --nnodes 128 --nproc-per-node 8 pretrain_gpt.py \"${ARGS[@]}\"\n";
  gint64 samples[N_RUNS];
  PlannerAnalyzeOptions options = { 0, 0, "h100-sxm", NULL };

  for (guint run = 0; run < N_RUNS; run++)
    {
      g_autoptr(PlannerImport) import = NULL;
      g_autoptr(PlannerReport) report = NULL;
      gint64 start = g_get_monotonic_time ();

      import = planner_import_script (script, sizeof script - 1, NULL);
      report = planner_analyze_import (import, &options, NULL);
      samples[run] = g_get_monotonic_time () - start;
      g_assert_nonnull (report);
    }
  g_print ("import + analyze a 405B script on 1024 GPUs: %.0f us (median of %d)\n", median_us (samples), N_RUNS);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PlannerJob) example = planner_job_new_example ();
  g_autoptr(PlannerJob) large = planner_job_new_example ();

  g_object_set (large, "model-id", "llama3.1-405b", "nodes", 2048, "tp", 8, "pp", 16, "cp", 2,
                "seq-length", 8192, "global-batch-size", 2048, NULL);

  bench_job ("the example job (LLaMA-3 70B, 64 GPUs)", example);
  bench_job ("LLaMA-3.1 405B on 16,384 GPUs", large);
  bench_import ();
  return 0;
}
