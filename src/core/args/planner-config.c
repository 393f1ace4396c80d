/* planner-config.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-config"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-config-private.h"

#include <string.h>

/* The pretrain_gpt default tokenizer (GPT2BPETokenizer) has this many tokens. */
#define GPT2_VOCAB_SIZE   50257

guint64
planner_padded_vocab_size (guint64 vocab_size,
                           guint32 divisor,
                           guint32 tp)
{
  guint64 multiple;

  if (divisor == 0)
    divisor = 1;
  if (tp == 0)
    tp = 1;
  multiple = (guint64) divisor * tp;

  return ((vocab_size + multiple - 1) / multiple) * multiple;
}

guint32
planner_config_count_moe_layers (const PlannerConfig *config)
{
  guint32 count = 0;

  g_return_val_if_fail (config != NULL, 0);

  if (config->num_experts == 0 || config->moe_layer_pattern == NULL)
    return 0;

  for (guint32 i = 0; i < config->num_layers; i++)
    count += config->moe_layer_pattern[i] ? 1 : 0;

  return count;
}

double
planner_config_mla_params (const PlannerConfig *config,
                           double               norm)
{
  double h = (double) config->hidden_size, n = (double) config->num_attention_heads;
  double dqk = (double) config->qk_head_dim;
  double dpos = (double) config->qk_pos_emb_head_dim;
  double dv = (double) config->v_head_dim;
  double q_term;

  if (config->q_lora_rank == 0)
    q_term = h * n * (dqk + dpos);
  else
    q_term = (double) config->q_lora_rank * (h + n * (dqk + dpos) + norm);
  return q_term
         + (double) config->kv_lora_rank * (h + n * (dqk + dv) + norm)
         + h * dpos
         + n * dv * h;
}

/* Reads an integer argument, refusing negative or absurd values.  A
 * missing one gives @fallback. */
static gboolean
get_uint (const PlannerArgs  *args,
          const char         *dest,
          const char         *flag,
          guint64             fallback,
          guint64             min,
          guint64             max,
          guint64            *out,
          GError            **error)
{
  gint64 value;

  if (!planner_args_is_set (args, dest) || planner_args_get_string (args, dest, NULL) == NULL)
    {
      *out = fallback;
      return TRUE;
    }

  value = planner_args_get_int (args, dest, G_MININT64);
  if (value == G_MININT64)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("{%s} “%s” is not an integer"),
                   planner_args_get_flag (args, dest) ? planner_args_get_flag (args, dest) : flag,
                   planner_args_get_string (args, dest, ""));
      return FALSE;
    }
  if (value < 0 || (guint64) value < min || (guint64) value > max)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("{%s} %" PRId64 " is out of range: use a value from %" PRIu64
                     " to %" PRIu64),
                   planner_args_get_flag (args, dest) ? planner_args_get_flag (args, dest) : flag,
                   value, min, max);
      return FALSE;
    }
  *out = (guint64) value;
  return TRUE;
}

static gboolean
require_uint (const PlannerArgs  *args,
              const char         *dest,
              const char         *flag,
              guint64             max,
              guint64            *out,
              GError            **error)
{
  if (!planner_args_is_set (args, dest) || planner_args_get_string (args, dest, NULL) == NULL)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_MISSING,
                   _("{%s} is required: Megatron cannot build the model without it"), flag);
      return FALSE;
    }
  return get_uint (args, dest, flag, 0, 1, max, out, error);
}

static gboolean
string_equal (const char *a,
              const char *b)
{
  return a != NULL && g_strcmp0 (a, b) == 0;
}

/* Bytes of one element of a --main-params-dtype / --exp-avg-dtype choice;
 * junk reads as Megatron's default, fp32. */
static guint8
dtype_bytes (const char *text)
{
  if (string_equal (text, "bf16") || string_equal (text, "fp16"))
    return 2;
  if (string_equal (text, "fp8"))
    return 1;
  return 4;
}

/* What validate_args and TransformerConfig make of the memory-saving
 * options: FSDP, the precision-aware optimizer, the FP8 recipe, activation
 * offloading and the recompute modules. */
static void
read_memory_savers (PlannerConfig     *c,
                    const PlannerArgs *args)
{
  static const struct
  {
    const char             *name;
    PlannerRecomputeModules bit;
  } modules[] = {
    { "core_attn", PLANNER_RECOMPUTE_MODULE_CORE_ATTN },
    { "moe_act", PLANNER_RECOMPUTE_MODULE_MOE_ACT },
    { "layernorm", PLANNER_RECOMPUTE_MODULE_LAYERNORM },
    { "mla_up_proj", PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ },
    { "mlp", PLANNER_RECOMPUTE_MODULE_MLP },
    { "moe", PLANNER_RECOMPUTE_MODULE_MOE },
    { "shared_experts", PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS },
  };
  static const char *const recipes[] = { "delayed", "tensorwise", "mxfp8", "blockwise", "custom" };
  const char *const *list;
  const char *text;
  gint64 layers, groups, group_topk;

  if (planner_args_get_bool (args, "use_torch_fsdp2", FALSE))
    c->fsdp = PLANNER_FSDP_TORCH;
  /* use_custom_fsdp: its name before 0.14. */
  else if (planner_args_get_bool (args, "use_megatron_fsdp", FALSE) ||
           planner_args_get_bool (args, "use_custom_fsdp", FALSE))
    c->fsdp = PLANNER_FSDP_MEGATRON;
  text = planner_args_get_string (args, "data_parallel_sharding_strategy", "optim_grads_params");
  if (string_equal (text, "no_shard"))
    c->fsdp_sharding = PLANNER_SHARDING_NO_SHARD;
  else if (string_equal (text, "optim"))
    c->fsdp_sharding = PLANNER_SHARDING_OPTIM;
  else if (string_equal (text, "optim_grads"))
    c->fsdp_sharding = PLANNER_SHARDING_OPTIM_GRADS;
  else
    c->fsdp_sharding = PLANNER_SHARDING_OPTIM_GRADS_PARAMS;

  /* The dtypes apply only with the precision-aware optimizer (Megatron
   * refuses them otherwise). */
  c->precision_aware_optimizer = planner_args_get_bool (args, "use_precision_aware_optimizer", FALSE);
  c->main_params_bytes = 4;
  c->exp_avg_bytes = 4;
  c->exp_avg_sq_bytes = 4;
  c->main_grads_bytes = 4;
  if (c->precision_aware_optimizer)
    {
      c->main_params_bytes = dtype_bytes (planner_args_get_string (args, "main_params_dtype", "fp32"));
      c->exp_avg_bytes = dtype_bytes (planner_args_get_string (args, "exp_avg_dtype", "fp32"));
      c->exp_avg_sq_bytes = dtype_bytes (planner_args_get_string (args, "exp_avg_sq_dtype", "fp32"));
      c->main_grads_bytes = dtype_bytes (planner_args_get_string (args, "main_grads_dtype", "fp32"));
    }
  /* Half-precision training keeps gradients in the parameter dtype unless
   * they are accumulated in fp32: bf16 does by default (unless reduced in
   * bf16), fp16 only with --accumulate-allreduce-grads-in-fp32. */
  if (c->precision == PLANNER_PRECISION_BF16 && c->grad_reduce_in_bf16)
    c->main_grads_bytes = 2;
  else if (c->precision == PLANNER_PRECISION_FP16 &&
           !planner_args_get_bool (args, "accumulate_allreduce_grads_in_fp32", FALSE))
    c->main_grads_bytes = 2;
  else if (c->precision == PLANNER_PRECISION_FP32)
    c->main_grads_bytes = 4;

  text = planner_args_get_string (args, "fp8_recipe", "delayed");
  c->fp8_recipe = PLANNER_FP8_RECIPE_DELAYED;
  for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
    if (string_equal (text, recipes[i]))
      c->fp8_recipe = (PlannerFp8Recipe) i;

  layers = planner_args_get_int (args, "cpu_offloading_num_layers", 0);
  c->cpu_offloading_num_layers = layers > 0 && layers < (gint64) c->num_layers ? (guint32) layers : 0;

  /* TransformerConfig: the modules default to core_attn; the deprecated
   * --moe-layer-recompute turns selective on and adds moe. */
  list = planner_args_get_list (args, "recompute_modules");
  if (planner_args_is_set (args, "recompute_modules") && list != NULL)
    {
      for (guint i = 0; list[i] != NULL; i++)
        for (guint m = 0; m < G_N_ELEMENTS (modules); m++)
          if (string_equal (list[i], modules[m].name))
            c->recompute_modules |= modules[m].bit;
    }
  else
    c->recompute_modules = PLANNER_RECOMPUTE_MODULE_CORE_ATTN;
  if (planner_args_get_bool (args, "moe_layer_recompute", FALSE) && c->recompute != PLANNER_RECOMPUTE_FULL)
    {
      c->recompute = PLANNER_RECOMPUTE_SELECTIVE;
      c->recompute_modules |= PLANNER_RECOMPUTE_MODULE_MOE;
    }

  c->attention_dropout = planner_args_get_double (args, "attention_dropout", 0.1);
  if (!(c->attention_dropout >= 0.0 && c->attention_dropout <= 1.0))
    c->attention_dropout = 0.1;
  if (!planner_args_get_bool (args, "cross_entropy_loss_fusion", FALSE))
    c->cross_entropy_fusion = PLANNER_LOSS_UNFUSED;
  else if (string_equal (planner_args_get_string (args, "cross_entropy_fusion_impl", "native"), "te"))
    c->cross_entropy_fusion = PLANNER_LOSS_FUSED_TE;
  else
    c->cross_entropy_fusion = PLANNER_LOSS_FUSED_NATIVE;

  c->overlap_moe_comm = planner_args_get_bool (args, "overlap_moe_expert_parallel_comm", FALSE);

  /* TEGroupedMLP multiplies the expert activation by the routing weights
   * in one fused kernel only for SwiGLU with bias-activation fusion. */
  c->moe_fused_weighted_activation = c->swiglu && planner_args_get_bool (args, "bias_swiglu_fusion", TRUE) &&
                                     !planner_args_get_bool (args, "use_te_activation_func", FALSE);

  /* Group-limited routing counts only when both are given and consistent
   * (TransformerConfig refuses the rest). */
  groups = planner_args_get_int (args, "moe_router_num_groups", 0);
  group_topk = planner_args_get_int (args, "moe_router_group_topk", 0);
  if (c->num_experts > 0 && groups > 0 && group_topk > 0 && group_topk <= groups &&
      c->num_experts % (guint32) groups == 0)
    {
      c->moe_router_num_groups = (guint32) groups;
      c->moe_router_group_topk = (guint32) group_topk;
    }
  text = planner_args_get_string (args, "moe_token_dispatcher_type", "allgather");
  if (string_equal (text, "alltoall"))
    c->moe_dispatcher = PLANNER_DISPATCHER_ALLTOALL;
  else if (string_equal (text, "flex"))
    {
      const char *backend = planner_args_get_string (args, "moe_flex_dispatcher_backend", "deepep");

      c->moe_dispatcher = string_equal (backend, "hybridep") ? PLANNER_DISPATCHER_FLEX_HYBRIDEP
                          : string_equal (backend, "ncclep") ? PLANNER_DISPATCHER_FLEX_NCCLEP
                                                              : PLANNER_DISPATCHER_FLEX_DEEPEP;
    }
  else
    c->moe_dispatcher = PLANNER_DISPATCHER_ALLGATHER;
  c->moe_shared_expert_overlap = planner_args_get_bool (args, "moe_shared_expert_overlap", FALSE);
  text = planner_args_get_string (args, "moe_router_dtype", NULL);
  c->moe_router_fp32 = string_equal (text, "fp32") || string_equal (text, "fp64");
  c->moe_grouped_gemm = c->num_experts > 0 && planner_args_get_bool (args, "moe_grouped_gemm", FALSE) &&
                        !string_equal (planner_args_get_string (args, "transformer_impl", NULL), "local");
  c->tp_comm_overlap = planner_args_get_bool (args, "tp_comm_overlap", FALSE) && c->sequence_parallel &&
                       c->layout.tp > 1;
}

/* The model's dimensions (facts §2.12). */
static gboolean
read_dimensions (PlannerConfig      *c,
                 const PlannerArgs  *args,
                 GError            **error)
{
  guint64 v = 0;

  if (!require_uint (args, "num_layers", "--num-layers", MAX_LAYERS, &v, error))
    return FALSE;
  c->num_layers = (guint32) v;
  if (!require_uint (args, "hidden_size", "--hidden-size", MAX_HIDDEN, &c->hidden_size, error))
    return FALSE;
  if (!require_uint (args, "num_attention_heads", "--num-attention-heads", MAX_HEADS, &v, error))
    return FALSE;
  c->num_attention_heads = (guint32) v;

  if (planner_args_is_set (args, "seq_length") || !planner_args_is_set (args, "encoder_seq_length"))
    {
      if (!require_uint (args, "seq_length", "--seq-length", MAX_SEQ, &v, error))
        return FALSE;
    }
  else if (!require_uint (args, "encoder_seq_length", "--encoder-seq-length", MAX_SEQ, &v, error))
    return FALSE;
  c->seq_length = (guint32) v;

  /* Megatron requires it; the validator says so.  The math only needs a value. */
  if (!get_uint (args, "max_position_embeddings", "--max-position-embeddings",
                 c->seq_length, 1, MAX_SEQ, &v, error))
    return FALSE;
  c->max_position_embeddings = (guint32) v;

  /* Without --group-query-attention, --num-query-groups is ignored. */
  c->group_query_attention = planner_args_get_bool (args, "group_query_attention", FALSE);
  if (c->group_query_attention)
    {
      if (!get_uint (args, "num_query_groups", "--num-query-groups", 1, 1, MAX_HEADS, &v, error))
        return FALSE;
      c->num_query_groups = (guint32) v;
    }
  else
    c->num_query_groups = c->num_attention_heads;

  if (planner_args_is_set (args, "kv_channels") && planner_args_get_string (args, "kv_channels", NULL))
    {
      if (!get_uint (args, "kv_channels", "--kv-channels", 0, 1, MAX_HIDDEN, &c->kv_channels, error))
        return FALSE;
    }
  else if (c->hidden_size % c->num_attention_heads != 0)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("{--hidden-size} %" PRIu64 " is not divisible by {--num-attention-heads} %u; "
                     "change one of them or give {--kv-channels}"),
                   c->hidden_size, c->num_attention_heads);
      return FALSE;
    }
  else
    c->kv_channels = c->hidden_size / c->num_attention_heads;

  c->swiglu = planner_args_get_bool (args, "swiglu", FALSE);
  c->quick_geglu = planner_args_get_bool (args, "quick_geglu", FALSE);
  if (planner_args_is_set (args, "ffn_hidden_size") && planner_args_get_string (args, "ffn_hidden_size", NULL))
    {
      if (!get_uint (args, "ffn_hidden_size", "--ffn-hidden-size", 0, 1, MAX_FFN, &c->ffn_hidden_size, error))
        return FALSE;
    }
  else if (c->swiglu)
    /* int((4h·2/3)/64)·64 == floor(h/24)·64 exactly for any h we accept. */
    c->ffn_hidden_size = (c->hidden_size / 24) * 64;
  else
    c->ffn_hidden_size = 4 * c->hidden_size;
  if (c->ffn_hidden_size == 0)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("With {--swiglu} and {--hidden-size} %" PRIu64 " Megatron's default "
                     "{--ffn-hidden-size} is 0; give {--ffn-hidden-size}"), c->hidden_size);
      return FALSE;
    }

  c->rmsnorm = string_equal (planner_args_get_string (args, "normalization", "LayerNorm"), "RMSNorm");
  c->add_bias_linear = planner_args_get_bool (args, "add_bias_linear", TRUE);
  c->untie_embeddings_and_output_weights =
    planner_args_get_bool (args, "untie_embeddings_and_output_weights", FALSE);
  c->attention_output_gate = planner_args_get_bool (args, "attention_output_gate", FALSE);
  return TRUE;
}

/* The vocabulary, given or known from the tokenizer (facts §2.9, §2.10). */
static gboolean
read_vocabulary (PlannerConfig      *c,
                 const PlannerArgs  *args,
                 guint64             vocab_size,
                 GError            **error)
{
  guint64 v = 0;

  if (!get_uint (args, "make_vocab_size_divisible_by", "--make-vocab-size-divisible-by",
                 128, 1, 1u << 20, &v, error))
    return FALSE;
  c->make_vocab_size_divisible_by = (guint32) v;
  if (vocab_size == 0)
    {
      if (!get_uint (args, "vocab_size", "--vocab-size", 0, 0, MAX_VOCAB, &vocab_size, error))
        return FALSE;
      if (vocab_size == 0 && planner_args_is_set (args, "vocab_size"))
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                       _("{--vocab-size} must be at least 1"));
          return FALSE;
        }
    }
  if (vocab_size == 0)
    {
      const char *tokenizer = planner_args_get_string (args, "tokenizer_type", "GPT2BPETokenizer");

      /* pretrain_gpt's default tokenizer has a known size. */
      if (string_equal (tokenizer, "GPT2BPETokenizer"))
        vocab_size = GPT2_VOCAB_SIZE;
      else
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_MISSING,
                       _("The vocabulary size of {--tokenizer-type} %s is not known without its files: "
                         "give {--vocab-size} or pick a model preset"), tokenizer);
          return FALSE;
        }
    }
  if (vocab_size > MAX_VOCAB)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("--vocab-size %" PRIu64 " is absurd; use at most %" PRIu64),
                   vocab_size, MAX_VOCAB);
      return FALSE;
    }
  c->vocab_size = vocab_size;
  if (planner_args_is_set (args, "padded_vocab_size") && planner_args_get_string (args, "padded_vocab_size", NULL))
    {
      if (!get_uint (args, "padded_vocab_size", "--padded-vocab-size", 0, 1, MAX_VOCAB,
                     &c->padded_vocab_size, error))
        return FALSE;
      c->padded_vocab_size_given = TRUE;
    }
  else
    c->padded_vocab_size = planner_padded_vocab_size (c->vocab_size, c->make_vocab_size_divisible_by,
                                                     c->layout.tp);
  return TRUE;
}

/* Multi-latent attention and the mixture of experts. */
static gboolean
read_attention_and_experts (PlannerConfig      *c,
                            const PlannerArgs  *args,
                            GError            **error)
{
  guint64 v = 0;
  const char *text;

  c->multi_latent_attention = planner_args_get_bool (args, "multi_latent_attention", FALSE);
  if (!get_uint (args, "q_lora_rank", "--q-lora-rank", 0, 0, MAX_HIDDEN, &c->q_lora_rank, error) ||
      !get_uint (args, "kv_lora_rank", "--kv-lora-rank", 32, 0, MAX_HIDDEN, &c->kv_lora_rank, error) ||
      !get_uint (args, "qk_head_dim", "--qk-head-dim", 128, 0, MAX_HIDDEN, &c->qk_head_dim, error) ||
      !get_uint (args, "qk_pos_emb_head_dim", "--qk-pos-emb-head-dim", 64, 0, MAX_HIDDEN,
                 &c->qk_pos_emb_head_dim, error) ||
      !get_uint (args, "v_head_dim", "--v-head-dim", 128, 0, MAX_HIDDEN, &c->v_head_dim, error))
    return FALSE;

  /* Mixture of experts; --num-experts 0 means dense. */
  if (!get_uint (args, "num_experts", "--num-experts", 0, 0, MAX_EXPERTS, &v, error))
    return FALSE;
  c->num_experts = (guint32) v;
  if (!get_uint (args, "moe_router_topk", "--moe-router-topk", 2, 1, MAX_EXPERTS, &v, error))
    return FALSE;
  c->moe_router_topk = (guint32) v;
  if (!get_uint (args, "moe_ffn_hidden_size", "--moe-ffn-hidden-size", c->ffn_hidden_size, 1, MAX_FFN,
                 &c->moe_ffn_hidden_size, error) ||
      !get_uint (args, "moe_shared_expert_intermediate_size", "--moe-shared-expert-intermediate-size",
                 0, 0, MAX_FFN, &c->moe_shared_expert_intermediate_size, error) ||
      !get_uint (args, "moe_latent_size", "--moe-latent-size", 0, 0, MAX_HIDDEN, &c->moe_latent_size, error))
    return FALSE;
  c->moe_shared_expert_gate = planner_args_get_bool (args, "moe_shared_expert_gate", FALSE);
  if (!get_uint (args, "mtp_num_layers", "--mtp-num-layers", 0, 0, 64, &v, error))
    return FALSE;
  c->mtp_num_layers = (guint32) v;
  if (c->num_experts > 0)
    {
      const char *const *list = planner_args_get_list (args, "moe_layer_freq");
      g_autofree char *joined = NULL;

      /* An importer may have split a pattern on spaces; join it back. */
      if (list != NULL && list[0] != NULL && list[1] != NULL)
        joined = g_strjoinv ("", (char **) list);
      text = joined ? joined : planner_args_get_string (args, "moe_layer_freq", "1");
      c->moe_layer_pattern = planner_parse_moe_layer_freq (text, c->num_layers, error);
      if (c->moe_layer_pattern == NULL)
        return FALSE;
    }
  return TRUE;
}

/* The batch (facts §2.2) and recompute. */
static gboolean
read_batch_and_recompute (PlannerConfig      *c,
                          const PlannerArgs  *args,
                          GError            **error)
{
  guint64 v = 0;
  const char *text;
  guint64 dp;

  if (!get_uint (args, "micro_batch_size", "--micro-batch-size", 1, 1, MAX_MICRO_BATCH, &v, error))
    return FALSE;
  c->micro_batch_size = (guint32) v;
  dp = (guint64) c->micro_batch_size * c->layout.dp;
  /* A step schedule, not the micro × DP default, sets the first batch. */
  if (!get_uint (args, "global_batch_size", "--global-batch-size",
                 MAX (planner_args_step_schedule_start (args), dp), 1, MAX_GLOBAL_BATCH,
                 &c->global_batch_size, error))
    return FALSE;
  c->num_microbatches = c->global_batch_size / dp;

  /* Parallel and memory-saving choices */
  c->sequence_parallel = planner_args_get_bool (args, "sequence_parallel", FALSE) && c->layout.tp > 1;

  /* validate_args: --recompute-activations sets the granularity to
   * selective, overriding --recompute-granularity full. */
  text = planner_args_get_string (args, "recompute_granularity", NULL);
  if (string_equal (text, "selective") || planner_args_get_bool (args, "recompute_activations", FALSE))
    c->recompute = PLANNER_RECOMPUTE_SELECTIVE;
  else if (string_equal (text, "full"))
    c->recompute = PLANNER_RECOMPUTE_FULL;
  else
    c->recompute = PLANNER_RECOMPUTE_NONE;
  text = planner_args_get_string (args, "recompute_method", NULL);
  if (string_equal (text, "uniform"))
    c->recompute_method = PLANNER_RECOMPUTE_METHOD_UNIFORM;
  else if (string_equal (text, "block"))
    c->recompute_method = PLANNER_RECOMPUTE_METHOD_BLOCK;
  else
    c->recompute_method = PLANNER_RECOMPUTE_METHOD_NONE;
  if (!get_uint (args, "recompute_num_layers", "--recompute-num-layers", 0, 0, MAX_LAYERS, &v, error))
    return FALSE;
  c->recompute_num_layers = (guint32) v;
  return TRUE;
}

/* The optimizer, its offloading, the precision and the memory savers. */
static void
read_optimizer_and_precision (PlannerConfig     *c,
                              const PlannerArgs *args)
{
  const char *text;

  /* validate_args, in its order: Megatron FSDP v1 turns the distributed
   * optimizer on; an optimizer other than adam or sgd turns it into the
   * layer-wise one (use_distributed_optimizer False); --freeze-all-layers
   * turns it off. */
  text = planner_args_get_string (args, "optimizer", "adam");
  c->use_distributed_optimizer =
    planner_args_get_bool (args, "use_distributed_optimizer", FALSE) ||
    ((planner_args_get_bool (args, "use_megatron_fsdp", FALSE) ||
      planner_args_get_bool (args, "use_custom_fsdp", FALSE)) &&
     planner_args_get_int (args, "megatron_fsdp_version", 1) != 2);
  if (text != NULL && !string_equal (text, "adam") && !string_equal (text, "sgd"))
    {
      c->layer_wise_distributed_optimizer = c->use_distributed_optimizer ||
                                           string_equal (text, "dist_muon");
      c->use_distributed_optimizer = FALSE;
    }
  if (planner_args_get_bool (args, "freeze_all_layers", FALSE))
    c->use_distributed_optimizer = FALSE;
  if (planner_args_get_bool (args, "optimizer_cpu_offload", FALSE))
    {
      double fraction = planner_args_get_double (args, "optimizer_offload_fraction", 1.0);

      /* Junk or out of range reads as Megatron's default: all of it. */
      c->optimizer_offload_fraction = fraction >= 0.0 && fraction <= 1.0 ? fraction : 1.0;
    }
  if (planner_args_get_bool (args, "bf16", FALSE))
    c->precision = PLANNER_PRECISION_BF16;
  else if (planner_args_get_bool (args, "fp16", FALSE))
    c->precision = PLANNER_PRECISION_FP16;
  else
    c->precision = PLANNER_PRECISION_FP32;
  c->fp8 = planner_args_get_string (args, "fp8", NULL) != NULL;
  c->fp8_param_gather = c->fp8 && planner_args_get_bool (args, "fp8_param_gather", FALSE);
  c->grad_reduce_in_bf16 = planner_args_get_bool (args, "grad_reduce_in_bf16", FALSE);
  read_memory_savers (c, args);
}

/* How the layers split over the pipeline stages. */
static gboolean
read_pipeline_split (PlannerConfig      *c,
                     const PlannerArgs  *args,
                     GError            **error)
{
  guint64 v = 0;

  c->account_for_embedding_in_pipeline_split =
    planner_args_get_bool (args, "account_for_embedding_in_pipeline_split", FALSE);
  c->account_for_loss_in_pipeline_split =
    planner_args_get_bool (args, "account_for_loss_in_pipeline_split", FALSE);
  if (!get_uint (args, "decoder_first_pipeline_num_layers", "--decoder-first-pipeline-num-layers",
                 0, 0, MAX_LAYERS, &v, error))
    return FALSE;
  c->decoder_first_pipeline_num_layers = (guint32) v;
  if (!get_uint (args, "decoder_last_pipeline_num_layers", "--decoder-last-pipeline-num-layers",
                 0, 0, MAX_LAYERS, &v, error))
    return FALSE;
  c->decoder_last_pipeline_num_layers = (guint32) v;
  /* A layout of the first/middle/last form counts only when its decoder
   * layers add up and its stages fit the pipeline; anything else is left
   * to the validator (and the estimate splits evenly). */
  if (planner_args_is_set (args, "pipeline_model_parallel_layout"))
    {
      guint32 stages, first, middle, last;

      if (planner_config_parse_layout (planner_args_get_string (args, "pipeline_model_parallel_layout", NULL),
                                       c->mtp_num_layers, &stages, &first, &middle, &last) &&
          (guint64) first + (guint64) middle * (stages - 2) + last == c->num_layers &&
          stages % MAX (c->layout.pp, 1) == 0 && stages / MAX (c->layout.pp, 1) == MAX (c->layout.vpp, 1))
        {
          c->layout_stages = stages;
          c->layout_first = first;
          c->layout_middle = middle;
          c->layout_last = last;
        }
    }
  return TRUE;
}

gboolean
planner_config_init_from_args (PlannerConfig       *config,
                               const PlannerArgs   *args,
                               const PlannerLayout *layout,
                               guint64              vocab_size,
                               GError             **error)
{
  PlannerConfig c = { 0, };
  const char *text;

  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (config, 0, sizeof *config);
  c.layout = *layout;
  if (c.layout.tp == 0 || c.layout.pp == 0 || c.layout.cp == 0 || c.layout.dp == 0)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("The parallel layout is not resolved: fix the parallel sizes first"));
      return FALSE;
    }
  if (c.layout.ep == 0)
    c.layout.ep = 1;
  if (c.layout.etp == 0)
    c.layout.etp = c.layout.tp;
  if (c.layout.expert_dp == 0)
    c.layout.expert_dp = 1;
  if (c.layout.vpp == 0)
    c.layout.vpp = 1;

  if (!read_dimensions (&c, args, error) ||
      !read_vocabulary (&c, args, vocab_size, error) ||
      !read_attention_and_experts (&c, args, error) ||
      !read_batch_and_recompute (&c, args, error))
    goto fail;
  read_optimizer_and_precision (&c, args);
  if (!read_pipeline_split (&c, args, error))
    goto fail;

  /* TE's flash and fused backends never store the s×s scores. */
  text = planner_args_get_string (args, "attention_backend", "auto");
  c.flash_attention = !(string_equal (text, "unfused") || string_equal (text, "local") ||
                        string_equal (planner_args_get_string (args, "transformer_impl", NULL), "local"));
  c.virtual_stages_given = planner_args_is_set (args, "num_virtual_stages_per_pipeline_rank") ||
                           planner_args_is_set (args, "num_layers_per_virtual_pipeline_stage");
  c.hidden_dropout = planner_args_get_double (args, "hidden_dropout", 0.1);
  if (!(c.hidden_dropout >= 0.0 && c.hidden_dropout <= 1.0))
    c.hidden_dropout = 0.1;

  *config = c;
  return TRUE;

fail:
  g_free (c.moe_layer_pattern);
  return FALSE;
}

void
planner_config_clear (PlannerConfig *config)
{
  g_return_if_fail (config != NULL);

  g_clear_pointer (&config->moe_layer_pattern, g_free);
  memset (config, 0, sizeof *config);
}

void
planner_config_copy (PlannerConfig       *dest,
                     const PlannerConfig *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  if (dest == src)
    return;
  *dest = *src;
  if (src->moe_layer_pattern != NULL)
    dest->moe_layer_pattern = g_memdup2 (src->moe_layer_pattern, src->num_layers);
}
