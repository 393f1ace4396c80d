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

#include "planner-field.h"
#include "planner-job-model.h"
#include "planner-model-page-private.h"
#include "planner-script-pane.h"
#include "planner-spin-row.h"
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

static const char *
row_subtitle (PlannerModelPage *page,
              const char       *property)
{
  GtkWidget *row = planner_form_page_find_row (PLANNER_FORM_PAGE (page), property);

  g_assert_nonnull (row);
  g_assert_true (ADW_IS_ACTION_ROW (row));
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static void
assert_subtitle_starts (PlannerModelPage *page,
                        const char       *property,
                        const char       *prefix)
{
  const char *subtitle = row_subtitle (page, property);

  if (subtitle == NULL || !g_str_has_prefix (subtitle, prefix))
    g_error ("%s: subtitle “%s”, expected “%s…”", property, subtitle != NULL ? subtitle : "(none)", prefix);
}

/* The row titled @title among @rows, or NULL. */
static GtkWidget *
find_titled (GPtrArray  *rows,
             const char *title)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title))
      return g_ptr_array_index (rows, i);
  return NULL;
}

/* Issue 21: after the import each architecture row says where its value
 * came from, a value typed since says so, the options no row holds are
 * listed in the form's words, and a reopened job keeps its edits and
 * tells them apart from what the file gives. */
static void
test_model_page_hf_sources (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerModelPage *page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  g_autoptr(GFile) source = hf_config_file ("qwen2.5-7b.json");
  g_autofree char *tmp = g_dir_make_tmp ("planner-hf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmp, "config.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  GPtrArray *extras;
  GtkWidget *eps;
  const char *help = row_subtitle (page, "rotary-base");
  g_autofree char *help_copy = g_strdup (help);
  gsize length = 0;

  g_assert_true (g_file_copy (source, file, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (_planner_model_page_import_hf_config (page, file, &error));
  g_assert_no_error (error);
  planner_window_flush (window);

  assert_subtitle_starts (page, "num-layers", "From config.json: num_hidden_layers");
  assert_subtitle_starts (page, "rotary-base", "From config.json: rope_theta");
  assert_subtitle_starts (page, "kv-channels", "From config.json: hidden_size");
  assert_subtitle_starts (page, "num-query-groups", "From config.json: num_key_value_heads");
  assert_subtitle_starts (page, "normalization", "As Megatron-Bridge maps this family");
  assert_subtitle_starts (page, "num-experts", "Megatron default");
  /* Every architecture field of the job has a row that says it. */
  {
    guint n_fields = 0;
    const PlannerField *const *fields = planner_field_list (&n_fields);

    for (guint i = 0; i < n_fields; i++)
      {
        GtkWidget *row;

        if (g_strcmp0 (fields[i]->page, "model") != 0 || fields[i]->group == NULL ||
            g_str_has_prefix (fields[i]->property, "hf-config"))
          continue;
        row = planner_form_page_find_row (PLANNER_FORM_PAGE (page), fields[i]->property);
        if (row == NULL)
          g_error ("%s has no row on the Model page", fields[i]->key);
        if (ADW_IS_ACTION_ROW (row))
          g_assert_nonnull (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
        else
          g_assert_nonnull (gtk_widget_get_tooltip_text (row));
      }
  }
  /* The row's own help stays beside the source. */
  g_assert_nonnull (strstr (row_subtitle (page, "rotary-base"), help_copy));

  /* The options with rows of their own (issue 21) say their source
   * there, and are no longer carried over without a field. */
  assert_subtitle_starts (page, "norm-epsilon", "From config.json: rms_norm_eps");
  assert_subtitle_starts (page, "add-qkv-bias", "As Megatron-Bridge maps this family");
  assert_subtitle_starts (page, "use-rope-scaling", "Megatron default");
  g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (planner_form_page_find_row (PLANNER_FORM_PAGE (page), "window-size")), "Megatron default"));
  assert_subtitle_starts (page, "softmax-type", "Megatron default");
  g_assert_cmpfloat (planner_job_get_double (job, "norm-epsilon"), ==, 1e-6);
  g_assert_true (planner_job_get_bool (job, "add-qkv-bias"));
  g_assert_true (gtk_widget_get_visible (planner_form_page_find_row (PLANNER_FORM_PAGE (page), "norm-epsilon")));

  /* What no row holds: named as the form names it, with its source. */
  extras = _planner_model_page_get_extra_rows (page);
  g_assert_null (find_titled (extras, "Norm Epsilon"));
  g_assert_null (find_titled (extras, "Query, Key and Value Biases"));
  eps = find_titled (extras, "Padded Vocabulary");
  g_assert_nonnull (eps);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (eps)), "From config.json: vocab_size"));
  for (guint i = 0; i < extras->len; i++)
    {
      const char *title = adw_preferences_row_get_title (g_ptr_array_index (extras, i));

      g_assert_false (g_str_has_prefix (title, "--"));
      g_assert_null (strchr (title, '_'));
    }
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (g_ptr_array_index (extras, 0),
                                                                  ADW_TYPE_EXPANDER_ROW)));

  /* Typed after the import. */
  g_object_set (job, "num-layers", 30, NULL);
  planner_window_flush (window);
  assert_subtitle_starts (page, "num-layers", "Typed");
  assert_subtitle_starts (page, "hidden-size", "From config.json: hidden_size");

  /* Saved and opened again: the edit stays, and is still told apart. */
  saved = planner_job_to_data (job, &length);
  gtk_window_destroy (GTK_WINDOW (window));
  window = new_window ();
  job = planner_window_get_job (window);
  page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  g_assert_true (planner_job_load_from_data (job, saved, (gssize) length, &error));
  g_assert_no_error (error);
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 30);
  assert_subtitle_starts (page, "num-layers", "Typed");
  assert_subtitle_starts (page, "rotary-base", "From config.json: rope_theta");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The file changed since: said on the page, the fields the job's. */
  {
    g_autofree char *contents = NULL;
    g_auto(GStrv) parts = NULL;
    g_autofree char *edited = NULL;

    g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
    parts = g_strsplit (contents, "\"num_hidden_layers\": 28", 2);
    g_assert_nonnull (parts[1]);
    edited = g_strjoinv ("\"num_hidden_layers\": 20", parts);
    g_assert_true (g_file_set_contents (path, edited, -1, &error));
  }
  window = new_window ();
  job = planner_window_get_job (window);
  page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  g_assert_true (planner_job_load_from_data (job, saved, (gssize) length, &error));
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 30);
  assert_subtitle_starts (page, "num-layers", "Saved with the job");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (_planner_model_page_get_hf_source_row (page))),
                            "Changed since"));
  g_assert_cmpuint (_planner_model_page_get_extra_rows (page)->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));

  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

/* Issue 21: the new architecture rows are the job's, and the draft
 * writes what they hold: the norm epsilon typed, Llama 3 RoPE scaling
 * switched on, in the model's block rather than the extra arguments. */
static void
test_model_page_option_rows_draft (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerModelPage *page = PLANNER_MODEL_PAGE (_planner_window_get_page (window, "model"));
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  g_autoptr(GFile) file = hf_config_file ("qwen2.5-7b.json");
  g_autoptr(GError) error = NULL;
  GtkWidget *eps, *scaling;
  const char *text;

  g_assert_true (_planner_model_page_import_hf_config (page, file, &error));
  g_assert_no_error (error);
  g_object_set (job, "mock-data", TRUE, "train-iters", 100, NULL);
  planner_window_flush (window);
  text = planner_script_pane_get_text (pane);
  g_assert_nonnull (strstr (text, "    --norm-epsilon 1e-06\n"));
  g_assert_nonnull (strstr (text, "    --add-qkv-bias\n"));
  g_assert_null (strstr (text, "--use-rope-scaling"));
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "--norm-epsilon"));

  eps = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "norm-epsilon");
  g_assert_true (gtk_widget_get_visible (eps));
  gtk_spin_button_set_value (planner_spin_row_get_spin_button (PLANNER_SPIN_ROW (eps)), 0.00001);
  scaling = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "use-rope-scaling");
  g_assert_true (gtk_widget_get_visible (scaling));
  {
    GtkWidget *toggle = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (scaling));

    g_assert_true (GTK_IS_SWITCH (toggle));
    gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  }
  planner_window_flush (window);

  g_assert_cmpfloat_with_epsilon (planner_job_get_double (job, "norm-epsilon"), 1e-5, 1e-12);
  g_assert_true (planner_job_get_bool (job, "use-rope-scaling"));
  assert_subtitle_starts (page, "norm-epsilon", "Typed");
  /* The factor's row shows once the scaling is on. */
  g_assert_true (gtk_widget_get_visible (planner_form_page_find_row (PLANNER_FORM_PAGE (page), "rope-scaling-factor")));
  text = planner_script_pane_get_text (pane);
  g_assert_nonnull (strstr (text, "    --norm-epsilon 1e-05\n"));
  g_assert_nonnull (strstr (text, "    --use-rope-scaling\n"));
  g_assert_null (strstr (text, "--norm-epsilon 1e-06"));
  gtk_window_destroy (GTK_WINDOW (window));
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
  g_test_add_func ("/planner/model-page/hf-sources", test_model_page_hf_sources);
  g_test_add_func ("/planner/model-page/option-rows-draft", test_model_page_option_rows_draft);

  return g_test_run ();
}
