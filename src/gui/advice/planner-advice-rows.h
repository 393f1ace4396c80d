/* planner-advice-rows.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The small rows the Optimize and Troubleshoot pages are made of.  Every
 * title is plain text (no markup) and names the row for screen readers. */

#define PLANNER_ADVICE_GIB (1024.0 * 1024.0 * 1024.0)

/* A value label at the end of @row, right-aligned, in numeric digits. */
GtkLabel  *planner_advice_add_value  (AdwActionRow *row,
                                      const char   *value);
/* A title, an optional subtitle and a value at the end (red on @error). */
GtkWidget *planner_advice_value_row  (const char   *title,
                                      const char   *subtitle,
                                      const char   *value,
                                      gboolean      error);
/* A row of text that wraps: the title says what, the subtitle the words. */
GtkWidget *planner_advice_text_row   (const char   *title,
                                      const char   *text);
GtkWidget *planner_advice_plain_row  (const char   *title);
/* An icon (with the style class @style, if any) before the title. */
GtkWidget *planner_advice_icon_row   (const char   *icon_name,
                                      const char   *style,
                                      const char   *title,
                                      const char   *subtitle);
/* "×1.00–1.05", "38–50%"; one figure when both ends print the same. */
char      *planner_advice_format_range (const char *prefix,
                                        const char *suffix,
                                        int         digits,
                                        double      low,
                                        double      high);

G_END_DECLS
