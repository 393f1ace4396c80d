/* planner-scene-renderer.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-scene-renderer"

#include "config.h"

#include <math.h>

#include "planner-scene-renderer.h"

/* Past this many cached layouts (a zoomed 16K grid), start again. */
#define MAX_LAYOUTS 40000

struct _PlannerSceneRenderer
{
  GtkWidget            *widget;    /* not owned: the renderer belongs to it */
  gboolean              colors_valid;
  GdkRGBA               ui[PLANNER_N_INKS];
  GdkRGBA               data[3][PLANNER_PALETTE_SIZE];   /* fill, mark, ink */
  GHashTable           *layouts;   /* "size|bold|text" → Text */
  PangoFontDescription *font;
};

/* A laid-out text and its size, measured once. */
typedef struct
{
  PangoLayout *layout;
  float        width;
  float        height;
} Text;

static void
text_free (gpointer data)
{
  Text *text = data;

  g_object_unref (text->layout);
  g_free (text);
}

static void
from_rgb (GdkRGBA          *out,
          const PlannerRgb *rgb)
{
  out->red = (float) rgb->red;
  out->green = (float) rgb->green;
  out->blue = (float) rgb->blue;
  out->alpha = 1.f;
}

static void
ensure_colors (PlannerSceneRenderer *self)
{
  GtkStyleContext *context;
  GdkRGBA fg;

  if (self->colors_valid)
    return;
  self->colors_valid = TRUE;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (self->widget);
  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "view_bg_color", &self->ui[PLANNER_INK_BG]))
    gdk_rgba_parse (&self->ui[PLANNER_INK_BG], "#ffffff");
  if (!gtk_style_context_lookup_color (context, "accent_color", &self->ui[PLANNER_INK_ACCENT]))
    gdk_rgba_parse (&self->ui[PLANNER_INK_ACCENT], "#1c71d8");
  if (!gtk_style_context_lookup_color (context, "error_color", &self->ui[PLANNER_INK_ERROR]))
    gdk_rgba_parse (&self->ui[PLANNER_INK_ERROR], "#c01c28");
  if (!gtk_style_context_lookup_color (context, "success_color", &self->ui[PLANNER_INK_SUCCESS]))
    gdk_rgba_parse (&self->ui[PLANNER_INK_SUCCESS], "#1b8553");
  G_GNUC_END_IGNORE_DEPRECATIONS

  self->ui[PLANNER_INK_NONE] = (GdkRGBA) { 0.f, 0.f, 0.f, 0.f };
  self->ui[PLANNER_INK_FG] = fg;
  self->ui[PLANNER_INK_DIM] = fg;
  self->ui[PLANNER_INK_DIM].alpha *= 0.6f;
  self->ui[PLANNER_INK_FAINT] = fg;
  self->ui[PLANNER_INK_FAINT].alpha *= 0.18f;
  self->ui[PLANNER_INK_SHADE] = fg;
  self->ui[PLANNER_INK_SHADE].alpha *= 0.06f;

  for (guint i = 0; i < PLANNER_PALETTE_SIZE; i++)
    {
      PlannerRgb mark;

      from_rgb (&self->data[0][i], planner_palette_color (i));
      planner_palette_mark_color (i, &mark);
      from_rgb (&self->data[1][i], &mark);
      from_rgb (&self->data[2][i], planner_palette_ink (i));
    }
}

PlannerSceneRenderer *
planner_scene_renderer_new (GtkWidget *widget)
{
  PlannerSceneRenderer *self;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  self = g_new0 (PlannerSceneRenderer, 1);
  self->widget = widget;
  self->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, text_free);
  return self;
}

void
planner_scene_renderer_free (PlannerSceneRenderer *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->layouts);
  g_clear_pointer (&self->font, pango_font_description_free);
  g_free (self);
}

void
planner_scene_renderer_invalidate (PlannerSceneRenderer *self)
{
  g_return_if_fail (self != NULL);
  self->colors_valid = FALSE;
  g_hash_table_remove_all (self->layouts);
  g_clear_pointer (&self->font, pango_font_description_free);
}

void
planner_scene_renderer_get_color (PlannerSceneRenderer *self,
                                  PlannerInk            ink,
                                  guint                 color,
                                  GdkRGBA              *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);

  ensure_colors (self);
  switch (ink)
    {
    case PLANNER_INK_DATA: *out = self->data[0][color % PLANNER_PALETTE_SIZE]; break;
    case PLANNER_INK_DATA_MARK: *out = self->data[1][color % PLANNER_PALETTE_SIZE]; break;
    case PLANNER_INK_ON_DATA: *out = self->data[2][color % PLANNER_PALETTE_SIZE]; break;
    case PLANNER_INK_NONE:
    case PLANNER_INK_FG:
    case PLANNER_INK_DIM:
    case PLANNER_INK_FAINT:
    case PLANNER_INK_SHADE:
    case PLANNER_INK_BG:
    case PLANNER_INK_ACCENT:
    case PLANNER_INK_ERROR:
    case PLANNER_INK_SUCCESS:
      *out = self->ui[ink];
      break;
    case PLANNER_N_INKS:
    default:
      *out = self->ui[PLANNER_INK_NONE];
      break;
    }
}

static const Text *
get_text (PlannerSceneRenderer *self,
          const char           *string,
          double                size,
          gboolean              bold)
{
  char prefix[48];
  g_autofree char *key = NULL;
  PangoRectangle logical;
  Text *text;

  g_snprintf (prefix, sizeof prefix, "%.2f|%d|", size, bold);
  key = g_strconcat (prefix, string, NULL);
  text = g_hash_table_lookup (self->layouts, key);
  if (text != NULL)
    return text;

  if (g_hash_table_size (self->layouts) > MAX_LAYOUTS)
    g_hash_table_remove_all (self->layouts);
  if (self->font == NULL)
    {
      PangoContext *context = gtk_widget_get_pango_context (self->widget);

      self->font = pango_font_description_copy (pango_context_get_font_description (context));
    }
  pango_font_description_set_absolute_size (self->font, size * PANGO_SCALE);
  pango_font_description_set_weight (self->font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  text = g_new0 (Text, 1);
  text->layout = gtk_widget_create_pango_layout (self->widget, string);
  pango_layout_set_font_description (text->layout, self->font);
  pango_layout_get_extents (text->layout, NULL, &logical);
  text->width = logical.width / (float) PANGO_SCALE;
  text->height = logical.height / (float) PANGO_SCALE;
  g_hash_table_insert (self->layouts, g_steal_pointer (&key), text);
  return text;
}

static void
draw_text (PlannerSceneRenderer *self,
           GtkSnapshot          *snapshot,
           const PlannerScene   *scene,
           const PlannerShape   *s,
           const GdkRGBA        *color)
{
  const char *string = planner_scene_get_text (scene, s);
  const Text *text;
  float w, h, x, y, factor = 1.f;

  if (string == NULL || *string == '\0' || s->line <= 0.f)
    return;
  /* Far too small a box: not worth measuring. */
  if (s->h * 1.35f < s->line && !(s->flags & PLANNER_SHAPE_SHRINK))
    return;

  text = get_text (self, string, s->line, (s->flags & PLANNER_SHAPE_BOLD) != 0);
  w = text->width;
  h = text->height;
  if (w > s->w + 0.5f)
    {
      factor = s->w / w;
      if (!(s->flags & PLANNER_SHAPE_SHRINK) || factor < 0.45f)
        return;
      w *= factor;
      h *= factor;
    }
  else if (h > s->h * 1.35f && !(s->flags & PLANNER_SHAPE_SHRINK))
    return;

  if (s->flags & PLANNER_SHAPE_ALIGN_END)
    x = s->x + s->w - w;
  else if (s->flags & PLANNER_SHAPE_ALIGN_START)
    x = s->x;
  else
    x = s->x + (s->w - w) / 2.f;
  y = s->y + (s->h - h) / 2.f;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  if (factor < 1.f)
    gtk_snapshot_scale (snapshot, factor, factor);
  gtk_snapshot_append_layout (snapshot, text->layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
draw_hatch (GtkSnapshot        *snapshot,
            const PlannerShape *s,
            const GdkRGBA      *color)
{
  const float step = 6.f;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (s->x, s->y, s->w, s->h);
  GdkRGBA wash = *color;
  cairo_t *cr;

  wash.alpha *= 0.12f;
  gtk_snapshot_append_color (snapshot, &wash, &bounds);
  /* One tile with a diagonal, repeated: GSK draws it once. */
  gtk_snapshot_push_repeat (snapshot, &bounds, &GRAPHENE_RECT_INIT (0, 0, step, step));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, step, step));
  gdk_cairo_set_source_rgba (cr, color);
  cairo_set_line_width (cr, 1.);
  cairo_move_to (cr, -1., step + 1.);
  cairo_line_to (cr, step + 1., -1.);
  cairo_stroke (cr);
  cairo_destroy (cr);
  gtk_snapshot_pop (snapshot);
}

static void
draw_line (GtkSnapshot        *snapshot,
           const PlannerShape *s,
           const GdkRGBA      *color)
{
  float line = MAX (s->line, 0.5f);

  /* Every line the pictures draw is level or upright. */
  if (fabsf (s->h) < 1e-3f || fabsf (s->w) < 1e-3f)
    {
      gboolean level = fabsf (s->h) < 1e-3f;
      float x = MIN (s->x, s->x + s->w), y = MIN (s->y, s->y + s->h);
      float length = level ? fabsf (s->w) : fabsf (s->h);

      if (s->flags & PLANNER_SHAPE_DASHED)
        {
          for (float d = 0.f; d < length; d += 5.f * line)
            {
              float dash = MIN (3.f * line, length - d);

              gtk_snapshot_append_color (snapshot, color,
                                         level ? &GRAPHENE_RECT_INIT (x + d, y - line / 2.f, dash, line)
                                               : &GRAPHENE_RECT_INIT (x - line / 2.f, y + d, line, dash));
            }
        }
      else
        gtk_snapshot_append_color (snapshot, color,
                                   level ? &GRAPHENE_RECT_INIT (x, y - line / 2.f, length, line)
                                         : &GRAPHENE_RECT_INIT (x - line / 2.f, y, line, length));
      return;
    }
  {
    cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                             &GRAPHENE_RECT_INIT (MIN (s->x, s->x + s->w) - line,
                                                                  MIN (s->y, s->y + s->h) - line,
                                                                  fabsf (s->w) + 2 * line, fabsf (s->h) + 2 * line));

    gdk_cairo_set_source_rgba (cr, color);
    cairo_set_line_width (cr, line);
    cairo_move_to (cr, s->x, s->y);
    cairo_line_to (cr, s->x + s->w, s->y + s->h);
    cairo_stroke (cr);
    cairo_destroy (cr);
  }
}

static gboolean
meets (const PlannerShape    *s,
       const graphene_rect_t *visible)
{
  float x1 = MIN (s->x, s->x + s->w), x2 = MAX (s->x, s->x + s->w);
  float y1 = MIN (s->y, s->y + s->h), y2 = MAX (s->y, s->y + s->h);

  return !(x2 < visible->origin.x || y2 < visible->origin.y ||
           x1 > visible->origin.x + visible->size.width || y1 > visible->origin.y + visible->size.height);
}

void
planner_scene_renderer_draw_range (PlannerSceneRenderer  *self,
                                   GtkSnapshot           *snapshot,
                                   const PlannerScene    *scene,
                                   guint                  first,
                                   guint                  last,
                                   const graphene_rect_t *visible,
                                   float                  alpha)
{
  const PlannerShape *shapes;
  guint n;

  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);

  ensure_colors (self);
  shapes = planner_scene_get_shapes (scene, &n);
  last = MIN (last, n);
  for (guint i = first; i < last; i++)
    {
      const PlannerShape *s = &shapes[i];
      GdkRGBA color;
      graphene_rect_t rect;

      if (visible != NULL && !meets (s, visible))
        continue;
      planner_scene_renderer_get_color (self, s->ink, s->color, &color);
      color.alpha *= alpha * s->alpha / 255.f;
      if (color.alpha <= 0.f)
        continue;
      rect = GRAPHENE_RECT_INIT (s->x, s->y, s->w, s->h);

      switch ((PlannerShapeKind) s->kind)
        {
        case PLANNER_SHAPE_RECT:
          if (s->radius > 0.f)
            {
              GskRoundedRect clip;

              gsk_rounded_rect_init_from_rect (&clip, &rect, MIN (s->radius, MIN (s->w, s->h) / 2.f));
              gtk_snapshot_push_rounded_clip (snapshot, &clip);
              gtk_snapshot_append_color (snapshot, &color, &rect);
              gtk_snapshot_pop (snapshot);
            }
          else
            gtk_snapshot_append_color (snapshot, &color, &rect);
          break;
        case PLANNER_SHAPE_FRAME:
          {
            GskRoundedRect outline;
            const float widths[4] = { s->line, s->line, s->line, s->line };
            const GdkRGBA colors[4] = { color, color, color, color };

            gsk_rounded_rect_init_from_rect (&outline, &rect, MIN (s->radius, MIN (s->w, s->h) / 2.f));
            gtk_snapshot_append_border (snapshot, &outline, widths, colors);
          }
          break;
        case PLANNER_SHAPE_HATCH:
          if (s->w >= 0.5f && s->h >= 0.5f)
            draw_hatch (snapshot, s, &color);
          break;
        case PLANNER_SHAPE_LINE:
          draw_line (snapshot, s, &color);
          break;
        case PLANNER_SHAPE_TEXT:
          draw_text (self, snapshot, scene, s, &color);
          break;
        default:
          break;
        }
    }
}

void
planner_scene_renderer_draw (PlannerSceneRenderer  *self,
                             GtkSnapshot           *snapshot,
                             const PlannerScene    *scene,
                             const graphene_rect_t *visible)
{
  planner_scene_renderer_draw_range (self, snapshot, scene, 0, G_MAXUINT, visible, 1.f);
}
