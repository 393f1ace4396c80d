/* test-release.c: the Cluster page's Megatron-Core release (issue 20):
 * Check Another Release…, and the release a checkout or a log tells.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "planner-cluster-page-private.h"
#include "planner-field.h"
#include "planner-flag-catalog.h"
#include "planner-release-check.h"
#include "planner-window-private.h"

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_window_flush (window);
  return window;
}

static gboolean
any_contains (GStrv       titles,
              const char *text)
{
  for (guint i = 0; titles[i] != NULL; i++)
    if (strstr (titles[i], text) != NULL)
      return TRUE;
  return FALSE;
}

static void
log_titles (GStrv       titles,
            const char *section)
{
  for (guint i = 0; titles[i] != NULL; i++)
    g_test_message ("%s: %s", section, titles[i]);
}

/* Mixtral in FP16 with grouped GEMM and Megatron-FSDP, checked on 0.13.1:
 * FSDP's option is respelled, and the grouped GEMM's start-up check
 * refuses, in the form's words. */
static void
test_release_check (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerClusterPage *page = PLANNER_CLUSTER_PAGE (_planner_window_get_page (window, "cluster"));
  const char *fsdp_label = planner_field_get_label (planner_field_lookup ("fsdp"));
  PlannerReleaseCheck *check;
  g_auto(GStrv) flags = NULL;
  g_auto(GStrv) refuses = NULL;
  g_auto(GStrv) accepts = NULL;
  g_auto(GStrv) newest = NULL;
  g_auto(GStrv) features = NULL;
  const char *offload_label = planner_field_get_label (planner_field_lookup ("activation-offload-layers"));
  const char *newest_release = planner_megatron_get_release (planner_megatron_get_n_releases () - 1);

  g_object_set (job, "model-id", "mixtral-8x7b", "nodes", 4, "tp", 2, "pp", 2, "ep", 8, "etp", 1,
                "moe-grouped-gemm", TRUE, "precision", "fp16", "fsdp", "megatron", NULL);
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "megatron-version"), ==, newest_release);

  check = _planner_cluster_page_open_release_check (page);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (check));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (check)));
  /* It starts on another release than the job's. */
  g_assert_cmpstr (planner_release_check_get_release (check), !=, newest_release);

  planner_release_check_set_release (check, "0.13.1");
  flags = planner_release_check_dup_titles (check, PLANNER_RELEASE_CHECK_FLAGS);
  refuses = planner_release_check_dup_titles (check, PLANNER_RELEASE_CHECK_REFUSES);
  log_titles (flags, "respell");
  log_titles (refuses, "refuses");
  /* The option is named by the field that writes it. */
  g_assert_true (g_strv_contains ((const char *const *) flags, fsdp_label));
  g_assert_cmpuint (g_strv_length (refuses), >, 0);
  g_assert_true (any_contains (refuses, "0.13.1"));
  /* In the window's words: no option spelling the form has a field for. */
  g_assert_false (any_contains (refuses, "--moe-grouped-gemm"));

  /* Checking the job's own release changes nothing. */
  planner_release_check_set_release (check, newest_release);
  newest = planner_release_check_dup_titles (check, PLANNER_RELEASE_CHECK_REFUSES);
  g_assert_cmpuint (g_strv_length (newest), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (planner_release_check_get_use_button (check)));

  /* Back on 0.13.1, Use This Release sets the job's release. */
  planner_release_check_set_release (check, "0.13.1");
  accepts = planner_release_check_dup_titles (check, PLANNER_RELEASE_CHECK_ACCEPTS);
  log_titles (accepts, "accepts");
  g_assert_true (gtk_widget_get_sensitive (planner_release_check_get_use_button (check)));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (planner_release_check_get_use_button (check)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Use This Release");
  g_signal_emit_by_name (planner_release_check_get_use_button (check), "clicked");
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "megatron-version"), ==, "0.13.1");

  /* From 0.13.1 up, what the newer release adds for EP 8, in the form's words where a field writes it. */
  check = _planner_cluster_page_open_release_check (page);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (check));
  planner_release_check_set_release (check, newest_release);
  features = planner_release_check_dup_titles (check, PLANNER_RELEASE_CHECK_FEATURES);
  log_titles (features, "features");
  g_assert_true (g_strv_contains ((const char *const *) features, offload_label));
  g_assert_true (g_strv_contains ((const char *const *) features, "--moe-flex-dispatcher-backend"));
  g_assert_false (any_contains (features, "--cpu-offloading-num-layers"));
  gtk_window_destroy (GTK_WINDOW (check));

  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
make_checkout (const char *package_info)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("planner-checkout-XXXXXX", &error);
  g_autofree char *core = NULL;
  g_autofree char *file = NULL;

  g_assert_no_error (error);
  core = g_build_filename (dir, "megatron", "core", NULL);
  g_assert_cmpint (g_mkdir_with_parents (core, 0700), ==, 0);
  file = g_build_filename (core, "package_info.py", NULL);
  g_assert_true (g_file_set_contents (file, package_info, -1, &error));
  return dir;
}

static void
remove_checkout (const char *dir)
{
  g_autofree char *core = g_build_filename (dir, "megatron", "core", NULL);
  g_autofree char *megatron = g_build_filename (dir, "megatron", NULL);
  g_autofree char *file = g_build_filename (core, "package_info.py", NULL);

  g_unlink (file);
  g_rmdir (core);
  g_rmdir (megatron);
  g_rmdir (dir);
}

/* A checkout of 0.14.2 where the job plans for the newest: the release
 * row offers 0.14.0, the release held for 0.14, and Use sets it. */
static void
test_release_detected (void)
{
  g_autofree char *dir = make_checkout ("MAJOR = 0\nMINOR = 14\nPATCH = 2\nPRE_RELEASE = ''\n");
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerClusterPage *page = PLANNER_CLUSTER_PAGE (_planner_window_get_page (window, "cluster"));
  GtkWidget *row = _planner_cluster_page_get_detected_row (page);
  GtkWidget *use = _planner_cluster_page_get_use_detected (page);

  gtk_stack_set_visible_child_name (_planner_window_get_stack (window), "cluster");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* No checkout: nothing offered. */
  g_assert_false (gtk_widget_get_visible (row));

  g_object_set (job, "megatron-dir", dir, NULL);
  planner_window_flush (window);
  g_assert_true (gtk_widget_get_visible (row));
  g_test_message ("offer: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "Your checkout is Megatron-Core 0.14.2");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (use)), ==, "Use 0.14.0");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (use), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Use Megatron-Core 0.14.0");

  /* Checking another release starts on the one the checkout tells. */
  {
    PlannerReleaseCheck *check = _planner_cluster_page_open_release_check (page);

    g_assert_cmpstr (planner_release_check_get_release (check), ==, "0.14.0");
    gtk_window_destroy (GTK_WINDOW (check));
  }

  g_signal_emit_by_name (use, "clicked");
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "megatron-version"), ==, "0.14.0");
  /* The job's release is the checkout's now: nothing left to offer. */
  g_assert_false (gtk_widget_get_visible (row));

  gtk_window_destroy (GTK_WINDOW (window));
  remove_checkout (dir);
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Megatron's argument block for @release, every option as _print_args
 * prints it, in a log file of its own. */
static GFile *
write_argument_log (const char *release)
{
  g_autoptr(GString) block = g_string_new ("------------------------ arguments ------------------------\n");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("planner-release-XXXXXX.log", &path, &error);

  g_assert_no_error (error);
  close (fd);
  for (guint i = 0; i < planner_flag_catalog_get_n_flags_in (release); i++)
    {
      const char *dest = planner_flag_catalog_get_flag_at_in (release, i)->dest;
      g_autofree char *pad = NULL;

      if (dest == NULL || !g_hash_table_add (seen, (gpointer) dest))
        continue;
      pad = g_strnfill (strlen (dest) < 48 ? 48 - strlen (dest) : 1, '.');
      g_string_append_printf (block, "  %s %s %s\n", dest, pad, g_str_equal (dest, "num_layers") ? "12" : "None");
    }
  g_string_append (block, "  world_size ...................................... 8\n");
  g_string_append (block, "-------------------- end of arguments ---------------------\n");
  g_assert_true (g_file_set_contents (path, block->str, block->len, &error));
  return g_file_new_for_path (path);
}

/* A log of a 0.14.0 run opened against a job of the person's: the
 * release row offers the log's release. */
static void
test_release_from_log (void)
{
  g_autoptr(GFile) file = write_argument_log ("0.14.0");
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerClusterPage *page = PLANNER_CLUSTER_PAGE (_planner_window_get_page (window, "cluster"));
  PlannerLogSession *session = _planner_window_get_log_session (window);
  GtkWidget *row = _planner_cluster_page_get_detected_row (page);
  gboolean timed_out = FALSE;
  guint timeout;

  /* A job with changes is never replaced by the log's. */
  g_object_set (job, "nodes", 2, NULL);
  planner_window_flush (window);
  g_assert_false (gtk_widget_get_visible (row));

  planner_log_session_open (session, file);
  timeout = g_timeout_add_seconds (60, timeout_cb, &timed_out);
  while (!timed_out && planner_log_session_get_state (session) != PLANNER_LOG_SESSION_READY)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  planner_window_flush (window);

  g_assert_cmpuint (planner_job_get_uint (job, "nodes"), ==, 2);
  g_assert_true (gtk_widget_get_visible (row));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "The opened log’s run had Megatron-Core 0.14.0");
  g_signal_emit_by_name (_planner_cluster_page_get_use_detected (page), "clicked");
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "megatron-version"), ==, "0.14.0");
  g_assert_false (gtk_widget_get_visible (row));

  gtk_window_destroy (GTK_WINDOW (window));
  g_file_delete (file, NULL, NULL);
}

int
main (int   argc,
      char *argv[])
{
  /* The suite runs with GTK_A11Y=none, which keeps no accessible names. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/release/check", test_release_check);
  g_test_add_func ("/planner/release/detected", test_release_detected);
  g_test_add_func ("/planner/release/from-log", test_release_from_log);

  return g_test_run ();
}
