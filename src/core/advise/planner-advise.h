/* planner-advise.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-advise-input.h"
#include "planner-job.h"
#include "planner-plan.h"

G_BEGIN_DECLS

/* Throughput plans (optimize) and troubleshooting (one symptom) for one
 * job, as exact flag changes of Megatron-Core 0.20.0 with their reasons.
 *
 * Every suggestion is checked before it is offered: its flags exist in
 * the 0.20.0 catalog and are not dead, the job after the change gets no
 * validator error it did not have, FP8 appears only on GPUs that have it
 * and TP never leaves the GPU's NVLink domain.  What was considered and
 * refused is listed in plan->rejected.  Nothing estimates training time
 * or cost: effects are relative speed, MFU ranges, memory and the
 * pipeline bubble. */

PlannerPlan *planner_advise_optimize      (const PlannerAdviseInput *input,
                                           GError                  **error);
PlannerPlan *planner_advise_troubleshoot  (const PlannerAdviseInput *input,
                                           PlannerSymptom            symptom,
                                           GError                  **error);

/* The same for a job: its arguments with the catalog model and GPU.
 * @symptom NONE asks for an optimization plan. */
PlannerPlan *planner_advise_job           (PlannerJob               *job,
                                           PlannerSymptom            symptom,
                                           double                    mfu,
                                           double                    iteration_time,
                                           double                    tflops_per_gpu,
                                           GError                  **error);

/* A new job with the plan applied (every suggestion of a cumulative plan,
 * or suggestion @index alone, G_MAXUINT for all); @job is not touched.
 * Environment changes are not part of a job: the script writer sets
 * what Megatron needs. */
PlannerJob  *planner_advise_apply_to_job  (const PlannerPlan        *plan,
                                           PlannerJob               *job,
                                           guint                     index,
                                           GError                  **error);

G_END_DECLS
