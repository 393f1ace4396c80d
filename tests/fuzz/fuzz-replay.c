/* fuzz-replay.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds every file of a corpus directory to a libFuzzer entry point, so the
 * committed seeds and crash reproducers run in the ordinary test suite
 * without clang's fuzzer runtime.
 */

#include "config.h"

#include <glib.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n = 0;

  if (argc != 2)
    {
      g_printerr ("usage: %s CORPUS-DIR\n", argv[0]);
      return 2;
    }

  LLVMFuzzerInitialize (&argc, &argv);
  dir = g_dir_open (argv[1], 0, &error);
  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (argv[1], name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
      n++;
    }

  g_print ("1..1\nok 1 replayed %u inputs from %s\n", n, argv[1]);
  return 0;
}
