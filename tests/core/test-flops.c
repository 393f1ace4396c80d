/* test-flops.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-flops.h"

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
