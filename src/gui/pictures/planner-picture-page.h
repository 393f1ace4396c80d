/* planner-picture-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-picture-view.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_PICTURE_PAGE (planner_picture_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerPicturePage, planner_picture_page, PLANNER, PICTURE_PAGE, AdwBin)

/* A page around one picture: its title, Export PNG…, Export SVG… and
 * Present (every picture full screen, starting with this one); a status
 * page while there is nothing to draw. */
GtkWidget          *planner_picture_page_new_schedule (void);
GtkWidget          *planner_picture_page_new_memory   (void);
/* Follows a job: @report may be NULL (then the job is analysed). */
void                planner_picture_page_set_report   (PlannerPicturePage *self,
                                                       PlannerJob         *job,
                                                       PlannerReport      *report);
void                planner_picture_page_set_data     (PlannerPicturePage *self,
                                                       PlannerPictureData *data);
PlannerPictureView *planner_picture_page_get_view     (PlannerPicturePage *self);
/* What Export does after the file chooser. */
void                planner_picture_page_export_async (PlannerPicturePage  *self,
                                                       gboolean             svg,
                                                       GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            planner_picture_page_export_finish (PlannerPicturePage *self,
                                                        GAsyncResult       *result,
                                                        GError            **error);

G_END_DECLS
