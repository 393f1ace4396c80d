/* planner-field-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the four rows of the job form share: their key and the problem
 * shown beside the editor.
 */

#define G_LOG_DOMAIN "planner-field-row"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-field-row.h"

G_DEFINE_INTERFACE (PlannerFieldRow, planner_field_row, GTK_TYPE_WIDGET)

static void
planner_field_row_default_init (PlannerFieldRowInterface *iface)
{
  g_object_interface_install_property (iface,
                                       g_param_spec_string ("key", NULL, NULL, NULL,
                                                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                            G_PARAM_STATIC_STRINGS));
}

static PlannerFieldRowState *
field_state (GtkWidget *row)
{
  return PLANNER_FIELD_ROW_GET_IFACE (row)->get_state (PLANNER_FIELD_ROW (row));
}

void
planner_field_row_class_setup (GtkWidgetClass *widget_class,
                               guint           prop_id,
                               goffset         state_offset)
{
  g_object_class_override_property (G_OBJECT_CLASS (widget_class), prop_id, "key");
  gtk_widget_class_bind_template_child_full (widget_class, "problem_icon", FALSE,
                                             state_offset + G_STRUCT_OFFSET (PlannerFieldRowState, problem_icon));
}

void
planner_field_row_set_key (GtkWidget  *row,
                           const char *key)
{
  PlannerFieldRowState *state = field_state (row);

  g_free (state->key);
  state->key = g_strdup (key);
  gtk_widget_set_name (row, key);
}

void
planner_field_row_state_clear (PlannerFieldRowState *state)
{
  g_clear_pointer (&state->key, g_free);
  g_clear_pointer (&state->problem, g_free);
}

void
planner_field_row_set_problem (GtkWidget       *row,
                               PlannerSeverity  severity,
                               const char      *message)
{
  PlannerFieldRowState *state;
  GtkWidget *icon;

  g_return_if_fail (planner_is_field_row (row));

  state = field_state (row);
  if (g_strcmp0 (state->problem, message) == 0 &&
      (message == NULL || gtk_widget_has_css_class (row, severity == PLANNER_SEVERITY_ERROR ? "error" : "warning")))
    return;

  icon = GTK_WIDGET (state->problem_icon);
  gtk_widget_remove_css_class (row, "error");
  gtk_widget_remove_css_class (row, "warning");
  gtk_widget_remove_css_class (icon, "error");
  gtk_widget_remove_css_class (icon, "warning");
  g_free (state->problem);
  state->problem = g_strdup (message);

  if (message == NULL)
    {
      gtk_widget_set_opacity (icon, 0);
      gtk_widget_set_tooltip_text (icon, NULL);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL);
      gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }

  {
    gboolean error = severity == PLANNER_SEVERITY_ERROR;
    /* Translators: what a screen reader says for the icon beside a field. */
    g_autofree char *spoken = g_strdup_printf (error ? _("Error: %s") : _("Warning: %s"), message);

    gtk_image_set_from_icon_name (state->problem_icon, error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
    gtk_widget_add_css_class (icon, error ? "error" : "warning");
    gtk_widget_add_css_class (row, error ? "error" : "warning");
    gtk_widget_set_opacity (icon, 1);
    gtk_widget_set_tooltip_text (icon, message);
    gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, FALSE, -1);
    gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                                 GTK_ACCESSIBLE_INVALID_TRUE, -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spoken, -1);
  }
}

const char *
planner_field_row_get_problem (GtkWidget *row)
{
  g_return_val_if_fail (planner_is_field_row (row), NULL);
  return field_state (row)->problem;
}

gboolean
planner_is_field_row (gpointer widget)
{
  return PLANNER_IS_FIELD_ROW (widget);
}

const char *
planner_field_row_get_key (GtkWidget *row)
{
  g_return_val_if_fail (planner_is_field_row (row), NULL);
  return field_state (row)->key;
}

void
planner_field_row_bind (GtkWidget  *row,
                        PlannerJob *job)
{
  g_return_if_fail (planner_is_field_row (row));
  g_return_if_fail (PLANNER_IS_JOB (job));

  PLANNER_FIELD_ROW_GET_IFACE (row)->bind (PLANNER_FIELD_ROW (row), job);
}

const char *
planner_field_row_get_invalid_message (GtkWidget *row)
{
  PlannerFieldRowInterface *iface;

  /* Any widget may ask: only a field row's text can be invalid. */
  if (!planner_is_field_row (row))
    return NULL;
  iface = PLANNER_FIELD_ROW_GET_IFACE (row);
  return iface->get_invalid_message != NULL ? iface->get_invalid_message (PLANNER_FIELD_ROW (row)) : NULL;
}

gboolean
planner_field_row_get_invalid (GtkWidget *row)
{
  return planner_field_row_get_invalid_message (row) != NULL;
}

void
planner_field_row_focus (GtkWidget *row)
{
  PlannerFieldRowInterface *iface;

  g_return_if_fail (planner_is_field_row (row));
  iface = PLANNER_FIELD_ROW_GET_IFACE (row);
  gtk_widget_grab_focus (iface->get_editor != NULL ? iface->get_editor (PLANNER_FIELD_ROW (row)) : row);
}
