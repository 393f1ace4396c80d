/* planner-advice-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-log-session.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_ADVICE_PAGE (planner_advice_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerAdvicePage, planner_advice_page, PLANNER, ADVICE_PAGE, AdwBin)

GtkWidget *planner_advice_page_new    (PlannerJob *job,
                                       gboolean    troubleshoot);
/* Called with each new report of the job. */
void       planner_advice_page_update (PlannerAdvicePage *self,
                                 PlannerReport *report);
/* The window's training log: the plans start from it while one is open. */
void       planner_advice_page_set_log_session (PlannerAdvicePage *self,
                                                PlannerLogSession *session);

G_END_DECLS
