/* test-release-rules.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Start-up rules that changed between Megatron-Core releases (issue 20,
 * ../shared/megatron/versions/diff.md), each tested on both sides of its
 * change: the same launch, analysed for the releases on either side, must
 * carry the diagnostic where the release's rules.jsonl holds the rule and
 * must not where it does not.
 */

#include "config.h"

#include "planner-analyze.h"
#include "planner-import.h"
#include "planner-release.h"

/* A small dense GPT that every release accepts on 8 H100s. */
static const char *const base_args[] = {
  "--num-layers", "24", "--hidden-size", "2048", "--num-attention-heads", "16",
  "--seq-length", "2048", "--max-position-embeddings", "4096",
  "--micro-batch-size", "1", "--global-batch-size", "64",
  "--tokenizer-type", "NullTokenizer", "--vocab-size", "32000", "--mock-data",
  "--lr", "3e-4", "--min-lr", "3e-5", "--train-iters", "1000",
  NULL,
};

#define MOE "--num-experts", "8", "--moe-router-topk", "2"

typedef struct
{
  const char        *code;
  const char *const *refused;    /* releases whose rules refuse the launch */
  const char *const *accepted;   /* releases on the other side of the change */
  const char        *args[24];   /* added to base_args, for every release */
  const char        *old_args[8];  /* added for releases before 0.14.0 (the custom FSDP's spelling) */
  const char        *new_args[8];  /* added for 0.14.0 and later */
} ReleaseRule;

#define RELEASES(...) (const char *const[]) { __VA_ARGS__, NULL }

static const ReleaseRule rules[] = {
  /* transformer_config: a multiple of TP up to 0.15.3, a multiple or a divisor from 0.16.1. */
  { "model.query-groups-tp", RELEASES ("0.12.0", "0.15.3"), RELEASES ("0.16.1", "0.20.0"),
    { "--bf16", "--group-query-attention", "--num-query-groups", "4", "--tensor-model-parallel-size", "8",
      "--sequence-parallel" } },
  /* transformer_config: no MoE biases in 0.13.1 and 0.14.0; with ETP 1 from 0.15.3; no rule in 0.12.0. */
  { "moe.bias-unsupported", RELEASES ("0.13.1", "0.14.0"), RELEASES ("0.12.0", "0.15.3", "0.20.0"),
    { "--bf16", MOE } },
  { "moe.bias-needs-etp-1", RELEASES ("0.15.3", "0.20.0"), RELEASES ("0.12.0", "0.13.1", "0.14.0"),
    { "--bf16", MOE, "--tensor-model-parallel-size", "2", "--sequence-parallel" } },
  /* validate_args up to 0.15.3. */
  { "moe.ep-fp16", RELEASES ("0.12.0", "0.15.3"), RELEASES ("0.16.1", "0.20.0"),
    { "--fp16", MOE, "--disable-bias-linear", "--expert-model-parallel-size", "8" } },
  /* TransformerConfig of 0.16.1 and 0.17.1 only. */
  { "moe.overlap-ep-comm-mtp-pp", RELEASES ("0.16.1", "0.17.1"), RELEASES ("0.15.3", "0.18.2", "0.20.0"),
    { "--bf16", MOE, "--disable-bias-linear", "--expert-model-parallel-size", "8",
      "--moe-token-dispatcher-type", "alltoall", "--overlap-moe-expert-parallel-comm",
      "--mtp-num-layers", "1", "--position-embedding-type", "rope" } },
  /* "moe" among the recomputed modules is refused with the overlap from 0.17.1. */
  { "moe.overlap-ep-comm", RELEASES ("0.17.1", "0.20.0"), RELEASES ("0.14.0", "0.16.1"),
    { "--bf16", MOE, "--disable-bias-linear", "--expert-model-parallel-size", "8",
      "--moe-token-dispatcher-type", "alltoall", "--overlap-moe-expert-parallel-comm",
      "--recompute-granularity", "selective", "--recompute-modules", "moe" } },
  /* --delay-wgrad-compute: with --overlap-grad-reduce refused in 0.13.1, without the overlap from 0.14.0. */
  { "wgrad.delay-overlap-grad-reduce", RELEASES ("0.13.1"), RELEASES ("0.14.0", "0.20.0"),
    { "--bf16", "--delay-wgrad-compute", "--use-distributed-optimizer", "--overlap-grad-reduce" } },
  { "wgrad.delay-needs-ep-overlap", RELEASES ("0.14.0", "0.20.0"), RELEASES ("0.13.1"),
    { "--bf16", "--delay-wgrad-compute" } },
  /* moe_act and layernorm recompute under FP8: unchecked in 0.12.0, any recipe in 0.13.1, delayed from 0.14.0. */
  { "recompute.fp8-modules", RELEASES ("0.13.1"), RELEASES ("0.12.0", "0.14.0", "0.20.0"),
    { "--bf16", "--fp8-format", "hybrid", "--fp8-recipe", "tensorwise", "--recompute-granularity", "selective",
      "--recompute-modules", "layernorm" } },
  { "recompute.fp8-delayed-modules", RELEASES ("0.14.0", "0.20.0"), RELEASES ("0.12.0", "0.13.1"),
    { "--bf16", "--fp8-format", "hybrid", "--fp8-recipe", "delayed", "--recompute-granularity", "selective",
      "--recompute-modules", "layernorm" } },
  /* validate_args up to 0.13.1. */
  { "mtp.context-parallel", RELEASES ("0.12.0", "0.13.1"), RELEASES ("0.14.0", "0.20.0"),
    { "--bf16", "--mtp-num-layers", "1", "--position-embedding-type", "rope", "--context-parallel-size", "2" } },
  /* The custom FSDP of 0.12 and 0.13 takes the distributed optimizer and does not stand in for it. */
  { "fsdp.custom-needs-distopt", RELEASES ("0.12.0", "0.13.1"), RELEASES ("0.14.0", "0.20.0"),
    { "--bf16" }, { "--use-custom-fsdp" }, { "--use-megatron-fsdp", "--ckpt-format", "fsdp_dtensor" } },
  { "fp8.param-gather-needs-distopt", RELEASES ("0.12.0", "0.13.1"), RELEASES ("0.14.0", "0.20.0"),
    { "--bf16", "--fp8-format", "hybrid", "--fp8-recipe", "tensorwise", "--fp8-param-gather" },
    { "--use-custom-fsdp" }, { "--use-megatron-fsdp", "--ckpt-format", "fsdp_dtensor" } },
  { "optimizer.overlap-param-gather-needs-distopt", RELEASES ("0.12.0", "0.13.1"), RELEASES ("0.14.0", "0.20.0"),
    { "--bf16", "--overlap-grad-reduce", "--overlap-param-gather" },
    { "--use-custom-fsdp" }, { "--use-megatron-fsdp", "--ckpt-format", "fsdp_dtensor" } },
  /* validate_args from 0.14.0. */
  { "fp8.cpu-offload-recipe", RELEASES ("0.14.0", "0.20.0"), RELEASES ("0.12.0", "0.13.1"),
    { "--bf16", "--fp8-format", "hybrid", "--fp8-recipe", "tensorwise", "--fp8-param-gather",
      "--use-distributed-optimizer", "--optimizer-cpu-offload", "--use-precision-aware-optimizer" } },
  /* TransformerConfig of 0.12.0. */
  { "fp8.mxfp8-param-gather", RELEASES ("0.12.0"), RELEASES ("0.13.1", "0.20.0"),
    { "--bf16", "--fp8-format", "e4m3", "--fp8-recipe", "mxfp8", "--fp8-param-gather",
      "--use-distributed-optimizer" } },
};

static gboolean
has_error (const ReleaseRule *rule,
           const char        *release)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerReport) report = NULL;
  PlannerAnalyzeOptions options = { .world_size = 8, .gpu_id = "b200", .megatron_version = release };
  const char *const *extra = planner_release_at_least (release, "0.14.0") ? rule->new_args : rule->old_args;
  GPtrArray *diagnostics;

  for (guint i = 0; base_args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) base_args[i]);
  for (guint i = 0; i < G_N_ELEMENTS (rule->args) && rule->args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) rule->args[i]);
  for (guint i = 0; i < 8 && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, NULL);

  import = planner_import_argv_for (release, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  report = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  diagnostics = planner_report_get_diagnostics (report);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR && g_str_equal (d->code, rule->code))
        {
          /* A rule an older release alone holds says which release it is. */
          g_assert_nonnull (d->message);
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_rule (gconstpointer data)
{
  const ReleaseRule *rule = data;

  for (guint i = 0; rule->refused[i] != NULL; i++)
    {
      g_test_message ("%s in %s: refused", rule->code, rule->refused[i]);
      g_assert_true (has_error (rule, rule->refused[i]));
    }
  for (guint i = 0; rule->accepted[i] != NULL; i++)
    {
      g_test_message ("%s in %s: accepted", rule->code, rule->accepted[i]);
      g_assert_false (has_error (rule, rule->accepted[i]));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      g_autofree char *path = g_strdup_printf ("/release-rules/%s", rules[i].code);

      g_test_add_data_func (path, &rules[i], test_rule);
    }
  return g_test_run ();
}
