/* planner-advice-apply.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-apply"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-advice-page-internal.h"
#include "planner-advise.h"
#include "planner-field.h"

/* Applying a plan is the user's explicit, confirmed step: the dialog
 * shows the changes in the form's words, and only what it showed is
 * applied, to the job as it was when it opened.  The job becomes a new,
 * unapproved draft. */

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
      _planner_advice_page_toast (self, _("The job changed while the dialog was open: nothing applied"));
      return;
    }
  copy_job_into (self->job, pending->after);
  _planner_advice_page_toast (self, _("Applied: the job is a new, unapproved draft"));
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

/* The changes in the form's words, monospace, scrolled when long. */
static GtkWidget *
changes_view (char **changes)
{
  g_autofree char *text = g_strjoinv ("\n", changes);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "monospace");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  return scroller;
}

/* Cancel or Apply; Apply calls on_apply_response with @pending. */
static void
present_dialog (PlannerAdvicePage *self,
                const char        *heading,
                const char        *body,
                GtkWidget         *extra,
                PendingApply      *pending)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *dialog = adw_alert_dialog_new (heading, body);

  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "apply", _("_Apply"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "cancel");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), extra);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_apply_response), pending,
                         (GClosureNotify) (void (*) (void)) pending_apply_free, 0);
  adw_dialog_present (dialog, GTK_WIDGET (self));
#else
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "apply", _("_Apply"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_apply_response), pending,
                         (GClosureNotify) (void (*) (void)) pending_apply_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
}

/* Shows what would change and asks; nothing changes without "Apply". */
void
_planner_advice_page_request_apply (PlannerAdvicePage *self,
                                    guint              index)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) after = NULL;
  g_autofree char *heading = NULL;
  g_auto(GStrv) changes = NULL;
  PendingApply *pending;
  const char *body;

  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));

  after = applied_job (self, index, &error);
  if (after == NULL)
    {
      _planner_advice_page_toast (self, error->message);
      _planner_advice_page_invalidate (self);
      return;
    }
  /* In the form's words, as every confirmation the window shows. */
  changes = planner_job_list_changes_labelled (self->job, after);
  if (changes[0] == NULL)
    {
      _planner_advice_page_toast (self, _("Applying this changes no field of the job"));
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

  pending = g_new0 (PendingApply, 1);
  pending->self = g_object_ref (self);
  pending->before = planner_job_copy (self->job);
  pending->after = g_steal_pointer (&after);
  present_dialog (self, heading, body, changes_view (changes), pending);
}
