/* planner-scene-renderer.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "planner-scene.h"

G_BEGIN_DECLS

/* Draws the engine's scenes (planner-scene.h) into a GtkSnapshot: the
 * window's face of the pictures the command line draws with cairo.  UI
 * colours come from the widget's style (light, dark, high contrast), data
 * colours from the palette; Pango layouts are cached between frames. */
typedef struct _PlannerSceneRenderer PlannerSceneRenderer;

PlannerSceneRenderer *planner_scene_renderer_new        (GtkWidget                  *widget);
void                  planner_scene_renderer_free       (PlannerSceneRenderer       *renderer);
/* After a style or font change: colours and text are measured again. */
void                  planner_scene_renderer_invalidate (PlannerSceneRenderer       *renderer);
void                  planner_scene_renderer_get_color  (PlannerSceneRenderer       *renderer,
                                                         PlannerInk                  ink,
                                                         guint                       color,
                                                         GdkRGBA                    *out);
/* Shapes [first, last) whose box meets @visible (scene units; NULL: all),
 * each at @alpha. */
void                  planner_scene_renderer_draw_range (PlannerSceneRenderer       *renderer,
                                                         GtkSnapshot                *snapshot,
                                                         const PlannerScene         *scene,
                                                         guint                       first,
                                                         guint                       last,
                                                         const graphene_rect_t      *visible,
                                                         float                       alpha);
void                  planner_scene_renderer_draw       (PlannerSceneRenderer       *renderer,
                                                         GtkSnapshot                *snapshot,
                                                         const PlannerScene         *scene,
                                                         const graphene_rect_t      *visible);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerSceneRenderer, planner_scene_renderer_free)

G_END_DECLS
