/* bench-pictures.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pictures' speed (issue 13): a rank-grid frame at 16,384 GPUs,
 * overview and zoomed, under 8 ms; a schedule frame for PP 16, VPP 8 and
 * 512 microbatches under 8 ms; a keystroke to every picture redrawn under
 * 16 ms.  A frame is measured twice: building the snapshot (what the
 * widget's code costs) and rendering it to pixels with the window's own
 * GSK renderer (software cairo under Xvfb, so an upper bound), in CPU time
 * of the thread, which a loaded machine does not inflate.
 */

#include "config.h"

#include <stdlib.h>
#include <time.h>

#include <adwaita.h>

#include "planner-memory-chart.h"
#include "planner-rank-grid-private.h"
#include "planner-schedule-view.h"

#define N_RUNS 15

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *samples,
        guint   n,
        double *worst)
{
  qsort (samples, n, sizeof (double), compare_doubles);
  *worst = samples[n - 1];
  return samples[n / 2];
}

static PlannerJob *
load_job (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "cli", "jobs", name, NULL);
  g_autofree char *contents = NULL;
  PlannerJob *job = planner_job_new ();
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, NULL) ||
      !planner_job_load_from_data (job, contents, length, NULL))
    g_error ("cannot read %s", path);
  return job;
}

/* CPU time of this thread, in µs: the machine running the benchmarks is
 * shared, and waiting for a core is not the code's cost. */
static gint64
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* The time to snapshot @widget, and to render that snapshot. */
static void
frame (GtkWidget *widget,
       double    *snapshot_ms,
       double    *render_ms)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gint64 start = cpu_now (), middle;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  middle = cpu_now ();
  if (node != NULL)
    texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                           &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                gtk_widget_get_height (widget)));
  *snapshot_ms = (middle - start) / 1000.;
  *render_ms = (cpu_now () - middle) / 1000.;
}

static void
report (const char *what,
        double     *snap,
        double     *render,
        guint       n,
        double      target)
{
  double worst_snap, worst_render, m_snap = median (snap, n, &worst_snap), m_render = median (render, n, &worst_render);

  g_print ("%s: snapshot %.2f ms median (worst %.2f), rendered in software %.2f ms median (worst %.2f), "
           "CPU time; target < %.0f ms\n",
           what, m_snap, worst_snap, m_render, worst_render, target);
}

static GtkWindow *
window_with (GtkWidget *child,
             int        width,
             int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
bench_grid (PlannerPictureData *data)
{
  GtkWidget *grid = planner_rank_grid_new ();
  GtkWindow *window;
  double snap[N_RUNS], render[N_RUNS];

  planner_rank_grid_set_data (PLANNER_RANK_GRID (grid), data);
  window = window_with (grid, 1280, 800);
  planner_rank_grid_set_selected_rank (PLANNER_RANK_GRID (grid), 9000);

  /* Overview: every cell drawn afresh (the cache dropped) with hover. */
  for (guint i = 0; i < N_RUNS; i++)
    {
      _planner_rank_grid_drop_cache (PLANNER_RANK_GRID (grid));
      _planner_rank_grid_set_hovered (PLANNER_RANK_GRID (grid), i % 2 ? 4321 : 123);
      frame (grid, &snap[i], &render[i]);
    }
  report ("grid frame, 16,384 GPUs, overview, cells drawn afresh", snap, render, N_RUNS, 8.);
  /* Hover only: the cells come from the cache. */
  for (guint i = 0; i < N_RUNS; i++)
    {
      _planner_rank_grid_set_hovered (PLANNER_RANK_GRID (grid), i % 2 ? 4321 : 123);
      frame (grid, &snap[i], &render[i]);
    }
  report ("grid frame, 16,384 GPUs, overview, hover moves", snap, render, N_RUNS, 8.);

  planner_rank_grid_set_zoom (PLANNER_RANK_GRID (grid), 8.);
  for (guint i = 0; i < N_RUNS; i++)
    {
      /* A keystroke moves the selection, and the view with it. */
      planner_rank_grid_set_selected_rank (PLANNER_RANK_GRID (grid), 9000 + 8 * (int) i);
      gtk_widget_activate_action (grid, "rank-grid.down", NULL);
      _planner_rank_grid_drop_cache (PLANNER_RANK_GRID (grid));
      frame (grid, &snap[i], &render[i]);
    }
  report ("grid frame, 16,384 GPUs, zoomed 8×, cells drawn afresh", snap, render, N_RUNS, 8.);
  gtk_window_destroy (window);
}

static void
bench_schedule (PlannerPictureData *data)
{
  GtkWidget *view = planner_schedule_view_new ();
  GtkWindow *window;
  double snap[N_RUNS], render[N_RUNS];
  const PlannerSchedule *s = planner_picture_data_get_schedule (data);

  g_assert_nonnull (s);
  g_assert_cmpuint (s->pp, ==, 16);
  g_assert_cmpuint (s->vpp, ==, 8);
  g_assert_cmpuint (s->num_microbatches, ==, 512);
  planner_picture_view_set_data (PLANNER_PICTURE_VIEW (view), data);
  planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (view), TRUE);
  window = window_with (view, 1920, 1080);

  /* Laid out again every frame (a new width each time), then drawn. */
  for (guint i = 0; i < N_RUNS; i++)
    {
      gtk_widget_set_size_request (view, 1800 - (int) i, -1);
      gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, 1800 - (int) i, NULL, NULL, NULL, NULL);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (view), i % 2);
      frame (view, &snap[i], &render[i]);
    }
  report ("schedule frame, PP 16, VPP 8, 512 microbatches, laid out afresh", snap, render, N_RUNS, 8.);
  gtk_window_destroy (window);
}

/* A keystroke changes the job: analyse, derive every picture's data, and
 * draw the grid, the schedule and the memory chart again. */
static void
bench_keystroke (PlannerJob *job)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *grid = planner_rank_grid_new ();
  GtkWidget *schedule = planner_schedule_view_new ();
  GtkWidget *memory = planner_memory_chart_new ();
  GtkWindow *window;
  double total[N_RUNS], render[N_RUNS];

  gtk_widget_set_size_request (grid, -1, 500);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), schedule);
  gtk_box_append (GTK_BOX (box), memory);
  window = window_with (box, 1920, 1080);

  for (guint i = 0; i < N_RUNS; i++)
    {
      g_autoptr(PlannerReport) report_ = NULL;
      g_autoptr(PlannerPictureData) data = NULL;
      double s1, s2, s3, r1, r2, r3;
      gint64 start = cpu_now ();

      g_object_set (job, "micro-batch-size", i % 2 ? 1 : 2, NULL);
      report_ = planner_analyze_job (job);
      data = planner_picture_data_new (job, report_);
      planner_rank_grid_set_data (PLANNER_RANK_GRID (grid), data);
      planner_picture_view_set_data (PLANNER_PICTURE_VIEW (schedule), data);
      planner_picture_view_set_data (PLANNER_PICTURE_VIEW (memory), data);
      frame (grid, &s1, &r1);
      frame (schedule, &s2, &r2);
      frame (memory, &s3, &r3);
      total[i] = (cpu_now () - start) / 1000. - r1 - r2 - r3;
      render[i] = r1 + r2 + r3;
    }
  report ("keystroke to grid, schedule and memory redrawn, 16,384 GPUs", total, render, N_RUNS, 16.);
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(PlannerPictureData) data = NULL;

  if (!gtk_init_check ())
    {
      g_print ("bench-pictures: no display; run it under xvfb-run\n");
      return 0;
    }
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  /* Llama 3.1 405B on 16,384 H100: TP 8, PP 16, VPP 8, 512 microbatches. */
  job = load_job ("pictures-llama31-405b-16k.json");
  g_object_set (job, "vpp", 8, "global-batch-size", 512 * 128, NULL);
  data = planner_picture_data_new (job, NULL);

  bench_grid (data);
  bench_schedule (data);
  bench_keystroke (job);
  return 0;
}
