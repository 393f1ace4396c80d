/* planner-escape.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* @text with every character a terminal would act on, or show as
 * nothing, made visible: C0 controls other than newline and tab, DEL, the
 * C1 range, the format characters (Cf: bidirectional overrides and
 * isolates, zero-width spaces and joiners, the byte-order mark, tags) and
 * U+2028/U+2029, as "\u001b" ("\udb40\udc41" beyond U+FFFF), and bytes
 * that are not UTF-8 as "\xff".  Input quoted in a message goes through
 * this, so a job, a script or a file name cannot recolour, retitle or
 * rewrite the terminal that shows the message, nor make it read other
 * than its bytes.  NULL gives NULL. */
char    *planner_escape_controls (const char *text);

/* The one rule: whether @c is a character planner_escape_controls()
 * escapes.  The JSON writer escapes the same characters as \uXXXX. */
gboolean planner_is_control_char (gunichar    c);

/* Writes the escape of @c ("\u202e"; beyond U+FFFF the UTF-16 pair
 * "\udb40\udc41", as JSON spells it) into @escape, NUL-terminated, and
 * returns its length. */
#define PLANNER_ESCAPE_CHAR_SIZE 13
gsize    planner_escape_char     (gunichar    c,
                                  char        escape[PLANNER_ESCAPE_CHAR_SIZE]);

/* @file's base name as a person may be shown it: escaped as above, so a
 * name outside UTF-8 reads "caf\xe9.lpjob" in a title, a toast or a label
 * (raw bytes there are not text).  "" for NULL. */
char    *planner_escape_file_name (GFile      *file);

/* TRUE when planner_escape_controls() would change @text. */
gboolean planner_has_controls    (const char *text);

G_END_DECLS
