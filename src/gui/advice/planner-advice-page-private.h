/* planner-advice-page-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advice-page.h"
#include "planner-log-analysis.h"
#include "planner-plan.h"

G_BEGIN_DECLS

/* For the widget tests. */

/* Computes the plan now if the job changed since the last one. */
void               _planner_advice_page_flush           (PlannerAdvicePage *self);
/* The plan on show; NULL while a status page explains why there is none. */
const PlannerPlan *_planner_advice_page_get_plan        (PlannerAdvicePage *self);
/* How many suggestion groups the page shows. */
guint              _planner_advice_page_get_n_suggestions (PlannerAdvicePage *self);
void               _planner_advice_page_set_symptom     (PlannerAdvicePage *self,
                                                         PlannerSymptom     symptom);
/* The "Measured MFU" entry row. */
GtkWidget         *_planner_advice_page_get_mfu_row     (PlannerAdvicePage *self);
/* What "Apply" in the confirmation dialog does: suggestion @index
 * (G_MAXUINT: the whole plan) becomes the window's job. */
gboolean           _planner_advice_page_apply           (PlannerAdvicePage *self,
                                                         guint              index,
                                                         GError           **error);

/* What an "Apply" button does: shows the changes and asks first. */
void               _planner_advice_page_request_apply   (PlannerAdvicePage *self,
                                                         guint              index);

/* The log read against the job for the plan on show, or NULL. */
const PlannerLogAnalysis *_planner_advice_page_get_log_analysis (PlannerAdvicePage *self);
/* The chart of the log (Troubleshoot; NULL on Optimize). */
GtkWidget         *_planner_advice_page_get_chart       (PlannerAdvicePage *self);

G_END_DECLS
