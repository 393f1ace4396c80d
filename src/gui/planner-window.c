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
#include "planner-compare-page.h"
#include "planner-experts-page.h"
#include "planner-field.h"
#include "planner-history-window.h"
#include "planner-journal.h"
#include "planner-log-session.h"
#include "planner-preferences-window.h"
#include "planner-memory-page.h"
#include "planner-pages.h"
#include "planner-pictures-page.h"
#include "planner-presentation.h"
#include "planner-problems.h"
#include "planner-recommend-job.h"
#include "planner-recommend.h"
#include "planner-script-pane.h"
#include "planner-window-private.h"
#include "planner-write-file.h"

struct _PlannerWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwLeaflet           *leaflet;
  GtkListBox           *sidebar;
  AdwWindowTitle       *window_title;
  GtkLabel             *summary_label;
  GtkLabel             *expert_summary_label;
  GtkLabel             *memory_summary_label;
  GtkImage             *problem_icon;
  GtkButton            *problem_button;
  GtkLabel             *problem_label;
  GtkMenuButton        *problems_menu_button;
  GtkListBox           *problem_list;
  GtkStack             *stack;
  AdwFlap              *flap;
  AdwBin               *script_slot;
  AdwToastOverlay      *toast_overlay;
  GMenu                *recent_menu;
  GMenuModel           *primary_menu;
  GtkMenuButton        *menu_button;

  PlannerScriptPane    *script_pane;
  GtkWidget            *pages[10];     /* built when first shown */

  GSettings            *settings;
  PlannerDocument      *document;
  PlannerReport        *report;
  PlannerPictureData   *picture_data;  /* the report's, made when a picture needs it */
  GPtrArray            *problems;
  char                 *first_problem_key;
  guint                 analyze_source;

  GtkNativeDialog      *chooser;
  gboolean              close_confirmed;
  PlannerJob           *undo_job;      /* the job before Use Recommended */
  PlannerJournal       *journal;       /* read when first needed */
  PlannerLogSession    *log_session;   /* the training log open, for Optimize and Troubleshoot */
  gboolean              first_frame_done;
  guint                 first_draft_source;
  int                   experts_shown;  /* −1 until the first report */
};

G_DEFINE_FINAL_TYPE (PlannerWindow, planner_window, ADW_TYPE_APPLICATION_WINDOW)

typedef GtkWidget *(*PageBuilder) (PlannerWindow *self);

typedef struct
{
  const char  *name;
  const char  *title;
  PageBuilder  build;              /* or NULL for a form page of form_type */
  GType      (*form_type) (void);
} PageInfo;

static GtkWidget *build_experts_page      (PlannerWindow *self);
static GtkWidget *build_pictures_page     (PlannerWindow *self);
static GtkWidget *build_memory_page       (PlannerWindow *self);
static GtkWidget *build_optimize_page     (PlannerWindow *self);
static GtkWidget *build_troubleshoot_page (PlannerWindow *self);

/* Alt+1 … Alt+9, Alt+0 reach the rows shown, in this order: at most ten,
 * so every page has its key.  Experts is shown for MoE models only. */
static const PageInfo pages[] = {
  { "model", N_("Model"), NULL, planner_model_page_get_type },
  { "cluster", N_("Cluster"), NULL, planner_cluster_page_get_type },
  { "data", N_("Data"), NULL, planner_data_page_get_type },
  { "training", N_("Training"), NULL, planner_training_page_get_type },
  { "parallelism", N_("Parallelism"), NULL, planner_parallelism_page_get_type },
  { "experts", N_("Experts"), build_experts_page, NULL },
  { "pictures", N_("Pictures"), build_pictures_page, NULL },
  { "memory", N_("Memory"), build_memory_page, NULL },
  { "optimize", N_("Optimize"), build_optimize_page, NULL },
  { "troubleshoot", N_("Troubleshoot"), build_troubleshoot_page, NULL },
};

G_STATIC_ASSERT (G_N_ELEMENTS (pages) == G_N_ELEMENTS (((PlannerWindow *) 0)->pages));

static void update_page        (PlannerWindow *self,
                                guint          index);
static void update_sidebar     (PlannerWindow *self);
static void update_sidebar_rows (PlannerWindow *self);
static void update_problem_bar (PlannerWindow *self);
static void update_title       (PlannerWindow *self);
static void on_script_approved (PlannerWindow *self);
static void on_script_exported (PlannerWindow *self,
                                GFile         *file,
                                const char    *text);
static void show_page          (PlannerWindow *self,
                                guint          index);

static void
toast (PlannerWindow *self,
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

static GtkWidget *
form_page (PlannerWindow *self,
           GType          type)
{
  GtkWidget *page = g_object_new (type, NULL);

  planner_form_page_set_job (PLANNER_FORM_PAGE (page), job (self));
  return page;
}

static GtkWidget *
build_experts_page (PlannerWindow *self)
{
  return planner_experts_page_new (job (self));
}

static GtkWidget *
build_pictures_page (PlannerWindow *self)
{
  return planner_pictures_page_new ();
}

static GtkWidget *
build_memory_page (PlannerWindow *self)
{
  return planner_memory_page_new ();
}

static GtkWidget *
build_optimize_page (PlannerWindow *self)
{
  GtkWidget *page = planner_advice_page_new (job (self), FALSE);

  planner_advice_page_set_log_session (PLANNER_ADVICE_PAGE (page), self->log_session);
  return page;
}

static GtkWidget *
build_troubleshoot_page (PlannerWindow *self)
{
  GtkWidget *page = planner_advice_page_new (job (self), TRUE);

  planner_advice_page_set_log_session (PLANNER_ADVICE_PAGE (page), self->log_session);
  return page;
}

static guint
page_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      if (g_strcmp0 (pages[i].name, name) == 0)
        return i;
    }
  return G_MAXUINT;
}

static GtkWidget *
ensure_page (PlannerWindow *self,
             guint          index)
{
  if (self->pages[index] == NULL)
    {
      self->pages[index] = pages[index].build != NULL ? pages[index].build (self)
                                                      : form_page (self, pages[index].form_type ());
      gtk_stack_add_named (self->stack, self->pages[index], pages[index].name);
      if (self->report != NULL)
        update_page (self, index);
      /* Its views not shown yet are in the accessibility tree already. */
      planner_a11y_name_buttons_in (self->pages[index]);
    }
  return self->pages[index];
}

/* One picture data per report, shared by every picture that shows it. */
static PlannerPictureData *
picture_data (PlannerWindow *self)
{
  if (self->picture_data == NULL && self->report != NULL)
    self->picture_data = planner_picture_data_new (job (self), self->report);
  return self->picture_data;
}

static void
update_page (PlannerWindow *self,
             guint          index)
{
  GtkWidget *page = self->pages[index];

  if (page == NULL)
    return;
  if (PLANNER_IS_FORM_PAGE (page))
    planner_form_page_update (PLANNER_FORM_PAGE (page), self->report, self->problems);
  if (PLANNER_IS_PARALLELISM_PAGE (page) && self->first_frame_done)
    planner_parallelism_page_set_picture_data (PLANNER_PARALLELISM_PAGE (page), picture_data (self));
  else if (PLANNER_IS_EXPERTS_PAGE (page))
    planner_experts_page_update (PLANNER_EXPERTS_PAGE (page), self->report);
  else if (PLANNER_IS_ADVICE_PAGE (page))
    planner_advice_page_update (PLANNER_ADVICE_PAGE (page), self->report);
  else if (PLANNER_IS_MEMORY_PAGE (page))
    {
      planner_memory_page_update (PLANNER_MEMORY_PAGE (page), self->report);
      planner_memory_page_set_data (PLANNER_MEMORY_PAGE (page), picture_data (self));
    }
  else if (PLANNER_IS_PICTURES_PAGE (page))
    planner_pictures_page_set_data (PLANNER_PICTURES_PAGE (page), job (self), self->report, picture_data (self));
}

/* The report ------------------------------------------------------------- */

static void
planner_window_update_report (PlannerWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) marks = NULL;
  g_autofree char *draft = NULL;
  const char *expert;
  const char *memory;

  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_pointer (&self->picture_data, planner_picture_data_unref);
  self->report = planner_analyze_job (job (self));

  /* The draft follows every keystroke, as the pane beside the form shows
   * it, with what is still missing marked in place.  The very first one
   * waits for the window's first frame: the fields' own checks already say
   * what is missing, and the window appears sooner. */
  if (self->first_frame_done)
    draft = planner_document_render_draft (self->document, &marks, &error);

  g_clear_pointer (&self->problems, g_ptr_array_unref);
  self->problems = planner_problems_collect (job (self), self->report, marks);

  gtk_label_set_text (self->summary_label, planner_report_get_summary (self->report));
  if (!planner_report_get_layout_accepted (self->report))
    gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "error");

  memory = planner_report_get_memory_summary (self->report);
  gtk_label_set_text (self->memory_summary_label, memory ? memory : "");
  gtk_widget_set_visible (GTK_WIDGET (self->memory_summary_label), memory != NULL);
  if (memory != NULL && !planner_report_get_memory_estimate (self->report)->fits)
    gtk_widget_add_css_class (GTK_WIDGET (self->memory_summary_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->memory_summary_label), "error");

  expert = planner_report_get_expert_summary (self->report);
  gtk_label_set_text (self->expert_summary_label, expert ? expert : "");
  gtk_widget_set_visible (GTK_WIDGET (self->expert_summary_label), expert != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    update_page (self, i);
  if (self->first_frame_done)
    {
      g_autofree char *refusal = NULL;

      /* A launcher that cannot draft this job (the memory check with the
       * flex dispatcher…) says why, in the form's words. */
      if (draft == NULL)
        refusal = planner_field_rewrite_message (job (self), error->message);
      planner_script_pane_show_full (self->script_pane, draft, marks, refusal, self->report);
    }
  update_sidebar_rows (self);
  update_sidebar (self);
  update_problem_bar (self);
  update_title (self);
}

static void
ensure_script_pane (PlannerWindow *self)
{
  if (self->script_pane != NULL)
    return;
  self->script_pane = PLANNER_SCRIPT_PANE (planner_script_pane_new (self->document));
  adw_bin_set_child (self->script_slot, GTK_WIDGET (self->script_pane));
  g_signal_connect_object (self->script_pane, "approved", G_CALLBACK (on_script_approved), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->script_pane, "exported", G_CALLBACK (on_script_exported), self, G_CONNECT_SWAPPED);
}

static gboolean
first_draft_cb (gpointer user_data)
{
  PlannerWindow *self = user_data;

  self->first_draft_source = 0;
  ensure_script_pane (self);
  self->first_frame_done = TRUE;
  planner_window_update_report (self);
  return G_SOURCE_REMOVE;
}

/* The first draft follows the first painted frame. */
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

static gboolean
analyze_idle_cb (gpointer user_data)
{
  PlannerWindow *self = user_data;

  self->analyze_source = 0;
  planner_window_update_report (self);
  return G_SOURCE_REMOVE;
}

static void
on_job_changed (PlannerWindow *self)
{
  /* Many fields may change in one turn of the loop (a file load, a
   * recommendation applied): analyse once, after all of them. */
  if (self->analyze_source == 0)
    self->analyze_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 20, analyze_idle_cb, self, NULL);
}

void
planner_window_flush (PlannerWindow *self)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));

  if (!self->first_frame_done)
    {
      g_clear_handle_id (&self->first_draft_source, g_source_remove);
      g_clear_handle_id (&self->analyze_source, g_source_remove);
      first_draft_cb (self);
    }
  if (self->analyze_source != 0)
    {
      g_clear_handle_id (&self->analyze_source, g_source_remove);
      planner_window_update_report (self);
    }
}

/* Sidebar, problem bar and title ----------------------------------------- */

static GtkWidget *
build_sidebar_row (const PageInfo *info)
{
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
  g_object_set_data (G_OBJECT (row), "status", status);
  g_object_set_data (G_OBJECT (row), "title", (gpointer) info->title);
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
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (self->report);
  PlannerSeverity severity;

  if (g_str_equal (page, "memory"))
    {
      if (estimate == NULL || planner_report_get_gpu (self->report) == NULL)
        return PAGE_STATUS_NONE;
      return estimate->fits ? PAGE_STATUS_DONE : PAGE_STATUS_ERROR;
    }
  if (!g_str_equal (page, "model") && !g_str_equal (page, "cluster") && !g_str_equal (page, "data") &&
      !g_str_equal (page, "training") && !g_str_equal (page, "parallelism"))
    return PAGE_STATUS_NONE;
  if (g_str_equal (page, "parallelism") && !planner_report_get_layout_accepted (self->report))
    return PAGE_STATUS_ERROR;
  if (g_str_equal (page, "model") && planner_report_get_config (self->report) == NULL)
    return PAGE_STATUS_ERROR;
  if (g_str_equal (page, "cluster") && planner_report_get_gpu (self->report) == NULL)
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
  const PlannerConfig *config = planner_report_get_config (self->report);
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
  if (!experts && self->pages[page_index ("experts")] != NULL &&
      gtk_stack_get_visible_child (self->stack) == self->pages[page_index ("experts")])
    show_page (self, page_index ("model"));
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
      GtkWidget *status = g_object_get_data (G_OBJECT (row), "status");
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

static GtkWidget *
problem_row (const PlannerProblem *problem)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon;
  gboolean error = problem->severity == PLANNER_SEVERITY_ERROR;
  const PlannerField *field = problem->key != NULL ? planner_field_lookup (problem->key) : NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), problem->message);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (field != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), planner_field_get_label (field));
  icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  error ? _("Error") : _("Warning"), -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  if (problem->key != NULL || problem->page != NULL)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.focus-field");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s",
                                        problem->key != NULL ? problem->key : problem->page);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    }
  return row;
}

/* One line that is always there, so a problem appearing never pushes the
 * form down: the most important problem, a link to its field, and the
 * full list one click away. */
static void
update_problem_bar (PlannerWindow *self)
{
  guint n_errors = planner_problems_count (self->problems, PLANNER_SEVERITY_ERROR);
  guint n_warnings = planner_problems_count (self->problems, PLANNER_SEVERITY_WARNING);
  const PlannerProblem *first = self->problems->len > 0 ? g_ptr_array_index (self->problems, 0) : NULL;
  g_autofree char *menu_label = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problem_list))) != NULL)
    gtk_list_box_remove (self->problem_list, child);
  for (guint i = 0; i < self->problems->len; i++)
    gtk_list_box_append (self->problem_list, problem_row (g_ptr_array_index (self->problems, i)));

  gtk_widget_remove_css_class (GTK_WIDGET (self->problem_icon), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->problem_icon), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->problem_icon), "success");
  g_clear_pointer (&self->first_problem_key, g_free);
  if (first == NULL)
    {
      gtk_image_set_from_icon_name (self->problem_icon, "object-select-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->problem_icon), "success");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("No problems"), -1);
      gtk_label_set_text (self->problem_label, _("Nothing is missing or wrong"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Nothing is missing or wrong"), -1);
      gtk_widget_set_sensitive (GTK_WIDGET (self->problem_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_menu_button), FALSE);
      return;
    }

  gtk_image_set_from_icon_name (self->problem_icon, first->severity == PLANNER_SEVERITY_ERROR
                                                    ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (GTK_WIDGET (self->problem_icon),
                            first->severity == PLANNER_SEVERITY_ERROR ? "error" : "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  first->severity == PLANNER_SEVERITY_ERROR ? _("Error") : _("Warning"), -1);
  gtk_label_set_text (self->problem_label, first->message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->problem_button), first->message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problem_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  first->message, -1);
  self->first_problem_key = g_strdup (first->key != NULL ? first->key : first->page);
  gtk_widget_set_sensitive (GTK_WIDGET (self->problem_button), self->first_problem_key != NULL);
  /* Translators: the button that lists every problem. */
  menu_label = g_strdup_printf (_("%u Errors, %u Warnings"), n_errors, n_warnings);
  gtk_menu_button_set_label (self->problems_menu_button, menu_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  menu_label, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_menu_button), TRUE);
}

static void
update_title (PlannerWindow *self)
{
  g_autofree char *name = planner_document_dup_title (self->document);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  const char *state;

  if (planner_document_get_approved (self->document))
    state = _("approved");
  else if (self->problems != NULL && planner_problems_count (self->problems, PLANNER_SEVERITY_ERROR) > 0)
    state = _("draft, not ready");
  else
    state = _("draft");

  /* The dot is the unsaved-changes mark, as in GNOME Text Editor. */
  title = planner_document_get_modified (self->document) ? g_strdup_printf ("• %s", name) : g_strdup (name);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, state);
  window_title = g_strdup_printf (_("%s — %s — Launch Planner"), title, state);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
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
  ensure_page (self, index);
  gtk_stack_set_visible_child_name (self->stack, pages[index].name);
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

static void
on_back_clicked (PlannerWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
show_page (PlannerWindow *self,
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

  if (index != G_MAXUINT)
    show_page (self, index);
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
  index = page_index (field != NULL ? field->page : key);
  if (index == G_MAXUINT)
    return FALSE;
  show_page (self, index);
  page = ensure_page (self, index);
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

/* New jobs and preferences ------------------------------------------------ */

PlannerJob *
planner_window_new_job_template (PlannerWindow *self)
{
  PlannerJob *template_job = planner_job_new ();
  g_autofree char *gpu = g_settings_get_string (self->settings, "default-gpu");
  g_autofree char *megatron = g_settings_get_string (self->settings, "default-megatron-dir");
  g_autofree char *partition = g_settings_get_string (self->settings, "default-slurm-partition");
  g_autofree char *account = g_settings_get_string (self->settings, "default-slurm-account");

  /* The person's own cluster, as the preferences keep it. */
  if (planner_gpu_lookup (gpu) != NULL)
    g_object_set (template_job, "gpu-id", gpu, NULL);
  g_object_set (template_job,
                "gpus-per-node", CLAMP (g_settings_get_uint (self->settings, "default-gpus-per-node"), 1, 72),
                "megatron-dir", megatron,
                "slurm-partition", partition,
                "slurm-account", account,
                NULL);
  return template_job;
}

/* Files -------------------------------------------------------------------- */

static void
add_recent (PlannerWindow *self,
            GFile         *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };

  data.mime_type = (char *) "application/x-launch-planner-job";
  data.app_name = (char *) g_get_application_name ();
  data.app_exec = (char *) "launch-planner %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
update_recent_menu (PlannerWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < 8; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_recent_info_has_application (info, g_get_application_name ()) || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

typedef void (*AfterGuard) (PlannerWindow *self,
                            gpointer       data);

typedef struct
{
  PlannerWindow *self;
  AfterGuard     then;
  gpointer       data;
  GDestroyNotify destroy;
} Guard;

static void
guard_free (Guard *guard)
{
  if (guard->destroy != NULL && guard->data != NULL)
    guard->destroy (guard->data);
  g_object_unref (guard->self);
  g_free (guard);
}

static void save_as (PlannerWindow *self,
                     Guard         *after);

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Guard *after = user_data;
  PlannerWindow *self = after->self;
  g_autoptr(GError) error = NULL;

  if (!planner_document_save_finish (PLANNER_DOCUMENT (object), result, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The job was not saved: %s"), error->message);

      /* The work stays in the window; nothing after the save happens. */
      toast (self, message);
      guard_free (after);
      return;
    }
  add_recent (self, planner_document_get_file (self->document));
  update_recent_menu (self);
  update_title (self);
  if (after->then != NULL)
    after->then (self, after->data);
  else
    {
      g_autofree char *name = planner_document_dup_title (self->document);
      g_autofree char *message = g_strdup_printf (_("Saved %s"), name);

      toast (self, message);
    }
  guard_free (after);
}

static Guard *
guard_new (PlannerWindow  *self,
           AfterGuard      then,
           gpointer        data,
           GDestroyNotify  destroy)
{
  Guard *guard = g_new0 (Guard, 1);

  guard->self = g_object_ref (self);
  guard->then = then;
  guard->data = data;
  guard->destroy = destroy;
  return guard;
}

static void
save (PlannerWindow *self,
      Guard         *after)
{
  if (planner_document_get_file (self->document) == NULL)
    {
      save_as (self, after);
      return;
    }
  planner_document_save_async (self->document, NULL, NULL, save_cb, after);
}

static void
on_save_as_response (PlannerWindow   *self,
                     int              response,
                     GtkNativeDialog *chooser)
{
  Guard *after = g_object_steal_data (G_OBJECT (chooser), "after");
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
  if (file == NULL)
    {
      guard_free (after);
      return;
    }
  planner_document_save_async (self->document, file, NULL, save_cb, after);
}

static void
add_job_filters (GtkFileChooser *chooser,
                 gboolean        scripts)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Launch Planner Jobs"));
  gtk_file_filter_add_mime_type (filter, "application/x-launch-planner-job");
  gtk_file_filter_add_suffix (filter, "lpjob");
  gtk_file_filter_add_suffix (filter, "json");
  if (scripts)
    {
      gtk_file_filter_add_mime_type (filter, "application/x-shellscript");
      gtk_file_filter_add_suffix (filter, "sh");
      gtk_file_filter_add_suffix (filter, "sbatch");
    }
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("All Files"));
  gtk_file_filter_add_pattern (filter, "*");
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

static void
show_chooser (PlannerWindow        *self,
              GtkFileChooserNative *chooser,
              GCallback             response)
{
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", response, self, G_CONNECT_SWAPPED);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
save_as (PlannerWindow *self,
         Guard         *after)
{
  GtkFileChooserNative *chooser;
  GFile *file = planner_document_get_file (self->document);

  chooser = gtk_file_chooser_native_new (_("Save Job As"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  add_job_filters (GTK_FILE_CHOOSER (chooser), FALSE);
  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
  else
    {
      const char *model = planner_job_get_model_id (job (self));
      g_autofree char *name = g_strdup_printf ("%s.lpjob", *model != '\0' ? model : "job");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_object_set_data (G_OBJECT (chooser), "after", after);
  show_chooser (self, chooser, G_CALLBACK (on_save_as_response));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  save (self, guard_new (self, NULL, NULL, NULL));
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  save_as (self, guard_new (self, NULL, NULL, NULL));
}

/* The unsaved-changes guard: every way of replacing or closing the job
 * goes through here. */
static void
on_guard_response (GObject    *dialog,
                   const char *response,
                   gpointer    user_data)
{
  Guard *guard = user_data;

  if (g_strcmp0 (response, "save") == 0)
    {
      save (guard->self, guard);
      return;
    }
  if (g_strcmp0 (response, "discard") == 0 && guard->then != NULL)
    guard->then (guard->self, guard->data);
  guard_free (guard);
}

static void
run_guarded (PlannerWindow  *self,
             AfterGuard      then,
             gpointer        data,
             GDestroyNotify  destroy)
{
  Guard *guard = guard_new (self, then, data, destroy);
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;

  if (!planner_document_get_modified (self->document))
    {
      then (self, data);
      guard_free (guard);
      return;
    }

  name = planner_document_dup_title (self->document);
  body = g_strdup_printf (_("“%s” has changes that are not saved. Without saving, they are lost."), name);
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_alert_dialog_new (_("Save Changes?"), body);

    adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog), "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save"), NULL);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "save");
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
    g_signal_connect (dialog, "response", G_CALLBACK (on_guard_response), guard);
    adw_dialog_present (dialog, GTK_WIDGET (self));
  }
#else
  {
    GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), body);

    adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "discard",
                                      _("_Discard"), "save", _("_Save"), NULL);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
    adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
    adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
    adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    g_signal_connect (dialog, "response", G_CALLBACK (on_guard_response), guard);
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
}

static void
do_new (PlannerWindow *self,
        gpointer       data)
{
  g_autoptr(PlannerJob) template_job = planner_window_new_job_template (self);

  planner_document_reset (self->document, template_job);
  g_clear_object (&self->undo_job);
  planner_log_session_set_job_notes (self->log_session, NULL);
  planner_window_flush (self);
  toast (self, _("New job: give the model and the values the sidebar marks"));
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  run_guarded (PLANNER_WINDOW (widget), do_new, NULL, NULL);
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PlannerWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;
  PlannerDocumentSource source;

  if (!planner_document_load_finish (PLANNER_DOCUMENT (object), result, &source, &notes, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the file: %s"), error->message);

      toast (self, message);
      return;
    }
  g_clear_object (&self->undo_job);
  planner_log_session_set_job_notes (self->log_session, NULL);
  planner_window_flush (self);
  if (source == PLANNER_DOCUMENT_JOB_FILE)
    {
      add_recent (self, planner_document_get_file (self->document));
      update_recent_menu (self);
    }
  else
    {
      g_autofree char *joined = g_strjoinv ("\n", notes);
      g_autofree char *message = g_strdup_printf (_("Imported the launch script as a new job. Not carried over:\n%s"),
                                                  joined);
      AdwToast *t = adw_toast_new (message);

      adw_toast_set_timeout (t, 10);
      adw_toast_overlay_add_toast (self->toast_overlay, t);
    }
}

static void
do_open (PlannerWindow *self,
         gpointer       data)
{
  g_autoptr(PlannerJob) template_job = planner_window_new_job_template (self);

  planner_document_load_async (self->document, G_FILE (data), template_job, NULL, load_cb, g_object_ref (self));
}

/* Training logs -------------------------------------------------------------- */

static void
open_log (PlannerWindow *self,
          GFile         *file)
{
  /* Reading shows its progress there, and can be cancelled there. */
  show_page (self, page_index ("troubleshoot"));
  planner_log_session_open (self->log_session, file);
}

typedef struct
{
  PlannerJob *job;
  GStrv       notes;
} LogJob;

static void
log_job_free (LogJob *log_job)
{
  g_clear_object (&log_job->job);
  g_clear_pointer (&log_job->notes, g_strfreev);
  g_free (log_job);
}

static void
do_use_log_job (PlannerWindow *self,
                gpointer       data)
{
  LogJob *log_job = data;

  /* A new, untitled job that nothing on disk holds yet, as an import is. */
  planner_document_reset (self->document, log_job->job);
  planner_document_set_modified (self->document, TRUE);
  g_clear_object (&self->undo_job);
  planner_log_session_set_job_notes (self->log_session, (const char *const *) log_job->notes);
  planner_window_flush (self);
  show_page (self, page_index ("troubleshoot"));
  toast (self, _("Made a new job from the log’s arguments: Troubleshoot says what was assumed"));
}

/* The job the log's run was becomes the window's, through the
 * unsaved-changes guard.  @base gives what the log cannot (the launch
 * fields, and the GPU and node size when the log does not show them). */
static void
use_log_job (PlannerWindow *self,
             PlannerJob    *base)
{
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  PlannerJob *made = planner_log_session_make_job (self->log_session, base, notes, &error);
  LogJob *log_job;

  if (made == NULL)
    {
      toast (self, error->message);
      return;
    }
  g_ptr_array_add (notes, NULL);
  log_job = g_new0 (LogJob, 1);
  log_job->job = made;
  log_job->notes = g_strdupv ((char **) notes->pdata);
  run_guarded (self, do_use_log_job, log_job, (GDestroyNotify) log_job_free);
}

static void
on_log_loaded (PlannerWindow *self)
{
  g_autoptr(PlannerJob) template_job = NULL;

  /* A job of the person's (saved, or with changes) is never replaced
   * unasked: the log is read against it, and Troubleshoot offers the
   * log's job when they differ.  Otherwise the log's job is the job. */
  if (planner_document_get_file (self->document) != NULL || planner_document_get_modified (self->document) ||
      planner_log_session_get_record (self->log_session)->arguments == NULL)
    return;
  template_job = planner_window_new_job_template (self);
  use_log_job (self, template_job);
}

static void
use_log_job_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);

  if (planner_log_session_get_record (self->log_session) == NULL)
    return;
  /* Exactly the job Troubleshoot compared with this one. */
  use_log_job (self, job (self));
}

static void
on_open_log_response (PlannerWindow   *self,
                      int              response,
                      GtkNativeDialog *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
  if (file != NULL)
    open_log (self, file);
}

static void
open_log_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter;

  chooser = gtk_file_chooser_native_new (_("Open Training Log"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Training Logs"));
  gtk_file_filter_add_mime_type (filter, "text/plain");
  gtk_file_filter_add_suffix (filter, "log");
  gtk_file_filter_add_suffix (filter, "out");
  gtk_file_filter_add_suffix (filter, "err");
  gtk_file_filter_add_suffix (filter, "txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("All Files"));
  gtk_file_filter_add_pattern (filter, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  show_chooser (self, chooser, G_CALLBACK (on_open_log_response));
}

static void
sniff_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(PlannerWindow) self = user_data;
  gboolean is_log = FALSE;

  if (self->document == NULL)
    return;
  /* Told apart by what the file holds.  One that cannot be read goes
   * the usual way, which says why. */
  if (planner_log_sniff_file_finish (G_FILE (object), result, &is_log, NULL) && is_log)
    open_log (self, G_FILE (object));
  else
    run_guarded (self, do_open, g_object_ref (object), g_object_unref);
}

void
planner_window_open_file (PlannerWindow *self,
                          GFile         *file)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  planner_log_sniff_file_async (file, NULL, sniff_cb, g_object_ref (self));
}

static void
on_open_response (PlannerWindow   *self,
                  int              response,
                  GtkNativeDialog *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
  if (file != NULL)
    planner_window_open_file (self, file);
}

static void
open_chooser (PlannerWindow *self,
              gboolean       import)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (import ? _("Import Launch Script") : _("Open Job"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, import ? _("_Import") : _("_Open"),
                                         _("_Cancel"));
  if (import)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _("Launch Scripts"));
      gtk_file_filter_add_mime_type (filter, "application/x-shellscript");
      gtk_file_filter_add_suffix (filter, "sh");
      gtk_file_filter_add_suffix (filter, "sbatch");
      gtk_file_filter_add_suffix (filter, "slurm");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      g_object_unref (filter);
      filter = gtk_file_filter_new ();
      gtk_file_filter_set_name (filter, _("All Files"));
      gtk_file_filter_add_pattern (filter, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      g_object_unref (filter);
    }
  else
    add_job_filters (GTK_FILE_CHOOSER (chooser), TRUE);
  show_chooser (self, chooser, G_CALLBACK (on_open_response));
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  open_chooser (PLANNER_WINDOW (widget), FALSE);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  open_chooser (PLANNER_WINDOW (widget), TRUE);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  planner_window_open_file (PLANNER_WINDOW (widget), file);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         PlannerWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  planner_window_open_file (self, files->data);
  g_slist_free (files);
  return TRUE;
}

/* Closing ------------------------------------------------------------------ */

static void
do_close (PlannerWindow *self,
          gpointer       data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* The job is kept across starts: its file, its text, and whether it had
 * unsaved changes. */
static void
remember_job (PlannerWindow *self)
{
  g_autofree char *data = planner_job_to_data (job (self), NULL);
  GFile *file = planner_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : g_strdup ("");

  g_settings_set_string (self->settings, "last-job", data);
  g_settings_set_string (self->settings, "last-file", uri);
  g_settings_set_boolean (self->settings, "last-job-modified", planner_document_get_modified (self->document));
}

static gboolean
planner_window_close_request (GtkWindow *window)
{
  PlannerWindow *self = PLANNER_WINDOW (window);
  int width, height;

  if (!self->close_confirmed && planner_document_get_modified (self->document))
    {
      run_guarded (self, do_close, NULL, NULL);
      return TRUE;
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  /* Discarded changes are not kept either: the job as last saved is. */
  remember_job (self);

  return GTK_WINDOW_CLASS (planner_window_parent_class)->close_request (window);
}

/* A saved last job that cannot be read is set aside, never overwritten,
 * and the person is told why. */
static void
restore_job (PlannerWindow *self,
             PlannerJob    *into)
{
  g_autofree char *data = g_settings_get_string (self->settings, "last-job");
  g_autofree char *uri = g_settings_get_string (self->settings, "last-file");
  g_autoptr(PlannerJob) restored = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *stamp = NULL;

  if (*data == '\0')
    return;
  if (planner_job_load_from_data (restored, data, -1, &error))
    {
      g_autoptr(GFile) file = *uri != '\0' ? g_file_new_for_uri (uri) : NULL;

      planner_document_copy_job_into (into, restored);
      g_object_set_data_full (G_OBJECT (self), "restored-file", g_steal_pointer (&file), g_object_unref);
      return;
    }

  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  dir = g_build_filename (g_get_user_data_dir (), APP_ID, NULL);
  aside = g_build_filename (dir, stamp, NULL);
  g_free (aside);
  aside = g_strdup_printf ("%s/unrestored-job-%s.json", dir, stamp);
  if (g_mkdir_with_parents (dir, 0700) == 0 &&
      planner_write_file (aside, data, strlen (data), 0600, PLANNER_WRITE_NONE, NULL))
    {
      message = g_strdup_printf (_("The last job could not be restored (%s). It was kept in %s; "
                                   "this is the example job."), error->message, aside);
      /* Only once it is safe on disk is the setting cleared. */
      g_settings_set_string (self->settings, "last-job", "");
    }
  else
    message = g_strdup_printf (_("The last job could not be restored (%s); this is the example job."),
                               error->message);
  g_object_set_data_full (G_OBJECT (self), "restore-message", g_steal_pointer (&message), g_free);
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

static void
apply_recommendation (PendingRecommendation *pending)
{
  PlannerWindow *self = pending->self;
  GtkWidget *page;
  AdwToast *t;

  g_set_object (&self->undo_job, pending->before);
  planner_document_copy_job_into (job (self), pending->after);
  page = ensure_page (self, page_index ("parallelism"));
  planner_parallelism_page_set_reasons (PLANNER_PARALLELISM_PAGE (page), pending->recommendation->reasons, NULL);

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
  if (!planner_job_equal (pending->before, job (pending->self)))
    {
      toast (pending->self, _("The job changed while the dialog was open: nothing applied"));
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
  g_auto(GStrv) changes = NULL;
  g_autofree char *text = NULL;
  GtkWidget *label, *scroller;
  const char *body;

  /* What the job fixes (its model, even a custom architecture, the
   * cluster, sequence, global batch and precision) stays fixed. */
  if (planner_recommend_request_from_job (job (self), &request, &model_args, &error))
    recommendation = planner_recommend (&request, &error);
  else
    recommendation = NULL;
  if (recommendation == NULL)
    {
      g_autofree char *message = NULL;

      planner_recommend_name_job_fields (error, NULL);
      message = planner_field_rewrite_message (job (self), error->message);

      toast (self, message);
      return;
    }
  if (!recommendation->fits)
    {
      GtkWidget *page = ensure_page (self, page_index ("parallelism"));

      planner_parallelism_page_set_reasons (PLANNER_PARALLELISM_PAGE (page), NULL, recommendation->nothing_fits);
      toast (self, _("Nothing fits on these GPUs; the Parallelism page says why"));
      planner_recommendation_free (recommendation);
      return;
    }

  pending = g_new0 (PendingRecommendation, 1);
  pending->self = g_object_ref (self);
  pending->before = planner_job_copy (job (self));
  pending->after = recommended_job (job (self), recommendation);
  pending->recommendation = recommendation;
  changes = planner_job_list_changes_labelled (pending->before, pending->after);
  if (changes[0] == NULL)
    {
      toast (self, _("The job already has the recommended layout"));
      pending_recommendation_free (pending);
      return;
    }
  if (confirmed)
    {
      apply_recommendation (pending);
      pending_recommendation_free (pending);
      return;
    }

  text = g_strjoinv ("\n", changes);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  body = _("The job becomes a new, unapproved draft with these changes, on every page they are on. "
           "You can undo them afterwards.");

#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_alert_dialog_new (_("Use the Recommended Layout?"), body);

    adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog), "cancel", _("_Cancel"), "apply", _("_Apply"), NULL);
    adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
    adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
    adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (dialog), scroller);
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
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
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
  planner_document_copy_job_into (job (self), self->undo_job);
  g_clear_object (&self->undo_job);
  page = ensure_page (self, page_index ("parallelism"));
  planner_parallelism_page_set_reasons (PLANNER_PARALLELISM_PAGE (page), NULL, NULL);
  toast (self, _("The job is back as it was"));
}

/* Pictures ------------------------------------------------------------------ */

static PlannerPicturesPage *
pictures_page (PlannerWindow *self)
{
  return PLANNER_PICTURES_PAGE (ensure_page (self, page_index ("pictures")));
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
      show_page (self, page_index ("memory"));
      return TRUE;
    }
  if (!planner_pictures_page_show (pictures_page (self), kind))
    return FALSE;
  show_page (self, page_index ("pictures"));
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

  if (self->pages[page_index ("pictures")] != NULL)
    compare = planner_pictures_page_get_child (pictures_page (self), PLANNER_PICTURE_COMPARE);
  if (compare != NULL)
    {
      PlannerPictureView *view = planner_compare_page_get_view (PLANNER_COMPARE_PAGE (compare));

      if (planner_picture_view_get_other (view) != NULL &&
          planner_picture_view_get_data (view) != NULL)
        return planner_picture_data_ref (planner_picture_view_get_other (view));
    }
  recommended = planner_picture_recommended_job (job (self), NULL);
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
  data = picture_data (self);
  if (data == NULL || planner_picture_data_get_layout (data) == NULL)
    {
      toast (self, _("Nothing to present: the parallel degrees do not form a layout yet"));
      return NULL;
    }
  other = comparison_other (self);
  presentation = planner_presentation_new (GTK_WINDOW (self), data, other);
  visible = gtk_stack_get_visible_child (self->stack);
  if (visible != NULL && visible == self->pages[page_index ("memory")])
    planner_presentation_set_picture (PLANNER_PRESENTATION (presentation), PLANNER_PICTURE_MEMORY);
  else if (visible != NULL && visible == self->pages[page_index ("pictures")])
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
        toast (self, error->message);
    }
  return self->journal;
}

static void
record (PlannerWindow *self,
        const char    *action,
        const char    *target,
        const char    *text)
{
  GFile *file = planner_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;
  g_autofree char *summary = planner_journal_describe_job (job (self));
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GError) error = NULL;

  if (!planner_journal_add (get_journal (self), action, uri, summary,
                            planner_script_launcher_to_string (planner_document_get_launcher (self->document)),
                            target, text, strlen (text), now, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The history was not updated: %s"), error->message);

      toast (self, message);
    }
}

static void
on_script_approved (PlannerWindow *self)
{
  record (self, "approved", NULL, planner_document_get_approved_text (self->document));
}

static void
on_script_exported (PlannerWindow *self,
                    GFile         *file,
                    const char    *text)
{
  g_autofree char *path = g_file_get_path (file);

  record (self, "exported", path, text);
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

/* Document signals --------------------------------------------------------- */

static void
on_approval_withdrawn (PlannerWindow *self)
{
  toast (self, _("The job changed: the script’s approval was withdrawn"));
}

static void
on_document_notify (PlannerWindow *self)
{
  update_title (self);
}

/* Object ------------------------------------------------------------------- */

static void
planner_window_dispose (GObject *object)
{
  PlannerWindow *self = (PlannerWindow *)object;

  g_clear_handle_id (&self->analyze_source, g_source_remove);
  g_clear_handle_id (&self->first_draft_source, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLANNER_TYPE_WINDOW);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->undo_job);
  g_clear_pointer (&self->journal, planner_journal_free);
  if (self->log_session != NULL)
    planner_log_session_cancel (self->log_session);
  g_clear_object (&self->log_session);
  g_clear_pointer (&self->report, planner_report_unref);
  g_clear_pointer (&self->picture_data, planner_picture_data_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->first_problem_key, g_free);

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
  window_class->close_request = planner_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, sidebar);
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
  gtk_widget_class_bind_template_callback (widget_class, on_sidebar_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);

  gtk_widget_class_install_action (widget_class, "win.show-page", "i", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.focus-field", "s", focus_field_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-script", NULL, toggle_script_action);
  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.open-log", NULL, open_log_action);
  gtk_widget_class_install_action (widget_class, "win.use-log-job", NULL, use_log_job_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.use-recommended", NULL, use_recommended_action);
  gtk_widget_class_install_action (widget_class, "win.undo-recommended", NULL, undo_recommended_action);
  gtk_widget_class_install_action (widget_class, "win.history", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.preferences", NULL, preferences_action);
  gtk_widget_class_install_action (widget_class, "win.show-picture", "s", show_picture_action);
  gtk_widget_class_install_action (widget_class, "win.present", NULL, present_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, compare_with_action);

  for (int i = 0; i < 10; i++)
    gtk_widget_class_add_binding_action (widget_class, i < 9 ? GDK_KEY_1 + i : GDK_KEY_0, GDK_ALT_MASK,
                                         "win.show-page", "i", i);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.open-log", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "win.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-script", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.preferences", NULL);
  /* F5 starts a slide show in GNOME's and LibreOffice's presentation tools. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.present", NULL);
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
planner_window_init (PlannerWindow *self)
{
  g_autoptr(PlannerJob) first = NULL;
  GtkDropTarget *drop;
  const char *message;
  GFile *restored_file;

  gtk_widget_init_template (GTK_WIDGET (self));

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
  restore_job (self, first);
  self->document = planner_document_new (first);
  self->log_session = planner_log_session_new ();
  g_signal_connect_object (self->log_session, "loaded", G_CALLBACK (on_log_loaded), self, G_CONNECT_SWAPPED);
  restored_file = g_object_get_data (G_OBJECT (self), "restored-file");
  planner_document_restore (self->document, restored_file,
                            g_settings_get_boolean (self->settings, "last-job-modified"));

  g_signal_connect_object (job (self), "changed", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "approval-withdrawn", G_CALLBACK (on_approval_withdrawn), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified", G_CALLBACK (on_document_notify), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::file", G_CALLBACK (on_document_notify), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::approved", G_CALLBACK (on_document_notify), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::launcher", G_CALLBACK (on_job_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::memory-check-stages", G_CALLBACK (on_job_changed), self,
                           G_CONNECT_SWAPPED);


  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    gtk_list_box_append (self->sidebar, build_sidebar_row (&pages[i]));
  self->experts_shown = -1;
  g_signal_connect_object (self->problem_button, "clicked", G_CALLBACK (on_problem_clicked), self,
                           G_CONNECT_SWAPPED);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  planner_window_update_report (self);
  show_page (self, page_index ("parallelism"));
  update_recent_menu (self);

  message = g_object_get_data (G_OBJECT (self), "restore-message");
  if (message != NULL)
    {
      AdwToast *t = adw_toast_new (message);

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
  return self->report;
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
      g_autoptr(GtkWidget) page = g_object_ref (ensure_page (self, i));
      gboolean visible = gtk_stack_get_visible_child (self->stack) == page;

      gtk_stack_remove (self->stack, page);
      gtk_stack_add_named (self->stack, page, pages[i].name);
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
  guint index = page_index (name);

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return index == G_MAXUINT ? NULL : ensure_page (self, index);
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
  guint index = page_index (name);
  GtkListBoxRow *row;
  GtkWidget *status;

  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  row = gtk_list_box_get_row_at_index (self->sidebar, index);
  status = g_object_get_data (G_OBJECT (row), "status");
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
  guint index = page_index (name);
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
