/* planner-log-diagnosis.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-analyze.h"
#include "planner-flops.h"
#include "planner-log.h"
#include "planner-plan.h"

G_BEGIN_DECLS

/* What a log shows, read against the job that ran: the symptoms with the
 * lines that prove them, the MFU measured from the logged throughput
 * (computed by the planner's own MFU functions), and the memory each rank
 * logged beside the planner's estimate for its pipeline stage.
 *
 * Topics name the kind of proof a line is, so a plan's suggestions can
 * cite the lines that motivated them: "oom", "memory", "nccl-timeout",
 * "nan", "skipped", "loss-spike", "grad-norm", "throughput",
 * "start-up-error", and "start-up:CODE" for a start-up error the planner's
 * validator knows by CODE. */

typedef struct
{
  char           *topic;
  PlannerLogLine *line;
} PlannerLogCitation;

typedef struct
{
  PlannerSymptom          symptom;
  char                   *title;      /* one sentence, with the figures */
  GPtrArray              *details;    /* char*: further sentences */
  GPtrArray              *citations;  /* PlannerLogCitation*, in the order of the log */
  const PlannerLogEvent  *event;      /* the main event (the record owns it); NULL for low MFU */
  gint                    rank;       /* -1 unknown */
  gint                    stage;      /* pipeline stage of @rank; -1 unknown */
  gint64                  iteration;  /* -1 unknown or none */
} PlannerLogFinding;

typedef struct
{
  gint            rank;
  gint            stage;                 /* -1 when the layout is unknown */
  gboolean        stage_approximate;     /* a middle stage: the planner's middle-stage figure */
  double          logged_bytes;          /* max reserved */
  double          logged_allocated_bytes;/* max allocated */
  double          estimate_bytes;        /* < 0 unknown */
  double          difference;            /* (estimate − logged) / logged; NAN unknown */
  PlannerLogLine *line;
  char           *sentence;
} PlannerLogMemoryCheck;

typedef struct
{
  PlannerLogRecord *record;
  GPtrArray        *findings;            /* PlannerLogFinding*, most severe first */

  /* Measured MFU: the planner's planner_mfu_from_tflops_per_gpu on the
   * median logged throughput, or planner_mfu_from_iteration_time on the
   * median elapsed time when throughput was not logged. */
  gboolean          has_mfu;
  PlannerMfu        mfu;
  const char       *mfu_from;            /* "throughput" or "elapsed-time" */
  double            mfu_logged_value;    /* the TFLOP/s/GPU or milliseconds used */
  PlannerLogLine   *mfu_line;
  double            expected_mfu_low;    /* published range for the GPU and model kind; 0 unknown */
  double            expected_mfu_high;
  const char       *expected_mfu_source;

  GPtrArray        *memory;              /* PlannerLogMemoryCheck*, by rank */
  gboolean          has_theoretical;
  double            theoretical_logged_bytes;   /* Megatron's report in the log */
  double            theoretical_planner_bytes;  /* the planner's reproduction for the job; < 0 unknown */

  GPtrArray        *notes;               /* char* */
} PlannerLogDiagnosis;

/* @report is the analysis of the job that ran (NULL when unknown: then no
 * stages, MFU or estimates); @gpus_per_node places ranks on nodes. */
PlannerLogDiagnosis     *planner_log_diagnose            (PlannerLogRecord          *record,
                                                          const PlannerReport       *report,
                                                          guint                      gpus_per_node);
void                     planner_log_diagnosis_free      (PlannerLogDiagnosis       *diagnosis);
/* The first finding of @symptom, or NULL. */
const PlannerLogFinding *planner_log_diagnosis_find      (const PlannerLogDiagnosis *diagnosis,
                                                          PlannerSymptom             symptom);
/* The pipeline stage of @rank in @report's layout; -1 when unknown. */
gint                     planner_log_rank_stage          (const PlannerReport       *report,
                                                          gint                       rank,
                                                          guint                      gpus_per_node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerLogDiagnosis, planner_log_diagnosis_free)

G_END_DECLS
