/* planner-words.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-words.h"

const PlannerWords *
planner_words_job (void)
{
  static const PlannerWords job = { PLANNER_WORDS_JOB, NULL, NULL };

  return &job;
}

PlannerWordsKind
planner_words_get_kind (const PlannerWords *words)
{
  return words != NULL ? words->kind : PLANNER_WORDS_FLAGS;
}

const char *
planner_words_name (const PlannerWords *words,
                    const char         *name)
{
  const char *label;

  g_return_val_if_fail (name != NULL, NULL);

  if (words == NULL || words->kind != PLANNER_WORDS_FORM || words->label_for == NULL)
    return name;
  label = words->label_for (words, name);
  return label != NULL ? label : name;
}
