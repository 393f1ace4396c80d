/* planner-cluster-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cluster-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

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

/* Beside Nodes, the GPUs they make, as the report counts them: people
 * think in GPUs (issue 23 #9). */
static void
planner_cluster_page_update (PlannerFormPage *page,
                             PlannerReport   *report)
{
  GtkWidget *row = planner_form_page_find_row (page, "nodes");
  guint64 world = planner_report_get_world_size (report);
  guint per_node = planner_report_get_gpus_per_node (report);
  g_autofree char *subtitle = NULL;

  if (row == NULL)
    return;
  if (world > 0 && per_node > 0 && world % per_node == 0)
    /* Translators: under Nodes, which reads on: "8 nodes × 8 per node = 64 GPUs" */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRIu64 " × %u per node = %" PRIu64 " GPU",
                                             "%" PRIu64 " × %u per node = %" PRIu64 " GPUs", world),
                                world / per_node, per_node, world);
  else
    subtitle = g_strdup (_("GPUs = nodes × GPUs per node"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
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
  PLANNER_FORM_PAGE_CLASS (klass)->update = planner_cluster_page_update;
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
