/* test-window.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "planner-script-page.h"
#include "planner-window-private.h"

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
test_window_new_destroy (void)
{
  PlannerWindow *window = new_window ();

  g_assert_nonnull (planner_window_get_job (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_example_summary (void)
{
  PlannerWindow *window = new_window ();
  GtkLabel *summary = _planner_window_get_summary_label (window);
  PlannerJob *job = planner_window_get_job (window);

  /* The first start shows the example: LLaMA-3 70B on 8 × 8 H100. */
  g_assert_cmpstr (planner_job_get_model_id (job), ==, "llama3-70b");
  g_assert_cmpuint (planner_job_get_world_size (job), ==, 64);
  g_assert_cmpstr (gtk_label_get_text (summary), ==, "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs ✓");
  planner_test_save_png (GTK_WIDGET (window), "window-example.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_summary_follows_job (void)
{
  PlannerWindow *window = new_window ();
  GtkLabel *summary = _planner_window_get_summary_label (window);
  PlannerJob *job = planner_window_get_job (window);

  /* Data parallel is what is left: 64 / (8 · 4) = 2. */
  g_object_set (job, "tp", 8, NULL);
  planner_window_flush (window);
  g_assert_cmpstr (gtk_label_get_text (summary), ==, "TP 8 × CP 1 × DP 2 × PP 4 = 64 GPUs ✓");

  /* 3 does not divide 64: the summary says so and is styled as an error. */
  g_object_set (job, "tp", 3, NULL);
  planner_window_flush (window);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (summary), "✗"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (summary), "error"));
  g_assert_cmpuint (planner_report_count (planner_window_get_report (window), PLANNER_SEVERITY_ERROR), >, 0);

  g_object_set (job, "tp", 4, NULL);
  planner_window_flush (window);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (summary), "error"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_pages (void)
{
  static const char *names[] = { "model", "cluster", "data", "training", "parallelism", "experts",
                                 "rank-grid", "memory", "optimize", "troubleshoot", "script" };
  PlannerWindow *window = new_window ();
  GtkStack *stack = _planner_window_get_stack (window);

  /* No crossfade, so each picture shows its own page. */
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GVariant) index = g_variant_ref_sink (g_variant_new_int32 (i));

      g_assert_nonnull (gtk_stack_get_child_by_name (stack, names[i]));
      gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.show-page", index);
      if (i < 9)
        {
          g_autofree char *png = g_strdup_printf ("window-page-%s.png", names[i]);

          g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, names[i]);
          gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
          planner_test_save_png (GTK_WIDGET (window), png);
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* "Use Recommended" changes the job like any edit: the summary follows. */
static void
test_window_use_recommended (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkLabel *summary = _planner_window_get_summary_label (window);
  GtkStack *stack = _planner_window_get_stack (window);

  /* 7B on one 8-GPU node: the search agrees with the reference table. */
  g_object_set (job, "model-id", "llama2-7b", "nodes", 1, "tp", 2, "pp", 2, NULL);
  planner_window_flush (window);
  _planner_window_use_recommended (window);
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 1);
  g_assert_cmpuint (planner_job_get_uint (job, "pp"), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (summary), ==, "TP 1 × CP 1 × DP 8 × PP 1 = 8 GPUs ✓");

  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_set_visible_child_name (stack, "parallelism");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-recommended.png");
  gtk_stack_set_visible_child_name (stack, "memory");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-memory.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The script pane: refused while paths are missing, a draft once they are
 * given, approval of exactly that draft, a new unapproved draft after any
 * change, and export of exactly the approved bytes. */
static void
test_window_script_page (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkStack *stack = _planner_window_get_stack (window);
  PlannerScriptPage *page = PLANNER_SCRIPT_PAGE (gtk_stack_get_child_by_name (stack, "script"));
  g_autoptr(GDateTime) when = g_date_time_new_utc (2026, 11, 29, 12, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("planner-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "train.sh", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *written = NULL;
  g_autofree char *approved = NULL;

  g_object_set (job, "model-id", "llama3-8b", "nodes", 1, "tp", 1, "pp", 1, NULL);
  planner_window_flush (window);
  /* No data path and no tokenizer: generation is refused, nothing to approve. */
  g_assert_null (planner_script_page_get_text (page));
  g_assert_false (planner_script_page_approve (page, when, &error));
  g_clear_error (&error);

  g_object_set (job, "data-path", "/data/my corpus/text_document", "tokenizer-model", "/models/llama3",
                "train-iters", 1000, NULL);
  planner_window_flush (window);
  g_assert_nonnull (planner_script_page_get_text (page));
  g_assert_false (planner_script_page_get_approved (page));
  g_assert_false (planner_script_page_export (page, file, &error));
  g_clear_error (&error);

  g_assert_true (planner_script_page_approve (page, when, &error));
  g_assert_no_error (error);
  g_assert_true (planner_script_page_get_approved (page));
  approved = g_strdup (planner_script_page_get_text (page));
  g_assert_true (planner_script_page_export (page, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, approved);

  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_set_visible_child_name (stack, "script");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-script.png");

  /* Any change to the job makes a new draft that is not approved. */
  g_object_set (job, "micro-batch-size", 2, NULL);
  planner_window_flush (window);
  g_assert_false (planner_script_page_get_approved (page));
  g_assert_cmpstr (planner_script_page_get_text (page), !=, approved);

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_dark (void)
{
  PlannerWindow *window;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  window = new_window ();
  planner_test_save_png (GTK_WIDGET (window), "window-dark.png");
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/window/new-destroy", test_window_new_destroy);
  g_test_add_func ("/planner/window/example-summary", test_window_example_summary);
  g_test_add_func ("/planner/window/summary-follows-job", test_window_summary_follows_job);
  g_test_add_func ("/planner/window/pages", test_window_pages);
  g_test_add_func ("/planner/window/use-recommended", test_window_use_recommended);
  g_test_add_func ("/planner/window/script-page", test_window_script_page);
  g_test_add_func ("/planner/window/dark", test_window_dark);

  return g_test_run ();
}
