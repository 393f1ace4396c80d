/* fuzz-import.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: any bytes as a launch script.  The importer must
 * return a result or a GError, never crash, hang or leak.
 */

#include "config.h"

#include <stdint.h>

#include "fuzz-common.h"

#include "planner-import.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = NULL;

  import = planner_import_script ((const char *) data, size, &error);
  g_assert ((import == NULL) != (error == NULL));
  if (import != NULL)
    {
      /* Touch everything a caller would read. */
      for (guint i = 0; i < planner_args_get_n_entries (import->args); i++)
        {
          const char *dest = planner_args_get_dest_at (import->args, i);

          (void) planner_args_get_int (import->args, dest, 0);
          (void) planner_args_get_double (import->args, dest, 0);
          (void) planner_args_get_list (import->args, dest);
        }
      planner_diagnostics_sort (import->diagnostics);
    }
  return 0;
}
