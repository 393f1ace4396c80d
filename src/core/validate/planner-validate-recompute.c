/* planner-validate-recompute.c
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

#include <string.h>

static const char *const recompute_modules[] = {
  "core_attn", "moe_act", "layernorm", "mla_up_proj", "mlp", "moe", "shared_experts",
  "gdn_norm_out", "gdp_in_proj", "gdp_qkv", "mhc", NULL,
};

void
planner_check_recompute (PlannerCheck *c)
{
  const char *granularity = c->recompute;
  const char *release = c->context != NULL ? c->context->megatron_version : NULL;
  gboolean method = has_value (c->args, "recompute_method");
  gboolean num_layers = has_value (c->args, "recompute_num_layers");

  if (arg_bool (c->args, "recompute_activations", FALSE))
    {
      if (str_is (arg_str (c->args, "recompute_granularity", NULL), "full"))
        ADD (WARNING, "recompute.activations-override",
             FLAGS (F ("recompute_activations"), F ("recompute_granularity")),
             _("Drop --recompute-activations."),
             _("%s turns the granularity into selective, overriding %s full."),
             N ("recompute_activations"), N ("recompute_granularity"));
      else
        ADD (INFO, "recompute.activations-selective", FLAGS (F ("recompute_activations")),
             _("Write {--recompute-granularity} selective instead."),
             _("%s means {--recompute-granularity} selective."), N ("recompute_activations"));
    }

  if (str_is (granularity, "full"))
    {
      if (!method)
        ADD (ERROR, "recompute.full-needs-method", FLAGS (F ("recompute_granularity"), F ("recompute_method")),
             _("Add {--recompute-method} uniform (or block)."),
             _("Full recompute needs %s uniform or block."), N ("recompute_method"));
      if (!num_layers)
        ADD (ERROR, "recompute.full-needs-num-layers",
             FLAGS (F ("recompute_granularity"), F ("recompute_num_layers")),
             _("Add {--recompute-num-layers} (1 with uniform recomputes every layer)."),
             _("Full recompute needs %s."), N ("recompute_num_layers"));
      if (arg_bool (c->args, "moe_layer_recompute", FALSE))
        ADD (ERROR, "recompute.moe-layer-recompute-full",
             FLAGS (F ("moe_layer_recompute"), F ("recompute_granularity")),
             _("Drop --moe-layer-recompute."),
             _("%s (deprecated) means selective recompute of the MoE layers and is rejected with full recompute."),
             N ("moe_layer_recompute"));
    }
  else if (str_is (granularity, "selective"))
    {
      if (method)
        ADD (ERROR, "recompute.selective-with-method", FLAGS (F ("recompute_granularity"), F ("recompute_method")),
             _("Drop {--recompute-method} (it only applies to full recompute)."),
             _("%s cannot be used with selective recompute."), N ("recompute_method"));
      if (num_layers)
        ADD (ERROR, "recompute.selective-with-num-layers",
             FLAGS (F ("recompute_granularity"), F ("recompute_num_layers")),
             _("Drop {--recompute-num-layers} (it only applies to full recompute)."),
             _("%s cannot be used with selective recompute."), N ("recompute_num_layers"));
    }

  if (arg_bool (c->args, "distribute_saved_activations", FALSE))
    {
      if (c->d.tp <= 1 || !str_is (granularity, "full") || !method)
        ADD (ERROR, "recompute.distribute-saved-activations",
             FLAGS (F ("distribute_saved_activations"), F ("recompute_granularity"), F ("tensor_model_parallel_size")),
             _("Use it only with TP > 1, {--recompute-granularity} full and a {--recompute-method}."),
             _("%s needs TP > 1, full recompute and a recompute method."), N ("distribute_saved_activations"));
      if (c->sp && granularity != NULL)
        ADD (ERROR, "recompute.distribute-saved-activations-sp",
             FLAGS (F ("distribute_saved_activations"), F ("sequence_parallel")),
             _("Drop one of the two: sequence parallelism already splits the activations."),
             _("%s cannot be combined with sequence parallelism."), N ("distribute_saved_activations"));
    }

  /* The module list is read only for selective recompute. */
  if (str_is (granularity, "selective"))
    {
      const char *const *modules = planner_args_get_list (c->args, "recompute_modules");
      const char *variant = arg_str (c->args, "experimental_attention_variant", NULL);
      gboolean gdn = str_is (variant, "gdn") || str_is (variant, "gdn2") || str_is (variant, "gated_delta_net");

      for (guint i = 0; modules != NULL && modules[i] != NULL; i++)
        {
          if (!g_strv_contains (recompute_modules, modules[i]))
            ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules")),
                 _("Use core_attn, moe_act, layernorm, mla_up_proj, mlp, moe, shared_experts, gdn_norm_out, "
                   "gdp_in_proj, gdp_qkv or mhc."),
                 _("\"%s\" is not a module %s knows."), modules[i], N ("recompute_modules"));
          else if (g_str_equal (modules[i], "moe_act") && !ON ("moe_grouped_gemm"))
            ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("moe_grouped_gemm")),
                 _("Add {--moe-grouped-gemm}, or drop moe_act."), _("Recomputing moe_act needs {--moe-grouped-gemm}."));
          else if (g_str_equal (modules[i], "mla_up_proj") && !ON ("multi_latent_attention"))
            ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("multi_latent_attention")),
                 _("Drop mla_up_proj (the model has no multi-latent attention)."),
                 _("Recomputing mla_up_proj needs {--multi-latent-attention}."));
          else if (g_str_equal (modules[i], "gdn_norm_out") && !gdn)
            ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("experimental_attention_variant")),
                 _("Drop gdn_norm_out (the model has no gated delta-net attention)."),
                 _("Recomputing gdn_norm_out needs --experimental-attention-variant gdn or gdn2."));
        }

      if (planner_check_recompute_module (c, "shared_experts") && GIVEN ("moe_shared_expert_intermediate_size")
          && ON ("moe_shared_expert_overlap"))
        ADD (ERROR, "recompute.shared-experts-overlap",
             FLAGS (F ("recompute_modules"), F ("moe_shared_expert_overlap")),
             _("Drop shared_experts from {--recompute-modules}, or drop --moe-shared-expert-overlap."),
             _("Recomputing shared_experts does not work with %s."), N ("moe_shared_expert_overlap"));

      /* 0.12.0 does not check; 0.13.1 refuses them under any FP8 recipe,
       * 0.14.0 only under the delayed one. */
      if (c->fp8 && (planner_check_recompute_module (c, "moe_act") || planner_check_recompute_module (c, "layernorm"))
          && planner_release_at_least (release, "0.13.1") && !planner_release_at_least (release, "0.14.0"))
        ADD (ERROR, "recompute.fp8-modules",
             FLAGS (F ("recompute_modules"), F ("fp8")),
             _("Drop moe_act and layernorm from the modules, train in bf16, or plan for Megatron-Core 0.14 or newer."),
             _("Megatron-Core %s refuses recomputing moe_act or layernorm under FP8."), release);
      else if (c->fp8 && str_is (c->fp8_recipe, "delayed") && planner_release_at_least (release, "0.14.0")
          && (planner_check_recompute_module (c, "moe_act") || planner_check_recompute_module (c, "layernorm")))
        ADD (ERROR, "recompute.fp8-delayed-modules",
             FLAGS (F ("recompute_modules"), F ("fp8_recipe")),
             _("Use {--fp8-recipe} tensorwise, mxfp8 or blockwise, or drop moe_act and layernorm from the modules."),
             GIVEN ("fp8_recipe")
             ? _("Recomputing moe_act or layernorm under FP8 is refused with the delayed recipe.")
             : _("Recomputing moe_act or layernorm under FP8 is refused with the delayed recipe (the default recipe)."));

      if (planner_check_recompute_module (c, "mhc"))
        {
          gint64 layer_num = arg_int (c->args, "mhc_recompute_layer_num", 1);

          if (!ON ("enable_mhc_connections"))
            ADD (ERROR, "mhc.recompute-needs-mhc", FLAGS (F ("recompute_modules"), F ("enable_mhc_connections")),
                 _("Drop mhc from {--recompute-modules}, or add --enable-mhc-connections."),
                 _("Recomputing mhc needs %s."), N ("enable_mhc_connections"));
          if (planner_check_recompute_module (c, "mlp"))
            ADD (ERROR, "mhc.recompute-with-mlp", FLAGS (F ("recompute_modules")),
                 _("Keep one of mhc and mlp in {--recompute-modules}."),
                 _("mhc and mlp cannot both be recomputed: they checkpoint the same region differently."));
          if (GIVEN ("mhc_recompute_layer_num") && layer_num < 1)
            ADD (ERROR, "mhc.recompute-layer-num", FLAGS (F ("mhc_recompute_layer_num")),
                 _("Give a positive number of layers."), _("%s must be a positive whole number."),
                 N ("mhc_recompute_layer_num"));
          if (ON ("fine_grained_activation_offloading"))
            ADD (ERROR, "mhc.recompute-offloading",
                 FLAGS (F ("recompute_modules"), F ("fine_grained_activation_offloading")),
                 _("Drop mhc from {--recompute-modules}, or drop the offloading."),
                 _("Recomputing mhc is not yet supported together with %s."), N ("fine_grained_activation_offloading"));
        }
    }

  if (ON ("moe_layer_recompute") && !str_is (granularity, "full"))
    ADD (INFO, "recompute.moe-layer-recompute", FLAGS (F ("moe_layer_recompute")),
         _("Write {--recompute-granularity} selective {--recompute-modules} moe instead."),
         _("%s (deprecated) turns on selective recompute and adds \"moe\" to the recomputed modules."),
         N ("moe_layer_recompute"));
}

/* CPU activation offloading (--cpu-offloading-num-layers) and the
 * fine-grained offloading of chosen modules (TransformerConfig). */
void
planner_check_offloading (PlannerCheck *c)
{
  static const char *const offload_modules[] = {
    "core_attn", "attn_proj", "expert_fc1", "fused_group_mlp", "moe_act", "attn_norm", "mlp_norm",
    "qkv_linear", "gdp_qkv", NULL,
  };
  const char *granularity = c->recompute;

  if (c->cpu_offloading)
    {
      gint64 n = arg_int (c->args, "cpu_offloading_num_layers", 0);

      if (c->num_layers != 0 && (guint64) n >= c->num_layers)
        ADD (ERROR, "cpu-offloading.num-layers",
             FLAGS (F ("cpu_offloading_num_layers"), F ("num_layers")),
             _("Offload fewer layers than the model has."),
             _("%s (%" PRId64 ") must be smaller than the %" PRIu64 " layers."),
             N ("cpu_offloading_num_layers"), n, c->num_layers);
      if (granularity != NULL)
        ADD (ERROR, "cpu-offloading.with-recompute",
             FLAGS (F ("cpu_offloading_num_layers"), F ("recompute_granularity")),
             _("Use either activation offloading or recompute."),
             _("CPU activation offloading (%s) cannot be combined with recompute."), N ("cpu_offloading_num_layers"));
      if (c->d.pp > 1)
        ADD (ERROR, "cpu-offloading.with-pp",
             FLAGS (F ("cpu_offloading_num_layers"), F ("pipeline_model_parallel_size")),
             _("Use PP 1, or drop the offloading."),
             _("CPU activation offloading (%s) does not work with pipeline parallelism (PP %" PRIu64 ")."),
             N ("cpu_offloading_num_layers"), c->d.pp);
    }

  if (GIVEN ("offload_modules"))
    {
      const char *const *modules = planner_args_get_list (c->args, "offload_modules");
      const char *single = arg_str (c->args, "offload_modules", NULL);

      for (guint i = 0; modules != NULL && modules[i] != NULL; i++)
        if (!g_strv_contains (offload_modules, modules[i]) && ON ("fine_grained_activation_offloading"))
          ADD (ERROR, "offload.modules-invalid", FLAGS (F ("offload_modules")),
               _("Use core_attn, attn_proj, expert_fc1, fused_group_mlp, moe_act, attn_norm, mlp_norm, "
                 "qkv_linear or gdp_qkv."), _("\"%s\" is not a module %s knows."), modules[i], N ("offload_modules"));
      if (modules == NULL && single != NULL && !g_strv_contains (offload_modules, single)
          && ON ("fine_grained_activation_offloading"))
        ADD (ERROR, "offload.modules-invalid", FLAGS (F ("offload_modules")),
             _("Use core_attn, attn_proj, expert_fc1, fused_group_mlp, moe_act, attn_norm, mlp_norm, "
               "qkv_linear or gdp_qkv."), _("\"%s\" is not a module %s knows."), single, N ("offload_modules"));
    }

  if (!ON ("fine_grained_activation_offloading"))
    return;

  if (c->cpu_offloading)
    ADD (ERROR, "offload.fine-grained-with-cpu-offloading",
         FLAGS (F ("fine_grained_activation_offloading"), F ("cpu_offloading_num_layers")),
         _("Use one kind of activation offloading."),
         _("%s cannot be combined with %s."), N ("fine_grained_activation_offloading"), N ("cpu_offloading_num_layers"));
  if (!GIVEN ("offload_modules"))
    ADD (ERROR, "offload.modules-missing",
         FLAGS (F ("fine_grained_activation_offloading"), F ("offload_modules")),
         _("Add --offload-modules, for example core_attn attn_proj."),
         _("%s needs the modules to offload (%s)."), N ("fine_grained_activation_offloading"), N ("offload_modules"));
  if (planner_check_offload_module (c, "attn_proj") && !planner_check_offload_module (c, "core_attn"))
    ADD (ERROR, "offload.attn-proj-alone", FLAGS (F ("offload_modules")),
         _("Add core_attn to --offload-modules."),
         _("Offloading attn_proj needs core_attn offloaded too: its input is core_attn's output."));
  if (planner_check_offload_module (c, "gdp_qkv") && str_is (granularity, "selective")
      && planner_check_recompute_module (c, "gdp_in_proj"))
    ADD (ERROR, "offload.gdp-qkv-recompute", FLAGS (F ("offload_modules"), F ("recompute_modules")),
         _("Drop gdp_qkv from --offload-modules or gdp_in_proj from {--recompute-modules}."),
         _("Offloading gdp_qkv conflicts with recomputing gdp_in_proj, which already discards that input."));
  if (str_is (granularity, "selective") && planner_check_recompute_module (c, "moe")
      && (planner_check_offload_module (c, "moe_act") || planner_check_offload_module (c, "expert_fc1")
          || planner_check_offload_module (c, "fused_group_mlp")))
    ADD (ERROR, "offload.inside-moe-recompute", FLAGS (F ("offload_modules"), F ("recompute_modules")),
         _("Remove moe from {--recompute-modules}, or remove moe_act, expert_fc1 and fused_group_mlp from --offload-modules."),
         _("Offloading activations inside the MoE layer is refused while the whole MoE layer is recomputed."));
  if (arg_int (c->args, "min_offloaded_tensor_size", 0) < 0)
    ADD (ERROR, "offload.min-tensor-size", FLAGS (F ("min_offloaded_tensor_size")),
         _("Give zero or a positive size in bytes."), _("%s must not be negative."), N ("min_offloaded_tensor_size"));
  {
    double fraction = planner_args_get_double (c->args, "activation_offload_fraction", 1.0);

    if (!(fraction >= 0.0 && fraction <= 1.0))
      ADD (ERROR, "offload.fraction", FLAGS (F ("activation_offload_fraction")),
           _("Give a fraction between 0 and 1."), _("%s is %g; it must be between 0 and 1."),
           N ("activation_offload_fraction"), fraction);
  }
  if (arg_int (c->args, "delta_offload_bytes_across_pp_ranks", 0) < 0)
    ADD (ERROR, "offload.delta-bytes", FLAGS (F ("delta_offload_bytes_across_pp_ranks")),
         _("Give zero or a positive number of bytes."), _("%s must not be negative."),
         N ("delta_offload_bytes_across_pp_ranks"));
  if (planner_check_offload_module (c, "fused_group_mlp"))
    {
      if (!ON ("use_transformer_engine_op_fuser"))
        ADD (ERROR, "offload.fused-group-mlp-fuser",
             FLAGS (F ("offload_modules"), F ("use_transformer_engine_op_fuser")),
             _("Add --use-transformer-engine-op-fuser, or drop fused_group_mlp."),
             _("Offloading fused_group_mlp needs %s."), N ("use_transformer_engine_op_fuser"));
      if (planner_check_offload_module (c, "expert_fc1") || planner_check_offload_module (c, "moe_act"))
        ADD (ERROR, "offload.fused-group-mlp-partial", FLAGS (F ("offload_modules")),
             _("Drop expert_fc1 and moe_act: fused_group_mlp already offloads the whole grouped MLP."),
             _("fused_group_mlp cannot be combined with expert_fc1 or moe_act in %s."), N ("offload_modules"));
    }
}
