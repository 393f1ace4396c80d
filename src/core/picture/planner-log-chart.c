/* planner-log-chart.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log-chart"

#include "config.h"

#include <inttypes.h>
#include <math.h>

#include <glib/gi18n-lib.h>

#include "planner-log-chart.h"
#include "planner-picture-private.h"

/* Beyond this a value is drawn as off scale: no axis spans it usefully,
 * and differences of such values overflow. */
#define LIMIT 1e15

/* Each series has a panel of its own, named in it, so colour need not
 * tell them apart: the lines take the accent colour, which every style
 * (light, dark, high contrast) keeps readable, and failures the error
 * colour. */

const char *
planner_log_series_title (PlannerLogSeries series)
{
  switch (series)
    {
    case PLANNER_LOG_SERIES_LOSS: return _("Loss");
    case PLANNER_LOG_SERIES_GRAD_NORM: return _("Grad norm");
    case PLANNER_LOG_SERIES_THROUGHPUT: return _("TFLOP/s per GPU");
    case PLANNER_LOG_N_SERIES:
    default: return "";
    }
}

double
planner_log_series_value (const PlannerLogPoint *point,
                          PlannerLogSeries       series)
{
  g_return_val_if_fail (point != NULL, NAN);

  switch (series)
    {
    case PLANNER_LOG_SERIES_LOSS: return point->loss;
    case PLANNER_LOG_SERIES_GRAD_NORM: return point->grad_norm;
    case PLANNER_LOG_SERIES_THROUGHPUT: return point->tflops_per_gpu;
    case PLANNER_LOG_N_SERIES:
    default: return NAN;
    }
}

/* The largest value of the bucket: the one a mean hides. */
static double
series_max (const PlannerLogPoint *point,
            PlannerLogSeries       series)
{
  switch (series)
    {
    case PLANNER_LOG_SERIES_LOSS: return point->loss_max;
    case PLANNER_LOG_SERIES_GRAD_NORM: return point->grad_norm_max;
    case PLANNER_LOG_SERIES_THROUGHPUT:
    case PLANNER_LOG_N_SERIES:
    default: return NAN;
    }
}

static gboolean
usable (double value)
{
  return isfinite (value) && fabs (value) <= LIMIT;
}

gboolean
planner_log_chart_get_range (const PlannerLogRecord *record,
                             PlannerLogSeries        series,
                             double                 *min,
                             double                 *max)
{
  double lo = INFINITY, hi = -INFINITY;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (min != NULL && max != NULL, FALSE);

  for (guint i = 0; i < record->n_points; i++)
    {
      double values[2] = { planner_log_series_value (&record->points[i], series),
                           series_max (&record->points[i], series) };

      for (guint v = 0; v < 2; v++)
        {
          if (usable (values[v]))
            {
              lo = MIN (lo, values[v]);
              hi = MAX (hi, values[v]);
            }
        }
    }
  if (lo > hi)
    {
      *min = 0;
      *max = 1;
      return FALSE;
    }
  /* Grad norm and throughput are read against zero; the loss against
   * where it went. */
  if (series != PLANNER_LOG_SERIES_LOSS && lo > 0)
    lo = 0;
  if (hi - lo <= 0)
    {
      double pad = hi != 0 ? fabs (hi) * 0.05 : 1;

      hi += pad;
      if (series == PLANNER_LOG_SERIES_LOSS || lo < 0)
        lo -= pad;
    }
  else
    {
      double headroom = (hi - lo) * 0.05;

      hi += headroom;
      if (series == PLANNER_LOG_SERIES_LOSS)
        lo -= headroom;
    }
  *min = lo;
  *max = hi;
  return TRUE;
}

guint
planner_log_chart_find_point (const PlannerLogRecord *record,
                              gint64                  iteration)
{
  guint best = G_MAXUINT;
  double best_distance = INFINITY;

  g_return_val_if_fail (record != NULL, G_MAXUINT);

  for (guint i = 0; i < record->n_points; i++)
    {
      const PlannerLogPoint *p = &record->points[i];
      double distance;

      if (iteration >= 0 && (guint64) iteration >= p->first_iteration && (guint64) iteration <= p->last_iteration)
        return i;
      distance = MIN (fabs ((double) iteration - (double) p->first_iteration),
                      fabs ((double) iteration - (double) p->last_iteration));
      if (distance < best_distance)
        {
          best_distance = distance;
          best = i;
        }
    }
  return best;
}

/* "2.11", "38.6", "1.2e+04": short enough for the axis. */
static char *
format_value (double value)
{
  if (value != 0 && (fabs (value) >= 1e5 || fabs (value) < 1e-3))
    return g_strdup_printf ("%.2g", value);
  if (fabs (value) >= 100)
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.3g", value);
}

char *
planner_log_chart_describe (const PlannerLogRecord    *record,
                            const PlannerLogChartMark *marks,
                            guint                      n_marks)
{
  GString *text;
  g_autofree char *first = _planner_format_count (record->first_iteration);
  g_autofree char *last = _planner_format_count (record->last_iteration);
  g_autofree char *lines = _planner_format_count (record->n_iteration_lines);

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (marks != NULL || n_marks == 0, NULL);

  text = g_string_new (NULL);
  if (record->n_points == 0)
    {
      if (n_marks > 0)
        g_string_append_printf (text, _("No iteration was logged: the run stopped before its first logged iteration "
                                        "(%s)."), marks[0].label);
      else
        g_string_append (text, _("No iteration was logged."));
      return g_string_free (text, FALSE);
    }
  g_string_append_printf (text, _("Loss, grad norm and throughput per GPU over iterations %s to %s, from %s logged "
                                  "lines."), first, last, lines);
  if (usable (record->loss_first) && usable (record->loss_last))
    g_string_append_printf (text, _(" Loss from %.3g to %.3g, lowest %.3g."), record->loss_first, record->loss_last,
                            usable (record->loss_min) ? record->loss_min : MIN (record->loss_first, record->loss_last));
  if (usable (record->grad_norm_max))
    g_string_append_printf (text, _(" Grad norm up to %.3g."), record->grad_norm_max);
  if (usable (record->tflops_median))
    g_string_append_printf (text, _(" Throughput %.0f TFLOP/s per GPU at the median."), record->tflops_median);
  if (record->nan_total > 0 || record->skipped_total > 0)
    g_string_append_printf (text, _(" %" PRIu64 " NaN and %" PRIu64 " skipped iterations, "
                                    "flagged under the loss."), record->nan_total, record->skipped_total);
  for (guint m = 0; m < n_marks; m++)
    {
      g_autofree char *at = marks[m].iteration >= 0 ? _planner_format_count ((guint64) marks[m].iteration) : NULL;

      if (at == NULL)
        g_string_append_printf (text, _(" %s before the first iteration."), marks[m].label);
      else if (m == 0)
        g_string_append_printf (text, _(" Marked: %s at iteration %s."), marks[m].label, at);
      else
        g_string_append_printf (text, _(" Also marked: %s at iteration %s."), marks[m].label, at);
    }
  return g_string_free (text, FALSE);
}

typedef struct
{
  double   top;        /* of the plot */
  double   bottom;
  double   min;
  double   max;
  gboolean has_range;
} Panel;

static double
y_of (const Panel *panel,
      double       value)
{
  return panel->bottom - (value - panel->min) / (panel->max - panel->min) * (panel->bottom - panel->top);
}

/* The chart's geometry, worked out once, and what every part draws into. */
typedef struct
{
  const PlannerLogRecord    *record;
  const PlannerLogChartMark *marks;
  guint                      n_marks;
  guint                      n;
  double                     f;
  double                     width;
  double                     label_size;
  double                     line;
  double                     pad;
  double                     mark_row;
  double                     title_row;
  double                     gap;
  double                     fixed;
  double                     plot_h;
  double                     gutter;
  double                     x0;
  double                     x1;
  double                     lo;
  double                     hi;
  double                    *xs;
  Panel                      panels[PLANNER_LOG_N_SERIES];
  PlannerScene              *scene;
} Chart;

static double
x_of (const Chart *c,
      double       iteration)
{
  return c->x0 + (iteration - c->lo) / (c->hi - c->lo) * (c->x1 - c->x0);
}

/* Rows, gutter, the iteration axis's span and each point's x. */
static void
chart_measure (Chart                     *c,
               const PlannerPictureStyle *style)
{
  const PlannerLogRecord *record = c->record;
  double f = c->f, axis_row;
  gboolean marks_on_axis = FALSE;

  for (guint m = 0; m < c->n_marks; m++)
    marks_on_axis |= c->marks[m].iteration >= 0;

  c->label_size = f * 0.8;
  c->line = MAX (1.5, f * 0.11);
  c->pad = f * 0.5;
  c->mark_row = marks_on_axis ? f * 1.5 : 0;
  c->title_row = f * 1.4;
  axis_row = f * 1.7;
  c->gap = f * 0.5;
  c->fixed = c->pad + c->mark_row + PLANNER_LOG_N_SERIES * (c->title_row + c->gap) + axis_row;
  c->plot_h = style->height > 0 ? MAX ((style->height - c->fixed) / PLANNER_LOG_N_SERIES, f * 2.)
                                : MAX (f * 4.5, 56.);

  /* The gutter holds the axes' labels. */
  c->gutter = MAX (f * 2.5, planner_scene_text_width (_("iteration"), c->label_size) + f * 0.8);
  for (guint s = 0; s < PLANNER_LOG_N_SERIES; s++)
    {
      g_autofree char *top = NULL;
      g_autofree char *bottom = NULL;

      c->panels[s].has_range = planner_log_chart_get_range (record, s, &c->panels[s].min, &c->panels[s].max);
      top = format_value (c->panels[s].max);
      bottom = format_value (c->panels[s].min);
      c->gutter = MAX (c->gutter, MAX (planner_scene_text_width (top, c->label_size),
                                       planner_scene_text_width (bottom, c->label_size)) + f * 0.8);
    }
  c->gutter = MIN (c->gutter, c->width * 0.3);
  c->x0 = c->pad + c->gutter;
  c->x1 = MAX (c->width - c->pad - f, c->x0 + f * 4.);

  /* The iteration axis spans the points and every mark. */
  c->lo = (double) record->points[0].first_iteration;
  c->hi = (double) record->points[c->n - 1].last_iteration;
  for (guint m = 0; m < c->n_marks; m++)
    {
      if (c->marks[m].iteration >= 0)
        {
          c->lo = MIN (c->lo, (double) c->marks[m].iteration);
          c->hi = MAX (c->hi, (double) c->marks[m].iteration);
        }
    }
  if (c->hi - c->lo < 1)
    {
      c->lo -= 0.5;
      c->hi += 0.5;
    }

  c->xs = g_new (double, c->n);
  for (guint i = 0; i < c->n; i++)
    c->xs[i] = x_of (c, ((double) record->points[i].first_iteration + (double) record->points[i].last_iteration) / 2.);
}

/* What a bucket's mean hides: its largest value. */
static void
chart_add_ranges (Chart       *c,
                  const Panel *panel,
                  guint        s)
{
  for (guint i = 0; i < c->n && c->record->points_stride > 1; i++)
    {
      double value = planner_log_series_value (&c->record->points[i], s);
      double max = series_max (&c->record->points[i], s);
      PlannerShape *shape;

      if (!usable (value) || !usable (max) || max <= value)
        continue;
      shape = planner_scene_add_line (c->scene, c->xs[i], y_of (panel, value), c->xs[i], y_of (panel, max), 1.,
                                      PLANNER_INK_ACCENT);
      shape->alpha = 90;
      shape->tag = PLANNER_TAG_LOG_RANGE;
      shape->a = s;
      shape->b = i;
      shape->value = max;
    }
}

/* NaN and skipped iterations: a band along the loss axis, as wide as the
 * iterations they were logged in (at least a few pixels). */
static void
chart_add_flags (Chart       *c,
                 const Panel *panel)
{
  const double *xs = c->xs;
  guint n = c->n;

  for (guint i = 0; i < n; i++)
    {
      const PlannerLogPoint *p = &c->record->points[i];
      double left = i > 0 ? (xs[i - 1] + xs[i]) / 2. : xs[i];
      double right = i + 1 < n ? (xs[i] + xs[i + 1]) / 2. : xs[i];
      PlannerShape *shape;

      if (p->nan == 0 && p->skipped == 0)
        continue;
      if (right - left < 3.)
        {
          left = xs[i] - 1.5;
          right = xs[i] + 1.5;
        }
      shape = planner_scene_add_rect (c->scene, left, panel->bottom - c->f * 0.3, right - left, c->f * 0.3,
                                      PLANNER_INK_ERROR, 0);
      shape->alpha = p->nan > 0 ? 230 : 130;
      shape->tag = PLANNER_TAG_LOG_FLAG;
      shape->a = i;
      shape->b = p->nan;
      shape->c = p->skipped;
    }
}

/* Panels: title, frame, axis labels, and what stays behind the lines. */
static void
chart_add_panels (Chart *c)
{
  double f = c->f, x0 = c->x0, x1 = c->x1, label_size = c->label_size;
  double y = c->pad + c->mark_row;

  for (guint s = 0; s < PLANNER_LOG_N_SERIES; s++)
    {
      Panel *panel = &c->panels[s];
      g_autofree char *top = format_value (panel->max);
      g_autofree char *bottom = format_value (panel->min);
      PlannerShape *shape;

      shape = planner_scene_add_text (c->scene, x0, y, x1 - x0, c->title_row, f * 0.9, PLANNER_INK_FG,
                                      PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD, planner_log_series_title (s));
      shape->tag = PLANNER_TAG_TITLE;
      shape->a = s;
      panel->top = y + c->title_row;
      panel->bottom = panel->top + c->plot_h;

      planner_scene_add_line (c->scene, x0, panel->top, x1, panel->top, 1., PLANNER_INK_FAINT)->flags |=
        PLANNER_SHAPE_DASHED;
      planner_scene_add_line (c->scene, x0, panel->bottom, x1, panel->bottom, 1., PLANNER_INK_DIM);

      if (!panel->has_range)
        planner_scene_add_text (c->scene, x0, panel->top, x1 - x0, c->plot_h, label_size, PLANNER_INK_DIM,
                                PLANNER_SHAPE_SHRINK, _("not logged"));
      else
        {
          shape = planner_scene_add_text (c->scene, c->pad, panel->top - label_size * 0.7, c->gutter - f * 0.4,
                                          label_size * 1.4, label_size, PLANNER_INK_DIM,
                                          PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, top);
          shape->tag = PLANNER_TAG_LOG_AXIS;
          shape->a = s;
          shape->value = panel->max;
          shape = planner_scene_add_text (c->scene, c->pad, panel->bottom - label_size * 0.7, c->gutter - f * 0.4,
                                          label_size * 1.4, label_size, PLANNER_INK_DIM,
                                          PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, bottom);
          shape->tag = PLANNER_TAG_LOG_AXIS;
          shape->a = s;
          shape->value = panel->min;
          chart_add_ranges (c, panel, s);
        }

      if (s == PLANNER_LOG_SERIES_LOSS)
        chart_add_flags (c, panel);
      y = panel->bottom + c->gap;
    }
}

/* The iteration axis: ticks at round numbers, as many as fit. */
static void
chart_add_axis (Chart *c)
{
  double f = c->f, lo = c->lo, hi = c->hi;
  double bottom = c->panels[PLANNER_LOG_N_SERIES - 1].bottom;
  double target = MAX (2., floor ((c->x1 - c->x0) / (f * 6.)));
  double raw = (hi - lo) / target;
  double magnitude = pow (10., floor (log10 (raw)));
  static const double ladder[] = { 1., 2., 2.5, 5., 10. };
  double step = magnitude * 10.;
  double t;
  guint count = 0;
  PlannerShape *shape;

  /* The first round step that is wide enough; iterations are whole. */
  for (guint l = 0; l < G_N_ELEMENTS (ladder); l++)
    {
      double candidate = magnitude * ladder[l];

      if (candidate >= raw && candidate == floor (candidate))
        {
          step = candidate;
          break;
        }
    }
  step = MAX (step, 1.);
  planner_scene_add_text (c->scene, c->pad, bottom + f * 0.35, c->gutter - f * 0.4, f * 1.1, c->label_size,
                          PLANNER_INK_DIM, PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, _("iteration"));
  for (t = ceil (lo / step) * step; t <= hi && count < 64; t += step, count++)
    {
      double x = x_of (c, t);
      g_autofree char *label = _planner_format_count ((guint64) MAX (t, 0.));
      double box = f * 7.;
      double left = CLAMP (x - box / 2., 0., c->width - box);

      planner_scene_add_line (c->scene, x, bottom, x, bottom + f * 0.3, 1., PLANNER_INK_DIM);
      shape = planner_scene_add_text (c->scene, left, bottom + f * 0.35, box, f * 1.1, c->label_size,
                                      PLANNER_INK_DIM, PLANNER_SHAPE_SHRINK, label);
      shape->tag = PLANNER_TAG_LOG_AXIS;
      shape->a = G_MAXUINT32;
      shape->value = t;
    }
}

/* The lines, all together, so the window can draw each series as one
 * path. */
static void
chart_add_lines (Chart *c)
{
  for (guint s = 0; s < PLANNER_LOG_N_SERIES; s++)
    {
      const Panel *panel = &c->panels[s];

      for (guint i = 0; panel->has_range && i + 1 < c->n; i++)
        {
          double a = planner_log_series_value (&c->record->points[i], s);
          double b = planner_log_series_value (&c->record->points[i + 1], s);
          PlannerShape *shape;

          if (!usable (a) || !usable (b))
            continue;
          shape = planner_scene_add_line (c->scene, c->xs[i], y_of (panel, a), c->xs[i + 1], y_of (panel, b),
                                          c->line, PLANNER_INK_ACCENT);
          shape->tag = PLANNER_TAG_LOG_SEGMENT;
          shape->a = s;
          shape->b = i;
          shape->value = a;
        }
    }
}

/* Lone points, and values that are not numbers. */
static void
chart_add_points (Chart *c)
{
  const PlannerLogRecord *record = c->record;
  guint n = c->n;

  for (guint s = 0; s < PLANNER_LOG_N_SERIES; s++)
    {
      const Panel *panel = &c->panels[s];

      for (guint i = 0; i < n; i++)
        {
          double value = planner_log_series_value (&record->points[i], s);
          gboolean before = i > 0 && usable (planner_log_series_value (&record->points[i - 1], s));
          gboolean after = i + 1 < n && usable (planner_log_series_value (&record->points[i + 1], s));
          PlannerShape *shape;

          if (usable (value) && panel->has_range && !before && !after)
            {
              double size = MAX (c->line * 2.5, c->f * 0.35);

              shape = planner_scene_add_rect (c->scene, c->xs[i] - size / 2., y_of (panel, value) - size / 2., size,
                                              size, PLANNER_INK_ACCENT, 0);
              shape->radius = (float) (size / 2.);
              shape->tag = PLANNER_TAG_LOG_POINT;
              shape->a = s;
              shape->b = i;
              shape->value = value;
            }
          else if (!isnan (value) && !usable (value))
            {
              shape = planner_scene_add_line (c->scene, c->xs[i], panel->top, c->xs[i], panel->top + c->f * 0.6, 2.,
                                              PLANNER_INK_ERROR);
              shape->tag = PLANNER_TAG_LOG_OFF_SCALE;
              shape->a = s;
              shape->b = i;
              shape->value = value;
            }
        }
    }
}

/* The first mark's label above the panels, on the side with room. */
static void
chart_add_mark_label (Chart  *c,
                      guint   m,
                      double  x)
{
  double f = c->f, x0 = c->x0, x1 = c->x1;
  g_autofree char *at = _planner_format_count ((guint64) c->marks[m].iteration);
  /* Translators: the failure marked on the chart, "NaN iterations · iteration 800" */
  g_autofree char *label = g_strdup_printf (_("%s · iteration %s"), c->marks[m].label, at);
  gboolean left_half = x < (x0 + x1) / 2.;
  PlannerShape *shape;

  shape = planner_scene_add_text (c->scene, left_half ? x + f * 0.3 : x0, c->pad,
                                  left_half ? MAX (x1 + f - x - f * 0.3, f) : MAX (x - x0 - f * 0.3, f),
                                  c->mark_row, f * 0.85, PLANNER_INK_ERROR,
                                  PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK |
                                  (left_half ? PLANNER_SHAPE_ALIGN_START : PLANNER_SHAPE_ALIGN_END), label);
  shape->tag = PLANNER_TAG_LOG_MARK;
  shape->a = m;
  shape->b = G_MAXUINT32;
  shape->c = G_MAXUINT32;
  shape->value = (double) c->marks[m].iteration;
}

/* The marks: the failure strongest, with its label and a ring on each
 * line; the others as dashed lines. */
static void
chart_add_marks (Chart *c)
{
  for (guint m = 0; m < c->n_marks; m++)
    {
      double x;
      guint point;
      PlannerShape *shape;

      if (c->marks[m].iteration < 0)
        continue;
      x = x_of (c, c->marks[m].iteration);
      shape = planner_scene_add_line (c->scene, x, c->panels[0].top, x, c->panels[PLANNER_LOG_N_SERIES - 1].bottom,
                                      m == 0 ? 2. : 1.2, PLANNER_INK_ERROR);
      shape->tag = PLANNER_TAG_LOG_MARK;
      shape->a = m;
      shape->b = G_MAXUINT32;
      shape->c = G_MAXUINT32;
      shape->value = (double) c->marks[m].iteration;
      if (m > 0)
        {
          shape->flags |= PLANNER_SHAPE_DASHED;
          shape->alpha = 170;
          continue;
        }

      chart_add_mark_label (c, m, x);

      point = planner_log_chart_find_point (c->record, c->marks[m].iteration);
      for (guint s = 0; s < PLANNER_LOG_N_SERIES && point != G_MAXUINT; s++)
        {
          double value = planner_log_series_value (&c->record->points[point], s);
          double r = c->f * 0.45;

          if (!usable (value) || !c->panels[s].has_range)
            continue;
          shape = planner_scene_add_frame (c->scene, c->xs[point] - r, y_of (&c->panels[s], value) - r, 2. * r,
                                           2. * r, 2., PLANNER_INK_ERROR);
          shape->radius = (float) r;
          shape->tag = PLANNER_TAG_LOG_MARK;
          shape->a = m;
          shape->b = point;
          shape->c = s;
          shape->value = (double) c->marks[m].iteration;
        }
    }
}

PlannerScene *
planner_log_chart (const PlannerLogRecord    *record,
                   const PlannerLogChartMark *marks,
                   guint                      n_marks,
                   const PlannerPictureStyle *style)
{
  g_autofree char *description = NULL;
  Chart c = { 0, };

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (marks != NULL || n_marks == 0, NULL);

  c.record = record;
  c.marks = marks;
  c.n_marks = n_marks;
  c.f = style->font_size > 0 ? style->font_size : 14.;
  c.width = style->width > 0 ? style->width : c.f * 48.;
  c.n = record->n_points;

  if (c.n == 0)
    {
      PlannerPictureStyle message_style = *style;
      g_autofree char *message = n_marks > 0
        ? g_strdup_printf (_("The run stopped before its first logged iteration: %s."), marks[0].label)
        : g_strdup (_("The log holds no iteration lines."));

      if (message_style.height <= 0)
        message_style.height = c.f * 5.;
      message_style.width = c.width;
      return _planner_picture_message (&message_style, _("No Iterations Logged"), message);
    }

  chart_measure (&c, style);
  c.scene = planner_scene_new (c.width, c.fixed + PLANNER_LOG_N_SERIES * c.plot_h + c.pad);
  planner_scene_set_font_size (c.scene, c.f);
  chart_add_panels (&c);
  chart_add_axis (&c);
  chart_add_lines (&c);
  chart_add_points (&c);
  chart_add_marks (&c);
  g_free (c.xs);

  description = planner_log_chart_describe (record, marks, n_marks);
  planner_scene_set_description (c.scene, description);
  return c.scene;
}
