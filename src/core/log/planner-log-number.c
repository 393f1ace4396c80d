/* planner-log-number.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "planner-log-number.h"

#define MAX_DIGITS 18

static gboolean
ends_number (char c)
{
  return c == '\0' || c == ' ' || c == '\t' || strchr (",|/)];", c) != NULL;
}

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* Past the token that starts at @p, for a caller that goes on reading. */
static const char *
token_end (const char *p)
{
  while (!ends_number (*p))
    p++;
  return p;
}

/* 0 or [1-9][0-9]*: the digits' end, or NULL. */
static const char *
digits_end (const char *p,
            guint      max)
{
  guint n = 0;

  if (*p == '0')
    return g_ascii_isdigit (p[1]) ? NULL : p + 1;
  while (g_ascii_isdigit (*p))
    {
      if (++n > max)
        return NULL;
      p++;
    }
  return n > 0 ? p : NULL;
}

gboolean
planner_log_number_count (const char  *p,
                          const char **end,
                          guint64     *value)
{
  const char *stop;
  guint64 v = 0;

  p = skip_spaces (p);
  stop = digits_end (p, MAX_DIGITS);
  if (stop == NULL || !ends_number (*stop))
    {
      if (end != NULL)
        *end = token_end (p);
      return FALSE;
    }
  for (const char *q = p; q < stop; q++)
    v = v * 10 + (guint64) (*q - '0');
  *value = v;
  if (end != NULL)
    *end = stop;
  return TRUE;
}

gboolean
planner_log_number_integer (const char  *p,
                            const char **end,
                            gint64      *value)
{
  guint64 v;

  p = skip_spaces (p);
  if (*p == '-')
    {
      /* "-0" is no number Python prints. */
      if (p[1] == '0' || !planner_log_number_count (p + 1, end, &v))
        {
          if (end != NULL)
            *end = token_end (p);
          return FALSE;
        }
      *value = -(gint64) v;
      return TRUE;
    }
  if (!planner_log_number_count (p, end, &v))
    return FALSE;
  *value = (gint64) v;
  return TRUE;
}

gboolean
planner_log_number_figure (const char  *p,
                           const char **end,
                           double      *value)
{
  const char *start, *q;
  char buffer[64];
  double v;

  p = skip_spaces (p);
  start = p;
  q = p;
  if (*q == '-')
    q++;
  q = digits_end (q, 400);
  if (q != NULL && *q == '.')
    {
      const char *fraction = ++q;

      while (g_ascii_isdigit (*q))
        q++;
      if (q == fraction)
        q = NULL;
    }
  if (q != NULL && (*q == 'e' || *q == 'E'))
    {
      const char *exponent;

      q++;
      if (*q == '-' || *q == '+')
        q++;
      exponent = q;
      while (g_ascii_isdigit (*q) && q - exponent < 4)
        q++;
      if (q == exponent || g_ascii_isdigit (*q))
        q = NULL;
    }
  if (q == NULL || !ends_number (*q) || (gsize) (q - start) >= sizeof buffer)
    {
      if (end != NULL)
        *end = token_end (start);
      return FALSE;
    }
  /* The syntax is plain decimal, so strtod reads exactly it. */
  memcpy (buffer, start, (gsize) (q - start));
  buffer[q - start] = '\0';
  v = g_ascii_strtod (buffer, NULL);
  if (end != NULL)
    *end = q;
  if (!isfinite (v))
    return FALSE;
  *value = v;
  return TRUE;
}

gboolean
planner_log_number_is (const char           *text,
                       PlannerLogNumberKind  kind)
{
  const char *end = NULL;
  guint64 u;
  gint64 i;
  double d;
  gboolean ok;

  g_return_val_if_fail (text != NULL, FALSE);

  /* No space around it: the whole text is the number. */
  if (*text == ' ' || *text == '\t')
    return FALSE;
  switch (kind)
    {
    case PLANNER_LOG_NUMBER_COUNT:
      ok = planner_log_number_count (text, &end, &u);
      break;
    case PLANNER_LOG_NUMBER_INTEGER:
      ok = planner_log_number_integer (text, &end, &i);
      break;
    case PLANNER_LOG_NUMBER_FIGURE:
    default:
      ok = planner_log_number_figure (text, &end, &d);
      break;
    }
  return ok && *end == '\0';
}

const char *
planner_log_number_rule (PlannerLogNumberKind kind)
{
  switch (kind)
    {
    case PLANNER_LOG_NUMBER_COUNT:
      return _("a whole number without sign or leading zero");
    case PLANNER_LOG_NUMBER_INTEGER:
      return _("a whole number without “+” or leading zero");
    case PLANNER_LOG_NUMBER_FIGURE:
    default:
      return _("a finite decimal number without “+” or leading zero");
    }
}
