/* planner-text-row.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-field-row.h"

G_BEGIN_DECLS

/* A string job field (a path, a name, a layout string). */
#define PLANNER_TYPE_TEXT_ROW (planner_text_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerTextRow, planner_text_row, PLANNER, TEXT_ROW, AdwEntryRow)

G_END_DECLS
