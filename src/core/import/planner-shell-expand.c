/* planner-shell-expand.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The shell reader: variables, $((...)) on known numbers, substitutions kept
 * as written, and parameter expansion. */

#define G_LOG_DOMAIN "planner-shell"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "planner-shell-private.h"

/* ---- variables ---------------------------------------------------------- */

gboolean
shell_is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

gboolean
shell_is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

Var *
shell_var_lookup (Parser     *p,
                  const char *name)
{
  return g_hash_table_lookup (p->vars, name);
}

Var *
shell_var_reset (Parser     *p,
                 const char *name,
                 gboolean    is_array,
                 guint       line)
{
  Var *old = shell_var_lookup (p, name);
  Var *var = g_new0 (Var, 1);

  var->is_array = is_array;
  var->line = line;
  var->exported = old != NULL && old->exported;
  if (is_array)
    var->elems = g_ptr_array_new_with_free_func (shell_elem_free);
  else
    var->scalar = g_string_new (NULL);
  g_hash_table_replace (p->vars, g_strdup (name), var);
  return var;
}

void
shell_var_set_scalar (Parser     *p,
                      const char *name,
                      const char *value,
                      guint       line,
                      gboolean    unknown)
{
  Var *var = shell_var_reset (p, name, FALSE, line);

  g_string_assign (var->scalar, value);
  var->unknown = unknown;
}

const char *
shell_var_first (Var *var)
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

  if (shell_skipping (p) || g_hash_table_contains (p->reported, name))
    return;
  g_hash_table_add (p->reported, g_strdup (name));

  if (positional)
    message = g_strdup_printf (_("$%s is an argument of the script, unknown here; it is left as written"), name);
  else
    message = g_strdup_printf (_("$%s is not set in the script; it is left as written"), name);
  shell_report (p,
                is_runtime_variable (name) ? PLANNER_SEVERITY_INFO : PLANNER_SEVERITY_WARNING,
                "import.unknown-variable", line,
                positional ? _("Write the value into the script or the command line.")
                     : _("Set the variable in the script, or write its value in place."),
          message);
}

/* The script changes @name in a way that is not evaluated (eval, ((…)),
 * let, read): its last value is kept, marked unknown, so what uses it
 * later is not taken for certain. */
void
shell_mark_unknown (Parser     *p,
                    const char *name)
{
  Var *var = shell_var_lookup (p, name);

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
char *
shell_mark_assigned_in (Parser     *p,
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

      if (!shell_is_name_start (*s) || (s > text && shell_is_name_char (s[-1])) || (s > text && s[-1] == '$'))
        {
          s++;
          continue;
        }
      while (shell_is_name_char (*s))
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
      shell_mark_unknown (p, name);
      if (names->len > 0)
        g_string_append_c (names, ' ');
      g_string_append (names, name);
    }
  return names->len > 0 ? g_string_free (g_steal_pointer (&names), FALSE) : NULL;
}

/* What a message quotes of a command: its first 60 characters, on one line. */
char *
shell_shown_text (const char *text)
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

gboolean
shell_parse_int64 (const char *text,
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
  Var *var = shell_var_lookup (a->p, name);
  gint64 value = 0;

  if (var == NULL || var->unknown)
    {
      arith_fail (a, _("$%s is not known"), name);
      return 0;
    }
  if (!shell_parse_int64 (shell_var_first (var), &value))
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
      if (shell_is_name_char (a->s[a->pos]))
        {
          arith_fail (a, _("only decimal numbers are read"));
          return 0;
        }
      return (gint64) n;
    }
  if (c == '$' || shell_is_name_start (c))
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
      if (!shell_is_name_start (a->s[a->pos]))
        {
          arith_fail (a, _("“%s” is not understood"), a->s);
          return 0;
        }
      while (shell_is_name_char (a->s[a->pos]))
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
gboolean
shell_skip_balanced (Parser *p,
                     char    open,
                     char    close)
{
  guint depth = 1;

  while (!shell_at_end (p))
    {
      char c = shell_advance (p);

      if (c == '\\')
        shell_advance (p);
      else if (c == '\'' && open != '{')
        {
          while (!shell_at_end (p) && shell_peek (p, 0) != '\'')
            shell_advance (p);
          shell_advance (p);
        }
      else if (c == '"')
        {
          while (!shell_at_end (p) && shell_peek (p, 0) != '"')
            {
              if (shell_advance (p) == '\\')
                shell_advance (p);
            }
          shell_advance (p);
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
  shell_fields_add (p, f, p->text + start, p->pos - start, line, TRUE);
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
  shell_report (p, PLANNER_SEVERITY_WARNING, "import.command-substitution", line,
                _("Write the value the command would print into the script."), message);
}

static void
read_backticks (Parser *p,
                Fields *f)
{
  gsize start = p->pos;
  guint line = p->line;

  shell_advance (p);   /* ` */
  while (!shell_at_end (p) && shell_peek (p, 0) != '`')
    {
      if (shell_advance (p) == '\\')
        shell_advance (p);
    }
  shell_advance (p);
  keep_as_written (p, f, start, line);
  report_substitution (p, start, line);
}

gboolean
shell_at_process_substitution (Parser *p)
{
  return (shell_peek (p, 0) == '<' || shell_peek (p, 0) == '>') && shell_peek (p, 1) == '(';
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

  shell_advance (p);   /* < or > */
  shell_advance (p);   /* ( */
  if (!shell_skip_balanced (p, '(', ')'))
    shell_report_unterminated (p, "process substitution", line);
  keep_as_written (p, f, start, line);
  text = g_strndup (p->text + start, p->pos - start);
  shown = shell_shown_text (text);
  message = g_strdup_printf (_("%s is a process substitution; it is not run, so the file it stands for is unknown"),
                             shown);
  shell_report (p, PLANNER_SEVERITY_WARNING, "import.process-substitution", line,
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
    shell_fields_add (p, f, text, strlen (text), line, unknown);
  else
    shell_fields_add_split (p, f, text, line, unknown);
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
      shell_fields_add (p, f, joined->str, joined->len, var->line, var->unknown);
      g_string_free (joined, TRUE);
      return;
    }
  for (guint i = 0; i < var->elems->len && p->error == NULL; i++)
    {
      Elem *elem = g_ptr_array_index (var->elems, i);

      if (i > 0 && (quoted || split))
        shell_fields_break (p, f);
      if (quoted)
        shell_fields_add (p, f, elem->text, strlen (elem->text), elem->line, elem->unknown);
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

/* What follows "${": the name, an [index] and one of the operators this
 * reader understands (anything else, such as ${#A}, ${A%x}, ${A/x/y} or
 * ${A:1:2}, is kept as written by the caller); NULL when absent. */
static void
read_braced_head (Parser  *p,
                  char   **name_out,
                  char   **index_out,
                  char   **op_out)
{
  g_autofree char *name = NULL;
  g_autofree char *index = NULL;
  g_autofree char *op = NULL;
  gsize name_start;

  shell_advance (p);   /* { */
  name_start = p->pos;
  if (shell_is_name_start (shell_peek (p, 0)))
    {
      while (shell_is_name_char (shell_peek (p, 0)))
        shell_advance (p);
    }
  else if (g_ascii_isdigit (shell_peek (p, 0)))
    {
      while (g_ascii_isdigit (shell_peek (p, 0)))
        shell_advance (p);
    }
  else if (shell_peek (p, 0) != '\0' && strchr ("@*?$!-", shell_peek (p, 0)) != NULL)
    shell_advance (p);
  name = g_strndup (p->text + name_start, p->pos - name_start);

  if (*name != '\0' && shell_peek (p, 0) == '[')
    {
      gsize index_start;

      shell_advance (p);
      index_start = p->pos;
      while (!shell_at_end (p) && shell_peek (p, 0) != ']' && shell_peek (p, 0) != '}')
        shell_advance (p);
      index = g_strndup (p->text + index_start, p->pos - index_start);
      if (shell_peek (p, 0) == ']')
        shell_advance (p);
    }

  if (*name != '\0')
    {
      static const char *const ops[] = { ":-", ":=", ":+", ":?", "-", "=", "+", "?", NULL };

      for (guint i = 0; ops[i] != NULL; i++)
        if (strncmp (p->text + p->pos, ops[i], strlen (ops[i])) == 0
            && p->pos + strlen (ops[i]) <= p->len)
          {
            op = g_strdup (ops[i]);
            for (gsize k = 0; k < strlen (ops[i]); k++)
              shell_advance (p);
            break;
          }
    }

  *name_out = g_steal_pointer (&name);
  *index_out = g_steal_pointer (&index);
  *op_out = g_steal_pointer (&op);
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
  Var *var;
  gboolean positional;

  read_braced_head (p, &name, &index, &op);

  if (op != NULL)
    {
      Fields inner;

      if (++p->depth > PLANNER_SHELL_MAX_DEPTH)
        {
          shell_fail (p, _("line %u: ${…} is nested more than %d deep"), line, PLANNER_SHELL_MAX_DEPTH);
          return;
        }
      shell_fields_init (&inner);
      shell_read_word (p, &inner, FALSE, '}');
      shell_fields_break (p, &inner);
      word = shell_fields_join (&inner);
      word_unknown = shell_fields_any_unknown (&inner);
      shell_fields_clear (&inner);
      p->depth--;
      if (p->error != NULL)
        return;
    }

  if (*name == '\0' || shell_peek (p, 0) != '}')
    {
      gboolean closed = shell_skip_balanced (p, '{', '}');
      g_autofree char *shown = g_strndup (p->text + start, MIN (p->pos - start, 60));
      g_autofree char *message = NULL;

      keep_as_written (p, f, start, line);
      message = g_strdup_printf (closed ? _("%s is a form of ${…} the importer does not evaluate; it is left as written")
                                        : _("%s: the ${ is never closed"),
                                 shown);
      shell_report (p, PLANNER_SEVERITY_WARNING, "import.unparsed", line,
                    _("Write the value in place."), message);
      return;
    }
  shell_advance (p);   /* } */

  positional = g_ascii_isdigit (name[0]) || strchr ("@*?$!-", name[0]) != NULL;
  var = positional ? NULL : shell_var_lookup (p, name);

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
              shell_var_set_scalar (p, name, word, line, word_unknown);
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

  shell_advance (p);   /* ( */
  shell_advance (p);   /* ( */
  expr_start = p->pos;
  while (!shell_at_end (p))
    {
      char c = shell_peek (p, 0);

      if (c == '(')
        depth++;
      else if (c == ')')
        {
          if (depth == 0)
            {
              if (shell_peek (p, 1) == ')')
                {
                  expr_end = p->pos;
                  shell_advance (p);
                  shell_advance (p);
                  closed = TRUE;
                }
              break;
            }
          depth--;
        }
      shell_advance (p);
    }
  if (!closed)
    {
      /* Not arithmetic after all: "$( (cmd) )" or unterminated. */
      p->pos = start + 2;
      p->line = line;
      shell_skip_balanced (p, '(', ')');
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
      shell_report (p, PLANNER_SEVERITY_WARNING, "import.unparsed", line,
                    _("Write the number in place."), message);
      return;
    }
  {
    char buf[32];

    g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
    shell_fields_add (p, f, buf, strlen (buf), line, FALSE);
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

  shell_advance (p);   /* $ */
  c = shell_peek (p, 0);
  if (c == '(' && shell_peek (p, 1) == '(')
    read_arithmetic (p, f, start);
  else if (c == '(')
    {
      shell_advance (p);
      shell_skip_balanced (p, '(', ')');
      keep_as_written (p, f, start, line);
      report_substitution (p, start, line);
    }
  else if (c == '{')
    read_braced (p, f, start, quoted, split);
  else if (shell_is_name_start (c))
    {
      g_autofree char *name = NULL;
      gsize name_start = p->pos;
      Var *var;

      while (shell_is_name_char (shell_peek (p, 0)))
        shell_advance (p);
      name = g_strndup (p->text + name_start, p->pos - name_start);
      var = shell_var_lookup (p, name);
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

      shell_advance (p);
      keep_as_written (p, f, start, line);
      report_unknown_variable (p, name, line);
    }
  else
    shell_fields_add_c (f, '$', line);
}

/* $'...': ANSI-C quoting, the common escapes. */
static void
read_ansi_c (Parser *p,
             Fields *f)
{
  guint line = p->line;

  shell_advance (p);   /* $ */
  shell_advance (p);   /* ' */
  shell_fields_touch (f, line, FALSE);
  while (!shell_at_end (p) && shell_peek (p, 0) != '\'')
    {
      char c = shell_advance (p);

      if (c == '\\' && !shell_at_end (p))
        {
          char e = shell_advance (p);

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
      shell_fields_add_c (f, c, line);
    }
  shell_advance (p);
}

void
shell_report_unterminated (Parser     *p,
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
  shell_report (p, PLANNER_SEVERITY_ERROR, "import.unparsed", line, _("Close the quote."), message);
}

gboolean
shell_is_meta (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|'
         || c == '(' || c == ')' || c == '<' || c == '>';
}

/* One source word.  @terminator '}' reads the word of ${A:-word}. */
void
shell_read_word (Parser   *p,
                 Fields   *f,
                 gboolean  split,
                 char      terminator)
{
  while (!shell_at_end (p))
    {
      char c = shell_peek (p, 0);

      if (terminator == '\0' && shell_at_process_substitution (p))
        {
          read_process_substitution (p, f);
          continue;
        }
      if (terminator != '\0' ? c == terminator : shell_is_meta (c))
        return;

      if (c == '\\')
        {
          shell_advance (p);
          if (shell_peek (p, 0) == '\n')
            shell_advance (p);
          else if (shell_at_end (p))
            shell_fields_add_c (f, '\\', p->line);
          else
            shell_fields_add_c (f, shell_advance (p), p->line);
        }
      else if (c == '\'')
        {
          guint line = p->line;

          shell_advance (p);
          shell_fields_touch (f, line, FALSE);
          while (!shell_at_end (p) && shell_peek (p, 0) != '\'')
            {
              guint char_line = p->line;

              shell_fields_add_c (f, shell_advance (p), char_line);
            }
          if (shell_at_end (p))
            shell_report_unterminated (p, "single quote", line);
          shell_advance (p);
        }
      else if (c == '"' || (c == '$' && shell_peek (p, 1) == '"'))
        {
          guint line = p->line;
          gboolean had = f->have;
          gsize before = f->cur->len;

          if (c == '$')
            shell_advance (p);
          shell_advance (p);
          /* Line 0: the line is that of the first thing inside, which
           * for "${ARGS[@]}" is where each element was written. */
          shell_fields_touch (f, 0, FALSE);
          while (!shell_at_end (p) && shell_peek (p, 0) != '"')
            {
              char d = shell_peek (p, 0);

              if (d == '\\')
                {
                  char e = shell_peek (p, 1);

                  shell_advance (p);
                  if (e == '\n')
                    shell_advance (p);
                  else if (e == '$' || e == '`' || e == '"' || e == '\\')
                    shell_fields_add_c (f, shell_advance (p), p->line);
                  else
                    shell_fields_add_c (f, '\\', p->line);
                }
              else if (d == '$')
                read_dollar (p, f, TRUE, FALSE);
              else if (d == '`')
                read_backticks (p, f);
              else
                {
                  guint char_line = p->line;

                  shell_fields_add_c (f, shell_advance (p), char_line);
                }
            }
          if (shell_at_end (p) && p->error == NULL)
            shell_report_unterminated (p, "double quote", line);
          shell_advance (p);
          /* "${A[@]}" of an empty array is no word at all. */
          if (f->empty_at && !had && f->cur->len == before)
            f->have = FALSE;
          f->empty_at = FALSE;
        }
      else if (c == '$' && shell_peek (p, 1) == '\'')
        read_ansi_c (p, f);
      else if (c == '$')
        read_dollar (p, f, FALSE, split);
      else if (c == '`')
        read_backticks (p, f);
      else
        {
          guint line = p->line;

          shell_fields_add_c (f, shell_advance (p), line);
        }
    }
}
