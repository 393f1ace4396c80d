/* planner-advise-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advise.h"
#include "planner-analyze.h"
#include "planner-catalog.h"

G_BEGIN_DECLS

/* The state of one advice run, shared by the optimize and troubleshoot
 * rules.  @args and @current move forward as suggestions are accepted in
 * a cumulative plan; in a troubleshooting plan they stay the job's own. */
typedef struct
{
  const PlannerAdviseInput *input;
  const PlannerGpu         *gpu;
  PlannerPlan              *plan;
  PlannerReport            *base;        /* the job as given */
  GHashTable               *base_errors; /* its error codes */
  PlannerArgs              *args;        /* current arguments */
  GHashTable               *env;         /* current environment (never NULL) */
  PlannerReport            *current;     /* analysis of @args */
  gboolean                  is_moe;
  double                    params_b;    /* total parameters, billions */
  double                    mfu_low;     /* running expected MFU (0 = unknown) */
  double                    mfu_high;
} PlannerAdvisor;

/* Tries @suggestion (taking it) against the current arguments and, when
 * every check passes, adds it to the plan with its measured effect.
 * Returns the suggestion when offered, NULL when refused (the reason goes
 * to plan->rejected) or when it changes nothing. */
PlannerSuggestion   *planner_advisor_offer        (PlannerAdvisor     *advisor,
                                                   PlannerSuggestion  *suggestion);
/* Applies @suggestion to a copy of the current arguments and analyses it;
 * NULL with @why set when it breaks a check. */
PlannerReport       *planner_advisor_try          (PlannerAdvisor     *advisor,
                                                   PlannerSuggestion  *suggestion,
                                                   char              **why);
const PlannerConfig *planner_advisor_config       (PlannerAdvisor     *advisor);
/* Worst stage of the current estimate; NULL without a GPU or model math. */
const PlannerStageMemory *planner_advisor_worst   (PlannerAdvisor     *advisor);
void                 planner_advisor_note         (PlannerAdvisor     *advisor,
                                                   const char         *format,
                                                   ...) G_GNUC_PRINTF (2, 3);
void                 planner_advisor_reject       (PlannerAdvisor     *advisor,
                                                   const char         *id,
                                                   const char         *format,
                                                   ...) G_GNUC_PRINTF (3, 4);

/* Prerequisite helpers: record that @suggestion needs switch @flag; add it
 * to the suggestion when the current arguments do not turn it on. */
void                 planner_advisor_require_switch (PlannerAdvisor    *advisor,
                                                   PlannerSuggestion *suggestion,
                                                   const char        *dest,
                                                   const char        *flag);

/* Rules, shared by both plans.  Each builds and offers one suggestion and
 * returns it (NULL when not applicable or refused). */
PlannerSuggestion   *planner_rule_attention_backend   (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_sequence_parallel   (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_tp_in_domain        (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_more_pp             (PlannerAdvisor *advisor,
                                                       gboolean        only_large_models);
PlannerSuggestion   *planner_rule_more_tp             (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_interleave          (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_distributed_optimizer (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_overlap_grad_reduce (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_overlap_param_gather (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_tp_comm_overlap     (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_fp8                 (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_moe_dispatcher      (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_moe_grouped_gemm    (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_ep_in_node          (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_grow_micro_batch    (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_shrink_micro_batch  (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_selective_recompute (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_full_recompute      (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_cpu_offload         (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_cuda_max_connections (PlannerAdvisor *advisor);

void                 planner_optimize_run             (PlannerAdvisor *advisor);
void                 planner_troubleshoot_run         (PlannerAdvisor *advisor,
                                                       PlannerSymptom  symptom);

G_END_DECLS
