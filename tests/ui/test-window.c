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
#include <string.h>

#include "planner-field.h"
#include "planner-field-row.h"
#include "planner-spin-row.h"
#include "planner-history-window.h"
#include "planner-preferences-window.h"
#include "planner-form-page.h"
#include "planner-job-model.h"
#include "planner-pages.h"
#include "planner-picture-view.h"
#include "planner-recommend-job.h"
#include "planner-problems.h"
#include "planner-recommend.h"
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
  /* The example is dense: no Experts row, so Alt+6 is Pictures. */
  static const char *names[] = { "model", "cluster", "data", "training", "parallelism",
                                 "pictures", "memory", "optimize", "troubleshoot" };
  PlannerWindow *window = new_window ();
  GtkStack *stack = _planner_window_get_stack (window);
  g_autoptr(GVariant) past = g_variant_ref_sink (g_variant_new_int32 (9));

  /* No crossfade, so each picture shows its own page. */
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GVariant) index = g_variant_ref_sink (g_variant_new_int32 (i));
      g_autofree char *png = g_strdup_printf ("window-page-%s.png", names[i]);

      /* Alt+1 … Alt+9 reach every page shown; each is built when first shown. */
      gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.show-page", index);
      g_assert_nonnull (gtk_stack_get_child_by_name (stack, names[i]));
      g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, names[i]);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      planner_test_save_png (GTK_WIDGET (window), png);
    }
  /* Alt+0 has no tenth row to go to: nothing moves. */
  gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.show-page", past);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "troubleshoot");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Experts is a page for MoE models only; with it the sidebar has ten rows
 * and Alt+0 reaches the tenth. */
static void
test_window_experts_for_moe (void)
{
  static const char *names[] = { "model", "cluster", "data", "training", "parallelism", "experts",
                                 "pictures", "memory", "optimize", "troubleshoot" };
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkStack *stack = _planner_window_get_stack (window);

  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  g_object_set (job, "model-id", "mixtral-8x7b", "tp", 1, "pp", 4, "ep", 8, NULL);
  planner_window_flush (window);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GVariant) index = g_variant_ref_sink (g_variant_new_int32 (i));

      gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.show-page", index);
      g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, names[i]);
    }

  /* Back to a dense model on the Experts page: the page goes, the
   * person lands on the Model page. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 5);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "experts");
  g_object_set (job, "model-id", "llama3-70b", "ep", 1, NULL);
  planner_window_flush (window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "model");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 5);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "pictures");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The title of the first visible preferences row under @widget whose
 * title starts with @prefix, or NULL. */
static const char *
find_row_title (GtkWidget  *widget,
                const char *prefix)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (ADW_IS_PREFERENCES_ROW (widget))
    {
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));

      if (title != NULL && g_str_has_prefix (title, prefix))
        return title;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      const char *found = find_row_title (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* "Use Recommended" changes the job like any edit: the summary follows. */
static void
test_window_use_recommended (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkLabel *summary = _planner_window_get_summary_label (window);
  GtkStack *stack = _planner_window_get_stack (window);

  /* 7B on one 8-GPU node: the job takes the search's best layout (the
   * engine's choice, asked the same way), and the summary follows. */
  /* The person types the global batch: it is theirs, not assumed. */
  g_object_set (job, "model-id", "llama2-7b", "nodes", 1, "tp", 2, "pp", 4, "global-batch-size", 128, NULL);
  planner_window_flush (window);
  {
    PlannerRecommendRequest request = { 0 };
    g_autoptr(PlannerArgs) model_args = NULL;
    PlannerRecommendation *r;
    g_autofree char *expected = NULL;

    /* The job's model, cluster, sequence, batch and precision, fixed. */
    g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, NULL));
    g_assert_cmpstr (request.model_id, ==, "llama2-7b");
    g_assert_cmpuint (request.global_batch_size, ==, planner_job_get_uint (job, "global-batch-size"));
    r = planner_recommend (&request, NULL);
    g_assert_nonnull (r);
    g_assert_true (r->fits);
    g_assert_false (r->best.layout.tp == 2 && r->best.layout.pp == 4);
    planner_window_use_recommended (window, TRUE);
    planner_window_flush (window);
    g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, r->best.layout.tp);
    g_assert_cmpuint (planner_job_get_uint (job, "pp"), ==, r->best.layout.pp);
    expected = g_strdup_printf ("TP %u × CP %u × DP %u × PP %u = 8 GPUs ✓", r->best.layout.tp, r->best.layout.cp,
                                r->best.layout.dp, r->best.layout.pp);
    g_assert_cmpstr (gtk_label_get_text (summary), ==, expected);
    /* The layout is for the person's global batch, which stays. */
    g_assert_cmpuint (planner_job_get_uint (job, "global-batch-size"), ==, 128);
    planner_recommendation_free (r);
  }

  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_set_visible_child_name (stack, "parallelism");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* The page says where the job's layout ranks (issue 11), once the page
   * is on screen and the frame is drawn; relative, never a time. */
  {
    GtkWidget *page = gtk_stack_get_visible_child (stack);
    const char *title = NULL;
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (title == NULL && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        title = find_row_title (page, "Rank ");
      }
    /* After Use Recommended the job's layout is the best the search finds. */
    g_assert_nonnull (title);
    g_assert_true (g_str_has_prefix (title, "Rank 1 of "));
    g_assert_null (strstr (title, "second"));
    g_assert_null (strstr (title, "hour"));
    g_test_message ("%s", title);
    /* Issue 23 #16: the rules of thumb the CLI prints are on the page too. */
    g_assert_nonnull (find_row_title (page, "Rules of Thumb"));
  }
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-recommended.png");
  gtk_stack_set_visible_child_name (stack, "memory");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-memory.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A tokenizer without its model file is the Tokenizer Model's problem,
 * said once there: the Tokenizer Type the person chose is not marked
 * (issue 23 #8). */
static void
test_window_tokenizer_problem_field (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GPtrArray *problems;

  g_object_set (job, "model-id", "llama3-8b", "nodes", 1, "tp", 1, "pp", 1, "data-path", "/data/corpus/text_document",
                "tokenizer-model", "", NULL);
  planner_window_flush (window);
  problems = _planner_window_get_problems (window);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s: %s", ((PlannerProblem *) g_ptr_array_index (problems, i))->key,
                    ((PlannerProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_nonnull (planner_problems_for_key (problems, "tokenizer-model"));
  g_assert_null (planner_problems_for_key (problems, "tokenizer-type"));
  g_assert_cmpuint (planner_problems_count (problems, PLANNER_SEVERITY_ERROR), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two different refusals of one field are two problems, counted as the
 * draft marks them: EP 3 on Mixtral's 8 experts over 32 GPUs neither
 * divides the experts nor the GPUs (issue 23 #5, #8). */
static void
test_window_two_problems_one_field (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GPtrArray *problems;
  guint n_ep = 0;

  g_object_set (job, "model-id", "mixtral-8x7b", "gpu-id", "h100-sxm", "nodes", 4, "gpus-per-node", 8,
                "tp", 2, "pp", 2, "ep", 3, "etp", 1, NULL);
  planner_window_flush (window);
  problems = _planner_window_get_problems (window);
  for (guint i = 0; i < problems->len; i++)
    {
      const PlannerProblem *problem = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", problem->key, problem->message);
      n_ep += problem->severity == PLANNER_SEVERITY_ERROR && g_strcmp0 (problem->key, "ep") == 0;
    }
  g_assert_cmpuint (n_ep, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A job that trains by samples (NVIDIA's recipes, an imported script)
 * holds 0 iterations: the row under Training Iterations says so, not
 * that new jobs start at 1000 (issue 23 #10). */
static void
test_window_samples_schedule (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *training = _planner_window_ensure_page (window, _planner_window_page_index ("training"));
  GtkWidget *iters = planner_form_page_find_row (PLANNER_FORM_PAGE (training), "train-iters");
  const char *text;

  text = adw_action_row_get_subtitle (ADW_ACTION_ROW (iters));
  g_assert_true (g_str_has_prefix (text, "New jobs start at 1000"));
  /* How long, in iterations and then in samples, before the rates. */
  {
    static const char * const order[] = { "lr-warmup-iters", "lr-decay-iters", "train-samples",
                                          "lr-warmup-samples", "lr-decay-samples", "lr" };
    GtkWidget *row = iters;

    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      {
        row = gtk_widget_get_next_sibling (row);
        g_assert_nonnull (row);
        g_assert_cmpstr (planner_field_row_get_key (row), ==, order[i]);
      }
  }
  g_object_set (job, "train-iters", 0, "train-samples", (guint) 1953125000, NULL);
  planner_window_flush (window);
  text = adw_action_row_get_subtitle (ADW_ACTION_ROW (iters));
  g_test_message ("Training Iterations: %s", text);
  g_assert_null (strstr (text, "New jobs start"));
  g_assert_nonnull (strstr (text, "Training Samples"));
  /* All ten digits in view, not "1953125". */
  {
    GtkWidget *samples = planner_form_page_find_row (PLANNER_FORM_PAGE (training), "train-samples");

    g_assert_cmpint (gtk_editable_get_width_chars (GTK_EDITABLE (planner_spin_row_get_spin_button (
                       PLANNER_SPIN_ROW (samples)))), >=, 10);
  }
  g_object_set (job, "train-samples", 0, "train-iters", 5000, NULL);
  planner_window_flush (window);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (iters)), "New jobs start at 1000"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Approve asks only about what the draft lets through, each once
 * (issue 23 #1): TP 2 on an H100 is no question (the draft exports
 * CUDA_DEVICE_MAX_CONNECTIONS), and a job that does not fit is named
 * once, not as the memory line and again as its warning. */
static void
test_window_approve_asks_once (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerDocument *document = planner_window_get_document (window);
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  g_autoptr(GError) error = NULL;
  guint n_bullets = 0;

  g_object_set (job, "model-id", "llama3-8b", "gpu-id", "h100-sxm", "nodes", 1, "gpus-per-node", 8,
                "tp", 2, "pp", 1, "cp", 1, "seq-length", 4096, "data-path", "/data/corpus/text_document",
                "tokenizer-model", "/models/llama3", "train-iters", 1000, NULL);
  planner_window_flush (window);
  planner_script_pane_approve (pane, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (planner_document_get_approved (document));

  /* 70B on one node at TP 1: the memory does not fit. */
  g_object_set (job, "model-id", "llama3-70b", "tp", 1, NULL);
  planner_window_flush (window);
  g_assert_false (planner_script_pane_approve (pane, FALSE, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  for (const char *p = error->message; (p = strstr (p, "•")) != NULL; p++)
    n_bullets++;
  g_test_message ("asked: %s", error->message);
  g_assert_nonnull (strstr (error->message, "GiB"));
  g_assert_cmpuint (n_bullets, ==, 1);
  /* A warning, in the sidebar as in the problem count. */
  g_assert_cmpuint (planner_problems_count (_planner_window_get_problems (window), PLANNER_SEVERITY_ERROR), ==, 0);
  g_assert_cmpstr (_planner_window_get_page_status (window, "memory"), ==, "warning");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The script pane: refused while values are missing, a draft once they
 * are given, approval of exactly that draft, a new unapproved draft after
 * any change, and export of exactly the approved bytes. */
static void
test_window_script_pane (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerDocument *document = planner_window_get_document (window);
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("planner-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "train.sh", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *written = NULL;
  g_autofree char *approved = NULL;

  g_object_set (job, "model-id", "llama3-8b", "nodes", 1, "tp", 1, "pp", 1, NULL);
  planner_window_flush (window);
  /* No data path and no tokenizer: nothing to approve, and the problem
   * bar names the fields in the form's words. */
  g_assert_nonnull (strstr (planner_script_pane_get_text (pane), "<MISSING: Data Path>"));
  g_assert_false (planner_script_pane_approve (pane, TRUE, &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INCOMPLETE);
  g_clear_error (&error);
  g_assert_nonnull (planner_problems_for_key (_planner_window_get_problems (window), "data-path"));
  g_assert_null (strstr (_planner_window_get_problem_text (window), "data.data_path"));
  g_assert_null (strstr (_planner_window_get_problem_text (window), "training.train_iters"));
  g_assert_cmpstr (_planner_window_get_page_status (window, "data"), ==, "error");

  g_object_set (job, "data-path", "/data/my corpus/text_document", "tokenizer-model", "/models/llama3",
                "train-iters", 1000, NULL);
  planner_window_flush (window);
  g_assert_nonnull (planner_script_pane_get_text (pane));
  g_assert_false (planner_document_get_approved (document));
  g_assert_false (planner_script_pane_export (pane, file, &error));
  g_clear_error (&error);
  /* The first-start Data page and the summary agree: done. */
  g_assert_cmpstr (_planner_window_get_page_status (window, "data"), ==, "done");

  g_assert_true (planner_script_pane_approve (pane, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (planner_document_get_approved (document));
  approved = g_strdup (planner_script_pane_get_text (pane));
  g_assert_true (planner_script_pane_export (pane, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, approved);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-script.png");

  /* Any change to the job makes a new draft that is not approved. */
  g_object_set (job, "micro-batch-size", 2, NULL);
  planner_window_flush (window);
  g_assert_false (planner_document_get_approved (document));
  g_assert_cmpstr (planner_script_pane_get_text (pane), !=, approved);

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The memory check is the pane's third launcher: drafted for the chosen
 * stages, approved and exported like the others; the flex dispatcher,
 * which --fake-process-group cannot run, is refused in words. */

/* Every check button under @widget, in the order they are laid out. */
static void
collect_checks (GtkWidget *widget,
                GPtrArray *checks)
{
  if (GTK_IS_CHECK_BUTTON (widget))
    g_ptr_array_add (checks, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_checks (child, checks);
}
static void
test_window_memory_check (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerDocument *document = planner_window_get_document (window);
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("planner-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "memory-check.sh", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *written = NULL;
  g_autofree char *approved = NULL;
  const guint32 stages[] = { 1, 3 };
  const char *text;

  /* No data path, no tokenizer, no iterations: the check needs none. */
  planner_document_set_launcher (document, PLANNER_SCRIPT_MEMORY_CHECK);
  planner_window_flush (window);
  text = planner_script_pane_get_text (pane);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "--fake-process-group"));
  g_assert_null (strstr (text, "<MISSING"));

  planner_script_pane_set_memory_check_stages (pane, stages, G_N_ELEMENTS (stages));
  planner_window_flush (window);
  text = planner_script_pane_get_text (pane);
  g_assert_nonnull (strstr (text, "== Stage 1: rank 16 of 64"));
  g_assert_nonnull (strstr (text, "== Stage 3: rank 48 of 64"));
  g_assert_null (strstr (text, "== Stage 0:"));

  /* The popover's checks say the same stages, and a person ticking one
   * adds its stage (row n is stage n). */
  {
    g_autoptr(GPtrArray) checks = g_ptr_array_new ();
    const guint32 *chosen;
    guint n_chosen = 0;

    collect_checks (GTK_WIDGET (pane), checks);
    g_assert_cmpuint (checks->len, ==, 4);
    g_assert_false (gtk_check_button_get_active (g_ptr_array_index (checks, 0)));
    g_assert_true (gtk_check_button_get_active (g_ptr_array_index (checks, 1)));
    g_assert_false (gtk_check_button_get_active (g_ptr_array_index (checks, 2)));
    g_assert_true (gtk_check_button_get_active (g_ptr_array_index (checks, 3)));
    gtk_check_button_set_active (g_ptr_array_index (checks, 2), TRUE);
    chosen = planner_document_get_memory_check_stages (document, &n_chosen);
    g_assert_cmpuint (n_chosen, ==, 3);
    g_assert_cmpuint (chosen[0], ==, 1);
    g_assert_cmpuint (chosen[1], ==, 2);
    g_assert_cmpuint (chosen[2], ==, 3);
    gtk_check_button_set_active (g_ptr_array_index (checks, 2), FALSE);
    chosen = planner_document_get_memory_check_stages (document, &n_chosen);
    g_assert_cmpuint (n_chosen, ==, 2);
    g_assert_cmpuint (chosen[0], ==, 1);
    g_assert_cmpuint (chosen[1], ==, 3);
    planner_window_flush (window);
  }

  g_assert_true (planner_script_pane_approve (pane, TRUE, &error));
  g_assert_no_error (error);
  approved = g_strdup (planner_script_pane_get_text (pane));
  g_assert_true (planner_script_pane_export (pane, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, approved);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-memory-check.png");

  /* Other stages are another script: the approval goes. */
  planner_script_pane_set_memory_check_stages (pane, stages, 1);
  planner_window_flush (window);
  g_assert_false (planner_document_get_approved (document));

  /* A job the check cannot run: no draft, and the reason instead. */
  g_object_set (job, "model-id", "mixtral-8x7b", "tp", 1, "pp", 4, "ep", 8,
                "moe-token-dispatcher-type", "flex", NULL);
  planner_window_flush (window);
  g_assert_null (planner_script_pane_get_text (pane));
  g_assert_false (planner_script_pane_approve (pane, TRUE, &error));
  g_clear_error (&error);

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Parallelism page says what each degree does (the engine's facts),
 * ranks the layout among those that fit (relative, never a time) and
 * draws the schedule, which follows PP and VPP. */
static void
test_window_parallelism_facts (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *page;
  GtkWidget *schedule;
  const char *ranking;
  gint64 deadline;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 4);
  planner_window_flush (window);
  page = _planner_window_get_page (window, "parallelism");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (planner_form_page_find_row (PLANNER_FORM_PAGE (page),
                                                                                             "pp"))),
                   ==, "20 layers per stage on 4 stages");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (
                   planner_form_page_find_row (PLANNER_FORM_PAGE (page), "tp"))), "Each layer split over 4 GPUs"));

  /* The schedule is there for PP 4, and redraws for VPP 5. */
  schedule = planner_parallelism_page_get_schedule (PLANNER_PARALLELISM_PAGE (page));
  g_assert_nonnull (schedule);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (schedule, ADW_TYPE_PREFERENCES_GROUP)));
  g_object_set (job, "vpp", 5, NULL);
  planner_window_flush (window);
  g_assert_cmpuint (planner_picture_data_get_schedule (planner_picture_view_get_data (PLANNER_PICTURE_VIEW (schedule)))->vpp,
                    ==, 5);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (
                   planner_form_page_find_row (PLANNER_FORM_PAGE (page), "vpp"))), "5 chunks of 4 layers"));

  /* The ranking comes from a worker thread once typing pauses. */
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while ((ranking = planner_parallelism_page_get_ranking (PLANNER_PARALLELISM_PAGE (page))) == NULL &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (ranking);
  g_assert_true (g_str_has_prefix (ranking, "Rank ") || g_str_has_prefix (ranking, "Not ranked"));
  g_assert_null (strstr (ranking, "second"));
  g_assert_null (strstr (ranking, "hour"));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-parallelism-facts.png");

  /* With one stage there is no schedule to draw here. */
  g_object_set (job, "vpp", 1, "pp", 1, "tp", 8, NULL);
  planner_window_flush (window);
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (schedule, ADW_TYPE_PREFERENCES_GROUP)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 22 #1: the Parallelism page has a Pipeline Split row that sets
 * the job; the rows a split needs show only with it; a missing stage count
 * is marked at its field; and the layers per stage follow the split. */
static void
test_window_pipeline_split (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *page = _planner_window_get_page (window, "parallelism");
  GtkWidget *split = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "pipeline-split");
  GtkWidget *first = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "first-stage-layers");
  GtkWidget *last = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "last-stage-layers");
  GtkWidget *layout = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "pipeline-layout");
  GtkWidget *pp = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "pp");
  GListModel *model;
  guint first_last = G_MAXUINT, layout_index = G_MAXUINT;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 4);
  planner_window_flush (window);
  g_assert_true (ADW_IS_COMBO_ROW (split));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (split)), ==, "Pipeline Split");
  g_assert_true (gtk_widget_get_visible (split));
  g_assert_false (gtk_widget_get_visible (first));
  g_assert_false (gtk_widget_get_visible (layout));

  model = adw_combo_row_get_model (ADW_COMBO_ROW (split));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      if (g_str_equal (label, "First and Last Stages"))
        first_last = i;
      if (g_str_equal (label, "Layout"))
        layout_index = i;
    }
  g_assert_cmpuint (first_last, !=, G_MAXUINT);
  g_assert_cmpuint (layout_index, !=, G_MAXUINT);

  /* Choosing it sets the job and shows the stage rows, the missing count
   * marked at its field in the form's words. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (split), first_last);
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "pipeline-split"), ==, "first-last");
  g_assert_true (gtk_widget_get_visible (first));
  g_assert_true (gtk_widget_get_visible (last));
  g_assert_false (gtk_widget_get_visible (layout));
  g_assert_nonnull (planner_field_row_get_problem (first));
  g_assert_null (strstr (planner_field_row_get_problem (first), "parallelism."));

  /* 80 layers over PP 4 with 17 in the first and last stages: 23 in each
   * middle one, as the engine counts them. */
  gtk_spin_button_set_value (planner_spin_row_get_spin_button (PLANNER_SPIN_ROW (first)), 17);
  gtk_spin_button_set_value (planner_spin_row_get_spin_button (PLANNER_SPIN_ROW (last)), 17);
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_uint (job, "first-stage-layers"), ==, 17);
  g_assert_cmpuint (planner_job_get_uint (job, "last-stage-layers"), ==, 17);
  g_assert_null (planner_field_row_get_problem (first));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (pp)), ==, "17 to 23 layers per stage on 4 stages");

  /* A layout string: its entry shows, the stage rows go. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (split), layout_index);
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "pipeline-split"), ==, "layout");
  g_assert_false (gtk_widget_get_visible (first));
  g_assert_true (gtk_widget_get_visible (layout));
  gtk_editable_set_text (GTK_EDITABLE (layout), "Et*19|(t*20|)*2t*21L");
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "pipeline-layout"), ==, "Et*19|(t*20|)*2t*21L");
  g_assert_null (planner_field_row_get_problem (layout));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (pp)), ==, "19 to 21 layers per stage on 4 stages");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-pipeline-split.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Typing what no field can hold is shown as wrong and left as typed. */
static void
test_window_spin_invalid (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *page = _planner_window_get_page (window, "parallelism");
  GtkWidget *row = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "tp");
  GtkSpinButton *spin = planner_spin_row_get_spin_button (PLANNER_SPIN_ROW (row));
  const char *typed[] = { "abc", "0", "1000000000" };

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      gtk_editable_set_text (GTK_EDITABLE (spin), typed[i]);
      gtk_spin_button_update (spin);
      planner_window_flush (window);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, typed[i]);
      g_assert_true (planner_field_row_get_invalid (row));
      g_assert_true (gtk_widget_has_css_class (row, "error"));
      g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 4);
    }
  gtk_editable_set_text (GTK_EDITABLE (spin), "8");
  planner_window_flush (window);
  g_assert_false (planner_field_row_get_invalid (row));
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 8);

  /* An impossible degree: the field itself says so, with the nearest layouts. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "3");
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 3);
  g_assert_nonnull (planner_field_row_get_problem (row));
  g_assert_cmpstr (_planner_window_get_page_status (window, "parallelism"), ==, "error");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-impossible-layout.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Degrees that do not divide the GPUs: each nearest valid layout is a
 * button that sets exactly the degrees its label names. */
static void
test_window_nearest_buttons (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *page = _planner_window_get_page (window, "parallelism");
  GtkWidget *box, *button;
  g_autofree char *expected = NULL;
  g_autofree char *label = NULL;
  guint world;

  g_object_set (job, "tp", 3u, NULL);
  planner_window_flush (window);
  box = find_descendant (page, GTK_TYPE_FLOW_BOX);
  g_assert_nonnull (box);
  button = find_descendant (box, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  /* The click makes a valid layout: the buttons go with it. */
  label = g_strdup (gtk_button_get_label (GTK_BUTTON (button)));
  g_signal_emit_by_name (button, "clicked");
  planner_window_flush (window);
  world = planner_job_get_world_size (job);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), !=, 3);
  g_assert_cmpuint (world % (planner_job_get_uint (job, "tp") * planner_job_get_uint (job, "cp") *
                             planner_job_get_uint (job, "pp")), ==, 0);
  expected = g_strdup_printf ("TP %u × CP %u × PP %u", planner_job_get_uint (job, "tp"),
                              planner_job_get_uint (job, "cp"), planner_job_get_uint (job, "pp"));
  g_assert_cmpstr (label, ==, expected);
  g_assert_nonnull (planner_report_get_layout (planner_window_get_report (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A pasted path loses its surrounding spaces and line breaks; a typed
 * relative path is named in the form's words beside the field. */
static void
test_window_path_checks (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *page = _planner_window_get_page (window, "data");
  GtkWidget *row = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "data-path");
  GtkEditable *delegate = gtk_editable_get_delegate (GTK_EDITABLE (row));
  int position = 0;

  gtk_editable_insert_text (delegate, "  /data/corpus_text\n", -1, &position);
  planner_window_flush (window);
  gtk_editable_set_text (GTK_EDITABLE (row), "");
  position = 0;
  gtk_editable_insert_text (delegate, " /data/corpus_text\n", -1, &position);
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "data-path"), ==, "/data/corpus_text");

  gtk_editable_set_text (GTK_EDITABLE (row), "data/corpus");
  planner_window_flush (window);
  g_assert_nonnull (planner_field_row_get_problem (row));
  g_assert_nonnull (strstr (planner_field_row_get_problem (row), "Data Path"));
  g_assert_true (gtk_widget_has_css_class (row, "error"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* New jobs start from the person's cluster, as the preferences keep it. */
static void
test_window_preferences (void)
{
  PlannerWindow *window = new_window ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(PlannerJob) template_job = NULL;
  GtkWidget *preferences;

  g_settings_set_string (settings, "default-gpu", "a100-80gb");
  g_settings_set_uint (settings, "default-gpus-per-node", 4);
  g_settings_set_string (settings, "default-megatron-dir", "/opt/Megatron-LM");
  g_settings_set_string (settings, "default-slurm-partition", "batch");
  g_settings_set_string (settings, "default-slurm-account", "research");
  /* The cluster's release, X.Y as a person may give it (issue 20). */
  g_settings_set_string (settings, "default-megatron-version", "0.14");
  template_job = planner_window_new_job_template (window);
  g_assert_cmpstr (planner_job_get_string (template_job, "megatron-version"), ==, "0.14.0");
  g_assert_cmpstr (planner_job_get_gpu_id (template_job), ==, "a100-80gb");
  g_assert_cmpuint (planner_job_get_uint (template_job, "gpus-per-node"), ==, 4);
  g_assert_cmpstr (planner_job_get_string (template_job, "megatron-dir"), ==, "/opt/Megatron-LM");
  g_assert_cmpstr (planner_job_get_string (template_job, "slurm-partition"), ==, "batch");
  g_assert_cmpstr (planner_job_get_string (template_job, "slurm-account"), ==, "research");

  /* New (Ctrl+N) uses them; the job is new and untitled. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_gpu_id (planner_window_get_job (window)), ==, "a100-80gb");
  g_assert_null (planner_document_get_file (planner_window_get_document (window)));

  preferences = planner_preferences_window_new (GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));
  gtk_test_widget_wait_for_draw (preferences);
  planner_test_save_png (preferences, "window-preferences.png");
  gtk_window_destroy (GTK_WINDOW (preferences));
  g_settings_reset (settings, "default-megatron-version");
  g_settings_reset (settings, "default-gpu");
  g_settings_reset (settings, "default-gpus-per-node");
  g_settings_reset (settings, "default-megatron-dir");
  g_settings_reset (settings, "default-slurm-partition");
  g_settings_reset (settings, "default-slurm-account");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Approving and exporting are kept in the history with the bytes' hash. */
static void
test_window_history (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  g_autofree char *dir = g_dir_make_tmp ("planner-history-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "train.sh", NULL);
  g_autofree char *history_path = g_build_filename (g_get_user_data_dir (), APP_ID, "history.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PlannerJournal) journal = planner_journal_new (history_path);
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GError) error = NULL;
  const PlannerJournalEntry *entry;
  GtkWidget *history;

  g_object_set (job, "train-iters", 100, "data-path", "/data/corpus_text", "tokenizer-model", "/models/tok", NULL);
  planner_window_flush (window);
  g_assert_true (planner_script_pane_approve (pane, TRUE, &error));
  g_assert_true (planner_script_pane_export (pane, file, &error));
  g_assert_no_error (error);

  g_assert_true (planner_journal_load (journal, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_journal_get_n_entries (journal), >=, 2);
  entry = planner_journal_get_entry (journal, 0);
  g_assert_cmpstr (entry->action, ==, "exported");
  g_assert_cmpstr (entry->target, ==, path);
  g_checksum_update (checksum, (const guchar *) planner_script_pane_get_text (pane), -1);
  g_assert_cmpstr (entry->sha256, ==, g_checksum_get_string (checksum));
  g_assert_cmpstr (planner_journal_get_entry (journal, 1)->action, ==, "approved");

  history = planner_history_window_new (GTK_WINDOW (window), journal);
  gtk_window_present (GTK_WINDOW (history));
  gtk_test_widget_wait_for_draw (history);
  planner_test_save_png (history, "window-history.png");
  gtk_window_destroy (GTK_WINDOW (history));

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Use Recommended shows the changes first; Undo puts the job back. */
static void
test_window_recommend_undo (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  g_autoptr(PlannerJob) before = NULL;

  g_object_set (job, "model-id", "llama2-7b", "nodes", 1, "tp", 2, "pp", 2, NULL);
  planner_window_flush (window);
  before = planner_job_copy (job);
  planner_window_use_recommended (window, TRUE);
  planner_window_flush (window);
  g_assert_false (planner_job_equal (before, job));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-recommended", NULL);
  planner_window_flush (window);
  g_assert_true (planner_job_equal (before, job));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A catalogue model shows its dimensions; Customise makes them editable rows. */
static void
test_window_customise (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *page = _planner_window_get_page (window, "model");
  GtkWidget *layers = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "num-layers");

  g_assert_nonnull (layers);
  g_assert_false (gtk_widget_get_visible (layers));
  g_assert_true (planner_job_customise (job, NULL));
  planner_window_flush (window);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 80);
  g_assert_true (gtk_widget_get_visible (layers));
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (layers, ADW_TYPE_PREFERENCES_GROUP)));
  /* The same model, so the same layout summary. */
  g_assert_cmpstr (gtk_label_get_text (_planner_window_get_summary_label (window)), ==,
                   "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs ✓");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-model-custom.png");
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

/* Large text (the accessibility setting: fonts at 150 %) at 1280 × 800:
 * every picture page is drawn, and the layout summary line is never the
 * label that is cut off. */
static void
test_window_large_text (void)
{
  static const PlannerPictureKind kinds[] = { PLANNER_PICTURE_GRID, PLANNER_PICTURE_SCHEDULE,
                                              PLANNER_PICTURE_COMPARE, PLANNER_PICTURE_MEMORY };
  GtkSettings *settings = gtk_settings_get_default ();
  int dpi = 0;
  PlannerWindow *window;
  GtkLabel *summary;
  GtkStack *stack;

  g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  g_object_set (settings, "gtk-xft-dpi", 96 * 1024 * 3 / 2, NULL);
  window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_window_flush (window);
  summary = _planner_window_get_summary_label (window);
  stack = _planner_window_get_stack (window);
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *png = g_strdup_printf ("window-large-text-%s.png", planner_picture_kind_to_string (kinds[i]));
      int natural = 0;

      g_assert_true (planner_window_show_picture (window, kinds[i]));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      planner_test_save_png (GTK_WIDGET (window), png);
      /* The summary wraps rather than cuts: its whole text is laid out. */
      gtk_widget_measure (GTK_WIDGET (summary), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_assert_true (gtk_label_get_ellipsize (summary) == PANGO_ELLIPSIZE_NONE);
      g_assert_true (gtk_label_get_wrap (summary));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (summary)), >, 0);
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 4);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-large-text-parallelism.png");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_set (settings, "gtk-xft-dpi", dpi, NULL);
}

/* A job with every value its torchrun and SLURM drafts need. */
static void
make_complete (PlannerWindow *window)
{
  g_object_set (planner_window_get_job (window), "model-id", "llama3-8b", "nodes", 1, "tp", 1, "pp", 1,
                "data-path", "/data/corpus/text_document", "tokenizer-model", "/models/llama3",
                "train-iters", 1000, "slurm-partition", "batch", "slurm-account", "research",
                "slurm-time", "01:00:00", NULL);
  planner_window_flush (window);
}

static void
count_signal (guint *n)
{
  (*n)++;
}

/* Issue 23 #2: an approval belongs to a launcher's bytes.  Viewing SLURM
 * and coming back keeps torchrun's; only a change of the job withdraws
 * it, and only then is the person told. */
static void
test_window_approval_per_launcher (void)
{
  PlannerWindow *window = new_window ();
  PlannerDocument *document = planner_window_get_document (window);
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  g_autoptr(GError) error = NULL;
  guint withdrawn = 0;

  make_complete (window);
  g_signal_connect_swapped (document, "approval-withdrawn", G_CALLBACK (count_signal), &withdrawn);
  g_assert_true (planner_script_pane_approve (pane, TRUE, &error));
  g_assert_no_error (error);
  planner_document_set_launcher (document, PLANNER_SCRIPT_SLURM);
  planner_window_flush (window);
  g_assert_false (planner_document_get_approved (document));
  planner_document_set_launcher (document, PLANNER_SCRIPT_TORCHRUN);
  planner_window_flush (window);
  g_assert_true (planner_document_get_approved (document));
  g_assert_true (planner_script_is_approved (planner_script_pane_get_text (pane)));
  g_assert_cmpuint (withdrawn, ==, 0);

  g_object_set (planner_window_get_job (window), "micro-batch-size", 2, NULL);
  planner_window_flush (window);
  g_assert_false (planner_document_get_approved (document));
  g_assert_cmpuint (withdrawn, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 20: the release is a row of the Cluster page; changing it reruns
 * the analysis, and the Script pane's header names it. */
static void
test_window_release (void)
{
  PlannerWindow *window = new_window ();
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  GtkWidget *page = _planner_window_get_page (window, "cluster");

  make_complete (window);
  g_assert_nonnull (planner_form_page_find_row (PLANNER_FORM_PAGE (page), "megatron-version"));
  planner_window_flush (window);
  g_assert_cmpstr (planner_report_get_megatron_version (planner_window_get_report (window)), ==, "0.20.0");
  g_assert_cmpstr (planner_script_pane_get_release_text (pane), ==, "For Megatron-Core 0.20.0");

  g_object_set (planner_window_get_job (window), "megatron-version", "0.14.0", NULL);
  planner_window_flush (window);
  g_assert_cmpstr (planner_report_get_megatron_version (planner_window_get_report (window)), ==, "0.14.0");
  g_assert_cmpstr (planner_script_pane_get_release_text (pane), ==, "For Megatron-Core 0.14.0");
  _planner_window_show_page (window, 1);  /* Cluster */
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-release.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 23 #5: text that is no value is a problem like any other:
 * counted, its page marked, the layout unknown, nothing approvable, and
 * no draft of the old value. */
static void
test_window_invalid_counted (void)
{
  const char *typed[] = { "abc", "0", "-3" };
  PlannerWindow *window = new_window ();
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  GtkLabel *summary = _planner_window_get_summary_label (window);
  GtkWidget *page = _planner_window_get_page (window, "cluster");
  GtkWidget *row = planner_form_page_find_row (PLANNER_FORM_PAGE (page), "nodes");
  GtkSpinButton *spin = planner_spin_row_get_spin_button (PLANNER_SPIN_ROW (row));

  make_complete (window);
  g_object_set (planner_window_get_job (window), "nodes", 8, NULL);
  planner_window_flush (window);
  g_assert_nonnull (strstr (planner_script_pane_get_text (pane), "NNODES=8"));
  g_assert_cmpuint (planner_problems_count (_planner_window_get_problems (window), PLANNER_SEVERITY_ERROR), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autoptr(GError) error = NULL;
      const char *text;

      gtk_editable_set_text (GTK_EDITABLE (spin), typed[i]);
      planner_window_flush (window);
      g_assert_true (planner_field_row_get_invalid (row));
      g_assert_cmpuint (planner_problems_count (_planner_window_get_problems (window), PLANNER_SEVERITY_ERROR),
                        >=, 1);
      g_assert_nonnull (planner_problems_for_key (_planner_window_get_problems (window), "nodes"));
      g_assert_cmpstr (_planner_window_get_page_status (window, "cluster"), ==, "error");
      g_assert_nonnull (strstr (gtk_label_get_text (summary), "unknown"));
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (summary), "error"));
      g_assert_false (planner_script_pane_approve (pane, TRUE, &error));
      g_assert_nonnull (error);
      text = planner_script_pane_get_text (pane);
      g_assert_true (text == NULL || strstr (text, "NNODES=8") == NULL);
    }
  gtk_editable_set_text (GTK_EDITABLE (spin), "1");
  planner_window_flush (window);
  g_assert_false (planner_field_row_get_invalid (row));
  g_assert_cmpuint (planner_problems_count (_planner_window_get_problems (window), PLANNER_SEVERITY_ERROR), ==, 0);
  g_assert_null (strstr (gtk_label_get_text (summary), "unknown"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The newest message dialog on screen, or NULL. */
static AdwMessageDialog *
find_message_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
        return l->data;
    }
  return NULL;
}

/* Issue 23 #3: Discard is final.  An unsaved untitled job, closed with
 * Discard, is not the next start's job. */
static void
test_window_discard_final (void)
{
  PlannerWindow *window = new_window ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdwMessageDialog *dialog;
  g_autofree char *last = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_object_set (planner_window_get_job (window), "model-id", "llama3-8b", "tp", 2, NULL);
  planner_window_flush (window);
  g_assert_true (planner_document_get_modified (planner_window_get_document (window)));
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (window);

  last = g_settings_get_string (settings, "last-job");
  g_assert_null (strstr (last, "llama3-8b"));
  g_assert_false (g_settings_get_boolean (settings, "last-job-modified"));
  window = new_window ();
  g_assert_cmpstr (planner_job_get_model_id (planner_window_get_job (window)), !=, "llama3-8b");
  g_assert_false (planner_document_get_modified (planner_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The button of @revealer's bar labelled @label. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

/* Issue 23 #4: unsaved work is in the drafts file a moment after the
 * change; a session that did not close (a crash: the file is still
 * there) is offered back at the next start, and restored on request. */
static void
test_window_recovers_draft (void)
{
  PlannerWindow *window = new_window ();
  g_autofree char *path = _planner_session_drafts_path ();
  g_autofree char *kept = NULL;
  gsize length = 0;
  GtkWidget *restore;

  g_object_set (planner_window_get_job (window), "model-id", "llama3-8b", "tp", 2, "pp", 1, "nodes", 1, NULL);
  planner_window_flush (window);
  _planner_session_write_draft (window);
  g_assert_true (g_file_get_contents (path, &kept, &length, NULL));
  /* A clean end leaves no draft; a crash would have left this one. */
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_set_contents (path, kept, length, NULL));

  window = new_window ();
  g_assert_true (gtk_revealer_get_reveal_child (window->recovery_bar));
  restore = find_button (GTK_WIDGET (window->recovery_bar), "_Restore");
  g_assert_nonnull (restore);
  planner_test_save_png (GTK_WIDGET (window), "window-recovery.png");
  g_signal_emit_by_name (restore, "clicked");
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_model_id (planner_window_get_job (window)), ==, "llama3-8b");
  g_assert_cmpuint (planner_job_get_uint (planner_window_get_job (window), "tp"), ==, 2);
  g_assert_true (planner_document_get_modified (planner_window_get_document (window)));
  g_assert_false (gtk_revealer_get_reveal_child (window->recovery_bar));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 23 #6: Use Recommended lists every change as a row of its own,
 * none of them in a cut scrolled area. */
static void
test_window_recommend_rows (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  AdwMessageDialog *dialog;
  GtkWidget *list;
  guint n_rows = 0;

  g_object_set (job, "model-id", "llama2-7b", "nodes", 1, "tp", 2, "pp", 4, NULL);
  planner_window_flush (window);
  planner_window_use_recommended (window, FALSE);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  list = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_LIST_BOX (list));
  {
    PlannerRecommendRequest request = { 0 };
    g_autoptr(PlannerArgs) model_args = NULL;
    PlannerRecommendation *r;
    g_autoptr(PlannerJob) after = NULL;
    g_auto(GStrv) changes = NULL;

    g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, NULL));
    r = planner_recommend (&request, NULL);
    after = planner_recommendation_to_job (r, NULL, job);
    changes = planner_job_list_changes_labelled (job, after);
    while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n_rows) != NULL)
      n_rows++;
    g_assert_cmpuint (n_rows, ==, g_strv_length (changes));
    g_assert_cmpuint (n_rows, >, 1);
    planner_recommendation_free (r);
  }
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  planner_test_save_png (GTK_WIDGET (dialog), "window-recommend-dialog.png");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The subtitle of the first row under @widget whose title is @title. */
static const char *
find_row_subtitle (GtkWidget  *widget,
                   const char *title)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      const char *found = find_row_subtitle (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Issue 23 #6: Use Recommended lists what it adds as its own row, and
 * leaves the person's Extra Arguments as they typed them; what it added
 * is in Recommended Arguments, and the draft calls only the person's
 * "Your extra arguments". */
static void
test_window_recommend_keeps_extra (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerScriptPane *pane = _planner_window_get_script_pane (window);
  GtkWidget *cluster = _planner_window_ensure_page (window, _planner_window_page_index ("cluster"));
  GtkWidget *extra_row = planner_form_page_find_row (PLANNER_FORM_PAGE (cluster), "extra-args");
  GtkWidget *recommended_row = planner_form_page_find_row (PLANNER_FORM_PAGE (cluster), "recommended-args");
  AdwMessageDialog *dialog;
  GtkWidget *list;
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  const char *added;
  const char *draft;
  const char *theirs;
  const char *ours;

  g_assert_nonnull (extra_row);
  g_assert_nonnull (recommended_row);
  g_object_set (job, "model-id", "llama2-7b", "nodes", 1, "tp", 2, "pp", 4, "mock-data", TRUE, NULL);
  /* Typed into the row, as a person does. */
  gtk_editable_set_text (GTK_EDITABLE (extra_row), "--seed 1234");
  planner_window_flush (window);
  g_assert_cmpstr (planner_job_get_string (job, "extra-args"), ==, "--seed 1234");

  planner_window_use_recommended (window, FALSE);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  list = adw_message_dialog_get_extra_child (dialog);
  for (guint i = 0; gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), i) != NULL; i++)
    g_ptr_array_add (titles, (gpointer) adw_preferences_row_get_title (
                       ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), i))));
  g_ptr_array_add (titles, NULL);
  /* What it adds is a change of its own; the person's text is not one. */
  g_assert_true (g_strv_contains ((const char *const *) titles->pdata, "Recommended Arguments"));
  g_assert_false (g_strv_contains ((const char *const *) titles->pdata, "Extra Arguments"));
  adw_message_dialog_response (dialog, "apply");
  gtk_window_destroy (GTK_WINDOW (dialog));
  planner_window_flush (window);

  g_assert_cmpstr (planner_job_get_string (job, "extra-args"), ==, "--seed 1234");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (extra_row)), ==, "--seed 1234");
  added = planner_job_get_string (job, "recommended-args");
  g_assert_cmpstr (added, !=, "");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (recommended_row)), ==, added);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (recommended_row)), ==,
                   "Recommended Arguments");

  draft = planner_script_pane_get_text (pane);
  g_assert_nonnull (draft);
  theirs = strstr (draft, "# Your extra arguments (advanced.extra_args)\n    --seed 1234\n)");
  ours = strstr (draft, "# Added by the recommendation (advanced.recommended_args)\n");
  g_assert_nonnull (theirs);
  g_assert_nonnull (ours);
  g_assert_true (ours < theirs);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 23 #7: a sequence length and batch the person never typed are
 * marked assumed on the Training page, and Why Each Degree says the batch
 * is assumed; once they type it, the row says nothing of it and the
 * reasons call it theirs. */
static void
test_window_assumed_batch (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GtkWidget *training;
  GtkWidget *parallelism;
  GtkWidget *batch_row;
  GtkWidget *seq_row;
  const char *text;
  guint typed;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  job = planner_window_get_job (window);
  g_object_set (job, "model-id", "llama3-8b", "nodes", 1, NULL);
  planner_window_flush (window);
  g_assert_false (planner_job_is_given (job, "global-batch-size"));
  g_assert_false (planner_job_is_given (job, "seq-length"));
  training = _planner_window_ensure_page (window, _planner_window_page_index ("training"));
  parallelism = _planner_window_ensure_page (window, _planner_window_page_index ("parallelism"));
  batch_row = planner_form_page_find_row (PLANNER_FORM_PAGE (training), "global-batch-size");
  seq_row = planner_form_page_find_row (PLANNER_FORM_PAGE (training), "seq-length");
  text = adw_action_row_get_subtitle (ADW_ACTION_ROW (seq_row));
  g_test_message ("Sequence Length: %s", text);
  g_assert_true (g_str_has_prefix (text, "Assumed: the model’s own 8192 tokens"));
  text = adw_action_row_get_subtitle (ADW_ACTION_ROW (batch_row));
  g_test_message ("Global Batch Size: %s", text);
  g_assert_true (g_str_has_prefix (text, "Assumed: "));
  g_assert_nonnull (strstr (text, "type a value to set it"));

  planner_window_use_recommended (window, TRUE);
  planner_window_flush (window);
  /* The batch Use Recommended rounded to is still not the person's. */
  g_assert_false (planner_job_is_given (job, "global-batch-size"));
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (batch_row)), "Assumed: "));
  text = find_row_subtitle (parallelism, "Global Batch Size");
  g_assert_nonnull (text);
  g_test_message ("Why Each Degree, untyped: %s", text);
  g_assert_true (g_str_has_prefix (text, "assumed"));
  g_assert_null (strstr (text, "yours:"));
  g_assert_nonnull (strstr (text, "Global Batch Size"));

  /* Typed into the row: theirs. */
  typed = planner_job_get_uint (job, "global-batch-size") * 2;
  gtk_spin_button_set_value (planner_spin_row_get_spin_button (PLANNER_SPIN_ROW (batch_row)), typed);
  planner_window_flush (window);
  g_assert_true (planner_job_is_given (job, "global-batch-size"));
  g_assert_cmpuint (planner_job_get_uint (job, "global-batch-size"), ==, typed);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (batch_row)), ==, "");
  /* The sequence stays assumed until it is typed too. */
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (seq_row)), "Assumed: "));
  planner_window_use_recommended (window, TRUE);
  planner_window_flush (window);
  text = find_row_subtitle (parallelism, "Global Batch Size");
  g_assert_nonnull (text);
  g_test_message ("Why Each Degree, typed: %s", text);
  g_assert_true (g_str_has_prefix (text, "yours"));
  g_assert_null (strstr (text, "assumed"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The import bar's dismiss button. */
static GtkWidget *
find_button_with_icon (GtkWidget  *widget,
                       const char *icon)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_icon (child, icon);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

/* Issue 23 #10: the import report outlives its bar.  Dismissed, the bar
 * goes; Import Report in the menu brings it back with its list open, until
 * the job is replaced. */
static void
test_window_import_report_reopens (void)
{
  PlannerWindow *window = new_window ();
  g_autofree char *dir = g_dir_make_tmp ("planner-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "train.sh", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *dismiss;
  guint n;

  g_assert_true (g_file_set_contents (path,
                                      "torchrun --nnodes 2 --nproc-per-node 8 pretrain_gpt.py "
                                      "--tensor-model-parallel-size 2 --num-layers 32 --hidden-size 4096 "
                                      "--num-attention-heads 32 --seq-length 4096 --max-position-embeddings 4096 "
                                      "--micro-batch-size 1 --global-batch-size 256 --train-iters 5000 --bf16 "
                                      "--seed 7\n", -1, NULL));
  /* Nothing to report yet. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.import-report", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->import_bar)));

  planner_window_open_file (window, file);
  while (!gtk_widget_get_visible (GTK_WIDGET (window->import_bar)))
    g_main_context_iteration (NULL, TRUE);
  planner_window_flush (window);
  n = count_rows (window->import_list);
  g_assert_cmpuint (n, >, 0);

  dismiss = find_button_with_icon (GTK_WIDGET (window->import_bar), "window-close-symbolic");
  g_assert_nonnull (dismiss);
  g_signal_emit_by_name (dismiss, "clicked");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->import_bar)));

  /* From the menu: the bar again, its list open, nothing lost. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.import-report", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->import_bar)));
  g_assert_true (gtk_revealer_get_reveal_child (window->import_bar));
  g_assert_cmpuint (count_rows (window->import_list), ==, n);
  {
    GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (window->import_button));
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (!gtk_widget_get_visible (popover) && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
    g_assert_true (gtk_revealer_get_child_revealed (window->import_bar));
    g_assert_true (gtk_widget_get_visible (popover));
  }
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "window-import-report.png");
  gtk_menu_button_popdown (window->import_button);
  /* Gone before the window is, so nothing asks for its surface after. */
  while (gtk_widget_get_mapped (GTK_WIDGET (gtk_menu_button_get_popover (window->import_button))))
    g_main_context_iteration (NULL, FALSE);

  /* A job that replaces the imported one has no report to reopen. */
  _planner_window_show_import_report (window, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.import-report", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->import_bar)));

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("planner-ui-data-XXXXXX", NULL);

  /* The history is written under the data folder: a throwaway one. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/window/new-destroy", test_window_new_destroy);
  g_test_add_func ("/planner/window/example-summary", test_window_example_summary);
  g_test_add_func ("/planner/window/summary-follows-job", test_window_summary_follows_job);
  g_test_add_func ("/planner/window/pages", test_window_pages);
  g_test_add_func ("/planner/window/experts-for-moe", test_window_experts_for_moe);
  g_test_add_func ("/planner/window/use-recommended", test_window_use_recommended);
  g_test_add_func ("/planner/window/script-pane", test_window_script_pane);
  g_test_add_func ("/planner/window/approve-asks-once", test_window_approve_asks_once);
  g_test_add_func ("/planner/window/samples-schedule", test_window_samples_schedule);
  g_test_add_func ("/planner/window/two-problems-one-field", test_window_two_problems_one_field);
  g_test_add_func ("/planner/window/tokenizer-problem-field", test_window_tokenizer_problem_field);
  g_test_add_func ("/planner/window/memory-check", test_window_memory_check);
  g_test_add_func ("/planner/window/parallelism-facts", test_window_parallelism_facts);
  g_test_add_func ("/planner/window/spin-invalid", test_window_spin_invalid);
  g_test_add_func ("/planner/window/nearest-buttons", test_window_nearest_buttons);
  g_test_add_func ("/planner/window/pipeline-split", test_window_pipeline_split);
  g_test_add_func ("/planner/window/path-checks", test_window_path_checks);
  g_test_add_func ("/planner/window/preferences", test_window_preferences);
  g_test_add_func ("/planner/window/history", test_window_history);
  g_test_add_func ("/planner/window/recommend-undo", test_window_recommend_undo);
  g_test_add_func ("/planner/window/customise", test_window_customise);
  g_test_add_func ("/planner/window/dark", test_window_dark);
  g_test_add_func ("/planner/window/large-text", test_window_large_text);
  g_test_add_func ("/planner/window/approval-per-launcher", test_window_approval_per_launcher);
  g_test_add_func ("/planner/window/invalid-counted", test_window_invalid_counted);
  g_test_add_func ("/planner/window/discard-final", test_window_discard_final);
  g_test_add_func ("/planner/window/recovers-draft", test_window_recovers_draft);
  g_test_add_func ("/planner/window/recommend-rows", test_window_recommend_rows);
  g_test_add_func ("/planner/window/recommend-keeps-extra", test_window_recommend_keeps_extra);
  g_test_add_func ("/planner/window/assumed-batch", test_window_assumed_batch);
  g_test_add_func ("/planner/window/import-report-reopens", test_window_import_report_reopens);
  g_test_add_func ("/planner/window/release", test_window_release);

  return g_test_run ();
}
