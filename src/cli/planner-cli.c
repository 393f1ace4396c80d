/* planner-cli.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <locale.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "planner-cli-private.h"

typedef struct
{
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;
} PlannerCliCommand;

static const PlannerCliCommand commands[] = {
  { "ranks",   planner_cli_ranks,   N_("Show Megatron's rank-to-group mapping for a layout") },
  { "analyze", planner_cli_analyze, N_("Check Megatron arguments, a launch line, a script or a job file") },
  { "recommend", planner_cli_recommend, N_("Recommend a parallelism layout for a model and a cluster (a draft to approve)") },
  { "optimize", planner_cli_optimize, N_("Plan flag changes that raise throughput for a job (a draft to approve)") },
  { "troubleshoot", planner_cli_troubleshoot, N_("Rank likely causes of a symptom and the flag changes that fix them") },
  { "script",  planner_cli_script,  N_("Write a torchrun or SLURM launch script for a job (a draft to approve)") },
  { "models",  planner_cli_models,  N_("List the catalogue: models and GPUs with the ids --model and --gpu take") },
  { "draw",    planner_cli_draw,    N_("Draw the rank grid, pipeline schedule, memory or a comparison as PNG or SVG") },
};

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n\n", _("Usage: launch-planner-cli COMMAND [OPTIONS…]"));
  fprintf (stream, "%s\n", _("Plan Megatron-Core training jobs. Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (stream, "\n%s\n", _("Run “launch-planner-cli COMMAND --help” for the options of a command."));
}

static const PlannerCliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (g_str_equal (name, commands[i].name))
        return &commands[i];
    }
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  const PlannerCliCommand *command;
  const char *localedir = g_getenv ("PLANNER_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* PLANNER_LOCALEDIR lets tests run the translated CLI from the build
   * folder's po/ tree without installing it. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  planner_cli_init_output (argc >= 2 && find_command (argv[1]) != NULL ? argv[1] : "");

  if (argc < 2)
    {
      print_usage (stderr);
      return PLANNER_EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return PLANNER_EXIT_OK;
    }

  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("launch-planner-cli %s\n", PACKAGE_VERSION);
      return PLANNER_EXIT_OK;
    }

  command = find_command (argv[1]);
  if (command != NULL)
    {
      planner_cli_init_json_errors (argc - 1, argv + 1);
      return command->run (argc - 1, argv + 1);
    }

  g_printerr (_("launch-planner-cli: unknown command “%s”\n"), argv[1]);
  print_usage (stderr);
  return PLANNER_EXIT_USAGE;
}
