/* planner-rank-grid.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "planner-layout.h"

G_BEGIN_DECLS

/* The largest world the grid draws; beyond it set_layout shows nothing. */
#define PLANNER_RANK_GRID_MAX_GPUS 65536

/* The dimension whose index colours a cell (and whose group hover outlines). */
typedef enum
{
  PLANNER_RANK_GRID_COLOR_TP = 0,
  PLANNER_RANK_GRID_COLOR_CP,
  PLANNER_RANK_GRID_COLOR_DP,
  PLANNER_RANK_GRID_COLOR_PP,
  PLANNER_RANK_GRID_COLOR_EP,
  PLANNER_RANK_GRID_COLOR_EXPERT_DP,
  PLANNER_RANK_GRID_N_COLORS_BY
} PlannerRankGridColorBy;

#define PLANNER_TYPE_RANK_GRID_COLOR_BY (planner_rank_grid_color_by_get_type ())
#define PLANNER_TYPE_RANK_GRID          (planner_rank_grid_get_type ())

GType planner_rank_grid_color_by_get_type (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (PlannerRankGrid, planner_rank_grid, PLANNER, RANK_GRID, GtkWidget)

GtkWidget              *planner_rank_grid_new                (void);
/* Copies @layout (NULL clears the grid).  gpus_per_node 0 means one node. */
void                    planner_rank_grid_set_layout         (PlannerRankGrid        *self,
                                                              const PlannerLayout    *layout,
                                                              guint                   gpus_per_node);
/* NULL when the grid is empty. */
const PlannerLayout    *planner_rank_grid_get_layout         (PlannerRankGrid        *self);
guint                   planner_rank_grid_get_gpus_per_node  (PlannerRankGrid        *self);
/* Transformer layers on each pipeline stage (@n_stages == pp), for the
 * coordinates line; NULL forgets them. */
void                    planner_rank_grid_set_stage_layers   (PlannerRankGrid        *self,
                                                              const guint32          *layers,
                                                              guint                   n_stages);
PlannerRankGridColorBy  planner_rank_grid_get_color_by       (PlannerRankGrid        *self);
void                    planner_rank_grid_set_color_by       (PlannerRankGrid        *self,
                                                              PlannerRankGridColorBy  color_by);
/* −1 means none. */
int                     planner_rank_grid_get_selected_rank  (PlannerRankGrid        *self);
void                    planner_rank_grid_set_selected_rank  (PlannerRankGrid        *self,
                                                              int                     rank);
int                     planner_rank_grid_get_hovered_rank   (PlannerRankGrid        *self);
gboolean                planner_rank_grid_get_presentation   (PlannerRankGrid        *self);
void                    planner_rank_grid_set_presentation   (PlannerRankGrid        *self,
                                                              gboolean                presentation);
/* Values along the colour-by dimension (its degree), and the colour of one. */
guint                   planner_rank_grid_get_n_values       (PlannerRankGrid        *self);
void                    planner_rank_grid_get_value_color    (PlannerRankGrid        *self,
                                                              guint                   value,
                                                              GdkRGBA                *color);
/* "GPU 9 · node 1 · local 1 · tp 1 · cp 0 · dp 2 · pp 0 · ep 1 · layers 0–19";
 * NULL for a rank outside the world. */
char                   *planner_rank_grid_describe_rank      (PlannerRankGrid        *self,
                                                              int                     rank);
/* The whole grid at its natural size, light style, for slides. */
gboolean                planner_rank_grid_save_png           (PlannerRankGrid        *self,
                                                              const char             *path,
                                                              GError                **error);
gboolean                planner_rank_grid_save_svg           (PlannerRankGrid        *self,
                                                              const char             *path,
                                                              GError                **error);

G_END_DECLS
