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

#include "planner-picture-font.h"
#include "planner-rank-grid-internal.h"

/* The geometry and the picture come from the engine (planner-picture-grid.c),
 * the same the command line draws; this widget fits them to its size,
 * zooms and pans them, and adds what only a window has: hover, selection,
 * keyboard and a minimap.  One snapshot, never a widget per GPU. */

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

const PlannerLayout *
_planner_rank_grid_get_layout (PlannerRankGrid *self)
{
  return self->data != NULL ? planner_picture_data_get_layout (self->data) : NULL;
}

guint32
_planner_rank_grid_world (PlannerRankGrid *self)
{
  const PlannerLayout *layout = _planner_rank_grid_get_layout (self);

  return layout != NULL ? layout->world_size : 0;
}

/* Caches ------------------------------------------------------------------ */

void
_planner_rank_grid_invalidate_nodes (PlannerRankGrid *self)
{
  g_clear_pointer (&self->base_node, gsk_render_node_unref);
  g_clear_pointer (&self->minimap_node, gsk_render_node_unref);
}

void
_planner_rank_grid_invalidate_layout (PlannerRankGrid *self)
{
  self->layout_valid = FALSE;
  g_clear_pointer (&self->legend, planner_scene_unref);
  g_clear_pointer (&self->cells, planner_scene_unref);
  g_clear_pointer (&self->overview, planner_scene_unref);
  g_clear_pointer (&self->cell_index, g_free);
  _planner_rank_grid_invalidate_nodes (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The text size the pictures are laid out for, in pixels: the widget's
 * font (which follows the large-text setting), larger on a projector. */
#define WINDOW_MAX_CELL 120.

static double
font_px (PlannerRankGrid *self)
{
  return planner_picture_font_px (GTK_WIDGET (self), self->presentation, self->presentation_font);
}

double
_planner_rank_grid_area_top (PlannerRankGrid *self)
{
  return self->legend != NULL ? planner_scene_get_height (self->legend) + self->font * 0.4 : PAD;
}

double
_planner_rank_grid_area_width (PlannerRankGrid *self)
{
  return MAX (self->width - 2. * PAD, 1.);
}

double
_planner_rank_grid_area_height (PlannerRankGrid *self)
{
  return MAX (self->height - _planner_rank_grid_area_top (self) - PAD, 1.);
}

static PlannerGridOptions
options (PlannerRankGrid *self)
{
  PlannerGridOptions o = { (PlannerGridColorBy) self->color_by, TRUE };

  return o;
}

void
_planner_rank_grid_clamp_pan (PlannerRankGrid *self)
{
  self->pan_x = CLAMP (self->pan_x, 0., MAX (self->geo.width - _planner_rank_grid_area_width (self), 0.));
  self->pan_y = CLAMP (self->pan_y, 0., MAX (self->geo.height - _planner_rank_grid_area_height (self), 0.));
}

void
_planner_rank_grid_ensure_layout (PlannerRankGrid *self)
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
    _planner_rank_grid_invalidate_layout (self);
  self->layout_valid = TRUE;
  self->width = width;
  self->height = height;
  memset (&self->geo, 0, sizeof self->geo);
  memset (&self->fit, 0, sizeof self->fit);
  if (_planner_rank_grid_world (self) == 0 || width <= 0 || height <= 0)
    return;

  self->font = font_px (self);
  o = options (self);
  style.font_size = self->font;
  style.width = MAX (width - 2. * PAD, 100.);
  style.presentation = self->presentation;
  style.interactive = TRUE;
  self->legend = planner_picture_grid_legend (self->data, &o, &style);

  planner_picture_grid_params (self->data, &style, &params);
  params.width = _planner_rank_grid_area_width (self);
  params.height = _planner_rank_grid_area_height (self);
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
  _planner_rank_grid_clamp_pan (self);
}

/* Widget coordinates of the scene's origin. */
void
_planner_rank_grid_origin (PlannerRankGrid *self,
        double          *x,
        double          *y)
{
  *x = PAD + MAX ((_planner_rank_grid_area_width (self) - self->geo.width) / 2., 0.) - self->pan_x;
  *y = _planner_rank_grid_area_top (self) + MAX ((_planner_rank_grid_area_height (self) - self->geo.height) / 2., 0.) - self->pan_y;
  *x = floor (*x);
  *y = floor (*y);
}

gboolean
_planner_rank_grid_zoomed_out_of_view (PlannerRankGrid *self)
{
  return self->geo.width > _planner_rank_grid_area_width (self) + 0.5 || self->geo.height > _planner_rank_grid_area_height (self) + 0.5;
}

/* The minimap's box in widget coordinates, when the grid is larger than
 * its view. */
gboolean
_planner_rank_grid_minimap_box (PlannerRankGrid *self,
             graphene_rect_t *box,
             double          *scale)
{
  double w, h, s;

  if (!_planner_rank_grid_zoomed_out_of_view (self) || self->fit.width <= 0. || self->fit.height <= 0.)
    return FALSE;
  s = MIN (MIN (MINIMAP_MAX, _planner_rank_grid_area_width (self) / 4.) / self->fit.width, (_planner_rank_grid_area_height (self) / 3.) / self->fit.height);
  w = self->fit.width * s;
  h = self->fit.height * s;
  *box = GRAPHENE_RECT_INIT (self->width - PAD - w - 8., self->height - PAD - h - 8., w + 8., h + 8.);
  *scale = s;
  return TRUE;
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
    _planner_rank_grid_invalidate_layout (self);
}

static void
planner_rank_grid_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);

  GTK_WIDGET_CLASS (planner_rank_grid_parent_class)->css_changed (widget, change);
  planner_scene_renderer_invalidate (self->renderer);
  /* A new font size lays the picture out again; a new colour only redraws. */
  if (self->layout_valid && planner_picture_font_changed (self->font, font_px (self)))
    _planner_rank_grid_invalidate_layout (self);
  else
    _planner_rank_grid_invalidate_nodes (self);
  gtk_widget_queue_draw (widget);
}

/* Hover, selection, zoom and keyboard ------------------------------------ */

void
_planner_rank_grid_update_accessible (PlannerRankGrid *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  const PlannerLayout *layout = _planner_rank_grid_get_layout (self);

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

  if (rank < 0 || rank >= (int) _planner_rank_grid_world (self))
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

  _planner_rank_grid_ensure_layout (self);
  if (self->cells == NULL)
    return -1;
  if (_planner_rank_grid_minimap_box (self, &box, &scale) && graphene_rect_contains_point (&box, &GRAPHENE_POINT_INIT (x, y)))
    return -1;
  if (x < PAD || x >= PAD + _planner_rank_grid_area_width (self) || y < _planner_rank_grid_area_top (self) || y >= _planner_rank_grid_area_top (self) + _planner_rank_grid_area_height (self))
    return -1;
  _planner_rank_grid_origin (self, &ox, &oy);
  return planner_grid_geometry_rank_at (&self->geo, x - ox, y - oy);
}

/* GObject ---------------------------------------------------------------- */

static void
planner_rank_grid_finalize (GObject *object)
{
  PlannerRankGrid *self = (PlannerRankGrid *)object;

  _planner_rank_grid_invalidate_layout (self);
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

  object_class->finalize = planner_rank_grid_finalize;
  object_class->get_property = planner_rank_grid_get_property;
  object_class->set_property = planner_rank_grid_set_property;

  widget_class->snapshot = _planner_rank_grid_snapshot;
  widget_class->measure = planner_rank_grid_measure;
  widget_class->size_allocate = planner_rank_grid_size_allocate;
  widget_class->css_changed = planner_rank_grid_css_changed;

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

  /* The event controllers are in the template; their callbacks, the
   * actions and the keys are in planner-rank-grid-input.c. */
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/launchplanner/LaunchPlanner/planner-rank-grid.ui");
  _planner_rank_grid_class_init_input (widget_class);

  gtk_widget_class_set_css_name (widget_class, "rankgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
planner_rank_grid_init (PlannerRankGrid *self)
{
  self->color_by = PLANNER_RANK_GRID_COLOR_PP;
  self->color_by_auto = TRUE;
  self->selected = -1;
  self->hovered = -1;
  self->zoom = 1.;
  self->renderer = planner_scene_renderer_new (GTK_WIDGET (self));

  /* Focusable, with a tooltip, expanding, clipped, and its controllers. */
  gtk_widget_init_template (GTK_WIDGET (self));

  _planner_rank_grid_update_accessible (self);
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
  if (self->selected >= (int) _planner_rank_grid_world (self))
    planner_rank_grid_set_selected_rank (self, -1);
  _planner_rank_grid_invalidate_layout (self);
  _planner_rank_grid_update_accessible (self);
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

  current = _planner_rank_grid_get_layout (self);
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
  return _planner_rank_grid_get_layout (self);
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
  _planner_rank_grid_invalidate_layout (self);
  _planner_rank_grid_update_accessible (self);
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

  if (rank < 0 || rank >= (int) _planner_rank_grid_world (self))
    rank = -1;
  if (self->selected == rank)
    return;
  self->selected = rank;
  _planner_rank_grid_update_accessible (self);
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
  _planner_rank_grid_invalidate_layout (self);
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
      _planner_rank_grid_invalidate_layout (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
      return;
    }
  _planner_rank_grid_zoom_around_focus (self, zoom);
}

guint
planner_rank_grid_get_n_values (PlannerRankGrid *self)
{
  const PlannerLayout *layout;

  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), 0);
  layout = _planner_rank_grid_get_layout (self);
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

  layout = _planner_rank_grid_get_layout (self);
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

  if (rank >= _planner_rank_grid_world (self))
    return G_MAXUINT;
  return planner_grid_color_by_coord ((PlannerGridColorBy) self->color_by,
                                      &planner_picture_data_get_coords (self->data)[rank]);
}
const PlannerGridGeometry *
_planner_rank_grid_get_geometry (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  _planner_rank_grid_ensure_layout (self);
  return &self->geo;
}

PlannerScene *
_planner_rank_grid_get_scene (PlannerRankGrid *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID (self), NULL);
  _planner_rank_grid_ensure_layout (self);
  return self->cells;
}

void
_planner_rank_grid_get_origin (PlannerRankGrid *self,
                               double          *x,
                               double          *y)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  _planner_rank_grid_ensure_layout (self);
  _planner_rank_grid_origin (self, x, y);
}

void
_planner_rank_grid_drop_cache (PlannerRankGrid *self)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID (self));
  _planner_rank_grid_invalidate_nodes (self);
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
  _planner_rank_grid_invalidate_layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
