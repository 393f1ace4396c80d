/* planner-log-number.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The one rule for every number the log reader takes from Megatron's
 * lines (issue 22 #10): the argument block, the iteration, memory and
 * theoretical-memory lines, and the world-size and microbatch lines.
 * Megatron prints them with Python's str() and format(), which never
 * write a sign on a count, a leading zero or a "+", so anything else is
 * no number Megatron printed: it is unreadable, named with its line, and
 * left out, never guessed at ("010" is not 10) and never a reason to
 * refuse the rest of the log.
 *
 *   COUNT    0 or [1-9][0-9]* (at most 18 digits): iterations, sizes,
 *            degrees, batch sizes, skipped and NaN counts
 *   INTEGER  a COUNT, or "-" and a COUNT other than 0: the few options
 *            whose value may be negative (a default of -1)
 *   FIGURE   -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)? whose value
 *            is finite: losses, times, rates, memory; "nan" and "inf"
 *            are unreadable
 *
 * A number ends at the end of the text, a space, or one of ",|/)];". */

typedef enum
{
  PLANNER_LOG_NUMBER_COUNT = 0,
  PLANNER_LOG_NUMBER_INTEGER,
  PLANNER_LOG_NUMBER_FIGURE,
} PlannerLogNumberKind;

/* Reads the number at @p (after any spaces).  TRUE with @value; FALSE
 * when the text there breaks the rule.  @end (may be NULL) is set past
 * the number, or past the unreadable token, in both cases. */
gboolean    planner_log_number_count   (const char  *p,
                                        const char **end,
                                        guint64     *value);
gboolean    planner_log_number_integer (const char  *p,
                                        const char **end,
                                        gint64      *value);
gboolean    planner_log_number_figure  (const char  *p,
                                        const char **end,
                                        double      *value);

/* The whole of @text is one number of @kind. */
gboolean    planner_log_number_is      (const char           *text,
                                        PlannerLogNumberKind  kind);

/* The rule in words, for a message ("a whole number without sign or
 * leading zero"). */
const char *planner_log_number_rule    (PlannerLogNumberKind  kind);

G_END_DECLS
