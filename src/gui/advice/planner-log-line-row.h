/* planner-log-line-row.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PLANNER_TYPE_LOG_LINE_ROW (planner_log_line_row_get_type ())

G_DECLARE_FINAL_TYPE (PlannerLogLineRow, planner_log_line_row, PLANNER, LOG_LINE_ROW, AdwPreferencesRow)

/* A line of the log: "Line 884 · rank 3" over its text in monospace,
 * selectable; screen readers get "Log line 884, rank 3: …".  @rank
 * below 0: the line names no rank. */
GtkWidget  *planner_log_line_row_new (guint64     number,
                                      gint        rank,
                                      const char *text);

G_END_DECLS
