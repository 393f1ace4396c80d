/* planner-memory.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-memory"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-memory.h"
#include "planner-memory-private.h"
#include "planner-words.h"

#include <math.h>
#include <string.h>

#define GIB (1024.0 * 1024.0 * 1024.0)

/* The allowance outside the model's tensors, from measurements (the rows
 * and sources are in tests/calibration/memory-peaks.json):
 *  - workspaces inside PyTorch's allocator (cuBLAS/TE workspaces, the
 *    batch, RNG states): 96 MiB, the median of what the small dense rows of
 *    Megatron's own CI allocate beyond their tensors;
 *  - the CUDA context (lazily loaded kernels, CUDA >= 11.7): 0.5 GiB.  A
 *    bare context measured about 300 MB with lazy loading and over 1 GB
 *    without (pytorch/pytorch#107667, a PyTorch maintainer's figures);
 *    cuBLAS's, Transformer Engine's and NCCL's kernels load into it too;
 *  - NCCL communicator buffers: 1 GiB.  Measured with PyTorch on four
 *    NVLinked A100s: 544 MB for a two-rank communicator after its first
 *    all-reduce, 688 MB for a larger one (NVIDIA/nccl#964); about 1.6 GB
 *    for one communicator and its all-reduce in NVIDIA/nccl#864.  A step
 *    keeps one or two large communicators busy (DP, and TP or EP), so
 *    1 GiB is between those figures.  Not counted: NCCL's intra-node
 *    all-to-all, measured at 3.3 GB more on 8 H100s when it connects 32
 *    channels per peer (NVIDIA/nccl#1685); Megatron's alltoall dispatcher
 *    uses it.  No public Megatron log gives the memory outside PyTorch
 *    (nvidia-smi against "max reserved") with its arguments, so these
 *    figures, not Megatron runs, set this part of the allowance;
 *  - the caching allocator's cache beyond what is allocated ("max reserved"
 *    − "max allocated"), from the churn of activations (model states are
 *    allocated once, in large buffers): 10 % of the activations and
 *    logits, as a run with room to spare logs it (Moonlight 16B: 40 GB
 *    reserved for 36.6 GB allocated).  It does not count against the fit:
 *    PyTorch frees its cache and retries before it reports out of memory,
 *    and with expandable segments (PYTORCH_CUDA_ALLOC_CONF=
 *    expandable_segments:True, which NVIDIA's recipes set) the cache maps
 *    and unmaps whole pages instead of splitting blocks. */
#define OVERHEAD_WORKSPACE     (96.0 * 1024.0 * 1024.0)
#define OVERHEAD_CUDA_CONTEXT  (0.5 * GIB)
#define OVERHEAD_NCCL          (1.0 * GIB)
#define OVERHEAD_FRAGMENTATION 0.10

void
planner_config_count_params (const PlannerConfig *config,
                             PlannerModelParams  *params)
{
  PlannerLayerParams p;
  double n_moe, n_dense, mtp_moe, mtp_dense;
  double dense_layer, moe_layer, moe_layer_active, mtp_block;

  g_return_if_fail (config != NULL);
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  planner_memory_layer_params (config, &p);
  n_moe = planner_config_count_moe_layers (config);
  n_dense = (double) config->num_layers - n_moe;
  mtp_moe = planner_memory_mtp_is_moe (config) ? config->mtp_num_layers : 0;
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
  /* The input embedding is a lookup, not a product; a tied table is still
   * multiplied by as the output layer, so it stays.  This reproduces the
   * active counts OpenAI publishes for gpt-oss (arXiv:2508.10925:
   * 3.6B and 5.1B), which leave the embedding out and keep the unembedding. */
  params->active_without_embedding = params->active -
                                     (config->untie_embeddings_and_output_weights ? params->embedding : 0.0);
}

const char *
planner_model_params_active_definition (void)
{
  return _("Active parameters are those one token passes through: attention, norms, the router, shared "
           "experts, its top-k routed experts, the input embedding and the output layer (so Mistral counts "
           "Mixtral's 12.9B). Without the input embedding, a lookup rather than a product, they are counted as "
           "OpenAI counts gpt-oss (3.6B and 5.1B).");
}

/* A catalogue model's parameters, counted on one GPU without parallelism
 * (the vocabulary padded to 128).  It lives here rather than in the
 * catalogue so that the catalogue depends on nothing that depends on it. */
gboolean
planner_model_count_params (const PlannerModel  *model,
                            PlannerModelParams  *params,
                            GError             **error)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  PlannerLayout layout = { 0, };
  PlannerConfig config;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  layout.world_size = layout.tp = layout.pp = layout.cp = layout.dp = 1;
  layout.ep = layout.etp = layout.expert_dp = layout.vpp = 1;
  layout.num_distributed_optimizer_instances = 1;

  planner_model_apply_to_args (model, args);
  if (!planner_config_init_from_args (&config, args, &layout, model->vocab_size, error))
    {
      /* The command line's words: a model's flags. */
      planner_words_fill_error (NULL, error != NULL ? *error : NULL);
      return FALSE;
    }
  planner_config_count_params (&config, params);
  planner_config_clear (&config);
  return TRUE;
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

  if (config->layout_stages > 0)
    {
      /* --pipeline-model-parallel-layout: virtual stage k lives on rank
       * k % pp; the first holds F layers, the last L, the others M. */
      guint32 count = 0;

      for (guint32 k = stage; k < config->layout_stages; k += pp)
        count += k == 0 ? config->layout_first
                 : k == config->layout_stages - 1 ? config->layout_last
                                                  : config->layout_middle;
      return count;
    }

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

/* The layers of virtual stage @k (chunk k / pp of rank k % pp): a layout
 * string says so per stage; otherwise a rank's layers split evenly over
 * its chunks, the embedding and loss (when the split counts them) in the
 * first and last chunk, as Megatron's layer offsets place them. */
guint32
planner_memory_chunk_layers (const PlannerConfig *config,
                             guint32              k)
{
  guint32 pp, vpp, rank, chunk, extra = 0, count;

  g_return_val_if_fail (config != NULL, 0);

  pp = MAX (config->layout.pp, 1);
  vpp = MAX (config->layout.vpp, 1);
  if (k >= pp * vpp)
    return 0;
  if (config->layout_stages > 0)
    return k >= config->layout_stages ? 0
           : k == 0 ? config->layout_first
           : k == config->layout_stages - 1 ? config->layout_last : config->layout_middle;

  rank = k % pp;
  chunk = k / pp;
  count = planner_memory_stage_layers (config, rank);
  if (vpp == 1)
    return count;
  if (config->decoder_first_pipeline_num_layers == 0 && config->decoder_last_pipeline_num_layers == 0 && pp > 1)
    {
      if (rank == 0 && chunk == 0 && config->account_for_embedding_in_pipeline_split)
        extra = 1;
      if (rank == pp - 1 && chunk == vpp - 1 && config->account_for_loss_in_pipeline_split)
        extra = 1;
      if (rank == 0 && config->account_for_embedding_in_pipeline_split)
        count++;
      if (rank == pp - 1 && config->account_for_loss_in_pipeline_split)
        count++;
    }
  count = split_even (count, vpp, chunk);
  return count > extra ? count - extra : 0;
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
guint32
planner_memory_stage_moe_layers (const PlannerConfig *c,
                                 guint32              stage,
                                 guint32              n_layers)
{
  guint32 count = 0;
  guint32 pp = MAX (c->layout.pp, 1);
  guint32 vpp = MAX (c->layout.vpp, 1);

  if (c->num_experts == 0 || c->moe_layer_pattern == NULL)
    return 0;

  if (c->layout_stages > 0)
    {
      for (guint32 k = stage; k < c->layout_stages; k += pp)
        {
          guint32 start = k == 0 ? 0 : c->layout_first + (k - 1) * c->layout_middle;
          guint32 n = k == 0 ? c->layout_first : k == c->layout_stages - 1 ? c->layout_last : c->layout_middle;

          for (guint32 l = 0; l < n; l++)
            count += planner_memory_layer_is_moe (c, start + l) ? 1 : 0;
        }
      return count;
    }

  if (vpp > 1 && c->decoder_first_pipeline_num_layers == 0 && c->decoder_last_pipeline_num_layers == 0 &&
      !c->account_for_embedding_in_pipeline_split && !c->account_for_loss_in_pipeline_split &&
      c->num_layers % (pp * vpp) == 0)
    {
      guint32 chunk = c->num_layers / (pp * vpp);

      for (guint32 j = 0; j < vpp; j++)
        for (guint32 l = 0; l < chunk; l++)
          count += planner_memory_layer_is_moe (c, (j * pp + stage) * chunk + l) ? 1 : 0;
      return count;
    }

  {
    guint32 first = stage_first_layer (c, stage);

    for (guint32 l = 0; l < n_layers; l++)
      count += planner_memory_layer_is_moe (c, first + l) ? 1 : 0;
  }
  return count;
}

/* A dtype size left 0 (a configuration filled by hand) means fp32. */
static double
dtype_or_fp32 (guint8 bytes)
{
  return bytes > 0 ? (double) bytes : 4.0;
}

/* Bytes per parameter of each model state on this GPU, before sharding. */
typedef struct
{
  double weight;          /* compute copy; FP8 GEMM weights below */
  double fp8_gemm_extra;  /* added per FP8 GEMM weight (cached casts, transposes) */
  double grad;            /* the gradient buffer */
  double optimizer;       /* master copy and the two Adam moments */
  /* What the optimizer step allocates besides, per parameter of this
   * rank's optimizer shard: for each parameter group at once (the largest
   * one counts), or for all the shard at once. */
  double step_group;
  double step_all;
} StateBytes;

static void
state_bytes (const PlannerConfig *c,
             StateBytes          *b)
{
  double master;

  memset (b, 0, sizeof *b);
  if (c->precision == PLANNER_PRECISION_FP32)
    {
      /* fp32 weights are their own master copy. */
      b->weight = 4.0;
      b->grad = 4.0;
      b->optimizer = dtype_or_fp32 (c->exp_avg_bytes) + dtype_or_fp32 (c->exp_avg_sq_bytes);
      return;
    }

  b->weight = 2.0;
  if (c->fp8)
    {
      /* Transformer Engine caches each FP8 GEMM weight between microbatches
       * with its transpose (one byte each; MXFP8 adds 1/32 for scales).
       * With --fp8-param-gather the FP8 copy is the parameter itself: its
       * data lives in the DDP buffer as uint8 (param_and_grad_buffer.py),
       * and on Hopper, whose FP8 GEMMs are TN only, TE keeps its transpose
       * too (fp8_utils.post_all_gather_processing makes it after every
       * gather; only Megatron-FSDP drops it, "number of parameters × 1
       * byte" per its README): 2 bytes per GEMM weight, as bf16.  The
       * main weights are the optimizer's fp32 shard (below), and the
       * embedding and output layer stay bf16. */
      double cast = c->fp8_recipe == PLANNER_FP8_RECIPE_MXFP8 ? 2.0 + 2.0 / 32.0 : 2.0;

      b->fp8_gemm_extra = c->fp8_param_gather ? cast - 2.0 : cast;
    }
  b->grad = dtype_or_fp32 (c->main_grads_bytes);

  /* The master copy: fp32 (or --main-params-dtype fp16).  With the
   * precision-aware optimizer Transformer Engine's FusedAdam holds it and,
   * for bf16 parameters and an fp32 master, stores only the 16 bits the
   * bf16 parameter does not already hold; MCore keeps its own fp32 master
   * instead when FP8 uses a recipe other than delayed (Megatron's
   * use_precision_aware_optimizer_no_fp8_or_ds_fp8). */
  master = dtype_or_fp32 (c->main_params_bytes);
  if (c->precision_aware_optimizer && c->precision == PLANNER_PRECISION_BF16 && master == 4.0 &&
      (!c->fp8 || c->fp8_recipe == PLANNER_FP8_RECIPE_DELAYED || c->optimizer_offload_fraction > 0.0))
    master = 2.0;
  b->optimizer = master + dtype_or_fp32 (c->exp_avg_bytes) + dtype_or_fp32 (c->exp_avg_sq_bytes);

  /* The step.  Megatron-FSDP and FSDP2 hand Adam their own shards (left
   * out here).  The precision-aware optimizer (Transformer Engine's
   * FusedAdam) unscales every moment kept in 16 or 8 bits, and a 16-bit
   * master it does not store as a remainder, into fp32 copies of a whole
   * parameter group before its kernel runs (get_unscaled_state).  Without
   * it, a 16-bit gradient buffer (--grad-reduce-in-bf16, FP16 without FP32
   * accumulation) reaches Adam as fp32 copies of the gradient shard
   * (the distributed optimizer's _copy_model_grads_to_main_grads:
   * shard_model_grad.float()), all held through the step. */
  if (c->fsdp == PLANNER_FSDP_NONE)
    {
      if (c->precision_aware_optimizer)
        b->step_group = (dtype_or_fp32 (c->exp_avg_bytes) < 4.0 ? 4.0 : 0.0) +
                        (dtype_or_fp32 (c->exp_avg_sq_bytes) < 4.0 ? 4.0 : 0.0) +
                        (dtype_or_fp32 (c->main_params_bytes) < 4.0 ? 4.0 : 0.0);
      else if (b->grad < 4.0)
        b->step_all = 4.0;
    }
}

/* How many ways each state is split across data-parallel ranks. */
typedef struct
{
  double weight;
  double grad;
  double optimizer;
} Shards;

static void
data_parallel_shards (const PlannerConfig *c,
                      gboolean             experts,
                      Shards              *s)
{
  double instances = (double) MAX (c->layout.num_distributed_optimizer_instances, 1);
  /* Dense parameters are replicated over dp·cp, experts over expert dp
   * (which already includes cp). */
  double group = experts ? (double) MAX (c->layout.expert_dp, 1)
                         : (double) MAX (c->layout.dp, 1) * (double) MAX (c->layout.cp, 1);

  s->weight = s->grad = s->optimizer = 1.0;
  switch (c->fsdp)
    {
    case PLANNER_FSDP_TORCH:
      s->weight = s->grad = s->optimizer = group;
      break;
    case PLANNER_FSDP_MEGATRON:
      if (c->fsdp_sharding >= PLANNER_SHARDING_OPTIM)
        s->optimizer = group;
      if (c->fsdp_sharding >= PLANNER_SHARDING_OPTIM_GRADS)
        s->grad = group;
      if (c->fsdp_sharding >= PLANNER_SHARDING_OPTIM_GRADS_PARAMS)
        s->weight = group;
      break;
    case PLANNER_FSDP_NONE:
    default:
      /* The distributed optimizer (and the layer-wise one) shard the
       * optimizer state over each of its instances. */
      if (c->use_distributed_optimizer || c->layer_wise_distributed_optimizer)
        s->optimizer = MAX (group / instances, 1.0);
      break;
    }
}

/* Transformer Engine's grouped GEMM (the experts' GroupedLinear) runs on
 * four cuBLAS streams, each with its own workspace (TE's
 * get_multi_stream_cublas_workspace), allocated once beside the one of
 * ordinary GEMMs: 32 MiB each from Hopper on, 4 MiB before. */
#define GROUPED_GEMM_STREAMS 4.0

/* --tp-comm-overlap: Transformer Engine's userbuffers (initialize_ub,
 * which Megatron calls with the layer input's full shape, sequence ×
 * micro-batch / CP by hidden) hold one communication buffer of that shape
 * for each overlapped GEMM of a layer: six all-gathers (one byte per
 * element under FP8, else bf16) and four reduce-scatters (bf16); the two
 * "external" weight-gradient overlaps borrow theirs.  The cuBLAS workspace
 * is tripled for the split GEMMs. */
#define UB_GATHERS   6.0
#define UB_SCATTERS  4.0
#define UB_STREAMS   3.0

static double
te_workspaces (const PlannerConfig         *c,
                         const PlannerMemoryEstimate *estimate)
{
  double cublas = estimate->cublas_workspace_bytes > 0 ? estimate->cublas_workspace_bytes : 4.0 * 1024.0 * 1024.0;
  double bytes = 0.0;

  if (c->moe_grouped_gemm)
    bytes += GROUPED_GEMM_STREAMS * cublas;
  if (c->tp_comm_overlap)
    {
      double shape = (double) c->seq_length * (double) c->micro_batch_size / (double) MAX (c->layout.cp, 1) *
                     (double) c->hidden_size;

      bytes += shape * (UB_GATHERS * (c->fp8 ? 1.0 : 2.0) + UB_SCATTERS * 2.0) + (UB_STREAMS - 1.0) * cublas;
    }
  return bytes;
}

static void
estimate_stage (const PlannerConfig          *c,
                const PlannerLayerParams     *p,
                const PlannerActivationSizes *a,
                guint32                       stage,
                const PlannerMemoryEstimate  *estimate,
                PlannerStageMemory           *out)
{
  guint32 pp = MAX (c->layout.pp, 1);
  gboolean first = stage == 0;
  gboolean last = stage == pp - 1;
  double tp = (double) c->layout.tp;
  double expert_split = (double) MAX (c->layout.etp, 1) * (double) MAX (c->layout.ep, 1);
  double n_layers, n_moe, n_dense, tp_params, rep_params, exp_params, gemm_params, exp_gemm, flight;
  double dense_unit, moe_unit, unit;
  double churn, replay;
  StateBytes bytes;
  Shards dense, expert;

  memset (out, 0, sizeof *out);
  out->stage = stage;
  out->num_layers = planner_memory_stage_layers (c, stage);
  n_layers = out->num_layers;
  n_moe = planner_memory_stage_moe_layers (c, stage, out->num_layers);
  n_dense = n_layers - n_moe;

  /* Parameters on this GPU: TP-sharded, replicated (norms, router) and
   * routed experts; the GEMM weights are the ones FP8 casts. */
  tp_params = ((p->attention + p->dense_mlp) * n_dense + (p->attention + p->shared_expert) * n_moe) / tp;
  rep_params = p->layernorms * n_dense +
               (p->layernorms + p->latent_projection + p->router + p->shared_gate) * n_moe;
  exp_params = p->routed_experts * n_moe / expert_split;
  gemm_params = tp_params + p->latent_projection * n_moe;
  dense_unit = (p->attention + p->dense_mlp) / tp + p->layernorms;
  moe_unit = (p->attention + p->shared_expert) / tp + p->layernorms + p->latent_projection + p->router;
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
          double block;

          /* Each MTP layer: a transformer layer, the 2h→h projection and three norms. */
          if (planner_memory_mtp_is_moe (c))
            {
              block = (p->attention + p->shared_expert) / tp;
              rep_params += mtp * (p->layernorms + p->latent_projection + p->router + p->shared_gate);
              exp_params += mtp * p->routed_experts / expert_split;
            }
          else
            {
              block = (p->attention + p->dense_mlp) / tp;
              rep_params += mtp * p->layernorms;
            }
          tp_params += mtp * (block + 2.0 * h * h / tp);
          gemm_params += mtp * (block + 2.0 * h * h / tp);
          rep_params += mtp * 3.0 * p->norm_size * h;
        }
    }
  exp_gemm = exp_params;
  out->dense_params = tp_params + rep_params;
  out->expert_params = exp_params;

  state_bytes (c, &bytes);
  data_parallel_shards (c, FALSE, &dense);
  data_parallel_shards (c, TRUE, &expert);

  out->bytes[PLANNER_MEMORY_WEIGHTS] =
    (tp_params + rep_params) * bytes.weight / dense.weight + exp_params * bytes.weight / expert.weight +
    (gemm_params / dense.weight + exp_gemm / expert.weight) * bytes.fp8_gemm_extra;
  out->expert_weight_bytes = exp_params * bytes.weight / expert.weight + exp_gemm / expert.weight * bytes.fp8_gemm_extra;
  out->bytes[PLANNER_MEMORY_GRADIENTS] =
    (tp_params + rep_params) * bytes.grad / dense.grad + exp_params * bytes.grad / expert.grad;
  out->bytes[PLANNER_MEMORY_OPTIMIZER] =
    ((tp_params + rep_params) * bytes.optimizer / dense.optimizer +
     exp_params * bytes.optimizer / expert.optimizer) * (1.0 - c->optimizer_offload_fraction);

  /* FSDP gathers a layer's weights before it runs and keeps its full
   * gradient until reduced; with prefetching two layers are whole at once. */
  unit = MAX (n_dense > 0 ? dense_unit : 0.0, n_moe > 0 ? moe_unit + p->routed_experts / expert_split : 0.0);
  if (dense.weight > 1.0 || expert.weight > 1.0)
    out->bytes[PLANNER_MEMORY_WEIGHTS] += 2.0 * unit * (bytes.weight + bytes.fp8_gemm_extra);
  if (dense.grad > 1.0 || expert.grad > 1.0)
    out->bytes[PLANNER_MEMORY_GRADIENTS] += 2.0 * unit * bytes.grad;

  /* The optimizer step: the states and what the step allocates, the
   * activations long gone.  Dense and expert parameters are separate
   * optimizers (and parameter groups) in Megatron. */
  {
    double dense_shard = (tp_params + rep_params) / dense.optimizer;
    double expert_shard = exp_params / expert.optimizer;

    out->optimizer_step_bytes = (bytes.step_all * (dense_shard + expert_shard) +
                                 bytes.step_group * MAX (dense_shard, expert_shard)) *
                                (1.0 - c->optimizer_offload_fraction);
  }

  flight = planner_memory_in_flight (c, stage);
  out->in_flight = flight;
  replay = planner_memory_recompute_replay (c, a, n_dense, n_moe);
  out->bytes[PLANNER_MEMORY_ACTIVATIONS] = planner_memory_layer_activations (c, a, n_dense, n_moe, flight) +
                                           a->global_buffers;
  if (first)
    out->bytes[PLANNER_MEMORY_ACTIVATIONS] += a->embedding * flight;
  if (last)
    {
      double mtp = (double) c->mtp_num_layers;

      /* The last stage runs the loss right after its forward: one
       * microbatch.  Its buffers are gone before any layer is recomputed
       * in backward, so the two peaks do not add. */
      out->bytes[PLANNER_MEMORY_LOGITS] = a->logits * (1.0 + mtp);
      replay = MAX (replay - out->bytes[PLANNER_MEMORY_LOGITS], 0.0);
      if (mtp > 0)
        out->bytes[PLANNER_MEMORY_ACTIVATIONS] +=
          mtp * (planner_memory_mtp_is_moe (c) ? a->moe_layer : a->dense_layer) + mtp * 2.0 * a->layer_input;
    }
  out->bytes[PLANNER_MEMORY_ACTIVATIONS] += replay;

  /* The peak is the larger of the backward's (states, activations,
   * logits) and the optimizer step's (states and the step's copies). */
  if (out->optimizer_step_bytes > out->bytes[PLANNER_MEMORY_ACTIVATIONS] + out->bytes[PLANNER_MEMORY_LOGITS])
    out->bytes[PLANNER_MEMORY_OPTIMIZER] += out->optimizer_step_bytes - out->bytes[PLANNER_MEMORY_ACTIVATIONS] -
                                            out->bytes[PLANNER_MEMORY_LOGITS];

  /* Outside the tensors: workspaces inside PyTorch's allocator and what
   * CUDA and NCCL hold outside it.  The allocator's cache on top of the
   * allocated bytes (from the churn of activations, not from the model
   * states allocated once at start-up) is what "max reserved" shows; it is
   * given back before an out-of-memory error, so the fit leaves it out. */
  churn = out->bytes[PLANNER_MEMORY_ACTIVATIONS] + out->bytes[PLANNER_MEMORY_LOGITS];
  out->allocated_bytes = estimate->workspace_bytes + te_workspaces (c, estimate);
  for (guint i = 0; i < PLANNER_MEMORY_OVERHEAD; i++)
    out->allocated_bytes += out->bytes[i];
  out->reserved_bytes = out->allocated_bytes + estimate->fragmentation_fraction * churn;
  out->bytes[PLANNER_MEMORY_OVERHEAD] = estimate->workspace_bytes + te_workspaces (c, estimate) +
                                        estimate->cuda_context_bytes + estimate->nccl_bytes;

  out->dominant = PLANNER_MEMORY_WEIGHTS;
  for (guint i = 0; i < PLANNER_N_MEMORY_COMPONENTS; i++)
    {
      out->total_bytes += out->bytes[i];
      if (out->bytes[i] > out->bytes[out->dominant])
        out->dominant = (PlannerMemoryComponent) i;
    }
  out->headroom_bytes = estimate->capacity_bytes - out->total_bytes;
}

static void
estimate_init (const PlannerGpu      *gpu,
               PlannerMemoryEstimate *out)
{
  memset (out, 0, sizeof *out);
  out->cuda_context_bytes = OVERHEAD_CUDA_CONTEXT;
  out->nccl_bytes = OVERHEAD_NCCL;
  out->workspace_bytes = OVERHEAD_WORKSPACE;
  out->fragmentation_fraction = OVERHEAD_FRAGMENTATION;
  out->capacity_bytes = gpu != NULL ? (double) gpu->memory_bytes : 0.0;
  /* TE's cuBLAS workspace: 32 MiB (and 256 bytes of scales) from compute
   * capability 9.0 on, 4 MiB before (get_cublas_workspace_size_bytes). */
  out->cublas_workspace_bytes = gpu != NULL && gpu->compute_capability_major >= 9 ? 32.0 * 1024.0 * 1024.0 + 256.0
                                                                                   : 4.0 * 1024.0 * 1024.0;
}

static gboolean
config_is_computable (const PlannerConfig *config)
{
  return config->num_layers > 0 && config->hidden_size > 0 && config->num_attention_heads > 0 &&
         config->layout.tp > 0 && config->layout.pp > 0 && config->layout.cp > 0;
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
  if (c->fsdp != PLANNER_FSDP_NONE)
    diff |= PLANNER_MEMORY_DIFF_SHARDING;
  if (c->precision_aware_optimizer)
    diff |= PLANNER_MEMORY_DIFF_OPTIMIZER_PRECISION;
  if (c->optimizer_offload_fraction > 0.0 || c->cpu_offloading_num_layers > 0)
    diff |= PLANNER_MEMORY_DIFF_OFFLOAD;
  if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE && c->recompute_modules != PLANNER_RECOMPUTE_MODULE_CORE_ATTN)
    diff |= PLANNER_MEMORY_DIFF_RECOMPUTE_MODULES;
  return diff;
}

/* The middle stage that stands for all of them: pp / 2, unless another
 * holds more layers (an uneven split or a layout), as the schedule shows. */
static guint32
heaviest_middle_stage (const PlannerConfig *config)
{
  guint32 pp = config->layout.pp, pick = pp / 2;
  guint32 most = planner_memory_stage_layers (config, pick);

  for (guint32 s = 1; s + 1 < pp; s++)
    {
      guint32 layers = planner_memory_stage_layers (config, s);

      if (layers > most)
        {
          most = layers;
          pick = s;
        }
    }
  return pick;
}

void
planner_memory_estimate (const PlannerConfig   *config,
                         const PlannerGpu      *gpu,
                         PlannerMemoryEstimate *out)
{
  PlannerLayerParams p;
  PlannerActivationSizes a;
  PlannerMegatronMemory megatron;
  guint32 pp, picks[3];
  guint n_picks = 0;

  g_return_if_fail (config != NULL);
  g_return_if_fail (out != NULL);

  estimate_init (gpu, out);
  if (!config_is_computable (config))
    return;

  planner_memory_layer_params (config, &p);
  planner_memory_activation_sizes (config, &a);

  pp = config->layout.pp;
  picks[n_picks++] = 0;
  if (pp >= 3)
    picks[n_picks++] = heaviest_middle_stage (config);
  if (pp >= 2)
    picks[n_picks++] = pp - 1;

  out->n_stages = n_picks;
  out->fits = TRUE;
  for (guint i = 0; i < n_picks; i++)
    {
      PlannerStageMemory *stage = &out->stages[i];

      estimate_stage (config, &p, &a, picks[i], out, stage);
      stage->fits = gpu != NULL && stage->headroom_bytes >= 0.0;
      if (!stage->fits)
        out->fits = FALSE;
      if (stage->total_bytes > out->stages[out->worst].total_bytes)
        out->worst = i;
    }

  planner_memory_megatron (config, &megatron);
  out->megatron_total_bytes = megatron.total_bytes;
  out->megatron_weights_only = megatron.weights_only;
  if (megatron.weights_only)
    {
      const double *bytes = out->stages[0].bytes;

      /* Like for like: the release printed the weights and optimizer only. */
      out->difference_bytes = bytes[PLANNER_MEMORY_WEIGHTS] + bytes[PLANNER_MEMORY_GRADIENTS] +
                              bytes[PLANNER_MEMORY_OPTIMIZER] - megatron.total_bytes;
    }
  else
    out->difference_bytes = out->stages[0].total_bytes - megatron.total_bytes;
  out->difference = memory_differences (config);
}

gboolean
planner_memory_estimate_stage (const PlannerConfig *config,
                               const PlannerGpu    *gpu,
                               guint32              stage,
                               PlannerStageMemory  *out)
{
  PlannerMemoryEstimate estimate;
  PlannerLayerParams p;
  PlannerActivationSizes a;

  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  estimate_init (gpu, &estimate);
  if (!config_is_computable (config) || stage >= config->layout.pp)
    return FALSE;

  planner_memory_layer_params (config, &p);
  planner_memory_activation_sizes (config, &a);
  estimate_stage (config, &p, &a, stage, &estimate, out);
  out->fits = gpu != NULL && out->headroom_bytes >= 0.0;
  return TRUE;
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

/* The same names as words for people, translated. */
const char *
planner_memory_component_label (PlannerMemoryComponent component)
{
  switch (component)
    {
    case PLANNER_MEMORY_WEIGHTS:
      return _("weights");
    case PLANNER_MEMORY_GRADIENTS:
      return _("gradients");
    case PLANNER_MEMORY_OPTIMIZER:
      return _("optimizer");
    case PLANNER_MEMORY_ACTIVATIONS:
      return _("activations");
    case PLANNER_MEMORY_LOGITS:
      return _("logits");
    case PLANNER_MEMORY_OVERHEAD:
      return _("overhead");
    case PLANNER_N_MEMORY_COMPONENTS:
    default:
      return _("unknown");
    }
}

char *
planner_memory_diff_describe (PlannerMemoryDiff difference)
{
  static const struct
  {
    PlannerMemoryDiff bit;
    const char       *text;   /* N_(): translated where it is joined */
  } reasons[] = {
    { PLANNER_MEMORY_DIFF_CP_IGNORED,
      N_("Megatron's formula ignores context parallelism: it neither splits the sequence over CP nor shards the optimizer over dp·cp.") },
    { PLANNER_MEMORY_DIFF_MOE_ROUTING,
      N_("Megatron's activation formula ignores MoE routing: each token's activations are held topk times in the experts.") },
    { PLANNER_MEMORY_DIFF_EXPERT_SHARDING,
      N_("Expert tensor × expert parallel differs from TP, so expert activations split differently from Megatron's TP-only formula.") },
    { PLANNER_MEMORY_DIFF_FULL_RECOMPUTE,
      N_("Megatron's formula ignores full recompute, which keeps only layer inputs.") },
    { PLANNER_MEMORY_DIFF_GQA,
      N_("Megatron's formula sizes K and V like Q; grouped-query or latent attention stores less.") },
    { PLANNER_MEMORY_DIFF_OUTPUT_LAYER,
      N_("Megatron describes the first pipeline stage only; the last stage also holds the output layer and the logits.") },
    { PLANNER_MEMORY_DIFF_OVERHEAD,
      /* xgettext:no-c-format */
      N_("The planner adds memory outside the model's tensors: 96 MiB of workspaces, the CUDA context (0.5 GiB) and NCCL buffers (1 GiB); the allocator's cache (reserved beyond allocated, about 10 % of the activations) is given back before an out-of-memory error.") },
    { PLANNER_MEMORY_DIFF_SHARDING,
      N_("Megatron's formula knows only the distributed optimizer; FSDP also shards gradients or weights, and gathers two layers' worth while they run.") },
    { PLANNER_MEMORY_DIFF_OPTIMIZER_PRECISION,
      N_("The precision-aware optimizer keeps lower-precision moments or master weights than the formula's 12 bytes per parameter.") },
    { PLANNER_MEMORY_DIFF_OFFLOAD,
      N_("Part of the optimizer state or of the activations lives in host memory (CPU offloading).") },
    { PLANNER_MEMORY_DIFF_RECOMPUTE_MODULES,
      N_("The selective recompute modules chosen drop other activations than the core attention the formula assumes.") },
    { PLANNER_MEMORY_DIFF_PRECISION,
      N_("Megatron assumes 18 bytes per parameter (bf16 weights, fp32 gradients and Adam); this job's precision settings differ.") },
    { PLANNER_MEMORY_DIFF_ATTENTION_SCORES,
      N_("Without flash or fused attention the s×s attention scores are stored; Megatron's formula leaves them out.") },
  };
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
    if (difference & reasons[i].bit)
      {
        if (text->len > 0)
          g_string_append_c (text, '\n');
        g_string_append (text, _(reasons[i].text));
      }
  return g_string_free (text, FALSE);
}
