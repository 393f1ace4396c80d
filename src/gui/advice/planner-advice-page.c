/* planner-advice-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-advice-page-internal.h"
#include "planner-advice-plan.h"
#include "planner-advise-log.h"
#include "planner-advise.h"
#include "planner-log-evidence.h"

#define RESOURCE_BASE "/io/github/launchplanner/LaunchPlanner"

/* The Optimize and Troubleshoot pages: a plan of exact flag changes for
 * the window's job, each a draft.  A plan re-analyses the job many times,
 * so it is computed when the page is on screen (or on "Check"), never on
 * every report; applying one is the user's explicit, confirmed step and
 * makes the job a new, unapproved draft (planner-advice-apply.c).
 *
 * With a training log open (the window's PlannerLogSession), the plans
 * start from what the run showed: the log is read against the job with
 * each plan, Troubleshoot shows the chart, the symptoms with the lines
 * that prove them, the measured MFU and memory, and every suggestion
 * cites the lines behind it; the measured MFU replaces the typed one. */

G_DEFINE_FINAL_TYPE (PlannerAdvicePage, planner_advice_page, ADW_TYPE_BIN)

static void compute (PlannerAdvicePage *self);

void
_planner_advice_page_toast (PlannerAdvicePage *self,
                            const char        *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
}

/* Scheduling ------------------------------------------------------------ */

static gboolean
compute_idle_cb (gpointer user_data)
{
  PlannerAdvicePage *self = user_data;

  self->compute_source = 0;
  compute (self);
  return G_SOURCE_REMOVE;
}

/* Recomputes before the next frame, and only while the page is shown:
 * a hidden page waits until it is mapped. */
void
_planner_advice_page_invalidate (PlannerAdvicePage *self)
{
  self->dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->compute_source == 0)
    self->compute_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, compute_idle_cb, self, NULL);
}

static void
planner_advice_page_map (GtkWidget *widget)
{
  PlannerAdvicePage *self = PLANNER_ADVICE_PAGE (widget);

  GTK_WIDGET_CLASS (planner_advice_page_parent_class)->map (widget);
  if (self->dirty)
    _planner_advice_page_invalidate (self);
}

static void
on_input_changed (PlannerAdvicePage *self)
{
  _planner_advice_page_invalidate (self);
}

/* "Check": the plan for the job as it is now, at once. */
static void
on_input_check (PlannerAdvicePage *self)
{
  compute (self);
}

/* The training log ---------------------------------------------------------- */

static PlannerLogRecord *
log_record (PlannerAdvicePage *self)
{
  return self->session != NULL ? planner_log_session_get_record (self->session) : NULL;
}

/* What the session is doing: reading, failed, or which log is open. */
static void
update_log_state (PlannerAdvicePage *self)
{
  PlannerLogRecord *record = log_record (self);

  planner_advice_log_group_update_state (self->log_group);
  if (record == NULL)
    {
      if (self->chart_group != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->chart_group), FALSE);
      if (self->findings_group != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->findings_group), FALSE);
    }
  /* The plan and the evidence follow the log. */
  if (record != self->shown_record)
    _planner_advice_page_invalidate (self);
}

static void
on_session_changed (PlannerAdvicePage *self)
{
  update_log_state (self);
}

static void
on_session_loaded (PlannerAdvicePage *self)
{
  self->log_new = TRUE;
  _planner_advice_page_invalidate (self);
}

/* Everything the log shows, read against the job: the job rows, and on
 * Troubleshoot the chart and the findings. */
static void
show_log_evidence (PlannerAdvicePage *self)
{
  const PlannerLogDiagnosis *diagnosis;
  GArray *marks;

  planner_advice_log_group_show (self->log_group, self->job, self->analysis, self->analysis_error);
  if (self->analysis == NULL || !self->troubleshoot)
    return;

  diagnosis = self->analysis->diagnosis;
  marks = planner_log_marks_new (diagnosis);
  planner_log_chart_view_set_data (self->chart, log_record (self), (const PlannerLogChartMark *) marks->data,
                                   marks->len);
  planner_log_marks_free (marks);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_group), TRUE);
  planner_advice_findings_show (self->findings_group, diagnosis);
}

static void
clear_log_evidence (PlannerAdvicePage *self)
{
  g_clear_pointer (&self->analysis, planner_log_analysis_free);
  g_clear_pointer (&self->analysis_error, g_free);
  g_clear_pointer (&self->shown_record, planner_log_record_unref);
  planner_advice_log_group_clear (self->log_group);
  if (self->findings_group != NULL)
    planner_advice_findings_clear (self->findings_group);
}

/* Reads the log against the job as it is now; on a new log, Troubleshoot
 * shows its most severe symptom. */
static void
analyse_log (PlannerAdvicePage *self)
{
  PlannerLogRecord *record = log_record (self);
  g_autoptr(GError) error = NULL;

  clear_log_evidence (self);
  if (record == NULL)
    {
      planner_advice_input_show_log_symptoms (self->input, FALSE, NULL);
      return;
    }
  self->shown_record = planner_log_record_ref (record);
  self->analysis = planner_log_analysis_new (record, self->job, NULL, 0, &error);
  if (self->analysis == NULL)
    self->analysis_error = g_strdup (error->message);
  if (self->log_new && self->troubleshoot && self->analysis != NULL && self->analysis->diagnosis->findings->len > 0)
    {
      const PlannerLogFinding *first = g_ptr_array_index (self->analysis->diagnosis->findings, 0);

      planner_advice_input_show_symptom (self->input, first->symptom);
    }
  self->log_new = FALSE;
  planner_advice_input_show_log_symptoms (self->input, TRUE, self->analysis);
  show_log_evidence (self);
}

/* Showing a plan ---------------------------------------------------------- */

static void
show_status (PlannerAdvicePage *self,
             const char        *icon_name,
             const char        *title,
             const char        *description,
             gboolean           startup_button)
{
  g_autofree char *escaped = NULL;

  /* With a log open, the evidence stays in view and the reason there is
   * no plan goes below it. */
  if (self->shown_record != NULL)
    {
      planner_advice_plan_show_reason (self->page, self->plan_groups, icon_name, title, description,
                                       startup_button);
      gtk_stack_set_visible_child_name (self->stack, "plan");
      return;
    }
  escaped = g_markup_escape_text (description, -1);
  adw_status_page_set_icon_name (self->status, icon_name);
  adw_status_page_set_title (self->status, title);
  adw_status_page_set_description (self->status, escaped);
  gtk_widget_set_visible (self->status_button, startup_button);
  gtk_stack_set_visible_child_name (self->stack, "status");
}

static void
clear_plan (PlannerAdvicePage *self)
{
  planner_advice_plan_clear (self->page, self->plan_groups);
  self->n_suggestions = 0;
  g_clear_pointer (&self->plan, planner_plan_free);
  g_clear_object (&self->plan_job);
}

/* Shows why there can be no plan for @report; FALSE when there can be one. */
static gboolean
show_no_plan (PlannerAdvicePage   *self,
              const PlannerReport *report,
              PlannerSymptom       symptom)
{
  if (planner_report_get_config (report) == NULL)
    {
      show_status (self, "dialog-question-symbolic", _("No Model Yet"),
                   _("The advice needs the model’s dimensions: choose a catalog model, or give its size on the "
                     "Model page."), FALSE);
      return TRUE;
    }

  /* A job Megatron would not start has one useful piece of advice: the
   * start-up fixes, which troubleshooting offers. */
  if (!planner_report_get_layout_accepted (report) && symptom != PLANNER_SYMPTOM_STARTUP_ERROR)
    {
      g_autofree char *description = g_strdup_printf (self->troubleshoot
        ? _("%s\n\nMegatron would stop at start-up with these degrees. The start-up fixes list the nearest layouts "
            "it accepts.")
        : _("%s\n\nMegatron would stop at start-up with these degrees. Fix them on the Parallelism page, or see "
            "Troubleshoot → Dies at start-up for the nearest layouts it accepts."),
        planner_report_get_summary (report));

      show_status (self, "dialog-warning-symbolic", _("No Valid Layout"), description, self->troubleshoot);
      return TRUE;
    }
  return FALSE;
}

static void
compute (PlannerAdvicePage *self)
{
  g_autoptr(PlannerReport) own_report = NULL;
  g_autoptr(GError) error = NULL;
  const PlannerReport *report = self->report;
  PlannerSymptom symptom;

  g_clear_handle_id (&self->compute_source, g_source_remove);
  self->dirty = FALSE;
  clear_plan (self);
  analyse_log (self);
  symptom = self->troubleshoot ? planner_advice_input_get_symptom (self->input) : PLANNER_SYMPTOM_NONE;

  if (report == NULL)
    report = own_report = planner_analyze_job_for_form (self->job);

  if (show_no_plan (self, report, symptom))
    {
      planner_advice_input_show_plan (self->input, NULL, self->analysis);
      return;
    }

  if (self->analysis != NULL)
    self->plan = planner_advise_log (self->analysis, symptom, &error);
  else
    self->plan = planner_advise_job (self->job, symptom, planner_advice_input_get_mfu (self->input), 0, 0, &error);
  if (self->plan == NULL)
    {
      planner_advice_input_show_plan (self->input, NULL, self->analysis);
      show_status (self, "dialog-error-symbolic", _("No Plan"), error->message, FALSE);
      return;
    }
  self->plan_job = planner_job_copy (self->job);
  planner_advice_input_show_plan (self->input, self->plan, self->analysis);
  planner_advice_plan_show (self->page, self->plan_groups, self->plan, self->analysis);
  self->n_suggestions = self->plan->suggestions->len;
  gtk_stack_set_visible_child_name (self->stack, "plan");
}

/* Actions ------------------------------------------------------------------ */

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  _planner_advice_page_request_apply (PLANNER_ADVICE_PAGE (widget), g_variant_get_uint32 (parameter));
}

static void
on_show_startup_fixes (PlannerAdvicePage *self)
{
  _planner_advice_page_set_symptom (self, PLANNER_SYMPTOM_STARTUP_ERROR);
  compute (self);
}

/* The buttons made with each plan act through actions; the template's
 * own buttons through callbacks (GTK 4.8 leaves a template child's
 * action of its page disabled). */
static void
show_startup_fixes_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  on_show_startup_fixes (PLANNER_ADVICE_PAGE (widget));
}

/* GObject ------------------------------------------------------------------ */

static void
planner_advice_page_dispose (GObject *object)
{
  PlannerAdvicePage *self = (PlannerAdvicePage *)object;

  g_clear_handle_id (&self->compute_source, g_source_remove);
  g_clear_pointer (&self->plan, planner_plan_free);
  g_clear_object (&self->plan_job);
  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_pointer (&self->plan_groups, g_ptr_array_unref);
  g_clear_pointer (&self->analysis, planner_log_analysis_free);
  g_clear_pointer (&self->analysis_error, g_free);
  g_clear_pointer (&self->shown_record, planner_log_record_unref);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->job);
  /* The bin lets go of the stack before the template drops it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_ADVICE_PAGE);
  G_OBJECT_CLASS (planner_advice_page_parent_class)->dispose (object);
}

static void
planner_advice_page_class_init (PlannerAdvicePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_advice_page_dispose;
  widget_class->map = planner_advice_page_map;

  gtk_widget_class_install_action (widget_class, "advice.apply", "u", apply_action);
  gtk_widget_class_install_action (widget_class, "advice.show-startup-fixes", NULL, show_startup_fixes_action);

  g_type_ensure (PLANNER_TYPE_ADVICE_FINDINGS);
  g_type_ensure (PLANNER_TYPE_ADVICE_INPUT);
  g_type_ensure (PLANNER_TYPE_ADVICE_LOG_GROUP);
  g_type_ensure (PLANNER_TYPE_LOG_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-advice-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, status);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, status_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, page);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, log_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, chart_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, chart);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, findings_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdvicePage, input);
  gtk_widget_class_bind_template_callback (widget_class, on_input_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_input_check);
  gtk_widget_class_bind_template_callback (widget_class, on_show_startup_fixes);
}

static void
planner_advice_page_init (PlannerAdvicePage *self)
{
  self->dirty = TRUE;
  self->plan_groups = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
planner_advice_page_new (PlannerJob *job,
                         gboolean    troubleshoot)
{
  PlannerAdvicePage *self;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  self = g_object_new (PLANNER_TYPE_ADVICE_PAGE, NULL);
  self->job = g_object_ref (job);
  self->troubleshoot = troubleshoot;
  planner_advice_log_group_set_troubleshoot (self->log_group, troubleshoot);
  planner_advice_input_set_troubleshoot (self->input, troubleshoot);
  if (!troubleshoot)
    {
      /* Optimize shows no chart and no findings: the measured MFU is its
       * evidence, in the log's group. */
      adw_preferences_page_remove (self->page, self->chart_group);
      adw_preferences_page_remove (self->page, ADW_PREFERENCES_GROUP (self->findings_group));
      self->chart_group = NULL;
      self->chart = NULL;
      self->findings_group = NULL;
    }
  return GTK_WIDGET (self);
}

void
planner_advice_page_update (PlannerAdvicePage *self,
                            PlannerReport     *report)
{
  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));
  g_return_if_fail (report != NULL);

  planner_report_ref (report);
  g_clear_pointer (&self->report, planner_report_unref);
  self->report = report;
  _planner_advice_page_invalidate (self);
}

void
planner_advice_page_set_log_session (PlannerAdvicePage *self,
                                     PlannerLogSession *session)
{
  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));
  g_return_if_fail (session == NULL || PLANNER_IS_LOG_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  planner_advice_log_group_set_session (self->log_group, session);
  if (session != NULL)
    {
      g_signal_connect_swapped (session, "changed", G_CALLBACK (on_session_changed), self);
      g_signal_connect_swapped (session, "loaded", G_CALLBACK (on_session_loaded), self);
      self->log_new = planner_log_session_get_record (session) != NULL;
    }
  update_log_state (self);
  _planner_advice_page_invalidate (self);
}

/* For the tests ------------------------------------------------------------ */

void
_planner_advice_page_flush (PlannerAdvicePage *self)
{
  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));

  if (self->dirty)
    compute (self);
}

const PlannerPlan *
_planner_advice_page_get_plan (PlannerAdvicePage *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), NULL);
  return self->plan;
}

guint
_planner_advice_page_get_n_suggestions (PlannerAdvicePage *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), 0);
  return self->n_suggestions;
}

void
_planner_advice_page_set_symptom (PlannerAdvicePage *self,
                                  PlannerSymptom     symptom)
{
  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));
  g_return_if_fail (self->troubleshoot);

  planner_advice_input_select_symptom (self->input, symptom);
}

GtkWidget *
_planner_advice_page_get_mfu_row (PlannerAdvicePage *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), NULL);
  return planner_advice_input_get_mfu_row (self->input);
}

const PlannerLogAnalysis *
_planner_advice_page_get_log_analysis (PlannerAdvicePage *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), NULL);
  return self->analysis;
}

GtkWidget *
_planner_advice_page_get_chart (PlannerAdvicePage *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), NULL);
  return GTK_WIDGET (self->chart);
}
