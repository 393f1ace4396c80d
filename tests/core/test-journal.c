/* test-journal.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "planner-journal.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("planner-journal-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  /* A folder that does not exist yet: the journal makes it. */
  f->path = g_build_filename (f->dir, "launch-planner", "history.json", NULL);
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      g_chmod (path, 0700);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static GDateTime *
at (int minute)
{
  return g_date_time_new_utc (2026, 12, 1, 10, minute, 30.0);
}

static void
test_journal_round_trip (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
  g_autoptr(PlannerJournal) again = planner_journal_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) t1 = at (1);
  g_autoptr(GDateTime) t2 = at (2);
  g_autoptr(GDateTime) local = g_date_time_new (g_time_zone_new_offset (3600), 2026, 12, 1, 12, 3, 0);
  g_autofree char *sha = NULL;
  const char *script = "#!/bin/bash\n# Approved for export on …\ntorchrun …\n";
  const PlannerJournalEntry *e;
  struct stat st;

  /* No file yet: an empty history, no error. */
  g_assert_true (planner_journal_load (journal, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, 0);

  g_assert_true (planner_journal_add (journal, "approved", "file:///home/me/jobs/llama.json",
                                      "llama3-70b on 8 × 8 h100-sxm, TP 4 · PP 4 · CP 1", "slurm", NULL,
                                      script, strlen (script), t1, &error));
  g_assert_no_error (error);
  g_assert_true (planner_journal_add (journal, "exported", "file:///home/me/jobs/llama.json",
                                      "llama3-70b on 8 × 8 h100-sxm, TP 4 · PP 4 · CP 1", "slurm",
                                      "/home/me/run/train.sh", script, strlen (script), t2, &error));
  g_assert_true (planner_journal_add (journal, "approved", NULL, "gpt2-small on 1 × 8 a100-80gb, TP 1 · PP 1 · CP 1",
                                      "torchrun", NULL, "x", 1, local, &error));
  g_assert_no_error (error);

  /* The folder is the user's, the file too: it names their paths. */
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  g_assert_true (planner_journal_load (again, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_journal_get_n_entries (again), ==, 3);

  /* Newest first; times in UTC. */
  e = planner_journal_get_entry (again, 0);
  g_assert_cmpstr (e->action, ==, "approved");
  g_assert_null (e->job_uri);
  g_assert_null (e->target);
  g_assert_cmpint (g_date_time_get_hour (e->when), ==, 11);
  g_assert_cmpint (g_date_time_get_utc_offset (e->when), ==, 0);

  e = planner_journal_get_entry (again, 1);
  g_assert_cmpstr (e->action, ==, "exported");
  g_assert_cmpstr (e->target, ==, "/home/me/run/train.sh");
  g_assert_cmpstr (e->launcher, ==, "slurm");
  g_assert_cmpstr (e->job_summary, ==, "llama3-70b on 8 × 8 h100-sxm, TP 4 · PP 4 · CP 1");
  sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, script, -1);
  g_assert_cmpstr (e->sha256, ==, sha);
  /* The SHA-256 of the exact bytes: "abc" is the standard test vector. */
  g_assert_true (planner_journal_add (again, "approved", NULL, "s", "torchrun", NULL, "abc", 3, t1, &error));
  g_assert_cmpstr (planner_journal_get_entry (again, 0)->sha256, ==,
                   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  g_assert_true (g_date_time_equal (planner_journal_get_entry (again, 3)->when, t1));
  g_assert_true (g_date_time_equal (planner_journal_get_entry (again, 2)->when, t2));
}

static void
test_journal_refuses_bad_entries (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
  g_autoptr(GDateTime) t = at (1);
  g_autoptr(GError) error = NULL;

  g_assert_false (planner_journal_add (journal, "ran", NULL, "s", "slurm", NULL, "x", 1, t, &error));
  g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (planner_journal_add (journal, "exported", NULL, "s", "slurm", NULL, "x", 1, t, &error));
  g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (planner_journal_add (journal, "approved", NULL, "two\nlines", "slurm", NULL, "x", 1, t, &error));
  g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_INVALID);
  g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, 0);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

static void
test_journal_bounded (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
  g_autoptr(PlannerJournal) again = planner_journal_new (f->path);
  g_autoptr(GError) error = NULL;
  guint total = PLANNER_JOURNAL_MAX_ENTRIES + 5;

  for (guint i = 0; i < total; i++)
    {
      g_autoptr(GDateTime) t = g_date_time_new_utc (2026, 1, 1, 0, 0, 0);
      g_autoptr(GDateTime) when = g_date_time_add_seconds (t, i);
      g_autofree char *summary = g_strdup_printf ("job %u", i);

      g_assert_true (planner_journal_add (journal, "approved", NULL, summary, "torchrun", NULL, summary,
                                          strlen (summary), when, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, PLANNER_JOURNAL_MAX_ENTRIES);
  g_assert_true (planner_journal_load (again, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_journal_get_n_entries (again), ==, PLANNER_JOURNAL_MAX_ENTRIES);
  /* The oldest went first. */
  g_assert_cmpstr (planner_journal_get_entry (again, 0)->job_summary, ==, "job 1004");
  g_assert_cmpstr (planner_journal_get_entry (again, PLANNER_JOURNAL_MAX_ENTRIES - 1)->job_summary, ==, "job 5");
}

static void
write_file (const char *path,
            const char *contents,
            gssize      length)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
}

/* A damaged history is kept aside, never lost, and a new one begins. */
static void
test_journal_corrupt (Fixture       *f,
                      gconstpointer  data)
{
  static const char *const damaged[] = {
    "{\"format\": \"launch-planner-history\", \"version\": 1, \"entries\": [",
    "not json at all",
    "{\"format\": \"launch-planner-history\", \"version\": 1, \"entries\": [{\"when\": \"yesterday\"}]}",
    "{\"format\": \"launch-planner-history\", \"version\": 1, \"entries\": [{\"when\": \"2026-12-01T10:00:00Z\", "
    "\"action\": \"approved\", \"job_summary\": \"s\", \"launcher\": \"slurm\", \"sha256\": \"abc\"}]}",
    "{\"format\": \"launch-planner-job\", \"version\": 1}",
    "{\"format\": \"launch-planner-history\", \"version\": 2, \"entries\": []}",
    "{\"format\": \"launch-planner-history\", \"version\": 1, \"entries\": []} {}",
    "\xff\xfe garbage",
  };

  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
      g_autoptr(GError) error = NULL;
      g_autoptr(GDateTime) t = at (5);
      g_autofree char *aside = g_strconcat (f->path, ".corrupt", NULL);
      g_autofree char *kept = NULL;
      gsize kept_length = 0;

      write_file (f->path, damaged[i], -1);
      g_assert_false (planner_journal_load (journal, &error));
      g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT);
      /* The message says what and where the file went. */
      g_assert_nonnull (strstr (error->message, "could not be read"));
      g_assert_nonnull (strstr (error->message, ".corrupt"));
      g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, 0);
      g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

      /* Byte for byte what was there; the first keeps the plain name. */
      if (i == 0)
        {
          g_assert_true (g_file_get_contents (aside, &kept, &kept_length, NULL));
          g_assert_cmpmem (kept, kept_length, damaged[i], strlen (damaged[i]));
        }
      else
        {
          g_autoptr(GDir) dir = NULL;
          g_autofree char *folder = g_path_get_dirname (f->path);
          const char *name;
          guint n_aside = 0;

          dir = g_dir_open (folder, 0, NULL);
          while ((name = g_dir_read_name (dir)) != NULL)
            n_aside += g_str_has_prefix (name, "history.json.corrupt") ? 1 : 0;
          g_assert_cmpuint (n_aside, ==, i + 1);
        }

      /* The new history works. */
      g_clear_error (&error);
      g_assert_true (planner_journal_add (journal, "approved", NULL, "s", "slurm", NULL, "x", 1, t, &error));
      g_assert_no_error (error);
      g_assert_true (planner_journal_load (journal, &error));
      g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, 1);
      g_unlink (f->path);
    }
}

static void
test_journal_too_large (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *big = g_strnfill (PLANNER_JOURNAL_MAX_BYTES + 10, ' ');

  write_file (f->path, big, -1);
  g_assert_false (planner_journal_load (journal, &error));
  g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "larger than"));
}

/* Not a regular file: left alone, not read, not moved. */
static void
test_journal_not_regular (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_path_get_dirname (f->path);

  g_mkdir_with_parents (folder, 0700);
  g_assert_cmpint (symlink ("/dev/zero", f->path), ==, 0);
  g_assert_false (planner_journal_load (journal, &error));
  g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_SYMLINK));
}

/* A failed write keeps the history on disk, and in memory, as it was. */
static void
test_journal_write_fails (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(PlannerJournal) journal = planner_journal_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) t = at (1);
  g_autofree char *folder = g_path_get_dirname (f->path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_true (planner_journal_add (journal, "approved", NULL, "first", "slurm", NULL, "x", 1, t, &error));

  /* Where the file was, a folder with something in it: the write cannot
   * replace it, and must not harm it. */
  {
    g_autofree char *inside = g_build_filename (f->path, "keep", NULL);
    g_autofree char *kept = NULL;

    g_unlink (f->path);
    write_file (inside, "mine", -1);
    g_assert_false (planner_journal_add (journal, "approved", NULL, "second", "slurm", NULL, "y", 1, t, &error));
    g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO);
    g_clear_error (&error);
    g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, 1);
    g_assert_true (g_file_get_contents (inside, &kept, NULL, NULL));
    g_assert_cmpstr (kept, ==, "mine");
    g_unlink (inside);
    g_rmdir (f->path);
    g_assert_true (planner_journal_add (journal, "approved", NULL, "first again", "slurm", NULL, "x", 1, t, &error));
  }

  g_assert_true (g_file_get_contents (f->path, &before, NULL, NULL));
  g_chmod (folder, 0500);
  if (access (folder, W_OK) == 0)
    {
      /* Running as root: permissions do not stop us. */
      g_chmod (folder, 0700);
      g_test_skip ("the folder stays writable (running as root)");
      return;
    }
  g_assert_false (planner_journal_add (journal, "approved", NULL, "second", "slurm", NULL, "y", 1, t, &error));
  g_assert_error (error, PLANNER_JOURNAL_ERROR, PLANNER_JOURNAL_ERROR_IO);
  g_chmod (folder, 0700);
  g_assert_cmpuint (planner_journal_get_n_entries (journal), ==, 2);
  g_assert_true (g_file_get_contents (f->path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, fn) g_test_add ("/planner/journal/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("round-trip", test_journal_round_trip);
  ADD ("refuses-bad-entries", test_journal_refuses_bad_entries);
  ADD ("bounded", test_journal_bounded);
  ADD ("corrupt", test_journal_corrupt);
  ADD ("too-large", test_journal_too_large);
  ADD ("not-regular", test_journal_not_regular);
  ADD ("write-fails", test_journal_write_fails);
#undef ADD

  return g_test_run ();
}
