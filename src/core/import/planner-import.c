/* planner-import.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-import"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "planner-import.h"

#include <string.h>

#include "planner-flag-catalog.h"
#include "planner-release.h"
#include "planner-shell.h"

G_DEFINE_QUARK (planner-import-error-quark, planner_import_error)

/* What one command line launches, before its Megatron arguments are read. */
typedef struct
{
  PlannerLauncher  launcher;
  gboolean         under_srun;
  gboolean         found;        /* a launcher or bare arguments */
  gboolean         pretrain;     /* the script is pretrain_*.py */
  int              script_index; /* word of the training script, -1 if none */
  guint            args_start;   /* first Megatron argument */
  gint64           torch_nnodes;
  gint64           torch_nproc;
  gint64           master_port;  /* 0: not given, -1: given but not known */
  gint64           srun_nodes;
  gint64           srun_tasks_per_node;
  gint64           srun_gpus_per_node;
  GHashTable      *env;          /* from "env A=B" and prefix assignments */
  GPtrArray       *diagnostics;
} Launch;

static void
launch_init (Launch *l)
{
  memset (l, 0, sizeof *l);
  l->script_index = -1;
  l->env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  l->diagnostics = planner_diagnostics_new ();
}

static void
launch_clear (Launch *l)
{
  g_clear_pointer (&l->env, g_hash_table_unref);
  g_clear_pointer (&l->diagnostics, g_ptr_array_unref);
}

static const char *
word_at (GPtrArray *words,
         guint      i)
{
  if (i >= words->len)
    return NULL;
  return ((PlannerShellWord *) g_ptr_array_index (words, i))->text;
}

static PlannerShellWord *
word_ptr (GPtrArray *words,
          guint      i)
{
  return i < words->len ? g_ptr_array_index (words, i) : NULL;
}

/* Enough to fix a script by; more would only bury the first ones. */
#define MAX_FLAG_DIAGNOSTICS 500
#define MAX_SUGGESTIONS      50

static void
add_diag (GPtrArray       *diagnostics,
          PlannerSeverity  severity,
          const char      *code,
          const char      *flag,
          guint            line,
          const char      *fix,
          const char      *message)
{
  const char *flags[] = { flag, NULL };
  PlannerDiagnostic *d;

  if (diagnostics->len >= 2 * MAX_FLAG_DIAGNOSTICS)
    return;
  d = planner_diagnostics_add (diagnostics, severity, code, flag != NULL ? flags : NULL, fix, "%s", message);
  d->line = line;
}

static const char *
base_name (const char *path)
{
  const char *slash = strrchr (path, '/');

  return slash != NULL ? slash + 1 : path;
}

static gboolean
is_python (const char *word)
{
  const char *name = base_name (word);

  if (strcmp (name, "python") == 0 || strcmp (name, "python3") == 0)
    return TRUE;
  if (g_str_has_prefix (name, "python3."))
    {
      for (const char *c = name + 8; *c != '\0'; c++)
        if (!g_ascii_isdigit (*c))
          return FALSE;
      return name[8] != '\0';
    }
  return FALSE;
}

static gboolean
parse_count (const char *text,
             gint64     *out)
{
  guint64 n;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, 1 << 24, &n, NULL))
    return FALSE;
  *out = (gint64) n;
  return TRUE;
}

/* "--opt=value" or "--opt value"; returns the value and moves @i past it. */
static const char *
option_value (GPtrArray  *words,
              guint      *i,
              const char *word)
{
  const char *eq = strchr (word, '=');

  if (eq != NULL)
    return eq + 1;
  (*i)++;
  return word_at (words, *i);
}

static char *
option_name (const char *word)
{
  const char *eq = strchr (word, '=');
  char *name = eq != NULL ? g_strndup (word, (gsize) (eq - word)) : g_strdup (word);

  /* torchrun accepts both --nproc-per-node and --nproc_per_node. */
  if (g_str_has_prefix (name, "--"))
    g_strdelimit (name + 2, "_", '-');
  return name;
}

static void
read_nnodes (Launch           *l,
             PlannerShellWord *word,
             const char       *value)
{
  gint64 n;
  g_auto(GStrv) range = NULL;

  if (value == NULL || (word != NULL && word->unknown))
    return;
  if (parse_count (value, &n))
    {
      l->torch_nnodes = n;
      return;
    }
  range = g_strsplit (value, ":", 2);
  if (g_strv_length (range) == 2 && parse_count (range[1], &n))
    {
      g_autofree char *message = g_strdup_printf (_("--nnodes %s is elastic; the plan assumes the maximum, %" PRId64 " nodes"),
                                                  value, n);

      l->torch_nnodes = n;
      add_diag (l->diagnostics, PLANNER_SEVERITY_INFO, "import.elastic-nnodes", "--nnodes",
                word != NULL ? word->line : 0, _("Give a fixed --nnodes to plan another size."), message);
      return;
    }
  {
    g_autofree char *message = g_strdup_printf (_("torchrun --nnodes “%s” is not a number of nodes"), value);

    add_diag (l->diagnostics, PLANNER_SEVERITY_WARNING, "import.unparsed", "--nnodes",
              word != NULL ? word->line : 0, _("Write the number of nodes."), message);
  }
}

static void
read_nproc (Launch           *l,
            PlannerShellWord *word,
            const char       *value)
{
  gint64 n;

  if (value == NULL || (word != NULL && word->unknown))
    return;
  if (parse_count (value, &n))
    {
      l->torch_nproc = n;
      return;
    }
  {
    g_autofree char *message = g_strdup_printf (_("torchrun --nproc-per-node “%s” depends on the machine; "
                                                  "the number of GPUs per node is unknown"),
                                                value);

    add_diag (l->diagnostics, PLANNER_SEVERITY_WARNING, "import.unparsed", "--nproc-per-node",
              word != NULL ? word->line : 0, _("Write the number of GPUs per node."), message);
  }
}

/* --master-port N, or the port of --rdzv-endpoint HOST:N. */
static void
read_master_port (Launch           *l,
                  PlannerShellWord *word,
                  const char       *value,
                  gboolean          endpoint)
{
  const char *colon = value != NULL && endpoint ? strrchr (value, ':') : NULL;
  gint64 n;

  if (value == NULL || (endpoint && colon == NULL))
    return;
  if ((word == NULL || !word->unknown) && parse_count (endpoint ? colon + 1 : value, &n) && n <= 65535)
    l->master_port = n;
  else
    l->master_port = -1;
}

/* torchrun's own options, up to the training script. */
static guint
read_torchrun_options (Launch    *l,
                       GPtrArray *words,
                       guint      i)
{
  static const char *const with_value[] = {
    "--nnodes", "--nproc-per-node", "--node-rank", "--master-addr", "--master-port",
    "--rdzv-backend", "--rdzv-endpoint", "--rdzv-id", "--rdzv-conf", "--max-restarts",
    "--monitor-interval", "--start-method", "--role", "--log-dir", "--redirects", "--tee",
    "--local-addr", "--logs-specs", "--local-ranks-filter", "--event-log-handler",
    "--numa-binding", "--signals-to-handle", "-r", "-t", NULL
  };

  for (; i < words->len; i++)
    {
      PlannerShellWord *w = word_ptr (words, i);
      g_autofree char *name = NULL;

      if (w->text[0] != '-')
        break;
      name = option_name (w->text);
      if (strcmp (name, "--nnodes") == 0)
        {
          guint at = i;
          const char *value = option_value (words, &i, w->text);

          read_nnodes (l, word_ptr (words, i == at ? at : i), value);
        }
      else if (strcmp (name, "--nproc-per-node") == 0)
        {
          guint at = i;
          const char *value = option_value (words, &i, w->text);

          read_nproc (l, word_ptr (words, i == at ? at : i), value);
        }
      else if (strcmp (name, "--master-port") == 0 || strcmp (name, "--rdzv-endpoint") == 0)
        {
          guint at = i;
          const char *value = option_value (words, &i, w->text);

          read_master_port (l, word_ptr (words, i == at ? at : i), value, name[2] == 'r');
        }
      else if (g_strv_contains (with_value, name))
        {
          if (strchr (w->text, '=') == NULL)
            i++;
        }
      else if (strcmp (name, "-m") == 0 || strcmp (name, "--module") == 0
               || strcmp (name, "--standalone") == 0 || strcmp (name, "--no-python") == 0
               || strcmp (name, "--run-path") == 0 || strcmp (name, "--use-env") == 0)
        continue;
      else if (strchr (w->text, '=') == NULL && !w->unknown)
        {
          g_autofree char *message = g_strdup_printf (_("the launcher option %s is not known; it is skipped"), w->text);

          add_diag (l->diagnostics, PLANNER_SEVERITY_INFO, "import.unparsed", w->text, w->line, NULL, message);
        }
    }
  return i;
}

static void
read_slurm_option (const char *name,
                   const char *value,
                   gint64     *nodes,
                   gint64     *tasks_per_node,
                   gint64     *gpus_per_node)
{
  const char *number = value;

  if (value == NULL)
    return;
  if (strrchr (value, ':') != NULL)
    number = strrchr (value, ':') + 1;
  if (strcmp (name, "--nodes") == 0 || strcmp (name, "-N") == 0)
    parse_count (value, nodes);
  else if (strcmp (name, "--ntasks-per-node") == 0)
    parse_count (value, tasks_per_node);
  else if (strcmp (name, "--gpus-per-node") == 0
           || (strcmp (name, "--gres") == 0 && g_str_has_prefix (value, "gpu")))
    parse_count (number, gpus_per_node);
}

static gboolean
slurm_option_takes_value (const char *name)
{
  static const char *const with_value[] = {
    "-N", "-n", "-c", "-p", "-A", "-t", "-J", "-o", "-e", "-w", "-x", "-G", "-q", "-C", "-D", NULL
  };

  if (g_str_has_prefix (name, "--"))
    {
      static const char *const switches[] = {
        "--exclusive", "--overcommit", "--label", "--unbuffered", "--no-kill",
        "--kill-on-bad-exit", "--container-remap-root", "--no-container-mount-home",
        "--container-writable", "--pty", "--overlap", "--wait-all-nodes", NULL
      };

      return !g_strv_contains (switches, name);
    }
  return g_strv_contains (with_value, name);
}

static guint
read_srun_options (Launch    *l,
                   GPtrArray *words,
                   guint      i)
{
  for (; i < words->len; i++)
    {
      PlannerShellWord *w = word_ptr (words, i);
      g_autofree char *name = NULL;
      const char *value = NULL;

      if (w->text[0] != '-' || w->text[1] == '\0')
        break;
      if (g_str_has_prefix (w->text, "--"))
        {
          name = option_name (w->text);
          if (strchr (w->text, '=') != NULL)
            value = strchr (w->text, '=') + 1;
          else if (slurm_option_takes_value (name))
            value = word_at (words, ++i);
        }
      else
        {
          name = g_strndup (w->text, 2);
          if (w->text[2] != '\0')
            value = w->text + 2;
          else if (slurm_option_takes_value (name))
            value = word_at (words, ++i);
        }
      read_slurm_option (name, value, &l->srun_nodes, &l->srun_tasks_per_node, &l->srun_gpus_per_node);
    }
  return i;
}

static gboolean
is_assignment (const char *word)
{
  if (!g_ascii_isalpha (word[0]) && word[0] != '_')
    return FALSE;
  for (const char *c = word; *c != '\0'; c++)
    {
      if (*c == '=')
        return TRUE;
      if (!g_ascii_isalnum (*c) && *c != '_')
        return FALSE;
    }
  return FALSE;
}

static void
add_env_assignment (GHashTable *env,
                    const char *assignment)
{
  const char *eq = strchr (assignment, '=');

  if (eq == NULL || eq == assignment)
    return;
  g_hash_table_replace (env, g_strndup (assignment, (gsize) (eq - assignment)), g_strdup (eq + 1));
}

static void
set_script (Launch    *l,
            GPtrArray *words,
            guint      i)
{
  const char *script = word_at (words, i);

  if (script == NULL)
    return;
  l->script_index = (int) i;
  l->args_start = i + 1;
  l->pretrain = g_str_has_prefix (base_name (script), "pretrain_")
                || g_str_has_prefix (base_name (script), "train_");
}

/* Commands that run the rest of their line, and their options that take
 * a separate value ("exec -a NAME", "nice -n 10", "env -u NAME"). */
static const struct
{
  const char        *name;
  const char *const *with_value;
} wrappers[] = {
  { "exec",    (const char *const[]) { "-a", NULL } },
  { "nohup",   (const char *const[]) { NULL } },
  { "time",    (const char *const[]) { "-f", "-o", "--format", "--output", NULL } },
  { "nice",    (const char *const[]) { "-n", "--adjustment", NULL } },
  { "stdbuf",  (const char *const[]) { "-i", "-o", "-e", "--input", "--output", "--error", NULL } },
  { "command", (const char *const[]) { NULL } },
  { "builtin", (const char *const[]) { NULL } },
  { "env",     (const char *const[]) { "-u", "-C", "-S", "--unset", "--chdir", "--split-string", NULL } },
  { "numactl", (const char *const[]) { "-C", "-N", "-m", "-p", "-i", "--physcpubind", "--cpunodebind",
                                       "--membind", "--preferred", "--interleave", NULL } },
  { "taskset", (const char *const[]) { NULL } },
};

/* The word after @i's options, or @i itself when it names no wrapper. */
static guint
skip_wrapper (Launch    *l,
              GPtrArray *words,
              guint      i)
{
  const char *name = base_name (word_at (words, i));

  for (guint k = 0; k < G_N_ELEMENTS (wrappers); k++)
    {
      if (strcmp (name, wrappers[k].name) != 0)
        continue;
      for (i++; i < words->len; i++)
        {
          const char *w = word_at (words, i);

          if (strcmp (w, "--") == 0)
            return i + 1;
          if (w[0] == '-' && w[1] != '\0')
            {
              if (g_strv_contains (wrappers[k].with_value, w))
                i++;
              continue;
            }
          /* env's assignments; nice -5 is an option, taskset's mask a value. */
          if (strcmp (name, "env") == 0 && is_assignment (w))
            {
              add_env_assignment (l->env, w);
              continue;
            }
          if (strcmp (name, "taskset") == 0 && (g_ascii_isxdigit (w[0]) || w[0] == '0'))
            continue;
          break;
        }
      return i;
    }
  return i;
}

/* Finds the launcher in @words from @i: wrappers, srun, torchrun, python. */
static gboolean
read_launcher (Launch    *l,
               GPtrArray *words,
               guint      i,
               guint      depth)
{
  const char *w;

  if (depth > 4)
    return FALSE;

  while (i < words->len)
    {
      guint next = skip_wrapper (l, words, i);

      w = word_at (words, i);
      if (next != i)
        {
          i = next;
          continue;
        }
      if (is_assignment (w))
        {
          add_env_assignment (l->env, w);
          i++;
          continue;
        }
      break;
    }
  w = word_at (words, i);
  if (w == NULL)
    return FALSE;

  if (strcmp (base_name (w), "srun") == 0)
    {
      l->under_srun = TRUE;
      i = read_srun_options (l, words, i + 1);
      if (!read_launcher (l, words, i, depth + 1))
        return FALSE;
      if (l->launcher == PLANNER_LAUNCHER_PYTHON)
        l->launcher = PLANNER_LAUNCHER_SRUN;
      return TRUE;
    }
  if (strcmp (base_name (w), "torchrun") == 0)
    {
      l->found = TRUE;
      l->launcher = PLANNER_LAUNCHER_TORCHRUN;
      set_script (l, words, read_torchrun_options (l, words, i + 1));
      return TRUE;
    }
  if (is_python (w))
    {
      for (i++; i < words->len; i++)
        {
          w = word_at (words, i);
          if (strcmp (w, "-m") == 0)
            {
              const char *module = word_at (words, i + 1);

              if (g_strcmp0 (module, "torch.distributed.run") == 0
                  || g_strcmp0 (module, "torch.distributed.launch") == 0)
                {
                  l->found = TRUE;
                  l->launcher = PLANNER_LAUNCHER_TORCH_DISTRIBUTED_RUN;
                  set_script (l, words, read_torchrun_options (l, words, i + 2));
                  return TRUE;
                }
              l->found = TRUE;
              l->launcher = PLANNER_LAUNCHER_PYTHON;
              set_script (l, words, i + 1);
              return TRUE;
            }
          if (strcmp (w, "-c") == 0)
            return FALSE;
          if (strcmp (w, "-X") == 0 || strcmp (w, "-W") == 0)
            {
              i++;
              continue;
            }
          if (w[0] == '-')
            continue;
          break;
        }
      if (i >= words->len)
        return FALSE;
      l->found = TRUE;
      l->launcher = PLANNER_LAUNCHER_PYTHON;
      set_script (l, words, i);
      return TRUE;
    }
  if (g_str_has_suffix (w, ".py"))
    {
      l->found = TRUE;
      l->launcher = PLANNER_LAUNCHER_PYTHON;
      set_script (l, words, i);
      return TRUE;
    }
  if (g_str_has_prefix (w, "--"))
    {
      l->found = TRUE;
      l->launcher = PLANNER_LAUNCHER_NONE;
      l->args_start = i;
      return TRUE;
    }
  return FALSE;
}

/* The release whose parser the import reads with, for the length of one
 * planner_import_*_for call on this thread (NULL: the default release);
 * the parser's helpers all read it from here rather than each taking it. */
static GPrivate import_release_key = G_PRIVATE_INIT (NULL);

static const char *
import_release (void)
{
  return g_private_get (&import_release_key);
}

static const char *
import_release_name (void)
{
  const char *release = import_release ();

  return release != NULL ? release : planner_megatron_get_default_release ();
}

static guint
count_megatron_flags (GPtrArray *words,
                      guint      start)
{
  guint n = 0;

  for (guint i = start; i < words->len; i++)
    {
      const char *w = word_at (words, i);

      if (g_str_has_prefix (w, "--"))
        {
          g_autofree char *name = g_strndup (w, strcspn (w, "="));

          if (planner_flag_catalog_lookup_in (import_release (), name) != NULL)
            n++;
        }
    }
  return n;
}

/* ---- argparse ----------------------------------------------------------- */

/* argparse takes "-1" and "-.5" as values, other dashed words as options. */
static gboolean
looks_like_option (PlannerShellWord *w)
{
  const char *t = w->text;

  if (t[0] != '-' || t[1] == '\0')
    return FALSE;
  if (g_ascii_isdigit (t[1]) || (t[1] == '.' && g_ascii_isdigit (t[2])))
    return FALSE;
  return TRUE;
}

static void
check_value (GPtrArray             *diagnostics,
             const PlannerFlagInfo *info,
             const char            *written,
             PlannerShellWord      *value)
{
  g_autoptr(GError) error = NULL;

  if (value->unknown)
    return;
  if (!planner_flag_catalog_check_value (info, value->text, &error))
    {
      g_autofree char *fix = NULL;

      if (info->choices != NULL && info->choices[0] != NULL)
        {
          g_autofree char *list = g_strjoinv (", ", (char **) info->choices);

          fix = g_strdup_printf (_("Use one of: %s."), list);
        }
      else if (info->type == PLANNER_FLAG_TYPE_INT)
        fix = g_strdup_printf (_("Give %s a whole number."), written);
      else
        fix = g_strdup_printf (_("Give %s a finite number."), written);
      add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.bad-value", written, value->line, fix,
                error->message);
    }
}

static void
report_status (GPtrArray             *diagnostics,
               const PlannerFlagInfo *info,
               const char            *written,
               guint                  line)
{
  const char *code;
  g_autofree char *message = NULL;
  g_autofree char *fix = NULL;

  switch (info->status)
    {
    case PLANNER_FLAG_STATUS_DEAD:
      code = "flag.dead";
      break;
    case PLANNER_FLAG_STATUS_DEPRECATED:
      code = "flag.deprecated";
      break;
    case PLANNER_FLAG_STATUS_FATAL:
      code = "flag.fatal";
      break;
    case PLANNER_FLAG_STATUS_OK:
    default:
      return;
    }
  message = g_strdup_printf ("%s: %s", written, info->note != NULL ? info->note : "");
  if (info->replacement != NULL)
    fix = g_strdup_printf (_("Use %s instead of %s."), info->replacement, written);
  else
    fix = g_strdup_printf (_("Remove %s."), written);
  add_diag (diagnostics, info->severity, code, written, line, fix, message);
}

static void
report_unknown_flag (GPtrArray  *diagnostics,
                     const char *flag,
                     guint       line,
                     guint      *n_suggested)
{
  const PlannerRemovedFlag *removed = planner_flag_catalog_lookup_removed_in (import_release (), flag);
  g_autofree char *message = NULL;
  g_autofree char *fix = NULL;

  if (removed != NULL)
    {
      /* Translators: the last %s is a note about the flag, a sentence, or nothing */
      message = g_strdup_printf (_("%s was removed from Megatron-Core; %s stops with “unrecognized arguments”. %s"),
                                 flag, import_release_name (),
                                 removed->note != NULL ? removed->note : "");
      fix = removed->replacement != NULL ? g_strdup_printf (_("Use %s instead."), removed->replacement)
                                         : g_strdup_printf (_("Remove %s."), flag);
      add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.removed", flag, line, fix, message);
      return;
    }
  {
    /* The search is not free; a script of garbage gets no more. */
    const char *suggestion = (*n_suggested)++ < MAX_SUGGESTIONS ? planner_flag_catalog_suggest_in (import_release (), flag) : NULL;

    const char *first = planner_flag_catalog_first_release_of (flag);

    if (first != NULL && planner_release_compare (first, import_release_name ()) > 0)
      {
        message = g_strdup_printf (_("%s is not an option of Megatron-Core %s: it first appears in %s; "
                                     "%s stops with “unrecognized arguments”"),
                                   flag, import_release_name (), first, import_release_name ());
        fix = g_strdup_printf (_("Remove %s, or plan for Megatron-Core %s or newer."), flag, first);
        add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.not-in-release", flag, line, fix, message);
        return;
      }
    message = g_strdup_printf (strchr (flag, '_') != NULL || g_ascii_isupper (flag[2])
                               ? _("%s is not an option of Megatron-Core %s; it stops with “unrecognized arguments” "
                                   "(options are spelled exactly, with hyphens)")
                               : _("%s is not an option of Megatron-Core %s; it stops with “unrecognized arguments”"),
                               flag, import_release_name ());
    fix = suggestion != NULL ? g_strdup_printf (_("Did you mean %s?"), suggestion)
                             : g_strdup_printf (_("Remove %s."), flag);
    add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.unknown", flag, line, fix, message);
  }
}

/* Megatron's parser, on words: exact option strings only (allow_abbrev is
 * off), --flag=value, switches, nargs lists, last one wins. */
static void
parse_megatron_args (PlannerArgs *args,
                     GPtrArray   *words,
                     guint        start,
                     GPtrArray   *diagnostics)
{
  guint i = start;
  guint n_suggested = 0;

  while (i < words->len)
    {
      PlannerShellWord *w = word_ptr (words, i);
      g_autofree char *flag = NULL;
      const char *inline_value = NULL;
      const PlannerFlagInfo *info;
      g_autoptr(GPtrArray) values = NULL;

      if (w->unknown && w->text[0] != '-')
        {
          /* "$EXTRA_ARGS": already reported, cannot be read. */
          i++;
          continue;
        }
      if (!looks_like_option (w))
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not a value of any option; argparse stops with “unrecognized arguments”"),
                                                      w->text);

          add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.stray-value", NULL, w->line,
                    _("Remove it, or put the option it belongs to in front of it."), message);
          i++;
          continue;
        }

      if (g_str_has_prefix (w->text, "--") && strchr (w->text, '=') != NULL)
        {
          flag = g_strndup (w->text, strcspn (w->text, "="));
          inline_value = strchr (w->text, '=') + 1;
        }
      else
        flag = g_strdup (w->text);
      i++;

      info = planner_flag_catalog_lookup_in (import_release (), flag);
      if (info == NULL)
        {
          if (!w->unknown)
            report_unknown_flag (diagnostics, flag, w->line, &n_suggested);
          /* Its values go with it. */
          while (i < words->len && !looks_like_option (word_ptr (words, i)))
            i++;
          continue;
        }
      report_status (diagnostics, info, flag, w->line);

      if (!planner_flag_info_takes_value (info))
        {
          if (inline_value != NULL)
            {
              g_autofree char *message = g_strdup_printf (_("%s is a switch and takes no value, but “%s” was given"),
                                                          flag, inline_value);
              g_autofree char *fix = g_strdup_printf (_("Write %s alone."), flag);

              add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.bad-value", flag, w->line, fix, message);
              continue;
            }
          planner_args_set_bool (args, info->dest, flag, planner_flag_info_switch_value (info, flag));
          continue;
        }

      values = g_ptr_array_new ();
      if (inline_value != NULL)
        {
          /* Keeps the word's line and unknown mark for the value. */
          PlannerShellWord *v = g_new0 (PlannerShellWord, 1);

          v->text = g_strdup (inline_value);
          v->line = w->line;
          v->unknown = w->unknown;
          g_ptr_array_set_free_func (values, NULL);
          g_ptr_array_add (values, v);
        }
      else
        {
          guint max = info->nargs == PLANNER_FLAG_NARGS_SINGLE ? 1
                    : info->nargs == PLANNER_FLAG_NARGS_FIXED ? info->nargs_count
                    : G_MAXUINT;

          while (i < words->len && values->len < max && !looks_like_option (word_ptr (words, i)))
            g_ptr_array_add (values, word_ptr (words, i++));
        }

      {
        guint need = info->nargs == PLANNER_FLAG_NARGS_ANY ? 0
                   : info->nargs == PLANNER_FLAG_NARGS_FIXED ? info->nargs_count
                   : 1;

        if (values->len < need || (inline_value != NULL && info->nargs == PLANNER_FLAG_NARGS_FIXED && need > 1))
          {
            g_autofree char *message = NULL;
            g_autofree char *fix = NULL;

            if (need == 1)
              message = g_strdup_printf (_("%s needs a value"), flag);
            else
              message = g_strdup_printf (_("%s needs %u values"), flag, need);
            fix = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Give %s its value, or remove it.",
                                                "Give %s its values, or remove it.", need), flag);
            add_diag (diagnostics, PLANNER_SEVERITY_ERROR, "flag.missing-value", flag, w->line, fix, message);
          }
        else
          {
            g_autoptr(GPtrArray) texts = g_ptr_array_new ();

            for (guint k = 0; k < values->len; k++)
              {
                PlannerShellWord *v = g_ptr_array_index (values, k);

                check_value (diagnostics, info, flag, v);
                g_ptr_array_add (texts, v->text);
              }
            g_ptr_array_add (texts, NULL);
            if (info->nargs == PLANNER_FLAG_NARGS_SINGLE)
              planner_args_set (args, info->dest, flag, g_ptr_array_index (texts, 0));
            else
              planner_args_set_list (args, info->dest, flag, (const char *const *) texts->pdata);
          }
      }

      if (inline_value != NULL)
        {
          PlannerShellWord *v = g_ptr_array_index (values, 0);

          g_free (v->text);
          g_free (v);
        }
    }
}

/* ---- results ------------------------------------------------------------ */

static PlannerImport *
import_new (void)
{
  PlannerImport *import = g_new0 (PlannerImport, 1);

  import->args = planner_args_new ();
  import->env = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import->diagnostics = planner_diagnostics_new ();
  return import;
}

void
planner_import_free (PlannerImport *import)
{
  if (import == NULL)
    return;
  g_clear_pointer (&import->args, planner_args_unref);
  g_clear_pointer (&import->env, g_hash_table_unref);
  g_clear_pointer (&import->diagnostics, g_ptr_array_unref);
  g_free (import->script);
  g_free (import);
}

const char *
planner_launcher_to_string (PlannerLauncher launcher)
{
  switch (launcher)
    {
    case PLANNER_LAUNCHER_NONE:
      return "none";
    case PLANNER_LAUNCHER_TORCHRUN:
      return "torchrun";
    case PLANNER_LAUNCHER_TORCH_DISTRIBUTED_RUN:
      return "torch.distributed.run";
    case PLANNER_LAUNCHER_SRUN:
      return "srun";
    case PLANNER_LAUNCHER_PYTHON:
      return "python";
    default:
      return "none";
    }
}

static void
move_diagnostics (GPtrArray *to,
                  GPtrArray *from)
{
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (to, planner_diagnostic_copy (g_ptr_array_index (from, i)));
}

static void
merge_env (GHashTable *to,
           GHashTable *from)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_replace (to, g_strdup (key), g_strdup (value));
}

/* Fills @import from the chosen command. */
static void
finish (PlannerImport *import,
        Launch        *l,
        GPtrArray     *words,
        guint          line,
        gint64         sbatch_nodes,
        gint64         sbatch_tasks,
        gint64         sbatch_gpus)
{
  gint64 nodes = l->torch_nnodes;
  gint64 nproc = l->torch_nproc;

  import->launcher = l->launcher;
  import->under_srun = l->under_srun;
  import->line = line;
  if (l->script_index >= 0)
    import->script = g_strdup (word_at (words, (guint) l->script_index));
  merge_env (import->env, l->env);
  move_diagnostics (import->diagnostics, l->diagnostics);

  if (nodes == 0)
    nodes = l->srun_nodes != 0 ? l->srun_nodes : sbatch_nodes;
  if (nproc == 0)
    {
      gint64 tasks = l->srun_tasks_per_node != 0 ? l->srun_tasks_per_node : sbatch_tasks;
      gint64 gpus = l->srun_gpus_per_node != 0 ? l->srun_gpus_per_node : sbatch_gpus;

      /* srun starts one Megatron process per task; torchrun one per GPU. */
      if (l->launcher == PLANNER_LAUNCHER_SRUN && tasks != 0)
        nproc = tasks;
      else if (gpus != 0)
        nproc = gpus;
      else if (l->launcher == PLANNER_LAUNCHER_SRUN)
        nproc = tasks;
    }
  if (nodes == 0 && l->launcher == PLANNER_LAUNCHER_TORCHRUN && l->torch_nproc != 0 && !l->under_srun)
    nodes = 1;   /* torchrun's default --nnodes is 1 */
  if (nodes == 0 && l->launcher == PLANNER_LAUNCHER_TORCH_DISTRIBUTED_RUN && l->torch_nproc != 0 && !l->under_srun)
    nodes = 1;
  import->nnodes = (guint) nodes;
  import->nproc_per_node = (guint) nproc;
  import->master_port = l->master_port > 0 ? (guint) l->master_port : 0;
  import->master_port_unknown = l->master_port < 0;

  parse_megatron_args (import->args, words, l->args_start, import->diagnostics);
}

static gboolean
check_input (const char  *text,
             gsize        length,
             GError     **error)
{
  gboolean blank = TRUE;

  if (text == NULL || length == 0)
    {
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_EMPTY,
                   _("the script is empty; give a launch script or Megatron arguments"));
      return FALSE;
    }
  if (length > PLANNER_IMPORT_MAX_BYTES)
    {
      /* Decimal megabytes, as file managers show them; no locale. */
      gsize tenths = (gsize) (length / 100000);
      g_autofree char *size = tenths >= 100 ? g_strdup_printf ("%" G_GSIZE_FORMAT " MB", tenths / 10)
                                            : g_strdup_printf ("%" G_GSIZE_FORMAT ".%" G_GSIZE_FORMAT " MB",
                                                               tenths / 10, tenths % 10);

      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_TOO_LARGE,
                   _("the script is %s; the importer reads at most 8 MiB"), size);
      return FALSE;
    }
  if (memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_BINARY,
                   _("the input contains NUL bytes: it is a binary file, not a launch script"));
      return FALSE;
    }
  for (gsize i = 0; i < length && blank; i++)
    blank = g_ascii_isspace (text[i]);
  if (blank)
    {
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_EMPTY,
                   _("the script is blank; give a launch script or Megatron arguments"));
      return FALSE;
    }
  return TRUE;
}

static gint64
directive_value (PlannerShellScript *script,
                 const char         *which)
{
  gint64 nodes = 0, tasks = 0, gpus = 0;

  for (guint d = 0; d < script->directives->len; d++)
    {
      PlannerShellCommand *c = g_ptr_array_index (script->directives, d);

      for (guint i = 0; i < c->words->len; i++)
        {
          const char *w = word_at (c->words, i);
          g_autofree char *name = NULL;
          const char *value;

          /* A lone "-" (or "--") names no option. */
          if (w[0] != '-' || w[1] == '\0' || strcmp (w, "--") == 0)
            continue;
          if (g_str_has_prefix (w, "--"))
            {
              name = option_name (w);
              value = strchr (w, '=') != NULL ? strchr (w, '=') + 1 : word_at (c->words, i + 1);
            }
          else
            {
              name = g_strndup (w, 2);
              value = w[2] != '\0' ? w + 2 : word_at (c->words, i + 1);
            }
          read_slurm_option (name, value, &nodes, &tasks, &gpus);
        }
    }
  if (strcmp (which, "nodes") == 0)
    return nodes;
  if (strcmp (which, "tasks") == 0)
    return tasks;
  return gpus;
}

/* Megatron reads these from the environment; set without export, it
 * never sees them. */
static void
report_unexported (PlannerImport      *import,
                   PlannerShellScript *script)
{
  static const char *const prefixes[] = { "CUDA_", "NVTE_", "NCCL_", "TORCH_", "PYTORCH_", NULL };
  GHashTableIter iter;
  gpointer key, value;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_hash_table_iter_init (&iter, script->variables);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      for (guint i = 0; prefixes[i] != NULL; i++)
        if (g_str_has_prefix (key, prefixes[i]) && !g_hash_table_contains (import->env, key))
          {
            g_ptr_array_add (names, key);
            break;
          }
    }
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = *(const char **) &g_ptr_array_index (names, i);
      g_autofree char *message = g_strdup_printf (_("%s is set but not exported; the training processes do not see it"),
                                                  name);
      g_autofree char *fix = g_strdup_printf (_("Write export %s=…."), name);

      add_diag (import->diagnostics, PLANNER_SEVERITY_WARNING, "import.not-exported", NULL, 0, fix, message);
    }
}

PlannerImport *
planner_import_script_for (const char  *release,
                           const char  *text,
                           gsize        length,
                           GError     **error)
{
  const char *previous = import_release ();
  PlannerImport *import;

  g_private_set (&import_release_key, (gpointer) release);
  import = planner_import_script (text, length, error);
  g_private_set (&import_release_key, (gpointer) previous);
  return import;
}

PlannerImport *
planner_import_argv_for (const char         *release,
                         const char *const  *argv,
                         GError            **error)
{
  const char *previous = import_release ();
  PlannerImport *import;

  g_private_set (&import_release_key, (gpointer) release);
  import = planner_import_argv (argv, error);
  g_private_set (&import_release_key, (gpointer) previous);
  return import;
}

PlannerImport *
planner_import_script (const char  *text,
                       gsize        length,
                       GError     **error)
{
  g_autoptr(PlannerShellScript) script = NULL;
  g_autofree char *valid = NULL;
  PlannerImport *import;
  PlannerShellCommand *best = NULL;
  Launch best_launch;
  guint64 best_score = 0;
  GError *local_error = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_input (text, length, error))
    return NULL;

  /* Messages quote the script: keep them valid UTF-8. */
  if (!g_utf8_validate_len (text, length, NULL))
    {
      valid = g_utf8_make_valid (text, (gssize) length);
      text = valid;
      length = strlen (valid);
    }

  script = planner_shell_parse (text, length, &local_error);
  if (script == NULL)
    {
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_LIMIT, "%s", local_error->message);
      g_error_free (local_error);
      return NULL;
    }

  launch_init (&best_launch);
  for (guint c = 0; c < script->commands->len; c++)
    {
      PlannerShellCommand *command = g_ptr_array_index (script->commands, c);
      Launch l;
      guint64 score;

      launch_init (&l);
      for (guint a = 0; a < command->assignments->len; a++)
        add_env_assignment (l.env, word_at (command->assignments, a));
      if (!read_launcher (&l, command->words, 0, 0) || !l.found)
        {
          launch_clear (&l);
          continue;
        }
      /* A pretrain_*.py launch first, then any Python launch, then the
       * command with the most Megatron flags. */
      score = (guint64) count_megatron_flags (command->words, l.args_start) + 1;
      if (l.pretrain)
        score += (guint64) 1 << 40;
      if (l.script_index >= 0)
        score += (guint64) 1 << 32;
      if (l.launcher == PLANNER_LAUNCHER_NONE && score == 1)
        score = 0;
      if (score > best_score)
        {
          launch_clear (&best_launch);
          best_launch = l;
          best = command;
          best_score = score;
        }
      else
        launch_clear (&l);
    }

  if (best == NULL)
    {
      launch_clear (&best_launch);
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_NO_COMMAND,
                   _("no command in the script launches Megatron: looked for torchrun, "
                     "python -m torch.distributed.run, srun or python running pretrain_*.py, "
                     "or a line of --flags"));
      return NULL;
    }

  import = import_new ();
  merge_env (import->env, script->exported);
  move_diagnostics (import->diagnostics, script->diagnostics);
  finish (import, &best_launch, best->words, best->line,
          directive_value (script, "nodes"), directive_value (script, "tasks"),
          directive_value (script, "gpus"));
  launch_clear (&best_launch);
  report_unexported (import, script);

  for (guint c = 0; c < script->commands->len; c++)
    {
      PlannerShellCommand *command = g_ptr_array_index (script->commands, c);
      const char *first = word_at (command->words, 0);

      if (g_strcmp0 (first, "source") == 0 || g_strcmp0 (first, ".") == 0)
        {
          g_autofree char *message = g_strdup_printf (_("“%s %s” is not read; variables it sets are unknown"),
                                                      first, command->words->len > 1 ? word_at (command->words, 1) : "");

          add_diag (import->diagnostics, PLANNER_SEVERITY_INFO, "import.unparsed", NULL, command->line,
                    NULL, message);
        }
    }
  return import;
}

PlannerImport *
planner_import_argv (const char *const  *argv,
                     GError            **error)
{
  g_autoptr(GPtrArray) words = NULL;
  PlannerImport *import;
  Launch l;
  guint n;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n = argv != NULL ? g_strv_length ((char **) argv) : 0;
  if (n == 0)
    {
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_EMPTY,
                   _("no arguments given; give Megatron arguments or a launch command line"));
      return NULL;
    }
  /* A whole command line in one argument, as pasted. */
  if (n == 1 && strpbrk (argv[0], " \t\n") != NULL)
    return planner_import_script (argv[0], strlen (argv[0]), error);

  if (n > PLANNER_SHELL_MAX_WORDS)
    {
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_LIMIT,
                   _("%u arguments are more than the importer reads (%d)"), n, PLANNER_SHELL_MAX_WORDS);
      return NULL;
    }

  words = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      PlannerShellWord *w = g_new0 (PlannerShellWord, 1);

      /* Already split by the caller's shell: words are taken as they are. */
      w->text = (char *) argv[i];
      g_ptr_array_add (words, w);
    }

  launch_init (&l);
  if (!read_launcher (&l, words, 0, 0) || !l.found)
    {
      g_autofree char *shown = g_strndup (argv[0], 60);

      launch_clear (&l);
      g_set_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_NO_COMMAND,
                   _("“%s” does not launch Megatron: give --flags, or a torchrun, "
                     "python -m torch.distributed.run, srun or python command line"),
                   shown);
      return NULL;
    }

  import = import_new ();
  finish (import, &l, words, 0, 0, 0, 0);
  launch_clear (&l);
  return import;
}
