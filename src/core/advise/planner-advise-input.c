/* planner-advise-input.c
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

#include "planner-advise-input.h"

#include "planner-catalog.h"
#include "planner-draft-env.h"
#include "planner-release.h"
#include "planner-job-args.h"
#include "planner-layout.h"

G_DEFINE_QUARK (planner-advise-error-quark, planner_advise_error)

gboolean
planner_advise_input_check (const PlannerAdviseInput  *input,
                            GError                   **error)
{
  guint given;

  g_return_val_if_fail (input != NULL, FALSE);

  if (input->args == NULL)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID, _("no Megatron arguments given"));
      return FALSE;
    }
  if (input->world_size == 0 || input->world_size > PLANNER_MAX_WORLD_SIZE)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("world size %" PRIu64 " is not a GPU count; give 1 to %u"),
                   input->world_size, PLANNER_MAX_WORLD_SIZE);
      return FALSE;
    }
  if (!isfinite (input->mfu) || !isfinite (input->iteration_time) || !isfinite (input->tflops_per_gpu) ||
      input->mfu < 0 || input->iteration_time < 0 || input->tflops_per_gpu < 0)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("measured figures must be positive numbers (mfu, iteration time, TFLOP/s)"));
      return FALSE;
    }
  given = (input->mfu != 0) + (input->iteration_time != 0) + (input->tflops_per_gpu != 0);
  if (given > 1)
    {
      g_set_error (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                   _("give one of the measured MFU, the iteration time or the logged TFLOP/s, not several"));
      return FALSE;
    }
  return TRUE;
}

void
planner_advise_input_init_from_job (PlannerAdviseInput  *input,
                                    PlannerJob          *job,
                                    PlannerArgs        **args)
{
  g_return_if_fail (input != NULL);
  g_return_if_fail (PLANNER_IS_JOB (job));
  g_return_if_fail (args != NULL && *args == NULL);

  memset (input, 0, sizeof *input);
  *args = planner_job_to_args (job);
  input->args = *args;
  input->world_size = planner_job_get_world_size (job);
  input->gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  input->gpu_id = planner_job_get_gpu_id (job);
  input->model_id = planner_job_get_model_id (job);
  input->megatron_version = planner_release_resolve (planner_job_get_string (job, "megatron-version"), NULL);
  if (input->gpu_id != NULL && *input->gpu_id == '\0')
    input->gpu_id = NULL;
  if (input->model_id != NULL && *input->model_id == '\0')
    input->model_id = NULL;
}

GHashTable *
planner_advise_input_job_env (const PlannerAdviseInput *input)
{
  const PlannerGpu *gpu;
  GHashTable *draft, *env;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (input != NULL, NULL);

  gpu = input->gpu_id != NULL ? planner_gpu_lookup (input->gpu_id) : NULL;
  if (gpu == NULL || input->args == NULL)
    return NULL;
  /* The draft's table holds static strings; the advisor copies what it reads. */
  draft = planner_draft_env (input->args, gpu, input->megatron_version);
  env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_iter_init (&iter, draft);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (env, g_strdup (key), g_strdup (value));
  g_hash_table_unref (draft);
  return env;
}
