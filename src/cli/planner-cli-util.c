/* planner-cli-util.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the commands share: error reporting, strict numbers, reading
 * input files, printing JSON.
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include "planner-cli-private.h"

#include <stdio.h>

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
  return PLANNER_EXIT_USAGE;
}

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
        planner_cli_usage_error (command, "%s: “%s” is negative; give a whole number of at least 1", option, text);
      else
        planner_cli_usage_error (command, "%s: “%s” is not a whole number", option, text);
      return FALSE;
    }

  /* All digits: what is left to go wrong is size. */
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &parsed, NULL) || parsed > max)
    {
      planner_cli_usage_error (command, "%s: “%s” is too large (at most %" G_GUINT64_FORMAT ")", option, text, max);
      return FALSE;
    }
  if (parsed == 0)
    {
      planner_cli_usage_error (command, "%s: must be at least 1 (got 0)", option);
      return FALSE;
    }

  *value = parsed;
  return TRUE;
}

gboolean
planner_cli_read_file (const char  *path,
                       gsize        max_bytes,
                       const char  *what,
                       char       **contents,
                       gsize       *length,
                       GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFileInfo) info = NULL;

  /* Check the size before reading, so a 50 MB file is refused at once. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, "%s is a directory, not a %s", path, what);
      return FALSE;
    }
  if (g_file_info_get_size (info) > (goffset) max_bytes)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s is %.1f MB; a %s is read only up to %"
                   G_GSIZE_FORMAT " MiB", path, g_file_info_get_size (info) / 1e6, what, max_bytes / (1024 * 1024));
      return FALSE;
    }
  return g_file_load_contents (file, NULL, contents, length, NULL, error);
}

PlannerJob *
planner_cli_load_job (const char  *path,
                      GError     **error)
{
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autofree char *contents = NULL;
  gsize length = 0;

  /* A job file is a few kilobytes; anything near a mebibyte is not one. */
  if (!planner_cli_read_file (path, 1024 * 1024, "job file", &contents, &length, error))
    return NULL;
  if (!planner_job_load_from_data (job, contents, (gssize) length, error))
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  return g_steal_pointer (&job);
}

static gboolean
stdout_sink (const char *data,
             gsize       length,
             gpointer    user_data)
{
  return fwrite (data, 1, length, stdout) == length;
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

  if (fputc ('\n', stdout) == EOF || fflush (stdout) != 0)
    ok = FALSE;
  return ok;
}

void
planner_cli_print_json (JsonNode *root)
{
  g_autoptr(PlannerJsonWriter) writer = planner_cli_json_writer_new ();

  planner_json_writer_node (writer, root);
  if (!planner_cli_json_writer_finish (writer))
    g_printerr ("launch-planner-cli: could not write the JSON output\n");
}
