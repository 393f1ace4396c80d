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

/* What a terminal acts on, and what it shows as nothing: C0 (but newline
 * and tab), DEL and C1; the format characters (Unicode category Cf: the
 * bidirectional overrides and isolates U+202A–202E and U+2066–2069 that
 * reorder a line so it reads unlike its bytes, the zero-width spaces and
 * joiners U+200B–200F, U+2060–2064, U+FEFF, the soft hyphen, the tag
 * characters); and the line and paragraph separators U+2028 and U+2029,
 * which break a line where no newline is. */
gboolean
planner_is_control_char (gunichar c)
{
  if ((c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f))
    return TRUE;
  /* Everything below U+00AD, the first format character, is plain. */
  if (c < 0xad)
    return FALSE;
  {
    GUnicodeType type = g_unichar_type (c);

    return type == G_UNICODE_FORMAT || type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR;
  }
}

/* "\u001b" rather than "\e" or "^[": also a valid escape inside a JSON
 * string, so escaping a line of JSON keeps it JSON; beyond U+FFFF (the
 * tag characters) as the UTF-16 pair JSON spells it. */
gsize
planner_escape_char (gunichar c,
                     char     escape[PLANNER_ESCAPE_CHAR_SIZE])
{
  if (c <= 0xffff)
    return (gsize) g_snprintf (escape, PLANNER_ESCAPE_CHAR_SIZE, "\\u%04x", c);
  c -= 0x10000;
  return (gsize) g_snprintf (escape, PLANNER_ESCAPE_CHAR_SIZE, "\\u%04x\\u%04x", 0xd800 + (c >> 10),
                             0xdc00 + (c & 0x3ff));
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
      if (planner_is_control_char (g_utf8_get_char (p)))
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
      if (planner_is_control_char (c))
        {
          char escape[PLANNER_ESCAPE_CHAR_SIZE];

          g_string_append_len (out, escape, (gssize) planner_escape_char (c, escape));
        }
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

char *
planner_escape_file_name (GFile *file)
{
  g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;

  return planner_escape_controls (name != NULL ? name : "");
}
