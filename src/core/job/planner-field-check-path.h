/* planner-field-check-path.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The path rules alone, for any text the job would write as a path:
 * NULL when @path is a usable absolute path; else why not, naming @name.
 * An empty path is fine here (whether it is required is the field's). */
char *planner_field_check_path  (const char *name,
                                 const char *path);
/* The same rules without the one that wants an absolute path, for a
 * value that may or may not be a path. */
char *planner_field_check_value (const char *name,
                                 const char *value);

G_END_DECLS
