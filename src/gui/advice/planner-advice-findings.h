/* planner-advice-findings.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-log-diagnosis.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_ADVICE_FINDINGS (planner_advice_findings_get_type ())

G_DECLARE_FINAL_TYPE (PlannerAdviceFindings, planner_advice_findings, PLANNER, ADVICE_FINDINGS, AdwPreferencesGroup)

/* Troubleshoot's "What the Log Shows": each symptom of the log with the
 * lines that prove it, most severe first, then the measured MFU and
 * memory and the notes.  Hidden until shown. */

/* Replaces the rows with @diagnosis's and shows the group. */
void planner_advice_findings_show  (PlannerAdviceFindings     *self,
                                    const PlannerLogDiagnosis *diagnosis);
/* Removes the rows (the group keeps its visibility). */
void planner_advice_findings_clear (PlannerAdviceFindings     *self);

G_END_DECLS
