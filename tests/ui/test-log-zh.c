/* test-log-zh.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The advice pages in Simplified Chinese: the log's evidence is placed by
 * its kind, never by its (translated) words (issue 19).  Run with
 * LANGUAGE=zh_CN and PLANNER_LOCALEDIR at the build folder's po/ tree,
 * as tests/cli/check-translated.sh runs the command line.
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "planner-advice-page-private.h"
#include "planner-log-session.h"
#include "planner-window-private.h"

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_for_log (PlannerWindow *window)
{
  PlannerLogSession *session = _planner_window_get_log_session (window);
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (60, timeout_cb, &timed_out);
  guint idle_spins = 0;

  while (!timed_out && (planner_log_session_get_state (session) == PLANNER_LOG_SESSION_READING ||
                        planner_log_session_get_state (session) == PLANNER_LOG_SESSION_EMPTY || idle_spins < 20))
    {
      if (planner_log_session_get_state (session) != PLANNER_LOG_SESSION_READING &&
          planner_log_session_get_state (session) != PLANNER_LOG_SESSION_EMPTY)
        idle_spins++;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_false (timed_out);
  g_source_remove (timeout);
  planner_window_flush (window);
}

static GtkWidget *
show_page (PlannerWindow *window,
           const char    *name)
{
  GtkStack *stack = _planner_window_get_stack (window);
  GtkWidget *page = gtk_stack_get_child_by_name (stack, name);

  gtk_stack_set_visible_child (stack, page);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  _planner_advice_page_flush (PLANNER_ADVICE_PAGE (page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return page;
}

/* How many labels under @widget hold @text. */
static guint
count_labels (GtkWidget  *widget,
              const char *text)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && strstr (gtk_label_get_label (GTK_LABEL (child)), text) != NULL)
        n++;
      n += count_labels (child, text);
    }
  return n;
}

static void
test_log_zh_evidence (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "logs", "clean.log", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const PlannerLogAnalysis *analysis;
  const PlannerLogMemoryCheck *memory;
  const PlannerPlan *plan;
  GtkWidget *page;

  /* The window really speaks Chinese, or this test proves nothing. */
  g_assert_cmpstr (_("Troubleshoot"), !=, "Troubleshoot");

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_stack_set_transition_type (_planner_window_get_stack (window), GTK_STACK_TRANSITION_TYPE_NONE);
  planner_window_open_file (window, file);
  wait_for_log (window);

  /* Troubleshoot shows the log's evidence: its memory with the line
   * that proves it, by line number and as written. */
  page = show_page (window, "troubleshoot");
  analysis = _planner_advice_page_get_log_analysis (PLANNER_ADVICE_PAGE (page));
  g_assert_nonnull (analysis);
  g_assert_cmpuint (analysis->diagnosis->memory->len, >, 0);
  memory = g_ptr_array_index (analysis->diagnosis->memory, 0);
  g_assert_nonnull (memory->line);
  g_assert_cmpuint (count_labels (page, memory->sentence), >=, 1);
  g_assert_cmpuint (count_labels (page, memory->line->text), >=, 1);
  plan = _planner_advice_page_get_plan (PLANNER_ADVICE_PAGE (page));
  g_assert_nonnull (plan);
  g_assert_cmpuint (plan->evidence->len, >, 0);
  g_assert_cmpuint (plan->evidence_kinds->len, ==, plan->evidence->len);
  planner_test_save_png (GTK_WIDGET (window), "log-troubleshoot-zh.png");

  /* Optimize lists the evidence the memory row does not already show: the
   * memory sentence once, in whatever language it is written. */
  page = show_page (window, "optimize");
  plan = _planner_advice_page_get_plan (PLANNER_ADVICE_PAGE (page));
  g_assert_nonnull (plan);
  g_assert_cmpuint (count_labels (page, memory->sentence), ==, 1);
  for (guint i = 0; i < analysis->assumptions->len; i++)
    g_assert_cmpuint (count_labels (page, g_ptr_array_index (analysis->assumptions, i)), <=, 1);
  planner_test_save_png (GTK_WIDGET (window), "log-optimize-zh.png");

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("planner-ui-data-XXXXXX", NULL);
  const char *localedir = g_getenv ("PLANNER_LOCALEDIR");

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  /* gtk_test_init keeps the C locale, in which gettext ignores LANGUAGE. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  planner_test_load_style ();

  g_test_add_func ("/planner/log-zh/evidence", test_log_zh_evidence);

  return g_test_run ();
}
