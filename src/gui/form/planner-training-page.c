/* planner-training-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-training-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-choice-row.h"
#include "planner-spin-row.h"
#include "planner-switch-row.h"
#include "planner-job.h"
#include "planner-pages.h"

struct _PlannerTrainingPage
{
  PlannerFormPage parent_instance;
};

G_DEFINE_FINAL_TYPE (PlannerTrainingPage, planner_training_page, PLANNER_TYPE_FORM_PAGE)

static void planner_training_page_constructed (GObject *object);

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

static void
planner_training_page_constructed (GObject *object)
{
  GtkWidget *iters;
  g_autofree char *subtitle = NULL;

  G_OBJECT_CLASS (planner_training_page_parent_class)->constructed (object);
  /* Where new jobs start, and that it is the person's to change. */
  iters = planner_form_page_find_row (PLANNER_FORM_PAGE (object), "train-iters");
  /* Translators: under Training Iterations; %u is where new jobs start (1000) */
  subtitle = g_strdup_printf (_("New jobs start at %u, a short first run: set how long yours trains"),
                              PLANNER_JOB_FIRST_RUN_ITERS);
  if (iters != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (iters), subtitle);
}
