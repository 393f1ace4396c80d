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

#include "planner-words.h"

G_BEGIN_DECLS

/* What the training precision is: BF16 (FP16 on GPUs without BF16), or
 * FP8 through Transformer Engine on GPUs that have it. */
typedef enum
{
  PLANNER_TRAIN_PRECISION_DEFAULT = 0,   /* bf16 */
  PLANNER_TRAIN_PRECISION_BF16,
  PLANNER_TRAIN_PRECISION_FP8,
} PlannerTrainPrecision;

/* The recompute policy a person allows: any (the search chooses), or
 * exactly one. */
typedef enum
{
  PLANNER_RECOMPUTE_POLICY_ANY = 0,
  PLANNER_RECOMPUTE_POLICY_NONE,
  PLANNER_RECOMPUTE_POLICY_SELECTIVE,
  PLANNER_RECOMPUTE_POLICY_FULL,
} PlannerRecomputePolicy;

/* Degrees a person fixes ("TP 8, let the rest vary"); 0 = free. */
typedef struct
{
  guint32 tp;
  guint32 pp;
  guint32 cp;
  guint32 dp;
  guint32 ep;
  guint32 etp;
  guint32 vpp;
} PlannerRecommendPins;

/* What the user asks: a model (catalog id, a size in billions for a
 * LLaMA-style shape, or its own Megatron arguments), the cluster, the
 * sequence length, and whatever the person has fixed beforehand.  Fixed
 * means fixed: the search never changes a given batch, precision,
 * micro-batch, recompute policy or pinned degree. */
typedef struct
{
  const char *model_id;            /* catalog id, or NULL with params_b or model_args */
  double      params_b;            /* > 0 when model_id is NULL */
  const char *gpu_id;              /* catalog id, required */
  guint64     num_gpus;            /* 1 .. PLANNER_MAX_WORLD_SIZE */
  guint32     gpus_per_node;       /* 0: 8 (4 for GB200 trays) */
  guint32     seq_length;          /* 0: the model's own */
  guint32     num_experts;         /* 0: the model's own (dense stays dense) */
  guint64     global_batch_size;   /* sequences; 0: see global_batch_tokens */
  guint       max_alternatives;    /* 0: 4 */
  /* Added with issue 11 */
  guint64                global_batch_tokens; /* 0: a batch typical of the model size (stated) */
  PlannerTrainPrecision  precision;
  const char            *fp8_recipe;          /* NULL: tensorwise on Hopper/Ada, mxfp8 on Blackwell */
  guint32                micro_batch_size;    /* 0: searched */
  PlannerRecomputePolicy recompute;
  PlannerRecommendPins   pins;
  const PlannerArgs     *model_args;          /* a model by its own arguments (the window's custom
                                               * architecture); wins over model_id and params_b */
  guint64                vocab_size;          /* with model_args: 0 = from the arguments */
  const char            *model_name;          /* with model_args: what the text calls the model; NULL:
                                               * "the model of these arguments" */
  /* Added with issue 20 */
  const char            *megatron_version;    /* the release the cluster runs; NULL: the default */
  /* Added with issue 19: whose words the errors and the assumed batch
   * are made in.  NULL: the command line's options ("--gpu: …"); a job's
   * keys ("cluster.gpu_id: …"), except for the options in options_given
   * (given beside the job, they override its values); the form's labels. */
  const PlannerWords    *words;
  const char *const     *options_given;
} PlannerRecommendRequest;

/* The analytic step model, per optimizer step and per GPU, in seconds of
 * the GPU's own clock.  Only ratios are ever shown: it ranks layouts and
 * is never a training-time estimate.  Each communication term is what is
 * left exposed after the overlaps Megatron 0.20 really has for this
 * candidate (see planner-recommend-step.c). */
typedef struct
{
  double compute;        /* model FLOPs at the GEMM efficiency of this shape */
  double recompute;      /* forward passes done again */
  double tp_comm;        /* TP/SP all-gathers and reduce-scatters (and expert TP) left exposed */
  double cp_comm;        /* CP ring exchanges not hidden behind attention */
  double ep_comm;        /* MoE token all-to-alls left exposed */
  double pp_comm;        /* pipeline send/receive left exposed */
  double bubble;         /* (p−1)/(v·m) of the busy time, plus stage imbalance */
  double dp_comm;        /* gradient reduction and parameter gather not overlapped */
  double total;
  double uncertainty;    /* what the model cannot resolve, same unit (see the ranking) */
  double ideal_compute;  /* compute at full GEMM efficiency (for the uncertainty) */
} PlannerStepTime;

typedef enum
{
  PLANNER_SPLIT_EVEN = 0,          /* num_layers % (pp·vpp) == 0 */
  PLANNER_SPLIT_ACCOUNT_BOTH,      /* --account-for-embedding/loss-in-pipeline-split */
  PLANNER_SPLIT_ACCOUNT_EMBEDDING,
  PLANNER_SPLIT_ACCOUNT_LOSS,
  PLANNER_SPLIT_UNEVEN,            /* --decoder-first/last-pipeline-num-layers */
  PLANNER_SPLIT_LAYOUT,            /* --pipeline-model-parallel-layout: first_stage_layers in the first virtual
                                    * stage (with the embedding), last_stage_layers in the last (with the MTP
                                    * layers and the loss), the rest evenly over the virtual stages between */
} PlannerPipelineSplit;

/* One candidate: a layout with its batch and memory knobs. */
typedef struct
{
  PlannerLayout        layout;
  guint32              micro_batch_size;
  guint64              global_batch_size;
  guint64              num_microbatches;
  PlannerRecompute     recompute;
  guint32              recompute_modules;     /* selective: PlannerRecomputeModules (--recompute-modules) */
  guint32              recompute_block;       /* full: 0 every layer (uniform), else the first N layers of each
                                               * pipeline chunk (--recompute-method block) */
  gboolean             fsdp;                  /* Megatron-FSDP, optimizer, gradients and parameters sharded */
  gboolean             distributed_optimizer;
  gboolean             sequence_parallel;
  PlannerPipelineSplit split;
  guint32              first_stage_layers;    /* PLANNER_SPLIT_UNEVEN only */
  guint32              last_stage_layers;
  double               peak_bytes;            /* most loaded stage, the planner's estimate */
  guint                n_stages;              /* the stages below: first, middle, last (fewer when PP < 3) */
  guint32              stage_rank[3];         /* pipeline rank of each */
  double               stage_bytes[3];        /* its estimate, bytes per GPU */
  double               capacity_bytes;
  gboolean             fits;
  gboolean             tp_in_nvlink;          /* every TP group inside one NVLink domain */
  PlannerStepTime      time;
  double               seconds_per_sequence;  /* time.total / global batch */
  double               score;                 /* the ranking key: (total + uncertainty / 2) / global batch */
  double               memory_use;            /* peak / capacity of the most loaded stage */
  double               speedup;               /* vs the best: best.sps / this.sps (≤ 1 for alternatives) */
  gboolean             tie;                   /* indistinguishable from the best by this model */
  char                *trade;                 /* alternatives: what they trade against the best */
  /* Precision and the overlaps the model credits (each only when Megatron 0.20 allows it) */
  gboolean             fp8;
  gboolean             fp8_param_gather;
  gboolean             tp_comm_overlap;       /* --tp-comm-overlap: SP, TE, TP inside the NVLink domain */
  gboolean             moe_ep_overlap;        /* --overlap-moe-expert-parallel-comm --delay-wgrad-compute */
  PlannerDispatcher    dispatcher;            /* MoE: alltoall, or flex (HybridEP) when EP crosses NVLink
                                               * domains: a token crosses to each remote domain once */
  gboolean             shared_expert_overlap; /* --moe-shared-expert-overlap (alltoall, shared experts, no
                                               * EP all-to-all overlap) */
  gboolean             grad_reduce_overlap;   /* --overlap-grad-reduce (always proposed) */
  gboolean             param_gather_overlap;  /* --overlap-param-gather (distributed optimizer) */
} PlannerRecommendCandidate;

typedef struct
{
  const char *degree;   /* "TP", "PP", "VPP", "CP", "DP", "EP", "ETP", "MICRO_BATCH", "GLOBAL_BATCH", … */
  const char *field;    /* the job field it sets ("parallelism.tp"), which names it in the window;
                         * NULL for DP, which the others leave */
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
  gboolean                   fp8;                /* the job trains in FP8 */
  const char                *fp8_recipe;         /* "tensorwise", "mxfp8", … (static) when fp8 */
  guint32                    user_micro_batch;   /* 0: searched */
  PlannerRecomputePolicy     recompute_policy;
  PlannerRecommendPins       pins;
  char                      *batch_text;         /* the global batch: given, or what was assumed and why (tokens) */
  char                      *ranking_text;       /* how layouts are ranked and what counts as a tie */

  /* The answer */
  gboolean                   fits;               /* FALSE: nothing fits; see nothing_fits */
  PlannerRecommendCandidate  best;
  GArray                    *alternatives;       /* PlannerRecommendCandidate, the next distinct layouts
                                                  * (TP, PP, CP, EP) in rank order */
  guint64                    n_layouts;          /* distinct layouts (TP, PP, CP, EP, VPP, ETP) that fit */
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
  const char                *megatron_version;   /* the release planned for (static, never NULL) */
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
/* A PLANNER_SPLIT_LAYOUT candidate's --pipeline-model-parallel-layout
 * (free with g_free); it also sets the virtual stages. */
char                  *planner_recommend_layout_string (const PlannerRecommendation     *recommendation,
                                                        const PlannerRecommendCandidate *candidate);

const char            *planner_recompute_to_string     (PlannerRecompute               recompute);

JsonNode              *planner_recommendation_to_json  (const PlannerRecommendation   *recommendation);
/* The human-readable form the CLI prints. */
char                  *planner_recommendation_to_text  (const PlannerRecommendation   *recommendation);

/* Where a person's own layout ranks among the valid layouts the search
 * finds for the same job: the same model, GPUs, global batch and
 * precision, with every degree, micro-batch and recompute free.  All
 * figures are relative; none is a time. */
typedef struct
{
  gboolean                  ranked;          /* FALSE: not rankable (see text) */
  gboolean                  fits;            /* the person's layout fits by the estimate */
  guint64                   rank;            /* 1 = the best the model finds */
  guint64                   n_layouts;       /* distinct layouts that fit */
  double                    relative_speed;  /* the best's modelled step / yours: ≤ 1 */
  gboolean                  tie;             /* within what the model cannot resolve */
  PlannerRecommendCandidate yours;
  PlannerRecommendCandidate best;
  char                     *text;            /* "Your layout ranks 3rd of 41 …" */
} PlannerLayoutRank;

/* @args: the job's Megatron arguments with the model filled in; @gpu and
 * @world_size are required; @gpus_per_node 0 = the GPU's default;
 * @vocab_size 0 = from the arguments; @megatron_version the release
 * whose features the other layouts may use (NULL: the default).  Returns
 * NULL only when the arguments do not describe a model the planner can
 * compute. */
PlannerLayoutRank     *planner_recommend_rank_layout   (const PlannerArgs              *args,
                                                        const PlannerGpu               *gpu,
                                                        guint64                         world_size,
                                                        guint32                         gpus_per_node,
                                                        guint64                         vocab_size,
                                                        const char                     *megatron_version);
void                   planner_layout_rank_free        (PlannerLayoutRank              *rank);
JsonNode              *planner_layout_rank_to_json     (const PlannerLayoutRank        *rank);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerRecommendation, planner_recommendation_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLayoutRank, planner_layout_rank_free)

G_END_DECLS
