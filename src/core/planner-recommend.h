/* planner-recommend.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "planner-catalog.h"
#include "planner-config.h"
#include "planner-diagnostic.h"
#include "planner-layout.h"
#include "planner-memory.h"

G_BEGIN_DECLS

/* What the user asks: a model (catalog id, or a size in billions for a
 * LLaMA-style shape), the cluster and the sequence length. */
typedef struct
{
  const char *model_id;            /* catalog id, or NULL with params_b */
  double      params_b;            /* > 0 when model_id is NULL */
  const char *gpu_id;              /* catalog id, required */
  guint64     num_gpus;            /* 1 .. PLANNER_MAX_WORLD_SIZE */
  guint32     gpus_per_node;       /* 0: 8 (4 for GB200 trays) */
  guint32     seq_length;          /* 0: the model's own */
  guint32     num_experts;         /* 0: the model's own (dense stays dense) */
  guint64     global_batch_size;   /* 0: the planner chooses (see the .c) */
  guint       max_alternatives;    /* 0: 4 */
} PlannerRecommendRequest;

/* The analytic step-time model, per optimizer step and per GPU, in
 * seconds of the GPU's own clock.  Only ratios are ever shown: it is a
 * ranking device, never a training-time estimate. */
typedef struct
{
  double compute;        /* model FLOPs at the GEMM efficiency of this shape */
  double recompute;      /* forward passes done again */
  double tp_comm;        /* TP/SP all-gathers and reduce-scatters */
  double cp_comm;        /* CP ring exchanges not hidden behind attention */
  double ep_comm;        /* MoE token all-to-alls */
  double pp_comm;        /* pipeline send/receive */
  double bubble;         /* (p−1)/(v·m) of the busy time, plus stage imbalance */
  double dp_comm;        /* gradient reduction not overlapped with backward */
  double total;
} PlannerStepTime;

typedef enum
{
  PLANNER_SPLIT_EVEN = 0,          /* num_layers % (pp·vpp) == 0 */
  PLANNER_SPLIT_ACCOUNT_BOTH,      /* --account-for-embedding/loss-in-pipeline-split */
  PLANNER_SPLIT_ACCOUNT_EMBEDDING,
  PLANNER_SPLIT_ACCOUNT_LOSS,
  PLANNER_SPLIT_UNEVEN,            /* --decoder-first/last-pipeline-num-layers */
} PlannerPipelineSplit;

/* One candidate: a layout with its batch and memory knobs. */
typedef struct
{
  PlannerLayout        layout;
  guint32              micro_batch_size;
  guint64              global_batch_size;
  guint64              num_microbatches;
  PlannerRecompute     recompute;             /* full: uniform, 1 layer per group */
  gboolean             distributed_optimizer;
  gboolean             sequence_parallel;
  PlannerPipelineSplit split;
  guint32              first_stage_layers;    /* PLANNER_SPLIT_UNEVEN only */
  guint32              last_stage_layers;
  double               peak_bytes;            /* most loaded stage, the planner's estimate */
  double               capacity_bytes;
  gboolean             fits;
  gboolean             tp_in_nvlink;          /* every TP group inside one NVLink domain */
  PlannerStepTime      time;
  double               seconds_per_sequence;  /* time.total / global batch: the ranking key */
  double               speedup;               /* vs the best: best.sps / this.sps (≤ 1 for alternatives) */
  char                *trade;                 /* alternatives: what they trade against the best */
} PlannerRecommendCandidate;

typedef struct
{
  const char *degree;   /* "TP", "PP", "VPP", "CP", "DP", "EP", "ETP", "MICRO_BATCH", "GLOBAL_BATCH", … */
  guint64     value;
  char       *reason;
} PlannerRecommendReason;

typedef struct
{
  /* The request, resolved */
  char                      *model_id;           /* "custom-70b" for --params-b */
  char                      *model_name;
  const PlannerGpu          *gpu;
  guint64                    num_gpus;
  guint32                    gpus_per_node;
  guint32                    nvlink_domain;
  guint32                    seq_length;
  guint32                    num_experts;
  guint32                    num_layers;
  guint64                    vocab_size;         /* before padding */
  double                     total_params;
  gboolean                   user_global_batch;

  /* The answer */
  gboolean                   fits;               /* FALSE: nothing fits; see nothing_fits */
  PlannerRecommendCandidate  best;
  GArray                    *alternatives;       /* PlannerRecommendCandidate, best first */
  GPtrArray                 *reasons;            /* PlannerRecommendReason, one per degree */
  GPtrArray                 *rules;              /* char*: the well-known rules and whether they applied */
  gboolean                   rule_valid;         /* the rule-of-thumb layout exists for this world */
  gboolean                   rule_from_table;    /* it is a row of the reference table */
  PlannerRecommendCandidate  rule;               /* evaluated like any candidate (may not fit) */
  char                      *rule_comparison;    /* "the search agrees …" / "about 12% faster …" */
  char                      *product_check;      /* TP × CP × DP × PP = N … */
  char                      *expert_check;       /* MoE: ETP × EP × EDP × PP = N and why */
  char                      *moe_summary;        /* MoE: expert memory saved, router, dispatcher … */
  double                     expert_bytes_ep1;   /* MoE: expert weights per GPU at EP 1 (bf16) */
  double                     expert_bytes;       /* … and at the chosen EP */
  PlannerMfuRange            mfu;                /* expected for the best layout; source static */
  char                      *mfu_text;
  char                      *shell;              /* the variable block, a draft to approve */
  char                      *nothing_fits;       /* why, and what would make it fit */
  guint64                    gpus_needed;        /* when nothing fits: a GPU count that fits, 0 if none found */
  GPtrArray                 *diagnostics;        /* the validator's remaining warnings on the best */
  guint64                    n_evaluated;        /* candidates whose memory was estimated */
  PlannerArgs               *model_args;         /* the model's Megatron arguments (read-only) */
} PlannerRecommendation;

#define PLANNER_RECOMMEND_ERROR (planner_recommend_error_quark ())

typedef enum
{
  PLANNER_RECOMMEND_ERROR_UNKNOWN_GPU,
  PLANNER_RECOMMEND_ERROR_UNKNOWN_MODEL,
  PLANNER_RECOMMEND_ERROR_INVALID,      /* a number out of range; the message names the option */
} PlannerRecommendError;

GQuark                 planner_recommend_error_quark   (void);

/* Fails only on bad input (unknown ids, absurd numbers).  A request that
 * nothing satisfies is an answer with fits FALSE. */
PlannerRecommendation *planner_recommend               (const PlannerRecommendRequest *request,
                                                        GError                       **error);
void                   planner_recommendation_free     (PlannerRecommendation         *recommendation);

/* The Megatron arguments of a candidate (parallelism, batch, recompute,
 * optimizer, MoE) over the model's; no paths, no tokenizer files. */
PlannerArgs           *planner_recommendation_candidate_args (const PlannerRecommendation     *recommendation,
                                                              const PlannerRecommendCandidate *candidate);

const char            *planner_recompute_to_string     (PlannerRecompute               recompute);

JsonNode              *planner_recommendation_to_json  (const PlannerRecommendation   *recommendation);
/* The human-readable form the CLI prints. */
char                  *planner_recommendation_to_text  (const PlannerRecommendation   *recommendation);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerRecommendation, planner_recommendation_free)

G_END_DECLS
