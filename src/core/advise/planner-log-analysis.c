/* planner-log-analysis.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-log-analysis.h"
#include "planner-advise-input.h"
#include "planner-log-args.h"

void
planner_log_analysis_free (PlannerLogAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  g_clear_pointer (&analysis->record, planner_log_record_unref);
  g_clear_object (&analysis->job);
  g_clear_pointer (&analysis->assumptions, g_ptr_array_unref);
  g_clear_pointer (&analysis->report, planner_report_unref);
  g_clear_pointer (&analysis->diagnosis, planner_log_diagnosis_free);
  g_free (analysis);
}

/* Where the job given and the log's own arguments disagree on the
 * layout, the job wins; say so. */
static void
compare_with_log (PlannerLogAnalysis *analysis)
{
  const PlannerLogRecord *record = analysis->record;
  const PlannerLayout *layout = planner_report_get_layout (analysis->report);
  guint64 world = planner_log_record_get_world_size (record);

  if (world > 0 && world != planner_job_get_world_size (analysis->job))
    g_ptr_array_add (analysis->assumptions,
                     g_strdup_printf (_("The log's run had %" PRIu64 " GPUs and the job has %u: ranks are "
                                        "placed as the job places them."), world,
                                      planner_job_get_world_size (analysis->job)));
  if (layout != NULL && record->tp > 0 && (record->tp != layout->tp || record->pp != layout->pp))
    g_ptr_array_add (analysis->assumptions,
                     g_strdup_printf (_("The log's run had TP %u × PP %u and the job has TP %u × PP %u: the figures "
                                        "are the job's."), record->tp, record->pp, layout->tp, layout->pp));
}

PlannerLogAnalysis *
planner_log_analysis_new (PlannerLogRecord  *record,
                          PlannerJob        *job,
                          const char        *gpu_id,
                          guint              gpus_per_node,
                          GError           **error)
{
  g_autoptr(PlannerLogAnalysis) analysis = NULL;
  g_autoptr(PlannerArgs) args = NULL;
  PlannerAdviseInput input;
  PlannerAnalyzeOptions options = { 0 };

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (job == NULL || PLANNER_IS_JOB (job), NULL);

  analysis = g_new0 (PlannerLogAnalysis, 1);
  analysis->record = planner_log_record_ref (record);
  analysis->assumptions = g_ptr_array_new_with_free_func (g_free);
  if (job != NULL)
    analysis->job = g_object_ref (job);
  else
    {
      analysis->job = planner_log_record_to_job (record, gpu_id, gpus_per_node, analysis->assumptions, error);
      if (analysis->job == NULL)
        return NULL;
      analysis->job_from_log = TRUE;
    }

  /* The job's own vocabulary when it names a catalog model; otherwise the
   * one the run printed (it came from the tokenizer). */
  planner_advise_input_init_from_job (&input, analysis->job, &args);
  if (input.model_id == NULL)
    analysis->vocab_size = planner_log_record_get_vocab_size (record);
  options.world_size = input.world_size;
  options.vocab_size = analysis->vocab_size;
  options.gpu_id = input.gpu_id;
  options.model_id = input.model_id;
  analysis->report = planner_analyze_args (args, NULL, &options, error);
  if (analysis->report == NULL)
    return NULL;
  if (job != NULL)
    compare_with_log (analysis);

  analysis->diagnosis = planner_log_diagnose (record, analysis->report, input.gpus_per_node);

  /* An MFU against an assumed GPU's peak is only as good as the guess. */
  if (analysis->job_from_log && gpu_id == NULL)
    for (guint i = 0; i < analysis->diagnosis->findings->len; i++)
      {
        PlannerLogFinding *finding = g_ptr_array_index (analysis->diagnosis->findings, i);

        if (finding->symptom == PLANNER_SYMPTOM_LOW_MFU)
          g_ptr_array_add (finding->details, g_strdup (_("The GPU was assumed, not read from the log: against "
                                                         "another GPU's peak the MFU differs (give --gpu).")));
      }
  return g_steal_pointer (&analysis);
}
