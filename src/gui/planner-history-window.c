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
  AdwWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (PlannerHistoryWindow, planner_history_window, ADW_TYPE_WINDOW)

enum {
  REOPEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_reopen_clicked (GtkButton            *button,
                   PlannerHistoryWindow *self)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_object_get_data (G_OBJECT (button), "uri"));

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

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, tip);
      g_object_set_data_full (G_OBJECT (button), "uri", g_strdup (entry->job_uri), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_reopen_clicked), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  return row;
}

static void
planner_history_window_class_init (PlannerHistoryWindowClass *klass)
{
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
}

GtkWidget *
planner_history_window_new (GtkWindow      *parent,
                            PlannerJournal *journal)
{
  PlannerHistoryWindow *self;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  guint n = planner_journal_get_n_entries (journal);

  self = g_object_new (PLANNER_TYPE_HISTORY_WINDOW,
                       "transient-for", parent,
                       "modal", TRUE,
                       "title", _("History"),
                       "default-width", 640,
                       "default-height", 560,
                       NULL);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (_("History"), NULL));
  gtk_box_append (GTK_BOX (box), header);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Approved and Exported Scripts"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Newest first. The SHA-256 is of exactly the bytes approved or written."));
  if (n == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Nothing approved or exported yet"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  for (guint i = 0; i < n; i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), entry_row (self, planner_journal_get_entry (journal, i)));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  return GTK_WIDGET (self);
}
