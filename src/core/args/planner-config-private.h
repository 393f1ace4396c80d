/* planner-config-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the three readers of PlannerConfig: the arguments
 * (planner-config.c), --moe-layer-freq (planner-config-moe-freq.c) and
 * --pipeline-model-parallel-layout (planner-config-layout.c).
 */

#pragma once

#include "planner-config.h"

G_BEGIN_DECLS

/* Far beyond any real model, small enough that every product the model
 * math forms stays finite and exact enough in a double. */
#define MAX_LAYERS        10000
#define MAX_HIDDEN        (G_GUINT64_CONSTANT (1) << 20)
#define MAX_HEADS         (1u << 16)
#define MAX_FFN           (G_GUINT64_CONSTANT (1) << 24)
#define MAX_VOCAB         (G_GUINT64_CONSTANT (1) << 28)
#define MAX_SEQ           (1u << 24)
#define MAX_EXPERTS       (1u << 16)
#define MAX_MICRO_BATCH   (1u << 20)
#define MAX_GLOBAL_BATCH  (G_GUINT64_CONSTANT (1) << 32)
#define MAX_PATTERN_DEPTH 16

G_END_DECLS
