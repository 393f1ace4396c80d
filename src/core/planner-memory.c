/* planner-memory.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-memory"

#include "config.h"

#include "planner-memory.h"

#include <math.h>
#include <string.h>

#define GIB (1024.0 * 1024.0 * 1024.0)

/* The allowance outside PyTorch's tensors, stated once:
 *  - CUDA context, kernel images and library handles: 0.75 GiB;
 *  - NCCL communicator buffers: 0.5 GiB;
 *  - Transformer Engine / cuBLAS workspaces: 0.25 GiB;
 *  - caching-allocator fragmentation: 5 % of the tensors. */
#define OVERHEAD_CUDA_CONTEXT  (0.75 * GIB)
#define OVERHEAD_NCCL          (0.5 * GIB)
#define OVERHEAD_WORKSPACE     (0.25 * GIB)
#define OVERHEAD_FRAGMENTATION 0.05

/* Parameter counts per layer, with Megatron's own terms (facts §4.1). */
typedef struct
{
  double attention;
  double dense_mlp;
  double shared_expert;
  double routed_experts;      /* all experts of one layer */
  double active_routed;       /* topk of them */
  double latent_projection;
  double layernorms;
  double router;
  double shared_gate;
  double embedding;           /* h·V */
  double final_layernorm;
  double norm_size;
} LayerParams;

static void
layer_params (const PlannerConfig *c,
              LayerParams         *p)
{
  double h = (double) c->hidden_size;
  double n = (double) c->num_attention_heads;
  double gamma = c->swiglu ? 1.5 : 1.0;
  double num_experts = c->num_experts > 0 ? (double) c->num_experts : 1.0;
  double moe_ffn = c->num_experts > 0 ? (double) c->moe_ffn_hidden_size : 0.0;
  double shared = (double) c->moe_shared_expert_intermediate_size;
  double routed_hidden = c->moe_latent_size > 0 ? (double) c->moe_latent_size : h;

  memset (p, 0, sizeof *p);
  p->norm_size = c->rmsnorm ? 1.0 : 2.0;

  if (c->multi_latent_attention)
    {
      double dqk = (double) c->qk_head_dim;
      double dpos = (double) c->qk_pos_emb_head_dim;
      double dv = (double) c->v_head_dim;
      double q_term;

      if (c->q_lora_rank == 0)
        q_term = h * n * (dqk + dpos);
      else
        q_term = (double) c->q_lora_rank * (h + n * (dqk + dpos) + p->norm_size);
      p->attention = q_term
                     + (double) c->kv_lora_rank * (h + n * (dqk + dv) + p->norm_size)
                     + h * dpos
                     + n * dv * h;
    }
  else
    {
      double ratio = (double) c->kv_channels * n / h;

      p->attention = 2.0 * h * h * ((1.0 + (double) c->num_query_groups / n) * ratio);
    }

  p->dense_mlp = 2.0 * h * (double) c->ffn_hidden_size * gamma;
  p->shared_expert = 2.0 * h * shared * gamma;
  p->routed_experts = 2.0 * routed_hidden * moe_ffn * num_experts * gamma;
  if (c->num_experts > 0)
    p->active_routed = 2.0 * routed_hidden * moe_ffn * (double) c->moe_router_topk * gamma;
  if (c->num_experts > 0 && c->moe_latent_size > 0)
    p->latent_projection = 2.0 * h * (double) c->moe_latent_size;
  p->layernorms = 2.0 * h * p->norm_size;
  if (c->num_experts > 0)
    p->router = h * num_experts + (c->add_bias_linear ? num_experts : 0.0);
  if (shared > 0 && c->moe_shared_expert_gate)
    p->shared_gate = h;
  p->embedding = h * (double) c->padded_vocab_size;
  p->final_layernorm = p->norm_size * h;
}

static gboolean
layer_is_moe (const PlannerConfig *c,
              guint32              layer)
{
  return c->num_experts > 0 && c->moe_layer_pattern != NULL &&
         layer < c->num_layers && c->moe_layer_pattern[layer] != 0;
}

/* MTP layers copy the type of the last layer. */
static gboolean
mtp_is_moe (const PlannerConfig *c)
{
  return c->num_layers > 0 && layer_is_moe (c, c->num_layers - 1);
}

void
planner_config_count_params (const PlannerConfig *config,
                             PlannerModelParams  *params)
{
  LayerParams p;
  double n_moe, n_dense, mtp_moe, mtp_dense;
  double dense_layer, moe_layer, moe_layer_active, mtp_block;

  g_return_if_fail (config != NULL);
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  layer_params (config, &p);
  n_moe = planner_config_count_moe_layers (config);
  n_dense = (double) config->num_layers - n_moe;
  mtp_moe = mtp_is_moe (config) ? config->mtp_num_layers : 0;
  mtp_dense = (double) config->mtp_num_layers - mtp_moe;

  dense_layer = p.attention + p.dense_mlp + p.layernorms;
  moe_layer = p.attention + p.shared_expert + p.routed_experts + p.latent_projection +
              p.layernorms + p.router + p.shared_gate;
  moe_layer_active = moe_layer - p.routed_experts + p.active_routed;
  mtp_block = dense_layer * mtp_dense + moe_layer * mtp_moe;

  params->embedding = p.embedding;
  params->output_layer = config->untie_embeddings_and_output_weights ? p.embedding : 0.0;
  params->per_layer_dense = dense_layer;
  params->per_layer_moe = config->num_experts > 0 ? moe_layer : 0.0;
  params->total = dense_layer * n_dense + moe_layer * n_moe + p.final_layernorm +
                  mtp_block + params->embedding + params->output_layer;
  /* Megatron's printout counts every expert of the MTP block as active;
   * a token only visits topk of them there too. */
  params->active = dense_layer * n_dense + moe_layer_active * n_moe + p.final_layernorm +
                   dense_layer * mtp_dense + moe_layer_active * mtp_moe +
                   params->embedding + params->output_layer;
}

/* Megatron's theoretical_memory_usage (facts §4), term by term. */
static double
megatron_bytes_per_param (const PlannerConfig *c,
                          double               d)
{
  if (!c->use_distributed_optimizer)
    return 18.0;
  return 6.0 + 12.0 / MAX (d, 1.0);
}

static double
megatron_pipeline_factor (const PlannerConfig *c)
{
  double pp = (double) c->layout.pp;

  if (c->layout.vpp > 1)
    return 1.0 + (pp - 1.0) / (pp * (double) c->layout.vpp);
  if (c->layout.pp > 1)
    return MIN (1.0, (double) c->num_microbatches / pp);
  return 1.0;
}

void
planner_memory_megatron (const PlannerConfig   *config,
                         PlannerMegatronMemory *out)
{
  LayerParams p;
  double n_moe, n_dense, mtp_moe, mtp_dense;
  double tp, pp, tp_block, rep_block, exp_block, tp_mtp, rep_mtp, exp_mtp;
  double tp_shard, rep_shard, exp_shard;
  double s, b, h, act;

  g_return_if_fail (config != NULL);
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  if (config->num_layers == 0 || config->hidden_size == 0 || config->num_attention_heads == 0 ||
      config->layout.tp == 0 || config->layout.pp == 0)
    return;

  layer_params (config, &p);
  tp = (double) config->layout.tp;
  pp = (double) config->layout.pp;
  n_moe = planner_config_count_moe_layers (config);
  n_dense = (double) config->num_layers - n_moe;
  mtp_moe = mtp_is_moe (config) ? config->mtp_num_layers : 0;
  mtp_dense = (double) config->mtp_num_layers - mtp_moe;

  tp_block = (p.attention + p.dense_mlp) * n_dense + (p.attention + p.shared_expert) * n_moe;
  rep_block = p.layernorms * n_dense +
              (p.layernorms + p.latent_projection + p.router + p.shared_gate) * n_moe +
              p.final_layernorm;
  exp_block = p.routed_experts * n_moe;
  tp_mtp = (p.attention + p.dense_mlp) * mtp_dense + (p.attention + p.shared_expert) * mtp_moe;
  rep_mtp = p.layernorms * mtp_dense +
            (p.layernorms + p.latent_projection + p.router + p.shared_gate) * mtp_moe;
  exp_mtp = p.routed_experts * mtp_moe;

  /* The most loaded shard: 1/pp of the block, the whole MTP block and the
   * input embedding; the output layer only when pp == 1. */
  tp_shard = (tp_block / pp + tp_mtp + p.embedding) / tp;
  rep_shard = rep_block / pp + rep_mtp;
  exp_shard = (exp_block / pp + exp_mtp) /
              ((double) MAX (config->layout.etp, 1) * (double) MAX (config->layout.ep, 1));
  if (config->untie_embeddings_and_output_weights && config->layout.pp == 1)
    tp_shard += p.embedding / tp;

  out->params_on_most_loaded_shard = tp_shard + rep_shard + exp_shard;
  out->weight_and_optimizer_bytes =
    (tp_shard + rep_shard) * megatron_bytes_per_param (config, (double) config->layout.dp) +
    exp_shard * megatron_bytes_per_param (config, (double) config->layout.expert_dp);

  s = (double) config->seq_length;
  b = (double) config->micro_batch_size;
  h = (double) config->hidden_size;
  out->used_sp_formula = config->sequence_parallel && config->recompute == PLANNER_RECOMPUTE_SELECTIVE;

  if (out->used_sp_formula)
    {
      act = s * b * h * (18.0 + 4.0 * ((double) config->ffn_hidden_size / h));
      act *= (double) config->num_layers;
      act += 8.0 * s * b * pp;
      act += s * b * h * pp;
      act *= megatron_pipeline_factor (config);
      if (config->layout.pp == 1)
        act += s * b * h * 4.0 * (1.0 + (double) config->padded_vocab_size / h);
      act /= tp;
    }
  else
    {
      act = s * b * h * (10.0 + 24.0 / tp);
      act *= (double) config->num_layers;
      act += 8.0 * s * b * pp;
      act += s * b * h * pp;
      act *= megatron_pipeline_factor (config);
      if (config->layout.pp == 1)
        act += (s * b * (double) config->padded_vocab_size / tp + s * b * h) * 2.0;
      act *= 1.05;
    }

  out->activation_bytes = act;
  out->total_bytes = out->weight_and_optimizer_bytes + out->activation_bytes;
}

/* ---- The planner's own estimate ---- */

static guint32
split_even (guint32 total,
            guint32 parts,
            guint32 index)
{
  if (parts == 0)
    return 0;
  return total / parts + (index < total % parts ? 1 : 0);
}

guint32
planner_memory_stage_layers (const PlannerConfig *config,
                             guint32              stage)
{
  guint32 pp, layers, first, last;

  g_return_val_if_fail (config != NULL, 0);

  pp = MAX (config->layout.pp, 1);
  layers = config->num_layers;
  if (stage >= pp)
    return 0;
  if (pp == 1)
    return layers;

  first = config->decoder_first_pipeline_num_layers;
  last = config->decoder_last_pipeline_num_layers;
  if (first > 0 || last > 0)
    {
      guint32 middle_stages = pp - (first > 0 ? 1 : 0) - (last > 0 ? 1 : 0);
      guint32 used = MIN ((guint64) first + last, layers);
      guint32 index = stage - (first > 0 ? 1 : 0);

      if (stage == 0 && first > 0)
        return MIN (first, layers);
      if (stage == pp - 1 && last > 0)
        return MIN (last, layers - MIN (first, layers));
      return split_even (layers - used, middle_stages, index);
    }
  else
    {
      /* Embedding and loss each count as one layer in the split. */
      guint32 extra_first = config->account_for_embedding_in_pipeline_split ? 1 : 0;
      guint32 extra_last = config->account_for_loss_in_pipeline_split ? 1 : 0;
      guint32 total = layers + extra_first + extra_last;
      guint32 count = split_even (total, pp, stage);

      if (stage == 0)
        count = count > extra_first ? count - extra_first : 0;
      if (stage == pp - 1)
        count = count > extra_last ? count - extra_last : 0;
      return count;
    }
}

static guint32
stage_first_layer (const PlannerConfig *config,
                   guint32              stage)
{
  guint32 first = 0;

  for (guint32 i = 0; i < stage; i++)
    first += planner_memory_stage_layers (config, i);
  return first;
}

/* MoE layers held by @stage.  With an even interleaved split, virtual
 * chunk j of rank i holds layers starting at (j·pp + i)·chunk; otherwise
 * the layers are contiguous. */
static guint32
stage_moe_layers (const PlannerConfig *c,
                  guint32              stage,
                  guint32              n_layers)
{
  guint32 count = 0;
  guint32 pp = MAX (c->layout.pp, 1);
  guint32 vpp = MAX (c->layout.vpp, 1);

  if (c->num_experts == 0 || c->moe_layer_pattern == NULL)
    return 0;

  if (vpp > 1 && c->decoder_first_pipeline_num_layers == 0 && c->decoder_last_pipeline_num_layers == 0 &&
      !c->account_for_embedding_in_pipeline_split && !c->account_for_loss_in_pipeline_split &&
      c->num_layers % (pp * vpp) == 0)
    {
      guint32 chunk = c->num_layers / (pp * vpp);

      for (guint32 j = 0; j < vpp; j++)
        for (guint32 l = 0; l < chunk; l++)
          count += layer_is_moe (c, (j * pp + stage) * chunk + l) ? 1 : 0;
      return count;
    }

  {
    guint32 first = stage_first_layer (c, stage);

    for (guint32 l = 0; l < n_layers; l++)
      count += layer_is_moe (c, first + l) ? 1 : 0;
  }
  return count;
}

/* Activation bytes of one layer for one microbatch, kept for backward. */
typedef struct
{
  double dense_layer;
  double moe_layer;
  double layer_input;   /* what full recompute keeps */
  double embedding;     /* first stage */
  double logits;        /* last stage: final norm, output layer input, logits */
} ActivationSizes;

static void
activation_sizes (const PlannerConfig *c,
                  ActivationSizes     *a)
{
  double t = (double) c->layout.tp;
  double s = (double) c->seq_length / (double) c->layout.cp;   /* CP splits the sequence */
  double b = (double) c->micro_batch_size;
  double h = (double) c->hidden_size;
  double n = (double) c->num_attention_heads;
  double rep = c->sequence_parallel ? t : 1.0;   /* replicated over TP unless SP */
  double elem = c->precision == PLANNER_PRECISION_FP32 ? 4.0 : 2.0;
  double lin = c->fp8 ? 1.0 : elem;              /* saved GEMM inputs (TE keeps FP8 copies) */
  double mask = c->hidden_dropout > 0.0 ? 1.0 : 0.0;
  double sbh = s * b * h;
  double q, kv, o, attention, mlp_common, dense_mlp, moe_mlp;

  if (c->multi_latent_attention)
    {
      q = n * (double) (c->qk_head_dim + c->qk_pos_emb_head_dim);
      kv = q + n * (double) c->v_head_dim;
      o = n * (double) c->v_head_dim;
    }
  else
    {
      q = n * (double) c->kv_channels;
      kv = 2.0 * (double) c->num_query_groups * (double) c->kv_channels;
      o = q;
    }

  /* Attention block: norm input and output, Q/K/V, the attention output
   * (also the projection's input), the softmax statistics, the dropout mask. */
  attention = elem * sbh / rep            /* input_layernorm input */
              + lin * sbh / rep           /* its output, the QKV GEMM input */
              + elem * s * b * (q + kv) / t
              + elem * s * b * o / t
              + (c->fp8 ? s * b * o / t : 0.0)
              + 4.0 * b * n * s / t        /* fp32 log-sum-exp */
              + mask * sbh / rep;
  if (c->multi_latent_attention)
    attention += elem * s * b * (double) (c->q_lora_rank + c->kv_lora_rank + c->qk_pos_emb_head_dim) / rep;
  if (!c->flash_attention && c->recompute == PLANNER_RECOMPUTE_NONE)
    /* Scores, softmax and dropout over the local queries × all keys. */
    attention += 5.0 * b * n * s * (double) c->seq_length / t;

  /* Pre-MLP norm input and output. */
  mlp_common = elem * sbh / rep + lin * sbh / rep + mask * sbh / rep;

  dense_mlp = elem * s * b * (double) c->ffn_hidden_size * (c->swiglu ? 2.0 : 1.0) / t
              + lin * s * b * (double) c->ffn_hidden_size / t;

  moe_mlp = 0.0;
  if (c->num_experts > 0)
    {
      /* Each GPU handles s·b·k·etp/tp routed token copies on average; the
       * expert intermediates are split over ETP. */
      double etp = (double) MAX (c->layout.etp, 1);
      double tokens = s * b * (double) c->moe_router_topk * etp / t;
      double hr = c->moe_latent_size > 0 ? (double) c->moe_latent_size : h;
      double fm = (double) c->moe_ffn_hidden_size;
      double fs = (double) c->moe_shared_expert_intermediate_size;

      moe_mlp = 4.0 * s * b * (double) c->num_experts / rep          /* fp32 router logits */
                + lin * tokens * hr                                 /* permuted expert input */
                + elem * tokens * fm * (c->swiglu ? 2.0 : 1.0) / etp
                + lin * tokens * fm / etp
                + elem * tokens * hr;                               /* expert output before combine */
      if (fs > 0)
        moe_mlp += elem * s * b * fs * (c->swiglu ? 2.0 : 1.0) / t + lin * s * b * fs / t;
      if (c->moe_latent_size > 0)
        moe_mlp += lin * sbh / rep + elem * s * b * hr / rep;
    }

  a->dense_layer = attention + mlp_common + dense_mlp;
  a->moe_layer = attention + mlp_common + moe_mlp;
  a->layer_input = elem * sbh / rep;
  a->embedding = elem * sbh / rep + mask * sbh / rep;
  /* Final norm input, output-layer input, bf16 logits and the fp32 copy
   * the cross-entropy loss works on. */
  a->logits = elem * sbh / rep + lin * sbh / rep +
              (elem + 4.0) * s * b * (double) c->padded_vocab_size / t;
}

/* Microbatches whose activations one rank holds at its peak, in units of
 * "all the layers of this rank once" (1F1B: pp − stage; interleaved: the
 * warm-up chunks plus one, spread over vpp chunks). */
static double
in_flight (const PlannerConfig *c,
           guint32              stage)
{
  double pp = (double) MAX (c->layout.pp, 1);
  double m = (double) MAX (c->num_microbatches, 1);
  double vpp = (double) MAX (c->layout.vpp, 1);

  if (c->layout.vpp > 1)
    {
      double chunks = (pp - (double) stage - 1.0) * 2.0 + (vpp - 1.0) * pp + 1.0;

      return MIN (chunks, m * vpp) / vpp;
    }
  return MIN (pp - (double) stage, m);
}

static double
layer_activations (const PlannerConfig   *c,
                   const ActivationSizes *a,
                   double                 n_dense,
                   double                 n_moe,
                   double                 flight)
{
  double layers = n_dense + n_moe;
  double full = n_dense * a->dense_layer + n_moe * a->moe_layer;
  double per_layer, recompute_n;

  if (c->recompute != PLANNER_RECOMPUTE_FULL || layers <= 0)
    return full * flight;

  per_layer = full / layers;
  recompute_n = c->recompute_num_layers > 0 ? (double) c->recompute_num_layers : 1.0;
  if (c->recompute_method == PLANNER_RECOMPUTE_METHOD_BLOCK)
    {
      /* The first N layers keep only their inputs, the rest everything;
       * one recomputed layer is live again during backward. */
      double recomputed = MIN (recompute_n, layers);

      return (recomputed * a->layer_input + (layers - recomputed) * per_layer) * flight + per_layer;
    }

  /* Uniform: one saved input per group of N layers; one group is
   * recomputed at a time during backward. */
  {
    double per_chunk = layers / (double) MAX (c->layout.vpp, 1);
    double groups = ceil (per_chunk / recompute_n) * (double) MAX (c->layout.vpp, 1);

    return groups * a->layer_input * flight + MIN (recompute_n, layers) * per_layer;
  }
}

static void
estimate_stage (const PlannerConfig     *c,
                const LayerParams       *p,
                const ActivationSizes   *a,
                guint32                  stage,
                const PlannerMemoryEstimate *estimate,
                PlannerStageMemory      *out)
{
  guint32 pp = MAX (c->layout.pp, 1);
  gboolean first = stage == 0;
  gboolean last = stage == pp - 1;
  double tp = (double) c->layout.tp;
  double expert_split = (double) MAX (c->layout.etp, 1) * (double) MAX (c->layout.ep, 1);
  double n_layers, n_moe, n_dense, tp_params, rep_params, exp_params, flight;
  double weight_bytes, grad_bytes, opt_bytes, dense_shards, expert_shards, instances;
  double tensors = 0.0;

  memset (out, 0, sizeof *out);
  out->stage = stage;
  out->num_layers = planner_memory_stage_layers (c, stage);
  n_layers = out->num_layers;
  n_moe = stage_moe_layers (c, stage, out->num_layers);
  n_dense = n_layers - n_moe;

  tp_params = ((p->attention + p->dense_mlp) * n_dense + (p->attention + p->shared_expert) * n_moe) / tp;
  rep_params = p->layernorms * n_dense +
               (p->layernorms + p->latent_projection + p->router + p->shared_gate) * n_moe;
  exp_params = p->routed_experts * n_moe / expert_split;
  if (first)
    tp_params += p->embedding / tp;
  if (last)
    {
      double mtp = (double) c->mtp_num_layers;

      rep_params += p->final_layernorm;
      /* Untied: the output layer.  Tied with pp > 1: the last stage keeps
       * its own copy of the word embeddings. */
      if (c->untie_embeddings_and_output_weights || pp > 1)
        tp_params += p->embedding / tp;
      if (mtp > 0)
        {
          double h = (double) c->hidden_size;

          /* Each MTP layer: a transformer layer, the 2h→h projection and three norms. */
          if (mtp_is_moe (c))
            {
              tp_params += mtp * (p->attention + p->shared_expert) / tp;
              rep_params += mtp * (p->layernorms + p->latent_projection + p->router + p->shared_gate);
              exp_params += mtp * p->routed_experts / expert_split;
            }
          else
            {
              tp_params += mtp * (p->attention + p->dense_mlp) / tp;
              rep_params += mtp * p->layernorms;
            }
          tp_params += mtp * 2.0 * h * h / tp;
          rep_params += mtp * 3.0 * p->norm_size * h;
        }
    }
  out->dense_params = tp_params + rep_params;
  out->expert_params = exp_params;

  /* Weights: bf16/fp16 2 bytes, fp32 4; with FP8, TE also caches an FP8
   * copy (1 byte), and --fp8-param-gather keeps only FP8 weights. */
  if (c->precision == PLANNER_PRECISION_FP32)
    weight_bytes = 4.0;
  else if (c->fp8_param_gather)
    weight_bytes = 2.0;
  else if (c->fp8)
    weight_bytes = 3.0;
  else
    weight_bytes = 2.0;
  /* Main gradients are fp32 unless reduced in bf16. */
  grad_bytes = (c->grad_reduce_in_bf16 && c->precision != PLANNER_PRECISION_FP32) ? 2.0 : 4.0;
  /* Adam: fp32 master copy (not needed in fp32 training) plus two moments. */
  opt_bytes = c->precision == PLANNER_PRECISION_FP32 ? 8.0 : 12.0;

  instances = (double) MAX (c->layout.num_distributed_optimizer_instances, 1);
  dense_shards = 1.0;
  expert_shards = 1.0;
  /* The layer-wise distributed optimizer shards the optimizer state too. */
  if (c->use_distributed_optimizer || c->layer_wise_distributed_optimizer)
    {
      dense_shards = MAX ((double) c->layout.dp * (double) c->layout.cp / instances, 1.0);
      expert_shards = MAX ((double) c->layout.expert_dp / instances, 1.0);
    }

  out->bytes[PLANNER_MEMORY_WEIGHTS] = (tp_params + rep_params + exp_params) * weight_bytes;
  out->bytes[PLANNER_MEMORY_GRADIENTS] = (tp_params + rep_params + exp_params) * grad_bytes;
  out->bytes[PLANNER_MEMORY_OPTIMIZER] = ((tp_params + rep_params) * opt_bytes / dense_shards +
                                          exp_params * opt_bytes / expert_shards) *
                                         (1.0 - c->optimizer_offload_fraction);

  flight = in_flight (c, stage);
  out->in_flight = flight;
  out->bytes[PLANNER_MEMORY_ACTIVATIONS] = layer_activations (c, a, n_dense, n_moe, flight);
  if (first)
    out->bytes[PLANNER_MEMORY_ACTIVATIONS] += a->embedding * flight;
  if (last)
    {
      double mtp = (double) c->mtp_num_layers;

      /* The last stage runs the loss right after its forward: one microbatch. */
      out->bytes[PLANNER_MEMORY_LOGITS] = a->logits * (1.0 + mtp);
      if (mtp > 0)
        out->bytes[PLANNER_MEMORY_ACTIVATIONS] +=
          mtp * (mtp_is_moe (c) ? a->moe_layer : a->dense_layer) + mtp * 2.0 * a->layer_input;
    }

  for (guint i = 0; i < PLANNER_MEMORY_OVERHEAD; i++)
    tensors += out->bytes[i];
  out->bytes[PLANNER_MEMORY_OVERHEAD] = estimate->cuda_context_bytes + estimate->nccl_bytes +
                                        estimate->workspace_bytes +
                                        estimate->fragmentation_fraction * tensors;

  out->dominant = PLANNER_MEMORY_WEIGHTS;
  for (guint i = 0; i < PLANNER_N_MEMORY_COMPONENTS; i++)
    {
      out->total_bytes += out->bytes[i];
      if (out->bytes[i] > out->bytes[out->dominant])
        out->dominant = (PlannerMemoryComponent) i;
    }
}

static PlannerMemoryDiff
memory_differences (const PlannerConfig *c)
{
  PlannerMemoryDiff diff = PLANNER_MEMORY_DIFF_OVERHEAD;

  if (c->layout.cp > 1)
    diff |= PLANNER_MEMORY_DIFF_CP_IGNORED;
  if (c->num_experts > 0)
    diff |= PLANNER_MEMORY_DIFF_MOE_ROUTING;
  if (c->num_experts > 0 && (guint64) c->layout.etp * c->layout.ep != c->layout.tp)
    diff |= PLANNER_MEMORY_DIFF_EXPERT_SHARDING;
  if (c->recompute == PLANNER_RECOMPUTE_FULL)
    diff |= PLANNER_MEMORY_DIFF_FULL_RECOMPUTE;
  if (c->multi_latent_attention || c->num_query_groups != c->num_attention_heads)
    diff |= PLANNER_MEMORY_DIFF_GQA;
  if (c->layout.pp > 1)
    diff |= PLANNER_MEMORY_DIFF_OUTPUT_LAYER;
  if (c->precision == PLANNER_PRECISION_FP32 || c->fp8 || c->grad_reduce_in_bf16)
    diff |= PLANNER_MEMORY_DIFF_PRECISION;
  if (!c->flash_attention && c->recompute == PLANNER_RECOMPUTE_NONE)
    diff |= PLANNER_MEMORY_DIFF_ATTENTION_SCORES;
  return diff;
}

void
planner_memory_estimate (const PlannerConfig   *config,
                         const PlannerGpu      *gpu,
                         PlannerMemoryEstimate *out)
{
  LayerParams p;
  ActivationSizes a;
  PlannerMegatronMemory megatron;
  guint32 pp, picks[3];
  guint n_picks = 0;

  g_return_if_fail (config != NULL);
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->cuda_context_bytes = OVERHEAD_CUDA_CONTEXT;
  out->nccl_bytes = OVERHEAD_NCCL;
  out->workspace_bytes = OVERHEAD_WORKSPACE;
  out->fragmentation_fraction = OVERHEAD_FRAGMENTATION;
  out->capacity_bytes = gpu != NULL ? (double) gpu->memory_bytes : 0.0;

  if (config->num_layers == 0 || config->hidden_size == 0 || config->num_attention_heads == 0 ||
      config->layout.tp == 0 || config->layout.pp == 0 || config->layout.cp == 0)
    return;

  layer_params (config, &p);
  activation_sizes (config, &a);

  pp = config->layout.pp;
  picks[n_picks++] = 0;
  if (pp >= 3)
    picks[n_picks++] = pp / 2;
  if (pp >= 2)
    picks[n_picks++] = pp - 1;

  out->n_stages = n_picks;
  out->fits = TRUE;
  for (guint i = 0; i < n_picks; i++)
    {
      PlannerStageMemory *stage = &out->stages[i];

      estimate_stage (config, &p, &a, picks[i], out, stage);
      stage->headroom_bytes = out->capacity_bytes - stage->total_bytes;
      stage->fits = gpu != NULL && stage->headroom_bytes >= 0.0;
      if (!stage->fits)
        out->fits = FALSE;
      if (stage->total_bytes > out->stages[out->worst].total_bytes)
        out->worst = i;
    }

  planner_memory_megatron (config, &megatron);
  out->megatron_total_bytes = megatron.total_bytes;
  out->difference_bytes = out->stages[0].total_bytes - megatron.total_bytes;
  out->difference = memory_differences (config);
}

const char *
planner_memory_component_to_string (PlannerMemoryComponent component)
{
  switch (component)
    {
    case PLANNER_MEMORY_WEIGHTS:
      return "weights";
    case PLANNER_MEMORY_GRADIENTS:
      return "gradients";
    case PLANNER_MEMORY_OPTIMIZER:
      return "optimizer";
    case PLANNER_MEMORY_ACTIVATIONS:
      return "activations";
    case PLANNER_MEMORY_LOGITS:
      return "logits";
    case PLANNER_MEMORY_OVERHEAD:
      return "overhead";
    case PLANNER_N_MEMORY_COMPONENTS:
    default:
      return "unknown";
    }
}

char *
planner_memory_diff_describe (PlannerMemoryDiff difference)
{
  static const struct
  {
    PlannerMemoryDiff bit;
    const char       *text;
  } reasons[] = {
    { PLANNER_MEMORY_DIFF_CP_IGNORED,
      "Megatron's formula ignores context parallelism: it neither splits the sequence over CP nor shards the optimizer over dp·cp." },
    { PLANNER_MEMORY_DIFF_MOE_ROUTING,
      "Megatron's activation formula ignores MoE routing: each token's activations are held topk times in the experts." },
    { PLANNER_MEMORY_DIFF_EXPERT_SHARDING,
      "Expert tensor × expert parallel differs from TP, so expert activations split differently from Megatron's TP-only formula." },
    { PLANNER_MEMORY_DIFF_FULL_RECOMPUTE,
      "Megatron's formula ignores full recompute, which keeps only layer inputs." },
    { PLANNER_MEMORY_DIFF_GQA,
      "Megatron's formula sizes K and V like Q; grouped-query or latent attention stores less." },
    { PLANNER_MEMORY_DIFF_OUTPUT_LAYER,
      "Megatron describes the first pipeline stage only; the last stage also holds the output layer and the logits." },
    { PLANNER_MEMORY_DIFF_OVERHEAD,
      "The planner adds memory outside PyTorch tensors: CUDA context 0.75 GiB, NCCL 0.5 GiB, workspaces 0.25 GiB and 5 % fragmentation." },
    { PLANNER_MEMORY_DIFF_PRECISION,
      "Megatron assumes 18 bytes per parameter (bf16 weights, fp32 gradients and Adam); this job's precision settings differ." },
    { PLANNER_MEMORY_DIFF_ATTENTION_SCORES,
      "Without flash or fused attention the s×s attention scores are stored; Megatron's formula leaves them out." },
  };
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
    if (difference & reasons[i].bit)
      {
        if (text->len > 0)
          g_string_append_c (text, '\n');
        g_string_append (text, reasons[i].text);
      }
  return g_string_free (text, FALSE);
}
