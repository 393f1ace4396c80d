/* test-views-agree.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a view shows comes from one engine function (issue 19): on 1,000
 * random jobs (fixed seed) the nearest valid layouts the error text names
 * are exactly those the report gives the Parallelism page's buttons; the
 * expert facts the Experts page shows (the overlap's needs, the EP values
 * Megatron accepts, the expert weights) agree with the validator's
 * refusals and the memory estimate.
 */

#include "config.h"

#include <string.h>

#include "planner-analyze.h"
#include "planner-expert-facts.h"
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

/* "1, 2, 4 or 8", the way the validator lists choices in English. */
static char *
join_choices (GArray *choices)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < choices->len; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == choices->len ? " or " : ", ");
      g_string_append_printf (text, "%u", g_array_index (choices, guint32, i));
    }
  return g_string_free (text, FALSE);
}

static const PlannerDiagnostic *
find_code (PlannerReport *report,
           const char    *code)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  for (guint d = 0; d < diagnostics->len; d++)
    {
      const PlannerDiagnostic *diagnostic = g_ptr_array_index (diagnostics, d);

      if (g_str_equal (diagnostic->code, code))
        return diagnostic;
    }
  return NULL;
}

static void
test_views_expert_facts (void)
{
  static const char *const models[] = { "mixtral-8x7b", "deepseek-v3", "qwen3-30b-a3b" };
  static const char *const dispatchers[] = { "allgather", "alltoall", "flex" };
  static const char *const recomputes[] = { "none", "selective", "full" };
  static const char *const precisions[] = { "bf16", "fp16", "fp32", "fp8" };
  static const guint eps[] = { 1, 2, 3, 4, 5, 8, 16 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (1919);
  guint refused = 0, accepted = 0, not_divisible = 0, figures = 0;

  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(PlannerJob) job = planner_job_new_example ();
      g_autoptr(PlannerReport) report = NULL;
      g_autoptr(PlannerExpertFacts) facts = NULL;
      const PlannerDiagnostic *overlap, *divisible;
      const char *precision = precisions[g_rand_int_range (rand, 0, G_N_ELEMENTS (precisions))];

      g_object_set (job, "model-id", models[g_rand_int_range (rand, 0, G_N_ELEMENTS (models))],
                    "gpu-id", "h100-sxm", "nodes", g_rand_int_range (rand, 1, 9), "gpus-per-node", 8,
                    "tp", pick (rand), "pp", g_rand_boolean (rand) ? 1 : pick (rand),
                    "vpp", g_rand_boolean (rand) ? 1 : 2, "cp", 1,
                    "ep", eps[g_rand_int_range (rand, 0, G_N_ELEMENTS (eps))],
                    "etp", g_rand_boolean (rand) ? 0 : 1,
                    "moe-token-dispatcher-type", dispatchers[g_rand_int_range (rand, 0, G_N_ELEMENTS (dispatchers))],
                    "recompute", recomputes[g_rand_int_range (rand, 0, G_N_ELEMENTS (recomputes))],
                    "precision", precision,
                    "overlap-moe-comm", g_rand_boolean (rand), NULL);
      report = planner_analyze_job (job);
      facts = planner_expert_facts_new (report);
      g_assert_cmpuint (facts->num_experts, >, 0);

      /* The page's overlap needs are the validator's refusal. */
      overlap = find_code (report, "moe.overlap-ep-comm");
      if (planner_job_get_bool (job, "overlap-moe-comm"))
        {
          g_assert_true ((overlap != NULL) == (facts->overlap_unmet != 0));
          if (overlap != NULL)
            refused++;
          else
            accepted++;
        }
      else
        g_assert_null (overlap);

      /* The EP values the page offers are the ones the refusal lists. */
      divisible = find_code (report, "moe.experts-not-divisible-by-ep");
      g_assert_true ((divisible == NULL) == facts->ep_divides);
      if (divisible != NULL)
        {
          g_autofree char *choices = join_choices (facts->ep_choices);
          g_autofree char *listed = g_strdup_printf (": %s.", choices);

          g_assert_true (g_str_has_suffix (divisible->message, listed));
          g_assert_cmpint (facts->memory, ==, PLANNER_EXPERT_MEMORY_EP_NOT_DIVISIBLE);
          not_divisible++;
        }

      /* The expert weights are the estimate's, in the job's precision. */
      if (facts->memory == PLANNER_EXPERT_MEMORY_FIGURES)
        {
          const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
          const PlannerConfig *config = planner_report_get_config (report);
          double per_param = config->precision == PLANNER_PRECISION_FP32 ? 4.0 : 2.0;
          double params = 0;

          for (guint s = 0; s < estimate->n_stages; s++)
            if (estimate->stages[s].stage == facts->stage)
              params = estimate->stages[s].expert_params;
          g_assert_cmpfloat (params, >, 0);
          if (!config->fp8)
            g_assert_cmpfloat_with_epsilon (facts->weight_bytes / params, per_param, 1e-9);
          else
            g_assert_cmpfloat (facts->weight_bytes / params, >, 2.0);
          g_assert_cmpfloat_with_epsilon (facts->weight_bytes_at_ep1,
                                          facts->weight_bytes * facts->ep * facts->etp, 1.0);
          figures++;
        }
    }
  g_test_message ("overlap refused %u, accepted %u; EP not dividing %u; figures %u",
                  refused, accepted, not_divisible, figures);
  g_assert_cmpuint (refused, >, 50);
  g_assert_cmpuint (accepted, >, 5);
  g_assert_cmpuint (not_divisible, >, 50);
  g_assert_cmpuint (figures, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/views-agree/nearest-layouts", test_views_nearest_layouts);
  g_test_add_func ("/planner/views-agree/expert-facts", test_views_expert_facts);

  return g_test_run ();
}
