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
int  planner_cli_models      (int    argc,
                              char **argv);
int  planner_cli_draw        (int    argc,
                              char **argv);

/* Every byte printed with g_print/g_printerr has its control characters
 * escaped (planner_escape_controls); and when the process ends, however
 * it ends, standard output is flushed and closed and standard error
 * flushed: output that could not be written (a full disk, a closed pipe
 * while SIGPIPE is ignored) makes the exit status 2, with a message naming
 * @command.  main() calls this first; no command checks its own writes. */
void planner_cli_init_output (const char *command);
/* Reads the command's arguments for --json or --format json, after which
 * planner_cli_usage_error() also prints {"error": {"message", "exit_status"}}
 * on standard output. */
void planner_cli_init_json_errors (int    argc,
                                   char **argv);

/* Prints "launch-planner-cli COMMAND: message" to stderr and returns
 * PLANNER_EXIT_USAGE, so a command can `return planner_cli_usage_error (…)`. */
int  planner_cli_usage_error (const char *command,
                              const char *format,
                              ...) G_GNUC_PRINTF (2, 3);

/* The one option parser of every command: @entries as for GOption
 * (switches, strings, file names, int, int64, double and
 * G_OPTION_REMAINING), except that an option given twice is an error
 * instead of the last one winning, and numbers are decimal digits only (a
 * double: digits with at most one "."; no sign, blank, hex or exponent;
 * for a range check with the value shown as typed, take a string and
 * planner_cli_parse_count/_positive).  Adds
 * the entries to @context and parses @args (a copy of argv, as for
 * g_option_context_parse_strv).  On a bad command line it prints why
 * and returns FALSE. */
gboolean planner_cli_parse_options (const char          *command,
                                    GOptionContext      *context,
                                    const GOptionEntry  *entries,
                                    char              ***args);

/* Reads a strictly decimal whole number in 1..@max for @option.  On a bad
 * value it prints why (not a number, negative, zero, too large — with the
 * value as typed) and returns FALSE. */
gboolean planner_cli_parse_count    (const char *command,
                                     const char *option,
                                     const char *text,
                                     guint64     max,
                                     guint64    *value);
/* The same for a positive decimal number up to @max ("0.32", "8", ".5";
 * never a sign, a blank, an exponent, hex, inf or nan). */
gboolean planner_cli_parse_positive (const char *command,
                                     const char *option,
                                     const char *text,
                                     double      max,
                                     double     *value);

/* --megatron-version as resolved ("0.14.0"), or NULL when not given. */
const char *planner_cli_get_megatron_version (void);
/* The release a command plans for: --megatron-version, else @job's (may be
 * NULL), else the default. */
const char *planner_cli_release_for (PlannerJob *job);

#define PLANNER_CLI_MAX_JOB_BYTES (1024 * 1024)

/* The one reader of every input named on the command line: a file, a
 * device, a named pipe, or "-" for standard input.  It reads at most
 * @max_bytes + 1 bytes and refuses anything larger (a regular file before
 * reading it); it never blocks in open(), and a named pipe nobody writes
 * to, or a device that gives nothing, is refused after a few seconds.
 * Standard input waits as long as it takes.  @what names the kind of
 * input in messages. */
/* TRUE when writing @output would replace the file @input names, or
 * it is that file under another name. */
gboolean    planner_cli_same_file  (const char  *output,
                                    const char  *input);
gboolean    planner_cli_read_file  (const char  *path,
                                    gsize        max_bytes,
                                    const char  *what,
                                    char       **contents,
                                    gsize       *length,
                                    GError     **error);
/* A job file (see docs/job-format.md), "-" for standard input; the
 * message names the file. */
PlannerJob *planner_cli_load_job   (const char  *path,
                                    GError     **error);
/* The same for a file already read (@path names it in messages). */
PlannerJob *planner_cli_load_job_from_data (const char  *path,
                                            const char  *contents,
                                            gsize        length,
                                            GError     **error);

/* Whether --output FILE may be written (with --force: replaced), by the
 * app's one rule (planner_write_check); prints why not.  Returns an exit
 * code, PLANNER_EXIT_OK when it may. */
int         planner_cli_check_output (const char *command,
                                      const char *output,
                                      gboolean    force);
/* Writes @length bytes of @data to @output atomically by that rule;
 * prints why not. */
int         planner_cli_write_output (const char *command,
                                      const char *output,
                                      const char *data,
                                      gsize       length,
                                      guint       mode,
                                      gboolean    force);

/* Pretty-printed, two spaces, on stdout, byte for byte as json-glib
 * prints it, but streamed. */
void        planner_cli_print_json (JsonNode    *root);
/* A pretty writer on stdout, for documents too large to build as a tree;
 * finish ends the document with a newline (FALSE when stdout failed, so
 * a command can stop early; the failure itself is reported at exit). */
PlannerJsonWriter *planner_cli_json_writer_new    (void);
gboolean           planner_cli_json_writer_finish (PlannerJsonWriter *writer);

G_END_DECLS
