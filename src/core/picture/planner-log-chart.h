/* planner-log-chart.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-log.h"
#include "planner-picture.h"
#include "planner-scene.h"

G_BEGIN_DECLS

/* The evidence of a run's log as a picture: loss, grad norm and
 * throughput per logged iteration, three small panels over one iteration
 * axis, with the failing point marked.  Laid out here as a scene
 * (planner-scene.h), so the window and any file draw the same thing and
 * the tests check it without graphics.
 *
 * What a log holds is not always a number: a bucket with no value is a
 * gap in the line; an infinite value is a tick at the panel's top; the
 * axes span the finite values only, so they are always finite. */

typedef enum
{
  PLANNER_LOG_SERIES_LOSS = 0,
  PLANNER_LOG_SERIES_GRAD_NORM,
  PLANNER_LOG_SERIES_THROUGHPUT,
  PLANNER_LOG_N_SERIES
} PlannerLogSeries;

/* A point of the run to mark: the failure first (drawn strongest and
 * labelled), then others. */
typedef struct
{
  gint64      iteration;   /* < 0: before any iteration (not drawn on the axis) */
  const char *label;       /* short: "NaN iterations", "Out of memory" */
} PlannerLogChartMark;

/* "Loss", "Grad norm", "TFLOP/s per GPU" */
const char   *planner_log_series_title     (PlannerLogSeries           series);
/* The mean @series of @point: NAN when the bucket logged none, ±inf kept. */
double        planner_log_series_value     (const PlannerLogPoint     *point,
                                            PlannerLogSeries           series);
/* The range the axis of @series spans: every finite value of the record's
 * points (means and, for loss and grad norm, maxima); from 0 for grad norm
 * and throughput; never empty.  FALSE (and 0, 1) when none is finite. */
gboolean      planner_log_chart_get_range  (const PlannerLogRecord    *record,
                                            PlannerLogSeries           series,
                                            double                    *min,
                                            double                    *max);
/* The point whose bucket holds @iteration, else the nearest; G_MAXUINT
 * when the record has no points. */
guint         planner_log_chart_find_point (const PlannerLogRecord    *record,
                                            gint64                     iteration);
/* What the chart shows, in a sentence or two for screen readers: the
 * iterations, the loss, grad norm and throughput, and where the marks are. */
char         *planner_log_chart_describe   (const PlannerLogRecord    *record,
                                            const PlannerLogChartMark *marks,
                                            guint                      n_marks);
/* The chart for @style's width (and height, when given).  @marks may be
 * NULL.  The scene's description says, in a sentence or two, what it
 * shows and where the failure is. */
PlannerScene *planner_log_chart            (const PlannerLogRecord    *record,
                                            const PlannerLogChartMark *marks,
                                            guint                      n_marks,
                                            const PlannerPictureStyle *style);

G_END_DECLS
