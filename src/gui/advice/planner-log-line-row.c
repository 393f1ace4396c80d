/* planner-log-line-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log-line-row"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-log-line-row.h"

#define RESOURCE_BASE "/io/github/launchplanner/LaunchPlanner"

struct _PlannerLogLineRow
{
  AdwPreferencesRow  parent_instance;

  GtkLabel          *where_label;
  GtkLabel          *text_label;
};

G_DEFINE_FINAL_TYPE (PlannerLogLineRow, planner_log_line_row, ADW_TYPE_PREFERENCES_ROW)

static void
planner_log_line_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_LOG_LINE_ROW);
  G_OBJECT_CLASS (planner_log_line_row_parent_class)->dispose (object);
}

static void
planner_log_line_row_class_init (PlannerLogLineRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_log_line_row_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-log-line-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerLogLineRow, where_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerLogLineRow, text_label);
}

static void
planner_log_line_row_init (PlannerLogLineRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static char *
line_caption (guint64 number,
              gint    rank)
{
  if (rank >= 0)
    /* Translators: where a line of a training log is: "Line 884 · rank 3" */
    return g_strdup_printf (_("Line %" PRIu64 " · rank %d"), number, rank);
  return g_strdup_printf (_("Line %" PRIu64), number);
}

GtkWidget *
planner_log_line_row_new (guint64     number,
                          gint        rank,
                          const char *text)
{
  PlannerLogLineRow *self = g_object_new (PLANNER_TYPE_LOG_LINE_ROW, NULL);
  g_autofree char *caption = line_caption (number, rank);
  g_autofree char *accessible = rank >= 0
    ? g_strdup_printf (_("Log line %" PRIu64 ", rank %d: %s"), number, rank, text)
    : g_strdup_printf (_("Log line %" PRIu64 ": %s"), number, text);

  /* The title is the caption; screen readers get the whole line. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), caption);
  gtk_label_set_text (self->where_label, caption);
  gtk_label_set_text (self->text_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  return GTK_WIDGET (self);
}
