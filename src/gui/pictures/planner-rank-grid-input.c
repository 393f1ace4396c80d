/* planner-rank-grid-input.c
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

/* What a person does to the grid: hover, click, scroll, pinch, drag, the
 * keyboard and the tooltip.  The controllers are declared in
 * planner-rank-grid.ui and call back here. */

/* Keeps @rank's cell in view. */
static void
scroll_to_rank (PlannerRankGrid *self,
                int              rank)
{
  graphene_rect_t rect;
  double aw = _planner_rank_grid_area_width (self), ah = _planner_rank_grid_area_height (self), margin;

  _planner_rank_grid_ensure_layout (self);
  if (rank < 0 || self->cells == NULL || !_planner_rank_grid_zoomed_out_of_view (self))
    return;
  _planner_rank_grid_cell_rect (self, rank, &rect);
  margin = self->geo.pitch;
  if (rect.origin.x - margin < self->pan_x)
    self->pan_x = rect.origin.x - margin;
  else if (rect.origin.x + rect.size.width + margin > self->pan_x + aw)
    self->pan_x = rect.origin.x + rect.size.width + margin - aw;
  if (rect.origin.y - margin < self->pan_y)
    self->pan_y = rect.origin.y - margin;
  else if (rect.origin.y + rect.size.height + margin > self->pan_y + ah)
    self->pan_y = rect.origin.y + rect.size.height + margin - ah;
  _planner_rank_grid_clamp_pan (self);
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

  _planner_rank_grid_ensure_layout (self);
  if (self->cells == NULL || self->fit.cell <= 0.)
    return;
  max_zoom = MAX (MAX_ZOOM_CELL / self->fit.cell, 1.);
  zoom = CLAMP (zoom, 1., max_zoom);
  if (fabs (zoom - self->zoom) < 1e-6)
    return;

  _planner_rank_grid_origin (self, &ox, &oy);
  fx = self->geo.width > 0. ? (x - ox) / self->geo.width : 0.5;
  fy = self->geo.height > 0. ? (y - oy) / self->geo.height : 0.5;
  self->zoom = zoom;
  _planner_rank_grid_invalidate_layout (self);
  _planner_rank_grid_ensure_layout (self);
  /* The same fraction of the grid under the same point. */
  self->pan_x = fx * self->geo.width - (x - PAD);
  self->pan_y = fy * self->geo.height - (y - _planner_rank_grid_area_top (self));
  _planner_rank_grid_clamp_pan (self);
  g_object_notify (G_OBJECT (self), "zoom");
}

void
_planner_rank_grid_zoom_around_focus (PlannerRankGrid *self,
                   double           zoom)
{
  double x = PAD + _planner_rank_grid_area_width (self) / 2., y = _planner_rank_grid_area_top (self) + _planner_rank_grid_area_height (self) / 2.;

  _planner_rank_grid_ensure_layout (self);
  if (self->selected >= 0 && self->cells != NULL)
    {
      graphene_rect_t rect;
      double ox, oy;

      _planner_rank_grid_origin (self, &ox, &oy);
      _planner_rank_grid_cell_rect (self, self->selected, &rect);
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
  if (_planner_rank_grid_minimap_box (self, &box, &scale) && graphene_rect_contains_point (&box, &GRAPHENE_POINT_INIT (x, y)))
    {
      double fx = (x - box.origin.x - 4.) / (self->fit.width * scale);
      double fy = (y - box.origin.y - 4.) / (self->fit.height * scale);

      self->pan_x = fx * self->geo.width - _planner_rank_grid_area_width (self) / 2.;
      self->pan_y = fy * self->geo.height - _planner_rank_grid_area_height (self) / 2.;
      _planner_rank_grid_clamp_pan (self);
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
  double x = PAD + _planner_rank_grid_area_width (self) / 2., y = _planner_rank_grid_area_top (self) + _planner_rank_grid_area_height (self) / 2.;

  if (state & GDK_CONTROL_MASK)
    {
      if (event != NULL)
        gdk_event_get_position (event, &x, &y);
      zoom_at (self, self->zoom * pow (ZOOM_STEP, -dy), x, y);
      return TRUE;
    }
  if (!_planner_rank_grid_zoomed_out_of_view (self))
    return FALSE;
  self->pan_x += dx * self->geo.pitch * 3.;
  self->pan_y += dy * self->geo.pitch * 3.;
  _planner_rank_grid_clamp_pan (self);
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
      x = PAD + _planner_rank_grid_area_width (self) / 2.;
      y = _planner_rank_grid_area_top (self) + _planner_rank_grid_area_height (self) / 2.;
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
  if (!_planner_rank_grid_zoomed_out_of_view (self))
    return;
  self->pan_x = self->drag_pan_x - dx;
  self->pan_y = self->drag_pan_y - dy;
  _planner_rank_grid_clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerRankGrid *self = PLANNER_RANK_GRID (widget);

  if (g_str_equal (action_name, "rank-grid.zoom-in"))
    _planner_rank_grid_zoom_around_focus (self, self->zoom * ZOOM_STEP);
  else if (g_str_equal (action_name, "rank-grid.zoom-out"))
    _planner_rank_grid_zoom_around_focus (self, self->zoom / ZOOM_STEP);
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

  n = _planner_rank_grid_world (self);
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

    _planner_rank_grid_ensure_layout (self);
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

gboolean
_planner_rank_grid_query_tooltip (GtkWidget  *widget,
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
  _planner_rank_grid_origin (self, &ox, &oy);
  _planner_rank_grid_cell_rect (self, rank, &rect);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) (ox + rect.origin.x), (int) (oy + rect.origin.y),
                                                       (int) rect.size.width, (int) rect.size.height });
  return TRUE;
}

void
_planner_rank_grid_class_init_input (GtkWidgetClass *widget_class)
{
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

  widget_class->query_tooltip = _planner_rank_grid_query_tooltip;

  for (guint i = 0; i < G_N_ELEMENTS (move_actions); i++)
    gtk_widget_class_install_action (widget_class, move_actions[i], NULL, move_action);
  gtk_widget_class_install_action (widget_class, "rank-grid.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "rank-grid.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "rank-grid.zoom-fit", NULL, zoom_action);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action, NULL);

  gtk_widget_class_bind_template_callback (widget_class, on_motion);
  gtk_widget_class_bind_template_callback (widget_class, on_leave);
  gtk_widget_class_bind_template_callback (widget_class, on_pressed);
  gtk_widget_class_bind_template_callback (widget_class, on_scroll);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_begin);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_scale_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_drag_begin);
  gtk_widget_class_bind_template_callback (widget_class, on_drag_update);
}

