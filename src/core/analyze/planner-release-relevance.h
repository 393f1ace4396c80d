/* planner-release-relevance.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"

G_BEGIN_DECLS

/* Which of the differences between two releases concern a job (issue 20,
 * analyze --to): the options the planner writes, and those of the
 * features the job's model and parallelism use. */

/* A flag the planner can write that a newer release added. */
typedef struct
{
  const char *flag;   /* static */
  const char *what;   /* static, translated: what it would do for the job */
} PlannerReleaseFeature;

/* Whether a moved default of @flag matters to the job @args describes. */
gboolean   planner_release_default_matters (const PlannerArgs *args,
                                            const char        *flag);
/* PlannerReleaseFeature * (the array owns them): the flags the planner
 * can write that @to parses and @from does not, that the job does not set
 * and that fit its model and parallelism, in the planner's order. */
GPtrArray *planner_release_features_new    (const PlannerArgs *args,
                                            const char        *from,
                                            const char        *to);

G_END_DECLS
