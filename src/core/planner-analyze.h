/* planner-analyze.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "planner-diagnostic.h"
#include "planner-job.h"
#include "planner-layout.h"

G_BEGIN_DECLS

/* Everything the engine says about one job, computed once and never
 * changed afterwards: views render it and compute nothing. */
typedef struct _PlannerReport PlannerReport;

#define PLANNER_TYPE_REPORT (planner_report_get_type ())

GType                planner_report_get_type          (void) G_GNUC_CONST;
PlannerReport       *planner_analyze_job              (PlannerJob          *job);
PlannerReport       *planner_report_ref               (PlannerReport       *report);
void                 planner_report_unref             (PlannerReport       *report);

/* NULL when the degrees do not form a layout Megatron would build. */
const PlannerLayout *planner_report_get_layout        (const PlannerReport *report);
/* "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs ✓", or what is wrong with it. */
const char          *planner_report_get_summary       (const PlannerReport *report);
/* "ETP 1 × EP 8 × EDP 8 × PP 1 = 64 GPUs" for MoE jobs, else NULL. */
const char          *planner_report_get_expert_summary (const PlannerReport *report);
GPtrArray           *planner_report_get_diagnostics   (const PlannerReport *report);
guint                planner_report_count             (const PlannerReport *report,
                                                       PlannerSeverity      severity);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerReport, planner_report_unref)

G_END_DECLS
