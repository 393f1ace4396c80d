/* planner-script-release.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-script"

#include "config.h"

#include "planner-script-release.h"

#include <glib/gi18n-lib.h>

#include "planner-flag-catalog.h"
#include "planner-release.h"
#include "planner-release-args.h"
#include "planner-script-common.h"

gboolean
planner_script_args_for_release (PlannerArgs         *args,
                                 const char          *release,
                                 const PlannerWords  *words,
                                 GError             **error)
{
  g_autofree char *missing = NULL;
  g_autofree char *named = NULL;
  guint n_missing = 0;

  if (release == NULL || g_str_equal (release, planner_megatron_get_default_release ()))
    return TRUE;

  planner_release_respell_args (args, release);
  /* Anything else the release does not parse is a feature it lacks: the
   * draft would stop at parse_args, so there is none. */
  missing = planner_release_dup_missing (args, release, &n_missing);
  if (n_missing == 0)
    return TRUE;
  named = planner_words_fill (words, missing, FALSE);
  g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
               g_dngettext (GETTEXT_PACKAGE,
                            "Megatron-Core %s does not have what this job asks for; its parser would stop at "
                            "this option. Choose a newer release, or turn the feature off:\n%s",
                            "Megatron-Core %s does not have what this job asks for; its parser would stop at "
                            "these options. Choose a newer release, or turn the features off:\n%s",
                            n_missing),
               release, named);
  return FALSE;
}
