/* planner-combo-factory.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-combo-factory"

#include "config.h"

#include "planner-combo-factory.h"

/* A combo row or a drop-down: the same questions, asked of either. */
static GtkExpression *
chooser_get_expression (GtkWidget *chooser)
{
  return ADW_IS_COMBO_ROW (chooser) ? adw_combo_row_get_expression (ADW_COMBO_ROW (chooser))
                                    : gtk_drop_down_get_expression (GTK_DROP_DOWN (chooser));
}

static gpointer
chooser_get_selected_item (GtkWidget *chooser)
{
  return ADW_IS_COMBO_ROW (chooser) ? adw_combo_row_get_selected_item (ADW_COMBO_ROW (chooser))
                                    : gtk_drop_down_get_selected_item (GTK_DROP_DOWN (chooser));
}

static char *
item_text (GtkWidget *row,
           gpointer   item)
{
  GtkExpression *expression = chooser_get_expression (row);

  if (expression != NULL)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      if (gtk_expression_evaluate (expression, item, &value) && G_VALUE_HOLDS_STRING (&value))
        return g_value_dup_string (&value);
      return NULL;
    }
  if (GTK_IS_STRING_OBJECT (item))
    return g_strdup (gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  return NULL;
}

static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            GtkWidget                *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (NULL);
  /* The item's selected state says it; the mark is only a picture of it. */
  GtkWidget *check = g_object_new (GTK_TYPE_IMAGE,
                                   "icon-name", "object-select-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   NULL);

  /* As libadwaita 1.2 lays out its own items, so nothing looks different. */
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (list_item, box);
}

/* Sets the text and names the list-item widget by it; gives the box. */
static GtkWidget *
bind_text (GtkListItem *list_item,
           GtkWidget   *row)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *owner = gtk_widget_get_parent (box);
  g_autofree char *text = item_text (row, gtk_list_item_get_item (list_item));

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)), text != NULL ? text : "");
  /* GTK 4.8 parents the child to its list-item widget before it binds;
   * that widget is what a screen reader reads, so it carries the name. */
  if (owner != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (owner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    text != NULL ? text : "", -1);
  return box;
}

/* The selected item, shown in the row: no check mark. */
static void
bind_current (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              GtkWidget                *row)
{
  gtk_widget_set_visible (gtk_widget_get_last_child (bind_text (list_item, row)), FALSE);
}

static void
show_check (GtkWidget   *row,
            GParamSpec  *pspec,
            GtkListItem *list_item)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  gpointer item = gtk_list_item_get_item (list_item);
  gboolean selected = item != NULL && item == chooser_get_selected_item (row);

  /* Opacity, not visibility: every choice keeps the mark's width. */
  gtk_widget_set_opacity (gtk_widget_get_last_child (box), selected ? 1.0 : 0.0);
}

/* A choice in the popover: the check mark follows the selection. */
static void
bind_choice (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             GtkWidget                *row)
{
  bind_text (list_item, row);
  g_signal_connect_object (row, "notify::selected-item", G_CALLBACK (show_check), list_item, 0);
  show_check (row, NULL, list_item);
}

static void
unbind_choice (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               GtkWidget                *row)
{
  g_signal_handlers_disconnect_by_func (row, show_check, list_item);
}

static void
install (GtkWidget *row)
{
  g_autoptr(GtkListItemFactory) current = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) choices = gtk_signal_list_item_factory_new ();

  /* The row holds both factories, so it outlives every call below. */
  g_signal_connect (current, "setup", G_CALLBACK (setup_item), row);
  g_signal_connect (current, "bind", G_CALLBACK (bind_current), row);
  g_signal_connect (choices, "setup", G_CALLBACK (setup_item), row);
  g_signal_connect (choices, "bind", G_CALLBACK (bind_choice), row);
  g_signal_connect (choices, "unbind", G_CALLBACK (unbind_choice), row);
  if (ADW_IS_COMBO_ROW (row))
    {
      adw_combo_row_set_factory (ADW_COMBO_ROW (row), current);
      adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), choices);
    }
  else
    {
      gtk_drop_down_set_factory (GTK_DROP_DOWN (row), current);
      gtk_drop_down_set_list_factory (GTK_DROP_DOWN (row), choices);
    }
}

void
planner_combo_factory_install (AdwComboRow *row)
{
  g_return_if_fail (ADW_IS_COMBO_ROW (row));
  install (GTK_WIDGET (row));
}

void
planner_combo_factory_install_drop_down (GtkDropDown *drop_down)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));
  install (GTK_WIDGET (drop_down));
}
