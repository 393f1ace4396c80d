/* planner-json-check.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-json-check"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-json-check.h"

#include <math.h>
#include <string.h>

/* json-glib accepts more than JSON (leading zeros, hex, ".5", several
 * documents) and reads some of it wrongly (huge integers wrap, \u0000 cuts
 * a string short).  This scanner follows RFC 8259 to the letter and runs
 * first, so that what json-glib then reads is exactly what the file says. */

G_DEFINE_QUARK (planner-json-check-error-quark, planner_json_check_error)

typedef struct
{
  const char  *start;
  const char  *p;
  const char  *end;
  guint        depth;
  guint        max_depth;
  GPtrArray   *path;      /* char*: object keys, or "[i]" for array elements */
  GError     **error;
  gboolean     failed;
} Scanner;

static guint
current_line (Scanner *s)
{
  guint line = 1;

  for (const char *q = s->start; q < s->p && q < s->end; q++)
    line += *q == '\n';
  return line;
}

static char *
path_string (Scanner *s)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < s->path->len; i++)
    {
      const char *segment = g_ptr_array_index (s->path, i);

      if (segment[0] != '[' && out->len > 0)
        g_string_append_c (out, '.');
      g_string_append (out, segment);
    }
  return g_string_free (out, FALSE);
}

static gboolean G_GNUC_PRINTF (3, 4)
fail (Scanner    *s,
      int         code,
      const char *format,
      ...)
{
  g_autofree char *what = NULL;
  g_autofree char *where = NULL;
  va_list args;

  if (s->failed)
    return FALSE;
  s->failed = TRUE;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  where = path_string (s);
  if (*where != '\0')
    g_set_error (s->error, PLANNER_JSON_CHECK_ERROR, code, _("%s: %s (line %u)"), where, what, current_line (s));
  else
    g_set_error (s->error, PLANNER_JSON_CHECK_ERROR, code, _("line %u: %s"), current_line (s), what);
  return FALSE;
}

static void
skip_space (Scanner *s)
{
  /* Only the four whitespace characters of RFC 8259 §2. */
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
    s->p++;
}

/* A character for a message: printable ASCII as itself, else its code. */
static char *
describe_byte (char c)
{
  if (c > 0x20 && c < 0x7f)
    return g_strdup_printf ("“%c”", c);
  return g_strdup_printf (_("the byte 0x%02X"), (guchar) c);
}

static gboolean scan_value (Scanner *s);

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static gboolean
read_hex4 (Scanner *s,
           guint   *out)
{
  guint value = 0;

  if (s->end - s->p < 4)
    return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("“\\u” needs four hexadecimal digits"));
  for (int i = 0; i < 4; i++)
    {
      int digit = hex_value (s->p[i]);

      /* Name the byte, never quote the input: four raw bytes may cut a
       * UTF-8 character in two (fuzz-hf-config found it). */
      if (digit < 0)
        {
          g_autofree char *what = describe_byte (s->p[i]);

          return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                       _("“\\u” needs four hexadecimal digits, and %s is not one"), what);
        }
      value = value * 16 + (guint) digit;
    }
  s->p += 4;
  *out = value;
  return TRUE;
}

/* At the opening quote.  @out, when not NULL, receives the decoded text. */
static gboolean
scan_string (Scanner *s,
             GString *out)
{
  s->p++;
  while (s->p < s->end)
    {
      char c = *s->p;

      if (c == '"')
        {
          s->p++;
          return TRUE;
        }
      if ((guchar) c < 0x20)
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("a string holds a raw control character (U+%04X); JSON needs it written as an escape"),
                     (guint) (guchar) c);
      if (c != '\\')
        {
          if (out != NULL)
            g_string_append_c (out, c);
          s->p++;
          continue;
        }

      /* An escape. */
      if (s->end - s->p < 2)
        break;
      c = s->p[1];
      s->p += 2;
      switch (c)
        {
        case '"': case '\\': case '/':
          if (out != NULL)
            g_string_append_c (out, c);
          break;
        case 'b':
          if (out != NULL)
            g_string_append_c (out, '\b');
          break;
        case 'f':
          if (out != NULL)
            g_string_append_c (out, '\f');
          break;
        case 'n':
          if (out != NULL)
            g_string_append_c (out, '\n');
          break;
        case 'r':
          if (out != NULL)
            g_string_append_c (out, '\r');
          break;
        case 't':
          if (out != NULL)
            g_string_append_c (out, '\t');
          break;
        case 'u':
          {
            guint unit, low;
            gunichar ch;

            if (!read_hex4 (s, &unit))
              return FALSE;
            if (unit == 0)
              return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE,
                           _("the text holds \\u0000 (a NUL character), which no field may hold"));
            if (unit >= 0xDC00 && unit <= 0xDFFF)
              return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE,
                           _("the text holds a lone UTF-16 surrogate (\\u%04x), which is not a character"),
                           unit);
            if (unit >= 0xD800 && unit <= 0xDBFF)
              {
                if (s->end - s->p < 6 || s->p[0] != '\\' || s->p[1] != 'u')
                  return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE,
                               _("the text holds a lone UTF-16 surrogate (\\u%04x), which is not a character"),
                               unit);
                s->p += 2;
                if (!read_hex4 (s, &low))
                  return FALSE;
                if (low < 0xDC00 || low > 0xDFFF)
                  return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE,
                               _("the text holds a lone UTF-16 surrogate (\\u%04x), which is not a character"),
                               unit);
                ch = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
              }
            else
              ch = unit;
            if (out != NULL)
              g_string_append_unichar (out, ch);
          }
          break;
        default:
          {
            g_autofree char *what = describe_byte (c);

            return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                         _("“\\” followed by %s is not a JSON escape (use \\\\ for a backslash)"), what);
          }
        }
    }
  return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("a string is not closed (a \" is missing)"));
}

/* Decimal digits of @digits (no sign) compared as numbers with @limit. */
static gboolean
digits_at_most (const char *digits,
                gsize       n,
                const char *limit)
{
  gsize limit_len = strlen (limit);

  if (n != limit_len)
    return n < limit_len;
  return memcmp (digits, limit, n) <= 0;
}

static gboolean
scan_number (Scanner *s)
{
  const char *token = s->p;
  const char *q;
  gsize len;
  gboolean integer = TRUE;
  gboolean negative = FALSE;
  const char *int_digits;
  gsize n_int;

  /* Take the whole run that looks like a number, then judge it, so the
   * message can quote it ("0x10", "5.", "+8"). */
  while (s->p < s->end && (g_ascii_isalnum (*s->p) || *s->p == '.' || *s->p == '+' || *s->p == '-'))
    s->p++;
  len = (gsize) (s->p - token);
  q = token;

  if (q < s->p && *q == '-')
    {
      negative = TRUE;
      q++;
    }
  if (q >= s->p || !g_ascii_isdigit (*q))
    {
      if (*token == '.')
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("“%.*s” is not a JSON number: write a digit before the point (0%.*s)"),
                     (int) len, token, (int) len, token);
      if (*token == '+')
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("“%.*s” is not a JSON number: drop the “+”"), (int) len, token);
      return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("“%.*s” is not a JSON value"), (int) len, token);
    }
  int_digits = q;
  if (*q == '0')
    {
      q++;
      if (q < s->p && (*q == 'x' || *q == 'X'))
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("“%.*s” is not a JSON number: hexadecimal is not allowed; write it in decimal"),
                     (int) len, token);
      if (q < s->p && g_ascii_isdigit (*q))
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("“%.*s” is not a JSON number: a leading zero is not allowed (octal is not JSON)"),
                     (int) len, token);
    }
  else
    {
      while (q < s->p && g_ascii_isdigit (*q))
        q++;
    }
  n_int = (gsize) (q - int_digits);

  if (q < s->p && *q == '.')
    {
      integer = FALSE;
      q++;
      if (q >= s->p || !g_ascii_isdigit (*q))
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("“%.*s” is not a JSON number: write a digit after the point"), (int) len, token);
      while (q < s->p && g_ascii_isdigit (*q))
        q++;
    }
  if (q < s->p && (*q == 'e' || *q == 'E'))
    {
      integer = FALSE;
      q++;
      if (q < s->p && (*q == '+' || *q == '-'))
        q++;
      if (q >= s->p || !g_ascii_isdigit (*q))
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                     _("“%.*s” is not a JSON number: the exponent has no digits"), (int) len, token);
      while (q < s->p && g_ascii_isdigit (*q))
        q++;
    }
  if (q != s->p)
    return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("“%.*s” is not a JSON number"), (int) len, token);

  if (integer)
    {
      /* json-glib keeps whole numbers in a gint64 and wraps past it. */
      if (!digits_at_most (int_digits, n_int, negative ? "9223372036854775808" : "9223372036854775807"))
        return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE, _("%.*s is too large to read exactly"), (int) len, token);
    }
  else
    {
      g_autofree char *copy = g_strndup (token, len);

      if (!isfinite (g_ascii_strtod (copy, NULL)))
        return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE, _("%s is too large to read exactly"), copy);
    }
  return TRUE;
}

static gboolean
scan_literal (Scanner *s)
{
  static const char *const literals[] = { "true", "false", "null" };
  const char *token = s->p;

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      gsize n = strlen (literals[i]);

      if ((gsize) (s->end - s->p) >= n && memcmp (s->p, literals[i], n) == 0 &&
          (s->p + n == s->end || !g_ascii_isalnum (s->p[n])))
        {
          s->p += n;
          return TRUE;
        }
    }
  while (s->p < s->end && g_ascii_isalnum (*s->p) && s->p - token < 20)
    s->p++;
  return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
               _("“%.*s” is not a JSON value (strings need double quotes; the words are true, false and null)"),
               (int) (s->p - token), token);
}

static gboolean
enter (Scanner *s)
{
  if (++s->depth > s->max_depth)
    return fail (s, PLANNER_JSON_CHECK_ERROR_DEPTH,
                 _("arrays and objects are nested deeper than %u levels"), s->max_depth);
  s->p++;
  return TRUE;
}

static gboolean
scan_object (Scanner *s)
{
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (!enter (s))
    return FALSE;
  skip_space (s);
  if (s->p < s->end && *s->p == '}')
    {
      s->p++;
      s->depth--;
      return TRUE;
    }

  for (;;)
    {
      GString *key;
      gboolean ok;

      skip_space (s);
      if (s->p >= s->end || *s->p != '"')
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("a key in double quotes is expected here"));
      key = g_string_new (NULL);
      if (!scan_string (s, key))
        {
          g_string_free (key, TRUE);
          return FALSE;
        }
      g_ptr_array_add (s->path, g_string_free (key, FALSE));
      if (g_hash_table_contains (keys, g_ptr_array_index (s->path, s->path->len - 1)))
        return fail (s, PLANNER_JSON_CHECK_ERROR_VALUE, _("given twice; keep one"));
      g_hash_table_add (keys, g_strdup (g_ptr_array_index (s->path, s->path->len - 1)));

      skip_space (s);
      if (s->p >= s->end || *s->p != ':')
        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("a “:” is expected after the key"));
      s->p++;
      ok = scan_value (s);
      if (!ok)
        return FALSE;
      g_ptr_array_remove_index (s->path, s->path->len - 1);

      skip_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      if (s->p < s->end && *s->p == '}')
        {
          s->p++;
          s->depth--;
          return TRUE;
        }
      return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("a “,” or “}” is expected here"));
    }
}

static gboolean
scan_array (Scanner *s)
{
  guint index = 0;

  if (!enter (s))
    return FALSE;
  skip_space (s);
  if (s->p < s->end && *s->p == ']')
    {
      s->p++;
      s->depth--;
      return TRUE;
    }

  for (;;)
    {
      g_ptr_array_add (s->path, g_strdup_printf ("[%u]", index++));
      if (!scan_value (s))
        return FALSE;
      g_ptr_array_remove_index (s->path, s->path->len - 1);
      skip_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      if (s->p < s->end && *s->p == ']')
        {
          s->p++;
          s->depth--;
          return TRUE;
        }
      return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("a “,” or “]” is expected here"));
    }
}

static gboolean
scan_value (Scanner *s)
{
  skip_space (s);
  if (s->p >= s->end)
    return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("the text ends where a value is expected"));

  switch (*s->p)
    {
    case '{':
      return scan_object (s);
    case '[':
      return scan_array (s);
    case '"':
      return scan_string (s, NULL);
    case 't': case 'f': case 'n':
      return scan_literal (s);
    default:
      if (g_ascii_isalnum (*s->p) || *s->p == '-' || *s->p == '+' || *s->p == '.')
        {
          if (g_ascii_isalpha (*s->p))
            return scan_literal (s);
          return scan_number (s);
        }
      {
        g_autofree char *what = describe_byte (*s->p);

        return fail (s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("%s cannot start a value"), what);
      }
    }
}

gboolean
planner_json_check_strict (const char  *data,
                           gsize        length,
                           guint        max_depth,
                           GError     **error)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_free);
  const char *bad = NULL;
  Scanner s = { 0 };

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  s.start = s.p = data;
  s.end = data + length;
  s.max_depth = max_depth;
  s.path = path;
  s.error = error;

  /* RFC 8259 §8.1 lets a reader ignore a byte-order mark. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    s.p += 3;

  if (memchr (data, '\0', length) != NULL)
    {
      s.p = memchr (data, '\0', length);
      return fail (&s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("the file holds a NUL byte; it is not text"));
    }
  if (!g_utf8_validate_len (data, length, &bad))
    {
      s.p = bad;
      return fail (&s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("the file is not UTF-8 text"));
    }

  skip_space (&s);
  if (s.p >= s.end)
    return fail (&s, PLANNER_JSON_CHECK_ERROR_SYNTAX, _("the file is empty"));
  if (!scan_value (&s))
    return FALSE;
  skip_space (&s);
  if (s.p < s.end)
    return fail (&s, PLANNER_JSON_CHECK_ERROR_SYNTAX,
                 _("more text follows the end of the JSON document; a file holds exactly one"));
  return TRUE;
}
