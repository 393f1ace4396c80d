/* test-palette.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "planner-palette.h"

/* Sharma, Wu & Dalal (2005), Table 1: pairs 1, 7, 17 and 24. */
static void
test_delta_e_reference (void)
{
  static const struct { double a[3]; double b[3]; double expected; } pairs[] = {
    { { 50., 2.6772, -79.7751 }, { 50., 0., -82.7485 }, 2.0425 },
    { { 50., 0., 0. }, { 50., -1., 2. }, 2.3669 },
    { { 50., 2.5, 0. }, { 73., 25., -18. }, 27.1492 },
    { { 60.2574, -34.0099, 36.2677 }, { 60.4626, -34.1751, 39.4387 }, 1.2644 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_assert_cmpfloat_with_epsilon (planner_lab_delta_e (pairs[i].a, pairs[i].b), pairs[i].expected, 1e-4);
      g_assert_cmpfloat_with_epsilon (planner_lab_delta_e (pairs[i].b, pairs[i].a), pairs[i].expected, 1e-4);
    }
  {
    PlannerRgb white = { 1., 1., 1. };
    double lab[3];

    planner_rgb_to_lab (&white, lab);
    g_assert_cmpfloat_with_epsilon (lab[0], 100., 1e-3);
    g_assert_cmpfloat_with_epsilon (lab[1], 0., 1e-2);
    g_assert_cmpfloat_with_epsilon (lab[2], 0., 1e-2);
  }
}

/* Machado's matrices keep greys grey (each row sums to 1) and really
 * change colours: red and green fall together for a deuteranope. */
static void
test_vision_simulation (void)
{
  PlannerRgb grey = { 0.5, 0.5, 0.5 }, red = { 1., 0., 0. }, green = { 0., 0.6, 0. }, out, r, g;

  for (PlannerVision v = 0; v < PLANNER_N_VISIONS; v++)
    {
      planner_vision_simulate (v, &grey, &out);
      g_assert_cmpfloat_with_epsilon (out.red, 0.5, 2e-3);
      g_assert_cmpfloat_with_epsilon (out.green, 0.5, 2e-3);
      g_assert_cmpfloat_with_epsilon (out.blue, 0.5, 2e-3);
      g_assert_nonnull (planner_vision_to_string (v));
    }
  planner_vision_simulate (PLANNER_VISION_NORMAL, &red, &out);
  g_assert_cmpfloat (planner_rgb_delta_e (&red, &out), <, 1e-6);

  g_assert_cmpfloat (planner_rgb_delta_e (&red, &green), >, 50.);
  planner_vision_simulate (PLANNER_VISION_DEUTERANOPIA, &red, &r);
  planner_vision_simulate (PLANNER_VISION_DEUTERANOPIA, &green, &g);
  g_assert_cmpfloat (planner_rgb_delta_e (&r, &g), <, 25.);
}

/* The palette's colours stay apart for everybody: the smallest CIEDE2000
 * difference between any two, under each simulated deficiency, is above
 * 11 (10 is "clearly different"; the GNOME palette it replaces fell to
 * about 2 under deuteranopia). */
#define MIN_DELTA_E 11.

static void
test_palette_distinct (void)
{
  for (PlannerVision v = 0; v < PLANNER_N_VISIONS; v++)
    {
      double worst = G_MAXDOUBLE;
      guint wi = 0, wj = 0;

      for (guint i = 0; i < PLANNER_PALETTE_SIZE; i++)
        for (guint j = i + 1; j < PLANNER_PALETTE_SIZE; j++)
          {
            PlannerRgb a, b;
            double d;

            planner_vision_simulate (v, planner_palette_color (i), &a);
            planner_vision_simulate (v, planner_palette_color (j), &b);
            d = planner_rgb_delta_e (&a, &b);
            if (d < worst)
              {
                worst = d;
                wi = i;
                wj = j;
              }
          }
      g_test_message ("%s: smallest ΔE00 %.1f (colours %u and %u)", planner_vision_to_string (v), worst, wi, wj);
      if (worst < MIN_DELTA_E)
        g_error ("under %s colours %u and %u differ by ΔE00 %.2f < %.0f", planner_vision_to_string (v), wi, wj,
                 worst, MIN_DELTA_E);
    }
}

static double
luminance (const PlannerRgb *c)
{
  double ch[3] = { c->red, c->green, c->blue }, w[3] = { 0.2126, 0.7152, 0.0722 }, l = 0.;

  for (guint i = 0; i < 3; i++)
    l += w[i] * (ch[i] <= 0.04045 ? ch[i] / 12.92 : pow ((ch[i] + 0.055) / 1.055, 2.4));
  return l;
}

/* Labels on every colour meet WCAG's 4.5:1, and the mark shows. */
static void
test_palette_ink (void)
{
  for (guint i = 0; i < PLANNER_PALETTE_SIZE; i++)
    {
      double lc = luminance (planner_palette_color (i)), li = luminance (planner_palette_ink (i));
      double contrast = (MAX (lc, li) + 0.05) / (MIN (lc, li) + 0.05);
      PlannerRgb mark;

      g_assert_cmpfloat (contrast, >=, 4.5);
      planner_palette_mark_color (i, &mark);
      g_assert_cmpfloat (planner_rgb_delta_e (&mark, planner_palette_color (i)), >, 10.);
    }
}

/* 64 values on screen never look the same: colour and pattern together. */
static void
test_palette_marks (void)
{
  for (guint i = 0; i < PLANNER_PALETTE_DISTINCT; i++)
    for (guint j = i + 1; j < PLANNER_PALETTE_DISTINCT; j++)
      g_assert_false (planner_palette_color (i) == planner_palette_color (j) &&
                      planner_palette_mark (i) == planner_palette_mark (j));
  g_assert_cmpint (planner_palette_mark (0), ==, PLANNER_MARK_NONE);
  g_assert_cmpint (planner_palette_mark (8), ==, PLANNER_MARK_LOWER);
  g_assert_cmpint (planner_palette_mark (63), ==, PLANNER_MARK_BANDS);
  g_assert_cmpint (planner_palette_mark (PLANNER_PALETTE_DISTINCT), ==, PLANNER_MARK_NONE);
  {
    char hex[8];

    planner_rgb_to_hex (planner_palette_color (0), hex);
    g_assert_cmpstr (hex, ==, "#332288");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/palette/delta-e-reference", test_delta_e_reference);
  g_test_add_func ("/planner/palette/vision-simulation", test_vision_simulation);
  g_test_add_func ("/planner/palette/distinct", test_palette_distinct);
  g_test_add_func ("/planner/palette/ink", test_palette_ink);
  g_test_add_func ("/planner/palette/marks", test_palette_marks);

  return g_test_run ();
}
