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

#include "planner-form-fields.h"
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
  g_ptr_array_add (problems, problem);
  return problem;
}

/* The field a line of the script writer's reasons names ("data.data_path
 * is empty: …"): the first "section.key" in it. */
static const PlannerFormField *
field_named_in (const char *line)
{
  const PlannerFormField *best = NULL;
  const char *best_at = NULL;

  for (guint i = 0; planner_form_field_at (i) != NULL; i++)
    {
      const PlannerFormField *field = planner_form_field_at (i);
      g_autofree char *key = g_strdelimit (g_strdup (field->key), "-", '_');
      g_autofree char *dotted = g_strdup_printf ("%s.%s", field->section, key);
      const char *at = strstr (line, dotted);
      gsize len = strlen (dotted);

      /* "data.data_path" must not match inside "data.data_path_x". */
      while (at != NULL && (g_ascii_isalnum (at[len]) || at[len] == '_'))
        at = strstr (at + 1, dotted);
      if (at != NULL && (best_at == NULL || at < best_at))
        {
          best = field;
          best_at = at;
        }
    }
  return best;
}

static int
compare_severity (gconstpointer a,
                  gconstpointer b)
{
  const PlannerProblem *pa = *(PlannerProblem **) a;
  const PlannerProblem *pb = *(PlannerProblem **) b;

  return (int) pb->severity - (int) pa->severity;
}

GPtrArray *
planner_problems_collect (PlannerJob    *job,
                          PlannerReport *report,
                          const char    *refusal)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (PLANNER_IS_JOB (job), problems);

  /* Each field's own check first: it is the most precise. */
  for (guint i = 0; planner_form_field_at (i) != NULL; i++)
    {
      const PlannerFormField *field = planner_form_field_at (i);
      char *message = planner_form_field_check (job, field->key);

      if (message != NULL)
        {
          add (problems, PLANNER_SEVERITY_ERROR, field->key, field->page, message);
          g_hash_table_add (seen, g_strdup (field->key));
        }
    }

  if (refusal != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (refusal, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          const PlannerFormField *field;
          PlannerProblem *problem;

          if (*lines[i] == '\0' || g_str_has_prefix (lines[i], "Megatron-Core "))
            continue;
          field = field_named_in (lines[i]);
          if (field != NULL && g_hash_table_contains (seen, field->key))
            continue;
          problem = add (problems, PLANNER_SEVERITY_ERROR, field != NULL ? field->key : NULL,
                         field != NULL ? field->page : NULL, planner_form_field_humanize (lines[i]));
          problem->missing = strstr (lines[i], " is empty") != NULL || strstr (lines[i], " is 0") != NULL;
          if (field != NULL)
            g_hash_table_add (seen, g_strdup (field->key));
        }
    }

  if (report != NULL)
    {
      GPtrArray *diagnostics = planner_report_get_diagnostics (report);

      for (guint i = 0; i < diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
          g_auto(GStrv) keys = NULL;
          g_autofree char *message = NULL;
          const PlannerFormField *field = NULL;

          if (d->severity == PLANNER_SEVERITY_INFO)
            continue;
          keys = planner_form_field_keys_for_flags ((const char * const *) d->flags);
          if (keys[0] != NULL)
            field = planner_form_field_lookup (keys[0]);
          if (d->fix != NULL)
            {
              g_autofree char *both = g_strdup_printf ("%s %s", d->message, d->fix);
              message = planner_form_field_humanize (both);
            }
          else
            message = planner_form_field_humanize (d->message);
          add (problems, d->severity, field != NULL ? field->key : NULL,
               field != NULL ? field->page : (g_str_has_prefix (d->code, "layout.") ? "parallelism" : NULL),
               g_steal_pointer (&message));
        }
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
