/* test-memory-peaks.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The memory estimate against peaks that real Megatron-Core runs logged
 * (memory-peaks.json): each row's arguments are analyzed as `analyze`
 * would, the estimate of the logging rank's pipeline stage is compared
 * with the measured "max allocated" (and "max reserved" when the row has
 * it), and the table of errors is printed.  The median and the worst
 * relative error must stay within the file's tolerances.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <json-glib/json-glib.h>

#include "planner-analyze.h"
#include "planner-args.h"
#include "planner-import.h"
#include "planner-memory.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static int
compare_abs (gconstpointer a,
             gconstpointer b)
{
  double x = fabs (*(const double *) a);
  double y = fabs (*(const double *) b);

  return (x > y) - (x < y);
}

static double
median_abs (GArray *errors)
{
  g_autoptr(GArray) sorted = g_array_copy (errors);
  guint n = sorted->len;

  if (n == 0)
    return 0.0;
  g_array_sort (sorted, compare_abs);
  if (n % 2 == 1)
    return fabs (g_array_index (sorted, double, n / 2));
  return 0.5 * (fabs (g_array_index (sorted, double, n / 2 - 1)) + fabs (g_array_index (sorted, double, n / 2)));
}

/* The stage estimate for one row; FALSE (with a message) when the row
 * cannot be analyzed, which fails the test. */
static gboolean
estimate_row (JsonObject         *row,
              PlannerStageMemory *stage,
              guint32            *stage_index)
{
  JsonArray *args_array = json_object_get_array_member (row, "args");
  JsonObject *env_object = json_object_get_object_member (row, "env");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GHashTable) env = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(GError) error = NULL;
  PlannerAnalyzeOptions options = { 0 };
  const PlannerConfig *config;
  const PlannerLayout *layout;
  PlannerRankCoords coords;
  g_autoptr(GList) names = NULL;

  for (guint i = 0; i < json_array_get_length (args_array); i++)
    g_ptr_array_add (argv, (gpointer) json_array_get_string_element (args_array, i));
  g_ptr_array_add (argv, NULL);
  import = planner_import_argv ((const char *const *) argv->pdata, &error);
  if (import == NULL)
    {
      g_test_message ("%s: %s", json_object_get_string_member (row, "id"), error->message);
      return FALSE;
    }

  names = env_object != NULL ? json_object_get_members (env_object) : NULL;
  for (GList *l = names; l != NULL; l = l->next)
    g_hash_table_insert (env, l->data, (gpointer) json_object_get_string_member (env_object, l->data));

  options.world_size = (guint64) json_object_get_int_member (row, "world_size");
  options.gpu_id = json_object_get_string_member (row, "gpu");
  report = planner_analyze_args (import->args, env, &options, &error);
  if (report == NULL)
    {
      g_test_message ("%s: %s", json_object_get_string_member (row, "id"), error->message);
      return FALSE;
    }
  config = planner_report_get_config (report);
  layout = planner_report_get_layout (report);
  if (config == NULL || layout == NULL)
    {
      g_test_message ("%s: no model math or no layout", json_object_get_string_member (row, "id"));
      return FALSE;
    }

  planner_layout_get_coords (layout, (guint32) json_object_get_int_member (row, "rank"), 0, &coords);
  *stage_index = coords.pp;
  return planner_memory_estimate_stage (config, planner_report_get_gpu (report), coords.pp, stage);
}

static void
test_memory_peaks (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "calibration", "memory-peaks.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) allocated_errors = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) reserved_errors = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) dense_errors = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) moe_errors = g_array_new (FALSE, FALSE, sizeof (double));
  JsonObject *root, *tolerance;
  JsonArray *rows;
  double worst = 0.0, median, max_median, max_worst;
  const char *worst_id = "";

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  rows = json_object_get_array_member (root, "rows");
  tolerance = json_object_get_object_member (root, "tolerance");
  max_median = json_object_get_double_member (tolerance, "median_relative_error");
  max_worst = json_object_get_double_member (tolerance, "worst_relative_error");
  g_assert_cmpuint (json_array_get_length (rows), >=, 15);

  g_test_message ("%-58s %5s %9s %9s %7s %9s %9s %7s", "row", "stage", "measured", "estimate", "error",
                  "max res.", "estimate", "error");
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      JsonObject *measured = json_object_get_object_member (row, "measured");
      const char *id = json_object_get_string_member (row, "id");
      PlannerStageMemory stage;
      guint32 stage_index = 0;
      double allocated, err, reserved_err = NAN;

      if (!estimate_row (row, &stage, &stage_index))
        g_error ("row %s could not be analyzed", id);
      g_assert_true (isfinite (stage.allocated_bytes) && stage.allocated_bytes > 0.0);

      allocated = json_object_get_double_member (measured, "max_allocated_bytes");
      err = (stage.allocated_bytes - allocated) / allocated;
      g_array_append_val (allocated_errors, err);
      g_array_append_val (g_str_equal (json_object_get_string_member (row, "kind"), "moe")
                          ? moe_errors : dense_errors, err);
      if (fabs (err) > fabs (worst))
        {
          worst = err;
          worst_id = id;
        }
      if (json_object_has_member (measured, "max_reserved_bytes"))
        {
          double reserved = json_object_get_double_member (measured, "max_reserved_bytes");

          reserved_err = (stage.reserved_bytes - reserved) / reserved;
          g_array_append_val (reserved_errors, reserved_err);
          g_test_message ("%-58s %5u %9.2f %9.2f %+6.1f%% %9.2f %9.2f %+6.1f%%", id, stage_index, allocated / GIB,
                          stage.allocated_bytes / GIB, 100.0 * err, reserved / GIB, stage.reserved_bytes / GIB,
                          100.0 * reserved_err);
        }
      else
        g_test_message ("%-58s %5u %9.2f %9.2f %+6.1f%%", id, stage_index, allocated / GIB,
                        stage.allocated_bytes / GIB, 100.0 * err);
      if (fabs (err) > 0.05)
        g_test_message ("    weights %.2f gradients %.2f optimizer %.2f activations %.2f (%.2f in flight) "
                        "logits %.2f GiB", stage.bytes[PLANNER_MEMORY_WEIGHTS] / GIB,
                        stage.bytes[PLANNER_MEMORY_GRADIENTS] / GIB, stage.bytes[PLANNER_MEMORY_OPTIMIZER] / GIB,
                        stage.bytes[PLANNER_MEMORY_ACTIVATIONS] / GIB, stage.in_flight,
                        stage.bytes[PLANNER_MEMORY_LOGITS] / GIB);
    }

  median = median_abs (allocated_errors);
  g_test_message ("max allocated, %u rows: median |error| %.1f%%, worst %+.1f%% (%s)",
                  allocated_errors->len, 100.0 * median, 100.0 * worst, worst_id);
  g_test_message ("  dense %u rows: median |error| %.1f%%; MoE %u rows: median |error| %.1f%%",
                  dense_errors->len, 100.0 * median_abs (dense_errors),
                  moe_errors->len, 100.0 * median_abs (moe_errors));
  if (reserved_errors->len > 0)
    g_test_message ("max reserved, %u rows: median |error| %.1f%%", reserved_errors->len,
                    100.0 * median_abs (reserved_errors));

  if (median > max_median)
    g_error ("median |error| %.1f%% is above the tolerance %.1f%%", 100.0 * median, 100.0 * max_median);
  if (fabs (worst) > max_worst)
    g_error ("row %s is off by %+.1f%%, above the tolerance %.1f%%", worst_id, 100.0 * worst, 100.0 * max_worst);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/calibration/memory-peaks", test_memory_peaks);

  return g_test_run ();
}
