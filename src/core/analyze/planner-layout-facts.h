/* planner-layout-facts.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-analyze.h"

G_BEGIN_DECLS

/* The parallel degrees a person sets, plus data parallel (what is left). */
typedef enum
{
  PLANNER_DEGREE_TP = 0,
  PLANNER_DEGREE_PP,
  PLANNER_DEGREE_VPP,
  PLANNER_DEGREE_CP,
  PLANNER_DEGREE_DP,
  PLANNER_DEGREE_EP,
  PLANNER_DEGREE_ETP,
  PLANNER_N_DEGREES
} PlannerDegree;

/* What each degree does to this job right now, one line each, in words:
 * which NVLink domain tensor parallel stays in, the layers per pipeline
 * stage, the microbatches per step and the pipeline bubble
 * (p − 1)/(v·m), the tokens each context-parallel rank sees, what data
 * parallel is left with, the experts per GPU.  Relative figures only,
 * never a time.  A degree the report cannot speak about (no layout, no
 * model math, a dense model's expert degrees) has NULL. */
typedef struct
{
  char    *text[PLANNER_N_DEGREES];
  guint64  num_microbatches;   /* 0 when unknown */
  double   bubble_fraction;    /* (p − 1)/(v·m); 0 without a pipeline */
} PlannerLayoutFacts;

PlannerLayoutFacts *planner_layout_facts_new  (const PlannerReport *report);
void                planner_layout_facts_free (PlannerLayoutFacts  *facts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLayoutFacts, planner_layout_facts_free)

G_END_DECLS
