/* planner-journal.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-job.h"

G_BEGIN_DECLS

/* The history of approved and exported scripts: when, which job, where,
 * and the SHA-256 of the exact bytes, so a person can tell later whether
 * a script on the cluster is the one approved here.  Kept as JSON in a
 * file the caller names (the window: g_get_user_data_dir ()/launch-planner/
 * history.json), written atomically, at most PLANNER_JOURNAL_MAX_ENTRIES
 * long (the oldest go first). */

#define PLANNER_JOURNAL_MAX_ENTRIES 1000
#define PLANNER_JOURNAL_MAX_BYTES   (8 * 1024 * 1024)

#define PLANNER_JOURNAL_ERROR (planner_journal_error_quark ())

typedef enum
{
  PLANNER_JOURNAL_ERROR_CORRUPT,   /* the file was not a history; it was kept aside */
  PLANNER_JOURNAL_ERROR_IO,
  PLANNER_JOURNAL_ERROR_INVALID,   /* a bad argument to planner_journal_add */
} PlannerJournalError;

typedef struct
{
  GDateTime *when;         /* UTC */
  char      *action;       /* "approved" or "exported" */
  char      *job_uri;      /* the job file, or NULL for a job never saved */
  char      *job_summary;  /* one line: model, GPUs, layout */
  char      *launcher;     /* "torchrun" or "slurm" */
  char      *target;       /* where it was exported; NULL for an approval */
  char      *sha256;       /* of the exact bytes approved or exported, lower-case hex */
} PlannerJournalEntry;

typedef struct _PlannerJournal PlannerJournal;

GQuark          planner_journal_error_quark  (void);

/* A journal kept in @path.  Nothing is read until planner_journal_load. */
PlannerJournal *planner_journal_new          (const char           *path);
void            planner_journal_free         (PlannerJournal       *journal);
const char     *planner_journal_get_path     (PlannerJournal       *journal);

/* Reads the file.  A missing file is an empty history.  A file that is not
 * a history (damaged, not JSON, too large) is renamed aside — its name
 * plus ".corrupt" (and a time when that exists) — the history starts
 * empty, and FALSE is returned with PLANNER_JOURNAL_ERROR_CORRUPT saying
 * what was wrong and where the file was kept.  Nothing is ever lost. */
gboolean        planner_journal_load         (PlannerJournal       *journal,
                                              GError              **error);

/* Records one approval (@target NULL) or export, with the SHA-256 of
 * @bytes, and writes the file atomically (its folder is created, 0700;
 * the file is 0600: it names the user's paths).  When the write fails the
 * entry is not kept and the file on disk is as it was. */
gboolean        planner_journal_add          (PlannerJournal       *journal,
                                              const char           *action,
                                              const char           *job_uri,
                                              const char           *job_summary,
                                              const char           *launcher,
                                              const char           *target,
                                              const char           *bytes,
                                              gsize                 length,
                                              GDateTime            *when,
                                              GError              **error);

/* Newest first. */
guint                      planner_journal_get_n_entries (PlannerJournal *journal);
const PlannerJournalEntry *planner_journal_get_entry     (PlannerJournal *journal,
                                                          guint           index);

/* One line for a history entry: "llama3-70b on 8 × 8 h100-sxm, TP 4 · PP 4 · CP 1". */
char           *planner_journal_describe_job (PlannerJob           *job);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerJournal, planner_journal_free)

G_END_DECLS
