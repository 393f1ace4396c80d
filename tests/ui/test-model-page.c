/* test-model-page.c: "From Hugging Face Config…" on the Model page.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "planner-job-model.h"
#include "planner-model-page-private.h"
#include "planner-window-private.h"

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static GFile *
hf_config_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "hf-configs", name, NULL);

  return g_file_new_for_path (path);
}

/* Llama 3.2 1B: its dimensions in the custom fields, the path kept, and
 * the RoPE factor Megatron 0.20 cannot pass named under Not Carried Over. */
static void
test_model_page_hf_import (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerModelPage *page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  g_autoptr(GFile) file = hf_config_file ("llama-3.2-1b.json");
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  GPtrArray *dropped, *notes;
  GtkWidget *layers, *expander;

  g_assert_cmpuint (planner_job_get_model_kind (job), ==, PLANNER_JOB_MODEL_CATALOG);
  g_assert_false (gtk_widget_get_visible (_planner_model_page_get_hf_group (page)));
  g_assert_true (_planner_model_page_import_hf_config (page, file, &error));
  g_assert_no_error (error);
  planner_window_flush (window);

  g_assert_cmpuint (planner_job_get_model_kind (job), ==, PLANNER_JOB_MODEL_CUSTOM);
  g_assert_cmpstr (planner_job_get_string (job, "hf-config"), ==, path);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 16);
  g_assert_cmpuint (planner_job_get_uint (job, "hidden-size"), ==, 2048);
  g_assert_cmpuint (planner_job_get_uint (job, "num-attention-heads"), ==, 32);
  g_assert_cmpuint (planner_job_get_uint (job, "num-query-groups"), ==, 8);
  g_assert_cmpuint (planner_job_get_uint (job, "ffn-hidden-size"), ==, 8192);
  g_assert_cmpuint (planner_job_get_uint (job, "vocab-size"), ==, 128256);
  g_assert_cmpuint (planner_job_get_uint (job, "rotary-base"), ==, 500000);
  g_assert_false (planner_job_get_bool (job, "untie-embeddings-and-output-weights"));

  /* The custom rows show the new dimensions. */
  layers = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "num-layers");
  g_assert_true (gtk_widget_get_visible (layers));
  g_assert_true (gtk_widget_get_visible (_planner_model_page_get_hf_group (page)));

  dropped = _planner_model_page_get_dropped_rows (page);
  g_assert_cmpuint (dropped->len, ==, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (dropped, 0)), ==, "rope_scaling.factor");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (g_ptr_array_index (dropped, 0)), "factor 32"));
  expander = gtk_widget_get_ancestor (g_ptr_array_index (dropped, 0), ADW_TYPE_EXPANDER_ROW);
  g_assert_nonnull (expander);
  g_assert_true (gtk_widget_get_visible (expander));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
  notes = _planner_model_page_get_note_rows (page);
  g_assert_cmpuint (notes->len, ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "model-page-hf-config.png");

  /* A catalogue model chosen after it: the job no longer names the config. */
  g_object_set (job, "model-id", "llama3-8b", NULL);
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "hf-config"), ==, "");
  g_assert_false (gtk_widget_get_visible (_planner_model_page_get_hf_group (page)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file that is not a config: the job unchanged, the message names it. */
static void
test_model_page_hf_refused (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerModelPage *page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  g_autoptr(GFile) file = hf_config_file ("README.md");
  g_autoptr(PlannerJob) before = planner_job_copy (job);
  g_autoptr(GError) error = NULL;

  g_assert_false (_planner_model_page_import_hf_config (page, file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "README.md"));
  g_assert_true (planner_job_equal (before, job));
  planner_window_flush (window);
  g_assert_false (gtk_widget_get_visible (_planner_model_page_get_hf_group (page)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A model folder, as dropped on the window: named after the folder, and
 * read through the same call as the button's. */
static void
test_model_page_hf_folder (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerModelPage *page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  g_autoptr(GFile) source = hf_config_file ("qwen3-8b.json");
  g_autofree char *tmp = g_dir_make_tmp ("planner-hf-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (tmp, "Qwen3-8B", NULL);
  g_autofree char *config_path = g_build_filename (folder, "config.json", NULL);
  g_autoptr(GFile) config = g_file_new_for_path (config_path);
  g_autoptr(GFile) dir = g_file_new_for_path (folder);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_true (g_file_copy (source, config, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  _planner_model_page_open_hf_config (page, dir);
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_model_kind (job), ==, PLANNER_JOB_MODEL_CUSTOM);
  g_assert_cmpstr (planner_job_get_string (job, "hf-config"), ==, folder);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 36);
  g_assert_true (planner_job_get_bool (job, "qk-layernorm"));
  g_assert_true (gtk_widget_get_visible (_planner_model_page_get_hf_group (page)));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (g_file_delete (config, NULL, NULL));
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/model-page/hf-import", test_model_page_hf_import);
  g_test_add_func ("/planner/model-page/hf-folder", test_model_page_hf_folder);
  g_test_add_func ("/planner/model-page/hf-refused", test_model_page_hf_refused);

  return g_test_run ();
}
