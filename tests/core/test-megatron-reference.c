/* test-megatron-reference.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The planner's FLOPs, Megatron memory figures and process groups against
 * numbers Megatron-LM's own functions returned for the same arguments
 * (megatron-reference.json: num_floating_point_operations,
 * theoretical_memory_usage and RankGenerator at Megatron-Core 0.20.0;
 * megatron-reference-releases.json: the same functions of every release
 * held, made by tests/megatron/megatron-reference.py, on the same
 * configurations where the release accepts them, and on their variants
 * without the options it lacks).  No Python is needed: the files hold the
 * inputs and Megatron's outputs. */

#include "config.h"

#include <math.h>
#include <json-glib/json-glib.h>

#include "planner-config.h"
#include "planner-diagnostic.h"
#include "planner-flops.h"
#include "planner-import.h"
#include "planner-layout.h"
#include "planner-memory.h"
#include "planner-validate.h"

static JsonParser *parser;
static JsonParser *releases_parser;

static JsonObject *
reference (void)
{
  return json_node_get_object (json_parser_get_root (parser));
}

static void
assert_close (double      planner,
              double      megatron,
              double      tolerance,
              const char *what)
{
  double diff = fabs (planner - megatron) / MAX (fabs (megatron), 1.0);

  if (diff >= tolerance)
    g_test_message ("%s: planner %.17g, Megatron %.17g", what, planner, megatron);
  g_assert_cmpfloat (diff, <, tolerance);
}

/* One configuration's figures in @release (NULL: the 0.20.0 table) against
 * @expected, Megatron's outputs; @list its arguments. */
static void
check_model (JsonObject *model,
             JsonArray  *list,
             JsonObject *expected,
             const char *release)
{
  g_autofree const char **argv = g_new0 (const char *, json_array_get_length (list) + 1);
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  PlannerLayout layout;
  PlannerConfig config;
  PlannerMegatronMemory memory;

  for (guint i = 0; i < json_array_get_length (list); i++)
    argv[i] = json_array_get_string_element (list, i);

  import = planner_import_argv (argv, &error);
  g_assert_no_error (error);
  g_assert_true (planner_validate_resolve_layout (import->args,
                                                  (guint64) json_object_get_int_member (model, "world_size"),
                                                  &layout, diagnostics));
  g_assert_true (planner_config_init_from_args (&config, import->args, &layout,
                                                (guint64) json_object_get_int_member (model, "vocab_size"),
                                                &error));
  g_assert_no_error (error);
  config.megatron_version = release;

  planner_memory_megatron (&config, &memory);
  assert_close (planner_flops_per_iteration (&config),
                json_object_get_double_member (expected, "flops_per_iteration"), 1e-9, "FLOPs");
  assert_close (memory.weight_and_optimizer_bytes,
                json_object_get_double_member (expected, "weight_and_optimizer_bytes"), 1e-9,
                "weight and optimizer bytes");
  if (json_object_get_null_member (expected, "activation_bytes"))
    {
      /* The release prints the weights and optimizer only. */
      g_assert_true (memory.weights_only);
      g_assert_cmpfloat (memory.activation_bytes, ==, 0.0);
    }
  else
    {
      g_assert_false (memory.weights_only);
      assert_close (memory.activation_bytes,
                    json_object_get_double_member (expected, "activation_bytes"), 1e-9, "activation bytes");
      assert_close (memory.total_bytes,
                    json_object_get_double_member (expected, "total_bytes"), 1e-9, "total bytes");
    }

  planner_config_clear (&config);
}

static void
test_model (gconstpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  JsonObject *model = json_array_get_object_element (json_object_get_array_member (reference (), "models"),
                                                     index);

  check_model (model, json_object_get_array_member (model, "args"), model, NULL);
}

/* One rank case (@item: the degrees) against @megatron: whether Megatron
 * accepted the layout, and its groups. */
static void
check_ranks (JsonObject *item,
             JsonObject *megatron)
{
  JsonObject *groups;
  g_autoptr(GError) error = NULL;
  PlannerLayout layout;
  guint64 etp = json_object_get_null_member (item, "etp") ? 0 : (guint64) json_object_get_int_member (item, "etp");
  gboolean ok;

  ok = planner_layout_init (&layout,
                            (guint64) json_object_get_int_member (item, "world_size"),
                            (guint64) json_object_get_int_member (item, "tp"),
                            (guint64) json_object_get_int_member (item, "pp"),
                            (guint64) json_object_get_int_member (item, "cp"),
                            (guint64) json_object_get_int_member (item, "ep"),
                            etp, 1,
                            json_object_get_boolean_member (item, "use_tp_pp_dp_mapping")
                            ? PLANNER_RANK_ORDER_TP_CP_EP_PP_DP
                            : PLANNER_RANK_ORDER_TP_CP_EP_DP_PP,
                            &error);
  if (!json_object_get_boolean_member (megatron, "valid"))
    {
      /* Megatron's initialize_model_parallel refuses this layout. */
      g_assert_false (ok);
      g_assert_nonnull (error);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);

  groups = json_object_get_object_member (megatron, "groups");
  for (guint kind = 0; kind < PLANNER_N_GROUP_KINDS; kind++)
    {
      const char *name = planner_group_kind_to_string ((PlannerGroupKind) kind);
      JsonArray *expected = json_object_get_array_member (groups, name);
      g_autoptr(PlannerGroups) actual = planner_groups_new (&layout, (PlannerGroupKind) kind);

      g_test_message ("group kind %s", name);
      g_assert_nonnull (expected);
      g_assert_cmpuint (actual->n_groups, ==, json_array_get_length (expected));
      for (guint g = 0; g < actual->n_groups; g++)
        {
          JsonArray *ranks = json_array_get_array_element (expected, g);
          const guint32 *got = planner_groups_get_group (actual, g);

          g_assert_cmpuint (actual->group_size, ==, json_array_get_length (ranks));
          for (guint r = 0; r < actual->group_size; r++)
            g_assert_cmpint (got[r], ==, json_array_get_int_element (ranks, r));
        }
    }
}

static void
test_ranks (gconstpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  JsonObject *item = json_array_get_object_element (json_object_get_array_member (reference (), "ranks"), index);

  check_ranks (item, item);
}

/* Every release's figures: @data is "RELEASE/models/INDEX" or
 * "RELEASE/ranks/INDEX". */
static void
test_release (gconstpointer data)
{
  g_auto(GStrv) parts = g_strsplit (data, "/", 3);
  JsonObject *releases = json_object_get_object_member (json_node_get_object (json_parser_get_root (releases_parser)),
                                                        "releases");
  JsonObject *release = json_object_get_object_member (releases, parts[0]);
  guint index = (guint) g_ascii_strtoull (parts[2], NULL, 10);
  JsonObject *item = json_array_get_object_element (json_object_get_array_member (reference (), parts[1]), index);
  JsonObject *expected = json_array_get_object_element (json_object_get_array_member (release, parts[1]), index);

  if (g_str_equal (parts[1], "ranks"))
    {
      check_ranks (item, expected);
      return;
    }
  if (!json_object_get_boolean_member (expected, "accepted"))
    {
      g_test_skip ("this release refuses the configuration");
      return;
    }
  /* A variant without the options the release lacks carries its arguments. */
  check_model (item,
               json_object_has_member (expected, "args") ? json_object_get_array_member (expected, "args")
                                                         : json_object_get_array_member (item, "args"),
               expected, parts[0]);
}

static void
add_release_tests (GPtrArray *names)
{
  JsonObject *releases = json_object_get_object_member (json_node_get_object (json_parser_get_root (releases_parser)),
                                                        "releases");
  g_autoptr(GList) list = json_object_get_members (releases);

  for (GList *l = list; l != NULL; l = l->next)
    {
      JsonObject *release = json_object_get_object_member (releases, l->data);
      const char *kinds[] = { "models", "ranks" };

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        for (guint i = 0; i < json_array_get_length (json_object_get_array_member (release, kinds[k])); i++)
          {
            char *key = g_strdup_printf ("%s/%s/%02u", (const char *) l->data, kinds[k], i);
            g_autofree char *name = g_strdup_printf ("/megatron-reference/release/%s", key);

            g_ptr_array_add (names, key);
            g_test_add_data_func (name, key, test_release);
          }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autofree char *path_releases = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  JsonArray *models;
  JsonArray *ranks;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("MEGATRON_REFERENCE_ALL") != NULL)
    g_test_set_nonfatal_assertions ();

  path = g_test_build_filename (G_TEST_DIST, "core", "megatron-reference.json", NULL);
  parser = json_parser_new ();
  if (!json_parser_load_from_file (parser, path, &error))
    g_error ("Cannot read %s: %s", path, error->message);

  models = json_object_get_array_member (reference (), "models");
  ranks = json_object_get_array_member (reference (), "ranks");
  g_assert_nonnull (models);
  g_assert_nonnull (ranks);

  for (guint i = 0; i < json_array_get_length (models); i++)
    {
      g_autofree char *name = g_strdup_printf ("/megatron-reference/model/%02u", i);

      g_test_add_data_func (name, GUINT_TO_POINTER (i), test_model);
    }
  for (guint i = 0; i < json_array_get_length (ranks); i++)
    {
      g_autofree char *name = g_strdup_printf ("/megatron-reference/ranks/%02u", i);

      g_test_add_data_func (name, GUINT_TO_POINTER (i), test_ranks);
    }

  path_releases = g_test_build_filename (G_TEST_DIST, "core", "megatron-reference-releases.json", NULL);
  releases_parser = json_parser_new ();
  if (!json_parser_load_from_file (releases_parser, path_releases, &error))
    g_error ("Cannot read %s: %s", path_releases, error->message);
  add_release_tests (names);

  status = g_test_run ();
  g_object_unref (releases_parser);
  g_object_unref (parser);
  return status;
}
