/* planner-validate-recompute.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include "planner-validate-private.h"

#include <string.h>

static const char *const recompute_modules[] = {
  "core_attn", "moe_act", "layernorm", "mla_up_proj", "mlp", "moe", "shared_experts",
  "gdn_norm_out", "gdp_in_proj", "gdp_qkv", "mhc", NULL,
};

void
planner_check_recompute (PlannerCheck *c)
{
  const char *granularity = c->recompute;
  gboolean method = has_value (c->args, "recompute_method");
  gboolean num_layers = has_value (c->args, "recompute_num_layers");

  if (arg_bool (c->args, "recompute_activations", FALSE))
    {
      if (str_is (arg_str (c->args, "recompute_granularity", NULL), "full"))
        ADD (WARNING, "recompute.activations-override",
             FLAGS (F ("recompute_activations"), F ("recompute_granularity")),
             "Drop --recompute-activations.",
             "%s turns the granularity into selective, overriding %s full.",
             F ("recompute_activations"), F ("recompute_granularity"));
      else
        ADD (INFO, "recompute.activations-selective", FLAGS (F ("recompute_activations")),
             "Write --recompute-granularity selective instead.",
             "%s means --recompute-granularity selective.", F ("recompute_activations"));
    }

  if (str_is (granularity, "full"))
    {
      if (!method)
        ADD (ERROR, "recompute.full-needs-method", FLAGS (F ("recompute_granularity"), F ("recompute_method")),
             "Add --recompute-method uniform (or block).",
             "Full recompute needs %s uniform or block.", F ("recompute_method"));
      if (!num_layers)
        ADD (ERROR, "recompute.full-needs-num-layers",
             FLAGS (F ("recompute_granularity"), F ("recompute_num_layers")),
             "Add --recompute-num-layers (1 with uniform recomputes every layer).",
             "Full recompute needs %s.", F ("recompute_num_layers"));
      if (arg_bool (c->args, "moe_layer_recompute", FALSE))
        ADD (ERROR, "recompute.moe-layer-recompute-full",
             FLAGS (F ("moe_layer_recompute"), F ("recompute_granularity")),
             "Drop --moe-layer-recompute.",
             "%s (deprecated) means selective recompute of the MoE layers and is rejected with full recompute.",
             F ("moe_layer_recompute"));
    }
  else if (str_is (granularity, "selective"))
    {
      if (method)
        ADD (ERROR, "recompute.selective-with-method", FLAGS (F ("recompute_granularity"), F ("recompute_method")),
             "Drop --recompute-method (it only applies to full recompute).",
             "%s cannot be used with selective recompute.", F ("recompute_method"));
      if (num_layers)
        ADD (ERROR, "recompute.selective-with-num-layers",
             FLAGS (F ("recompute_granularity"), F ("recompute_num_layers")),
             "Drop --recompute-num-layers (it only applies to full recompute).",
             "%s cannot be used with selective recompute.", F ("recompute_num_layers"));
    }

  if (arg_bool (c->args, "distribute_saved_activations", FALSE))
    {
      if (c->d.tp <= 1 || !str_is (granularity, "full") || !method)
        ADD (ERROR, "recompute.distribute-saved-activations",
             FLAGS (F ("distribute_saved_activations"), F ("recompute_granularity"), F ("tensor_model_parallel_size")),
             "Use it only with TP > 1, --recompute-granularity full and a --recompute-method.",
             "%s needs TP > 1, full recompute and a recompute method.", F ("distribute_saved_activations"));
      if (c->sp)
        ADD (ERROR, "recompute.distribute-saved-activations-sp",
             FLAGS (F ("distribute_saved_activations"), F ("sequence_parallel")),
             "Drop one of the two: sequence parallelism already splits the activations.",
             "%s cannot be combined with sequence parallelism.", F ("distribute_saved_activations"));
    }

  {
    const char *const *modules = planner_args_get_list (c->args, "recompute_modules");

    for (guint i = 0; modules != NULL && modules[i] != NULL; i++)
      {
        if (!g_strv_contains (recompute_modules, modules[i]))
          ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules")),
               "Use core_attn, moe_act, layernorm, mla_up_proj, mlp, moe or shared_experts.",
               "\"%s\" is not a module %s knows.", modules[i], F ("recompute_modules"));
        else if (g_str_equal (modules[i], "moe_act") && !arg_bool (c->args, "moe_grouped_gemm", FALSE))
          ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("moe_grouped_gemm")),
               "Add --moe-grouped-gemm, or drop moe_act.", "Recomputing moe_act needs --moe-grouped-gemm.");
        else if (g_str_equal (modules[i], "mla_up_proj") && !arg_bool (c->args, "multi_latent_attention", FALSE))
          ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("multi_latent_attention")),
               "Drop mla_up_proj (the model has no multi-latent attention).",
               "Recomputing mla_up_proj needs --multi-latent-attention.");
      }
  }

  if (arg_int (c->args, "cpu_offloading_num_layers", 0) > 0)
    {
      if (granularity != NULL)
        ADD (ERROR, "cpu-offloading.with-recompute",
             FLAGS (F ("cpu_offloading_num_layers"), F ("recompute_granularity")),
             "Use either activation offloading or recompute.",
             "CPU activation offloading (%s) cannot be combined with recompute.", F ("cpu_offloading_num_layers"));
      if (c->d.pp > 1)
        ADD (ERROR, "cpu-offloading.with-pp",
             FLAGS (F ("cpu_offloading_num_layers"), F ("pipeline_model_parallel_size")),
             "Use PP 1, or drop the offloading.",
             "CPU activation offloading (%s) does not work with pipeline parallelism (PP %" G_GUINT64_FORMAT ").",
             F ("cpu_offloading_num_layers"), c->d.pp);
    }
}
