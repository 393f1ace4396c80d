/* planner-cli-ranks.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include "planner-cli-private.h"

int
planner_cli_ranks (int    argc,
                char **argv)
{
  return planner_cli_usage_error ("ranks", "not implemented yet");
}
