/* planner-pictures-page.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-picture.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_PICTURES_PAGE (planner_pictures_page_get_type ())

G_DECLARE_FINAL_TYPE (PlannerPicturesPage, planner_pictures_page, PLANNER, PICTURES_PAGE, AdwBin)

/* The pictures of the layout that need a page of their own, behind one
 * view switcher: the rank grid, the pipeline schedule, and the current
 * layout beside the recommended one or a saved job.  (Memory per stage is
 * on the Memory page, above its numbers.) */
GtkWidget          *planner_pictures_page_new       (void);
/* @data is the report's, shared with the other pictures; the comparison
 * keeps a copy of @job. */
void                planner_pictures_page_set_data  (PlannerPicturesPage *self,
                                                     PlannerJob          *job,
                                                     PlannerReport       *report,
                                                     PlannerPictureData  *data);
/* GRID, SCHEDULE or COMPARE (MEMORY is not here: FALSE). */
gboolean            planner_pictures_page_show      (PlannerPicturesPage *self,
                                                     PlannerPictureKind   kind);
PlannerPictureKind  planner_pictures_page_get_shown (PlannerPicturesPage *self);
/* The page of @kind: a PlannerRankGridPage, PlannerPicturePage or
 * PlannerComparePage; NULL for MEMORY. */
GtkWidget          *planner_pictures_page_get_child (PlannerPicturesPage *self,
                                                     PlannerPictureKind   kind);

G_END_DECLS
