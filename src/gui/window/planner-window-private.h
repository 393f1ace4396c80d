/* planner-window-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-journal.h"
#include "planner-log-session.h"
#include "planner-script-pane.h"
#include "planner-window.h"

G_BEGIN_DECLS

#define N_PAGES 10

/* The window arranges pages around one PlannerDocument, which owns the
 * job, its file, its approvals and the newest report: pages bind to the
 * document themselves.  The window's parts live in several files, as in
 * GNOME Text Editor: this one (pages, sidebar, header), -actions (the
 * win.* actions), -files (the unsaved-changes guard, open, save, logs),
 * -status (the problem line, the title, the import report), -dnd (drag
 * and drop) and planner-session.c (the job kept across starts
 * and the drafts kept against a crash). */
struct _PlannerWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwLeaflet           *leaflet;
  GtkListBox           *sidebar;
  AdwHeaderBar         *sidebar_header;
  AdwWindowTitle       *window_title;
  GtkLabel             *summary_label;
  GtkLabel             *expert_summary_label;
  GtkLabel             *memory_summary_label;
  GtkImage             *problem_icon;
  GtkButton            *problem_button;
  GtkLabel             *problem_label;
  GtkMenuButton        *problems_menu_button;
  GtkListBox           *problem_list;
  GtkStack             *stack;
  AdwFlap              *flap;
  AdwBin               *script_slot;
  AdwToastOverlay      *toast_overlay;
  GMenu                *recent_menu;
  GMenuModel           *primary_menu;
  GtkMenuButton        *menu_button;
  GtkRevealer          *recovery_bar;      /* a crashed session's draft, offered back */
  GtkLabel             *recovery_label;
  GtkRevealer          *import_bar;        /* what an import could not carry over */
  GtkLabel             *import_label;
  GtkListBox           *import_list;
  GtkMenuButton        *import_button;
  char                **import_notes;      /* the last import's report, until the job is replaced */

  PlannerScriptPane    *script_pane;
  GtkWidget            *pages[N_PAGES];      /* built when first shown */
  GtkImage             *row_status[N_PAGES]; /* each sidebar row's mark */

  GSettings            *settings;
  PlannerDocument      *document;
  GPtrArray            *problems;
  char                 *first_problem_key;

  GtkNativeDialog      *chooser;
  gpointer              save_as_after;  /* what follows the Save As chooser (planner-window-files.c) */
  gboolean              close_confirmed;
  gboolean              discarded;      /* closing without the changes: nothing is kept */
  PlannerJob           *undo_job;       /* the job before Use Recommended */
  PlannerJournal       *journal;        /* read when first needed */
  PlannerLogSession    *log_session;    /* the training log open, for Optimize and Troubleshoot */
  gboolean              first_frame_done;
  guint                 first_draft_source;
  int                   experts_shown;  /* −1 until the first report */

  /* planner-session.c */
  GFile                *restored_file;     /* the last session's file */
  char                 *restore_message;   /* why the last job could not be restored */
  PlannerJob           *recovered_job;     /* a crashed session's unsaved job, offered back */
  GFile                *recovered_file;
  guint                 draft_source;      /* writes the drafts file a moment after a change */
};

/* For the widget tests. */
GtkLabel          *_planner_window_get_summary_label (PlannerWindow *self);
/* The page stack, with every page built (the window builds them when first shown). */
GtkStack          *_planner_window_get_stack         (PlannerWindow *self);
PlannerScriptPane *_planner_window_get_script_pane   (PlannerWindow *self);
/* The page @name, built if it was not yet. */
GtkWidget         *_planner_window_get_page          (PlannerWindow *self,
                                                      const char    *name);
GPtrArray         *_planner_window_get_problems      (PlannerWindow *self);
const char        *_planner_window_get_problem_text  (PlannerWindow *self);
/* "done", "warning", "error" or "none": what the sidebar marks. */
const char        *_planner_window_get_page_status   (PlannerWindow *self,
                                                      const char    *name);

/* The training log the window has open (Optimize and Troubleshoot). */
PlannerLogSession *_planner_window_get_log_session   (PlannerWindow *self);
/* Where Alt+N reaches @name: its place among the sidebar rows shown
 * (0 for Alt+1), or −1 while the row is hidden. */
int                _planner_window_get_page_position (PlannerWindow *self,
                                                      const char    *name);

/* Shared between the window's files. */
void               _planner_window_toast             (PlannerWindow *self,
                                                      const char    *text);
guint              _planner_window_page_index        (const char    *name);
GtkWidget         *_planner_window_ensure_page       (PlannerWindow *self,
                                                      guint          index);
void               _planner_window_show_page         (PlannerWindow *self,
                                                      guint          index);
void               _planner_window_update_title      (PlannerWindow *self);
/* planner-window-status.c: the problem line and its list. */
void               _planner_window_update_problem_bar (PlannerWindow *self);
/* What an import could not carry over, kept in view until dismissed
 * (NULL or empty hides it and forgets it). */
void               _planner_window_show_import_report (PlannerWindow     *self,
                                                       const char *const *notes);
/* Hides the bar; the report is kept, and the menu's Import Report (the
 * action win.import-report) shows it again with its list open. */
void               _planner_window_dismiss_import_report (PlannerWindow *self);
void               _planner_window_reopen_import_report  (GtkWidget     *widget,
                                                          const char    *action_name,
                                                          GVariant      *parameter);

/* planner-window-actions.c */
void               _planner_window_class_add_actions (GtkWidgetClass *widget_class);
void               _planner_window_record            (PlannerWindow *self,
                                                      const char    *action,
                                                      const char    *target,
                                                      const char    *text);

void               _planner_window_on_script_approved (PlannerWindow *self);
void               _planner_window_on_script_exported (PlannerWindow *self,
                                                       GFile         *file,
                                                       const char    *text);

/* planner-window-files.c */
typedef void (*PlannerAfterGuard) (PlannerWindow *self,
                                   gpointer       data);
/* Runs @then at once when nothing is unsaved, else after asking (Save,
 * Discard or Cancel). */
void               _planner_window_run_guarded       (PlannerWindow    *self,
                                                      PlannerAfterGuard then,
                                                      gpointer          data,
                                                      GDestroyNotify    destroy);
void               _planner_window_update_recent_menu (PlannerWindow *self);
void               _planner_window_class_add_file_actions (GtkWidgetClass *widget_class);
void               _planner_window_on_log_loaded     (PlannerWindow *self);
void               _planner_window_files_dispose     (PlannerWindow *self);

/* planner-window-dnd.c */
void               _planner_window_init_dnd          (PlannerWindow *self);

/* planner-session.c */
/* Puts the last session's job into @into (the example stays otherwise). */
void               _planner_session_restore_job      (PlannerWindow *self,
                                                      PlannerJob    *into);
/* Keeps the job for the next start, unless it was discarded. */
void               _planner_session_remember_job     (PlannerWindow *self);
/* Starts keeping unsaved work in the drafts file, and offers back what a
 * crashed session left there. */
void               _planner_session_start_drafts     (PlannerWindow *self);
/* The drafts file is written now (tests), or removed when nothing is unsaved. */
void               _planner_session_write_draft      (PlannerWindow *self);
void               _planner_session_dispose          (PlannerWindow *self);
void               _planner_session_class_init       (GtkWidgetClass *widget_class);
gboolean           _planner_window_close_request     (GtkWindow     *window);
/* The drafts file: $XDG_DATA_HOME/<app id>/drafts.json. */
char              *_planner_session_drafts_path      (void);

G_END_DECLS
