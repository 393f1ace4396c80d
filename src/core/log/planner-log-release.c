/* planner-log-release.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include "planner-log-release.h"

#include "planner-flag-catalog.h"

static gboolean
printed (const PlannerLogRecord *record,
         const char             *dest)
{
  return g_hash_table_contains (record->arguments, dest) ||
         (record->unkept_arguments != NULL && g_hash_table_contains (record->unkept_arguments, dest));
}

/* dest → TRUE for every option of @release. */
static GHashTable *
release_dests (const char *release)
{
  GHashTable *dests = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < planner_flag_catalog_get_n_flags_in (release); i++)
    g_hash_table_add (dests, (gpointer) planner_flag_catalog_get_flag_at_in (release, i)->dest);
  return dests;
}

const char *
planner_log_record_detect_release (const PlannerLogRecord *record,
                                   guint                  *n_differences)
{
  guint n = planner_megatron_get_n_releases ();
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GHashTable) any = g_hash_table_new (g_str_hash, g_str_equal);
  const char *best = NULL;
  guint best_score = G_MAXUINT;
  guint best_size = 0;

  g_return_val_if_fail (record != NULL, NULL);

  if (n_differences != NULL)
    *n_differences = 0;
  if (record->arguments == NULL || g_hash_table_size (record->arguments) == 0)
    return NULL;

  for (guint r = 0; r < n; r++)
    {
      GHashTable *dests = release_dests (planner_megatron_get_release (r));
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, dests);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_add (any, key);
      g_ptr_array_add (sets, dests);
    }

  for (guint r = 0; r < n; r++)
    {
      GHashTable *dests = g_ptr_array_index (sets, r);
      GHashTableIter iter;
      gpointer key;
      guint score = 0;

      /* Its options the block does not print. */
      g_hash_table_iter_init (&iter, dests);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        score += !printed (record, key);
      /* The block's options of other releases that this one lacks. */
      g_hash_table_iter_init (&iter, record->arguments);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        score += g_hash_table_contains (any, key) && !g_hash_table_contains (dests, key);
      /* Oldest first: <= keeps the newest on a tie. */
      if (score <= best_score)
        {
          best_score = score;
          best_size = g_hash_table_size (dests);
          best = planner_megatron_get_release (r);
        }
    }
  /* A block cut short, or a few lines someone pasted, tells nothing. */
  if (best_score > best_size / 20)
    return NULL;
  if (n_differences != NULL)
    *n_differences = best_score;
  return best;
}
