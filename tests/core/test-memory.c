/* test-memory.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-test-util.h"

#include <math.h>
#include <string.h>

#include "planner-catalog.h"
#include "planner-memory.h"
#include "planner-memory-private.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static void
set_int (PlannerArgs *args,
         const char  *dest,
         const char  *flag,
         guint64      value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  planner_args_set (args, dest, flag, text);
}

/* A dense GPT, SP + selective recompute: Megatron's SP formula.
 * By hand (facts §4): h 1024, 24 layers, 16 heads, F 4096, LayerNorm,
 * V 50257 → 50432 at tp 2, tp 2 pp 2 dp 2, distributed optimizer,
 * s 1024, b 2, M 16/(2·2) = 4.
 *   attn 4h² = 4194304, mlp 2hF = 8388608, norms 4h = 4096, hV = 51642368
 *   TP-sharded: ((attn+mlp)·24/2 + hV)/2 = 101318656
 *   replicated: (4096·24 + 2048)/2 = 50176
 *   × (6 + 12/2) bytes = 1216425984
 *   activations: sbh·34·24 + 8·s·b·pp + sbh·pp = 1715503104, ×min(1,4/2), ÷2 = 857751552 */
static void
test_megatron_dense (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;
  PlannerLayout layout = planner_test_layout (8, 2, 2, 1, 1, 0, 0);
  PlannerConfig config;
  PlannerMegatronMemory m;

  planner_args_set (args, "num_layers", "--num-layers", "24");
  planner_args_set (args, "hidden_size", "--hidden-size", "1024");
  planner_args_set (args, "num_attention_heads", "--num-attention-heads", "16");
  planner_args_set (args, "seq_length", "--seq-length", "1024");
  planner_args_set (args, "max_position_embeddings", "--max-position-embeddings", "1024");
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "2");
  planner_args_set (args, "global_batch_size", "--global-batch-size", "16");
  planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  planner_args_set_bool (args, "recompute_activations", "--recompute-activations", TRUE);
  planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  g_assert_true (planner_config_init_from_args (&config, args, &layout, 0, &error));
  g_assert_no_error (error);

  planner_memory_megatron (&config, &m);
  g_assert_true (m.used_sp_formula);
  planner_test_assert_rel (m.weight_and_optimizer_bytes, 1216425984.0, 1e-9);
  planner_test_assert_rel (m.activation_bytes, 857751552.0, 1e-9);
  planner_test_assert_rel (m.total_bytes, 1216425984.0 + 857751552.0, 1e-9);

  /* Without SP (selective alone is not enough): the non-SP formula.
   * sbh(10 + 24/2)·24 + 8·s·b·pp + sbh·pp = 1111523328, × 1.05 */
  config.sequence_parallel = FALSE;
  planner_memory_megatron (&config, &m);
  g_assert_false (m.used_sp_formula);
  planner_test_assert_rel (m.activation_bytes, 1111523328.0 * 1.05, 1e-9);

  /* Interleaved: × (1 + (pp−1)/(pp·vpp)) = 1.25 with vpp 2. */
  config.layout.vpp = 2;
  planner_memory_megatron (&config, &m);
  planner_test_assert_rel (m.activation_bytes, 1111523328.0 * 1.25 * 1.05, 1e-9);
  planner_config_clear (&config);
}

/* MoE, pp 1, untied, no SP: h 512, 4 layers (freq 2: layers 0 and 2 MoE),
 * 8 heads, 2 groups, kv 64, F 1024 SwiGLU, RMSNorm, no bias, 8 experts,
 * world 8, tp 1, ep 4, etp 1 → dp 8, expert dp 2; V 1000 → 1024.
 *   attn 2h²(1+2/8) = 655360, dense mlp 2·h·F·1.5 = 1572864,
 *   routed 2·h·F·8·1.5 = 12582912, norms 1024, router 4096, hV 524288
 *   TP-sharded: (655360+1572864)·2 + 655360·2 + hV + hV (untied, pp 1) = 6815744
 *   replicated: 1024·2 + (1024+4096)·2 + 512 = 12800
 *   experts: 12582912·2 / 4 = 6291456
 *   bytes: (6815744 + 12800)·(6 + 12/8) + 6291456·(6 + 12/2) = 126711552
 *   activations: (sbh·34·4 + 8·256 + sbh + (256·1024 + sbh)·2)·1.05 = 19682611.2 */
static void
test_megatron_moe (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;
  PlannerLayout layout = planner_test_layout (8, 1, 1, 1, 4, 1, 0);
  PlannerConfig config;
  PlannerMegatronMemory m;

  planner_args_set (args, "num_layers", "--num-layers", "4");
  planner_args_set (args, "hidden_size", "--hidden-size", "512");
  planner_args_set (args, "num_attention_heads", "--num-attention-heads", "8");
  planner_args_set_bool (args, "group_query_attention", "--group-query-attention", TRUE);
  planner_args_set (args, "num_query_groups", "--num-query-groups", "2");
  planner_args_set (args, "ffn_hidden_size", "--ffn-hidden-size", "1024");
  planner_args_set_bool (args, "swiglu", "--swiglu", TRUE);
  planner_args_set (args, "normalization", "--normalization", "RMSNorm");
  planner_args_set_bool (args, "add_bias_linear", "--disable-bias-linear", FALSE);
  planner_args_set_bool (args, "untie_embeddings_and_output_weights",
                         "--untie-embeddings-and-output-weights", TRUE);
  planner_args_set (args, "num_experts", "--num-experts", "8");
  planner_args_set (args, "moe_layer_freq", "--moe-layer-freq", "2");
  planner_args_set (args, "seq_length", "--seq-length", "256");
  planner_args_set (args, "vocab_size", "--vocab-size", "1000");
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "1");
  planner_args_set (args, "global_batch_size", "--global-batch-size", "8");
  planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  g_assert_true (planner_config_init_from_args (&config, args, &layout, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.layout.expert_dp, ==, 2);

  planner_memory_megatron (&config, &m);
  planner_test_assert_rel (m.weight_and_optimizer_bytes, 126711552.0, 1e-9);
  planner_test_assert_rel (m.activation_bytes, 19682611.2, 1e-9);
  planner_test_assert_rel (m.total_bytes, 126711552.0 + 19682611.2, 1e-9);
  planner_test_assert_rel (m.params_on_most_loaded_shard, 6815744.0 + 12800.0 + 6291456.0, 1e-12);

  /* Without the distributed optimizer: 18 bytes for everything. */
  config.use_distributed_optimizer = FALSE;
  planner_memory_megatron (&config, &m);
  planner_test_assert_rel (m.weight_and_optimizer_bytes, (6815744.0 + 12800.0 + 6291456.0) * 18.0, 1e-9);
  planner_config_clear (&config);
}

static void
test_stage_layers (void)
{
  PlannerConfig config = { 0, };

  config.num_layers = 126;
  config.layout = planner_test_layout (1024, 8, 8, 2, 1, 0, 0);
  /* 126 + 2 = 128 over 8 stages: 15, 16 × 6, 15. */
  config.account_for_embedding_in_pipeline_split = TRUE;
  config.account_for_loss_in_pipeline_split = TRUE;
  g_assert_cmpuint (planner_memory_stage_layers (&config, 0), ==, 15);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 3), ==, 16);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 7), ==, 15);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 8), ==, 0);

  config.account_for_embedding_in_pipeline_split = FALSE;
  config.account_for_loss_in_pipeline_split = FALSE;
  config.decoder_first_pipeline_num_layers = 14;
  config.decoder_last_pipeline_num_layers = 16;
  /* (126 − 30) / 6 = 16 in the middle. */
  g_assert_cmpuint (planner_memory_stage_layers (&config, 0), ==, 14);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 4), ==, 16);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 7), ==, 16);
}

typedef struct
{
  const char *model;
  const char *gpu;
  guint32     world, tp, pp, cp, ep, vpp;
  guint32     seq, micro, global;
  gboolean    sp, dist_opt, recompute_selective, account, bf16_grads, fp8;
  gboolean    fits;
  PlannerMemoryComponent dominant;   /* checked when it does not fit */
} Scenario;

static void
run_scenario (const Scenario        *sc,
              PlannerMemoryEstimate *est)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;
  const PlannerModel *model = planner_model_lookup (sc->model);
  const PlannerGpu *gpu = planner_gpu_lookup (sc->gpu);
  PlannerLayout layout = planner_test_layout (sc->world, sc->tp, sc->pp, sc->cp, sc->ep, 1, sc->vpp);
  PlannerConfig config;

  g_assert_nonnull (model);
  g_assert_nonnull (gpu);
  if (sc->ep == 1)
    {
      layout.etp = sc->tp;
      layout.expert_dp = layout.dp * layout.cp;
    }
  planner_model_apply_to_args (model, args);
  set_int (args, "seq_length", "--seq-length", sc->seq);
  set_int (args, "micro_batch_size", "--micro-batch-size", sc->micro);
  set_int (args, "global_batch_size", "--global-batch-size", sc->global);
  planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  if (sc->sp)
    planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  if (sc->dist_opt)
    planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  if (sc->recompute_selective)
    planner_args_set_bool (args, "recompute_activations", "--recompute-activations", TRUE);
  if (sc->account)
    {
      planner_args_set_bool (args, "account_for_embedding_in_pipeline_split",
                             "--account-for-embedding-in-pipeline-split", TRUE);
      planner_args_set_bool (args, "account_for_loss_in_pipeline_split",
                             "--account-for-loss-in-pipeline-split", TRUE);
    }
  if (sc->bf16_grads)
    planner_args_set_bool (args, "grad_reduce_in_bf16", "--grad-reduce-in-bf16", TRUE);
  if (sc->fp8)
    planner_args_set (args, "fp8", "--fp8-format", "hybrid");
  g_assert_true (planner_config_init_from_args (&config, args, &layout, model->vocab_size, &error));
  g_assert_no_error (error);

  planner_memory_estimate (&config, gpu, est);
  for (guint i = 0; i < est->n_stages; i++)
    {
      const PlannerStageMemory *st = &est->stages[i];

      g_test_message ("%s %s stage %u (%u layers, %.2f in flight): weights %.1f grads %.1f opt %.1f "
                      "act %.1f logits %.1f overhead %.1f = %.1f GiB of %.1f",
                      sc->model, sc->gpu, st->stage, st->num_layers, st->in_flight,
                      st->bytes[0] / GIB, st->bytes[1] / GIB, st->bytes[2] / GIB, st->bytes[3] / GIB,
                      st->bytes[4] / GIB, st->bytes[5] / GIB, st->total_bytes / GIB,
                      est->capacity_bytes / GIB);
      g_assert_true (isfinite (st->total_bytes) && st->total_bytes > 0);
    }
  g_test_message ("Megatron's figure %.1f GiB", est->megatron_total_bytes / GIB);

  if (est->fits != sc->fits)
    g_error ("%s on %s: expected %s", sc->model, sc->gpu, sc->fits ? "to fit" : "not to fit");
  if (!sc->fits)
    g_assert_cmpint (est->stages[est->worst].dominant, ==, sc->dominant);
  planner_config_clear (&config);
}

static void
test_realism (void)
{
  static const Scenario scenarios[] = {
    /* Llama 3.1 405B, TP 8 PP 16 CP 2, 1024 H100 */
    { "llama3.1-405b", "h100-sxm", 1024, 8, 16, 2, 1, 0, 8192, 1, 512, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 0 },
    /* The README's FP8 405B row: TP 8 PP 8 CP 2 VP 8 (126 + 2 layers) */
    { "llama3.1-405b", "h100-sxm", 1024, 8, 8, 2, 1, 8, 8192, 1, 512, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, 0 },
    /* facts §6: LLaMA-3 70B TP 4 PP 8 VP 5 on 64 H100 */
    { "llama3-70b", "h100-sxm", 64, 4, 8, 1, 1, 5, 8192, 1, 128, TRUE, TRUE, FALSE, FALSE, TRUE, TRUE, TRUE, 0 },
    /* facts §6: LLaMA-3 8B TP 1 PP 1 CP 2 on 8 H100 */
    { "llama3-8b", "h100-sxm", 8, 1, 1, 2, 1, 0, 8192, 1, 128, FALSE, TRUE, FALSE, FALSE, TRUE, TRUE, TRUE, 0 },
    /* GPT-3 175B TP 8 PP 16 on A100 80GB (examples/gpt3) */
    { "gpt3-175b", "a100-80gb", 1024, 8, 16, 1, 1, 0, 2048, 1, 1536, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 0 },
    /* Mixtral 8x7B TP 1 PP 4 EP 8 on 32 H100 (examples/mixtral) */
    { "mixtral-8x7b", "h100-sxm", 32, 1, 4, 1, 8, 0, 4096, 1, 256, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 0 },
    /* A 70B model without model parallelism cannot fit 80 GB. */
    { "llama3-70b", "h100-sxm", 8, 1, 1, 1, 1, 0, 8192, 1, 128, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE,
      PLANNER_MEMORY_GRADIENTS },
    { "llama2-70b", "a100-80gb", 8, 1, 1, 1, 1, 0, 4096, 1, 128, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE,
      PLANNER_MEMORY_OPTIMIZER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      PlannerMemoryEstimate est;

      run_scenario (&scenarios[i], &est);
    }
}

static void
test_estimate_details (void)
{
  static const Scenario sc = {
    "llama3-8b", "h100-sxm", 16, 2, 4, 2, 1, 0, 8192, 1, 64, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 0
  };
  PlannerMemoryEstimate est;
  g_autofree char *why = NULL;

  run_scenario (&sc, &est);
  g_assert_cmpuint (est.n_stages, ==, 3);
  g_assert_cmpuint (est.stages[0].stage, ==, 0);
  g_assert_cmpuint (est.stages[1].stage, ==, 2);
  g_assert_cmpuint (est.stages[2].stage, ==, 3);
  /* 1F1B: pp − stage microbatches in flight. */
  g_assert_cmpfloat (est.stages[0].in_flight, ==, 4.0);
  g_assert_cmpfloat (est.stages[2].in_flight, ==, 1.0);
  g_assert_cmpuint (est.stages[0].num_layers, ==, 8);
  /* Only the last stage holds logits. */
  g_assert_cmpfloat (est.stages[0].bytes[PLANNER_MEMORY_LOGITS], ==, 0.0);
  g_assert_cmpfloat (est.stages[2].bytes[PLANNER_MEMORY_LOGITS], >, 0.0);
  g_assert_true (est.difference & PLANNER_MEMORY_DIFF_CP_IGNORED);
  g_assert_true (est.difference & PLANNER_MEMORY_DIFF_GQA);
  why = planner_memory_diff_describe (est.difference);
  g_assert_nonnull (strstr (why, "context parallelism"));
  /* The stated allowance: 96 MiB inside the allocator, 1.5 GiB outside it;
   * the allocator's cache (from the activations' churn) shows in
   * reserved_bytes, not in the fit. */
  g_assert_cmpfloat (est.workspace_bytes, ==, 96.0 * 1024 * 1024);
  g_assert_cmpfloat (est.cuda_context_bytes + est.nccl_bytes, ==, 1.5 * GIB);
  for (guint i = 0; i < est.n_stages; i++)
    {
      const PlannerStageMemory *st = &est.stages[i];
      double tensors = 0.0;

      for (guint c = 0; c < PLANNER_MEMORY_OVERHEAD; c++)
        tensors += st->bytes[c];
      planner_test_assert_rel (st->allocated_bytes, tensors + est.workspace_bytes, 1e-12);
      planner_test_assert_rel (st->reserved_bytes - st->allocated_bytes,
                               est.fragmentation_fraction *
                               (st->bytes[PLANNER_MEMORY_ACTIVATIONS] + st->bytes[PLANNER_MEMORY_LOGITS]), 1e-9);
      planner_test_assert_rel (st->total_bytes, st->allocated_bytes + est.cuda_context_bytes + est.nccl_bytes, 1e-12);
    }
  g_assert_cmpstr (planner_memory_component_to_string (PLANNER_MEMORY_OPTIMIZER), ==, "optimizer");
}

/* A catalogue model with @layout, bf16, and @extra: "--flag", "value" pairs
 * or lone switches, NULL-terminated. */
static void
config_for (PlannerConfig      *config,
            const char         *model_id,
            PlannerLayout       layout,
            guint32             seq,
            guint32             micro,
            guint32             global,
            const char *const  *extra)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;
  const PlannerModel *model = planner_model_lookup (model_id);

  g_assert_nonnull (model);
  planner_model_apply_to_args (model, args);
  set_int (args, "seq_length", "--seq-length", seq);
  set_int (args, "max_position_embeddings", "--max-position-embeddings", seq);
  set_int (args, "micro_batch_size", "--micro-batch-size", micro);
  set_int (args, "global_batch_size", "--global-batch-size", global);
  planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    {
      /* The flag's dest; --fp8-format and --no-bias-swiglu-fusion are the
       * ones whose dest differs. */
      g_autofree char *dest = g_str_equal (extra[i], "--fp8-format")
                              ? g_strdup ("fp8") : g_strdelimit (g_strdup (extra[i] + 2), "-", '_');

      if (g_str_equal (extra[i], "--no-bias-swiglu-fusion"))
        planner_args_set_bool (args, "bias_swiglu_fusion", extra[i], FALSE);
      else if (extra[i + 1] != NULL && !g_str_has_prefix (extra[i + 1], "--"))
        {
          planner_args_set (args, dest, extra[i], extra[i + 1]);
          i++;
        }
      else
        planner_args_set_bool (args, dest, extra[i], TRUE);
    }
  g_assert_true (planner_config_init_from_args (config, args, &layout, model->vocab_size, &error));
  g_assert_no_error (error);
}

/* Stage 0's estimate of @model_id with @extra on 80 GB. */
static void
stage_for (PlannerStageMemory *stage,
           const char         *model_id,
           PlannerLayout       layout,
           guint32             seq,
           guint32             micro,
           guint32             global,
           const char *const  *extra)
{
  PlannerConfig config;

  config_for (&config, model_id, layout, seq, micro, global, extra);
  g_assert_true (planner_memory_estimate_stage (&config, planner_gpu_lookup ("h100-sxm"), 0, stage));
  planner_config_clear (&config);
}

/* GEMM (FP8-castable) and all parameters of stage 0 of a dense model. */
static void
dense_params (const char    *model_id,
              PlannerLayout  layout,
              double        *gemm,
              double        *unit)
{
  PlannerConfig config;
  PlannerLayerParams p;
  const char *const none[] = { NULL };

  config_for (&config, model_id, layout, 4096, 1, layout.dp, none);
  planner_memory_layer_params (&config, &p);
  *gemm = (p.attention + p.dense_mlp) * planner_memory_stage_layers (&config, 0) / layout.tp;
  *unit = (p.attention + p.dense_mlp) / layout.tp + p.layernorms;
  planner_config_clear (&config);
}

/* Megatron-FSDP and torch FSDP2 shard gradients and weights over dp·cp on
 * top of the optimizer state, and gather two layers at a time. */
static void
test_fsdp (void)
{
  PlannerLayout layout = planner_test_layout (64, 1, 1, 1, 1, 0, 0);
  const char *const dist[] = { "--use-distributed-optimizer", NULL };
  const char *const full[] = { "--use-megatron-fsdp", NULL };
  const char *const optim[] = { "--use-megatron-fsdp", "--data-parallel-sharding-strategy", "optim", NULL };
  const char *const grads[] = { "--use-megatron-fsdp", "--data-parallel-sharding-strategy", "optim_grads", NULL };
  const char *const none[] = { "--use-megatron-fsdp", "--data-parallel-sharding-strategy", "no_shard", NULL };
  const char *const torch[] = { "--use-torch-fsdp2", "--untie-embeddings-and-output-weights", NULL };
  PlannerStageMemory base, st;
  double params, gemm, unit;

  dense_params ("llama3-8b", layout, &gemm, &unit);
  stage_for (&base, "llama3-8b", layout, 4096, 1, 64, dist);
  params = base.dense_params;
  planner_test_assert_rel (base.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0, 1e-12);
  planner_test_assert_rel (base.bytes[PLANNER_MEMORY_GRADIENTS], params * 4.0, 1e-12);
  planner_test_assert_rel (base.bytes[PLANNER_MEMORY_OPTIMIZER], params * 12.0 / 64.0, 1e-12);

  /* optim_grads_params (the default strategy): everything / 64, plus two
   * whole layers of weights and gradients. */
  stage_for (&st, "llama3-8b", layout, 4096, 1, 64, full);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0 / 64.0 + 2.0 * unit * 2.0, 1e-12);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_GRADIENTS], params * 4.0 / 64.0 + 2.0 * unit * 4.0, 1e-12);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * 12.0 / 64.0, 1e-12);
  g_assert_cmpfloat (st.total_bytes, <, base.total_bytes - 20.0 * GIB);

  stage_for (&st, "llama3-8b", layout, 4096, 1, 64, optim);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0, 1e-12);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_GRADIENTS], params * 4.0, 1e-12);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * 12.0 / 64.0, 1e-12);

  stage_for (&st, "llama3-8b", layout, 4096, 1, 64, grads);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0, 1e-12);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_GRADIENTS], params * 4.0 / 64.0 + 2.0 * unit * 4.0, 1e-12);

  stage_for (&st, "llama3-8b", layout, 4096, 1, 64, none);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * 12.0, 1e-12);

  /* FSDP2 shards all three; the untied output layer adds its own weights. */
  stage_for (&st, "llama3-8b", layout, 4096, 1, 64, torch);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], st.dense_params * 2.0 / 64.0 + 2.0 * unit * 2.0, 1e-12);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], st.dense_params * 12.0 / 64.0, 1e-12);
}

/* --use-precision-aware-optimizer: the moments in their dtypes; the fp32
 * master kept by TE as the 16 bits a bf16 weight lacks, unless FP8 uses a
 * recipe other than delayed (then MCore keeps a whole fp32 copy). */
static void
test_precision_aware_optimizer (void)
{
  PlannerLayout layout = planner_test_layout (8, 1, 1, 1, 1, 0, 0);
  const char *const plain[] = { "--use-distributed-optimizer", NULL };
  const char *const bf16_moments[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                       "--exp-avg-dtype", "bf16", "--exp-avg-sq-dtype", "bf16", NULL };
  const char *const fp16_master[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                      "--main-params-dtype", "fp16", NULL };
  const char *const fp8_moments[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                      "--exp-avg-dtype", "fp8", "--exp-avg-sq-dtype", "bf16", NULL };
  const char *const tensorwise[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                     "--fp8-format", "hybrid", "--fp8-recipe", "tensorwise", NULL };
  const char *const delayed[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                  "--fp8-format", "hybrid", NULL };
  const char *const bf16_grads[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                     "--main-grads-dtype", "bf16", NULL };
  const char *const reduce_bf16[] = { "--use-distributed-optimizer", "--grad-reduce-in-bf16", NULL };
  PlannerStageMemory st;
  double params;

  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, plain);
  params = st.dense_params;
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * 12.0 / 8.0, 1e-12);

  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, bf16_moments);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * (2.0 + 2.0 + 2.0) / 8.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, fp16_master);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * (2.0 + 4.0 + 4.0) / 8.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, fp8_moments);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * (2.0 + 1.0 + 2.0) / 8.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, tensorwise);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * (4.0 + 4.0 + 4.0) / 8.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, delayed);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], params * (2.0 + 4.0 + 4.0) / 8.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, bf16_grads);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_GRADIENTS], params * 2.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 8, reduce_bf16);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_GRADIENTS], params * 2.0, 1e-12);
}

/* The optimizer step is a second peak: TE's FusedAdam unscales 16-bit
 * moments into fp32 copies of a whole parameter group (the larger of the
 * dense and the expert shard); without the precision-aware optimizer a
 * 16-bit gradient buffer reaches Adam as fp32 copies of the whole shard.
 * It shows in the optimizer component only when it tops the activations
 * and logits of the backward's peak. */
static void
test_optimizer_step (void)
{
  PlannerLayout dense = planner_test_layout (8, 1, 1, 1, 1, 0, 0);
  PlannerLayout experts = planner_test_layout (8, 2, 1, 1, 8, 1, 0);
  const char *const plain[] = { "--use-distributed-optimizer", NULL };
  const char *const bf16_moments[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                       "--exp-avg-dtype", "bf16", "--exp-avg-sq-dtype", "bf16", NULL };
  const char *const reduce_bf16[] = { "--use-distributed-optimizer", "--grad-reduce-in-bf16", NULL };
  const char *const moe_bf16_moments[] = { "--use-distributed-optimizer", "--use-precision-aware-optimizer",
                                           "--exp-avg-dtype", "bf16", "--exp-avg-sq-dtype", "bf16",
                                           "--main-grads-dtype", "bf16", "--sequence-parallel",
                                           "--moe-token-dispatcher-type", "alltoall", NULL };
  const char *const fsdp[] = { "--use-megatron-fsdp", "--use-distributed-optimizer", "--grad-reduce-in-bf16", NULL };
  PlannerStageMemory st, base;

  /* Nothing extra with fp32 moments and fp32 gradients. */
  stage_for (&st, "llama3-8b", dense, 128, 1, 8, plain);
  g_assert_cmpfloat (st.optimizer_step_bytes, ==, 0.0);
  base = st;

  /* bf16 moments: 8 bytes for each parameter of the shard, at once. */
  stage_for (&st, "llama3-8b", dense, 128, 1, 8, bf16_moments);
  planner_test_assert_rel (st.optimizer_step_bytes, st.dense_params / 8.0 * 8.0, 1e-12);
  /* Short sequences: the step tops the backward's peak. */
  g_assert_cmpfloat (st.optimizer_step_bytes, >,
                     st.bytes[PLANNER_MEMORY_ACTIVATIONS] + st.bytes[PLANNER_MEMORY_LOGITS]);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER],
                           st.dense_params * 6.0 / 8.0 + st.optimizer_step_bytes -
                           st.bytes[PLANNER_MEMORY_ACTIVATIONS] - st.bytes[PLANNER_MEMORY_LOGITS], 1e-9);

  /* bf16 gradient buffer without it: fp32 copies of the gradient shard. */
  stage_for (&st, "llama3-8b", dense, 128, 1, 8, reduce_bf16);
  planner_test_assert_rel (st.optimizer_step_bytes, st.dense_params / 8.0 * 4.0, 1e-12);
  g_assert_cmpfloat (st.bytes[PLANNER_MEMORY_OPTIMIZER], >, base.bytes[PLANNER_MEMORY_OPTIMIZER]);

  /* Long sequences: the backward's peak stays the peak. */
  stage_for (&st, "llama3-8b", dense, 8192, 1, 8, reduce_bf16);
  g_assert_cmpfloat (st.optimizer_step_bytes, <,
                     st.bytes[PLANNER_MEMORY_ACTIVATIONS] + st.bytes[PLANNER_MEMORY_LOGITS]);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_OPTIMIZER], st.dense_params * 12.0 / 8.0, 1e-12);

  /* Experts and dense parameters are separate optimizers: the larger shard
   * (the experts, unsharded over expert-DP 1) sets the step. */
  stage_for (&st, "qwen3-30b-a3b", experts, 128, 1, 8, moe_bf16_moments);
  planner_test_assert_rel (st.optimizer_step_bytes, MAX (st.dense_params / 4.0, st.expert_params) * 8.0, 1e-12);

  /* Megatron-FSDP hands Adam its own shards. */
  stage_for (&st, "llama3-8b", dense, 128, 1, 8, fsdp);
  g_assert_cmpfloat (st.optimizer_step_bytes, ==, 0.0);
}

/* Transformer Engine's workspaces outside the model's tensors: four more
 * cuBLAS workspaces for the experts' grouped GEMM, and the userbuffers
 * (six all-gathers, four reduce-scatters of the layer input's full shape)
 * with a tripled workspace under --tp-comm-overlap. */
static void
test_te_workspaces (void)
{
  PlannerLayout experts = planner_test_layout (8, 1, 1, 1, 8, 1, 0);
  PlannerLayout tp2 = planner_test_layout (8, 2, 1, 1, 1, 0, 0);
  const char *const alltoall[] = { "--moe-token-dispatcher-type", "alltoall", NULL };
  const char *const grouped[] = { "--moe-token-dispatcher-type", "alltoall", "--moe-grouped-gemm", NULL };
  const char *const sp[] = { "--sequence-parallel", NULL };
  const char *const overlap[] = { "--sequence-parallel", "--tp-comm-overlap", NULL };
  const char *const overlap_fp8[] = { "--sequence-parallel", "--tp-comm-overlap", "--fp8-format", "hybrid", NULL };
  const char *const sp_fp8[] = { "--sequence-parallel", "--fp8-format", "hybrid", NULL };
  const double workspace = 32.0 * 1024.0 * 1024.0 + 256.0;   /* H100 */
  const double shape = 4096.0 * 4096.0;                       /* seq × micro, hidden */
  PlannerStageMemory a, b;

  stage_for (&a, "qwen3-30b-a3b", experts, 4096, 1, 8, alltoall);
  stage_for (&b, "qwen3-30b-a3b", experts, 4096, 1, 8, grouped);
  planner_test_assert_rel (b.bytes[PLANNER_MEMORY_OVERHEAD] - a.bytes[PLANNER_MEMORY_OVERHEAD], 4.0 * workspace, 1e-9);

  stage_for (&a, "llama3-8b", tp2, 4096, 1, 8, sp);
  stage_for (&b, "llama3-8b", tp2, 4096, 1, 8, overlap);
  planner_test_assert_rel (b.bytes[PLANNER_MEMORY_OVERHEAD] - a.bytes[PLANNER_MEMORY_OVERHEAD],
                           shape * (6.0 * 2.0 + 4.0 * 2.0) + 2.0 * workspace, 1e-9);
  stage_for (&a, "llama3-8b", tp2, 4096, 1, 8, sp_fp8);
  stage_for (&b, "llama3-8b", tp2, 4096, 1, 8, overlap_fp8);
  planner_test_assert_rel (b.bytes[PLANNER_MEMORY_OVERHEAD] - a.bytes[PLANNER_MEMORY_OVERHEAD],
                           shape * (6.0 * 1.0 + 4.0 * 2.0) + 2.0 * workspace, 1e-9);
}

/* --pipeline-model-parallel-layout of the first/middle/last form: each
 * rank holds its virtual stages' layers (stage k on rank k % pp). */
static void
test_layout_split (void)
{
  PlannerLayout layout = planner_test_layout (64, 1, 4, 1, 8, 1, 4);
  const char *const extra[] = { "--pipeline-model-parallel-layout", "Et*4|(t*4|)*14tmL", NULL };
  PlannerConfig config;
  guint32 total = 0;

  config_for (&config, "deepseek-v3", layout, 4096, 1, 256, extra);
  g_assert_cmpuint (config.layout_stages, ==, 16);
  g_assert_cmpuint (config.layout_first, ==, 4);
  g_assert_cmpuint (config.layout_middle, ==, 4);
  g_assert_cmpuint (config.layout_last, ==, 1);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 0), ==, 16);
  g_assert_cmpuint (planner_memory_stage_layers (&config, 3), ==, 13);
  for (guint32 r = 0; r < 4; r++)
    total += planner_memory_stage_layers (&config, r);
  g_assert_cmpuint (total, ==, 61);
  /* DeepSeek-V3's first three layers are dense: all on rank 0's first stage. */
  g_assert_cmpuint (planner_memory_stage_moe_layers (&config, 0, 16), ==, 13);
  g_assert_cmpuint (planner_memory_stage_moe_layers (&config, 1, 16), ==, 16);
  planner_config_clear (&config);
}

/* FP8: TE caches each GEMM weight's FP8 copy and its transpose; with
 * --fp8-param-gather the FP8 copy is the parameter itself. */
static void
test_fp8_weights (void)
{
  PlannerLayout layout = planner_test_layout (8, 2, 1, 1, 1, 0, 0);
  const char *const bf16[] = { "--use-distributed-optimizer", NULL };
  const char *const fp8[] = { "--use-distributed-optimizer", "--fp8-format", "hybrid", NULL };
  const char *const gather[] = { "--use-distributed-optimizer", "--fp8-format", "hybrid", "--fp8-param-gather", NULL };
  const char *const mx[] = { "--use-distributed-optimizer", "--fp8-format", "e4m3", "--fp8-recipe", "mxfp8",
                             "--fp8-param-gather", NULL };
  PlannerStageMemory st;
  double params, gemm, unit;

  dense_params ("llama3-8b", layout, &gemm, &unit);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 4, bf16);
  params = st.dense_params;
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 4, fp8);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0 + gemm * 2.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 4, gather);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0, 1e-12);
  stage_for (&st, "llama3-8b", layout, 4096, 1, 4, mx);
  planner_test_assert_rel (st.bytes[PLANNER_MEMORY_WEIGHTS], params * 2.0 + gemm * 2.0 / 32.0, 1e-12);
}

/* --recompute-modules drops exactly what each module recomputes. */
static void
test_recompute_modules (void)
{
  PlannerLayout dense = planner_test_layout (8, 1, 1, 1, 1, 0, 0);
  PlannerLayout moe = planner_test_layout (8, 1, 1, 1, 8, 1, 0);
  const char *const core[] = { "--recompute-granularity", "selective", NULL };
  const char *const mlp[] = { "--recompute-granularity", "selective", "--recompute-modules", "mlp", NULL };
  const char *const norm[] = { "--recompute-granularity", "selective", "--recompute-modules", "layernorm", NULL };
  const char *const act[] = { "--recompute-granularity", "selective", "--recompute-modules", "moe_act",
                              "--moe-grouped-gemm", NULL };
  const char *const none[] = { "--moe-grouped-gemm", NULL };
  const char *const whole[] = { "--recompute-granularity", "selective", "--recompute-modules", "moe", NULL };
  PlannerStageMemory a, b;
  PlannerConfig config;
  double t = 8192.0, h = 4096.0, f = 14336.0, fm, routed;

  /* LLaMA-3 8B, s 8192, b 1, TP 1: the MLP keeps its norm output (2·T·h),
   * FC1 output (2·T·2F) and activation (2·T·F); a checkpointed MLP keeps
   * none of them.  The layer live again in backward does not add to the
   * loss's peak on this (last) stage.  Without core_attn the attention
   * kernel keeps its fp32 log-sum-exp (4·32 heads·T).  32 layers, one
   * microbatch in flight. */
  stage_for (&a, "llama3-8b", dense, 8192, 1, 8, core);
  stage_for (&b, "llama3-8b", dense, 8192, 1, 8, mlp);
  planner_test_assert_rel (a.bytes[PLANNER_MEMORY_ACTIVATIONS] - b.bytes[PLANNER_MEMORY_ACTIVATIONS],
                           32.0 * (2.0 * t * h + 2.0 * t * 2.0 * f + 2.0 * t * f - 4.0 * 32.0 * t), 1e-9);
  /* The dense norms are fused into their GEMMs: "layernorm" has nothing to
   * drop (only core_attn's log-sum-exp differs). */
  stage_for (&b, "llama3-8b", dense, 8192, 1, 8, norm);
  planner_test_assert_rel (b.bytes[PLANNER_MEMORY_ACTIVATIONS],
                           a.bytes[PLANNER_MEMORY_ACTIVATIONS] + 32.0 * 4.0 * 32.0 * t, 1e-12);

  /* Mixtral 8x7B, EP 8: each GPU gets T·k routed tokens; moe_act drops
   * their activation, 2·T·k·F_moe per layer, 32 layers. */
  config_for (&config, "mixtral-8x7b", moe, 4096, 1, 8, none);
  fm = (double) config.moe_ffn_hidden_size;
  routed = 4096.0 * config.moe_router_topk;
  planner_config_clear (&config);
  stage_for (&a, "mixtral-8x7b", moe, 4096, 1, 8, none);
  stage_for (&b, "mixtral-8x7b", moe, 4096, 1, 8, act);
  planner_test_assert_rel (a.bytes[PLANNER_MEMORY_ACTIVATIONS] - b.bytes[PLANNER_MEMORY_ACTIVATIONS],
                           32.0 * 2.0 * routed * fm, 1e-9);
  /* Without the fused weighted SwiGLU the routing-weight product keeps
   * the activation's output too: one more 2·T·k·F_moe per layer. */
  {
    const char *const unfused[] = { "--moe-grouped-gemm", "--no-bias-swiglu-fusion", NULL };
    PlannerStageMemory c;

    config_for (&config, "mixtral-8x7b", moe, 4096, 1, 8, unfused);
    g_assert_false (config.moe_fused_weighted_activation);
    planner_config_clear (&config);
    stage_for (&c, "mixtral-8x7b", moe, 4096, 1, 8, unfused);
    stage_for (&a, "mixtral-8x7b", moe, 4096, 1, 8, none);
    planner_test_assert_rel (c.bytes[PLANNER_MEMORY_ACTIVATIONS] - a.bytes[PLANNER_MEMORY_ACTIVATIONS],
                             32.0 * 2.0 * routed * fm, 1e-9);
  }
  /* The whole MoE block recomputed keeps far less than moe_act alone. */
  stage_for (&a, "mixtral-8x7b", moe, 4096, 1, 8, whole);
  g_assert_cmpfloat (a.bytes[PLANNER_MEMORY_ACTIVATIONS], <, 0.5 * b.bytes[PLANNER_MEMORY_ACTIVATIONS]);
}

/* Unfused attention keeps its softmax, and with attention dropout also the
 * mask and the dropped-out copy: 2 or 2 + 1 + 2 bytes per score. */
static void
test_unfused_attention (void)
{
  PlannerLayout layout = planner_test_layout (8, 2, 1, 1, 1, 0, 0);
  const char *const fused[] = { "--attention-dropout", "0.0", NULL };
  const char *const plain[] = { "--attention-backend", "unfused", "--attention-dropout", "0.0", NULL };
  const char *const drop[] = { "--attention-backend", "unfused", "--attention-dropout", "0.1", NULL };
  const char *const recompute[] = { "--attention-backend", "unfused", "--attention-dropout", "0.1",
                                    "--recompute-granularity", "selective", NULL };
  PlannerStageMemory a, b, c, d;
  /* LLaMA-2 7B: 32 heads, 32 layers; b 1, s 4096, TP 2. */
  double scores = 1.0 * (32.0 / 2.0) * 4096.0 * 4096.0;

  stage_for (&a, "llama2-7b", layout, 4096, 1, 4, fused);
  stage_for (&b, "llama2-7b", layout, 4096, 1, 4, plain);
  stage_for (&c, "llama2-7b", layout, 4096, 1, 4, drop);
  stage_for (&d, "llama2-7b", layout, 4096, 1, 4, recompute);
  /* 32 layers keep the softmax; one global buffer holds the scores. */
  planner_test_assert_rel (b.bytes[PLANNER_MEMORY_ACTIVATIONS] - a.bytes[PLANNER_MEMORY_ACTIVATIONS],
                           32.0 * 2.0 * scores + 2.0 * scores, 1e-9);
  planner_test_assert_rel (c.bytes[PLANNER_MEMORY_ACTIVATIONS] - b.bytes[PLANNER_MEMORY_ACTIVATIONS],
                           32.0 * 3.0 * scores, 1e-9);
  /* core_attn recompute drops them all (and the fused kernel's log-sum-exp). */
  g_assert_cmpfloat (d.bytes[PLANNER_MEMORY_ACTIVATIONS], <, a.bytes[PLANNER_MEMORY_ACTIVATIONS] + 2.0 * scores + 1.0);
}

/* --cpu-offloading-num-layers N (pp 1, no recompute): N layers' activations
 * live in host memory; one layer's worth is in transit. */
static void
test_activation_offload (void)
{
  PlannerLayout layout = planner_test_layout (8, 1, 1, 1, 1, 0, 0);
  const char *const none[] = { NULL };
  const char *const half[] = { "--cpu-offloading-num-layers", "16", NULL };
  PlannerStageMemory a, b;
  PlannerConfig config;
  PlannerActivationSizes sizes;

  config_for (&config, "llama3-8b", layout, 8192, 1, 8, none);
  planner_memory_activation_sizes (&config, &sizes);
  planner_config_clear (&config);
  stage_for (&a, "llama3-8b", layout, 8192, 1, 8, none);
  stage_for (&b, "llama3-8b", layout, 8192, 1, 8, half);
  planner_test_assert_rel (a.bytes[PLANNER_MEMORY_ACTIVATIONS] - b.bytes[PLANNER_MEMORY_ACTIVATIONS],
                           15.0 * sizes.dense_layer, 1e-9);
  g_assert_cmpfloat (a.bytes[PLANNER_MEMORY_WEIGHTS], ==, b.bytes[PLANNER_MEMORY_WEIGHTS]);
}

/* Interleaving: the warm-up chunks plus one, over vpp chunks; a
 * full-recompute replay and the loss do not overlap on the last stage. */
static void
test_in_flight (void)
{
  PlannerConfig config = { 0, };

  config.num_layers = 32;
  config.layout = planner_test_layout (64, 8, 4, 1, 1, 0, 2);
  config.num_microbatches = 8;
  /* rank 3: 0·2 + 1·4 + 1 = 5 chunks; rank 0: 3·2 + 4 + 1 = 11. */
  g_assert_cmpfloat (planner_memory_in_flight (&config, 3), ==, 2.5);
  g_assert_cmpfloat (planner_memory_in_flight (&config, 0), ==, 5.5);
  /* Overlapping the MoE all-to-all adds one warm-up chunk. */
  config.overlap_moe_comm = TRUE;
  g_assert_cmpfloat (planner_memory_in_flight (&config, 3), ==, 3.0);
  config.overlap_moe_comm = FALSE;
  /* Fewer microbatches than warm-up chunks: every chunk of every microbatch. */
  config.num_microbatches = 4;
  g_assert_cmpfloat (planner_memory_in_flight (&config, 0), ==, 4.0);
  /* 1F1B */
  config.layout.vpp = 1;
  config.num_microbatches = 8;
  g_assert_cmpfloat (planner_memory_in_flight (&config, 0), ==, 4.0);
  g_assert_cmpfloat (planner_memory_in_flight (&config, 3), ==, 1.0);
  config.num_microbatches = 2;
  g_assert_cmpfloat (planner_memory_in_flight (&config, 0), ==, 2.0);
}

/* Any stage can be estimated on its own, and agrees with the estimate. */
static void
test_estimate_stage (void)
{
  PlannerLayout layout = planner_test_layout (64, 4, 8, 1, 1, 0, 0);
  const char *const extra[] = { "--use-distributed-optimizer", "--sequence-parallel", NULL };
  const PlannerGpu *gpu = planner_gpu_lookup ("h100-sxm");
  PlannerConfig config;
  PlannerMemoryEstimate est;
  PlannerStageMemory st;

  config_for (&config, "llama3-70b", layout, 8192, 1, 64, extra);
  planner_memory_estimate (&config, gpu, &est);
  for (guint i = 0; i < est.n_stages; i++)
    {
      g_assert_true (planner_memory_estimate_stage (&config, gpu, est.stages[i].stage, &st));
      g_assert_cmpfloat (st.total_bytes, ==, est.stages[i].total_bytes);
      g_assert_cmpint (st.fits, ==, est.stages[i].fits);
    }
  /* Stage 1 holds more microbatches than the middle stage but no embedding. */
  g_assert_true (planner_memory_estimate_stage (&config, gpu, 1, &st));
  g_assert_cmpfloat (st.in_flight, ==, 7.0);
  g_assert_false (planner_memory_estimate_stage (&config, gpu, 8, &st));
  planner_config_clear (&config);
}

static void
test_params (void)
{
  PlannerModelParams p;
  g_autoptr(GError) error = NULL;

  /* LLaMA-2-7B: 32·(4h² + 3hF + 2h) + h + 2hV = 6738415616 */
  g_assert_true (planner_model_count_params (planner_model_lookup ("llama2-7b"), &p, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (p.total, ==, 6738415616.0);
  g_assert_cmpfloat (p.active, ==, p.total);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/memory/megatron-dense", test_megatron_dense);
  g_test_add_func ("/planner/memory/megatron-moe", test_megatron_moe);
  g_test_add_func ("/planner/memory/stage-layers", test_stage_layers);
  g_test_add_func ("/planner/memory/params", test_params);
  g_test_add_func ("/planner/memory/estimate-details", test_estimate_details);
  g_test_add_func ("/planner/memory/realism", test_realism);
  g_test_add_func ("/planner/memory/fsdp", test_fsdp);
  g_test_add_func ("/planner/memory/precision-aware-optimizer", test_precision_aware_optimizer);
  g_test_add_func ("/planner/memory/optimizer-step", test_optimizer_step);
  g_test_add_func ("/planner/memory/te-workspaces", test_te_workspaces);
  g_test_add_func ("/planner/memory/layout-split", test_layout_split);
  g_test_add_func ("/planner/memory/fp8-weights", test_fp8_weights);
  g_test_add_func ("/planner/memory/recompute-modules", test_recompute_modules);
  g_test_add_func ("/planner/memory/unfused-attention", test_unfused_attention);
  g_test_add_func ("/planner/memory/activation-offload", test_activation_offload);
  g_test_add_func ("/planner/memory/in-flight", test_in_flight);
  g_test_add_func ("/planner/memory/estimate-stage", test_estimate_stage);

  return g_test_run ();
}
