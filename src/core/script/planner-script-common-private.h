/* planner-script-common-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"

G_BEGIN_DECLS

/* Every flag of @args against the Megatron-Core 0.20.0 catalogue, as each
 * draft is checked.  A failure is a bug of the planner:
 * PLANNER_SCRIPT_ERROR_CATALOG. */
gboolean planner_script_check_flags (const PlannerArgs  *args,
                                     GError            **error);
/* The same against @release's catalogue (NULL: the default release). */
gboolean planner_script_check_flags_in (const PlannerArgs  *args,
                                        const char         *release,
                                        GError            **error);

G_END_DECLS
