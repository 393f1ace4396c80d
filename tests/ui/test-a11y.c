/* test-a11y.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A button with a mnemonic is named by its label's text alone, once its
 * tree is walked or it is shown, and after its label changes (GTK 4.8
 * said "_Save Save").
 */

#include "config.h"

#include "planner-ui-test.h"

#include <adwaita.h>

#include "planner-a11y.h"

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

  return g_test_run ();
}
