/* planner-log-session.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "planner-job.h"
#include "planner-log.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_LOG_SESSION (planner_log_session_get_type ())

G_DECLARE_FINAL_TYPE (PlannerLogSession, planner_log_session, PLANNER, LOG_SESSION, GObject)

/* The training log a window has open: read in a worker thread (a 2 GB
 * log never holds the window up), with progress and cancellation; the
 * record it gave; and, when the window made its job from the log's
 * arguments, what it had to assume.  The Optimize and Troubleshoot pages
 * share it. */
typedef enum
{
  PLANNER_LOG_SESSION_EMPTY = 0,  /* no log, none being read */
  PLANNER_LOG_SESSION_READING,    /* a log is being read (the previous one, if any, stays until it is) */
  PLANNER_LOG_SESSION_READY,      /* a log is open */
  PLANNER_LOG_SESSION_FAILED,     /* the last log could not be read; no log is open */
} PlannerLogSessionState;

PlannerLogSession      *planner_log_session_new            (void);

/* Starts reading @file; a read under way is cancelled first.  "loaded"
 * is emitted when the record is ready; "changed" on every change of
 * state and progress. */
void                    planner_log_session_open           (PlannerLogSession *self,
                                                            GFile             *file);
/* Stops a read under way; the log open before it (if any) stays open. */
void                    planner_log_session_cancel         (PlannerLogSession *self);
/* No log any more. */
void                    planner_log_session_close          (PlannerLogSession *self);

PlannerLogSessionState  planner_log_session_get_state      (PlannerLogSession *self);
/* The open log (NULL when none) and its file. */
PlannerLogRecord       *planner_log_session_get_record     (PlannerLogSession *self);
GFile                  *planner_log_session_get_file       (PlannerLogSession *self);
/* The file's name, as shown: the open log's or, while reading, the one being read. */
char                   *planner_log_session_dup_name       (PlannerLogSession *self);
/* While reading: 0 … 1. */
double                  planner_log_session_get_fraction   (PlannerLogSession *self);
/* Why the last log could not be read (FAILED), or NULL. */
const char             *planner_log_session_get_error      (PlannerLogSession *self);

/* The job the log's run was, from its printed arguments: the fields
 * Megatron prints come from the log; the launch fields (Megatron folder,
 * SLURM) from @base.  The log names neither the GPU nor the node size:
 * the capacity in an out-of-memory message picks the GPU when it can,
 * torchrun's prefixes the node size; otherwise @base's are kept (the node
 * size only when it divides the run's GPUs).  @notes gets a sentence for
 * each of these choices and for what no field could hold.  NULL, with
 * the reason, when the log holds no argument block or no world size. */
PlannerJob             *planner_log_session_make_job       (PlannerLogSession *self,
                                                            PlannerJob        *base,
                                                            GPtrArray         *notes,
                                                            GError           **error);

/* The window made its job from the log: @notes say what was assumed and
 * not carried over (NULL when the job is not the log's). */
void                    planner_log_session_set_job_notes  (PlannerLogSession *self,
                                                            const char *const *notes);
/* NULL-terminated, or NULL when the job was not made from the log. */
const char *const      *planner_log_session_get_job_notes  (PlannerLogSession *self);

G_END_DECLS
