/* fuzz-log.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: any bytes as a training log.  The reader, the job read
 * from the log, the diagnosis, the plans and their JSON must never crash,
 * hang or leak, and the log must read the same whatever way it is cut
 * into pieces.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>

#include "fuzz-common.h"

#include "planner-advise-log.h"
#include "planner-log-analysis.h"
#include "planner-log-args.h"
#include "planner-log-json.h"
#include "planner-log.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static PlannerLogRecord *
read_cut (const uint8_t *data,
          size_t         size,
          size_t         cut)
{
  PlannerLogReader *reader = planner_log_reader_new ();

  planner_log_reader_feed (reader, (const char *) data, MIN (cut, size));
  if (cut < size)
    planner_log_reader_feed (reader, (const char *) data + cut, size - cut);
  return planner_log_reader_finish (reader);
}

static void
advise (PlannerLogRecord *record,
        PlannerJob       *job)
{
  g_autoptr(PlannerLogAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) plans = NULL;
  g_autoptr(PlannerPlan) optimize = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autoptr(GError) error = NULL;

  analysis = planner_log_analysis_new (record, job, NULL, 0, &error);
  g_assert ((analysis == NULL) != (error == NULL));
  if (analysis == NULL)
    return;
  plans = planner_advise_log_all (analysis, NULL);
  optimize = planner_advise_log (analysis, PLANNER_SYMPTOM_NONE, NULL);
  json = planner_log_analysis_to_json (analysis, "fuzz.log", plans);
  g_assert (json != NULL);
  g_free (json_to_string (json, FALSE));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PlannerLogRecord) whole = read_cut (data, size, size);
  g_autoptr(PlannerLogRecord) cut = read_cut (data, size, size > 0 ? data[0] % (size + 1) : 0);
  g_autoptr(PlannerJob) example = planner_job_new_example ();

  /* Cut anywhere, the same log. */
  g_assert (whole->n_lines == cut->n_lines && whole->n_bytes == cut->n_bytes);
  g_assert (whole->n_iteration_lines == cut->n_iteration_lines);
  for (guint k = 0; k < PLANNER_LOG_N_EVENT_KINDS; k++)
    g_assert (whole->n_events[k] == cut->n_events[k]);
  g_assert (whole->n_points <= PLANNER_LOG_MAX_POINTS);

  /* The job from the log's arguments, and a job given beside it (only
   * when the log shows something: planning is the slow part). */
  advise (whole, NULL);
  for (guint k = 0; k < PLANNER_LOG_N_EVENT_KINDS; k++)
    {
      if (whole->n_events[k] > 0 || whole->n_iteration_lines > 0)
        {
          advise (whole, example);
          break;
        }
    }
  return 0;
}
