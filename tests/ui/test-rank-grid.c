/* test-rank-grid.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

#include "planner-picture-export.h"
#include "planner-pictures-page.h"
#include "planner-rank-grid-page.h"
#include "planner-rank-grid-private.h"
#include "planner-window-private.h"

/* The facts example: 16 GPUs, TP 2 × PP 2 → DP 4, 8 GPUs per node. */
static PlannerLayout
facts_layout (void)
{
  PlannerLayout layout;
  g_autoptr(GError) error = NULL;

  g_assert_true (planner_layout_init (&layout, 16, 2, 2, 1, 1, 0, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (layout.dp, ==, 4);
  return layout;
}

static PlannerRankGrid *
new_grid (const PlannerLayout *layout,
          guint                gpus_per_node)
{
  PlannerRankGrid *grid = PLANNER_RANK_GRID (planner_rank_grid_new ());

  g_object_ref_sink (grid);
  planner_rank_grid_set_layout (grid, layout, gpus_per_node);
  return grid;
}

/* A window holding @child, shown and drawn. */
static GtkWindow *
show_in_window (GtkWidget *child,
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
test_rank_grid_new_destroy (void)
{
  PlannerRankGrid *grid = PLANNER_RANK_GRID (planner_rank_grid_new ());
  PlannerLayout layout = facts_layout ();

  g_object_ref_sink (grid);
  /* The template gives it its controllers: hover, scroll, click, pinch, drag. */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (grid));
    GType wanted[] = { GTK_TYPE_EVENT_CONTROLLER_MOTION, GTK_TYPE_EVENT_CONTROLLER_SCROLL, GTK_TYPE_GESTURE_CLICK,
                       GTK_TYPE_GESTURE_ZOOM, GTK_TYPE_GESTURE_DRAG };

    for (guint w = 0; w < G_N_ELEMENTS (wanted); w++)
      {
        gboolean found = FALSE;

        for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
          {
            g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

            found |= G_TYPE_CHECK_INSTANCE_TYPE (controller, wanted[w]);
          }
        if (!found)
          g_error ("no %s on the rank grid", g_type_name (wanted[w]));
      }
    g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (grid)));
    g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (grid)));
  }
  g_assert_null (planner_rank_grid_get_layout (grid));
  g_assert_cmpint (planner_rank_grid_get_selected_rank (grid), ==, -1);
  g_assert_cmpint (planner_rank_grid_get_color_by (grid), ==, PLANNER_RANK_GRID_COLOR_PP);
  planner_rank_grid_set_layout (grid, &layout, 8);
  g_assert_nonnull (planner_rank_grid_get_layout (grid));
  g_assert_finalize_object (grid);

  /* And once shown, with its caches filled. */
  grid = new_grid (&layout, 8);
  {
    GtkWindow *window = show_in_window (GTK_WIDGET (grid), 400, 300);

    gtk_window_destroy (window);
  }
  g_assert_finalize_object (grid);
}

static void
test_rank_grid_colors (void)
{
  PlannerLayout layout = facts_layout ();
  PlannerRankGrid *grid = new_grid (&layout, 8);

  /* Pipeline stage: the first 8 ranks are stage 0, the next 8 stage 1. */
  g_assert_cmpuint (planner_rank_grid_get_n_values (grid), ==, 2);
  for (guint r = 0; r < 16; r++)
    g_assert_cmpuint (_planner_rank_grid_get_color_index (grid, r), ==, r < 8 ? 0 : 1);

  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_DP);
  g_assert_cmpuint (planner_rank_grid_get_n_values (grid), ==, 4);
  for (guint r = 0; r < 16; r++)
    g_assert_cmpuint (_planner_rank_grid_get_color_index (grid, r), ==, (r / 2) % 4);

  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_TP);
  for (guint r = 0; r < 16; r++)
    g_assert_cmpuint (_planner_rank_grid_get_color_index (grid, r), ==, r % 2);

  g_assert_cmpuint (_planner_rank_grid_get_color_index (grid, 16), ==, G_MAXUINT);
  g_assert_finalize_object (grid);
}

static void
assert_highlighted (PlannerRankGrid *grid,
                    const guint     *expected,
                    guint            n_expected)
{
  for (guint r = 0; r < 16; r++)
    {
      gboolean want = FALSE;

      for (guint i = 0; i < n_expected; i++)
        want |= expected[i] == r;
      if (want != _planner_rank_grid_is_highlighted (grid, r))
        g_error ("rank %u: highlighted %d, expected %d", r, !want, want);
    }
}

static void
count_notify (int *counter)
{
  (*counter)++;
}

static void
test_rank_grid_highlight (void)
{
  static const guint tp_group[] = { 8, 9 };
  static const guint pp_group[] = { 1, 9 };
  static const guint dp_group[] = { 9, 11, 13, 15 };
  PlannerLayout layout = facts_layout ();
  PlannerRankGrid *grid = new_grid (&layout, 8);
  g_autofree char *text = NULL;
  int notified = 0;

  assert_highlighted (grid, NULL, 0);

  /* Selection of rank 9 */
  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_TP);
  planner_rank_grid_set_selected_rank (grid, 9);
  g_assert_cmpint (planner_rank_grid_get_selected_rank (grid), ==, 9);
  assert_highlighted (grid, tp_group, G_N_ELEMENTS (tp_group));
  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_PP);
  assert_highlighted (grid, pp_group, G_N_ELEMENTS (pp_group));
  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_DP);
  assert_highlighted (grid, dp_group, G_N_ELEMENTS (dp_group));

  /* Hover wins over the selection, and goes away on leave. */
  planner_rank_grid_set_selected_rank (grid, 0);
  g_signal_connect_swapped (grid, "notify::hovered-rank", G_CALLBACK (count_notify), &notified);
  _planner_rank_grid_set_hovered (grid, 9);
  g_assert_cmpint (notified, ==, 1);
  g_assert_cmpint (planner_rank_grid_get_hovered_rank (grid), ==, 9);
  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_TP);
  assert_highlighted (grid, tp_group, G_N_ELEMENTS (tp_group));
  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_PP);
  assert_highlighted (grid, pp_group, G_N_ELEMENTS (pp_group));
  _planner_rank_grid_set_hovered (grid, -1);
  g_assert_cmpint (notified, ==, 2);
  g_assert_false (_planner_rank_grid_is_highlighted (grid, 9));
  g_assert_true (_planner_rank_grid_is_highlighted (grid, 8));   /* the PP group of rank 0 */

  /* Out of range selects nothing. */
  planner_rank_grid_set_selected_rank (grid, 16);
  g_assert_cmpint (planner_rank_grid_get_selected_rank (grid), ==, -1);
  assert_highlighted (grid, NULL, 0);

  text = planner_rank_grid_describe_rank (grid, 9);
  g_assert_cmpstr (text, ==, "GPU 9 · node 1 · local 1 · tp 1 · cp 0 · dp 0 · pp 1");
  g_clear_pointer (&text, g_free);
  {
    const guint32 layers[] = { 20, 20 };

    planner_rank_grid_set_stage_layers (grid, layers, 2);
    text = planner_rank_grid_describe_rank (grid, 9);
    g_assert_cmpstr (text, ==, "GPU 9 · node 1 · local 1 · tp 1 · cp 0 · dp 0 · pp 1 · layers 20–39");
  }
  g_assert_null (planner_rank_grid_describe_rank (grid, 16));
  g_assert_null (planner_rank_grid_describe_rank (grid, -1));
  g_assert_finalize_object (grid);
}

/* What the grid highlights and outlines for a focus is the engine's group
 * (planner_groups_new, what `ranks` prints) on random layouts of both rank
 * orders, dense and MoE: the view derives no membership of its own. */
static void
test_rank_grid_groups_agree (void)
{
  static const guint degrees[] = { 1, 2, 4, 8 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  guint checked = 0;

  for (guint i = 0; i < 200; i++)
    {
      PlannerLayout layout;
      PlannerRankGrid *grid;
      guint world = 8u << g_rand_int_range (rand, 0, 5);
      PlannerRankOrder order = g_rand_boolean (rand) ? PLANNER_RANK_ORDER_TP_CP_EP_DP_PP
                                                     : PLANNER_RANK_ORDER_TP_CP_EP_PP_DP;

      if (!planner_layout_init (&layout, world, degrees[g_rand_int_range (rand, 0, 4)],
                                degrees[g_rand_int_range (rand, 0, 4)], degrees[g_rand_int_range (rand, 0, 3)],
                                degrees[g_rand_int_range (rand, 0, 4)], g_rand_boolean (rand) ? 0 : 1, 1,
                                order, NULL))
        continue;
      grid = new_grid (&layout, 8);
      for (guint dim = 0; dim < PLANNER_RANK_GRID_N_COLORS_BY; dim++)
        {
          PlannerGroupKind kind = planner_grid_color_by_group_kind ((PlannerGridColorBy) dim);
          g_autoptr(PlannerGroups) groups = planner_groups_new (&layout, kind);
          guint focus = g_rand_int_range (rand, 0, world);
          const guint32 *members = planner_groups_get_group (groups, planner_groups_find (groups, focus));
          g_autoptr(GArray) outlined = NULL;

          planner_rank_grid_set_color_by (grid, dim);
          planner_rank_grid_set_selected_rank (grid, focus);
          outlined = _planner_rank_grid_dup_outlined (grid);
          g_assert_cmpuint (outlined->len, ==, groups->group_size);
          for (guint k = 0; k < groups->group_size; k++)
            g_assert_cmpuint (g_array_index (outlined, guint32, k), ==, members[k]);
          for (guint r = 0; r < world; r++)
            {
              gboolean member = planner_groups_find (groups, r) == planner_groups_find (groups, focus);

              if (member != _planner_rank_grid_is_highlighted (grid, r))
                g_error ("%s layout %s, rank %u, focus %u: the grid and the engine disagree",
                         planner_group_kind_to_string (kind), planner_layout_describe_expert (&layout), r, focus);
            }
          checked++;
        }
      g_assert_finalize_object (grid);
    }
  g_test_message ("%u groups compared", checked);
  g_assert_cmpuint (checked, >, 300);
}

static void
activate (PlannerRankGrid *grid,
          const char      *action,
          int              expected)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (grid), action, NULL));
  g_assert_cmpint (planner_rank_grid_get_selected_rank (grid), ==, expected);
}

static void
test_rank_grid_keyboard (void)
{
  PlannerLayout layout = facts_layout ();
  PlannerRankGrid *grid = new_grid (&layout, 8);

  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (grid)));

  /* Nothing selected: the first key selects GPU 0. */
  activate (grid, "rank-grid.right", 0);
  activate (grid, "rank-grid.left", 0);      /* the edge of the node row */
  activate (grid, "rank-grid.right", 1);
  activate (grid, "rank-grid.down", 9);      /* the next node, same column */
  activate (grid, "rank-grid.down", 9);      /* the last node */
  activate (grid, "rank-grid.right", 10);
  activate (grid, "rank-grid.up", 2);
  activate (grid, "rank-grid.up", 2);
  activate (grid, "rank-grid.node-end", 7);
  activate (grid, "rank-grid.right", 7);     /* left/right stay within the node row */
  activate (grid, "rank-grid.node-start", 0);
  activate (grid, "rank-grid.last", 15);
  activate (grid, "rank-grid.first", 0);
  activate (grid, "rank-grid.unselect", -1);
  g_assert_finalize_object (grid);

  /* GB200 NVL72: 72 GPUs per node wrap into 4 lines of 18. */
  {
    PlannerLayout big;

    g_assert_true (planner_layout_init (&big, 144, 4, 2, 1, 1, 0, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL));
    grid = new_grid (&big, 72);
    planner_rank_grid_set_selected_rank (grid, 17);
    activate (grid, "rank-grid.right", 17);   /* the end of the first line */
    activate (grid, "rank-grid.down", 35);
    activate (grid, "rank-grid.down", 53);
    activate (grid, "rank-grid.down", 71);
    activate (grid, "rank-grid.down", 72 + 17);
    activate (grid, "rank-grid.up", 71);
    activate (grid, "rank-grid.node-start", 54 - 54);
    g_assert_finalize_object (grid);
  }
}

static void
test_rank_grid_hit_test (void)
{
  PlannerLayout layout = facts_layout ();
  PlannerRankGrid *grid = new_grid (&layout, 8);
  GtkWindow *window = show_in_window (GTK_WIDGET (grid), 600, 300);
  const PlannerGridGeometry *geo = _planner_rank_grid_get_geometry (grid);
  int w = gtk_widget_get_width (GTK_WIDGET (grid)), h = gtk_widget_get_height (GTK_WIDGET (grid));
  double ox, oy;

  /* It fills its window: cells as large as fit, never past the edges. */
  g_assert_cmpint (w, >=, 580);
  g_assert_cmpfloat (geo->cell, >=, 24.);
  _planner_rank_grid_get_origin (grid, &ox, &oy);
  g_assert_cmpfloat (ox + geo->width, <=, w);
  g_assert_cmpfloat (oy + geo->height, <=, h);

  /* Scanning the widget finds every rank exactly where a cell is. */
  {
    g_autofree guint *hits = g_new0 (guint, 16);

    for (int y = 0; y < h; y += 3)
      for (int x = 0; x < w; x += 3)
        {
          int rank = _planner_rank_grid_rank_at (grid, x, y);

          if (rank >= 0)
            hits[rank]++;
        }
    for (guint r = 0; r < 16; r++)
      g_assert_cmpuint (hits[r], >, 0);
  }
  /* Every cell's middle is its rank; rank 9 is right of rank 8 in node 1. */
  for (guint r = 0; r < 16; r++)
    {
      double x, y;

      planner_grid_geometry_cell (geo, r, &x, &y);
      g_assert_cmpint (_planner_rank_grid_rank_at (grid, ox + x + geo->cell / 2, oy + y + geo->cell / 2), ==, (int) r);
      if (r == 9)
        {
          double x8, y8;

          planner_grid_geometry_cell (geo, 8, &x8, &y8);
          g_assert_cmpfloat (y8, ==, y);
          g_assert_cmpfloat (x, >, x8);
        }
    }
  g_assert_cmpint (_planner_rank_grid_rank_at (grid, 1, 1), ==, -1);

  gtk_window_destroy (window);
  g_assert_finalize_object (grid);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GError **error = user_data;

  planner_picture_export_finish (result, error);
  if (*error == NULL)
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NONE, "done");
}

/* Exports go through GIO asynchronously, as the page's Export does. */
static void
export_wait (PlannerScene *scene,
             gboolean      svg,
             const char   *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  planner_picture_export_async (scene, svg, file, NULL, on_exported, &error);
  while (error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NONE);
}

static void
test_rank_grid_export (void)
{
  PlannerLayout layout = facts_layout ();
  PlannerRankGrid *grid = new_grid (&layout, 8);
  g_autofree char *png = g_test_build_filename (G_TEST_BUILT, "rank-grid-export.png", NULL);
  g_autofree char *svg = g_test_build_filename (G_TEST_BUILT, "rank-grid-export.svg", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(PlannerScene) scene = NULL;
  g_autofree char *contents = NULL;
  PlannerGridOptions options;
  const char *p;
  guint cells = 0;

  planner_rank_grid_get_options (grid, &options);
  scene = planner_picture_export (PLANNER_PICTURE_GRID, planner_rank_grid_get_data (grid), NULL, &options, 1920.);
  export_wait (scene, FALSE, png);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 1920);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, (int) ceil (planner_scene_get_height (scene)));

  export_wait (scene, TRUE, svg);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, &error));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  for (p = contents; (p = strstr (p, "class=\"gpu\"")) != NULL; p++)
    cells++;
  g_assert_cmpuint (cells, ==, 16);
  g_assert_nonnull (strstr (contents, ">node 1</text>"));
  g_assert_nonnull (strstr (contents, ">15</text>"));
  g_assert_nonnull (strstr (contents, "Megatron-Core 0.20.0"));
  g_assert_finalize_object (grid);
}

/* The first descendant of @type (with the button label @label, if given). */
static GtkWidget *
find_descendant (GtkWidget  *widget,
                 GType       type,
                 const char *label)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (label == NULL || g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The whole window on the Rank Grid page, light and dark, for people to look at. */
static void
test_rank_grid_window_page (void)
{
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  GtkStack *stack = _planner_window_get_stack (window);
  PlannerRankGridPage *page;
  PlannerRankGrid *grid;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);
  /* The grid is the first view of the Pictures page. */
  g_assert_true (planner_window_show_picture (window, PLANNER_PICTURE_GRID));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "pictures");
  page = PLANNER_RANK_GRID_PAGE (planner_pictures_page_get_child (
    PLANNER_PICTURES_PAGE (gtk_stack_get_child_by_name (stack, "pictures")), PLANNER_PICTURE_GRID));
  grid = planner_rank_grid_page_get_grid (page);

  /* The example: TP 4 × DP 4 × PP 4 on 8 nodes of 8. */
  g_assert_nonnull (planner_rank_grid_get_layout (grid));
  g_assert_cmpuint (planner_rank_grid_get_layout (grid)->world_size, ==, 64);
  g_assert_cmpuint (planner_rank_grid_get_gpus_per_node (grid), ==, 8);
  g_assert_cmpstr (planner_rank_grid_page_get_legend (page), ==, "Colour: pipeline stage · pp0 pp1 pp2 pp3");

  _planner_rank_grid_set_hovered (grid, 9);
  g_assert_true (g_str_has_prefix (planner_rank_grid_page_get_info (page), "GPU 9 · node 1 · local 1 · tp 1"));
  g_assert_nonnull (strstr (planner_rank_grid_page_get_info (page), "layers 0–19"));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-page.png");

  /* The dropdown drives the grid, and the legend follows either. */
  {
    GtkDropDown *dropdown = GTK_DROP_DOWN (find_descendant (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN, NULL));

    g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);   /* Automatic */
    gtk_drop_down_set_selected (dropdown, 3);
    g_assert_cmpint (planner_rank_grid_get_color_by (grid), ==, PLANNER_RANK_GRID_COLOR_DP);
    g_assert_true (g_str_has_prefix (planner_rank_grid_page_get_legend (page), "Colour: data-parallel rank · dp0"));
    planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_TP);
    g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 2);
    g_assert_true (g_str_has_prefix (planner_rank_grid_page_get_legend (page), "Colour: tensor-parallel rank · tp0"));
    gtk_drop_down_set_selected (dropdown, 0);
    g_assert_true (planner_rank_grid_get_color_by_auto (grid));
    g_assert_cmpint (planner_rank_grid_get_color_by (grid), ==, PLANNER_RANK_GRID_COLOR_PP);
  }

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-page-dark.png");

  /* Issue 23 #14: in the window too the cells grow past the old 48 px
   * to fill the area (64 GPUs took 640 × 250 px of 1700 × 600); in
   * presentation they stay as large, under the larger type. */
  {
    double before = _planner_rank_grid_get_geometry (grid)->cell;

    g_assert_cmpfloat (before, >, 48.);
    planner_rank_grid_set_presentation (grid, TRUE);
    gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
    g_assert_cmpfloat (_planner_rank_grid_get_geometry (grid)->cell, >=, before * 0.9);
    planner_test_save_png (GTK_WIDGET (window), "rank-grid-page-presentation.png");
    planner_rank_grid_set_presentation (grid, FALSE);
  }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  /* A layout Megatron cannot build: the status page. */
  g_object_set (planner_window_get_job (window), "tp", 3, NULL);
  planner_window_flush (window);
  g_assert_null (planner_rank_grid_get_layout (grid));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-page-invalid.png");

  /* GB200 NVL72: 144 GPUs, nodes of 72 wrap. */
  g_object_set (planner_window_get_job (window), "tp", 4, "gpus-per-node", 72, "nodes", 2, NULL);
  planner_window_flush (window);
  g_assert_nonnull (planner_rank_grid_get_layout (grid));
  planner_rank_grid_set_selected_rank (grid, 80);
  _planner_rank_grid_set_hovered (grid, -1);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-page-gb200.png");

  /* 16,384 GPUs: an overview that fits the page, a node label where it fits. */
  g_object_set (planner_window_get_job (window), "gpus-per-node", 8, "nodes", 2048, "tp", 8, "pp", 16, NULL);
  planner_window_flush (window);
  g_assert_cmpuint (planner_rank_grid_get_layout (grid)->world_size, ==, 16384);
  planner_rank_grid_set_color_by (grid, PLANNER_RANK_GRID_COLOR_PP);
  g_assert_true (g_str_has_suffix (planner_rank_grid_page_get_legend (page), "… 16 in all"));
  planner_rank_grid_set_selected_rank (grid, 9);
  _planner_rank_grid_set_hovered (grid, 20);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  {
    const PlannerGridGeometry *geo = _planner_rank_grid_get_geometry (grid);
    double ox, oy;

    _planner_rank_grid_get_origin (grid, &ox, &oy);
    g_assert_cmpfloat (oy + geo->height, <=, gtk_widget_get_height (GTK_WIDGET (grid)));
  }
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-page-16k.png");

  /* Zoomed in, with the minimap. */
  planner_rank_grid_set_zoom (grid, 6.);
  g_assert_cmpfloat (planner_rank_grid_get_zoom (grid), >, 5.);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-page-16k-zoomed.png");

  gtk_window_destroy (GTK_WINDOW (window));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median_frame (PlannerRankGrid *grid,
              double          *worst)
{
  double times[21];

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      gint64 start = g_get_monotonic_time ();

      /* Alternate the hover so no frame is the same as the one before. */
      _planner_rank_grid_set_hovered (grid, i % 2 ? 4321 : -1);
      GTK_WIDGET_GET_CLASS (grid)->snapshot (GTK_WIDGET (grid), snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      times[i] = (g_get_monotonic_time () - start) / 1000.;
      g_assert_nonnull (node);
    }
  qsort (times, G_N_ELEMENTS (times), sizeof times[0], compare_doubles);
  *worst = times[G_N_ELEMENTS (times) - 1];
  return times[G_N_ELEMENTS (times) / 2];
}

/* Design target: a 16,384-GPU frame in under 8 ms, overview and zoomed.
 * Asserted only loosely here (a loaded CI machine must not flake); the
 * figures are reported, and measured properly in bench-pictures. */
static void
test_rank_grid_snapshot_time (void)
{
  PlannerLayout layout;
  PlannerRankGrid *grid;
  GtkWindow *window;
  double median, worst;
  g_autoptr(GError) error = NULL;

  g_assert_true (planner_layout_init (&layout, 16384, 8, 16, 1, 1, 0, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_cmpuint (layout.dp, ==, 128);
  grid = new_grid (&layout, 8);
  window = show_in_window (GTK_WIDGET (grid), 1280, 800);
  planner_rank_grid_set_selected_rank (grid, 9000);

  median = median_frame (grid, &worst);
  g_test_message ("frame of 16,384 GPUs, overview: median %.2f ms, worst %.2f ms (target < 8 ms)", median, worst);
  g_assert_cmpfloat (median, <, 200.);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-16k.png");
  planner_rank_grid_set_zoom (grid, 8.);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  median = median_frame (grid, &worst);
  g_test_message ("frame of 16,384 GPUs, zoomed 8×: median %.2f ms, worst %.2f ms (target < 8 ms)", median, worst);
  g_assert_cmpfloat (median, <, 200.);
  /* The frames above changed the hover without drawing: draw once more. */
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  planner_test_save_png (GTK_WIDGET (window), "rank-grid-16k-zoomed.png");

  gtk_window_destroy (window);
  g_assert_finalize_object (grid);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/planner/rank-grid/new-destroy", test_rank_grid_new_destroy);
  g_test_add_func ("/planner/rank-grid/colors", test_rank_grid_colors);
  g_test_add_func ("/planner/rank-grid/highlight", test_rank_grid_highlight);
  g_test_add_func ("/planner/rank-grid/groups-agree", test_rank_grid_groups_agree);
  g_test_add_func ("/planner/rank-grid/keyboard", test_rank_grid_keyboard);
  g_test_add_func ("/planner/rank-grid/hit-test", test_rank_grid_hit_test);
  g_test_add_func ("/planner/rank-grid/export", test_rank_grid_export);
  g_test_add_func ("/planner/rank-grid/window-page", test_rank_grid_window_page);
  g_test_add_func ("/planner/rank-grid/snapshot-time", test_rank_grid_snapshot_time);

  return g_test_run ();
}
