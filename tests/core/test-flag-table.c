/* test-flag-table.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The flag catalog is compiled into C at build time
 * (build-aux/gen-flag-table.py).  This reads data/megatron-flags.json the
 * way the catalog used to, with json-glib, and checks that the compiled
 * tables say exactly the same, flag by flag and field by field.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "planner-flag-catalog.h"
#include "planner-flag-table.h"

static JsonObject *
load_json (JsonParser *parser)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  /* G_TEST_SRCDIR is the tests folder; the source root is its parent. */
  g_assert_nonnull (srcdir);
  path = g_build_filename (srcdir, "..", "data", "megatron-flags.json", NULL);
  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* As the JSON loader spelled a scalar: True/False, integers, "%.17g". */
static char *
scalar (JsonNode *node)
{
  GType type;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (node) ? "True" : "False");
  if (type == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (type == G_TYPE_DOUBLE)
    return g_strdup (g_ascii_dtostr (buf, sizeof buf, json_node_get_double (node)));
  if (type == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  return NULL;
}

static char *
default_text (JsonNode *node)
{
  GString *joined;
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return scalar (node);
  array = json_node_get_array (node);
  joined = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item = scalar (json_array_get_element (array, i));

      g_string_append_printf (joined, "%s%s", i > 0 ? " " : "", item != NULL ? item : "None");
    }
  return g_string_free (joined, FALSE);
}

static void
assert_list (const char *const *list,
             JsonNode           *node,
             gboolean            null_if_missing)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      if (null_if_missing)
        g_assert_null (list);
      else
        {
          g_assert_nonnull (list);
          g_assert_null (list[0]);
        }
      return;
    }
  array = json_node_get_array (node);
  g_assert_nonnull (list);
  g_assert_cmpuint (g_strv_length ((char **) list), ==, json_array_get_length (array));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item = scalar (json_array_get_element (array, i));

      g_assert_cmpstr (list[i], ==, item != NULL ? item : "");
    }
}

static void
test_flag_table_matches_json (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = load_json (parser);
  JsonArray *flags = json_object_get_array_member (root, "flags");
  JsonArray *dead = json_object_get_array_member (root, "dead");
  JsonArray *removed = json_object_get_array_member (root, "removed");
  guint n_dead = 0;

  g_assert_cmpstr (_planner_flag_table_version, ==, member_string (root, "megatron_core"));
  g_assert_cmpstr (_planner_flag_table_commit, ==, member_string (root, "megatron_lm_commit"));
  g_assert_cmpuint (_planner_flag_table_length, ==, json_array_get_length (flags));
  g_assert_cmpuint (planner_flag_catalog_get_n_flags (), ==, json_array_get_length (flags));
  g_assert_cmpuint (_planner_flag_table_length, >, 800);

  for (guint i = 0; i < json_array_get_length (flags); i++)
    {
      JsonObject *flag = json_array_get_object_element (flags, i);
      const PlannerFlagInfo *info = planner_flag_catalog_get_flag_at (i);
      JsonNode *nargs = json_object_get_member (flag, "nargs");
      const char *type = member_string (flag, "type");
      const char *action = member_string (flag, "action");
      g_autofree char *default_value = default_text (json_object_get_member (flag, "default"));

      g_assert_true (info == &_planner_flag_table[i]);
      g_assert_cmpstr (info->flag, ==, member_string (flag, "flag"));
      g_assert_cmpstr (info->dest, ==, member_string (flag, "dest"));
      g_assert_cmpstr (info->type_name, ==, type);
      g_assert_cmpint (info->type, ==, type == NULL ? PLANNER_FLAG_TYPE_NONE
                                       : g_str_equal (type, "int") ? PLANNER_FLAG_TYPE_INT
                                       : g_str_equal (type, "float") ? PLANNER_FLAG_TYPE_FLOAT
                                       : g_str_equal (type, "str") ? PLANNER_FLAG_TYPE_STR
                                       : g_str_equal (type, "bool") ? PLANNER_FLAG_TYPE_BOOL
                                       : PLANNER_FLAG_TYPE_OTHER);
      g_assert_cmpint (info->action, ==, g_strcmp0 (action, "store_true") == 0 ? PLANNER_FLAG_ACTION_STORE_TRUE
                                         : g_strcmp0 (action, "store_false") == 0 ? PLANNER_FLAG_ACTION_STORE_FALSE
                                         : g_strcmp0 (action, "boolean_optional") == 0
                                         ? PLANNER_FLAG_ACTION_BOOLEAN_OPTIONAL : PLANNER_FLAG_ACTION_STORE);
      if (nargs == NULL || !JSON_NODE_HOLDS_VALUE (nargs))
        {
          g_assert_cmpint (info->nargs, ==, PLANNER_FLAG_NARGS_SINGLE);
          g_assert_cmpuint (info->nargs_count, ==, 1);
        }
      else if (json_node_get_value_type (nargs) == G_TYPE_INT64)
        {
          gint64 n = json_node_get_int (nargs);

          g_assert_cmpint (info->nargs, ==, n <= 0 ? PLANNER_FLAG_NARGS_NONE : PLANNER_FLAG_NARGS_FIXED);
          g_assert_cmpuint (info->nargs_count, ==, n <= 0 ? 0 : MIN (n, 64));
        }
      else
        g_assert_cmpint (info->nargs, ==, g_str_equal (json_node_get_string (nargs), "+")
                                          ? PLANNER_FLAG_NARGS_ONE_OR_MORE : PLANNER_FLAG_NARGS_ANY);
      g_assert_cmpstr (info->default_value, ==, default_value);
      assert_list (info->choices, json_object_get_member (flag, "choices"), TRUE);
      assert_list (info->aliases, json_object_get_member (flag, "aliases"), FALSE);
      g_assert_cmpstr (info->group, ==, member_string (flag, "group"));
      /* Every flag is found under its name. */
      g_assert_true (planner_flag_catalog_lookup (info->flag) == info);
      n_dead += info->status != PLANNER_FLAG_STATUS_OK;
    }

  /* The dead, deprecated and fatal ones carry their verdict. */
  g_assert_cmpuint (n_dead, ==, json_array_get_length (dead));
  for (guint i = 0; i < json_array_get_length (dead); i++)
    {
      JsonObject *entry = json_array_get_object_element (dead, i);
      const PlannerFlagInfo *info = planner_flag_catalog_lookup (member_string (entry, "flag"));
      const char *kind = member_string (entry, "kind");
      const char *severity = member_string (entry, "severity");

      g_assert_nonnull (info);
      g_assert_cmpint (info->status, ==, g_strcmp0 (kind, "fatal") == 0 ? PLANNER_FLAG_STATUS_FATAL
                                         : g_strcmp0 (kind, "deprecated") == 0 ? PLANNER_FLAG_STATUS_DEPRECATED
                                         : PLANNER_FLAG_STATUS_DEAD);
      g_assert_cmpint (info->severity, ==, g_strcmp0 (severity, "error") == 0 ? PLANNER_SEVERITY_ERROR
                                           : g_strcmp0 (severity, "warning") == 0 ? PLANNER_SEVERITY_WARNING
                                           : PLANNER_SEVERITY_INFO);
      g_assert_cmpstr (info->note, ==, member_string (entry, "note"));
      g_assert_cmpstr (info->replacement, ==, member_string (entry, "replacement"));
    }

  g_assert_cmpuint (_planner_removed_flag_table_length, ==, json_array_get_length (removed));
  for (guint i = 0; i < json_array_get_length (removed); i++)
    {
      JsonObject *entry = json_array_get_object_element (removed, i);
      const PlannerRemovedFlag *found = planner_flag_catalog_lookup_removed (member_string (entry, "flag"));

      g_assert_nonnull (found);
      g_assert_cmpstr (found->replacement, ==, member_string (entry, "replacement"));
      g_assert_cmpstr (found->note, ==, member_string (entry, "note"));
    }
}

/* What the start-up gains: the catalog is ready in well under a
 * millisecond (the JSON took about 6 ms to parse).  A figure, printed;
 * the bound is loose so that a loaded machine does not fail it. */
static void
test_flag_table_fast (void)
{
  gint64 start = g_get_monotonic_time ();
  double ms;

  g_assert_nonnull (planner_flag_catalog_lookup ("--tensor-model-parallel-size"));
  ms = (g_get_monotonic_time () - start) / 1000.0;
  g_test_message ("flag catalog ready in %.3f ms", ms);
  g_assert_cmpfloat (ms, <, 50.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/planner/flag-table/fast", test_flag_table_fast);
  g_test_add_func ("/planner/flag-table/matches-json", test_flag_table_matches_json);
  return g_test_run ();
}
