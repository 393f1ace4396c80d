/* planner-read-file.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How long a named pipe may wait for its writer, or any input between two
 * reads, before it is refused. */
#define PLANNER_READ_IDLE_SECONDS 5

gboolean planner_read_file_bounded (const char  *path,
                                    gsize        max_bytes,
                                    const char  *what,
                                    int          idle_seconds,
                                    char       **contents,
                                    gsize       *length,
                                    GError     **error);

G_END_DECLS
