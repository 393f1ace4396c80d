/* planner-shell-words.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The shell reader: quoting, the reader's position and findings, and the
 * fields one source word turns into. */

#define G_LOG_DOMAIN "planner-shell"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "planner-shell-private.h"

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

void
shell_word_free (gpointer data)
{
  PlannerShellWord *word = data;

  g_free (word->text);
  g_free (word);
}

void
shell_elem_free (gpointer data)
{
  Elem *elem = data;

  g_free (elem->text);
  g_free (elem);
}

void
shell_var_free (gpointer data)
{
  Var *var = data;

  if (var->scalar != NULL)
    g_string_free (var->scalar, TRUE);
  if (var->elems != NULL)
    g_ptr_array_unref (var->elems);
  g_free (var);
}

void
shell_command_free (gpointer data)
{
  PlannerShellCommand *command = data;

  g_ptr_array_unref (command->assignments);
  g_ptr_array_unref (command->words);
  g_free (command);
}

void
shell_heredoc_free (gpointer data)
{
  HereDoc *heredoc = data;

  g_free (heredoc->delimiter);
  g_free (heredoc);
}

PlannerShellWord *
shell_word_new (const char *text,
                guint       line,
                gboolean    unknown)
{
  PlannerShellWord *word = g_new0 (PlannerShellWord, 1);

  word->text = g_strdup (text);
  word->line = line;
  word->unknown = unknown;
  return word;
}

char
shell_peek (Parser *p,
            gsize   offset)
{
  return p->pos + offset < p->len ? p->text[p->pos + offset] : '\0';
}

gboolean
shell_at_end (Parser *p)
{
  return p->pos >= p->len || p->error != NULL;
}

/* Every character goes through here so that line numbers stay right. */
char
shell_advance (Parser *p)
{
  char c;

  if (p->pos >= p->len)
    return '\0';
  c = p->text[p->pos++];
  if (c == '\n')
    p->line++;
  return c;
}

void
shell_fail (Parser     *p,
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
gboolean
shell_skipping (Parser *p)
{
  const IfFrame *frame;

  if (p->ifs == NULL || p->ifs->len == 0)
    return FALSE;
  frame = &g_array_index (p->ifs, IfFrame, p->ifs->len - 1);
  return frame->outer_skip || (!frame->deciding && !frame->active);
}

void
shell_report (Parser          *p,
              PlannerSeverity  severity,
              const char      *code,
              guint            line,
              const char      *fix,
              const char      *message)
{
  PlannerDiagnostic *d;

  if (shell_skipping (p))
    return;

  /* A pathological script must not turn into a million messages. */
  if (p->script->diagnostics->len >= PLANNER_SHELL_MAX_DIAGNOSTICS)
    return;
  d = planner_diagnostics_add (p->script->diagnostics, severity, code, NULL, fix, "%s", message);
  d->line = line;
}

/* Bytes produced by expansion, against the budget. */
gboolean
shell_spend (Parser *p,
             gsize   bytes)
{
  if (p->error != NULL)
    return FALSE;
  if (bytes > PLANNER_SHELL_MAX_EXPANSION - p->expanded)
    {
      shell_fail (p, _("line %u: variable expansion grows beyond %d MiB; the importer stops here"),
                  p->line, PLANNER_SHELL_MAX_EXPANSION / (1024 * 1024));
      return FALSE;
    }
  p->expanded += bytes;
  return TRUE;
}

/* ---- fields: the words one source word turns into ----------------------- */

void
shell_fields_init (Fields *f)
{
  f->out = g_ptr_array_new_with_free_func (shell_word_free);
  f->cur = g_string_new (NULL);
  f->have = FALSE;
  f->line = 0;
  f->unknown = FALSE;
  f->empty_at = FALSE;
}

void
shell_fields_clear (Fields *f)
{
  g_clear_pointer (&f->out, g_ptr_array_unref);
  if (f->cur != NULL)
    g_string_free (f->cur, TRUE);
  f->cur = NULL;
}

void
shell_fields_break (Parser *p,
                    Fields *f)
{
  if (!f->have)
    return;
  if (p->n_words >= PLANNER_SHELL_MAX_WORDS)
    {
      shell_fail (p, _("the script has more than %d words; the importer stops at line %u"),
                  PLANNER_SHELL_MAX_WORDS, p->line);
      return;
    }
  p->n_words++;
  g_ptr_array_add (f->out, shell_word_new (f->cur->str, f->line != 0 ? f->line : p->line, f->unknown));
  g_string_truncate (f->cur, 0);
  f->have = FALSE;
  f->line = 0;
  f->unknown = FALSE;
}

void
shell_fields_touch (Fields   *f,
                    guint     line,
                    gboolean  unknown)
{
  f->have = TRUE;
  if (f->line == 0)
    f->line = line;
  f->unknown |= unknown;
}

void
shell_fields_add (Parser     *p,
                  Fields     *f,
                  const char *text,
                  gsize       length,
                  guint       line,
                  gboolean    unknown)
{
  if (!shell_spend (p, length))
    return;
  shell_fields_touch (f, line, unknown);
  g_string_append_len (f->cur, text, (gssize) length);
}

void
shell_fields_add_c (Fields *f,
                    char    c,
                    guint   line)
{
  shell_fields_touch (f, line, FALSE);
  g_string_append_c (f->cur, c);
}

gboolean
shell_is_ifs (char c)
{
  return c == ' ' || c == '\t' || c == '\n';
}

/* An unquoted expansion is split on blanks into separate words.  Parts
 * kept as written ($(…), ${…}, `…`) are not split, and only the words
 * holding one are marked unknown. */
void
shell_fields_add_split (Parser     *p,
                        Fields     *f,
                        const char *text,
                        guint       line,
                        gboolean    unknown)
{
  gsize length = strlen (text);
  gsize i = 0;

  if (!shell_spend (p, length))
    return;
  while (i < length && p->error == NULL)
    {
      gsize start = i;
      guint depth = 0;
      gboolean tick = FALSE;
      gboolean kept = FALSE;

      if (shell_is_ifs (text[i]))
        {
          shell_fields_break (p, f);
          i++;
          continue;
        }
      while (i < length && (depth > 0 || tick || !shell_is_ifs (text[i])))
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
      shell_fields_touch (f, line, kept);
      g_string_append_len (f->cur, text + start, (gssize) (i - start));
    }
}

char *
shell_fields_join (Fields *f)
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

gboolean
shell_fields_any_unknown (Fields *f)
{
  for (guint i = 0; i < f->out->len; i++)
    if (((PlannerShellWord *) g_ptr_array_index (f->out, i))->unknown)
      return TRUE;
  return FALSE;
}
