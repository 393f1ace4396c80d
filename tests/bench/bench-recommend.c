/* bench-recommend.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "planner-catalog.h"
#include "planner-recommend.h"

#define N_RUNS 20

static int
compare_gint64 (const void *a,
                const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The whole planner_recommend call: the search, Megatron's checks on the
 * front-runners, the reasons, the shell block. */
static void
bench (const char *model,
       const char *gpu,
       guint64     gpus,
       double      budget_ms)
{
  PlannerRecommendRequest request = { 0 };
  gint64 samples[N_RUNS];
  guint64 evaluated = 0;
  double median;
  gboolean fits = FALSE;

  request.model_id = model;
  request.gpu_id = gpu;
  request.num_gpus = gpus;
  for (guint run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();
      PlannerRecommendation *r = planner_recommend (&request, NULL);

      samples[run] = g_get_monotonic_time () - start;
      evaluated = r->n_evaluated;
      fits = r->fits;
      planner_recommendation_free (r);
    }
  qsort (samples, N_RUNS, sizeof (gint64), compare_gint64);
  median = samples[N_RUNS / 2] / 1000.0;
  g_print ("recommend %-14s on %6" G_GUINT64_FORMAT " x %-9s %8.3f ms median (min %.3f, %" G_GUINT64_FORMAT
           " candidates, %s; budget %.0f ms)%s\n",
           model, gpus, gpu, median, samples[0] / 1000.0, evaluated, fits ? "fits" : "nothing fits", budget_ms,
           median <= budget_ms ? "" : "  OVER BUDGET");
}

/* Every MoE case: each MoE model of the catalogue on each GPU, at every
 * power of two from 8 to 16,384 GPUs, in BF16 and (where the GPU has it)
 * FP8; each case the best of three runs.  Prints the slowest case and how
 * many cases went over the budget. */
static void
bench_every_moe (double budget_ms)
{
  guint n_models = 0, n_gpus = 0, cases = 0, over = 0;
  const PlannerModel *const *models = planner_model_list (&n_models);
  const PlannerGpu *const *gpus = planner_gpu_list (&n_gpus);
  double worst = 0.0, sum = 0.0;
  g_autofree char *worst_case = NULL;

  for (guint m = 0; m < n_models; m++)
    {
      if (models[m]->num_experts == 0)
        continue;
      for (guint g = 0; g < n_gpus; g++)
        for (guint64 n = 8; n <= 16384; n *= 2)
          for (guint prec = 0; prec < (gpus[g]->supports_fp8 ? 2u : 1u); prec++)
            {
              PlannerRecommendRequest request = { 0 };
              gint64 best = G_MAXINT64;

              request.model_id = models[m]->id;
              request.gpu_id = gpus[g]->id;
              request.num_gpus = n;
              request.precision = prec == 1 ? PLANNER_TRAIN_PRECISION_FP8 : PLANNER_TRAIN_PRECISION_BF16;
              for (guint run = 0; run < 3; run++)
                {
                  gint64 start = g_get_monotonic_time ();
                  PlannerRecommendation *r = planner_recommend (&request, NULL);

                  best = MIN (best, g_get_monotonic_time () - start);
                  if (r != NULL)
                    planner_recommendation_free (r);
                }
              cases++;
              sum += best / 1000.0;
              over += best / 1000.0 > budget_ms ? 1 : 0;
              if (best / 1000.0 > worst)
                {
                  worst = best / 1000.0;
                  g_free (worst_case);
                  worst_case = g_strdup_printf ("%s on %" G_GUINT64_FORMAT " x %s %s", models[m]->id, n, gpus[g]->id,
                                                prec == 1 ? "fp8" : "bf16");
                }
            }
    }
  g_print ("recommend every MoE case: %u cases, mean %.3f ms, slowest %.3f ms (%s); %u over the %.0f ms budget%s\n",
           cases, sum / MAX (cases, 1), worst, worst_case != NULL ? worst_case : "-", over, budget_ms,
           over == 0 ? "" : "  OVER BUDGET");
}

int
main (void)
{
  /* Dense, the largest world, and a case where nothing fits. */
  bench ("llama2-7b", "h100-sxm", 8, 1.0);
  bench ("llama3.1-405b", "h100-sxm", 16384, 100.0);
  bench ("llama3.1-405b", "gb200", 16384, 100.0);
  bench ("llama3.1-405b", "h100-sxm", 128, 100.0);
  bench ("llama3.1-405b", "h100-sxm", 8, 100.0);
  /* Every MoE model of the catalogue, small to 16,384 GPUs. */
  bench ("mixtral-8x7b", "h100-sxm", 64, 100.0);
  bench ("mixtral-8x22b", "h100-sxm", 256, 100.0);
  bench ("mixtral-8x22b", "b200", 16384, 100.0);
  bench ("qwen3-30b-a3b", "h100-sxm", 16, 100.0);
  bench ("qwen3-30b-a3b", "h100-sxm", 16384, 100.0);
  bench ("qwen3-235b-a22b", "h100-sxm", 1024, 100.0);
  bench ("qwen3-235b-a22b", "gb200", 16384, 100.0);
  bench ("deepseek-v3", "h100-sxm", 1024, 100.0);
  bench ("deepseek-v3", "h100-sxm", 4096, 100.0);
  bench ("deepseek-v3", "h100-sxm", 16384, 100.0);
  bench ("deepseek-v3", "gb200", 16384, 100.0);
  bench_every_moe (100.0);
  return 0;
}
