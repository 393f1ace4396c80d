/* planner-flag-table.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-flag-info.h"

G_BEGIN_DECLS

/* data/megatron-flags.json compiled into C at build time
 * (build-aux/gen-flag-table.py): the flags with the dead, deprecated and
 * fatal ones marked, and the removed ones.  For planner-flag-catalog.c and
 * the test that checks these tables against the JSON. */
extern const char *const         _planner_flag_table_version;
extern const char *const         _planner_flag_table_commit;
extern const PlannerFlagInfo     _planner_flag_table[];
extern const guint               _planner_flag_table_length;
extern const PlannerRemovedFlag  _planner_removed_flag_table[];
extern const guint               _planner_removed_flag_table_length;

/* Every release's options (data/megatron-flag-releases.json): rows of
 * PlannerFlagInfo, row i parsed so by the releases whose bits
 * _planner_flag_release_masks[i] sets (bit n: _planner_flag_releases[n]).
 * Sorted by option string; a release holds at most one row per option. */
typedef struct
{
  const char *version;
  const char *commit;
} PlannerFlagRelease;

extern const PlannerFlagRelease  _planner_flag_releases[];
extern const guint               _planner_flag_releases_length;
extern const PlannerFlagInfo     _planner_flag_release_table[];
extern const guint16             _planner_flag_release_masks[];
extern const guint               _planner_flag_release_table_length;

G_END_DECLS
