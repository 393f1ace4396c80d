/* planner-journal.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-journal"

#include "config.h"

#include "planner-journal.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "planner-json-check.h"
#include "planner-write-file.h"

#define JOURNAL_FORMAT  "launch-planner-history"
#define JOURNAL_VERSION 1

struct _PlannerJournal
{
  char      *path;
  GPtrArray *entries;   /* PlannerJournalEntry*, oldest first (the file's order) */
};

G_DEFINE_QUARK (planner-journal-error-quark, planner_journal_error)

static void
entry_free (PlannerJournalEntry *entry)
{
  if (entry == NULL)
    return;
  g_clear_pointer (&entry->when, g_date_time_unref);
  g_free (entry->action);
  g_free (entry->job_uri);
  g_free (entry->job_summary);
  g_free (entry->launcher);
  g_free (entry->target);
  g_free (entry->sha256);
  g_free (entry);
}

PlannerJournal *
planner_journal_new (const char *path)
{
  PlannerJournal *journal;

  g_return_val_if_fail (path != NULL && *path != '\0', NULL);

  journal = g_new0 (PlannerJournal, 1);
  journal->path = g_strdup (path);
  journal->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  return journal;
}

void
planner_journal_free (PlannerJournal *journal)
{
  if (journal == NULL)
    return;
  g_free (journal->path);
  g_ptr_array_unref (journal->entries);
  g_free (journal);
}

const char *
planner_journal_get_path (PlannerJournal *journal)
{
  g_return_val_if_fail (journal != NULL, NULL);
  return journal->path;
}

guint
planner_journal_get_n_entries (PlannerJournal *journal)
{
  g_return_val_if_fail (journal != NULL, 0);
  return journal->entries->len;
}

const PlannerJournalEntry *
planner_journal_get_entry (PlannerJournal *journal,
                           guint           index)
{
  g_return_val_if_fail (journal != NULL, NULL);
  g_return_val_if_fail (index < journal->entries->len, NULL);
  return g_ptr_array_index (journal->entries, journal->entries->len - 1 - index);
}

/* ---- Reading ---- */

static gboolean
is_sha256 (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p) && !(*p >= 'a' && *p <= 'f'))
        return FALSE;
    }
  return TRUE;
}

/* A string member, or NULL when it is null or absent (@optional), or a
 * failure.  Strings must be one line: they are shown in a list. */
static gboolean
read_string (JsonObject  *object,
             const char  *name,
             gboolean     optional,
             char       **out,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (optional)
        return TRUE;
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT, "an entry has no “%s”", name);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT, "an entry's “%s” is not text", name);
      return FALSE;
    }
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static PlannerJournalEntry *
read_entry (JsonNode  *node,
            GError   **error)
{
  PlannerJournalEntry *entry;
  JsonObject *object;
  char *when = NULL;
  gboolean ok;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT, "an entry is not an object");
      return NULL;
    }
  object = json_node_get_object (node);
  entry = g_new0 (PlannerJournalEntry, 1);
  ok = read_string (object, "when", FALSE, &when, error) &&
       read_string (object, "action", FALSE, &entry->action, error) &&
       read_string (object, "job_uri", TRUE, &entry->job_uri, error) &&
       read_string (object, "job_summary", FALSE, &entry->job_summary, error) &&
       read_string (object, "launcher", FALSE, &entry->launcher, error) &&
       read_string (object, "target", TRUE, &entry->target, error) &&
       read_string (object, "sha256", FALSE, &entry->sha256, error);
  if (ok)
    {
      entry->when = g_date_time_new_from_iso8601 (when, NULL);
      if (entry->when == NULL)
        ok = (g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                           "an entry's time “%s” is not an ISO 8601 time", when), FALSE);
      else if (!g_str_equal (entry->action, "approved") && !g_str_equal (entry->action, "exported"))
        ok = (g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                           "an entry's action “%s” is neither approved nor exported", entry->action), FALSE);
      else if (!is_sha256 (entry->sha256))
        ok = (g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                                   "an entry's sha256 is not 64 hexadecimal digits"), FALSE);
      else if (g_str_equal (entry->action, "exported") && entry->target == NULL)
        ok = (g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                                   "an export entry does not say where"), FALSE);
    }
  g_free (when);
  if (!ok)
    {
      entry_free (entry);
      return NULL;
    }
  return entry;
}

static GPtrArray *
parse (const char  *data,
       gsize        length,
       GError     **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  JsonObject *root;
  JsonNode *node;
  JsonArray *array;

  if (!planner_json_check_strict (data, length, 8, &local_error) ||
      !json_parser_load_from_data (parser, data, (gssize) length, &local_error))
    {
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT, "not JSON: %s", local_error->message);
      return NULL;
    }
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT, "not a history file");
      return NULL;
    }
  root = json_node_get_object (node);
  node = json_object_get_member (root, "format");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
      !g_str_equal (json_node_get_string (node), JOURNAL_FORMAT))
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                           "not a history file (\"format\" is not \"" JOURNAL_FORMAT "\")");
      return NULL;
    }
  node = json_object_get_member (root, "version");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64 ||
      json_node_get_int (node) != JOURNAL_VERSION)
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                           "a history of another version (this Launch Planner reads version 1)");
      return NULL;
    }
  node = json_object_get_member (root, "entries");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT, "it has no list of entries");
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      PlannerJournalEntry *entry = read_entry (json_array_get_element (array, i), error);

      if (entry == NULL)
        return NULL;
      g_ptr_array_add (entries, entry);
    }
  /* A longer file (another version's bound) keeps its newest entries. */
  if (entries->len > PLANNER_JOURNAL_MAX_ENTRIES)
    g_ptr_array_remove_range (entries, 0, entries->len - PLANNER_JOURNAL_MAX_ENTRIES);
  return g_steal_pointer (&entries);
}

/* Moves a damaged file out of the way, never over another file. */
static char *
keep_aside (const char  *path,
            GError     **error)
{
  g_autofree char *aside = g_strconcat (path, ".corrupt", NULL);

  if (g_file_test (aside, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%S");

      g_free (aside);
      aside = g_strdup_printf ("%s.corrupt-%s-%06d", path, stamp, g_date_time_get_microsecond (now));
      if (g_file_test (aside, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        {
          g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                       "%s exists already; the damaged history was left where it is", aside);
          return NULL;
        }
    }
  if (g_rename (path, aside) != 0)
    {
      int saved = errno;

      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                   "Could not move the damaged history %s aside: %s", path, g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&aside);
}

gboolean
planner_journal_load (PlannerJournal  *journal,
                      GError         **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *buffer = NULL;
  g_autofree char *aside = NULL;
  gsize length = 0;

  g_return_val_if_fail (journal != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_ptr_array_set_size (journal->entries, 0);
  file = g_file_new_for_path (journal->path);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL,
                            &local_error);
  if (info == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                   "Could not read the history %s: %s", journal->path, local_error->message);
      return FALSE;
    }
  /* Never read from, nor move, a device, a fifo or a link. */
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                   "The history %s is not a regular file; it was left alone", journal->path);
      return FALSE;
    }

  /* At most the bound plus one byte, whatever the file says its size is. */
  stream = g_file_read (file, NULL, &local_error);
  if (stream != NULL)
    {
      buffer = g_malloc (PLANNER_JOURNAL_MAX_BYTES + 1);
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, PLANNER_JOURNAL_MAX_BYTES + 1, &length, NULL,
                                    &local_error))
        g_clear_object (&stream);
    }
  if (stream == NULL)
    {
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                   "Could not read the history %s: %s", journal->path, local_error->message);
      return FALSE;
    }
  g_input_stream_close (G_INPUT_STREAM (stream), NULL, NULL);

  if (length > PLANNER_JOURNAL_MAX_BYTES)
    g_set_error (&local_error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                 "larger than %d MiB", PLANNER_JOURNAL_MAX_BYTES / (1024 * 1024));
  else
    entries = parse (buffer, length, &local_error);

  if (entries == NULL)
    {
      aside = keep_aside (journal->path, error);
      if (aside == NULL)
        return FALSE;
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT,
                   "The history %s could not be read (%s); it was kept as %s and a new history begun",
                   journal->path, local_error->message, aside);
      return FALSE;
    }
  g_ptr_array_extend_and_steal (journal->entries, g_steal_pointer (&entries));
  return TRUE;
}

/* ---- Writing ---- */

static char *
to_data (GPtrArray *entries,
         gsize     *length)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, JOURNAL_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, JOURNAL_VERSION);
  json_builder_set_member_name (builder, "entries");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entries->len; i++)
    {
      const PlannerJournalEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *when = g_date_time_format_iso8601 (e->when);
      const struct { const char *name; const char *value; } members[] = {
        { "when", when }, { "action", e->action }, { "job_uri", e->job_uri },
        { "job_summary", e->job_summary }, { "launcher", e->launcher }, { "target", e->target },
        { "sha256", e->sha256 },
      };

      json_builder_begin_object (builder);
      for (guint m = 0; m < G_N_ELEMENTS (members); m++)
        {
          json_builder_set_member_name (builder, members[m].name);
          if (members[m].value != NULL)
            json_builder_add_string_value (builder, members[m].value);
          else
            json_builder_add_null_value (builder);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, length);
}

/* One line of valid UTF-8, or NULL: what a list can show. */
static gboolean
valid_text (const char *text,
            gboolean    optional)
{
  if (text == NULL)
    return optional;
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if ((guchar) *p < 0x20 || *p == 0x7f)
        return FALSE;
    }
  return TRUE;
}

gboolean
planner_journal_add (PlannerJournal  *journal,
                     const char      *action,
                     const char      *job_uri,
                     const char      *job_summary,
                     const char      *launcher,
                     const char      *target,
                     const char      *bytes,
                     gsize            length,
                     GDateTime       *when,
                     GError         **error)
{
  PlannerJournalEntry *entry;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  g_autofree char *data = NULL;
  g_autofree char *dir = NULL;
  gsize data_length = 0;

  g_return_val_if_fail (journal != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL || length == 0, FALSE);
  g_return_val_if_fail (when != NULL, FALSE);

  if (g_strcmp0 (action, "approved") != 0 && g_strcmp0 (action, "exported") != 0)
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_INVALID,
                           "A history entry is an approval or an export");
      return FALSE;
    }
  if ((g_str_equal (action, "exported") && target == NULL) || !valid_text (job_uri, TRUE) ||
      !valid_text (job_summary, FALSE) || !valid_text (launcher, FALSE) || !valid_text (target, TRUE))
    {
      g_set_error_literal (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_INVALID,
                           "A history entry needs a summary and a launcher (and for an export, where), "
                           "each one line of text");
      return FALSE;
    }

  entry = g_new0 (PlannerJournalEntry, 1);
  entry->when = g_date_time_to_utc (when);
  entry->action = g_strdup (action);
  entry->job_uri = g_strdup (job_uri);
  entry->job_summary = g_strdup (job_summary);
  entry->launcher = g_strdup (launcher);
  entry->target = g_strdup (target);
  entry->sha256 = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) bytes, length);

  /* The new list, written first: the journal changes only once it is on disk. */
  kept = g_ptr_array_new ();
  for (guint i = journal->entries->len >= PLANNER_JOURNAL_MAX_ENTRIES
                 ? journal->entries->len - PLANNER_JOURNAL_MAX_ENTRIES + 1 : 0;
       i < journal->entries->len; i++)
    g_ptr_array_add (kept, g_ptr_array_index (journal->entries, i));
  g_ptr_array_add (kept, entry);
  data = to_data (kept, &data_length);

  dir = g_path_get_dirname (journal->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                   "Could not create %s for the history: %s", dir, g_strerror (saved));
      entry_free (entry);
      return FALSE;
    }
  if (!planner_write_file (journal->path, data, data_length, 0600, PLANNER_WRITE_REPLACE, &local_error))
    {
      g_set_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO,
                   "Could not write the history %s: %s", journal->path, local_error->message);
      entry_free (entry);
      return FALSE;
    }

  if (journal->entries->len >= PLANNER_JOURNAL_MAX_ENTRIES)
    g_ptr_array_remove_range (journal->entries, 0, journal->entries->len - PLANNER_JOURNAL_MAX_ENTRIES + 1);
  g_ptr_array_add (journal->entries, entry);
  return TRUE;
}

char *
planner_journal_describe_job (PlannerJob *job)
{
  const char *model = planner_job_get_model_id (job);
  GString *out;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  out = g_string_new (NULL);
  if (*model != '\0')
    g_string_append (out, model);
  else if (planner_job_get_double (job, "params-b") > 0)
    g_string_append_printf (out, "%gB model", planner_job_get_double (job, "params-b"));
  else if (planner_job_get_uint (job, "num-layers") > 0)
    g_string_append_printf (out, "custom model (%u layers, hidden %u)", planner_job_get_uint (job, "num-layers"),
                            planner_job_get_uint (job, "hidden-size"));
  else
    g_string_append (out, "no model");
  g_string_append_printf (out, " on %u × %u %s, TP %u · PP %u · CP %u",
                          planner_job_get_uint (job, "nodes"), planner_job_get_uint (job, "gpus-per-node"),
                          planner_job_get_gpu_id (job), planner_job_get_uint (job, "tp"),
                          planner_job_get_uint (job, "pp"), planner_job_get_uint (job, "cp"));
  if (planner_job_get_uint (job, "ep") > 1)
    g_string_append_printf (out, " · EP %u", planner_job_get_uint (job, "ep"));
  /* Ids come from a file: one printable line, whatever they hold. */
  for (gsize i = 0; i < out->len; i++)
    {
      if ((guchar) out->str[i] < 0x20 || out->str[i] == 0x7f)
        out->str[i] = '?';
    }
  return g_string_free (out, FALSE);
}
