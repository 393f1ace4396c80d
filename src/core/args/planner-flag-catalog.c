/* planner-flag-catalog.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-flag-catalog"

#include "config.h"

#include "planner-flag-catalog.h"
#include "planner-flag-table.h"

#include <math.h>
#include <string.h>

/* Longer "flags" are not worth an edit-distance search. */
#define SUGGEST_MAX_LENGTH 128

/* The tables are compiled in (planner-flag-table.h); only the indexes are
 * made, once per release and on its first use: no JSON is parsed when a face
 * starts.  The default release reads the 0.20.0 table, with its removed and
 * dead flags; an older one reads its rows of the all-releases table. */
typedef struct
{
  const char               *version;
  const char               *commit;
  const PlannerFlagInfo   **flags;
  guint                     n_flags;
  GHashTable               *by_flag;     /* const char * → const PlannerFlagInfo * */
  GHashTable               *by_dest;
  GHashTable               *removed_by_flag;
} Catalog;

G_DEFINE_QUARK (planner-flag-catalog-error-quark, planner_flag_catalog_error)

static void
index_flags (Catalog *catalog)
{
  catalog->by_flag = g_hash_table_new (g_str_hash, g_str_equal);
  catalog->by_dest = g_hash_table_new (g_str_hash, g_str_equal);
  catalog->removed_by_flag = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < catalog->n_flags; i++)
    {
      const PlannerFlagInfo *info = catalog->flags[i];

      if (info->flag == NULL || info->dest == NULL)
        continue;
      /* A later entry of the same flag replaces an earlier one; the first
       * flag of a dest answers for it. */
      g_hash_table_insert (catalog->by_flag, (gpointer) info->flag, (gpointer) info);
      if (!g_hash_table_contains (catalog->by_dest, info->dest))
        g_hash_table_insert (catalog->by_dest, (gpointer) info->dest, (gpointer) info);
    }
  /* A flag 0.20.0 no longer parses is "removed" only for a release that
   * does not parse it either. */
  for (guint i = 0; i < _planner_removed_flag_table_length; i++)
    {
      const PlannerRemovedFlag *removed = &_planner_removed_flag_table[i];

      if (removed->flag != NULL && !g_hash_table_contains (catalog->by_flag, removed->flag))
        g_hash_table_insert (catalog->removed_by_flag, (gpointer) removed->flag, (gpointer) removed);
    }
}

static gpointer
load_default_catalog (gpointer data)
{
  Catalog *catalog = g_new0 (Catalog, 1);

  catalog->version = _planner_flag_table_version;
  catalog->commit = _planner_flag_table_commit;
  catalog->n_flags = _planner_flag_table_length;
  catalog->flags = g_new (const PlannerFlagInfo *, MAX (catalog->n_flags, 1));
  for (guint i = 0; i < catalog->n_flags; i++)
    catalog->flags[i] = &_planner_flag_table[i];
  index_flags (catalog);
  return catalog;
}

static gpointer
load_release_catalog (gpointer data)
{
  guint release = GPOINTER_TO_UINT (data);
  Catalog *catalog = g_new0 (Catalog, 1);
  guint16 bit = (guint16) (1u << release);
  guint n = 0;

  catalog->version = _planner_flag_releases[release].version;
  catalog->commit = _planner_flag_releases[release].commit;
  for (guint i = 0; i < _planner_flag_release_table_length; i++)
    if (_planner_flag_release_masks[i] & bit)
      n++;
  catalog->flags = g_new (const PlannerFlagInfo *, MAX (n, 1));
  for (guint i = 0; i < _planner_flag_release_table_length; i++)
    if (_planner_flag_release_masks[i] & bit)
      catalog->flags[catalog->n_flags++] = &_planner_flag_release_table[i];
  index_flags (catalog);
  return catalog;
}

static const Catalog *
get_default_catalog (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, load_default_catalog, NULL);
}

#define MAX_RELEASES 16

static const Catalog *
get_catalog_in (const char *release)
{
  static GOnce once[MAX_RELEASES] = { G_ONCE_INIT, };
  guint n = MIN (_planner_flag_releases_length, MAX_RELEASES);

  if (release == NULL || g_strcmp0 (release, _planner_flag_table_version) == 0)
    return get_default_catalog ();
  for (guint i = 0; i < n; i++)
    if (strcmp (release, _planner_flag_releases[i].version) == 0)
      return g_once (&once[i], load_release_catalog, GUINT_TO_POINTER (i));
  /* Callers resolve the release first (planner_megatron_resolve_release);
   * anything else reads the default. */
  return get_default_catalog ();
}

static const Catalog *
get_catalog (void)
{
  return get_default_catalog ();
}

guint
planner_megatron_get_n_releases (void)
{
  return MIN (_planner_flag_releases_length, MAX_RELEASES);
}

const char *
planner_megatron_get_release (guint index)
{
  if (index >= planner_megatron_get_n_releases ())
    return NULL;
  return _planner_flag_releases[index].version;
}

const char *
planner_megatron_get_default_release (void)
{
  return planner_flag_catalog_get_megatron_version ();
}

const char *
planner_flag_catalog_get_megatron_version (void)
{
  const char *version = get_catalog ()->version;

  return version != NULL ? version : "0.20.0";
}

const char *
planner_flag_catalog_get_megatron_commit (void)
{
  const char *commit = get_catalog ()->commit;

  return commit != NULL ? commit : "d98e8a6";
}

const char *
planner_flag_catalog_get_megatron_commit_in (const char *release)
{
  const Catalog *catalog = get_catalog_in (release);

  if (catalog == get_default_catalog ())
    return planner_flag_catalog_get_megatron_commit ();
  return catalog->commit;
}

guint
planner_flag_catalog_get_n_flags (void)
{
  return get_catalog ()->n_flags;
}

guint
planner_flag_catalog_get_n_flags_in (const char *release)
{
  return get_catalog_in (release)->n_flags;
}

const PlannerFlagInfo *
planner_flag_catalog_get_flag_at (guint index)
{
  return planner_flag_catalog_get_flag_at_in (NULL, index);
}

const PlannerFlagInfo *
planner_flag_catalog_get_flag_at_in (const char *release,
                                     guint       index)
{
  const Catalog *catalog = get_catalog_in (release);

  if (index >= catalog->n_flags)
    return NULL;
  return catalog->flags[index];
}

const PlannerFlagInfo *
planner_flag_catalog_lookup (const char *flag)
{
  return planner_flag_catalog_lookup_in (NULL, flag);
}

const PlannerFlagInfo *
planner_flag_catalog_lookup_in (const char *release,
                                const char *flag)
{
  if (flag == NULL)
    return NULL;
  return g_hash_table_lookup (get_catalog_in (release)->by_flag, flag);
}

const PlannerFlagInfo *
planner_flag_catalog_lookup_dest (const char *dest)
{
  return planner_flag_catalog_lookup_dest_in (NULL, dest);
}

const PlannerFlagInfo *
planner_flag_catalog_lookup_dest_in (const char *release,
                                     const char *dest)
{
  if (dest == NULL)
    return NULL;
  return g_hash_table_lookup (get_catalog_in (release)->by_dest, dest);
}

const PlannerRemovedFlag *
planner_flag_catalog_lookup_removed (const char *flag)
{
  return planner_flag_catalog_lookup_removed_in (NULL, flag);
}

const PlannerRemovedFlag *
planner_flag_catalog_lookup_removed_in (const char *release,
                                        const char *flag)
{
  if (flag == NULL)
    return NULL;
  return g_hash_table_lookup (get_catalog_in (release)->removed_by_flag, flag);
}

const PlannerFlagInfo *
planner_flag_catalog_lookup_any (const char *flag)
{
  const PlannerFlagInfo *info = planner_flag_catalog_lookup (flag);

  for (guint i = planner_megatron_get_n_releases (); info == NULL && i > 0; i--)
    info = planner_flag_catalog_lookup_in (_planner_flag_releases[i - 1].version, flag);
  return info;
}

const char *
planner_flag_catalog_first_release_of (const char *flag)
{
  for (guint i = 0; i < planner_megatron_get_n_releases (); i++)
    if (planner_flag_catalog_lookup_in (_planner_flag_releases[i].version, flag) != NULL)
      return _planner_flag_releases[i].version;
  return NULL;
}

/* Levenshtein distance with two rows; both strings are short. */
static guint
edit_distance (const char *a,
               const char *b)
{
  gsize la = strlen (a);
  gsize lb = strlen (b);
  g_autofree guint *prev = g_new (guint, lb + 1);
  g_autofree guint *cur = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    prev[j] = (guint) j;
  for (gsize i = 1; i <= la; i++)
    {
      guint *tmp;

      cur[0] = (guint) i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint cost = a[i - 1] == b[j - 1] ? 0 : 1;
          guint best = prev[j - 1] + cost;

          best = MIN (best, prev[j] + 1);
          best = MIN (best, cur[j - 1] + 1);
          cur[j] = best;
        }
      tmp = prev;
      prev = cur;
      cur = tmp;
    }
  return prev[lb];
}

static gboolean
word_matches (const char *query_word,
              const char *candidate_word)
{
  gsize lq = strlen (query_word);

  if (strcmp (query_word, candidate_word) == 0)
    return TRUE;
  /* "--seq-len" for "--seq-length". */
  return lq >= 3 && g_str_has_prefix (candidate_word, query_word);
}

/* How many words @candidate has beyond @query's, when every word of @query
 * appears in @candidate in order; -1 otherwise.  This catches the usual
 * "--tensor-parallel-size" for "--tensor-model-parallel-size". */
static int
extra_words (char       **query,
             const char  *candidate)
{
  g_auto(GStrv) words = g_strsplit (candidate + 2, "-", -1);
  guint qi = 0;
  guint n = g_strv_length (words);

  for (guint ci = 0; ci < n && query[qi] != NULL; ci++)
    if (word_matches (query[qi], words[ci]))
      qi++;
  if (query[qi] != NULL)
    return -1;
  return (int) (n - g_strv_length (query));
}

const char *
planner_flag_catalog_suggest (const char *unknown_flag)
{
  return planner_flag_catalog_suggest_in (NULL, unknown_flag);
}

const char *
planner_flag_catalog_suggest_in (const char *release,
                                 const char *unknown_flag)
{
  const Catalog *catalog = get_catalog_in (release);
  g_autofree char *normalised = NULL;
  g_auto(GStrv) query = NULL;
  const char *best = NULL;
  int best_extra = G_MAXINT;
  guint best_distance = G_MAXUINT;
  gsize length;

  if (unknown_flag == NULL)
    return NULL;
  length = strlen (unknown_flag);
  if (length == 0 || length > SUGGEST_MAX_LENGTH)
    return NULL;

  /* Megatron spells every option with hyphens and two leading dashes. */
  {
    const char *body = unknown_flag;
    g_autofree char *lower = NULL;

    while (*body == '-')
      body++;
    if (*body == '\0')
      return NULL;
    lower = g_ascii_strdown (body, -1);
    g_strdelimit (lower, "_", '-');
    normalised = g_strconcat ("--", lower, NULL);
  }
  {
    const PlannerFlagInfo *exact = planner_flag_catalog_lookup_in (release, normalised);

    if (exact != NULL)
      return exact->flag;
  }

  query = g_strsplit (normalised + 2, "-", -1);

  for (guint i = 0; i < catalog->n_flags; i++)
    {
      const PlannerFlagInfo *info = catalog->flags[i];
      int extra;
      guint distance;

      if (info->flag == NULL)
        continue;
      extra = extra_words (query, info->flag);
      if (extra < 0)
        continue;
      distance = edit_distance (normalised, info->flag);
      if (extra < best_extra || (extra == best_extra && distance < best_distance))
        {
          best = info->flag;
          best_extra = extra;
          best_distance = distance;
        }
    }
  if (best != NULL && best_extra <= 2)
    return best;

  best = NULL;
  best_distance = G_MAXUINT;
  for (guint i = 0; i < catalog->n_flags; i++)
    {
      const PlannerFlagInfo *info = catalog->flags[i];
      guint distance;

      if (info->flag == NULL)
        continue;
      distance = edit_distance (normalised, info->flag);
      if (distance < best_distance)
        {
          best = info->flag;
          best_distance = distance;
        }
    }
  if (best != NULL && best_distance <= MAX (2, (guint) strlen (normalised) / 3))
    return best;
  return NULL;
}

gboolean
planner_flag_info_switch_value (const PlannerFlagInfo *info,
                                const char            *written)
{
  g_return_val_if_fail (info != NULL, FALSE);

  switch (info->action)
    {
    case PLANNER_FLAG_ACTION_STORE_TRUE:
      return TRUE;
    case PLANNER_FLAG_ACTION_STORE_FALSE:
      return FALSE;
    case PLANNER_FLAG_ACTION_BOOLEAN_OPTIONAL:
      {
        /* The catalog may list "--no-x" as the option and "--x" as its
         * alias; the negative is whichever spelling adds "no-". */
        const char *w = written != NULL ? written : info->flag;

        if (g_str_has_prefix (w, "--no-"))
          {
            g_autofree char *positive = g_strconcat ("--", w + 5, NULL);

            if (g_strcmp0 (positive, info->flag) == 0
                || g_strv_contains (info->aliases, positive))
              return FALSE;
          }
        return TRUE;
      }
    case PLANNER_FLAG_ACTION_STORE:
    default:
      return TRUE;
    }
}

gboolean
planner_flag_info_takes_value (const PlannerFlagInfo *info)
{
  g_return_val_if_fail (info != NULL, FALSE);

  return info->action == PLANNER_FLAG_ACTION_STORE && info->nargs != PLANNER_FLAG_NARGS_NONE;
}

/* Python's int() and float() ignore surrounding whitespace and accept
 * single underscores between digits; returns NULL when misplaced. */
static char *
python_number_text (const char *value)
{
  g_autofree char *stripped = g_strstrip (g_strdup (value));
  GString *out = g_string_new (NULL);

  for (const char *p = stripped; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p == stripped || !g_ascii_isdigit (p[-1]) || !g_ascii_isdigit (p[1]))
            {
              g_string_free (out, TRUE);
              return NULL;
            }
          continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static gboolean
parse_python_int (const char *value,
                  gint64     *out,
                  gboolean   *overflow)
{
  g_autofree char *text = python_number_text (value);
  const char *digits;
  guint64 magnitude = 0;
  gboolean negative = FALSE;

  *overflow = FALSE;
  if (text == NULL)
    return FALSE;
  digits = text;
  if (*digits == '+' || *digits == '-')
    negative = *digits++ == '-';
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      if (magnitude > (G_MAXUINT64 - 9) / 10)
        *overflow = TRUE;
      else
        magnitude = magnitude * 10 + (guint64) (*p - '0');
    }
  if (*overflow)
    return FALSE;
  if ((!negative && magnitude > (guint64) G_MAXINT64)
      || (negative && magnitude > (guint64) G_MAXINT64 + 1))
    {
      *overflow = TRUE;
      return FALSE;
    }
  if (negative)
    *out = magnitude == (guint64) G_MAXINT64 + 1 ? G_MININT64 : -(gint64) magnitude;
  else
    *out = (gint64) magnitude;
  return TRUE;
}

static gboolean
parse_python_float (const char *value,
                    double     *out,
                    gboolean   *not_finite)
{
  g_autofree char *text = python_number_text (value);
  g_autofree char *lower = NULL;
  char *end = NULL;
  double d;

  *not_finite = FALSE;
  if (text == NULL || *text == '\0')
    return FALSE;
  lower = g_ascii_strdown (text, -1);
  /* strtod reads hex floats, Python's float() does not. */
  if (strchr (lower, 'x') != NULL || strchr (lower, 'p') != NULL)
    return FALSE;
  if (strstr (lower, "nan") != NULL || strstr (lower, "inf") != NULL)
    {
      *not_finite = TRUE;
      return FALSE;
    }
  d = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0')
    return FALSE;
  if (!isfinite (d))
    {
      *not_finite = TRUE;
      return FALSE;
    }
  *out = d;
  return TRUE;
}

static gboolean
all_numeric (const char *const *choices)
{
  for (guint i = 0; choices[i] != NULL; i++)
    {
      gint64 n;
      gboolean overflow;

      if (!parse_python_int (choices[i], &n, &overflow))
        return FALSE;
    }
  return TRUE;
}

gboolean
planner_flag_catalog_check_value (const PlannerFlagInfo *info,
                                  const char            *value,
                                  GError               **error)
{
  gint64 int_value = 0;

  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (value == NULL)
    value = "";

  switch (info->type)
    {
    case PLANNER_FLAG_TYPE_INT:
      {
        gboolean overflow;

        if (!parse_python_int (value, &int_value, &overflow))
          {
            g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                         overflow ? "%s: “%s” is out of range for an integer"
                                  : "%s expects a whole number, not “%s”",
                         info->flag, value);
            return FALSE;
          }
      }
      break;
    case PLANNER_FLAG_TYPE_FLOAT:
      {
        double d;
        gboolean not_finite;

        if (!parse_python_float (value, &d, &not_finite))
          {
            g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                         not_finite ? "%s must be a finite number, not “%s”"
                                    : "%s expects a number, not “%s”",
                         info->flag, value);
            return FALSE;
          }
      }
      break;
    case PLANNER_FLAG_TYPE_NONE:
    case PLANNER_FLAG_TYPE_STR:
    case PLANNER_FLAG_TYPE_BOOL:
    case PLANNER_FLAG_TYPE_OTHER:
    default:
      break;
    }

  /* A converter with numeric choices (--exit-signal) takes names that are
   * not in the list; it is not checked here. */
  if (info->choices != NULL && info->choices[0] != NULL
      && !(info->type == PLANNER_FLAG_TYPE_OTHER && all_numeric (info->choices)))
    {
      g_autofree char *list = NULL;

      for (guint i = 0; info->choices[i] != NULL; i++)
        {
          if (info->type == PLANNER_FLAG_TYPE_INT)
            {
              gint64 choice;
              gboolean overflow;

              if (parse_python_int (info->choices[i], &choice, &overflow) && choice == int_value)
                return TRUE;
            }
          else if (strcmp (info->choices[i], value) == 0)
            return TRUE;
        }
      list = g_strjoinv (", ", (char **) info->choices);
      g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                   "%s must be one of %s, not “%s”", info->flag, list, value);
      return FALSE;
    }

  return TRUE;
}

const char *
planner_flag_status_to_string (PlannerFlagStatus status)
{
  switch (status)
    {
    case PLANNER_FLAG_STATUS_OK:
      return "ok";
    case PLANNER_FLAG_STATUS_DEAD:
      return "dead";
    case PLANNER_FLAG_STATUS_DEPRECATED:
      return "deprecated";
    case PLANNER_FLAG_STATUS_FATAL:
      return "fatal";
    default:
      return "ok";
    }
}
