/* planner-log-json.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "planner-log-analysis.h"

G_BEGIN_DECLS

/* A log's analysis as JSON (troubleshoot/optimize --log --json):
 *
 *   log        {file, lines, bytes, phase, runs, rank_prefixes, ranks_seen, world_size,
 *               iterations: {logged, first, last, train_iters, tflops_per_gpu_median,
 *                            elapsed_ms_median, loss_first, loss_last, loss_min,
 *                            grad_norm_max, skipped, nan} | null,
 *               events: {oom, nccl-timeout, exception, nan, skipped, loss-spike, grad-norm-spike}}
 *   job        {from_log, layout, gpu, assumptions [..]}
 *   diagnosis  {findings: [{symptom, title, details [..], rank, stage, iteration,
 *                           rule: {id, family, match, code} | null,
 *                           citations: [{line, rank, topic, text}]}],
 *               measured: {mfu, from "throughput" | "elapsed-time", logged_value,
 *                          tflops_per_gpu, peak, peak_tflops, line,
 *                          expected: {low, high, source} | null} | null,
 *               memory: [{rank, stage, logged_max_reserved_bytes, logged_max_allocated_bytes,
 *                         estimate_bytes, difference, line, sentence}],
 *               theoretical: {logged_bytes, planner_bytes} | null,
 *               notes [..]}
 *   plans      [plan, …] as planner_plan_to_json, with evidence and citations
 *
 * Numbers that are unknown or not finite are null; @file may be NULL. */
JsonNode *planner_log_analysis_to_json (const PlannerLogAnalysis *analysis,
                                        const char               *file,
                                        GPtrArray                *plans);

G_END_DECLS
