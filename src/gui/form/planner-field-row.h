/* planner-field-row.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-diagnostic.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* The rows of the job form.  Each edits one job field, named in the
 * page's template by its key (the job property), and shows that field's
 * own problem beside it: an icon that is always allocated (so nothing
 * moves while someone types), the row's error or warning colour, and the
 * message as the accessible description. */

#define PLANNER_TYPE_SPIN_ROW (planner_spin_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerSpinRow, planner_spin_row, PLANNER, SPIN_ROW, AdwActionRow)

#define PLANNER_TYPE_TEXT_ROW (planner_text_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerTextRow, planner_text_row, PLANNER, TEXT_ROW, AdwEntryRow)

#define PLANNER_TYPE_CHOICE_ROW (planner_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerChoiceRow, planner_choice_row, PLANNER, CHOICE_ROW, AdwComboRow)

#define PLANNER_TYPE_SWITCH_ROW (planner_switch_row_get_type ())
G_DECLARE_FINAL_TYPE (PlannerSwitchRow, planner_switch_row, PLANNER, SWITCH_ROW, AdwActionRow)

/* Any of the four. */
gboolean    planner_is_field_row              (gpointer           widget);
const char *planner_field_row_get_key         (GtkWidget         *row);
/* Binds the row to its field of @job, both ways. */
void        planner_field_row_bind            (GtkWidget         *row,
                                               PlannerJob        *job);
/* @message NULL clears the problem; @severity is WARNING or ERROR. */
void        planner_field_row_set_problem     (GtkWidget         *row,
                                               PlannerSeverity    severity,
                                               const char        *message);
const char *planner_field_row_get_problem     (GtkWidget         *row);
/* TRUE while what the person typed is not a value the field can hold
 * (a spin row with "abc", 0 or 10^9): it is left as typed, marked. */
gboolean    planner_field_row_get_invalid     (GtkWidget         *row);
/* Why, in the form's words, or NULL; a spin row says "invalid-changed". */
const char *planner_field_row_get_invalid_message (GtkWidget     *row);
/* Moves the keyboard focus into the row's editor. */
void        planner_field_row_focus           (GtkWidget         *row);

/* Choices in a row's model order; the row takes both. */
void        planner_choice_row_set_choices    (PlannerChoiceRow  *self,
                                               GStrv              ids,
                                               GStrv              labels);

/* What a spin row shows as text right now (for tests). */
GtkSpinButton *planner_spin_row_get_spin_button (PlannerSpinRow  *self);

G_END_DECLS
