/* planner-cli-util.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the commands share: printing, error reporting, strict options and
 * numbers, reading inputs, writing outputs, printing JSON.
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include "planner-cli-private.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "planner-hf-config.h"

#include <json-glib/json-glib.h>

#include <glib/gi18n.h>

#include "planner-escape.h"
#include "planner-read-file.h"
#include "planner-flag-catalog.h"
#include "planner-release.h"
#include "planner-write-file.h"

/* ---- printing ----------------------------------------------------------- */

/* The command whose output this is, for the message when it is lost. */
static const char *output_command;
/* The first error writing standard output, 0 while none. */
static int stdout_errno;

static void
note_stdout_error (void)
{
  if (stdout_errno == 0)
    stdout_errno = errno != 0 ? errno : EIO;
}

/* Everything the command line prints goes through g_print/g_printerr and
 * so through here: control characters quoted from a job or a script are
 * shown escaped, never acted on by the terminal (issue 14 #14). */
static void
print_escaped (FILE        *stream,
               const gchar *text)
{
  g_autofree char *safe = NULL;
  int result;

  /* The common case, and the big outputs (JSON of every group), go out
   * without a copy. */
  if (!planner_has_controls (text))
    result = fputs (text, stream);
  else
    {
      safe = planner_escape_controls (text);
      result = fputs (safe, stream);
    }
  if (result == EOF && stream == stdout)
    note_stdout_error ();
}

static void
print_stdout (const gchar *text)
{
  print_escaped (stdout, text);
}

static void
print_stderr (const gchar *text)
{
  print_escaped (stderr, text);
}

/* Flushes and closes standard output, and flushes standard error; FALSE
 * with the reason in @saved_errno when output was lost.  A standard
 * output closed by the caller (">&-") with nothing written to it is not
 * an error. */
static gboolean
close_stdout (int *saved_errno)
{
  gboolean failed = stdout_errno != 0 || ferror (stdout);

  *saved_errno = stdout_errno;
  errno = 0;
  if (fflush (stdout) != 0)
    {
      failed = TRUE;
      if (*saved_errno == 0)
        *saved_errno = errno;
    }
  if (!failed)
    {
      errno = 0;
      if (fclose (stdout) != 0 && errno != EBADF)
        {
          failed = TRUE;
          *saved_errno = errno;
        }
    }
  return !failed;
}

/* Runs when the command ends, however it ends: a return from main(), or
 * GOption's exit (0) after --help.  Output that was not written is an
 * error, never a silent success: a full disk, a quota, a pipe whose
 * reader left while SIGPIPE is ignored.  (With SIGPIPE at its default, a
 * reader that stops early, as head does, ends the command by the signal,
 * as it does any filter.) */
static void
check_output_at_exit (void)
{
  int saved_errno = 0;

  if (!close_stdout (&saved_errno))
    {
      g_autofree char *why = saved_errno != 0
                             ? g_strdup_printf (_("could not write the output to standard output: %s"),
                                                g_strerror (saved_errno))
                             : g_strdup (_("could not write the output to standard output"));

      g_printerr ("launch-planner-cli%s%s: %s\n", *output_command != '\0' ? " " : "", output_command, why);
      fflush (stderr);
      _exit (PLANNER_EXIT_USAGE);
    }
  /* A message that could not be shown is lost output too. */
  if (fflush (stderr) != 0 || ferror (stderr))
    _exit (PLANNER_EXIT_USAGE);
}

void
planner_cli_init_output (const char *command)
{
  output_command = command;
  g_set_print_handler (print_stdout);
  g_set_printerr_handler (print_stderr);
  atexit (check_output_at_exit);
}

/* Set when the command was asked for JSON (--json, --format json): its
 * errors are then also a JSON object on standard output, for a program
 * that reads only that. */
static gboolean json_errors;

void
planner_cli_init_json_errors (int    argc,
                              char **argv)
{
  for (int i = 1; i < argc && !g_str_equal (argv[i], "--"); i++)
    if (g_str_equal (argv[i], "--json") || g_str_equal (argv[i], "--format=json") ||
        (g_str_equal (argv[i], "--format") && i + 1 < argc && g_str_equal (argv[i + 1], "json")))
      json_errors = TRUE;
}

static void
print_json_error (const char *message,
                  int         exit_status)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "error");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, message);
  json_builder_set_member_name (builder, "exit_status");
  json_builder_add_int_value (builder, exit_status);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

int
planner_cli_usage_error (const char *command,
                         const char *format,
                         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("launch-planner-cli %s: %s\n", command, message);
  if (json_errors)
    print_json_error (message, PLANNER_EXIT_USAGE);
  return PLANNER_EXIT_USAGE;
}

/* ---- options ------------------------------------------------------------ */

static gboolean all_digits       (const char *text);
static gboolean is_plain_decimal (const char *text);

typedef struct
{
  const GOptionEntry *entries;  /* the command's, with their targets */
  GHashTable         *given;    /* long name → the value it was given ("" for a switch) */
} OptionState;

static const GOptionEntry *
find_entry (OptionState *state,
            const char  *option_name)
{
  for (guint i = 0; state->entries[i].long_name != NULL; i++)
    {
      const GOptionEntry *e = &state->entries[i];

      if (g_str_has_prefix (option_name, "--") && g_str_equal (option_name + 2, e->long_name))
        return e;
      if (option_name[0] == '-' && option_name[1] == e->short_name && e->short_name != '\0'
          && option_name[2] == '\0')
        return e;
    }
  return NULL;
}

static gboolean
record_option (const char  *option_name,
               const char  *value,
               gpointer     data,
               GError     **error)
{
  OptionState *state = data;
  const GOptionEntry *e = find_entry (state, option_name);
  g_autofree char *converted = NULL;
  const char *before;

  g_return_val_if_fail (e != NULL, FALSE);

  /* Text in the locale's encoding, as GOption would take it; bytes that
   * are text in no encoding are refused by name. */
  if (value != NULL && e->arg != G_OPTION_ARG_FILENAME && !g_utf8_validate (value, -1, NULL))
    {
      converted = g_locale_to_utf8 (value, -1, NULL, NULL, NULL);
      if (converted == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s: “%s” is not text (it is not UTF-8); type the value again"), e->long_name, value);
          return FALSE;
        }
      value = converted;
    }

  before = g_hash_table_lookup (state->given, e->long_name);
  if (before != NULL)
    {
      if (e->arg == G_OPTION_ARG_NONE)
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                     _("--%s is given twice; give it once"), e->long_name);
      else
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                     _("--%s is given twice (“%s” and “%s”); give it once"), e->long_name, before, value);
      return FALSE;
    }
  g_hash_table_insert (state->given, (gpointer) e->long_name, g_strdup (value != NULL ? value : ""));

  switch (e->arg)
    {
    case G_OPTION_ARG_NONE:
      *(gboolean *) e->arg_data = !(e->flags & G_OPTION_FLAG_REVERSE);
      break;
    case G_OPTION_ARG_FILENAME:
      /* An empty name is no file: "" would be read as the current folder
       * by some calls and as nothing by others. */
      if (*value == '\0')
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s: the file name is empty; give the path of a file"), e->long_name);
          return FALSE;
        }
      G_GNUC_FALLTHROUGH;
    case G_OPTION_ARG_STRING:
      g_free (*(char **) e->arg_data);
      *(char **) e->arg_data = g_strdup (value);
      break;
    case G_OPTION_ARG_INT:
    case G_OPTION_ARG_INT64:
      {
        guint64 n = 0;

        /* Decimal digits only; GOption would take " 8", "+8" and "0x10". */
        if (!all_digits (value) ||
            !g_ascii_string_to_unsigned (value, 10, 0, e->arg == G_OPTION_ARG_INT ? G_MAXINT : G_MAXINT64, &n, NULL))
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--%s: “%s” is not a whole number from 0 to %" PRId64), e->long_name, value,
                         e->arg == G_OPTION_ARG_INT ? (gint64) G_MAXINT : G_MAXINT64);
            return FALSE;
          }
        if (e->arg == G_OPTION_ARG_INT)
          *(int *) e->arg_data = (int) n;
        else
          *(gint64 *) e->arg_data = (gint64) n;
      }
      break;
    case G_OPTION_ARG_DOUBLE:
      if (value[0] == '-' && is_plain_decimal (value + 1))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s: “%s” is negative; give a positive number"), e->long_name, value);
          return FALSE;
        }
      if (!is_plain_decimal (value))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s: “%s” is not a number (write digits, with at most one “.”)"), e->long_name, value);
          return FALSE;
        }
      *(double *) e->arg_data = g_ascii_strtod (value, NULL);
      break;
    case G_OPTION_ARG_CALLBACK:
    case G_OPTION_ARG_STRING_ARRAY:
    case G_OPTION_ARG_FILENAME_ARRAY:
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* --megatron-version, which every command takes: the release as resolved
 * (static), or NULL when not given. */
static const char *megatron_version;
static char *megatron_version_given;

const char *
planner_cli_get_megatron_version (void)
{
  return megatron_version;
}

const char *
planner_cli_release_for (PlannerJob *job)
{
  if (megatron_version != NULL)
    return megatron_version;
  if (job != NULL)
    return planner_job_get_string (job, "megatron-version");
  return planner_megatron_get_default_release ();
}

static const GOptionEntry release_entry =
  { "megatron-version", 0, 0, G_OPTION_ARG_STRING, &megatron_version_given,
    N_("The Megatron-Core release to plan for, overriding the job’s (X.Y picks the newest patch held)"),
    N_("X.Y.Z") };

gboolean
planner_cli_parse_options (const char          *command,
                           GOptionContext      *context,
                           const GOptionEntry  *entries,
                           char              ***args)
{
  g_autoptr(GArray) wrapped = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  g_autoptr(GArray) all = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  g_autoptr(GHashTable) given = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GError) error = NULL;
  OptionState state = { NULL, given };
  GOptionGroup *group;

  /* The command's own options, then --megatron-version (before the
   * remaining arguments, so --help lists it among the options). */
  {
    gboolean added = FALSE;

    for (guint i = 0; entries[i].long_name != NULL; i++)
      {
        if (!added && g_str_equal (entries[i].long_name, G_OPTION_REMAINING))
          {
            g_array_append_val (all, release_entry);
            added = TRUE;
          }
        g_array_append_val (all, entries[i]);
      }
    if (!added)
      g_array_append_val (all, release_entry);
  }
  entries = &g_array_index (all, GOptionEntry, 0);
  state.entries = entries;
  g_clear_pointer (&megatron_version_given, g_free);
  megatron_version = NULL;

  /* Switches and values are read through a callback that refuses a
   * second occurrence; GOption alone keeps the last one silently.  The
   * remaining arguments are GOption's as usual. */
  for (guint i = 0; entries[i].long_name != NULL; i++)
    {
      GOptionEntry e = entries[i];

      if (e.arg == G_OPTION_ARG_NONE || e.arg == G_OPTION_ARG_STRING || e.arg == G_OPTION_ARG_FILENAME
          || e.arg == G_OPTION_ARG_INT || e.arg == G_OPTION_ARG_INT64 || e.arg == G_OPTION_ARG_DOUBLE)
        {
          /* Values arrive as the bytes typed: a file name stays so, and
           * text is converted in record_option, which can name the option
           * when it is not text (GOption's own message names none). */
          if (e.arg == G_OPTION_ARG_NONE)
            e.flags |= G_OPTION_FLAG_NO_ARG;
          else
            e.flags |= G_OPTION_FLAG_FILENAME;
          e.flags &= ~G_OPTION_FLAG_REVERSE;
          e.arg = G_OPTION_ARG_CALLBACK;
          e.arg_data = (gpointer) record_option;
        }
      /* The context's parameter string already names them in --help. */
      if (g_str_equal (e.long_name, G_OPTION_REMAINING))
        e.arg_description = NULL;
      g_array_append_val (wrapped, e);
    }

  group = g_option_group_new (command, NULL, NULL, &state, NULL);
  /* Option descriptions, the parameter string and the summary are marked
   * N_() by each command and translated here, by GOption, for --help. */
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, &g_array_index (wrapped, GOptionEntry, 0));
  g_option_context_set_main_group (context, group);
  if (!g_option_context_parse_strv (context, args, &error))
    {
      planner_cli_usage_error (command, "%s", error->message);
      return FALSE;
    }
  if (megatron_version_given != NULL)
    {
      megatron_version = planner_release_resolve (megatron_version_given, &error);
      if (megatron_version == NULL)
        {
          planner_cli_usage_error (command, "--megatron-version: %s", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- numbers ------------------------------------------------------------ */

static gboolean
all_digits (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    {
      if (!g_ascii_isdigit (*text))
        return FALSE;
    }
  return TRUE;
}

gboolean
planner_cli_parse_count (const char *command,
                         const char *option,
                         const char *text,
                         guint64     max,
                         guint64    *value)
{
  guint64 parsed = 0;

  if (!all_digits (text))
    {
      if (text[0] == '-' && all_digits (text + 1))
        planner_cli_usage_error (command, _("%s: “%s” is negative; give a whole number of at least 1"), option, text);
      else
        planner_cli_usage_error (command, _("%s: “%s” is not a whole number"), option, text);
      return FALSE;
    }

  /* All digits: what is left to go wrong is size. */
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &parsed, NULL) || parsed > max)
    {
      planner_cli_usage_error (command, _("%s: “%s” is too large (at most %" PRIu64 ")"), option, text, max);
      return FALSE;
    }
  if (parsed == 0)
    {
      planner_cli_usage_error (command, _("%s: must be at least 1 (got 0)"), option);
      return FALSE;
    }

  *value = parsed;
  return TRUE;
}

/* Decimal digits with at most one point and a digit somewhere: "8",
 * "0.32", ".5", "5.".  No sign, blank, exponent, hex, inf or nan. */
static gboolean
is_plain_decimal (const char *text)
{
  gboolean digit = FALSE, point = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        digit = TRUE;
      else if (*p == '.' && !point)
        point = TRUE;
      else
        return FALSE;
    }
  return digit;
}

gboolean
planner_cli_parse_positive (const char *command,
                            const char *option,
                            const char *text,
                            double      max,
                            double     *value)
{
  double parsed;

  if (!is_plain_decimal (text))
    {
      if (text[0] == '-' && is_plain_decimal (text + 1))
        planner_cli_usage_error (command, _("%s: “%s” is negative; give a positive number"), option, text);
      else
        planner_cli_usage_error (command, _("%s: “%s” is not a positive number (write digits, with at most "
                                            "one “.”)"), option, text);
      return FALSE;
    }
  parsed = g_ascii_strtod (text, NULL);
  if (parsed > max)
    {
      planner_cli_usage_error (command, _("%s: “%s” is too large (at most %.10g)"), option, text, max);
      return FALSE;
    }
  if (!(parsed > 0))
    {
      planner_cli_usage_error (command, _("%s: “%s” is not a positive number"), option, text);
      return FALSE;
    }
  *value = parsed;
  return TRUE;
}

/* ---- reading inputs ----------------------------------------------------- */

gboolean
planner_cli_read_file (const char  *path,
                       gsize        max_bytes,
                       const char  *what,
                       char       **contents,
                       gsize       *length,
                       GError     **error)
{
  return planner_read_file_bounded (path, max_bytes, what, PLANNER_READ_IDLE_SECONDS, contents, length, error);
}

PlannerJob *
planner_cli_load_job (const char  *path,
                      GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  /* A job file is a few kilobytes; anything near a mebibyte is not one. */
  if (!planner_cli_read_file (path, PLANNER_CLI_MAX_JOB_BYTES, _("job file"), &contents, &length, error))
    return NULL;
  return planner_cli_load_job_from_data (path, contents, length, error);
}

PlannerJob *
planner_cli_load_job_from_data (const char  *path,
                                const char  *contents,
                                gsize        length,
                                GError     **error)
{
  g_autoptr(PlannerJob) job = planner_job_new ();

  if (!planner_job_load_from_data (job, contents, (gssize) length, error))
    {
      g_prefix_error (error, "%s: ", g_str_equal (path, "-") ? _("standard input") : path);
      return NULL;
    }
  /* model.hf_config: the architecture read from the config, now. */
  {
    g_autofree char *warning = NULL;

    if (!planner_hf_config_load_into_job (job, &warning, error))
      {
        g_prefix_error (error, "%s: ", g_str_equal (path, "-") ? _("standard input") : path);
        return NULL;
      }
    if (warning != NULL)
      g_printerr ("%s: %s\n", g_str_equal (path, "-") ? _("standard input") : path, warning);
  }
  /* --megatron-version overrides the job's release. */
  if (megatron_version != NULL)
    g_object_set (job, "megatron-version", megatron_version, NULL);
  return g_steal_pointer (&job);
}

/* ---- writing outputs ---------------------------------------------------- */

gboolean
planner_cli_same_file (const char *output,
                       const char *input)
{
  struct stat a, b;

  if (g_str_equal (input, "-"))
    return FALSE;
  if (planner_write_replaces (output, input))
    return TRUE;
  /* Followed at both ends: a hard link or a link to the input is it. */
  return stat (output, &a) == 0 && stat (input, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static int
write_error (const char *command,
             GError     *error)
{
  if (g_error_matches (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_EXISTS))
    return planner_cli_usage_error (command, _("%s: choose another name, or pass --force to replace it"),
                                    error->message);
  return planner_cli_usage_error (command, "%s", error->message);
}

int
planner_cli_check_output (const char *command,
                          const char *output,
                          gboolean    force)
{
  g_autoptr(GError) error = NULL;

  if (!planner_write_check (output, force ? PLANNER_WRITE_REPLACE : PLANNER_WRITE_NONE, &error))
    return write_error (command, error);
  return PLANNER_EXIT_OK;
}

int
planner_cli_write_output (const char *command,
                          const char *output,
                          const char *data,
                          gsize       length,
                          guint       mode,
                          gboolean    force)
{
  g_autoptr(GError) error = NULL;

  if (!planner_write_file (output, data, length, mode,
                           force ? PLANNER_WRITE_REPLACE : PLANNER_WRITE_NONE, &error))
    return write_error (command, error);
  return PLANNER_EXIT_OK;
}

/* ---- JSON --------------------------------------------------------------- */

static gboolean
stdout_sink (const char *data,
             gsize       length,
             gpointer    user_data)
{
  if (fwrite (data, 1, length, stdout) == length)
    return TRUE;
  note_stdout_error ();
  return FALSE;
}

PlannerJsonWriter *
planner_cli_json_writer_new (void)
{
  return planner_json_writer_new (TRUE, stdout_sink, NULL);
}

gboolean
planner_cli_json_writer_finish (PlannerJsonWriter *writer)
{
  gboolean ok = planner_json_writer_finish (writer);

  if (fputc ('\n', stdout) == EOF)
    {
      note_stdout_error ();
      ok = FALSE;
    }
  /* A lost output is reported once, when the command ends; what is left
   * is a document left open, which is a bug here. */
  if (!ok && stdout_errno == 0)
    g_critical ("the JSON document was left incomplete");
  return ok;
}

void
planner_cli_print_json (JsonNode *root)
{
  g_autoptr(PlannerJsonWriter) writer = planner_cli_json_writer_new ();

  planner_json_writer_node (writer, root);
  planner_cli_json_writer_finish (writer);
}
