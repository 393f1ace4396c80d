/* planner-draw-svg-blocks.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-draw"

#include "config.h"

#include "planner-draw-svg-private.h"

/* A rank grid of a million GPUs is a million cells: one <rect> each made
 * an SVG of 166 MB.  Cells too small to hold a label (no label, no
 * rounded corner) that look alike and sit on a regular lattice, as the
 * cells of a node do, are written as one rectangle tiled with a pattern
 * of one cell.  The pixels are the same; larger cells stay one element
 * each, so every picture a person reads cell by cell is as before. */
#define SMALL_CELL 6.
#define MAX_PARTS  4

/* The shapes of one GPU's cell: its rectangle, then its pattern marks. */
static guint
cell_parts (const PlannerShape *shapes,
            guint               n,
            guint               i)
{
  guint k = 1;

  while (i + k < n && k < MAX_PARTS && shapes[i + k].tag == PLANNER_TAG_GPU_MARK &&
         shapes[i + k].kind == PLANNER_SHAPE_RECT && shapes[i + k].a == shapes[i].a)
    k++;
  return k;
}

static gboolean
is_small_cell (const PlannerShape *s)
{
  return s->tag == PLANNER_TAG_GPU && s->kind == PLANNER_SHAPE_RECT && s->radius <= 0.f &&
         s->w < SMALL_CELL && s->h < SMALL_CELL;
}

/* Two cells look alike: the same parts, colours and sizes, the marks at
 * the same places in the cell. */
static gboolean
alike (const PlannerShape *shapes,
       guint               a,
       guint               na,
       guint               b,
       guint               nb)
{
  if (na != nb || shapes[a].b != shapes[b].b)
    return FALSE;
  for (guint k = 0; k < na; k++)
    {
      const PlannerShape *p = &shapes[a + k], *q = &shapes[b + k];

      if (p->ink != q->ink || p->color != q->color || p->alpha != q->alpha || p->w != q->w || p->h != q->h ||
          p->x - shapes[a].x != q->x - shapes[b].x || p->y - shapes[a].y != q->y - shapes[b].y)
        return FALSE;
    }
  return TRUE;
}

/* The cell after @i continues a row of pitch @px (0: any) from @i. */
static gboolean
next_in_row (const PlannerShape *shapes,
             guint               n,
             guint               i,
             guint               parts,
             float              *px)
{
  guint j = i + parts;

  if (j >= n || !is_small_cell (&shapes[j]) || shapes[j].a != shapes[i].a + 1 || shapes[j].y != shapes[i].y ||
      !alike (shapes, i, parts, j, cell_parts (shapes, n, j)))
    return FALSE;
  if (*px == 0.f)
    {
      if (shapes[j].x - shapes[i].x < shapes[i].w)
        return FALSE;
      *px = shapes[j].x - shapes[i].x;
    }
  return shapes[j].x - shapes[i].x == *px;
}

/* Rows of @cols alike cells from @start, each @py below the one before. */
static guint
count_rows (const PlannerShape *shapes,
            guint               n,
            guint               start,
            guint               parts,
            guint               cols,
            float               px,
            float              *py)
{
  guint rows = 1, row = start + cols * parts;

  while (row < n && is_small_cell (&shapes[row]) && shapes[row].a == shapes[start].a + rows * cols &&
         shapes[row].x == shapes[start].x && alike (shapes, start, parts, row, cell_parts (shapes, n, row)))
    {
      float step = shapes[row].y - shapes[row - parts].y;
      float want = px;
      guint c = 1;

      if ((*py == 0.f && step < shapes[start].h) || (*py != 0.f && step != *py))
        break;
      while (c < cols && next_in_row (shapes, n, row + (c - 1) * parts, parts, &want))
        c++;
      if (c < cols)
        break;
      *py = step;
      rows++;
      row += cols * parts;
    }
  return rows;
}

guint
_planner_svg_find_block (const PlannerShape *shapes,
                         guint               n,
                         guint               i,
                         PlannerSvgBlock    *block)
{
  guint parts;

  if (!is_small_cell (&shapes[i]))
    return 0;
  parts = cell_parts (shapes, n, i);
  block->parts = parts;
  block->cols = 1;
  block->px = block->py = 0.f;
  while (next_in_row (shapes, n, i + (block->cols - 1) * parts, parts, &block->px))
    block->cols++;
  block->rows = count_rows (shapes, n, i, parts, block->cols, block->px, &block->py);
  if (block->rows * block->cols < 2)
    return 0;
  return block->rows * block->cols * parts;
}
