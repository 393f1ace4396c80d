/* planner-advisor.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advise-input.h"
#include "planner-analyze.h"
#include "planner-catalog.h"
#include "planner-layout.h"
#include "planner-plan.h"

G_BEGIN_DECLS

/* The framework every plan is built with (engine-internal): the state of
 * one advice run, and how a suggestion is tried, checked, measured and
 * added.  Which rules run for which plan is not decided here (see
 * planner-optimize.c and planner-troubleshoot.c).
 *
 * @args and @current move forward as suggestions are accepted in a
 * cumulative plan; in a troubleshooting plan they stay the job's own. */
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

/* Checks @input, analyses the job and measures what the user measured;
 * @plan is taken.  On failure the advisor is cleared and FALSE returned. */
gboolean             planner_advisor_init         (PlannerAdvisor           *advisor,
                                                   const PlannerAdviseInput *input,
                                                   PlannerPlan              *plan,
                                                   GError                  **error);
/* The finished plan (the caller owns it); the advisor is cleared. */
PlannerPlan         *planner_advisor_finish       (PlannerAdvisor           *advisor);
void                 planner_advisor_clear        (PlannerAdvisor           *advisor);

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
/* The release the advice is for (the input's, else the default). */
const char          *planner_advisor_release      (PlannerAdvisor     *advisor);
const PlannerConfig *planner_advisor_config       (PlannerAdvisor     *advisor);
/* Worst stage of the current estimate; NULL without a GPU or model math. */
const PlannerStageMemory *planner_advisor_worst   (PlannerAdvisor     *advisor);
/* TRUE when a @kind group of @report's layout spans more than one node.
 * FALSE when the node size is unknown, or when the degrees form no layout
 * Megatron would build (there are no groups to place then). */
gboolean             planner_advisor_group_crosses_nodes (PlannerAdvisor      *advisor,
                                                   const PlannerReport *report,
                                                   PlannerGroupKind     kind);
void                 planner_advisor_note         (PlannerAdvisor     *advisor,
                                                   const char         *format,
                                                   ...) G_GNUC_PRINTF (2, 3);
void                 planner_advisor_reject       (PlannerAdvisor     *advisor,
                                                   const char         *id,
                                                   const char         *format,
                                                   ...) G_GNUC_PRINTF (3, 4);

/* Prerequisite helper: record that @suggestion needs switch @flag; add it
 * to the suggestion when the current arguments do not turn it on. */
void                 planner_advisor_require_switch (PlannerAdvisor    *advisor,
                                                   PlannerSuggestion *suggestion,
                                                   const char        *dest,
                                                   const char        *flag);

G_END_DECLS
