/* planner-rank-grid-draw.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-rank-grid"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "planner-rank-grid-internal.h"

/* The grid's snapshot: the engine's cells (planner-picture-grid.c) on the
 * fitted or zoomed geometry, the focus's groups over the dimmed grid, the
 * rings of hover and selection, and the minimap. */

/* Drawing ---------------------------------------------------------------- */

int
_planner_rank_grid_focus_rank (PlannerRankGrid *self)
{
  return self->hovered >= 0 ? self->hovered : self->selected;
}

/* The process groups a colour-by dimension stands for, and who is in
 * them, come from the engine's rank layout (planner-layout.c), the same
 * groups `ranks` lists: no group lists are built for 16,384 GPUs. */
static PlannerGroupKind
group_kind (guint dim)
{
  return planner_grid_color_by_group_kind ((PlannerGridColorBy) dim);
}

static gboolean
in_group (PlannerRankGrid *self,
          guint            dim,
          guint            rank,
          guint            focus)
{
  return planner_layout_same_group (_planner_rank_grid_get_layout (self), group_kind (dim), rank, focus);
}

/* The @k-th member of @focus's group along @dim. */
static guint32
group_member (PlannerRankGrid *self,
              guint            dim,
              guint            focus,
              guint32          k)
{
  return planner_layout_group_member (_planner_rank_grid_get_layout (self), group_kind (dim), focus, k);
}

static guint32
group_size (PlannerRankGrid *self,
            guint            dim)
{
  return planner_layout_group_size (_planner_rank_grid_get_layout (self), group_kind (dim));
}

void
_planner_rank_grid_cell_rect (PlannerRankGrid *self,
           guint            rank,
           graphene_rect_t *rect)
{
  double x, y;

  planner_grid_geometry_cell (&self->geo, rank, &x, &y);
  *rect = GRAPHENE_RECT_INIT (x, y, self->geo.cell, self->geo.cell);
}

static void
append_outline (GtkSnapshot           *snapshot,
                const graphene_rect_t *rect,
                float                  width,
                const GdkRGBA         *color)
{
  GskRoundedRect outline;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&outline, rect, MIN (rect->size.width / 8.f, 6.f));
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

static void
append_ring (PlannerRankGrid *self,
             GtkSnapshot     *snapshot,
             int              rank,
             float            line,
             const GdkRGBA   *color)
{
  graphene_rect_t rect;

  _planner_rank_grid_cell_rect (self, rank, &rect);
  graphene_rect_inset (&rect, -line, -line);
  append_outline (snapshot, &rect, 2.f * line, color);
}

/* Everything that shares a group with @focus keeps its colour over the
 * dimmed grid; its colour-by group is outlined. */
static void
draw_focus (PlannerRankGrid       *self,
            GtkSnapshot           *snapshot,
            int                    focus,
            const graphene_rect_t *visible)
{
  g_autofree guint8 *drawn = g_new0 (guint8, self->geo.world);
  float line = self->geo.cell >= 24. ? 2.f : 1.f;
  GdkRGBA dim, fg;

  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_BG, 0, &dim);
  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_FG, 0, &fg);
  dim.alpha = DIM_ALPHA;
  gtk_snapshot_append_color (snapshot, &dim, visible);

  for (guint d = 0; d < N_DIMS; d++)
    {
      guint32 size = group_size (self, d);

      if (d == PLANNER_RANK_GRID_COLOR_EXPERT_DP)
        continue;
      for (guint32 k = 0; k < size; k++)
        {
          guint32 r = group_member (self, d, focus, k);

          if (r >= self->geo.world || drawn[r])
            continue;
          drawn[r] = 1;
          planner_scene_renderer_draw_range (self->renderer, snapshot, self->cells, self->cell_index[r],
                                             self->cell_index[r + 1], visible, 1.f);
        }
    }
  {
    guint32 size = group_size (self, self->color_by);

    for (guint32 k = 0; k < size; k++)
      {
        guint32 r = group_member (self, self->color_by, focus, k);
        graphene_rect_t rect;

        if (r >= self->geo.world)
          continue;
        _planner_rank_grid_cell_rect (self, r, &rect);
        if (graphene_rect_intersection (&rect, visible, NULL))
          append_outline (snapshot, &rect, line, &fg);
      }
  }
}

static void
draw_minimap (PlannerRankGrid *self,
              GtkSnapshot     *snapshot)
{
  graphene_rect_t box;
  double scale, ox, oy;
  GdkRGBA bg, frame, accent;

  if (!_planner_rank_grid_minimap_box (self, &box, &scale))
    return;
  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_BG, 0, &bg);
  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_DIM, 0, &frame);
  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_ACCENT, 0, &accent);
  gtk_snapshot_append_color (snapshot, &bg, &box);
  append_outline (snapshot, &box, 1.f, &frame);

  if (self->minimap_node == NULL)
    {
      GtkSnapshot *mini = gtk_snapshot_new ();

      gtk_snapshot_scale (mini, (float) scale, (float) scale);
      /* Cells and boxes only: no text at this size. */
      planner_scene_renderer_draw (self->renderer, mini, self->overview, NULL);
      self->minimap_node = gtk_snapshot_free_to_node (mini);
    }
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (box.origin.x + 4.f, box.origin.y + 4.f));
  if (self->minimap_node != NULL)
    gtk_snapshot_append_node (snapshot, self->minimap_node);
  /* The part in view, mapped from the zoomed grid onto the fitted one. */
  _planner_rank_grid_origin (self, &ox, &oy);
  {
    double fx = self->fit.width / self->geo.width, fy = self->fit.height / self->geo.height;
    graphene_rect_t view = GRAPHENE_RECT_INIT ((PAD - ox) * fx * scale, (_planner_rank_grid_area_top (self) - oy) * fy * scale,
                                               _planner_rank_grid_area_width (self) * fx * scale, _planner_rank_grid_area_height (self) * fy * scale);

    graphene_rect_intersection (&view, &GRAPHENE_RECT_INIT (0, 0, self->fit.width * scale,
                                                            self->fit.height * scale), &view);
    append_outline (snapshot, &view, 2.f, &accent);
  }
  gtk_snapshot_restore (snapshot);
}

void
_planner_rank_grid_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  graphene_rect_t visible;
  double ox, oy;
  int focus;
  GdkRGBA fg, accent;

  _planner_rank_grid_ensure_layout (self);
  if (self->cells == NULL)
    return;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (PAD, 0));
  planner_scene_renderer_draw (self->renderer, snapshot, self->legend, NULL);
  gtk_snapshot_restore (snapshot);

  _planner_rank_grid_origin (self, &ox, &oy);
  visible = GRAPHENE_RECT_INIT (PAD - ox, _planner_rank_grid_area_top (self) - oy, _planner_rank_grid_area_width (self), _planner_rank_grid_area_height (self));
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (PAD, _planner_rank_grid_area_top (self), _planner_rank_grid_area_width (self),
                                                         _planner_rank_grid_area_height (self)));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (ox, oy));

  /* The cells change only with the view; hover and selection go on top. */
  if (self->base_node == NULL || !graphene_rect_equal (&self->base_rect, &visible))
    {
      GtkSnapshot *base = gtk_snapshot_new ();

      g_clear_pointer (&self->base_node, gsk_render_node_unref);
      planner_scene_renderer_draw (self->renderer, base, self->cells, &visible);
      self->base_node = gtk_snapshot_free_to_node (base);
      self->base_rect = visible;
    }
  if (self->base_node != NULL)
    gtk_snapshot_append_node (snapshot, self->base_node);

  focus = _planner_rank_grid_focus_rank (self);
  if (focus >= 0)
    draw_focus (self, snapshot, focus, &visible);
  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_FG, 0, &fg);
  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_ACCENT, 0, &accent);
  if (self->hovered >= 0)
    append_ring (self, snapshot, self->hovered, self->geo.cell >= 24. ? 2.f : 1.f, &fg);
  if (self->selected >= 0)
    append_ring (self, snapshot, self->selected, self->geo.cell >= 24. ? 2.f : 1.5f, &accent);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);

  draw_minimap (self, snapshot);
}


gboolean
_planner_rank_grid_is_highlighted (PlannerRankGrid *self,
                                   guint            rank)
{
  int focus;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), FALSE);

  focus = _planner_rank_grid_focus_rank (self);
  if (focus < 0 || rank >= _planner_rank_grid_world (self))
    return FALSE;
  return in_group (self, self->color_by, rank, focus);
}

GArray *
_planner_rank_grid_dup_outlined (PlannerRankGrid *self)
{
  GArray *ranks = g_array_new (FALSE, FALSE, sizeof (guint32));
  int focus;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), ranks);

  focus = _planner_rank_grid_focus_rank (self);
  if (focus < 0 || (guint) focus >= _planner_rank_grid_world (self))
    return ranks;
  for (guint32 k = 0, size = group_size (self, self->color_by); k < size; k++)
    {
      guint32 r = group_member (self, self->color_by, focus, k);

      if (r < _planner_rank_grid_world (self))
        g_array_append_val (ranks, r);
    }
  return ranks;
}

