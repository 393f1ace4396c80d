/* planner-advice-plan.h
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

/* A plan on the Optimize and Troubleshoot pages: one group for the
 * plan, one per suggestion with its exact flag changes, then the whole
 * plan and what was refused.  The groups go at the end of @page and into
 * @groups, so that the next plan removes them.  Buttons act through the
 * page's actions: "advice.apply" (u: the suggestion, G_MAXUINT: the whole
 * plan) and "advice.show-startup-fixes". */

AdwPreferencesGroup *planner_advice_plan_add_group   (AdwPreferencesPage       *page,
                                                      GPtrArray                *groups,
                                                      const char               *title,
                                                      const char               *description);
/* Removes @groups from @page. */
void                 planner_advice_plan_clear       (AdwPreferencesPage       *page,
                                                      GPtrArray                *groups);
void                 planner_advice_plan_show        (AdwPreferencesPage       *page,
                                                      GPtrArray                *groups,
                                                      const PlannerPlan        *plan,
                                                      const PlannerLogAnalysis *analysis);
/* Why there is no plan, as a group below the log's evidence; with the
 * start-up fixes offered on @startup_button. */
void                 planner_advice_plan_show_reason (AdwPreferencesPage       *page,
                                                      GPtrArray                *groups,
                                                      const char               *icon_name,
                                                      const char               *title,
                                                      const char               *description,
                                                      gboolean                  startup_button);

G_END_DECLS
