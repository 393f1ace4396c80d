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
/* As Python prints a float ("40.0", "0.707", "1e-06"), so a whole number
 * never reads as "4e+01": the Hugging Face mapping writes a config's
 * floats so, and a job made from one writes the same words. */
char *planner_format_python_float (double value);

G_END_DECLS
