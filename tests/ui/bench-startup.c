/* bench-startup.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Time to first frame of a bare libadwaita window (a header bar and a
 * label) and of the Launch Planner window, measured alternately in the
 * same run, two ways:
 * - start-up: a new process for each window, from the moment it is started
 *   to the end of its first painted frame (what a person waits for);
 * - warm: in one process, after a warm-up of each, from construction to
 *   the first frame (the window's own cost, without GTK's start-up).
 * Target (design.md): start-up within 1.5× of the bare window.
 */

#include "config.h"

#include <locale.h>
#include <stdlib.h>

#include <adwaita.h>

#include "planner-window.h"

#define N_RUNS 15

static gboolean painted;

static void
on_after_paint (GdkFrameClock *clock,
                gint64        *end)
{
  if (!painted)
    *end = g_get_monotonic_time ();
  painted = TRUE;
}

static GtkWidget *
new_bare_window (void)
{
  GtkWidget *window = g_object_new (ADW_TYPE_APPLICATION_WINDOW, "default-width", 1180, "default-height", 780,
                                    NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new ("Hello"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  return window;
}

static GtkWidget *
new_planner_window (void)
{
  return g_object_new (PLANNER_TYPE_WINDOW, NULL);
}

static double
time_to_first_frame (GtkWidget *(*make) (void))
{
  gint64 start, end = 0;
  GtkWidget *window;
  gulong handler;
  GdkFrameClock *clock;

  painted = FALSE;
  start = g_get_monotonic_time ();
  window = make ();
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &end);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  gtk_window_destroy (GTK_WINDOW (window));
  /* Let the window go before the next one starts. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return (end - start) / 1000.0;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* A child run: one window, then the time since @start (the parent's
 * monotonic clock, which is the system's) on stdout. */
static int
child_main (const char *kind,
            gint64      start)
{
  gint64 end = 0;
  GtkWidget *window;

  gtk_init ();
  adw_init ();
  window = g_str_equal (kind, "bare") ? new_bare_window () : new_planner_window ();
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_after_paint), &end);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_print ("%.3f\n", (end - start) / 1000.0);
  return 0;
}

static double
start_up (const char *self_path,
          const char *kind)
{
  g_autofree char *start = g_strdup_printf ("%" G_GINT64_FORMAT, g_get_monotonic_time ());
  const char *argv[] = { self_path, "--child", kind, start, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  /* A benchmark, not the product: starting itself is how it sees a cold start. */
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, NULL))
    g_error ("the %s window did not start: %s", kind, error != NULL ? error->message : "it failed");
  return g_ascii_strtod (out, NULL);
}

int
main (int   argc,
      char *argv[])
{
  double bare[N_RUNS], ours[N_RUNS];
  double bare_median, ours_median;
  g_autofree char *data_home = NULL;

  setlocale (LC_ALL, "");
  if (argc == 4 && g_str_equal (argv[1], "--child"))
    return child_main (argv[2], g_ascii_strtoll (argv[3], NULL, 10));

  data_home = g_dir_make_tmp ("planner-bench-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  for (guint i = 0; i < N_RUNS; i++)
    {
      bare[i] = start_up (argv[0], "bare");
      ours[i] = start_up (argv[0], "ours");
    }
  qsort (bare, N_RUNS, sizeof *bare, compare_doubles);
  qsort (ours, N_RUNS, sizeof *ours, compare_doubles);
  g_print ("start-up to first frame, bare AdwApplicationWindow: %.1f ms median (best %.1f ms)\n",
           bare[N_RUNS / 2], bare[0]);
  g_print ("start-up to first frame, Launch Planner window:     %.1f ms median (best %.1f ms)\n",
           ours[N_RUNS / 2], ours[0]);
  g_print ("start-up ratio %.2f× (median), %.2f× (best) — target ≤ 1.5×\n",
           ours[N_RUNS / 2] / bare[N_RUNS / 2], ours[0] / bare[0]);

  gtk_init ();
  adw_init ();

  /* Warm-up: the first window of a process loads the theme and fonts. */
  time_to_first_frame (new_bare_window);
  time_to_first_frame (new_planner_window);

  for (guint i = 0; i < N_RUNS; i++)
    {
      bare[i] = time_to_first_frame (new_bare_window);
      ours[i] = time_to_first_frame (new_planner_window);
    }
  qsort (bare, N_RUNS, sizeof *bare, compare_doubles);
  qsort (ours, N_RUNS, sizeof *ours, compare_doubles);
  bare_median = bare[N_RUNS / 2];
  ours_median = ours[N_RUNS / 2];

  g_print ("warm, in one process, bare AdwApplicationWindow: %.1f ms median (best %.1f ms)\n", bare_median, bare[0]);
  g_print ("warm, in one process, Launch Planner window:     %.1f ms median (best %.1f ms)\n", ours_median, ours[0]);
  g_print ("warm ratio %.2f× (median) — the window's own cost, without GTK's start-up\n", ours_median / bare_median);
  return 0;
}
