/* planner-config.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-layout.h"

G_BEGIN_DECLS

typedef enum
{
  PLANNER_RECOMPUTE_NONE = 0,
  PLANNER_RECOMPUTE_SELECTIVE,
  PLANNER_RECOMPUTE_FULL,
} PlannerRecompute;

typedef enum
{
  PLANNER_RECOMPUTE_METHOD_NONE = 0,
  PLANNER_RECOMPUTE_METHOD_UNIFORM,
  PLANNER_RECOMPUTE_METHOD_BLOCK,
} PlannerRecomputeMethod;

typedef enum
{
  PLANNER_PRECISION_FP32 = 0,
  PLANNER_PRECISION_BF16,
  PLANNER_PRECISION_FP16,
} PlannerPrecision;

/* --fp8-recipe (only meaningful with --fp8-format). */
typedef enum
{
  PLANNER_FP8_RECIPE_DELAYED = 0,
  PLANNER_FP8_RECIPE_TENSORWISE,
  PLANNER_FP8_RECIPE_MXFP8,
  PLANNER_FP8_RECIPE_BLOCKWISE,
  PLANNER_FP8_RECIPE_CUSTOM,
} PlannerFp8Recipe;

/* Which data-parallel sharding holds the weights, gradients and optimizer state. */
typedef enum
{
  PLANNER_FSDP_NONE = 0,     /* DDP, or the distributed optimizer (ZeRO-1) */
  PLANNER_FSDP_MEGATRON,     /* --use-megatron-fsdp, with fsdp_sharding */
  PLANNER_FSDP_TORCH,        /* --use-torch-fsdp2: everything sharded (ZeRO-3) */
} PlannerFsdp;

/* --data-parallel-sharding-strategy, in ZeRO order. */
typedef enum
{
  PLANNER_SHARDING_NO_SHARD = 0,
  PLANNER_SHARDING_OPTIM,
  PLANNER_SHARDING_OPTIM_GRADS,
  PLANNER_SHARDING_OPTIM_GRADS_PARAMS,
} PlannerSharding;

/* The language-model loss: --cross-entropy-loss-fusion and
 * --cross-entropy-fusion-impl. */
typedef enum
{
  PLANNER_LOSS_UNFUSED = 0,
  PLANNER_LOSS_FUSED_NATIVE,  /* Megatron's compiled kernels */
  PLANNER_LOSS_FUSED_TE,      /* Transformer Engine's, gradient written over the logits */
} PlannerLossFusion;

/* The MoE token dispatcher: --moe-token-dispatcher-type, and for flex
 * --moe-flex-dispatcher-backend (--moe-enable-deepep is the old form). */
typedef enum
{
  PLANNER_DISPATCHER_ALLGATHER = 0,  /* Megatron's default */
  PLANNER_DISPATCHER_ALLTOALL,
  PLANNER_DISPATCHER_FLEX_DEEPEP,    /* DeepEP: a token crosses to each remote node once */
  PLANNER_DISPATCHER_FLEX_HYBRIDEP,  /* HybridEP: the same, NVLink-domain aware */
  PLANNER_DISPATCHER_FLEX_NCCLEP,
} PlannerDispatcher;

/* --recompute-modules under selective recompute, a bit set. */
typedef enum
{
  PLANNER_RECOMPUTE_MODULE_CORE_ATTN      = 1 << 0,
  PLANNER_RECOMPUTE_MODULE_MOE_ACT        = 1 << 1,
  PLANNER_RECOMPUTE_MODULE_LAYERNORM      = 1 << 2,
  PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ    = 1 << 3,
  PLANNER_RECOMPUTE_MODULE_MLP            = 1 << 4,
  PLANNER_RECOMPUTE_MODULE_MOE            = 1 << 5,
  PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS = 1 << 6,
} PlannerRecomputeModules;

/* Megatron's arguments after validate_args has filled in its defaults:
 * everything the model math (FLOPs, memory) and the layout need, as
 * numbers.  Plain data; the one owned pointer is moe_layer_pattern. */
typedef struct
{
  /* Dimensions */
  guint32          num_layers;
  guint64          hidden_size;
  guint32          num_attention_heads;
  gboolean         group_query_attention;
  guint32          num_query_groups;          /* = heads when GQA is off */
  guint64          kv_channels;               /* default hidden / heads */
  guint64          ffn_hidden_size;           /* default 4h, or swiglu's rounding */
  gboolean         swiglu;
  gboolean         quick_geglu;               /* also gated (gpt-oss): the weights and activations count
                                               * it as --swiglu; Megatron's FLOPs and theoretical memory
                                               * look at --swiglu only */
  gboolean         rmsnorm;                   /* else LayerNorm */
  gboolean         add_bias_linear;
  gboolean         untie_embeddings_and_output_weights;
  gboolean         attention_output_gate;
  guint64          vocab_size;                /* before padding */
  guint64          padded_vocab_size;         /* facts §2.9, depends on tp */
  gboolean         padded_vocab_size_given;   /* --padded-vocab-size: the same at every tp */
  guint32          make_vocab_size_divisible_by;
  guint32          seq_length;
  guint32          max_position_embeddings;

  /* Multi-latent attention (DeepSeek) */
  gboolean         multi_latent_attention;
  guint64          q_lora_rank;               /* 0 = none */
  guint64          kv_lora_rank;
  guint64          qk_head_dim;
  guint64          qk_pos_emb_head_dim;
  guint64          v_head_dim;

  /* Mixture of experts; num_experts 0 = dense */
  guint32          num_experts;
  guint32          moe_router_topk;
  guint64          moe_ffn_hidden_size;
  guint64          moe_shared_expert_intermediate_size;  /* 0 = none */
  gboolean         moe_shared_expert_gate;
  guint64          moe_latent_size;           /* 0 = none */
  guint8          *moe_layer_pattern;         /* num_layers entries, 1 = MoE; NULL when dense */
  guint32          mtp_num_layers;

  /* Batch */
  guint32          micro_batch_size;
  guint64          global_batch_size;
  guint64          num_microbatches;          /* global / (micro × dp) */
  gboolean         virtual_stages_given;      /* --num-virtual-stages-per-pipeline-rank or
                                               * --num-layers-per-virtual-pipeline-stage given: up to
                                               * 0.13.1 Megatron keeps a virtual degree of 1 as one */

  /* Parallelism and memory-saving choices */
  PlannerLayout    layout;
  gboolean         sequence_parallel;         /* after the tp == 1 auto-off */
  PlannerRecompute recompute;
  PlannerRecomputeMethod recompute_method;
  guint32          recompute_num_layers;
  gboolean         use_distributed_optimizer;  /* after validate_args (FSDP, optimizer, freeze) */
  gboolean         layer_wise_distributed_optimizer;  /* what --use-distributed-optimizer becomes
                                                       * with muon, lion, soap... */
  double           optimizer_offload_fraction; /* of the optimizer state kept in host memory:
                                                * --optimizer-cpu-offload × --optimizer-offload-fraction */
  PlannerPrecision precision;
  gboolean         fp8;                       /* --fp8-format given */
  gboolean         account_for_embedding_in_pipeline_split;
  gboolean         account_for_loss_in_pipeline_split;
  guint32          decoder_first_pipeline_num_layers;  /* 0 = not given */
  guint32          decoder_last_pipeline_num_layers;

  /* Memory-relevant details (added for planner-memory) */
  gboolean         flash_attention;           /* scores not stored: every backend but unfused/local */
  double           hidden_dropout;            /* 0 stores no dropout masks */
  gboolean         grad_reduce_in_bf16;
  gboolean         fp8_param_gather;

  /* Sharding, optimizer precision and activation savers (planner-memory;
   * each field names the flags it is read from). */
  PlannerFsdp      fsdp;                      /* --use-megatron-fsdp / --use-torch-fsdp2 */
  PlannerSharding  fsdp_sharding;             /* --data-parallel-sharding-strategy (Megatron-FSDP) */
  gboolean         precision_aware_optimizer; /* --use-precision-aware-optimizer */
  guint8           main_grads_bytes;          /* gradient buffer element: 4 fp32, 2 with --grad-reduce-in-bf16
                                               * or --main-grads-dtype bf16 (bf16/fp16 training) */
  guint8           main_params_bytes;         /* --main-params-dtype: 4 fp32, 2 fp16 */
  guint8           exp_avg_bytes;             /* --exp-avg-dtype: 4, 2 or 1 (fp8) */
  guint8           exp_avg_sq_bytes;          /* --exp-avg-sq-dtype */
  PlannerFp8Recipe fp8_recipe;                /* --fp8-recipe */
  guint32          cpu_offloading_num_layers; /* --cpu-offloading-num-layers (activations to host) */
  guint32          recompute_modules;         /* PlannerRecomputeModules: --recompute-modules
                                               * (default core_attn; --moe-layer-recompute adds moe) */
  double           attention_dropout;         /* --attention-dropout */
  PlannerLossFusion cross_entropy_fusion;     /* --cross-entropy-loss-fusion, --cross-entropy-fusion-impl */
  gboolean         overlap_moe_comm;          /* --overlap-moe-expert-parallel-comm: one more warm-up microbatch */
  gboolean         moe_fused_weighted_activation; /* the experts' SwiGLU fused with the routing weights:
                                                   * --swiglu without --no-bias-swiglu-fusion or
                                                   * --use-te-activation-func */

  /* MoE routing and dispatch (the step model; the memory estimate's
   * dispatcher buffers) */
  guint32           moe_router_num_groups;     /* --moe-router-num-groups; 0 = no group-limited routing */
  guint32           moe_router_group_topk;     /* --moe-router-group-topk: groups a token may use */
  PlannerDispatcher moe_dispatcher;            /* --moe-token-dispatcher-type, --moe-flex-dispatcher-backend */
  gboolean          moe_shared_expert_overlap; /* --moe-shared-expert-overlap */
  gboolean          moe_router_fp32;           /* --moe-router-dtype fp32 (or fp64): router probabilities in fp32 */
  gboolean          moe_grouped_gemm;          /* --moe-grouped-gemm with Transformer Engine (GroupedLinear) */
  gboolean          tp_comm_overlap;           /* --tp-comm-overlap (with SP and TP > 1): TE's userbuffers */

  /* --pipeline-model-parallel-layout of the form NVIDIA's recipes use:
   * the embedding and F decoder layers in the first virtual stage, M in
   * every middle one, L (then the MTP layers and the loss) in the last.
   * layout_stages 0: no such layout (even, account-for or uneven split). */
  guint32           layout_stages;             /* pp × vpp */
  guint32           layout_first;              /* F */
  guint32           layout_middle;             /* M */
  guint32           layout_last;               /* L */

  /* The Megatron-Core release whose FLOPs and theoretical_memory_usage
   * formulas the figures follow (static, a release held); NULL: the
   * newest.  planner_config_init_from_args leaves it NULL: whoever knows
   * the job's release sets it. */
  const char       *megatron_version;
} PlannerConfig;

#define PLANNER_CONFIG_ERROR (planner_config_error_quark ())

typedef enum
{
  PLANNER_CONFIG_ERROR_MISSING,   /* a required argument is absent */
  PLANNER_CONFIG_ERROR_INVALID,   /* zero, negative, absurd, inconsistent */
} PlannerConfigError;

GQuark    planner_config_error_quark      (void);

/* One stage of a --pipeline-model-parallel-layout string: its layers by
 * kind.  @in_order: E, then t, then m, then L, as the estimate's forms
 * need (Megatron checks the order over the whole layout, later). */
typedef struct
{
  guint32  embedding;
  guint32  decoder;
  guint32  mtp;
  guint32  loss;
  gboolean in_order;
} PlannerLayoutStage;

/* Megatron-Core 0.20's reading of a --pipeline-model-parallel-layout
 * string (PipelineParallelLayerLayout.parse_str_to_list): commas dropped,
 * every "(…)*n" unrolled (not nested: the parentheses hold at least one
 * character and no ')'), then every "x*n"; stages split on '|'; every
 * character E, t, m or L.  Returns the stages (PlannerLayoutStage; free
 * with g_array_unref), or NULL when Megatron refuses the string or it
 * unrolls to more than 65536 characters. */
GArray   *planner_layout_string_parse     (const char          *text);

/* Reads a --pipeline-model-parallel-layout string (Megatron's syntax: E, t,
 * m, L, stages split by '|', x*n and (…)*n repeats, commas ignored) when it
 * has the first/middle/last form above, with @mtp_layers MTP layers in the
 * last stage; FALSE for any other layout. */
/* The decoder ('t') and multi-token-prediction ('m') layers a layout string
 * holds once unrolled; FALSE when it cannot be read. */
gboolean  planner_config_layout_counts    (const char          *text,
                                           guint32             *decoder,
                                           guint32             *mtp);
gboolean  planner_config_parse_layout     (const char          *text,
                                           guint32              mtp_layers,
                                           guint32             *stages,
                                           guint32             *first,
                                           guint32             *middle,
                                           guint32             *last);
/* The same layout written back in Megatron's syntax (free with g_free). */
char     *planner_config_layout_string    (guint32              stages,
                                           guint32              first,
                                           guint32              middle,
                                           guint32              last,
                                           guint32              mtp_layers);

/* Resolve Megatron's defaults from @args (facts §2.12 and §2.9).  The
 * layout must already be valid.  @vocab_size 0 means: take it from
 * --vocab-size / the tokenizer.  Fails, naming the flag, only when the
 * model math cannot be done (missing or absurd dimensions); everything
 * Megatron would reject but that can still be computed is left to the
 * validator.  The error is a template naming each flag as "{--num-layers}"
 * (this area sits beside base and cannot know its reader's words): whoever
 * shows it fills it first (planner_words_fill_error). */
gboolean  planner_config_init_from_args   (PlannerConfig       *config,
                                           const PlannerArgs   *args,
                                           const PlannerLayout *layout,
                                           guint64              vocab_size,
                                           GError             **error);
void      planner_config_clear            (PlannerConfig       *config);
void      planner_config_copy             (PlannerConfig       *dest,
                                           const PlannerConfig *src);
/* Megatron's padded vocabulary size for this divisor and tp. */
guint64   planner_padded_vocab_size       (guint64              vocab_size,
                                           guint32              divisor,
                                           guint32              tp);
/* Number of MoE layers among the first @n layers of the pattern. */
guint32   planner_config_count_moe_layers (const PlannerConfig *config);
/* Parameters of one layer's multi-latent attention projections, with
 * @norm parameters per width of each compressed query and key-value
 * (Megatron's FLOPs count 1, its memory formula its release's norms). */
double    planner_config_mla_params       (const PlannerConfig *config,
                                           double               norm);
/* Parses --moe-layer-freq as Megatron's moe_freq_type does: an integer k
 * (layer i is MoE when i % k == 0) or a small Python list expression
 * ("[1,1,0]", "([0]*3+[1]*58)", "([1]*3+[0]*1)*3").  Returns a new array
 * of @num_layers entries (1 = MoE); its error is a template, as
 * planner_config_init_from_args's is. */
guint8   *planner_parse_moe_layer_freq    (const char          *text,
                                           guint32              num_layers,
                                           GError             **error);

G_END_DECLS
