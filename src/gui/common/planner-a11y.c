/* planner-a11y.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-a11y"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "planner-a11y.h"

char *
planner_a11y_strip_mnemonic (const char *label)
{
  GString *text = g_string_sized_new (strlen (label));

  for (const char *p = label; *p != '\0'; p++)
    {
      /* "__" is a literal underscore; a single one marks the next letter. */
      if (*p == '_')
        {
          if (p[1] == '_')
            p++;
          else
            continue;
        }
      g_string_append_c (text, *p);
    }
  return g_string_free (text, FALSE);
}

static void
name_button (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  g_autofree char *text = NULL;

  if (label == NULL || !gtk_button_get_use_underline (button))
    return;
  text = planner_a11y_strip_mnemonic (label);
  /* The mnemonic label's "labelled by" is what doubles the name. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
on_label_changed (GtkButton  *button,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  name_button (button);
}

/* Names @button now and again whenever its label changes. */
static void
watch_button (GtkButton *button)
{
  /* Watched already when our handler is connected: no tag needed. */
  if (g_signal_handler_find (button, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, on_label_changed, NULL) == 0)
    {
      g_signal_connect (button, "notify::label", G_CALLBACK (on_label_changed), NULL);
      g_signal_connect (button, "notify::use-underline", G_CALLBACK (on_label_changed), NULL);
    }
  name_button (button);
}

/* The title of the nearest page, status page or tab around @widget, or
 * NULL: what a screen reader should say a scrolled area is. */
static const char *
enclosing_title (GtkWidget *widget)
{
  for (GtkWidget *node = widget; node != NULL; node = gtk_widget_get_parent (node))
    {
      GtkWidget *parent = gtk_widget_get_parent (node);
      const char *title = NULL;

      if (ADW_IS_STATUS_PAGE (node))
        title = adw_status_page_get_title (ADW_STATUS_PAGE (node));
      else if (ADW_IS_PREFERENCES_PAGE (node))
        title = adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (node));
      else if (GTK_IS_STACK (parent))
        title = gtk_stack_page_get_title (gtk_stack_get_page (GTK_STACK (parent), node));
      else if (ADW_IS_VIEW_STACK (parent))
        title = adw_view_stack_page_get_title (adw_view_stack_get_page (ADW_VIEW_STACK (parent), node));
      if (title != NULL && *title != '\0')
        return title;
    }
  return NULL;
}

/* A scrolled window takes the focus when what it holds does not, and
 * GTK 4.8 gives it no name: it is named after the page it scrolls.  One
 * named by its maker (planner_a11y_name_scrolled) keeps its name. */
static void
name_scrolled (GtkWidget  *scrolled,
               const char *fallback)
{
  const char *title;

  if (g_object_get_data (G_OBJECT (scrolled), "planner-a11y-named") != NULL)
    return;
  title = enclosing_title (scrolled);
  if (title == NULL && fallback != NULL)
    {
      planner_a11y_name_scrolled (scrolled, fallback);
      return;
    }
  if (title != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (scrolled), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}

void
planner_a11y_name_scrolled (GtkWidget  *scrolled,
                            const char *name)
{
  g_return_if_fail (GTK_IS_SCROLLED_WINDOW (scrolled));

  /* The one data tag left in the window: GtkScrolledWindow is GTK's and
   * final, so there is no field to keep this in, and GTK 4.8 has no call
   * that reads an accessible name back. */
  g_object_set_data (G_OBJECT (scrolled), "planner-a11y-named", GINT_TO_POINTER (TRUE));
  gtk_accessible_update_property (GTK_ACCESSIBLE (scrolled), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* GObject's notify takes no emission hook: "map" catches every button
 * made after its page, the moment a person can reach it. */
static gboolean
on_map (GSignalInvocationHint *hint,
        guint                  n_values,
        const GValue          *values,
        gpointer               user_data)
{
  GObject *object = g_value_get_object (&values[0]);

  if (GTK_IS_BUTTON (object))
    watch_button (GTK_BUTTON (object));
  else if (GTK_IS_SCROLLED_WINDOW (object))
    name_scrolled (GTK_WIDGET (object), NULL);  /* a status page's title may have changed */
  return TRUE;  /* stay installed */
}

void
planner_a11y_name_buttons_in (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root))
    watch_button (GTK_BUTTON (root));
  else if (GTK_IS_SCROLLED_WINDOW (root))
    name_scrolled (root, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    planner_a11y_name_buttons_in (child);
}

void
planner_a11y_name_scrolled_in (GtkWidget  *root,
                               const char *fallback)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_SCROLLED_WINDOW (root))
    name_scrolled (root, fallback);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    planner_a11y_name_scrolled_in (child, fallback);
}

void
planner_a11y_name_mnemonic_buttons (void)
{
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      guint map = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (map, 0, on_map, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}

void
planner_a11y_set_row_title (GtkWidget  *row,
                            const char *title)
{
  g_return_if_fail (ADW_IS_PREFERENCES_ROW (row));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (!ADW_IS_ACTION_ROW (row))
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}
