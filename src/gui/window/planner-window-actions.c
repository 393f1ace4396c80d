/* planner-window-actions.c: the window's actions beyond files: Use
 * Recommended, pictures and presenting, history and preferences.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "planner-compare-page.h"
#include "planner-field.h"
#include "planner-history-window.h"
#include "planner-pages.h"
#include "planner-pictures-page.h"
#include "planner-preferences-window.h"
#include "planner-presentation.h"
#include "planner-recommend-job.h"
#include "planner-recommend.h"
#include "planner-window-private.h"

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* Use Recommended ----------------------------------------------------------- */

typedef struct
{
  PlannerWindow         *self;
  PlannerJob            *before;
  PlannerJob            *after;
  PlannerRecommendation *recommendation;
} PendingRecommendation;

static void
pending_recommendation_free (PendingRecommendation *pending)
{
  g_clear_object (&pending->self);
  g_clear_object (&pending->before);
  g_clear_object (&pending->after);
  g_clear_pointer (&pending->recommendation, planner_recommendation_free);
  g_free (pending);
}

/* Why Each Degree and the rules, for the recommendation just made. */
static void
show_reasons (PlannerWindow               *self,
              const PlannerRecommendation *recommendation)
{
  GtkWidget *page = _planner_window_ensure_page (self, _planner_window_page_index ("parallelism"));

  planner_parallelism_page_set_reasons (PLANNER_PARALLELISM_PAGE (page), recommendation->reasons, NULL);
  planner_parallelism_page_set_rules (PLANNER_PARALLELISM_PAGE (page), recommendation->rules,
                                      recommendation->rule_comparison);
}

static void
apply_recommendation (PendingRecommendation *pending)
{
  PlannerWindow *self = pending->self;
  AdwToast *t;

  g_set_object (&self->undo_job, pending->before);
  planner_document_copy_job_into (planner_document_get_job (self->document), pending->after);
  show_reasons (self, pending->recommendation);

  t = adw_toast_new (_("Applied the recommended layout as a draft"));
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_action_name (t, "win.undo-recommended");
  adw_toast_set_timeout (t, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static void
on_recommend_response (GObject    *dialog,
                       const char *response,
                       gpointer    user_data)
{
  PendingRecommendation *pending = user_data;

  if (g_strcmp0 (response, "apply") != 0)
    return;
  /* Only what the dialog showed is applied. */
  if (!planner_job_equal (pending->before, planner_document_get_job (pending->self->document)))
    {
      _planner_window_toast (pending->self, _("The job changed while the dialog was open: nothing applied"));
      return;
    }
  apply_recommendation (pending);
}

/* The best layout with its layer split and the overlaps the search
 * counted on, so the job's script proposes them. */
static PlannerJob *
recommended_job (PlannerJob                  *current,
                 const PlannerRecommendation *recommendation)
{
  return planner_recommendation_to_job (recommendation, NULL, current);
}

/* Every change is a row of its own, all in view: "Tensor Parallel" with
 * "1 → 4" under it, from the engine's list of changed fields. */
static GtkWidget *
changes_list (GPtrArray *changes)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Changes to the job"), -1);
  for (guint i = 0; i < changes->len; i++)
    {
      const PlannerFieldChange *change = g_ptr_array_index (changes, i);
      GtkWidget *row = adw_action_row_new ();
      /* Translators: a field's value before and after a change, "1 → 4" */
      g_autofree char *values = g_strdup_printf (_("%s → %s"), change->before, change->after);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), planner_field_get_label (change->field));
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), values);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_widget_set_focusable (row, FALSE);
      gtk_widget_set_name (row, "change");
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  return list;
}

/* Shows every field that will change, on every page, and asks; the same
 * confirmation Optimize and Troubleshoot use.  Undo is offered after. */
void
planner_window_use_recommended (PlannerWindow *self,
                                gboolean       confirmed)
{
  g_autoptr(GError) error = NULL;
  PlannerRecommendRequest request = { 0 };
  PlannerRecommendation *recommendation;
  PendingRecommendation *pending;
  g_autoptr(PlannerArgs) model_args = NULL;
  g_autoptr(GPtrArray) changes = NULL;
  GtkWidget *list;
  const char *body;
  PlannerWords words;

  /* What the job fixes (its model, even a custom architecture, the
   * cluster, sequence, global batch and precision) stays fixed; what
   * is wrong with it is said in the form's words. */
  planner_field_words_init (&words, planner_document_get_job (self->document));
  if (planner_recommend_request_from_job_in (planner_document_get_job (self->document), &words, &request,
                                             &model_args, &error))
    recommendation = planner_recommend (&request, &error);
  else
    recommendation = NULL;
  if (recommendation == NULL)
    {
      _planner_window_toast (self, error->message);
      return;
    }
  if (!recommendation->fits)
    {
      GtkWidget *page = _planner_window_ensure_page (self, _planner_window_page_index ("parallelism"));

      planner_parallelism_page_set_reasons (PLANNER_PARALLELISM_PAGE (page), NULL, recommendation->nothing_fits);
      _planner_window_toast (self, _("Nothing fits on these GPUs; the Parallelism page says why"));
      planner_recommendation_free (recommendation);
      return;
    }

  pending = g_new0 (PendingRecommendation, 1);
  pending->self = g_object_ref (self);
  pending->before = planner_job_copy (planner_document_get_job (self->document));
  pending->after = recommended_job (planner_document_get_job (self->document), recommendation);
  pending->recommendation = recommendation;
  changes = planner_job_diff_fields (pending->before, pending->after);
  if (changes->len == 0)
    {
      /* The reasons are still this job's (a batch just typed is "yours"). */
      show_reasons (self, recommendation);
      _planner_window_toast (self, _("The job already has the recommended layout"));
      pending_recommendation_free (pending);
      return;
    }
  if (confirmed)
    {
      apply_recommendation (pending);
      pending_recommendation_free (pending);
      return;
    }

  list = changes_list (changes);
  body = _("The job becomes a new, unapproved draft with these changes, on every page they are on. "
           "You can undo them afterwards.");

#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_alert_dialog_new (_("Use the Recommended Layout?"), body);

    adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog), "cancel", _("_Cancel"), "apply", _("_Apply"), NULL);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), list);
    g_signal_connect_data (dialog, "response", G_CALLBACK (on_recommend_response), pending,
                           (GClosureNotify) (void (*) (void)) pending_recommendation_free, 0);
    adw_dialog_present (dialog, GTK_WIDGET (self));
  }
#else
  {
    GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Use the Recommended Layout?"), body);

    adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "apply", _("_Apply"),
                                      NULL);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
    g_signal_connect_data (dialog, "response", G_CALLBACK (on_recommend_response), pending,
                           (GClosureNotify) (void (*) (void)) pending_recommendation_free, 0);
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
}

static void
use_recommended_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  planner_window_use_recommended (PLANNER_WINDOW (widget), FALSE);
}

static void
undo_recommended_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);
  GtkWidget *page;

  if (self->undo_job == NULL)
    return;
  planner_document_copy_job_into (planner_document_get_job (self->document), self->undo_job);
  g_clear_object (&self->undo_job);
  page = _planner_window_ensure_page (self, _planner_window_page_index ("parallelism"));
  planner_parallelism_page_set_reasons (PLANNER_PARALLELISM_PAGE (page), NULL, NULL);
  _planner_window_toast (self, _("The job is back as it was"));
}


/* Pictures ------------------------------------------------------------------ */

static PlannerPicturesPage *
pictures_page (PlannerWindow *self)
{
  return PLANNER_PICTURES_PAGE (_planner_window_ensure_page (self, _planner_window_page_index ("pictures")));
}

/* "grid", "schedule", "compare" on the Pictures page; "memory" on the
 * Memory page. */
gboolean
planner_window_show_picture (PlannerWindow      *self,
                             PlannerPictureKind  kind)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), FALSE);

  if (kind == PLANNER_PICTURE_MEMORY)
    {
      _planner_window_show_page (self, _planner_window_page_index ("memory"));
      return TRUE;
    }
  if (!planner_pictures_page_show (pictures_page (self), kind))
    return FALSE;
  _planner_window_show_page (self, _planner_window_page_index ("pictures"));
  return TRUE;
}

static void
show_picture_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PlannerPictureKind kind;

  if (planner_picture_kind_from_string (g_variant_get_string (parameter, NULL), &kind))
    planner_window_show_picture (PLANNER_WINDOW (widget), kind);
}

/* The other side of the comparison: the saved job the Compare view shows,
 * else the recommended layout (NULL when nothing fits). */
static PlannerPictureData *
comparison_other (PlannerWindow *self)
{
  GtkWidget *compare = NULL;
  g_autoptr(PlannerJob) recommended = NULL;
  PlannerPictureData *other;

  if (self->pages[_planner_window_page_index ("pictures")] != NULL)
    compare = planner_pictures_page_get_child (pictures_page (self), PLANNER_PICTURE_COMPARE);
  if (compare != NULL)
    {
      PlannerPictureView *view = planner_compare_page_get_view (PLANNER_COMPARE_PAGE (compare));

      if (planner_picture_view_get_other (view) != NULL &&
          planner_picture_view_get_data (view) != NULL)
        return planner_picture_data_ref (planner_picture_view_get_other (view));
    }
  recommended = planner_picture_recommended_job (planner_document_get_job (self->document), NULL, NULL);
  if (recommended == NULL)
    return NULL;
  other = planner_picture_data_new (recommended, NULL);
  planner_picture_data_set_label (other, _("Recommended layout"));
  return other;
}

/* Every picture full screen, starting with the one on screen. */
GtkWidget *
planner_window_present_pictures (PlannerWindow *self)
{
  g_autoptr(PlannerPictureData) other = NULL;
  PlannerPictureData *data;
  GtkWidget *presentation;
  GtkWidget *visible;

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);

  planner_window_flush (self);
  data = planner_document_get_picture_data (self->document);
  if (data == NULL || planner_picture_data_get_layout (data) == NULL)
    {
      _planner_window_toast (self, _("Nothing to present: the parallel degrees do not form a layout yet"));
      return NULL;
    }
  other = comparison_other (self);
  presentation = planner_presentation_new (GTK_WINDOW (self), data, other);
  visible = gtk_stack_get_visible_child (self->stack);
  if (visible != NULL && visible == self->pages[_planner_window_page_index ("memory")])
    planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_MEMORY);
  else if (visible != NULL && visible == self->pages[_planner_window_page_index ("pictures")])
    planner_presentation_set_picture (PLANNER_PRESENTATION (presentation),
                                      planner_pictures_page_get_shown (pictures_page (self)));
  gtk_window_present (GTK_WINDOW (presentation));
  return presentation;
}

static void
present_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  planner_window_present_pictures (PLANNER_WINDOW (widget));
}

static void
compare_with_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  planner_window_show_picture (self, PLANNER_PICTURE_COMPARE);
  planner_compare_page_choose_job (PLANNER_COMPARE_PAGE (planner_pictures_page_get_child (pictures_page (self),
                                                                                          PLANNER_PICTURE_COMPARE)));
}


/* History and preferences ------------------------------------------------- */

static PlannerJournal *
get_journal (PlannerWindow *self)
{
  if (self->journal == NULL)
    {
      g_autofree char *path = g_build_filename (g_get_user_data_dir (), APP_ID, "history.json", NULL);
      g_autoptr(GError) error = NULL;

      self->journal = planner_journal_new (path);
      /* A damaged history is kept aside by the journal; the person is told. */
      if (!planner_journal_load (self->journal, &error))
        _planner_window_toast (self, error->message);
    }
  return self->journal;
}

void
_planner_window_record (PlannerWindow *self,
                        const char    *action,
                        const char    *target,
                        const char    *text)
{
  GFile *file = planner_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;
  g_autofree char *summary = planner_journal_describe_job (planner_document_get_job (self->document));
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GError) error = NULL;

  if (!planner_journal_add (get_journal (self), action, uri, summary,
                            planner_script_launcher_to_string (planner_document_get_launcher (self->document)),
                            target, text, strlen (text), now, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The history was not updated: %s"), error->message);

      _planner_window_toast (self, message);
    }
}

void
_planner_window_on_script_approved (PlannerWindow *self)
{
  _planner_window_record (self, "approved", NULL, planner_document_get_approved_text (self->document));
}

void
_planner_window_on_script_exported (PlannerWindow *self,
                                    GFile         *file,
                                    const char    *text)
{
  g_autofree char *path = g_file_get_path (file);

  _planner_window_record (self, "exported", path, text);
}

static void
on_history_reopen (PlannerWindow *self,
                   GFile         *file)
{
  planner_window_open_file (self, file);
}

static void
history_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);
  GtkWidget *history = planner_history_window_new (GTK_WINDOW (self), get_journal (self));

  g_signal_connect_object (history, "reopen", G_CALLBACK (on_history_reopen), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (history));
}

static void
preferences_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  gtk_window_present (GTK_WINDOW (planner_preferences_window_new (GTK_WINDOW (widget))));
}

void
planner_window_ask_cluster_once (PlannerWindow *self)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));

  if (g_settings_get_boolean (self->settings, "first-run-done"))
    return;
  g_settings_set_boolean (self->settings, "first-run-done", TRUE);
  gtk_window_present (GTK_WINDOW (planner_preferences_window_new (GTK_WINDOW (self))));
}


void
_planner_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.use-recommended", NULL, use_recommended_action);
  gtk_widget_class_install_action (widget_class, "win.undo-recommended", NULL, undo_recommended_action);
  gtk_widget_class_install_action (widget_class, "win.history", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.preferences", NULL, preferences_action);
  gtk_widget_class_install_action (widget_class, "win.show-picture", "s", show_picture_action);
  gtk_widget_class_install_action (widget_class, "win.present", NULL, present_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, compare_with_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "win.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.preferences", NULL);
  /* F5 starts a slide show in GNOME's and LibreOffice's presentation tools. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.present", NULL);
  _planner_session_class_init (widget_class);
}
