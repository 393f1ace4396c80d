/* planner-log-analysis.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-log-diagnosis.h"
#include "planner-log.h"

G_BEGIN_DECLS

/* A log read against the job that ran: everything a view shows about it
 * (the window's Troubleshoot page, the command line).  Immutable once made;
 * the views render it and compute nothing. */
typedef struct
{
  PlannerLogRecord    *record;
  PlannerJob          *job;            /* the job the run was: the one given, or read from the log */
  gboolean             job_from_log;
  guint64              vocab_size;     /* used for the analysis (the log's padded vocabulary without a catalog model) */
  GPtrArray           *assumptions;    /* char*: what the planner had to assume (GPU type, node size) */
  PlannerReport       *report;         /* the analysis of @job */
  PlannerLogDiagnosis *diagnosis;
} PlannerLogAnalysis;

/* @job: the job that ran, or NULL to read it from the log's argument block
 * (then @gpu_id and @gpus_per_node, when given, say what the log cannot).
 * Fails, naming what is missing, only when there is no job to be had. */
PlannerLogAnalysis *planner_log_analysis_new  (PlannerLogRecord  *record,
                                               PlannerJob        *job,
                                               const char        *gpu_id,
                                               guint              gpus_per_node,
                                               GError           **error);
void                planner_log_analysis_free (PlannerLogAnalysis *analysis);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLogAnalysis, planner_log_analysis_free)

G_END_DECLS
