/* planner-cli-draw.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include <math.h>

#include <gio/gio.h>

#include "planner-cli-private.h"
#include "planner-draw.h"
#include "planner-picture.h"

#define COMMAND "draw"

/* The widest picture written: 8K. */
#define MAX_WIDTH 7680

static gboolean
parse_color_by (const char         *text,
                PlannerGridColorBy *color_by)
{
  for (guint i = 0; i < PLANNER_N_GRID_COLORS; i++)
    {
      if (g_str_equal (text, planner_grid_color_by_short_name (i)))
        {
          *color_by = (PlannerGridColorBy) i;
          return TRUE;
        }
    }
  return FALSE;
}

static PlannerPictureData *
load_data (const char  *path,
           PlannerJob **job_out,
           GError     **error)
{
  g_autoptr(PlannerJob) job = planner_cli_load_job (path, error);

  if (job == NULL)
    return NULL;
  if (job_out != NULL)
    *job_out = g_object_ref (job);
  return planner_picture_data_new (job, NULL);
}

/* Why a picture cannot be drawn for this job, or NULL. */
static const char *
missing (PlannerPictureKind        kind,
         const PlannerPictureData *data)
{
  PlannerReport *report = planner_picture_data_get_report (data);

  if (planner_picture_data_get_layout (data) == NULL)
    return planner_report_get_summary (report);
  if (kind == PLANNER_PICTURE_SCHEDULE && planner_picture_data_get_schedule (data) == NULL)
    return planner_picture_data_get_schedule_error (data);
  if (kind == PLANNER_PICTURE_MEMORY && planner_report_get_config (report) == NULL)
    return _("the model's dimensions are incomplete, so there is no memory estimate");
  return NULL;
}

int
planner_cli_draw (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerPictureData) a = NULL;
  g_autoptr(PlannerPictureData) b = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(PlannerScene) scene = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *output = NULL;
  g_autofree char *style_text = NULL;
  g_autofree char *color_by_text = NULL;
  g_autofree char *width_text = NULL;
  g_auto(GStrv) rest = NULL;
  gboolean force = FALSE, svg, dark = FALSE;
  double scale = 1.;
  guint64 width = 1920;
  PlannerPictureKind kind;
  PlannerGridOptions options = { 0, TRUE };
  const PlannerGridOptions *grid_options = NULL;
  PlannerDrawTheme theme;
  const char *why;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the picture to FILE (.png or .svg)"), "FILE" },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text, N_("Lay the picture out this many pixels wide (default 1920)"),
      "PIXELS" },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("PNG pixels per picture pixel (default 1)"), "FACTOR" },
    { "style", 0, 0, G_OPTION_ARG_STRING, &style_text, N_("light (default) or dark"), "light|dark" },
    { "color-by", 0, 0, G_OPTION_ARG_STRING, &color_by_text,
      N_("grid: colour GPUs by tp, cp, dp, pp, ep or edp (default: what says most about the layout)"), "DIM" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Overwrite FILE when it exists"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
    { NULL }
  };
  g_auto(GStrv) args = g_strdupv (argv);

  context = g_option_context_new ("grid|schedule|memory|compare JOB.json [OTHER.json]");
  g_option_context_set_summary (context,
                                N_("Draw a picture of a job's layout, as a PNG or an SVG, with its title, layout line,\n"
                                   "legend and the Megatron-Core version: the rank grid, the pipeline schedule, memory\n"
                                   "per stage, or two layouts side by side (compare: JOB.json against OTHER.json, or\n"
                                   "against the recommended layout when OTHER.json is not given).\n"
                                   "Exit status: 0 ok, 1 the job cannot be drawn, 2 bad invocation or unreadable job."));
  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    return PLANNER_EXIT_USAGE;

  if (rest == NULL || rest[0] == NULL)
    return planner_cli_usage_error (COMMAND, _("say which picture: grid, schedule, memory or compare"));
  if (!planner_picture_kind_from_string (rest[0], &kind))
    return planner_cli_usage_error (COMMAND, _("“%s” is not a picture; choose grid, schedule, memory or compare"),
                                    rest[0]);
  if (rest[1] == NULL)
    return planner_cli_usage_error (COMMAND, _("give the job file (JOB.json)"));
  if (rest[2] != NULL && (kind != PLANNER_PICTURE_COMPARE || rest[3] != NULL))
    return planner_cli_usage_error (COMMAND, _("“%s” is extra; only compare takes a second job file"),
                                    kind == PLANNER_PICTURE_COMPARE ? rest[3] : rest[2]);
  if (output == NULL)
    return planner_cli_usage_error (COMMAND, _("--output FILE is required (FILE.png or FILE.svg)"));
  if (g_str_has_suffix (output, ".svg") || g_str_has_suffix (output, ".SVG"))
    svg = TRUE;
  else if (g_str_has_suffix (output, ".png") || g_str_has_suffix (output, ".PNG"))
    svg = FALSE;
  else
    return planner_cli_usage_error (COMMAND, _("--output: “%s” must end in .png or .svg"), output);
  /* The app's one rule for output files, checked before the work: a
   * 16K-GPU picture takes seconds to draw. */
  if (planner_cli_check_output (COMMAND, output, force) != PLANNER_EXIT_OK)
    return PLANNER_EXIT_USAGE;
  if (width_text != NULL && !planner_cli_parse_count (COMMAND, "--width", width_text, MAX_WIDTH, &width))
    return PLANNER_EXIT_USAGE;
  if (width < 320)
    return planner_cli_usage_error (COMMAND, _("--width: %" PRIu64 " is too narrow for a picture; "
                                      "give at least 320"), width);
  if (!(scale >= 0.25 && scale <= 8.))
    return planner_cli_usage_error (COMMAND, _("--scale: give a factor between 0.25 and 8"));
  if (style_text != NULL && !g_str_equal (style_text, "light") && !g_str_equal (style_text, "dark"))
    return planner_cli_usage_error (COMMAND, _("--style: “%s” is not a style; choose light or dark"), style_text);
  dark = style_text != NULL && g_str_equal (style_text, "dark");
  if (color_by_text != NULL)
    {
      if (kind != PLANNER_PICTURE_GRID)
        return planner_cli_usage_error (COMMAND, _("--color-by is for the grid picture"));
      if (!parse_color_by (color_by_text, &options.color_by))
        return planner_cli_usage_error (COMMAND, _("--color-by: “%s” is not a dimension; choose tp, cp, dp, pp, ep "
                                          "or edp"), color_by_text);
      grid_options = &options;
    }

  a = load_data (rest[1], &job, &error);
  if (a == NULL)
    return planner_cli_usage_error (COMMAND, "%s", error->message);
  /* Before a recommendation to compare with: why the job itself cannot be
   * drawn says more than why no layout can be recommended for it. */
  if ((why = missing (kind, a)) != NULL)
    {
      g_printerr (_("launch-planner-cli %s: no %s picture for %s: %s\n"), COMMAND, rest[0], rest[1], why);
      return PLANNER_EXIT_JOB_ERRORS;
    }
  if (kind == PLANNER_PICTURE_COMPARE)
    {
      if (rest[2] != NULL)
        {
          g_autofree char *name = g_filename_display_basename (rest[2]);

          b = load_data (rest[2], NULL, &error);
          if (b == NULL)
            return planner_cli_usage_error (COMMAND, "%s", error->message);
          if ((why = missing (kind, b)) != NULL)
            {
              g_printerr (_("launch-planner-cli %s: no %s picture for %s: %s\n"), COMMAND, rest[0], rest[2], why);
              return PLANNER_EXIT_JOB_ERRORS;
            }
          planner_picture_data_set_label (b, name);
        }
      else
        {
          g_autoptr(PlannerJob) recommended = planner_picture_recommended_job (job, NULL, &error);

          if (recommended == NULL)
            {
              g_printerr (_("launch-planner-cli %s: no recommended layout to compare with: %s (or compare with "
                            "another job: draw compare JOB.json OTHER.json)\n"), COMMAND, error->message);
              return PLANNER_EXIT_JOB_ERRORS;
            }
          b = planner_picture_data_new (recommended, NULL);
          planner_picture_data_set_label (b, "Recommended layout");
        }
      {
        g_autofree char *name = g_filename_display_basename (rest[1]);

        planner_picture_data_set_label (a, name);
      }
    }

  scene = planner_picture_export (kind, a, b, grid_options, (double) width);
  planner_draw_theme_init (&theme, dark);
  if (svg)
    bytes = planner_draw_svg (scene, &theme);
  else
    {
      bytes = planner_draw_png (scene, &theme, scale, &error);
      planner_draw_shutdown ();
    }
  if (bytes == NULL)
    return planner_cli_usage_error (COMMAND, "%s", error->message);
  {
    gsize length = 0;
    const char *data = g_bytes_get_data (bytes, &length);

    if (planner_cli_write_output (COMMAND, output, data, length, 0644, force) != PLANNER_EXIT_OK)
      return PLANNER_EXIT_USAGE;
  }

  if (svg)
    g_print (_("Wrote %s (%.0f × %.0f)\n"), output, ceil (planner_scene_get_width (scene)),
             ceil (planner_scene_get_height (scene)));
  else
    g_print (_("Wrote %s (%.0f × %.0f pixels)\n"), output, ceil (planner_scene_get_width (scene) * scale),
             ceil (planner_scene_get_height (scene) * scale));
  return PLANNER_EXIT_OK;
}
