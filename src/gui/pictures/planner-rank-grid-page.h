/* planner-rank-grid-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-config.h"
#include "planner-layout.h"
#include "planner-picture.h"
#include "planner-rank-grid.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_RANK_GRID_PAGE (planner_rank_grid_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerRankGridPage, planner_rank_grid_page, PLANNER, RANK_GRID_PAGE, AdwBin)

/* The rank grid with its colour choice, zoom, coordinates line, export
 * buttons and Present; "No valid layout" while there is none. */
GtkWidget       *planner_rank_grid_page_new        (void);
/* Follows a job: NVLink domains, title and the other pictures need the
 * report (@report NULL: the job is analysed here). */
void             planner_rank_grid_page_set_report (PlannerRankGridPage *self,
                                                    PlannerJob          *job,
                                                    PlannerReport       *report);
void             planner_rank_grid_page_set_data   (PlannerRankGridPage *self,
                                                    PlannerPictureData  *data);
/* The older entry: a layout alone (@layout NULL shows the status page);
 * @config (may be NULL) gives the layers of each pipeline stage. */
void             planner_rank_grid_page_update     (PlannerRankGridPage *self,
                                                    const PlannerLayout *layout,
                                                    guint                gpus_per_node,
                                                    const PlannerConfig *config);
PlannerRankGrid *planner_rank_grid_page_get_grid   (PlannerRankGridPage *self);
/* What the coordinates line shows. */
const char      *planner_rank_grid_page_get_info   (PlannerRankGridPage *self);
/* What the legend says, as plain text ("Colour: pipeline stage · pp0 pp1 …"). */
const char      *planner_rank_grid_page_get_legend (PlannerRankGridPage *self);

G_END_DECLS
