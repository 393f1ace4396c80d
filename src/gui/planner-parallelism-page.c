/* planner-parallelism-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-parallelism-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-analyze.h"
#include "planner-field-row.h"
#include "planner-layout.h"
#include "planner-pages.h"
#include "planner-recommend.h"

struct _PlannerParallelismPage
{
  PlannerFormPage      parent_instance;

  AdwPreferencesGroup *nearest_group;
  GtkFlowBox          *nearest_box;
  AdwPreferencesGroup *experts_group;
  AdwPreferencesGroup *reasons_group;
  GPtrArray           *reason_rows;
  AdwPreferencesGroup *ranking_group;
  AdwActionRow        *ranking_row;
  PlannerReport       *ranking_report;   /* waiting to be ranked */
  guint                ranking_source;
};

G_DEFINE_FINAL_TYPE (PlannerParallelismPage, planner_parallelism_page, PLANNER_TYPE_FORM_PAGE)

static void
on_nearest_clicked (GtkButton              *button,
                    PlannerParallelismPage *self)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  const PlannerLayout *layout = g_object_get_data (G_OBJECT (button), "layout");

  /* Only the degrees: everything else the person set stays. */
  g_object_freeze_notify (G_OBJECT (job));
  g_object_set (job,
                "tp", (guint) layout->tp,
                "pp", (guint) layout->pp,
                "cp", (guint) layout->cp,
                "ep", (guint) layout->ep,
                NULL);
  g_object_thaw_notify (G_OBJECT (job));
}

/* When the degrees do not divide the GPUs, the engine's nearest valid
 * layouts are one click away. */
static void
update_nearest (PlannerParallelismPage *self,
                PlannerReport          *report)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  const PlannerConfig *config = planner_report_get_config (report);
  g_autoptr(GArray) nearest = NULL;
  GtkWidget *child;
  guint world = planner_job_get_world_size (job);
  guint num_experts = config != NULL ? config->num_experts : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->nearest_box))) != NULL)
    gtk_flow_box_remove (self->nearest_box, child);

  if (planner_report_get_layout (report) != NULL || world == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->nearest_group), FALSE);
      return;
    }

  nearest = planner_layout_nearest_valid (world, planner_job_get_uint (job, "tp"), planner_job_get_uint (job, "pp"),
                                          planner_job_get_uint (job, "cp"), planner_job_get_uint (job, "ep"),
                                          planner_job_get_uint (job, "etp"), num_experts, 4);
  for (guint i = 0; nearest != NULL && i < nearest->len; i++)
    {
      const PlannerLayout *layout = &g_array_index (nearest, PlannerLayout, i);
      g_autofree char *label = NULL;
      GtkWidget *button;

      /* The dense product first; the expert view only for MoE models. */
      if (num_experts > 0)
        label = g_strdup_printf ("TP %u × CP %u × PP %u · EP %u", (guint) layout->tp, (guint) layout->cp,
                                 (guint) layout->pp, (guint) layout->ep);
      else
        label = g_strdup_printf ("TP %u × CP %u × PP %u", (guint) layout->tp, (guint) layout->cp,
                                 (guint) layout->pp);
      button = gtk_button_new_with_label (label);
      gtk_widget_set_tooltip_text (button, _("Use these degrees"));
      g_object_set_data_full (G_OBJECT (button), "layout", g_memdup2 (layout, sizeof *layout), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_nearest_clicked), self, 0);
      gtk_flow_box_append (self->nearest_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->nearest_group), nearest != NULL && nearest->len > 0);
}

/* "Your layout ranks 3rd of 41 …, within 4% of the best": the ranking
 * searches (a few milliseconds), so it runs after the frame that shows the
 * edit, and only while the page is on screen. */
static gboolean
rank_layout_cb (gpointer user_data)
{
  PlannerParallelismPage *self = user_data;
  g_autoptr(PlannerReport) report = NULL;
  const PlannerLayoutRank *rank;

  self->ranking_source = 0;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE;   /* ranked on map */
  report = g_steal_pointer (&self->ranking_report);
  if (report == NULL)
    return G_SOURCE_REMOVE;
  rank = planner_report_get_layout_rank (report);
  if (rank != NULL && rank->text != NULL)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->ranking_row), rank->text);
  gtk_widget_set_visible (GTK_WIDGET (self->ranking_group), rank != NULL && rank->text != NULL);
  return G_SOURCE_REMOVE;
}

static void
schedule_ranking (PlannerParallelismPage *self)
{
  if (self->ranking_source == 0 && self->ranking_report != NULL)
    self->ranking_source = g_idle_add_full (G_PRIORITY_LOW, rank_layout_cb, self, NULL);
}

static void
on_map (GtkWidget              *widget,
        PlannerParallelismPage *self)
{
  schedule_ranking (self);
}

static void
planner_parallelism_page_update (PlannerFormPage *page,
                                 PlannerReport   *report)
{
  PlannerParallelismPage *self = PLANNER_PARALLELISM_PAGE (page);
  const PlannerConfig *config = planner_report_get_config (report);
  PlannerJob *job = planner_form_page_get_job (page);

  update_nearest (self, report);
  g_clear_pointer (&self->ranking_report, planner_report_unref);
  self->ranking_report = planner_report_ref (report);
  schedule_ranking (self);
  /* The expert degrees matter only for a model with experts (or once set). */
  gtk_widget_set_visible (GTK_WIDGET (self->experts_group),
                          (config != NULL && config->num_experts > 0) || planner_job_get_uint (job, "ep") > 1);
}

void
planner_parallelism_page_set_reasons (PlannerParallelismPage *self,
                                      GPtrArray              *reasons,
                                      const char             *nothing_fits)
{
  g_return_if_fail (PLANNER_IS_PARALLELISM_PAGE (self));

  for (guint i = 0; i < self->reason_rows->len; i++)
    adw_preferences_group_remove (self->reasons_group, g_ptr_array_index (self->reason_rows, i));
  g_ptr_array_set_size (self->reason_rows, 0);

  if (nothing_fits != NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), nothing_fits);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      adw_preferences_group_add (self->reasons_group, row);
      g_ptr_array_add (self->reason_rows, row);
    }
  for (guint i = 0; reasons != NULL && i < reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (reasons, i);
      g_autofree char *value = g_strdup_printf ("%" G_GUINT64_FORMAT, reason->value);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *label = gtk_label_new (value);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), reason->degree);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reason->reason);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (self->reasons_group, row);
      g_ptr_array_add (self->reason_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), self->reason_rows->len > 0);
}

static void
planner_parallelism_page_dispose (GObject *object)
{
  PlannerParallelismPage *self = PLANNER_PARALLELISM_PAGE (object);

  g_clear_pointer (&self->reason_rows, g_ptr_array_unref);
  g_clear_handle_id (&self->ranking_source, g_source_remove);
  g_clear_pointer (&self->ranking_report, planner_report_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_PARALLELISM_PAGE);
  G_OBJECT_CLASS (planner_parallelism_page_parent_class)->dispose (object);
}

static void
planner_parallelism_page_class_init (PlannerParallelismPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_parallelism_page_dispose;
  PLANNER_FORM_PAGE_CLASS (klass)->update = planner_parallelism_page_update;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-parallelism-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, nearest_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, nearest_box);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, experts_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, reasons_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, ranking_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, ranking_row);
}

static void
planner_parallelism_page_init (PlannerParallelismPage *self)
{
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_SWITCH_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->reason_rows = g_ptr_array_new ();
  g_signal_connect (self, "map", G_CALLBACK (on_map), self);
}
