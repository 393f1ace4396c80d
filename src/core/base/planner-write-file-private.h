/* planner-write-file-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef void (*PlannerWriteHook) (const char *path,
                                  gpointer    data);

/* For tests: @hook runs after the temporary file is written and before it
 * is renamed into place, to play a program racing the writer.  NULL
 * removes it. */
void _planner_write_file_set_before_commit (PlannerWriteHook hook,
                                            gpointer         data);

/* For tests: TRUE writes through a named temporary file even where
 * O_TMPFILE works, to test the fallback. */
void _planner_write_file_set_no_tmpfile (gboolean named);

G_END_DECLS
