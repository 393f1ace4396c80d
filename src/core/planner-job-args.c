/* planner-job-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job-args"

#include "config.h"

#include "planner-job-args.h"

static void
set_uint (PlannerArgs *args,
          const char  *dest,
          const char  *flag,
          guint        value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  planner_args_set (args, dest, flag, text);
}

/* Paths are passed on untouched, even when wrong: the validator and the
 * script writer say what is wrong with them; nothing here invents one. */
static void
set_path (PlannerArgs *args,
          const char  *dest,
          const char  *flag,
          const char  *value)
{
  if (value != NULL && *value != '\0')
    planner_args_set (args, dest, flag, value);
}

PlannerArgs *
planner_job_to_args (PlannerJob *job)
{
  PlannerArgs *args = planner_args_new ();
  const char *precision = planner_job_get_string (job, "precision");
  const char *recompute = planner_job_get_string (job, "recompute");
  const char *data_path = planner_job_get_string (job, "data-path");
  guint tp = planner_job_get_uint (job, "tp");
  guint etp = planner_job_get_uint (job, "etp");
  guint vpp = planner_job_get_uint (job, "vpp");
  gboolean mapping, distributed_optimizer, sequence_parallel;

  g_object_get (job,
                "use-tp-pp-dp-mapping", &mapping,
                "distributed-optimizer", &distributed_optimizer,
                "sequence-parallel", &sequence_parallel,
                NULL);

  set_uint (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", tp);
  set_uint (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size",
            planner_job_get_uint (job, "pp"));
  set_uint (args, "context_parallel_size", "--context-parallel-size", planner_job_get_uint (job, "cp"));
  set_uint (args, "expert_model_parallel_size", "--expert-model-parallel-size", planner_job_get_uint (job, "ep"));
  if (etp > 0)
    set_uint (args, "expert_tensor_parallel_size", "--expert-tensor-parallel-size", etp);
  if (vpp > 1)
    set_uint (args, "num_virtual_stages_per_pipeline_rank", "--num-virtual-stages-per-pipeline-rank", vpp);
  if (mapping)
    planner_args_set_bool (args, "use_tp_pp_dp_mapping", "--use-tp-pp-dp-mapping", TRUE);

  set_uint (args, "seq_length", "--seq-length", planner_job_get_uint (job, "seq-length"));
  set_uint (args, "micro_batch_size", "--micro-batch-size", planner_job_get_uint (job, "micro-batch-size"));
  set_uint (args, "global_batch_size", "--global-batch-size", planner_job_get_uint (job, "global-batch-size"));

  if (g_str_equal (precision, "bf16"))
    planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  else if (g_str_equal (precision, "fp16"))
    planner_args_set_bool (args, "fp16", "--fp16", TRUE);
  else if (g_str_equal (precision, "fp8"))
    {
      planner_args_set_bool (args, "bf16", "--bf16", TRUE);
      planner_args_set (args, "fp8", "--fp8-format", "hybrid");
    }

  if (g_str_equal (recompute, "selective"))
    planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
  else if (g_str_equal (recompute, "full"))
    {
      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
      planner_args_set (args, "recompute_method", "--recompute-method", "uniform");
      planner_args_set (args, "recompute_num_layers", "--recompute-num-layers", "1");
    }

  if (distributed_optimizer)
    planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
  /* Megatron drops sequence parallel at TP 1 itself; asking for it there
   * would only earn a warning. */
  if (sequence_parallel && tp > 1)
    planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);

  if (*data_path != '\0')
    {
      const char *paths[] = { data_path, NULL };

      planner_args_set_list (args, "data_path", "--data-path", paths);
      set_path (args, "split", "--split", planner_job_get_string (job, "split"));
    }
  set_path (args, "tokenizer_type", "--tokenizer-type", planner_job_get_string (job, "tokenizer-type"));
  set_path (args, "tokenizer_model", "--tokenizer-model", planner_job_get_string (job, "tokenizer-model"));
  set_path (args, "vocab_file", "--vocab-file", planner_job_get_string (job, "vocab-file"));
  set_path (args, "merge_file", "--merge-file", planner_job_get_string (job, "merge-file"));
  set_path (args, "save", "--save", planner_job_get_string (job, "save-dir"));
  set_path (args, "load", "--load", planner_job_get_string (job, "load-dir"));

  return args;
}
