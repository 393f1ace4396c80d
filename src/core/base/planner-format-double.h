/* planner-format-double.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The shortest decimal text that reads back as exactly @value. */
char *planner_format_double (double value);

G_END_DECLS
