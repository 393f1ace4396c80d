/* test-advice-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>

#include "planner-advice-page-private.h"
#include "planner-advise.h"
#include "planner-window-private.h"

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_stack_set_transition_type (_planner_window_get_stack (window), GTK_STACK_TRANSITION_TYPE_NONE);
  return window;
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

/* The window, then the page scrolled down one screen at a time (at most
 * @n_shots pictures), so every part of a long plan can be looked at. */
static void
save_pngs (PlannerWindow *window,
           GtkWidget     *page,
           const char    *name,
           guint          n_shots)
{
  GtkScrolledWindow *scroller = find_scroller (page);
  GtkAdjustment *adjustment = scroller != NULL ? gtk_scrolled_window_get_vadjustment (scroller) : NULL;

  for (guint i = 0; i < n_shots; i++)
    {
      g_autofree char *png = g_strdup_printf ("advice-%s-%u.png", name, i);

      if (adjustment != NULL)
        {
          double value = i * gtk_adjustment_get_page_size (adjustment) * 0.9;

          if (i > 0 && value >= gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) +
                                 gtk_adjustment_get_page_size (adjustment) * 0.9)
            break;
          gtk_adjustment_set_value (adjustment, value);
        }
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      planner_test_save_png (GTK_WIDGET (window), png);
    }
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, 0);
}

static GtkWidget *
show_page (PlannerWindow *window,
           const char    *name)
{
  GtkStack *stack = _planner_window_get_stack (window);
  GtkWidget *page = gtk_stack_get_child_by_name (stack, name);
  gint32 position = _planner_window_get_page_position (window, name);

  g_assert_nonnull (page);
  /* Through the sidebar, as a user would (Alt+N counts the rows shown),
   * so the pictures show it selected. */
  g_assert_cmpint (position, >=, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", position);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, name);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return page;
}

/* LLaMA-3 70B on 64 H100 with 8k tokens and a replicated optimizer: it
 * does not fit. */
static void
set_oom_job (PlannerWindow *window)
{
  PlannerJob *job = planner_window_get_job (window);

  g_object_set (job,
                "model-id", "llama3-70b", "gpu-id", "h100-sxm", "nodes", 8, "gpus-per-node", 8,
                "tp", 4, "pp", 4, "cp", 1, "seq-length", 8192,
                "distributed-optimizer", FALSE, NULL);
  planner_window_flush (window);
  g_assert_false (planner_report_get_memory_estimate (planner_window_get_report (window))->fits);
}

static void
test_advice_troubleshoot_oom (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerAdvicePage *page;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) expected = NULL;
  const PlannerPlan *plan;

  set_oom_job (window);
  page = PLANNER_ADVICE_PAGE (show_page (window, "troubleshoot"));
  _planner_advice_page_set_symptom (page, PLANNER_SYMPTOM_OOM);
  _planner_advice_page_flush (page);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  plan = _planner_advice_page_get_plan (page);
  g_assert_nonnull (plan);
  g_assert_cmpint (plan->symptom, ==, PLANNER_SYMPTOM_OOM);
  g_assert_cmpuint (plan->suggestions->len, >=, 1);
  g_assert_cmpuint (_planner_advice_page_get_n_suggestions (page), ==, plan->suggestions->len);
  save_pngs (window, GTK_WIDGET (page), "troubleshoot-oom", 6);

  /* What the engine says the first fix does to the job... */
  expected = planner_advise_apply_to_job (plan, job, 0, &error);
  g_assert_no_error (error);
  g_assert_false (planner_job_equal (expected, job));

  /* ...is what applying it does to the window's job, and then it fits. */
  g_assert_true (_planner_advice_page_apply (page, 0, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (expected, job));
  planner_window_flush (window);
  g_assert_true (planner_report_get_memory_estimate (planner_window_get_report (window))->fits);

  /* The page follows the new job: the old plan is not applied twice. */
  g_assert_false (_planner_advice_page_apply (page, 0, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  _planner_advice_page_flush (page);
  g_assert_nonnull (_planner_advice_page_get_plan (page));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The single-change fix from the brief: the distributed optimizer. */
static void
test_advice_apply_distributed_optimizer (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerAdvicePage *page;
  const PlannerPlan *plan;
  guint index = G_MAXUINT;
  g_autoptr(GError) error = NULL;

  set_oom_job (window);
  page = PLANNER_ADVICE_PAGE (show_page (window, "troubleshoot"));
  _planner_advice_page_set_symptom (page, PLANNER_SYMPTOM_OOM);
  _planner_advice_page_flush (page);
  plan = _planner_advice_page_get_plan (page);
  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);

      if (g_str_equal (s->id, "distributed-optimizer"))
        index = i;
    }
  g_assert_cmpuint (index, !=, G_MAXUINT);
  g_assert_true (_planner_advice_page_apply (page, index, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_get_bool (job, "distributed-optimizer"));
  g_assert_cmpuint (planner_job_get_uint (job, "seq-length"), ==, 8192);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Nothing changes without the explicit "Apply" in the dialog. */
static void
test_advice_confirm (void)
{
#if !ADW_CHECK_VERSION (1, 5, 0)
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerAdvicePage *page;
  g_autoptr(PlannerJob) before = NULL;
  g_autoptr(PlannerJob) expected = NULL;
  const char *responses[] = { "cancel", "apply" };

  set_oom_job (window);
  page = PLANNER_ADVICE_PAGE (show_page (window, "troubleshoot"));
  _planner_advice_page_flush (page);
  before = planner_job_copy (job);
  expected = planner_advise_apply_to_job (_planner_advice_page_get_plan (page), job, 0, NULL);

  for (guint r = 0; r < G_N_ELEMENTS (responses); r++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();
      AdwMessageDialog *dialog = NULL;

      _planner_advice_page_request_apply (page, 0);
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

          if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
            dialog = ADW_MESSAGE_DIALOG (item);
        }
      g_assert_nonnull (dialog);
      g_assert_true (planner_job_equal (before, job));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
      if (r == 0)
        planner_test_save_png (GTK_WIDGET (dialog), "advice-confirm-dialog.png");
      /* What a click on the button does: the response, then the close. */
      adw_message_dialog_response (dialog, responses[r]);
      gtk_window_close (GTK_WINDOW (dialog));
    }
  g_assert_true (planner_job_equal (expected, job));
  gtk_window_destroy (GTK_WINDOW (window));
#else
  g_test_skip ("AdwAlertDialog is not a toplevel");
#endif
}

/* A plan costs many analyses: none while the page is hidden. */
static void
test_advice_lazy (void)
{
  PlannerWindow *window = new_window ();
  GtkStack *stack = _planner_window_get_stack (window);
  PlannerAdvicePage *page = PLANNER_ADVICE_PAGE (gtk_stack_get_child_by_name (stack, "optimize"));

  show_page (window, "model");
  g_object_set (planner_window_get_job (window), "micro-batch-size", 2, NULL);
  planner_window_flush (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_null (_planner_advice_page_get_plan (page));

  show_page (window, "optimize");
  g_assert_nonnull (_planner_advice_page_get_plan (page));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_advice_optimize (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  g_autoptr(PlannerJob) before = NULL;
  g_autoptr(PlannerJob) expected = NULL;
  g_autoptr(GError) error = NULL;
  PlannerAdvicePage *page;
  GtkWidget *mfu;
  const PlannerPlan *plan;

  g_object_set (job, "model-id", "llama3-70b", "gpu-id", "h100-sxm", "nodes", 8, "gpus-per-node", 8,
                "tp", 4, "pp", 4, "cp", 1, "seq-length", 4096, "distributed-optimizer", TRUE, NULL);
  planner_window_flush (window);
  page = PLANNER_ADVICE_PAGE (show_page (window, "optimize"));
  _planner_advice_page_flush (page);
  plan = _planner_advice_page_get_plan (page);
  g_assert_nonnull (plan);
  g_assert_cmpint (plan->kind, ==, PLANNER_PLAN_OPTIMIZE);
  g_assert_cmpuint (_planner_advice_page_get_n_suggestions (page), >=, 1);

  /* A wrong MFU is marked and ignored; a right one, as a percentage or a
   * fraction, reaches the plan. */
  mfu = _planner_advice_page_get_mfu_row (page);
  gtk_editable_set_text (GTK_EDITABLE (mfu), "abc");
  g_signal_emit_by_name (mfu, "apply");
  g_assert_true (gtk_widget_has_css_class (mfu, "error"));
  _planner_advice_page_flush (page);
  g_assert_cmpfloat (_planner_advice_page_get_plan (page)->measured_mfu, ==, 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "advice-optimize-bad-mfu.png");

  gtk_editable_set_text (GTK_EDITABLE (mfu), "250");
  g_assert_true (gtk_widget_has_css_class (mfu, "error"));
  gtk_editable_set_text (GTK_EDITABLE (mfu), "-3");
  g_assert_true (gtk_widget_has_css_class (mfu, "error"));

  gtk_editable_set_text (GTK_EDITABLE (mfu), "32");
  g_assert_false (gtk_widget_has_css_class (mfu, "error"));
  g_signal_emit_by_name (mfu, "apply");
  _planner_advice_page_flush (page);
  plan = _planner_advice_page_get_plan (page);
  g_assert_cmpfloat_with_epsilon (plan->measured_mfu, 0.32, 1e-9);

  gtk_editable_set_text (GTK_EDITABLE (mfu), "0,32");
  g_assert_false (gtk_widget_has_css_class (mfu, "error"));
  save_pngs (window, GTK_WIDGET (page), "optimize", 8);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  save_pngs (window, GTK_WIDGET (page), "optimize-dark", 2);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  /* Apply All: every change, in order, as the engine says. */
  before = planner_job_copy (job);
  expected = planner_advise_apply_to_job (plan, job, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_true (_planner_advice_page_apply (page, G_MAXUINT, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (expected, job));
  g_assert_false (planner_job_equal (before, job));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ideas considered and refused are listed; an environment change is
 * marked as such and has nothing to apply to the job. */
static void
test_advice_rejected_and_environment (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerAdvicePage *page;
  const PlannerPlan *plan;
  gboolean environment = FALSE;

  /* TP 8 already fills the NVLink domain: more TP is refused. */
  g_object_set (job, "model-id", "llama3-70b", "gpu-id", "h100-sxm", "nodes", 2, "gpus-per-node", 8,
                "tp", 8, "pp", 2, "cp", 1, "seq-length", 8192, "micro-batch-size", 2, "global-batch-size", 64,
                "recompute", "none", "distributed-optimizer", FALSE, NULL);
  planner_window_flush (window);
  page = PLANNER_ADVICE_PAGE (show_page (window, "troubleshoot"));
  _planner_advice_page_set_symptom (page, PLANNER_SYMPTOM_OOM);
  _planner_advice_page_flush (page);
  plan = _planner_advice_page_get_plan (page);
  g_assert_cmpuint (plan->rejected->len, >, 0);
  save_pngs (window, GTK_WIDGET (page), "troubleshoot-rejected", 8);

  _planner_advice_page_set_symptom (page, PLANNER_SYMPTOM_HANG);
  _planner_advice_page_flush (page);
  plan = _planner_advice_page_get_plan (page);
  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);

      if (planner_suggestion_count_flag_changes (s) == 0 && s->changes->len > 0)
        environment = TRUE;
    }
  g_assert_true (environment);
  save_pngs (window, GTK_WIDGET (page), "troubleshoot-hang", 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first button under @widget labelled @label that is shown. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Megatron would not start: a status page, and the start-up fixes. */
static void
test_advice_invalid_layout (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerAdvicePage *page;
  GtkWidget *button;

  g_object_set (job, "model-id", "llama3-70b", "nodes", 8, "gpus-per-node", 8, "tp", 3, "pp", 4, NULL);
  planner_window_flush (window);

  page = PLANNER_ADVICE_PAGE (show_page (window, "optimize"));
  _planner_advice_page_flush (page);
  g_assert_null (_planner_advice_page_get_plan (page));
  planner_test_save_png (GTK_WIDGET (window), "advice-optimize-invalid.png");

  page = PLANNER_ADVICE_PAGE (show_page (window, "troubleshoot"));
  _planner_advice_page_set_symptom (page, PLANNER_SYMPTOM_HANG);
  _planner_advice_page_flush (page);
  g_assert_null (_planner_advice_page_get_plan (page));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "advice-troubleshoot-invalid.png");

  /* The status page's button works: it shows the start-up fixes. */
  button = find_button (GTK_WIDGET (page), "Show _Start-up Fixes");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (_planner_advice_page_get_plan (page));
  g_assert_cmpint (_planner_advice_page_get_plan (page)->symptom, ==, PLANNER_SYMPTOM_STARTUP_ERROR);

  _planner_advice_page_set_symptom (page, PLANNER_SYMPTOM_STARTUP_ERROR);
  _planner_advice_page_flush (page);
  g_assert_nonnull (_planner_advice_page_get_plan (page));
  /* So do "Check" and a suggestion's "Apply" (which asks first). */
  button = find_button (GTK_WIDGET (page), "_Check");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  button = find_button (GTK_WIDGET (page), "_Apply");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
#if !ADW_CHECK_VERSION (1, 5, 0)
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    guint before = g_list_model_get_n_items (toplevels);

    g_signal_emit_by_name (button, "clicked");
    g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before + 1);
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

        if (ADW_IS_MESSAGE_DIALOG (item))
          {
            adw_message_dialog_response (ADW_MESSAGE_DIALOG (item), "cancel");
            gtk_window_close (GTK_WINDOW (item));
          }
      }
  }
#endif
  g_assert_cmpuint (_planner_advice_page_get_n_suggestions (page), >=, 1);
  save_pngs (window, GTK_WIDGET (page), "troubleshoot-startup", 2);

  g_assert_true (_planner_advice_page_apply (page, 0, NULL));
  planner_window_flush (window);
  g_assert_true (planner_report_get_layout_accepted (planner_window_get_report (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/advice-page/troubleshoot-oom", test_advice_troubleshoot_oom);
  g_test_add_func ("/planner/advice-page/apply-distributed-optimizer", test_advice_apply_distributed_optimizer);
  g_test_add_func ("/planner/advice-page/confirm", test_advice_confirm);
  g_test_add_func ("/planner/advice-page/lazy", test_advice_lazy);
  g_test_add_func ("/planner/advice-page/optimize", test_advice_optimize);
  g_test_add_func ("/planner/advice-page/rejected-and-environment", test_advice_rejected_and_environment);
  g_test_add_func ("/planner/advice-page/invalid-layout", test_advice_invalid_layout);

  return g_test_run ();
}
