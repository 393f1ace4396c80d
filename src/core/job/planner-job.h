/* planner-job.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "planner-words.h"

G_BEGIN_DECLS

/* The job file format's version; a file with a newer version is refused
 * rather than half-read. */
#define PLANNER_JOB_FORMAT_VERSION 1

#define PLANNER_TYPE_JOB (planner_job_get_type ())

G_DECLARE_FINAL_TYPE (PlannerJob, planner_job, PLANNER, JOB, GObject)

#define PLANNER_JOB_ERROR (planner_job_error_quark ())

typedef enum
{
  PLANNER_JOB_ERROR_PARSE,     /* not JSON, or not a job file */
  PLANNER_JOB_ERROR_VERSION,   /* written by a newer Launch Planner */
  PLANNER_JOB_ERROR_FIELD,     /* a field has the wrong type or an absurd value */
} PlannerJobError;

GQuark      planner_job_error_quark     (void);

/* Every input the user gives.  Each is a GObject property, so the window
 * can bind to it; "changed" is emitted once per change of any of them. */
PlannerJob *planner_job_new             (void);
/* Where the window's new jobs start Training Iterations (issue 23 #9): a
 * short first run that shows the job starts, trains and checkpoints,
 * rather than nothing for the person to invent.  A job file without the
 * key still holds 0, which asks for a value. */
#define PLANNER_JOB_FIRST_RUN_ITERS 1000u

/* LLaMA-3 70B on 8 nodes × 8 H100: the job a first start shows. */
PlannerJob *planner_job_new_example     (void);
PlannerJob *planner_job_copy            (PlannerJob   *self);

gboolean    planner_job_load_from_data  (PlannerJob   *self,
                                         const char   *data,
                                         gssize        length,
                                         GError      **error);
char       *planner_job_to_data         (PlannerJob   *self,
                                         gsize        *length);
gboolean    planner_job_equal           (PlannerJob   *a,
                                         PlannerJob   *b);
/* What differs, one "section.key: old → new" line per field, in file
 * order: how a change to a job is shown before anyone accepts it. */
GStrv       planner_job_list_changes    (PlannerJob   *before,
                                         PlannerJob   *after);

/* Every field, in file order (sections as written, then table order):
 * its property name ("data-path") and section ("data"); the JSON key is
 * the property with '_' for '-'. */
guint       planner_job_get_n_fields    (void);
const char *planner_job_get_field_property (guint     index);
const char *planner_job_get_field_section  (guint     index);

/* The values a choice field takes (NULL-terminated, "" first where the
 * field allows "automatic"), or NULL for a free field.  The window builds
 * its drop-downs from these; loading a file refuses anything else. */
GStrv       planner_job_dup_choices     (const char   *property);
/* Whether @value is one of @property's choices; the error names the field
 * (section.key) and lists the choices. */
gboolean    planner_job_check_choice    (const char   *property,
                                         const char   *value,
                                         GError      **error);
/* The same, the error naming the field in @words (NULL: its job key). */
gboolean    planner_job_check_choice_in (const char          *property,
                                         const char          *value,
                                         const PlannerWords  *words,
                                         GError             **error);

/* Convenience getters for the engine; the window uses the properties. */
const char *planner_job_get_model_id    (PlannerJob   *self);
const char *planner_job_get_gpu_id      (PlannerJob   *self);
guint       planner_job_get_uint        (PlannerJob   *self,
                                         const char   *property);
const char *planner_job_get_string      (PlannerJob   *self,
                                         const char   *property);
gboolean    planner_job_get_bool        (PlannerJob   *self,
                                         const char   *property);
double      planner_job_get_double      (PlannerJob   *self,
                                         const char   *property);
guint       planner_job_get_world_size  (PlannerJob   *self);

/* Whether the person gave @property (issue 23 #7).  Only the sequence
 * length and the global batch can be the planner's assumption instead: a
 * new job, or a file without the key, holds them unasked.  An assumed
 * sequence length follows the catalogue model's own; an assumed global
 * batch is said to be assumed and recommend chooses its own.  Setting
 * either property to a new value makes it given; saving writes only what
 * was given, so a saved job reads back the same. */
gboolean    planner_job_is_given        (PlannerJob   *self,
                                         const char   *property);
/* Given, or back to assumed (a sequence length then follows the model). */
void        planner_job_set_given       (PlannerJob   *self,
                                         const char   *property,
                                         gboolean      given);
/* Sets @property as an assumption, not the person's (the batch Use
 * Recommended rounds from an assumed one). */
void        planner_job_set_assumed_uint (PlannerJob  *self,
                                         const char   *property,
                                         guint         value);
/* Makes @to hold @from: every value, and which of them were given. */
void        planner_job_assign          (PlannerJob   *to,
                                         PlannerJob   *from);

G_END_DECLS
