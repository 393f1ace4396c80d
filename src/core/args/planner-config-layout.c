/* planner-config-layout.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The one reader of --pipeline-model-parallel-layout, Megatron's own
 * grammar: the validator counts its stages with it, and the memory
 * estimate takes the first/middle/last form from it.  Also that form's
 * writer. */

#define G_LOG_DOMAIN "planner-config"

#include "config.h"

#include <string.h>

#include "planner-config-private.h"

/* Megatron's layout strings unroll "(…)*n" first, then "x*n"; commas are
 * cosmetic.  Anything longer than this is not a layout a person writes. */
#define MAX_LAYOUT_TEXT 65536

/* Reads the digits at *@p (at least one) into @n, capped just past
 * MAX_LAYOUT_TEXT; moves *@p past them. */
static gboolean
read_count (const char **p,
            guint64     *n)
{
  if (!g_ascii_isdigit (**p))
    return FALSE;
  *n = 0;
  for (; g_ascii_isdigit (**p); (*p)++)
    *n = MIN (*n * 10 + (guint64) (**p - '0'), (guint64) MAX_LAYOUT_TEXT + 1);
  return TRUE;
}

static gboolean
append_times (GString    *out,
              const char *text,
              gsize       len,
              guint64     n)
{
  if (len > 0 && n > (MAX_LAYOUT_TEXT - out->len) / len)
    return FALSE;
  for (guint64 i = 0; i < n; i++)
    g_string_append_len (out, text, (gssize) len);
  return TRUE;
}

/* Megatron's two substitutions, in its order, as Python's re.sub makes
 * them (left to right, never over what one already wrote):
 * r'\(([^)]+)\)\*(\d+)', then r'(.)\*(\d+)'. */
static gboolean
unroll_layout (const char *text,
               GString    *out)
{
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GString) groups = g_string_new (NULL);
  const char *p;

  for (p = text; *p != '\0'; p++)
    if (*p != ',')
      g_string_append_c (plain, *p);

  for (p = plain->str; *p != '\0';)
    {
      const char *close = *p == '(' ? strchr (p + 1, ')') : NULL;
      const char *digits = close != NULL ? close + 2 : NULL;
      guint64 n = 0;

      if (close != NULL && close > p + 1 && close[1] == '*' && read_count (&digits, &n))
        {
          if (!append_times (groups, p + 1, (gsize) (close - p - 1), n))
            return FALSE;
          p = digits;
          continue;
        }
      if (groups->len >= MAX_LAYOUT_TEXT)
        return FALSE;
      g_string_append_c (groups, *p++);
    }

  for (p = groups->str; *p != '\0';)
    {
      const char *digits = p + 2;
      guint64 n = 0;

      if (*p != '\n' && p[1] == '*' && read_count (&digits, &n))
        {
          if (!append_times (out, p, 1, n))
            return FALSE;
          p = digits;
          continue;
        }
      if (out->len >= MAX_LAYOUT_TEXT)
        return FALSE;
      g_string_append_c (out, *p++);
    }
  return TRUE;
}

GArray *
planner_layout_string_parse (const char *text)
{
  g_autoptr(GString) flat = g_string_new (NULL);
  g_autoptr(GArray) stages = g_array_new (FALSE, TRUE, sizeof (PlannerLayoutStage));
  PlannerLayoutStage *stage;

  g_return_val_if_fail (text != NULL, NULL);

  if (strlen (text) > MAX_LAYOUT_TEXT || !unroll_layout (text, flat))
    return NULL;
  g_array_set_size (stages, 1);
  stage = &g_array_index (stages, PlannerLayoutStage, 0);
  stage->in_order = TRUE;
  for (const char *c = flat->str; *c != '\0'; c++)
    {
      switch (*c)
        {
        case '|':
          g_array_set_size (stages, stages->len + 1);
          stage = &g_array_index (stages, PlannerLayoutStage, stages->len - 1);
          stage->in_order = TRUE;
          continue;
        case 'E':
          stage->in_order &= stage->decoder == 0;
          stage->embedding++;
          break;
        case 't':
          stage->in_order &= stage->mtp == 0 && stage->loss == 0;
          stage->decoder++;
          break;
        case 'm':
          stage->in_order &= stage->loss == 0;
          stage->mtp++;
          break;
        case 'L':
          stage->loss++;
          break;
        default:
          return NULL;
        }
    }
  return g_steal_pointer (&stages);
}

gboolean
planner_config_layout_counts (const char *text,
                              guint32    *decoder,
                              guint32    *mtp)
{
  g_autoptr(GArray) stages = NULL;

  g_return_val_if_fail (decoder != NULL && mtp != NULL, FALSE);
  *decoder = *mtp = 0;
  if (text == NULL || (stages = planner_layout_string_parse (text)) == NULL)
    return FALSE;
  for (guint i = 0; i < stages->len; i++)
    {
      const PlannerLayoutStage *stage = &g_array_index (stages, PlannerLayoutStage, i);

      *decoder += stage->decoder;
      *mtp += stage->mtp;
    }
  return TRUE;
}

gboolean
planner_config_parse_layout (const char *text,
                             guint32     mtp_layers,
                             guint32    *stages,
                             guint32    *first,
                             guint32    *middle,
                             guint32    *last)
{
  g_autoptr(GArray) parsed = NULL;
  guint n;

  g_return_val_if_fail (stages != NULL && first != NULL && middle != NULL && last != NULL, FALSE);
  *stages = *first = *middle = *last = 0;
  if (text == NULL || (parsed = planner_layout_string_parse (text)) == NULL)
    return FALSE;
  n = parsed->len;
  if (n < 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const PlannerLayoutStage *s = &g_array_index (parsed, PlannerLayoutStage, i);

      if (!s->in_order)
        return FALSE;
      if (i == 0)
        {
          if (s->embedding != 1 || s->mtp > 0 || s->loss > 0)
            return FALSE;
          *first = s->decoder;
        }
      else if (i == n - 1)
        {
          if (s->embedding > 0 || s->loss != 1 || s->mtp != mtp_layers)
            return FALSE;
          *last = s->decoder;
        }
      else
        {
          if (s->embedding > 0 || s->loss > 0 || s->mtp > 0)
            return FALSE;
          if (i == 1)
            *middle = s->decoder;
          else if (s->decoder != *middle)
            return FALSE;
        }
    }
  *stages = n;
  return TRUE;
}

char *
planner_config_layout_string (guint32 stages,
                              guint32 first,
                              guint32 middle,
                              guint32 last,
                              guint32 mtp_layers)
{
  GString *out = g_string_new ("E");

  g_return_val_if_fail (stages >= 2, g_string_free (out, FALSE));
  if (first > 0)
    g_string_append_printf (out, first > 1 ? "t*%u" : "t", first);
  g_string_append_c (out, '|');
  if (stages > 2)
    {
      if (stages - 2 > 1)
        g_string_append_c (out, '(');
      if (middle > 0)
        g_string_append_printf (out, middle > 1 ? "t*%u" : "t", middle);
      g_string_append_c (out, '|');
      if (stages - 2 > 1)
        g_string_append_printf (out, ")*%u", stages - 2);
    }
  if (last > 0)
    g_string_append_printf (out, last > 1 ? "t*%u" : "t", last);
  if (mtp_layers > 0)
    g_string_append_printf (out, mtp_layers > 1 ? "m*%u" : "m", mtp_layers);
  g_string_append_c (out, 'L');
  return g_string_free (out, FALSE);
}
