/* planner-log-record-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "planner-log.h"

G_BEGIN_DECLS

/* For the reader, which fills a record in (engine-internal). */
PlannerLogRecord *planner_log_record_new  (void);
PlannerLogEvent  *planner_log_event_new   (PlannerLogEventKind  kind);
void              planner_log_event_free  (PlannerLogEvent     *event);

G_END_DECLS
