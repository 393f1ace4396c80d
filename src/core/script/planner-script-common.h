/* planner-script-common.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-catalog.h"

G_BEGIN_DECLS

/* The error domain every draft shares: the launch script and the memory
 * check each build on this unit, never on each other's. */
#define PLANNER_SCRIPT_ERROR (planner_script_error_quark ())

typedef enum
{
  PLANNER_SCRIPT_ERROR_FIELD,         /* a job field is missing or wrong; the message names it */
  PLANNER_SCRIPT_ERROR_INVALID,       /* Megatron would reject the job (validator errors) */
  PLANNER_SCRIPT_ERROR_CATALOG,       /* a flag the planner wrote failed the 0.20.0 catalog: a bug */
  PLANNER_SCRIPT_ERROR_NOT_A_DRAFT,   /* approve/export of text this planner did not write */
  PLANNER_SCRIPT_ERROR_NOT_APPROVED,
  PLANNER_SCRIPT_ERROR_EXISTS,
  PLANNER_SCRIPT_ERROR_IO,
  PLANNER_SCRIPT_ERROR_INCOMPLETE,    /* approve/export of a draft with marked values */
  PLANNER_SCRIPT_ERROR_STAGE,         /* a requested pipeline stage the job does not have: a bad invocation */
} PlannerScriptError;

GQuark planner_script_error_quark (void);

G_END_DECLS
