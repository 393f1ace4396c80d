/* main.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "planner-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PlannerApplication) app = NULL;
  const char *localedir = g_getenv ("PLANNER_LOCALEDIR");

  /* PLANNER_LOCALEDIR lets tests run the translated window from the build
   * folder's po/ tree without installing it. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = planner_application_new (APP_ID, G_APPLICATION_HANDLES_OPEN);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
