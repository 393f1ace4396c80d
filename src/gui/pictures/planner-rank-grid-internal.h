/* planner-rank-grid-internal.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the rank grid's three files share: the instance, the geometry of
 * its view (planner-rank-grid.c), the drawing (planner-rank-grid-draw.c)
 * and the input: hover, clicks, zoom, keys (planner-rank-grid-input.c).
 * Not used outside them. */

#pragma once

#include <gtk/gtk.h>

#include "planner-rank-grid-private.h"
#include "planner-scene-renderer.h"

G_BEGIN_DECLS

#define N_DIMS        PLANNER_RANK_GRID_N_COLORS_BY
#define PAD           12.
#define MAX_ZOOM_CELL 160.
#define ZOOM_STEP     1.5
#define DIM_ALPHA     0.78f    /* the background laid over GPUs unrelated to the focus */
#define MINIMAP_MAX   200.

struct _PlannerRankGrid
{
  GtkWidget               parent_instance;

  PlannerPictureData     *data;
  guint32                *stage_layers;
  guint                   n_stages;
  PlannerRankGridColorBy  color_by;
  gboolean                color_by_auto;
  int                     selected;
  int                     hovered;
  gboolean                presentation;
  double                  presentation_font;   /* px: a room's type, from the screen's height */
  double                  zoom;
  double                  pan_x;
  double                  pan_y;

  /* Per allocation, zoom and colouring. */
  gboolean                layout_valid;
  int                     width;
  int                     height;
  double                  font;
  PlannerScene           *legend;
  PlannerGridGeometry     fit;
  PlannerGridGeometry     geo;
  PlannerScene           *cells;
  guint                  *cell_index;     /* rank → its first shape; world + 1 entries */
  PlannerScene           *overview;       /* the fitted grid, for the minimap */
  GskRenderNode          *base_node;      /* the cells without hover, for base_rect */
  graphene_rect_t         base_rect;
  GskRenderNode          *minimap_node;
  PlannerSceneRenderer   *renderer;

  double                  gesture_zoom;
  double                  drag_pan_x;
  double                  drag_pan_y;
};

/* planner-rank-grid.c: the view's geometry and caches */
const PlannerLayout *_planner_rank_grid_get_layout         (PlannerRankGrid *self);
guint32              _planner_rank_grid_world              (PlannerRankGrid *self);
void                 _planner_rank_grid_invalidate_nodes   (PlannerRankGrid *self);
void                 _planner_rank_grid_invalidate_layout  (PlannerRankGrid *self);
double               _planner_rank_grid_area_top           (PlannerRankGrid *self);
double               _planner_rank_grid_area_width         (PlannerRankGrid *self);
double               _planner_rank_grid_area_height        (PlannerRankGrid *self);
void                 _planner_rank_grid_clamp_pan          (PlannerRankGrid *self);
void                 _planner_rank_grid_ensure_layout      (PlannerRankGrid *self);
/* Widget coordinates of the scene's origin. */
void                 _planner_rank_grid_origin             (PlannerRankGrid *self,
                                                            double          *x,
                                                            double          *y);
gboolean             _planner_rank_grid_zoomed_out_of_view (PlannerRankGrid *self);
gboolean             _planner_rank_grid_minimap_box        (PlannerRankGrid *self,
                                                            graphene_rect_t *box,
                                                            double          *scale);
void                 _planner_rank_grid_update_accessible  (PlannerRankGrid *self);

/* planner-rank-grid-draw.c */
int                  _planner_rank_grid_focus_rank         (PlannerRankGrid *self);
void                 _planner_rank_grid_cell_rect          (PlannerRankGrid *self,
                                                            guint            rank,
                                                            graphene_rect_t *rect);
void                 _planner_rank_grid_snapshot           (GtkWidget       *widget,
                                                            GtkSnapshot     *snapshot);

/* planner-rank-grid-input.c */
void                 _planner_rank_grid_zoom_around_focus  (PlannerRankGrid *self,
                                                            double           zoom);
gboolean             _planner_rank_grid_query_tooltip      (GtkWidget       *widget,
                                                            int              x,
                                                            int              y,
                                                            gboolean         keyboard_tooltip,
                                                            GtkTooltip      *tooltip);
void                 _planner_rank_grid_class_init_input   (GtkWidgetClass  *widget_class);

G_END_DECLS
