/* planner-catalog.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"

G_BEGIN_DECLS

/* Expected model FLOPs utilisation, as a range, from published runs. */
typedef struct
{
  double      low;
  double      high;
  const char *source;
} PlannerMfuRange;

/* One GPU type.  Owned by the catalog; never freed by callers. */
typedef struct
{
  const char     *id;
  const char     *name;
  const char     *architecture;       /* "Ampere", "Hopper", ... */
  guint64         memory_bytes;       /* usable device memory (what nvidia-smi reports) */
  double          memory_marketed_gb; /* the number on the datasheet */
  double          peak_bf16_tflops;   /* dense, no sparsity */
  double          peak_fp16_tflops;
  double          peak_fp8_tflops;    /* 0 when unsupported */
  gboolean        supports_bf16;
  gboolean        supports_fp8;
  guint32         compute_capability_major;
  guint32         compute_capability_minor;
  guint32         nvlink_domain_size; /* GPUs that reach each other over NVLink */
  double          intra_node_gbps;    /* GB/s per GPU, one direction */
  double          inter_node_gbps;    /* GB/s per GPU, typical fabric */
  PlannerMfuRange mfu_dense_bf16;
  PlannerMfuRange mfu_dense_fp8;
  PlannerMfuRange mfu_moe_bf16;
  PlannerMfuRange mfu_moe_fp8;
  const char     *source;
} PlannerGpu;

/* One model: the dimensions Megatron needs.  Owned by the catalog, or by
 * the caller for planner_model_new_from_size(). */
typedef struct
{
  char     *id;
  char     *name;
  char     *family;
  char     *source;
  /* Dense dimensions */
  guint32   num_layers;
  guint64   hidden_size;
  guint32   num_attention_heads;
  guint32   num_query_groups;       /* 0 = multi-head attention (no GQA) */
  guint64   kv_channels;            /* 0 = hidden / heads */
  guint64   ffn_hidden_size;
  gboolean  swiglu;
  gboolean  squared_relu;
  gboolean  rmsnorm;
  gboolean  add_bias_linear;
  gboolean  qk_layernorm;
  gboolean  untie_embeddings_and_output_weights;
  char     *position_embedding_type; /* "rope", "learned_absolute", ... */
  guint64   rotary_base;            /* 0 = not rope */
  guint64   vocab_size;
  char     *tokenizer_type;
  char     *tokenizer_model_hint;   /* a hub id the user may use; never a path */
  guint32   max_position_embeddings;
  guint32   seq_length;
  /* Mixture of experts; num_experts 0 = dense */
  guint32   num_experts;
  guint32   moe_router_topk;
  guint64   moe_ffn_hidden_size;
  guint64   moe_shared_expert_intermediate_size;
  char     *moe_layer_freq;         /* NULL = every layer, else Megatron's syntax */
  char     *moe_router_score_function; /* NULL = Megatron's default */
  /* Multi-latent attention */
  gboolean  multi_latent_attention;
  guint64   q_lora_rank;
  guint64   kv_lora_rank;
  guint64   qk_head_dim;
  guint64   qk_pos_emb_head_dim;
  guint64   v_head_dim;
  guint32   mtp_num_layers;
  /* Group-limited routing (DeepSeek-V3: 8 groups, 4 per token); 0 = none */
  guint32   moe_router_num_groups;
  guint32   moe_router_group_topk;
  /* Dropout as published (NVIDIA's recipes train most models without it);
   * only when dropout_given, else Megatron's defaults (0.1 each) */
  gboolean  dropout_given;
  double    hidden_dropout;
  double    attention_dropout;
  const char *dropout_source;       /* interned (g_intern_string): a by-value copy of the struct stays safe */
  /* For custom models: which dimensions were assumed (NULL-terminated) */
  char    **assumed;
  /* What the dimensions above cannot say, as Megatron words
   * ("--add-qkv-bias", "--window-size", "127,0", …), NULL-terminated or
   * NULL: written with them by planner_model_apply_to_args. */
  char    **extra_args;
  /* The Hugging Face config.json the entry was made from (a file of
   * tests/core/hf-configs, whose README gives its address), or NULL. */
  char     *hf_config;
} PlannerModel;

/* Parameter counts computed from the dimensions (never typed in). */
typedef struct
{
  double total;        /* every parameter, both embeddings when untied, MTP */
  double active;       /* per token: routed experts counted topk times;
                        * see planner_model_params_active_definition() */
  double active_without_embedding; /* active less the input embedding
                                    * when untied: OpenAI's count */
  double embedding;    /* h·V (input embedding) */
  double output_layer; /* h·V when untied, else 0 */
  double per_layer_dense;
  double per_layer_moe;
} PlannerModelParams;

#define PLANNER_CATALOG_ERROR (planner_catalog_error_quark ())

typedef enum
{
  PLANNER_CATALOG_ERROR_NOT_FOUND,
  PLANNER_CATALOG_ERROR_INVALID,
} PlannerCatalogError;

GQuark              planner_catalog_error_quark    (void);

/* Catalogs are loaded once from the compiled-in resources. */
const PlannerModel *planner_model_lookup           (const char          *id);
/* NULL-terminated, catalog order; the array is owned by the catalog. */
const PlannerModel *const *planner_model_list      (guint               *n_models);
const PlannerGpu   *planner_gpu_lookup             (const char          *id);
const PlannerGpu   *const *planner_gpu_list        (guint               *n_gpus);

/* A LLaMA-style model of about @params_b billion parameters (dense).
 * seq_length and vocab_size 0 pick defaults (4096 and 128256).  The
 * dimensions chosen are listed in model->assumed. */
PlannerModel       *planner_model_new_from_size    (double               params_b,
                                                    guint32              seq_length,
                                                    guint64              vocab_size,
                                                    GError             **error);
void                planner_model_free             (PlannerModel        *model);

/* Sets the Megatron arguments (by dest, flags spelled as Megatron spells
 * them) that describe the model.  Leaves everything else alone. */
void                planner_model_apply_to_args    (const PlannerModel  *model,
                                                    PlannerArgs         *args);
/* Counts at tp 1 (the vocabulary padded to 128). */
/* How the model was published to train beyond its dimensions (no dropout
 * for most presets); sets only what @args leaves unset. */
void                planner_model_apply_training_to_args (const PlannerModel *model,
                                                          PlannerArgs        *args);
gboolean            planner_model_is_moe           (const PlannerModel  *model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerModel, planner_model_free)

G_END_DECLS
