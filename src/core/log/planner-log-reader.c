/* planner-log-reader.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "planner-escape.h"

#include "planner-log-line.h"
#include "planner-log-record-private.h"
#include "planner-log-rules.h"

/* Puts the lines of a log together into a record, in one pass and in
 * bounded memory: whatever the log's size, the reader holds one line, the
 * argument block, a fixed number of series buckets, a few lines per event,
 * one memory line per rank and two histograms of values printed with one
 * decimal (so their medians are exact). */

#define MAX_TRACEBACKS     1024    /* ranks with a traceback in progress */
#define MAX_TRACEBACK_SPAN 400     /* lines after which an unfinished traceback is dropped */
#define MAX_RANKS_COUNTED  65536
#define MAX_HISTOGRAM      200000  /* distinct values */
#define RECENT_LINES       64      /* iteration lines kept to cite the median one */
#define SPIKE_WINDOW       8
#define LOSS_SPIKE_RATIO   1.3
#define GRAD_SPIKE_RATIO   10.0
#define MERGE_WITHIN       5       /* logged lines: a skipped or NaN iteration this close joins the event before */

typedef struct
{
  guint64 first_iteration;
  guint64 last_iteration;
  guint64 line;
  guint   n_lines;
  double  loss_sum, loss_max;
  guint   loss_n;
  double  grad_sum, grad_max;
  guint   grad_n;
  double  tflops_sum;
  guint   tflops_n;
  double  ms_sum;
  guint   ms_n;
  double  learning_rate;
  double  loss_scale;
  guint   skipped;
  guint   nan;
} Bucket;

typedef struct
{
  gint            rank;
  guint64         started;
  guint64         last_seen;
  gboolean        in_frames;
  PlannerLogLine *frame_line;   /* the deepest Megatron frame, else the last frame */
  char           *file;
  guint           file_line;
  char           *function;
  gboolean        megatron_frame;
} Traceback;

/* A line kept as read, turned into a PlannerLogLine only if it is cited:
 * iteration lines go by the million, and most are never shown. */
#define RAW_BYTES (4 * PLANNER_LOG_MAX_CITED_CHARS + 4)

typedef struct
{
  guint64 number;
  gint    rank;
  gsize   length;
  char    text[RAW_BYTES];
} RawLine;

typedef struct
{
  double  tflops;
  double  ms;
  gboolean used;
  RawLine line;
} Recent;

struct _PlannerLogReader
{
  PlannerLogRecord *record;

  /* The line being assembled */
  char             *line;
  gsize             line_length;
  gboolean          line_overflow;
  guint64           line_number;

  /* Argument block */
  gboolean          in_arguments;
  gint              arguments_rank;
  /* The last block that reached its end line, while a newer one is read. */
  GHashTable       *complete_arguments;
  GHashTable       *complete_argument_lines;
  GHashTable       *complete_unkept;
  PlannerLogLine   *complete_line;
  gboolean          complete_truncated;

  PlannerLogPhase   phase;

  /* Iterations */
  Bucket            buckets[PLANNER_LOG_MAX_POINTS];
  guint             n_buckets;
  guint             stride;
  GHashTable       *tflops_histogram;   /* tenths → count */
  GHashTable       *ms_histogram;
  guint64           n_logged;
  double            loss_window[SPIKE_WINDOW];
  guint             loss_window_n;
  double            grad_window[SPIKE_WINDOW];
  guint             grad_window_n;
  Recent            recent[RECENT_LINES];
  guint             recent_next;
  RawLine           last_iteration;
  guint64           last_skipped_logged;  /* n_logged when the last SKIPPED/NAN event got a line */
  guint64           last_nan_logged;

  GHashTable       *memory;             /* rank + 1 → PlannerLogMemory of the record */
  GHashTable       *tracebacks;         /* rank → Traceback */
  GHashTable       *ranks;              /* set of ranks seen */
  gint              last_rank;
};

static void
traceback_free (Traceback *traceback)
{
  planner_log_line_free (traceback->frame_line);
  g_free (traceback->file);
  g_free (traceback->function);
  g_free (traceback);
}


PlannerLogReader *
planner_log_reader_new (void)
{
  PlannerLogReader *reader = g_new0 (PlannerLogReader, 1);

  reader->record = planner_log_record_new ();
  reader->line = g_malloc (PLANNER_LOG_MAX_LINE_BYTES + 1);
  reader->stride = 1;
  reader->arguments_rank = -1;
  reader->tflops_histogram = g_hash_table_new (g_direct_hash, g_direct_equal);
  reader->ms_histogram = g_hash_table_new (g_direct_hash, g_direct_equal);
  reader->memory = g_hash_table_new (g_direct_hash, g_direct_equal);
  reader->tracebacks = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) traceback_free);
  reader->ranks = g_hash_table_new (g_direct_hash, g_direct_equal);
  reader->last_rank = -1;
  return reader;
}

void
planner_log_reader_free (PlannerLogReader *reader)
{
  if (reader == NULL)
    return;
  g_clear_pointer (&reader->record, planner_log_record_unref);
  g_clear_pointer (&reader->complete_arguments, g_hash_table_unref);
  g_clear_pointer (&reader->complete_argument_lines, g_hash_table_unref);
  g_clear_pointer (&reader->complete_unkept, g_hash_table_unref);
  g_clear_pointer (&reader->complete_line, planner_log_line_free);
  g_free (reader->line);
  g_hash_table_unref (reader->tflops_histogram);
  g_hash_table_unref (reader->ms_histogram);
  g_hash_table_unref (reader->memory);
  g_hash_table_unref (reader->tracebacks);
  g_hash_table_unref (reader->ranks);
  g_free (reader);
}

static char *
cut_ascii (const char *text)
{
  g_autofree char *head = g_strndup (text, PLANNER_LOG_MAX_CITED_CHARS);

  return g_strconcat (head, "…", NULL);
}

/* What a person may be shown: valid UTF-8, terminal escapes removed,
 * other control characters replaced, at most PLANNER_LOG_MAX_CITED_CHARS. */
static char *
sanitize (const char *text,
          gsize       length)
{
  GString *out;
  gsize ascii = 0;
  const char *p = text;
  const char *end = text + length;
  guint chars = 0;

  /* Most lines are plain printable ASCII: copied as they are. */
  while (ascii < length && ((guchar) text[ascii] >= 0x20 && (guchar) text[ascii] < 0x7F))
    ascii++;
  if (ascii == length)
    {
      if (length <= PLANNER_LOG_MAX_CITED_CHARS)
        return g_strndup (text, length);
      return cut_ascii (text);
    }

  out = g_string_sized_new (MIN (length, (gsize) PLANNER_LOG_MAX_CITED_CHARS) + 8);

  while (p < end)
    {
      gunichar c;

      if (chars >= PLANNER_LOG_MAX_CITED_CHARS)
        {
          g_string_append (out, "…");
          break;
        }
      if (*p == '\033')
        {
          /* CSI "ESC [ params letter": colours from a logger */
          p++;
          if (p < end && *p == '[')
            {
              p++;
              while (p < end && !g_ascii_isalpha (*p))
                p++;
              if (p < end)
                p++;
            }
          continue;
        }
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_unichar (out, 0xFFFD);
          p++;
        }
      else
        {
          if ((c < 0x20 && c != '\t') || c == 0x7F || (c >= 0x80 && c < 0xA0))
            g_string_append_unichar (out, 0xFFFD);
          else
            g_string_append_unichar (out, c);
          p = g_utf8_next_char (p);
        }
      chars++;
    }
  return g_string_free (out, FALSE);
}

static PlannerLogLine *
cite (PlannerLogReader       *reader,
      const PlannerLogParsed *parsed,
      const char             *text)
{
  PlannerLogLine *line = g_new (PlannerLogLine, 1);

  line->number = reader->line_number;
  line->rank = parsed != NULL ? parsed->rank : -1;
  line->text = sanitize (text, strlen (text));
  return line;
}

static void
raw_keep (PlannerLogReader       *reader,
          RawLine                *raw,
          const PlannerLogParsed *parsed,
          const char             *text)
{
  gsize length = strlen (text);

  raw->number = reader->line_number;
  raw->rank = parsed->rank;
  raw->length = MIN (length, (gsize) RAW_BYTES);
  memcpy (raw->text, text, raw->length);
}

static PlannerLogLine *
raw_cite (const RawLine *raw)
{
  PlannerLogLine *line = g_new (PlannerLogLine, 1);

  line->number = raw->number;
  line->rank = raw->rank;
  line->text = sanitize (raw->text, raw->length);
  return line;
}

static char *
slice_dup (const PlannerLogSlice *slice)
{
  char *text = sanitize (slice->start, slice->length);

  return text;
}

static void
advance_phase (PlannerLogReader *reader,
               PlannerLogPhase   phase)
{
  if (phase > reader->phase)
    reader->phase = phase;
}

static gint64
last_iteration (PlannerLogReader *reader)
{
  return reader->record->n_iteration_lines > 0 ? (gint64) reader->record->last_iteration : -1;
}

/* A new event of @kind, or NULL when PLANNER_LOG_MAX_EVENTS_PER_KIND are
 * already kept (it is counted all the same). */
static PlannerLogEvent *
add_event (PlannerLogReader       *reader,
           PlannerLogEventKind     kind,
           const PlannerLogParsed *parsed,
           const char             *text)
{
  PlannerLogRecord *record = reader->record;
  PlannerLogEvent *event;

  record->n_events[kind]++;
  if (record->events[kind]->len >= PLANNER_LOG_MAX_EVENTS_PER_KIND)
    return NULL;
  event = planner_log_event_new (kind);
  event->phase = reader->phase;
  event->iteration = last_iteration (reader);
  event->rank = parsed != NULL ? parsed->rank : -1;
  g_ptr_array_add (event->lines, cite (reader, parsed, text));
  g_ptr_array_add (record->events[kind], event);
  return event;
}

static void
event_add_line (PlannerLogReader       *reader,
                PlannerLogEvent        *event,
                const PlannerLogParsed *parsed,
                const char             *text)
{
  if (event->lines->len < PLANNER_LOG_MAX_EVENT_LINES)
    g_ptr_array_add (event->lines, cite (reader, parsed, text));
}

static PlannerLogEvent *
find_event_of_rank (PlannerLogReader    *reader,
                    PlannerLogEventKind  kind,
                    gint                 rank)
{
  GPtrArray *events = reader->record->events[kind];

  for (guint i = 0; i < events->len; i++)
    {
      PlannerLogEvent *event = g_ptr_array_index (events, i);

      if (event->rank == rank)
        return event;
    }
  return NULL;
}

static void
note_rank (PlannerLogReader *reader,
           gint              rank)
{
  /* Runs of lines come from one rank: look it up once per run. */
  if (rank < 0 || rank == reader->last_rank)
    return;
  reader->last_rank = rank;
  if (g_hash_table_size (reader->ranks) < MAX_RANKS_COUNTED)
    g_hash_table_add (reader->ranks, GINT_TO_POINTER (rank + 1));
}

/* Iterations ------------------------------------------------------------ */

static void
bucket_merge (Bucket       *into,
              const Bucket *from)
{
  into->last_iteration = from->last_iteration;
  into->n_lines += from->n_lines;
  into->loss_sum += from->loss_sum;
  into->loss_n += from->loss_n;
  if (from->loss_n > 0 && (into->loss_n == from->loss_n || from->loss_max > into->loss_max))
    into->loss_max = from->loss_max;
  into->grad_sum += from->grad_sum;
  into->grad_n += from->grad_n;
  if (from->grad_n > 0 && (into->grad_n == from->grad_n || from->grad_max > into->grad_max))
    into->grad_max = from->grad_max;
  into->tflops_sum += from->tflops_sum;
  into->tflops_n += from->tflops_n;
  into->ms_sum += from->ms_sum;
  into->ms_n += from->ms_n;
  if (!isnan (from->learning_rate))
    into->learning_rate = from->learning_rate;
  if (!isnan (from->loss_scale) && (isnan (into->loss_scale) || from->loss_scale < into->loss_scale))
    into->loss_scale = from->loss_scale;
  into->skipped += from->skipped;
  into->nan += from->nan;
}

static void
series_add (PlannerLogReader       *reader,
            const PlannerLogParsed *parsed)
{
  Bucket point = { 0 };

  point.first_iteration = point.last_iteration = parsed->iteration;
  point.line = reader->line_number;
  point.n_lines = 1;
  if (isfinite (parsed->loss))
    {
      point.loss_sum = point.loss_max = parsed->loss;
      point.loss_n = 1;
    }
  if (isfinite (parsed->grad_norm))
    {
      point.grad_sum = point.grad_max = parsed->grad_norm;
      point.grad_n = 1;
    }
  if (isfinite (parsed->tflops_per_gpu))
    {
      point.tflops_sum = parsed->tflops_per_gpu;
      point.tflops_n = 1;
    }
  if (isfinite (parsed->elapsed_ms))
    {
      point.ms_sum = parsed->elapsed_ms;
      point.ms_n = 1;
    }
  point.learning_rate = parsed->learning_rate;
  point.loss_scale = parsed->loss_scale;
  point.skipped = parsed->skipped > 0 ? (guint) MIN (parsed->skipped, G_MAXUINT) : 0;
  point.nan = parsed->nan > 0 ? (guint) MIN (parsed->nan, G_MAXUINT) : 0;

  if (reader->n_buckets > 0 && reader->buckets[reader->n_buckets - 1].n_lines < reader->stride)
    {
      bucket_merge (&reader->buckets[reader->n_buckets - 1], &point);
      return;
    }
  if (reader->n_buckets == PLANNER_LOG_MAX_POINTS)
    {
      /* Full: pairs become one, and each bucket takes twice the lines. */
      for (guint i = 0; i < PLANNER_LOG_MAX_POINTS / 2; i++)
        {
          Bucket merged = reader->buckets[2 * i];

          bucket_merge (&merged, &reader->buckets[2 * i + 1]);
          reader->buckets[i] = merged;
        }
      reader->n_buckets = PLANNER_LOG_MAX_POINTS / 2;
      reader->stride *= 2;
    }
  reader->buckets[reader->n_buckets++] = point;
}

static void
histogram_add (GHashTable *histogram,
               double      value)
{
  gint64 tenths;
  gpointer key;
  gsize count;

  /* Megatron prints these with one decimal: tenths are exact. */
  if (!isfinite (value) || value < 0 || value > 1e12)
    return;
  tenths = (gint64) llround (value * 10.0);
  key = GSIZE_TO_POINTER ((gsize) tenths + 1);
  count = GPOINTER_TO_SIZE (g_hash_table_lookup (histogram, key));
  if (count > 0 || g_hash_table_size (histogram) < MAX_HISTOGRAM)
    g_hash_table_insert (histogram, key, GSIZE_TO_POINTER (count + 1));
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  gsize x = GPOINTER_TO_SIZE (*(gpointer const *) a);
  gsize y = GPOINTER_TO_SIZE (*(gpointer const *) b);

  return x < y ? -1 : x > y;
}

static double
histogram_median (GHashTable *histogram,
                  guint64    *count)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_sized_new (g_hash_table_size (histogram));
  GHashTableIter iter;
  gpointer key;
  guint64 total = 0, seen = 0, lower_index, upper_index;
  double lower = NAN, upper = NAN;

  g_hash_table_iter_init (&iter, histogram);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  for (guint i = 0; i < keys->len; i++)
    total += GPOINTER_TO_SIZE (g_hash_table_lookup (histogram, g_ptr_array_index (keys, i)));
  *count = total;
  if (total == 0)
    return NAN;
  g_ptr_array_sort (keys, compare_keys);
  lower_index = (total - 1) / 2;
  upper_index = total / 2;
  for (guint i = 0; i < keys->len; i++)
    {
      gpointer k = g_ptr_array_index (keys, i);
      guint64 n = GPOINTER_TO_SIZE (g_hash_table_lookup (histogram, k));
      double value = (double) (GPOINTER_TO_SIZE (k) - 1) / 10.0;

      if (isnan (lower) && lower_index < seen + n)
        lower = value;
      if (upper_index < seen + n)
        {
          upper = value;
          break;
        }
      seen += n;
    }
  return (lower + upper) / 2;
}

static double
window_mean (const double *window,
             guint         n)
{
  double sum = 0;
  guint count = MIN (n, SPIKE_WINDOW);

  for (guint i = 0; i < count; i++)
    sum += window[i];
  return count > 0 ? sum / count : NAN;
}

static void
window_push (double *window,
             guint  *n,
             double  value)
{
  window[*n % SPIKE_WINDOW] = value;
  (*n)++;
}

static void
iteration_events (PlannerLogReader       *reader,
                  const PlannerLogParsed *parsed,
                  const char             *text)
{
  PlannerLogRecord *record = reader->record;
  PlannerLogEvent *event;

  /* Skipped iterations (an FP16 overflow) and NaN iterations: lines close
   * together are one event with several proofs. */
  if (parsed->skipped > 0)
    {
      GPtrArray *events = record->events[PLANNER_LOG_EVENT_SKIPPED];

      if (events->len > 0 && reader->n_logged - reader->last_skipped_logged <= MERGE_WITHIN)
        {
          event = g_ptr_array_index (events, events->len - 1);
          event->count++;
          event->value += (double) parsed->skipped;
          if (isfinite (parsed->loss_scale))
            event->loss_scale = MIN (event->loss_scale, parsed->loss_scale);
          event_add_line (reader, event, parsed, text);
          record->n_events[PLANNER_LOG_EVENT_SKIPPED]++;
        }
      else if ((event = add_event (reader, PLANNER_LOG_EVENT_SKIPPED, parsed, text)) != NULL)
        {
          event->iteration = (gint64) parsed->iteration;
          event->value = (double) parsed->skipped;
          event->loss_scale = parsed->loss_scale;
        }
      reader->last_skipped_logged = reader->n_logged;
    }
  if (parsed->nan > 0)
    {
      GPtrArray *events = record->events[PLANNER_LOG_EVENT_NAN];

      if (events->len > 0 && reader->n_logged - reader->last_nan_logged <= MERGE_WITHIN)
        {
          event = g_ptr_array_index (events, events->len - 1);
          event->count++;
          event->value += (double) parsed->nan;
          event_add_line (reader, event, parsed, text);
          record->n_events[PLANNER_LOG_EVENT_NAN]++;
        }
      else if ((event = add_event (reader, PLANNER_LOG_EVENT_NAN, parsed, text)) != NULL)
        {
          event->iteration = (gint64) parsed->iteration;
          event->value = (double) parsed->nan;
          event->loss_scale = parsed->loss_scale;
        }
      reader->last_nan_logged = reader->n_logged;
    }

  /* A loss well above the mean of the lines before it. */
  if (isfinite (parsed->loss))
    {
      double baseline = window_mean (reader->loss_window, reader->loss_window_n);

      if (reader->loss_window_n >= 4 && baseline > 0 && parsed->loss >= LOSS_SPIKE_RATIO * baseline &&
          (event = add_event (reader, PLANNER_LOG_EVENT_LOSS_SPIKE, parsed, text)) != NULL)
        {
          event->iteration = (gint64) parsed->iteration;
          event->value = parsed->loss;
          event->baseline = baseline;
          event->loss_scale = parsed->loss_scale;
        }
      window_push (reader->loss_window, &reader->loss_window_n, parsed->loss);
    }

  /* A grad norm that jumps by an order of magnitude, or is not a number. */
  if (!isnan (parsed->grad_norm) || strstr (text, "grad norm: nan") != NULL)
    {
      double baseline = window_mean (reader->grad_window, reader->grad_window_n);
      gboolean broken = !isfinite (parsed->grad_norm);

      if ((broken || (reader->grad_window_n >= 4 && baseline > 0 && parsed->grad_norm >= GRAD_SPIKE_RATIO * baseline)) &&
          (event = add_event (reader, PLANNER_LOG_EVENT_GRAD_NORM_SPIKE, parsed, text)) != NULL)
        {
          event->iteration = (gint64) parsed->iteration;
          event->value = parsed->grad_norm;
          event->baseline = baseline;
          event->loss_scale = parsed->loss_scale;
        }
      if (!broken)
        window_push (reader->grad_window, &reader->grad_window_n, parsed->grad_norm);
    }
}

static void
handle_iteration (PlannerLogReader       *reader,
                  const PlannerLogParsed *parsed,
                  const char             *text)
{
  PlannerLogRecord *record = reader->record;
  Recent *recent;

  advance_phase (reader, PLANNER_LOG_PHASE_TRAINING);
  reader->n_logged++;
  if (record->n_iteration_lines == 0)
    {
      record->first_iteration = parsed->iteration;
      record->first_iteration_line = cite (reader, parsed, text);
    }
  else
    {
      /* The first logged line holds start-up time: the medians leave it out. */
      histogram_add (reader->tflops_histogram, parsed->tflops_per_gpu);
      histogram_add (reader->ms_histogram, parsed->elapsed_ms);
    }
  record->n_iteration_lines++;
  record->last_iteration = parsed->iteration;
  record->train_iters = parsed->train_iters;
  raw_keep (reader, &reader->last_iteration, parsed, text);

  recent = &reader->recent[reader->recent_next++ % RECENT_LINES];
  recent->tflops = parsed->tflops_per_gpu;
  recent->ms = parsed->elapsed_ms;
  recent->used = TRUE;
  raw_keep (reader, &recent->line, parsed, text);

  if (isfinite (parsed->loss))
    {
      if (isnan (record->loss_first))
        record->loss_first = parsed->loss;
      record->loss_last = parsed->loss;
      if (isnan (record->loss_min) || parsed->loss < record->loss_min)
        record->loss_min = parsed->loss;
    }
  if (!isnan (parsed->grad_norm) && (isnan (record->grad_norm_max) || !(parsed->grad_norm <= record->grad_norm_max)))
    record->grad_norm_max = parsed->grad_norm;
  if (parsed->skipped > 0)
    record->skipped_total += (guint64) parsed->skipped;
  if (parsed->nan > 0)
    record->nan_total += (guint64) parsed->nan;
  if (isfinite (parsed->loss_scale) && parsed->loss_scale != 1.0)
    record->fp16_loss_scale = TRUE;

  series_add (reader, parsed);
  iteration_events (reader, parsed, text);
}

/* Memory ---------------------------------------------------------------- */

static void
handle_memory (PlannerLogReader       *reader,
               const PlannerLogParsed *parsed,
               const char             *text)
{
  PlannerLogRecord *record = reader->record;
  /* Looked up by rank, not along the list: a log of 16K ranks has
   * thousands of kept ones, and a hostile one many more lines of new ranks. */
  PlannerLogMemory *memory = g_hash_table_lookup (reader->memory, GINT_TO_POINTER (parsed->rank + 1));

  if (memory == NULL)
    {
      if (record->memory->len >= PLANNER_LOG_MAX_RANKS)
        return;
      memory = g_new0 (PlannerLogMemory, 1);
      memory->rank = parsed->rank;
      memory->allocated_mb = memory->max_allocated_mb = memory->reserved_mb = memory->max_reserved_mb = NAN;
      memory->after_iteration = -1;
      g_ptr_array_add (record->memory, memory);
      g_hash_table_insert (reader->memory, GINT_TO_POINTER (parsed->rank + 1), memory);
    }
#define TAKE_MAX(field) \
  if (isfinite (parsed->field) && (isnan (memory->field) || parsed->field > memory->field)) \
    memory->field = parsed->field
  TAKE_MAX (allocated_mb);
  TAKE_MAX (max_allocated_mb);
  TAKE_MAX (reserved_mb);
#undef TAKE_MAX
  if (isfinite (parsed->max_reserved_mb) && (isnan (memory->max_reserved_mb) || parsed->max_reserved_mb > memory->max_reserved_mb ||
                                              memory->line == NULL))
    {
      memory->max_reserved_mb = parsed->max_reserved_mb;
      memory->after_iteration = parsed->after_iteration;
      planner_log_line_free (memory->line);
      memory->line = cite (reader, parsed, text);
    }
}

/* Failures -------------------------------------------------------------- */

static void
handle_oom (PlannerLogReader       *reader,
            const PlannerLogParsed *parsed,
            const char             *text)
{
  PlannerLogEvent *event = find_event_of_rank (reader, PLANNER_LOG_EVENT_OOM, parsed->rank);

  if (event != NULL && (parsed->rank >= 0 || event->tried_bytes == parsed->tried_bytes))
    {
      /* The same failure again (logged, then raised): one event. */
      event->count++;
      reader->record->n_events[PLANNER_LOG_EVENT_OOM]++;
      return;
    }
  event = add_event (reader, PLANNER_LOG_EVENT_OOM, parsed, text);
  if (event == NULL)
    return;
  if (parsed->exception.length > 0)
    event->exception = slice_dup (&parsed->exception);
  event->tried_bytes = parsed->tried_bytes;
  event->capacity_bytes = parsed->capacity_bytes;
  event->free_bytes = parsed->free_bytes;
  event->in_use_bytes = parsed->in_use_bytes;
  event->allocated_bytes = parsed->allocated_bytes;
  event->reserved_unallocated_bytes = parsed->reserved_unallocated_bytes;
  event->device = parsed->device;
}

static void
handle_nccl_timeout (PlannerLogReader       *reader,
                     const PlannerLogParsed *parsed,
                     const char             *text)
{
  PlannerLogEvent *event = find_event_of_rank (reader, PLANNER_LOG_EVENT_NCCL_TIMEOUT, parsed->rank);

  /* The watchdog says it again when it takes the process down. */
  if (event != NULL && event->sequence == parsed->sequence)
    {
      event->count++;
      reader->record->n_events[PLANNER_LOG_EVENT_NCCL_TIMEOUT]++;
      return;
    }
  event = add_event (reader, PLANNER_LOG_EVENT_NCCL_TIMEOUT, parsed, text);
  if (event == NULL)
    return;
  if (parsed->collective.length > 0)
    event->collective = slice_dup (&parsed->collective);
  event->sequence = parsed->sequence;
  event->numel_in = parsed->numel_in;
  event->numel_out = parsed->numel_out;
  event->timeout_ms = parsed->timeout_ms;
  event->ran_ms = parsed->ran_ms;
  event->process_group = parsed->process_group;
}

static void
handle_nccl_work (PlannerLogReader       *reader,
                  const PlannerLogParsed *parsed,
                  const char             *text)
{
  GPtrArray *events = reader->record->events[PLANNER_LOG_EVENT_NCCL_TIMEOUT];
  PlannerLogEvent *event = find_event_of_rank (reader, PLANNER_LOG_EVENT_NCCL_TIMEOUT, parsed->rank);

  if (event == NULL && events->len > 0 && parsed->rank < 0)
    event = g_ptr_array_index (events, events->len - 1);
  if (event == NULL || event->last_completed >= 0)
    return;
  event->last_completed = parsed->last_completed;
  if (event->process_group < 0)
    event->process_group = parsed->process_group;
  event_add_line (reader, event, parsed, text);
}

static void
handle_unexpected (PlannerLogReader       *reader,
                   const PlannerLogParsed *parsed,
                   const char             *text)
{
  GPtrArray *events = reader->record->events[PLANNER_LOG_EVENT_NAN];
  g_autofree char *message = parsed->message.length > 0 ? slice_dup (&parsed->message) : NULL;
  PlannerLogEvent *event;

  /* Logged, then raised: the same check at the same iteration is one event. */
  for (guint i = 0; i < events->len; i++)
    {
      event = g_ptr_array_index (events, i);
      if (event->iteration == parsed->at_iteration && g_strcmp0 (event->message, message) == 0 &&
          event->exception != NULL)
        {
          event->count++;
          if (event->rank != parsed->rank)
            event_add_line (reader, event, parsed, text);
          reader->record->n_events[PLANNER_LOG_EVENT_NAN]++;
          return;
        }
    }
  event = add_event (reader, PLANNER_LOG_EVENT_NAN, parsed, text);
  if (event == NULL)
    return;
  if (parsed->at_iteration >= 0)
    event->iteration = parsed->at_iteration;
  event->value = parsed->value;
  event->exception = parsed->exception.length > 0 ? slice_dup (&parsed->exception) : g_strdup ("Unexpected result");
  event->message = g_steal_pointer (&message);
}

/* Tracebacks ------------------------------------------------------------ */

static Traceback *
traceback_of (PlannerLogReader *reader,
              gint              rank)
{
  return g_hash_table_lookup (reader->tracebacks, GINT_TO_POINTER (rank));
}

static void
handle_traceback_start (PlannerLogReader       *reader,
                        const PlannerLogParsed *parsed)
{
  Traceback *traceback;

  /* A chained exception starts a new traceback: the last one raised wins. */
  if (traceback_of (reader, parsed->rank) == NULL && g_hash_table_size (reader->tracebacks) >= MAX_TRACEBACKS)
    return;
  traceback = g_new0 (Traceback, 1);
  traceback->rank = parsed->rank;
  traceback->started = traceback->last_seen = reader->line_number;
  g_hash_table_replace (reader->tracebacks, GINT_TO_POINTER (parsed->rank), traceback);
}

/* "megatron/training/arguments.py" from any checkout path, or NULL. */
static const char *
megatron_path (const char *path)
{
  const char *found = NULL;
  const char *p = path;

  if (g_str_has_prefix (path, "megatron/"))
    return path;
  while ((p = strstr (p, "/megatron/")) != NULL)
    {
      found = p + 1;
      p++;
    }
  return found;
}

static void
handle_frame (PlannerLogReader       *reader,
              const PlannerLogParsed *parsed,
              const char             *text)
{
  Traceback *traceback = traceback_of (reader, parsed->rank);
  g_autofree char *file = NULL;
  const char *in_megatron;

  if (traceback == NULL)
    return;
  traceback->in_frames = TRUE;
  traceback->last_seen = reader->line_number;
  file = slice_dup (&parsed->file);
  in_megatron = megatron_path (file);
  /* The deepest frame inside Megatron raised it (a check's assert or
   * raise); frames below it are PyTorch's or Python's. */
  if (in_megatron != NULL || !traceback->megatron_frame)
    {
      g_free (traceback->file);
      traceback->file = g_strdup (in_megatron != NULL ? in_megatron : file);
      traceback->file_line = parsed->file_line;
      g_free (traceback->function);
      traceback->function = slice_dup (&parsed->function);
      planner_log_line_free (traceback->frame_line);
      traceback->frame_line = cite (reader, parsed, text);
      traceback->megatron_frame = in_megatron != NULL;
    }
}

static gboolean
handle_traceback_end (PlannerLogReader       *reader,
                      const PlannerLogParsed *parsed,
                      const char             *text)
{
  Traceback *traceback = traceback_of (reader, parsed->rank);
  PlannerLogSlice type, message;
  g_autofree char *type_text = NULL;
  g_autofree char *message_text = NULL;
  GPtrArray *events = reader->record->events[PLANNER_LOG_EVENT_EXCEPTION];
  PlannerLogEvent *event = NULL;
  const char *code = NULL;

  if (traceback == NULL || !traceback->in_frames)
    return FALSE;
  if (parsed->kind == PLANNER_LOG_LINE_OOM || parsed->kind == PLANNER_LOG_LINE_UNEXPECTED)
    {
      /* Their own events hold them; the frame says where it happened. */
      PlannerLogEventKind kind = parsed->kind == PLANNER_LOG_LINE_OOM ? PLANNER_LOG_EVENT_OOM : PLANNER_LOG_EVENT_NAN;
      PlannerLogEvent *owner = find_event_of_rank (reader, kind, parsed->rank);

      if (owner != NULL && owner->file == NULL && traceback->frame_line != NULL)
        {
          owner->file = g_strdup (traceback->file);
          owner->file_line = traceback->file_line;
          owner->function = g_strdup (traceback->function);
          if (owner->lines->len < PLANNER_LOG_MAX_EVENT_LINES)
            g_ptr_array_add (owner->lines, planner_log_line_copy (traceback->frame_line));
        }
      g_hash_table_remove (reader->tracebacks, GINT_TO_POINTER (parsed->rank));
      return TRUE;
    }
  if (!planner_log_parse_exception (parsed->body, &type, &message))
    return FALSE;

  type_text = slice_dup (&type);
  message_text = slice_dup (&message);
  for (guint i = 0; i < events->len; i++)
    {
      PlannerLogEvent *e = g_ptr_array_index (events, i);

      if (g_str_equal (e->exception, type_text) && g_str_equal (e->message, message_text))
        {
          event = e;
          break;
        }
    }
  if (event != NULL)
    {
      /* Every rank raises the same check: one event, counted. */
      event->count++;
      reader->record->n_events[PLANNER_LOG_EVENT_EXCEPTION]++;
      if (event->rank != parsed->rank && event->lines->len < 4)
        event_add_line (reader, event, parsed, text);
    }
  else if ((event = add_event (reader, PLANNER_LOG_EVENT_EXCEPTION, parsed, text)) != NULL)
    {
      event->exception = g_steal_pointer (&type_text);
      event->message = g_steal_pointer (&message_text);
      event->file = g_strdup (traceback->file);
      event->file_line = traceback->file_line;
      event->function = g_strdup (traceback->function);
      if (traceback->frame_line != NULL)
        g_ptr_array_add (event->lines, planner_log_line_copy (traceback->frame_line));
      event->rule_match = planner_log_rules_match (event->message, traceback->megatron_frame ? event->file : NULL,
                                                   event->file_line, &event->rule_id, &code);
      event->diagnostic_code = code;
    }
  g_hash_table_remove (reader->tracebacks, GINT_TO_POINTER (parsed->rank));
  return TRUE;
}

static gboolean
stale_traceback (gpointer key,
                 gpointer value,
                 gpointer user_data)
{
  Traceback *traceback = value;
  guint64 now = *(guint64 *) user_data;

  return now - traceback->last_seen > MAX_TRACEBACK_SPAN;
}

/* Lines ----------------------------------------------------------------- */

static void
clear_complete (PlannerLogReader *reader)
{
  g_clear_pointer (&reader->complete_arguments, g_hash_table_unref);
  g_clear_pointer (&reader->complete_argument_lines, g_hash_table_unref);
  g_clear_pointer (&reader->complete_unkept, g_hash_table_unref);
  g_clear_pointer (&reader->complete_line, planner_log_line_free);
}

/* Whether @value can be taken as the log printed it: whole, valid UTF-8,
 * no control character.  Anything else would have to be changed to be
 * used, and a changed path is a wrong path. */
static const char *
unkept_reason (const char *value,
               gsize       length,
               gboolean    whole)
{
  const char *end = value + length;

  if (!whole)
    return _("its line was cut at 65,536 bytes, or held a NUL byte or a carriage return");
  if (!g_utf8_validate (value, (gssize) length, NULL))
    return _("it holds bytes that are not UTF-8 text");
  for (const char *p = value; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\t' || planner_is_control_char (c))
        return _("it holds a control character or an escape sequence");
    }
  return NULL;
}

static void
handle_argument (PlannerLogReader       *reader,
                 const PlannerLogParsed *parsed,
                 gboolean                whole)
{
  PlannerLogRecord *record = reader->record;
  const char *value = parsed->arg_value.start;
  gsize length = parsed->arg_value.length;
  g_autofree char *dest = NULL;
  const char *reason;

  if (reader->arguments_rank >= 0 && parsed->rank != reader->arguments_rank)
    return;
  if (g_hash_table_size (record->arguments) >= PLANNER_LOG_MAX_ARGUMENTS)
    {
      record->arguments_truncated = TRUE;
      return;
    }
  while (length > 0 && g_ascii_isspace (value[length - 1]))
    length--;
  dest = g_strndup (parsed->arg_name.start, parsed->arg_name.length);
  /* Kept whole or not at all: never cut, never with characters replaced. */
  reason = unkept_reason (value, length, whole);
  if (reason != NULL)
    {
      g_hash_table_remove (record->arguments, dest);
      if (record->unkept_arguments == NULL)
        record->unkept_arguments = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_replace (record->unkept_arguments, g_steal_pointer (&dest), (gpointer) reason);
      return;
    }
  if (record->unkept_arguments != NULL)
    g_hash_table_remove (record->unkept_arguments, dest);
  g_hash_table_replace (record->argument_lines, g_strdup (dest), g_memdup2 (&reader->line_number,
                                                                             sizeof reader->line_number));
  g_hash_table_replace (record->arguments, g_steal_pointer (&dest), g_strndup (value, length));
}

/* Numbers of Megatron's lines that break the one rule: kept with their
 * line, a few, and all counted (issue 22 #10). */
static void
note_unreadable (PlannerLogReader       *reader,
                 const PlannerLogParsed *parsed)
{
  PlannerLogRecord *record = reader->record;

  for (guint i = 0; i < parsed->n_unreadable; i++)
    {
      PlannerLogUnreadable *unreadable;
      gsize length = MIN (parsed->unreadable[i].text.length, 40);

      record->n_unreadable++;
      if (record->unreadable->len >= PLANNER_LOG_MAX_UNREADABLE)
        continue;
      unreadable = g_new0 (PlannerLogUnreadable, 1);
      unreadable->line = reader->line_number;
      unreadable->field = parsed->unreadable[i].field;
      {
        g_autofree char *raw = g_strndup (parsed->unreadable[i].text.start, length);

        /* A garbled log can hold anything: the text is shown escaped. */
        unreadable->text = planner_escape_controls (raw);
      }
      g_ptr_array_add (record->unreadable, unreadable);
    }
}

static void
process_line (PlannerLogReader *reader,
              char             *text,
              gsize             length)
{
  PlannerLogRecord *record = reader->record;
  PlannerLogParsed parsed;
  gboolean ends_traceback;
  char *cr;

  /* A progress bar rewrites its line with "\r": what is left is the last. */
  if (length > 0 && text[length - 1] == '\r')
    text[--length] = '\0';
  /* An argument line is read whole: a value with a NUL byte or a "\r" in
   * it, or cut at the line limit, is named and not taken. */
  if (reader->in_arguments && (reader->line_overflow || memchr (text, '\r', length) != NULL ||
                               strlen (text) != length))
    {
      planner_log_parse_line (text, &parsed);
      if (parsed.kind == PLANNER_LOG_LINE_ARG)
        {
          handle_argument (reader, &parsed, FALSE);
          return;
        }
    }
  if (memchr (text, '\r', length) != NULL && (cr = strrchr (text, '\r')) != NULL)
    text = cr + 1;

  planner_log_parse_line (text, &parsed);
  note_unreadable (reader, &parsed);
  if (parsed.prefixed)
    record->has_rank_prefixes = TRUE;
  note_rank (reader, parsed.rank);
  if (parsed.local_rank > record->max_local_rank)
    record->max_local_rank = parsed.local_rank;

  /* Inside the argument block, its lines; the rest is read as usual (other
   * ranks may write in between). */
  if (reader->in_arguments && parsed.kind == PLANNER_LOG_LINE_ARG)
    {
      handle_argument (reader, &parsed, TRUE);
      return;
    }

  /* A traceback in progress ends at its exception (an OOM or a NaN check
   * first gets its own event, below, then the traceback's frame). */
  ends_traceback = g_hash_table_size (reader->tracebacks) > 0 && parsed.kind != PLANNER_LOG_LINE_FRAME &&
                   parsed.kind != PLANNER_LOG_LINE_TRACEBACK && parsed.body[0] != ' ' && parsed.body[0] != '\0';
  if (ends_traceback && parsed.kind != PLANNER_LOG_LINE_OOM && parsed.kind != PLANNER_LOG_LINE_UNEXPECTED &&
      handle_traceback_end (reader, &parsed, text))
    return;

  switch (parsed.kind)
    {
    case PLANNER_LOG_LINE_ARGS_BEGIN:
      record->n_runs++;
      /* The last complete block is kept aside until this one ends: a
       * restart that dies while printing must not become the job. */
      if (!reader->in_arguments && record->arguments != NULL)
        {
          clear_complete (reader);
          reader->complete_arguments = g_steal_pointer (&record->arguments);
          reader->complete_argument_lines = g_steal_pointer (&record->argument_lines);
          reader->complete_unkept = g_steal_pointer (&record->unkept_arguments);
          reader->complete_line = g_steal_pointer (&record->arguments_line);
          reader->complete_truncated = record->arguments_truncated;
        }
      g_clear_pointer (&record->arguments, g_hash_table_unref);
      g_clear_pointer (&record->argument_lines, g_hash_table_unref);
      g_clear_pointer (&record->unkept_arguments, g_hash_table_unref);
      record->arguments = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      record->argument_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      record->arguments_truncated = FALSE;
      planner_log_line_free (record->arguments_line);
      record->arguments_line = cite (reader, &parsed, text);
      reader->in_arguments = TRUE;
      reader->arguments_rank = parsed.rank;
      advance_phase (reader, PLANNER_LOG_PHASE_INITIALIZED);
      break;
    case PLANNER_LOG_LINE_ARGS_END:
      reader->in_arguments = FALSE;
      break;
    case PLANNER_LOG_LINE_ITERATION:
      /* Megatron averages the loss over the advanced iterations only: when
       * all of an interval's were skipped it prints 0, which is no loss. */
      if (parsed.skipped > 0 && parsed.loss == 0.0)
        parsed.loss = NAN;
      handle_iteration (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_MEMORY:
      handle_memory (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_THEORETICAL:
      record->has_theoretical = TRUE;
      record->theoretical_weight_and_optimizer_mb = parsed.weight_and_optimizer_mb;
      record->theoretical_activation_mb = parsed.activation_mb;
      record->theoretical_total_mb = parsed.total_mb;
      planner_log_line_free (record->theoretical_line);
      record->theoretical_line = cite (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_WORLD:
      record->world_line = reader->line_number;
      record->world_size = parsed.world_size;
      record->dp = (guint) MIN (parsed.dp, G_MAXUINT);
      record->cp = (guint) MIN (parsed.cp, G_MAXUINT);
      record->tp = (guint) MIN (parsed.tp, G_MAXUINT);
      record->pp = (guint) MIN (parsed.pp, G_MAXUINT);
      advance_phase (reader, PLANNER_LOG_PHASE_INITIALIZED);
      break;
    case PLANNER_LOG_LINE_MICROBATCHES:
      record->num_microbatches = parsed.num_microbatches;
      break;
    case PLANNER_LOG_LINE_PHASE:
      advance_phase (reader, parsed.phase);
      break;
    case PLANNER_LOG_LINE_OOM:
      handle_oom (reader, &parsed, text);
      if (ends_traceback)
        handle_traceback_end (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_NCCL_TIMEOUT:
      handle_nccl_timeout (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_NCCL_WORK:
      handle_nccl_work (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_TRACEBACK:
      handle_traceback_start (reader, &parsed);
      break;
    case PLANNER_LOG_LINE_FRAME:
      handle_frame (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_UNEXPECTED:
      handle_unexpected (reader, &parsed, text);
      if (ends_traceback)
        handle_traceback_end (reader, &parsed, text);
      break;
    case PLANNER_LOG_LINE_ARG:
    case PLANNER_LOG_LINE_OTHER:
    default:
      break;
    }

  if ((reader->line_number & 1023) == 0 && g_hash_table_size (reader->tracebacks) > 0)
    g_hash_table_foreach_remove (reader->tracebacks, stale_traceback, &reader->line_number);
}

static void
end_line (PlannerLogReader *reader)
{
  reader->line_number++;
  reader->record->n_lines++;
  if (reader->line_overflow)
    reader->record->n_long_lines++;
  reader->line[reader->line_length] = '\0';
  process_line (reader, reader->line, reader->line_length);
  reader->line_length = 0;
  reader->line_overflow = FALSE;
}

void
planner_log_reader_feed (PlannerLogReader *reader,
                         const char       *data,
                         gsize             length)
{
  g_return_if_fail (reader != NULL && reader->record != NULL);
  g_return_if_fail (data != NULL || length == 0);

  reader->record->n_bytes += length;
  while (length > 0)
    {
      const char *newline = memchr (data, '\n', length);
      gsize take = newline != NULL ? (gsize) (newline - data) : length;
      gsize room = PLANNER_LOG_MAX_LINE_BYTES - reader->line_length;

      if (take > room)
        reader->line_overflow = TRUE;
      memcpy (reader->line + reader->line_length, data, MIN (take, room));
      reader->line_length += MIN (take, room);
      if (newline == NULL)
        break;
      end_line (reader);
      data = newline + 1;
      length -= take + 1;
    }
}

static void
finish_series (PlannerLogReader *reader)
{
  PlannerLogRecord *record = reader->record;

  record->n_points = reader->n_buckets;
  record->points_stride = reader->stride;
  record->points = g_new0 (PlannerLogPoint, MAX (reader->n_buckets, 1));
  for (guint i = 0; i < reader->n_buckets; i++)
    {
      const Bucket *b = &reader->buckets[i];
      PlannerLogPoint *p = &record->points[i];

      p->first_iteration = b->first_iteration;
      p->last_iteration = b->last_iteration;
      p->line = b->line;
      p->n_lines = b->n_lines;
      p->loss = b->loss_n > 0 ? b->loss_sum / b->loss_n : NAN;
      p->loss_max = b->loss_n > 0 ? b->loss_max : NAN;
      p->grad_norm = b->grad_n > 0 ? b->grad_sum / b->grad_n : NAN;
      p->grad_norm_max = b->grad_n > 0 ? b->grad_max : NAN;
      p->tflops_per_gpu = b->tflops_n > 0 ? b->tflops_sum / b->tflops_n : NAN;
      p->elapsed_ms = b->ms_n > 0 ? b->ms_sum / b->ms_n : NAN;
      p->learning_rate = b->learning_rate;
      p->loss_scale = b->loss_scale;
      p->skipped = b->skipped;
      p->nan = b->nan;
    }
}

static void
finish_medians (PlannerLogReader *reader)
{
  PlannerLogRecord *record = reader->record;
  double best = G_MAXDOUBLE;
  const Recent *chosen = NULL;

  record->tflops_median = histogram_median (reader->tflops_histogram, &record->n_tflops);
  record->elapsed_ms_median = histogram_median (reader->ms_histogram, &record->n_elapsed);
  /* With a single logged line there is nothing but it. */
  if (record->n_iteration_lines == 1 && record->first_iteration_line != NULL)
    {
      const Recent *only = &reader->recent[0];

      record->tflops_median = only->tflops;
      record->n_tflops = isfinite (only->tflops);
      record->elapsed_ms_median = only->ms;
      record->n_elapsed = isfinite (only->ms);
    }

  /* The line to cite for the medians: among the last lines, the nearest. */
  for (guint i = 0; i < RECENT_LINES; i++)
    {
      const Recent *recent = &reader->recent[i];
      double distance;

      if (!recent->used)
        continue;
      distance = isfinite (record->tflops_median) ? fabs (recent->tflops - record->tflops_median)
                                                  : fabs (recent->ms - record->elapsed_ms_median);
      if (isfinite (distance) &&
          (distance < best || (chosen != NULL && distance == best && recent->line.number > chosen->line.number)))
        {
          best = distance;
          chosen = recent;
        }
    }
  if (chosen != NULL)
    record->median_line = raw_cite (&chosen->line);
  if (record->n_iteration_lines > 0)
    record->last_iteration_line = raw_cite (&reader->last_iteration);
}

PlannerLogRecord *
planner_log_reader_finish (PlannerLogReader *reader)
{
  PlannerLogRecord *record;

  g_return_val_if_fail (reader != NULL && reader->record != NULL, NULL);

  if (reader->line_length > 0 || reader->line_overflow)
    end_line (reader);

  record = reader->record;
  /* A block without its end line: the restart died while printing it. */
  if (reader->in_arguments && record->arguments != NULL)
    {
      record->arguments_cut = TRUE;
      record->arguments_cut_line = record->arguments_line != NULL ? record->arguments_line->number : 0;
      if (reader->complete_arguments != NULL)
        {
          g_clear_pointer (&record->arguments, g_hash_table_unref);
          g_clear_pointer (&record->unkept_arguments, g_hash_table_unref);
          planner_log_line_free (record->arguments_line);
          g_clear_pointer (&record->argument_lines, g_hash_table_unref);
          record->arguments = g_steal_pointer (&reader->complete_arguments);
          record->argument_lines = g_steal_pointer (&reader->complete_argument_lines);
          record->unkept_arguments = g_steal_pointer (&reader->complete_unkept);
          record->arguments_line = g_steal_pointer (&reader->complete_line);
          record->arguments_truncated = reader->complete_truncated;
        }
    }
  clear_complete (reader);
  record->phase = reader->phase;
  record->n_ranks_seen = g_hash_table_size (reader->ranks);
  finish_series (reader);
  finish_medians (reader);

  reader->record = NULL;
  planner_log_reader_free (reader);
  return record;
}
