/* test-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-args.h"

static void
test_basic (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();

  g_assert_cmpuint (planner_args_get_n_entries (args), ==, 0);
  g_assert_false (planner_args_is_set (args, "num_layers"));
  g_assert_null (planner_args_get_flag (args, "num_layers"));
  g_assert_cmpint (planner_args_get_int (args, "num_layers", 24), ==, 24);
  g_assert_cmpstr (planner_args_get_string (args, "num_layers", "x"), ==, "x");
  g_assert_null (planner_args_get_list (args, "num_layers"));

  planner_args_set (args, "num_layers", "--num-layers", "32");
  planner_args_set (args, "hidden_size", "--hidden-size", "4096");
  planner_args_set_bool (args, "add_bias_linear", "--disable-bias-linear", FALSE);
  planner_args_set (args, "lr", "--lr", "1e-4");

  g_assert_true (planner_args_is_set (args, "num_layers"));
  g_assert_cmpstr (planner_args_get_flag (args, "add_bias_linear"), ==, "--disable-bias-linear");
  g_assert_cmpint (planner_args_get_int (args, "num_layers", 0), ==, 32);
  g_assert_cmpstr (planner_args_get_string (args, "hidden_size", NULL), ==, "4096");
  g_assert_false (planner_args_get_bool (args, "add_bias_linear", TRUE));
  g_assert_cmpfloat_with_epsilon (planner_args_get_double (args, "lr", 0), 1e-4, 1e-12);
  g_assert_cmpuint (planner_args_get_n_entries (args), ==, 4);
  g_assert_cmpstr (planner_args_get_dest_at (args, 0), ==, "num_layers");
  g_assert_cmpstr (planner_args_get_dest_at (args, 3), ==, "lr");
  g_assert_null (planner_args_get_dest_at (args, 4));

  /* A single value reads as a one-element list. */
  g_assert_cmpuint (g_strv_length ((char **) planner_args_get_list (args, "num_layers")), ==, 1);
}

static void
test_last_wins (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();

  planner_args_set (args, "num_layers", "--num-layers", "32");
  planner_args_set (args, "hidden_size", "--hidden-size", "4096");
  planner_args_set (args, "num_layers", "--num-layers", "40");
  g_assert_cmpint (planner_args_get_int (args, "num_layers", 0), ==, 40);
  /* The order is that of first appearance. */
  g_assert_cmpstr (planner_args_get_dest_at (args, 0), ==, "num_layers");
  g_assert_cmpuint (planner_args_get_n_entries (args), ==, 2);

  /* --overlap-grad-reduce and then a store_false spelling of the same dest. */
  planner_args_set_bool (args, "overlap_p2p_comm", "--overlap-p2p-comm", TRUE);
  planner_args_set_bool (args, "overlap_p2p_comm", "--no-overlap-p2p-communication", FALSE);
  g_assert_cmpstr (planner_args_get_flag (args, "overlap_p2p_comm"), ==, "--no-overlap-p2p-communication");
  g_assert_false (planner_args_get_bool (args, "overlap_p2p_comm", TRUE));

  planner_args_unset (args, "num_layers");
  g_assert_false (planner_args_is_set (args, "num_layers"));
  g_assert_cmpstr (planner_args_get_dest_at (args, 0), ==, "hidden_size");
  planner_args_unset (args, "num_layers");
  planner_args_set (args, "num_layers", "--num-layers", "8");
  g_assert_cmpstr (planner_args_get_dest_at (args, 2), ==, "num_layers");
}

static void
test_none_and_lists (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  const char *paths[] = { "0.3", "/data/a", "0.7", "/data/b c", NULL };
  const char *const *list;

  planner_args_set (args, "kv_channels", "--kv-channels", NULL);
  g_assert_true (planner_args_is_set (args, "kv_channels"));
  g_assert_null (planner_args_get_string (args, "kv_channels", "fallback"));
  g_assert_cmpint (planner_args_get_int (args, "kv_channels", 7), ==, 7);
  g_assert_null (planner_args_get_list (args, "kv_channels"));

  planner_args_set_list (args, "data_path", "--data-path", paths);
  list = planner_args_get_list (args, "data_path");
  g_assert_cmpuint (g_strv_length ((char **) list), ==, 4);
  g_assert_cmpstr (list[3], ==, "/data/b c");
  g_assert_cmpstr (planner_args_get_string (args, "data_path", NULL), ==, "0.3");

  /* Replacing a list with a copy of itself. */
  planner_args_set_list (args, "data_path", NULL, planner_args_get_list (args, "data_path"));
  g_assert_cmpstr (planner_args_get_list (args, "data_path")[1], ==, "/data/a");
  g_assert_cmpstr (planner_args_get_flag (args, "data_path"), ==, "--data-path");

  {
    const char *empty[] = { NULL };

    planner_args_set_list (args, "data_path", "--data-path", empty);
    g_assert_nonnull (planner_args_get_list (args, "data_path"));
    g_assert_null (planner_args_get_list (args, "data_path")[0]);
    g_assert_null (planner_args_get_string (args, "data_path", "x"));
  }
}

static void
test_junk (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  const char *junk[] = { "", " ", "abc", "12abc", "1e5", "0x10", "99999999999999999999", "nan", "inf",
                         "-inf", "1e999", "--", NULL };

  for (guint i = 0; junk[i] != NULL; i++)
    {
      planner_args_set (args, "x", "--x", junk[i]);
      if (g_strcmp0 (junk[i], "1e5") != 0)
        g_assert_cmpint (planner_args_get_int (args, "x", -5), ==, -5);
      if (g_strcmp0 (junk[i], "1e5") == 0)
        g_assert_cmpfloat (planner_args_get_double (args, "x", -5), ==, 1e5);
      else if (g_strcmp0 (junk[i], "99999999999999999999") == 0)
        g_assert_cmpfloat (planner_args_get_double (args, "x", -5), ==, 1e20);
      else
        g_assert_cmpfloat (planner_args_get_double (args, "x", -5), ==, -5);
      g_assert_true (planner_args_get_bool (args, "x", TRUE));
      g_assert_false (planner_args_get_bool (args, "x", FALSE));
    }
  planner_args_set (args, "x", "--x", " 12 ");
  g_assert_cmpint (planner_args_get_int (args, "x", 0), ==, 12);
  planner_args_set (args, "x", "--x", "-9223372036854775808");
  g_assert_cmpint (planner_args_get_int (args, "x", 0), ==, G_MININT64);
  planner_args_set (args, "x", "--x", "true");
  g_assert_true (planner_args_get_bool (args, "x", FALSE));

  /* Unknown dests and NULL args do not crash. */
  g_assert_cmpint (planner_args_get_int (NULL, "x", 3), ==, 3);
  g_assert_false (planner_args_is_set (NULL, "x"));
  g_assert_false (planner_args_is_set (args, NULL));
}

static void
test_copy_ref (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(PlannerArgs) copy = NULL;
  PlannerArgs *ref;
  const char *values[] = { "a", "b", NULL };

  planner_args_set (args, "num_layers", "--num-layers", "32");
  planner_args_set (args, "kv_channels", NULL, NULL);
  planner_args_set_list (args, "data_path", "--data-path", values);
  copy = planner_args_copy (args);
  planner_args_set (args, "num_layers", "--num-layers", "1");

  g_assert_cmpint (planner_args_get_int (copy, "num_layers", 0), ==, 32);
  g_assert_cmpuint (planner_args_get_n_entries (copy), ==, 3);
  g_assert_cmpstr (planner_args_get_dest_at (copy, 2), ==, "data_path");
  g_assert_cmpstr (planner_args_get_list (copy, "data_path")[1], ==, "b");
  g_assert_true (planner_args_is_set (copy, "kv_channels"));
  g_assert_null (planner_args_get_string (copy, "kv_channels", "x"));

  ref = planner_args_ref (copy);
  g_assert_true (ref == copy);
  planner_args_unref (ref);

  g_assert_true (G_TYPE_IS_BOXED (PLANNER_TYPE_ARGS));
  {
    PlannerArgs *boxed = g_boxed_copy (PLANNER_TYPE_ARGS, copy);

    g_assert_true (boxed == copy);
    g_boxed_free (PLANNER_TYPE_ARGS, boxed);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/args/basic", test_basic);
  g_test_add_func ("/planner/args/last-wins", test_last_wins);
  g_test_add_func ("/planner/args/none-and-lists", test_none_and_lists);
  g_test_add_func ("/planner/args/junk", test_junk);
  g_test_add_func ("/planner/args/copy-ref", test_copy_ref);

  return g_test_run ();
}
