/* planner-cluster-page-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the widget tests reach on the Cluster page.
 */

#pragma once

#include "planner-pages.h"
#include "planner-release-check.h"

G_BEGIN_DECLS

/* The row offering the release detected from the checkout or the log
 * (hidden when there is none), and its Use button. */
GtkWidget           *_planner_cluster_page_get_detected_row    (PlannerClusterPage *self);
GtkWidget           *_planner_cluster_page_get_use_detected    (PlannerClusterPage *self);
/* What "Check Another Release…" opens, presented. */
PlannerReleaseCheck *_planner_cluster_page_open_release_check  (PlannerClusterPage *self);

G_END_DECLS
