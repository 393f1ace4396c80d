/* planner-job-args.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-args.h"
/* Job values are written as flags in this format; its callers had it from here. */
#include "planner-format-double.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* The Megatron arguments a job stands for, without a catalog model's
 * dimensions (the catalog adds those; a custom architecture's are
 * written): parallel sizes, batch, precision, recompute, hyperparameters,
 * MoE routing (for a MoE model), data, tokenizer and checkpoint paths
 * exactly as the user typed them, then the arguments the recommendation
 * added, and last the job's extra arguments.  Extra or recommended
 * arguments that fail their parse below are left out. */
PlannerArgs *planner_job_to_args          (PlannerJob         *job);

/* TRUE when the job's sequence is longer than its catalogue model's
 * --max-position-embeddings and the model has rotary positions: the job's
 * arguments then raise the bound to the sequence length. */
gboolean     planner_job_max_position_raised (PlannerJob       *job);

/* The inverse of planner_job_to_args: sets the job's fields from Megatron
 * arguments (as an imported script gives them).  The model is recognised
 * when the arguments hold exactly a catalog model's dimensions.  Arguments
 * no field holds are kept verbatim in "extra-args", so nothing the user
 * wrote is lost.  Fails, changing nothing, when a value cannot be held
 * (naming the flag).  nodes, gpus-per-node and gpu-id are not Megatron
 * arguments: the caller sets them (from the import's launcher). */
gboolean     planner_job_update_from_args (PlannerJob         *job,
                                           const PlannerArgs  *args,
                                           GError            **error);

/* The job's "extra-args" as Megatron arguments, read by the importer's
 * reader and judged by its rules.  An empty field gives an empty set.
 * Fails, with the reason naming advanced.extra_args: anything but words
 * (redirections, operators, variables, substitutions, comments, "~",
 * patterns), words that are not Megatron flags (unknown, removed, missing
 * values, a launcher), a path that is relative, a placeholder or has a
 * control character, and a flag the job's own fields already set (the
 * message names that field). */
PlannerArgs *planner_job_parse_extra_args (PlannerJob         *job,
                                           GError            **error);
/* The same, the reasons naming the fields in @words (NULL: job keys). */
PlannerArgs *planner_job_parse_extra_args_in (PlannerJob          *job,
                                              const PlannerWords  *words,
                                              GError             **error);

/* The job's "recommended-args" (what Use Recommended added that no
 * field holds), read by the same reader and rules as the extra arguments,
 * its reasons naming advanced.recommended_args.  A flag the person's
 * extra arguments also give is left out: theirs wins.  A flag the job's
 * own fields set is an error. */
PlannerArgs *planner_job_parse_recommended_args (PlannerJob       *job,
                                                 GError          **error);
PlannerArgs *planner_job_parse_recommended_args_in (PlannerJob          *job,
                                                    const PlannerWords  *words,
                                                    GError             **error);

/* The words that write @dest back out: the flag as written, then its
 * values (none for a switch).  Appended to @words (char*, owned). */
void         planner_args_append_words    (const PlannerArgs  *args,
                                           const char         *dest,
                                           GPtrArray          *words);

/* The FP8 recipe a job gets on @gpu_id when it leaves the choice to the
 * planner: mxfp8 on Blackwell (compute capability 10+), else delayed. */
const char  *planner_job_auto_fp8_recipe  (const char         *gpu_id);

G_END_DECLS
