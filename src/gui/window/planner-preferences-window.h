/* planner-preferences-window.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PLANNER_TYPE_PREFERENCES_WINDOW (planner_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (PlannerPreferencesWindow, planner_preferences_window, PLANNER, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/* The person's cluster, kept in GSettings, that every new job starts from:
 * GPU type, GPUs per node, Megatron-LM checkout, SLURM partition and account. */
GtkWidget *planner_preferences_window_new (GtkWindow *parent);

G_END_DECLS
