/* planner-json-check.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PLANNER_JSON_CHECK_ERROR (planner_json_check_error_quark ())

typedef enum
{
  PLANNER_JSON_CHECK_ERROR_SYNTAX,   /* not JSON (RFC 8259), or more than one document */
  PLANNER_JSON_CHECK_ERROR_DEPTH,    /* nested deeper than allowed */
  PLANNER_JSON_CHECK_ERROR_VALUE,    /* valid JSON, but a value no reader can hold exactly */
} PlannerJsonCheckError;

GQuark   planner_json_check_error_quark (void);

/* Checks that @data is exactly one JSON text as RFC 8259 defines it, before
 * a lenient parser (json-glib) sees it: UTF-8; no leading zeros, hex, "+",
 * ".5" or "5."; only the standard escapes; no NUL (\u0000) and no lone
 * surrogate in a string; whole numbers that fit in 64 bits; no key twice
 * in one object; nothing after the document; and at most @max_depth
 * nested arrays and objects (json-glib recurses once per level).
 *
 * The error message starts with the path of the offending value, the way
 * a job file names its fields ("parallelism.tp: …"), or with the line
 * when the problem is outside any value. */
gboolean planner_json_check_strict     (const char  *data,
                                        gsize        length,
                                        guint        max_depth,
                                        GError     **error);

G_END_DECLS
