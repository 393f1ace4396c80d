/* planner-draw.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-draw"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

#include "planner-draw.h"

G_DEFINE_QUARK (planner-draw-error-quark, planner_draw_error)

static void
set_hex (PlannerDrawColor *c,
         guint32           rgb,
         double            alpha)
{
  c->red = ((rgb >> 16) & 0xff) / 255.;
  c->green = ((rgb >> 8) & 0xff) / 255.;
  c->blue = (rgb & 0xff) / 255.;
  c->alpha = alpha;
}

void
planner_draw_theme_init (PlannerDrawTheme *theme,
                         gboolean          dark)
{
  g_return_if_fail (theme != NULL);

  /* libadwaita 1.2's view colours (src/stylesheet/_colors.scss). */
  if (dark)
    {
      set_hex (&theme->fg, 0xffffff, 1.);
      set_hex (&theme->bg, 0x1e1e1e, 1.);
      set_hex (&theme->accent, 0x78aeed, 1.);
      set_hex (&theme->error, 0xff7b63, 1.);
      set_hex (&theme->success, 0x8ff0a4, 1.);
    }
  else
    {
      set_hex (&theme->fg, 0x000000, 0.8);
      set_hex (&theme->bg, 0xffffff, 1.);
      set_hex (&theme->accent, 0x1c71d8, 1.);
      set_hex (&theme->error, 0xc01c28, 1.);
      set_hex (&theme->success, 0x1b8553, 1.);
    }
  theme->font_family = "Cantarell, DejaVu Sans, sans-serif";
}

static void
from_rgb (PlannerDrawColor *out,
          const PlannerRgb *rgb)
{
  out->red = rgb->red;
  out->green = rgb->green;
  out->blue = rgb->blue;
  out->alpha = 1.;
}

void
planner_draw_resolve_ink (const PlannerDrawTheme *theme,
                          PlannerInk              ink,
                          guint                   color,
                          guint8                  alpha,
                          PlannerDrawColor       *out)
{
  PlannerRgb mark;

  g_return_if_fail (theme != NULL);
  g_return_if_fail (out != NULL);

  switch (ink)
    {
    case PLANNER_INK_FG: *out = theme->fg; break;
    case PLANNER_INK_DIM: *out = theme->fg; out->alpha *= 0.6; break;
    case PLANNER_INK_FAINT: *out = theme->fg; out->alpha *= 0.18; break;
    case PLANNER_INK_SHADE: *out = theme->fg; out->alpha *= 0.06; break;
    case PLANNER_INK_BG: *out = theme->bg; break;
    case PLANNER_INK_ACCENT: *out = theme->accent; break;
    case PLANNER_INK_ERROR: *out = theme->error; break;
    case PLANNER_INK_SUCCESS: *out = theme->success; break;
    case PLANNER_INK_DATA: from_rgb (out, planner_palette_color (color)); break;
    case PLANNER_INK_DATA_MARK:
      planner_palette_mark_color (color, &mark);
      from_rgb (out, &mark);
      break;
    case PLANNER_INK_ON_DATA: from_rgb (out, planner_palette_ink (color)); break;
    case PLANNER_INK_NONE:
    case PLANNER_N_INKS:
    default:
      out->red = out->green = out->blue = out->alpha = 0.;
      break;
    }
  out->alpha *= alpha / 255.;
}

static void
set_source (cairo_t                *cr,
            const PlannerDrawTheme *theme,
            const PlannerShape     *shape,
            PlannerInk              ink)
{
  PlannerDrawColor c;

  planner_draw_resolve_ink (theme, ink, shape->color, shape->alpha, &c);
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, c.alpha);
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  r = MIN (r, MIN (w, h) / 2.);
  if (r <= 0.)
    {
      cairo_rectangle (cr, x, y, w, h);
      return;
    }
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2., 0.);
  cairo_arc (cr, x + w - r, y + h - r, r, 0., G_PI / 2.);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2., G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3. * G_PI / 2.);
  cairo_close_path (cr);
}

static void
draw_hatch (cairo_t                *cr,
            const PlannerDrawTheme *theme,
            const PlannerShape     *shape)
{
  double step = 6.;

  cairo_save (cr);
  cairo_rectangle (cr, shape->x, shape->y, shape->w, shape->h);
  cairo_clip (cr);
  set_source (cr, theme, shape, shape->ink);
  /* A faint wash under the lines, so that thin idle slivers still show. */
  cairo_paint_with_alpha (cr, 0.12);
  cairo_set_line_width (cr, 1.);
  for (double d = -shape->h; d < shape->w; d += step)
    {
      double x = shape->x + d;

      cairo_move_to (cr, x, shape->y + shape->h);
      cairo_line_to (cr, x + shape->h, shape->y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_text (cairo_t                *cr,
           PangoLayout            *layout,
           PangoFontDescription   *font,
           const PlannerDrawTheme *theme,
           const PlannerScene     *scene,
           const PlannerShape     *shape)
{
  const char *text = planner_scene_get_text (scene, shape);
  double size = shape->line;
  PangoRectangle ink, logical;
  double x, y, w, h;

  if (text == NULL || *text == '\0' || size <= 0.)
    return;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_font_description_set_weight (font, shape->flags & PLANNER_SHAPE_BOLD ? PANGO_WEIGHT_BOLD
                                                                               : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, &ink, &logical);
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;

  cairo_save (cr);
  if (w > shape->w + 0.5)
    {
      double factor = shape->w / w;

      /* Too wide: smaller if allowed and still legible, else left out. */
      if (!(shape->flags & PLANNER_SHAPE_SHRINK) || factor < 0.45)
        {
          cairo_restore (cr);
          return;
        }
      w *= factor;
      h *= factor;
      if (shape->flags & PLANNER_SHAPE_ALIGN_END)
        x = shape->x + shape->w - w;
      else if (shape->flags & PLANNER_SHAPE_ALIGN_START)
        x = shape->x;
      else
        x = shape->x + (shape->w - w) / 2.;
      y = shape->y + (shape->h - h) / 2.;
      cairo_translate (cr, x, y);
      cairo_scale (cr, factor, factor);
    }
  else
    {
      if (h > shape->h * 1.35 && !(shape->flags & PLANNER_SHAPE_SHRINK))
        {
          cairo_restore (cr);
          return;
        }
      if (shape->flags & PLANNER_SHAPE_ALIGN_END)
        x = shape->x + shape->w - w;
      else if (shape->flags & PLANNER_SHAPE_ALIGN_START)
        x = shape->x;
      else
        x = shape->x + (shape->w - w) / 2.;
      y = shape->y + (shape->h - h) / 2.;
      cairo_translate (cr, x, y);
    }
  set_source (cr, theme, shape, shape->ink);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

void
planner_draw_cairo (const PlannerScene     *scene,
                    cairo_t                *cr,
                    const PlannerDrawTheme *theme)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  const PlannerShape *shapes;
  guint n;

  g_return_if_fail (scene != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string (theme->font_family);
  shapes = planner_scene_get_shapes (scene, &n);

  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];

      switch ((PlannerShapeKind) s->kind)
        {
        case PLANNER_SHAPE_RECT:
          set_source (cr, theme, s, s->ink);
          rounded_rect (cr, s->x, s->y, s->w, s->h, s->radius);
          cairo_fill (cr);
          break;
        case PLANNER_SHAPE_FRAME:
          set_source (cr, theme, s, s->ink);
          cairo_set_line_width (cr, s->line);
          rounded_rect (cr, s->x, s->y, s->w, s->h, s->radius);
          cairo_stroke (cr);
          break;
        case PLANNER_SHAPE_HATCH:
          draw_hatch (cr, theme, s);
          break;
        case PLANNER_SHAPE_LINE:
          set_source (cr, theme, s, s->ink);
          cairo_set_line_width (cr, s->line);
          if (s->flags & PLANNER_SHAPE_DASHED)
            {
              double dash[] = { 3. * s->line, 2. * s->line };

              cairo_set_dash (cr, dash, 2, 0.);
            }
          cairo_move_to (cr, s->x, s->y);
          cairo_line_to (cr, s->x + s->w, s->y + s->h);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0.);
          break;
        case PLANNER_SHAPE_TEXT:
          draw_text (cr, layout, font, theme, scene, s);
          break;
        default:
          break;
        }
    }
  pango_font_description_free (font);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
planner_draw_png (const PlannerScene     *scene,
                  const PlannerDrawTheme *theme,
                  double                  scale,
                  GError                **error)
{
  GByteArray *bytes;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double width, height;
  int w, h;

  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (theme != NULL, NULL);

  width = planner_scene_get_width (scene) * scale;
  height = planner_scene_get_height (scene) * scale;
  if (!(scale > 0.) || !(width >= 1.) || !(height >= 1.) ||
      width > PLANNER_DRAW_MAX_SIDE || height > PLANNER_DRAW_MAX_SIDE)
    {
      g_set_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_TOO_LARGE,
                   _("A picture of %.0f × %.0f pixels cannot be written; the limit is %u on each side "
                     "(choose a smaller scale or width)"), width, height, PLANNER_DRAW_MAX_SIDE);
      return NULL;
    }
  if (ceil (width) * ceil (height) > PLANNER_DRAW_MAX_PIXELS)
    {
      g_set_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_TOO_LARGE,
                   _("A picture of %.0f × %.0f pixels cannot be written; the limit is %.0f million pixels "
                     "(choose a smaller scale or width)"), width, height, PLANNER_DRAW_MAX_PIXELS / 1e6);
      return NULL;
    }
  w = (int) ceil (width);
  h = (int) ceil (height);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  cairo_set_source_rgba (cr, theme->bg.red, theme->bg.green, theme->bg.blue, theme->bg.alpha);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  planner_draw_cairo (scene, cr, theme);
  status = cairo_status (cr);
  cairo_destroy (cr);

  bytes = g_byte_array_new ();
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (bytes);
      g_set_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_FAILED, _("Could not draw the picture: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}

typedef struct
{
  GBytes *bytes;
  gsize   offset;
} ReadClosure;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  ReadClosure *read = closure;
  gsize size;
  const guint8 *src = g_bytes_get_data (read->bytes, &size);

  if (read->offset + length > size)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, src + read->offset, length);
  read->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
planner_draw_simulate_vision (GBytes         *png,
                              PlannerVision   vision,
                              GError        **error)
{
  ReadClosure closure = { png, 0 };
  cairo_surface_t *surface;
  GByteArray *bytes;
  cairo_status_t status;
  guint8 *data;
  int w, h, stride;

  g_return_val_if_fail (png != NULL, NULL);
  g_return_val_if_fail (vision < PLANNER_N_VISIONS, NULL);

  surface = cairo_image_surface_create_from_png_stream (read_bytes, &closure);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_FAILED, _("Could not read the picture: %s"),
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  w = cairo_image_surface_get_width (surface);
  h = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);

  /* Opaque pictures only (ours are): premultiplication is then a no-op.
   * The same colours recur, so one cached mapping per pixel value. */
  {
    g_autoptr(GHashTable) cache = g_hash_table_new (g_direct_hash, g_direct_equal);

    for (int y = 0; y < h; y++)
      {
        guint32 *row = (guint32 *) (gpointer) (data + (gsize) y * stride);

        for (int x = 0; x < w; x++)
          {
            guint32 pixel = row[x];
            gpointer cached;

            if (g_hash_table_lookup_extended (cache, GUINT_TO_POINTER (pixel), NULL, &cached))
              row[x] = GPOINTER_TO_UINT (cached);
            else
              {
                PlannerRgb in = { ((pixel >> 16) & 0xff) / 255., ((pixel >> 8) & 0xff) / 255., (pixel & 0xff) / 255. };
                PlannerRgb out;
                guint32 mapped;

                planner_vision_simulate (vision, &in, &out);
                mapped = (pixel & 0xff000000u) | (guint32) (out.red * 255. + .5) << 16 |
                         (guint32) (out.green * 255. + .5) << 8 | (guint32) (out.blue * 255. + .5);
                g_hash_table_insert (cache, GUINT_TO_POINTER (pixel), GUINT_TO_POINTER (mapped));
                row[x] = mapped;
              }
          }
      }
  }
  cairo_surface_mark_dirty (surface);

  bytes = g_byte_array_new ();
  status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (bytes);
      g_set_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_FAILED, _("Could not draw the picture: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}

void
planner_draw_shutdown (void)
{
  pango_cairo_font_map_set_default (NULL);
}
