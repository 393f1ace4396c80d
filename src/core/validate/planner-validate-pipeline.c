/* planner-validate-pipeline.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the pipeline checks and the driver both read: the stages of a
 * layout string, the layers the split divides and whether the first and
 * last stages are given.  Below the driver and the checks; calls neither. */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include "planner-validate-private.h"


/* Stages in a --pipeline-model-parallel-layout string such as
 * "Et*3|(tt|)*29,m|L": one more than the number of '|' after expanding
 * "(…)*N" and "x*N".  Returns FALSE when it cannot be read. */
static gboolean
layout_count_pipes (const char **cursor,
                    guint        depth,
                    guint64     *pipes)
{
  const char *p = *cursor;

  *pipes = 0;
  if (depth > 32)
    return FALSE;

  while (*p != '\0' && *p != ')')
    {
      guint64 item = 0;

      if (*p == '(')
        {
          p++;
          if (!layout_count_pipes (&p, depth + 1, &item) || *p != ')')
            return FALSE;
          p++;
        }
      else if (*p == '|')
        {
          item = 1;
          p++;
        }
      else if (g_ascii_isalpha (*p))
        {
          p++;
        }
      else if (*p == ',' || g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      else
        {
          return FALSE;
        }

      if (*p == '*')
        {
          guint64 times = 0;

          p++;
          if (!g_ascii_isdigit (*p))
            return FALSE;
          while (g_ascii_isdigit (*p))
            {
              times = times * 10 + (guint64) (*p - '0');
              if (times > MAX_LAYOUT_COUNT)
                return FALSE;
              p++;
            }
          item = mul_or_zero (item, times);
          if (item > MAX_LAYOUT_COUNT)
            return FALSE;
        }

      *pipes += item;
      if (*pipes > MAX_LAYOUT_COUNT)
        return FALSE;
    }

  *cursor = p;
  return TRUE;
}

gboolean
layout_string_stages (const char *layout,
                      guint64    *stages)
{
  const char *cursor = layout;
  guint64 pipes = 0;

  if (!layout_count_pipes (&cursor, 0, &pipes) || *cursor != '\0')
    return FALSE;
  *stages = pipes + 1;
  return TRUE;
}

/* num_layers plus the embedding and loss "layers" when they are accounted
 * for in the pipeline split (facts §2.4); 0 when unknown. */
guint64
pipeline_layers (const PlannerArgs *args)
{
  guint64 layers = arg_pos (args, "num_layers");

  if (layers == 0 || layers > G_MAXUINT32)
    return 0;
  if (arg_bool (args, "account_for_embedding_in_pipeline_split", FALSE))
    layers++;
  if (arg_bool (args, "account_for_loss_in_pipeline_split", FALSE))
    layers++;
  return layers;
}

gboolean
has_uneven_stages (const PlannerArgs *args)
{
  return has_value (args, "decoder_first_pipeline_num_layers")
         || has_value (args, "decoder_last_pipeline_num_layers");
}
