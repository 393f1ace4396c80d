/* planner-cli-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "planner-job.h"
#include "planner-json-writer.h"

G_BEGIN_DECLS

/* Exit codes of the command-line contract. */
#define PLANNER_EXIT_OK         0
#define PLANNER_EXIT_JOB_ERRORS 1
#define PLANNER_EXIT_USAGE      2

/* Each command takes argv without the program name (argv[0] is the
 * command) and returns an exit code.  Output goes to stdout, problems to
 * stderr as "launch-planner-cli COMMAND: message". */
int  planner_cli_ranks       (int    argc,
                              char **argv);
int  planner_cli_analyze     (int    argc,
                              char **argv);
int  planner_cli_optimize    (int    argc,
                              char **argv);
int  planner_cli_troubleshoot (int    argc,
                               char **argv);
int  planner_cli_recommend   (int    argc,
                              char **argv);
int  planner_cli_script      (int    argc,
                              char **argv);
int  planner_cli_draw        (int    argc,
                              char **argv);

/* Prints "launch-planner-cli COMMAND: message" to stderr and returns
 * PLANNER_EXIT_USAGE, so a command can `return planner_cli_usage_error (…)`. */
int  planner_cli_usage_error (const char *command,
                              const char *format,
                              ...) G_GNUC_PRINTF (2, 3);

/* Reads a strictly decimal whole number in 1..@max for @option.  On a bad
 * value it prints why (not a number, negative, zero, too large) and returns
 * FALSE. */
gboolean planner_cli_parse_count (const char *command,
                                  const char *option,
                                  const char *text,
                                  guint64     max,
                                  guint64    *value);

/* Reads a whole file of at most @max_bytes, refusing a directory or a
 * larger file before reading it; @what names the kind in messages. */
gboolean    planner_cli_read_file  (const char  *path,
                                    gsize        max_bytes,
                                    const char  *what,
                                    char       **contents,
                                    gsize       *length,
                                    GError     **error);
/* A job file (see docs/job-format.md); the message names the file. */
PlannerJob *planner_cli_load_job   (const char  *path,
                                    GError     **error);
/* Pretty-printed, two spaces, on stdout, byte for byte as json-glib
 * prints it, but streamed. */
void        planner_cli_print_json (JsonNode    *root);
/* A pretty writer on stdout, for documents too large to build as a tree;
 * finish ends the document with a newline and flushes (FALSE when
 * stdout failed or the document is incomplete). */
PlannerJsonWriter *planner_cli_json_writer_new    (void);
gboolean           planner_cli_json_writer_finish (PlannerJsonWriter *writer);

G_END_DECLS
