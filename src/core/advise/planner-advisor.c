/* planner-advisor.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advise"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "planner-advisor.h"
#include "planner-flag-catalog.h"
#include "planner-flops.h"
#include "planner-release-args.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static PlannerReport *
analyze (PlannerAdvisor    *advisor,
         const PlannerArgs *args,
         GHashTable        *env)
{
  const PlannerAdviseInput *input = advisor->input;
  PlannerAnalyzeOptions options = { 0 };

  options.world_size = input->world_size;
  options.vocab_size = input->vocab_size;
  options.gpu_id = input->gpu_id;
  options.model_id = input->model_id;
  options.megatron_version = input->megatron_version;
  /* An unknown environment stays unknown (environment suggestions are
   * hints, not checked); the ids were checked at the start. */
  if (input->env == NULL)
    env = NULL;
  return planner_analyze_args (args, env, &options, NULL);
}

const PlannerConfig *
planner_advisor_config (PlannerAdvisor *advisor)
{
  return planner_report_get_config (advisor->current);
}

static const PlannerStageMemory *
worst_stage (const PlannerReport *report)
{
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);

  if (planner_report_get_config (report) == NULL || planner_report_get_gpu (report) == NULL ||
      estimate == NULL || estimate->n_stages == 0)
    return NULL;
  return &estimate->stages[estimate->worst];
}

const PlannerStageMemory *
planner_advisor_worst (PlannerAdvisor *advisor)
{
  return worst_stage (advisor->current);
}

gboolean
planner_advisor_group_crosses_nodes (PlannerAdvisor      *advisor,
                                     const PlannerReport *report,
                                     PlannerGroupKind     kind)
{
  /* The report's layout, not config->layout: the config keeps the degrees
   * as given even when they do not divide the world, and such degrees
   * have no groups. */
  const PlannerLayout *layout = planner_report_get_layout (report);
  g_autoptr(PlannerGroups) groups = NULL;
  guint per_node = advisor->input->gpus_per_node;

  if (layout == NULL || per_node == 0)
    return FALSE;
  groups = planner_groups_new (layout, kind);
  g_return_val_if_fail (groups != NULL, FALSE);
  return planner_groups_cross_nodes (groups, per_node);
}

static gboolean
report_fits (const PlannerReport *report)
{
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);

  return worst_stage (report) != NULL && estimate->fits;
}

void
planner_advisor_note (PlannerAdvisor *advisor,
                      const char     *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  planner_plan_add_note (advisor->plan, PLANNER_NOTE_GENERAL, NULL, g_strdup_vprintf (format, args));
  va_end (args);
}

void
planner_advisor_reject (PlannerAdvisor *advisor,
                        const char     *id,
                        const char     *format,
                        ...)
{
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (advisor->plan->rejected, g_strdup_printf ("%s: %s", id, reason));
  g_ptr_array_add (advisor->plan->rejected_ids, g_strdup (id));
  g_ptr_array_add (advisor->plan->rejected_reasons, g_steal_pointer (&reason));
}

void
planner_advisor_require_switch (PlannerAdvisor    *advisor,
                                PlannerSuggestion *suggestion,
                                const char        *dest,
                                const char        *flag)
{
  if (planner_args_get_bool (advisor->args, dest, FALSE))
    {
      /* Say which earlier suggestion of this plan turned it on. */
      for (guint i = 0; advisor->plan->cumulative && i < advisor->plan->suggestions->len; i++)
        {
          const PlannerSuggestion *earlier = g_ptr_array_index (advisor->plan->suggestions, i);

          for (guint c = 0; c < earlier->changes->len; c++)
            {
              const PlannerChange *change = g_ptr_array_index (earlier->changes, c);

              if (g_strcmp0 (change->dest, dest) == 0 && change->action != PLANNER_CHANGE_REMOVE)
                {
                  g_ptr_array_add (suggestion->prerequisites,
                                   g_strdup_printf (_("%s (added by “%s” above)"), flag, earlier->id));
                  return;
                }
            }
        }
      g_ptr_array_add (suggestion->prerequisites, g_strdup_printf (_("%s (already set)"), flag));
      return;
    }

  planner_suggestion_set_flag (suggestion, advisor->args, dest, flag, NULL);
  g_ptr_array_add (suggestion->prerequisites, g_strdup_printf (_("%s (added with this change)"), flag));
}

static double
bubble (const PlannerConfig *config)
{
  double p, v, m;

  if (config == NULL || config->layout.pp <= 1 || config->num_microbatches == 0)
    return 0;
  p = config->layout.pp;
  v = MAX (config->layout.vpp, 1);
  m = (double) config->num_microbatches;
  return (p - 1) / (v * m);
}

static gboolean
has_fp8 (const PlannerArgs *args)
{
  return planner_args_get_string (args, "fp8", NULL) != NULL;
}

/* A suggestion may write only what the job's release parses (issue 20):
 * no flex dispatcher backend before 0.16.1, no expert-parallel overlap
 * before 0.14, no pipeline layout before 0.13. */
static gboolean
release_has_flags (PlannerAdvisor     *advisor,
                   PlannerSuggestion  *suggestion,
                   char              **why)
{
  const char *release = advisor->input->megatron_version;

  for (guint i = 0; i < suggestion->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (suggestion->changes, i);
      const char *first;

      if (change->target != PLANNER_CHANGE_TARGET_FLAG || change->action == PLANNER_CHANGE_REMOVE ||
          planner_release_has_flag (release, change->flag))
        continue;
      first = planner_flag_catalog_first_release_of (change->flag);
      if (first != NULL)
        *why = g_strdup_printf (_("Megatron-Core %s has no %s (it came with %s)"),
                                planner_advisor_release (advisor), change->flag, first);
      else
        *why = g_strdup_printf (_("Megatron-Core %s has no %s"), planner_advisor_release (advisor), change->flag);
      return FALSE;
    }
  return TRUE;
}

const char *
planner_advisor_release (PlannerAdvisor *advisor)
{
  const char *release = advisor->input != NULL ? advisor->input->megatron_version : NULL;

  return release != NULL ? release : planner_megatron_get_default_release ();
}

PlannerReport *
planner_advisor_try (PlannerAdvisor     *advisor,
                     PlannerSuggestion  *suggestion,
                     char              **why)
{
  g_autoptr(PlannerArgs) args = planner_args_copy (advisor->args);
  g_autoptr(GHashTable) env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(PlannerReport) trial = NULL;
  g_autoptr(GError) error = NULL;
  const PlannerConfig *before = planner_report_get_config (advisor->current);
  const PlannerConfig *after;
  const PlannerGpu *gpu = advisor->gpu;
  GPtrArray *diagnostics;
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, advisor->env);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (env, g_strdup (key), g_strdup (value));

  /* Every flag must be one the release parses, and a live flag of
   * 0.20.0, before anything else. */
  if (!release_has_flags (advisor, suggestion, why))
    return NULL;
  if (!planner_suggestion_check_flags (suggestion, &error) ||
      !planner_suggestion_apply (suggestion, args, env, &error))
    {
      *why = g_strdup (error->message);
      return NULL;
    }

  trial = analyze (advisor, args, env);

  /* No new start-up error: whatever it fixes, it must not break anything. */
  diagnostics = planner_report_get_diagnostics (trial);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR && !g_hash_table_contains (advisor->base_errors, d->code))
        {
          *why = g_strdup_printf (_("Megatron would then refuse the job (%s: %s)"), d->code, d->message);
          return NULL;
        }
    }

  /* The hardware: FP8 only where it exists, TP inside the NVLink domain. */
  if (has_fp8 (args) && !has_fp8 (advisor->args) && (gpu == NULL || !gpu->supports_fp8))
    {
      *why = g_strdup_printf (_("the %s has no FP8 tensor cores"), gpu != NULL ? gpu->name : _("unknown GPU"));
      return NULL;
    }
  after = planner_report_get_config (trial);
  if (after != NULL && before != NULL && gpu != NULL && after->layout.tp > before->layout.tp)
    {
      guint32 domain = gpu->nvlink_domain_size;

      if (advisor->input->gpus_per_node > 0)
        domain = MIN (domain, advisor->input->gpus_per_node);
      if (after->layout.tp > domain)
        {
          *why = g_strdup_printf (_("TP %u would leave the NVLink domain of %u GPUs"), after->layout.tp, domain);
          return NULL;
        }
    }
  if (after != NULL && before != NULL && after->layout.ep != before->layout.ep && after->layout.ep > 1)
    {
      if (planner_advisor_group_crosses_nodes (advisor, trial, PLANNER_GROUP_EP) &&
          !planner_advisor_group_crosses_nodes (advisor, advisor->current, PLANNER_GROUP_EP))
        {
          *why = g_strdup_printf (_("EP %u would cross nodes"), after->layout.ep);
          return NULL;
        }
    }

  /* A job that fits must keep fitting. */
  if (report_fits (advisor->current) && worst_stage (trial) != NULL && !report_fits (trial))
    {
      const PlannerStageMemory *worst = worst_stage (trial);

      *why = g_strdup_printf (_("stage %u would need %.1f GiB of %.1f GiB"), worst->stage,
                              worst->total_bytes / GIB,
                              planner_report_get_memory_estimate (trial)->capacity_bytes / GIB);
      return NULL;
    }

  return g_steal_pointer (&trial);
}

PlannerSuggestion *
planner_advisor_offer (PlannerAdvisor    *advisor,
                       PlannerSuggestion *suggestion)
{
  g_autoptr(PlannerSuggestion) owned = suggestion;
  g_autoptr(PlannerReport) trial = NULL;
  g_autofree char *why = NULL;
  const PlannerStageMemory *before, *after;
  const PlannerConfig *config_before = planner_report_get_config (advisor->current);
  const PlannerConfig *config_after;

  if (suggestion->changes->len == 0)
    return NULL;

  trial = planner_advisor_try (advisor, suggestion, &why);
  if (trial == NULL)
    {
      planner_advisor_reject (advisor, suggestion->id, "%s", why);
      return NULL;
    }

  before = worst_stage (advisor->current);
  after = worst_stage (trial);
  if (before != NULL && after != NULL)
    {
      suggestion->memory_before = before->total_bytes;
      suggestion->memory_after = after->total_bytes;
      suggestion->fits_before = report_fits (advisor->current);
      suggestion->fits_after = report_fits (trial);
    }
  config_after = planner_report_get_config (trial);
  if (config_before != NULL && config_after != NULL &&
      (config_before->layout.pp > 1 || config_after->layout.pp > 1) &&
      (config_before->layout.pp != config_after->layout.pp || config_before->layout.vpp != config_after->layout.vpp ||
       config_before->num_microbatches != config_after->num_microbatches))
    {
      suggestion->bubble_before = bubble (config_before);
      suggestion->bubble_after = bubble (config_after);
    }
  g_ptr_array_add (suggestion->checks, g_strdup_printf (_("flags exist in Megatron-Core %s and are not dead"),
                                                        planner_advisor_release (advisor)));
  g_ptr_array_add (suggestion->checks, g_strdup (_("no new start-up error from the validator")));
  if (advisor->gpu != NULL && suggestion->memory_after >= 0)
    g_ptr_array_add (suggestion->checks,
                     g_strdup_printf (suggestion->fits_after
                                      ? _("memory estimate on the %s: %.1f → %.1f GiB, fits")
                                      : _("memory estimate on the %s: %.1f → %.1f GiB, still does not fit"),
                                      advisor->gpu->name, suggestion->memory_before / GIB,
                                      suggestion->memory_after / GIB));

  /* Expected MFU: the measured one carried through the plan. */
  if (advisor->mfu_low > 0 && suggestion->speed_low > 0)
    {
      double ceiling = MAX (advisor->plan->expected_mfu_high, advisor->plan->measured_mfu);

      /* Optimistic ranges multiply up; never promise past what published runs reach. */
      suggestion->mfu_low = advisor->mfu_low * suggestion->speed_low;
      suggestion->mfu_high = advisor->mfu_high * suggestion->speed_high;
      if (ceiling > 0)
        {
          suggestion->mfu_low = MIN (suggestion->mfu_low, ceiling);
          suggestion->mfu_high = MIN (suggestion->mfu_high, ceiling);
        }
    }

  if (advisor->plan->cumulative)
    {
      g_autoptr(GError) error = NULL;

      if (!planner_suggestion_apply (suggestion, advisor->args, advisor->env, &error))
        g_return_val_if_reached (NULL);  /* try() applied the same changes */
      g_clear_pointer (&advisor->current, planner_report_unref);
      advisor->current = g_steal_pointer (&trial);
      if (suggestion->mfu_low > 0)
        {
          advisor->mfu_low = suggestion->mfu_low;
          advisor->mfu_high = suggestion->mfu_high;
        }
    }

  g_ptr_array_add (advisor->plan->suggestions, owned);
  return g_steal_pointer (&owned);
}

static gboolean
positive_finite (double value)
{
  return isfinite (value) && value > 0;
}

/* The best MFU a published run reached on @gpu, any model, any precision. */
static const PlannerMfuRange *
best_range (const PlannerGpu *gpu)
{
  const PlannerMfuRange *ranges[] = { &gpu->mfu_dense_bf16, &gpu->mfu_dense_fp8, &gpu->mfu_moe_bf16, &gpu->mfu_moe_fp8 };
  const PlannerMfuRange *best = ranges[0];

  for (guint i = 1; i < G_N_ELEMENTS (ranges); i++)
    if (ranges[i]->high > best->high)
      best = ranges[i];
  return best;
}

static double
best_published (const PlannerGpu *gpu)
{
  return best_range (gpu)->high;
}

/* The MFU the user measured, from whichever figure was given. */
static gboolean
measure (PlannerAdvisor  *advisor,
         GError         **error)
{
  const PlannerAdviseInput *input = advisor->input;
  const PlannerConfig *config = planner_report_get_config (advisor->base);
  PlannerPlan *plan = advisor->plan;
  PlannerMfu mfu = { 0 };

  /* planner_advise_input_check refused more than one. */
  if (input->mfu == 0 && input->iteration_time == 0 && input->tflops_per_gpu == 0)
    return TRUE;
  if (advisor->gpu == NULL)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("a measured figure needs the GPU type (cluster.gpu_id) to know the peak"));
      return FALSE;
    }

  if (input->mfu != 0)
    {
      double value = input->mfu;

      /* 0.35 and 35 both mean 35 %. */
      if (positive_finite (value) && value > 1 && value <= 100)
        value /= 100;
      if (!positive_finite (value) || value > 1)
        {
          g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                       _("mfu: %g is not a utilisation; give a fraction (0.35) or a percentage (35)"), input->mfu);
          return FALSE;
        }
      /* 1 reads as 100 %: a value past what any published run reaches on
       * this GPU is a slip of the unit, not a measurement. */
      if (value > best_published (advisor->gpu) && best_published (advisor->gpu) > 0)
        {
          g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                       _("mfu: %g reads as %.0f%% MFU, above the best published run on the %s (%.0f%%); "
                         "give the measured MFU as a fraction (0.35) or a percentage (35)"),
                       input->mfu, value * 100, advisor->gpu->name, best_published (advisor->gpu) * 100);
          return FALSE;
        }
      mfu.peak = config != NULL ? planner_flops_peak_kind (config, advisor->gpu) : PLANNER_PEAK_BF16;
      mfu.peak_tflops = planner_gpu_peak_tflops (advisor->gpu, mfu.peak);
      mfu.mfu = value;
      mfu.tflops_per_gpu = value * mfu.peak_tflops;
    }
  else if (config == NULL)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("the model's dimensions are needed to turn a time or TFLOP/s into an MFU"));
      return FALSE;
    }
  else if (input->iteration_time != 0)
    {
      if (!planner_mfu_from_iteration_time (config, advisor->gpu, input->iteration_time, &mfu, error))
        return FALSE;
    }
  else if (!planner_mfu_from_tflops_per_gpu (config, advisor->gpu, input->tflops_per_gpu, &mfu, error))
    return FALSE;

  if (!isfinite (mfu.mfu) || mfu.mfu <= 0 || mfu.mfu > 1)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("the measured figure gives an MFU of %.0f%% of the %s peak, which is impossible; "
                     "check the iteration time or TFLOP/s"), mfu.mfu * 100, planner_peak_kind_to_string (mfu.peak));
      return FALSE;
    }

  plan->measured_mfu = mfu.mfu;
  plan->measured_tflops = mfu.tflops_per_gpu;
  plan->peak_tflops = mfu.peak_tflops;
  plan->peak_name = planner_peak_kind_to_string (mfu.peak);
  advisor->mfu_low = advisor->mfu_high = mfu.mfu;
  return TRUE;
}

static void
expectations (PlannerAdvisor *advisor)
{
  const PlannerGpu *gpu = advisor->gpu;
  const PlannerConfig *config = planner_report_get_config (advisor->base);
  PlannerPlan *plan = advisor->plan;
  const PlannerMfuRange *range;
  gboolean fp8 = has_fp8 (advisor->args) && gpu != NULL && gpu->supports_fp8;
  gboolean hopper_class;

  if (gpu == NULL)
    {
      planner_advisor_note (advisor, _("No GPU type given: FP8, NVLink and memory checks are skipped."));
      return;
    }

  if (advisor->is_moe)
    range = fp8 ? &gpu->mfu_moe_fp8 : &gpu->mfu_moe_bf16;
  else
    range = fp8 ? &gpu->mfu_dense_fp8 : &gpu->mfu_dense_bf16;
  plan->expected_mfu_low = range->low;
  plan->expected_mfu_high = range->high;
  plan->expected_mfu_source = range->source;
  if (plan->peak_name == NULL)
    plan->peak_name = config != NULL ? planner_peak_kind_to_string (planner_flops_peak_kind (config, gpu))
                                     : (fp8 ? "FP8" : "BF16");

  hopper_class = gpu->compute_capability_major >= 9;
  if (hopper_class && !advisor->is_moe)
    {
      plan->target_mfu = 0.40;
      planner_plan_add_note (plan, PLANNER_NOTE_TARGET, NULL, g_strdup_printf (_("Target: more than 40%% MFU against the BF16 peak for a dense model on the %s; "
                              "published runs reach %.0f–%.0f%% (%s)."), gpu->name, range->low * 100,
                            range->high * 100, range->source != NULL ? range->source : "catalog"));
    }
  else if (advisor->is_moe)
    planner_advisor_note (advisor, _("Mixture-of-experts models run below dense ones: published results suggest "
                            "%.0f–%.0f%% MFU on the %s (%s), so 40%% is not a realistic ceiling here."),
                          range->low * 100, range->high * 100, gpu->name,
                          range->source != NULL ? range->source : "catalog");
  else if (range->high > 0)
    planner_advisor_note (advisor, _("Published runs on the %s reach %.0f–%.0f%% MFU (%s)."), gpu->name,
                          range->low * 100, range->high * 100, range->source != NULL ? range->source : "catalog");

  if (plan->measured_mfu > 0)
    planner_plan_add_note (plan, PLANNER_NOTE_MEASURED, NULL,
                           g_strdup_printf (_("Measured: %.1f%% MFU (%.0f TFLOP/s/GPU against the %s dense peak of "
                                              "%.0f TFLOP/s)."), plan->measured_mfu * 100, plan->measured_tflops,
                                            plan->peak_name, plan->peak_tflops));
}

void
planner_advisor_clear (PlannerAdvisor *advisor)
{
  g_clear_pointer (&advisor->base, planner_report_unref);
  g_clear_pointer (&advisor->current, planner_report_unref);
  g_clear_pointer (&advisor->args, planner_args_unref);
  g_clear_pointer (&advisor->env, g_hash_table_unref);
  g_clear_pointer (&advisor->base_errors, g_hash_table_unref);
  g_clear_pointer (&advisor->plan, planner_plan_free);
}

gboolean
planner_advisor_init (PlannerAdvisor           *advisor,
                      const PlannerAdviseInput *input,
                      PlannerPlan              *plan,
                      GError                  **error)
{
  PlannerAnalyzeOptions options = { 0 };
  const PlannerConfig *config;
  GPtrArray *diagnostics;
  const PlannerStageMemory *worst;

  memset (advisor, 0, sizeof *advisor);
  advisor->input = input;
  advisor->plan = plan;

  if (!planner_advise_input_check (input, error))
    {
      planner_advisor_clear (advisor);
      return FALSE;
    }

  options.world_size = input->world_size;
  options.vocab_size = input->vocab_size;
  options.gpu_id = input->gpu_id;
  options.model_id = input->model_id;
  options.megatron_version = input->megatron_version;
  plan->megatron_version = planner_advisor_release (advisor);
  advisor->base = planner_analyze_args (input->args, input->env, &options, error);
  if (advisor->base == NULL)
    {
      planner_advisor_clear (advisor);
      return FALSE;
    }

  advisor->gpu = planner_report_get_gpu (advisor->base);
  /* The model's dimensions are part of the arguments from here on, so
   * each change is a change of the whole command line. */
  advisor->args = planner_args_copy (planner_report_get_args (advisor->base));
  advisor->env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (input->env != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, input->env);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (advisor->env, g_strdup (key), g_strdup (value));
    }
  advisor->current = planner_report_ref (advisor->base);

  advisor->base_errors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  diagnostics = planner_report_get_diagnostics (advisor->base);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR)
        {
          g_hash_table_add (advisor->base_errors, g_strdup (d->code));
          planner_plan_add_error (plan, d->code, d->message, d->fix);
        }
    }

  plan->summary = g_strdup (planner_report_get_summary (advisor->base));
  config = planner_report_get_config (advisor->base);
  if (config != NULL)
    {
      PlannerModelParams params;

      planner_config_count_params (config, &params);
      advisor->params_b = params.total / 1e9;
      advisor->is_moe = config->num_experts > 0;
    }
  else
    planner_advisor_note (advisor, _("The model's dimensions are incomplete, so memory and FLOPs are not computed; "
                            "give a catalog model or the dimension flags."));

  worst = worst_stage (advisor->base);
  if (worst != NULL)
    {
      plan->memory_before = plan->memory_after = worst->total_bytes;
      plan->capacity_bytes = planner_report_get_memory_estimate (advisor->base)->capacity_bytes;
    }

  if (!measure (advisor, error))
    {
      planner_advisor_clear (advisor);
      return FALSE;
    }
  expectations (advisor);
  return TRUE;
}

PlannerPlan *
planner_advisor_finish (PlannerAdvisor *advisor)
{
  PlannerPlan *plan = advisor->plan;
  const PlannerStageMemory *worst = worst_stage (advisor->current);

  if (plan->cumulative && worst != NULL)
    plan->memory_after = worst->total_bytes;
  advisor->plan = NULL;
  planner_advisor_clear (advisor);
  return plan;
}
