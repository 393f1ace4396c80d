/* bench-layout.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "planner-layout.h"

#define N_RUNS 50

static int
compare_gint64 (const void *a,
                const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static double
median_ms (gint64 *samples,
           guint   n)
{
  qsort (samples, n, sizeof (gint64), compare_gint64);
  return (n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2) / 1000.0;
}

/* One full set: every group kind, as the rank grid and `ranks` need. */
static double
bench_groups (const PlannerLayout *layout)
{
  gint64 samples[N_RUNS];
  guint64 checksum = 0;

  for (guint run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();

      for (guint k = 0; k < PLANNER_N_GROUP_KINDS; k++)
        {
          PlannerGroups *groups = planner_groups_new (layout, (PlannerGroupKind) k);

          checksum += groups->ranks[groups->n_groups * groups->group_size - 1];
          planner_groups_free (groups);
        }
      samples[run] = g_get_monotonic_time () - start;
    }

  /* Keep the work observable so it is not optimized away. */
  if (checksum == 0)
    g_printerr ("unexpected checksum\n");
  return median_ms (samples, N_RUNS);
}

/* Coordinates of every rank, as the grid's hover and colouring need. */
static double
bench_coords (const PlannerLayout *layout)
{
  gint64 samples[N_RUNS];
  guint64 checksum = 0;

  for (guint run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();

      for (guint32 r = 0; r < layout->world_size; r++)
        {
          PlannerRankCoords c;

          planner_layout_get_coords (layout, r, 8, &c);
          checksum += c.pp + c.expert_dp;
        }
      samples[run] = g_get_monotonic_time () - start;
    }

  if (checksum == 0)
    g_printerr ("unexpected checksum\n");
  return median_ms (samples, N_RUNS);
}

static double
bench_nearest (guint64 world,
               guint64 tp,
               guint64 pp,
               guint64 cp,
               guint64 ep)
{
  gint64 samples[N_RUNS];

  for (guint run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();
      GArray *near = planner_layout_nearest_valid (world, tp, pp, cp, ep, 0, 0, 5);

      samples[run] = g_get_monotonic_time () - start;
      g_array_unref (near);
    }

  return median_ms (samples, N_RUNS);
}

int
main (int   argc,
      char *argv[])
{
  PlannerLayout dense, moe;
  g_autoptr(GError) error = NULL;

  if (!planner_layout_init (&dense, 16384, 8, 16, 1, 1, 0, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error)
      || !planner_layout_init (&moe, 16384, 8, 16, 1, 64, 1, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error))
    {
      g_printerr ("bench-layout: %s\n", error->message);
      return 1;
    }

  g_print ("layout-groups dense 16384 GPUs (TP 8, PP 16, DP 128): %.3f ms (median of %d; target < 10 ms)\n",
           bench_groups (&dense), N_RUNS);
  g_print ("layout-groups moe 16384 GPUs (TP 8, PP 16, DP 128, EP 64, ETP 1): %.3f ms (median of %d; target < 10 ms)\n",
           bench_groups (&moe), N_RUNS);
  g_print ("layout-coords moe 16384 GPUs, every rank: %.3f ms (median of %d)\n",
           bench_coords (&moe), N_RUNS);
  g_print ("layout-nearest-valid 16384 GPUs (tp 3, pp 5, cp 1, ep 7): %.3f ms (median of %d)\n",
           bench_nearest (16384, 3, 5, 1, 7), N_RUNS);
  g_print ("layout-nearest-valid 720720 GPUs (tp 16, pp 64, cp 2, ep 64): %.3f ms (median of %d)\n",
           bench_nearest (720720, 16, 64, 2, 64), N_RUNS);

  return 0;
}
