/* planner-memory-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_MEMORY_PAGE (planner_memory_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerMemoryPage, planner_memory_page, PLANNER, MEMORY_PAGE, AdwBin)

/* Memory per GPU, per pipeline stage, beside what Megatron will print. */
GtkWidget *planner_memory_page_new       (void);
void       planner_memory_page_update    (PlannerMemoryPage *self,
                                          PlannerReport     *report);
/* Where a chart of the stages goes, above the numbers. */
void       planner_memory_page_set_chart (PlannerMemoryPage *self,
                                          GtkWidget         *chart);

G_END_DECLS
