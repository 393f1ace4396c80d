/* planner-script-release.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-words.h"

G_BEGIN_DECLS

/* The drafts are planned in 0.20.0's spellings; this rewrites them into an
 * older release's (issue 20): --use-custom-fsdp before 0.14, DeepEP named
 * with --moe-enable-deepep before 0.16.1, Megatron FSDP's own checkpoint
 * format only where it exists.  What the release cannot express at all (an
 * option it does not parse) fails with PLANNER_SCRIPT_ERROR_INVALID, naming
 * the option, in @words, and the first release that has it.  @release
 * NULL or the default leaves @args as they are. */
gboolean planner_script_args_for_release (PlannerArgs         *args,
                                          const char          *release,
                                          const PlannerWords  *words,
                                          GError             **error);

G_END_DECLS
