/* planner-release.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-release"

#include "config.h"

#include "planner-release.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "planner-flag-catalog.h"

G_DEFINE_QUARK (planner-release-error-quark, planner_release_error)

static void
parse_version (const char *text,
               guint       parts[3])
{
  g_auto(GStrv) split = g_strsplit (text != NULL ? text : "", ".", 3);

  for (guint i = 0; i < 3; i++)
    parts[i] = 0;
  for (guint i = 0; i < 3 && split[i] != NULL; i++)
    parts[i] = (guint) strtoul (split[i], NULL, 10);
}

int
planner_release_compare (const char *a,
                         const char *b)
{
  guint pa[3], pb[3];

  parse_version (a, pa);
  parse_version (b, pb);
  for (guint i = 0; i < 3; i++)
    if (pa[i] != pb[i])
      return pa[i] < pb[i] ? -1 : 1;
  return 0;
}

gboolean
planner_release_at_least (const char *release,
                          const char *minimum)
{
  if (release == NULL)
    release = planner_megatron_get_default_release ();
  return planner_release_compare (release, minimum) >= 0;
}

char *
planner_release_dup_list (void)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < planner_megatron_get_n_releases (); i++)
    {
      if (i > 0)
        g_string_append (list, ", ");
      g_string_append (list, planner_megatron_get_release (i));
    }
  return g_string_free (list, FALSE);
}

/* "X.Y" or "X.Y.Z", digits only. */
static gboolean
well_formed (const char *spec,
             guint      *n_parts)
{
  g_auto(GStrv) split = g_strsplit (spec, ".", -1);
  guint n = g_strv_length (split);

  if (n < 2 || n > 3)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      if (split[i][0] == '\0' || strlen (split[i]) > 4)
        return FALSE;
      for (const char *p = split[i]; *p != '\0'; p++)
        if (!g_ascii_isdigit (*p))
          return FALSE;
    }
  *n_parts = n;
  return TRUE;
}

const char *
planner_release_resolve (const char  *spec,
                         GError     **error)
{
  const char *found = NULL;
  guint n_parts = 0;

  if (spec != NULL && well_formed (spec, &n_parts))
    for (guint i = 0; i < planner_megatron_get_n_releases (); i++)
      {
        const char *release = planner_megatron_get_release (i);
        guint want[3], have[3];

        parse_version (spec, want);
        parse_version (release, have);
        if (want[0] != have[0] || want[1] != have[1])
          continue;
        if (n_parts == 3 && want[2] != have[2])
          continue;
        /* The list is oldest first: the last match is the newest patch. */
        found = release;
      }
  if (found == NULL)
    {
      g_autofree char *list = planner_release_dup_list ();

      g_set_error (error, PLANNER_RELEASE_ERROR, PLANNER_RELEASE_ERROR_UNKNOWN,
                   _("Megatron-Core release “%s” is not one the planner knows; give one of %s "
                     "(X.Y picks the newest patch)."),
                   spec != NULL ? spec : "", list);
      return NULL;
    }
  return found;
}

gboolean
planner_release_needs_max_connections (const char *release,
                                       guint       tp,
                                       guint       cp,
                                       guint       compute_capability_major)
{
  /* 0.12's condition reads "tp > 1 or (cp > 1 and arch < 10)" (Python's
   * precedence); 0.13.1 put the parentheses around the degrees. */
  if (!planner_release_at_least (release, "0.13.1"))
    return tp > 1 || (cp > 1 && compute_capability_major < 10);
  return (tp > 1 || cp > 1) && compute_capability_major < 10;
}
