/* planner-script-common.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What every kind of draft shares: the error domain and the check of the
 * generated flags against the 0.20.0 catalogue.  Its own unit so that the
 * launch script (which dispatches to the memory check) and the memory
 * check (which needs these) do not include each other.
 */

/* The same log domain as the drafts that call it. */
#define G_LOG_DOMAIN "planner-script"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-script-common.h"
#include "planner-script-common-private.h"

#include "planner-flag-catalog.h"

G_DEFINE_QUARK (planner-script-error-quark, planner_script_error)

static const char *
release_name (const char *release)
{
  return release != NULL ? release : planner_flag_catalog_get_megatron_version ();
}

static gboolean
check_flag (const PlannerArgs *args,
            const char        *release,
            const char        *dest,
            GString           *failures)
{
  const char *flag = planner_args_get_flag (args, dest);
  const char *const *values = planner_args_get_list (args, dest);
  const PlannerFlagInfo *info = flag != NULL ? planner_flag_catalog_lookup_in (release, flag) : NULL;
  guint n_values = values != NULL ? g_strv_length ((char **) values) : 0;

  if (info == NULL)
    {
      g_string_append_printf (failures, "%s is not a Megatron-Core %s flag\n",
                              flag != NULL ? flag : dest, release_name (release));
      return FALSE;
    }
  if (info->status != PLANNER_FLAG_STATUS_OK)
    {
      g_string_append_printf (failures, "%s is %s in Megatron-Core %s\n", flag,
                              planner_flag_status_to_string (info->status),
                              release_name (release));
      return FALSE;
    }
  if (!g_str_equal (info->dest, dest))
    {
      g_string_append_printf (failures, "%s writes %s, not %s\n", flag, info->dest, dest);
      return FALSE;
    }
  if (!planner_flag_info_takes_value (info))
    {
      /* The spelling must store what the arguments hold. */
      if (planner_flag_info_switch_value (info, flag) != planner_args_get_bool (args, dest, FALSE))
        {
          g_string_append_printf (failures, "%s does not store the value %s\n", flag,
                                  n_values > 0 ? values[0] : "(none)");
          return FALSE;
        }
      return TRUE;
    }
  if (n_values == 0 ||
      (info->nargs == PLANNER_FLAG_NARGS_SINGLE && n_values != 1) ||
      (info->nargs == PLANNER_FLAG_NARGS_FIXED && n_values != info->nargs_count))
    {
      g_string_append_printf (failures, "%s has %u values\n", flag, n_values);
      return FALSE;
    }
  for (guint i = 0; i < n_values; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!planner_flag_catalog_check_value (info, values[i], &error))
        {
          g_string_append_printf (failures, "%s %s: %s\n", flag, values[i], error->message);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
planner_script_check_flags (const PlannerArgs  *args,
                            GError            **error)
{
  return planner_script_check_flags_in (args, NULL, error);
}

gboolean
planner_script_check_flags_in (const PlannerArgs  *args,
                               const char         *release,
                               GError            **error)
{
  g_autoptr(GString) failures = g_string_new (NULL);

  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    check_flag (args, release, planner_args_get_dest_at (args, i), failures);

  if (failures->len == 0)
    return TRUE;

  /* The planner wrote these flags itself: this is a bug in the planner,
   * never something to hand to Megatron. */
  g_string_truncate (failures, failures->len - 1);
  g_warning ("generated arguments failed the flag catalog:\n%s", failures->str);
  g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_CATALOG,
               _("Internal error: the planner produced flags Megatron-Core %s would not accept "
                 "(please report this):\n%s"),
               release_name (release), failures->str);
  return FALSE;
}

