/* planner-log-rules.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-log.h"

G_BEGIN_DECLS

/* Which of Megatron-Core 0.20.0's start-up checks stopped a run.  Rules
 * are named by the ids of ../shared/megatron/rules.jsonl ("arguments:432":
 * the file's stem and the line of the check).  The patterns that recognise
 * a rule's message are the planner's own words, not Megatron's text; the
 * tests check each against the rule it names. */
typedef struct
{
  const char *rule_id;
  const char *pattern;          /* a GRegex over the exception's message */
  const char *diagnostic_code;  /* the planner validator's code for the same check, or NULL */
} PlannerLogRule;

guint                 planner_log_rules_get_n       (void);
const PlannerLogRule *planner_log_rules_get         (guint        index);

/* "arguments:432" for a frame in one of the files Megatron's start-up
 * checks live in (megatron/training/arguments.py and the five others of
 * rules.jsonl), NULL for any other file. */
char                 *planner_log_rule_id_for_location (const char *file,
                                                        guint       line);
/* The family of checks a rule belongs to, in words ("argument
 * validation (validate_args)"); NULL for an id of no known file. */
const char           *planner_log_rule_family       (const char  *rule_id);

/* Matches an exception's message and its raising frame (either may be
 * NULL) to a rule.  Returns how, with the rule id (owned by the caller)
 * and the validator's code when the planner checks the same thing. */
PlannerLogRuleMatch   planner_log_rules_match       (const char  *message,
                                                     const char  *file,
                                                     guint        line,
                                                     char       **rule_id,
                                                     const char **diagnostic_code);

G_END_DECLS
