/* planner-recommend-job.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-args.h"
#include "planner-job.h"
#include "planner-recommend.h"

G_BEGIN_DECLS

/* The recommendation a job asks for: its model however the job names it
 * (a catalog id, a size, or a custom architecture by its dimensions), its
 * GPU type and count, GPUs per node, sequence length, global batch and
 * precision (with its FP8 recipe).  These are the job's inputs, so they
 * are fixed; the layout, micro-batch and recompute are what the search
 * chooses.  For a custom architecture *model_args receives the model's
 * Megatron arguments, which request->model_args points to (the caller
 * frees them after the request); strings are interned.  FALSE with an
 * error naming the job field and the fix when the job names no model or a
 * precision recommend does not plan (fp32; fp16 where the GPU has BF16). */
gboolean planner_recommend_request_from_job (PlannerJob               *job,
                                             PlannerRecommendRequest  *request,
                                             PlannerArgs             **model_args,
                                             GError                  **error);
/* The same, its errors (and the request's, planner_recommend) made in
 * @words: NULL is the job's keys, as above; the window passes its own. */
gboolean planner_recommend_request_from_job_in (PlannerJob               *job,
                                                const PlannerWords       *words,
                                                PlannerRecommendRequest  *request,
                                                PlannerArgs             **model_args,
                                                GError                  **error);

/* A copy of @job set to candidate @c of @recommendation (the best when
 * NULL): the degrees, micro-batch, global batch, recompute (with its
 * modules or block), distributed optimizer or Megatron-FSDP, sequence
 * parallel, and every overlap and dispatcher the step model credited
 * (--tp-comm-overlap, --overlap-moe-expert-parallel-comm, the flex
 * dispatcher with HybridEP, --moe-shared-expert-overlap, --fp8-param-
 * gather), so the job's script proposes them; the layer split is the
 * job's Pipeline Split.  What the search counted on and no field holds
 * (the flex backend, the shared-expert overlap, …) goes into the job's
 * recommended arguments, replacing an earlier recommendation's; the
 * person's extra arguments are left as they were (only split flags an
 * older job kept there go, the split replaces them).  What the job fixed
 * and everything else it says stay as they were. */
PlannerJob *planner_recommendation_to_job   (const PlannerRecommendation     *recommendation,
                                             const PlannerRecommendCandidate *c,
                                             PlannerJob                      *job);

G_END_DECLS
