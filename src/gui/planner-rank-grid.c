/* planner-rank-grid.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-rank-grid"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "planner-rank-grid-private.h"
#include "planner-scene-renderer.h"

/* The geometry and the picture come from the engine (planner-picture-grid.c),
 * the same the command line draws; this widget fits them to its size,
 * zooms and pans them, and adds what only a window has: hover, selection,
 * keyboard and a minimap.  One snapshot, never a widget per GPU. */

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

G_DEFINE_FINAL_TYPE (PlannerRankGrid, planner_rank_grid, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_COLOR_BY,
  PROP_SELECTED_RANK,
  PROP_HOVERED_RANK,
  PROP_PRESENTATION,
  PROP_ZOOM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GType
planner_rank_grid_color_by_get_type (void)
{
  static gsize type_id = 0;

  if (g_once_init_enter (&type_id))
    {
      static const GEnumValue values[] = {
        { PLANNER_RANK_GRID_COLOR_TP, "PLANNER_RANK_GRID_COLOR_TP", "tp" },
        { PLANNER_RANK_GRID_COLOR_CP, "PLANNER_RANK_GRID_COLOR_CP", "cp" },
        { PLANNER_RANK_GRID_COLOR_DP, "PLANNER_RANK_GRID_COLOR_DP", "dp" },
        { PLANNER_RANK_GRID_COLOR_PP, "PLANNER_RANK_GRID_COLOR_PP", "pp" },
        { PLANNER_RANK_GRID_COLOR_EP, "PLANNER_RANK_GRID_COLOR_EP", "ep" },
        { PLANNER_RANK_GRID_COLOR_EXPERT_DP, "PLANNER_RANK_GRID_COLOR_EXPERT_DP", "expert-dp" },
        { 0, NULL, NULL },
      };
      GType type = g_enum_register_static (g_intern_static_string ("PlannerRankGridColorBy"), values);

      g_once_init_leave (&type_id, type);
    }
  return type_id;
}

static const PlannerLayout *
get_layout (PlannerRankGrid *self)
{
  return self->data != NULL ? planner_picture_data_get_layout (self->data) : NULL;
}

static guint32
world (PlannerRankGrid *self)
{
  const PlannerLayout *layout = get_layout (self);

  return layout != NULL ? layout->world_size : 0;
}

/* Caches ------------------------------------------------------------------ */

static void
invalidate_nodes (PlannerRankGrid *self)
{
  g_clear_pointer (&self->base_node, gsk_render_node_unref);
  g_clear_pointer (&self->minimap_node, gsk_render_node_unref);
}

static void
invalidate_layout (PlannerRankGrid *self)
{
  self->layout_valid = FALSE;
  g_clear_pointer (&self->legend, planner_scene_unref);
  g_clear_pointer (&self->cells, planner_scene_unref);
  g_clear_pointer (&self->overview, planner_scene_unref);
  g_clear_pointer (&self->cell_index, g_free);
  invalidate_nodes (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The text size the pictures are laid out for, in pixels: the widget's
 * font (which follows the large-text setting), larger on a projector. */
#define WINDOW_MAX_CELL 120.

static double
font_px (PlannerRankGrid *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  const PangoFontDescription *desc = pango_context_get_font_description (context);
  double size = desc != NULL ? pango_font_description_get_size (desc) / (double) PANGO_SCALE : 0.;
  double dpi = pango_cairo_context_get_resolution (context);

  if (size <= 0.)
    size = 11.;
  if (desc == NULL || !pango_font_description_get_size_is_absolute (desc))
    size *= (dpi > 0. ? dpi : 96.) / 72.;
  return self->presentation ? MAX (size * 1.5, self->presentation_font) : size;
}

static double
area_top (PlannerRankGrid *self)
{
  return self->legend != NULL ? planner_scene_get_height (self->legend) + self->font * 0.4 : PAD;
}

static double
area_width (PlannerRankGrid *self)
{
  return MAX (self->width - 2. * PAD, 1.);
}

static double
area_height (PlannerRankGrid *self)
{
  return MAX (self->height - area_top (self) - PAD, 1.);
}

static PlannerGridOptions
options (PlannerRankGrid *self)
{
  PlannerGridOptions o = { (PlannerGridColorBy) self->color_by, TRUE };

  return o;
}

static void
clamp_pan (PlannerRankGrid *self)
{
  self->pan_x = CLAMP (self->pan_x, 0., MAX (self->geo.width - area_width (self), 0.));
  self->pan_y = CLAMP (self->pan_y, 0., MAX (self->geo.height - area_height (self), 0.));
}

static void
ensure_layout (PlannerRankGrid *self)
{
  PlannerPictureStyle style = { 0, };
  PlannerGridParams params;
  PlannerGridOptions o;
  const PlannerShape *shapes;
  guint n;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->layout_valid && width == self->width && height == self->height)
    return;
  if (self->layout_valid)
    invalidate_layout (self);
  self->layout_valid = TRUE;
  self->width = width;
  self->height = height;
  memset (&self->geo, 0, sizeof self->geo);
  memset (&self->fit, 0, sizeof self->fit);
  if (world (self) == 0 || width <= 0 || height <= 0)
    return;

  self->font = font_px (self);
  o = options (self);
  style.font_size = self->font;
  style.width = MAX (width - 2. * PAD, 100.);
  style.presentation = self->presentation;
  style.interactive = TRUE;
  self->legend = planner_picture_grid_legend (self->data, &o, &style);

  planner_picture_grid_params (self->data, &style, &params);
  params.width = area_width (self);
  params.height = area_height (self);
  /* In the window too the cells grow to fill the area (64 GPUs took
   * 640 × 250 px of 1700 × 600). */
  if (!self->presentation)
    params.max_cell = WINDOW_MAX_CELL;
  planner_grid_geometry_init (&self->fit, &params);
  self->overview = planner_picture_grid_cells (self->data, &o, &self->fit);

  if (self->zoom > 1.)
    {
      params.cell = MIN (self->fit.cell * self->zoom, MAX_ZOOM_CELL);
      params.tiles_x = self->fit.tiles_x;
      planner_grid_geometry_init (&self->geo, &params);
      self->cells = planner_picture_grid_cells (self->data, &o, &self->geo);
    }
  else
    {
      self->geo = self->fit;
      self->cells = planner_scene_ref (self->overview);
    }

  /* Each GPU's shapes (cell, mark, labels) follow one another. */
  self->cell_index = g_new (guint, self->geo.world + 1);
  shapes = planner_scene_get_shapes (self->cells, &n);
  for (guint i = 0; i < n; i++)
    if (shapes[i].tag == PLANNER_TAG_GPU)
      self->cell_index[shapes[i].a] = i;
  self->cell_index[self->geo.world] = n;
  clamp_pan (self);
}

/* Widget coordinates of the scene's origin. */
static void
origin (PlannerRankGrid *self,
        double          *x,
        double          *y)
{
  *x = PAD + MAX ((area_width (self) - self->geo.width) / 2., 0.) - self->pan_x;
  *y = area_top (self) + MAX ((area_height (self) - self->geo.height) / 2., 0.) - self->pan_y;
  *x = floor (*x);
  *y = floor (*y);
}

static gboolean
zoomed_out_of_view (PlannerRankGrid *self)
{
  return self->geo.width > area_width (self) + 0.5 || self->geo.height > area_height (self) + 0.5;
}

/* The minimap's box in widget coordinates, when the grid is larger than
 * its view. */
static gboolean
minimap_box (PlannerRankGrid *self,
             graphene_rect_t *box,
             double          *scale)
{
  double w, h, s;

  if (!zoomed_out_of_view (self) || self->fit.width <= 0. || self->fit.height <= 0.)
    return FALSE;
  s = MIN (MIN (MINIMAP_MAX, area_width (self) / 4.) / self->fit.width, (area_height (self) / 3.) / self->fit.height);
  w = self->fit.width * s;
  h = self->fit.height * s;
  *box = GRAPHENE_RECT_INIT (self->width - PAD - w - 8., self->height - PAD - h - 8., w + 8., h + 8.);
  *scale = s;
  return TRUE;
}

/* Drawing ---------------------------------------------------------------- */

static int
focus_rank (PlannerRankGrid *self)
{
  return self->hovered >= 0 ? self->hovered : self->selected;
}

/* Megatron's groups of one kind are the ranks that differ only in that
 * coordinate (of the dense grid for TP, CP, DP and PP, of the expert grid
 * for EP and expert DP): no group lists are needed for 16,384 GPUs. */
static gboolean
is_expert_dim (guint dim)
{
  return dim == PLANNER_RANK_GRID_COLOR_EP || dim == PLANNER_RANK_GRID_COLOR_EXPERT_DP;
}

static gboolean
in_group (PlannerRankGrid *self,
          guint            dim,
          guint            rank,
          guint            focus)
{
  const PlannerRankCoords *coords = planner_picture_data_get_coords (self->data);
  const PlannerRankCoords *a = &coords[rank], *b = &coords[focus];

  if (is_expert_dim (dim))
    return a->pp == b->pp && a->etp == b->etp &&
           (dim == PLANNER_RANK_GRID_COLOR_EP || a->ep == b->ep) &&
           (dim == PLANNER_RANK_GRID_COLOR_EXPERT_DP || a->expert_dp == b->expert_dp);
  return (dim == PLANNER_RANK_GRID_COLOR_TP || a->tp == b->tp) &&
         (dim == PLANNER_RANK_GRID_COLOR_CP || a->cp == b->cp) &&
         (dim == PLANNER_RANK_GRID_COLOR_DP || a->dp == b->dp) &&
         (dim == PLANNER_RANK_GRID_COLOR_PP || a->pp == b->pp);
}

/* The @k-th member of @focus's group along @dim. */
static guint32
group_member (PlannerRankGrid *self,
              guint            dim,
              guint            focus,
              guint32          k)
{
  const PlannerLayout *layout = get_layout (self);
  const PlannerRankCoords *c = &planner_picture_data_get_coords (self->data)[focus];

  switch (dim)
    {
    case PLANNER_RANK_GRID_COLOR_TP: return planner_layout_dense_rank (layout, k, c->cp, c->dp, c->pp);
    case PLANNER_RANK_GRID_COLOR_CP: return planner_layout_dense_rank (layout, c->tp, k, c->dp, c->pp);
    case PLANNER_RANK_GRID_COLOR_DP: return planner_layout_dense_rank (layout, c->tp, c->cp, k, c->pp);
    case PLANNER_RANK_GRID_COLOR_PP: return planner_layout_dense_rank (layout, c->tp, c->cp, c->dp, k);
    case PLANNER_RANK_GRID_COLOR_EP: return planner_layout_expert_rank (layout, c->etp, k, c->expert_dp, c->pp);
    case PLANNER_RANK_GRID_COLOR_EXPERT_DP: return planner_layout_expert_rank (layout, c->etp, c->ep, k, c->pp);
    default: return PLANNER_RANK_NONE;
    }
}

static void
cell_rect (PlannerRankGrid *self,
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

  cell_rect (self, rank, &rect);
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
      guint32 size = planner_grid_color_by_degree ((PlannerGridColorBy) d, get_layout (self));

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
    guint32 size = planner_grid_color_by_degree ((PlannerGridColorBy) self->color_by, get_layout (self));

    for (guint32 k = 0; k < size; k++)
      {
        guint32 r = group_member (self, self->color_by, focus, k);
        graphene_rect_t rect;

        if (r >= self->geo.world)
          continue;
        cell_rect (self, r, &rect);
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

  if (!minimap_box (self, &box, &scale))
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
  origin (self, &ox, &oy);
  {
    double fx = self->fit.width / self->geo.width, fy = self->fit.height / self->geo.height;
    graphene_rect_t view = GRAPHENE_RECT_INIT ((PAD - ox) * fx * scale, (area_top (self) - oy) * fy * scale,
                                               area_width (self) * fx * scale, area_height (self) * fy * scale);

    graphene_rect_intersection (&view, &GRAPHENE_RECT_INIT (0, 0, self->fit.width * scale,
                                                            self->fit.height * scale), &view);
    append_outline (snapshot, &view, 2.f, &accent);
  }
  gtk_snapshot_restore (snapshot);
}

static void
planner_rank_grid_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  graphene_rect_t visible;
  double ox, oy;
  int focus;
  GdkRGBA fg, accent;

  ensure_layout (self);
  if (self->cells == NULL)
    return;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (PAD, 0));
  planner_scene_renderer_draw (self->renderer, snapshot, self->legend, NULL);
  gtk_snapshot_restore (snapshot);

  origin (self, &ox, &oy);
  visible = GRAPHENE_RECT_INIT (PAD - ox, area_top (self) - oy, area_width (self), area_height (self));
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (PAD, area_top (self), area_width (self),
                                                         area_height (self)));
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

  focus = focus_rank (self);
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

static void
planner_rank_grid_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  /* It fills what it is given; a grid needs a little room to say anything. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 180;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 500;
}

static void
planner_rank_grid_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);

  if (width != self->width || height != self->height)
    invalidate_layout (self);
}

static void
planner_rank_grid_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);

  GTK_WIDGET_CLASS (planner_rank_grid_parent_class)->css_changed (widget, change);
  planner_scene_renderer_invalidate (self->renderer);
  /* A new font size lays the picture out again; a new colour only redraws. */
  if (self->layout_valid && fabs (font_px (self) - self->font) > 0.01)
    invalidate_layout (self);
  else
    invalidate_nodes (self);
  gtk_widget_queue_draw (widget);
}

/* Hover, selection, zoom and keyboard ------------------------------------ */

static void
update_accessible (PlannerRankGrid *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  const PlannerLayout *layout = get_layout (self);

  if (layout != NULL)
    {
      guint gpn = planner_picture_data_get_gpus_per_node (self->data);
      guint nodes = gpn > 0 ? (layout->world_size + gpn - 1) / gpn : 1;

      /* Translators: "Rank grid: 16 GPUs on 2 nodes, coloured by pipeline stage" */
      label = g_strdup_printf (_("Rank grid: %u GPUs on %u nodes, coloured by %s"), layout->world_size, nodes,
                               planner_grid_color_by_title ((PlannerGridColorBy) self->color_by));
    }
  else
    label = g_strdup (_("Rank grid: no layout"));
  description = planner_rank_grid_describe_rank (self, self->selected);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description ? description : "",
                                  -1);
}

void
_planner_rank_grid_set_hovered (PlannerRankGrid *self,
                                int              rank)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  if (rank < 0 || rank >= (int) world (self))
    rank = -1;
  if (self->hovered == rank)
    return;
  self->hovered = rank;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVERED_RANK]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
_planner_rank_grid_rank_at (PlannerRankGrid *self,
                            double           x,
                            double           y)
{
  graphene_rect_t box;
  double ox, oy, scale;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), -1);

  ensure_layout (self);
  if (self->cells == NULL)
    return -1;
  if (minimap_box (self, &box, &scale) && graphene_rect_contains_point (&box, &GRAPHENE_POINT_INIT (x, y)))
    return -1;
  if (x < PAD || x >= PAD + area_width (self) || y < area_top (self) || y >= area_top (self) + area_height (self))
    return -1;
  origin (self, &ox, &oy);
  return planner_grid_geometry_rank_at (&self->geo, x - ox, y - oy);
}

/* Keeps @rank's cell in view. */
static void
scroll_to_rank (PlannerRankGrid *self,
                int              rank)
{
  graphene_rect_t rect;
  double aw = area_width (self), ah = area_height (self), margin;

  ensure_layout (self);
  if (rank < 0 || self->cells == NULL || !zoomed_out_of_view (self))
    return;
  cell_rect (self, rank, &rect);
  margin = self->geo.pitch;
  if (rect.origin.x - margin < self->pan_x)
    self->pan_x = rect.origin.x - margin;
  else if (rect.origin.x + rect.size.width + margin > self->pan_x + aw)
    self->pan_x = rect.origin.x + rect.size.width + margin - aw;
  if (rect.origin.y - margin < self->pan_y)
    self->pan_y = rect.origin.y - margin;
  else if (rect.origin.y + rect.size.height + margin > self->pan_y + ah)
    self->pan_y = rect.origin.y + rect.size.height + margin - ah;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Zooms keeping the point (x, y) of the widget where it is. */
static void
zoom_at (PlannerRankGrid *self,
         double           zoom,
         double           x,
         double           y)
{
  double max_zoom, ox, oy, fx, fy;

  ensure_layout (self);
  if (self->cells == NULL || self->fit.cell <= 0.)
    return;
  max_zoom = MAX (MAX_ZOOM_CELL / self->fit.cell, 1.);
  zoom = CLAMP (zoom, 1., max_zoom);
  if (fabs (zoom - self->zoom) < 1e-6)
    return;

  origin (self, &ox, &oy);
  fx = self->geo.width > 0. ? (x - ox) / self->geo.width : 0.5;
  fy = self->geo.height > 0. ? (y - oy) / self->geo.height : 0.5;
  self->zoom = zoom;
  invalidate_layout (self);
  ensure_layout (self);
  /* The same fraction of the grid under the same point. */
  self->pan_x = fx * self->geo.width - (x - PAD);
  self->pan_y = fy * self->geo.height - (y - area_top (self));
  clamp_pan (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

static void
zoom_around_focus (PlannerRankGrid *self,
                   double           zoom)
{
  double x = PAD + area_width (self) / 2., y = area_top (self) + area_height (self) / 2.;

  ensure_layout (self);
  if (self->selected >= 0 && self->cells != NULL)
    {
      graphene_rect_t rect;
      double ox, oy;

      origin (self, &ox, &oy);
      cell_rect (self, self->selected, &rect);
      x = ox + rect.origin.x + rect.size.width / 2.;
      y = oy + rect.origin.y + rect.size.height / 2.;
    }
  zoom_at (self, zoom, x, y);
  scroll_to_rank (self, self->selected);
}

static void
on_motion (PlannerRankGrid          *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  _planner_rank_grid_set_hovered (self, _planner_rank_grid_rank_at (self, x, y));
}

static void
on_leave (PlannerRankGrid          *self,
          GtkEventControllerMotion *motion)
{
  _planner_rank_grid_set_hovered (self, -1);
}

static void
on_pressed (PlannerRankGrid *self,
            int              n_press,
            double           x,
            double           y,
            GtkGestureClick *gesture)
{
  graphene_rect_t box;
  double scale;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* A click in the minimap shows that part of the grid. */
  if (minimap_box (self, &box, &scale) && graphene_rect_contains_point (&box, &GRAPHENE_POINT_INIT (x, y)))
    {
      double fx = (x - box.origin.x - 4.) / (self->fit.width * scale);
      double fy = (y - box.origin.y - 4.) / (self->fit.height * scale);

      self->pan_x = fx * self->geo.width - area_width (self) / 2.;
      self->pan_y = fy * self->geo.height - area_height (self) / 2.;
      clamp_pan (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  planner_rank_grid_set_selected_rank (self, _planner_rank_grid_rank_at (self, x, y));
}

static gboolean
on_scroll (PlannerRankGrid          *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (scroll));
  double x = PAD + area_width (self) / 2., y = area_top (self) + area_height (self) / 2.;

  if (state & GDK_CONTROL_MASK)
    {
      if (event != NULL)
        gdk_event_get_position (event, &x, &y);
      zoom_at (self, self->zoom * pow (ZOOM_STEP, -dy), x, y);
      return TRUE;
    }
  if (!zoomed_out_of_view (self))
    return FALSE;
  self->pan_x += dx * self->geo.pitch * 3.;
  self->pan_y += dy * self->geo.pitch * 3.;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
on_zoom_begin (PlannerRankGrid *self,
               GdkEventSequence *sequence,
               GtkGesture       *gesture)
{
  self->gesture_zoom = self->zoom;
}

static void
on_zoom_scale_changed (PlannerRankGrid *self,
                       double           scale,
                       GtkGestureZoom  *gesture)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = PAD + area_width (self) / 2.;
      y = area_top (self) + area_height (self) / 2.;
    }
  zoom_at (self, self->gesture_zoom * scale, x, y);
}

static void
on_drag_begin (PlannerRankGrid *self,
               double           x,
               double           y,
               GtkGestureDrag  *gesture)
{
  self->drag_pan_x = self->pan_x;
  self->drag_pan_y = self->pan_y;
}

static void
on_drag_update (PlannerRankGrid *self,
                double           dx,
                double           dy,
                GtkGestureDrag  *gesture)
{
  if (!zoomed_out_of_view (self))
    return;
  self->pan_x = self->drag_pan_x - dx;
  self->pan_y = self->drag_pan_y - dy;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);

  if (g_str_equal (action_name, "rank-grid.zoom-in"))
    zoom_around_focus (self, self->zoom * ZOOM_STEP);
  else if (g_str_equal (action_name, "rank-grid.zoom-out"))
    zoom_around_focus (self, self->zoom / ZOOM_STEP);
  else
    planner_rank_grid_set_zoom (self, 1.);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  const PlannerGridGeometry *g;
  guint n, rank, node, local, line, col, node_start, node_size, gpn, cols, lines;
  const char *what = action_name + strlen ("rank-grid.");
  PlannerGridGeometry scratch;
  int target;

  n = world (self);
  if (n == 0)
    return;
  if (g_str_equal (what, "unselect"))
    {
      planner_rank_grid_set_selected_rank (self, -1);
      return;
    }
  if (self->selected < 0)
    {
      planner_rank_grid_set_selected_rank (self, g_str_equal (what, "last") ? (int) n - 1 : 0);
      scroll_to_rank (self, self->selected);
      return;
    }

  /* Lines and nodes as the geometry draws them (valid before any size). */
  {
    PlannerGridParams params = { n, planner_picture_data_get_gpus_per_node (self->data), 0, 12., 800., 600.,
                                 FALSE, 0., 0 };

    ensure_layout (self);
    if (self->cells != NULL)
      g = &self->geo;
    else
      {
        planner_grid_geometry_init (&scratch, &params);
        g = &scratch;
      }
  }
  gpn = g->gpn;
  cols = g->cols;
  lines = g->lines;
  rank = (guint) self->selected;
  node = rank / gpn;
  local = rank % gpn;
  line = local / cols;
  col = local % cols;
  node_start = node * gpn;
  node_size = MIN (gpn, n - node_start);
  target = (int) rank;

  /* The picture is the same in every text direction (rank 0 at the top
   * left, as Megatron numbers them), so left is left. */
  if (g_str_equal (what, "left"))
    {
      if (col > 0)
        target = (int) rank - 1;
    }
  else if (g_str_equal (what, "right"))
    {
      if (col + 1 < cols && local + 1 < node_size)
        target = (int) rank + 1;
    }
  else if (g_str_equal (what, "up"))
    {
      if (line > 0)
        target = (int) (rank - cols);
      else if (node > 0)
        target = (int) MIN (node_start - gpn + (lines - 1) * cols + col, node_start - 1);
    }
  else if (g_str_equal (what, "down"))
    {
      if (line + 1 < lines && (line + 1) * cols < node_size)
        target = (int) MIN (node_start + (line + 1) * cols + col, node_start + node_size - 1);
      else if (node_start + gpn < n)
        target = (int) MIN (node_start + gpn + col, n - 1);
    }
  else if (g_str_equal (what, "node-start"))
    target = (int) node_start;
  else if (g_str_equal (what, "node-end"))
    target = (int) (node_start + node_size - 1);
  else if (g_str_equal (what, "first"))
    target = 0;
  else if (g_str_equal (what, "last"))
    target = (int) n - 1;

  planner_rank_grid_set_selected_rank (self, target);
  scroll_to_rank (self, target);
}

static gboolean
planner_rank_grid_query_tooltip (GtkWidget  *widget,
                                 int         x,
                                 int         y,
                                 gboolean    keyboard_tooltip,
                                 GtkTooltip *tooltip)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  int rank = keyboard_tooltip ? self->selected : _planner_rank_grid_rank_at (self, x, y);
  g_autofree char *text = planner_rank_grid_describe_rank (self, rank);
  graphene_rect_t rect;
  double ox, oy;

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  origin (self, &ox, &oy);
  cell_rect (self, rank, &rect);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) (ox + rect.origin.x), (int) (oy + rect.origin.y),
                                                       (int) rect.size.width, (int) rect.size.height });
  return TRUE;
}

/* GObject ---------------------------------------------------------------- */

static void
planner_rank_grid_finalize (GObject *object)
{
  PlannerRankGrid *self = (PlannerRankGrid *)object;

  invalidate_layout (self);
  g_clear_pointer (&self->data, planner_picture_data_unref);
  g_clear_pointer (&self->stage_layers, g_free);
  g_clear_pointer (&self->renderer, planner_scene_renderer_free);

  G_OBJECT_CLASS (planner_rank_grid_parent_class)->finalize (object);
}

static void
planner_rank_grid_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (object);

  switch (prop_id)
    {
    case PROP_COLOR_BY:
      g_value_set_enum (value, self->color_by);
      break;
    case PROP_SELECTED_RANK:
      g_value_set_int (value, self->selected);
      break;
    case PROP_HOVERED_RANK:
      g_value_set_int (value, self->hovered);
      break;
    case PROP_PRESENTATION:
      g_value_set_boolean (value, self->presentation);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_rank_grid_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (object);

  switch (prop_id)
    {
    case PROP_COLOR_BY:
      planner_rank_grid_set_color_by (self, g_value_get_enum (value));
      break;
    case PROP_SELECTED_RANK:
      planner_rank_grid_set_selected_rank (self, g_value_get_int (value));
      break;
    case PROP_PRESENTATION:
      planner_rank_grid_set_presentation (self, g_value_get_boolean (value));
      break;
    case PROP_ZOOM:
      planner_rank_grid_set_zoom (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_rank_grid_class_init (PlannerRankGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_Left, 0, "rank-grid.left" },
    { GDK_KEY_KP_Left, 0, "rank-grid.left" },
    { GDK_KEY_Right, 0, "rank-grid.right" },
    { GDK_KEY_KP_Right, 0, "rank-grid.right" },
    { GDK_KEY_Up, 0, "rank-grid.up" },
    { GDK_KEY_KP_Up, 0, "rank-grid.up" },
    { GDK_KEY_Down, 0, "rank-grid.down" },
    { GDK_KEY_KP_Down, 0, "rank-grid.down" },
    { GDK_KEY_Home, 0, "rank-grid.node-start" },
    { GDK_KEY_KP_Home, 0, "rank-grid.node-start" },
    { GDK_KEY_End, 0, "rank-grid.node-end" },
    { GDK_KEY_KP_End, 0, "rank-grid.node-end" },
    { GDK_KEY_Home, GDK_CONTROL_MASK, "rank-grid.first" },
    { GDK_KEY_End, GDK_CONTROL_MASK, "rank-grid.last" },
    { GDK_KEY_Escape, 0, "rank-grid.unselect" },
    { GDK_KEY_plus, 0, "rank-grid.zoom-in" },
    { GDK_KEY_equal, 0, "rank-grid.zoom-in" },
    { GDK_KEY_KP_Add, 0, "rank-grid.zoom-in" },
    { GDK_KEY_plus, GDK_CONTROL_MASK, "rank-grid.zoom-in" },
    { GDK_KEY_equal, GDK_CONTROL_MASK, "rank-grid.zoom-in" },
    { GDK_KEY_minus, 0, "rank-grid.zoom-out" },
    { GDK_KEY_KP_Subtract, 0, "rank-grid.zoom-out" },
    { GDK_KEY_minus, GDK_CONTROL_MASK, "rank-grid.zoom-out" },
    { GDK_KEY_0, 0, "rank-grid.zoom-fit" },
    { GDK_KEY_KP_0, 0, "rank-grid.zoom-fit" },
    { GDK_KEY_0, GDK_CONTROL_MASK, "rank-grid.zoom-fit" },
  };
  static const char * const move_actions[] = {
    "rank-grid.left", "rank-grid.right", "rank-grid.up", "rank-grid.down", "rank-grid.node-start",
    "rank-grid.node-end", "rank-grid.first", "rank-grid.last", "rank-grid.unselect",
  };

  object_class->finalize = planner_rank_grid_finalize;
  object_class->get_property = planner_rank_grid_get_property;
  object_class->set_property = planner_rank_grid_set_property;

  widget_class->snapshot = planner_rank_grid_snapshot;
  widget_class->measure = planner_rank_grid_measure;
  widget_class->size_allocate = planner_rank_grid_size_allocate;
  widget_class->css_changed = planner_rank_grid_css_changed;
  widget_class->query_tooltip = planner_rank_grid_query_tooltip;

  properties[PROP_COLOR_BY] =
    g_param_spec_enum ("color-by", NULL, NULL,
                       PLANNER_TYPE_RANK_GRID_COLOR_BY, PLANNER_RANK_GRID_COLOR_PP,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SELECTED_RANK] =
    g_param_spec_int ("selected-rank", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HOVERED_RANK] =
    g_param_spec_int ("hovered-rank", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PRESENTATION] =
    g_param_spec_boolean ("presentation", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, 1., 1000., 1.,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  for (guint i = 0; i < G_N_ELEMENTS (move_actions); i++)
    gtk_widget_class_install_action (widget_class, move_actions[i], NULL, move_action);
  gtk_widget_class_install_action (widget_class, "rank-grid.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "rank-grid.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "rank-grid.zoom-fit", NULL, zoom_action);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action, NULL);

  gtk_widget_class_set_css_name (widget_class, "rankgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
planner_rank_grid_init (PlannerRankGrid *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *pinch = gtk_gesture_zoom_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->color_by = PLANNER_RANK_GRID_COLOR_PP;
  self->color_by_auto = TRUE;
  self->selected = -1;
  self->hovered = -1;
  self->zoom = 1.;
  self->renderer = planner_scene_renderer_new (GTK_WIDGET (self));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  g_signal_connect_swapped (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect_swapped (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_swapped (pinch, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect_swapped (pinch, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));

  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  update_accessible (self);
}

/* Public API -------------------------------------------------------------- */

GtkWidget *
planner_rank_grid_new (void)
{
  return g_object_new (PLANNER_TYPE_RANK_GRID, NULL);
}

void
planner_rank_grid_set_data (PlannerRankGrid    *self,
                            PlannerPictureData *data)
{
  const PlannerLayout *layout;

  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  if (data == self->data)
    return;
  layout = data != NULL ? planner_picture_data_get_layout (data) : NULL;
  if (layout != NULL && layout->world_size > PLANNER_RANK_GRID_MAX_GPUS)
    data = NULL;

  g_clear_pointer (&self->data, planner_picture_data_unref);
  if (data != NULL)
    self->data = planner_picture_data_ref (data);

  if (self->color_by_auto && self->data != NULL)
    {
      PlannerRankGridColorBy color_by = (PlannerRankGridColorBy) planner_picture_data_get_default_color_by (self->data);

      if (color_by != self->color_by)
        {
          self->color_by = color_by;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR_BY]);
        }
    }

  _planner_rank_grid_set_hovered (self, -1);
  if (self->selected >= (int) world (self))
    planner_rank_grid_set_selected_rank (self, -1);
  invalidate_layout (self);
  update_accessible (self);
}

PlannerPictureData *
planner_rank_grid_get_data (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  return self->data;
}

void
planner_rank_grid_set_layout (PlannerRankGrid     *self,
                              const PlannerLayout *layout,
                              guint                gpus_per_node)
{
  g_autoptr(PlannerPictureData) data = NULL;
  const PlannerLayout *current;

  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  current = get_layout (self);
  if (layout == NULL && current == NULL)
    return;
  if (layout != NULL && current != NULL && memcmp (layout, current, sizeof *layout) == 0 &&
      planner_rank_grid_get_gpus_per_node (self) == gpus_per_node)
    return;
  if (layout != NULL && layout->world_size > 0)
    data = planner_picture_data_new_for_layout (layout, gpus_per_node, 0);
  planner_rank_grid_set_data (self, data);
}

const PlannerLayout *
planner_rank_grid_get_layout (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  return get_layout (self);
}

guint
planner_rank_grid_get_gpus_per_node (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), 0);
  return self->data != NULL ? planner_picture_data_get_gpus_per_node (self->data) : 0;
}

void
planner_rank_grid_set_stage_layers (PlannerRankGrid *self,
                                    const guint32   *layers,
                                    guint            n_stages)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  g_clear_pointer (&self->stage_layers, g_free);
  self->n_stages = 0;
  if (layers != NULL && n_stages > 0)
    {
      self->stage_layers = g_memdup2 (layers, n_stages * sizeof *layers);
      self->n_stages = n_stages;
    }
}

PlannerRankGridColorBy
planner_rank_grid_get_color_by (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), PLANNER_RANK_GRID_COLOR_PP);
  return self->color_by;
}

static void
apply_color_by (PlannerRankGrid        *self,
                PlannerRankGridColorBy  color_by)
{
  if (self->color_by == color_by)
    return;
  self->color_by = color_by;
  invalidate_layout (self);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR_BY]);
}

void
planner_rank_grid_set_color_by (PlannerRankGrid        *self,
                                PlannerRankGridColorBy  color_by)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  g_return_if_fail (color_by < PLANNER_RANK_GRID_N_COLORS_BY);

  self->color_by_auto = FALSE;
  apply_color_by (self, color_by);
}

void
planner_rank_grid_set_color_by_auto (PlannerRankGrid *self)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  self->color_by_auto = TRUE;
  if (self->data != NULL)
    apply_color_by (self, (PlannerRankGridColorBy) planner_picture_data_get_default_color_by (self->data));
}

gboolean
planner_rank_grid_get_color_by_auto (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), TRUE);
  return self->color_by_auto;
}

int
planner_rank_grid_get_selected_rank (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), -1);
  return self->selected;
}

void
planner_rank_grid_set_selected_rank (PlannerRankGrid *self,
                                     int              rank)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  if (rank < 0 || rank >= (int) world (self))
    rank = -1;
  if (self->selected == rank)
    return;
  self->selected = rank;
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_RANK]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
planner_rank_grid_get_hovered_rank (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), -1);
  return self->hovered;
}

gboolean
planner_rank_grid_get_presentation (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), FALSE);
  return self->presentation;
}

void
planner_rank_grid_set_presentation (PlannerRankGrid *self,
                                    gboolean         presentation)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  presentation = !!presentation;
  if (self->presentation == presentation)
    return;
  self->presentation = presentation;
  self->zoom = 1.;
  invalidate_layout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

double
planner_rank_grid_get_zoom (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), 1.);
  return self->zoom;
}

void
planner_rank_grid_set_zoom (PlannerRankGrid *self,
                            double           zoom)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  if (zoom <= 1.)
    {
      if (self->zoom == 1.)
        return;
      self->zoom = 1.;
      self->pan_x = self->pan_y = 0.;
      invalidate_layout (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
      return;
    }
  zoom_around_focus (self, zoom);
}

guint
planner_rank_grid_get_n_values (PlannerRankGrid *self)
{
  const PlannerLayout *layout;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), 0);
  layout = get_layout (self);
  return layout != NULL ? planner_grid_color_by_degree ((PlannerGridColorBy) self->color_by, layout) : 0;
}

void
planner_rank_grid_get_value_color (PlannerRankGrid *self,
                                   guint            value,
                                   GdkRGBA         *color)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  g_return_if_fail (color != NULL);

  planner_scene_renderer_get_color (self->renderer, PLANNER_INK_DATA, value, color);
}

void
planner_rank_grid_get_options (PlannerRankGrid    *self,
                               PlannerGridOptions *o)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  g_return_if_fail (o != NULL);
  *o = options (self);
}

char *
planner_rank_grid_describe_rank (PlannerRankGrid *self,
                                 int              rank)
{
  const PlannerRankCoords *c;
  const PlannerLayout *layout;
  GString *text;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);

  layout = get_layout (self);
  if (layout == NULL || rank < 0 || rank >= (int) layout->world_size)
    return NULL;

  c = &planner_picture_data_get_coords (self->data)[rank];
  text = g_string_new (NULL);
  g_string_append_printf (text, _("GPU %u · node %u · local %u · tp %u · cp %u · dp %u · pp %u"),
                          c->rank, c->node, c->local_rank, c->tp, c->cp, c->dp, c->pp);
  if (layout->ep > 1 || layout->etp != layout->tp)
    g_string_append_printf (text, _(" · ep %u · etp %u · edp %u"), c->ep, c->etp, c->expert_dp);
  if (self->stage_layers != NULL && c->pp < self->n_stages)
    {
      guint32 first = 0, count = self->stage_layers[c->pp];

      for (guint32 s = 0; s < c->pp; s++)
        first += self->stage_layers[s];
      if (count == 0)
        g_string_append (text, _(" · no layers"));
      else if (layout->vpp > 1)
        g_string_append_printf (text, _(" · %u layers in %u virtual stages"), count, layout->vpp);
      else if (count == 1)
        g_string_append_printf (text, _(" · layer %u"), first);
      else
        g_string_append_printf (text, _(" · layers %u–%u"), first, first + count - 1);
    }
  return g_string_free (text, FALSE);
}

guint
_planner_rank_grid_get_color_index (PlannerRankGrid *self,
                                    guint            rank)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), G_MAXUINT);

  if (rank >= world (self))
    return G_MAXUINT;
  return planner_grid_color_by_coord ((PlannerGridColorBy) self->color_by,
                                      &planner_picture_data_get_coords (self->data)[rank]);
}

gboolean
_planner_rank_grid_is_highlighted (PlannerRankGrid *self,
                                   guint            rank)
{
  int focus;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), FALSE);

  focus = focus_rank (self);
  if (focus < 0 || rank >= world (self))
    return FALSE;
  return in_group (self, self->color_by, rank, focus);
}

const PlannerGridGeometry *
_planner_rank_grid_get_geometry (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  ensure_layout (self);
  return &self->geo;
}

PlannerScene *
_planner_rank_grid_get_scene (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  ensure_layout (self);
  return self->cells;
}

void
_planner_rank_grid_get_origin (PlannerRankGrid *self,
                               double          *x,
                               double          *y)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  ensure_layout (self);
  origin (self, x, y);
}

void
_planner_rank_grid_drop_cache (PlannerRankGrid *self)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  invalidate_nodes (self);
}

/* The text size a presentation uses at least, in pixels (a room's type:
 * the presentation derives it from the screen's height). */
void
planner_rank_grid_set_presentation_font (PlannerRankGrid *self,
                                         double           font_px)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  if (fabs (self->presentation_font - font_px) < 0.01)
    return;
  self->presentation_font = font_px;
  invalidate_layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
