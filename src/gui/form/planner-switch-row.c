/* planner-switch-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-switch-row"

#include "config.h"

#include "planner-switch-row.h"

enum {
  PROP_0,
  PROP_KEY,
  N_PROPS
};

struct _PlannerSwitchRow
{
  AdwActionRow          parent_instance;

  PlannerFieldRowState  state;

  GtkWidget            *toggle;
};

static void planner_switch_row_field_row_init (PlannerFieldRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlannerSwitchRow, planner_switch_row, ADW_TYPE_ACTION_ROW,
                               G_IMPLEMENT_INTERFACE (PLANNER_TYPE_FIELD_ROW, planner_switch_row_field_row_init))

static void
switch_bind (PlannerFieldRow *row,
             PlannerJob      *job)
{
  PlannerSwitchRow *self = PLANNER_SWITCH_ROW (row);

  g_object_bind_property (job, self->state.key, self->toggle, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

static PlannerFieldRowState *
switch_get_state (PlannerFieldRow *row)
{
  return &PLANNER_SWITCH_ROW (row)->state;
}

static GtkWidget *
switch_get_editor (PlannerFieldRow *row)
{
  return PLANNER_SWITCH_ROW (row)->toggle;
}

static void
planner_switch_row_field_row_init (PlannerFieldRowInterface *iface)
{
  iface->get_state = switch_get_state;
  iface->bind = switch_bind;
  iface->get_editor = switch_get_editor;
}

static void
planner_switch_row_finalize (GObject *object)
{
  planner_field_row_state_clear (&PLANNER_SWITCH_ROW (object)->state);
  G_OBJECT_CLASS (planner_switch_row_parent_class)->finalize (object);
}

static void
planner_switch_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  if (prop_id == PROP_KEY)
    g_value_set_string (value, PLANNER_SWITCH_ROW (object)->state.key);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_switch_row_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  if (prop_id == PROP_KEY)
    planner_field_row_set_key (GTK_WIDGET (object), g_value_get_string (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_switch_row_class_init (PlannerSwitchRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = planner_switch_row_finalize;
  object_class->get_property = planner_switch_row_get_property;
  object_class->set_property = planner_switch_row_set_property;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-switch-row.ui");
  planner_field_row_class_setup (widget_class, PROP_KEY, G_STRUCT_OFFSET (PlannerSwitchRow, state));
  gtk_widget_class_bind_template_child (widget_class, PlannerSwitchRow, toggle);
}

static void
planner_switch_row_init (PlannerSwitchRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
