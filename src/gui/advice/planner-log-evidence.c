/* planner-log-evidence.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log-evidence"

#include "config.h"

#include <math.h>

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-log-evidence.h"

#include "planner-a11y.h"

#define GIB (1024.0 * 1024.0 * 1024.0)
#define MAX_MARKS 4

const char *
planner_log_symptom_label (PlannerSymptom symptom)
{
  switch (symptom)
    {
    case PLANNER_SYMPTOM_OOM: return _("Out of memory");
    case PLANNER_SYMPTOM_LOW_MFU: return _("Low MFU");
    case PLANNER_SYMPTOM_SLOW: return _("Slow steps");
    case PLANNER_SYMPTOM_DIVERGING: return _("Diverging loss");
    case PLANNER_SYMPTOM_STARTUP_ERROR: return _("Dies at start-up");
    case PLANNER_SYMPTOM_HANG: return _("Hangs at start-up");
    case PLANNER_SYMPTOM_HANG_MID_RUN: return _("Hangs mid-run");
    case PLANNER_SYMPTOM_NONE:
    default: return "";
    }
}

static GtkWidget *
sentence_row (const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, text);
  return row;
}

static const char *
finding_icon (const PlannerLogFinding *finding)
{
  return finding->symptom == PLANNER_SYMPTOM_LOW_MFU || finding->symptom == PLANNER_SYMPTOM_SLOW
    ? "dialog-warning-symbolic" : "dialog-error-symbolic";
}

GtkWidget *
planner_log_finding_row_new (const PlannerLogFinding *finding,
                             gboolean                 expanded)
{
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (finding_icon (finding));
  g_autoptr(GString) subtitle = g_string_new (planner_log_symptom_label (finding->symptom));
  guint64 previous = 0;

  if (finding->rank >= 0)
    g_string_append_printf (subtitle, _(" · rank %d"), finding->rank);
  if (finding->stage >= 0)
    g_string_append_printf (subtitle, _(" · pipeline stage %d"), finding->stage);
  if (finding->iteration >= 0)
    g_string_append_printf (subtitle, _(" · iteration %" PRId64), finding->iteration);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, finding->title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle->str);
  gtk_widget_add_css_class (icon, g_str_equal (finding_icon (finding), "dialog-error-symbolic") ? "error" : "warning");
  adw_expander_row_add_prefix (ADW_EXPANDER_ROW (row), icon);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), expanded);

  if (finding->event != NULL && finding->event->rule_id != NULL)
    {
      /* Translators: the Megatron check a start-up error was matched to, "parallel_state:922 (by message and location)" */
      g_autofree char *rule = g_strdup_printf (_("Megatron-Core 0.20.0’s check %s (matched by %s)"),
                                               finding->event->rule_id,
                                               planner_log_rule_match_to_string (finding->event->rule_match));

      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), sentence_row (rule));
    }
  for (guint i = 0; i < finding->details->len; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (row), sentence_row (g_ptr_array_index (finding->details, i)));
  for (guint i = 0; i < finding->citations->len; i++)
    {
      const PlannerLogCitation *citation = g_ptr_array_index (finding->citations, i);

      /* Citations are in line order: a line that proves two things once. */
      if (i > 0 && citation->line->number == previous)
        continue;
      previous = citation->line->number;
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                planner_log_line_row_new (citation->line->number, citation->line->rank,
                                                          citation->line->text));
    }
  return row;
}

static void
add_value (AdwExpanderRow *row,
           const char     *value,
           gboolean        warning)
{
  GtkWidget *label = gtk_label_new (value);

  gtk_widget_add_css_class (label, "numeric");
  if (warning)
    gtk_widget_add_css_class (label, "warning");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  adw_expander_row_add_action (row, label);
}

GtkWidget *
planner_log_mfu_row_new (const PlannerLogDiagnosis *diagnosis)
{
  GtkWidget *row;
  g_autofree char *peak = NULL;
  g_autofree char *value = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (diagnosis != NULL, NULL);

  if (!diagnosis->has_mfu)
    return NULL;
  peak = g_ascii_strup (planner_peak_kind_to_string (diagnosis->mfu.peak), -1);
  value = g_strdup_printf ("%.1f%%", diagnosis->mfu.mfu * 100);
  if (g_strcmp0 (diagnosis->mfu_from, "throughput") == 0)
    subtitle = g_strdup_printf (_("%.1f TFLOP/s per GPU, the median the log gives, against the %s peak of %.0f "
                                  "TFLOP/s"), diagnosis->mfu.tflops_per_gpu, peak, diagnosis->mfu.peak_tflops);
  else
    subtitle = g_strdup_printf (_("From the median logged time per iteration (%.1f ms), against the %s peak of "
                                  "%.0f TFLOP/s"), diagnosis->mfu_logged_value, peak, diagnosis->mfu.peak_tflops);
  if (diagnosis->expected_mfu_high > 0)
    {
      g_autofree char *with_range = g_strdup_printf (_("%s; published runs reach %.0f–%.0f%%"), subtitle,
                                                     diagnosis->expected_mfu_low * 100,
                                                     diagnosis->expected_mfu_high * 100);

      g_free (subtitle);
      subtitle = g_steal_pointer (&with_range);
    }

  row = adw_expander_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, _("Measured MFU"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
  add_value (ADW_EXPANDER_ROW (row), value,
             diagnosis->expected_mfu_low > 0 && diagnosis->mfu.mfu < diagnosis->expected_mfu_low);
  if (diagnosis->mfu_line != NULL)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                              planner_log_line_row_new (diagnosis->mfu_line->number, diagnosis->mfu_line->rank,
                                                        diagnosis->mfu_line->text));
  return row;
}

GtkWidget *
planner_log_memory_row_new (const PlannerLogDiagnosis *diagnosis)
{
  const PlannerLogMemoryCheck *first;
  GtkWidget *row;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (diagnosis != NULL, NULL);

  if (diagnosis->memory->len == 0)
    return NULL;
  first = g_ptr_array_index (diagnosis->memory, 0);
  row = adw_expander_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* The first rank's sentence is the row: "Your run logged max reserved 60.7 GiB on rank 0 …". */
  planner_a11y_set_row_title (row, first->sentence);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Measured memory: %u rank logged it",
                                           "Measured memory: %u ranks logged it", diagnosis->memory->len),
                              diagnosis->memory->len);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
  if (first->estimate_bytes >= 0 && !isnan (first->difference))
    {
      g_autofree char *value = g_strdup_printf ("%+.0f%%", first->difference * 100);

      add_value (ADW_EXPANDER_ROW (row), value, first->difference < -0.2 || first->difference > 0.2);
    }
  for (guint i = 0; i < diagnosis->memory->len; i++)
    {
      const PlannerLogMemoryCheck *check = g_ptr_array_index (diagnosis->memory, i);

      if (i > 0)
        adw_expander_row_add_row (ADW_EXPANDER_ROW (row), sentence_row (check->sentence));
      if (check->line != NULL)
        adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                  planner_log_line_row_new (check->line->number, check->line->rank,
                                                            check->line->text));
    }
  return row;
}

GtkWidget *
planner_log_theoretical_row_new (const PlannerLogDiagnosis *diagnosis)
{
  const PlannerLogLine *line;
  GtkWidget *row;
  g_autofree char *value = NULL;

  g_return_val_if_fail (diagnosis != NULL, NULL);

  if (!diagnosis->has_theoretical)
    return NULL;
  line = diagnosis->record->theoretical_line;
  row = adw_expander_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  planner_a11y_set_row_title (row, _("Megatron’s Theoretical Memory"));
  if (diagnosis->theoretical_planner_bytes >= 0)
    {
      g_autofree char *subtitle = g_strdup_printf (_("What Megatron printed; the planner’s reproduction of it for "
                                                     "this job is %.1f GiB"),
                                                   diagnosis->theoretical_planner_bytes / GIB);

      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
    }
  value = g_strdup_printf (_("%.1f GiB"), diagnosis->theoretical_logged_bytes / GIB);
  add_value (ADW_EXPANDER_ROW (row), value, FALSE);
  if (line != NULL)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (row), planner_log_line_row_new (line->number, line->rank, line->text));
  return row;
}

static const char *
mark_label (const PlannerLogFinding *finding)
{
  if (finding->event == NULL)
    return planner_log_symptom_label (finding->symptom);
  switch (finding->event->kind)
    {
    case PLANNER_LOG_EVENT_OOM: return _("Out of memory");
    case PLANNER_LOG_EVENT_NCCL_TIMEOUT: return _("NCCL timeout");
    case PLANNER_LOG_EVENT_EXCEPTION: return _("Exception");
    case PLANNER_LOG_EVENT_NAN: return _("NaN");
    case PLANNER_LOG_EVENT_SKIPPED: return _("Skipped iterations");
    case PLANNER_LOG_EVENT_LOSS_SPIKE: return _("Loss spike");
    case PLANNER_LOG_EVENT_GRAD_NORM_SPIKE: return _("Grad-norm spike");
    case PLANNER_LOG_N_EVENT_KINDS:
    default: return planner_log_symptom_label (finding->symptom);
    }
}

GArray *
planner_log_marks_new (const PlannerLogDiagnosis *diagnosis)
{
  GArray *marks = g_array_new (FALSE, TRUE, sizeof (PlannerLogChartMark));

  g_return_val_if_fail (diagnosis != NULL, marks);

  /* Findings are most severe first; low MFU names no point of the run. */
  for (guint i = 0; i < diagnosis->findings->len && marks->len < MAX_MARKS; i++)
    {
      const PlannerLogFinding *finding = g_ptr_array_index (diagnosis->findings, i);
      PlannerLogChartMark mark;

      if (finding->event == NULL)
        continue;
      mark.iteration = finding->iteration;
      mark.label = g_strdup (mark_label (finding));
      g_array_append_val (marks, mark);
    }
  return marks;
}

void
planner_log_marks_free (GArray *marks)
{
  if (marks == NULL)
    return;
  for (guint i = 0; i < marks->len; i++)
    g_free ((char *) g_array_index (marks, PlannerLogChartMark, i).label);
  g_array_unref (marks);
}
