/* planner-choice-row.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-field-row.h"

G_BEGIN_DECLS

/* A job field with a fixed set of values: the engine's choices, the
 * template's "ids", or those the page sets. */
#define PLANNER_TYPE_CHOICE_ROW (planner_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerChoiceRow, planner_choice_row, PLANNER, CHOICE_ROW, AdwComboRow)

/* Choices in a row's model order; the row takes both. */
void        planner_choice_row_set_choices    (PlannerChoiceRow  *self,
                                               GStrv              ids,
                                               GStrv              labels);

G_END_DECLS
