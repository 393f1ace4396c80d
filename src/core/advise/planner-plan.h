/* planner-plan.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"

G_BEGIN_DECLS

/* A plan is a draft: a list of suggestions, each a set of exact flag (or
 * environment) changes with the reason and the expected effect.  Nothing
 * is applied until the caller applies it, always to a copy. */

typedef enum
{
  PLANNER_CHANGE_ADD = 0,   /* the flag was not given */
  PLANNER_CHANGE_CHANGE,    /* the flag was given with another value */
  PLANNER_CHANGE_REMOVE,    /* the flag goes away */
} PlannerChangeAction;

typedef enum
{
  PLANNER_CHANGE_TARGET_FLAG = 0,  /* a Megatron argument */
  PLANNER_CHANGE_TARGET_ENV,       /* an exported environment variable, not a flag */
} PlannerChangeTarget;

typedef struct
{
  PlannerChangeTarget target;
  PlannerChangeAction action;
  char               *dest;       /* argparse dest; NULL for environment variables */
  char               *flag;       /* "--micro-batch-size", or the variable name */
  char               *old_value;  /* NULL: not given, or a switch */
  char               *new_value;  /* NULL: a switch, or removed */
} PlannerChange;

/* A line of the run's log that motivated a suggestion (plans made from a
 * log; see planner-advise-log.h). */
typedef struct
{
  guint64  line;    /* 1-based line number in the log */
  gint     rank;    /* -1 unknown */
  char    *topic;   /* what the line shows: "oom", "loss-spike", "throughput", … */
  char    *text;    /* the line as written (cut, control characters replaced) */
} PlannerCitation;

PlannerCitation   *planner_citation_new         (guint64                  line,
                                                 gint                     rank,
                                                 const char              *topic,
                                                 const char              *text);
void               planner_citation_free        (PlannerCitation         *citation);

typedef struct
{
  char      *id;             /* stable: "sequence-parallel", "full-recompute" */
  char      *title;          /* one line */
  char      *reason;         /* why, for this job */
  char      *effect;         /* the expected effect in words */
  char      *cause;          /* troubleshooting: the likely cause; NULL for optimize */
  GPtrArray *changes;        /* PlannerChange, in order */
  GPtrArray *prerequisites;  /* char*: what it needs and where that comes from */
  GPtrArray *checks;         /* char*: compatibility checks it passed */
  GPtrArray *citations;      /* PlannerCitation*: the log lines behind it; empty unless made from a log */
  /* Expected effect in numbers; a value < 0 is "not stated". */
  double     speed_low;      /* relative step speed, 1 = unchanged */
  double     speed_high;
  double     mfu_low;        /* expected MFU after, 0..1 (needs a measured MFU) */
  double     mfu_high;
  double     memory_before;  /* bytes per GPU on the most loaded stage */
  double     memory_after;
  gboolean   fits_before;
  gboolean   fits_after;
  double     bubble_before;  /* pipeline bubble (p−1)/(v·m) */
  double     bubble_after;
} PlannerSuggestion;

PlannerChange     *planner_change_new           (PlannerChangeTarget      target,
                                                 PlannerChangeAction      action,
                                                 const char              *dest,
                                                 const char              *flag,
                                                 const char              *old_value,
                                                 const char              *new_value);
void               planner_change_free          (PlannerChange           *change);
const char        *planner_change_action_to_string (PlannerChangeAction   action);
/* "- --micro-batch-size 4\n+ --micro-batch-size 2\n" (values shell-quoted). */
char              *planner_change_to_diff       (const PlannerChange     *change);

PlannerSuggestion *planner_suggestion_new       (const char              *id,
                                                 const char              *title);
void               planner_suggestion_free      (PlannerSuggestion       *suggestion);
/* Records a change of @dest to @value against @args (the arguments it
 * will be applied to): ADD or CHANGE from what @args holds; nothing when
 * @args already holds exactly that.  @value NULL for a switch. */
void               planner_suggestion_set_flag  (PlannerSuggestion       *suggestion,
                                                 const PlannerArgs       *args,
                                                 const char              *dest,
                                                 const char              *flag,
                                                 const char              *value);
/* REMOVE of @dest when @args gives it. */
void               planner_suggestion_unset_flag (PlannerSuggestion      *suggestion,
                                                 const PlannerArgs       *args,
                                                 const char              *dest);
void               planner_suggestion_set_env   (PlannerSuggestion       *suggestion,
                                                 GHashTable              *env,
                                                 const char              *name,
                                                 const char              *value);
guint              planner_suggestion_count_flag_changes (const PlannerSuggestion *suggestion);

/* Applies the flag changes to @args and the environment changes to @env
 * (may be NULL).  A change whose flag is unknown to the 0.20.0 catalog is
 * refused: FALSE with the flag named, @args possibly half-changed (apply
 * to a copy). */
gboolean           planner_suggestion_apply     (const PlannerSuggestion *suggestion,
                                                 PlannerArgs             *args,
                                                 GHashTable              *env,
                                                 GError                 **error);
/* Checks every flag change against the catalog: the flag exists, is not
 * dead, deprecated or fatal, its dest matches and its value converts. */
gboolean           planner_suggestion_check_flags (const PlannerSuggestion *suggestion,
                                                 GError                 **error);

typedef enum
{
  PLANNER_PLAN_OPTIMIZE = 0,
  PLANNER_PLAN_TROUBLESHOOT,
} PlannerPlanKind;

typedef enum
{
  PLANNER_SYMPTOM_NONE = 0,
  PLANNER_SYMPTOM_OOM,
  PLANNER_SYMPTOM_LOW_MFU,
  PLANNER_SYMPTOM_SLOW,
  PLANNER_SYMPTOM_DIVERGING,
  PLANNER_SYMPTOM_STARTUP_ERROR,
  PLANNER_SYMPTOM_HANG,           /* at start-up: no iteration completed */
  PLANNER_SYMPTOM_HANG_MID_RUN,   /* after iterations completed (issue 23 #11) */
} PlannerSymptom;

/* What a line of a plan's log evidence is, so a face can place it
 * without reading its (translated) words. */
typedef enum
{
  PLANNER_EVIDENCE_FINDING = 0,    /* a symptom the log shows, with its figures */
  PLANNER_EVIDENCE_DETAIL,         /* a further sentence about that symptom */
  PLANNER_EVIDENCE_NO_SIGN,        /* the log shows no sign of the asked symptom */
  PLANNER_EVIDENCE_MFU,            /* the MFU measured from the log */
  PLANNER_EVIDENCE_MEMORY,         /* memory a rank logged beside the estimate */
  PLANNER_EVIDENCE_THEORETICAL,    /* Megatron's theoretical memory beside the planner's */
  PLANNER_EVIDENCE_ASSUMPTION,     /* what was assumed to read the log */
  PLANNER_EVIDENCE_NOTE,           /* a note about the log itself */
} PlannerEvidenceKind;

/* What a note of a plan is. */
typedef enum
{
  PLANNER_NOTE_GENERAL = 0,
  PLANNER_NOTE_TARGET,             /* the MFU to aim for */
  PLANNER_NOTE_MEASURED,           /* the MFU the user measured */
  PLANNER_NOTE_ERROR_FIX,          /* one of @errors with its fix: note_codes names it */
} PlannerNoteKind;

typedef struct
{
  PlannerPlanKind kind;
  PlannerSymptom  symptom;
  /* TRUE: the suggestions build on one another, in order (optimize);
   * FALSE: each is an alternative applied alone (troubleshoot). */
  gboolean        cumulative;
  GPtrArray      *suggestions;   /* PlannerSuggestion, ranked */
  GPtrArray      *rejected;      /* char*: considered, and why not offered ("id: reason", for the CLI and JSON) */
  GPtrArray      *rejected_ids;  /* char*: the idea of each of @rejected ("fp8"), an id */
  GPtrArray      *rejected_reasons; /* char*: why each of @rejected was not offered, a sentence */
  GPtrArray      *notes;         /* char*: findings that are not flag changes */
  GPtrArray      *errors;        /* char*: "code: message" of the job's errors before the plan */
  GPtrArray      *evidence;      /* char*: what the run's log showed; empty unless made from a log */
  GArray         *evidence_kinds;/* PlannerEvidenceKind, one per evidence line */
  GArray         *note_kinds;    /* PlannerNoteKind, one per note */
  GPtrArray      *note_codes;    /* char*: the error code of an ERROR_FIX note, else "" */
  GPtrArray      *error_codes;   /* char*: the code of each of @errors */
  GPtrArray      *error_messages;/* char*: the message of each of @errors, without its code */
  GPtrArray      *error_fixes;   /* char*: the fix of each of @errors, "" for none */
  char           *summary;       /* layout summary before the plan */
  /* The MFU as measured by the user (0 = unknown) and the peak it is against */
  double          measured_mfu;
  double          measured_tflops;
  double          peak_tflops;
  const char     *peak_name;     /* "BF16", "FP8", "FP16"; NULL when unknown */
  /* Published MFU range for this GPU and model kind (0 = unknown) */
  double          expected_mfu_low;
  double          expected_mfu_high;
  const char     *expected_mfu_source;
  double          target_mfu;    /* 0.40 for dense on H100-class, else 0 */
  double          memory_before; /* worst stage, bytes; < 0 unknown */
  double          memory_after;  /* after every suggestion (cumulative plans); < 0 unknown */
  double          capacity_bytes;
  const char     *megatron_version; /* the release planned for (static); NULL = the default */
} PlannerPlan;

PlannerPlan       *planner_plan_new             (PlannerPlanKind          kind,
                                                 PlannerSymptom           symptom);
void               planner_plan_free            (PlannerPlan             *plan);
/* Applies the suggestions to a copy of @args: all of them in order for a
 * cumulative plan, only @index otherwise (G_MAXUINT: all, in order). */
PlannerArgs       *planner_plan_apply           (const PlannerPlan       *plan,
                                                 const PlannerArgs       *args,
                                                 GHashTable              *env,
                                                 guint                    index,
                                                 GError                 **error);

/* Appends to @plan->evidence and its kinds. */
void               planner_plan_add_evidence    (PlannerPlan             *plan,
                                                 PlannerEvidenceKind      kind,
                                                 char                    *text);
/* Appends to @plan->notes and its kinds; @code for ERROR_FIX, else NULL. */
void               planner_plan_add_note        (PlannerPlan             *plan,
                                                 PlannerNoteKind          kind,
                                                 const char              *code,
                                                 char                    *text);
/* Appends "code: message" to @plan->errors, and code, message and fix
 * (may be NULL) apart. */
void               planner_plan_add_error       (PlannerPlan             *plan,
                                                 const char              *code,
                                                 const char              *message,
                                                 const char              *fix);

const char        *planner_symptom_to_string    (PlannerSymptom           symptom);
gboolean           planner_symptom_from_string  (const char              *text,
                                                 PlannerSymptom          *symptom);
const char        *planner_plan_kind_to_string  (PlannerPlanKind          kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerChange, planner_change_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerSuggestion, planner_suggestion_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerPlan, planner_plan_free)

G_END_DECLS
