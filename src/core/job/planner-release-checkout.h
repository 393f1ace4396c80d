/* planner-release-checkout.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-job.h"

G_BEGIN_DECLS

/* Which Megatron-Core release a Megatron-LM checkout holds (issue 20), from
 * its megatron/core/package_info.py: the file is read (at most 64 KiB),
 * never run.  Its MAJOR, MINOR and PATCH assignments (and PRE_RELEASE,
 * appended) give the version, "0.14.0" or "0.15.0rc4"; NULL with @error
 * when the file cannot be read or does not say. */
char *planner_release_read_checkout      (const char  *megatron_dir,
                                          GError     **error);

/* What the job's Megatron-LM directory says of the release, as a
 * sentence for a face to show; NULL when the job names no directory or
 * it holds no megatron/core/package_info.py here.
 * @matches (may be NULL) is TRUE only when the checkout's X.Y is the
 * job's release's X.Y.  @detected (may be NULL) gets the release held
 * for the checkout's X.Y (static), or NULL when it cannot be told or is
 * not held. */
char *planner_release_describe_checkout (PlannerJob  *job,
                                         gboolean    *matches,
                                         const char **detected);

G_END_DECLS
