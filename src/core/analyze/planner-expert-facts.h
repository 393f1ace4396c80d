/* planner-expert-facts.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-analyze.h"
#include "planner-validate.h"

G_BEGIN_DECLS

/* What the expert-weight figures can say about the job. */
typedef enum
{
  PLANNER_EXPERT_MEMORY_NO_MODEL_MATH = 0, /* the model's dimensions are missing */
  PLANNER_EXPERT_MEMORY_EP_NOT_DIVISIBLE,  /* EP does not divide the experts (ep_choices lists those that do) */
  PLANNER_EXPERT_MEMORY_NO_ROUTED_EXPERTS, /* no pipeline stage holds routed experts */
  PLANNER_EXPERT_MEMORY_FIGURES,           /* the figures below hold */
} PlannerExpertMemory;

/* Everything a face says about a mixture-of-experts job's experts, as
 * data: the degrees as Megatron resolves them, the EP values it accepts,
 * what the expert-parallel overlap still needs (the validator's own
 * judgement, planner_validate_ep_overlap_unmet) and the expert weights
 * per GPU in the job's precision (the memory estimate's own figure). */
typedef struct
{
  guint32              num_experts;      /* 0: a dense model, nothing else is set */
  guint32              topk;             /* experts per token; 0 when unknown */
  guint32              ep;               /* the report's layout, else the degrees asked for */
  guint32              etp;
  guint32              tp;
  gboolean             ep_divides;       /* num_experts % ep == 0 (Megatron's moe.experts-not-divisible-by-ep) */
  guint32              experts_per_gpu;  /* num_experts / ep; 0 when EP does not divide */
  GArray              *ep_choices;       /* guint32: the EP values the refusal lists */
  PlannerEpOverlapNeed overlap_unmet;    /* what --overlap-moe-expert-parallel-comm still needs */

  PlannerExpertMemory  memory;
  guint32              stage;            /* the pipeline stage holding the most expert weights */
  guint32              stage_layers;     /* its transformer layers */
  double               weight_bytes;     /* routed expert weights per GPU on that stage, at this EP × ETP */
  double               weight_bytes_at_ep1; /* the same with every expert whole on every GPU (EP 1, ETP 1) */
  double               saved_fraction;   /* 1 − 1 ÷ (EP × ETP) */
  PlannerPrecision     precision;        /* the weights' precision */
  gboolean             fp8;              /* with FP8 copies of the expert GEMM weights */
} PlannerExpertFacts;

PlannerExpertFacts *planner_expert_facts_new  (const PlannerReport *report);
void                planner_expert_facts_free (PlannerExpertFacts  *facts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerExpertFacts, planner_expert_facts_free)

G_END_DECLS
