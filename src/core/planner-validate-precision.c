/* planner-validate-precision.c
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
planner_check_precision (PlannerCheck *c)
{
  gboolean fp8 = has_value (c->args, "fp8");
  gboolean distopt = arg_bool (c->args, "use_distributed_optimizer", FALSE);
  const char *recipe = arg_str (c->args, "fp8_recipe", "delayed");

  if (arg_bool (c->args, "fp16", FALSE) && arg_bool (c->args, "bf16", FALSE))
    ADD (ERROR, "precision.fp16-and-bf16", FLAGS (F ("fp16"), F ("bf16")),
         "Keep only one: --bf16 on Ampere and newer.", "%s and %s cannot both be given.", F ("fp16"), F ("bf16"));

  if (arg_bool (c->args, "fp8_param_gather", FALSE) && !distopt && !planner_check_fsdp (c))
    ADD (ERROR, "fp8.param-gather-needs-distopt", FLAGS (F ("fp8_param_gather"), F ("use_distributed_optimizer")),
         "Add --use-distributed-optimizer.",
         "%s needs the distributed optimizer (or FSDP).", F ("fp8_param_gather"));

  if (fp8 && arg_bool (c->args, "first_last_layers_bf16", FALSE))
    {
      if (str_is (recipe, "delayed"))
        ADD (ERROR, "fp8.first-last-bf16-delayed", FLAGS (F ("first_last_layers_bf16"), F ("fp8_recipe")),
             "Use --fp8-recipe tensorwise, mxfp8 or blockwise.",
             "%s cannot be used with the delayed FP8 recipe, which is the default.", F ("first_last_layers_bf16"));
      if (c->num_layers != 0)
        {
          guint64 per_stage = c->num_layers / c->d.pp;
          gint64 start = arg_int (c->args, "num_layers_at_start_in_bf16", 1);
          gint64 end = arg_int (c->args, "num_layers_at_end_in_bf16", 1);

          if (start < 0 || end < 0 || (guint64) start > per_stage || (guint64) end > per_stage)
            ADD (ERROR, "fp8.first-last-bf16-count",
                 FLAGS (F ("num_layers_at_start_in_bf16"), F ("num_layers_at_end_in_bf16")),
                 "Keep each count at most the layers per pipeline stage.",
                 "The BF16 layer counts at the start and end must each be between 0 and %" G_GUINT64_FORMAT
                 " (layers per pipeline stage).", per_stage);
        }
    }

  if (fp8 && str_is (recipe, "custom") && !has_value (c->args, "fp8_quantizer_factory"))
    ADD (ERROR, "fp8.custom-needs-factory", FLAGS (F ("fp8_recipe"), F ("fp8_quantizer_factory")),
         "Add --fp8-quantizer-factory, or pick a built-in recipe.", "The custom FP8 recipe needs %s.",
         F ("fp8_quantizer_factory"));
  if (arg_bool (c->args, "fp8_output_proj", FALSE) && !str_is (recipe, "mxfp8"))
    ADD (ERROR, "fp8.output-proj-needs-mxfp8", FLAGS (F ("fp8_output_proj"), F ("fp8_recipe")),
         "Add --fp8-recipe mxfp8, or drop the flag.", "%s needs the mxfp8 recipe.", F ("fp8_output_proj"));

  if (has_value (c->args, "fp4") && fp8)
    ADD (ERROR, "fp4.with-fp8", FLAGS (F ("fp4"), F ("fp8")),
         "Keep only one low-precision format.", "%s cannot be combined with %s.", F ("fp4"), F ("fp8"));
  if (arg_bool (c->args, "fp4_param_gather", FALSE) && !has_value (c->args, "fp4"))
    ADD (ERROR, "fp4.param-gather-needs-fp4", FLAGS (F ("fp4_param_gather"), F ("fp4")),
         "Add --fp4-format e2m1, or drop the flag.", "%s needs %s.", F ("fp4_param_gather"), F ("fp4"));

  if (arg_bool (c->args, "optimizer_cpu_offload", FALSE) && arg_bool (c->args, "fp8_param_gather", FALSE)
      && !str_is (recipe, "delayed"))
    ADD (ERROR, "fp8.cpu-offload-recipe", FLAGS (F ("optimizer_cpu_offload"), F ("fp8_param_gather"), F ("fp8_recipe")),
         "Use the delayed recipe, or drop one of the two flags.",
         "%s with %s needs the delayed FP8 recipe.", F ("optimizer_cpu_offload"), F ("fp8_param_gather"));
}
