/* planner-script-pane.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-script-pane"

#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "planner-a11y.h"
#include "planner-escape.h"
#include "planner-field.h"
#include "planner-script-pane.h"

struct _PlannerScriptPane
{
  AdwBin           parent_instance;

  PlannerDocument *document;
  PlannerReport   *report;
  char            *draft;
  GPtrArray       *marks;          /* PlannerScriptMark: what the draft still needs */

  GtkSourceBuffer *buffer;
  GtkTextTag      *mark_tag;
  GtkWidget       *view;

  /* Template widgets */
  GtkWidget       *scrolled;
  GtkWidget       *missing_box;
  GtkListBox      *missing_list;
  GtkLabel        *state_label;
  GtkLabel        *release_label;  /* which Megatron-Core release the draft is for */
  GtkWidget       *approve_button;
  GtkWidget       *export_button;
  GtkWidget       *copy_button;
  GtkWidget       *torchrun_button;
  GtkWidget       *slurm_button;
  GtkWidget       *memory_button;
  GtkWidget       *stages_button;    /* the memory check's pipeline stages */
  GtkWidget       *stages_scroller;
  GtkListBox      *stages_list;

  gboolean         syncing_stages;
  char            *refusal;          /* why there is no draft, or NULL */
  GtkNativeDialog *chooser;
};

G_DEFINE_FINAL_TYPE (PlannerScriptPane, planner_script_pane, ADW_TYPE_BIN)

enum {
  APPROVED,
  EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_toast (PlannerScriptPane *self,
            const char        *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
}

static gboolean
complete (PlannerScriptPane *self)
{
  return self->draft != NULL && (self->marks == NULL || self->marks->len == 0);
}

/* Each missing or wrong value stands out where it is in the draft. */
static void
tag_marks (PlannerScriptPane *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  if (buffer == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->mark_tag, &start, &end);
  if (planner_document_get_approved (self->document) || self->marks == NULL)
    return;
  for (guint i = 0; i < self->marks->len; i++)
    {
      const PlannerScriptMark *mark = g_ptr_array_index (self->marks, i);
      glong first, last;

      if (mark->length == 0)
        continue;
      /* Offsets are bytes; the buffer counts characters. */
      first = g_utf8_pointer_to_offset (self->draft, self->draft + mark->offset);
      last = g_utf8_pointer_to_offset (self->draft, self->draft + mark->offset + mark->length);
      gtk_text_buffer_get_iter_at_offset (buffer, &start, first);
      gtk_text_buffer_get_iter_at_offset (buffer, &end, last);
      gtk_text_buffer_apply_tag (buffer, self->mark_tag, &start, &end);
    }
}

static void
update_state (PlannerScriptPane *self)
{
  gboolean approved = planner_document_get_approved (self->document);
  const char *shown = approved ? planner_document_get_approved_text (self->document) : self->draft;
  guint n_marks = self->marks != NULL ? self->marks->len : 0;

  gtk_widget_set_sensitive (self->approve_button, complete (self) && !approved);
  gtk_widget_set_sensitive (self->export_button, approved);
  gtk_widget_set_sensitive (self->copy_button, shown != NULL);

  if (self->draft == NULL && self->refusal != NULL)
    gtk_label_set_text (self->state_label, self->refusal);
  else if (self->draft == NULL)
    gtk_label_set_text (self->state_label, _("Writing the draft…"));
  else if (approved)
    gtk_label_set_text (self->state_label, _("Approved: Export writes exactly this text"));
  else if (n_marks > 0)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Not ready: %u value is marked in the draft",
                                                            "Not ready: %u values are marked in the draft",
                                                            n_marks), n_marks);

      gtk_label_set_text (self->state_label, text);
    }
  else
    gtk_label_set_text (self->state_label, _("Draft for review: not approved"));

  if (shown == NULL && self->refusal != NULL && self->buffer != NULL)
    gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer), "", -1);
  if (shown != NULL && self->buffer != NULL)
    {
      GtkTextIter start, end;
      g_autofree char *current = NULL;

      gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
      current = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, TRUE);
      /* Replacing equal text would jump the view back to the top. */
      if (g_strcmp0 (current, shown) != 0)
        gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer), shown, -1);
    }
  tag_marks (self);
  gtk_widget_set_visible (self->missing_box, n_marks > 0 && !approved);
}

static void
update_missing (PlannerScriptPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->missing_list))) != NULL)
    gtk_list_box_remove (self->missing_list, child);

  /* Each mark links to its field. */
  for (guint i = 0; self->marks != NULL && i < self->marks->len; i++)
    {
      const PlannerScriptMark *mark = g_ptr_array_index (self->marks, i);
      const PlannerField *field = mark->key != NULL ? planner_field_lookup (mark->key) : NULL;
      GtkWidget *row = adw_action_row_new ();

      /* The document's draft made its marks in the form's words. */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), mark->message);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      if (field != NULL)
        {
          GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

          gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.focus-field");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", field->property);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          /* The row says where it goes; the arrow is decoration. */
          gtk_accessible_update_state (GTK_ACCESSIBLE (arrow), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
        }
      gtk_list_box_append (self->missing_list, row);
    }
}

static gboolean
same_marks (GPtrArray *a,
            GPtrArray *b)
{
  guint na = a != NULL ? a->len : 0;
  guint nb = b != NULL ? b->len : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    {
      const PlannerScriptMark *ma = g_ptr_array_index (a, i);
      const PlannerScriptMark *mb = g_ptr_array_index (b, i);

      if (g_strcmp0 (ma->message, mb->message) != 0 || g_strcmp0 (ma->key, mb->key) != 0)
        return FALSE;
    }
  return TRUE;
}

static void update_scheme (PlannerScriptPane *self,
                           GParamSpec        *pspec,
                           AdwStyleManager   *manager);

static void
ensure_view (PlannerScriptPane *self)
{
  GtkSourceLanguage *shell;

  if (self->view != NULL)
    return;
  self->buffer = gtk_source_buffer_new (NULL);
  shell = gtk_source_language_manager_get_language (gtk_source_language_manager_get_default (), "sh");
  if (shell != NULL)
    gtk_source_buffer_set_language (self->buffer, shell);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (update_scheme), self,
                           G_CONNECT_SWAPPED);
  update_scheme (self, NULL, adw_style_manager_get_default ());
  /* The marks read as placeholders to fill in, in light and dark. */
  self->mark_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (self->buffer), "missing",
                                               "weight", PANGO_WEIGHT_BOLD,
                                               "underline", PANGO_UNDERLINE_ERROR,
                                               "background", "rgba(224,27,36,0.18)",
                                               NULL);
  self->view = gtk_source_view_new_with_buffer (self->buffer);
  g_object_unref (self->buffer);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (self->view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (self->view), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->view), 12);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->view), 12);
  gtk_source_view_set_show_line_numbers (GTK_SOURCE_VIEW (self->view), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Launch script"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->view);
}

void
planner_script_pane_show (PlannerScriptPane *self,
                          const char        *draft,
                          GPtrArray         *marks,
                          PlannerReport     *report)
{
  planner_script_pane_show_full (self, draft, marks, NULL, report);
}

void
planner_script_pane_show_full (PlannerScriptPane *self,
                               const char        *draft,
                               GPtrArray         *marks,
                               const char        *refusal,
                               PlannerReport     *report)
{
  gboolean marks_changed;

  g_return_if_fail (PLANNER_IS_SCRIPT_PANE (self));

  g_free (self->refusal);
  self->refusal = draft == NULL && refusal != NULL ? g_strdup (refusal) : NULL;
  if (report != self->report)
    {
      g_clear_pointer (&self->report, planner_report_unref);
      self->report = report != NULL ? planner_report_ref (report) : NULL;
    }
  ensure_view (self);
  if (self->report != NULL)
    {
      /* Translators: the Script pane's header; %s is a release such as 0.14.0 */
      g_autofree char *release = g_strdup_printf (_("For Megatron-Core %s"),
                                                  planner_report_get_megatron_version (self->report));

      gtk_label_set_text (self->release_label, release);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->release_label), self->report != NULL);
  marks_changed = !same_marks (self->marks, marks);
  g_clear_pointer (&self->marks, g_ptr_array_unref);
  self->marks = marks != NULL ? g_ptr_array_ref (marks) : NULL;
  g_free (self->draft);
  self->draft = g_strdup (draft);
  if (marks_changed)
    update_missing (self);
  update_state (self);
}

const char *
planner_script_pane_get_release_text (PlannerScriptPane *self)
{
  g_return_val_if_fail (PLANNER_IS_SCRIPT_PANE (self), NULL);

  return gtk_label_get_text (self->release_label);
}

const char *
planner_script_pane_get_text (PlannerScriptPane *self)
{
  g_return_val_if_fail (PLANNER_IS_SCRIPT_PANE (self), NULL);

  if (planner_document_get_approved (self->document))
    return planner_document_get_approved_text (self->document);
  return self->draft;
}

/* What approving this draft would let through, in words. */
static char *
approval_concerns (PlannerScriptPane *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  GPtrArray *diagnostics;

  if (self->report == NULL)
    return NULL;
  /* A job that does not fit is one of the warnings (memory.does-not-fit),
   * with the stage and the GPU: named once. */
  diagnostics = planner_report_get_diagnostics (self->report);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_WARNING)
        {
          /* The document's report is in the form's words, as the problem list says it (issue 19). */
          g_string_append_printf (text, "• %s\n", d->message);
        }
    }
  if (text->len == 0)
    return NULL;
  g_string_truncate (text, text->len - 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
approver (void)
{
  return g_strcmp0 (g_get_real_name (), "Unknown") != 0 ? g_get_real_name () : g_get_user_name ();
}

gboolean
planner_script_pane_approve (PlannerScriptPane  *self,
                             gboolean            confirmed,
                             GError            **error)
{
  g_return_val_if_fail (PLANNER_IS_SCRIPT_PANE (self), FALSE);

  if (!complete (self))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INCOMPLETE,
                           _("The draft still has marked values: give them first"));
      return FALSE;
    }
  if (!confirmed)
    {
      g_autofree char *concerns = approval_concerns (self);

      if (concerns != NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, concerns);
          return FALSE;
        }
    }
  if (!planner_document_approve (self->document, self->draft, NULL, approver (), error))
    return FALSE;
  update_state (self);
  g_signal_emit (self, signals[APPROVED], 0);
  return TRUE;
}

gboolean
planner_script_pane_export (PlannerScriptPane  *self,
                            GFile              *file,
                            GError            **error)
{
  g_autofree char *path = NULL;
  const char *approved;

  g_return_val_if_fail (PLANNER_IS_SCRIPT_PANE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  approved = planner_document_get_approved_text (self->document);
  if (approved == NULL)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_APPROVED,
                           _("Approve the draft before exporting it"));
      return FALSE;
    }
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_IO,
                           _("The chosen location is not a local file"));
      return FALSE;
    }
  /* The file chooser has already asked before replacing a file. */
  if (!planner_script_export (path, approved, TRUE, error))
    return FALSE;
  g_signal_emit (self, signals[EXPORTED], 0, file, approved);
  return TRUE;
}

static void
on_confirm_response (GObject    *dialog,
                     const char *response,
                     gpointer    user_data)
{
  PlannerScriptPane *self = user_data;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "approve") != 0)
    return;
  if (!planner_script_pane_approve (self, TRUE, &error))
    show_toast (self, error->message);
  else
    show_toast (self, _("Script approved"));
}

static void
ask_before_approving (PlannerScriptPane *self,
                      const char        *concerns)
{
  const char *heading = _("Approve Despite These?");
  const char *body = _("Megatron would accept this script, but:");
  GtkWidget *label = gtk_label_new (concerns);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);

#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_alert_dialog_new (heading, body);

    adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog), "cancel", _("_Cancel"), "approve",
                                    _("_Approve Anyway"), NULL);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "approve", ADW_RESPONSE_DESTRUCTIVE);
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), label);
    g_signal_connect_object (dialog, "response", G_CALLBACK (on_confirm_response), self, 0);
    adw_dialog_present (dialog, GTK_WIDGET (self));
  }
#else
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);

    adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "approve",
                                      _("_Approve Anyway"), NULL);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "approve", ADW_RESPONSE_DESTRUCTIVE);
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), label);
    g_signal_connect_object (dialog, "response", G_CALLBACK (on_confirm_response), self, 0);
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
}

static void
on_approve_clicked (PlannerScriptPane *self)
{
  g_autoptr(GError) error = NULL;

  if (planner_script_pane_approve (self, FALSE, &error))
    show_toast (self, _("Script approved"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    ask_before_approving (self, error->message);
  else
    show_toast (self, error->message);
}

static void
on_copy_clicked (PlannerScriptPane *self)
{
  const char *text = planner_script_pane_get_text (self);

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  show_toast (self, planner_document_get_approved (self->document) ? _("Approved script copied")
                                                                   : _("Draft copied"));
}

static void
on_chooser_response (PlannerScriptPane *self,
                     int                response,
                     GtkNativeDialog   *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      if (file != NULL && planner_script_pane_export (self, file, &error))
        {
          g_autofree char *name = planner_escape_file_name (file);
          g_autofree char *message = g_strdup_printf (_("Exported %s"), name);

          show_toast (self, message);
        }
      else if (error != NULL)
        show_toast (self, error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
}

static void
on_export_clicked (PlannerScriptPane *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;
  PlannerScriptLauncher launcher = planner_document_get_launcher (self->document);

  /* Through the portal in the Flatpak: the app sees only the chosen file. */
  chooser = gtk_file_chooser_native_new (_("Export Launch Script"), GTK_WINDOW (root),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), launcher == PLANNER_SCRIPT_SLURM ? "train.sbatch"
                                     : launcher == PLANNER_SCRIPT_MEMORY_CHECK ? "memory-check.sh" : "train.sh");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, G_CONNECT_SWAPPED);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* One of the three grouped buttons became active (the one turned off
 * also toggles; it is ignored). */
static void
on_launcher_toggled (PlannerScriptPane *self,
                     GtkToggleButton   *button)
{
  /* Each of the grouped buttons reports; the one pressed decides. */
  if (!gtk_toggle_button_get_active (button))
    return;
  if (GTK_WIDGET (button) == self->torchrun_button)
    planner_document_set_launcher (self->document, PLANNER_SCRIPT_TORCHRUN);
  else if (GTK_WIDGET (button) == self->slurm_button)
    planner_document_set_launcher (self->document, PLANNER_SCRIPT_SLURM);
  else
    planner_document_set_launcher (self->document, PLANNER_SCRIPT_MEMORY_CHECK);
}

static void
update_stages_label (PlannerScriptPane *self)
{
  guint n = 0;
  const guint32 *stages = planner_document_get_memory_check_stages (self->document, &n);
  g_autofree char *label = NULL;
  GString *list;

  if (n == 0)
    {
      gtk_menu_button_set_label (GTK_MENU_BUTTON (self->stages_button), _("Stages: Most Loaded and Last"));
      return;
    }
  list = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (list, "%s%u", i > 0 ? ", " : "", stages[i]);
  /* Translators: the memory check's pipeline stages, "Stages: 0, 7" */
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Stage: %s", "Stages: %s", n), list->str);
  g_string_free (list, TRUE);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->stages_button), label);
}

static void
on_launcher_changed (PlannerScriptPane *self)
{
  PlannerScriptLauncher launcher = planner_document_get_launcher (self->document);
  GtkWidget *button = launcher == PLANNER_SCRIPT_TORCHRUN ? self->torchrun_button
                      : launcher == PLANNER_SCRIPT_SLURM ? self->slurm_button : self->memory_button;

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  gtk_widget_set_visible (self->stages_button, launcher == PLANNER_SCRIPT_MEMORY_CHECK);
  update_stages_label (self);
}

static void
on_stage_toggled (PlannerScriptPane *self)
{
  g_autoptr(GArray) stages = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (self->syncing_stages)
    return;
  /* Row n is stage n (fill_stages); its check is what activates it. */
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->stages_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *check = ADW_IS_ACTION_ROW (row) ? adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)) : NULL;

      if (check != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
        {
          guint32 stage = (guint32) gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));

          g_array_append_val (stages, stage);
        }
    }
  planner_document_set_memory_check_stages (self->document,
                                            stages->len > 0 ? &g_array_index (stages, guint32, 0) : NULL,
                                            stages->len);
}

/* One check per pipeline stage, the most loaded and the last named; none
 * checked means the default. */
static void
fill_stages (PlannerScriptPane *self)
{
  const PlannerLayout *layout = self->report != NULL ? planner_report_get_layout (self->report) : NULL;
  const PlannerMemoryEstimate *estimate = self->report != NULL ? planner_report_get_memory_estimate (self->report)
                                                               : NULL;
  guint n_chosen = 0;
  const guint32 *chosen = planner_document_get_memory_check_stages (self->document, &n_chosen);
  guint32 worst = estimate != NULL && estimate->n_stages > 0 ? estimate->stages[estimate->worst].stage : G_MAXUINT32;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->stages_list))) != NULL)
    gtk_list_box_remove (self->stages_list, child);
  if (layout == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No valid layout: no stages to choose"));
      gtk_list_box_append (self->stages_list, row);
      return;
    }
  self->syncing_stages = TRUE;
  for (guint32 s = 0; s < layout->pp; s++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *title = g_strdup_printf (_("Stage %u"), s);
      gboolean active = FALSE;

      for (guint i = 0; i < n_chosen; i++)
        active |= chosen[i] == s;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (s == worst && s == layout->pp - 1)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("The most loaded and the last"));
      else if (s == worst)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("The most loaded"));
      else if (s == layout->pp - 1)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("The last: the output layer and the loss"));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_stage_toggled), self, G_CONNECT_SWAPPED);
      gtk_list_box_append (self->stages_list, row);
    }
  self->syncing_stages = FALSE;
}

void
planner_script_pane_set_memory_check_stages (PlannerScriptPane *self,
                                             const guint32     *stages,
                                             guint              n_stages)
{
  g_return_if_fail (PLANNER_IS_SCRIPT_PANE (self));

  planner_document_set_memory_check_stages (self->document, stages, n_stages);
  fill_stages (self);
}

static void
update_scheme (PlannerScriptPane *self,
               GParamSpec        *pspec,
               AdwStyleManager   *manager)
{
  GtkSourceStyleScheme *scheme;

  scheme = gtk_source_style_scheme_manager_get_scheme (gtk_source_style_scheme_manager_get_default (),
                                                       adw_style_manager_get_dark (manager) ? "Adwaita-dark"
                                                                                            : "Adwaita");
  if (scheme != NULL && self->buffer != NULL)
    gtk_source_buffer_set_style_scheme (self->buffer, scheme);
}

static void
planner_script_pane_dispose (GObject *object)
{
  PlannerScriptPane *self = (PlannerScriptPane *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_object (&self->document);
  g_clear_pointer (&self->report, planner_report_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_SCRIPT_PANE);

  G_OBJECT_CLASS (planner_script_pane_parent_class)->dispose (object);
}

static void
planner_script_pane_finalize (GObject *object)
{
  PlannerScriptPane *self = (PlannerScriptPane *)object;

  g_clear_pointer (&self->draft, g_free);
  g_clear_pointer (&self->marks, g_ptr_array_unref);
  g_clear_pointer (&self->refusal, g_free);

  G_OBJECT_CLASS (planner_script_pane_parent_class)->finalize (object);
}

static void
planner_script_pane_class_init (PlannerScriptPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_script_pane_dispose;
  object_class->finalize = planner_script_pane_finalize;

  /**
   * PlannerScriptPane::approved:
   *
   * The draft shown was approved.
   */
  signals[APPROVED] = g_signal_new ("approved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 0);
  /**
   * PlannerScriptPane::exported:
   * @file: where
   * @text: exactly the bytes written
   */
  signals[EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_STRING);
  gtk_widget_class_set_css_name (widget_class, "scriptpane");
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-script-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, scrolled);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, missing_box);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, missing_list);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, state_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, release_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, approve_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, export_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, copy_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, torchrun_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, slurm_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, memory_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, stages_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, stages_scroller);
  gtk_widget_class_bind_template_child (widget_class, PlannerScriptPane, stages_list);
  gtk_widget_class_bind_template_callback (widget_class, on_launcher_toggled);
  gtk_widget_class_bind_template_callback (widget_class, fill_stages);
  gtk_widget_class_bind_template_callback (widget_class, on_copy_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_approve_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
}

static void
planner_script_pane_init (PlannerScriptPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Named by their maker: the page-title fallback would not fit them. */
  planner_a11y_name_scrolled (self->stages_scroller, _("Pipeline stages to check"));
  planner_a11y_name_scrolled (self->scrolled, _("Launch script"));
  planner_a11y_name_scrolled (self->missing_box, _("Values the script needs"));
}

GtkWidget *
planner_script_pane_new (PlannerDocument *document)
{
  PlannerScriptPane *self;

  g_return_val_if_fail (PLANNER_IS_DOCUMENT (document), NULL);

  self = g_object_new (PLANNER_TYPE_SCRIPT_PANE, NULL);
  self->document = g_object_ref (document);
  g_signal_connect_object (document, "notify::launcher", G_CALLBACK (on_launcher_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::approved", G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::memory-check-stages", G_CALLBACK (update_stages_label), self,
                           G_CONNECT_SWAPPED);
  on_launcher_changed (self);
  update_state (self);
  return GTK_WIDGET (self);
}
