/* planner-log-line.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-log"

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-log-line.h"
#include "planner-log-number.h"

/* Every line of a multi-gigabyte log comes through here, so the common
 * case (an iteration line, or a line that is nothing to us) is decided
 * from its first characters, and the few formats that can sit anywhere in
 * a line (PyTorch's errors) are looked for with strstr only then. */

#define LITERAL(s) (s), (sizeof (s) - 1)

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

static gboolean
starts_with (const char *p,
             const char *prefix,
             gsize       length)
{
  return strncmp (p, prefix, length) == 0;
}

/* Decimal digits, at most 18 of them (no overflow); FALSE when none. */
static gboolean
parse_u64 (const char  *p,
           const char **end,
           guint64     *value)
{
  guint64 v = 0;
  guint n = 0;

  while (g_ascii_isdigit (*p) && n < 18)
    {
      v = v * 10 + (guint64) (*p - '0');
      p++;
      n++;
    }
  if (n == 0 || g_ascii_isdigit (*p))
    return FALSE;
  *value = v;
  if (end != NULL)
    *end = p;
  return TRUE;
}

static gint64
parse_i64_at (const char *p)
{
  gboolean negative = FALSE;
  guint64 v;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (!parse_u64 (p, NULL, &v))
    return -1;
  return negative ? -(gint64) v : (gint64) v;
}

/* Clinger's fast path: a decimal of at most 15 significant digits with a
 * power of ten within 10^±22 is m × 10^e or m / 10^−e, both exact
 * operations on exact doubles, so the result is the correctly rounded one
 * that strtod gives.  The iteration lines are nothing but such numbers,
 * and this is most of the time spent reading a log. */
static gboolean
parse_decimal_fast (const char  *p,
                    const char **end,
                    double      *value)
{
  static const double powers[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
  gboolean negative = FALSE;
  guint64 mantissa = 0;
  guint digits = 0;
  int exponent = 0;
  gboolean any = FALSE;

  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  while (*p == '0')
    {
      p++;
      any = TRUE;
    }
  for (; g_ascii_isdigit (*p); p++, any = TRUE)
    {
      if (++digits > 15)
        return FALSE;
      mantissa = mantissa * 10 + (guint64) (*p - '0');
    }
  if (*p == '.')
    {
      p++;
      for (; g_ascii_isdigit (*p); p++, any = TRUE)
        {
          if (mantissa == 0 && *p == '0')
            {
              exponent--;
              continue;
            }
          if (++digits > 15)
            return FALSE;
          mantissa = mantissa * 10 + (guint64) (*p - '0');
          exponent--;
        }
    }
  if (!any)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      const char *q = p + 1;
      gboolean minus = FALSE;
      int e = 0;
      guint n = 0;

      if (*q == '-' || *q == '+')
        minus = *q++ == '-';
      for (; g_ascii_isdigit (*q) && n < 4; q++, n++)
        e = e * 10 + (*q - '0');
      if (n == 0 || g_ascii_isdigit (*q))
        return FALSE;
      exponent += minus ? -e : e;
      p = q;
    }
  /* What strtod would go on reading (hex, "infinity", "nan(…)") is for it. */
  if (g_ascii_isalnum (*p) || *p == '.')
    return FALSE;
  if (exponent < -22 || exponent > 22)
    return FALSE;
  *value = exponent >= 0 ? (double) mantissa * powers[exponent] : (double) mantissa / powers[-exponent];
  if (negative)
    *value = -*value;
  *end = p;
  return TRUE;
}

/* A number as Python prints it ("1.5", "1.500000E-04", "nan", "inf");
 * NAN when there is none. */
static double
parse_number (const char  *p,
              const char **end)
{
  char *stop = NULL;
  double value;
  const char *fast_end;

  p = skip_spaces (p);
  if (parse_decimal_fast (p, &fast_end, &value))
    {
      if (end != NULL)
        *end = fast_end;
      return value;
    }
  /* g_ascii_strtod also reads hex and "infinity"; only what Python's
   * formatting writes is wanted, and those never start with "0x". */
  if (!(g_ascii_isdigit (*p) || *p == '-' || *p == '+' || *p == '.' || *p == 'n' || *p == 'i' ||
        *p == 'N' || *p == 'I'))
    return NAN;
  value = g_ascii_strtod (p, &stop);
  if (stop == p)
    return NAN;
  if (end != NULL)
    *end = stop;
  return value;
}

static gint64
int_after (const char *line,
           const char *key)
{
  const char *p = strstr (line, key);

  return p != NULL ? parse_i64_at (skip_spaces (p + strlen (key))) : -1;
}

double
planner_log_parse_size (const char  *text,
                        const char **end)
{
  static const struct { const char *unit; gsize length; double bytes; } units[] = {
    { "bytes", 5, 1.0 },
    { "KiB", 3, 1024.0 },
    { "MiB", 3, 1024.0 * 1024.0 },
    { "GiB", 3, 1024.0 * 1024.0 * 1024.0 },
    { "TiB", 3, 1024.0 * 1024.0 * 1024.0 * 1024.0 },
    { "KB", 2, 1e3 },
    { "MB", 2, 1e6 },
    { "GB", 2, 1e9 },
    { "B", 1, 1.0 },
  };
  const char *p = NULL;
  double value = parse_number (text, &p);

  if (isnan (value) || value < 0 || !isfinite (value))
    return -1;
  p = skip_spaces (p);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      if (strncmp (p, units[i].unit, units[i].length) == 0 && !g_ascii_isalpha (p[units[i].length]))
        {
          if (end != NULL)
            *end = p + units[i].length;
          return value * units[i].bytes;
        }
    }
  return -1;
}

static double
size_after (const char  *line,
            const char  *key,
            const char **end)
{
  const char *p = strstr (line, key);

  if (p == NULL)
    return -1;
  return planner_log_parse_size (p + strlen (key), end);
}

/* Megatron's own figures: the one number rule (planner-log-number.h). */

static void
note_unreadable (PlannerLogParsed *out,
                 const char       *field,
                 const char       *start,
                 const char       *end)
{
  start = skip_spaces (start);
  while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  if (out->n_unreadable >= PLANNER_LOG_MAX_UNREADABLE_PER_LINE)
    return;
  out->unreadable[out->n_unreadable].field = field;
  out->unreadable[out->n_unreadable].text.start = start;
  out->unreadable[out->n_unreadable].text.length = end > start ? (gsize) (end - start) : 0;
  out->n_unreadable++;
}

/* The figure of a " key: value |" segment: the value and nothing but
 * spaces up to the bar.  NAN, and noted, when it breaks the rule. */
static double
segment_figure (PlannerLogParsed *out,
                const char       *field,
                const char       *value)
{
  const char *bar = strchr (value, '|');
  const char *stop = bar != NULL ? bar : value + strlen (value);
  const char *end = NULL;
  double v;

  if (planner_log_number_figure (value, &end, &v) && *skip_spaces (end) == *stop)
    return v;
  note_unreadable (out, field, value, stop);
  return NAN;
}

static gint64
segment_count (PlannerLogParsed *out,
               const char       *field,
               const char       *value)
{
  const char *bar = strchr (value, '|');
  const char *stop = bar != NULL ? bar : value + strlen (value);
  const char *end = NULL;
  guint64 v;

  if (planner_log_number_count (value, &end, &v) && *skip_spaces (end) == *stop && v <= G_MAXINT64)
    return (gint64) v;
  note_unreadable (out, field, value, stop);
  return -1;
}

/* The count after @key in @line (a "using world size" line): 0 when
 * absent, and when unreadable (then noted). */
static guint64
count_after (PlannerLogParsed *out,
             const char       *line,
             const char       *key,
             const char       *field)
{
  const char *p = strstr (line, key);
  const char *end = NULL;
  guint64 v;

  if (p == NULL)
    return 0;
  p += strlen (key);
  if (planner_log_number_count (p, &end, &v))
    return v;
  note_unreadable (out, field, p, end);
  return 0;
}

static double
figure_after (PlannerLogParsed *out,
              const char       *line,
              const char       *key,
              const char       *field)
{
  const char *p = strstr (line, key);
  const char *end = NULL;
  double v;

  if (p == NULL)
    return NAN;
  p += strlen (key);
  if (planner_log_number_figure (p, &end, &v))
    return v;
  note_unreadable (out, field, p, end);
  return NAN;
}

/* "[PG 1 Rank 0]", "[PG ID 0 PG GUID 0(default_pg) Rank 1]", "[Rank 3]":
 * the rank in a bracket, or -1. */
static gint
bracket_rank (const char *line)
{
  const char *p = line;

  while ((p = strstr (p, "Rank ")) != NULL)
    {
      guint64 v;
      const char *end;

      p += 5;
      if (parse_u64 (p, &end, &v) && *end == ']' && v < G_MAXINT)
        return (gint) v;
    }
  return -1;
}

static gint
process_group (const char *line)
{
  const char *p = strstr (line, "[PG ");
  guint64 v;

  if (p == NULL)
    return -1;
  p += 4;
  if (starts_with (p, LITERAL ("ID ")))
    p += 3;
  return parse_u64 (p, NULL, &v) && v < G_MAXINT ? (gint) v : -1;
}

/* srun --label: "  3: text"; torchrun: "[default3]:text", "[rank3]:text". */
static const char *
strip_prefixes (const char       *p,
                PlannerLogParsed *out)
{
  for (guint round = 0; round < 3; round++)
    {
      const char *q = p;
      guint64 v;

      while (*q == ' ')
        q++;
      if (g_ascii_isdigit (*q) && parse_u64 (q, &q, &v) && q[0] == ':' && (q[1] == ' ' || q[1] == '\0') &&
          v < G_MAXINT)
        {
          out->rank = (gint) v;
          out->prefixed = TRUE;
          p = q[1] == ' ' ? q + 2 : q + 1;
          continue;
        }
      if (*p == '[')
        {
          const char *name = p + 1;

          q = name;
          while (g_ascii_isalpha (*q) || *q == '_')
            q++;
          if (q - name <= 32 && parse_u64 (q, &q, &v) && q[0] == ']' && q[1] == ':' && v < G_MAXINT)
            {
              if (q - name >= 4 && strncmp (name, "rank", 4) == 0 && !g_ascii_isalpha (name[4]))
                out->rank = (gint) v;
              else
                out->local_rank = (gint) v;
              out->prefixed = TRUE;
              /* "[rank3]: Traceback …" has one space after the prefix,
               * "[default0]:  name ..." none before the line's own. */
              p = q[2] == ' ' && q[3] != ' ' ? q + 3 : q + 2;
              continue;
            }
        }
      break;
    }
  return p;
}

/* The " key: value |" segments of an iteration or memory line. */
typedef void (*SegmentFunc) (const char       *key,
                             gsize             key_length,
                             const char       *value,
                             PlannerLogParsed *out);

static void
for_each_segment (const char       *p,
                  SegmentFunc       func,
                  PlannerLogParsed *out)
{
  while (*p != '\0')
    {
      const char *start = skip_spaces (p);
      const char *bar = strchr (start, '|');
      const char *end = bar != NULL ? bar : start + strlen (start);
      const char *colon = NULL;

      for (const char *c = start; c < end; c++)
        {
          if (*c == ':')
            colon = c;
        }
      if (colon != NULL)
        {
          const char *key_end = colon;

          while (key_end > start && key_end[-1] == ' ')
            key_end--;
          func (start, (gsize) (key_end - start), colon + 1, out);
        }
      if (bar == NULL)
        break;
      p = bar + 1;
    }
}

static gboolean
key_is (const char *key,
        gsize       length,
        const char *literal,
        gsize       literal_length)
{
  return length == literal_length && memcmp (key, literal, length) == 0;
}

static void
iteration_segment (const char       *key,
                   gsize             length,
                   const char       *value,
                   PlannerLogParsed *out)
{
  if (key_is (key, length, LITERAL ("elapsed time per iteration (ms)")))
    out->elapsed_ms = segment_figure (out, "elapsed time per iteration (ms)", value);
  else if (key_is (key, length, LITERAL ("throughput per GPU (TFLOP/s/GPU)")))
    out->tflops_per_gpu = segment_figure (out, "throughput per GPU (TFLOP/s/GPU)", value);
  else if (key_is (key, length, LITERAL ("learning rate")))
    out->learning_rate = segment_figure (out, "learning rate", value);
  else if (key_is (key, length, LITERAL ("lm loss")))
    out->loss = segment_figure (out, "lm loss", value);
  else if (key_is (key, length, LITERAL ("loss scale")))
    out->loss_scale = segment_figure (out, "loss scale", value);
  else if (key_is (key, length, LITERAL ("grad norm")))
    out->grad_norm = segment_figure (out, "grad norm", value);
  else if (key_is (key, length, LITERAL ("number of skipped iterations")))
    out->skipped = segment_count (out, "number of skipped iterations", value);
  else if (key_is (key, length, LITERAL ("number of nan iterations")))
    out->nan = segment_count (out, "number of nan iterations", value);
  else if (key_is (key, length, LITERAL ("global batch size")))
    {
      gint64 v = segment_count (out, "global batch size", value);

      out->global_batch_size = v > 0 ? (guint64) v : 0;
    }
}

/* " [2026-12-01 10:00:00.000000] iteration      100/  500000 | …", @p
 * just after "iteration". */
static gboolean
parse_iteration (const char       *p,
                 PlannerLogParsed *out)
{
  guint64 iteration, total;

  const char *start;

  p = skip_spaces (p);
  start = p;
  if (!parse_u64 (p, &p, &iteration) || *p != '/')
    return FALSE;
  p = skip_spaces (p + 1);
  if (!parse_u64 (p, &p, &total))
    return FALSE;
  p = skip_spaces (p);
  if (*p != '|')
    return FALSE;
  /* The shape is an iteration line's; its counts follow the one rule. */
  if (!planner_log_number_count (start, NULL, &iteration) ||
      !planner_log_number_count (skip_spaces (strchr (start, '/') + 1), NULL, &total))
    {
      note_unreadable (out, "iteration", start, p);
      return FALSE;
    }
  out->kind = PLANNER_LOG_LINE_ITERATION;
  out->iteration = iteration;
  out->train_iters = total;
  for_each_segment (p + 1, iteration_segment, out);
  return TRUE;
}

static void
memory_segment (const char       *key,
                gsize             length,
                const char       *value,
                PlannerLogParsed *out)
{
  if (key_is (key, length, LITERAL ("allocated")))
    out->allocated_mb = segment_figure (out, "allocated", value);
  else if (key_is (key, length, LITERAL ("max allocated")))
    out->max_allocated_mb = segment_figure (out, "max allocated", value);
  else if (key_is (key, length, LITERAL ("reserved")))
    out->reserved_mb = segment_figure (out, "reserved", value);
  else if (key_is (key, length, LITERAL ("max reserved")))
    out->max_reserved_mb = segment_figure (out, "max reserved", value);
}

/* "[Rank 3] (after 10 iterations) memory (MB) | allocated: … | …" */
static gboolean
parse_memory (const char       *body,
              const char       *marker,
              PlannerLogParsed *out)
{
  const char *after = strstr (body, "(after ");
  guint64 v;

  if (starts_with (body, LITERAL ("[Rank ")) && parse_u64 (body + 6, NULL, &v) && v < G_MAXINT)
    out->rank = (gint) v;
  if (after != NULL && after < marker)
    {
      const char *end = NULL;

      if (planner_log_number_count (after + 7, &end, &v) && v <= G_MAXINT64)
        out->after_iteration = (gint64) v;
      else
        note_unreadable (out, "iterations", after + 7, end);
    }
  for_each_segment (marker + strlen ("memory (MB)"), memory_segment, out);
  if (isnan (out->max_reserved_mb) && isnan (out->max_allocated_mb))
    return FALSE;
  out->kind = PLANNER_LOG_LINE_MEMORY;
  return TRUE;
}

static void
parse_oom (const char       *line,
           const char       *marker,
           PlannerLogParsed *out)
{
  const char *p;
  guint64 v;

  out->kind = PLANNER_LOG_LINE_OOM;
  /* "torch.OutOfMemoryError: CUDA out of memory." — the word before ": ". */
  if (marker - line >= 2 && marker[-1] == ' ' && marker[-2] == ':')
    {
      const char *end = marker - 2;
      const char *start = end;

      while (start > line && !g_ascii_isspace (start[-1]) && start[-1] != ']')
        start--;
      out->exception.start = start;
      out->exception.length = (gsize) (end - start);
    }
  out->tried_bytes = size_after (marker, "Tried to allocate ", NULL);

  /* PyTorch 2.x: "GPU 0 has a total capacity of 79.10 GiB of which …"
   * (2.1 spelled it "capacty"). */
  p = strstr (marker, "GPU ");
  if (p != NULL && parse_u64 (p + 4, NULL, &v) && v < G_MAXINT)
    out->device = (gint) v;
  p = strstr (marker, " has a total capac");
  if (p != NULL)
    {
      const char *end = NULL;

      out->capacity_bytes = size_after (p, " of ", &end);
      if (end != NULL)
        out->free_bytes = size_after (end, " of which ", NULL);
      out->in_use_bytes = size_after (marker, "this process has ", NULL);
      out->allocated_bytes = size_after (marker, "Of the allocated memory ", &end);
      if (out->allocated_bytes >= 0 && end != NULL)
        out->reserved_unallocated_bytes = size_after (end, ", and ", NULL);
      return;
    }

  /* PyTorch 1.x: "(GPU 0; 79.35 GiB total capacity; 77.6 GiB already
   * allocated; 3.19 MiB free; 78.2 GiB reserved in total by PyTorch)". */
  p = strstr (marker, "(GPU ");
  if (p != NULL && (p = strchr (p, ';')) != NULL)
    {
      double reserved;

      out->capacity_bytes = planner_log_parse_size (p + 1, &p);
      if (p != NULL && (p = strchr (p, ';')) != NULL)
        out->allocated_bytes = planner_log_parse_size (p + 1, &p);
      if (p != NULL && (p = strchr (p, ';')) != NULL)
        out->free_bytes = planner_log_parse_size (p + 1, &p);
      if (p != NULL && (p = strchr (p, ';')) != NULL)
        {
          reserved = planner_log_parse_size (p + 1, NULL);
          if (reserved >= 0 && out->allocated_bytes >= 0 && reserved >= out->allocated_bytes)
            out->reserved_unallocated_bytes = reserved - out->allocated_bytes;
        }
    }
}

/* "[rank0]:[E321 02:07:08.408 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog
 * caught collective operation timeout: WorkNCCL(SeqNum=1580,
 * OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168,
 * Timeout(ms)=600000) ran for 600060 milliseconds before timing out." */
static void
parse_nccl_timeout (const char       *line,
                    const char       *marker,
                    PlannerLogParsed *out)
{
  const char *op = strstr (marker, "OpType=");
  gint rank = bracket_rank (line);

  out->kind = PLANNER_LOG_LINE_NCCL_TIMEOUT;
  /* The prefix names the global rank; "[PG 2 Rank 0]" a rank in that group. */
  if (out->rank < 0)
    out->rank = rank;
  out->process_group = process_group (line);
  out->sequence = int_after (marker, "SeqNum=");
  if (op != NULL)
    {
      op += 7;
      out->collective.start = op;
      while (g_ascii_isalnum (*op) || *op == '_')
        op++;
      out->collective.length = (gsize) (op - out->collective.start);
    }
  out->numel_in = int_after (marker, "NumelIn=");
  out->numel_out = int_after (marker, "NumelOut=");
  out->timeout_ms = int_after (marker, "Timeout(ms)=");
  out->ran_ms = int_after (marker, "ran for ");
}

/* "[PG 1 Rank 0] Exception (either an error or timeout) detected by
 * watchdog at work: 1580, last enqueued NCCL work: 1582, last completed
 * NCCL work: 1579." (also "Timeout at NCCL work: …") */
static gboolean
parse_nccl_work (const char       *line,
                 PlannerLogParsed *out)
{
  const char *at = strstr (line, "at work: ");
  gint rank = bracket_rank (line);

  if (at == NULL)
    at = strstr (line, "Timeout at NCCL work: ");
  if (at == NULL)
    return FALSE;
  out->kind = PLANNER_LOG_LINE_NCCL_WORK;
  if (out->rank < 0)
    out->rank = rank;
  out->process_group = process_group (line);
  out->sequence = parse_i64_at (skip_spaces (strstr (at, ": ") + 2));
  out->last_enqueued = int_after (at, "last enqueued NCCL work: ");
  out->last_completed = int_after (at, "last completed NCCL work: ");
  return TRUE;
}

/* '  File "/opt/megatron/megatron/training/arguments.py", line 432, in validate_args' */
static gboolean
parse_frame (const char       *p,
             PlannerLogParsed *out)
{
  const char *file = p + strlen ("File \"");
  const char *quote = strstr (file, "\", line ");
  const char *in;
  guint64 v;

  if (quote == NULL || !parse_u64 (quote + 8, &in, &v) || !starts_with (in, LITERAL (", in ")) || v > G_MAXUINT)
    return FALSE;
  out->kind = PLANNER_LOG_LINE_FRAME;
  out->file.start = file;
  out->file.length = (gsize) (quote - file);
  out->file_line = (guint) v;
  out->function.start = in + 5;
  out->function.length = strlen (in + 5);
  return TRUE;
}

/* "Rank 3, node n1, device 3, iteration 1235: Unexpected result nan
 * (message='found NaN in local forward loss calculation')", raised, or
 * logged as "Unexpected result nan on rank 3 at iteration #1235 …". */
static void
parse_unexpected (const char       *body,
                  const char       *marker,
                  PlannerLogParsed *out)
{
  const char *p = strstr (body, "Rank ");
  const char *message = strstr (marker, "(message='");
  const char *iteration;
  PlannerLogSlice type, text;
  guint64 v;

  out->kind = PLANNER_LOG_LINE_UNEXPECTED;
  out->value = parse_number (marker + strlen ("Unexpected result "), NULL);
  if (p != NULL && p < marker && parse_u64 (p + 5, NULL, &v) && v < G_MAXINT)
    out->rank = (gint) v;
  else if ((p = strstr (marker, " on rank ")) != NULL && parse_u64 (p + 9, NULL, &v) && v < G_MAXINT)
    out->rank = (gint) v;
  iteration = strstr (body, "iteration ");
  if (iteration != NULL)
    {
      iteration += 10;
      if (*iteration == '#')
        iteration++;
      if (parse_u64 (iteration, NULL, &v))
        out->at_iteration = (gint64) v;
    }
  if (message != NULL)
    {
      const char *end;

      message += 10;
      end = strstr (message, "')");
      out->message.start = message;
      out->message.length = end != NULL ? (gsize) (end - message) : strlen (message);
    }
  if (planner_log_parse_exception (body, &type, &text))
    out->exception = type;
}

/* "using world size: 64, data-parallel size: 4, context-parallel size: 1,
 * hierarchical context-parallel sizes: None, tensor-model-parallel size: 4,
 * pipeline-model-parallel size: 4" */
static void
parse_world (const char       *p,
             PlannerLogParsed *out)
{
  out->kind = PLANNER_LOG_LINE_WORLD;
  out->world_size = count_after (out, p, "using world size: ", "world size");
  out->dp = count_after (out, p, "data-parallel size: ", "data-parallel size");
  out->cp = count_after (out, p, " context-parallel size: ", "context-parallel size");
  out->tp = count_after (out, p, "tensor-model-parallel size: ", "tensor-model-parallel size");
  out->pp = count_after (out, p, "pipeline-model-parallel size: ", "pipeline-model-parallel size");
}

/* "  name ....... value" (dots may be missing for names of 48 or more). */
static gboolean
parse_arg (const char       *p,
           PlannerLogParsed *out)
{
  /* Two spaces, three behind a "[rankN]: " prefix. */
  const char *name = p[2] == ' ' ? p + 3 : p + 2;
  const char *q = name;

  if (!(g_ascii_isalpha (*q) || *q == '_'))
    return FALSE;
  while (g_ascii_isalnum (*q) || *q == '_')
    q++;
  if (*q != ' ')
    return FALSE;
  out->arg_name.start = name;
  out->arg_name.length = (gsize) (q - name);
  q++;
  while (*q == '.')
    q++;
  if (*q == ' ')
    q++;
  out->arg_value.start = q;
  out->arg_value.length = strlen (q);
  out->kind = PLANNER_LOG_LINE_ARG;
  return TRUE;
}

gboolean
planner_log_parse_exception (const char      *body,
                             PlannerLogSlice *type,
                             PlannerLogSlice *message)
{
  static const char *const endings[] = { "Error", "Exception", "Interrupt", "Exit" };
  const char *p = body;
  const char *last = body;
  gboolean looks = FALSE;

  if (!(g_ascii_isalpha (*p) || *p == '_'))
    return FALSE;
  while (g_ascii_isalnum (*p) || *p == '_' || *p == '.')
    {
      if (*p == '.')
        last = p + 1;
      p++;
    }
  if (*p != '\0' && !(p[0] == ':' && (p[1] == ' ' || p[1] == '\0')))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (endings); i++)
    {
      gsize n = strlen (endings[i]);

      if ((gsize) (p - last) >= n && strncmp (p - n, endings[i], n) == 0)
        looks = TRUE;
    }
  if (!looks)
    return FALSE;
  type->start = body;
  type->length = (gsize) (p - body);
  if (*p == ':')
    p += p[1] == ' ' ? 2 : 1;
  message->start = p;
  message->length = strlen (p);
  return TRUE;
}

static void
parsed_init (PlannerLogParsed *out)
{
  memset (out, 0, sizeof *out);
  out->rank = -1;
  out->local_rank = -1;
  out->elapsed_ms = out->tflops_per_gpu = out->learning_rate = NAN;
  out->loss = out->loss_scale = out->grad_norm = NAN;
  out->skipped = out->nan = -1;
  out->after_iteration = -1;
  out->allocated_mb = out->max_allocated_mb = out->reserved_mb = out->max_reserved_mb = NAN;
  out->weight_and_optimizer_mb = out->activation_mb = out->total_mb = NAN;
  out->tried_bytes = out->capacity_bytes = out->free_bytes = -1;
  out->in_use_bytes = out->allocated_bytes = out->reserved_unallocated_bytes = -1;
  out->device = -1;
  out->sequence = out->numel_in = out->numel_out = out->timeout_ms = out->ran_ms = -1;
  out->last_enqueued = out->last_completed = -1;
  out->process_group = -1;
  out->value = NAN;
  out->at_iteration = -1;
}

static gboolean
parse_bracketed (const char       *p,
                 PlannerLogParsed *out)
{
  static const struct { const char *marker; PlannerLogPhase phase; } phases[] = {
    { "[after megatron is initialized]", PLANNER_LOG_PHASE_INITIALIZED },
    { "[after model, optimizer, and learning rate scheduler are built]", PLANNER_LOG_PHASE_DATA },
    { "[after dataloaders are built]", PLANNER_LOG_PHASE_DATA },
    { "[before the start of training step]", PLANNER_LOG_PHASE_TRAINING },
    { "[after training is done]", PLANNER_LOG_PHASE_DONE },
  };
  const char *close;
  const char *marker;

  /* The iteration line: " [date time] iteration  N/  M |" */
  close = NULL;
  for (guint i = 1; i < 40 && p[i] != '\0'; i++)
    {
      if (p[i] == ']')
        {
          close = p + i;
          break;
        }
    }
  if (close != NULL && starts_with (close, LITERAL ("] iteration ")))
    return parse_iteration (close + 11, out);

  if (starts_with (p, LITERAL ("[Rank ")) && (marker = strstr (p, "memory (MB)")) != NULL)
    return parse_memory (p, marker, out);

  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    {
      if (starts_with (p, phases[i].marker, strlen (phases[i].marker)))
        {
          out->kind = PLANNER_LOG_LINE_PHASE;
          out->phase = phases[i].phase;
          return TRUE;
        }
    }
  return FALSE;
}

void
planner_log_parse_line (const char       *line,
                        PlannerLogParsed *out)
{
  const char *body, *p, *marker;

  parsed_init (out);
  body = strip_prefixes (line, out);
  out->body = body;
  p = skip_spaces (body);

  switch (*p)
    {
    case '\0':
      return;
    case '[':
      if (parse_bracketed (p, out))
        return;
      break;
    case 'i':
      /* An iteration line without the time stamp. */
      if (starts_with (p, LITERAL ("iteration ")) && parse_iteration (p + 10, out))
        return;
      break;
    case '-':
      if (starts_with (p, LITERAL ("------------------------ arguments ---")))
        {
          out->kind = PLANNER_LOG_LINE_ARGS_BEGIN;
          return;
        }
      if (starts_with (p, LITERAL ("-------------------- end of arguments ---")))
        {
          out->kind = PLANNER_LOG_LINE_ARGS_END;
          return;
        }
      break;
    case 'F':
      if (starts_with (p, LITERAL ("File \"")) && parse_frame (p, out))
        return;
      break;
    case 'T':
      if (starts_with (p, LITERAL ("Traceback (most recent call last):")))
        {
          out->kind = PLANNER_LOG_LINE_TRACEBACK;
          return;
        }
      if (starts_with (p, LITERAL ("Theoretical memory footprints: weight and optimizer=")))
        {
          out->kind = PLANNER_LOG_LINE_THEORETICAL;
          out->weight_and_optimizer_mb = figure_after (out, p, "weight and optimizer=", "weight and optimizer");
          out->activation_mb = figure_after (out, p, "activation=", "activation");
          out->total_mb = figure_after (out, p, "total=", "total");
          return;
        }
      break;
    case 'u':
      if (starts_with (p, LITERAL ("using world size: ")))
        {
          parse_world (p, out);
          return;
        }
      break;
    case 's':
      if (starts_with (p, LITERAL ("setting number of microbatches to constant ")))
        {
          out->kind = PLANNER_LOG_LINE_MICROBATCHES;
          out->num_microbatches = count_after (out, p, "to constant ", "number of microbatches");
          return;
        }
      break;
    case 'b':
      if (starts_with (p, LITERAL ("building ")) && strstr (p, " model ...") != NULL)
        {
          out->kind = PLANNER_LOG_LINE_PHASE;
          out->phase = PLANNER_LOG_PHASE_MODEL_BUILD;
          return;
        }
      break;
    case '>':
      if (starts_with (p, LITERAL ("> number of parameters on (")))
        {
          out->kind = PLANNER_LOG_LINE_PHASE;
          out->phase = PLANNER_LOG_PHASE_MODEL_BUILD;
          return;
        }
      break;
    default:
      break;
    }

  /* Argument lines are "  name ... value": two spaces and a name. */
  if (body[0] == ' ' && body[1] == ' ' && (body[2] != ' ' || body[3] != ' ') && parse_arg (body, out))
    return;

  /* What can sit anywhere in a line: PyTorch's and NCCL's errors. */
  if ((marker = strstr (body, "CUDA out of memory")) != NULL)
    {
      parse_oom (body, marker, out);
      return;
    }
  if ((marker = strstr (body, "Watchdog caught collective operation timeout")) != NULL)
    {
      parse_nccl_timeout (body, marker, out);
      return;
    }
  if (strstr (body, "NCCL work: ") != NULL && parse_nccl_work (body, out))
    return;
  if ((marker = strstr (body, "Unexpected result ")) != NULL)
    {
      parse_unexpected (body, marker, out);
      return;
    }
}
