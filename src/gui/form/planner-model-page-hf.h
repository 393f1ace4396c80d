/* planner-model-page-hf.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-hf-config.h"
#include "planner-job.h"
#include "planner-job-args.h"

G_BEGIN_DECLS

/* Where the value of field @property (a custom architecture row) came
 * from: "Typed" when @job's value is no longer what the import set
 * (@imported, may be NULL), "From config.json: rope_theta", the family's
 * mapping, or Megatron's default.  Translated. */
char       *_planner_model_page_hf_source      (const PlannerHfConfig *config,
                                                PlannerJob            *imported,
                                                PlannerJob            *job,
                                                const char            *property);

/* An option the mapping writes that no field of the Model page holds. */
typedef struct
{
  char *title;   /* in the form's words ("Norm Epsilon"), else the flag */
  char *words;   /* as the draft writes it ("--norm-epsilon 1e-06") */
  char *source;  /* as _planner_model_page_hf_source words it */
} PlannerModelPageHfExtra;

/* The label of such an option, or NULL (translated). */
const char *_planner_model_page_hf_extra_label (const char            *dest);
/* Those of @config, in the order a draft writes them. */
GPtrArray  *_planner_model_page_hf_extras      (const PlannerHfConfig *config);
void        _planner_model_page_hf_extra_free  (gpointer               data);

G_END_DECLS
