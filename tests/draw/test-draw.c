/* test-draw.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pictures as files, drawn without a display: every picture of the
 * five jobs to PNG and SVG in the build folder (for people to look at),
 * their pixels checked against the geometry, and the colour-vision
 * simulations of the grids kept beside them.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "planner-draw.h"
#include "planner-picture.h"

static const char * const jobs[] = {
  "pictures-dense-64",
  "pictures-llama31-405b-16k",
  "pictures-mixtral-ep8",
  "pictures-deepseek-v3-ep64",
  "pictures-gb200-nvl72",
};

static char *
artefact (const char *name)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "pictures", NULL);

  g_mkdir_with_parents (dir, 0755);
  return g_build_filename (dir, name, NULL);
}

static PlannerPictureData *
load_full (const char          *name,
           PlannerPictureData **recommended)
{
  g_autofree char *file = g_strdup_printf ("%s.json", name);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "cli", "jobs", file, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(PlannerJob) job = planner_job_new ();
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (planner_job_load_from_data (job, contents, length, NULL));
  if (recommended != NULL)
    {
      g_autoptr(PlannerJob) other = planner_picture_recommended_job (job, NULL, NULL);

      g_assert_nonnull (other);
      *recommended = planner_picture_data_new (other, NULL);
      planner_picture_data_set_label (*recommended, "Recommended layout");
    }
  return planner_picture_data_new (job, NULL);
}

static PlannerPictureData *
load (const char *name)
{
  return load_full (name, NULL);
}

static void
save (const char *name,
      GBytes     *bytes)
{
  g_autofree char *path = artefact (name);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  g_assert_true (g_file_set_contents (path, data, length, NULL));
  g_test_message ("saved %s", path);
}

typedef struct
{
  GBytes *bytes;
  gsize   offset;
} Reader;

static cairo_status_t
read_png (void          *closure,
          unsigned char *data,
          unsigned int   length)
{
  Reader *reader = closure;
  gsize size;
  const guint8 *src = g_bytes_get_data (reader->bytes, &size);

  if (reader->offset + length > size)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, src + reader->offset, length);
  reader->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *
decode (GBytes *png)
{
  Reader reader = { png, 0 };
  cairo_surface_t *surface = cairo_image_surface_create_from_png_stream (read_png, &reader);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (surface);
  return surface;
}

static void
pixel (cairo_surface_t *surface,
       double           x,
       double           y,
       PlannerRgb      *out)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 p = *(const guint32 *) (gconstpointer) (data + (gsize) floor (y) * stride + (gsize) floor (x) * 4);

  out->red = ((p >> 16) & 0xff) / 255.;
  out->green = ((p >> 8) & 0xff) / 255.;
  out->blue = (p & 0xff) / 255.;
}

/* Every picture of every job, both formats, light and dark. */
static void
test_draw_all (void)
{
  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    {
      g_autoptr(PlannerPictureData) recommended = NULL;
      g_autoptr(PlannerPictureData) data = load_full (jobs[j], &recommended);

      for (PlannerPictureKind kind = 0; kind < PLANNER_N_PICTURES; kind++)
        for (guint dark = 0; dark < 2; dark++)
          {
            g_autoptr(PlannerScene) scene = NULL;
            g_autoptr(GBytes) png = NULL;
            g_autoptr(GBytes) svg = NULL;
            g_autoptr(GError) error = NULL;
            g_autofree char *base = NULL;
            g_autofree char *png_name = NULL;
            g_autofree char *svg_name = NULL;
            PlannerDrawTheme theme;
            cairo_surface_t *surface;
            gint64 start;

            if (kind == PLANNER_PICTURE_COMPARE && dark)
              continue;
            base = g_strdup_printf ("%s-%s%s", jobs[j] + strlen ("pictures-"), planner_picture_kind_to_string (kind),
                                    dark ? "-dark" : "");
            start = g_get_monotonic_time ();
            scene = planner_picture_export (kind, data, recommended, NULL, 1920.);
            planner_draw_theme_init (&theme, dark);
            png = planner_draw_png (scene, &theme, 1., &error);
            g_assert_no_error (error);
            svg = planner_draw_svg (scene, &theme);
            g_test_message ("%s: %.0f × %.0f, %u shapes, %.1f ms", base, planner_scene_get_width (scene),
                            planner_scene_get_height (scene), planner_scene_get_n_shapes (scene),
                            (g_get_monotonic_time () - start) / 1000.);

            surface = decode (png);
            g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1920);
            g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) ceil (planner_scene_get_height (scene)));
            cairo_surface_destroy (surface);
            g_assert_true (g_str_has_prefix (g_bytes_get_data (svg, NULL), "<?xml"));

            png_name = g_strdup_printf ("%s.png", base);
            svg_name = g_strdup_printf ("%s.svg", base);
            save (png_name, png);
            save (svg_name, svg);
          }
    }
}

/* The PNG's pixels are the scene's: the middle of every GPU's cell has
 * its value's colour (light and dark alike). */
static void
test_draw_grid_pixels (void)
{
  g_autoptr(PlannerPictureData) data = load ("pictures-deepseek-v3-ep64");
  g_autoptr(PlannerScene) scene = planner_picture_export (PLANNER_PICTURE_GRID, data, NULL, NULL, 1920.);
  const PlannerShape *shapes;
  guint n, checked = 0;

  shapes = planner_scene_get_shapes (scene, &n);
  for (guint dark = 0; dark < 2; dark++)
    {
      PlannerDrawTheme theme;
      g_autoptr(GBytes) png = NULL;
      cairo_surface_t *surface;

      planner_draw_theme_init (&theme, dark);
      png = planner_draw_png (scene, &theme, 1., NULL);
      surface = decode (png);
      for (guint i = 0; i < n; i++)
        {
          const PlannerShape *s = &shapes[i];
          PlannerRgb got;

          if (s->tag != PLANNER_TAG_GPU)
            continue;
          /* A place away from the labels and the value's pattern. */
          switch (planner_palette_mark (s->b))
            {
            case PLANNER_MARK_UPPER:
              pixel (surface, s->x + s->w * 0.5, s->y + s->h - 2.5, &got);
              break;
            case PLANNER_MARK_LEFT:
              pixel (surface, s->x + s->w - 2.5, s->y + s->h * 0.5, &got);
              break;
            case PLANNER_MARK_RIGHT:
            case PLANNER_MARK_BANDS:
              pixel (surface, s->x + 2.5, s->y + s->h * 0.5, &got);
              break;
            case PLANNER_MARK_LOWER_LEFT:
              pixel (surface, s->x + s->w - 2.5, s->y + s->h * 0.25, &got);
              break;
            case PLANNER_MARK_UPPER_RIGHT:
              pixel (surface, s->x + 2.5, s->y + s->h * 0.75, &got);
              break;
            case PLANNER_MARK_NONE:
            case PLANNER_MARK_LOWER:
            default:
              pixel (surface, s->x + s->w * 0.5, s->y + 2.5, &got);
              break;
            }
          if (planner_rgb_delta_e (&got, planner_palette_color (s->b)) > 2.)
            g_error ("GPU %u: colour #%02x%02x%02x where value %u's belongs", s->a, (guint) (got.red * 255),
                     (guint) (got.green * 255), (guint) (got.blue * 255), s->b);
          checked++;
        }
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (checked, ==, 2 * 512);
}

/* What people with each deficiency see, kept as pictures; and in those
 * very pixels the first eight values stay apart (ΔE00 > 11). */
static void
test_draw_vision (void)
{
  static const char * const pictures[] = { "pictures-llama31-405b-16k", "pictures-deepseek-v3-ep64" };

  for (guint p = 0; p < G_N_ELEMENTS (pictures); p++)
    {
      g_autoptr(PlannerPictureData) data = load (pictures[p]);
      g_autoptr(PlannerScene) scene = planner_picture_export (PLANNER_PICTURE_GRID, data, NULL, NULL, 1920.);
      g_autoptr(GBytes) png = NULL;
      PlannerDrawTheme theme;
      const PlannerShape *shapes;
      guint n;

      planner_draw_theme_init (&theme, FALSE);
      png = planner_draw_png (scene, &theme, 1., NULL);
      shapes = planner_scene_get_shapes (scene, &n);
      for (PlannerVision v = PLANNER_VISION_PROTANOPIA; v < PLANNER_N_VISIONS; v++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GBytes) seen = planner_draw_simulate_vision (png, v, &error);
          g_autofree char *name = g_strdup_printf ("%s-grid-%s.png", pictures[p] + strlen ("pictures-"),
                                                   planner_vision_to_string (v));
          PlannerRgb sample[PLANNER_PALETTE_SIZE];
          gboolean have[PLANNER_PALETTE_SIZE] = { FALSE, };
          cairo_surface_t *surface;
          double worst = G_MAXDOUBLE;

          g_assert_no_error (error);
          save (name, seen);
          surface = decode (seen);
          for (guint i = 0; i < n; i++)
            {
              const PlannerShape *s = &shapes[i];

              if (s->tag == PLANNER_TAG_GPU && s->b < PLANNER_PALETTE_SIZE && !have[s->b])
                {
                  pixel (surface, s->x + s->w * 0.5, s->y + 1.5, &sample[s->b]);
                  have[s->b] = TRUE;
                }
            }
          cairo_surface_destroy (surface);
          for (guint a = 0; a < PLANNER_PALETTE_SIZE; a++)
            for (guint b = a + 1; b < PLANNER_PALETTE_SIZE; b++)
              if (have[a] && have[b])
                worst = MIN (worst, planner_rgb_delta_e (&sample[a], &sample[b]));
          g_test_message ("%s: smallest ΔE00 between values on screen %.1f", name, worst);
          g_assert_cmpfloat (worst, >, 11.);
        }
    }
}

static void
test_draw_limits (void)
{
  g_autoptr(PlannerScene) scene = planner_scene_new (20000., 100.);
  g_autoptr(GError) error = NULL;
  PlannerDrawTheme theme;
  g_autoptr(GBytes) png = NULL;

  planner_draw_theme_init (&theme, FALSE);
  png = planner_draw_png (scene, &theme, 1., &error);
  g_assert_null (png);
  g_assert_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_TOO_LARGE);
}

/* Each side within the limit, but 16000 × 16000 would hold 1 GiB of image
 * in memory: refused before anything is allocated; a scale that gives
 * NaN or nothing is refused too. */
static void
test_draw_limits_area (void)
{
  g_autoptr(PlannerScene) scene = planner_scene_new (2000., 2000.);
  PlannerDrawTheme theme;
  const double scales[] = { 8., NAN, INFINITY, 0., -1., 1e-9 };

  planner_draw_theme_init (&theme, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) png = planner_draw_png (scene, &theme, scales[i], &error);

      g_assert_null (png);
      g_assert_error (error, PLANNER_DRAW_ERROR, PLANNER_DRAW_ERROR_TOO_LARGE);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/draw/all", test_draw_all);
  g_test_add_func ("/planner/draw/grid-pixels", test_draw_grid_pixels);
  g_test_add_func ("/planner/draw/vision", test_draw_vision);
  g_test_add_func ("/planner/draw/limits", test_draw_limits);
  g_test_add_func ("/planner/draw/limits-area", test_draw_limits_area);

  status = g_test_run ();
  planner_draw_shutdown ();
  return status;
}
