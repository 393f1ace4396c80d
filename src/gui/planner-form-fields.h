/* planner-form-fields.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* The window's view of the job's fields: each key's form label, the page
 * it is on and the Megatron flags it writes.  A stand-in for the engine's
 * field table (planner-field.h, being written); the names follow it. */
typedef struct
{
  const char        *key;       /* job property: "data-path" */
  const char        *section;   /* job-file section: "data" */
  const char        *label;     /* the form's label, untranslated: "Data Path" */
  const char        *page;      /* sidebar page name: "data" */
  const char *const *flags;     /* NULL-terminated */
} PlannerFormField;

const PlannerFormField *planner_form_field_lookup         (const char              *key);
const PlannerFormField *planner_form_field_at             (guint                    index);
/* Keys of the fields @flags touch, in table order (may be empty). */
GStrv                   planner_form_field_keys_for_flags (const char *const       *flags);
/* @text with every "section.key" and "--flag" a field writes named by
 * the field's label instead. */
char                   *planner_form_field_humanize       (const char              *text);
/* The field's own check, in its label's words; NULL when it is fine. */
char                   *planner_form_field_check          (PlannerJob              *job,
                                                           const char              *key);
/* "Label: old → new", one line per field that differs. */
GStrv                   planner_form_field_list_changes   (PlannerJob              *before,
                                                           PlannerJob              *after);

G_END_DECLS
