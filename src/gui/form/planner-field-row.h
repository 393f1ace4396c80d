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

/* The rows of the job form (PlannerSpinRow, PlannerTextRow,
 * PlannerChoiceRow, PlannerSwitchRow, one file each).  Each edits one job
 * field, named in the page's template by its key (the job property), and
 * shows that field's own problem beside it: an icon that is always
 * allocated (so nothing moves while someone types), the row's error or
 * warning colour, and the message as the accessible description.  This
 * interface is what they share: the key, the problem icon (each row's
 * template holds one, "problem_icon") and the calls the pages make. */

#define PLANNER_TYPE_FIELD_ROW (planner_field_row_get_type ())
G_DECLARE_INTERFACE (PlannerFieldRow, planner_field_row, PLANNER, FIELD_ROW, GtkWidget)

/* What every row keeps about its field: a member of each row's struct,
 * which get_state returns. */
typedef struct
{
  char      *key;
  GtkImage  *problem_icon;  /* the row template's */
  char      *problem;
} PlannerFieldRowState;

struct _PlannerFieldRowInterface
{
  GTypeInterface parent_iface;

  PlannerFieldRowState *(*get_state)           (PlannerFieldRow *self);
  /* Binds the row to its field of @job, both ways. */
  void                  (*bind)                (PlannerFieldRow *self,
                                                PlannerJob      *job);
  /* Optional: the widget that takes the keyboard focus (the row itself
   * when NULL) and why the text typed is no value (never when NULL). */
  GtkWidget            *(*get_editor)          (PlannerFieldRow *self);
  const char           *(*get_invalid_message) (PlannerFieldRow *self);
};

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

/* For the rows themselves: the "key" property each overrides (as
 * @prop_id), its setter, and the template's problem icon bound into the
 * row's state at @state_offset. */
void        planner_field_row_class_setup     (GtkWidgetClass    *widget_class,
                                               guint              prop_id,
                                               goffset            state_offset);
void        planner_field_row_set_key         (GtkWidget         *row,
                                               const char        *key);
void        planner_field_row_state_clear     (PlannerFieldRowState *state);

G_END_DECLS
