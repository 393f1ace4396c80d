/* planner-script-release.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"

G_BEGIN_DECLS

/* The drafts are planned in 0.20.0's spellings; this rewrites them into an
 * older release's (issue 20): --use-custom-fsdp before 0.14, DeepEP named
 * with --moe-enable-deepep before 0.16.1, Megatron FSDP's own checkpoint
 * format only where it exists.  What the release cannot express at all (an
 * option it does not parse) fails with PLANNER_SCRIPT_ERROR_INVALID, naming
 * the option and the first release that has it.  @release NULL or the
 * default leaves @args as they are. */
gboolean planner_script_args_for_release (PlannerArgs *args,
                                          const char  *release,
                                          GError     **error);

/* Whether @release's start-up refuses a launch with these degrees unless
 * CUDA_DEVICE_MAX_CONNECTIONS=1 (before FSDP's exemption): TP or CP above 1
 * on a GPU older than Blackwell, and in 0.12 TP above 1 on every GPU. */
gboolean planner_release_needs_max_connections (const char *release,
                                                guint       tp,
                                                guint       cp,
                                                guint       compute_capability_major);

G_END_DECLS
