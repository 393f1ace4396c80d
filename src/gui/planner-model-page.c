/* planner-model-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-model-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-field-row.h"
#include "planner-pages.h"

struct _PlannerModelPage
{
  PlannerFormPage      parent_instance;

  PlannerChoiceRow    *model_row;
  AdwPreferencesGroup *figures_group;
  GPtrArray           *figure_rows;
};

G_DEFINE_FINAL_TYPE (PlannerModelPage, planner_model_page, PLANNER_TYPE_FORM_PAGE)

static void
planner_model_page_bind (PlannerFormPage *page,
                         PlannerJob      *job)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (page);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  const PlannerModel * const *models;
  guint n_models = 0;

  g_strv_builder_add (ids, "");
  g_strv_builder_add (labels, _("Custom Size"));
  models = planner_model_list (&n_models);
  for (guint i = 0; i < n_models; i++)
    {
      g_strv_builder_add (ids, models[i]->id);
      g_strv_builder_add (labels, models[i]->name);
    }
  planner_choice_row_set_choices (self->model_row, g_strv_builder_end (ids), g_strv_builder_end (labels));
}

static void
add_figure (PlannerModelPage *self,
            const char       *title,
            char             *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (self->figures_group, row);
  g_ptr_array_add (self->figure_rows, row);
  g_free (value);
}

static char *
billions (double n)
{
  return n >= 1e9 ? g_strdup_printf (_("%.2f billion"), n / 1e9) : g_strdup_printf (_("%.1f million"), n / 1e6);
}

static char *
number (guint64 n)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, n);
}

/* The model's dimensions and parameter counts, as the engine derived
 * them from the catalogue or the size. */
static void
planner_model_page_update (PlannerFormPage *page,
                           PlannerReport   *report)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (page);
  const PlannerConfig *config = planner_report_get_config (report);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
  PlannerModelParams params = { 0 };

  for (guint i = 0; i < self->figure_rows->len; i++)
    adw_preferences_group_remove (self->figures_group, g_ptr_array_index (self->figure_rows, i));
  g_ptr_array_set_size (self->figure_rows, 0);

  if (config == NULL)
    {
      adw_preferences_group_set_description (self->figures_group,
                                             _("Choose a model, or give its size, to see its dimensions."));
      return;
    }
  adw_preferences_group_set_description (self->figures_group,
                                         _("What the engine works with, from the catalogue or from the size."));

  planner_config_count_params (config, &params);
  add_figure (self, _("Total Parameters"), billions (params.total));
  if (config->num_experts > 0)
    add_figure (self, _("Active Parameters"), billions (params.active));
  if (estimate != NULL && estimate->n_stages > 0)
    {
      const PlannerStageMemory *worst = &estimate->stages[estimate->worst];

      add_figure (self, _("Parameters per GPU, Most Loaded Stage"),
                  billions (worst->dense_params + worst->expert_params));
    }
  add_figure (self, _("Layers"), number (config->num_layers));
  add_figure (self, _("Hidden Size"), number (config->hidden_size));
  add_figure (self, _("Attention Heads"), number (config->num_attention_heads));
  add_figure (self, _("Query Groups"), number (config->num_query_groups));
  add_figure (self, _("FFN Hidden Size"), number (config->ffn_hidden_size));
  add_figure (self, _("Vocabulary"), number (config->vocab_size));
  add_figure (self, _("Maximum Position Embeddings"), number (config->max_position_embeddings));
  add_figure (self, _("Normalisation"), g_strdup (config->rmsnorm ? "RMSNorm" : "LayerNorm"));
  if (config->num_experts > 0)
    {
      add_figure (self, _("Experts"), number (config->num_experts));
      add_figure (self, _("Experts per Token"), number (config->moe_router_topk));
      add_figure (self, _("Expert FFN Hidden Size"), number (config->moe_ffn_hidden_size));
      add_figure (self, _("Shared Expert Size"), number (config->moe_shared_expert_intermediate_size));
    }
}

static void
planner_model_page_dispose (GObject *object)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (object);

  g_clear_pointer (&self->figure_rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLANNER_TYPE_MODEL_PAGE);
  G_OBJECT_CLASS (planner_model_page_parent_class)->dispose (object);
}

static void
planner_model_page_class_init (PlannerModelPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlannerFormPageClass *page_class = PLANNER_FORM_PAGE_CLASS (klass);

  object_class->dispose = planner_model_page_dispose;
  page_class->bind = planner_model_page_bind;
  page_class->update = planner_model_page_update;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-model-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, model_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, figures_group);
}

static void
planner_model_page_init (PlannerModelPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->figure_rows = g_ptr_array_new ();
}
