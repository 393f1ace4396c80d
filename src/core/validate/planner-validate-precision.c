/* planner-validate-precision.c
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

void
planner_check_precision (PlannerCheck *c)
{
  gboolean fp8 = has_value (c->args, "fp8");
  gboolean distopt = arg_bool (c->args, "use_distributed_optimizer", FALSE);
  const char *recipe = arg_str (c->args, "fp8_recipe", "delayed");
  /* Before 0.14.0 only torch FSDP2 stands in for the distributed optimizer. */
  gboolean fsdp = planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL, "0.14.0")
                  ? planner_check_fsdp (c) : arg_bool (c->args, "use_torch_fsdp2", FALSE);

  if (arg_bool (c->args, "fp16", FALSE) && arg_bool (c->args, "bf16", FALSE))
    ADD (ERROR, "precision.fp16-and-bf16", FLAGS (F ("fp16"), F ("bf16")),
         _("Keep only one: {--bf16} on Ampere and newer."), _("%s and %s cannot both be given."), N ("fp16"), N ("bf16"));

  if (arg_bool (c->args, "fp8_param_gather", FALSE) && !distopt && !fsdp)
    ADD (ERROR, "fp8.param-gather-needs-distopt", FLAGS (F ("fp8_param_gather"), F ("use_distributed_optimizer")),
         _("Add {--use-distributed-optimizer}."),
         _("%s needs the distributed optimizer (or FSDP)."), N ("fp8_param_gather"));

  if (fp8 && arg_bool (c->args, "first_last_layers_bf16", FALSE))
    {
      if (str_is (recipe, "delayed"))
        ADD (ERROR, "fp8.first-last-bf16-delayed", FLAGS (F ("first_last_layers_bf16"), F ("fp8_recipe")),
             _("Use {--fp8-recipe} tensorwise, mxfp8 or blockwise."),
             _("%s cannot be used with the delayed FP8 recipe, which is the default."), N ("first_last_layers_bf16"));
      if (c->num_layers != 0)
        {
          guint64 per_stage = c->num_layers / c->d.pp;
          gint64 start = arg_int (c->args, "num_layers_at_start_in_bf16", 1);
          gint64 end = arg_int (c->args, "num_layers_at_end_in_bf16", 1);

          if (start < 0 || end < 0 || (guint64) start > per_stage || (guint64) end > per_stage)
            ADD (ERROR, "fp8.first-last-bf16-count",
                 FLAGS (F ("num_layers_at_start_in_bf16"), F ("num_layers_at_end_in_bf16")),
                 _("Keep each count at most the layers per pipeline stage."),
                 _("The BF16 layer counts at the start and end must each be between 0 and %" PRIu64
                   " (layers per pipeline stage)."), per_stage);
        }
    }

  if (fp8 && str_is (recipe, "custom") && !has_value (c->args, "fp8_quantizer_factory"))
    ADD (ERROR, "fp8.custom-needs-factory", FLAGS (F ("fp8_recipe"), F ("fp8_quantizer_factory")),
         _("Add --fp8-quantizer-factory, or pick a built-in recipe."), _("The custom FP8 recipe needs %s."),
         N ("fp8_quantizer_factory"));
  if (arg_bool (c->args, "fp8_output_proj", FALSE))
    {
      if (!fp8)
        ADD (ERROR, "fp8.output-proj-needs-fp8", FLAGS (F ("fp8_output_proj"), F ("fp8")),
             _("Add {--fp8-format} e4m3 (or hybrid) with {--fp8-recipe} mxfp8, or drop the flag."),
             _("%s is an FP8 option and is refused without %s."), N ("fp8_output_proj"), N ("fp8"));
      else if (!str_is (recipe, "mxfp8"))
        ADD (ERROR, "fp8.output-proj-needs-mxfp8", FLAGS (F ("fp8_output_proj"), F ("fp8_recipe")),
             _("Add {--fp8-recipe} mxfp8, or drop the flag."), _("%s needs the mxfp8 recipe."), N ("fp8_output_proj"));
    }
  if (arg_bool (c->args, "fp8_param_gather", FALSE) && !fp8)
    ADD (ERROR, "fp8.param-gather-needs-fp8", FLAGS (F ("fp8_param_gather"), F ("fp8")),
         _("Add {--fp8-format} (e4m3 or hybrid), or drop {--fp8-param-gather}."),
         _("%s keeps the parameters in FP8, which needs %s."), N ("fp8_param_gather"), N ("fp8"));
  if (c->fp4 && str_is (arg_str (c->args, "fp4_recipe", "nvfp4"), "custom") && !GIVEN ("fp4_quantizer_factory"))
    ADD (ERROR, "fp4.custom-needs-factory", FLAGS (F ("fp4_recipe"), F ("fp4_quantizer_factory")),
         _("Add --fp4-quantizer-factory, or use --fp4-recipe nvfp4."), _("The custom FP4 recipe needs %s."),
         N ("fp4_quantizer_factory"));
  if (ON ("fp16_lm_cross_entropy") && !ON ("fp16"))
    ADD (ERROR, "precision.fp16-lm-cross-entropy", FLAGS (F ("fp16_lm_cross_entropy"), F ("fp16")),
         _("Drop --fp16-lm-cross-entropy (or train with {--fp16})."),
         _("%s computes the loss in FP16 and works only with %s."), N ("fp16_lm_cross_entropy"), N ("fp16"));
  if (ON ("fp32_residual_connection") && !ON ("fp16") && !ON ("bf16"))
    ADD (ERROR, "precision.fp32-residual", FLAGS (F ("fp32_residual_connection"), F ("bf16")),
         _("Add {--bf16} (or {--fp16}), or drop --fp32-residual-connection."),
         _("%s keeps the residual stream in FP32 and only makes sense with %s or %s training."),
         N ("fp32_residual_connection"), N ("bf16"), N ("fp16"));
  if (ON ("bf16") && ON ("accumulate_allreduce_grads_in_fp32")
      && !str_is (arg_str (c->args, "main_grads_dtype", "fp32"), "fp32"))
    ADD (ERROR, "precision.main-grads-dtype",
         FLAGS (F ("accumulate_allreduce_grads_in_fp32"), F ("main_grads_dtype")),
         _("Drop --main-grads-dtype bf16, or drop --accumulate-allreduce-grads-in-fp32."),
         _("%s needs FP32 main gradients; %s is %s."), N ("accumulate_allreduce_grads_in_fp32"),
         N ("main_grads_dtype"), arg_str (c->args, "main_grads_dtype", "fp32"));

  if (has_value (c->args, "fp4") && fp8)
    ADD (ERROR, "fp4.with-fp8", FLAGS (F ("fp4"), F ("fp8")),
         _("Keep only one low-precision format."), _("%s cannot be combined with %s."), N ("fp4"), N ("fp8"));
  if (arg_bool (c->args, "fp4_param_gather", FALSE) && !has_value (c->args, "fp4"))
    ADD (ERROR, "fp4.param-gather-needs-fp4", FLAGS (F ("fp4_param_gather"), F ("fp4")),
         _("Add --fp4-format e2m1, or drop the flag."), _("%s needs %s."), N ("fp4_param_gather"), N ("fp4"));

  /* validate_args from 0.14.0. */
  if (arg_bool (c->args, "optimizer_cpu_offload", FALSE) && arg_bool (c->args, "fp8_param_gather", FALSE)
      && !str_is (recipe, "delayed")
      && planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL, "0.14.0"))
    ADD (ERROR, "fp8.cpu-offload-recipe", FLAGS (F ("optimizer_cpu_offload"), F ("fp8_param_gather"), F ("fp8_recipe")),
         _("Use the delayed recipe, or drop one of the two flags."),
         _("%s with %s needs the delayed FP8 recipe."), N ("optimizer_cpu_offload"), N ("fp8_param_gather"));
}
