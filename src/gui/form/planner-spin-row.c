/* planner-spin-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-spin-row"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "planner-spin-row.h"

enum {
  PROP_0,
  PROP_KEY,
  PROP_DIGITS,
  N_PROPS
};

enum {
  SPIN_INVALID_CHANGED,
  N_SPIN_SIGNALS
};

static guint spin_signals[N_SPIN_SIGNALS];

struct _PlannerSpinRow
{
  AdwActionRow          parent_instance;

  PlannerFieldRowState  state;

  guint          digits;
  GtkSpinButton *spin;
  GtkAdjustment *adjustment;
  PlannerJob    *job;
  GParamSpec    *pspec;
  gboolean       invalid;      /* the text is not a value the field can hold */
  gboolean       committing;   /* our own write to the job: keep the text as typed */
  char          *invalid_message;
};

static void planner_spin_row_field_row_init (PlannerFieldRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlannerSpinRow, planner_spin_row, ADW_TYPE_ACTION_ROW,
                               G_IMPLEMENT_INTERFACE (PLANNER_TYPE_FIELD_ROW, planner_spin_row_field_row_init))

static double
spin_job_value (PlannerSpinRow *self)
{
  g_auto(GValue) value = G_VALUE_INIT;

  g_value_init (&value, self->pspec->value_type);
  g_object_get_property (G_OBJECT (self->job), self->state.key, &value);
  if (G_VALUE_HOLDS_UINT (&value))
    return g_value_get_uint (&value);
  return g_value_get_double (&value);
}

static gboolean
spin_parse (PlannerSpinRow *self,
            const char     *text,
            double         *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end = NULL;
  double v;

  if (G_IS_PARAM_SPEC_UINT (self->pspec))
    {
      GParamSpecUInt *u = G_PARAM_SPEC_UINT (self->pspec);
      guint64 n;

      if (!g_ascii_string_to_unsigned (copy, 10, u->minimum, u->maximum, &n, NULL))
        return FALSE;
      *value = n;
      return TRUE;
    }

  v = g_ascii_strtod (copy, &end);
  if (*copy == '\0' || end == NULL || *end != '\0' || !isfinite (v) ||
      v < G_PARAM_SPEC_DOUBLE (self->pspec)->minimum || v > G_PARAM_SPEC_DOUBLE (self->pspec)->maximum)
    return FALSE;
  *value = v;
  return TRUE;
}

static void
spin_set_invalid (PlannerSpinRow *self,
                  gboolean        invalid)
{
  g_autofree char *message = NULL;

  if (self->invalid == invalid)
    return;
  self->invalid = invalid;
  if (invalid)
    {
      if (G_IS_PARAM_SPEC_UINT (self->pspec))
        message = g_strdup_printf (_("%s takes a whole number from %u to %u"),
                                   adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)),
                                   G_PARAM_SPEC_UINT (self->pspec)->minimum,
                                   G_PARAM_SPEC_UINT (self->pspec)->maximum);
      else
        message = g_strdup_printf (_("%s takes a number from %g to %g"),
                                   adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)),
                                   G_PARAM_SPEC_DOUBLE (self->pspec)->minimum,
                                   G_PARAM_SPEC_DOUBLE (self->pspec)->maximum);
      planner_field_row_set_problem (GTK_WIDGET (self), PLANNER_SEVERITY_ERROR, message);
      gtk_widget_add_css_class (GTK_WIDGET (self->spin), "error");
    }
  else
    {
      planner_field_row_set_problem (GTK_WIDGET (self), PLANNER_SEVERITY_ERROR, NULL);
      gtk_widget_remove_css_class (GTK_WIDGET (self->spin), "error");
    }
  g_free (self->invalid_message);
  self->invalid_message = g_steal_pointer (&message);
  /* The page tells the document: invalid typing counts as a problem. */
  g_signal_emit (self, spin_signals[SPIN_INVALID_CHANGED], 0);
}

static void
spin_text_changed (PlannerSpinRow *self,
                   GtkEditable    *editable)
{
  double value;

  if (self->job == NULL || self->committing)
    return;
  if (!spin_parse (self, gtk_editable_get_text (editable), &value))
    {
      spin_set_invalid (self, TRUE);
      return;
    }
  spin_set_invalid (self, FALSE);
  if (value == spin_job_value (self))
    return;
  self->committing = TRUE;
  if (G_IS_PARAM_SPEC_UINT (self->pspec))
    g_object_set (self->job, self->state.key, (guint) value, NULL);
  else
    g_object_set (self->job, self->state.key, value, NULL);
  self->committing = FALSE;
}

/* GtkSpinButton would put the old value back (or clamp) on focus-out;
 * what the person typed stays until they fix it. */
static int
spin_input (PlannerSpinRow *self,
            double         *new_value,
            GtkSpinButton  *spin)
{
  double value;

  if (spin_parse (self, gtk_editable_get_text (GTK_EDITABLE (spin)), &value))
    *new_value = value;
  else
    *new_value = gtk_adjustment_get_value (self->adjustment);
  return TRUE;
}

static gboolean
spin_output (PlannerSpinRow *self,
             GtkSpinButton  *spin)
{
  return self->invalid || self->committing;
}

/* The width every row of a kind starts at, so that the fields line up. */
static int
base_width_chars (PlannerSpinRow *self)
{
  return self->pspec != NULL && G_IS_PARAM_SPEC_DOUBLE (self->pspec) ? 8 : 6;
}

static void
spin_sync_from_job (PlannerSpinRow *self)
{
  double value = spin_job_value (self);

  if (self->committing)
    {
      /* Typing: the adjustment follows silently, the text stays. */
      gtk_adjustment_set_value (self->adjustment, value);
      return;
    }
  spin_set_invalid (self, FALSE);
  self->committing = TRUE;
  gtk_adjustment_set_value (self->adjustment, value);
  self->committing = FALSE;
  {
    /* Written out in full, so what the field holds is what is shown. */
    g_autofree char *text = self->digits > 0 || G_IS_PARAM_SPEC_DOUBLE (self->pspec)
      ? g_strdup_printf ("%g", value) : g_strdup_printf ("%.0f", value);

    if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (self->spin))) != 0)
      {
        self->committing = TRUE;
        gtk_editable_set_text (GTK_EDITABLE (self->spin), text);
        self->committing = FALSE;
      }
    /* Room for all of it: a schedule in samples (1953125000) is cut at
     * the width a batch size needs. */
    gtk_editable_set_width_chars (GTK_EDITABLE (self->spin), MAX (base_width_chars (self), (int) strlen (text)));
  }
}

static void
spin_bind (PlannerFieldRow *row,
           PlannerJob      *job)
{
  PlannerSpinRow *self = PLANNER_SPIN_ROW (row);
  g_autofree char *signal = NULL;

  self->pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (job), self->state.key);
  g_return_if_fail (self->pspec != NULL);

  if (G_IS_PARAM_SPEC_UINT (self->pspec))
    gtk_adjustment_configure (self->adjustment, 0, G_PARAM_SPEC_UINT (self->pspec)->minimum,
                              G_PARAM_SPEC_UINT (self->pspec)->maximum, 1, 8, 0);
  else
    gtk_adjustment_configure (self->adjustment, 0, G_PARAM_SPEC_DOUBLE (self->pspec)->minimum,
                              G_PARAM_SPEC_DOUBLE (self->pspec)->maximum,
                              self->digits > 0 ? pow (10, -(double) self->digits) : 1, 1, 0);
  gtk_spin_button_set_digits (self->spin, self->digits);
  /* Room for what the field holds: 3e-05, 4096 (and wider for more). */
  gtk_editable_set_width_chars (GTK_EDITABLE (self->spin), base_width_chars (self));
  /* Only now: configuring the adjustment must not write to the job. */
  g_set_object (&self->job, job);
  signal = g_strdup_printf ("notify::%s", self->state.key);
  g_signal_connect_object (job, signal, G_CALLBACK (spin_sync_from_job), self, G_CONNECT_SWAPPED);
  spin_sync_from_job (self);
}

static PlannerFieldRowState *
spin_get_state (PlannerFieldRow *row)
{
  return &PLANNER_SPIN_ROW (row)->state;
}

static GtkWidget *
spin_get_editor (PlannerFieldRow *row)
{
  return GTK_WIDGET (PLANNER_SPIN_ROW (row)->spin);
}

static const char *
spin_get_invalid_message (PlannerFieldRow *row)
{
  PlannerSpinRow *self = PLANNER_SPIN_ROW (row);

  return self->invalid ? self->invalid_message : NULL;
}

static void
planner_spin_row_field_row_init (PlannerFieldRowInterface *iface)
{
  iface->get_state = spin_get_state;
  iface->bind = spin_bind;
  iface->get_editor = spin_get_editor;
  iface->get_invalid_message = spin_get_invalid_message;
}

static void
planner_spin_row_dispose (GObject *object)
{
  PlannerSpinRow *self = PLANNER_SPIN_ROW (object);

  g_clear_object (&self->job);
  G_OBJECT_CLASS (planner_spin_row_parent_class)->dispose (object);
}

static void
planner_spin_row_finalize (GObject *object)
{
  PlannerSpinRow *self = PLANNER_SPIN_ROW (object);

  planner_field_row_state_clear (&self->state);
  g_clear_pointer (&self->invalid_message, g_free);
  G_OBJECT_CLASS (planner_spin_row_parent_class)->finalize (object);
}

static void
planner_spin_row_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PlannerSpinRow *self = PLANNER_SPIN_ROW (object);

  switch (prop_id)
    {
    case PROP_KEY:
      g_value_set_string (value, self->state.key);
      break;
    case PROP_DIGITS:
      g_value_set_uint (value, self->digits);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_spin_row_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PlannerSpinRow *self = PLANNER_SPIN_ROW (object);

  switch (prop_id)
    {
    case PROP_KEY:
      planner_field_row_set_key (GTK_WIDGET (self), g_value_get_string (value));
      break;
    case PROP_DIGITS:
      self->digits = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_spin_row_class_init (PlannerSpinRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_spin_row_dispose;
  object_class->finalize = planner_spin_row_finalize;
  object_class->get_property = planner_spin_row_get_property;
  object_class->set_property = planner_spin_row_set_property;
  g_object_class_install_property (object_class, PROP_DIGITS,
                                   g_param_spec_uint ("digits", NULL, NULL, 0, 10, 0,
                                                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                      G_PARAM_STATIC_STRINGS));

  /**
   * PlannerSpinRow::invalid-changed:
   *
   * The text typed became, or stopped being, no value the field can hold.
   */
  spin_signals[SPIN_INVALID_CHANGED] =
    g_signal_new ("invalid-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-spin-row.ui");
  planner_field_row_class_setup (widget_class, PROP_KEY, G_STRUCT_OFFSET (PlannerSpinRow, state));
  gtk_widget_class_bind_template_child (widget_class, PlannerSpinRow, spin);
  gtk_widget_class_bind_template_child (widget_class, PlannerSpinRow, adjustment);
  gtk_widget_class_bind_template_callback (widget_class, spin_text_changed);
  gtk_widget_class_bind_template_callback (widget_class, spin_input);
  gtk_widget_class_bind_template_callback (widget_class, spin_output);
}

static void
planner_spin_row_init (PlannerSpinRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkSpinButton *
planner_spin_row_get_spin_button (PlannerSpinRow *self)
{
  g_return_val_if_fail (PLANNER_IS_SPIN_ROW (self), NULL);
  return self->spin;
}
