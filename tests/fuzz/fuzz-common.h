/* fuzz-common.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included by every fuzz target (once: it defines the initializer).  A
 * GLib warning or critical is a bug found: abort() on it, which libFuzzer
 * catches and saves as a crash input (GLib's own fatal path raises
 * SIGTRAP, which it does not).  libFuzzer and the replay driver both call
 * LLVMFuzzerInitialize before the first input.
 */

#pragma once

#include <glib.h>
#include <stdlib.h>

static void
fuzz_log_handler (const char     *domain,
                  GLogLevelFlags  level,
                  const char     *message,
                  gpointer        data)
{
  g_log_default_handler (domain, level, message, data);
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
}

static inline void
fuzz_init (void)
{
  static gboolean done;

  if (!done)
    {
      g_log_set_default_handler (fuzz_log_handler, NULL);
      done = TRUE;
    }
}

int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}
