/* planner-validate-release.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Start-up rules that only older Megatron-Core releases hold, across
 * areas (issue 20).  A rule whose condition a newer release only widened
 * stays in its area's file behind a release test; the ones here are gone
 * from 0.20.0 altogether.  Each names the release range it holds for, as
 * read from ../shared/megatron/versions/V/rules.jsonl.
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-validate-private.h"

#include "planner-release.h"

/* The custom FSDP of 0.12 and 0.13 (--use-custom-fsdp, or the job's
 * Megatron FSDP the draft respells to it). */
static gboolean
custom_fsdp (const PlannerCheck *c)
{
  return ON ("use_custom_fsdp") || ON ("use_megatron_fsdp");
}

void
planner_check_release (PlannerCheck *c)
{
  const char *release = c->context != NULL ? c->context->megatron_version : NULL;

  if (release == NULL || planner_release_at_least (release, "0.14.0"))
    return;

  /* validate_args up to 0.13.1. */
  if (arg_int (c->args, "mtp_num_layers", 0) > 0 && c->d.cp > 1)
    ADD (ERROR, "mtp.context-parallel", FLAGS (F ("mtp_num_layers"), F ("context_parallel_size")),
         _("Use CP 1, drop the MTP layers, or plan for Megatron-Core 0.14 or newer."),
         _("Megatron-Core %s refuses multi-token prediction with context parallelism (CP %" PRIu64 ")."),
         release, c->d.cp);

  if (custom_fsdp (c) && !ON ("use_distributed_optimizer"))
    ADD (ERROR, "fsdp.custom-needs-distopt", FLAGS (F (ON ("use_custom_fsdp") ? "use_custom_fsdp" : "use_megatron_fsdp"),
                                                    F ("use_distributed_optimizer")),
         _("Add {--use-distributed-optimizer}."),
         _("In Megatron-Core %s the custom FSDP runs only with the distributed optimizer."), release);

  /* TransformerConfig of 0.12.0. */
  if (!planner_release_at_least (release, "0.13.1") && c->fp8 && str_is (c->fp8_recipe, "mxfp8")
      && ON ("fp8_param_gather"))
    ADD (ERROR, "fp8.mxfp8-param-gather", FLAGS (F ("fp8_param_gather"), F ("fp8_recipe")),
         _("Drop {--fp8-param-gather}, use another FP8 recipe, or plan for Megatron-Core 0.13 or newer."),
         _("Megatron-Core %s cannot keep the parameters in FP8 with the mxfp8 recipe."), release);

  /* validate_args of 0.13.1 (0.12.0 has no --delay-wgrad-compute). */
  if (ON ("delay_wgrad_compute") && ON ("overlap_grad_reduce"))
    ADD (ERROR, "wgrad.delay-overlap-grad-reduce", FLAGS (F ("delay_wgrad_compute"), F ("overlap_grad_reduce")),
         _("Drop one of the two, or plan for Megatron-Core 0.14 or newer."),
         _("Megatron-Core %s cannot delay the weight gradients while overlapping the gradient reduction."),
         release);
}
