/* planner-validate-features.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Megatron's start-up rules for the newer, optional features: CUDA
 * graphs, experimental attention variants (gated delta-net, DSA),
 * hyper-connections, generalized tensor parallelism with weight
 * rematerialization (GTP), batch-invariant mode, and what a launch needs
 * from the software installed in its container.
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-validate-private.h"

#include <string.h>

static const char *
env_get (const PlannerCheck *c,
         const char         *name)
{
  GHashTable *env = c->context != NULL ? c->context->env : NULL;

  return env != NULL ? g_hash_table_lookup (env, name) : NULL;
}

static gboolean
env_known (const PlannerCheck *c)
{
  return c->context != NULL && c->context->env != NULL;
}

/* ------------------------------------------------------------------ */
/* CUDA graphs                                                          */
/* ------------------------------------------------------------------ */

static const char *const graph_modules[] = {
  "attn", "mlp", "moe", "moe_router", "moe_preprocess", "mamba", NULL,
};

/* Per-layer capture modules after the deprecated spellings are taken out:
 * "full" (the whole layer, now an empty list) and the full_iteration
 * names, which select an implementation rather than a module. */
static guint
n_graph_modules (const PlannerCheck *c)
{
  const char *const *list = planner_args_get_list (c->args, "cuda_graph_modules");
  const char *single = arg_str (c->args, "cuda_graph_modules", NULL);
  guint n = 0;

  if (list == NULL)
    return single != NULL && g_strv_contains (graph_modules, single) ? 1 : 0;
  for (guint i = 0; list[i] != NULL; i++)
    if (g_strv_contains (graph_modules, list[i]))
      n++;
  return n;
}

/* How the graphs are asked for: the switches, their scope and the full-iteration graph's needs. */
static void
check_cuda_graph_switches (PlannerCheck *c)
{
  const char *impl = c->cuda_graph_impl;
  gboolean enable = ON ("enable_cuda_graph");
  gboolean external = ON ("external_cuda_graph");

  if ((enable || external) && !str_is (arg_str (c->args, "cuda_graph_impl", "none"), "none"))
    ADD (ERROR, "cuda-graph.deprecated-with-impl",
         FLAGS (F (enable ? "enable_cuda_graph" : "external_cuda_graph"), F ("cuda_graph_impl")),
         _("Keep only --cuda-graph-impl (local replaces --enable-cuda-graph, transformer_engine replaces "
           "--external-cuda-graph)."),
         _("%s is the deprecated spelling of %s and is refused together with it."),
         N (enable ? "enable_cuda_graph" : "external_cuda_graph"), N ("cuda_graph_impl"));
  if (enable && external)
    ADD (ERROR, "cuda-graph.enable-and-external", FLAGS (F ("enable_cuda_graph"), F ("external_cuda_graph")),
         _("Use --cuda-graph-impl local or --cuda-graph-impl transformer_engine instead of both."),
         _("%s and %s select two different CUDA graph implementations."),
         N ("enable_cuda_graph"), N ("external_cuda_graph"));
  if (GIVEN ("cuda_graph_scope_deprecated") && GIVEN ("cuda_graph_modules"))
    ADD (ERROR, "cuda-graph.scope-and-modules",
         FLAGS (F ("cuda_graph_scope_deprecated"), F ("cuda_graph_modules")),
         _("Drop --cuda-graph-scope (deprecated); --cuda-graph-modules replaces it."),
         _("--cuda-graph-scope and %s cannot be given together."), N ("cuda_graph_modules"));

  {
    const char *const *list = planner_args_get_list (c->args, "cuda_graph_modules");
    const char *single = arg_str (c->args, "cuda_graph_modules", NULL);
    const char *const one[] = { single, NULL };
    const char *const *modules = list != NULL ? list : single != NULL ? one : NULL;
    guint n = modules != NULL ? g_strv_length ((char **) modules) : 0;

    for (guint i = 0; i < n; i++)
      {
        const char *m = modules[i];

        if (g_str_equal (m, "full") ? n > 1
            : !g_strv_contains (graph_modules, m) && !g_str_equal (m, "full_iteration")
              && !g_str_equal (m, "full_iteration_inference"))
          {
            ADD (ERROR, "cuda-graph.modules-invalid", FLAGS (F ("cuda_graph_modules")),
                 _("Use attn, mlp, moe, moe_router, moe_preprocess or mamba (or no modules for the whole layer)."),
                 g_str_equal (m, "full") ? _("\"full\" cannot be combined with other modules in %s.")
                                         : _("\"%s\" is not a module %s knows."),
                 g_str_equal (m, "full") ? N ("cuda_graph_modules") : m, N ("cuda_graph_modules"));
            break;
          }
      }
  }

  if (str_is (impl, "full_iteration"))
    {
      /* fp16 without a fixed loss scale turns the NaN check off by itself. */
      gboolean nan_check = arg_bool (c->args, "check_for_nan_in_loss_and_grad", TRUE)
                           && !(ON ("fp16") && !GIVEN ("loss_scale")) && !ON ("fake_process_group");

      if (nan_check)
        ADD (ERROR, "cuda-graph.full-iteration-nan-check",
             FLAGS (F ("cuda_graph_impl"), F ("check_for_nan_in_loss_and_grad")),
             _("Add --no-check-for-nan-in-loss-and-grad."),
             _("Full-iteration CUDA graphs cannot run the NaN check on the loss and gradients, which is on by "
               "default: Megatron asks for %s."), N ("check_for_nan_in_loss_and_grad"));
      if (n_graph_modules (c) > 0)
        ADD (ERROR, "cuda-graph.full-iteration-modules", FLAGS (F ("cuda_graph_impl"), F ("cuda_graph_modules")),
             _("Drop --cuda-graph-modules: the full iteration is captured as a whole."),
             _("%s full_iteration captures the whole step; per-layer %s must be empty."),
             N ("cuda_graph_impl"), N ("cuda_graph_modules"));
    }

  if (str_is (impl, "transformer_engine") && env_known (c))
    {
      const char *alloc = env_get (c, "PYTORCH_CUDA_ALLOC_CONF");
      const char *reg = env_get (c, "NCCL_GRAPH_REGISTER");

      if (alloc != NULL && strstr (alloc, "expandable_segments:True") != NULL && !str_is (reg, "0"))
        ADD (ERROR, "cuda-graph.expandable-segments",
             FLAGS (F ("cuda_graph_impl"), "PYTORCH_CUDA_ALLOC_CONF", "NCCL_GRAPH_REGISTER"),
             _("Export NCCL_GRAPH_REGISTER=0 in the launch script, or drop expandable_segments:True."),
             _("Transformer Engine CUDA graphs with PYTORCH_CUDA_ALLOC_CONF=%s need NCCL_GRAPH_REGISTER=0 "
               "(an illegal memory access otherwise); Megatron refuses the launch."), alloc);
    }
}

/* Per-layer graphs (local or Transformer Engine) against what the layers do. */
static void
check_cuda_graph_layers (PlannerCheck *c)
{
  const char *impl = c->cuda_graph_impl;
  gboolean moe = c->num_experts > 1;
  gboolean selective = str_is (c->recompute, "selective");
  gboolean full_graph = str_is (impl, "full_iteration") || n_graph_modules (c) == 0;

  if (c->cpu_offloading && !str_is (impl, "full_iteration"))
    ADD (ERROR, "cuda-graph.cpu-offloading", FLAGS (F ("cuda_graph_impl"), F ("cpu_offloading_num_layers")),
         _("Use --cuda-graph-impl full_iteration, or drop the CPU offloading."),
         _("Per-layer CUDA graphs (%s %s) do not work with CPU activation offloading (%s)."),
         N ("cuda_graph_impl"), impl, N ("cpu_offloading_num_layers"));

  if (str_is (impl, "local") || str_is (impl, "transformer_engine"))
    {
      gboolean g_moe = planner_check_graph_module (c, "moe");
      gboolean g_router = planner_check_graph_module (c, "moe_router");
      gboolean g_pre = planner_check_graph_module (c, "moe_preprocess");
      gboolean dropless = !GIVEN ("moe_expert_capacity_factor") || !ON ("moe_pad_expert_input_to_capacity");

      if (g_moe && g_router)
        ADD (ERROR, "cuda-graph.moe-and-router", FLAGS (F ("cuda_graph_modules")),
             _("Keep moe or moe_router in --cuda-graph-modules, not both."),
             _("The moe module already contains the router: %s cannot hold both."), N ("cuda_graph_modules"));
      if (g_pre && !g_router)
        ADD (ERROR, "cuda-graph.moe-preprocess", FLAGS (F ("cuda_graph_modules")),
             _("Add moe_router to --cuda-graph-modules."),
             _("Capturing moe_preprocess needs moe_router captured too."));
      if (!moe)
        {
          if (g_moe || g_router)
            ADD (ERROR, "cuda-graph.moe-needs-moe", FLAGS (F ("cuda_graph_modules"), F ("num_experts")),
                 _("Remove moe and moe_router from --cuda-graph-modules for a dense model."),
                 _("Capturing moe or moe_router needs a mixture-of-experts model with more than one expert."));
        }
      else
        {
          const char *freq = arg_str (c->args, "moe_layer_freq", "1");
          gboolean all_moe = freq == NULL || (strchr (freq, '[') == NULL && arg_int (c->args, "moe_layer_freq", 1) == 1)
                             || (c->config != NULL && c->config->moe_layer_pattern != NULL
                                 && planner_config_count_moe_layers (c->config) == c->config->num_layers);

          if (all_moe && planner_check_graph_module (c, "mlp"))
            ADD (ERROR, "cuda-graph.mlp-needs-dense", FLAGS (F ("cuda_graph_modules"), F ("moe_layer_freq")),
                 _("Remove mlp from --cuda-graph-modules: every layer is an MoE layer."),
                 _("Capturing mlp needs dense layers, and every layer of this model is an MoE layer."));
          if (dropless && g_moe)
            ADD (ERROR, "cuda-graph.moe-dropless",
                 FLAGS (F ("cuda_graph_modules"), F ("moe_expert_capacity_factor"), F ("moe_pad_expert_input_to_capacity")),
                 _("Capture moe_router instead, or add --moe-expert-capacity-factor and --moe-pad-expert-input-to-capacity."),
                 _("Capturing the whole moe module needs token dropping with padding (a capacity factor and %s): "
                   "dropless MoE has dynamic shapes."), N ("moe_pad_expert_input_to_capacity"));
          if (dropless && g_pre && str_is (c->dispatcher, "alltoall")
              && (GIVEN ("moe_expert_capacity_factor") || ON ("moe_router_padding_for_fp8")))
            ADD (ERROR, "cuda-graph.moe-preprocess-sync",
                 FLAGS (F ("cuda_graph_modules"), F ("moe_token_dispatcher_type")),
                 _("Remove moe_preprocess from --cuda-graph-modules."),
                 _("With the alltoall dispatcher and a capacity factor (or router padding) but no padding to "
                   "capacity, the MoE preprocessing copies to the host and cannot be captured."));
        }
    }

  if (c->recompute != NULL && !selective && !str_is (impl, "full_iteration"))
    ADD (ERROR, "cuda-graph.full-recompute", FLAGS (F ("cuda_graph_impl"), F ("recompute_granularity")),
         _("Use --cuda-graph-impl full_iteration, or selective recompute."),
         _("Full recompute works only with full-iteration CUDA graphs, not %s %s."), N ("cuda_graph_impl"), impl);

  if (c->recompute != NULL && selective)
    {
      double attention_dropout = planner_args_get_double (c->args, "attention_dropout", 0.1);
      double hidden_dropout = planner_args_get_double (c->args, "hidden_dropout", 0.1);

      if (str_is (impl, "transformer_engine") && planner_check_recompute_module (c, "moe")
          && planner_check_graph_module (c, "moe_router"))
        ADD (ERROR, "cuda-graph.moe-recompute-router", FLAGS (F ("recompute_modules"), F ("cuda_graph_modules")),
             _("Drop moe from {--recompute-modules} or moe_router from --cuda-graph-modules."),
             _("Recomputing the moe module is refused while Transformer Engine graphs capture moe_router."));
      if (attention_dropout != 0.0 && planner_check_recompute_module (c, "core_attn")
          && (full_graph || planner_check_graph_module (c, "attn")))
        ADD (ERROR, "cuda-graph.dropout-recompute",
             FLAGS (F ("attention_dropout"), F ("recompute_modules"), F ("cuda_graph_modules")),
             _("Set --attention-dropout 0, or stop recomputing core_attn (it is in the default {--recompute-modules}), "
               "or do not capture attention."),
             GIVEN ("recompute_modules")
             ? _("Attention dropout (%g) cannot be used when the captured attention is also recomputed "
                 "(core_attn).")
             : _("Attention dropout (%g) cannot be used when the captured attention is also recomputed "
                 "(core_attn is recomputed by default)."), attention_dropout);
      if (hidden_dropout != 0.0
          && ((planner_check_recompute_module (c, "mlp") && (full_graph || planner_check_graph_module (c, "mlp")))
              || (planner_check_recompute_module (c, "moe") && (full_graph || planner_check_graph_module (c, "moe")))))
        ADD (ERROR, "cuda-graph.dropout-recompute",
             FLAGS (F ("hidden_dropout"), F ("recompute_modules"), F ("cuda_graph_modules")),
             _("Set --hidden-dropout 0, or stop recomputing the captured MLP/MoE."),
             _("Hidden dropout (%g) cannot be used when the captured MLP or MoE is also recomputed."), hidden_dropout);
      if (GIVEN ("moe_input_jitter_eps") && planner_check_recompute_module (c, "moe")
          && (full_graph || planner_check_graph_module (c, "moe")))
        ADD (ERROR, "cuda-graph.jitter-recompute",
             FLAGS (F ("moe_input_jitter_eps"), F ("recompute_modules"), F ("cuda_graph_modules")),
             _("Drop --moe-input-jitter-eps, or stop recomputing the captured moe module."),
             _("%s cannot be used when the captured MoE layer is also recomputed."), N ("moe_input_jitter_eps"));
    }

  if (ON ("fine_grained_activation_offloading"))
    {
      static const char *const local_ok[] = { "expert_fc1", "moe_act", "fused_group_mlp", NULL };
      const char *const *offload = planner_args_get_list (c->args, "offload_modules");
      gboolean only_moe = offload != NULL && offload[0] != NULL;

      for (guint i = 0; offload != NULL && offload[i] != NULL; i++)
        if (!g_strv_contains (local_ok, offload[i]))
          only_moe = FALSE;

      if (str_is (impl, "local") && !only_moe)
        ADD (ERROR, "cuda-graph.offload-local-modules",
             FLAGS (F ("cuda_graph_impl"), F ("offload_modules")),
             _("Offload only expert_fc1, moe_act or fused_group_mlp with local graphs, or use "
               "--cuda-graph-impl transformer_engine."),
             _("Local CUDA graphs support fine-grained offloading of expert_fc1, moe_act and fused_group_mlp only."));
      if (str_is (impl, "local") && n_graph_modules (c) == 0)
        ADD (ERROR, "cuda-graph.offload-whole-layer",
             FLAGS (F ("cuda_graph_impl"), F ("cuda_graph_modules")),
             _("Name the captured modules with --cuda-graph-modules."),
             _("Fine-grained offloading does not work when local graphs capture the whole layer."));
      if (planner_check_graph_module (c, "moe"))
        ADD (ERROR, "cuda-graph.offload-moe", FLAGS (F ("cuda_graph_modules"), F ("fine_grained_activation_offloading")),
             _("Remove moe from --cuda-graph-modules."),
             _("Capturing the moe module is not supported together with fine-grained activation offloading."));
      if (arg_int (c->args, "cuda_graph_warmup_steps", 3) <= 0)
        ADD (ERROR, "cuda-graph.offload-warmup", FLAGS (F ("cuda_graph_warmup_steps")),
             _("Give at least one warm-up step."),
             _("%s must be positive with fine-grained activation offloading."), N ("cuda_graph_warmup_steps"));
      if (str_is (impl, "full_iteration")
          && (!GIVEN ("fine_grained_offloading_max_inflight_offloads")
              || arg_int (c->args, "fine_grained_offloading_max_inflight_offloads", -1) < 0))
        ADD (ERROR, "cuda-graph.offload-max-inflight",
             FLAGS (F ("fine_grained_offloading_max_inflight_offloads"), F ("cuda_graph_impl")),
             _("Add --fine-grained-offloading-max-inflight-offloads with a number of at least 0."),
             _("Full-iteration graphs with fine-grained offloading need %s (0 or more)."),
             N ("fine_grained_offloading_max_inflight_offloads"));
    }
}

void
planner_check_cuda_graphs (PlannerCheck *c)
{
  check_cuda_graph_switches (c);
  if (str_is (c->cuda_graph_impl, "none"))
    return;
  check_cuda_graph_layers (c);
}

/* ------------------------------------------------------------------ */
/* Experimental attention, hyper-connections, MLA, RoPE variants        */
/* ------------------------------------------------------------------ */

void
planner_check_experimental (PlannerCheck *c)
{
  const char *variant = arg_str (c->args, "experimental_attention_variant", NULL);
  gboolean gdn = str_is (variant, "gdn") || str_is (variant, "gdn2") || str_is (variant, "gated_delta_net");
  gboolean mla = ON ("multi_latent_attention");

  if (GIVEN ("gdp_num_householder") && arg_int (c->args, "gdp_num_householder", 3) < 1)
    ADD (ERROR, "model.gdp-householder", FLAGS (F ("gdp_num_householder")),
         _("Give at least 1."), _("%s must be a positive number."), N ("gdp_num_householder"));
  if (ON ("gdp_cutedsl_kernel"))
    {
      gint64 n = arg_int (c->args, "gdp_num_chunk_states_to_recompute", 2);

      if (n < 0 || n > 64)
        ADD (ERROR, "model.gdp-chunk-states", FLAGS (F ("gdp_num_chunk_states_to_recompute"), F ("gdp_cutedsl_kernel")),
             _("Give a number between 0 and 64."), _("%s is %" PRId64 "; with %s it must be between 0 and 64."),
             N ("gdp_num_chunk_states_to_recompute"), n, N ("gdp_cutedsl_kernel"));
    }

  if (gdn)
    {
      gint64 keys = arg_int (c->args, "linear_num_key_heads", 16);
      gint64 values = arg_int (c->args, "linear_num_value_heads", 32);
      guint64 tp_cp = c->d.tp * c->d.cp;

      if ((str_is (variant, "gdn") || str_is (variant, "gated_delta_net")) && !GIVEN ("linear_attention_freq"))
        ADD (ERROR, "gdn.linear-attention-freq",
             FLAGS (F ("experimental_attention_variant"), F ("linear_attention_freq")),
             _("Add --linear-attention-freq (how often a layer uses gated delta-net attention)."),
             _("Gated delta-net attention needs %s."), N ("linear_attention_freq"));
      if (keys <= 0 || values % keys != 0)
        ADD (ERROR, "gdn.value-heads", FLAGS (F ("linear_num_value_heads"), F ("linear_num_key_heads")),
             _("Make the value heads a multiple of the key heads."),
             _("%s (%" PRId64 ") must be a multiple of %s (%" PRId64 ")."),
             N ("linear_num_value_heads"), values, N ("linear_num_key_heads"), keys);
      if (keys > 0 && values > 0 && ((guint64) keys % tp_cp != 0 || (guint64) values % tp_cp != 0))
        ADD (ERROR, "gdn.heads-tp-cp",
             FLAGS (F ("linear_num_key_heads"), F ("linear_num_value_heads"), F ("tensor_model_parallel_size"),
                    F ("context_parallel_size")),
             _("Pick TP × CP that divides both head counts."),
             _("The gated delta-net key heads (%" PRId64 ") and value heads (%" PRId64
               ") must both be multiples of TP × CP (%" PRIu64 ")."), keys, values, tp_cp);
    }
  else if (str_is (variant, "dsa"))
    {
      if (c->add_bias)
        ADD (ERROR, "dsa.bias", FLAGS (F ("experimental_attention_variant"), F ("add_bias_linear")),
             _("Add {--disable-bias-linear}."),
             _("DSA attention works without linear-layer biases; add %s."), N ("add_bias_linear"));
      if (arg_int (c->args, "dsa_indexer_topk_freq", 1) < 1)
        ADD (ERROR, "dsa.indexer-topk-freq", FLAGS (F ("dsa_indexer_topk_freq")),
             _("Give a positive number."), _("%s must be positive."), N ("dsa_indexer_topk_freq"));
      if (arg_int (c->args, "dsa_indexer_skip_topk_offset", 0) < 0)
        ADD (ERROR, "dsa.skip-topk-offset", FLAGS (F ("dsa_indexer_skip_topk_offset")),
             _("Give zero or a positive number."), _("%s must not be negative."), N ("dsa_indexer_skip_topk_offset"));
    }
  if (str_is (variant, "dsa"))
    {
      if (c->rope_fusion)
        ADD (ERROR, "dsa.rope-fusion", FLAGS (F ("experimental_attention_variant"), F ("apply_rope_fusion")),
             _("Add --no-rope-fusion."),
             _("DSA attention does not support RoPE fusion, which is on by default with rope; add %s."),
             N ("apply_rope_fusion"));
      if (c->d.cp > 1)
        {
          const char *const *types = planner_args_get_list (c->args, "cp_comm_type");
          const char *single = arg_str (c->args, "cp_comm_type", "p2p");
          gboolean ok = TRUE;

          for (guint i = 0; types != NULL && types[i] != NULL; i++)
            if (!str_is (types[i], "allgather") && !str_is (types[i], "all_gather"))
              ok = FALSE;
          if (types == NULL && !str_is (single, "allgather") && !str_is (single, "all_gather"))
            ok = FALSE;
          if (!ok)
            ADD (ERROR, "dsa.cp-comm-type", FLAGS (F ("cp_comm_type"), F ("context_parallel_size")),
                 _("Add --cp-comm-type allgather."),
                 _("DSA attention with context parallelism supports only the allgather CP communication (%s); "
                   "the default is p2p."), N ("cp_comm_type"));
        }
    }

  if (ON ("enable_mhc_connections"))
    {
      if (GIVEN ("mtp_num_layers"))
        ADD (ERROR, "mhc.mtp", FLAGS (F ("enable_mhc_connections"), F ("mtp_num_layers")),
             _("Drop one of the two."), _("Hyper-connections (%s) cannot be combined with multi-token prediction."),
             N ("enable_mhc_connections"));
      if (str_is (c->recompute, "full"))
        ADD (ERROR, "mhc.full-recompute", FLAGS (F ("enable_mhc_connections"), F ("recompute_granularity")),
             _("Use selective recompute (with mhc in {--recompute-modules})."),
             _("Hyper-connections do not yet work with full recompute."));
      if (c->d.pp > 1)
        ADD (ERROR, "mhc.pp", FLAGS (F ("enable_mhc_connections"), F ("pipeline_model_parallel_size")),
             _("Use PP 1 with hyper-connections."),
             _("Hyper-connections do not support pipeline parallelism yet (PP %" PRIu64 ")."), c->d.pp);
      if (ON ("fp32_residual_connection"))
        ADD (ERROR, "mhc.fp32-residual", FLAGS (F ("enable_mhc_connections"), F ("fp32_residual_connection")),
             _("Drop --fp32-residual-connection."),
             _("Hyper-connections keep their own residual streams and cannot be combined with %s."),
             N ("fp32_residual_connection"));
      if (arg_int (c->args, "mhc_sinkhorn_iterations", 20) < 1)
        ADD (ERROR, "mhc.sinkhorn-iterations", FLAGS (F ("mhc_sinkhorn_iterations")),
             _("Give at least 1."), _("%s must be at least 1."), N ("mhc_sinkhorn_iterations"));
      if (planner_args_get_double (c->args, "mhc_init_gating_factor", 0.01) < 0.0)
        ADD (ERROR, "mhc.gating-factor", FLAGS (F ("mhc_init_gating_factor")),
             _("Give zero or a positive factor."), _("%s must not be negative."), N ("mhc_init_gating_factor"));
    }

  if (mla)
    {
      if (ON ("group_query_attention"))
        ADD (ERROR, "mla.gqa", FLAGS (F ("multi_latent_attention"), F ("group_query_attention")),
             _("Drop {--group-query-attention} (and {--num-query-groups}): MLA compresses keys and values itself."),
             _("Multi-latent attention and grouped-query attention are mutually exclusive."));
      if (ON ("rotary_interleaved"))
        ADD (ERROR, "mla.rotary-interleaved", FLAGS (F ("multi_latent_attention"), F ("rotary_interleaved")),
             _("Drop --rotary-interleaved."), _("%s does not work with multi-latent attention."), N ("rotary_interleaved"));
      if (c->rope_fusion && !str_is (arg_str (c->args, "rope_type", "yarn"), "yarn"))
        ADD (ERROR, "mla.rope-fusion-yarn", FLAGS (F ("rope_type"), F ("apply_rope_fusion")),
             _("Use --rope-type yarn (the MLA default), or add --no-rope-fusion."),
             _("RoPE fusion with multi-latent attention works only with YaRN RoPE, not %s."),
             arg_str (c->args, "rope_type", "yarn"));
      if (ON ("attention_output_gate"))
        ADD (ERROR, "mla.output-gate", FLAGS (F ("multi_latent_attention"), F ("attention_output_gate")),
             _("Drop --attention-output-gate."), _("The attention output gate is not supported with MLA yet."));
      if (ON ("cache_mla_latents") && c->rope_fusion)
        ADD (ERROR, "mla.cache-latents-rope-fusion", FLAGS (F ("cache_mla_latents"), F ("apply_rope_fusion")),
             _("Add --no-rope-fusion, or drop --cache-mla-latents."),
             _("%s cannot be combined with RoPE fusion, which is on by default with rope."), N ("cache_mla_latents"));
    }
  if (ON ("mla_down_proj_fusion") && !mla)
    ADD (ERROR, "mla.down-proj-fusion", FLAGS (F ("mla_down_proj_fusion"), F ("multi_latent_attention")),
         _("Add {--multi-latent-attention}, or drop the flag."),
         _("%s fuses a projection of multi-latent attention; the model does not use it."), N ("mla_down_proj_fusion"));

  if (GIVEN ("no_rope_freq"))
    {
      const char *text = arg_str (c->args, "no_rope_freq", "");

      if (ON ("flash_decode"))
        ADD (ERROR, "rope.no-rope-flash-decode", FLAGS (F ("no_rope_freq"), F ("flash_decode")),
             _("Drop --flash-decode."), _("%s cannot be combined with %s."), N ("flash_decode"), N ("no_rope_freq"));
      if (text != NULL && strchr (text, '[') != NULL)
        {
          g_autofree guint8 *pattern = NULL;

          /* The list is a 0/1 pattern over layers, written like --moe-layer-freq. */
          if (c->num_layers != 0 && c->num_layers <= G_MAXUINT32)
            pattern = planner_parse_moe_layer_freq (text, (guint32) c->num_layers, NULL);
          if (c->num_layers != 0 && pattern == NULL)
            ADD (ERROR, "rope.no-rope-list-length", FLAGS (F ("no_rope_freq"), F ("num_layers")),
                 _("Give one entry per layer."),
                 _("The %s pattern must have one entry for each of the %" PRIu64 " layers."),
                 N ("no_rope_freq"), c->num_layers);
        }
      else
        {
          gint64 freq = arg_int (c->args, "no_rope_freq", 0);

          if (freq > 0 && c->num_layers != 0 && c->num_layers % (guint64) freq != 0)
            ADD (ERROR, "rope.no-rope-freq-divisible", FLAGS (F ("no_rope_freq"), F ("num_layers")),
                 _("Pick a frequency that divides the number of layers."),
                 _("%s %" PRId64 " must divide the %" PRIu64 " layers."),
                 N ("no_rope_freq"), freq, c->num_layers);
        }
    }

  if (ON ("use_mup") && GIVEN ("mup_base_hidden_size") && arg_int (c->args, "mup_base_hidden_size", 0) <= 0)
    ADD (ERROR, "model.mup-base-hidden-size", FLAGS (F ("mup_base_hidden_size"), F ("use_mup")),
         _("Give a positive base hidden size, or leave it out to use {--hidden-size}."),
         _("%s must be positive."), N ("mup_base_hidden_size"));

  if (ON ("qk_clip"))
    {
      double alpha = planner_args_get_double (c->args, "qk_clip_alpha", 0.5);
      double threshold = planner_args_get_double (c->args, "qk_clip_threshold", 100.0);

      if (!(alpha > 0.0 && alpha < 1.0))
        ADD (ERROR, "qk-clip.alpha", FLAGS (F ("qk_clip_alpha"), F ("qk_clip")),
             _("Give a value strictly between 0 and 1 (the default is 0.5)."),
             _("%s is %g; with %s it must be strictly between 0 and 1."), N ("qk_clip_alpha"), alpha, N ("qk_clip"));
      if (!(threshold > 0.0))
        ADD (ERROR, "qk-clip.threshold", FLAGS (F ("qk_clip_threshold"), F ("qk_clip")),
             _("Give a positive threshold (the default is 100)."),
             _("%s is %g; with %s it must be positive."), N ("qk_clip_threshold"), threshold, N ("qk_clip"));
    }
}

/* ------------------------------------------------------------------ */
/* Generalized tensor parallelism with weight rematerialization (GTP)   */
/* ------------------------------------------------------------------ */

/* The weight-shard factor beyond TP: shards / tp, 1 when not given. */
static guint64
remat_size (const PlannerCheck *c,
            const char         *shards_dest,
            guint64             tp)
{
  gint64 shards = arg_int (c->args, shards_dest, 0);

  if (!has_value (c->args, shards_dest) || shards <= 0 || tp == 0 || (guint64) shards < tp
      || (guint64) shards % tp != 0)
    return 1;
  return (guint64) shards / tp;
}

void
planner_check_weight_shards (PlannerCheck *c)
{
  static const struct
  {
    const char *shards;
    gboolean    expert;
  } axes[] = {
    { "tensor_parallel_num_weight_shards", FALSE },
    { "expert_tensor_parallel_num_weight_shards", TRUE },
  };
  guint64 gtp = remat_size (c, "tensor_parallel_num_weight_shards", c->d.tp);
  guint64 egtp = remat_size (c, "expert_tensor_parallel_num_weight_shards", c->d.etp);
  const char *flag = F (gtp > 1 ? "tensor_parallel_num_weight_shards" : "expert_tensor_parallel_num_weight_shards");
  guint64 dense_grid, expert_grid;

  for (guint i = 0; i < G_N_ELEMENTS (axes); i++)
    {
      guint64 tp = axes[i].expert ? c->d.etp : c->d.tp;
      gint64 shards = arg_int (c->args, axes[i].shards, 0);

      if (GIVEN (axes[i].shards) && (shards <= 0 || (guint64) shards < tp || (guint64) shards % tp != 0))
        ADD (ERROR, "gtp.shards", FLAGS (F (axes[i].shards), F (axes[i].expert ? "expert_tensor_parallel_size"
                                                                   : "tensor_model_parallel_size")),
             _("Give a multiple of the tensor-parallel size."),
             _("%s (%" PRId64 ") must be a multiple of %s (%" PRIu64 ") and at least as large."),
             N (axes[i].shards), shards, axes[i].expert ? "ETP" : "TP", tp);
    }

  if (GIVEN ("gtp_remat_opt_in_modules"))
    {
      const char *const *modules = planner_args_get_list (c->args, "gtp_remat_opt_in_modules");
      const char *single = arg_str (c->args, "gtp_remat_opt_in_modules", NULL);
      const char *bad = NULL;

      for (guint i = 0; modules != NULL && modules[i] != NULL && bad == NULL; i++)
        if (!g_str_equal (modules[i], "moe_latent_proj"))
          bad = modules[i];
      if (modules == NULL && single != NULL && !g_str_equal (single, "moe_latent_proj"))
        bad = single;
      if (bad != NULL)
        ADD (ERROR, "gtp.opt-in-modules", FLAGS (F ("gtp_remat_opt_in_modules")),
             _("The only module that can opt in is moe_latent_proj."),
             _("\"%s\" is not a module %s knows."), bad, N ("gtp_remat_opt_in_modules"));
    }

  if (gtp <= 1 && egtp <= 1)
    return;

  /* mul_or_zero: a shard count near 2^63 must not wrap to a divisor. */
  dense_grid = mul_or_zero (c->d.tp * c->d.pp * c->d.cp, gtp);
  expert_grid = mul_or_zero (c->d.etp * c->d.ep * c->d.pp, egtp);
  if (c->world != 0 && (dense_grid == 0 || expert_grid == 0
                        || c->world % dense_grid != 0 || c->world % expert_grid != 0))
    ADD (ERROR, "gtp.world-not-divisible", FLAGS (flag, F ("tensor_model_parallel_size")),
         _("Use a number of GPUs that is a multiple of TP × PP × CP × the weight-shard factor (and of the expert grid)."),
         _("The weight-shard factor (%" PRIu64 " dense, %" PRIu64 " expert) is an extra "
           "parallel axis: %" PRIu64 " GPUs are not a multiple of TP × PP × CP × %" PRIu64
           " = %" PRIu64 " or of ETP × EP × PP × %" PRIu64 " = %" PRIu64 "."),
         gtp, egtp, c->world, gtp, dense_grid, egtp, expert_grid);
  if (c->d.instances > 1)
    ADD (ERROR, "gtp.dist-opt-instances", FLAGS (flag, F ("num_distributed_optimizer_instances")),
         _("Use one distributed-optimizer instance with weight shards."),
         _("Weight rematerialization (%s) does not yet work with %s > 1."),
         planner_words_name (WORDS, flag), N ("num_distributed_optimizer_instances"));
  if (c->fp4 && !ON ("fp4_param_gather"))
    ADD (ERROR, "gtp.fp4-param-gather", FLAGS (flag, F ("fp4_param_gather")),
         _("Add --fp4-param-gather."),
         _("Weight shards with FP4 need %s so the NVFP4 weights are gathered as NVFP4."), N ("fp4_param_gather"));
  if (c->context != NULL && c->context->compute_capability_major >= 10 && !str_is (c->cuda_graph_impl, "none"))
    {
      const char *value = env_get (c, "CUDA_GRAPHS_USE_NODE_PRIORITY");

      if (!str_is (value, "1"))
        planner_diagnostics_add (c->diagnostics, env_known (c) ? PLANNER_SEVERITY_ERROR : PLANNER_SEVERITY_WARNING,
                                 "gtp.cuda-graphs-node-priority",
                                 FLAGS (flag, F ("cuda_graph_impl"), "CUDA_GRAPHS_USE_NODE_PRIORITY"),
                                 _("Export CUDA_GRAPHS_USE_NODE_PRIORITY=1 in the launch script."),
                                 env_known (c)
                                 ? _("Weight shards with CUDA graphs on Blackwell or newer need "
                                     "CUDA_GRAPHS_USE_NODE_PRIORITY=1 and the launch does not export it.")
                                 : _("Weight shards with CUDA graphs on Blackwell or newer need "
                                     "CUDA_GRAPHS_USE_NODE_PRIORITY=1 (the launch environment is not known)."));
    }
  if (ON ("ddp_average_in_collective"))
    ADD (ERROR, "gtp.ddp-average", FLAGS (flag, F ("ddp_average_in_collective")),
         _("Drop --ddp-average-in-collective."), _("Weight shards need %s off (the default)."),
         N ("ddp_average_in_collective"));
  if (!str_is (arg_str (c->args, "ckpt_format", "torch_dist"), "torch")
      && !str_is (arg_str (c->args, "ckpt_format", "torch_dist"), "torch_dist"))
    ADD (ERROR, "gtp.ckpt-format", FLAGS (flag, F ("ckpt_format")),
         _("Use {--ckpt-format} torch_dist (the default) or torch."),
         _("Weight shards support only the torch and torch_dist checkpoint formats, not %s."),
         arg_str (c->args, "ckpt_format", "torch_dist"));
  if (ON ("dist_ckpt_optim_fully_reshardable") && ON ("distrib_optim_fully_reshardable_mem_efficient"))
    ADD (ERROR, "gtp.reshardable", FLAGS (flag, F ("distrib_optim_fully_reshardable_mem_efficient")),
         _("Drop --distrib-optim-fully-reshardable-mem-efficient."),
         _("Weight shards do not support the memory-efficient fully reshardable optimizer checkpoint."));
  if (str_is (c->fp8_recipe, "mxfp8"))
    {
      if (!ON ("fp8_param_gather"))
        ADD (ERROR, "gtp.mxfp8-param-gather", FLAGS (flag, F ("fp8_param_gather")),
             _("Add {--fp8-param-gather}."),
             _("Weight shards with the mxfp8 recipe need %s: no BF16 copy of the weights is kept."),
             N ("fp8_param_gather"));
      else if (!ON ("reuse_grad_buf_for_mxfp8_param_ag") || ON ("use_megatron_fsdp"))
        ADD (ERROR, "gtp.mxfp8-reuse-grad-buf", FLAGS (flag, F ("reuse_grad_buf_for_mxfp8_param_ag")),
             _("Add --reuse-grad-buf-for-mxfp8-param-ag (and do not use Megatron FSDP, which turns it off)."),
             _("Weight shards with mxfp8 and %s need %s."), N ("fp8_param_gather"),
             N ("reuse_grad_buf_for_mxfp8_param_ag"));
    }
  if ((ON ("gtp_remat_nccl_ub") || ON ("gtp_expert_remat_nccl_ub")) && ON ("disable_symmetric_registration"))
    ADD (ERROR, "gtp.nccl-ub-symmetric", FLAGS (F (ON ("gtp_remat_nccl_ub") ? "gtp_remat_nccl_ub"
                                                                              : "gtp_expert_remat_nccl_ub"),
                                                F ("disable_symmetric_registration")),
         _("Drop --disable-symmetric-registration."),
         _("The weight-shard NCCL user buffers need symmetric registration, which %s turns off."),
         N ("disable_symmetric_registration"));

  if (gtp > 1 && str_is (c->cuda_graph_impl, "local") && str_is (c->recompute, "selective")
      && (c->fp8 || c->fp4) && GIVEN ("moe_shared_expert_intermediate_size") && !ON ("moe_shared_expert_overlap")
      && (n_graph_modules (c) == 0 || planner_check_graph_module (c, "moe")
          || planner_check_graph_module (c, "moe_router"))
      && planner_check_recompute_module (c, "shared_experts"))
    ADD (ERROR, "gtp.shared-experts-graph-recompute",
         FLAGS (F ("recompute_modules"), F ("cuda_graph_impl"), flag),
         _("Drop shared_experts from {--recompute-modules}, or use --cuda-graph-impl full_iteration."),
         _("With weight shards, local CUDA graphs that capture the shared experts cannot also recompute them "
           "under FP8/FP4."));
}

/* ------------------------------------------------------------------ */
/* Batch-invariant mode                                                 */
/* ------------------------------------------------------------------ */

void
planner_check_batch_invariant (PlannerCheck *c)
{
  g_autoptr(GPtrArray) why = NULL;

  if (!ON ("batch_invariant_mode"))
    return;

  why = g_ptr_array_new ();
  if (!ON ("bf16"))
    g_ptr_array_add (why, (gpointer) _("--bf16 parameters"));
  if (!str_is (arg_str (c->args, "attention_backend", "auto"), "flash"))
    g_ptr_array_add (why, (gpointer) "--attention-backend flash");
  if (arg_int (c->args, "flash_attention_version", 0) != 3 && arg_int (c->args, "flash_attention_version", 0) != 4)
    g_ptr_array_add (why, (gpointer) _("--flash-attention-version 3 or 4"));
  if (c->d.cp > 1)
    g_ptr_array_add (why, (gpointer) _("no context parallelism"));
  if (planner_args_get_double (c->args, "attention_dropout", 0.1) != 0.0)
    g_ptr_array_add (why, (gpointer) _("--attention-dropout 0 (the default is 0.1)"));
  if (c->num_experts > 0)
    {
      if (!str_is (arg_str (c->args, "transformer_impl", "transformer_engine"), "inference_optimized")
          && !str_is (c->dispatcher, "alltoall"))
        g_ptr_array_add (why, (gpointer) _("the alltoall token dispatcher"));
      if (c->fp8 || c->fp4)
        g_ptr_array_add (why, (gpointer) _("no FP8 or FP4 with MoE"));
      if (ON ("moe_permute_fusion") || ON ("moe_permute_fusion_into_hybridep"))
        g_ptr_array_add (why, (gpointer) _("no permute fusion with MoE"));
      if (ON ("moe_pad_expert_input_to_capacity") || ON ("moe_pad_experts_for_cuda_graph_inference"))
        g_ptr_array_add (why, (gpointer) _("no expert padding with MoE"));
    }
  if (why->len > 0)
    {
      g_autofree char *list = join_list (why);

      ADD (ERROR, "batch-invariant.requirements", FLAGS (F ("batch_invariant_mode")),
           _("Meet the requirements, or drop --batch-invariant-mode."),
           /* translators: %s is a flag; the list is separated by "; " */
           _("%s needs: %s."), N ("batch_invariant_mode"), list);
    }
}

/* ------------------------------------------------------------------ */
/* What the container must provide                                      */
/* ------------------------------------------------------------------ */

typedef struct
{
  const char *version;   /* "2.9", comparable as major.minor */
  const char *flag;      /* the flag that brings the requirement */
  char       *what;
} Requirement;

static gint
compare_versions (const char *a,
                  const char *b)
{
  guint64 a_major = g_ascii_strtoull (a, NULL, 10), b_major = g_ascii_strtoull (b, NULL, 10);
  const char *a_dot = strchr (a, '.'), *b_dot = strchr (b, '.');
  guint64 a_minor = a_dot != NULL ? g_ascii_strtoull (a_dot + 1, NULL, 10) : 0;
  guint64 b_minor = b_dot != NULL ? g_ascii_strtoull (b_dot + 1, NULL, 10) : 0;

  if (a_major != b_major)
    return a_major < b_major ? -1 : 1;
  if (a_minor != b_minor)
    return a_minor < b_minor ? -1 : 1;
  return 0;
}

static void
require (GArray     *list,
         const char *version,
         const char *flag,
         const char *what)
{
  Requirement r = { version, flag, g_strdup (what) };

  g_array_append_val (list, r);
}

/* The distinct flags of @list, NULL-terminated, for the diagnostic. */
static const char **
requirement_flags (GArray *list)
{
  const char **flags = g_new0 (const char *, list->len + 1);
  guint n = 0;

  for (guint i = 0; i < list->len; i++)
    {
      const char *flag = g_array_index (list, Requirement, i).flag;

      if (!g_strv_contains (flags, flag))
        flags[n++] = flag;
    }
  return flags;
}

/* Megatron checks these against the installed Transformer Engine, torch
 * or Python packages, which the planner cannot see: it names them, with
 * the versions, so the container can be checked before the job is
 * queued.  Requirements met by every installation of Megatron-Core 0.20
 * (torch ≥ 2.6 is its own dependency) and Transformer Engine 1.x floors
 * are left out. */
void
planner_check_requirements (PlannerCheck *c)
{
  g_autoptr(GArray) te = g_array_new (FALSE, FALSE, sizeof (Requirement));
  g_autoptr(GPtrArray) packages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) package_flags = g_ptr_array_new ();
  gboolean delay = ON ("delay_wgrad_compute");
  gboolean wgrad_graph = planner_check_graph_module (c, "attn")
                         || (planner_check_graph_module (c, "moe_router")
                             && GIVEN ("moe_shared_expert_intermediate_size") && !ON ("moe_shared_expert_overlap"));
  const char *highest = NULL;

  if (c->fp4)
    require (te, "2.7", F ("fp4"), "--fp4-format");
  if (ON ("qk_clip"))
    require (te, "2.9", F ("qk_clip"), "--qk-clip");
  if (ON ("log_max_attention_logit"))
    require (te, "2.9", F ("log_max_attention_logit"), "--log-max-attention-logit");
  if (delay && ON ("overlap_grad_reduce"))
    require (te, wgrad_graph ? "2.12" : "2.8", F ("delay_wgrad_compute"),
             wgrad_graph ? _("--delay-wgrad-compute with --overlap-grad-reduce and captured attention")
                         : _("--delay-wgrad-compute with --overlap-grad-reduce"));
  if (delay && !arg_bool (c->args, "gradient_accumulation_fusion", TRUE))
    require (te, "2.7", F ("delay_wgrad_compute"), _("--delay-wgrad-compute with --no-gradient-accumulation-fusion"));
  if (delay && str_is (c->cuda_graph_impl, "transformer_engine"))
    require (te, "2.10", F ("delay_wgrad_compute"), _("--delay-wgrad-compute with Transformer Engine CUDA graphs"));
  if (ON ("moe_single_grouped_weight") || ON ("moe_single_grouped_bias"))
    require (te, "2.14", F (ON ("moe_single_grouped_weight") ? "moe_single_grouped_weight" : "moe_single_grouped_bias"), ON ("moe_single_grouped_weight") ? "--moe-single-grouped-weight" : "--moe-single-grouped-bias");
  if (str_is (c->recompute, "selective") && c->fp8
      && (planner_check_recompute_module (c, "moe_act") || planner_check_recompute_module (c, "layernorm")))
    require (te, "2.6", F ("recompute_modules"), _("recomputing moe_act or layernorm under FP8"));
  if (c->rope_fusion && !ON ("multi_latent_attention") && ON ("rotary_interleaved"))
    require (te, "2.3", F ("rotary_interleaved"), _("--rotary-interleaved with RoPE fusion"));
  if (ON ("moe_permute_fusion"))
    require (te, "2.1", F ("moe_permute_fusion"), "--moe-permute-fusion");
  if (ON ("overlap_dispatch_backward_with_experts_wgrad"))
    require (te, "2.3", F ("overlap_dispatch_backward_with_experts_wgrad"), "--overlap-dispatch-backward-with-experts-wgrad");
  if (GIVEN ("symmetric_ar_type"))
    require (te, "2.3", F ("symmetric_ar_type"), _("--symmetric-ar-type (which also needs torch 2.7 or newer)"));
  if (remat_size (c, "tensor_parallel_num_weight_shards", c->d.tp) > 1
      || remat_size (c, "expert_tensor_parallel_num_weight_shards", c->d.etp) > 1)
    require (te, "2.19", F (remat_size (c, "tensor_parallel_num_weight_shards", c->d.tp) > 1 ? "tensor_parallel_num_weight_shards" : "expert_tensor_parallel_num_weight_shards"), _("weight shards (--tensor-parallel-num-weight-shards)"));

  if (te->len > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree const char **flags = requirement_flags (te);

      for (guint i = 0; i < te->len; i++)
        {
          Requirement *r = &g_array_index (te, Requirement, i);

          if (highest == NULL || compare_versions (r->version, highest) > 0)
            highest = r->version;
          if (i > 0)
            g_string_append (text, LIST_SEPARATOR);
          /* translators: "--qk-clip needs 2.9": a feature and the Transformer Engine version it needs */
          g_string_append_printf (text, _("%s needs %s"), r->what, r->version);
        }
      ADD (INFO, "runtime.transformer-engine", flags,
           _("Check the container's Transformer Engine version before the job is queued."),
           _("This launch needs Transformer Engine %s or newer (%s); Megatron stops at start-up with an older one, "
             "and the planner cannot see the installed version."), highest, text->str);
      for (guint i = 0; i < te->len; i++)
        g_free (g_array_index (te, Requirement, i).what);
    }

  if (ON ("tp_comm_overlap"))
    {
      g_ptr_array_add (packages, planner_words_fill (WORDS, _("{--tp-comm-overlap} needs the yaml (PyYAML) and transformer_engine packages"), FALSE));
      g_ptr_array_add (package_flags, (gpointer) F ("tp_comm_overlap"));
    }
  if (GIVEN ("nccl_communicator_config_path"))
    {
      g_ptr_array_add (packages, planner_words_fill (WORDS, _("--nccl-communicator-config-path needs the yaml (PyYAML) package"), FALSE));
      g_ptr_array_add (package_flags, (gpointer) F ("nccl_communicator_config_path"));
    }
  if (str_is (arg_str (c->args, "non_persistent_ckpt_type", NULL), "local"))
    {
      g_ptr_array_add (packages, planner_words_fill (WORDS, _("--non-persistent-ckpt-type local needs nvidia-resiliency-ext"), FALSE));
      g_ptr_array_add (package_flags, (gpointer) F ("non_persistent_ckpt_type"));
    }
  if (ON ("batch_invariant_mode") && c->num_experts > 0
      && (str_is (arg_str (c->args, "batch_invariant_backend", "te_native"), "deepgemm")
          || str_is (arg_str (c->args, "batch_invariant_backend", "te_native"), "triton")))
    {
      g_ptr_array_add (packages, planner_words_fill (WORDS, _("--batch-invariant-mode with MoE and this backend needs DeepGEMM with "
                                             "its BF16 grouped-GEMM bindings"), FALSE));
      g_ptr_array_add (package_flags, (gpointer) F ("batch_invariant_backend"));
    }
  if (packages->len > 0)
    {
      g_ptr_array_add (packages, NULL);
      g_ptr_array_add (package_flags, NULL);
      {
        g_autofree char *joined = g_strjoinv (LIST_SEPARATOR, (char **) packages->pdata);

        ADD (INFO, "runtime.packages", (const char *const *) package_flags->pdata,
             _("Make sure the container provides these Python packages."),
             _("This launch needs packages that Megatron imports at start-up: %s."), joined);
      }
    }

  if (ON ("fine_grained_activation_offloading") && !str_is (env_get (c, "NVTE_CPU_OFFLOAD_V1"), "1"))
    ADD (WARNING, "offload.nvte-cpu-offload-v1", FLAGS (F ("fine_grained_activation_offloading"), "NVTE_CPU_OFFLOAD_V1"),
         _("Export NVTE_CPU_OFFLOAD_V1=1 in the launch script."),
         env_known (c)
         ? _("With Transformer Engine 2.10 or newer, %s needs NVTE_CPU_OFFLOAD_V1=1 (so that weights are not "
             "offloaded); the launch does not export it.")
         : _("With Transformer Engine 2.10 or newer, %s needs NVTE_CPU_OFFLOAD_V1=1 (so that weights are not "
             "offloaded); the launch environment is not known."), N ("fine_grained_activation_offloading"));
}
