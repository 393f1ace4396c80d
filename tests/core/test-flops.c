/* test-flops.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-test-util.h"

#include <math.h>

#include "planner-catalog.h"
#include "planner-flops.h"

static void
config_for (PlannerConfig *config,
            const char    *model_id,
            const char    *global_batch,
            const char    *seq_length,
            guint32        tp)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;
  const PlannerModel *model = planner_model_lookup (model_id);
  PlannerLayout layout = { 0, };

  g_assert_nonnull (model);
  layout.world_size = 8 * tp;
  layout.tp = tp;
  layout.pp = layout.cp = 1;
  layout.dp = 8;
  layout.ep = 1;
  layout.etp = tp;
  layout.expert_dp = 8;
  layout.vpp = 1;
  planner_model_apply_to_args (model, args);
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "1");
  planner_args_set (args, "global_batch_size", "--global-batch-size", global_batch);
  if (seq_length != NULL)
    planner_args_set (args, "seq_length", "--seq-length", seq_length);
  g_assert_true (planner_config_init_from_args (config, args, &layout, model->vocab_size, &error));
  g_assert_no_error (error);
}

/* facts §5 sanity check: LLaMA-2-7B, B = 128, s = 4096 → 2.2473e16. */
static void
test_llama2_7b (void)
{
  PlannerConfig config;
  double B = 128, s = 4096, h = 4096, L = 32, F = 11008, V = 32000;
  double T = B * s;
  double expected = 6 * T * (L * (4 * h * h + 3 * h * F) + h * V) + 6 * B * s * s * h * L;
  double flops;

  config_for (&config, "llama2-7b", "128", NULL, 1);
  g_assert_cmpuint (config.padded_vocab_size, ==, 32000);
  flops = planner_flops_per_iteration (&config);
  planner_test_assert_rel (flops, expected, 1e-9);
  /* The figure Megatron printed, to its 5 significant digits. */
  planner_test_assert_rel (flops, 2.2473e16, 5e-5);
  planner_test_assert_rel (planner_flops_per_token (&config), expected / T, 1e-9);
  planner_config_clear (&config);
}

/* GQA + SwiGLU + untied output, padded vocab at tp 8. */
static void
test_llama3_8b_gqa (void)
{
  PlannerConfig config;
  double B = 128, s = 8192, h = 4096, L = 32, F = 14336, V = 129024, kv = 128, n = 32, g = 8;
  double T = B * s;
  double q = kv * n, k = kv * g;
  double per_token = 6 * h * F * 3 * L + 6 * (h * (q + 2 * k) + q * h) * L + 6 * h * V;
  double expected = T * per_token + B * s * s * 6 * q * L;

  config_for (&config, "llama3-8b", "128", NULL, 8);
  g_assert_cmpuint (config.padded_vocab_size, ==, 129024);
  planner_test_assert_rel (planner_flops_per_iteration (&config), expected, 1e-9);
  planner_config_clear (&config);
}

/* Mixtral: every layer MoE, topk 2. */
static void
test_mixtral (void)
{
  PlannerConfig config;
  double B = 256, s = 4096, h = 4096, L = 32, Fm = 14336, V = 32000, q = 4096, k = 1024;
  double T = B * s;
  double expected = T * (6 * h * Fm * 2 * 3 * L + 6 * (h * (q + 2 * k) + q * h) * L + 6 * h * V) +
                    B * s * s * 6 * q * L;

  config_for (&config, "mixtral-8x7b", "256", NULL, 1);
  planner_test_assert_rel (planner_flops_per_iteration (&config), expected, 1e-9);
  planner_config_clear (&config);
}

/* DeepSeek-V3: MLA, 3 dense + 58 MoE layers, shared expert, 1 MTP layer
 * (MoE like the last layer), written out from facts §5 by hand. */
static void
test_deepseek_v3 (void)
{
  PlannerConfig config;
  double B = 1024, s = 4096, h = 7168, n = 128;
  double F = 18432, Fm = 2048, Fs = 2048, topk = 8, V = 129280, mtp = 1;
  double q_lora = 1536, kv_lora = 512, dqk = 128, dpos = 64, dv = 128;
  double Nd = 3, Nm = 58 + mtp, layers = 61 + mtp;
  double T = B * s;
  double q_term = q_lora * (h + n * (dqk + dpos) + 1);
  double attn_lin = 6 * (q_term + kv_lora * (h + n * (dqk + dv) + 1) + h * dpos + n * dv * h);
  double attn_core = 6 * (n * (dqk + dpos) / 2 + n * dv / 2);
  double mlp = 6 * h * (F * 3 * Nd + Fm * topk * 3 * Nm + Fs * 3 * Nm);
  double expected = T * (mlp + attn_lin * layers + 6 * mtp * (3 * h + 2 * h * h) + 6 * h * V * (mtp + 1)) +
                    B * s * s * attn_core * layers;

  config_for (&config, "deepseek-v3", "1024", NULL, 1);
  g_assert_cmpuint (config.padded_vocab_size, ==, 129280);
  g_assert_cmpuint (planner_config_count_moe_layers (&config), ==, 58);
  planner_test_assert_rel (planner_flops_per_iteration (&config), expected, 1e-9);
  planner_config_clear (&config);
}

static void
test_gate_and_latent (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;
  PlannerLayout layout = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
  PlannerConfig config;
  double h = 1024, n = 8, kv = 128, g = 2, F = 2048, Fm = 512, lat = 256, k = 4, V = 1024, L = 4;
  double B = 8, s = 1024, T = B * s;
  double q = kv * n, kk = kv * g;
  /* --moe-layer-freq 2: layers 0 and 2 are MoE. */
  double mlp = 6 * h * (F * 2 * 2 + (Fm * k * 2 * lat / h + 2 * lat) * 2);
  double expected = T * (mlp + 6 * (h * (q + 2 * kk + q) + q * h) * L + 6 * h * V) +
                    B * s * s * 6 * q * L;

  planner_args_set (args, "num_layers", "--num-layers", "4");
  planner_args_set (args, "hidden_size", "--hidden-size", "1024");
  planner_args_set (args, "num_attention_heads", "--num-attention-heads", "8");
  planner_args_set (args, "kv_channels", "--kv-channels", "128");
  planner_args_set_bool (args, "group_query_attention", "--group-query-attention", TRUE);
  planner_args_set (args, "num_query_groups", "--num-query-groups", "2");
  planner_args_set_bool (args, "attention_output_gate", "--attention-output-gate", TRUE);
  planner_args_set (args, "ffn_hidden_size", "--ffn-hidden-size", "2048");
  planner_args_set (args, "num_experts", "--num-experts", "16");
  planner_args_set (args, "moe_router_topk", "--moe-router-topk", "4");
  planner_args_set (args, "moe_ffn_hidden_size", "--moe-ffn-hidden-size", "512");
  planner_args_set (args, "moe_latent_size", "--moe-latent-size", "256");
  planner_args_set (args, "moe_layer_freq", "--moe-layer-freq", "2");
  planner_args_set (args, "seq_length", "--seq-length", "1024");
  planner_args_set (args, "vocab_size", "--vocab-size", "1000");
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "1");
  planner_args_set (args, "global_batch_size", "--global-batch-size", "8");
  g_assert_true (planner_config_init_from_args (&config, args, &layout, 0, &error));
  g_assert_no_error (error);
  planner_test_assert_rel (planner_flops_per_iteration (&config), expected, 1e-9);
  planner_config_clear (&config);
}

static void
test_mfu (void)
{
  PlannerConfig config;
  const PlannerGpu *h100 = planner_gpu_lookup ("h100-sxm");
  const PlannerGpu *v100 = planner_gpu_lookup ("v100");
  g_autoptr(GError) error = NULL;
  PlannerMfu mfu;
  double flops;

  config_for (&config, "llama2-7b", "128", NULL, 1);
  config.layout.world_size = 8;
  config.precision = PLANNER_PRECISION_BF16;
  flops = planner_flops_per_iteration (&config);

  g_assert_true (planner_mfu_from_iteration_time (&config, h100, 10.0, &mfu, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mfu.peak, ==, PLANNER_PEAK_BF16);
  planner_test_assert_rel (mfu.tflops_per_gpu, flops / (10.0 * 1e12 * 8), 1e-12);
  planner_test_assert_rel (mfu.mfu, flops / (10.0 * 8 * 989.4e12), 1e-12);

  g_assert_true (planner_mfu_from_tflops_per_gpu (&config, h100, 400.0, &mfu, &error));
  planner_test_assert_rel (mfu.mfu, 400.0 / 989.4, 1e-12);

  g_assert_true (planner_mfu_from_tokens_per_second (&config, h100, 3000.0, &mfu, &error));
  planner_test_assert_rel (mfu.mfu, 3000.0 * flops / (128 * 4096) / 989.4e12, 1e-9);

  /* FP8 on Hopper: the FP8 peak. */
  config.fp8 = TRUE;
  g_assert_true (planner_mfu_from_tflops_per_gpu (&config, h100, 400.0, &mfu, &error));
  g_assert_cmpint (mfu.peak, ==, PLANNER_PEAK_FP8);
  planner_test_assert_rel (mfu.peak_tflops, 1978.9, 1e-12);
  /* V100: no bf16 and no fp8, so fp16. */
  g_assert_true (planner_mfu_from_tflops_per_gpu (&config, v100, 50.0, &mfu, &error));
  g_assert_cmpint (mfu.peak, ==, PLANNER_PEAK_FP16);
  planner_test_assert_rel (mfu.mfu, 50.0 / 125.0, 1e-12);

  {
    static const double bad[] = { 0.0, -1.0, NAN, INFINITY };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) local = NULL;

        g_assert_false (planner_mfu_from_iteration_time (&config, h100, bad[i], &mfu, &local));
        g_assert_error (local, PLANNER_FLOPS_ERROR, PLANNER_FLOPS_ERROR_INVALID);
      }
  }
  planner_config_clear (&config);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/flops/llama2-7b", test_llama2_7b);
  g_test_add_func ("/planner/flops/llama3-8b-gqa", test_llama3_8b_gqa);
  g_test_add_func ("/planner/flops/mixtral", test_mixtral);
  g_test_add_func ("/planner/flops/deepseek-v3", test_deepseek_v3);
  g_test_add_func ("/planner/flops/gate-and-latent", test_gate_and_latent);
  g_test_add_func ("/planner/flops/mfu", test_mfu);

  return g_test_run ();
}
