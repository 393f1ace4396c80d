/* planner-release-args.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"

G_BEGIN_DECLS

/* Megatron arguments planned in 0.20.0's spellings, written for an older
 * release (issue 20).  Every face that writes flags (drafts, the
 * recommendation, optimize and troubleshoot) goes through these, so none
 * proposes a flag its release lacks. */

/* Whether @release (NULL: the default) parses @flag. */
gboolean planner_release_has_flag      (const char        *release,
                                        const char        *flag);

/* Rewrites what was only renamed: --use-custom-fsdp before 0.14 (its
 * checkpoints in the default distributed format, since fsdp_dtensor does
 * not exist, and without gradient-accumulation fusion when it shards
 * gradients), DeepEP named with --moe-enable-deepep before 0.16.1.
 * @release NULL or the default leaves @args as they are. */
void     planner_release_respell_args  (PlannerArgs       *args,
                                        const char        *release);

/* The options of @args @release does not parse, one a line, each with the
 * first release that has it ("{--x} (Megatron-Core 0.16.1 or newer)": a
 * template the caller fills in its reader's words, planner_words_fill);
 * NULL when there are none.  @n_missing (may be NULL) gets their count. */
char    *planner_release_dup_missing   (const PlannerArgs *args,
                                        const char        *release,
                                        guint             *n_missing);

G_END_DECLS
