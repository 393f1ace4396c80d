/* planner-spin-row.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-field-row.h"

G_BEGIN_DECLS

/* A whole or decimal job field (a uint or double property): what is
 * typed stays as typed, marked, until it is a value the field holds. */
#define PLANNER_TYPE_SPIN_ROW (planner_spin_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerSpinRow, planner_spin_row, PLANNER, SPIN_ROW, AdwActionRow)

/* What a spin row shows as text right now (for tests). */
GtkSpinButton *planner_spin_row_get_spin_button (PlannerSpinRow  *self);

G_END_DECLS
