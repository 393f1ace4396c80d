/* planner-rank-grid-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-picture-grid.h"
#include "planner-rank-grid.h"

G_BEGIN_DECLS

/* For the widget tests and benchmarks. */

/* Index along the colour-by dimension, or G_MAXUINT outside the world. */
guint                      _planner_rank_grid_get_color_index (PlannerRankGrid *self,
                                                               guint            rank);
/* TRUE for every member of the colour-by group of the hovered rank (or,
 * without hover, of the selected rank). */
gboolean                   _planner_rank_grid_is_highlighted  (PlannerRankGrid *self,
                                                               guint            rank);
/* The ranks outlined as the focus's colour-by group, in the order drawn
 * (GArray of guint32); empty without a focus. */
GArray                    *_planner_rank_grid_dup_outlined    (PlannerRankGrid *self);
/* The rank under a point in widget coordinates, or −1. */
int                        _planner_rank_grid_rank_at         (PlannerRankGrid *self,
                                                               double           x,
                                                               double           y);
/* What the motion controller does. */
void                       _planner_rank_grid_set_hovered     (PlannerRankGrid *self,
                                                               int              rank);
/* The geometry and scene drawn now (after a size allocation). */
const PlannerGridGeometry *_planner_rank_grid_get_geometry    (PlannerRankGrid *self);
PlannerScene              *_planner_rank_grid_get_scene       (PlannerRankGrid *self);
/* Where the scene's origin is in the widget. */
void                       _planner_rank_grid_get_origin      (PlannerRankGrid *self,
                                                               double          *x,
                                                               double          *y);

/* Forgets the cached cells, as a change of view does (benchmarks). */
void                       _planner_rank_grid_drop_cache      (PlannerRankGrid *self);

G_END_DECLS
