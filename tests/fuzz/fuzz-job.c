/* fuzz-job.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: any bytes as a job file.  Loading either succeeds or
 * fails with an error and leaves the job as it was; a loaded job analyses
 * and saves again without a crash, and what it saves is UTF-8 that loads
 * back to the same job (a lone surrogate once broke that, issue 14 #13).
 */

#include "config.h"

#include <stdint.h>

#include "fuzz-common.h"

#include "planner-analyze.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) before = planner_job_copy (job);
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);

  if (!planner_job_load_from_data (job, text, -1, &error))
    {
      g_assert_nonnull (error);
      g_assert_true (planner_job_equal (job, before));
      return 0;
    }

  report = planner_analyze_job (job);
  g_assert_nonnull (report);
  saved = planner_job_to_data (job, NULL);
  g_assert_nonnull (saved);
  g_assert_true (g_utf8_validate (saved, -1, NULL));
  {
    g_autoptr(PlannerJob) again = planner_job_new ();

    g_assert_true (planner_job_load_from_data (again, saved, -1, NULL));
    g_assert_true (planner_job_equal (job, again));
  }
  return 0;
}
