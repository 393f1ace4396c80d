/* planner-escape.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-escape"

#include "config.h"

#include "planner-escape.h"

#include <string.h>

/* "\u001b" rather than "\e" or "^[": also a valid escape inside a JSON
 * string, so escaping a line of JSON keeps it JSON. */
static gboolean
is_control (gunichar c)
{
  return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
}

gboolean
planner_has_controls (const char *text)
{
  const char *end = NULL;

  if (text == NULL)
    return FALSE;
  if (!g_utf8_validate (text, -1, &end))
    return TRUE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (is_control (g_utf8_get_char (p)))
        return TRUE;
    }
  return FALSE;
}

char *
planner_escape_controls (const char *text)
{
  GString *out;
  const char *p;

  if (text == NULL)
    return NULL;
  if (!planner_has_controls (text))
    return g_strdup (text);

  out = g_string_sized_new (strlen (text) + 16);
  p = text;
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      if (is_control (c))
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}
