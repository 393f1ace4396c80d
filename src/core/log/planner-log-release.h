/* planner-log-release.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-log.h"

G_BEGIN_DECLS

/* Which Megatron-Core release printed a log's argument block (issue 20).
 * Megatron prints every attribute of its parsed arguments, so the block
 * holds every option its parser has, plus what validate_args derives.
 * The release held whose option set differs least from the block wins:
 * its options missing from the block, plus the block's names that are an
 * option of another release held but not of this one.  On a tie, the
 * newest.  NULL when the log holds no argument block, or when even the
 * closest release differs in more than one name in 20 (a block cut short,
 * a few lines pasted); @n_differences (may be NULL) gets the count for the
 * release returned (0: an exact match). */
const char *planner_log_record_detect_release (const PlannerLogRecord *record,
                                               guint                  *n_differences);

G_END_DECLS
