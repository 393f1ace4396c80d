/* planner-write-file.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PLANNER_WRITE_ERROR (planner_write_error_quark ())

typedef enum
{
  PLANNER_WRITE_ERROR_EXISTS,       /* the target exists (or appeared while writing); left as it is */
  PLANNER_WRITE_ERROR_NOT_REGULAR,  /* a device, fifo, socket or folder: never replaced */
  PLANNER_WRITE_ERROR_IO,           /* the system refused: no folder, no permission, disk full… */
} PlannerWriteError;

typedef enum
{
  PLANNER_WRITE_NONE    = 0,
  /* Replace an existing regular file, or a symbolic link itself (never
   * what it points to).  Devices, fifos, sockets and folders are refused
   * even so. */
  PLANNER_WRITE_REPLACE = 1 << 0,
} PlannerWriteFlags;

GQuark   planner_write_error_quark (void);

/* The one rule for every file the app writes, checked without writing:
 * no target, or (with PLANNER_WRITE_REPLACE) a regular file or a symbolic
 * link.  A dangling link counts as existing. */
gboolean planner_write_check       (const char         *path,
                                    PlannerWriteFlags   flags,
                                    GError            **error);

/* Writes @length bytes atomically: an unnamed file (O_TMPFILE) in the
 * same folder, so that a writer killed midway leaves nothing, or a named
 * temporary file where the file system has no O_TMPFILE; fsync; then a
 * link or rename that cannot clobber a file created meanwhile
 * (renameat2 RENAME_NOREPLACE, else link + unlink) or, with
 * PLANNER_WRITE_REPLACE, that swaps the old entry out and puts it back if
 * it turned into something that is not a file.  @mode is the new file's
 * permission bits before the umask.  On failure nothing is left behind and
 * the target is as it was. */
gboolean planner_write_file        (const char         *path,
                                    const char         *data,
                                    gsize               length,
                                    guint               mode,
                                    PlannerWriteFlags   flags,
                                    GError            **error);

/* planner_write_file() in a worker thread, for the window: @file is where
 * a file chooser pointed (a native path, also inside the Flatpak portal).
 * A file without a local path (a remote GVfs location) is written with
 * GIO's own replace, which refuses folders and special files too. */
void     planner_write_file_async  (GFile              *file,
                                    GBytes             *bytes,
                                    guint               mode,
                                    PlannerWriteFlags   flags,
                                    GCancellable       *cancellable,
                                    GAsyncReadyCallback callback,
                                    gpointer            user_data);
gboolean planner_write_file_finish (GFile              *file,
                                    GAsyncResult       *result,
                                    GError            **error);

/* TRUE when writing @target would replace the file @source was read from:
 * the same directory entry, however spelled, or the entry a link @source
 * leads to.  (A link at @target is itself replaced, and another hard link
 * to the same file keeps the old contents: neither replaces @source.) */
gboolean planner_write_replaces    (const char         *target,
                                    const char         *source);

G_END_DECLS
