/* planner-scene.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "planner-palette.h"

G_BEGIN_DECLS

/* A picture as a retained list of shapes: rectangles, outlines, lines
 * and texts in picture units, each with a semantic tag (which GPU, which
 * stage, which microbatch).  The engine computes it; the window
 * (GtkSnapshot) and the command line (cairo: PNG, SVG) draw the same
 * list, and the tests check it without any graphics.
 *
 * Colours are roles, resolved by the renderer: the UI roles from the
 * style (light, dark, high contrast), PLANNER_INK_DATA from the palette. */

typedef enum
{
  PLANNER_INK_NONE = 0,
  PLANNER_INK_FG,          /* the text colour */
  PLANNER_INK_DIM,         /* secondary text, axes */
  PLANNER_INK_FAINT,       /* boxes and grid lines */
  PLANNER_INK_SHADE,       /* a faint fill: idle time, table stripes */
  PLANNER_INK_BG,          /* the view's background */
  PLANNER_INK_ACCENT,
  PLANNER_INK_ERROR,
  PLANNER_INK_SUCCESS,
  PLANNER_INK_DATA,        /* palette colour of shape->color */
  PLANNER_INK_DATA_MARK,   /* the darker or lighter shade of it, for marks */
  PLANNER_INK_ON_DATA,     /* text on palette colour shape->color */
  PLANNER_N_INKS
} PlannerInk;

typedef enum
{
  PLANNER_SHAPE_RECT = 0,   /* filled */
  PLANNER_SHAPE_FRAME,      /* outlined, line width in shape->line */
  PLANNER_SHAPE_HATCH,      /* diagonal hatching inside the rectangle */
  PLANNER_SHAPE_LINE,       /* from (x, y) to (x + w, y + h); dashed with PLANNER_SHAPE_DASHED */
  PLANNER_SHAPE_TEXT,       /* in the box (x, y, w, h) */
} PlannerShapeKind;

typedef enum
{
  PLANNER_SHAPE_DASHED      = 1 << 0,
  PLANNER_SHAPE_BOLD        = 1 << 1,
  PLANNER_SHAPE_ALIGN_START = 1 << 2,   /* text: left in LTR (default: centred) */
  PLANNER_SHAPE_ALIGN_END   = 1 << 3,
  PLANNER_SHAPE_SHRINK      = 1 << 4,   /* text: smaller rather than hidden when it does not fit */
  PLANNER_SHAPE_ZOOMS       = 1 << 5,   /* text grows with the view's zoom (else stays its size) */
} PlannerShapeFlags;

/* What a shape stands for; a, b, c and value depend on the tag. */
typedef enum
{
  PLANNER_TAG_NONE = 0,
  PLANNER_TAG_TITLE,
  PLANNER_TAG_LEGEND,          /* a = the value its swatch stands for */
  PLANNER_TAG_GPU,             /* a = rank, b = colour value */
  PLANNER_TAG_GPU_MARK,        /* a = rank, b = colour value */
  PLANNER_TAG_GPU_LABEL,       /* a = rank */
  PLANNER_TAG_NODE,            /* a = node */
  PLANNER_TAG_DOMAIN,          /* a = NVLink domain, b = GPUs in it */
  PLANNER_TAG_SCHEDULE_CELL,   /* a = pipeline rank, b = microbatch, c = chunk << 8 | pass
                                * (G_MAXUINT32 on the microbatch number written in a cell) */
  PLANNER_TAG_SCHEDULE_IDLE,   /* a = pipeline rank; value = idle time */
  PLANNER_TAG_SCHEDULE_ELIDED, /* a = pipeline rank, b = cells left out; value = time left out */
  PLANNER_TAG_BUBBLE,          /* value = the bubble fraction printed */
  PLANNER_TAG_STAGE,           /* a = pipeline rank (a row or bar label) */
  PLANNER_TAG_BAR_SEGMENT,     /* a = pipeline rank, b = memory component; value = bytes */
  PLANNER_TAG_BAR_TOTAL,       /* a = pipeline rank; value = bytes */
  PLANNER_TAG_CAPACITY,        /* value = bytes */
  PLANNER_TAG_TABLE_CELL,      /* a = row, b = column; c = 1 when the row differs */
  PLANNER_TAG_FOOTER,
  PLANNER_TAG_PANEL,           /* a = panel (compare: 0 current, 1 other) */
  /* The training-log chart (planner-log-chart.h); a = series unless said */
  PLANNER_TAG_LOG_SEGMENT,     /* b = point it starts at; value = that point's value */
  PLANNER_TAG_LOG_POINT,       /* b = point; value: a point with no neighbour to join */
  PLANNER_TAG_LOG_RANGE,       /* b = point; value = the bucket's maximum (mean to max) */
  PLANNER_TAG_LOG_OFF_SCALE,   /* b = point: a value that is not finite, at the panel's top */
  PLANNER_TAG_LOG_FLAG,        /* a = point, b = NaN iterations, c = skipped iterations */
  PLANNER_TAG_LOG_MARK,        /* a = mark, b = point (G_MAXUINT32: the line or its label),
                                * c = series of a ring; value = the iteration */
  PLANNER_TAG_LOG_AXIS,        /* a = series (G_MAXUINT32: iterations); value = the tick's value */
} PlannerTag;

typedef struct
{
  float  x;
  float  y;
  float  w;
  float  h;
  float  line;        /* frame and line width; text: font size */
  float  radius;      /* rect and frame corners */
  guint8 kind;        /* PlannerShapeKind */
  guint8 ink;         /* PlannerInk */
  guint8 flags;       /* PlannerShapeFlags */
  guint8 tag;         /* PlannerTag */
  guint16 color;      /* palette value for the data inks */
  guint8 alpha;       /* 0 … 255 on top of the ink's own */
  guint8 panel;       /* which sub-picture (compare) */
  guint32 text;       /* offset in the string pool; G_MAXUINT32 = none */
  guint32 a;
  guint32 b;
  guint32 c;
  double value;
} PlannerShape;

typedef struct _PlannerScene PlannerScene;

#define PLANNER_TYPE_SCENE (planner_scene_get_type ())

GType               planner_scene_get_type         (void) G_GNUC_CONST;

PlannerScene       *planner_scene_new              (double               width,
                                                    double               height);
PlannerScene       *planner_scene_ref              (PlannerScene        *scene);
void                planner_scene_unref            (PlannerScene        *scene);

double              planner_scene_get_width        (const PlannerScene  *scene);
double              planner_scene_get_height       (const PlannerScene  *scene);
void                planner_scene_set_size         (PlannerScene        *scene,
                                                    double               width,
                                                    double               height);
/* The base text size the picture was laid out for. */
double              planner_scene_get_font_size    (const PlannerScene  *scene);
void                planner_scene_set_font_size    (PlannerScene        *scene,
                                                    double               font_size);
/* One sentence for screen readers. */
const char         *planner_scene_get_description  (const PlannerScene  *scene);
void                planner_scene_set_description  (PlannerScene        *scene,
                                                    const char          *description);

guint               planner_scene_get_n_shapes     (const PlannerScene  *scene);
const PlannerShape *planner_scene_get_shape        (const PlannerScene  *scene,
                                                    guint                index);
const PlannerShape *planner_scene_get_shapes       (const PlannerScene  *scene,
                                                    guint               *n_shapes);
/* NULL for shapes without text. */
const char         *planner_scene_get_text         (const PlannerScene  *scene,
                                                    const PlannerShape  *shape);

/* Builders: each returns the new shape for the caller to tag.  Text (and
 * the description) is kept as valid UTF-8 on one line: bytes that are not
 * UTF-8 and control characters become U+FFFD, tabs and line breaks spaces,
 * so that a job's strings cannot break an SVG or a renderer. */
PlannerShape       *planner_scene_add_rect         (PlannerScene        *scene,
                                                    double               x,
                                                    double               y,
                                                    double               w,
                                                    double               h,
                                                    PlannerInk           ink,
                                                    guint                color);
PlannerShape       *planner_scene_add_frame        (PlannerScene        *scene,
                                                    double               x,
                                                    double               y,
                                                    double               w,
                                                    double               h,
                                                    double               line,
                                                    PlannerInk           ink);
PlannerShape       *planner_scene_add_hatch        (PlannerScene        *scene,
                                                    double               x,
                                                    double               y,
                                                    double               w,
                                                    double               h,
                                                    PlannerInk           ink);
PlannerShape       *planner_scene_add_line         (PlannerScene        *scene,
                                                    double               x1,
                                                    double               y1,
                                                    double               x2,
                                                    double               y2,
                                                    double               line,
                                                    PlannerInk           ink);
PlannerShape       *planner_scene_add_text         (PlannerScene        *scene,
                                                    double               x,
                                                    double               y,
                                                    double               w,
                                                    double               h,
                                                    double               size,
                                                    PlannerInk           ink,
                                                    PlannerShapeFlags    flags,
                                                    const char          *text);
PlannerShape       *planner_scene_add_textf        (PlannerScene        *scene,
                                                    double               x,
                                                    double               y,
                                                    double               w,
                                                    double               h,
                                                    double               size,
                                                    PlannerInk           ink,
                                                    PlannerShapeFlags    flags,
                                                    const char          *format,
                                                    ...) G_GNUC_PRINTF (9, 10);
/* Copies every shape of @src, scaled by @scale and moved by (dx, dy),
 * into @scene, with shape->panel = @panel. */
void                planner_scene_append           (PlannerScene        *scene,
                                                    const PlannerScene  *src,
                                                    double               dx,
                                                    double               dy,
                                                    double               scale,
                                                    guint                panel);

/* The width a text of @n_chars takes at @size, estimated without fonts
 * (the renderers shrink or hide what does not fit its box). */
double              planner_scene_text_width       (const char          *text,
                                                    double               size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerScene, planner_scene_unref)

G_END_DECLS
