/* planner-flops.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-flops"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-flops.h"
#include "planner-release.h"

#include <math.h>

G_DEFINE_QUARK (planner-flops-error-quark, planner_flops_error)

/* The routed experts' term per token and MoE layer, over 6h.  From 0.17.1
 * transformer_flops runs them on --moe-latent-size, with the projections
 * down and up; 0.16.1 has the option but counts them on the hidden size
 * (megatron/training/training.py of each release). */
static double
routed_experts_term (const PlannerConfig *c,
                     const char          *release,
                     double               moe_ffn,
                     double               routed_to,
                     double               ffn_factor)
{
  double h = (double) c->hidden_size;

  if (c->moe_latent_size == 0 || !planner_release_at_least (release, "0.17.1"))
    return moe_ffn * routed_to * ffn_factor;
  return moe_ffn * routed_to * ffn_factor * (double) c->moe_latent_size / h +
         2.0 * (double) c->moe_latent_size;
}

/* transformer_flops() of megatron/training/training.py in @release, term
 * by term, for T tokens and S2 = Σ sequence lengths² (facts §5).  From
 * 0.12.0 to 0.20.0 its terms are the same sums, written differently,
 * except the latent experts above; --attention-output-gate appears with
 * its term in 0.16.1. */
static double
transformer_flops (const PlannerConfig *c,
                   const char          *release,
                   double               tokens,
                   double               seqlen_squared_sum)
{
  double h = (double) c->hidden_size;
  double n = (double) c->num_attention_heads;
  double n_moe = 0.0, n_dense, routed_to = 0.0, layers, mtp;
  double ffn_factor = c->swiglu ? 3.0 : 2.0;
  double moe_ffn, shared, routed_term, attn_linear, attn_core, mlp;

  if (c->num_layers == 0 || c->hidden_size == 0 || c->num_attention_heads == 0)
    return 0.0;

  if (c->num_experts > 0)
    {
      n_moe = planner_config_count_moe_layers (c);
      routed_to = (double) c->moe_router_topk;
    }
  n_dense = (double) c->num_layers - n_moe;

  /* MTP layers take the type of the last layer. */
  mtp = (double) c->mtp_num_layers;
  if (mtp > 0)
    {
      gboolean last_is_moe = c->num_experts > 0 && c->moe_layer_pattern != NULL &&
                             c->moe_layer_pattern[c->num_layers - 1] != 0;

      if (last_is_moe)
        n_moe += mtp;
      else
        n_dense += mtp;
    }
  layers = (double) c->num_layers + mtp;

  moe_ffn = c->moe_ffn_hidden_size > 0 ? (double) c->moe_ffn_hidden_size : (double) c->ffn_hidden_size;
  shared = (double) c->moe_shared_expert_intermediate_size;

  if (c->multi_latent_attention)
    {
      attn_linear = 6.0 * planner_config_mla_params (c, 1.0);
      attn_core = 6.0 * (n * (double) (c->qk_head_dim + c->qk_pos_emb_head_dim) / 2.0 +
                         n * (double) c->v_head_dim / 2.0);
    }
  else
    {
      double q = (double) c->kv_channels * n;
      double kv = (double) c->kv_channels * (double) c->num_query_groups;
      double gate = c->attention_output_gate ? q : 0.0;

      attn_linear = 6.0 * (h * (q + kv + kv + gate) + q * h);
      attn_core = 6.0 * q / 2.0 * 2.0;
    }

  routed_term = routed_experts_term (c, release, moe_ffn, routed_to, ffn_factor);

  mlp = 6.0 * h * ((double) c->ffn_hidden_size * ffn_factor * n_dense
                   + routed_term * n_moe
                   + shared * ffn_factor * n_moe);

  return tokens * (mlp
                   + attn_linear * layers
                   + 6.0 * mtp * (3.0 * h + 2.0 * h * h)
                   + 6.0 * h * (double) c->padded_vocab_size * (mtp + 1.0))
         + seqlen_squared_sum * attn_core * layers;
}

double
planner_flops_for_batch (const PlannerConfig *config,
                         double               batch)
{
  double s;

  g_return_val_if_fail (config != NULL, 0.0);

  if (!(batch > 0.0) || !isfinite (batch))
    return 0.0;
  s = (double) config->seq_length;
  return transformer_flops (config, config->megatron_version, batch * s, batch * s * s);
}

double
planner_flops_per_iteration (const PlannerConfig *config)
{
  g_return_val_if_fail (config != NULL, 0.0);

  return planner_flops_for_batch (config, (double) config->global_batch_size);
}

double
planner_flops_per_token (const PlannerConfig *config)
{
  g_return_val_if_fail (config != NULL, 0.0);

  if (config->seq_length == 0)
    return 0.0;
  /* Per sample, then per token: independent of the batch. */
  return planner_flops_for_batch (config, 1.0) / (double) config->seq_length;
}

PlannerPeakKind
planner_flops_peak_kind (const PlannerConfig *config,
                         const PlannerGpu    *gpu)
{
  g_return_val_if_fail (config != NULL, PLANNER_PEAK_BF16);

  if (config->fp8 && gpu != NULL && gpu->supports_fp8 && gpu->peak_fp8_tflops > 0)
    return PLANNER_PEAK_FP8;
  if (config->precision == PLANNER_PRECISION_FP16 || (gpu != NULL && !gpu->supports_bf16))
    return PLANNER_PEAK_FP16;
  return PLANNER_PEAK_BF16;
}

double
planner_gpu_peak_tflops (const PlannerGpu *gpu,
                         PlannerPeakKind   kind)
{
  g_return_val_if_fail (gpu != NULL, 0.0);

  switch (kind)
    {
    case PLANNER_PEAK_FP8:
      return gpu->peak_fp8_tflops;
    case PLANNER_PEAK_FP16:
      return gpu->peak_fp16_tflops;
    case PLANNER_PEAK_BF16:
    default:
      return gpu->supports_bf16 ? gpu->peak_bf16_tflops : gpu->peak_fp16_tflops;
    }
}

const char *
planner_peak_kind_to_string (PlannerPeakKind kind)
{
  switch (kind)
    {
    case PLANNER_PEAK_FP8:
      return "fp8";
    case PLANNER_PEAK_FP16:
      return "fp16";
    case PLANNER_PEAK_BF16:
    default:
      return "bf16";
    }
}

static gboolean
mfu_from_tflops (const PlannerConfig *config,
                 const PlannerGpu    *gpu,
                 double               tflops,
                 PlannerMfu          *out,
                 GError             **error)
{
  out->peak = planner_flops_peak_kind (config, gpu);
  out->peak_tflops = planner_gpu_peak_tflops (gpu, out->peak);
  if (!(out->peak_tflops > 0.0))
    {
      g_set_error (error, PLANNER_FLOPS_ERROR, PLANNER_FLOPS_ERROR_INVALID,
                   /* Translators: the GPU's name, then a precision (bf16, fp8…) */
                   _("%s has no %s peak in the catalog"), gpu->name,
                   planner_peak_kind_to_string (out->peak));
      return FALSE;
    }
  out->tflops_per_gpu = tflops;
  out->mfu = tflops / out->peak_tflops;
  return TRUE;
}

/* @message is the whole sentence to give when @value is not positive. */
static gboolean
check_positive (double       value,
                const char  *message,
                GError     **error)
{
  if (value > 0.0 && isfinite (value))
    return TRUE;
  g_set_error_literal (error, PLANNER_FLOPS_ERROR, PLANNER_FLOPS_ERROR_INVALID, message);
  return FALSE;
}

gboolean
planner_mfu_from_iteration_time (const PlannerConfig *config,
                                 const PlannerGpu    *gpu,
                                 double               seconds,
                                 PlannerMfu          *out,
                                 GError             **error)
{
  double world;

  g_return_val_if_fail (config != NULL && gpu != NULL && out != NULL, FALSE);

  if (!check_positive (seconds, _("The iteration time in seconds must be a positive number"), error))
    return FALSE;
  world = (double) MAX (config->layout.world_size, 1);
  /* Megatron's log line: flops / (t · 10¹² · world). */
  return mfu_from_tflops (config, gpu,
                          planner_flops_per_iteration (config) / (seconds * 1e12 * world),
                          out, error);
}

gboolean
planner_mfu_from_tflops_per_gpu (const PlannerConfig *config,
                                 const PlannerGpu    *gpu,
                                 double               tflops,
                                 PlannerMfu          *out,
                                 GError             **error)
{
  g_return_val_if_fail (config != NULL && gpu != NULL && out != NULL, FALSE);

  if (!check_positive (tflops, _("The logged TFLOP/s per GPU must be a positive number"), error))
    return FALSE;
  return mfu_from_tflops (config, gpu, tflops, out, error);
}

gboolean
planner_mfu_from_tokens_per_second (const PlannerConfig *config,
                                    const PlannerGpu    *gpu,
                                    double               tokens_per_second_per_gpu,
                                    PlannerMfu          *out,
                                    GError             **error)
{
  g_return_val_if_fail (config != NULL && gpu != NULL && out != NULL, FALSE);

  if (!check_positive (tokens_per_second_per_gpu, _("The tokens per second per GPU must be a positive number"),
                       error))
    return FALSE;
  return mfu_from_tflops (config, gpu,
                          tokens_per_second_per_gpu * planner_flops_per_token (config) / 1e12,
                          out, error);
}
