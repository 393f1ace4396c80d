/* planner-advice-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-advice-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-advice-page.h"

struct _PlannerAdvicePage
{
  AdwBin      parent_instance;
  PlannerJob *job;
  gboolean    troubleshoot;
};

G_DEFINE_FINAL_TYPE (PlannerAdvicePage, planner_advice_page, ADW_TYPE_BIN)

static void
planner_advice_page_dispose (GObject *object)
{
  PlannerAdvicePage *self = (PlannerAdvicePage *)object;

  g_clear_object (&self->job);
  G_OBJECT_CLASS (planner_advice_page_parent_class)->dispose (object);
}

static void
planner_advice_page_class_init (PlannerAdvicePageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = planner_advice_page_dispose;
}

static void
planner_advice_page_init (PlannerAdvicePage *self)
{
}

GtkWidget *
planner_advice_page_new (PlannerJob *job,
                         gboolean    troubleshoot)
{
  PlannerAdvicePage *self = g_object_new (PLANNER_TYPE_ADVICE_PAGE, NULL);
  GtkWidget *status = adw_status_page_new ();

  self->job = g_object_ref (job);
  self->troubleshoot = troubleshoot;
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), troubleshoot ? "dialog-warning-symbolic"
                                                                        : "power-profile-performance-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), troubleshoot ? _("Troubleshoot") : _("Optimize"));
  adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                   _("Use “launch-planner-cli optimize” and “troubleshoot” for now."));
  adw_bin_set_child (ADW_BIN (self), status);
  return GTK_WIDGET (self);
}

void
planner_advice_page_update (PlannerAdvicePage *self,
                            PlannerReport     *report)
{
  g_return_if_fail (PLANNER_IS_ADVICE_PAGE (self));
}
