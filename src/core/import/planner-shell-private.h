/* planner-shell-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The shell reader's three parts share its state: words and quoting
 * (planner-shell-words.c), expansion of variables, arithmetic and
 * substitutions (planner-shell-expand.c), and commands, blocks and the
 * entry point (planner-shell.c). */

#pragma once

#include <glib.h>

#include "planner-diagnostic.h"
#include "planner-shell.h"

G_BEGIN_DECLS

typedef struct
{
  char     *text;
  guint     line;
  gboolean  unknown;
} Elem;

typedef struct
{
  gboolean   is_array;
  GString   *scalar;    /* !is_array; a GString so that += stays linear */
  GPtrArray *elems;     /* Elem, is_array */
  guint      line;
  gboolean   unknown;
  gboolean   exported;
  gboolean   stale;     /* changed by something not evaluated (eval, ((…)), read): every use is unknown */
} Var;

typedef struct
{
  GPtrArray *out;       /* PlannerShellWord */
  GString   *cur;
  gboolean   have;      /* the current field exists, even if empty ("") */
  guint      line;
  gboolean   unknown;
  gboolean   empty_at;  /* a quoted "${A[@]}" of no elements was expanded */
} Fields;

typedef struct
{
  GPtrArray *assignments;
  GPtrArray *words;
  guint      line;
  gboolean   declaration;  /* export/declare/local/readonly/typeset */
  gboolean   exporting;
} Command;

typedef struct
{
  char     *delimiter;
  gboolean  strip_tabs;
} HereDoc;

/* An if … fi block being read.  The branch whose condition holds with
 * the values the script sets is read; with a condition that cannot be
 * evaluated, the first branch still open is.  The variables a branch that
 * is not read would set are set on a copy, dropped when it ends. */
typedef struct
{
  guint       line;
  gboolean    outer_skip;  /* the whole block lies in a branch that is not read */
  gboolean    deciding;    /* its condition is being read */
  gboolean    taken;       /* a branch was chosen */
  gboolean    active;      /* the current branch is read */
  GHashTable *saved_vars;  /* the real variables while a branch that is not read runs on a copy */
} IfFrame;

/* The value of a condition: false, true, or not known. */
typedef enum
{
  COND_FALSE,
  COND_TRUE,
  COND_UNKNOWN,
} Cond;

typedef struct
{
  const char         *text;
  gsize               len;
  gsize               pos;
  guint               line;
  guint               depth;
  gsize               expanded;
  guint               n_words;
  GHashTable         *vars;       /* name → Var */
  GHashTable         *reported;   /* variable names already reported */
  GPtrArray          *heredocs;   /* HereDoc, pending until the next newline */
  GArray             *ifs;        /* IfFrame, innermost last */
  Cond                condition;  /* of the if or elif being read */
  char                condition_op; /* how the next part joins it: '|' (||), '&' (&&), ';' */
  char                op;         /* the operator that ended the command being ended */
  PlannerShellScript *script;
  GError             *error;
} Parser;

/* Words, quoting, the reader's position, findings and fields (planner-shell-words.c). */
void shell_word_free (gpointer data);
void shell_elem_free (gpointer data);
void shell_var_free (gpointer data);
void shell_command_free (gpointer data);
void shell_heredoc_free (gpointer data);
PlannerShellWord *shell_word_new (const char *text,
                                   guint       line,
                                   gboolean    unknown);
char shell_peek (Parser *p,
                 gsize   offset);
gboolean shell_at_end (Parser *p);
char shell_advance (Parser *p);
void shell_fail (Parser     *p,
                 const char *format,
                 ...) G_GNUC_PRINTF (2, 3);
gboolean shell_skipping (Parser *p);
void shell_report (Parser          *p,
                   PlannerSeverity  severity,
                   const char      *code,
                   guint            line,
                   const char      *fix,
                   const char      *message);
gboolean shell_spend (Parser *p,
                      gsize   bytes);
void shell_fields_init (Fields *f);
void shell_fields_clear (Fields *f);
void shell_fields_break (Parser *p,
                         Fields *f);
void shell_fields_touch (Fields   *f,
                         guint     line,
                         gboolean  unknown);
void shell_fields_add (Parser     *p,
                       Fields     *f,
                       const char *text,
                       gsize       length,
                       guint       line,
                       gboolean    unknown);
void shell_fields_add_c (Fields *f,
                         char    c,
                         guint   line);
gboolean shell_is_ifs (char c);
void shell_fields_add_split (Parser     *p,
                             Fields     *f,
                             const char *text,
                             guint       line,
                             gboolean    unknown);
char *shell_fields_join (Fields *f);
gboolean shell_fields_any_unknown (Fields *f);

/* Variables, arithmetic and expansion (planner-shell-expand.c). */
gboolean shell_is_name_start (char c);
gboolean shell_is_name_char (char c);
Var *shell_var_lookup (Parser     *p,
                        const char *name);
Var *shell_var_reset (Parser     *p,
                       const char *name,
                       gboolean    is_array,
                       guint       line);
void shell_var_set_scalar (Parser     *p,
                           const char *name,
                           const char *value,
                           guint       line,
                           gboolean    unknown);
const char *shell_var_first (Var *var);
void shell_mark_unknown (Parser     *p,
                         const char *name);
char *shell_mark_assigned_in (Parser     *p,
                               const char *text,
                               gboolean    arithmetic);
char *shell_shown_text (const char *text);
gboolean shell_parse_int64 (const char *text,
                            gint64     *out);
gboolean shell_skip_balanced (Parser *p,
                              char    open,
                              char    close);
gboolean shell_at_process_substitution (Parser *p);
void shell_report_unterminated (Parser     *p,
                                const char *what,
                                guint       line);
gboolean shell_is_meta (char c);
void shell_read_word (Parser   *p,
                      Fields   *f,
                      gboolean  split,
                      char      terminator);

G_END_DECLS
