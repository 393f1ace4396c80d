/* test-views-agree.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a view shows comes from one engine function (issue 19): on 1,000
 * random jobs (fixed seed) the nearest valid layouts the error text names
 * are exactly those the report gives the Parallelism page's buttons.
 */

#include "config.h"

#include <string.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-layout.h"

static const guint degrees[] = { 1, 2, 3, 4, 6, 8, 16 };

static guint
pick (GRand *rand)
{
  return degrees[g_rand_int_range (rand, 0, G_N_ELEMENTS (degrees))];
}

static void
test_views_nearest_layouts (void)
{
  static const char *const models[] = { "llama3-8b", "llama3-70b", "mixtral-8x7b" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  guint checked = 0, offered = 0;

  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(PlannerJob) job = planner_job_new_example ();
      g_autoptr(PlannerReport) report = NULL;
      g_autoptr(GArray) nearest = NULL;
      const char *model = models[g_rand_int_range (rand, 0, G_N_ELEMENTS (models))];
      const char *text = NULL;
      GPtrArray *diagnostics;

      g_object_set (job, "model-id", model, "nodes", g_rand_int_range (rand, 1, 9),
                    "gpus-per-node", g_rand_boolean (rand) ? 8 : 4,
                    "tp", pick (rand), "pp", pick (rand), "cp", g_rand_boolean (rand) ? 1 : pick (rand),
                    "ep", g_str_equal (model, "mixtral-8x7b") ? pick (rand) : 1, NULL);
      report = planner_analyze_job (job);
      nearest = planner_report_dup_nearest_layouts (report);
      diagnostics = planner_report_get_diagnostics (report);
      for (guint d = 0; d < diagnostics->len && text == NULL; d++)
        {
          const PlannerDiagnostic *diagnostic = g_ptr_array_index (diagnostics, d);

          if (g_str_equal (diagnostic->code, "layout.world-not-divisible") ||
              g_str_equal (diagnostic->code, "layout.expert-world-not-divisible"))
            text = diagnostic->message;
        }

      if (planner_report_get_layout (report) != NULL)
        {
          /* A valid layout offers nothing. */
          g_assert_null (nearest);
          continue;
        }
      checked++;
      if (text == NULL)
        continue;
      /* The error names each layout the buttons offer, in their order. */
      g_assert_nonnull (nearest);
      {
        const char *at = text;

        for (guint n = 0; n < nearest->len; n++)
          {
            g_autofree char *dense = planner_layout_describe (&g_array_index (nearest, PlannerLayout, n));
            const char *found = strstr (at, dense);

            if (found == NULL)
              g_error ("job %u: the error text does not name %s: %s", i, dense, text);
            at = found + strlen (dense);
          }
        offered += nearest->len;
      }
    }
  g_test_message ("%u jobs without a valid layout, %u layouts offered", checked, offered);
  g_assert_cmpuint (checked, >, 100);
  g_assert_cmpuint (offered, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/views-agree/nearest-layouts", test_views_nearest_layouts);

  return g_test_run ();
}
