/* planner-scene.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-scene"

#include "config.h"

#include <string.h>

#include "planner-scene.h"

#include "planner-palette.h"

#define NO_TEXT G_MAXUINT32

struct _PlannerScene
{
  gatomicrefcount ref_count;
  double          width;
  double          height;
  double          font_size;
  char           *description;
  GArray         *shapes;    /* PlannerShape */
  GString        *strings;   /* NUL-separated */
};

G_DEFINE_BOXED_TYPE (PlannerScene, planner_scene, planner_scene_ref, planner_scene_unref)

/* Text a renderer can draw on one line and an SVG can hold: job strings
 * (a model id, a file name) reach the pictures, and may carry bytes that
 * are not UTF-8, or control characters that XML forbids and a terminal or
 * Pango would act on.  Each such character becomes U+FFFD; tabs and line
 * breaks become spaces.  NULL when @text is fine as it is. */
static char *
clean_text (const char *text)
{
  const char *p = text;
  GString *out = NULL;

  while (*p != '\0')
    {
      guchar c = (guchar) *p;
      gunichar u;
      gsize n;

      if (c >= 0x20 && c < 0x7f)
        {
          if (out != NULL)
            g_string_append_c (out, (char) c);
          p++;
          continue;
        }
      u = c < 0x80 ? c : g_utf8_get_char_validated (p, -1);
      if (u == (gunichar) -1 || u == (gunichar) -2)
        n = 1;
      else
        n = c < 0x80 ? 1 : (gsize) g_unichar_to_utf8 (u, NULL);
      if (u == (gunichar) -1 || u == (gunichar) -2 || u < 0x20 || (u >= 0x7f && u <= 0x9f) ||
          u == 0xfffe || u == 0xffff)
        {
          if (out == NULL)
            out = g_string_new_len (text, p - text);
          if (u == '\t' || u == '\n' || u == '\r')
            g_string_append_c (out, ' ');
          else
            g_string_append (out, "\xef\xbf\xbd");
        }
      else if (out != NULL)
        g_string_append_len (out, p, (gssize) n);
      p += n;
    }
  return out != NULL ? g_string_free (out, FALSE) : NULL;
}

PlannerScene *
planner_scene_new (double width,
                   double height)
{
  PlannerScene *scene = g_new0 (PlannerScene, 1);

  g_atomic_ref_count_init (&scene->ref_count);
  scene->width = width;
  scene->height = height;
  scene->font_size = 12.;
  scene->shapes = g_array_new (FALSE, FALSE, sizeof (PlannerShape));
  scene->strings = g_string_new (NULL);
  return scene;
}

PlannerScene *
planner_scene_ref (PlannerScene *scene)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_atomic_ref_count_inc (&scene->ref_count);
  return scene;
}

void
planner_scene_unref (PlannerScene *scene)
{
  g_return_if_fail (scene != NULL);
  if (!g_atomic_ref_count_dec (&scene->ref_count))
    return;
  g_array_unref (scene->shapes);
  g_string_free (scene->strings, TRUE);
  g_free (scene->description);
  g_free (scene);
}

double
planner_scene_get_width (const PlannerScene *scene)
{
  g_return_val_if_fail (scene != NULL, 0.);
  return scene->width;
}

double
planner_scene_get_height (const PlannerScene *scene)
{
  g_return_val_if_fail (scene != NULL, 0.);
  return scene->height;
}

void
planner_scene_set_size (PlannerScene *scene,
                        double        width,
                        double        height)
{
  g_return_if_fail (scene != NULL);
  scene->width = width;
  scene->height = height;
}

double
planner_scene_get_font_size (const PlannerScene *scene)
{
  g_return_val_if_fail (scene != NULL, 0.);
  return scene->font_size;
}

void
planner_scene_set_font_size (PlannerScene *scene,
                             double        font_size)
{
  g_return_if_fail (scene != NULL);
  scene->font_size = font_size;
}

const char *
planner_scene_get_description (const PlannerScene *scene)
{
  g_return_val_if_fail (scene != NULL, NULL);
  return scene->description != NULL ? scene->description : "";
}

void
planner_scene_set_description (PlannerScene *scene,
                               const char   *description)
{
  g_return_if_fail (scene != NULL);
  g_free (scene->description);
  scene->description = description != NULL ? clean_text (description) : NULL;
  if (scene->description == NULL)
    scene->description = g_strdup (description);
}

guint
planner_scene_get_n_shapes (const PlannerScene *scene)
{
  g_return_val_if_fail (scene != NULL, 0);
  return scene->shapes->len;
}

const PlannerShape *
planner_scene_get_shape (const PlannerScene *scene,
                         guint               index)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (index < scene->shapes->len, NULL);
  return &g_array_index (scene->shapes, PlannerShape, index);
}

const PlannerShape *
planner_scene_get_shapes (const PlannerScene *scene,
                          guint              *n_shapes)
{
  g_return_val_if_fail (scene != NULL, NULL);
  if (n_shapes != NULL)
    *n_shapes = scene->shapes->len;
  return (const PlannerShape *) (gconstpointer) scene->shapes->data;
}

const char *
planner_scene_get_text (const PlannerScene *scene,
                        const PlannerShape *shape)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (shape != NULL, NULL);
  if (shape->text == NO_TEXT || shape->text >= scene->strings->len)
    return NULL;
  return scene->strings->str + shape->text;
}

static PlannerShape *
add_shape (PlannerScene    *scene,
           PlannerShapeKind kind,
           double           x,
           double           y,
           double           w,
           double           h,
           PlannerInk       ink)
{
  PlannerShape *shape;

  g_array_set_size (scene->shapes, scene->shapes->len + 1);
  shape = &g_array_index (scene->shapes, PlannerShape, scene->shapes->len - 1);
  memset (shape, 0, sizeof *shape);
  shape->kind = kind;
  shape->x = (float) x;
  shape->y = (float) y;
  shape->w = (float) w;
  shape->h = (float) h;
  shape->ink = ink;
  shape->alpha = 255;
  shape->text = NO_TEXT;
  return shape;
}

PlannerShape *
planner_scene_add_rect (PlannerScene *scene,
                        double        x,
                        double        y,
                        double        w,
                        double        h,
                        PlannerInk    ink,
                        guint         color)
{
  PlannerShape *shape;

  g_return_val_if_fail (scene != NULL, NULL);
  shape = add_shape (scene, PLANNER_SHAPE_RECT, x, y, w, h, ink);
  shape->color = planner_palette_fold (color);
  return shape;
}

PlannerShape *
planner_scene_add_frame (PlannerScene *scene,
                         double        x,
                         double        y,
                         double        w,
                         double        h,
                         double        line,
                         PlannerInk    ink)
{
  PlannerShape *shape;

  g_return_val_if_fail (scene != NULL, NULL);
  shape = add_shape (scene, PLANNER_SHAPE_FRAME, x, y, w, h, ink);
  shape->line = (float) line;
  return shape;
}

PlannerShape *
planner_scene_add_hatch (PlannerScene *scene,
                         double        x,
                         double        y,
                         double        w,
                         double        h,
                         PlannerInk    ink)
{
  g_return_val_if_fail (scene != NULL, NULL);
  return add_shape (scene, PLANNER_SHAPE_HATCH, x, y, w, h, ink);
}

PlannerShape *
planner_scene_add_line (PlannerScene *scene,
                        double        x1,
                        double        y1,
                        double        x2,
                        double        y2,
                        double        line,
                        PlannerInk    ink)
{
  PlannerShape *shape;

  g_return_val_if_fail (scene != NULL, NULL);
  shape = add_shape (scene, PLANNER_SHAPE_LINE, x1, y1, x2 - x1, y2 - y1, ink);
  shape->line = (float) line;
  return shape;
}

PlannerShape *
planner_scene_add_text (PlannerScene      *scene,
                        double             x,
                        double             y,
                        double             w,
                        double             h,
                        double             size,
                        PlannerInk         ink,
                        PlannerShapeFlags  flags,
                        const char        *text)
{
  g_autofree char *cleaned = NULL;
  PlannerShape *shape;

  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  cleaned = clean_text (text);
  if (cleaned != NULL)
    text = cleaned;
  shape = add_shape (scene, PLANNER_SHAPE_TEXT, x, y, w, h, ink);
  shape->line = (float) size;
  shape->flags = (guint8) flags;
  shape->text = (guint32) scene->strings->len;
  g_string_append_len (scene->strings, text, strlen (text) + 1);
  return shape;
}

PlannerShape *
planner_scene_add_textf (PlannerScene      *scene,
                         double             x,
                         double             y,
                         double             w,
                         double             h,
                         double             size,
                         PlannerInk         ink,
                         PlannerShapeFlags  flags,
                         const char        *format,
                         ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return planner_scene_add_text (scene, x, y, w, h, size, ink, flags, text);
}

void
planner_scene_append (PlannerScene       *scene,
                      const PlannerScene *src,
                      double              dx,
                      double              dy,
                      double              scale,
                      guint               panel)
{
  guint first;

  g_return_if_fail (scene != NULL);
  g_return_if_fail (src != NULL);

  first = scene->shapes->len;
  g_array_append_vals (scene->shapes, src->shapes->data, src->shapes->len);
  for (guint i = first; i < scene->shapes->len; i++)
    {
      PlannerShape *shape = &g_array_index (scene->shapes, PlannerShape, i);

      shape->x = (float) (shape->x * scale + dx);
      shape->y = (float) (shape->y * scale + dy);
      shape->w = (float) (shape->w * scale);
      shape->h = (float) (shape->h * scale);
      shape->line = (float) (shape->line * scale);
      shape->radius = (float) (shape->radius * scale);
      shape->panel = (guint8) panel;
      if (shape->text != NO_TEXT)
        shape->text += (guint32) scene->strings->len;
    }
  g_string_append_len (scene->strings, src->strings->str, src->strings->len);
}

double
planner_scene_text_width (const char *text,
                          double      size)
{
  g_return_val_if_fail (text != NULL, 0.);
  /* A proportional sans face averages a little over half an em a
   * character; digits are 0.55–0.6 em. */
  /* g_utf8_strlen() would step past the end of a truncated character. */
  if (!g_utf8_validate (text, -1, NULL))
    return (double) strlen (text) * 0.6 * size;
  return (double) g_utf8_strlen (text, -1) * 0.6 * size;
}
