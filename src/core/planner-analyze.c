/* planner-analyze.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-analyze"

#include "config.h"

#include "planner-analyze.h"

struct _PlannerReport
{
  gatomicrefcount  ref_count;
  gboolean         layout_valid;
  PlannerLayout    layout;
  char            *summary;
  char            *expert_summary;
  GPtrArray       *diagnostics;
};

G_DEFINE_BOXED_TYPE (PlannerReport, planner_report, planner_report_ref, planner_report_unref)

static void
analyze_layout (PlannerReport *report,
                PlannerJob    *job)
{
  g_autoptr(GError) error = NULL;
  guint world = planner_job_get_world_size (job);
  guint tp = planner_job_get_uint (job, "tp");
  guint pp = planner_job_get_uint (job, "pp");
  guint cp = planner_job_get_uint (job, "cp");
  guint ep = planner_job_get_uint (job, "ep");
  guint etp = planner_job_get_uint (job, "etp");
  guint vpp = planner_job_get_uint (job, "vpp");
  gboolean mapping;
  g_autofree char *dense = NULL;

  g_object_get (job, "use-tp-pp-dp-mapping", &mapping, NULL);

  report->layout_valid = planner_layout_init (&report->layout, world, tp, pp, cp, ep, etp, vpp,
                                              mapping ? PLANNER_RANK_ORDER_TP_CP_EP_PP_DP
                                                      : PLANNER_RANK_ORDER_TP_CP_EP_DP_PP,
                                              &error);
  if (!report->layout_valid)
    {
      const char *flags[] = { "--tensor-model-parallel-size", "--pipeline-model-parallel-size",
                              "--context-parallel-size", NULL };

      /* The product of the requested degrees, so the user sees what is off. */
      report->summary = g_strdup_printf ("TP %u × CP %u × PP %u does not fit %u GPUs ✗",
                                         tp, cp, pp, world);
      planner_diagnostics_add (report->diagnostics, PLANNER_SEVERITY_ERROR,
                               "layout.invalid", flags, NULL, "%s", error->message);
      return;
    }

  dense = planner_layout_describe (&report->layout);
  report->summary = g_strdup_printf ("%s ✓", dense);
  if (report->layout.ep > 1 || report->layout.etp != report->layout.tp)
    report->expert_summary = planner_layout_describe_expert (&report->layout);
}

PlannerReport *
planner_analyze_job (PlannerJob *job)
{
  PlannerReport *report;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  report = g_new0 (PlannerReport, 1);
  g_atomic_ref_count_init (&report->ref_count);
  report->diagnostics = planner_diagnostics_new ();

  analyze_layout (report, job);

  planner_diagnostics_sort (report->diagnostics);
  return report;
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
      g_free (report->summary);
      g_free (report->expert_summary);
      g_ptr_array_unref (report->diagnostics);
      g_free (report);
    }
}

const PlannerLayout *
planner_report_get_layout (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->layout_valid ? &report->layout : NULL;
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

GPtrArray *
planner_report_get_diagnostics (const PlannerReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return report->diagnostics;
}

guint
planner_report_count (const PlannerReport *report,
                      PlannerSeverity      severity)
{
  g_return_val_if_fail (report != NULL, 0);
  return planner_diagnostics_count (report->diagnostics, severity);
}
