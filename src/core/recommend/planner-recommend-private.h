/* planner-recommend-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-memory.h"
#include "planner-recommend.h"

G_BEGIN_DECLS

/* Virtual stages per rank: Megatron's published runs use up to 24 (one
 * layer per chunk); more only multiplies the sends. */
#define PLANNER_RECOMMEND_MAX_VPP 32

#define PLANNER_GIB (1024.0 * 1024.0 * 1024.0)

/* The constants of the step model (planner-recommend-step.c says what
 * each stands for and where its value comes from).  The search reads
 * them from here so that the calibration test can measure how the
 * ranking depends on them (tests/calibration, cross-validation). */
typedef struct
{
  double gemm_half;              /* elements of a per-GPU GEMM shape at half the peak */
  double attn_half;              /* query tokens per attention chunk at half the peak */
  double fp8_gemm_derate;        /* FP8 GEMMs against twice the BF16 rate */
  double tp_exposed_overlap;     /* TP transfers left exposed with --tp-comm-overlap */
  double tp_exposed_plain;       /* … without */
  double ep_overlap_residual;    /* EP all-to-all left exposed when another micro-batch hides it */
  double pp_exposed_interleaved; /* pipeline sends left exposed, interleaved schedule */
  double pp_exposed_1f1b;        /* … 1F1B */
  double pp_latency;             /* seconds per send or receive */
  double dp_tail;                /* share of the DP transfer that always shows (the last bucket) */
  double cp_step_overhead;       /* of the compute, per doubling of CP */
  double u_comm;                 /* what the model cannot resolve, per term */
  double u_gemm;
  double u_bubble;
  double u_recompute;
  double u_memory;
  double memory_safe;
} PlannerStepConstants;

/* The calibrated constants. */
const PlannerStepConstants *planner_recommend_step_defaults (void);

/* One search over the layouts of one job.  The model is fixed (base, at
 * TP 1); so are whatever the person pinned.  Candidates copy the base by
 * value, so the search allocates nothing per candidate. */
typedef struct
{
  const PlannerGpu      *gpu;
  PlannerConfig          base;            /* the model at TP 1; candidates copy it by value */
  guint64                n;               /* GPUs */
  guint32                gpn;             /* GPUs per node */
  guint32                domain;          /* GPUs per NVLink domain */

  /* What the person fixed */
  guint64                user_global;     /* sequences; 0: target_global */
  guint64                target_global;   /* the assumed batch, sequences */
  guint32                user_micro;      /* 0: searched */
  PlannerRecomputePolicy recompute_policy;
  PlannerRecommendPins   pins;
  gboolean               fp8;             /* the job trains in FP8 */

  /* The model's work, per sequence (FLOPs, forward and backward) */
  gboolean               moe;
  guint32                moe_layers;
  double                 flops_per_seq;   /* Megatron's formula: the MFU numerator */
  double                 dense_flops;     /* attention projections, dense MLPs, shared experts */
  double                 expert_flops;    /* routed experts */
  double                 core_flops;      /* attention scores and context (L² part) */
  double                 output_flops;    /* the output layer (and MTP heads) */
  double                 dense_mlp_flops; /* the MLPs of dense layers (part of dense_flops) */
  double                 shared_flops;    /* shared experts (part of dense_flops) */
  double                 mla_up_flops;    /* MLA's up-projections (part of dense_flops) */
  double                 last_extra;      /* on the last pipeline rank: output layer, loss, MTP layers */
  double                 output_layers;   /* last_extra in layers (of the mean layer) */
  double                 dense_layer_flops;  /* one dense layer (token-linear + core) */
  double                 moe_layer_flops;    /* one MoE layer */
  double                 kv_width;        /* K and V elements per token */
  double                 peak_gemm;       /* FLOP/s of the linear layers (FP8 peak under FP8) */
  double                 peak_attention;  /* FLOP/s of the attention kernels (BF16) */
  const PlannerStepConstants *k;          /* the step model's constants */
  const char            *release;         /* the Megatron-Core release (never NULL): what it has */

  /* Search state */
  gboolean               wide_tp;         /* second pass: TP beyond the NVLink domain */
  gboolean               first_fit;       /* stop at the first layout that fits */
  gboolean               found;
  guint64                evaluated;
  GArray                *results;         /* PlannerRecommendCandidate: the best variant of each layout */
} PlannerRecommendSearch;

/* planner-recommend.c */
/* planner_recommend() with the step model's constants given (the
 * calibration test's cross-validation); NULL: the calibrated ones. */
PlannerRecommendation *planner_recommend_with_constants (const PlannerRecommendRequest *request,
                                                         const PlannerStepConstants    *constants,
                                                         GError                       **error);
PlannerRecommendation *planner_recommend_prepare (const PlannerRecommendRequest *request,
                                                  gboolean                       keep_job,
                                                  PlannerRecommendSearch        *s,
                                                  PlannerRecommendRequest       *resolved,
                                                  GError                       **error);

/* planner-recommend-search.c */
gboolean  planner_recommend_search_init     (PlannerRecommendSearch        *s,
                                             const PlannerRecommendRequest *request,
                                             const PlannerGpu              *gpu,
                                             const PlannerArgs             *args,
                                             guint64                        vocab,
                                             guint64                        n,
                                             GError                       **error);
void      planner_recommend_search_clear    (PlannerRecommendSearch        *s);
/* Every layout (first TP inside the NVLink domain, then wider only if
 * nothing fits), results sorted best first. */
void      planner_recommend_search_run      (PlannerRecommendSearch        *s);
/* The fastest variant of @proto's layout that fits (knobs the person left
 * free: micro-batch, recompute); FALSE when none fits. */
gboolean  planner_recommend_evaluate_layout (PlannerRecommendSearch        *s,
                                             PlannerRecommendCandidate     *proto,
                                             PlannerRecommendCandidate     *best);
/* Memory and step of one fully specified candidate; TRUE when it fits. */
gboolean  planner_recommend_evaluate        (PlannerRecommendSearch        *s,
                                             PlannerRecommendCandidate     *c);
void      planner_recommend_fill_config     (const PlannerRecommendSearch  *s,
                                             const PlannerRecommendCandidate *c,
                                             PlannerConfig                 *cfg);
gboolean  planner_recommend_choose_split_weighted (guint32                  layers,
                                                  guint32                  mtp,
                                                  guint32                  pp,
                                                  guint32                  vpp,
                                                  double                   out,
                                                  PlannerRecommendCandidate *c);
gboolean  planner_recommend_choose_split    (guint32                        layers,
                                             guint32                        mtp,
                                             guint32                        pp,
                                             guint32                        vpp,
                                             PlannerRecommendCandidate     *c);
gboolean  planner_recommend_choose_batch    (const PlannerRecommendSearch  *s,
                                             PlannerRecommendCandidate     *c);
guint32   planner_recommend_stage_layers    (const PlannerRecommendCandidate *c,
                                             guint32                        layers,
                                             guint32                        stage);
guint32   planner_recommend_max_stage_layers (const PlannerRecommendCandidate *c,
                                              guint32                        layers);
gboolean  planner_recommend_in_domain       (guint64                        span,
                                             guint32                        domain);
gboolean  planner_recommend_heads_allow_tp  (const PlannerConfig           *base,
                                             guint32                        tp);
/* Sets the overlaps Megatron 0.20 allows for this candidate. */
void      planner_recommend_set_overlaps    (const PlannerRecommendSearch  *s,
                                             PlannerRecommendCandidate     *c);
int       planner_recommend_compare         (const void                    *a,
                                             const void                    *b);
/* Same layout for the ranking: TP, PP, CP, EP. */
gboolean  planner_recommend_same_tuple      (const PlannerRecommendCandidate *a,
                                             const PlannerRecommendCandidate *b);
/* The default global batch in tokens for a model of @params (total). */
guint64   planner_recommend_typical_tokens  (double                         params,
                                             const char                   **why);

/* planner-recommend-step.c */
void      planner_recommend_step_init       (PlannerRecommendSearch        *s);
void      planner_recommend_step_time       (const PlannerRecommendSearch  *s,
                                             PlannerRecommendCandidate     *c,
                                             const PlannerMemoryEstimate   *mem);
/* Expected NVLink domains besides its own one token's experts are in. */
double    planner_recommend_remote_domains  (double                         experts,
                                             double                         topk,
                                             double                         domains,
                                             guint32                        groups,
                                             guint32                        group_topk);
/* The ranking rule, one sentence for the output. */
const char *planner_recommend_ranking_rule  (void);

/* planner-recommend-text.c */
void      planner_recommend_reason_free     (gpointer                       reason);
char     *planner_recommend_describe_trade  (const PlannerRecommendCandidate *c,
                                             const PlannerRecommendCandidate *best);
void      planner_recommend_explain         (PlannerRecommendation         *r,
                                             const PlannerRecommendSearch  *s,
                                             const GArray                  *all);
void      planner_recommend_build_shell     (PlannerRecommendation         *r);
void      planner_recommend_explain_moe     (PlannerRecommendation         *r,
                                             const PlannerRecommendSearch  *s);
void      planner_recommend_explain_mfu     (PlannerRecommendation         *r,
                                             const PlannerRecommendSearch  *s);
/* The parts of a candidate's step, by name (a JSON member name, N_()
 * marked), key and offset in PlannerStepTime. */
typedef struct
{
  const char *name;
  const char *key;
  gsize       offset;
} PlannerRecommendComponent;
#define PLANNER_RECOMMEND_N_COMPONENTS 8
extern const PlannerRecommendComponent planner_recommend_components[PLANNER_RECOMMEND_N_COMPONENTS];
/* Component @i of @c's step, per sequence of its global batch. */
double    planner_recommend_component_per_sequence (const PlannerRecommendCandidate *c,
                                                    guint                            i);
void      planner_recommend_add_candidate_json (JsonBuilder                  *b,
                                                const PlannerRecommendCandidate *c);
gboolean  planner_recommend_is_sigmoid_router (const PlannerArgs           *args);
const char *planner_recommend_fp8_recipe_name (const PlannerRecommendation *r);
/* The --recompute-modules names of a bit set, in Megatron's order; NULL-terminated, static strings. */
guint     planner_recommend_module_names    (guint32                        modules,
                                             const char                   *names[8]);

/* planner-recommend-words.c: @option ("--gpu") named in @req's words:
 * the option, the job's key or keys ("cluster.gpu_id"), or the form's
 * label ("GPU Type"). */
char *planner_recommend_option_name      (const PlannerRecommendRequest *req,
                                          const char                    *option);

G_END_DECLS
