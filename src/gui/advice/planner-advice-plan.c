/* planner-advice-plan.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-plan"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-advice-plan.h"

#include "planner-a11y.h"
#include "planner-advice-rows.h"
#include "planner-log-evidence.h"

AdwPreferencesGroup *
planner_advice_plan_add_group (AdwPreferencesPage *page,
                               GPtrArray          *groups,
                               const char         *title,
                               const char         *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  if (title != NULL)
    adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (page, group);
  g_ptr_array_add (groups, group);
  return group;
}

void
planner_advice_plan_clear (AdwPreferencesPage *page,
                           GPtrArray          *groups)
{
  for (guint i = 0; i < groups->len; i++)
    adw_preferences_page_remove (page, g_ptr_array_index (groups, i));
  g_ptr_array_set_size (groups, 0);
}

/* "Apply" for suggestion @index (G_MAXUINT: all): the page asks first. */
static GtkWidget *
apply_button (const char *label,
              guint       index,
              gboolean    sensitive,
              const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (button, sensitive);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "advice.apply");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", index);
  return button;
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

/* What a suggestion is expected to do: speed, MFU, memory, bubble. */
static void
add_figures (AdwPreferencesGroup     *group,
             const PlannerPlan       *plan,
             const PlannerSuggestion *s)
{
  g_autofree char *peak = g_ascii_strup (plan->peak_name != NULL ? plan->peak_name : "bf16", -1);

  if (s->speed_low > 0)
    {
      g_autofree char *speed = planner_advice_format_range ("×", "", 2, s->speed_low, s->speed_high);

      adw_preferences_group_add (group, planner_advice_value_row (_("Relative Step Speed"),
                                                                  _("The planner’s range from published tuning "
                                                                    "guides"),
                                                                  speed, FALSE));
    }

  if (s->mfu_low > 0)
    {
      g_autofree char *mfu = planner_advice_format_range ("", "%", 1, s->mfu_low * 100, s->mfu_high * 100);
      g_autofree char *subtitle = g_strdup_printf (_("After this change, against the %s peak"), peak);

      adw_preferences_group_add (group, planner_advice_value_row (_("Expected MFU"), subtitle, mfu, FALSE));
    }

  if (s->memory_before >= 0)
    {
      g_autofree char *memory = g_strdup_printf (_("%.1f → %.1f GiB"), s->memory_before / PLANNER_ADVICE_GIB,
                                                 s->memory_after / PLANNER_ADVICE_GIB);

      adw_preferences_group_add (group, planner_advice_value_row (_("Memory per GPU"),
                                                                  s->fits_after
                                                                    ? _("Most loaded stage · fits")
                                                                    : _("Most loaded stage · does not fit"),
                                                                  memory, !s->fits_after));
    }

  if (s->bubble_before >= 0)
    {
      g_autofree char *bubble = g_strdup_printf ("%.1f → %.1f%%", s->bubble_before * 100, s->bubble_after * 100);

      adw_preferences_group_add (group, planner_advice_value_row (_("Pipeline Bubble"),
                                                                  _("Share of the step, (p−1)/(v·m)"),
                                                                  bubble, FALSE));
    }
}

/* The lines of the log that led to a suggestion: their numbers in view,
 * the lines one click away. */
static GtkWidget *
citations_row (const PlannerSuggestion *s)
{
  GtkWidget *expander = adw_expander_row_new ();
  g_autoptr(GString) numbers = g_string_new (NULL);
  g_autofree char *subtitle = NULL;

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
  return expander;
}

static GtkWidget *
checks_row (const PlannerSuggestion *s)
{
  GtkWidget *expander = adw_expander_row_new ();
  g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u check", "%u checks",
                                                            s->checks->len),
                                               s->checks->len);

  planner_a11y_set_row_title (expander, _("Checked"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
  for (guint i = 0; i < s->checks->len; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (expander),
                              planner_advice_icon_row ("object-select-symbolic", "success",
                                                       g_ptr_array_index (s->checks, i), NULL));
  return expander;
}

static void
add_suggestion (AdwPreferencesPage      *page,
                GPtrArray               *groups,
                const PlannerPlan       *plan,
                const PlannerSuggestion *s,
                guint                    index)
{
  g_autofree char *title = g_strdup_printf ("%u. %s", index + 1, s->title);
  AdwPreferencesGroup *group = planner_advice_plan_add_group (page, groups, title, s->reason);

  if (!plan->cumulative)
    {
      gboolean flags = planner_suggestion_count_flag_changes (s) > 0;

      adw_preferences_group_set_header_suffix (group,
        apply_button (_("_Apply"), index, flags,
                      flags ? _("Review the changes to the job before they are made")
                            : _("Environment only: the launch script sets it, the job does not change")));
    }

  if (s->cause != NULL)
    adw_preferences_group_add (group, planner_advice_text_row (_("Likely Cause"), s->cause));

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
      adw_preferences_group_add (group, planner_advice_text_row (_("Needs"), needs));
    }

  if (s->effect != NULL)
    adw_preferences_group_add (group, planner_advice_text_row (_("Effect"), s->effect));

  add_figures (group, plan, s);

  if (s->citations->len > 0)
    adw_preferences_group_add (group, citations_row (s));

  if (s->checks->len > 0)
    adw_preferences_group_add (group, checks_row (s));
}

/* What the job is now, and what the plan does to its memory. */
static AdwPreferencesGroup *
add_heading_group (AdwPreferencesPage       *page,
                   GPtrArray                *groups,
                   const PlannerPlan        *plan,
                   const PlannerLogAnalysis *analysis)
{
  AdwPreferencesGroup *group;
  guint flag_changes = 0;

  if (plan->kind == PLANNER_PLAN_OPTIMIZE)
    group = planner_advice_plan_add_group (page, groups, _("Draft Plan"),
                                           plan->suggestions->len > 0
                                             ? _("Changes to make together, in this order. Nothing changes until "
                                                 "you apply the plan and confirm.")
                                             : _("No change passes the planner’s checks for this job."));
  else
    group = planner_advice_plan_add_group (page, groups, _("Likely Causes"),
                                           plan->suggestions->len > 0
                                             ? _("Most likely first. Each fix applies on its own, after you "
                                                 "confirm it.")
                                             : _("No flag change for this symptom passes the planner’s checks "
                                                 "for this job."));

  /* A symptom the log does not show gets the general plan, and says so. */
  if (analysis != NULL && plan->kind == PLANNER_PLAN_TROUBLESHOOT &&
      planner_log_diagnosis_find (analysis->diagnosis, plan->symptom) == NULL)
    adw_preferences_group_add (group, planner_advice_icon_row ("dialog-information-symbolic", NULL,
                                                               _("The log shows no sign of this symptom: this is "
                                                                 "the general plan for it."), NULL));
  /* Optimize: what the log measured, in words (Troubleshoot shows it above). */
  if (analysis != NULL && plan->kind == PLANNER_PLAN_OPTIMIZE)
    for (guint i = 0; i < plan->evidence->len; i++)
      {
        const char *evidence = g_ptr_array_index (plan->evidence, i);
        PlannerEvidenceKind kind = g_array_index (plan->evidence_kinds, PlannerEvidenceKind, i);

        /* The memory and the assumptions have rows of their own above. */
        if (kind == PLANNER_EVIDENCE_MEMORY || kind == PLANNER_EVIDENCE_ASSUMPTION)
          continue;
        adw_preferences_group_add (group, planner_advice_icon_row ("dialog-information-symbolic", NULL, evidence,
                                                                   NULL));
      }

  for (guint i = 0; i < plan->suggestions->len; i++)
    flag_changes += planner_suggestion_count_flag_changes (g_ptr_array_index (plan->suggestions, i));
  if (plan->cumulative && plan->suggestions->len > 0)
    {
      GtkWidget *button = apply_button (_("_Apply All as a New Draft"), G_MAXUINT, flag_changes > 0,
                                        flag_changes > 0 ? _("Review the changes to the job before they are made")
                                                         : _("Environment only: the job does not change"));

      gtk_widget_add_css_class (button, "suggested-action");
      adw_preferences_group_set_header_suffix (group, button);
    }
  return group;
}

static void
add_memory_row (AdwPreferencesGroup *group,
                const PlannerPlan   *plan)
{
  gboolean changes = plan->cumulative && plan->memory_after >= 0 && plan->memory_after != plan->memory_before;
  double now = changes ? plan->memory_after : plan->memory_before;
  g_autofree char *value = changes
    ? g_strdup_printf (_("%.1f → %.1f of %.1f GiB"), plan->memory_before / PLANNER_ADVICE_GIB,
                       plan->memory_after / PLANNER_ADVICE_GIB, plan->capacity_bytes / PLANNER_ADVICE_GIB)
    : g_strdup_printf (_("%.1f of %.1f GiB"), plan->memory_before / PLANNER_ADVICE_GIB,
                       plan->capacity_bytes / PLANNER_ADVICE_GIB);

  adw_preferences_group_add (group, planner_advice_value_row (changes ? _("Memory per GPU, Before and After")
                                                                      : _("Memory per GPU"),
                                                              now <= plan->capacity_bytes
                                                                ? _("Most loaded stage · fits")
                                                                : _("Most loaded stage · does not fit"),
                                                              value, now > plan->capacity_bytes));
}

/* The errors Megatron would stop with, each with its fix when a note
 * gives one; folded away while there are fixes to read.  The notes used
 * are marked in @used_notes. */
static GtkWidget *
errors_row (const PlannerPlan *plan,
            gboolean          *used_notes)
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
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander),
                                planner_advice_icon_row ("dialog-error-symbolic", "error", text, code));
    }
  return expander;
}

/* Every change of a cumulative plan as one diff, with "Apply All". */
static void
add_whole_plan_group (AdwPreferencesPage *page,
                      GPtrArray          *groups,
                      const PlannerPlan  *plan)
{
  GtkWidget *button = apply_button (_("Apply _All"), G_MAXUINT, TRUE,
                                    _("Review the changes to the job before they are made"));
  AdwPreferencesGroup *group = planner_advice_plan_add_group (page, groups, _("The Whole Plan"),
                                                              _("Every change above as one diff of the command "
                                                                "line."));

  gtk_widget_add_css_class (button, "suggested-action");
  adw_preferences_group_set_header_suffix (group, button);
  adw_preferences_group_add (group, diff_row (_("Changes"), plan->suggestions, G_MAXUINT));
}

static void
add_rejected_group (AdwPreferencesPage *page,
                    GPtrArray          *groups,
                    const PlannerPlan  *plan)
{
  GtkWidget *expander = adw_expander_row_new ();
  g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u idea the planner checked and "
                                                            "refused for this job",
                                                            "%u ideas the planner checked and refused for this "
                                                            "job", plan->rejected->len),
                                               plan->rejected->len);
  AdwPreferencesGroup *group = planner_advice_plan_add_group (page, groups, NULL, NULL);

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

void
planner_advice_plan_show (AdwPreferencesPage       *page,
                          GPtrArray                *groups,
                          const PlannerPlan        *plan,
                          const PlannerLogAnalysis *analysis)
{
  AdwPreferencesGroup *group;
  g_autofree gboolean *used_notes = NULL;
  guint flag_changes = 0;

  g_return_if_fail (ADW_IS_PREFERENCES_PAGE (page));
  g_return_if_fail (plan != NULL);

  group = add_heading_group (page, groups, plan, analysis);
  if (plan->memory_before >= 0 && plan->capacity_bytes > 0)
    add_memory_row (group, plan);

  used_notes = g_new0 (gboolean, plan->notes->len + 1);
  if (plan->errors->len > 0)
    adw_preferences_group_add (group, errors_row (plan, used_notes));

  for (guint i = 0; i < plan->notes->len; i++)
    {
      const char *note = g_ptr_array_index (plan->notes, i);
      PlannerNoteKind kind = g_array_index (plan->note_kinds, PlannerNoteKind, i);

      /* The target and the measured MFU have rows of their own. */
      if (used_notes[i] || kind == PLANNER_NOTE_TARGET || kind == PLANNER_NOTE_MEASURED)
        continue;
      adw_preferences_group_add (group, planner_advice_icon_row ("dialog-information-symbolic", NULL, note, NULL));
    }

  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);

      flag_changes += planner_suggestion_count_flag_changes (s);
      add_suggestion (page, groups, plan, s, i);
    }

  if (plan->cumulative && plan->suggestions->len > 1 && flag_changes > 0)
    add_whole_plan_group (page, groups, plan);

  if (plan->rejected->len > 0)
    add_rejected_group (page, groups, plan);
}

void
planner_advice_plan_show_reason (AdwPreferencesPage *page,
                                 GPtrArray          *groups,
                                 const char         *icon_name,
                                 const char         *title,
                                 const char         *description,
                                 gboolean            startup_button)
{
  AdwPreferencesGroup *group = planner_advice_plan_add_group (page, groups, title, NULL);

  adw_preferences_group_add (group, planner_advice_icon_row (icon_name, NULL, description, NULL));
  if (startup_button)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_("Show _Start-up Fixes"));

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "advice.show-startup-fixes");
      adw_preferences_group_set_header_suffix (group, button);
    }
}
