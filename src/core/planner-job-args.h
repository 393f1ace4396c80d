/* planner-job-args.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-args.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* The Megatron arguments a job stands for, without the model's dimensions
 * (the catalog adds those): parallel sizes, batch, precision, recompute,
 * data, tokenizer and checkpoint paths exactly as the user typed them. */
PlannerArgs *planner_job_to_args (PlannerJob *job);

G_END_DECLS
