/* test-screenshots.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The screenshots the AppStream metainfo shows, made from the real window
 * with the example job: a test, so they are always made the way the
 * window draws today.  They go to the test build folder, or to
 * $PLANNER_SCREENSHOT_DIR: build-aux/update-screenshots points that at
 * data/screenshots/ to refresh the committed pictures.
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "planner-window-private.h"

/* What data/screenshots holds and the metainfo names, in its order. */
static const struct
{
  const char *page;
  const char *file;
  gboolean    script;  /* the script pane beside the page (F9 hides it) */
} shots[] = {
  { "parallelism", "parallelism.png", TRUE },
  { "pictures", "rank-grid.png", FALSE },  /* its first view: the rank grid */
  { "memory", "memory.png", FALSE },
};

#define WIDTH  1600
#define HEIGHT 900

static void
test_screenshots (void)
{
  const char *env = g_getenv ("PLANNER_SCREENSHOT_DIR");
  g_autofree char *folder = env != NULL && *env != '\0' ? g_strdup (env)
                                                        : g_test_build_filename (G_TEST_BUILT, "screenshots", NULL);
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  GtkStack *stack = _planner_window_get_stack (window);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  /* As a person sees the released app: no development stripes, the
   * default light style, a size that suits the store pages. */
  gtk_widget_remove_css_class (GTK_WIDGET (window), "devel");
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  /* The example job, LLaMA-3 70B on 8 × 8 H100, with what a person fills
   * in before the script can be drafted. */
  g_assert_cmpuint (planner_job_get_world_size (planner_window_get_job (window)), ==, 64);
  g_object_set (planner_window_get_job (window),
                "train-iters", 250000,
                "data-path", "/datasets/pile/pile_text_document",
                "tokenizer-model", "/models/llama3-70b",
                "save-dir", "/checkpoints/llama3-70b",
                "load-dir", "/checkpoints/llama3-70b",
                NULL);
  planner_window_flush (window);

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      /* win.show-page counts the sidebar rows shown (Alt+N), as a person does. */
      int position = _planner_window_get_page_position (window, shots[i].page);
      g_autoptr(GVariant) index = NULL;
      g_autofree char *path = g_build_filename (folder, shots[i].file, NULL);
      g_autoptr(GdkTexture) written = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (position, >=, 0);
      index = g_variant_ref_sink (g_variant_new_int32 (position));
      gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.show-page", index);
      planner_window_flush (window);
      g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, shots[i].page);
      /* The wide window shows the draft beside the form; F9 toggles it. */
      if (gtk_widget_get_mapped (GTK_WIDGET (_planner_window_get_script_pane (window))) != shots[i].script)
        {
          gint64 until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

          gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-script", NULL);
          /* The flap slides: wait for the end of it. */
          while (gtk_widget_get_mapped (GTK_WIDGET (_planner_window_get_script_pane (window))) != shots[i].script
                 && g_get_monotonic_time () < until)
            g_main_context_iteration (NULL, FALSE);
          gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
        }
      g_assert_cmpint (gtk_widget_get_mapped (GTK_WIDGET (_planner_window_get_script_pane (window))), ==,
                       shots[i].script);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      planner_test_save_png_in (GTK_WIDGET (window), folder, shots[i].file);

      /* Read back: the whole window, not an empty or cut picture. */
      written = gdk_texture_new_from_filename (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (gdk_texture_get_width (written), ==, gtk_widget_get_width (GTK_WIDGET (window)));
      g_assert_cmpint (gdk_texture_get_width (written), >=, 1400);
      g_assert_cmpint (gdk_texture_get_height (written), >=, 800);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();
  /* Pictures of settled windows: the script pane folds at once.  Under load
   * libadwaita 1.2's flap could paint a gizmo mid-animation before its
   * allocation ("Trying to snapshot AdwGizmo … without a current
   * allocation"), a warning G_DEBUG=fatal-warnings made a crash. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/planner/screenshots/window", test_screenshots);

  return g_test_run ();
}
