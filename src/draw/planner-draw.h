/* planner-draw.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "planner-scene.h"

G_BEGIN_DECLS

/* Draws scenes without a display: cairo and Pango for PNG, plain text
 * for SVG.  The command line writes its pictures with it, and the window
 * its exports.  Links no GTK. */

typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} PlannerDrawColor;

/* The UI colours a picture is drawn in; data colours come from the palette. */
typedef struct
{
  PlannerDrawColor fg;
  PlannerDrawColor bg;
  PlannerDrawColor accent;
  PlannerDrawColor error;
  PlannerDrawColor success;
  const char      *font_family;
} PlannerDrawTheme;

#define PLANNER_DRAW_ERROR (planner_draw_error_quark ())

typedef enum
{
  PLANNER_DRAW_ERROR_TOO_LARGE,
  PLANNER_DRAW_ERROR_FAILED,
} PlannerDrawError;

/* The largest side of a PNG (cairo's own limit is 32767), and the most
 * pixels: 128 Mi pixels are 512 MiB of image in memory before the PNG is
 * compressed, where 16384 × 16384 would be 1 GiB. */
#define PLANNER_DRAW_MAX_SIDE   16384
#define PLANNER_DRAW_MAX_PIXELS (128. * 1024. * 1024.)

GQuark   planner_draw_error_quark     (void);

/* libadwaita's light and dark colours. */
void     planner_draw_theme_init      (PlannerDrawTheme       *theme,
                                       gboolean                dark);
/* The colour of a shape's ink (and its alpha) under @theme. */
void     planner_draw_resolve_ink     (const PlannerDrawTheme *theme,
                                       PlannerInk              ink,
                                       guint                   color,
                                       guint8                  alpha,
                                       PlannerDrawColor       *out);

/* Draws @scene in its own units onto @cr (scale it first for a larger picture). */
void     planner_draw_cairo           (const PlannerScene     *scene,
                                       cairo_t                *cr,
                                       const PlannerDrawTheme *theme);
/* A PNG of @scene at @scale pixels per unit, with the theme's background. */
GBytes  *planner_draw_png             (const PlannerScene     *scene,
                                       const PlannerDrawTheme *theme,
                                       double                  scale,
                                       GError                **error);
/* An SVG document; every GPU, schedule cell and bar segment carries its
 * meaning as class and data-* attributes. */
GBytes  *planner_draw_svg             (const PlannerScene     *scene,
                                       const PlannerDrawTheme *theme);
/* The same pixels as a person with @vision would see them (Machado et
 * al. 2009), for checking a picture by eye. */
GBytes  *planner_draw_simulate_vision (GBytes                 *png,
                                       PlannerVision           vision,
                                       GError                **error);

/* Lets go of the font caches Pango, cairo and fontconfig keep for the
 * life of the process: a command that drew once calls it before it exits,
 * so that the leak checker sees only real leaks.  Nothing may draw after. */
void     planner_draw_shutdown        (void);

G_END_DECLS
