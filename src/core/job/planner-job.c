/* planner-job.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <json-glib/json-glib.h>

#include "planner-job.h"
#include "planner-layout.h"

#include <string.h>

#include "planner-catalog.h"
#include "planner-flag-catalog.h"
#include "planner-json-check.h"
#include "planner-words.h"

/* Every input is described once, in this table: the properties, the JSON
 * format and equality all come from it, so a new field is one line. */
typedef enum
{
  FIELD_UINT,
  FIELD_DOUBLE,
  FIELD_BOOL,
  FIELD_STRING,
} FieldType;

typedef struct
{
  const char *name;      /* property name; the JSON key is the same with '_' */
  const char *section;   /* JSON object the key lives in */
  FieldType   type;
  guint       min;
  guint       max;
  guint       uint_default;
  const char *string_default;
  double      double_default;
} FieldInfo;

enum {
  PROP_0,
  PROP_MODEL_ID,
  PROP_PARAMS_B,
  PROP_GPU_ID,
  PROP_NODES,
  PROP_GPUS_PER_NODE,
  PROP_TP,
  PROP_PP,
  PROP_CP,
  PROP_EP,
  PROP_ETP,
  PROP_VPP,
  PROP_USE_TP_PP_DP_MAPPING,
  PROP_SEQ_LENGTH,
  PROP_MICRO_BATCH_SIZE,
  PROP_GLOBAL_BATCH_SIZE,
  PROP_PRECISION,
  PROP_RECOMPUTE,
  PROP_DISTRIBUTED_OPTIMIZER,
  PROP_SEQUENCE_PARALLEL,
  PROP_DATA_PATH,
  PROP_SPLIT,
  PROP_TOKENIZER_TYPE,
  PROP_TOKENIZER_MODEL,
  PROP_VOCAB_FILE,
  PROP_MERGE_FILE,
  PROP_SAVE_DIR,
  PROP_LOAD_DIR,
  PROP_TRAIN_ITERS,
  PROP_LR,
  PROP_MIN_LR,
  PROP_LR_DECAY_STYLE,
  PROP_LR_WARMUP_ITERS,
  PROP_WEIGHT_DECAY,
  PROP_CLIP_GRAD,
  PROP_INIT_METHOD_STD,
  PROP_FP8_RECIPE,
  PROP_ATTENTION_BACKEND,
  PROP_OVERLAP_GRAD_REDUCE,
  PROP_OVERLAP_PARAM_GATHER,
  PROP_MOE_LOAD_BALANCING_TYPE,
  PROP_MOE_AUX_LOSS_COEFF,
  PROP_MOE_TOKEN_DISPATCHER_TYPE,
  PROP_MOE_GROUPED_GEMM,
  PROP_MOCK_DATA,
  PROP_SAVE_INTERVAL,
  PROP_LOG_INTERVAL,
  PROP_EVAL_INTERVAL,
  PROP_EVAL_ITERS,
  PROP_TENSORBOARD_DIR,
  PROP_MEGATRON_DIR,
  PROP_RDZV_PORT,
  PROP_SLURM_PARTITION,
  PROP_SLURM_ACCOUNT,
  PROP_SLURM_TIME,
  PROP_SLURM_CPUS_PER_TASK,
  PROP_EXTRA_ARGS,
  /* A Hugging Face config.json the custom architecture is read from at
   * load (an absolute path; "" for none). */
  PROP_HF_CONFIG,
  /* The SHA-256 of that file when its architecture was read ("" when
   * unknown): a later load tells a changed file by it. */
  PROP_HF_CONFIG_SHA256,
  /* The custom architecture (model section): used when model_id is empty,
   * params_b is 0 and num_layers is not 0. */
  PROP_NUM_LAYERS,
  PROP_HIDDEN_SIZE,
  PROP_NUM_ATTENTION_HEADS,
  PROP_NUM_QUERY_GROUPS,
  PROP_KV_CHANNELS,
  PROP_FFN_HIDDEN_SIZE,
  PROP_VOCAB_SIZE,
  PROP_MAX_POSITION_EMBEDDINGS,
  PROP_POSITION_EMBEDDING_TYPE,
  PROP_ROTARY_BASE,
  PROP_NORMALIZATION,
  PROP_ACTIVATION,
  PROP_UNTIE_EMBEDDINGS,
  PROP_ADD_BIAS_LINEAR,
  PROP_QK_LAYERNORM,
  PROP_NUM_EXPERTS,
  PROP_MOE_ROUTER_TOPK,
  PROP_MOE_FFN_HIDDEN_SIZE,
  PROP_MOE_SHARED_EXPERT_SIZE,
  PROP_MOE_LAYER_FREQ,
  PROP_MOE_ROUTER_SCORE_FUNCTION,
  PROP_MULTI_LATENT_ATTENTION,
  PROP_Q_LORA_RANK,
  PROP_KV_LORA_RANK,
  PROP_QK_HEAD_DIM,
  PROP_QK_POS_EMB_HEAD_DIM,
  PROP_V_HEAD_DIM,
  PROP_MTP_NUM_LAYERS,
  /* Training and launch fields added for the window (issue 10). */
  PROP_RECOMPUTE_METHOD,
  PROP_RECOMPUTE_NUM_LAYERS,
  PROP_RECOMPUTE_MODULES,
  PROP_TP_COMM_OVERLAP,
  PROP_OVERLAP_MOE_COMM,
  PROP_FSDP,
  PROP_PRECISION_AWARE_OPTIMIZER,
  PROP_OPTIMIZER_OFFLOAD_FRACTION,
  PROP_ACTIVATION_OFFLOAD_LAYERS,
  PROP_FP8_PARAM_GATHER,
  PROP_LR_DECAY_ITERS,
  PROP_LR_WSD_DECAY_ITERS,
  PROP_LR_WARMUP_INIT,
  PROP_SLURM_JOB_NAME,
  PROP_TRAIN_SAMPLES,
  PROP_LR_DECAY_SAMPLES,
  PROP_LR_WARMUP_SAMPLES,
  PROP_MEGATRON_VERSION,
  /* How the layers split over the pipeline stages (issue 22 #1). */
  PROP_PIPELINE_SPLIT,
  PROP_FIRST_STAGE_LAYERS,
  PROP_LAST_STAGE_LAYERS,
  PROP_PIPELINE_LAYOUT,
  /* What Use Recommended added that no field holds (issue 23 #6). */
  PROP_RECOMMENDED_ARGS,
  /* What a supported family needs beyond the dimensions (issue 21),
   * written only when not the default. */
  PROP_NORM_EPSILON,
  PROP_ADD_QKV_BIAS,
  PROP_USE_ROPE_SCALING,
  PROP_ROPE_SCALING_FACTOR,
  PROP_WINDOW_SIZE,
  PROP_WINDOW_ATTN_SKIP_FREQ,
  PROP_SOFTMAX_TYPE,
  PROP_MOE_ROUTER_ENABLE_EXPERT_BIAS,
  PROP_MOE_ROUTER_NUM_GROUPS,
  PROP_MOE_ROUTER_GROUP_TOPK,
  PROP_MOE_ROUTER_TOPK_SCALING_FACTOR,
  PROP_MOE_ROUTER_PRE_SOFTMAX,
  /* YaRN (issue 21 #3). */
  PROP_ROPE_TYPE,
  PROP_ROTARY_SCALING_FACTOR,
  PROP_MSCALE,
  PROP_MSCALE_ALL_DIM,
  PROP_YARN_ORIGINAL_MAX_POSITION_EMBEDDINGS,
  PROP_YARN_BETA_FAST,
  PROP_YARN_BETA_SLOW,
  PROP_YARN_CORRECTION_RANGE_ROUND_TO_INT,
  N_PROPS
};

#define MAX_NODES 16384

/* Indexed by property id; entry 0 is unused. */
static const FieldInfo fields[N_PROPS] = {
  [PROP_MODEL_ID]              = { "model-id", "model", FIELD_STRING, 0, 0, 0, "" },
  [PROP_PARAMS_B]              = { "params-b", "model", FIELD_DOUBLE, 0, 100000, 0, NULL },
  [PROP_GPU_ID]                = { "gpu-id", "cluster", FIELD_STRING, 0, 0, 0, "h100-sxm" },
  [PROP_NODES]                 = { "nodes", "cluster", FIELD_UINT, 1, MAX_NODES, 1, NULL },
  [PROP_GPUS_PER_NODE]         = { "gpus-per-node", "cluster", FIELD_UINT, 1, 72, 8, NULL },
  [PROP_TP]                    = { "tp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_PP]                    = { "pp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_CP]                    = { "cp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_EP]                    = { "ep", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  /* 0: not given, Megatron uses tp */
  [PROP_ETP]                   = { "etp", "parallelism", FIELD_UINT, 0, 1024, 0, NULL },
  [PROP_VPP]                   = { "vpp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_USE_TP_PP_DP_MAPPING]  = { "use-tp-pp-dp-mapping", "parallelism", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_SEQ_LENGTH]            = { "seq-length", "training", FIELD_UINT, 1, 1u << 24, 4096, NULL },
  [PROP_MICRO_BATCH_SIZE]      = { "micro-batch-size", "training", FIELD_UINT, 1, 65536, 1, NULL },
  [PROP_GLOBAL_BATCH_SIZE]     = { "global-batch-size", "training", FIELD_UINT, 1, 1u << 30, 128, NULL },
  [PROP_PRECISION]             = { "precision", "training", FIELD_STRING, 0, 0, 0, "bf16" },
  [PROP_RECOMPUTE]             = { "recompute", "training", FIELD_STRING, 0, 0, 0, "none" },
  [PROP_DISTRIBUTED_OPTIMIZER] = { "distributed-optimizer", "training", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_SEQUENCE_PARALLEL]     = { "sequence-parallel", "training", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_DATA_PATH]             = { "data-path", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SPLIT]                 = { "split", "data", FIELD_STRING, 0, 0, 0, "99,1,0" },
  [PROP_TOKENIZER_TYPE]        = { "tokenizer-type", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_TOKENIZER_MODEL]       = { "tokenizer-model", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_VOCAB_FILE]            = { "vocab-file", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_MERGE_FILE]            = { "merge-file", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SAVE_DIR]              = { "save-dir", "checkpoint", FIELD_STRING, 0, 0, 0, "" },
  [PROP_LOAD_DIR]              = { "load-dir", "checkpoint", FIELD_STRING, 0, 0, 0, "" },
  /* Training hyperparameters.  0 iterations: not chosen yet, and the
   * script writer asks for it rather than picking a length. */
  [PROP_TRAIN_ITERS]           = { "train-iters", "training", FIELD_UINT, 0, 1u << 31, 0, NULL },
  [PROP_LR]                    = { "lr", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 3.0e-4 },
  [PROP_MIN_LR]                = { "min-lr", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 3.0e-5 },
  [PROP_LR_DECAY_STYLE]        = { "lr-decay-style", "training", FIELD_STRING, 0, 0, 0, "cosine" },
  [PROP_LR_WARMUP_ITERS]       = { "lr-warmup-iters", "training", FIELD_UINT, 0, 1u << 31, 0, NULL },
  [PROP_WEIGHT_DECAY]          = { "weight-decay", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 0.1 },
  [PROP_CLIP_GRAD]             = { "clip-grad", "training", FIELD_DOUBLE, 0, 1000000, 0, NULL, 1.0 },
  /* 0: Megatron's default (0.02), not written */
  [PROP_INIT_METHOD_STD]       = { "init-method-std", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 0 },
  /* "": the recipe that suits the GPU (delayed on Hopper/Ada, mxfp8 on Blackwell) */
  [PROP_FP8_RECIPE]            = { "fp8-recipe", "training", FIELD_STRING, 0, 0, 0, "" },
  [PROP_ATTENTION_BACKEND]     = { "attention-backend", "training", FIELD_STRING, 0, 0, 0, "auto" },
  [PROP_OVERLAP_GRAD_REDUCE]   = { "overlap-grad-reduce", "training", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_OVERLAP_PARAM_GATHER]  = { "overlap-param-gather", "training", FIELD_BOOL, 0, 1, 1, NULL },
  /* Used only when the model has experts. */
  [PROP_MOE_LOAD_BALANCING_TYPE]   = { "moe-router-load-balancing-type", "moe", FIELD_STRING, 0, 0, 0, "aux_loss" },
  [PROP_MOE_AUX_LOSS_COEFF]        = { "moe-aux-loss-coeff", "moe", FIELD_DOUBLE, 0, 1000, 0, NULL, 1.0e-2 },
  [PROP_MOE_TOKEN_DISPATCHER_TYPE] = { "moe-token-dispatcher-type", "moe", FIELD_STRING, 0, 0, 0, "alltoall" },
  [PROP_MOE_GROUPED_GEMM]          = { "moe-grouped-gemm", "moe", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_MOCK_DATA]             = { "mock-data", "data", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_SAVE_INTERVAL]         = { "save-interval", "checkpoint", FIELD_UINT, 1, 1u << 31, 1000, NULL },
  [PROP_LOG_INTERVAL]          = { "log-interval", "logging", FIELD_UINT, 1, 1u << 31, 100, NULL },
  [PROP_EVAL_INTERVAL]         = { "eval-interval", "logging", FIELD_UINT, 1, 1u << 31, 1000, NULL },
  [PROP_EVAL_ITERS]            = { "eval-iters", "logging", FIELD_UINT, 0, 1u << 31, 10, NULL },
  [PROP_TENSORBOARD_DIR]       = { "tensorboard-dir", "logging", FIELD_STRING, 0, 0, 0, "" },
  /* The user's Megatron-LM checkout; "" runs pretrain_gpt.py from the
   * working directory. */
  [PROP_MEGATRON_DIR]          = { "megatron-dir", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_RDZV_PORT]             = { "rdzv-port", "launch", FIELD_UINT, 1, 65535, 29500, NULL },
  /* SLURM fields are the user's: empty means not written, never guessed. */
  [PROP_SLURM_PARTITION]       = { "slurm-partition", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SLURM_ACCOUNT]         = { "slurm-account", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SLURM_TIME]            = { "slurm-time", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SLURM_CPUS_PER_TASK]   = { "slurm-cpus-per-task", "launch", FIELD_UINT, 0, 4096, 0, NULL },
  /* Megatron arguments no field holds, as shell words; kept verbatim. */
  [PROP_EXTRA_ARGS]            = { "extra-args", "advanced", FIELD_STRING, 0, 0, 0, "" },
  /* The custom architecture.  The ranges are those planner-config accepts
   * for the model math; 0 means "not given" where the comment says so. */
  [PROP_HF_CONFIG]             = { "hf-config", "model", FIELD_STRING, 0, 0, 0, "" },
  [PROP_HF_CONFIG_SHA256]      = { "hf-config-sha256", "model", FIELD_STRING, 0, 0, 0, "" },
  [PROP_NUM_LAYERS]            = { "num-layers", "model", FIELD_UINT, 0, 10000, 0, NULL },
  [PROP_HIDDEN_SIZE]           = { "hidden-size", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_NUM_ATTENTION_HEADS]   = { "num-attention-heads", "model", FIELD_UINT, 0, 1u << 16, 0, NULL },
  /* 0: multi-head attention (no --group-query-attention) */
  [PROP_NUM_QUERY_GROUPS]      = { "num-query-groups", "model", FIELD_UINT, 0, 1u << 16, 0, NULL },
  /* 0: hidden / heads, Megatron's default */
  [PROP_KV_CHANNELS]           = { "kv-channels", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_FFN_HIDDEN_SIZE]       = { "ffn-hidden-size", "model", FIELD_UINT, 0, 1u << 24, 0, NULL },
  [PROP_VOCAB_SIZE]            = { "vocab-size", "model", FIELD_UINT, 0, 1u << 28, 0, NULL },
  [PROP_MAX_POSITION_EMBEDDINGS] = { "max-position-embeddings", "model", FIELD_UINT, 0, 1u << 24, 0, NULL },
  [PROP_POSITION_EMBEDDING_TYPE] = { "position-embedding-type", "model", FIELD_STRING, 0, 0, 0, "rope" },
  /* 0: Megatron's default (10000), not written */
  [PROP_ROTARY_BASE]           = { "rotary-base", "model", FIELD_UINT, 0, G_MAXINT32, 0, NULL },
  [PROP_NORMALIZATION]         = { "normalization", "model", FIELD_STRING, 0, 0, 0, "RMSNorm" },
  [PROP_ACTIVATION]            = { "activation", "model", FIELD_STRING, 0, 0, 0, "swiglu" },
  [PROP_UNTIE_EMBEDDINGS]      = { "untie-embeddings-and-output-weights", "model", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_ADD_BIAS_LINEAR]       = { "add-bias-linear", "model", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_QK_LAYERNORM]          = { "qk-layernorm", "model", FIELD_BOOL, 0, 1, 0, NULL },
  /* 0: a dense model */
  [PROP_NUM_EXPERTS]           = { "num-experts", "model", FIELD_UINT, 0, 1u << 16, 0, NULL },
  [PROP_MOE_ROUTER_TOPK]       = { "moe-router-topk", "model", FIELD_UINT, 1, 1u << 16, 2, NULL },
  [PROP_MOE_FFN_HIDDEN_SIZE]   = { "moe-ffn-hidden-size", "model", FIELD_UINT, 0, 1u << 24, 0, NULL },
  /* 0: no shared expert */
  [PROP_MOE_SHARED_EXPERT_SIZE] = { "moe-shared-expert-intermediate-size", "model", FIELD_UINT, 0, 1u << 24, 0, NULL },
  /* "": every layer is MoE; else Megatron's --moe-layer-freq syntax */
  [PROP_MOE_LAYER_FREQ]        = { "moe-layer-freq", "model", FIELD_STRING, 0, 0, 0, "" },
  /* "": Megatron's default (softmax), not written */
  [PROP_MOE_ROUTER_SCORE_FUNCTION] = { "moe-router-score-function", "model", FIELD_STRING, 0, 0, 0, "" },
  [PROP_MULTI_LATENT_ATTENTION] = { "multi-latent-attention", "model", FIELD_BOOL, 0, 1, 0, NULL },
  /* 0: no query compression */
  [PROP_Q_LORA_RANK]           = { "q-lora-rank", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_KV_LORA_RANK]          = { "kv-lora-rank", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_QK_HEAD_DIM]           = { "qk-head-dim", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_QK_POS_EMB_HEAD_DIM]   = { "qk-pos-emb-head-dim", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_V_HEAD_DIM]            = { "v-head-dim", "model", FIELD_UINT, 0, 1u << 20, 0, NULL },
  [PROP_MTP_NUM_LAYERS]        = { "mtp-num-layers", "model", FIELD_UINT, 0, 100, 0, NULL },
  /* Full recompute's method and depth (used only with recompute full). */
  [PROP_RECOMPUTE_METHOD]      = { "recompute-method", "training", FIELD_STRING, 0, 0, 0, "uniform" },
  [PROP_RECOMPUTE_NUM_LAYERS]  = { "recompute-num-layers", "training", FIELD_UINT, 1, 10000, 1, NULL },
  /* Selective recompute's modules, space-separated; "": Megatron's default (core_attn) */
  [PROP_RECOMPUTE_MODULES]     = { "recompute-modules", "training", FIELD_STRING, 0, 0, 0, "" },
  [PROP_TP_COMM_OVERLAP]       = { "tp-comm-overlap", "training", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_OVERLAP_MOE_COMM]      = { "overlap-moe-comm", "training", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_FSDP]                  = { "fsdp", "training", FIELD_STRING, 0, 0, 0, "none" },
  [PROP_PRECISION_AWARE_OPTIMIZER] = { "precision-aware-optimizer", "training", FIELD_BOOL, 0, 1, 0, NULL },
  /* 0: the optimizer stays on the GPU */
  [PROP_OPTIMIZER_OFFLOAD_FRACTION] = { "optimizer-offload-fraction", "training", FIELD_DOUBLE, 0, 1, 0, NULL, 0 },
  /* 0: no activation offloading */
  [PROP_ACTIVATION_OFFLOAD_LAYERS] = { "activation-offload-layers", "training", FIELD_UINT, 0, 10000, 0, NULL },
  [PROP_FP8_PARAM_GATHER]      = { "fp8-param-gather", "training", FIELD_BOOL, 0, 1, 0, NULL },
  /* 0: decay over the whole run (Megatron's default, train_iters) */
  [PROP_LR_DECAY_ITERS]        = { "lr-decay-iters", "training", FIELD_UINT, 0, 1u << 31, 0, NULL },
  /* 0: not written; the WSD schedule's decay phase */
  [PROP_LR_WSD_DECAY_ITERS]    = { "lr-wsd-decay-iters", "training", FIELD_UINT, 0, 1u << 31, 0, NULL },
  [PROP_LR_WARMUP_INIT]        = { "lr-warmup-init", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 0 },
  /* "": the model's id (or "megatron") */
  [PROP_SLURM_JOB_NAME]        = { "slurm-job-name", "launch", FIELD_STRING, 0, 0, 0, "" },
  /* A schedule in samples, as NVIDIA's recipes give it (--train-samples
   * and its learning-rate pair); 0: not given.  Megatron takes it or the
   * iterations, not both. */
  [PROP_TRAIN_SAMPLES]         = { "train-samples", "training", FIELD_UINT, 0, G_MAXUINT32, 0, NULL },
  [PROP_LR_DECAY_SAMPLES]      = { "lr-decay-samples", "training", FIELD_UINT, 0, G_MAXUINT32, 0, NULL },
  [PROP_LR_WARMUP_SAMPLES]     = { "lr-warmup-samples", "training", FIELD_UINT, 0, G_MAXUINT32, 0, NULL },
  /* The Megatron-Core release the cluster runs: a release held (issue 20). */
  [PROP_MEGATRON_VERSION]      = { "megatron-version", "launch", FIELD_STRING, 0, 0, 0, "0.20.0" },
  /* How the layers split over the stages: even (Megatron's default), the
   * embedding and/or the loss counted as a layer, given first and last
   * stage layer counts, or a layout string.  Only the split chosen is
   * written; the others' fields keep their values for when it comes back. */
  [PROP_PIPELINE_SPLIT]        = { "pipeline-split", "parallelism", FIELD_STRING, 0, 0, 0, "even" },
  /* first-last only; 0: not given (Megatron splits that end evenly) */
  [PROP_FIRST_STAGE_LAYERS]    = { "first-stage-layers", "parallelism", FIELD_UINT, 0, 10000, 0, NULL },
  [PROP_LAST_STAGE_LAYERS]     = { "last-stage-layers", "parallelism", FIELD_UINT, 0, 10000, 0, NULL },
  /* layout only: Megatron's --pipeline-model-parallel-layout syntax */
  [PROP_PIPELINE_LAYOUT]       = { "pipeline-layout", "parallelism", FIELD_STRING, 0, 0, 0, "" },
  /* Megatron arguments the recommendation added that no field holds (the
   * flex backend, the shared-expert overlap, …), as shell words: the
   * recommendation's, kept apart from the person's extra arguments. */
  [PROP_RECOMMENDED_ARGS]      = { "recommended-args", "advanced", FIELD_STRING, 0, 0, 0, "" },
  /* 0: Megatron's default (1e-5), not written */
  [PROP_NORM_EPSILON]          = { "norm-epsilon", "model", FIELD_DOUBLE, 0, 1, 0, NULL, 0 },
  [PROP_ADD_QKV_BIAS]          = { "add-qkv-bias", "model", FIELD_BOOL, 0, 1, 0, NULL },
  /* Llama 3's RoPE scaling; the factor's 0 is Megatron's default (8) */
  [PROP_USE_ROPE_SCALING]      = { "use-rope-scaling", "model", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_ROPE_SCALING_FACTOR]   = { "rope-scaling-factor", "model", FIELD_DOUBLE, 0, 1000000, 0, NULL, 0 },
  /* "": full attention; else "left,right" tokens */
  [PROP_WINDOW_SIZE]           = { "window-size", "model", FIELD_STRING, 0, 0, 0, "" },
  /* "": every layer windowed; else --moe-layer-freq's syntax */
  [PROP_WINDOW_ATTN_SKIP_FREQ] = { "window-attn-skip-freq", "model", FIELD_STRING, 0, 0, 0, "" },
  /* "": Megatron's default (vanilla), not written */
  [PROP_SOFTMAX_TYPE]          = { "softmax-type", "model", FIELD_STRING, 0, 0, 0, "" },
  [PROP_MOE_ROUTER_ENABLE_EXPERT_BIAS] = { "moe-router-enable-expert-bias", "model", FIELD_BOOL, 0, 1, 0, NULL },
  /* 0: no group-limited routing */
  [PROP_MOE_ROUTER_NUM_GROUPS] = { "moe-router-num-groups", "model", FIELD_UINT, 0, 1u << 16, 0, NULL },
  [PROP_MOE_ROUTER_GROUP_TOPK] = { "moe-router-group-topk", "model", FIELD_UINT, 0, 1u << 16, 0, NULL },
  /* 0: not written (no scaling) */
  [PROP_MOE_ROUTER_TOPK_SCALING_FACTOR] = { "moe-router-topk-scaling-factor", "model", FIELD_DOUBLE, 0, 1000000, 0, NULL, 0 },
  [PROP_MOE_ROUTER_PRE_SOFTMAX] = { "moe-router-pre-softmax", "model", FIELD_BOOL, 0, 1, 0, NULL },
  /* "": the attention's own (rope, or yarn with MLA), not written */
  [PROP_ROPE_TYPE]             = { "rope-type", "model", FIELD_STRING, 0, 0, 0, "" },
  /* 0: Megatron's default (1), not written */
  [PROP_ROTARY_SCALING_FACTOR] = { "rotary-scaling-factor", "model", FIELD_DOUBLE, 0, 1000000, 0, NULL, 0 },
  /* 0: Megatron's default (1), not written */
  [PROP_MSCALE]                = { "mscale", "model", FIELD_DOUBLE, 0, 1000, 0, NULL, 0 },
  /* 0: Megatron's default (0), not written */
  [PROP_MSCALE_ALL_DIM]        = { "mscale-all-dim", "model", FIELD_DOUBLE, 0, 1000, 0, NULL, 0 },
  /* 0: not written (the model's own) */
  [PROP_YARN_ORIGINAL_MAX_POSITION_EMBEDDINGS] = { "yarn-original-max-position-embeddings", "model", FIELD_UINT, 0, 1u << 24, 0, NULL },
  [PROP_YARN_BETA_FAST]        = { "yarn-beta-fast", "model", FIELD_DOUBLE, 0, 1000, 0, NULL, 0 },
  [PROP_YARN_BETA_SLOW]        = { "yarn-beta-slow", "model", FIELD_DOUBLE, 0, 1000, 0, NULL, 0 },
  /* false writes --no-yarn-correction-range-round-to-int */
  [PROP_YARN_CORRECTION_RANGE_ROUND_TO_INT] = { "yarn-correction-range-round-to-int", "model", FIELD_BOOL, 0, 1, 1, NULL },
};

/* A job file needs three levels (document, section, value); anything much
 * deeper is not a job file, and json-glib's parser recurses per level. */
#define MAX_JSON_DEPTH 16

/* Fixed choices, checked when a file is loaded: either a list here, or a
 * Megatron flag whose choices the 0.20.0 catalog holds.  "" is allowed
 * where the field documents it ("automatic", "the model's"). */
static const char *const precision_choices[] = { "bf16", "fp8", "fp16", "fp32", NULL };
static const char *const fp8_recipe_choices[] = { "", "delayed", "tensorwise", "mxfp8", "blockwise", NULL };
static const char *const recompute_choices[] = { "none", "selective", "full", NULL };
static const char *const activation_choices[] = { "swiglu", "gelu", "squared_relu", NULL };
static const char *const fsdp_choices[] = { "none", "megatron", "torch", NULL };
static const char *const pipeline_split_choices[] = { "even", "embedding-loss", "embedding", "loss", "first-last",
                                                      "layout", NULL };
/* transformer_config.py's allowed recompute modules in 0.20.0 (facts §2.7). */
static const char *const recompute_module_choices[] = {
  "core_attn", "moe_act", "layernorm", "mla_up_proj", "mlp", "moe", "shared_experts",
  "gdn_norm_out", "gdp_in_proj", "gdp_qkv", "mhc", NULL
};

typedef struct
{
  guint              prop;
  const char *const *choices;      /* or NULL: the flag's */
  const char        *flag;
  gboolean           allow_empty;
} FieldChoices;

static const FieldChoices field_choices[] = {
  { PROP_PRECISION, precision_choices, NULL, FALSE },
  { PROP_FP8_RECIPE, fp8_recipe_choices, NULL, TRUE },
  { PROP_RECOMPUTE, recompute_choices, NULL, FALSE },
  { PROP_ATTENTION_BACKEND, NULL, "--attention-backend", FALSE },
  { PROP_LR_DECAY_STYLE, NULL, "--lr-decay-style", FALSE },
  { PROP_TOKENIZER_TYPE, NULL, "--tokenizer-type", TRUE },
  { PROP_MOE_LOAD_BALANCING_TYPE, NULL, "--moe-router-load-balancing-type", FALSE },
  { PROP_MOE_TOKEN_DISPATCHER_TYPE, NULL, "--moe-token-dispatcher-type", FALSE },
  { PROP_POSITION_EMBEDDING_TYPE, NULL, "--position-embedding-type", FALSE },
  { PROP_NORMALIZATION, NULL, "--normalization", FALSE },
  { PROP_ACTIVATION, activation_choices, NULL, FALSE },
  { PROP_MOE_ROUTER_SCORE_FUNCTION, NULL, "--moe-router-score-function", TRUE },
  { PROP_RECOMPUTE_METHOD, NULL, "--recompute-method", FALSE },
  { PROP_FSDP, fsdp_choices, NULL, FALSE },
  { PROP_PIPELINE_SPLIT, pipeline_split_choices, NULL, FALSE },
  { PROP_MEGATRON_VERSION, NULL, NULL, FALSE },
  { PROP_SOFTMAX_TYPE, NULL, "--softmax-type", TRUE },
  { PROP_ROPE_TYPE, NULL, "--rope-type", TRUE },
};

/* The file's sections, in the order they are written. */
static const char *const sections[] = { "model", "cluster", "parallelism", "training", "moe", "data",
                                        "checkpoint", "logging", "launch", "advanced" };

typedef union
{
  guint     u;
  double    d;
  gboolean  b;
  char     *s;
} FieldValue;

struct _PlannerJob
{
  GObject    parent_instance;
  FieldValue values[N_PROPS];
  /* Whether the person gave the field; only the assumable ones (the
   * sequence length and the global batch) can be FALSE. */
  gboolean   given[N_PROPS];
  gboolean   assuming;   /* set_property is not the person's */
};

G_DEFINE_FINAL_TYPE (PlannerJob, planner_job, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_QUARK (planner-job-error-quark, planner_job_error)

static char *
json_key (const char *name)
{
  char *key = g_strdup (name);

  g_strdelimit (key, "-", '_');
  return key;
}

static void
planner_job_finalize (GObject *object)
{
  PlannerJob *self = (PlannerJob *)object;

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (fields[i].type == FIELD_STRING)
        g_clear_pointer (&self->values[i].s, g_free);
    }

  G_OBJECT_CLASS (planner_job_parent_class)->finalize (object);
}

static void
planner_job_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PlannerJob *self = PLANNER_JOB (object);

  if (prop_id == 0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }

  switch (fields[prop_id].type)
    {
    case FIELD_UINT:
      g_value_set_uint (value, self->values[prop_id].u);
      break;
    case FIELD_DOUBLE:
      g_value_set_double (value, self->values[prop_id].d);
      break;
    case FIELD_BOOL:
      g_value_set_boolean (value, self->values[prop_id].b);
      break;
    case FIELD_STRING:
      g_value_set_string (value, self->values[prop_id].s);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The fields a job can hold without the person giving them: their value
 * is then the planner's assumption, said as such (issue 23 #7). */
static gboolean
assumable (guint prop)
{
  return prop == PROP_SEQ_LENGTH || prop == PROP_GLOBAL_BATCH_SIZE;
}

/* A sequence length nobody gave is the catalogue model's own (8192 for
 * Llama 3), as recommend takes it; a job without a catalogue model keeps
 * what it holds. */
static void
follow_model (PlannerJob *self)
{
  const PlannerModel *model;
  guint seq;

  if (self->given[PROP_SEQ_LENGTH] || self->values[PROP_MODEL_ID].s == NULL ||
      *self->values[PROP_MODEL_ID].s == '\0')
    return;
  model = planner_model_lookup (self->values[PROP_MODEL_ID].s);
  if (model == NULL)
    return;
  seq = model->seq_length > 0 ? model->seq_length : fields[PROP_SEQ_LENGTH].uint_default;
  seq = CLAMP (seq, fields[PROP_SEQ_LENGTH].min, fields[PROP_SEQ_LENGTH].max);
  if (self->values[PROP_SEQ_LENGTH].u == seq)
    return;
  self->values[PROP_SEQ_LENGTH].u = seq;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEQ_LENGTH]);
}

static void
planner_job_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PlannerJob *self = PLANNER_JOB (object);
  FieldValue *slot;
  gboolean changed = FALSE;

  if (prop_id == 0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }

  slot = &self->values[prop_id];
  switch (fields[prop_id].type)
    {
    case FIELD_UINT:
      changed = slot->u != g_value_get_uint (value);
      slot->u = g_value_get_uint (value);
      break;
    case FIELD_DOUBLE:
      changed = slot->d != g_value_get_double (value);
      slot->d = g_value_get_double (value);
      break;
    case FIELD_BOOL:
      changed = slot->b != g_value_get_boolean (value);
      slot->b = g_value_get_boolean (value);
      break;
    case FIELD_STRING:
      {
        const char *s = g_value_get_string (value);

        if (s == NULL)
          s = "";
        changed = g_strcmp0 (slot->s, s) != 0;
        if (changed)
          {
            g_free (slot->s);
            slot->s = g_strdup (s);
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }

  /* Any set is a choice, even of the value assumed; the window's rows
   * set a field only when the person changed it. */
  if (assumable (prop_id) && !self->assuming)
    self->given[prop_id] = TRUE;
  if (changed && prop_id == PROP_MODEL_ID)
    follow_model (self);
  if (changed)
    {
      g_object_notify_by_pspec (object, pspec);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

static void
planner_job_class_init (PlannerJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = planner_job_finalize;
  object_class->get_property = planner_job_get_property;
  object_class->set_property = planner_job_set_property;

  for (guint i = 1; i < N_PROPS; i++)
    {
      const FieldInfo *f = &fields[i];

      switch (f->type)
        {
        case FIELD_UINT:
          properties[i] = g_param_spec_uint (f->name, NULL, NULL, f->min, f->max, f->uint_default, flags);
          break;
        case FIELD_DOUBLE:
          properties[i] = g_param_spec_double (f->name, NULL, NULL, f->min, f->max, f->double_default, flags);
          break;
        case FIELD_BOOL:
          properties[i] = g_param_spec_boolean (f->name, NULL, NULL, f->uint_default != 0, flags);
          break;
        case FIELD_STRING:
          properties[i] = g_param_spec_string (f->name, NULL, NULL, f->string_default, flags);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PlannerJob::changed:
   *
   * Emitted once after any input changed, so a view can schedule one
   * re-analysis instead of one per property.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
planner_job_init (PlannerJob *self)
{
  for (guint i = 1; i < N_PROPS; i++)
    {
      self->given[i] = !assumable (i);
      switch (fields[i].type)
        {
        case FIELD_UINT:
          self->values[i].u = fields[i].uint_default;
          break;
        case FIELD_DOUBLE:
          self->values[i].d = fields[i].double_default;
          break;
        case FIELD_BOOL:
          self->values[i].b = fields[i].uint_default != 0;
          break;
        case FIELD_STRING:
          self->values[i].s = g_strdup (fields[i].string_default);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

PlannerJob *
planner_job_new (void)
{
  return g_object_new (PLANNER_TYPE_JOB, NULL);
}

PlannerJob *
planner_job_new_example (void)
{
  /* LLaMA-3 70B on 64 H100s in the reference layout for 70B: TP 4 inside
   * a node, PP 4 over nodes, DP 4 for the rest.  At 4K context it fits
   * with selective recompute; at 8K the first stage would not (NVIDIA's
   * 8K recipe uses PP 8 with a virtual pipeline instead). */
  return g_object_new (PLANNER_TYPE_JOB,
                       "model-id", "llama3-70b",
                       "gpu-id", "h100-sxm",
                       "nodes", 8,
                       "gpus-per-node", 8,
                       "tp", 4,
                       "pp", 4,
                       "seq-length", 4096,
                       "micro-batch-size", 1,
                       "recompute", "selective",
                       NULL);
}

PlannerJob *
planner_job_copy (PlannerJob *self)
{
  PlannerJob *copy;

  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);

  copy = planner_job_new ();
  for (guint i = 1; i < N_PROPS; i++)
    {
      if (fields[i].type == FIELD_STRING)
        {
          g_free (copy->values[i].s);
          copy->values[i].s = g_strdup (self->values[i].s);
        }
      else
        copy->values[i] = self->values[i];
      copy->given[i] = self->given[i];
    }
  return copy;
}

static gboolean
field_equal (PlannerJob *a,
             PlannerJob *b,
             guint       i)
{
  switch (fields[i].type)
    {
    case FIELD_UINT:
      return a->values[i].u == b->values[i].u;
    case FIELD_DOUBLE:
      return a->values[i].d == b->values[i].d;
    case FIELD_BOOL:
      return !a->values[i].b == !b->values[i].b;
    case FIELD_STRING:
      return g_strcmp0 (a->values[i].s, b->values[i].s) == 0;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static char *
field_to_string (PlannerJob *self,
                 guint       i)
{
  switch (fields[i].type)
    {
    case FIELD_UINT:
      return g_strdup_printf ("%u", self->values[i].u);
    case FIELD_DOUBLE:
      return g_strdup_printf ("%g", self->values[i].d);
    case FIELD_BOOL:
      return g_strdup (self->values[i].b ? "true" : "false");
    case FIELD_STRING:
      return g_strdup_printf ("“%s”", self->values[i].s);
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

/* The property id of the @n-th field in file order (sections as written,
 * fields in table order within a section). */
static guint
file_order (guint n)
{
  static guint order[N_PROPS];
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      guint k = 0;

      for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
        for (guint i = 1; i < N_PROPS; i++)
          if (g_str_equal (fields[i].section, sections[s]))
            order[k++] = i;
      g_assert (k == N_PROPS - 1);
      g_once_init_leave (&initialised, 1);
    }
  return order[n];
}

guint
planner_job_get_n_fields (void)
{
  return N_PROPS - 1;
}

const char *
planner_job_get_field_property (guint index)
{
  g_return_val_if_fail (index < N_PROPS - 1, NULL);
  return fields[file_order (index)].name;
}

const char *
planner_job_get_field_section (guint index)
{
  g_return_val_if_fail (index < N_PROPS - 1, NULL);
  return fields[file_order (index)].section;
}

gboolean
planner_job_equal (PlannerJob *a,
                   PlannerJob *b)
{
  g_return_val_if_fail (PLANNER_IS_JOB (a), FALSE);
  g_return_val_if_fail (PLANNER_IS_JOB (b), FALSE);

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (!field_equal (a, b, i))
        return FALSE;
    }
  return TRUE;
}

GStrv
planner_job_list_changes (PlannerJob *before,
                          PlannerJob *after)
{
  g_autoptr(GStrvBuilder) changes = g_strv_builder_new ();

  g_return_val_if_fail (PLANNER_IS_JOB (before), NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (after), NULL);

  for (guint n = 0; n < N_PROPS - 1; n++)
    {
      guint i = file_order (n);
      g_autofree char *key = NULL;
      g_autofree char *old_value = NULL;
      g_autofree char *new_value = NULL;
      g_autofree char *line = NULL;

      if (field_equal (before, after, i))
        continue;
      key = json_key (fields[i].name);
      old_value = field_to_string (before, i);
      new_value = field_to_string (after, i);
      /* g_strv_builder_take needs GLib 2.80; Debian 12 has 2.74. */
      line = g_strdup_printf ("%s.%s: %s → %s", fields[i].section, key, old_value, new_value);
      g_strv_builder_add (changes, line);
    }
  return g_strv_builder_end (changes);
}

/* What the person never gave is listed as assumed ("assumed": [keys]),
 * so it stays the planner's when read back rather than becoming theirs
 * by being saved.  Older planners ignore the key and read the values. */
static void
write_assumed (PlannerJob *self,
               JsonBuilder *builder,
               const char *section)
{
  gboolean begun = FALSE;

  for (guint i = 1; i < N_PROPS; i++)
    {
      g_autofree char *key = NULL;

      if (self->given[i] || !g_str_equal (fields[i].section, section))
        continue;
      if (!begun)
        {
          json_builder_set_member_name (builder, "assumed");
          json_builder_begin_array (builder);
          begun = TRUE;
        }
      key = json_key (fields[i].name);
      json_builder_add_string_value (builder, key);
    }
  if (begun)
    json_builder_end_array (builder);
}

/* Reads a section's "assumed" list into @assumed; names that are not an
 * assumable key of the section are ignored, as unknown keys are. */
static gboolean
read_assumed (JsonObject *root,
              gboolean   *assumed,
              GError    **error)
{
  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      JsonNode *node = json_object_get_member (root, sections[s]);
      JsonNode *list;

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
          (list = json_object_get_member (json_node_get_object (node), "assumed")) == NULL)
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (list))
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       _("%s.assumed must be a list of keys"), sections[s]);
          return FALSE;
        }
      for (guint k = 0; k < json_array_get_length (json_node_get_array (list)); k++)
        {
          JsonNode *item = json_array_get_element (json_node_get_array (list), k);

          if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_STRING)
            {
              g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                           _("%s.assumed must be a list of keys"), sections[s]);
              return FALSE;
            }
          for (guint i = 1; i < N_PROPS; i++)
            {
              g_autofree char *key = json_key (fields[i].name);

              if (assumable (i) && g_str_equal (fields[i].section, sections[s]) &&
                  g_str_equal (key, json_node_get_string (item)))
                assumed[i] = TRUE;
            }
        }
    }
  return TRUE;
}

static gboolean
is_default (PlannerJob *self,
            guint       i)
{
  switch (fields[i].type)
    {
    case FIELD_UINT:
      return self->values[i].u == fields[i].uint_default;
    case FIELD_DOUBLE:
      return self->values[i].d == fields[i].double_default;
    case FIELD_BOOL:
      return self->values[i].b == (fields[i].uint_default != 0);
    case FIELD_STRING:
      return g_str_equal (self->values[i].s, fields[i].string_default);
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

char *
planner_job_to_data (PlannerJob *self,
                     gsize      *length)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, "launch-planner-job");
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, PLANNER_JOB_FORMAT_VERSION);

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      json_builder_set_member_name (builder, sections[s]);
      json_builder_begin_object (builder);
      for (guint i = 1; i < N_PROPS; i++)
        {
          g_autofree char *key = NULL;

          if (!g_str_equal (fields[i].section, sections[s]))
            continue;
          /* A job for the default release reads as it did before releases
           * were a field, so older planners still open it. */
          if (i == PROP_MEGATRON_VERSION && g_str_equal (self->values[i].s, fields[i].string_default))
            continue;
          /* The config's digest came later too (issue 21), and means
           * nothing without a config. */
          if (i == PROP_HF_CONFIG_SHA256 && *self->values[i].s == '\0')
            continue;
          /* So does a job with the even split (the pipeline split's fields
           * came later, issue 22) and one without recommended arguments
           * (issue 23): they are written only when not the default. */
          if (i >= PROP_PIPELINE_SPLIT && i <= PROP_RECOMMENDED_ARGS &&
              (fields[i].type == FIELD_UINT ? self->values[i].u == fields[i].uint_default
                                            : g_str_equal (self->values[i].s, fields[i].string_default)))
            continue;
          /* So do the architecture's options of issue 21. */
          if (i >= PROP_NORM_EPSILON && is_default (self, i))
            continue;

          key = json_key (fields[i].name);
          json_builder_set_member_name (builder, key);
          switch (fields[i].type)
            {
            case FIELD_UINT:
              json_builder_add_int_value (builder, self->values[i].u);
              break;
            case FIELD_DOUBLE:
              json_builder_add_double_value (builder, self->values[i].d);
              break;
            case FIELD_BOOL:
              json_builder_add_boolean_value (builder, self->values[i].b);
              break;
            case FIELD_STRING:
              json_builder_add_string_value (builder, self->values[i].s);
              break;
            default:
              g_assert_not_reached ();
            }
        }
      write_assumed (self, builder, sections[s]);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, length);
}

/* The releases whose tables are compiled in, oldest first. */
static const char *const *
release_choices (void)
{
  static gsize initialised = 0;
  static const char **list;

  if (g_once_init_enter (&initialised))
    {
      guint n = planner_megatron_get_n_releases ();

      list = g_new0 (const char *, n + 1);
      for (guint i = 0; i < n; i++)
        list[i] = planner_megatron_get_release (i);
      g_once_init_leave (&initialised, 1);
    }
  return list;
}

static const FieldChoices *
find_choices (guint prop)
{
  for (guint i = 0; i < G_N_ELEMENTS (field_choices); i++)
    {
      if (field_choices[i].prop == prop)
        return &field_choices[i];
    }
  return NULL;
}

static const char *const *
choice_list (const FieldChoices *c)
{
  const PlannerFlagInfo *info;

  if (c->choices != NULL)
    return c->choices;
  if (c->prop == PROP_MEGATRON_VERSION)
    return release_choices ();
  info = planner_flag_catalog_lookup (c->flag);
  return info != NULL ? info->choices : NULL;
}

GStrv
planner_job_dup_choices (const char *property)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const FieldChoices *c = NULL;
  const char *const *list;

  g_return_val_if_fail (property != NULL, NULL);

  if (g_str_equal (property, "recompute-modules"))
    list = recompute_module_choices;
  else
    {
      for (guint i = 1; i < N_PROPS && c == NULL; i++)
        {
          if (g_str_equal (fields[i].name, property))
            c = find_choices (i);
        }
      if (c == NULL)
        return NULL;
      list = choice_list (c);
      if (c->allow_empty && (list == NULL || !g_strv_contains (list, "")))
        g_strv_builder_add (builder, "");
    }
  if (list != NULL)
    g_strv_builder_addv (builder, (const char **) list);
  return g_strv_builder_end (builder);
}

static char *
join_choices (const char *const *list)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    {
      if (*list[i] == '\0')
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, list[i]);
    }
  return g_string_free (out, FALSE);
}

/* Megatron's --recompute-modules names, separated by spaces or commas. */
static gboolean
check_recompute_modules (const char          *value,
                         const PlannerWords  *reader,
                         GError             **error)
{
  g_auto(GStrv) words = g_strsplit_set (value, " ,", -1);
  guint named = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      named += *words[i] != '\0';
      if (*words[i] == '\0' || g_strv_contains (recompute_module_choices, words[i]))
        continue;
      {
        g_autofree char *valid = join_choices (recompute_module_choices);

        g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                     /* Translators: the first %s is the setting (Recompute Modules), the second a word in it */
                     _("%s holds “%s”, which is not a module Megatron-Core %s recomputes; use %s"),
                     planner_words_name (reader, "training.recompute_modules"), words[i],
                     planner_flag_catalog_get_megatron_version (), valid);
        return FALSE;
      }
    }
  /* "," would silently mean the default: only "" means that. */
  if (named == 0 && *value != '\0')
    {
      g_autofree char *valid = join_choices (recompute_module_choices);

      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   /* Translators: the first %s is the setting (Recompute Modules), the second its value */
                   _("%s is “%s”, which names no module; use %s, or \"\" for Megatron's default"),
                   planner_words_name (reader, "training.recompute_modules"), value, valid);
      return FALSE;
    }
  return TRUE;
}

/* The error names the field in @words (NULL: its job key). */
static gboolean
check_choice (guint                prop,
              const char          *value,
              const PlannerWords  *words,
              GError             **error)
{
  const FieldChoices *c = find_choices (prop);
  const char *const *list;
  g_autofree char *key = NULL;
  g_autofree char *valid = NULL;

  if (prop == PROP_RECOMPUTE_MODULES)
    return check_recompute_modules (value, words, error);
  if (c == NULL)
    return TRUE;
  if (c->allow_empty && *value == '\0')
    return TRUE;
  list = choice_list (c);
  if (list == NULL || g_strv_contains (list, value))
    return TRUE;

  {
    g_autofree char *name = json_key (fields[prop].name);

    key = g_strdup_printf ("%s.%s", fields[prop].section, name);
  }
  valid = join_choices (list);
  g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
               /* Translators: the first %s is the setting (Precision), the second its value */
               c->allow_empty ? _("%s is “%s”, which is not one of the choices: %s (or \"\" for the default)")
                              : _("%s is “%s”, which is not one of the choices: %s"),
               planner_words_name (words, key), value, valid);
  return FALSE;
}

gboolean
planner_job_check_choice (const char  *property,
                          const char  *value,
                          GError     **error)
{
  return planner_job_check_choice_in (property, value, NULL, error);
}

gboolean
planner_job_check_choice_in (const char          *property,
                             const char          *value,
                             const PlannerWords  *words,
                             GError             **error)
{
  g_return_val_if_fail (property != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (g_str_equal (fields[i].name, property))
        return check_choice (i, value, words, error);
    }
  return TRUE;
}

static gboolean
read_field (guint             prop,
            JsonNode         *node,
            FieldValue       *out,
            GError          **error)
{
  const FieldInfo *f = &fields[prop];
  GType value_type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;
  g_autofree char *key = json_key (f->name);

  switch (f->type)
    {
    case FIELD_UINT:
      {
        gint64 v;

        if (value_type != G_TYPE_INT64)
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         _("%s.%s must be a whole number"), f->section, key);
            return FALSE;
          }
        v = json_node_get_int (node);
        if (v < f->min || v > f->max)
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         _("%s.%s is %" PRId64 "; it must be between %u and %u"),
                         f->section, key, v, f->min, f->max);
            return FALSE;
          }
        out->u = (guint) v;
      }
      return TRUE;

    case FIELD_DOUBLE:
      {
        double v;

        if (value_type != G_TYPE_INT64 && value_type != G_TYPE_DOUBLE)
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         _("%s.%s must be a number"), f->section, key);
            return FALSE;
          }
        v = json_node_get_double (node);
        if (!(v >= f->min && v <= f->max))
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         _("%s.%s is %g; it must be between %u and %u"),
                         f->section, key, v, f->min, f->max);
            return FALSE;
          }
        out->d = v;
      }
      return TRUE;

    case FIELD_BOOL:
      if (value_type != G_TYPE_BOOLEAN)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       _("%s.%s must be true or false"), f->section, key);
          return FALSE;
        }
      out->b = json_node_get_boolean (node);
      return TRUE;

    case FIELD_STRING:
      if (value_type != G_TYPE_STRING)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       _("%s.%s must be a string"), f->section, key);
          return FALSE;
        }
      if (!check_choice (prop, json_node_get_string (node), NULL, error))
        return FALSE;
      out->s = g_strdup (json_node_get_string (node));
      return TRUE;

    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

gboolean
planner_job_load_from_data (PlannerJob  *self,
                            const char  *data,
                            gssize       length,
                            GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  FieldValue values[N_PROPS] = { { 0 } };
  gboolean present[N_PROPS] = { FALSE };
  gboolean assumed[N_PROPS] = { FALSE };
  JsonObject *root;
  g_autoptr(GError) local_error = NULL;
  gboolean ok = TRUE;
  JsonNode *version_node;
  JsonNode *format_node;
  gint64 version;

  g_return_val_if_fail (PLANNER_IS_JOB (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (length < 0)
    length = (gssize) strlen (data);

  /* Strict JSON first: json-glib would accept and misread what is not
   * JSON, and recurses once per nesting level. */
  if (!planner_json_check_strict (data, (gsize) length, MAX_JSON_DEPTH, &local_error))
    {
      g_set_error (error, PLANNER_JOB_ERROR,
                   local_error->code == PLANNER_JSON_CHECK_ERROR_VALUE ? PLANNER_JOB_ERROR_FIELD
                                                                       : PLANNER_JOB_ERROR_PARSE,
                   _("Not a job file: %s"), local_error->message);
      return FALSE;
    }
  /* json-glib does not take a byte-order mark; RFC 8259 lets readers skip it. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }

  if (!json_parser_load_from_data (parser, data, length, error))
    {
      g_prefix_error (error, _("Not a job file: "));
      return FALSE;
    }

  /* An empty document parses, with no root at all. */
  if (json_parser_get_root (parser) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_PARSE,
                           _("Not a job file: the top level must be a JSON object"));
      return FALSE;
    }
  root = json_node_get_object (json_parser_get_root (parser));

  format_node = json_object_get_member (root, "format");
  if (format_node == NULL || !JSON_NODE_HOLDS_VALUE (format_node) ||
      json_node_get_value_type (format_node) != G_TYPE_STRING ||
      g_strcmp0 (json_node_get_string (format_node), "launch-planner-job") != 0)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_PARSE,
                           _("Not a job file: \"format\" must be \"launch-planner-job\""));
      return FALSE;
    }

  version_node = json_object_get_member (root, "version");
  if (version_node == NULL || !JSON_NODE_HOLDS_VALUE (version_node) ||
      json_node_get_value_type (version_node) != G_TYPE_INT64)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_VERSION,
                           _("Not a job file: \"version\" must be a whole number (this Launch Planner writes 1)"));
      return FALSE;
    }
  version = json_node_get_int (version_node);
  if (version < 1 || version > PLANNER_JOB_FORMAT_VERSION)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_VERSION,
                   _("The job file has version %" PRId64 "; this Launch Planner reads version 1 to %d"),
                   version, PLANNER_JOB_FORMAT_VERSION);
      return FALSE;
    }

  /* Read everything first and apply only when all of it is valid, so a
   * bad file never leaves the job half-changed. */
  for (guint i = 1; ok && i < N_PROPS; i++)
    {
      g_autofree char *key = json_key (fields[i].name);
      JsonObject *section;
      JsonNode *node;

      if (!json_object_has_member (root, fields[i].section))
        continue;
      node = json_object_get_member (root, fields[i].section);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       _("\"%s\" must be an object"), fields[i].section);
          ok = FALSE;
          break;
        }
      section = json_node_get_object (node);
      if (!json_object_has_member (section, key))
        continue;
      ok = read_field (i, json_object_get_member (section, key), &values[i], error);
      present[i] = ok;
    }

  if (ok)
    ok = read_assumed (root, assumed, error);

  /* Each factor is in range on its own, but together they can pass what
   * the planner plans for: say which fields, not that Megatron refuses. */
  if (ok)
    {
      guint64 nodes = present[PROP_NODES] ? values[PROP_NODES].u : self->values[PROP_NODES].u;
      guint64 per_node = present[PROP_GPUS_PER_NODE] ? values[PROP_GPUS_PER_NODE].u
                                                    : self->values[PROP_GPUS_PER_NODE].u;

      if (nodes * per_node > PLANNER_MAX_WORLD_SIZE)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       _("cluster.nodes × cluster.gpus_per_node is %" PRIu64 " × %" PRIu64
                         " = %" PRIu64 " GPUs, more than the planner plans for (%u); lower cluster.nodes "
                         "or cluster.gpus_per_node"), nodes, per_node, nodes * per_node, PLANNER_MAX_WORLD_SIZE);
          ok = FALSE;
        }
    }

  if (ok)
    {
      g_object_freeze_notify (G_OBJECT (self));
      for (guint i = 1; i < N_PROPS; i++)
        {
          g_auto(GValue) value = G_VALUE_INIT;

          if (!present[i])
            continue;
          g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (properties[i]));
          switch (fields[i].type)
            {
            case FIELD_UINT:
              g_value_set_uint (&value, values[i].u);
              break;
            case FIELD_DOUBLE:
              g_value_set_double (&value, values[i].d);
              break;
            case FIELD_BOOL:
              g_value_set_boolean (&value, values[i].b);
              break;
            case FIELD_STRING:
              g_value_set_string (&value, values[i].s);
              break;
            default:
              g_assert_not_reached ();
            }
          g_object_set_property (G_OBJECT (self), fields[i].name, &value);
        }
      /* A file is a whole job: what it leaves out, nobody gave. */
      for (guint i = 1; i < N_PROPS; i++)
        if (assumable (i))
          self->given[i] = present[i] && !assumed[i];
      follow_model (self);
      g_object_thaw_notify (G_OBJECT (self));
    }

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (fields[i].type == FIELD_STRING)
        g_free (values[i].s);
    }
  return ok;
}

static guint
find_field (const char *property,
            FieldType   type)
{
  for (guint i = 1; i < N_PROPS; i++)
    {
      if (g_str_equal (fields[i].name, property))
        {
          g_return_val_if_fail (fields[i].type == type, 0);
          return i;
        }
    }
  g_return_val_if_reached (0);
}

guint
planner_job_get_uint (PlannerJob *self,
                      const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), 0);

  i = find_field (property, FIELD_UINT);
  return i ? self->values[i].u : 0;
}

gboolean
planner_job_get_bool (PlannerJob *self,
                      const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), FALSE);

  i = find_field (property, FIELD_BOOL);
  return i ? self->values[i].b : FALSE;
}

double
planner_job_get_double (PlannerJob *self,
                        const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), 0);

  i = find_field (property, FIELD_DOUBLE);
  return i ? self->values[i].d : 0;
}

const char *
planner_job_get_string (PlannerJob *self,
                        const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);

  i = find_field (property, FIELD_STRING);
  return i ? self->values[i].s : "";
}

const char *
planner_job_get_model_id (PlannerJob *self)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);
  return self->values[PROP_MODEL_ID].s;
}

const char *
planner_job_get_gpu_id (PlannerJob *self)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);
  return self->values[PROP_GPU_ID].s;
}

guint
planner_job_get_world_size (PlannerJob *self)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), 0);
  /* Both factors are bounded by the property ranges: no overflow. */
  return self->values[PROP_NODES].u * self->values[PROP_GPUS_PER_NODE].u;
}

gboolean
planner_job_is_given (PlannerJob *self,
                      const char *property)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), FALSE);
  g_return_val_if_fail (property != NULL, FALSE);

  for (guint i = 1; i < N_PROPS; i++)
    if (g_str_equal (fields[i].name, property))
      return self->given[i];
  g_return_val_if_reached (FALSE);
}

void
planner_job_set_given (PlannerJob *self,
                       const char *property,
                       gboolean    given)
{
  g_return_if_fail (PLANNER_IS_JOB (self));
  g_return_if_fail (property != NULL);

  for (guint i = 1; i < N_PROPS; i++)
    if (g_str_equal (fields[i].name, property))
      {
        if (!assumable (i) || self->given[i] == !!given)
          return;
        self->given[i] = !!given;
        if (i == PROP_SEQ_LENGTH && !given)
          follow_model (self);
        g_signal_emit (self, signals[CHANGED], 0);
        return;
      }
  g_return_if_reached ();
}

void
planner_job_set_assumed_uint (PlannerJob *self,
                              const char *property,
                              guint       value)
{
  g_return_if_fail (PLANNER_IS_JOB (self));

  self->assuming = TRUE;
  g_object_set (self, property, value, NULL);
  self->assuming = FALSE;
  planner_job_set_given (self, property, FALSE);
}

void
planner_job_assign (PlannerJob *to,
                    PlannerJob *from)
{
  gboolean was_given[N_PROPS];
  gboolean given_changed = FALSE;

  g_return_if_fail (PLANNER_IS_JOB (to));
  g_return_if_fail (PLANNER_IS_JOB (from));

  memcpy (was_given, to->given, sizeof was_given);
  g_object_freeze_notify (G_OBJECT (to));
  for (guint i = 1; i < N_PROPS; i++)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (properties[i]));
      g_object_get_property (G_OBJECT (from), fields[i].name, &value);
      g_object_set_property (G_OBJECT (to), fields[i].name, &value);
    }
  /* The values are @from's already; only whose they are is copied.  Whose
   * they are is part of the job (the file writes it, the window shows it). */
  for (guint i = 1; i < N_PROPS; i++)
    {
      given_changed = given_changed || was_given[i] != from->given[i];
      to->given[i] = from->given[i];
    }
  g_object_thaw_notify (G_OBJECT (to));
  if (given_changed)
    g_signal_emit (to, signals[CHANGED], 0);
}
