/* planner-text-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-text-row"

#include "config.h"

#include <string.h>

#include "planner-text-row.h"

enum {
  PROP_0,
  PROP_KEY,
  N_PROPS
};

struct _PlannerTextRow
{
  AdwEntryRow           parent_instance;

  PlannerFieldRowState  state;

  PlannerJob           *job;
  gboolean              syncing;
};

static void planner_text_row_field_row_init (PlannerFieldRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlannerTextRow, planner_text_row, ADW_TYPE_ENTRY_ROW,
                               G_IMPLEMENT_INTERFACE (PLANNER_TYPE_FIELD_ROW, planner_text_row_field_row_init))

static void
text_sync_from_job (PlannerTextRow *self)
{
  const char *value = planner_job_get_string (self->job, self->state.key);

  if (g_strcmp0 (value, gtk_editable_get_text (GTK_EDITABLE (self))) == 0)
    return;
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self), value != NULL ? value : "");
  self->syncing = FALSE;
}

static void
text_changed (PlannerTextRow *self)
{
  if (self->job == NULL || self->syncing)
    return;
  self->syncing = TRUE;
  g_object_set (self->job, self->state.key, gtk_editable_get_text (GTK_EDITABLE (self)), NULL);
  self->syncing = FALSE;
}

/* A path pasted from a terminal often brings a newline or spaces along:
 * what is pasted is trimmed; what is typed is left alone (and checked). */
static void
text_insert (GtkEditable    *delegate,
             const char     *text,
             int             length,
             int            *position,
             PlannerTextRow *self)
{
  g_autofree char *copy = NULL;

  if (self->syncing)
    return;
  copy = length < 0 ? g_strdup (text) : g_strndup (text, length);
  if (g_utf8_strlen (copy, -1) < 2)
    return;
  g_strstrip (copy);
  if (strlen (copy) == (length < 0 ? strlen (text) : (gsize) length))
    return;
  g_signal_handlers_block_by_func (delegate, text_insert, self);
  gtk_editable_insert_text (delegate, copy, -1, position);
  g_signal_handlers_unblock_by_func (delegate, text_insert, self);
  g_signal_stop_emission_by_name (delegate, "insert-text");
}

static void
text_bind (PlannerFieldRow *row,
           PlannerJob      *job)
{
  PlannerTextRow *self = PLANNER_TEXT_ROW (row);
  g_autofree char *signal = g_strdup_printf ("notify::%s", self->state.key);

  g_set_object (&self->job, job);
  g_signal_connect_object (job, signal, G_CALLBACK (text_sync_from_job), self, G_CONNECT_SWAPPED);
  text_sync_from_job (self);
}

static PlannerFieldRowState *
text_get_state (PlannerFieldRow *row)
{
  return &PLANNER_TEXT_ROW (row)->state;
}

static void
planner_text_row_field_row_init (PlannerFieldRowInterface *iface)
{
  iface->get_state = text_get_state;
  iface->bind = text_bind;
}

static void
planner_text_row_dispose (GObject *object)
{
  PlannerTextRow *self = PLANNER_TEXT_ROW (object);

  g_clear_object (&self->job);
  G_OBJECT_CLASS (planner_text_row_parent_class)->dispose (object);
}

static void
planner_text_row_finalize (GObject *object)
{
  planner_field_row_state_clear (&PLANNER_TEXT_ROW (object)->state);
  G_OBJECT_CLASS (planner_text_row_parent_class)->finalize (object);
}

static void
planner_text_row_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  if (prop_id == PROP_KEY)
    g_value_set_string (value, PLANNER_TEXT_ROW (object)->state.key);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_text_row_set_property (GObject      *object,
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
planner_text_row_class_init (PlannerTextRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_text_row_dispose;
  object_class->finalize = planner_text_row_finalize;
  object_class->get_property = planner_text_row_get_property;
  object_class->set_property = planner_text_row_set_property;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-text-row.ui");
  planner_field_row_class_setup (widget_class, PROP_KEY, G_STRUCT_OFFSET (PlannerTextRow, state));
  gtk_widget_class_bind_template_callback (widget_class, text_changed);
}

static void
planner_text_row_init (PlannerTextRow *self)
{
  GtkEditable *delegate;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The entry row's own text widget is not in any template we can name. */
  delegate = gtk_editable_get_delegate (GTK_EDITABLE (self));
  if (delegate != NULL)
    g_signal_connect (delegate, "insert-text", G_CALLBACK (text_insert), self);
}
