/* planner-validate-moe.c
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
planner_check_moe (PlannerCheck *c)
{
  const char *dispatcher = arg_str (c->args, "moe_token_dispatcher_type", "allgather");
  const char *score = arg_str (c->args, "moe_router_score_function", "softmax");
  const char *balancing = arg_first (c->args, "moe_router_load_balancing_type", "aux_loss");

  if (has_value (c->args, "num_experts") && arg_int (c->args, "num_experts", 0) == 0)
    ADD (WARNING, "moe.num-experts-zero", FLAGS (F ("num_experts")),
         "Drop --num-experts for a dense model.",
         "%s 0 is turned into \"no experts\": the model is dense.", F ("num_experts"));

  if (c->d.ep > 1 && c->num_experts == 0)
    {
      ADD (ERROR, "moe.ep-without-experts", FLAGS (F ("expert_model_parallel_size"), F ("num_experts")),
           "Drop --expert-model-parallel-size, or add --num-experts.",
           "%s %" G_GUINT64_FORMAT " needs a mixture-of-experts model, but %s is not set.",
           F ("expert_model_parallel_size"), c->d.ep, F ("num_experts"));
      return;
    }
  if (c->num_experts == 0)
    return;

  if (c->num_experts % c->d.ep != 0)
    {
      guint64 fit = c->world != 0 && c->world % (c->d.etp * c->d.pp) == 0 ? c->world / (c->d.etp * c->d.pp) : 0;
      g_autofree char *choices = format_divisors (c->num_experts, fit);

      ADD (ERROR, "moe.experts-not-divisible-by-ep", FLAGS (F ("num_experts"), F ("expert_model_parallel_size")),
           "Pick an expert-parallel size that divides the number of experts.",
           "Number of experts should be a multiple of expert model parallel_size: %" G_GUINT64_FORMAT
           " experts over EP %" G_GUINT64_FORMAT ". Valid %s values%s: %s.",
           c->num_experts, c->d.ep, F ("expert_model_parallel_size"),
           fit != 0 ? " that fit the GPUs" : "", choices != NULL ? choices : "none");
    }

  if (arg_bool (c->args, "add_bias_linear", TRUE) && c->d.etp != 1)
    ADD (ERROR, "moe.bias-needs-etp-1",
         FLAGS (F ("add_bias_linear"), F ("expert_tensor_parallel_size"), F ("tensor_model_parallel_size")),
         "Add --disable-bias-linear (most MoE models have no bias), or --expert-tensor-parallel-size 1.",
         "Bias in MoE is only supported when ETP == 1, and ETP is %" G_GUINT64_FORMAT "%s. The linear layers have a "
         "bias because %s is not given.",
         c->d.etp, c->d.etp_given ? "" : " (it defaults to TP)", F ("add_bias_linear"));
  else if (!c->d.etp_given && c->d.tp > 1)
    ADD (INFO, "moe.etp-defaults-to-tp", FLAGS (F ("expert_tensor_parallel_size"), F ("tensor_model_parallel_size")),
         "Set --expert-tensor-parallel-size 1 to keep experts whole (often faster with EP).",
         "Expert tensor parallelism is not given, so it defaults to TP %" G_GUINT64_FORMAT ": every expert is split "
         "over %" G_GUINT64_FORMAT " GPUs.", c->d.tp, c->d.tp);

  if (!has_value (c->args, "moe_ffn_hidden_size"))
    ADD (INFO, "moe.ffn-default", FLAGS (F ("moe_ffn_hidden_size"), F ("ffn_hidden_size")),
         NULL, "%s is not given, so each expert uses the dense FFN size (%s).",
         F ("moe_ffn_hidden_size"), F ("ffn_hidden_size"));

  {
    guint64 moe_ffn = c->config != NULL ? c->config->moe_ffn_hidden_size : arg_pos (c->args, "moe_ffn_hidden_size");

    if (moe_ffn != 0 && moe_ffn % c->d.etp != 0)
      ADD (ERROR, "moe.ffn-not-divisible-by-etp",
           FLAGS (F ("moe_ffn_hidden_size"), F ("expert_tensor_parallel_size")),
           "Pick an ETP that divides the expert FFN size.",
           "The expert FFN size %" G_GUINT64_FORMAT " is not divisible by ETP %" G_GUINT64_FORMAT
           ": the job dies when the model is built.", moe_ffn, c->d.etp);
  }

  {
    gint64 topk = arg_int (c->args, "moe_router_topk", 2);

    if (topk <= 0 || (guint64) topk > c->num_experts)
      ADD (ERROR, "moe.topk-range", FLAGS (F ("moe_router_topk"), F ("num_experts")),
           "Route each token to between 1 and the number of experts.",
           "%s %" G_GINT64_FORMAT " must be between 1 and the %" G_GUINT64_FORMAT " experts.",
           F ("moe_router_topk"), topk, c->num_experts);
    else if (topk == 1 && str_is (score, "softmax") && !arg_bool (c->args, "moe_router_pre_softmax", FALSE)
             && !str_is (balancing, "sinkhorn"))
      ADD (ERROR, "moe.topk1-needs-pre-softmax", FLAGS (F ("moe_router_topk"), F ("moe_router_pre_softmax")),
           "Add --moe-router-pre-softmax.",
           "With top-1 routing and softmax scores Megatron stops: \"Please use --moe-router-pre-softmax when topk is 1.\"");
  }

  if (has_value (c->args, "moe_router_num_groups"))
    {
      guint64 groups = arg_pos (c->args, "moe_router_num_groups");
      guint64 group_topk = arg_pos (c->args, "moe_router_group_topk");

      if (groups == 0 || c->num_experts % groups != 0 || group_topk > groups)
        ADD (ERROR, "moe.router-groups",
             FLAGS (F ("moe_router_num_groups"), F ("moe_router_group_topk"), F ("num_experts")),
             "Use a group count that divides the experts and a group top-k no larger than it.",
             "Group-limited routing needs the %" G_GUINT64_FORMAT " experts to split evenly into %s groups and "
             "%s ≤ the number of groups.", c->num_experts, F ("moe_router_num_groups"), F ("moe_router_group_topk"));
    }

  if (arg_bool (c->args, "moe_router_enable_expert_bias", FALSE) && str_is (score, "softmax"))
    ADD (ERROR, "moe.expert-bias-needs-sigmoid",
         FLAGS (F ("moe_router_enable_expert_bias"), F ("moe_router_score_function")),
         "Add --moe-router-score-function sigmoid.",
         "%s works only with sigmoid or sqrtsoftplus router scores, not softmax.", F ("moe_router_enable_expert_bias"));

  if (arg_bool (c->args, "moe_shared_expert_overlap", FALSE) && !str_is (dispatcher, "alltoall")
      && !str_is (dispatcher, "flex"))
    ADD (ERROR, "moe.shared-expert-overlap-dispatcher",
         FLAGS (F ("moe_shared_expert_overlap"), F ("moe_token_dispatcher_type")),
         "Use --moe-token-dispatcher-type alltoall (or flex).",
         "%s needs the alltoall or flex token dispatcher; the dispatcher is %s.",
         F ("moe_shared_expert_overlap"), dispatcher);

  if (arg_bool (c->args, "moe_enable_deepep", FALSE) && !str_is (dispatcher, "flex"))
    ADD (ERROR, "moe.deepep-needs-flex", FLAGS (F ("moe_enable_deepep"), F ("moe_token_dispatcher_type")),
         "Add --moe-token-dispatcher-type flex.",
         "%s needs --moe-token-dispatcher-type flex; the dispatcher is %s.", F ("moe_enable_deepep"), dispatcher);

  if ((arg_bool (c->args, "moe_router_padding_for_quantization", FALSE)
       || arg_bool (c->args, "moe_router_padding_for_fp8", FALSE))
      && str_is (dispatcher, "allgather"))
    ADD (ERROR, "moe.padding-for-quantization-allgather",
         FLAGS (F (arg_bool (c->args, "moe_router_padding_for_fp8", FALSE) ? "moe_router_padding_for_fp8"
                   : "moe_router_padding_for_quantization"), F ("moe_token_dispatcher_type")),
         "Use --moe-token-dispatcher-type alltoall or flex.",
         "Router padding for quantization is rejected with the allgather token dispatcher.");

  if (has_value (c->args, "moe_expert_capacity_factor"))
    {
      double factor = planner_args_get_double (c->args, "moe_expert_capacity_factor", -1.0);

      if (factor < 0.0)
        ADD (WARNING, "moe.capacity-factor-negative", FLAGS (F ("moe_expert_capacity_factor")), NULL,
             "A negative %s is turned into \"no capacity limit\" (no token dropping).",
             F ("moe_expert_capacity_factor"));
      else if (!str_is (balancing, "aux_loss") && !str_is (balancing, "seq_aux_loss")
               && !str_is (balancing, "global_aux_loss") && !str_is (balancing, "none"))
        ADD (ERROR, "moe.capacity-factor-balancing",
             FLAGS (F ("moe_expert_capacity_factor"), F ("moe_router_load_balancing_type")),
             "Use --moe-router-load-balancing-type aux_loss, seq_aux_loss, global_aux_loss or none.",
             "Token dropping with %s works only with the aux_loss, seq_aux_loss, global_aux_loss or none "
             "load balancing, not %s.", F ("moe_expert_capacity_factor"), balancing);
    }
  else if (arg_bool (c->args, "moe_pad_expert_input_to_capacity", FALSE))
    {
      ADD (ERROR, "moe.pad-needs-capacity",
           FLAGS (F ("moe_pad_expert_input_to_capacity"), F ("moe_expert_capacity_factor")),
           "Add --moe-expert-capacity-factor, or drop the padding flag.",
           "%s needs %s.", F ("moe_pad_expert_input_to_capacity"), F ("moe_expert_capacity_factor"));
    }

  {
    guint n_types = arg_list_length (c->args, "moe_router_load_balancing_type");
    guint n_coeffs = arg_list_length (c->args, "moe_aux_loss_coeff");

    if (n_types > 1 && n_coeffs > 1 && n_types != n_coeffs)
      ADD (ERROR, "moe.balancing-coeff-length",
           FLAGS (F ("moe_router_load_balancing_type"), F ("moe_aux_loss_coeff")),
           "Give one coefficient per load-balancing type.",
           "%u load-balancing types but %u auxiliary-loss coefficients.", n_types, n_coeffs);
  }

  if (arg_bool (c->args, "moe_grouped_gemm", FALSE) && c->context != NULL
      && c->context->compute_capability_major != 0 && c->context->compute_capability_major < 8)
    ADD (ERROR, "moe.grouped-gemm-cc", FLAGS (F ("moe_grouped_gemm")),
         "Drop --moe-grouped-gemm on this GPU, or use an Ampere or newer GPU.",
         "%s needs a GPU of compute capability 8.0 or newer; this one is %u.x.",
         F ("moe_grouped_gemm"), c->context->compute_capability_major);

  if (arg_bool (c->args, "overlap_moe_expert_parallel_comm", FALSE))
    {
      GString *why = g_string_new (NULL);

      if (c->d.ep <= 1)
        g_string_append (why, " EP > 1;");
      if (!str_is (dispatcher, "alltoall") && !str_is (dispatcher, "flex"))
        g_string_append (why, " the alltoall or flex dispatcher;");
      if (!arg_bool (c->args, "bf16", FALSE) && !arg_bool (c->args, "fp16", FALSE))
        g_string_append (why, " --bf16 or --fp16;");
      if (str_is (c->recompute, "full") || has_value (c->args, "recompute_method"))
        g_string_append (why, " no full recompute;");
      if (c->d.pp > 1 && c->d.vpp <= 1)
        g_string_append (why, " a virtual pipeline when PP > 1;");
      if (why->len > 0)
        {
          why->str[why->len - 1] = '.';
          ADD (ERROR, "moe.overlap-ep-comm", FLAGS (F ("overlap_moe_expert_parallel_comm")),
               "Meet the requirements, or drop the flag.",
               "%s needs:%s", F ("overlap_moe_expert_parallel_comm"), why->str);
        }
      g_string_free (why, TRUE);
    }
}
