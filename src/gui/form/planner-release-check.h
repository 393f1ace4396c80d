/* planner-release-check.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "planner-job.h"

G_BEGIN_DECLS

#define PLANNER_TYPE_RELEASE_CHECK (planner_release_check_get_type ())
G_DECLARE_FINAL_TYPE (PlannerReleaseCheck, planner_release_check, PLANNER, RELEASE_CHECK, AdwWindow)

/* "Check Another Release…" (issue 20): what @job meets on another
 * Megatron-Core release, as the engine's analyze --to finds it, and a
 * button that sets the job's release to it. */
typedef enum
{
  PLANNER_RELEASE_CHECK_FLAGS,     /* options to respell or drop */
  PLANNER_RELEASE_CHECK_DEFAULTS,  /* defaults that changed */
  PLANNER_RELEASE_CHECK_REFUSES,   /* start-up checks that now refuse the job */
  PLANNER_RELEASE_CHECK_ACCEPTS,   /* start-up checks that now accept it */
  PLANNER_RELEASE_CHECK_FEATURES,  /* flags the other release adds that the job could use */
  PLANNER_RELEASE_CHECK_N_SECTIONS,
} PlannerReleaseCheckSection;

PlannerReleaseCheck *planner_release_check_new         (PlannerJob          *job);
/* Shows the move to @release (a release held). */
void                 planner_release_check_set_release (PlannerReleaseCheck *self,
                                                        const char          *release);
const char          *planner_release_check_get_release (PlannerReleaseCheck *self);
/* The titles of @section's rows, in order (empty when it has none);
 * free with g_strfreev.  For tests. */
GStrv                planner_release_check_dup_titles  (PlannerReleaseCheck        *self,
                                                        PlannerReleaseCheckSection  section);
/* Sets the job's release to the one shown and closes. */
void                 planner_release_check_use         (PlannerReleaseCheck *self);
GtkWidget           *planner_release_check_get_use_button (PlannerReleaseCheck *self);

G_END_DECLS
