/* planner-presentation.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-picture.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_PRESENTATION (planner_presentation_get_type ())

G_DECLARE_FINAL_TYPE (PlannerPresentation, planner_presentation, PLANNER, PRESENTATION, AdwWindow)

/* Every picture of a layout, one at a time, full screen, for a projector:
 * the rank grid, the pipeline schedule, memory per stage and (with
 * @other) the comparison; large text and no editing chrome.  ← and →
 * (Page Up/Down, space) step through them, + and − zoom the grid,
 * Escape leaves. */
GtkWidget          *planner_presentation_new           (GtkWindow           *parent,
                                                        PlannerPictureData  *data,
                                                        PlannerPictureData  *other);
void                planner_presentation_set_picture   (PlannerPresentation *self,
                                                        PlannerPictureKind   kind);
PlannerPictureKind  planner_presentation_get_picture   (PlannerPresentation *self);
guint               planner_presentation_get_n_pictures (PlannerPresentation *self);
/* The widget showing @kind, or NULL (the comparison without @other). */
GtkWidget          *planner_presentation_get_view      (PlannerPresentation *self,
                                                        PlannerPictureKind   kind);

G_END_DECLS
