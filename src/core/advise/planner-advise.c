/* planner-advise.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advise"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-advise.h"
#include "planner-advisor.h"
#include "planner-field-check.h"
#include "planner-job-args.h"
#include "planner-optimize.h"
#include "planner-troubleshoot.h"

/* The public entry points: each sets up an advisor and hands it to the
 * plan's dispatch. */

PlannerPlan *
planner_advise_optimize (const PlannerAdviseInput  *input,
                         GError                   **error)
{
  PlannerAdvisor advisor;

  g_return_val_if_fail (input != NULL, NULL);

  if (!planner_advisor_init (&advisor, input, planner_plan_new (PLANNER_PLAN_OPTIMIZE, PLANNER_SYMPTOM_NONE), error))
    return NULL;
  planner_optimize_run (&advisor);
  return planner_advisor_finish (&advisor);
}

PlannerPlan *
planner_advise_troubleshoot (const PlannerAdviseInput  *input,
                             PlannerSymptom             symptom,
                             GError                   **error)
{
  PlannerAdvisor advisor;

  g_return_val_if_fail (input != NULL, NULL);

  if (symptom == PLANNER_SYMPTOM_NONE || (guint) symptom > PLANNER_SYMPTOM_HANG_MID_RUN)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("symptom: give one of oom, low-mfu, slow, diverging, start-up-error, hang, hang-mid-run"));
      return NULL;
    }
  if (!planner_advisor_init (&advisor, input, planner_plan_new (PLANNER_PLAN_TROUBLESHOOT, symptom), error))
    return NULL;
  planner_troubleshoot_run (&advisor, symptom);
  return planner_advisor_finish (&advisor);
}

/* Extra arguments that fail their checks are an error naming the field:
 * the job's arguments would leave them all out, so a plan would be made
 * for another job, and applying it would delete them. */
static gboolean
check_extra_args (PlannerJob  *job,
                  GError     **error)
{
  g_autoptr(GPtrArray) problems = planner_field_check_keys (job, "extra-args");

  if (problems->len == 0)
    {
      g_ptr_array_unref (problems);
      problems = planner_field_check_keys (job, "recommended-args");
    }
  if (problems->len == 0)
    return TRUE;
  g_set_error_literal (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                       ((const PlannerFieldProblem *) g_ptr_array_index (problems, 0))->message);
  return FALSE;
}

PlannerPlan *
planner_advise_job (PlannerJob      *job,
                    PlannerSymptom   symptom,
                    double           mfu,
                    double           iteration_time,
                    double           tflops_per_gpu,
                    GError         **error)
{
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(GHashTable) env = NULL;
  PlannerAdviseInput input;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  if (!check_extra_args (job, error))
    return NULL;
  planner_advise_input_init_from_job (&input, job, &args);
  /* The job's script exports these: no plan proposes them again. */
  env = planner_advise_input_job_env (&input);
  input.env = env;
  input.mfu = mfu;
  input.iteration_time = iteration_time;
  input.tflops_per_gpu = tflops_per_gpu;

  if (symptom == PLANNER_SYMPTOM_NONE)
    return planner_advise_optimize (&input, error);
  return planner_advise_troubleshoot (&input, symptom, error);
}

PlannerJob *
planner_advise_apply_to_job (const PlannerPlan  *plan,
                             PlannerJob         *job,
                             guint               index,
                             GError            **error)
{
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(PlannerArgs) changed = NULL;
  g_autoptr(PlannerJob) copy = NULL;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  if (index != G_MAXUINT && index >= plan->suggestions->len)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("suggestion %u does not exist; the plan has %u"), index + 1, plan->suggestions->len);
      return NULL;
    }

  if (!check_extra_args (job, error))
    return NULL;
  /* The plan was made from these very arguments, so it applies to them. */
  args = planner_job_to_args (job);
  changed = planner_plan_apply (plan, args, NULL, index, error);
  if (changed == NULL)
    return NULL;

  copy = planner_job_copy (job);
  if (!planner_job_update_from_args (copy, changed, error))
    return NULL;
  return g_steal_pointer (&copy);
}
