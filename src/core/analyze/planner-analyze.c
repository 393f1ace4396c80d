/* planner-analyze.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-analyze"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <string.h>

#include "planner-analyze.h"
#include "planner-field.h"
#include "planner-draft-env.h"
#include "planner-flops.h"
#include "planner-hf-release.h"
#include "planner-job-args.h"
#include "planner-script-common.h"
#include "planner-flag-catalog.h"
#include "planner-release.h"
#include "planner-validate.h"

struct _PlannerReport
{
  gatomicrefcount        ref_count;
  guint64                world_size;
  gboolean               layout_valid;
  gboolean               layout_accepted;
  PlannerLayout          layout;
  gboolean               config_valid;
  PlannerConfig          config;
  const PlannerGpu      *gpu;
  PlannerArgs           *args;
  double                 flops;
  PlannerMegatronMemory  megatron;
  PlannerMemoryEstimate  estimate;
  char                  *summary;
  char                  *expert_summary;
  char                  *memory_summary;
  GPtrArray             *diagnostics;
  const char            *megatron_version;  /* static: a release held */
  /* The layout's rank, searched on demand */
  guint64                vocab_size;
  guint                  gpus_per_node;
  gsize                  rank_done;
  PlannerLayoutRank     *rank;
};

G_DEFINE_BOXED_TYPE (PlannerReport, planner_report, planner_report_ref, planner_report_unref)
G_DEFINE_QUARK (planner-analyze-error-quark, planner_analyze_error)

/* The summary's verdict is about the layout: an error that involves a
 * parallel degree makes it ✗; a missing data path does not. */
static gboolean
has_layout_error (GPtrArray *diagnostics)
{
  static const char *parallel_flags[] = {
    "--tensor-model-parallel-size", "--pipeline-model-parallel-size", "--context-parallel-size",
    "--expert-model-parallel-size", "--expert-tensor-parallel-size",
    "--num-virtual-stages-per-pipeline-rank", "--num-layers-per-virtual-pipeline-stage",
    "--use-tp-pp-dp-mapping", "--num-distributed-optimizer-instances",
  };

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *diagnostic = g_ptr_array_index (diagnostics, i);

      if (diagnostic->severity != PLANNER_SEVERITY_ERROR)
        continue;
      for (guint f = 0; f < G_N_ELEMENTS (parallel_flags); f++)
        {
          if (g_strv_contains ((const char * const *) diagnostic->flags, parallel_flags[f]))
            return TRUE;
        }
    }
  return FALSE;
}

static void
describe (PlannerReport *report)
{
  if (report->layout_valid)
    {
      g_autofree char *dense = planner_layout_describe (&report->layout);

      report->layout_accepted = !has_layout_error (report->diagnostics);
      report->summary = g_strdup_printf ("%s %s", dense, report->layout_accepted ? "✓" : "✗");
      if (report->layout.ep > 1 || report->layout.etp != report->layout.tp)
        report->expert_summary = planner_layout_describe_expert (&report->layout);
    }
  else if (report->world_size == 0)
    report->summary = g_strdup (_("GPU count unknown: give --world-size or the launcher's --nnodes and --nproc-per-node"));
  else
    {
      g_autofree char *reason = g_strdup (_("the degrees do not multiply out"));
      gboolean reason_is_default = TRUE;
      char *end;

      /* Megatron's own reason, from the diagnostic that refused the layout:
       * the dense product (TP × PP × CP) first, the expert grid only when
       * nothing else is wrong with the degrees. */
      for (guint pass = 0; pass < 2 && reason_is_default; pass++)
        for (guint i = 0; i < report->diagnostics->len; i++)
          {
            const PlannerDiagnostic *d = g_ptr_array_index (report->diagnostics, i);

            if (d->severity != PLANNER_SEVERITY_ERROR || !g_str_has_prefix (d->code, "layout.") ||
                (pass == 0 && strstr (d->code, "expert") != NULL))
              continue;
            g_free (reason);
            reason = g_strdup (d->message);
            reason_is_default = FALSE;
            break;
          }
      /* The first sentence is the reason; the nearest layouts follow in the diagnostic. */
      if ((end = strstr (reason, ". ")) != NULL)
        *end = '\0';
      report->summary = g_strdup_printf (/* Translators: the second %s is the reason, a sentence from Megatron's check without its full stop */
                                         _("No valid layout for %" PRIu64 " GPUs: %s ✗"),
                                         report->world_size, reason);
    }
}

/* TP and CP exchange activations inside every layer and EP runs an
 * all-to-all twice per MoE layer: spread over the slower network between
 * NVLink domains they are the most common cause of a slow job. */
static void
check_fast_domain (PlannerReport *report,
                   guint          gpus_per_node)
{
  static const struct {
    PlannerGroupKind kind;
    const char      *code;
    const char      *name;
    const char      *flag;
    gboolean         moe_only;
  } checks[] = {
    { PLANNER_GROUP_TP, "layout.tp-crosses-nvlink-domain", N_("tensor-parallel"), "--tensor-model-parallel-size", FALSE },
    { PLANNER_GROUP_CP, "layout.cp-crosses-nvlink-domain", N_("context-parallel"), "--context-parallel-size", FALSE },
    { PLANNER_GROUP_EP, "layout.ep-crosses-nvlink-domain", N_("expert-parallel"), "--expert-model-parallel-size", TRUE },
    { PLANNER_GROUP_ETP, "layout.etp-crosses-nvlink-domain", N_("expert-tensor-parallel"), "--expert-tensor-parallel-size", TRUE },
  };
  guint domain = gpus_per_node;
  gboolean moe = planner_args_get_int (report->args, "num_experts", 0) > 0;

  if (!report->layout_valid)
    return;
  /* A GB200 NVL72 rack is one NVLink domain over several 4-GPU trays. */
  if (report->gpu != NULL && report->gpu->nvlink_domain_size > 0)
    domain = report->gpu->nvlink_domain_size;
  if (domain == 0)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (checks); i++)
    {
      g_autoptr(PlannerGroups) groups = NULL;
      const char *flags[] = { checks[i].flag, NULL };

      if (checks[i].moe_only && !moe)
        continue;
      groups = planner_groups_new (&report->layout, checks[i].kind);
      if (groups == NULL || groups->group_size <= 1 || !planner_groups_cross_nodes (groups, domain))
        continue;
      /* EP that fills DP beyond a node is sometimes the only choice; say so, still. */
      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_WARNING, checks[i].code, flags,
                               _("Keep the group inside one NVLink domain: lower the degree, or order the ranks so the group is contiguous."),
                               /* Translators: %s is the kind of group: tensor-parallel, context-parallel, expert-parallel or expert-tensor-parallel */
                               _("Each %s group of %u GPUs spans more than one NVLink domain of %u GPUs, "
                                 "so its communication crosses the slower inter-node network."),
                               _(checks[i].name), groups->group_size, domain);
    }
}

/* Every diagnostic names the job fields it concerns, so a face can point
 * at them in its own words without reading the message. */
static void
name_fields (GPtrArray *diagnostics)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_auto(GStrv) keys = NULL;

      if (d->fields[0] != NULL)
        continue;
      keys = planner_field_keys_for_diagnostic (d->code, (const char *const *) d->flags);
      planner_diagnostic_set_fields (d, (const char *const *) keys);
    }
}

static PlannerReport *
report_new (const PlannerArgs *args)
{
  PlannerReport *report = g_new0 (PlannerReport, 1);

  g_atomic_ref_count_init (&report->ref_count);
  report->diagnostics = planner_diagnostics_new ();
  report->args = planner_args_copy (args);
  return report;
}

static guint32
clamp_degree (gint64 value)
{
  return (guint32) CLAMP (value, 1, PLANNER_MAX_WORLD_SIZE);
}

/* A layout Megatron would refuse still has FLOPs and a memory footprint
 * worth knowing while fixing it: take the degrees as asked, with DP what
 * is left (at least 1). */
static void
requested_layout (PlannerReport *report,
                  PlannerLayout *layout)
{
  const PlannerArgs *args = report->args;
  guint64 world = MAX (report->world_size, 1);
  guint64 tp_pp_cp, etp_ep_pp;

  memset (layout, 0, sizeof *layout);
  layout->world_size = (guint32) MIN (world, PLANNER_MAX_WORLD_SIZE);
  layout->tp = clamp_degree (planner_args_get_int (args, "tensor_model_parallel_size", 1));
  layout->pp = clamp_degree (planner_args_get_int (args, "pipeline_model_parallel_size", 1));
  layout->cp = clamp_degree (planner_args_get_int (args, "context_parallel_size", 1));
  layout->ep = clamp_degree (planner_args_get_int (args, "expert_model_parallel_size", 1));
  layout->etp = clamp_degree (planner_args_get_int (args, "expert_tensor_parallel_size", layout->tp));
  tp_pp_cp = (guint64) layout->tp * layout->pp * layout->cp;
  etp_ep_pp = (guint64) layout->etp * layout->ep * layout->pp;
  layout->dp = (guint32) MAX (layout->world_size / tp_pp_cp, 1);
  layout->expert_dp = (guint32) MAX (layout->world_size / etp_ep_pp, 1);
  layout->vpp = 1;
  layout->num_distributed_optimizer_instances = 1;
  layout->order = PLANNER_RANK_ORDER_TP_CP_EP_DP_PP;
}

/* The model math (FLOPs, memory) when the arguments describe a whole model. */
static void
analyze_model (PlannerReport      *report,
               guint64             vocab_size,
               const PlannerWords *words)
{
  g_autoptr(GError) error = NULL;
  PlannerLayout layout;

  /* Hybrid Mamba stacks use Megatron's hybrid_flops and get no
   * theoretical_memory_usage; linear-attention variants change the
   * attention terms.  Say so rather than print a transformer's numbers. */
  if (planner_args_is_set (report->args, "hybrid_layer_pattern") ||
      planner_args_is_set (report->args, "hybrid_override_pattern"))
    {
      const char *flags[] = { "--hybrid-layer-pattern", NULL };

      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_INFO, "analysis.hybrid-not-modelled", flags, NULL,
                               _("FLOPs and memory are not computed: hybrid (Mamba) layer patterns are not modelled "
                                 "by this planner, and Megatron prints no theoretical memory for them."));
      return;
    }
  if (planner_args_is_set (report->args, "experimental_attention_variant") &&
      planner_args_get_string (report->args, "experimental_attention_variant", NULL) != NULL)
    {
      const char *flags[] = { "--experimental-attention-variant", NULL };

      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_INFO, "analysis.attention-variant-not-modelled",
                               flags, NULL,
                               _("FLOPs and memory are not computed: the experimental attention variant “%s” "
                                 "changes Megatron's attention terms, which this planner does not model."),
                               planner_args_get_string (report->args, "experimental_attention_variant", ""));
      return;
    }

  if (report->layout_valid)
    layout = report->layout;
  else
    requested_layout (report, &layout);

  if (!planner_config_init_from_args (&report->config, report->args, &layout, vocab_size, &error))
    {
      /* The model's reason, made in the report's words. */
      planner_words_fill_error (words, error);
      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_INFO, "analysis.no-model-math", NULL,
                               _("Give the model's dimensions (or --model) to get FLOPs and memory."),
                               /* Translators: %s is the reason, from the model's definition */
                               _("FLOPs and memory are not computed: %s"), error->message);
      return;
    }

  report->config_valid = TRUE;
  /* The figures follow the job's release's formulas. */
  report->config.megatron_version = report->megatron_version;
  report->flops = planner_flops_per_iteration (&report->config);
  planner_memory_megatron (&report->config, &report->megatron);
  planner_memory_estimate (&report->config, report->gpu, &report->estimate);

  if (report->gpu != NULL)
    {
      const PlannerStageMemory *worst = &report->estimate.stages[report->estimate.worst];

      report->memory_summary = g_strdup_printf (_("stage %u needs %.1f of %.1f GiB %s"), worst->stage,
                                                worst->total_bytes / (1 << 30),
                                                report->estimate.capacity_bytes / (1 << 30),
                                                report->estimate.fits ? "✓" : "✗");
    }

  if (report->gpu != NULL && !report->estimate.fits)
    {
      const PlannerStageMemory *worst = &report->estimate.stages[report->estimate.worst];
      const char *flags[] = { "--tensor-model-parallel-size", "--pipeline-model-parallel-size",
                              "--micro-batch-size", "--recompute-granularity", NULL };

      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_WARNING, "memory.does-not-fit", flags,
                               _("Raise TP or PP, use the distributed optimizer, recompute activations, or lower the micro-batch size."),
                               /* Translators: the first %s is the GPU's name, the second a part of memory (weights, activations…) */
                               _("Pipeline stage %u needs about %.1f GiB per GPU but the %s has %.1f GiB; "
                                 "the largest part is %s (%.1f GiB)."),
                               worst->stage, worst->total_bytes / (1 << 30), report->gpu->name,
                               report->estimate.capacity_bytes / (1 << 30),
                               planner_memory_component_label (worst->dominant),
                               worst->bytes[worst->dominant] / (1 << 30));
    }
}

static gboolean
resolve_catalog (const PlannerAnalyzeOptions  *options,
                 const PlannerGpu            **gpu,
                 const PlannerModel          **model,
                 GError                      **error)
{
  *gpu = NULL;
  *model = NULL;

  if (options != NULL && options->gpu_id != NULL && *options->gpu_id != '\0')
    {
      *gpu = planner_gpu_lookup (options->gpu_id);
      if (*gpu == NULL)
        {
          g_set_error (error, PLANNER_ANALYZE_ERROR, PLANNER_ANALYZE_ERROR_UNKNOWN_GPU,
                       _("unknown GPU “%s”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 gb200 l40s v100"),
                       options->gpu_id);
          return FALSE;
        }
    }

  if (options != NULL && options->model_id != NULL && *options->model_id != '\0')
    {
      *model = planner_model_lookup (options->model_id);
      if (*model == NULL)
        {
          g_set_error (error, PLANNER_ANALYZE_ERROR, PLANNER_ANALYZE_ERROR_UNKNOWN_MODEL,
                       _("unknown model “%s”; run “launch-planner-cli models” for the catalog"), options->model_id);
          return FALSE;
        }
    }
  return TRUE;
}

PlannerReport *
planner_analyze_args (const PlannerArgs            *args,
                      GHashTable                   *env,
                      const PlannerAnalyzeOptions  *options,
                      GError                      **error)
{
  PlannerReport *report;
  const PlannerGpu *gpu;
  const PlannerModel *model;
  PlannerValidateContext context = { 0 };
  guint64 vocab_size = options != NULL ? options->vocab_size : 0;

  g_return_val_if_fail (args != NULL, NULL);

  if (!resolve_catalog (options, &gpu, &model, error))
    return NULL;

  report = report_new (args);
  report->gpu = gpu;
  report->megatron_version = options != NULL && options->megatron_version != NULL
                             ? planner_release_resolve (options->megatron_version, NULL) : NULL;
  if (report->megatron_version == NULL)
    report->megatron_version = planner_megatron_get_default_release ();
  report->world_size = options != NULL ? options->world_size : 0;

  /* A catalog model fills in what the arguments leave out; what the user
   * wrote always wins. */
  if (options != NULL && options->model_args != NULL)
    {
      planner_args_merge_missing (report->args, options->model_args);
      if (vocab_size == 0 && !planner_args_is_set (report->args, "vocab_size"))
        vocab_size = (guint64) MAX (planner_args_get_int (options->model_args, "vocab_size", 0), 0);
    }
  else if (model != NULL)
    {
      g_autoptr(PlannerArgs) model_args = planner_args_new ();

      planner_model_apply_to_args (model, model_args);
      planner_args_merge_missing (report->args, model_args);
      if (vocab_size == 0 && !planner_args_is_set (report->args, "vocab_size"))
        vocab_size = model->vocab_size;
    }

  if (report->world_size > 0)
    report->layout_valid = planner_validate_resolve_layout_in (report->args, report->world_size,
                                                               options != NULL ? options->words : NULL,
                                                               &report->layout, report->diagnostics);

  analyze_model (report, vocab_size, options != NULL ? options->words : NULL);
  check_fast_domain (report, options != NULL ? options->gpus_per_node : 0);
  report->vocab_size = vocab_size;
  report->gpus_per_node = options != NULL ? options->gpus_per_node : 0;

  context.world_size = report->world_size;
  context.env = env;
  context.compute_capability_major = gpu != NULL ? gpu->compute_capability_major : 0;
  context.vocab_size = vocab_size;
  context.megatron_version = report->megatron_version;
  context.form_words = options != NULL && options->form_words;
  context.words = options != NULL ? options->words : NULL;
  planner_validate (report->args, &context,
                    report->layout_valid ? &report->layout : NULL,
                    report->config_valid ? &report->config : NULL,
                    report->diagnostics);

  name_fields (report->diagnostics);
  planner_diagnostics_sort (report->diagnostics);
  describe (report);
  return report;
}

PlannerReport *
planner_analyze_import (const PlannerImport          *import,
                        const PlannerAnalyzeOptions  *options,
                        GError                      **error)
{
  PlannerAnalyzeOptions resolved = { 0 };
  PlannerReport *report;

  g_return_val_if_fail (import != NULL, NULL);

  if (options != NULL)
    resolved = *options;

  /* The launcher's own numbers give the world size unless the caller knows better. */
  if (resolved.world_size == 0 && import->nnodes > 0 && import->nproc_per_node > 0)
    resolved.world_size = (guint64) import->nnodes * import->nproc_per_node;
  if (resolved.gpus_per_node == 0)
    resolved.gpus_per_node = import->nproc_per_node;

  /* A bare command line says nothing about the environment it will run
   * in; a script that exports nothing does. */
  report = planner_analyze_args (import->args,
                                 import->line == 0 && g_hash_table_size (import->env) == 0 ? NULL : import->env,
                                 &resolved, error);
  if (report == NULL)
    return NULL;

  if (resolved.world_size == 0)
    {
      const char *flags[] = { "--nnodes", "--nproc-per-node", NULL };

      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_INFO, "analysis.world-size-unknown", flags,
                               _("Pass --world-size, or launch with torchrun --nnodes N --nproc-per-node G."),
                               _("The number of GPUs is not known, so the layout cannot be checked."));
    }

  for (guint i = 0; i < import->diagnostics->len; i++)
    g_ptr_array_add (report->diagnostics, planner_diagnostic_copy (g_ptr_array_index (import->diagnostics, i)));

  name_fields (report->diagnostics);
  planner_diagnostics_sort (report->diagnostics);
  /* The import's errors change the verdict of the summary line. */
  g_clear_pointer (&report->summary, g_free);
  g_clear_pointer (&report->expert_summary, g_free);
  describe (report);
  return report;
}

static PlannerReport *
analyze_job (PlannerJob *job,
             gboolean    form_words)
{
  g_autoptr(GHashTable) env = NULL;
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *assumed = NULL;
  PlannerAnalyzeOptions options = { 0 };
  PlannerWords words;
  PlannerReport *report;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  args = planner_job_to_args (job);

  /* A size in billions instead of a catalog model: the catalog proposes
   * LLaMA-style dimensions (the same the script writer uses) and says
   * which it assumed. */
  if (*planner_job_get_model_id (job) == '\0' && planner_job_get_double (job, "params-b") > 0)
    {
      g_autoptr(GError) size_error = NULL;
      g_autoptr(PlannerArgs) model_args = planner_args_new ();
      PlannerModel *custom = planner_model_new_from_size (planner_job_get_double (job, "params-b"),
                                                          planner_job_get_uint (job, "seq-length"), 0,
                                                          &size_error);

      if (custom != NULL)
        {
          if (custom->assumed != NULL)
            assumed = g_strjoinv (", ", custom->assumed);
          planner_model_apply_to_args (custom, model_args);
          planner_args_merge_missing (args, model_args);
          if (!planner_args_is_set (args, "vocab_size"))
            options.vocab_size = custom->vocab_size;
          planner_model_free (custom);
        }
    }

  options.world_size = planner_job_get_world_size (job);
  options.gpu_id = planner_job_get_gpu_id (job);
  options.model_id = planner_job_get_model_id (job);
  options.gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  options.megatron_version = planner_job_get_string (job, "megatron-version");
  options.form_words = form_words;
  if (form_words)
    {
      planner_field_words_init (&words, job);
      options.words = &words;
    }

  /* The job's own drafts export what Megatron needs (issue 22 #4): analyze
   * with that environment, so a clean job has no warning about it.  An
   * unknown GPU says nothing about its connections. */
  if (planner_gpu_lookup (options.gpu_id) != NULL)
    env = planner_draft_env (args, planner_gpu_lookup (options.gpu_id), options.megatron_version);

  report = planner_analyze_args (args, env, &options, &error);
  if (report == NULL)
    {
      /* An unknown id in a job is the job's problem, not the caller's:
       * analyze without it and say so. */
      const char *field = error->code == PLANNER_ANALYZE_ERROR_UNKNOWN_GPU ? "gpu-id" : "model-id";
      const char *keys[] = { error->code == PLANNER_ANALYZE_ERROR_UNKNOWN_GPU ? "cluster.gpu_id" : "model.model_id",
                             NULL };
      PlannerDiagnostic *unknown;

      if (error->code == PLANNER_ANALYZE_ERROR_UNKNOWN_GPU)
        options.gpu_id = NULL;
      else
        options.model_id = NULL;
      report = planner_analyze_args (args, NULL, &options, NULL);
      if (report == NULL)
        {
          options.gpu_id = options.model_id = NULL;
          report = planner_analyze_args (args, NULL, &options, NULL);
        }
      unknown = planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_ERROR, "job.unknown-id", NULL,
                                         _("Choose an entry from the catalog."), "%s: %s", field, error->message);
      planner_diagnostic_set_fields (unknown, keys);
      planner_diagnostics_sort (report->diagnostics);
      g_clear_pointer (&report->summary, g_free);
      g_clear_pointer (&report->expert_summary, g_free);
      describe (report);
    }
  /* A config's mapping on a release that lacks one of its flags. */
  {
    guint before = report->diagnostics->len;

    planner_hf_check_job_release (job, report->megatron_version, report->diagnostics);
    if (report->diagnostics->len != before)
      {
        planner_diagnostics_sort (report->diagnostics);
        g_clear_pointer (&report->summary, g_free);
        g_clear_pointer (&report->expert_summary, g_free);
        describe (report);
      }
  }
  if (planner_job_max_position_raised (job))
    {
      const char *flags[] = { "--seq-length", "--max-position-embeddings", NULL };
      const PlannerModel *model = planner_model_lookup (planner_job_get_model_id (job));

      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_INFO, "model.max-position-raised", flags,
                               _("Nothing to do, unless the model's rotary base should change for this length."),
                               /* Translators: %s is the model's name; the numbers are token counts */
                               _("%s has rotary positions, so its maximum of %u positions is only a bound: the draft "
                                 "raises the maximum position embeddings to the sequence length, %u."),
                               model->name, model->max_position_embeddings,
                               planner_job_get_uint (job, "seq-length"));
      planner_diagnostics_sort (report->diagnostics);
    }
  if (assumed != NULL)
    {
      const char *flags[] = { "--num-layers", "--hidden-size", NULL };

      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_INFO, "model.dimensions-assumed", flags,
                               _("Choose a catalog model, or give the dimensions yourself, if these are not yours."),
                               /* Translators: %.1f is a size in billions of parameters; %s lists the assumed dimensions */
                               _("A %.1fB model given by size: LLaMA-style dimensions assumed (%s)."),
                               planner_job_get_double (job, "params-b"), assumed);
      name_fields (report->diagnostics);
      planner_diagnostics_sort (report->diagnostics);
    }
  return report;
}

PlannerReport *
planner_analyze_job (PlannerJob *job)
{
  return analyze_job (job, FALSE);
}

PlannerReport *
planner_analyze_job_for_form (PlannerJob *job)
{
  return analyze_job (job, TRUE);
}

const char *
planner_report_get_megatron_version (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->megatron_version;
}

PlannerReport *
planner_report_ref (PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  g_atomic_ref_count_inc (&report->ref_count);
  return report;
}

void
planner_report_unref (PlannerReport *report)
{
  g_return_if_fail (report != NULL);

  if (g_atomic_ref_count_dec (&report->ref_count))
    {
      if (report->config_valid)
        planner_config_clear (&report->config);
      g_clear_pointer (&report->rank, planner_layout_rank_free);
      g_clear_pointer (&report->args, planner_args_unref);
      g_free (report->summary);
      g_free (report->expert_summary);
      g_free (report->memory_summary);
      g_ptr_array_unref (report->diagnostics);
      g_free (report);
    }
}

guint64
planner_report_get_world_size (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return report->world_size;
}

const PlannerLayout *
planner_report_get_layout (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->layout_valid ? &report->layout : NULL;
}

gboolean
planner_report_get_layout_accepted (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, FALSE);
  return report->layout_accepted;
}

const PlannerConfig *
planner_report_get_config (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->config_valid ? &report->config : NULL;
}

const PlannerGpu *
planner_report_get_gpu (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->gpu;
}

const PlannerArgs *
planner_report_get_args (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->args;
}

double
planner_report_get_flops (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return report->flops;
}

const PlannerMegatronMemory *
planner_report_get_megatron_memory (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->config_valid ? &report->megatron : NULL;
}

const PlannerMemoryEstimate *
planner_report_get_memory_estimate (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->config_valid ? &report->estimate : NULL;
}

const char *
planner_report_get_summary (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->summary;
}

const char *
planner_report_get_expert_summary (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->expert_summary;
}

const char *
planner_report_get_memory_summary (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->memory_summary;
}

GPtrArray *
planner_report_get_diagnostics (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->diagnostics;
}

GArray *
planner_report_dup_nearest_layouts (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);

  if (report->layout_valid)
    return NULL;
  return planner_validate_nearest_layouts (report->args, report->world_size);
}

guint
planner_report_count (const PlannerReport *report,
                      PlannerSeverity      severity)
{
  g_return_val_if_fail (report != NULL, 0);
  return planner_diagnostics_count (report->diagnostics, severity);
}

guint
planner_report_get_gpus_per_node (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, 0);
  return report->gpus_per_node;
}

const PlannerLayoutRank *
planner_report_get_layout_rank (const PlannerReport *report)
{
  PlannerReport *self = (PlannerReport *) report;

  g_return_val_if_fail (report != NULL, NULL);

  /* Once per report: the search is the one costly step of an analysis. */
  if (g_once_init_enter (&self->rank_done))
    {
      if (report->gpu != NULL && report->layout_valid && report->config_valid && report->world_size > 0)
        self->rank = planner_recommend_rank_layout (report->args, report->gpu, report->world_size,
                                                    report->gpus_per_node, report->vocab_size,
                                                    report->megatron_version);
      g_once_init_leave (&self->rank_done, 1);
    }
  return report->rank;
}
