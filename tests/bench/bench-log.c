/* bench-log.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading a training log: a 1 GB synthetic SLURM output (8 ranks behind
 * srun --label prefixes: iteration lines, memory lines, warnings, a
 * traceback now and then), written to a temporary file here and deleted
 * after.  Targets (issue 15): at least 200 MB/s, in bounded memory (the
 * peak resident size of the read is reported).  PLANNER_BENCH_LOG_MB
 * changes the size.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "planner-log-diagnosis.h"
#include "planner-log.h"

/* Peak resident set size in KiB since the last reset. */
static long
peak_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) &&
      (line = strstr (status, "VmHWM:")) != NULL)
    return strtol (line + 6, NULL, 10);
  {
    struct rusage usage;

    getrusage (RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
  }
}

static long
current_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) &&
      (line = strstr (status, "VmRSS:")) != NULL)
    return strtol (line + 6, NULL, 10);
  return -1;
}

/* Linux lets a process reset its high-water mark ("5" to clear_refs). */
static gboolean
reset_peak_rss (void)
{
  return g_file_set_contents ("/proc/self/clear_refs", "5", 1, NULL);
}

static guint64
write_log (int     fd,
           guint64 target_bytes)
{
  GString *block = g_string_sized_new (1 << 20);
  guint64 written = 0;
  guint64 iteration = 0;
  guint64 line = 0;

  /* The start of a run: the arguments, once. */
  g_string_append (block, "0: ------------------------ arguments ------------------------\n");
  for (guint i = 0; i < 800; i++)
    g_string_append_printf (block, "0:   argument_number_%03u ............................ %u\n", i, i);
  g_string_append (block, "0:   world_size ...................................... 8\n"
                          "0: -------------------- end of arguments ---------------------\n");

  while (written < target_bytes)
    {
      while (block->len < (1 << 20) - 4096)
        {
          line++;
          switch (line % 50)
            {
            case 7:
              g_string_append_printf (block, "%" G_GUINT64_FORMAT ": [Rank %" G_GUINT64_FORMAT "] (after %"
                                      G_GUINT64_FORMAT " iterations) memory (MB) | allocated: 38537.22 | max "
                                      "allocated: 56562.69 | reserved: 60292.10 | max reserved: %.2f\n",
                                      line % 8, line % 8, iteration, 62000.0 + (double) (line % 977));
              break;
            case 13:
              g_string_append_printf (block, "%" G_GUINT64_FORMAT ": /usr/lib/python3/dist-packages/torch/utils/"
                                      "checkpoint.py:91: UserWarning: None of the inputs have requires_grad=True. "
                                      "Gradients will be None\n", line % 8);
              break;
            case 29:
              if (line % 20000 == 29)
                g_string_append_printf (block, "3: Traceback (most recent call last):\n"
                                        "3:   File \"/workspace/megatron/training/training.py\", line 1866, in pretrain\n"
                                        "3:     iteration = train(\n"
                                        "3: RuntimeError: Rank 3, node n1, device 3, iteration %" G_GUINT64_FORMAT
                                        ": Unexpected result nan (message='found NaN in local forward loss "
                                        "calculation')\n", iteration);
              else
                g_string_append (block, "5: [W1130 09:00:02.101000 3121 torch/distributed/c10d.py:793] a "
                                        "warning that every rank prints now and then\n");
              break;
            default:
              iteration++;
              g_string_append_printf (block, "7:  [2026-11-30 09:03:25.067261] iteration %8" G_GUINT64_FORMAT
                                      "/  500000 | consumed samples: %12" G_GUINT64_FORMAT " | elapsed time per "
                                      "iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning "
                                      "rate: 3.000000E-04 | global batch size:   128 | lm loss: %.6E | loss scale: "
                                      "1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan "
                                      "iterations:   0 |\n", iteration, iteration * 128,
                                      15986.6 + (double) (iteration % 13), 420.0 + (double) (iteration % 7) / 10.0,
                                      2.0 + (double) (iteration % 100) / 1000.0, 0.4 + (double) (iteration % 9) / 100.0);
              break;
            }
        }
      if (write (fd, block->str, block->len) != (gssize) block->len)
        g_error ("cannot write the synthetic log");
      written += block->len;
      g_string_truncate (block, 0);
    }
  g_string_free (block, TRUE);
  return written;
}

int
main (int   argc,
      char *argv[])
{
  const char *env = g_getenv ("PLANNER_BENCH_LOG_MB");
  guint64 megabytes = env != NULL ? g_ascii_strtoull (env, NULL, 10) : 1024;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(PlannerLogRecord) record = NULL;
  g_autoptr(PlannerLogDiagnosis) diagnosis = NULL;
  guint64 bytes;
  gint64 start, elapsed;
  long rss_before, peak;
  gboolean reset;
  int fd;

  fd = g_file_open_tmp ("bench-log-XXXXXX.log", &path, &error);
  if (fd < 0)
    g_error ("%s", error->message);
  bytes = write_log (fd, MAX (megabytes, 1) * 1000 * 1000);
  close (fd);
  file = g_file_new_for_path (path);

  rss_before = current_rss_kib ();
  reset = reset_peak_rss ();
  start = g_get_monotonic_time ();
  record = planner_log_read_file (file, NULL, NULL, NULL, &error);
  elapsed = g_get_monotonic_time () - start;
  peak = peak_rss_kib ();
  g_unlink (path);
  if (record == NULL)
    g_error ("%s", error->message);
  diagnosis = planner_log_diagnose (record, NULL, 8);

  g_print ("log read: %" G_GUINT64_FORMAT " MB, %" G_GUINT64_FORMAT " lines, %" G_GUINT64_FORMAT " iteration lines "
           "in %.2f s: %.0f MB/s\n", bytes / 1000000, record->n_lines, record->n_iteration_lines, elapsed / 1e6,
           (double) bytes / 1e6 / (elapsed / 1e6));
  g_print ("log read: peak resident %.1f MiB during the read (%.1f MiB before it%s); %u series points, %u events kept "
           "of %" G_GUINT64_FORMAT "\n", peak / 1024.0, rss_before / 1024.0,
           reset ? "" : ", peak since start: clear_refs unavailable", record->n_points,
           record->events[PLANNER_LOG_EVENT_NAN]->len, record->n_events[PLANNER_LOG_EVENT_NAN]);
  g_print ("log read: %.0f ms (median of 1)\n", elapsed / 1e3);
  return 0;
}
