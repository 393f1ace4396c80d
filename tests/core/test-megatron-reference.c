/* test-megatron-reference.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The planner's FLOPs, Megatron memory figures and process groups against
 * numbers Megatron-LM's own functions returned for the same arguments
 * (megatron-reference.json: num_floating_point_operations,
 * theoretical_memory_usage and RankGenerator at Megatron-Core 0.20.0).
 * No Python is needed: the file holds the inputs and Megatron's outputs. */

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

static void
test_model (gconstpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  JsonObject *model = json_array_get_object_element (json_object_get_array_member (reference (), "models"),
                                                     index);
  JsonArray *list = json_object_get_array_member (model, "args");
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

  planner_memory_megatron (&config, &memory);
  assert_close (planner_flops_per_iteration (&config),
                json_object_get_double_member (model, "flops_per_iteration"), 1e-9, "FLOPs");
  assert_close (memory.weight_and_optimizer_bytes,
                json_object_get_double_member (model, "weight_and_optimizer_bytes"), 1e-6,
                "weight and optimizer bytes");
  assert_close (memory.activation_bytes,
                json_object_get_double_member (model, "activation_bytes"), 1e-6, "activation bytes");
  assert_close (memory.total_bytes,
                json_object_get_double_member (model, "total_bytes"), 1e-6, "total bytes");

  planner_config_clear (&config);
}

static void
test_ranks (gconstpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  JsonObject *item = json_array_get_object_element (json_object_get_array_member (reference (), "ranks"), index);
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
  if (!json_object_get_boolean_member (item, "valid"))
    {
      /* Megatron's initialize_model_parallel refuses this layout. */
      g_assert_false (ok);
      g_assert_nonnull (error);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);

  groups = json_object_get_object_member (item, "groups");
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

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *models;
  JsonArray *ranks;
  int status;

  g_test_init (&argc, &argv, NULL);

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

  status = g_test_run ();
  g_object_unref (parser);
  return status;
}
