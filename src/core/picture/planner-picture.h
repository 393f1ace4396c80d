/* planner-picture.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-layout.h"
#include "planner-scene.h"
#include "planner-schedule.h"
#include "planner-traffic.h"

#include "planner-words.h"

G_BEGIN_DECLS

/* The pictures that explain a layout: the rank grid, the pipeline
 * schedule, memory per stage, and two layouts side by side.  Their
 * geometry is computed here, as scenes (planner-scene.h), once for the
 * window and the command line. */

typedef enum
{
  PLANNER_PICTURE_GRID = 0,
  PLANNER_PICTURE_SCHEDULE,
  PLANNER_PICTURE_MEMORY,
  PLANNER_PICTURE_COMPARE,
  PLANNER_N_PICTURES
} PlannerPictureKind;

/* The dimension whose index colours a GPU. */
typedef enum
{
  PLANNER_GRID_COLOR_TP = 0,
  PLANNER_GRID_COLOR_CP,
  PLANNER_GRID_COLOR_DP,
  PLANNER_GRID_COLOR_PP,
  PLANNER_GRID_COLOR_EP,
  PLANNER_GRID_COLOR_EXPERT_DP,
  PLANNER_N_GRID_COLORS
} PlannerGridColorBy;

/* How a picture is laid out.  Units are whatever the renderer maps them
 * to: pixels in the window, pixels of the PNG, SVG user units. */
typedef struct
{
  double   font_size;      /* base text size */
  double   width;          /* the width to fill */
  double   height;         /* the height to fit into; 0: as tall as it needs */
  gboolean presentation;   /* a projector: larger cells and bars */
  gboolean interactive;    /* the window: explain hovering, leave out the print-only parts */
  gboolean compact;        /* inside a comparison: no tables, fewer notes */
} PlannerPictureStyle;

/* Everything the pictures draw, derived once from a report. */
typedef struct _PlannerPictureData PlannerPictureData;

#define PLANNER_TYPE_PICTURE_DATA (planner_picture_data_get_type ())

GType                        planner_picture_data_get_type        (void) G_GNUC_CONST;

/* @report NULL: the job is analysed here. */
PlannerPictureData          *planner_picture_data_new             (PlannerJob               *job,
                                                                   PlannerReport            *report);
/* Without a job: @gpus_per_node 0 means one node; @model_name may be NULL. */
PlannerPictureData          *planner_picture_data_new_for_report  (PlannerReport            *report,
                                                                   guint                     gpus_per_node,
                                                                   const char               *model_name);
/* Only a layout (no model, no GPU): enough for the rank grid.
 * @nvlink_domain 0 when unknown. */
PlannerPictureData          *planner_picture_data_new_for_layout  (const PlannerLayout      *layout,
                                                                   guint                     gpus_per_node,
                                                                   guint                     nvlink_domain);
PlannerPictureData          *planner_picture_data_ref             (PlannerPictureData       *data);
void                         planner_picture_data_unref           (PlannerPictureData       *data);

/* NULL for data made from a layout alone. */
PlannerReport               *planner_picture_data_get_report      (const PlannerPictureData *data);
/* NULL when the degrees form no layout. */
const PlannerLayout         *planner_picture_data_get_layout      (const PlannerPictureData *data);
guint                        planner_picture_data_get_gpus_per_node (const PlannerPictureData *data);
/* GPUs one NVLink domain joins; 0 when the GPU is unknown. */
guint                        planner_picture_data_get_nvlink_domain (const PlannerPictureData *data);
/* NULL with the reason in get_schedule_error when there is none. */
const PlannerSchedule       *planner_picture_data_get_schedule    (const PlannerPictureData *data);
const char                  *planner_picture_data_get_schedule_error (const PlannerPictureData *data);
const PlannerTraffic        *planner_picture_data_get_traffic     (const PlannerPictureData *data);
/* "LLaMA-3.1 405B · 16,384 × NVIDIA H100 SXM 80GB" */
const char                  *planner_picture_data_get_title       (const PlannerPictureData *data);
/* "TP 8 × CP 1 × DP 128 × PP 16 = 16384 GPUs ✓ · micro-batch 1 · 64 microbatches · full recompute" */
const char                  *planner_picture_data_get_layout_line (const PlannerPictureData *data);
/* The expert view for MoE, else NULL. */
const char                  *planner_picture_data_get_expert_line (const PlannerPictureData *data);
/* The colouring that says most about the layout: EP for MoE with EP > 1,
 * else the largest of PP, CP and TP above 1, else DP. */
PlannerGridColorBy           planner_picture_data_get_default_color_by (const PlannerPictureData *data);
/* Every rank's coordinates (world_size entries), or NULL without a layout. */
const PlannerRankCoords     *planner_picture_data_get_coords      (const PlannerPictureData *data);
/* What a comparison calls this layout ("Current layout", "Recommended
 * layout", a file name); set it before the data is shared. */
const char                  *planner_picture_data_get_label       (const PlannerPictureData *data);
void                         planner_picture_data_set_label       (PlannerPictureData       *data,
                                                                   const char               *label);

/* The pictures. */
typedef struct
{
  PlannerGridColorBy color_by;
  gboolean           labels;        /* rank and "pp5" in cells that are large enough */
} PlannerGridOptions;

PlannerScene                *planner_picture_grid                 (const PlannerPictureData  *data,
                                                                   const PlannerGridOptions  *options,
                                                                   const PlannerPictureStyle *style);
PlannerScene                *planner_picture_schedule             (const PlannerPictureData  *data,
                                                                   const PlannerPictureStyle *style);
/* The same for any schedule (the benchmarks draw long ones). */
PlannerScene                *planner_picture_schedule_for         (const PlannerSchedule     *schedule,
                                                                   const PlannerPictureStyle *style);
PlannerScene                *planner_picture_memory               (const PlannerPictureData  *data,
                                                                   const PlannerPictureStyle *style);
/* @a is the current layout, @b the other (recommended or saved). */
PlannerScene                *planner_picture_compare              (const PlannerPictureData  *a,
                                                                   const PlannerPictureData  *b,
                                                                   const PlannerPictureStyle *style);
/* A comparison a part at a time, each fitting @style's height: a
 * presentation shows them as slides. */
typedef enum
{
  PLANNER_COMPARE_ALL = 0,
  PLANNER_COMPARE_GRIDS,
  PLANNER_COMPARE_MEMORY,
  PLANNER_COMPARE_SCHEDULES,
  PLANNER_COMPARE_TABLE,
  PLANNER_N_COMPARE_PARTS
} PlannerComparePart;

PlannerScene                *planner_picture_compare_part         (const PlannerPictureData  *a,
                                                                   const PlannerPictureData  *b,
                                                                   PlannerComparePart         part,
                                                                   const PlannerPictureStyle *style);
/* "Two layouts: memory per GPU" */
const char                  *planner_compare_part_title           (PlannerComparePart         part);
/* A picture for a file: the title (model, GPUs, GPU type), the layout
 * line, the picture with its legend, and "Megatron-Core 0.20.0", laid
 * out @width wide (at least 1920 for slides).  @b only for COMPARE;
 * @options only for GRID (NULL: the default colouring). */
PlannerScene                *planner_picture_export               (PlannerPictureKind         kind,
                                                                   const PlannerPictureData  *a,
                                                                   const PlannerPictureData  *b,
                                                                   const PlannerGridOptions  *options,
                                                                   double                     width);

/* A copy of @job with the recommendation search's best layout applied
 * (degrees, batch, recompute, distributed optimizer), the way the
 * window's Use Recommended applies it; NULL when nothing fits, with the
 * reason in @words (NULL: the job's keys). */
PlannerJob                  *planner_picture_recommended_job      (PlannerJob                *job,
                                                                   const PlannerWords        *words,
                                                                   GError                   **error);

const char                  *planner_picture_kind_to_string       (PlannerPictureKind         kind);
gboolean                     planner_picture_kind_from_string     (const char                *name,
                                                                   PlannerPictureKind        *kind);
/* "pp", "tp" … as in the cell labels "pp5", "tp3". */
const char                  *planner_grid_color_by_short_name     (PlannerGridColorBy         color_by);
/* "pipeline stage", "tensor-parallel rank" … */
const char                  *planner_grid_color_by_title          (PlannerGridColorBy         color_by);
guint32                      planner_grid_color_by_degree         (PlannerGridColorBy         color_by,
                                                                   const PlannerLayout       *layout);
guint32                      planner_grid_color_by_coord          (PlannerGridColorBy         color_by,
                                                                   const PlannerRankCoords   *coords);
/* The process-group kind whose members share a colour. */
PlannerGroupKind             planner_grid_color_by_group_kind     (PlannerGridColorBy         color_by);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerPictureData, planner_picture_data_unref)

G_END_DECLS
