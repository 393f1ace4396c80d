/* planner-memory-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-picture-view.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_MEMORY_PAGE (planner_memory_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerMemoryPage, planner_memory_page, PLANNER, MEMORY_PAGE, AdwBin)

/* Memory per GPU, per pipeline stage, beside what Megatron will print. */
GtkWidget *planner_memory_page_new       (void);
void       planner_memory_page_update    (PlannerMemoryPage *self,
                                          PlannerReport     *report);
/* The chart of the stages above the numbers: the report's picture data,
 * shared with the other pictures (NULL: no chart). */
void                planner_memory_page_set_data  (PlannerMemoryPage  *self,
                                                   PlannerPictureData *data);
PlannerPictureView *planner_memory_page_get_chart (PlannerMemoryPage  *self);

G_END_DECLS
