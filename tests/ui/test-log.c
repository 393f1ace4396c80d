/* test-log.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The training log in the window (issue 15): the chart's geometry, and
 * the Troubleshoot and Optimize pages with a log open — opened, read in
 * the background, cancelled, made into the job or compared with it.
 */

#include "config.h"

#include "planner-ui-test.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "planner-advice-page-private.h"
#include "planner-log-analysis.h"
#include "planner-log-chart-view.h"
#include "planner-window-private.h"

static char *
log_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "core", "logs", name, NULL);
}

/* An iteration line as Megatron-Core 0.20.0's training_log prints it. */
static char *
iteration_line (guint        iteration,
                const char  *loss,
                const char  *grad_norm,
                double       tflops,
                guint        skipped,
                guint        nan)
{
  return g_strdup_printf (" [2026-11-30 11:12:38.632380] iteration %8u/    1000 | consumed samples: %12u | elapsed "
                          "time per iteration (ms): 9822.1 | throughput per GPU (TFLOP/s/GPU): %.1f | learning "
                          "rate: 3.000000E-04 | global batch size:    64 | lm loss: %s | loss scale: 1.0 | grad "
                          "norm: %s | number of skipped iterations: %3u | number of nan iterations: %3u |\n",
                          iteration, iteration * 64, tflops, loss, grad_norm, skipped, nan);
}

/* Ten logged iterations, 10 … 100, the loss falling from 10 to 1; at 60
 * the loss is NaN and the iteration skipped; at 80 the grad norm is
 * infinite, at 90 absurdly large. */
static PlannerLogRecord *
synthetic_record (void)
{
  g_autoptr(PlannerLogReader) reader = planner_log_reader_new ();

  for (guint i = 1; i <= 10; i++)
    {
      g_autofree char *loss = i == 6 ? g_strdup ("nan") : g_strdup_printf ("%.6E", 11.0 - i);
      g_autofree char *grad = i == 8 ? g_strdup ("inf") : i == 9 ? g_strdup ("1.0E+300")
                                     : g_strdup_printf ("%.3f", 1.0 + 0.1 * i);
      g_autofree char *line = iteration_line (i * 10, loss, grad, 400.0 + i, i == 6, i == 6);

      planner_log_reader_feed (reader, line, strlen (line));
    }
  return planner_log_reader_finish (g_steal_pointer (&reader));
}

static GtkWidget *
chart_window (PlannerLogRecord          *record,
              const PlannerLogChartMark *marks,
              guint                      n_marks,
              PlannerLogChartView      **chart)
{
  GtkWidget *window = gtk_window_new ();

  *chart = PLANNER_LOG_CHART_VIEW (planner_log_chart_view_new ());
  planner_log_chart_view_set_data (*chart, record, marks, n_marks);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (*chart));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, -1);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  return window;
}

/* The x of point @b in @series (the start of its segment, the centre of
 * a lone point); NAN when it is not drawn. */
static double
point_x (PlannerScene *scene,
         guint         series,
         guint         b,
         double       *y)
{
  guint n;
  const PlannerShape *shapes = planner_scene_get_shapes (scene, &n);

  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];

      if (s->a != series)
        continue;
      if (s->tag == PLANNER_TAG_LOG_SEGMENT && s->b == b)
        {
          *y = s->y;
          return s->x;
        }
      if (s->tag == PLANNER_TAG_LOG_SEGMENT && s->b + 1 == b)
        {
          *y = s->y + s->h;
          return s->x + s->w;
        }
      if (s->tag == PLANNER_TAG_LOG_POINT && s->b == b)
        {
          *y = s->y + s->h / 2;
          return s->x + s->w / 2;
        }
    }
  return NAN;
}

/* The y of the axis label of @series whose value is @value: the centre of
 * its box is the level it names. */
static gboolean
axis_level (PlannerScene *scene,
            guint         series,
            gboolean      top,
            double       *value,
            double       *y)
{
  guint n;
  const PlannerShape *shapes = planner_scene_get_shapes (scene, &n);
  gboolean found = FALSE;

  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];

      if (s->tag != PLANNER_TAG_LOG_AXIS || s->a != series)
        continue;
      if (!found || (top ? s->value > *value : s->value < *value))
        {
          *value = s->value;
          *y = s->y + s->h / 2;
          found = TRUE;
        }
    }
  return found;
}

static void
test_chart_geometry (void)
{
  g_autoptr(PlannerLogRecord) record = synthetic_record ();
  PlannerLogChartMark marks[] = { { 60, "NaN" }, { 90, "Grad-norm spike" } };
  PlannerLogChartView *chart;
  GtkWidget *window = chart_window (record, marks, G_N_ELEMENTS (marks), &chart);
  PlannerScene *scene = planner_log_chart_view_get_scene (chart);
  double lo, hi, top_y, bottom_y, top, bottom, x0, y0, x9, y9;
  const PlannerShape *shapes;
  guint n, n_segments = 0, n_rings = 0, n_flags = 0, n_off_scale = 0;
  gboolean mark_line = FALSE;

  g_assert_cmpuint (record->n_points, ==, 10);
  g_assert_nonnull (scene);
  g_assert_cmpfloat (planner_scene_get_width (scene), ==, gtk_widget_get_width (GTK_WIDGET (chart)));
  g_assert_cmpint ((int) ceil (planner_scene_get_height (scene)), ==, gtk_widget_get_height (GTK_WIDGET (chart)));

  /* Every coordinate is a number, whatever the log held. */
  shapes = planner_scene_get_shapes (scene, &n);
  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];

      g_assert_true (isfinite (s->x) && isfinite (s->y) && isfinite (s->w) && isfinite (s->h));
      g_assert_true (s->x >= -1 && s->x + MAX (s->w, 0) <= planner_scene_get_width (scene) + 1);
      n_segments += s->tag == PLANNER_TAG_LOG_SEGMENT;
      n_flags += s->tag == PLANNER_TAG_LOG_FLAG;
      n_off_scale += s->tag == PLANNER_TAG_LOG_OFF_SCALE;
      if (s->tag == PLANNER_TAG_LOG_AXIS)
        g_assert_true (isfinite (s->value));
    }

  /* The loss axis spans the finite losses, 1 … 10, with 5% headroom. */
  g_assert_true (planner_log_chart_get_range (record, PLANNER_LOG_SERIES_LOSS, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (lo, 1 - 0.45, 1e-9);
  g_assert_cmpfloat_with_epsilon (hi, 10 + 0.45, 1e-9);
  /* Grad norm: the infinite and the absurd are left out of the axis; the
   * reader keeps no infinite value (a gap), the absurd one is off scale. */
  g_assert_true (planner_log_chart_get_range (record, PLANNER_LOG_SERIES_GRAD_NORM, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, <, 3);
  g_assert_cmpuint (n_off_scale, ==, 1);
  g_assert_cmpuint (n_flags, ==, 1);

  /* Loss: a gap at the NaN (segments 0–4 and 5–9: 4 + 3); grad norm: a
   * gap at the infinite, the absurd off scale (0–6: 6 segments, then 9
   * alone); throughput: all 9. */
  g_assert_cmpuint (n_segments, ==, 4 + 3 + 6 + 9);

  /* Points where their iterations are: x in proportion to the iteration,
   * y to the value against the axis labels. */
  g_assert_true (axis_level (scene, PLANNER_LOG_SERIES_LOSS, TRUE, &top, &top_y));
  g_assert_true (axis_level (scene, PLANNER_LOG_SERIES_LOSS, FALSE, &bottom, &bottom_y));
  x0 = point_x (scene, PLANNER_LOG_SERIES_LOSS, 0, &y0);
  x9 = point_x (scene, PLANNER_LOG_SERIES_LOSS, 9, &y9);
  g_assert_cmpfloat (x9, >, x0 + 400);
  for (guint i = 0; i < 10; i++)
    {
      double y, x = point_x (scene, PLANNER_LOG_SERIES_LOSS, i, &y);
      double value = 11.0 - (i + 1);

      if (i == 5)
        {
          g_assert_true (isnan (x));   /* the NaN loss is a gap */
          continue;
        }
      g_assert_cmpfloat_with_epsilon (x, x0 + (x9 - x0) * i / 9., 0.01);
      g_assert_cmpfloat_with_epsilon (y, bottom_y - (value - bottom) / (top - bottom) * (bottom_y - top_y), 0.01);
    }

  /* The failure: a line at iteration 60 (the sixth point's x) and a ring
   * on every series whose value there is a number: throughput and grad norm. */
  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];
      double y;

      if (s->tag != PLANNER_TAG_LOG_MARK || s->a != 0)
        continue;
      if (s->kind == PLANNER_SHAPE_LINE)
        {
          g_assert_cmpfloat_with_epsilon (s->x, x0 + (x9 - x0) * 5 / 9., 0.01);
          g_assert_cmpint (s->ink, ==, PLANNER_INK_ERROR);
          mark_line = TRUE;
        }
      else if (s->kind == PLANNER_SHAPE_FRAME)
        {
          double x = point_x (scene, s->c, s->b, &y);

          g_assert_cmpuint (s->b, ==, 5);
          g_assert_cmpfloat_with_epsilon (s->x + s->w / 2, x, 0.01);
          g_assert_cmpfloat_with_epsilon (s->y + s->h / 2, y, 0.01);
          n_rings++;
        }
    }
  g_assert_true (mark_line);
  g_assert_cmpuint (n_rings, ==, 2);

  planner_test_save_png (GTK_WIDGET (chart), "log-chart.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_chart_accessible (void)
{
  g_autoptr(PlannerLogRecord) record = synthetic_record ();
  PlannerLogChartMark marks[] = { { 60, "NaN" } };
  PlannerLogChartView *chart;
  GtkWidget *window = chart_window (record, marks, G_N_ELEMENTS (marks), &chart);
  const char *description = planner_log_chart_view_get_description (chart);

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (chart)), ==, GTK_ACCESSIBLE_ROLE_IMG);
  g_assert_nonnull (strstr (description, "iterations 10 to 100"));
  g_assert_nonnull (strstr (description, "Loss from 10 to 1"));
  g_assert_nonnull (strstr (description, "Marked: NaN at iteration 60"));
  g_assert_nonnull (strstr (description, "1 NaN and 1 skipped"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log that stopped before its first iteration: a message, no axes. */
static void
test_chart_empty (void)
{
  g_autofree char *path = log_path ("oom-startup.log");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PlannerLogRecord) record = planner_log_read_file (file, NULL, NULL, NULL, NULL);
  PlannerLogChartMark marks[] = { { -1, "Out of memory" } };
  PlannerLogChartView *chart;
  GtkWidget *window = chart_window (record, marks, G_N_ELEMENTS (marks), &chart);
  PlannerScene *scene = planner_log_chart_view_get_scene (chart);
  guint n;
  const PlannerShape *shapes = planner_scene_get_shapes (scene, &n);

  g_assert_cmpuint (record->n_points, ==, 0);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (shapes[i].tag, !=, PLANNER_TAG_LOG_SEGMENT);
  g_assert_nonnull (strstr (planner_log_chart_view_get_description (chart), "Out of memory"));
  g_assert_nonnull (strstr (planner_scene_get_description (scene), "before its first logged iteration"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window ---------------------------------------------------------------- */

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_stack_set_transition_type (_planner_window_get_stack (window), GTK_STACK_TRANSITION_TYPE_NONE);
  planner_window_flush (window);
  return window;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Spins the loop until the session is no longer reading and the window's
 * job reacted. */
static void
wait_for_log (PlannerWindow *window)
{
  PlannerLogSession *session = _planner_window_get_log_session (window);
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (60, timeout_cb, &timed_out);
  guint idle_spins = 0;

  /* The file is sniffed first, then read. */
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

/* Whether a label under @widget holds @text. */
static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && strstr (gtk_label_get_label (GTK_LABEL (child)), text) != NULL)
        return TRUE;
      if (has_label (child, text))
        return TRUE;
    }
  return FALSE;
}

static void
open_golden (PlannerWindow *window,
             const char    *name)
{
  g_autofree char *path = log_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  planner_window_open_file (window, file);
  wait_for_log (window);
}

/* A log opened with no job of the person's open: its job becomes the
 * window's, Troubleshoot shows its symptom, the lines, the chart. */
static void
test_page_troubleshoot (void)
{
  PlannerWindow *window = new_window ();
  PlannerDocument *document = planner_window_get_document (window);
  PlannerLogSession *session = _planner_window_get_log_session (window);
  GtkWidget *page;
  const PlannerLogAnalysis *analysis;
  const PlannerPlan *plan;
  const PlannerLogFinding *finding;
  PlannerLogChartView *chart;
  guint cited = 0;

  g_assert_null (planner_document_get_file (document));
  g_assert_false (planner_document_get_modified (document));

  open_golden (window, "nan-skipped.log");
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READY);
  /* The log's run: TP 1 × DP 8, FP16 — an untitled job with changes. */
  g_assert_cmpuint (planner_job_get_uint (planner_window_get_job (window), "tp"), ==, 1);
  g_assert_cmpuint (planner_job_get_world_size (planner_window_get_job (window)), ==, 8);
  g_assert_cmpuint (planner_job_get_uint (planner_window_get_job (window), "vocab-size"), ==, 32000);
  g_assert_cmpstr (planner_job_get_string (planner_window_get_job (window), "precision"), ==, "fp16");
  g_assert_null (planner_document_get_file (document));
  g_assert_true (planner_document_get_modified (document));
  g_assert_nonnull (planner_log_session_get_job_notes (session));
  g_assert_nonnull (strstr (planner_log_session_get_job_notes (session)[0], "does not name the GPU"));

  g_assert_cmpstr (gtk_stack_get_visible_child_name (_planner_window_get_stack (window)), ==, "troubleshoot");
  page = show_page (window, "troubleshoot");
  analysis = _planner_advice_page_get_log_analysis (PLANNER_ADVICE_PAGE (page));
  g_assert_nonnull (analysis);
  finding = g_ptr_array_index (analysis->diagnosis->findings, 0);
  g_assert_cmpint (finding->symptom, ==, PLANNER_SYMPTOM_DIVERGING);
  g_assert_cmpint (finding->iteration, ==, 800);

  /* The plan is the log's: the symptom it shows, suggestions citing lines. */
  plan = _planner_advice_page_get_plan (PLANNER_ADVICE_PAGE (page));
  g_assert_nonnull (plan);
  g_assert_cmpint (plan->symptom, ==, PLANNER_SYMPTOM_DIVERGING);
  g_assert_cmpuint (plan->evidence->len, >, 0);
  for (guint i = 0; i < plan->suggestions->len; i++)
    cited += ((PlannerSuggestion *) g_ptr_array_index (plan->suggestions, i))->citations->len;
  g_assert_cmpuint (cited, >, 0);

  /* On screen: the finding, its lines with their numbers, the measured MFU. */
  g_assert_true (has_label (page, "NaN iterations from iteration 800"));
  g_assert_true (has_label (page, "Line 946"));
  g_assert_true (has_label (page, "iteration      800/  500000"));
  g_assert_true (has_label (page, "Measured MFU"));
  g_assert_true (has_label (page, "This job was made from the log’s arguments"));
  g_assert_true (has_label (page, "From the Log"));

  chart = PLANNER_LOG_CHART_VIEW (_planner_advice_page_get_chart (PLANNER_ADVICE_PAGE (page)));
  g_assert_true (planner_log_chart_view_get_record (chart) == planner_log_session_get_record (session));
  g_assert_nonnull (strstr (planner_log_chart_view_get_description (chart), "Marked: NaN at iteration 800"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (chart)));

  planner_test_save_png (GTK_WIDGET (window), "log-troubleshoot.png");

  /* Optimize starts from the measured MFU; the typed one is out of view. */
  page = show_page (window, "optimize");
  plan = _planner_advice_page_get_plan (PLANNER_ADVICE_PAGE (page));
  analysis = _planner_advice_page_get_log_analysis (PLANNER_ADVICE_PAGE (page));
  g_assert_true (analysis->diagnosis->has_mfu);
  g_assert_cmpfloat_with_epsilon (plan->measured_mfu, analysis->diagnosis->mfu.mfu, 1e-9);
  g_assert_false (gtk_widget_get_visible (_planner_advice_page_get_mfu_row (PLANNER_ADVICE_PAGE (page))));
  planner_test_save_png (GTK_WIDGET (window), "log-optimize.png");

  /* Closed, the pages are as before: the typed MFU is back. */
  planner_log_session_close (session);
  _planner_advice_page_flush (PLANNER_ADVICE_PAGE (page));
  g_assert_null (_planner_advice_page_get_log_analysis (PLANNER_ADVICE_PAGE (page)));
  g_assert_true (gtk_widget_get_visible (_planner_advice_page_get_mfu_row (PLANNER_ADVICE_PAGE (page))));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* A job of the person's is never replaced unasked: the log is read
 * against it, the differences are shown, and the log's job is one click
 * away. */
static void
test_page_job_open (void)
{
  PlannerWindow *window = new_window ();
  PlannerDocument *document = planner_window_get_document (window);
  PlannerJob *job = planner_window_get_job (window);
  g_autoptr(PlannerJob) before = NULL;
  const PlannerLogAnalysis *analysis;
  GtkWidget *page;

  /* The person's own change: the job is theirs now. */
  g_object_set (job, "tp", 8, NULL);
  planner_window_flush (window);
  g_assert_true (planner_document_get_modified (document));
  before = planner_job_copy (job);

  open_golden (window, "clean.log");
  g_assert_true (planner_job_equal (before, job));
  g_assert_null (planner_log_session_get_job_notes (_planner_window_get_log_session (window)));

  page = show_page (window, "troubleshoot");
  analysis = _planner_advice_page_get_log_analysis (PLANNER_ADVICE_PAGE (page));
  g_assert_nonnull (analysis);
  g_assert_false (analysis->job_from_log);
  g_assert_true (has_label (page, "The Log’s Run Differs from This Job"));
  g_assert_true (has_label (page, "Tensor Parallel: 8 → 2"));
  planner_test_save_png (GTK_WIDGET (window), "log-differs.png");

  /* Saved, the job is on disk: using the log's job asks nothing. */
  {
    g_autofree char *dir = g_dir_make_tmp ("planner-log-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "mine.lpjob", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GAsyncResult) result = NULL;

    planner_document_save_async (document, file, NULL, save_cb, &result);
    while (result == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (planner_document_save_finish (document, result, NULL));
    g_assert_false (planner_document_get_modified (document));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.use-log-job", NULL);
    planner_window_flush (window);
    g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 2);
    g_assert_null (planner_document_get_file (document));
    g_assert_true (planner_document_get_modified (document));
    /* The file is untouched. */
    g_assert_true (g_file_query_exists (file, NULL));
    g_unlink (path);
    g_rmdir (dir);
  }
  page = show_page (window, "troubleshoot");
  g_assert_false (has_label (page, "The Log’s Run Differs from This Job"));
  g_assert_true (has_label (page, "This job was made from the log’s arguments"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Files are told apart by what they hold: a launch script named .log is
 * imported as a script, a log named .sh (dropped on the window) is read
 * as a log. */
static void
test_page_sniff (void)
{
  PlannerWindow *window = new_window ();
  g_autofree char *dir = g_dir_make_tmp ("planner-log-XXXXXX", NULL);
  g_autofree char *script_path = g_build_filename (dir, "train.log", NULL);
  g_autofree char *log_copy = g_build_filename (dir, "train.sh", NULL);
  g_autofree char *golden = log_path ("oom-iteration-1.log");
  g_autofree char *text = NULL;
  g_autoptr(GFile) script = g_file_new_for_path (script_path);
  g_autoptr(GFile) log = g_file_new_for_path (log_copy);
  PlannerLogSession *session = _planner_window_get_log_session (window);
  gsize length;

  g_assert_true (g_file_set_contents (script_path,
                                      "torchrun --nnodes 2 --nproc-per-node 8 pretrain_gpt.py "
                                      "--tensor-model-parallel-size 2 --num-layers 32 --hidden-size 4096 "
                                      "--num-attention-heads 32 --seq-length 4096 --max-position-embeddings 4096 "
                                      "--micro-batch-size 1 --global-batch-size 256 --train-iters 5000 --bf16 "
                                      "2>&1 | tee train.log\n", -1, NULL));
  g_assert_true (g_file_get_contents (golden, &text, &length, NULL));
  g_assert_true (g_file_set_contents (log_copy, text, length, NULL));

  planner_window_open_file (window, script);
  while (planner_job_get_uint (planner_window_get_job (window), "tp") != 2)
    g_main_context_iteration (NULL, TRUE);
  planner_window_flush (window);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_EMPTY);
  g_assert_cmpuint (planner_job_get_uint (planner_window_get_job (window), "nodes"), ==, 2);

  /* Dropped on the window, as a file manager would. */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
    GtkDropTarget *drop = NULL;
    g_auto(GValue) value = G_VALUE_INIT;
    GSList *files = g_slist_prepend (NULL, log);
    gboolean accepted = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_DROP_TARGET (controller))
          drop = GTK_DROP_TARGET (controller);
      }
    g_assert_nonnull (drop);
    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
    g_slist_free (files);
    g_signal_emit_by_name (drop, "drop", &value, 10.0, 10.0, &accepted);
    g_assert_true (accepted);
  }
  wait_for_log (window);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READY);
  g_assert_cmpuint (planner_log_session_get_record (session)->n_lines, >, 800);
  /* The imported script is the person's (unsaved): it stays the job. */
  g_assert_cmpuint (planner_job_get_uint (planner_window_get_job (window), "tp"), ==, 2);

  g_unlink (script_path);
  g_unlink (log_copy);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A large log is read in the background: the window keeps drawing, the
 * progress moves, Cancel stops it and the log open before stays. */
static void
test_page_cancel (void)
{
  PlannerWindow *window = new_window ();
  PlannerLogSession *session = _planner_window_get_log_session (window);
  g_autofree char *dir = g_dir_make_tmp ("planner-log-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.log", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL);
  g_autoptr(GString) block = g_string_new (NULL);
  PlannerLogRecord *first;
  gint64 last_tick, worst = 0;
  double fraction = 0;
  guint progress_steps = 0;

  open_golden (window, "clean.log");
  first = planner_log_session_get_record (session);
  g_assert_nonnull (first);

  /* 64 MiB of iteration lines. */
  for (guint i = 1; block->len < 1024 * 1024; i++)
    {
      g_autofree char *line = iteration_line (i, "2.000000E+00", "0.500", 400.0, 0, 0);

      g_string_append (block, line);
    }
  for (guint i = 0; i < 64; i++)
    g_assert_true (g_output_stream_write_all (G_OUTPUT_STREAM (out), block->str, block->len, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, NULL));

  planner_log_session_open (session, file);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READING);
  last_tick = g_get_monotonic_time ();
  while (planner_log_session_get_state (session) == PLANNER_LOG_SESSION_READING &&
         planner_log_session_get_fraction (session) < 0.25)
    {
      gint64 now;

      g_main_context_iteration (NULL, TRUE);
      now = g_get_monotonic_time ();
      worst = MAX (worst, now - last_tick);
      last_tick = now;
      if (planner_log_session_get_fraction (session) > fraction)
        {
          fraction = planner_log_session_get_fraction (session);
          progress_steps++;
        }
    }
  g_test_message ("longest main-loop wait while reading: %.1f ms, %u progress steps", worst / 1000.0,
                  progress_steps);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READING);
  /* Several steps before a quarter is read: progress, not one jump (a
   * loaded machine coalesces the worker's reports, so not one per percent). */
  g_assert_cmpuint (progress_steps, >, 1);
  /* Progress arrives about once per percent; nothing blocks the loop for long. */
  g_assert_cmpint (worst, <, G_USEC_PER_SEC);

  planner_log_session_cancel (session);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READY);
  g_assert_true (planner_log_session_get_record (session) == first);
  /* The worker's late answer changes nothing. */
  for (guint i = 0; i < 200; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_true (planner_log_session_get_record (session) == first);

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log named outside UTF-8 ("caf\xe9.log", as from a Latin-1 command
 * line): read under its own name, shown escaped; one that cannot be read
 * says so by that name, never with raw bytes in a label (red team,
 * round 2). */
static void
test_page_latin1_name (void)
{
  PlannerWindow *window = new_window ();
  PlannerLogSession *session = _planner_window_get_log_session (window);
  g_autofree char *dir = g_dir_make_tmp ("planner-log-XXXXXX", NULL);
  g_autofree char *missing_path = g_build_filename (dir, "missing\xe9.log", NULL);
  g_autofree char *path = g_build_filename (dir, "caf\xe9.log", NULL);
  g_autofree char *golden = log_path ("clean.log");
  g_autofree char *contents = NULL;
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *name = NULL;
  gsize length = 0;

  planner_log_session_open (session, missing);
  wait_for_log (window);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_FAILED);
  g_assert_true (g_utf8_validate (planner_log_session_get_error (session), -1, NULL));
  g_assert_nonnull (strstr (planner_log_session_get_error (session), "missing\\xe9.log"));
  /* Drawn with the message in view: invalid UTF-8 in a label would warn. */
  show_page (window, "troubleshoot");

  g_assert_true (g_file_get_contents (golden, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  planner_log_session_open (session, file);
  wait_for_log (window);
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READY);
  name = planner_log_session_dup_name (session);
  g_assert_cmpstr (name, ==, "caf\\xe9.log");
  show_page (window, "troubleshoot");

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkScrolledWindow *
find_scroller (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found;

      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_SCROLLED_WINDOW (child))
        return GTK_SCROLLED_WINDOW (child);
      found = find_scroller (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
}

/* Pictures of Troubleshoot with a log open, to look at: the window, then
 * the page a screen further down each time. */
static void
screenshots (const char *variant,
             const char *log,
             int         width,
             int         height,
             gboolean    dark,
             double      text_scale)
{
  PlannerWindow *window;
  GtkWidget *page;
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", (int) (96 * 1024 * text_scale), NULL);

  window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_stack_set_transition_type (_planner_window_get_stack (window), GTK_STACK_TRANSITION_TYPE_NONE);
  open_golden (window, log);
  page = show_page (window, "troubleshoot");
  g_assert_true (gtk_widget_get_mapped (_planner_advice_page_get_chart (PLANNER_ADVICE_PAGE (page))));
  /* The toast goes after five seconds. */
  spin (5500);

  scroller = find_scroller (page);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *png = g_strdup_printf ("log-%s-%u.png", variant, i);
      double value = i * gtk_adjustment_get_page_size (adjustment) * 0.9;

      if (i > 0 && value > gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) * 0.1)
        break;
      gtk_adjustment_set_value (adjustment, value);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      planner_test_save_png (GTK_WIDGET (window), png);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", 96 * 1024, NULL);
}

/* Not run by default: PLANNER_TEST_BIG_LOG=FILE reads a whole (2 GB)
 * log through the window's session and reports the time it took and the
 * longest the main loop waited meanwhile. */
static void
test_page_big_log (void)
{
  const char *path = g_getenv ("PLANNER_TEST_BIG_LOG");
  PlannerWindow *window;
  PlannerLogSession *session;
  g_autoptr(GFile) file = NULL;
  gint64 start, last_tick, worst = 0;
  guint ticks = 0;

  if (path == NULL)
    {
      g_test_skip ("set PLANNER_TEST_BIG_LOG to a log file to time it");
      return;
    }
  window = new_window ();
  /* The window's own start-up work (the script view is made after the
   * first frame) is not the log's. */
  spin (3000);
  session = _planner_window_get_log_session (window);
  file = g_file_new_for_path (path);
  start = last_tick = g_get_monotonic_time ();
  planner_log_session_open (session, file);
  /* A frame's worth of work on the loop, as drawing would be. */
  while (planner_log_session_get_state (session) == PLANNER_LOG_SESSION_READING)
    {
      gint64 now;

      g_main_context_iteration (NULL, FALSE);
      g_usleep (4000);
      now = g_get_monotonic_time ();
      if (now - last_tick > 100000)
        g_test_message ("long turn %.1f ms at %.2f s, state %d", (now - last_tick) / 1000.0, (now - start) / 1e6,
                        planner_log_session_get_state (session));
      worst = MAX (worst, now - last_tick);
      last_tick = now;
      ticks++;
    }
  g_assert_cmpint (planner_log_session_get_state (session), ==, PLANNER_LOG_SESSION_READY);
  g_test_message ("read %s in %.2f s; %u loop turns, the longest %.1f ms; %" G_GUINT64_FORMAT " lines",
                  path, (g_get_monotonic_time () - start) / 1e6, ticks, worst / 1000.0,
                  planner_log_session_get_record (session)->n_lines);
  g_assert_cmpint (worst, <, G_USEC_PER_SEC / 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Light at 1280 × 800 always; with PLANNER_TEST_SCREENSHOTS=1, also
 * 1920 × 1080, dark, and large text. */
static void
test_page_screenshots (void)
{
  screenshots ("1280-light", "loss-spike.log", 1280, 800, FALSE, 1.0);
  if (g_getenv ("PLANNER_TEST_SCREENSHOTS") == NULL)
    return;
  screenshots ("1920-light", "nccl-timeout.log", 1920, 1080, FALSE, 1.0);
  screenshots ("1280-dark", "oom-iteration-1.log", 1280, 800, TRUE, 1.0);
  screenshots ("1280-large", "nan-skipped.log", 1280, 800, FALSE, 1.25);
  screenshots ("1920-dark-large", "slurm-8-ranks.log", 1920, 1080, TRUE, 1.25);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/log/chart/geometry", test_chart_geometry);
  g_test_add_func ("/planner/log/chart/accessible", test_chart_accessible);
  g_test_add_func ("/planner/log/chart/empty", test_chart_empty);
  g_test_add_func ("/planner/log/page/troubleshoot", test_page_troubleshoot);
  g_test_add_func ("/planner/log/page/job-open", test_page_job_open);
  g_test_add_func ("/planner/log/page/sniff", test_page_sniff);
  g_test_add_func ("/planner/log/page/cancel", test_page_cancel);
  g_test_add_func ("/planner/log/page/latin1-name", test_page_latin1_name);
  g_test_add_func ("/planner/log/page/big-log", test_page_big_log);
  g_test_add_func ("/planner/log/page/screenshots", test_page_screenshots);

  return g_test_run ();
}
