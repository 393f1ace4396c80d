/* planner-release.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Which Megatron-Core release a job is planned for.  The releases held are
 * those whose option tables are compiled in (planner_megatron_get_release);
 * a release is always named by the version string of one of them. */

#define PLANNER_RELEASE_ERROR (planner_release_error_quark ())

typedef enum
{
  PLANNER_RELEASE_ERROR_UNKNOWN,
} PlannerReleaseError;

GQuark      planner_release_error_quark   (void);

/* "0.14.0" → "0.14.0"; "0.14" → the newest patch held of 0.14; anything
 * not held fails, the message listing the releases held.  The string
 * returned is static. */
const char *planner_release_resolve       (const char  *spec,
                                           GError     **error);
/* The releases held, ", "-separated, for messages and --help. */
char       *planner_release_dup_list      (void);
/* Version order: < 0, 0, > 0 as strcmp; unparsable parts count as 0. */
int         planner_release_compare       (const char  *a,
                                           const char  *b);
/* Whether @release (NULL: the default) is @minimum or newer. */
gboolean    planner_release_at_least      (const char  *release,
                                           const char  *minimum);

/* Whether @release's start-up refuses a launch with these degrees unless
 * CUDA_DEVICE_MAX_CONNECTIONS=1 (before FSDP's exemption): TP or CP above 1
 * on a GPU older than Blackwell, and in 0.12 TP above 1 on every GPU. */
gboolean planner_release_needs_max_connections (const char *release,
                                                guint       tp,
                                                guint       cp,
                                                guint       compute_capability_major);

G_END_DECLS
