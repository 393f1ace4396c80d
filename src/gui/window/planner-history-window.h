/* planner-history-window.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-journal.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_HISTORY_WINDOW (planner_history_window_get_type ())

G_DECLARE_FINAL_TYPE (PlannerHistoryWindow, planner_history_window, PLANNER, HISTORY_WINDOW, AdwWindow)

/* Every approved and exported script, newest first: when, which job,
 * where it went and the SHA-256 of its bytes; a job saved to a file can
 * be reopened from here ("reopen" is emitted with its GFile). */
GtkWidget *planner_history_window_new (GtkWindow      *parent,
                                       PlannerJournal *journal);

G_END_DECLS
