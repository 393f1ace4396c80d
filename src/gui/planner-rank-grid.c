/* planner-rank-grid.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-rank-grid"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-rank-grid-private.h"

/* One cell per GPU, one block of lines per node, drawn in one snapshot:
 * a 16,384-GPU cluster is 16,384 colour nodes, never 16,384 widgets. */

#define N_DIMS PLANNER_RANK_GRID_N_COLORS_BY

typedef struct
{
  int      cell;          /* cell edge */
  int      gap;           /* between cells */
  int      pitch;         /* cell + gap */
  int      node_gap;      /* extra space between nodes */
  int      node_pitch;    /* one node block and its gap */
  guint    gpn;           /* GPUs per node, resolved (≤ world) */
  guint    cols;          /* cells per line */
  guint    lines;         /* lines per node */
  guint    n_nodes;
  int      pad;
  int      label_w;       /* node label column */
  int      label_h;
  guint    label_step;    /* a node label every label_step nodes */
  gboolean rank_labels;   /* numbers inside the cells */
  float    radius;
  int      width;         /* natural size */
  int      height;
} Geometry;

typedef struct
{
  GdkRGBA fg;
  GdkRGBA accent;
  GdkRGBA bg;
  gboolean fill_bg;
} Colors;

struct _PlannerRankGrid
{
  GtkWidget               parent_instance;

  PlannerLayout           layout;
  gboolean                has_layout;
  guint                   gpus_per_node;
  guint32                *stage_layers;
  guint                   n_stages;
  PlannerRankGridColorBy  color_by;
  int                     selected;
  int                     hovered;
  gboolean                presentation;

  /* Per rank, rebuilt with the layout or the colour-by dimension. */
  PlannerRankCoords      *coords;
  guint32                *groups[N_DIMS];
  guint32                *color_index;

  Geometry                geo;
  gboolean                geo_valid;
  PangoFontDescription   *font;
  PangoFontDescription   *base_font;      /* the CSS font it was made from */
  GPtrArray              *rank_layouts;   /* PangoLayout or NULL, by rank */
  GPtrArray              *node_layouts;   /* by node */
};

G_DEFINE_FINAL_TYPE (PlannerRankGrid, planner_rank_grid, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_COLOR_BY,
  PROP_SELECTED_RANK,
  PROP_HOVERED_RANK,
  PROP_PRESENTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const PlannerGroupKind dim_kinds[N_DIMS] = {
  PLANNER_GROUP_TP, PLANNER_GROUP_CP, PLANNER_GROUP_DP,
  PLANNER_GROUP_PP, PLANNER_GROUP_EP, PLANNER_GROUP_EXPERT_DP,
};

/* The GNOME palette, chosen to stay apart from each other; tinted over the
 * window background they read in light and in dark style. */
static const char * const palette_hex[] = {
  "#3584e4", "#2ec27e", "#f5c211", "#ff7800", "#e01b24", "#9141ac",
  "#986a44", "#1a5fb4", "#26a269", "#c64600", "#dc8add", "#99c1f1",
};
#define N_PALETTE G_N_ELEMENTS (palette_hex)
static GdkRGBA palette[N_PALETTE];

#define FILL_ALPHA      0.55f
#define GROUP_ALPHA     0.75f
#define RELATED_ALPHA   0.45f
#define DIMMED_ALPHA    0.12f

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

static guint32
coord_along (const PlannerRankCoords *c,
             PlannerRankGridColorBy   dim)
{
  switch (dim)
    {
    case PLANNER_RANK_GRID_COLOR_TP: return c->tp;
    case PLANNER_RANK_GRID_COLOR_CP: return c->cp;
    case PLANNER_RANK_GRID_COLOR_DP: return c->dp;
    case PLANNER_RANK_GRID_COLOR_PP: return c->pp;
    case PLANNER_RANK_GRID_COLOR_EP: return c->ep;
    case PLANNER_RANK_GRID_COLOR_EXPERT_DP: return c->expert_dp;
    case PLANNER_RANK_GRID_N_COLORS_BY:
    default: return 0;
    }
}

static guint32
degree_along (const PlannerLayout    *layout,
              PlannerRankGridColorBy  dim)
{
  switch (dim)
    {
    case PLANNER_RANK_GRID_COLOR_TP: return layout->tp;
    case PLANNER_RANK_GRID_COLOR_CP: return layout->cp;
    case PLANNER_RANK_GRID_COLOR_DP: return layout->dp;
    case PLANNER_RANK_GRID_COLOR_PP: return layout->pp;
    case PLANNER_RANK_GRID_COLOR_EP: return layout->ep;
    case PLANNER_RANK_GRID_COLOR_EXPERT_DP: return layout->expert_dp;
    case PLANNER_RANK_GRID_N_COLORS_BY:
    default: return 1;
    }
}

static const char *
dim_title (PlannerRankGridColorBy dim)
{
  switch (dim)
    {
    case PLANNER_RANK_GRID_COLOR_TP: return _("tensor parallel rank");
    case PLANNER_RANK_GRID_COLOR_CP: return _("context parallel rank");
    case PLANNER_RANK_GRID_COLOR_DP: return _("data parallel rank");
    case PLANNER_RANK_GRID_COLOR_PP: return _("pipeline stage");
    case PLANNER_RANK_GRID_COLOR_EP: return _("expert parallel rank");
    case PLANNER_RANK_GRID_COLOR_EXPERT_DP: return _("expert data parallel rank");
    case PLANNER_RANK_GRID_N_COLORS_BY:
    default: return "";
    }
}

/* Caches ---------------------------------------------------------------- */

/* The layout caches fill lazily and keep NULL holes. */
static void
unref_layout (gpointer layout)
{
  if (layout != NULL)
    g_object_unref (layout);
}

static void
invalidate_text (PlannerRankGrid *self)
{
  g_clear_pointer (&self->font, pango_font_description_free);
  g_clear_pointer (&self->base_font, pango_font_description_free);
  g_clear_pointer (&self->rank_layouts, g_ptr_array_unref);
  g_clear_pointer (&self->node_layouts, g_ptr_array_unref);
  self->geo_valid = FALSE;
}

static void
clear_ranks (PlannerRankGrid *self)
{
  g_clear_pointer (&self->coords, g_free);
  g_clear_pointer (&self->color_index, g_free);
  for (guint d = 0; d < N_DIMS; d++)
    g_clear_pointer (&self->groups[d], g_free);
}

static void
update_color_index (PlannerRankGrid *self)
{
  g_clear_pointer (&self->color_index, g_free);
  if (!self->has_layout)
    return;
  self->color_index = g_new (guint32, self->layout.world_size);
  for (guint32 r = 0; r < self->layout.world_size; r++)
    self->color_index[r] = coord_along (&self->coords[r], self->color_by);
}

static void
update_ranks (PlannerRankGrid *self)
{
  guint32 world = self->layout.world_size;

  clear_ranks (self);
  if (!self->has_layout)
    return;

  self->coords = g_new (PlannerRankCoords, world);
  for (guint32 r = 0; r < world; r++)
    planner_layout_get_coords (&self->layout, r, self->gpus_per_node, &self->coords[r]);

  for (guint d = 0; d < N_DIMS; d++)
    {
      g_autoptr(PlannerGroups) groups = planner_groups_new (&self->layout, dim_kinds[d]);

      self->groups[d] = g_new (guint32, world);
      for (guint32 r = 0; r < world; r++)
        self->groups[d][r] = groups != NULL ? planner_groups_find (groups, r) : PLANNER_GROUP_INDEX_NONE;
    }
  update_color_index (self);
}

static PangoLayout *
make_layout (PlannerRankGrid *self,
             const char      *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  pango_layout_set_font_description (layout, self->font);
  return layout;
}

static void
ensure_font (PlannerRankGrid *self)
{
  PangoContext *context;
  int size;

  if (self->font != NULL)
    return;

  context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  self->base_font = pango_font_description_copy (pango_context_get_font_description (context));
  self->font = pango_font_description_copy (self->base_font);
  size = pango_font_description_get_size (self->font);
  if (size <= 0)
    size = 11 * PANGO_SCALE;
  if (self->presentation)
    size = size * 3 / 2;
  else
    size = size * 9 / 10;
  if (pango_font_description_get_size_is_absolute (self->font))
    pango_font_description_set_absolute_size (self->font, size);
  else
    pango_font_description_set_size (self->font, size);
}

static PangoLayout *
node_layout (PlannerRankGrid *self,
             guint            node)
{
  PangoLayout *layout;

  if (self->node_layouts == NULL)
    {
      self->node_layouts = g_ptr_array_new_with_free_func (unref_layout);
      g_ptr_array_set_size (self->node_layouts, self->geo.n_nodes);
    }
  layout = g_ptr_array_index (self->node_layouts, node);
  if (layout == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("node %u"), node);

      layout = make_layout (self, text);
      g_ptr_array_index (self->node_layouts, node) = layout;
    }
  return layout;
}

static PangoLayout *
rank_layout (PlannerRankGrid *self,
             guint            rank)
{
  PangoLayout *layout;

  if (self->rank_layouts == NULL)
    {
      self->rank_layouts = g_ptr_array_new_with_free_func (unref_layout);
      g_ptr_array_set_size (self->rank_layouts, self->layout.world_size);
    }
  layout = g_ptr_array_index (self->rank_layouts, rank);
  if (layout == NULL)
    {
      char text[16];

      g_snprintf (text, sizeof text, "%u", rank);
      layout = make_layout (self, text);
      g_ptr_array_index (self->rank_layouts, rank) = layout;
    }
  return layout;
}

/* Picks the line length: the whole node up to 16 GPUs; longer nodes
 * (GB200 NVL72) wrap at a divisor between 9 and 18 when there is one. */
static guint
line_length (guint gpn)
{
  if (gpn <= 16)
    return gpn;
  for (guint cols = 18; cols >= 9; cols--)
    {
      if (gpn % cols == 0)
        return cols;
    }
  return (gpn + ((gpn + 15) / 16) - 1) / ((gpn + 15) / 16);
}

static void
ensure_geometry (PlannerRankGrid *self)
{
  Geometry *g = &self->geo;
  guint32 world;
  int w, h;

  if (self->geo_valid)
    return;
  self->geo_valid = TRUE;
  memset (g, 0, sizeof *g);
  if (!self->has_layout)
    return;

  ensure_font (self);
  world = self->layout.world_size;

  if (world <= 1024)
    g->cell = self->presentation ? 56 : 36;
  else if (world <= 4096)
    g->cell = self->presentation ? 24 : 16;
  else
    g->cell = self->presentation ? 14 : 10;
  g->gap = g->cell >= 24 ? 4 : g->cell >= 14 ? 2 : 1;
  g->pitch = g->cell + g->gap;
  g->node_gap = g->cell >= 24 ? (self->presentation ? 14 : 10) : g->cell >= 14 ? 5 : 3;
  g->radius = g->cell >= 14 ? g->cell / 6.f : 0.f;
  g->pad = self->presentation ? 18 : 12;

  g->gpn = self->gpus_per_node == 0 ? world : MIN (self->gpus_per_node, world);
  g->cols = line_length (g->gpn);
  g->lines = (g->gpn + g->cols - 1) / g->cols;
  g->n_nodes = (world + g->gpn - 1) / g->gpn;
  g->node_pitch = (int) g->lines * g->pitch - g->gap + g->node_gap;

  {
    g_autofree char *widest = g_strdup_printf (_("node %u"), g->n_nodes - 1);
    g_autoptr(PangoLayout) layout = make_layout (self, widest);

    pango_layout_get_pixel_size (layout, &w, &h);
    g->label_w = w + (self->presentation ? 20 : 14);
    g->label_h = h;
    g->label_step = (guint) ((h + 2 + g->node_pitch - 1) / g->node_pitch);
    if (g->label_step < 1)
      g->label_step = 1;
  }
  {
    char widest[16];
    g_autoptr(PangoLayout) layout = NULL;

    g_snprintf (widest, sizeof widest, "%u", world - 1);
    layout = make_layout (self, widest);
    pango_layout_get_pixel_size (layout, &w, &h);
    g->rank_labels = g->cell >= 24 && w <= g->cell - 4 && h <= g->cell;
  }

  g->width = 2 * g->pad + g->label_w + (int) g->cols * g->pitch - g->gap;
  g->height = 2 * g->pad + (int) g->n_nodes * g->node_pitch - g->node_gap;
}

static void
invalidate_geometry (PlannerRankGrid *self)
{
  invalidate_text (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Cell position in natural coordinates (left to right). */
static void
cell_origin (PlannerRankGrid *self,
             guint            rank,
             int             *x,
             int             *y)
{
  const Geometry *g = &self->geo;
  guint node = rank / g->gpn;
  guint local = rank % g->gpn;

  *x = g->pad + g->label_w + (int) (local % g->cols) * g->pitch;
  *y = g->pad + (int) node * g->node_pitch + (int) (local / g->cols) * g->pitch;
}

static gboolean
is_rtl (PlannerRankGrid *self)
{
  return gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
}

static int
mirror_x (PlannerRankGrid *self,
          int              x,
          int              w,
          int              width)
{
  return is_rtl (self) ? width - x - w : x;
}

int
_planner_rank_grid_rank_at (PlannerRankGrid *self,
                            double           x,
                            double           y)
{
  const Geometry *g = &self->geo;
  int xx, yy, node, line, col, local, rank;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), -1);

  ensure_geometry (self);
  if (!self->has_layout)
    return -1;
  if (is_rtl (self))
    x = gtk_widget_get_width (GTK_WIDGET (self)) - x;

  xx = (int) floor (x) - g->pad - g->label_w;
  yy = (int) floor (y) - g->pad;
  if (xx < 0 || yy < 0)
    return -1;
  node = yy / g->node_pitch;
  yy -= node * g->node_pitch;
  line = yy / g->pitch;
  col = xx / g->pitch;
  if (yy - line * g->pitch >= g->cell || xx - col * g->pitch >= g->cell)
    return -1;
  if (node >= (int) g->n_nodes || line >= (int) g->lines || col >= (int) g->cols)
    return -1;
  local = line * (int) g->cols + col;
  if (local >= (int) g->gpn)
    return -1;
  rank = node * (int) g->gpn + local;
  return rank < (int) self->layout.world_size ? rank : -1;
}

/* Drawing ---------------------------------------------------------------- */

static int
focus_rank (PlannerRankGrid *self)
{
  return self->hovered >= 0 ? self->hovered : self->selected;
}

static gboolean
in_group (PlannerRankGrid *self,
          guint            dim,
          guint            rank,
          guint            focus)
{
  guint32 group = self->groups[dim][focus];

  return group != PLANNER_GROUP_INDEX_NONE && self->groups[dim][rank] == group;
}

/* How strongly a cell shows while @focus is hovered or selected:
 * its colour-by group stands out, its other groups stay, the rest dims. */
static float
cell_alpha (PlannerRankGrid *self,
            guint            rank,
            int              focus,
            gboolean        *outlined)
{
  *outlined = FALSE;
  if (focus < 0)
    return FILL_ALPHA;
  if (in_group (self, self->color_by, rank, focus))
    {
      *outlined = TRUE;
      return GROUP_ALPHA;
    }
  for (guint d = 0; d < N_DIMS; d++)
    {
      if (d != PLANNER_RANK_GRID_COLOR_EXPERT_DP && in_group (self, d, rank, focus))
        return RELATED_ALPHA;
    }
  return DIMMED_ALPHA;
}

static void
get_colors (PlannerRankGrid *self,
            Colors          *colors)
{
  GtkStyleContext *context;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gtk_style_context_get_color (context, &colors->fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &colors->accent))
    gdk_rgba_parse (&colors->accent, "#3584e4");
  G_GNUC_END_IGNORE_DEPRECATIONS
  colors->fill_bg = FALSE;
}

static void
export_colors (Colors *colors)
{
  gdk_rgba_parse (&colors->fg, "#2e3436");
  gdk_rgba_parse (&colors->accent, "#1c71d8");
  gdk_rgba_parse (&colors->bg, "#ffffff");
  colors->fill_bg = TRUE;
}

static void
append_outline (GtkSnapshot           *snapshot,
                const graphene_rect_t *rect,
                float                  radius,
                float                  width,
                const GdkRGBA         *color)
{
  GskRoundedRect outline;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&outline, rect, radius);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

static void
append_focus_ring (PlannerRankGrid *self,
                   GtkSnapshot     *snapshot,
                   int              rank,
                   int              width,
                   float            line_w,
                   const GdkRGBA   *color)
{
  const Geometry *g = &self->geo;
  int x, y;

  cell_origin (self, rank, &x, &y);
  x = mirror_x (self, x, g->cell, width);
  append_outline (snapshot,
                  &GRAPHENE_RECT_INIT (x - line_w, y - line_w, g->cell + 2 * line_w, g->cell + 2 * line_w),
                  g->radius + line_w, 2 * line_w, color);
}

static void
draw_grid (PlannerRankGrid *self,
           GtkSnapshot     *snapshot,
           int              width,
           const Colors    *colors,
           int              focus)
{
  const Geometry *g = &self->geo;
  guint32 world = self->layout.world_size;
  gboolean rounded = g->radius > 0.f;
  float line_w = g->cell >= 24 ? 2.f : 1.f;
  GdkRGBA label_color = colors->fg;
  GdkRGBA fill;

  if (colors->fill_bg)
    gtk_snapshot_append_color (snapshot, &colors->bg, &GRAPHENE_RECT_INIT (0, 0, width, g->height));

  /* Node labels, aligned with the first line of their node. */
  label_color.alpha *= 0.7f;
  for (guint node = 0; node < g->n_nodes; node += g->label_step)
    {
      PangoLayout *layout = node_layout (self, node);
      int lw, lh, x, y;

      pango_layout_get_pixel_size (layout, &lw, &lh);
      y = g->pad + (int) node * g->node_pitch + (MIN (g->cell, g->node_pitch) - lh) / 2;
      x = mirror_x (self, g->pad, lw, width);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
      gtk_snapshot_append_layout (snapshot, layout, &label_color);
      gtk_snapshot_restore (snapshot);
    }

  for (guint32 rank = 0; rank < world; rank++)
    {
      graphene_rect_t rect;
      gboolean outlined;
      int x, y;

      cell_origin (self, rank, &x, &y);
      x = mirror_x (self, x, g->cell, width);
      rect = GRAPHENE_RECT_INIT (x, y, g->cell, g->cell);
      fill = palette[self->color_index[rank] % N_PALETTE];
      fill.alpha = cell_alpha (self, rank, focus, &outlined);

      if (rounded)
        {
          GskRoundedRect clip;

          gsk_rounded_rect_init_from_rect (&clip, &rect, g->radius);
          gtk_snapshot_push_rounded_clip (snapshot, &clip);
          gtk_snapshot_append_color (snapshot, &fill, &rect);
          gtk_snapshot_pop (snapshot);
        }
      else
        gtk_snapshot_append_color (snapshot, &fill, &rect);

      if (outlined)
        append_outline (snapshot, &rect, g->radius, line_w, &colors->fg);

      if (g->rank_labels)
        {
          PangoLayout *layout = rank_layout (self, rank);
          GdkRGBA text = colors->fg;
          int lw, lh;

          if (fill.alpha <= DIMMED_ALPHA)
            text.alpha *= 0.45f;
          pango_layout_get_pixel_size (layout, &lw, &lh);
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + (g->cell - lw) / 2.f,
                                                                  y + (g->cell - lh) / 2.f));
          gtk_snapshot_append_layout (snapshot, layout, &text);
          gtk_snapshot_restore (snapshot);
        }
    }

  /* The hovered GPU itself in the text colour, the selection in the accent colour. */
  if (self->hovered >= 0 && focus == self->hovered)
    append_focus_ring (self, snapshot, self->hovered, width, line_w, &colors->fg);
  if (self->selected >= 0)
    append_focus_ring (self, snapshot, self->selected, width, line_w, &colors->accent);
}

static void
planner_rank_grid_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  Colors colors;

  ensure_geometry (self);
  if (!self->has_layout)
    return;
  get_colors (self, &colors);
  draw_grid (self, snapshot, gtk_widget_get_width (widget), &colors, focus_rank (self));
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
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);

  ensure_geometry (self);
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? self->geo.width : self->geo.height;
}

static void
planner_rank_grid_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  PangoContext *context;

  GTK_WIDGET_CLASS (planner_rank_grid_parent_class)->css_changed (widget, change);

  /* :hover and :focus come through here too; only a new font means
   * measuring the labels again. */
  context = gtk_widget_get_pango_context (widget);
  if (self->base_font == NULL ||
      !pango_font_description_equal (self->base_font, pango_context_get_font_description (context)))
    invalidate_geometry (self);
  else
    gtk_widget_queue_draw (widget);
}

static void
planner_rank_grid_direction_changed (GtkWidget        *widget,
                                     GtkTextDirection  previous)
{
  gtk_widget_queue_draw (widget);
}

/* Hover, selection and keyboard ------------------------------------------ */

static void
update_accessible (PlannerRankGrid *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;

  if (self->has_layout)
    /* Translators: "Rank grid: 16 GPUs on 2 nodes, coloured by pipeline stage" */
    label = g_strdup_printf (_("Rank grid: %u GPUs on %u nodes, coloured by %s"),
                             self->layout.world_size, self->geo.n_nodes, dim_title (self->color_by));
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

  if (!self->has_layout || rank < 0 || rank >= (int) self->layout.world_size)
    rank = -1;
  if (self->hovered == rank)
    return;
  self->hovered = rank;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVERED_RANK]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  int rank = _planner_rank_grid_rank_at (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  planner_rank_grid_set_selected_rank (self, rank);
}

static void
scroll_to_rank (PlannerRankGrid *self,
                int              rank)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));
  GtkAdjustment *adjustment;
  const Geometry *g = &self->geo;
  int x, y;

  if (rank < 0 || !GTK_IS_VIEWPORT (parent))
    return;
  cell_origin (self, rank, &x, &y);
  x = mirror_x (self, x, g->cell, gtk_widget_get_width (GTK_WIDGET (self)));
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (parent));
  if (adjustment != NULL)
    gtk_adjustment_clamp_page (adjustment, y - g->pad, y + g->cell + g->pad);
  adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (parent));
  if (adjustment != NULL)
    gtk_adjustment_clamp_page (adjustment, x - g->pad, x + g->cell + g->pad);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);
  const Geometry *g = &self->geo;
  guint world, rank, node, local, line, col, node_start, node_size;
  const char *what = action_name + strlen ("rank-grid.");
  int target;

  ensure_geometry (self);
  if (!self->has_layout)
    return;
  world = self->layout.world_size;

  if (g_str_equal (what, "unselect"))
    {
      planner_rank_grid_set_selected_rank (self, -1);
      return;
    }
  if (self->selected < 0)
    {
      planner_rank_grid_set_selected_rank (self, g_str_equal (what, "last") ? (int) world - 1 : 0);
      scroll_to_rank (self, self->selected);
      return;
    }

  rank = (guint) self->selected;
  node = rank / g->gpn;
  local = rank % g->gpn;
  line = local / g->cols;
  col = local % g->cols;
  node_start = node * g->gpn;
  node_size = MIN (g->gpn, world - node_start);
  target = (int) rank;

  /* Left and right follow the picture, which is mirrored in RTL. */
  if (is_rtl (self) && g_str_equal (what, "left"))
    what = "right";
  else if (is_rtl (self) && g_str_equal (what, "right"))
    what = "left";

  if (g_str_equal (what, "left"))
    {
      if (col > 0)
        target = (int) rank - 1;
    }
  else if (g_str_equal (what, "right"))
    {
      if (col + 1 < g->cols && local + 1 < node_size)
        target = (int) rank + 1;
    }
  else if (g_str_equal (what, "up"))
    {
      if (line > 0)
        target = (int) (rank - g->cols);
      else if (node > 0)
        target = (int) MIN (node_start - g->gpn + (g->lines - 1) * g->cols + col, node_start - 1);
    }
  else if (g_str_equal (what, "down"))
    {
      if (line + 1 < g->lines && (line + 1) * g->cols < node_size)
        target = (int) MIN (node_start + (line + 1) * g->cols + col, node_start + node_size - 1);
      else if (node_start + g->gpn < world)
        target = (int) MIN (node_start + g->gpn + col, world - 1);
    }
  else if (g_str_equal (what, "node-start"))
    target = (int) node_start;
  else if (g_str_equal (what, "node-end"))
    target = (int) (node_start + node_size - 1);
  else if (g_str_equal (what, "first"))
    target = 0;
  else if (g_str_equal (what, "last"))
    target = (int) world - 1;

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
  int cx, cy;

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  cell_origin (self, rank, &cx, &cy);
  cx = mirror_x (self, cx, self->geo.cell, gtk_widget_get_width (widget));
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { cx, cy, self->geo.cell, self->geo.cell });
  return TRUE;
}

/* GObject ---------------------------------------------------------------- */

static void
planner_rank_grid_finalize (GObject *object)
{
  PlannerRankGrid *self = (PlannerRankGrid *)object;

  clear_ranks (self);
  invalidate_text (self);
  g_clear_pointer (&self->stage_layers, g_free);

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
  };
  static const char * const actions[] = {
    "rank-grid.left", "rank-grid.right", "rank-grid.up", "rank-grid.down", "rank-grid.node-start",
    "rank-grid.node-end", "rank-grid.first", "rank-grid.last", "rank-grid.unselect",
  };

  object_class->finalize = planner_rank_grid_finalize;
  object_class->get_property = planner_rank_grid_get_property;
  object_class->set_property = planner_rank_grid_set_property;

  widget_class->snapshot = planner_rank_grid_snapshot;
  widget_class->measure = planner_rank_grid_measure;
  widget_class->css_changed = planner_rank_grid_css_changed;
  widget_class->direction_changed = planner_rank_grid_direction_changed;
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, move_action);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action, NULL);

  gtk_widget_class_set_css_name (widget_class, "rankgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  for (guint i = 0; i < N_PALETTE; i++)
    gdk_rgba_parse (&palette[i], palette_hex[i]);
}

static void
planner_rank_grid_init (PlannerRankGrid *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->color_by = PLANNER_RANK_GRID_COLOR_PP;
  self->selected = -1;
  self->hovered = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  g_signal_connect_swapped (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  update_accessible (self);
}

/* Public API -------------------------------------------------------------- */

GtkWidget *
planner_rank_grid_new (void)
{
  return g_object_new (PLANNER_TYPE_RANK_GRID, NULL);
}

void
planner_rank_grid_set_layout (PlannerRankGrid     *self,
                              const PlannerLayout *layout,
                              guint                gpus_per_node)
{
  gboolean has_layout;

  g_return_if_fail (PLANNER_IS_RANK_GRID (self));

  has_layout = layout != NULL && layout->world_size > 0 && layout->world_size <= PLANNER_RANK_GRID_MAX_GPUS;
  if (has_layout == self->has_layout && self->gpus_per_node == gpus_per_node &&
      (!has_layout || memcmp (layout, &self->layout, sizeof *layout) == 0))
    return;

  self->has_layout = has_layout;
  self->gpus_per_node = gpus_per_node;
  if (has_layout)
    self->layout = *layout;
  else
    memset (&self->layout, 0, sizeof self->layout);
  update_ranks (self);

  _planner_rank_grid_set_hovered (self, -1);
  if (self->selected >= (int) self->layout.world_size)
    planner_rank_grid_set_selected_rank (self, -1);
  invalidate_geometry (self);
  ensure_geometry (self);
  update_accessible (self);
}

const PlannerLayout *
planner_rank_grid_get_layout (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  return self->has_layout ? &self->layout : NULL;
}

guint
planner_rank_grid_get_gpus_per_node (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), 0);
  return self->gpus_per_node;
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

void
planner_rank_grid_set_color_by (PlannerRankGrid        *self,
                                PlannerRankGridColorBy  color_by)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  g_return_if_fail (color_by < PLANNER_RANK_GRID_N_COLORS_BY);

  if (self->color_by == color_by)
    return;
  self->color_by = color_by;
  update_color_index (self);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR_BY]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

  if (!self->has_layout || rank < 0 || rank >= (int) self->layout.world_size)
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
  invalidate_geometry (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

guint
planner_rank_grid_get_n_values (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), 0);
  return self->has_layout ? degree_along (&self->layout, self->color_by) : 0;
}

void
planner_rank_grid_get_value_color (PlannerRankGrid *self,
                                   guint            value,
                                   GdkRGBA         *color)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  g_return_if_fail (color != NULL);

  *color = palette[value % N_PALETTE];
  color->alpha = FILL_ALPHA;
}

char *
planner_rank_grid_describe_rank (PlannerRankGrid *self,
                                 int              rank)
{
  const PlannerRankCoords *c;
  GString *text;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);

  if (!self->has_layout || rank < 0 || rank >= (int) self->layout.world_size)
    return NULL;

  c = &self->coords[rank];
  text = g_string_new (NULL);
  g_string_append_printf (text, _("GPU %u · node %u · local %u · tp %u · cp %u · dp %u · pp %u"),
                          c->rank, c->node, c->local_rank, c->tp, c->cp, c->dp, c->pp);
  if (self->layout.ep > 1 || self->layout.etp != self->layout.tp)
    g_string_append_printf (text, _(" · ep %u · etp %u · edp %u"), c->ep, c->etp, c->expert_dp);
  if (self->stage_layers != NULL && c->pp < self->n_stages)
    {
      guint32 first = 0, count = self->stage_layers[c->pp];

      for (guint32 s = 0; s < c->pp; s++)
        first += self->stage_layers[s];
      if (count == 0)
        g_string_append (text, _(" · no layers"));
      else if (self->layout.vpp > 1)
        g_string_append_printf (text, _(" · %u layers in %u virtual stages"), count, self->layout.vpp);
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

  if (!self->has_layout || rank >= self->layout.world_size)
    return G_MAXUINT;
  return self->color_index[rank];
}

gboolean
_planner_rank_grid_is_highlighted (PlannerRankGrid *self,
                                   guint            rank)
{
  int focus;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), FALSE);

  focus = focus_rank (self);
  if (!self->has_layout || focus < 0 || rank >= self->layout.world_size)
    return FALSE;
  return in_group (self, self->color_by, rank, focus);
}

/* Export ------------------------------------------------------------------ */

#define MAX_EXPORT_SIZE 32000

static gboolean
check_exportable (PlannerRankGrid  *self,
                  GError          **error)
{
  ensure_geometry (self);
  if (!self->has_layout)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("There is no valid layout to export"));
      return FALSE;
    }
  if (self->geo.width > MAX_EXPORT_SIZE || self->geo.height > MAX_EXPORT_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The grid is too large for one picture (%d × %d pixels)"), self->geo.width, self->geo.height);
      return FALSE;
    }
  return TRUE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
planner_rank_grid_save_png (PlannerRankGrid  *self,
                            const char       *path,
                            GError          **error)
{
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GByteArray) bytes = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  Colors colors;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_exportable (self, error))
    return FALSE;

  /* Rendered in software at the natural size: no GL texture limits, the
   * same pixels everywhere, the light style whatever the window uses. */
  export_colors (&colors);
  snapshot = gtk_snapshot_new ();
  draw_grid (self, snapshot, self->geo.width, &colors, self->selected);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, self->geo.width, self->geo.height);
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);

  bytes = g_byte_array_new ();
  status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not render the picture: %s"),
                   cairo_status_to_string (status));
      return FALSE;
    }
  return g_file_set_contents_full (path, (const char *) bytes->data, bytes->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}

static void
svg_color (GString       *svg,
           const char    *attribute,
           const GdkRGBA *color)
{
  g_string_append_printf (svg, " %s=\"#%02x%02x%02x\"", attribute,
                          (guint) (color->red * 255 + .5), (guint) (color->green * 255 + .5),
                          (guint) (color->blue * 255 + .5));
  if (color->alpha < 1.f)
    {
      char alpha[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (alpha, sizeof alpha, "%.2f", color->alpha);
      g_string_append_printf (svg, " %s-opacity=\"%s\"", attribute, alpha);
    }
}

gboolean
planner_rank_grid_save_svg (PlannerRankGrid  *self,
                            const char       *path,
                            GError          **error)
{
  g_autoptr(GString) svg = NULL;
  const Geometry *g;
  Colors colors;
  GdkRGBA label_color;
  char radius[G_ASCII_DTOSTR_BUF_SIZE];
  int focus, font_px;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_exportable (self, error))
    return FALSE;

  g = &self->geo;
  export_colors (&colors);
  focus = self->selected;
  font_px = MAX (6, g->label_h * 3 / 4);
  g_ascii_formatd (radius, sizeof radius, "%.1f", g->radius);

  svg = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (svg,
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                          "viewBox=\"0 0 %d %d\" font-family=\"Cantarell, sans-serif\" font-size=\"%d\">\n",
                          g->width, g->height, g->width, g->height, font_px);
  g_string_append_printf (svg, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\"", g->width, g->height);
  svg_color (svg, "fill", &colors.bg);
  g_string_append (svg, "/>\n");

  label_color = colors.fg;
  label_color.alpha *= 0.7f;
  for (guint node = 0; node < g->n_nodes; node += g->label_step)
    {
      g_autofree char *text = g_markup_printf_escaped (_("node %u"), node);

      g_string_append_printf (svg, "<text x=\"%d\" y=\"%d\" dominant-baseline=\"central\"",
                              g->pad, g->pad + (int) node * g->node_pitch + MIN (g->cell, g->node_pitch) / 2);
      svg_color (svg, "fill", &label_color);
      g_string_append_printf (svg, ">%s</text>\n", text);
    }

  for (guint32 rank = 0; rank < self->layout.world_size; rank++)
    {
      GdkRGBA fill = palette[self->color_index[rank] % N_PALETTE];
      gboolean outlined;
      int x, y;

      cell_origin (self, rank, &x, &y);
      fill.alpha = cell_alpha (self, rank, focus, &outlined);
      g_string_append_printf (svg, "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%s\"",
                              x, y, g->cell, g->cell, radius);
      svg_color (svg, "fill", &fill);
      if (outlined || (int) rank == focus)
        {
          svg_color (svg, "stroke", (int) rank == focus ? &colors.accent : &colors.fg);
          g_string_append_printf (svg, " stroke-width=\"%d\"", (int) rank == focus ? 3 : 2);
        }
      g_string_append (svg, "/>\n");
      if (g->rank_labels)
        {
          g_string_append_printf (svg, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" dominant-baseline=\"central\"",
                                  x + g->cell / 2, y + g->cell / 2);
          svg_color (svg, "fill", &colors.fg);
          g_string_append_printf (svg, ">%u</text>\n", rank);
        }
    }
  g_string_append (svg, "</svg>\n");

  return g_file_set_contents_full (path, svg->str, svg->len, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}
