/* planner-config-layout.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The --pipeline-model-parallel-layout reader of the first/middle/last
 * form the memory estimate splits by, and its writer. */

#define G_LOG_DOMAIN "planner-config"

#include "config.h"

#include <string.h>

#include "planner-config-private.h"

/* Megatron's layout strings unroll "(…)*n" first, then "x*n"; commas are
 * cosmetic.  Anything longer than this is not a layout a person writes. */
#define MAX_LAYOUT_TEXT 65536

static gboolean
unroll_layout (const char *text,
               GString    *out)
{
  g_autoptr(GString) groups = g_string_new (NULL);
  const char *p;

  /* (…)*n, not nested (Megatron's pattern does not nest either). */
  for (p = text; *p != '\0'; p++)
    {
      if (*p == ',' || g_ascii_isspace (*p))
        continue;
      if (*p == '(')
        {
          const char *close = strchr (p, ')');
          guint64 n = 0;
          char *end = NULL;
          g_autofree char *inner = NULL;

          if (close == NULL || close[1] != '*' || !g_ascii_isdigit (close[2]))
            return FALSE;
          n = g_ascii_strtoull (close + 2, &end, 10);
          inner = g_strndup (p + 1, (gsize) (close - p - 1));
          if (strchr (inner, '(') != NULL || n == 0 || n > MAX_LAYOUT_TEXT ||
              groups->len + n * strlen (inner) > MAX_LAYOUT_TEXT)
            return FALSE;
          for (guint64 i = 0; i < n; i++)
            g_string_append (groups, inner);
          p = end - 1;
          continue;
        }
      g_string_append_c (groups, *p);
    }
  /* x*n */
  for (p = groups->str; *p != '\0'; p++)
    {
      if (*p == ',')
        continue;
      if (p[1] == '*' && g_ascii_isdigit (p[2]))
        {
          char *end = NULL;
          guint64 n = g_ascii_strtoull (p + 2, &end, 10);

          if (n > MAX_LAYOUT_TEXT || out->len + n > MAX_LAYOUT_TEXT)
            return FALSE;
          for (guint64 i = 0; i < n; i++)
            g_string_append_c (out, *p);
          p = end - 1;
          continue;
        }
      if (*p == '*')
        return FALSE;
      g_string_append_c (out, *p);
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
  g_autoptr(GString) flat = g_string_new (NULL);
  g_auto(GStrv) parts = NULL;
  guint n;

  g_return_val_if_fail (stages != NULL && first != NULL && middle != NULL && last != NULL, FALSE);
  *stages = *first = *middle = *last = 0;
  if (text == NULL || strlen (text) > MAX_LAYOUT_TEXT || !unroll_layout (text, flat))
    return FALSE;
  parts = g_strsplit (flat->str, "|", -1);
  n = g_strv_length (parts);
  if (n < 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const char *stage = parts[i];
      guint32 t = 0, m = 0, e = 0, l = 0;

      for (const char *c = stage; *c != '\0'; c++)
        switch (*c)
          {
          case 't': t++; if (m > 0 || l > 0) return FALSE; break;
          case 'm': m++; if (l > 0) return FALSE; break;
          case 'E': e++; if (t > 0) return FALSE; break;
          case 'L': l++; break;
          default: return FALSE;
          }
      if (i == 0)
        {
          if (e != 1 || m > 0 || l > 0)
            return FALSE;
          *first = t;
        }
      else if (i == n - 1)
        {
          if (e > 0 || l != 1 || m != mtp_layers)
            return FALSE;
          *last = t;
        }
      else
        {
          if (e > 0 || l > 0 || m > 0)
            return FALSE;
          if (i == 1)
            *middle = t;
          else if (t != *middle)
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
