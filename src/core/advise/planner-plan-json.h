/* planner-plan-json.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "planner-plan.h"

G_BEGIN_DECLS

/* A plan as JSON (the optimize/troubleshoot --json output):
 *
 *   kind           "optimize" | "troubleshoot"
 *   symptom        "oom", "low-mfu", "slow", "diverging", "start-up-error", "hang", "hang-mid-run"; null for optimize
 *   draft          always true: nothing is applied until the user approves
 *   cumulative     true: apply the suggestions together, in order; false: each alone
 *   megatron_version
 *   layout         the layout summary before the plan
 *   errors         ["code: message"] the validator's errors before the plan
 *   measured       {mfu, tflops_per_gpu, peak, peak_tflops} or null
 *   expected_mfu   {low, high, source, target} (target null unless dense on Hopper or newer) or null
 *   memory         {before_bytes, after_bytes, capacity_bytes} of the most loaded stage, or null
 *   suggestions    ranked: {rank, id, title, cause, reason, effect,
 *                   changes: [{target "flag"|"env", action "add"|"change"|"remove",
 *                              flag, dest, old_value, new_value}],
 *                   diff (the "- old / + new" lines), prerequisites [..], checks [..],
 *                   speed {low, high} | null, mfu_after {low, high} | null,
 *                   memory {before_bytes, after_bytes, fits_before, fits_after} | null,
 *                   bubble {before, after} | null}
 *   rejected       ["id: why"] considered and not offered
 *   notes          [..] findings that are not flag changes
 *
 * Plans made from a run's log (planner-advise-log.h) also have
 *   evidence       [..] what the log showed: the finding, measured MFU and memory
 * and each suggestion
 *   citations      [{line, rank | null, topic, text}] the log lines behind it
 */
JsonNode *planner_plan_to_json (const PlannerPlan *plan);

G_END_DECLS
