/* planner-file-chooser.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The life of a native file chooser that a window or page keeps while it
 * is open: one at a time, modal, and let go of once it has answered.
 */

#include "config.h"

#include "planner-file-chooser.h"

void
planner_file_chooser_add_filter (GtkFileChooser    *chooser,
                                 const char        *name,
                                 const char        *mime_type,
                                 const char *const *suffixes)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  if (mime_type != NULL)
    gtk_file_filter_add_mime_type (filter, mime_type);
  for (guint i = 0; suffixes != NULL && suffixes[i] != NULL; i++)
    gtk_file_filter_add_suffix (filter, suffixes[i]);
  if (mime_type == NULL && suffixes == NULL)
    gtk_file_filter_add_pattern (filter, "*");
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

void
planner_file_chooser_show (GtkNativeDialog     **slot,
                           GtkFileChooserNative *chooser,
                           GCallback             response,
                           gpointer              owner)
{
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", response, owner, G_CONNECT_SWAPPED);
  if (*slot != NULL)
    gtk_native_dialog_destroy (*slot);
  g_clear_object (slot);
  *slot = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (*slot);
}

GFile *
planner_file_chooser_take_file (GtkNativeDialog **slot,
                                int               response,
                                GtkNativeDialog  *chooser)
{
  GFile *file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  if (*slot == chooser)
    g_clear_object (slot);
  return file;
}
