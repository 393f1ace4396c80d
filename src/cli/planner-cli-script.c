/* planner-cli-script.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>

#include <gio/gio.h>

#include "planner-cli-private.h"
#include "planner-hf-config.h"
#include "planner-job.h"
#include "planner-script.h"
#include "planner-script-memcheck.h"

#define COMMAND "script"

int
planner_cli_script (int    argc,
                    char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *launcher_text = NULL;
  g_autofree char *stages_text = NULL;
  g_autoptr(GArray) stages = NULL;
  g_autofree char *output = NULL;
  g_autofree char *approved_at = NULL;
  g_autofree char *hf_path = NULL;
  g_autofree char *draft = NULL;
  g_autofree char *approved = NULL;
  g_auto(GStrv) rest = NULL;
  gboolean approve = FALSE;
  gboolean force = FALSE;
  PlannerScriptLauncher launcher = PLANNER_SCRIPT_TORCHRUN;
  const GOptionEntry entries[] = {
    { "launcher", 0, 0, G_OPTION_ARG_STRING, &launcher_text, N_("torchrun (default), slurm, or memory-check (one GPU)"),
      "torchrun|slurm|memory-check" },
    { "stages", 0, 0, G_OPTION_ARG_STRING, &stages_text,
      N_("With memory-check: the pipeline stages to check (default: the most loaded and the last)"), "0,7" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the approved script to FILE (needs --approve)"), "FILE" },
    { "approve", 0, 0, G_OPTION_ARG_NONE, &approve, N_("Approve exactly the draft printed without --output"), NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Overwrite FILE when it exists"), NULL },
    { "approved-at", 0, 0, G_OPTION_ARG_STRING, &approved_at,
      N_("Approval time to record (ISO 8601; default now), for reproducible files"), "TIME" },
    { "hf-config", 0, 0, G_OPTION_ARG_FILENAME, &hf_path,
      N_("Use the model of a Hugging Face config.json (or its folder) in place of the job's"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "JOB.json" },
    { NULL }
  };
  g_auto(GStrv) args = g_strdupv (argv);

  context = g_option_context_new ("JOB.json");
  g_option_context_set_summary (context,
                                N_("Print the torchrun or SLURM launch script for a job, or a single-GPU memory check of it, as a draft for review.\n"
                                   "With --output FILE --approve, write it, approved, to FILE (mode 0755).\n"
                                   "Exit status: 0 ok, 1 the job has errors, 2 bad invocation or unreadable job."));
  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    return PLANNER_EXIT_USAGE;

  if (launcher_text != NULL && !planner_script_launcher_from_string (launcher_text, &launcher))
    return planner_cli_usage_error (COMMAND, _("--launcher: “%s” is not a launcher; choose torchrun, slurm or memory-check"),
                                    launcher_text);
  if (stages_text != NULL && launcher != PLANNER_SCRIPT_MEMORY_CHECK)
    return planner_cli_usage_error (COMMAND, _("--stages needs --launcher memory-check"));
  if (stages_text != NULL && !planner_script_parse_stages (stages_text, &stages, &error))
    return planner_cli_usage_error (COMMAND, "%s", error->message);
  if (rest == NULL || rest[0] == NULL)
    return planner_cli_usage_error (COMMAND, _("give the job file (JOB.json)"));
  if (rest[1] != NULL)
    return planner_cli_usage_error (COMMAND, _("give one job file; “%s” is extra"), rest[1]);
  /* Approval is the user's explicit act, never implied by --output. */
  if (output != NULL && !approve)
    return planner_cli_usage_error (COMMAND, _("--output writes only an approved script: add --approve after "
                                      "reviewing the draft (printed without --output)"));
  if (approve && output == NULL)
    return planner_cli_usage_error (COMMAND, _("--approve needs --output FILE"));
  if (force && output == NULL)
    return planner_cli_usage_error (COMMAND, _("--force needs --output FILE"));
  if (approved_at != NULL)
    {
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

      if (output == NULL)
        return planner_cli_usage_error (COMMAND, _("--approved-at needs --output FILE --approve"));
      when = g_date_time_new_from_iso8601 (approved_at, utc);
      if (when == NULL)
        return planner_cli_usage_error (COMMAND, _("--approved-at: “%s” is not an ISO 8601 time "
                                          "(for example 2026-05-01T12:00:00Z)"), approved_at);
    }

  /* Refused before any work: the same rule the writer applies below. */
  if (output != NULL)
    {
      int status = planner_cli_check_output (COMMAND, output, force);

      if (status != PLANNER_EXIT_OK)
        return status;
    }

  job = planner_cli_load_job (rest[0], &error);
  if (job == NULL)
    return planner_cli_usage_error (COMMAND, "%s", error->message);
  if (hf_path != NULL)
    {
      g_autoptr(PlannerHfConfig) hf_config = planner_hf_config_new_from_file (hf_path, &error);

      if (hf_config == NULL || !planner_hf_config_apply_to_job (hf_config, job, &error))
        return planner_cli_usage_error (COMMAND, "--hf-config: %s", error->message);
    }

  if (stages != NULL)
    draft = planner_script_render_memory_check (job, (const guint32 *) (gpointer) stages->data, stages->len, &error);
  else
    draft = planner_script_render (job, launcher, &error);
  if (draft == NULL)
    {
      g_printerr (_("launch-planner-cli %s: no script for %s:\n%s\n"), COMMAND, rest[0], error->message);
      /* A stage the job does not have is a bad invocation, like a bad flag. */
      return g_error_matches (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_CATALOG) ||
             g_error_matches (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_STAGE)
             ? PLANNER_EXIT_USAGE : PLANNER_EXIT_JOB_ERRORS;
    }

  if (output == NULL)
    {
      g_print ("%s", draft);
      return PLANNER_EXIT_OK;
    }

  if (when == NULL)
    when = g_date_time_new_now_utc ();
  approved = planner_script_approve (draft, when, NULL, &error);
  if (approved == NULL || !planner_script_export (output, approved, force, &error))
    {
      if (g_error_matches (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_EXISTS))
        return planner_cli_usage_error (COMMAND, _("%s: choose another name, or pass --force to replace it"),
                                        error->message);
      return planner_cli_usage_error (COMMAND, "%s", error->message);
    }

  g_print (_("Approved and wrote %s\n"), output);
  return PLANNER_EXIT_OK;
}
