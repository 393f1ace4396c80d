/* planner-advise-rules.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advise"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <math.h>

#include "planner-advise-rules.h"

/* One rule per flag family.  Each rule looks at the current arguments,
 * builds the exact changes and hands them to planner_advisor_offer(),
 * which measures and checks them.  The speed ranges are the planner's
 * reading of NVIDIA's published tuning guides, stated as ranges. */

#define GIB (1024.0 * 1024.0 * 1024.0)

static void
set_speed (PlannerSuggestion *suggestion,
           double             low,
           double             high)
{
  suggestion->speed_low = low;
  suggestion->speed_high = high;
}

static const char *
str (PlannerAdvisor *advisor,
     const char     *dest,
     const char     *fallback)
{
  return planner_args_get_string (advisor->args, dest, fallback);
}

static gboolean
on (PlannerAdvisor *advisor,
    const char     *dest)
{
  return planner_args_get_bool (advisor->args, dest, FALSE);
}

static guint
nvlink_domain (PlannerAdvisor *advisor)
{
  guint domain = advisor->gpu != NULL ? advisor->gpu->nvlink_domain_size : 8;

  if (advisor->input->gpus_per_node > 0)
    domain = MIN (domain, advisor->input->gpus_per_node);
  return MAX (domain, 1);
}

static char *
uint_text (guint64 value)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, value);
}

PlannerSuggestion *
planner_rule_attention_backend (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const char *backend = str (advisor, "attention_backend", "auto");
  gboolean dead = planner_args_is_set (advisor->args, "use_flash_attn");
  const char *target;

  if (advisor->gpu == NULL)
    return NULL;
  if (g_str_equal (backend, "flash") || g_str_equal (backend, "fused"))
    {
      if (!dead)
        return NULL;
      target = backend;
    }
  else if (advisor->gpu->compute_capability_major >= 9)
    target = "fused";   /* cuDNN attention: what NVIDIA's H100 LLaMA recipes pin */
  else
    target = "flash";

  suggestion = planner_suggestion_new ("attention-backend", _("Pin a fused attention kernel"));
  if (advisor->gpu->compute_capability_major < 8)
    {
      planner_advisor_reject (advisor, "attention-backend",
                              _("flash and cuDNN fused attention need Ampere or newer; the %s keeps --attention-backend %s"),
                              advisor->gpu->name, backend);
      return NULL;
    }
  if (dead)
    planner_suggestion_unset_flag (suggestion, advisor->args, "use_flash_attn");
  planner_suggestion_set_flag (suggestion, advisor->args, "attention_backend", "--attention-backend", target);

  if (g_str_equal (backend, "unfused") || g_str_equal (backend, "local"))
    {
      suggestion->reason = g_strdup_printf (_("--attention-backend %s materialises the s×s score matrix; %s attention "
                                              "computes it in tiles on chip."), backend, target);
      set_speed (suggestion, 1.10, 1.30);
    }
  else
    {
      /* Translators: the second %s is a kernel's name, “cuDNN fused” or “flash” */
      suggestion->reason = g_strdup_printf (dead
                                            ? _("--use-flash-attn is read by no code in 0.20.0 (a dead flag); "
                                                "--attention-backend %s pins the %s kernel; with auto, Transformer Engine "
                                                "may silently fall back to unfused attention when a kernel does not apply.")
                                            : _("--attention-backend %s pins the %s kernel; with auto, Transformer Engine "
                                                "may silently fall back to unfused attention when a kernel does not apply."),
                                            target, g_str_equal (target, "fused") ? "cuDNN fused" : "flash");
      set_speed (suggestion, 1.00, 1.05);
    }
  suggestion->effect = g_strdup (_("Attention without the stored score matrix: less activation memory and "
                                   "faster attention; loss unchanged."));
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_sequence_parallel (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerConfig *config = planner_advisor_config (advisor);
  guint tp = (guint) planner_args_get_int (advisor->args, "tensor_model_parallel_size", 1);

  if (tp <= 1 || on (advisor, "sequence_parallel"))
    return NULL;
  suggestion = planner_suggestion_new ("sequence-parallel", _("Turn on sequence parallelism"));
  planner_suggestion_set_flag (suggestion, advisor->args, "sequence_parallel", "--sequence-parallel", NULL);
  suggestion->reason = g_strdup_printf (config != NULL && config->num_experts > 0 && config->layout.ep > 1
                                        ? _("TP is %u: sequence parallelism splits the LayerNorm and dropout "
                                            "activations over the TP group instead of repeating them on every rank; "
                                            "with EP > 1 and TP > 1 Megatron requires it.")
                                        : _("TP is %u: sequence parallelism splits the LayerNorm and dropout "
                                            "activations over the TP group instead of repeating them on every rank."),
                                        tp);
  suggestion->effect = g_strdup (_("Activation memory of the non-GEMM parts ÷ TP; the all-reduce becomes "
                                   "reduce-scatter + all-gather of the same volume. Needed for --tp-comm-overlap."));
  set_speed (suggestion, 1.00, 1.05);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

/* Changes TP (and PP to keep the model-parallel size), trying candidates
 * in order until one passes every check. */
static PlannerSuggestion *
offer_degrees (PlannerAdvisor    *advisor,
               PlannerSuggestion *suggestion,
               const guint       *tps,
               const guint       *pps,
               guint              n,
               gboolean           want_fit)
{
  g_autoptr(PlannerSuggestion) owned = suggestion;
  int best = -1;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PlannerSuggestion) trial = planner_suggestion_new (suggestion->id, suggestion->title);
      g_autoptr(PlannerReport) report = NULL;
      g_autofree char *why = NULL;
      g_autofree char *tp_text = uint_text (tps[i]);
      g_autofree char *pp_text = uint_text (pps[i]);

      planner_suggestion_set_flag (trial, advisor->args, "tensor_model_parallel_size",
                                   "--tensor-model-parallel-size", tp_text);
      planner_suggestion_set_flag (trial, advisor->args, "pipeline_model_parallel_size",
                                   "--pipeline-model-parallel-size", pp_text);
      if (tps[i] > 1 && !on (advisor, "sequence_parallel"))
        planner_suggestion_set_flag (trial, advisor->args, "sequence_parallel", "--sequence-parallel", NULL);
      report = planner_advisor_try (advisor, trial, &why);
      if (report == NULL)
        continue;
      best = (int) i;
      if (!want_fit)
        break;
      {
        const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);

        if (estimate != NULL && estimate->fits)
          break;
      }
    }

  if (best < 0)
    {
      planner_advisor_reject (advisor, suggestion->id, _("no TP × PP combination passes Megatron's checks"));
      return NULL;
    }
  {
    g_autofree char *tp_text = uint_text (tps[best]);
    g_autofree char *pp_text = uint_text (pps[best]);

    planner_suggestion_set_flag (owned, advisor->args, "tensor_model_parallel_size",
                                 "--tensor-model-parallel-size", tp_text);
    planner_suggestion_set_flag (owned, advisor->args, "pipeline_model_parallel_size",
                                 "--pipeline-model-parallel-size", pp_text);
    if (tps[best] > 1 && !on (advisor, "sequence_parallel"))
      {
        planner_suggestion_set_flag (owned, advisor->args, "sequence_parallel", "--sequence-parallel", NULL);
        g_ptr_array_add (owned->prerequisites, g_strdup (_("--sequence-parallel (added with this change)")));
      }
  }
  return planner_advisor_offer (advisor, g_steal_pointer (&owned));
}

PlannerSuggestion *
planner_rule_tp_in_domain (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  PlannerSuggestion *suggestion;
  guint domain = nvlink_domain (advisor);
  guint tps[16], pps[16], n = 0;

  if (config == NULL || advisor->gpu == NULL || config->layout.tp <= domain)
    return NULL;

  for (guint t = domain; t >= 1 && n < G_N_ELEMENTS (tps); t /= 2)
    {
      guint64 pp = (guint64) config->layout.pp * config->layout.tp / t;

      if (config->layout.tp % t != 0 || pp > config->num_layers)
        continue;
      tps[n] = t;
      pps[n] = (guint) pp;
      n++;
      if (t == 1)
        break;
    }

  suggestion = planner_suggestion_new ("tp-in-nvlink-domain", _("Keep tensor parallelism inside the NVLink domain"));
  suggestion->reason = g_strdup_printf (_("TP %u is larger than the %u GPUs that share NVLink on the %s, so every "
                                          "layer's TP all-reduce crosses the inter-node fabric (%.0f GB/s per GPU "
                                          "instead of %.0f GB/s). Trade TP for PP, which sends far less."),
                                        config->layout.tp, domain, advisor->gpu->name,
                                        advisor->gpu->inter_node_gbps, advisor->gpu->intra_node_gbps);
  suggestion->cause = g_strdup (_("TP crosses nodes"));
  suggestion->effect = g_strdup (_("TP traffic stays on NVLink; the model-parallel size (TP × PP) is unchanged, "
                                   "so memory per GPU stays close."));
  set_speed (suggestion, 1.2, 2.0);
  return offer_degrees (advisor, suggestion, tps, pps, n, FALSE);
}

PlannerSuggestion *
planner_rule_more_pp (PlannerAdvisor *advisor,
                      gboolean        only_large_models)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (advisor->current);
  PlannerSuggestion *suggestion;
  guint tps[16], pps[16], n = 0;

  if (config == NULL || advisor->gpu == NULL || estimate->fits)
    return NULL;
  if (only_large_models && (advisor->params_b <= 70 || config->layout.pp > 1))
    return NULL;

  for (guint64 p = (guint64) config->layout.pp * 2; p <= config->num_layers && n < G_N_ELEMENTS (pps); p *= 2)
    {
      tps[n] = config->layout.tp;
      pps[n] = (guint) p;
      n++;
    }

  suggestion = planner_suggestion_new ("more-pipeline-parallel", _("Split the layers over more pipeline stages"));
  if (only_large_models)
    suggestion->reason = g_strdup_printf (_("A %.0fB model does not fit one pipeline stage on the %s: models over "
                                            "70B train with PP > 1 (NVIDIA's 70B and 405B recipes use PP 4–16)."),
                                          advisor->params_b, advisor->gpu->name);
  else
    suggestion->reason = g_strdup_printf (_("Each pipeline stage holds its layers' weights, gradients and optimizer "
                                            "state; more stages divide all three (PP %u now)."), config->layout.pp);
  suggestion->cause = g_strdup (_("too few pipeline stages for the model"));
  suggestion->effect = g_strdup (_("Weights, gradients and optimizer state per GPU ÷ the PP growth; adds a pipeline "
                                   "bubble (see before/after) that the interleaved schedule shrinks."));
  set_speed (suggestion, 0.85, 1.0);
  return offer_degrees (advisor, suggestion, tps, pps, n, TRUE);
}

PlannerSuggestion *
planner_rule_more_tp (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  PlannerSuggestion *suggestion;
  guint tps[16], pps[16], n = 0;
  guint domain = nvlink_domain (advisor);

  if (config == NULL || advisor->gpu == NULL)
    return NULL;
  for (guint64 t = (guint64) config->layout.tp * 2; t <= domain && n < G_N_ELEMENTS (tps); t *= 2)
    {
      tps[n] = (guint) t;
      pps[n] = config->layout.pp;
      n++;
    }
  if (n == 0)
    {
      planner_advisor_reject (advisor, "more-tensor-parallel", _("TP %u already fills the NVLink domain of %u GPUs"),
                              config->layout.tp, domain);
      return NULL;
    }
  suggestion = planner_suggestion_new ("more-tensor-parallel", _("Raise tensor parallelism within the NVLink domain"));
  suggestion->reason = g_strdup_printf (_("TP divides every layer's weights and (with sequence parallelism) its "
                                          "activations; the %s has %u GPUs per NVLink domain."),
                                        advisor->gpu->name, domain);
  suggestion->cause = g_strdup (_("too little tensor parallelism"));
  suggestion->effect = g_strdup (_("Weights and activations per GPU ÷ the TP growth; more TP communication on NVLink."));
  set_speed (suggestion, 0.85, 1.0);
  return offer_degrees (advisor, suggestion, tps, pps, n, TRUE);
}

PlannerSuggestion *
planner_rule_interleave (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerConfig *config = planner_advisor_config (advisor);
  guint64 layers, per_stage, chunk = 0;
  double before, after, ideal;
  g_autofree char *chunk_text = NULL;

  if (config == NULL || config->layout.pp <= 1 || config->layout.vpp > 1)
    return NULL;
  if (planner_args_is_set (advisor->args, "num_layers_per_virtual_pipeline_stage") ||
      planner_args_is_set (advisor->args, "num_virtual_stages_per_pipeline_rank") ||
      planner_args_is_set (advisor->args, "pipeline_model_parallel_layout") ||
      config->decoder_first_pipeline_num_layers > 0 || config->decoder_last_pipeline_num_layers > 0)
    return NULL;

  /* Megatron counts the embedding and the loss as layers with the
   * account-for flags (facts §2.4). */
  layers = config->num_layers + (config->account_for_embedding_in_pipeline_split ? 1 : 0) +
           (config->account_for_loss_in_pipeline_split ? 1 : 0);
  if (layers % config->layout.pp != 0)
    return NULL;
  per_stage = layers / config->layout.pp;
  /* Two layers per virtual stage when that gives at least two chunks, as
   * NVIDIA's 70B recipe (10 layers per stage → 5 chunks of 2); else one. */
  for (guint64 n = 2; n <= per_stage / 2; n++)
    {
      if (per_stage % n == 0)
        {
          chunk = n;
          break;
        }
    }
  if (chunk == 0 && per_stage >= 2)
    chunk = 1;
  if (chunk == 0)
    {
      planner_advisor_reject (advisor, "interleaved-schedule", _("one layer per pipeline stage leaves nothing to interleave"));
      return NULL;
    }

  before = (config->layout.pp - 1.0) / (double) MAX (config->num_microbatches, 1);
  after = before / (double) (per_stage / chunk);
  ideal = (1 + before) / (1 + after);

  chunk_text = uint_text (chunk);
  suggestion = planner_suggestion_new ("interleaved-schedule", _("Use the interleaved (virtual pipeline) schedule"));
  planner_suggestion_set_flag (suggestion, advisor->args, "num_layers_per_virtual_pipeline_stage",
                               "--num-layers-per-virtual-pipeline-stage", chunk_text);
  suggestion->reason = g_strdup_printf (layers != config->num_layers
                                        ? _("PP %u with %" PRIu64 " microbatches idles a bubble of (p−1)/m = "
                                            "%.1f%% of the step. %" PRIu64 " layers per stage in chunks of %"
                                            PRIu64 " give %" PRIu64 " virtual stages per rank "
                                            "(%" PRIu64 " %% %" PRIu64 " = 0, counting the embedding/loss).")
                                        : _("PP %u with %" PRIu64 " microbatches idles a bubble of (p−1)/m = "
                                            "%.1f%% of the step. %" PRIu64 " layers per stage in chunks of %"
                                            PRIu64 " give %" PRIu64 " virtual stages per rank "
                                            "(%" PRIu64 " %% %" PRIu64 " = 0)."),
                                        config->layout.pp, config->num_microbatches, before * 100, per_stage, chunk,
                                        per_stage / chunk, per_stage, chunk);
  g_ptr_array_add (suggestion->prerequisites,
                   g_strdup_printf (_("number of microbatches a multiple of PP (%" PRIu64 " %% %u)"),
                                    config->num_microbatches, config->layout.pp));
  suggestion->effect = g_strdup_printf (_("Bubble %.1f%% → %.1f%%; more point-to-point traffic and somewhat more "
                                          "activation memory on the first stage."), before * 100, after * 100);
  set_speed (suggestion, 1 + (ideal - 1) * 0.5, ideal);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

static guint64
dp_cp (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);

  return config != NULL ? (guint64) config->layout.dp * config->layout.cp : 1;
}

PlannerSuggestion *
planner_rule_distributed_optimizer (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  guint64 d = dp_cp (advisor);

  if (d <= 1 || on (advisor, "use_distributed_optimizer"))
    return NULL;
  suggestion = planner_suggestion_new ("distributed-optimizer", _("Shard the optimizer state over data-parallel ranks"));
  planner_suggestion_set_flag (suggestion, advisor->args, "use_distributed_optimizer", "--use-distributed-optimizer",
                               NULL);
  suggestion->reason = g_strdup_printf (_("Without it every one of the %" PRIu64 " DP×CP ranks keeps the "
                                          "fp32 master weights and both Adam moments: 18 bytes per parameter instead "
                                          "of 6 + 12/%" PRIu64 "."), d, d);
  suggestion->cause = g_strdup (_("optimizer state replicated on every data-parallel rank"));
  suggestion->effect = g_strdup (_("Optimizer memory ÷ DP×CP; the gradient all-reduce becomes reduce-scatter + "
                                   "all-gather of the same volume. Needed for --overlap-param-gather."));
  set_speed (suggestion, 1.0, 1.02);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_overlap_grad_reduce (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;

  if (dp_cp (advisor) <= 1 || on (advisor, "overlap_grad_reduce"))
    return NULL;
  suggestion = planner_suggestion_new ("overlap-grad-reduce", _("Overlap the gradient reduction with backward"));
  planner_suggestion_set_flag (suggestion, advisor->args, "overlap_grad_reduce", "--overlap-grad-reduce", NULL);
  suggestion->reason = g_strdup (_("Gradients are reduced bucket by bucket while backward still runs, instead of "
                                   "all at the end of the step."));
  suggestion->effect = g_strdup (_("Hides most data-parallel communication; memory unchanged."));
  set_speed (suggestion, 1.02, 1.10);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_overlap_param_gather (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;

  if (dp_cp (advisor) <= 1 || on (advisor, "overlap_param_gather"))
    return NULL;
  suggestion = planner_suggestion_new ("overlap-param-gather", _("Overlap the parameter all-gather with forward"));
  planner_advisor_require_switch (advisor, suggestion, "use_distributed_optimizer", "--use-distributed-optimizer");
  planner_advisor_require_switch (advisor, suggestion, "overlap_grad_reduce", "--overlap-grad-reduce");
  planner_suggestion_set_flag (suggestion, advisor->args, "overlap_param_gather", "--overlap-param-gather", NULL);
  suggestion->reason = g_strdup (_("With the distributed optimizer each rank gathers the updated parameters; "
                                   "doing it during the next forward hides it."));
  suggestion->effect = g_strdup (_("Hides the parameter all-gather; memory unchanged."));
  set_speed (suggestion, 1.01, 1.05);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_tp_comm_overlap (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerConfig *config = planner_advisor_config (advisor);

  if (config == NULL || advisor->gpu == NULL || config->layout.tp <= 1 || on (advisor, "tp_comm_overlap"))
    return NULL;
  if (advisor->gpu->compute_capability_major < 9)
    {
      planner_advisor_reject (advisor, "tp-comm-overlap",
                              _("Transformer Engine's userbuffer overlap is tuned for Hopper and newer; not offered on the %s"),
                              advisor->gpu->name);
      return NULL;
    }
  if (config->layout.tp > nvlink_domain (advisor))
    return NULL;
  suggestion = planner_suggestion_new ("tp-comm-overlap", _("Overlap tensor-parallel communication with GEMMs"));
  planner_advisor_require_switch (advisor, suggestion, "sequence_parallel", "--sequence-parallel");
  planner_suggestion_set_flag (suggestion, advisor->args, "tp_comm_overlap", "--tp-comm-overlap", NULL);
  g_ptr_array_add (suggestion->prerequisites,
                   g_strdup (_("Transformer Engine with userbuffers (as in NVIDIA's PyTorch containers)")));
  suggestion->reason = g_strdup_printf (_("TP %u exchanges activations around every GEMM; Transformer Engine can "
                                          "split the GEMMs and run the all-gather/reduce-scatter underneath them."),
                                        config->layout.tp);
  suggestion->effect = g_strdup (_("Hides most TP communication; a little extra memory for communication buffers."));
  set_speed (suggestion, 1.03, 1.10);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_fp8 (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerGpu *gpu = advisor->gpu;
  PlannerSuggestion *offered;
  gboolean blackwell;

  if (gpu == NULL || planner_args_get_string (advisor->args, "fp8", NULL) != NULL)
    return NULL;
  if (!gpu->supports_fp8)
    {
      planner_advisor_reject (advisor, "fp8", _("the %s has no FP8 tensor cores (FP8 needs Ada, Hopper or Blackwell)"),
                              gpu->name);
      return NULL;
    }
  if (!on (advisor, "bf16"))
    {
      planner_advisor_reject (advisor, "fp8", _("FP8 training here builds on BF16; switch from FP16/FP32 to --bf16 first"));
      return NULL;
    }

  blackwell = gpu->compute_capability_major >= 10;
  suggestion = planner_suggestion_new ("fp8", _("Train the GEMMs in FP8 (hybrid format)"));
  planner_suggestion_set_flag (suggestion, advisor->args, "fp8", "--fp8-format", "hybrid");
  if (blackwell)
    planner_suggestion_set_flag (suggestion, advisor->args, "fp8_recipe", "--fp8-recipe", "mxfp8");
  else
    {
      /* NVIDIA's H100 LLaMA-3 FP8 recipe: delayed scaling over a long amax history. */
      planner_suggestion_set_flag (suggestion, advisor->args, "fp8_recipe", "--fp8-recipe", "delayed");
      planner_suggestion_set_flag (suggestion, advisor->args, "fp8_amax_history_len", "--fp8-amax-history-len", "1024");
      planner_suggestion_set_flag (suggestion, advisor->args, "fp8_amax_compute_algo", "--fp8-amax-compute-algo", "max");
    }
  g_ptr_array_add (suggestion->prerequisites, g_strdup (_("--bf16 (already set)")));
  g_ptr_array_add (suggestion->prerequisites, g_strdup (_("Transformer Engine (the default --transformer-impl)")));
  g_ptr_array_add (suggestion->checks, g_strdup_printf (_("the %s has FP8 tensor cores (%.0f TFLOP/s dense)"),
                                                        gpu->name, gpu->peak_fp8_tflops));
  suggestion->reason = g_strdup_printf (_("The %s runs FP8 GEMMs at %.0f TFLOP/s against %.0f in BF16. Hybrid uses "
                                          "E4M3 forward and E5M2 for gradients; %s"),
                                        gpu->name, gpu->peak_fp8_tflops, gpu->peak_bf16_tflops,
                                        blackwell ? _("MXFP8 block scaling is native to Blackwell.")
                                                  : _("delayed scaling with a 1024-step amax history is NVIDIA's H100 recipe."));
  suggestion->effect = g_strdup (_("Memory: Transformer Engine keeps an FP8 copy of each weight (+1 byte per "
                                   "parameter) and saves GEMM inputs in FP8 (smaller activations); see the estimate. "
                                   "Loss: published FP8 pretraining runs track the BF16 loss curve closely (differences "
                                   "within about 1%); compare against a short BF16 run before committing. MFU "
                                   "measured against the FP8 peak reads about half of the BF16 figure."));
  set_speed (suggestion, 1.15, 1.40);
  offered = planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
  return offered;
}

PlannerSuggestion *
planner_rule_moe_dispatcher (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerConfig *config = planner_advisor_config (advisor);
  const char *dispatcher = str (advisor, "moe_token_dispatcher_type", "allgather");

  if (config == NULL || config->num_experts == 0 || config->layout.ep <= 1 || !g_str_equal (dispatcher, "allgather"))
    return NULL;
  suggestion = planner_suggestion_new ("moe-alltoall-dispatcher", _("Dispatch tokens to experts with all-to-all"));
  planner_suggestion_set_flag (suggestion, advisor->args, "moe_token_dispatcher_type", "--moe-token-dispatcher-type",
                               "alltoall");
  suggestion->reason = g_strdup_printf (_("With EP %u the default allgather dispatcher gathers every token on every "
                                          "expert rank; all-to-all sends each token only where its top-%u experts live."),
                                        config->layout.ep, config->moe_router_topk);
  suggestion->effect = g_strdup (_("Less EP communication and fewer gathered activations."));
  set_speed (suggestion, 1.05, 1.30);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_moe_grouped_gemm (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerConfig *config = planner_advisor_config (advisor);

  if (config == NULL || advisor->gpu == NULL || config->num_experts == 0 || on (advisor, "moe_grouped_gemm"))
    return NULL;
  if (config->num_experts / MAX (config->layout.ep, 1) <= 1)
    return NULL;
  if (advisor->gpu->compute_capability_major < 8)
    {
      planner_advisor_reject (advisor, "moe-grouped-gemm", _("grouped GEMM needs compute capability 8.0 or newer"));
      return NULL;
    }
  suggestion = planner_suggestion_new ("moe-grouped-gemm", _("Run the local experts as one grouped GEMM"));
  planner_suggestion_set_flag (suggestion, advisor->args, "moe_grouped_gemm", "--moe-grouped-gemm", NULL);
  suggestion->reason = g_strdup_printf (_("Each rank holds %u experts; one grouped GEMM replaces %u small ones."),
                                        config->num_experts / MAX (config->layout.ep, 1),
                                        config->num_experts / MAX (config->layout.ep, 1));
  suggestion->effect = g_strdup (_("Better tensor-core use in the expert MLPs; memory unchanged."));
  set_speed (suggestion, 1.05, 1.20);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_ep_in_node (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  guint per_node = advisor->input->gpus_per_node;

  if (config == NULL || config->num_experts == 0 || config->layout.ep <= 1 || per_node == 0)
    return NULL;
  if (!planner_advisor_group_crosses_nodes (advisor, advisor->current, PLANNER_GROUP_EP))
    return NULL;

  for (guint ep = config->layout.ep / 2; ep >= 1; ep /= 2)
    {
      g_autoptr(PlannerSuggestion) suggestion = NULL;
      g_autoptr(PlannerReport) report = NULL;
      g_autofree char *why = NULL;
      g_autofree char *ep_text = uint_text (ep);

      if (config->num_experts % ep != 0)
        continue;
      suggestion = planner_suggestion_new ("ep-in-node", _("Keep expert parallelism inside a node"));
      planner_suggestion_set_flag (suggestion, advisor->args, "expert_model_parallel_size",
                                   "--expert-model-parallel-size", ep_text);
      report = planner_advisor_try (advisor, suggestion, &why);
      if (report != NULL)
        {
          if (!planner_advisor_group_crosses_nodes (advisor, report, PLANNER_GROUP_EP))
            {
              suggestion->reason = g_strdup_printf (_("EP %u spans nodes of %u GPUs, so every MoE layer's all-to-all "
                                                      "crosses the inter-node fabric twice per direction."),
                                                    config->layout.ep, per_node);
              suggestion->cause = g_strdup (_("EP crosses nodes"));
              suggestion->effect = g_strdup (_("All-to-all on NVLink; each GPU holds more experts, so more expert memory."));
              set_speed (suggestion, 1.10, 1.50);
              return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
            }
        }
      if (ep == 1)
        break;
    }
  planner_advisor_reject (advisor, "ep-in-node", _("no EP inside a node passes the memory and layout checks"));
  return NULL;
}

static guint
typical_micro_batch (double params_b)
{
  /* What NVIDIA's recipes use: 1 from ~30B up, 2–4 for 7–13B, more for small ones. */
  if (params_b < 3)
    return 8;
  if (params_b < 15)
    return 4;
  if (params_b < 40)
    return 2;
  return 1;
}

PlannerSuggestion *
planner_rule_grow_micro_batch (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  guint typical = typical_micro_batch (advisor->params_b);
  guint best = 0;

  if (config == NULL || advisor->gpu == NULL || !planner_report_get_memory_estimate (advisor->current)->fits)
    return NULL;

  for (guint64 m = (guint64) config->micro_batch_size * 2; m <= typical; m *= 2)
    {
      g_autoptr(PlannerSuggestion) trial = planner_suggestion_new ("micro-batch-size", NULL);
      g_autoptr(PlannerReport) report = NULL;
      g_autofree char *why = NULL;
      g_autofree char *text = uint_text (m);

      planner_suggestion_set_flag (trial, advisor->args, "micro_batch_size", "--micro-batch-size", text);
      report = planner_advisor_try (advisor, trial, &why);
      if (report == NULL)
        break;
      best = (guint) m;
    }
  if (best == 0)
    return NULL;

  {
    g_autoptr(PlannerSuggestion) suggestion = planner_suggestion_new ("micro-batch-size",
                                                                      _("Grow the micro-batch while memory allows"));
    g_autofree char *text = uint_text (best);

    planner_suggestion_set_flag (suggestion, advisor->args, "micro_batch_size", "--micro-batch-size", text);
    suggestion->reason = g_strdup_printf (_("Micro-batch %u leaves memory free; %u is the largest power of two up to "
                                            "the typical %u for a %.0fB model that the estimate still fits and the "
                                            "global batch %" PRIu64 " divides."),
                                          config->micro_batch_size, best, typical, advisor->params_b,
                                          config->global_batch_size);
    suggestion->effect = g_strdup (_("Larger GEMMs use the tensor cores better; fewer microbatches per step "
                                     "(with PP, a larger bubble: see before/after)."));
    set_speed (suggestion, 1.02, 1.10);
    return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
  }
}

PlannerSuggestion *
planner_rule_shrink_micro_batch (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  guint chosen = 1;
  g_autofree char *text = NULL;

  if (config == NULL || config->micro_batch_size <= 1)
    return NULL;
  /* The largest smaller power of two that fits, else 1. */
  for (guint m = config->micro_batch_size / 2; m >= 1; m /= 2)
    {
      g_autoptr(PlannerSuggestion) trial = planner_suggestion_new ("smaller-micro-batch", NULL);
      g_autoptr(PlannerReport) report = NULL;
      g_autofree char *why = NULL;
      g_autofree char *m_text = uint_text (m);

      planner_suggestion_set_flag (trial, advisor->args, "micro_batch_size", "--micro-batch-size", m_text);
      report = planner_advisor_try (advisor, trial, &why);
      if (report != NULL && planner_report_get_memory_estimate (report)->fits)
        {
          chosen = m;
          break;
        }
      if (m == 1)
        break;
    }
  text = uint_text (chosen);
  suggestion = planner_suggestion_new ("smaller-micro-batch", _("Lower the micro-batch size"));
  planner_suggestion_set_flag (suggestion, advisor->args, "micro_batch_size", "--micro-batch-size", text);
  suggestion->reason = g_strdup_printf (_("Activations grow with the micro-batch; %u → %u keeps the global batch "
                                          "(more microbatches per step)."), config->micro_batch_size, chosen);
  suggestion->cause = g_strdup (_("micro-batch too large for the memory"));
  suggestion->effect = g_strdup (_("Activation memory ÷ the reduction; slightly smaller GEMMs."));
  set_speed (suggestion, 0.90, 1.0);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_selective_recompute (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;

  if (planner_args_is_set (advisor->args, "recompute_granularity") || on (advisor, "recompute_activations"))
    return NULL;
  suggestion = planner_suggestion_new ("selective-recompute", _("Recompute the attention core in backward"));
  planner_suggestion_set_flag (suggestion, advisor->args, "recompute_granularity", "--recompute-granularity",
                               "selective");
  suggestion->reason = g_strdup (_("Selective recompute drops the activations of the attention core (the default "
                                   "--recompute-modules core_attn) and recomputes them: the cheapest memory saving."));
  suggestion->cause = g_strdup (_("activations kept for backward"));
  suggestion->effect = g_strdup (_("Less activation memory for a few percent of extra compute."));
  set_speed (suggestion, 0.97, 1.0);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_full_recompute (PlannerAdvisor *advisor)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  guint64 per_chunk, chosen = 0;
  gboolean fits = FALSE;
  g_autofree char *text = NULL;
  double fraction;

  if (config == NULL || advisor->gpu == NULL || config->recompute == PLANNER_RECOMPUTE_FULL)
    return NULL;
  /* --recompute-num-layers counts layers per virtual stage with block. */
  per_chunk = planner_memory_stage_layers (config, 0) / MAX (config->layout.vpp, 1);
  for (guint32 s = 1; s < config->layout.pp; s++)
    per_chunk = MAX (per_chunk, planner_memory_stage_layers (config, s) / MAX (config->layout.vpp, 1));
  if (per_chunk == 0)
    return NULL;

  /* The smallest N that makes the worst stage fit. */
  for (guint64 n = 1; n <= per_chunk; n++)
    {
      g_autoptr(PlannerSuggestion) trial = planner_suggestion_new ("full-recompute", NULL);
      g_autoptr(PlannerReport) report = NULL;
      g_autofree char *why = NULL;
      g_autofree char *n_text = uint_text (n);

      planner_suggestion_set_flag (trial, advisor->args, "recompute_granularity", "--recompute-granularity", "full");
      planner_suggestion_set_flag (trial, advisor->args, "recompute_method", "--recompute-method", "block");
      planner_suggestion_set_flag (trial, advisor->args, "recompute_num_layers", "--recompute-num-layers", n_text);
      report = planner_advisor_try (advisor, trial, &why);
      if (report == NULL)
        continue;
      chosen = n;
      if (planner_report_get_memory_estimate (report)->fits)
        {
          fits = TRUE;
          break;
        }
    }
  if (chosen == 0)
    {
      planner_advisor_reject (advisor, "full-recompute", _("no --recompute-num-layers passes Megatron's checks"));
      return NULL;
    }

  text = uint_text (chosen);
  suggestion = planner_suggestion_new ("full-recompute", _("Recompute whole layers (full, block)"));
  planner_suggestion_set_flag (suggestion, advisor->args, "recompute_granularity", "--recompute-granularity", "full");
  planner_suggestion_set_flag (suggestion, advisor->args, "recompute_method", "--recompute-method", "block");
  planner_suggestion_set_flag (suggestion, advisor->args, "recompute_num_layers", "--recompute-num-layers", text);
  /* Megatron refuses modules with full granularity only via selective; drop them to be clear. */
  planner_suggestion_unset_flag (suggestion, advisor->args, "recompute_modules");
  suggestion->reason = g_strdup_printf (fits
                                        ? _("Block recompute keeps only the input of the first N layers of each "
                                            "virtual stage and recomputes them in backward. N = %" PRIu64
                                            " of %" PRIu64 " is the smallest that makes the worst stage fit the estimate.")
                                        : _("Block recompute keeps only the input of the first N layers of each "
                                            "virtual stage and recomputes them in backward. N = %" PRIu64
                                            " of %" PRIu64 " is the smallest that is allowed; even all layers do not "
                                            "fit, so combine it with more PP or TP."),
                                        chosen, per_chunk);
  suggestion->cause = g_strdup (_("activations kept for backward"));
  suggestion->effect = g_strdup (_("Activation memory of N layers drops to their inputs; those layers run forward twice."));
  /* A recomputed layer costs one more forward: about a third of its step. */
  fraction = (double) chosen / (double) per_chunk;
  set_speed (suggestion, 1.0 / (1.0 + fraction * 0.40), 1.0 / (1.0 + fraction / 3.0));
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_cpu_offload (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerStageMemory *worst = planner_advisor_worst (advisor);
  double optimizer;

  if (worst == NULL || on (advisor, "optimizer_cpu_offload"))
    return NULL;
  optimizer = worst->bytes[PLANNER_MEMORY_OPTIMIZER];
  suggestion = planner_suggestion_new ("optimizer-cpu-offload", _("Keep the optimizer state in host memory"));
  planner_advisor_require_switch (advisor, suggestion, "use_distributed_optimizer", "--use-distributed-optimizer");
  planner_advisor_require_switch (advisor, suggestion, "use_precision_aware_optimizer",
                                  "--use-precision-aware-optimizer");
  planner_suggestion_set_flag (suggestion, advisor->args, "optimizer_cpu_offload", "--optimizer-cpu-offload", NULL);
  suggestion->reason = g_strdup_printf (_("The optimizer state is %.1f GiB per GPU on stage %u. 0.20.0 spells CPU "
                                          "offload --optimizer-cpu-offload with --use-precision-aware-optimizer "
                                          "(--cpu-optimizer no longer exists); --optimizer-offload-fraction "
                                          "(default 1.0) sets how much moves."), optimizer / GIB, worst->stage);
  suggestion->cause = g_strdup (_("optimizer state"));
  suggestion->effect = g_strdup (_("The optimizer state moves to host memory and the optimizer step runs on the CPU: "
                                   "a large slowdown of the step; a last resort."));
  set_speed (suggestion, 0.5, 0.8);
  /* The memory estimate models the offload, so the check and the
   * figures shown agree. */
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}

PlannerSuggestion *
planner_rule_cuda_max_connections (PlannerAdvisor *advisor)
{
  g_autoptr(PlannerSuggestion) suggestion = NULL;
  const PlannerConfig *config = planner_advisor_config (advisor);
  const char *value = g_hash_table_lookup (advisor->env, "CUDA_DEVICE_MAX_CONNECTIONS");

  if (config == NULL || (config->layout.tp <= 1 && config->layout.cp <= 1) || g_strcmp0 (value, "1") == 0)
    return NULL;
  if (advisor->gpu != NULL && advisor->gpu->compute_capability_major >= 10)
    return NULL;
  suggestion = planner_suggestion_new ("cuda-device-max-connections", _("Export CUDA_DEVICE_MAX_CONNECTIONS=1"));
  planner_suggestion_set_env (suggestion, advisor->env, "CUDA_DEVICE_MAX_CONNECTIONS", "1");
  suggestion->reason = g_strdup (_("Environment, not a flag: with TP or CP > 1 on Hopper and older, Megatron "
                                   "requires one hardware queue so communication kernels are scheduled in issue order; "
                                   "without it the job stops at start-up or the overlap stalls."));
  suggestion->cause = g_strdup ("CUDA_DEVICE_MAX_CONNECTIONS not 1");
  suggestion->effect = g_strdup (_("Communication and compute overlap as Megatron expects."));
  set_speed (suggestion, 1.0, 1.05);
  return planner_advisor_offer (advisor, g_steal_pointer (&suggestion));
}
