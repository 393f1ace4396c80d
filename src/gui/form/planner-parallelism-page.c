/* planner-parallelism-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-parallelism-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-a11y.h"
#include "planner-choice-row.h"
#include "planner-field.h"
#include "planner-spin-row.h"
#include "planner-switch-row.h"
#include "planner-text-row.h"
#include "planner-layout.h"
#include "planner-layout-facts.h"
#include "planner-pages.h"
#include "planner-recommend.h"
#include "planner-schedule-view.h"

/* The ranking searches every layout: it waits until typing pauses. */
#define RANK_DELAY_MS 300

/* The rows beside which the engine says what each degree does. */
static const struct {
  const char    *key;
  PlannerDegree  degree;
} degree_rows[] = {
  { "tp", PLANNER_DEGREE_TP },
  { "pp", PLANNER_DEGREE_PP },
  { "vpp", PLANNER_DEGREE_VPP },
  { "cp", PLANNER_DEGREE_CP },
  { "ep", PLANNER_DEGREE_EP },
  { "etp", PLANNER_DEGREE_ETP },
};

struct _PlannerParallelismPage
{
  PlannerFormPage      parent_instance;

  AdwPreferencesGroup *nearest_group;
  GtkFlowBox          *nearest_box;
  /* The template's subtitles of degree_rows, for when the engine has no fact. */
  char                *template_subtitles[G_N_ELEMENTS (degree_rows)];
  AdwPreferencesGroup *experts_group;
  AdwPreferencesGroup *reasons_group;
  GPtrArray           *reason_rows;
  AdwActionRow        *dp_row;
  GtkLabel            *dp_label;
  AdwPreferencesGroup *ranking_group;
  AdwActionRow        *ranking_row;
  GtkSpinner          *ranking_spinner;
  AdwPreferencesGroup *schedule_group;
  GtkFrame            *schedule_frame;
  GtkWidget           *schedule;       /* made with the first picture data */
  gboolean             facts_shown;    /* after the window's first frame */

  PlannerReport       *report;         /* the newest; the ranking is for this one */
  PlannerReport       *ranking;        /* being ranked in a worker thread */
  guint                rank_source;
  GCancellable        *cancellable;
};

G_DEFINE_FINAL_TYPE (PlannerParallelismPage, planner_parallelism_page, PLANNER_TYPE_FORM_PAGE)

/* A nearest-layout button's target: its degrees, (TP, PP, CP, EP). */
static void
use_degrees (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (widget));
  guint tp, pp, cp, ep;

  g_variant_get (parameter, "(uuuu)", &tp, &pp, &cp, &ep);
  /* Only the degrees: everything else the person set stays. */
  g_object_freeze_notify (G_OBJECT (job));
  g_object_set (job, "tp", tp, "pp", pp, "cp", cp, "ep", ep, NULL);
  g_object_thaw_notify (G_OBJECT (job));
}

/* When the degrees do not divide the GPUs, the engine's nearest valid
 * layouts are one click away. */
static void
update_nearest (PlannerParallelismPage *self,
                PlannerReport          *report)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  const PlannerConfig *config = planner_report_get_config (report);
  g_autoptr(GArray) nearest = NULL;
  GtkWidget *child;
  guint world = planner_job_get_world_size (job);
  guint num_experts = config != NULL ? config->num_experts : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->nearest_box))) != NULL)
    gtk_flow_box_remove (self->nearest_box, child);

  if (planner_report_get_layout (report) != NULL || world == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->nearest_group), FALSE);
      return;
    }

  /* The very layouts the error names: one engine function for both. */
  nearest = planner_report_dup_nearest_layouts (report);
  for (guint i = 0; nearest != NULL && i < nearest->len; i++)
    {
      const PlannerLayout *layout = &g_array_index (nearest, PlannerLayout, i);
      g_autofree char *label = NULL;
      GtkWidget *button;

      /* The dense product first; the expert view only for MoE models. */
      if (num_experts > 0)
        label = g_strdup_printf ("TP %u × CP %u × PP %u · EP %u", (guint) layout->tp, (guint) layout->cp,
                                 (guint) layout->pp, (guint) layout->ep);
      else
        label = g_strdup_printf ("TP %u × CP %u × PP %u", (guint) layout->tp, (guint) layout->cp,
                                 (guint) layout->pp);
      button = gtk_button_new_with_label (label);
      gtk_widget_set_tooltip_text (button, _("Use these degrees"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "parallelism.use-degrees");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(uuuu)", (guint) layout->tp, (guint) layout->pp,
                                        (guint) layout->cp, (guint) layout->ep);
      gtk_flow_box_append (self->nearest_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->nearest_group), nearest != NULL && nearest->len > 0);
}

/* Beside each degree, what it does to this job now (the engine's words);
 * the template's advice while the engine has nothing to say. */
static void
update_facts (PlannerParallelismPage *self,
              PlannerReport          *report)
{
  g_autoptr(PlannerLayoutFacts) facts = planner_layout_facts_new (report);
  const PlannerLayout *layout = planner_report_get_layout (report);

  for (guint i = 0; i < G_N_ELEMENTS (degree_rows); i++)
    {
      GtkWidget *row = planner_form_page_find_row (PLANNER_FORM_PAGE (self), degree_rows[i].key);
      const char *fallback = self->template_subtitles[i];

      if (row == NULL)
        continue;
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), facts->text[degree_rows[i].degree] != NULL
                                                         ? facts->text[degree_rows[i].degree]
                                                         : fallback != NULL ? fallback : "");
    }

  if (layout != NULL)
    {
      g_autofree char *value = g_strdup_printf ("%u", layout->dp);

      gtk_label_set_text (self->dp_label, value);
      adw_action_row_set_subtitle (self->dp_row, facts->text[PLANNER_DEGREE_DP]);
    }
  else
    {
      gtk_label_set_text (self->dp_label, "—");
      adw_action_row_set_subtitle (self->dp_row, _("What is left once tensor × context × pipeline divide the GPUs"));
    }
}

/* "TP 4 × CP 1 × DP 4 × PP 4, VPP 5, micro-batch 1, selective recompute":
 * everything the ranking varies, so two variants of one layout differ. */
static char *
describe_candidate (const PlannerRecommendCandidate *candidate)
{
  const PlannerLayout *layout = &candidate->layout;
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "TP %u × CP %u × DP %u × PP %u", layout->tp, layout->cp, layout->dp, layout->pp);
  if (layout->vpp > 1)
    g_string_append_printf (text, ", VPP %u", layout->vpp);
  if (layout->ep > 1)
    g_string_append_printf (text, ", EP %u", layout->ep);
  g_string_append_printf (text, _(", micro-batch %u"), candidate->micro_batch_size);
  switch (candidate->recompute)
    {
    case PLANNER_RECOMPUTE_FULL:
      g_string_append (text, _(", full recompute"));
      break;
    case PLANNER_RECOMPUTE_SELECTIVE:
      g_string_append (text, _(", selective recompute"));
      break;
    case PLANNER_RECOMPUTE_NONE:
    default:
      g_string_append (text, _(", no recompute"));
      break;
    }
  return g_string_free (text, FALSE);
}

/* The ranking, in words; relative figures only. */
static void
show_ranking (PlannerParallelismPage *self,
              const PlannerLayoutRank *rank)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *best = NULL;

  if (rank == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->ranking_group), FALSE);
      return;
    }
  if (rank->n_layouts > 0)
    best = describe_candidate (&rank->best);
  if (rank->n_layouts == 0)
    {
      title = g_strdup (_("Not ranked: no layout of this job fits in memory by the estimate"));
      subtitle = g_strdup (_("Fewer layers per GPU (more pipeline or tensor parallel), recompute, or more GPUs"));
    }
  else if (!rank->fits)
    {
      title = g_strdup (_("Not ranked: this layout does not fit in memory by the estimate"));
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The best of the %" PRIu64 " layout that fits: %s",
                                               "The best of the %" PRIu64 " layouts that fit: %s",
                                               rank->n_layouts),
                                  rank->n_layouts, best);
    }
  else
    {
      double percent = rank->relative_speed > 0 ? (1.0 / rank->relative_speed - 1.0) * 100.0 : 0;

      /* Translators: "Rank 3 of 41 layouts that fit this job" */
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Rank %" PRIu64 " of %" PRIu64 " layout that fits this job",
                                            "Rank %" PRIu64 " of %" PRIu64 " layouts that fit this job",
                                            rank->n_layouts),
                               rank->rank, rank->n_layouts);
      if (rank->rank == 1 || percent < 0.5)
        subtitle = g_strdup (_("The best the planner’s step model finds"));
      else if (rank->tie)
        subtitle = g_strdup_printf (_("Within %.0f%% of the best, %s: a tie, inside what the model can tell apart"),
                                    MAX (percent, 1.0), best);
      else if (percent < 10.0)
        subtitle = g_strdup_printf (_("Within %.0f%% of the best, %s"), MAX (percent, 1.0), best);
      else
        /* Far from the best, "within" would read as praise (as analyze says it). */
        subtitle = g_strdup_printf (_("About %.0f%% slower than the best, %s"), percent, best);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->ranking_row), title);
  adw_action_row_set_subtitle (self->ranking_row, subtitle);
  /* No accessible label of its own: the row is labelled by its title,
   * and a label as well made GTK 4.8 read the title twice. */
  gtk_widget_set_visible (GTK_WIDGET (self->ranking_group), TRUE);
}

static void start_ranking (PlannerParallelismPage *self);

static void
rank_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  /* Computed once per report and kept in it (thread-safe). */
  planner_report_get_layout_rank (task_data);
  g_task_return_boolean (task, TRUE);
}

static void
on_ranked (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  PlannerParallelismPage *self;
  g_autoptr(PlannerReport) ranked = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;   /* cancelled: the page is gone */
  self = PLANNER_PARALLELISM_PAGE (source);
  ranked = g_steal_pointer (&self->ranking);
  gtk_spinner_stop (self->ranking_spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->ranking_spinner), FALSE);
  if (ranked == self->report)
    show_ranking (self, planner_report_get_layout_rank (ranked));
  else
    start_ranking (self);
}

static gboolean
rank_cb (gpointer user_data)
{
  PlannerParallelismPage *self = user_data;
  g_autoptr(GTask) task = NULL;

  self->rank_source = 0;
  if (self->ranking != NULL || self->report == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE;
  self->ranking = planner_report_ref (self->report);
  gtk_widget_set_visible (GTK_WIDGET (self->ranking_spinner), TRUE);
  gtk_spinner_start (self->ranking_spinner);
  task = g_task_new (self, self->cancellable, on_ranked, NULL);
  g_task_set_source_tag (task, rank_cb);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, planner_report_ref (self->ranking), (GDestroyNotify) planner_report_unref);
  g_task_run_in_thread (task, rank_in_thread);
  return G_SOURCE_REMOVE;
}

/* After a pause in typing, and only while the page is on screen. */
static void
start_ranking (PlannerParallelismPage *self)
{
  /* Not before the window's first frame (the facts come with it). */
  if (self->report == NULL || self->ranking != NULL || !self->facts_shown)
    return;
  g_clear_handle_id (&self->rank_source, g_source_remove);
  self->rank_source = g_timeout_add (RANK_DELAY_MS, rank_cb, self);
}

static void
planner_parallelism_page_update (PlannerFormPage *page,
                                 PlannerReport   *report)
{
  PlannerParallelismPage *self = PLANNER_PARALLELISM_PAGE (page);
  const PlannerConfig *config = planner_report_get_config (report);
  PlannerJob *job = planner_form_page_get_job (page);

  update_nearest (self, report);
  if (self->facts_shown)
    update_facts (self, report);
  /* The expert degrees matter only for a model with experts (or once set). */
  gtk_widget_set_visible (GTK_WIDGET (self->experts_group),
                          (config != NULL && config->num_experts > 0) || planner_job_get_uint (job, "ep") > 1);

  if (report != self->report)
    {
      g_clear_pointer (&self->report, planner_report_unref);
      self->report = planner_report_ref (report);
      if (planner_report_get_layout (report) == NULL || planner_report_get_gpu (report) == NULL ||
          config == NULL)
        show_ranking (self, NULL);
      start_ranking (self);
    }
}

void
planner_parallelism_page_set_picture_data (PlannerParallelismPage *self,
                                           PlannerPictureData     *data)
{
  const PlannerLayout *layout;

  g_return_if_fail (PLANNER_IS_PARALLELISM_PAGE (self));

  /* The facts beside the degrees come with the pictures, after the
   * window's first frame: measuring their text is a third of that frame. */
  if (!self->facts_shown && self->report != NULL)
    {
      self->facts_shown = TRUE;
      update_facts (self, self->report);
      start_ranking (self);
    }

  layout = data != NULL ? planner_picture_data_get_layout (data) : NULL;
  /* With one stage there is no pipeline to draw here. */
  if (layout == NULL || layout->pp < 2 || planner_picture_data_get_schedule (data) == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->schedule_group), FALSE);
      if (self->schedule != NULL)
        planner_picture_view_set_data (PLANNER_PICTURE_VIEW (self->schedule), NULL);
      return;
    }
  if (self->schedule == NULL)
    {
      self->schedule = planner_schedule_view_new ();
      gtk_widget_set_margin_start (self->schedule, 12);
      gtk_widget_set_margin_end (self->schedule, 12);
      gtk_widget_set_margin_top (self->schedule, 12);
      gtk_widget_set_margin_bottom (self->schedule, 12);
      gtk_frame_set_child (self->schedule_frame, self->schedule);
    }
  planner_picture_view_set_data (PLANNER_PICTURE_VIEW (self->schedule), data);
  gtk_widget_set_visible (GTK_WIDGET (self->schedule_group), TRUE);
}

GtkWidget *
planner_parallelism_page_get_schedule (PlannerParallelismPage *self)
{
  g_return_val_if_fail (PLANNER_IS_PARALLELISM_PAGE (self), NULL);
  return self->schedule;
}

const char *
planner_parallelism_page_get_ranking (PlannerParallelismPage *self)
{
  g_return_val_if_fail (PLANNER_IS_PARALLELISM_PAGE (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->ranking_group)))
    return NULL;
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->ranking_row));
}

void
planner_parallelism_page_set_reasons (PlannerParallelismPage *self,
                                      GPtrArray              *reasons,
                                      const char             *nothing_fits)
{
  g_return_if_fail (PLANNER_IS_PARALLELISM_PAGE (self));

  for (guint i = 0; i < self->reason_rows->len; i++)
    adw_preferences_group_remove (self->reasons_group, g_ptr_array_index (self->reason_rows, i));
  g_ptr_array_set_size (self->reason_rows, 0);

  if (nothing_fits != NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), nothing_fits);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      adw_preferences_group_add (self->reasons_group, row);
      g_ptr_array_add (self->reason_rows, row);
    }
  for (guint i = 0; reasons != NULL && i < reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (reasons, i);
      g_autofree char *value = g_strdup_printf ("%" PRIu64, reason->value);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *label = gtk_label_new (value);

      /* The form's label for the field the degree sets; DP is the row
       * this page shows for what the others leave. */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     reason->field != NULL
                                     ? planner_field_get_label (planner_field_lookup (reason->field))
                                     : _("Data Parallel"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reason->reason);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (self->reasons_group, row);
      g_ptr_array_add (self->reason_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), self->reason_rows->len > 0);
}

void
planner_parallelism_page_set_rules (PlannerParallelismPage *self,
                                    GPtrArray              *rules,
                                    const char             *comparison)
{
  GtkWidget *expander;

  g_return_if_fail (PLANNER_IS_PARALLELISM_PAGE (self));

  if (rules == NULL || rules->len == 0)
    return;
  /* The CLI prints these beside the degrees: the window shows them too,
   * and where the pick breaks a rule, the comparison says why. */
  expander = adw_expander_row_new ();
  planner_a11y_set_row_title (expander, _("Rules of Thumb"));
  for (guint i = 0; i < rules->len; i++)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), g_ptr_array_index (rules, i));
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
    }
  if (comparison != NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), comparison);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      gtk_widget_add_css_class (row, "dim-label");
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
    }
  adw_preferences_group_add (self->reasons_group, expander);
  g_ptr_array_add (self->reason_rows, expander);
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), TRUE);
}

static void
planner_parallelism_page_dispose (GObject *object)
{
  PlannerParallelismPage *self = PLANNER_PARALLELISM_PAGE (object);

  g_clear_pointer (&self->reason_rows, g_ptr_array_unref);
  g_clear_handle_id (&self->rank_source, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_pointer (&self->ranking, planner_report_unref);
  for (guint i = 0; i < G_N_ELEMENTS (self->template_subtitles); i++)
    g_clear_pointer (&self->template_subtitles[i], g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_PARALLELISM_PAGE);
  G_OBJECT_CLASS (planner_parallelism_page_parent_class)->dispose (object);
}

static void
planner_parallelism_page_class_init (PlannerParallelismPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_parallelism_page_dispose;
  PLANNER_FORM_PAGE_CLASS (klass)->update = planner_parallelism_page_update;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-parallelism-page.ui");
  gtk_widget_class_install_action (widget_class, "parallelism.use-degrees", "(uuuu)", use_degrees);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, nearest_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, nearest_box);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, experts_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, reasons_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, dp_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, dp_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, ranking_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, ranking_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, ranking_spinner);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, schedule_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerParallelismPage, schedule_frame);
}

static void
on_map (PlannerParallelismPage *self)
{
  start_ranking (self);
}

static void
planner_parallelism_page_init (PlannerParallelismPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_TEXT_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_SWITCH_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->reason_rows = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);

  /* The template's advice stays for when the engine has no fact. */
  for (guint i = 0; i < G_N_ELEMENTS (degree_rows); i++)
    {
      GtkWidget *row = planner_form_page_find_row (PLANNER_FORM_PAGE (self), degree_rows[i].key);

      if (row != NULL)
        self->template_subtitles[i] = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
    }
}
