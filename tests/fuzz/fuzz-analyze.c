/* fuzz-analyze.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: any bytes as a launch script, imported and analysed
 * all the way (layout, validation, Megatron's defaults and its small
 * parsers such as --moe-layer-freq, FLOPs, memory, JSON).  Whatever the
 * arguments say, no crash, no hang, and no NaN or infinity in the report.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>

#include "fuzz-common.h"

#include "planner-analyze.h"
#include "planner-report-json.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(JsonNode) json = NULL;
  PlannerAnalyzeOptions options = { 0, 0, "h100-sxm", NULL, 8 };
  const PlannerMemoryEstimate *estimate;

  import = planner_import_script ((const char *) data, size, NULL);
  if (import == NULL)
    return 0;

  report = planner_analyze_import (import, &options, NULL);
  g_assert_nonnull (report);
  g_assert_true (isfinite (planner_report_get_flops (report)));
  estimate = planner_report_get_memory_estimate (report);
  if (estimate != NULL)
    {
      for (guint s = 0; s < estimate->n_stages; s++)
        g_assert_true (isfinite (estimate->stages[s].total_bytes));
    }
  json = planner_report_to_json (report);
  g_assert_nonnull (json);
  return 0;
}
