/* planner-config-moe-freq.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The --moe-layer-freq reader: an integer, or a Python list expression
 * of 0s and 1s, into one flag per layer. */

#define G_LOG_DOMAIN "planner-config"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "planner-config-private.h"

/* The readers' error domain, defined in the lowest of them so that
 * every reader can use it without using the others. */
G_DEFINE_QUARK (planner-config-error-quark, planner_config_error)

/* A tiny evaluator for the list expressions moe_freq_type accepts:
 *   expr   := term ('+' term)*
 *   term   := factor ('*' factor)*
 *   factor := INT | '[' [INT (',' INT)*] ']' | '(' expr ')'
 * Values are integers or lists of 0/1; list·int repeats, list+list
 * concatenates.  Every list is capped at max_len, so no input can make us
 * allocate more than that or recurse deeper than MAX_PATTERN_DEPTH. */
typedef struct
{
  const char *p;
  guint32     max_len;
  const char *error;
} PatternParser;

typedef struct
{
  gboolean  is_list;
  guint64   number;
  GArray   *list;    /* guint8 */
} PatternValue;

static void
pattern_value_clear (PatternValue *value)
{
  g_clear_pointer (&value->list, g_array_unref);
}

static void
pattern_skip_space (PatternParser *parser)
{
  while (*parser->p == ' ' || *parser->p == '\t')
    parser->p++;
}

static gboolean
pattern_parse_int (PatternParser *parser,
                   guint64       *out)
{
  guint64 value = 0;
  gboolean any = FALSE;

  pattern_skip_space (parser);
  while (g_ascii_isdigit (*parser->p))
    {
      value = value * 10 + (guint64) (*parser->p - '0');
      if (value > G_MAXUINT32)
        {
          parser->error = _("a number in the pattern is too large");
          return FALSE;
        }
      parser->p++;
      any = TRUE;
    }
  if (!any)
    {
      parser->error = _("expected a number, '[' or '('");
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean pattern_parse_expr (PatternParser *parser,
                                    guint          depth,
                                    PatternValue  *out);

static gboolean
pattern_parse_factor (PatternParser *parser,
                      guint          depth,
                      PatternValue  *out)
{
  pattern_skip_space (parser);

  if (*parser->p == '(')
    {
      parser->p++;
      if (!pattern_parse_expr (parser, depth + 1, out))
        return FALSE;
      pattern_skip_space (parser);
      if (*parser->p != ')')
        {
          parser->error = _("missing ')'");
          return FALSE;
        }
      parser->p++;
      return TRUE;
    }

  if (*parser->p == '[')
    {
      out->is_list = TRUE;
      out->list = g_array_new (FALSE, FALSE, sizeof (guint8));
      parser->p++;
      pattern_skip_space (parser);
      if (*parser->p == ']')
        {
          parser->p++;
          return TRUE;
        }
      for (;;)
        {
          guint64 item;
          guint8 byte;

          if (!pattern_parse_int (parser, &item))
            return FALSE;
          if (item > 1)
            {
              parser->error = _("pattern entries must be 0 (dense) or 1 (MoE)");
              return FALSE;
            }
          if (out->list->len >= parser->max_len)
            {
              parser->error = _("the pattern is longer than {--num-layers}");
              return FALSE;
            }
          byte = (guint8) item;
          g_array_append_val (out->list, byte);
          pattern_skip_space (parser);
          if (*parser->p == ',')
            {
              parser->p++;
              pattern_skip_space (parser);
              if (*parser->p == ']')   /* Python allows a trailing comma */
                {
                  parser->p++;
                  return TRUE;
                }
              continue;
            }
          if (*parser->p == ']')
            {
              parser->p++;
              return TRUE;
            }
          parser->error = _("expected ',' or ']' in a list");
          return FALSE;
        }
    }

  out->is_list = FALSE;
  return pattern_parse_int (parser, &out->number);
}

static gboolean
pattern_multiply (PatternParser *parser,
                  PatternValue  *acc,
                  PatternValue  *rhs)
{
  if (!acc->is_list && !rhs->is_list)
    {
      acc->number *= rhs->number;
      if (acc->number > G_MAXUINT32)
        {
          parser->error = _("a number in the pattern is too large");
          return FALSE;
        }
      return TRUE;
    }
  if (acc->is_list && rhs->is_list)
    {
      parser->error = _("a list cannot be multiplied by a list");
      return FALSE;
    }
  if (!acc->is_list)
    {
      /* int * list: make acc the list. */
      PatternValue tmp = *acc;

      *acc = *rhs;
      *rhs = tmp;
    }
  {
    guint64 times = rhs->number;
    guint len = acc->list->len;

    if (times == 0 || len == 0)
      {
        g_array_set_size (acc->list, 0);
        return TRUE;
      }
    if ((guint64) len * times > parser->max_len)
      {
        parser->error = _("the pattern is longer than {--num-layers}");
        return FALSE;
      }
    /* Grow once, then copy: appending from the array's own storage
     * would read freed memory after a reallocation. */
    g_array_set_size (acc->list, (guint) (len * times));
    for (guint64 t = 1; t < times; t++)
      memcpy (acc->list->data + t * len, acc->list->data, len);
  }
  return TRUE;
}

static gboolean
pattern_parse_term (PatternParser *parser,
                    guint          depth,
                    PatternValue  *out)
{
  if (!pattern_parse_factor (parser, depth, out))
    return FALSE;

  for (;;)
    {
      PatternValue rhs = { 0, };
      gboolean ok;

      pattern_skip_space (parser);
      if (*parser->p != '*')
        return TRUE;
      parser->p++;
      ok = pattern_parse_factor (parser, depth, &rhs) && pattern_multiply (parser, out, &rhs);
      pattern_value_clear (&rhs);
      if (!ok)
        return FALSE;
    }
}

static gboolean
pattern_parse_expr (PatternParser *parser,
                    guint          depth,
                    PatternValue  *out)
{
  if (depth > MAX_PATTERN_DEPTH)
    {
      parser->error = _("the pattern is nested too deeply");
      return FALSE;
    }

  if (!pattern_parse_term (parser, depth, out))
    return FALSE;

  for (;;)
    {
      PatternValue rhs = { 0, };
      gboolean ok = TRUE;

      pattern_skip_space (parser);
      if (*parser->p != '+')
        return TRUE;
      parser->p++;
      if (!pattern_parse_term (parser, depth, &rhs))
        ok = FALSE;
      else if (out->is_list != rhs.is_list)
        {
          parser->error = _("a list cannot be added to a number");
          ok = FALSE;
        }
      else if (!out->is_list)
        out->number += rhs.number;
      else if ((guint64) out->list->len + rhs.list->len > parser->max_len)
        {
          parser->error = _("the pattern is longer than {--num-layers}");
          ok = FALSE;
        }
      else
        g_array_append_vals (out->list, rhs.list->data, rhs.list->len);
      pattern_value_clear (&rhs);
      if (!ok)
        return FALSE;
    }
}

guint8 *
planner_parse_moe_layer_freq (const char  *text,
                              guint32      num_layers,
                              GError     **error)
{
  g_autofree guint8 *pattern = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (num_layers == 0 || num_layers > MAX_LAYERS)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("{--num-layers} must be between 1 and %u to lay out {--moe-layer-freq}"),
                   MAX_LAYERS);
      return NULL;
    }
  if (text == NULL)
    text = "1";

  if (strchr (text, '[') == NULL)
    {
      /* An integer k: layer i is MoE when i % k == 0, so layer 0 always is. */
      guint64 k = 0;
      const char *end = NULL;

      while (*text == ' ')
        text++;
      if (!g_ascii_isdigit (*text))
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                       _("{--moe-layer-freq} “%s” is neither an integer nor a list such as “([0]*3+[1]*58)”"),
                       text);
          return NULL;
        }
      k = g_ascii_strtoull (text, (char **) &end, 10);
      while (end != NULL && *end == ' ')
        end++;
      if (end == NULL || *end != '\0' || k == 0 || k > G_MAXUINT32)
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                       _("{--moe-layer-freq} must be a positive integer or a list such as “([0]*3+[1]*58)”, not “%s”"),
                       text);
          return NULL;
        }
      pattern = g_new0 (guint8, num_layers);
      for (guint32 i = 0; i < num_layers; i++)
        pattern[i] = (i % k == 0) ? 1 : 0;
      return g_steal_pointer (&pattern);
    }

  {
    PatternParser parser = { text, num_layers, NULL };
    PatternValue value = { 0, };
    gboolean ok = pattern_parse_expr (&parser, 0, &value);

    if (ok)
      {
        pattern_skip_space (&parser);
        if (*parser.p != '\0')
          {
            parser.error = _("unexpected text after the pattern");
            ok = FALSE;
          }
        else if (!value.is_list)
          {
            parser.error = _("the pattern must evaluate to a list");
            ok = FALSE;
          }
        else if (value.list->len != num_layers)
          {
            g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                         _("{--moe-layer-freq} gives %u layers but {--num-layers} is %u; make the list exactly %u long"),
                         value.list->len, num_layers, num_layers);
            pattern_value_clear (&value);
            return NULL;
          }
      }
    if (!ok)
      {
        g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                     "{--moe-layer-freq} “%s”: %s", text, parser.error);
        pattern_value_clear (&value);
        return NULL;
      }
    pattern = g_memdup2 (value.list->data, num_layers);
    pattern_value_clear (&value);
  }

  return g_steal_pointer (&pattern);
}
