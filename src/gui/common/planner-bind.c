/* planner-bind.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-bind"

#include "config.h"

#include "planner-bind.h"

static gboolean
id_to_position (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  const char * const *ids = user_data;
  const char *id = g_value_get_string (from);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (g_strcmp0 (ids[i], id) == 0)
        {
          g_value_set_uint (to, i);
          return TRUE;
        }
    }
  /* An id from a newer catalog or a hand-edited file: leave the row alone. */
  return FALSE;
}

static gboolean
position_to_id (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  const char * const *ids = user_data;
  guint position = g_value_get_uint (from);

  if (position >= g_strv_length ((char **) ids))
    return FALSE;
  g_value_set_string (to, ids[position]);
  return TRUE;
}

void
planner_bind_choice (GObject     *source,
                     const char  *property,
                     AdwComboRow *row,
                     GStrv        ids)
{
  g_return_if_fail (G_IS_OBJECT (source));
  g_return_if_fail (ADW_IS_COMBO_ROW (row));
  g_return_if_fail (ids != NULL);

  /* The binding reads the ids and owns them: they go when it goes. */
  g_object_bind_property_full (source, property, row, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               id_to_position, position_to_id, ids, (GDestroyNotify) g_strfreev);
}
