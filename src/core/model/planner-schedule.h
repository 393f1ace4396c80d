/* planner-schedule.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-config.h"

G_BEGIN_DECLS

/* The pipeline schedule Megatron-Core 0.20 runs for one training step
 * (megatron/core/pipeline_parallel/schedules.py): the order of forward
 * and backward passes on every pipeline rank, as Megatron issues them,
 * and when each one runs if every pass takes its nominal time and
 * point-to-point transfers are free.
 *
 * Time is relative, never seconds: one unit is one microbatch's forward
 * through one whole pipeline stage (all of its virtual chunks).  A chunk
 * forward takes 1/v, a backward 2/v (the usual 2:1), and with full
 * activation recompute a recompute forward runs before each backward. */

typedef enum
{
  PLANNER_PASS_FORWARD = 0,
  PLANNER_PASS_BACKWARD,
  PLANNER_PASS_RECOMPUTE,   /* the forward that full recompute does again */
  PLANNER_N_PASSES
} PlannerPass;

typedef enum
{
  PLANNER_PHASE_WARMUP = 0,   /* forwards only, filling the pipeline */
  PLANNER_PHASE_STEADY,       /* one forward, one backward */
  PLANNER_PHASE_COOLDOWN,     /* backwards only, draining it */
  PLANNER_N_PHASES
} PlannerPhase;

typedef enum
{
  PLANNER_SCHEDULE_NO_PIPELINE = 0,  /* pp 1: forward_backward_no_pipelining */
  PLANNER_SCHEDULE_1F1B,             /* forward_backward_pipelining_without_interleaving */
  PLANNER_SCHEDULE_INTERLEAVED,      /* forward_backward_pipelining_with_interleaving (VPP) */
} PlannerScheduleKind;

typedef struct
{
  double  start;
  double  end;
  guint32 microbatch;
  guint16 chunk;        /* model chunk on this rank (virtual stage chunk·pp + rank) */
  guint8  pass;         /* PlannerPass */
  guint8  phase;        /* PlannerPhase */
} PlannerScheduleCell;

typedef struct
{
  guint32  pp;
  guint32  vpp;                 /* 0 or 1: no interleaving */
  guint64  num_microbatches;
  guint32  group_size;          /* --microbatch-group-size-per-virtual-pipeline-stage; 0: pp */
  double   recompute_fraction;  /* of a forward done again before each backward: 1 for full recompute */
  gboolean extra_warmup;        /* --overlap-moe-expert-parallel-comm: one more warm-up forward */
  gboolean full;                /* simulate every microbatch, however many (the tests compare) */
  /* The split of the layers over the (virtual) stages, read with
   * planner_memory_chunk_layers(), as the memory estimate reads it: a
   * pass takes time in proportion to its chunk's layers.  NULL: every
   * chunk alike. */
  const PlannerConfig *split;
} PlannerScheduleParams;

typedef struct
{
  PlannerScheduleKind  kind;
  guint32              pp;
  guint32              vpp;                 /* ≥ 1 */
  guint64              num_microbatches;    /* of the real step */
  guint32              group_size;          /* microbatches per group (interleaved) */
  double               forward;             /* duration of one chunk's forward, an average chunk */
  double               backward;
  double               recompute;           /* 0 without recompute */
  /* Each virtual stage k's (chunk k / pp of rank k % pp) pass durations:
   * the above scaled by its layers against an average stage's. */
  double              *chunk_forward;       /* pp × vpp entries */
  double              *chunk_backward;
  double              *chunk_recompute;
  gboolean             uneven;              /* the chunks' layers differ */
  guint32              fewest_layers;       /* a stage's layers, least and most (0, 0: no split given) */
  guint32              most_layers;
  /* The cells, rank after rank, each rank's in the order Megatron runs
   * them; rank r owns cells[rank_start[r] … rank_start[r+1]). */
  PlannerScheduleCell *cells;
  guint64             *rank_start;          /* pp + 1 entries */
  guint32             *warmup;              /* forwards in each rank's warm-up */
  double               makespan;            /* end of the last backward */
  double               busy;                /* compute time of the busiest rank */
  double               least_busy;          /* and of the least busy: equal unless uneven */
  double               bubble_fraction;     /* (p−1)/(v·m): Megatron's formula */
  double               simulated_bubble;    /* idle ÷ busy of the simulated timeline, busiest rank */
  /* Long steps are simulated with fewer microbatches: whole groups are
   * taken out of the middle, where every rank repeats the same steady
   * pattern (the pictures leave that part out anyway).  Then the cells
   * hold simulated_microbatches, and the real step has
   * skipped_microbatches more, each adding period_time to every rank. */
  guint64              simulated_microbatches;
  guint64              skipped_microbatches;
  double               period_time;         /* busy time one microbatch adds to the busiest rank */
} PlannerSchedule;

#define PLANNER_SCHEDULE_ERROR (planner_schedule_error_quark ())

typedef enum
{
  PLANNER_SCHEDULE_ERROR_INVALID,      /* zero or absurd sizes */
  PLANNER_SCHEDULE_ERROR_GROUP_SIZE,   /* Megatron's ValueError: group size outside [pp, m] */
  PLANNER_SCHEDULE_ERROR_REMAINDER,    /* Megatron's RuntimeError: a short last group */
} PlannerScheduleError;

GQuark           planner_schedule_error_quark     (void);

/* Fails, with Megatron's reason, where Megatron would refuse to run. */
PlannerSchedule *planner_schedule_new             (const PlannerScheduleParams *params,
                                                   GError                     **error);
/* The parameters of a resolved configuration; @args (may be NULL) gives
 * the flags the configuration does not hold. */
void             planner_schedule_params_init     (PlannerScheduleParams       *params,
                                                   const PlannerConfig         *config,
                                                   const PlannerArgs           *args);
void             planner_schedule_free            (PlannerSchedule             *schedule);

/* Cells of one rank in the real step (not only the simulated one). */
guint64          planner_schedule_count_cells     (const PlannerSchedule       *schedule,
                                                   guint32                      rank,
                                                   PlannerPass                  pass);
const char      *planner_schedule_kind_to_string  (PlannerScheduleKind          kind);
const char      *planner_pass_to_string           (PlannerPass                  pass);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerSchedule, planner_schedule_free)

G_END_DECLS
