/* planner-picture-grid.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-picture"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "planner-palette.h"
#include "planner-picture-grid.h"
#include "planner-picture-private.h"

/* Cells grow to this when the grid is small: a 16-GPU job should not
 * fill a projector with four giant squares, but should use it. */
#define MAX_CELL              48.
#define MAX_CELL_PRESENTATION 160.
#define MIN_CELL              2.
/* Past this many values colour and pattern repeat. */
#define LEGEND_MAX            PLANNER_PALETTE_DISTINCT

/* Picks the line length: the whole node up to 16 GPUs; longer nodes
 * (GB200 NVL72 as one node) wrap at a divisor between 9 and 18. */
static guint32
line_length (guint32 gpn)
{
  guint32 n_lines;

  if (gpn <= 16)
    return gpn;
  for (guint32 cols = 18; cols >= 9; cols--)
    {
      if (gpn % cols == 0)
        return cols;
    }
  n_lines = (gpn + 15) / 16;
  return (gpn + n_lines - 1) / n_lines;
}

static guint32
count_digits (guint32 n)
{
  guint32 digits = 1;

  while (n >= 10)
    {
      n /= 10;
      digits++;
    }
  return digits;
}

/* Everything that follows from the cell size. */
static void
derive (PlannerGridGeometry *g,
        double               cell)
{
  double node_label_font = g->font * 0.85;

  g->cell = cell;
  g->gap = cell >= 24. ? 3. : cell >= 10. ? 2. : 1.;
  g->pitch = cell + g->gap;
  g->sub_gap = g->sub_domain > 0 ? g->gap + MAX (2., floor (cell / 4.)) : 0.;
  /* Small cells spend nothing on padding: the gaps between boxes say enough. */
  g->node_pad = cell >= 20. ? 4. : cell >= 8. ? 2. : 0.;
  g->node_w = 2. * g->node_pad + g->cols * g->pitch - g->gap +
              (g->sub_domain > 0 ? (g->cols / g->sub_domain - 1) * g->sub_gap : 0.);

  /* Node labels in a band above each node when cells are about as large
   * as text; else a column of labels at the left, every few rows. */
  g->node_header = 0.;
  if (cell >= g->font * 0.9 && g->node_w >= planner_scene_text_width ("node 0000", node_label_font) * 0.8)
    g->node_header = ceil (g->font * 1.35);
  g->node_h = g->node_header + 2. * g->node_pad + g->lines * g->pitch - g->gap;
  g->node_gap = cell >= 20. ? 6. : cell >= 8. ? 4. : 2.;

  if (g->domain_nodes > 1)
    {
      g->dom_pad = g->node_pad + 3.;
      g->dom_header = g->node_header > 0. ? ceil (g->font * 1.45) : 0.;
      g->tile_w = 2. * g->dom_pad + g->dn_cols * g->node_w + (g->dn_cols - 1) * g->node_gap;
      g->tile_h = g->dom_header + 2. * g->dom_pad + g->dn_rows * g->node_h + (g->dn_rows - 1) * g->node_gap;
    }
  else
    {
      g->dom_pad = g->dom_header = 0.;
      g->tile_w = g->node_w;
      g->tile_h = g->node_h;
    }
  g->tile_gap = cell >= 20. ? 12. : cell >= 8. ? 6. : 2.;

  g->label_w = 0.;
  if (g->node_header <= 0. && g->n_nodes > 1)
    {
      g_autofree char *widest = g_strdup_printf ("node %0*u", (int) count_digits (g->n_nodes - 1), 0);

      g->label_w = ceil (planner_scene_text_width (widest, node_label_font) + g->font * 0.8);
    }
}

static double
block_width (const PlannerGridGeometry *g,
             guint32                    tiles_x)
{
  return g->label_w + tiles_x * g->tile_w + (tiles_x - 1) * g->tile_gap;
}

static double
block_height (const PlannerGridGeometry *g,
              guint32                    tiles_y)
{
  return tiles_y * g->tile_h + (tiles_y - 1) * g->tile_gap;
}

/* The arrangement with the fewest empty places and a shape closest to
 * the space, among those that fit. */
static guint32
choose_tiles_x (const PlannerGridGeometry *g,
                guint32                    tx_min,
                guint32                    tx_max,
                double                     target_aspect)
{
  guint32 best = tx_max;
  double best_score = G_MAXDOUBLE;

  for (guint32 tx = tx_min; tx <= tx_max; tx++)
    {
      guint32 ty = (g->n_tiles + tx - 1) / tx;
      double aspect = block_width (g, tx) / block_height (g, ty);
      double empty = (double) (tx * ty - g->n_tiles) / g->n_tiles;
      double score = fabs (log (aspect / target_aspect)) + 2. * empty;

      if (score < best_score - 1e-9)
        {
          best = tx;
          best_score = score;
        }
    }
  return best;
}

/* Does the grid fit at this cell size?  Gives the range of tiles per row. */
static gboolean
fits (const PlannerGridGeometry *g,
      double                     width,
      double                     height,
      guint32                   *tx_min,
      guint32                   *tx_max)
{
  double room = width - g->label_w + g->tile_gap;
  guint32 max_x, min_x = 1;

  if (room < g->tile_w + g->tile_gap)
    return FALSE;
  max_x = (guint32) MIN (floor (room / (g->tile_w + g->tile_gap)), (double) g->n_tiles);
  if (height > 0.)
    {
      guint32 max_y = (guint32) floor ((height + g->tile_gap) / (g->tile_h + g->tile_gap));

      if (max_y == 0)
        return FALSE;
      min_x = (g->n_tiles + max_y - 1) / max_y;
    }
  *tx_min = min_x;
  *tx_max = max_x;
  return min_x <= max_x;
}

void
planner_grid_geometry_init (PlannerGridGeometry     *geo,
                            const PlannerGridParams *params)
{
  double width, height, max_cell, target;
  guint32 tx_min = 1, tx_max = 1;
  gboolean found = FALSE;

  g_return_if_fail (geo != NULL);
  g_return_if_fail (params != NULL);

  memset (geo, 0, sizeof *geo);
  if (params->world == 0)
    return;

  geo->world = params->world;
  geo->font = params->font_size > 0. ? params->font_size : 12.;
  geo->presentation = params->presentation;
  geo->gpn = params->gpus_per_node == 0 ? params->world : MIN (params->gpus_per_node, params->world);
  geo->n_nodes = (geo->world + geo->gpn - 1) / geo->gpn;
  geo->cols = line_length (geo->gpn);
  geo->lines = (geo->gpn + geo->cols - 1) / geo->cols;
  geo->domain = params->nvlink_domain;

  /* A domain of several nodes (GB200 NVL72 trays) gets its own box with
   * the nodes arranged square-ish inside; a domain smaller than a node
   * (NVLink pairs) shows as spacing inside the node. */
  geo->domain_nodes = 1;
  if (geo->domain > geo->gpn && geo->domain % geo->gpn == 0)
    geo->domain_nodes = MIN (geo->domain / geo->gpn, geo->n_nodes);
  if (geo->domain > 1 && geo->domain < geo->gpn && geo->gpn % geo->domain == 0 && geo->cols % geo->domain == 0)
    geo->sub_domain = geo->domain;
  if (geo->domain_nodes > 1)
    {
      double ideal = sqrt ((double) geo->domain_nodes * geo->lines / geo->cols);

      geo->dn_cols = (guint32) CLAMP (round (ideal), 1., (double) geo->domain_nodes);
      /* A divisor nearby leaves no hole in the box. */
      for (guint32 d = 0; d <= geo->dn_cols; d++)
        {
          if (geo->dn_cols + d <= geo->domain_nodes && geo->domain_nodes % (geo->dn_cols + d) == 0)
            {
              geo->dn_cols += d;
              break;
            }
          if (geo->dn_cols > d && geo->domain_nodes % (geo->dn_cols - d) == 0)
            {
              geo->dn_cols -= d;
              break;
            }
        }
      geo->dn_rows = (geo->domain_nodes + geo->dn_cols - 1) / geo->dn_cols;
    }
  geo->n_tiles = (geo->n_nodes + geo->domain_nodes - 1) / geo->domain_nodes;

  width = params->width > 0. ? params->width : 1200.;
  /* Without a height, aim for a landscape block: a tall strip of 2,048
   * nodes helps nobody. */
  height = params->height > 0. ? params->height : width / 1.25;
  target = width / height;
  max_cell = params->max_cell > 0. ? params->max_cell : params->presentation ? MAX_CELL_PRESENTATION : MAX_CELL;

  if (params->cell > 0.)
    {
      derive (geo, MAX (floor (params->cell), MIN_CELL));
      if (params->tiles_x > 0)
        tx_min = tx_max = MIN (params->tiles_x, geo->n_tiles);
      else if (!fits (geo, width, 0., &tx_min, &tx_max))
        tx_min = tx_max = 1;
      else
        tx_min = 1;
      found = TRUE;
    }
  else
    {
      for (double cell = max_cell; cell >= MIN_CELL; cell -= 1.)
        {
          derive (geo, cell);
          if (fits (geo, width, height, &tx_min, &tx_max))
            {
              found = TRUE;
              break;
            }
        }
      /* Not even the smallest cells fit the height: fill the width and
       * let the view scroll. */
      if (!found)
        {
          derive (geo, MIN_CELL);
          if (!fits (geo, width, 0., &tx_min, &tx_max))
            tx_min = tx_max = 1;
          tx_min = tx_max;
        }
    }

  geo->tiles_x = tx_min == tx_max ? tx_min : choose_tiles_x (geo, tx_min, tx_max, target);
  geo->tiles_y = (geo->n_tiles + geo->tiles_x - 1) / geo->tiles_x;
  geo->x0 = geo->label_w;
  geo->y0 = 0.;
  geo->width = block_width (geo, geo->tiles_x);
  geo->height = block_height (geo, geo->tiles_y);
  if (geo->node_header <= 0.)
    {
      double row = geo->tile_h + geo->tile_gap;

      geo->label_every = (guint32) MAX (ceil (geo->font * 1.25 / row), 1.);
    }
}

void
planner_grid_geometry_node (const PlannerGridGeometry *geo,
                            guint32                    node,
                            double                    *x,
                            double                    *y)
{
  guint32 tile = node / geo->domain_nodes;
  guint32 k = node % geo->domain_nodes;
  double tx = geo->x0 + (tile % geo->tiles_x) * (geo->tile_w + geo->tile_gap);
  double ty = geo->y0 + (double) (tile / geo->tiles_x) * (geo->tile_h + geo->tile_gap);

  if (geo->domain_nodes > 1)
    {
      tx += geo->dom_pad + (k % geo->dn_cols) * (geo->node_w + geo->node_gap);
      ty += geo->dom_header + geo->dom_pad + (double) (k / geo->dn_cols) * (geo->node_h + geo->node_gap);
    }
  *x = tx;
  *y = ty;
}

void
planner_grid_geometry_cell (const PlannerGridGeometry *geo,
                            guint32                    rank,
                            double                    *x,
                            double                    *y)
{
  guint32 local = rank % geo->gpn;
  guint32 col = local % geo->cols;
  double nx, ny;

  planner_grid_geometry_node (geo, rank / geo->gpn, &nx, &ny);
  *x = nx + geo->node_pad + col * geo->pitch + (geo->sub_domain > 0 ? (col / geo->sub_domain) * geo->sub_gap : 0.);
  *y = ny + geo->node_header + geo->node_pad + (double) (local / geo->cols) * geo->pitch;
}

int
planner_grid_geometry_rank_at (const PlannerGridGeometry *geo,
                               double                     x,
                               double                     y)
{
  double tx, ty, lx, ly, seg;
  guint32 tcol, trow, tile, node, k = 0, col, line, local, rank;

  g_return_val_if_fail (geo != NULL, -1);

  if (geo->world == 0)
    return -1;
  tx = x - geo->x0;
  ty = y - geo->y0;
  if (tx < 0. || ty < 0.)
    return -1;
  tcol = (guint32) floor (tx / (geo->tile_w + geo->tile_gap));
  trow = (guint32) floor (ty / (geo->tile_h + geo->tile_gap));
  if (tcol >= geo->tiles_x || trow >= geo->tiles_y)
    return -1;
  lx = tx - tcol * (geo->tile_w + geo->tile_gap);
  ly = ty - trow * (geo->tile_h + geo->tile_gap);
  tile = trow * geo->tiles_x + tcol;

  if (geo->domain_nodes > 1)
    {
      guint32 ncol, nrow;

      lx -= geo->dom_pad;
      ly -= geo->dom_header + geo->dom_pad;
      if (lx < 0. || ly < 0.)
        return -1;
      ncol = (guint32) floor (lx / (geo->node_w + geo->node_gap));
      nrow = (guint32) floor (ly / (geo->node_h + geo->node_gap));
      if (ncol >= geo->dn_cols || nrow >= geo->dn_rows)
        return -1;
      lx -= ncol * (geo->node_w + geo->node_gap);
      ly -= nrow * (geo->node_h + geo->node_gap);
      k = nrow * geo->dn_cols + ncol;
      if (k >= geo->domain_nodes)
        return -1;
    }
  node = tile * geo->domain_nodes + k;
  if (node >= geo->n_nodes)
    return -1;

  lx -= geo->node_pad;
  ly -= geo->node_header + geo->node_pad;
  if (lx < 0. || ly < 0.)
    return -1;
  col = 0;
  if (geo->sub_domain > 0)
    {
      seg = geo->sub_domain * geo->pitch + geo->sub_gap;
      col = (guint32) floor (lx / seg) * geo->sub_domain;
      lx -= floor (lx / seg) * seg;
      if (lx >= geo->sub_domain * geo->pitch)
        return -1;
    }
  col += (guint32) floor (lx / geo->pitch);
  line = (guint32) floor (ly / geo->pitch);
  if (lx - floor (lx / geo->pitch) * geo->pitch >= geo->cell || ly - line * geo->pitch >= geo->cell)
    return -1;
  if (col >= geo->cols || line >= geo->lines)
    return -1;
  local = line * geo->cols + col;
  if (local >= geo->gpn)
    return -1;
  rank = node * geo->gpn + local;
  return rank < geo->world ? (int) rank : -1;
}

/* The scene -------------------------------------------------------------------- */

void
planner_picture_grid_params (const PlannerPictureData  *data,
                             const PlannerPictureStyle *style,
                             PlannerGridParams         *params)
{
  const PlannerLayout *layout = planner_picture_data_get_layout (data);

  memset (params, 0, sizeof *params);
  params->world = layout != NULL ? layout->world_size : 0;
  params->gpus_per_node = planner_picture_data_get_gpus_per_node (data);
  params->nvlink_domain = planner_picture_data_get_nvlink_domain (data);
  params->font_size = style->font_size;
  params->width = style->width;
  params->height = style->height;
  params->presentation = style->presentation;
}

PlannerScene *
planner_picture_grid_cells (const PlannerPictureData  *data,
                            const PlannerGridOptions  *options,
                            const PlannerGridGeometry *geo)
{
  const PlannerRankCoords *coords = planner_picture_data_get_coords (data);
  const char *short_name = planner_grid_color_by_short_name (options->color_by);
  PlannerScene *scene;
  double label_font = geo->font * 0.85;
  /* Labels grow with large cells (the window's grid fills its area); a
   * room's are never smaller than 0.8 of its type: no label rather than
   * one nobody at the back can read (issue 23 #14). */
  double cell_font = geo->presentation ? MAX (geo->font * 0.8, geo->cell * 0.22)
                                       : MIN (MAX (geo->font * 0.8, geo->cell * 0.22), geo->cell * 0.34);
  guint32 digits = count_digits (geo->world > 0 ? geo->world - 1 : 0);
  const PlannerLayout *layout = planner_picture_data_get_layout (data);
  guint32 degree = layout != NULL ? planner_grid_color_by_degree (options->color_by, layout) : 1;
  gboolean two_labels, one_label;
  char text[32];

  scene = planner_scene_new (geo->width, geo->height);
  planner_scene_set_font_size (scene, geo->font);
  if (coords == NULL || geo->world == 0)
    return scene;

  /* Rank above the short label when both fit, the rank alone when one does. */
  one_label = options->labels && geo->cell >= cell_font * 1.5 && geo->cell >= digits * 0.6 * cell_font + 4.;
  two_labels = one_label && geo->cell >= cell_font * 2.7 &&
               geo->cell >= (strlen (short_name) + count_digits (MAX (degree, 1) - 1)) * 0.6 * cell_font * 0.92 + 4.;

  /* Domain boxes, then node boxes behind the cells. */
  if (geo->domain_nodes > 1)
    {
      guint32 n_domains = (geo->n_nodes + geo->domain_nodes - 1) / geo->domain_nodes;

      for (guint32 d = 0; d < n_domains; d++)
        {
          guint32 first = d * geo->domain_nodes * geo->gpn;
          guint32 gpus = MIN (geo->domain_nodes * geo->gpn, geo->world - first);
          double x = geo->x0 + (d % geo->tiles_x) * (geo->tile_w + geo->tile_gap);
          double y = geo->y0 + (double) (d / geo->tiles_x) * (geo->tile_h + geo->tile_gap);
          PlannerShape *shape;

          shape = planner_scene_add_frame (scene, x + 0.5, y + 0.5, geo->tile_w - 1., geo->tile_h - 1.,
                                           geo->cell >= 8. ? 2. : 1., PLANNER_INK_DIM);
          shape->radius = (float) MIN (geo->dom_pad + 2., 8.);
          shape->tag = PLANNER_TAG_DOMAIN;
          shape->a = d;
          shape->b = gpus;
          if (geo->dom_header > 0.)
            {
              /* Translators: the label of an NVLink domain box in the rank grid */
              shape = planner_scene_add_textf (scene, x + geo->dom_pad, y + 2., geo->tile_w - 2. * geo->dom_pad,
                                               geo->dom_header, label_font, PLANNER_INK_FG,
                                               PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK,
                                               _("NVLink domain %u · %u GPUs"), d, gpus);
              shape->tag = PLANNER_TAG_DOMAIN;
              shape->a = d;
              shape->b = gpus;
            }
        }
    }

  for (guint32 node = 0; node < geo->n_nodes; node++)
    {
      PlannerShape *shape;
      double x, y;

      planner_grid_geometry_node (geo, node, &x, &y);
      shape = planner_scene_add_rect (scene, x, y, geo->node_w, geo->node_h, PLANNER_INK_SHADE, 0);
      shape->radius = (float) MIN (geo->node_pad + 1., 6.);
      shape->tag = PLANNER_TAG_NODE;
      shape->a = node;
      if (geo->node_header > 0.)
        {
          g_snprintf (text, sizeof text, _("node %u"), node);
          shape = planner_scene_add_text (scene, x + geo->node_pad + 1., y, geo->node_w - 2. * geo->node_pad - 1.,
                                          geo->node_header, label_font, PLANNER_INK_DIM,
                                          PLANNER_SHAPE_ALIGN_START, text);
          shape->tag = PLANNER_TAG_NODE;
          shape->a = node;
        }
    }

  /* The overview: the first node of every few rows, in a column at the left. */
  if (geo->node_header <= 0. && geo->label_w > 0.)
    {
      guint32 per_row = geo->tiles_x * geo->domain_nodes;

      for (guint32 row = 0; row < geo->tiles_y; row += geo->label_every)
        {
          guint32 node = row * per_row;
          double y = geo->y0 + row * (geo->tile_h + geo->tile_gap);
          PlannerShape *shape;

          g_snprintf (text, sizeof text, _("node %u"), node);
          shape = planner_scene_add_text (scene, 0., y + geo->tile_h / 2. - geo->font * 0.75, geo->label_w - geo->font * 0.4,
                                          geo->font * 1.5, label_font, PLANNER_INK_DIM, PLANNER_SHAPE_ALIGN_END, text);
          shape->tag = PLANNER_TAG_NODE;
          shape->a = node;
        }
    }

  for (guint32 rank = 0; rank < geo->world; rank++)
    {
      guint32 value = planner_grid_color_by_coord (options->color_by, &coords[rank]);
      double x, y;

      planner_grid_geometry_cell (geo, rank, &x, &y);
      _planner_scene_add_cell_labelled (scene, x, y, geo->cell, geo->cell, value, PLANNER_TAG_GPU, rank, one_label);
      if (one_label)
        {
          PlannerShape *shape;

          g_snprintf (text, sizeof text, "%u", rank);
          shape = planner_scene_add_text (scene, x, y + (two_labels ? geo->cell * 0.08 : 0.), geo->cell,
                                          two_labels ? geo->cell * 0.46 : geo->cell, cell_font,
                                          PLANNER_INK_ON_DATA, 0, text);
          shape->color = planner_palette_fold (value);
          shape->tag = PLANNER_TAG_GPU_LABEL;
          shape->a = rank;
          if (two_labels)
            {
              g_snprintf (text, sizeof text, "%s%u", short_name, value);
              shape = planner_scene_add_text (scene, x, y + geo->cell * 0.5, geo->cell, geo->cell * 0.42,
                                              cell_font * 0.92, PLANNER_INK_ON_DATA, 0, text);
              shape->color = planner_palette_fold (value);
              shape->tag = PLANNER_TAG_GPU_LABEL;
              shape->a = rank;
              shape->b = 1;
            }
        }
    }
  {
    g_autofree char *description = NULL;

    /* Translators: "Rank grid: 64 GPUs on 8 nodes, coloured by pipeline stage" */
    description = g_strdup_printf (_("Rank grid: %u GPUs on %u nodes, coloured by %s"), layout->world_size,
                                   geo->n_nodes, planner_grid_color_by_title (options->color_by));
    planner_scene_set_description (scene, description);
  }
  return scene;
}

static const char *
group_name (PlannerGridColorBy color_by)
{
  switch (color_by)
    {
    case PLANNER_GRID_COLOR_TP: return _("tensor-parallel group");
    case PLANNER_GRID_COLOR_CP: return _("context-parallel group");
    case PLANNER_GRID_COLOR_DP: return _("data-parallel group");
    case PLANNER_GRID_COLOR_PP: return _("pipeline (all stages of its model replica)");
    case PLANNER_GRID_COLOR_EP: return _("expert-parallel group");
    case PLANNER_GRID_COLOR_EXPERT_DP: return _("expert data-parallel group");
    case PLANNER_N_GRID_COLORS:
    default: return "";
    }
}

static char *
boxes_line (const PlannerPictureData *data,
            const PlannerGridGeometry *geo)
{
  guint32 domain = geo->domain;

  if (geo->domain_nodes > 1)
    return g_strdup_printf (_("Outer boxes: NVLink domains of %u GPUs (%u nodes of %u GPUs each, the inner boxes)"),
                            domain, geo->domain_nodes, geo->gpn);
  if (domain > 0 && domain == geo->gpn)
    return g_strdup_printf (_("Boxes: nodes of %u GPUs; each node is one NVLink domain"), geo->gpn);
  if (domain > geo->gpn && geo->n_nodes == 1)
    return g_strdup_printf (_("Box: the %u GPUs, all in one NVLink domain of up to %u"), geo->gpn, domain);
  if (geo->sub_domain > 0)
    return g_strdup_printf (_("Boxes: nodes of %u GPUs; NVLink joins them in groups of %u (the wider gaps)"),
                            geo->gpn, geo->sub_domain);
  if (domain == 1)
    return g_strdup_printf (_("Boxes: nodes of %u GPUs; no NVLink between GPUs (PCIe only)"), geo->gpn);
  return g_strdup_printf (_("Boxes: nodes of %u GPUs"), geo->gpn);
}

/* One line of the legend: a swatch for each colour (up to eight), then,
 * past eight values, the patterns and what each adds ("+8").  Returns
 * its width; draws only with @scene. */
static double
legend_line (PlannerScene *scene,
             double        x0,
             double        y0,
             double        font,
             const char   *short_name,
             guint32       n)
{
  guint32 n_colours = MIN (n, PLANNER_PALETTE_SIZE);
  guint32 n_patterns = n > PLANNER_PALETTE_SIZE
                       ? MIN ((n + PLANNER_PALETTE_SIZE - 1) / PLANNER_PALETTE_SIZE, PLANNER_PALETTE_N_MARKS) : 0;
  double x = x0, line_h = font * 1.6, gap = font * 1.2;
  char text[32];

  for (guint32 v = 0; v < n_colours; v++)
    {
      double w;

      g_snprintf (text, sizeof text, "%s%u", short_name, v);
      w = planner_scene_text_width (text, font);
      if (scene != NULL)
        {
          PlannerShape *shape;

          _planner_scene_add_swatch (scene, x, y0 + (line_h - font) / 2, font, v, PLANNER_TAG_LEGEND);
          shape = planner_scene_add_text (scene, x + font * 1.4, y0, w + gap / 2, line_h, font, PLANNER_INK_FG,
                                          PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, text);
          shape->tag = PLANNER_TAG_LEGEND;
          shape->a = v;
        }
      x += font * 1.4 + w + gap;
    }
  if (n_patterns > 1)
    {
      /* Translators: in the rank grid's legend, before the patterns and
       * the numbers they add to a colour's: "pattern adds ▤ +8 ◧ +16" */
      const char *adds = _("pattern adds");
      double w = planner_scene_text_width (adds, font);

      if (scene != NULL)
        planner_scene_add_text (scene, x, y0, w + gap / 2, line_h, font, PLANNER_INK_DIM,
                                PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, adds);
      x += w + font * 0.6;
    }
  for (guint32 k = 1; k < n_patterns; k++)
    {
      double w;

      g_snprintf (text, sizeof text, "+%u", k * PLANNER_PALETTE_SIZE);
      w = planner_scene_text_width (text, font);
      if (scene != NULL)
        {
          PlannerShape *shape;

          _planner_scene_add_pattern_key (scene, x, y0 + (line_h - font) / 2, font, k);
          shape = planner_scene_add_text (scene, x + font * 1.4, y0, w + gap / 2, line_h, font, PLANNER_INK_FG,
                                          PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, text);
          shape->tag = PLANNER_TAG_LEGEND;
          shape->a = k * PLANNER_PALETTE_SIZE;
          shape->c = 1;
        }
      x += font * 1.4 + w + gap;
    }
  return x - x0 - gap;
}

PlannerScene *
planner_picture_grid_legend (const PlannerPictureData  *data,
                             const PlannerGridOptions  *options,
                             const PlannerPictureStyle *style)
{
  const PlannerLayout *layout = planner_picture_data_get_layout (data);
  const char *short_name = planner_grid_color_by_short_name (options->color_by);
  double font = style->font_size, width = style->width > 0. ? style->width : 1200.;
  double line_h = font * 1.6, y = 0., title_w, entries_w, entries_font;
  PlannerGridParams params;
  PlannerGridGeometry geo;
  g_autofree char *title = NULL;
  g_autofree char *boxes = NULL;
  PlannerScene *scene;
  PlannerShape *shape;
  guint32 n;

  scene = planner_scene_new (width, 0.);
  planner_scene_set_font_size (scene, font);
  if (layout == NULL)
    return scene;

  n = planner_grid_color_by_degree (options->color_by, layout);

  /* Translators: the legend's first words, "Colour: pipeline stage" */
  title = g_strdup_printf (_("Colour: %s"), planner_grid_color_by_title (options->color_by));
  title_w = planner_scene_text_width (title, font) * 1.08 + font;
  shape = planner_scene_add_text (scene, 0., y, MIN (title_w, width), line_h, font, PLANNER_INK_FG,
                                  PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK, title);
  shape->tag = PLANNER_TAG_LEGEND;
  shape->a = G_MAXUINT32;
  /* The entries are one line, never more: after the title when there is
   * room, else on a line of their own, smaller if they must be. */
  entries_w = legend_line (NULL, 0., 0., font, short_name, n);
  entries_font = font;
  if (title_w + entries_w <= width)
    legend_line (scene, title_w, y, font, short_name, n);
  else
    {
      y += line_h;
      if (entries_w > width)
        entries_font = font * width / entries_w * 0.98;
      legend_line (scene, 0., y + (line_h - entries_font * 1.6) / 2., entries_font, short_name, n);
    }
  y += line_h;
  if (n > LEGEND_MAX)
    {
      planner_scene_add_textf (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_DIM,
                               PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                               _("%u values in all: colours and patterns repeat every %u, "
                                 "the labels in the cells tell them apart"), n, LEGEND_MAX);
      y += line_h;
    }

  planner_picture_grid_params (data, style, &params);
  params.width = width;
  params.height = 0.;
  planner_grid_geometry_init (&geo, &params);
  boxes = boxes_line (data, &geo);
  if (n > PLANNER_PALETTE_SIZE)
    {
      /* Translators: appended to the boxes line of the legend; %u is 8 */
      g_autofree char *marks = g_strdup_printf (_("%s · past %u values the colours repeat with a pattern: "
                                                  "colour and pattern add up to the value"),
                                                boxes, PLANNER_PALETTE_SIZE);

      g_free (boxes);
      boxes = g_steal_pointer (&marks);
    }
  planner_scene_add_text (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_DIM,
                          PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, boxes);
  y += line_h;

  /* How to point at a GPU is for the person at the window, not for a
   * room watching a presentation (issue 23 #14). */
  if (style->interactive && !style->presentation)
    {
      planner_scene_add_textf (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_DIM,
                               PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                               /* Translators: %s is "pipeline-parallel group" etc. */
                               _("Point at or select a GPU: its %s is outlined, GPUs sharing another group "
                                 "with it keep their colour, every other GPU is dimmed"),
                               group_name (options->color_by));
      y += line_h;
    }
  planner_scene_set_size (scene, width, ceil (y + font * 0.4));
  return scene;
}

PlannerScene *
planner_picture_grid (const PlannerPictureData  *data,
                      const PlannerGridOptions  *options,
                      const PlannerPictureStyle *style)
{
  g_autoptr(PlannerScene) legend = NULL;
  g_autoptr(PlannerScene) cells = NULL;
  PlannerGridParams params;
  PlannerGridGeometry geo;
  PlannerScene *scene;
  double width, legend_h, x;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  if (planner_picture_data_get_layout (data) == NULL)
    return _planner_picture_message (style, _("No valid layout"),
                                     _("Fix the parallel degrees to see which GPU holds which rank"));

  legend = planner_picture_grid_legend (data, options, style);
  legend_h = planner_scene_get_height (legend);
  width = planner_scene_get_width (legend);

  planner_picture_grid_params (data, style, &params);
  params.width = width;
  params.height = style->height > 0. ? MAX (style->height - legend_h - style->font_size, 1.) : 0.;
  planner_grid_geometry_init (&geo, &params);
  cells = planner_picture_grid_cells (data, options, &geo);

  scene = planner_scene_new (width, legend_h + style->font_size * 0.6 + geo.height);
  planner_scene_set_font_size (scene, style->font_size);
  planner_scene_append (scene, legend, 0., 0., 1., 0);
  x = MAX (floor ((width - geo.width) / 2.), 0.);
  planner_scene_append (scene, cells, x, legend_h + style->font_size * 0.6, 1., 0);
  planner_scene_set_description (scene, planner_scene_get_description (cells));
  return scene;
}
