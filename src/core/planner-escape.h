/* planner-escape.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @text with every control character a terminal would act on made
 * visible: C0 controls other than newline and tab, DEL and the C1 range
 * as "\u001b", bytes that are not UTF-8 as "\xff".  Input quoted in a
 * message goes through this, so a job or script cannot recolour, retitle
 * or rewrite the terminal that shows the message.  NULL gives NULL. */
char    *planner_escape_controls (const char *text);

/* TRUE when planner_escape_controls() would change @text. */
gboolean planner_has_controls    (const char *text);

G_END_DECLS
