/* planner-cluster-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cluster-page"

#include "config.h"

#include "planner-field-row.h"
#include "planner-flag-catalog.h"
#include "planner-pages.h"

struct _PlannerClusterPage
{
  PlannerFormPage   parent_instance;

  PlannerChoiceRow *gpu_row;
  PlannerChoiceRow *release_row;  /* the Megatron-Core release (issue 20) */
};

G_DEFINE_FINAL_TYPE (PlannerClusterPage, planner_cluster_page, PLANNER_TYPE_FORM_PAGE)

/* Every release the planner holds, newest first. */
static void
bind_releases (PlannerClusterPage *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

  for (guint i = planner_megatron_get_n_releases (); i-- > 0;)
    {
      g_strv_builder_add (ids, planner_megatron_get_release (i));
      g_strv_builder_add (labels, planner_megatron_get_release (i));
    }
  planner_choice_row_set_choices (self->release_row, g_strv_builder_end (ids), g_strv_builder_end (labels));
}

static void
planner_cluster_page_bind (PlannerFormPage *page,
                           PlannerJob      *job)
{
  PlannerClusterPage *self = PLANNER_CLUSTER_PAGE (page);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  const PlannerGpu * const *gpus;
  guint n_gpus = 0;

  gpus = planner_gpu_list (&n_gpus);
  for (guint i = 0; i < n_gpus; i++)
    {
      g_strv_builder_add (ids, gpus[i]->id);
      g_strv_builder_add (labels, gpus[i]->name);
    }
  planner_choice_row_set_choices (self->gpu_row, g_strv_builder_end (ids), g_strv_builder_end (labels));
  bind_releases (self);
}

static void
planner_cluster_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_CLUSTER_PAGE);
  G_OBJECT_CLASS (planner_cluster_page_parent_class)->dispose (object);
}

static void
planner_cluster_page_class_init (PlannerClusterPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_cluster_page_dispose;
  PLANNER_FORM_PAGE_CLASS (klass)->bind = planner_cluster_page_bind;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-cluster-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, release_row);
}

static void
planner_cluster_page_init (PlannerClusterPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_TEXT_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
}
