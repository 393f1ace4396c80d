/* planner-switch-row.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-field-row.h"

G_BEGIN_DECLS

/* A boolean job field. */
#define PLANNER_TYPE_SWITCH_ROW (planner_switch_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerSwitchRow, planner_switch_row, PLANNER, SWITCH_ROW, AdwActionRow)

G_END_DECLS
