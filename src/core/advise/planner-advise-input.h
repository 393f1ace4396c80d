/* planner-advise-input.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* What an optimization or troubleshooting plan starts from: Megatron's
 * arguments, the cluster, and at most one figure the user measured. */
typedef struct
{
  const PlannerArgs *args;           /* Megatron's arguments, as given */
  GHashTable        *env;            /* exported variables; NULL = unknown */
  guint64            world_size;     /* required */
  guint              gpus_per_node;  /* 0 = unknown (one node) */
  const char        *gpu_id;         /* catalog id; NULL = unknown GPU */
  const char        *model_id;       /* catalog model filling in dimensions; may be NULL */
  guint64            vocab_size;     /* 0 = from the arguments or the model */
  /* What the user measured (at most one; 0 = not given) */
  double             mfu;            /* 0..1, or a percentage 1..100 */
  double             iteration_time; /* seconds per iteration */
  double             tflops_per_gpu; /* Megatron's logged TFLOP/s/GPU */
  /* Added with issue 20 */
  const char        *megatron_version; /* the release the cluster runs; NULL = the default */
  /* Added with issue 23 #11: what a log showed of the failure */
  gboolean           before_first_step; /* it failed before any activation was held */
} PlannerAdviseInput;

#define PLANNER_ADVISE_ERROR (planner_advise_error_quark ())

typedef enum
{
  PLANNER_ADVISE_ERROR_INVALID,   /* bad input: names the field */
} PlannerAdviseError;

GQuark       planner_advise_error_quark      (void);

/* Refuses input no plan can start from: no arguments, a world size
 * outside 1..PLANNER_MAX_WORLD_SIZE, a measured figure that is negative
 * or not finite, or more than one measured figure. */
gboolean     planner_advise_input_check      (const PlannerAdviseInput *input,
                                              GError                  **error);

/* Fills @input from @job: its Megatron arguments (returned in @args, which
 * @input points into and the caller frees), world, node size, GPU and
 * model.  The measured figures are left at 0. */
void         planner_advise_input_init_from_job (PlannerAdviseInput    *input,
                                                 PlannerJob            *job,
                                                 PlannerArgs          **args);

/* The variables the job's own script exports (planner_draft_env for
 * @input's arguments, GPU and release), so a plan never proposes one it
 * already sets; NULL when the GPU is unknown (then nothing is known of
 * the environment). */
GHashTable  *planner_advise_input_job_env    (const PlannerAdviseInput *input);

G_END_DECLS
