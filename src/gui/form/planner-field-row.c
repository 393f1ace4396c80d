/* planner-field-row.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-field-row"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "planner-bind.h"
#include "planner-combo-factory.h"
#include "planner-field-row.h"
#include "planner-field.h"

/* What every row keeps about its field's problem: a field of each of the
 * four row structs (field_problem finds it). */
typedef struct
{
  GtkWidget *icon;
  char      *text;
} FieldProblem;

static FieldProblem *field_problem (GtkWidget *row);

static GtkWidget *
add_problem_icon (GtkWidget *row)
{
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

  /* Always allocated: a problem appearing never moves the editor. */
  gtk_widget_set_opacity (icon, 0);
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (icon, "field-problem");
  gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  field_problem (row)->icon = icon;
  if (ADW_IS_ENTRY_ROW (row))
    adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), icon);
  else
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
  return icon;
}

void
planner_field_row_set_problem (GtkWidget       *row,
                               PlannerSeverity  severity,
                               const char      *message)
{
  FieldProblem *problem;
  GtkWidget *icon;

  g_return_if_fail (planner_is_field_row (row));

  problem = field_problem (row);
  if (g_strcmp0 (problem->text, message) == 0 &&
      (message == NULL || gtk_widget_has_css_class (row, severity == PLANNER_SEVERITY_ERROR ? "error" : "warning")))
    return;

  icon = problem->icon;
  gtk_widget_remove_css_class (row, "error");
  gtk_widget_remove_css_class (row, "warning");
  gtk_widget_remove_css_class (icon, "error");
  gtk_widget_remove_css_class (icon, "warning");
  g_free (problem->text);
  problem->text = g_strdup (message);

  if (message == NULL)
    {
      gtk_widget_set_opacity (icon, 0);
      gtk_widget_set_tooltip_text (icon, NULL);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL);
      gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }

  {
    gboolean error = severity == PLANNER_SEVERITY_ERROR;
    /* Translators: what a screen reader says for the icon beside a field. */
    g_autofree char *spoken = g_strdup_printf (error ? _("Error: %s") : _("Warning: %s"), message);

    gtk_image_set_from_icon_name (GTK_IMAGE (icon), error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
    gtk_widget_add_css_class (icon, error ? "error" : "warning");
    gtk_widget_add_css_class (row, error ? "error" : "warning");
    gtk_widget_set_opacity (icon, 1);
    gtk_widget_set_tooltip_text (icon, message);
    gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, FALSE, -1);
    gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_INVALID,
                                 GTK_ACCESSIBLE_INVALID_TRUE, -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spoken, -1);
  }
}

const char *
planner_field_row_get_problem (GtkWidget *row)
{
  g_return_val_if_fail (planner_is_field_row (row), NULL);
  return field_problem (row)->text;
}

enum {
  PROP_0,
  PROP_KEY,
  PROP_DIGITS,
  PROP_IDS,
  N_PROPS
};

/* Spin row ---------------------------------------------------------------- */

enum {
  SPIN_INVALID_CHANGED,
  N_SPIN_SIGNALS
};

static guint spin_signals[N_SPIN_SIGNALS];

struct _PlannerSpinRow
{
  AdwActionRow   parent_instance;

  FieldProblem   problem;

  char          *key;
  guint          digits;
  GtkSpinButton *spin;
  GtkAdjustment *adjustment;
  PlannerJob    *job;
  GParamSpec    *pspec;
  gboolean       invalid;      /* the text is not a value the field can hold */
  gboolean       committing;   /* our own write to the job: keep the text as typed */
  char          *invalid_message;
};

G_DEFINE_FINAL_TYPE (PlannerSpinRow, planner_spin_row, ADW_TYPE_ACTION_ROW)

static double
spin_job_value (PlannerSpinRow *self)
{
  g_auto(GValue) value = G_VALUE_INIT;

  g_value_init (&value, self->pspec->value_type);
  g_object_get_property (G_OBJECT (self->job), self->key, &value);
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
    g_object_set (self->job, self->key, (guint) value, NULL);
  else
    g_object_set (self->job, self->key, value, NULL);
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
  }
}

static void
spin_bind (PlannerSpinRow *self,
           PlannerJob     *job)
{
  g_autofree char *signal = NULL;

  self->pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (job), self->key);
  g_return_if_fail (self->pspec != NULL);

  if (G_IS_PARAM_SPEC_UINT (self->pspec))
    gtk_adjustment_configure (self->adjustment, 0, G_PARAM_SPEC_UINT (self->pspec)->minimum,
                              G_PARAM_SPEC_UINT (self->pspec)->maximum, 1, 8, 0);
  else
    gtk_adjustment_configure (self->adjustment, 0, G_PARAM_SPEC_DOUBLE (self->pspec)->minimum,
                              G_PARAM_SPEC_DOUBLE (self->pspec)->maximum,
                              self->digits > 0 ? pow (10, -(double) self->digits) : 1, 1, 0);
  gtk_spin_button_set_digits (self->spin, self->digits);
  /* Room for what the field holds: 3e-05, 4096, 1073741824. */
  gtk_editable_set_width_chars (GTK_EDITABLE (self->spin), G_IS_PARAM_SPEC_DOUBLE (self->pspec) ? 8 : 6);
  /* Only now: configuring the adjustment must not write to the job. */
  g_set_object (&self->job, job);
  signal = g_strdup_printf ("notify::%s", self->key);
  g_signal_connect_object (job, signal, G_CALLBACK (spin_sync_from_job), self, G_CONNECT_SWAPPED);
  spin_sync_from_job (self);
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

  g_clear_pointer (&self->key, g_free);
  g_clear_pointer (&self->problem.text, g_free);
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
      g_value_set_string (value, self->key);
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
      g_free (self->key);
      self->key = g_value_dup_string (value);
      gtk_widget_set_name (GTK_WIDGET (self), self->key);
      break;
    case PROP_DIGITS:
      self->digits = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
key_pspec (void)
{
  return g_param_spec_string ("key", NULL, NULL, NULL,
                              G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
}

static void
planner_spin_row_class_init (PlannerSpinRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_spin_row_dispose;
  object_class->finalize = planner_spin_row_finalize;
  object_class->get_property = planner_spin_row_get_property;
  object_class->set_property = planner_spin_row_set_property;
  g_object_class_install_property (object_class, PROP_KEY, key_pspec ());
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
}

static void
planner_spin_row_init (PlannerSpinRow *self)
{
  self->adjustment = gtk_adjustment_new (0, 0, 1, 1, 8, 0);
  self->spin = GTK_SPIN_BUTTON (gtk_spin_button_new (self->adjustment, 1, 0));
  /* Letters are allowed so that they can be shown as wrong, not eaten. */
  gtk_spin_button_set_numeric (self->spin, FALSE);
  gtk_widget_set_valign (GTK_WIDGET (self->spin), GTK_ALIGN_CENTER);
  g_signal_connect_object (self->spin, "changed", G_CALLBACK (spin_text_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->spin, "input", G_CALLBACK (spin_input), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->spin, "output", G_CALLBACK (spin_output), self, G_CONNECT_SWAPPED);
  add_problem_icon (GTK_WIDGET (self));
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->spin));
}

GtkSpinButton *
planner_spin_row_get_spin_button (PlannerSpinRow *self)
{
  g_return_val_if_fail (PLANNER_IS_SPIN_ROW (self), NULL);
  return self->spin;
}

/* Text row ---------------------------------------------------------------- */

struct _PlannerTextRow
{
  AdwEntryRow  parent_instance;

  FieldProblem   problem;

  char        *key;
  PlannerJob  *job;
  gboolean     syncing;
};

G_DEFINE_FINAL_TYPE (PlannerTextRow, planner_text_row, ADW_TYPE_ENTRY_ROW)

static void
text_sync_from_job (PlannerTextRow *self)
{
  const char *value = planner_job_get_string (self->job, self->key);

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
  g_object_set (self->job, self->key, gtk_editable_get_text (GTK_EDITABLE (self)), NULL);
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
text_bind (PlannerTextRow *self,
           PlannerJob     *job)
{
  g_autofree char *signal = g_strdup_printf ("notify::%s", self->key);

  g_set_object (&self->job, job);
  g_signal_connect_object (job, signal, G_CALLBACK (text_sync_from_job), self, G_CONNECT_SWAPPED);
  text_sync_from_job (self);
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
  g_clear_pointer (&PLANNER_TEXT_ROW (object)->key, g_free);
  g_clear_pointer (&PLANNER_TEXT_ROW (object)->problem.text, g_free);
  G_OBJECT_CLASS (planner_text_row_parent_class)->finalize (object);
}

static void
planner_text_row_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  if (prop_id == PROP_KEY)
    g_value_set_string (value, PLANNER_TEXT_ROW (object)->key);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_text_row_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PlannerTextRow *self = PLANNER_TEXT_ROW (object);

  if (prop_id == PROP_KEY)
    {
      g_free (self->key);
      self->key = g_value_dup_string (value);
      gtk_widget_set_name (GTK_WIDGET (self), self->key);
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_text_row_class_init (PlannerTextRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_text_row_dispose;
  object_class->finalize = planner_text_row_finalize;
  object_class->get_property = planner_text_row_get_property;
  object_class->set_property = planner_text_row_set_property;
  g_object_class_install_property (object_class, PROP_KEY, key_pspec ());
}

static void
planner_text_row_init (PlannerTextRow *self)
{
  GtkEditable *delegate = gtk_editable_get_delegate (GTK_EDITABLE (self));

  add_problem_icon (GTK_WIDGET (self));
  g_signal_connect_object (self, "changed", G_CALLBACK (text_changed), self, G_CONNECT_SWAPPED);
  if (delegate != NULL)
    g_signal_connect (delegate, "insert-text", G_CALLBACK (text_insert), self);
}

/* Choice row -------------------------------------------------------------- */

struct _PlannerChoiceRow
{
  AdwComboRow  parent_instance;

  FieldProblem   problem;

  char        *key;
  char        *ids;    /* "|"-separated, as the template gives them */
  GStrv        choice_ids;
};

G_DEFINE_FINAL_TYPE (PlannerChoiceRow, planner_choice_row, ADW_TYPE_COMBO_ROW)

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
choice_bind (PlannerChoiceRow *self,
             PlannerJob       *job)
{
  GStrv ids;

  /* Fixed choices come from the engine: exactly what a job file may hold. */
  if (self->choice_ids == NULL && (self->ids == NULL || *self->ids == '\0'))
    {
      g_auto(GStrv) choices = planner_job_dup_choices (self->key);
      g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

      g_return_if_fail (choices != NULL);
      for (guint i = 0; choices[i] != NULL; i++)
        g_strv_builder_add (labels, planner_field_choice_label (self->key, choices[i]));
      planner_choice_row_set_choices (self, g_strdupv (choices), g_strv_builder_end (labels));
    }
  ids = self->choice_ids != NULL ? g_strdupv (self->choice_ids)
                                 : g_strsplit (self->ids != NULL ? self->ids : "", "|", -1);
  planner_bind_choice (G_OBJECT (job), self->key, ADW_COMBO_ROW (self), ids);
}

static void
planner_choice_row_finalize (GObject *object)
{
  PlannerChoiceRow *self = PLANNER_CHOICE_ROW (object);

  g_clear_pointer (&self->key, g_free);
  g_clear_pointer (&self->problem.text, g_free);
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
      g_value_set_string (value, self->key);
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
      g_free (self->key);
      self->key = g_value_dup_string (value);
      gtk_widget_set_name (GTK_WIDGET (self), self->key);
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

  object_class->finalize = planner_choice_row_finalize;
  object_class->get_property = planner_choice_row_get_property;
  object_class->set_property = planner_choice_row_set_property;
  g_object_class_install_property (object_class, PROP_KEY, key_pspec ());
  g_object_class_install_property (object_class, PROP_IDS,
                                   g_param_spec_string ("ids", NULL, NULL, NULL,
                                                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                        G_PARAM_STATIC_STRINGS));
}

static void
planner_choice_row_init (PlannerChoiceRow *self)
{
  add_problem_icon (GTK_WIDGET (self));
  planner_combo_factory_install (ADW_COMBO_ROW (self));
}

/* Switch row -------------------------------------------------------------- */

struct _PlannerSwitchRow
{
  AdwActionRow  parent_instance;

  FieldProblem   problem;

  char         *key;
  GtkWidget    *toggle;
};

G_DEFINE_FINAL_TYPE (PlannerSwitchRow, planner_switch_row, ADW_TYPE_ACTION_ROW)

static void
planner_switch_row_finalize (GObject *object)
{
  g_clear_pointer (&PLANNER_SWITCH_ROW (object)->key, g_free);
  g_clear_pointer (&PLANNER_SWITCH_ROW (object)->problem.text, g_free);
  G_OBJECT_CLASS (planner_switch_row_parent_class)->finalize (object);
}

static void
planner_switch_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  if (prop_id == PROP_KEY)
    g_value_set_string (value, PLANNER_SWITCH_ROW (object)->key);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_switch_row_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PlannerSwitchRow *self = PLANNER_SWITCH_ROW (object);

  if (prop_id == PROP_KEY)
    {
      g_free (self->key);
      self->key = g_value_dup_string (value);
      gtk_widget_set_name (GTK_WIDGET (self), self->key);
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
planner_switch_row_class_init (PlannerSwitchRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = planner_switch_row_finalize;
  object_class->get_property = planner_switch_row_get_property;
  object_class->set_property = planner_switch_row_set_property;
  g_object_class_install_property (object_class, PROP_KEY, key_pspec ());
}

static void
planner_switch_row_init (PlannerSwitchRow *self)
{
  add_problem_icon (GTK_WIDGET (self));
  self->toggle = gtk_switch_new ();
  gtk_widget_set_valign (self->toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), self->toggle);
}

/* Any row ----------------------------------------------------------------- */

static FieldProblem *
field_problem (GtkWidget *row)
{
  if (PLANNER_IS_SPIN_ROW (row))
    return &PLANNER_SPIN_ROW (row)->problem;
  if (PLANNER_IS_TEXT_ROW (row))
    return &PLANNER_TEXT_ROW (row)->problem;
  if (PLANNER_IS_CHOICE_ROW (row))
    return &PLANNER_CHOICE_ROW (row)->problem;
  g_assert (PLANNER_IS_SWITCH_ROW (row));
  return &PLANNER_SWITCH_ROW (row)->problem;
}

gboolean
planner_is_field_row (gpointer widget)
{
  return PLANNER_IS_SPIN_ROW (widget) || PLANNER_IS_TEXT_ROW (widget) || PLANNER_IS_CHOICE_ROW (widget) ||
         PLANNER_IS_SWITCH_ROW (widget);
}

const char *
planner_field_row_get_key (GtkWidget *row)
{
  if (PLANNER_IS_SPIN_ROW (row))
    return PLANNER_SPIN_ROW (row)->key;
  if (PLANNER_IS_TEXT_ROW (row))
    return PLANNER_TEXT_ROW (row)->key;
  if (PLANNER_IS_CHOICE_ROW (row))
    return PLANNER_CHOICE_ROW (row)->key;
  if (PLANNER_IS_SWITCH_ROW (row))
    return PLANNER_SWITCH_ROW (row)->key;
  g_return_val_if_reached (NULL);
}

void
planner_field_row_bind (GtkWidget  *row,
                        PlannerJob *job)
{
  g_return_if_fail (planner_is_field_row (row));
  g_return_if_fail (PLANNER_IS_JOB (job));

  if (PLANNER_IS_SPIN_ROW (row))
    spin_bind (PLANNER_SPIN_ROW (row), job);
  else if (PLANNER_IS_TEXT_ROW (row))
    text_bind (PLANNER_TEXT_ROW (row), job);
  else if (PLANNER_IS_CHOICE_ROW (row))
    choice_bind (PLANNER_CHOICE_ROW (row), job);
  else
    {
      g_object_bind_property (job, PLANNER_SWITCH_ROW (row)->key, PLANNER_SWITCH_ROW (row)->toggle, "active",
                              G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    }
}

const char *
planner_field_row_get_invalid_message (GtkWidget *row)
{
  return PLANNER_IS_SPIN_ROW (row) && PLANNER_SPIN_ROW (row)->invalid ? PLANNER_SPIN_ROW (row)->invalid_message
                                                                      : NULL;
}

gboolean
planner_field_row_get_invalid (GtkWidget *row)
{
  return PLANNER_IS_SPIN_ROW (row) && PLANNER_SPIN_ROW (row)->invalid;
}

void
planner_field_row_focus (GtkWidget *row)
{
  g_return_if_fail (planner_is_field_row (row));

  if (PLANNER_IS_SPIN_ROW (row))
    gtk_widget_grab_focus (GTK_WIDGET (PLANNER_SPIN_ROW (row)->spin));
  else if (PLANNER_IS_SWITCH_ROW (row))
    gtk_widget_grab_focus (PLANNER_SWITCH_ROW (row)->toggle);
  else
    gtk_widget_grab_focus (row);
}
