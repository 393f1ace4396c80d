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

#include <glib/gi18n-lib.h>

#include <string.h>

#include "planner-args.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-recommend-job.h"
#include "planner-release.h"
#include "planner-recommend-private.h"
#include "planner-shell.h"

gboolean
planner_recommend_request_from_job (PlannerJob               *job,
                                    PlannerRecommendRequest  *request,
                                    PlannerArgs             **model_args,
                                    GError                  **error)
{
  return planner_recommend_request_from_job_in (job, NULL, request, model_args, error);
}

gboolean
planner_recommend_request_from_job_in (PlannerJob               *job,
                                       const PlannerWords       *words,
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

  request->words = words != NULL ? words : planner_words_job ();
  /* The job's own checks name the field when it names no model. */
  model = planner_job_dup_model_in (job, request->words, error);
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
      request->model_name = _("the job's custom architecture");
      break;
    case PLANNER_JOB_MODEL_NONE:
    default:
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   /* Translators: the %s are settings: Model, Model, Size in Billions, Layers */
                   _("%s: the job names no model; give %s, %s or the architecture (%s and the other model keys)"),
                   planner_words_name (request->words, "model.model_id"),
                   planner_words_name (request->words, "model.model_id"),
                   planner_words_name (request->words, "model.params_b"),
                   planner_words_name (request->words, "model.num_layers"));
      return FALSE;
    }

  request->gpu_id = g_intern_string (planner_job_get_gpu_id (job));
  request->num_gpus = planner_job_get_world_size (job);
  request->gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  request->seq_length = planner_job_get_uint (job, "seq-length");
  /* A batch nobody gave is recommend's to assume, as the command line's
   * is without --global-batch-size (issue 23 #7). */
  request->global_batch_size = planner_job_is_given (job, "global-batch-size")
                               ? planner_job_get_uint (job, "global-batch-size") : 0;
  request->megatron_version = planner_release_resolve (planner_job_get_string (job, "megatron-version"), NULL);

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
                   /* Translators: the first and the last %s are the setting (Precision) */
                   _("%s: recommend plans bf16 or fp8 training (fp16 only on GPUs without BF16), not %s; set %s "
                     "to bf16 or fp8"),
                   planner_words_name (request->words, "training.precision"),
                   precision != NULL ? precision : "none",
                   planner_words_name (request->words, "training.precision"));
      return FALSE;
    }
  return TRUE;
}

/* The split flags an older job kept in its extra arguments: the split
 * the search chose replaces them (issue 22 #1), so they go.  Extra
 * arguments that do not read are left for the checks to explain. */
static void
drop_extra_split (PlannerJob *job)
{
  static const char *const split_dests[] = {
    "account_for_embedding_in_pipeline_split", "account_for_loss_in_pipeline_split",
    "decoder_first_pipeline_num_layers", "decoder_last_pipeline_num_layers", "pipeline_model_parallel_layout",
  };
  g_autoptr(PlannerArgs) extra = planner_job_parse_extra_args (job, NULL);
  g_autoptr(GPtrArray) words = NULL;
  g_autofree char *text = NULL;
  gboolean found = FALSE;

  for (guint i = 0; extra != NULL && i < G_N_ELEMENTS (split_dests); i++)
    found = found || planner_args_is_set (extra, split_dests[i]);
  if (!found)
    return;
  words = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < planner_args_get_n_entries (extra); i++)
    {
      const char *dest = planner_args_get_dest_at (extra, i);
      gboolean split = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (split_dests); k++)
        split = split || g_str_equal (dest, split_dests[k]);
      if (!split)
        planner_args_append_words (extra, dest, words);
    }
  g_ptr_array_add (words, NULL);
  text = planner_shell_join ((const char *const *) words->pdata);
  g_object_set (job, "extra-args", text, NULL);
}

PlannerJob *
planner_recommendation_to_job (const PlannerRecommendation     *r,
                               const PlannerRecommendCandidate *c,
                               PlannerJob                      *job)
{
  PlannerJob *copy;
  const PlannerLayout *l;
  g_autoptr(GString) args = NULL;
  gboolean moe;

  g_return_val_if_fail (r != NULL, NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  if (c == NULL)
    c = &r->best;
  l = &c->layout;
  moe = r->num_experts > 0;
  copy = planner_job_copy (job);
  g_object_freeze_notify (G_OBJECT (copy));
  g_object_set (copy,
                "tp", (guint) l->tp,
                "pp", (guint) l->pp,
                "cp", (guint) l->cp,
                "ep", (guint) l->ep,
                "etp", moe ? (guint) l->etp : 0u,
                "vpp", (guint) l->vpp,
                "micro-batch-size", (guint) c->micro_batch_size,
                "recompute", c->recompute == PLANNER_RECOMPUTE_FULL ? "full"
                             : c->recompute == PLANNER_RECOMPUTE_SELECTIVE ? "selective" : "none",
                "distributed-optimizer", c->distributed_optimizer,
                "sequence-parallel", c->sequence_parallel,
                "overlap-grad-reduce", c->grad_reduce_overlap,
                "overlap-param-gather", c->param_gather_overlap,
                "tp-comm-overlap", c->tp_comm_overlap,
                NULL);
  /* The batch the search settled on is the person's only if theirs was. */
  if (planner_job_is_given (job, "global-batch-size"))
    g_object_set (copy, "global-batch-size", (guint) MIN (c->global_batch_size, G_MAXUINT32), NULL);
  else
    planner_job_set_assumed_uint (copy, "global-batch-size", (guint) MIN (c->global_batch_size, G_MAXUINT32));
  if (c->fsdp)
    g_object_set (copy, "fsdp", "megatron", NULL);
  else if (g_strcmp0 (planner_job_get_string (copy, "fsdp"), "megatron") == 0)
    g_object_set (copy, "fsdp", "none", NULL);
  if (c->fp8)
    g_object_set (copy, "fp8-param-gather", c->fp8_param_gather, NULL);
  if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    {
      const char *names[8] = { NULL };
      g_autofree char *modules = NULL;

      planner_recommend_module_names (c->recompute_modules, names);
      modules = g_strjoinv (" ", (char **) names);
      g_object_set (copy, "recompute-modules", modules, NULL);
    }
  else if (c->recompute == PLANNER_RECOMPUTE_FULL)
    g_object_set (copy,
                  "recompute-method", c->recompute_block > 0 ? "block" : "uniform",
                  "recompute-num-layers", c->recompute_block > 0 ? (guint) c->recompute_block : 1u,
                  NULL);
  if (moe)
    g_object_set (copy,
                  "overlap-moe-comm", c->moe_ep_overlap,
                  "moe-token-dispatcher-type", c->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP ? "flex" : "alltoall",
                  NULL);

  /* The layer split the search chose is the job's Pipeline Split (issue 22
   * #1); the other splits' fields are cleared, so the job is the candidate. */
  drop_extra_split (copy);
  g_object_set (copy, "first-stage-layers", 0u, "last-stage-layers", 0u, "pipeline-layout", "", NULL);
  switch (c->split)
    {
    case PLANNER_SPLIT_ACCOUNT_BOTH:
      g_object_set (copy, "pipeline-split", "embedding-loss", NULL);
      break;
    case PLANNER_SPLIT_ACCOUNT_EMBEDDING:
      g_object_set (copy, "pipeline-split", "embedding", NULL);
      break;
    case PLANNER_SPLIT_ACCOUNT_LOSS:
      g_object_set (copy, "pipeline-split", "loss", NULL);
      break;
    case PLANNER_SPLIT_UNEVEN:
      g_object_set (copy, "pipeline-split", "first-last", "first-stage-layers", (guint) c->first_stage_layers,
                    "last-stage-layers", (guint) c->last_stage_layers, NULL);
      break;
    case PLANNER_SPLIT_LAYOUT:
      {
        /* The layout sets the virtual stages itself; the job's agree. */
        g_autofree char *layout = planner_recommend_layout_string (r, c);

        g_object_set (copy, "pipeline-split", "layout", "pipeline-layout", layout, NULL);
      }
      break;
    case PLANNER_SPLIT_EVEN:
    default:
      g_object_set (copy, "pipeline-split", "even", NULL);
      break;
    }

  /* Whatever else the search evaluated and no field writes (the flex
   * backend, the shared-expert overlap, --delay-wgrad-compute, gradients
   * reduced in BF16, …) is the recommendation's own arguments, so the job
   * is the candidate the search costed.  They replace what an earlier
   * recommendation added; the person's extra arguments stay theirs, and a
   * flag they give is not added again (issue 23 #6). */
  g_object_set (copy, "recommended-args", "", NULL);
  args = g_string_new (NULL);
  {
    g_autoptr(PlannerArgs) wanted = planner_recommendation_candidate_args (r, c);
    g_autoptr(PlannerArgs) have = planner_job_to_args (copy);
    g_autoptr(PlannerArgs) model_args = planner_args_new ();

    /* The model's own flags come from the job's model (the analysis adds
     * a catalogue model's), the tokenizer from its data fields.  They only
     * fill in: the model's writer leaves the sequence length to the job,
     * and applied over the job's arguments it would drop the job's
     * --seq-length, which then went into the extra arguments again. */
    planner_job_model_to_args (copy, model_args);
    planner_args_merge_missing (have, model_args);
    for (guint i = 0; i < planner_args_get_n_entries (wanted); i++)
      {
        const char *dest = planner_args_get_dest_at (wanted, i);
        g_autoptr(GPtrArray) words = NULL;

        if (planner_args_is_set (have, dest) || g_str_equal (dest, "tokenizer_type"))
          continue;
        words = g_ptr_array_new_with_free_func (g_free);
        planner_args_append_words (wanted, dest, words);
        for (guint w = 0; w < words->len; w++)
          {
            const char *word = g_ptr_array_index (words, w);
            g_autofree char *quoted = NULL;

            if (args->len > 0)
              g_string_append_c (args, ' ');
            /* Words are read back by the importer's shell reader. */
            if (strpbrk (word, " \t'\"\\$`|&;<>()*?[]{}~#!") != NULL)
              {
                quoted = g_shell_quote (word);
                g_string_append (args, quoted);
              }
            else
              g_string_append (args, word);
          }
      }
    g_object_set (copy, "recommended-args", args->str, NULL);
  }
  g_object_thaw_notify (G_OBJECT (copy));
  return copy;
}
