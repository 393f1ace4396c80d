/* planner-advice-log-group.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-log-group"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-advice-log-group.h"

#include "planner-a11y.h"
#include "planner-advice-rows.h"
#include "planner-field.h"
#include "planner-log-evidence.h"

#define RESOURCE_BASE "/io/github/launchplanner/LaunchPlanner"

struct _PlannerAdviceLogGroup
{
  AdwPreferencesGroup  parent_instance;

  GtkWidget           *open_button;
  GtkWidget           *open_row;
  GtkWidget           *progress_row;
  GtkProgressBar      *progress;
  GtkWidget           *error_row;
  GtkWidget           *summary_row;

  gboolean             troubleshoot;
  PlannerLogSession   *session;
  GPtrArray           *rows;         /* rows rebuilt with each plan */
};

G_DEFINE_FINAL_TYPE (PlannerAdviceLogGroup, planner_advice_log_group, ADW_TYPE_PREFERENCES_GROUP)

static void
on_close_log (PlannerAdviceLogGroup *self)
{
  if (self->session != NULL)
    planner_log_session_close (self->session);
}

static void
on_cancel_log (PlannerAdviceLogGroup *self)
{
  if (self->session != NULL)
    planner_log_session_cancel (self->session);
}

static void
planner_advice_log_group_dispose (GObject *object)
{
  PlannerAdviceLogGroup *self = PLANNER_ADVICE_LOG_GROUP (object);

  g_clear_object (&self->session);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_ADVICE_LOG_GROUP);
  G_OBJECT_CLASS (planner_advice_log_group_parent_class)->dispose (object);
}

static void
planner_advice_log_group_class_init (PlannerAdviceLogGroupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_advice_log_group_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-advice-log-group.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceLogGroup, open_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceLogGroup, open_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceLogGroup, progress_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceLogGroup, progress);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceLogGroup, error_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerAdviceLogGroup, summary_row);
  gtk_widget_class_bind_template_callback (widget_class, on_close_log);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_log);
}

static void
planner_advice_log_group_init (PlannerAdviceLogGroup *self)
{
  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
planner_advice_log_group_set_troubleshoot (PlannerAdviceLogGroup *self,
                                           gboolean               troubleshoot)
{
  g_return_if_fail (PLANNER_IS_ADVICE_LOG_GROUP (self));

  self->troubleshoot = troubleshoot;
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), troubleshoot
    ? _("What the run showed: its symptoms with the lines that prove them, the measured MFU and memory.")
    : _("The MFU the run measured replaces a typed one; the changes below start from it."));
}

void
planner_advice_log_group_set_session (PlannerAdviceLogGroup *self,
                                      PlannerLogSession     *session)
{
  g_return_if_fail (PLANNER_IS_ADVICE_LOG_GROUP (self));

  g_set_object (&self->session, session);
}

static const char *
phase_label (PlannerLogPhase phase)
{
  switch (phase)
    {
    case PLANNER_LOG_PHASE_START: return _("nothing from Megatron");
    case PLANNER_LOG_PHASE_INITIALIZED: return _("initialized");
    case PLANNER_LOG_PHASE_MODEL_BUILD: return _("building the model");
    case PLANNER_LOG_PHASE_DATA: return _("building the data loaders");
    case PLANNER_LOG_PHASE_TRAINING: return _("training");
    case PLANNER_LOG_PHASE_DONE: return _("done");
    default: return "";
    }
}

static char *
log_summary (const PlannerLogRecord *record)
{
  if (record->n_iteration_lines > 0)
    /* Translators: "950 lines · iterations 1–840 · reached: training" */
    return g_strdup_printf (_("%" PRIu64 " lines · iterations %" PRIu64 "–%" PRIu64
                              " · reached: %s"), record->n_lines, record->first_iteration, record->last_iteration,
                            phase_label (record->phase));
  return g_strdup_printf (_("%" PRIu64 " lines · no iteration logged · reached: %s"), record->n_lines,
                          phase_label (record->phase));
}

void
planner_advice_log_group_update_state (PlannerAdviceLogGroup *self)
{
  PlannerLogSessionState state;
  PlannerLogRecord *record;
  g_autofree char *name = NULL;

  g_return_if_fail (PLANNER_IS_ADVICE_LOG_GROUP (self));

  state = self->session != NULL ? planner_log_session_get_state (self->session) : PLANNER_LOG_SESSION_EMPTY;
  record = self->session != NULL ? planner_log_session_get_record (self->session) : NULL;
  name = self->session != NULL ? planner_log_session_dup_name (self->session) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self), self->session != NULL);
  gtk_widget_set_visible (self->open_row, record == NULL && state != PLANNER_LOG_SESSION_READING);
  gtk_widget_set_visible (self->open_button, record != NULL);

  gtk_widget_set_visible (self->progress_row, state == PLANNER_LOG_SESSION_READING);
  if (state == PLANNER_LOG_SESSION_READING)
    {
      double fraction = planner_log_session_get_fraction (self->session);
      g_autofree char *title = g_strdup_printf (_("Reading %s…"), name != NULL ? name : "");
      g_autofree char *percent = g_strdup_printf ("%.0f%%", fraction * 100);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row), title);
      gtk_progress_bar_set_fraction (self->progress, fraction);
      gtk_progress_bar_set_text (self->progress, percent);
    }

  gtk_widget_set_visible (self->error_row, state == PLANNER_LOG_SESSION_FAILED);
  if (state == PLANNER_LOG_SESSION_FAILED)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->error_row),
                                   planner_log_session_get_error (self->session));

  gtk_widget_set_visible (self->summary_row, record != NULL);
  if (record != NULL)
    {
      GFile *file = planner_log_session_get_file (self->session);
      g_autofree char *base = file != NULL ? g_file_get_basename (file) : NULL;
      g_autofree char *shown = base != NULL ? g_filename_display_name (base) : g_strdup ("");
      g_autofree char *summary = log_summary (record);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->summary_row), shown);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->summary_row), summary);
    }
}

void
planner_advice_log_group_clear (PlannerAdviceLogGroup *self)
{
  g_return_if_fail (PLANNER_IS_ADVICE_LOG_GROUP (self));

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
}

static void
add_row (PlannerAdviceLogGroup *self,
         GtkWidget             *row)
{
  if (row == NULL)
    return;
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  g_ptr_array_add (self->rows, row);
}

/* The fields where the log's run and the job differ, with the button
 * that makes the log's job the window's. */
static GtkWidget *
differs_row (char **changes)
{
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Use the Log’s Job"));
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  guint n = g_strv_length (changes);
  g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u field differs; the figures below are this job’s",
                                                            "%u fields differ; the figures below are this job’s",
                                                            n), n);

  planner_a11y_set_row_title (row, _("The Log’s Run Differs from This Job"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
  gtk_widget_add_css_class (icon, "warning");
  adw_expander_row_add_prefix (ADW_EXPANDER_ROW (row), icon);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Make a new job from the log’s arguments (unsaved changes to this one "
                                         "are asked about first)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.use-log-job");
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Use the Log’s Job"), -1);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), button);
  for (guint i = 0; changes[i] != NULL; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (row), planner_advice_plain_row (changes[i]));
  return row;
}

/* The job rows: how the job and the log's run compare. */
static void
show_log_job (PlannerAdviceLogGroup *self,
              PlannerJob            *job)
{
  const char *const *notes = planner_log_session_get_job_notes (self->session);
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) log_job = planner_log_session_make_job (self->session, job, NULL, &error);
  g_auto(GStrv) changes = log_job != NULL ? planner_job_list_changes_labelled (job, log_job) : NULL;

  if (log_job == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%s: the log is read against this job."), error->message);

      add_row (self, planner_advice_icon_row ("dialog-information-symbolic", NULL, text, NULL));
    }
  else if (changes[0] != NULL)
    add_row (self, differs_row (changes));
  else if (notes != NULL)
    add_row (self, planner_advice_icon_row ("object-select-symbolic", "success",
                                            _("This job was made from the log’s arguments"),
                                            _("Below: what the log could not say, and what was assumed.")));
  else
    add_row (self, planner_advice_icon_row ("object-select-symbolic", "success", _("The log’s run is this job"),
                                            _("Its printed arguments give every field of the job.")));

  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    add_row (self, planner_advice_icon_row ("dialog-information-symbolic", NULL, notes[i], NULL));
}

void
planner_advice_log_group_show (PlannerAdviceLogGroup    *self,
                               PlannerJob               *job,
                               const PlannerLogAnalysis *analysis,
                               const char               *error)
{
  g_return_if_fail (PLANNER_IS_ADVICE_LOG_GROUP (self));
  g_return_if_fail (self->session != NULL);

  if (analysis == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The log could not be read against this job: %s"),
                                               error != NULL ? error : "");

      add_row (self, planner_advice_icon_row ("dialog-error-symbolic", "error", text, NULL));
      return;
    }
  show_log_job (self, job);
  for (guint i = 0; i < analysis->assumptions->len; i++)
    add_row (self, planner_advice_icon_row ("dialog-information-symbolic", NULL,
                                            g_ptr_array_index (analysis->assumptions, i), NULL));
  /* Optimize starts from the measured MFU; the rest is background. */
  if (!self->troubleshoot)
    add_row (self, planner_log_memory_row_new (analysis->diagnosis));
}
