/* planner-script.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-script"

#include "config.h"

#include "planner-script.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>

#include "planner-analyze.h"
#include "planner-catalog.h"
#include "planner-flag-catalog.h"
#include "planner-job-args.h"
#include "planner-script-memcheck.h"
#include "planner-script-private.h"
#include "planner-shell.h"
#include "planner-write-file.h"

G_DEFINE_QUARK (planner-script-error-quark, planner_script_error)

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
field_key (const char *property)
{
  /* The JSON spelling the user sees in the file: section.key. */
  static const struct { const char *property; const char *key; } keys[] = {
    { "data-path", "data.data_path" },
    { "tokenizer-model", "data.tokenizer_model" },
    { "vocab-file", "data.vocab_file" },
    { "merge-file", "data.merge_file" },
    { "save-dir", "checkpoint.save_dir" },
    { "load-dir", "checkpoint.load_dir" },
    { "tensorboard-dir", "logging.tensorboard_dir" },
    { "megatron-dir", "launch.megatron_dir" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (g_str_equal (keys[i].property, property))
        return keys[i].key;
    }
  return property;
}

/* A path the user typed: absolute, one line, and not a placeholder.  The
 * planner never fills one in. */
static void
check_path (Check      *check,
            const char *property,
            gboolean    required,
            const char *why_required)
{
  const char *path = planner_job_get_string (check->job, property);
  const char *key = field_key (property);
  const char *close;

  if (*path == '\0')
    {
      if (required)
        problem (check, "%s is empty: give the absolute path %s", key, why_required);
      return;
    }
  if (!g_utf8_validate (path, -1, NULL))
    {
      problem (check, "%s is not valid UTF-8 text", key);
      return;
    }
  if (strchr (path, '\n') != NULL || strchr (path, '\r') != NULL)
    {
      problem (check, "%s holds a line break; a path in a launch script must be one line", key);
      return;
    }
  for (const char *p = path; *p != '\0'; p++)
    {
      if ((guchar) *p < 0x20 || *p == 0x7f)
        {
          problem (check, "%s holds a control character; remove it", key);
          return;
        }
    }
  if (strstr (path, "path/to/") != NULL || strstr (path, "TODO") != NULL ||
      strstr (path, "FIXME") != NULL || strstr (path, "${") != NULL ||
      ((close = strchr (path, '<')) != NULL && strchr (close, '>') != NULL))
    {
      problem (check, "%s is “%s”, which looks like a placeholder: give the real path", key, path);
      return;
    }
  if (path[0] != '/')
    {
      problem (check, "%s is “%s”, a relative path: give it from the root (/…), as the job may run in another directory",
               key, path);
      return;
    }
}

/* A value that goes after "#SBATCH --x=": sbatch reads these lines itself,
 * without a shell, so only plain words are allowed. */
static void
check_sbatch_value (Check      *check,
                    const char *property,
                    const char *key,
                    const char *allowed)
{
  const char *value = planner_job_get_string (check->job, property);

  for (const char *p = value; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && strchr (allowed, *p) == NULL)
        {
          problem (check, "%s is “%s”: use only letters, digits and “%s”", key, value, allowed);
          return;
        }
    }
}

static gboolean
is_one_of (const char        *value,
           const char *const *choices)
{
  return g_strv_contains (choices, value);
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

static void
check_job (Check              *check,
           PlannerScriptLauncher launcher,
           const PlannerModel *model,
           const PlannerGpu   *gpu,
           const PlannerArgs  *extra)
{
  PlannerJob *job = check->job;
  const char *precision = planner_job_get_string (job, "precision");
  const char *recipe = planner_job_get_string (job, "fp8-recipe");
  const char *tokenizer = effective_tokenizer (job, model);
  static const char *const precisions[] = { "bf16", "fp8", "fp16", NULL };
  static const char *const recipes[] = { "", "delayed", "tensorwise", "mxfp8", "blockwise", NULL };
  static const char *const recomputes[] = { "none", "selective", "full", NULL };
  static const char *const model_file_tokenizers[] = {
    "HuggingFaceTokenizer", "SentencePieceTokenizer", "GPTSentencePieceTokenizer",
    "Llama2Tokenizer", "TikTokenizer", NULL
  };
  gboolean extra_data = extra != NULL && planner_args_is_set (extra, "data_path");

  if (planner_job_get_uint (job, "train-iters") == 0)
    problem (check, "training.train_iters is 0: choose how many iterations to train");

  if (!is_one_of (precision, precisions))
    problem (check, "training.precision is “%s”: choose bf16, fp8 or fp16", precision);
  else if (gpu != NULL && g_str_equal (precision, "bf16") && !gpu->supports_bf16)
    problem (check, "training.precision is bf16, but the %s has no BF16: choose fp16", gpu->name);
  else if (gpu != NULL && g_str_equal (precision, "fp8") && !gpu->supports_fp8)
    problem (check, "training.precision is fp8, but the %s has no FP8 (Hopper, Ada or Blackwell needed): "
             "choose %s", gpu->name, gpu->supports_bf16 ? "bf16" : "fp16");

  if (!is_one_of (recipe, recipes))
    problem (check, "training.fp8_recipe is “%s”: leave it empty (automatic) or choose delayed, tensorwise, "
             "mxfp8 or blockwise", recipe);
  else if (gpu != NULL && g_str_equal (recipe, "mxfp8") && gpu->compute_capability_major < 10)
    problem (check, "training.fp8_recipe is mxfp8, which needs Blackwell; the %s takes delayed or tensorwise",
             gpu->name);

  if (!is_one_of (planner_job_get_string (job, "recompute"), recomputes))
    problem (check, "training.recompute is “%s”: choose none, selective or full",
             planner_job_get_string (job, "recompute"));

  if (planner_job_get_bool (job, "mock-data"))
    {
      if (*planner_job_get_string (job, "data-path") != '\0')
        problem (check, "data.mock_data is on and data.data_path is set: Megatron takes one data source; "
                 "clear one of them");
    }
  else
    check_path (check, "data-path", !extra_data,
                "of your preprocessed data prefix (the .bin/.idx files without extension), or turn on data.mock_data");

  if (g_str_equal (tokenizer, "GPT2BPETokenizer"))
    {
      check_path (check, "vocab-file", TRUE, "of your GPT-2 vocab file (GPT2BPETokenizer needs it)");
      check_path (check, "merge-file", TRUE, "of your GPT-2 merges file (GPT2BPETokenizer needs it)");
    }
  else
    {
      check_path (check, "vocab-file", FALSE, NULL);
      check_path (check, "merge-file", FALSE, NULL);
    }
  if (is_one_of (tokenizer, model_file_tokenizers))
    {
      g_autofree char *why = g_strdup_printf ("of your tokenizer (%s needs it)", tokenizer);

      check_path (check, "tokenizer-model", TRUE, why);
    }
  else
    check_path (check, "tokenizer-model", FALSE, NULL);

  check_path (check, "save-dir", FALSE, NULL);
  check_path (check, "load-dir", FALSE, NULL);
  check_path (check, "tensorboard-dir", FALSE, NULL);
  check_path (check, "megatron-dir", FALSE, NULL);

  if (launcher == PLANNER_SCRIPT_SLURM)
    {
      check_sbatch_value (check, "slurm-partition", "launch.slurm_partition", "_.,-");
      check_sbatch_value (check, "slurm-account", "launch.slurm_account", "_.-");
      check_sbatch_value (check, "slurm-time", "launch.slurm_time", ":-");
    }
}

/* ---- Every flag against the 0.20.0 catalog ---- */

static gboolean
check_flag (const PlannerArgs *args,
            const char        *dest,
            GString           *failures)
{
  const char *flag = planner_args_get_flag (args, dest);
  const char *const *values = planner_args_get_list (args, dest);
  const PlannerFlagInfo *info = flag != NULL ? planner_flag_catalog_lookup (flag) : NULL;
  guint n_values = values != NULL ? g_strv_length ((char **) values) : 0;

  if (info == NULL)
    {
      g_string_append_printf (failures, "%s is not a Megatron-Core %s flag\n",
                              flag != NULL ? flag : dest, planner_flag_catalog_get_megatron_version ());
      return FALSE;
    }
  if (info->status != PLANNER_FLAG_STATUS_OK)
    {
      g_string_append_printf (failures, "%s is %s in Megatron-Core %s\n", flag,
                              planner_flag_status_to_string (info->status),
                              planner_flag_catalog_get_megatron_version ());
      return FALSE;
    }
  if (!g_str_equal (info->dest, dest))
    {
      g_string_append_printf (failures, "%s writes %s, not %s\n", flag, info->dest, dest);
      return FALSE;
    }
  if (!planner_flag_info_takes_value (info))
    {
      /* The spelling must store what the arguments hold. */
      if (planner_flag_info_switch_value (info, flag) != planner_args_get_bool (args, dest, FALSE))
        {
          g_string_append_printf (failures, "%s does not store the value %s\n", flag,
                                  n_values > 0 ? values[0] : "(none)");
          return FALSE;
        }
      return TRUE;
    }
  if (n_values == 0 ||
      (info->nargs == PLANNER_FLAG_NARGS_SINGLE && n_values != 1) ||
      (info->nargs == PLANNER_FLAG_NARGS_FIXED && n_values != info->nargs_count))
    {
      g_string_append_printf (failures, "%s has %u values\n", flag, n_values);
      return FALSE;
    }
  for (guint i = 0; i < n_values; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!planner_flag_catalog_check_value (info, values[i], &error))
        {
          g_string_append_printf (failures, "%s %s: %s\n", flag, values[i], error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_catalog (const PlannerArgs  *args,
               GError            **error)
{
  g_autoptr(GString) failures = g_string_new (NULL);

  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    check_flag (args, planner_args_get_dest_at (args, i), failures);

  if (failures->len == 0)
    return TRUE;

  /* The planner wrote these flags itself: this is a bug in the planner,
   * never something to hand to Megatron. */
  g_string_truncate (failures, failures->len - 1);
  g_warning ("generated arguments failed the flag catalog:\n%s", failures->str);
  g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_CATALOG,
               "Internal error: the planner produced flags Megatron-Core %s would not accept "
               "(please report this):\n%s",
               planner_flag_catalog_get_megatron_version (), failures->str);
  return FALSE;
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
              const char        *model_title)
{
  enum { NONE, MODEL, JOB, EXTRA } section = NONE;

  g_string_append (out, "MEGATRON_ARGS=(\n");
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *line = NULL;
      int wanted = g_hash_table_contains (extra_dests, dest) ? EXTRA
                 : g_hash_table_contains (model_dests, dest) ? MODEL : JOB;

      if (wanted != (int) section)
        {
          section = wanted;
          g_string_append (out, section == MODEL ? "    # Model: " : section == JOB
                           ? "    # Layout, precision, schedule, data, checkpoints, logging\n"
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

static void
append_header (GString              *out,
               PlannerJob           *job,
               PlannerScriptLauncher launcher,
               const PlannerModel   *model,
               const PlannerGpu     *gpu,
               PlannerReport        *report)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);
  const char *expert = planner_report_get_expert_summary (report);
  const char *memory = planner_report_get_memory_summary (report);
  guint n_warnings = 0;

  g_string_append_printf (out,
                          DRAFT_LINE_PREFIX " Review every line; the planner has run nothing.\n"
                          "# Generated for Megatron-Core %s (Megatron-LM %s) by Launch Planner %s, launcher: %s.\n",
                          planner_flag_catalog_get_megatron_version (),
                          planner_flag_catalog_get_megatron_commit (),
                          PACKAGE_VERSION,
                          planner_script_launcher_to_string (launcher));
  g_string_append_printf (out, "# Model: %s (%s). GPUs: %u node%s × %u %s.\n",
                          model->name, model->id != NULL ? model->id : "custom",
                          planner_job_get_uint (job, "nodes"),
                          planner_job_get_uint (job, "nodes") == 1 ? "" : "s",
                          planner_job_get_uint (job, "gpus-per-node"), gpu->name);
  g_string_append_printf (out, "# Layout: %s\n", planner_report_get_summary (report));
  if (expert != NULL)
    g_string_append_printf (out, "# Experts: %s\n", expert);
  if (memory != NULL)
    g_string_append_printf (out, "# Memory: %s\n", memory);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_auto(GStrv) lines = NULL;

      if (d->severity != PLANNER_SEVERITY_WARNING)
        continue;
      if (n_warnings++ == 0)
        g_string_append (out, "# Warnings to review:\n");
      /* A message is one comment line, whatever it holds. */
      lines = g_strsplit (d->message, "\n", -1);
      g_string_append_printf (out, "#   [%s] %s", d->code, lines[0]);
      for (guint l = 1; lines[l] != NULL; l++)
        g_string_append_printf (out, " %s", lines[l]);
      g_string_append_c (out, '\n');
    }
}

static void
append_environment (GString          *out,
                    gboolean          max_connections)
{
  g_string_append (out, "set -euo pipefail\n\n");
  if (max_connections)
    g_string_append (out,
                     "# Megatron requires one CUDA connection with tensor or context parallelism\n"
                     "# on GPUs before Blackwell, so communication and compute overlap in order.\n"
                     "export CUDA_DEVICE_MAX_CONNECTIONS=1\n\n");
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
                          "# The rendezvous host is the first node of the allocation.\n"
                          "MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\"\n"
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
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    g_hash_table_add (set, g_strdup (planner_args_get_dest_at (args, i)));
}

static char *
join_problems (GPtrArray *problems)
{
  g_ptr_array_add (problems, NULL);
  return g_strjoinv ("\n", (char **) problems->pdata);
}

char *
planner_script_render (PlannerJob             *job,
                       PlannerScriptLauncher   launcher,
                       GError                **error)
{
  g_autoptr(PlannerModel) custom = NULL;
  g_autoptr(PlannerArgs) model_args = planner_args_new ();
  g_autoptr(PlannerArgs) job_args = NULL;
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(GHashTable) env = NULL;
  g_autoptr(GHashTable) model_dests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) extra_dests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GString) out = NULL;
  g_autofree char *model_title = NULL;
  PlannerAnalyzeOptions options = { 0 };
  const PlannerModel *model;
  const PlannerGpu *gpu;
  Check check = { job, problems };
  gboolean max_connections;
  guint tp, cp;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (launcher == PLANNER_SCRIPT_MEMORY_CHECK)
    return planner_script_render_memory_check (job, NULL, 0, error);

  model = planner_model_lookup (planner_job_get_model_id (job));
  if (model == NULL && *planner_job_get_model_id (job) == '\0' && planner_job_get_double (job, "params-b") > 0)
    {
      custom = planner_model_new_from_size (planner_job_get_double (job, "params-b"),
                                            planner_job_get_uint (job, "seq-length"), 0, &local_error);
      if (custom == NULL)
        problem (&check, "model.params_b: %s", local_error->message);
      model = custom;
    }
  else if (model == NULL)
    problem (&check, "model.model_id is “%s”: choose a catalog model, or leave it empty and set model.params_b",
             planner_job_get_model_id (job));

  gpu = planner_gpu_lookup (planner_job_get_gpu_id (job));
  if (gpu == NULL)
    problem (&check, "cluster.gpu_id is “%s”, not a GPU in the catalog", planner_job_get_gpu_id (job));

  g_clear_error (&local_error);
  extra = planner_job_parse_extra_args (job, &local_error);
  if (extra == NULL)
    problem (&check, "%s", local_error->message);

  check_job (&check, launcher, model, gpu, extra);
  if (problems->len > 0)
    {
      g_autofree char *text = join_problems (problems);

      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD, text);
      return NULL;
    }

  /* The model's dimensions first, then the job's settings over them, then
   * the user's extra arguments over everything. */
  planner_model_apply_to_args (model, model_args);
  job_args = planner_job_to_args (job);
  for (guint i = 0; i < planner_args_get_n_entries (model_args); i++)
    {
      const char *dest = planner_args_get_dest_at (model_args, i);

      if (!planner_args_is_set (job_args, dest))
        {
          planner_args_set_list (args, dest, planner_args_get_flag (model_args, dest),
                                 planner_args_get_list (model_args, dest));
          g_hash_table_add (model_dests, g_strdup (dest));
        }
    }
  for (guint i = 0; i < planner_args_get_n_entries (job_args); i++)
    {
      const char *dest = planner_args_get_dest_at (job_args, i);

      if (planner_args_is_set (args, dest))
        continue;
      planner_args_set_list (args, dest, planner_args_get_flag (job_args, dest),
                             planner_args_get_list (job_args, dest));
    }
  add_dests (extra_dests, extra);
  if (g_str_equal (effective_tokenizer (job, model), "NullTokenizer") && !planner_args_is_set (args, "vocab_size"))
    {
      char text[24];

      g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, model->vocab_size);
      planner_args_set (args, "vocab_size", "--vocab-size", text);
    }

  if (!check_catalog (args, error))
    return NULL;

  tp = planner_job_get_uint (job, "tp");
  cp = planner_job_get_uint (job, "cp");
  max_connections = (tp > 1 || cp > 1) && gpu->compute_capability_major < 10;
  env = g_hash_table_new (g_str_hash, g_str_equal);
  if (max_connections)
    g_hash_table_insert (env, (gpointer) "CUDA_DEVICE_MAX_CONNECTIONS", (gpointer) "1");

  options.world_size = planner_job_get_world_size (job);
  options.gpu_id = gpu->id;
  options.gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  options.vocab_size = model->vocab_size;
  report = planner_analyze_args (args, env, &options, &local_error);
  if (report == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (planner_report_count (report, PLANNER_SEVERITY_ERROR) > 0)
    {
      GPtrArray *diagnostics = planner_report_get_diagnostics (report);
      g_autofree char *text = NULL;

      for (guint i = 0; i < diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

          if (d->severity == PLANNER_SEVERITY_ERROR)
            problem (&check, "%s%s%s", d->message, d->fix != NULL ? " Fix: " : "", d->fix != NULL ? d->fix : "");
        }
      text = join_problems (problems);
      g_set_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_INVALID,
                   "Megatron-Core %s would reject this job:\n%s",
                   planner_flag_catalog_get_megatron_version (), text);
      return NULL;
    }

  out = g_string_new ("#!/bin/bash\n");
  append_header (out, job, launcher, model, gpu, report);
  /* sbatch reads #SBATCH lines up to the first command; comments may precede them. */
  if (launcher == PLANNER_SCRIPT_SLURM)
    append_sbatch_header (out, job, model->id != NULL ? model->id : "megatron");
  g_string_append_c (out, '\n');
  append_environment (out, max_connections);
  if (launcher == PLANNER_SCRIPT_SLURM)
    append_slurm_body (out, job);
  else
    append_torchrun (out, job);

  model_title = g_strdup_printf ("%s (%s)", model->name, model->id != NULL ? model->id : "custom size");
  append_array (out, args, model_dests, extra_dests, model_title);

  if (launcher == PLANNER_SCRIPT_SLURM)
    append_slurm_command (out, job);
  else
    append_torchrun_command (out, job);

  return g_string_free (g_steal_pointer (&out), FALSE);
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
                           ? "This script is already approved"
                           : "This is not a draft written by Launch Planner; only its own drafts can be approved");
      return NULL;
    }
  if (note != NULL && (strchr (note, '\n') != NULL || strchr (note, '\r') != NULL))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_FIELD,
                           "The approval note must be one line");
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

  if (!planner_script_is_approved (approved))
    {
      g_set_error_literal (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_APPROVED,
                           "Only an approved script is exported; approve the draft first");
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

gboolean
planner_script_check_flags (const PlannerArgs  *args,
                            GError            **error)
{
  return check_catalog (args, error);
}
