/* planner-memory-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-memory-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-memory-chart.h"
#include "planner-memory-page.h"
#include "planner-picture-export.h"
#include "planner-presentation.h"

/* Exports are laid out this wide: slides want 1920 pixels. */
#define EXPORT_WIDTH 1920.

struct _PlannerMemoryPage
{
  AdwBin               parent_instance;

  /* Template widgets */
  AdwPreferencesGroup *chart_group;
  GtkWidget           *chart_frame;
  PlannerPictureView  *chart;
  GtkBox              *numbers;

  GPtrArray           *groups;
};

G_DEFINE_FINAL_TYPE (PlannerMemoryPage, planner_memory_page, ADW_TYPE_BIN)

#define GIB (1024.0 * 1024.0 * 1024.0)

static GtkWidget *
gib_row (const char *title,
         const char *subtitle,
         double      bytes)
{
  g_autofree char *text = g_strdup_printf (_("%.1f GiB"), bytes / GIB);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (text);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

static void
add_group (PlannerMemoryPage   *self,
           AdwPreferencesGroup *group)
{
  gtk_box_append (self->numbers, GTK_WIDGET (group));
  g_ptr_array_add (self->groups, group);
}

void
planner_memory_page_update (PlannerMemoryPage *self,
                            PlannerReport     *report)
{
  static const struct {
    PlannerMemoryComponent component;
    const char            *title;
  } components[] = {
    { PLANNER_MEMORY_WEIGHTS, N_("Weights") },
    { PLANNER_MEMORY_GRADIENTS, N_("Gradients") },
    { PLANNER_MEMORY_OPTIMIZER, N_("Optimizer States") },
    { PLANNER_MEMORY_ACTIVATIONS, N_("Activations") },
    { PLANNER_MEMORY_LOGITS, N_("Output Layer and Logits") },
    { PLANNER_MEMORY_OVERHEAD, N_("Outside PyTorch") },
  };
  const PlannerMemoryEstimate *estimate;
  const PlannerMegatronMemory *megatron;
  const PlannerGpu *gpu;
  AdwPreferencesGroup *group;

  g_return_if_fail (PLANNER_IS_MEMORY_PAGE (self));

  estimate = planner_report_get_memory_estimate (report);
  megatron = planner_report_get_megatron_memory (report);
  gpu = planner_report_get_gpu (report);
  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->numbers, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);

  if (estimate == NULL || megatron == NULL)
    {
      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, _("No Estimate Yet"));
      adw_preferences_group_set_description (group, _("Choose a model and a valid layout to see the memory per GPU."));
      add_group (self, group);
      return;
    }

  for (guint s = 0; s < estimate->n_stages; s++)
    {
      const PlannerStageMemory *stage = &estimate->stages[s];
      g_autofree char *title = g_strdup_printf (_("Pipeline Stage %u"), stage->stage);
      g_autofree char *description = NULL;

      if (gpu != NULL)
        description = g_strdup_printf (_("%u layers · %.1f of %.1f GiB on the %s · %s"), stage->num_layers,
                                       stage->total_bytes / GIB, estimate->capacity_bytes / GIB, gpu->name,
                                       stage->fits ? _("fits") : _("does not fit"));
      else
        description = g_strdup_printf (_("%u layers · %.1f GiB"), stage->num_layers, stage->total_bytes / GIB);

      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, title);
      adw_preferences_group_set_description (group, description);
      for (guint c = 0; c < G_N_ELEMENTS (components); c++)
        {
          gboolean dominant = components[c].component == stage->dominant;

          adw_preferences_group_add (group, gib_row (_(components[c].title),
                                                     dominant ? _("The largest part") : NULL,
                                                     stage->bytes[components[c].component]));
        }
      add_group (self, group);
    }

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("What Megatron Will Print"));
  if (megatron->weights_only)
    {
      /* Megatron-Core up to 0.14 has no activation formula for this job. */
      g_autofree char *description =
        /* Translators: %s is a Megatron-Core release, 0.14.0 */
        g_strdup_printf (_("theoretical_memory_usage for the first stage; Megatron-Core %s prints the weights and "
                           "optimizer only, without sequence parallelism and selective recompute."),
                         planner_report_get_megatron_version (report));

      adw_preferences_group_set_description (group, description);
      adw_preferences_group_add (group, gib_row (_("Weights and Optimizer"), NULL,
                                                 megatron->weight_and_optimizer_bytes));
      add_group (self, group);
      return;
    }
  adw_preferences_group_set_description (group, _("theoretical_memory_usage for the first stage; it ignores context "
                                                  "parallelism, MoE routing and memory outside PyTorch."));
  adw_preferences_group_add (group, gib_row (_("Weights and Optimizer"), NULL, megatron->weight_and_optimizer_bytes));
  adw_preferences_group_add (group, gib_row (_("Activations"), NULL, megatron->activation_bytes));
  adw_preferences_group_add (group, gib_row (_("Total"), NULL, megatron->total_bytes));
  add_group (self, group);
}

void
planner_memory_page_set_data (PlannerMemoryPage  *self,
                              PlannerPictureData *data)
{
  PlannerReport *report;

  g_return_if_fail (PLANNER_IS_MEMORY_PAGE (self));

  report = data != NULL ? planner_picture_data_get_report (data) : NULL;
  planner_picture_view_set_data (self->chart, data);
  /* The chart needs the estimate; without it the page says why below. */
  gtk_widget_set_visible (GTK_WIDGET (self->chart_group),
                          report != NULL && planner_report_get_memory_estimate (report) != NULL &&
                          planner_report_get_gpu (report) != NULL);
}

PlannerPictureView *
planner_memory_page_get_chart (PlannerMemoryPage *self)
{
  g_return_val_if_fail (PLANNER_IS_MEMORY_PAGE (self), NULL);
  return self->chart;
}

static void
export (PlannerMemoryPage *self,
        gboolean           svg)
{
  g_autoptr(PlannerScene) scene = planner_picture_view_build_export (self->chart, EXPORT_WIDTH);

  if (scene != NULL)
    planner_picture_export_choose (GTK_WIDGET (self), scene, svg, svg ? "memory.svg" : "memory.png");
}

static void
on_export_png (PlannerMemoryPage *self)
{
  export (self, FALSE);
}

static void
on_export_svg (PlannerMemoryPage *self)
{
  export (self, TRUE);
}

static void
on_present (PlannerMemoryPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PlannerPictureData *data = planner_picture_view_get_data (self->chart);
  GtkWidget *presentation;

  if (data == NULL)
    return;
  presentation = planner_presentation_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, data, NULL);
  planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_MEMORY);
  gtk_window_present (GTK_WINDOW (presentation));
}

static void
planner_memory_page_dispose (GObject *object)
{
  g_clear_pointer (&PLANNER_MEMORY_PAGE (object)->groups, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_MEMORY_PAGE);
  G_OBJECT_CLASS (planner_memory_page_parent_class)->dispose (object);
}

static void
planner_memory_page_class_init (PlannerMemoryPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_memory_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-memory-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerMemoryPage, chart_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerMemoryPage, chart_frame);
  gtk_widget_class_bind_template_child (widget_class, PlannerMemoryPage, chart);
  gtk_widget_class_bind_template_child (widget_class, PlannerMemoryPage, numbers);
  gtk_widget_class_bind_template_callback (widget_class, on_export_png);
  gtk_widget_class_bind_template_callback (widget_class, on_export_svg);
  gtk_widget_class_bind_template_callback (widget_class, on_present);
}

static void
planner_memory_page_init (PlannerMemoryPage *self)
{
  g_type_ensure (PLANNER_TYPE_MEMORY_CHART);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->groups = g_ptr_array_new ();
  gtk_widget_set_visible (GTK_WIDGET (self->chart_group), FALSE);
}

GtkWidget *
planner_memory_page_new (void)
{
  return g_object_new (PLANNER_TYPE_MEMORY_PAGE, NULL);
}
