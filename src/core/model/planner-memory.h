/* planner-memory.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-catalog.h"
#include "planner-config.h"

G_BEGIN_DECLS

/* Megatron's own theoretical_memory_usage (facts §4), in bytes, exactly as
 * rank 0 prints it (before the ÷ 1024² to MB), in the config's release. */
typedef struct
{
  double   weight_and_optimizer_bytes;
  double   activation_bytes;
  double   total_bytes;
  gboolean used_sp_formula;   /* sequence_parallel && recompute == selective */
  gboolean weights_only;      /* the release prints no activations for this job (up to 0.14.0 without
                               * the SP formula): activation_bytes is 0, total_bytes the weights and optimizer */
  double   params_on_most_loaded_shard;
} PlannerMegatronMemory;

typedef enum
{
  PLANNER_MEMORY_WEIGHTS = 0,
  PLANNER_MEMORY_GRADIENTS,
  PLANNER_MEMORY_OPTIMIZER,
  PLANNER_MEMORY_ACTIVATIONS,
  PLANNER_MEMORY_LOGITS,      /* output layer inputs and the fp32 loss logits */
  PLANNER_MEMORY_OVERHEAD,    /* outside the model's tensors: workspaces, fragmentation, CUDA context, NCCL */
  PLANNER_N_MEMORY_COMPONENTS
} PlannerMemoryComponent;

/* Why the planner's figure differs from Megatron's (a bit set). */
typedef enum
{
  PLANNER_MEMORY_DIFF_NONE             = 0,
  PLANNER_MEMORY_DIFF_CP_IGNORED       = 1 << 0, /* Megatron ignores CP for activations and sharding */
  PLANNER_MEMORY_DIFF_MOE_ROUTING      = 1 << 1, /* Megatron ignores routed activations (topk) */
  PLANNER_MEMORY_DIFF_EXPERT_SHARDING  = 1 << 2, /* etp·ep ≠ tp: expert weights shard differently */
  PLANNER_MEMORY_DIFF_FULL_RECOMPUTE   = 1 << 3, /* Megatron ignores full recompute */
  PLANNER_MEMORY_DIFF_GQA              = 1 << 4, /* Megatron assumes K,V as large as Q */
  PLANNER_MEMORY_DIFF_OUTPUT_LAYER     = 1 << 5, /* Megatron counts the first stage only */
  PLANNER_MEMORY_DIFF_OVERHEAD         = 1 << 6, /* the planner adds memory outside PyTorch */
  PLANNER_MEMORY_DIFF_PRECISION        = 1 << 7, /* fp32, fp8 or bf16 gradients: not 18 bytes/param */
  PLANNER_MEMORY_DIFF_ATTENTION_SCORES = 1 << 8, /* scores stored without flash attention */
  PLANNER_MEMORY_DIFF_SHARDING         = 1 << 9, /* FSDP shards gradients or weights too */
  PLANNER_MEMORY_DIFF_OPTIMIZER_PRECISION = 1 << 10, /* the precision-aware optimizer's smaller states */
  PLANNER_MEMORY_DIFF_OFFLOAD          = 1 << 11, /* optimizer state or activations in host memory */
  PLANNER_MEMORY_DIFF_RECOMPUTE_MODULES = 1 << 12, /* selective recompute of other modules than core_attn */
} PlannerMemoryDiff;

typedef struct
{
  guint32                stage;          /* pipeline rank */
  guint32                num_layers;     /* transformer layers on this rank (all virtual chunks) */
  double                 in_flight;      /* microbatches whose activations are held, in stage-equivalents */
  double                 dense_params;   /* per GPU: TP-sharded + replicated + embeddings */
  double                 expert_params;  /* per GPU: routed experts */
  double                 expert_weight_bytes; /* per GPU: the routed experts' part of bytes[WEIGHTS], in the
                                               * job's precision (FP8 copies included), before FSDP gathers */
  double                 bytes[PLANNER_N_MEMORY_COMPONENTS];
  double                 optimizer_step_bytes; /* what the optimizer step allocates besides the states (fp32
                                                * copies of 16-bit moments or gradient shards); when it tops the
                                                * activations and logits, the excess is in bytes[OPTIMIZER] */
  double                 allocated_bytes; /* tensors + workspaces: what Megatron logs as "max allocated" */
  double                 reserved_bytes;  /* + the allocator's cache: Megatron's "max reserved" with room to spare */
  double                 total_bytes;     /* allocated + CUDA context and NCCL outside PyTorch: what the
                                           * stage needs at the limit (the cache is given back first) */
  double                 headroom_bytes; /* capacity − total; negative when it does not fit */
  gboolean               fits;
  PlannerMemoryComponent dominant;
} PlannerStageMemory;

typedef struct
{
  PlannerStageMemory stages[3];       /* first, middle, last (fewer when pp < 3) */
  guint              n_stages;
  guint              worst;           /* index into stages of the largest total */
  double             capacity_bytes;  /* from the GPU; 0 when no GPU was given */
  gboolean           fits;            /* every stage fits */
  /* The stated allowance outside the model's tensors: workspaces inside
   * PyTorch's allocator, fragmentation (a fraction of the activations and
   * logits), and the CUDA context and NCCL buffers outside it. */
  double             cuda_context_bytes;
  double             nccl_bytes;
  double             workspace_bytes;
  double             cublas_workspace_bytes; /* one of Transformer Engine's cuBLAS workspaces on this GPU (the
                                              * grouped GEMM of MoE experts adds four) */
  double             fragmentation_fraction;
  /* Versus Megatron's figure for its most loaded (first) stage */
  double             megatron_total_bytes;
  double             difference_bytes; /* planner first stage − Megatron (weights, gradients and optimizer
                                        * states only when Megatron's figure is) */
  gboolean           megatron_weights_only;
  PlannerMemoryDiff  difference;
} PlannerMemoryEstimate;

/* In config->megatron_version's formula. */
void         planner_memory_megatron            (const PlannerConfig   *config,
                                                 PlannerMegatronMemory *out);
/* @gpu may be NULL: then nothing is said about fitting. */
void         planner_memory_estimate            (const PlannerConfig   *config,
                                                 const PlannerGpu      *gpu,
                                                 PlannerMemoryEstimate *out);

/* The estimate for one pipeline rank @stage (any of them, for the memory
 * check).  FALSE when the configuration has no model math or @stage is
 * past the last one. */
gboolean     planner_memory_estimate_stage      (const PlannerConfig   *config,
                                                 const PlannerGpu      *gpu,
                                                 guint32                stage,
                                                 PlannerStageMemory    *out);

/* Transformer layers built on pipeline rank @stage (all its virtual
 * chunks), the way Megatron splits them: even split, uneven first/last
 * stages, or one layer's worth less on the first/last stage with the
 * account-for-embedding/loss options. */
guint32      planner_memory_stage_layers        (const PlannerConfig   *config,
                                                 guint32                stage);
/* Transformer layers of virtual stage @k (chunk k / pp on rank k % pp);
 * a rank's chunks add up to planner_memory_stage_layers(). */
guint32      planner_memory_chunk_layers        (const PlannerConfig   *config,
                                                 guint32                k);
/* Parameter counts of the whole model, computed from the configuration. */
void         planner_config_count_params        (const PlannerConfig   *config,
                                                 PlannerModelParams    *params);
/* The same for a catalogue model (one GPU, no parallelism). */
gboolean     planner_model_count_params         (const PlannerModel    *model,
                                                 PlannerModelParams    *params,
                                                 GError               **error);
/* What PlannerModelParams.active and .active_without_embedding count, in
 * a sentence for people: publishers count active parameters differently. */
const char  *planner_model_params_active_definition (void);

const char  *planner_memory_component_to_string (PlannerMemoryComponent component);
/* The same, as a translated word for people (the above is an id, as in JSON). */
const char  *planner_memory_component_label     (PlannerMemoryComponent component);
/* A sentence per set bit, newline-separated; free with g_free(). */
char        *planner_memory_diff_describe       (PlannerMemoryDiff      difference);

G_END_DECLS
