/* planner-training-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-training-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-catalog.h"
#include "planner-choice-row.h"
#include "planner-field-row.h"
#include "planner-spin-row.h"
#include "planner-switch-row.h"
#include "planner-job.h"
#include "planner-job-model.h"
#include "planner-pages.h"

struct _PlannerTrainingPage
{
  PlannerFormPage parent_instance;
};

G_DEFINE_FINAL_TYPE (PlannerTrainingPage, planner_training_page, PLANNER_TYPE_FORM_PAGE)

static void planner_training_page_constructed (GObject *object);
static void update_iterations (PlannerTrainingPage *self);

/* A value the person never typed is the planner's assumption (issue 23
 * #7): its row says so, and how to make it theirs. */
static void
update_assumed (PlannerTrainingPage *self)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  GtkWidget *seq = planner_form_page_find_row (PLANNER_FORM_PAGE (self), "seq-length");
  GtkWidget *batch = planner_form_page_find_row (PLANNER_FORM_PAGE (self), "global-batch-size");
  g_autofree char *seq_text = NULL;
  g_autofree char *batch_text = NULL;

  if (job == NULL)
    return;
  if (!planner_job_is_given (job, "seq-length"))
    {
      const PlannerModel *model = planner_job_get_model_kind (job) == PLANNER_JOB_MODEL_CATALOG
                                  ? planner_model_lookup (planner_job_get_model_id (job)) : NULL;

      if (model != NULL && model->seq_length > 0)
        /* Translators: under Sequence Length; %u is the model's own (8192) */
        seq_text = g_strdup_printf (_("Assumed: the model’s own %u tokens; type a value to set it"),
                                    planner_job_get_uint (job, "seq-length"));
      else
        /* Translators: under Sequence Length; %u is the value new jobs start at */
        seq_text = g_strdup_printf (_("Assumed: %u tokens; type a value to set it"),
                                    planner_job_get_uint (job, "seq-length"));
    }
  if (!planner_job_is_given (job, "global-batch-size"))
    /* Translators: under Global Batch Size; %u is the value the job holds */
    batch_text = g_strdup_printf (_("Assumed: %u sequences, and Use Recommended picks one for the model; "
                                    "type a value to set it"),
                                  planner_job_get_uint (job, "global-batch-size"));
  if (seq != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (seq), seq_text != NULL ? seq_text : "");
  if (batch != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (batch), batch_text != NULL ? batch_text : "");
}

static void
planner_training_page_bind (PlannerFormPage *page,
                            PlannerJob      *job)
{
  /* Values notify after a whole job is assigned, whose they are with it. */
  g_signal_connect_object (job, "changed", G_CALLBACK (update_assumed), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (job, "notify::seq-length", G_CALLBACK (update_assumed), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (job, "notify::global-batch-size", G_CALLBACK (update_assumed), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (job, "changed", G_CALLBACK (update_iterations), page, G_CONNECT_SWAPPED);
  g_signal_connect_object (job, "notify::train-samples", G_CALLBACK (update_iterations), page, G_CONNECT_SWAPPED);
  update_assumed (PLANNER_TRAINING_PAGE (page));
  update_iterations (PLANNER_TRAINING_PAGE (page));
}

static void
planner_training_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_TRAINING_PAGE);
  G_OBJECT_CLASS (planner_training_page_parent_class)->dispose (object);
}

static void
planner_training_page_class_init (PlannerTrainingPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = planner_training_page_dispose;
  G_OBJECT_CLASS (klass)->constructed = planner_training_page_constructed;
  PLANNER_FORM_PAGE_CLASS (klass)->bind = planner_training_page_bind;
  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass), RESOURCE_BASE "/planner-training-page.ui");
}

static void
planner_training_page_init (PlannerTrainingPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_SWITCH_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Where new jobs start, and that it is the person's to change; a job
 * that trains by samples holds 0 iterations, and the row says why. */
static void
update_iterations (PlannerTrainingPage *self)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  GtkWidget *iters = planner_form_page_find_row (PLANNER_FORM_PAGE (self), "train-iters");
  g_autofree char *subtitle = NULL;

  if (iters == NULL)
    return;
  if (job != NULL && planner_job_get_uint (job, "train-samples") > 0)
    subtitle = g_strdup (_("This job trains by samples (Training Samples): 0 iterations"));
  else
    /* Translators: under Training Iterations; %u is where new jobs start (1000) */
    subtitle = g_strdup_printf (_("New jobs start at %u, a short first run: set how long yours trains"),
                                PLANNER_JOB_FIRST_RUN_ITERS);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (iters), subtitle);
}

static void
planner_training_page_constructed (GObject *object)
{
  G_OBJECT_CLASS (planner_training_page_parent_class)->constructed (object);
  update_iterations (PLANNER_TRAINING_PAGE (object));
}
