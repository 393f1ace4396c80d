/* planner-cli-advise.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include "planner-advise.h"
#include "planner-cli-private.h"
#include "planner-plan-json.h"
#include "planner-write-file.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Upper bounds for measured figures: far above anything real, so a typo
 * or an overflow ("9223372036854775808") is refused, not taken. */
#define MAX_MFU             100.0     /* a percentage at most */
#define MAX_ITERATION_TIME  1e6       /* seconds per iteration */
#define MAX_TFLOPS_PER_GPU  1e5

static void
print_suggestion (const PlannerPlan       *plan,
                  const PlannerSuggestion *s,
                  guint                    rank)
{
  g_print ("\n%u. %s  [%s]\n", rank, s->title, s->id);
  if (s->cause != NULL)
    g_print ("   cause:   %s\n", s->cause);
  if (s->reason != NULL)
    g_print ("   why:     %s\n", s->reason);
  g_print ("   changes:\n");
  for (guint i = 0; i < s->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (s->changes, i);
      g_autofree char *diff = planner_change_to_diff (change);
      g_auto(GStrv) lines = g_strsplit (diff, "\n", -1);

      for (guint l = 0; lines[l] != NULL; l++)
        {
          if (*lines[l] != '\0')
            g_print ("     %s%s\n", lines[l],
                     change->target == PLANNER_CHANGE_TARGET_ENV ? "   (environment, not a flag)" : "");
        }
    }
  for (guint i = 0; i < s->prerequisites->len; i++)
    g_print ("   needs:   %s\n", (const char *) g_ptr_array_index (s->prerequisites, i));
  if (s->effect != NULL)
    g_print ("   effect:  %s\n", s->effect);
  if (s->speed_low > 0)
    g_print ("   speed:   ×%.2f–%.2f relative step speed (planner's range from published tuning guides)\n",
             s->speed_low, s->speed_high);
  if (s->mfu_low > 0)
    g_print ("   MFU:     %.1f–%.1f%% expected after (against the %s peak)\n", s->mfu_low * 100, s->mfu_high * 100,
             plan->peak_name != NULL ? plan->peak_name : "BF16");
  if (s->memory_before >= 0)
    g_print ("   memory:  %.1f → %.1f GiB per GPU on the most loaded stage%s\n", s->memory_before / GIB,
             s->memory_after / GIB, s->fits_after ? " (fits)" : " (does not fit)");
  if (s->bubble_before >= 0)
    g_print ("   bubble:  %.1f%% → %.1f%% of the step ((p−1)/(v·m))\n", s->bubble_before * 100, s->bubble_after * 100);
  for (guint i = 0; i < s->checks->len; i++)
    g_print ("   checked: %s\n", (const char *) g_ptr_array_index (s->checks, i));
}

static void
print_text (const PlannerPlan *plan)
{
  if (plan->kind == PLANNER_PLAN_OPTIMIZE)
    g_print ("Optimization plan (draft: nothing is applied until you approve it)\n");
  else
    g_print ("Troubleshooting: %s (draft: nothing is applied until you approve it)\n",
             planner_symptom_to_string (plan->symptom));
  g_print ("Megatron-Core 0.20.0\n");
  g_print ("Layout   %s\n", plan->summary != NULL ? plan->summary : "unknown");
  if (plan->memory_before >= 0)
    {
      if (plan->cumulative && plan->memory_after != plan->memory_before)
        g_print ("Memory   %.1f → %.1f of %.1f GiB per GPU on the most loaded stage\n", plan->memory_before / GIB,
                 plan->memory_after / GIB, plan->capacity_bytes / GIB);
      else
        g_print ("Memory   %.1f of %.1f GiB per GPU on the most loaded stage\n", plan->memory_before / GIB,
                 plan->capacity_bytes / GIB);
    }
  for (guint i = 0; i < plan->errors->len; i++)
    g_print ("Error    %s\n", (const char *) g_ptr_array_index (plan->errors, i));
  for (guint i = 0; i < plan->notes->len; i++)
    g_print ("Note     %s\n", (const char *) g_ptr_array_index (plan->notes, i));

  if (plan->suggestions->len > 0)
    g_print ("\n%s\n", plan->cumulative ? "Suggested changes, to apply together in this order:"
                                        : "Likely causes, most likely first; each fix applies on its own:");
  for (guint i = 0; i < plan->suggestions->len; i++)
    print_suggestion (plan, g_ptr_array_index (plan->suggestions, i), i + 1);

  if (plan->cumulative && plan->suggestions->len > 0)
    {
      g_print ("\nThe whole plan as a diff of the command line:\n");
      for (guint i = 0; i < plan->suggestions->len; i++)
        {
          const PlannerSuggestion *s = g_ptr_array_index (plan->suggestions, i);

          for (guint c = 0; c < s->changes->len; c++)
            {
              g_autofree char *diff = planner_change_to_diff (g_ptr_array_index (s->changes, c));
              g_auto(GStrv) lines = g_strsplit (diff, "\n", -1);

              for (guint l = 0; lines[l] != NULL; l++)
                {
                  if (*lines[l] != '\0')
                    g_print ("  %s\n", lines[l]);
                }
            }
        }
    }

  if (plan->rejected->len > 0)
    {
      g_print ("\nConsidered and not offered:\n");
      for (guint i = 0; i < plan->rejected->len; i++)
        g_print ("  - %s\n", (const char *) g_ptr_array_index (plan->rejected, i));
    }
}

static void
print_json (const PlannerPlan *plan)
{
  g_autoptr(JsonNode) root = planner_plan_to_json (plan);

  planner_cli_print_json (root);
}

/* Applying is the user's explicit step: the new job is shown field by
 * field, and written only where --output says, never over a file
 * without --force. */
static int
apply_plan (const char  *command,
            PlannerPlan *plan,
            PlannerJob  *job,
            const char  *job_path,
            guint64      index,
            const char  *output,
            gboolean     force)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) applied = NULL;
  g_auto(GStrv) changes = NULL;
  int status;

  applied = planner_advise_apply_to_job (plan, job, (guint) index, &error);
  if (applied == NULL)
    return planner_cli_usage_error (command, "%s", error->message);

  changes = planner_job_list_changes (job, applied);
  if (changes[0] == NULL)
    g_print ("Applying this changes no field of the job.\n");
  else
    {
      g_print ("The job with %s applied differs in:\n", index == G_MAXUINT ? "every suggestion" : "this suggestion");
      for (guint i = 0; changes[i] != NULL; i++)
        g_print ("  %s\n", changes[i]);
    }

  if (output != NULL)
    {
      g_autofree char *data = planner_job_to_data (applied, NULL);
      /* Asked before writing: afterwards the output is the new file. */
      gboolean replaces_input = !g_str_equal (job_path, "-") && planner_write_replaces (output, job_path);

      status = planner_cli_write_output (command, output, data, 0644, force);
      if (status != PLANNER_EXIT_OK)
        return status;
      if (replaces_input)
        g_print ("Replaced %s, the job file read, with the new job (the old one is gone).\n", output);
      else
        g_print ("Wrote the new job to %s (the original is unchanged).\n", output);
    }
  return PLANNER_EXIT_OK;
}

static int
run (const char *command,
     gboolean    troubleshoot,
     int         argc,
     char      **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(PlannerPlan) plan = NULL;
  g_autofree char *symptom_text = NULL;
  g_autofree char *mfu_text = NULL;
  g_autofree char *time_text = NULL;
  g_autofree char *tflops_text = NULL;
  g_auto(GStrv) rest = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  g_autofree char *apply_text = NULL;
  g_autofree char *output = NULL;
  gboolean json = FALSE;
  gboolean force = FALSE;
  PlannerSymptom symptom = PLANNER_SYMPTOM_NONE;
  double mfu = 0, seconds = 0, tflops = 0;
  guint64 index = G_MAXUINT;
  GOptionEntry entries[] = {
    { "symptom", 0, 0, G_OPTION_ARG_STRING, &symptom_text,
      "oom, low-mfu, slow, diverging, start-up-error or hang", "SYMPTOM" },
    { "mfu", 0, 0, G_OPTION_ARG_STRING, &mfu_text, "Measured MFU, 0..1 or a percentage", "X" },
    { "iteration-time", 0, 0, G_OPTION_ARG_STRING, &time_text, "Measured seconds per iteration", "SECONDS" },
    { "tflops-per-gpu", 0, 0, G_OPTION_ARG_STRING, &tflops_text, "Megatron's logged TFLOP/s per GPU", "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { "apply", 0, 0, G_OPTION_ARG_STRING, &apply_text,
      "Show the job with suggestion N applied (\"all\": every one, in order)", "N|all" },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output, "With --apply: write the new job to FILE", "FILE" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, "With --output: replace an existing file", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &rest, NULL, "JOB.json" },
    { NULL }
  };

  /* optimize has no symptom: drop the entry so --help does not offer it. */
  context = g_option_context_new ("JOB.json");
  g_option_context_set_summary (context, troubleshoot
    ? "Rank the likely causes of a symptom for this job and give the exact Megatron-Core 0.20.0 flag changes.\n"
      "Exit status: 0 a list produced (a job with start-up errors gets them as the causes), "
      "2 bad invocation or unreadable job."
    : "Plan flag changes that raise throughput for this job (Megatron-Core 0.20.0), each checked and measured.\n"
      "Exit status: 0 plan produced, 1 the job has start-up errors (the plan is still printed; see "
      "troubleshoot --symptom start-up-error), 2 bad invocation or unreadable job.");
  if (!planner_cli_parse_options (command, context, troubleshoot ? entries : entries + 1, &args))
    return PLANNER_EXIT_USAGE;

  if (troubleshoot)
    {
      if (symptom_text == NULL)
        return planner_cli_usage_error (command, "--symptom is required: oom, low-mfu, slow, diverging, "
                                        "start-up-error or hang");
      if (!planner_symptom_from_string (symptom_text, &symptom))
        return planner_cli_usage_error (command, "--symptom: unknown symptom “%s”; give oom, low-mfu, slow, "
                                        "diverging, start-up-error or hang", symptom_text);
    }
  if ((mfu_text != NULL && !planner_cli_parse_positive (command, "--mfu", mfu_text, MAX_MFU, &mfu)) ||
      (time_text != NULL &&
       !planner_cli_parse_positive (command, "--iteration-time", time_text, MAX_ITERATION_TIME, &seconds)) ||
      (tflops_text != NULL &&
       !planner_cli_parse_positive (command, "--tflops-per-gpu", tflops_text, MAX_TFLOPS_PER_GPU, &tflops)))
    return PLANNER_EXIT_USAGE;
  if (apply_text != NULL && g_strcmp0 (apply_text, "all") != 0)
    {
      if (!planner_cli_parse_count (command, "--apply", apply_text, G_MAXUINT - 1, &index))
        return PLANNER_EXIT_USAGE;
      index--;
    }
  /* Every option does something, or the command says why not. */
  if (output != NULL && apply_text == NULL)
    return planner_cli_usage_error (command, "--output writes the job with a plan applied: give --apply N or --apply all");
  if (force && output == NULL)
    return planner_cli_usage_error (command, "--force needs --output FILE");
  if (json && apply_text != NULL)
    return planner_cli_usage_error (command, "--json prints the plan; --apply prints the changed fields: "
                                    "give one of them");
  if (output != NULL)
    {
      int status = planner_cli_check_output (command, output, force);

      if (status != PLANNER_EXIT_OK)
        return status;
    }

  if (rest == NULL || g_strv_length (rest) == 0)
    return planner_cli_usage_error (command, "give the job file (JOB.json)");
  if (g_strv_length (rest) > 1)
    return planner_cli_usage_error (command, "give one job file, not %u", g_strv_length (rest));

  job = planner_cli_load_job (rest[0], &error);
  if (job == NULL)
    return planner_cli_usage_error (command, "%s", error->message);

  plan = planner_advise_job (job, symptom, mfu, seconds, tflops, &error);
  if (plan == NULL)
    return planner_cli_usage_error (command, "%s", error->message);

  if (apply_text != NULL)
    return apply_plan (command, plan, job, rest[0], index, output, force);

  if (json)
    print_json (plan);
  else
    print_text (plan);

  if (!troubleshoot && plan->errors->len > 0)
    return PLANNER_EXIT_JOB_ERRORS;
  return PLANNER_EXIT_OK;
}

int
planner_cli_optimize (int    argc,
                      char **argv)
{
  return run ("optimize", FALSE, argc, argv);
}

int
planner_cli_troubleshoot (int    argc,
                          char **argv)
{
  return run ("troubleshoot", TRUE, argc, argv);
}
