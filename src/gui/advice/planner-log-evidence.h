/* planner-log-evidence.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-log-analysis.h"
#include "planner-log-chart.h"
#include "planner-log-line-row.h"

G_BEGIN_DECLS

/* Rows that show what a run's log proves, for the Troubleshoot and
 * Optimize pages: every sentence with the lines of the log behind it,
 * each line with its number (and rank), as written. */

/* "Out of memory", "Diverging loss" … as the symptom chooser says them. */
const char *planner_log_symptom_label       (PlannerSymptom             symptom);
/* A finding: its sentence, what else the log says of it, and the lines
 * that prove it (a line proving two things is shown once). */
GtkWidget  *planner_log_finding_row_new     (const PlannerLogFinding   *finding,
                                             gboolean                   expanded);
/* The measured MFU with the line it was read from; NULL without one. */
GtkWidget  *planner_log_mfu_row_new         (const PlannerLogDiagnosis *diagnosis);
/* Logged memory against the planner's estimate, rank by rank; NULL
 * when the log has no memory line. */
GtkWidget  *planner_log_memory_row_new      (const PlannerLogDiagnosis *diagnosis);
/* Megatron's theoretical memory in the log beside the planner's; NULL
 * when the log has none. */
GtkWidget  *planner_log_theoretical_row_new (const PlannerLogDiagnosis *diagnosis);
/* The marks for the chart, one per finding that names an iteration, the
 * most severe first; the labels are owned by the array (free with
 * planner_log_marks_free). */
GArray     *planner_log_marks_new           (const PlannerLogDiagnosis *diagnosis);
void        planner_log_marks_free          (GArray                    *marks);

G_END_DECLS
