/* planner-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-args"

#include "config.h"

#include "planner-args.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  char  *dest;
  char  *flag;
  char **values;    /* NULL for None; a single value is a one-element list */
} Entry;

struct _PlannerArgs
{
  gatomicrefcount  ref_count;
  GPtrArray       *entries;   /* Entry, order of first appearance */
  GHashTable      *by_dest;   /* dest → Entry (owned by entries) */
};

G_DEFINE_BOXED_TYPE (PlannerArgs, planner_args, planner_args_ref, planner_args_unref)

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->dest);
  g_free (entry->flag);
  g_strfreev (entry->values);
  g_free (entry);
}

PlannerArgs *
planner_args_new (void)
{
  PlannerArgs *args = g_new0 (PlannerArgs, 1);

  g_atomic_ref_count_init (&args->ref_count);
  args->entries = g_ptr_array_new_with_free_func (entry_free);
  args->by_dest = g_hash_table_new (g_str_hash, g_str_equal);
  return args;
}

PlannerArgs *
planner_args_ref (PlannerArgs *args)
{
  g_return_val_if_fail (args != NULL, NULL);

  g_atomic_ref_count_inc (&args->ref_count);
  return args;
}

void
planner_args_unref (PlannerArgs *args)
{
  g_return_if_fail (args != NULL);

  if (g_atomic_ref_count_dec (&args->ref_count))
    {
      g_hash_table_unref (args->by_dest);
      g_ptr_array_unref (args->entries);
      g_free (args);
    }
}

PlannerArgs *
planner_args_copy (const PlannerArgs *args)
{
  PlannerArgs *copy;

  g_return_val_if_fail (args != NULL, NULL);

  copy = planner_args_new ();
  for (guint i = 0; i < args->entries->len; i++)
    {
      const Entry *entry = g_ptr_array_index (args->entries, i);

      planner_args_set_list (copy, entry->dest, entry->flag, (const char *const *) entry->values);
    }
  return copy;
}

static Entry *
lookup (const PlannerArgs *args,
        const char        *dest)
{
  if (args == NULL || dest == NULL)
    return NULL;
  return g_hash_table_lookup (args->by_dest, dest);
}

/* Last one wins, as with argparse, but the entry keeps its first position. */
static Entry *
ensure_entry (PlannerArgs *args,
              const char  *dest,
              const char  *flag)
{
  Entry *entry = lookup (args, dest);

  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->dest = g_strdup (dest);
      g_ptr_array_add (args->entries, entry);
      g_hash_table_insert (args->by_dest, entry->dest, entry);
    }
  if (flag != NULL || entry->flag == NULL)
    {
      char *written = g_strdup (flag);

      g_free (entry->flag);
      entry->flag = written;
    }
  return entry;
}

void
planner_args_set (PlannerArgs *args,
                  const char  *dest,
                  const char  *flag,
                  const char  *value)
{
  Entry *entry;
  char **values = NULL;

  g_return_if_fail (args != NULL);
  g_return_if_fail (dest != NULL);

  if (value != NULL)
    {
      values = g_new0 (char *, 2);
      values[0] = g_strdup (value);
    }
  entry = ensure_entry (args, dest, flag);
  g_strfreev (entry->values);
  entry->values = values;
}

void
planner_args_set_bool (PlannerArgs *args,
                       const char  *dest,
                       const char  *flag,
                       gboolean     value)
{
  planner_args_set (args, dest, flag, value ? "True" : "False");
}

void
planner_args_set_list (PlannerArgs       *args,
                       const char        *dest,
                       const char        *flag,
                       const char *const *values)
{
  Entry *entry;
  char **copy;

  g_return_if_fail (args != NULL);
  g_return_if_fail (dest != NULL);

  /* Copy first: @values may belong to the entry being replaced. */
  copy = g_strdupv ((char **) values);
  entry = ensure_entry (args, dest, flag);
  g_strfreev (entry->values);
  entry->values = copy;
}

void
planner_args_unset (PlannerArgs *args,
                    const char  *dest)
{
  Entry *entry;

  g_return_if_fail (args != NULL);

  entry = lookup (args, dest);
  if (entry == NULL)
    return;
  g_hash_table_remove (args->by_dest, dest);
  g_ptr_array_remove (args->entries, entry);
}

void
planner_args_rename (PlannerArgs *args,
                     const char  *dest,
                     const char  *new_dest)
{
  Entry *entry;

  g_return_if_fail (args != NULL);

  entry = lookup (args, dest);
  if (entry == NULL || g_str_equal (dest, new_dest))
    return;
  planner_args_unset (args, new_dest);
  g_hash_table_remove (args->by_dest, dest);
  g_free (entry->dest);
  entry->dest = g_strdup (new_dest);
  g_hash_table_insert (args->by_dest, entry->dest, entry);
}

gboolean
planner_args_is_set (const PlannerArgs *args,
                     const char        *dest)
{
  return lookup (args, dest) != NULL;
}

const char *
planner_args_get_flag (const PlannerArgs *args,
                       const char        *dest)
{
  Entry *entry = lookup (args, dest);

  return entry != NULL ? entry->flag : NULL;
}

/* The scalar view of an entry: its first value; NULL for None. */
static const char *
scalar (const PlannerArgs *args,
        const char        *dest,
        gboolean          *found)
{
  Entry *entry = lookup (args, dest);

  *found = entry != NULL;
  if (entry == NULL || entry->values == NULL)
    return NULL;
  return entry->values[0];
}

const char *
planner_args_get_string (const PlannerArgs *args,
                         const char        *dest,
                         const char        *fallback)
{
  gboolean found;
  const char *value = scalar (args, dest, &found);

  return found ? value : fallback;
}

gint64
planner_args_get_int (const PlannerArgs *args,
                      const char        *dest,
                      gint64             fallback)
{
  gboolean found;
  const char *value = scalar (args, dest, &found);
  g_autofree char *text = NULL;
  char *end = NULL;
  gint64 n;

  if (value == NULL)
    return fallback;
  text = g_strstrip (g_strdup (value));
  if (*text == '\0')
    return fallback;
  errno = 0;
  n = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0')
    return fallback;
  return n;
}

double
planner_args_get_double (const PlannerArgs *args,
                         const char        *dest,
                         double             fallback)
{
  gboolean found;
  const char *value = scalar (args, dest, &found);
  g_autofree char *text = NULL;
  char *end = NULL;
  double d;

  if (value == NULL)
    return fallback;
  text = g_strstrip (g_strdup (value));
  /* No hex floats, NaN or infinities: nothing downstream wants them. */
  if (*text == '\0' || strpbrk (text, "xXnN") != NULL)
    return fallback;
  errno = 0;
  d = g_ascii_strtod (text, &end);
  if (errno != 0 || end == text || *end != '\0' || !isfinite (d))
    return fallback;
  return d;
}

gboolean
planner_args_get_bool (const PlannerArgs *args,
                       const char        *dest,
                       gboolean           fallback)
{
  gboolean found;
  const char *value = scalar (args, dest, &found);

  if (value == NULL)
    return fallback;
  if (g_ascii_strcasecmp (value, "true") == 0 || strcmp (value, "1") == 0)
    return TRUE;
  if (g_ascii_strcasecmp (value, "false") == 0 || strcmp (value, "0") == 0)
    return FALSE;
  return fallback;
}

const char *const *
planner_args_get_list (const PlannerArgs *args,
                       const char        *dest)
{
  Entry *entry = lookup (args, dest);

  return entry != NULL ? (const char *const *) entry->values : NULL;
}

guint
planner_args_get_n_entries (const PlannerArgs *args)
{
  g_return_val_if_fail (args != NULL, 0);

  return args->entries->len;
}

const char *
planner_args_get_dest_at (const PlannerArgs *args,
                          guint              index)
{
  g_return_val_if_fail (args != NULL, NULL);

  if (index >= args->entries->len)
    return NULL;
  return ((Entry *) g_ptr_array_index (args->entries, index))->dest;
}

void
planner_args_merge_missing (PlannerArgs       *args,
                            const PlannerArgs *defaults)
{
  g_return_if_fail (args != NULL);
  g_return_if_fail (defaults != NULL);

  for (guint i = 0; i < defaults->entries->len; i++)
    {
      const Entry *source = g_ptr_array_index (defaults->entries, i);
      Entry *entry;

      if (g_hash_table_contains (args->by_dest, source->dest))
        continue;
      entry = ensure_entry (args, source->dest, source->flag);
      entry->values = g_strdupv (source->values);
    }
}

/* A number of a schedule entry: digits, an optional fraction and a K, M,
 * B or T suffix, as Megatron's microbatch calculator reads it. */
static gboolean
schedule_number (const char *text,
                 double     *value)
{
  g_autofree char *copy = g_ascii_strup (text, -1);
  gsize n = strlen (copy);
  double multiplier = 1.0;
  char *end = NULL;

  if (n > 0 && strchr ("KMBT", copy[n - 1]) != NULL)
    {
      multiplier = copy[n - 1] == 'K' ? 1e3 : copy[n - 1] == 'M' ? 1e6 : copy[n - 1] == 'B' ? 1e9 : 1e12;
      copy[n - 1] = '\0';
    }
  if (copy[0] == '\0')
    return FALSE;
  *value = g_ascii_strtod (copy, &end) * multiplier;
  return end != NULL && *end == '\0' && *value >= 0 && *value < 1e18;
}

guint64
planner_args_step_schedule_start (const PlannerArgs *args)
{
  const char *text;
  g_autofree char *copy = NULL;
  g_auto(GStrv) entries = NULL;
  double best_threshold = -1;
  guint64 batch = 0;

  g_return_val_if_fail (args != NULL, 0);

  text = planner_args_get_string (args, "step_batch_size_schedule", NULL);
  if (text == NULL)
    return 0;
  copy = g_strdup (text);
  g_strdelimit (copy, ",\t\n", ' ');
  entries = g_strsplit (copy, " ", -1);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      char *colon = strchr (entries[i], ':');
      double threshold, size;

      if (entries[i][0] == '\0')
        continue;
      if (colon == NULL)
        return 0;
      *colon = '\0';
      if (!schedule_number (entries[i], &threshold) || !schedule_number (colon + 1, &size) || size < 1)
        return 0;
      if (best_threshold < 0 || threshold < best_threshold)
        {
          best_threshold = threshold;
          batch = (guint64) size;
        }
    }
  return batch;
}
