/* planner-rank-grid.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "planner-layout.h"
#include "planner-picture.h"

G_BEGIN_DECLS

/* The largest world the grid draws; beyond it set_layout shows nothing. */
#define PLANNER_RANK_GRID_MAX_GPUS 65536

/* The dimension whose index colours a cell (and whose group hover
 * outlines); the same values as PlannerGridColorBy. */
typedef enum
{
  PLANNER_RANK_GRID_COLOR_TP = PLANNER_GRID_COLOR_TP,
  PLANNER_RANK_GRID_COLOR_CP = PLANNER_GRID_COLOR_CP,
  PLANNER_RANK_GRID_COLOR_DP = PLANNER_GRID_COLOR_DP,
  PLANNER_RANK_GRID_COLOR_PP = PLANNER_GRID_COLOR_PP,
  PLANNER_RANK_GRID_COLOR_EP = PLANNER_GRID_COLOR_EP,
  PLANNER_RANK_GRID_COLOR_EXPERT_DP = PLANNER_GRID_COLOR_EXPERT_DP,
  PLANNER_RANK_GRID_N_COLORS_BY
} PlannerRankGridColorBy;

#define PLANNER_TYPE_RANK_GRID_COLOR_BY (planner_rank_grid_color_by_get_type ())
#define PLANNER_TYPE_RANK_GRID          (planner_rank_grid_get_type ())

GType planner_rank_grid_color_by_get_type (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (PlannerRankGrid, planner_rank_grid, PLANNER, RANK_GRID, GtkWidget)

/* One cell per GPU at Megatron's rank placement, nodes and NVLink domains
 * as boxes, its legend on top.  It fits its allocation (an overview block
 * at 16K GPUs); zoom with Ctrl+scroll, a pinch or + and −, 0 to fit; a
 * minimap shows where the view is.  Hover or select a GPU to see its
 * groups; arrow keys move the selection. */
GtkWidget              *planner_rank_grid_new                (void);
/* Everything about a job (NULL clears the grid): NVLink domains come
 * from its GPU. */
void                    planner_rank_grid_set_data           (PlannerRankGrid        *self,
                                                              PlannerPictureData     *data);
PlannerPictureData     *planner_rank_grid_get_data           (PlannerRankGrid        *self);
/* A layout alone (NULL clears the grid).  gpus_per_node 0 means one node. */
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
/* A choice of the person: kept when the layout changes. */
void                    planner_rank_grid_set_color_by       (PlannerRankGrid        *self,
                                                              PlannerRankGridColorBy  color_by);
/* Back to the colouring that follows the layout (the default). */
void                    planner_rank_grid_set_color_by_auto  (PlannerRankGrid        *self);
gboolean                planner_rank_grid_get_color_by_auto  (PlannerRankGrid        *self);
/* −1 means none. */
int                     planner_rank_grid_get_selected_rank  (PlannerRankGrid        *self);
void                    planner_rank_grid_set_selected_rank  (PlannerRankGrid        *self,
                                                              int                     rank);
int                     planner_rank_grid_get_hovered_rank   (PlannerRankGrid        *self);
gboolean                planner_rank_grid_get_presentation   (PlannerRankGrid        *self);
void                    planner_rank_grid_set_presentation   (PlannerRankGrid        *self,
                                                              gboolean                presentation);
/* 1 fits the whole grid; larger zooms in (cells up to 160 pixels). */
double                  planner_rank_grid_get_zoom           (PlannerRankGrid        *self);
void                    planner_rank_grid_set_zoom           (PlannerRankGrid        *self,
                                                              double                  zoom);
/* Values along the colour-by dimension (its degree), and the colour of one. */
guint                   planner_rank_grid_get_n_values       (PlannerRankGrid        *self);
void                    planner_rank_grid_get_value_color    (PlannerRankGrid        *self,
                                                              guint                   value,
                                                              GdkRGBA                *color);
/* "GPU 9 · node 1 · local 1 · tp 1 · cp 0 · dp 2 · pp 0 · ep 1 · layers 0–19";
 * NULL for a rank outside the world. */
char                   *planner_rank_grid_describe_rank      (PlannerRankGrid        *self,
                                                              int                     rank);
/* The options a picture of this grid for a file uses. */
void                    planner_rank_grid_get_options        (PlannerRankGrid        *self,
                                                              PlannerGridOptions     *options);

void                planner_rank_grid_set_presentation_font (PlannerRankGrid *self,
                                                             double           font_px);

G_END_DECLS
