/* planner-log-args.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-job.h"
#include "planner-log.h"

G_BEGIN_DECLS

/* The job a run was: from the argument block Megatron printed at start.
 * The block holds every argument after validate_args, defaults included;
 * what becomes a Megatron argument is each value that differs from the
 * 0.20.0 parser's default, written with the flag that stores it.  Values
 * Megatron derives itself (the encoder copies of num_layers and
 * seq_length, the evaluation batch, the padded vocabulary, …) are left
 * to it again. */

/* NULL when the log holds no argument block. */
PlannerArgs *planner_log_record_to_args       (const PlannerLogRecord *record);

/* From "using world size" or the block's world_size; 0 unknown. */
guint64      planner_log_record_get_world_size (const PlannerLogRecord *record);
/* The padded vocabulary Megatron printed (it comes from the tokenizer,
 * which the log does not hold); 0 unknown. */
guint64      planner_log_record_get_vocab_size (const PlannerLogRecord *record);

/* What the log says of the cluster, for a face that decides the job's
 * GPU and node size itself.  GPUs per node from torchrun's "[defaultN]:"
 * prefixes (they number the ranks of one node) when they divide the world
 * size; 0 when the log does not show it. */
guint        planner_log_record_get_gpus_per_node (const PlannerLogRecord *record);
/* The device capacity PyTorch gave in the log's first out-of-memory
 * message, in bytes; 0 when there is none. */
double       planner_log_record_get_gpu_capacity (const PlannerLogRecord *record);
/* A catalog GPU whose memory is within 5% of @capacity_bytes: @preferred_id
 * when it is one, else the first in the catalog; NULL when none is. */
const char  *planner_log_match_gpu            (double                  capacity_bytes,
                                               const char             *preferred_id);

/* A new job from the log's arguments, as planner_job_update_from_args
 * reads an imported script.  The log does not say which GPU the run had
 * nor how many per node: @gpu_id and @gpus_per_node when given (NULL, 0
 * otherwise), else an assumption, each said in a sentence appended to
 * @assumptions (char*).  Fails naming what is missing when the log holds
 * no argument block or no world size. */
PlannerJob  *planner_log_record_to_job        (const PlannerLogRecord *record,
                                               const char             *gpu_id,
                                               guint                   gpus_per_node,
                                               GPtrArray              *assumptions,
                                               GError                **error);

G_END_DECLS
