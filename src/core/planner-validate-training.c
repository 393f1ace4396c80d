/* planner-validate-training.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include "planner-validate-private.h"

#include <string.h>

void
planner_check_batch (PlannerCheck *c)
{
  guint64 micro = arg_pos (c->args, "micro_batch_size");
  gboolean global_given = has_value (c->args, "global_batch_size");
  gboolean schedule = has_value (c->args, "step_batch_size_schedule");
  gboolean decrease = arg_bool (c->args, "decrease_batch_size_if_needed", FALSE);
  guint64 global = arg_pos (c->args, "global_batch_size");

  if (global_given && global == 0)
    ADD (ERROR, "batch.global-invalid", FLAGS (F ("global_batch_size")),
         "Give a positive global batch size.", "%s must be a positive whole number.", F ("global_batch_size"));

  if (schedule && global_given)
    ADD (ERROR, "batch.step-schedule-with-global", FLAGS (F ("step_batch_size_schedule"), F ("global_batch_size")),
         "Drop --global-batch-size (the schedule sets the batch), or drop the schedule.",
         "Cannot specify both %s and %s: Megatron stops at start-up. "
         "(NVIDIA's examples/gpt3/train_gpt3_175b_distributed.sh passes both.)",
         F ("step_batch_size_schedule"), F ("global_batch_size"));
  if (schedule && decrease)
    ADD (ERROR, "batch.step-schedule-decrease",
         FLAGS (F ("step_batch_size_schedule"), F ("decrease_batch_size_if_needed")),
         "Drop --decrease-batch-size-if-needed.",
         "%s cannot be combined with %s.", F ("step_batch_size_schedule"), F ("decrease_batch_size_if_needed"));

  if (has_value (c->args, "rampup_batch_size"))
    ADD (WARNING, "batch.rampup-ignored", FLAGS (F ("rampup_batch_size")),
         "Drop it; use --step-batch-size-schedule for a changing batch size.",
         "%s is parsed but never used by training: the batch size stays constant.", F ("rampup_batch_size"));

  if (micro == 0 || c->dp == 0 || schedule || (global_given && global == 0))
    return;

  {
    guint64 unit = mul_or_zero (micro, c->dp);
    guint64 eval_micro = has_value (c->args, "eval_micro_batch_size")
                         ? arg_pos (c->args, "eval_micro_batch_size") : micro;
    gboolean eval_global_given = has_value (c->args, "eval_global_batch_size");
    guint64 eval_global;
    guint64 eval_unit = mul_or_zero (eval_micro, c->dp);
    gboolean global_bad;
    gboolean eval_bad;

    if (!global_given)
      {
        global = unit;
        if (unit != 0)
          ADD (INFO, "batch.global-default", FLAGS (F ("global_batch_size")),
               "Give --global-batch-size explicitly.",
               "%s is not given, so it is micro-batch %" G_GUINT64_FORMAT " × DP %" G_GUINT64_FORMAT " = %"
               G_GUINT64_FORMAT " (one microbatch per step).", F ("global_batch_size"), micro, c->dp, unit);
      }
    eval_global = eval_global_given ? arg_pos (c->args, "eval_global_batch_size") : global;

    global_bad = unit == 0 || global % unit != 0;
    eval_bad = eval_unit == 0 || eval_global == 0 || eval_global % eval_unit != 0;

    if (eval_bad && (eval_global_given || eval_micro != micro || !global_bad))
      {
        g_autofree char *nearest = eval_unit != 0 ? format_nearest_multiples (eval_global, eval_unit) : g_strdup ("none");

        ADD (ERROR, "batch.eval-not-divisible",
             FLAGS (F ("eval_global_batch_size"), F ("eval_micro_batch_size")),
             "Give an evaluation batch that is a multiple of the evaluation micro-batch × DP.",
             "eval_global_batch_size (%" G_GUINT64_FORMAT ") must be divisible by eval micro-batch (%"
             G_GUINT64_FORMAT ") × DP (%" G_GUINT64_FORMAT "). Nearest valid: %s.",
             eval_global, eval_micro, c->dp, nearest);
      }

    if (global_bad)
      {
        g_autofree char *nearest = unit != 0 ? format_nearest_multiples (global, unit) : g_strdup ("none");

        if (decrease && eval_global_given && !eval_bad && unit != 0 && global >= unit)
          ADD (WARNING, "batch.global-rounded-down",
               FLAGS (F ("global_batch_size"), F ("decrease_batch_size_if_needed")),
               "Give a global batch that is a multiple of micro-batch × DP.",
               "%s rounds the global batch %" G_GUINT64_FORMAT " down to %" G_GUINT64_FORMAT ".",
               F ("decrease_batch_size_if_needed"), global, global / unit * unit);
        else
          ADD (ERROR, "batch.global-not-divisible",
               FLAGS (F ("global_batch_size"), F ("micro_batch_size")),
               "Pick a global batch that is a multiple of micro-batch × DP (DP does not count CP).",
               "global batch size (%" G_GUINT64_FORMAT ") is not divisible by micro batch size (%" G_GUINT64_FORMAT
               ") times data parallel size (%" G_GUINT64_FORMAT "). Megatron refuses it at start-up (through the "
               "evaluation batch check, since the evaluation batch defaults to the global batch)%s. "
               "Nearest valid global batch sizes: %s.",
               global, micro, c->dp,
               decrease ? "; --decrease-batch-size-if-needed alone does not rescue it" : "", nearest);
        if (!(decrease && eval_global_given && !eval_bad && unit != 0 && global >= unit))
          return;
        global = global / unit * unit;
      }

    c->num_microbatches = global / unit;
  }
}

void
planner_check_optimizer (PlannerCheck *c)
{
  gboolean distopt = arg_bool (c->args, "use_distributed_optimizer", FALSE);
  gboolean megatron_fsdp = arg_bool (c->args, "use_megatron_fsdp", FALSE);
  const char *optimizer = arg_str (c->args, "optimizer", "adam");
  const char *ckpt = arg_str (c->args, "ckpt_format", "torch_dist");

  if (arg_bool (c->args, "overlap_param_gather", FALSE))
    {
      if (!distopt && !megatron_fsdp && !str_is (optimizer, "dist_muon"))
        ADD (ERROR, "optimizer.overlap-param-gather-needs-distopt",
             FLAGS (F ("overlap_param_gather"), F ("use_distributed_optimizer")),
             "Add --use-distributed-optimizer.",
             "%s needs the distributed optimizer: without it there is no parameter all-gather to overlap.",
             F ("overlap_param_gather"));
      if (!arg_bool (c->args, "overlap_grad_reduce", FALSE))
        ADD (ERROR, "optimizer.overlap-param-gather-needs-grad-reduce",
             FLAGS (F ("overlap_param_gather"), F ("overlap_grad_reduce")),
             "Add --overlap-grad-reduce.", "%s needs %s.", F ("overlap_param_gather"), F ("overlap_grad_reduce"));
    }

  if (arg_bool (c->args, "use_torch_fsdp2", FALSE))
    {
      const char *flag = F ("use_torch_fsdp2");

      if (c->d.pp > 1)
        ADD (ERROR, "fsdp2.pp", FLAGS (flag, F ("pipeline_model_parallel_size")), "Use PP 1 with FSDP2.",
             "%s cannot be combined with pipeline parallelism.", flag);
      if (c->d.ep > 1)
        ADD (ERROR, "fsdp2.ep", FLAGS (flag, F ("expert_model_parallel_size")), "Use EP 1 with FSDP2.",
             "%s cannot be combined with expert parallelism.", flag);
      if (distopt)
        ADD (ERROR, "fsdp2.distopt", FLAGS (flag, F ("use_distributed_optimizer")),
             "Drop --use-distributed-optimizer: FSDP2 shards the optimizer itself.",
             "%s cannot be combined with the distributed optimizer.", flag);
      if (arg_bool (c->args, "gradient_accumulation_fusion", TRUE))
        ADD (ERROR, "fsdp2.grad-acc-fusion", FLAGS (flag, F ("gradient_accumulation_fusion")),
             "Add --no-gradient-accumulation-fusion.",
             "%s cannot be combined with gradient accumulation fusion, which is on by default.", flag);
      if (!arg_bool (c->args, "untie_embeddings_and_output_weights", FALSE))
        ADD (ERROR, "fsdp2.tied-embeddings", FLAGS (flag, F ("untie_embeddings_and_output_weights")),
             "Add --untie-embeddings-and-output-weights.", "%s needs untied embeddings.", flag);
      if (!str_is (ckpt, "torch_dist") && !str_is (ckpt, "torch_dcp"))
        ADD (ERROR, "fsdp2.ckpt-format", FLAGS (flag, F ("ckpt_format")),
             "Use --ckpt-format torch_dist (the default) or torch_dcp.",
             "%s needs a torch_dist or torch_dcp checkpoint.", flag);
      if (arg_bool (c->args, "fp16", FALSE))
        ADD (ERROR, "fsdp2.fp16", FLAGS (flag, F ("fp16")), "Use --bf16.", "%s does not support --fp16.", flag);
    }

  if (megatron_fsdp)
    {
      if (!str_is (ckpt, "fsdp_dtensor"))
        ADD (ERROR, "fsdp.ckpt-format", FLAGS (F ("use_megatron_fsdp"), F ("ckpt_format")),
             "Add --ckpt-format fsdp_dtensor.", "%s needs --ckpt-format fsdp_dtensor.", F ("use_megatron_fsdp"));
      if (!distopt)
        ADD (INFO, "fsdp.distopt-auto", FLAGS (F ("use_megatron_fsdp"), F ("use_distributed_optimizer")), NULL,
             "%s turns the distributed optimizer on.", F ("use_megatron_fsdp"));
    }

  if (!arg_bool (c->args, "use_gloo_process_groups", TRUE) && distopt && str_is (ckpt, "torch"))
    ADD (ERROR, "optimizer.gloo-torch-ckpt",
         FLAGS (F ("use_gloo_process_groups"), F ("use_distributed_optimizer"), F ("ckpt_format")),
         "Use --ckpt-format torch_dist.",
         "%s with the distributed optimizer needs a distributed checkpoint format, not torch.",
         F ("use_gloo_process_groups"));

  if (distopt && optimizer != NULL && !str_is (optimizer, "adam") && !str_is (optimizer, "sgd"))
    ADD (WARNING, "optimizer.layer-wise", FLAGS (F ("use_distributed_optimizer"), F ("optimizer")), NULL,
         "With %s %s, --use-distributed-optimizer becomes the layer-wise distributed optimizer.",
         F ("optimizer"), optimizer);

  if (arg_bool (c->args, "freeze_all_layers", FALSE) && distopt)
    ADD (WARNING, "optimizer.freeze-all-layers", FLAGS (F ("freeze_all_layers"), F ("use_distributed_optimizer")),
         NULL, "%s turns the distributed optimizer and the parameter-gather overlap off.", F ("freeze_all_layers"));
}

void
planner_check_data (PlannerCheck *c)
{
  gboolean data_path = planner_args_is_set (c->args, "data_path");
  gboolean mock = arg_bool (c->args, "mock_data", FALSE);
  gboolean per_split = has_value (c->args, "train_data_path") || has_value (c->args, "valid_data_path")
                       || has_value (c->args, "test_data_path");
  guint sources = (guint) data_path + (guint) mock + (guint) per_split;

  if (sources > 1)
    ADD (ERROR, "data.single-source",
         FLAGS (F ("mock_data"), F ("data_path"), F ("train_data_path")),
         "Keep exactly one of --mock-data, --data-path or the per-split paths.",
         "A single data source must be provided in training mode: this launch gives %u.", sources);
  else if (sources == 0 && !has_value (c->args, "data_args_path") && !has_value (c->args, "per_split_data_args_path"))
    ADD (WARNING, "data.no-source", FLAGS (F ("data_path"), F ("mock_data")),
         "Add --data-path with your preprocessed data prefix (or --mock-data for a smoke test).",
         "No training data is given.");

  if (data_path && !has_value (c->args, "split"))
    ADD (WARNING, "data.split-missing", FLAGS (F ("data_path"), F ("split")),
         "Add --split, for example --split 99,1,0.",
         "%s without %s: Megatron falls back to the legacy split 969,30,1, so 3%% of the data goes to "
         "validation and 0.1%% to test.", F ("data_path"), F ("split"));

  if (data_path && has_value (c->args, "data_args_path"))
    ADD (ERROR, "data.path-and-args-path", FLAGS (F ("data_path"), F ("data_args_path")),
         "Keep one of the two.", "%s and %s are mutually exclusive.", F ("data_path"), F ("data_args_path"));
  if (per_split && has_value (c->args, "per_split_data_args_path"))
    ADD (ERROR, "data.per-split-and-args-path", FLAGS (F ("train_data_path"), F ("per_split_data_args_path")),
         "Keep one of the two.", "The per-split data paths cannot be combined with %s.",
         F ("per_split_data_args_path"));
}

void
planner_check_training (PlannerCheck *c)
{
  if (has_value (c->args, "save") && arg_int (c->args, "save_interval", 0) <= 0)
    ADD (ERROR, "checkpoint.save-needs-interval", FLAGS (F ("save"), F ("save_interval")),
         "Add --save-interval (for example 1000).", "%s needs a positive %s.", F ("save"), F ("save_interval"));

  if (has_value (c->args, "lr") && has_value (c->args, "min_lr"))
    {
      double lr = planner_args_get_double (c->args, "lr", 0.0);
      double min_lr = planner_args_get_double (c->args, "min_lr", 0.0);

      if (min_lr > lr)
        ADD (ERROR, "lr.min-above-max", FLAGS (F ("min_lr"), F ("lr")),
             "Make --min-lr at most --lr (often lr / 10).",
             "%s (%g) is larger than %s (%g).", F ("min_lr"), min_lr, F ("lr"), lr);
    }

  if (has_value (c->args, "lr_warmup_fraction")
      && (arg_int (c->args, "lr_warmup_iters", 0) != 0 || arg_int (c->args, "lr_warmup_samples", 0) != 0))
    ADD (ERROR, "lr.warmup-exclusive",
         FLAGS (F ("lr_warmup_fraction"),
                F (arg_int (c->args, "lr_warmup_iters", 0) != 0 ? "lr_warmup_iters" : "lr_warmup_samples")),
         "Keep one way of giving the warm-up.", "%s cannot be combined with --lr-warmup-iters / --lr-warmup-samples.",
         F ("lr_warmup_fraction"));

  if (has_value (c->args, "train_iters"))
    {
      if (has_value (c->args, "train_samples"))
        ADD (ERROR, "training.iters-and-samples", FLAGS (F ("train_iters"), F ("train_samples")),
             "Keep one of the two.", "%s and %s cannot both be given.", F ("train_iters"), F ("train_samples"));
      else if (has_value (c->args, "lr_decay_samples") || arg_int (c->args, "lr_warmup_samples", 0) != 0
               || has_value (c->args, "lr_wsd_decay_samples"))
        ADD (ERROR, "training.iters-with-sample-lr", FLAGS (F ("train_iters"), F ("lr_decay_samples")),
             "Use --lr-decay-iters / --lr-warmup-iters with --train-iters.",
             "Iteration-based training (%s) cannot use sample-based learning-rate options.", F ("train_iters"));
    }
  else if (has_value (c->args, "train_samples")
           && (has_value (c->args, "lr_decay_iters") || arg_int (c->args, "lr_warmup_iters", 0) != 0
               || has_value (c->args, "lr_wsd_decay_iters")))
    {
      ADD (ERROR, "training.samples-with-iter-lr", FLAGS (F ("train_samples"), F ("lr_decay_iters")),
           "Use --lr-decay-samples / --lr-warmup-samples with --train-samples.",
           "Sample-based training (%s) cannot use iteration-based learning-rate options.", F ("train_samples"));
    }

  if (planner_args_is_set (c->args, "seed") && arg_int (c->args, "seed", 1234) <= 0)
    ADD (ERROR, "training.seed-zero", FLAGS (F ("seed")),
         "Use a positive seed (Megatron's default is 1234).",
         "%s %" G_GINT64_FORMAT " is refused at start-up: the random-seed set-up needs a positive seed.",
         F ("seed"), arg_int (c->args, "seed", 0));

  if (has_value (c->args, "log_memory_interval"))
    {
      gint64 memory = arg_int (c->args, "log_memory_interval", 0);
      gint64 interval = arg_int (c->args, "log_interval", 100);

      if (interval <= 0 || memory % interval != 0)
        ADD (ERROR, "logging.memory-interval", FLAGS (F ("log_memory_interval"), F ("log_interval")),
             "Make --log-memory-interval a multiple of --log-interval.",
             "%s (%" G_GINT64_FORMAT ") must be a multiple of %s (%" G_GINT64_FORMAT ").",
             F ("log_memory_interval"), memory, F ("log_interval"), interval);
    }

  if (arg_bool (c->args, "cross_entropy_loss_fusion", FALSE)
      && str_is (arg_str (c->args, "cross_entropy_fusion_impl", "native"), "te"))
    ADD (ERROR, "loss.cross-entropy-te", FLAGS (F ("cross_entropy_loss_fusion"), F ("cross_entropy_fusion_impl")),
         "Use --cross-entropy-fusion-impl native (the default).",
         "%s te is rejected; only native is accepted.", F ("cross_entropy_fusion_impl"));
}
