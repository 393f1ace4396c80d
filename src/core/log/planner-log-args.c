/* planner-log-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <math.h>
#include <string.h>

#include "planner-log-args.h"
#include "planner-log-number.h"
#include "planner-log-release.h"
#include "planner-catalog.h"
#include "planner-escape.h"
#include "planner-flag-catalog.h"
#include "planner-job-args.h"

#define ASSUMED_GPU "h100-sxm"
/* Arguments the log garbled that are each named; the rest are counted. */
#define MAX_UNREAD_SAID 5

static gboolean
parse_number (const char *text,
              double     *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

static const char *
printed (const PlannerLogRecord *record,
         const char             *dest)
{
  return record->arguments != NULL ? g_hash_table_lookup (record->arguments, dest) : NULL;
}

/* The block's line of @dest; 0 unknown. */
static guint64
printed_line (const PlannerLogRecord *record,
              const char             *dest)
{
  const guint64 *line = record->argument_lines != NULL ? g_hash_table_lookup (record->argument_lines, dest) : NULL;

  return line != NULL ? *line : 0;
}

/* A count by the one number rule (planner-log-number.h); 0 when it is
 * not one ("010", "-8", "nan"). */
static guint64
printed_count (const PlannerLogRecord *record,
               const char             *dest)
{
  const char *text = printed (record, dest);
  guint64 value = 0;

  if (text == NULL || !planner_log_number_is (text, PLANNER_LOG_NUMBER_COUNT) ||
      !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT64, &value, NULL))
    return 0;
  return value;
}

guint64
planner_log_record_get_world_size (const PlannerLogRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);

  if (record->world_size > 0)
    return record->world_size;
  if (printed_count (record, "world_size") > 0)
    return printed_count (record, "world_size");
  /* A garbled world_size: the block's degrees multiply up to it. */
  if (printed_count (record, "data_parallel_size") > 0)
    return printed_count (record, "data_parallel_size") *
           MAX (printed_count (record, "tensor_model_parallel_size"), 1) *
           MAX (printed_count (record, "pipeline_model_parallel_size"), 1) *
           MAX (printed_count (record, "context_parallel_size"), 1);
  return 0;
}

/* Which rule a number option's printed value follows: a count, unless
 * the option's default is negative (a few take -1). */
static PlannerLogNumberKind
number_kind (const PlannerFlagInfo *info)
{
  gint64 value;

  if (info->type == PLANNER_FLAG_TYPE_FLOAT)
    return PLANNER_LOG_NUMBER_FIGURE;
  if (info->default_value != NULL && g_ascii_string_to_signed (info->default_value, 10, G_MININT64, -1, &value, NULL))
    return PLANNER_LOG_NUMBER_INTEGER;
  return PLANNER_LOG_NUMBER_COUNT;
}

/* Whether @text breaks the one number rule for @info; FALSE for options
 * that are not numbers. */
static gboolean
breaks_number_rule (const PlannerFlagInfo *info,
                    const char            *text)
{
  if (info->type != PLANNER_FLAG_TYPE_INT && info->type != PLANNER_FLAG_TYPE_FLOAT)
    return FALSE;
  return !planner_log_number_is (text, number_kind (info));
}

guint64
planner_log_record_get_vocab_size (const PlannerLogRecord *record)
{
  guint64 padded;

  g_return_val_if_fail (record != NULL, 0);

  padded = printed_count (record, "padded_vocab_size");
  return padded > 0 ? padded : printed_count (record, "vocab_size");
}

/* Python's str() of a list, "['a', 'b']" or "[1, 2]", as words; NULL when
 * @text is not one. */
static GStrv
parse_list (const char *text)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  const char *p = text;

  if (*p != '[')
    return NULL;
  p++;
  while (*p == ' ')
    p++;
  while (*p != ']' && *p != '\0')
    {
      if (*p == '\'' || *p == '"')
        {
          char quote = *p++;
          const char *end = strchr (p, quote);

          if (end == NULL)
            return NULL;
          g_ptr_array_add (items, g_strndup (p, (gsize) (end - p)));
          p = end + 1;
        }
      else
        {
          const char *end = p;

          while (*end != ',' && *end != ']' && *end != '\0')
            end++;
          g_ptr_array_add (items, g_strstrip (g_strndup (p, (gsize) (end - p))));
          p = end;
        }
      while (*p == ' ')
        p++;
      if (*p == ',')
        p++;
      while (*p == ' ')
        p++;
    }
  if (*p != ']')
    return NULL;
  g_ptr_array_add (items, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&items), FALSE);
}

/* Values Python prints differently from how they are written: enums
 * ("AttnBackend.flash") and torch dtypes ("torch.bfloat16"). */
static char *
normalize_choice (const PlannerFlagInfo *info,
                  const char            *text)
{
  static const struct { const char *dtype; const char *choice; } dtypes[] = {
    { "torch.float32", "fp32" }, { "torch.bfloat16", "bf16" }, { "torch.float16", "fp16" },
    { "torch.float8_e4m3fn", "fp8" }, { "torch.uint8", "fp8" },
  };
  const char *dot;

  if (info->choices == NULL || g_strv_contains (info->choices, text))
    return g_strdup (text);
  for (guint i = 0; i < G_N_ELEMENTS (dtypes); i++)
    {
      if (g_str_equal (text, dtypes[i].dtype) && g_strv_contains (info->choices, dtypes[i].choice))
        return g_strdup (dtypes[i].choice);
    }
  dot = strrchr (text, '.');
  if (dot != NULL && g_strv_contains (info->choices, dot + 1))
    return g_strdup (dot + 1);
  return NULL;
}

static gboolean
same_value (const char *a,
            const char *b)
{
  double x, y;

  if (a == NULL || b == NULL)
    return a == b;
  if (g_str_equal (a, b))
    return TRUE;
  return parse_number (a, &x) && parse_number (b, &y) && x == y;
}

/* The spelling that stores @value in a switch's dest. */
static const char *
switch_spelling (const char *dest,
                 gboolean    value)
{
  guint n = planner_flag_catalog_get_n_flags ();

  for (guint i = 0; i < n; i++)
    {
      const PlannerFlagInfo *info = planner_flag_catalog_get_flag_at (i);

      if (!g_str_equal (info->dest, dest) || planner_flag_info_takes_value (info))
        continue;
      if (info->status != PLANNER_FLAG_STATUS_OK)
        continue;
      if (planner_flag_info_switch_value (info, info->flag) == value)
        return info->flag;
      for (guint a = 0; info->aliases[a] != NULL; a++)
        {
          if (planner_flag_info_switch_value (info, info->aliases[a]) == value)
            return info->aliases[a];
        }
    }
  return NULL;
}

/* Values Megatron derives from others when they are not given: written
 * back, they would be given twice (and --encoder-num-layers beside
 * --num-layers is refused). */
static gboolean
derived (const PlannerLogRecord *record,
         const char             *dest,
         const char             *value)
{
  static const struct { const char *dest; const char *from; } copies[] = {
    { "encoder_num_layers", "num_layers" },
    { "encoder_seq_length", "seq_length" },
    { "decoder_seq_length", "seq_length" },
    { "eval_micro_batch_size", "micro_batch_size" },
    { "eval_global_batch_size", "global_batch_size" },
    { "expert_tensor_parallel_size", "tensor_model_parallel_size" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (copies); i++)
    {
      if (g_str_equal (dest, copies[i].dest))
        {
          const char *from = printed (record, copies[i].from);
          const PlannerFlagInfo *info = planner_flag_catalog_lookup_dest (copies[i].from);

          /* A source the log garbled ("nan") is left out, and its copy with
           * it: written alone, the copy would read as given on purpose. */
          if (from != NULL && info != NULL &&
              (breaks_number_rule (info, from) || !planner_flag_catalog_check_value (info, from, NULL)))
            return TRUE;
          return same_value (value, from);
        }
    }
  /* Megatron pads the tokenizer's vocabulary itself. */
  if (g_str_equal (dest, "padded_vocab_size"))
    return TRUE;
  if (g_str_equal (dest, "dataloader_type"))
    return g_str_equal (value, "single");
  /* Megatron writes the group count even without GQA. */
  if (g_str_equal (dest, "num_query_groups"))
    return g_strcmp0 (printed (record, "group_query_attention"), "True") != 0;
  return FALSE;
}

/* The spelling that writes @dest: "--save-interval" rather than an alias
 * that happens to come first in the catalog. */
static const char *
value_spelling (const PlannerFlagInfo *info,
                const char            *dest)
{
  g_autofree char *natural = g_strconcat ("--", dest, NULL);

  g_strdelimit (natural + 2, "_", '-');
  if (g_strv_contains (info->aliases, natural) && planner_flag_catalog_lookup (natural) != NULL)
    return planner_flag_catalog_lookup (natural)->flag;
  return info->flag;
}

/* A sentence for a number the log printed that Megatron would not take
 * ("nan", "1e999", "-3" for a size), appended to @unread (when not NULL). */
static void
note_unread (GPtrArray              *unread,
             const PlannerLogRecord *record,
             const PlannerFlagInfo  *info,
             const char             *dest,
             const char             *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cut = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *where = NULL;

  /* Numbers only: Python prints some choices in a form of its own
   * ("Signals.SIGTERM" for 15) that is no sign of a garbled log. */
  if (unread == NULL || (info->type != PLANNER_FLAG_TYPE_INT && info->type != PLANNER_FLAG_TYPE_FLOAT))
    return;
  /* A garbled log can hold anything: quote a line's worth at most, escaped. */
  cut = g_strndup (text, MIN (strlen (text), (gsize) 80));
  shown = planner_escape_controls (cut);
  where = printed_line (record, dest) > 0 ? g_strdup_printf (_("Line %" PRIu64 ": "), printed_line (record, dest))
                                          : g_strdup ("");
  if (breaks_number_rule (info, text))
    {
      /* Translators: the first %s is “Line 12: ” or empty; the last is the rule (“a whole number without sign …”) */
      g_ptr_array_add (unread, g_strdup_printf (_("%sthe log's argument %s is “%s%s”, not a number as Megatron prints "
                                                  "it (%s): it was left out, and the job's default stands; check the "
                                                  "log."), where, dest, shown, strlen (text) > 80 ? "…" : "",
                                                planner_log_number_rule (number_kind (info))));
      return;
    }
  planner_flag_catalog_check_value (info, text, &error);
  /* Translators: the first %s is “Line 12: ” or empty */
  g_ptr_array_add (unread, g_strdup_printf (_("%sthe log's argument %s is “%s%s”, which Megatron-Core 0.20.0 would not "
                                              "take (%s): it was left out, and the job's default stands; check the "
                                              "log."), where, dest, shown, strlen (text) > 80 ? "…" : "",
                                            error != NULL ? error->message : _("not a value of this option")));
}

static void
add_argument (PlannerArgs            *args,
              const PlannerLogRecord *record,
              const char             *dest,
              const char             *text,
              GPtrArray              *unread)
{
  const PlannerFlagInfo *info = planner_flag_catalog_lookup_dest (dest);

  /* Not an option (world_size, params_dtype, …), or gone from 0.20.0's parser. */
  if (info == NULL || g_str_equal (text, "None") || derived (record, dest, text))
    return;

  if (!planner_flag_info_takes_value (info))
    {
      gboolean value;
      const char *flag;

      if (!g_str_equal (text, "True") && !g_str_equal (text, "False"))
        return;
      value = g_str_equal (text, "True");
      if (same_value (text, info->default_value))
        return;
      flag = switch_spelling (dest, value);
      if (flag != NULL)
        planner_args_set_bool (args, dest, flag, value);
      return;
    }

  if (info->nargs == PLANNER_FLAG_NARGS_ONE_OR_MORE || info->nargs == PLANNER_FLAG_NARGS_ANY ||
      info->nargs == PLANNER_FLAG_NARGS_FIXED)
    {
      g_auto(GStrv) items = parse_list (text);
      g_autofree char *joined = NULL;

      if (items == NULL)
        {
          /* A single value where a list may stand ("0.01" for the aux loss coefficient). */
          items = g_new0 (char *, 2);
          items[0] = g_strdup (text);
        }
      joined = g_strjoinv (" ", items);
      if (same_value (joined, info->default_value) || items[0] == NULL)
        return;
      for (guint i = 0; items[i] != NULL; i++)
        {
          g_autofree char *choice = normalize_choice (info, items[i]);

          if (choice == NULL || breaks_number_rule (info, items[i]) ||
              !planner_flag_catalog_check_value (info, choice, NULL))
            {
              note_unread (unread, record, info, dest, text);
              return;
            }
          g_free (items[i]);
          items[i] = g_steal_pointer (&choice);
        }
      if (items[1] == NULL)
        planner_args_set (args, dest, value_spelling (info, dest), items[0]);
      else
        planner_args_set_list (args, dest, value_spelling (info, dest), (const char *const *) items);
      return;
    }

  {
    g_autofree char *value = normalize_choice (info, text);

    if (breaks_number_rule (info, text))
      {
        note_unread (unread, record, info, dest, text);
        return;
      }
    if (value != NULL && same_value (value, info->default_value))
      return;
    if (value == NULL || !planner_flag_catalog_check_value (info, value, NULL))
      {
        note_unread (unread, record, info, dest, text);
        return;
      }
    planner_args_set (args, dest, value_spelling (info, dest), value);
  }
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Megatron prints its own layout at start-up ("using world size: …,
 * tensor-model-parallel size: 8, …"): what ran, where the argument block
 * holds what was asked.  The layout line wins, and a disagreement is
 * said (issue 22 #10). */
static void
prefer_layout_line (PlannerArgs            *args,
                    const PlannerLogRecord *record,
                    GPtrArray              *said)
{
  static const struct { const char *dest; const char *flag; const char *label; gsize offset; } degrees[] = {
    { "tensor_model_parallel_size", "--tensor-model-parallel-size", N_("Tensor Parallel"),
      G_STRUCT_OFFSET (PlannerLogRecord, tp) },
    { "pipeline_model_parallel_size", "--pipeline-model-parallel-size", N_("Pipeline Parallel"),
      G_STRUCT_OFFSET (PlannerLogRecord, pp) },
    { "context_parallel_size", "--context-parallel-size", N_("Context Parallel"),
      G_STRUCT_OFFSET (PlannerLogRecord, cp) },
  };
  guint at = 0;

  if (record->world_line == 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    {
      guint degree = G_STRUCT_MEMBER (guint, record, degrees[i].offset);
      const char *text = printed (record, degrees[i].dest);
      g_autofree char *value = NULL;

      if (degree == 0)
        continue;
      value = g_strdup_printf ("%u", degree);
      if (text != NULL && !g_str_equal (text, value) && said != NULL)
        {
          g_autofree char *cut = g_strndup (text, MIN (strlen (text), (gsize) 40));
          g_autofree char *shown = planner_escape_controls (cut);

          /* Translators: %s is a form label (“Tensor Parallel”) */
          g_ptr_array_insert (said, (gint) at++, g_strdup_printf (_("The log's own layout line (line %" PRIu64 ") gives %s %u, its "
                                                    "argument block (line %" PRIu64 ") “%s”: the layout line, which "
                                                    "is what ran, is used."), record->world_line,
                                                  _(degrees[i].label), degree, printed_line (record, degrees[i].dest),
                                                  shown));
        }
      if (degree == 1)
        planner_args_unset (args, degrees[i].dest);
      else
        planner_args_set (args, degrees[i].dest, degrees[i].flag, value);
    }
  if (record->world_size > 0 && said != NULL)
    {
      const char *text = printed (record, "world_size");
      g_autofree char *value = g_strdup_printf ("%" PRIu64, record->world_size);

      if (text != NULL && !g_str_equal (text, value))
        {
          g_autofree char *cut = g_strndup (text, MIN (strlen (text), (gsize) 40));
          g_autofree char *shown = planner_escape_controls (cut);

          g_ptr_array_insert (said, (gint) at++, g_strdup_printf (_("The log's own layout line (line %" PRIu64 ") gives %" PRIu64
                                                    " GPUs, its argument block (line %" PRIu64 ") “%s”: the layout "
                                                    "line, which is what ran, is used."), record->world_line,
                                                  record->world_size, printed_line (record, "world_size"), shown));
        }
    }
}

static PlannerArgs *
record_to_args (const PlannerLogRecord *record,
                GPtrArray              *unread)
{
  g_autoptr(PlannerArgs) args = NULL;
  g_autofree const char **dests = NULL;
  guint n;

  if (record->arguments == NULL)
    return NULL;
  args = planner_args_new ();
  /* In Megatron's printed order (sorted), so the result is the same every time. */
  dests = (const char **) g_hash_table_get_keys_as_array (record->arguments, &n);
  qsort (dests, n, sizeof *dests, compare_strings);
  for (guint i = 0; i < n; i++)
    add_argument (args, record, dests[i], g_hash_table_lookup (record->arguments, dests[i]), unread);
  prefer_layout_line (args, record, unread);
  if (unread != NULL && record->arguments_cut)
    g_ptr_array_add (unread, record->arguments_line != NULL &&
                             record->arguments_line->number != record->arguments_cut_line
                             ? g_strdup_printf (_("The log's last argument block (line %" PRIu64 ") is cut: "
                                                  "the run died while printing it, so the last complete block "
                                                  "(line %" PRIu64 ") was used."),
                                                record->arguments_cut_line, record->arguments_line->number)
                             : g_strdup_printf (_("The log's argument block (line %" PRIu64 ") is cut: the "
                                                  "run died while printing it, so arguments it did not reach keep "
                                                  "the job's defaults; check the log."),
                                                record->arguments_cut_line));
  /* Values the log printed that could not be taken as they are. */
  if (unread != NULL && record->unkept_arguments != NULL)
    {
      g_autofree const char **unkept = NULL;

      unkept = (const char **) g_hash_table_get_keys_as_array (record->unkept_arguments, &n);
      qsort (unkept, n, sizeof *unkept, compare_strings);
      for (guint i = 0; i < n; i++)
        {
          const PlannerFlagInfo *info = planner_flag_catalog_lookup_dest (unkept[i]);

          if (info == NULL)
            continue;
          g_ptr_array_add (unread, g_strdup_printf (_("The log's argument %s (%s) was left out, as %s: it would "
                                                      "have had to be changed to be used; give it in the job."),
                                                    unkept[i], value_spelling (info, unkept[i]),
                                                    (const char *) g_hash_table_lookup (record->unkept_arguments,
                                                                                        unkept[i])));
        }
    }
  return g_steal_pointer (&args);
}

PlannerArgs *
planner_log_record_to_args (const PlannerLogRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);

  return record_to_args (record, NULL);
}

guint
planner_log_record_get_gpus_per_node (const PlannerLogRecord *record)
{
  guint64 world;

  g_return_val_if_fail (record != NULL, 0);

  world = planner_log_record_get_world_size (record);
  /* torchrun's "[defaultN]:" prefixes number the ranks of one node. */
  if (world > 0 && record->max_local_rank >= 0 && record->max_local_rank < 72 &&
      world % (guint64) (record->max_local_rank + 1) == 0)
    return (guint) record->max_local_rank + 1;
  return 0;
}

double
planner_log_record_get_gpu_capacity (const PlannerLogRecord *record)
{
  const PlannerLogEvent *oom;

  g_return_val_if_fail (record != NULL, 0);

  oom = planner_log_record_first_event (record, PLANNER_LOG_EVENT_OOM);
  return oom != NULL && oom->capacity_bytes > 0 ? oom->capacity_bytes : 0;
}

static gboolean
capacity_matches (double            capacity_bytes,
                  const PlannerGpu *gpu)
{
  return fabs (capacity_bytes - (double) gpu->memory_bytes) <= 0.05 * (double) gpu->memory_bytes;
}

const char *
planner_log_match_gpu (double      capacity_bytes,
                       const char *preferred_id)
{
  const PlannerGpu *preferred = preferred_id != NULL ? planner_gpu_lookup (preferred_id) : NULL;
  guint n = 0;
  const PlannerGpu *const *gpus = planner_gpu_list (&n);

  if (!(capacity_bytes > 0))
    return NULL;
  if (preferred != NULL && capacity_matches (capacity_bytes, preferred))
    return preferred->id;
  for (guint i = 0; i < n; i++)
    {
      if (capacity_matches (capacity_bytes, gpus[i]))
        return gpus[i]->id;
    }
  return NULL;
}

static guint
node_size (const PlannerLogRecord *record,
           guint64                 world,
           GPtrArray              *assumptions)
{
  guint size = planner_log_record_get_gpus_per_node (record);

  if (size > 0)
    {
      g_ptr_array_add (assumptions, g_strdup_printf (_("%u GPUs per node, from the highest local rank in the "
                                                       "log's prefixes; give --gpus-per-node if that is wrong."),
                                                     size));
      return size;
    }
  for (size = 8; size > 1; size--)
    {
      if (world % size == 0)
        break;
    }
  g_ptr_array_add (assumptions, g_strdup_printf (_("The log does not say how many GPUs a node has: assumed %u; "
                                                   "give --gpus-per-node if that is wrong."), size));
  return size;
}

static const char *
assumed_gpu (const PlannerLogRecord *record,
             GPtrArray              *assumptions)
{
  double capacity = planner_log_record_get_gpu_capacity (record);
  const char *matched = planner_log_match_gpu (capacity, ASSUMED_GPU);
  const PlannerGpu *gpu;

  /* PyTorch's OOM message gives the device's capacity: a GPU whose memory
   * is that size is a better guess than the default. */
  if (matched != NULL && !g_str_equal (matched, ASSUMED_GPU))
    {
      gpu = planner_gpu_lookup (matched);
      g_ptr_array_add (assumptions,
                       g_strdup_printf (_("The log does not name the GPU: assumed the %s (%s), whose memory "
                                          "matches the %.1f GiB capacity in the out-of-memory message; "
                                          "give --gpu if it was another."), gpu->name, gpu->id,
                                        capacity / (1024.0 * 1024.0 * 1024.0)));
      return gpu->id;
    }
  gpu = planner_gpu_lookup (ASSUMED_GPU);
  g_ptr_array_add (assumptions, g_strdup_printf (_("The log does not name the GPU: assumed the %s (%s); give "
                                                   "--gpu if it was another."), gpu->name, gpu->id));
  return gpu->id;
}

/* The release the run had, from the set of arguments it printed. */
static void
detect_release (const PlannerLogRecord *record,
                PlannerJob             *job,
                GPtrArray              *assumptions)
{
  guint differences = 0;
  const char *release = planner_log_record_detect_release (record, &differences);

  if (release == NULL)
    return;
  g_object_set (job, "megatron-version", release, NULL);
  /* The default release, exactly, is what every plan says anyway. */
  if (differences == 0 && g_str_equal (release, planner_megatron_get_default_release ()))
    return;
  if (differences == 0)
    g_ptr_array_add (assumptions,
                     g_strdup_printf (_("The run had Megatron-Core %s: its argument block holds exactly the "
                                        "options of that release's parser."), release));
  else
    g_ptr_array_add (assumptions,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "The run had Megatron-Core %s, or a build near it: its argument "
                                                   "block is closest to that release's options (%u name differs).",
                                                   "The run had Megatron-Core %s, or a build near it: its argument "
                                                   "block is closest to that release's options (%u names differ).",
                                                   differences),
                                      release, differences));
}

PlannerJob *
planner_log_record_to_job (const PlannerLogRecord  *record,
                           const char              *gpu_id,
                           guint                    gpus_per_node,
                           GPtrArray               *assumptions,
                           GError                 **error)
{
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(GPtrArray) local = NULL;
  g_autoptr(GPtrArray) unread = g_ptr_array_new_with_free_func (g_free);
  guint64 world;

  g_return_val_if_fail (record != NULL, NULL);

  if (assumptions == NULL)
    assumptions = local = g_ptr_array_new_with_free_func (g_free);

  args = record_to_args (record, unread);
  if (args == NULL)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   _("the log holds no argument block (Megatron prints it at start, between "
                     "“------ arguments ------” lines, before the run can fail in validate_args): "
                     "give the job file as well"));
      return NULL;
    }
  world = planner_log_record_get_world_size (record);
  if (world == 0 && printed (record, "world_size") != NULL)
    {
      const char *text = printed (record, "world_size");
      g_autofree char *shown = g_utf8_make_valid (text, (gssize) MIN (strlen (text), (gsize) 80));

      /* Translators: the last %s is the rule (“a whole number without sign or leading zero”) */
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   _("the log's argument world_size (line %" PRIu64 ") is “%s”, not a number of GPUs (%s), and the "
                     "log prints no layout line nor degrees to take it from: give the job file as well"),
                   printed_line (record, "world_size"), shown, planner_log_number_rule (PLANNER_LOG_NUMBER_COUNT));
      return NULL;
    }
  if (world == 0)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   _("the log's arguments hold no world size: give the job file as well"));
      return NULL;
    }
  if (gpu_id != NULL && planner_gpu_lookup (gpu_id) == NULL)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   _("--gpu: “%s” is not a GPU of the catalog (launch-planner-cli models lists them)"), gpu_id);
      return NULL;
    }
  if (gpus_per_node == 0)
    gpus_per_node = node_size (record, world, assumptions);
  else if (world % gpus_per_node != 0)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   _("--gpus-per-node: the run had %" PRIu64 " GPUs, which is not a whole number of "
                     "%u-GPU nodes"), world, gpus_per_node);
      return NULL;
    }
  if (gpus_per_node > 72 || world / gpus_per_node > 16384)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   _("the run's %" PRIu64 " GPUs do not fit a job (at most 16384 nodes of at most 72 GPUs)"),
                   world);
      return NULL;
    }
  if (gpu_id == NULL)
    gpu_id = assumed_gpu (record, assumptions);

  /* A few, then how many more: a garbled block can hold hundreds. */
  for (guint i = 0; i < unread->len && i < MAX_UNREAD_SAID; i++)
    g_ptr_array_add (assumptions, g_strdup (g_ptr_array_index (unread, i)));
  if (unread->len > MAX_UNREAD_SAID)
    g_ptr_array_add (assumptions, g_strdup_printf (_("%u more of the log's arguments were left out the same way."),
                                                   unread->len - MAX_UNREAD_SAID));

  job = planner_job_new ();
  g_object_set (job, "gpu-id", gpu_id, "gpus-per-node", gpus_per_node, "nodes", (guint) (world / gpus_per_node),
                NULL);
  if (!planner_job_update_from_args (job, args, error))
    return NULL;
  detect_release (record, job, assumptions);
  return g_steal_pointer (&job);
}
