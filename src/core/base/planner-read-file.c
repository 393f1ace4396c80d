/* planner-read-file.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading a whole input named by the person, whatever it is: a file, a
 * named pipe, a device, a pseudo-file.  At most the cap plus one byte is
 * read, and every read waits a bounded time, so nothing given can hang
 * the command line or the window.
 */

#define G_LOG_DOMAIN "planner-read-file"

#include "config.h"

#include "planner-read-file.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

static gboolean
set_read_error (GError     **error,
                int          saved_errno,
                const char  *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not read %s: %s"), path, g_strerror (saved_errno));
  return FALSE;
}

static gboolean
too_large (GError     **error,
           const char  *path,
           const char  *what,
           gsize        max_bytes)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("%s gives more than %zu MiB; a %s is read only up to %zu MiB"),
               path, max_bytes / (1024 * 1024), what, max_bytes / (1024 * 1024));
  return FALSE;
}

/* Waits for @fd to be readable.  FALSE when @seconds pass first (-1: no limit). */
static gboolean
wait_readable (int fd,
               int seconds)
{
  struct pollfd p = { .fd = fd, .events = POLLIN };
  int r;

  do
    r = poll (&p, 1, seconds < 0 ? -1 : seconds * 1000);
  while (r < 0 && errno == EINTR);
  return r != 0;
}

/* Reads up to @max_bytes + 1 bytes, whatever @fd is. */
static gboolean
read_bounded (int          fd,
              const char  *path,
              const char  *what,
              gboolean     pipe_like,
              int          idle_seconds,
              gsize        max_bytes,
              GString     *out,
              GError     **error)
{
  gboolean waited_for_writer = FALSE;
  char buffer[65536];

  for (;;)
    {
      gsize want = MIN (sizeof buffer, max_bytes + 1 - out->len);
      gssize n = read (fd, buffer, want);

      if (n > 0)
        {
          g_string_append_len (out, buffer, n);
          if (out->len > max_bytes)
            return too_large (error, path, what, max_bytes);
          continue;
        }
      if (n == 0)
        {
          /* A named pipe opened without blocking reads end-of-file while
           * no writer has come yet: wait a while for one, once. */
          if (pipe_like && out->len == 0 && !waited_for_writer && idle_seconds >= 0)
            {
              waited_for_writer = TRUE;
              if (!wait_readable (fd, idle_seconds))
                {
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                               _("%s is a named pipe and nothing wrote to it within %d seconds; start its "
                                 "writer first, or give “-” to read standard input"), path, idle_seconds);
                  return FALSE;
                }
              continue;
            }
          return TRUE;
        }
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN)   /* EWOULDBLOCK on Linux */
        {
          /* Every read waits a bounded time, not only the first: a writer
           * that sends a byte and stalls, or a pseudo-file whose read
           * blocks (/proc/kmsg), is refused too. */
          if (!wait_readable (fd, idle_seconds))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           _("%s gave no data for %d seconds; a %s is read from a file"), path, idle_seconds, what);
              return FALSE;
            }
          continue;
        }
      return set_read_error (error, errno, path);
    }
}

/**
 * planner_read_file_bounded:
 * @path: the file as the person gave it; "-" is standard input
 * @max_bytes: the most that is read; more is refused
 * @what: what the file is meant to be, for messages ("job file")
 * @idle_seconds: the longest wait for a writer or between two reads
 *   (standard input always waits as long as the person types)
 *
 * Reads all of @path.  A folder, a terminal, a file over the cap, a pipe
 * nobody writes to and an input that stalls are refused with a message
 * naming @path and what to give instead.
 */
gboolean
planner_read_file_bounded (const char  *path,
                           gsize        max_bytes,
                           const char  *what,
                           int          idle_seconds,
                           char       **contents,
                           gsize       *length,
                           GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean from_stdin = g_str_equal (path, "-");
  const char *shown = from_stdin ? _("standard input") : path;
  struct stat st;
  gboolean ok;
  int fd;

  /* Never blocks in open(): a named pipe without a writer opens at once. */
  if (*path == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("the name of the %s is empty (“”); give the path of a file, or “-” for standard input"), what);
      return FALSE;
    }
  fd = from_stdin ? STDIN_FILENO : open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return set_read_error (error, errno, path);
  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      if (!from_stdin)
        close (fd);
      return set_read_error (error, saved_errno, shown);
    }

  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("%s is a folder, not a %s"), shown, what);
      ok = FALSE;
    }
  else if (!from_stdin && isatty (fd))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("%s is a terminal; to type the %s, give “-” (standard input)"), shown, what);
      ok = FALSE;
    }
  else if (S_ISREG (st.st_mode) && st.st_size > (off_t) max_bytes)
    {
      /* Refused before reading a byte; decimal megabytes, as file
       * managers show them. */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s is %.1f MB; a %s is read only up to %zu MiB"), shown, st.st_size / 1e6, what, max_bytes / (1024 * 1024));
      ok = FALSE;
    }
  else
    {
      gboolean pipe_like = S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode);

      /* Everything named stays non-blocking and is waited for with a
       * limit: a disk file never waits, and a "regular" pseudo-file of
       * size 0 may (/proc/kmsg).  Standard input blocks as usual. */
      ok = read_bounded (fd, shown, what, pipe_like, from_stdin ? -1 : idle_seconds, max_bytes, out, error);
    }
  if (!from_stdin)
    close (fd);
  if (!ok)
    return FALSE;

  *length = out->len;
  *contents = g_string_free (g_steal_pointer (&out), FALSE);
  return TRUE;
}
