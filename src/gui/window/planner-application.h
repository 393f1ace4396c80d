/* planner-application.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PLANNER_TYPE_APPLICATION (planner_application_get_type ())

G_DECLARE_FINAL_TYPE (PlannerApplication, planner_application, PLANNER, APPLICATION, AdwApplication)

PlannerApplication *planner_application_new (const char        *application_id,
                                             GApplicationFlags  flags);

G_END_DECLS
