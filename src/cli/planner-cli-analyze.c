/* planner-cli-analyze.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "planner-analyze.h"
#include "planner-cli-private.h"
#include "planner-release-move.h"
#include "planner-release.h"
#include "planner-hf-config.h"
#include "planner-import.h"
#include "planner-log.h"
#include "planner-release-checkout.h"
#include "planner-report-json.h"

#define COMMAND "analyze"
#define GIB     (1024.0 * 1024.0 * 1024.0)

/* Larger than any real vocabulary by far; keeps every product finite. */
#define MAX_VOCAB ((guint64) 1 << 32)

/* A JSON object: the start of a job file, never of a script or a log. */
static gboolean
looks_like_json_object (const char *contents,
                        gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isspace (contents[i]))
        return contents[i] == '{';
    }
  return FALSE;
}

/* FILE is read once and sniffed by what it holds, as the window opens
 * files: a job file is analyzed as a job, a launch script or command line
 * is imported, and a training log is named with the command that reads
 * it.  Sets *@job or returns the import; NULL with @error otherwise. */
static PlannerImport *
import_file (const char  *path,
             PlannerJob **job,
             GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!planner_cli_read_file (path, PLANNER_IMPORT_MAX_BYTES, _("launch script"), &contents, &length, error))
    return NULL;
  if (looks_like_json_object (contents, length))
    {
      *job = planner_cli_load_job_from_data (path, contents, length, error);
      return NULL;
    }
  if (planner_log_looks_like_log (contents, MIN (length, PLANNER_LOG_SNIFF_BYTES)))
    {
      const char *name = g_str_equal (path, "-") ? _("standard input") : path;

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a file name; keep the command in English */
                   _("%s is a training log, not a launch script; read it with "
                     "“launch-planner-cli troubleshoot --log FILE”"), name);
      return NULL;
    }
  return planner_import_script_for (planner_cli_release_for (NULL), contents, length, error);
}

static void
print_gib_row (const char *label,
               double      bytes)
{
  g_print ("  %-28s %9.2f GiB\n", label, bytes / GIB);
}

static void
print_memory (const PlannerReport *report)
{
  const PlannerMegatronMemory *megatron = planner_report_get_megatron_memory (report);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (report);
  const PlannerGpu *gpu = planner_report_get_gpu (report);
  static const PlannerMemoryComponent rows[] = {
    PLANNER_MEMORY_WEIGHTS, PLANNER_MEMORY_GRADIENTS, PLANNER_MEMORY_OPTIMIZER,
    PLANNER_MEMORY_ACTIVATIONS, PLANNER_MEMORY_LOGITS, PLANNER_MEMORY_OVERHEAD,
  };
  g_autofree char *reasons = NULL;

  if (megatron == NULL || estimate == NULL)
    return;

  if (megatron->weights_only)
    {
      /* Translators: %s is a Megatron-Core release, 0.14.0 */
      g_print (_("\nMemory per GPU, as Megatron's theoretical_memory_usage reports it (weights and optimizer only: "
                 "Megatron-Core %s prints no activations without sequence parallelism and selective recompute)\n"),
               planner_report_get_megatron_version (report));
      print_gib_row (_("weights and optimizer"), megatron->weight_and_optimizer_bytes);
    }
  else
    {
      g_print (megatron->used_sp_formula
               ? _("\nMemory per GPU, as Megatron's theoretical_memory_usage reports it (sequence-parallel formula)\n")
               : _("\nMemory per GPU, as Megatron's theoretical_memory_usage reports it (non-sequence-parallel formula)\n"));
      print_gib_row (_("weights and optimizer"), megatron->weight_and_optimizer_bytes);
      print_gib_row (_("activations"), megatron->activation_bytes);
      print_gib_row (_("total"), megatron->total_bytes);
    }

  if (gpu != NULL)
    /* Translators: %s is the GPU's name */
    g_print (_("\nMemory per GPU, the planner's estimate by pipeline stage on %s\n"), gpu->name);
  else
    g_print (_("\nMemory per GPU, the planner's estimate by pipeline stage (no GPU given: pass --gpu to check the fit)\n"));
  g_print ("  %-28s", "");
  for (guint s = 0; s < estimate->n_stages; s++)
    {
      g_autofree char *title = g_strdup_printf (_("stage %u"), estimate->stages[s].stage);

      g_print (" %13s", title);
    }
  g_print ("\n");
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      g_print ("  %-28s", planner_memory_component_label (rows[r]));
      for (guint s = 0; s < estimate->n_stages; s++)
        g_print (" %9.2f GiB", estimate->stages[s].bytes[rows[r]] / GIB);
      g_print ("\n");
    }
  g_print ("  %-28s", _("total"));
  for (guint s = 0; s < estimate->n_stages; s++)
    g_print (" %9.2f GiB", estimate->stages[s].total_bytes / GIB);
  g_print ("\n");
  if (gpu != NULL)
    {
      g_print ("  %-28s", _("headroom"));
      for (guint s = 0; s < estimate->n_stages; s++)
        g_print (" %9.2f GiB", estimate->stages[s].headroom_bytes / GIB);
      g_print (estimate->fits
               /* Translators: %s is the GPU's name */
               ? _("\n  %s: %.2f GiB per GPU; every stage fits ✓\n")
               : _("\n  %s: %.2f GiB per GPU; does not fit ✗\n"), gpu->name, estimate->capacity_bytes / GIB);
    }
  g_print (_("  Allowance outside the model's tensors: CUDA context %.2f GiB, NCCL %.2f GiB, workspaces %.2f GiB; "
             "the allocator's cache (%.0f%% of the activations) is given back before running out\n"),
           estimate->cuda_context_bytes / GIB, estimate->nccl_bytes / GIB, estimate->workspace_bytes / GIB,
           estimate->fragmentation_fraction * 100);
  reasons = planner_memory_diff_describe (estimate->difference);
  if (reasons != NULL && *reasons != '\0')
    {
      g_auto(GStrv) lines = g_strsplit (reasons, "\n", -1);

      if (estimate->megatron_weights_only)
        g_print (_("  Versus Megatron's figure: %+.2f GiB of weights, gradients and optimizer states on the first "
                   "stage, because:\n"), estimate->difference_bytes / GIB);
      else
        g_print (_("  Versus Megatron's figure: %+.2f GiB on the first stage, because:\n"),
                 estimate->difference_bytes / GIB);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          if (*lines[i] != '\0')
            g_print ("    - %s\n", lines[i]);
        }
    }
}

static void
print_text (const PlannerReport *report,
            PlannerJob          *job)
{
  const PlannerConfig *config = planner_report_get_config (report);
  const char *expert = planner_report_get_expert_summary (report);
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);
  g_autofree char *checkout = job != NULL ? planner_release_describe_checkout (job, NULL, NULL) : NULL;

  g_print ("Megatron-Core %s\n", planner_report_get_megatron_version (report));
  if (checkout != NULL)
    g_print ("             %s\n", checkout);
  /* Translators: the headings of analyze's summary; keep the values in one column */
  g_print (_("Layout       %s\n"), planner_report_get_summary (report));
  if (expert != NULL)
    g_print (_("Experts      %s\n"), expert);
  if (config != NULL)
    {
      g_print (_("Batch        global %" PRIu64 " = micro %u × DP %u × %" PRIu64 " microbatches\n"),
               config->global_batch_size, config->micro_batch_size, config->layout.dp, config->num_microbatches);
      g_print (_("Vocabulary   %" PRIu64 " padded to %" PRIu64 " (depends on TP)\n"),
               config->vocab_size, config->padded_vocab_size);
      g_print (_("FLOPs        %.4e per iteration (Megatron's num_floating_point_operations)\n"),
               planner_report_get_flops (report));
    }
  print_memory (report);
  if (planner_report_get_layout_rank (report) != NULL)
    g_print (_("\nRanking      %s\n"), planner_report_get_layout_rank (report)->text);

  g_print (_("\n%u error(s), %u warning(s), %u note(s)\n"),
           planner_report_count (report, PLANNER_SEVERITY_ERROR),
           planner_report_count (report, PLANNER_SEVERITY_WARNING),
           planner_report_count (report, PLANNER_SEVERITY_INFO));
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *flags = g_strjoinv (" ", d->flags);

      if (d->line > 0)
        /* Translators: the severity and the id stay English; %u is a line of the script */
        g_print (_("%-7s %s (line %u)\n"), planner_severity_to_string (d->severity), d->code, d->line);
      else
        g_print ("%-7s %s\n", planner_severity_to_string (d->severity), d->code);
      g_print ("        %s\n", d->message);
      if (d->fix != NULL)
        g_print (_("        fix: %s\n"), d->fix);
      if (*flags != '\0')
        g_print (_("        flags: %s\n"), flags);
    }
}

static void
print_json (const PlannerReport *report,
            PlannerJob          *job)
{
  g_autoptr(JsonNode) root = planner_report_to_json (report);
  g_autofree char *checkout = NULL;
  const char *detected = NULL;
  gboolean matches = FALSE;

  /* What the job's Megatron-LM checkout says of the release (issue 20). */
  if (job != NULL && (checkout = planner_release_describe_checkout (job, &matches, &detected)) != NULL)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "path", planner_job_get_string (job, "megatron-dir"));
      if (detected != NULL)
        json_object_set_string_member (object, "release", detected);
      else
        json_object_set_null_member (object, "release");
      json_object_set_boolean_member (object, "matches", matches);
      json_object_set_string_member (object, "message", checkout);
      json_object_set_object_member (json_node_get_object (root), "megatron_checkout", object);
    }
  planner_cli_print_json (root);
}

/* analyze --to: what moving to another release changes; exit 1 when the
 * other release refuses the job. */
static int
print_move (const PlannerReport *report,
            const PlannerReport *moved,
            gboolean             json)
{
  g_autoptr(PlannerReleaseMove) move = planner_release_move_new (report, moved);

  if (json)
    {
      g_autoptr(JsonNode) root = planner_release_move_to_json (move);

      planner_cli_print_json (root);
    }
  else
    {
      g_autofree char *text = planner_release_move_to_text (move);

      g_print ("%s", text);
    }
  return planner_report_count (moved, PLANNER_SEVERITY_ERROR) > 0 ? PLANNER_EXIT_JOB_ERRORS : PLANNER_EXIT_OK;
}

int
planner_cli_analyze (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autofree char *world_text = NULL;
  g_autofree char *vocab_text = NULL;
  g_autofree char *gpu_id = NULL;
  g_autofree char *model_id = NULL;
  g_autofree char *hf_path = NULL;
  g_autofree char *to_text = NULL;
  const char *to = NULL;
  g_autoptr(PlannerReport) moved = NULL;
  g_autoptr(PlannerHfConfig) hf_config = NULL;
  g_auto(GStrv) rest = NULL;
  gboolean json = FALSE;
  PlannerAnalyzeOptions options = { 0 };
  const GOptionEntry entries[] = {
    { "world-size", 0, 0, G_OPTION_ARG_STRING, &world_text, N_("Number of GPUs (else from --nnodes × --nproc-per-node)"), "N" },
    { "vocab-size", 0, 0, G_OPTION_ARG_STRING, &vocab_text, N_("Vocabulary size before padding"), "V" },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &gpu_id, N_("GPU type from the catalog, to check the memory fit"), "TYPE" },
    { "model", 0, 0, G_OPTION_ARG_STRING, &model_id, N_("Catalog model filling in what the arguments leave out"), "PRESET" },
    { "hf-config", 0, 0, G_OPTION_ARG_FILENAME, &hf_path,
      N_("Or: a Hugging Face config.json (or its folder) filling in what the arguments leave out; overrides --model"),
      N_("FILE") },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to_text,
      N_("Say what changes when the job moves to this Megatron-Core release: options to respell or drop, "
         "defaults that moved and matter to the job, start-up checks that now refuse or accept it, and "
         "features it could now use"), "X.Y.Z" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "FILE | - | -- COMMAND-LINE…" },
    { NULL }
  };
  /* parse_strv frees what it consumes, so it gets its own copy.  It stops
   * at "--", so the Megatron arguments after it are never taken for ours. */
  g_auto(GStrv) args = g_strdupv (argv);

  context = g_option_context_new ("( FILE | - | -- COMMAND-LINE… )");
  g_option_context_set_summary (context,
                                N_("Check Megatron-Core 0.20.0 arguments, a torchrun/srun line, a whole script or a job file "
                                   "(told by its content), and report the layout, diagnostics, FLOPs and memory.  FILE “-” reads standard input.\n"
                                   "Exit status: 0 no errors, 1 the job has errors, 2 bad invocation or unreadable input."));
  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    return PLANNER_EXIT_USAGE;

  if (world_text != NULL &&
      !planner_cli_parse_count (COMMAND, "--world-size", world_text, PLANNER_MAX_WORLD_SIZE, &options.world_size))
    return PLANNER_EXIT_USAGE;
  if (vocab_text != NULL &&
      !planner_cli_parse_count (COMMAND, "--vocab-size", vocab_text, MAX_VOCAB, &options.vocab_size))
    return PLANNER_EXIT_USAGE;
  if (to_text != NULL)
    {
      to = planner_release_resolve (to_text, &error);
      if (to == NULL)
        return planner_cli_usage_error (COMMAND, "--to: %s", error->message);
    }
  options.gpu_id = gpu_id;
  options.model_id = model_id;
  options.megatron_version = planner_cli_release_for (NULL);
  if (hf_path != NULL)
    {
      hf_config = planner_hf_config_new_from_file (hf_path, &error);
      if (hf_config == NULL)
        return planner_cli_usage_error (COMMAND, "--hf-config: %s", error->message);
      options.model_id = NULL;
      options.model_args = planner_hf_config_get_args (hf_config);
    }

  /* What is left is FILE, or, after "--", the command line (GOption
   * gathers everything after "--" into @rest and drops the "--"). */
  {
    gboolean dashdash = FALSE;
    guint n = rest != NULL ? g_strv_length (rest) : 0;

    for (int i = 1; i < argc; i++)
      {
        if (g_str_equal (argv[i], "--"))
          {
            dashdash = TRUE;
            break;
          }
      }

    if (dashdash)
      {
        if (n == 0)
          return planner_cli_usage_error (COMMAND, _("nothing after “--”: give the Megatron arguments or the launch command"));
        import = planner_import_argv_for (planner_cli_release_for (NULL), (const char * const *) rest, &error);
      }
    else if (n == 1)
      import = import_file (rest[0], &job, &error);
    else if (n == 0)
      return planner_cli_usage_error (COMMAND, _("give a script FILE, or “--” followed by the command line"));
    else
      return planner_cli_usage_error (COMMAND, _("give one script FILE, or put the command line after “--”"));
  }

  if (job != NULL)
    {
      /* A job names its own GPU, model and world; options that would
       * fill them in for a script would be silently ignored. */
      if (world_text != NULL || vocab_text != NULL || gpu_id != NULL || model_id != NULL || hf_path != NULL)
        return planner_cli_usage_error (COMMAND, _("a job file sets the world size, vocabulary, GPU and model itself: "
                                                   "drop --world-size, --vocab-size, --gpu, --model and --hf-config, "
                                                   "or change them in the job"));
      report = planner_analyze_job (job);
      if (to != NULL)
        {
          g_autofree char *from = g_strdup (planner_report_get_megatron_version (report));

          /* The job as it would be for the other release, its drafts' environment included. */
          g_object_set (job, "megatron-version", to, NULL);
          moved = planner_analyze_job (job);
          g_object_set (job, "megatron-version", from, NULL);
        }
    }
  else
    {
      if (import == NULL)
        return planner_cli_usage_error (COMMAND, "%s", error->message);

      report = planner_analyze_import (import, &options, &error);
      if (report == NULL)
        return planner_cli_usage_error (COMMAND, "%s", error->message);
      if (to != NULL)
        {
          PlannerAnalyzeOptions other = options;

          other.megatron_version = to;
          moved = planner_analyze_import (import, &other, NULL);
        }
    }

  if (moved != NULL)
    return print_move (report, moved, json);

  if (json)
    print_json (report, job);
  else
    print_text (report, job);

  return planner_report_count (report, PLANNER_SEVERITY_ERROR) > 0 ? PLANNER_EXIT_JOB_ERRORS : PLANNER_EXIT_OK;
}
