/* planner-problems.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-analyze.h"
#include "planner-document.h"
#include "planner-job.h"
#include "planner-script.h"

G_BEGIN_DECLS

/* One thing the person has to fix or may want to know, in the form's
 * words, tied to the field (and page) where they fix it. */
typedef struct
{
  PlannerSeverity  severity;
  char            *key;       /* the field, or NULL when no one field holds it */
  char            *page;      /* sidebar page name, or NULL */
  char            *message;   /* in form labels, never job keys */
  gboolean         missing;   /* a value the script needs is not given yet */
  guint            order;     /* private: the order found */
} PlannerProblem;

/* Everything wrong with @job: each field's own check (the engine's, the
 * same the script writer uses), what the script draft still marks
 * (@marks: PlannerScriptMark, may be NULL) and the report's warnings and
 * errors.  Errors first, each field once. */
GPtrArray *planner_problems_collect     (PlannerJob    *job,
                                         PlannerReport *report,
                                         GPtrArray     *marks);
/* The same for a document: its job, its newest report and draft, and
 * what is typed into a field that holds no value (an error of that field). */
GPtrArray *planner_problems_collect_document (PlannerDocument *document);
/* The worst problem of @key, or NULL. */
const PlannerProblem *planner_problems_for_key  (GPtrArray  *problems,
                                                 const char *key);
/* The worst severity among @page's problems, or INFO for none. */
PlannerSeverity planner_problems_page_severity (GPtrArray  *problems,
                                                const char *page);
guint      planner_problems_count       (GPtrArray     *problems,
                                         PlannerSeverity severity);

G_END_DECLS
