/* planner-recommend-step.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The step model that ranks layouts: per optimizer step and per GPU,
 * compute at the efficiency of the GEMM shapes, plus whatever
 * communication Megatron-Core 0.20 leaves exposed for this candidate,
 * plus the pipeline bubble and stage imbalance.  It is a ranking device:
 * only ratios leave this file. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "planner-flops.h"
#include "planner-recommend-private.h"

/* The constants of the step model.  Which of them were chosen by hand
 * against the published layouts of tests/calibration, and how much the
 * ranking moves when they are chosen on some model families and tested on
 * the others, is what that test prints (cross-validation); the README
 * carries the figures.
 *
 *  gemm_half: a per-GPU GEMM shape of x = rows × width output elements
 *    reaches x / (x + gemm_half) of the peak, so thin TP shards, short CP
 *    chunks, tiny micro-batches and experts that get few tokens pay.  The
 *    loss is wave quantization: the output is cut into tiles (128×128 to
 *    128×256 elements for large GEMMs) that run in waves of one tile per SM
 *    (132 on H100, 148 on B200), and a GEMM loses on average half a wave:
 *    1.1M to 2.2M elements.  1.5M, the middle: a 2048-token micro-batch on
 *    a 3072-wide shard reaches about 80%, a 8192 × 8192 shard about 98%.
 *    (Round 1 had 768K, chosen by hand; the cross-validation below picks
 *    1.5M in every fold.)
 *  attn_half: flash attention on a chunk of q tokens reaches q / (q + 512).
 *  fp8_gemm_derate: FP8 GEMMs do not reach twice the BF16 rate once the
 *    casts and the amax/scale work are counted (0.8).
 *  tp_exposed_*: of the raw TP/SP transfer time, what shows: 0.3 with
 *    --tp-comm-overlap (userbuffers split the GEMMs around the transfers);
 *    0.75 without: Transformer Engine still runs the backward all-gather of
 *    a column-parallel layer's input behind its dgrad GEMM and the
 *    reduce-scatter of its dgrad behind its wgrad GEMM, so of the ten
 *    transfers a layer makes (four forward, six backward) six show, which
 *    is 0.75 of the eight the bytes below count.
 *  ep_overlap_residual: with --overlap-moe-expert-parallel-comm another
 *    micro-batch's compute hides the all-to-all up to its own length; this
 *    share of what it hides still shows: the SMs the communication kernels
 *    take from the GEMMs meanwhile (DeepEP 20 and HybridEP 32 of H100's
 *    132, NCCL's all-to-all about as many), and the launches.
 *  pp_exposed_*, pp_latency: pipeline sends that show, interleaved (the
 *    schedule overlaps them) and 1F1B; 20 µs per send or receive.
 *  dp_tail: the last gradient bucket always shows (5%).
 *  cp_step_overhead: each doubling of CP costs 2% of the compute (ring
 *    kernels, the load-balancing reorder, softmax corrections).
 *  u_*, memory_safe: what the model cannot resolve, as a fraction of each
 *    term (±50% on communication and on thin-GEMM losses, ±25% on the
 *    bubble, ±10% on recompute); above memory_safe of the capacity, up to
 *    u_memory of the step is at stake (published runs keep headroom). */
static const PlannerStepConstants defaults = {
  .gemm_half = 1572864.0,
  .attn_half = 512.0,
  .fp8_gemm_derate = 0.8,
  .tp_exposed_overlap = 0.3,
  .tp_exposed_plain = 0.75,
  .ep_overlap_residual = 0.2,
  .pp_exposed_interleaved = 0.1,
  .pp_exposed_1f1b = 0.6,
  .pp_latency = 20e-6,
  .dp_tail = 0.05,
  .cp_step_overhead = 0.02,
  .u_comm = 0.5,
  .u_gemm = 0.5,
  .u_bubble = 0.25,
  .u_recompute = 0.1,
  .u_memory = 0.2,
  .memory_safe = 0.7,
};

const PlannerStepConstants *
planner_recommend_step_defaults (void)
{
  return &defaults;
}

const char *
planner_recommend_ranking_rule (void)
{
  /* Translators: not a format string: “%” is a percent sign. xgettext:no-c-format */
  return _("Layouts are ranked by the modelled step per sequence plus half of what the model cannot resolve "
           "(±50% on each exposed communication term and on the efficiency lost to thin GEMMs, ±25% on the "
           "bubble, ±10% on recompute, and up to ±20% for a layout whose memory estimate is above 70% of the "
           "GPU); two layouts closer than that uncertainty are a tie, and ties go to the layout whose step "
           "rests less on those uncertain terms.");
}

static double
efficiency (double x,
            double half)
{
  return x > 0 ? x / (x + half) : 1e-3;
}

/* Per-sequence work of one layer kind and of the whole model, as
 * Megatron's num_floating_point_operations counts it (facts §5). */
void
planner_recommend_step_init (PlannerRecommendSearch *s)
{
  const PlannerConfig *c = &s->base;
  double h = (double) c->hidden_size;
  double n = (double) c->num_attention_heads;
  double sq = (double) c->seq_length;
  double f = c->swiglu ? 3.0 : 2.0;
  double moe_ffn = c->moe_ffn_hidden_size > 0 ? (double) c->moe_ffn_hidden_size : (double) c->ffn_hidden_size;
  double attn_linear, attn_core, dense_mlp, routed, shared, n_moe, n_dense, mtp;
  PlannerPeakKind kind = planner_flops_peak_kind (&s->base, s->gpu);

  if (c->multi_latent_attention)
    {
      double dqk = (double) c->qk_head_dim, dpos = (double) c->qk_pos_emb_head_dim, dv = (double) c->v_head_dim;
      double q_term = c->q_lora_rank == 0 ? h * n * (dqk + dpos)
                                          : (double) c->q_lora_rank * (h + n * (dqk + dpos) + 1.0);

      attn_linear = 6.0 * (q_term + (double) c->kv_lora_rank * (h + n * (dqk + dv) + 1.0) + h * dpos + n * dv * h);
      attn_core = 6.0 * (n * (dqk + dpos) / 2.0 + n * dv / 2.0);
    }
  else
    {
      double q = (double) c->kv_channels * n;
      double kv = (double) c->kv_channels * (double) c->num_query_groups;

      attn_linear = 6.0 * (h * (q + 2.0 * kv + (c->attention_output_gate ? q : 0.0)) + q * h);
      attn_core = 6.0 * q;
    }
  dense_mlp = 6.0 * h * (double) c->ffn_hidden_size * f;
  routed = c->num_experts > 0 ? 6.0 * h * moe_ffn * (double) c->moe_router_topk * f : 0.0;
  shared = 6.0 * h * (double) c->moe_shared_expert_intermediate_size * f;

  n_moe = s->moe ? (double) s->moe_layers : 0.0;
  n_dense = (double) c->num_layers - n_moe;
  mtp = (double) c->mtp_num_layers;

  /* Per sequence: token-linear terms × s, the core term × s². */
  s->dense_layer_flops = (attn_linear + dense_mlp) * sq + attn_core * sq * sq;
  s->moe_layer_flops = (attn_linear + shared + routed) * sq + attn_core * sq * sq;
  s->dense_flops = ((attn_linear) * ((double) c->num_layers + mtp) + dense_mlp * n_dense + shared * n_moe) * sq +
                   6.0 * mtp * (3.0 * h + 2.0 * h * h) * sq;
  s->expert_flops = routed * n_moe * sq;
  s->dense_mlp_flops = dense_mlp * n_dense * sq;
  s->shared_flops = shared * n_moe * sq;
  if (c->multi_latent_attention)
    s->mla_up_flops = 6.0 * ((double) MAX (c->q_lora_rank, 1) * n * (double) (c->qk_head_dim + c->qk_pos_emb_head_dim) +
                             (double) c->kv_lora_rank * n * (double) (c->qk_head_dim + c->v_head_dim)) *
                      ((double) c->num_layers + mtp) * sq;
  s->core_flops = attn_core * ((double) c->num_layers + mtp) * sq * sq;
  s->output_flops = 6.0 * h * (double) MAX (c->padded_vocab_size, c->vocab_size) * (mtp + 1.0) * sq;
  if (mtp > 0)
    {
      /* MTP layers copy the last layer's kind (Megatron's FLOPs do too). */
      gboolean last_moe = s->moe && c->moe_layer_pattern != NULL && c->moe_layer_pattern[c->num_layers - 1];

      if (last_moe)
        s->expert_flops += routed * mtp * sq;
      else
        s->dense_flops += dense_mlp * mtp * sq;
    }

  {
    double mean_layer = (s->dense_flops + s->expert_flops + s->core_flops) / MAX ((double) c->num_layers + mtp, 1.0);
    gboolean last_moe = s->moe && c->moe_layer_pattern != NULL && c->moe_layer_pattern[c->num_layers - 1];

    /* MTP layers run after the last transformer layer, on the last rank. */
    s->last_extra = s->output_flops + mtp * (last_moe ? s->moe_layer_flops : s->dense_layer_flops);
    s->output_layers = mean_layer > 0 ? s->last_extra / mean_layer : 0.0;
  }
  s->peak_attention = planner_gpu_peak_tflops (s->gpu, kind == PLANNER_PEAK_FP8 ? PLANNER_PEAK_BF16 : kind) * 1e12;
  s->peak_gemm = planner_gpu_peak_tflops (s->gpu, kind) * 1e12 * (kind == PLANNER_PEAK_FP8 ? s->k->fp8_gemm_derate : 1.0);
  if (!(s->peak_attention > 0))
    s->peak_attention = 1e12;
  if (!(s->peak_gemm > 0))
    s->peak_gemm = s->peak_attention;
}

/* The work on each pipeline rank over the mean: the slowest rank sets the
 * pace.  Chunks of consecutive layers go round-robin to the ranks
 * (interleaving), with the output layer on the last chunk. */
static double
stage_imbalance (const PlannerRecommendSearch    *s,
                 const PlannerRecommendCandidate *c)
{
  guint32 pp = c->layout.pp, v = c->layout.vpp, layers = s->base.num_layers;
  guint32 chunks = pp * v, start = 0;
  double worst = 0.0, total = 0.0;
  double rank_work[512];

  if (pp <= 1)
    return 1.0;
  if (pp > G_N_ELEMENTS (rank_work))
    return 1.0;
  memset (rank_work, 0, sizeof (double) * pp);
  for (guint32 k = 0; k < chunks; k++)
    {
      guint32 count = planner_recommend_stage_layers (c, layers, k);
      double work = 0.0;

      for (guint32 i = start; i < start + count && i < layers; i++)
        work += s->moe && s->base.moe_layer_pattern != NULL && s->base.moe_layer_pattern[i] ? s->moe_layer_flops
                                                                                            : s->dense_layer_flops;
      if (k == chunks - 1)
        work += s->last_extra;
      rank_work[k % pp] += work;
      start += count;
    }
  for (guint32 r = 0; r < pp; r++)
    {
      worst = MAX (worst, rank_work[r]);
      total += rank_work[r];
    }
  return total > 0 ? worst * (double) pp / total : 1.0;
}

/* Bytes over the slower of the two paths when a group spans @span
 * ranks and the NVLink domain holds @domain of them: the share that
 * leaves the domain goes over the network.  A reduce-scatter or
 * all-gather (@collective) over a group with @local members in each
 * domain runs hierarchically (NCCL's rings cross each domain once per
 * NIC): the network carries 1/@local of the data per GPU. */
static double
transfer_time (const PlannerRecommendSearch *s,
               double                        bytes,
               guint64                       span,
               double                        local)
{
  double intra = s->gpu->intra_node_gbps * 1e9;
  double inter = s->gpu->inter_node_gbps * 1e9;
  double outside;

  /* The whole job inside one domain (a GB200 NVL72 rack) needs no
   * divisibility: every group is on NVLink. */
  if (span <= 1 || planner_recommend_in_domain (span, s->domain) || (span <= s->domain && s->n <= s->domain))
    return bytes / intra;
  outside = 1.0 - (double) s->domain / (double) span;
  outside = CLAMP (outside, 0.0, 1.0);
  return MAX (bytes * (1.0 - outside) / intra, bytes * outside / (inter * MAX (local, 1.0)));
}

/* Expected NVLink domains other than its own that one token's experts
 * live in, when the expert group spans @domains domains of equal size
 * (experts spread evenly, routing uniform).  Group-limited routing
 * (--moe-router-num-groups, --moe-router-group-topk) bounds it when each
 * domain holds whole groups: a token then reaches only the domains of the
 * groups it may use. */
double
planner_recommend_remote_domains (double  experts,
                                  double  topk,
                                  double  domains,
                                  guint32 groups,
                                  guint32 group_topk)
{
  double miss = 1.0;

  if (domains <= 1.0 || experts <= 0.0)
    return 0.0;
  if (groups > 0 && group_topk > 0 && (double) groups >= domains && fmod ((double) groups, domains) == 0.0)
    {
      /* The chance that none of the groups the token uses is in a given
       * domain: C(G − G/N, gk) / C(G, gk). */
      double per = (double) groups / domains;

      for (guint32 i = 0; i < group_topk; i++)
        miss *= MAX ((double) groups - per - (double) i, 0.0) / ((double) groups - (double) i);
    }
  else
    {
      double per = experts / domains;

      for (guint32 i = 0; i < (guint32) topk; i++)
        miss *= MAX (experts - per - (double) i, 0.0) / (experts - (double) i);
    }
  return (domains - 1.0) * (1.0 - miss);
}

/* The MoE token all-to-all this rank leaves exposed over the step.  Each
 * GPU dispatches its own tokens (the SP shard: tokens / TP), topk copies
 * each, and gets the expert outputs back (combine), forward and backward;
 * a recomputed forward repeats both.
 *  - Inside one NVLink domain every copy goes over NVLink.
 *  - Across domains the alltoall dispatcher sends every copy bound for a
 *    remote domain over the network, through this GPU's own NIC (the
 *    rail-optimised fabric gives each GPU its NIC: the node's NICs
 *    together carry the node's GPUs' traffic, per GPU the NIC's rate);
 *    the flex dispatcher (DeepEP, HybridEP) sends each token once to each
 *    remote domain its experts are in and fans it out over NVLink there
 *    (combine: reduced there first, sent back once).
 *  - --overlap-moe-expert-parallel-comm runs the forward of one
 *    micro-batch with the backward of another, layer by layer: each one's
 *    all-to-all hides behind the other's compute, up to that compute; the
 *    warm-up and cool-down micro-batches have no partner.
 *    --moe-shared-expert-overlap hides it behind the shared experts only. */
static double
ep_exposed (const PlannerRecommendSearch    *s,
            const PlannerRecommendCandidate *c,
            double                           compute,
            double                           tokens,
            double                           layers,
            double                           m)
{
  const PlannerLayout *l = &c->layout;
  const PlannerConfig *b = &s->base;
  double own = tokens / (double) l->tp;               /* tokens this GPU dispatches */
  double copies = own * (double) b->moe_router_topk;
  double unit = (double) b->hidden_size * 2.0;        /* bf16 on the wire */
  double intra = s->gpu->intra_node_gbps * 1e9;
  double inter = s->gpu->inter_node_gbps * 1e9;
  guint64 group = (guint64) l->etp * l->ep;
  double passes = 4.0, raw;

  if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE && (c->recompute_modules & PLANNER_RECOMPUTE_MODULE_MOE))
    passes += 2.0;
  else if (c->recompute == PLANNER_RECOMPUTE_FULL)
    passes += 2.0 * (c->recompute_block > 0 ? MIN ((double) c->recompute_block * (double) l->vpp * (double) l->pp /
                                                   (double) b->num_layers, 1.0)
                                            : 1.0);

  if (planner_recommend_in_domain (group, s->domain) || (group <= s->domain && s->n <= s->domain))
    raw = copies * unit * ((double) l->ep - 1.0) / (double) l->ep / intra;
  else
    {
      double per_domain = MAX ((double) s->domain / (double) l->etp, 1.0);   /* EP ranks per domain */
      double domains = (double) l->ep / per_domain;
      double net, nvl;

      if (c->dispatcher == PLANNER_DISPATCHER_FLEX_DEEPEP || c->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP)
        {
          net = own * planner_recommend_remote_domains ((double) b->num_experts, (double) b->moe_router_topk,
                                                        domains, b->moe_router_num_groups,
                                                        b->moe_router_group_topk) * unit;
          nvl = copies * unit * (1.0 - 1.0 / (double) l->ep);
        }
      else
        {
          net = copies * unit * (1.0 - per_domain / (double) l->ep);
          nvl = copies * unit * (per_domain - 1.0) / (double) l->ep;
        }
      raw = MAX (net / inter, nvl / intra);
    }
  raw *= passes * layers * m;

  if (c->moe_ep_overlap)
    {
      double chunks = m * (double) l->vpp;
      double warmup = l->pp > 1 ? ((double) l->pp - 1.0) + ((double) l->vpp - 1.0) * (double) l->pp + 1.0 : 1.0;
      double unpaired = MIN (warmup / MAX (chunks, 1.0), 1.0);
      double paired = raw * (1.0 - unpaired), hide = compute * (1.0 - unpaired);

      return raw * unpaired + MAX (paired - hide, 0.0) + s->k->ep_overlap_residual * MIN (paired, hide);
    }
  if (c->shared_expert_overlap)
    {
      double shared = compute * s->shared_flops / MAX (s->dense_flops + s->expert_flops + s->core_flops, 1.0);

      return MAX (raw - shared, 0.0) + s->k->ep_overlap_residual * MIN (raw, shared);
    }
  return raw;
}

void
planner_recommend_step_time (const PlannerRecommendSearch *s,
                             PlannerRecommendCandidate    *c,
                             const PlannerMemoryEstimate  *mem)
{
  const PlannerLayout *l = &c->layout;
  const PlannerStageMemory *stage = &mem->stages[mem->worst];
  PlannerStepTime *t = &c->time;
  const PlannerStepConstants *k = s->k;
  double h = (double) s->base.hidden_size;
  double m = (double) c->num_microbatches;
  double B = (double) c->global_batch_size;
  double n = (double) s->n;
  double tokens = (double) c->micro_batch_size * (double) s->base.seq_length / (double) l->cp;
  double stage_layers = (double) s->base.num_layers / (double) l->pp;
  double moe_stage_layers = (double) s->moe_layers / (double) l->pp;
  double act_bytes = 2.0;   /* bf16 activations on the wire */
  double eff_dense, eff_expert, eff_attn, ideal;
  double busy, imbalance, window, dp_raw, bytes;

  memset (t, 0, sizeof *t);

  /* Compute: every term is the global batch's work split over n GPUs. */
  eff_dense = efficiency (tokens * h / (double) l->tp, k->gemm_half);
  eff_attn = efficiency ((double) s->base.seq_length / (double) l->cp, k->attn_half);
  eff_expert = 1.0;
  if (s->moe)
    {
      double per_expert = tokens / (double) l->tp * (double) l->etp * (double) s->base.moe_router_topk *
                          (double) l->ep / (double) s->base.num_experts;

      eff_expert = efficiency (per_expert * h / (double) l->etp, k->gemm_half);
    }
  t->compute = B / n * ((s->dense_flops + s->output_flops) / (s->peak_gemm * eff_dense) +
                        s->expert_flops / (s->peak_gemm * eff_expert) +
                        s->core_flops / (s->peak_attention * eff_attn));
  ideal = B / n * ((s->dense_flops + s->output_flops + s->expert_flops) / s->peak_gemm +
                   s->core_flops / s->peak_attention);
  t->ideal_compute = ideal;

  /* Recompute: full repeats every layer's forward (a third of its work);
   * selective repeats the forward of the modules listed: the attention
   * scores, MLA's up-projections, the dense MLPs, shared experts, whole
   * MoE layers (with their dispatch and combine), and the elementwise
   * ones (layernorm, the MoE activation) for about a percent each. */
  if (c->recompute == PLANNER_RECOMPUTE_FULL)
    {
      double rank_layers = (double) s->base.num_layers / (double) l->pp;
      double share = c->recompute_block > 0 ? MIN ((double) c->recompute_block * (double) l->vpp / rank_layers, 1.0)
                                            : 1.0;

      t->recompute = share * (t->compute - B / n * s->output_flops / (s->peak_gemm * eff_dense)) / 3.0;
    }
  else if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    {
      guint32 mods = c->recompute_modules;

      if (mods & PLANNER_RECOMPUTE_MODULE_CORE_ATTN)
        t->recompute += B / n * s->core_flops / (s->peak_attention * eff_attn) / 3.0;
      if (mods & PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ)
        t->recompute += B / n * s->mla_up_flops / (s->peak_gemm * eff_dense) / 3.0;
      if (mods & PLANNER_RECOMPUTE_MODULE_MLP)
        t->recompute += B / n * s->dense_mlp_flops / (s->peak_gemm * eff_dense) / 3.0;
      if (mods & PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS)
        t->recompute += B / n * s->shared_flops / (s->peak_gemm * eff_dense) / 3.0;
      if (mods & PLANNER_RECOMPUTE_MODULE_MOE)
        t->recompute += B / n * s->expert_flops / (s->peak_gemm * eff_expert) / 3.0;
      if (mods & PLANNER_RECOMPUTE_MODULE_LAYERNORM)
        t->recompute += 0.01 * t->compute;
      if (mods & PLANNER_RECOMPUTE_MODULE_MOE_ACT)
        t->recompute += 0.01 * t->compute;
    }

  /* TP with SP: two all-gathers and two reduce-scatters forward, as many
   * backward, each moving (t−1)/t of the micro-batch's activation; full
   * recompute repeats the forward ones. */
  if (l->tp > 1)
    {
      bytes = 8.0 * ((double) l->tp - 1.0) / (double) l->tp * tokens * h * act_bytes * stage_layers * m;
      if (c->recompute == PLANNER_RECOMPUTE_FULL)
        bytes *= c->recompute_block > 0 ? 1.0 + 0.5 * MIN ((double) c->recompute_block * (double) l->vpp * (double) l->pp /
                                                            (double) s->base.num_layers, 1.0)
                                        : 1.5;
      t->tp_comm = (c->tp_in_nvlink ? bytes / (s->gpu->intra_node_gbps * 1e9) : bytes / (s->gpu->inter_node_gbps * 1e9)) *
                   (c->tp_comm_overlap ? k->tp_exposed_overlap : k->tp_exposed_plain);
    }
  /* Expert TP: routed tokens gathered before and reduce-scattered after
   * each expert GEMM, forward and backward. */
  if (s->moe && l->etp > 1)
    {
      bytes = 4.0 * ((double) l->etp - 1.0) / (double) l->etp * tokens / (double) l->tp *
              (double) s->base.moe_router_topk * h * act_bytes * moe_stage_layers * m;
      t->tp_comm += transfer_time (s, bytes, l->etp, 1.0);
    }

  /* CP: the ring passes K and V around cp−1 times forward and K, V and
   * their gradients backward; each step hides behind the attention of the
   * chunk already held. */
  if (l->cp > 1)
    {
      double ring = 3.0 * ((double) l->cp - 1.0) * tokens * s->kv_width * act_bytes / (double) l->tp * stage_layers * m;
      double raw = transfer_time (s, ring, (guint64) l->tp * l->cp, 1.0);
      double hide = B / n * s->core_flops / (s->peak_attention * eff_attn) * ((double) l->cp - 1.0) / (double) l->cp;

      /* Each ring step also costs its kernels, the load-balancing
       * reorder and the softmax corrections that merge partial results. */
      t->cp_comm = MAX (raw - hide, 0.1 * raw) + k->cp_step_overhead * log2 ((double) l->cp) * t->compute;
    }

  /* EP: dispatch and combine, forward and backward (see ep_exposed). */
  if (s->moe && l->ep > 1)
    t->ep_comm = ep_exposed (s, c, t->compute + t->recompute, tokens, moe_stage_layers, m);

  /* PP: each micro-batch crosses every chunk boundary forward and back,
   * the SP-scattered activation; stages are tp·cp·dp ranks apart. */
  if (l->pp > 1)
    {
      double sends = 2.0 * (double) l->vpp * m;
      double raw;

      bytes = tokens * h * act_bytes / (double) l->tp * sends;
      /* Neighbouring stages are tp·cp·dp ranks apart. */
      raw = (guint64) l->tp * l->cp * l->dp * 2 <= s->domain ? bytes / (s->gpu->intra_node_gbps * 1e9)
                                                             : bytes / (s->gpu->inter_node_gbps * 1e9);
      t->pp_comm = raw * (l->vpp > 1 ? k->pp_exposed_interleaved : k->pp_exposed_1f1b) + sends * k->pp_latency;
    }

  busy = t->compute + t->recompute + t->tp_comm + t->cp_comm + t->ep_comm + t->pp_comm;
  imbalance = stage_imbalance (s, c);
  t->bubble = busy * (imbalance - 1.0) + busy * imbalance * ((double) l->pp - 1.0) / ((double) l->vpp * m);

  /* Data parallel: with the distributed optimizer a reduce-scatter of the
   * gradients (fp32, or bf16 with --grad-reduce-in-bf16) and an all-gather
   * of the bf16 parameters (fp8 with --fp8-param-gather); without it an
   * all-reduce.  Dense parameters reduce over DP×CP, experts over EDP.
   * --overlap-grad-reduce hides the reduce-scatter behind the last
   * backward and --overlap-param-gather the gather behind the first
   * forward (two thirds and one third of a micro-batch of this rank's
   * work).  With interleaving the first rank finishes its chunks one
   * group of PP micro-batches apart in the cooldown (and starts them so
   * in the warmup), so each chunk's share has that much more to hide
   * behind. */
  {
    double grad = s->base.grad_reduce_in_bf16 ? 2.0 : 4.0;
    double param = c->fp8_param_gather ? 1.0 : 2.0;
    double dense_group = (double) l->dp * (double) l->cp;
    double expert_group = (double) l->expert_dp;
    double dense_share = dense_group > 1 ? (dense_group - 1.0) / dense_group * stage->dense_params : 0;
    double expert_share = expert_group > 1 ? (expert_group - 1.0) / expert_group * stage->expert_params : 0;
    double per_param_time =
      transfer_time (s, dense_share, (guint64) l->tp * l->cp * l->dp, (double) s->domain / (double) l->tp) +
      transfer_time (s, expert_share, (guint64) l->etp * l->ep * l->expert_dp,
                     (double) s->domain / ((double) l->etp * (double) l->ep));
    double micro = (t->compute + t->recompute) / m;
    double reach = 1.0 + (l->vpp > 1 ? (double) MIN (l->pp, c->num_microbatches) * ((double) l->vpp - 1.0) /
                                         (double) l->vpp
                                     : 0.0);
    double reduce, gather;

    if (c->fsdp)
      {
        /* Megatron-FSDP gathers the parameters for every micro-batch's
         * forward and backward and reduce-scatters its gradients, layer by
         * layer ahead of the compute that needs them. */
        double per_micro = (2.0 * param + grad) * per_param_time;
        double hide = 0.8 * (t->compute + t->recompute) / m;

        reduce = per_micro * m;
        gather = 0.0;
        dp_raw = reduce;
        t->dp_comm = MAX (per_micro - hide, 0.0) * m + k->dp_tail * per_micro;
        goto dp_done;
      }
    if (c->distributed_optimizer)
      {
        reduce = grad * per_param_time;
        gather = param * per_param_time;
      }
    else
      {
        reduce = 2.0 * grad * per_param_time;
        gather = 0.0;
      }
    dp_raw = reduce + gather;
    window = c->grad_reduce_overlap ? micro * reach : 0.0;
    t->dp_comm = MAX (reduce - window * 2.0 / 3.0, 0.0) +
                 MAX (gather - (c->param_gather_overlap ? window / 3.0 : 0.0), 0.0) + k->dp_tail * dp_raw;
  }
dp_done:

  t->total = busy + t->bubble + t->dp_comm;
  t->uncertainty = k->u_comm * (t->tp_comm + t->cp_comm + t->ep_comm + t->pp_comm + t->dp_comm) +
                   k->u_gemm * MAX (t->compute - ideal, 0.0) + k->u_bubble * t->bubble + k->u_recompute * t->recompute +
                   k->u_memory * t->total *
                     CLAMP ((c->memory_use - k->memory_safe) / (1.0 - k->memory_safe), 0.0, 1.0);
  c->seconds_per_sequence = t->total / B;
  c->score = (t->total + 0.5 * t->uncertainty) / B;
}
