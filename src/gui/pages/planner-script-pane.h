/* planner-script-pane.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-document.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_SCRIPT_PANE (planner_script_pane_get_type ())

G_DECLARE_FINAL_TYPE (PlannerScriptPane, planner_script_pane, PLANNER, SCRIPT_PANE, AdwBin)

/* The launch script of the document's job, beside the form: the draft as
 * the person types, what it still needs, Approve and Export.  The
 * approval lives on the document. */
GtkWidget  *planner_script_pane_new      (PlannerDocument   *document);
/* Shows the newest draft of the job with @report: @marks
 * (PlannerScriptMark) are the values still missing or wrong, marked in
 * place in @draft; nothing can be approved while there are any. */
void        planner_script_pane_show     (PlannerScriptPane *self,
                                          const char        *draft,
                                          GPtrArray         *marks,
                                          PlannerReport     *report);
/* The same, or, when the launcher cannot draft this job (the memory
 * check refuses the flex dispatcher…), @draft NULL and @refusal saying
 * why, in words. */
void        planner_script_pane_show_full (PlannerScriptPane *self,
                                           const char        *draft,
                                           GPtrArray         *marks,
                                           const char        *refusal,
                                           PlannerReport     *report);
/* The memory check's pipeline stages (@n_stages 0: the most loaded and
 * the last), as the stage picker sets them. */
void        planner_script_pane_set_memory_check_stages (PlannerScriptPane *self,
                                                         const guint32     *stages,
                                                         guint              n_stages);
/* The text shown: the approved script or the draft. */
const char *planner_script_pane_get_text (PlannerScriptPane *self);
/* The header's "For Megatron-Core X" (issue 20); "" before the first report. */
const char *planner_script_pane_get_release_text (PlannerScriptPane *self);
/* What Approve does; asks first (returns FALSE, @asked TRUE) when the
 * job does not fit or has warnings, unless @confirmed. */
gboolean    planner_script_pane_approve  (PlannerScriptPane *self,
                                          gboolean           confirmed,
                                          GError           **error);
/* Writes exactly the approved bytes to @file. */
gboolean    planner_script_pane_export   (PlannerScriptPane *self,
                                          GFile             *file,
                                          GError           **error);

G_END_DECLS
