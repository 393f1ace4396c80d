/* planner-picture-grid.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-picture.h"

G_BEGIN_DECLS

/* Where every GPU of the rank grid sits.  A node is a box of cells (one
 * line, or lines of 9–18 for long nodes); nodes inside one NVLink domain
 * larger than a node (GB200 NVL72 trays) sit in one domain box; the
 * boxes are tiled into a block shaped like the space they fill. */
typedef struct
{
  guint32 world;
  guint32 gpn;            /* GPUs per node, ≤ world */
  guint32 n_nodes;
  guint32 cols;           /* cells per line of a node */
  guint32 lines;          /* lines per node */
  guint32 domain;         /* GPUs per NVLink domain (0: unknown) */
  guint32 domain_nodes;   /* nodes per domain box; 1: the node box is the domain (or there is none) */
  guint32 sub_domain;     /* domains inside a node (NVLink pairs): GPUs per domain, else 0 */
  guint32 dn_cols;        /* nodes per line inside a domain box */
  guint32 dn_rows;
  guint32 n_tiles;        /* domain boxes, or nodes */
  guint32 tiles_x;
  guint32 tiles_y;
  guint32 label_every;    /* overview: a node label every this many tile rows (0: node headers instead) */
  double  cell;
  double  gap;
  double  pitch;
  double  sub_gap;        /* extra space between NVLink pairs in a node */
  double  node_pad;
  double  node_header;    /* the node label band above its cells */
  double  node_w;
  double  node_h;
  double  node_gap;       /* between nodes inside a domain box */
  double  dom_pad;
  double  dom_header;
  double  tile_w;
  double  tile_h;
  double  tile_gap;
  double  label_w;        /* the overview's label column */
  double  font;
  gboolean presentation;   /* for a room: cell labels never under 0.8 of the type, or none */
  double  x0;             /* the first tile */
  double  y0;
  double  width;          /* everything, labels included */
  double  height;
} PlannerGridGeometry;

typedef struct
{
  guint32  world;
  guint32  gpus_per_node;   /* 0: one node */
  guint32  nvlink_domain;   /* 0: unknown */
  double   font_size;
  double   width;           /* to fit; 0: natural */
  double   height;          /* to fit; 0: any */
  gboolean presentation;    /* larger cells allowed */
  double   cell;            /* > 0: this cell size (zoom), else the largest that fits */
  guint32  tiles_x;         /* > 0 with cell: keep this arrangement */
  double   max_cell;        /* > 0: cells grow up to this when they fit (else 48, 160 presented) */
} PlannerGridParams;

void          planner_grid_geometry_init      (PlannerGridGeometry       *geo,
                                               const PlannerGridParams   *params);
/* Top-left corner of @rank's cell. */
void          planner_grid_geometry_cell      (const PlannerGridGeometry *geo,
                                               guint32                    rank,
                                               double                    *x,
                                               double                    *y);
/* The node's box (header included). */
void          planner_grid_geometry_node      (const PlannerGridGeometry *geo,
                                               guint32                    node,
                                               double                    *x,
                                               double                    *y);
/* The GPU under a point, or −1. */
int           planner_grid_geometry_rank_at   (const PlannerGridGeometry *geo,
                                               double                     x,
                                               double                     y);

/* The grid alone, on the geometry of @geo (which the scene's units are). */
PlannerScene *planner_picture_grid_cells      (const PlannerPictureData  *data,
                                               const PlannerGridOptions  *options,
                                               const PlannerGridGeometry *geo);
/* The legend above it: colours, NVLink boxes, and (interactive) what
 * hovering shows. */
PlannerScene *planner_picture_grid_legend     (const PlannerPictureData  *data,
                                               const PlannerGridOptions  *options,
                                               const PlannerPictureStyle *style);
/* The geometry a picture of @style uses for @data. */
void          planner_picture_grid_params     (const PlannerPictureData  *data,
                                               const PlannerPictureStyle *style,
                                               PlannerGridParams         *params);

G_END_DECLS
