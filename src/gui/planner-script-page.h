/* planner-script-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-job.h"
#include "planner-script.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_SCRIPT_PAGE (planner_script_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerScriptPage, planner_script_page, PLANNER, SCRIPT_PAGE, AdwBin)

/* The launch script of a job as a draft: render, approve, export.  An
 * approval belongs to one draft, the text and the job that produced it;
 * any change to the job or the launcher makes a new, unapproved draft. */
GtkWidget  *planner_script_page_new           (PlannerJob        *job);
/* Renders the draft again for the job as it is now. */
void        planner_script_page_refresh       (PlannerScriptPage *self);
gboolean    planner_script_page_get_approved  (PlannerScriptPage *self);
/* The text shown: the draft, the approved script, or NULL when refused. */
const char *planner_script_page_get_text      (PlannerScriptPage *self);
void        planner_script_page_set_launcher  (PlannerScriptPage *self,
                                               PlannerScriptLauncher launcher);
/* What the Approve button does; @when NULL means now. */
gboolean    planner_script_page_approve       (PlannerScriptPage *self,
                                               GDateTime         *when,
                                               GError           **error);
/* Writes exactly the approved bytes; what the Export dialog calls. */
gboolean    planner_script_page_export        (PlannerScriptPage *self,
                                               GFile             *file,
                                               GError           **error);

G_END_DECLS
