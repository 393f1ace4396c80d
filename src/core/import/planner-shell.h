/* planner-shell.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PLANNER_SHELL_ERROR (planner_shell_error_quark ())

typedef enum
{
  PLANNER_SHELL_ERROR_INVALID,   /* NUL bytes */
  PLANNER_SHELL_ERROR_LIMIT,     /* too many words, too much expansion, too deep */
} PlannerShellError;

/* Hard limits: a script that needs more is refused, not truncated. */
#define PLANNER_SHELL_MAX_WORDS      1000000
#define PLANNER_SHELL_MAX_EXPANSION  (32 * 1024 * 1024)
#define PLANNER_SHELL_MAX_DEPTH      32
#define PLANNER_SHELL_MAX_DIAGNOSTICS 500

typedef struct
{
  char     *text;
  guint     line;      /* 1-based line it came from (an array element: its own line) */
  gboolean  unknown;   /* holds something not evaluated; that part is kept as written */
} PlannerShellWord;

typedef struct
{
  GPtrArray *assignments;  /* PlannerShellWord "NAME=value" written before the command */
  GPtrArray *words;        /* PlannerShellWord, after expansion and word splitting */
  guint      line;
} PlannerShellCommand;

/* A bash script read as data: nothing is run.  Variables assigned in the
 * script (scalars, arrays, export) are expanded where used; what cannot be
 * known ($(...), backticks, unset variables, $1) is kept as written, marked
 * unknown and reported in diagnostics. */
typedef struct
{
  GPtrArray  *commands;     /* PlannerShellCommand, in script order */
  GPtrArray  *directives;   /* PlannerShellCommand: the words of each "#SBATCH" line */
  GHashTable *variables;    /* name → value after the whole script; arrays: elements joined by spaces */
  GHashTable *exported;     /* name → value of exported variables (last value) */
  GPtrArray  *diagnostics;  /* PlannerDiagnostic */
  /* PlannerShellWord: every redirection ("2>&1", "> log", "<<EOF", "<<< x")
   * and control operator (";", "&", "&&", "|", "||", "(", ")") as written,
   * in order.  Redirections are otherwise dropped and operators only end
   * commands, so a caller that wants plain words (advanced.extra_args)
   * refuses any of them here. */
  GPtrArray  *operators;
} PlannerShellScript;

GQuark              planner_shell_error_quark        (void);

/* POSIX single quotes unless @s is made only of [A-Za-z0-9_./:=,+@%-]. */
char               *planner_shell_quote              (const char          *s);
/* Each word quoted, joined with spaces. */
char               *planner_shell_join               (const char *const   *argv);

PlannerShellScript *planner_shell_parse              (const char          *text,
                                                      gsize                length,
                                                      GError             **error);
void                planner_shell_script_free        (PlannerShellScript  *script);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerShellScript, planner_shell_script_free)

G_END_DECLS
