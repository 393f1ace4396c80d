/* planner-words.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whose words a message is made in.  A message names a setting once, when
 * it is made, as its reader knows it: the command line by the flag or
 * option ("--num-layers", "--gpu"), a job file by its key
 * ("cluster.gpu_id"), the window by the form's label ("GPU Type").
 * Nothing rewrites a message afterwards. */
typedef enum
{
  PLANNER_WORDS_FLAGS = 0,  /* the command line's */
  PLANNER_WORDS_JOB,        /* a job file's keys */
  PLANNER_WORDS_FORM,       /* the window's labels */
} PlannerWordsKind;

typedef struct _PlannerWords PlannerWords;

struct _PlannerWords
{
  PlannerWordsKind kind;
  /* FORM: the label of the form field that holds @name (a Megatron flag
   * "--num-layers", a job key "model.num_layers" or Megatron's name of
   * an argument "num_layers") for the job in
   * @data, or NULL when no field the form shows holds it.  The layers
   * below the job ask through it (planner_field_words_init fills it). */
  const char    *(*label_for) (const PlannerWords *words,
                               const char         *name);
  gconstpointer    data;
};

/* A job file's words (kind PLANNER_WORDS_JOB); static. */
const PlannerWords *planner_words_job      (void);

/* NULL words are the command line's. */
PlannerWordsKind planner_words_get_kind (const PlannerWords *words);

/* @name (a flag or a job key) as @words say it: the form's label when
 * the form shows a field holding it, else @name itself. */
const char      *planner_words_name     (const PlannerWords *words,
                                         const char         *name);

/* @template with each "{--flag}" in it named as @words say it: the flag
 * itself for the command line, the field's label in the window; and each
 * "{dest}" (Megatron's name of an argument, "num_attention_heads", as its
 * own messages quote it) as itself, or the label of the field holding
 * its flag; and each "{section.key}" (a job key, "{model.num_layers}") as
 * the key itself, or its field's label in the window.  The engine's messages mark the settings they name so, and are made from
 * the filled template; nothing searches a finished message.  With
 * @for_format a '%' in a name is doubled, so the result stays a format. */
char            *planner_words_fill     (const PlannerWords *words,
                                         const char         *template,
                                         gboolean            for_format);

/* @error's message, a template made where the words are not known (the
 * model settings' errors, planner-config.c, which sits beside this area
 * and cannot fill its own), filled in @words in place. */
void             planner_words_fill_error (const PlannerWords *words,
                                           GError             *error);

G_END_DECLS
