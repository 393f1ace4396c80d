/* planner-job-model.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-args.h"
#include "planner-catalog.h"
#include "planner-config.h"
#include "planner-job.h"

#include "planner-words.h"

G_BEGIN_DECLS

/* How a job names its model.  The first that applies wins: a catalog id,
 * else a size in billions, else a custom architecture (num-layers > 0). */
typedef enum
{
  PLANNER_JOB_MODEL_NONE = 0,  /* nothing given yet */
  PLANNER_JOB_MODEL_CATALOG,   /* model-id */
  PLANNER_JOB_MODEL_SIZE,      /* params-b: LLaMA-style dimensions assumed */
  PLANNER_JOB_MODEL_CUSTOM,    /* the architecture fields (num-layers, hidden-size, …) */
} PlannerJobModelKind;

PlannerJobModelKind planner_job_get_model_kind   (PlannerJob          *job);
gboolean            planner_job_model_is_moe     (PlannerJob          *job);

/* The model's dimensions, whichever way the job names it: the window
 * shows them read-only for a catalog model or a size (model->assumed
 * lists what a size assumed), and editable for a custom architecture.
 * A new model for the caller to free; NULL with an error naming the field
 * (model.model_id, model.params_b, model.num_layers, …) when there is none.
 * A custom field left at 0 stays 0 here (Megatron's default where the
 * field says so). */
PlannerModel       *planner_job_dup_model        (PlannerJob          *job,
                                                  GError             **error);
/* The same, its errors naming the fields in @words (NULL: the job's keys). */
PlannerModel       *planner_job_dup_model_in     (PlannerJob          *job,
                                                  const PlannerWords  *words,
                                                  GError             **error);

/* "Customise": copies the dimensions of the catalog model or of the size
 * into the custom architecture fields, then clears model-id and params-b,
 * so the job describes the same model in fields a person can edit.  The
 * model's tokenizer is copied into data.tokenizer_type when that is empty,
 * so the script stays the same.  FALSE (job untouched) when the job names
 * no model it can copy. */
gboolean            planner_job_customise        (PlannerJob          *job,
                                                  GError             **error);

/* The Megatron arguments that describe the job's model, flags spelled as
 * Megatron spells them: the catalog's for a catalog model or a size, and
 * the custom fields otherwise (a 0 field that means "Megatron's default"
 * is not written; --vocab-size always is, as the planner needs it).
 * Nothing is written when the job names no model. */
void                planner_job_model_to_args    (PlannerJob          *job,
                                                  PlannerArgs         *args);

/* Total and active parameters of the job's model (the catalog's counting,
 * at TP 1 with the vocabulary padded to 128). */
gboolean            planner_job_count_params     (PlannerJob          *job,
                                                  PlannerModelParams  *params,
                                                  GError             **error);

/* What one pipeline rank holds, all its TP/EP shards together. */
typedef struct
{
  guint32 stage;
  guint32 num_layers;      /* transformer layers, all virtual chunks */
  guint32 num_moe_layers;  /* of which MoE */
  double  params;          /* layers, plus the embedding on the first stage and the
                            * final norm, output layer and MTP block on the last (with
                            * tied embeddings and PP > 1 the last stage keeps its own
                            * copy of the embedding for the output layer, as Megatron does) */
} PlannerStageParams;

/* Parameters of pipeline rank @stage under @config (a report's
 * configuration: it knows the layout and Megatron's layer split).  FALSE
 * when @stage is not a rank of the pipeline. */
gboolean            planner_config_count_stage_params (const PlannerConfig *config,
                                                       guint32              stage,
                                                       PlannerStageParams  *out);

G_END_DECLS
