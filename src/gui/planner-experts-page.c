/* planner-experts-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-experts-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-experts-page.h"

struct _PlannerExpertsPage
{
  AdwBin      parent_instance;
  PlannerJob *job;
};

G_DEFINE_FINAL_TYPE (PlannerExpertsPage, planner_experts_page, ADW_TYPE_BIN)

static void
planner_experts_page_dispose (GObject *object)
{
  PlannerExpertsPage *self = (PlannerExpertsPage *)object;

  g_clear_object (&self->job);
  G_OBJECT_CLASS (planner_experts_page_parent_class)->dispose (object);
}

static void
planner_experts_page_class_init (PlannerExpertsPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = planner_experts_page_dispose;
}

static void
planner_experts_page_init (PlannerExpertsPage *self)
{
}

GtkWidget *
planner_experts_page_new (PlannerJob *job)
{
  PlannerExpertsPage *self = g_object_new (PLANNER_TYPE_EXPERTS_PAGE, NULL);
  GtkWidget *status = adw_status_page_new ();

  self->job = g_object_ref (job);
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "view-grid-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), _("Experts"));
  adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                   _("Expert parallelism, router and dispatcher settings for mixture-of-experts "
                                     "models are not built yet."));
  adw_bin_set_child (ADW_BIN (self), status);
  return GTK_WIDGET (self);
}

void
planner_experts_page_update (PlannerExpertsPage *self,
                             PlannerReport      *report)
{
  g_return_if_fail (PLANNER_IS_EXPERTS_PAGE (self));
}
