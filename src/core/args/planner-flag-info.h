/* planner-flag-info.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"

G_BEGIN_DECLS

/* What one Megatron flag is, as the catalogue and its compiled tables
 * (planner-flag-table.c, generated) both describe it; a header of its own
 * so the tables need not include the catalogue that reads them. */

typedef enum
{
  PLANNER_FLAG_ACTION_STORE = 0,
  PLANNER_FLAG_ACTION_STORE_TRUE,
  PLANNER_FLAG_ACTION_STORE_FALSE,
  PLANNER_FLAG_ACTION_BOOLEAN_OPTIONAL,   /* --x / --no-x */
} PlannerFlagAction;

typedef enum
{
  PLANNER_FLAG_TYPE_NONE = 0,   /* argparse's default: the string as given */
  PLANNER_FLAG_TYPE_INT,
  PLANNER_FLAG_TYPE_FLOAT,
  PLANNER_FLAG_TYPE_STR,
  PLANNER_FLAG_TYPE_BOOL,
  PLANNER_FLAG_TYPE_OTHER,      /* a converter function; see type_name */
} PlannerFlagType;

typedef enum
{
  PLANNER_FLAG_NARGS_SINGLE = 0,  /* nargs None: exactly one value */
  PLANNER_FLAG_NARGS_NONE,        /* nargs 0: a switch */
  PLANNER_FLAG_NARGS_FIXED,       /* nargs N: see nargs_count */
  PLANNER_FLAG_NARGS_ONE_OR_MORE, /* '+' */
  PLANNER_FLAG_NARGS_ANY,         /* '*' */
} PlannerFlagNargs;

typedef enum
{
  PLANNER_FLAG_STATUS_OK = 0,
  PLANNER_FLAG_STATUS_DEAD,        /* parses, does nothing */
  PLANNER_FLAG_STATUS_DEPRECATED,  /* parses, mapped to something else */
  PLANNER_FLAG_STATUS_FATAL,       /* parses, then the job stops */
} PlannerFlagStatus;

typedef struct
{
  const char        *flag;
  const char        *dest;
  PlannerFlagAction  action;
  PlannerFlagType    type;
  const char        *type_name;     /* as in the parser, or NULL */
  const char *const *choices;       /* NULL when any value goes */
  PlannerFlagNargs   nargs;
  guint              nargs_count;   /* for PLANNER_FLAG_NARGS_FIXED */
  const char        *default_value; /* NULL for None; lists space-separated */
  const char *const *aliases;       /* other spellings of the same option, never NULL */
  const char        *group;
  /* For dead, deprecated and fatal flags; OK otherwise. */
  PlannerFlagStatus  status;
  PlannerSeverity    severity;
  const char        *note;          /* NULL when status is OK */
  const char        *replacement;   /* may be NULL; may be "--flag value" */
} PlannerFlagInfo;

/* A flag that argparse no longer knows. */
typedef struct
{
  const char *flag;
  const char *replacement;   /* may be NULL; may be "--flag value" */
  const char *note;
} PlannerRemovedFlag;

G_END_DECLS
