/* planner-combo-factory.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* In GTK 4.8 a list-item widget takes no accessible name from its label
 * (GtkListItem:accessible-label is 4.12), and a combo row shows its
 * selected item, and its popover every choice, in such widgets: a screen
 * reader hears "list item" and nothing more.  This gives @row a factory
 * and a list factory that look like libadwaita 1.2's own (the text,
 * ellipsized; in the popover a check mark on the selected choice) and
 * name each list-item widget by its text.  The text is the row's
 * expression's when it has one, else the GtkStringObject's. */
void   planner_combo_factory_install           (AdwComboRow *row);

/* The same for a plain drop-down (the Pictures page's "Colour by"). */
void   planner_combo_factory_install_drop_down (GtkDropDown *drop_down);

G_END_DECLS
