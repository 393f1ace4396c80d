/* planner-log-line.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-log.h"

G_BEGIN_DECLS

/* One line of a Megatron log, recognised on its own (engine-internal):
 * which of Megatron's or PyTorch's formats it is and the figures in it.
 * No state, no allocation: strings are slices of the line, which must be
 * NUL-terminated.  The reader (planner-log-reader.c) puts lines together.
 *
 * Formats, from Megatron-Core 0.20.0's source: training_log's iteration
 * line and report_memory's memory line (megatron/training/training.py,
 * megatron/training/utils/common_utils.py), _print_args's argument block
 * (megatron/training/arguments.py), report_theoretical_memory
 * (megatron/training/theoretical_memory_usage.py), the rerun state
 * machine's "Unexpected result" (megatron/core/rerun_state_machine.py);
 * and PyTorch's CUDA out-of-memory error and NCCL watchdog messages. */

typedef enum
{
  PLANNER_LOG_LINE_OTHER = 0,
  PLANNER_LOG_LINE_ARGS_BEGIN,     /* "------------------------ arguments ------------------------" */
  PLANNER_LOG_LINE_ARGS_END,       /* "-------------------- end of arguments ---------------------" */
  PLANNER_LOG_LINE_ARG,            /* "  name ........ value" (only meaningful inside the block) */
  PLANNER_LOG_LINE_ITERATION,
  PLANNER_LOG_LINE_MEMORY,
  PLANNER_LOG_LINE_THEORETICAL,
  PLANNER_LOG_LINE_WORLD,          /* "using world size: …" */
  PLANNER_LOG_LINE_MICROBATCHES,   /* "setting number of microbatches to constant N" */
  PLANNER_LOG_LINE_PHASE,          /* a marker of how far start-up got */
  PLANNER_LOG_LINE_OOM,
  PLANNER_LOG_LINE_NCCL_TIMEOUT,   /* "Watchdog caught collective operation timeout: WorkNCCL(…)" */
  PLANNER_LOG_LINE_NCCL_WORK,      /* "… at work: N, last enqueued NCCL work: M, last completed NCCL work: K" */
  PLANNER_LOG_LINE_TRACEBACK,      /* "Traceback (most recent call last):" */
  PLANNER_LOG_LINE_FRAME,          /* '  File "…", line N, in f' */
  PLANNER_LOG_LINE_UNEXPECTED,     /* Megatron's rerun machine: "Unexpected result nan …" */
} PlannerLogLineKind;

typedef struct
{
  const char *start;
  gsize       length;
} PlannerLogSlice;

#define PLANNER_LOG_MAX_UNREADABLE_PER_LINE 4

typedef struct
{
  PlannerLogLineKind kind;
  gint               rank;          /* from a "N: " or "[rankN]:" prefix, or the text; -1 unknown */
  gint               local_rank;    /* from a "[defaultN]:" prefix; -1 unknown */
  gboolean           prefixed;      /* a rank prefix was removed */
  const char        *body;          /* the line without prefixes */

  /* ARG */
  PlannerLogSlice    arg_name;
  PlannerLogSlice    arg_value;

  /* ITERATION; NAN (or 0 for counts) when the line does not have it */
  guint64            iteration;
  guint64            train_iters;
  double             elapsed_ms;
  double             tflops_per_gpu;
  double             learning_rate;
  double             loss;
  double             loss_scale;
  double             grad_norm;
  gint64             skipped;       /* -1 when absent */
  gint64             nan;
  guint64            global_batch_size;

  /* MEMORY (MiB) */
  gint64             after_iteration;   /* -1 when the name is not "(after N iterations)" */
  double             allocated_mb;
  double             max_allocated_mb;
  double             reserved_mb;
  double             max_reserved_mb;

  /* THEORETICAL (MB as printed) */
  double             weight_and_optimizer_mb;
  double             activation_mb;
  double             total_mb;

  /* WORLD, MICROBATCHES */
  guint64            world_size;
  guint64            dp, cp, tp, pp;
  guint64            num_microbatches;

  /* PHASE */
  PlannerLogPhase    phase;

  /* OOM: bytes, < 0 when not said */
  PlannerLogSlice    exception;     /* also set for UNEXPECTED when raised */
  double             tried_bytes;
  double             capacity_bytes;
  double             free_bytes;
  double             in_use_bytes;
  double             allocated_bytes;
  double             reserved_unallocated_bytes;
  gint               device;

  /* NCCL_TIMEOUT, NCCL_WORK */
  PlannerLogSlice    collective;
  gint64             sequence;
  gint64             numel_in;
  gint64             numel_out;
  gint64             timeout_ms;
  gint64             ran_ms;
  gint64             last_enqueued;
  gint64             last_completed;
  gint               process_group;

  /* FRAME */
  PlannerLogSlice    file;
  guint              file_line;
  PlannerLogSlice    function;

  /* UNEXPECTED */
  double             value;         /* the unexpected result (nan, inf, a spiky loss) */
  PlannerLogSlice    message;       /* what the check was */
  gint64             at_iteration;  /* -1 unknown */

  /* Numbers of Megatron's own lines that break the number rule
   * (planner-log-number.h): which field and its text.  The field's value
   * is then NAN, 0 or -1 as for a line without it. */
  guint              n_unreadable;
  struct
  {
    const char      *field;         /* a static string: "lm loss", "world size" */
    PlannerLogSlice  text;
  }                  unreadable[PLANNER_LOG_MAX_UNREADABLE_PER_LINE];
} PlannerLogParsed;

/* Recognises @line (NUL-terminated, without its newline). */
void     planner_log_parse_line      (const char       *line,
                                      PlannerLogParsed *out);

/* A Python exception's last line, "AssertionError: message" or a bare
 * "ValueError": TRUE with the type and the message (empty when none). */
gboolean planner_log_parse_exception (const char       *body,
                                      PlannerLogSlice  *type,
                                      PlannerLogSlice  *message);

/* "2.00 GiB", "512 bytes", "0 bytes": bytes, or -1. */
double   planner_log_parse_size      (const char       *text,
                                      const char      **end);

G_END_DECLS
