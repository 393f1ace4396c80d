/* planner-script-memcheck.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-job.h"
#include "planner-script-common.h"

G_BEGIN_DECLS

/* A single-GPU memory check of @job, as a draft for review: for each of
 * the pipeline stages in @stages (NULL or empty: the most loaded stage and
 * the last one), one process plays a rank of that stage in the full job
 * with Megatron-Core 0.20's --fake-process-group (communication skipped),
 * mock data and 3 iterations, logging its memory each iteration; beside
 * each run the draft prints the planner's estimate for that stage.
 *
 * Refused (PLANNER_SCRIPT_ERROR_*) when Megatron-Core would reject the
 * job's model or parallel flags, when --fake-process-group cannot run the
 * job (the flex token dispatcher), when the model has no memory estimate,
 * or when a stage does not exist.  Data, tokenizer and checkpoint fields
 * are not used: the check runs on mock data with a NullTokenizer of the
 * job's vocabulary size.  Approve and export it with planner_script_approve
 * and planner_script_export, like the other drafts. */
char     *planner_script_render_memory_check (PlannerJob     *job,
                                              const guint32  *stages,
                                              guint           n_stages,
                                              GError        **error);
/* The same, its refusals made in @words (NULL: the command line's; the
 * form's for the window).  The text itself is the same in any words. */
char     *planner_script_render_memory_check_in (PlannerJob          *job,
                                                 const guint32       *stages,
                                                 guint                n_stages,
                                                 const PlannerWords  *words,
                                                 GError             **error);

/* Parses "0,7" (comma-separated pipeline stages) for --stages; FALSE with
 * a message naming the bad entry. */
gboolean  planner_script_parse_stages        (const char     *text,
                                              GArray        **stages,
                                              GError        **error);

G_END_DECLS
