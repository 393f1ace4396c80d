/* planner-field-check.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"
#include "planner-field.h"
#include "planner-field-check-path.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* What is wrong with one field's value, on its own or with the fields it
 * depends on: an empty required path, a relative path, a placeholder, a
 * space or line break pasted into a path, a value Megatron would refuse or
 * the model cannot have.  Errors keep a script from being written;
 * warnings are shown. */
typedef struct
{
  const PlannerField *field;
  const char         *key;       /* field->key: "data.data_path" */
  const char         *label;     /* translated label: "Data Path" */
  PlannerSeverity     severity;
  gboolean            missing;   /* the value is empty or 0 and must be given (a draft marks it missing) */
  char               *message;   /* names the field and the fix */
} PlannerFieldProblem;

void       planner_field_problem_free  (PlannerFieldProblem *problem);

/* The problems of the field @key_or_property ("data.data_path" or
 * "data-path"), or of every field when it is NULL, in file order, as a
 * person reads them: the messages name labels, never job keys.  Never
 * NULL (empty when all is well). */
GPtrArray *planner_field_check         (PlannerJob          *job,
                                        const char          *key_or_property);
/* The same, with the messages naming job keys ("data.data_path is
 * empty: …"), as the command line says them. */
GPtrArray *planner_field_check_keys    (PlannerJob          *job,
                                        const char          *key_or_property);
/* The same, made in @words (NULL or a job file's: job keys; the form's:
 * labels); the others are this with their words. */
GPtrArray *planner_field_check_in      (PlannerJob          *job,
                                        const char          *key_or_property,
                                        const PlannerWords  *words);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerFieldProblem, planner_field_problem_free)

G_END_DECLS
