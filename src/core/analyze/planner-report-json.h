/* planner-report-json.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "planner-analyze.h"

G_BEGIN_DECLS

/* The `analyze --json` document: layout, diagnostics, flops, memory, with
 * the contract's keys.  Figures that cannot be computed are null. */
JsonNode *planner_report_to_json (const PlannerReport *report);

G_END_DECLS
