/* planner-advice-input.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-log-analysis.h"
#include "planner-plan.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_ADVICE_INPUT (planner_advice_input_get_type ())

G_DECLARE_FINAL_TYPE (PlannerAdviceInput, planner_advice_input, PLANNER, ADVICE_INPUT, AdwPreferencesGroup)

/* What the plan starts from: on Troubleshoot the symptom, on both pages
 * the MFU the run measured, typed in; below them the plan's own MFU
 * figures.  "changed" is emitted when the symptom or the applied MFU
 * changes, "check" when the plan is asked for again at once. */

/* Troubleshoot has the symptom chooser, Optimize does not.  Once. */
void            planner_advice_input_set_troubleshoot (PlannerAdviceInput       *self,
                                                       gboolean                  troubleshoot);
PlannerSymptom  planner_advice_input_get_symptom      (PlannerAdviceInput       *self);
/* Selects @symptom in the chooser: "changed" follows when it differs. */
void            planner_advice_input_select_symptom   (PlannerAdviceInput       *self,
                                                       PlannerSymptom            symptom);
/* The same without "changed": the log chose it, the plan follows anyway. */
void            planner_advice_input_show_symptom     (PlannerAdviceInput       *self,
                                                       PlannerSymptom            symptom);
/* The measured MFU applied last, 0..1; 0: not given. */
double          planner_advice_input_get_mfu          (PlannerAdviceInput       *self);
/* Takes the typed MFU (a wrong one counts as none). */
void            planner_advice_input_apply_mfu        (PlannerAdviceInput       *self);
/* The chooser's subtitle names the symptoms the log shows. */
void            planner_advice_input_show_log_symptoms (PlannerAdviceInput       *self,
                                                        gboolean                  log_open,
                                                        const PlannerLogAnalysis *analysis);
/* The measured, target and published MFU of @plan (NULL: none); with
 * @analysis the MFU is the log's, so none is typed. */
void            planner_advice_input_show_plan        (PlannerAdviceInput       *self,
                                                       const PlannerPlan        *plan,
                                                       const PlannerLogAnalysis *analysis);
/* The "Measured MFU" entry row. */
GtkWidget      *planner_advice_input_get_mfu_row      (PlannerAdviceInput       *self);

G_END_DECLS
