/* planner-job-model-options.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-args.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* The custom architecture's options beyond its dimensions (issue 21):
 * the norm epsilon, the QKV biases, Llama 3's RoPE scaling, the
 * attention window, the attention sinks and the router's options.  Each
 * is one job field and one Megatron flag, written only when the field is
 * not its default (so a job without them writes what it wrote before). */
typedef struct
{
  const char *property;  /* the job's property: "norm-epsilon" */
  const char *dest;      /* Megatron's dest: "layernorm_epsilon" */
  const char *flag;      /* "--norm-epsilon" */
  gboolean    moe;       /* only with experts */
  const char *needs;     /* only when this other option is set, or NULL */
} PlannerJobModelOption;

const PlannerJobModelOption *planner_job_model_options     (guint              *n_options);
/* The option that writes @dest, or NULL. */
const PlannerJobModelOption *planner_job_model_option_for_dest (const char      *dest);

/* Whether @option holds a value of its own in @job (not the default),
 * and applies (experts for the router's, its @needs set). */
gboolean    planner_job_model_option_is_set (PlannerJob                  *job,
                                             const PlannerJobModelOption *option);
/* The options @job sets, as Megatron arguments. */
void        planner_job_model_options_to_args (PlannerJob  *job,
                                               PlannerArgs *args);
/* The options from @args into @job: each flag @args gives sets its field,
 * each it leaves out sets the default.  FALSE with an error naming the
 * flag when a value does not fit its field; @used (may be NULL) gets each
 * dest taken. */
gboolean    planner_job_model_options_from_args (PlannerJob         *job,
                                                 const PlannerArgs  *args,
                                                 GHashTable         *used,
                                                 GError            **error);

G_END_DECLS
