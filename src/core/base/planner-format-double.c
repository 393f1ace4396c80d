/* planner-format-double.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Numbers as the job file and the flags write them.  Its own unit because
 * the field table (which formats values for display) sits below the job's
 * arguments (which read the field table).
 */

#define G_LOG_DOMAIN "planner-format-double"

#include "config.h"

#include "planner-format-double.h"

#include <math.h>

char *
planner_format_double (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    return g_strdup ("0");

  /* "3e-4" rather than "0.00029999999999999997": the first precision
   * that reads back exactly. */
  for (int precision = 1; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        return g_strdup (buffer);
    }
  return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
}

char *
planner_format_python_float (double value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.1f", value));
    }
  return planner_format_double (value);
}
