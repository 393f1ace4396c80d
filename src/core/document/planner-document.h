/* planner-document.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-picture.h"
#include "planner-script.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_DOCUMENT (planner_document_get_type ())

G_DECLARE_FINAL_TYPE (PlannerDocument, planner_document, PLANNER, DOCUMENT, GObject)

/* What a file given to the window turned out to be. */
typedef enum
{
  PLANNER_DOCUMENT_JOB_FILE,       /* a job file: the document is now that file */
  PLANNER_DOCUMENT_LAUNCH_SCRIPT,  /* a launch script, imported into a new, untitled job */
} PlannerDocumentSource;

/* One job being edited: the job (one object for the document's whole
 * life, so views bind to it once), the file it was read from or saved
 * to, whether it differs from that file, the approval of its scripts and
 * the newest report.  An approval belongs to one launcher's bytes: each
 * launcher keeps its own, and only a change of the job (or, for the
 * memory check, of its stages) withdraws it and emits
 * "approval-withdrawn".  After any change the job is analysed again once
 * per main-loop turn, and "report-changed" says so: views bind to that
 * signal and read planner_document_get_report(). */
PlannerDocument *planner_document_new               (PlannerJob             *job);

PlannerJob      *planner_document_get_job           (PlannerDocument        *self);
/* NULL for a job never saved (the first start, New, an imported script). */
GFile           *planner_document_get_file          (PlannerDocument        *self);
/* The file's name, or "Untitled Job". */
char            *planner_document_dup_title         (PlannerDocument        *self);
gboolean         planner_document_get_modified      (PlannerDocument        *self);

/* Replaces the job's contents with @job's: a new, untitled document. */
void             planner_document_reset             (PlannerDocument        *self,
                                                     PlannerJob             *job);
/* Marks the job as differing from any file (a restored, unsaved job). */
void             planner_document_set_modified      (PlannerDocument        *self,
                                                     gboolean                modified);
/* A job restored from the last session: @file (may be NULL) is where it
 * was saved; @modified says it had changes that file does not hold. */
void             planner_document_restore           (PlannerDocument        *self,
                                                     GFile                  *file,
                                                     gboolean                modified);

/* Reads @file: a job file (JSON) becomes the document; anything else is
 * read as a launch script (never run) and imported into a new untitled
 * job made from @template.  Loading is all-or-nothing: on error the job
 * is exactly as it was.  @notes gets, for an import, what could not be
 * carried over, in words (never NULL on success). */
void             planner_document_load_async        (PlannerDocument        *self,
                                                     GFile                  *file,
                                                     PlannerJob             *template_job,
                                                     GCancellable           *cancellable,
                                                     GAsyncReadyCallback     callback,
                                                     gpointer                user_data);
gboolean         planner_document_load_finish       (PlannerDocument        *self,
                                                     GAsyncResult           *result,
                                                     PlannerDocumentSource  *source,
                                                     GStrv                  *notes,
                                                     GError                **error);
/* The same for bytes already in memory; @file (may be NULL) is where
 * they came from. */
gboolean         planner_document_load_bytes        (PlannerDocument        *self,
                                                     GBytes                 *bytes,
                                                     GFile                  *file,
                                                     PlannerJob             *template_job,
                                                     PlannerDocumentSource  *source,
                                                     GStrv                  *notes,
                                                     GError                **error);

/* Writes the job to @file (NULL: the document's own file) atomically:
 * a crash leaves the old file intact.  On success @file becomes the
 * document's file and the document is no longer modified. */
void             planner_document_save_async        (PlannerDocument        *self,
                                                     GFile                  *file,
                                                     GCancellable           *cancellable,
                                                     GAsyncReadyCallback     callback,
                                                     gpointer                user_data);
gboolean         planner_document_save_finish       (PlannerDocument        *self,
                                                     GAsyncResult           *result,
                                                     GError                **error);

PlannerScriptLauncher planner_document_get_launcher (PlannerDocument        *self);
void             planner_document_set_launcher      (PlannerDocument        *self,
                                                     PlannerScriptLauncher   launcher);
/* The pipeline stages the memory-check launcher checks (@n_stages 0: its
 * default, the most loaded stage and the last).  A change withdraws the
 * approval of a memory check; notifies "memory-check-stages". */
void             planner_document_set_memory_check_stages (PlannerDocument *self,
                                                           const guint32   *stages,
                                                           guint            n_stages);
const guint32   *planner_document_get_memory_check_stages (PlannerDocument *self,
                                                           guint           *n_stages);
/* The draft for the document's launcher (and, for the memory check, its
 * stages), with what is still missing marked: planner_script_render_draft;
 * its marks and refusals are made in the form's words. */
char            *planner_document_render_draft            (PlannerDocument  *self,
                                                           GPtrArray       **marks,
                                                           GError          **error);
/* Approves @draft, which must be the draft of the job as it is now with
 * the document's launcher.  @when NULL means now; @note says who. */
gboolean         planner_document_approve           (PlannerDocument        *self,
                                                     const char             *draft,
                                                     GDateTime              *when,
                                                     const char             *note,
                                                     GError                **error);
gboolean         planner_document_get_approved      (PlannerDocument        *self);
/* The approved bytes, or NULL. */
const char      *planner_document_get_approved_text (PlannerDocument        *self);

/* The newest report (analysing now if there is none yet). */
PlannerReport   *planner_document_get_report        (PlannerDocument        *self);
/* Analyses the job now (a pending analysis included) and emits "report-changed". */
void             planner_document_flush             (PlannerDocument        *self);
/* Whether each report comes with its draft (planner_document_get_draft);
 * off until the window has shown its first frame.  Turning it on analyses now. */
void             planner_document_set_drafting      (PlannerDocument        *self,
                                                     gboolean                drafting);
gboolean         planner_document_get_drafting      (PlannerDocument        *self);
/* The newest report's draft (NULL without drafting, or with @error set
 * when the launcher cannot draft this job) and what it still marks
 * (PlannerScriptMark; NULL without drafting).  Owned by the document. */
const char      *planner_document_get_draft         (PlannerDocument        *self,
                                                     GPtrArray             **marks,
                                                     const GError          **error);
/* The newest report's picture data, made when first asked for. */
PlannerPictureData *planner_document_get_picture_data (PlannerDocument      *self);
/* Whether a change waits for its analysis. */
gboolean         planner_document_get_pending       (PlannerDocument        *self);

/* What is typed into a field but is no value it can hold (the job keeps
 * the last value that was one): @message says why, in the form's words;
 * NULL when the text is a value again.  While any is set nothing can be
 * approved, and views count it as an error of that field. */
void             planner_document_set_entry_invalid (PlannerDocument        *self,
                                                     const char             *key,
                                                     const char             *message);
/* The keys with invalid text, sorted. */
GStrv            planner_document_list_invalid_entries (PlannerDocument     *self);
const char      *planner_document_get_entry_message (PlannerDocument        *self,
                                                     const char             *key);

/* Turns a launch script into a job made from @template_job; @notes gets
 * what could not be carried over, in words. */
PlannerJob      *planner_document_import_script     (const char             *text,
                                                     gsize                   length,
                                                     PlannerJob             *template_job,
                                                     GStrv                  *notes,
                                                     GError                **error);

/* Copies every field of @from into @to (one "changed" per field that differs). */
void             planner_document_copy_job_into     (PlannerJob             *to,
                                                     PlannerJob             *from);

G_END_DECLS
