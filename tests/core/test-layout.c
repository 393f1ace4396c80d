/* test-layout.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "planner-layout.h"

static PlannerLayout
make_layout (guint64          world,
             guint64          tp,
             guint64          pp,
             guint64          cp,
             guint64          ep,
             guint64          etp,
             PlannerRankOrder order)
{
  PlannerLayout layout;
  g_autoptr(GError) error = NULL;

  memset (&layout, 0, sizeof layout);
  if (!planner_layout_init (&layout, world, tp, pp, cp, ep, etp, 1, order, &error))
    g_error ("layout %" G_GUINT64_FORMAT ": %s", world, error->message);
  return layout;
}

/* Renders groups as "0,1 2,3 …": one space between groups, commas inside. */
static char *
groups_to_string (const PlannerGroups *groups)
{
  GString *out = g_string_new (NULL);

  for (guint32 g = 0; g < groups->n_groups; g++)
    {
      const guint32 *group = planner_groups_get_group (groups, g);

      if (g > 0)
        g_string_append_c (out, ' ');
      for (guint32 j = 0; j < groups->group_size; j++)
        g_string_append_printf (out, j ? ",%u" : "%u", group[j]);
    }

  return g_string_free (out, FALSE);
}

static void
assert_groups (const PlannerLayout *layout,
               PlannerGroupKind     kind,
               const char          *expected)
{
  g_autoptr(PlannerGroups) groups = planner_groups_new (layout, kind);
  g_autofree char *actual = NULL;

  g_assert_nonnull (groups);
  actual = groups_to_string (groups);
  if (g_strcmp0 (actual, expected) != 0)
    g_error ("%s groups: got “%s”, expected “%s”",
             planner_group_kind_to_string (kind), actual, expected);
}

#define SINGLETONS_16 "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
#define PAIRS_16      "0,1 2,3 4,5 6,7 8,9 10,11 12,13 14,15"
#define PAIRS_32      PAIRS_16 " 16,17 18,19 20,21 22,23 24,25 26,27 28,29 30,31"

/* facts §1.6, example 1: world 16, tp 2, pp 2, cp 1, default order. */
static void
test_example1 (void)
{
  PlannerLayout l = make_layout (16, 2, 2, 1, 1, 0, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);

  g_assert_cmpuint (l.dp, ==, 4);
  g_assert_cmpuint (l.etp, ==, 2);
  g_assert_cmpuint (l.expert_dp, ==, 4);
  g_assert_cmpuint (l.num_distributed_optimizer_instances, ==, 1);

  assert_groups (&l, PLANNER_GROUP_TP, PAIRS_16);
  assert_groups (&l, PLANNER_GROUP_DP, "0,2,4,6 1,3,5,7 8,10,12,14 9,11,13,15");
  assert_groups (&l, PLANNER_GROUP_DP_CP, "0,2,4,6 1,3,5,7 8,10,12,14 9,11,13,15");
  assert_groups (&l, PLANNER_GROUP_PP, "0,8 1,9 2,10 3,11 4,12 5,13 6,14 7,15");
  assert_groups (&l, PLANNER_GROUP_CP, SINGLETONS_16);
  assert_groups (&l, PLANNER_GROUP_TP_PP, "0,1,8,9 2,3,10,11 4,5,12,13 6,7,14,15");
  assert_groups (&l, PLANNER_GROUP_TP_DP, "0,1,2,3,4,5,6,7 8,9,10,11,12,13,14,15");
  assert_groups (&l, PLANNER_GROUP_TP_DP_CP, "0,1,2,3,4,5,6,7 8,9,10,11,12,13,14,15");
  assert_groups (&l, PLANNER_GROUP_TP_CP, PAIRS_16);
  assert_groups (&l, PLANNER_GROUP_EMBEDDING, "0,8 1,9 2,10 3,11 4,12 5,13 6,14 7,15");
  assert_groups (&l, PLANNER_GROUP_POSITION_EMBEDDING, "0 1 2 3 4 5 6 7");
  /* Expert side: etp = tp, expert_dp = dp, ep singletons. */
  assert_groups (&l, PLANNER_GROUP_ETP, PAIRS_16);
  assert_groups (&l, PLANNER_GROUP_EXPERT_DP, "0,2,4,6 1,3,5,7 8,10,12,14 9,11,13,15");
  assert_groups (&l, PLANNER_GROUP_EP, SINGLETONS_16);
  assert_groups (&l, PLANNER_GROUP_ETP_EP, PAIRS_16);
  assert_groups (&l, PLANNER_GROUP_ETP_EP_PP, "0,1,8,9 2,3,10,11 4,5,12,13 6,7,14,15");
}

static void
test_example1_mapping (void)
{
  PlannerLayout l = make_layout (16, 2, 2, 1, 1, 0, PLANNER_RANK_ORDER_TP_CP_EP_PP_DP);

  g_assert_cmpuint (l.dp, ==, 4);
  assert_groups (&l, PLANNER_GROUP_TP, PAIRS_16);
  assert_groups (&l, PLANNER_GROUP_PP, "0,2 1,3 4,6 5,7 8,10 9,11 12,14 13,15");
  assert_groups (&l, PLANNER_GROUP_DP, "0,4,8,12 1,5,9,13 2,6,10,14 3,7,11,15");
  assert_groups (&l, PLANNER_GROUP_TP_PP, "0,1,2,3 4,5,6,7 8,9,10,11 12,13,14,15");
  assert_groups (&l, PLANNER_GROUP_POSITION_EMBEDDING, "0 1 4 5 8 9 12 13");
  assert_groups (&l, PLANNER_GROUP_EMBEDDING, "0,2 1,3 4,6 5,7 8,10 9,11 12,14 13,15");
  /* The expert grid follows the same order and its pp groups must match. */
  assert_groups (&l, PLANNER_GROUP_EXPERT_DP, "0,4,8,12 1,5,9,13 2,6,10,14 3,7,11,15");
}

/* facts §1.6, example 2: MoE, world 32, tp 2, pp 1, cp 1, ep 4. */
static void
test_example2 (void)
{
  PlannerLayout a = make_layout (32, 2, 1, 1, 4, 0, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  PlannerLayout b = make_layout (32, 2, 1, 1, 4, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);

  g_assert_cmpuint (a.dp, ==, 16);
  g_assert_cmpuint (a.etp, ==, 2);
  g_assert_cmpuint (a.expert_dp, ==, 4);
  g_assert_cmpuint (b.etp, ==, 1);
  g_assert_cmpuint (b.expert_dp, ==, 8);

  /* Dense groups are the same for both. */
  assert_groups (&a, PLANNER_GROUP_TP, PAIRS_32);
  assert_groups (&a, PLANNER_GROUP_DP,
                 "0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30 "
                 "1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31");
  assert_groups (&b, PLANNER_GROUP_TP, PAIRS_32);
  assert_groups (&b, PLANNER_GROUP_DP,
                 "0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30 "
                 "1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31");

  /* (a) etp = tp = 2. */
  assert_groups (&a, PLANNER_GROUP_EP,
                 "0,2,4,6 1,3,5,7 8,10,12,14 9,11,13,15 16,18,20,22 17,19,21,23 24,26,28,30 25,27,29,31");
  assert_groups (&a, PLANNER_GROUP_ETP, PAIRS_32);
  assert_groups (&a, PLANNER_GROUP_ETP_EP,
                 "0,1,2,3,4,5,6,7 8,9,10,11,12,13,14,15 16,17,18,19,20,21,22,23 24,25,26,27,28,29,30,31");
  assert_groups (&a, PLANNER_GROUP_EXPERT_DP,
                 "0,8,16,24 1,9,17,25 2,10,18,26 3,11,19,27 4,12,20,28 5,13,21,29 6,14,22,30 7,15,23,31");

  /* (b) etp 1. */
  assert_groups (&b, PLANNER_GROUP_EP,
                 "0,1,2,3 4,5,6,7 8,9,10,11 12,13,14,15 16,17,18,19 20,21,22,23 24,25,26,27 28,29,30,31");
  assert_groups (&b, PLANNER_GROUP_ETP,
                 SINGLETONS_16 " 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31");
  assert_groups (&b, PLANNER_GROUP_EXPERT_DP,
                 "0,4,8,12,16,20,24,28 1,5,9,13,17,21,25,29 2,6,10,14,18,22,26,30 3,7,11,15,19,23,27,31");
}

/* facts §1.6, example 3: world 16, tp 2, cp 2, pp 2. */
static void
test_example3 (void)
{
  PlannerLayout l = make_layout (16, 2, 2, 2, 1, 0, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  PlannerLayout mapped;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (l.dp, ==, 2);
  g_assert_cmpuint (l.expert_dp, ==, 4);

  assert_groups (&l, PLANNER_GROUP_TP, PAIRS_16);
  assert_groups (&l, PLANNER_GROUP_CP, "0,2 1,3 4,6 5,7 8,10 9,11 12,14 13,15");
  assert_groups (&l, PLANNER_GROUP_DP, "0,4 1,5 2,6 3,7 8,12 9,13 10,14 11,15");
  assert_groups (&l, PLANNER_GROUP_DP_CP, "0,2,4,6 1,3,5,7 8,10,12,14 9,11,13,15");
  assert_groups (&l, PLANNER_GROUP_TP_CP, "0,1,2,3 4,5,6,7 8,9,10,11 12,13,14,15");
  assert_groups (&l, PLANNER_GROUP_TP_DP, "0,1,4,5 2,3,6,7 8,9,12,13 10,11,14,15");
  assert_groups (&l, PLANNER_GROUP_TP_DP_CP, "0,1,2,3,4,5,6,7 8,9,10,11,12,13,14,15");
  assert_groups (&l, PLANNER_GROUP_PP, "0,8 1,9 2,10 3,11 4,12 5,13 6,14 7,15");
  assert_groups (&l, PLANNER_GROUP_TP_PP, "0,1,8,9 2,3,10,11 4,5,12,13 6,7,14,15");
  assert_groups (&l, PLANNER_GROUP_EXPERT_DP, "0,2,4,6 1,3,5,7 8,10,12,14 9,11,13,15");

  g_assert_false (planner_layout_init (&mapped, 16, 2, 2, 2, 1, 0, 1,
                                       PLANNER_RANK_ORDER_TP_CP_EP_PP_DP, &error));
  g_assert_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_MAPPING);
  g_assert_nonnull (strstr (error->message,
                            "When not using pp-last rank ordering, the data parallel size of the "
                            "attention and moe layers must be the same"));
  g_assert_nonnull (strstr (error->message, "expert data parallel 4 ≠ data parallel 2"));
}

/* facts §1.6: examples/mixtral on one 8-GPU node. */
static void
test_mixtral_rejected (void)
{
  PlannerLayout l;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) near = NULL;
  const PlannerLayout *n;

  g_assert_false (planner_layout_init (&l, 8, 1, 4, 1, 8, 0, 1,
                                       PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE);
  g_assert_nonnull (strstr (error->message,
                            "world_size (8) is not divisible by "
                            "expert_tensor_model_pipeline_parallel size (32)"));
  g_assert_nonnull (strstr (error->message, "etp 1 × ep 8 × pp 4"));
  g_clear_error (&error);

  /* The README's TP1EP8PP4 on 32 GPUs is fine. */
  g_assert_true (planner_layout_init (&l, 32, 1, 4, 1, 8, 0, 1,
                                      PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (l.expert_dp, ==, 1);
  g_assert_cmpuint (l.dp, ==, 8);

  /* Distances by hand (log2): three layouts at 2 (pp or ep moved), then
   * the distance-3 ones in tp, pp, cp, ep order. */
  near = planner_layout_nearest_valid (8, 1, 4, 1, 8, 0, 8, 5);
  g_assert_cmpuint (near->len, ==, 5);
  n = &g_array_index (near, PlannerLayout, 0);
  g_assert_cmpuint (n->tp, ==, 1); g_assert_cmpuint (n->pp, ==, 1);
  g_assert_cmpuint (n->cp, ==, 1); g_assert_cmpuint (n->ep, ==, 8);
  g_assert_cmpuint (n->etp, ==, 1);
  n = &g_array_index (near, PlannerLayout, 1);
  g_assert_cmpuint (n->pp, ==, 2); g_assert_cmpuint (n->cp, ==, 1); g_assert_cmpuint (n->ep, ==, 4);
  n = &g_array_index (near, PlannerLayout, 2);
  g_assert_cmpuint (n->pp, ==, 4); g_assert_cmpuint (n->cp, ==, 1); g_assert_cmpuint (n->ep, ==, 2);
  n = &g_array_index (near, PlannerLayout, 3);
  g_assert_cmpuint (n->tp, ==, 1); g_assert_cmpuint (n->pp, ==, 1);
  g_assert_cmpuint (n->cp, ==, 1); g_assert_cmpuint (n->ep, ==, 4);
  n = &g_array_index (near, PlannerLayout, 4);
  g_assert_cmpuint (n->tp, ==, 1); g_assert_cmpuint (n->pp, ==, 1);
  g_assert_cmpuint (n->cp, ==, 2); g_assert_cmpuint (n->ep, ==, 8);
}

static void
test_nearest_valid (void)
{
  g_autoptr(GArray) near = NULL;
  g_autoptr(GArray) dense = NULL;
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) exact = NULL;
  g_autoptr(GArray) experts = NULL;
  const PlannerLayout *n;

  /* Example 3 under the mapping, dense: two layouts at distance 1, then
   * the distance-2 ones by tp, pp, cp (worked out by hand). */
  dense = planner_layout_nearest_valid_full (16, 2, 2, 2, 1, 0, 1,
                                             PLANNER_RANK_ORDER_TP_CP_EP_PP_DP, 0, 5);
  g_assert_cmpuint (dense->len, ==, 5);
  {
    static const guint32 want[5][3] = { { 2, 1, 2 }, { 2, 2, 1 }, { 1, 1, 2 }, { 1, 2, 1 }, { 2, 1, 1 } };

    for (guint i = 0; i < 5; i++)
      {
        n = &g_array_index (dense, PlannerLayout, i);
        g_assert_cmpuint (n->tp, ==, want[i][0]);
        g_assert_cmpuint (n->pp, ==, want[i][1]);
        g_assert_cmpuint (n->cp, ==, want[i][2]);
        g_assert_cmpuint (n->ep, ==, 1);
        g_assert_cmpuint (n->etp, ==, n->tp);
      }
  }

  /* The same as MoE with 8 experts: ep 2 makes etp·ep = tp·cp. */
  near = planner_layout_nearest_valid_full (16, 2, 2, 2, 1, 0, 1,
                                            PLANNER_RANK_ORDER_TP_CP_EP_PP_DP, 8, 3);
  g_assert_cmpuint (near->len, ==, 3);
  n = &g_array_index (near, PlannerLayout, 0);
  g_assert_cmpuint (n->tp, ==, 2); g_assert_cmpuint (n->pp, ==, 1);
  g_assert_cmpuint (n->cp, ==, 2); g_assert_cmpuint (n->ep, ==, 1);
  n = &g_array_index (near, PlannerLayout, 1);
  g_assert_cmpuint (n->tp, ==, 2); g_assert_cmpuint (n->pp, ==, 2);
  g_assert_cmpuint (n->cp, ==, 1); g_assert_cmpuint (n->ep, ==, 1);
  n = &g_array_index (near, PlannerLayout, 2);
  g_assert_cmpuint (n->tp, ==, 2); g_assert_cmpuint (n->pp, ==, 2);
  g_assert_cmpuint (n->cp, ==, 2); g_assert_cmpuint (n->ep, ==, 2);
  g_assert_cmpuint (n->etp, ==, 2);
  g_assert_true (n->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP);

  /* A valid request is its own nearest layout. */
  exact = planner_layout_nearest_valid (64, 4, 4, 1, 1, 0, 0, 1);
  g_assert_cmpuint (exact->len, ==, 1);
  n = &g_array_index (exact, PlannerLayout, 0);
  g_assert_cmpuint (n->tp, ==, 4); g_assert_cmpuint (n->pp, ==, 4); g_assert_cmpuint (n->dp, ==, 4);

  /* ep must divide the number of experts: 6 GPUs, 4 experts, ask ep 3. */
  experts = planner_layout_nearest_valid (6, 1, 1, 1, 3, 1, 4, 10);
  g_assert_cmpuint (experts->len, >, 0);
  for (guint i = 0; i < experts->len; i++)
    g_assert_cmpuint (4 % g_array_index (experts, PlannerLayout, i).ep, ==, 0);

  /* Nonsense worlds give nothing rather than crashing. */
  none = planner_layout_nearest_valid (0, 1, 1, 1, 1, 1, 0, 5);
  g_assert_cmpuint (none->len, ==, 0);
  g_array_unref (none);
  none = planner_layout_nearest_valid ((guint64) PLANNER_MAX_WORLD_SIZE + 1, 1, 1, 1, 1, 1, 0, 5);
  g_assert_cmpuint (none->len, ==, 0);
  g_array_unref (none);
  none = planner_layout_nearest_valid (7, G_MAXUINT64, G_MAXUINT64, 0, 0, 0, 0, 4);
  g_assert_cmpuint (none->len, ==, 4);

  /* The largest world with the most divisors below the cap stays fast. */
  g_array_unref (none);
  none = planner_layout_nearest_valid (720720, 3, 5, 7, 11, 13, 0, 10);
  g_assert_cmpuint (none->len, ==, 10);
  n = &g_array_index (none, PlannerLayout, 0);
  g_assert_cmpuint (n->tp, ==, 3); g_assert_cmpuint (n->pp, ==, 5);
  g_assert_cmpuint (n->cp, ==, 7); g_assert_cmpuint (n->ep, ==, 11);
  g_assert_cmpuint (n->etp, ==, 13);
}

static void
assert_init_fails (guint64             world,
                   guint64             tp,
                   guint64             pp,
                   guint64             cp,
                   guint64             ep,
                   guint64             etp,
                   guint64             vpp,
                   PlannerLayoutError  code,
                   const char         *substring)
{
  PlannerLayout l;
  g_autoptr(GError) error = NULL;

  memset (&l, 0x5a, sizeof l);
  g_assert_false (planner_layout_init (&l, world, tp, pp, cp, ep, etp, vpp,
                                       PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_error (error, PLANNER_LAYOUT_ERROR, (gint) code);
  if (strstr (error->message, substring) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, substring);
}

static void
test_init_errors (void)
{
  assert_init_fails (0, 1, 1, 1, 1, 0, 1, PLANNER_LAYOUT_ERROR_INVALID, "world_size must be at least 1");
  assert_init_fails (8, 0, 1, 1, 1, 0, 1, PLANNER_LAYOUT_ERROR_INVALID, "tp must be at least 1");
  assert_init_fails (8, 1, 0, 1, 1, 0, 1, PLANNER_LAYOUT_ERROR_INVALID, "pp must be at least 1");
  assert_init_fails (8, 1, 1, 0, 1, 0, 1, PLANNER_LAYOUT_ERROR_INVALID, "cp must be at least 1");
  assert_init_fails (8, 1, 1, 1, 0, 0, 1, PLANNER_LAYOUT_ERROR_INVALID, "ep must be at least 1");
  assert_init_fails ((guint64) PLANNER_MAX_WORLD_SIZE + 1, 1, 1, 1, 1, 0, 1,
                     PLANNER_LAYOUT_ERROR_INVALID, "larger than the supported maximum of 1048576");
  assert_init_fails (G_MAXUINT64, 1, 1, 1, 1, 0, 1,
                     PLANNER_LAYOUT_ERROR_INVALID, "world_size (18446744073709551615)");
  assert_init_fails (8, 16, 1, 1, 1, 0, 1, PLANNER_LAYOUT_ERROR_INVALID,
                     "tp (16) is larger than world_size (8)");
  /* Would overflow 64 bits if multiplied blindly. */
  assert_init_fails (1024, G_MAXUINT64, G_MAXUINT64, G_MAXUINT64, 1, 0, 1,
                     PLANNER_LAYOUT_ERROR_INVALID, "tp (18446744073709551615)");
  assert_init_fails (8, 1, 1, 1, 1 << 20, 0, 1, PLANNER_LAYOUT_ERROR_INVALID, "ep (1048576)");
  assert_init_fails (12, 2, 1, 1, 1, 1ull << 33, 1, PLANNER_LAYOUT_ERROR_INVALID, "etp (8589934592)");
  assert_init_fails (12, 2, 2, 2, 1, 0, 1, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
                     "world_size (12) is not divisible by 8: tp 2 × pp 2 × cp 2 must divide");
  assert_init_fails (12, 3, 1, 1, 8, 0, 1, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
                     "world_size (12) is not divisible by expert_tensor_model_pipeline_parallel size (24)");
  assert_init_fails (8, 2, 1, 1, 1, 0, 4, PLANNER_LAYOUT_ERROR_INVALID,
                     "pipeline-model-parallel size should be greater than 1 with interleaved schedule");
  assert_init_fails (8, 2, 2, 1, 1, 0, G_MAXUINT64, PLANNER_LAYOUT_ERROR_INVALID, "vpp");
}

static void
test_init_defaults (void)
{
  PlannerLayout l;
  g_autoptr(GError) error = NULL;

  g_assert_true (planner_layout_init (&l, 64, 4, 4, 1, 1, 0, 0,
                                      PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (l.world_size, ==, 64);
  g_assert_cmpuint (l.dp, ==, 4);
  g_assert_cmpuint (l.etp, ==, 4);
  g_assert_cmpuint (l.expert_dp, ==, 4);
  g_assert_cmpuint (l.vpp, ==, 1);

  g_assert_true (planner_layout_init (&l, 64, 4, 4, 1, 1, 0, 3,
                                      PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, &error));
  g_assert_cmpuint (l.vpp, ==, 3);

  /* The mapping rule only bites with pp > 1. */
  g_assert_true (planner_layout_init (&l, 16, 2, 1, 2, 1, 0, 1,
                                      PLANNER_RANK_ORDER_TP_CP_EP_PP_DP, &error));
  /* …and passes when etp·ep = tp·cp. */
  g_assert_true (planner_layout_init (&l, 16, 2, 2, 2, 2, 2, 1,
                                      PLANNER_RANK_ORDER_TP_CP_EP_PP_DP, &error));
  g_assert_cmpuint (l.dp, ==, l.expert_dp);
}

static void
test_distributed_optimizer (void)
{
  /* tp 4, pp 2, cp 2 → dp 2, dp·cp 4; etp 1, ep 2 → expert_dp 8. */
  PlannerLayout l = make_layout (32, 4, 2, 2, 2, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  PlannerLayout m = make_layout (32, 1, 1, 1, 8, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (l.dp, ==, 2);
  g_assert_cmpuint (l.expert_dp, ==, 8);
  g_assert_true (planner_layout_set_distributed_optimizer_instances (&l, 4, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (l.num_distributed_optimizer_instances, ==, 4);

  g_assert_false (planner_layout_set_distributed_optimizer_instances (&l, 8, &error));
  g_assert_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE);
  g_assert_nonnull (strstr (error->message, "dp 2 × cp 2 = 4"));
  g_assert_cmpuint (l.num_distributed_optimizer_instances, ==, 4);
  g_clear_error (&error);

  g_assert_false (planner_layout_set_distributed_optimizer_instances (&l, 0, &error));
  g_assert_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID);
  g_clear_error (&error);

  /* dp 32 but expert_dp 4. */
  g_assert_cmpuint (m.dp, ==, 32);
  g_assert_cmpuint (m.expert_dp, ==, 4);
  g_assert_false (planner_layout_set_distributed_optimizer_instances (&m, 8, &error));
  g_assert_nonnull (strstr (error->message, "Expert data parallel size"));
  g_clear_error (&error);
  g_assert_false (planner_layout_set_distributed_optimizer_instances (&m, G_MAXUINT64, &error));
  g_clear_error (&error);
}

static void
test_describe (void)
{
  PlannerLayout l = make_layout (64, 4, 4, 1, 1, 0, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  PlannerLayout e = make_layout (64, 1, 1, 1, 8, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  g_autofree char *a = planner_layout_describe (&l);
  g_autofree char *b = planner_layout_describe_expert (&e);

  g_assert_cmpstr (a, ==, "TP 4 \xc3\x97 CP 1 \xc3\x97 DP 4 \xc3\x97 PP 4 = 64 GPUs");
  g_assert_cmpstr (b, ==, "ETP 1 \xc3\x97 EP 8 \xc3\x97 EDP 8 \xc3\x97 PP 1 = 64 GPUs");
  g_assert_cmpstr (planner_rank_order_to_string (PLANNER_RANK_ORDER_TP_CP_EP_DP_PP), ==, "tp-cp-ep-dp-pp");
  g_assert_cmpstr (planner_rank_order_to_string (PLANNER_RANK_ORDER_TP_CP_EP_PP_DP), ==, "tp-cp-ep-pp-dp");
}

static void
test_kind_strings (void)
{
  static const char * const names[] = {
    "tp", "pp", "dp", "cp", "dp_cp", "tp_pp", "tp_dp", "tp_dp_cp", "tp_cp",
    "ep", "etp", "etp_ep", "etp_ep_pp", "expert_dp", "embedding", "position_embedding",
  };
  PlannerGroupKind kind;

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == PLANNER_N_GROUP_KINDS);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_cmpstr (planner_group_kind_to_string ((PlannerGroupKind) i), ==, names[i]);
      g_assert_true (planner_group_kind_from_string (names[i], &kind));
      g_assert_cmpint (kind, ==, (PlannerGroupKind) i);
    }
  g_assert_null (planner_group_kind_to_string (PLANNER_N_GROUP_KINDS));
  g_assert_false (planner_group_kind_from_string ("dp-cp", &kind));
  g_assert_false (planner_group_kind_from_string ("", &kind));
  g_assert_false (planner_group_kind_from_string (NULL, &kind));
}

static void
test_coords (void)
{
  /* Example 3 plus experts: world 16, tp 2, cp 2, pp 2 (dp 2), ep 2, etp 1
   * → expert_dp 4.  Rank 13 = 1 + 2·0 + 4·1 + 8·1 on the dense grid and
   * 1·1 + 2·2 + 1·8 on the expert grid (etp 1, ep 2, edp 4). */
  PlannerLayout l = make_layout (16, 2, 2, 2, 2, 1, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  PlannerLayout bogus;
  PlannerRankCoords c;

  planner_layout_get_coords (&l, 13, 8, &c);
  g_assert_cmpuint (c.rank, ==, 13);
  g_assert_cmpuint (c.tp, ==, 1);
  g_assert_cmpuint (c.cp, ==, 0);
  g_assert_cmpuint (c.dp, ==, 1);
  g_assert_cmpuint (c.pp, ==, 1);
  g_assert_cmpuint (c.etp, ==, 0);
  g_assert_cmpuint (c.ep, ==, 1);
  g_assert_cmpuint (c.expert_dp, ==, 2);
  g_assert_cmpuint (c.node, ==, 1);
  g_assert_cmpuint (c.local_rank, ==, 5);

  planner_layout_get_coords (&l, 13, 0, &c);
  g_assert_cmpuint (c.node, ==, 0);
  g_assert_cmpuint (c.local_rank, ==, 13);

  planner_layout_get_coords (&l, 16, 8, &c);
  g_assert_cmpuint (c.tp, ==, PLANNER_RANK_NONE);
  g_assert_cmpuint (c.node, ==, PLANNER_RANK_NONE);

  g_assert_cmpuint (planner_layout_dense_rank (&l, 1, 0, 1, 1), ==, 13);
  g_assert_cmpuint (planner_layout_expert_rank (&l, 0, 1, 2, 1), ==, 13);
  g_assert_cmpuint (planner_layout_dense_rank (&l, 2, 0, 0, 0), ==, PLANNER_RANK_NONE);
  g_assert_cmpuint (planner_layout_expert_rank (&l, 0, 0, 4, 0), ==, PLANNER_RANK_NONE);

  /* A zeroed layout must not divide by zero. */
  memset (&bogus, 0, sizeof bogus);
  planner_layout_get_coords (&bogus, 0, 8, &c);
  g_assert_cmpuint (c.tp, ==, PLANNER_RANK_NONE);
  g_assert_cmpuint (planner_layout_dense_rank (&bogus, 0, 0, 0, 0), ==, PLANNER_RANK_NONE);
  g_assert_null (planner_groups_new (&bogus, PLANNER_GROUP_TP));
  g_assert_null (planner_groups_new (&l, PLANNER_N_GROUP_KINDS));
}

static void
test_find_and_nodes (void)
{
  PlannerLayout l = make_layout (16, 2, 2, 1, 1, 0, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  PlannerLayout three = make_layout (24, 2, 3, 1, 1, 0, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP);
  g_autoptr(PlannerGroups) tp = planner_groups_new (&l, PLANNER_GROUP_TP);
  g_autoptr(PlannerGroups) pp = planner_groups_new (&l, PLANNER_GROUP_PP);
  g_autoptr(PlannerGroups) dp = planner_groups_new (&l, PLANNER_GROUP_DP);
  g_autoptr(PlannerGroups) emb = planner_groups_new (&three, PLANNER_GROUP_EMBEDDING);
  g_autoptr(PlannerGroups) pos = planner_groups_new (&three, PLANNER_GROUP_POSITION_EMBEDDING);

  g_assert_cmpuint (planner_groups_find (tp, 5), ==, 2);
  g_assert_cmpuint (planner_groups_find (dp, 11), ==, 3);
  g_assert_cmpuint (planner_groups_find (pp, 15), ==, 7);
  g_assert_cmpuint (planner_groups_find (pp, 16), ==, PLANNER_GROUP_INDEX_NONE);
  g_assert_null (planner_groups_get_group (pp, 8));

  /* pp 3 over 24 GPUs: stages at 0-7, 8-15, 16-23. */
  g_assert_cmpuint (emb->group_size, ==, 2);
  g_assert_cmpuint (planner_groups_get_group (emb, 3)[0], ==, 3);
  g_assert_cmpuint (planner_groups_get_group (emb, 3)[1], ==, 19);
  g_assert_cmpuint (planner_groups_find (emb, 19), ==, 3);
  g_assert_cmpuint (planner_groups_find (emb, 11), ==, PLANNER_GROUP_INDEX_NONE);
  g_assert_cmpuint (planner_groups_find (pos, 3), ==, 3);
  g_assert_cmpuint (planner_groups_find (pos, 19), ==, PLANNER_GROUP_INDEX_NONE);

  /* 8 GPUs per node: tp and dp stay inside, pp spans nodes 0 and 1. */
  g_assert_false (planner_groups_cross_nodes (tp, 8));
  g_assert_false (planner_groups_cross_nodes (dp, 8));
  g_assert_true (planner_groups_cross_nodes (pp, 8));
  g_assert_true (planner_groups_cross_nodes (dp, 4));
  g_assert_true (planner_groups_cross_nodes (tp, 1));
  g_assert_false (planner_groups_cross_nodes (pp, 0));
  g_assert_false (planner_groups_cross_nodes (pp, 16));
}

/* Property sweep.  Everything here is computed from facts §1.1–1.3 in the
 * test's own words (closed-form coordinates, mixed radix), independently
 * of the library's grid code. */

typedef struct
{
  guint32 size[5];      /* order-string positions */
  const char *name[5];
} TestGrid;

static void
test_grid (TestGrid            *grid,
           const PlannerLayout *l,
           gboolean             expert)
{
  gboolean mapping = l->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP;
  guint32 t = expert ? l->etp : l->tp;
  guint32 c = expert ? 1 : l->cp;
  guint32 e = expert ? l->ep : 1;
  guint32 d = expert ? l->expert_dp : l->dp;

  grid->name[0] = "tp"; grid->size[0] = t;
  grid->name[1] = "cp"; grid->size[1] = c;
  grid->name[2] = "ep"; grid->size[2] = e;
  grid->name[3] = mapping ? "pp" : "dp"; grid->size[3] = mapping ? l->pp : d;
  grid->name[4] = mapping ? "dp" : "pp"; grid->size[4] = mapping ? d : l->pp;
}

/* Closed-form coordinates (facts §1.2, §1.3), in order-string positions. */
static void
closed_form (const PlannerLayout *l,
             gboolean             expert,
             guint32              r,
             guint32              coord[5])
{
  gboolean mapping = l->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP;

  if (!expert)
    {
      coord[0] = r % l->tp;
      coord[1] = (r / l->tp) % l->cp;
      coord[2] = 0;
      if (!mapping)
        {
          coord[3] = (r / (l->tp * l->cp)) % l->dp;
          coord[4] = r / (l->tp * l->cp * l->dp);
        }
      else
        {
          coord[3] = (r / (l->tp * l->cp)) % l->pp;
          coord[4] = r / (l->tp * l->cp * l->pp);
        }
    }
  else
    {
      coord[0] = r % l->etp;
      coord[1] = 0;
      coord[2] = (r / l->etp) % l->ep;
      if (!mapping)
        {
          coord[3] = (r / (l->etp * l->ep)) % l->expert_dp;
          coord[4] = r / (l->etp * l->ep * l->expert_dp);
        }
      else
        {
          coord[3] = (r / (l->etp * l->ep)) % l->pp;
          coord[4] = r / (l->etp * l->ep * l->pp);
        }
    }
}

static const struct
{
  PlannerGroupKind kind;
  gboolean         expert;
  const char      *token;   /* Megatron's token */
} sweep_kinds[] = {
  { PLANNER_GROUP_TP,        FALSE, "tp" },
  { PLANNER_GROUP_PP,        FALSE, "pp" },
  { PLANNER_GROUP_DP,        FALSE, "dp" },
  { PLANNER_GROUP_CP,        FALSE, "cp" },
  { PLANNER_GROUP_DP_CP,     FALSE, "dp-cp" },
  { PLANNER_GROUP_TP_PP,     FALSE, "tp-pp" },
  { PLANNER_GROUP_TP_DP,     FALSE, "tp-dp" },
  { PLANNER_GROUP_TP_DP_CP,  FALSE, "tp-dp-cp" },
  { PLANNER_GROUP_TP_CP,     FALSE, "tp-cp" },
  { PLANNER_GROUP_EP,        TRUE,  "ep" },
  { PLANNER_GROUP_ETP,       TRUE,  "tp" },
  { PLANNER_GROUP_ETP_EP,    TRUE,  "tp-ep" },
  { PLANNER_GROUP_ETP_EP_PP, TRUE,  "tp-ep-pp" },
  { PLANNER_GROUP_EXPERT_DP, TRUE,  "dp" },
};

static guint32
expected_group_size (const PlannerLayout *l,
                     PlannerGroupKind     kind)
{
  switch (kind)
    {
    case PLANNER_GROUP_TP:        return l->tp;
    case PLANNER_GROUP_PP:        return l->pp;
    case PLANNER_GROUP_DP:        return l->dp;
    case PLANNER_GROUP_CP:        return l->cp;
    case PLANNER_GROUP_DP_CP:     return l->dp * l->cp;
    case PLANNER_GROUP_TP_PP:     return l->tp * l->pp;
    case PLANNER_GROUP_TP_DP:     return l->tp * l->dp;
    case PLANNER_GROUP_TP_DP_CP:  return l->tp * l->dp * l->cp;
    case PLANNER_GROUP_TP_CP:     return l->tp * l->cp;
    case PLANNER_GROUP_EP:        return l->ep;
    case PLANNER_GROUP_ETP:       return l->etp;
    case PLANNER_GROUP_ETP_EP:    return l->etp * l->ep;
    case PLANNER_GROUP_ETP_EP_PP: return l->etp * l->ep * l->pp;
    case PLANNER_GROUP_EXPERT_DP: return l->expert_dp;
    case PLANNER_GROUP_EMBEDDING: return l->pp > 1 ? 2 : 1;
    case PLANNER_GROUP_POSITION_EMBEDDING: return 1;
    case PLANNER_N_GROUP_KINDS:
    default:
      g_assert_not_reached ();
    }
  return 0;
}

typedef struct
{
  guint       n_layouts;
  guint32    *seen;          /* world-sized scratch */
  guint32    *coords[2];     /* dense, expert: world × 5 */
  GHashTable *expert_seen;   /* expert grids already checked in this world */
} Sweep;

static void
sweep_prepare (Sweep               *sweep,
               const PlannerLayout *l)
{
  for (guint32 r = 0; r < l->world_size; r++)
    {
      closed_form (l, FALSE, r, sweep->coords[0] + (gsize) r * 5);
      closed_form (l, TRUE, r, sweep->coords[1] + (gsize) r * 5);
    }
}

static void
check_kind (Sweep               *sweep,
            const PlannerLayout *l,
            guint                k)
{
  g_autoptr(PlannerGroups) groups = planner_groups_new (l, sweep_kinds[k].kind);
  g_auto(GStrv) named = g_strsplit (sweep_kinds[k].token, "-", -1);
  guint32 world = l->world_size;
  guint32 size = expected_group_size (l, sweep_kinds[k].kind);
  TestGrid grid;
  gboolean in[5] = { FALSE, };
  guint32 mul_j[5], mul_g[5];   /* mixed-radix weights; 0 off the axis set */
  guint32 wj = 1, wg = 1;

  test_grid (&grid, l, sweep_kinds[k].expert);
  for (guint i = 0; named[i] != NULL; i++)
    for (guint p = 0; p < 5; p++)
      if (g_str_equal (named[i], grid.name[p]))
        in[p] = TRUE;

  /* Group index from the un-named axes, position from the named ones,
   * both leftmost fastest in order-string order. */
  for (guint p = 0; p < 5; p++)
    {
      mul_j[p] = in[p] ? wj : 0;
      mul_g[p] = in[p] ? 0 : wg;
      if (in[p])
        wj *= grid.size[p];
      else
        wg *= grid.size[p];
    }

  g_assert_nonnull (groups);
  g_assert_cmpuint (groups->group_size, ==, size);
  g_assert_cmpuint ((guint64) groups->n_groups * size, ==, world);
  memset (sweep->seen, 0, sizeof (guint32) * world);

  for (guint32 g = 0; g < groups->n_groups; g++)
    {
      const guint32 *group = planner_groups_get_group (groups, g);

      for (guint32 j = 0; j < size; j++)
        {
          guint32 r = group[j];
          const guint32 *co = sweep->coords[sweep_kinds[k].expert] + (gsize) r * 5;
          guint32 want_j = co[0] * mul_j[0] + co[1] * mul_j[1] + co[2] * mul_j[2]
                           + co[3] * mul_j[3] + co[4] * mul_j[4];
          guint32 want_g = co[0] * mul_g[0] + co[1] * mul_g[1] + co[2] * mul_g[2]
                           + co[3] * mul_g[3] + co[4] * mul_g[4];

          /* Plain ifs: this loop runs a few hundred million times. */
          if (r >= world || sweep->seen[r] != 0)
            g_error ("%s: rank %u out of range or listed twice",
                     planner_group_kind_to_string (sweep_kinds[k].kind), r);
          sweep->seen[r] = 1;
          if (planner_groups_find (groups, r) != g)
            g_error ("%s: find (%u) = %u, expected %u",
                     planner_group_kind_to_string (sweep_kinds[k].kind), r,
                     planner_groups_find (groups, r), g);
          if (want_j != j || want_g != g)
            g_error ("world %u tp %u pp %u cp %u ep %u etp %u %s: rank %u at group %u pos %u, "
                     "expected group %u pos %u", world, l->tp, l->pp, l->cp, l->ep, l->etp,
                     planner_group_kind_to_string (sweep_kinds[k].kind), r, g, j, want_g, want_j);
        }
    }
}

static void
check_coords (Sweep               *sweep,
              const PlannerLayout *l,
              gboolean             expert_only)
{
  gboolean mapping = l->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP;

  for (guint32 r = 0; r < l->world_size; r++)
    {
      const guint32 *d = sweep->coords[0] + (gsize) r * 5;
      const guint32 *e = sweep->coords[1] + (gsize) r * 5;
      PlannerRankCoords c;
      gboolean ok;

      planner_layout_get_coords (l, r, 8, &c);
      ok = c.rank == r && c.node == r / 8 && c.local_rank == r % 8
           && c.etp == e[0] && c.ep == e[2] && c.expert_dp == (mapping ? e[4] : e[3])
           /* Both grids agree on the pipeline stage (Megatron asserts it). */
           && c.pp == (mapping ? e[3] : e[4])
           && planner_layout_expert_rank (l, c.etp, c.ep, c.expert_dp, c.pp) == r;
      if (ok && !expert_only)
        ok = c.tp == d[0] && c.cp == d[1]
             && c.dp == (mapping ? d[4] : d[3]) && c.pp == (mapping ? d[3] : d[4])
             && planner_layout_dense_rank (l, c.tp, c.cp, c.dp, c.pp) == r;
      if (!ok)
        g_error ("world %u tp %u pp %u cp %u ep %u etp %u: coordinates of rank %u differ "
                 "from facts §1.2/§1.3", l->world_size, l->tp, l->pp, l->cp, l->ep, l->etp, r);
    }
}

static void
check_embedding (const PlannerLayout *l)
{
  g_autoptr(PlannerGroups) pp = planner_groups_new (l, PLANNER_GROUP_PP);
  g_autoptr(PlannerGroups) emb = planner_groups_new (l, PLANNER_GROUP_EMBEDDING);
  g_autoptr(PlannerGroups) pos = planner_groups_new (l, PLANNER_GROUP_POSITION_EMBEDDING);

  g_assert_cmpuint (emb->n_groups, ==, pp->n_groups);
  g_assert_cmpuint (pos->n_groups, ==, pp->n_groups);
  g_assert_cmpuint (emb->group_size, ==, expected_group_size (l, PLANNER_GROUP_EMBEDDING));
  g_assert_cmpuint (pos->group_size, ==, 1);
  for (guint32 g = 0; g < pp->n_groups; g++)
    {
      const guint32 *p = planner_groups_get_group (pp, g);
      const guint32 *e = planner_groups_get_group (emb, g);

      g_assert_cmpuint (e[0], ==, p[0]);
      if (l->pp > 1)
        g_assert_cmpuint (e[1], ==, p[l->pp - 1]);
      g_assert_cmpuint (planner_groups_get_group (pos, g)[0], ==, p[0]);
      for (guint32 s = 0; s < l->pp; s++)
        {
          g_assert_cmpuint (planner_groups_find (emb, p[s]), ==,
                            (s == 0 || s == l->pp - 1) ? g : PLANNER_GROUP_INDEX_NONE);
          g_assert_cmpuint (planner_groups_find (pos, p[s]), ==,
                            s == 0 ? g : PLANNER_GROUP_INDEX_NONE);
        }
    }
}

static gboolean
sweep_dense (const PlannerLayout *l,
             gpointer             user_data)
{
  Sweep *sweep = user_data;

  /* With pp 1 or dp 1 the mapped grid is the default one, already swept;
   * a thorough run checks it anyway. */
  if (l->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP && (l->pp == 1 || l->dp == 1)
      && !g_test_thorough ())
    return TRUE;

  sweep_prepare (sweep, l);
  /* The expert kinds of these layouts (ep 1, etp = tp) are grids the
   * expert sweep checks; a thorough run checks them here too. */
  for (guint k = 0; k < G_N_ELEMENTS (sweep_kinds); k++)
    if (!sweep_kinds[k].expert || g_test_thorough ())
      check_kind (sweep, l, k);
  check_coords (sweep, l, FALSE);
  check_embedding (l);
  sweep->n_layouts++;
  return TRUE;
}

static gboolean
sweep_expert (const PlannerLayout *l,
              gpointer             user_data)
{
  Sweep *sweep = user_data;

  /* etp ∈ {1, tp} as Megatron users pick it; the dense kinds were swept. */
  if (l->etp != 1 && l->etp != l->tp)
    return TRUE;
  /* The expert grid depends only on etp, ep, pp and the order; cp and tp
   * only decide validity.  Check each distinct grid once per world unless
   * the run is thorough. */
  if (!g_test_thorough ())
    {
      char buf[64];

      /* With pp 1 or expert_dp 1 the mapped grid is the default one. */
      if (l->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP && (l->pp == 1 || l->expert_dp == 1))
        return TRUE;

      g_snprintf (buf, sizeof buf, "%u/%u/%u/%d", l->etp, l->ep, l->pp, (int) l->order);
      if (g_hash_table_contains (sweep->expert_seen, buf))
        return TRUE;
      g_hash_table_add (sweep->expert_seen, g_strdup (buf));
    }
  sweep_prepare (sweep, l);
  for (guint k = 0; k < G_N_ELEMENTS (sweep_kinds); k++)
    if (sweep_kinds[k].expert)
      check_kind (sweep, l, k);
  check_coords (sweep, l, TRUE);
  sweep->n_layouts++;
  return TRUE;
}

static void
test_sweep_dense (void)
{
  Sweep sweep = { 0, };
  guint expected = 0;

  sweep.seen = g_new (guint32, 512);
  sweep.coords[0] = g_new (guint32, 512 * 5);
  sweep.coords[1] = g_new (guint32, 512 * 5);
  sweep.expert_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint world = 1; world <= 512; world++)
    {
      guint before = sweep.n_layouts;
      guint count = 0;

      planner_layout_foreach_valid (world, 0, FALSE, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP,
                                    sweep_dense, &sweep);
      /* Every (tp, pp, cp) with tp·pp·cp | world, counted by brute force. */
      for (guint t = 1; t <= world; t++)
        for (guint p = 1; t * p <= world; p++)
          for (guint c = 1; t * p * c <= world; c++)
            count += world % (t * p * c) == 0;
      g_assert_cmpuint (sweep.n_layouts - before, ==, count);
      expected += count;

      /* The mapped order: dense layouts pass only with pp 1 or cp 1. */
      planner_layout_foreach_valid (world, 0, FALSE, PLANNER_RANK_ORDER_TP_CP_EP_PP_DP,
                                    sweep_dense, &sweep);
    }

  g_test_message ("%u dense layouts swept (%u default order)", sweep.n_layouts, expected);
  g_free (sweep.seen);
  g_free (sweep.coords[0]);
  g_free (sweep.coords[1]);
  g_hash_table_unref (sweep.expert_seen);
}

static void
test_sweep_expert (void)
{
  Sweep sweep = { 0, };

  sweep.seen = g_new (guint32, 512);
  sweep.coords[0] = g_new (guint32, 512 * 5);
  sweep.coords[1] = g_new (guint32, 512 * 5);
  sweep.expert_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint world = 1; world <= 512; world++)
    {
      g_hash_table_remove_all (sweep.expert_seen);
      planner_layout_foreach_valid (world, 0, TRUE, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP,
                                    sweep_expert, &sweep);
      planner_layout_foreach_valid (world, 0, TRUE, PLANNER_RANK_ORDER_TP_CP_EP_PP_DP,
                                    sweep_expert, &sweep);
    }

  g_test_message ("%u MoE layouts swept", sweep.n_layouts);
  g_free (sweep.seen);
  g_free (sweep.coords[0]);
  g_free (sweep.coords[1]);
  g_hash_table_unref (sweep.expert_seen);
}

static gboolean
count_layout (const PlannerLayout *l,
              gpointer             user_data)
{
  guint *count = user_data;

  (*count)++;
  return *count < 3;
}

static void
test_foreach_stops (void)
{
  guint count = 0;

  planner_layout_foreach_valid (64, 0, TRUE, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, count_layout, &count);
  g_assert_cmpuint (count, ==, 3);
  count = 0;
  planner_layout_foreach_valid (0, 0, TRUE, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, count_layout, &count);
  g_assert_cmpuint (count, ==, 0);
}

/* Membership one rank at a time (what the window's rank grid asks) is
 * exactly the groups planner_groups_new builds, for every kind, on every
 * layout of a few worlds in both rank orders. */
static gboolean
check_group_member (const PlannerLayout *layout,
                    gpointer             user_data)
{
  guint *checked = user_data;

  for (guint kind = 0; kind < PLANNER_N_GROUP_KINDS; kind++)
    {
      g_autoptr(PlannerGroups) groups = planner_groups_new (layout, kind);

      g_assert_cmpuint (planner_layout_group_size (layout, kind), ==, groups->group_size);
      for (guint32 rank = 0; rank < layout->world_size; rank++)
        {
          guint32 index = planner_groups_find (groups, rank);
          const guint32 *group = planner_groups_get_group (groups, index);

          for (guint32 k = 0; k <= groups->group_size; k++)
            {
              guint32 member = planner_layout_group_member (layout, kind, rank, k);

              if (group == NULL || k == groups->group_size)
                g_assert_cmpuint (member, ==, PLANNER_RANK_NONE);
              else
                g_assert_cmpuint (member, ==, group[k]);
            }
          if (group != NULL)
            {
              g_assert_true (planner_layout_same_group (layout, kind, rank, group[groups->group_size - 1]));
              g_assert_true (planner_layout_same_group (layout, kind, rank, group[0]));
            }
          g_assert_true (planner_layout_same_group (layout, kind, rank, (rank + 1) % layout->world_size) ==
                         (group != NULL && index == planner_groups_find (groups, (rank + 1) % layout->world_size)));
        }
    }
  (*checked)++;
  return TRUE;
}

static void
test_group_member (void)
{
  static const guint worlds[] = { 8, 16, 24, 64 };
  guint checked = 0;

  for (guint w = 0; w < G_N_ELEMENTS (worlds); w++)
    {
      planner_layout_foreach_valid (worlds[w], 8, TRUE, PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, check_group_member, &checked);
      planner_layout_foreach_valid (worlds[w], 8, TRUE, PLANNER_RANK_ORDER_TP_CP_EP_PP_DP, check_group_member, &checked);
    }
  g_test_message ("%u layouts", checked);
  g_assert_cmpuint (checked, >, 100);
  g_assert_cmpuint (planner_layout_group_member (&(PlannerLayout) { 0 }, PLANNER_GROUP_TP, 0, 0), ==,
                    PLANNER_RANK_NONE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/layout/example1", test_example1);
  g_test_add_func ("/planner/layout/example1-mapping", test_example1_mapping);
  g_test_add_func ("/planner/layout/example2", test_example2);
  g_test_add_func ("/planner/layout/example3", test_example3);
  g_test_add_func ("/planner/layout/mixtral-rejected", test_mixtral_rejected);
  g_test_add_func ("/planner/layout/nearest-valid", test_nearest_valid);
  g_test_add_func ("/planner/layout/init-errors", test_init_errors);
  g_test_add_func ("/planner/layout/init-defaults", test_init_defaults);
  g_test_add_func ("/planner/layout/distributed-optimizer", test_distributed_optimizer);
  g_test_add_func ("/planner/layout/describe", test_describe);
  g_test_add_func ("/planner/layout/kind-strings", test_kind_strings);
  g_test_add_func ("/planner/layout/coords", test_coords);
  g_test_add_func ("/planner/layout/find-and-nodes", test_find_and_nodes);
  g_test_add_func ("/planner/layout/foreach-stops", test_foreach_stops);
  g_test_add_func ("/planner/layout/sweep-dense", test_sweep_dense);
  g_test_add_func ("/planner/layout/sweep-expert", test_sweep_expert);
  g_test_add_func ("/planner/layout/group-member", test_group_member);

  return g_test_run ();
}
