/* test-catalog.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-catalog.h"
#include "planner-memory.h"

static void
test_ids (void)
{
  static const char *models[] = {
    "llama2-7b", "llama2-13b", "llama2-70b", "llama3-8b", "llama3-70b", "llama3.1-405b",
    "mixtral-8x7b", "mixtral-8x22b", "gpt3-175b", "nemotron4-15b", "nemotron4-340b",
    "deepseek-v3", "qwen3-30b-a3b", "qwen3-235b-a22b", "gpt2-small", "gpt2-medium", "gpt2-tiny",
  };
  static const char *gpus[] = {
    "a100-40gb", "a100-80gb", "h100-sxm", "h100-pcie", "h200", "b200", "gb200", "l40s", "v100",
  };
  guint n = 0;
  const PlannerModel *const *list = planner_model_list (&n);

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    g_assert_nonnull (planner_model_lookup (models[i]));
  for (guint i = 0; i < G_N_ELEMENTS (gpus); i++)
    g_assert_nonnull (planner_gpu_lookup (gpus[i]));
  g_assert_null (planner_model_lookup ("llama9-1t"));
  g_assert_null (planner_gpu_lookup (NULL));
  g_assert_cmpuint (n, >=, G_N_ELEMENTS (models));
  g_assert_null (list[n]);
  planner_gpu_list (&n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (gpus));
}

static void
test_gpus (void)
{
  const PlannerGpu *h100 = planner_gpu_lookup ("h100-sxm");
  const PlannerGpu *v100 = planner_gpu_lookup ("v100");
  const PlannerGpu *l40s = planner_gpu_lookup ("l40s");
  const PlannerGpu *gb200 = planner_gpu_lookup ("gb200");
  const PlannerGpu *a100 = planner_gpu_lookup ("a100-80gb");

  /* Dense, not sparse: half of the datasheet's 1979 / 3958. */
  g_assert_cmpfloat_with_epsilon (h100->peak_bf16_tflops, 989.4, 0.1);
  g_assert_cmpfloat_with_epsilon (h100->peak_fp8_tflops, 1978.9, 0.1);
  g_assert_cmpuint (h100->compute_capability_major, ==, 9);
  g_assert_true (h100->supports_fp8);
  g_assert_cmpuint (h100->nvlink_domain_size, ==, 8);
  /* Llama 3's BF16 runs (38.4–43.5%) sit inside; test-mfu-ranges checks every range. */
  g_assert_cmpfloat (h100->mfu_dense_bf16.low, ==, 0.36);
  g_assert_cmpfloat (h100->mfu_dense_bf16.high, ==, 0.48);
  g_assert_false (v100->supports_bf16);
  g_assert_false (v100->supports_fp8);
  g_assert_cmpuint (v100->compute_capability_major, ==, 7);
  g_assert_true (l40s->supports_fp8);
  g_assert_cmpuint (l40s->compute_capability_minor, ==, 9);
  g_assert_cmpuint (gb200->nvlink_domain_size, ==, 72);
  g_assert_false (a100->supports_fp8);
  g_assert_cmpuint (a100->memory_bytes, ==, G_GUINT64_CONSTANT (80) * 1024 * 1024 * 1024);
}

static void
test_apply_and_count (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  const PlannerModel *model = planner_model_lookup ("deepseek-v3");
  PlannerModelParams p;
  g_autoptr(GError) error = NULL;

  planner_model_apply_to_args (model, args);
  g_assert_cmpint (planner_args_get_int (args, "num_layers", 0), ==, 61);
  g_assert_cmpstr (planner_args_get_flag (args, "add_bias_linear"), ==, "--disable-bias-linear");
  g_assert_false (planner_args_get_bool (args, "add_bias_linear", TRUE));
  g_assert_cmpstr (planner_args_get_string (args, "moe_layer_freq", NULL), ==, "([0]*3+[1]*58)");
  g_assert_true (planner_args_get_bool (args, "multi_latent_attention", FALSE));
  g_assert_cmpint (planner_args_get_int (args, "q_lora_rank", 0), ==, 1536);

  /* DeepSeek-V3: 671B total, 37B active (the report counts the MTP
   * module separately: 671 + 14 = 685B on the hub). */
  g_assert_true (planner_model_count_params (model, &p, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (p.total, >, 670e9);
  g_assert_cmpfloat (p.total, <, 690e9);
  g_assert_cmpfloat (p.active, >, 36e9);
  g_assert_cmpfloat (p.active, <, 40e9);

  /* Mixtral 8x7B: 46.7B total, 12.9B active. */
  g_assert_true (planner_model_count_params (planner_model_lookup ("mixtral-8x7b"), &p, &error));
  g_assert_cmpfloat (fabs (p.total - 46.7e9), <, 0.1e9);
  g_assert_cmpfloat (fabs (p.active - 12.9e9), <, 0.1e9);
  /* gpt-oss: OpenAI's card (arXiv:2508.10925, Table 1) gives 3.61B and
   * 5.13B active, the input embedding left out; ours counts it too. */
  g_assert_true (planner_model_count_params (planner_model_lookup ("gpt-oss-20b"), &p, &error));
  g_assert_cmpfloat (fabs (p.active_without_embedding - 3.61e9), <, 0.01e9);
  g_assert_cmpfloat (p.active - p.active_without_embedding, ==, p.embedding);
  g_assert_true (planner_model_count_params (planner_model_lookup ("gpt-oss-120b"), &p, &error));
  g_assert_cmpfloat (fabs (p.active_without_embedding - 5.13e9), <, 0.01e9);
  /* Llama 3.1 405B, GPT-2 small (124M, tied) */
  g_assert_true (planner_model_count_params (planner_model_lookup ("llama3.1-405b"), &p, &error));
  g_assert_cmpfloat (fabs (p.total - 405.8e9), <, 0.5e9);
  g_assert_true (planner_model_count_params (planner_model_lookup ("gpt2-small"), &p, &error));
  g_assert_cmpfloat (fabs (p.total - 124.4e6), <, 1.0e6);
  /* A tied table is still multiplied by, as the output layer. */
  g_assert_cmpfloat (p.active_without_embedding, ==, p.active);
  g_assert_nonnull (strstr (planner_model_params_active_definition (), "input embedding"));
}

static void
test_all_models_resolve (void)
{
  guint n = 0;
  const PlannerModel *const *list = planner_model_list (&n);

  for (guint i = 0; i < n; i++)
    {
      PlannerModelParams p;
      g_autoptr(GError) error = NULL;

      if (!planner_model_count_params (list[i], &p, &error))
        g_error ("%s: %s", list[i]->id, error->message);
      g_assert_cmpfloat (p.total, >, 1e6);
      g_assert_cmpfloat (p.active, <=, p.total);
      g_assert_nonnull (list[i]->source);
    }
}

static void
test_custom (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerModel) model = planner_model_new_from_size (70.0, 0, 0, &error);
  PlannerModelParams p;

  g_assert_no_error (error);
  g_assert_cmpuint (model->hidden_size, ==, 8192);
  g_assert_nonnull (model->assumed);
  g_assert_nonnull (model->assumed[0]);
  g_assert_true (planner_model_count_params (model, &p, &error));
  g_assert_cmpfloat (fabs (p.total - 70e9) / 70e9, <, 0.05);

  for (double b = 0.05; b < 2000; b *= 1.7)
    {
      g_autoptr(PlannerModel) m = planner_model_new_from_size (b, 2048, 32000, &error);

      g_assert_no_error (error);
      g_assert_true (planner_model_count_params (m, &p, &error));
      g_assert_no_error (error);
    }

  {
    static const double bad[] = { 0.0, -5.0, NAN, INFINITY, 1e9 };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) local = NULL;

        g_assert_null (planner_model_new_from_size (bad[i], 0, 0, &local));
        g_assert_error (local, PLANNER_CATALOG_ERROR, PLANNER_CATALOG_ERROR_INVALID);
      }
  }
}

/* The presets of models published without dropout carry
 * --hidden-dropout 0 --attention-dropout 0 (NVIDIA's recipes and the
 * models' own configs) as training settings apart from the dimensions;
 * the GPT presets keep Megatron's default; the
 * DeepSeek-V3 preset has its group-limited routing. */
static void
test_dropout_and_routing (void)
{
  static const char *const without[] = {
    "llama2-7b", "llama2-13b", "llama2-70b", "llama3-8b", "llama3-70b", "llama3.1-405b", "mixtral-8x7b",
    "mixtral-8x22b", "qwen3-30b-a3b", "qwen3-235b-a22b", "deepseek-v3", "nemotron4-15b", "nemotron4-340b",
  };
  static const char *const with[] = { "gpt3-175b", "gpt2-small", "gpt2-medium" };

  for (guint i = 0; i < G_N_ELEMENTS (without); i++)
    {
      const PlannerModel *m = planner_model_lookup (without[i]);
      g_autoptr(PlannerArgs) args = planner_args_new ();

      g_assert_nonnull (m);
      g_assert_true (m->dropout_given);
      g_assert_nonnull (m->dropout_source);
      /* The dimensions alone say nothing about dropout, so that arguments
       * without it still match the model. */
      planner_model_apply_to_args (m, args);
      g_assert_false (planner_args_is_set (args, "hidden_dropout"));
      planner_model_apply_training_to_args (m, args);
      g_assert_cmpstr (planner_args_get_string (args, "hidden_dropout", NULL), ==, "0");
      g_assert_cmpstr (planner_args_get_string (args, "attention_dropout", NULL), ==, "0");
      /* What the arguments say already stays. */
      planner_args_set (args, "hidden_dropout", "--hidden-dropout", "0.05");
      planner_model_apply_training_to_args (m, args);
      g_assert_cmpstr (planner_args_get_string (args, "hidden_dropout", NULL), ==, "0.05");
    }
  for (guint i = 0; i < G_N_ELEMENTS (with); i++)
    {
      g_autoptr(PlannerArgs) args = planner_args_new ();

      planner_model_apply_to_args (planner_model_lookup (with[i]), args);
      planner_model_apply_training_to_args (planner_model_lookup (with[i]), args);
      g_assert_false (planner_args_is_set (args, "hidden_dropout"));
      g_assert_false (planner_args_is_set (args, "attention_dropout"));
    }
  {
    g_autoptr(PlannerArgs) args = planner_args_new ();

    planner_model_apply_to_args (planner_model_lookup ("deepseek-v3"), args);
    g_assert_false (planner_args_is_set (args, "moe_router_num_groups"));
    planner_model_apply_training_to_args (planner_model_lookup ("deepseek-v3"), args);
    g_assert_cmpstr (planner_args_get_string (args, "moe_router_num_groups", NULL), ==, "8");
    g_assert_cmpstr (planner_args_get_string (args, "moe_router_group_topk", NULL), ==, "4");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/catalog/ids", test_ids);
  g_test_add_func ("/planner/catalog/gpus", test_gpus);
  g_test_add_func ("/planner/catalog/apply-and-count", test_apply_and_count);
  g_test_add_func ("/planner/catalog/all-models", test_all_models_resolve);
  g_test_add_func ("/planner/catalog/custom", test_custom);
  g_test_add_func ("/planner/catalog/dropout-and-routing", test_dropout_and_routing);

  return g_test_run ();
}
