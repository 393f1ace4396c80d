/* test-validate.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "planner-validate.h"

/* A small dense GPT that Megatron accepts on 8 GPUs: every case below
 * changes a few arguments on top of it. */
static const char *base_spec =
  "num_layers=24 hidden_size=2048 num_attention_heads=16 seq_length=2048 "
  "max_position_embeddings=4096 micro_batch_size=1 global_batch_size=64 "
  "tokenizer_type=NullTokenizer vocab_size=32000 mock_data lr=3e-4 min_lr=3e-5 "
  "train_iters=1000 add_bias_linear bf16";

/* store_false dests: a bare token means the flag was given (value False). */
static const struct
{
  const char *dest;
  const char *flag;
} store_false[] = {
  { "add_bias_linear", "--disable-bias-linear" },
  { "add_position_embedding", "--no-position-embedding" },
  { "gradient_accumulation_fusion", "--no-gradient-accumulation-fusion" },
  { "overlap_p2p_comm", "--no-overlap-p2p-communication" },
  { "use_gloo_process_groups", "--disable-gloo-process-groups" },
};

static char *
flag_for_dest (const char *dest)
{
  char *flag;

  for (guint i = 0; i < G_N_ELEMENTS (store_false); i++)
    if (g_str_equal (store_false[i].dest, dest))
      return g_strdup (store_false[i].flag);
  if (g_str_equal (dest, "fp8"))
    return g_strdup ("--fp8-format");
  if (g_str_equal (dest, "fp4"))
    return g_strdup ("--fp4-format");
  flag = g_strconcat ("--", dest, NULL);
  g_strdelimit (flag, "_", '-');
  return flag;
}

static gboolean
is_store_false (const char *dest)
{
  for (guint i = 0; i < G_N_ELEMENTS (store_false); i++)
    if (g_str_equal (store_false[i].dest, dest))
      return TRUE;
  return FALSE;
}

/* "dest=value" sets, "dest=a;b" sets a list, a bare "dest" is the flag
 * given without a value, "!dest" removes it.  In a pipeline layout '/'
 * stands for '|'. */
static void
apply_spec (PlannerArgs *args,
            const char  *spec)
{
  g_auto(GStrv) tokens = g_strsplit (spec, " ", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_auto(GStrv) pair = NULL;
      g_autofree char *flag = NULL;

      if (tokens[i][0] == '\0')
        continue;
      if (tokens[i][0] == '!')
        {
          planner_args_unset (args, tokens[i] + 1);
          continue;
        }
      pair = g_strsplit (tokens[i], "=", 2);
      flag = flag_for_dest (pair[0]);
      if (pair[1] == NULL)
        planner_args_set_bool (args, pair[0], flag, !is_store_false (pair[0]));
      else if (strchr (pair[1], ';') != NULL)
        {
          g_auto(GStrv) values = g_strsplit (pair[1], ";", -1);

          planner_args_set_list (args, pair[0], flag, (const char *const *) values);
        }
      else
        {
          if (g_str_equal (pair[0], "pipeline_model_parallel_layout"))
            g_strdelimit (pair[1], "/", '|');
          planner_args_set (args, pair[0], flag, pair[1]);
        }
    }
}

static PlannerArgs *
make_args (const char *base,
           const char *spec)
{
  PlannerArgs *args = planner_args_new ();

  if (base != NULL)
    apply_spec (args, base);
  if (spec != NULL)
    apply_spec (args, spec);
  return args;
}

/* NULL: the usual launch environment (CUDA_DEVICE_MAX_CONNECTIONS=1);
 * "-": unknown; "@K=V K2=V2": exactly these variables. */
static GHashTable *
make_env (const char *spec)
{
  GHashTable *env;
  g_auto(GStrv) tokens = NULL;

  if (spec != NULL && g_str_equal (spec, "-"))
    return NULL;
  env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (spec == NULL)
    {
      g_hash_table_insert (env, g_strdup ("CUDA_DEVICE_MAX_CONNECTIONS"), g_strdup ("1"));
      return env;
    }
  tokens = g_strsplit (spec + 1, " ", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (tokens[i], "=", 2);

      if (pair[0] != NULL && pair[1] != NULL)
        g_hash_table_insert (env, g_strdup (pair[0]), g_strdup (pair[1]));
    }
  return env;
}

/* Every diagnostic is complete: a code, a message, a flag list, and no
 * "(null)" leaking from a missing string. */
static void
assert_well_formed (GPtrArray *diagnostics)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_assert_nonnull (d->code);
      g_assert_nonnull (strchr (d->code, '.'));
      g_assert_nonnull (d->message);
      g_assert_cmpuint (strlen (d->message), >, 10);
      g_assert_null (strstr (d->message, "(null)"));
      g_assert_nonnull (d->flags);
      for (guint j = 0; d->flags[j] != NULL; j++)
        g_assert_true (d->flags[j][0] != '\0');
      if (d->fix != NULL)
        g_assert_null (strstr (d->fix, "(null)"));
    }
}

/* The release the checks run for; NULL: the default. */
static const char *test_release;

/* resolve_layout + validate, as the analyzer does; config NULL unless given. */
static GPtrArray *
run_full (const PlannerArgs   *args,
          guint64              world,
          GHashTable          *env,
          guint                cc,
          const PlannerConfig *config,
          PlannerLayout       *layout_out)
{
  GPtrArray *diagnostics = planner_diagnostics_new ();
  PlannerValidateContext context = { 0 };
  PlannerLayout layout;
  gboolean ok;

  context.world_size = world;
  context.env = env;
  context.compute_capability_major = cc;
  context.megatron_version = test_release;

  ok = planner_validate_resolve_layout (args, world, &layout, diagnostics);
  planner_validate (args, &context, ok ? &layout : NULL, config, diagnostics);
  assert_well_formed (diagnostics);
  if (layout_out != NULL)
    *layout_out = layout;
  return diagnostics;
}

static GPtrArray *
run (const char *spec,
     guint64     world,
     const char *env_spec,
     guint       cc)
{
  g_autoptr(PlannerArgs) args = make_args (base_spec, spec);
  GHashTable *env = make_env (env_spec);
  GPtrArray *diagnostics = run_full (args, world, env, cc, NULL, NULL);

  if (env != NULL)
    g_hash_table_unref (env);
  return diagnostics;
}

static PlannerDiagnostic *
find (GPtrArray  *diagnostics,
      const char *code)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (g_str_equal (d->code, code))
        return d;
    }
  return NULL;
}

static void
dump (GPtrArray *diagnostics)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_test_message ("%s %s: %s [fix: %s]", planner_severity_to_string (d->severity), d->code,
                      d->message, d->fix != NULL ? d->fix : "-");
    }
}

/* The text appears in the message, the fix or one of the flags. */
static gboolean
mentions (const PlannerDiagnostic *d,
          const char              *text)
{
  if (strstr (d->message, text) != NULL)
    return TRUE;
  if (d->fix != NULL && strstr (d->fix, text) != NULL)
    return TRUE;
  for (guint i = 0; d->flags[i] != NULL; i++)
    if (strstr (d->flags[i], text) != NULL)
      return TRUE;
  return FALSE;
}

static void
assert_has (GPtrArray       *diagnostics,
            const char      *code,
            PlannerSeverity  severity,
            const char      *text)
{
  PlannerDiagnostic *d = find (diagnostics, code);

  if (d == NULL)
    dump (diagnostics);
  g_assert_nonnull (d);
  g_assert_cmpstr (planner_severity_to_string (d->severity), ==, planner_severity_to_string (severity));
  if (text != NULL && !mentions (d, text))
    {
      dump (diagnostics);
      g_test_message ("expected \"%s\" in %s", text, code);
    }
  if (text != NULL)
    g_assert_true (mentions (d, text));
}

static void
assert_lacks (GPtrArray  *diagnostics,
              const char *code)
{
  if (find (diagnostics, code) != NULL)
    dump (diagnostics);
  g_assert_null (find (diagnostics, code));
}

static void
assert_no_errors (GPtrArray *diagnostics)
{
  if (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_ERROR) != 0)
    dump (diagnostics);
  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_ERROR), ==, 0);
}

/* One row per diagnostic case: the arguments that trigger it, the
 * neighbouring arguments that do not, and a text the diagnostic must
 * mention (the flag, the nearest valid choice, Megatron's words). */
typedef struct
{
  const char      *code;
  PlannerSeverity  severity;
  guint64          world;
  const char      *bad;
  const char      *good;
  const char      *expect;
  const char      *env;
  guint            cc;
} Case;

static const Case cases[] = {
  { "layout.world-not-divisible", PLANNER_SEVERITY_ERROR, 8, "tensor_model_parallel_size=3", "tensor_model_parallel_size=2", "TP 4 × CP 1 × DP 2 × PP 1", NULL, 0 },
  { "layout.expert-world-not-divisible", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 expert_model_parallel_size=8 pipeline_model_parallel_size=4", "num_experts=8 expert_model_parallel_size=8", "expert_tensor_model_pipeline_parallel size (32)", NULL, 0 },
  { "layout.mapping-expert-dp", PLANNER_SEVERITY_ERROR, 16, "tensor_model_parallel_size=2 context_parallel_size=2 pipeline_model_parallel_size=2 use_tp_pp_dp_mapping", "tensor_model_parallel_size=2 context_parallel_size=2 pipeline_model_parallel_size=2", "--use-tp-pp-dp-mapping", NULL, 0 },
  { "layout.vpp-needs-pp", PLANNER_SEVERITY_ERROR, 8, "num_virtual_stages_per_pipeline_rank=2", "num_virtual_stages_per_pipeline_rank=2 pipeline_model_parallel_size=2", "--pipeline-model-parallel-size", NULL, 0 },
  { "layout.invalid-degree", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=0", "pipeline_model_parallel_size=1", "--pipeline-model-parallel-size", NULL, 0 },
  { "layout.invalid-degree", PLANNER_SEVERITY_ERROR, 8, "tensor_model_parallel_size=-2", "tensor_model_parallel_size=2", "--tensor-model-parallel-size", NULL, 0 },
  { "layout.dist-opt-instances", PLANNER_SEVERITY_ERROR, 8, "num_distributed_optimizer_instances=3", "num_distributed_optimizer_instances=2", "--num-distributed-optimizer-instances", NULL, 0 },
  { "pipeline.vpp-sources", PLANNER_SEVERITY_ERROR, 8, "num_virtual_stages_per_pipeline_rank=2 num_layers_per_virtual_pipeline_stage=3 pipeline_model_parallel_size=2", "num_virtual_stages_per_pipeline_rank=2 pipeline_model_parallel_size=2", "--num-layers-per-virtual-pipeline-stage", NULL, 0 },
  { "pipeline.vpp-layers", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 num_layers_per_virtual_pipeline_stage=4", "pipeline_model_parallel_size=4 num_layers_per_virtual_pipeline_stage=3", "1, 2, 3 or 6", NULL, 0 },
  { "pipeline.vpp-layers", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=4", "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=3", "1, 2, 3 or 6", NULL, 0 },
  { "pipeline.vpp-layers", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 num_layers_per_virtual_pipeline_stage=3 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=4", "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=4", "--num-virtual-stages-per-pipeline-rank", NULL, 0 },
  { "pipeline.layers-not-divisible", PLANNER_SEVERITY_ERROR, 64, "num_layers=126 pipeline_model_parallel_size=8 tensor_model_parallel_size=8", "num_layers=126 pipeline_model_parallel_size=8 tensor_model_parallel_size=8 account_for_embedding_in_pipeline_split account_for_loss_in_pipeline_split", "--account-for-embedding-in-pipeline-split", NULL, 0 },
  { "pipeline.layers-not-divisible", PLANNER_SEVERITY_ERROR, 64, "num_layers=126 pipeline_model_parallel_size=8 tensor_model_parallel_size=8", "num_layers=128 pipeline_model_parallel_size=8 tensor_model_parallel_size=8", "1 or 2", NULL, 0 },
  { "pipeline.layout-stages", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=8 pipeline_model_parallel_layout=Et/tt/tt/tL", "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=Et/tt/tt/tL", "4 stages", NULL, 0 },
  { "pipeline.layout-unreadable", PLANNER_SEVERITY_WARNING, 8, "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=E?t", "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=Et/tL", "E?t", NULL, 0 },
  /* Issue 22 #1: the layout's 'm' layers must match --mtp-num-layers. */
  { "pipeline.layout-mtp", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=Et/tL mtp_num_layers=1", "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=Et/tmL mtp_num_layers=1", "--mtp-num-layers", NULL, 0 },
  { "pipeline.layout-conflict", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=Et/tL account_for_loss_in_pipeline_split", "pipeline_model_parallel_size=2 pipeline_model_parallel_layout=Et/tL", "--pipeline-model-parallel-layout", NULL, 0 },
  { "pipeline.uneven-account", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=4 account_for_loss_in_pipeline_split", "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=4", "--account-for-loss-in-pipeline-split", NULL, 0 },
  { "pipeline.uneven-positive", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=0 decoder_last_pipeline_num_layers=4", "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=4", "--decoder-first-pipeline-num-layers", NULL, 0 },
  { "pipeline.uneven-middle", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=5", "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=5 decoder_last_pipeline_num_layers=5", "leaves 15 layers", NULL, 0 },
  { "pipeline.uneven-middle", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=2 decoder_first_pipeline_num_layers=10 decoder_last_pipeline_num_layers=10", "pipeline_model_parallel_size=2 decoder_first_pipeline_num_layers=12 decoder_last_pipeline_num_layers=12", "for 0 middle stages", NULL, 0 },
  { "pipeline.uneven-layer-count", PLANNER_SEVERITY_WARNING, 8, "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=16 decoder_last_pipeline_num_layers=14", "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=8 decoder_last_pipeline_num_layers=6", "do not add up to 24", NULL, 0 },
  { "pipeline.uneven-vpp", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 decoder_first_pipeline_num_layers=3 decoder_last_pipeline_num_layers=3", "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 decoder_first_pipeline_num_layers=4 decoder_last_pipeline_num_layers=4", "divisible by 2", NULL, 0 },
  { "pipeline.interleave-microbatches", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 global_batch_size=6", "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 global_batch_size=8", "A global batch of 8", NULL, 0 },
  { "pipeline.interleave-microbatches", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 global_batch_size=12", "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 global_batch_size=16", "this job has 6", NULL, 0 },
  { "pipeline.interleave-needs-pp", PLANNER_SEVERITY_ERROR, 8, "pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2 overlap_p2p_comm", "pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2", "--no-overlap-p2p-communication", NULL, 0 },
  { "pipeline.overlap-param-gather-with-optimizer-step", PLANNER_SEVERITY_ERROR, 8, "overlap_param_gather_with_optimizer_step use_distributed_optimizer overlap_param_gather overlap_grad_reduce pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2", "overlap_param_gather_with_optimizer_step use_distributed_optimizer overlap_param_gather overlap_grad_reduce pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2 ckpt_format=torch", "--ckpt-format torch", NULL, 0 },
  { "pipeline.overlap-p2p-off", PLANNER_SEVERITY_INFO, 8, "pipeline_model_parallel_size=2", "pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2", "p2p", NULL, 0 },
  { "model.heads-not-divisible-by-tp", PLANNER_SEVERITY_ERROR, 8, "num_attention_heads=12 kv_channels=128 tensor_model_parallel_size=8", "num_attention_heads=12 kv_channels=128 tensor_model_parallel_size=4", "1, 2 or 4", NULL, 0 },
  { "model.query-groups-tp", PLANNER_SEVERITY_ERROR, 8, "num_attention_heads=24 kv_channels=128 group_query_attention num_query_groups=6 tensor_model_parallel_size=4", "num_attention_heads=24 kv_channels=128 group_query_attention num_query_groups=8 tensor_model_parallel_size=4", "num_query_groups (6)", NULL, 0 },
  { "model.query-groups-tp", PLANNER_SEVERITY_ERROR, 8, "group_query_attention num_query_groups=4 tensor_model_parallel_size=8 num_attention_heads=24 kv_channels=128 num_query_groups=6", "group_query_attention num_query_groups=4 tensor_model_parallel_size=8", "--num-query-groups", NULL, 0 },
  { "model.heads-not-divisible-by-groups", PLANNER_SEVERITY_ERROR, 8, "group_query_attention num_query_groups=6", "group_query_attention num_query_groups=8", "16 attention heads", NULL, 0 },
  { "model.num-query-groups-ignored", PLANNER_SEVERITY_WARNING, 8, "num_query_groups=4", "num_query_groups=4 group_query_attention", "--group-query-attention", NULL, 0 },
  { "model.query-groups-invalid", PLANNER_SEVERITY_ERROR, 8, "group_query_attention num_query_groups=0", "group_query_attention num_query_groups=4", "--num-query-groups", NULL, 0 },
  { "model.hidden-not-divisible-by-heads", PLANNER_SEVERITY_ERROR, 8, "hidden_size=1000", "hidden_size=1000 kv_channels=64", "--kv-channels", NULL, 0 },
  { "model.max-position-below-seq", PLANNER_SEVERITY_ERROR, 8, "max_position_embeddings=1024", "max_position_embeddings=2048", "--max-position-embeddings", NULL, 0 },
  { "required.num-layers", PLANNER_SEVERITY_ERROR, 8, "!num_layers", "", "--num-layers", NULL, 0 },
  { "required.num-layers", PLANNER_SEVERITY_ERROR, 8, "num_layers=0", "num_layers=2", "positive", NULL, 0 },
  { "required.hidden-size", PLANNER_SEVERITY_ERROR, 8, "!hidden_size", "", "--hidden-size", NULL, 0 },
  { "required.num-attention-heads", PLANNER_SEVERITY_ERROR, 8, "!num_attention_heads", "", "--num-attention-heads", NULL, 0 },
  { "required.max-position-embeddings", PLANNER_SEVERITY_ERROR, 8, "!max_position_embeddings", "", "--max-position-embeddings", NULL, 0 },
  { "required.seq-length", PLANNER_SEVERITY_ERROR, 8, "!seq_length", "!seq_length encoder_seq_length=2048", "--seq-length", NULL, 0 },
  { "batch.micro-missing", PLANNER_SEVERITY_ERROR, 8, "!micro_batch_size", "", "--micro-batch-size", NULL, 0 },
  { "batch.micro-missing", PLANNER_SEVERITY_ERROR, 8, "micro_batch_size=0", "micro_batch_size=2", "not positive", NULL, 0 },
  { "ffn.not-divisible-by-tp", PLANNER_SEVERITY_ERROR, 8, "ffn_hidden_size=1001 tensor_model_parallel_size=8", "ffn_hidden_size=1024 tensor_model_parallel_size=8", "1000 or 1008", NULL, 0 },
  { "ffn.not-divisible-by-tp", PLANNER_SEVERITY_ERROR, 8, "hidden_size=2001 kv_channels=128 tensor_model_parallel_size=8", "hidden_size=2048 tensor_model_parallel_size=8", "8004", NULL, 0 },
  { "moe.ffn-not-divisible-by-etp", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_ffn_hidden_size=1001 expert_tensor_parallel_size=2", "num_experts=8 moe_ffn_hidden_size=1024 expert_tensor_parallel_size=2", "ETP 2", NULL, 0 },
  { "moe.ep-without-experts", PLANNER_SEVERITY_ERROR, 8, "expert_model_parallel_size=2", "expert_model_parallel_size=2 num_experts=8", "--num-experts", NULL, 0 },
  { "moe.experts-not-divisible-by-ep", PLANNER_SEVERITY_ERROR, 8, "num_experts=6 expert_model_parallel_size=4", "num_experts=6 expert_model_parallel_size=2", "1 or 2", NULL, 0 },
  { "moe.bias-needs-etp-1", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 tensor_model_parallel_size=2 sequence_parallel !add_bias_linear", "num_experts=8 tensor_model_parallel_size=2 sequence_parallel", "defaults to TP", NULL, 0 },
  { "moe.bias-needs-etp-1", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 expert_tensor_parallel_size=2 !add_bias_linear", "num_experts=8 expert_tensor_parallel_size=1 !add_bias_linear", "turn the linear biases off (--disable-bias-linear)", NULL, 0 },
  { "moe.etp-defaults-to-tp", PLANNER_SEVERITY_INFO, 8, "num_experts=8 tensor_model_parallel_size=2 sequence_parallel", "num_experts=8 tensor_model_parallel_size=2 sequence_parallel expert_tensor_parallel_size=1", "defaults to TP 2", NULL, 0 },
  { "moe.num-experts-zero", PLANNER_SEVERITY_WARNING, 8, "num_experts=0", "num_experts=8", "--num-experts", NULL, 0 },
  { "moe.topk-range", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_topk=10", "num_experts=8 moe_router_topk=8", "--moe-router-topk", NULL, 0 },
  { "moe.topk1-needs-pre-softmax", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_topk=1", "num_experts=8 moe_router_topk=1 moe_router_pre_softmax", "--moe-router-pre-softmax", NULL, 0 },
  { "moe.topk1-needs-pre-softmax", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_topk=1", "num_experts=8 moe_router_topk=1 moe_router_score_function=sigmoid", "Top-1", NULL, 0 },
  { "moe.router-groups", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_num_groups=3 moe_router_group_topk=1", "num_experts=8 moe_router_num_groups=4 moe_router_group_topk=1", "--moe-router-num-groups", NULL, 0 },
  { "moe.expert-bias-needs-sigmoid", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_enable_expert_bias", "num_experts=8 moe_router_enable_expert_bias moe_router_score_function=sigmoid", "sigmoid", NULL, 0 },
  { "moe.shared-expert-overlap-dispatcher", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_shared_expert_intermediate_size=1024 moe_shared_expert_overlap", "num_experts=8 moe_shared_expert_intermediate_size=1024 moe_shared_expert_overlap moe_token_dispatcher_type=alltoall", "alltoall", NULL, 0 },
  { "moe.deepep-needs-flex", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_enable_deepep moe_token_dispatcher_type=alltoall", "num_experts=8 moe_enable_deepep moe_token_dispatcher_type=flex", "--moe-token-dispatcher-type flex", NULL, 0 },
  { "moe.padding-for-quantization-allgather", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_padding_for_quantization", "num_experts=8 moe_router_padding_for_quantization moe_token_dispatcher_type=alltoall", "allgather", NULL, 0 },
  { "moe.capacity-factor-balancing", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_expert_capacity_factor=1.0 moe_router_load_balancing_type=sinkhorn", "num_experts=8 moe_expert_capacity_factor=1.0 moe_router_load_balancing_type=seq_aux_loss", "sinkhorn", NULL, 0 },
  { "moe.capacity-factor-negative", PLANNER_SEVERITY_WARNING, 8, "num_experts=8 moe_expert_capacity_factor=-1", "num_experts=8 moe_expert_capacity_factor=1.5", "--moe-expert-capacity-factor", NULL, 0 },
  { "moe.pad-needs-capacity", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_pad_expert_input_to_capacity", "num_experts=8 moe_pad_expert_input_to_capacity moe_expert_capacity_factor=1.0", "--moe-expert-capacity-factor", NULL, 0 },
  { "moe.balancing-coeff-length", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_load_balancing_type=aux_loss;seq_aux_loss moe_aux_loss_coeff=0.01;0.001;0.1", "num_experts=8 moe_router_load_balancing_type=aux_loss;seq_aux_loss moe_aux_loss_coeff=0.01;0.001", "2 load-balancing types", NULL, 0 },
  { "moe.overlap-ep-comm", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 overlap_moe_expert_parallel_comm", "num_experts=8 overlap_moe_expert_parallel_comm expert_model_parallel_size=2 moe_token_dispatcher_type=alltoall", "EP > 1", NULL, 0 },
  { "moe.overlap-ep-comm", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 overlap_moe_expert_parallel_comm expert_model_parallel_size=2 moe_token_dispatcher_type=alltoall pipeline_model_parallel_size=2", "num_experts=8 overlap_moe_expert_parallel_comm expert_model_parallel_size=2 moe_token_dispatcher_type=alltoall pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2", "virtual pipeline", NULL, 0 },
  { "moe.ffn-default", PLANNER_SEVERITY_INFO, 8, "num_experts=8", "num_experts=8 moe_ffn_hidden_size=1024", "--moe-ffn-hidden-size", NULL, 0 },
  { "parallel.sp-auto-off", PLANNER_SEVERITY_WARNING, 8, "sequence_parallel", "sequence_parallel tensor_model_parallel_size=2", "--sequence-parallel", NULL, 0 },
  { "parallel.sp-required-with-ep", PLANNER_SEVERITY_WARNING, 8, "num_experts=8 expert_model_parallel_size=2 tensor_model_parallel_size=2 expert_tensor_parallel_size=1", "num_experts=8 expert_model_parallel_size=2 tensor_model_parallel_size=2 expert_tensor_parallel_size=1 sequence_parallel", "--sequence-parallel", NULL, 0 },
  { "parallel.tp-comm-overlap-needs-sp", PLANNER_SEVERITY_ERROR, 8, "tp_comm_overlap tensor_model_parallel_size=2", "tp_comm_overlap tensor_model_parallel_size=2 sequence_parallel", "--tp-comm-overlap", NULL, 0 },
  { "parallel.tp-comm-overlap-needs-sp", PLANNER_SEVERITY_ERROR, 8, "tp_comm_overlap sequence_parallel", "tp_comm_overlap tensor_model_parallel_size=2 sequence_parallel", "TP 1", NULL, 0 },
  { "sp.seq-not-divisible", PLANNER_SEVERITY_ERROR, 8, "tensor_model_parallel_size=8 sequence_parallel seq_length=2052", "tensor_model_parallel_size=8 sequence_parallel seq_length=2048", "2052", NULL, 0 },
  { "sp.seq-not-divisible", PLANNER_SEVERITY_ERROR, 8, "tensor_model_parallel_size=4 context_parallel_size=2 sequence_parallel seq_length=2052", "tensor_model_parallel_size=4 context_parallel_size=2 sequence_parallel seq_length=2064", "CP 2", NULL, 0 },
  { "cp.seq-not-divisible", PLANNER_SEVERITY_ERROR, 8, "context_parallel_size=4 seq_length=2052", "context_parallel_size=4 seq_length=2048", "1 or 2", NULL, 0 },
  { "cp.local-impl", PLANNER_SEVERITY_ERROR, 8, "context_parallel_size=2 transformer_impl=local", "transformer_impl=local", "--transformer-impl", NULL, 0 },
  { "cp.a2a-p2p-needs-hierarchical", PLANNER_SEVERITY_ERROR, 8, "context_parallel_size=4 cp_comm_type=a2a+p2p", "context_parallel_size=4 cp_comm_type=a2a+p2p hierarchical_context_parallel_sizes=2;2", "--hierarchical-context-parallel-sizes", NULL, 0 },
  { "cp.hierarchical-sizes", PLANNER_SEVERITY_ERROR, 8, "context_parallel_size=4 hierarchical_context_parallel_sizes=2;4", "context_parallel_size=4 hierarchical_context_parallel_sizes=2;2", "CP 4", NULL, 0 },
  { "cp.hybrid", PLANNER_SEVERITY_ERROR, 8, "hybrid_context_parallel context_parallel_size=2", "hybrid_context_parallel context_parallel_size=2 calculate_per_token_loss", "--calculate-per-token-loss", NULL, 0 },
  { "env.cuda-device-max-connections", PLANNER_SEVERITY_ERROR, 8, "tensor_model_parallel_size=2", "tensor_model_parallel_size=1", "CUDA_DEVICE_MAX_CONNECTIONS=1", "@", 0 },
  { "env.cuda-device-max-connections", PLANNER_SEVERITY_ERROR, 8, "context_parallel_size=2", "context_parallel_size=2 use_megatron_fsdp ckpt_format=fsdp_dtensor use_distributed_optimizer", "not set", "@", 0 },
  { "env.cuda-device-max-connections", PLANNER_SEVERITY_ERROR, 8, "tensor_model_parallel_size=2", "tensor_model_parallel_size=2 num_experts=8 expert_model_parallel_size=2 expert_tensor_parallel_size=1 moe_token_dispatcher_type=alltoall overlap_moe_expert_parallel_comm sequence_parallel", "\"0\"", "@CUDA_DEVICE_MAX_CONNECTIONS=0", 0 },
  { "env.cuda-device-max-connections", PLANNER_SEVERITY_WARNING, 8, "tensor_model_parallel_size=2", "tensor_model_parallel_size=1", "export", "-", 0 },
  { "attention.backend-env-conflict", PLANNER_SEVERITY_ERROR, 8, "", "attention_backend=fused", "NVTE_FLASH_ATTN=0", "@CUDA_DEVICE_MAX_CONNECTIONS=1 NVTE_FLASH_ATTN=0", 0 },
  { "attention.backend-env-conflict", PLANNER_SEVERITY_ERROR, 8, "attention_backend=flash", "attention_backend=auto", "NVTE_UNFUSED_ATTN=0", "@NVTE_UNFUSED_ATTN=1", 0 },
  { "attention.local-backend", PLANNER_SEVERITY_ERROR, 8, "attention_backend=local", "attention_backend=flash", "--attention-backend", NULL, 0 },
  { "attention.relative-needs-te", PLANNER_SEVERITY_ERROR, 8, "position_embedding_type=relative transformer_impl=local", "position_embedding_type=relative", "transformer_engine", NULL, 0 },
  { "attention.no-position-embedding", PLANNER_SEVERITY_ERROR, 8, "add_position_embedding", "add_position_embedding position_embedding_type=rope", "--no-position-embedding", NULL, 0 },
  { "impl.needs-te", PLANNER_SEVERITY_ERROR, 8, "transformer_impl=local delay_wgrad_compute", "delay_wgrad_compute", "--delay-wgrad-compute", NULL, 0 },
  { "fp8.needs-te", PLANNER_SEVERITY_WARNING, 8, "transformer_impl=local fp8=hybrid", "fp8=hybrid", "--fp8-format", NULL, 0 },
  { "precision.fp16-and-bf16", PLANNER_SEVERITY_ERROR, 8, "fp16", "!bf16 fp16", "--fp16", NULL, 0 },
  { "fp8.param-gather-needs-distopt", PLANNER_SEVERITY_ERROR, 8, "fp8=hybrid fp8_param_gather", "fp8=hybrid fp8_param_gather use_distributed_optimizer", "--use-distributed-optimizer", NULL, 0 },
  { "fp8.first-last-bf16-delayed", PLANNER_SEVERITY_ERROR, 8, "fp8=hybrid first_last_layers_bf16", "fp8=hybrid first_last_layers_bf16 fp8_recipe=tensorwise", "delayed", NULL, 0 },
  { "fp8.first-last-bf16-count", PLANNER_SEVERITY_ERROR, 8, "fp8=hybrid fp8_recipe=tensorwise first_last_layers_bf16 pipeline_model_parallel_size=4 num_layers_at_start_in_bf16=7", "fp8=hybrid fp8_recipe=tensorwise first_last_layers_bf16 pipeline_model_parallel_size=4 num_layers_at_start_in_bf16=6", "between 0 and 6", NULL, 0 },
  { "fp8.custom-needs-factory", PLANNER_SEVERITY_ERROR, 8, "fp8=e4m3 fp8_recipe=custom", "fp8=e4m3 fp8_recipe=custom fp8_quantizer_factory=my.factory", "--fp8-quantizer-factory", NULL, 0 },
  { "fp8.output-proj-needs-mxfp8", PLANNER_SEVERITY_ERROR, 8, "fp8=e4m3 fp8_output_proj", "fp8=e4m3 fp8_output_proj fp8_recipe=mxfp8", "mxfp8", NULL, 0 },
  { "fp4.with-fp8", PLANNER_SEVERITY_ERROR, 8, "fp4=e2m1 fp8=e4m3", "fp4=e2m1", "--fp4-format", NULL, 0 },
  { "fp4.param-gather-needs-fp4", PLANNER_SEVERITY_ERROR, 8, "fp4_param_gather", "fp4_param_gather fp4=e2m1", "--fp4-format", NULL, 0 },
  { "fp8.cpu-offload-recipe", PLANNER_SEVERITY_ERROR, 8, "fp8=e4m3 fp8_recipe=mxfp8 fp8_param_gather use_distributed_optimizer optimizer_cpu_offload", "fp8=e4m3 fp8_param_gather use_distributed_optimizer optimizer_cpu_offload", "delayed", NULL, 0 },
  { "batch.global-not-divisible", PLANNER_SEVERITY_ERROR, 8, "global_batch_size=20", "global_batch_size=24", "16 or 24", NULL, 0 },
  { "batch.global-not-divisible", PLANNER_SEVERITY_ERROR, 8, "global_batch_size=4", "global_batch_size=8", "sizes: 8.", NULL, 0 },
  { "batch.global-not-divisible", PLANNER_SEVERITY_ERROR, 8, "global_batch_size=20 decrease_batch_size_if_needed", "global_batch_size=20 eval_global_batch_size=16 decrease_batch_size_if_needed", "alone does not rescue", NULL, 0 },
  { "batch.global-invalid", PLANNER_SEVERITY_ERROR, 8, "global_batch_size=0", "global_batch_size=8", "--global-batch-size", NULL, 0 },
  { "batch.step-schedule-with-global", PLANNER_SEVERITY_ERROR, 8, "step_batch_size_schedule=0:64,1000:128", "!global_batch_size step_batch_size_schedule=0:64,1000:128", "Cannot specify both", NULL, 0 },
  { "batch.step-schedule-decrease", PLANNER_SEVERITY_ERROR, 8, "!global_batch_size step_batch_size_schedule=0:64 decrease_batch_size_if_needed", "!global_batch_size step_batch_size_schedule=0:64", "--decrease-batch-size-if-needed", NULL, 0 },
  { "batch.rampup-ignored", PLANNER_SEVERITY_WARNING, 8, "rampup_batch_size=16;16;1000", "", "--rampup-batch-size", NULL, 0 },
  { "batch.eval-not-divisible", PLANNER_SEVERITY_ERROR, 8, "eval_global_batch_size=20", "eval_global_batch_size=16", "16 or 24", NULL, 0 },
  { "batch.eval-not-divisible", PLANNER_SEVERITY_ERROR, 8, "eval_micro_batch_size=3", "eval_micro_batch_size=2", "eval micro-batch (3)", NULL, 0 },
  { "batch.global-rounded-down", PLANNER_SEVERITY_WARNING, 8, "global_batch_size=20 eval_global_batch_size=16 decrease_batch_size_if_needed", "global_batch_size=24 eval_global_batch_size=16 decrease_batch_size_if_needed", "down to 16", NULL, 0 },
  { "batch.global-default", PLANNER_SEVERITY_INFO, 8, "!global_batch_size", "", "= 8", NULL, 0 },
  { "recompute.full-needs-method", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=full recompute_num_layers=1", "recompute_granularity=full recompute_num_layers=1 recompute_method=uniform", "--recompute-method", NULL, 0 },
  { "recompute.full-needs-num-layers", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=full recompute_method=block", "recompute_granularity=full recompute_method=block recompute_num_layers=2", "--recompute-num-layers", NULL, 0 },
  { "recompute.selective-with-method", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=selective recompute_method=uniform", "recompute_granularity=selective", "--recompute-method", NULL, 0 },
  { "recompute.selective-with-num-layers", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=selective recompute_num_layers=1", "recompute_granularity=selective", "--recompute-num-layers", NULL, 0 },
  { "recompute.activations-selective", PLANNER_SEVERITY_INFO, 8, "recompute_activations", "recompute_granularity=selective", "selective", NULL, 0 },
  { "recompute.activations-override", PLANNER_SEVERITY_WARNING, 8, "recompute_activations recompute_granularity=full", "recompute_activations", "full", NULL, 0 },
  { "recompute.distribute-saved-activations", PLANNER_SEVERITY_ERROR, 8, "distribute_saved_activations", "distribute_saved_activations tensor_model_parallel_size=2 recompute_granularity=full recompute_method=uniform recompute_num_layers=1", "TP > 1", NULL, 0 },
  { "recompute.distribute-saved-activations-sp", PLANNER_SEVERITY_ERROR, 8, "distribute_saved_activations tensor_model_parallel_size=2 recompute_granularity=full recompute_method=uniform recompute_num_layers=1 sequence_parallel", "distribute_saved_activations tensor_model_parallel_size=2 recompute_granularity=full recompute_method=uniform recompute_num_layers=1", "--sequence-parallel", NULL, 0 },
  { "recompute.moe-layer-recompute-full", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=full recompute_method=uniform recompute_num_layers=1 moe_layer_recompute", "recompute_granularity=full recompute_method=uniform recompute_num_layers=1", "--moe-layer-recompute", NULL, 0 },
  { "recompute.modules", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=selective recompute_modules=core_attn;bogus", "recompute_granularity=selective recompute_modules=core_attn;mlp", "bogus", NULL, 0 },
  { "recompute.modules", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=selective recompute_modules=moe_act num_experts=8", "recompute_granularity=selective recompute_modules=moe_act num_experts=8 moe_grouped_gemm", "--moe-grouped-gemm", NULL, 0 },
  { "recompute.modules", PLANNER_SEVERITY_ERROR, 8, "recompute_granularity=selective recompute_modules=mla_up_proj", "recompute_granularity=selective recompute_modules=mla_up_proj multi_latent_attention", "--multi-latent-attention", NULL, 0 },
  { "cpu-offloading.with-recompute", PLANNER_SEVERITY_ERROR, 8, "cpu_offloading_num_layers=2 recompute_granularity=selective", "cpu_offloading_num_layers=2", "recompute", NULL, 0 },
  { "cpu-offloading.with-pp", PLANNER_SEVERITY_ERROR, 8, "cpu_offloading_num_layers=2 pipeline_model_parallel_size=2", "cpu_offloading_num_layers=2", "PP 2", NULL, 0 },
  { "optimizer.overlap-param-gather-needs-distopt", PLANNER_SEVERITY_ERROR, 8, "overlap_param_gather overlap_grad_reduce", "overlap_param_gather overlap_grad_reduce use_distributed_optimizer", "--use-distributed-optimizer", NULL, 0 },
  { "optimizer.overlap-param-gather-needs-grad-reduce", PLANNER_SEVERITY_ERROR, 8, "overlap_param_gather use_distributed_optimizer", "overlap_param_gather use_distributed_optimizer overlap_grad_reduce", "--overlap-grad-reduce", NULL, 0 },
  { "fsdp2.pp", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights pipeline_model_parallel_size=2", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights", "pipeline", NULL, 0 },
  { "fsdp2.ep", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights num_experts=8 expert_model_parallel_size=2", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights num_experts=8", "expert", NULL, 0 },
  { "fsdp2.distopt", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights use_distributed_optimizer", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights", "--use-distributed-optimizer", NULL, 0 },
  { "fsdp2.grad-acc-fusion", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 untie_embeddings_and_output_weights", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights", "--no-gradient-accumulation-fusion", NULL, 0 },
  { "fsdp2.tied-embeddings", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 gradient_accumulation_fusion", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights", "--untie-embeddings-and-output-weights", NULL, 0 },
  { "fsdp2.ckpt-format", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights ckpt_format=torch", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights ckpt_format=torch_dcp", "torch_dcp", NULL, 0 },
  { "fsdp2.fp16", PLANNER_SEVERITY_ERROR, 8, "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights !bf16 fp16", "use_torch_fsdp2 gradient_accumulation_fusion untie_embeddings_and_output_weights", "--bf16", NULL, 0 },
  { "fsdp.ckpt-format", PLANNER_SEVERITY_ERROR, 8, "use_megatron_fsdp use_distributed_optimizer", "use_megatron_fsdp use_distributed_optimizer ckpt_format=fsdp_dtensor", "fsdp_dtensor", NULL, 0 },
  { "fsdp.distopt-auto", PLANNER_SEVERITY_INFO, 8, "use_megatron_fsdp ckpt_format=fsdp_dtensor", "use_megatron_fsdp ckpt_format=fsdp_dtensor use_distributed_optimizer", "distributed optimizer", NULL, 0 },
  { "optimizer.gloo-torch-ckpt", PLANNER_SEVERITY_ERROR, 8, "use_gloo_process_groups use_distributed_optimizer ckpt_format=torch", "use_gloo_process_groups use_distributed_optimizer", "--disable-gloo-process-groups", NULL, 0 },
  { "optimizer.layer-wise", PLANNER_SEVERITY_WARNING, 8, "use_distributed_optimizer optimizer=muon", "use_distributed_optimizer optimizer=sgd", "muon", NULL, 0 },
  { "optimizer.freeze-all-layers", PLANNER_SEVERITY_WARNING, 8, "freeze_all_layers use_distributed_optimizer", "use_distributed_optimizer", "--freeze-all-layers", NULL, 0 },
  { "data.single-source", PLANNER_SEVERITY_ERROR, 8, "data_path=/data/a_text_document split=99,1,0", "!mock_data data_path=/data/a_text_document split=99,1,0", "--data-path", NULL, 0 },
  { "data.split-missing", PLANNER_SEVERITY_WARNING, 8, "!mock_data data_path=/data/a_text_document", "!mock_data data_path=/data/a_text_document split=99,1,0", "969,30,1", NULL, 0 },
  { "data.no-source", PLANNER_SEVERITY_WARNING, 8, "!mock_data", "", "--data-path", NULL, 0 },
  { "data.path-and-args-path", PLANNER_SEVERITY_ERROR, 8, "!mock_data data_path=/d/a split=1,0,0 data_args_path=/d/args", "!mock_data data_path=/d/a split=1,0,0", "--data-args-path", NULL, 0 },
  { "data.per-split-and-args-path", PLANNER_SEVERITY_ERROR, 8, "!mock_data train_data_path=/d/t per_split_data_args_path=/d/p", "!mock_data train_data_path=/d/t", "--per-split-data-args-path", NULL, 0 },
  { "tokenizer.gpt2-files", PLANNER_SEVERITY_WARNING, 8, "tokenizer_type=GPT2BPETokenizer vocab_file=/t/vocab.json", "tokenizer_type=GPT2BPETokenizer vocab_file=/t/vocab.json merge_file=/t/merges.txt", "--merge-file", NULL, 0 },
  { "tokenizer.gpt2-files", PLANNER_SEVERITY_WARNING, 8, "!tokenizer_type", "!tokenizer_type vocab_file=/t/vocab.json merge_file=/t/merges.txt", "internet", NULL, 0 },
  { "tokenizer.gpt2-files", PLANNER_SEVERITY_WARNING, 8, "tokenizer_type=GPT2BPETokenizer", "tokenizer_type=GPT2BPETokenizer vocab_file=/t/vocab.json merge_file=/t/merges.txt", "downloads the GPT-2 vocab and merges files at start-up", NULL, 0 },
  { "tokenizer.default-gpt2", PLANNER_SEVERITY_INFO, 8, "!tokenizer_type vocab_file=/v merge_file=/m", "", "GPT2BPETokenizer", NULL, 0 },
  { "tokenizer.bert-vocab", PLANNER_SEVERITY_ERROR, 8, "tokenizer_type=BertWordPieceLowerCase", "tokenizer_type=BertWordPieceLowerCase vocab_file=/t/vocab.txt", "--vocab-file", NULL, 0 },
  { "tokenizer.null-needs-vocab-size", PLANNER_SEVERITY_ERROR, 8, "!vocab_size", "", "--vocab-size", NULL, 0 },
  { "tokenizer.model-missing", PLANNER_SEVERITY_ERROR, 8, "tokenizer_type=HuggingFaceTokenizer", "tokenizer_type=HuggingFaceTokenizer tokenizer_model=/models/llama3", "--tokenizer-model", NULL, 0 },
  { "tokenizer.model-missing", PLANNER_SEVERITY_ERROR, 8, "tokenizer_type=Llama2Tokenizer", "tokenizer_type=Llama2Tokenizer tokenizer_model=/t/tokenizer.model", "Tokenizer path must be specified", NULL, 0 },
  { "vocab.padded", PLANNER_SEVERITY_INFO, 8, "vocab_size=128256 tensor_model_parallel_size=4", "!vocab_size tokenizer_type=HuggingFaceTokenizer tokenizer_model=/m", "padded to 128512", NULL, 0 },
  { "vocab.padded", PLANNER_SEVERITY_INFO, 8, "vocab_size=128256 tensor_model_parallel_size=8", "!vocab_size tokenizer_type=HuggingFaceTokenizer tokenizer_model=/m", "padded to 129024", NULL, 0 },
  { "vocab.padded", PLANNER_SEVERITY_INFO, 8, "vocab_size=50257", "!vocab_size tokenizer_type=HuggingFaceTokenizer tokenizer_model=/m", "padded to 50304", NULL, 0 },
  { "vocab.padded-not-divisible-by-tp", PLANNER_SEVERITY_ERROR, 8, "padded_vocab_size=32001 tensor_model_parallel_size=2", "padded_vocab_size=32000 tensor_model_parallel_size=2", "32001", NULL, 0 },
  { "checkpoint.save-needs-interval", PLANNER_SEVERITY_ERROR, 8, "save=/ckpt", "save=/ckpt save_interval=1000", "--save-interval", NULL, 0 },
  { "lr.min-above-max", PLANNER_SEVERITY_ERROR, 8, "min_lr=1e-3", "min_lr=3e-4", "--min-lr", NULL, 0 },
  { "lr.warmup-exclusive", PLANNER_SEVERITY_ERROR, 8, "lr_warmup_fraction=0.01 lr_warmup_iters=100", "lr_warmup_fraction=0.01", "--lr-warmup-fraction", NULL, 0 },
  { "training.iters-and-samples", PLANNER_SEVERITY_ERROR, 8, "train_samples=1000", "!train_iters train_samples=1000", "--train-samples", NULL, 0 },
  { "training.iters-with-sample-lr", PLANNER_SEVERITY_ERROR, 8, "lr_decay_samples=1000", "lr_decay_iters=1000", "--train-iters", NULL, 0 },
  { "training.samples-with-iter-lr", PLANNER_SEVERITY_ERROR, 8, "!train_iters train_samples=1000 lr_decay_iters=10", "!train_iters train_samples=1000 lr_decay_samples=10", "--train-samples", NULL, 0 },
  { "training.seed-zero", PLANNER_SEVERITY_ERROR, 8, "seed=0", "seed=1", "--seed", NULL, 0 },
  { "logging.memory-interval", PLANNER_SEVERITY_ERROR, 8, "log_interval=10 log_memory_interval=25", "log_interval=10 log_memory_interval=20", "--log-interval", NULL, 0 },
  { "loss.cross-entropy-te", PLANNER_SEVERITY_ERROR, 8, "cross_entropy_loss_fusion cross_entropy_fusion_impl=te", "cross_entropy_loss_fusion cross_entropy_fusion_impl=native", "native", NULL, 0 },
  { "moe.grouped-gemm-cc", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_grouped_gemm", "num_experts=8", "7.x", NULL, 7 },
  /* Issue 12: rules that were let through before, each next to the launch that fixes it. */
  { "moe.padding-for-quantization-needs-fp8", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_token_dispatcher_type=alltoall moe_router_padding_for_quantization", "num_experts=8 moe_token_dispatcher_type=alltoall moe_router_padding_for_quantization fp8=e4m3", "--fp8-format", NULL, 0 },
  { "moe.router-group-topk-needs-groups", PLANNER_SEVERITY_ERROR, 8, "num_experts=8 moe_router_group_topk=2", "num_experts=8 moe_router_group_topk=2 moe_router_num_groups=4", "--moe-router-num-groups", NULL, 0 },
  { "moe.ffn-without-experts", PLANNER_SEVERITY_ERROR, 8, "moe_ffn_hidden_size=1024", "moe_ffn_hidden_size=1024 num_experts=8", "--num-experts", NULL, 0 },
  { "moe.ffn-without-experts", PLANNER_SEVERITY_ERROR, 8, "moe_ffn_hidden_size=1024 moe_layer_freq=1", "moe_ffn_hidden_size=1024 moe_layer_freq=2", "--moe-ffn-hidden-size", NULL, 0 },
  { "fp8.param-gather-needs-fp8", PLANNER_SEVERITY_ERROR, 8, "fp8_param_gather use_distributed_optimizer", "fp8_param_gather use_distributed_optimizer fp8=hybrid", "--fp8-format", NULL, 0 },
  { "precision.fp16-lm-cross-entropy", PLANNER_SEVERITY_ERROR, 8, "fp16_lm_cross_entropy", "!bf16 fp16 fp16_lm_cross_entropy", "--fp16", NULL, 0 },
  { "precision.fp32-residual", PLANNER_SEVERITY_ERROR, 8, "!bf16 fp32_residual_connection", "fp32_residual_connection", "--bf16", NULL, 0 },
  { "fsdp.cuda-device-max-connections", PLANNER_SEVERITY_ERROR, 8, "use_megatron_fsdp ckpt_format=fsdp_dtensor", "use_distributed_optimizer", "CUDA_DEVICE_MAX_CONNECTIONS", "@CUDA_DEVICE_MAX_CONNECTIONS=1", 0 },
  { "checkpoint.torch-dcp-needs-fsdp2", PLANNER_SEVERITY_ERROR, 8, "ckpt_format=torch_dcp", "ckpt_format=torch_dist", "--use-torch-fsdp2", NULL, 0 },
  { "checkpoint.fsdp-dtensor-needs-fsdp", PLANNER_SEVERITY_ERROR, 8, "ckpt_format=fsdp_dtensor", "ckpt_format=fsdp_dtensor use_megatron_fsdp", "--use-megatron-fsdp", "@CUDA_DEVICE_MAX_CONNECTIONS=8", 0 },
  { "optimizer.cpu-offload-needs-precision-aware", PLANNER_SEVERITY_ERROR, 8, "optimizer_cpu_offload", "optimizer_cpu_offload use_precision_aware_optimizer", "--use-precision-aware-optimizer", NULL, 0 },
  { "attention.mrope-section", PLANNER_SEVERITY_ERROR, 8, "position_embedding_type=mrope", "position_embedding_type=mrope mrope_section=16;24;24", "--mrope-section", NULL, 0 },
  { "mla.gqa", PLANNER_SEVERITY_ERROR, 8, "multi_latent_attention group_query_attention num_query_groups=4", "multi_latent_attention", "--group-query-attention", NULL, 0 },
  { "checkpoint.retain-interval", PLANNER_SEVERITY_ERROR, 8, "save=/c save_interval=100 save_retain_interval=150", "save=/c save_interval=100 save_retain_interval=300", "150", NULL, 0 },
  { "optimizer.weight-decay-incr-needs-start-end", PLANNER_SEVERITY_ERROR, 8, "weight_decay_incr_style=linear start_weight_decay=0.01", "weight_decay_incr_style=linear start_weight_decay=0.01 end_weight_decay=0.1", "--end-weight-decay", NULL, 0 },
  { "optimizer.weight-decay-constant-start-end", PLANNER_SEVERITY_ERROR, 8, "start_weight_decay=0.01", "weight_decay_incr_style=cosine start_weight_decay=0.01 end_weight_decay=0.1", "--start-weight-decay", NULL, 0 },
  { "model.encoder-num-layers", PLANNER_SEVERITY_ERROR, 8, "encoder_num_layers=24", "!num_layers encoder_num_layers=24", "--encoder-num-layers", NULL, 0 },
  { "batch.step-schedule-not-divisible", PLANNER_SEVERITY_ERROR, 8, "!global_batch_size step_batch_size_schedule=0:20", "!global_batch_size step_batch_size_schedule=0:24", "micro-batch 1 × DP 8", NULL, 0 },
  { "batch.step-schedule-format", PLANNER_SEVERITY_ERROR, 8, "!global_batch_size step_batch_size_schedule=0:64,1000:128", "!global_batch_size step_batch_size_schedule=0:64,1M:128", "same threshold", NULL, 0 },
  { "wgrad.delay-needs-ep-overlap", PLANNER_SEVERITY_ERROR, 8, "delay_wgrad_compute", "num_experts=8 expert_model_parallel_size=2 moe_token_dispatcher_type=alltoall overlap_moe_expert_parallel_comm delay_wgrad_compute", "--overlap-moe-expert-parallel-comm", NULL, 0 },
  { "cuda-graph.dropout-recompute", PLANNER_SEVERITY_ERROR, 8, "cuda_graph_impl=local recompute_granularity=selective", "cuda_graph_impl=local recompute_granularity=selective attention_dropout=0", "--attention-dropout", NULL, 0 },
  { "runtime.transformer-engine", PLANNER_SEVERITY_INFO, 8, "qk_clip", "", "2.9", NULL, 0 },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GPtrArray) bad = run (c->bad, c->world, c->env, c->cc);
  g_autoptr(GPtrArray) good = run (c->good, c->world, c->env, c->cc);

  assert_has (bad, c->code, c->severity, c->expect);
  assert_lacks (good, c->code);
}

/* Megatron 0.20's verdict on uneven first/last stages, from the
 * acceptance harness (tests/megatron/megatron-check.py --release 0.20.0)
 * with 32 layers.  Its start-up accepts counts that add up to more than
 * --num-layers when Python's modulo lets the negative middle divide: the
 * planner warns there instead of refusing. */
typedef struct
{
  const char *spec;
  guint64     world;
  gboolean    accepted;
} UnevenVerdict;

static void
test_uneven_matches_megatron (void)
{
  static const UnevenVerdict verdicts[] = {
    { "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=6 decoder_last_pipeline_num_layers=6", 8, TRUE },
    { "pipeline_model_parallel_size=2 decoder_first_pipeline_num_layers=10 decoder_last_pipeline_num_layers=10", 8, FALSE },
    { "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=20 decoder_last_pipeline_num_layers=20", 8, TRUE },
    { "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=20 decoder_last_pipeline_num_layers=18", 8, TRUE },
    { "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=16 decoder_last_pipeline_num_layers=16", 8, FALSE },
    { "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=20 decoder_last_pipeline_num_layers=19", 8, FALSE },
    { "pipeline_model_parallel_size=2 decoder_first_pipeline_num_layers=20 decoder_last_pipeline_num_layers=20", 8, FALSE },
    { "pipeline_model_parallel_size=2 decoder_first_pipeline_num_layers=40", 8, TRUE },
    { "pipeline_model_parallel_size=4 decoder_first_pipeline_num_layers=7", 8, FALSE },
    { "decoder_first_pipeline_num_layers=32", 8, TRUE },
    { "decoder_first_pipeline_num_layers=30", 8, FALSE },
    { "decoder_first_pipeline_num_layers=10 decoder_last_pipeline_num_layers=10", 8, TRUE },
    { "decoder_first_pipeline_num_layers=16 decoder_last_pipeline_num_layers=16", 8, FALSE },
    { "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 "
      "decoder_first_pipeline_num_layers=20 decoder_last_pipeline_num_layers=18", 8, FALSE },
    { "pipeline_model_parallel_size=4 num_virtual_stages_per_pipeline_rank=2 "
      "decoder_first_pipeline_num_layers=20 decoder_last_pipeline_num_layers=16", 8, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (verdicts); i++)
    {
      g_autofree char *spec = g_strconcat ("num_layers=32 ", verdicts[i].spec, NULL);
      g_autoptr(GPtrArray) diagnostics = run (spec, verdicts[i].world, NULL, 0);
      guint errors = planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_ERROR);

      g_test_message ("%s", spec);
      if (verdicts[i].accepted)
        {
          if (errors != 0)
            dump (diagnostics);
          g_assert_cmpuint (errors, ==, 0);
        }
      else
        g_assert_cmpuint (errors, >, 0);
    }
}

static void
test_base_clean (void)
{
  g_autoptr(GPtrArray) diagnostics = run ("", 8, NULL, 0);

  dump (diagnostics);
  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_WARNING), ==, 0);
}

static void
test_world_unknown (void)
{
  g_autoptr(PlannerArgs) args = make_args (base_spec, "global_batch_size=20 tensor_model_parallel_size=3");
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  PlannerValidateContext context = { 0 };
  PlannerLayout layout;
  guint n_unknown = 0;

  g_assert_false (planner_validate_resolve_layout (args, 0, &layout, diagnostics));
  g_assert_cmpuint (layout.world_size, ==, 0);
  planner_validate (args, &context, NULL, NULL, diagnostics);
  assert_has (diagnostics, "layout.world-size-unknown", PLANNER_SEVERITY_INFO, "--nnodes");
  for (guint i = 0; i < diagnostics->len; i++)
    if (g_str_equal (((PlannerDiagnostic *) g_ptr_array_index (diagnostics, i))->code, "layout.world-size-unknown"))
      n_unknown++;
  g_assert_cmpuint (n_unknown, ==, 1);
  /* Needs the world: skipped.  Does not: still reported (16 % 3). */
  assert_lacks (diagnostics, "batch.global-not-divisible");
  assert_lacks (diagnostics, "layout.world-not-divisible");
  assert_has (diagnostics, "model.heads-not-divisible-by-tp", PLANNER_SEVERITY_ERROR, "1, 2, 4, 8 or 16");

  /* A NULL context and layout are accepted too. */
  planner_validate (args, NULL, NULL, NULL, diagnostics);
}

static void
test_resolve_layout (void)
{
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  PlannerLayout layout;

  /* Facts §1.6 example 2(a): ETP defaults to TP, expert DP 32/(2·4·1) = 4. */
  args = make_args (base_spec, "tensor_model_parallel_size=2 num_experts=8 expert_model_parallel_size=4");
  diagnostics = planner_diagnostics_new ();
  g_assert_true (planner_validate_resolve_layout (args, 32, &layout, diagnostics));
  g_assert_cmpuint (layout.world_size, ==, 32);
  g_assert_cmpuint (layout.tp, ==, 2);
  g_assert_cmpuint (layout.dp, ==, 16);
  g_assert_cmpuint (layout.ep, ==, 4);
  g_assert_cmpuint (layout.etp, ==, 2);
  g_assert_cmpuint (layout.expert_dp, ==, 4);
  g_assert_cmpuint (layout.vpp, <=, 1);
  g_assert_cmpuint (layout.num_distributed_optimizer_instances, ==, 1);
  g_assert_cmpuint (layout.order, ==, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  g_assert_cmpuint (diagnostics->len, ==, 0);
  g_clear_pointer (&args, planner_args_unref);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* 2(b): --expert-tensor-parallel-size 1 gives expert DP 8. */
  args = make_args (base_spec, "tensor_model_parallel_size=2 num_experts=8 expert_model_parallel_size=4 "
                    "expert_tensor_parallel_size=1");
  diagnostics = planner_diagnostics_new ();
  g_assert_true (planner_validate_resolve_layout (args, 32, &layout, diagnostics));
  g_assert_cmpuint (layout.etp, ==, 1);
  g_assert_cmpuint (layout.expert_dp, ==, 8);
  g_clear_pointer (&args, planner_args_unref);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* Facts §1.6 example 1 with the mapping: tp 2 pp 2 on 16 is accepted
   * (etp·ep = tp·cp), and the order is recorded. */
  args = make_args (base_spec, "tensor_model_parallel_size=2 pipeline_model_parallel_size=2 use_tp_pp_dp_mapping");
  diagnostics = planner_diagnostics_new ();
  g_assert_true (planner_validate_resolve_layout (args, 16, &layout, diagnostics));
  g_assert_cmpuint (layout.dp, ==, 4);
  g_assert_cmpuint (layout.order, ==, PLANNER_RANK_ORDER_TP_CP_EP_PP_DP);
  g_clear_pointer (&args, planner_args_unref);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* --num-layers-per-virtual-pipeline-stage with both account flags:
   * (30 + 1 + 1) / 4 = 8 layers per rank, 2 per virtual stage: vpp 4. */
  args = make_args (base_spec, "num_layers=30 pipeline_model_parallel_size=4 num_layers_per_virtual_pipeline_stage=2 "
                    "account_for_embedding_in_pipeline_split account_for_loss_in_pipeline_split");
  diagnostics = planner_diagnostics_new ();
  g_assert_true (planner_validate_resolve_layout (args, 8, &layout, diagnostics));
  g_assert_cmpuint (layout.vpp, ==, 4);
  g_assert_cmpuint (diagnostics->len, ==, 0);
  g_clear_pointer (&args, planner_args_unref);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* Without the account flags 30 does not split over PP 4. */
  args = make_args (base_spec, "num_layers=30 pipeline_model_parallel_size=4 num_layers_per_virtual_pipeline_stage=2");
  diagnostics = planner_diagnostics_new ();
  g_assert_true (planner_validate_resolve_layout (args, 8, &layout, diagnostics));
  g_assert_cmpuint (layout.vpp, <=, 1);
  assert_has (diagnostics, "pipeline.vpp-layers", PLANNER_SEVERITY_ERROR, "PP 4");
  g_clear_pointer (&args, planner_args_unref);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* --num-virtual-stages-per-pipeline-rank 1 means no interleaving. */
  args = make_args (base_spec, "pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=1");
  diagnostics = planner_diagnostics_new ();
  g_assert_true (planner_validate_resolve_layout (args, 8, &layout, diagnostics));
  g_assert_cmpuint (layout.vpp, <=, 1);
}

/* DeepSeek-V3's layout string: 1 + 29 + 1 + 1 = 32 stages over PP 16. */
static void
test_layout_string (void)
{
  g_autoptr(PlannerArgs) args = make_args (base_spec, "num_layers=61 pipeline_model_parallel_size=16");
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  PlannerLayout layout;

  planner_args_set (args, "pipeline_model_parallel_layout", "--pipeline-model-parallel-layout", "Et*3|(tt|)*29,m|L");
  g_assert_true (planner_validate_resolve_layout (args, 256, &layout, diagnostics));
  g_assert_cmpuint (layout.vpp, ==, 2);
  g_assert_cmpuint (diagnostics->len, ==, 0);

  /* Nested repetition that would expand past any sane size is refused,
   * not expanded. */
  planner_args_set (args, "pipeline_model_parallel_layout", "--pipeline-model-parallel-layout",
                    "((t|)*999999999)*999999999");
  g_assert_true (planner_validate_resolve_layout (args, 256, &layout, diagnostics));
  assert_has (diagnostics, "pipeline.layout-unreadable", PLANNER_SEVERITY_WARNING, NULL);
}

/* facts §6: examples/llama/train_llama3_8b_h100_fp8.sh with real data. */
static const char *llama3_8b_spec =
  "num_layers=32 hidden_size=4096 ffn_hidden_size=14336 num_attention_heads=32 "
  "group_query_attention num_query_groups=8 kv_channels=128 position_embedding_type=rope "
  "rotary_base=1000000 swiglu normalization=RMSNorm init_method_std=0.0134 attention_backend=fused "
  "apply_layernorm_1p untie_embeddings_and_output_weights add_bias_linear attention_dropout=0.0 "
  "hidden_dropout=0.0 seq_length=8192 max_position_embeddings=8192 micro_batch_size=1 "
  "global_batch_size=128 train_samples=1953125000 lr_decay_samples=1949218748 lr_warmup_samples=3906252 "
  "lr=0.00015 min_lr=0.00001 lr_decay_style=cosine bf16 grad_reduce_in_bf16 fp8=hybrid "
  "fp8_amax_history_len=1024 fp8_amax_compute_algo=max fp8_param_gather use_distributed_optimizer "
  "overlap_grad_reduce overlap_param_gather cross_entropy_loss_fusion calculate_per_token_loss manual_gc "
  "tokenizer_type=HuggingFaceTokenizer tokenizer_model=/models/Meta-Llama-3-8B "
  "data_path=/data/llama3/text_document split=99,1,0 ckpt_format=torch_dist distributed_timeout_minutes=60 "
  "save=/checkpoints/llama3-8b save_interval=1000 tensor_model_parallel_size=1 context_parallel_size=1 "
  "pipeline_model_parallel_size=1 sequence_parallel";

static void
test_llama3_8b (void)
{
  g_autoptr(PlannerArgs) args = make_args (llama3_8b_spec, NULL);
  g_autoptr(GHashTable) env = make_env (NULL);
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GError) error = NULL;
  PlannerConfig config = { 0 };
  PlannerLayout layout;
  gboolean have_config;

  diagnostics = run_full (args, 8, env, 9, NULL, &layout);
  dump (diagnostics);
  assert_no_errors (diagnostics);
  g_assert_cmpuint (layout.dp, ==, 8);
  /* The silent change the example trips on: SP at TP 1. */
  assert_has (diagnostics, "parallel.sp-auto-off", PLANNER_SEVERITY_WARNING, "--sequence-parallel");
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* The same through the resolved config, with the tokenizer's vocabulary. */
  have_config = planner_config_init_from_args (&config, args, &layout, 128256, &error);
  if (!have_config)
    g_test_message ("config not resolved: %s", error->message);
  if (have_config)
    {
      PlannerValidateContext context = { 8, env, 9, 128256 };

      diagnostics = planner_diagnostics_new ();
      planner_validate (args, &context, &layout, &config, diagnostics);
      assert_no_errors (diagnostics);
      assert_has (diagnostics, "vocab.padded", PLANNER_SEVERITY_INFO, "128256");
      g_clear_pointer (&diagnostics, g_ptr_array_unref);
      planner_config_clear (&config);
    }

  /* README table: CP 2 on 8 GPUs is fine too (8192 % 4 == 0). */
  planner_args_set (args, "context_parallel_size", "--context-parallel-size", "2");
  diagnostics = run_full (args, 8, env, 9, NULL, &layout);
  assert_no_errors (diagnostics);
  g_assert_cmpuint (layout.dp, ==, 4);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* Without the export, CP 2 on Hopper dies. */
  diagnostics = run_full (args, 8, NULL, 9, NULL, NULL);
  assert_has (diagnostics, "env.cuda-device-max-connections", PLANNER_SEVERITY_WARNING, "CUDA_DEVICE_MAX_CONNECTIONS=1");
  g_clear_pointer (&diagnostics, g_ptr_array_unref);
  /* Blackwell (compute capability 10) does not need it. */
  diagnostics = run_full (args, 8, NULL, 10, NULL, NULL);
  assert_lacks (diagnostics, "env.cuda-device-max-connections");
}

/* facts §6: examples/mixtral/train_mixtral_8x7b_distributed.sh. */
static const char *mixtral_spec =
  "num_layers=32 hidden_size=4096 ffn_hidden_size=14336 num_attention_heads=32 "
  "group_query_attention num_query_groups=8 seq_length=4096 max_position_embeddings=32768 "
  "normalization=RMSNorm position_embedding_type=rope rotary_base=1000000 swiglu "
  "untie_embeddings_and_output_weights add_bias_linear init_method_std=0.01 add_position_embedding "
  "no_masked_softmax_fusion num_experts=8 moe_router_topk=2 moe_router_load_balancing_type=aux_loss "
  "moe_aux_loss_coeff=1e-2 moe_grouped_gemm moe_token_dispatcher_type=alltoall "
  "tensor_model_parallel_size=1 pipeline_model_parallel_size=4 expert_model_parallel_size=8 "
  "use_distributed_optimizer sequence_parallel tokenizer_type=Llama2Tokenizer "
  "tokenizer_model=/models/mixtral/tokenizer.model data_path=/data/mixtral/text_document split=99990,8,2 "
  "micro_batch_size=1 global_batch_size=256 lr=1e-4 train_iters=500000 lr_decay_iters=320000 "
  "lr_decay_style=cosine min_lr=1.0e-5 weight_decay=0.1 lr_warmup_iters=500 clip_grad=1.0 bf16";

static void
test_mixtral (void)
{
  g_autoptr(PlannerArgs) args = make_args (mixtral_spec, NULL);
  g_autoptr(GHashTable) env = make_env (NULL);
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GError) error = NULL;
  PlannerConfig config = { 0 };
  PlannerLayout layout;
  PlannerDiagnostic *d;

  /* 32 GPUs (TP1 EP8 PP4): fine. */
  diagnostics = run_full (args, 32, env, 9, NULL, &layout);
  dump (diagnostics);
  assert_no_errors (diagnostics);
  g_assert_cmpuint (layout.dp, ==, 8);
  g_assert_cmpuint (layout.expert_dp, ==, 1);
  assert_has (diagnostics, "parallel.sp-auto-off", PLANNER_SEVERITY_WARNING, NULL);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  if (!planner_config_init_from_args (&config, args, &layout, 32000, &error))
    g_test_message ("config not resolved: %s", error->message);
  else
    {
      PlannerValidateContext context = { 32, env, 9, 32000 };

      diagnostics = planner_diagnostics_new ();
      planner_validate (args, &context, &layout, &config, diagnostics);
      assert_no_errors (diagnostics);
      g_clear_pointer (&diagnostics, g_ptr_array_unref);
      planner_config_clear (&config);
    }

  /* One 8-GPU node: Megatron's own words, and what would work. */
  diagnostics = run_full (args, 8, env, 9, NULL, NULL);
  dump (diagnostics);
  d = find (diagnostics, "layout.expert-world-not-divisible");
  g_assert_nonnull (d);
  g_assert_true (d->severity == PLANNER_SEVERITY_ERROR);
  g_assert_nonnull (strstr (d->message, "world_size (8) is not divisible by expert_tensor_model_pipeline_parallel size (32)"));
  g_assert_nonnull (strstr (d->message, "multiple of 32 GPUs"));
  g_assert_nonnull (strstr (d->message, "Nearest valid layouts"));
  g_assert_nonnull (strstr (d->message, "= 8 GPUs"));
  g_assert_true (g_strv_contains ((const char *const *) d->flags, "--expert-model-parallel-size"));
  /* The dense side (1·4·1 = 4) divides 8: only the expert rule fires. */
  assert_lacks (diagnostics, "layout.world-not-divisible");
  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_ERROR), >=, 1);
}

/* facts §6: examples/gpt3/train_gpt3_175b_distributed.sh as shipped. */
static void
test_gpt3_175b (void)
{
  g_autoptr(PlannerArgs) args = make_args (
    "num_layers=96 hidden_size=12288 num_attention_heads=96 seq_length=2048 max_position_embeddings=2048 "
    "attention_backend=auto tensor_model_parallel_size=8 pipeline_model_parallel_size=16 micro_batch_size=1 "
    "global_batch_size=1536 step_batch_size_schedule=0:32,1000000:1536 train_samples=146484375 "
    "lr_decay_samples=126953125 lr_warmup_samples=183105 lr=6.0e-5 min_lr=6.0e-6 lr_decay_style=cosine "
    "fp16 lr_warmup_fraction=.001 vocab_file=/data/gpt2-vocab.json merge_file=/data/gpt2-merges.txt "
    "data_path=/data/my-gpt3_00_text_document split=949,50,1", NULL);
  g_autoptr(GHashTable) env = make_env (NULL);
  g_autoptr(GPtrArray) diagnostics = run_full (args, 1024, env, 8, NULL, NULL);

  assert_has (diagnostics, "batch.step-schedule-with-global", PLANNER_SEVERITY_ERROR, "--step-batch-size-schedule");
  assert_has (diagnostics, "batch.step-schedule-with-global", PLANNER_SEVERITY_ERROR, "--global-batch-size");
  /* The default tokenizer has its files: no download. */
  assert_has (diagnostics, "tokenizer.default-gpt2", PLANNER_SEVERITY_INFO, NULL);
  assert_lacks (diagnostics, "tokenizer.gpt2-files");
  /* GPT-2's 50,257 tokens are padded to 51,200 at TP 8 (facts §6). */
  planner_args_set (args, "vocab_size", "--vocab-size", "50257");
  g_clear_pointer (&diagnostics, g_ptr_array_unref);
  diagnostics = run_full (args, 1024, env, 8, NULL, NULL);
  assert_has (diagnostics, "vocab.padded", PLANNER_SEVERITY_INFO, "padded to 51200");
  assert_has (diagnostics, "vocab.padded", PLANNER_SEVERITY_INFO, "50304 at TP 1");
}

/* facts §6: LLaMA-3 405B (126 layers) on 1024 GPUs, TP 8 PP 8 CP 2 VP 8. */
static void
test_llama3_405b (void)
{
  g_autoptr(PlannerArgs) args = make_args (
    "num_layers=126 hidden_size=16384 ffn_hidden_size=53248 num_attention_heads=128 group_query_attention "
    "num_query_groups=8 seq_length=8192 max_position_embeddings=8192 swiglu add_bias_linear "
    "tensor_model_parallel_size=8 pipeline_model_parallel_size=8 context_parallel_size=2 sequence_parallel "
    "micro_batch_size=1 global_batch_size=512 tokenizer_type=HuggingFaceTokenizer tokenizer_model=/models/405b "
    "mock_data bf16 use_distributed_optimizer", NULL);
  g_autoptr(GHashTable) env = make_env (NULL);
  g_autoptr(GPtrArray) diagnostics = run_full (args, 1024, env, 9, NULL, NULL);
  PlannerLayout layout;

  assert_has (diagnostics, "pipeline.layers-not-divisible", PLANNER_SEVERITY_ERROR,
              "--account-for-embedding-in-pipeline-split");
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* 126 + 2 = 128 layers, 16 per rank, 2 per virtual stage: VP 8. */
  apply_spec (args, "account_for_embedding_in_pipeline_split account_for_loss_in_pipeline_split "
              "num_layers_per_virtual_pipeline_stage=2");
  diagnostics = run_full (args, 1024, env, 9, NULL, &layout);
  assert_no_errors (diagnostics);
  g_assert_cmpuint (layout.vpp, ==, 8);
  g_assert_cmpuint (layout.dp, ==, 8);
  g_clear_pointer (&diagnostics, g_ptr_array_unref);

  /* Uneven first/last stages instead: 126 − 15 − 15 = 96 over 6 ranks. */
  apply_spec (args, "!account_for_embedding_in_pipeline_split !account_for_loss_in_pipeline_split "
              "!num_layers_per_virtual_pipeline_stage decoder_first_pipeline_num_layers=15 "
              "decoder_last_pipeline_num_layers=15");
  diagnostics = run_full (args, 1024, env, 9, NULL, NULL);
  assert_no_errors (diagnostics);
}

/* §2.13: the decrease flag alone does not rescue a non-divisible batch. */
static void
test_decrease_batch (void)
{
  g_autoptr(GPtrArray) alone = run ("global_batch_size=20 decrease_batch_size_if_needed", 8, NULL, 0);
  g_autoptr(GPtrArray) with_eval = run ("global_batch_size=20 decrease_batch_size_if_needed "
                                        "eval_global_batch_size=16", 8, NULL, 0);

  assert_has (alone, "batch.global-not-divisible", PLANNER_SEVERITY_ERROR, "16 or 24");
  assert_lacks (with_eval, "batch.global-not-divisible");
  assert_has (with_eval, "batch.global-rounded-down", PLANNER_SEVERITY_WARNING, "down to 16");
  assert_no_errors (with_eval);
}

/* Batch arithmetic uses DP without CP (facts §1.5): 8 GPUs at CP 2 give
 * DP 4, so 12 is valid (unit 4) although 12 % 8 != 0. */
static void
test_batch_dp_excludes_cp (void)
{
  g_autoptr(GPtrArray) diagnostics = run ("context_parallel_size=2 global_batch_size=12", 8, NULL, 0);

  assert_lacks (diagnostics, "batch.global-not-divisible");
  assert_no_errors (diagnostics);
}

/* Absurd input never crashes, overflows or hangs. */
static void
test_absurd (void)
{
  static const char *const specs[] = {
    "tensor_model_parallel_size=9223372036854775807",
    "pipeline_model_parallel_size=-9223372036854775808",
    "tensor_model_parallel_size=abc context_parallel_size=1e3",
    "num_layers=9223372036854775807 pipeline_model_parallel_size=8",
    "num_layers=4294967295 pipeline_model_parallel_size=8 num_layers_per_virtual_pipeline_stage=3",
    "micro_batch_size=9223372036854775807 global_batch_size=9223372036854775807",
    "global_batch_size=9223372036854775807 eval_global_batch_size=-1 eval_micro_batch_size=0",
    "hidden_size=9223372036854775807 num_attention_heads=3 ffn_hidden_size=-5",
    "num_experts=9223372036854775807 expert_model_parallel_size=1048576 moe_router_topk=-1",
    "seq_length=9223372036854775807 context_parallel_size=1048576 sequence_parallel tensor_model_parallel_size=2",
    "vocab_size=18446744073709551615 make_vocab_size_divisible_by=0",
    "vocab_size=4294967295 make_vocab_size_divisible_by=4294967295 tensor_model_parallel_size=8",
    "padded_vocab_size=0",
    "decoder_first_pipeline_num_layers=9223372036854775807 decoder_last_pipeline_num_layers=9223372036854775807 "
    "pipeline_model_parallel_size=4",
    "decoder_first_pipeline_num_layers=-3 pipeline_model_parallel_size=2",
    "pipeline_model_parallel_layout=((((((((((((((((((((((((((((((((((((t))))))))))))))))))))))))))))))))))) "
    "pipeline_model_parallel_size=2",
    "pipeline_model_parallel_layout=t*99999999999999999999 pipeline_model_parallel_size=2",
    "pipeline_model_parallel_layout= pipeline_model_parallel_size=2",
    "hierarchical_context_parallel_sizes=0;x context_parallel_size=4",
    "log_interval=0 log_memory_interval=10",
    "lr=nan min_lr=inf",
    "num_query_groups=-1 group_query_attention",
    "moe_router_num_groups=0 num_experts=8 moe_router_group_topk=99",
    "microbatch_group_size_per_vp_stage=0 pipeline_model_parallel_size=2 num_virtual_stages_per_pipeline_rank=2",
    "num_virtual_stages_per_pipeline_rank=9223372036854775807 pipeline_model_parallel_size=2",
    "seed=-1 save=/c save_interval=-4",
  };
  static const guint64 worlds[] = { 0, 1, 8, 1u << 20, (1u << 20) + 1, G_MAXUINT64 };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    for (guint w = 0; w < G_N_ELEMENTS (worlds); w++)
      {
        g_autoptr(GPtrArray) diagnostics = run (specs[i], worlds[w], NULL, 0);

        /* Something was said about every one of these on a known world,
         * and nothing crashed. */
        (void) diagnostics;
      }

  {
    g_autoptr(GPtrArray) diagnostics = run ("tensor_model_parallel_size=9223372036854775807", 8, NULL, 0);

    assert_has (diagnostics, "layout.invalid-degree", PLANNER_SEVERITY_ERROR, "--tensor-model-parallel-size");
  }
  {
    g_autoptr(GPtrArray) diagnostics = run ("", G_MAXUINT64, NULL, 0);

    assert_has (diagnostics, "layout.world-too-large", PLANNER_SEVERITY_ERROR, NULL);
  }
  {
    /* Empty arguments: every required one is named. */
    g_autoptr(PlannerArgs) args = planner_args_new ();
    g_autoptr(GPtrArray) diagnostics = run_full (args, 8, NULL, 0, NULL, NULL);

    assert_has (diagnostics, "required.num-layers", PLANNER_SEVERITY_ERROR, "--num-layers");
    assert_has (diagnostics, "required.seq-length", PLANNER_SEVERITY_ERROR, "--seq-length");
    assert_has (diagnostics, "batch.micro-missing", PLANNER_SEVERITY_ERROR, "--micro-batch-size");
  }
}

/* Flags are named as the user wrote them (an alias stays an alias). */
static void
test_flag_as_written (void)
{
  g_autoptr(PlannerArgs) args = make_args (base_spec, "save=/ckpt");
  g_autoptr(GHashTable) env = make_env (NULL);
  g_autoptr(GPtrArray) diagnostics = NULL;

  planner_args_set (args, "save_interval", "--persistent-save-interval", "0");
  diagnostics = run_full (args, 8, env, 0, NULL, NULL);
  assert_has (diagnostics, "checkpoint.save-needs-interval", PLANNER_SEVERITY_ERROR, "--persistent-save-interval");
}

static GPtrArray *
run_for (const char *release,
         const char *spec,
         guint64     world,
         const char *env_spec,
         guint       cc)
{
  GPtrArray *diagnostics;

  test_release = release;
  diagnostics = run (spec, world, env_spec, cc);
  test_release = NULL;
  return diagnostics;
}

#define SHARED_SPEC "num_experts=8 moe_router_topk=2 moe_shared_expert_intermediate_size=1024 moe_shared_expert_overlap "
#define MOE_SPEC "num_experts=8 moe_router_topk=2 tensor_model_parallel_size=2 expert_model_parallel_size=2 "
#define LAYOUT_SPEC "num_layers=4 pipeline_model_parallel_size=2 mtp_num_layers=1 "

/* Rules of older releases (issue 20), each against the release before and
 * after it changed. */
static void
test_release_rules (void)
{
  static const struct
  {
    const char *release;
    const char *spec;
    guint       cc;
    const char *env;
    const char *code;   /* NULL: the rule must not fire */
    const char *absent;
  } release_cases[] = {
    /* EP with TP needs sequence parallelism up to 0.14. */
    { "0.12.0", MOE_SPEC, 9, NULL, "moe.ep-tp-needs-sequence-parallel", NULL },
    { "0.14.0", MOE_SPEC, 9, NULL, "moe.ep-tp-needs-sequence-parallel", NULL },
    { "0.15.3", MOE_SPEC, 9, NULL, NULL, "moe.ep-tp-needs-sequence-parallel" },
    { "0.14.0", MOE_SPEC "sequence_parallel", 9, NULL, NULL, "moe.ep-tp-needs-sequence-parallel" },
    { "0.20.0", MOE_SPEC, 9, NULL, NULL, "moe.ep-tp-needs-sequence-parallel" },
    /* Grouped GEMM needs --bf16 up to 0.15. */
    { "0.12.0", "num_experts=8 moe_router_topk=2 moe_grouped_gemm !bf16 fp16", 9, NULL,
      "moe.grouped-gemm-needs-bf16", NULL },
    { "0.15.3", "num_experts=8 moe_router_topk=2 moe_grouped_gemm !bf16 fp16", 9, NULL,
      "moe.grouped-gemm-needs-bf16", NULL },
    { "0.16.1", "num_experts=8 moe_router_topk=2 moe_grouped_gemm !bf16 fp16", 9, NULL,
      NULL, "moe.grouped-gemm-needs-bf16" },
    { "0.15.3", "num_experts=8 moe_router_topk=2 moe_grouped_gemm", 9, NULL, NULL, "moe.grouped-gemm-needs-bf16" },
    /* 0.12 wants one CUDA connection with TP on Blackwell too. */
    { "0.12.0", "tensor_model_parallel_size=2", 10, "@", "env.cuda-device-max-connections", NULL },
    { "0.13.1", "tensor_model_parallel_size=2", 10, "@", NULL, "env.cuda-device-max-connections" },
    { "0.20.0", "tensor_model_parallel_size=2", 10, "@", NULL, "env.cuda-device-max-connections" },
    { "0.12.0", "tensor_model_parallel_size=2", 10, NULL, NULL, "env.cuda-device-max-connections" },
    { "0.12.0", "context_parallel_size=2", 10, "@", NULL, "env.cuda-device-max-connections" },
    /* Transformer Engine's fused cross-entropy is refused from 0.18.2. */
    { "0.17.1", "cross_entropy_loss_fusion cross_entropy_fusion_impl=te", 9, NULL, NULL, "loss.cross-entropy-te" },
    { "0.12.0", "cross_entropy_loss_fusion cross_entropy_fusion_impl=te", 9, NULL, NULL, "loss.cross-entropy-te" },
    /* The shared experts overlap with the flex dispatcher only from 0.18.2. */
    { "0.17.1", SHARED_SPEC "moe_token_dispatcher_type=flex", 9, NULL, "moe.shared-expert-overlap-dispatcher", NULL },
    { "0.18.2", SHARED_SPEC "moe_token_dispatcher_type=flex", 9, NULL, NULL, "moe.shared-expert-overlap-dispatcher" },
    { "0.17.1", SHARED_SPEC "moe_token_dispatcher_type=alltoall", 9, NULL, NULL, "moe.shared-expert-overlap-dispatcher" },
    /* 0.13 refuses MTP layers in a pipeline layout; from 0.14 they are
     * placed and counted (the acceptance run on 0.13.1 found this). */
    { "0.13.1", LAYOUT_SPEC "pipeline_model_parallel_layout=Et*2|t*2mL", 9, NULL, "pipeline.layout-mtp", NULL },
    { "0.14.0", LAYOUT_SPEC "pipeline_model_parallel_layout=Et*2|t*2mL", 9, NULL, NULL, "pipeline.layout-mtp" },
    { "0.20.0", LAYOUT_SPEC "pipeline_model_parallel_layout=Et*2|t*2mL", 9, NULL, NULL, "pipeline.layout-mtp" },
    { "0.13.1", LAYOUT_SPEC "pipeline_model_parallel_layout=Et*2|t*2L", 9, NULL, NULL, "pipeline.layout-mtp" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (release_cases); i++)
    {
      g_autoptr(GPtrArray) diagnostics = run_for (release_cases[i].release, release_cases[i].spec, 8, release_cases[i].env, release_cases[i].cc);

      g_test_message ("case %u: %s %s", i, release_cases[i].release, release_cases[i].spec);
      if (release_cases[i].code != NULL)
        assert_has (diagnostics, release_cases[i].code, PLANNER_SEVERITY_ERROR, release_cases[i].release);
      if (release_cases[i].absent != NULL)
        assert_lacks (diagnostics, release_cases[i].absent);
    }

  /* From 0.18.2 the fused cross-entropy is refused, in 0.20.0's words. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GPtrArray) diagnostics = run_for (i == 0 ? "0.18.2" : "0.20.0",
                                                  "cross_entropy_loss_fusion cross_entropy_fusion_impl=te", 8, NULL, 9);

      assert_has (diagnostics, "loss.cross-entropy-te", PLANNER_SEVERITY_ERROR, NULL);
    }

  /* From 0.14.0 a layout without the model's MTP layer is refused. */
  {
    g_autoptr(GPtrArray) diagnostics = run_for ("0.14.0", LAYOUT_SPEC "pipeline_model_parallel_layout=Et*2|t*2L", 8,
                                                NULL, 9);

    assert_has (diagnostics, "pipeline.layout-mtp", PLANNER_SEVERITY_ERROR, NULL);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/planner/validate/code/%s/%u", cases[i].code, i);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/planner/validate/base-clean", test_base_clean);
  g_test_add_func ("/planner/validate/uneven-matches-megatron", test_uneven_matches_megatron);
  g_test_add_func ("/planner/validate/world-unknown", test_world_unknown);
  g_test_add_func ("/planner/validate/resolve-layout", test_resolve_layout);
  g_test_add_func ("/planner/validate/layout-string", test_layout_string);
  g_test_add_func ("/planner/validate/example/llama3-8b", test_llama3_8b);
  g_test_add_func ("/planner/validate/example/mixtral", test_mixtral);
  g_test_add_func ("/planner/validate/example/gpt3-175b", test_gpt3_175b);
  g_test_add_func ("/planner/validate/example/llama3-405b", test_llama3_405b);
  g_test_add_func ("/planner/validate/batch/decrease", test_decrease_batch);
  g_test_add_func ("/planner/validate/batch/dp-excludes-cp", test_batch_dp_excludes_cp);
  g_test_add_func ("/planner/validate/absurd", test_absurd);
  g_test_add_func ("/planner/validate/flag-as-written", test_flag_as_written);
  g_test_add_func ("/planner/validate/release-rules", test_release_rules);

  return g_test_run ();
}
