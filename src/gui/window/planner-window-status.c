/* planner-window-status.c: what the window says about the job around
 * its pages: the problem line and its list, the title, and what an
 * import could not carry over.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-field.h"
#include "planner-problems.h"
#include "planner-window-private.h"

/* The problem bar ------------------------------------------------------- */

static GtkWidget *
problem_row (const PlannerProblem *problem)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon;
  gboolean error = problem->severity == PLANNER_SEVERITY_ERROR;
  const PlannerField *field = problem->key != NULL ? planner_field_lookup (problem->key) : NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), problem->message);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (field != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), planner_field_get_label (field));
  icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  error ? _("Error") : _("Warning"), -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  if (problem->key != NULL || problem->page != NULL)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.focus-field");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s",
                                        problem->key != NULL ? problem->key : problem->page);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    }
  return row;
}

/* One line that is always there, so a problem appearing never pushes the
 * form down: the most important problem, a link to its field, and the
 * full list one click away. */
void
_planner_window_update_problem_bar (PlannerWindow *self)
{
  guint n_errors = planner_problems_count (self->problems, PLANNER_SEVERITY_ERROR);
  guint n_warnings = planner_problems_count (self->problems, PLANNER_SEVERITY_WARNING);
  const PlannerProblem *first = self->problems->len > 0 ? g_ptr_array_index (self->problems, 0) : NULL;
  g_autofree char *menu_label = NULL;
  g_autofree char *errors = NULL;
  g_autofree char *warnings = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problem_list))) != NULL)
    gtk_list_box_remove (self->problem_list, child);
  for (guint i = 0; i < self->problems->len; i++)
    gtk_list_box_append (self->problem_list, problem_row (g_ptr_array_index (self->problems, i)));

  gtk_widget_remove_css_class (GTK_WIDGET (self->problem_icon), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->problem_icon), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->problem_icon), "success");
  g_clear_pointer (&self->first_problem_key, g_free);
  if (first == NULL)
    {
      gtk_image_set_from_icon_name (self->problem_icon, "object-select-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->problem_icon), "success");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("No problems"), -1);
      gtk_label_set_text (self->problem_label, _("Nothing is missing or wrong"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Nothing is missing or wrong"), -1);
      gtk_widget_set_sensitive (GTK_WIDGET (self->problem_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_menu_button), FALSE);
      return;
    }

  gtk_image_set_from_icon_name (self->problem_icon, first->severity == PLANNER_SEVERITY_ERROR
                                                    ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (GTK_WIDGET (self->problem_icon),
                            first->severity == PLANNER_SEVERITY_ERROR ? "error" : "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  first->severity == PLANNER_SEVERITY_ERROR ? _("Error") : _("Warning"), -1);
  gtk_label_set_text (self->problem_label, first->message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->problem_button), first->message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  first->message, -1);
  self->first_problem_key = g_strdup (first->key != NULL ? first->key : first->page);
  gtk_widget_set_sensitive (GTK_WIDGET (self->problem_button), self->first_problem_key != NULL);
  errors = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Error", "%u Errors", n_errors), n_errors);
  warnings = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Warning", "%u Warnings", n_warnings), n_warnings);
  /* Translators: the button that lists every problem: "2 Errors, 1 Warning". */
  menu_label = g_strdup_printf (_("%s, %s"), errors, warnings);
  gtk_menu_button_set_label (self->problems_menu_button, menu_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  menu_label, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_menu_button), TRUE);
}

void
_planner_window_update_title (PlannerWindow *self)
{
  g_autofree char *name = planner_document_dup_title (self->document);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  const char *state;

  if (planner_document_get_approved (self->document))
    state = _("approved");
  else if (self->problems != NULL && planner_problems_count (self->problems, PLANNER_SEVERITY_ERROR) > 0)
    state = _("draft, not ready");
  else
    state = _("draft");

  /* The dot is the unsaved-changes mark, as in GNOME Text Editor. */
  title = planner_document_get_modified (self->document) ? g_strdup_printf ("• %s", name) : g_strdup (name);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, state);
  window_title = g_strdup_printf (_("%s — %s — Launch Planner"), title, state);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* The import report ------------------------------------------------------ */

/* What a launch script held that the job cannot: a bar under the problem
 * line that stays until dismissed or the job is replaced, its list a
 * click away, instead of a toast that is cut and goes.  Dismissing only
 * hides it: the window's menu brings it back (issue 23 #10). */
void
_planner_window_show_import_report (PlannerWindow     *self,
                                    const char *const *notes)
{
  guint n = notes != NULL ? g_strv_length ((char **) notes) : 0;
  g_autofree char *text = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->import_list))) != NULL)
    gtk_list_box_remove (self->import_list, child);
  g_clear_pointer (&self->import_notes, g_strfreev);
  if (n > 0)
    self->import_notes = g_strdupv ((char **) notes);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-report", n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->import_bar), n > 0);
  gtk_revealer_set_reveal_child (self->import_bar, n > 0);
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), notes[i]);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_append (self->import_list, row);
    }
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Imported the launch script: %u thing was not carried over",
                                       "Imported the launch script: %u things were not carried over", n), n);
  gtk_label_set_text (self->import_label, text);
}

/* The bar goes; the report stays until the job is replaced. */
void
_planner_window_dismiss_import_report (PlannerWindow *self)
{
  gtk_revealer_set_reveal_child (self->import_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->import_bar), FALSE);
}

/* The list opens once the bar has slid in: a popover needs its button
 * where it will stay. */
static void
on_import_bar_revealed (GtkRevealer   *bar,
                        GParamSpec    *pspec,
                        PlannerWindow *self)
{
  if (!gtk_revealer_get_child_revealed (bar))
    return;
  g_signal_handlers_disconnect_by_func (bar, on_import_bar_revealed, self);
  if (self->import_notes != NULL)
    gtk_menu_button_popup (self->import_button);
}

/* win.import-report: the bar again, its list open. */
void
_planner_window_reopen_import_report (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  if (self->import_notes == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->import_bar), TRUE);
  if (gtk_revealer_get_child_revealed (self->import_bar) && gtk_revealer_get_reveal_child (self->import_bar))
    {
      gtk_menu_button_popup (self->import_button);
      return;
    }
  g_signal_handlers_disconnect_by_func (self->import_bar, on_import_bar_revealed, self);
  g_signal_connect (self->import_bar, "notify::child-revealed", G_CALLBACK (on_import_bar_revealed), self);
  gtk_revealer_set_reveal_child (self->import_bar, TRUE);
}
