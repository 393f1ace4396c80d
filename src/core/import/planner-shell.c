/* planner-shell.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-shell"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-shell-private.h"

#include <string.h>


/* Reads bash the way a careful person would: quotes, continuations,
 * variables and arrays assigned earlier, $((...)) on known numbers.  It
 * never runs anything: command substitutions and unknown variables stay
 * as written and are reported. */

G_DEFINE_QUARK (planner-shell-error-quark, planner_shell_error)

/* ---- commands ----------------------------------------------------------- */

static Command *
command_new (void)
{
  Command *cmd = g_new0 (Command, 1);

  cmd->assignments = g_ptr_array_new_with_free_func (shell_word_free);
  cmd->words = g_ptr_array_new_with_free_func (shell_word_free);
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

  if (!shell_is_name_start (shell_peek (p, 0)))
    return 0;
  while (shell_is_name_char (shell_peek (p, i)))
    i++;
  *name_length = i;
  if (shell_peek (p, i) == '[')
    {
      while (shell_peek (p, i) != '\0' && shell_peek (p, i) != ']' && !shell_is_meta (shell_peek (p, i)))
        i++;
      if (shell_peek (p, i) != ']')
        return 0;
      i++;
    }
  *append = shell_peek (p, i) == '+';
  if (*append)
    i++;
  if (shell_peek (p, i) != '=')
    return 0;
  return i + 1;
}

static void
skip_comment (Parser *p)
{
  while (!shell_at_end (p) && shell_peek (p, 0) != '\n')
    shell_advance (p);
}

/* The elements of NAME=( … ), across lines, with comments, expanded
 * before the variable changes (A=("${A[@]}" x)); TRUE when one is unknown. */
static gboolean
read_array_elements (Parser     *p,
                     const char *name,
                     guint       line,
                     GPtrArray  *elems)
{
  gboolean unknown = FALSE;

  shell_advance (p);
  while (!shell_at_end (p))
    {
      char c = shell_peek (p, 0);
      Fields f;

      if (c == ')')
        break;
      if (shell_is_ifs (c) || c == '\r')
        {
          shell_advance (p);
          continue;
        }
      if (c == '\\' && shell_peek (p, 1) == '\n')
        {
          shell_advance (p);
          shell_advance (p);
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
          while (!shell_at_end (p) && shell_peek (p, 0) != '=' && !shell_is_meta (shell_peek (p, 0)))
            shell_advance (p);
          if (shell_peek (p, 0) == '=')
            shell_advance (p);
        }
      shell_fields_init (&f);
      if (shell_is_meta (shell_peek (p, 0)) && !shell_at_process_substitution (p))
        {
          /* ';', '|' and the like inside ( ) are not array syntax. */
          g_autofree char *message = g_strdup_printf (_("“%c” inside the array %s is not understood"),
                                                      shell_peek (p, 0), name);

          shell_report (p, PLANNER_SEVERITY_WARNING, "import.unparsed", p->line, NULL, message);
          shell_advance (p);
        }
      else
        shell_read_word (p, &f, TRUE, '\0');
      shell_fields_break (p, &f);
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
      shell_fields_clear (&f);
    }
  if (shell_at_end (p) && p->error == NULL)
    shell_report_unterminated (p, "array", line);
  return unknown;
}

/* NAME=( elements... ) or NAME+=( … ). */
static void
assign_array (Parser     *p,
              Command    *cmd,
              const char *name,
              gboolean    append,
              guint       line)
{
  g_autoptr(GPtrArray) elems = g_ptr_array_new_with_free_func (shell_elem_free);
  gboolean unknown = read_array_elements (p, name, line, elems);
  Var *var;

  var = shell_var_lookup (p, name);
  if (!append || var == NULL || !var->is_array)
    {
      g_autofree char *old = append && var != NULL ? g_strdup (shell_var_first (var)) : NULL;

      var = shell_var_reset (p, name, TRUE, line);
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
  shell_advance (p);   /* ) */
  var = shell_var_lookup (p, name);
  if (var != NULL && cmd->exporting)
    var->exported = TRUE;
  {
    g_autofree char *text = g_strconcat (name, "=(…)", NULL);

    g_ptr_array_add (cmd->assignments, shell_word_new (text, line, var != NULL && var->unknown));
  }
}

/* NAME=value, NAME[i]=value or NAME+=value. */
static void
assign_scalar (Parser     *p,
               Command    *cmd,
               const char *name,
               const char *subscript,
               gboolean    append,
               guint       line)
{
  Fields f;
  g_autofree char *value = NULL;
  gboolean unknown;
  Var *var;

  shell_fields_init (&f);
  shell_read_word (p, &f, FALSE, '\0');
  shell_fields_break (p, &f);
  value = shell_fields_join (&f);
  unknown = shell_fields_any_unknown (&f);
  shell_fields_clear (&f);
  if (p->error != NULL)
    return;

  var = shell_var_lookup (p, name);
  if (subscript != NULL)
    {
      guint64 n = 0;

      if (var == NULL || !var->is_array)
        {
          g_autofree char *old = var != NULL ? g_strdup (shell_var_first (var)) : NULL;

          var = shell_var_reset (p, name, TRUE, line);
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
      if (shell_spend (p, strlen (value)))
        g_string_append (var->scalar, value);
      var->unknown |= unknown;
    }
  else
    shell_var_set_scalar (p, name, value, line, unknown);

  var = shell_var_lookup (p, name);
  if (var != NULL && cmd->exporting)
    var->exported = TRUE;
  {
    g_autofree char *text = g_strconcat (name, "=", var != NULL ? shell_var_first (var) : value, NULL);

    g_ptr_array_add (cmd->assignments, shell_word_new (text, line, unknown));
  }
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

  if (prefix == 0)
    return FALSE;
  name = g_strndup (p->text + p->pos, name_length);
  if (shell_peek (p, name_length) == '[')
    subscript = g_strndup (p->text + p->pos + name_length + 1,
                           prefix - name_length - 3 - (append ? 1 : 0));
  for (gsize i = 0; i < prefix; i++)
    shell_advance (p);
  if (cmd->line == 0)
    cmd->line = line;

  if (shell_peek (p, 0) == '(' && subscript == NULL)
    assign_array (p, cmd, name, append, line);
  else
    assign_scalar (p, cmd, name, subscript, append, line);
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
      g_autofree char *shown = shell_shown_text (text);
      g_autofree char *names = shell_mark_assigned_in (p, text, let);
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
      shell_report (p, PLANNER_SEVERITY_WARNING, let ? "import.arithmetic-command" : "import.eval", line,
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
          shell_mark_unknown (p, list[i]);
      }
      /* Translators: the first %s is a shell command (read, mapfile…), the second the variables it sets */
      message = g_strdup_printf (strchr (names->str, ' ') != NULL
                                 ? _("%s sets %s from input that is not read; their values are unknown from here on")
                                 : _("%s sets %s from input that is not read; its value is unknown from here on"),
                                 name, names->str);
      shell_report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL, message);
    }
  else if (strcmp (name, "trap") == 0 && at + 1 < cmd->words->len && word_text (cmd, at + 1)[0] != '-')
    {
      g_autofree char *shown = shell_shown_text (word_text (cmd, at + 1));
      g_autofree char *message = g_strdup_printf (_("the command trap would run later (“%s”) is not read"), shown);

      shell_report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL, message);
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
      copy->elems = g_ptr_array_new_full (var->elems->len, shell_elem_free);
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
  if (!shell_spend (p, 64 * (gsize) g_hash_table_size (p->vars)))
    return;
  copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, shell_var_free);
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
      fresh.outer_skip = shell_skipping (p);
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

      shell_report (p, PLANNER_SEVERITY_INFO, "import.condition", line,
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

          shell_report (p, PLANNER_SEVERITY_INFO, "import.unparsed", first->line, NULL, message);
          g_ptr_array_remove_index (cmd->words, 0);
        }
      else if (g_strv_contains (loops, first->text))
        {
          g_autofree char *message = g_strdup_printf (_("the “%s” block is not run; "
                                                        "its commands are read once"),
                                                      first->text);

          shell_report (p, PLANNER_SEVERITY_INFO, "import.unparsed", first->line, NULL, message);
          g_ptr_array_set_size (cmd->words, 0);
        }
      else
        break;
    }

  if (shell_skipping (p))
    {
      command_reset (cmd);
      return;
    }
  report_unread_builtin (p, cmd);

  if (cmd->words->len > 0 && !cmd->declaration)
    {
      out = g_new0 (PlannerShellCommand, 1);
      out->assignments = g_ptr_array_new_with_free_func (shell_word_free);
      out->words = g_ptr_array_new_with_free_func (shell_word_free);
      for (guint i = 0; i < cmd->assignments->len; i++)
        {
          PlannerShellWord *w = g_ptr_array_index (cmd->assignments, i);

          g_ptr_array_add (out->assignments, shell_word_new (w->text, w->line, w->unknown));
        }
      for (guint i = 0; i < cmd->words->len; i++)
        {
          PlannerShellWord *w = g_ptr_array_index (cmd->words, i);

          g_ptr_array_add (out->words, shell_word_new (w->text, w->line, w->unknown));
        }
      out->line = cmd->line != 0 ? cmd->line : ((PlannerShellWord *) g_ptr_array_index (cmd->words, 0))->line;
      g_ptr_array_add (p->script->commands, out);
    }
  command_reset (cmd);
}

static void
skip_heredocs (Parser *p)
{
  for (guint i = 0; i < p->heredocs->len && !shell_at_end (p); i++)
    {
      HereDoc *doc = g_ptr_array_index (p->heredocs, i);
      guint line = p->line;
      gboolean found = FALSE;

      while (!shell_at_end (p))
        {
          gsize start = p->pos;
          gsize end;
          const char *s;

          skip_comment (p);
          end = p->pos;
          shell_advance (p);
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

        shell_report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL, message);
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

  if (shell_skipping (p))
    return;
  text = g_strndup (p->text + start, p->pos - start);
  g_strstrip (text);
  if (p->script->operators->len < PLANNER_SHELL_MAX_DIAGNOSTICS)
    g_ptr_array_add (p->script->operators, shell_word_new (text, line, FALSE));
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

  while (g_ascii_isdigit (shell_peek (p, 0)))
    shell_advance (p);
  if (shell_peek (p, 0) == '&')
    shell_advance (p);
  if (shell_peek (p, 0) == '<' && shell_peek (p, 1) == '<' && shell_peek (p, 2) != '<')
    {
      heredoc = TRUE;
      shell_advance (p);
      shell_advance (p);
      if (shell_peek (p, 0) == '-')
        {
          strip_tabs = TRUE;
          shell_advance (p);
        }
    }
  else
    {
      char c = shell_advance (p);

      herestring = c == '<' && shell_peek (p, 0) == '<' && shell_peek (p, 1) == '<';
      while (shell_peek (p, 0) == c || shell_peek (p, 0) == '&' || shell_peek (p, 0) == '|')
        shell_advance (p);
      /* "N>(…)": the target is a process substitution. */
      if (c == '>' && shell_peek (p, 0) == '(')
        p->pos--;
    }
  while (shell_peek (p, 0) == ' ' || shell_peek (p, 0) == '\t')
    shell_advance (p);
  if (shell_is_meta (shell_peek (p, 0)) && !shell_at_process_substitution (p))
    {
      add_operator (p, start, line);
      return;
    }

  shell_fields_init (&f);
  shell_read_word (p, &f, FALSE, '\0');
  shell_fields_break (p, &f);
  add_operator (p, start, line);
  if (herestring)
    shell_report (p, PLANNER_SEVERITY_INFO, "import.unparsed", line, NULL,
                  _("a here-string (<<<) is not read; what the command reads from it is unknown"));
  if (heredoc && f.out->len > 0)
    {
      HereDoc *doc = g_new0 (HereDoc, 1);

      doc->delimiter = g_strdup (((PlannerShellWord *) g_ptr_array_index (f.out, 0))->text);
      doc->strip_tabs = strip_tabs;
      g_ptr_array_add (p->heredocs, doc);
    }
  shell_fields_clear (&f);
}

static gboolean
at_redirection (Parser *p)
{
  gsize i = 0;

  if (shell_at_process_substitution (p))
    return FALSE;
  if (shell_peek (p, 0) == '<' || shell_peek (p, 0) == '>')
    return TRUE;
  if (shell_peek (p, 0) == '&' && shell_peek (p, 1) == '>')
    return TRUE;
  while (g_ascii_isdigit (shell_peek (p, i)))
    i++;
  return i > 0 && (shell_peek (p, i) == '<' || shell_peek (p, i) == '>');
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
  if (!shell_parse_int64 (number, &n) || n <= 0)
    return;

  if (strcmp (option, "--nodes") == 0 || strcmp (option, "-N") == 0)
    {
      shell_var_set_scalar (p, "SLURM_NNODES", number, line, FALSE);
      shell_var_set_scalar (p, "SLURM_JOB_NUM_NODES", number, line, FALSE);
    }
  else if (strcmp (option, "--ntasks-per-node") == 0)
    shell_var_set_scalar (p, "SLURM_NTASKS_PER_NODE", number, line, FALSE);
  else if (strcmp (option, "--gpus-per-node") == 0)
    shell_var_set_scalar (p, "SLURM_GPUS_PER_NODE", number, line, FALSE);
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
    shell_advance (p);
  start = p->pos;
  skip_comment (p);
  rest = g_strndup (p->text + start, p->pos - start);
  hash = strstr (rest, " #");
  if (hash != NULL)
    *hash = '\0';
  g_strdelimit (rest, "\t\r", ' ');
  words = g_strsplit (rest, " ", -1);

  out = g_new0 (PlannerShellCommand, 1);
  out->assignments = g_ptr_array_new_with_free_func (shell_word_free);
  out->words = g_ptr_array_new_with_free_func (shell_word_free);
  out->line = line;
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (out->words, shell_word_new (words[i], line, FALSE));
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

  shell_advance (p);
  shell_advance (p);
  if (!shell_skip_balanced (p, '(', ')'))
    shell_report_unterminated (p, "arithmetic command", line);
  if (shell_peek (p, 0) == ')')
    shell_advance (p);
  text = g_strndup (p->text + start, p->pos - start);
  shown = shell_shown_text (text);
  names = shell_mark_assigned_in (p, text, TRUE);
  if (names != NULL)
    message = g_strdup_printf (_("the arithmetic command %s is not evaluated; %s is unknown from here on"), shown, names);
  else
    message = g_strdup_printf (_("the arithmetic command %s is not evaluated"), shown);
  shell_report (p, names != NULL ? PLANNER_SEVERITY_WARNING : PLANNER_SEVERITY_INFO, "import.arithmetic-command", line,
                names != NULL ? _("Assign the value directly (NAME=value) so it can be read.") : NULL, message);
}

static void
parse (Parser *p)
{
  Command *cmd = command_new ();
  gboolean line_start = TRUE;

  while (!shell_at_end (p))
    {
      char c = shell_peek (p, 0);

      if (c == ' ' || c == '\t' || c == '\r')
        {
          shell_advance (p);
          continue;
        }
      if (c == '\\' && shell_peek (p, 1) == '\n')
        {
          shell_advance (p);
          shell_advance (p);
          continue;
        }
      if (c == '\\' && shell_peek (p, 1) == '\r' && shell_peek (p, 2) == '\n')
        {
          shell_advance (p);
          shell_advance (p);
          shell_advance (p);
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
          shell_advance (p);
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
      if (c == '(' && shell_peek (p, 1) == '(' && cmd->words->len == 0 && cmd->assignments->len == 0)
        {
          read_arithmetic_command (p);
          line_start = FALSE;
          continue;
        }
      if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')')
        {
          gsize start = p->pos;

          shell_advance (p);
          if ((c == ';' || c == '&' || c == '|') && (shell_peek (p, 0) == c || (c == '|' && shell_peek (p, 0) == '&')))
            shell_advance (p);
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

        shell_fields_init (&f);
        shell_read_word (p, &f, TRUE, '\0');
        shell_fields_break (p, &f);
        if (cmd->line == 0 && f.out->len > 0)
          cmd->line = ((PlannerShellWord *) g_ptr_array_index (f.out, 0))->line;
        for (guint i = 0; i < f.out->len; i++)
          {
            PlannerShellWord *w = g_ptr_array_index (f.out, i);

            g_ptr_array_add (cmd->words, shell_word_new (w->text, w->line, w->unknown));
          }
        shell_fields_clear (&f);

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
                var = shell_var_lookup (p, w->text);
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
  script->commands = g_ptr_array_new_with_free_func (shell_command_free);
  script->directives = g_ptr_array_new_with_free_func (shell_command_free);
  script->variables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  script->exported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  script->diagnostics = planner_diagnostics_new ();
  script->operators = g_ptr_array_new_with_free_func (shell_word_free);

  /* A terminated copy: the input need not end in NUL (a fuzzer's does not). */
  copy = g_strndup (text != NULL ? text : "", length);
  p.text = copy;
  p.len = length;
  p.line = 1;
  p.vars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, shell_var_free);
  p.reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p.heredocs = g_ptr_array_new_with_free_func (shell_heredoc_free);
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
