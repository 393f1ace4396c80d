/* planner-draw-svg-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-scene.h"

G_BEGIN_DECLS

/* A block of a rank grid's small cells that look alike: @rows × @cols
 * cells, @px and @py apart, each of @parts shapes (the cell, its marks). */
typedef struct
{
  guint rows;
  guint cols;
  guint parts;
  float px;
  float py;
} PlannerSvgBlock;

/* The shapes from @i that one tiled rectangle can draw (0: none). */
guint _planner_svg_find_block (const PlannerShape *shapes,
                               guint               n,
                               guint               i,
                               PlannerSvgBlock    *block);

G_END_DECLS
