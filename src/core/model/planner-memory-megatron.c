/* planner-memory-megatron.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Megatron's own theoretical_memory_usage (facts §4), as the job's release
 * computes it: megatron/training/theoretical_memory_usage.py and its
 * caller report_theoretical_memory, read at each release's commit.
 */

#define G_LOG_DOMAIN "planner-memory"

#include "config.h"

#include "planner-memory.h"
#include "planner-memory-private.h"
#include "planner-release.h"

#include <string.h>

static double
bytes_per_param (const PlannerConfig *c,
                 double               d)
{
  if (!c->use_distributed_optimizer)
    return 18.0;
  return 6.0 + 12.0 / MAX (d, 1.0);
}

/* The parameters of the transformer block, of the MTP block and of the
 * embedding, split by how a rank holds them. */
typedef struct
{
  double tp_block, rep_block, exp_block;
  double tp_mtp, rep_mtp, exp_mtp;
} Blocks;

static void
count_blocks (const PlannerConfig      *c,
              const PlannerLayerParams *p,
              Blocks                   *b)
{
  double n_moe = planner_config_count_moe_layers (c);
  double n_dense = (double) c->num_layers - n_moe;
  double mtp_moe = planner_memory_mtp_is_moe (c) ? c->mtp_num_layers : 0;
  double mtp_dense = (double) c->mtp_num_layers - mtp_moe;

  b->tp_block = (p->attention + p->dense_mlp) * n_dense + (p->attention + p->shared_expert) * n_moe;
  b->rep_block = p->layernorms * n_dense +
                 (p->layernorms + p->latent_projection + p->router + p->shared_gate) * n_moe +
                 p->final_layernorm;
  b->exp_block = p->routed_experts * n_moe;
  b->tp_mtp = (p->attention + p->dense_mlp) * mtp_dense + (p->attention + p->shared_expert) * mtp_moe;
  b->rep_mtp = p->layernorms * mtp_dense +
               (p->layernorms + p->latent_projection + p->router + p->shared_gate) * mtp_moe;
  b->exp_mtp = p->routed_experts * mtp_moe;
}

/* compute_weight_and_optimizer_memory of 0.18.2 and newer: the most loaded
 * shard holds 1/pp of the block, the whole MTP block and the input
 * embedding (the output layer too when pp == 1); norms, the router and the
 * gates are whole on every rank, routed experts split over etp·ep and
 * sharded by the optimizer over the expert data-parallel ranks. */
static void
weights_by_kind (const PlannerConfig      *c,
                 const PlannerLayerParams *p,
                 PlannerMegatronMemory    *out)
{
  Blocks b;
  double tp = (double) c->layout.tp, pp = (double) c->layout.pp;
  double tp_shard, rep_shard, exp_shard;

  count_blocks (c, p, &b);
  tp_shard = (b.tp_block / pp + b.tp_mtp + p->embedding) / tp;
  rep_shard = b.rep_block / pp + b.rep_mtp;
  exp_shard = (b.exp_block / pp + b.exp_mtp) /
              ((double) MAX (c->layout.etp, 1) * (double) MAX (c->layout.ep, 1));
  if (c->untie_embeddings_and_output_weights && c->layout.pp == 1)
    tp_shard += p->embedding / tp;

  out->params_on_most_loaded_shard = tp_shard + rep_shard + exp_shard;
  out->weight_and_optimizer_bytes = (tp_shard + rep_shard) * bytes_per_param (c, (double) c->layout.dp) +
                                    exp_shard * bytes_per_param (c, (double) c->layout.expert_dp);
}

/* The same function up to 0.17.1: every parameter of the shard, experts
 * and norms included, is divided by TP and sharded over the data-parallel
 * ranks. */
static void
weights_by_tp (const PlannerConfig      *c,
               const PlannerLayerParams *p,
               PlannerMegatronMemory    *out)
{
  Blocks b;
  double tp = (double) c->layout.tp, pp = (double) c->layout.pp;
  double block, mtp, shard;

  count_blocks (c, p, &b);
  block = b.tp_block + b.rep_block + b.exp_block;
  mtp = b.tp_mtp + b.rep_mtp + b.exp_mtp;
  shard = (block / pp + mtp + p->embedding) / tp;
  if (c->untie_embeddings_and_output_weights && c->layout.pp == 1)
    shard += p->embedding / tp;

  out->params_on_most_loaded_shard = shard;
  out->weight_and_optimizer_bytes = shard * bytes_per_param (c, (double) c->layout.dp);
}

/* The in-flight factor.  validate_args drops a virtual degree of 1 from
 * 0.14.0; before, a given one stays and counts as interleaved. */
static double
pipeline_factor (const PlannerConfig *c)
{
  double pp = (double) c->layout.pp;

  if (c->layout.vpp > 1 ||
      (c->virtual_stages_given && !planner_release_at_least (c->megatron_version, "0.14.0")))
    return 1.0 + (pp - 1.0) / (pp * (double) c->layout.vpp);
  if (c->layout.pp > 1)
    return MIN (1.0, (double) c->num_microbatches / pp);
  return 1.0;
}

/* compute_activation_memory (Korthikanti et al.'s Table 2, with sequence
 * parallelism and selective recompute), the same in every release. */
static double
activations_with_sp (const PlannerConfig *c)
{
  double s = (double) c->seq_length, b = (double) c->micro_batch_size, h = (double) c->hidden_size;
  double tp = (double) c->layout.tp, pp = (double) c->layout.pp;
  double act;

  act = s * b * h * (18.0 + 4.0 * ((double) c->ffn_hidden_size / h));
  act *= (double) c->num_layers;
  act += 8.0 * s * b * pp;
  act += s * b * h * pp;
  act *= pipeline_factor (c);
  if (c->layout.pp == 1)
    act += s * b * h * 4.0 * (1.0 + (double) c->padded_vocab_size / h);
  return act / tp;
}

/* compute_activation_memory_without_sp, from 0.15.3. */
static double
activations_without_sp (const PlannerConfig *c)
{
  double s = (double) c->seq_length, b = (double) c->micro_batch_size, h = (double) c->hidden_size;
  double tp = (double) c->layout.tp, pp = (double) c->layout.pp;
  double act;

  act = s * b * h * (10.0 + 24.0 / tp);
  act *= (double) c->num_layers;
  act += 8.0 * s * b * pp;
  act += s * b * h * pp;
  act *= pipeline_factor (c);
  if (c->layout.pp == 1)
    act += (s * b * (double) c->padded_vocab_size / tp + s * b * h) * 2.0;
  return act * 1.05;
}

void
planner_memory_megatron (const PlannerConfig   *config,
                         PlannerMegatronMemory *out)
{
  const char *release;
  PlannerLayerParams p;

  g_return_if_fail (config != NULL);
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  if (config->num_layers == 0 || config->hidden_size == 0 || config->num_attention_heads == 0 ||
      config->layout.tp == 0 || config->layout.pp == 0)
    return;

  release = config->megatron_version;
  planner_memory_megatron_layer_params (config, release, &p);
  if (planner_release_at_least (release, "0.18.2"))
    weights_by_kind (config, &p, out);
  else
    weights_by_tp (config, &p, out);

  /* report_theoretical_memory's choice; up to 0.14.0 it prints the weights
   * and optimizer alone when it has no formula for the job. */
  out->used_sp_formula = config->sequence_parallel && config->recompute == PLANNER_RECOMPUTE_SELECTIVE;
  if (out->used_sp_formula)
    out->activation_bytes = activations_with_sp (config);
  else if (planner_release_at_least (release, "0.15.3"))
    out->activation_bytes = activations_without_sp (config);
  else
    out->weights_only = TRUE;
  out->total_bytes = out->weight_and_optimizer_bytes + out->activation_bytes;
}
