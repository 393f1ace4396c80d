/* planner-picture.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dispatcher: the one unit that knows every picture kind.  The kinds
 * draw with planner-picture-common.c and read planner-picture-data.c.
 */

#define G_LOG_DOMAIN "planner-picture"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "planner-picture-private.h"

static const char * const kind_names[PLANNER_N_PICTURES] = {
  "grid", "schedule", "memory", "compare",
};

const char *
planner_picture_kind_to_string (PlannerPictureKind kind)
{
  return kind < PLANNER_N_PICTURES ? kind_names[kind] : NULL;
}

gboolean
planner_picture_kind_from_string (const char         *name,
                                  PlannerPictureKind *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < PLANNER_N_PICTURES; i++)
    {
      if (g_str_equal (name, kind_names[i]))
        {
          if (kind != NULL)
            *kind = (PlannerPictureKind) i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Exports -------------------------------------------------------------------- */

PlannerScene *
planner_picture_export (PlannerPictureKind         kind,
                        const PlannerPictureData  *a,
                        const PlannerPictureData  *b,
                        const PlannerGridOptions  *options,
                        double                     width)
{
  g_autoptr(PlannerScene) inner = NULL;
  PlannerPictureStyle style = { 0, };
  PlannerGridOptions grid_options;
  PlannerScene *scene;
  PlannerShape *shape;
  double font, pad, y, line_h;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (kind < PLANNER_N_PICTURES, NULL);
  g_return_val_if_fail (kind != PLANNER_PICTURE_COMPARE || b != NULL, NULL);

  width = MAX (width, 320.);
  font = MAX (width / 96., 8.);
  pad = font * 1.5;
  line_h = font * 1.5;

  style.font_size = font;
  style.width = width - 2 * pad;
  switch (kind)
    {
    case PLANNER_PICTURE_GRID:
      if (options == NULL)
        {
          grid_options.color_by = planner_picture_data_get_default_color_by (a);
          grid_options.labels = TRUE;
          options = &grid_options;
        }
      inner = planner_picture_grid (a, options, &style);
      break;
    case PLANNER_PICTURE_SCHEDULE:
      inner = planner_picture_schedule (a, &style);
      break;
    case PLANNER_PICTURE_MEMORY:
      inner = planner_picture_memory (a, &style);
      break;
    case PLANNER_PICTURE_COMPARE:
      inner = planner_picture_compare (a, b, &style);
      break;
    case PLANNER_N_PICTURES:
    default:
      g_return_val_if_reached (NULL);
    }

  scene = planner_scene_new (width, 0);
  planner_scene_set_font_size (scene, font);
  y = pad;
  shape = planner_scene_add_text (scene, pad, y, width - 2 * pad, font * 2.2, font * 1.6, PLANNER_INK_FG,
                                  PLANNER_SHAPE_BOLD | PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                  kind == PLANNER_PICTURE_COMPARE
                                  /* Translators: the title of a comparison picture */
                                  ? _("Two layouts side by side") : planner_picture_data_get_title (a));
  shape->tag = PLANNER_TAG_TITLE;
  y += font * 2.4;
  if (kind != PLANNER_PICTURE_COMPARE)
    {
      planner_scene_add_text (scene, pad, y, width - 2 * pad, line_h, font, PLANNER_INK_FG,
                              PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, planner_picture_data_get_layout_line (a));
      y += line_h;
      if (planner_picture_data_get_expert_line (a) != NULL)
        {
          planner_scene_add_text (scene, pad, y, width - 2 * pad, line_h, font, PLANNER_INK_DIM,
                                  PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                  planner_picture_data_get_expert_line (a));
          y += line_h;
        }
    }
  y += font * 0.8;

  planner_scene_append (scene, inner, pad, y, 1., 0);
  y += planner_scene_get_height (inner) + font;

  /* Translators: the footer of exported pictures: "Planned for Megatron-Core 0.20.0 · Launch Planner 0.1.0" */
  shape = planner_scene_add_textf (scene, pad, y, width - 2 * pad, line_h, font * 0.85, PLANNER_INK_DIM,
                                   PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, _("Planned for %s · Launch Planner %s"),
                                   PLANNER_PICTURE_MEGATRON, PACKAGE_VERSION);
  shape->tag = PLANNER_TAG_FOOTER;
  y += line_h + pad * 0.5;

  planner_scene_set_size (scene, width, ceil (y));
  planner_scene_set_description (scene, planner_scene_get_description (inner));
  return scene;
}
