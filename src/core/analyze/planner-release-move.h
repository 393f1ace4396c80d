/* planner-release-move.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-release-relevance.h"

G_BEGIN_DECLS

/* What a job meets when it moves from one Megatron-Core release to
 * another (issue 20, analyze --to): every list holds lines of text made
 * from the two releases' catalogues and the validator's verdicts. */
/* One option @to does not parse, as data for a face to word. */
typedef struct
{
  char       *flag;        /* the job's spelling */
  const char *spelling;    /* static: @to's spelling, or NULL: drop it */
} PlannerReleaseFlagChange;

/* One default that moved, for an option the job leaves unset. */
typedef struct
{
  const char *flag;        /* static, from the catalogue */
  const char *before;      /* static: @from's default, NULL when unset */
  const char *after;       /* static: @to's default, NULL when unset */
} PlannerReleaseDefaultChange;

typedef struct
{
  const char *from;        /* static: a release held */
  const char *to;          /* static: a release held */
  GPtrArray  *flags;       /* char *: an option @to does not parse, with its new spelling when it has one */
  GPtrArray  *defaults;    /* char *: an option the job leaves unset whose default differs, and that
                            * the planner writes or the job's features use */
  GPtrArray  *refuses;     /* PlannerDiagnostic *: errors @to reports and @from does not */
  GPtrArray  *accepts;     /* PlannerDiagnostic *: errors @from reports and @to does not */
  GPtrArray  *flag_changes;    /* PlannerReleaseFlagChange *: @flags as data, same order */
  GPtrArray  *default_changes; /* PlannerReleaseDefaultChange *: @defaults as data, same order */
  GPtrArray  *features;        /* char *: a flag the planner can write that @to adds, fit for the job */
  GPtrArray  *feature_changes; /* PlannerReleaseFeature *: @features as data, same order */
} PlannerReleaseMove;

/* @before: the job analysed for the release it runs; @after: the same
 * job analysed for the release it would move to. */
PlannerReleaseMove *planner_release_move_new  (const PlannerReport          *before,
                                               const PlannerReport          *after);
/* The same for a job as the window holds it: @job analysed for its own
 * release and, on a copy (@job is left as it is), for @to (a release
 * held, resolved as --to resolves it).  NULL with @error when @to is not
 * a release held. */
PlannerReleaseMove *planner_release_move_new_for_job (PlannerJob            *job,
                                                      const char            *to,
                                                      GError               **error);
/* The same, its diagnostics made in the form's words for the window. */
PlannerReleaseMove *planner_release_move_new_for_form (PlannerJob            *job,
                                                       const char            *to,
                                                       GError               **error);
void                planner_release_move_free (PlannerReleaseMove           *move);
/* Plain text, one change a line under a heading per kind. */
char               *planner_release_move_to_text (const PlannerReleaseMove *move);
JsonNode           *planner_release_move_to_json (const PlannerReleaseMove *move);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerReleaseMove, planner_release_move_free)

G_END_DECLS
