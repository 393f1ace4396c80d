/* test-diagnostic.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-diagnostic.h"

static void
test_diagnostic_add_and_count (void)
{
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  const char *flags[] = { "--tensor-model-parallel-size", NULL };
  PlannerDiagnostic *d;

  d = planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.x", flags,
                               "Use TP 2", "TP %u does not divide %u GPUs", 3u, 8u);
  d->line = 7;
  planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_WARNING, "b.warn", NULL, NULL, "w");
  planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_INFO, "a.info", NULL, NULL, "i");
  planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "a.err", NULL, NULL, "e");

  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_ERROR), ==, 2);
  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_WARNING), ==, 1);
  g_assert_cmpuint (planner_diagnostics_count (diagnostics, PLANNER_SEVERITY_INFO), ==, 1);
  g_assert_true (planner_diagnostics_has_code (diagnostics, "layout.x"));
  g_assert_false (planner_diagnostics_has_code (diagnostics, "layout.y"));

  d = g_ptr_array_index (diagnostics, 0);
  g_assert_cmpstr (d->message, ==, "TP 3 does not divide 8 GPUs");
  g_assert_cmpstr (d->fix, ==, "Use TP 2");
  g_assert_cmpstr (d->flags[0], ==, "--tensor-model-parallel-size");
  g_assert_null (d->flags[1]);

  /* Errors first; among errors the one without a line (0) first, then by code. */
  planner_diagnostics_sort (diagnostics);
  g_assert_cmpstr (((PlannerDiagnostic *) g_ptr_array_index (diagnostics, 0))->code, ==, "a.err");
  g_assert_cmpstr (((PlannerDiagnostic *) g_ptr_array_index (diagnostics, 1))->code, ==, "layout.x");
  g_assert_cmpstr (((PlannerDiagnostic *) g_ptr_array_index (diagnostics, 2))->code, ==, "b.warn");
  g_assert_cmpstr (((PlannerDiagnostic *) g_ptr_array_index (diagnostics, 3))->code, ==, "a.info");
}

static void
test_diagnostic_copy (void)
{
  g_autoptr(PlannerDiagnostic) d = planner_diagnostic_new (PLANNER_SEVERITY_WARNING, "c", NULL, NULL, "m %d", 1);
  g_autoptr(PlannerDiagnostic) copy = NULL;

  d->line = 3;
  copy = planner_diagnostic_copy (d);
  g_assert_cmpstr (copy->message, ==, "m 1");
  g_assert_cmpuint (copy->line, ==, 3);
  g_assert_null (copy->fix);
  g_assert_nonnull (copy->flags);
  g_assert_null (copy->flags[0]);
  g_assert_cmpstr (planner_severity_to_string (copy->severity), ==, "warning");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/diagnostic/add-and-count", test_diagnostic_add_and_count);
  g_test_add_func ("/planner/diagnostic/copy", test_diagnostic_copy);

  return g_test_run ();
}
