/* test-json-writer.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-json-writer.h"

/* What json-glib itself prints for @node. */
static char *
generate (JsonNode *node,
          gboolean  pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

static char *
stream (JsonNode *node,
        gboolean  pretty)
{
  GString *text = g_string_new (NULL);
  g_autoptr(PlannerJsonWriter) writer = planner_json_writer_new_for_string (pretty, text);

  planner_json_writer_node (writer, node);
  g_assert_true (planner_json_writer_finish (writer));
  return g_string_free (text, FALSE);
}

/* json-glib leaves 0x1f raw, which is not JSON; the writer escapes it. */
static char *
fix_unit_separator (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "\x1f", -1);

  return g_strjoinv ("\\u001f", parts);
}

static void
assert_same (JsonNode *node)
{
  for (int pretty = 0; pretty <= 1; pretty++)
    {
      g_autofree char *generated = generate (node, pretty);
      g_autofree char *expected = fix_unit_separator (generated);
      g_autofree char *actual = stream (node, pretty);

      g_assert_cmpstr (actual, ==, expected);
    }
}

static void
assert_same_text (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  assert_same (json_parser_get_root (parser));
}

/* json-glib's quirks, one by one: "{  }" for an empty nested object,
 * "[]" for an empty array, ".0" glued to an exponent, '/' left alone,
 * 0x7f escaped, member names escaped (and 0x1f, which json-glib leaves
 * raw, escaped). */
static void
test_quirks (void)
{
  assert_same_text ("{}");
  assert_same_text ("[]");
  assert_same_text ("[[[{}]],{\"a\":{\"b\":{}}},[[[]]],[{}]]");
  assert_same_text ("{\"a\":[],\"b\":{},\"c\":[[1,2],[]]}");
  assert_same_text ("[\"x\\\"y\\n\\u00e9\\t/\\\\\", \"\\u001f\\u001e\\u0001\\u007f\\b\\f\\r\"]");
  assert_same_text ("{\"k\\\"q\\u0002\":-9223372036854775808, \"max\":9223372036854775807}");
  assert_same_text ("[2.0,1e20,-0.0,123456789.0,1e-7,3e15,1e16,0.5,100.0,0.1,1e300,-2.5e-300]");
  assert_same_text ("[true,false,null,0,-1,\"\"]");
  assert_same_text ("\"just a string\"");
  assert_same_text ("42");
  assert_same_text ("null");
}

/* A random tree: every kind of value, nesting, long strings. */
static JsonNode *
random_node (GRand *rand,
             guint  depth)
{
  guint kind = g_rand_int_range (rand, 0, depth > 5 ? 6 : 8);

  switch (kind)
    {
    case 0:
      return json_node_init_int (json_node_alloc (), (gint64) g_rand_int (rand) - G_MAXINT32
                                 + (g_rand_boolean (rand) ? G_MAXINT64 / 3 : 0));
    case 1:
      {
        double values[] = { g_rand_double_range (rand, -1e6, 1e6), g_rand_double (rand) * 1e-12,
                            ldexp (g_rand_double (rand), g_rand_int_range (rand, -1000, 1000)),
                            (double) g_rand_int_range (rand, -1000, 1000), 0.0 };

        return json_node_init_double (json_node_alloc (), values[g_rand_int_range (rand, 0, G_N_ELEMENTS (values))]);
      }
    case 2:
      return json_node_init_boolean (json_node_alloc (), g_rand_boolean (rand));
    case 3:
      return json_node_init_null (json_node_alloc ());
    case 4:
    case 5:
      {
        guint length = g_rand_boolean (rand) ? (guint) g_rand_int_range (rand, 0, 20)
                                             : (guint) g_rand_int_range (rand, 0, 3000);
        g_autofree char *text = g_malloc (length + 1);

        for (guint i = 0; i < length; i++)
          {
            /* ASCII including controls and DEL; whole UTF-8 characters are
             * left alone by both, so ASCII exercises every escape. */
            text[i] = (char) g_rand_int_range (rand, 1, 128);
          }
        text[length] = '\0';
        return json_node_init_string (json_node_alloc (), text);
      }
    case 6:
      {
        g_autoptr(JsonArray) array = json_array_new ();
        guint n = (guint) g_rand_int_range (rand, 0, 6);

        for (guint i = 0; i < n; i++)
          json_array_add_element (array, random_node (rand, depth + 1));
        return json_node_init_array (json_node_alloc (), array);
      }
    default:
      {
        g_autoptr(JsonObject) object = json_object_new ();
        guint n = (guint) g_rand_int_range (rand, 0, 6);

        for (guint i = 0; i < n; i++)
          {
            g_autofree char *name = g_strdup_printf ("m%u\"\t%u", i, g_rand_int (rand));

            json_object_set_member (object, name, random_node (rand, depth + 1));
          }
        return json_node_init_object (json_node_alloc (), object);
      }
    }
}

static void
test_random_trees (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201);

  for (guint i = 0; i < 500; i++)
    {
      g_autoptr(JsonNode) node = random_node (rand, 0);

      assert_same (node);
    }
}

/* The rank-list fast path prints what one int at a time prints, at any
 * depth, across buffer boundaries. */
static void
test_uint_array (void)
{
  g_autofree guint32 *values = g_new (guint32, 50000);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  GString *text = g_string_new (NULL);
  g_autoptr(PlannerJsonWriter) writer = planner_json_writer_new_for_string (TRUE, text);
  g_autofree char *expected = NULL;
  g_autofree char *actual = NULL;

  for (guint i = 0; i < 50000; i++)
    values[i] = i * 104729u;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "groups");
  json_builder_begin_array (builder);
  for (guint g = 0; g < 3; g++)
    {
      json_builder_begin_array (builder);
      for (guint i = 0; i < (g == 1 ? 0u : 50000u); i++)
        json_builder_add_int_value (builder, values[i]);
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  expected = generate (root, TRUE);

  planner_json_writer_begin_object (writer);
  planner_json_writer_member (writer, "groups");
  planner_json_writer_begin_array (writer);
  for (guint g = 0; g < 3; g++)
    planner_json_writer_uint_array (writer, values, g == 1 ? 0 : 50000);
  planner_json_writer_end_array (writer);
  planner_json_writer_end_object (writer);
  g_assert_true (planner_json_writer_finish (writer));
  actual = g_string_free (text, FALSE);

  g_assert_cmpuint (strlen (actual), ==, strlen (expected));
  g_assert_cmpstr (actual, ==, expected);
}

static gboolean
failing_sink (const char *data,
              gsize       length,
              gpointer    user_data)
{
  guint *calls = user_data;

  (*calls)++;
  return FALSE;
}

/* A sink that fails (a full disk, a closed pipe) stops the writer, which
 * says so; nothing crashes and later calls do nothing. */
static void
test_sink_failure (void)
{
  guint calls = 0;
  g_autoptr(PlannerJsonWriter) writer = planner_json_writer_new (TRUE, failing_sink, &calls);
  guint32 values[1000];

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = i;
  planner_json_writer_begin_array (writer);
  for (guint i = 0; i < 200; i++)
    planner_json_writer_uint_array (writer, values, G_N_ELEMENTS (values));
  planner_json_writer_end_array (writer);
  g_assert_false (planner_json_writer_finish (writer));
  g_assert_cmpuint (calls, ==, 1);
}

static char *
write_string (const char *value)
{
  GString *text = g_string_new (NULL);
  g_autoptr(PlannerJsonWriter) writer = planner_json_writer_new_for_string (FALSE, text);

  planner_json_writer_string (writer, value);
  g_assert_true (planner_json_writer_finish (writer));
  return g_string_free (text, FALSE);
}

/* Where json-glib prints what is not JSON, the writer prints JSON: a raw
 * 0x1f, C1 controls a terminal obeys, bytes that are not UTF-8 (a script
 * or a log line quoted in a diagnostic), NaN and infinities; and it
 * escapes the invisible characters a terminal would reorder or hide. */
static void
test_always_json (void)
{
  static const struct
  {
    const char *in;
    const char *out;
  } cases[] = {
    { "a\x1f" "b", "\"a\\u001fb\"" },
    { "\x1b[31m\x07", "\"\\u001b[31m\\u0007\"" },
    { "csi \xc2\x9b" "31m nel \xc2\x85 nbsp \xc2\xa0", "\"csi \\u009b31m nel \\u0085 nbsp \xc2\xa0\"" },
    { "bad \xff\xfe end", "\"bad \xef\xbf\xbd\xef\xbf\xbd end\"" },
    { "cut \xe2\x82", "\"cut \xef\xbf\xbd\xef\xbf\xbd\"" },
    { "surrogate \xed\xa0\xbd", "\"surrogate \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"" },
    { "overlong \xc0\xaf", "\"overlong \xef\xbf\xbd\xef\xbf\xbd\"" },
    /* Invisible characters, by the engine's one rule (planner-escape):
     * the same string to a JSON reader, nothing a terminal reorders. */
    { "\xe2\x82\xac \xf0\x9f\x9a\x80 \xe2\x80\xa8", "\"\xe2\x82\xac \xf0\x9f\x9a\x80 \\u2028\"" },
    { "x\u202ey \u2066z\u2069 zero\u200bwidth \ufeff", "\"x\\u202ey \\u2066z\\u2069 zero\\u200bwidth \\ufeff\"" },
    { "tag \U000e0041", "\"tag \\udb40\\udc41\"" },
  };
  GString *text = g_string_new (NULL);
  g_autoptr(PlannerJsonWriter) writer = planner_json_writer_new_for_string (FALSE, text);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *written = write_string (cases[i].in);

      g_assert_cmpstr (written, ==, cases[i].out);
      g_assert_true (g_utf8_validate (written, -1, NULL));
      json_parser_load_from_data (parser, written, -1, &error);
      g_assert_no_error (error);
      /* Valid text comes back as it went in. */
      if (g_utf8_validate (cases[i].in, -1, NULL))
        g_assert_cmpstr (json_node_get_string (json_parser_get_root (parser)), ==, cases[i].in);
    }

  planner_json_writer_begin_array (writer);
  planner_json_writer_double (writer, NAN);
  planner_json_writer_double (writer, INFINITY);
  planner_json_writer_double (writer, -INFINITY);
  planner_json_writer_double (writer, 1.5);
  planner_json_writer_end_array (writer);
  g_assert_true (planner_json_writer_finish (writer));
  g_assert_cmpstr (text->str, ==, "[null,null,null,1.5]");
  g_string_free (text, TRUE);
}

/* An unfinished document is not a success. */
static void
test_incomplete (void)
{
  GString *text = g_string_new (NULL);
  g_autoptr(PlannerJsonWriter) writer = planner_json_writer_new_for_string (FALSE, text);

  planner_json_writer_begin_object (writer);
  planner_json_writer_member (writer, "a");
  planner_json_writer_begin_array (writer);
  g_assert_false (planner_json_writer_finish (writer));
  g_assert_cmpstr (text->str, ==, "{\"a\":[");
  g_string_free (text, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json-writer/quirks", test_quirks);
  g_test_add_func ("/json-writer/random-trees", test_random_trees);
  g_test_add_func ("/json-writer/uint-array", test_uint_array);
  g_test_add_func ("/json-writer/sink-failure", test_sink_failure);
  g_test_add_func ("/json-writer/incomplete", test_incomplete);
  g_test_add_func ("/json-writer/always-json", test_always_json);

  return g_test_run ();
}
