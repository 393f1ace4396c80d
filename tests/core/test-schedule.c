/* test-schedule.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "planner-schedule.h"

static PlannerSchedule *
schedule (guint32 pp,
          guint32 vpp,
          guint64 m,
          guint32 group,
          double  recompute)
{
  PlannerScheduleParams params = { pp, vpp, m, group, recompute, FALSE, TRUE };
  g_autoptr(GError) error = NULL;
  PlannerSchedule *s = planner_schedule_new (&params, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static const PlannerScheduleCell *
cells_of (const PlannerSchedule *s,
          guint32                rank,
          guint64               *n)
{
  *n = s->rank_start[rank + 1] - s->rank_start[rank];
  return &s->cells[s->rank_start[rank]];
}

/* Every rank runs each microbatch's forward and backward once per chunk,
 * one pass at a time, and never a backward before its forward. */
static void
assert_consistent (const PlannerSchedule *s)
{
  guint passes = s->recompute > 0. ? 3 : 2;

  for (guint32 r = 0; r < s->pp; r++)
    {
      guint64 n;
      const PlannerScheduleCell *c = cells_of (s, r, &n);
      g_autofree guint8 *seen = g_new0 (guint8, (gsize) s->simulated_microbatches * s->vpp * 3);

      g_assert_cmpuint (n, ==, s->simulated_microbatches * s->vpp * passes);
      for (guint64 i = 0; i < n; i++)
        {
          gsize slot = ((gsize) c[i].microbatch * s->vpp + c[i].chunk) * 3 + c[i].pass;

          g_assert_cmpuint (seen[slot], ==, 0);
          seen[slot] = 1;
          g_assert_cmpfloat (c[i].end, >, c[i].start);
          if (i > 0)
            g_assert_cmpfloat (c[i].start, >=, c[i - 1].end - 1e-9);
          if (c[i].pass == PLANNER_PASS_BACKWARD)
            g_assert_cmpuint (seen[slot - PLANNER_PASS_BACKWARD], ==, 1);
          if (c[i].pass == PLANNER_PASS_RECOMPUTE)
            {
              g_assert_cmpuint (c[i + 1].pass, ==, PLANNER_PASS_BACKWARD);
              g_assert_cmpuint (c[i + 1].microbatch, ==, c[i].microbatch);
              g_assert_cmpfloat (c[i + 1].start, ==, c[i].end);
            }
        }
      for (PlannerPass p = 0; p < PLANNER_N_PASSES; p++)
        g_assert_cmpuint (planner_schedule_count_cells (s, r, p), ==,
                          p == PLANNER_PASS_RECOMPUTE && passes == 2 ? 0 : s->num_microbatches * s->vpp);
    }
}

/* 1F1B, PP 4, 8 microbatches: rank r warms up with p − r − 1 forwards;
 * the step takes (m + p − 1)(F + B) and idles (p − 1)/m of its compute. */
static void
test_schedule_1f1b (void)
{
  g_autoptr(PlannerSchedule) s = schedule (4, 1, 8, 0, 0.);
  guint64 n;
  const PlannerScheduleCell *c;

  g_assert_cmpint (s->kind, ==, PLANNER_SCHEDULE_1F1B);
  assert_consistent (s);
  for (guint32 r = 0; r < 4; r++)
    g_assert_cmpuint (s->warmup[r], ==, 4 - r - 1);
  g_assert_cmpfloat_with_epsilon (s->makespan, (8 + 4 - 1) * 3., 1e-9);
  g_assert_cmpfloat_with_epsilon (s->bubble_fraction, 3. / 8., 1e-12);
  g_assert_cmpfloat_with_epsilon (s->simulated_bubble, s->bubble_fraction, 1e-9);

  /* Rank 0: F0 F1 F2 (warm-up), F3 B0, F4 B1 … , then B5 B6 B7. */
  c = cells_of (s, 0, &n);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (c[i].pass, ==, PLANNER_PASS_FORWARD);
      g_assert_cmpuint (c[i].microbatch, ==, i);
      g_assert_cmpuint (c[i].phase, ==, PLANNER_PHASE_WARMUP);
    }
  g_assert_cmpuint (c[3].microbatch, ==, 3);
  g_assert_cmpuint (c[4].pass, ==, PLANNER_PASS_BACKWARD);
  g_assert_cmpuint (c[4].microbatch, ==, 0);
  g_assert_cmpuint (c[4].phase, ==, PLANNER_PHASE_STEADY);
  /* B0 on rank 0 waits for B0 on ranks 3, 2, 1: the forward through
   * four stages and three backwards. */
  g_assert_cmpfloat_with_epsilon (c[4].start, 4. + 3. * 2., 1e-9);
  g_assert_cmpuint (c[n - 1].phase, ==, PLANNER_PHASE_COOLDOWN);
  g_assert_cmpuint (c[n - 1].microbatch, ==, 7);

  /* The last rank has no warm-up: forward, backward, forward, … */
  c = cells_of (s, 3, &n);
  g_assert_cmpuint (c[0].pass, ==, PLANNER_PASS_FORWARD);
  g_assert_cmpuint (c[1].pass, ==, PLANNER_PASS_BACKWARD);
  g_assert_cmpfloat_with_epsilon (c[0].start, 3., 1e-9);
}

/* Megatron's own example (schedules.py, get_schedule_table): PP 2, VPP 2,
 * groups of 3, 5 microbatches → microbatches 0 1 2 0 1 2 3 4 3 4 on
 * chunks 0 0 0 1 1 1 0 0 1 1. */
static void
test_schedule_table (void)
{
  static const guint32 microbatch[] = { 0, 1, 2, 0, 1, 2, 3, 4, 3, 4 };
  static const guint16 chunk[] = { 0, 0, 0, 1, 1, 1, 0, 0, 1, 1 };
  g_autoptr(PlannerSchedule) s = schedule (2, 2, 5, 3, 0.);
  guint64 n, k = 0;
  const PlannerScheduleCell *c = cells_of (s, 0, &n);

  assert_consistent (s);
  g_assert_cmpint (s->kind, ==, PLANNER_SCHEDULE_INTERLEAVED);
  /* Warm-up: (p − r − 1)·2 + (v − 1)·group = 2 + 3. */
  g_assert_cmpuint (s->warmup[0], ==, 5);
  g_assert_cmpuint (s->warmup[1], ==, 3);
  for (guint64 i = 0; i < n; i++)
    {
      if (c[i].pass != PLANNER_PASS_FORWARD)
        continue;
      g_assert_cmpuint (c[i].microbatch, ==, microbatch[k]);
      g_assert_cmpuint (c[i].chunk, ==, chunk[k]);
      k++;
    }
  g_assert_cmpuint (k, ==, 10);
  /* Backwards run the same table on the chunks in reverse. */
  k = 0;
  for (guint64 i = 0; i < n; i++)
    {
      if (c[i].pass != PLANNER_PASS_BACKWARD)
        continue;
      g_assert_cmpuint (c[i].microbatch, ==, microbatch[k]);
      g_assert_cmpuint (c[i].chunk, ==, 1 - chunk[k]);
      k++;
    }
}

/* Interleaved with m a multiple of p: the bubble shrinks v-fold, exactly. */
static void
test_schedule_interleaved_bubble (void)
{
  static const guint32 cases[][3] = { { 4, 2, 8 }, { 4, 5, 32 }, { 8, 4, 64 }, { 16, 8, 512 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerSchedule) s = NULL;
      gint64 start = g_get_monotonic_time ();
      double expected = (cases[i][0] - 1.) / ((double) cases[i][1] * cases[i][2]);

      s = schedule (cases[i][0], cases[i][1], cases[i][2], 0, 0.);
      g_test_message ("PP %u VPP %u m %u: %.2f ms", cases[i][0], cases[i][1], cases[i][2],
                      (g_get_monotonic_time () - start) / 1000.);
      assert_consistent (s);
      g_assert_cmpuint (s->skipped_microbatches, ==, 0);
      g_assert_cmpfloat_with_epsilon (s->bubble_fraction, expected, 1e-12);
      g_assert_cmpfloat_with_epsilon (s->simulated_bubble, expected, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->makespan, cases[i][2] * 3. + (cases[i][0] - 1.) * 3. / cases[i][1], 1e-6);
    }
}

/* Full recompute: a forward again before every backward, the same cells
 * otherwise; the bubble keeps its fraction of the longer compute. */
static void
test_schedule_recompute (void)
{
  g_autoptr(PlannerSchedule) s = schedule (4, 2, 16, 0, 1.);

  assert_consistent (s);
  g_assert_cmpfloat_with_epsilon (s->recompute, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (s->period_time, 4., 1e-12);
  g_assert_cmpfloat_with_epsilon (s->simulated_bubble, 3. / 32., 1e-9);
}

/* PP 1 runs forward_backward_no_pipelining: no bubble. */
static void
test_schedule_no_pipeline (void)
{
  g_autoptr(PlannerSchedule) s = schedule (1, 1, 10, 0, 0.);

  assert_consistent (s);
  g_assert_cmpint (s->kind, ==, PLANNER_SCHEDULE_NO_PIPELINE);
  g_assert_cmpfloat (s->bubble_fraction, ==, 0.);
  g_assert_cmpfloat_with_epsilon (s->makespan, 30., 1e-9);
}

/* Where Megatron refuses to start, so does the schedule, with its reason. */
static void
test_schedule_refused (void)
{
  struct { PlannerScheduleParams params; int code; } cases[] = {
    { { 4, 2, 2, 0, 0., FALSE }, PLANNER_SCHEDULE_ERROR_GROUP_SIZE },   /* m < pp */
    { { 4, 2, 8, 3, 0., FALSE }, PLANNER_SCHEDULE_ERROR_GROUP_SIZE },   /* group < pp */
    { { 4, 2, 6, 0, 0., FALSE }, PLANNER_SCHEDULE_ERROR_REMAINDER },    /* 6 % 4 = 2 < 4 */
    { { 1, 2, 8, 0, 0., FALSE }, PLANNER_SCHEDULE_ERROR_INVALID },
    { { 0, 1, 8, 0, 0., FALSE }, PLANNER_SCHEDULE_ERROR_INVALID },
    { { 4, 1, 0, 0, 0., FALSE }, PLANNER_SCHEDULE_ERROR_INVALID },
    { { 4, 1, 8, 0, NAN, FALSE }, PLANNER_SCHEDULE_ERROR_INVALID },
    /* Too large to draw without freezing the window. */
    { { 1024, 1, 100000, 0, 1., FALSE }, PLANNER_SCHEDULE_ERROR_INVALID },
    { { 64, 64, 4096, 0, 0., FALSE }, PLANNER_SCHEDULE_ERROR_INVALID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerSchedule) s = planner_schedule_new (&cases[i].params, &error);

      g_assert_null (s);
      g_assert_error (error, PLANNER_SCHEDULE_ERROR, cases[i].code);
    }
  /* A remainder of at least pp is fine: groups of 8, 12 % 8 = 4. */
  {
    g_autoptr(PlannerSchedule) s = schedule (4, 2, 12, 8, 0.);

    assert_consistent (s);
  }
}

/* --overlap-moe-expert-parallel-comm schedules one more warm-up forward. */
static void
test_schedule_extra_warmup (void)
{
  PlannerScheduleParams params = { 4, 2, 8, 0, 0., TRUE, FALSE };
  g_autoptr(PlannerSchedule) s = planner_schedule_new (&params, NULL);

  g_assert_nonnull (s);
  g_assert_cmpuint (s->warmup[0], ==, 3 * 2 + 4 + 1);
  assert_consistent (s);
}

/* A very long step is simulated with groups taken out of the middle; the
 * totals still describe the real one. */
static void
test_schedule_long (void)
{
  PlannerScheduleParams params = { 8, 1, 200000, 0, 0., FALSE, FALSE };
  g_autoptr(PlannerSchedule) s = planner_schedule_new (&params, NULL);

  g_assert_cmpuint (s->skipped_microbatches, >, 0);
  g_assert_cmpuint (s->simulated_microbatches + s->skipped_microbatches, ==, 200000);
  assert_consistent (s);
  g_assert_cmpfloat_with_epsilon (s->makespan, (200000 + 7) * 3., 1e-6);
  g_assert_cmpfloat_with_epsilon (s->simulated_bubble, 7. / 200000., 1e-9);
  g_assert_cmpuint (planner_schedule_count_cells (s, 0, PLANNER_PASS_FORWARD), ==, 200000);
}

/* Leaving groups out of the middle changes nothing that is drawn: the
 * first and the last cells, and every total, match the full simulation. */
static void
test_schedule_reduced (void)
{
  static const guint32 cases[][5] = {
    /* pp, vpp, m, group, recompute */
    { 16, 8, 512, 0, 0 }, { 4, 1, 100, 0, 1 }, { 4, 2, 100, 8, 0 }, { 8, 3, 96, 0, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PlannerScheduleParams params = { cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4], FALSE, TRUE };
      g_autoptr(PlannerSchedule) full = planner_schedule_new (&params, NULL);
      g_autoptr(PlannerSchedule) reduced = NULL;
      gint64 start;

      params.full = FALSE;
      start = g_get_monotonic_time ();
      reduced = planner_schedule_new (&params, NULL);
      g_test_message ("PP %u VPP %u m %u: %.2f ms simulating %" G_GUINT64_FORMAT " microbatches", cases[i][0],
                      cases[i][1], cases[i][2], (g_get_monotonic_time () - start) / 1000.,
                      reduced->simulated_microbatches);
      g_assert_nonnull (full);
      g_assert_nonnull (reduced);
      g_assert_cmpuint (reduced->skipped_microbatches, >, 0);
      assert_consistent (reduced);
      g_assert_cmpfloat_with_epsilon (reduced->makespan, full->makespan, 1e-6);
      g_assert_cmpfloat_with_epsilon (reduced->simulated_bubble, full->simulated_bubble, 1e-9);
      for (guint32 r = 0; r < full->pp; r++)
        {
          guint64 nf, nr;
          const PlannerScheduleCell *f = cells_of (full, r, &nf);
          const PlannerScheduleCell *c = cells_of (reduced, r, &nr);
          double shift = reduced->skipped_microbatches * reduced->period_time;

          g_assert_cmpuint (reduced->warmup[r], ==, full->warmup[r]);
          /* The head cell for cell, the tail shifted by the groups left out. */
          for (guint64 k = 0; k < nr / 4; k++)
            {
              g_assert_cmpfloat_with_epsilon (c[k].start, f[k].start, 1e-9);
              g_assert_cmpuint (c[k].microbatch, ==, f[k].microbatch);
              g_assert_cmpuint (c[k].pass, ==, f[k].pass);
            }
          for (guint64 k = 1; k <= nr / 4; k++)
            {
              g_assert_cmpfloat_with_epsilon (c[nr - k].start + shift, f[nf - k].start, 1e-6);
              g_assert_cmpuint (c[nr - k].microbatch + reduced->skipped_microbatches, ==, f[nf - k].microbatch);
              g_assert_cmpuint (c[nr - k].chunk, ==, f[nf - k].chunk);
            }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/schedule/1f1b", test_schedule_1f1b);
  g_test_add_func ("/planner/schedule/table", test_schedule_table);
  g_test_add_func ("/planner/schedule/interleaved-bubble", test_schedule_interleaved_bubble);
  g_test_add_func ("/planner/schedule/recompute", test_schedule_recompute);
  g_test_add_func ("/planner/schedule/no-pipeline", test_schedule_no_pipeline);
  g_test_add_func ("/planner/schedule/refused", test_schedule_refused);
  g_test_add_func ("/planner/schedule/extra-warmup", test_schedule_extra_warmup);
  g_test_add_func ("/planner/schedule/long", test_schedule_long);
  g_test_add_func ("/planner/schedule/reduced", test_schedule_reduced);

  return g_test_run ();
}
