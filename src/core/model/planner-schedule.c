/* planner-schedule.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-schedule"

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-memory.h"
#include "planner-schedule.h"

G_DEFINE_QUARK (planner-schedule-error-quark, planner_schedule_error)

/* The most cells simulated: about a third of a second at -O0 on the
 * slowest machine here, so that an absurd PP typed in the window never
 * freezes it.  PP 256 with every microbatch group still fits. */
#define MAX_CELLS (1u << 20)
#define MAX_PP 1024
#define MAX_VPP 1024

/* One pass as a rank issues it. */
typedef struct
{
  guint32 microbatch;
  guint16 chunk;
  guint8  backward;
  guint8  phase;
} Op;

/* Megatron's get_schedule_table: microbatches go through the chunks in
 * groups of group_size; the last group takes whatever is left. */
static void
schedule_table (guint64  m,
                guint32  v,
                guint32  group,
                guint32 *microbatch,
                guint16 *chunk)
{
  guint64 k = 0;

  for (guint64 first = 0; first < m; first += group)
    {
      guint64 last = first + group >= m ? m : first + group;

      for (guint32 c = 0; c < v; c++)
        for (guint64 mb = first; mb < last; mb++)
          {
            microbatch[k] = (guint32) mb;
            chunk[k] = (guint16) c;
            k++;
          }
    }
}

/* The order one rank issues its passes in: get_pp_rank_microbatches
 * for the warm-up, then one forward and one backward at a time, then
 * the backwards left. */
static guint64
rank_order (const PlannerSchedule *s,
            guint32                rank,
            gboolean               extra_warmup,
            const guint32         *table_microbatch,
            const guint16         *table_chunk,
            Op                    *ops)
{
  guint64 total = s->simulated_microbatches * s->vpp;
  guint64 warmup, steady, n = 0;

  if (s->kind == PLANNER_SCHEDULE_INTERLEAVED)
    {
      warmup = (guint64) (s->pp - rank - 1) * 2 + (guint64) (s->vpp - 1) * s->group_size;
      if (extra_warmup)
        warmup++;
    }
  else if (s->kind == PLANNER_SCHEDULE_1F1B)
    warmup = s->pp - rank - 1;
  else
    warmup = 0;
  warmup = MIN (warmup, total);
  steady = total - warmup;

#define FORWARD(k, ph)  G_STMT_START { ops[n].microbatch = table_microbatch[k]; ops[n].chunk = table_chunk[k]; \
                                       ops[n].backward = FALSE; ops[n].phase = (ph); n++; } G_STMT_END
  /* A backward runs the chunks in reverse: its k-th is the k-th forward's
   * microbatch on chunk v − 1 − chunk. */
#define BACKWARD(k, ph) G_STMT_START { ops[n].microbatch = table_microbatch[k]; \
                                       ops[n].chunk = (guint16) (s->vpp - 1 - table_chunk[k]); \
                                       ops[n].backward = TRUE; ops[n].phase = (ph); n++; } G_STMT_END
  for (guint64 k = 0; k < warmup; k++)
    FORWARD (k, PLANNER_PHASE_WARMUP);
  for (guint64 k = 0; k < steady; k++)
    {
      FORWARD (warmup + k, PLANNER_PHASE_STEADY);
      BACKWARD (k, PLANNER_PHASE_STEADY);
    }
  for (guint64 k = steady; k < total; k++)
    BACKWARD (k, PLANNER_PHASE_COOLDOWN);
#undef FORWARD
#undef BACKWARD

  s->warmup[rank] = (guint32) warmup;
  return n;
}

static gboolean
check_params (const PlannerScheduleParams *params,
              GError                     **error)
{
  guint32 vpp = MAX (params->vpp, 1);
  guint32 group = params->group_size ? params->group_size : params->pp;
  guint64 remainder;

  if (params->pp == 0 || params->pp > MAX_PP || vpp > MAX_VPP || params->num_microbatches == 0 ||
      params->num_microbatches > G_MAXUINT32 || !(params->recompute_fraction >= 0.) ||
      params->recompute_fraction > 1.)
    {
      g_set_error (error, PLANNER_SCHEDULE_ERROR, PLANNER_SCHEDULE_ERROR_INVALID,
                   "No schedule for PP %u, VPP %u and %" G_GUINT64_FORMAT " microbatches",
                   params->pp, vpp, params->num_microbatches);
      return FALSE;
    }
  if (vpp == 1)
    return TRUE;
  if (params->pp == 1)
    {
      g_set_error_literal (error, PLANNER_SCHEDULE_ERROR, PLANNER_SCHEDULE_ERROR_INVALID,
                           "The interleaved schedule needs PP > 1");
      return FALSE;
    }
  /* forward_backward_pipelining_with_interleaving, before the first step. */
  if (group > params->num_microbatches || group < params->pp)
    {
      g_set_error (error, PLANNER_SCHEDULE_ERROR, PLANNER_SCHEDULE_ERROR_GROUP_SIZE,
                   "The interleaved schedule runs microbatches in groups of %u, which must lie between "
                   "PP (%u) and the number of microbatches (%" G_GUINT64_FORMAT "): Megatron stops with "
                   "a ValueError. Raise the global batch size or lower the data-parallel size",
                   group, params->pp, params->num_microbatches);
      return FALSE;
    }
  remainder = params->num_microbatches % group;
  if (remainder > 0 && remainder < params->pp)
    {
      g_set_error (error, PLANNER_SCHEDULE_ERROR, PLANNER_SCHEDULE_ERROR_REMAINDER,
                   "%" G_GUINT64_FORMAT " microbatches leave a last group of %" G_GUINT64_FORMAT
                   ", fewer than PP (%u): Megatron stops with a RuntimeError. Make the number of "
                   "microbatches a multiple of %u",
                   params->num_microbatches, remainder, params->pp, group);
      return FALSE;
    }
  return TRUE;
}

/* When each pass ends if it starts as soon as its rank is free and its
 * input is there: the previous (virtual) stage's forward, the next
 * (virtual) stage's backward.  Transfers take no time. */
static gboolean
simulate (PlannerSchedule  *s,
          Op              **ops,
          const guint64    *n_ops,
          GError          **error)
{
  guint32 p = s->pp, v = s->vpp;
  guint64 m = s->simulated_microbatches;
  gsize n_slots = (gsize) p * v * m;
  g_autofree double *fdone = g_new (double, n_slots);
  g_autofree double *bdone = g_new (double, n_slots);
  g_autofree guint64 *next = g_new0 (guint64, p);
  g_autofree guint64 *fill = g_new0 (guint64, p);
  g_autofree double *free_at = g_new0 (double, p);
  guint64 left = 0;

  for (gsize i = 0; i < n_slots; i++)
    fdone[i] = bdone[i] = -1.;
  for (guint32 r = 0; r < p; r++)
    {
      left += n_ops[r];
      fill[r] = s->rank_start[r];
    }

#define SLOT(r, c, mb) (((gsize) (r) * v + (c)) * m + (mb))
#define CHUNK(r, c) ((gsize) (c) * p + (r))
  while (left > 0)
    {
      gboolean progress = FALSE;

      for (guint32 r = 0; r < p; r++)
        {
          while (next[r] < n_ops[r])
            {
              const Op *op = &ops[r][next[r]];
              double ready, start;
              PlannerScheduleCell *cell;

              if (!op->backward)
                {
                  if (r > 0)
                    ready = fdone[SLOT (r - 1, op->chunk, op->microbatch)];
                  else if (op->chunk > 0)
                    ready = fdone[SLOT (p - 1, op->chunk - 1, op->microbatch)];
                  else
                    ready = 0.;
                }
              else
                {
                  if (r + 1 < p)
                    ready = bdone[SLOT (r + 1, op->chunk, op->microbatch)];
                  else if (op->chunk + 1u < v)
                    ready = bdone[SLOT (0, op->chunk + 1, op->microbatch)];
                  else
                    ready = fdone[SLOT (r, op->chunk, op->microbatch)];
                }
              if (ready < 0.)
                break;

              start = MAX (free_at[r], ready);
              if (op->backward && s->recompute > 0.)
                {
                  cell = &s->cells[fill[r]++];
                  cell->start = start;
                  cell->end = start + s->chunk_recompute[CHUNK (r, op->chunk)];
                  cell->microbatch = op->microbatch;
                  cell->chunk = op->chunk;
                  cell->pass = PLANNER_PASS_RECOMPUTE;
                  cell->phase = op->phase;
                  start = cell->end;
                }
              cell = &s->cells[fill[r]++];
              cell->start = start;
              cell->end = start + (op->backward ? s->chunk_backward : s->chunk_forward)[CHUNK (r, op->chunk)];
              cell->microbatch = op->microbatch;
              cell->chunk = op->chunk;
              cell->pass = op->backward ? PLANNER_PASS_BACKWARD : PLANNER_PASS_FORWARD;
              cell->phase = op->phase;
              if (op->backward)
                bdone[SLOT (r, op->chunk, op->microbatch)] = cell->end;
              else
                fdone[SLOT (r, op->chunk, op->microbatch)] = cell->end;
              free_at[r] = cell->end;
              next[r]++;
              left--;
              progress = TRUE;
            }
        }
      /* Megatron's order never waits on itself; a stall would be a bug here. */
      if (!progress)
        {
          g_set_error_literal (error, PLANNER_SCHEDULE_ERROR, PLANNER_SCHEDULE_ERROR_INVALID,
                               "The pipeline schedule does not complete");
          return FALSE;
        }
    }
#undef SLOT
#undef CHUNK

  s->makespan = 0.;
  for (guint32 r = 0; r < p; r++)
    s->makespan = MAX (s->makespan, free_at[r]);
  return TRUE;
}

/* Busy time one microbatch adds to rank @r: all its chunks' passes. */
static double
rank_period (const PlannerSchedule *s,
             guint32                r)
{
  double t = 0.;

  for (guint32 c = 0; c < s->vpp; c++)
    {
      gsize k = (gsize) c * s->pp + r;

      t += s->chunk_forward[k] + s->chunk_backward[k] + s->chunk_recompute[k];
    }
  return t;
}

static double
least_period (const PlannerSchedule *s)
{
  double t = G_MAXDOUBLE;

  for (guint32 r = 0; r < s->pp; r++)
    t = MIN (t, rank_period (s, r));
  return t;
}

/* Each chunk's passes: the nominal ones scaled by its layers against an
 * average chunk's, so an even split keeps exactly 1/v and 2/v.  Block
 * recompute does its first recompute_num_layers again, whatever the
 * chunk holds. */
static void
chunk_durations (PlannerSchedule             *s,
                 const PlannerScheduleParams *params)
{
  gsize n = (gsize) s->pp * s->vpp;
  const PlannerConfig *c = params->split;
  gboolean block = FALSE;

  s->chunk_forward = g_new (double, n);
  s->chunk_backward = g_new (double, n);
  s->chunk_recompute = g_new (double, n);
  if (c != NULL && c->num_layers > 0)
    block = c->recompute == PLANNER_RECOMPUTE_FULL && c->recompute_method == PLANNER_RECOMPUTE_METHOD_BLOCK;
  for (gsize k = 0; k < n; k++)
    {
      double scale = 1.;

      if (c != NULL && c->num_layers > 0)
        {
          guint32 layers = planner_memory_chunk_layers (c, (guint32) k);

          scale = (double) layers * s->pp * s->vpp / c->num_layers;
          if (layers != planner_memory_chunk_layers (c, 0))
            s->uneven = TRUE;
          s->chunk_recompute[k] = params->recompute_fraction <= 0. ? 0.
                                  : block ? (double) MIN (c->recompute_num_layers, layers) * s->pp / c->num_layers
                                          : s->recompute * scale;
        }
      else
        s->chunk_recompute[k] = s->recompute;
      s->chunk_forward[k] = s->forward * scale;
      if (c != NULL && k < s->pp)
        {
          guint32 layers = planner_memory_stage_layers (c, (guint32) k);

          s->fewest_layers = k == 0 ? layers : MIN (s->fewest_layers, layers);
          s->most_layers = MAX (s->most_layers, layers);
        }
      s->chunk_backward[k] = s->backward * scale;
    }
  if (!s->uneven)
    {
      /* The nominal values themselves, to the last bit. */
      for (gsize k = 0; k < n; k++)
        {
          s->chunk_forward[k] = s->forward;
          s->chunk_backward[k] = s->backward;
          s->chunk_recompute[k] = s->recompute;
        }
      s->period_time = (s->forward + s->backward + s->recompute) * s->vpp;
      return;
    }
  s->period_time = 0.;
  for (guint32 r = 0; r < s->pp; r++)
    s->period_time = MAX (s->period_time, rank_period (s, r));
}

PlannerSchedule *
planner_schedule_new (const PlannerScheduleParams *params,
                      GError                     **error)
{
  g_autoptr(PlannerSchedule) s = NULL;
  g_autofree guint32 *table_microbatch = NULL;
  g_autofree guint16 *table_chunk = NULL;
  g_autofree guint64 *n_ops = NULL;
  Op **ops;
  guint64 m, per_rank, keep;
  guint passes;
  gboolean ok;

  g_return_val_if_fail (params != NULL, NULL);

  if (!check_params (params, error))
    return NULL;

  s = g_new0 (PlannerSchedule, 1);
  s->pp = params->pp;
  s->vpp = MAX (params->vpp, 1);
  s->num_microbatches = params->num_microbatches;
  s->kind = s->pp == 1 ? PLANNER_SCHEDULE_NO_PIPELINE
            : s->vpp > 1 ? PLANNER_SCHEDULE_INTERLEAVED : PLANNER_SCHEDULE_1F1B;
  s->group_size = s->kind == PLANNER_SCHEDULE_INTERLEAVED
                  ? (params->group_size ? params->group_size : s->pp) : 1;
  s->forward = 1. / s->vpp;
  s->backward = 2. / s->vpp;
  s->recompute = params->recompute_fraction / s->vpp;
  chunk_durations (s, params);
  s->bubble_fraction = (double) (s->pp - 1) / ((double) s->vpp * (double) s->num_microbatches);
  passes = s->recompute > 0. ? 3 : 2;

  /* Take whole groups out of the middle of a long step: every rank is in
   * its steady state there and each group repeats the one before.  What
   * is kept covers every rank's warm-up and cool-down with room to spare. */
  m = s->num_microbatches;
  keep = MAX (MAX (4 * (guint64) s->group_size, 2 * (guint64) s->pp + 8), 32);
  if (!params->full && m > 2 * keep)
    {
      guint64 unit = MAX (s->group_size, 1);
      guint64 groups_out = (m - keep) / unit;

      m -= groups_out * unit;
      s->skipped_microbatches = groups_out * unit;
    }
  if ((guint64) s->pp * s->vpp * m * passes > MAX_CELLS)
    {
      g_set_error (error, PLANNER_SCHEDULE_ERROR, PLANNER_SCHEDULE_ERROR_INVALID,
                   "PP %u with VPP %u and %" G_GUINT64_FORMAT " microbatches is too large a schedule to draw; "
                   "the bubble is still (p − 1)/(v·m) = %.3g %%", s->pp, s->vpp, s->num_microbatches,
                   100. * s->bubble_fraction);
      return NULL;
    }
  s->simulated_microbatches = m;

  per_rank = m * s->vpp;
  table_microbatch = g_new (guint32, per_rank);
  table_chunk = g_new (guint16, per_rank);
  schedule_table (m, s->vpp, s->kind == PLANNER_SCHEDULE_INTERLEAVED ? s->group_size : 1,
                  table_microbatch, table_chunk);

  s->rank_start = g_new (guint64, s->pp + 1);
  s->warmup = g_new0 (guint32, s->pp);
  s->cells = g_new (PlannerScheduleCell, (gsize) s->pp * per_rank * passes);
  n_ops = g_new (guint64, s->pp);
  ops = g_new (Op *, s->pp);
  for (guint32 r = 0; r < s->pp; r++)
    {
      s->rank_start[r] = (guint64) r * per_rank * passes;
      ops[r] = g_new (Op, 2 * per_rank);
      n_ops[r] = rank_order (s, r, params->extra_warmup, table_microbatch, table_chunk, ops[r]);
    }
  s->rank_start[s->pp] = (guint64) s->pp * per_rank * passes;

  ok = simulate (s, ops, n_ops, error);
  for (guint32 r = 0; r < s->pp; r++)
    g_free (ops[r]);
  g_free (ops);
  if (!ok)
    return NULL;

  s->busy = (double) s->num_microbatches * s->period_time;
  s->least_busy = s->uneven ? (double) s->num_microbatches * least_period (s) : s->busy;
  s->makespan += (double) s->skipped_microbatches * s->period_time;
  s->simulated_bubble = (s->makespan - s->busy) / s->busy;
  return g_steal_pointer (&s);
}

void
planner_schedule_params_init (PlannerScheduleParams *params,
                              const PlannerConfig   *config,
                              const PlannerArgs     *args)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (config != NULL);

  memset (params, 0, sizeof *params);
  params->pp = config->layout.pp;
  params->vpp = MAX (config->layout.vpp, 1);
  params->num_microbatches = config->num_microbatches;
  params->split = config;
  if (args != NULL)
    {
      gint64 group = planner_args_get_int (args, "microbatch_group_size_per_vp_stage", 0);

      params->group_size = group > 0 && group <= G_MAXUINT32 ? (guint32) group : 0;
      params->extra_warmup = planner_args_get_bool (args, "overlap_moe_expert_parallel_comm", FALSE);
    }
  if (config->recompute == PLANNER_RECOMPUTE_FULL)
    {
      /* Uniform recomputes every layer; block only the first
       * recompute_num_layers of each virtual chunk. */
      params->recompute_fraction = 1.;
      if (config->recompute_method == PLANNER_RECOMPUTE_METHOD_BLOCK && config->layout.pp > 0)
        {
          double per_chunk = (double) config->num_layers / config->layout.pp / MAX (config->layout.vpp, 1);

          if (per_chunk > 0. && config->recompute_num_layers < per_chunk)
            params->recompute_fraction = config->recompute_num_layers / per_chunk;
        }
    }
}

void
planner_schedule_free (PlannerSchedule *schedule)
{
  if (schedule == NULL)
    return;
  g_free (schedule->cells);
  g_free (schedule->chunk_forward);
  g_free (schedule->chunk_backward);
  g_free (schedule->chunk_recompute);
  g_free (schedule->rank_start);
  g_free (schedule->warmup);
  g_free (schedule);
}

guint64
planner_schedule_count_cells (const PlannerSchedule *schedule,
                              guint32                rank,
                              PlannerPass            pass)
{
  g_return_val_if_fail (schedule != NULL, 0);
  g_return_val_if_fail (rank < schedule->pp, 0);

  if (pass == PLANNER_PASS_RECOMPUTE && schedule->recompute <= 0.)
    return 0;
  return schedule->num_microbatches * schedule->vpp;
}

const char *
planner_schedule_kind_to_string (PlannerScheduleKind kind)
{
  switch (kind)
    {
    case PLANNER_SCHEDULE_NO_PIPELINE: return "no pipeline";
    case PLANNER_SCHEDULE_1F1B: return "1F1B";
    case PLANNER_SCHEDULE_INTERLEAVED: return "interleaved 1F1B";
    default: return NULL;
    }
}

const char *
planner_pass_to_string (PlannerPass pass)
{
  switch (pass)
    {
    case PLANNER_PASS_FORWARD: return "forward";
    case PLANNER_PASS_BACKWARD: return "backward";
    case PLANNER_PASS_RECOMPUTE: return "recompute";
    case PLANNER_N_PASSES:
    default: return NULL;
    }
}
