/* planner-form-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-document.h"

#include "planner-analyze.h"
#include "planner-job.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_FORM_PAGE (planner_form_page_get_type ())

G_DECLARE_DERIVABLE_TYPE (PlannerFormPage, planner_form_page, PLANNER, FORM_PAGE, AdwPreferencesPage)

/* A page of the job form.  Its template declares field rows by key; the
 * page binds them to the job and shows each field's problem beside it.
 * Subclasses add what is particular to them (derived figures, which rows
 * a choice shows) in their vfuncs, from the report: they compute nothing
 * the engine can. */
struct _PlannerFormPageClass
{
  AdwPreferencesPageClass parent_class;

  void (*bind)   (PlannerFormPage *self,
                  PlannerJob      *job);
  void (*update) (PlannerFormPage *self,
                  PlannerReport   *report);
  /* Focuses the read-only row showing @key (a catalogue model's
   * dimension); FALSE when the page shows none. */
  gboolean (*focus_read_only) (PlannerFormPage *self,
                               const char      *key);
};

void        planner_form_page_set_job      (PlannerFormPage *self,
                                            PlannerJob      *job);
PlannerJob *planner_form_page_get_job      (PlannerFormPage *self);
/* Binds the page to @document's job and follows its reports from now on. */
void        planner_form_page_set_document (PlannerFormPage *self,
                                            PlannerDocument *document);
/* @problems: PlannerProblem, from planner_problems_collect. */
void        planner_form_page_update       (PlannerFormPage *self,
                                            PlannerReport   *report,
                                            GPtrArray       *problems);
/* The row of @key on this page, or NULL. */
GtkWidget  *planner_form_page_find_row     (PlannerFormPage *self,
                                            const char      *key);
/* Scrolls to @key's row and puts the focus in it; FALSE if not here. */
gboolean    planner_form_page_focus_field  (PlannerFormPage *self,
                                            const char      *key);

G_END_DECLS
