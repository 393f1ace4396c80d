/* planner-file-chooser.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Adds a filter named @name for @mime_type and the NULL-terminated
 * @suffixes to @chooser; with neither, one for every file. */
void   planner_file_chooser_add_filter (GtkFileChooser       *chooser,
                                        const char           *name,
                                        const char           *mime_type,
                                        const char *const    *suffixes);
/* Shows @chooser modal, its response going to @response with @owner
 * first; *@slot owns it, and a chooser already there goes. */
void   planner_file_chooser_show       (GtkNativeDialog     **slot,
                                        GtkFileChooserNative *chooser,
                                        GCallback             response,
                                        gpointer              owner);
/* The file @response accepted, or NULL; @chooser is done, and *@slot
 * lets go of it. */
GFile *planner_file_chooser_take_file  (GtkNativeDialog     **slot,
                                        int                   response,
                                        GtkNativeDialog      *chooser);

G_END_DECLS
