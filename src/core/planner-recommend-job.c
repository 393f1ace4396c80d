/* planner-recommend-job.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A job as a recommendation request: what the job fixes (model, cluster,
 * sequence, batch, precision) goes in; what recommend chooses (the
 * degrees, micro-batch, recompute, overlaps) is left to the search. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <string.h>

#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-recommend-job.h"

gboolean
planner_recommend_request_from_job (PlannerJob               *job,
                                    PlannerRecommendRequest  *request,
                                    PlannerArgs             **model_args,
                                    GError                  **error)
{
  g_autoptr(PlannerModel) model = NULL;
  const PlannerGpu *gpu;
  const char *precision;
  const char *recipe;

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (model_args != NULL && *model_args == NULL, FALSE);

  /* The job's own checks name the field when it names no model. */
  model = planner_job_dup_model (job, error);
  if (model == NULL)
    return FALSE;

  switch (planner_job_get_model_kind (job))
    {
    case PLANNER_JOB_MODEL_CATALOG:
      request->model_id = g_intern_string (planner_job_get_model_id (job));
      break;
    case PLANNER_JOB_MODEL_SIZE:
      request->params_b = planner_job_get_double (job, "params-b");
      break;
    case PLANNER_JOB_MODEL_CUSTOM:
      /* The dimensions as Megatron arguments, exactly what the job's
       * script writes for them. */
      *model_args = planner_args_new ();
      planner_job_model_to_args (job, *model_args);
      request->model_args = *model_args;
      request->vocab_size = model->vocab_size;
      request->model_name = "the job's custom architecture";
      break;
    case PLANNER_JOB_MODEL_NONE:
    default:
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   "model.model_id: the job names no model; give model.model_id, model.params_b or the "
                   "architecture (model.num_layers and the other model keys)");
      return FALSE;
    }

  request->gpu_id = g_intern_string (planner_job_get_gpu_id (job));
  request->num_gpus = planner_job_get_world_size (job);
  request->gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  request->seq_length = planner_job_get_uint (job, "seq-length");
  request->global_batch_size = planner_job_get_uint (job, "global-batch-size");

  gpu = planner_gpu_lookup (request->gpu_id);
  precision = planner_job_get_string (job, "precision");
  recipe = planner_job_get_string (job, "fp8-recipe");
  if (g_strcmp0 (precision, "fp8") == 0)
    {
      request->precision = PLANNER_TRAIN_PRECISION_FP8;
      /* The job's recipe, or the one its script writes when it names none. */
      request->fp8_recipe = g_intern_string (recipe != NULL && *recipe != '\0' ? recipe
                                                                                : planner_job_auto_fp8_recipe (request->gpu_id));
    }
  else if (g_strcmp0 (precision, "bf16") == 0)
    request->precision = PLANNER_TRAIN_PRECISION_BF16;
  else if (g_strcmp0 (precision, "fp16") == 0 && gpu != NULL && !gpu->supports_bf16)
    request->precision = PLANNER_TRAIN_PRECISION_DEFAULT;   /* FP16 is what recommend plans there */
  else
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   "training.precision: recommend plans bf16 or fp8 training (fp16 only on GPUs without BF16), "
                   "not %s; set training.precision to bf16 or fp8",
                   precision != NULL ? precision : "none");
      return FALSE;
    }
  return TRUE;
}

void
planner_recommend_name_job_fields (GError            *error,
                                   const char *const *given)
{
  static const struct
  {
    const char *option;
    const char *key;
  } fields[] = {
    { "--gpus-per-node", "cluster.gpus_per_node" },
    { "--gpus", "cluster.nodes × cluster.gpus_per_node" },
    { "--gpu", "cluster.gpu_id" },
    { "--model", "model.model_id" },
    { "--params-b", "model.params_b" },
    { "--seq-length", "training.seq_length" },
    { "--global-batch-size", "training.global_batch_size" },
    { "--precision", "training.precision" },
    { "--fp8-recipe", "training.fp8_recipe" },
  };

  if (error == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *prefix = g_strconcat (fields[i].option, ": ", NULL);
      char *message;

      if (!g_str_has_prefix (error->message, prefix))
        continue;
      if (given != NULL && g_strv_contains (given, fields[i].option))
        return;
      message = g_strconcat (fields[i].key, ": ", error->message + strlen (prefix), NULL);
      g_free (error->message);
      error->message = message;
      return;
    }
}
