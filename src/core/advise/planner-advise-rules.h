/* planner-advise-rules.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advisor.h"

G_BEGIN_DECLS

/* The rules both plans draw on (engine-internal).  Each builds one
 * suggestion for the advisor's current arguments, offers it, and returns
 * it (NULL when not applicable or refused). */
PlannerSuggestion   *planner_rule_attention_backend   (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_sequence_parallel   (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_tp_in_domain        (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_more_pp             (PlannerAdvisor *advisor,
                                                       gboolean        only_large_models);
PlannerSuggestion   *planner_rule_more_tp             (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_interleave          (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_distributed_optimizer (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_overlap_grad_reduce (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_overlap_param_gather (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_tp_comm_overlap     (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_fp8                 (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_moe_dispatcher      (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_moe_grouped_gemm    (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_ep_in_node          (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_grow_micro_batch    (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_shrink_micro_batch  (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_selective_recompute (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_full_recompute      (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_cpu_offload         (PlannerAdvisor *advisor);
PlannerSuggestion   *planner_rule_cuda_max_connections (PlannerAdvisor *advisor);

G_END_DECLS
