/* planner-picture-export.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "planner-scene.h"

G_BEGIN_DECLS

/* Writes a picture for a file (planner_picture_export) to @file, PNG or
 * SVG by @svg, in the light style: drawn in a worker thread with the
 * command line's renderer, written through GIO (the portal's file in the
 * Flatpak), replacing @file whole or not at all. */
void     planner_picture_export_async  (PlannerScene        *scene,
                                        gboolean             svg,
                                        GFile               *file,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean planner_picture_export_finish (GAsyncResult        *result,
                                        GError             **error);

/* Asks where (the portal's file chooser in the Flatpak), then exports
 * @scene there and says how it went in the nearest toast overlay of @from. */
void     planner_picture_export_choose (GtkWidget           *from,
                                        PlannerScene        *scene,
                                        gboolean             svg,
                                        const char          *name);

G_END_DECLS
