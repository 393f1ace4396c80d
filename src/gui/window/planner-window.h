/* planner-window.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-application.h"
#include "planner-document.h"
#include "planner-job.h"
#include "planner-picture.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_WINDOW (planner_window_get_type ())

G_DECLARE_FINAL_TYPE (PlannerWindow, planner_window, PLANNER, WINDOW, AdwApplicationWindow)

PlannerWindow   *planner_window_new              (PlannerApplication *application);
PlannerJob      *planner_window_get_job          (PlannerWindow      *self);
PlannerDocument *planner_window_get_document     (PlannerWindow      *self);
/* The newest report; re-analysis runs once per main-loop turn after a change. */
PlannerReport   *planner_window_get_report       (PlannerWindow      *self);
/* Runs a pending re-analysis now (tests use this instead of spinning the loop). */
void             planner_window_flush            (PlannerWindow      *self);
/* Opens a job file or imports a launch script, asking first about unsaved changes. */
void             planner_window_open_file        (PlannerWindow      *self,
                                                  GFile              *file);
/* Shows the field's page and puts the focus in it. */
gboolean         planner_window_focus_field      (PlannerWindow      *self,
                                                  const char         *key);
/* A new job as the preferences describe the person's cluster. */
PlannerJob      *planner_window_new_job_template (PlannerWindow      *self);
/* Use Recommended: asks first, showing every change, unless @confirmed. */
void             planner_window_use_recommended  (PlannerWindow      *self,
                                                  gboolean            confirmed);
/* Shows a picture: the grid, the schedule or the comparison on the
 * Pictures page, memory on the Memory page. */
gboolean         planner_window_show_picture     (PlannerWindow      *self,
                                                  PlannerPictureKind  kind);
/* Every picture full screen, starting with the one shown (win.present,
 * F5); NULL, with a toast, when there is no layout to draw. */
GtkWidget       *planner_window_present_pictures (PlannerWindow      *self);

/* On the first start, asks once for the person's cluster (Preferences). */
void             planner_window_ask_cluster_once (PlannerWindow      *self);

G_END_DECLS
