/* planner-application.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-application"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-application.h"
#include "planner-window.h"

struct _PlannerApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (PlannerApplication, planner_application, ADW_TYPE_APPLICATION)

PlannerApplication *
planner_application_new (const char        *application_id,
                         GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (PLANNER_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

static void
planner_application_activate (GApplication *app)
{
  GtkWindow *window;

  g_assert (PLANNER_IS_APPLICATION (app));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (planner_window_new (PLANNER_APPLICATION (app)));

  gtk_window_present (window);
  if (PLANNER_IS_WINDOW (window))
    planner_window_ask_cluster_once (PLANNER_WINDOW (window));
}

static void
planner_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  GtkWindow *window;

  g_assert (PLANNER_IS_APPLICATION (app));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (planner_window_new (PLANNER_APPLICATION (app)));
  /* Shown first, so a question about unsaved changes has a parent. */
  gtk_window_present (window);
  /* One job per window: the first file given is opened. */
  if (n_files > 0)
    planner_window_open_file (PLANNER_WINDOW (window), files[0]);
}

static void
planner_application_class_init (PlannerApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = planner_application_activate;
  app_class->open = planner_application_open;
}

static void
planner_application_about_action (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  static const char *developers[] = { "The Launch Planner developers", NULL };
  PlannerApplication *self = user_data;
  GtkWindow *window;
  g_autofree char *comments = NULL;

  g_assert (PLANNER_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  /* The target framework version is data: the same string every script carries. */
  comments = g_strdup_printf (_("Plans parallelism, memory and launch scripts for Megatron-Core %s training jobs. "
                                "It never runs a training command."),
                              "0.20.0");

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_show_about_dialog (GTK_WIDGET (window),
                         "application-name", _("Launch Planner"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Launch Planner developers"),
                         "version", PACKAGE_VERSION,
                         "comments", comments,
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
#else
  {
    AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());

    g_object_set (about,
                  "transient-for", window,
                  "application-name", _("Launch Planner"),
                  "application-icon", APP_ID,
                  "developer-name", _("The Launch Planner developers"),
                  "version", PACKAGE_VERSION,
                  "comments", comments,
                  "developers", developers,
                  "license-type", GTK_LICENSE_GPL_3_0,
                  NULL);
    gtk_window_present (GTK_WINDOW (about));
  }
#endif
}

static void
planner_application_quit_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  PlannerApplication *self = user_data;
  GList *windows;

  g_assert (PLANNER_IS_APPLICATION (self));

  /* Each window asks about its unsaved changes before it closes; the
   * application ends with the last one. */
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  g_list_foreach (windows, (GFunc) g_object_ref, NULL);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

static const GActionEntry app_actions[] = {
  { "quit", planner_application_quit_action },
  { "about", planner_application_about_action },
};

static void
planner_application_init (PlannerApplication *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "app.quit",
                                         (const char *[]) { "<primary>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "win.show-help-overlay",
                                         (const char *[]) { "<primary>question", NULL });
}
