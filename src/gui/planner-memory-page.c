/* planner-memory-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-memory-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-memory-page.h"

struct _PlannerMemoryPage
{
  AdwBin              parent_instance;

  AdwBin             *chart_slot;
  AdwPreferencesPage *numbers;
  GPtrArray          *groups;
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
  adw_preferences_page_add (self->numbers, group);
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
    adw_preferences_page_remove (self->numbers, g_ptr_array_index (self->groups, i));
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
  adw_preferences_group_set_description (group, _("theoretical_memory_usage for the first stage; it ignores context "
                                                  "parallelism, MoE routing and memory outside PyTorch."));
  adw_preferences_group_add (group, gib_row (_("Weights and Optimizer"), NULL, megatron->weight_and_optimizer_bytes));
  adw_preferences_group_add (group, gib_row (_("Activations"), NULL, megatron->activation_bytes));
  adw_preferences_group_add (group, gib_row (_("Total"), NULL, megatron->total_bytes));
  add_group (self, group);
}

void
planner_memory_page_set_chart (PlannerMemoryPage *self,
                               GtkWidget         *chart)
{
  g_return_if_fail (PLANNER_IS_MEMORY_PAGE (self));

  adw_bin_set_child (self->chart_slot, chart);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_slot), chart != NULL);
}

static void
planner_memory_page_dispose (GObject *object)
{
  g_clear_pointer (&PLANNER_MEMORY_PAGE (object)->groups, g_ptr_array_unref);
  G_OBJECT_CLASS (planner_memory_page_parent_class)->dispose (object);
}

static void
planner_memory_page_class_init (PlannerMemoryPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = planner_memory_page_dispose;
}

static void
planner_memory_page_init (PlannerMemoryPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->chart_slot = ADW_BIN (adw_bin_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->chart_slot), FALSE);
  self->numbers = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->numbers), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->chart_slot));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->numbers));
  adw_bin_set_child (ADW_BIN (self), box);
  self->groups = g_ptr_array_new ();
}

GtkWidget *
planner_memory_page_new (void)
{
  return g_object_new (PLANNER_TYPE_MEMORY_PAGE, NULL);
}
