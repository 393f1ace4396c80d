/* planner-bind.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Binds @row's selection both ways to the string property @property of
 * @source, whose values are @ids in the order of the row's model.  The
 * row takes @ids.  A value not among @ids leaves the row as it is. */
void planner_bind_choice (GObject     *source,
                          const char  *property,
                          AdwComboRow *row,
                          GStrv        ids);

G_END_DECLS
