/* planner-picture-common.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What every picture kind draws with: counts, sizes, swatches, legends
 * and the message in place of a picture.
 */

#define G_LOG_DOMAIN "planner-picture"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "planner-picture-private.h"

/* Helpers ------------------------------------------------------------------ */

char *
_planner_format_count (guint64 n)
{
  char digits[32];
  GString *out = g_string_new (NULL);
  gsize len;

  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  len = strlen (digits);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

char *
_planner_format_bytes (double bytes)
{
  double a = fabs (bytes);

  if (a >= 1024. * GIB)
    return g_strdup_printf ("%.1f TiB", bytes / (1024. * GIB));
  if (a >= GIB)
    return g_strdup_printf ("%.1f GiB", bytes / GIB);
  if (a >= 1024. * 1024.)
    return g_strdup_printf ("%.0f MiB", bytes / (1024. * 1024.));
  if (a >= 1024.)
    return g_strdup_printf ("%.0f KiB", bytes / 1024.);
  return g_strdup_printf ("%.0f B", bytes);
}

static void
add_mark (PlannerScene *scene,
          double        x,
          double        y,
          double        w,
          double        h,
          guint         value,
          PlannerTag    tag,
          guint32       a)
{
  PlannerShape *shape;
  double s = MIN (w, h);

  /* At the edges, so that a label in the middle stays readable. */
  switch (planner_palette_mark (value))
    {
    case PLANNER_MARK_SQUARE:
      shape = planner_scene_add_rect (scene, x + w - MAX (s * 0.3, 1.), y, MAX (s * 0.3, 1.), MAX (s * 0.3, 1.),
                                      PLANNER_INK_DATA_MARK, value);
      break;
    case PLANNER_MARK_BAR:
      shape = planner_scene_add_rect (scene, x, y + h - MAX (h * 0.2, 1.), w, MAX (h * 0.2, 1.),
                                      PLANNER_INK_DATA_MARK, value);
      break;
    case PLANNER_MARK_COLUMN:
      shape = planner_scene_add_rect (scene, x, y, MAX (w * 0.2, 1.), h, PLANNER_INK_DATA_MARK, value);
      break;
    case PLANNER_MARK_NONE:
    default:
      return;
    }
  shape->tag = tag == PLANNER_TAG_GPU ? PLANNER_TAG_GPU_MARK : tag;
  shape->a = a;
  shape->b = value;
}

guint
_planner_scene_add_cell (PlannerScene *scene,
                         double        x,
                         double        y,
                         double        w,
                         double        h,
                         guint         value,
                         PlannerTag    tag,
                         guint32       a)
{
  PlannerShape *shape = planner_scene_add_rect (scene, x, y, w, h, PLANNER_INK_DATA, value);
  guint index = planner_scene_get_n_shapes (scene) - 1;

  shape->tag = tag;
  shape->a = a;
  shape->b = value;
  if (w >= 8.)
    shape->radius = (float) MIN (w, h) / 8.f;
  add_mark (scene, x, y, w, h, value, tag, a);
  return index;
}

void
_planner_scene_add_swatch (PlannerScene *scene,
                           double        x,
                           double        y,
                           double        size,
                           guint         value,
                           PlannerTag    tag)
{
  _planner_scene_add_cell (scene, x, y, size, size, value, tag, value);
}

#define LEGEND_GAP(font) ((font) * 1.2)

static double
legend_entry_width (const char *label,
                    double      font)
{
  return font * 1.4 + planner_scene_text_width (label, font);
}

double
_planner_legend_height (double              width,
                        double              font,
                        const char * const *labels,
                        guint               n)
{
  double x = 0., lines = n > 0 ? 1. : 0.;

  for (guint i = 0; i < n; i++)
    {
      double w = legend_entry_width (labels[i], font);

      if (x > 0. && x + w > width)
        {
          lines++;
          x = 0.;
        }
      x += w + LEGEND_GAP (font);
    }
  return lines * font * 1.6;
}

double
_planner_scene_add_legend (PlannerScene       *scene,
                           double              x0,
                           double              y0,
                           double              width,
                           double              font,
                           const char * const *labels,
                           const guint        *values,
                           guint               n)
{
  double x = 0., y = 0., line_h = font * 1.6;

  for (guint i = 0; i < n; i++)
    {
      double w = legend_entry_width (labels[i], font);
      PlannerShape *text;

      if (x > 0. && x + w > width)
        {
          y += line_h;
          x = 0.;
        }
      _planner_scene_add_swatch (scene, x0 + x, y0 + y + (line_h - font) / 2, font, values[i], PLANNER_TAG_LEGEND);
      text = planner_scene_add_text (scene, x0 + x + font * 1.4, y0 + y, w - font * 1.4 + LEGEND_GAP (font) / 2,
                                     line_h, font, PLANNER_INK_FG, PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                     labels[i]);
      text->tag = PLANNER_TAG_LEGEND;
      text->a = values[i];
      x += w + LEGEND_GAP (font);
    }
  return n > 0 ? y + line_h : 0.;
}

PlannerScene *
_planner_picture_message (const PlannerPictureStyle *style,
                          const char                *title,
                          const char                *message)
{
  double font = style->font_size;
  double width = style->width > 0. ? style->width : font * 40.;
  double height = style->height > 0. ? style->height : font * 8.;
  PlannerScene *scene = planner_scene_new (width, height);
  PlannerShape *shape;

  planner_scene_set_font_size (scene, font);
  shape = planner_scene_add_text (scene, 0, height / 2 - font * 2.2, width, font * 2., font * 1.3, PLANNER_INK_FG,
                                  PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK, title);
  shape->tag = PLANNER_TAG_TITLE;
  planner_scene_add_text (scene, 0, height / 2, width, font * 1.6, font, PLANNER_INK_DIM, PLANNER_SHAPE_SHRINK,
                          message);
  planner_scene_set_description (scene, message);
  return scene;
}
