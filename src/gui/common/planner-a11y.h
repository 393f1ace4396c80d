/* planner-a11y.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* GTK 4.8 names a button with a mnemonic label twice, the raw label and
 * its text ("_Save Save"), and a screen reader reads both.  From the call
 * on, every button with a mnemonic is named by its label's text alone,
 * once it is shown and whenever its label changes.  Safe to call more
 * than once. */
void   planner_a11y_name_mnemonic_buttons (void);

/* The same, at once, for every button in @root's tree: the pages built
 * but not shown yet are in the accessibility tree too.  Every scrolled
 * window in it (and, from planner_a11y_name_mnemonic_buttons() on, every
 * one shown) is named after the page, status page or tab it scrolls. */
void   planner_a11y_name_buttons_in       (GtkWidget  *root);

/* Names a scrolled window that no page title names: @name, for good. */
void   planner_a11y_name_scrolled         (GtkWidget  *scrolled,
                                           const char *name);

/* Names every scrolled window in @root's tree after the page, status
 * page or tab it scrolls, or @fallback where nothing around it has a
 * title (libadwaita's own search results, say). */
void   planner_a11y_name_scrolled_in      (GtkWidget  *root,
                                           const char *fallback);

/* "_Save" → "Save", "Export P_NG…" → "Export PNG…", "a__b" → "a_b". */
char  *planner_a11y_strip_mnemonic        (const char *label);

/* Sets a preferences row's title and makes it the row's name for screen
 * readers: libadwaita 1.2's expander rows and rows of their own widgets
 * have none otherwise (an action row is named by its title already, and
 * a label as well would be read twice). */
void   planner_a11y_set_row_title         (GtkWidget  *row,
                                           const char *title);

G_END_DECLS
