/* planner-preferences-window.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-catalog.h"
#include "planner-combo-factory.h"
#include "planner-field-check.h"
#include "planner-flag-catalog.h"
#include "planner-a11y.h"
#include "planner-preferences-window.h"
#include "planner-release.h"

struct _PlannerPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwComboRow          *gpu_row;
  AdwComboRow          *release_row;   /* the cluster's Megatron-Core release (issue 20) */
  GtkAdjustment        *gpus_per_node_adjustment;
  AdwEntryRow          *megatron_row;
  AdwEntryRow          *partition_row;
  AdwEntryRow          *account_row;

  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (PlannerPreferencesWindow, planner_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* Only a path the engine would accept is kept; the row says what is wrong. */
static void
on_megatron_changed (PlannerPreferencesWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->megatron_row));
  g_autofree char *problem = *text != '\0' ? planner_field_check_path (_("Megatron-LM Checkout"), text) : NULL;

  if (problem != NULL)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->megatron_row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->megatron_row), problem);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->megatron_row), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_TRUE, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->megatron_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      problem, -1);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->megatron_row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->megatron_row), NULL);
  gtk_accessible_reset_state (GTK_ACCESSIBLE (self->megatron_row), GTK_ACCESSIBLE_STATE_INVALID);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->megatron_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_settings_set_string (self->settings, "default-megatron-dir", text);
}

static gboolean
gpu_get_mapping (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  const char * const *ids = user_data;
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (g_str_equal (ids[i], id))
        {
          g_value_set_uint (value, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* A release as a person may keep it (X.Y picks the newest patch held). */
static gboolean
release_get_mapping (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  const char *release = planner_release_resolve (g_variant_get_string (variant, NULL), NULL);
  g_autoptr(GVariant) resolved = g_variant_ref_sink (g_variant_new_string (release != NULL ? release : ""));

  return gpu_get_mapping (value, resolved, user_data);
}

static GVariant *
gpu_set_mapping (const GValue       *value,
                 const GVariantType *type,
                 gpointer            user_data)
{
  const char * const *ids = user_data;
  guint position = g_value_get_uint (value);

  if (position >= g_strv_length ((char **) ids))
    return NULL;
  return g_variant_new_string (ids[position]);
}

static void
planner_preferences_window_dispose (GObject *object)
{
  PlannerPreferencesWindow *self = PLANNER_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLANNER_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (planner_preferences_window_parent_class)->dispose (object);
}

static void
planner_preferences_window_class_init (PlannerPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerPreferencesWindow, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerPreferencesWindow, release_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerPreferencesWindow, gpus_per_node_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PlannerPreferencesWindow, megatron_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerPreferencesWindow, partition_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerPreferencesWindow, account_row);
}

static void
planner_preferences_window_init (PlannerPreferencesWindow *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  g_autoptr(GtkStringList) model = NULL;
  g_auto(GStrv) label_list = NULL;
  g_autofree char *megatron = NULL;
  GStrv gpu_ids;
  const PlannerGpu * const *gpus;
  guint n_gpus = 0;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The page's own scrolled window is named by its title; libadwaita's
   * search results by what they are. */
  planner_a11y_name_scrolled_in (GTK_WIDGET (self), _("Search Results"));
  self->settings = g_settings_new (APP_ID);

  gpus = planner_gpu_list (&n_gpus);
  for (guint i = 0; i < n_gpus; i++)
    {
      g_strv_builder_add (ids, gpus[i]->id);
      g_strv_builder_add (labels, gpus[i]->name);
    }
  label_list = g_strv_builder_end (labels);
  model = gtk_string_list_new ((const char * const *) label_list);
  adw_combo_row_set_model (self->gpu_row, G_LIST_MODEL (model));
  planner_combo_factory_install (self->gpu_row);
  /* The binding reads the ids and owns them: they go when it goes. */
  gpu_ids = g_strv_builder_end (ids);
  g_settings_bind_with_mapping (self->settings, "default-gpu", self->gpu_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                gpu_get_mapping, gpu_set_mapping, gpu_ids, (GDestroyNotify) g_strfreev);

  /* The releases held, newest first, bound the same way as the GPU. */
  {
    g_autoptr(GStrvBuilder) releases = g_strv_builder_new ();
    g_autoptr(GtkStringList) release_model = NULL;
    GStrv release_ids;

    for (guint i = planner_megatron_get_n_releases (); i-- > 0;)
      g_strv_builder_add (releases, planner_megatron_get_release (i));
    release_ids = g_strv_builder_end (releases);
    release_model = gtk_string_list_new ((const char * const *) release_ids);
    adw_combo_row_set_model (self->release_row, G_LIST_MODEL (release_model));
    planner_combo_factory_install (self->release_row);
    g_settings_bind_with_mapping (self->settings, "default-megatron-version", self->release_row, "selected",
                                  G_SETTINGS_BIND_DEFAULT, release_get_mapping, gpu_set_mapping, release_ids,
                                  (GDestroyNotify) g_strfreev);
  }

  /* The schema's range is the single source of truth for the number. */
  g_settings_bind (self->settings, "default-gpus-per-node", self->gpus_per_node_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "default-slurm-partition", self->partition_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "default-slurm-account", self->account_row, "text", G_SETTINGS_BIND_DEFAULT);
  megatron = g_settings_get_string (self->settings, "default-megatron-dir");
  gtk_editable_set_text (GTK_EDITABLE (self->megatron_row), megatron);
  g_signal_connect_object (self->megatron_row, "changed", G_CALLBACK (on_megatron_changed), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
planner_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (PLANNER_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
