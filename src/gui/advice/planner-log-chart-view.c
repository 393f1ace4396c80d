/* planner-log-chart-view.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log-chart-view"

#include "config.h"

#include <math.h>

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-log-chart-view.h"
#include "planner-picture-font.h"
#include "planner-scene-renderer.h"

/* The engine lays the chart out (planner-log-chart.c); this draws it.
 * The lines are drawn here, one path per series, rather than shape by
 * shape: a long run has hundreds of segments per panel. */

struct _PlannerLogChartView
{
  GtkWidget             parent_instance;

  PlannerLogRecord     *record;
  PlannerLogChartMark  *marks;        /* labels owned */
  guint                 n_marks;
  char                 *description;

  PlannerSceneRenderer *renderer;
  PlannerScene         *scene;        /* for scene_width and scene_font */
  int                   scene_width;
  double                scene_font;
  double               *point_x;      /* x of each point in the scene; NAN when not drawn */
};

G_DEFINE_FINAL_TYPE (PlannerLogChartView, planner_log_chart_view, GTK_TYPE_WIDGET)

static void
clear_marks (PlannerLogChartView *self)
{
  for (guint m = 0; m < self->n_marks; m++)
    g_free ((char *) self->marks[m].label);
  g_clear_pointer (&self->marks, g_free);
  self->n_marks = 0;
}

static void
invalidate (PlannerLogChartView *self)
{
  g_clear_pointer (&self->scene, planner_scene_unref);
  g_clear_pointer (&self->point_x, g_free);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The scene for @width, built once per width, font and data. */
static PlannerScene *
ensure_scene (PlannerLogChartView *self,
              int                  width)
{
  PlannerPictureStyle style = { 0, };
  double font = planner_picture_font_px (GTK_WIDGET (self), FALSE, 0.);
  const PlannerShape *shapes;
  guint n;

  if (self->record == NULL || width <= 0)
    return NULL;
  if (self->scene != NULL && self->scene_width == width && !planner_picture_font_changed (self->scene_font, font))
    return self->scene;

  g_clear_pointer (&self->scene, planner_scene_unref);
  style.font_size = font;
  style.width = width;
  style.interactive = TRUE;
  self->scene = planner_log_chart (self->record, self->marks, self->n_marks, &style);
  self->scene_width = width;
  self->scene_font = font;

  /* Where each point sits, for the tooltip. */
  g_clear_pointer (&self->point_x, g_free);
  self->point_x = g_new (double, MAX (self->record->n_points, 1));
  for (guint i = 0; i < self->record->n_points; i++)
    self->point_x[i] = NAN;
  shapes = planner_scene_get_shapes (self->scene, &n);
  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];

      if (s->tag == PLANNER_TAG_LOG_SEGMENT && s->b + 1 < self->record->n_points)
        {
          self->point_x[s->b] = s->x;
          self->point_x[s->b + 1] = s->x + s->w;
        }
      else if ((s->tag == PLANNER_TAG_LOG_POINT || s->tag == PLANNER_TAG_LOG_OFF_SCALE ||
                s->tag == PLANNER_TAG_LOG_FLAG) && s->b < self->record->n_points)
        {
          guint point = s->tag == PLANNER_TAG_LOG_FLAG ? s->a : s->b;

          if (point < self->record->n_points)
            self->point_x[point] = s->kind == PLANNER_SHAPE_RECT ? s->x + s->w / 2. : s->x;
        }
    }
  return self->scene;
}

static GtkSizeRequestMode
planner_log_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
planner_log_chart_view_measure (GtkWidget      *widget,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural,
                                int            *minimum_baseline,
                                int            *natural_baseline)
{
  PlannerLogChartView *self = PLANNER_LOG_CHART_VIEW (widget);
  PlannerScene *scene;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 720;
      return;
    }
  scene = ensure_scene (self, for_size > 0 ? for_size : 720);
  *minimum = *natural = scene != NULL ? (int) ceil (planner_scene_get_height (scene)) : 0;
}

static void
planner_log_chart_view_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot)
{
  PlannerLogChartView *self = PLANNER_LOG_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  PlannerScene *scene = ensure_scene (self, width);
  const PlannerShape *shapes;
  guint n, first = G_MAXUINT, last = 0;

  if (scene == NULL)
    return;
  shapes = planner_scene_get_shapes (scene, &n);
  for (guint i = 0; i < n; i++)
    {
      if (shapes[i].tag == PLANNER_TAG_LOG_SEGMENT)
        {
          first = MIN (first, i);
          last = i + 1;
        }
    }
  if (first == G_MAXUINT)
    {
      planner_scene_renderer_draw (self->renderer, snapshot, scene, NULL);
      return;
    }

  planner_scene_renderer_draw_range (self->renderer, snapshot, scene, 0, first, NULL, 1.f);
  {
    cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
    GdkRGBA accent;

    planner_scene_renderer_get_color (self->renderer, PLANNER_INK_ACCENT, 0, &accent);
    gdk_cairo_set_source_rgba (cr, &accent);
    cairo_set_line_width (cr, shapes[first].line);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    for (guint i = first; i < last; i++)
      {
        const PlannerShape *s = &shapes[i];
        const PlannerShape *previous = i > first ? &shapes[i - 1] : NULL;

        if (s->tag != PLANNER_TAG_LOG_SEGMENT)
          continue;
        /* A gap or another series starts a new stroke. */
        if (previous == NULL || previous->tag != PLANNER_TAG_LOG_SEGMENT || previous->a != s->a ||
            previous->b + 1 != s->b)
          cairo_move_to (cr, s->x, s->y);
        cairo_line_to (cr, s->x + s->w, s->y + s->h);
      }
    cairo_stroke (cr);
    cairo_destroy (cr);
  }
  planner_scene_renderer_draw_range (self->renderer, snapshot, scene, last, G_MAXUINT, NULL, 1.f);
}

static gboolean
planner_log_chart_view_query_tooltip (GtkWidget  *widget,
                                      int         x,
                                      int         y,
                                      gboolean    keyboard_tooltip,
                                      GtkTooltip *tooltip)
{
  PlannerLogChartView *self = PLANNER_LOG_CHART_VIEW (widget);
  g_autoptr(GString) text = NULL;
  const PlannerLogPoint *p;
  double best = self->scene_font * 1.5;
  guint found = G_MAXUINT;

  if (self->scene == NULL || self->point_x == NULL || keyboard_tooltip)
    return FALSE;
  for (guint i = 0; i < self->record->n_points; i++)
    {
      if (!isnan (self->point_x[i]) && fabs (self->point_x[i] - x) < best)
        {
          best = fabs (self->point_x[i] - x);
          found = i;
        }
    }
  if (found == G_MAXUINT)
    return FALSE;

  p = &self->record->points[found];
  text = g_string_new (NULL);
  if (p->first_iteration == p->last_iteration)
    g_string_append_printf (text, _("Iteration %" PRIu64 " (line %" PRIu64 ")"),
                            p->first_iteration, p->line);
  else
    g_string_append_printf (text, _("Iterations %" PRIu64 "–%" PRIu64 " (from line %"
                                    PRIu64 ")"), p->first_iteration, p->last_iteration, p->line);
  for (guint s = 0; s < PLANNER_LOG_N_SERIES; s++)
    {
      double value = planner_log_series_value (p, s);

      if (!isnan (value))
        g_string_append_printf (text, "\n%s: %.4g", planner_log_series_title (s), value);
    }
  if (p->nan > 0 || p->skipped > 0)
    g_string_append_printf (text, _("\n%u NaN and %u skipped iterations"), p->nan, p->skipped);
  for (guint m = 0; m < self->n_marks; m++)
    {
      if (self->marks[m].iteration >= 0 && planner_log_chart_find_point (self->record, self->marks[m].iteration) == found)
        g_string_append_printf (text, "\n%s", self->marks[m].label);
    }
  gtk_tooltip_set_text (tooltip, text->str);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) (self->point_x[found] - best - 1), 0,
                                                       (int) (2 * best + 2), gtk_widget_get_height (widget) });
  return TRUE;
}

static void
planner_log_chart_view_css_changed (GtkWidget         *widget,
                                    GtkCssStyleChange *change)
{
  PlannerLogChartView *self = PLANNER_LOG_CHART_VIEW (widget);

  GTK_WIDGET_CLASS (planner_log_chart_view_parent_class)->css_changed (widget, change);
  planner_scene_renderer_invalidate (self->renderer);
  if (self->scene != NULL &&
      planner_picture_font_changed (self->scene_font, planner_picture_font_px (GTK_WIDGET (self), FALSE, 0.)))
    invalidate (self);
  gtk_widget_queue_draw (widget);
}

static void
planner_log_chart_view_dispose (GObject *object)
{
  PlannerLogChartView *self = PLANNER_LOG_CHART_VIEW (object);

  g_clear_pointer (&self->scene, planner_scene_unref);
  g_clear_pointer (&self->point_x, g_free);
  g_clear_pointer (&self->record, planner_log_record_unref);
  clear_marks (self);
  g_clear_pointer (&self->description, g_free);
  G_OBJECT_CLASS (planner_log_chart_view_parent_class)->dispose (object);
}

static void
planner_log_chart_view_finalize (GObject *object)
{
  PlannerLogChartView *self = PLANNER_LOG_CHART_VIEW (object);

  g_clear_pointer (&self->renderer, planner_scene_renderer_free);
  G_OBJECT_CLASS (planner_log_chart_view_parent_class)->finalize (object);
}

static void
planner_log_chart_view_class_init (PlannerLogChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_log_chart_view_dispose;
  object_class->finalize = planner_log_chart_view_finalize;
  widget_class->get_request_mode = planner_log_chart_view_get_request_mode;
  widget_class->measure = planner_log_chart_view_measure;
  widget_class->snapshot = planner_log_chart_view_snapshot;
  widget_class->query_tooltip = planner_log_chart_view_query_tooltip;
  widget_class->css_changed = planner_log_chart_view_css_changed;
  gtk_widget_class_set_css_name (widget_class, "logchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
planner_log_chart_view_init (PlannerLogChartView *self)
{
  self->renderer = planner_scene_renderer_new (GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chart of the training log: loss, grad norm and throughput per iteration"),
                                  -1);
}

GtkWidget *
planner_log_chart_view_new (void)
{
  return g_object_new (PLANNER_TYPE_LOG_CHART_VIEW, NULL);
}

void
planner_log_chart_view_set_data (PlannerLogChartView       *self,
                                 PlannerLogRecord          *record,
                                 const PlannerLogChartMark *marks,
                                 guint                      n_marks)
{
  g_return_if_fail (PLANNER_IS_LOG_CHART_VIEW (self));
  g_return_if_fail (marks != NULL || n_marks == 0);

  if (record != NULL)
    planner_log_record_ref (record);
  g_clear_pointer (&self->record, planner_log_record_unref);
  self->record = record;
  clear_marks (self);
  self->marks = g_new0 (PlannerLogChartMark, MAX (n_marks, 1));
  for (guint m = 0; m < n_marks; m++)
    {
      self->marks[m].iteration = marks[m].iteration;
      self->marks[m].label = g_strdup (marks[m].label != NULL ? marks[m].label : "");
    }
  self->n_marks = n_marks;

  g_clear_pointer (&self->description, g_free);
  if (record != NULL)
    self->description = planner_log_chart_describe (record, self->marks, self->n_marks);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->description != NULL ? self->description : "",
                                  -1);
  invalidate (self);
}

PlannerLogRecord *
planner_log_chart_view_get_record (PlannerLogChartView *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_CHART_VIEW (self), NULL);
  return self->record;
}

PlannerScene *
planner_log_chart_view_get_scene (PlannerLogChartView *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_CHART_VIEW (self), NULL);
  return ensure_scene (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

const char *
planner_log_chart_view_get_description (PlannerLogChartView *self)
{
  g_return_val_if_fail (PLANNER_IS_LOG_CHART_VIEW (self), NULL);
  return self->description;
}
