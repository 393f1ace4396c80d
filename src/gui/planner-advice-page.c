/* planner-advice-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-page"

#include "config.h"

#include <math.h>
#include <string.h>
#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-a11y.h"
#include "planner-advice-page-private.h"
#include "planner-advise-log.h"
#include "planner-advise.h"
#include "planner-combo-factory.h"
#include "planner-field.h"
#include "planner-log-chart-view.h"
#include "planner-log-evidence.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* The Optimize and Troubleshoot pages: a plan of exact flag changes for
 * the window's job, each a draft.  A plan re-analyses the job many times,
 * so it is computed when the page is on screen (or on "Check"), never on
 * every report; applying one is the user's explicit, confirmed step and
 * makes the job a new, unapproved draft.
 *
 * With a training log open (the window's PlannerLogSession), the plans
 * start from what the run showed: the log is read against the job with
 * each plan, Troubleshoot shows the chart, the symptoms with the lines
 * that prove them, the measured MFU and memory, and every suggestion
 * cites the lines behind it; the measured MFU replaces the typed one. */

struct _PlannerAdvicePage
{
  AdwBin               parent_instance;

  PlannerJob          *job;
  gboolean             troubleshoot;

  PlannerReport       *report;       /* the newest report of the job */
  gboolean             dirty;        /* the plan is older than the job */
  guint                compute_source;
  PlannerSymptom       symptom;
  double               mfu;          /* measured, 0..1; 0 = not given */

  PlannerPlan         *plan;
  PlannerJob          *plan_job;     /* the job the plan was made for */

  GtkStack            *stack;
  AdwStatusPage       *status;
  GtkWidget           *status_button;
  AdwPreferencesPage  *page;
  AdwComboRow         *symptom_row;
  AdwEntryRow         *mfu_row;
  AdwActionRow        *mfu_error_row;
  AdwActionRow        *published_row;
  GtkLabel            *published_label;
  AdwActionRow        *target_row;
  GtkLabel            *target_label;
  AdwActionRow        *measured_row;
  GtkLabel            *measured_label;
  GPtrArray           *plan_groups;  /* AdwPreferencesGroup, rebuilt with each plan */
  guint                n_suggestions;

  /* The training log */
  PlannerLogSession   *session;
  PlannerLogRecord    *shown_record; /* the record the groups below show */
  gboolean             log_new;      /* a log was read since the last plan: show its first symptom */
  PlannerLogAnalysis  *analysis;     /* the log read against the job, made with each plan */
  char                *analysis_error;
  AdwPreferencesGroup *log_group;
  GtkWidget           *log_open_row;
  GtkWidget           *log_progress_row;
  GtkProgressBar      *log_progress;
  GtkWidget           *log_error_row;
  GtkWidget           *log_summary_row;
  GtkWidget           *log_open_button;
  GPtrArray           *log_rows;     /* rows of log_group rebuilt with each plan */
  AdwPreferencesGroup *chart_group;
  PlannerLogChartView *chart;
  AdwPreferencesGroup *findings_group;
  GPtrArray           *findings_rows;
};

G_DEFINE_FINAL_TYPE (PlannerAdvicePage, planner_advice_page, ADW_TYPE_BIN)

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
};

static void compute             (PlannerAdvicePage *self);
static void on_symptom_selected (PlannerAdvicePage *self);
static void on_show_startup_fixes (PlannerAdvicePage *self);

static void
show_toast (PlannerAdvicePage *self,
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
static void
invalidate (PlannerAdvicePage *self)
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
    invalidate (self);
}

/* Measured MFU ------------------------------------------------------------ */

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
validate_mfu (PlannerAdvicePage *self)
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
on_mfu_changed (PlannerAdvicePage *self)
{
  validate_mfu (self);
}

static void
on_mfu_apply (PlannerAdvicePage *self)
{
  g_autofree char *message = NULL;
  double mfu = 0;

  /* A wrong value counts as "not measured": the plan stays valid. */
  if (!parse_mfu (gtk_editable_get_text (GTK_EDITABLE (self->mfu_row)), &mfu, &message))
    mfu = 0;
  validate_mfu (self);
  if (mfu != self->mfu)
    {
      self->mfu = mfu;
      invalidate (self);
    }
}

/* Building blocks --------------------------------------------------------- */

static GtkLabel *
add_value (AdwActionRow *row,
           const char   *value)
{
  GtkWidget *label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (row, label);
  return GTK_LABEL (label);
}

static GtkWidget *
value_row (const char *title,
           const char *subtitle,
           const char *value,
           gboolean    error)
{
  GtkWidget *row = adw_action_row_new ();
  GtkLabel *label;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  label = add_value (ADW_ACTION_ROW (row), value);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (label), "error");
  return row;
}

/* A row of text that wraps: the title says what, the subtitle the words. */
static GtkWidget *
text_row (const char *title,
          const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  planner_a11y_set_row_title (row, title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

static GtkWidget *
plain_row (const char *title)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  return row;
}

static GtkWidget *
icon_row (const char *icon_name,
          const char *style,
          const char *title,
          const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (style != NULL)
    gtk_widget_add_css_class (icon, style);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  return row;
}

static void
append_diff_lines (GtkBox              *box,
                   const PlannerChange *change)
{
  g_autofree char *diff = planner_change_to_diff (change);
  g_auto(GStrv) lines = g_strsplit (diff, "\n", -1);

  for (guint l = 0; lines[l] != NULL; l++)
    {
      GtkWidget *line_box, *label;

      if (*lines[l] == '\0')
        continue;
      line_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      label = gtk_label_new (lines[l]);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_add_css_class (label, lines[l][0] == '+' ? "success" : "error");
      gtk_box_append (GTK_BOX (line_box), label);
      if (change->target == PLANNER_CHANGE_TARGET_ENV)
        {
          GtkWidget *note = gtk_label_new (_("environment, not a flag"));

          gtk_widget_add_css_class (note, "caption");
          gtk_widget_add_css_class (note, "dim-label");
          gtk_widget_set_valign (note, GTK_ALIGN_BASELINE);
          gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
          gtk_box_append (GTK_BOX (line_box), note);
        }
      gtk_box_append (box, line_box);
    }
}

/* The exact command-line changes, monospace, as a diff. */
static GtkWidget *
diff_row (const char *title,
          GPtrArray  *suggestions,
          guint       only)
{
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *heading = gtk_label_new (title);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  planner_a11y_set_row_title (row, title);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 12);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_bottom (heading, 4);
  gtk_box_append (GTK_BOX (box), heading);

  for (guint i = 0; i < suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (suggestions, i);

      if (only != G_MAXUINT && i != only)
        continue;
      for (guint c = 0; c < s->changes->len; c++)
        append_diff_lines (GTK_BOX (box), g_ptr_array_index (s->changes, c));
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

/* "×1.00–1.05", "38–50%"; one figure when both ends print the same. */
static char *
format_range (const char *prefix,
              const char *suffix,
              int         digits,
              double      low,
              double      high)
{
  g_autofree char *a = g_strdup_printf ("%.*f", digits, low);
  g_autofree char *b = g_strdup_printf ("%.*f", digits, high);

  if (g_str_equal (a, b))
    return g_strconcat (prefix, a, suffix, NULL);
  return g_strconcat (prefix, a, "–", b, suffix, NULL);
}

static AdwPreferencesGroup *
add_group (PlannerAdvicePage *self,
           const char        *title,
           const char        *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  if (title != NULL)
    adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (self->page, group);
  g_ptr_array_add (self->plan_groups, group);
  return group;
}

static void
clear_plan (PlannerAdvicePage *self)
{
  for (guint i = 0; i < self->plan_groups->len; i++)
    adw_preferences_page_remove (self->page, g_ptr_array_index (self->plan_groups, i));
  g_ptr_array_set_size (self->plan_groups, 0);
  self->n_suggestions = 0;
  g_clear_pointer (&self->plan, planner_plan_free);
  g_clear_object (&self->plan_job);
}

/* The training log ---------------------------------------------------------- */

static PlannerLogRecord *
log_record (PlannerAdvicePage *self)
{
  return self->session != NULL ? planner_log_session_get_record (self->session) : NULL;
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_row (AdwPreferencesGroup *group,
         GPtrArray           *rows,
         GtkWidget           *row)
{
  if (row == NULL)
    return;
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
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

/* What the session is doing: reading, failed, or which log is open. */
static void
update_log_state (PlannerAdvicePage *self)
{
  PlannerLogSessionState state = self->session != NULL ? planner_log_session_get_state (self->session)
                                                       : PLANNER_LOG_SESSION_EMPTY;
  PlannerLogRecord *record = log_record (self);
  g_autofree char *name = self->session != NULL ? planner_log_session_dup_name (self->session) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->log_group), self->session != NULL);
  gtk_widget_set_visible (self->log_open_row, record == NULL && state != PLANNER_LOG_SESSION_READING);
  gtk_widget_set_visible (self->log_open_button, record != NULL);

  gtk_widget_set_visible (self->log_progress_row, state == PLANNER_LOG_SESSION_READING);
  if (state == PLANNER_LOG_SESSION_READING)
    {
      g_autofree char *title = g_strdup_printf (_("Reading %s…"), name != NULL ? name : "");
      g_autofree char *percent = g_strdup_printf ("%.0f%%", planner_log_session_get_fraction (self->session) * 100);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->log_progress_row), title);
      gtk_progress_bar_set_fraction (self->log_progress, planner_log_session_get_fraction (self->session));
      gtk_progress_bar_set_text (self->log_progress, percent);
    }

  gtk_widget_set_visible (self->log_error_row, state == PLANNER_LOG_SESSION_FAILED);
  if (state == PLANNER_LOG_SESSION_FAILED)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->log_error_row),
                                   planner_log_session_get_error (self->session));

  gtk_widget_set_visible (self->log_summary_row, record != NULL);
  if (record != NULL)
    {
      GFile *file = planner_log_session_get_file (self->session);
      g_autofree char *base = file != NULL ? g_file_get_basename (file) : NULL;
      g_autofree char *shown = base != NULL ? g_filename_display_name (base) : g_strdup ("");
      g_autofree char *summary = log_summary (record);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->log_summary_row), shown);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->log_summary_row), summary);
    }

  if (record == NULL)
    {
      if (self->chart_group != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->chart_group), FALSE);
      if (self->findings_group != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->findings_group), FALSE);
    }
  /* The plan and the evidence follow the log. */
  if (record != self->shown_record)
    invalidate (self);
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
  invalidate (self);
}

static void
on_close_log (PlannerAdvicePage *self)
{
  if (self->session != NULL)
    planner_log_session_close (self->session);
}

static void
on_cancel_log (PlannerAdvicePage *self)
{
  if (self->session != NULL)
    planner_log_session_cancel (self->session);
}

/* The job rows: how the job and the log's run compare. */
static void
show_log_job (PlannerAdvicePage *self)
{
  const char *const *notes = planner_log_session_get_job_notes (self->session);
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) log_job = planner_log_session_make_job (self->session, self->job, NULL, &error);
  g_auto(GStrv) changes = log_job != NULL ? planner_job_list_changes_labelled (self->job, log_job) : NULL;

  if (log_job == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%s: the log is read against this job."), error->message);

      add_row (self->log_group, self->log_rows, icon_row ("dialog-information-symbolic", NULL, text, NULL));
    }
  else if (changes[0] != NULL)
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
        {
          GtkWidget *change = plain_row (changes[i]);

          adw_expander_row_add_row (ADW_EXPANDER_ROW (row), change);
        }
      add_row (self->log_group, self->log_rows, row);
    }
  else if (notes != NULL)
    add_row (self->log_group, self->log_rows,
             icon_row ("object-select-symbolic", "success", _("This job was made from the log’s arguments"),
                       _("Below: what the log could not say, and what was assumed.")));
  else
    add_row (self->log_group, self->log_rows,
             icon_row ("object-select-symbolic", "success", _("The log’s run is this job"),
                       _("Its printed arguments give every field of the job.")));

  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    add_row (self->log_group, self->log_rows, icon_row ("dialog-information-symbolic", NULL, notes[i], NULL));
}

/* Everything the log shows, read against the job: the job rows, and on
 * Troubleshoot the chart and the findings. */
static void
show_log_evidence (PlannerAdvicePage *self)
{
  PlannerLogRecord *record = log_record (self);
  const PlannerLogDiagnosis *diagnosis;

  if (self->analysis == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The log could not be read against this job: %s"),
                                               self->analysis_error != NULL ? self->analysis_error : "");

      add_row (self->log_group, self->log_rows, icon_row ("dialog-error-symbolic", "error", text, NULL));
      return;
    }
  diagnosis = self->analysis->diagnosis;
  show_log_job (self);
  for (guint i = 0; i < self->analysis->assumptions->len; i++)
    add_row (self->log_group, self->log_rows,
             icon_row ("dialog-information-symbolic", NULL, g_ptr_array_index (self->analysis->assumptions, i), NULL));

  if (!self->troubleshoot)
    {
      /* Optimize starts from the measured MFU; the rest is background. */
      add_row (self->log_group, self->log_rows, planner_log_memory_row_new (diagnosis));
      return;
    }

  {
    GArray *marks = planner_log_marks_new (diagnosis);

    planner_log_chart_view_set_data (self->chart, record, (const PlannerLogChartMark *) marks->data, marks->len);
    planner_log_marks_free (marks);
    gtk_widget_set_visible (GTK_WIDGET (self->chart_group), TRUE);
  }

  for (guint i = 0; i < diagnosis->findings->len; i++)
    add_row (self->findings_group, self->findings_rows,
             planner_log_finding_row_new (g_ptr_array_index (diagnosis->findings, i), i == 0));
  if (diagnosis->findings->len == 0)
    add_row (self->findings_group, self->findings_rows,
             icon_row ("object-select-symbolic", "success", _("No failure, divergence or low MFU"),
                       _("The log shows a run that works: the measured figures are below.")));
  add_row (self->findings_group, self->findings_rows, planner_log_mfu_row_new (diagnosis));
  add_row (self->findings_group, self->findings_rows, planner_log_memory_row_new (diagnosis));
  add_row (self->findings_group, self->findings_rows, planner_log_theoretical_row_new (diagnosis));
  for (guint i = 0; i < diagnosis->notes->len; i++)
    add_row (self->findings_group, self->findings_rows,
             icon_row ("dialog-information-symbolic", NULL, g_ptr_array_index (diagnosis->notes, i), NULL));
  gtk_widget_set_visible (GTK_WIDGET (self->findings_group), TRUE);
}

static void
clear_log_evidence (PlannerAdvicePage *self)
{
  g_clear_pointer (&self->analysis, planner_log_analysis_free);
  g_clear_pointer (&self->analysis_error, g_free);
  g_clear_pointer (&self->shown_record, planner_log_record_unref);
  if (self->log_rows != NULL)
    clear_rows (self->log_group, self->log_rows);
  if (self->findings_rows != NULL)
    clear_rows (self->findings_group, self->findings_rows);
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
      if (self->troubleshoot)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->symptom_row), "");
      return;
    }
  self->shown_record = planner_log_record_ref (record);
  self->analysis = planner_log_analysis_new (record, self->job, NULL, 0, &error);
  if (self->analysis == NULL)
    self->analysis_error = g_strdup (error->message);
  if (self->log_new && self->troubleshoot && self->analysis != NULL && self->analysis->diagnosis->findings->len > 0)
    {
      const PlannerLogFinding *first = g_ptr_array_index (self->analysis->diagnosis->findings, 0);

      g_signal_handlers_block_by_func (self->symptom_row, on_symptom_selected, self);
      _planner_advice_page_set_symptom (self, first->symptom);
      self->symptom = first->symptom;
      g_signal_handlers_unblock_by_func (self->symptom_row, on_symptom_selected, self);
    }
  self->log_new = FALSE;
  if (self->troubleshoot)
    {
      g_autoptr(GString) shown = g_string_new (NULL);

      guint listed = 0;  /* bit per PlannerSymptom already named */

      for (guint i = 0; self->analysis != NULL && i < self->analysis->diagnosis->findings->len; i++)
        {
          const PlannerLogFinding *finding = g_ptr_array_index (self->analysis->diagnosis->findings, i);

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
                                     self->analysis != NULL ? _("The log shows none of these") : "");
    }
  show_log_evidence (self);
}

/* Applying ---------------------------------------------------------------- */

/* Every property of @from into @to, notified at once: the window sees one
 * change and re-analyses the job as a new, unapproved draft. */
static void
copy_job_into (PlannerJob *to,
               PlannerJob *from)
{
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs = 0;

  pspecs = g_object_class_list_properties (g_type_class_peek (PLANNER_TYPE_JOB), &n_pspecs);
  g_object_freeze_notify (G_OBJECT (to));
  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      if ((pspecs[i]->flags & G_PARAM_READWRITE) != G_PARAM_READWRITE ||
          (pspecs[i]->flags & G_PARAM_CONSTRUCT_ONLY) != 0)
        continue;
      g_value_init (&value, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (from), pspecs[i]->name, &value);
      g_object_set_property (G_OBJECT (to), pspecs[i]->name, &value);
    }
  g_object_thaw_notify (G_OBJECT (to));
}

/* The job with suggestion @index (G_MAXUINT: all) applied, from the plan
 * on show, which must still be the plan of the window's job. */
static PlannerJob *
applied_job (PlannerAdvicePage  *self,
             guint               index,
             GError            **error)
{
  if (self->plan == NULL || self->dirty || !planner_job_equal (self->plan_job, self->job))
    {
      g_set_error_literal (error, PLANNER_ADVISE_ERROR, PLANNER_ADVISE_ERROR_INVALID,
                           _("The job changed since this plan was made: check again"));
      return NULL;
    }
  return planner_advise_apply_to_job (self->plan, self->job, index, error);
}

gboolean
_planner_advice_page_apply (PlannerAdvicePage  *self,
                            guint               index,
                            GError            **error)
{
  g_autoptr(PlannerJob) applied = NULL;

  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), FALSE);

  applied = applied_job (self, index, error);
  if (applied == NULL)
    return FALSE;
  copy_job_into (self->job, applied);
  return TRUE;
}

typedef struct
{
  PlannerAdvicePage *self;
  PlannerJob        *before;   /* the window's job when the dialog opened */
  PlannerJob        *after;
} PendingApply;

static void
pending_apply_free (PendingApply *pending)
{
  g_clear_object (&pending->self);
  g_clear_object (&pending->before);
  g_clear_object (&pending->after);
  g_free (pending);
}

static void
on_apply_response (GObject    *dialog,
                   const char *response,
                   gpointer    user_data)
{
  PendingApply *pending = user_data;
  PlannerAdvicePage *self = pending->self;

  /* Cancel, Escape, or the page went away with the window. */
  if (g_strcmp0 (response, "apply") != 0 || self->job == NULL)
    return;
  /* Only what the dialog showed is applied. */
  if (!planner_job_equal (pending->before, self->job))
    {
      show_toast (self, _("The job changed while the dialog was open: nothing applied"));
      return;
    }
  copy_job_into (self->job, pending->after);
  show_toast (self, _("Applied: the job is a new, unapproved draft"));
}

static gboolean
changes_environment (const PlannerPlan *plan,
                     guint              index)
{
  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);

      if (index != G_MAXUINT && i != index)
        continue;
      if (planner_suggestion_count_flag_changes (s) < s->changes->len)
        return TRUE;
    }
  return FALSE;
}

/* Shows what would change and asks; nothing changes without "Apply". */
static void
confirm_apply (PlannerAdvicePage *self,
               guint              index)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) after = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) changes = NULL;
  GtkWidget *label, *scroller;
  PendingApply *pending;
  const char *body;
  GtkRoot *root;

  after = applied_job (self, index, &error);
  if (after == NULL)
    {
      show_toast (self, error->message);
      invalidate (self);
      return;
    }
  /* In the form's words, as every confirmation the window shows. */
  changes = planner_job_list_changes_labelled (self->job, after);
  if (changes[0] == NULL)
    {
      show_toast (self, _("Applying this changes no field of the job"));
      return;
    }

  if (index == G_MAXUINT)
    heading = g_strdup (_("Apply the Whole Plan?"));
  else
    heading = g_strdup_printf (_("Apply “%s”?"),
                               ((PlannerSuggestion *) g_ptr_array_index (self->plan->suggestions, index))->title);
  body = changes_environment (self->plan, index)
    ? _("The job becomes a new, unapproved draft with these changes. Environment variables are not part of the "
        "job: check that the launch script exports them.")
    : _("The job becomes a new, unapproved draft with these changes.");

  text = g_strjoinv ("\n", changes);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "monospace");
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);

  pending = g_new0 (PendingApply, 1);
  pending->self = g_object_ref (self);
  pending->before = planner_job_copy (self->job);
  pending->after = g_steal_pointer (&after);
  root = gtk_widget_get_root (GTK_WIDGET (self));

#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_alert_dialog_new (heading, body);

    adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "apply", _("_Apply"),
                                    NULL);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), scroller);
    g_signal_connect_data (dialog, "response", G_CALLBACK (on_apply_response), pending,
                           (GClosureNotify) (void (*) (void)) pending_apply_free, 0);
    adw_dialog_present (dialog, GTK_WIDGET (self));
  }
#else
  {
    GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);

    adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                      "cancel", _("_Cancel"),
                                      "apply", _("_Apply"),
                                      NULL);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
    g_signal_connect_data (dialog, "response", G_CALLBACK (on_apply_response), pending,
                           (GClosureNotify) (void (*) (void)) pending_apply_free, 0);
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
  (void) root;
}

static void
on_apply_clicked (GtkButton         *button,
                  PlannerAdvicePage *self)
{
  confirm_apply (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index")));
}

static GtkWidget *
apply_button (PlannerAdvicePage *self,
              const char        *label,
              guint              index,
              gboolean           sensitive,
              const char        *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (button, sensitive);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (on_apply_clicked), self);
  return button;
}

/* Showing a plan ---------------------------------------------------------- */

static void
show_status (PlannerAdvicePage *self,
             const char        *icon_name,
             const char        *title,
             const char        *description,
             gboolean           startup_button)
{
  /* With a log open, the evidence stays in view and the reason there is
   * no plan goes below it. */
  if (self->shown_record != NULL)
    {
      AdwPreferencesGroup *group = add_group (self, title, NULL);

      adw_preferences_group_add (group, icon_row (icon_name, NULL, description, NULL));
      if (startup_button)
        {
          GtkWidget *button = gtk_button_new_with_mnemonic (_("Show _Start-up Fixes"));

          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_show_startup_fixes), self);
          adw_preferences_group_set_header_suffix (group, button);
        }
      gtk_stack_set_visible_child_name (self->stack, "plan");
      return;
    }
  adw_status_page_set_icon_name (self->status, icon_name);
  adw_status_page_set_title (self->status, title);
  {
    g_autofree char *escaped = g_markup_escape_text (description, -1);

    adw_status_page_set_description (self->status, escaped);
  }
  gtk_widget_set_visible (self->status_button, startup_button);
  gtk_stack_set_visible_child_name (self->stack, "status");
}

static void
add_suggestion (PlannerAdvicePage       *self,
                const PlannerPlan       *plan,
                const PlannerSuggestion *s,
                guint                    index)
{
  g_autofree char *title = g_strdup_printf ("%u. %s", index + 1, s->title);
  AdwPreferencesGroup *group = add_group (self, title, s->reason);
  g_autofree char *peak = g_ascii_strup (plan->peak_name != NULL ? plan->peak_name : "bf16", -1);

  if (!plan->cumulative)
    {
      gboolean flags = planner_suggestion_count_flag_changes (s) > 0;

      adw_preferences_group_set_header_suffix (group,
        apply_button (self, _("_Apply"), index, flags,
                      flags ? _("Review the changes to the job before they are made")
                            : _("Environment only: the launch script sets it, the job does not change")));
    }

  if (s->cause != NULL)
    adw_preferences_group_add (group, text_row (_("Likely Cause"), s->cause));

  if (s->changes->len > 0)
    adw_preferences_group_add (group, diff_row (_("Changes"), plan->suggestions, index));

  if (s->prerequisites->len > 0)
    {
      g_autofree char *needs = NULL;
      GStrvBuilder *builder = g_strv_builder_new ();
      g_auto(GStrv) lines = NULL;

      for (guint i = 0; i < s->prerequisites->len; i++)
        g_strv_builder_add (builder, g_ptr_array_index (s->prerequisites, i));
      lines = g_strv_builder_end (builder);
      g_strv_builder_unref (builder);
      needs = g_strjoinv ("\n", lines);
      adw_preferences_group_add (group, text_row (_("Needs"), needs));
    }

  if (s->effect != NULL)
    adw_preferences_group_add (group, text_row (_("Effect"), s->effect));

  if (s->speed_low > 0)
    {
      g_autofree char *speed = format_range ("×", "", 2, s->speed_low, s->speed_high);

      adw_preferences_group_add (group, value_row (_("Relative Step Speed"),
                                                   _("The planner’s range from published tuning guides"),
                                                   speed, FALSE));
    }

  if (s->mfu_low > 0)
    {
      g_autofree char *mfu = format_range ("", "%", 1, s->mfu_low * 100, s->mfu_high * 100);
      g_autofree char *subtitle = g_strdup_printf (_("After this change, against the %s peak"), peak);

      adw_preferences_group_add (group, value_row (_("Expected MFU"), subtitle, mfu, FALSE));
    }

  if (s->memory_before >= 0)
    {
      g_autofree char *memory = g_strdup_printf (_("%.1f → %.1f GiB"), s->memory_before / GIB, s->memory_after / GIB);

      adw_preferences_group_add (group, value_row (_("Memory per GPU"),
                                                   s->fits_after ? _("Most loaded stage · fits")
                                                                 : _("Most loaded stage · does not fit"),
                                                   memory, !s->fits_after));
    }

  if (s->bubble_before >= 0)
    {
      g_autofree char *bubble = g_strdup_printf ("%.1f → %.1f%%", s->bubble_before * 100, s->bubble_after * 100);

      adw_preferences_group_add (group, value_row (_("Pipeline Bubble"), _("Share of the step, (p−1)/(v·m)"),
                                                   bubble, FALSE));
    }

  if (s->citations->len > 0)
    {
      GtkWidget *expander = adw_expander_row_new ();
      g_autoptr(GString) numbers = g_string_new (NULL);
      g_autofree char *subtitle = NULL;

      /* The line numbers in view; the lines one click away. */
      for (guint i = 0; i < s->citations->len && i < 6; i++)
        g_string_append_printf (numbers, "%s%" PRIu64, i > 0 ? ", " : "",
                                ((PlannerCitation *) g_ptr_array_index (s->citations, i))->line);
      if (s->citations->len > 6)
        g_string_append (numbers, ", …");
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Line %s led to it", "Lines %s led to it",
                                               s->citations->len), numbers->str);
      planner_a11y_set_row_title (expander, _("From the Log"));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      for (guint i = 0; i < s->citations->len; i++)
        {
          const PlannerCitation *c = g_ptr_array_index (s->citations, i);

          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), planner_log_line_row_new (c->line, c->rank, c->text));
        }
      adw_preferences_group_add (group, expander);
    }

  if (s->checks->len > 0)
    {
      GtkWidget *expander = adw_expander_row_new ();
      g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u check", "%u checks",
                                                                s->checks->len),
                                                   s->checks->len);

      planner_a11y_set_row_title (expander, _("Checked"));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      for (guint i = 0; i < s->checks->len; i++)
        adw_expander_row_add_row (ADW_EXPANDER_ROW (expander),
                                  icon_row ("object-select-symbolic", "success",
                                            g_ptr_array_index (s->checks, i), NULL));
      adw_preferences_group_add (group, expander);
    }
  self->n_suggestions++;
}

static void
update_throughput_rows (PlannerAdvicePage *self)
{
  const PlannerPlan *plan = self->plan;
  gboolean mfu_symptom = !self->troubleshoot || self->symptom == PLANNER_SYMPTOM_LOW_MFU ||
                         self->symptom == PLANNER_SYMPTOM_SLOW;
  g_autofree char *peak = g_ascii_strup (plan != NULL && plan->peak_name != NULL ? plan->peak_name : "bf16", -1);

  /* With a log open, the MFU is the one it measured. */
  gtk_widget_set_visible (GTK_WIDGET (self->mfu_row), mfu_symptom && self->analysis == NULL);
  if (!mfu_symptom || self->analysis != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->mfu_error_row), FALSE);
  else
    validate_mfu (self);

  gtk_widget_set_visible (GTK_WIDGET (self->published_row),
                          mfu_symptom && plan != NULL && plan->expected_mfu_low > 0);
  if (plan != NULL && plan->expected_mfu_low > 0)
    {
      g_autofree char *range = format_range ("", "%", 0, plan->expected_mfu_low * 100,
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
    {
      g_autofree char *measured = g_strdup_printf ("%.1f%%", plan->measured_mfu * 100);
      g_autofree char *subtitle = NULL;

      const PlannerLogDiagnosis *diagnosis = self->analysis != NULL ? self->analysis->diagnosis : NULL;

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
}

static void
show_plan (PlannerAdvicePage *self)
{
  const PlannerPlan *plan = self->plan;
  AdwPreferencesGroup *group;
  g_autofree gboolean *used_notes = NULL;
  guint flag_changes = 0;

  /* What the job is now, and what the plan does to its memory. */
  if (plan->kind == PLANNER_PLAN_OPTIMIZE)
    group = add_group (self, _("Draft Plan"),
                       plan->suggestions->len > 0
                         ? _("Changes to make together, in this order. Nothing changes until you apply the plan "
                             "and confirm.")
                         : _("No change passes the planner’s checks for this job."));
  else
    group = add_group (self, _("Likely Causes"),
                       plan->suggestions->len > 0
                         ? _("Most likely first. Each fix applies on its own, after you confirm it.")
                         : _("No flag change for this symptom passes the planner’s checks for this job."));

  /* A symptom the log does not show gets the general plan, and says so. */
  if (self->analysis != NULL && plan->kind == PLANNER_PLAN_TROUBLESHOOT &&
      planner_log_diagnosis_find (self->analysis->diagnosis, plan->symptom) == NULL)
    adw_preferences_group_add (group, icon_row ("dialog-information-symbolic", NULL,
                                                _("The log shows no sign of this symptom: this is the general "
                                                  "plan for it."), NULL));
  /* Optimize: what the log measured, in words (Troubleshoot shows it above). */
  if (self->analysis != NULL && plan->kind == PLANNER_PLAN_OPTIMIZE)
    for (guint i = 0; i < plan->evidence->len; i++)
      {
        const char *evidence = g_ptr_array_index (plan->evidence, i);
        PlannerEvidenceKind kind = g_array_index (plan->evidence_kinds, PlannerEvidenceKind, i);

        /* The memory and the assumptions have rows of their own above. */
        if (kind == PLANNER_EVIDENCE_MEMORY || kind == PLANNER_EVIDENCE_ASSUMPTION)
          continue;
        adw_preferences_group_add (group, icon_row ("dialog-information-symbolic", NULL, evidence, NULL));
      }

  for (guint i = 0; i < plan->suggestions->len; i++)
    flag_changes += planner_suggestion_count_flag_changes (g_ptr_array_index (plan->suggestions, i));
  if (plan->cumulative && plan->suggestions->len > 0)
    {
      GtkWidget *button = apply_button (self, _("_Apply All as a New Draft"), G_MAXUINT, flag_changes > 0,
                                        flag_changes > 0 ? _("Review the changes to the job before they are made")
                                                         : _("Environment only: the job does not change"));

      gtk_widget_add_css_class (button, "suggested-action");
      adw_preferences_group_set_header_suffix (group, button);
    }

  if (plan->memory_before >= 0 && plan->capacity_bytes > 0)
    {
      gboolean changes = plan->cumulative && plan->memory_after >= 0 && plan->memory_after != plan->memory_before;
      double now = changes ? plan->memory_after : plan->memory_before;
      g_autofree char *value = changes
        ? g_strdup_printf (_("%.1f → %.1f of %.1f GiB"), plan->memory_before / GIB, plan->memory_after / GIB,
                           plan->capacity_bytes / GIB)
        : g_strdup_printf (_("%.1f of %.1f GiB"), plan->memory_before / GIB, plan->capacity_bytes / GIB);

      adw_preferences_group_add (group, value_row (changes ? _("Memory per GPU, Before and After")
                                                           : _("Memory per GPU"),
                                                   now <= plan->capacity_bytes ? _("Most loaded stage · fits")
                                                                               : _("Most loaded stage · does not fit"),
                                                   value, now > plan->capacity_bytes));
    }

  /* The errors Megatron would stop with, each with its fix when a note
   * gives one; folded away while there are fixes to read. */
  used_notes = g_new0 (gboolean, plan->notes->len + 1);
  if (plan->errors->len > 0)
    {
      GtkWidget *expander = adw_expander_row_new ();
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");
      g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Megatron would stop with %u error",
                                                                "Megatron would stop with %u errors",
                                                                plan->errors->len),
                                                   plan->errors->len);

      planner_a11y_set_row_title (expander, _("Start-up Errors"));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      gtk_widget_add_css_class (icon, "error");
      adw_expander_row_add_prefix (ADW_EXPANDER_ROW (expander), icon);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), plan->suggestions->len == 0);

      for (guint i = 0; i < plan->errors->len; i++)
        {
          const char *code = g_ptr_array_index (plan->error_codes, i);
          const char *text = g_ptr_array_index (plan->error_messages, i);
          g_autofree char *with_fix = NULL;

          /* The error's note with its fix says more than the message alone. */
          for (guint n = 0; n < plan->notes->len; n++)
            {
              /* Codes are stable ids, never translated text. */
              if (!used_notes[n] && g_array_index (plan->note_kinds, PlannerNoteKind, n) == PLANNER_NOTE_ERROR_FIX &&
                  g_str_equal (g_ptr_array_index (plan->note_codes, n), code))
                {
                  const char *fix = g_ptr_array_index (plan->error_fixes, i);

                  if (*fix != '\0')
                    /* Translators: a start-up error, then how to fix it */
                    text = with_fix = g_strdup_printf (_("%s Fix: %s"), text, fix);
                  used_notes[n] = TRUE;
                  break;
                }
            }
          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), icon_row ("dialog-error-symbolic", "error", text, code));
        }
      adw_preferences_group_add (group, expander);
    }

  for (guint i = 0; i < plan->notes->len; i++)
    {
      const char *note = g_ptr_array_index (plan->notes, i);

      PlannerNoteKind kind = g_array_index (plan->note_kinds, PlannerNoteKind, i);

      /* The target and the measured MFU have rows of their own. */
      if (used_notes[i] || kind == PLANNER_NOTE_TARGET || kind == PLANNER_NOTE_MEASURED)
        continue;
      adw_preferences_group_add (group, icon_row ("dialog-information-symbolic", NULL, note, NULL));
    }

  for (guint i = 0; i < plan->suggestions->len; i++)
    add_suggestion (self, plan, g_ptr_array_index (plan->suggestions, i), i);

  if (plan->cumulative && plan->suggestions->len > 1 && flag_changes > 0)
    {
      GtkWidget *button = apply_button (self, _("Apply _All"), G_MAXUINT, TRUE,
                                        _("Review the changes to the job before they are made"));

      group = add_group (self, _("The Whole Plan"), _("Every change above as one diff of the command line."));
      gtk_widget_add_css_class (button, "suggested-action");
      adw_preferences_group_set_header_suffix (group, button);
      adw_preferences_group_add (group, diff_row (_("Changes"), plan->suggestions, G_MAXUINT));
    }

  if (plan->rejected->len > 0)
    {
      GtkWidget *expander = adw_expander_row_new ();
      g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u idea the planner checked and "
                                                                "refused for this job",
                                                                "%u ideas the planner checked and refused for this "
                                                                "job", plan->rejected->len),
                                                   plan->rejected->len);

      group = add_group (self, NULL, NULL);
      planner_a11y_set_row_title (expander, _("Considered and Not Offered"));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      for (guint i = 0; i < plan->rejected->len; i++)
        {
          GtkWidget *row = adw_action_row_new ();

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          planner_a11y_set_row_title (row, g_ptr_array_index (plan->rejected_reasons, i));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), g_ptr_array_index (plan->rejected_ids, i));
          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
        }
      adw_preferences_group_add (group, expander);
    }

  gtk_stack_set_visible_child_name (self->stack, "plan");
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
  symptom = self->troubleshoot ? self->symptom : PLANNER_SYMPTOM_NONE;

  if (report == NULL)
    report = own_report = planner_analyze_job_for_form (self->job);

  if (planner_report_get_config (report) == NULL)
    {
      update_throughput_rows (self);
      show_status (self, "dialog-question-symbolic", _("No Model Yet"),
                   _("The advice needs the model’s dimensions: choose a catalog model, or give its size on the "
                     "Model page."), FALSE);
      return;
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

      update_throughput_rows (self);
      show_status (self, "dialog-warning-symbolic", _("No Valid Layout"), description, self->troubleshoot);
      return;
    }

  if (self->analysis != NULL)
    self->plan = planner_advise_log (self->analysis, symptom, &error);
  else
    self->plan = planner_advise_job (self->job, symptom, self->mfu, 0, 0, &error);
  if (self->plan == NULL)
    {
      update_throughput_rows (self);
      show_status (self, "dialog-error-symbolic", _("No Plan"), error->message, FALSE);
      return;
    }
  self->plan_job = planner_job_copy (self->job);
  update_throughput_rows (self);
  show_plan (self);
}

static void
on_check_clicked (PlannerAdvicePage *self)
{
  on_mfu_apply (self);
  compute (self);
}

static void
on_symptom_selected (PlannerAdvicePage *self)
{
  guint selected = adw_combo_row_get_selected (self->symptom_row);

  if (selected >= G_N_ELEMENTS (symptoms) || symptoms[selected].symptom == self->symptom)
    return;
  self->symptom = symptoms[selected].symptom;
  invalidate (self);
}

static void
on_show_startup_fixes (PlannerAdvicePage *self)
{
  _planner_advice_page_set_symptom (self, PLANNER_SYMPTOM_STARTUP_ERROR);
  compute (self);
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
  g_clear_pointer (&self->log_rows, g_ptr_array_unref);
  g_clear_pointer (&self->findings_rows, g_ptr_array_unref);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->job);
  G_OBJECT_CLASS (planner_advice_page_parent_class)->dispose (object);
}

static void
planner_advice_page_class_init (PlannerAdvicePageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = planner_advice_page_dispose;
  GTK_WIDGET_CLASS (klass)->map = planner_advice_page_map;
}

static void
planner_advice_page_init (PlannerAdvicePage *self)
{
  self->symptom = PLANNER_SYMPTOM_OOM;
  self->dirty = TRUE;
  self->plan_groups = g_ptr_array_new ();
}

static GtkWidget *
info_row (const char  *title,
          GtkLabel   **label)
{
  GtkWidget *row = adw_action_row_new ();

  planner_a11y_set_row_title (row, title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  *label = add_value (ADW_ACTION_ROW (row), "");
  gtk_widget_set_visible (row, FALSE);
  return row;
}

/* The log's groups come first on the page, hidden until the window
 * gives the page its log session. */
static void
build_log_groups (PlannerAdvicePage *self)
{
  GtkWidget *button, *icon, *box;

  self->log_rows = g_ptr_array_new ();
  self->log_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->log_group, _("Training Log"));
  adw_preferences_group_set_description (self->log_group, self->troubleshoot
    ? _("What the run showed: its symptoms with the lines that prove them, the measured MFU and memory.")
    : _("The MFU the run measured replaces a typed one; the changes below start from it."));
  self->log_open_button = gtk_button_new_with_mnemonic (_("_Open Another…"));
  gtk_widget_set_valign (self->log_open_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->log_open_button, _("Open another training log"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->log_open_button), "win.open-log");
  adw_preferences_group_set_header_suffix (self->log_group, self->log_open_button);

  self->log_open_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->log_open_row), _("No Training Log Open"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->log_open_row),
                               _("Open the log your Megatron run wrote, or drop it on the window."));
  button = gtk_button_new_with_mnemonic (_("_Open Training Log…"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.open-log");
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->log_open_row), button);
  adw_preferences_group_add (self->log_group, self->log_open_row);

  self->log_progress_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->log_progress_row), FALSE);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->log_progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->log_progress, TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->log_progress), 160, -1);
  gtk_widget_set_valign (GTK_WIDGET (self->log_progress), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->log_progress), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Share of the log read"), -1);
  button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Stop reading the log"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_cancel_log), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->log_progress));
  gtk_box_append (GTK_BOX (box), button);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->log_progress_row), box);
  gtk_widget_set_visible (self->log_progress_row, FALSE);
  adw_preferences_group_add (self->log_group, self->log_progress_row);

  self->log_error_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->log_error_row), FALSE);
  icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");
  gtk_widget_add_css_class (icon, "error");
  adw_action_row_add_prefix (ADW_ACTION_ROW (self->log_error_row), icon);
  gtk_widget_set_visible (self->log_error_row, FALSE);
  adw_preferences_group_add (self->log_group, self->log_error_row);

  self->log_summary_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->log_summary_row), FALSE);
  icon = gtk_image_new_from_icon_name ("text-x-generic-symbolic");
  adw_action_row_add_prefix (ADW_ACTION_ROW (self->log_summary_row), icon);
  button = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Close the Log"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Close the Log"), -1);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_close_log), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->log_summary_row), button);
  gtk_widget_set_visible (self->log_summary_row, FALSE);
  adw_preferences_group_add (self->log_group, self->log_summary_row);

  gtk_widget_set_visible (GTK_WIDGET (self->log_group), FALSE);
  adw_preferences_page_add (self->page, self->log_group);

  if (!self->troubleshoot)
    return;

  self->chart_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->chart_group, _("Loss, Grad Norm and Throughput"));
  adw_preferences_group_set_description (self->chart_group, _("Per logged iteration, with the failure marked. "
                                                              "Point at the chart for the figures."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (box, "card");
  self->chart = PLANNER_LOG_CHART_VIEW (planner_log_chart_view_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (self->chart), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->chart), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self->chart), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->chart), 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->chart));
  adw_preferences_group_add (self->chart_group, box);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_group), FALSE);
  adw_preferences_page_add (self->page, self->chart_group);

  self->findings_rows = g_ptr_array_new ();
  self->findings_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->findings_group, _("What the Log Shows"));
  adw_preferences_group_set_description (self->findings_group, _("Each symptom with the lines of the log that prove "
                                                                 "it, most severe first."));
  gtk_widget_set_visible (GTK_WIDGET (self->findings_group), FALSE);
  adw_preferences_page_add (self->page, self->findings_group);
}

GtkWidget *
planner_advice_page_new (PlannerJob *job,
                         gboolean    troubleshoot)
{
  PlannerAdvicePage *self = g_object_new (PLANNER_TYPE_ADVICE_PAGE, NULL);
  AdwPreferencesGroup *input;
  GtkWidget *check, *status_box, *error_icon;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  self->job = g_object_ref (job);
  self->troubleshoot = troubleshoot;

  self->stack = GTK_STACK (gtk_stack_new ());
  self->page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  self->status = ADW_STATUS_PAGE (adw_status_page_new ());
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->page), "plan");
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->status), "status");

  /* The status page offers the start-up fixes for a layout Megatron refuses. */
  status_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->status_button = gtk_button_new_with_mnemonic (_("Show _Start-up Fixes"));
  gtk_widget_set_halign (self->status_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->status_button, "pill");
  gtk_widget_add_css_class (self->status_button, "suggested-action");
  g_signal_connect_swapped (self->status_button, "clicked", G_CALLBACK (on_show_startup_fixes), self);
  gtk_box_append (GTK_BOX (status_box), self->status_button);
  adw_status_page_set_child (self->status, status_box);

  build_log_groups (self);

  input = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  if (troubleshoot)
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      adw_preferences_group_set_title (input, _("Symptom"));
      adw_preferences_group_set_description (input, _("What the job does. The causes below are ranked for this "
                                                      "job, with the exact Megatron-Core 0.20.0 flag changes."));
      for (guint i = 0; i < G_N_ELEMENTS (symptoms); i++)
        gtk_string_list_append (model, _(symptoms[i].label));
      self->symptom_row = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->symptom_row), _("Symptom"));
      adw_combo_row_set_model (self->symptom_row, G_LIST_MODEL (model));
      planner_combo_factory_install (self->symptom_row);
      g_signal_connect_swapped (self->symptom_row, "notify::selected", G_CALLBACK (on_symptom_selected), self);
      adw_preferences_group_add (input, GTK_WIDGET (self->symptom_row));
    }
  else
    {
      adw_preferences_group_set_title (input, _("Throughput"));
      adw_preferences_group_set_description (input, _("Changes that raise throughput for this job, each checked "
                                                      "against Megatron-Core 0.20.0. Optional: the MFU Megatron "
                                                      "logged makes the expected MFU of each change concrete."));
    }

  self->mfu_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->mfu_row), _("Measured MFU (optional)"));
  adw_entry_row_set_show_apply_button (self->mfu_row, TRUE);
  adw_entry_row_set_input_purpose (self->mfu_row, GTK_INPUT_PURPOSE_NUMBER);
  g_signal_connect_swapped (self->mfu_row, "changed", G_CALLBACK (on_mfu_changed), self);
  g_signal_connect_swapped (self->mfu_row, "apply", G_CALLBACK (on_mfu_apply), self);
  g_signal_connect_swapped (self->mfu_row, "entry-activated", G_CALLBACK (on_mfu_apply), self);
  adw_preferences_group_add (input, GTK_WIDGET (self->mfu_row));

  self->mfu_error_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->mfu_error_row), FALSE);
  error_icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");
  gtk_widget_add_css_class (error_icon, "error");
  adw_action_row_add_prefix (self->mfu_error_row, error_icon);
  gtk_widget_set_visible (GTK_WIDGET (self->mfu_error_row), FALSE);
  adw_preferences_group_add (input, GTK_WIDGET (self->mfu_error_row));

  self->measured_row = ADW_ACTION_ROW (info_row (_("Measured"), &self->measured_label));
  adw_preferences_group_add (input, GTK_WIDGET (self->measured_row));
  self->target_row = ADW_ACTION_ROW (info_row (_("Target MFU"), &self->target_label));
  adw_preferences_group_add (input, GTK_WIDGET (self->target_row));
  self->published_row = ADW_ACTION_ROW (info_row (_("Published MFU"), &self->published_label));
  adw_preferences_group_add (input, GTK_WIDGET (self->published_row));

  check = gtk_button_new_with_mnemonic (_("_Check"));
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (check, _("Make the plan again for the job as it is now"));
  g_signal_connect_swapped (check, "clicked", G_CALLBACK (on_check_clicked), self);
  adw_preferences_group_set_header_suffix (input, check);
  adw_preferences_page_add (self->page, input);

  update_throughput_rows (self);
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->stack));
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
  invalidate (self);
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
  if (session != NULL)
    {
      g_signal_connect_swapped (session, "changed", G_CALLBACK (on_session_changed), self);
      g_signal_connect_swapped (session, "loaded", G_CALLBACK (on_session_loaded), self);
      self->log_new = planner_log_session_get_record (session) != NULL;
    }
  update_log_state (self);
  invalidate (self);
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
  g_return_if_fail (self->symptom_row != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (symptoms); i++)
    {
      if (symptoms[i].symptom == symptom)
        adw_combo_row_set_selected (self->symptom_row, i);
    }
}

void
_planner_advice_page_request_apply (PlannerAdvicePage *self,
                                    guint              index)
{
  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));
  confirm_apply (self, index);
}

GtkWidget *
_planner_advice_page_get_mfu_row (PlannerAdvicePage *self)
{
  g_return_val_if_fail (PLANNER_IS_ADVICE_PAGE (self), NULL);
  return GTK_WIDGET (self->mfu_row);
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
