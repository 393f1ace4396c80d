/* test-layout-facts.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-analyze.h"
#include "planner-job.h"
#include "planner-layout-facts.h"

static PlannerLayoutFacts *
facts_for (PlannerJob *job)
{
  g_autoptr(PlannerReport) report = planner_analyze_job (job);

  return planner_layout_facts_new (report);
}

/* The example: LLaMA-3 70B (80 layers) on 8 × 8 H100, TP 4 × PP 4, DP 4,
 * global batch 128 of micro-batch 1: 32 microbatches per replica. */
static void
test_facts_example (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerLayoutFacts) facts = facts_for (job);

  g_assert_cmpuint (facts->num_microbatches, ==, 32);
  g_assert_cmpfloat_with_epsilon (facts->bubble_fraction, 3.0 / 32.0, 1e-12);
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_TP], ==,
                   "Each layer split over 4 GPUs · in one NVLink domain (8 GPUs)");
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_PP], ==, "20 layers per stage on 4 stages");
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_VPP], ==, "No interleaving · pipeline bubble 9.4%: (p − 1)/m");
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_CP], ==, "Each GPU sees whole sequences of 4096 tokens");
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_DP], ==,
                   "What is left: 64 GPUs ÷ (TP 4 × CP 1 × PP 4) · 32 microbatches of 1 per step");
  /* A dense model says nothing about experts. */
  g_assert_null (facts->text[PLANNER_DEGREE_EP]);
  g_assert_null (facts->text[PLANNER_DEGREE_ETP]);
}

/* Interleaving divides the bubble by v; TP 16 leaves the 8-GPU domain. */
static void
test_facts_vpp_and_domain (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerLayoutFacts) facts = NULL;
  g_autoptr(PlannerLayoutFacts) wide = NULL;

  g_object_set (job, "vpp", 5, NULL);
  facts = facts_for (job);
  g_assert_cmpfloat_with_epsilon (facts->bubble_fraction, 3.0 / (5.0 * 32.0), 1e-12);
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_VPP], ==, "5 chunks of 4 layers on each rank · bubble 1.9% instead of 9.4%");

  g_object_set (job, "vpp", 1, "tp", 16, "pp", 4, NULL);
  wide = facts_for (job);
  g_assert_nonnull (strstr (wide->text[PLANNER_DEGREE_TP], "across NVLink domains of 8 GPUs"));
  /* DP 1: every one of the 128 samples is a microbatch of this replica. */
  g_assert_cmpuint (wide->num_microbatches, ==, 128);
}

/* Mixtral 8×7B with EP 8 on 64 GPUs: one expert per GPU. */
static void
test_facts_moe (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerLayoutFacts) facts = NULL;

  g_object_set (job, "model-id", "mixtral-8x7b", "tp", 1, "pp", 4, "ep", 8, NULL);
  facts = facts_for (job);
  g_assert_nonnull (facts->text[PLANNER_DEGREE_EP]);
  g_assert_true (g_str_has_prefix (facts->text[PLANNER_DEGREE_EP], "8 experts, 1 per GPU · carved out of data parallel (EDP 2)"));
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_ETP], ==, "Each expert whole on one GPU");
  g_assert_cmpstr (facts->text[PLANNER_DEGREE_PP], ==, "8 layers per stage on 4 stages");
}

/* Degrees that form no layout: nothing to say, nothing made up. */
static void
test_facts_invalid (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerLayoutFacts) facts = NULL;

  g_object_set (job, "tp", 3, NULL);
  facts = facts_for (job);
  for (guint i = 0; i < PLANNER_N_DEGREES; i++)
    g_assert_null (facts->text[i]);
  g_assert_cmpuint (facts->num_microbatches, ==, 0);
  g_assert_cmpfloat (facts->bubble_fraction, ==, 0.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/planner/layout-facts/example", test_facts_example);
  g_test_add_func ("/planner/layout-facts/vpp-and-domain", test_facts_vpp_and_domain);
  g_test_add_func ("/planner/layout-facts/moe", test_facts_moe);
  g_test_add_func ("/planner/layout-facts/invalid", test_facts_invalid);
  return g_test_run ();
}
