/* planner-hf-families.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One table per family of Hugging Face configs: what the family's
 * Megatron-Bridge bridge sets whatever the config says, and the keys of
 * the family that Megatron-Core 0.20's pretrain_gpt.py flags cannot carry.
 * The keys every family shares (layers, widths, heads, RoPE, norms,
 * biases, experts, latent ranks) are mapped in planner-hf-config.c.
 * Written from reading the bridges; nothing is copied from them.
 */

#define G_LOG_DOMAIN "planner-hf-config"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-hf-config-private.h"

/* Megatron-Bridge src/megatron/bridge/models/llama/llama_bridge.py:
 * RMSNorm, gated SiLU, no biases, RoPE; rope_scaling of type llama3 turns
 * rope scaling on (its factor is the model's; 0.20's pretrain_gpt.py
 * passes only the switch, so Megatron uses 8). */
static const PlannerHfKeyRule llama_keys[] = {
  { "pretraining_tp", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/qwen/qwen2_bridge.py: as
 * Llama, with q, k and v biases always. */
static const PlannerHfKeyRule qwen2_keys[] = {
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/qwen/qwen3_bridge.py: as
 * Qwen2 without the biases, with q and k norms. */
static const PlannerHfKeyRule qwen3_keys[] = {
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/qwen/qwen3_moe_bridge.py:
 * Qwen3 with routed experts on every layer (decoder_sparse_step 1); the
 * probabilities are softmaxed before the top-k unless norm_topk_prob. */
static const PlannerHfKeyRule qwen3_moe_keys[] = {
  { "decoder_sparse_step", NULL },
  { "mlp_only_layers", NULL },
  { "norm_topk_prob", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/mistral/mistral_bridge.py
 * and mistral_provider.py: Llama's shape; sliding_window W is a window of
 * (W - 1, 0) on every layer. */
static const PlannerHfKeyRule mistral_keys[] = {
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/mixtral/mixtral_bridge.py
 * (commit 1ee926b34): Mistral's attention, num_local_experts experts of
 * intermediate_size on every layer, top num_experts_per_tok. */
static const PlannerHfKeyRule mixtral_keys[] = {
  { "router_jitter_noise", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/deepseek/deepseek_v2_bridge.py
 * and mla_provider.py: multi-latent attention with its latent norms,
 * first_k_dense_replace dense layers then experts (--moe-layer-freq),
 * n_shared_experts × moe_intermediate_size shared, softmax before top-k. */
static const PlannerHfKeyRule deepseek_v2_keys[] = {
  { "first_k_dense_replace", NULL },
  { "n_shared_experts", NULL },
  { "topk_method", NULL },
  { "norm_topk_prob", NULL },
  { "ep_size", NULL },
  { "seq_aux", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/deepseek/deepseek_v3_bridge.py:
 * DeepSeek-V2's mapping with sigmoid scores, a learned expert bias
 * (topk_method noaux_tc), group-limited routing (n_group, topk_group) and
 * num_nextn_predict_layers MTP layers. */
static const PlannerHfKeyRule deepseek_v3_keys[] = {
  { "first_k_dense_replace", NULL },
  { "n_shared_experts", NULL },
  { "topk_method", NULL },
  { "norm_topk_prob", NULL },
  { "ep_size", NULL },
  { "seq_aux", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/gpt_oss/gpt_oss_bridge.py:
 * quick-GeGLU with a linear offset of 1 and a clamp (swiglu_limit),
 * learnable softmax sinks, windows of (sliding_window - 1, 0) on every
 * other layer, YaRN, biases everywhere, experts of intermediate_size. */
static const PlannerHfKeyRule gpt_oss_keys[] = {
  { "swiglu_limit", NULL },
  { "layer_types", NULL },
  { "experts_per_token", NULL },
  { "initial_context_length", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/gemma/gemma_bridge.py and
 * gemma_provider.py: RMSNorm with (1 + w), gated tanh GELU, tied
 * embeddings scaled by √hidden_size. */
static const PlannerHfKeyRule gemma_keys[] = {
  { "hidden_activation", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/gemma/gemma2_bridge.py and
 * gemma2_provider.py: Gemma with windows on every other layer, logit
 * soft-capping, query_pre_attn_scalar and norms after attention and MLP. */
static const PlannerHfKeyRule gemma2_keys[] = {
  { "hidden_activation", NULL },
  { "query_pre_attn_scalar", NULL },
  { "sliding_window_size", NULL },
  { "cache_implementation", NULL },
  { NULL }
};

/* Megatron-Bridge src/megatron/bridge/models/gemma/gemma3_bridge.py and
 * gemma3_provider.py: Gemma 2's shape with q and k norms, windows on five
 * layers of six, a RoPE base of its own on the windowed layers. */
static const PlannerHfKeyRule gemma3_keys[] = {
  { "hidden_activation", NULL },
  { "query_pre_attn_scalar", NULL },
  { "sliding_window_pattern", NULL },
  { "layer_types", NULL },
  { "rope_local_base_freq",
    N_("Gemma 3 gives the windowed layers a RoPE base of their own; Megatron-Core 0.20's --rotary-base is one "
       "base for every layer (rope_theta is written)") },
  { "cache_implementation", NULL },
  { NULL }
};

#define DENSE (PLANNER_HF_SWIGLU)

static const PlannerHfFamily families[] = {
  { "LlamaForCausalLM", "llama", "src/megatron/bridge/models/llama/llama_bridge.py",
    DENSE, FALSE, 1e-6, 10000.0, llama_keys },
  { "Qwen2ForCausalLM", "qwen2", "src/megatron/bridge/models/qwen/qwen2_bridge.py",
    DENSE | PLANNER_HF_QKV_BIAS | PLANNER_HF_QWEN_WINDOW, FALSE, 1e-6, 10000.0, qwen2_keys },
  { "Qwen3ForCausalLM", "qwen3", "src/megatron/bridge/models/qwen/qwen3_bridge.py",
    DENSE | PLANNER_HF_QK_NORM | PLANNER_HF_QWEN_WINDOW, FALSE, 1e-6, 10000.0, qwen3_keys },
  { "Qwen3MoeForCausalLM", "qwen3-moe", "src/megatron/bridge/models/qwen/qwen3_moe_bridge.py",
    DENSE | PLANNER_HF_QK_NORM | PLANNER_HF_MOE | PLANNER_HF_QWEN_WINDOW, FALSE, 1e-6, 10000.0, qwen3_moe_keys },
  { "MistralForCausalLM", "mistral", "src/megatron/bridge/models/mistral/mistral_bridge.py",
    DENSE | PLANNER_HF_WINDOW, FALSE, 1e-6, 10000.0, mistral_keys },
  { "MixtralForCausalLM", "mixtral", "src/megatron/bridge/models/mixtral/mixtral_bridge.py",
    DENSE | PLANNER_HF_MOE | PLANNER_HF_WINDOW, FALSE, 1e-5, 1e6, mixtral_keys },
  { "DeepseekV2ForCausalLM", "deepseek-v2", "src/megatron/bridge/models/deepseek/deepseek_v2_bridge.py",
    DENSE | PLANNER_HF_QK_NORM | PLANNER_HF_MOE | PLANNER_HF_MLA, FALSE, 1e-6, 10000.0, deepseek_v2_keys },
  { "DeepseekV3ForCausalLM", "deepseek-v3", "src/megatron/bridge/models/deepseek/deepseek_v3_bridge.py",
    DENSE | PLANNER_HF_QK_NORM | PLANNER_HF_MOE | PLANNER_HF_MLA, FALSE, 1e-6, 10000.0, deepseek_v3_keys },
  { "GptOssForCausalLM", "gpt-oss", "src/megatron/bridge/models/gpt_oss/gpt_oss_bridge.py",
    PLANNER_HF_MOE | PLANNER_HF_WINDOW_PATTERN | PLANNER_HF_GPT_OSS | PLANNER_HF_QKV_BIAS | PLANNER_HF_BIAS_LINEAR,
    FALSE, 1e-5, 150000.0, gpt_oss_keys },
  { "GemmaForCausalLM", "gemma", "src/megatron/bridge/models/gemma/gemma_bridge.py",
    PLANNER_HF_GEMMA, TRUE, 1e-6, 10000.0, gemma_keys },
  { "Gemma2ForCausalLM", "gemma2", "src/megatron/bridge/models/gemma/gemma2_bridge.py",
    PLANNER_HF_GEMMA | PLANNER_HF_WINDOW_PATTERN, TRUE, 1e-6, 10000.0, gemma2_keys },
  { "Gemma3ForCausalLM", "gemma3", "src/megatron/bridge/models/gemma/gemma3_bridge.py",
    PLANNER_HF_GEMMA | PLANNER_HF_WINDOW_PATTERN | PLANNER_HF_QK_NORM, TRUE, 1e-6, 1e6, gemma3_keys },
  /* The multimodal Gemma 3 holds the same text model under text_config. */
  { "Gemma3ForConditionalGeneration", "gemma3", "src/megatron/bridge/models/gemma/gemma3_bridge.py",
    PLANNER_HF_GEMMA | PLANNER_HF_WINDOW_PATTERN | PLANNER_HF_QK_NORM, TRUE, 1e-6, 1e6, gemma3_keys },
};

const PlannerHfFamily *
planner_hf_family_lookup (const char *architecture)
{
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (g_strcmp0 (families[i].architecture, architecture) == 0)
      return &families[i];
  return NULL;
}

gboolean
planner_hf_key_is_bookkeeping (const char *key)
{
  static const char *const keys[] = {
    "architectures", "model_type", "_name_or_path", "torch_dtype", "dtype", "transformers_version", "use_cache",
    "bos_token_id", "eos_token_id", "pad_token_id", "tokenizer_class", "auto_map", "output_router_logits",
    "router_aux_loss_coef", "aux_loss_alpha", "initializer_range", "attention_dropout", "hidden_dropout",
    "return_dict", "output_hidden_states", "output_attentions", "is_encoder_decoder", "id2label", "label2id",
    "quantization", "quantization_config", "unsloth_fixed", "pretraining_tp", "image_token_index",
    "boi_token_index", "eoi_token_index", "mm_tokens_per_image", "bos_token", "eos_token", "chat_template",
    "generation_config", "tie_word_embeddings", "rope_parameters",
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (keys[i], key))
      return TRUE;
  return FALSE;
}
