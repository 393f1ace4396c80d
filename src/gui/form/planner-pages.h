/* planner-pages.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-form-page.h"
#include "planner-log-session.h"
#include "planner-picture.h"

G_BEGIN_DECLS

/* The pages of the job form, one class and template each. */

#define PLANNER_TYPE_MODEL_PAGE (planner_model_page_get_type ())
G_DECLARE_FINAL_TYPE (PlannerModelPage, planner_model_page, PLANNER, MODEL_PAGE, PlannerFormPage)

#define PLANNER_TYPE_CLUSTER_PAGE (planner_cluster_page_get_type ())
G_DECLARE_FINAL_TYPE (PlannerClusterPage, planner_cluster_page, PLANNER, CLUSTER_PAGE, PlannerFormPage)

/* The opened log, whose argument block may tell another release than
 * the job's: the release row offers it (issue 20). */
void planner_cluster_page_set_log_session (PlannerClusterPage *self,
                                           PlannerLogSession  *session);

#define PLANNER_TYPE_DATA_PAGE (planner_data_page_get_type ())
G_DECLARE_FINAL_TYPE (PlannerDataPage, planner_data_page, PLANNER, DATA_PAGE, PlannerFormPage)

#define PLANNER_TYPE_TRAINING_PAGE (planner_training_page_get_type ())
G_DECLARE_FINAL_TYPE (PlannerTrainingPage, planner_training_page, PLANNER, TRAINING_PAGE, PlannerFormPage)

#define PLANNER_TYPE_PARALLELISM_PAGE (planner_parallelism_page_get_type ())
G_DECLARE_FINAL_TYPE (PlannerParallelismPage, planner_parallelism_page, PLANNER, PARALLELISM_PAGE, PlannerFormPage)

/* Shows why each degree was chosen, after Use Recommended; NULL hides it.
 * @reasons: PlannerRecommendReason. */
void planner_parallelism_page_set_reasons (PlannerParallelismPage *self,
                                           GPtrArray              *reasons,
                                           const char             *nothing_fits);
/* The rules of thumb the recommendation weighed (char*, as the CLI prints
 * them) and how its pick compares with the rules' layout, as one row
 * below the reasons; call after planner_parallelism_page_set_reasons(). */
void planner_parallelism_page_set_rules (PlannerParallelismPage *self,
                                         GPtrArray              *rules,
                                         const char             *comparison);
/* The pipeline schedule beside the degrees that shape it (shown for
 * PP > 1); @data is the report's picture data, or NULL.  The first call
 * also turns on the engine's facts beside each degree (the window makes
 * it after its first frame). */
void        planner_parallelism_page_set_picture_data (PlannerParallelismPage *self,
                                                       PlannerPictureData     *data);
GtkWidget  *planner_parallelism_page_get_schedule     (PlannerParallelismPage *self);
/* The ranking line shown ("Rank 3 of 41 layouts that fit this job"),
 * or NULL while there is none. */
const char *planner_parallelism_page_get_ranking      (PlannerParallelismPage *self);

G_END_DECLS
