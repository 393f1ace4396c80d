/* planner-diagnostic.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-diagnostic"

#include "config.h"

#include "planner-diagnostic.h"

#include "planner-escape.h"

static PlannerDiagnostic *diagnostic_new_valist (PlannerSeverity    severity,
                                                 const char        *code,
                                                 const char *const *flags,
                                                 const char        *fix,
                                                 const char        *message_format,
                                                 va_list            args) G_GNUC_PRINTF (5, 0);

static PlannerDiagnostic *
diagnostic_new_valist (PlannerSeverity    severity,
                       const char        *code,
                       const char *const *flags,
                       const char        *fix,
                       const char        *message_format,
                       va_list            args)
{
  PlannerDiagnostic *diagnostic = g_new0 (PlannerDiagnostic, 1);
  g_autofree char *message = g_strdup_vprintf (message_format, args);
  guint n_flags = flags != NULL ? g_strv_length ((char **) flags) : 0;

  /* Messages quote scripts and job files: whoever shows them, no control
   * character from the input reaches a terminal (issue 14 #14). */
  diagnostic->severity = severity;
  diagnostic->code = g_strdup (code);
  diagnostic->message = planner_escape_controls (message);
  diagnostic->fix = planner_escape_controls (fix);
  diagnostic->flags = g_new0 (char *, n_flags + 1);
  for (guint i = 0; i < n_flags; i++)
    diagnostic->flags[i] = planner_escape_controls (flags[i]);
  diagnostic->fields = g_new0 (char *, 1);
  return diagnostic;
}

PlannerDiagnostic *
planner_diagnostic_new (PlannerSeverity    severity,
                        const char        *code,
                        const char *const *flags,
                        const char        *fix,
                        const char        *message_format,
                        ...)
{
  PlannerDiagnostic *diagnostic;
  va_list args;

  g_return_val_if_fail (code != NULL, NULL);
  g_return_val_if_fail (message_format != NULL, NULL);

  va_start (args, message_format);
  diagnostic = diagnostic_new_valist (severity, code, flags, fix, message_format, args);
  va_end (args);
  return diagnostic;
}

void
planner_diagnostic_free (PlannerDiagnostic *diagnostic)
{
  if (diagnostic == NULL)
    return;
  g_free (diagnostic->code);
  g_free (diagnostic->message);
  g_free (diagnostic->fix);
  g_strfreev (diagnostic->flags);
  g_strfreev (diagnostic->fields);
  g_free (diagnostic);
}

PlannerDiagnostic *
planner_diagnostic_copy (const PlannerDiagnostic *diagnostic)
{
  PlannerDiagnostic *copy;

  g_return_val_if_fail (diagnostic != NULL, NULL);

  copy = g_new0 (PlannerDiagnostic, 1);
  copy->severity = diagnostic->severity;
  copy->code = g_strdup (diagnostic->code);
  copy->message = g_strdup (diagnostic->message);
  copy->fix = g_strdup (diagnostic->fix);
  copy->flags = g_strdupv (diagnostic->flags);
  copy->fields = g_strdupv (diagnostic->fields);
  copy->line = diagnostic->line;
  return copy;
}

void
planner_diagnostic_set_fields (PlannerDiagnostic *diagnostic,
                               const char *const *fields)
{
  g_return_if_fail (diagnostic != NULL);

  g_strfreev (diagnostic->fields);
  diagnostic->fields = fields != NULL ? g_strdupv ((char **) fields) : g_new0 (char *, 1);
}

const char *
planner_severity_to_string (PlannerSeverity severity)
{
  switch (severity)
    {
    case PLANNER_SEVERITY_INFO:
      return "info";
    case PLANNER_SEVERITY_WARNING:
      return "warning";
    case PLANNER_SEVERITY_ERROR:
      return "error";
    default:
      g_return_val_if_reached ("error");
    }
}

GPtrArray *
planner_diagnostics_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) planner_diagnostic_free);
}

PlannerDiagnostic *
planner_diagnostics_add (GPtrArray         *diagnostics,
                         PlannerSeverity    severity,
                         const char        *code,
                         const char *const *flags,
                         const char        *fix,
                         const char        *message_format,
                         ...)
{
  PlannerDiagnostic *diagnostic;
  va_list args;

  g_return_val_if_fail (diagnostics != NULL, NULL);
  g_return_val_if_fail (code != NULL, NULL);
  g_return_val_if_fail (message_format != NULL, NULL);

  va_start (args, message_format);
  diagnostic = diagnostic_new_valist (severity, code, flags, fix, message_format, args);
  va_end (args);
  g_ptr_array_add (diagnostics, diagnostic);
  return diagnostic;
}

PlannerDiagnostic *
planner_diagnostics_add_in (GPtrArray          *diagnostics,
                            const PlannerWords *words,
                            PlannerSeverity     severity,
                            const char         *code,
                            const char *const  *flags,
                            const char         *fix,
                            const char         *message_format,
                            ...)
{
  g_autofree char *filled_fix = NULL;
  g_autofree char *filled_format = NULL;
  PlannerDiagnostic *diagnostic;
  va_list args;

  g_return_val_if_fail (diagnostics != NULL, NULL);
  g_return_val_if_fail (code != NULL, NULL);
  g_return_val_if_fail (message_format != NULL, NULL);

  filled_fix = planner_words_fill (words, fix, FALSE);
  filled_format = planner_words_fill (words, message_format, TRUE);
  va_start (args, message_format);
  /* The filled format is the caller's literal with only names put in
   * (a '%' in one doubled), so its directives are still the literal's. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  diagnostic = diagnostic_new_valist (severity, code, flags, filled_fix, filled_format, args);
#pragma GCC diagnostic pop
  va_end (args);
  g_ptr_array_add (diagnostics, diagnostic);
  return diagnostic;
}

guint
planner_diagnostics_count (GPtrArray       *diagnostics,
                           PlannerSeverity  severity)
{
  guint n = 0;

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *diagnostic = g_ptr_array_index (diagnostics, i);

      if (diagnostic->severity == severity)
        n++;
    }
  return n;
}

static int
compare_diagnostics (gconstpointer a,
                     gconstpointer b)
{
  const PlannerDiagnostic *da = *(const PlannerDiagnostic * const *) a;
  const PlannerDiagnostic *db = *(const PlannerDiagnostic * const *) b;

  if (da->severity != db->severity)
    return da->severity > db->severity ? -1 : 1;
  if (da->line != db->line)
    return da->line < db->line ? -1 : 1;
  return g_strcmp0 (da->code, db->code);
}

void
planner_diagnostics_sort (GPtrArray *diagnostics)
{
  g_return_if_fail (diagnostics != NULL);

  /* Ties are broken by code, so the order does not depend on the sort's stability. */
  g_ptr_array_sort (diagnostics, compare_diagnostics);
}

gboolean
planner_diagnostics_has_code (GPtrArray  *diagnostics,
                              const char *code)
{
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *diagnostic = g_ptr_array_index (diagnostics, i);

      if (g_strcmp0 (diagnostic->code, code) == 0)
        return TRUE;
    }
  return FALSE;
}
