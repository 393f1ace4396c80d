/* planner-flops.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-catalog.h"
#include "planner-config.h"

G_BEGIN_DECLS

typedef enum
{
  PLANNER_PEAK_BF16 = 0,
  PLANNER_PEAK_FP16,
  PLANNER_PEAK_FP8,
} PlannerPeakKind;

/* A model FLOPs utilisation and the peak it was measured against. */
typedef struct
{
  double          mfu;                /* 0..1 (can exceed 1 for nonsense input) */
  double          tflops_per_gpu;     /* achieved, as Megatron logs it */
  double          peak_tflops;        /* per GPU, dense */
  PlannerPeakKind peak;
} PlannerMfu;

#define PLANNER_FLOPS_ERROR (planner_flops_error_quark ())

typedef enum
{
  PLANNER_FLOPS_ERROR_INVALID,
} PlannerFlopsError;

GQuark          planner_flops_error_quark         (void);

/* Megatron's num_floating_point_operations (args, global_batch_size) for
 * one iteration, forward and backward (facts §5). */
double          planner_flops_per_iteration       (const PlannerConfig *config);
/* The same for @batch samples of the configured sequence length. */
double          planner_flops_for_batch           (const PlannerConfig *config,
                                                   double               batch);
/* Per trained token: per_iteration / (global_batch · seq_length). */
double          planner_flops_per_token           (const PlannerConfig *config);

/* The peak an MFU is measured against: FP8 when the job trains in FP8 on
 * a GPU that has it, FP16 for fp16 (or bf16 on a GPU without bf16),
 * otherwise BF16. */
PlannerPeakKind planner_flops_peak_kind           (const PlannerConfig *config,
                                                   const PlannerGpu    *gpu);
double          planner_gpu_peak_tflops           (const PlannerGpu    *gpu,
                                                   PlannerPeakKind      kind);
const char     *planner_peak_kind_to_string       (PlannerPeakKind      kind);

/* flops / (t · world · peak) */
gboolean        planner_mfu_from_iteration_time   (const PlannerConfig *config,
                                                   const PlannerGpu    *gpu,
                                                   double               seconds,
                                                   PlannerMfu          *out,
                                                   GError             **error);
/* The "throughput per GPU (TFLOP/s/GPU)" Megatron logs ÷ peak. */
gboolean        planner_mfu_from_tflops_per_gpu   (const PlannerConfig *config,
                                                   const PlannerGpu    *gpu,
                                                   double               tflops,
                                                   PlannerMfu          *out,
                                                   GError             **error);
/* tokens/s/GPU × FLOPs per token ÷ peak. */
gboolean        planner_mfu_from_tokens_per_second (const PlannerConfig *config,
                                                    const PlannerGpu    *gpu,
                                                    double               tokens_per_second_per_gpu,
                                                    PlannerMfu          *out,
                                                    GError             **error);

G_END_DECLS
