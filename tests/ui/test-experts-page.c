/* test-experts-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>

#include "planner-experts-page-private.h"
#include "planner-window-private.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static PlannerWindow *
new_window (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

/* The first mapped descendant of a type, depth first. */
static GtkWidget *
find_child (GtkWidget *widget,
            GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The lower half of a long page: scroll to the end and take a picture. */
static void
save_png_scrolled (PlannerWindow *window,
                   GtkWidget     *page,
                   const char    *name)
{
  GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (find_child (page, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adjustment;

  g_assert_nonnull (scrolled);
  adjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), name);
  gtk_adjustment_set_value (adjustment, 0);
}

static PlannerExpertsPage *
show_experts_page (PlannerWindow *window)
{
  GtkStack *stack = _planner_window_get_stack (window);
  GtkWidget *page = gtk_stack_get_child_by_name (stack, "experts");

  g_assert_nonnull (page);
  g_assert_true (PLANNER_IS_EXPERTS_PAGE (page));
  /* Through the sidebar, as a user would: the Experts page is the sixth. */
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 5);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "experts");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return PLANNER_EXPERTS_PAGE (page);
}

/* Mixtral 8x7B on 4 nodes × 8 H100, TP 1, PP 4. */
static void
set_mixtral (PlannerJob *job,
             guint       ep)
{
  g_object_set (job,
                "model-id", "mixtral-8x7b",
                "gpu-id", "h100-sxm",
                "nodes", 4,
                "gpus-per-node", 8,
                "tp", 1,
                "pp", 4,
                "cp", 1,
                "vpp", 1,
                "ep", ep,
                "etp", 0,
                NULL);
}

static void
test_experts_page_moe (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerExpertsPage *page;
  guint per_gpu = 0;
  double saved = 0, at_ep1 = 0, now = 0;

  set_mixtral (job, 8);
  planner_window_flush (window);
  page = show_experts_page (window);

  /* EP 8 over 8 experts: one expert per GPU, 7/8 of the weights gone. */
  g_assert_cmpstr (_planner_experts_page_get_state (page), ==, "moe");
  g_assert_true (_planner_experts_page_get_figures (page, &per_gpu, &saved, &at_ep1, &now));
  g_assert_cmpuint (per_gpu, ==, 1);
  g_assert_cmpfloat_with_epsilon (saved, 0.875, 1e-9);
  g_assert_cmpfloat_with_epsilon (now * 8, at_ep1, 1.0);
  /* 8 layers per stage × 8 experts × 3 · 4096 · 14336 parameters, 2 bytes each. */
  g_assert_cmpfloat_with_epsilon (at_ep1, 8.0 * 8 * 3 * 4096 * 14336 * 2, 1.0);
  g_assert_cmpfloat_with_epsilon (at_ep1 / GIB, 21.0, 0.05);
  planner_test_save_png (GTK_WIDGET (window), "experts-page-moe.png");
  save_png_scrolled (window, GTK_WIDGET (page), "experts-page-moe-bottom.png");

  /* training.overlap_moe_comm has its row, bound both ways, saying what
   * it needs before Megatron refuses it: PP 4 wants VPP. */
  g_assert_cmpstr (_planner_experts_page_get_overlap_reason (page), ==,
                   "With pipeline parallel it needs virtual pipeline stages (VPP above 1)");
  g_object_set (job, "overlap-moe-comm", TRUE, NULL);
  {
    GtkWidget *toggle = NULL;

    for (GtkWidget *w = GTK_WIDGET (page); w != NULL;)
      {
        /* Depth-first search for the switch named after the property. */
        if (GTK_IS_SWITCH (w) && g_strcmp0 (gtk_widget_get_name (w), "overlap-moe-comm") == 0)
          {
            toggle = w;
            break;
          }
        if (gtk_widget_get_first_child (w) != NULL)
          w = gtk_widget_get_first_child (w);
        else
          {
            while (w != NULL && w != GTK_WIDGET (page) && gtk_widget_get_next_sibling (w) == NULL)
              w = gtk_widget_get_parent (w);
            w = (w == NULL || w == GTK_WIDGET (page)) ? NULL : gtk_widget_get_next_sibling (w);
          }
      }
    g_assert_nonnull (toggle);
    g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
    gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
    g_assert_false (planner_job_get_bool (job, "overlap-moe-comm"));
  }
  g_object_set (job, "vpp", 2, NULL);
  planner_window_flush (window);
  g_assert_cmpstr (_planner_experts_page_get_overlap_reason (page), ==,
                   "Hides the all-to-all behind another microbatch’s compute (one more warm-up microbatch)");
  g_object_set (job, "vpp", 1, NULL);

  /* The weights are counted in the job's precision, as the memory
   * estimate counts them: FP32 doubles them (the page once assumed BF16). */
  g_object_set (job, "precision", "fp32", NULL);
  planner_window_flush (window);
  g_assert_true (_planner_experts_page_get_figures (page, NULL, NULL, &at_ep1, NULL));
  g_assert_cmpfloat_with_epsilon (at_ep1, 8.0 * 8 * 3 * 4096 * 14336 * 4, 1.0);
  g_object_set (job, "precision", "bf16", NULL);
  planner_window_flush (window);
  g_assert_true (_planner_experts_page_get_figures (page, NULL, NULL, &at_ep1, NULL));

  /* A change of the job reaches the page with the next report. */
  g_object_set (job, "ep", 4, NULL);
  planner_window_flush (window);
  g_assert_true (_planner_experts_page_get_figures (page, &per_gpu, &saved, NULL, &now));
  g_assert_cmpuint (per_gpu, ==, 2);
  g_assert_cmpfloat_with_epsilon (saved, 0.75, 1e-9);
  g_assert_cmpfloat_with_epsilon (now * 4, at_ep1, 1.0);

  /* ETP splits each expert further. */
  g_object_set (job, "etp", 2, NULL);
  planner_window_flush (window);
  g_assert_true (_planner_experts_page_get_figures (page, &per_gpu, &saved, NULL, NULL));
  g_assert_cmpuint (per_gpu, ==, 2);
  g_assert_cmpfloat_with_epsilon (saved, 0.875, 1e-9);

  /* DeepSeek-V3: 256 experts over EP 64, 4 per GPU; the first dense
   * layers and the MTP layer come out of the engine's per-stage counts. */
  g_object_set (job, "model-id", "deepseek-v3", "nodes", 64, "pp", 8, "ep", 64, "etp", 0, NULL);
  planner_window_flush (window);
  g_assert_true (_planner_experts_page_get_figures (page, &per_gpu, &saved, &at_ep1, &now));
  g_assert_cmpuint (per_gpu, ==, 4);
  g_assert_cmpfloat_with_epsilon (saved, 63.0 / 64.0, 1e-9);
  g_assert_cmpfloat (now, >, 0);
  g_assert_cmpfloat_with_epsilon (now * 64, at_ep1, 1.0);
  set_mixtral (job, 8);

  /* EP 3 does not divide 8 experts: no figures, and the page says why. */
  g_object_set (job, "etp", 0, "ep", 3, NULL);
  planner_window_flush (window);
  g_assert_cmpstr (_planner_experts_page_get_state (page), ==, "moe");
  g_assert_false (_planner_experts_page_get_figures (page, &per_gpu, &saved, NULL, NULL));
  g_assert_cmpuint (per_gpu, ==, 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "experts-page-moe-invalid.png");
  save_png_scrolled (window, GTK_WIDGET (page), "experts-page-moe-invalid-bottom.png");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_experts_page_dense (void)
{
  PlannerWindow *window = new_window ();
  PlannerJob *job = planner_window_get_job (window);
  PlannerExpertsPage *page;

  g_object_set (job, "model-id", "llama3-70b", "ep", 1, "etp", 0, NULL);
  planner_window_flush (window);
  /* A dense model has no Experts row: Alt+6 is the Pictures page. */
  {
    GtkStack *stack = _planner_window_get_stack (window);

    gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "i", 5);
    g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "pictures");
    /* The page itself still explains itself if shown (from a link). */
    page = PLANNER_EXPERTS_PAGE (gtk_stack_get_child_by_name (stack, "experts"));
    gtk_stack_set_visible_child (stack, GTK_WIDGET (page));
    gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  }
  g_assert_cmpstr (_planner_experts_page_get_state (page), ==, "dense");
  g_assert_false (_planner_experts_page_get_figures (page, NULL, NULL, NULL, NULL));
  planner_test_save_png (GTK_WIDGET (window), "experts-page-dense.png");

  /* "Choose a Model" takes the user to the Model page. */
  {
    GtkWidget *button = find_child (GTK_WIDGET (page), GTK_TYPE_BUTTON);

    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    g_assert_cmpstr (gtk_stack_get_visible_child_name (_planner_window_get_stack (window)), ==, "model");
  }

  /* Choosing a MoE model brings the expert settings back. */
  set_mixtral (job, 8);
  planner_window_flush (window);
  g_assert_cmpstr (_planner_experts_page_get_state (page), ==, "moe");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_experts_page_dark (void)
{
  PlannerWindow *window;
  PlannerJob *job;
  PlannerExpertsPage *page;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  window = new_window ();
  job = planner_window_get_job (window);
  set_mixtral (job, 8);
  g_object_set (job, "moe-token-dispatcher-type", "allgather",
                "moe-router-load-balancing-type", "quantile_balancing", NULL);
  planner_window_flush (window);
  page = show_experts_page (window);
  planner_test_save_png (GTK_WIDGET (window), "experts-page-moe-dark.png");
  save_png_scrolled (window, GTK_WIDGET (page), "experts-page-moe-dark-bottom.png");

  g_object_set (job, "model-id", "llama3-70b", "ep", 1, NULL);
  planner_window_flush (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "experts-page-dense-dark.png");
  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* The page on its own: a new/destroy round trip that frees it. */
static void
test_experts_page_new_destroy (void)
{
  g_autoptr(PlannerJob) job = planner_job_new ();
  GtkWidget *page = planner_experts_page_new (job);

  g_object_ref_sink (page);
  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  planner_test_load_style ();

  g_test_add_func ("/planner/experts-page/new-destroy", test_experts_page_new_destroy);
  g_test_add_func ("/planner/experts-page/moe", test_experts_page_moe);
  g_test_add_func ("/planner/experts-page/dense", test_experts_page_dense);
  g_test_add_func ("/planner/experts-page/dark", test_experts_page_dark);

  return g_test_run ();
}
