/* planner-history-window.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-history-window"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-escape.h"
#include "planner-history-window.h"

struct _PlannerHistoryWindow
{
  AdwWindow             parent_instance;

  /* Template widgets */
  AdwPreferencesGroup  *group;
  GtkWidget            *empty_row;
};

/* A row's Reopen button and the job it reopens. */
typedef struct
{
  PlannerHistoryWindow *self;
  char                 *uri;
} Reopen;

G_DEFINE_FINAL_TYPE (PlannerHistoryWindow, planner_history_window, ADW_TYPE_WINDOW)

enum {
  REOPEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
reopen_free (gpointer  data,
             GClosure *closure)
{
  Reopen *reopen = data;

  g_free (reopen->uri);
  g_free (reopen);
}

static void
on_reopen_clicked (GtkButton *button,
                   Reopen    *reopen)
{
  g_autoptr(GFile) file = g_file_new_for_uri (reopen->uri);
  PlannerHistoryWindow *self = reopen->self;

  g_signal_emit (self, signals[REOPEN], 0, file);
  gtk_window_close (GTK_WINDOW (self));
}

static GtkWidget *
entry_row (PlannerHistoryWindow      *self,
           const PlannerJournalEntry *entry)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (entry->when);
  g_autofree char *when = g_date_time_format (local, "%Y-%m-%d %H:%M");
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *job = NULL;
  GtkWidget *row = adw_action_row_new ();
  gboolean exported = g_strcmp0 (entry->action, "exported") == 0;

  if (entry->job_uri != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (entry->job_uri);

      job = planner_escape_file_name (file);
    }
  else
    job = g_strdup (_("a job never saved"));

  /* Translators: "Exported, 2026-12-01 09:00 — job.lpjob". */
  title = g_strdup_printf (exported ? _("Exported, %s — %s") : _("Approved, %s — %s"), when, job);
  if (exported)
    subtitle = g_strdup_printf (_("%s\n%s script to %s\nSHA-256 %s"), entry->job_summary, entry->launcher,
                                entry->target, entry->sha256);
  else
    subtitle = g_strdup_printf (_("%s\n%s script\nSHA-256 %s"), entry->job_summary, entry->launcher, entry->sha256);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);

  if (entry->job_uri != NULL)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Reopen"));
      g_autofree char *tip = g_strdup_printf (_("Open %s"), job);
      Reopen *reopen = g_new0 (Reopen, 1);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, tip);
      /* The row lives inside the window: the window outlives the button. */
      reopen->self = self;
      reopen->uri = g_strdup (entry->job_uri);
      g_signal_connect_data (button, "clicked", G_CALLBACK (on_reopen_clicked), reopen, reopen_free, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  return row;
}

static void
planner_history_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_HISTORY_WINDOW);
  G_OBJECT_CLASS (planner_history_window_parent_class)->dispose (object);
}

static void
planner_history_window_class_init (PlannerHistoryWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_history_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-history-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerHistoryWindow, group);
  gtk_widget_class_bind_template_child (widget_class, PlannerHistoryWindow, empty_row);
  /**
   * PlannerHistoryWindow::reopen:
   * @file: the job file to open
   */
  signals[REOPEN] = g_signal_new ("reopen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_FILE);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
planner_history_window_init (PlannerHistoryWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
planner_history_window_new (GtkWindow      *parent,
                            PlannerJournal *journal)
{
  PlannerHistoryWindow *self = g_object_new (PLANNER_TYPE_HISTORY_WINDOW, "transient-for", parent, NULL);
  guint n = planner_journal_get_n_entries (journal);

  gtk_widget_set_visible (self->empty_row, n == 0);
  for (guint i = 0; i < n; i++)
    adw_preferences_group_add (self->group, entry_row (self, planner_journal_get_entry (journal, i)));
  return GTK_WIDGET (self);
}
