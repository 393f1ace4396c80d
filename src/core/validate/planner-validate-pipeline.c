/* planner-validate-pipeline.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the pipeline checks and the driver both read: the stages of a
 * layout string, the layers the split divides and whether the first and
 * last stages are given.  Below the driver and the checks; calls neither. */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include "planner-validate-private.h"

/* Stages in a --pipeline-model-parallel-layout string such as
 * "Et*3|(tt|)*29,m|L", read the one way the estimate reads it too
 * (planner_layout_string_parse, Megatron's grammar).  FALSE when Megatron
 * would refuse it. */
gboolean
layout_string_stages (const char *layout,
                      guint64    *stages)
{
  g_autoptr(GArray) parsed = planner_layout_string_parse (layout);

  if (parsed == NULL)
    return FALSE;
  *stages = parsed->len;
  return TRUE;
}

/* num_layers plus the embedding and loss "layers" when they are accounted
 * for in the pipeline split (facts §2.4); 0 when unknown. */
guint64
pipeline_layers (const PlannerArgs *args)
{
  guint64 layers = arg_pos (args, "num_layers");

  if (layers == 0 || layers > G_MAXUINT32)
    return 0;
  if (arg_bool (args, "account_for_embedding_in_pipeline_split", FALSE))
    layers++;
  if (arg_bool (args, "account_for_loss_in_pipeline_split", FALSE))
    layers++;
  return layers;
}

gboolean
has_uneven_stages (const PlannerArgs *args)
{
  return has_value (args, "decoder_first_pipeline_num_layers")
         || has_value (args, "decoder_last_pipeline_num_layers");
}
