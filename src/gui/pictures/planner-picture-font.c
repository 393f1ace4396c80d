/* planner-picture-font.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one text size every picture of the window (the schedule, the
 * memory chart, the rank grid, the log chart) is laid out for.
 */

#define G_LOG_DOMAIN "planner-picture-font"

#include "config.h"

#include <math.h>

#include <pango/pangocairo.h>

#include "planner-picture-font.h"

double
planner_picture_font_px (GtkWidget *widget,
                         gboolean   presentation,
                         double     presentation_font)
{
  PangoContext *context;
  const PangoFontDescription *desc;
  double size, dpi;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), 11.);

  context = gtk_widget_get_pango_context (widget);
  desc = pango_context_get_font_description (context);
  size = desc != NULL ? pango_font_description_get_size (desc) / (double) PANGO_SCALE : 0.;
  dpi = pango_cairo_context_get_resolution (context);
  if (size <= 0.)
    size = 11.;
  if (desc == NULL || !pango_font_description_get_size_is_absolute (desc))
    size *= (dpi > 0. ? dpi : 96.) / 72.;
  return presentation ? MAX (size * 1.5, presentation_font) : size;
}

gboolean
planner_picture_font_changed (double laid_out,
                              double now)
{
  return fabs (laid_out - now) > 0.01;
}
