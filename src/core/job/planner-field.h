/* planner-field.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"
#include "planner-job.h"
#include "planner-words.h"

G_BEGIN_DECLS

/* One job field as a person sees it: its label on the form, the page and
 * group it sits in, and the Megatron flags it writes.  The CLI speaks in
 * job keys ("data.data_path"); the window speaks in labels ("Data Path"). */
typedef struct
{
  const char        *key;       /* the job file's key: "data.data_path" */
  const char        *property;  /* the PlannerJob property: "data-path" */
  const char        *label;     /* "Data Path", marked for translation: use planner_field_get_label() */
  const char        *page;      /* sidebar page: model cluster data training parallelism experts */
  const char        *group;     /* "Launch" (marked for translation): the group on the page, or NULL */
  const char *const *flags;     /* Megatron flags the field writes (NULL-terminated, maybe empty) */
  gboolean           is_path;   /* the user's own absolute path */
} PlannerField;

/* By job key ("data.data_path") or property ("data-path"); NULL if unknown. */
const PlannerField        *planner_field_lookup          (const char         *key_or_property);
/* Every job field, in file order; owned by the table. */
const PlannerField *const *planner_field_list            (guint              *n_fields);
/* The label in the user's language. */
const char                *planner_field_get_label       (const PlannerField *field);

/* How choice @id of @property ("tokenizer-type", "GPT2BPETokenizer")
 * reads in the form ("GPT-2 BPE"), translated; "" is the field's
 * default ("The Model’s Own"); an id without a name reads as itself. */
const char                *planner_field_choice_label    (const char         *property,
                                                          const char         *id);

/* Whether the field means anything for @job: a catalog id only for a
 * catalog model, the custom architecture only for a custom one, MoE
 * settings only for a MoE model, recompute details only with that
 * recompute... (NULL @job: every field applies). */
gboolean                   planner_field_applies         (const PlannerField *field,
                                                          PlannerJob         *job);

/* The job keys of the fields that write any of @flags (a diagnostic's
 * flags), in file order, only fields that apply to @job (may be NULL).
 * Never NULL; empty when no field writes them. */
GStrv                      planner_field_keys_for_flags  (PlannerJob         *job,
                                                          const char *const  *flags);

/* Whether @field is shown read-only for @job: a catalogue model's or a
 * size's dimensions, until Customise makes them a custom architecture. */
gboolean                   planner_field_is_read_only    (const PlannerField *field,
                                                          PlannerJob         *job);
/* The job keys a diagnostic with @code and @flags concerns, the one to
 * fix first first: for each flag the field that holds it, then the
 * fields that also write it.  Never NULL. */
GStrv                      planner_field_keys_for_diagnostic (const char        *code,
                                                              const char *const *flags);
/* The first of @diagnostic's fields that the form shows for @job
 * (editable or read-only), or NULL. */
const PlannerField        *planner_field_for_diagnostic  (PlannerJob              *job,
                                                          const PlannerDiagnostic *diagnostic);

/* @words made the window's: each flag and job key by the label of the
 * field that holds it for @job (may be NULL: every field applies).
 * @job must outlive @words. */
void                       planner_field_words_init      (PlannerWords       *words,
                                                          PlannerJob         *job);

/* One field that differs between two jobs, its values as a person reads
 * them ("4", "on", "“x”", a choice by its label; translated). */
typedef struct
{
  const PlannerField *field;
  char               *before;
  char               *after;
} PlannerFieldChange;

void                       planner_field_change_free     (PlannerFieldChange *change);

/* What differs, as data (GPtrArray of PlannerFieldChange, in file order):
 * a face lays out the label and the values as it likes. */
GPtrArray                 *planner_job_diff_fields       (PlannerJob         *before,
                                                          PlannerJob         *after);

/* What differs, "Label: old → new" per field in file order (labels and
 * on/off translated): the labelled twin of planner_job_list_changes(). */
GStrv                      planner_job_list_changes_labelled (PlannerJob     *before,
                                                              PlannerJob     *after);

G_END_DECLS
