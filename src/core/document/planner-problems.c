/* planner-problems.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-problems"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "planner-field-check.h"
#include "planner-field.h"
#include "planner-problems.h"

static void
problem_free (PlannerProblem *problem)
{
  g_free (problem->key);
  g_free (problem->page);
  g_free (problem->message);
  g_free (problem);
}

static PlannerProblem *
add (GPtrArray       *problems,
     PlannerSeverity  severity,
     const char      *key,
     const char      *page,
     char            *message)
{
  PlannerProblem *problem = g_new0 (PlannerProblem, 1);

  problem->severity = severity;
  problem->key = g_strdup (key);
  problem->page = g_strdup (page);
  problem->message = message;
  problem->order = problems->len;
  g_ptr_array_add (problems, problem);
  return problem;
}

static int
compare_severity (gconstpointer a,
                  gconstpointer b)
{
  const PlannerProblem *pa = *(PlannerProblem **) a;
  const PlannerProblem *pb = *(PlannerProblem **) b;

  /* Errors first; otherwise in the order found (g_ptr_array_sort is not stable). */
  if (pa->severity != pb->severity)
    return (int) pb->severity - (int) pa->severity;
  return pa->order < pb->order ? -1 : pa->order > pb->order;
}

static gboolean
is_listed (GPtrArray  *problems,
           const char *key,
           const char *message)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const PlannerProblem *problem = g_ptr_array_index (problems, i);

      /* Both made here from the engine's words: the same problem twice. */
      if (g_strcmp0 (problem->key, key) == 0 && g_str_equal (problem->message, message))
        return TRUE;
    }
  return FALSE;
}

GPtrArray *
planner_problems_collect (PlannerJob    *job,
                          PlannerReport *report,
                          GPtrArray     *marks)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) checked = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) checks = NULL;

  g_return_val_if_fail (PLANNER_IS_JOB (job), problems);

  /* Each field's own check first: it is the most precise. */
  checks = planner_field_check (job, NULL);
  for (guint i = 0; i < checks->len; i++)
    {
      const PlannerFieldProblem *check = g_ptr_array_index (checks, i);
      PlannerProblem *problem;

      problem = add (problems, check->severity, check->field->property, check->field->page,
                     g_strdup (check->message));
      problem->missing = check->missing;
      g_hash_table_add (seen, (gpointer) check->field->property);
      g_hash_table_add (checked, (gpointer) check->field->property);
    }

  if (report != NULL)
    {
      GPtrArray *diagnostics = planner_report_get_diagnostics (report);

      for (guint i = 0; i < diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
          const PlannerField *field = planner_field_for_diagnostic (job, d);
          g_autofree char *message = NULL;

          if (d->severity == PLANNER_SEVERITY_INFO)
            continue;
          /* A field whose own check spoke already says it best (an empty
           * Model, not four "is required").  Two different refusals of
           * the same field are two problems, as the draft marks and the
           * page lists them (EP 3 of 8 experts on 32 GPUs); the same words
           * twice are one, below. */
          if (field != NULL && g_hash_table_contains (checked, field->property))
            continue;
          /* The report of a document is made in the form's words (issue 19). */
          message = d->fix != NULL ? g_strdup_printf ("%s %s", d->message, d->fix) : g_strdup (d->message);
          /* A catalogue model's dimension is fixed at Customise. */
          if (field != NULL && planner_field_is_read_only (field, job))
            {
              /* Translators: %s is a problem; the field it names is shown but cannot be typed into */
              g_autofree char *read_only = g_strdup_printf (_("%s (%s is read-only until you choose Customise.)"),
                                                            message, planner_field_get_label (field));

              g_free (message);
              message = g_steal_pointer (&read_only);
            }
          /* Listed once: the same words for the same field are one problem. */
          if (is_listed (problems, field != NULL ? field->property : NULL, message))
            continue;
          if (field != NULL)
            g_hash_table_add (seen, (gpointer) field->property);
          add (problems, d->severity, field != NULL ? field->property : NULL,
               field != NULL ? field->page : (g_str_has_prefix (d->code, "layout.") ? "parallelism" : NULL),
               g_steal_pointer (&message));
        }
    }

  /* What the draft still marks, that no field's own check or the report said. */
  for (guint i = 0; marks != NULL && i < marks->len; i++)
    {
      const PlannerScriptMark *mark = g_ptr_array_index (marks, i);
      const PlannerField *field = mark->key != NULL ? planner_field_lookup (mark->key) : NULL;
      PlannerProblem *problem;

      if (field != NULL && g_hash_table_contains (seen, field->property))
        continue;
      /* A mark no field owns is one of the report's errors, listed above. */
      if (field == NULL && report != NULL)
        continue;
      problem = add (problems, PLANNER_SEVERITY_ERROR, field != NULL ? field->property : NULL,
                     field != NULL ? field->page : NULL, g_strdup (mark->message));
      problem->missing = mark->missing;
      if (field != NULL)
        g_hash_table_add (seen, (gpointer) field->property);
    }

  g_ptr_array_sort (problems, compare_severity);
  return problems;
}

const PlannerProblem *
planner_problems_for_key (GPtrArray  *problems,
                          const char *key)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const PlannerProblem *problem = g_ptr_array_index (problems, i);

      if (g_strcmp0 (problem->key, key) == 0)
        return problem;
    }
  return NULL;
}

PlannerSeverity
planner_problems_page_severity (GPtrArray  *problems,
                                const char *page)
{
  PlannerSeverity worst = PLANNER_SEVERITY_INFO;

  for (guint i = 0; i < problems->len; i++)
    {
      const PlannerProblem *problem = g_ptr_array_index (problems, i);

      if (g_strcmp0 (problem->page, page) == 0 && problem->severity > worst)
        worst = problem->severity;
    }
  return worst;
}

guint
planner_problems_count (GPtrArray       *problems,
                        PlannerSeverity  severity)
{
  guint n = 0;

  for (guint i = 0; i < problems->len; i++)
    n += ((PlannerProblem *) g_ptr_array_index (problems, i))->severity == severity;
  return n;
}

GPtrArray *
planner_problems_collect_document (PlannerDocument *document)
{
  PlannerJob *job = planner_document_get_job (document);
  GPtrArray *marks = NULL;
  g_auto(GStrv) invalid = planner_document_list_invalid_entries (document);
  GPtrArray *problems;
  guint n_invalid = g_strv_length (invalid);

  planner_document_get_draft (document, &marks, NULL);
  problems = planner_problems_collect (job, planner_document_get_report (document), marks);
  if (n_invalid == 0)
    return problems;

  /* Text that is no value replaces what the field's old value says: it
   * is what the form shows.  It comes first, as the person just typed it. */
  for (guint i = problems->len; i > 0; i--)
    {
      PlannerProblem *problem = g_ptr_array_index (problems, i - 1);

      if (problem->key != NULL && g_strv_contains ((const char *const *) invalid, problem->key))
        g_ptr_array_remove_index (problems, i - 1);
      else
        problem->order += n_invalid;
    }
  for (guint i = 0; i < n_invalid; i++)
    {
      const PlannerField *field = planner_field_lookup (invalid[i]);
      PlannerProblem *problem = add (problems, PLANNER_SEVERITY_ERROR, invalid[i], field != NULL ? field->page : NULL,
                                     g_strdup (planner_document_get_entry_message (document, invalid[i])));

      problem->order = i;
    }
  g_ptr_array_sort (problems, compare_severity);
  return problems;
}
