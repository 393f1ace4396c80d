/* planner-advice-findings.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-findings"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-advice-findings.h"

#include "planner-advice-rows.h"
#include "planner-log-evidence.h"

#define RESOURCE_BASE "/io/github/launchplanner/LaunchPlanner"

struct _PlannerAdviceFindings
{
  AdwPreferencesGroup  parent_instance;

  GPtrArray           *rows;
};

G_DEFINE_FINAL_TYPE (PlannerAdviceFindings, planner_advice_findings, ADW_TYPE_PREFERENCES_GROUP)

static void
planner_advice_findings_dispose (GObject *object)
{
  PlannerAdviceFindings *self = PLANNER_ADVICE_FINDINGS (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_ADVICE_FINDINGS);
  G_OBJECT_CLASS (planner_advice_findings_parent_class)->dispose (object);
}

static void
planner_advice_findings_class_init (PlannerAdviceFindingsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = planner_advice_findings_dispose;
  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass), RESOURCE_BASE "/planner-advice-findings.ui");
}

static void
planner_advice_findings_init (PlannerAdviceFindings *self)
{
  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
add_row (PlannerAdviceFindings *self,
         GtkWidget             *row)
{
  if (row == NULL)
    return;
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  g_ptr_array_add (self->rows, row);
}

void
planner_advice_findings_clear (PlannerAdviceFindings *self)
{
  g_return_if_fail (PLANNER_IS_ADVICE_FINDINGS (self));

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
}

void
planner_advice_findings_show (PlannerAdviceFindings     *self,
                              const PlannerLogDiagnosis *diagnosis)
{
  g_return_if_fail (PLANNER_IS_ADVICE_FINDINGS (self));
  g_return_if_fail (diagnosis != NULL);

  planner_advice_findings_clear (self);
  for (guint i = 0; i < diagnosis->findings->len; i++)
    add_row (self, planner_log_finding_row_new (g_ptr_array_index (diagnosis->findings, i), i == 0));
  if (diagnosis->findings->len == 0)
    add_row (self, planner_advice_icon_row ("object-select-symbolic", "success",
                                            _("No failure, divergence or low MFU"),
                                            _("The log shows a run that works: the measured figures are below.")));
  add_row (self, planner_log_mfu_row_new (diagnosis));
  add_row (self, planner_log_memory_row_new (diagnosis));
  add_row (self, planner_log_theoretical_row_new (diagnosis));
  for (guint i = 0; i < diagnosis->notes->len; i++)
    add_row (self, planner_advice_icon_row ("dialog-information-symbolic", NULL,
                                            g_ptr_array_index (diagnosis->notes, i), NULL));
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}
