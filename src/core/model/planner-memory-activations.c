/* planner-memory-activations.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-memory"

#include "config.h"

#include "planner-memory-private.h"

#include <math.h>
#include <string.h>

/* What one transformer layer keeps for backward, per microbatch, as
 * Megatron-Core 0.20 with Transformer Engine builds it.  Each term names
 * the tensor an autograd node saves, so that each --recompute-modules
 * choice can drop exactly what it recomputes:
 *   core_attn    the attention kernel's own state (unfused: the softmax,
 *                its dropout; fused: the log-sum-exp), not Q, K, V;
 *   mla_up_proj  Q, K, V after the MLA up-projections and RoPE;
 *   layernorm    the outputs of separate norm modules (MLA's input norm,
 *                the MoE pre-MLP norm), not of norms fused into a GEMM;
 *   mlp          everything inside a dense MLP but its input;
 *   moe          everything inside the MoE block but its input;
 *   moe_act      the expert activation output (the FC2 input);
 *   shared_experts  the shared expert's intermediates. */

static gboolean
has_module (const PlannerConfig *c,
            guint32              module)
{
  return c->recompute == PLANNER_RECOMPUTE_SELECTIVE && (c->recompute_modules & module) != 0;
}

void
planner_memory_activation_sizes (const PlannerConfig    *c,
                                 PlannerActivationSizes *a)
{
  double t = (double) MAX (c->layout.tp, 1);
  double s = (double) c->seq_length / (double) MAX (c->layout.cp, 1);   /* CP splits the sequence */
  double b = (double) c->micro_batch_size;
  double h = (double) c->hidden_size;
  double n = (double) c->num_attention_heads;
  double rep = c->sequence_parallel ? t : 1.0;   /* replicated over TP unless SP */
  double elem = c->precision == PLANNER_PRECISION_FP32 ? 4.0 : 2.0;
  double lin = c->fp8 ? 1.0 : elem;              /* GEMM inputs TE saves (FP8 copies under FP8) */
  double mask = c->hidden_dropout > 0.0 ? 1.0 : 0.0;
  double tokens = s * b;
  double th = tokens * h / rep;
  double q, kv, o, attention, core, qkv, norm_out, mlp_in, dense_full, dense_mlp, moe_mlp;
  double replay_dense, replay_moe;
  gboolean unfused = !c->flash_attention;

  memset (a, 0, sizeof *a);

  if (c->multi_latent_attention)
    {
      double qk = (double) (c->qk_head_dim + c->qk_pos_emb_head_dim);
      double latent = (double) (c->q_lora_rank + c->kv_lora_rank);

      q = n * qk;
      kv = n * qk + n * (double) c->v_head_dim;
      o = n * (double) c->v_head_dim;
      /* A separate input norm (its output feeds both down-projections), and
       * the latent vectors the up-projections' fused norms keep, input and
       * output, plus the shared RoPE key. */
      norm_out = has_module (c, PLANNER_RECOMPUTE_MODULE_LAYERNORM) ? 0.0 : lin * th;
      attention = (elem + lin) * tokens * latent / rep + elem * tokens * (double) c->qk_pos_emb_head_dim / rep;
      qkv = has_module (c, PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ) ? 0.0 : elem * tokens * (q + kv) / t;
    }
  else
    {
      q = n * (double) c->kv_channels;
      kv = 2.0 * (double) c->num_query_groups * (double) c->kv_channels;
      o = q;
      /* The norm is fused into the QKV GEMM, which keeps its output. */
      norm_out = lin * th;
      attention = 0.0;
      qkv = elem * tokens * (q + kv) / t;
    }

  /* The attention kernel's own state.  Unfused attention keeps the softmax
   * (and, with attention dropout, its mask and output); the fused and
   * flash kernels keep only the fp32 log-sum-exp. */
  core = 4.0 * b * n * s / t;
  if (unfused)
    {
      double scores = b * (n / t) * s * s;

      core += elem * scores;
      if (c->attention_dropout > 0.0)
        core += (1.0 + elem) * scores;
      /* The scores themselves live in Megatron's global memory buffer,
       * allocated once and reused by every layer. */
      a->global_buffers = elem * scores;
    }
  if (has_module (c, PLANNER_RECOMPUTE_MODULE_CORE_ATTN))
    core = 0.0;

  attention += elem * th          /* the residual, kept by the input norm */
               + norm_out
               + qkv
               + core
               + elem * tokens * o / t      /* attention output = projection input */
               + (c->fp8 ? tokens * o / t : 0.0)
               + mask * th;        /* dropout mask after the projection */

  /* Dense MLP: the pre-MLP norm is fused into FC1.  A checkpointed MLP
   * keeps only its input. */
  mlp_in = elem * th;
  dense_full = mlp_in + lin * th
               + elem * tokens * (double) c->ffn_hidden_size * (c->swiglu || c->quick_geglu ? 2.0 : 1.0) / t
               + lin * tokens * (double) c->ffn_hidden_size / t;
  dense_mlp = has_module (c, PLANNER_RECOMPUTE_MODULE_MLP) ? mlp_in : dense_full;
  replay_dense = dense_full - dense_mlp;
  dense_mlp += mask * th;

  moe_mlp = 0.0;
  replay_moe = 0.0;
  if (c->num_experts > 0)
    {
      /* The MoE block has its own pre-MLP norm module.  Each GPU handles
       * s·b·k·etp/tp routed token copies on average; the expert
       * intermediates are split over ETP. */
      double etp = (double) MAX (c->layout.etp, 1);
      double routed = tokens * (double) c->moe_router_topk * etp / t;
      double hr = c->moe_latent_size > 0 ? (double) c->moe_latent_size : h;
      double fm = (double) c->moe_ffn_hidden_size;
      double fs = (double) c->moe_shared_expert_intermediate_size;
      double gated = c->swiglu || c->quick_geglu ? 2.0 : 1.0;
      double norm = has_module (c, PLANNER_RECOMPUTE_MODULE_LAYERNORM) ? 0.0 : elem * th;
      double inside;

      inside = 4.0 * tokens * (double) c->num_experts / rep     /* fp32 router logits */
               + lin * routed * hr                                /* permuted expert input */
               + elem * routed * fm * gated / etp                 /* FC1 output */
               + elem * routed * hr;                              /* expert output before combine */
      if (!has_module (c, PLANNER_RECOMPUTE_MODULE_MOE_ACT))
        {
          inside += lin * routed * fm / etp;                      /* activation × weights = FC2 input */
          /* Unless one fused kernel applies the routing weights (SwiGLU
           * with bias-activation fusion), the product keeps the
           * activation's output as well. */
          if (!c->moe_fused_weighted_activation)
            inside += elem * routed * fm / etp;
        }
      if (fs > 0 && !has_module (c, PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS))
        inside += elem * tokens * fs * gated / t + lin * tokens * fs / t;
      if (c->moe_latent_size > 0)
        inside += lin * th + elem * tokens * hr / rep;

      if (has_module (c, PLANNER_RECOMPUTE_MODULE_MOE))
        {
          /* A checkpointed MoE block keeps its input, the norm output. */
          moe_mlp = elem * th + elem * th;
          replay_moe = inside;
        }
      else
        moe_mlp = elem * th + norm + inside;
      moe_mlp += mask * th;

      /* The allgather dispatcher gathers every token of the TP × EP group
       * into Megatron's global memory buffer, allocated once. */
      if (c->moe_dispatcher == PLANNER_DISPATCHER_ALLGATHER && (c->layout.tp > 1 || c->layout.ep > 1))
        a->global_buffers += elem * th * t * (double) MAX (c->layout.ep, 1);
    }

  a->dense_layer = attention + dense_mlp;
  a->moe_layer = attention + moe_mlp;
  a->layer_input = elem * th;
  /* The embedding output is layer 0's input; only its dropout mask is extra. */
  a->embedding = mask * th;
  /* While a checkpointed unit runs backward, its activations are live
   * again: a whole layer under full recompute, one module under selective. */
  if (c->recompute == PLANNER_RECOMPUTE_FULL)
    {
      a->recompute_dense = a->dense_layer;
      a->recompute_moe = a->moe_layer;
    }
  else
    {
      a->recompute_dense = replay_dense;
      a->recompute_moe = replay_moe;
    }

  /* Last stage: the final norm's input and the output layer's input (not
   * FP8), then the loss over the logits (T·V/tp):
   *  - unfused: an fp32 copy of the bf16 logits (6 bytes per logit at
   *    once); the fp32 softmax stays for backward, where the fp32 gradient
   *    and its bf16 cast again make 6;
   *  - fused, native (fused_cross_entropy.py, compiled by jit_fuser: the
   *    fp32 cast of calculate_logits_max and the exp_logits it saves for
   *    backward are separate tensors, beside the bf16 logits; Megatron's
   *    CI measures 4 bytes per logit more than unfused, the
   *    cross-entropy-loss-fusion row of memory-peaks.json);
   *  - fused, Transformer Engine: the kernel writes the gradient over the
   *    bf16 logits, which are all it keeps. */
  {
    double logits = tokens * (double) c->padded_vocab_size / t;
    double per_logit;

    switch (c->cross_entropy_fusion)
      {
      case PLANNER_LOSS_FUSED_TE:
        per_logit = elem;
        break;
      case PLANNER_LOSS_FUSED_NATIVE:
        per_logit = elem + 8.0;
        break;
      case PLANNER_LOSS_UNFUSED:
      default:
        per_logit = elem + 4.0;
        break;
      }
    a->logits = elem * th + elem * tokens * h / rep + per_logit * logits;
  }
}

/* Microbatches whose activations one rank holds at its peak, in units of
 * "all the layers of this rank once".  1F1B: pp − stage.  Interleaved: the
 * warm-up chunks plus one, spread over vpp chunks (every chunk, when the
 * warm-up covers them all). */
double
planner_memory_in_flight (const PlannerConfig *c,
                          guint32              stage)
{
  double pp = (double) MAX (c->layout.pp, 1);
  double m = (double) MAX (c->num_microbatches, 1);
  double vpp = (double) MAX (c->layout.vpp, 1);

  if (c->layout.pp <= 1)
    return 1.0;
  if (c->layout.vpp > 1)
    {
      /* Overlapping the MoE all-to-all schedules one more forward first. */
      double chunks = (pp - (double) stage - 1.0) * 2.0 + (vpp - 1.0) * pp + 1.0 + (c->overlap_moe_comm ? 1.0 : 0.0);

      return MIN (chunks, m * vpp) / vpp;
    }
  return MIN (pp - (double) stage, m);
}

/* What a rank holds for @flight microbatches of @n_dense + @n_moe layers:
 * everything, only the inputs of recomputed layers, or what stays on the
 * GPU with activation offloading. */
double
planner_memory_layer_activations (const PlannerConfig          *c,
                                  const PlannerActivationSizes *a,
                                  double                        n_dense,
                                  double                        n_moe,
                                  double                        flight)
{
  double layers = n_dense + n_moe;
  double full = n_dense * a->dense_layer + n_moe * a->moe_layer;
  double per_layer, recompute_n;

  if (layers <= 0)
    return 0.0;
  per_layer = full / layers;

  if (c->recompute != PLANNER_RECOMPUTE_FULL)
    {
      /* --cpu-offloading-num-layers (pp 1, no recompute): those layers'
       * activations go to host memory after their forward; about one
       * layer's worth is on its way out or back at any time. */
      if (c->cpu_offloading_num_layers > 0 && c->layout.pp <= 1)
        {
          double offloaded = MIN ((double) c->cpu_offloading_num_layers, layers - 1.0);

          return (layers - offloaded) * per_layer * flight + MIN (offloaded, 1.0) * per_layer;
        }
      return full * flight;
    }

  recompute_n = c->recompute_num_layers > 0 ? (double) c->recompute_num_layers : 1.0;
  if (c->recompute_method == PLANNER_RECOMPUTE_METHOD_BLOCK)
    {
      /* The first N layers of each chunk keep only their inputs, the rest
       * everything. */
      double vpp = (double) MAX (c->layout.vpp, 1);
      double recomputed = MIN (recompute_n * vpp, layers);

      return (recomputed * a->layer_input + (layers - recomputed) * per_layer) * flight;
    }

  /* Uniform: one saved input per group of N layers. */
  {
    double per_chunk = layers / (double) MAX (c->layout.vpp, 1);
    double groups = ceil (per_chunk / recompute_n) * (double) MAX (c->layout.vpp, 1);

    return groups * a->layer_input * flight;
  }
}

/* What is live again while one recomputed unit runs its backward: a group
 * of N layers under full recompute, one module under selective. */
double
planner_memory_recompute_replay (const PlannerConfig          *c,
                                 const PlannerActivationSizes *a,
                                 double                        n_dense,
                                 double                        n_moe)
{
  double layers = n_dense + n_moe;

  if (layers <= 0 || c->recompute == PLANNER_RECOMPUTE_NONE)
    return 0.0;
  if (c->recompute == PLANNER_RECOMPUTE_FULL)
    {
      double per_layer = (n_dense * a->dense_layer + n_moe * a->moe_layer) / layers;
      double n = c->recompute_num_layers > 0 ? (double) c->recompute_num_layers : 1.0;

      return c->recompute_method == PLANNER_RECOMPUTE_METHOD_BLOCK ? per_layer : MIN (n, layers) * per_layer;
    }
  return MAX (n_moe > 0 ? a->recompute_moe : 0.0, n_dense > 0 ? a->recompute_dense : 0.0);
}
