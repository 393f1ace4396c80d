/* planner-validate-training.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-validate-private.h"
#include "planner-release.h"

#include <math.h>
#include <string.h>

/* One number of a --step-batch-size-schedule entry: digits, an optional
 * fraction and a K/M/B/T suffix ("250B"). */
static gboolean
parse_schedule_number (const char *text,
                       gdouble    *value)
{
  g_autofree char *copy = g_ascii_strup (text, -1);
  gsize n = strlen (copy);
  double multiplier = 1.0;
  char *end = NULL;

  if (n > 0 && strchr ("KMBT", copy[n - 1]) != NULL)
    {
      multiplier = copy[n - 1] == 'K' ? 1e3 : copy[n - 1] == 'M' ? 1e6 : copy[n - 1] == 'B' ? 1e9 : 1e12;
      copy[n - 1] = '\0';
    }
  if (copy[0] == '\0')
    return FALSE;
  *value = g_ascii_strtod (copy, &end) * multiplier;
  return end != NULL && *end == '\0' && isfinite (*value);
}

/* The step batch-size schedule, read as the microbatch calculator reads
 * it: "THRESHOLD:BATCH" entries separated by spaces or commas,
 * thresholds in tokens (divided by the sequence length), sorted; the
 * first must be 0, thresholds must rise strictly, batches be positive.
 * The batch in force at the start sets the microbatch count, and each
 * batch must divide by micro-batch × DP when it takes effect. */
static void check_step_schedule (PlannerCheck *c,
                                 guint64       micro);

static void
check_step_schedule (PlannerCheck *c,
                     guint64       micro)
{
  const char *text = arg_str (c->args, "step_batch_size_schedule", "");
  const char *flag = F ("step_batch_size_schedule");
  g_auto(GStrv) entries = NULL;
  g_autoptr(GArray) thresholds = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) batches = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree char *copy = g_strdup (text != NULL ? text : "");
  guint64 unit = mul_or_zero (micro, c->dp);

  g_strdelimit (copy, ",\t\n", ' ');
  entries = g_strsplit (copy, " ", -1);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      char *colon;
      gdouble threshold = 0, batch = 0;
      guint64 t, b;
      guint j;

      if (entries[i][0] == '\0')
        continue;
      colon = strchr (entries[i], ':');
      if (colon == NULL)
        {
          ADD (ERROR, "batch.step-schedule-format", FLAGS (flag),
               _("Write the schedule as THRESHOLD:BATCH pairs, for example \"0:768 250B:1536\"."),
               _("%s entry \"%s\" has no ':'; each entry is THRESHOLD:BATCH."), planner_words_name (WORDS, flag), entries[i]);
          return;
        }
      *colon = '\0';
      if (!parse_schedule_number (entries[i], &threshold) || !parse_schedule_number (colon + 1, &batch)
          || threshold < 0 || threshold > 1e18 || batch > 1e18)
        {
          ADD (ERROR, "batch.step-schedule-format", FLAGS (flag),
               _("Write each threshold and batch as a number, optionally with K, M, B or T."),
               _("%s entry \"%s:%s\" is not a pair of numbers."), planner_words_name (WORDS, flag), entries[i], colon + 1);
          return;
        }
      if (batch < 1)
        {
          ADD (ERROR, "batch.step-schedule-format", FLAGS (flag),
               _("Give every batch size in the schedule as a positive number."),
               _("%s has a batch size of %g; every batch size must be positive."), planner_words_name (WORDS, flag), batch);
          return;
        }
      /* Thresholds are tokens when the sequence length is known. */
      t = (guint64) threshold;
      if (c->seq != 0)
        t /= c->seq;
      b = (guint64) batch;
      for (j = 0; j < thresholds->len && g_array_index (thresholds, guint64, j) <= t; j++)
        ;
      g_array_insert_val (thresholds, j, t);
      g_array_insert_val (batches, j, b);
    }

  if (thresholds->len == 0)
    {
      ADD (ERROR, "batch.step-schedule-format", FLAGS (flag),
           _("Give at least one THRESHOLD:BATCH entry, starting with 0."), _("%s has no entries."), planner_words_name (WORDS, flag));
      return;
    }
  if (g_array_index (thresholds, guint64, 0) != 0)
    {
      ADD (ERROR, "batch.step-schedule-format", FLAGS (flag),
           _("Start the schedule at threshold 0, for example \"0:768 ...\"."),
           _("The first entry of %s must have threshold 0 (after converting tokens to samples); it is %"
             PRIu64 " samples."), planner_words_name (WORDS, flag), g_array_index (thresholds, guint64, 0));
      return;
    }
  for (guint i = 1; i < thresholds->len; i++)
    if (g_array_index (thresholds, guint64, i) == g_array_index (thresholds, guint64, i - 1))
      {
        ADD (ERROR, "batch.step-schedule-format", FLAGS (flag),
             _("Give each threshold once, in samples or tokens that differ after dividing by the sequence length."),
             _("Two entries of %s fall on the same threshold (%" PRIu64 " samples); thresholds must "
               "rise strictly."), planner_words_name (WORDS, flag), g_array_index (thresholds, guint64, i));
        return;
      }

  if (unit == 0)
    return;
  for (guint i = 0; i < batches->len; i++)
    {
      guint64 b = g_array_index (batches, guint64, i);

      if (b % unit != 0 || b < unit)
        {
          ADD (ERROR, "batch.step-schedule-not-divisible", FLAGS (flag, F ("micro_batch_size")),
               _("Make every batch of the schedule a multiple of micro-batch × DP."),
               _("The schedule's batch of %" PRIu64 " is not a multiple of micro-batch %" PRIu64
                 " × DP %" PRIu64 " = %" PRIu64 ": start-up passes, but the job stops when this "
                 "batch takes effect."), b, micro, c->dp, unit);
          return;
        }
    }
  c->num_microbatches = g_array_index (batches, guint64, 0) / unit;
}

static void
check_batch_sizes (PlannerCheck *c)
{
  guint64 micro = arg_pos (c->args, "micro_batch_size");
  gboolean global_given = has_value (c->args, "global_batch_size");
  gboolean schedule = has_value (c->args, "step_batch_size_schedule");
  gboolean decrease = arg_bool (c->args, "decrease_batch_size_if_needed", FALSE);
  guint64 global = arg_pos (c->args, "global_batch_size");

  if (global_given && global == 0)
    ADD (ERROR, "batch.global-invalid", FLAGS (F ("global_batch_size")),
         _("Give a positive global batch size."), _("%s must be a positive whole number."), N ("global_batch_size"));

  if (schedule && global_given)
    ADD (ERROR, "batch.step-schedule-with-global", FLAGS (F ("step_batch_size_schedule"), F ("global_batch_size")),
         _("Drop {--global-batch-size} (the schedule sets the batch), or drop the schedule."),
         _("Cannot specify both %s and %s: Megatron stops at start-up. "
           "(NVIDIA's examples/gpt3/train_gpt3_175b_distributed.sh passes both.)"),
         N ("step_batch_size_schedule"), N ("global_batch_size"));
  if (schedule && decrease)
    ADD (ERROR, "batch.step-schedule-decrease",
         FLAGS (F ("step_batch_size_schedule"), F ("decrease_batch_size_if_needed")),
         _("Drop --decrease-batch-size-if-needed."),
         _("%s cannot be combined with %s."), N ("step_batch_size_schedule"), N ("decrease_batch_size_if_needed"));


  if (schedule)
    check_step_schedule (c, micro);

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
               _("Give {--global-batch-size} explicitly."),
               _("%s is not given, so it is micro-batch %" PRIu64 " × DP %" PRIu64 " = %"
                 PRIu64 " (one microbatch per step)."), N ("global_batch_size"), micro, c->dp, unit);
      }
    eval_global = eval_global_given ? arg_pos (c->args, "eval_global_batch_size") : global;

    global_bad = unit == 0 || global % unit != 0;
    eval_bad = eval_unit == 0 || eval_global == 0 || eval_global % eval_unit != 0;

    if (eval_bad && (eval_global_given || eval_micro != micro || !global_bad))
      {
        g_autofree char *nearest = eval_unit != 0 ? format_nearest_multiples (eval_global, eval_unit) : g_strdup (_("none"));

        ADD (ERROR, "batch.eval-not-divisible",
             FLAGS (F ("eval_global_batch_size"), F ("eval_micro_batch_size")),
             _("Give an evaluation batch that is a multiple of the evaluation micro-batch × DP."),
             _("eval_global_batch_size (%" PRIu64 ") must be divisible by eval micro-batch (%"
               PRIu64 ") × DP (%" PRIu64 "). Nearest valid: %s."),
             eval_global, eval_micro, c->dp, nearest);
      }

    if (global_bad)
      {
        g_autofree char *nearest = unit != 0 ? format_nearest_multiples (global, unit) : g_strdup (_("none"));

        if (decrease && eval_global_given && !eval_bad && unit != 0 && global >= unit)
          ADD (WARNING, "batch.global-rounded-down",
               FLAGS (F ("global_batch_size"), F ("decrease_batch_size_if_needed")),
               _("Give a global batch that is a multiple of micro-batch × DP."),
               _("%s rounds the global batch %" PRIu64 " down to %" PRIu64 "."),
               N ("decrease_batch_size_if_needed"), global, global / unit * unit);
        else
          ADD (ERROR, "batch.global-not-divisible",
               FLAGS (F ("global_batch_size"), F ("micro_batch_size")),
               _("Pick a global batch that is a multiple of micro-batch × DP (DP does not count CP)."),
               decrease
               ? _("global batch size (%" PRIu64 ") is not divisible by micro batch size (%" PRIu64
                   ") times data parallel size (%" PRIu64 "). Megatron refuses it at start-up (through the "
                   "evaluation batch check, since the evaluation batch defaults to the global batch); "
                   "--decrease-batch-size-if-needed alone does not rescue it. "
                   "Nearest valid global batch sizes: %s.")
               : _("global batch size (%" PRIu64 ") is not divisible by micro batch size (%" PRIu64
                   ") times data parallel size (%" PRIu64 "). Megatron refuses it at start-up (through the "
                   "evaluation batch check, since the evaluation batch defaults to the global batch). "
                   "Nearest valid global batch sizes: %s."),
               global, micro, c->dp, nearest);
        if (!(decrease && eval_global_given && !eval_bad && unit != 0 && global >= unit))
          return;
        global = global / unit * unit;
      }

    c->num_microbatches = global / unit;
  }
}

/* Megatron 0.20 parses --rampup-batch-size but training never hands it
 * to the microbatch calculator: every step, the first included, runs the
 * full global batch. */
void
planner_check_batch (PlannerCheck *c)
{
  check_batch_sizes (c);

  if (has_value (c->args, "rampup_batch_size"))
    {
      if (c->num_microbatches != 0)
        ADD (WARNING, "batch.rampup-ignored", FLAGS (F ("rampup_batch_size")),
             _("Drop it; use --step-batch-size-schedule for a changing batch size."),
             _("%s is parsed but training never uses it: there is no ramp, every step uses the full global "
               "batch (%" PRIu64 " microbatches per step from the first step)."),
             N ("rampup_batch_size"), c->num_microbatches);
      else
        ADD (WARNING, "batch.rampup-ignored", FLAGS (F ("rampup_batch_size")),
             _("Drop it; use --step-batch-size-schedule for a changing batch size."),
             _("%s is parsed but training never uses it: there is no ramp, every step uses the full global "
               "batch."), N ("rampup_batch_size"));
    }
}

void
planner_check_optimizer (PlannerCheck *c)
{
  gboolean distopt = arg_bool (c->args, "use_distributed_optimizer", FALSE);
  gboolean megatron_fsdp = arg_bool (c->args, "use_megatron_fsdp", FALSE);
  const char *optimizer = arg_str (c->args, "optimizer", "adam");
  const char *ckpt = arg_str (c->args, "ckpt_format", "torch_dist");
  /* Before 0.14.0 (the custom FSDP) it takes the distributed optimizer itself. */
  gboolean fsdp_gathers = megatron_fsdp
                          && planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL,
                                                       "0.14.0");

  if (arg_bool (c->args, "overlap_param_gather", FALSE))
    {
      if (!distopt && !fsdp_gathers && !str_is (optimizer, "dist_muon"))
        ADD (ERROR, "optimizer.overlap-param-gather-needs-distopt",
             FLAGS (F ("overlap_param_gather"), F ("use_distributed_optimizer")),
             _("Add {--use-distributed-optimizer}."),
             _("%s needs the distributed optimizer: without it there is no parameter all-gather to overlap."),
             N ("overlap_param_gather"));
      if (!arg_bool (c->args, "overlap_grad_reduce", FALSE))
        ADD (ERROR, "optimizer.overlap-param-gather-needs-grad-reduce",
             FLAGS (F ("overlap_param_gather"), F ("overlap_grad_reduce")),
             _("Add {--overlap-grad-reduce}."), _("%s needs %s."), N ("overlap_param_gather"), N ("overlap_grad_reduce"));
    }

  if (arg_bool (c->args, "use_torch_fsdp2", FALSE))
    {
      const char *flag = F ("use_torch_fsdp2");

      if (c->d.pp > 1)
        ADD (ERROR, "fsdp2.pp", FLAGS (flag, F ("pipeline_model_parallel_size")), _("Use PP 1 with FSDP2."),
             _("%s cannot be combined with pipeline parallelism."), planner_words_name (WORDS, flag));
      if (c->d.ep > 1)
        ADD (ERROR, "fsdp2.ep", FLAGS (flag, F ("expert_model_parallel_size")), _("Use EP 1 with FSDP2."),
             _("%s cannot be combined with expert parallelism."), planner_words_name (WORDS, flag));
      if (distopt)
        ADD (ERROR, "fsdp2.distopt", FLAGS (flag, F ("use_distributed_optimizer")),
             _("Drop {--use-distributed-optimizer}: FSDP2 shards the optimizer itself."),
             _("%s cannot be combined with the distributed optimizer."), planner_words_name (WORDS, flag));
      if (arg_bool (c->args, "gradient_accumulation_fusion", TRUE))
        ADD (ERROR, "fsdp2.grad-acc-fusion", FLAGS (flag, F ("gradient_accumulation_fusion")),
             _("Add {--no-gradient-accumulation-fusion}."),
             _("%s cannot be combined with gradient accumulation fusion, which is on by default."), planner_words_name (WORDS, flag));
      if (!arg_bool (c->args, "untie_embeddings_and_output_weights", FALSE))
        ADD (ERROR, "fsdp2.tied-embeddings", FLAGS (flag, F ("untie_embeddings_and_output_weights")),
             _("Add {--untie-embeddings-and-output-weights}."), _("%s needs untied embeddings."), planner_words_name (WORDS, flag));
      if (!str_is (ckpt, "torch_dist") && !str_is (ckpt, "torch_dcp"))
        ADD (ERROR, "fsdp2.ckpt-format", FLAGS (flag, F ("ckpt_format")),
             _("Use {--ckpt-format} torch_dist (the default) or torch_dcp."),
             _("%s needs a torch_dist or torch_dcp checkpoint."), planner_words_name (WORDS, flag));
      if (arg_bool (c->args, "fp16", FALSE))
        ADD (ERROR, "fsdp2.fp16", FLAGS (flag, F ("fp16")), _("Use {--bf16}."), _("%s does not support {--fp16}."), planner_words_name (WORDS, flag));
    }

  if (megatron_fsdp)
    {
      gboolean v2 = arg_int (c->args, "megatron_fsdp_version", 1) == 2;

      if (!str_is (ckpt, "fsdp_dtensor"))
        ADD (ERROR, "fsdp.ckpt-format", FLAGS (F ("use_megatron_fsdp"), F ("ckpt_format")),
             _("Add {--ckpt-format} fsdp_dtensor."), _("%s needs {--ckpt-format} fsdp_dtensor."), N ("use_megatron_fsdp"));
      if (v2 && distopt)
        ADD (ERROR, "fsdp.v2-distopt", FLAGS (F ("megatron_fsdp_version"), F ("use_distributed_optimizer")),
             _("Drop {--use-distributed-optimizer}: version 2 of Megatron FSDP shards the optimizer itself."),
             _("%s 2 cannot be combined with %s."), N ("megatron_fsdp_version"), N ("use_distributed_optimizer"));
      else if (!v2 && !distopt)
        ADD (INFO, "fsdp.distopt-auto", FLAGS (F ("use_megatron_fsdp"), F ("use_distributed_optimizer")), NULL,
             _("%s turns the distributed optimizer on."), N ("use_megatron_fsdp"));
      if (ON ("moe_single_grouped_weight") || ON ("moe_single_grouped_bias"))
        ADD (ERROR, "fsdp.single-grouped",
             FLAGS (F ("use_megatron_fsdp"), F (ON ("moe_single_grouped_weight") ? "moe_single_grouped_weight"
                                                : "moe_single_grouped_bias")),
             _("Drop the single grouped MoE parameters, or use the distributed optimizer without FSDP."),
             _("Megatron FSDP does not support single grouped MoE weights or biases yet."));
      if (!str_is (optimizer, "adam") && !str_is (optimizer, "sgd"))
        ADD (ERROR, "fsdp.optimizer", FLAGS (F ("use_megatron_fsdp"), F ("optimizer")),
             _("Use --optimizer adam (or sgd) with Megatron FSDP."),
             _("Megatron FSDP supports only the adam and sgd optimizers, not %s."), optimizer);
      if (str_is (arg_str (c->args, "data_parallel_sharding_strategy", "optim_grads_params"), "optim_grads_params")
          && GIVEN ("check_weight_hash_across_dp_replicas_interval"))
        ADD (ERROR, "fsdp.weight-hash-check",
             FLAGS (F ("check_weight_hash_across_dp_replicas_interval"), F ("data_parallel_sharding_strategy")),
             _("Drop --check-weight-hash-across-dp-replicas-interval, or shard less than optim_grads_params."),
             _("%s cannot be used when Megatron FSDP shards the parameters (%s optim_grads_params, the default)."),
             N ("check_weight_hash_across_dp_replicas_interval"), N ("data_parallel_sharding_strategy"));
      if (ON ("init_model_with_meta_device")
          && str_is (arg_str (c->args, "data_parallel_sharding_strategy", "optim_grads_params"), "no_shard"))
        ADD (ERROR, "fsdp.meta-device-no-shard",
             FLAGS (F ("init_model_with_meta_device"), F ("data_parallel_sharding_strategy")),
             _("Drop --init-model-with-meta-device with no_shard."),
             _("Meta-device initialisation is neither needed nor supported with the no_shard strategy."));
    }
  if (ON ("fsdp_manual_registration"))
    {
      if (!megatron_fsdp)
        ADD (ERROR, "fsdp.manual-registration",
             FLAGS (F ("fsdp_manual_registration"), F ("use_megatron_fsdp")),
             _("Add {--use-megatron-fsdp}, or drop the flag."),
             _("%s works only with Megatron FSDP."), N ("fsdp_manual_registration"));
      else if (!ON ("nccl_ub"))
        ADD (ERROR, "fsdp.manual-registration", FLAGS (F ("fsdp_manual_registration"), F ("nccl_ub")),
             _("Add --use-nccl-ub."), _("%s needs %s."), N ("fsdp_manual_registration"), N ("nccl_ub"));
    }

  if (!str_is (optimizer, "adam") && !str_is (optimizer, "sgd"))
    {
      if (ON ("use_torch_fsdp2"))
        ADD (ERROR, "optimizer.emerging-fsdp2", FLAGS (F ("optimizer"), F ("use_torch_fsdp2")),
             _("Use --optimizer adam with FSDP2, or drop FSDP2."),
             _("The %s optimizer does not support Torch FSDP2 yet."), optimizer);
      if (megatron_fsdp)
        ADD (ERROR, "optimizer.emerging-megatron-fsdp", FLAGS (F ("optimizer"), F ("use_megatron_fsdp")),
             _("Use --optimizer adam with Megatron FSDP, or drop FSDP."),
             _("The %s optimizer does not support Megatron FSDP yet."), optimizer);
      if (!str_is (ckpt, "torch") && !str_is (ckpt, "torch_dist"))
        ADD (ERROR, "optimizer.emerging-ckpt-format", FLAGS (F ("optimizer"), F ("ckpt_format")),
             _("Use {--ckpt-format} torch_dist (the default) or torch."),
             _("The %s optimizer saves only torch and torch_dist checkpoints, not %s."), optimizer, ckpt);
    }

  if (ON ("optimizer_cpu_offload") && !ON ("use_precision_aware_optimizer"))
    ADD (ERROR, "optimizer.cpu-offload-needs-precision-aware",
         FLAGS (F ("optimizer_cpu_offload"), F ("use_precision_aware_optimizer")),
         _("Add {--use-precision-aware-optimizer}."),
         _("%s runs on the precision-aware optimizer's code path and needs %s."),
         N ("optimizer_cpu_offload"), N ("use_precision_aware_optimizer"));

  if (str_is (arg_str (c->args, "weight_decay_incr_style", "constant"), "constant"))
    {
      if (GIVEN ("start_weight_decay") || GIVEN ("end_weight_decay"))
        ADD (ERROR, "optimizer.weight-decay-constant-start-end",
             FLAGS (F (GIVEN ("start_weight_decay") ? "start_weight_decay" : "end_weight_decay"),
                    F ("weight_decay_incr_style")),
             _("Use {--weight-decay} for a constant decay, or set --weight-decay-incr-style linear or cosine."),
             _("%s belongs to a changing weight decay; with the constant style (the default) use {--weight-decay}."),
             N (GIVEN ("start_weight_decay") ? "start_weight_decay" : "end_weight_decay"));
    }
  else if (!GIVEN ("start_weight_decay") || !GIVEN ("end_weight_decay"))
    ADD (ERROR, "optimizer.weight-decay-incr-needs-start-end",
         FLAGS (F ("weight_decay_incr_style"), F ("start_weight_decay"), F ("end_weight_decay")),
         _("Add --start-weight-decay and --end-weight-decay."),
         _("%s %s needs both %s and %s."), N ("weight_decay_incr_style"),
         arg_str (c->args, "weight_decay_incr_style", ""), N ("start_weight_decay"), N ("end_weight_decay"));

  if (!arg_bool (c->args, "use_gloo_process_groups", TRUE) && distopt)
    {
      if (str_is (ckpt, "torch"))
        ADD (ERROR, "optimizer.gloo-torch-ckpt",
             FLAGS (F ("use_gloo_process_groups"), F ("use_distributed_optimizer"), F ("ckpt_format")),
             _("Use {--ckpt-format} torch_dist."),
             _("%s with the distributed optimizer needs a distributed checkpoint format, not torch."),
             N ("use_gloo_process_groups"));
      if (ON ("dist_ckpt_optim_fully_reshardable") && ON ("distrib_optim_fully_reshardable_mem_efficient"))
        ADD (ERROR, "checkpoint.reshardable-mem-efficient-gloo",
             FLAGS (F ("distrib_optim_fully_reshardable_mem_efficient"), F ("use_gloo_process_groups")),
             _("Drop --disable-gloo-process-groups, or drop --distrib-optim-fully-reshardable-mem-efficient."),
             _("%s uses the Gloo process groups, which %s turns off."),
             N ("distrib_optim_fully_reshardable_mem_efficient"), N ("use_gloo_process_groups"));
    }

  if (distopt && optimizer != NULL && !str_is (optimizer, "adam") && !str_is (optimizer, "sgd"))
    ADD (WARNING, "optimizer.layer-wise", FLAGS (F ("use_distributed_optimizer"), F ("optimizer")), NULL,
         _("With %s %s, {--use-distributed-optimizer} becomes the layer-wise distributed optimizer."),
         N ("optimizer"), optimizer);

  if (arg_bool (c->args, "freeze_all_layers", FALSE) && distopt)
    ADD (WARNING, "optimizer.freeze-all-layers", FLAGS (F ("freeze_all_layers"), F ("use_distributed_optimizer")),
         NULL, _("%s turns the distributed optimizer and the parameter-gather overlap off."), N ("freeze_all_layers"));
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
         _("Keep exactly one of {--mock-data}, {--data-path} or the per-split paths."),
         _("A single data source must be provided in training mode: this launch gives %u."), sources);
  else if (sources == 0 && !has_value (c->args, "data_args_path") && !has_value (c->args, "per_split_data_args_path"))
    ADD (WARNING, "data.no-source", FLAGS (F ("data_path"), F ("mock_data")),
         _("Add {--data-path} with your preprocessed data prefix (or {--mock-data} for a smoke test)."),
         _("No training data is given."));

  if (data_path && !has_value (c->args, "split"))
    ADD (WARNING, "data.split-missing", FLAGS (F ("data_path"), F ("split")),
         _("Add {--split}, for example {--split} 99,1,0."),
         _("%s without %s: Megatron falls back to the legacy split 969,30,1, so 3%% of the data goes to "
           "validation and 0.1%% to test."), N ("data_path"), N ("split"));

  if (GIVEN ("num_dataset_builder_threads") && arg_int (c->args, "num_dataset_builder_threads", 1) <= 0)
    ADD (ERROR, "data.dataset-builder-threads", FLAGS (F ("num_dataset_builder_threads")),
         _("Give at least 1."), _("%s must be positive."), N ("num_dataset_builder_threads"));

  if (ON ("fim_data"))
    {
      if (mock)
        ADD (ERROR, "data.fim-mock", FLAGS (F ("fim_data"), F ("mock_data")),
             _("Train fill-in-the-middle on real data ({--data-path}), not {--mock-data}."),
             _("%s cannot use the mock dataset."), N ("fim_data"));
      if (planner_args_get_double (c->args, "fim_rate", 0.5) == 0.0)
        ADD (ERROR, "data.fim-rate", FLAGS (F ("fim_rate"), F ("fim_data")),
             _("Give a non-zero --fim-rate (the default is 0.5)."), _("%s needs a non-zero %s."), N ("fim_data"),
             N ("fim_rate"));
      if (planner_args_get_double (c->args, "fim_spm_rate", 0.5) == 0.0)
        ADD (ERROR, "data.fim-rate", FLAGS (F ("fim_spm_rate"), F ("fim_data")),
             _("Give a non-zero --fim-spm-rate (the default is 0.5)."), _("%s needs a non-zero %s."), N ("fim_data"),
             N ("fim_spm_rate"));
    }

  if (data_path && has_value (c->args, "data_args_path"))
    ADD (ERROR, "data.path-and-args-path", FLAGS (F ("data_path"), F ("data_args_path")),
         _("Keep one of the two."), _("%s and %s are mutually exclusive."), N ("data_path"), N ("data_args_path"));
  if (per_split && has_value (c->args, "per_split_data_args_path"))
    ADD (ERROR, "data.per-split-and-args-path", FLAGS (F ("train_data_path"), F ("per_split_data_args_path")),
         _("Keep one of the two."), _("The per-split data paths cannot be combined with %s."),
         N ("per_split_data_args_path"));
}

void
planner_check_training (PlannerCheck *c)
{
  if (has_value (c->args, "save") && arg_int (c->args, "save_interval", 0) <= 0)
    ADD (ERROR, "checkpoint.save-needs-interval", FLAGS (F ("save"), F ("save_interval")),
         _("Add {--save-interval} (for example 1000)."), _("%s needs a positive %s."), N ("save"), N ("save_interval"));
  if (GIVEN ("save"))
    {
      gint64 interval = arg_int (c->args, "save_interval", 0);

      if (GIVEN ("save_retain_interval"))
        {
          gint64 retain = arg_int (c->args, "save_retain_interval", 0);

          if (retain <= 0 || (interval > 0 && retain % interval != 0))
            ADD (ERROR, "checkpoint.retain-interval", FLAGS (F ("save_retain_interval"), F ("save_interval")),
                 _("Make --save-retain-interval a positive multiple of {--save-interval}."),
                 _("%s (%" PRId64 ") must be a positive multiple of %s (%" PRId64 ")."),
                 N ("save_retain_interval"), retain, N ("save_interval"), interval);
        }
      if (GIVEN ("save_params_interval") && ON ("overlap_param_gather"))
        ADD (ERROR, "checkpoint.save-params-overlap", FLAGS (F ("save_params_interval"), F ("overlap_param_gather")),
             _("Drop {--overlap-param-gather}, or --save-params-interval."),
             _("%s cannot be combined with %s."), N ("save_params_interval"), N ("overlap_param_gather"));
    }

  {
    const char *persistent = arg_str (c->args, "non_persistent_ckpt_type", NULL);

    if (str_is (persistent, "in_memory"))
      ADD (ERROR, "checkpoint.non-persistent-type", FLAGS (F ("non_persistent_ckpt_type")),
           _("Use --non-persistent-ckpt-type global or local."),
           _("%s in_memory is accepted by the parser but refused at start-up: only global and local are supported."),
           N ("non_persistent_ckpt_type"));
    if (str_is (persistent, "local") && !GIVEN ("non_persistent_local_ckpt_dir"))
      ADD (ERROR, "checkpoint.local-needs-dir", FLAGS (F ("non_persistent_ckpt_type"), F ("non_persistent_local_ckpt_dir")),
           _("Add --non-persistent-local-ckpt-dir with a node-local directory."),
           _("Local non-persistent checkpoints need %s."), N ("non_persistent_local_ckpt_dir"));
    if (ON ("replication"))
      {
        if (!GIVEN ("replication_jump"))
          ADD (ERROR, "checkpoint.replication", FLAGS (F ("replication"), F ("replication_jump")),
               _("Add --replication-jump."), _("%s needs %s."), N ("replication"), N ("replication_jump"));
        if (!str_is (persistent, "local"))
          ADD (ERROR, "checkpoint.replication", FLAGS (F ("replication"), F ("non_persistent_ckpt_type")),
               _("Add --non-persistent-ckpt-type local."),
               _("%s replicates local checkpoints and needs %s local."), N ("replication"),
               N ("non_persistent_ckpt_type"));
      }
  }

  {
    const char *ckpt = arg_str (c->args, "ckpt_format", "torch_dist");

    if (str_is (ckpt, "torch_dcp"))
      {
        if (!ON ("use_torch_fsdp2"))
          ADD (ERROR, "checkpoint.torch-dcp-needs-fsdp2", FLAGS (F ("ckpt_format"), F ("use_torch_fsdp2")),
               _("Use {--ckpt-format} torch_dist (the default), or add {--use-torch-fsdp2}."),
               _("%s torch_dcp is only accepted with Torch FSDP2 (%s)."), N ("ckpt_format"), N ("use_torch_fsdp2"));
        if (c->d.tp > 1)
          ADD (ERROR, "checkpoint.torch-dcp-tp", FLAGS (F ("ckpt_format"), F ("tensor_model_parallel_size")),
               _("Use {--ckpt-format} torch_dist with TP > 1."),
               _("%s torch_dcp is refused with tensor parallelism (TP %" PRIu64 ")."), N ("ckpt_format"),
               c->d.tp);
        if (c->d.pp > 1)
          ADD (ERROR, "checkpoint.torch-dcp-pp", FLAGS (F ("ckpt_format"), F ("pipeline_model_parallel_size")),
               _("Use {--ckpt-format} torch_dist with PP > 1."),
               _("%s torch_dcp is refused with pipeline parallelism (PP %" PRIu64 ")."), N ("ckpt_format"),
               c->d.pp);
      }
    if (str_is (ckpt, "fsdp_dtensor") && !ON ("use_megatron_fsdp"))
      ADD (ERROR, "checkpoint.fsdp-dtensor-needs-fsdp", FLAGS (F ("ckpt_format"), F ("use_megatron_fsdp")),
           _("Use {--ckpt-format} torch_dist (the default), or add {--use-megatron-fsdp}."),
           _("%s fsdp_dtensor is only accepted with Megatron FSDP (%s)."), N ("ckpt_format"), N ("use_megatron_fsdp"));

    if (GIVEN ("ckpt_pg_tensors_cache_path")
        && !g_str_equal (arg_str (c->args, "ckpt_fully_parallel_save_process_group", "dp"),
                         arg_str (c->args, "ckpt_fully_parallel_load_process_group", "dp")))
      ADD (ERROR, "checkpoint.pg-cache-groups",
           FLAGS (F ("ckpt_pg_tensors_cache_path"), F ("ckpt_fully_parallel_save_process_group"),
                  F ("ckpt_fully_parallel_load_process_group")),
           _("Use the same process group for the fully parallel save and load."),
           _("%s needs %s and %s to name the same group."), N ("ckpt_pg_tensors_cache_path"),
           N ("ckpt_fully_parallel_save_process_group"), N ("ckpt_fully_parallel_load_process_group"));

    if (ON ("load_main_params_from_ckpt") && !ON ("no_load_optim"))
      ADD (ERROR, "checkpoint.load-main-params", FLAGS (F ("load_main_params_from_ckpt"), F ("no_load_optim")),
           _("Add --no-load-optim."), _("%s must be used with %s."), N ("load_main_params_from_ckpt"), N ("no_load_optim"));

    if (GIVEN ("logits_save_dir"))
      {
        /* Without the persistent worker Megatron turns --async-save off again. */
        gboolean async = ON ("async_save") && (str_is (ckpt, "torch") || ON ("use_persistent_ckpt_worker"));

        if (!GIVEN ("logits_save_top_k"))
          ADD (ERROR, "checkpoint.logits-save-top-k", FLAGS (F ("logits_save_dir"), F ("logits_save_top_k")),
               _("Add --logits-save-top-k."), _("%s needs %s."), N ("logits_save_dir"), N ("logits_save_top_k"));
        if (!async)
          ADD (ERROR, "checkpoint.logits-save-async",
               FLAGS (F ("logits_save_dir"), F ("async_save"), F ("use_persistent_ckpt_worker")),
               _("Add --async-save --use-persistent-ckpt-worker."),
               ON ("async_save")
               ? _("%s writes the logits through the asynchronous checkpoint queue: it needs %s, which Megatron "
                   "turns off without --use-persistent-ckpt-worker.")
               : _("%s writes the logits through the asynchronous checkpoint queue: it needs %s."),
               N ("logits_save_dir"), N ("async_save"));
      }

    if (GIVEN ("override_ckpt_iteration") && ON ("finetune"))
      ADD (ERROR, "checkpoint.override-iteration-finetune", FLAGS (F ("override_ckpt_iteration"), F ("finetune")),
           _("Keep one of the two."), _("%s cannot be combined with %s."), N ("override_ckpt_iteration"), N ("finetune"));
  }

  if (ON ("delay_wgrad_compute") && ON ("overlap_grad_reduce")
      && (planner_check_graph_module (c, "attn")
          || (planner_check_graph_module (c, "moe_router") && GIVEN ("moe_shared_expert_intermediate_size")
              && !ON ("moe_shared_expert_overlap"))))
    {
      if (!arg_bool (c->args, "gradient_accumulation_fusion", TRUE))
        ADD (ERROR, "wgrad.cuda-graph-grad-acc-fusion",
             FLAGS (F ("delay_wgrad_compute"), F ("gradient_accumulation_fusion"), F ("cuda_graph_modules")),
             _("Drop {--no-gradient-accumulation-fusion}."),
             _("Delayed weight gradients inside captured CUDA graphs need gradient accumulation fusion (static "
               "buffers), which %s turns off."), N ("gradient_accumulation_fusion"));
      if (planner_check_graph_module (c, "attn") && c->add_bias)
        ADD (ERROR, "wgrad.cuda-graph-attn-bias",
             FLAGS (F ("delay_wgrad_compute"), F ("add_bias_linear"), F ("cuda_graph_modules")),
             _("Add {--disable-bias-linear}, or do not capture attn."),
             _("Delayed weight gradients with captured attention do not support attention biases yet."));
    }

  if (has_value (c->args, "lr") && has_value (c->args, "min_lr"))
    {
      double lr = planner_args_get_double (c->args, "lr", 0.0);
      double min_lr = planner_args_get_double (c->args, "min_lr", 0.0);

      if (min_lr > lr)
        ADD (ERROR, "lr.min-above-max", FLAGS (F ("min_lr"), F ("lr")),
             _("Make {--min-lr} at most {--lr} (often lr / 10)."),
             _("%s (%g) is larger than %s (%g)."), N ("min_lr"), min_lr, N ("lr"), lr);
    }

  if (has_value (c->args, "lr_warmup_fraction") && !ON ("skip_train")
      && (has_value (c->args, "train_iters") || has_value (c->args, "train_samples"))
      && (arg_int (c->args, "lr_warmup_iters", 0) != 0 || arg_int (c->args, "lr_warmup_samples", 0) != 0))
    ADD (ERROR, "lr.warmup-exclusive",
         FLAGS (F ("lr_warmup_fraction"),
                F (arg_int (c->args, "lr_warmup_iters", 0) != 0 ? "lr_warmup_iters" : "lr_warmup_samples")),
         _("Keep one way of giving the warm-up."), _("%s cannot be combined with {--lr-warmup-iters} / {--lr-warmup-samples}."),
         N ("lr_warmup_fraction"));

  /* --skip-train skips the schedule checks: no learning rate is used. */
  if (has_value (c->args, "train_iters") && !ON ("skip_train"))
    {
      if (has_value (c->args, "train_samples"))
        ADD (ERROR, "training.iters-and-samples", FLAGS (F ("train_iters"), F ("train_samples")),
             _("Keep one of the two."), _("%s and %s cannot both be given."), N ("train_iters"), N ("train_samples"));
      else if (has_value (c->args, "lr_decay_samples") || arg_int (c->args, "lr_warmup_samples", 0) != 0
               || has_value (c->args, "lr_wsd_decay_samples"))
        ADD (ERROR, "training.iters-with-sample-lr", FLAGS (F ("train_iters"), F ("lr_decay_samples")),
             _("Use {--lr-decay-iters} / {--lr-warmup-iters} with {--train-iters}."),
             _("Iteration-based training (%s) cannot use sample-based learning-rate options."), N ("train_iters"));
    }
  else if (has_value (c->args, "train_samples") && !ON ("skip_train")
           && (has_value (c->args, "lr_decay_iters") || arg_int (c->args, "lr_warmup_iters", 0) != 0
               || has_value (c->args, "lr_wsd_decay_iters")))
    {
      ADD (ERROR, "training.samples-with-iter-lr", FLAGS (F ("train_samples"), F ("lr_decay_iters")),
           _("Use {--lr-decay-samples} / {--lr-warmup-samples} with {--train-samples}."),
           _("Sample-based training (%s) cannot use iteration-based learning-rate options."), N ("train_samples"));
    }

  if (planner_args_is_set (c->args, "seed") && arg_int (c->args, "seed", 1234) <= 0)
    ADD (ERROR, "training.seed-zero", FLAGS (F ("seed")),
         _("Use a positive seed (Megatron's default is 1234)."),
         _("%s %" PRId64 " is refused at start-up: the random-seed set-up needs a positive seed."),
         N ("seed"), arg_int (c->args, "seed", 0));

  if (has_value (c->args, "log_memory_interval"))
    {
      gint64 memory = arg_int (c->args, "log_memory_interval", 0);
      gint64 interval = arg_int (c->args, "log_interval", 100);

      if (interval <= 0 || memory % interval != 0)
        ADD (ERROR, "logging.memory-interval", FLAGS (F ("log_memory_interval"), F ("log_interval")),
             _("Make --log-memory-interval a multiple of {--log-interval}."),
             _("%s (%" PRId64 ") must be a multiple of %s (%" PRId64 ")."),
             N ("log_memory_interval"), memory, N ("log_interval"), interval);
    }

  /* Transformer Engine's fused cross-entropy is refused from 0.18.2 on;
   * older releases run it. */
  if (arg_bool (c->args, "cross_entropy_loss_fusion", FALSE)
      && str_is (arg_str (c->args, "cross_entropy_fusion_impl", "native"), "te")
      && planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL, "0.18.2"))
    ADD (ERROR, "loss.cross-entropy-te", FLAGS (F ("cross_entropy_loss_fusion"), F ("cross_entropy_fusion_impl")),
         _("Use --cross-entropy-fusion-impl native (the default)."),
         _("%s te is rejected; only native is accepted."), N ("cross_entropy_fusion_impl"));
}
