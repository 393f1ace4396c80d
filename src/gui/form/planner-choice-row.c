/* planner-choice-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-choice-row"

#include "config.h"

#include "planner-bind.h"
#include "planner-choice-row.h"
#include "planner-combo-factory.h"
#include "planner-field.h"

enum {
  PROP_0,
  PROP_KEY,
  PROP_IDS,
  N_PROPS
};

struct _PlannerChoiceRow
{
  AdwComboRow           parent_instance;

  PlannerFieldRowState  state;

  char                 *ids;    /* "|"-separated, as the template gives them */
  GStrv                 choice_ids;
};

static void planner_choice_row_field_row_init (PlannerFieldRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlannerChoiceRow, planner_choice_row, ADW_TYPE_COMBO_ROW,
                               G_IMPLEMENT_INTERFACE (PLANNER_TYPE_FIELD_ROW, planner_choice_row_field_row_init))

void
planner_choice_row_set_choices (PlannerChoiceRow *self,
                                GStrv             ids,
                                GStrv             labels)
{
  g_autoptr(GtkStringList) model = NULL;

  g_return_if_fail (PLANNER_IS_CHOICE_ROW (self));

  model = gtk_string_list_new ((const char * const *) labels);
  adw_combo_row_set_model (ADW_COMBO_ROW (self), G_LIST_MODEL (model));
  g_strfreev (labels);
  g_strfreev (self->choice_ids);
  self->choice_ids = ids;
}

static void
choice_bind (PlannerFieldRow *row,
             PlannerJob      *job)
{
  PlannerChoiceRow *self = PLANNER_CHOICE_ROW (row);
  const char *key = self->state.key;
  GStrv ids;

  /* Fixed choices come from the engine: exactly what a job file may hold. */
  if (self->choice_ids == NULL && (self->ids == NULL || *self->ids == '\0'))
    {
      g_auto(GStrv) choices = planner_job_dup_choices (key);
      g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

      g_return_if_fail (choices != NULL);
      for (guint i = 0; choices[i] != NULL; i++)
        g_strv_builder_add (labels, planner_field_choice_label (key, choices[i]));
      planner_choice_row_set_choices (self, g_strdupv (choices), g_strv_builder_end (labels));
    }
  ids = self->choice_ids != NULL ? g_strdupv (self->choice_ids)
                                 : g_strsplit (self->ids != NULL ? self->ids : "", "|", -1);
  planner_bind_choice (G_OBJECT (job), key, ADW_COMBO_ROW (self), ids);
}

static PlannerFieldRowState *
choice_get_state (PlannerFieldRow *row)
{
  return &PLANNER_CHOICE_ROW (row)->state;
}

static void
planner_choice_row_field_row_init (PlannerFieldRowInterface *iface)
{
  iface->get_state = choice_get_state;
  iface->bind = choice_bind;
}

static void
planner_choice_row_finalize (GObject *object)
{
  PlannerChoiceRow *self = PLANNER_CHOICE_ROW (object);

  planner_field_row_state_clear (&self->state);
  g_clear_pointer (&self->ids, g_free);
  g_clear_pointer (&self->choice_ids, g_strfreev);
  G_OBJECT_CLASS (planner_choice_row_parent_class)->finalize (object);
}

static void
planner_choice_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PlannerChoiceRow *self = PLANNER_CHOICE_ROW (object);

  switch (prop_id)
    {
    case PROP_KEY:
      g_value_set_string (value, self->state.key);
      break;
    case PROP_IDS:
      g_value_set_string (value, self->ids);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_choice_row_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PlannerChoiceRow *self = PLANNER_CHOICE_ROW (object);

  switch (prop_id)
    {
    case PROP_KEY:
      planner_field_row_set_key (GTK_WIDGET (self), g_value_get_string (value));
      break;
    case PROP_IDS:
      g_free (self->ids);
      self->ids = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_choice_row_class_init (PlannerChoiceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = planner_choice_row_finalize;
  object_class->get_property = planner_choice_row_get_property;
  object_class->set_property = planner_choice_row_set_property;
  g_object_class_install_property (object_class, PROP_IDS,
                                   g_param_spec_string ("ids", NULL, NULL, NULL,
                                                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                        G_PARAM_STATIC_STRINGS));

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-choice-row.ui");
  planner_field_row_class_setup (widget_class, PROP_KEY, G_STRUCT_OFFSET (PlannerChoiceRow, state));
}

static void
planner_choice_row_init (PlannerChoiceRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  planner_combo_factory_install (ADW_COMBO_ROW (self));
}
