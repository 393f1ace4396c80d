/* planner-picture-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the picture builders share.
 */

#pragma once

#include "planner-picture.h"

G_BEGIN_DECLS

#define GIB (1024. * 1024. * 1024.)

/* The Megatron version every exported picture names. */
#define PLANNER_PICTURE_MEGATRON "Megatron-Core 0.20.0"

/* "16,384" */
char  *_planner_format_count        (guint64              n);
/* "12.3 GiB", "512 MiB", "3.1 TiB" */
char  *_planner_format_bytes        (double               bytes);
/* A coloured swatch with its mark, as in the grid's cells. */
void   _planner_scene_add_swatch    (PlannerScene        *scene,
                                     double               x,
                                     double               y,
                                     double               size,
                                     guint                value,
                                     PlannerTag           tag);
/* The pattern of values 8 × @cycle … in the text colour, for a legend
 * (tag LEGEND, a = 8 × @cycle, c = 1). */
void   _planner_scene_add_pattern_key (PlannerScene      *scene,
                                     double               x,
                                     double               y,
                                     double               size,
                                     guint                cycle);
/* A cell in the palette colour of @value with the mark that tells it
 * from value ± 8 (a pattern over half the cell); returns the cell's shape index. */
guint  _planner_scene_add_cell      (PlannerScene        *scene,
                                     double               x,
                                     double               y,
                                     double               w,
                                     double               h,
                                     guint                value,
                                     PlannerTag           tag,
                                     guint32              a);
/* The same; @labelled keeps the pattern to the edges, clear of labels. */
guint  _planner_scene_add_cell_labelled (PlannerScene    *scene,
                                     double               x,
                                     double               y,
                                     double               w,
                                     double               h,
                                     guint                value,
                                     PlannerTag           tag,
                                     guint32              a,
                                     gboolean             labelled);
/* Lays out "■ label" entries in lines @width wide from (x, y); returns
 * the height used.  @labels holds @n strings; @values their colours. */
double _planner_scene_add_legend    (PlannerScene        *scene,
                                     double               x,
                                     double               y,
                                     double               width,
                                     double               font,
                                     const char * const  *labels,
                                     const guint         *values,
                                     guint                n);
/* The height of the same legend, without drawing it. */
double _planner_legend_height       (double               width,
                                     double               font,
                                     const char * const  *labels,
                                     guint                n);
/* A message in place of a picture that cannot be drawn. */
PlannerScene *_planner_picture_message (const PlannerPictureStyle *style,
                                        const char                *title,
                                        const char                *message);

G_END_DECLS
