/* planner-troubleshoot.c
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

#include "planner-troubleshoot.h"
#include "planner-advise-rules.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Troubleshooting: every suggestion is an alternative applied alone to
 * the job as given, ranked for this job afterwards. */

static void
set_speed (PlannerSuggestion *suggestion,
           double             low,
           double             high)
{
  suggestion->speed_low = low;
  suggestion->speed_high = high;
}

static char *
format_double (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", value));
}

static int
rank_of (const char         *id,
         const char * const *order)
{
  for (int i = 0; order[i] != NULL; i++)
    {
      if (g_str_equal (order[i], id))
        return i;
    }
  return 100;
}

static const char * const *rank_order;

static int
compare_oom (gconstpointer a,
             gconstpointer b)
{
  const PlannerSuggestion *x = *(PlannerSuggestion * const *) a;
  const PlannerSuggestion *y = *(PlannerSuggestion * const *) b;

  if (x->fits_after != y->fits_after)
    return x->fits_after ? -1 : 1;
  return rank_of (x->id, rank_order) - rank_of (y->id, rank_order);
}

static int
compare_speed (gconstpointer a,
               gconstpointer b)
{
  const PlannerSuggestion *x = *(PlannerSuggestion * const *) a;
  const PlannerSuggestion *y = *(PlannerSuggestion * const *) b;

  if (x->speed_high != y->speed_high)
    return x->speed_high > y->speed_high ? -1 : 1;
  return g_strcmp0 (x->id, y->id);
}

/* Unless the job's script exports it already (issue 23 #11). */
static void
offer_expandable_segments (PlannerAdvisor *advisor)
{
  PlannerSuggestion *suggestion;

  if (g_strcmp0 (g_hash_table_lookup (advisor->env, "PYTORCH_CUDA_ALLOC_CONF"), "expandable_segments:True") == 0)
    {
      planner_advisor_reject (advisor, "expandable-segments", "%s",
                              _("the job's script already exports PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"));
      return;
    }
  suggestion = planner_suggestion_new ("expandable-segments", _("Let PyTorch grow memory segments (environment)"));
  planner_suggestion_set_env (suggestion, advisor->env, "PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True");
  suggestion->reason = g_strdup (_("Environment, not a flag: expandable segments reduce fragmentation of "
                                   "PyTorch's caching allocator."));
  suggestion->cause = g_strdup (_("allocator fragmentation"));
  suggestion->effect = g_strdup (_("Less memory lost between allocations; speed unchanged."));
  set_speed (suggestion, 1.0, 1.0);
  planner_advisor_offer (advisor, suggestion);
}

/* A run that failed before its first step held no activation: fixes that
 * only shrink activations cannot be the cure, and offering them would
 * contradict the diagnosis (issue 23 #11).  They are named, not hidden. */
static void
drop_activation_fixes (PlannerAdvisor *advisor,
                       gboolean        weights_too_large)
{
  static const char * const activation_only[] = {
    "sequence-parallel", "selective-recompute", "smaller-micro-batch", "full-recompute", NULL
  };
  /* With weights that do not fit alone, moving optimizer state is no cure either. */
  static const char * const state_only[] = { "distributed-optimizer", "optimizer-cpu-offload", NULL };
  GPtrArray *suggestions = advisor->plan->suggestions;

  for (guint i = suggestions->len; i > 0; i--)
    {
      PlannerSuggestion *suggestion = g_ptr_array_index (suggestions, i - 1);

      if (g_strv_contains (activation_only, suggestion->id))
        planner_advisor_reject (advisor, suggestion->id, "%s",
                                _("the run failed before its first step, when no activation is held yet: it "
                                  "shrinks activations only"));
      else if (weights_too_large && g_strv_contains (state_only, suggestion->id))
        planner_advisor_reject (advisor, suggestion->id, "%s",
                                _("the weights alone do not fit the GPU: it moves only optimizer state"));
      else
        continue;
      g_ptr_array_remove_index (suggestions, i - 1);
    }
}

static void
troubleshoot_oom (PlannerAdvisor *advisor)
{
  static const char * const activation_order[] = {
    "sequence-parallel", "selective-recompute", "smaller-micro-batch", "more-tensor-parallel",
    "more-pipeline-parallel", "full-recompute", "distributed-optimizer", "optimizer-cpu-offload", NULL
  };
  static const char * const state_order[] = {
    "distributed-optimizer", "more-pipeline-parallel", "more-tensor-parallel", "sequence-parallel",
    "selective-recompute", "smaller-micro-batch", "full-recompute", "optimizer-cpu-offload", NULL
  };
  const PlannerStageMemory *worst = planner_advisor_worst (advisor);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (advisor->current);
  gboolean activations;

  if (worst == NULL)
    {
      planner_advisor_note (advisor, _("Without a GPU type and the model's dimensions the planner cannot say which "
                              "part overflows."));
      return;
    }

  activations = worst->dominant == PLANNER_MEMORY_ACTIVATIONS || worst->dominant == PLANNER_MEMORY_LOGITS;
  if (estimate->fits)
    {
      planner_advisor_note (advisor, _("The estimate fits: stage %u needs %.1f of %.1f GiB (%.1f GiB free). An OOM "
                              "anyway points at fragmentation, a longer sequence than configured, or memory outside "
                              "the model (data loader pinning, another process on the GPU)."),
                            worst->stage, worst->total_bytes / GIB, estimate->capacity_bytes / GIB,
                            worst->headroom_bytes / GIB);
      offer_expandable_segments (advisor);
    }
  else
    planner_advisor_note (advisor, _("Stage %u needs about %.1f GiB per GPU but the %s has %.1f GiB; the largest "
                            "part is %s (%.1f GiB): weights %.1f, gradients %.1f, optimizer %.1f, activations %.1f, "
                            "logits %.1f, overhead %.1f GiB."),
                          worst->stage, worst->total_bytes / GIB, advisor->gpu->name,
                          estimate->capacity_bytes / GIB, planner_memory_component_label (worst->dominant),
                          worst->bytes[worst->dominant] / GIB,
                          worst->bytes[PLANNER_MEMORY_WEIGHTS] / GIB, worst->bytes[PLANNER_MEMORY_GRADIENTS] / GIB,
                          worst->bytes[PLANNER_MEMORY_OPTIMIZER] / GIB, worst->bytes[PLANNER_MEMORY_ACTIVATIONS] / GIB,
                          worst->bytes[PLANNER_MEMORY_LOGITS] / GIB, worst->bytes[PLANNER_MEMORY_OVERHEAD] / GIB);

  planner_rule_sequence_parallel (advisor);
  planner_rule_distributed_optimizer (advisor);
  planner_rule_selective_recompute (advisor);
  planner_rule_shrink_micro_batch (advisor);
  planner_rule_more_tp (advisor);
  planner_rule_more_pp (advisor, FALSE);
  planner_rule_full_recompute (advisor);
  planner_rule_cpu_offload (advisor);

  if (advisor->input->before_first_step)
    drop_activation_fixes (advisor, worst->bytes[PLANNER_MEMORY_WEIGHTS] > estimate->capacity_bytes);
  if (worst->bytes[PLANNER_MEMORY_WEIGHTS] > estimate->capacity_bytes)
    planner_advisor_note (advisor, _("The weights alone are %.1f GiB per GPU on stage %u, more than the %.1f GiB the "
                            "GPU has: only more GPUs per model copy (a larger TP × PP, so a larger world) make it fit."),
                          worst->bytes[PLANNER_MEMORY_WEIGHTS] / GIB, worst->stage, estimate->capacity_bytes / GIB);
  rank_order = activations && !advisor->input->before_first_step ? activation_order : state_order;
  g_ptr_array_sort (advisor->plan->suggestions, compare_oom);
}

static void
troubleshoot_throughput (PlannerAdvisor *advisor,
                         gboolean        slow)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  guint per_node = advisor->input->gpus_per_node;

  if (planner_advisor_group_crosses_nodes (advisor, advisor->current, PLANNER_GROUP_TP))
    planner_advisor_note (advisor, _("TP %u crosses nodes of %u GPUs: every layer's TP traffic goes over the "
                            "inter-node fabric."), planner_report_get_layout (advisor->current)->tp, per_node);
  if (planner_advisor_group_crosses_nodes (advisor, advisor->current, PLANNER_GROUP_CP))
    planner_advisor_note (advisor, _("CP %u crosses nodes of %u GPUs."), planner_report_get_layout (advisor->current)->cp,
                          per_node);
  if (config != NULL && config->layout.pp > 1)
    planner_advisor_note (advisor, _("Pipeline bubble now: (p−1)/(v·m) = (%u−1)/(%u·%" PRIu64 ") = %.1f%% "
                            "of the step; a larger global batch (more microbatches) also shrinks it but changes "
                            "the training recipe."), config->layout.pp, MAX (config->layout.vpp, 1),
                          config->num_microbatches,
                          (config->layout.pp - 1.0) / (MAX (config->layout.vpp, 1) *
                                                       (double) MAX (config->num_microbatches, 1)) * 100);

  planner_rule_tp_in_domain (advisor);
  planner_rule_ep_in_node (advisor);
  planner_rule_attention_backend (advisor);
  planner_rule_interleave (advisor);
  planner_rule_overlap_grad_reduce (advisor);
  planner_rule_overlap_param_gather (advisor);
  planner_rule_tp_comm_overlap (advisor);
  planner_rule_moe_dispatcher (advisor);
  planner_rule_moe_grouped_gemm (advisor);
  planner_rule_fp8 (advisor);
  planner_rule_grow_micro_batch (advisor);
  if (advisor->input->env != NULL)
    planner_rule_cuda_max_connections (advisor);

  if (slow && !planner_args_get_bool (advisor->args, "manual_gc", FALSE))
    {
      PlannerSuggestion *suggestion = planner_suggestion_new ("manual-gc", _("Run Python's garbage collector in step"));

      planner_suggestion_set_flag (suggestion, advisor->args, "manual_gc", "--manual-gc", NULL);
      suggestion->reason = g_strdup (_("Python's collector pauses each rank at a different moment, and every "
                                       "collective then waits for the slowest rank; --manual-gc runs it on all "
                                       "ranks together (NVIDIA's recipes set it)."));
      suggestion->cause = g_strdup (_("unsynchronised garbage-collection pauses"));
      suggestion->effect = g_strdup (_("Fewer straggler steps; memory unchanged."));
      set_speed (suggestion, 1.0, 1.05);
      planner_advisor_offer (advisor, suggestion);
    }
  if (slow)
    planner_advisor_note (advisor, _("Steps that are slow only now and then point at the data loader, checkpoint "
                            "saves or a slow node rather than at flags: compare the logged per-iteration times."));

  g_ptr_array_sort (advisor->plan->suggestions, compare_speed);
}

/* What switching FP16 to BF16 does, from the memory estimate the advisor
 * measured for the suggestion. */
static char *
bf16_effect (const PlannerSuggestion *suggestion)
{
  double before = suggestion->memory_before / GIB, after = suggestion->memory_after / GIB;
  gboolean grows = after > before, no_longer_fits = suggestion->fits_before && !suggestion->fits_after;

  if (!(suggestion->memory_before > 0 && suggestion->memory_after > 0))
    return g_strdup (_("Same speed on this GPU; no loss scale to tune."));
  if (fabs (after - before) < 0.05)
    return g_strdup_printf (_("Same speed and memory (%.1f GiB per GPU on the most loaded stage by the estimate) on "
                              "this GPU; no loss scale to tune."), after);
  return g_strdup_printf (grows && no_longer_fits
                          ? _("Same speed on this GPU; no loss scale to tune. Memory by the estimate: %.1f → %.1f GiB "
                              "per GPU on the most loaded stage (%+.1f GiB: BF16 accumulates gradients in FP32, FP16 "
                              "here kept them in FP16); it no longer fits.")
                          : grows
                          ? _("Same speed on this GPU; no loss scale to tune. Memory by the estimate: %.1f → %.1f GiB "
                              "per GPU on the most loaded stage (%+.1f GiB: BF16 accumulates gradients in FP32, FP16 "
                              "here kept them in FP16).")
                          : no_longer_fits
                          ? _("Same speed on this GPU; no loss scale to tune. Memory by the estimate: %.1f → %.1f GiB "
                              "per GPU on the most loaded stage (%+.1f GiB); it no longer fits.")
                          : _("Same speed on this GPU; no loss scale to tune. Memory by the estimate: %.1f → %.1f GiB "
                              "per GPU on the most loaded stage (%+.1f GiB)."), before, after, after - before);
}

static void
troubleshoot_diverging (PlannerAdvisor *advisor)
{
  const PlannerArgs *args = advisor->args;
  const PlannerConfig *config = planner_advisor_config (advisor);
  const PlannerGpu *gpu = advisor->gpu;

  /* FP16 loss scaling first: the most common cause on GPUs that have BF16. */
  if (planner_args_get_bool (args, "fp16", FALSE))
    {
      if (gpu != NULL && !gpu->supports_bf16)
        planner_advisor_note (advisor, _("FP16 with loss scaling: the %s has no BF16, so keep FP16 and watch the "
                                "logged loss scale; repeated skipped steps mean overflow."), gpu->name);
      else
        {
          PlannerSuggestion *suggestion = planner_suggestion_new ("bf16", _("Train in BF16 instead of FP16"));

          planner_suggestion_unset_flag (suggestion, args, "fp16");
          planner_suggestion_unset_flag (suggestion, args, "loss_scale");
          planner_suggestion_unset_flag (suggestion, args, "initial_loss_scale");
          planner_suggestion_set_flag (suggestion, args, "bf16", "--bf16", NULL);
          suggestion->reason = g_strdup (_("FP16 has 5 exponent bits and needs loss scaling; overflows and underflows "
                                           "show up as spikes and skipped steps. BF16 has FP32's range and no loss scale."));
          suggestion->cause = g_strdup (_("FP16 range and loss scaling"));
          set_speed (suggestion, 1.0, 1.0);
          suggestion = planner_advisor_offer (advisor, suggestion);
          /* The memory comes from the estimate: BF16 accumulates gradients
           * in FP32 where FP16 without --accumulate-allreduce-grads-in-fp32
           * keeps them in FP16, 2 bytes more per parameter. */
          if (suggestion != NULL)
            suggestion->effect = bf16_effect (suggestion);
        }
    }

  /* Under FP8, the first and last layers are the most sensitive. */
  if (planner_args_get_string (args, "fp8", NULL) != NULL && !planner_args_get_bool (args, "first_last_layers_bf16", FALSE))
    {
      PlannerSuggestion *suggestion = planner_suggestion_new ("first-last-layers-bf16",
                                                              _("Keep the first and last layers in BF16 under FP8"));

      /* The delayed recipe refuses this option (facts §2.6). */
      if (g_str_equal (planner_args_get_string (args, "fp8_recipe", "delayed"), "delayed"))
        planner_suggestion_set_flag (suggestion, args, "fp8_recipe", "--fp8-recipe", "tensorwise");
      planner_suggestion_set_flag (suggestion, args, "first_last_layers_bf16", "--first-last-layers-bf16", NULL);
      g_ptr_array_add (suggestion->prerequisites, g_strdup (_("a recipe other than delayed (--fp8-recipe tensorwise "
                                                              "when delayed is in use)")));
      suggestion->reason = g_strdup (_("The embedding-side and output-side layers see the widest activation ranges; "
                                       "FP8 there is the usual source of FP8-only divergence."));
      suggestion->cause = g_strdup (_("FP8 quantisation of the most sensitive layers"));
      suggestion->effect = g_strdup (_("One layer at each end in BF16 (--num-layers-at-start/end-in-bf16, default 1): "
                                       "a small loss of the FP8 speed-up."));
      set_speed (suggestion, 0.95, 1.0);
      planner_advisor_offer (advisor, suggestion);
    }

  /* A longer warmup, in whichever unit the job uses. */
  {
    PlannerSuggestion *suggestion = planner_suggestion_new ("longer-warmup", _("Warm the learning rate up for longer"));
    gint64 iters = planner_args_get_int (args, "lr_warmup_iters", 0);
    gint64 samples = planner_args_get_int (args, "lr_warmup_samples", 0);
    gint64 train_iters = planner_args_get_int (args, "train_iters", 0);
    gint64 train_samples = planner_args_get_int (args, "train_samples", 0);
    double fraction = planner_args_get_double (args, "lr_warmup_fraction", 0);

    if (planner_args_is_set (args, "lr_warmup_fraction") && isfinite (fraction) && fraction < 0.05)
      {
        g_autofree char *text = format_double (MAX (fraction * 2, 0.01));

        planner_suggestion_set_flag (suggestion, args, "lr_warmup_fraction", "--lr-warmup-fraction", text);
      }
    else if (train_samples > 0 || samples > 0)
      {
        gint64 target = MAX (samples * 2, (gint64) (config != NULL ? config->global_batch_size : 0) * 2000);
        g_autofree char *text = NULL;

        if (train_samples > 0)
          target = MIN (target, train_samples / 10);
        text = g_strdup_printf ("%" G_GINT64_FORMAT, target);
        if (target > samples)
          planner_suggestion_set_flag (suggestion, args, "lr_warmup_samples", "--lr-warmup-samples", text);
      }
    else if (!planner_args_is_set (args, "lr_warmup_fraction"))
      {
        gint64 target = MAX (iters * 2, 2000);
        g_autofree char *text = NULL;

        if (train_iters > 0)
          target = MIN (target, train_iters / 10);
        text = g_strdup_printf ("%" G_GINT64_FORMAT, target);
        if (target > iters)
          planner_suggestion_set_flag (suggestion, args, "lr_warmup_iters", "--lr-warmup-iters", text);
      }
    suggestion->reason = g_strdup (_("Adam's second-moment estimates are poor in the first steps; a short warmup "
                                     "lets the full learning rate hit them (2,000 steps or twice the current "
                                     "warmup, at most a tenth of the run)."));
    suggestion->cause = g_strdup (_("warmup too short"));
    suggestion->effect = g_strdup (_("Fewer early loss spikes; speed and memory unchanged."));
    set_speed (suggestion, 1.0, 1.0);
    planner_advisor_offer (advisor, suggestion);
  }

  /* Gradient clipping at 1.0. */
  {
    double clip = planner_args_get_double (args, "clip_grad", 1.0);

    if (!isfinite (clip) || clip <= 0 || clip > 1.0)
      {
        PlannerSuggestion *suggestion = planner_suggestion_new ("clip-grad", _("Clip the gradient norm at 1.0"));

        planner_suggestion_set_flag (suggestion, args, "clip_grad", "--clip-grad", "1.0");
        suggestion->reason = g_strdup (_("Clipping off (or loose) lets one bad batch move the weights far."));
        suggestion->cause = g_strdup (_("no gradient clipping"));
        suggestion->effect = g_strdup (_("Bounded updates; speed and memory unchanged."));
        set_speed (suggestion, 1.0, 1.0);
        planner_advisor_offer (advisor, suggestion);
      }
  }

  /* A lower learning rate. */
  if (planner_args_is_set (args, "lr"))
    {
      double lr = planner_args_get_double (args, "lr", 0);
      double min_lr = planner_args_get_double (args, "min_lr", 0);

      if (isfinite (lr) && lr > 0)
        {
          PlannerSuggestion *suggestion = planner_suggestion_new ("lower-lr", _("Halve the peak learning rate"));
          g_autofree char *text = format_double (lr / 2);

          planner_suggestion_set_flag (suggestion, args, "lr", "--lr", text);
          if (isfinite (min_lr) && min_lr > lr / 2)
            {
              g_autofree char *min_text = format_double (lr / 20);

              planner_suggestion_set_flag (suggestion, args, "min_lr", "--min-lr", min_text);
            }
          suggestion->reason = g_strdup (_("Loss that rises after warmup usually means the peak rate is too high "
                                           "for this batch size and model width."));
          suggestion->cause = g_strdup (_("learning rate too high"));
          suggestion->effect = g_strdup (_("Slower but steadier progress per step; speed and memory unchanged."));
          set_speed (suggestion, 1.0, 1.0);
          planner_advisor_offer (advisor, suggestion);
        }
    }

  /* Smaller initialisation for wide models. */
  if (config != NULL && config->hidden_size > 0)
    {
      double std = planner_args_get_double (args, "init_method_std", 0.02);
      double small = sqrt (2.0 / (5.0 * (double) config->hidden_size));

      if (isfinite (std) && std > small * 1.25)
        {
          PlannerSuggestion *suggestion = planner_suggestion_new ("smaller-init-std", _("Initialise with a smaller std"));
          g_autofree char *text = g_strdup_printf ("%.4f", small);

          planner_suggestion_set_flag (suggestion, args, "init_method_std", "--init-method-std", text);
          suggestion->reason = g_strdup_printf (_("The std %.4g is large for hidden size %" PRIu64 "; the "
                                                  "“small init” sqrt(2/(5h)) = %.4f keeps early activations bounded."),
                                                std, config->hidden_size, small);
          suggestion->cause = g_strdup (_("initialisation too large for the width"));
          suggestion->effect = g_strdup (_("Only matters for a run from scratch; speed and memory unchanged."));
          set_speed (suggestion, 1.0, 1.0);
          planner_advisor_offer (advisor, suggestion);
        }
    }

  /* Dropout: large pretraining runs use none. */
  {
    double hidden = planner_args_get_double (args, "hidden_dropout", 0.1);
    double attention = planner_args_get_double (args, "attention_dropout", 0.1);

    if (hidden > 0 || attention > 0)
      {
        PlannerSuggestion *suggestion = planner_suggestion_new ("zero-dropout", _("Turn dropout off"));

        if (hidden > 0)
          planner_suggestion_set_flag (suggestion, args, "hidden_dropout", "--hidden-dropout", "0.0");
        if (attention > 0)
          planner_suggestion_set_flag (suggestion, args, "attention_dropout", "--attention-dropout", "0.0");
        suggestion->reason = g_strdup (_("Megatron's default dropout is 0.1; LLaMA-style pretraining uses 0, and "
                                         "dropout noise on top of a high learning rate adds to instability."));
        suggestion->cause = g_strdup (_("dropout noise"));
        suggestion->effect = g_strdup (_("No dropout masks to store (slightly less activation memory)."));
        set_speed (suggestion, 1.0, 1.02);
        planner_advisor_offer (advisor, suggestion);
      }
  }
}

/* The layouts nearest to the job's that Megatron accepts and that pass
 * the planner's checks for this model (the layers and FFN must divide
 * too), at most three of them; candidates that fail are passed over in
 * silence, and one line says so when none passes. */
static void
offer_nearest_layouts (PlannerAdvisor          *advisor,
                       const PlannerDiagnostic *d)
{
  const PlannerConfig *config = planner_advisor_config (advisor);
  const PlannerArgs *args = advisor->args;
  g_autoptr(GArray) nearest = NULL;
  guint experts = config != NULL ? config->num_experts : (guint) planner_args_get_int (args, "num_experts", 0);
  guint offered = 0;
  GPtrArray *diagnostics = planner_report_get_diagnostics (advisor->base);

  /* Name the world not dividing when it is among the errors: it is the one
   * Megatron stops at first. */
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *other = g_ptr_array_index (diagnostics, i);

      if (other->severity == PLANNER_SEVERITY_ERROR && g_str_equal (other->code, "layout.world-not-divisible"))
        d = other;
    }

  nearest = planner_layout_nearest_valid (advisor->input->world_size,
                                          planner_args_get_int (args, "tensor_model_parallel_size", 1),
                                          planner_args_get_int (args, "pipeline_model_parallel_size", 1),
                                          planner_args_get_int (args, "context_parallel_size", 1),
                                          planner_args_get_int (args, "expert_model_parallel_size", 1),
                                          planner_args_get_int (args, "expert_tensor_parallel_size", 0),
                                          experts, 24);
  for (guint k = 0; nearest != NULL && k < nearest->len && offered < 3; k++)
    {
      const PlannerLayout *l = &g_array_index (nearest, PlannerLayout, k);
      g_autofree char *description = planner_layout_describe (l);
      g_autofree char *id = g_strdup_printf ("nearest-layout-%u", offered + 1);
      g_autoptr(PlannerSuggestion) s = planner_suggestion_new (id, _("Use a layout Megatron accepts"));
      g_autoptr(PlannerReport) trial = NULL;
      g_autofree char *why = NULL;
      struct { const char *dest, *flag; guint value; } degrees[] = {
        { "tensor_model_parallel_size", "--tensor-model-parallel-size", l->tp },
        { "pipeline_model_parallel_size", "--pipeline-model-parallel-size", l->pp },
        { "context_parallel_size", "--context-parallel-size", l->cp },
        { "expert_model_parallel_size", "--expert-model-parallel-size", l->ep },
      };

      for (guint g = 0; g < G_N_ELEMENTS (degrees); g++)
        {
          g_autofree char *text = g_strdup_printf ("%u", degrees[g].value);

          if (planner_args_get_int (args, degrees[g].dest, 1) != degrees[g].value)
            planner_suggestion_set_flag (s, args, degrees[g].dest, degrees[g].flag, text);
        }
      trial = planner_advisor_try (advisor, s, &why);
      if (trial == NULL)
        continue;
      s->reason = g_strdup_printf ("%s: %s", d->code, description);
      s->cause = g_strdup (d->message);
      s->effect = g_strdup (_("The nearest layout for the same GPUs; check its memory before/after."));
      if (planner_advisor_offer (advisor, g_steal_pointer (&s)) != NULL)
        offered++;
    }
  if (offered == 0)
    planner_advisor_reject (advisor, "nearest-layout", _("no layout near this one for %" PRIu64 " GPUs "
                              "passes Megatron's checks for this model"), advisor->input->world_size);
}

/* Start-up errors: the validator's findings with the fix as flags. */
static void
troubleshoot_startup (PlannerAdvisor *advisor)
{
  gboolean offered_layouts = FALSE;
  GPtrArray *diagnostics = planner_report_get_diagnostics (advisor->base);
  const PlannerConfig *config = planner_advisor_config (advisor);
  const PlannerArgs *args = advisor->args;
  guint n_errors = 0;

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      PlannerSuggestion *suggestion = NULL;

      if (d->severity != PLANNER_SEVERITY_ERROR)
        continue;
      n_errors++;

      if (g_str_equal (d->code, "pipeline.layers-not-divisible") && config != NULL)
        {
          guint pp = config->layout.pp;

          suggestion = planner_suggestion_new ("account-for-embedding-loss", _("Count the embedding and loss as layers"));
          if ((config->num_layers + 2) % pp == 0)
            {
              planner_suggestion_set_flag (suggestion, args, "account_for_embedding_in_pipeline_split",
                                           "--account-for-embedding-in-pipeline-split", NULL);
              planner_suggestion_set_flag (suggestion, args, "account_for_loss_in_pipeline_split",
                                           "--account-for-loss-in-pipeline-split", NULL);
            }
          else if ((config->num_layers + 1) % pp == 0)
            planner_suggestion_set_flag (suggestion, args, "account_for_embedding_in_pipeline_split",
                                         "--account-for-embedding-in-pipeline-split", NULL);
          suggestion->reason = g_strdup_printf (_("%u layers do not divide over PP %u; counting the embedding and the "
                                                  "loss as layers gives a split that does (as NVIDIA's 405B recipe)."),
                                                config->num_layers, pp);
        }
      else if (g_str_equal (d->code, "parallel.tp-comm-overlap-needs-sp"))
        {
          suggestion = planner_suggestion_new ("fix-tp-comm-overlap", _("Give --tp-comm-overlap its prerequisite"));
          if (planner_args_get_int (args, "tensor_model_parallel_size", 1) > 1)
            planner_suggestion_set_flag (suggestion, args, "sequence_parallel", "--sequence-parallel", NULL);
          else
            planner_suggestion_unset_flag (suggestion, args, "tp_comm_overlap");
          suggestion->reason = g_strdup (_("--tp-comm-overlap works only with sequence parallelism (TP > 1)."));
        }
      else if (g_str_has_prefix (d->code, "optimizer.overlap-param-gather-needs"))
        {
          suggestion = planner_suggestion_new ("fix-overlap-param-gather", _("Give --overlap-param-gather its prerequisites"));
          planner_suggestion_set_flag (suggestion, args, "use_distributed_optimizer", "--use-distributed-optimizer", NULL);
          planner_suggestion_set_flag (suggestion, args, "overlap_grad_reduce", "--overlap-grad-reduce", NULL);
          suggestion->reason = g_strdup (_("--overlap-param-gather needs the distributed optimizer and --overlap-grad-reduce."));
        }
      else if (g_str_equal (d->code, "env.cuda-device-max-connections"))
        {
          planner_rule_cuda_max_connections (advisor);
          continue;
        }
      else if (g_str_equal (d->code, "recompute.full-needs-method") ||
               g_str_equal (d->code, "recompute.full-needs-num-layers"))
        {
          suggestion = planner_suggestion_new ("fix-full-recompute", _("Complete the full-recompute flags"));
          if (!planner_args_is_set (args, "recompute_method"))
            planner_suggestion_set_flag (suggestion, args, "recompute_method", "--recompute-method", "uniform");
          if (!planner_args_is_set (args, "recompute_num_layers"))
            planner_suggestion_set_flag (suggestion, args, "recompute_num_layers", "--recompute-num-layers", "1");
          suggestion->reason = g_strdup (_("--recompute-granularity full needs --recompute-method and "
                                           "--recompute-num-layers (uniform 1 recomputes every layer)."));
        }
      else if (g_str_equal (d->code, "recompute.selective-with-method") ||
               g_str_equal (d->code, "recompute.selective-with-num-layers"))
        {
          suggestion = planner_suggestion_new ("fix-selective-recompute", _("Drop what selective recompute refuses"));
          planner_suggestion_unset_flag (suggestion, args, "recompute_method");
          planner_suggestion_unset_flag (suggestion, args, "recompute_num_layers");
          suggestion->reason = g_strdup (_("Selective recompute takes neither --recompute-method nor --recompute-num-layers."));
        }
      else if (g_str_equal (d->code, "precision.fp16-and-bf16"))
        {
          suggestion = planner_suggestion_new ("fix-precision", _("Choose one precision"));
          planner_suggestion_unset_flag (suggestion, args, "fp16");
          suggestion->reason = g_strdup (_("--fp16 and --bf16 exclude each other; BF16 needs no loss scaling."));
        }
      else if ((g_str_equal (d->code, "model.heads-not-divisible-by-tp") || g_str_equal (d->code, "model.query-groups-tp"))
               && config != NULL)
        {
          guint32 heads = config->num_attention_heads;
          guint32 groups = MAX (config->num_query_groups, 1);
          guint32 tp = config->layout.tp;
          guint64 rest = (guint64) config->layout.pp * config->layout.cp;
          guint32 fit = 0;

          /* The largest smaller TP that holds whole heads and query groups
           * and still divides the GPUs. */
          for (guint32 t = tp > 1 ? tp - 1 : 1; t >= 1 && fit == 0; t--)
            {
              if (heads % t == 0 && (groups % t == 0 || t % groups == 0) && advisor->input->world_size % (t * rest) == 0)
                fit = t;
            }
          if (fit > 0 && fit != tp)
            {
              g_autofree char *text = g_strdup_printf ("%u", fit);

              suggestion = planner_suggestion_new ("fix-tp-heads", _("Use a tensor-parallel size that divides the heads"));
              planner_suggestion_set_flag (suggestion, args, "tensor_model_parallel_size",
                                           "--tensor-model-parallel-size", text);
              if (fit == 1)
                planner_suggestion_unset_flag (suggestion, args, "sequence_parallel");
              suggestion->reason = g_strdup_printf (_("Each TP rank holds whole attention heads (%u) and query groups "
                                                      "(%u); TP %u is the largest below %u that does."), heads, groups,
                                                    fit, tp);
            }
        }
      else if (g_str_equal (d->code, "training.seed-zero"))
        {
          suggestion = planner_suggestion_new ("fix-seed", _("Give a positive seed"));
          planner_suggestion_set_flag (suggestion, args, "seed", "--seed", "1234");
          suggestion->reason = g_strdup (_("Megatron's random-number set-up refuses a seed that is not positive; "
                                           "1234 is its default."));
        }
      else if (g_str_equal (d->code, "lr.warmup-exclusive"))
        {
          suggestion = planner_suggestion_new ("fix-warmup", _("Give the warmup one way"));
          planner_suggestion_unset_flag (suggestion, args, "lr_warmup_fraction");
          suggestion->reason = g_strdup (_("--lr-warmup-fraction and --lr-warmup-iters/-samples exclude each other."));
        }
      else if ((g_str_equal (d->code, "batch.global-not-divisible") || g_str_equal (d->code, "batch.eval-not-divisible"))
               && config != NULL)
        {
          guint64 unit = (guint64) config->micro_batch_size * config->layout.dp;
          guint64 global = config->global_batch_size;
          guint64 fixed = unit > 0 ? MAX (global / unit, 1) * unit : global;
          g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, fixed);

          suggestion = planner_suggestion_new ("fix-global-batch", _("Round the global batch to micro × DP"));
          planner_suggestion_set_flag (suggestion, args, "global_batch_size", "--global-batch-size", text);
          suggestion->reason = g_strdup_printf (_("The global batch must be a multiple of micro-batch × DP = %"
                                                  PRIu64 "; %" PRIu64 " is the nearest below."),
                                                unit, fixed);
        }
      else if ((g_str_has_prefix (d->code, "layout.") || g_str_equal (d->code, "moe.experts-not-divisible-by-ep")) &&
               !g_str_equal (d->code, "layout.world-size-unknown"))
        {
          /* Several layout errors have one answer: the nearest layouts, once. */
          if (!offered_layouts)
            offer_nearest_layouts (advisor, d);
          offered_layouts = TRUE;
          continue;
        }

      if (suggestion == NULL)
        {
          planner_plan_add_note (advisor->plan, PLANNER_NOTE_ERROR_FIX, d->code,
                                 g_strdup_printf ("%s: %s%s%s", d->code, d->message, d->fix != NULL ? " Fix: " : "",
                                                  d->fix != NULL ? d->fix : ""));
          continue;
        }
      suggestion->cause = g_strdup_printf ("%s: %s", d->code, d->message);
      suggestion->effect = g_strdup_printf (_("Megatron no longer stops with %s."), d->code);
      planner_advisor_offer (advisor, suggestion);
    }

  /* Dead flags do not stop the job, but they do nothing either. */
  if (planner_args_is_set (args, "use_flash_attn"))
    planner_rule_attention_backend (advisor);

  if (n_errors == 0)
    planner_advisor_note (advisor, _("The validator finds no start-up error in these arguments. Check the first "
                            "traceback in the log: paths, the tokenizer and the environment are read only at run time."));
}

static void offer_nccl_debug     (PlannerAdvisor *advisor,
                                  gboolean        mid_run);
static void note_crossing_groups (PlannerAdvisor *advisor);

static void
troubleshoot_hang (PlannerAdvisor *advisor)
{
  gint64 timeout = planner_args_get_int (advisor->args, "distributed_timeout_minutes", 10);

  /* The first cause of a start-up hang, unless the job's script exports it. */
  if (g_strcmp0 (g_hash_table_lookup (advisor->env, "CUDA_DEVICE_MAX_CONNECTIONS"), "1") == 0)
    planner_advisor_reject (advisor, "cuda-device-max-connections", "%s",
                            _("the job's script already exports CUDA_DEVICE_MAX_CONNECTIONS=1"));
  else
    planner_rule_cuda_max_connections (advisor);

  if (timeout < 60)
    {
      PlannerSuggestion *suggestion = planner_suggestion_new ("distributed-timeout",
                                                              _("Give slow collectives more time at start-up"));

      planner_suggestion_set_flag (suggestion, advisor->args, "distributed_timeout_minutes",
                                   "--distributed-timeout-minutes", "60");
      suggestion->reason = g_strdup_printf (_("The timeout is %" PRId64 " minutes (Megatron's default is 10). "
                                              "Loading a large checkpoint or building datasets on rank 0 while the others "
                                              "wait in a barrier can exceed it; NVIDIA's recipes use 60."), timeout);
      suggestion->cause = g_strdup (_("collective timeout too short for a slow start-up"));
      suggestion->effect = g_strdup (_("A slow start is no longer killed; a real deadlock is reported later."));
      set_speed (suggestion, 1.0, 1.0);
      planner_advisor_offer (advisor, suggestion);
    }

  offer_nccl_debug (advisor, FALSE);

  planner_advisor_note (advisor, _("If NCCL picks the wrong network interface, set NCCL_SOCKET_IFNAME (and "
                          "NCCL_IB_HCA for InfiniBand) to your cluster's names; the planner does not guess them."));
  note_crossing_groups (advisor);
}

static void
offer_nccl_debug (PlannerAdvisor *advisor,
                  gboolean        mid_run)
{
  PlannerSuggestion *suggestion = planner_suggestion_new ("nccl-debug", _("Make NCCL say where it waits (environment)"));

  planner_suggestion_set_env (suggestion, advisor->env, "NCCL_DEBUG", "INFO");
  suggestion->reason = g_strdup (mid_run
                                 ? _("Environment, not a flag: NCCL_DEBUG=INFO logs the network errors NCCL meets "
                                     "and the connection each one was on, so the rank or link that stalled shows up.")
                                 : _("Environment, not a flag: NCCL_DEBUG=INFO logs each communicator's set-up and "
                                     "the network it picked, so the rank that never joins shows up."));
  suggestion->cause = g_strdup (mid_run ? _("a rank or link that stalled") : _("a rank that never joins a collective"));
  suggestion->effect = g_strdup (_("Diagnostics only: more log output."));
  set_speed (suggestion, 1.0, 1.0);
  planner_advisor_offer (advisor, suggestion);
}

static void
note_crossing_groups (PlannerAdvisor *advisor)
{
  guint per_node = advisor->input->gpus_per_node;

  if (planner_advisor_group_crosses_nodes (advisor, advisor->current, PLANNER_GROUP_TP))
    planner_advisor_note (advisor, _("TP %u crosses nodes: the first TP collective needs the inter-node fabric."),
                          planner_report_get_layout (advisor->current)->tp);
  if (planner_advisor_group_crosses_nodes (advisor, advisor->current, PLANNER_GROUP_EP) &&
      planner_report_get_layout (advisor->current)->ep > 1)
    planner_advisor_note (advisor, _("EP %u crosses nodes: the first all-to-all needs the inter-node fabric."),
                          planner_report_get_layout (advisor->current)->ep);
  if (per_node > 0 && advisor->input->world_size % per_node != 0)
    planner_advisor_note (advisor, _("%" PRIu64 " GPUs is not a whole number of %u-GPU nodes: ranks may be "
                            "waiting for processes that were never started."), advisor->input->world_size, per_node);
}

/* A collective that times out after iterations completed: start-up passed,
 * so neither the start-up variables (Megatron checks them before the
 * first step) nor a slow first barrier is the cause.  What is left is a
 * rank that stopped or slowed: find which. */
static void
troubleshoot_hang_mid_run (PlannerAdvisor *advisor)
{
  if (!planner_args_get_bool (advisor->args, "log_straggler", FALSE))
    {
      PlannerSuggestion *suggestion = planner_suggestion_new ("log-straggler",
                                                              _("Have Megatron name the slow rank"));

      planner_suggestion_set_flag (suggestion, advisor->args, "log_straggler", "--log-straggler", NULL);
      suggestion->reason = g_strdup (_("Megatron's straggler detector logs each rank's GPU throughput at every log "
                                       "interval, so a GPU or node that slows down before it stalls is named in the "
                                       "log."));
      suggestion->cause = g_strdup (_("a rank that slowed or stopped mid-run"));
      suggestion->effect = g_strdup (_("Diagnostics only: one more line per log interval."));
      set_speed (suggestion, 1.0, 1.0);
      planner_advisor_offer (advisor, suggestion);
    }
  offer_nccl_debug (advisor, TRUE);

  planner_advisor_note (advisor, _("Iterations completed before the timeout, so the start-up checks passed: the "
                          "cause is a rank that stopped or slowed (a failed GPU or node: look for Xid errors in its "
                          "kernel log), a network fault, or ranks that took different code paths. A longer timeout "
                          "only delays the report."));
  note_crossing_groups (advisor);
}

void
planner_troubleshoot_run (PlannerAdvisor *advisor,
                          PlannerSymptom  symptom)
{
  switch (symptom)
    {
    case PLANNER_SYMPTOM_OOM:
      troubleshoot_oom (advisor);
      break;
    case PLANNER_SYMPTOM_LOW_MFU:
      troubleshoot_throughput (advisor, FALSE);
      break;
    case PLANNER_SYMPTOM_SLOW:
      troubleshoot_throughput (advisor, TRUE);
      break;
    case PLANNER_SYMPTOM_DIVERGING:
      troubleshoot_diverging (advisor);
      break;
    case PLANNER_SYMPTOM_STARTUP_ERROR:
      troubleshoot_startup (advisor);
      break;
    case PLANNER_SYMPTOM_HANG:
      troubleshoot_hang (advisor);
      break;
    case PLANNER_SYMPTOM_HANG_MID_RUN:
      troubleshoot_hang_mid_run (advisor);
      break;
    case PLANNER_SYMPTOM_NONE:
    default:
      g_return_if_reached ();
    }

  if (advisor->plan->suggestions->len == 0)
    planner_advisor_note (advisor, _("No flag change for this symptom passes the planner's checks for this job."));
}
