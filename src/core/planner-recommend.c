/* planner-recommend.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planner-flops.h"
#include "planner-recommend.h"
#include "planner-validate.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Search bounds, stated once.  Beyond them a layout is never worth it:
 * a CP chunk under 256 tokens starves the attention kernels, more than
 * 16 virtual stages per rank multiplies pipeline sends for no bubble
 * left to save, and micro-batches past 8 only add activation memory. */
#define MIN_CP_CHUNK      256
#define MAX_VPP           16
#define MAX_EXPERTS       4096
#define MAX_SEQ_LENGTH    (1u << 20)
#define MAX_GLOBAL_BATCH  ((guint64) 1 << 32)
#define N_VALIDATE        12
static const guint32 micro_batches[] = { 1, 2, 4, 8 };

/* GEMM efficiency: a shape of x = tokens × (hidden / TP) elements reaches
 * x / (x + GEMM_HALF) of the peak, so thin shards and tiny micro-batches
 * pay.  2^19 ≈ 512 tokens × 1024 columns at half the peak: a 4096-token
 * micro-batch on a 4096-wide shard reaches about 97%, as H100 GEMMs of
 * that size do, so a micro-batch of 2 buys little over 1. */
#define GEMM_HALF (524288.0)
/* A well-tuned run spends about this fraction of its step in useful
 * compute; the published MFU ranges are for such runs. */
#define TUNED_COMPUTE_FRACTION 0.85
/* Half of the CP ring exchange hides behind the attention kernels. */
#define CP_EXPOSED 0.5

G_DEFINE_QUARK (planner-recommend-error-quark, planner_recommend_error)

typedef struct
{
  const PlannerGpu *gpu;
  PlannerConfig     base;          /* the model at TP 1; candidates copy it by value */
  guint64           n;             /* GPUs */
  guint32           gpn;           /* GPUs per node */
  guint32           domain;        /* GPUs per NVLink domain */
  guint64           user_global;   /* 0: choose */
  guint64           target_global; /* the default global batch before rounding */
  gboolean          moe;
  guint32           moe_layers;
  double            flops_per_seq;
  double            core_share;    /* core attention / all forward FLOPs */
  double            kv_width;      /* K and V elements per token */
  double            peak;          /* FLOP/s */
  gboolean          wide_tp;       /* second pass: TP beyond the NVLink domain */
  gboolean          first_fit;     /* stop at the first layout that fits */
  gboolean          found;
  guint64           evaluated;
  GArray           *results;       /* PlannerRecommendCandidate, the best of each layout that fits */
} Search;

const char *
planner_recompute_to_string (PlannerRecompute recompute)
{
  switch (recompute)
    {
    case PLANNER_RECOMPUTE_NONE:
      return "none";
    case PLANNER_RECOMPUTE_SELECTIVE:
      return "selective";
    case PLANNER_RECOMPUTE_FULL:
      return "full";
    default:
      return "unknown";
    }
}

/* ---- Shapes ---- */

static guint32
split_extra (PlannerPipelineSplit split)
{
  switch (split)
    {
    case PLANNER_SPLIT_ACCOUNT_BOTH:
      return 2;
    case PLANNER_SPLIT_ACCOUNT_EMBEDDING:
    case PLANNER_SPLIT_ACCOUNT_LOSS:
      return 1;
    case PLANNER_SPLIT_EVEN:
    case PLANNER_SPLIT_UNEVEN:
    default:
      return 0;
    }
}

/* How @layers split over pp ranks of vpp chunks: the even split, then
 * Megatron's account-for flags (one layer's worth for the embedding and
 * the loss), then, without VPP, lighter first and last stages.  FALSE
 * when none works. */
static gboolean
choose_split (guint32                layers,
              guint32                pp,
              guint32                vpp,
              PlannerRecommendCandidate *c)
{
  guint64 chunks = (guint64) pp * vpp;
  guint32 middle, rest;

  c->split = PLANNER_SPLIT_EVEN;
  c->first_stage_layers = c->last_stage_layers = 0;
  if (pp == 1)
    return vpp == 1;
  if (layers % chunks == 0)
    return TRUE;
  if ((layers + 2) % chunks == 0 && (layers + 2) / chunks >= 2)
    {
      c->split = PLANNER_SPLIT_ACCOUNT_BOTH;
      return TRUE;
    }
  if ((layers + 1) % chunks == 0 && (layers + 1) / chunks >= 2)
    {
      c->split = PLANNER_SPLIT_ACCOUNT_LOSS;
      return TRUE;
    }
  if (vpp > 1 || pp < 3 || layers < pp)
    return FALSE;

  /* Middle stages of ceil(L/pp) layers; first and last share the rest. */
  for (middle = (layers + pp - 1) / pp; middle >= 1; middle--)
    {
      if ((guint64) middle * (pp - 2) >= layers)
        continue;
      rest = layers - middle * (pp - 2);
      if (rest < 2 || rest > 2 * middle)
        break;
      c->split = PLANNER_SPLIT_UNEVEN;
      c->first_stage_layers = rest / 2;
      c->last_stage_layers = rest - rest / 2;
      return TRUE;
    }
  return FALSE;
}

static guint32
max_stage_layers (const PlannerRecommendCandidate *c,
                  guint32                          layers)
{
  guint32 pp = c->layout.pp;

  if (pp <= 1)
    return layers;
  if (c->split == PLANNER_SPLIT_UNEVEN)
    {
      guint32 middle = (layers - c->first_stage_layers - c->last_stage_layers) / (pp - 2);

      return MAX (middle, MAX (c->first_stage_layers, c->last_stage_layers));
    }
  return (layers + split_extra (c->split) + pp - 1) / pp;
}

static gboolean
in_domain (guint64 span,
           guint32 domain)
{
  return span <= domain && domain % span == 0;
}

/* ---- The fast per-candidate path ---- */

static void
fill_config (const Search                    *s,
             const PlannerRecommendCandidate *c,
             PlannerConfig                   *cfg)
{
  *cfg = s->base;   /* shallow: moe_layer_pattern stays the base's */
  cfg->layout = c->layout;
  cfg->padded_vocab_size = planner_padded_vocab_size (cfg->vocab_size, cfg->make_vocab_size_divisible_by,
                                                      c->layout.tp);
  cfg->sequence_parallel = c->sequence_parallel;
  cfg->recompute = c->recompute;
  cfg->recompute_method = c->recompute == PLANNER_RECOMPUTE_FULL ? PLANNER_RECOMPUTE_METHOD_UNIFORM
                                                                 : PLANNER_RECOMPUTE_METHOD_NONE;
  cfg->recompute_num_layers = c->recompute == PLANNER_RECOMPUTE_FULL ? 1 : 0;
  cfg->use_distributed_optimizer = c->distributed_optimizer;
  cfg->micro_batch_size = c->micro_batch_size;
  cfg->global_batch_size = c->global_batch_size;
  cfg->num_microbatches = c->num_microbatches;
  cfg->account_for_embedding_in_pipeline_split =
    c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING;
  cfg->account_for_loss_in_pipeline_split =
    c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_LOSS;
  cfg->decoder_first_pipeline_num_layers = c->split == PLANNER_SPLIT_UNEVEN ? c->first_stage_layers : 0;
  cfg->decoder_last_pipeline_num_layers = c->split == PLANNER_SPLIT_UNEVEN ? c->last_stage_layers : 0;
}

/* The global batch: the user's when given (and then it must divide), else
 * the smallest multiple of micro × DP at or above the target, with at
 * least pp microbatches under a pipeline and a multiple of pp with VPP
 * (Megatron's interleaving rule). */
static gboolean
choose_batch (const Search              *s,
              PlannerRecommendCandidate *c)
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
      /* A larger micro-batch must not inflate the chosen batch. */
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

static void
step_time (const Search                *s,
           PlannerRecommendCandidate   *c,
           const PlannerMemoryEstimate *mem)
{
  const PlannerLayout *l = &c->layout;
  const PlannerStageMemory *stage = &mem->stages[mem->worst];
  PlannerStepTime *t = &c->time;
  double intra = s->gpu->intra_node_gbps * 1e9;
  double inter = s->gpu->inter_node_gbps * 1e9;
  double tokens = (double) c->micro_batch_size * (double) s->base.seq_length / (double) l->cp;
  double h = (double) s->base.hidden_size;
  double m = (double) c->num_microbatches;
  double layers = (double) s->base.num_layers / (double) l->pp;
  double shape = tokens * h / (double) l->tp;
  double efficiency = shape / (shape + GEMM_HALF);
  double flops = s->flops_per_seq * (double) c->global_batch_size / (double) s->n;
  double busy, imbalance, window, dp_raw, bytes;

  memset (t, 0, sizeof *t);
  t->compute = flops / (s->peak * efficiency);
  if (c->recompute == PLANNER_RECOMPUTE_FULL)
    t->recompute = t->compute / 3.0;
  else if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    t->recompute = t->compute * s->core_share / 3.0;

  /* SP: two all-gathers and two reduce-scatters forward, as many backward,
   * each moving (t−1)/t of the activation; full recompute repeats the forward. */
  if (l->tp > 1)
    {
      bytes = 8.0 * ((double) l->tp - 1.0) / (double) l->tp * tokens * h * 2.0 * layers * m;
      if (c->recompute == PLANNER_RECOMPUTE_FULL)
        bytes *= 1.5;
      t->tp_comm = bytes / (c->tp_in_nvlink ? intra : inter);
    }
  /* The ring passes K and V around cp−1 times forward and twice that backward. */
  if (l->cp > 1)
    {
      bytes = 3.0 * ((double) l->cp - 1.0) * tokens * s->kv_width * 2.0 / (double) l->tp * layers * m;
      t->cp_comm = CP_EXPOSED * bytes / (in_domain ((guint64) l->tp * l->cp, s->domain) ? intra : inter);
    }
  /* Dispatch and combine, forward and backward: four all-to-alls of the
   * routed token copies, (ep−1)/ep of them leaving the GPU. */
  if (s->moe && l->ep > 1)
    {
      double moe_layers = (double) s->moe_layers / (double) l->pp;

      bytes = 4.0 * tokens / (double) l->tp * (double) l->etp * (double) s->base.moe_router_topk * h * 2.0 *
              ((double) l->ep - 1.0) / (double) l->ep * moe_layers * m;
      t->ep_comm = bytes / (in_domain ((guint64) l->etp * l->ep, s->domain) ? intra : inter);
    }
  /* Expert TP shards each expert's GEMMs: the routed tokens are gathered
   * before and reduce-scattered after, forward and backward. */
  if (s->moe && l->etp > 1)
    {
      double moe_layers = (double) s->moe_layers / (double) l->pp;

      bytes = 4.0 * ((double) l->etp - 1.0) / (double) l->etp * tokens / (double) l->tp *
              (double) s->base.moe_router_topk * h * 2.0 * moe_layers * m;
      if (c->recompute == PLANNER_RECOMPUTE_FULL)
        bytes *= 1.5;
      t->tp_comm += bytes / (in_domain (l->etp, s->domain) ? intra : inter);
    }
  if (l->pp > 1)
    {
      bytes = 2.0 * tokens * h * 2.0 / (double) l->tp * (double) l->vpp * m;
      t->pp_comm = bytes / (s->n <= s->domain ? intra : inter);
    }

  busy = t->compute + t->recompute + t->tp_comm + t->cp_comm + t->ep_comm + t->pp_comm;
  imbalance = (double) max_stage_layers (c, s->base.num_layers) * (double) l->pp / (double) s->base.num_layers;
  t->bubble = busy * (imbalance - 1.0) +
              busy * imbalance * ((double) l->pp - 1.0) / ((double) l->vpp * m);

  /* Gradients in fp32: all-reduce (2·(g−1)/g · 4 bytes), or with the
   * distributed optimizer reduce-scatter (4) plus the bf16 all-gather (2). */
  {
    double dense_group = (double) l->dp * (double) l->cp;
    double expert_group = (double) l->expert_dp;
    double per_param = c->distributed_optimizer ? 6.0 : 8.0;
    double dense_bytes = dense_group > 1 ? (dense_group - 1.0) / dense_group * per_param * stage->dense_params : 0;
    double expert_bytes = expert_group > 1 ? (expert_group - 1.0) / expert_group * per_param * stage->expert_params : 0;

    dp_raw = dense_bytes / (in_domain ((guint64) l->tp * l->cp * l->dp, s->domain) ? intra : inter) +
             expert_bytes / (in_domain ((guint64) l->etp * l->ep * l->expert_dp, s->domain) ? intra : inter);
  }
  /* --overlap-grad-reduce hides it behind the last microbatch's backward
   * (and the parameter all-gather behind the first forward); a tail of
   * the last bucket always shows. */
  window = (t->compute + t->recompute) / m;
  t->dp_comm = MAX (dp_raw - window, 0.0) + 0.05 * dp_raw;

  t->total = busy + t->bubble + t->dp_comm;
  c->seconds_per_sequence = t->total / (double) c->global_batch_size;
}

/* Memory and time of one fully specified candidate; TRUE when it fits. */
static gboolean
evaluate (Search                    *s,
          PlannerRecommendCandidate *c)
{
  PlannerConfig cfg;
  PlannerMemoryEstimate mem;

  fill_config (s, c, &cfg);
  planner_memory_estimate (&cfg, s->gpu, &mem);
  s->evaluated++;
  c->peak_bytes = mem.stages[mem.worst].total_bytes;
  c->capacity_bytes = mem.capacity_bytes;
  c->fits = mem.fits && isfinite (c->peak_bytes);
  if (c->fits)
    step_time (s, c, &mem);
  return c->fits;
}

/* Every knob for one layout; keeps the fastest variant that fits. */
static gboolean
evaluate_layout (Search                    *s,
                 PlannerRecommendCandidate *proto,
                 PlannerRecommendCandidate *best)
{
  static const PlannerRecompute recomputes[] = {
    PLANNER_RECOMPUTE_NONE, PLANNER_RECOMPUTE_SELECTIVE, PLANNER_RECOMPUTE_FULL,
  };
  gboolean any = FALSE;
  PlannerRecommendCandidate c = *proto;

  c.sequence_parallel = c.layout.tp > 1;
  c.tp_in_nvlink = in_domain (c.layout.tp, s->domain) && (c.layout.tp <= s->gpn || s->domain > s->gpn);

  /* The memory-lightest variant first: when it does not fit, none does. */
  c.distributed_optimizer = TRUE;
  c.recompute = PLANNER_RECOMPUTE_FULL;
  c.micro_batch_size = 1;
  if (!choose_batch (s, &c))
    {
      /* A user's batch that micro 1 cannot divide: try the others below. */
    }
  else if (!evaluate (s, &c))
    return FALSE;

  for (guint d = 0; d < 2; d++)
    for (guint r = 0; r < G_N_ELEMENTS (recomputes); r++)
      {
        /* Selective recompute saves nothing when flash attention already
         * skips the scores: it would only cost time. */
        if (recomputes[r] == PLANNER_RECOMPUTE_SELECTIVE && s->base.flash_attention)
          continue;
        for (guint b = 0; b < G_N_ELEMENTS (micro_batches); b++)
          {
            c.distributed_optimizer = d == 0;
            c.recompute = recomputes[r];
            c.micro_batch_size = micro_batches[b];
            if (!choose_batch (s, &c))
              continue;
            /* More micro-batch never needs less memory. */
            if (!evaluate (s, &c))
              break;
            if (!any || c.seconds_per_sequence < best->seconds_per_sequence)
              *best = c;
            any = TRUE;
          }
      }
  return any;
}

static gboolean
heads_allow_tp (const PlannerConfig *b,
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

static void
search_expert (Search                    *s,
               PlannerRecommendCandidate *proto)
{
  PlannerRecommendCandidate best;
  PlannerLayout *l = &proto->layout;
  guint32 etps[2] = { 1, l->tp };
  guint n_etps = l->tp > 1 ? 2 : 1;
  guint32 experts = s->moe ? s->base.num_experts : 1;

  for (guint32 ep = 1; ep <= experts; ep++)
    {
      if (experts % ep != 0)
        continue;
      for (guint e = 0; e < n_etps; e++)
        {
          guint32 etp = s->moe ? etps[e] : 0;

          if (s->moe && s->base.moe_ffn_hidden_size % etp != 0)
            continue;
          if (!planner_layout_init (&proto->layout, s->n, l->tp, l->pp, l->cp, ep, etp, l->vpp,
                                    PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL))
            continue;
          if (evaluate_layout (s, proto, &best))
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
run_search (Search *s)
{
  const PlannerConfig *b = &s->base;
  guint32 n = (guint32) s->n;

  for (guint32 tp = 1; tp <= n; tp++)
    {
      if (n % tp != 0 || !heads_allow_tp (b, tp))
        continue;
      if (s->wide_tp != !(in_domain (tp, s->domain) && (tp <= s->gpn || s->domain > s->gpn)))
        continue;
      for (guint32 cp = 1; cp <= n / tp; cp++)
        {
          if ((n / tp) % cp != 0)
            continue;
          if (cp > 1 && (b->seq_length % (2 * cp) != 0 || b->seq_length / cp < MIN_CP_CHUNK))
            continue;
          if (tp > 1 && (b->seq_length / cp) % tp != 0)
            continue;
          for (guint32 pp = 1; pp <= n / (tp * cp) && pp <= b->num_layers; pp++)
            {
              if ((n / (tp * cp)) % pp != 0)
                continue;
              for (guint32 vpp = 1; vpp <= (pp > 1 ? MAX_VPP : 1); vpp++)
                {
                  PlannerRecommendCandidate proto = { 0 };

                  if (!choose_split (b->num_layers, pp, vpp, &proto))
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

/* How much simpler one layout is than another, in the order an engineer
 * reaches for the knobs: no interleaving, no CP, a shorter pipeline,
 * smaller TP, then the expert degrees. */
static int
compare_simplicity (const PlannerRecommendCandidate *x,
                    const PlannerRecommendCandidate *y)
{
#define BY(f) if (x->layout.f != y->layout.f) return x->layout.f < y->layout.f ? -1 : 1
  BY (vpp);
  BY (cp);
  BY (pp);
  BY (tp);
  BY (ep);
  BY (etp);
#undef BY
  return 0;
}

static int
compare_candidates (const void *a,
                    const void *b)
{
  const PlannerRecommendCandidate *x = a, *y = b;

  if (x->seconds_per_sequence != y->seconds_per_sequence)
    return x->seconds_per_sequence < y->seconds_per_sequence ? -1 : 1;
  return compare_simplicity (x, y);
}

/* This analytic model cannot honestly tell apart layouts within about 3%
 * of each other: among those, the simplest goes first, as an engineer
 * would choose it.  @results is sorted by speed. */
#define TIE_FRACTION 1.03

static void
prefer_simplest (GArray *results)
{
  PlannerRecommendCandidate *first, *pick = NULL;
  guint pick_index = 0;

  if (results->len < 2)
    return;
  first = &g_array_index (results, PlannerRecommendCandidate, 0);
  for (guint i = 0; i < results->len; i++)
    {
      PlannerRecommendCandidate *c = &g_array_index (results, PlannerRecommendCandidate, i);

      if (c->seconds_per_sequence > first->seconds_per_sequence * TIE_FRACTION)
        break;
      if (pick == NULL || compare_simplicity (c, pick) < 0)
        {
          pick = c;
          pick_index = i;
        }
    }
  if (pick_index > 0)
    {
      PlannerRecommendCandidate chosen = *pick;

      g_array_remove_index (results, pick_index);
      g_array_prepend_val (results, chosen);
    }
}

/* ---- Setting up ---- */

static gboolean
search_init (Search                        *s,
             const PlannerRecommendRequest *req,
             const PlannerGpu              *gpu,
             const PlannerArgs             *args,
             guint64                        vocab,
             guint64                        n,
             GError                       **error)
{
  PlannerLayout one;
  PlannerModelParams params;
  double sq, linear, core;

  memset (s, 0, sizeof *s);
  if (!planner_layout_init (&one, 1, 1, 1, 1, 1, 0, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, error))
    return FALSE;
  if (!planner_config_init_from_args (&s->base, args, &one, vocab, error))
    return FALSE;

  s->gpu = gpu;
  s->n = n;
  s->gpn = req->gpus_per_node > 0 ? req->gpus_per_node : (gpu->nvlink_domain_size > 8 ? 4 : 8);
  /* Rack-scale NVLink (GB200 NVL72) spans nodes; otherwise the domain
   * ends at the node. */
  s->domain = gpu->nvlink_domain_size > s->gpn ? (gpu->nvlink_domain_size > 8 ? gpu->nvlink_domain_size : s->gpn)
                                               : gpu->nvlink_domain_size;
  s->domain = MAX (s->domain, 1);
  s->user_global = req->global_batch_size;
  /* About four million tokens (Llama 2's batch), between 256 and 1024 sequences. */
  s->target_global = CLAMP (((guint64) 1 << 22) / MAX (s->base.seq_length, 1), 256, 1024);
  s->moe = s->base.num_experts > 0;
  s->moe_layers = s->moe ? planner_config_count_moe_layers (&s->base) : 0;
  s->flops_per_seq = planner_flops_for_batch (&s->base, 1.0);
  s->peak = planner_gpu_peak_tflops (gpu, planner_flops_peak_kind (&s->base, gpu)) * 1e12;
  if (!(s->peak > 0))
    s->peak = 1e12;

  planner_config_count_params (&s->base, &params);
  sq = (double) s->base.seq_length;
  core = 4.0 * sq * sq * (double) s->base.hidden_size * (double) s->base.num_layers;
  linear = 2.0 * sq * params.active;
  s->core_share = core / (core + linear);
  if (s->base.multi_latent_attention)
    s->kv_width = (double) s->base.num_attention_heads *
                  (double) (s->base.qk_head_dim + s->base.qk_pos_emb_head_dim + s->base.v_head_dim);
  else
    s->kv_width = 2.0 * (double) s->base.num_query_groups * (double) s->base.kv_channels;
  s->results = g_array_new (FALSE, FALSE, sizeof (PlannerRecommendCandidate));
  return TRUE;
}

static void
search_clear (Search *s)
{
  planner_config_clear (&s->base);
  g_clear_pointer (&s->results, g_array_unref);
}

/* Both passes: TP inside the NVLink domain, then, only if nothing fits,
 * wider TP. */
static void
search_all (Search *s)
{
  s->wide_tp = FALSE;
  run_search (s);
  if (s->results->len == 0 || (s->first_fit && !s->found))
    {
      s->wide_tp = TRUE;
      run_search (s);
    }
}

/* ---- Arguments of a candidate ---- */

static void
set_uint (PlannerArgs *args,
          const char  *dest,
          const char  *flag,
          guint64      value)
{
  char text[32];

  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, value);
  planner_args_set (args, dest, flag, text);
}

static gboolean
is_sigmoid_router (const PlannerArgs *args)
{
  return g_strcmp0 (planner_args_get_string (args, "moe_router_score_function", NULL), "sigmoid") == 0;
}

PlannerArgs *
planner_recommendation_candidate_args (const PlannerRecommendation     *r,
                                       const PlannerRecommendCandidate *c)
{
  PlannerArgs *args;
  const PlannerLayout *l = &c->layout;

  g_return_val_if_fail (r != NULL && c != NULL, NULL);

  args = planner_args_copy (r->model_args);
  set_uint (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", l->tp);
  set_uint (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size", l->pp);
  if (l->vpp > 1)
    set_uint (args, "num_virtual_stages_per_pipeline_rank", "--num-virtual-stages-per-pipeline-rank", l->vpp);
  set_uint (args, "context_parallel_size", "--context-parallel-size", l->cp);
  if (r->num_experts > 0)
    {
      set_uint (args, "expert_model_parallel_size", "--expert-model-parallel-size", l->ep);
      set_uint (args, "expert_tensor_parallel_size", "--expert-tensor-parallel-size", l->etp);
      if (l->etp > 1)
        planner_args_set_bool (args, "add_bias_linear", "--disable-bias-linear", FALSE);
      planner_args_set (args, "moe_router_load_balancing_type", "--moe-router-load-balancing-type",
                        is_sigmoid_router (args) ? "seq_aux_loss" : "aux_loss");
      planner_args_set (args, "moe_aux_loss_coeff", "--moe-aux-loss-coeff", is_sigmoid_router (args) ? "1e-4" : "1e-2");
      if (is_sigmoid_router (args))
        planner_args_set_bool (args, "moe_router_enable_expert_bias", "--moe-router-enable-expert-bias", TRUE);
      planner_args_set (args, "moe_token_dispatcher_type", "--moe-token-dispatcher-type", "alltoall");
      if (r->gpu->compute_capability_major >= 8)
        planner_args_set_bool (args, "moe_grouped_gemm", "--moe-grouped-gemm", TRUE);
    }
  set_uint (args, "micro_batch_size", "--micro-batch-size", c->micro_batch_size);
  set_uint (args, "global_batch_size", "--global-batch-size", c->global_batch_size);
  if (c->sequence_parallel)
    planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  if (c->distributed_optimizer)
    {
      planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
      planner_args_set_bool (args, "overlap_param_gather", "--overlap-param-gather", TRUE);
    }
  planner_args_set_bool (args, "overlap_grad_reduce", "--overlap-grad-reduce", TRUE);
  if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
  else if (c->recompute == PLANNER_RECOMPUTE_FULL)
    {
      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
      planner_args_set (args, "recompute_method", "--recompute-method", "uniform");
      set_uint (args, "recompute_num_layers", "--recompute-num-layers", 1);
    }
  if (c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING)
    planner_args_set_bool (args, "account_for_embedding_in_pipeline_split",
                           "--account-for-embedding-in-pipeline-split", TRUE);
  if (c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_LOSS)
    planner_args_set_bool (args, "account_for_loss_in_pipeline_split", "--account-for-loss-in-pipeline-split", TRUE);
  if (c->split == PLANNER_SPLIT_UNEVEN)
    {
      set_uint (args, "decoder_first_pipeline_num_layers", "--decoder-first-pipeline-num-layers",
                c->first_stage_layers);
      set_uint (args, "decoder_last_pipeline_num_layers", "--decoder-last-pipeline-num-layers", c->last_stage_layers);
    }
  return args;
}

/* Megatron's checks on the full arguments.  Paths and tokenizer files
 * are the user's to give (never invented here), so "data." and
 * "tokenizer." findings are left to the script step; every other error
 * rejects the candidate.  The memory of the real configuration must
 * agree with the fast path's verdict. */
static gboolean
validate_candidate (const PlannerRecommendation     *r,
                    const PlannerRecommendCandidate *c,
                    GPtrArray                       *keep)
{
  g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, c);
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  PlannerValidateContext context = { 0 };
  PlannerLayout layout;
  PlannerConfig config;
  PlannerMemoryEstimate mem;
  gboolean ok = TRUE;

  if (!planner_validate_resolve_layout (args, r->num_gpus, &layout, diagnostics))
    return FALSE;
  if (!planner_config_init_from_args (&config, args, &layout, r->vocab_size, NULL))
    return FALSE;
  context.world_size = r->num_gpus;
  context.vocab_size = r->vocab_size;
  context.compute_capability_major = r->gpu->compute_capability_major;
  planner_validate (args, &context, &layout, &config, diagnostics);
  planner_memory_estimate (&config, r->gpu, &mem);
  planner_config_clear (&config);
  if (!mem.fits)
    return FALSE;

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (g_str_has_prefix (d->code, "data.") || g_str_has_prefix (d->code, "tokenizer."))
        continue;
      if (d->severity == PLANNER_SEVERITY_ERROR)
        {
          g_debug ("candidate rejected: %s: %s", d->code, d->message);
          ok = FALSE;
        }
      else if (keep != NULL && d->severity == PLANNER_SEVERITY_WARNING)
        g_ptr_array_add (keep, planner_diagnostic_copy (d));
    }
  return ok;
}

/* ---- Words ---- */

typedef struct
{
  const char *name;
  gsize       offset;
} Component;

static const Component components[] = {
  { "compute", G_STRUCT_OFFSET (PlannerStepTime, compute) },
  { "recompute", G_STRUCT_OFFSET (PlannerStepTime, recompute) },
  { "TP communication", G_STRUCT_OFFSET (PlannerStepTime, tp_comm) },
  { "CP ring exchange", G_STRUCT_OFFSET (PlannerStepTime, cp_comm) },
  { "EP all-to-all", G_STRUCT_OFFSET (PlannerStepTime, ep_comm) },
  { "pipeline sends", G_STRUCT_OFFSET (PlannerStepTime, pp_comm) },
  { "pipeline bubble", G_STRUCT_OFFSET (PlannerStepTime, bubble) },
  { "data-parallel gradient reduction", G_STRUCT_OFFSET (PlannerStepTime, dp_comm) },
};

static double
component_per_sequence (const PlannerRecommendCandidate *c,
                        guint                            i)
{
  return G_STRUCT_MEMBER (double, &c->time, components[i].offset) / (double) c->global_batch_size;
}

/* "9% slower: more pipeline bubble (+7% of the best's step), less TP communication (−3%)" */
static char *
describe_trade (const PlannerRecommendCandidate *c,
                const PlannerRecommendCandidate *best)
{
  GString *out = g_string_new (NULL);
  double ref = best->seconds_per_sequence;
  double slower = (c->seconds_per_sequence / ref - 1.0) * 100.0;
  guint n = 0;

  if (slower < 0.5)
    g_string_append (out, "about as fast");
  else
    g_string_append_printf (out, "about %.0f%% slower", slower);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < G_N_ELEMENTS (components); i++)
      {
        double delta = (component_per_sequence (c, i) - component_per_sequence (best, i)) / ref * 100.0;

        if ((pass == 0 && delta < 1.0) || (pass == 1 && delta > -1.0) || n >= 3)
          continue;
        g_string_append_printf (out, "%s%s %s (%+.0f%%)", n == 0 ? ": " : ", ", delta > 0 ? "more" : "less",
                                components[i].name, delta);
        n++;
      }
  g_string_append_printf (out, "; %.1f GiB per GPU instead of %.1f GiB", c->peak_bytes / GIB, best->peak_bytes / GIB);
  return g_string_free (out, FALSE);
}

static void
add_reason (PlannerRecommendation *r,
            const char            *degree,
            guint64                value,
            char                  *reason)
{
  PlannerRecommendReason *reason_entry = g_new0 (PlannerRecommendReason, 1);

  reason_entry->degree = degree;
  reason_entry->value = value;
  /* A reason without a comparison ends in ". ": trim it. */
  reason_entry->reason = g_strchomp (reason);
  g_ptr_array_add (r->reasons, reason_entry);
}

static void
reason_free (gpointer data)
{
  PlannerRecommendReason *reason = data;

  g_free (reason->reason);
  g_free (reason);
}

static guint32
layout_degree (const PlannerRecommendCandidate *c,
               const char                      *degree)
{
  if (g_str_equal (degree, "TP"))
    return c->layout.tp;
  if (g_str_equal (degree, "PP"))
    return c->layout.pp;
  if (g_str_equal (degree, "VPP"))
    return c->layout.vpp;
  if (g_str_equal (degree, "CP"))
    return c->layout.cp;
  if (g_str_equal (degree, "EP"))
    return c->layout.ep;
  return c->layout.etp;
}

/* How the best differs from the best layout with another value of
 * @degree: the evidence for the choice. */
static char *
compare_degree (const GArray                    *all,
                const PlannerRecommendCandidate *best,
                const char                      *degree)
{
  guint32 mine = layout_degree (best, degree);
  const PlannerRecommendCandidate *lower = NULL, *higher = NULL;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < all->len; i++)
    {
      const PlannerRecommendCandidate *c = &g_array_index (all, PlannerRecommendCandidate, i);
      guint32 v = layout_degree (c, degree);

      if (v < mine && lower == NULL)
        lower = c;
      if (v > mine && higher == NULL)
        higher = c;
    }
  if (lower == NULL && mine > 1)
    g_string_append_printf (out, "No layout with a smaller %s fits in memory.", degree);
  else if (lower != NULL)
    {
      g_autofree char *trade = describe_trade (lower, best);

      g_string_append_printf (out, "The best with %s %u is %s.", degree, layout_degree (lower, degree), trade);
    }
  if (higher != NULL)
    {
      g_autofree char *trade = describe_trade (higher, best);

      g_string_append_printf (out, "%sThe best with %s %u is %s.", out->len > 0 ? " " : "", degree,
                              layout_degree (higher, degree), trade);
    }
  return g_string_free (out, FALSE);
}

static void
explain (PlannerRecommendation *r,
         const Search          *s,
         const GArray          *all)
{
  const PlannerRecommendCandidate *b = &r->best;
  const PlannerLayout *l = &b->layout;
  g_autofree char *tp_cmp = compare_degree (all, b, "TP");
  g_autofree char *pp_cmp = compare_degree (all, b, "PP");
  g_autofree char *cp_cmp = compare_degree (all, b, "CP");
  g_autofree char *vpp_cmp = compare_degree (all, b, "VPP");
  guint32 per_stage = max_stage_layers (b, r->num_layers);

  if (l->tp == 1)
    add_reason (r, "TP", 1, g_strdup_printf ("no tensor parallelism: each layer fits on one GPU and needs no per-layer "
                                             "all-gather/reduce-scatter. %s", tp_cmp));
  else
    add_reason (r, "TP", l->tp,
                g_strdup_printf ("each layer split %u ways %s (NVLink domain of %u GPUs), with sequence parallelism. %s",
                                 l->tp, b->tp_in_nvlink ? "inside one NVLink domain" : "ACROSS NVLink domains",
                                 r->nvlink_domain, tp_cmp));
  if (l->pp == 1)
    add_reason (r, "PP", 1, g_strdup_printf ("no pipeline: no bubble. %s", pp_cmp));
  else
    add_reason (r, "PP", l->pp,
                g_strdup_printf ("%u stages of at most %u layers%s; bubble (p−1)/(v·m) = %u/(%u·%" G_GUINT64_FORMAT
                                 ") = %.1f%%. %s",
                                 l->pp, per_stage,
                                 b->split == PLANNER_SPLIT_ACCOUNT_BOTH ? " (embedding and loss each counted as a layer)" :
                                 b->split == PLANNER_SPLIT_ACCOUNT_LOSS ? " (the loss counted as a layer)" :
                                 b->split == PLANNER_SPLIT_UNEVEN ? " (lighter first and last stages)" : "",
                                 l->pp - 1, l->vpp, b->num_microbatches,
                                 100.0 * (l->pp - 1) / ((double) l->vpp * (double) b->num_microbatches), pp_cmp));
  if (l->pp > 1)
    add_reason (r, "VPP", l->vpp,
                l->vpp > 1 ? g_strdup_printf ("%u virtual stages per rank divide the bubble by %u at the cost of %u× the "
                                              "pipeline sends. %s", l->vpp, l->vpp, l->vpp, vpp_cmp)
                           : g_strdup_printf ("no interleaving. %s", vpp_cmp));
  else
    add_reason (r, "VPP", 1, g_strdup ("a virtual pipeline needs PP > 1"));
  if (l->cp == 1)
    add_reason (r, "CP", 1, g_strdup_printf ("the %u-token sequence needs no splitting. %s", r->seq_length, cp_cmp));
  else
    add_reason (r, "CP", l->cp,
                g_strdup_printf ("each %u-token sequence split into %u chunks of %u tokens (ring exchange of K and V). %s",
                                 r->seq_length, l->cp, r->seq_length / l->cp, cp_cmp));
  add_reason (r, "DP", l->dp,
              g_strdup_printf ("what is left: %" G_GUINT64_FORMAT " / (TP %u × CP %u × PP %u) = %u %s%s",
                               r->num_gpus, l->tp, l->cp, l->pp, l->dp, l->dp == 1 ? "replica" : "replicas",
                               b->distributed_optimizer && l->dp * l->cp > 1 ? ", optimizer state sharded over DP×CP" : ""));
  if (r->num_experts > 0)
    {
      g_autofree char *ep_cmp = compare_degree (all, b, "EP");
      g_autofree char *etp_cmp = compare_degree (all, b, "ETP");

      add_reason (r, "EP", l->ep,
                  g_strdup_printf ("%u of %u experts per GPU (EP divides the expert count), all-to-all %s. %s",
                                   r->num_experts / l->ep, r->num_experts,
                                   in_domain ((guint64) l->etp * l->ep, s->domain) ? "inside the NVLink domain"
                                                                                   : "across NVLink domains",
                                   ep_cmp));
      add_reason (r, "ETP", l->etp,
                  g_strdup_printf ("%s. %s", l->etp == 1 ? "experts are not tensor-split (ETP 1: whole experts per GPU)"
                                                         : "each expert split over ETP ranks (needs --disable-bias-linear)",
                                   etp_cmp));
    }
  else
    add_reason (r, "EP", 1, g_strdup ("dense model: no experts"));
  add_reason (r, "MICRO_BATCH", b->micro_batch_size,
              g_strdup_printf ("the fastest that fits, %s%s",
                               b->recompute == PLANNER_RECOMPUTE_NONE ? "with no recompute"
                               : b->recompute == PLANNER_RECOMPUTE_FULL ? "with full recompute"
                                                                         : "with selective recompute",
                               b->distributed_optimizer ? ", with the distributed optimizer" : ""));
  add_reason (r, "GLOBAL_BATCH", b->global_batch_size,
              r->user_global_batch
                ? g_strdup_printf ("yours: %" G_GUINT64_FORMAT " microbatches of %u × DP %u",
                                   b->num_microbatches, b->micro_batch_size, l->dp)
                : g_strdup_printf ("chosen: about 4M tokens (256–1024 sequences) rounded up to a multiple of micro × DP = %u%s; "
                                   "%" G_GUINT64_FORMAT " microbatches. Set your own with --global-batch-size",
                                   b->micro_batch_size * l->dp,
                                   l->vpp > 1 ? ", with microbatches a multiple of PP (interleaving)"
                                              : l->pp > 1 ? ", with at least PP microbatches" : "",
                                   b->num_microbatches));
}

static const char *
short_reason (const PlannerRecommendation *r,
              const char                  *degree)
{
  for (guint i = 0; i < r->reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

      if (g_str_equal (reason->degree, degree))
        return reason->reason;
    }
  return "";
}

/* The first sentence of a reason, for a one-line shell comment. */
static char *
first_sentence (const char *text)
{
  const char *end = strstr (text, ". ");
  gsize length = end != NULL ? (gsize) (end - text) : strlen (text);

  if (end == NULL && length > 0 && text[length - 1] == '.')
    length--;
  return g_strndup (text, length);
}

static void
build_shell (PlannerRecommendation *r)
{
  const PlannerRecommendCandidate *b = &r->best;
  const PlannerLayout *l = &b->layout;
  GString *out = g_string_new (NULL);
  static const char *degrees[] = { "TP", "PP", "VPP", "CP", "DP", "EP", "ETP", "MICRO_BATCH", "GLOBAL_BATCH" };
  guint64 values[G_N_ELEMENTS (degrees)] = {
    l->tp, l->pp, l->vpp, l->cp, l->dp, l->ep, r->num_experts > 0 ? l->etp : l->tp,
    b->micro_batch_size, b->global_batch_size,
  };

  g_string_append_printf (out, "# Launch Planner recommendation for Megatron-Core 0.20.0: a DRAFT until you approve it.\n"
                               "# %s on %" G_GUINT64_FORMAT " × %s (%u per node), sequence length %u.\n",
                          r->model_name, r->num_gpus, r->gpu->name, r->gpus_per_node, r->seq_length);
  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    {
      g_autofree char *assignment = g_strdup_printf ("%s=%" G_GUINT64_FORMAT, degrees[i], values[i]);
      g_autofree char *comment = NULL;

      if (g_str_equal (degrees[i], "ETP") && r->num_experts == 0)
        comment = g_strdup ("dense model: expert TP follows TP (unused)");
      else
        comment = first_sentence (short_reason (r, degrees[i]));
      g_string_append_printf (out, "%-18s # %s\n", assignment, comment);
    }
  g_string_append_printf (out, "# TP × CP × DP × PP = %u × %u × %u × %u = %" G_GUINT64_FORMAT " GPUs\n",
                          l->tp, l->cp, l->dp, l->pp, r->num_gpus);
  if (r->num_experts > 0)
    g_string_append_printf (out, "# ETP × EP × EDP × PP = %u × %u × %u × %u = %" G_GUINT64_FORMAT " GPUs "
                                 "(EP is carved out of the data-parallel ranks)\n",
                            l->etp, l->ep, l->expert_dp, l->pp, r->num_gpus);
  if ((l->tp > 1 || l->cp > 1) && r->gpu->compute_capability_major < 10)
    g_string_append (out, "export CUDA_DEVICE_MAX_CONNECTIONS=1   # Megatron requires it for TP or CP on this GPU\n");

  g_string_append (out, "PARALLEL_ARGS=(\n"
                        "  --tensor-model-parallel-size \"$TP\"\n"
                        "  --pipeline-model-parallel-size \"$PP\"\n");
  if (l->vpp > 1)
    g_string_append (out, "  --num-virtual-stages-per-pipeline-rank \"$VPP\"\n");
  g_string_append (out, "  --context-parallel-size \"$CP\"\n");
  if (r->num_experts > 0)
    g_string_append (out, "  --expert-model-parallel-size \"$EP\"\n"
                          "  --expert-tensor-parallel-size \"$ETP\"\n");
  g_string_append (out, "  --micro-batch-size \"$MICRO_BATCH\"\n"
                        "  --global-batch-size \"$GLOBAL_BATCH\"\n");
  if (b->sequence_parallel)
    g_string_append (out, "  --sequence-parallel\n");
  if (b->distributed_optimizer)
    g_string_append (out, "  --use-distributed-optimizer\n  --overlap-param-gather\n");
  g_string_append (out, "  --overlap-grad-reduce\n");
  if (b->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    g_string_append (out, "  --recompute-granularity selective\n");
  else if (b->recompute == PLANNER_RECOMPUTE_FULL)
    g_string_append (out, "  --recompute-granularity full\n  --recompute-method uniform\n  --recompute-num-layers 1\n");
  if (b->split == PLANNER_SPLIT_ACCOUNT_BOTH || b->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING)
    g_string_append (out, "  --account-for-embedding-in-pipeline-split\n");
  if (b->split == PLANNER_SPLIT_ACCOUNT_BOTH || b->split == PLANNER_SPLIT_ACCOUNT_LOSS)
    g_string_append (out, "  --account-for-loss-in-pipeline-split\n");
  if (b->split == PLANNER_SPLIT_UNEVEN)
    g_string_append_printf (out, "  --decoder-first-pipeline-num-layers %u\n  --decoder-last-pipeline-num-layers %u\n",
                            b->first_stage_layers, b->last_stage_layers);
  if (r->num_experts > 0)
    {
      gboolean sigmoid = is_sigmoid_router (r->model_args);

      g_string_append_printf (out, "  --num-experts %u\n  --moe-router-topk %" G_GINT64_FORMAT "\n"
                                   "  --moe-router-load-balancing-type %s\n  --moe-aux-loss-coeff %s\n",
                              r->num_experts, planner_args_get_int (r->model_args, "moe_router_topk", 2),
                              sigmoid ? "seq_aux_loss" : "aux_loss", sigmoid ? "1e-4" : "1e-2");
      if (sigmoid)
        g_string_append (out, "  --moe-router-enable-expert-bias\n");
      g_string_append (out, "  --moe-token-dispatcher-type alltoall\n");
      if (r->gpu->compute_capability_major >= 8)
        g_string_append (out, "  --moe-grouped-gemm\n");
      if (l->etp > 1)
        g_string_append (out, "  --disable-bias-linear\n");
    }
  g_string_append (out, r->gpu->supports_bf16 ? "  --bf16\n" : "  --fp16\n");
  g_string_append (out, ")\n");
  r->shell = g_string_free (out, FALSE);
}

static void
explain_moe (PlannerRecommendation *r,
             const Search          *s)
{
  const PlannerLayout *l = &r->best.layout;
  PlannerConfig cfg;
  PlannerMemoryEstimate mem;
  gboolean sigmoid = is_sigmoid_router (r->model_args);
  guint64 topk = (guint64) planner_args_get_int (r->model_args, "moe_router_topk", 2);
  GString *out = g_string_new (NULL);

  fill_config (s, &r->best, &cfg);
  planner_memory_estimate (&cfg, s->gpu, &mem);
  r->expert_bytes = mem.stages[mem.worst].expert_params * 2.0;
  r->expert_bytes_ep1 = r->expert_bytes * (double) l->ep;

  r->expert_check = g_strdup_printf (
    "ETP %u × EP %u × EDP %u × PP %u = %" G_GUINT64_FORMAT ". In Megatron-Core expert parallelism is carved out of "
    "the data-parallel ranks: the expert layers see the same %" G_GUINT64_FORMAT " GPUs as TP × CP × DP × PP, "
    "regrouped. A guide that multiplies TP × PP × DP × EP describes the same %" G_GUINT64_FORMAT
    " GPUs with DP counted as expert-DP (EDP %u); EP is never an extra factor of the world size.",
    l->etp, l->ep, l->expert_dp, l->pp, r->num_gpus, r->num_gpus, r->num_gpus, l->expert_dp);

  if (l->ep > 1)
    g_string_append_printf (out, "EP %u keeps %u of %u experts per GPU: %.0f%% less expert-weight memory "
                                 "(bf16 expert weights on the most loaded stage: %.2f GiB → %.2f GiB per GPU).\n",
                            l->ep, r->num_experts / l->ep, r->num_experts, 100.0 * (1.0 - 1.0 / l->ep),
                            r->expert_bytes_ep1 / GIB, r->expert_bytes / GIB);
  else
    g_string_append_printf (out, "EP 1 keeps all %u experts on every GPU (%.2f GiB of bf16 expert weights on the most "
                                 "loaded stage).\n", r->num_experts, r->expert_bytes / GIB);
  g_string_append_printf (out, "Router top-k %" G_GUINT64_FORMAT "; load balancing %s with coefficient %s%s.\n", topk,
                          sigmoid ? "seq_aux_loss" : "aux_loss", sigmoid ? "1e-4" : "1e-2",
                          sigmoid ? " plus the expert bias (the model's sigmoid router)" : "");
  g_string_append (out, "Token dispatcher alltoall (sends each token only to the GPUs holding its experts).\n");
  if (s->gpu->compute_capability_major >= 8)
    g_string_append (out, "Grouped GEMM on: one kernel for all local experts.\n");
  else
    g_string_append (out, "Grouped GEMM off: Megatron refuses it below compute capability 8.\n");
  if (l->etp > 1)
    g_string_append (out, "--disable-bias-linear: Megatron supports MoE bias only with ETP 1.\n");
  r->moe_summary = g_string_free (out, FALSE);
}

static void
explain_mfu (PlannerRecommendation *r,
             const Search          *s)
{
  const PlannerMfuRange *published = s->moe ? &s->gpu->mfu_moe_bf16 : &s->gpu->mfu_dense_bf16;
  const PlannerStepTime *t = &r->best.time;
  double useful = t->total > 0 ? t->compute / t->total : 0.0;
  double factor = MIN (1.0, useful / TUNED_COMPUTE_FRACTION);

  r->mfu.low = published->low * factor;
  r->mfu.high = published->high * factor;
  r->mfu.source = published->source;
  r->mfu_text = g_strdup_printf ("Expected MFU %.0f–%.0f%%: published runs on %s (%s, BF16) reach %.0f–%.0f%%; this "
                                 "layout's modelled step is %.0f%% useful compute (well-tuned runs: about %.0f%%).",
                                 r->mfu.low * 100, r->mfu.high * 100, s->gpu->name, s->moe ? "MoE" : "dense",
                                 published->low * 100, published->high * 100, useful * 100,
                                 TUNED_COMPUTE_FRACTION * 100);
}

/* ---- The rules of thumb ----
 * "Over 70B" means over 72B: the 70B class (69.0B, 70.6B) is the table's 70B. */

typedef struct
{
  double  params_b;
  guint64 gpus;
  guint32 tp, pp, cp;
} TableRow;

static const TableRow reference_table[] = {
  { 7, 8, 1, 1, 1 },
  { 13, 8, 2, 1, 1 },
  { 70, 64, 4, 4, 1 },
  { 405, 128, 8, 8, 2 },
};

static guint32
largest_divisor_at_most (guint64 n,
                         guint32 cap,
                         gboolean (*ok) (const PlannerConfig *, guint32),
                         const PlannerConfig *b)
{
  for (guint32 v = MAX (cap, 1); v > 1; v--)
    {
      if (n % v == 0 && (ok == NULL || ok (b, v)))
        return v;
    }
  return 1;
}

static gboolean
pp_ok (const PlannerConfig *b,
       guint32              pp)
{
  PlannerRecommendCandidate c = { 0 };

  return choose_split (b->num_layers, pp, 1, &c);
}

static void
apply_rules (PlannerRecommendation *r,
             Search                *s)
{
  double billions = r->total_params / 1e9;
  const PlannerConfig *b = &s->base;
  guint32 tp = 1, pp = 1, cp = 1, ep = 1;
  PlannerRecommendCandidate proto = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (reference_table); i++)
    {
      const TableRow *row = &reference_table[i];

      if (r->num_experts == 0 && r->num_gpus == row->gpus && billions >= row->params_b * 0.9 &&
          billions <= row->params_b * 1.1)
        {
          tp = row->tp;
          pp = row->pp;
          cp = row->cp;
          r->rule_from_table = TRUE;
          g_ptr_array_add (r->rules, g_strdup_printf (
            "Reference table: %.0fB on %" G_GUINT64_FORMAT " GPUs → TP %u, PP %u%s, DP %" G_GUINT64_FORMAT " (applies: "
            "this is a %.1fB model).%s", row->params_b, row->gpus, tp, pp, cp > 1 ? ", CP 2" : "",
            row->gpus / ((guint64) tp * pp * cp), billions,
            cp > 1 ? " The version of this row often quoted with DP 2 multiplies to 256 GPUs, not 128." : ""));
          break;
        }
    }
  if (!r->rule_from_table)
    {
      guint32 want_tp = billions < 10 ? 1 : billions < 30 ? 2 : billions < 150 ? 4 : 8;
      guint32 want_pp = billions <= 72 ? 1 : billions <= 200 ? 4 : billions <= 500 ? 8 : 16;

      cp = r->seq_length > 8192 ? MIN (r->seq_length / 8192, 16) : 1;
      while (cp > 1 && r->num_gpus % cp != 0)
        cp /= 2;
      tp = largest_divisor_at_most (r->num_gpus / cp, MIN (want_tp, s->domain), heads_allow_tp, b);
      pp = largest_divisor_at_most (r->num_gpus / ((guint64) cp * tp), want_pp, pp_ok, b);
      g_ptr_array_add (r->rules, g_strdup ("Reference table: no row for this model size and GPU count."));
    }
  g_ptr_array_add (r->rules, g_strdup_printf ("Pipeline parallelism for models over 70B: %s (%.1fB).",
                                              billions > 72 ? "applies" : "does not apply (70B-class models count as 70B)", billions));
  g_ptr_array_add (r->rules, g_strdup_printf ("Context parallelism for sequences over 8K: %s (%u tokens).",
                                              r->seq_length > 8192 ? "applies" : "does not apply", r->seq_length));
  g_ptr_array_add (r->rules, g_strdup_printf ("TP no larger than the NVLink domain (%u GPUs): %s.", r->nvlink_domain,
                                              r->fits && r->best.tp_in_nvlink ? "kept"
                                              : r->fits ? "broken: nothing fits otherwise" : "kept where possible"));
  g_ptr_array_add (r->rules, g_strdup ("Data parallelism fills the rest: DP = N / (TP × CP × PP)."));
  if (r->num_experts > 0)
    {
      guint64 room = r->num_gpus / pp;

      for (guint32 v = MIN (r->num_experts, s->domain); v >= 1; v--)
        {
          if (r->num_experts % v == 0 && room % v == 0)
            {
              ep = v;
              break;
            }
        }
      g_ptr_array_add (r->rules, g_strdup_printf ("Expert parallelism from the expert count and the GPUs: EP %u "
                                                  "(divides %u experts, keeps the all-to-all inside %u GPUs).",
                                                  ep, r->num_experts, s->domain));
    }

  proto.layout.tp = tp;
  proto.layout.pp = pp;
  proto.layout.cp = cp;
  proto.layout.vpp = 1;
  r->rule_valid = choose_split (b->num_layers, pp, 1, &proto) && heads_allow_tp (b, tp) &&
                  (cp == 1 || b->seq_length % (2 * cp) == 0) &&
                  planner_layout_init (&proto.layout, r->num_gpus, tp, pp, cp, ep, r->num_experts > 0 ? 1 : 0, 1,
                                       PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL);
  if (!r->rule_valid)
    {
      r->rule_comparison = g_strdup_printf ("The rule-of-thumb layout TP %u, PP %u, CP %u is not valid for this model "
                                            "and GPU count.", tp, pp, cp);
      return;
    }
  if (!evaluate_layout (s, &proto, &r->rule))
    {
      r->rule = proto;
      r->rule.fits = FALSE;
      r->rule_comparison = g_strdup_printf ("The rule-of-thumb layout TP %u, PP %u, CP %u, DP %u does not fit in "
                                            "%s memory by the estimate, with any micro-batch or recompute%s.",
                                            tp, pp, cp, proto.layout.dp, s->gpu->name,
                                            r->fits ? "; the search found one that does" : "");
      return;
    }
  if (!r->fits)
    return;
  if (r->rule.layout.tp == r->best.layout.tp && r->rule.layout.pp == r->best.layout.pp &&
      r->rule.layout.cp == r->best.layout.cp && r->rule.layout.ep == r->best.layout.ep &&
      r->rule.layout.vpp == r->best.layout.vpp)
    r->rule_comparison = g_strdup ("The search agrees with the rule of thumb.");
  else
    {
      g_autofree char *trade = describe_trade (&r->rule, &r->best);
      g_autofree char *ep_text = r->num_experts > 0 ? g_strdup_printf (", EP %u", r->rule.layout.ep) : g_strdup ("");

      r->rule_comparison = g_strdup_printf ("The search beats the rule-of-thumb layout (TP %u, PP %u, CP %u, DP %u%s): "
                                            "the chosen layout is about %.0f%% faster; the rule's layout is %s.",
                                            r->rule.layout.tp, r->rule.layout.pp, r->rule.layout.cp,
                                            r->rule.layout.dp, ep_text,
                                            (r->rule.seconds_per_sequence / r->best.seconds_per_sequence - 1.0) * 100.0,
                                            trade);
    }
}

/* ---- Nothing fits ---- */

static gboolean
fits_anywhere (const PlannerRecommendRequest *req,
               const PlannerGpu              *gpu,
               const PlannerArgs             *args,
               guint64                        vocab,
               guint64                        n)
{
  Search s;
  gboolean found;

  if (!search_init (&s, req, gpu, args, vocab, n, NULL))
    return FALSE;
  s.first_fit = TRUE;
  search_all (&s);
  found = s.found;
  search_clear (&s);
  return found;
}

static void
explain_nothing_fits (PlannerRecommendation         *r,
                      const PlannerRecommendRequest *req,
                      const Search                  *s)
{
  GString *out = g_string_new (NULL);
  guint n_gpus = 0;
  const PlannerGpu *const *gpus = planner_gpu_list (&n_gpus);
  guint64 step = MAX (r->gpus_per_node, 1);

  g_string_append_printf (out, "Nothing fits: no valid layout of %s on %" G_GUINT64_FORMAT " × %s fits in %.1f GiB per "
                               "GPU by the memory estimate, even with full recompute, micro-batch 1, the distributed "
                               "optimizer and TP, PP, CP%s as large as the model allows.",
                          r->model_name, r->num_gpus, s->gpu->name, (double) s->gpu->memory_bytes / GIB,
                          r->num_experts > 0 ? ", EP" : "");
  if (r->user_global_batch)
    g_string_append_printf (out, " (Your global batch %" G_GUINT64_FORMAT " also has to divide by micro × DP.)",
                            req->global_batch_size);

  /* Whole nodes, doubling: the smallest power-of-two count of nodes that fits. */
  for (guint64 n = step; n <= PLANNER_MAX_WORLD_SIZE; n *= 2)
    {
      if (n <= r->num_gpus)
        continue;
      if (fits_anywhere (req, s->gpu, r->model_args, r->vocab_size, n))
        {
          r->gpus_needed = n;
          break;
        }
    }
  if (r->gpus_needed > 0)
    g_string_append_printf (out, " With %" G_GUINT64_FORMAT " GPUs (%" G_GUINT64_FORMAT " nodes of %u) a layout fits: "
                                 "run recommend with --gpus %" G_GUINT64_FORMAT ".",
                            r->gpus_needed, r->gpus_needed / step, r->gpus_per_node, r->gpus_needed);
  else
    g_string_append (out, " No GPU count up to the planner's limit makes it fit.");

  for (guint i = 0; i < n_gpus; i++)
    {
      if (gpus[i]->memory_bytes <= s->gpu->memory_bytes || gpus[i] == s->gpu)
        continue;
      if (fits_anywhere (req, gpus[i], r->model_args, r->vocab_size, r->num_gpus))
        g_string_append_printf (out, " On %" G_GUINT64_FORMAT " × %s (%.0f GiB) it fits.", r->num_gpus, gpus[i]->name,
                                (double) gpus[i]->memory_bytes / GIB);
    }
  if (r->user_global_batch && fits_anywhere (&(PlannerRecommendRequest) { .gpus_per_node = req->gpus_per_node },
                                             s->gpu, r->model_args, r->vocab_size, r->num_gpus))
    g_string_append (out, " Without your global batch size it fits: let the planner choose it.");
  r->nothing_fits = g_string_free (out, FALSE);
}

/* ---- The entry point ---- */

static PlannerArgs *
model_args_for (const PlannerRecommendRequest *req,
                PlannerRecommendation         *r,
                guint64                       *vocab,
                GError                       **error)
{
  g_autoptr(PlannerModel) custom = NULL;
  const PlannerModel *model;
  g_autoptr(PlannerArgs) args = planner_args_new ();

  if (req->model_id != NULL)
    {
      model = planner_model_lookup (req->model_id);
      if (model == NULL)
        {
          g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_UNKNOWN_MODEL,
                       "--model: unknown model “%s”; known models: llama2-7b llama2-13b llama2-70b llama3-8b "
                       "llama3-70b llama3.1-405b mixtral-8x7b mixtral-8x22b gpt3-175b nemotron4-15b nemotron4-340b "
                       "deepseek-v3 qwen3-30b-a3b qwen3-235b-a22b gpt2-tiny gpt2-small gpt2-medium", req->model_id);
          return NULL;
        }
    }
  else
    {
      if (!(req->params_b >= 0.01 && req->params_b <= 100000.0))
        {
          g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                       "--params-b: give the model size in billions of parameters, between 0.01 and 100000");
          return NULL;
        }
      custom = planner_model_new_from_size (req->params_b, req->seq_length, 0, error);
      if (custom == NULL)
        return NULL;
      model = custom;
      /* Say which dimensions were assumed for a bare size. */
      if (custom->assumed != NULL)
        {
          g_autofree char *list = g_strjoinv (", ", custom->assumed);

          g_ptr_array_add (r->rules, g_strdup_printf ("A %.1fB model given by size: LLaMA-style dimensions assumed "
                                                      "(%s).", req->params_b, list));
        }
    }

  planner_model_apply_to_args (model, args);
  /* The search sizes weights, gradients and activations in the precision
   * the job will train in (the same one the shell block writes): BF16,
   * or FP16 on GPUs without BF16.  Left out, Megatron's default is FP32. */
  if (r->gpu->supports_bf16)
    planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  else
    planner_args_set_bool (args, "fp16", "--fp16", TRUE);
  *vocab = model->vocab_size;
  r->model_id = g_strdup (model->id);
  r->model_name = g_strdup (model->name);
  r->num_layers = model->num_layers;

  if (req->seq_length > 0)
    {
      set_uint (args, "seq_length", "--seq-length", req->seq_length);
      if (req->seq_length > model->max_position_embeddings)
        {
          if (g_strcmp0 (model->position_embedding_type, "rope") != 0)
            {
              g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                           "--seq-length: %s has learned positions for at most %u tokens; give at most %u",
                           model->name, model->max_position_embeddings, model->max_position_embeddings);
              return NULL;
            }
          set_uint (args, "max_position_embeddings", "--max-position-embeddings", req->seq_length);
        }
    }
  if (req->num_experts > 0)
    {
      guint64 topk = model->num_experts > 0 ? MIN (model->moe_router_topk, req->num_experts) : MIN (2, req->num_experts);

      set_uint (args, "num_experts", "--num-experts", req->num_experts);
      set_uint (args, "moe_router_topk", "--moe-router-topk", topk);
      if (model->num_experts == 0)
        set_uint (args, "moe_ffn_hidden_size", "--moe-ffn-hidden-size", model->ffn_hidden_size);
      /* Top-1 softmax routing needs the pre-softmax (Megatron refuses it otherwise). */
      if (topk == 1)
        planner_args_set_bool (args, "moe_router_pre_softmax", "--moe-router-pre-softmax", TRUE);
    }
  return g_steal_pointer (&args);
}

PlannerRecommendation *
planner_recommend (const PlannerRecommendRequest *req,
                   GError                       **error)
{
  g_autoptr(PlannerRecommendation) r = NULL;
  const PlannerGpu *gpu;
  guint64 vocab = 0;
  Search s;
  guint validated = 0;

  g_return_val_if_fail (req != NULL, NULL);

  if (req->gpu_id == NULL || (gpu = planner_gpu_lookup (req->gpu_id)) == NULL)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_UNKNOWN_GPU,
                   "--gpu: unknown GPU “%s”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 gb200 "
                   "l40s v100", req->gpu_id != NULL ? req->gpu_id : "");
      return NULL;
    }
  if (req->num_gpus == 0 || req->num_gpus > PLANNER_MAX_WORLD_SIZE)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   "--gpus: give between 1 and %u GPUs", PLANNER_MAX_WORLD_SIZE);
      return NULL;
    }
  if (req->gpus_per_node > 4096)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   "--gpus-per-node: give between 1 and 4096");
      return NULL;
    }
  if (req->seq_length > MAX_SEQ_LENGTH || req->num_experts > MAX_EXPERTS ||
      req->global_batch_size > MAX_GLOBAL_BATCH)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID, "%s",
                   req->seq_length > MAX_SEQ_LENGTH ? "--seq-length: give at most 1048576 tokens"
                   : req->num_experts > MAX_EXPERTS ? "--num-experts: give at most 4096 experts"
                                                    : "--global-batch-size: give at most 4294967296 sequences");
      return NULL;
    }

  r = g_new0 (PlannerRecommendation, 1);
  r->alternatives = g_array_new (FALSE, FALSE, sizeof (PlannerRecommendCandidate));
  r->reasons = g_ptr_array_new_with_free_func (reason_free);
  r->rules = g_ptr_array_new_with_free_func (g_free);
  r->diagnostics = planner_diagnostics_new ();
  r->gpu = gpu;
  r->num_gpus = req->num_gpus;
  r->user_global_batch = req->global_batch_size > 0;

  r->model_args = model_args_for (req, r, &vocab, error);
  if (r->model_args == NULL)
    return NULL;
  r->vocab_size = vocab;
  if (!search_init (&s, req, gpu, r->model_args, vocab, req->num_gpus, error))
    return NULL;

  r->gpus_per_node = s.gpn;
  r->nvlink_domain = s.domain;
  r->seq_length = s.base.seq_length;
  r->num_experts = s.base.num_experts;
  {
    PlannerModelParams params;

    planner_config_count_params (&s.base, &params);
    r->total_params = params.total;
  }

  search_all (&s);
  r->n_evaluated = s.evaluated;
  if (s.results->len > 0)
    {
      g_array_sort (s.results, compare_candidates);
      prefer_simplest (s.results);
    }

  /* Megatron's own checks on the front-runners: the first that passes is
   * the answer, the next few the alternatives. */
  for (guint i = 0; i < s.results->len && validated < N_VALIDATE; i++)
    {
      PlannerRecommendCandidate *c = &g_array_index (s.results, PlannerRecommendCandidate, i);
      guint max_alt = req->max_alternatives > 0 ? req->max_alternatives : 4;

      g_autoptr(GPtrArray) warnings = planner_diagnostics_new ();

      validated++;
      if (!validate_candidate (r, c, warnings))
        continue;
      if (!r->fits)
        {
          g_ptr_array_extend_and_steal (r->diagnostics, g_steal_pointer (&warnings));
          r->best = *c;
          r->best.speedup = 1.0;
          r->fits = TRUE;
          continue;
        }
      if (r->alternatives->len >= max_alt)
        break;
      c->speedup = r->best.seconds_per_sequence / c->seconds_per_sequence;
      c->trade = describe_trade (c, &r->best);
      g_array_append_val (r->alternatives, *c);
    }

  if (r->fits)
    {
      explain (r, &s, s.results);
      build_shell (r);
      if (r->num_experts > 0)
        explain_moe (r, &s);
      explain_mfu (r, &s);
      r->product_check = g_strdup_printf ("TP %u × CP %u × DP %u × PP %u = %" G_GUINT64_FORMAT " GPUs",
                                          r->best.layout.tp, r->best.layout.cp, r->best.layout.dp,
                                          r->best.layout.pp, r->num_gpus);
    }
  else
    explain_nothing_fits (r, req, &s);
  apply_rules (r, &s);
  r->n_evaluated = s.evaluated;
  search_clear (&s);
  return g_steal_pointer (&r);
}

void
planner_recommendation_free (PlannerRecommendation *r)
{
  if (r == NULL)
    return;
  g_free (r->model_id);
  g_free (r->model_name);
  g_free (r->best.trade);
  g_free (r->rule.trade);
  if (r->alternatives != NULL)
    {
      for (guint i = 0; i < r->alternatives->len; i++)
        g_free (g_array_index (r->alternatives, PlannerRecommendCandidate, i).trade);
      g_array_unref (r->alternatives);
    }
  g_clear_pointer (&r->reasons, g_ptr_array_unref);
  g_clear_pointer (&r->rules, g_ptr_array_unref);
  g_clear_pointer (&r->diagnostics, g_ptr_array_unref);
  g_free (r->rule_comparison);
  g_free (r->product_check);
  g_free (r->expert_check);
  g_free (r->moe_summary);
  g_free (r->mfu_text);
  g_free (r->shell);
  g_free (r->nothing_fits);
  g_clear_pointer (&r->model_args, planner_args_unref);
  g_free (r);
}

/* ---- Output ---- */

static void
add_candidate_members (JsonBuilder                     *b,
                       const PlannerRecommendCandidate *c)
{
  static const char *splits[] = { "even", "account-both", "account-embedding", "account-loss", "uneven" };
  const PlannerLayout *l = &c->layout;

  json_builder_set_member_name (b, "tp");
  json_builder_add_int_value (b, l->tp);
  json_builder_set_member_name (b, "pp");
  json_builder_add_int_value (b, l->pp);
  json_builder_set_member_name (b, "vpp");
  json_builder_add_int_value (b, l->vpp);
  json_builder_set_member_name (b, "cp");
  json_builder_add_int_value (b, l->cp);
  json_builder_set_member_name (b, "dp");
  json_builder_add_int_value (b, l->dp);
  json_builder_set_member_name (b, "ep");
  json_builder_add_int_value (b, l->ep);
  json_builder_set_member_name (b, "etp");
  json_builder_add_int_value (b, l->etp);
  json_builder_set_member_name (b, "expert_dp");
  json_builder_add_int_value (b, l->expert_dp);
  json_builder_set_member_name (b, "micro_batch_size");
  json_builder_add_int_value (b, c->micro_batch_size);
  json_builder_set_member_name (b, "global_batch_size");
  json_builder_add_int_value (b, (gint64) c->global_batch_size);
  json_builder_set_member_name (b, "num_microbatches");
  json_builder_add_int_value (b, (gint64) c->num_microbatches);
  json_builder_set_member_name (b, "recompute");
  json_builder_add_string_value (b, planner_recompute_to_string (c->recompute));
  json_builder_set_member_name (b, "distributed_optimizer");
  json_builder_add_boolean_value (b, c->distributed_optimizer);
  json_builder_set_member_name (b, "sequence_parallel");
  json_builder_add_boolean_value (b, c->sequence_parallel);
  json_builder_set_member_name (b, "pipeline_split");
  json_builder_add_string_value (b, splits[MIN ((guint) c->split, G_N_ELEMENTS (splits) - 1)]);
  if (c->split == PLANNER_SPLIT_UNEVEN)
    {
      json_builder_set_member_name (b, "first_stage_layers");
      json_builder_add_int_value (b, c->first_stage_layers);
      json_builder_set_member_name (b, "last_stage_layers");
      json_builder_add_int_value (b, c->last_stage_layers);
    }
  json_builder_set_member_name (b, "fits");
  json_builder_add_boolean_value (b, c->fits);
  json_builder_set_member_name (b, "tp_in_nvlink_domain");
  json_builder_add_boolean_value (b, c->tp_in_nvlink);
  json_builder_set_member_name (b, "memory_peak_bytes");
  json_builder_add_double_value (b, isfinite (c->peak_bytes) ? c->peak_bytes : 0.0);
  json_builder_set_member_name (b, "memory_capacity_bytes");
  json_builder_add_double_value (b, c->capacity_bytes);
  if (c->fits && c->time.total > 0)
    {
      /* Shares of the modelled step: relative only, never seconds. */
      json_builder_set_member_name (b, "step_breakdown");
      json_builder_begin_object (b);
      for (guint i = 0; i < G_N_ELEMENTS (components); i++)
        {
          json_builder_set_member_name (b, components[i].name);
          json_builder_add_double_value (b, G_STRUCT_MEMBER (double, &c->time, components[i].offset) / c->time.total);
        }
      json_builder_end_object (b);
    }
}

JsonNode *
planner_recommendation_to_json (const PlannerRecommendation *r)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (r != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "megatron_core");
  json_builder_add_string_value (b, "0.20.0");
  json_builder_set_member_name (b, "draft");
  json_builder_add_boolean_value (b, TRUE);
  json_builder_set_member_name (b, "request");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "model");
  json_builder_add_string_value (b, r->model_id);
  json_builder_set_member_name (b, "gpu");
  json_builder_add_string_value (b, r->gpu->id);
  json_builder_set_member_name (b, "gpus");
  json_builder_add_int_value (b, (gint64) r->num_gpus);
  json_builder_set_member_name (b, "gpus_per_node");
  json_builder_add_int_value (b, r->gpus_per_node);
  json_builder_set_member_name (b, "nvlink_domain");
  json_builder_add_int_value (b, r->nvlink_domain);
  json_builder_set_member_name (b, "seq_length");
  json_builder_add_int_value (b, r->seq_length);
  json_builder_set_member_name (b, "num_experts");
  json_builder_add_int_value (b, r->num_experts);
  json_builder_set_member_name (b, "num_layers");
  json_builder_add_int_value (b, r->num_layers);
  json_builder_set_member_name (b, "total_params");
  json_builder_add_double_value (b, r->total_params);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "fits");
  json_builder_add_boolean_value (b, r->fits);
  json_builder_set_member_name (b, "candidates_evaluated");
  json_builder_add_int_value (b, (gint64) r->n_evaluated);

  if (r->fits)
    {
      json_builder_set_member_name (b, "layout");
      json_builder_begin_object (b);
      add_candidate_members (b, &r->best);
      json_builder_end_object (b);

      json_builder_set_member_name (b, "reasons");
      json_builder_begin_array (b);
      for (guint i = 0; i < r->reasons->len; i++)
        {
          const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "degree");
          json_builder_add_string_value (b, reason->degree);
          json_builder_set_member_name (b, "value");
          json_builder_add_int_value (b, (gint64) reason->value);
          json_builder_set_member_name (b, "reason");
          json_builder_add_string_value (b, reason->reason);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);

      json_builder_set_member_name (b, "alternatives");
      json_builder_begin_array (b);
      for (guint i = 0; i < r->alternatives->len; i++)
        {
          const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

          json_builder_begin_object (b);
          add_candidate_members (b, c);
          json_builder_set_member_name (b, "relative_speed");
          json_builder_add_double_value (b, c->speedup);
          json_builder_set_member_name (b, "trade");
          json_builder_add_string_value (b, c->trade);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);

      json_builder_set_member_name (b, "product_check");
      json_builder_add_string_value (b, r->product_check);
      if (r->expert_check != NULL)
        {
          json_builder_set_member_name (b, "expert_check");
          json_builder_add_string_value (b, r->expert_check);
          json_builder_set_member_name (b, "moe");
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "expert_weight_bytes_ep1");
          json_builder_add_double_value (b, r->expert_bytes_ep1);
          json_builder_set_member_name (b, "expert_weight_bytes");
          json_builder_add_double_value (b, r->expert_bytes);
          json_builder_set_member_name (b, "summary");
          json_builder_add_string_value (b, r->moe_summary);
          json_builder_end_object (b);
        }
      json_builder_set_member_name (b, "mfu");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "low");
      json_builder_add_double_value (b, r->mfu.low);
      json_builder_set_member_name (b, "high");
      json_builder_add_double_value (b, r->mfu.high);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, r->mfu_text);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, r->mfu.source);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "shell");
      json_builder_add_string_value (b, r->shell);
    }
  else
    {
      json_builder_set_member_name (b, "nothing_fits");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, r->nothing_fits);
      json_builder_set_member_name (b, "gpus_needed");
      json_builder_add_int_value (b, (gint64) r->gpus_needed);
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "rules");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->rules->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (r->rules, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "rule_of_thumb");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, r->rule_valid);
  json_builder_set_member_name (b, "from_reference_table");
  json_builder_add_boolean_value (b, r->rule_from_table);
  if (r->rule_valid)
    add_candidate_members (b, &r->rule);
  json_builder_set_member_name (b, "comparison");
  json_builder_add_string_value (b, r->rule_comparison);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "diagnostics");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (r->diagnostics, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "severity");
      json_builder_add_string_value (b, planner_severity_to_string (d->severity));
      json_builder_set_member_name (b, "code");
      json_builder_add_string_value (b, d->code);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, d->message);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static const char *
split_words (const PlannerRecommendCandidate *c)
{
  switch (c->split)
    {
    case PLANNER_SPLIT_ACCOUNT_BOTH:
      return ", embedding and loss counted as layers";
    case PLANNER_SPLIT_ACCOUNT_EMBEDDING:
      return ", embedding counted as a layer";
    case PLANNER_SPLIT_ACCOUNT_LOSS:
      return ", loss counted as a layer";
    case PLANNER_SPLIT_UNEVEN:
      return ", uneven first/last stages";
    case PLANNER_SPLIT_EVEN:
    default:
      return "";
    }
}

static void
append_candidate_line (GString                         *out,
                       const PlannerRecommendCandidate *c,
                       gboolean                         moe)
{
  g_string_append_printf (out, "TP %u × CP %u × DP %u × PP %u", c->layout.tp, c->layout.cp, c->layout.dp,
                          c->layout.pp);
  if (c->layout.vpp > 1)
    g_string_append_printf (out, " (VPP %u)", c->layout.vpp);
  if (moe)
    g_string_append_printf (out, ", EP %u, ETP %u", c->layout.ep, c->layout.etp);
  g_string_append_printf (out, ", micro %u, global %" G_GUINT64_FORMAT ", recompute %s%s%s", c->micro_batch_size,
                          c->global_batch_size, planner_recompute_to_string (c->recompute),
                          c->distributed_optimizer ? ", distributed optimizer" : "", split_words (c));
}

char *
planner_recommendation_to_text (const PlannerRecommendation *r)
{
  GString *out = g_string_new (NULL);
  g_autofree char *experts = NULL;

  g_return_val_if_fail (r != NULL, NULL);

  experts = r->num_experts > 0 ? g_strdup_printf (", %u experts", r->num_experts) : g_strdup ("");
  g_string_append_printf (out, "Recommendation for Megatron-Core 0.20.0 (a draft until you approve it)\n"
                               "Model        %s (%.1fB parameters, %u layers%s)\n"
                               "Cluster      %" G_GUINT64_FORMAT " × %s, %u per node, NVLink domain %u\n"
                               "Sequence     %u tokens\n",
                          r->model_name, r->total_params / 1e9, r->num_layers,
                          experts,
                          r->num_gpus, r->gpu->name, r->gpus_per_node, r->nvlink_domain, r->seq_length);
  if (!r->fits)
    {
      g_string_append_printf (out, "\n%s\n", r->nothing_fits);
    }
  else
    {
      const PlannerRecommendCandidate *b = &r->best;

      g_string_append (out, "\nBest         ");
      append_candidate_line (out, b, r->num_experts > 0);
      g_string_append_printf (out, "\nMemory       %.1f of %.1f GiB per GPU on the most loaded stage ✓\n",
                              b->peak_bytes / GIB, b->capacity_bytes / GIB);
      g_string_append_printf (out, "Check        %s\n", r->product_check);
      if (r->expert_check != NULL)
        g_string_append_printf (out, "Experts      %s\n", r->expert_check);
      g_string_append_printf (out, "MFU          %s\n", r->mfu_text);
      g_string_append (out, "\nWhy each degree\n");
      for (guint i = 0; i < r->reasons->len; i++)
        {
          const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

          g_string_append_printf (out, "  %-13s %-6" G_GUINT64_FORMAT " %s\n", reason->degree, reason->value,
                                  reason->reason);
        }
      if (r->moe_summary != NULL)
        g_string_append_printf (out, "\nMixture of experts\n%s", r->moe_summary);
      if (r->alternatives->len > 0)
        {
          g_string_append (out, "\nAlternatives\n");
          for (guint i = 0; i < r->alternatives->len; i++)
            {
              const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

              g_string_append_printf (out, "  %u. ", i + 1);
              append_candidate_line (out, c, r->num_experts > 0);
              g_string_append_printf (out, "\n     %s\n", c->trade);
            }
        }
    }
  g_string_append (out, "\nRules of thumb\n");
  for (guint i = 0; i < r->rules->len; i++)
    g_string_append_printf (out, "  - %s\n", (const char *) g_ptr_array_index (r->rules, i));
  if (r->rule_comparison != NULL)
    g_string_append_printf (out, "  %s\n", r->rule_comparison);
  if (r->diagnostics->len > 0)
    {
      g_string_append (out, "\nMegatron's checks on the best layout (paths and tokenizer come later, from you)\n");
      for (guint i = 0; i < r->diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (r->diagnostics, i);

          g_string_append_printf (out, "  %s %s: %s\n", planner_severity_to_string (d->severity), d->code, d->message);
        }
    }
  if (r->fits)
    g_string_append_printf (out, "\n%s", r->shell);
  return g_string_free (out, FALSE);
}
