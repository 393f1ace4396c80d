/* planner-json-writer.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-json-writer"

#include "config.h"

#include "planner-json-writer.h"

#include "planner-escape.h"

#include <math.h>
#include <string.h>

/* Bytes gathered before the sink sees them: large enough that a pipe or
 * a file takes few writes, small enough that memory stays flat. */
#define BUFFER_SIZE (64 * 1024)
/* json_generator_set_indent (generator, 2), as every caller uses. */
#define INDENT      2
/* The longest prefix of one array element: ",\n", the indent of a deep
 * level, and a 64-bit number. */
#define SPACES      "                                                                "

typedef struct
{
  gboolean object;
  guint64  n_children;
} Frame;

struct _PlannerJsonWriter
{
  gboolean         pretty;
  PlannerJsonSink  sink;
  gpointer         user_data;
  GString         *string;     /* for planner_json_writer_new_for_string */
  gboolean         failed;
  gboolean         done;       /* the root value is complete */
  GArray          *stack;      /* Frame */
  char            *member;     /* the name of the next value in an object */
  char            *buffer;
  gsize            length;
};

static gboolean
string_sink (const char *data,
             gsize       length,
             gpointer    user_data)
{
  g_string_append_len (user_data, data, (gssize) length);
  return TRUE;
}

PlannerJsonWriter *
planner_json_writer_new (gboolean        pretty,
                         PlannerJsonSink sink,
                         gpointer        user_data)
{
  PlannerJsonWriter *writer;

  g_return_val_if_fail (sink != NULL, NULL);

  writer = g_new0 (PlannerJsonWriter, 1);
  writer->pretty = pretty;
  writer->sink = sink;
  writer->user_data = user_data;
  writer->stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  writer->buffer = g_malloc (BUFFER_SIZE);
  return writer;
}

PlannerJsonWriter *
planner_json_writer_new_for_string (gboolean  pretty,
                                    GString  *string)
{
  g_return_val_if_fail (string != NULL, NULL);

  return planner_json_writer_new (pretty, string_sink, string);
}

void
planner_json_writer_free (PlannerJsonWriter *writer)
{
  if (writer == NULL)
    return;
  g_array_unref (writer->stack);
  g_free (writer->member);
  g_free (writer->buffer);
  g_free (writer);
}

static void
flush (PlannerJsonWriter *writer)
{
  if (writer->length > 0 && !writer->failed)
    writer->failed = !writer->sink (writer->buffer, writer->length, writer->user_data);
  writer->length = 0;
}

static void
put (PlannerJsonWriter *writer,
     const char        *data,
     gsize              length)
{
  if (writer->failed)
    return;
  if (writer->length + length > BUFFER_SIZE)
    {
      flush (writer);
      if (length > BUFFER_SIZE)
        {
          if (!writer->failed)
            writer->failed = !writer->sink (data, length, writer->user_data);
          return;
        }
    }
  memcpy (writer->buffer + writer->length, data, length);
  writer->length += length;
}

static inline void
put_c (PlannerJsonWriter *writer,
       char               c)
{
  if (writer->length == BUFFER_SIZE)
    flush (writer);
  writer->buffer[writer->length++] = c;
}

static void
put_spaces (PlannerJsonWriter *writer,
            gsize              n)
{
  while (n > 0)
    {
      gsize chunk = MIN (n, sizeof SPACES - 1);

      put (writer, SPACES, chunk);
      n -= chunk;
    }
}

/* As json-glib's json_strescape, except where that is not JSON: '"' and
 * '\\' escaped, \b \f \n \r \t by name, every other control character
 * (0x01–0x1f, DEL, and U+0080–U+009F, which a terminal may act on) as
 * \u00xx; '/' and other characters as they are.  json-glib leaves 0x1f
 * raw, which no JSON parser accepts, and copies bytes that are not UTF-8,
 * which are not JSON either: each of those becomes U+FFFD here.  The
 * invisible characters of the engine's one rule (planner_is_control_char:
 * bidirectional overrides, zero-width characters, U+2028) are escaped as
 * \uxxxx too: the same string to a JSON reader, and nothing that reorders
 * or hides text on a terminal showing the JSON. */
static void
put_escaped (PlannerJsonWriter *writer,
             const char        *text)
{
  static const char hex[] = "0123456789abcdef";
  const char *run = text;
  const char *p = text;

  put_c (writer, '"');
  while (*p != '\0')
    {
      guchar c = (guchar) *p;
      char escape[6];
      gsize n = 2, skip = 1;
      gunichar u = c;

      if (c >= 0x80)
        {
          /* Multi-byte: valid characters pass, except the C1 controls. */
          u = g_utf8_get_char_validated (p, -1);
          if (u == (gunichar) -1 || u == (gunichar) -2)
            {
              put (writer, run, (gsize) (p - run));
              put (writer, "\xef\xbf\xbd", 3);
              run = ++p;
              continue;
            }
          skip = (gsize) g_unichar_to_utf8 (u, NULL);
          if (u > 0x9f && planner_is_control_char (u))
            {
              char hidden[PLANNER_ESCAPE_CHAR_SIZE];
              gsize length = planner_escape_char (u, hidden);

              put (writer, run, (gsize) (p - run));
              put (writer, hidden, length);
              p += skip;
              run = p;
              continue;
            }
          if (u > 0x9f)
            {
              p += skip;
              continue;
            }
        }

      if (u == '"' || u == '\\')
        {
          escape[0] = '\\';
          escape[1] = (char) u;
        }
      else if (u < 0x20 || (u >= 0x7f && u <= 0x9f))
        {
          escape[0] = '\\';
          switch (u)
            {
            case '\b': escape[1] = 'b'; break;
            case '\f': escape[1] = 'f'; break;
            case '\n': escape[1] = 'n'; break;
            case '\r': escape[1] = 'r'; break;
            case '\t': escape[1] = 't'; break;
            default:
              memcpy (escape, "\\u00", 4);
              escape[4] = hex[(u >> 4) & 0xf];
              escape[5] = hex[u & 0xf];
              n = 6;
              break;
            }
        }
      else
        {
          p++;
          continue;
        }

      put (writer, run, (gsize) (p - run));
      put (writer, escape, n);
      p += skip;
      run = p;
    }
  put (writer, run, (gsize) (p - run));
  put_c (writer, '"');
}

/* Decimal digits of @value, written backwards from @end; returns the start. */
static inline char *
format_uint (char    *end,
             guint64  value)
{
  do
    {
      *--end = (char) ('0' + value % 10);
      value /= 10;
    }
  while (value != 0);
  return end;
}

/* Everything that comes before a value: the separator, the indent and,
 * inside an object, the member name. */
static gboolean
begin_value (PlannerJsonWriter *writer)
{
  Frame *frame;

  if (writer->failed)
    return FALSE;
  if (writer->stack->len == 0)
    {
      if (writer->done)
        {
          g_critical ("planner_json_writer: a second root value");
          writer->failed = TRUE;
          return FALSE;
        }
      return TRUE;
    }

  frame = &g_array_index (writer->stack, Frame, writer->stack->len - 1);
  if (frame->object && writer->member == NULL)
    {
      g_critical ("planner_json_writer: a value inside an object needs a member name");
      writer->failed = TRUE;
      return FALSE;
    }

  if (frame->n_children > 0)
    put_c (writer, ',');
  if (writer->pretty)
    {
      put_c (writer, '\n');
      put_spaces (writer, (gsize) writer->stack->len * INDENT);
    }
  frame->n_children++;

  if (frame->object)
    {
      put_escaped (writer, writer->member);
      if (writer->pretty)
        put (writer, " : ", 3);
      else
        put_c (writer, ':');
      g_clear_pointer (&writer->member, g_free);
    }
  return TRUE;
}

static void
end_value (PlannerJsonWriter *writer)
{
  if (writer->stack->len == 0)
    writer->done = TRUE;
}

void
planner_json_writer_member (PlannerJsonWriter *writer,
                            const char        *name)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (name != NULL);

  g_free (writer->member);
  writer->member = g_strdup (name);
}

static void
begin_container (PlannerJsonWriter *writer,
                 gboolean           object)
{
  Frame frame = { object, 0 };

  if (!begin_value (writer))
    return;
  put_c (writer, object ? '{' : '[');
  g_array_append_val (writer->stack, frame);
}

static void
end_container (PlannerJsonWriter *writer,
               gboolean           object)
{
  Frame *frame;
  gsize level;

  if (writer->failed)
    return;
  if (writer->stack->len == 0
      || g_array_index (writer->stack, Frame, writer->stack->len - 1).object != object)
    {
      g_critical ("planner_json_writer: unbalanced %s", object ? "end_object" : "end_array");
      writer->failed = TRUE;
      return;
    }

  frame = &g_array_index (writer->stack, Frame, writer->stack->len - 1);
  level = writer->stack->len - 1;
  if (frame->n_children > 0)
    {
      if (writer->pretty)
        {
          put_c (writer, '\n');
          put_spaces (writer, level * INDENT);
        }
    }
  else if (object && writer->pretty)
    {
      /* json-glib prints an empty object as "{" + the indent of its
       * level + "}", and an empty array as "[]". */
      put_spaces (writer, level * INDENT);
    }
  put_c (writer, object ? '}' : ']');
  g_array_set_size (writer->stack, writer->stack->len - 1);
  end_value (writer);
}

void
planner_json_writer_begin_object (PlannerJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);
  begin_container (writer, TRUE);
}

void
planner_json_writer_end_object (PlannerJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);
  end_container (writer, TRUE);
}

void
planner_json_writer_begin_array (PlannerJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);
  begin_container (writer, FALSE);
}

void
planner_json_writer_end_array (PlannerJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);
  end_container (writer, FALSE);
}

void
planner_json_writer_int (PlannerJsonWriter *writer,
                         gint64             value)
{
  char digits[24];
  char *end = digits + sizeof digits;
  char *start;

  g_return_if_fail (writer != NULL);

  if (!begin_value (writer))
    return;
  /* The magnitude of G_MININT64 does not fit a gint64: negate unsigned. */
  start = format_uint (end, value < 0 ? (guint64) 0 - (guint64) value : (guint64) value);
  if (value < 0)
    *--start = '-';
  put (writer, start, (gsize) (end - start));
  end_value (writer);
}

void
planner_json_writer_double (PlannerJsonWriter *writer,
                            double             value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (writer != NULL);

  /* JSON has no NaN or infinity: null says "no figure", as json-glib's
   * "nan" or "inf" would not parse. */
  if (!isfinite (value))
    {
      planner_json_writer_null (writer);
      return;
    }
  if (!begin_value (writer))
    return;
  g_ascii_dtostr (text, sizeof text, value);
  put (writer, text, strlen (text));
  if (strchr (text, '.') == NULL)
    put (writer, ".0", 2);
  end_value (writer);
}

void
planner_json_writer_boolean (PlannerJsonWriter *writer,
                             gboolean           value)
{
  g_return_if_fail (writer != NULL);

  if (!begin_value (writer))
    return;
  if (value)
    put (writer, "true", 4);
  else
    put (writer, "false", 5);
  end_value (writer);
}

void
planner_json_writer_string (PlannerJsonWriter *writer,
                            const char        *value)
{
  g_return_if_fail (writer != NULL);

  if (value == NULL)
    {
      planner_json_writer_null (writer);
      return;
    }
  if (!begin_value (writer))
    return;
  put_escaped (writer, value);
  end_value (writer);
}

void
planner_json_writer_null (PlannerJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);

  if (!begin_value (writer))
    return;
  put (writer, "null", 4);
  end_value (writer);
}

void
planner_json_writer_uint_array (PlannerJsonWriter *writer,
                                const guint32     *values,
                                gsize              n_values)
{
  gsize indent;

  g_return_if_fail (writer != NULL);
  g_return_if_fail (values != NULL || n_values == 0);

  planner_json_writer_begin_array (writer);
  if (writer->failed)
    return;
  if (n_values == 0)
    {
      planner_json_writer_end_array (writer);
      return;
    }

  /* The hot loop of `ranks --json`: each element straight into the
   * buffer, with the prefix begin_value would write. */
  indent = writer->pretty ? (gsize) writer->stack->len * INDENT : 0;
  if (indent + 16 > sizeof SPACES - 1)
    {
      for (gsize i = 0; i < n_values; i++)
        planner_json_writer_int (writer, values[i]);
    }
  else
    {
      for (gsize i = 0; i < n_values; i++)
        {
          char digits[12];
          char *end = digits + sizeof digits;
          char *start = format_uint (end, values[i]);
          gsize n = (gsize) (end - start);
          char *out;

          if (writer->length + n + indent + 2 > BUFFER_SIZE)
            {
              flush (writer);
              if (writer->failed)
                return;
            }
          out = writer->buffer + writer->length;
          if (i > 0)
            *out++ = ',';
          if (writer->pretty)
            {
              *out++ = '\n';
              memcpy (out, SPACES, indent);
              out += indent;
            }
          memcpy (out, start, n);
          out += n;
          writer->length = (gsize) (out - writer->buffer);
        }
      g_array_index (writer->stack, Frame, writer->stack->len - 1).n_children = n_values;
    }
  planner_json_writer_end_array (writer);
}

void
planner_json_writer_node (PlannerJsonWriter *writer,
                          JsonNode          *node)
{
  g_return_if_fail (writer != NULL);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      planner_json_writer_null (writer);
      return;
    }

  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;

        planner_json_writer_begin_object (writer);
        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &name, &member))
          {
            planner_json_writer_member (writer, name);
            planner_json_writer_node (writer, member);
          }
        planner_json_writer_end_object (writer);
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        planner_json_writer_begin_array (writer);
        for (guint i = 0; i < n; i++)
          planner_json_writer_node (writer, json_array_get_element (array, i));
        planner_json_writer_end_array (writer);
      }
      break;

    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          planner_json_writer_int (writer, json_node_get_int (node));
          break;
        case G_TYPE_DOUBLE:
          planner_json_writer_double (writer, json_node_get_double (node));
          break;
        case G_TYPE_BOOLEAN:
          planner_json_writer_boolean (writer, json_node_get_boolean (node));
          break;
        case G_TYPE_STRING:
          planner_json_writer_string (writer, json_node_get_string (node));
          break;
        default:
          /* json-glib writes nothing for a value type it does not know. */
          if (begin_value (writer))
            end_value (writer);
          break;
        }
      break;

    case JSON_NODE_NULL:
    default:
      planner_json_writer_null (writer);
      break;
    }
}

gboolean
planner_json_writer_finish (PlannerJsonWriter *writer)
{
  g_return_val_if_fail (writer != NULL, FALSE);

  flush (writer);
  return !writer->failed && writer->done && writer->stack->len == 0;
}
