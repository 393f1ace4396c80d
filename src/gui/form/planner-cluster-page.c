/* planner-cluster-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cluster-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "planner-cluster-page-private.h"
#include "planner-choice-row.h"
#include "planner-spin-row.h"
#include "planner-text-row.h"
#include "planner-flag-catalog.h"
#include "planner-log-release.h"
#include "planner-release.h"
#include "planner-release-checkout.h"

struct _PlannerClusterPage
{
  PlannerFormPage   parent_instance;

  PlannerChoiceRow *gpu_row;
  PlannerChoiceRow *release_row;  /* the Megatron-Core release (issue 20) */
  AdwActionRow     *detected_row; /* the checkout's or the log's release, when not the job's */
  GtkWidget        *use_detected_button;
  AdwActionRow     *check_row;

  PlannerLogSession *log_session;
  const char        *offered;        /* static: the release the Use button sets */
  char              *checkout_dir;   /* the checkout last read, and what it said */
  char              *checkout_version;
  const char        *checkout_held;  /* static */
};

G_DEFINE_FINAL_TYPE (PlannerClusterPage, planner_cluster_page, PLANNER_TYPE_FORM_PAGE)

/* Every release the planner holds, newest first. */
static void
bind_releases (PlannerClusterPage *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

  for (guint i = planner_megatron_get_n_releases (); i-- > 0;)
    {
      g_strv_builder_add (ids, planner_megatron_get_release (i));
      g_strv_builder_add (labels, planner_megatron_get_release (i));
    }
  planner_choice_row_set_choices (self->release_row, g_strv_builder_end (ids), g_strv_builder_end (labels));
}

static void
planner_cluster_page_bind (PlannerFormPage *page,
                           PlannerJob      *job)
{
  PlannerClusterPage *self = PLANNER_CLUSTER_PAGE (page);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  const PlannerGpu * const *gpus;
  guint n_gpus = 0;

  gpus = planner_gpu_list (&n_gpus);
  for (guint i = 0; i < n_gpus; i++)
    {
      g_strv_builder_add (ids, gpus[i]->id);
      g_strv_builder_add (labels, gpus[i]->name);
    }
  planner_choice_row_set_choices (self->gpu_row, g_strv_builder_end (ids), g_strv_builder_end (labels));
  bind_releases (self);
}

/* What the job's checkout holds, read once per path: the page updates
 * on every keystroke. */
static void
read_checkout (PlannerClusterPage *self,
               PlannerJob         *job)
{
  const char *dir = planner_job_get_string (job, "megatron-dir");
  g_autofree char *sentence = NULL;

  if (g_strcmp0 (dir, self->checkout_dir) == 0)
    return;
  g_free (self->checkout_dir);
  self->checkout_dir = g_strdup (dir);
  g_clear_pointer (&self->checkout_version, g_free);
  self->checkout_held = NULL;
  sentence = planner_release_describe_checkout (job, NULL, &self->checkout_held);
  if (sentence != NULL && self->checkout_held != NULL)
    self->checkout_version = planner_release_read_checkout (dir, NULL);
  if (self->checkout_version == NULL)
    self->checkout_held = NULL;
}

static void
offer (PlannerClusterPage *self,
       const char         *title,
       const char         *release,
       const char         *planned)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *label = NULL;

  self->offered = release;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->detected_row), title);
  /* Translators: the release the job plans for now */
  subtitle = g_strdup_printf (_("The job plans for Megatron-Core %s"), planned);
  adw_action_row_set_subtitle (self->detected_row, subtitle);
  /* Translators: a button that sets the job's release */
  label = g_strdup_printf (_("Use %s"), release);
  gtk_button_set_label (GTK_BUTTON (self->use_detected_button), label);
  g_clear_pointer (&label, g_free);
  /* Translators: the Use button's name for screen readers */
  label = g_strdup_printf (_("Use Megatron-Core %s"), release);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->use_detected_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->detected_row), TRUE);
}

/* The checkout first: it is what the job will run; then the opened log. */
static void
refresh_detected (PlannerClusterPage *self)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  const char *planned;
  PlannerLogRecord *record;
  const char *from_log;

  if (job == NULL)
    return;
  planned = planner_job_get_string (job, "megatron-version");
  read_checkout (self, job);
  if (self->checkout_held != NULL && planner_release_compare (self->checkout_held, planned) != 0)
    {
      /* Translators: the release a Megatron-LM checkout's package_info.py gives */
      g_autofree char *title = g_strdup_printf (_("Your checkout is Megatron-Core %s"), self->checkout_version);

      offer (self, title, self->checkout_held, planned);
      return;
    }
  record = self->log_session != NULL ? planner_log_session_get_record (self->log_session) : NULL;
  from_log = record != NULL ? planner_log_record_detect_release (record, NULL) : NULL;
  if (from_log != NULL && planner_release_compare (from_log, planned) != 0)
    {
      /* Translators: the release a training log's argument block shows */
      g_autofree char *title = g_strdup_printf (_("The opened log’s run had Megatron-Core %s"), from_log);

      offer (self, title, from_log, planned);
      return;
    }
  self->offered = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->detected_row), FALSE);
}

static void
on_use_detected (PlannerClusterPage *self)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));

  if (job != NULL && self->offered != NULL)
    g_object_set (job, "megatron-version", self->offered, NULL);
}

PlannerReleaseCheck *
_planner_cluster_page_open_release_check (PlannerClusterPage *self)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  PlannerReleaseCheck *check;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  g_return_val_if_fail (job != NULL, NULL);
  check = planner_release_check_new (job);
  /* The release the checkout or the log tells is the one to check first. */
  if (self->offered != NULL)
    planner_release_check_set_release (check, self->offered);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (check), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (check));
  return check;
}

static void
on_check_activated (PlannerClusterPage *self)
{
  _planner_cluster_page_open_release_check (self);
}

GtkWidget *
_planner_cluster_page_get_detected_row (PlannerClusterPage *self)
{
  return GTK_WIDGET (self->detected_row);
}

GtkWidget *
_planner_cluster_page_get_use_detected (PlannerClusterPage *self)
{
  return self->use_detected_button;
}

void
planner_cluster_page_set_log_session (PlannerClusterPage *self,
                                      PlannerLogSession  *session)
{
  g_return_if_fail (PLANNER_IS_CLUSTER_PAGE (self));
  g_return_if_fail (self->log_session == NULL);

  self->log_session = g_object_ref (session);
  g_signal_connect_object (session, "loaded", G_CALLBACK (refresh_detected), self, G_CONNECT_SWAPPED);
  refresh_detected (self);
}

/* Beside Nodes, the GPUs they make, as the report counts them: people
 * think in GPUs (issue 23 #9). */
static void
planner_cluster_page_update (PlannerFormPage *page,
                             PlannerReport   *report)
{
  PlannerClusterPage *self = PLANNER_CLUSTER_PAGE (page);
  GtkWidget *row = planner_form_page_find_row (page, "nodes");
  guint64 world = planner_report_get_world_size (report);
  guint per_node = planner_report_get_gpus_per_node (report);
  g_autofree char *subtitle = NULL;

  refresh_detected (self);
  if (row == NULL)
    return;
  if (world > 0 && per_node > 0 && world % per_node == 0)
    /* Translators: under Nodes, which reads on: "8 nodes × 8 per node = 64 GPUs" */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRIu64 " × %u per node = %" PRIu64 " GPU",
                                             "%" PRIu64 " × %u per node = %" PRIu64 " GPUs", world),
                                world / per_node, per_node, world);
  else
    subtitle = g_strdup (_("GPUs = nodes × GPUs per node"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

static void
planner_cluster_page_dispose (GObject *object)
{
  PlannerClusterPage *self = PLANNER_CLUSTER_PAGE (object);

  g_clear_object (&self->log_session);
  g_clear_pointer (&self->checkout_dir, g_free);
  g_clear_pointer (&self->checkout_version, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_CLUSTER_PAGE);
  G_OBJECT_CLASS (planner_cluster_page_parent_class)->dispose (object);
}

static void
planner_cluster_page_class_init (PlannerClusterPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_cluster_page_dispose;
  PLANNER_FORM_PAGE_CLASS (klass)->bind = planner_cluster_page_bind;
  PLANNER_FORM_PAGE_CLASS (klass)->update = planner_cluster_page_update;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-cluster-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, release_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, detected_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, use_detected_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerClusterPage, check_row);
  gtk_widget_class_bind_template_callback (widget_class, on_use_detected);
  gtk_widget_class_bind_template_callback (widget_class, on_check_activated);
}

static void
planner_cluster_page_init (PlannerClusterPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_TEXT_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
}
