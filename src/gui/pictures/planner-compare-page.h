/* planner-compare-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-compare-view.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_COMPARE_PAGE (planner_compare_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerComparePage, planner_compare_page, PLANNER, COMPARE_PAGE, AdwBin)

/* The current layout beside the recommended one or a saved job: "Compare
 * with" Recommended / Saved Job…, Export PNG…, Export SVG…, Present.
 * The recommendation is searched only while the page is on screen. */
GtkWidget          *planner_compare_page_new            (void);
/* The current job and its report (@report NULL: analysed here). */
void                planner_compare_page_set_job        (PlannerComparePage *self,
                                                         PlannerJob         *job,
                                                         PlannerReport      *report);
/* Compare with @other (a saved job) named @label; NULL goes back to the
 * recommended layout. */
void                planner_compare_page_set_other_job  (PlannerComparePage *self,
                                                         PlannerJob         *other,
                                                         const char         *label);
/* Asks for a saved job file to compare with. */
void                planner_compare_page_choose_job     (PlannerComparePage *self);
PlannerPictureView *planner_compare_page_get_view       (PlannerComparePage *self);
/* Why there is no comparison (no recommendation fits…), or NULL. */
const char         *planner_compare_page_get_problem    (PlannerComparePage *self);

G_END_DECLS
