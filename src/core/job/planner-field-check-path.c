/* planner-field-check-path.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The field checks' path rules alone: they need only the text, so both the
 * field checks and the reader of advanced.extra_args (planner-job-args.c,
 * which the field checks call) use them from here.
 */

#define G_LOG_DOMAIN "planner-field-check"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-field-check-path.h"
#include "planner-escape.h"

#include <string.h>

static char *
check_path_rules (const char *name,
                  const char *path,
                  gboolean    absolute)
{
  const char *close;
  gsize len;

  if (path == NULL || *path == '\0')
    return NULL;
  len = strlen (path);
  if (!g_utf8_validate (path, -1, NULL))
    return g_strdup_printf (_("%s is not valid UTF-8 text"), name);
  if (strchr (path, '\n') != NULL || strchr (path, '\r') != NULL)
    return g_strdup_printf (_("%s holds a line break; a path in a launch script must be one line"), name);
  /* The one control-character rule of the project (bidirectional
   * overrides, U+2028, NEL, C1 …), and tabs: what a reviewer is shown
   * escaped must not differ from the bytes approved. */
  for (const char *p = path; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\t' || planner_is_control_char (c))
        return g_strdup_printf (_("%s holds a control character; remove it"), name);
    }
  /* A pasted path often brings a space along; a real one rarely ends in one. */
  if (g_ascii_isspace (path[0]))
    return g_strdup_printf (_("%s starts with a space: remove it (pasted text often brings one along)"), name);
  if (g_ascii_isspace (path[len - 1]))
    return g_strdup_printf (_("%s ends with a space: remove it (pasted text often brings one along)"), name);
  if (strstr (path, "path/to/") != NULL || strstr (path, "TODO") != NULL ||
      strstr (path, "FIXME") != NULL || strstr (path, "${") != NULL ||
      ((close = strchr (path, '<')) != NULL && strchr (close, '>') != NULL))
    return g_strdup_printf (_("%s is “%s”, which looks like a placeholder: give the real path"), name, path);
  if (path[0] == '~')
    return g_strdup_printf (_("%s is “%s”: “~” is not expanded in a launch script's quoted path; "
                              "give it from the root (/…)"), name, path);
  if (absolute && path[0] != '/')
    return g_strdup_printf (_("%s is “%s”, a relative path: give it from the root (/…), "
                              "as the job may run in another directory"), name, path);
  return NULL;
}

char *
planner_field_check_path (const char *name,
                          const char *path)
{
  g_return_val_if_fail (name != NULL, NULL);

  return check_path_rules (name, path, TRUE);
}

char *
planner_field_check_value (const char *name,
                           const char *value)
{
  g_return_val_if_fail (name != NULL, NULL);

  return check_path_rules (name, value, FALSE);
}
