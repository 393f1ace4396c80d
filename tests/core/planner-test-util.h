/* planner-test-util.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Small helpers the engine tests share.
 */

#pragma once

#include <math.h>

#include <glib.h>

#include "planner-layout.h"

G_BEGIN_DECLS

/* Fails with both numbers printed in full unless they agree to @tolerance. */
static inline void
planner_test_assert_rel (double actual,
                         double expected,
                         double tolerance)
{
  double rel = fabs (actual - expected) / fabs (expected);

  if (!(rel < tolerance))
    g_error ("%.17g differs from %.17g by %g (relative)", actual, expected, rel);
}

/* A layout built by hand, without planner_layout_init's checks, so the
 * model math can be tested on its own.  etp 0 means tp; vpp 0 means 1. */
static inline PlannerLayout
planner_test_layout (guint32 world,
                     guint32 tp,
                     guint32 pp,
                     guint32 cp,
                     guint32 ep,
                     guint32 etp,
                     guint32 vpp)
{
  PlannerLayout layout = { 0, };

  layout.world_size = world;
  layout.tp = tp;
  layout.pp = pp;
  layout.cp = cp;
  layout.dp = world / (tp * pp * cp);
  layout.ep = ep;
  layout.etp = etp ? etp : tp;
  layout.expert_dp = world / (layout.etp * ep * pp);
  layout.vpp = vpp ? vpp : 1;
  layout.num_distributed_optimizer_instances = 1;
  return layout;
}

G_END_DECLS
