/* planner-script.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-job.h"
#include "planner-script-common.h"

G_BEGIN_DECLS

typedef enum
{
  PLANNER_SCRIPT_TORCHRUN = 0,
  PLANNER_SCRIPT_SLURM,
  PLANNER_SCRIPT_MEMORY_CHECK,   /* one GPU, --fake-process-group: planner-script-memcheck.h */
} PlannerScriptLauncher;

const char *planner_script_launcher_to_string (PlannerScriptLauncher  launcher);
gboolean    planner_script_launcher_from_string (const char          *text,
                                                 PlannerScriptLauncher *launcher);

/* The launch script for @job, as a draft for review.  Refused, with every
 * reason (one per line, each naming the job field or the flag), while a
 * required path is missing, relative or a placeholder, the precision does
 * not suit the GPU, or Megatron-Core 0.20.0 would reject the arguments.
 * Validator warnings are listed as comments in the draft. */
char       *planner_script_render            (PlannerJob             *job,
                                              PlannerScriptLauncher   launcher,
                                              GError                **error);

/* A value a draft could not give, marked in its text: "<MISSING: Label>"
 * for an empty required value, "<FIX: Label>" for a wrong one (or for a
 * reason Megatron would reject the job).  Neither can be mistaken for a
 * path (the path rules refuse "<…>"), and approval and export refuse any
 * text that holds one. */
typedef struct
{
  char     *key;       /* the job key ("data.data_path"), or NULL for a rejection no field owns */
  char     *label;     /* what the mark says: the field's label */
  char     *message;   /* the problem, made in the draft's words (the form's: labels) */
  gboolean  missing;
  gsize     offset;    /* of the mark in the text, in bytes */
  gsize     length;    /* 0 when the mark could not be placed */
} PlannerScriptMark;

void        planner_script_mark_free         (PlannerScriptMark      *mark);

/* For the window: the draft even while fields are missing or wrong, each
 * marked in place where the value would stand (or, for what has no place
 * in the text, listed in the header), and *@marks (may be NULL) the list
 * of PlannerScriptMark in file order.  Fails only for a planner bug (a
 * flag the catalog refuses).  The text of a complete, valid job is
 * exactly planner_script_render()'s. */
char       *planner_script_render_draft      (PlannerJob             *job,
                                              PlannerScriptLauncher   launcher,
                                              GPtrArray             **marks,
                                              GError                **error);
/* The same, its marks and refusals made in @words (render_draft's are the
 * form's: the window's labels). */
char       *planner_script_render_draft_in   (PlannerJob             *job,
                                              PlannerScriptLauncher   launcher,
                                              const PlannerWords     *words,
                                              GPtrArray             **marks,
                                              GError                **error);
gboolean    planner_script_has_marks         (const char             *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerScriptMark, planner_script_mark_free)

/* The same text with the approval recorded in its header ("# Approved for
 * export on …").  @when is the caller's, so the result is reproducible;
 * @note (may be NULL) says who or why, on one line.  Only an unapproved
 * draft written by planner_script_render can be approved. */
char       *planner_script_approve           (const char             *draft,
                                              GDateTime              *when,
                                              const char             *note,
                                              GError                **error);
gboolean    planner_script_is_approved       (const char             *text);

/* Writes exactly @approved to @path, atomically, mode 0755.  An existing
 * file is kept unless @force. */
gboolean    planner_script_export            (const char             *path,
                                              const char             *approved,
                                              gboolean                force,
                                              GError                **error);

G_END_DECLS
