/* test-analyze.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "planner-analyze.h"
#include "planner-job-args.h"
#include "planner-report-json.h"

static PlannerReport *
analyze_argv (const char *const *argv,
              guint64            world_size,
              const char        *gpu,
              const char        *model)
{
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(GError) error = NULL;
  PlannerAnalyzeOptions options = { world_size, 0, gpu, model };
  PlannerReport *report;

  import = planner_import_argv (argv, &error);
  g_assert_no_error (error);
  report = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
  return report;
}

/* LLaMA-2-7B, B = 128, s = 4096 (facts §5): Megatron returns 2.2473e16. */
static void
test_analyze_llama2_7b_flops (void)
{
  const char *argv[] = {
    "--tensor-model-parallel-size", "1", "--micro-batch-size", "1", "--global-batch-size", "128",
    "--seq-length", "4096", "--bf16", "--use-distributed-optimizer", NULL
  };
  g_autoptr(PlannerReport) report = analyze_argv (argv, 8, "h100-sxm", "llama2-7b");
  const PlannerLayout *layout = planner_report_get_layout (report);
  const PlannerConfig *config = planner_report_get_config (report);
  double h = 4096, F = 11008, L = 32, V = 32000, B = 128, s = 4096;
  double T = B * s;
  double expected = T * (6 * h * F * 3 * L + 24 * h * h * L + 6 * h * V) + B * s * s * 6 * h * L;

  g_assert_nonnull (layout);
  g_assert_cmpuint (layout->dp, ==, 8);
  g_assert_nonnull (config);
  g_assert_cmpuint (config->num_microbatches, ==, 16);
  g_assert_cmpuint (config->padded_vocab_size, ==, 32000);
  g_assert_cmpfloat (fabs (planner_report_get_flops (report) - expected) / expected, <, 1e-9);
  g_assert_cmpfloat (fabs (planner_report_get_flops (report) - 2.2473e16) / 2.2473e16, <, 1e-4);
  g_assert_cmpstr (planner_report_get_summary (report), ==, "TP 1 × CP 1 × DP 8 × PP 1 = 8 GPUs ✓");
  g_assert_true (planner_report_get_layout_accepted (report));
  /* The catalog model uses Llama2Tokenizer, and no tokenizer path was given. */
  g_assert_cmpuint (planner_report_count (report, PLANNER_SEVERITY_ERROR), ==, 1);
  g_assert_nonnull (planner_report_get_memory_estimate (report));
  g_assert_true (planner_report_get_memory_estimate (report)->fits);
}

static void
test_analyze_world_from_launcher (void)
{
  const char *argv[] = {
    "torchrun", "--nnodes", "2", "--nproc-per-node", "8", "pretrain_gpt.py",
    "--tensor-model-parallel-size", "4", "--pipeline-model-parallel-size", "2", NULL
  };
  g_autoptr(PlannerReport) report = analyze_argv (argv, 0, NULL, NULL);
  const PlannerLayout *layout = planner_report_get_layout (report);

  g_assert_cmpuint (planner_report_get_world_size (report), ==, 16);
  g_assert_nonnull (layout);
  g_assert_cmpuint (layout->dp, ==, 2);
  /* No model dimensions: the layout is known, the model math is not. */
  g_assert_null (planner_report_get_config (report));
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report), "analysis.no-model-math"));
}

static void
test_analyze_world_unknown (void)
{
  const char *argv[] = { "--tensor-model-parallel-size", "2", NULL };
  g_autoptr(PlannerReport) report = analyze_argv (argv, 0, NULL, NULL);

  g_assert_null (planner_report_get_layout (report));
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report),
                                               "analysis.world-size-unknown"));
  g_assert_true (g_str_has_prefix (planner_report_get_summary (report), "GPU count unknown"));
}

/* facts §1.6: the Mixtral example on one 8-GPU node.  The layout is
 * refused, but FLOPs and memory are still there for the user fixing it. */
static void
test_analyze_invalid_layout_keeps_figures (void)
{
  const char *argv[] = {
    "--tensor-model-parallel-size", "1", "--pipeline-model-parallel-size", "4",
    "--expert-model-parallel-size", "8", "--micro-batch-size", "1", "--global-batch-size", "256",
    "--bf16", NULL
  };
  g_autoptr(PlannerReport) report = analyze_argv (argv, 8, "h100-sxm", "mixtral-8x7b");

  g_assert_null (planner_report_get_layout (report));
  g_assert_false (planner_report_get_layout_accepted (report));
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report),
                                               "layout.expert-world-not-divisible"));
  g_assert_nonnull (strstr (planner_report_get_summary (report),
                            "world_size (8) is not divisible by expert_tensor_model_pipeline_parallel size (32)"));
  g_assert_true (g_str_has_suffix (planner_report_get_summary (report), "✗"));
  g_assert_cmpfloat (planner_report_get_flops (report), >, 0);
  g_assert_nonnull (planner_report_get_megatron_memory (report));
}

static void
test_analyze_unknown_ids (void)
{
  const char *argv[] = { "--tensor-model-parallel-size", "2", NULL };
  g_autoptr(PlannerImport) import = planner_import_argv (argv, NULL);
  g_autoptr(GError) error = NULL;
  PlannerAnalyzeOptions options = { 8, 0, "h100-nonexistent", NULL };

  g_assert_null (planner_analyze_import (import, &options, &error));
  g_assert_error (error, PLANNER_ANALYZE_ERROR, PLANNER_ANALYZE_ERROR_UNKNOWN_GPU);
  g_clear_error (&error);

  options.gpu_id = NULL;
  options.model_id = "llama9-1t";
  g_assert_null (planner_analyze_import (import, &options, &error));
  g_assert_error (error, PLANNER_ANALYZE_ERROR, PLANNER_ANALYZE_ERROR_UNKNOWN_MODEL);
}

static void
test_analyze_example_job (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReport) report = planner_analyze_job (job);
  const PlannerMemoryEstimate *estimate;

  g_assert_cmpstr (planner_report_get_summary (report), ==, "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs ✓");
  g_assert_nonnull (planner_report_get_config (report));
  /* LLaMA-3's 128,256 tokens stay 128,256 at TP 1 and 2 but pad to 128,512 at TP 4 (facts §2.9). */
  g_assert_cmpuint (planner_report_get_config (report)->padded_vocab_size, ==, 128512);
  estimate = planner_report_get_memory_estimate (report);
  g_assert_nonnull (estimate);
  g_assert_true (estimate->fits);
  g_assert_cmpuint (estimate->n_stages, ==, 3);

  /* A job without paths is incomplete, but its layout is fine. */
  g_assert_true (planner_report_get_layout_accepted (report));
}

static void
test_analyze_job_unknown_gpu (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReport) report = NULL;

  g_object_set (job, "gpu-id", "tpu-v9", NULL);
  report = planner_analyze_job (job);
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report), "job.unknown-id"));
  g_assert_null (planner_report_get_gpu (report));
  g_assert_nonnull (planner_report_get_layout (report));
}

static void
test_analyze_json_keys (void)
{
  const char *argv[] = {
    "--tensor-model-parallel-size", "2", "--micro-batch-size", "1", "--global-batch-size", "64",
    "--seq-length", "4096", "--bf16", NULL
  };
  g_autoptr(PlannerReport) report = analyze_argv (argv, 8, "a100-80gb", "llama2-7b");
  g_autoptr(JsonNode) root = planner_report_to_json (report);
  JsonObject *object = json_node_get_object (root);
  JsonObject *layout = json_object_get_object_member (object, "layout");
  JsonObject *memory = json_object_get_object_member (object, "memory");
  JsonObject *megatron = json_object_get_object_member (memory, "megatron");
  static const char *layout_keys[] = { "tp", "pp", "cp", "dp", "ep", "etp", "expert_dp", "vpp",
                                       "world_size", "num_microbatches", "padded_vocab_size" };

  for (guint i = 0; i < G_N_ELEMENTS (layout_keys); i++)
    g_assert_true (json_object_has_member (layout, layout_keys[i]));
  g_assert_cmpint (json_object_get_int_member (layout, "dp"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (layout, "num_microbatches"), ==, 16);
  g_assert_true (json_object_has_member (object, "diagnostics"));
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (object, "flops"), "per_iteration"),
                     ==, planner_report_get_flops (report));
  g_assert_cmpfloat (json_object_get_double_member (megatron, "total_bytes"), ==,
                     planner_report_get_megatron_memory (report)->total_bytes);
  g_assert_true (json_object_has_member (memory, "estimate"));
}

/* TP 16 on 8-GPU H100 nodes spreads every TP group over two nodes. */
static void
test_analyze_tp_across_nodes (void)
{
  const char *wide[] = {
    "torchrun", "--nnodes", "8", "--nproc-per-node", "8", "pretrain_gpt.py",
    "--tensor-model-parallel-size", "16", "--pipeline-model-parallel-size", "4", NULL
  };
  const char *narrow[] = {
    "torchrun", "--nnodes", "8", "--nproc-per-node", "8", "pretrain_gpt.py",
    "--tensor-model-parallel-size", "8", "--pipeline-model-parallel-size", "4", NULL
  };
  g_autoptr(PlannerReport) bad = analyze_argv (wide, 0, "h100-sxm", "llama3-70b");
  g_autoptr(PlannerReport) good = analyze_argv (narrow, 0, "h100-sxm", "llama3-70b");
  g_autoptr(PlannerReport) rack = analyze_argv (wide, 0, "gb200", "llama3-70b");

  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (bad), "layout.tp-crosses-nvlink-domain"));
  g_assert_false (planner_diagnostics_has_code (planner_report_get_diagnostics (good), "layout.tp-crosses-nvlink-domain"));
  /* A dense model has no expert groups to warn about, whatever ETP defaults to. */
  g_assert_false (planner_diagnostics_has_code (planner_report_get_diagnostics (bad), "layout.etp-crosses-nvlink-domain"));
  /* GB200 NVL72: one NVLink domain of 72 GPUs spans the trays. */
  g_assert_false (planner_diagnostics_has_code (planner_report_get_diagnostics (rack), "layout.tp-crosses-nvlink-domain"));
}

/* A hybrid Mamba stack is not a transformer: no made-up FLOPs or memory. */
static void
test_analyze_hybrid_not_modelled (void)
{
  const char *argv[] = {
    "--num-layers", "8", "--hidden-size", "1024", "--num-attention-heads", "16", "--seq-length", "2048",
    "--max-position-embeddings", "2048", "--micro-batch-size", "1", "--global-batch-size", "8",
    "--vocab-size", "32000", "--tokenizer-type", "NullTokenizer", "--mock-data",
    "--hybrid-layer-pattern", "M*M*M*M*", NULL
  };
  g_autoptr(PlannerReport) report = analyze_argv (argv, 8, "h100-sxm", NULL);

  g_assert_nonnull (planner_report_get_layout (report));
  g_assert_null (planner_report_get_config (report));
  g_assert_cmpfloat (planner_report_get_flops (report), ==, 0);
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report),
                                               "analysis.hybrid-not-modelled"));
}

/* A size in billions gets the catalog's LLaMA-style dimensions. */
static void
test_analyze_job_custom_size (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReport) report = NULL;
  const PlannerConfig *config;

  g_object_set (job, "model-id", "", "params-b", 30.0, NULL);
  report = planner_analyze_job (job);
  config = planner_report_get_config (report);
  g_assert_nonnull (config);
  g_assert_cmpuint (config->num_layers, >, 0);
  g_assert_cmpfloat (planner_report_get_flops (report), >, 0);
  g_assert_nonnull (planner_report_get_memory_estimate (report));
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report), "model.dimensions-assumed"));
}

/* Issue 22 #4: the analysis of a job knows the environment its own draft
 * exports, so TP on a Hopper GPU gets no CUDA_DEVICE_MAX_CONNECTIONS
 * warning; an imported script that does not export it still gets one. */
static void
test_analyze_job_own_environment (void)
{
  static const char script[] =
    "#!/bin/bash\n"
    "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
    "--num-attention-heads 32 --seq-length 4096 --max-position-embeddings 4096 --micro-batch-size 1 "
    "--global-batch-size 8 --tensor-model-parallel-size 2 --bf16\n";
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerReport) imported = NULL;
  g_autoptr(GError) error = NULL;
  PlannerAnalyzeOptions options = { 0 };

  g_object_set (job, "gpu-id", "h100-sxm", "tp", 4, NULL);
  report = planner_analyze_job (job);
  g_assert_false (planner_diagnostics_has_code (planner_report_get_diagnostics (report),
                                                "env.cuda-device-max-connections"));

  import = planner_import_script (script, sizeof script - 1, &error);
  g_assert_no_error (error);
  options.gpu_id = "h100-sxm";
  imported = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (imported),
                                               "env.cuda-device-max-connections"));
}

/* Issue 22 #1: a RoPE catalogue model trained longer than its bound gets
 * the bound raised, with an info; learned positions are still refused. */
static void
test_analyze_job_long_context (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) gpt = planner_job_new_example ();
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(PlannerReport) refused = NULL;
  g_autoptr(PlannerArgs) args = NULL;

  g_object_set (job, "model-id", "llama3-8b", "seq-length", 65536, "tp", 1, "pp", 1, "cp", 8, NULL);
  report = planner_analyze_job (job);
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (report), "model.max-position-raised"));
  g_assert_false (planner_diagnostics_has_code (planner_report_get_diagnostics (report),
                                                "model.max-position-below-seq"));
  args = planner_job_to_args (job);
  g_assert_cmpint (planner_args_get_int (args, "max_position_embeddings", 0), ==, 65536);

  g_object_set (gpt, "model-id", "gpt3-175b", "seq-length", 4096, NULL);
  refused = planner_analyze_job (gpt);
  g_assert_false (planner_diagnostics_has_code (planner_report_get_diagnostics (refused), "model.max-position-raised"));
  g_assert_true (planner_diagnostics_has_code (planner_report_get_diagnostics (refused),
                                               "model.max-position-below-seq"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/analyze/llama2-7b-flops", test_analyze_llama2_7b_flops);
  g_test_add_func ("/planner/analyze/world-from-launcher", test_analyze_world_from_launcher);
  g_test_add_func ("/planner/analyze/world-unknown", test_analyze_world_unknown);
  g_test_add_func ("/planner/analyze/invalid-layout-keeps-figures", test_analyze_invalid_layout_keeps_figures);
  g_test_add_func ("/planner/analyze/unknown-ids", test_analyze_unknown_ids);
  g_test_add_func ("/planner/analyze/example-job", test_analyze_example_job);
  g_test_add_func ("/planner/analyze/job-unknown-gpu", test_analyze_job_unknown_gpu);
  g_test_add_func ("/planner/analyze/json-keys", test_analyze_json_keys);
  g_test_add_func ("/planner/analyze/tp-across-nodes", test_analyze_tp_across_nodes);
  g_test_add_func ("/planner/analyze/hybrid-not-modelled", test_analyze_hybrid_not_modelled);
  g_test_add_func ("/planner/analyze/job-custom-size", test_analyze_job_custom_size);
  g_test_add_func ("/planner/analyze/job-own-environment", test_analyze_job_own_environment);
  g_test_add_func ("/planner/analyze/job-long-context", test_analyze_job_long_context);

  return g_test_run ();
}
