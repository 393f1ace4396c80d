/* planner-picture-font.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The text size a picture is laid out for, in pixels: @widget's font
 * (which follows the large-text setting); in presentation half as large
 * again and at least @presentation_font (a room's type). */
double   planner_picture_font_px      (GtkWidget *widget,
                                       gboolean   presentation,
                                       double     presentation_font);

/* TRUE when @laid_out (a font_px the picture was laid out for) is no
 * longer @now: the picture must be laid out again. */
gboolean planner_picture_font_changed (double     laid_out,
                                       double     now);

G_END_DECLS
