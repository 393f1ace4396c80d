/* planner-words.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-words.h"

#include <string.h>

const PlannerWords *
planner_words_job (void)
{
  static const PlannerWords job = { PLANNER_WORDS_JOB, NULL, NULL };

  return &job;
}

PlannerWordsKind
planner_words_get_kind (const PlannerWords *words)
{
  return words != NULL ? words->kind : PLANNER_WORDS_FLAGS;
}

const char *
planner_words_name (const PlannerWords *words,
                    const char         *name)
{
  const char *label;

  g_return_val_if_fail (name != NULL, NULL);

  if (words == NULL || words->kind != PLANNER_WORDS_FORM || words->label_for == NULL)
    return name;
  label = words->label_for (words, name);
  return label != NULL ? label : name;
}

char *
planner_words_fill (const PlannerWords *words,
                    const char         *template,
                    gboolean            for_format)
{
  GString *out;
  const char *p;

  if (template == NULL)
    return NULL;
  out = g_string_sized_new (strlen (template));
  for (p = template; *p != '\0';)
    {
      const char *end = NULL;

      /* "{--" then the flag's letters, digits and dashes, then "}"; or
       * Megatron's own name of an argument, "{num_attention_heads}", or a
       * job key, "{model.num_layers}". */
      if (g_str_has_prefix (p, "{--"))
        {
          end = p + 3;
          while (g_ascii_isalnum (*end) || *end == '-' || *end == '_')
            end++;
          if (*end != '}' || end == p + 3)
            end = NULL;
        }
      else if (p[0] == '{' && g_ascii_islower (p[1]))
        {
          end = p + 1;
          while (g_ascii_islower (*end) || g_ascii_isdigit (*end) || *end == '_' || *end == '.')
            end++;
          if (*end != '}' || (memchr (p, '_', end - p) == NULL && memchr (p, '.', end - p) == NULL))
            end = NULL;
        }
      if (end == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      {
        g_autofree char *flag = g_strndup (p + 1, end - p - 1);
        const char *name = planner_words_name (words, flag);

        for (const char *c = name; *c != '\0'; c++)
          {
            if (for_format && *c == '%')
              g_string_append_c (out, '%');
            g_string_append_c (out, *c);
          }
      }
      p = end + 1;
    }
  return g_string_free (out, FALSE);
}

void
planner_words_fill_error (const PlannerWords *words,
                          GError             *error)
{
  char *filled;

  if (error == NULL)
    return;
  filled = planner_words_fill (words, error->message, FALSE);
  g_free (error->message);
  error->message = filled;
}
