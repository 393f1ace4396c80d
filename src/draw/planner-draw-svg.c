/* planner-draw-svg.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-draw"

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-draw.h"
#include "planner-draw-svg-private.h"
#include "planner-memory.h"
#include "planner-schedule.h"

/* Written as text rather than through cairo's SVG surface: the text stays
 * text (editable in slides, searchable), and every shape keeps what it
 * stands for in its attributes. */

static void
append_number (GString *svg,
               double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* Two decimals at most, no trailing zeros, never a locale's comma. */
  g_ascii_formatd (buffer, sizeof buffer, "%.2f", round (value * 100.) / 100.);
  if (strchr (buffer, '.') != NULL)
    {
      char *end = buffer + strlen (buffer) - 1;

      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  if (g_str_equal (buffer, "-0"))
    strcpy (buffer, "0");
  g_string_append (svg, buffer);
}

static void
append_attr (GString    *svg,
             const char *name,
             double      value)
{
  g_string_append_printf (svg, " %s=\"", name);
  append_number (svg, value);
  g_string_append_c (svg, '"');
}

static void
append_color (GString                *svg,
              const char             *attribute,
              const PlannerDrawTheme *theme,
              PlannerInk              ink,
              guint                   color,
              guint8                  alpha)
{
  PlannerDrawColor c;

  planner_draw_resolve_ink (theme, ink, color, alpha, &c);
  g_string_append_printf (svg, " %s=\"#%02x%02x%02x\"", attribute,
                          (guint) (c.red * 255. + .5), (guint) (c.green * 255. + .5), (guint) (c.blue * 255. + .5));
  if (c.alpha < 0.999)
    {
      g_string_append_printf (svg, " %s-opacity=\"", attribute);
      append_number (svg, c.alpha);
      g_string_append_c (svg, '"');
    }
}

/* What the shape stands for, for people and for the tests. */
static void
append_meaning (GString            *svg,
                const PlannerShape *s)
{
  switch ((PlannerTag) s->tag)
    {
    case PLANNER_TAG_GPU:
      g_string_append_printf (svg, " class=\"gpu\" data-rank=\"%u\" data-value=\"%u\"", s->a, s->b);
      break;
    case PLANNER_TAG_GPU_MARK:
      g_string_append_printf (svg, " class=\"gpu-mark\" data-rank=\"%u\"", s->a);
      break;
    case PLANNER_TAG_GPU_LABEL:
      g_string_append_printf (svg, " class=\"gpu-label\" data-rank=\"%u\"", s->a);
      break;
    case PLANNER_TAG_NODE:
      g_string_append_printf (svg, " class=\"node\" data-node=\"%u\"", s->a);
      break;
    case PLANNER_TAG_DOMAIN:
      g_string_append_printf (svg, " class=\"nvlink-domain\" data-domain=\"%u\" data-gpus=\"%u\"", s->a, s->b);
      break;
    case PLANNER_TAG_SCHEDULE_CELL:
      if (s->c == G_MAXUINT32)
        g_string_append_printf (svg, " class=\"schedule-label\" data-stage=\"%u\"", s->a);
      else
        g_string_append_printf (svg, " class=\"schedule-cell\" data-stage=\"%u\" data-microbatch=\"%u\" "
                                "data-chunk=\"%u\" data-pass=\"%s\"", s->a, s->b, s->c >> 8,
                                planner_pass_to_string (s->c & 0xff));
      break;
    case PLANNER_TAG_SCHEDULE_IDLE:
      g_string_append_printf (svg, " class=\"idle\" data-stage=\"%u\"", s->a);
      break;
    case PLANNER_TAG_SCHEDULE_ELIDED:
      g_string_append_printf (svg, " class=\"elided\" data-stage=\"%u\" data-cells=\"%u\"", s->a, s->b);
      break;
    case PLANNER_TAG_BUBBLE:
      g_string_append (svg, " class=\"bubble\" data-fraction=\"");
      g_string_append_printf (svg, "%.17g\"", s->value);
      break;
    case PLANNER_TAG_BAR_SEGMENT:
      g_string_append_printf (svg, " class=\"bar-segment\" data-stage=\"%u\" data-component=\"%s\" data-bytes=\"%.0f\"",
                              s->a, planner_memory_component_to_string (s->b), s->value);
      break;
    case PLANNER_TAG_BAR_TOTAL:
      g_string_append_printf (svg, " class=\"bar-total\" data-stage=\"%u\" data-bytes=\"%.0f\"", s->a, s->value);
      break;
    case PLANNER_TAG_CAPACITY:
      g_string_append_printf (svg, " class=\"capacity\" data-bytes=\"%.0f\"", s->value);
      break;
    case PLANNER_TAG_TITLE:
      g_string_append (svg, " class=\"title\"");
      break;
    case PLANNER_TAG_FOOTER:
      g_string_append (svg, " class=\"footer\"");
      break;
    case PLANNER_TAG_LEGEND:
      g_string_append (svg, " class=\"legend\"");
      break;
    case PLANNER_TAG_STAGE:
      g_string_append_printf (svg, " class=\"stage\" data-stage=\"%u\"", s->a);
      break;
    case PLANNER_TAG_TABLE_CELL:
      g_string_append_printf (svg, " class=\"table%s\"", s->c == 1 ? " differs" : "");
      break;
    case PLANNER_TAG_PANEL:
      g_string_append_printf (svg, " class=\"panel\" data-panel=\"%u\"", s->a);
      break;
    case PLANNER_TAG_LOG_SEGMENT:
    case PLANNER_TAG_LOG_POINT:
    case PLANNER_TAG_LOG_RANGE:
    case PLANNER_TAG_LOG_OFF_SCALE:
      g_string_append_printf (svg, " class=\"log-series\" data-series=\"%u\" data-point=\"%u\"", s->a, s->b);
      break;
    case PLANNER_TAG_LOG_FLAG:
      g_string_append_printf (svg, " class=\"log-flag\" data-point=\"%u\"", s->a);
      break;
    case PLANNER_TAG_LOG_MARK:
      g_string_append_printf (svg, " class=\"log-mark\" data-iteration=\"%.0f\"", s->value);
      break;
    case PLANNER_TAG_LOG_AXIS:
      g_string_append (svg, " class=\"log-axis\"");
      break;
    case PLANNER_TAG_NONE:
    default:
      break;
    }
  if (s->panel > 0)
    g_string_append_printf (svg, " data-panel=\"%u\"", s->panel);
}

static void
append_text (GString                *svg,
             const PlannerScene     *scene,
             const PlannerShape     *s,
             const PlannerDrawTheme *theme)
{
  const char *text = planner_scene_get_text (scene, s);
  g_autofree char *escaped = NULL;
  double size = s->line, estimate, x;
  const char *anchor;

  if (text == NULL || *text == '\0' || size <= 0.)
    return;
  /* The renderers agree on what fits by the same estimate. */
  estimate = planner_scene_text_width (text, size);
  if (estimate > s->w + 0.5)
    {
      if (!(s->flags & PLANNER_SHAPE_SHRINK) || s->w / estimate < 0.45)
        return;
      size *= s->w / estimate;
    }
  if (s->flags & PLANNER_SHAPE_ALIGN_END)
    {
      anchor = "end";
      x = s->x + s->w;
    }
  else if (s->flags & PLANNER_SHAPE_ALIGN_START)
    {
      anchor = "start";
      x = s->x;
    }
  else
    {
      anchor = "middle";
      x = s->x + s->w / 2.;
    }
  escaped = g_markup_escape_text (text, -1);
  g_string_append (svg, "<text");
  append_meaning (svg, s);
  append_attr (svg, "x", x);
  append_attr (svg, "y", s->y + s->h / 2.);
  append_attr (svg, "font-size", size);
  g_string_append_printf (svg, " text-anchor=\"%s\" dominant-baseline=\"central\"", anchor);
  if (s->flags & PLANNER_SHAPE_BOLD)
    g_string_append (svg, " font-weight=\"bold\"");
  append_color (svg, "fill", theme, s->ink, s->color, s->alpha);
  g_string_append_printf (svg, ">%s</text>\n", escaped);
}

/* One rectangle tiled with one cell (and its marks) for a block of
 * alike cells; the pattern is shared by every block that looks the same. */
static void
append_block (GString                *svg,
              GString                *defs,
              GHashTable             *patterns,
              const PlannerShape     *shapes,
              guint                   i,
              const PlannerSvgBlock  *block,
              const PlannerDrawTheme *theme)
{
  const PlannerShape *cell = &shapes[i];
  g_autoptr(GString) tile = g_string_new (NULL);
  gpointer id;

  for (guint k = 0; k < block->parts; k++)
    {
      const PlannerShape *p = &shapes[i + k];

      g_string_append (tile, "<rect");
      append_attr (tile, "x", p->x - cell->x);
      append_attr (tile, "y", p->y - cell->y);
      append_attr (tile, "width", p->w);
      append_attr (tile, "height", p->h);
      append_color (tile, "fill", theme, p->ink, p->color, p->alpha);
      g_string_append (tile, "/>");
    }
  g_string_append_printf (tile, "|%g|%g", block->px, block->rows > 1 ? block->py : cell->h);
  if (!g_hash_table_lookup_extended (patterns, tile->str, NULL, &id))
    {
      id = GUINT_TO_POINTER (g_hash_table_size (patterns));
      g_string_append_printf (defs, "<pattern id=\"cells-%u\" patternUnits=\"userSpaceOnUse\"", GPOINTER_TO_UINT (id));
      append_attr (defs, "width", block->px);
      append_attr (defs, "height", block->rows > 1 ? block->py : cell->h);
      g_string_append_c (defs, '>');
      g_string_append_len (defs, tile->str, strchr (tile->str, '|') - tile->str);
      g_string_append (defs, "</pattern>\n");
      g_hash_table_insert (patterns, g_strdup (tile->str), id);
    }
  /* The pattern tiles from the rectangle's own origin. */
  g_string_append_printf (svg, "<rect class=\"gpu-block\" data-ranks=\"%u-%u\" data-columns=\"%u\" data-value=\"%u\"",
                          cell->a, cell->a + block->rows * block->cols - 1, block->cols, cell->b);
  g_string_append (svg, " transform=\"translate(");
  append_number (svg, cell->x);
  g_string_append_c (svg, ' ');
  append_number (svg, cell->y);
  g_string_append (svg, ")\"");
  append_attr (svg, "width", (block->cols - 1) * block->px + cell->w);
  append_attr (svg, "height", (block->rows - 1) * block->py + cell->h);
  g_string_append_printf (svg, " fill=\"url(#cells-%u)\"/>\n", GPOINTER_TO_UINT (id));
}

GBytes *
planner_draw_svg (const PlannerScene     *scene,
                  const PlannerDrawTheme *theme)
{
  GString *svg, *head;
  g_autoptr(GString) defs = g_string_new (NULL);
  g_autoptr(GHashTable) patterns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const PlannerShape *shapes;
  g_autofree char *family = NULL;
  g_autofree char *description = NULL;
  double width, height;
  guint n;

  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (theme != NULL, NULL);

  width = planner_scene_get_width (scene);
  height = planner_scene_get_height (scene);
  family = g_markup_escape_text (theme->font_family, -1);
  description = g_markup_escape_text (planner_scene_get_description (scene), -1);

  svg = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
  append_attr (svg, "width", ceil (width));
  append_attr (svg, "height", ceil (height));
  g_string_append_printf (svg, " viewBox=\"0 0 %.0f %.0f\" font-family=\"%s\">\n", ceil (width), ceil (height),
                          family);
  g_string_append_printf (svg, "<desc>%s</desc>\n", description);
  /* Hatching for idle time and overflow, one pattern per ink used. */
  g_string_append (svg, "<defs>\n");
  for (guint ink = PLANNER_INK_FG; ink < PLANNER_N_INKS; ink++)
    {
      if (ink == PLANNER_INK_DATA || ink == PLANNER_INK_DATA_MARK || ink == PLANNER_INK_ON_DATA)
        continue;
      g_string_append_printf (svg, "<pattern id=\"hatch-%u\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                              "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\"", ink);
      append_color (svg, "fill", theme, ink, 0, 31);
      g_string_append (svg, "/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke-width=\"1.5\"");
      append_color (svg, "stroke", theme, ink, 0, 255);
      g_string_append (svg, "/></pattern>\n");
    }
  head = svg;
  svg = g_string_new (NULL);
  g_string_append (svg, "<rect width=\"100%\" height=\"100%\"");
  append_color (svg, "fill", theme, PLANNER_INK_BG, 0, 255);
  g_string_append (svg, "/>\n");

  shapes = planner_scene_get_shapes (scene, &n);
  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];
      PlannerSvgBlock block;
      guint taken = _planner_svg_find_block (shapes, n, i, &block);

      if (taken > 0)
        {
          append_block (svg, defs, patterns, shapes, i, &block, theme);
          i += taken - 1;
          continue;
        }
      switch ((PlannerShapeKind) s->kind)
        {
        case PLANNER_SHAPE_RECT:
        case PLANNER_SHAPE_FRAME:
          g_string_append (svg, "<rect");
          append_meaning (svg, s);
          append_attr (svg, "x", s->x);
          append_attr (svg, "y", s->y);
          append_attr (svg, "width", s->w);
          append_attr (svg, "height", s->h);
          if (s->radius > 0.f)
            append_attr (svg, "rx", s->radius);
          if (s->kind == PLANNER_SHAPE_RECT)
            append_color (svg, "fill", theme, s->ink, s->color, s->alpha);
          else
            {
              g_string_append (svg, " fill=\"none\"");
              append_color (svg, "stroke", theme, s->ink, s->color, s->alpha);
              append_attr (svg, "stroke-width", s->line);
            }
          g_string_append (svg, "/>\n");
          break;
        case PLANNER_SHAPE_HATCH:
          g_string_append (svg, "<rect");
          append_meaning (svg, s);
          append_attr (svg, "x", s->x);
          append_attr (svg, "y", s->y);
          append_attr (svg, "width", s->w);
          append_attr (svg, "height", s->h);
          g_string_append_printf (svg, " fill=\"url(#hatch-%u)\"/>\n", s->ink);
          break;
        case PLANNER_SHAPE_LINE:
          g_string_append (svg, "<line");
          append_meaning (svg, s);
          append_attr (svg, "x1", s->x);
          append_attr (svg, "y1", s->y);
          append_attr (svg, "x2", s->x + s->w);
          append_attr (svg, "y2", s->y + s->h);
          append_color (svg, "stroke", theme, s->ink, s->color, s->alpha);
          append_attr (svg, "stroke-width", s->line);
          if (s->flags & PLANNER_SHAPE_DASHED)
            {
              g_string_append (svg, " stroke-dasharray=\"");
              append_number (svg, 3. * s->line);
              g_string_append_c (svg, ' ');
              append_number (svg, 2. * s->line);
              g_string_append_c (svg, '"');
            }
          g_string_append (svg, "/>\n");
          break;
        case PLANNER_SHAPE_TEXT:
          append_text (svg, scene, s, theme);
          break;
        default:
          break;
        }
    }
  g_string_append (svg, "</svg>\n");
  /* The cells' patterns go with the hatching, before their first use. */
  g_string_append_len (head, defs->str, defs->len);
  g_string_append (head, "</defs>\n");
  g_string_append_len (head, svg->str, svg->len);
  g_string_free (svg, TRUE);
  return g_string_free_to_bytes (head);
}
