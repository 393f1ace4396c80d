/* planner-window.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "planner-a11y.h"
#include "planner-advice-page.h"
#include "planner-experts-page.h"
#include "planner-field.h"
#include "planner-memory-page.h"
#include "planner-pages.h"
#include "planner-pictures-page.h"
#include "planner-problems.h"
#include "planner-window-private.h"

G_DEFINE_FINAL_TYPE (PlannerWindow, planner_window, ADW_TYPE_APPLICATION_WINDOW)

typedef GtkWidget *(*PageBuilder) (PlannerWindow *self);

typedef struct
{
  const char  *name;
  const char  *title;
  PageBuilder  build;              /* or NULL for a form page of form_type */
  GType      (*form_type) (void);
} PageInfo;

static GtkWidget *build_parallelism_page  (PlannerWindow *self);
static GtkWidget *build_experts_page      (PlannerWindow *self);
static GtkWidget *build_cluster_page      (PlannerWindow *self);
static GtkWidget *build_pictures_page     (PlannerWindow *self);
static GtkWidget *build_memory_page       (PlannerWindow *self);
static GtkWidget *build_optimize_page     (PlannerWindow *self);
static GtkWidget *build_troubleshoot_page (PlannerWindow *self);

/* Alt+1 … Alt+9, Alt+0 reach the rows shown, in this order: at most ten,
 * so every page has its key.  Experts is shown for MoE models only. */
static const PageInfo pages[] = {
  { "model", N_("Model"), NULL, planner_model_page_get_type },
  { "cluster", N_("Cluster"), build_cluster_page, NULL },
  { "data", N_("Data"), NULL, planner_data_page_get_type },
  { "training", N_("Training"), NULL, planner_training_page_get_type },
  { "parallelism", N_("Parallelism"), build_parallelism_page, NULL },
  { "experts", N_("Experts"), build_experts_page, NULL },
  { "pictures", N_("Pictures"), build_pictures_page, NULL },
  { "memory", N_("Memory"), build_memory_page, NULL },
  { "optimize", N_("Optimize"), build_optimize_page, NULL },
  { "troubleshoot", N_("Troubleshoot"), build_troubleshoot_page, NULL },
};

G_STATIC_ASSERT (G_N_ELEMENTS (pages) == N_PAGES);

static void update_sidebar      (PlannerWindow *self);
static void update_sidebar_rows (PlannerWindow *self);

void
_planner_window_toast (PlannerWindow *self,
                       const char    *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static PlannerJob *
job (PlannerWindow *self)
{
  return planner_document_get_job (self->document);
}

/* Pages ------------------------------------------------------------------- */

/* Each page binds to the document when it is built: it follows
 * "report-changed" itself, and the window never pushes a report. */

static GtkWidget *
form_page (PlannerWindow *self,
           GType          type)
{
  GtkWidget *page = g_object_new (type, NULL);

  planner_form_page_set_document (PLANNER_FORM_PAGE (page), self->document);
  return page;
}

/* The layout's pictures wait for the first frame, as the draft does. */
static void
bind_parallelism (GtkWidget       *page,
                  PlannerDocument *document)
{
  if (planner_document_get_drafting (document))
    planner_parallelism_page_set_picture_data (PLANNER_PARALLELISM_PAGE (page),
                                               planner_document_get_picture_data (document));
}

static void
bind_experts (GtkWidget       *page,
              PlannerDocument *document)
{
  planner_experts_page_update (PLANNER_EXPERTS_PAGE (page), planner_document_get_report (document));
}

static void
bind_memory (GtkWidget       *page,
             PlannerDocument *document)
{
  planner_memory_page_update (PLANNER_MEMORY_PAGE (page), planner_document_get_report (document));
  planner_memory_page_set_data (PLANNER_MEMORY_PAGE (page), planner_document_get_picture_data (document));
}

static void
bind_pictures (GtkWidget       *page,
               PlannerDocument *document)
{
  planner_pictures_page_set_data (PLANNER_PICTURES_PAGE (page), planner_document_get_job (document),
                                  planner_document_get_report (document),
                                  planner_document_get_picture_data (document));
}

static void
bind_advice (GtkWidget       *page,
             PlannerDocument *document)
{
  planner_advice_page_update (PLANNER_ADVICE_PAGE (page), planner_document_get_report (document));
}

/* Follows every report from now on, starting with the newest. */
static GtkWidget *
bind_page (PlannerWindow *self,
           GtkWidget     *page,
           void         (*update) (GtkWidget *, PlannerDocument *))
{
  g_signal_connect_object (self->document, "report-changed", G_CALLBACK (update), page, G_CONNECT_SWAPPED);
  update (page, self->document);
  return page;
}

static GtkWidget *
build_parallelism_page (PlannerWindow *self)
{
  return bind_page (self, form_page (self, planner_parallelism_page_get_type ()), bind_parallelism);
}

static GtkWidget *
build_experts_page (PlannerWindow *self)
{
  return bind_page (self, planner_experts_page_new (job (self)), bind_experts);
}

/* The release row offers the release an opened log's arguments show. */
static GtkWidget *
build_cluster_page (PlannerWindow *self)
{
  GtkWidget *page = form_page (self, planner_cluster_page_get_type ());

  planner_cluster_page_set_log_session (PLANNER_CLUSTER_PAGE (page), self->log_session);
  return page;
}

static GtkWidget *
build_pictures_page (PlannerWindow *self)
{
  return bind_page (self, planner_pictures_page_new (), bind_pictures);
}

static GtkWidget *
build_memory_page (PlannerWindow *self)
{
  return bind_page (self, planner_memory_page_new (), bind_memory);
}

static GtkWidget *
build_advice_page (PlannerWindow *self,
                   gboolean       troubleshoot)
{
  GtkWidget *page = planner_advice_page_new (job (self), troubleshoot);

  planner_advice_page_set_log_session (PLANNER_ADVICE_PAGE (page), self->log_session);
  return bind_page (self, page, bind_advice);
}

static GtkWidget *
build_optimize_page (PlannerWindow *self)
{
  return build_advice_page (self, FALSE);
}

static GtkWidget *
build_troubleshoot_page (PlannerWindow *self)
{
  return build_advice_page (self, TRUE);
}

guint
_planner_window_page_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      if (g_strcmp0 (pages[i].name, name) == 0)
        return i;
    }
  return G_MAXUINT;
}

GtkWidget *
_planner_window_ensure_page (PlannerWindow *self,
                             guint          index)
{
  if (self->pages[index] == NULL)
    {
      self->pages[index] = pages[index].build != NULL ? pages[index].build (self)
                                                      : form_page (self, pages[index].form_type ());
      gtk_stack_add_titled (self->stack, self->pages[index], pages[index].name, _(pages[index].title));
      /* Its views not shown yet are in the accessibility tree already. */
      planner_a11y_name_buttons_in (self->pages[index]);
    }
  return self->pages[index];
}

/* The report ------------------------------------------------------------- */

/* The first invalid entry that leaves the layout unknown, or NULL. */
static const PlannerField *
invalid_field (PlannerWindow *self)
{
  g_auto(GStrv) keys = planner_document_list_invalid_entries (self->document);

  return keys[0] != NULL ? planner_field_lookup (keys[0]) : NULL;
}

static void
update_summary (PlannerWindow *self,
                PlannerReport *report)
{
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
  const PlannerField *invalid = invalid_field (self);
  const char *expert = planner_report_get_expert_summary (report);
  const char *memory = planner_report_get_memory_summary (report);
  gboolean accepted = planner_report_get_layout_accepted (report) && invalid == NULL;

  if (invalid != NULL)
    {
      /* The job still holds the last value that was one: a layout drawn
       * from it would not be the form's. */
      g_autofree char *text = g_strdup_printf (_("Layout unknown: %s holds no value yet"),
                                               planner_field_get_label (invalid));

      gtk_label_set_text (self->summary_label, text);
      memory = expert = NULL;
    }
  else
    gtk_label_set_text (self->summary_label, planner_report_get_summary (report));
  if (!accepted)
    gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "error");

  gtk_label_set_text (self->memory_summary_label, memory ? memory : "");
  gtk_widget_set_visible (GTK_WIDGET (self->memory_summary_label), memory != NULL);
  if (memory != NULL && estimate != NULL && !estimate->fits)
    gtk_widget_add_css_class (GTK_WIDGET (self->memory_summary_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->memory_summary_label), "error");

  gtk_label_set_text (self->expert_summary_label, expert ? expert : "");
  gtk_widget_set_visible (GTK_WIDGET (self->expert_summary_label), expert != NULL);
}

static void
update_script_pane (PlannerWindow *self,
                    PlannerReport *report)
{
  const GError *error = NULL;
  GPtrArray *marks = NULL;
  const char *draft = planner_document_get_draft (self->document, &marks, &error);
  const PlannerField *invalid = invalid_field (self);
  g_autofree char *refusal = NULL;

  if (self->script_pane == NULL || !planner_document_get_drafting (self->document))
    return;
  if (invalid != NULL)
    {
      /* A draft of the old value would say something the form does not. */
      refusal = g_strdup_printf (_("No draft until %s holds a value: %s"), planner_field_get_label (invalid),
                                 planner_document_get_entry_message (self->document, invalid->property));
      draft = NULL;
      marks = NULL;
    }
  /* A launcher that cannot draft this job (the memory check with the
   * flex dispatcher…) says why, in the form's words the document's draft
   * was made in. */
  else if (draft == NULL && error != NULL)
    refusal = g_strdup (error->message);
  planner_script_pane_show_full (self->script_pane, draft, marks, refusal, report);
}

/* The window's own parts follow the report; the pages follow it themselves. */
static void
on_report_changed (PlannerWindow *self)
{
  PlannerReport *report = planner_document_get_report (self->document);

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  self->problems = planner_problems_collect_document (self->document);
  update_summary (self, report);
  update_script_pane (self, report);
  update_sidebar_rows (self);
  update_sidebar (self);
  _planner_window_update_problem_bar (self);
  _planner_window_update_title (self);
}

static void
ensure_script_pane (PlannerWindow *self)
{
  if (self->script_pane != NULL)
    return;
  self->script_pane = PLANNER_SCRIPT_PANE (planner_script_pane_new (self->document));
  adw_bin_set_child (self->script_slot, GTK_WIDGET (self->script_pane));
  g_signal_connect_object (self->script_pane, "approved", G_CALLBACK (_planner_window_on_script_approved), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->script_pane, "exported", G_CALLBACK (_planner_window_on_script_exported), self,
                           G_CONNECT_SWAPPED);
}

/* The draft follows every keystroke, as the pane beside the form shows
 * it, with what is still missing marked in place.  The very first one
 * waits for the window's first frame: the fields' own checks already say
 * what is missing, and the window appears sooner. */
static gboolean
first_draft_cb (gpointer user_data)
{
  PlannerWindow *self = user_data;

  self->first_draft_source = 0;
  ensure_script_pane (self);
  self->first_frame_done = TRUE;
  planner_document_set_drafting (self->document, TRUE);
  return G_SOURCE_REMOVE;
}

static void
on_first_after_paint (PlannerWindow *self,
                      GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_after_paint, self);
  if (!self->first_frame_done && self->first_draft_source == 0)
    self->first_draft_source = g_idle_add (first_draft_cb, self);
}

static void
planner_window_map (GtkWidget *widget)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  GTK_WIDGET_CLASS (planner_window_parent_class)->map (widget);
  if (!self->first_frame_done)
    g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                             G_CALLBACK (on_first_after_paint), self, G_CONNECT_SWAPPED);
}

void
planner_window_flush (PlannerWindow *self)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));

  if (!self->first_frame_done)
    {
      g_clear_handle_id (&self->first_draft_source, g_source_remove);
      first_draft_cb (self);
    }
  if (planner_document_get_pending (self->document))
    planner_document_flush (self->document);
}

/* Sidebar, problem bar and title ----------------------------------------- */

static GtkWidget *
build_sidebar_row (PlannerWindow *self,
                   guint          index)
{
  const PageInfo *info = &pages[index];
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (_(info->title));
  GtkWidget *status = gtk_image_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (status, "sidebar-status");
  gtk_box_append (GTK_BOX (box), status);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_name (row, info->name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, _(info->title), -1);
  self->row_status[index] = GTK_IMAGE (status);
  return row;
}

typedef enum
{
  PAGE_STATUS_NONE,
  PAGE_STATUS_DONE,
  PAGE_STATUS_WARNING,
  PAGE_STATUS_ERROR,
} PageStatus;

/* A form page is done only when nothing on it is missing or wrong: the
 * same problems the summary line and the problem bar show. */
static PageStatus
page_status (PlannerWindow *self,
             const char    *page)
{
  PlannerReport *report = planner_document_get_report (self->document);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
  PlannerSeverity severity;

  if (g_str_equal (page, "memory"))
    {
      if (estimate == NULL || planner_report_get_gpu (report) == NULL)
        return PAGE_STATUS_NONE;
      /* Not fitting is a warning (memory.does-not-fit), one Approve can
       * let through: the sidebar says what the problem count says. */
      return estimate->fits ? PAGE_STATUS_DONE : PAGE_STATUS_WARNING;
    }
  if (!g_str_equal (page, "model") && !g_str_equal (page, "cluster") && !g_str_equal (page, "data") &&
      !g_str_equal (page, "training") && !g_str_equal (page, "parallelism"))
    return PAGE_STATUS_NONE;
  if (g_str_equal (page, "parallelism") && !planner_report_get_layout_accepted (report))
    return PAGE_STATUS_ERROR;
  if (g_str_equal (page, "model") && planner_report_get_config (report) == NULL)
    return PAGE_STATUS_ERROR;
  if (g_str_equal (page, "cluster") && planner_report_get_gpu (report) == NULL)
    return PAGE_STATUS_ERROR;

  severity = planner_problems_page_severity (self->problems, page);
  if (severity == PLANNER_SEVERITY_ERROR)
    return PAGE_STATUS_ERROR;
  if (severity == PLANNER_SEVERITY_WARNING)
    return PAGE_STATUS_WARNING;
  return PAGE_STATUS_DONE;
}

/* Experts only for a model with experts (the design's "Experts (when
 * the model is MoE)"); a dense job set to EP > 1, or with a problem on
 * that page, keeps it, so that the mistake stays in reach. */
static gboolean
experts_wanted (PlannerWindow *self)
{
  const PlannerConfig *config = planner_report_get_config (planner_document_get_report (self->document));
  const PlannerModel *model;

  /* A problem that lives on the page keeps the page in reach. */
  if (self->problems != NULL && planner_problems_page_severity (self->problems, "experts") > PLANNER_SEVERITY_INFO)
    return TRUE;
  if (config != NULL)
    return config->num_experts > 0 || config->layout.ep > 1;
  model = planner_model_lookup (planner_job_get_model_id (job (self)));
  if (model != NULL)
    return model->num_experts > 0;
  return planner_job_get_uint (job (self), "num-experts") > 0 || planner_job_get_uint (job (self), "ep") > 1;
}

/* Alt+1 … Alt+0 count the rows shown: the tooltips say which key. */
static void
update_sidebar_rows (PlannerWindow *self)
{
  gboolean experts = experts_wanted (self);
  guint position = 0;

  if (self->experts_shown == (int) experts)
    return;
  self->experts_shown = experts;
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->sidebar, i));
      g_autofree char *tooltip = NULL;

      if (g_str_equal (pages[i].name, "experts"))
        gtk_widget_set_visible (row, experts);
      if (!gtk_widget_get_visible (row))
        continue;
      position++;
      tooltip = g_strdup_printf (_("%s (Alt+%u)"), _(pages[i].title), position % 10);
      gtk_widget_set_tooltip_text (row, tooltip);
    }
  /* A page that went away is not left on screen. */
  if (!experts && self->pages[_planner_window_page_index ("experts")] != NULL &&
      gtk_stack_get_visible_child (self->stack) == self->pages[_planner_window_page_index ("experts")])
    _planner_window_show_page (self, _planner_window_page_index ("model"));
}

/* The page at @position among the rows shown, or G_MAXUINT. */
static guint
page_at_position (PlannerWindow *self,
                  guint          position)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->sidebar, i));

      if (!gtk_widget_get_visible (row))
        continue;
      if (position == 0)
        return i;
      position--;
    }
  return G_MAXUINT;
}

static void
update_sidebar (PlannerWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->sidebar, i);
      GtkWidget *status = GTK_WIDGET (self->row_status[i]);
      const char *title = _(pages[i].title);
      g_autofree char *spoken = NULL;

      gtk_widget_remove_css_class (status, "success");
      gtk_widget_remove_css_class (status, "warning");
      gtk_widget_remove_css_class (status, "error");
      switch (page_status (self, pages[i].name))
        {
        case PAGE_STATUS_DONE:
          gtk_image_set_from_icon_name (GTK_IMAGE (status), "object-select-symbolic");
          gtk_widget_add_css_class (status, "success");
          /* Translators: a sidebar row as a screen reader says it. */
          spoken = g_strdup_printf (_("%s, done"), title);
          break;
        case PAGE_STATUS_WARNING:
          gtk_image_set_from_icon_name (GTK_IMAGE (status), "dialog-warning-symbolic");
          gtk_widget_add_css_class (status, "warning");
          spoken = g_strdup_printf (_("%s, has warnings"), title);
          break;
        case PAGE_STATUS_ERROR:
          gtk_image_set_from_icon_name (GTK_IMAGE (status), "dialog-error-symbolic");
          gtk_widget_add_css_class (status, "error");
          spoken = g_strdup_printf (_("%s, has errors"), title);
          break;
        case PAGE_STATUS_NONE:
        default:
          gtk_image_clear (GTK_IMAGE (status));
          spoken = g_strdup (title);
          break;
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (status), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    }
}

/* Navigation -------------------------------------------------------------- */

static void
on_sidebar_row_selected (PlannerWindow *self,
                         GtkListBoxRow *row,
                         GtkListBox    *list)
{
  guint index;

  if (row == NULL)
    return;
  index = gtk_list_box_row_get_index (row);
  _planner_window_ensure_page (self, index);
  gtk_stack_set_visible_child_name (self->stack, pages[index].name);
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

static void
on_back_clicked (PlannerWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

void
_planner_window_show_page (PlannerWindow *self,
                           guint          index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->sidebar, index);

  if (row != NULL)
    {
      gtk_list_box_select_row (self->sidebar, row);
      on_sidebar_row_selected (self, row, self->sidebar);
    }
}

/* Alt+1 … Alt+0: the rows shown, counted from the top. */
static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);
  int position = g_variant_get_int32 (parameter);
  guint index = position >= 0 ? page_at_position (self, (guint) position) : G_MAXUINT;

  if (index == G_MAXUINT)
    return;
  _planner_window_show_page (self, index);
  /* The keys take the person to the page, not only its row. */
  gtk_widget_child_focus (_planner_window_ensure_page (self, index), GTK_DIR_TAB_FORWARD);
}

/* The sidebar is one Tab stop, as GNOME's sidebars are: the arrow keys
 * move inside it, Tab leaves it for the page and Shift+Tab for what is
 * before it, never visiting (and so showing) each page in turn. */
static gboolean
on_sidebar_key_pressed (PlannerWindow         *self,
                        guint                  keyval,
                        guint                  keycode,
                        GdkModifierType        state,
                        GtkEventControllerKey *controller)
{
  if ((keyval != GDK_KEY_Tab && keyval != GDK_KEY_ISO_Left_Tab && keyval != GDK_KEY_KP_Tab) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  if (keyval != GDK_KEY_ISO_Left_Tab && (state & GDK_SHIFT_MASK) == 0)
    {
      GtkWidget *page = gtk_stack_get_visible_child (self->stack);

      if (page != NULL && gtk_widget_child_focus (page, GTK_DIR_TAB_FORWARD))
        return TRUE;
      return FALSE;
    }
  /* Backwards: to what is before the list, the sidebar's header. */
  return gtk_widget_child_focus (GTK_WIDGET (self->sidebar_header), GTK_DIR_TAB_BACKWARD);
}

gboolean
planner_window_focus_field (PlannerWindow *self,
                            const char    *key)
{
  const PlannerField *field;
  guint index;
  GtkWidget *page;

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), FALSE);

  field = planner_field_lookup (key);
  index = _planner_window_page_index (field != NULL ? field->page : key);
  if (index == G_MAXUINT)
    return FALSE;
  _planner_window_show_page (self, index);
  page = _planner_window_ensure_page (self, index);
  if (field != NULL && PLANNER_IS_FORM_PAGE (page))
    return planner_form_page_focus_field (PLANNER_FORM_PAGE (page), field->property);
  if (field != NULL && PLANNER_IS_EXPERTS_PAGE (page))
    return planner_experts_page_focus_field (PLANNER_EXPERTS_PAGE (page), field->property);
  return TRUE;
}

static void
focus_field_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  gtk_menu_button_popdown (self->problems_menu_button);
  planner_window_focus_field (self, g_variant_get_string (parameter, NULL));
}

static void
on_problem_clicked (PlannerWindow *self)
{
  if (self->first_problem_key != NULL)
    planner_window_focus_field (self, self->first_problem_key);
}

static void
toggle_script_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

/* Document signals --------------------------------------------------------- */

static void
on_approval_withdrawn (PlannerWindow *self)
{
  /* Only a change of the job withdraws an approval: never a launcher viewed. */
  _planner_window_toast (self, _("The job changed: the script’s approval was withdrawn"));
}

/* Object ------------------------------------------------------------------- */

static void
planner_window_dispose (GObject *object)
{
  PlannerWindow *self = (PlannerWindow *)object;

  g_clear_handle_id (&self->first_draft_source, g_source_remove);
  _planner_session_dispose (self);
  _planner_window_files_dispose (self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLANNER_TYPE_WINDOW);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->undo_job);
  g_clear_pointer (&self->journal, planner_journal_free);
  if (self->log_session != NULL)
    planner_log_session_cancel (self->log_session);
  g_clear_object (&self->log_session);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->first_problem_key, g_free);
  g_clear_pointer (&self->import_notes, g_strfreev);

  G_OBJECT_CLASS (planner_window_parent_class)->dispose (object);
}

static void
planner_window_class_init (PlannerWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  /* Every mnemonic button of the window and its dialogs, named once. */
  planner_a11y_name_mnemonic_buttons ();

  object_class->dispose = planner_window_dispose;
  widget_class->map = planner_window_map;
  window_class->close_request = _planner_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, sidebar_header);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, expert_summary_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, memory_summary_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, problem_icon);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, problem_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, problems_menu_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, problem_list);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, script_slot);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, recovery_bar);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, recovery_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, import_bar);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, import_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, import_list);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, import_button);
  gtk_widget_class_bind_template_callback (widget_class, on_sidebar_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_sidebar_key_pressed);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_clicked);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_import_dismiss_clicked",
                                                G_CALLBACK (_planner_window_dismiss_import_report));

  gtk_widget_class_install_action (widget_class, "win.show-page", "i", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.focus-field", "s", focus_field_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-script", NULL, toggle_script_action);
  gtk_widget_class_install_action (widget_class, "win.import-report", NULL, _planner_window_reopen_import_report);
  for (int i = 0; i < 10; i++)
    gtk_widget_class_add_binding_action (widget_class, i < 9 ? GDK_KEY_1 + i : GDK_KEY_0, GDK_ALT_MASK,
                                         "win.show-page", "i", i);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-script", NULL);
  _planner_window_class_add_file_actions (widget_class);
  _planner_window_class_add_actions (widget_class);
}

/* The main menu's popover is built when first opened, not before the
 * window's first frame. */
static void
create_primary_menu (GtkMenuButton *button,
                     gpointer       user_data)
{
  PlannerWindow *self = user_data;

  gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
connect_document (PlannerWindow *self)
{
  g_signal_connect_object (self->document, "report-changed", G_CALLBACK (on_report_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "approval-withdrawn", G_CALLBACK (on_approval_withdrawn), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified", G_CALLBACK (_planner_window_update_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::file", G_CALLBACK (_planner_window_update_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::approved", G_CALLBACK (_planner_window_update_title), self,
                           G_CONNECT_SWAPPED);
}

static void
planner_window_init (PlannerWindow *self)
{
  g_autoptr(PlannerJob) first = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Until an import has something to report. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-report", FALSE);

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* The first start shows the example; later starts the last job. */
  first = planner_job_new_example ();
  g_object_set (first, "train-iters", PLANNER_JOB_FIRST_RUN_ITERS, NULL);
  _planner_session_restore_job (self, first);
  self->document = planner_document_new (first);
  self->log_session = planner_log_session_new ();
  g_signal_connect_object (self->log_session, "loaded", G_CALLBACK (_planner_window_on_log_loaded), self,
                           G_CONNECT_SWAPPED);
  planner_document_restore (self->document, self->restored_file,
                            g_settings_get_boolean (self->settings, "last-job-modified"));
  connect_document (self);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    gtk_list_box_append (self->sidebar, build_sidebar_row (self, i));
  self->experts_shown = -1;
  _planner_window_init_dnd (self);

  planner_document_flush (self->document);
  _planner_window_show_page (self, _planner_window_page_index ("parallelism"));
  _planner_window_update_recent_menu (self);
  _planner_session_start_drafts (self);

  if (self->restore_message != NULL)
    {
      AdwToast *t = adw_toast_new (self->restore_message);

      adw_toast_set_timeout (t, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, t);
    }
}

PlannerWindow *
planner_window_new (PlannerApplication *application)
{
  return g_object_new (PLANNER_TYPE_WINDOW, "application", application, NULL);
}

PlannerJob *
planner_window_get_job (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return job (self);
}

PlannerDocument *
planner_window_get_document (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->document;
}

PlannerReport *
planner_window_get_report (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return planner_document_get_report (self->document);
}

GtkLabel *
_planner_window_get_summary_label (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->summary_label;
}

GtkStack *
_planner_window_get_stack (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);

  /* Tests look pages up by name and position: every page exists, in
   * sidebar order, once they ask. */
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autoptr(GtkWidget) page = g_object_ref (_planner_window_ensure_page (self, i));
      gboolean visible = gtk_stack_get_visible_child (self->stack) == page;

      gtk_stack_remove (self->stack, page);
      gtk_stack_add_titled (self->stack, page, pages[i].name, _(pages[i].title));
      if (visible)
        gtk_stack_set_visible_child (self->stack, page);
    }
  return self->stack;
}

PlannerLogSession *
_planner_window_get_log_session (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->log_session;
}

PlannerScriptPane *
_planner_window_get_script_pane (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  ensure_script_pane (self);
  return self->script_pane;
}

GtkWidget *
_planner_window_get_page (PlannerWindow *self,
                          const char    *name)
{
  guint index = _planner_window_page_index (name);

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return index == G_MAXUINT ? NULL : _planner_window_ensure_page (self, index);
}

GPtrArray *
_planner_window_get_problems (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->problems;
}

const char *
_planner_window_get_problem_text (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->problem_label);
}

const char *
_planner_window_get_page_status (PlannerWindow *self,
                                 const char    *name)
{
  guint index = _planner_window_page_index (name);
  GtkWidget *status;

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  g_return_val_if_fail (index < N_PAGES, NULL);
  status = GTK_WIDGET (self->row_status[index]);
  if (gtk_widget_has_css_class (status, "error"))
    return "error";
  if (gtk_widget_has_css_class (status, "warning"))
    return "warning";
  if (gtk_widget_has_css_class (status, "success"))
    return "done";
  return "none";
}

int
_planner_window_get_page_position (PlannerWindow *self,
                                   const char    *name)
{
  guint index = _planner_window_page_index (name);
  int position = 0;

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), -1);

  if (index == G_MAXUINT)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->sidebar, i));

      if (i == index)
        return gtk_widget_get_visible (row) ? position : -1;
      position += gtk_widget_get_visible (row);
    }
  return -1;
}
