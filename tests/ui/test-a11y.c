/* test-a11y.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A button with a mnemonic is named by its label's text alone, once its
 * tree is walked or it is shown, and after its label changes (GTK 4.8
 * said "_Save Save").  Each choice in a combo row's popover is named by
 * its text, and so is the selected item the row shows (GTK 4.8 left the
 * list items unnamed); both look as libadwaita draws them.
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>

#include "planner-a11y.h"
#include "planner-combo-factory.h"
#include "planner-form-page.h"
#include "planner-pages.h"
#include "planner-preferences-window.h"
#include "planner-window-private.h"

static void
test_strip (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "_Save", "Save" },
    { "Export P_NG…", "Export PNG…" },
    { "Saved _Job…", "Saved Job…" },
    { "snake__case", "snake_case" },
    { "No mnemonic", "No mnemonic" },
    { "", "" },
    { "trailing_", "trailing" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = planner_a11y_strip_mnemonic (cases[i].in);

      g_assert_cmpstr (out, ==, cases[i].out);
    }
}

static void
test_button_name (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *button = gtk_button_new_with_mnemonic ("Export P_NG…");
  GtkWidget *plain = gtk_button_new_with_label ("Plain");

  planner_a11y_name_mnemonic_buttons ();
  planner_a11y_name_mnemonic_buttons ();  /* once is enough; twice is harmless */
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), plain);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Export PNG…");
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY));

  /* A label that changes while shown. */
  gtk_button_set_label (GTK_BUTTON (button), "_Approve");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Approve");
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY));

  /* A button never shown: named by the walk over its tree. */
  {
    GtkWidget *hidden = gtk_button_new_with_mnemonic ("Saved _Job…");

    gtk_widget_set_visible (hidden, FALSE);
    gtk_box_append (GTK_BOX (box), hidden);
    planner_a11y_name_buttons_in (window);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (hidden), GTK_ACCESSIBLE_PROPERTY_LABEL, "Saved Job…");
  }

  /* A button without a mnemonic keeps GTK's own name, its label. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plain), GTK_ACCESSIBLE_PROPERTY_LABEL, "Plain");

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

/* Opens @row's popover and gives its list view. */
static GtkWidget *
open_popover (AdwComboRow *row)
{
  GtkWidget *popover = find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER);

  g_assert_nonnull (popover);
  gtk_widget_activate (GTK_WIDGET (row));
  g_assert_true (gtk_widget_get_visible (popover));
  gtk_test_widget_wait_for_draw (popover);
  return find_descendant (popover, GTK_TYPE_LIST_VIEW);
}

static GBytes *
pixels (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gsize stride = (gsize) width * 4;
  guchar *data = g_malloc0 (stride * (gsize) height);

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * (gsize) height);
}

/* The list view in @row that shows its selected item, not the popover's. */
static GtkWidget *
find_current_view (GtkWidget *widget)
{
  if (GTK_IS_POPOVER (widget))
    return NULL;
  if (GTK_IS_LIST_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_current_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_combo_item_names (void)
{
  static const char * const choices[] = {
    "BF16", "FP8 (Hybrid)", "Warm-up, Stable, Decay and a name long enough to ellipsize", NULL,
  };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  AdwComboRow *plain = ADW_COMBO_ROW (adw_combo_row_new ());
  AdwComboRow *named = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GBytes) plain_pixels = NULL;
  g_autoptr(GBytes) named_pixels = NULL;
  GtkWidget *view;
  GtkWidget *current;
  guint n_items = 0;

  /* Each in a list of its own, so both have the same rounded corners. */
  for (AdwComboRow **row = (AdwComboRow *[]) { plain, named, NULL }; *row != NULL; row++)
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (choices);
      GtkWidget *list = gtk_list_box_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (*row), "Precision");
      adw_combo_row_set_model (*row, G_LIST_MODEL (model));
      adw_combo_row_set_selected (*row, 2);
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (*row));
      gtk_box_append (GTK_BOX (box), list);
    }
  planner_combo_factory_install (named);
  g_assert_nonnull (adw_combo_row_get_list_factory (named));
  g_assert_null (adw_combo_row_get_list_factory (plain));
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 400);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  /* The row shows its selected item the same, and names it. */
  plain_pixels = pixels (GTK_WIDGET (plain));
  named_pixels = pixels (GTK_WIDGET (named));
  g_assert_true (g_bytes_equal (plain_pixels, named_pixels));
  g_clear_pointer (&plain_pixels, g_bytes_unref);
  g_clear_pointer (&named_pixels, g_bytes_unref);
  current = find_current_view (GTK_WIDGET (plain));
  g_assert_nonnull (current);
  /* libadwaita's own items: unnamed in GTK 4.8, the bug this fixes. */
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (current)),
                                                    GTK_ACCESSIBLE_PROPERTY_LABEL));
  current = find_current_view (GTK_WIDGET (named));
  g_assert_nonnull (current);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (current)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, choices[2]);

  view = open_popover (plain);
  for (GtkWidget *item = gtk_widget_get_first_child (view); item != NULL; item = gtk_widget_get_next_sibling (item))
    g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_PROPERTY_LABEL));
  plain_pixels = pixels (gtk_widget_get_ancestor (view, GTK_TYPE_POPOVER));
  gtk_popover_popdown (GTK_POPOVER (gtk_widget_get_ancestor (view, GTK_TYPE_POPOVER)));

  view = open_popover (named);
  for (GtkWidget *item = gtk_widget_get_first_child (view); item != NULL; item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *label = find_descendant (item, GTK_TYPE_LABEL);

      g_assert_nonnull (label);
      g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, choices[n_items]);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_PROPERTY_LABEL, choices[n_items]);
      n_items++;
    }
  g_assert_cmpuint (n_items, ==, g_strv_length ((char **) choices));
  named_pixels = pixels (gtk_widget_get_ancestor (view, GTK_TYPE_POPOVER));
  planner_test_save_png (gtk_widget_get_ancestor (view, GTK_TYPE_POPOVER), "combo-list-named.png");

  /* The same text, ellipsizing and check mark, pixel for pixel. */
  g_assert_true (g_bytes_equal (plain_pixels, named_pixels));

  /* Another choice selected: the row's item is named anew. */
  adw_combo_row_set_selected (named, 0);
  gtk_test_widget_wait_for_draw (window);
  for (GtkWidget *item = gtk_widget_get_first_child (view); item != NULL; item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *check = gtk_widget_get_last_child (find_descendant (item, GTK_TYPE_BOX));

      g_assert_true (GTK_IS_IMAGE (check));
      g_assert_cmpfloat (gtk_widget_get_opacity (check), ==, item == gtk_widget_get_first_child (view) ? 1.0 : 0.0);
    }
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (current)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, choices[0]);

  /* A recycled choice is named anew: one that changes its text. */
  {
    GtkStringList *model = GTK_STRING_LIST (adw_combo_row_get_model (named));

    gtk_string_list_splice (model, 1, 1, (const char * const []) { "FP32", NULL });
    gtk_test_widget_wait_for_draw (window);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (gtk_widget_get_next_sibling (gtk_widget_get_first_child (view))),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, "FP32");
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
assert_combo_rows_named (GtkWidget *widget,
                         guint     *n_rows)
{
  if (ADW_IS_COMBO_ROW (widget))
    {
      g_test_message ("combo row %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
      g_assert_nonnull (adw_combo_row_get_list_factory (ADW_COMBO_ROW (widget)));
      (*n_rows)++;
    }
  /* A plain drop-down (the Pictures page's "Colour by") lists choices too. */
  if (GTK_IS_DROP_DOWN (widget))
    {
      g_test_message ("drop-down");
      g_assert_nonnull (gtk_drop_down_get_list_factory (GTK_DROP_DOWN (widget)));
      g_assert_nonnull (gtk_drop_down_get_factory (GTK_DROP_DOWN (widget)));
      (*n_rows)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_combo_rows_named (child, n_rows);
}

/* Every combo row of the window, on every page, and of the preferences. */
static void
test_combo_rows_in_window (void)
{
  static const char * const page_names[] = {
    "model", "cluster", "data", "training", "parallelism", "experts",
    "pictures", "memory", "optimize", "troubleshoot",
  };
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  GtkWidget *preferences;
  guint n_rows = 0;

  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    g_assert_nonnull (_planner_window_get_page (window, page_names[i]));
  assert_combo_rows_named (GTK_WIDGET (window), &n_rows);
  /* Model, GPU, tokenizer, schedule, precision, recompute and the rest,
   * and the rank grid's colouring. */
  g_assert_cmpuint (n_rows, >=, 10);

  preferences = planner_preferences_window_new (GTK_WINDOW (window));
  n_rows = 0;
  assert_combo_rows_named (preferences, &n_rows);
  /* The GPU type and the Megatron-Core release. */
  g_assert_cmpuint (n_rows, ==, 2);

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* GTK 4.8 names a menu button, a flow box or an expander row with no
 * name of its own by its class ("GtkMenuButton", "GtkFlowBox"), which is
 * what a screen reader then says: each of the window's has a name. */
static void
assert_containers_named (GtkWidget *widget,
                         guint     *n_seen,
                         guint     *n_unnamed)
{
  if (GTK_IS_MENU_BUTTON (widget) || GTK_IS_FLOW_BOX (widget) || ADW_IS_EXPANDER_ROW (widget))
    {
      gboolean named = gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
                       gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                                         GTK_ACCESSIBLE_RELATION_LABELLED_BY);

      if (!named)
        {
          GtkWidget *owner = gtk_widget_get_ancestor (widget, PLANNER_TYPE_FORM_PAGE);

          g_printerr ("a %s (%s) without a name, in a %s\n", G_OBJECT_TYPE_NAME (widget),
                      gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)),
                      G_OBJECT_TYPE_NAME (owner != NULL ? owner : gtk_widget_get_parent (widget)));
          (*n_unnamed)++;
        }
      (*n_seen)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_containers_named (child, n_seen, n_unnamed);
}

static void
test_containers_named (void)
{
  static const char * const page_names[] = {
    "model", "cluster", "data", "training", "parallelism", "experts",
    "pictures", "memory", "optimize", "troubleshoot",
  };
  PlannerWindow *window = g_object_new (PLANNER_TYPE_WINDOW, NULL);
  g_autoptr(GPtrArray) rules = g_ptr_array_new ();
  guint n_seen = 0;
  guint n_unnamed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    g_assert_nonnull (_planner_window_get_page (window, page_names[i]));
  /* The rules of thumb, as Use Recommended leaves them. */
  g_ptr_array_add (rules, (gpointer) "Data parallelism fills the rest.");
  planner_parallelism_page_set_rules (PLANNER_PARALLELISM_PAGE (_planner_window_get_page (window, "parallelism")),
                                      rules, NULL);
  assert_containers_named (GTK_WIDGET (window), &n_seen, &n_unnamed);
  g_assert_cmpuint (n_unnamed, ==, 0);
  /* The main menu, the problem list, the import report, the script
   * pane's bar, the rules of thumb and more. */
  g_assert_cmpuint (n_seen, >=, 6);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  /* The suite runs with GTK_A11Y=none, which has no accessible state to
   * read: GTK's test backend keeps it. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/planner/a11y/strip-mnemonic", test_strip);
  g_test_add_func ("/planner/a11y/button-name", test_button_name);
  g_test_add_func ("/planner/a11y/combo-item-names", test_combo_item_names);
  g_test_add_func ("/planner/a11y/combo-rows-in-window", test_combo_rows_in_window);
  g_test_add_func ("/planner/a11y/containers-named", test_containers_named);

  return g_test_run ();
}
