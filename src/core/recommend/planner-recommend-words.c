/* planner-recommend-words.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A request's errors name the setting they are about as the person who
 * asked knows it (issue 19): the option on the command line, the job's
 * key when the value came from a job, the form's label in the window.
 * The name is chosen here, when the error is made. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include "planner-recommend-private.h"

/* The job keys an option's value comes from (one, or two multiplied). */
static const struct
{
  const char *option;
  const char *keys[2];
} job_keys[] = {
  { "--gpus-per-node", { "cluster.gpus_per_node", NULL } },
  { "--gpus", { "cluster.nodes", "cluster.gpus_per_node" } },
  { "--gpu", { "cluster.gpu_id", NULL } },
  { "--model", { "model.model_id", NULL } },
  { "--params-b", { "model.params_b", NULL } },
  { "--seq-length", { "training.seq_length", NULL } },
  { "--global-batch-size", { "training.global_batch_size", NULL } },
  { "--precision", { "training.precision", NULL } },
  { "--fp8-recipe", { "training.fp8_recipe", NULL } },
};

char *
planner_recommend_option_name (const PlannerRecommendRequest *req,
                               const char                    *option)
{
  PlannerWordsKind kind = planner_words_get_kind (req->words);

  if (kind == PLANNER_WORDS_FLAGS ||
      (kind == PLANNER_WORDS_JOB && req->options_given != NULL && g_strv_contains (req->options_given, option)))
    return g_strdup (option);
  for (guint i = 0; i < G_N_ELEMENTS (job_keys); i++)
    {
      if (!g_str_equal (job_keys[i].option, option))
        continue;
      if (job_keys[i].keys[1] == NULL)
        return g_strdup (planner_words_name (req->words, job_keys[i].keys[0]));
      return g_strdup_printf ("%s × %s", planner_words_name (req->words, job_keys[i].keys[0]),
                              planner_words_name (req->words, job_keys[i].keys[1]));
    }
  return g_strdup (option);
}
