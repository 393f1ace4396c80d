/* planner-optimize.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advise"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-optimize.h"
#include "planner-advise-rules.h"

/* The throughput plan: rules in the order a tuning guide applies them,
 * each on top of the ones accepted before it (the layout first, then
 * memory, communication overlap, precision, and the micro-batch last,
 * since it takes whatever memory the others leave). */
void
planner_optimize_run (PlannerAdvisor *advisor)
{
  const PlannerMemoryEstimate *estimate;

  planner_rule_attention_backend (advisor);
  planner_rule_tp_in_domain (advisor);
  planner_rule_more_pp (advisor, TRUE);
  planner_rule_distributed_optimizer (advisor);
  planner_rule_sequence_parallel (advisor);
  planner_rule_interleave (advisor);
  planner_rule_overlap_grad_reduce (advisor);
  planner_rule_overlap_param_gather (advisor);
  planner_rule_tp_comm_overlap (advisor);
  planner_rule_moe_dispatcher (advisor);
  planner_rule_moe_grouped_gemm (advisor);
  planner_rule_ep_in_node (advisor);
  planner_rule_fp8 (advisor);
  planner_rule_grow_micro_batch (advisor);
  /* Only when the environment is known: a job's script exports it. */
  if (advisor->input->env != NULL)
    planner_rule_cuda_max_connections (advisor);

  estimate = planner_report_get_memory_estimate (advisor->current);
  if (planner_advisor_worst (advisor) != NULL && !estimate->fits)
    planner_advisor_note (advisor, _("The job still does not fit the memory estimate: run troubleshoot with "
                            "--symptom oom for memory fixes."));
  if (advisor->plan->suggestions->len == 0)
    planner_advisor_note (advisor, _("Nothing to change: every throughput setting the planner knows is already in place."));
}
