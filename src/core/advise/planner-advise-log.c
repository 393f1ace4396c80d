/* planner-advise-log.c
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
#include <string.h>

#include "planner-advise-log.h"
#include "planner-advise.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Which kinds of proof motivate a suggestion: the lines of those topics
 * are what it cites. */
static const char *const *
topics_for (const PlannerSuggestion *suggestion,
            PlannerSymptom           symptom)
{
  static const char *const oom[] = { "oom", "memory", NULL };
  static const char *const hang[] = { "nccl-timeout", NULL };
  static const char *const throughput[] = { "throughput", NULL };
  static const char *const startup[] = { "start-up-error", NULL };
  static const char *const precision[] = { "skipped", "nan", NULL };
  static const char *const sensitive[] = { "nan", "loss-spike", "grad-norm", NULL };
  static const char *const clipping[] = { "grad-norm", "loss-spike", NULL };
  static const char *const dropout[] = { "loss-spike", NULL };
  static const char *const diverging[] = { "nan", "skipped", "loss-spike", "grad-norm", NULL };
  const char *id = suggestion->id;

  switch (symptom)
    {
    case PLANNER_SYMPTOM_OOM:
      return oom;
    case PLANNER_SYMPTOM_HANG:
    case PLANNER_SYMPTOM_HANG_MID_RUN:
      return hang;
    case PLANNER_SYMPTOM_STARTUP_ERROR:
      return startup;
    case PLANNER_SYMPTOM_DIVERGING:
      if (g_str_equal (id, "bf16"))
        return precision;
      if (g_str_equal (id, "first-last-layers-bf16") || g_str_equal (id, "lower-lr") ||
          g_str_equal (id, "longer-warmup") || g_str_equal (id, "smaller-init-std"))
        return sensitive;
      if (g_str_equal (id, "clip-grad"))
        return clipping;
      if (g_str_equal (id, "zero-dropout"))
        return dropout;
      return diverging;
    case PLANNER_SYMPTOM_NONE:
    case PLANNER_SYMPTOM_LOW_MFU:
    case PLANNER_SYMPTOM_SLOW:
    default:
      return throughput;
    }
}

/* A start-up fix names the validator code it answers ("code: message" in
 * its cause or reason): it cites the exception Megatron raised for it. */
static char *
startup_topic (const PlannerSuggestion *suggestion)
{
  const char *texts[] = { suggestion->cause, suggestion->reason };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      const char *colon;

      if (texts[i] == NULL || (colon = strstr (texts[i], ": ")) == NULL)
        continue;
      if (memchr (texts[i], ' ', (gsize) (colon - texts[i])) == NULL && memchr (texts[i], '.', (gsize) (colon - texts[i])) != NULL)
        return g_strdup_printf ("start-up:%.*s", (int) (colon - texts[i]), texts[i]);
    }
  return NULL;
}

static void
add_citation (PlannerSuggestion    *suggestion,
              const char           *topic,
              const PlannerLogLine *line)
{
  for (guint i = 0; i < suggestion->citations->len; i++)
    {
      const PlannerCitation *c = g_ptr_array_index (suggestion->citations, i);

      if (c->line == line->number)
        return;
    }
  g_ptr_array_add (suggestion->citations, planner_citation_new (line->number, line->rank, topic, line->text));
}

static void
cite_suggestion (PlannerSuggestion         *suggestion,
                 PlannerSymptom             symptom,
                 const PlannerLogDiagnosis *diagnosis)
{
  const char *const *topics = topics_for (suggestion, symptom);
  g_autofree char *code = symptom == PLANNER_SYMPTOM_STARTUP_ERROR ? startup_topic (suggestion) : NULL;
  const PlannerLogFinding *first = NULL;

  for (guint f = 0; symptom != PLANNER_SYMPTOM_NONE && f < diagnosis->findings->len; f++)
    {
      const PlannerLogFinding *finding = g_ptr_array_index (diagnosis->findings, f);

      if (finding->symptom != symptom)
        continue;
      if (first == NULL)
        first = finding;
      for (guint i = 0; i < finding->citations->len; i++)
        {
          const PlannerLogCitation *c = g_ptr_array_index (finding->citations, i);

          if ((code != NULL && g_str_equal (c->topic, code)) || (code == NULL && g_strv_contains (topics, c->topic)))
            add_citation (suggestion, c->topic, c->line);
        }
    }
  /* Every plan from a log answers its finding: at least its main line. */
  if (suggestion->citations->len == 0 && first != NULL && first->citations->len > 0)
    {
      const PlannerLogCitation *c = g_ptr_array_index (first->citations, 0);

      add_citation (suggestion, c->topic, c->line);
    }
  if (suggestion->citations->len == 0 && diagnosis->mfu_line != NULL && g_strv_contains (topics, "throughput"))
    add_citation (suggestion, "throughput", diagnosis->mfu_line);
}

static void
add_evidence (PlannerPlan              *plan,
              const PlannerLogAnalysis *analysis,
              const PlannerLogFinding  *finding,
              PlannerSymptom            symptom)
{
  const PlannerLogDiagnosis *diagnosis = analysis->diagnosis;
  const PlannerLogRecord *record = analysis->record;

  for (guint f = 0; symptom != PLANNER_SYMPTOM_NONE && f < diagnosis->findings->len; f++)
    {
      const PlannerLogFinding *found = g_ptr_array_index (diagnosis->findings, f);

      if (found->symptom != symptom)
        continue;
      planner_plan_add_evidence (plan, PLANNER_EVIDENCE_FINDING, g_strdup_printf ("%s.", found->title));
      for (guint i = 0; i < found->details->len; i++)
        planner_plan_add_evidence (plan, PLANNER_EVIDENCE_DETAIL, g_strdup (g_ptr_array_index (found->details, i)));
    }
  if (finding == NULL && symptom != PLANNER_SYMPTOM_NONE)
    planner_plan_add_evidence (plan, PLANNER_EVIDENCE_NO_SIGN, g_strdup_printf (/* Translators: %s is a symptom's id (oom, low-mfu, slow, diverging, start-up-error, hang, hang-mid-run) */
                                                      _("The log shows no sign of %s: this is the general plan for it."),
                                                      planner_symptom_to_string (symptom)));

  if (diagnosis->has_mfu &&
      (symptom == PLANNER_SYMPTOM_NONE || symptom == PLANNER_SYMPTOM_LOW_MFU || symptom == PLANNER_SYMPTOM_SLOW))
    {
      if (g_str_equal (diagnosis->mfu_from, "throughput"))
        planner_plan_add_evidence (plan, PLANNER_EVIDENCE_MFU,
                         g_strdup_printf (_("Measured in the log: %.1f%% MFU, from the median logged throughput of "
                                            "%.1f TFLOP/s/GPU over %" PRIu64 " iterations (line %"
                                            PRIu64 ")."), diagnosis->mfu.mfu * 100,
                                          diagnosis->mfu_logged_value, record->n_tflops,
                                          diagnosis->mfu_line != NULL ? diagnosis->mfu_line->number : 0));
      else
        planner_plan_add_evidence (plan, PLANNER_EVIDENCE_MFU,
                         g_strdup_printf (_("Measured in the log: %.1f%% MFU, from the median logged elapsed time of "
                                            "%.1f ms per iteration (line %" PRIu64 ")."),
                                          diagnosis->mfu.mfu * 100, diagnosis->mfu_logged_value,
                                          diagnosis->mfu_line != NULL ? diagnosis->mfu_line->number : 0));
    }

  if (symptom == PLANNER_SYMPTOM_NONE || symptom == PLANNER_SYMPTOM_OOM)
    {
      for (guint i = 0; i < diagnosis->memory->len; i++)
        {
          const PlannerLogMemoryCheck *check = g_ptr_array_index (diagnosis->memory, i);

          planner_plan_add_evidence (plan, PLANNER_EVIDENCE_MEMORY, g_strdup (check->sentence));
        }
      if (diagnosis->has_theoretical && diagnosis->theoretical_planner_bytes > 0)
        planner_plan_add_evidence (plan, PLANNER_EVIDENCE_THEORETICAL,
                         g_strdup_printf (_("Megatron's own theoretical memory in the log: %.1f GiB; the planner's "
                                            "reproduction of it for this job: %.1f GiB."),
                                          diagnosis->theoretical_logged_bytes / GIB,
                                          diagnosis->theoretical_planner_bytes / GIB));
    }
  for (guint i = 0; i < analysis->assumptions->len; i++)
    planner_plan_add_evidence (plan, PLANNER_EVIDENCE_ASSUMPTION, g_strdup (g_ptr_array_index (analysis->assumptions, i)));
  for (guint i = 0; i < diagnosis->notes->len; i++)
    planner_plan_add_evidence (plan, PLANNER_EVIDENCE_NOTE, g_strdup (g_ptr_array_index (diagnosis->notes, i)));
}

PlannerPlan *
planner_advise_log (const PlannerLogAnalysis  *analysis,
                    PlannerSymptom             symptom,
                    GError                   **error)
{
  const PlannerLogDiagnosis *diagnosis;
  const PlannerLogFinding *finding;
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(GHashTable) env = NULL;
  const PlannerLogEvent *oom;
  PlannerAdviseInput input;
  PlannerPlan *plan;

  g_return_val_if_fail (analysis != NULL, NULL);

  diagnosis = analysis->diagnosis;
  finding = symptom != PLANNER_SYMPTOM_NONE ? planner_log_diagnosis_find (diagnosis, symptom) : NULL;

  planner_advise_input_init_from_job (&input, analysis->job, &args);
  input.vocab_size = analysis->vocab_size;
  /* What the job's script exports is no fix to propose (issue 23 #11). */
  env = planner_advise_input_job_env (&input);
  input.env = env;
  oom = symptom == PLANNER_SYMPTOM_OOM ? planner_log_record_first_event (analysis->record, PLANNER_LOG_EVENT_OOM) : NULL;
  input.before_first_step = oom != NULL && oom->phase < PLANNER_LOG_PHASE_TRAINING;
  /* The measured MFU goes through the same function optimize uses. */
  if (diagnosis->has_mfu &&
      (symptom == PLANNER_SYMPTOM_NONE || symptom == PLANNER_SYMPTOM_LOW_MFU || symptom == PLANNER_SYMPTOM_SLOW))
    {
      if (g_str_equal (diagnosis->mfu_from, "throughput"))
        input.tflops_per_gpu = diagnosis->mfu_logged_value;
      else
        input.iteration_time = diagnosis->mfu_logged_value / 1000.0;
    }

  plan = symptom == PLANNER_SYMPTOM_NONE ? planner_advise_optimize (&input, error)
                                         : planner_advise_troubleshoot (&input, symptom, error);
  if (plan == NULL)
    return NULL;

  add_evidence (plan, analysis, finding, symptom);
  for (guint i = 0; i < plan->suggestions->len; i++)
    cite_suggestion (g_ptr_array_index (plan->suggestions, i), symptom, diagnosis);
  /* A plan from a log always says what the log showed. */
  if (plan->evidence->len == 0)
    planner_plan_add_evidence (plan, PLANNER_EVIDENCE_NOTE,
                               g_strdup (_("The log shows no failure and no throughput to measure.")));
  return plan;
}

GPtrArray *
planner_advise_log_all (const PlannerLogAnalysis  *analysis,
                        GError                   **error)
{
  g_autoptr(GPtrArray) plans = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_plan_free);
  const PlannerLogDiagnosis *diagnosis;

  g_return_val_if_fail (analysis != NULL, NULL);

  diagnosis = analysis->diagnosis;
  for (guint i = 0; i < diagnosis->findings->len; i++)
    {
      const PlannerLogFinding *finding = g_ptr_array_index (diagnosis->findings, i);
      PlannerPlan *plan;
      gboolean seen = FALSE;

      /* Several start-up errors are one plan: the validator lists them all. */
      for (guint p = 0; p < plans->len; p++)
        seen |= ((PlannerPlan *) g_ptr_array_index (plans, p))->symptom == finding->symptom;
      if (seen)
        continue;
      plan = planner_advise_log (analysis, finding->symptom, error);
      if (plan == NULL)
        return NULL;
      g_ptr_array_add (plans, plan);
    }
  return g_steal_pointer (&plans);
}
