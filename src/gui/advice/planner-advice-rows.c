/* planner-advice-rows.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-rows"

#include "config.h"

#include "planner-advice-rows.h"

#include "planner-a11y.h"

GtkLabel *
planner_advice_add_value (AdwActionRow *row,
                          const char   *value)
{
  GtkWidget *label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (row, label);
  return GTK_LABEL (label);
}

GtkWidget *
planner_advice_value_row (const char *title,
                          const char *subtitle,
                          const char *value,
                          gboolean    error)
{
  GtkWidget *row = adw_action_row_new ();
  GtkLabel *label;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  label = planner_advice_add_value (ADW_ACTION_ROW (row), value);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (label), "error");
  return row;
}

GtkWidget *
planner_advice_text_row (const char *title,
                         const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  planner_a11y_set_row_title (row, title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

GtkWidget *
planner_advice_plain_row (const char *title)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  return row;
}

GtkWidget *
planner_advice_icon_row (const char *icon_name,
                         const char *style,
                         const char *title,
                         const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (style != NULL)
    gtk_widget_add_css_class (icon, style);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  return row;
}

char *
planner_advice_format_range (const char *prefix,
                             const char *suffix,
                             int         digits,
                             double      low,
                             double      high)
{
  g_autofree char *a = g_strdup_printf ("%.*f", digits, low);
  g_autofree char *b = g_strdup_printf ("%.*f", digits, high);

  if (g_str_equal (a, b))
    return g_strconcat (prefix, a, suffix, NULL);
  return g_strconcat (prefix, a, "–", b, suffix, NULL);
}
