/* planner-script.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-script"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-script.h"
#include "planner-draft-env.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>

#include "planner-analyze.h"
#include "planner-catalog.h"
#include "planner-field-check.h"
#include "planner-flag-catalog.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-script-memcheck.h"
#include "planner-script-common-private.h"
#include "planner-script-release.h"
#include "planner-release.h"
#include "planner-release-args.h"
#include "planner-shell.h"
#include "planner-write-file.h"

#define DRAFT_LINE_PREFIX    "# DRAFT for review, not approved."
#define APPROVED_LINE_PREFIX "# Approved for export on "

const char *
planner_script_launcher_to_string (PlannerScriptLauncher launcher)
{
  switch (launcher)
    {
    case PLANNER_SCRIPT_TORCHRUN:
      return "torchrun";
    case PLANNER_SCRIPT_SLURM:
      return "slurm";
    case PLANNER_SCRIPT_MEMORY_CHECK:
      return "memory-check";
    default:
      return "torchrun";
    }
}

gboolean
planner_script_launcher_from_string (const char            *text,
                                     PlannerScriptLauncher *launcher)
{
  if (g_strcmp0 (text, "torchrun") == 0)
    *launcher = PLANNER_SCRIPT_TORCHRUN;
  else if (g_strcmp0 (text, "slurm") == 0)
    *launcher = PLANNER_SCRIPT_SLURM;
  else if (g_strcmp0 (text, "memory-check") == 0)
    *launcher = PLANNER_SCRIPT_MEMORY_CHECK;
  else
    return FALSE;
  return TRUE;
}

/* ---- What the job must hold before there is a script ---- */

typedef struct
{
  PlannerJob         *job;
  GPtrArray          *problems;   /* char*: one reason each, naming the field */
} Check;

static void G_GNUC_PRINTF (2, 3)
problem (Check      *check,
         const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (check->problems, g_strdup_vprintf (format, args));
  va_end (args);
}

static const char *
effective_tokenizer (PlannerJob         *job,
                     const PlannerModel *model)
{
  const char *type = planner_job_get_string (job, "tokenizer-type");

  if (*type != '\0')
    return type;
  if (model != NULL && model->tokenizer_type != NULL)
    return model->tokenizer_type;
  /* pretrain_gpt.py's own default. */
  return "GPT2BPETokenizer";
}

/* The field checks' errors that stop this launcher's script: the SLURM
 * fields only matter to the SLURM script. */
static GPtrArray *
blocking_problems (PlannerJob            *job,
                   PlannerScriptLauncher  launcher,
                   const PlannerWords    *words)
{
  g_autoptr(GPtrArray) all = planner_field_check_in (job, NULL, words);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_field_problem_free);

  for (guint i = 0; i < all->len; i++)
    {
      PlannerFieldProblem *p = g_ptr_array_index (all, i);

      if (p->severity != PLANNER_SEVERITY_ERROR)
        continue;
      if (launcher != PLANNER_SCRIPT_SLURM && g_str_has_prefix (p->key, "launch.slurm_"))
        continue;
      g_ptr_array_add (out, g_steal_pointer (&all->pdata[i]));
    }
  return out;
}

/* ---- Writing ---- */

/* Quoted words; a comma is quoted too, so "99,1,0" is not read as a
 * mistaken array separator by people (or shellcheck). */
static char *
join_words (GPtrArray *words)
{
  GString *line = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    {
      const char *word = g_ptr_array_index (words, i);
      g_autofree char *quoted = planner_shell_quote (word);

      if (i > 0)
        g_string_append_c (line, ' ');
      if (quoted[0] != '\'' && strchr (word, ',') != NULL)
        g_string_append_printf (line, "'%s'", word);
      else
        g_string_append (line, quoted);
    }
  return g_string_free (line, FALSE);
}

static void
append_array (GString           *out,
              const PlannerArgs *args,
              GHashTable        *model_dests,
              GHashTable        *extra_dests,
              GHashTable        *recommended_dests,
              const char        *model_title)
{
  enum { NONE, MODEL, JOB, RECOMMENDED, EXTRA } section = NONE;

  g_string_append (out, "MEGATRON_ARGS=(\n");
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *line = NULL;
      int wanted = g_hash_table_contains (extra_dests, dest) ? EXTRA
                 : g_hash_table_contains (recommended_dests, dest) ? RECOMMENDED
                 : g_hash_table_contains (model_dests, dest) ? MODEL : JOB;

      if (wanted != (int) section)
        {
          section = wanted;
          /* What Use Recommended added is the recommendation's, never
           * called the person's (issue 23 #6). */
          g_string_append (out, section == MODEL ? "    # Model: " : section == JOB
                           ? "    # Layout, precision, schedule, data, checkpoints, logging\n"
                           : section == RECOMMENDED
                           ? "    # Added by the recommendation (advanced.recommended_args)\n"
                           : "    # Your extra arguments (advanced.extra_args)\n");
          if (section == MODEL)
            g_string_append_printf (out, "%s\n", model_title);
        }
      planner_args_append_words (args, dest, words);
      line = join_words (words);
      g_string_append_printf (out, "    %s\n", line);
    }
  g_string_append (out, ")\n\n");
}

/* One comment line, whatever the message holds. */
static void
append_comment_line (GString    *out,
                     const char *prefix,
                     const char *message)
{
  g_auto(GStrv) lines = g_strsplit (message, "\n", -1);

  g_string_append_printf (out, "%s%s", prefix, lines[0]);
  for (guint l = 1; lines[l] != NULL; l++)
    g_string_append_printf (out, " %s", lines[l]);
  g_string_append_c (out, '\n');
}

static void
append_header (GString              *out,
               PlannerJob           *job,
               PlannerScriptLauncher launcher,
               const PlannerModel   *model,
               const PlannerGpu     *gpu,
               PlannerReport        *report,
               const char           *not_ready)
{
  GPtrArray *diagnostics = report != NULL ? planner_report_get_diagnostics (report) : NULL;
  const char *expert = report != NULL ? planner_report_get_expert_summary (report) : NULL;
  const char *memory = report != NULL ? planner_report_get_memory_summary (report) : NULL;
  guint n_warnings = 0;

  g_string_append_printf (out,
                          DRAFT_LINE_PREFIX " Review every line; the planner has run nothing.\n"
                          "# Generated for Megatron-Core %s (Megatron-LM %s) by Launch Planner %s, launcher: %s.\n",
                          planner_job_get_string (job, "megatron-version"),
                          planner_flag_catalog_get_megatron_commit_in (planner_job_get_string (job, "megatron-version")),
                          PACKAGE_VERSION,
                          planner_script_launcher_to_string (launcher));
  if (not_ready != NULL)
    g_string_append (out, not_ready);
  if (model != NULL)
    g_string_append_printf (out, "# Model: %s (%s). ", model->name, model->id != NULL ? model->id : "custom");
  else
    g_string_append (out, "# Model: not chosen yet. ");
  g_string_append_printf (out, "GPUs: %u node%s × %u %s.\n",
                          planner_job_get_uint (job, "nodes"),
                          planner_job_get_uint (job, "nodes") == 1 ? "" : "s",
                          planner_job_get_uint (job, "gpus-per-node"), gpu != NULL ? gpu->name : "GPUs");
  if (report != NULL)
    g_string_append_printf (out, "# Layout: %s\n", planner_report_get_summary (report));
  if (expert != NULL)
    g_string_append_printf (out, "# Experts: %s\n", expert);
  if (memory != NULL)
    g_string_append_printf (out, "# Memory: %s\n", memory);

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *prefix = NULL;

      if (d->severity != PLANNER_SEVERITY_WARNING)
        continue;
      if (n_warnings++ == 0)
        g_string_append (out, "# Warnings to review:\n");
      prefix = g_strdup_printf ("#   [%s] ", d->code);
      append_comment_line (out, prefix, d->message);
    }
}

static void
append_environment (GString          *out,
                    gboolean          max_connections,
                    gboolean          expandable_segments)
{
  g_string_append (out, "set -euo pipefail\n\n");
  if (max_connections)
    g_string_append (out,
                     "# Megatron requires one CUDA connection with tensor or context parallelism\n"
                     "# on GPUs before Blackwell, so communication and compute overlap in order.\n"
                     "export CUDA_DEVICE_MAX_CONNECTIONS=1\n\n");
  if (expandable_segments)
    g_string_append (out,
                     "# Let PyTorch's allocator grow and give back segments, so memory the estimate\n"
                     "# counts as free is free (NVIDIA's recipes do the same); yours, if set, is kept.\n"
                     "export PYTORCH_CUDA_ALLOC_CONF=\"${PYTORCH_CUDA_ALLOC_CONF:-expandable_segments:True}\"\n\n");
}

static void
append_program (GString    *out,
                PlannerJob *job)
{
  const char *dir = planner_job_get_string (job, "megatron-dir");

  if (*dir != '\0')
    {
      g_autofree char *quoted = planner_shell_quote (dir);

      g_string_append_printf (out, "# Your Megatron-LM checkout.\nMEGATRON_LM=%s\n", quoted);
    }
}

static const char *
program_word (PlannerJob *job)
{
  return *planner_job_get_string (job, "megatron-dir") != '\0'
         ? "\"$MEGATRON_LM/pretrain_gpt.py\"" : "pretrain_gpt.py";
}

static void
append_torchrun (GString    *out,
                 PlannerJob *job)
{
  guint nodes = planner_job_get_uint (job, "nodes");

  append_program (out, job);
  g_string_append_printf (out, "NNODES=%u\nGPUS_PER_NODE=%u\n", nodes, planner_job_get_uint (job, "gpus-per-node"));
  if (nodes == 1)
    {
      g_string_append_printf (out, "MASTER_ADDR=localhost\nMASTER_PORT=%u\nNODE_RANK=0\n\n",
                              planner_job_get_uint (job, "rdzv-port"));
    }
  else
    {
      g_string_append_printf (out,
                              "# Run this script once on each of the %u nodes.  You (or your scheduler)\n"
                              "# provide the rendezvous host, the first node, and this node's rank.\n"
                              ": \"${MASTER_ADDR:?set MASTER_ADDR to the host name of the first node}\"\n"
                              ": \"${NODE_RANK:?set NODE_RANK to the rank of this node, 0 to %u}\"\n"
                              "MASTER_PORT=\"${MASTER_PORT:-%u}\"\n\n",
                              nodes, nodes - 1, planner_job_get_uint (job, "rdzv-port"));
    }
}

static void
append_torchrun_command (GString    *out,
                         PlannerJob *job)
{
  g_string_append_printf (out,
                          "torchrun \\\n"
                          "    --nnodes \"$NNODES\" \\\n"
                          "    --nproc-per-node \"$GPUS_PER_NODE\" \\\n"
                          "    --node-rank \"$NODE_RANK\" \\\n"
                          "    --master-addr \"$MASTER_ADDR\" \\\n"
                          "    --master-port \"$MASTER_PORT\" \\\n"
                          "    %s \"${MEGATRON_ARGS[@]}\"\n",
                          program_word (job));
}

static void
append_sbatch_header (GString    *out,
                      PlannerJob *job,
                      const char *name)
{
  const char *partition = planner_job_get_string (job, "slurm-partition");
  const char *account = planner_job_get_string (job, "slurm-account");
  const char *time_limit = planner_job_get_string (job, "slurm-time");
  guint cpus = planner_job_get_uint (job, "slurm-cpus-per-task");

  g_string_append_printf (out,
                          "#SBATCH --job-name=%s\n"
                          "#SBATCH --nodes=%u\n"
                          "#SBATCH --ntasks-per-node=1\n"
                          "#SBATCH --gpus-per-node=%u\n",
                          name,
                          planner_job_get_uint (job, "nodes"),
                          planner_job_get_uint (job, "gpus-per-node"));
  if (cpus > 0)
    g_string_append_printf (out, "#SBATCH --cpus-per-task=%u\n", cpus);
  if (*partition != '\0')
    g_string_append_printf (out, "#SBATCH --partition=%s\n", partition);
  if (*account != '\0')
    g_string_append_printf (out, "#SBATCH --account=%s\n", account);
  if (*time_limit != '\0')
    g_string_append_printf (out, "#SBATCH --time=%s\n", time_limit);
  g_string_append (out, "#SBATCH --exclusive\n");
  /* What is the user's to decide is said, not guessed. */
  if (cpus == 0)
    g_string_append (out, "# CPUs per node: your cluster's; add \"#SBATCH --cpus-per-task=N\" (launch.slurm_cpus_per_task).\n");
  if (*partition == '\0' || *account == '\0')
    g_string_append (out, "# Partition and account: add them if your cluster needs them (launch.slurm_partition, launch.slurm_account).\n");
  if (*time_limit == '\0')
    g_string_append (out, "# Wall-clock limit: yours to set (launch.slurm_time); the planner does not estimate run time.\n");
}

static void
append_slurm_body (GString    *out,
                   PlannerJob *job)
{
  append_program (out, job);
  g_string_append_printf (out,
                          "NNODES=%u\n"
                          "GPUS_PER_NODE=%u\n"
                          "# The rendezvous host is the first node of the allocation.  The whole list\n"
                          "# is read, not piped into head: head would leave early, scontrol would die\n"
                          "# of SIGPIPE on a long list, and pipefail would stop the script.\n"
                          "NODE_LIST=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\")\"\n"
                          "MASTER_ADDR=\"${NODE_LIST%%%%$'\\n'*}\"\n"
                          "MASTER_PORT=%u\n\n",
                          planner_job_get_uint (job, "nodes"),
                          planner_job_get_uint (job, "gpus-per-node"),
                          planner_job_get_uint (job, "rdzv-port"));
}

static void
append_slurm_command (GString    *out,
                      PlannerJob *job)
{
  g_string_append_printf (out,
                          "# One torchrun per node; each starts GPUS_PER_NODE ranks and meets the\n"
                          "# others at the rendezvous endpoint.\n"
                          "srun --nodes=\"$NNODES\" --ntasks-per-node=1 \\\n"
                          "    torchrun \\\n"
                          "    --nnodes \"$NNODES\" \\\n"
                          "    --nproc-per-node \"$GPUS_PER_NODE\" \\\n"
                          "    --rdzv-id \"$SLURM_JOB_ID\" \\\n"
                          "    --rdzv-backend c10d \\\n"
                          "    --rdzv-endpoint \"$MASTER_ADDR:$MASTER_PORT\" \\\n"
                          "    %s \"${MEGATRON_ARGS[@]}\"\n",
                          program_word (job));
}

static void
add_dests (GHashTable        *set,
           const PlannerArgs *args)
{
  for (guint i = 0; args != NULL && i < planner_args_get_n_entries (args); i++)
    g_hash_table_add (set, g_strdup (planner_args_get_dest_at (args, i)));
}

/* The dests @args has once respelled for @release (0.12's norm_epsilon,
 * the vocabulary divisor for --padded-vocab-size): what the person or the
 * recommendation wrote stays in its section under the release's name. */
static void
add_respelled_dests (GHashTable        *set,
                     const PlannerArgs *args,
                     const char        *release)
{
  g_autoptr(PlannerArgs) respelled = NULL;

  if (args == NULL)
    return;
  respelled = planner_args_copy (args);
  planner_release_respell_args (respelled, release);
  add_dests (set, respelled);
}

/* The model's own dests once respelled for @release (0.12's norm_epsilon
 * from a field): they stay in the model's section. */
static void
add_respelled_model_dests (GHashTable        *model_dests,
                           const PlannerArgs *args,
                           const char        *release)
{
  g_autoptr(PlannerArgs) model_only = planner_args_new ();

  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);

      if (g_hash_table_contains (model_dests, dest))
        planner_args_set_list (model_only, dest, planner_args_get_flag (args, dest),
                               planner_args_get_list (args, dest));
    }
  add_respelled_dests (model_dests, model_only, release);
}

static char *
join_problems (GPtrArray *problems)
{
  g_ptr_array_add (problems, NULL);
  return g_strjoinv ("\n", (char **) problems->pdata);
}

/* The model's dimensions first, then the job's settings over them, then
 * the user's extra arguments (which may not repeat a flag the job sets). */
static PlannerArgs *
build_args (PlannerJob         *job,
            const PlannerModel *model,
            GHashTable         *model_dests)
{
  g_autoptr(PlannerArgs) model_args = planner_args_new ();
  g_autoptr(PlannerArgs) job_args = planner_job_to_args (job);
  PlannerArgs *args = planner_args_new ();

  planner_job_model_to_args (job, model_args);
  for (guint i = 0; i < planner_args_get_n_entries (model_args); i++)
    {
      const char *dest = planner_args_get_dest_at (model_args, i);
      /* The job's sequence length and tokenizer win over the model's; a
       * custom architecture's dimensions are in both, equal. */
      const PlannerArgs *from = planner_args_is_set (job_args, dest) ? job_args : model_args;

      if (from == job_args && (g_str_equal (dest, "seq_length") || g_str_equal (dest, "tokenizer_type")))
        continue;
      planner_args_set_list (args, dest, planner_args_get_flag (from, dest), planner_args_get_list (from, dest));
      g_hash_table_add (model_dests, g_strdup (dest));
    }
  for (guint i = 0; i < planner_args_get_n_entries (job_args); i++)
    {
      const char *dest = planner_args_get_dest_at (job_args, i);

      if (planner_args_is_set (args, dest))
        continue;
      planner_args_set_list (args, dest, planner_args_get_flag (job_args, dest),
                             planner_args_get_list (job_args, dest));
    }
  if (model != NULL && g_str_equal (effective_tokenizer (job, model), "NullTokenizer") &&
      !planner_args_is_set (args, "vocab_size"))
    {
      char text[24];

      g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, model->vocab_size);
      planner_args_set (args, "vocab_size", "--vocab-size", text);
    }
  return args;
}

void
planner_script_mark_free (PlannerScriptMark *mark)
{
  if (mark == NULL)
    return;
  g_free (mark->key);
  g_free (mark->label);
  g_free (mark->message);
  g_free (mark);
}

#define MISSING_MARK_PREFIX "<MISSING: "
#define FIX_MARK_PREFIX     "<FIX: "

static char *
mark_text (const char *label,
           gboolean    missing)
{
  return g_strdup_printf ("%s%s>", missing ? MISSING_MARK_PREFIX : FIX_MARK_PREFIX, label);
}

gboolean
planner_script_has_marks (const char *text)
{
  return text != NULL && (strstr (text, MISSING_MARK_PREFIX) != NULL || strstr (text, FIX_MARK_PREFIX) != NULL);
}

/* The copy of @job the draft's text is written from: each field with a
 * problem holds its mark instead of its value, where the field has a
 * place in the text (a path, a SLURM value, a number Megatron reads). */
static PlannerJob *
marked_job (PlannerJob *job,
            GPtrArray  *problems,
            GPtrArray  *number_marks)
{
  PlannerJob *copy = planner_job_copy (job);

  for (guint i = 0; i < problems->len; i++)
    {
      const PlannerFieldProblem *p = g_ptr_array_index (problems, i);
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (copy), p->field->property);
      g_autofree char *mark = mark_text (p->label, p->missing);
      const PlannerFlagInfo *info = p->field->flags[0] != NULL ? planner_flag_catalog_lookup (p->field->flags[0]) : NULL;

      if (pspec->value_type == G_TYPE_STRING)
        {
          g_auto(GStrv) choices = planner_job_dup_choices (p->field->property);

          /* Choices and the model id have no place for free text. */
          if (choices == NULL && !g_str_equal (p->field->property, "model-id") &&
              !g_str_equal (p->field->property, "extra-args") && !g_str_equal (p->field->property, "recommended-args") &&
              !g_str_equal (p->field->property, "moe-layer-freq"))
            g_object_set (copy, p->field->property, mark, NULL);
        }
      else if (pspec->value_type == G_TYPE_UINT && info != NULL && planner_flag_info_takes_value (info))
        {
          /* A stand-in the writer writes, replaced by the mark afterwards. */
          g_object_set (copy, p->field->property, MAX (G_PARAM_SPEC_UINT (pspec)->minimum, 1u), NULL);
          g_ptr_array_add (number_marks, (gpointer) p);
        }
    }
  return copy;
}

/* The errors Megatron would raise on the job: in a script, a refusal
 * (FALSE with @error); in a draft, a mark each, unless a field's own
 * mark already says it.  @report is made in the reader's words. */
static gboolean
collect_rejections (Check          *check,
                    PlannerJob     *job,
                    PlannerReport  *report,
                    const char     *release,
                    GPtrArray      *field_problems,
                    GPtrArray      *rejections,
                    gboolean        draft,
                    GError        **error)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity != PLANNER_SEVERITY_ERROR)
        continue;
      if (!draft)
        problem (check, "%s%s%s", d->message, d->fix != NULL ? " Fix: " : "", d->fix != NULL ? d->fix : "");
      else
        {
          g_auto(GStrv) keys = planner_field_keys_for_flags (job, (const char *const *) d->flags);
          PlannerScriptMark *mark;
          const PlannerField *shown;
          g_autofree char *message = NULL;
          gboolean known = FALSE;

          /* A field already marked says it better than Megatron's
           * consequence of it (no tokenizer path: the tokenizer fails). */
          for (guint k = 0; keys[k] != NULL && !known; k++)
            for (guint f = 0; f < field_problems->len && !known; f++)
              known = g_str_equal (((PlannerFieldProblem *) g_ptr_array_index (field_problems, f))->key, keys[k]);
          if (known)
            continue;
          mark = g_new0 (PlannerScriptMark, 1);
          message = g_strdup_printf ("%s%s%s", d->message, d->fix != NULL ? " Fix: " : "",
                                     d->fix != NULL ? d->fix : "");

          /* The field the diagnostic names first that the form shows. */
          shown = planner_field_for_diagnostic (job, d);
          if (shown == NULL && keys[0] != NULL)
            shown = planner_field_lookup (keys[0]);
          mark->key = g_strdup (shown != NULL ? shown->key : NULL);
          mark->label = g_strdup (shown != NULL ? planner_field_get_label (shown) : d->code);
          mark->message = g_steal_pointer (&message);
          g_ptr_array_add (rejections, mark);
        }
    }
  if (!draft)
    {
      g_autofree char *text = join_problems (check->problems);

      g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                   _("Megatron-Core %s would reject this job:\n%s"),
                   release, text);
      return FALSE;
    }
  return TRUE;
}

/* What is not in the text by its value, listed before it, marked. */
static GString *
not_ready_text (const GString *body,
                const char    *release,
                GPtrArray     *field_problems,
                GPtrArray     *rejections)
{
  GString *not_ready = g_string_new (NULL);

  g_string_append (not_ready, "# NOT READY: values are missing or wrong, marked <MISSING: …> or <FIX: …>;\n"
                              "# the draft cannot be approved or exported until the job gives them.\n");
  for (guint i = 0; i < field_problems->len; i++)
    {
      const PlannerFieldProblem *p = g_ptr_array_index (field_problems, i);
      g_autofree char *mark = mark_text (p->label, p->missing);
      g_autofree char *prefix = NULL;

      prefix = strstr (body->str, mark) != NULL ? g_strdup ("#   ") : g_strdup_printf ("#   %s ", mark);
      append_comment_line (not_ready, prefix, p->message);
    }
  if (rejections->len > 0)
    g_string_append_printf (not_ready, "# Megatron-Core %s would reject this job:\n", release);
  for (guint i = 0; i < rejections->len; i++)
    {
      const PlannerScriptMark *r = g_ptr_array_index (rejections, i);
      g_autofree char *mark = mark_text (r->label, FALSE);
      g_autofree char *prefix = g_strdup_printf ("#   %s ", mark);

      append_comment_line (not_ready, prefix, r->message);
    }
  return not_ready;
}

/* Where each mark stands: in place when the field has a place in the
 * text, else in the list above it (@out's first @header_len bytes). */
static void
place_marks (GPtrArray     *marks,
             const GString *out,
             gsize          header_len,
             GPtrArray     *field_problems,
             GPtrArray     *rejections)
{
  for (guint i = 0; i < field_problems->len; i++)
    {
      const PlannerFieldProblem *p = g_ptr_array_index (field_problems, i);
      g_autofree char *text = mark_text (p->label, p->missing);
      const char *at = strstr (out->str + header_len, text);
      PlannerScriptMark *mark = g_new0 (PlannerScriptMark, 1);

      if (at == NULL)
        at = strstr (out->str, text);
      mark->key = g_strdup (p->key);
      mark->label = g_strdup (p->label);
      mark->message = g_strdup (p->message);
      mark->missing = p->missing;
      mark->offset = at != NULL ? (gsize) (at - out->str) : 0;
      mark->length = at != NULL ? strlen (text) : 0;
      g_ptr_array_add (marks, mark);
    }
  for (guint i = 0; i < rejections->len; i++)
    {
      PlannerScriptMark *r = g_ptr_array_index (rejections, i);
      g_autofree char *text = mark_text (r->label, FALSE);
      const char *at = strstr (out->str, text);

      r->offset = at != NULL ? (gsize) (at - out->str) : 0;
      r->length = at != NULL ? strlen (text) : 0;
      g_ptr_array_add (marks, g_steal_pointer (&rejections->pdata[i]));
    }
}

/* The job's errors as Megatron would raise them, in @words: the
 * report of the text (@report, the command line's, which the header
 * quotes) when those are the reader's, else the arguments analyzed again
 * for the reader. */
static PlannerReport *
rejections_report (PlannerReport               *report,
                   const PlannerArgs           *args,
                   GHashTable                  *env,
                   const PlannerAnalyzeOptions *options,
                   const PlannerWords          *words)
{
  PlannerAnalyzeOptions worded = *options;
  PlannerReport *again;

  if (planner_words_get_kind (words) != PLANNER_WORDS_FORM)
    return planner_report_ref (report);
  worded.words = words;
  worded.form_words = TRUE;
  again = planner_analyze_args (args, env, &worded, NULL);
  return again != NULL ? again : planner_report_ref (report);
}

/* @words: the field checks' and Megatron's messages, in the draft's
 * marks and refusals (a script is refused in the command line's). */
static char *
render (PlannerJob             *job,
        PlannerScriptLauncher   launcher,
        gboolean                draft,
        const PlannerWords     *words,
        GPtrArray              *marks,
        GError                **error)
{
  const char *release = planner_job_get_string (job, "megatron-version");
  g_autoptr(PlannerModel) model = NULL;
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(PlannerArgs) recommended = NULL;
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(PlannerArgs) display_args = NULL;
  g_autoptr(PlannerJob) display_job = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(GHashTable) env = NULL;
  g_autoptr(GHashTable) model_dests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) display_model_dests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) extra_dests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) recommended_dests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) field_problems = NULL;
  g_autoptr(GPtrArray) number_marks = g_ptr_array_new ();
  g_autoptr(GPtrArray) rejections = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_script_mark_free);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GString) body = NULL;
  g_autoptr(GString) not_ready = NULL;
  g_autoptr(GString) out = NULL;
  g_autofree char *model_title = NULL;
  PlannerAnalyzeOptions options = { 0 };
  const PlannerGpu *gpu;
  Check check = { job, problems };
  gboolean max_connections;
  gboolean expandable_segments;
  gsize header_len;

  model = planner_job_dup_model (job, NULL);
  gpu = planner_gpu_lookup (planner_job_get_gpu_id (job));
  extra = planner_job_parse_extra_args (job, NULL);
  recommended = planner_job_parse_recommended_args (job, NULL);

  field_problems = blocking_problems (job, launcher, words);
  if (!draft && field_problems->len > 0)
    {
      g_autofree char *text = NULL;

      for (guint i = 0; i < field_problems->len; i++)
        problem (&check, "%s", ((PlannerFieldProblem *) g_ptr_array_index (field_problems, i))->message);
      text = join_problems (problems);
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD, text);
      return NULL;
    }

  args = build_args (job, model, model_dests);
  add_respelled_model_dests (model_dests, args, release);
  add_dests (extra_dests, extra);
  add_dests (recommended_dests, recommended);
  add_respelled_dests (extra_dests, extra, release);
  add_respelled_dests (recommended_dests, recommended, release);
  if (!planner_script_args_for_release (args, release, words, error))
    return NULL;
  if (!planner_script_check_flags_in (args, release, error))
    return NULL;

  /* The same table the analysis of the job reads (planner_analyze_job). */
  env = planner_draft_env (args, gpu, release);
  max_connections = g_hash_table_contains (env, "CUDA_DEVICE_MAX_CONNECTIONS");
  expandable_segments = g_hash_table_contains (env, "PYTORCH_CUDA_ALLOC_CONF");

  if (model != NULL && (gpu != NULL || draft))
    {
      options.world_size = planner_job_get_world_size (job);
      options.gpu_id = gpu != NULL ? gpu->id : NULL;
      options.gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
      options.vocab_size = model->vocab_size;
      options.megatron_version = release;
      /* Without a known GPU nothing can be said about its connections. */
      report = planner_analyze_args (args, gpu != NULL ? env : NULL, &options, &local_error);
      if (report == NULL && !draft)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  if (report != NULL && planner_report_count (report, PLANNER_SEVERITY_ERROR) > 0)
    {
      g_autoptr(PlannerReport) worded = rejections_report (report, args, gpu != NULL ? env : NULL, &options, words);

      if (!collect_rejections (&check, job, worded, release, field_problems, rejections, draft, error))
        return NULL;
    }

  /* The text: written from a copy of the job whose faulty fields hold
   * their marks, so each mark stands where its value would. */
  if (field_problems->len > 0)
    {
      display_job = marked_job (job, field_problems, number_marks);
      display_args = build_args (display_job, model, display_model_dests);
      add_respelled_model_dests (display_model_dests, display_args, release);
      for (guint i = 0; i < number_marks->len; i++)
        {
          const PlannerFieldProblem *p = g_ptr_array_index (number_marks, i);
          const PlannerFlagInfo *info = planner_flag_catalog_lookup (p->field->flags[0]);
          g_autofree char *mark = mark_text (p->label, p->missing);

          if (planner_args_is_set (display_args, info->dest))
            planner_args_set (display_args, info->dest, planner_args_get_flag (display_args, info->dest), mark);
        }
    }
  else
    {
      display_job = g_object_ref (job);
      display_args = planner_args_ref (args);
    }

  body = g_string_new (NULL);
  if (launcher == PLANNER_SCRIPT_SLURM)
    {
      const char *name = planner_job_get_string (display_job, "slurm-job-name");

      if (*name == '\0')
        name = model != NULL && model->id != NULL ? model->id : "megatron";
      append_sbatch_header (body, display_job, name);
    }
  g_string_append_c (body, '\n');
  append_environment (body, max_connections, expandable_segments);
  if (launcher == PLANNER_SCRIPT_SLURM)
    append_slurm_body (body, display_job);
  else
    append_torchrun (body, display_job);

  if (model != NULL)
    model_title = g_strdup_printf ("%s (%s)", model->name, model->id != NULL ? model->id : "custom");
  else
    model_title = g_strdup ("not chosen yet");
  append_array (body, display_args, field_problems->len > 0 ? display_model_dests : model_dests, extra_dests,
                recommended_dests, model_title);

  if (launcher == PLANNER_SCRIPT_SLURM)
    append_slurm_command (body, display_job);
  else
    append_torchrun_command (body, display_job);

  /* What is not in the text by its value is listed before it, marked. */
  if (draft && (field_problems->len > 0 || rejections->len > 0))
    not_ready = not_ready_text (body, release, field_problems, rejections);

  out = g_string_new ("#!/bin/bash\n");
  append_header (out, job, launcher, model, gpu, report, not_ready != NULL ? not_ready->str : NULL);
  header_len = out->len;
  g_string_append_len (out, body->str, body->len);

  if (marks != NULL)
    place_marks (marks, out, header_len, field_problems, rejections);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
planner_script_render (PlannerJob             *job,
                       PlannerScriptLauncher   launcher,
                       GError                **error)
{
  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (launcher == PLANNER_SCRIPT_MEMORY_CHECK)
    return planner_script_render_memory_check (job, NULL, 0, error);
  return render (job, launcher, FALSE, planner_words_job (), NULL, error);
}

char *
planner_script_render_draft (PlannerJob             *job,
                             PlannerScriptLauncher   launcher,
                             GPtrArray             **marks,
                             GError                **error)
{
  PlannerWords form;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  planner_field_words_init (&form, job);
  return planner_script_render_draft_in (job, launcher, &form, marks, error);
}

char *
planner_script_render_draft_in (PlannerJob             *job,
                                PlannerScriptLauncher   launcher,
                                const PlannerWords     *words,
                                GPtrArray             **marks,
                                GError                **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_script_mark_free);
  char *text;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The memory check has nothing to mark: it needs no path and no schedule. */
  if (launcher == PLANNER_SCRIPT_MEMORY_CHECK)
    text = planner_script_render_memory_check_in (job, NULL, 0, words, error);
  else
    text = render (job, launcher, TRUE, words, found, error);
  if (text != NULL && marks != NULL)
    *marks = g_steal_pointer (&found);
  return text;
}

/* ---- Approval and export ---- */

static const char *
find_line (const char *text,
           const char *prefix)
{
  const char *p = text;

  while (p != NULL && *p != '\0')
    {
      if (g_str_has_prefix (p, prefix))
        return p;
      /* Only the header: the first line that is not a comment ends it. */
      if (*p != '#')
        return NULL;
      p = strchr (p, '\n');
      if (p != NULL)
        p++;
    }
  return NULL;
}

gboolean
planner_script_is_approved (const char *text)
{
  return text != NULL && find_line (text, APPROVED_LINE_PREFIX) != NULL;
}

char *
planner_script_approve (const char  *draft,
                        GDateTime   *when,
                        const char  *note,
                        GError     **error)
{
  const char *line;
  const char *end;
  g_autofree char *stamp = NULL;
  GString *out;

  g_return_val_if_fail (draft != NULL, NULL);
  g_return_val_if_fail (when != NULL, NULL);

  line = find_line (draft, DRAFT_LINE_PREFIX);
  if (line == NULL)
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT,
                           planner_script_is_approved (draft)
                           ? _("This script is already approved")
                           : _("This is not a draft written by Launch Planner; only its own drafts can be approved"));
      return NULL;
    }
  if (planner_script_has_marks (draft))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INCOMPLETE,
                           _("This draft still has values marked <MISSING: …> or <FIX: …>; give them in the job, "
                             "then approve the new draft"));
      return NULL;
    }
  if (note != NULL && (strchr (note, '\n') != NULL || strchr (note, '\r') != NULL))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD,
                           _("The approval note must be one line"));
      return NULL;
    }

  end = strchr (line, '\n');
  stamp = g_date_time_format (when, "%Y-%m-%d %H:%M:%S UTC");
  if (g_date_time_get_utc_offset (when) != 0)
    {
      g_autoptr(GDateTime) utc = g_date_time_to_utc (when);

      g_free (stamp);
      stamp = g_date_time_format (utc, "%Y-%m-%d %H:%M:%S UTC");
    }

  out = g_string_new_len (draft, line - draft);
  g_string_append_printf (out, APPROVED_LINE_PREFIX "%s%s%s. Review it before running; the planner has run nothing.",
                          stamp, note != NULL && *note != '\0' ? " by " : "",
                          note != NULL ? note : "");
  if (end != NULL)
    g_string_append (out, end);
  return g_string_free (out, FALSE);
}

gboolean
planner_script_export (const char  *path,
                       const char  *approved,
                       gboolean     force,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (approved != NULL, FALSE);

  if (planner_script_has_marks (approved))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INCOMPLETE,
                           _("This script still has values marked <MISSING: …> or <FIX: …>; nothing was written"));
      return FALSE;
    }
  if (!planner_script_is_approved (approved))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_APPROVED,
                           _("Only an approved script is exported; approve the draft first"));
      return FALSE;
    }
  /* The app's one rule for replacing files, and its atomic writer. */
  if (!planner_write_file (path, approved, strlen (approved), 0755,
                           force ? PLANNER_WRITE_REPLACE : PLANNER_WRITE_NONE, &local_error))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR,
                           g_error_matches (local_error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_IO)
                           ? PLANNER_SCRIPT_ERROR_IO : PLANNER_SCRIPT_ERROR_EXISTS,
                           local_error->message);
      return FALSE;
    }
  return TRUE;
}
