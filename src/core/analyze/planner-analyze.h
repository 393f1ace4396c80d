/* planner-analyze.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "planner-args.h"
#include "planner-catalog.h"
#include "planner-config.h"
#include "planner-diagnostic.h"
#include "planner-import.h"
#include "planner-job.h"
#include "planner-layout.h"
#include "planner-memory.h"
#include "planner-recommend.h"

G_BEGIN_DECLS

/* Everything the engine says about one job, computed once and never
 * changed afterwards: views render it and compute nothing. */
typedef struct _PlannerReport PlannerReport;

#define PLANNER_TYPE_REPORT (planner_report_get_type ())

/* What the caller knows besides the Megatron arguments. */
typedef struct
{
  guint64     world_size;   /* 0: from the launcher (nnodes × nproc-per-node) */
  guint64     vocab_size;   /* 0: from --vocab-size, the tokenizer or the model */
  const char *gpu_id;       /* NULL: unknown GPU */
  const char *model_id;     /* NULL: the arguments describe the model */
  guint       gpus_per_node; /* 0: from the launcher's --nproc-per-node, else unknown */
  const char *megatron_version; /* NULL: the default release (0.20.0) */
  const PlannerArgs *model_args; /* NULL, else a model's own arguments (a Hugging Face
                                  * config's) filling in what the arguments leave out,
                                  * in place of model_id */
  gboolean    form_words;   /* the messages in the form's words where they name a choice
                             * (a tokenizer as "GPT-2 BPE"), for the window */
  const PlannerWords *words; /* the messages' words (issue 19): NULL the command line's; the
                              * form's names each setting by its label */
} PlannerAnalyzeOptions;

#define PLANNER_ANALYZE_ERROR (planner_analyze_error_quark ())

typedef enum
{
  PLANNER_ANALYZE_ERROR_UNKNOWN_GPU,
  PLANNER_ANALYZE_ERROR_UNKNOWN_MODEL,
  PLANNER_ANALYZE_ERROR_INVALID,
} PlannerAnalyzeError;

GQuark                        planner_analyze_error_quark        (void);
GType                         planner_report_get_type            (void) G_GNUC_CONST;

/* Fails only for options that name nothing (an unknown GPU or model id);
 * everything wrong with the job itself becomes a diagnostic. */
PlannerReport                *planner_analyze_args               (const PlannerArgs            *args,
                                                                  GHashTable                   *env,
                                                                  const PlannerAnalyzeOptions  *options,
                                                                  GError                      **error);
PlannerReport                *planner_analyze_import             (const PlannerImport          *import,
                                                                  const PlannerAnalyzeOptions  *options,
                                                                  GError                      **error);
PlannerReport                *planner_analyze_job                (PlannerJob                   *job);
/* The same, its messages made in the form's words for the window. */
PlannerReport                *planner_analyze_job_for_form       (PlannerJob                   *job);

PlannerReport                *planner_report_ref                 (PlannerReport                *report);
void                          planner_report_unref               (PlannerReport                *report);

guint64                       planner_report_get_world_size      (const PlannerReport          *report);
/* GPUs per node as the job or the launcher gave them; 0 when unknown. */
guint                         planner_report_get_gpus_per_node   (const PlannerReport          *report);
/* NULL when the degrees do not form a layout Megatron would build. */
const PlannerLayout          *planner_report_get_layout          (const PlannerReport          *report);
/* TRUE when Megatron would accept the layout: it exists and no error
 * involves a parallel degree (other errors, like a missing path, do not count). */
gboolean                      planner_report_get_layout_accepted (const PlannerReport          *report);
/* NULL when the model math cannot be done (a dimension is missing). */
const PlannerConfig          *planner_report_get_config          (const PlannerReport          *report);
const PlannerGpu             *planner_report_get_gpu             (const PlannerReport          *report);
/* The arguments analysed: the import's or the job's, with the model filled in. */
const PlannerArgs            *planner_report_get_args            (const PlannerReport          *report);
/* Megatron's num_floating_point_operations for the global batch; 0 without a config. */
double                        planner_report_get_flops           (const PlannerReport          *report);
const PlannerMegatronMemory  *planner_report_get_megatron_memory (const PlannerReport          *report);
const PlannerMemoryEstimate  *planner_report_get_memory_estimate (const PlannerReport          *report);
/* "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs ✓", or what is wrong with it. */
const char                   *planner_report_get_summary         (const PlannerReport          *report);
/* "ETP 1 × EP 8 × EDP 8 × PP 1 = 64 GPUs" for MoE jobs, else NULL. */
const char                   *planner_report_get_expert_summary  (const PlannerReport          *report);
/* "stage 0 needs 66.1 of 79.6 GiB ✓": the most loaded stage against the
 * GPU's memory; NULL without a GPU or without the model math. */
const char                   *planner_report_get_memory_summary  (const PlannerReport          *report);
GPtrArray                    *planner_report_get_diagnostics     (const PlannerReport          *report);
/* The nearest valid layouts the report's layout error names (GArray of
 * PlannerLayout), or NULL when the layout is valid or unknown. */
GArray                       *planner_report_dup_nearest_layouts (const PlannerReport          *report);
/* Where the job's layout ranks among the layouts the planner's search
 * finds for the same job (planner-recommend-rank.c): computed on the first
 * call, since it searches; NULL without a GPU, a valid layout or the model
 * math. */
const PlannerLayoutRank      *planner_report_get_layout_rank     (const PlannerReport          *report);
guint                         planner_report_count               (const PlannerReport          *report,
                                                                  PlannerSeverity               severity);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerReport, planner_report_unref)

/* The Megatron-Core release the report was planned for ("0.20.0"). */
const char            *planner_report_get_megatron_version (const PlannerReport *report);

G_END_DECLS
