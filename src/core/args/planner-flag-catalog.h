/* planner-flag-catalog.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"
#include "planner-flag-info.h"

G_BEGIN_DECLS

/* Every option of Megatron-Core's training parser (data/megatron-flags.json,
 * derived from the parser itself), plus the flags that are gone and the
 * ones that still parse but kill the job or do nothing.  Loaded once, read
 * only, safe to use from any thread. */

#define PLANNER_FLAG_CATALOG_ERROR (planner_flag_catalog_error_quark ())

typedef enum
{
  PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
} PlannerFlagCatalogError;

GQuark                    planner_flag_catalog_error_quark     (void);

const char               *planner_flag_catalog_get_megatron_version (void);
const char               *planner_flag_catalog_get_megatron_commit  (void);
guint                     planner_flag_catalog_get_n_flags     (void);
const PlannerFlagInfo    *planner_flag_catalog_get_flag_at     (guint                  index);

/* Exact match of an option string (any spelling; no abbreviations, as
 * Megatron's parser has allow_abbrev=False).  NULL when unknown. */
const PlannerFlagInfo    *planner_flag_catalog_lookup          (const char            *flag);
/* The option writing @dest, first spelling in catalog order. */
const PlannerFlagInfo    *planner_flag_catalog_lookup_dest     (const char            *dest);
const PlannerRemovedFlag *planner_flag_catalog_lookup_removed  (const char            *flag);
/* The real flag closest to @unknown_flag, or NULL when nothing is close. */
const char               *planner_flag_catalog_suggest         (const char            *unknown_flag);

/* The value a switch stores when written as @written: TRUE for store_true
 * and --x of a BooleanOptional option, FALSE for store_false and --no-x. */
gboolean                  planner_flag_info_switch_value       (const PlannerFlagInfo *info,
                                                                const char            *written);
gboolean                  planner_flag_info_takes_value        (const PlannerFlagInfo *info);

/* Checks one value as argparse would convert it (int, float, choices),
 * plus sanity: floats must be finite. */
gboolean                  planner_flag_catalog_check_value     (const PlannerFlagInfo *info,
                                                                const char            *value,
                                                                GError               **error);

const char               *planner_flag_status_to_string        (PlannerFlagStatus      status);

/* Every release held (oldest first, "0.12.0" … "0.20.0") has its own
 * catalogue; the functions above read the default release's (0.20.0), the
 * _in ones @release's (a version planner_megatron_get_release returns, or
 * NULL for the default). */
guint                     planner_megatron_get_n_releases      (void);
const char               *planner_megatron_get_release         (guint                  index);
const char               *planner_megatron_get_default_release (void);

const char               *planner_flag_catalog_get_megatron_commit_in (const char     *release);
guint                     planner_flag_catalog_get_n_flags_in  (const char            *release);
const PlannerFlagInfo    *planner_flag_catalog_get_flag_at_in  (const char            *release,
                                                                guint                  index);
const PlannerFlagInfo    *planner_flag_catalog_lookup_in       (const char            *release,
                                                                const char            *flag);
const PlannerFlagInfo    *planner_flag_catalog_lookup_dest_in  (const char            *release,
                                                                const char            *dest);
const PlannerRemovedFlag *planner_flag_catalog_lookup_removed_in (const char          *release,
                                                                const char            *flag);
const char               *planner_flag_catalog_suggest_in      (const char            *release,
                                                                const char            *unknown_flag);
/* @flag in the default release's catalogue, else in the newest release
 * that parses it: for writing an older release's spelling. */
const PlannerFlagInfo    *planner_flag_catalog_lookup_any      (const char            *flag);
/* The oldest release that parses @flag, or NULL when none does. */
const char               *planner_flag_catalog_first_release_of (const char           *flag);

G_END_DECLS
