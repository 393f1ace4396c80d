/* planner-shell.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-shell"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-shell.h"

#include <string.h>

#include "planner-diagnostic.h"

/* Reads bash the way a careful person would: quotes, continuations,
 * variables and arrays assigned earlier, $((...)) on known numbers.  It
 * never runs anything: command substitutions and unknown variables stay
 * as written and are reported. */

G_DEFINE_QUARK (planner-shell-error-quark, planner_shell_error)

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

static void read_word (Parser   *p,
                       Fields   *f,
                       gboolean  split,
                       char      terminator);
static void report_unterminated (Parser     *p,
                                 const char *what,
                                 guint       line);

/* ---- quoting ------------------------------------------------------------ */

static gboolean
is_safe_char (char c)
{
  return g_ascii_isalnum (c) || strchr ("_./:=,+@%-", c) != NULL;
}

char *
planner_shell_quote (const char *s)
{
  GString *out;
  gboolean safe = TRUE;

  if (s == NULL || *s == '\0')
    return g_strdup ("''");

  for (const char *c = s; *c != '\0'; c++)
    if (!is_safe_char (*c))
      {
        safe = FALSE;
        break;
      }
  if (safe)
    return g_strdup (s);

  out = g_string_new ("'");
  for (const char *c = s; *c != '\0'; c++)
    {
      if (*c == '\'')
        g_string_append (out, "'\\''");
      else
        g_string_append_c (out, *c);
    }
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

char *
planner_shell_join (const char *const *argv)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    {
      g_autofree char *quoted = planner_shell_quote (argv[i]);

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, quoted);
    }
  return g_string_free (out, FALSE);
}

/* ---- small helpers ------------------------------------------------------ */

static void
word_free (gpointer data)
{
  PlannerShellWord *word = data;

  g_free (word->text);
  g_free (word);
}

static void
elem_free (gpointer data)
{
  Elem *elem = data;

  g_free (elem->text);
  g_free (elem);
}

static void
var_free (gpointer data)
{
  Var *var = data;

  if (var->scalar != NULL)
    g_string_free (var->scalar, TRUE);
  if (var->elems != NULL)
    g_ptr_array_unref (var->elems);
  g_free (var);
}

static void
command_free (gpointer data)
{
  PlannerShellCommand *command = data;

  g_ptr_array_unref (command->assignments);
  g_ptr_array_unref (command->words);
  g_free (command);
}

static void
heredoc_free (gpointer data)
{
  HereDoc *heredoc = data;

  g_free (heredoc->delimiter);
  g_free (heredoc);
}

static PlannerShellWord *
word_new (const char *text,
          guint       line,
          gboolean    unknown)
{
  PlannerShellWord *word = g_new0 (PlannerShellWord, 1);

  word->text = g_strdup (text);
  word->line = line;
  word->unknown = unknown;
  return word;
}

static char
peek (Parser *p,
      gsize   offset)
{
  return p->pos + offset < p->len ? p->text[p->pos + offset] : '\0';
}

static gboolean
at_end (Parser *p)
{
  return p->pos >= p->len || p->error != NULL;
}

/* Every character goes through here so that line numbers stay right. */
static char
advance (Parser *p)
{
  char c;

  if (p->pos >= p->len)
    return '\0';
  c = p->text[p->pos++];
  if (c == '\n')
    p->line++;
  return c;
}

static void
fail (Parser     *p,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
fail (Parser     *p,
      const char *format,
      ...)
{
  va_list ap;
  g_autofree char *message = NULL;

  if (p->error != NULL)
    return;
  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (&p->error, PLANNER_SHELL_ERROR, PLANNER_SHELL_ERROR_LIMIT, message);
}

/* Inside a branch of an if that is not read: its commands, assignments
 * and findings are not the script's. */
static gboolean
skipping (Parser *p)
{
  const IfFrame *frame;

  if (p->ifs == NULL || p->ifs->len == 0)
    return FALSE;
  frame = &g_array_index (p->ifs, IfFrame, p->ifs->len - 1);
  return frame->outer_skip || (!frame->deciding && !frame->active);
}

static void
report (Parser          *p,
        PlannerSeverity  severity,
        const char      *code,
        guint            line,
        const char      *fix,
        const char      *message)
{
  PlannerDiagnostic *d;

  if (skipping (p))
    return;

  /* A pathological script must not turn into a million messages. */
  if (p->script->diagnostics->len >= PLANNER_SHELL_MAX_DIAGNOSTICS)
    return;
  d = planner_diagnostics_add (p->script->diagnostics, severity, code, NULL, fix, "%s", message);
  d->line = line;
}

/* Bytes produced by expansion, against the budget. */
static gboolean
spend (Parser *p,
       gsize   bytes)
{
  if (p->error != NULL)
    return FALSE;
  if (bytes > PLANNER_SHELL_MAX_EXPANSION - p->expanded)
    {
      fail (p, _("line %u: variable expansion grows beyond %d MiB; the importer stops here"),
            p->line, PLANNER_SHELL_MAX_EXPANSION / (1024 * 1024));
      return FALSE;
    }
  p->expanded += bytes;
  return TRUE;
}

/* ---- fields: the words one source word turns into ----------------------- */

static void
fields_init (Fields *f)
{
  f->out = g_ptr_array_new_with_free_func (word_free);
  f->cur = g_string_new (NULL);
  f->have = FALSE;
  f->line = 0;
  f->unknown = FALSE;
  f->empty_at = FALSE;
}

static void
fields_clear (Fields *f)
{
  g_clear_pointer (&f->out, g_ptr_array_unref);
  if (f->cur != NULL)
    g_string_free (f->cur, TRUE);
  f->cur = NULL;
}

static void
fields_break (Parser *p,
              Fields *f)
{
  if (!f->have)
    return;
  if (p->n_words >= PLANNER_SHELL_MAX_WORDS)
    {
      fail (p, _("the script has more than %d words; the importer stops at line %u"),
            PLANNER_SHELL_MAX_WORDS, p->line);
      return;
    }
  p->n_words++;
  g_ptr_array_add (f->out, word_new (f->cur->str, f->line != 0 ? f->line : p->line, f->unknown));
  g_string_truncate (f->cur, 0);
  f->have = FALSE;
  f->line = 0;
  f->unknown = FALSE;
}

static void
fields_touch (Fields   *f,
              guint     line,
              gboolean  unknown)
{
  f->have = TRUE;
  if (f->line == 0)
    f->line = line;
  f->unknown |= unknown;
}

static void
fields_add (Parser     *p,
            Fields     *f,
            const char *text,
            gsize       length,
            guint       line,
            gboolean    unknown)
{
  if (!spend (p, length))
    return;
  fields_touch (f, line, unknown);
  g_string_append_len (f->cur, text, (gssize) length);
}

static void
fields_add_c (Fields *f,
              char    c,
              guint   line)
{
  fields_touch (f, line, FALSE);
  g_string_append_c (f->cur, c);
}

static gboolean
is_ifs (char c)
{
  return c == ' ' || c == '\t' || c == '\n';
}

/* An unquoted expansion is split on blanks into separate words.  Parts
 * kept as written ($(…), ${…}, `…`) are not split, and only the words
 * holding one are marked unknown. */
static void
fields_add_split (Parser     *p,
                  Fields     *f,
                  const char *text,
                  guint       line,
                  gboolean    unknown)
{
  gsize length = strlen (text);
  gsize i = 0;

  if (!spend (p, length))
    return;
  while (i < length && p->error == NULL)
    {
      gsize start = i;
      guint depth = 0;
      gboolean tick = FALSE;
      gboolean kept = FALSE;

      if (is_ifs (text[i]))
        {
          fields_break (p, f);
          i++;
          continue;
        }
      while (i < length && (depth > 0 || tick || !is_ifs (text[i])))
        {
          char c = text[i];

          if (unknown)
            {
              if (c == '`')
                {
                  tick = !tick;
                  kept = TRUE;
                }
              else if (c == '$' && (text[i + 1] == '(' || text[i + 1] == '{'))
                {
                  depth++;
                  i++;
                  kept = TRUE;
                }
              else if (c == '$')
                kept = TRUE;
              else if (depth > 0 && (c == '(' || c == '{'))
                depth++;
              else if (depth > 0 && (c == ')' || c == '}'))
                depth--;
            }
          i++;
        }
      fields_touch (f, line, kept);
      g_string_append_len (f->cur, text + start, (gssize) (i - start));
    }
}

static char *
fields_join (Fields *f)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < f->out->len; i++)
    {
      PlannerShellWord *w = g_ptr_array_index (f->out, i);

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, w->text);
    }
  return g_string_free (out, FALSE);
}

static gboolean
fields_any_unknown (Fields *f)
{
  for (guint i = 0; i < f->out->len; i++)
    if (((PlannerShellWord *) g_ptr_array_index (f->out, i))->unknown)
      return TRUE;
  return FALSE;
}

/* ---- variables ---------------------------------------------------------- */

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static Var *
var_lookup (Parser     *p,
            const char *name)
{
  return g_hash_table_lookup (p->vars, name);
}

static Var *
var_reset (Parser     *p,
           const char *name,
           gboolean    is_array,
           guint       line)
{
  Var *old = var_lookup (p, name);
  Var *var = g_new0 (Var, 1);

  var->is_array = is_array;
  var->line = line;
  var->exported = old != NULL && old->exported;
  if (is_array)
    var->elems = g_ptr_array_new_with_free_func (elem_free);
  else
    var->scalar = g_string_new (NULL);
  g_hash_table_replace (p->vars, g_strdup (name), var);
  return var;
}

static void
var_set_scalar (Parser     *p,
                const char *name,
                const char *value,
                guint       line,
                gboolean    unknown)
{
  Var *var = var_reset (p, name, FALSE, line);

  g_string_assign (var->scalar, value);
  var->unknown = unknown;
}

static const char *
var_first (Var *var)
{
  if (!var->is_array)
    return var->scalar->str;
  if (var->elems->len == 0)
    return "";
  return ((Elem *) g_ptr_array_index (var->elems, 0))->text;
}

/* SLURM and the launchers set these at run time; an unknown value there
 * is expected, so it is only a note. */
static gboolean
is_runtime_variable (const char *name)
{
  static const char *const names[] = {
    "MASTER_ADDR", "MASTER_PORT", "NODE_RANK", "RANK", "LOCAL_RANK", "WORLD_SIZE",
    "HOSTNAME", "HOME", "USER", "PWD", "PATH", "PYTHONPATH", "LD_LIBRARY_PATH",
    "CUDA_VISIBLE_DEVICES", "TMPDIR", NULL
  };

  return g_str_has_prefix (name, "SLURM_") || g_str_has_prefix (name, "PMI_")
         || g_str_has_prefix (name, "OMPI_") || g_strv_contains (names, name);
}

static void
report_unknown_variable (Parser     *p,
                         const char *name,
                         guint       line)
{
  g_autofree char *message = NULL;
  gboolean positional = g_ascii_isdigit (name[0]) || strchr ("@*#", name[0]) != NULL;

  if (skipping (p) || g_hash_table_contains (p->reported, name))
    return;
  g_hash_table_add (p->reported, g_strdup (name));

  if (positional)
    message = g_strdup_printf (_("$%s is an argument of the script, unknown here; it is left as written"), name);
  else
    message = g_strdup_printf (_("$%s is not set in the script; it is left as written"), name);
  report (p,
          is_runtime_variable (name) ? PLANNER_SEVERITY_INFO : PLANNER_SEVERITY_WARNING,
          "import.unknown-variable", line,
          positional ? _("Write the value into the script or the command line.")
                     : _("Set the variable in the script, or write its value in place."),
          message);
}

/* The script changes @name in a way that is not evaluated (eval, ((…)),
 * let, read): its last value is kept, marked unknown, so what uses it
 * later is not taken for certain. */
static void
mark_unknown (Parser     *p,
              const char *name)
{
  Var *var = var_lookup (p, name);

  if (var == NULL)
    return;
  var->stale = TRUE;
}

static gboolean
is_assignment_operator (const char *q,
                        gboolean    arithmetic)
{
  if (q[0] == '=' && q[1] != '=')
    return TRUE;
  if (q[0] == '+' && q[1] == '=')
    return TRUE;
  if (!arithmetic)
    return FALSE;
  if ((q[0] == '+' && q[1] == '+') || (q[0] == '-' && q[1] == '-'))
    return TRUE;
  if (q[0] != '\0' && strchr ("-*/%&|^", q[0]) != NULL && q[1] == '=')
    return TRUE;
  return (q[0] == '<' && q[1] == '<' && q[2] == '=') || (q[0] == '>' && q[1] == '>' && q[2] == '=');
}

/* Marks every variable @text appears to assign (NAME=, NAME+=, NAME[i]=
 * and, in arithmetic, NAME op=, NAME++, ++NAME) and returns their names,
 * space-separated, or NULL for none. */
static char *
mark_assigned_in (Parser     *p,
                  const char *text,
                  gboolean    arithmetic)
{
  g_autoptr(GString) names = g_string_new (NULL);
  const char *s = text;

  while (*s != '\0')
    {
      const char *start = s;
      const char *q;
      g_autofree char *name = NULL;
      gboolean prefix_step;

      if (!is_name_start (*s) || (s > text && is_name_char (s[-1])) || (s > text && s[-1] == '$'))
        {
          s++;
          continue;
        }
      while (is_name_char (*s))
        s++;
      q = s;
      if (*q == '[')
        {
          while (*q != '\0' && *q != ']')
            q++;
          if (*q == ']')
            q++;
        }
      while (arithmetic && (*q == ' ' || *q == '\t'))
        q++;
      prefix_step = arithmetic && start - text >= 2
                    && ((start[-1] == '+' && start[-2] == '+') || (start[-1] == '-' && start[-2] == '-'));
      if (!is_assignment_operator (q, arithmetic) && !prefix_step)
        continue;
      name = g_strndup (start, (gsize) (s - start));
      mark_unknown (p, name);
      if (names->len > 0)
        g_string_append_c (names, ' ');
      g_string_append (names, name);
    }
  return names->len > 0 ? g_string_free (g_steal_pointer (&names), FALSE) : NULL;
}

/* What a message quotes of a command: its first 60 characters, on one line. */
static char *
shown_text (const char *text)
{
  glong length = g_utf8_strlen (text, -1);
  /* g_utf8_substring reads past the end when asked for more than there is. */
  g_autofree char *head = g_utf8_substring (text, 0, MIN (length, 60));

  g_strdelimit (head, "\n\r\t", ' ');
  return g_strdup_printf ("%s%s", head, length > 60 ? "…" : "");
}

/* ---- arithmetic --------------------------------------------------------- */

typedef struct
{
  Parser     *p;
  const char *s;
  gsize       pos;
  guint       depth;
  char       *problem;   /* why it was not evaluated */
} Arith;

static void
arith_fail (Arith      *a,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static void
arith_fail (Arith      *a,
            const char *format,
            ...)
{
  va_list ap;

  if (a->problem != NULL)
    return;
  va_start (ap, format);
  a->problem = g_strdup_vprintf (format, ap);
  va_end (ap);
}

static void
arith_skip (Arith *a)
{
  while (a->s[a->pos] == ' ' || a->s[a->pos] == '\t' || a->s[a->pos] == '\n'
         || a->s[a->pos] == '\\')
    a->pos++;
}

static gint64 arith_expr (Arith *a);

static gboolean
parse_int64 (const char *text,
             gint64     *out)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  char *end = NULL;
  guint64 n;
  gboolean negative = FALSE;
  const char *digits = stripped;

  if (*digits == '-' || *digits == '+')
    negative = *digits++ == '-';
  if (!g_ascii_isdigit (*digits))
    return FALSE;
  if (!g_ascii_string_to_unsigned (digits, 10, 0, (guint64) G_MAXINT64, &n, NULL))
    return FALSE;
  (void) end;
  *out = negative ? -(gint64) n : (gint64) n;
  return TRUE;
}

static gint64
arith_variable (Arith      *a,
                const char *name)
{
  Var *var = var_lookup (a->p, name);
  gint64 value = 0;

  if (var == NULL || var->unknown)
    {
      arith_fail (a, _("$%s is not known"), name);
      return 0;
    }
  if (!parse_int64 (var_first (var), &value))
    arith_fail (a, _("$%s is not a whole number"), name);
  return value;
}

static gint64
arith_primary (Arith *a)
{
  char c;

  arith_skip (a);
  c = a->s[a->pos];
  if (c == '(')
    {
      gint64 v;

      a->pos++;
      v = arith_expr (a);
      arith_skip (a);
      if (a->s[a->pos] != ')')
        arith_fail (a, _("a parenthesis is not closed"));
      else
        a->pos++;
      return v;
    }
  if (g_ascii_isdigit (c))
    {
      guint64 n = 0;

      if (c == '0' && g_ascii_isdigit (a->s[a->pos + 1]))
        {
          arith_fail (a, _("octal numbers are not read"));
          return 0;
        }
      while (g_ascii_isdigit (a->s[a->pos]))
        {
          guint d = (guint) (a->s[a->pos++] - '0');

          if (n > ((guint64) G_MAXINT64 - d) / 10)
            {
              arith_fail (a, _("a number is too large"));
              return 0;
            }
          n = n * 10 + d;
        }
      if (is_name_char (a->s[a->pos]))
        {
          arith_fail (a, _("only decimal numbers are read"));
          return 0;
        }
      return (gint64) n;
    }
  if (c == '$' || is_name_start (c))
    {
      gboolean braced = FALSE;
      gsize start;
      g_autofree char *name = NULL;

      if (c == '$')
        {
          a->pos++;
          if (a->s[a->pos] == '{')
            {
              braced = TRUE;
              a->pos++;
            }
        }
      start = a->pos;
      if (!is_name_start (a->s[a->pos]))
        {
          arith_fail (a, _("“%s” is not understood"), a->s);
          return 0;
        }
      while (is_name_char (a->s[a->pos]))
        a->pos++;
      name = g_strndup (a->s + start, a->pos - start);
      if (braced)
        {
          if (a->s[a->pos] != '}')
            {
              arith_fail (a, _("“%s” is not understood"), a->s);
              return 0;
            }
          a->pos++;
        }
      return arith_variable (a, name);
    }
  arith_fail (a, _("“%s” is not understood"), a->s);
  return 0;
}

static gint64
arith_unary (Arith *a)
{
  gint64 v;
  char c;

  arith_skip (a);
  c = a->s[a->pos];
  if (c != '-' && c != '+')
    return arith_primary (a);
  if (++a->depth > 64)
    {
      arith_fail (a, _("the expression is nested too deeply"));
      return 0;
    }
  a->pos++;
  v = arith_unary (a);
  a->depth--;
  if (c == '-')
    {
      if (v == G_MININT64)
        {
          arith_fail (a, _("the result overflows 64 bits"));
          return 0;
        }
      return -v;
    }
  return v;
}

static gint64
arith_term (Arith *a)
{
  gint64 v = arith_unary (a);

  while (a->problem == NULL)
    {
      char op;
      gint64 r;

      arith_skip (a);
      op = a->s[a->pos];
      if (op != '*' && op != '/' && op != '%')
        break;
      if (a->s[a->pos + 1] == op || a->s[a->pos + 1] == '=')
        {
          arith_fail (a, _("the operator %c%c is not evaluated"), op, a->s[a->pos + 1]);
          break;
        }
      a->pos++;
      r = arith_unary (a);
      if (a->problem != NULL)
        break;
      if (op == '*')
        {
          gint64 m;

          if (__builtin_mul_overflow (v, r, &m))
            arith_fail (a, _("the result overflows 64 bits"));
          v = m;
        }
      else if (r == 0)
        arith_fail (a, _("it divides by zero"));
      else if (v == G_MININT64 && r == -1)
        arith_fail (a, _("the result overflows 64 bits"));
      else
        v = op == '/' ? v / r : v % r;
    }
  return v;
}

static gint64
arith_expr (Arith *a)
{
  gint64 v;

  if (++a->depth > 64)
    {
      arith_fail (a, _("the expression is nested too deeply"));
      return 0;
    }
  v = arith_term (a);
  while (a->problem == NULL)
    {
      char op;
      gint64 r;
      gint64 sum;

      arith_skip (a);
      op = a->s[a->pos];
      if (op != '+' && op != '-')
        break;
      if (a->s[a->pos + 1] == op || a->s[a->pos + 1] == '=')
        {
          arith_fail (a, _("the operator %c%c is not evaluated"), op, a->s[a->pos + 1]);
          break;
        }
      a->pos++;
      r = arith_term (a);
      if (a->problem != NULL)
        break;
      if (op == '+' ? __builtin_add_overflow (v, r, &sum) : __builtin_sub_overflow (v, r, &sum))
        arith_fail (a, _("the result overflows 64 bits"));
      v = sum;
    }
  a->depth--;
  return v;
}

/* Evaluates @expr; on failure returns FALSE with the reason in @problem. */
static gboolean
arith_evaluate (Parser      *p,
                const char  *expr,
                gint64      *result,
                char       **problem)
{
  Arith a = { p, expr, 0, 0, NULL };
  gint64 v = arith_expr (&a);

  arith_skip (&a);
  if (a.problem == NULL && a.s[a.pos] != '\0')
    arith_fail (&a, _("“%s” is not understood"), expr);
  if (a.problem != NULL)
    {
      *problem = a.problem;
      return FALSE;
    }
  *result = v;
  return TRUE;
}

/* ---- command substitution and other things kept as written --------------- */

/* Skips to the ')' closing a "$(" or "(" already consumed, through quotes
 * and nesting.  Returns FALSE at the end of the text. */
static gboolean
skip_balanced (Parser *p,
               char    open,
               char    close)
{
  guint depth = 1;

  while (!at_end (p))
    {
      char c = advance (p);

      if (c == '\\')
        advance (p);
      else if (c == '\'' && open != '{')
        {
          while (!at_end (p) && peek (p, 0) != '\'')
            advance (p);
          advance (p);
        }
      else if (c == '"')
        {
          while (!at_end (p) && peek (p, 0) != '"')
            {
              if (advance (p) == '\\')
                advance (p);
            }
          advance (p);
        }
      else if (c == open)
        depth++;
      else if (c == close && --depth == 0)
        return TRUE;
    }
  return FALSE;
}

static void
keep_as_written (Parser *p,
                 Fields *f,
                 gsize   start,
                 guint   line)
{
  fields_add (p, f, p->text + start, p->pos - start, line, TRUE);
}

static void
report_substitution (Parser *p,
                     gsize   start,
                     guint   line)
{
  g_autofree char *shown = g_strndup (p->text + start, MIN (p->pos - start, 60));
  g_autofree char *message = NULL;

  g_strdelimit (shown, "\n\r\t", ' ');
  message = g_strdup_printf (_("%s%s is a command substitution; it is not run and its value is unknown"),
                             shown, p->pos - start > 60 ? "…" : "");
  report (p, PLANNER_SEVERITY_WARNING, "import.command-substitution", line,
          _("Write the value the command would print into the script."), message);
}

static void
read_backticks (Parser *p,
                Fields *f)
{
  gsize start = p->pos;
  guint line = p->line;

  advance (p);   /* ` */
  while (!at_end (p) && peek (p, 0) != '`')
    {
      if (advance (p) == '\\')
        advance (p);
    }
  advance (p);
  keep_as_written (p, f, start, line);
  report_substitution (p, start, line);
}

static gboolean
at_process_substitution (Parser *p)
{
  return (peek (p, 0) == '<' || peek (p, 0) == '>') && peek (p, 1) == '(';
}

/* <(…) or >(…): bash runs the command and puts a file name in its place.
 * Not run here, so the word is kept as written and marked unknown; the
 * words after it stay in the command. */
static void
read_process_substitution (Parser *p,
                           Fields *f)
{
  gsize start = p->pos;
  guint line = p->line;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *message = NULL;

  advance (p);   /* < or > */
  advance (p);   /* ( */
  if (!skip_balanced (p, '(', ')'))
    report_unterminated (p, "process substitution", line);
  keep_as_written (p, f, start, line);
  text = g_strndup (p->text + start, p->pos - start);
  shown = shown_text (text);
  message = g_strdup_printf (_("%s is a process substitution; it is not run, so the file it stands for is unknown"),
                             shown);
  report (p, PLANNER_SEVERITY_WARNING, "import.process-substitution", line,
          _("Give the path of a real file instead."), message);
}

/* ---- parameter expansion ------------------------------------------------ */

static void
add_value (Parser     *p,
           Fields     *f,
           const char *text,
           guint       line,
           gboolean    unknown,
           gboolean    quoted,
           gboolean    split)
{
  if (quoted || !split)
    fields_add (p, f, text, strlen (text), line, unknown);
  else
    fields_add_split (p, f, text, line, unknown);
}

/* "${A[@]}" gives one word per element; unquoted, each is split again. */
static void
add_array (Parser   *p,
           Fields   *f,
           Var      *var,
           gboolean  quoted,
           gboolean  split,
           gboolean  star)
{
  if (quoted && !star && var->elems->len == 0)
    f->empty_at = TRUE;
  if (star && quoted)
    {
      GString *joined = g_string_new (NULL);

      for (guint i = 0; i < var->elems->len; i++)
        {
          if (i > 0)
            g_string_append_c (joined, ' ');
          g_string_append (joined, ((Elem *) g_ptr_array_index (var->elems, i))->text);
        }
      fields_add (p, f, joined->str, joined->len, var->line, var->unknown);
      g_string_free (joined, TRUE);
      return;
    }
  for (guint i = 0; i < var->elems->len && p->error == NULL; i++)
    {
      Elem *elem = g_ptr_array_index (var->elems, i);

      if (i > 0 && (quoted || split))
        fields_break (p, f);
      if (quoted)
        fields_add (p, f, elem->text, strlen (elem->text), elem->line, elem->unknown);
      else
        add_value (p, f, elem->text, elem->line, elem->unknown, FALSE, split);
    }
}

static void add_var_value (Parser     *p,
                           Fields     *f,
                           Var        *var,
                           const char *index,
                           gboolean    quoted,
                           gboolean    split);

static void
add_var (Parser     *p,
         Fields     *f,
         Var        *var,
         const char *index,
         gboolean    quoted,
         gboolean    split)
{
  guint before = f->out->len;

  add_var_value (p, f, var, index, quoted, split);
  if (!var->stale)
    return;
  /* Whatever words its value became: none is certain. */
  for (guint i = before; i < f->out->len; i++)
    ((PlannerShellWord *) g_ptr_array_index (f->out, i))->unknown = TRUE;
  if (f->have)
    f->unknown = TRUE;
}

static void
add_var_value (Parser     *p,
               Fields     *f,
               Var        *var,
               const char *index,
               gboolean    quoted,
               gboolean    split)
{
  if (!var->is_array)
    {
      if (index == NULL || strcmp (index, "0") == 0 || strcmp (index, "@") == 0
          || strcmp (index, "*") == 0)
        add_value (p, f, var->scalar->str, var->line, var->unknown, quoted, split);
      return;
    }
  if (index != NULL && (strcmp (index, "@") == 0 || strcmp (index, "*") == 0))
    {
      add_array (p, f, var, quoted, split, index[0] == '*');
      return;
    }
  {
    guint64 n = 0;
    Elem *elem;

    if (index != NULL && !g_ascii_string_to_unsigned (index, 10, 0, G_MAXUINT, &n, NULL))
      return;
    if (n >= var->elems->len)
      return;
    elem = g_ptr_array_index (var->elems, (guint) n);
    add_value (p, f, elem->text, elem->line, elem->unknown, quoted, split);
  }
}

static gboolean
var_is_empty (Var *var)
{
  if (var->is_array)
    return var->elems->len == 0;
  return var->scalar->len == 0;
}

static void
read_braced (Parser   *p,
             Fields   *f,
             gsize     start,
             gboolean  quoted,
             gboolean  split)
{
  guint line = p->line;
  g_autofree char *name = NULL;
  g_autofree char *index = NULL;
  g_autofree char *op = NULL;
  g_autofree char *word = NULL;
  gboolean word_unknown = FALSE;
  gsize name_start;
  Var *var;
  gboolean positional;

  advance (p);   /* { */
  name_start = p->pos;
  if (is_name_start (peek (p, 0)))
    {
      while (is_name_char (peek (p, 0)))
        advance (p);
    }
  else if (g_ascii_isdigit (peek (p, 0)))
    {
      while (g_ascii_isdigit (peek (p, 0)))
        advance (p);
    }
  else if (peek (p, 0) != '\0' && strchr ("@*?$!-", peek (p, 0)) != NULL)
    advance (p);
  name = g_strndup (p->text + name_start, p->pos - name_start);

  if (*name != '\0' && peek (p, 0) == '[')
    {
      gsize index_start;

      advance (p);
      index_start = p->pos;
      while (!at_end (p) && peek (p, 0) != ']' && peek (p, 0) != '}')
        advance (p);
      index = g_strndup (p->text + index_start, p->pos - index_start);
      if (peek (p, 0) == ']')
        advance (p);
    }

  /* The operators this reader understands; anything else (${#A},
   * ${A%x}, ${A/x/y}, ${A:1:2}) is kept as written. */
  if (*name != '\0')
    {
      static const char *const ops[] = { ":-", ":=", ":+", ":?", "-", "=", "+", "?", NULL };

      for (guint i = 0; ops[i] != NULL; i++)
        if (strncmp (p->text + p->pos, ops[i], strlen (ops[i])) == 0
            && p->pos + strlen (ops[i]) <= p->len)
          {
            op = g_strdup (ops[i]);
            for (gsize k = 0; k < strlen (ops[i]); k++)
              advance (p);
            break;
          }
    }

  if (op != NULL)
    {
      Fields inner;

      if (++p->depth > PLANNER_SHELL_MAX_DEPTH)
        {
          fail (p, _("line %u: ${…} is nested more than %d deep"), line, PLANNER_SHELL_MAX_DEPTH);
          return;
        }
      fields_init (&inner);
      read_word (p, &inner, FALSE, '}');
      fields_break (p, &inner);
      word = fields_join (&inner);
      word_unknown = fields_any_unknown (&inner);
      fields_clear (&inner);
      p->depth--;
      if (p->error != NULL)
        return;
    }

  if (*name == '\0' || peek (p, 0) != '}')
    {
      gboolean closed = skip_balanced (p, '{', '}');
      g_autofree char *shown = g_strndup (p->text + start, MIN (p->pos - start, 60));
      g_autofree char *message = NULL;

      keep_as_written (p, f, start, line);
      message = g_strdup_printf (closed ? _("%s is a form of ${…} the importer does not evaluate; it is left as written")
                                        : _("%s: the ${ is never closed"),
                                 shown);
      report (p, PLANNER_SEVERITY_WARNING, "import.unparsed", line,
              _("Write the value in place."), message);
      return;
    }
  advance (p);   /* } */

  positional = g_ascii_isdigit (name[0]) || strchr ("@*?$!-", name[0]) != NULL;
  var = positional ? NULL : var_lookup (p, name);

  if (op == NULL)
    {
      if (var != NULL)
        add_var (p, f, var, index, quoted, split);
      else
        {
          keep_as_written (p, f, start, line);
          report_unknown_variable (p, name, line);
        }
      return;
    }

  {
    gboolean colon = op[0] == ':';
    char kind = colon ? op[1] : op[0];
    gboolean use_word;

    if (var == NULL && positional && kind != '-' && kind != '=')
      {
        keep_as_written (p, f, start, line);
        report_unknown_variable (p, name, line);
        return;
      }
    if (var == NULL)
      use_word = kind != '+';
    else if (var->unknown)
      use_word = FALSE;
    else
      use_word = kind == '+' ? !(colon && var_is_empty (var)) : (colon && var_is_empty (var));

    switch (kind)
      {
      case '-':
        if (use_word)
          add_value (p, f, word, line, word_unknown, quoted, split);
        else
          add_var (p, f, var, index, quoted, split);
        break;
      case '=':
        if (use_word)
          {
            if (!positional)
              var_set_scalar (p, name, word, line, word_unknown);
            add_value (p, f, word, line, word_unknown, quoted, split);
          }
        else
          add_var (p, f, var, index, quoted, split);
        break;
      case '+':
        if (use_word)
          add_value (p, f, word, line, word_unknown, quoted, split);
        else if (var == NULL)
          {
            keep_as_written (p, f, start, line);
            report_unknown_variable (p, name, line);
          }
        break;
      case '?':
      default:
        if (var != NULL && !use_word)
          add_var (p, f, var, index, quoted, split);
        else
          {
            keep_as_written (p, f, start, line);
            report_unknown_variable (p, name, line);
          }
        break;
      }
  }
}

static void
read_arithmetic (Parser *p,
                 Fields *f,
                 gsize   start)
{
  guint line = p->line;
  gsize expr_start;
  gsize expr_end = 0;
  guint depth = 0;
  gboolean closed = FALSE;
  g_autofree char *expr = NULL;
  g_autofree char *problem = NULL;
  gint64 value;

  advance (p);   /* ( */
  advance (p);   /* ( */
  expr_start = p->pos;
  while (!at_end (p))
    {
      char c = peek (p, 0);

      if (c == '(')
        depth++;
      else if (c == ')')
        {
          if (depth == 0)
            {
              if (peek (p, 1) == ')')
                {
                  expr_end = p->pos;
                  advance (p);
                  advance (p);
                  closed = TRUE;
                }
              break;
            }
          depth--;
        }
      advance (p);
    }
  if (!closed)
    {
      /* Not arithmetic after all: "$( (cmd) )" or unterminated. */
      p->pos = start + 2;
      p->line = line;
      skip_balanced (p, '(', ')');
      keep_as_written (p, f, start, line);
      report_substitution (p, start, line);
      return;
    }
  expr = g_strndup (p->text + expr_start, expr_end - expr_start);
  if (!arith_evaluate (p, expr, &value, &problem))
    {
      g_autofree char *message = NULL;
      g_autofree char *shown = g_strndup (expr, 60);

      keep_as_written (p, f, start, line);
      message = g_strdup_printf (_("$((%s)) is not evaluated: %s"), shown, problem);
      report (p, PLANNER_SEVERITY_WARNING, "import.unparsed", line,
              _("Write the number in place."), message);
      return;
    }
  {
    char buf[32];

    g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
    fields_add (p, f, buf, strlen (buf), line, FALSE);
  }
}

/* At a '$'. */
static void
read_dollar (Parser   *p,
             Fields   *f,
             gboolean  quoted,
             gboolean  split)
{
  gsize start = p->pos;
  guint line = p->line;
  char c;

  advance (p);   /* $ */
  c = peek (p, 0);
  if (c == '(' && peek (p, 1) == '(')
    read_arithmetic (p, f, start);
  else if (c == '(')
    {
      advance (p);
      skip_balanced (p, '(', ')');
      keep_as_written (p, f, start, line);
      report_substitution (p, start, line);
    }
  else if (c == '{')
    read_braced (p, f, start, quoted, split);
  else if (is_name_start (c))
    {
      g_autofree char *name = NULL;
      gsize name_start = p->pos;
      Var *var;

      while (is_name_char (peek (p, 0)))
        advance (p);
      name = g_strndup (p->text + name_start, p->pos - name_start);
      var = var_lookup (p, name);
      if (var != NULL)
        add_var (p, f, var, NULL, quoted, split);
      else
        {
          keep_as_written (p, f, start, line);
          report_unknown_variable (p, name, line);
        }
    }
  else if (g_ascii_isdigit (c) || (c != '\0' && strchr ("@*#?$!-", c) != NULL))
    {
      char name[2] = { c, '\0' };

      advance (p);
      keep_as_written (p, f, start, line);
      report_unknown_variable (p, name, line);
    }
  else
    fields_add_c (f, '$', line);
}

/* $'...': ANSI-C quoting, the common escapes. */
static void
read_ansi_c (Parser *p,
             Fields *f)
{
  guint line = p->line;

  advance (p);   /* $ */
  advance (p);   /* ' */
  fields_touch (f, line, FALSE);
  while (!at_end (p) && peek (p, 0) != '\'')
    {
      char c = advance (p);

      if (c == '\\' && !at_end (p))
        {
          char e = advance (p);

          switch (e)
            {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'a': c = '\a'; break;
            case 'b': c = '\b'; break;
            case 'e': c = 27; break;
            case '0': c = '\0'; break;
            default: c = e; break;
            }
          /* A NUL ends a bash string; drop it rather than cut the word. */
          if (c == '\0')
            continue;
        }
      fields_add_c (f, c, line);
    }
  advance (p);
}

static void
report_unterminated (Parser     *p,
                     const char *what,
                     guint       line)
{
  g_autofree char *message = NULL;

  /* @what is one of the callers' fixed words, never shown as it is: each
   * gets its whole sentence. */
  if (g_str_equal (what, "single quote"))
    message = g_strdup_printf (_("the single quote opened on line %u is never closed"), line);
  else if (g_str_equal (what, "double quote"))
    message = g_strdup_printf (_("the double quote opened on line %u is never closed"), line);
  else if (g_str_equal (what, "array"))
    message = g_strdup_printf (_("the array opened on line %u is never closed"), line);
  else if (g_str_equal (what, "arithmetic command"))
    message = g_strdup_printf (_("the arithmetic command opened on line %u is never closed"), line);
  else
    message = g_strdup_printf (_("the process substitution opened on line %u is never closed"), line);
  report (p, PLANNER_SEVERITY_ERROR, "import.unparsed", line, _("Close the quote."), message);
}

static gboolean
is_meta (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|'
         || c == '(' || c == ')' || c == '<' || c == '>';
}

/* One source word.  @terminator '}' reads the word of ${A:-word}. */
static void
read_word (Parser   *p,
           Fields   *f,
           gboolean  split,
           char      terminator)
{
  while (!at_end (p))
    {
      char c = peek (p, 0);

      if (terminator == '\0' && at_process_substitution (p))
        {
          read_process_substitution (p, f);
          continue;
        }
      if (terminator != '\0' ? c == terminator : is_meta (c))
        return;

      if (c == '\\')
        {
          advance (p);
          if (peek (p, 0) == '\n')
            advance (p);
          else if (at_end (p))
            fields_add_c (f, '\\', p->line);
          else
            fields_add_c (f, advance (p), p->line);
        }
      else if (c == '\'')
        {
          guint line = p->line;

          advance (p);
          fields_touch (f, line, FALSE);
          while (!at_end (p) && peek (p, 0) != '\'')
            {
              guint char_line = p->line;

              fields_add_c (f, advance (p), char_line);
            }
          if (at_end (p))
            report_unterminated (p, "single quote", line);
          advance (p);
        }
      else if (c == '"' || (c == '$' && peek (p, 1) == '"'))
        {
          guint line = p->line;
          gboolean had = f->have;
          gsize before = f->cur->len;

          if (c == '$')
            advance (p);
          advance (p);
          /* Line 0: the line is that of the first thing inside, which
           * for "${ARGS[@]}" is where each element was written. */
          fields_touch (f, 0, FALSE);
          while (!at_end (p) && peek (p, 0) != '"')
            {
              char d = peek (p, 0);

              if (d == '\\')
                {
                  char e = peek (p, 1);

                  advance (p);
                  if (e == '\n')
                    advance (p);
                  else if (e == '$' || e == '`' || e == '"' || e == '\\')
                    fields_add_c (f, advance (p), p->line);
                  else
                    fields_add_c (f, '\\', p->line);
                }
              else if (d == '$')
                read_dollar (p, f, TRUE, FALSE);
              else if (d == '`')
                read_backticks (p, f);
              else
                {
                  guint char_line = p->line;

                  fields_add_c (f, advance (p), char_line);
                }
            }
          if (at_end (p) && p->error == NULL)
            report_unterminated (p, "double quote", line);
          advance (p);
          /* "${A[@]}" of an empty array is no word at all. */
          if (f->empty_at && !had && f->cur->len == before)
            f->have = FALSE;
          f->empty_at = FALSE;
        }
      else if (c == '$' && peek (p, 1) == '\'')
        read_ansi_c (p, f);
      else if (c == '$')
        read_dollar (p, f, FALSE, split);
      else if (c == '`')
        read_backticks (p, f);
      else
        {
          guint line = p->line;

          fields_add_c (f, advance (p), line);
        }
    }
}

/* ---- commands ----------------------------------------------------------- */

static Command *
command_new (void)
{
  Command *cmd = g_new0 (Command, 1);

  cmd->assignments = g_ptr_array_new_with_free_func (word_free);
  cmd->words = g_ptr_array_new_with_free_func (word_free);
  return cmd;
}

static void
command_reset (Command *cmd)
{
  g_ptr_array_set_size (cmd->assignments, 0);
  g_ptr_array_set_size (cmd->words, 0);
  cmd->line = 0;
  cmd->declaration = FALSE;
  cmd->exporting = FALSE;
}

static void
command_destroy (Command *cmd)
{
  g_ptr_array_unref (cmd->assignments);
  g_ptr_array_unref (cmd->words);
  g_free (cmd);
}

/* Length of "NAME=", "NAME+=" or "NAME[i]=" at the parser position, 0 if
 * the word is not an assignment. */
static gsize
assignment_prefix (Parser *p,
                   gsize  *name_length,
                   gboolean *append)
{
  gsize i = 0;

  if (!is_name_start (peek (p, 0)))
    return 0;
  while (is_name_char (peek (p, i)))
    i++;
  *name_length = i;
  if (peek (p, i) == '[')
    {
      while (peek (p, i) != '\0' && peek (p, i) != ']' && !is_meta (peek (p, i)))
        i++;
      if (peek (p, i) != ']')
        return 0;
      i++;
    }
  *append = peek (p, i) == '+';
  if (*append)
    i++;
  if (peek (p, i) != '=')
    return 0;
  return i + 1;
}

static void
skip_comment (Parser *p)
{
  while (!at_end (p) && peek (p, 0) != '\n')
    advance (p);
}

static gboolean
read_assignment (Parser  *p,
                 Command *cmd)
{
  gsize name_length = 0;
  gboolean append = FALSE;
  gsize prefix = assignment_prefix (p, &name_length, &append);
  g_autofree char *name = NULL;
  g_autofree char *subscript = NULL;
  guint line = p->line;
  Var *var;

  if (prefix == 0)
    return FALSE;
  name = g_strndup (p->text + p->pos, name_length);
  if (peek (p, name_length) == '[')
    subscript = g_strndup (p->text + p->pos + name_length + 1,
                           prefix - name_length - 3 - (append ? 1 : 0));
  for (gsize i = 0; i < prefix; i++)
    advance (p);
  if (cmd->line == 0)
    cmd->line = line;

  if (peek (p, 0) == '(' && subscript == NULL)
    {
      /* NAME=( elements... ), across lines, with comments.  The elements
       * are expanded before the variable changes: A=("${A[@]}" x). */
      g_autoptr(GPtrArray) elems = g_ptr_array_new_with_free_func (elem_free);
      gboolean unknown = FALSE;

      advance (p);
      while (!at_end (p))
        {
          char c = peek (p, 0);
          Fields f;

          if (c == ')')
            break;
          if (is_ifs (c) || c == '\r')
            {
              advance (p);
              continue;
            }
          if (c == '\\' && peek (p, 1) == '\n')
            {
              advance (p);
              advance (p);
              continue;
            }
          if (c == '#')
            {
              skip_comment (p);
              continue;
            }
          if (c == '[')
            {
              /* [key]=value: the key is not kept. */
              while (!at_end (p) && peek (p, 0) != '=' && !is_meta (peek (p, 0)))
                advance (p);
              if (peek (p, 0) == '=')
                advance (p);
            }
          fields_init (&f);
          if (is_meta (peek (p, 0)) && !at_process_substitution (p))
            {
              /* ';', '|' and the like inside ( ) are not array syntax. */
              g_autofree char *message = g_strdup_printf (_("“%c” inside the array %s is not understood"),
                                                          peek (p, 0), name);

              report (p, PLANNER_SEVERITY_WARNING, "import.unparsed", p->line, NULL, message);
              advance (p);
            }
          else
            read_word (p, &f, TRUE, '\0');
          fields_break (p, &f);
          for (guint i = 0; i < f.out->len; i++)
            {
              PlannerShellWord *w = g_ptr_array_index (f.out, i);
              Elem *elem = g_new0 (Elem, 1);

              elem->text = g_steal_pointer (&w->text);
              elem->line = w->line;
              elem->unknown = w->unknown;
              unknown |= w->unknown;
              g_ptr_array_add (elems, elem);
            }
          fields_clear (&f);
        }
      if (at_end (p) && p->error == NULL)
        report_unterminated (p, "array", line);

      var = var_lookup (p, name);
      if (!append || var == NULL || !var->is_array)
        {
          g_autofree char *old = append && var != NULL ? g_strdup (var_first (var)) : NULL;

          var = var_reset (p, name, TRUE, line);
          if (old != NULL && *old != '\0')
            {
              Elem *elem = g_new0 (Elem, 1);

              elem->text = g_steal_pointer (&old);
              elem->line = line;
              g_ptr_array_add (var->elems, elem);
            }
        }
      for (guint i = 0; i < elems->len; i++)
        g_ptr_array_add (var->elems, g_steal_pointer (&g_ptr_array_index (elems, i)));
      g_ptr_array_set_free_func (elems, NULL);
      var->unknown |= unknown;
      advance (p);   /* ) */
      var = var_lookup (p, name);
      if (var != NULL && cmd->exporting)
        var->exported = TRUE;
      {
        g_autofree char *text = g_strconcat (name, "=(…)", NULL);

        g_ptr_array_add (cmd->assignments, word_new (text, line, var != NULL && var->unknown));
      }
      return TRUE;
    }

  {
    Fields f;
    g_autofree char *value = NULL;
    gboolean unknown;

    fields_init (&f);
    read_word (p, &f, FALSE, '\0');
    fields_break (p, &f);
    value = fields_join (&f);
    unknown = fields_any_unknown (&f);
    fields_clear (&f);
    if (p->error != NULL)
      return TRUE;

    var = var_lookup (p, name);
    if (subscript != NULL)
      {
        guint64 n = 0;

        if (var == NULL || !var->is_array)
          {
            g_autofree char *old = var != NULL ? g_strdup (var_first (var)) : NULL;

            var = var_reset (p, name, TRUE, line);
            if (old != NULL)
              {
                Elem *elem = g_new0 (Elem, 1);

                elem->text = g_steal_pointer (&old);
                elem->line = line;
                g_ptr_array_add (var->elems, elem);
              }
          }
        if (g_ascii_string_to_unsigned (subscript, 10, 0, G_MAXUINT, &n, NULL)
            && n < var->elems->len)
          {
            Elem *elem = g_ptr_array_index (var->elems, (guint) n);

            g_free (elem->text);
            elem->text = g_strdup (value);
            elem->unknown = unknown;
          }
        else
          {
            Elem *elem = g_new0 (Elem, 1);

            elem->text = g_strdup (value);
            elem->line = line;
            elem->unknown = unknown;
            g_ptr_array_add (var->elems, elem);
          }
        var->unknown |= unknown;
      }
    else if (append && var != NULL && var->is_array)
      {
        Elem *elem = g_new0 (Elem, 1);

        elem->text = g_strdup (value);
        elem->line = line;
        elem->unknown = unknown;
        var->unknown |= unknown;
        g_ptr_array_add (var->elems, elem);
      }
    else if (append && var != NULL)
      {
        if (spend (p, strlen (value)))
          g_string_append (var->scalar, value);
        var->unknown |= unknown;
      }
    else
      var_set_scalar (p, name, value, line, unknown);

    var = var_lookup (p, name);
    if (var != NULL && cmd->exporting)
      var->exported = TRUE;
    {
      g_autofree char *text = g_strconcat (name, "=", var != NULL ? var_first (var) : value, NULL);

      g_ptr_array_add (cmd->assignments, word_new (text, line, unknown));
    }
  }
  return TRUE;
}

static const char *
word_text (Command *cmd,
           guint    i)
{
  return ((PlannerShellWord *) g_ptr_array_index (cmd->words, i))->text;
}

/* The words of @cmd from @first, space-joined. */
static char *
join_words (Command *cmd,
            guint    first)
{
  GString *out = g_string_new (NULL);

  for (guint i = first; i < cmd->words->len; i++)
    {
      if (i > first)
        g_string_append_c (out, ' ');
      g_string_append (out, word_text (cmd, i));
    }
  return g_string_free (out, FALSE);
}

/* Builtins that run text or set variables from input the script does not
 * hold: none of that can be read, so it is said, and the variables they
 * set become unknown. */
static void
report_unread_builtin (Parser  *p,
                       Command *cmd)
{
  guint at = 0;
  guint line;
  const char *name;

  /* "builtin eval …", "command read …" are the same builtins. */
  while (at < cmd->words->len && !((PlannerShellWord *) g_ptr_array_index (cmd->words, at))->unknown
         && (strcmp (word_text (cmd, at), "builtin") == 0 || strcmp (word_text (cmd, at), "command") == 0))
    at++;
  if (at >= cmd->words->len || ((PlannerShellWord *) g_ptr_array_index (cmd->words, at))->unknown)
    return;
  name = word_text (cmd, at);
  line = ((PlannerShellWord *) g_ptr_array_index (cmd->words, at))->line;

  if (strcmp (name, "eval") == 0 || strcmp (name, "let") == 0)
    {
      gboolean let = name[0] == 'l';
      g_autofree char *text = join_words (cmd, at + 1);
      g_autofree char *shown = shown_text (text);
      g_autofree char *names = mark_assigned_in (p, text, let);
      g_autofree char *message = NULL;

      /* Translators: the first %s is the command as written, the second the variables it sets */
      if (let && names != NULL)
        message = g_strdup_printf (_("let “%s” is not evaluated; %s is unknown from here on"), shown, names);
      else if (let)
        message = g_strdup_printf (_("let “%s” is not evaluated"), shown);
      else if (names != NULL)
        message = g_strdup_printf (_("eval “%s” is not run; what it would run or set, such as %s is unknown"), shown,
                                   names);
      else
        message = g_strdup_printf (_("eval “%s” is not run; what it would run or set is unknown"), shown);
      report (p, PLANNER_SEVERITY_WARNING, let ? "import.arithmetic-command" : "import.eval", line,
              let ? _("Assign the value directly (NAME=value) so it can be read.")
                  : _("Write the commands or assignments out in the script."), message);
    }
  else if (strcmp (name, "read") == 0 || strcmp (name, "mapfile") == 0 || strcmp (name, "readarray") == 0
           || (strcmp (name, "printf") == 0 && at + 2 < cmd->words->len
               && strcmp (word_text (cmd, at + 1), "-v") == 0))
    {
      /* Options whose value is not a variable name. */
      static const char *const read_values[] = { "-d", "-i", "-n", "-N", "-p", "-t", "-u", NULL };
      static const char *const mapfile_values[] = { "-d", "-n", "-O", "-s", "-u", "-C", "-c", NULL };
      g_autoptr(GString) names = g_string_new (NULL);
      g_autofree char *message = NULL;
      gboolean printf_v = name[0] == 'p';
      gboolean array = strcmp (name, "mapfile") == 0 || strcmp (name, "readarray") == 0;

      for (guint i = at + 1; i < cmd->words->len; i++)
        {
          const char *w = word_text (cmd, i);

          if (printf_v)
            {
              if (i == at + 2)
                g_string_append (names, w);
              continue;
            }
          if (w[0] == '-' && w[1] != '\0')
            {
              if (g_strv_contains (array ? mapfile_values : read_values, w))
                i++;
              else if (!array && strcmp (w, "-a") == 0 && i + 1 < cmd->words->len)
                g_string_append_printf (names, "%s%s", names->len > 0 ? " " : "", word_text (cmd, ++i));
              continue;
            }
          g_string_append_printf (names, "%s%s", names->len > 0 ? " " : "", w);
          if (array)
            break;
        }
      if (names->len == 0)
        g_string_append (names, array ? "MAPFILE" : "REPLY");
      {
        g_auto(GStrv) list = g_strsplit (names->str, " ", -1);

        for (guint i = 0; list[i] != NULL; i++)
          mark_unknown (p, list[i]);
      }
      /* Translators: the first %s is a shell command (read, mapfile…), the second the variables it sets */
      message = g_strdup_printf (strchr (names->str, ' ') != NULL
                                 ? _("%s sets %s from input that is not read; their values are unknown from here on")
                                 : _("%s sets %s from input that is not read; its value is unknown from here on"),
                                 name, names->str);
      report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL, message);
    }
  else if (strcmp (name, "trap") == 0 && at + 1 < cmd->words->len && word_text (cmd, at + 1)[0] != '-')
    {
      g_autofree char *shown = shown_text (word_text (cmd, at + 1));
      g_autofree char *message = g_strdup_printf (_("the command trap would run later (“%s”) is not read"), shown);

      report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL, message);
    }
}

/* ---- if … fi: the branch the script's own values select --------------- */

static Var *
var_copy (const Var *var)
{
  Var *copy = g_memdup2 (var, sizeof *var);

  if (var->scalar != NULL)
    copy->scalar = g_string_new_len (var->scalar->str, (gssize) var->scalar->len);
  if (var->elems != NULL)
    {
      copy->elems = g_ptr_array_new_full (var->elems->len, elem_free);
      for (guint i = 0; i < var->elems->len; i++)
        {
          const Elem *elem = g_ptr_array_index (var->elems, i);
          Elem *e = g_memdup2 (elem, sizeof *elem);

          e->text = g_strdup (elem->text);
          g_ptr_array_add (copy->elems, e);
        }
    }
  return copy;
}

/* A branch that is not read starts: its assignments go to a copy of the
 * variables (the copy counts against the expansion budget, so a script
 * of many such branches stops instead of growing quadratic). */
static void
branch_enter (Parser  *p,
              IfFrame *frame,
              gboolean active)
{
  GHashTable *copy;
  GHashTableIter iter;
  gpointer key, value;

  frame->active = active;
  if (active || frame->outer_skip || frame->saved_vars != NULL)
    return;
  if (!spend (p, 64 * (gsize) g_hash_table_size (p->vars)))
    return;
  copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, var_free);
  g_hash_table_iter_init (&iter, p->vars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy, g_strdup (key), var_copy (value));
  frame->saved_vars = p->vars;
  p->vars = copy;
}

static void
branch_leave (Parser  *p,
              IfFrame *frame)
{
  if (frame->saved_vars == NULL)
    return;
  g_hash_table_unref (p->vars);
  p->vars = g_steal_pointer (&frame->saved_vars);
}

static gboolean
has_pattern (const char *text)
{
  return strpbrk (text, "*?[") != NULL;
}

/* One test of a condition ([[ … ]], [ … ], test …, true, false) on words
 * @first.. of @cmd: string (in)equality, -z, -n, a non-empty string and
 * integer comparisons.  Anything else, or an unknown word, is not known. */
static Cond
evaluate_test (Command *cmd,
               guint    first)
{
  static const char *const numeric[] = { "-eq", "-ne", "-lt", "-le", "-gt", "-ge", NULL };
  const char *w[3];
  guint n = 0, end = cmd->words->len;
  gboolean negate = FALSE, bracket = FALSE;
  Cond value = COND_UNKNOWN;

  for (guint i = first; i < end; i++)
    if (((PlannerShellWord *) g_ptr_array_index (cmd->words, i))->unknown)
      return COND_UNKNOWN;
  while (first < end && strcmp (word_text (cmd, first), "!") == 0)
    {
      negate = !negate;
      first++;
    }
  if (first < end && (strcmp (word_text (cmd, first), "[[") == 0 || strcmp (word_text (cmd, first), "[") == 0 ||
                      strcmp (word_text (cmd, first), "test") == 0))
    {
      bracket = TRUE;
      first++;
    }
  /* "[[ a == b || c == d ]]" reaches here as two commands: each keeps one bracket. */
  if (end > first && (strcmp (word_text (cmd, end - 1), "]]") == 0 || strcmp (word_text (cmd, end - 1), "]") == 0))
    {
      bracket = TRUE;
      end--;
    }
  while (bracket && first < end && strcmp (word_text (cmd, first), "!") == 0)
    {
      negate = !negate;
      first++;
    }
  if (end - first > 3)
    return COND_UNKNOWN;
  for (guint i = first; i < end; i++)
    w[n++] = word_text (cmd, i);

  if (!bracket)
    {
      if (n == 1 && (strcmp (w[0], "true") == 0 || strcmp (w[0], ":") == 0))
        value = COND_TRUE;
      else if (n == 1 && strcmp (w[0], "false") == 0)
        value = COND_FALSE;
    }
  else if (n == 1)
    value = w[0][0] != '\0' ? COND_TRUE : COND_FALSE;
  else if (n == 2 && (strcmp (w[0], "-z") == 0 || strcmp (w[0], "-n") == 0))
    value = (w[1][0] == '\0') == (w[0][1] == 'z') ? COND_TRUE : COND_FALSE;
  else if (n == 3 && (strcmp (w[1], "==") == 0 || strcmp (w[1], "=") == 0 || strcmp (w[1], "!=") == 0))
    {
      /* The right side of == in [[ ]] is a pattern: only literal ones are compared. */
      if (!has_pattern (w[2]))
        value = (strcmp (w[0], w[2]) == 0) == (w[1][0] != '!') ? COND_TRUE : COND_FALSE;
    }
  else if (n == 3 && g_strv_contains (numeric, w[1]))
    {
      gint64 a, b;

      if (g_ascii_string_to_signed (w[0], 10, G_MININT64, G_MAXINT64, &a, NULL) &&
          g_ascii_string_to_signed (w[2], 10, G_MININT64, G_MAXINT64, &b, NULL))
        {
          gboolean holds = w[1][1] == 'e' ? a == b
                           : w[1][1] == 'n' ? a != b
                           : w[1][1] == 'l' ? (w[1][2] == 't' ? a < b : a <= b)
                                            : (w[1][2] == 't' ? a > b : a >= b);

          value = holds ? COND_TRUE : COND_FALSE;
        }
    }
  if (negate && value != COND_UNKNOWN)
    value = value == COND_TRUE ? COND_FALSE : COND_TRUE;
  return value;
}

/* Another part of the condition, joined to what was read by || or &&
 * (bash's left-to-right order); after ; or a newline the last part decides. */
static void
condition_add (Parser *p,
               Cond    part)
{
  Cond a = p->condition;

  if (p->condition_op == '|')
    p->condition = a == COND_TRUE || part == COND_TRUE     ? COND_TRUE
                   : a == COND_FALSE && part == COND_FALSE ? COND_FALSE
                                                           : COND_UNKNOWN;
  else if (p->condition_op == '&')
    p->condition = a == COND_FALSE || part == COND_FALSE ? COND_FALSE
                   : a == COND_TRUE && part == COND_TRUE ? COND_TRUE
                                                         : COND_UNKNOWN;
  else
    p->condition = part;
  p->condition_op = p->op;
}

static IfFrame *
top_if (Parser *p)
{
  return p->ifs->len > 0 ? &g_array_index (p->ifs, IfFrame, p->ifs->len - 1) : NULL;
}

/* "if" or "elif" (on line @line): the condition is read, until "then". */
static void
condition_start (Parser  *p,
                 guint    line,
                 gboolean elif)
{
  IfFrame *frame = top_if (p);

  if (!elif || frame == NULL)
    {
      IfFrame fresh = { 0 };

      fresh.line = line;
      fresh.outer_skip = skipping (p);
      g_array_append_val (p->ifs, fresh);
      frame = top_if (p);
    }
  else
    branch_leave (p, frame);
  frame->deciding = TRUE;
  p->condition = COND_UNKNOWN;
  p->condition_op = ';';
}

/* "then": the condition is read; its branch is read when it holds, or when
 * it cannot be known and no branch was chosen yet (the first one is). */
static void
condition_end (Parser *p,
               guint   line)
{
  IfFrame *frame = top_if (p);
  gboolean decides, active;

  if (frame == NULL || !frame->deciding)
    return;
  decides = !frame->outer_skip && !frame->taken;
  active = decides && p->condition != COND_FALSE;

  /* Reported from the condition's place, before the branch is entered. */
  if (decides && p->condition == COND_UNKNOWN)
    {
      g_autofree char *message = g_strdup_printf (_("the condition of the “if” on line %u cannot be "
                                                    "evaluated from the script alone; the branch from line %u is "
                                                    "read, the others are not"), frame->line, line);

      report (p, PLANNER_SEVERITY_INFO, "import.condition", line,
              _("Set the value the condition tests in the script, or keep only the branch you mean."), message);
    }
  frame->deciding = FALSE;
  frame->taken |= active;
  branch_enter (p, frame, active);
}

static void
branch_else (Parser *p)
{
  IfFrame *frame = top_if (p);

  if (frame == NULL)
    return;
  branch_leave (p, frame);
  frame->deciding = FALSE;
  branch_enter (p, frame, !frame->outer_skip && !frame->taken);
  frame->taken = TRUE;
}

static void
block_end (Parser *p)
{
  IfFrame *frame = top_if (p);

  if (frame == NULL)
    return;
  branch_leave (p, frame);
  g_array_set_size (p->ifs, p->ifs->len - 1);
}

/* The words that open, divide and close an if, taken when they are read
 * (before what follows them on the line is assigned or expanded).  TRUE
 * when @word was one. */
static gboolean
if_keyword (Parser           *p,
            PlannerShellWord *word)
{
  if (word->unknown)
    return FALSE;
  if (strcmp (word->text, "if") == 0 || strcmp (word->text, "elif") == 0)
    condition_start (p, word->line, word->text[0] == 'e');
  else if (strcmp (word->text, "then") == 0)
    condition_end (p, word->line);
  else if (strcmp (word->text, "else") == 0)
    branch_else (p);
  else if (strcmp (word->text, "fi") == 0)
    block_end (p);
  else
    return FALSE;
  return TRUE;
}

static void
end_command (Parser  *p,
             Command *cmd)
{
  static const char *const prefixes[] = { "then", "else", "do", "{", "!", "time", NULL };
  static const char *const conditions[] = { "while", "until", NULL };
  static const char *const closers[] = { "fi", "done", "esac", "}", NULL };
  static const char *const loops[] = { "for", "case", "select", "function", NULL };
  const IfFrame *frame = top_if (p);
  PlannerShellCommand *out;

  /* A part of an if's condition (joined by || or &&, or a command before
   * "then"). */
  if (frame != NULL && frame->deciding && cmd->words->len > 0)
    {
      condition_add (p, evaluate_test (cmd, 0));
      command_reset (cmd);
      return;
    }

  /* Keywords that only open or close a block.  An if reads the branch its
   * condition selects; loops read their commands once. */
  while (cmd->words->len > 0)
    {
      PlannerShellWord *first = g_ptr_array_index (cmd->words, 0);

      if (first->unknown)
        break;
      if (g_strv_contains (prefixes, first->text) || g_strv_contains (closers, first->text))
        g_ptr_array_remove_index (cmd->words, 0);
      else if (g_strv_contains (conditions, first->text))
        {
          g_autofree char *message = g_strdup_printf (_("the condition of “%s” is not evaluated; "
                                                        "every branch is read"),
                                                      first->text);

          report (p, PLANNER_SEVERITY_INFO, "import.unparsed", first->line, NULL, message);
          g_ptr_array_remove_index (cmd->words, 0);
        }
      else if (g_strv_contains (loops, first->text))
        {
          g_autofree char *message = g_strdup_printf (_("the “%s” block is not run; "
                                                        "its commands are read once"),
                                                      first->text);

          report (p, PLANNER_SEVERITY_INFO, "import.unparsed", first->line, NULL, message);
          g_ptr_array_set_size (cmd->words, 0);
        }
      else
        break;
    }

  if (skipping (p))
    {
      command_reset (cmd);
      return;
    }
  report_unread_builtin (p, cmd);

  if (cmd->words->len > 0 && !cmd->declaration)
    {
      out = g_new0 (PlannerShellCommand, 1);
      out->assignments = g_ptr_array_new_with_free_func (word_free);
      out->words = g_ptr_array_new_with_free_func (word_free);
      for (guint i = 0; i < cmd->assignments->len; i++)
        {
          PlannerShellWord *w = g_ptr_array_index (cmd->assignments, i);

          g_ptr_array_add (out->assignments, word_new (w->text, w->line, w->unknown));
        }
      for (guint i = 0; i < cmd->words->len; i++)
        {
          PlannerShellWord *w = g_ptr_array_index (cmd->words, i);

          g_ptr_array_add (out->words, word_new (w->text, w->line, w->unknown));
        }
      out->line = cmd->line != 0 ? cmd->line : ((PlannerShellWord *) g_ptr_array_index (cmd->words, 0))->line;
      g_ptr_array_add (p->script->commands, out);
    }
  command_reset (cmd);
}

static void
skip_heredocs (Parser *p)
{
  for (guint i = 0; i < p->heredocs->len && !at_end (p); i++)
    {
      HereDoc *doc = g_ptr_array_index (p->heredocs, i);
      guint line = p->line;
      gboolean found = FALSE;

      while (!at_end (p))
        {
          gsize start = p->pos;
          gsize end;
          const char *s;

          skip_comment (p);
          end = p->pos;
          advance (p);
          s = p->text + start;
          if (doc->strip_tabs)
            while (s < p->text + end && *s == '\t')
              s++;
          if ((gsize) (p->text + end - s) == strlen (doc->delimiter)
              && strncmp (s, doc->delimiter, strlen (doc->delimiter)) == 0)
            {
              found = TRUE;
              break;
            }
        }
      {
        g_autofree char *message = g_strdup_printf (found ? _("a here-document (<<%s) is not read")
                                                          : _("a here-document (<<%s) is never closed"),
                                                    doc->delimiter);

        report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL, message);
      }
    }
  g_ptr_array_set_size (p->heredocs, 0);
}

/* At '<', '>', "&>" or "N>": the operator and its target are dropped. */
/* What a command line holds besides words: each redirection and control
 * operator, as written (see PlannerShellScript.operators). */
static void
add_operator (Parser *p,
              gsize   start,
              guint   line)
{
  g_autofree char *text = NULL;

  if (skipping (p))
    return;
  text = g_strndup (p->text + start, p->pos - start);
  g_strstrip (text);
  if (p->script->operators->len < PLANNER_SHELL_MAX_DIAGNOSTICS)
    g_ptr_array_add (p->script->operators, word_new (text, line, FALSE));
}

static void
read_redirection (Parser *p)
{
  gboolean heredoc = FALSE;
  gboolean herestring = FALSE;
  gboolean strip_tabs = FALSE;
  gsize start = p->pos;
  guint line = p->line;
  Fields f;

  while (g_ascii_isdigit (peek (p, 0)))
    advance (p);
  if (peek (p, 0) == '&')
    advance (p);
  if (peek (p, 0) == '<' && peek (p, 1) == '<' && peek (p, 2) != '<')
    {
      heredoc = TRUE;
      advance (p);
      advance (p);
      if (peek (p, 0) == '-')
        {
          strip_tabs = TRUE;
          advance (p);
        }
    }
  else
    {
      char c = advance (p);

      herestring = c == '<' && peek (p, 0) == '<' && peek (p, 1) == '<';
      while (peek (p, 0) == c || peek (p, 0) == '&' || peek (p, 0) == '|')
        advance (p);
      /* "N>(…)": the target is a process substitution. */
      if (c == '>' && peek (p, 0) == '(')
        p->pos--;
    }
  while (peek (p, 0) == ' ' || peek (p, 0) == '\t')
    advance (p);
  if (is_meta (peek (p, 0)) && !at_process_substitution (p))
    {
      add_operator (p, start, line);
      return;
    }

  fields_init (&f);
  read_word (p, &f, FALSE, '\0');
  fields_break (p, &f);
  add_operator (p, start, line);
  if (herestring)
    report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL,
            _("a here-string (<<<) is not read; what the command reads from it is unknown"));
  if (heredoc && f.out->len > 0)
    {
      HereDoc *doc = g_new0 (HereDoc, 1);

      doc->delimiter = g_strdup (((PlannerShellWord *) g_ptr_array_index (f.out, 0))->text);
      doc->strip_tabs = strip_tabs;
      g_ptr_array_add (p->heredocs, doc);
    }
  fields_clear (&f);
}

static gboolean
at_redirection (Parser *p)
{
  gsize i = 0;

  if (at_process_substitution (p))
    return FALSE;
  if (peek (p, 0) == '<' || peek (p, 0) == '>')
    return TRUE;
  if (peek (p, 0) == '&' && peek (p, 1) == '>')
    return TRUE;
  while (g_ascii_isdigit (peek (p, i)))
    i++;
  return i > 0 && (peek (p, i) == '<' || peek (p, i) == '>');
}

/* SLURM defines these from the #SBATCH lines; knowing them lets
 * "--nnodes $SLURM_NNODES" be read. */
static void
seed_slurm_variable (Parser     *p,
                     const char *option,
                     const char *value,
                     guint       line)
{
  const char *number = value;
  gint64 n;

  if (g_str_has_prefix (value, "gpu:"))
    number = value + 4;
  if (strchr (number, ':') != NULL)
    number = strrchr (number, ':') + 1;
  if (!parse_int64 (number, &n) || n <= 0)
    return;

  if (strcmp (option, "--nodes") == 0 || strcmp (option, "-N") == 0)
    {
      var_set_scalar (p, "SLURM_NNODES", number, line, FALSE);
      var_set_scalar (p, "SLURM_JOB_NUM_NODES", number, line, FALSE);
    }
  else if (strcmp (option, "--ntasks-per-node") == 0)
    var_set_scalar (p, "SLURM_NTASKS_PER_NODE", number, line, FALSE);
  else if (strcmp (option, "--gpus-per-node") == 0)
    var_set_scalar (p, "SLURM_GPUS_PER_NODE", number, line, FALSE);
}

static void
read_directive (Parser *p)
{
  guint line = p->line;
  gsize start;
  g_autofree char *rest = NULL;
  g_auto(GStrv) words = NULL;
  PlannerShellCommand *out;
  char *hash;

  for (guint i = 0; i < strlen ("#SBATCH"); i++)
    advance (p);
  start = p->pos;
  skip_comment (p);
  rest = g_strndup (p->text + start, p->pos - start);
  hash = strstr (rest, " #");
  if (hash != NULL)
    *hash = '\0';
  g_strdelimit (rest, "\t\r", ' ');
  words = g_strsplit (rest, " ", -1);

  out = g_new0 (PlannerShellCommand, 1);
  out->assignments = g_ptr_array_new_with_free_func (word_free);
  out->words = g_ptr_array_new_with_free_func (word_free);
  out->line = line;
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (out->words, word_new (words[i], line, FALSE));
  g_ptr_array_add (p->script->directives, out);

  for (guint i = 0; i < out->words->len; i++)
    {
      const char *w = ((PlannerShellWord *) g_ptr_array_index (out->words, i))->text;
      const char *eq = strchr (w, '=');

      if (eq != NULL && g_str_has_prefix (w, "--"))
        {
          g_autofree char *option = g_strndup (w, (gsize) (eq - w));

          seed_slurm_variable (p, option, eq + 1, line);
        }
      else if (i + 1 < out->words->len)
        seed_slurm_variable (p, w, ((PlannerShellWord *) g_ptr_array_index (out->words, i + 1))->text, line);
    }
}

/* "(( … ))" as a command: not evaluated; what it assigns becomes unknown. */
static void
read_arithmetic_command (Parser *p)
{
  gsize start = p->pos;
  guint line = p->line;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *message = NULL;

  advance (p);
  advance (p);
  if (!skip_balanced (p, '(', ')'))
    report_unterminated (p, "arithmetic command", line);
  if (peek (p, 0) == ')')
    advance (p);
  text = g_strndup (p->text + start, p->pos - start);
  shown = shown_text (text);
  names = mark_assigned_in (p, text, TRUE);
  if (names != NULL)
    message = g_strdup_printf (_("the arithmetic command %s is not evaluated; %s is unknown from here on"), shown, names);
  else
    message = g_strdup_printf (_("the arithmetic command %s is not evaluated"), shown);
  report (p, names != NULL ? PLANNER_SEVERITY_WARNING : PLANNER_SEVERITY_INFO, "import.arithmetic-command", line,
          names != NULL ? _("Assign the value directly (NAME=value) so it can be read.") : NULL, message);
}

static void
parse (Parser *p)
{
  Command *cmd = command_new ();
  gboolean line_start = TRUE;

  while (!at_end (p))
    {
      char c = peek (p, 0);

      if (c == ' ' || c == '\t' || c == '\r')
        {
          advance (p);
          continue;
        }
      if (c == '\\' && peek (p, 1) == '\n')
        {
          advance (p);
          advance (p);
          continue;
        }
      if (c == '\\' && peek (p, 1) == '\r' && peek (p, 2) == '\n')
        {
          advance (p);
          advance (p);
          advance (p);
          continue;
        }
      if (c == '#')
        {
          if (line_start && strncmp (p->text + p->pos, "#SBATCH", 7) == 0
              && p->pos + 7 <= p->len)
            read_directive (p);
          else
            skip_comment (p);
          continue;
        }
      if (c == '\n')
        {
          advance (p);
          p->op = ';';
          end_command (p, cmd);
          if (p->heredocs->len > 0)
            skip_heredocs (p);
          line_start = TRUE;
          continue;
        }
      if (at_redirection (p))
        {
          read_redirection (p);
          continue;
        }
      if (c == '(' && peek (p, 1) == '(' && cmd->words->len == 0 && cmd->assignments->len == 0)
        {
          read_arithmetic_command (p);
          line_start = FALSE;
          continue;
        }
      if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')')
        {
          gsize start = p->pos;

          advance (p);
          if ((c == ';' || c == '&' || c == '|') && (peek (p, 0) == c || (c == '|' && peek (p, 0) == '&')))
            advance (p);
          add_operator (p, start, p->line);
          p->op = (c == '|' || c == '&') && p->pos - start == 2 && p->text[p->pos - 1] == c ? c : ';';
          end_command (p, cmd);
          continue;
        }

      line_start = FALSE;
      if ((cmd->words->len == 0 || cmd->declaration) && read_assignment (p, cmd))
        continue;

      {
        Fields f;
        guint first = cmd->words->len;

        fields_init (&f);
        read_word (p, &f, TRUE, '\0');
        fields_break (p, &f);
        if (cmd->line == 0 && f.out->len > 0)
          cmd->line = ((PlannerShellWord *) g_ptr_array_index (f.out, 0))->line;
        for (guint i = 0; i < f.out->len; i++)
          {
            PlannerShellWord *w = g_ptr_array_index (f.out, i);

            g_ptr_array_add (cmd->words, word_new (w->text, w->line, w->unknown));
          }
        fields_clear (&f);

        if (first == 0 && cmd->words->len == 1 && cmd->assignments->len == 0 && !cmd->declaration &&
            if_keyword (p, g_ptr_array_index (cmd->words, 0)))
          {
            g_ptr_array_set_size (cmd->words, 0);
            cmd->line = 0;
            continue;
          }
        if (first == 0 && cmd->words->len > 0)
          {
            static const char *const declarations[] = {
              "export", "declare", "typeset", "local", "readonly", NULL
            };
            PlannerShellWord *w = g_ptr_array_index (cmd->words, 0);

            if (!w->unknown && g_strv_contains (declarations, w->text))
              {
                cmd->declaration = TRUE;
                cmd->exporting = strcmp (w->text, "export") == 0;
              }
          }
        else if (cmd->declaration)
          {
            for (guint i = first; i < cmd->words->len; i++)
              {
                PlannerShellWord *w = g_ptr_array_index (cmd->words, i);
                Var *var;

                if (w->text[0] == '-')
                  {
                    if (strchr (w->text, 'x') != NULL)
                      cmd->exporting = TRUE;
                    continue;
                  }
                var = var_lookup (p, w->text);
                if (var != NULL && cmd->exporting)
                  var->exported = TRUE;
              }
          }
      }
    }
  p->op = ';';
  if (p->error == NULL)
    end_command (p, cmd);
  command_destroy (cmd);
  /* A block the script never closed: the real variables are the script's. */
  while (p->ifs->len > 0)
    block_end (p);
}

static char *
var_to_string (Var *var)
{
  GString *out;

  if (!var->is_array)
    return g_strdup (var->scalar->str);
  out = g_string_new (NULL);
  for (guint i = 0; i < var->elems->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, ((Elem *) g_ptr_array_index (var->elems, i))->text);
    }
  return g_string_free (out, FALSE);
}

PlannerShellScript *
planner_shell_parse (const char  *text,
                     gsize        length,
                     GError     **error)
{
  Parser p = { 0 };
  g_autofree char *copy = NULL;
  PlannerShellScript *script;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > 0 && memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, PLANNER_SHELL_ERROR, PLANNER_SHELL_ERROR_INVALID,
                   _("the text contains NUL bytes; it is not a shell script"));
      return NULL;
    }

  script = g_new0 (PlannerShellScript, 1);
  script->commands = g_ptr_array_new_with_free_func (command_free);
  script->directives = g_ptr_array_new_with_free_func (command_free);
  script->variables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  script->exported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  script->diagnostics = planner_diagnostics_new ();
  script->operators = g_ptr_array_new_with_free_func (word_free);

  /* A terminated copy: the input need not end in NUL (a fuzzer's does not). */
  copy = g_strndup (text != NULL ? text : "", length);
  p.text = copy;
  p.len = length;
  p.line = 1;
  p.vars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, var_free);
  p.reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p.heredocs = g_ptr_array_new_with_free_func (heredoc_free);
  p.ifs = g_array_new (FALSE, TRUE, sizeof (IfFrame));
  p.script = script;

  parse (&p);

  g_hash_table_iter_init (&iter, p.vars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Var *var = value;

      g_hash_table_insert (script->variables, g_strdup (key), var_to_string (var));
      if (var->exported)
        g_hash_table_insert (script->exported, g_strdup (key), var_to_string (var));
    }

  g_hash_table_unref (p.vars);
  g_hash_table_unref (p.reported);
  g_ptr_array_unref (p.heredocs);
  g_array_unref (p.ifs);

  if (p.error != NULL)
    {
      g_propagate_error (error, p.error);
      planner_shell_script_free (script);
      return NULL;
    }
  return script;
}

void
planner_shell_script_free (PlannerShellScript *script)
{
  if (script == NULL)
    return;
  g_ptr_array_unref (script->commands);
  g_ptr_array_unref (script->directives);
  g_hash_table_unref (script->variables);
  g_hash_table_unref (script->exported);
  g_ptr_array_unref (script->diagnostics);
  g_ptr_array_unref (script->operators);
  g_free (script);
}
