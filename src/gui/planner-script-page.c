/* planner-script-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-script-page"

#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "planner-script-page.h"

struct _PlannerScriptPage
{
  AdwBin                 parent_instance;

  PlannerJob            *job;
  PlannerScriptLauncher  launcher;

  char                  *draft;          /* NULL while generation is refused */
  char                  *approved;       /* the approved bytes, or NULL */
  PlannerJob            *approved_job;   /* the job that produced them */
  PlannerScriptLauncher  approved_launcher;
  gboolean               dirty;          /* the job changed since the draft was rendered */

  GtkStack              *stack;
  GtkSourceBuffer       *buffer;
  AdwStatusPage         *refused;
  GtkLabel              *state_label;
  GtkWidget             *approve_button;
  GtkWidget             *export_button;
  GtkWidget             *copy_button;
  GtkWidget             *torchrun_button;
  GtkNativeDialog       *chooser;
};

G_DEFINE_FINAL_TYPE (PlannerScriptPage, planner_script_page, ADW_TYPE_BIN)

static void
show_toast (PlannerScriptPage *self,
            const char        *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
}

static void
update_state (PlannerScriptPage *self)
{
  gboolean approved = self->approved != NULL;

  gtk_widget_set_sensitive (self->approve_button, self->draft != NULL && !approved);
  gtk_widget_set_sensitive (self->export_button, approved);
  gtk_widget_set_sensitive (self->copy_button, self->draft != NULL);

  if (self->draft == NULL)
    gtk_label_set_text (self->state_label, _("No draft: fix the fields named below"));
  else if (approved)
    gtk_label_set_text (self->state_label, _("Approved: export writes exactly this text"));
  else
    gtk_label_set_text (self->state_label, _("Draft for review: not approved"));

  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer),
                            approved ? self->approved : self->draft != NULL ? self->draft : "", -1);
  gtk_stack_set_visible_child_name (self->stack, self->draft != NULL ? "script" : "refused");
}

/* A new job or another launcher is a new draft: the approval was for
 * the old one. */
static void
drop_stale_approval (PlannerScriptPage *self)
{
  if (self->approved != NULL &&
      (self->draft == NULL || self->approved_launcher != self->launcher ||
       !planner_job_equal (self->approved_job, self->job)))
    {
      g_clear_pointer (&self->approved, g_free);
      g_clear_object (&self->approved_job);
    }
}

static void
render (PlannerScriptPage *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->draft, g_free);
  self->draft = planner_script_render (self->job, self->launcher, &error);
  if (self->draft == NULL)
    adw_status_page_set_description (self->refused, error->message);
  self->dirty = FALSE;
  drop_stale_approval (self);
  update_state (self);
}

static void
ensure_rendered (PlannerScriptPage *self)
{
  if (self->dirty)
    render (self);
}

void
planner_script_page_refresh (PlannerScriptPage *self)
{
  g_return_if_fail (PLANNER_IS_SCRIPT_PAGE (self));

  /* The approval follows the job at once; the draft itself is rendered
   * only when someone looks at it, not on every keystroke elsewhere. */
  self->dirty = TRUE;
  drop_stale_approval (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    render (self);
}

void
planner_script_page_set_launcher (PlannerScriptPage     *self,
                                  PlannerScriptLauncher  launcher)
{
  g_return_if_fail (PLANNER_IS_SCRIPT_PAGE (self));

  if (self->launcher == launcher)
    return;
  self->launcher = launcher;
  planner_script_page_refresh (self);
}

gboolean
planner_script_page_approve (PlannerScriptPage  *self,
                             GDateTime          *when,
                             GError            **error)
{
  g_autoptr(GDateTime) now = NULL;
  char *approved;

  g_return_val_if_fail (PLANNER_IS_SCRIPT_PAGE (self), FALSE);

  ensure_rendered (self);
  if (self->draft == NULL)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT,
                           _("There is no draft to approve"));
      return FALSE;
    }
  if (when == NULL)
    when = now = g_date_time_new_now_local ();

  /* The approval names who approved, as the CLI user's own word would. */
  approved = planner_script_approve (self->draft, when,
                                     g_strcmp0 (g_get_real_name (), "Unknown") != 0 ? g_get_real_name ()
                                                                                 : g_get_user_name (),
                                     error);
  if (approved == NULL)
    return FALSE;

  g_free (self->approved);
  self->approved = approved;
  g_clear_object (&self->approved_job);
  self->approved_job = planner_job_copy (self->job);
  self->approved_launcher = self->launcher;
  update_state (self);
  return TRUE;
}

gboolean
planner_script_page_export (PlannerScriptPage  *self,
                            GFile              *file,
                            GError            **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (PLANNER_IS_SCRIPT_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  ensure_rendered (self);
  if (self->approved == NULL)
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
  return planner_script_export (path, self->approved, TRUE, error);
}

gboolean
planner_script_page_get_approved (PlannerScriptPage *self)
{
  g_return_val_if_fail (PLANNER_IS_SCRIPT_PAGE (self), FALSE);
  ensure_rendered (self);
  return self->approved != NULL;
}

const char *
planner_script_page_get_text (PlannerScriptPage *self)
{
  g_return_val_if_fail (PLANNER_IS_SCRIPT_PAGE (self), NULL);
  ensure_rendered (self);
  return self->approved != NULL ? self->approved : self->draft;
}

static void
on_approve_clicked (PlannerScriptPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!planner_script_page_approve (self, NULL, &error))
    show_toast (self, error->message);
  else
    show_toast (self, _("Script approved"));
}

static void
on_copy_clicked (PlannerScriptPage *self)
{
  const char *text = planner_script_page_get_text (self);

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  show_toast (self, self->approved != NULL ? _("Approved script copied") : _("Draft copied"));
}

static void
on_chooser_response (PlannerScriptPage *self,
                     int                response,
                     GtkNativeDialog   *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      if (file != NULL && planner_script_page_export (self, file, &error))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *message = g_strdup_printf (_("Exported %s"), name);

          show_toast (self, message);
        }
      else if (error != NULL)
        show_toast (self, error->message);
    }
  g_clear_object (&self->chooser);
}

static void
on_export_clicked (PlannerScriptPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  /* Through the portal in the Flatpak: the app sees only the chosen file. */
  chooser = gtk_file_chooser_native_new (_("Export Launch Script"), GTK_WINDOW (root),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser),
                                     self->launcher == PLANNER_SCRIPT_SLURM ? "train.sbatch" : "train.sh");
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
on_launcher_toggled (PlannerScriptPage *self,
                     GtkToggleButton   *torchrun)
{
  planner_script_page_set_launcher (self, gtk_toggle_button_get_active (torchrun) ? PLANNER_SCRIPT_TORCHRUN
                                                                                  : PLANNER_SCRIPT_SLURM);
}

static void
update_scheme (PlannerScriptPage *self,
               GParamSpec        *pspec,
               AdwStyleManager   *manager)
{
  GtkSourceStyleScheme *scheme;

  scheme = gtk_source_style_scheme_manager_get_scheme (gtk_source_style_scheme_manager_get_default (),
                                                       adw_style_manager_get_dark (manager) ? "Adwaita-dark"
                                                                                            : "Adwaita");
  if (scheme != NULL)
    gtk_source_buffer_set_style_scheme (self->buffer, scheme);
}

static void
planner_script_page_dispose (GObject *object)
{
  PlannerScriptPage *self = (PlannerScriptPage *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_object (&self->job);
  g_clear_object (&self->approved_job);

  G_OBJECT_CLASS (planner_script_page_parent_class)->dispose (object);
}

static void
planner_script_page_finalize (GObject *object)
{
  PlannerScriptPage *self = (PlannerScriptPage *)object;

  g_clear_pointer (&self->draft, g_free);
  g_clear_pointer (&self->approved, g_free);

  G_OBJECT_CLASS (planner_script_page_parent_class)->finalize (object);
}

static void
planner_script_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (planner_script_page_parent_class)->map (widget);
  ensure_rendered (PLANNER_SCRIPT_PAGE (widget));
}

static void
planner_script_page_class_init (PlannerScriptPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_script_page_dispose;
  object_class->finalize = planner_script_page_finalize;
  widget_class->map = planner_script_page_map;
}

static GtkWidget *
toolbar_button (PlannerScriptPage *self,
                const char        *label,
                const char        *tooltip,
                GCallback          callback)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect_object (button, "clicked", callback, self, G_CONNECT_SWAPPED);
  return button;
}

static void
planner_script_page_init (PlannerScriptPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *switcher = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *slurm = gtk_toggle_button_new_with_label ("SLURM");
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view;
  GtkSourceLanguage *shell;

  self->torchrun_button = gtk_toggle_button_new_with_label ("torchrun");
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (slurm), GTK_TOGGLE_BUTTON (self->torchrun_button));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->torchrun_button), TRUE);
  g_signal_connect_object (self->torchrun_button, "toggled", G_CALLBACK (on_launcher_toggled), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_css_class (switcher, "linked");
  gtk_box_append (GTK_BOX (switcher), self->torchrun_button);
  gtk_box_append (GTK_BOX (switcher), slurm);

  self->state_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->state_label), TRUE);
  gtk_label_set_xalign (self->state_label, 0);
  gtk_label_set_ellipsize (self->state_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "dim-label");

  self->copy_button = toolbar_button (self, _("_Copy"), _("Copy the script shown"), G_CALLBACK (on_copy_clicked));
  self->approve_button = toolbar_button (self, _("_Approve"), _("Approve this draft for export"),
                                         G_CALLBACK (on_approve_clicked));
  gtk_widget_add_css_class (self->approve_button, "suggested-action");
  self->export_button = toolbar_button (self, _("_Export…"), _("Write the approved script to a file"),
                                        G_CALLBACK (on_export_clicked));

  gtk_box_append (GTK_BOX (toolbar), switcher);
  gtk_box_append (GTK_BOX (toolbar), GTK_WIDGET (self->state_label));
  gtk_box_append (GTK_BOX (toolbar), self->copy_button);
  gtk_box_append (GTK_BOX (toolbar), self->approve_button);
  gtk_box_append (GTK_BOX (toolbar), self->export_button);
  gtk_widget_set_margin_start (toolbar, 12);
  gtk_widget_set_margin_end (toolbar, 12);
  gtk_widget_set_margin_top (toolbar, 12);
  gtk_widget_set_margin_bottom (toolbar, 12);

  self->buffer = gtk_source_buffer_new (NULL);
  shell = gtk_source_language_manager_get_language (gtk_source_language_manager_get_default (), "sh");
  if (shell != NULL)
    gtk_source_buffer_set_language (self->buffer, shell);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (update_scheme), self,
                           G_CONNECT_SWAPPED);
  update_scheme (self, NULL, adw_style_manager_get_default ());
  view = gtk_source_view_new_with_buffer (self->buffer);
  g_object_unref (self->buffer);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 12);
  gtk_source_view_set_show_line_numbers (GTK_SOURCE_VIEW (view), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);

  self->refused = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->refused, "dialog-warning-symbolic");
  adw_status_page_set_title (self->refused, _("No Script Yet"));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_add_named (self->stack, scrolled, "script");
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->refused), "refused");

  gtk_box_append (GTK_BOX (box), toolbar);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  adw_bin_set_child (ADW_BIN (self), box);
}

GtkWidget *
planner_script_page_new (PlannerJob *job)
{
  PlannerScriptPage *self;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  self = g_object_new (PLANNER_TYPE_SCRIPT_PAGE, NULL);
  self->job = g_object_ref (job);
  planner_script_page_refresh (self);
  return GTK_WIDGET (self);
}
