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
add_mark_rect (PlannerScene *scene,
               double        x,
               double        y,
               double        w,
               double        h,
               guint         value,
               PlannerTag    tag,
               guint32       a,
               PlannerInk    ink)
{
  PlannerShape *shape = planner_scene_add_rect (scene, x, y, MAX (w, 1.), MAX (h, 1.), ink, value);

  shape->tag = tag == PLANNER_TAG_GPU ? PLANNER_TAG_GPU_MARK : tag;
  shape->a = a;
  shape->b = value;
}

/* @part is the share of the cell a half-pattern covers: 0.5 for the full
 * pattern, less for strips along the edges of a labelled cell. */
static void
add_mark (PlannerScene *scene,
          double        x,
          double        y,
          double        w,
          double        h,
          double        part,
          guint         value,
          PlannerTag    tag,
          guint32       a,
          PlannerInk    ink)
{
  double pw = MAX (round (w * part), 1.), ph = MAX (round (h * part), 1.);
  double bw = MAX (round (h * part / 2.), 1.);

  switch (planner_palette_mark (value))
    {
    case PLANNER_MARK_LOWER:
      add_mark_rect (scene, x, y + h - ph, w, ph, value, tag, a, ink);
      break;
    case PLANNER_MARK_LEFT:
      add_mark_rect (scene, x, y, pw, h, value, tag, a, ink);
      break;
    case PLANNER_MARK_UPPER:
      add_mark_rect (scene, x, y, w, ph, value, tag, a, ink);
      break;
    case PLANNER_MARK_RIGHT:
      add_mark_rect (scene, x + w - pw, y, pw, h, value, tag, a, ink);
      break;
    case PLANNER_MARK_LOWER_LEFT:
      add_mark_rect (scene, x, y + h - ph, w, ph, value, tag, a, ink);
      add_mark_rect (scene, x, y, pw, h - ph, value, tag, a, ink);
      break;
    case PLANNER_MARK_UPPER_RIGHT:
      add_mark_rect (scene, x, y, w, ph, value, tag, a, ink);
      add_mark_rect (scene, x + w - pw, y + ph, pw, h - ph, value, tag, a, ink);
      break;
    case PLANNER_MARK_BANDS:
      add_mark_rect (scene, x, y, w, bw, value, tag, a, ink);
      add_mark_rect (scene, x, y + h - bw, w, bw, value, tag, a, ink);
      break;
    case PLANNER_MARK_NONE:
    default:
      return;
    }
}

guint
_planner_scene_add_cell_labelled (PlannerScene *scene,
                                  double        x,
                                  double        y,
                                  double        w,
                                  double        h,
                                  guint         value,
                                  PlannerTag    tag,
                                  guint32       a,
                                  gboolean      labelled)
{
  PlannerShape *shape = planner_scene_add_rect (scene, x, y, w, h, PLANNER_INK_DATA, value);
  guint index = planner_scene_get_n_shapes (scene) - 1;

  shape->tag = tag;
  shape->a = a;
  shape->b = value;
  if (w >= 8.)
    shape->radius = (float) MIN (w, h) / 8.f;
  /* Labelled: strips of at least 3 px that keep clear of the labels. */
  add_mark (scene, x, y, w, h, labelled ? MAX (0.16, 3. / MAX (MIN (w, h), 1.)) : 0.5, value, tag, a,
            PLANNER_INK_DATA_MARK);
  return index;
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
  return _planner_scene_add_cell_labelled (scene, x, y, w, h, value, tag, a, FALSE);
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

void
_planner_scene_add_pattern_key (PlannerScene *scene,
                                double        x,
                                double        y,
                                double        size,
                                guint         cycle)
{
  guint value = cycle * PLANNER_PALETTE_SIZE;
  PlannerShape *shape;

  shape = planner_scene_add_rect (scene, x, y, size, size, PLANNER_INK_SHADE, 0);
  shape->tag = PLANNER_TAG_LEGEND;
  shape->a = value;
  shape->c = 1;
  /* In the text colour: a pattern, not a colour. */
  add_mark (scene, x, y, size, size, 0.5, value, PLANNER_TAG_LEGEND, value, PLANNER_INK_DIM);
  shape = planner_scene_add_frame (scene, x + 0.5, y + 0.5, size - 1., size - 1., 1., PLANNER_INK_DIM);
  shape->tag = PLANNER_TAG_LEGEND;
  shape->a = value;
  shape->c = 1;
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
