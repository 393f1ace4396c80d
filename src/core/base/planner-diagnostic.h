/* planner-diagnostic.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-words.h"

G_BEGIN_DECLS

typedef enum
{
  PLANNER_SEVERITY_INFO = 0,
  PLANNER_SEVERITY_WARNING,  /* Megatron silently changes something, or the job will be slow */
  PLANNER_SEVERITY_ERROR,    /* Megatron dies */
} PlannerSeverity;

/* One finding about a job: a stable code ("layout.world-not-divisible"),
 * what it means in plain words, how to fix it, the flags involved and the
 * job fields it concerns.  Nothing rewrites a diagnostic once it is made:
 * a face names the fields by its own labels. */
typedef struct
{
  PlannerSeverity   severity;
  char             *code;
  char             *message;
  char             *fix;        /* may be NULL */
  char            **flags;      /* NULL-terminated, never NULL */
  char            **fields;     /* job keys ("parallelism.ep"), the one to fix first first;
                                 * NULL-terminated, never NULL (empty: no field holds it) */
  guint             line;       /* 1-based line of an imported script, 0 if none */
} PlannerDiagnostic;

PlannerDiagnostic *planner_diagnostic_new            (PlannerSeverity          severity,
                                                      const char              *code,
                                                      const char *const       *flags,
                                                      const char              *fix,
                                                      const char              *message_format,
                                                      ...) G_GNUC_PRINTF (5, 6);
void               planner_diagnostic_free           (PlannerDiagnostic       *diagnostic);
PlannerDiagnostic *planner_diagnostic_copy           (const PlannerDiagnostic *diagnostic);
void               planner_diagnostic_set_fields     (PlannerDiagnostic       *diagnostic,
                                                      const char *const       *fields);
const char        *planner_severity_to_string        (PlannerSeverity          severity);

/* A GPtrArray of PlannerDiagnostic that frees its elements. */
GPtrArray         *planner_diagnostics_new           (void);
/* Appends and returns the new diagnostic so callers can set .line. */
PlannerDiagnostic *planner_diagnostics_add           (GPtrArray               *diagnostics,
                                                      PlannerSeverity          severity,
                                                      const char              *code,
                                                      const char *const       *flags,
                                                      const char              *fix,
                                                      const char              *message_format,
                                                      ...) G_GNUC_PRINTF (6, 7);
/* The same, in @words: @fix and @message_format are templates whose
 * "{--flag}" marks are filled first (planner_words_fill). */
PlannerDiagnostic *planner_diagnostics_add_in        (GPtrArray               *diagnostics,
                                                      const PlannerWords      *words,
                                                      PlannerSeverity          severity,
                                                      const char              *code,
                                                      const char *const       *flags,
                                                      const char              *fix,
                                                      const char              *message_format,
                                                      ...) G_GNUC_PRINTF (7, 8);
guint              planner_diagnostics_count         (GPtrArray               *diagnostics,
                                                      PlannerSeverity          severity);
/* Stable order for output: errors first, then warnings, then info; by code within. */
void               planner_diagnostics_sort          (GPtrArray               *diagnostics);
gboolean           planner_diagnostics_has_code      (GPtrArray               *diagnostics,
                                                      const char              *code);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerDiagnostic, planner_diagnostic_free)

G_END_DECLS
