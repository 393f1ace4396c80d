/* planner-release-checkout.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job"

#include "config.h"

#include "planner-release-checkout.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "planner-job.h"
#include "planner-read-file.h"
#include "planner-release.h"

#define MAX_PACKAGE_INFO_BYTES (64 * 1024)

/* "NAME = 12" or "NAME = '' / "rc4"" at the start of @line; the value
 * without quotes, or NULL. */
static char *
assignment (const char *line,
            const char *name)
{
  gsize n = strlen (name);
  const char *p = line;
  const char *end;

  if (strncmp (p, name, n) != 0)
    return NULL;
  p += n;
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p++ != '=')
    return NULL;
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p == '\'' || *p == '"')
    {
      end = strchr (p + 1, *p);
      return end != NULL ? g_strndup (p + 1, (gsize) (end - p - 1)) : NULL;
    }
  for (end = p; g_ascii_isdigit (*end); end++)
    ;
  return end > p && end - p <= 4 ? g_strndup (p, (gsize) (end - p)) : NULL;
}

static gboolean
pre_release_ok (const char *text)
{
  if (strlen (text) > 16)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '.' && *p != '+')
      return FALSE;
  return TRUE;
}

char *
planner_release_read_checkout (const char  *megatron_dir,
                               GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *major = NULL, *minor = NULL, *patch = NULL, *pre = NULL;
  gsize length = 0;

  g_return_val_if_fail (megatron_dir != NULL, NULL);

  path = g_build_filename (megatron_dir, "megatron", "core", "package_info.py", NULL);
  if (!planner_read_file_bounded (path, MAX_PACKAGE_INFO_BYTES, _("Megatron's package_info.py"),
                                  PLANNER_READ_IDLE_SECONDS, &contents, &length, error))
    return NULL;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *value;

      if (major == NULL && (value = assignment (lines[i], "MAJOR")) != NULL)
        major = value;
      else if (minor == NULL && (value = assignment (lines[i], "MINOR")) != NULL)
        minor = value;
      else if (patch == NULL && (value = assignment (lines[i], "PATCH")) != NULL)
        patch = value;
      else if (pre == NULL && (value = assignment (lines[i], "PRE_RELEASE")) != NULL)
        pre = value;
    }
  if (major == NULL || minor == NULL || patch == NULL || !g_ascii_isdigit (major[0]) ||
      !g_ascii_isdigit (minor[0]) || !g_ascii_isdigit (patch[0]))
    {
      g_autofree char *shown = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s does not say which release it is (no MAJOR, MINOR and PATCH numbers)"), shown);
      return NULL;
    }
  return g_strdup_printf ("%lu.%lu.%lu%s", strtoul (major, NULL, 10), strtoul (minor, NULL, 10),
                          strtoul (patch, NULL, 10), pre != NULL && pre_release_ok (pre) ? pre : "");
}

char *
planner_release_describe_checkout (PlannerJob  *job,
                                   gboolean    *matches,
                                   const char **detected)
{
  const char *dir = planner_job_get_string (job, "megatron-dir");
  const char *planned = planner_release_resolve (planner_job_get_string (job, "megatron-version"), NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *version = NULL;
  g_autofree char *display = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *minor = NULL;
  const char *held;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  if (matches != NULL)
    *matches = FALSE;
  if (detected != NULL)
    *detected = NULL;
  if (dir == NULL || *dir == '\0')
    return NULL;
  /* A job is often written away from the cluster whose paths it names:
   * a checkout that is not here says nothing. */
  {
    g_autofree char *info = g_build_filename (dir, "megatron", "core", "package_info.py", NULL);

    if (!g_file_test (info, G_FILE_TEST_EXISTS))
      return NULL;
  }
  display = g_filename_display_name (dir);
  version = planner_release_read_checkout (dir, &error);
  if (version == NULL)
    return g_strdup_printf (_("The release of the Megatron-LM checkout %s cannot be told: %s"), display,
                            error->message);

  parts = g_strsplit (version, ".", 3);
  minor = g_strdup_printf ("%s.%s", parts[0], parts[1] != NULL ? parts[1] : "0");
  held = planner_release_resolve (minor, NULL);
  if (detected != NULL)
    *detected = held;
  if (held == NULL)
    {
      g_autofree char *list = planner_release_dup_list ();

      return g_strdup_printf (_("The Megatron-LM checkout %s is Megatron-Core %s (its megatron/core/package_info.py), "
                                "a release the planner does not hold; it plans for one of %s."),
                              display, version, list);
    }
  if (planned != NULL && planner_release_compare (held, planned) == 0)
    {
      if (matches != NULL)
        *matches = TRUE;
      return g_strdup_printf (_("The Megatron-LM checkout %s is Megatron-Core %s (its megatron/core/package_info.py): "
                                "the job is planned for %s."), display, version, planned);
    }
  return g_strdup_printf (_("The Megatron-LM checkout %s is Megatron-Core %s (its megatron/core/package_info.py), "
                            "but the job is planned for %s: set the release to %s."),
                          display, version, planned != NULL ? planned : planner_job_get_string (job, "megatron-version"),
                          held);
}
