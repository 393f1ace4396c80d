/* planner-recommend-search.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The search: every layout Megatron accepts for the job (TP, CP, PP, VPP,
 * EP, ETP), each with the fastest variant of the knobs the person left
 * free (micro-batch, recompute) that fits in memory.  Expert mistakes are
 * never candidates: CP at 4K tokens or less, EP 1 for 64 or more experts
 * when a larger EP exists, a pipeline rank with fewer than two layers, TP
 * across an NVLink domain. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "planner-flag-catalog.h"
#include "planner-flops.h"
#include "planner-recommend-private.h"
#include "planner-release.h"

/* Beyond these a layout is never worth it: a CP chunk under 1024 tokens
 * starves the attention kernels, and CP at or below 4K tokens costs more
 * than it saves (the experts' rule, issue 11). */
#define MIN_CP_CHUNK        1024
#define MAX_SEQ_WITHOUT_CP  4096
/* Models with this many experts always get EP > 1 when the GPUs allow it. */
#define MANY_EXPERTS        64
static const guint32 micro_batches[] = { 1, 2, 4, 8, 16 };

gboolean
planner_recommend_heads_allow_tp (const PlannerConfig *b,
                                  guint32              tp)
{
  if (b->num_attention_heads % tp != 0)
    return FALSE;
  if (!b->multi_latent_attention && b->num_query_groups % tp != 0 && tp % b->num_query_groups != 0)
    return FALSE;
  if (b->ffn_hidden_size % tp != 0)
    return FALSE;
  return TRUE;
}

/* ---- The fast per-candidate path ---- */

void
planner_recommend_fill_config (const PlannerRecommendSearch    *s,
                               const PlannerRecommendCandidate *c,
                               PlannerConfig                   *cfg)
{
  *cfg = s->base;   /* shallow: moe_layer_pattern stays the base's */
  cfg->layout = c->layout;
  if (!cfg->padded_vocab_size_given)
    cfg->padded_vocab_size = planner_padded_vocab_size (cfg->vocab_size, cfg->make_vocab_size_divisible_by,
                                                        c->layout.tp);
  cfg->sequence_parallel = c->sequence_parallel;
  cfg->recompute = c->recompute;
  cfg->recompute_modules = c->recompute == PLANNER_RECOMPUTE_SELECTIVE ? c->recompute_modules
                                                                       : s->base.recompute_modules;
  cfg->fsdp = c->fsdp ? PLANNER_FSDP_MEGATRON : PLANNER_FSDP_NONE;
  cfg->fsdp_sharding = c->fsdp ? PLANNER_SHARDING_OPTIM_GRADS_PARAMS : s->base.fsdp_sharding;
  cfg->recompute_method = c->recompute != PLANNER_RECOMPUTE_FULL ? PLANNER_RECOMPUTE_METHOD_NONE
                          : c->recompute_block > 0             ? PLANNER_RECOMPUTE_METHOD_BLOCK
                                                               : PLANNER_RECOMPUTE_METHOD_UNIFORM;
  cfg->recompute_num_layers = c->recompute != PLANNER_RECOMPUTE_FULL ? 0
                              : c->recompute_block > 0             ? c->recompute_block
                                                                   : 1;
  cfg->use_distributed_optimizer = c->distributed_optimizer;
  cfg->fp8_param_gather = c->fp8_param_gather;
  cfg->overlap_moe_comm = c->moe_ep_overlap;
  if (s->moe)
    {
      cfg->moe_dispatcher = c->dispatcher;
      cfg->moe_shared_expert_overlap = c->shared_expert_overlap;
      /* The candidate's arguments ask for TE's grouped GEMM from Ampere on. */
      cfg->moe_grouped_gemm = s->gpu->compute_capability_major >= 8;
    }
  cfg->tp_comm_overlap = c->tp_comm_overlap && c->sequence_parallel && c->layout.tp > 1;
  cfg->micro_batch_size = c->micro_batch_size;
  cfg->global_batch_size = c->global_batch_size;
  cfg->num_microbatches = c->num_microbatches;
  cfg->account_for_embedding_in_pipeline_split =
    c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING;
  cfg->account_for_loss_in_pipeline_split =
    c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_LOSS;
  cfg->decoder_first_pipeline_num_layers = c->split == PLANNER_SPLIT_UNEVEN ? c->first_stage_layers : 0;
  cfg->decoder_last_pipeline_num_layers = c->split == PLANNER_SPLIT_UNEVEN ? c->last_stage_layers : 0;
  cfg->layout_stages = c->split == PLANNER_SPLIT_LAYOUT ? c->layout.pp * c->layout.vpp : 0;
  cfg->layout_first = c->split == PLANNER_SPLIT_LAYOUT ? c->first_stage_layers : 0;
  cfg->layout_last = c->split == PLANNER_SPLIT_LAYOUT ? c->last_stage_layers : 0;
  cfg->layout_middle = cfg->layout_stages > 2 ? (s->base.num_layers - cfg->layout_first - cfg->layout_last) /
                                                  (cfg->layout_stages - 2)
                                              : 0;
}

/* The global batch: the person's when given (then it must divide), else
 * the smallest multiple of micro × DP at or above the assumed batch, with
 * at least pp microbatches under a pipeline and a multiple of pp with VPP
 * (Megatron's interleaving rule). */
gboolean
planner_recommend_choose_batch (const PlannerRecommendSearch *s,
                                PlannerRecommendCandidate    *c)
{
  guint64 unit = (guint64) c->micro_batch_size * c->layout.dp;
  guint32 pp = c->layout.pp;
  gboolean interleaved = c->layout.vpp > 1;
  guint64 m;

  if (s->user_global > 0)
    {
      if (s->user_global % unit != 0)
        return FALSE;
      m = s->user_global / unit;
      if (interleaved && (m < pp || m % pp != 0))
        return FALSE;
    }
  else
    {
      /* A larger micro-batch must not inflate the assumed batch. */
      if (c->micro_batch_size > 1 && unit > s->target_global)
        return FALSE;
      m = (s->target_global + unit - 1) / unit;
      if (pp > 1)
        m = MAX (m, pp);
      if (interleaved)
        m = (m + pp - 1) / pp * pp;
    }
  c->num_microbatches = m;
  c->global_batch_size = m * unit;
  return TRUE;
}

void
planner_recommend_set_overlaps (const PlannerRecommendSearch *s,
                                PlannerRecommendCandidate    *c)
{
  const PlannerLayout *l = &c->layout;

  c->fp8 = s->fp8;
  c->grad_reduce_overlap = TRUE;
  c->param_gather_overlap = c->distributed_optimizer;
  /* --fp8-param-gather needs the distributed optimizer (or FSDP). */
  c->fp8_param_gather = s->fp8 && c->distributed_optimizer;
  /* --tp-comm-overlap: SP (so TP > 1) and Transformer Engine's
   * userbuffers, which work inside one NVLink domain. */
  c->tp_comm_overlap = l->tp > 1 && c->sequence_parallel && c->tp_in_nvlink &&
                       s->gpu->compute_capability_major >= 8;
  /* --overlap-moe-expert-parallel-comm (with --delay-wgrad-compute): EP > 1,
   * the alltoall dispatcher, no full recompute, bf16 or fp16 weights, VPP
   * when PP > 1, at most one MTP layer (TransformerConfig, 0.20). */
  c->moe_ep_overlap = s->moe && l->ep > 1 && c->recompute != PLANNER_RECOMPUTE_FULL &&
                      !(c->recompute == PLANNER_RECOMPUTE_SELECTIVE &&
                        (c->recompute_modules & PLANNER_RECOMPUTE_MODULE_MOE) != 0) &&
                      (l->pp == 1 || l->vpp > 1) && s->base.mtp_num_layers <= 1 &&
                      s->base.precision != PLANNER_PRECISION_FP32 &&
                      planner_release_at_least (s->release, "0.14.0");
  /* The flex dispatcher with HybridEP (--moe-token-dispatcher-type flex
   * --moe-flex-dispatcher-backend hybridep, as NVIDIA's H100 DeepSeek-V3
   * and Qwen3 recipes run it) when the expert group crosses NVLink
   * domains: Hopper or newer, and DeepEP's package installed (said in the
   * reasons).  Inside a domain the alltoall dispatcher is as good. */
  c->dispatcher = PLANNER_DISPATCHER_ALLTOALL;
  /* The backend choice (HybridEP) came with 0.16.1; before, flex meant DeepEP. */
  if (s->moe && l->ep > 1 && s->gpu->compute_capability_major >= 9 &&
      planner_release_at_least (s->release, "0.16.1") &&
      !planner_recommend_in_domain ((guint64) l->etp * l->ep, s->domain) &&
      !((guint64) l->etp * l->ep <= s->domain && s->n <= s->domain))
    c->dispatcher = PLANNER_DISPATCHER_FLEX_HYBRIDEP;
  /* --moe-shared-expert-overlap: shared experts, the alltoall dispatcher,
   * and not with the EP all-to-all overlap (TransformerConfig, 0.20). */
  c->shared_expert_overlap = s->moe && l->ep > 1 && s->base.moe_shared_expert_intermediate_size > 0 &&
                             !c->moe_ep_overlap && c->dispatcher == PLANNER_DISPATCHER_ALLTOALL;
}

gboolean
planner_recommend_evaluate (PlannerRecommendSearch    *s,
                            PlannerRecommendCandidate *c)
{
  PlannerConfig cfg;
  PlannerMemoryEstimate mem;

  planner_recommend_set_overlaps (s, c);
  planner_recommend_fill_config (s, c, &cfg);
  planner_memory_estimate (&cfg, s->gpu, &mem);
  s->evaluated++;
  c->peak_bytes = mem.stages[mem.worst].total_bytes;
  c->memory_use = mem.capacity_bytes > 0 ? c->peak_bytes / mem.capacity_bytes : 0.0;
  c->n_stages = MIN (mem.n_stages, G_N_ELEMENTS (c->stage_bytes));
  for (guint i = 0; i < c->n_stages; i++)
    {
      c->stage_rank[i] = mem.stages[i].stage;
      c->stage_bytes[i] = mem.stages[i].total_bytes;
    }
  c->capacity_bytes = mem.capacity_bytes;
  c->fits = mem.fits && isfinite (c->peak_bytes);
  if (c->fits)
    planner_recommend_step_time (s, c, &mem);
  return c->fits;
}

/* One recompute setting: full, or selective with a module list. */
typedef struct
{
  PlannerRecompute recompute;
  guint32          modules;
  guint32          block;    /* full: the first N layers of each chunk; 0 = all */
} Level;

#define MAX_LEVELS 10

/* The recompute settings the person allows, lightest on time first:
 * none; the elementwise modules (layernorm, the MoE activation, MLA's
 * up-projections), which cost almost nothing to redo; then the attention
 * scores (only without flash attention, which never stores them); then
 * the dense MLPs; then whole MoE layers; then every layer (full). */
static guint
recompute_levels (const PlannerRecommendSearch    *s,
                  const PlannerRecommendCandidate *c,
                  Level                            levels[MAX_LEVELS])
{
  guint n = 0;
  guint32 cheap = PLANNER_RECOMPUTE_MODULE_LAYERNORM;
  gboolean selective = s->recompute_policy == PLANNER_RECOMPUTE_POLICY_ANY ||
                       s->recompute_policy == PLANNER_RECOMPUTE_POLICY_SELECTIVE;

  if (s->moe && s->gpu->compute_capability_major >= 8)
    cheap |= PLANNER_RECOMPUTE_MODULE_MOE_ACT;   /* needs grouped GEMM */
  if (s->base.multi_latent_attention)
    cheap |= PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ;

  if (s->recompute_policy == PLANNER_RECOMPUTE_POLICY_ANY || s->recompute_policy == PLANNER_RECOMPUTE_POLICY_NONE)
    levels[n++] = (Level) { PLANNER_RECOMPUTE_NONE, 0, 0 };
  if (selective)
    {
      levels[n++] = (Level) { PLANNER_RECOMPUTE_SELECTIVE, cheap, 0 };
      if (!s->base.flash_attention)
        levels[n++] = (Level) { PLANNER_RECOMPUTE_SELECTIVE, cheap | PLANNER_RECOMPUTE_MODULE_CORE_ATTN, 0 };
      if (s->moe_layers < s->base.num_layers || s->base.moe_shared_expert_intermediate_size > 0)
        levels[n++] = (Level) { PLANNER_RECOMPUTE_SELECTIVE,
                                cheap | PLANNER_RECOMPUTE_MODULE_MLP |
                                (s->base.moe_shared_expert_intermediate_size > 0 ? PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS
                                                                                 : 0), 0 };
      if (s->moe)
        levels[n++] = (Level) { PLANNER_RECOMPUTE_SELECTIVE,
                                cheap | PLANNER_RECOMPUTE_MODULE_MLP | PLANNER_RECOMPUTE_MODULE_MOE, 0 };
    }
  if (s->recompute_policy == PLANNER_RECOMPUTE_POLICY_ANY || s->recompute_policy == PLANNER_RECOMPUTE_POLICY_FULL)
    {
      /* Full recompute of the first quarter, half, three quarters of each
       * chunk's layers (--recompute-method block), then of every layer. */
      guint32 chunk = planner_recommend_max_stage_layers (c, s->base.num_layers) / MAX (c->layout.vpp, 1);

      for (guint32 q = 1; q <= 3 && chunk >= 4; q++)
        {
          guint32 block = (chunk * q + 3) / 4;

          if (block < chunk && (n == 0 || levels[n - 1].block != block))
            levels[n++] = (Level) { PLANNER_RECOMPUTE_FULL, 0, block };
        }
      levels[n++] = (Level) { PLANNER_RECOMPUTE_FULL, 0, 0 };
    }
  return n;
}

/* The micro-batches and recompute levels of one layout with one sharding
 * choice; keeps the best-scoring variant that fits.  A heavier recompute
 * level is tried only when no lighter one fits: it only ever costs time. */
static gboolean
evaluate_knobs (PlannerRecommendSearch    *s,
                PlannerRecommendCandidate *c,
                PlannerRecommendCandidate *best)
{
  Level levels[MAX_LEVELS];
  guint n_levels = recompute_levels (s, c, levels);
  gboolean found = FALSE;

  /* The memory-lightest variant first: when it does not fit, none does. */
  c->recompute = levels[n_levels - 1].recompute;
  c->recompute_modules = levels[n_levels - 1].modules;
  c->recompute_block = levels[n_levels - 1].block;
  c->micro_batch_size = s->user_micro > 0 ? s->user_micro : 1;
  if (planner_recommend_choose_batch (s, c) && !planner_recommend_evaluate (s, c))
    return FALSE;

  for (guint r = 0; r < n_levels && !found; r++)
    for (guint i = 0; i < G_N_ELEMENTS (micro_batches); i++)
      {
        c->recompute = levels[r].recompute;
        c->recompute_modules = levels[r].modules;
        c->recompute_block = levels[r].block;
        c->micro_batch_size = s->user_micro > 0 ? s->user_micro : micro_batches[i];
        if (s->user_micro > 0 && i > 0)
          break;
        if (!planner_recommend_choose_batch (s, c))
          continue;
        /* More micro-batch never needs less memory. */
        if (!planner_recommend_evaluate (s, c))
          break;
        if (!found || c->score < best->score)
          *best = *c;
        found = TRUE;
      }
  return found;
}

/* Every knob for one layout.  Megatron-FSDP (parameters, gradients and
 * optimizer state sharded over DP×CP) is tried for dense models without
 * a pipeline whose whole DP×CP group sits in one NVLink domain, when
 * nothing fits without it or only with recompute: it gathers the
 * parameters again for every micro-batch, which only NVLink makes cheap,
 * but the memory it frees can spare the recompute (NVIDIA's GB200 Llama 3
 * 70B recipes: TP 1, FSDP, no recompute).  The faster variant wins. */
gboolean
planner_recommend_evaluate_layout (PlannerRecommendSearch    *s,
                                   PlannerRecommendCandidate *proto,
                                   PlannerRecommendCandidate *best)
{
  PlannerRecommendCandidate c = *proto;
  gboolean any;

  c.sequence_parallel = c.layout.tp > 1;
  c.tp_in_nvlink = planner_recommend_in_domain (c.layout.tp, s->domain) && (c.layout.tp <= s->gpn || s->domain > s->gpn);
  c.distributed_optimizer = TRUE;
  c.fsdp = FALSE;
  any = evaluate_knobs (s, &c, best);
  if ((!any || best->recompute != PLANNER_RECOMPUTE_NONE) && !s->moe && c.layout.pp == 1 &&
      (guint64) c.layout.dp * c.layout.cp > 1 &&
      ((guint64) c.layout.tp * c.layout.cp * c.layout.dp <= s->domain &&
       (s->n <= s->domain || planner_recommend_in_domain ((guint64) c.layout.tp * c.layout.cp * c.layout.dp,
                                                          s->domain))))
    {
      PlannerRecommendCandidate sharded;

      c.fsdp = TRUE;
      if (evaluate_knobs (s, &c, &sharded))
        {
          if (!any || sharded.score < best->score)
            *best = sharded;
          any = TRUE;
        }
    }
  return any;
}

static gboolean
pinned_ok (guint32 pin,
           guint32 value)
{
  return pin == 0 || pin == value;
}

static void
search_expert (PlannerRecommendSearch    *s,
               PlannerRecommendCandidate *proto)
{
  PlannerRecommendCandidate best;
  PlannerLayout *l = &proto->layout;
  guint32 etps[2] = { 1, l->tp };
  /* Megatron keeps biases in MoE layers only with ETP 1
   * (transformer_config:2613): a model with biases (gpt-oss) keeps them,
   * and its experts stay whole. */
  guint n_etps = l->tp > 1 && !s->base.add_bias_linear ? 2 : 1;
  guint32 experts = s->moe ? s->base.num_experts : 1;
  guint64 per_stage = s->n / l->pp;
  gboolean larger_ep = FALSE;

  /* Many experts: EP 1 is a mistake whenever a larger EP is possible. */
  if (s->moe && experts >= MANY_EXPERTS && s->pins.ep == 0)
    for (guint32 ep = 2; ep <= experts && !larger_ep; ep++)
      larger_ep = experts % ep == 0 && per_stage % ep == 0;

  for (guint32 ep = 1; ep <= experts; ep++)
    {
      if (experts % ep != 0 || !pinned_ok (s->pins.ep, s->moe ? ep : 1))
        continue;
      if (ep == 1 && larger_ep)
        continue;
      if (per_stage % ep != 0)
        continue;
      for (guint e = 0; e < n_etps; e++)
        {
          guint32 etp = s->moe ? etps[e] : 0;

          if (s->moe && (s->base.moe_ffn_hidden_size % etp != 0 || !pinned_ok (s->pins.etp, etp)))
            continue;
          if (!planner_layout_init (&proto->layout, s->n, l->tp, l->pp, l->cp, ep, etp, l->vpp,
                                    PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL))
            continue;
          if (!pinned_ok (s->pins.dp, proto->layout.dp))
            break;
          if (planner_recommend_evaluate_layout (s, proto, &best))
            {
              g_array_append_val (s->results, best);
              s->found = TRUE;
              if (s->first_fit)
                return;
            }
          if (!s->moe)
            return;
        }
    }
}

static void
run_search (PlannerRecommendSearch *s)
{
  const PlannerConfig *b = &s->base;
  guint32 n = (guint32) s->n;

  for (guint32 tp = 1; tp <= n && tp <= s->domain; tp++)
    {
      if (n % tp != 0 || !planner_recommend_heads_allow_tp (b, tp) || !pinned_ok (s->pins.tp, tp))
        continue;
      /* Never TP across NVLink domains: an expert's mistake. */
      if (!(planner_recommend_in_domain (tp, s->domain) && (tp <= s->gpn || s->domain > s->gpn)))
        continue;
      for (guint32 cp = 1; cp <= n / tp; cp++)
        {
          if ((n / tp) % cp != 0 || !pinned_ok (s->pins.cp, cp))
            continue;
          if (cp > 1 && (b->seq_length % (2 * cp) != 0 || b->seq_length / cp < MIN_CP_CHUNK))
            continue;
          if (cp > 1 && b->seq_length <= MAX_SEQ_WITHOUT_CP && s->pins.cp == 0)
            continue;
          if (tp > 1 && (b->seq_length / cp) % tp != 0)
            continue;
          for (guint32 pp = 1; pp <= n / (tp * cp) && pp <= b->num_layers; pp++)
            {
              if ((n / (tp * cp)) % pp != 0 || !pinned_ok (s->pins.pp, pp))
                continue;
              for (guint32 vpp = 1;
                   vpp == 1 || ((guint64) pp * vpp <= b->num_layers + 2 && vpp <= PLANNER_RECOMMEND_MAX_VPP); vpp++)
                {
                  PlannerRecommendCandidate proto = { 0 };

                  if (!pinned_ok (s->pins.vpp, vpp))
                    continue;
                  if (!planner_recommend_choose_split_weighted (b->num_layers, b->mtp_num_layers, pp, vpp, s->output_layers,
                                                               &proto))
                    {
                      if (pp == 1)
                        break;
                      continue;
                    }
                  /* --pipeline-model-parallel-layout came with 0.13, and
                   * places MTP layers from 0.14. */
                  if (proto.split == PLANNER_SPLIT_LAYOUT && !planner_release_at_least (s->release, "0.13.0"))
                    continue;
                  if (proto.split == PLANNER_SPLIT_LAYOUT && b->mtp_num_layers > 0
                      && !planner_release_at_least (s->release, "0.14.0"))
                    continue;
                  proto.layout.tp = tp;
                  proto.layout.pp = pp;
                  proto.layout.cp = cp;
                  proto.layout.vpp = vpp;
                  search_expert (s, &proto);
                  if (s->first_fit && s->found)
                    return;
                }
            }
        }
    }
}

gboolean
planner_recommend_same_tuple (const PlannerRecommendCandidate *a,
                              const PlannerRecommendCandidate *b)
{
  return a->layout.tp == b->layout.tp && a->layout.pp == b->layout.pp && a->layout.cp == b->layout.cp &&
         a->layout.ep == b->layout.ep;
}

/* By score; equal scores (the same step to the last bit) go to the
 * layout with fewer model-parallel pieces, so the order never depends on
 * the search's loop order. */
int
planner_recommend_compare (const void *a,
                           const void *b)
{
  const PlannerRecommendCandidate *x = a, *y = b;

  if (x->score != y->score)
    return x->score < y->score ? -1 : 1;
#define BY(f) if (x->layout.f != y->layout.f) return x->layout.f < y->layout.f ? -1 : 1
  BY (vpp);
  BY (cp);
  BY (pp);
  BY (tp);
  BY (ep);
  BY (etp);
#undef BY
  if (x->micro_batch_size != y->micro_batch_size)
    return x->micro_batch_size < y->micro_batch_size ? -1 : 1;
  return 0;
}

void
planner_recommend_search_run (PlannerRecommendSearch *s)
{
  s->wide_tp = FALSE;
  run_search (s);
  if (s->results->len > 1)
    g_array_sort (s->results, planner_recommend_compare);
}

/* ---- Setting up ---- */

/* Tokens per global batch that published pre-training runs use for a
 * model of this size: GPT-3 (arXiv:2005.14165, Table 2.1: 0.5M tokens up
 * to 0.76B, 1M at 1.3–2.7B, 2M at 6.7–13B), Llama 2 (arXiv:2307.09288: 4M
 * for 7B–70B), Llama 3 (arXiv:2407.21783 §3.4: 405B at 4M, then 8M and
 * 16M), DeepSeek-V3 (arXiv:2412.19437 §4.2: 671B ramped to 15360 × 4K ≈
 * 63M).  Mixture-of-experts models count their total parameters. */
guint64
planner_recommend_typical_tokens (double       params,
                                  const char **why)
{
  double billions = params / 1e9;

  if (billions < 1.0)
    {
      *why = _("GPT-3's batch for models under 1B parameters (0.5M tokens)");
      return (guint64) 1 << 19;
    }
  if (billions < 5.0)
    {
      *why = _("GPT-3's batch for 1.3B–2.7B models (1M tokens)");
      return (guint64) 1 << 20;
    }
  if (billions < 20.0)
    {
      *why = _("GPT-3's batch for 6.7B–13B models (2M tokens)");
      return (guint64) 1 << 21;
    }
  if (billions < 150.0)
    {
      *why = _("Llama 2's batch for 7B–70B models (4M tokens)");
      return (guint64) 1 << 22;
    }
  if (billions < 500.0)
    {
      *why = _("Llama 3 405B's batch in its main phase (8M tokens)");
      return (guint64) 1 << 23;
    }
  *why = _("Llama 3 405B's final batch and the low end of DeepSeek-V3's ramp (16M tokens)");
  return (guint64) 1 << 24;
}

gboolean
planner_recommend_search_init (PlannerRecommendSearch        *s,
                               const PlannerRecommendRequest *req,
                               const PlannerGpu              *gpu,
                               const PlannerArgs             *args,
                               guint64                        vocab,
                               guint64                        n,
                               GError                       **error)
{
  PlannerLayout one;
  PlannerModelParams params;
  const char *why = NULL;

  memset (s, 0, sizeof *s);
  if (!planner_layout_init (&one, 1, 1, 1, 1, 1, 0, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, error))
    return FALSE;
  if (!planner_config_init_from_args (&s->base, args, &one, vocab, error))
    {
      planner_words_fill_error (req->words, error != NULL ? *error : NULL);
      return FALSE;
    }

  s->gpu = gpu;
  s->release = req->megatron_version != NULL ? planner_release_resolve (req->megatron_version, NULL) : NULL;
  if (s->release == NULL)
    s->release = planner_megatron_get_default_release ();
  s->base.megatron_version = s->release;  /* its FLOPs formula */
  s->n = n;
  s->gpn = req->gpus_per_node > 0 ? req->gpus_per_node : (gpu->nvlink_domain_size > 8 ? 4 : 8);
  /* Rack-scale NVLink (GB200 NVL72) spans nodes; otherwise the domain
   * ends at the node. */
  s->domain = gpu->nvlink_domain_size > s->gpn ? (gpu->nvlink_domain_size > 8 ? gpu->nvlink_domain_size : s->gpn)
                                               : gpu->nvlink_domain_size;
  s->domain = MAX (s->domain, 1);
  s->user_global = req->global_batch_size;
  s->user_micro = req->micro_batch_size;
  s->recompute_policy = req->recompute;
  s->pins = req->pins;
  s->fp8 = s->base.fp8;
  s->moe = s->base.num_experts > 0;
  s->moe_layers = s->moe ? planner_config_count_moe_layers (&s->base) : 0;
  s->flops_per_seq = planner_flops_for_batch (&s->base, 1.0);

  planner_config_count_params (&s->base, &params);
  s->target_global = MAX (planner_recommend_typical_tokens (params.total, &why) / MAX (s->base.seq_length, 1), 1);
  if (s->base.multi_latent_attention)
    s->kv_width = (double) s->base.num_attention_heads *
                  (double) (s->base.qk_head_dim + s->base.qk_pos_emb_head_dim + s->base.v_head_dim);
  else
    s->kv_width = 2.0 * (double) s->base.num_query_groups * (double) s->base.kv_channels;
  s->k = planner_recommend_step_defaults ();
  planner_recommend_step_init (s);
  s->results = g_array_new (FALSE, FALSE, sizeof (PlannerRecommendCandidate));
  return TRUE;
}

void
planner_recommend_search_clear (PlannerRecommendSearch *s)
{
  planner_config_clear (&s->base);
  g_clear_pointer (&s->results, g_array_unref);
}
