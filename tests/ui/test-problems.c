/* test-problems.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Errors at the right field, once, in the form's words (issue 23 #8, #9).
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <string.h>

#include "planner-form-page.h"
#include "planner-problems.h"
#include "planner-window-private.h"

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static guint
count_key (GPtrArray  *problems,
           const char *key)
{
  guint n = 0;

  for (guint i = 0; i < problems->len; i++)
    {
      const PlannerProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", p->key, p->message);
      n += g_strcmp0 (p->key, key) == 0;
    }
  return n;
}

/* A catalogue model's position embeddings below the sequence: the link
 * goes to Max Position Embeddings (read-only, and it says so), not Model,
 * and the problem is listed once. */
static void
test_problems_max_position (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  const PlannerProblem *problem;
  GtkWidget *focus;

  /* Learned absolute positions (GPT-3): a RoPE model's bound is raised
   * with the sequence instead, and says so. */
  g_object_set (job, "model-id", "gpt3-175b", "seq-length", 4096, NULL);
  planner_window_flush (window);
  problem = planner_problems_for_key (_planner_window_get_problems (window), "max-position-embeddings");
  g_assert_nonnull (problem);
  g_assert_cmpuint (count_key (_planner_window_get_problems (window), "max-position-embeddings"), ==, 1);
  g_assert_cmpuint (count_key (_planner_window_get_problems (window), "model-id"), ==, 0);
  g_assert_nonnull (strstr (problem->message, "Max Position Embeddings (2048)"));
  g_assert_nonnull (strstr (problem->message, "Customise"));

  g_assert_true (planner_window_focus_field (window, "max-position-embeddings"));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == _planner_window_get_page (window, "model") ||
                 gtk_widget_is_ancestor (focus, _planner_window_get_page (window, "model")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Mixtral with an EP that does not divide its experts: both EP errors
 * link to Expert Parallel, none to Pipeline Parallel or Model. */
static void
test_problems_expert_parallel (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GPtrArray *problems;

  g_object_set (job, "model-id", "mixtral-8x7b", "ep", 3, NULL);
  planner_window_flush (window);
  problems = _planner_window_get_problems (window);
  /* Both EP errors, as the draft marks them and the Experts page lists
   * them: the GPUs and the experts; each says its own fix. */
  g_assert_cmpuint (count_key (problems, "ep"), ==, 2);
  g_assert_cmpuint (count_key (problems, "pp"), ==, 0);
  g_assert_cmpuint (count_key (problems, "model-id"), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An empty job: one problem for the model, not four "is required". */
static void
test_problems_empty_job (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  GPtrArray *problems;

  g_object_set (job, "model-id", "", NULL);
  planner_window_flush (window);
  problems = _planner_window_get_problems (window);
  g_assert_cmpuint (count_key (problems, "model-id"), ==, 1);
  for (guint i = 0; i < problems->len; i++)
    for (guint j = i + 1; j < problems->len; j++)
      g_assert_cmpstr (((PlannerProblem *) g_ptr_array_index (problems, i))->message, !=,
                       ((PlannerProblem *) g_ptr_array_index (problems, j))->message);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Beside Nodes, the GPUs they make (issue 23 #9): people think in GPUs. */
static void
test_nodes_count_gpus (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerFormPage *cluster = PLANNER_FORM_PAGE (_planner_window_get_page (window, "cluster"));
  GtkWidget *nodes = planner_form_page_find_row (cluster, "nodes");

  g_assert_nonnull (nodes);
  g_object_set (job, "nodes", 3, "gpus-per-node", 8, NULL);
  planner_window_flush (window);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (nodes)), ==, "3 × 8 per node = 24 GPUs");
  g_object_set (job, "nodes", 1, "gpus-per-node", 4, NULL);
  planner_window_flush (window);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (nodes)), ==, "1 × 4 per node = 4 GPUs");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Tokenizer choices by name, never Megatron's class names, and the
 * chosen one described under the row (issue 23 #9). */
static void
test_tokenizer_names (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerFormPage *data = PLANNER_FORM_PAGE (_planner_window_get_page (window, "data"));
  GtkWidget *row = planner_form_page_find_row (data, "tokenizer-type");
  g_auto(GStrv) ids = planner_job_dup_choices ("tokenizer-type");
  GListModel *model;

  g_assert_nonnull (row);
  model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, g_strv_length (ids));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      g_test_message ("%s: %s", ids[i], label);
      g_assert_false (g_strv_contains ((const char *const *) ids, label));
      g_assert_cmpuint (g_utf8_strlen (label, -1), <=, 28);
    }
  g_object_set (job, "tokenizer-type", "HuggingFaceTokenizer", NULL);
  planner_window_flush (window);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Hub name"));
  g_object_set (job, "tokenizer-type", "NullTokenizer", NULL);
  planner_window_flush (window);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "token IDs"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new job starts Training Iterations at a short first run, and the
 * row says so: nothing for the person to invent (issue 23 #9). */
static void
test_iterations_start (void)
{
  PlannerWindow *window = new_window ();
  g_autoptr(PlannerJob) fresh = planner_window_new_job_template (window);
  PlannerFormPage *training = PLANNER_FORM_PAGE (_planner_window_get_page (window, "training"));
  GtkWidget *row = planner_form_page_find_row (training, "train-iters");

  g_assert_cmpuint (planner_job_get_uint (fresh, "train-iters"), ==, PLANNER_JOB_FIRST_RUN_ITERS);
  g_assert_cmpuint (planner_job_get_uint (planner_window_get_job (window), "train-iters"), ==, 1000);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "start at 1000"));
  g_assert_null (planner_problems_for_key (_planner_window_get_problems (window), "train-iters"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("planner-ui-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  planner_test_load_style ();

  g_test_add_func ("/planner/problems/max-position", test_problems_max_position);
  g_test_add_func ("/planner/problems/expert-parallel", test_problems_expert_parallel);
  g_test_add_func ("/planner/problems/empty-job", test_problems_empty_job);
  g_test_add_func ("/planner/problems/nodes-count-gpus", test_nodes_count_gpus);
  g_test_add_func ("/planner/problems/tokenizer-names", test_tokenizer_names);
  g_test_add_func ("/planner/problems/iterations-start", test_iterations_start);

  return g_test_run ();
}
