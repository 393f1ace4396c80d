/* planner-picture-view.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "planner-picture.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_PICTURE_VIEW (planner_picture_view_get_type ())

G_DECLARE_DERIVABLE_TYPE (PlannerPictureView, planner_picture_view, PLANNER, PICTURE_VIEW, GtkWidget)

/* What the schedule, the memory chart and the comparison share: a picture
 * the engine lays out for the widget's width (and, with "fill", its
 * height), drawn in one snapshot, with a tooltip for what is under the
 * pointer.  Subclasses say which picture. */
struct _PlannerPictureViewClass
{
  GtkWidgetClass parent_class;

  PlannerPictureKind kind;
  gboolean           scrolls;   /* too long to fill a screen: natural height even in presentation */
  PlannerScene *(*build) (PlannerPictureView        *self,
                          const PlannerPictureStyle *style);

  gpointer padding[4];
};

/* @data NULL: nothing to draw. */
void                planner_picture_view_set_data         (PlannerPictureView *self,
                                                           PlannerPictureData *data);
PlannerPictureData *planner_picture_view_get_data         (PlannerPictureView *self);
/* The second layout of a comparison (ignored by the other pictures). */
void                planner_picture_view_set_other        (PlannerPictureView *self,
                                                           PlannerPictureData *other);
PlannerPictureData *planner_picture_view_get_other        (PlannerPictureView *self);
/* A projector: larger text, the picture fills the widget's height too. */
void                planner_picture_view_set_presentation (PlannerPictureView *self,
                                                           gboolean            presentation);
gboolean            planner_picture_view_get_presentation (PlannerPictureView *self);
PlannerPictureKind  planner_picture_view_get_kind         (PlannerPictureView *self);
/* The scene drawn now (NULL before the first allocation or without data). */
PlannerScene       *planner_picture_view_get_scene        (PlannerPictureView *self);
/* The same picture for a file: title, layout line, footer; NULL without data. */
PlannerScene       *planner_picture_view_build_export     (PlannerPictureView *self,
                                                           double              width);
/* What a tooltip says about a shape, or NULL. */
char               *planner_picture_view_describe_shape   (PlannerPictureView *self,
                                                           const PlannerShape *shape);

/* In presentation: text of at least @font_px (a room's type). */
void                planner_picture_view_set_presentation_font (PlannerPictureView *self,
                                                                double              font_px);
/* In presentation: fill the height given even when the kind scrolls
 * (a comparison shown a part at a time). */
void                planner_picture_view_set_fits         (PlannerPictureView *self,
                                                           gboolean            fits);

G_END_DECLS
