/* planner-experts-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-job.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_EXPERTS_PAGE (planner_experts_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerExpertsPage, planner_experts_page, PLANNER, EXPERTS_PAGE, AdwBin)

GtkWidget *planner_experts_page_new    (PlannerJob *job);
/* Called with each new report of the job. */
void       planner_experts_page_update (PlannerExpertsPage *self,
                                        PlannerReport      *report);

/* Puts the focus in the editor of the job property @property (the page's
 * fields: "ep", "overlap-moe-comm", "moe-token-dispatcher-type" …). */
gboolean   planner_experts_page_focus_field (PlannerExpertsPage *self,
                                             const char         *property);

G_END_DECLS
