/* planner-advice-input.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-input"

#include "config.h"

#include <math.h>
#include <string.h>
#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-advice-input.h"

#include "planner-advice-rows.h"
#include "planner-combo-factory.h"
#include "planner-log-evidence.h"

#define RESOURCE_BASE "/io/github/launchplanner/LaunchPlanner"

struct _PlannerAdviceInput
{
  AdwPreferencesGroup  parent_instance;

  AdwComboRow         *symptom_row;
  AdwEntryRow         *mfu_row;
  AdwActionRow        *mfu_error_row;
  AdwActionRow        *measured_row;
  GtkLabel            *measured_label;
  AdwActionRow        *target_row;
  GtkLabel            *target_label;
  AdwActionRow        *published_row;
  GtkLabel            *published_label;

  gboolean             troubleshoot;
  PlannerSymptom       symptom;
  double               mfu;          /* measured, 0..1; 0 = not given */
};

G_DEFINE_FINAL_TYPE (PlannerAdviceInput, planner_advice_input, ADW_TYPE_PREFERENCES_GROUP)

enum {
  SIGNAL_CHANGED,
  SIGNAL_CHECK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* In the order of the symptom chooser. */
static const struct {
  PlannerSymptom symptom;
  const char    *label;
} symptoms[] = {
  { PLANNER_SYMPTOM_OOM, N_("Out of memory") },
  { PLANNER_SYMPTOM_LOW_MFU, N_("Low MFU") },
  { PLANNER_SYMPTOM_SLOW, N_("Slow steps") },
  { PLANNER_SYMPTOM_DIVERGING, N_("Diverging loss") },
  { PLANNER_SYMPTOM_STARTUP_ERROR, N_("Dies at start-up") },
  { PLANNER_SYMPTOM_HANG, N_("Hangs at start-up") },
  { PLANNER_SYMPTOM_HANG_MID_RUN, N_("Hangs mid-run") },
};

/* "32", "32 %", "0.32" or "0,32" → 0.32.  Empty is "not measured" (0).
 * FALSE with the reason for anything else. */
static gboolean
parse_mfu (const char  *text,
           double      *mfu,
           char       **message)
{
  g_autofree char *copy = g_strstrip (g_strdup (text != NULL ? text : ""));
  gboolean percent = FALSE;
  char *end = NULL;
  double value;
  gsize len;

  *mfu = 0;
  if (*copy == '\0')
    return TRUE;

  len = strlen (copy);
  if (copy[len - 1] == '%')
    {
      percent = TRUE;
      copy[len - 1] = '\0';
      g_strchomp (copy);
    }
  g_strdelimit (copy, ",", '.');

  value = g_ascii_strtod (copy, &end);
  if (*copy == '\0' || end == copy || *end != '\0' || !isfinite (value))
    {
      *message = g_strdup_printf (_("“%s” is not a number: give the MFU Megatron logged, such as 32 or 0.32"), text);
      return FALSE;
    }
  if (value <= 0)
    {
      *message = g_strdup (_("The MFU must be above 0"));
      return FALSE;
    }
  /* Below 1 it is a fraction, from 1 on a percentage. */
  if (percent || value >= 1)
    value /= 100;
  if (value >= 1)
    {
      *message = g_strdup (_("The MFU must be below 100%"));
      return FALSE;
    }
  *mfu = value;
  return TRUE;
}

/* Marks the row while the text is wrong and says why, right below it. */
static gboolean
validate_mfu (PlannerAdviceInput *self)
{
  g_autofree char *message = NULL;
  double mfu;
  gboolean valid = parse_mfu (gtk_editable_get_text (GTK_EDITABLE (self->mfu_row)), &mfu, &message);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (self->mfu_row), "error");
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->mfu_row), "error");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->mfu_error_row), message);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->mfu_error_row), !valid);
  return valid;
}

static void
on_mfu_changed (PlannerAdviceInput *self)
{
  validate_mfu (self);
}

static void
on_mfu_apply (PlannerAdviceInput *self)
{
  planner_advice_input_apply_mfu (self);
}

static void
on_check_clicked (PlannerAdviceInput *self)
{
  planner_advice_input_apply_mfu (self);
  g_signal_emit (self, signals[SIGNAL_CHECK], 0);
}

static void
on_symptom_selected (PlannerAdviceInput *self)
{
  guint selected = adw_combo_row_get_selected (self->symptom_row);

  if (selected >= G_N_ELEMENTS (symptoms) || symptoms[selected].symptom == self->symptom)
    return;
  self->symptom = symptoms[selected].symptom;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
planner_advice_input_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_ADVICE_INPUT);
  G_OBJECT_CLASS (planner_advice_input_parent_class)->dispose (object);
}

static void
planner_advice_input_class_init (PlannerAdviceInputClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_advice_input_dispose;

  /**
   * PlannerAdviceInput::changed:
   *
   * The symptom or the applied MFU changed: the plan is out of date.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * PlannerAdviceInput::check:
   *
   * "Check": make the plan again now, with the MFU as typed.
   */
  signals[SIGNAL_CHECK] = g_signal_new ("check", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-advice-input.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, symptom_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, mfu_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, mfu_error_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, measured_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, measured_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, target_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, target_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, published_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceInput, published_label);
  gtk_widget_class_bind_template_callback (widget_class, on_check_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_symptom_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_mfu_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_mfu_apply);
}

static void
planner_advice_input_init (PlannerAdviceInput *self)
{
  self->symptom = PLANNER_SYMPTOM_OOM;
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
planner_advice_input_set_troubleshoot (PlannerAdviceInput *self,
                                       gboolean            troubleshoot)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (self);

  g_return_if_fail (PLANNER_IS_ADVICE_INPUT (self));

  self->troubleshoot = troubleshoot;
  if (troubleshoot)
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      adw_preferences_group_set_title (group, _("Symptom"));
      adw_preferences_group_set_description (group, _("What the job does. The causes below are ranked for this "
                                                      "job, with the exact Megatron-Core 0.20.0 flag changes."));
      for (guint i = 0; i < G_N_ELEMENTS (symptoms); i++)
        gtk_string_list_append (model, _(symptoms[i].label));
      adw_combo_row_set_model (self->symptom_row, G_LIST_MODEL (model));
      planner_combo_factory_install (self->symptom_row);
    }
  else
    {
      adw_preferences_group_set_title (group, _("Throughput"));
      adw_preferences_group_set_description (group, _("Changes that raise throughput for this job, each checked "
                                                      "against Megatron-Core 0.20.0. Optional: the MFU Megatron "
                                                      "logged makes the expected MFU of each change concrete."));
      /* Optimize has no symptom to choose. */
      adw_preferences_group_remove (group, GTK_WIDGET (self->symptom_row));
      self->symptom_row = NULL;
    }
  planner_advice_input_show_plan (self, NULL, NULL);
}

PlannerSymptom
planner_advice_input_get_symptom (PlannerAdviceInput *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_INPUT (self), PLANNER_SYMPTOM_NONE);
  return self->symptom;
}

void
planner_advice_input_select_symptom (PlannerAdviceInput *self,
                                     PlannerSymptom      symptom)
{
  g_return_if_fail (PLANNER_IS_ADVICE_INPUT (self));
  g_return_if_fail (self->symptom_row != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (symptoms); i++)
    {
      if (symptoms[i].symptom == symptom)
        adw_combo_row_set_selected (self->symptom_row, i);
    }
}

void
planner_advice_input_show_symptom (PlannerAdviceInput *self,
                                   PlannerSymptom      symptom)
{
  g_return_if_fail (PLANNER_IS_ADVICE_INPUT (self));

  /* Known before the chooser moves, so moving it changes nothing. */
  self->symptom = symptom;
  planner_advice_input_select_symptom (self, symptom);
}

double
planner_advice_input_get_mfu (PlannerAdviceInput *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_INPUT (self), 0);
  return self->mfu;
}

void
planner_advice_input_apply_mfu (PlannerAdviceInput *self)
{
  g_autofree char *message = NULL;
  double mfu = 0;

  g_return_if_fail (PLANNER_IS_ADVICE_INPUT (self));

  /* A wrong value counts as "not measured": the plan stays valid. */
  if (!parse_mfu (gtk_editable_get_text (GTK_EDITABLE (self->mfu_row)), &mfu, &message))
    mfu = 0;
  validate_mfu (self);
  if (mfu != self->mfu)
    {
      self->mfu = mfu;
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
    }
}

void
planner_advice_input_show_log_symptoms (PlannerAdviceInput       *self,
                                        gboolean                  log_open,
                                        const PlannerLogAnalysis *analysis)
{
  g_autoptr(GString) shown = g_string_new (NULL);
  guint listed = 0;  /* bit per PlannerSymptom already named */

  g_return_if_fail (PLANNER_IS_ADVICE_INPUT (self));

  if (!self->troubleshoot)
    return;
  if (!log_open)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->symptom_row), "");
      return;
    }
  for (guint i = 0; analysis != NULL && i < analysis->diagnosis->findings->len; i++)
    {
      const PlannerLogFinding *finding = g_ptr_array_index (analysis->diagnosis->findings, i);

      if (listed & (1u << finding->symptom))
        continue;
      listed |= 1u << finding->symptom;
      g_string_append_printf (shown, "%s%s", shown->len > 0 ? ", " : "",
                              planner_log_symptom_label (finding->symptom));
    }
  if (shown->len > 0)
    {
      g_autofree char *subtitle = g_strdup_printf (_("In the log: %s"), shown->str);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->symptom_row), subtitle);
    }
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->symptom_row),
                                 analysis != NULL ? _("The log shows none of these") : "");
}

static void
show_measured (PlannerAdviceInput       *self,
               const PlannerPlan        *plan,
               const PlannerLogAnalysis *analysis,
               const char               *peak)
{
  const PlannerLogDiagnosis *diagnosis = analysis != NULL ? analysis->diagnosis : NULL;
  g_autofree char *measured = g_strdup_printf ("%.1f%%", plan->measured_mfu * 100);
  g_autofree char *subtitle = NULL;

  if (diagnosis != NULL && diagnosis->has_mfu && diagnosis->mfu_line != NULL)
    subtitle = g_strdup_printf (_("From the log (line %" PRIu64 "): %.0f TFLOP/s per GPU, the median, "
                                  "against the %s peak of %.0f TFLOP/s"), diagnosis->mfu_line->number,
                                diagnosis->mfu.tflops_per_gpu, peak, diagnosis->mfu.peak_tflops);
  else if (plan->measured_tflops > 0 && plan->peak_tflops > 0)
    subtitle = g_strdup_printf (_("%.0f TFLOP/s per GPU against the %s peak of %.0f TFLOP/s"),
                                plan->measured_tflops, peak, plan->peak_tflops);
  gtk_label_set_text (self->measured_label, measured);
  adw_action_row_set_subtitle (self->measured_row, subtitle != NULL ? subtitle : "");
  if (plan->target_mfu > 0 && plan->measured_mfu < plan->target_mfu)
    gtk_widget_add_css_class (GTK_WIDGET (self->measured_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->measured_label), "warning");
}

void
planner_advice_input_show_plan (PlannerAdviceInput       *self,
                                const PlannerPlan        *plan,
                                const PlannerLogAnalysis *analysis)
{
  g_autofree char *peak = g_ascii_strup (plan != NULL && plan->peak_name != NULL ? plan->peak_name : "bf16", -1);
  gboolean mfu_symptom;

  g_return_if_fail (PLANNER_IS_ADVICE_INPUT (self));

  /* The MFU figures answer low MFU and slow steps, and all of Optimize. */
  mfu_symptom = !self->troubleshoot || self->symptom == PLANNER_SYMPTOM_LOW_MFU ||
                self->symptom == PLANNER_SYMPTOM_SLOW;

  /* With a log open, the MFU is the one it measured. */
  gtk_widget_set_visible (GTK_WIDGET (self->mfu_row), mfu_symptom && analysis == NULL);
  if (!mfu_symptom || analysis != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->mfu_error_row), FALSE);
  else
    validate_mfu (self);

  gtk_widget_set_visible (GTK_WIDGET (self->published_row),
                          mfu_symptom && plan != NULL && plan->expected_mfu_low > 0);
  if (plan != NULL && plan->expected_mfu_low > 0)
    {
      g_autofree char *range = planner_advice_format_range ("", "%", 0, plan->expected_mfu_low * 100,
                                                            plan->expected_mfu_high * 100);

      gtk_label_set_text (self->published_label, range);
      adw_action_row_set_subtitle (self->published_row,
                                   plan->expected_mfu_source != NULL ? plan->expected_mfu_source : "");
    }

  gtk_widget_set_visible (GTK_WIDGET (self->target_row), mfu_symptom && plan != NULL && plan->target_mfu > 0);
  if (plan != NULL && plan->target_mfu > 0)
    {
      g_autofree char *target = g_strdup_printf (_("above %.0f%%"), plan->target_mfu * 100);
      g_autofree char *subtitle = g_strdup_printf (_("Against the %s peak, for a dense model on this GPU"), peak);

      gtk_label_set_text (self->target_label, target);
      adw_action_row_set_subtitle (self->target_row, subtitle);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->measured_row), mfu_symptom && plan != NULL && plan->measured_mfu > 0);
  if (plan != NULL && plan->measured_mfu > 0)
    show_measured (self, plan, analysis, peak);
}

GtkWidget *
planner_advice_input_get_mfu_row (PlannerAdviceInput *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_INPUT (self), NULL);
  return GTK_WIDGET (self->mfu_row);
}
