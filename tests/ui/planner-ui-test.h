/* planner-ui-test.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the widget tests share: the app's style sheet and pictures of
 * what they draw.
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* AdwApplication loads style.css by itself; the tests' windows have no
 * application, so without this their pictures would miss the app's own
 * styling. */
static inline void
planner_test_load_style (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* Renders @widget as it is now to @folder/@name. */
static inline void
planner_test_save_png_in (GtkWidget  *widget,
                          const char *folder,
                          const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (folder, name, NULL);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

/* Renders @widget as it is now to @name in the test build directory, for
 * a person to look at. */
static inline void
planner_test_save_png (GtkWidget  *widget,
                       const char *name)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_BUILT, ".", NULL);

  planner_test_save_png_in (widget, folder, name);
}

G_END_DECLS
