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
 * @other) the comparison, a slide for each of its parts; each slide
 * under its title and layout line, in type a room can read, no editing
 * chrome.  ← and →
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

/* Slides: a picture each, the comparison a part each. */
guint               planner_presentation_get_n_slides  (PlannerPresentation *self);
guint               planner_presentation_get_slide     (PlannerPresentation *self);
void                planner_presentation_set_slide     (PlannerPresentation *self,
                                                        guint                index);
GtkWidget          *planner_presentation_get_slide_view (PlannerPresentation *self,
                                                        guint                index);
/* The slide's title, and its layout line (NULL for the comparison,
 * whose panels carry theirs). */
GtkLabel           *planner_presentation_get_slide_title (PlannerPresentation *self,
                                                         guint                index,
                                                         GtkLabel           **layout_line);
/* The base text size in px (a 36th of the screen's height). */
double              planner_presentation_get_font_size (PlannerPresentation *self);

G_END_DECLS
