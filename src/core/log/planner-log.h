/* planner-log.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What a Megatron-Core 0.20 training run wrote: the standard output and
 * error of rank 0 (or of the last rank, which prints the iteration lines),
 * or a SLURM output file with every rank's lines interleaved, each behind
 * a "N: " (srun --label) or "[rankN]:" / "[defaultN]:" (torchrun) prefix.
 *
 * The log is data: it is read line by line, never executed, and never
 * held whole.  What is kept is bounded whatever the size of the log: the
 * printed argument block, a decimated iteration series, per-rank memory
 * maxima, summaries, and the first few events of each kind with the
 * lines that prove them.  A record is immutable once read and may be
 * shared between threads. */

#define PLANNER_LOG_ERROR (planner_log_error_quark ())

typedef enum
{
  PLANNER_LOG_ERROR_EMPTY,      /* nothing to read */
  PLANNER_LOG_ERROR_NOT_A_FILE, /* a directory, device or socket */
} PlannerLogError;

/* Bounds on what a record keeps (documented so views can rely on them). */
#define PLANNER_LOG_MAX_POINTS          512    /* iteration series, after decimation */
#define PLANNER_LOG_MAX_EVENTS_PER_KIND 16     /* distinct events kept per kind; the rest are counted */
#define PLANNER_LOG_MAX_EVENT_LINES     8      /* lines cited per event */
#define PLANNER_LOG_MAX_CITED_CHARS     400    /* a cited line is cut after this many characters */
#define PLANNER_LOG_MAX_LINE_BYTES      65536  /* a longer line is read up to here only */
#define PLANNER_LOG_MAX_ARGUMENTS       4096   /* entries of the printed argument block */
#define PLANNER_LOG_MAX_RANKS           4096   /* ranks whose memory lines are kept */
#define PLANNER_LOG_MAX_UNREADABLE      16     /* unreadable numbers kept; the rest are counted */

/* How far the run got, from the markers Megatron prints. */
typedef enum
{
  PLANNER_LOG_PHASE_START = 0,     /* nothing from Megatron yet */
  PLANNER_LOG_PHASE_INITIALIZED,   /* arguments printed, distributed set up */
  PLANNER_LOG_PHASE_MODEL_BUILD,   /* building the model and the optimizer */
  PLANNER_LOG_PHASE_DATA,          /* model built; data loaders and the first step */
  PLANNER_LOG_PHASE_TRAINING,      /* iterations logged */
  PLANNER_LOG_PHASE_DONE,          /* Megatron said training is done */
} PlannerLogPhase;

/* One line of the log, as the person sees it in the file. */
typedef struct
{
  guint64  number;   /* 1-based */
  gint     rank;     /* from the line's prefix or its text; -1 unknown */
  char    *text;     /* valid UTF-8, control characters replaced, cut at PLANNER_LOG_MAX_CITED_CHARS */
} PlannerLogLine;

/* A bucket of the decimated iteration series: one or more logged
 * iteration lines in a row.  Values that no line of the bucket gave are
 * NAN. */
typedef struct
{
  guint64 first_iteration;
  guint64 last_iteration;
  guint64 line;              /* line of the bucket's first logged iteration */
  guint   n_lines;           /* logged iteration lines merged into the bucket */
  double  loss;              /* mean of the logged "lm loss" */
  double  loss_max;
  double  grad_norm;         /* mean */
  double  grad_norm_max;
  double  tflops_per_gpu;    /* mean "throughput per GPU (TFLOP/s/GPU)" */
  double  elapsed_ms;        /* mean "elapsed time per iteration (ms)" */
  double  learning_rate;     /* the last one */
  double  loss_scale;        /* the smallest */
  guint   skipped;           /* skipped iterations, summed */
  guint   nan;               /* NaN iterations, summed */
} PlannerLogPoint;

typedef enum
{
  PLANNER_LOG_EVENT_OOM = 0,        /* CUDA out of memory */
  PLANNER_LOG_EVENT_NCCL_TIMEOUT,   /* NCCL watchdog: a collective timed out */
  PLANNER_LOG_EVENT_EXCEPTION,      /* a Python traceback's final exception */
  PLANNER_LOG_EVENT_NAN,            /* NaN/Inf found in the loss or gradients, or NaN iterations */
  PLANNER_LOG_EVENT_SKIPPED,        /* iterations skipped (loss-scale overflow) */
  PLANNER_LOG_EVENT_LOSS_SPIKE,     /* loss ≥ 1.3 × the mean of the 8 logged before it */
  PLANNER_LOG_EVENT_GRAD_NORM_SPIKE,/* grad norm ≥ 10 × the mean of the 8 before it, or not finite */
  PLANNER_LOG_N_EVENT_KINDS
} PlannerLogEventKind;

/* How an exception was matched to a start-up rule of Megatron
 * (../shared/megatron/rules.jsonl ids, "arguments:432"). */
typedef enum
{
  PLANNER_LOG_RULE_NONE = 0,
  PLANNER_LOG_RULE_BY_MESSAGE,      /* the message fits the rule's pattern */
  PLANNER_LOG_RULE_BY_LOCATION,     /* only the raising frame's file and line */
  PLANNER_LOG_RULE_BY_BOTH,         /* both, and they agree */
} PlannerLogRuleMatch;

typedef struct
{
  PlannerLogEventKind kind;
  PlannerLogPhase     phase;        /* when it happened */
  gint64              iteration;    /* the iteration it names, else the last logged before it; -1 none */
  gint                rank;         /* -1 unknown */
  guint               count;        /* times seen, every rank (1 for the first) */
  GPtrArray          *lines;        /* PlannerLogLine*: the proof, the main line first */

  /* OOM: bytes; < 0 when the message did not say */
  double              tried_bytes;
  double              capacity_bytes;
  double              free_bytes;
  double              in_use_bytes;       /* this process, PyTorch and not */
  double              allocated_bytes;    /* by PyTorch */
  double              reserved_unallocated_bytes;
  gint                device;             /* "GPU 3"; -1 unknown */

  /* NCCL_TIMEOUT */
  char               *collective;         /* "ALLREDUCE", "_REDUCE_SCATTER_BASE", … */
  gint64              sequence;           /* SeqNum; -1 unknown */
  gint64              numel_in;
  gint64              numel_out;
  gint64              timeout_ms;
  gint64              ran_ms;
  gint64              last_completed;     /* "last completed NCCL work"; -1 unknown */
  gint                process_group;      /* "PG 1"; -1 unknown */

  /* EXCEPTION (and NAN from Megatron's rerun machine) */
  char               *exception;          /* "AssertionError", "torch.OutOfMemoryError", … */
  char               *message;            /* the exception's first line after the type */
  char               *file;              /* the deepest Megatron frame, from "megatron/" on */
  guint               file_line;
  char               *function;
  char               *rule_id;            /* "arguments:432", or NULL */
  PlannerLogRuleMatch rule_match;
  const char         *diagnostic_code;    /* the planner's validator code for that rule, or NULL */

  /* LOSS_SPIKE, GRAD_NORM_SPIKE, SKIPPED, NAN (from iteration lines) */
  double              value;              /* the loss, grad norm, skipped count, … */
  double              baseline;           /* what it is compared with; NAN when none */
  double              loss_scale;         /* the logged loss scale then; NAN when none */
} PlannerLogEvent;

/* report_memory's line, "[Rank N] (after K iterations) memory (MB) |
 * allocated … | max allocated … | reserved … | max reserved …": the
 * largest value each rank logged, in MiB. */
typedef struct
{
  gint            rank;
  double          allocated_mb;
  double          max_allocated_mb;
  double          reserved_mb;
  double          max_reserved_mb;
  gint64          after_iteration;   /* of the line with the largest max reserved */
  PlannerLogLine *line;              /* that line */
} PlannerLogMemory;

/* A number of Megatron's own lines that breaks the reader's one number
 * rule (planner-log-number.h: a count has no sign and no leading zero, a
 * figure is finite): it is left out, and said with its line. */
typedef struct
{
  guint64     line;
  const char *field;    /* "lm loss", "world size", or an argument's dest */
  char       *text;     /* as printed, valid UTF-8, at most 40 characters */
} PlannerLogUnreadable;

typedef struct
{
  guint64          n_bytes;
  guint64          n_lines;
  guint64          n_long_lines;       /* cut at PLANNER_LOG_MAX_LINE_BYTES */
  guint            n_runs;             /* argument blocks seen (a requeued job appends) */
  PlannerLogPhase  phase;              /* the furthest reached */
  gboolean         has_rank_prefixes;  /* SLURM or torchrun prefixes seen */
  guint            n_ranks_seen;       /* distinct ranks in prefixes and rank fields */
  gint             max_local_rank;     /* from "[defaultN]:" prefixes; -1 none */

  /* The printed argument block: dest → value as printed (Python's str()).
   * NULL when the log holds none. */
  GHashTable      *arguments;
  PlannerLogLine  *arguments_line;     /* the block's first line */
  gboolean         arguments_truncated;
  /* dest → why its printed value was not taken (it would have had to be
   * changed or cut); NULL while none. */
  GHashTable      *unkept_arguments;
  /* The last block ended before its closing line (a restart that died):
   * the block before it is used, when there is one. */
  gboolean         arguments_cut;
  guint64          arguments_cut_line;  /* the cut block's first line */

  /* "using world size: …" */
  guint64          world_size;         /* 0 unknown */
  guint            tp, pp, cp, dp;     /* 0 unknown */
  guint64          num_microbatches;   /* "setting number of microbatches to constant N"; 0 unknown */

  /* Iterations */
  guint64          n_iteration_lines;
  guint64          first_iteration;
  guint64          last_iteration;
  guint64          train_iters;
  PlannerLogPoint *points;             /* decimated, in order */
  guint            n_points;
  guint            points_stride;      /* logged lines per bucket (a power of two) */
  PlannerLogLine  *first_iteration_line;
  PlannerLogLine  *last_iteration_line;
  /* Steady state: the median over every logged line but the first (which
   * holds start-up time); NAN when nothing was logged. */
  double           tflops_median;
  guint64          n_tflops;
  double           elapsed_ms_median;
  guint64          n_elapsed;
  PlannerLogLine  *median_line;        /* a logged line whose figures equal the medians, or the nearest */
  double           loss_first;
  double           loss_last;
  double           loss_min;
  double           grad_norm_max;
  guint64          skipped_total;
  guint64          nan_total;
  gboolean         fp16_loss_scale;    /* a loss scale other than 1.0 was logged */

  /* Memory */
  GPtrArray       *memory;             /* PlannerLogMemory*, by rank */
  gboolean         has_theoretical;
  double           theoretical_weight_and_optimizer_mb;
  double           theoretical_activation_mb;
  double           theoretical_total_mb;
  PlannerLogLine  *theoretical_line;

  /* Events, by kind, in the order seen; at most PLANNER_LOG_MAX_EVENTS_PER_KIND each */
  GPtrArray       *events[PLANNER_LOG_N_EVENT_KINDS];
  guint64          n_events[PLANNER_LOG_N_EVENT_KINDS];   /* all of them */

  /* Added with issue 22 #10 */
  GPtrArray       *unreadable;         /* PlannerLogUnreadable*, in the order seen, at most PLANNER_LOG_MAX_UNREADABLE */
  guint64          n_unreadable;       /* all of them */
  guint64          world_line;         /* the last "using world size" line read; 0 none */
  /* dest → its line in the block (guint64*), beside arguments; NULL with it */
  GHashTable      *argument_lines;
} PlannerLogRecord;

#define PLANNER_TYPE_LOG_RECORD (planner_log_record_get_type ())

GQuark             planner_log_error_quark     (void);
GType              planner_log_record_get_type (void) G_GNUC_CONST;
PlannerLogRecord  *planner_log_record_ref      (PlannerLogRecord *record);
void               planner_log_record_unref    (PlannerLogRecord *record);

const char        *planner_log_phase_to_string (PlannerLogPhase       phase);
const char        *planner_log_event_kind_to_string (PlannerLogEventKind kind);
const char        *planner_log_rule_match_to_string (PlannerLogRuleMatch match);

/* The first event of @kind, or NULL. */
const PlannerLogEvent *planner_log_record_first_event (const PlannerLogRecord *record,
                                                      PlannerLogEventKind     kind);
/* The memory line kept for @rank, or NULL. */
const PlannerLogMemory *planner_log_record_get_memory (const PlannerLogRecord *record,
                                                       gint                    rank);

PlannerLogLine    *planner_log_line_copy       (const PlannerLogLine *line);
void               planner_log_line_free       (PlannerLogLine       *line);

/* Incremental reading: feed bytes as they come (lines may be split across
 * calls), then finish for the record. */
typedef struct _PlannerLogReader PlannerLogReader;

PlannerLogReader  *planner_log_reader_new      (void);
void               planner_log_reader_feed     (PlannerLogReader *reader,
                                                const char       *data,
                                                gsize             length);
/* The record of everything fed; frees @reader. */
PlannerLogRecord  *planner_log_reader_finish   (PlannerLogReader *reader);
void               planner_log_reader_free     (PlannerLogReader *reader);

/* Progress: bytes read so far and the total (0 when unknown, as for a
 * pipe).  The async reader calls it in the caller's main context, at most
 * about a hundred times per file. */
typedef void (*PlannerLogProgressFunc) (guint64  bytes_read,
                                        guint64  bytes_total,
                                        gpointer user_data);

/* Reads @stream to its end in blocks of 1 MiB, never more at once. */
PlannerLogRecord  *planner_log_read_stream     (GInputStream           *stream,
                                                guint64                 size_hint,
                                                PlannerLogProgressFunc  progress,
                                                gpointer                progress_data,
                                                GCancellable           *cancellable,
                                                GError                **error);
PlannerLogRecord  *planner_log_read_file       (GFile                  *file,
                                                PlannerLogProgressFunc  progress,
                                                gpointer                progress_data,
                                                GCancellable           *cancellable,
                                                GError                **error);
/* The same in a worker thread, for the window.  Cancelling @cancellable
 * stops the read within one block and finishes with G_IO_ERROR_CANCELLED. */
void               planner_log_read_file_async (GFile                  *file,
                                                int                     io_priority,
                                                GCancellable           *cancellable,
                                                PlannerLogProgressFunc  progress,
                                                gpointer                progress_data,
                                                GDestroyNotify          progress_data_free,
                                                GAsyncReadyCallback     callback,
                                                gpointer                user_data);
PlannerLogRecord  *planner_log_read_file_finish (GFile                 *file,
                                                 GAsyncResult          *result,
                                                 GError               **error);

/* Telling a log from a job file or a launch script by what it holds, not
 * by its name: TRUE when the reader finds in @data (the start of a file)
 * anything only a run writes: Megatron's argument block or world-size
 * line, an iteration or memory line, a start-up marker, or a failure
 * (out of memory, NCCL timeout, a traceback). */
#define PLANNER_LOG_SNIFF_BYTES (1024 * 1024)

gboolean           planner_log_looks_like_log  (const char             *data,
                                                gsize                   length);
/* Reads the first PLANNER_LOG_SNIFF_BYTES of @file in a worker thread.
 * @is_log: planner_log_looks_like_log on them, or the file is larger than
 * any job file or script (PLANNER_LOG_SNIFF_LARGE) and not JSON, so that
 * reading it whole as a script is never tried. */
#define PLANNER_LOG_SNIFF_LARGE (16 * 1024 * 1024)

void               planner_log_sniff_file_async  (GFile                *file,
                                                  GCancellable         *cancellable,
                                                  GAsyncReadyCallback   callback,
                                                  gpointer              user_data);
gboolean           planner_log_sniff_file_finish (GFile                *file,
                                                  GAsyncResult         *result,
                                                  gboolean             *is_log,
                                                  GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLogRecord, planner_log_record_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLogReader, planner_log_reader_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLogLine, planner_log_line_free)

G_END_DECLS
