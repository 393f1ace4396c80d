/* planner-cli-advise.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include <string.h>

#include "planner-advise-log.h"
#include "planner-advise.h"
#include "planner-cli-private.h"
#include "planner-log-json.h"
#include "planner-plan-json.h"
#include "planner-write-file.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Upper bounds for measured figures: far above anything real, so a typo
 * or an overflow ("9223372036854775808") is refused, not taken. */
#define MAX_MFU             100.0     /* a percentage at most */
#define MAX_ITERATION_TIME  1e6       /* seconds per iteration */
#define MAX_TFLOPS_PER_GPU  1e5

/* "line 884 (rank 3): text", the text cut to fit a terminal line. */
static void
print_log_line (const char *lead,
                guint64     line,
                gint        rank,
                const char *text)
{
  g_autofree char *rank_text = rank >= 0 ? g_strdup_printf (_(" (rank %d)"), rank) : g_strdup ("");
  glong length = g_utf8_strlen (text, -1);
  g_autofree char *cut = length > 160 ? g_utf8_substring (text, 0, 159) : g_strdup (text);

  /* Translators: “   log:     line 884 (rank 3): text”; the first %s is a
   * heading, the second “ (rank N)” or nothing, the third the line's text,
   * the last an ellipsis when the text was cut */
  g_print (_("%sline %" PRIu64 "%s: %s%s\n"), lead, line, rank_text, cut, length > 160 ? "…" : "");
}

static void
print_suggestion (const PlannerPlan       *plan,
                  const PlannerSuggestion *s,
                  guint                    rank)
{
  g_print ("\n%u. %s  [%s]\n", rank, s->title, s->id);
  if (s->cause != NULL)
    g_print (_("   cause:   %s\n"), s->cause);
  if (s->reason != NULL)
    g_print (_("   why:     %s\n"), s->reason);
  g_print (_("   changes:\n"));
  for (guint i = 0; i < s->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (s->changes, i);
      g_autofree char *diff = planner_change_to_diff (change);
      g_auto(GStrv) lines = g_strsplit (diff, "\n", -1);

      for (guint l = 0; lines[l] != NULL; l++)
        {
          if (*lines[l] != '\0')
            g_print ("     %s%s\n", lines[l],
                     change->target == PLANNER_CHANGE_TARGET_ENV ? _("   (environment, not a flag)") : "");
        }
    }
  for (guint i = 0; i < s->prerequisites->len; i++)
    g_print (_("   needs:   %s\n"), (const char *) g_ptr_array_index (s->prerequisites, i));
  if (s->effect != NULL)
    g_print (_("   effect:  %s\n"), s->effect);
  if (s->speed_low > 0)
    g_print (_("   speed:   ×%.2f–%.2f relative step speed (planner's range from published tuning guides)\n"),
             s->speed_low, s->speed_high);
  if (s->mfu_low > 0)
    g_print (_("   MFU:     %.1f–%.1f%% expected after (against the %s peak)\n"), s->mfu_low * 100, s->mfu_high * 100,
             plan->peak_name != NULL ? plan->peak_name : "BF16");
  if (s->memory_before >= 0)
    g_print (s->fits_after
             ? _("   memory:  %.1f → %.1f GiB per GPU on the most loaded stage (fits)\n")
             : _("   memory:  %.1f → %.1f GiB per GPU on the most loaded stage (does not fit)\n"),
             s->memory_before / GIB, s->memory_after / GIB);
  if (s->bubble_before >= 0)
    g_print (_("   bubble:  %.1f%% → %.1f%% of the step ((p−1)/(v·m))\n"), s->bubble_before * 100, s->bubble_after * 100);
  for (guint i = 0; i < s->checks->len; i++)
    g_print (_("   checked: %s\n"), (const char *) g_ptr_array_index (s->checks, i));
  for (guint i = 0; i < s->citations->len; i++)
    {
      const PlannerCitation *c = g_ptr_array_index (s->citations, i);

      print_log_line (_("   log:     "), c->line, c->rank, c->text);
    }
}

static void
print_text (const PlannerPlan *plan,
            gboolean           evidence)
{
  if (plan->kind == PLANNER_PLAN_OPTIMIZE)
    g_print (_("Optimization plan (draft: nothing is applied until you approve it)\n"));
  else
    g_print (_("Troubleshooting: %s (draft: nothing is applied until you approve it)\n"),
             planner_symptom_to_string (plan->symptom));
  g_print ("Megatron-Core %s\n", plan->megatron_version != NULL ? plan->megatron_version : "0.20.0");
  g_print (_("Layout   %s\n"), plan->summary != NULL ? plan->summary : _("unknown"));
  if (plan->memory_before >= 0)
    {
      if (plan->cumulative && plan->memory_after != plan->memory_before)
        g_print (_("Memory   %.1f → %.1f of %.1f GiB per GPU on the most loaded stage\n"), plan->memory_before / GIB,
                 plan->memory_after / GIB, plan->capacity_bytes / GIB);
      else
        g_print (_("Memory   %.1f of %.1f GiB per GPU on the most loaded stage\n"), plan->memory_before / GIB,
                 plan->capacity_bytes / GIB);
    }
  for (guint i = 0; evidence && i < plan->evidence->len; i++)
    g_print (_("Log      %s\n"), (const char *) g_ptr_array_index (plan->evidence, i));
  for (guint i = 0; i < plan->errors->len; i++)
    g_print (_("Error    %s\n"), (const char *) g_ptr_array_index (plan->errors, i));
  for (guint i = 0; i < plan->notes->len; i++)
    g_print (_("Note     %s\n"), (const char *) g_ptr_array_index (plan->notes, i));

  if (plan->suggestions->len > 0)
    g_print ("\n%s\n", plan->cumulative ? _("Suggested changes, to apply together in this order:")
                                        : _("Likely causes, most likely first; each fix applies on its own:"));
  for (guint i = 0; i < plan->suggestions->len; i++)
    print_suggestion (plan, g_ptr_array_index (plan->suggestions, i), i + 1);

  if (plan->cumulative && plan->suggestions->len > 0)
    {
      g_print (_("\nThe whole plan as a diff of the command line:\n"));
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
      g_print (_("\nConsidered and not offered:\n"));
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
    g_print (_("Applying this changes no field of the job.\n"));
  else
    {
      g_print (index == G_MAXUINT ? _("The job with every suggestion applied differs in:\n")
                                  : _("The job with this suggestion applied differs in:\n"));
      for (guint i = 0; changes[i] != NULL; i++)
        g_print ("  %s\n", changes[i]);
    }

  if (output != NULL)
    {
      g_autofree char *data = planner_job_to_data (applied, NULL);
      /* Asked before writing: afterwards the output is the new file. */
      gboolean replaces_input = job_path != NULL && !g_str_equal (job_path, "-")
                                && planner_write_replaces (output, job_path);

      status = planner_cli_write_output (command, output, data, strlen (data), 0644, force);
      if (status != PLANNER_EXIT_OK)
        return status;
      if (replaces_input)
        g_print (_("Replaced %s, the job file read, with the new job (the old one is gone).\n"), output);
      else
        g_print (_("Wrote the new job to %s (the original is unchanged).\n"), output);
    }
  return PLANNER_EXIT_OK;
}

static void
print_log (const PlannerLogAnalysis *analysis,
           const char               *path)
{
  const PlannerLogRecord *record = analysis->record;
  const PlannerLogDiagnosis *diagnosis = analysis->diagnosis;
  g_autofree char *name = g_path_get_basename (path);

  if (record->n_iteration_lines > 0)
    g_print (_("Log      %s: %" PRIu64 " lines, %" PRIu64 " iteration lines (%" PRIu64
               "–%" PRIu64 " of %" PRIu64 "), reached: %s\n"), name, record->n_lines,
             record->n_iteration_lines, record->first_iteration, record->last_iteration, record->train_iters,
             planner_log_phase_to_string (record->phase));
  else
    g_print (_("Log      %s: %" PRIu64 " lines, no iteration logged, reached: %s\n"), name, record->n_lines,
             planner_log_phase_to_string (record->phase));
  g_print (analysis->job_from_log ? _("Job      read from the log's arguments: %s\n") : _("Job      the job file: %s\n"),
           planner_report_get_summary (analysis->report));
  for (guint i = 0; i < analysis->assumptions->len; i++)
    g_print (_("Assumed  %s\n"), (const char *) g_ptr_array_index (analysis->assumptions, i));

  g_print (_("\nWhat the log shows:\n"));
  if (diagnosis->findings->len == 0)
    g_print (_("  No failure, divergence or low MFU.\n"));
  for (guint i = 0; i < diagnosis->findings->len; i++)
    {
      const PlannerLogFinding *finding = g_ptr_array_index (diagnosis->findings, i);

      g_print ("  %u. [%s] %s\n", i + 1, planner_symptom_to_string (finding->symptom), finding->title);
      if (finding->event != NULL && finding->event->rule_id != NULL)
        g_print (_("     rule:  %s (matched by %s)\n"), finding->event->rule_id,
                 planner_log_rule_match_to_string (finding->event->rule_match));
      for (guint d = 0; d < finding->details->len; d++)
        g_print ("     %s\n", (const char *) g_ptr_array_index (finding->details, d));
      for (guint c = 0; c < finding->citations->len; c++)
        {
          const PlannerLogCitation *citation = g_ptr_array_index (finding->citations, c);
          const PlannerLogCitation *previous = c > 0 ? g_ptr_array_index (finding->citations, c - 1) : NULL;

          /* A line that proves two things is shown once (citations are in line order). */
          if (previous == NULL || previous->line->number != citation->line->number)
            print_log_line ("     ", citation->line->number, citation->line->rank, citation->line->text);
        }
    }
  if (diagnosis->has_mfu)
    {
      g_autofree char *peak = g_ascii_strup (planner_peak_kind_to_string (diagnosis->mfu.peak), -1);

      gboolean throughput = g_str_equal (diagnosis->mfu_from, "throughput");

      /* Translators: the %s is the peak's precision, BF16 or FP8 */
      if (diagnosis->expected_mfu_high > 0)
        g_print (throughput
                 ? _("  Measured MFU %.1f%%: %.1f TFLOP/s/GPU against the %s dense peak of %.0f TFLOP/s, from the median "
                     "logged throughput; published runs reach %.0f–%.0f%%.\n")
                 : _("  Measured MFU %.1f%%: %.1f TFLOP/s/GPU against the %s dense peak of %.0f TFLOP/s, from the median "
                     "logged elapsed time; published runs reach %.0f–%.0f%%.\n"),
                 diagnosis->mfu.mfu * 100, diagnosis->mfu.tflops_per_gpu, peak, diagnosis->mfu.peak_tflops,
                 diagnosis->expected_mfu_low * 100, diagnosis->expected_mfu_high * 100);
      else
        g_print (throughput
                 ? _("  Measured MFU %.1f%%: %.1f TFLOP/s/GPU against the %s dense peak of %.0f TFLOP/s, from the median "
                     "logged throughput.\n")
                 : _("  Measured MFU %.1f%%: %.1f TFLOP/s/GPU against the %s dense peak of %.0f TFLOP/s, from the median "
                     "logged elapsed time.\n"),
                 diagnosis->mfu.mfu * 100, diagnosis->mfu.tflops_per_gpu, peak, diagnosis->mfu.peak_tflops);
      if (diagnosis->mfu_line != NULL)
        print_log_line ("     ", diagnosis->mfu_line->number, diagnosis->mfu_line->rank, diagnosis->mfu_line->text);
    }
  for (guint i = 0; i < diagnosis->memory->len; i++)
    {
      const PlannerLogMemoryCheck *check = g_ptr_array_index (diagnosis->memory, i);

      g_print (_("  Memory   %s\n"), check->sentence);
      print_log_line ("     ", check->line->number, check->line->rank, check->line->text);
    }
  if (diagnosis->has_theoretical)
    {
      if (diagnosis->theoretical_planner_bytes >= 0)
        g_print (_("  Megatron's theoretical memory in the log: %.1f GiB; the planner's reproduction for this job: "
                   "%.1f GiB.\n"), diagnosis->theoretical_logged_bytes / GIB, diagnosis->theoretical_planner_bytes / GIB);
      else
        g_print (_("  Megatron's theoretical memory in the log: %.1f GiB.\n"), diagnosis->theoretical_logged_bytes / GIB);
    }
  for (guint i = 0; i < diagnosis->notes->len; i++)
    g_print (_("  Note     %s\n"), (const char *) g_ptr_array_index (diagnosis->notes, i));
}

/* troubleshoot/optimize --log FILE [JOB.json] */
static int
run_log (const char     *command,
         gboolean        troubleshoot,
         const char     *log_path,
         const char     *job_path,
         gboolean        has_symptom,
         PlannerSymptom  symptom,
         const char     *gpu_id,
         guint           gpus_per_node,
         gboolean        json,
         const char     *apply_text,
         guint64         index,
         const char     *output,
         gboolean        force)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(PlannerLogRecord) record = NULL;
  g_autoptr(PlannerLogAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) plans = NULL;
  gboolean job_errors = FALSE;

  if (job_path != NULL)
    {
      if (gpu_id != NULL || gpus_per_node != 0)
        return planner_cli_usage_error (command, _("--gpu and --gpus-per-node describe the run when there is no job "
                                          "file; the job file already says them"));
      job = planner_cli_load_job (job_path, &error);
      if (job == NULL)
        return planner_cli_usage_error (command, "%s", error->message);
    }

  /* The log is the run's record: never written over, by whatever name
   * (the same path, a hard link, a link to it), not even with --force. */
  if (output != NULL && planner_cli_same_file (output, log_path))
    return planner_cli_usage_error (command, _("--output %s is the log read (--log %s): the training log is never "
                                      "replaced; write the new job to another file"), output, log_path);

  /* A path, as every other input: never a URI, which GIO could fetch
   * over the network (product rule 1). */
  file = g_file_new_for_path (log_path);
  record = planner_log_read_file (file, NULL, NULL, NULL, &error);
  if (record == NULL)
    return planner_cli_usage_error (command, _("--log %s: %s"), log_path, error->message);
  analysis = planner_log_analysis_new (record, job, gpu_id, gpus_per_node, &error);
  if (analysis == NULL)
    return planner_cli_usage_error (command, _("--log %s: %s"), log_path, error->message);

  if (!troubleshoot || has_symptom)
    {
      PlannerPlan *plan = planner_advise_log (analysis, troubleshoot ? symptom : PLANNER_SYMPTOM_NONE, &error);

      if (plan == NULL)
        return planner_cli_usage_error (command, "%s", error->message);
      plans = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_plan_free);
      g_ptr_array_add (plans, plan);
    }
  else
    {
      plans = planner_advise_log_all (analysis, &error);
      if (plans == NULL)
        return planner_cli_usage_error (command, "%s", error->message);
    }

  if (output != NULL && apply_text == NULL)
    return planner_cli_usage_error (command, _("--output writes the job with a plan applied: give --apply N or --apply all"));
  if (apply_text != NULL)
    {
      if (plans->len == 0)
        return planner_cli_usage_error (command, _("the log shows no failure, divergence or low MFU: there is no "
                                          "plan to apply (give --symptom to make one anyway)"));
      if (plans->len != 1)
        return planner_cli_usage_error (command, _("the log shows %u symptoms: choose the plan to apply with --symptom"),
                                        plans->len);
      return apply_plan (command, g_ptr_array_index (plans, 0), analysis->job, job_path, index, output, force);
    }

  if (json)
    {
      g_autofree char *name = g_path_get_basename (log_path);
      g_autoptr(JsonNode) root = planner_log_analysis_to_json (analysis, name, plans);

      planner_cli_print_json (root);
    }
  else
    {
      print_log (analysis, log_path);
      for (guint i = 0; i < plans->len; i++)
        {
          g_print ("\n");
          /* The evidence was printed above, once for all plans. */
          print_text (g_ptr_array_index (plans, i), FALSE);
        }
    }

  for (guint i = 0; i < plans->len; i++)
    job_errors |= ((PlannerPlan *) g_ptr_array_index (plans, i))->errors->len > 0;
  if (!troubleshoot && job_errors)
    return PLANNER_EXIT_JOB_ERRORS;
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
  g_autofree char *log_path = NULL;
  g_autofree char *gpu_id = NULL;
  g_autofree char *per_node_text = NULL;
  g_auto(GStrv) rest = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  g_autofree char *apply_text = NULL;
  g_autofree char *output = NULL;
  gboolean json = FALSE;
  gboolean force = FALSE;
  PlannerSymptom symptom = PLANNER_SYMPTOM_NONE;
  double mfu = 0, seconds = 0, tflops = 0;
  guint64 per_node = 0;
  guint64 index = G_MAXUINT;
  guint n_rest;
  GOptionEntry entries[] = {
    { "symptom", 0, 0, G_OPTION_ARG_STRING, &symptom_text,
      N_("oom, low-mfu, slow, diverging, start-up-error, hang or hang-mid-run (with --log: the one plan to make)"), "SYMPTOM" },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path,
      N_("Work from the log the run wrote (Megatron's stdout/stderr or a SLURM output file)"), "FILE" },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &gpu_id, N_("With --log and no job file: the GPU the run had"), "TYPE" },
    { "gpus-per-node", 0, 0, G_OPTION_ARG_STRING, &per_node_text,
      N_("With --log and no job file: GPUs per node in the run"), "N" },
    { "mfu", 0, 0, G_OPTION_ARG_STRING, &mfu_text, N_("Measured MFU, 0..1 or a percentage"), "X" },
    { "iteration-time", 0, 0, G_OPTION_ARG_STRING, &time_text, N_("Measured seconds per iteration"), "SECONDS" },
    { "tflops-per-gpu", 0, 0, G_OPTION_ARG_STRING, &tflops_text, N_("Megatron's logged TFLOP/s per GPU"), "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "apply", 0, 0, G_OPTION_ARG_STRING, &apply_text,
      N_("Show the job with suggestion N applied (\"all\": every one, in order)"), "N|all" },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output, N_("With --apply: write the new job to FILE"), "FILE" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("With --output: replace an existing file"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
    { NULL }
  };

  /* optimize has no symptom: drop the entry so --help does not offer it. */
  context = g_option_context_new ("JOB.json | --log FILE [JOB.json]");
  g_option_context_set_summary (context, troubleshoot
    ? N_("Rank the likely causes of a symptom for this job and give the exact Megatron-Core 0.20.0 flag changes.\n"
         "With --log, read the symptoms from the log the run wrote (each with the lines that prove it) and make a "
         "plan for each; the job comes from the log's printed arguments when no job file is given.\n"
         "Exit status: 0 a list produced (a job with start-up errors gets them as the causes), "
         "2 bad invocation or unreadable job or log.")
    : N_("Plan flag changes that raise throughput for this job (Megatron-Core 0.20.0), each checked and measured.\n"
         "With --log, start from the MFU measured in the log the run wrote; the job comes from the log's printed "
         "arguments when no job file is given.\n"
         "Exit status: 0 plan produced, 1 the job has start-up errors (the plan is still printed; see "
         "troubleshoot --symptom start-up-error), 2 bad invocation or unreadable job or log."));
  if (!planner_cli_parse_options (command, context, troubleshoot ? entries : entries + 1, &args))
    return PLANNER_EXIT_USAGE;

  if (symptom_text != NULL && !planner_symptom_from_string (symptom_text, &symptom))
    return planner_cli_usage_error (command, _("--symptom: unknown symptom “%s”; give oom, low-mfu, slow, "
                                      "diverging, start-up-error, hang or hang-mid-run"), symptom_text);
  if (troubleshoot && symptom_text == NULL && log_path == NULL)
    return planner_cli_usage_error (command, _("--symptom is required: oom, low-mfu, slow, diverging, "
                                      "start-up-error, hang or hang-mid-run (or give --log FILE to read them from the run's log)"));
  if ((mfu_text != NULL && !planner_cli_parse_positive (command, "--mfu", mfu_text, MAX_MFU, &mfu)) ||
      (time_text != NULL &&
       !planner_cli_parse_positive (command, "--iteration-time", time_text, MAX_ITERATION_TIME, &seconds)) ||
      (tflops_text != NULL &&
       !planner_cli_parse_positive (command, "--tflops-per-gpu", tflops_text, MAX_TFLOPS_PER_GPU, &tflops)))
    return PLANNER_EXIT_USAGE;
  if (per_node_text != NULL && !planner_cli_parse_count (command, "--gpus-per-node", per_node_text, 72, &per_node))
    return PLANNER_EXIT_USAGE;
  if (apply_text != NULL && g_strcmp0 (apply_text, "all") != 0)
    {
      if (!planner_cli_parse_count (command, "--apply", apply_text, G_MAXUINT - 1, &index))
        return PLANNER_EXIT_USAGE;
      index--;
    }
  /* Every option does something, or the command says why not. */
  if (output != NULL && apply_text == NULL)
    return planner_cli_usage_error (command, _("--output writes the job with a plan applied: give --apply N or --apply all"));
  if (force && output == NULL)
    return planner_cli_usage_error (command, _("--force needs --output FILE"));
  if (json && apply_text != NULL)
    return planner_cli_usage_error (command, _("--json prints the plan; --apply prints the changed fields: "
                                      "give one of them"));
  if (output != NULL)
    {
      int status = planner_cli_check_output (command, output, force);

      if (status != PLANNER_EXIT_OK)
        return status;
    }

  n_rest = rest != NULL ? g_strv_length (rest) : 0;
  if (n_rest > 1)
    return planner_cli_usage_error (command, _("give one job file, not %u"), n_rest);

  if (log_path != NULL)
    {
      if (mfu_text != NULL || time_text != NULL || tflops_text != NULL)
        return planner_cli_usage_error (command, _("--log measures the MFU from the logged throughput: give no "
                                          "--mfu, --iteration-time or --tflops-per-gpu with it"));
      return run_log (command, troubleshoot, log_path, n_rest == 1 ? rest[0] : NULL, symptom_text != NULL, symptom,
                      gpu_id, (guint) per_node, json, apply_text, index, output, force);
    }
  if (gpu_id != NULL || per_node_text != NULL)
    return planner_cli_usage_error (command, _("--gpu and --gpus-per-node describe a log's run: give them with --log"));
  if (n_rest == 0)
    return planner_cli_usage_error (command, _("give the job file (JOB.json), or --log FILE"));

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
    print_text (plan, TRUE);

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
