/* test-pictures.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The schedule, the memory chart, the comparison, their pages and the
 * presentation, for issue 13's five jobs, at 1280×800 and 1920×1080, in
 * light and dark style and with large text: the geometry checked, the
 * pictures saved for people to look at.
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <math.h>

#include "planner-compare-page.h"
#include "planner-compare-view.h"
#include "planner-memory-chart.h"
#include "planner-picture-page.h"
#include "planner-presentation.h"
#include "planner-rank-grid-private.h"
#include "planner-schedule-view.h"

static const char * const jobs[] = {
  "pictures-dense-64",
  "pictures-llama31-405b-16k",
  "pictures-mixtral-ep8",
  "pictures-deepseek-v3-ep64",
  "pictures-gb200-nvl72",
};

static PlannerJob *
load_job (const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s.json", name);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "cli", "jobs", file, NULL);
  g_autofree char *contents = NULL;
  PlannerJob *job = planner_job_new ();
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (planner_job_load_from_data (job, contents, length, NULL));
  return job;
}

static PlannerPictureData *
load (const char          *name,
      PlannerPictureData **recommended)
{
  g_autoptr(PlannerJob) job = load_job (name);

  if (recommended != NULL)
    {
      g_autoptr(PlannerJob) other = planner_picture_recommended_job (job, NULL, NULL);

      g_assert_nonnull (other);
      *recommended = planner_picture_data_new (other, NULL);
      planner_picture_data_set_label (*recommended, "Recommended layout");
    }
  return planner_picture_data_new (job, NULL);
}

/* Windows larger than the (virtual) screen are shrunk to it: those sizes
 * are left out, said so, rather than checked wrongly.  build-aux/test
 * runs Xvfb at 1920×1080. */
static gboolean
screen_fits (int width,
             int height)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  GdkRectangle geometry;

  gdk_monitor_get_geometry (monitor, &geometry);
  if (geometry.width >= width && geometry.height >= height)
    return TRUE;
  g_test_message ("the screen is %d×%d: pictures at %d×%d left out", geometry.width, geometry.height, width, height);
  return FALSE;
}

static GtkWindow *
window_with (GtkWidget *child,
             int        width,
             int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), child);
  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, scrolled);
  gtk_window_present (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
set_style (gboolean dark,
           gboolean large_text)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  /* GNOME's Large Text is a text scaling factor of 1.25 on the DPI. */
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", large_text ? (int) (96 * 1.25 * 1024) : 96 * 1024, NULL);
}

/* The geometry the widget draws is the engine's, for its size. */
static void
check_scene (PlannerPictureView *view,
             PlannerPictureData *data,
             double              font)
{
  PlannerScene *scene = planner_picture_view_get_scene (view);
  const PlannerShape *shapes;
  guint n, cells = 0, bubbles = 0, gpus = 0;
  double segments = 0., totals = 0.;

  g_assert_nonnull (scene);
  g_assert_cmpfloat (planner_scene_get_width (scene), <=, gtk_widget_get_width (GTK_WIDGET (view)) + 0.5);
  g_assert_cmpfloat_with_epsilon (planner_scene_get_font_size (scene), font, 0.6);
  shapes = planner_scene_get_shapes (scene, &n);
  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];

      if (s->tag == PLANNER_TAG_SCHEDULE_CELL && s->kind == PLANNER_SHAPE_RECT)
        cells++;
      else if (s->tag == PLANNER_TAG_BUBBLE)
        {
          const PlannerSchedule *sch = planner_picture_data_get_schedule (data);

          bubbles++;
          if (s->panel == 0)
            g_assert_cmpfloat_with_epsilon (s->value, (sch->pp - 1.) / ((double) sch->vpp * sch->num_microbatches),
                                            1e-12);
        }
      else if (s->tag == PLANNER_TAG_BAR_SEGMENT && s->panel == 0)
        segments += s->value;
      else if (s->tag == PLANNER_TAG_BAR_TOTAL && s->panel == 0)
        totals += s->value;
      else if (s->tag == PLANNER_TAG_GPU && s->panel == 0)
        gpus++;
    }
  switch (planner_picture_view_get_kind (view))
    {
    case PLANNER_PICTURE_SCHEDULE:
      g_assert_cmpuint (bubbles, ==, 1);
      g_assert_cmpuint (cells, >, 0);
      break;
    case PLANNER_PICTURE_MEMORY:
      g_assert_cmpfloat_with_epsilon (segments, totals, totals * 1e-12);
      break;
    case PLANNER_PICTURE_COMPARE:
      g_assert_cmpuint (gpus, ==, planner_picture_data_get_layout (data)->world_size);
      g_assert_cmpuint (bubbles, ==, 2);
      break;
    case PLANNER_PICTURE_GRID:
    case PLANNER_N_PICTURES:
    default:
      g_assert_not_reached ();
    }
}

static double
base_font (void)
{
  g_autofree char *name = NULL;
  PangoFontDescription *desc;
  double size;
  int dpi = 0;

  /* The desktop font (gtk-font-name) at the current DPI. */
  g_object_get (gtk_settings_get_default (), "gtk-xft-dpi", &dpi, "gtk-font-name", &name, NULL);
  desc = pango_font_description_from_string (name);
  size = pango_font_description_get_size (desc) / (double) PANGO_SCALE;
  pango_font_description_free (desc);
  return size * dpi / 1024. / 72.;
}

static void
test_pictures_views (void)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1920, 1080 } };

  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    {
      g_autoptr(PlannerPictureData) recommended = NULL;
      g_autoptr(PlannerPictureData) data = load (jobs[j], &recommended);

      for (guint k = 0; k < 3; k++)
        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          for (guint variant = 0; variant < 2; variant++)
            {
              GtkWidget *view = k == 0 ? planner_schedule_view_new ()
                                : k == 1 ? planner_memory_chart_new () : planner_compare_view_new ();
              g_autofree char *name = NULL;
              GtkWindow *window;
              const char *kinds[] = { "schedule", "memory", "compare" };

              /* The light pictures of every job; dark with large text for two of them. */
              if ((variant == 1 && j != 0 && j != 3) || !screen_fits (sizes[z][0], sizes[z][1]))
                {
                  g_object_ref_sink (view);
                  g_object_unref (view);
                  continue;
                }
              set_style (variant == 1, variant == 1);
              planner_picture_view_set_data (PLANNER_PICTURE_VIEW (view), data);
              planner_picture_view_set_other (PLANNER_PICTURE_VIEW (view), recommended);
              window = window_with (view, sizes[z][0], sizes[z][1]);
              check_scene (PLANNER_PICTURE_VIEW (view), data, base_font ());
              name = g_strdup_printf ("%s-%s-%dx%d%s.png", jobs[j] + strlen ("pictures-"), kinds[k], sizes[z][0],
                                      sizes[z][1], variant ? "-dark-large" : "");
              planner_test_save_png (GTK_WIDGET (window), name);
              gtk_window_destroy (window);
            }
    }
  set_style (FALSE, FALSE);
}

/* Every picture full screen; the arrows step, Escape leaves. */
static void
test_pictures_presentation (void)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1920, 1080 } };

  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(PlannerPictureData) recommended = NULL;
        g_autoptr(PlannerPictureData) data = load (jobs[j], &recommended);
        GtkWidget *presentation;
        gboolean dark = z == 1 && (j == 1 || j == 4);

        if ((z == 1 && j != 1 && j != 4) || !screen_fits (sizes[z][0], sizes[z][1]))
          continue;
        set_style (dark, dark);
        presentation = planner_presentation_new (NULL, data, recommended);
        g_object_ref_sink (presentation);
        gtk_window_unfullscreen (GTK_WINDOW (presentation));
        gtk_window_set_default_size (GTK_WINDOW (presentation), sizes[z][0], sizes[z][1]);
        gtk_window_present (GTK_WINDOW (presentation));
        gtk_test_widget_wait_for_draw (presentation);
        g_assert_cmpuint (planner_presentation_get_n_pictures (PLANNER_PRESENTATION (presentation)), ==, 4);
        /* Three pictures and the comparison in four parts. */
        g_assert_cmpuint (planner_presentation_get_n_slides (PLANNER_PRESENTATION (presentation)), ==, 7);
        planner_presentation_set_slide (PLANNER_PRESENTATION (presentation), 0);

        for (guint index = 0; index < 7; index++)
          {
            GtkWidget *view = planner_presentation_get_slide_view (PLANNER_PRESENTATION (presentation), index);
            PlannerPictureKind kind = planner_presentation_get_picture (PLANNER_PRESENTATION (presentation));
            g_autofree char *name = g_strdup_printf ("presentation-%s-%u-%s-%dx%d%s.png", jobs[j] + strlen ("pictures-"),
                                                     index + 1, planner_picture_kind_to_string (kind), sizes[z][0],
                                                     sizes[z][1], dark ? "-dark-large" : "");
            GtkLabel *layout_line = NULL;
            GtkLabel *title = planner_presentation_get_slide_title (PLANNER_PRESENTATION (presentation), index,
                                                                    &layout_line);
            double font;

            g_assert_cmpuint (planner_presentation_get_slide (PLANNER_PRESENTATION (presentation)), ==, index);
            gtk_test_widget_wait_for_draw (presentation);
            /* Issue 23 #14: every slide has its title and (but the
             * comparison's, whose panels carry theirs) its layout line, in
             * a room's type: a 36th of the height, 30 px at 1080p. */
            font = planner_presentation_get_font_size (PLANNER_PRESENTATION (presentation));
            g_assert_cmpfloat (fabs (font - sizes[z][1] / 36.), <, 1.);
            g_assert_nonnull (title);
            g_assert_cmpuint (strlen (gtk_label_get_text (title)), >, 5);
            g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (title)));
            if (kind != PLANNER_PICTURE_COMPARE)
              {
                g_assert_nonnull (layout_line);
                g_assert_nonnull (strstr (gtk_label_get_text (layout_line), " GPUs"));
                g_assert_nonnull (strstr (gtk_label_get_text (title), planner_picture_data_get_title (data)));
              }
            /* Full window: the picture takes what the caption leaves. */
            g_assert_cmpint (gtk_widget_get_width (view), >=, sizes[z][0] - 100);
            if (kind == PLANNER_PICTURE_GRID)
              {
                const PlannerGridGeometry *geo = _planner_rank_grid_get_geometry (PLANNER_RANK_GRID (view));
                guint32 world = planner_picture_data_get_layout (data)->world_size, seen = 0;
                double ox, oy;

                g_assert_true (planner_rank_grid_get_presentation (PLANNER_RANK_GRID (view)));
                g_assert_cmpint (gtk_widget_get_height (view), >=, sizes[z][1] - 260);

                /* Cells grow to fill: a small job gets big cells. */
                if (world <= 64)
                  g_assert_cmpfloat (geo->cell, >, 48.);
                /* Every GPU where the engine put it, found there by the pointer;
                 * all of them in view, even the 16,384. */
                _planner_rank_grid_get_origin (PLANNER_RANK_GRID (view), &ox, &oy);
                for (guint32 r = 0; r < world; r++)
                  {
                    double x, y;

                    planner_grid_geometry_cell (geo, r, &x, &y);
                    x += ox + geo->cell / 2.;
                    y += oy + geo->cell / 2.;
                    if (x < 0. || y < 0. || x >= gtk_widget_get_width (view) || y >= gtk_widget_get_height (view))
                      continue;
                    g_assert_cmpint (_planner_rank_grid_rank_at (PLANNER_RANK_GRID (view), x, y), ==, (int) r);
                    seen++;
                  }
                g_assert_cmpuint (seen, ==, world);
              }
            else
              {
                PlannerScene *scene = planner_picture_view_get_scene (PLANNER_PICTURE_VIEW (view));

                g_assert_true (planner_picture_view_get_presentation (PLANNER_PICTURE_VIEW (view)));
                /* Large text: one and a half times the window's, a room's at least. */
                g_assert_cmpfloat (planner_scene_get_font_size (scene), >, base_font () * 1.4);
                /* (The rows that differ may take smaller type, never under 24 px at 1080p.) */
                if (index == 6)
                  g_assert_cmpfloat (planner_scene_get_font_size (scene), >=, 24. * sizes[z][1] / 1080.);
                else
                  g_assert_cmpfloat (planner_scene_get_font_size (scene), >=, font - 0.01);
                /* Each slide fits: nothing below the screen's edge. */
                g_test_message ("%s slide %u (%s): %.0f px in %d", jobs[j], index, gtk_label_get_text (title),
                                planner_scene_get_height (scene), gtk_widget_get_height (view));
                g_assert_cmpfloat (planner_scene_get_height (scene), <=, gtk_widget_get_height (view) + 1.);
              }
            planner_test_save_png (presentation, name);
            g_assert_true (gtk_widget_activate_action (presentation, "presentation.next", NULL));
          }
        /* Past the last slide it stays; back one is still the comparison. */
        g_assert_cmpuint (planner_presentation_get_slide (PLANNER_PRESENTATION (presentation)), ==, 6);
        g_assert_true (gtk_widget_activate_action (presentation, "presentation.previous", NULL));
        g_assert_cmpint (planner_presentation_get_picture (PLANNER_PRESENTATION (presentation)), ==,
                         PLANNER_PICTURE_COMPARE);
        planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_COMPARE);
        g_assert_true (gtk_widget_activate_action (presentation, "presentation.previous", NULL));
        g_assert_cmpint (planner_presentation_get_picture (PLANNER_PRESENTATION (presentation)), ==,
                         PLANNER_PICTURE_MEMORY);
        g_assert_true (gtk_widget_activate_action (presentation, "presentation.leave", NULL));
        g_assert_false (gtk_widget_get_visible (presentation));
        g_assert_finalize_object (presentation);
      }
  set_style (FALSE, FALSE);
}

/* Without a second layout there are three pictures. */
static void
test_pictures_presentation_three (void)
{
  g_autoptr(PlannerPictureData) data = load ("pictures-mixtral-ep8", NULL);
  GtkWidget *presentation = planner_presentation_new (NULL, data, NULL);

  g_object_ref_sink (presentation);
  g_assert_cmpuint (planner_presentation_get_n_pictures (PLANNER_PRESENTATION (presentation)), ==, 3);
  g_assert_null (planner_presentation_get_view (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_COMPARE));
  planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_MEMORY);
  g_assert_true (gtk_widget_activate_action (presentation, "presentation.next", NULL));
  g_assert_cmpint (planner_presentation_get_picture (PLANNER_PRESENTATION (presentation)), ==, PLANNER_PICTURE_MEMORY);
  gtk_window_destroy (GTK_WINDOW (presentation));
  g_assert_finalize_object (presentation);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GError **error = user_data;

  if (planner_picture_page_export_finish (PLANNER_PICTURE_PAGE (source), result, error))
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NONE, "done");
}

/* The pages: status page without a job, the picture with one, and Export
 * writing through GIO what the command line writes. */
static void
test_pictures_pages (void)
{
  g_autoptr(PlannerJob) job = load_job ("pictures-llama31-405b-16k");
  GtkWidget *schedule = planner_picture_page_new_schedule ();
  GtkWidget *memory = planner_picture_page_new_memory ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  g_autofree char *png = g_test_build_filename (G_TEST_BUILT, "schedule-page-export.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (png);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  gtk_widget_set_hexpand (schedule, TRUE);
  gtk_widget_set_hexpand (memory, TRUE);
  gtk_box_append (GTK_BOX (box), schedule);
  gtk_box_append (GTK_BOX (box), memory);
  gtk_window_set_child (window, box);
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_present (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "pages-empty.png");

  planner_picture_page_set_report (PLANNER_PICTURE_PAGE (schedule), job, NULL);
  planner_picture_page_set_report (PLANNER_PICTURE_PAGE (memory), job, NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "pages-405b.png");
  g_assert_nonnull (planner_picture_view_get_scene (planner_picture_page_get_view (PLANNER_PICTURE_PAGE (schedule))));

  planner_picture_page_export_async (PLANNER_PICTURE_PAGE (schedule), FALSE, file, NULL, on_exported, &error);
  while (error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NONE);
  g_clear_error (&error);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 1920);

  gtk_window_destroy (window);
}

static void
test_pictures_compare_page (void)
{
  g_autoptr(PlannerJob) job = load_job ("pictures-dense-64");
  g_autoptr(PlannerJob) other = load_job ("pictures-gb200-nvl72");
  GtkWidget *page = planner_compare_page_new ();
  PlannerPictureView *view = planner_compare_page_get_view (PLANNER_COMPARE_PAGE (page));
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  /* Off screen, the recommendation is not searched. */
  planner_compare_page_set_job (PLANNER_COMPARE_PAGE (page), job, NULL);
  g_assert_null (planner_picture_view_get_other (view));

  gtk_window_set_child (window, page);
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_present (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_null (planner_compare_page_get_problem (PLANNER_COMPARE_PAGE (page)));
  g_assert_nonnull (planner_picture_view_get_other (view));
  g_assert_cmpstr (planner_picture_data_get_label (planner_picture_view_get_other (view)), ==, "Recommended layout");
  planner_test_save_png (GTK_WIDGET (window), "compare-page-recommended.png");

  planner_compare_page_set_other_job (PLANNER_COMPARE_PAGE (page), other, "gb200.json");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (planner_picture_data_get_label (planner_picture_view_get_other (view)), ==, "gb200.json");
  g_assert_cmpuint (planner_picture_data_get_layout (planner_picture_view_get_other (view))->world_size, ==, 144);
  planner_test_save_png (GTK_WIDGET (window), "compare-page-saved.png");

  planner_compare_page_set_other_job (PLANNER_COMPARE_PAGE (page), NULL, NULL);
  g_assert_cmpstr (planner_picture_data_get_label (planner_picture_view_get_other (view)), ==, "Recommended layout");
  gtk_window_destroy (window);
}

static void
test_pictures_new_destroy (void)
{
  GtkWidget *widgets[] = {
    planner_schedule_view_new (), planner_memory_chart_new (), planner_compare_view_new (),
    planner_picture_page_new_schedule (), planner_picture_page_new_memory (), planner_compare_page_new (),
  };

  for (guint i = 0; i < G_N_ELEMENTS (widgets); i++)
    {
      g_object_ref_sink (widgets[i]);
      g_assert_finalize_object (widgets[i]);
    }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  planner_test_load_style ();
  /* The presentation's crossfade would be half done in the pictures. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/planner/pictures/new-destroy", test_pictures_new_destroy);
  g_test_add_func ("/planner/pictures/views", test_pictures_views);
  g_test_add_func ("/planner/pictures/presentation", test_pictures_presentation);
  g_test_add_func ("/planner/pictures/presentation-three", test_pictures_presentation_three);
  g_test_add_func ("/planner/pictures/pages", test_pictures_pages);
  g_test_add_func ("/planner/pictures/compare-page", test_pictures_compare_page);

  return g_test_run ();
}
