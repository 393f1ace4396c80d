/* planner-flag-catalog.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"

G_BEGIN_DECLS

/* Every option of Megatron-Core's training parser (data/megatron-flags.json,
 * derived from the parser itself), plus the flags that are gone and the
 * ones that still parse but kill the job or do nothing.  Loaded once, read
 * only, safe to use from any thread. */

#define PLANNER_FLAG_CATALOG_ERROR (planner_flag_catalog_error_quark ())

typedef enum
{
  PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
} PlannerFlagCatalogError;

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

GQuark                    planner_flag_catalog_error_quark     (void);

const char               *planner_flag_catalog_get_megatron_version (void);
const char               *planner_flag_catalog_get_megatron_commit  (void);
guint                     planner_flag_catalog_get_n_flags     (void);
const PlannerFlagInfo    *planner_flag_catalog_get_flag_at     (guint                  index);

/* Exact match of an option string (any spelling; no abbreviations, as
 * Megatron's parser has allow_abbrev=False).  NULL when unknown. */
const PlannerFlagInfo    *planner_flag_catalog_lookup          (const char            *flag);
/* The option writing @dest, first spelling in catalog order. */
const PlannerFlagInfo    *planner_flag_catalog_lookup_dest     (const char            *dest);
const PlannerRemovedFlag *planner_flag_catalog_lookup_removed  (const char            *flag);
/* The real flag closest to @unknown_flag, or NULL when nothing is close. */
const char               *planner_flag_catalog_suggest         (const char            *unknown_flag);

/* The value a switch stores when written as @written: TRUE for store_true
 * and --x of a BooleanOptional option, FALSE for store_false and --no-x. */
gboolean                  planner_flag_info_switch_value       (const PlannerFlagInfo *info,
                                                                const char            *written);
gboolean                  planner_flag_info_takes_value        (const PlannerFlagInfo *info);

/* Checks one value as argparse would convert it (int, float, choices),
 * plus sanity: floats must be finite. */
gboolean                  planner_flag_catalog_check_value     (const PlannerFlagInfo *info,
                                                                const char            *value,
                                                                GError               **error);

const char               *planner_flag_status_to_string        (PlannerFlagStatus      status);

G_END_DECLS
