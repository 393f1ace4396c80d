/* planner-advice-page-internal.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-advice-findings.h"
#include "planner-advice-input.h"
#include "planner-advice-log-group.h"
#include "planner-advice-page-private.h"
#include "planner-log-chart-view.h"

G_BEGIN_DECLS

/* The page's parts, for its own files: planner-advice-page.c (the page,
 * its log and its plans) and planner-advice-apply.c (applying them). */

struct _PlannerAdvicePage
{
  AdwBin                 parent_instance;

  /* Template children */
  GtkStack              *stack;
  AdwStatusPage         *status;
  GtkWidget             *status_button;
  AdwPreferencesPage    *page;
  PlannerAdviceLogGroup *log_group;
  AdwPreferencesGroup   *chart_group;    /* NULL on Optimize */
  PlannerLogChartView   *chart;          /* NULL on Optimize */
  PlannerAdviceFindings *findings_group; /* NULL on Optimize */
  PlannerAdviceInput    *input;

  PlannerJob            *job;
  gboolean               troubleshoot;

  PlannerReport         *report;       /* the newest report of the job */
  gboolean               dirty;        /* the plan is older than the job */
  guint                  compute_source;

  PlannerPlan           *plan;
  PlannerJob            *plan_job;     /* the job the plan was made for */
  GPtrArray             *plan_groups;  /* AdwPreferencesGroup, rebuilt with each plan */
  guint                  n_suggestions;

  /* The training log */
  PlannerLogSession     *session;
  PlannerLogRecord      *shown_record; /* the record the groups show */
  gboolean               log_new;      /* a log was read since the last plan: show its first symptom */
  PlannerLogAnalysis    *analysis;     /* the log read against the job, made with each plan */
  char                  *analysis_error;
};

/* The plan is out of date: made again before the next frame it is shown. */
void _planner_advice_page_invalidate (PlannerAdvicePage *self);
/* A toast in the window's overlay. */
void _planner_advice_page_toast      (PlannerAdvicePage *self,
                                      const char        *text);

G_END_DECLS
