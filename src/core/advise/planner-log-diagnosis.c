/* planner-log-diagnosis.c
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

#include "planner-log-diagnosis.h"
#include "planner-catalog.h"
#include "planner-config.h"
#include "planner-diagnostic.h"
#include "planner-layout.h"
#include "planner-log-rules.h"
#include "planner-memory.h"

#define MIB (1024.0 * 1024.0)
#define GIB (1024.0 * 1024.0 * 1024.0)
/* Skipped iterations this early are FP16's loss scale settling. */
#define LOSS_SCALE_SETTLING_ITERATIONS 100

static void
citation_free (PlannerLogCitation *citation)
{
  g_free (citation->topic);
  planner_log_line_free (citation->line);
  g_free (citation);
}

static void
finding_free (PlannerLogFinding *finding)
{
  g_free (finding->title);
  g_ptr_array_unref (finding->details);
  g_ptr_array_unref (finding->citations);
  g_free (finding);
}

static void
memory_check_free (PlannerLogMemoryCheck *check)
{
  planner_log_line_free (check->line);
  g_free (check->sentence);
  g_free (check);
}

void
planner_log_diagnosis_free (PlannerLogDiagnosis *diagnosis)
{
  if (diagnosis == NULL)
    return;
  g_clear_pointer (&diagnosis->record, planner_log_record_unref);
  g_ptr_array_unref (diagnosis->findings);
  g_ptr_array_unref (diagnosis->memory);
  g_ptr_array_unref (diagnosis->notes);
  planner_log_line_free (diagnosis->mfu_line);
  g_free (diagnosis);
}

static PlannerLogFinding *
finding_new (PlannerSymptom symptom)
{
  PlannerLogFinding *finding = g_new0 (PlannerLogFinding, 1);

  finding->symptom = symptom;
  finding->details = g_ptr_array_new_with_free_func (g_free);
  finding->citations = g_ptr_array_new_with_free_func ((GDestroyNotify) citation_free);
  finding->rank = -1;
  finding->stage = -1;
  finding->iteration = -1;
  return finding;
}

static void
cite (PlannerLogFinding    *finding,
      const char           *topic,
      const PlannerLogLine *line)
{
  PlannerLogCitation *citation;

  if (line == NULL)
    return;
  /* One line may prove several things; cite it once per topic. */
  for (guint i = 0; i < finding->citations->len; i++)
    {
      const PlannerLogCitation *c = g_ptr_array_index (finding->citations, i);

      if (c->line->number == line->number && g_str_equal (c->topic, topic))
        return;
    }
  citation = g_new (PlannerLogCitation, 1);
  citation->topic = g_strdup (topic);
  citation->line = planner_log_line_copy (line);
  g_ptr_array_add (finding->citations, citation);
}

static void
cite_event (PlannerLogFinding     *finding,
            const char            *topic,
            const PlannerLogEvent *event)
{
  for (guint i = 0; i < event->lines->len; i++)
    cite (finding, topic, g_ptr_array_index (event->lines, i));
}

/* The first few of a kind: enough to see the pattern, few enough to read. */
static void
cite_events (PlannerLogFinding *finding,
             const char        *topic,
             GPtrArray         *events)
{
  for (guint i = 0; i < events->len && i < 4; i++)
    cite_event (finding, topic, g_ptr_array_index (events, i));
}

static int
compare_citations (gconstpointer a,
                   gconstpointer b)
{
  const PlannerLogCitation *x = *(PlannerLogCitation * const *) a;
  const PlannerLogCitation *y = *(PlannerLogCitation * const *) b;

  if (x->line->number != y->line->number)
    return x->line->number < y->line->number ? -1 : 1;
  return strcmp (x->topic, y->topic);
}

static void
detail (PlannerLogFinding *finding,
        const char        *format,
        ...) G_GNUC_PRINTF (2, 3);

static void
detail (PlannerLogFinding *finding,
        const char        *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (finding->details, g_strdup_vprintf (format, args));
  va_end (args);
}

static char *
format_size (double bytes)
{
  if (bytes < 0)
    return g_strdup (_("an unknown amount"));
  if (bytes >= GIB)
    return g_strdup_printf ("%.2f GiB", bytes / GIB);
  if (bytes >= MIB)
    return g_strdup_printf ("%.2f MiB", bytes / MIB);
  return g_strdup_printf ("%.0f bytes", bytes);
}

/* "+3%" / "−3%" (a real minus sign). */
static char *
format_signed_percent (double fraction)
{
  double percent = fraction * 100.0;

  if (fabs (percent) < 0.5)
    return g_strdup ("±0%");
  return g_strdup_printf ("%s%.0f%%", percent < 0 ? "−" : "+", fabs (percent));
}

gint
planner_log_rank_stage (const PlannerReport *report,
                        gint                 rank,
                        guint                gpus_per_node)
{
  const PlannerLayout *layout = report != NULL ? planner_report_get_layout (report) : NULL;
  PlannerRankCoords coords;

  if (layout == NULL)
    return -1;
  /* One pipeline stage: every rank is on it, named or not. */
  if (layout->pp == 1)
    return 0;
  if (rank < 0 || (guint32) rank >= layout->world_size)
    return -1;
  planner_layout_get_coords (layout, (guint32) rank, gpus_per_node, &coords);
  return coords.pp == PLANNER_RANK_NONE ? -1 : (gint) coords.pp;
}

/* The planner's estimate for @stage: the first and last stages are
 * computed; stages between them share the middle figure. */
static const PlannerStageMemory *
stage_estimate (const PlannerReport *report,
                gint                 stage,
                gboolean            *approximate)
{
  const PlannerMemoryEstimate *estimate;
  const PlannerLayout *layout;

  *approximate = FALSE;
  if (report == NULL || stage < 0 || planner_report_get_config (report) == NULL ||
      planner_report_get_gpu (report) == NULL)
    return NULL;
  estimate = planner_report_get_memory_estimate (report);
  layout = planner_report_get_layout (report);
  if (estimate == NULL || estimate->n_stages == 0 || layout == NULL)
    return NULL;
  for (guint i = 0; i < estimate->n_stages; i++)
    {
      if ((gint) estimate->stages[i].stage == stage)
        return &estimate->stages[i];
    }
  if (estimate->n_stages == 3 && stage > 0 && (guint) stage < layout->pp - 1)
    {
      *approximate = TRUE;
      return &estimate->stages[1];
    }
  return NULL;
}

static const char *
when_text (const PlannerLogEvent *event,
           char                  *buffer,
           gsize                  size)
{
  if (event->iteration >= 0)
    /* Translators: this and the next four say when a failure happened; they
     * end titles such as “CUDA out of memory on rank 3 after iteration 12: …” */
    g_snprintf (buffer, size, _("after iteration %" PRId64), event->iteration);
  else
    switch (event->phase)
      {
      case PLANNER_LOG_PHASE_TRAINING:
      case PLANNER_LOG_PHASE_DONE:
        g_strlcpy (buffer, _("in the first iteration"), size);
        break;
      case PLANNER_LOG_PHASE_DATA:
        g_strlcpy (buffer, _("before the first iteration"), size);
        break;
      case PLANNER_LOG_PHASE_MODEL_BUILD:
        g_strlcpy (buffer, _("while building the model"), size);
        break;
      case PLANNER_LOG_PHASE_START:
      case PLANNER_LOG_PHASE_INITIALIZED:
      default:
        g_strlcpy (buffer, _("at start-up"), size);
        break;
      }
  return buffer;
}

static char *
rank_text (gint rank,
           gint stage)
{
  if (rank < 0)
    return g_strdup (_("an unnamed rank"));
  if (stage < 0)
    return g_strdup_printf (_("rank %d"), rank);
  return g_strdup_printf (_("rank %d (pipeline stage %d)"), rank, stage);
}

/* Start-up errors ------------------------------------------------------- */

static gboolean
report_has_error (const PlannerReport *report,
                  const char          *code)
{
  GPtrArray *diagnostics = report != NULL ? planner_report_get_diagnostics (report) : NULL;

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == PLANNER_SEVERITY_ERROR && g_str_equal (d->code, code))
        return TRUE;
    }
  return FALSE;
}

static void
diagnose_exceptions (PlannerLogDiagnosis *diagnosis,
                     const PlannerReport *report)
{
  const PlannerLogRecord *record = diagnosis->record;
  GPtrArray *events = record->events[PLANNER_LOG_EVENT_EXCEPTION];

  for (guint i = 0; i < events->len; i++)
    {
      const PlannerLogEvent *event = g_ptr_array_index (events, i);
      g_autofree char *topic = NULL;
      PlannerLogFinding *finding;

      /* A crash during training that is not a memory or NCCL failure is
       * not a start-up error: it is reported as it is. */
      if (event->phase >= PLANNER_LOG_PHASE_TRAINING && event->rule_id == NULL)
        {
          g_ptr_array_add (diagnosis->notes,
                           g_strdup_printf (_("The run raised %s%s%s at line %" PRIu64 " during training."),
                                            event->exception, *event->message != '\0' ? ": " : "", event->message,
                                            ((PlannerLogLine *) g_ptr_array_index (event->lines, 0))->number));
          continue;
        }
      finding = finding_new (PLANNER_SYMPTOM_STARTUP_ERROR);
      finding->event = event;
      finding->rank = event->rank;
      finding->title = g_strdup_printf (_("Megatron stopped at start-up: %s%s%s"), event->exception,
                                        *event->message != '\0' ? ": " : "", event->message);
      if (event->rule_id != NULL)
        {
          const char *family = planner_log_rule_family (event->rule_id);

          /* Translators: the first %s is a check's id, the second where it
           * lives (“argument validation (validate_args)”, “an unknown file”) */
          detail (finding,
                  event->rule_match == PLANNER_LOG_RULE_BY_BOTH
                  ? _("It is Megatron-Core 0.20.0's check %s, in %s; matched by its message and the line that raised it.")
                  : event->rule_match == PLANNER_LOG_RULE_BY_MESSAGE
                  ? _("It is Megatron-Core 0.20.0's check %s, in %s; matched by its message (the raising line differs: "
                      "another Megatron version?).")
                  : _("It is Megatron-Core 0.20.0's check %s, in %s; matched by the line that raised it."),
                  event->rule_id, family != NULL ? _(family) : _("an unknown file"));
        }
      else
        detail (finding, _("No start-up check of Megatron-Core 0.20.0 matches it: the cause is outside the "
                           "arguments (paths, the environment, the software versions)."));
      if (event->file != NULL)
        detail (finding, _("Raised in %s, line %u, in %s."), event->file, event->file_line,
                event->function != NULL ? event->function : "?");
      if (event->rule_id != NULL && event->diagnostic_code == NULL)
        detail (finding, _("The planner's validator does not check %s yet: Megatron's message says what to change."),
                event->rule_id);
      else if (event->diagnostic_code != NULL && report != NULL && !report_has_error (report, event->diagnostic_code))
        detail (finding, _("The planner checks this as %s but does not find it in the job: the job may not be the "
                           "run's."), event->diagnostic_code);
      else if (event->diagnostic_code != NULL && report != NULL)
        detail (finding, _("The planner's validator finds the same in the job: %s."), event->diagnostic_code);
      if (event->count > 1)
        detail (finding, g_dngettext (GETTEXT_PACKAGE, "%u rank raised it.", "%u ranks raised it.", event->count),
                event->count);
      if (event->diagnostic_code != NULL)
        topic = g_strdup_printf ("start-up:%s", event->diagnostic_code);
      cite_event (finding, "start-up-error", event);
      if (topic != NULL)
        cite_event (finding, topic, event);
      g_ptr_array_add (diagnosis->findings, finding);
    }
}

/* Out of memory --------------------------------------------------------- */

/* PyTorch said how much it reserved and did not use: fragmentation is
 * named as a cause only when that was enough for the request (it was
 * there, in pieces) or large, or when PyTorch did not say. */
static gboolean
fragmented (const PlannerLogEvent *event)
{
  return event->reserved_unallocated_bytes < 0 || event->capacity_bytes <= 0 ||
         event->reserved_unallocated_bytes >= event->tried_bytes ||
         event->reserved_unallocated_bytes > 0.1 * event->capacity_bytes;
}

static void
detail_estimate (PlannerLogFinding        *finding,
                 const PlannerLogEvent    *event,
                 const PlannerStageMemory *stage,
                 gboolean                  approximate,
                 const PlannerGpu         *gpu)
{
  double total = stage->total_bytes / GIB;
  double capacity = (double) gpu->memory_bytes / GIB;

  /* A run that failed before its first step never held its activations:
   * whether the whole estimate fits says nothing then (detail_before_step
   * compares what was allocated). */
  if (event->phase < PLANNER_LOG_PHASE_TRAINING)
    /* Translators: %s is the GPU's name */
    detail (finding, approximate
                     ? _("The planner estimates %.1f GiB per GPU for stage %d in training (its middle-stage figure) "
                         "on the %s's %.1f GiB.")
                     : _("The planner estimates %.1f GiB per GPU for stage %d in training on the %s's %.1f GiB."),
            total, finding->stage, gpu->name, capacity);
  else if (stage->fits)
    detail (finding, fragmented (event)
                     ? (approximate
                        ? _("The planner estimates %.1f GiB per GPU for stage %d (its middle-stage figure) on the "
                            "%s's %.1f GiB: it fits on paper, so look at fragmentation and memory outside the model.")
                        : _("The planner estimates %.1f GiB per GPU for stage %d on the %s's %.1f GiB: it fits on "
                            "paper, so look at fragmentation and memory outside the model."))
                     : (approximate
                        ? _("The planner estimates %.1f GiB per GPU for stage %d (its middle-stage figure) on the "
                            "%s's %.1f GiB: it fits on paper, and PyTorch held too little reserved for fragmentation to explain "
                            "it, so look at memory outside the model and at settings the job does not hold (a longer "
                            "sequence).")
                        : _("The planner estimates %.1f GiB per GPU for stage %d on the %s's %.1f GiB: it fits on "
                            "paper, and PyTorch held too little reserved for fragmentation to explain it, so look at "
                            "memory outside the model and at settings the job does not hold (a longer sequence).")),
            total, finding->stage, gpu->name, capacity);
  else
    detail (finding, approximate
                     ? _("The planner estimates %.1f GiB per GPU for stage %d (its middle-stage figure) on the %s's "
                         "%.1f GiB: it does not fit.")
                     : _("The planner estimates %.1f GiB per GPU for stage %d on the %s's %.1f GiB: it does not fit."),
            total, finding->stage, gpu->name, capacity);
}

/* Before the first step no activation is held: what had been allocated
 * is part of the weights, gradients and optimizer state, which need the
 * same whatever the batch.  The sentence says which of them the estimate
 * finds too large, and never more than its figures show. */
static void
detail_before_step (PlannerLogFinding        *finding,
                    const PlannerStageMemory *stage,
                    const PlannerGpu         *gpu)
{
  double weights, state, capacity;

  if (stage == NULL || gpu == NULL)
    {
      detail (finding, _("It failed before the first step, when no activation is held yet: the batch and "
                         "recompute settings cannot be the cause."));
      return;
    }
  weights = stage->bytes[PLANNER_MEMORY_WEIGHTS];
  state = weights + stage->bytes[PLANNER_MEMORY_GRADIENTS] + stage->bytes[PLANNER_MEMORY_OPTIMIZER];
  capacity = (double) gpu->memory_bytes;
  if (weights > capacity)
    detail (finding, _("It failed before the first step, when no activation is held yet: the weights alone are "
                       "%.1f GiB per GPU, more than the %.1f GiB the GPU has, so no batch or recompute setting can "
                       "help; the model must be split over more GPUs."), weights / GIB, capacity / GIB);
  else if (state > capacity)
    detail (finding, _("It failed before the first step, when no activation is held yet: the weights, gradients "
                       "and optimizer state are %.1f GiB per GPU, more than the %.1f GiB the GPU has, so no batch or "
                       "recompute setting can help."), state / GIB, capacity / GIB);
  else
    detail (finding, _("It failed before the first step, when no activation is held yet: the weights, gradients "
                       "and optimizer state are %.1f GiB per GPU, within the %.1f GiB the GPU has, so the memory went "
                       "to something the estimate does not hold (another process on the GPU, or a model larger "
                       "than the job's)."), state / GIB, capacity / GIB);
}

static void
diagnose_oom (PlannerLogDiagnosis *diagnosis,
              const PlannerReport *report,
              guint                gpus_per_node)
{
  const PlannerLogRecord *record = diagnosis->record;
  const PlannerLogEvent *event = planner_log_record_first_event (record, PLANNER_LOG_EVENT_OOM);
  GPtrArray *events = record->events[PLANNER_LOG_EVENT_OOM];
  PlannerLogFinding *finding;
  g_autofree char *tried = NULL;
  g_autofree char *free_text = NULL;
  g_autofree char *capacity = NULL;
  g_autofree char *who = NULL;
  const PlannerStageMemory *stage;
  const PlannerLogMemory *memory;
  gboolean approximate;
  char when[64];

  if (event == NULL)
    return;
  finding = finding_new (PLANNER_SYMPTOM_OOM);
  finding->event = event;
  finding->rank = event->rank;
  finding->stage = planner_log_rank_stage (report, event->rank, gpus_per_node);
  finding->iteration = event->iteration;
  tried = format_size (event->tried_bytes);
  free_text = format_size (event->free_bytes);
  capacity = format_size (event->capacity_bytes);
  who = rank_text (finding->rank, finding->stage);
  finding->title = g_strdup_printf (_("CUDA out of memory on %s %s: tried to allocate %s with %s free of %s"), who,
                                    when_text (event, when, sizeof when), tried, free_text, capacity);
  if (event->allocated_bytes >= 0)
    {
      g_autofree char *allocated = format_size (event->allocated_bytes);
      g_autofree char *reserved = format_size (event->reserved_unallocated_bytes);

      detail (finding, event->reserved_unallocated_bytes > 0.1 * MAX (event->capacity_bytes, 1)
                       ? _("PyTorch held %s in tensors and %s reserved but unallocated (a lot: fragmentation).")
                       : _("PyTorch held %s in tensors and %s reserved but unallocated."), allocated, reserved);
    }
  if (events->len > 1 || record->n_events[PLANNER_LOG_EVENT_OOM] > 1)
    {
      g_autoptr(GString) ranks = g_string_new (NULL);

      for (guint i = 0; i < events->len; i++)
        {
          const PlannerLogEvent *e = g_ptr_array_index (events, i);
          gint s = planner_log_rank_stage (report, e->rank, gpus_per_node);

          if (e->rank < 0)
            continue;
          g_string_append_printf (ranks, "%s%d", ranks->len > 0 ? ", " : "", e->rank);
          if (s >= 0)
            g_string_append_printf (ranks, _(" (stage %d)"), s);
          cite_event (finding, "oom", e);
        }
      if (ranks->len > 0)
        detail (finding, _("Ranks out of memory: %s."), ranks->str);
    }
  if (event->file != NULL)
    detail (finding, _("Raised in %s, line %u, in %s."), event->file, event->file_line,
            event->function != NULL ? event->function : "?");
  cite_event (finding, "oom", event);

  memory = planner_log_record_get_memory (record, event->rank);
  if (memory != NULL && memory->line != NULL)
    {
      detail (finding, _("Rank %d logged max reserved %.1f GiB before it failed."), memory->rank,
              memory->max_reserved_mb * MIB / GIB);
      cite (finding, "memory", memory->line);
    }
  stage = stage_estimate (report, finding->stage, &approximate);
  if (stage != NULL)
    detail_estimate (finding, event, stage, approximate, planner_report_get_gpu (report));
  else if (finding->stage < 0 && event->rank < 0)
    detail (finding, _("The line names no rank (no rank prefix): the stage is unknown."));
  if (event->phase < PLANNER_LOG_PHASE_TRAINING)
    detail_before_step (finding, stage, planner_report_get_gpu (report));
  g_ptr_array_add (diagnosis->findings, finding);
}

/* Hangs ----------------------------------------------------------------- */

/* "600 s", "600.012 s", "12 ms": milliseconds as a person reads them. */
static char *
format_ms (gint64 ms)
{
  if (ms < 1000)
    return g_strdup_printf ("%" PRId64 " ms", ms);
  if (ms % 1000 == 0)
    return g_strdup_printf ("%" PRId64 " s", ms / 1000);
  return g_strdup_printf ("%.3f s", ms / 1000.0);
}

/* The overrun is what it ran past the limit ("ran for 600012 milliseconds"
 * against "Timeout(ms)=600000" is 12 ms past), never the whole run. */
static char *
nccl_title (const PlannerLogEvent *event,
            guint                  n_ranks,
            const char            *when)
{
  const char *collective = event->collective != NULL ? event->collective : _("a collective");

  if (event->ran_ms >= 0 && event->timeout_ms >= 0 && event->ran_ms >= event->timeout_ms)
    {
      g_autofree char *ran = format_ms (event->ran_ms);
      g_autofree char *past = format_ms (event->ran_ms - event->timeout_ms);
      g_autofree char *limit = format_ms (event->timeout_ms);

      /* Translators: the first %s is a collective's name (or “a collective”); then how long it ran, how far
       * past its limit and the limit (“600.012 s”, “12 ms”, “600 s”); the last says when (“after iteration 12”) */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "NCCL timeout: %s (sequence number %" PRId64 ") ran for %s, %s past "
                                           "its %s limit, on %u rank, %s",
                                           "NCCL timeout: %s (sequence number %" PRId64 ") ran for %s, %s past "
                                           "its %s limit, on %u ranks, %s", n_ranks),
                              collective, event->sequence, ran, past, limit, n_ranks, when);
    }
  /* Translators: %s is a collective's name (or “a collective”), the last says when (“after iteration 12”) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "NCCL timeout: %s (sequence number %" PRId64 ") timed out on %u rank, %s",
                                       "NCCL timeout: %s (sequence number %" PRId64 ") timed out on %u ranks, %s",
                                       n_ranks),
                          collective, event->sequence, n_ranks, when);
}

static void
diagnose_nccl (PlannerLogDiagnosis *diagnosis,
               const PlannerReport *report,
               guint                gpus_per_node)
{
  const PlannerLogRecord *record = diagnosis->record;
  GPtrArray *events = record->events[PLANNER_LOG_EVENT_NCCL_TIMEOUT];
  const PlannerLogEvent *event = planner_log_record_first_event (record, PLANNER_LOG_EVENT_NCCL_TIMEOUT);
  g_autoptr(GString) ranks = g_string_new (NULL);
  PlannerLogFinding *finding;
  char when[64];

  if (event == NULL)
    return;
  /* Iterations logged before it: the run hung mid-run, and the start-up
   * plan (a missing variable, a slow first barrier) is not its plan. */
  finding = finding_new (event->iteration >= 0 && record->n_iteration_lines > 0 ? PLANNER_SYMPTOM_HANG_MID_RUN
                                                                               : PLANNER_SYMPTOM_HANG);
  finding->event = event;
  finding->rank = event->rank;
  finding->stage = planner_log_rank_stage (report, event->rank, gpus_per_node);
  finding->iteration = event->iteration;
  finding->title = nccl_title (event, events->len, when_text (event, when, sizeof when));
  if (finding->symptom == PLANNER_SYMPTOM_HANG_MID_RUN)
    detail (finding, g_dngettext (GETTEXT_PACKAGE,
                                  "%" PRIu64 " iteration line was logged before it, the last for iteration %" PRId64
                                  ": the run hung mid-run, after its start-up had passed.",
                                  "%" PRIu64 " iteration lines were logged before it, the last for iteration %" PRId64
                                  ": the run hung mid-run, after its start-up had passed.",
                                  record->n_iteration_lines),
            record->n_iteration_lines, event->iteration);
  for (guint i = 0; i < events->len; i++)
    {
      const PlannerLogEvent *e = g_ptr_array_index (events, i);

      if (e->rank >= 0)
        g_string_append_printf (ranks, "%s%d", ranks->len > 0 ? ", " : "", e->rank);
      if (i < 4)
        cite_event (finding, "nccl-timeout", e);
    }
  if (ranks->len > 0)
    detail (finding, record->n_events[PLANNER_LOG_EVENT_NCCL_TIMEOUT] > events->len
                     ? _("Ranks that report it: %s and more.") : _("Ranks that report it: %s."), ranks->str);
  if (event->last_completed >= 0)
    detail (finding, _("The last collective that completed was number %" PRId64 ": the ranks stopped at the "
                       "next one, so some rank never reached it (a straggler, a dead node, or ranks that took different "
                       "code paths)."), event->last_completed);
  if (event->numel_in >= 0)
    detail (finding, event->collective != NULL && strstr (event->collective, "REDUCE_SCATTER") != NULL
                     ? _("It moved %" PRId64 " elements in and %" PRId64 " out: a gradient reduce-scatter of the "
                         "distributed optimizer.")
                     : _("It moved %" PRId64 " elements in and %" PRId64 " out."), event->numel_in, event->numel_out);
  if (event->iteration >= 0 && record->n_iteration_lines > 0)
    cite (finding, "nccl-timeout", record->last_iteration_line);
  g_ptr_array_add (diagnosis->findings, finding);
}

/* Divergence ------------------------------------------------------------ */

static void
diagnose_divergence (PlannerLogDiagnosis *diagnosis)
{
  const PlannerLogRecord *record = diagnosis->record;
  const PlannerLogEvent *nan = planner_log_record_first_event (record, PLANNER_LOG_EVENT_NAN);
  const PlannerLogEvent *spike = planner_log_record_first_event (record, PLANNER_LOG_EVENT_LOSS_SPIKE);
  const PlannerLogEvent *grad = planner_log_record_first_event (record, PLANNER_LOG_EVENT_GRAD_NORM_SPIKE);
  const PlannerLogEvent *skipped = NULL;
  GPtrArray *skipped_events = record->events[PLANNER_LOG_EVENT_SKIPPED];
  guint64 settling = 0;
  PlannerLogFinding *finding;

  /* Skipped iterations at the very start are FP16's loss scale finding its
   * level; later ones are overflows. */
  for (guint i = 0; i < skipped_events->len; i++)
    {
      const PlannerLogEvent *e = g_ptr_array_index (skipped_events, i);

      if (e->iteration <= LOSS_SCALE_SETTLING_ITERATIONS && nan == NULL)
        settling += (guint64) e->value;
      else if (skipped == NULL)
        skipped = e;
    }
  if (settling > 0)
    g_ptr_array_add (diagnosis->notes,
                     g_strdup_printf (_("%" PRIu64 " iteration%s skipped in the first %u: FP16's loss scale "
                                        "settling, not a fault."), settling, settling == 1 ? " was" : "s were",
                                      LOSS_SCALE_SETTLING_ITERATIONS));
  if (nan == NULL && spike == NULL && grad == NULL && skipped == NULL)
    return;

  finding = finding_new (PLANNER_SYMPTOM_DIVERGING);
  if (nan != NULL)
    {
      finding->event = nan;
      finding->rank = nan->rank;
      finding->iteration = nan->iteration;
      if (nan->message != NULL)
        {
          g_autofree char *on = nan->rank >= 0 ? g_strdup_printf (_(" on rank %d"), nan->rank) : g_strdup ("");

          finding->title = g_strdup_printf (_("NaN at iteration %" PRId64 "%s: Megatron's check “%s” found %g"),
                                            nan->iteration, on, nan->message, nan->value);
        }
      else
        finding->title = g_strdup_printf (_("NaN iterations from iteration %" PRId64 ": %" PRIu64
                                            " NaN and %" PRIu64 " skipped iterations in all"),
                                          nan->iteration, record->nan_total, record->skipped_total);
      cite_event (finding, "nan", nan);
    }
  if (skipped != NULL)
    {
      const PlannerLogEvent *last = g_ptr_array_index (skipped_events, skipped_events->len - 1);
      g_autofree char *of_them = record->nan_total > 0
                                   ? g_strdup_printf (_(", %" PRIu64 " of them NaN"), record->nan_total)
                                   : g_strdup ("");

      if (finding->title == NULL)
        {
          finding->event = skipped;
          finding->iteration = skipped->iteration;
          finding->title = g_strdup_printf (_("Skipped iterations from iteration %" PRId64 ": %" PRIu64
                                              " in all"), skipped->iteration, record->skipped_total);
        }

      /* Translators: the %s is “, N of them NaN” or nothing */
      detail (finding, _("%" PRIu64 " iterations were skipped (gradients overflowed)%s; the loss scale fell "
                         "to %g."), record->skipped_total, of_them,
              isfinite (last->loss_scale) ? last->loss_scale : skipped->loss_scale);
      cite_event (finding, "skipped", skipped);
      if (last != skipped)
        cite_event (finding, "skipped", last);
    }
  if (spike != NULL)
    {
      if (finding->title == NULL)
        {
          finding->event = spike;
          finding->iteration = spike->iteration;
          finding->title = g_strdup_printf (_("Loss spike at iteration %" PRId64 ": %.3f against %.3f before "
                                              "(×%.1f)"), spike->iteration, spike->value, spike->baseline,
                                            spike->value / spike->baseline);
        }
      else
        detail (finding, _("The loss spiked at iteration %" PRId64 ": %.3f against %.3f before (×%.1f)."),
                spike->iteration, spike->value, spike->baseline, spike->value / spike->baseline);
      if (record->n_events[PLANNER_LOG_EVENT_LOSS_SPIKE] > 1)
        detail (finding, _("%" PRIu64 " loss spikes in all."), record->n_events[PLANNER_LOG_EVENT_LOSS_SPIKE]);
      cite_events (finding, "loss-spike", record->events[PLANNER_LOG_EVENT_LOSS_SPIKE]);
    }
  if (grad != NULL)
    {
      if (isfinite (grad->value) && isfinite (grad->baseline))
        detail (finding, _("The grad norm jumped to %.3f at iteration %" PRId64 ", against %.3f before (×%.0f)."),
                grad->value, grad->iteration, grad->baseline, grad->value / grad->baseline);
      else
        detail (finding, _("The grad norm was %g at iteration %" PRId64 "."), grad->value, grad->iteration);
      if (finding->title == NULL)
        {
          finding->event = grad;
          finding->iteration = grad->iteration;
          finding->title = g_strdup_printf (_("Grad norm blow-up at iteration %" PRId64), grad->iteration);
        }
      cite_events (finding, "grad-norm", record->events[PLANNER_LOG_EVENT_GRAD_NORM_SPIKE]);
    }
  g_ptr_array_add (diagnosis->findings, finding);
}

/* Throughput ------------------------------------------------------------ */

static void
measure (PlannerLogDiagnosis *diagnosis,
         const PlannerReport *report)
{
  PlannerLogRecord *record = diagnosis->record;
  const PlannerConfig *config = report != NULL ? planner_report_get_config (report) : NULL;
  const PlannerGpu *gpu = report != NULL ? planner_report_get_gpu (report) : NULL;
  const PlannerMfuRange *range;
  gboolean fp8;
  g_autoptr(GError) error = NULL;

  if (record->n_iteration_lines == 0)
    return;
  if (config == NULL || gpu == NULL)
    {
      g_ptr_array_add (diagnosis->notes, g_strdup (_("Without the job's model and GPU the logged throughput cannot be "
                                                     "turned into an MFU.")));
      return;
    }
  /* The same functions as optimize --tflops-per-gpu and --iteration-time. */
  if (record->n_tflops > 0 && isfinite (record->tflops_median) && record->tflops_median > 0)
    {
      diagnosis->has_mfu = planner_mfu_from_tflops_per_gpu (config, gpu, record->tflops_median, &diagnosis->mfu, &error);
      diagnosis->mfu_from = "throughput";
      diagnosis->mfu_logged_value = record->tflops_median;
    }
  else if (record->n_elapsed > 0 && isfinite (record->elapsed_ms_median) && record->elapsed_ms_median > 0)
    {
      diagnosis->has_mfu = planner_mfu_from_iteration_time (config, gpu, record->elapsed_ms_median / 1000.0,
                                                            &diagnosis->mfu, &error);
      diagnosis->mfu_from = "elapsed-time";
      diagnosis->mfu_logged_value = record->elapsed_ms_median;
    }
  if (!diagnosis->has_mfu)
    return;
  diagnosis->mfu_line = record->median_line != NULL ? planner_log_line_copy (record->median_line) : NULL;
  if (record->n_iteration_lines == 1)
    g_ptr_array_add (diagnosis->notes, g_strdup (_("Only one iteration was logged, and its time includes start-up: "
                                                   "the measured MFU is low for that reason alone.")));

  fp8 = planner_flops_peak_kind (config, gpu) == PLANNER_PEAK_FP8;
  if (config->num_experts > 0)
    range = fp8 ? &gpu->mfu_moe_fp8 : &gpu->mfu_moe_bf16;
  else
    range = fp8 ? &gpu->mfu_dense_fp8 : &gpu->mfu_dense_bf16;
  diagnosis->expected_mfu_low = range->low;
  diagnosis->expected_mfu_high = range->high;
  diagnosis->expected_mfu_source = range->source;

  if (range->low > 0 && diagnosis->mfu.mfu < range->low && record->n_iteration_lines > 1)
    {
      PlannerLogFinding *finding = finding_new (PLANNER_SYMPTOM_LOW_MFU);
      g_autofree char *peak = g_ascii_strup (planner_peak_kind_to_string (diagnosis->mfu.peak), -1);

      finding->title = g_strdup_printf (_("MFU %.1f%% (%.1f TFLOP/s/GPU against the %s dense peak of %.0f TFLOP/s): "
                                          "below the %.0f–%.0f%% published runs reach on the %s"),
                                        diagnosis->mfu.mfu * 100, diagnosis->mfu.tflops_per_gpu,
                                        peak, diagnosis->mfu.peak_tflops,
                                        range->low * 100, range->high * 100, gpu->name);
      detail (finding, _("The median of %" PRIu64 " logged iterations (the first, which holds start-up "
                         "time, left out)."), diagnosis->mfu_from[0] == 't' ? record->n_tflops : record->n_elapsed);
      cite (finding, "throughput", diagnosis->mfu_line);
      cite (finding, "throughput", record->last_iteration_line);
      g_ptr_array_add (diagnosis->findings, finding);
    }
}

/* Memory ---------------------------------------------------------------- */

static void
compare_memory (PlannerLogDiagnosis *diagnosis,
                const PlannerReport *report,
                guint                gpus_per_node)
{
  PlannerLogRecord *record = diagnosis->record;
  const PlannerMegatronMemory *megatron = report != NULL && planner_report_get_config (report) != NULL
                                            ? planner_report_get_megatron_memory (report) : NULL;

  for (guint i = 0; i < record->memory->len; i++)
    {
      const PlannerLogMemory *memory = g_ptr_array_index (record->memory, i);
      PlannerLogMemoryCheck *check;
      const PlannerStageMemory *stage;
      g_autofree char *who = NULL;

      if (!isfinite (memory->max_reserved_mb) || memory->line == NULL)
        continue;
      check = g_new0 (PlannerLogMemoryCheck, 1);
      check->rank = memory->rank;
      check->stage = planner_log_rank_stage (report, memory->rank, gpus_per_node);
      check->logged_bytes = memory->max_reserved_mb * MIB;
      check->logged_allocated_bytes = isfinite (memory->max_allocated_mb) ? memory->max_allocated_mb * MIB : -1;
      check->estimate_bytes = -1;
      check->difference = NAN;
      check->line = planner_log_line_copy (memory->line);
      stage = stage_estimate (report, check->stage, &check->stage_approximate);
      who = rank_text (memory->rank, check->stage);
      if (stage != NULL && check->logged_bytes > 0)
        {
          g_autofree char *percent = NULL;

          check->estimate_bytes = stage->reserved_bytes;
          check->difference = (check->estimate_bytes - check->logged_bytes) / check->logged_bytes;
          percent = format_signed_percent (check->difference);
          check->sentence = g_strdup_printf (_("Your run logged max reserved %.1f GiB on %s; the planner estimated "
                                               "%.1f GiB%s (%s)."), check->logged_bytes / GIB, who,
                                             check->estimate_bytes / GIB,
                                             check->stage_approximate ? _(" for a middle stage") : "", percent);
        }
      else
        check->sentence = g_strdup_printf (_("Your run logged max reserved %.1f GiB on %s."), check->logged_bytes / GIB, who);
      g_ptr_array_add (diagnosis->memory, check);
    }

  if (record->has_theoretical && isfinite (record->theoretical_total_mb))
    {
      diagnosis->has_theoretical = TRUE;
      diagnosis->theoretical_logged_bytes = record->theoretical_total_mb * MIB;
      diagnosis->theoretical_planner_bytes = megatron != NULL ? megatron->total_bytes : -1;
    }
}

static int
finding_rank (PlannerSymptom symptom)
{
  switch (symptom)
    {
    case PLANNER_SYMPTOM_STARTUP_ERROR:
      return 0;
    case PLANNER_SYMPTOM_OOM:
      return 1;
    case PLANNER_SYMPTOM_HANG:
    case PLANNER_SYMPTOM_HANG_MID_RUN:
      return 2;
    case PLANNER_SYMPTOM_DIVERGING:
      return 3;
    case PLANNER_SYMPTOM_LOW_MFU:
      return 4;
    case PLANNER_SYMPTOM_SLOW:
    case PLANNER_SYMPTOM_NONE:
    default:
      return 5;
    }
}

static int
compare_findings (gconstpointer a,
                  gconstpointer b)
{
  const PlannerLogFinding *x = *(PlannerLogFinding * const *) a;
  const PlannerLogFinding *y = *(PlannerLogFinding * const *) b;

  return finding_rank (x->symptom) - finding_rank (y->symptom);
}

PlannerLogDiagnosis *
planner_log_diagnose (PlannerLogRecord    *record,
                      const PlannerReport *report,
                      guint                gpus_per_node)
{
  PlannerLogDiagnosis *diagnosis;

  g_return_val_if_fail (record != NULL, NULL);

  diagnosis = g_new0 (PlannerLogDiagnosis, 1);
  diagnosis->record = planner_log_record_ref (record);
  diagnosis->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) finding_free);
  diagnosis->memory = g_ptr_array_new_with_free_func ((GDestroyNotify) memory_check_free);
  diagnosis->notes = g_ptr_array_new_with_free_func (g_free);
  diagnosis->theoretical_planner_bytes = -1;

  if (record->n_runs > 1)
    g_ptr_array_add (diagnosis->notes, g_strdup_printf (_("The log holds %u runs (the argument block appears %u times): "
                                                          "the job is the last run's."), record->n_runs, record->n_runs));
  if (record->n_long_lines > 0)
    g_ptr_array_add (diagnosis->notes, g_strdup_printf (_("%" PRIu64 " line%s longer than %u bytes %s read in "
                                                          "part."), record->n_long_lines,
                                                        record->n_long_lines == 1 ? "" : "s",
                                                        PLANNER_LOG_MAX_LINE_BYTES,
                                                        record->n_long_lines == 1 ? "was" : "were"));
  /* Numbers the one rule refused: said with their lines, never dropped
   * in silence (issue 22 #10). */
  for (guint i = 0; i < record->unreadable->len; i++)
    {
      const PlannerLogUnreadable *u = g_ptr_array_index (record->unreadable, i);

      /* Translators: the first %s is a figure's name as Megatron prints it (“lm loss”), the second its text */
      g_ptr_array_add (diagnosis->notes, g_strdup_printf (_("Line %" PRIu64 ": the log's %s “%s” is not a number as "
                                                            "Megatron prints it: it was left out."),
                                                          u->line, u->field, u->text));
    }
  if (record->n_unreadable > record->unreadable->len)
    g_ptr_array_add (diagnosis->notes,
                     g_strdup_printf (_("%" PRIu64 " more numbers of the log were left out the same way."),
                                      record->n_unreadable - record->unreadable->len));
  if (record->phase == PLANNER_LOG_PHASE_START && record->n_events[PLANNER_LOG_EVENT_EXCEPTION] == 0 &&
      record->n_events[PLANNER_LOG_EVENT_OOM] == 0 && record->n_events[PLANNER_LOG_EVENT_NCCL_TIMEOUT] == 0)
    g_ptr_array_add (diagnosis->notes, g_strdup (_("No Megatron output was found in this file: no argument block, "
                                                   "iteration line or error the planner knows.")));

  diagnose_exceptions (diagnosis, report);
  diagnose_oom (diagnosis, report, gpus_per_node);
  diagnose_nccl (diagnosis, report, gpus_per_node);
  diagnose_divergence (diagnosis);
  measure (diagnosis, report);
  compare_memory (diagnosis, report, gpus_per_node);

  for (guint i = 0; i < diagnosis->findings->len; i++)
    {
      PlannerLogFinding *finding = g_ptr_array_index (diagnosis->findings, i);

      g_ptr_array_sort (finding->citations, compare_citations);
    }
  g_ptr_array_sort (diagnosis->findings, compare_findings);

  if (diagnosis->findings->len == 0 && record->phase == PLANNER_LOG_PHASE_TRAINING)
    g_ptr_array_add (diagnosis->notes, g_strdup_printf (_("The log ends at iteration %" PRIu64 " without an "
                                                          "error: the run may still be going, or was stopped from "
                                                          "outside (the scheduler's time limit, a signal)."),
                                                        record->last_iteration));
  return diagnosis;
}

const PlannerLogFinding *
planner_log_diagnosis_find (const PlannerLogDiagnosis *diagnosis,
                            PlannerSymptom             symptom)
{
  g_return_val_if_fail (diagnosis != NULL, NULL);

  for (guint i = 0; i < diagnosis->findings->len; i++)
    {
      const PlannerLogFinding *finding = g_ptr_array_index (diagnosis->findings, i);

      if (finding->symptom == symptom)
        return finding;
    }
  return NULL;
}
