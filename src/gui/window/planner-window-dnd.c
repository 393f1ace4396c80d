/* planner-window-dnd.c: files dropped on the window.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include "planner-model-page-private.h"
#include "planner-window-private.h"

/* A Hugging Face config.json, or a model folder (a folder is nothing
 * else the window opens). */
static gboolean
is_hf_config (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
    return TRUE;
  return base != NULL && g_str_equal (base, "config.json");
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         PlannerWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  if (is_hf_config (files->data))
    {
      _planner_window_show_page (self, _planner_window_page_index ("model"));
      _planner_model_page_open_hf_config (PLANNER_MODEL_PAGE (_planner_window_get_page (self, "model")), files->data);
    }
  else
    planner_window_open_file (self, files->data);
  g_slist_free (files);
  return TRUE;
}

/* A job file, a launch script or a training log: told apart as Open does;
 * a Hugging Face config.json or model folder: read into the Model page. */
void
_planner_window_init_dnd (PlannerWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
