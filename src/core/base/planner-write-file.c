/* planner-write-file.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every file the app writes goes through here, so one rule decides what
 * may be replaced and every write is atomic.  Why not
 * g_file_set_contents: it checks nothing about the target (it renames
 * over a device or a fifo) and always replaces, so a file created between
 * a caller's existence check and the rename is lost.
 */

#define G_LOG_DOMAIN "planner-write-file"
/* renameat2, O_TMPFILE and their flags. */
#define _GNU_SOURCE

#include "config.h"

#include "planner-write-file.h"
#include "planner-write-file-private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

G_DEFINE_QUARK (planner-write-file-error-quark, planner_write_error)

/* The most of the target's name the temporary file's name repeats. */
#define TMP_BASE_MAX 200

/* Tests only: runs between the temporary file and the rename, where a
 * racing program would act. */
static PlannerWriteHook before_commit;
static gpointer before_commit_data;
/* Tests only: the named temporary file even where O_TMPFILE works. */
static gboolean no_tmpfile;

void
_planner_write_file_set_no_tmpfile (gboolean named)
{
  no_tmpfile = named;
}

void
_planner_write_file_set_before_commit (PlannerWriteHook hook,
                                       gpointer         data)
{
  before_commit = hook;
  before_commit_data = data;
}

static const char *
kind_of (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
  if (S_ISCHR (mode))
    return _("a character device");
  if (S_ISBLK (mode))
    return _("a block device");
  if (S_ISFIFO (mode))
    return _("a named pipe (fifo)");
  if (S_ISSOCK (mode))
    return _("a socket");
  return _("not a regular file");
}

static void
set_not_regular (GError     **error,
                 const char  *path,
                 mode_t       mode)
{
  g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_NOT_REGULAR,
               _("%s is %s, not a regular file; it is never replaced, not even on request: choose a file name"),
               path, kind_of (mode));
}

/* The entry was a file or a link when checked and became @mode's kind
 * before the rename: the rename was undone, so nothing reached it. */
static void
set_became (GError     **error,
            const char  *path,
            mode_t       mode)
{
  g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_NOT_REGULAR,
               _("%s became %s while this file was being written; nothing was written there, and it was left as "
                 "it is"),
               path, kind_of (mode));
}

static void
set_exists (GError     **error,
            const char  *path,
            gboolean     appeared)
{
  if (appeared)
    g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_EXISTS,
                 _("%s was created by something else while this file was being written; it was left as it is"),
                 path);
  else
    g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_EXISTS,
                 _("%s already exists; it was left as it is"),
                 path);
}

static void
set_io (GError     **error,
        const char  *path,
        int          saved_errno)
{
  g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_IO,
               _("Could not write %s: %s"), path, g_strerror (saved_errno));
}

/* The rule.  @exists tells the caller whether there is an entry to replace. */
static gboolean
check_target (const char         *path,
              PlannerWriteFlags   flags,
              gboolean           *exists,
              GError            **error)
{
  struct stat st;

  *exists = FALSE;
  if (lstat (path, &st) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT)
        return TRUE;
      set_io (error, path, saved_errno);
      return FALSE;
    }
  *exists = TRUE;

  if (S_ISLNK (st.st_mode))
    {
      struct stat target;

      /* A link to a device, a pipe or a folder (/dev/stdout, a link to
       * /dev/null) names that thing: replacing the link would destroy it
       * as surely as replacing the device, so the same refusal. */
      if (stat (path, &target) == 0 && !S_ISREG (target.st_mode))
        {
          g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_NOT_REGULAR,
                       _("%s is a symbolic link to %s, not to a regular file; it is never replaced, not even on "
                         "request: choose a file name"), path,
                       kind_of (target.st_mode));
          return FALSE;
        }
      if (flags & PLANNER_WRITE_REPLACE)
        return TRUE;
      /* Dangling or not, the same answer: writing would replace the link. */
      g_set_error (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_EXISTS,
                   stat (path, &target) == 0
                   ? _("%s is a symbolic link; it was left as it is")
                   : _("%s is a symbolic link to a file that does not exist; it was left as it is"),
                   path);
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      set_not_regular (error, path, st.st_mode);
      return FALSE;
    }
  if (!(flags & PLANNER_WRITE_REPLACE))
    {
      set_exists (error, path, FALSE);
      return FALSE;
    }
  return TRUE;
}

gboolean
planner_write_check (const char         *path,
                     PlannerWriteFlags   flags,
                     GError            **error)
{
  gboolean exists;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*path == '\0')
    {
      g_set_error_literal (error, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_IO, _("The file name is empty"));
      return FALSE;
    }
  return check_target (path, flags, &exists, error);
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* The new entry must not replace anything.  -1 with errno on failure;
 * errno EEXIST means a file appeared. */
static int
commit_new (const char *tmp,
            const char *path)
{
  struct stat st;

#if HAVE_RENAMEAT2 && defined(RENAME_NOREPLACE)
  if (renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
    return 0;
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
    return -1;
#endif
  /* No renameat2 here (or not on this file system): a hard link fails
   * when the name is taken, just as atomically. */
  if (link (tmp, path) == 0)
    {
      g_unlink (tmp);
      return 0;
    }
  if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
    return -1;
  /* A file system without hard links (FAT): the last check is as close
   * to the rename as it can be. */
  if (lstat (path, &st) == 0)
    {
      errno = EEXIST;
      return -1;
    }
  return rename (tmp, path);
}

/* Replaces the entry at @path, which was a file or a link when checked.
 * Returns -1 with errno, or -2 with *@found set when it turned into
 * something that must not be replaced. */
static int
commit_replace (const char *tmp,
                const char *path,
                mode_t     *found)
{
  struct stat st;

#if HAVE_RENAMEAT2 && defined(RENAME_EXCHANGE)
  /* Swap, then look at what came out: a device or fifo swapped in since
   * the check goes straight back. */
  if (renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE) == 0)
    {
      if (lstat (tmp, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode))
        {
          renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE);
          *found = st.st_mode;
          return -2;
        }
      g_unlink (tmp);
      return 0;
    }
  if (errno == ENOENT)
    return commit_new (tmp, path);   /* it went away meanwhile */
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
    return -1;
#endif
  if (lstat (path, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode))
    {
      *found = st.st_mode;
      return -2;
    }
  return rename (tmp, path);
}

static void
sync_folder (const char *folder)
{
  int fd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* A name beside @path for the named temporary file: ".NAME.XXXXXX", the
 * name cut to TMP_BASE_MAX bytes so that names near the file system's 255
 * bytes still get one (the bytes are any bytes). */
static char *
tmp_template (const char *folder,
              const char *base)
{
  return g_strdup_printf ("%s/.%.*s.XXXXXX", folder, (int) MIN (strlen (base), (gsize) TMP_BASE_MAX), base);
}

/* Links the unnamed file @fd to a fresh unique name beside @path (link
 * never replaces, so a taken name is tried again).  Returns the name, or
 * NULL with errno. */
static char *
link_unique (int         fd,
             const char *proc_path,
             const char *folder,
             const char *base)
{
  static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *name = tmp_template (folder, base);
      char *x = name + strlen (name) - 6;

      for (guint i = 0; i < 6; i++)
        x[i] = letters[g_random_int_range (0, sizeof letters - 1)];
      if (linkat (AT_FDCWD, proc_path, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
        return g_steal_pointer (&name);
      if (errno != EEXIST)
        return NULL;
    }
  errno = EEXIST;
  return NULL;
}

static void
set_commit_error (GError     **error,
                  const char  *path,
                  int          result,
                  int          saved_errno,
                  mode_t       found)
{
  if (result == -2)
    set_became (error, path, found);
  else if (saved_errno == EEXIST)
    set_exists (error, path, TRUE);
  else
    set_io (error, path, saved_errno);
}

/* The file written into an unnamed inode (O_TMPFILE), given a name only
 * when it is complete, so a writer killed at any moment leaves nothing
 * behind: a new file is linked straight to @path (link never replaces);
 * a replacement is linked to a unique name and renamed over @path at once.
 * Returns -1 when this file system has no O_TMPFILE (or /proc is not
 * mounted), for the caller to use a named temporary file; else TRUE or
 * FALSE with @error set. */
static int
write_unnamed (const char         *path,
               const char         *folder,
               const char         *base,
               const char         *data,
               gsize               length,
               guint               mode,
               gboolean            exists,
               GError            **error)
{
#ifdef O_TMPFILE
  g_autofree char *proc_path = NULL;
  g_autofree char *tmp = NULL;
  mode_t found = 0;
  int fd;
  int result;

  if (no_tmpfile || access ("/proc/self/fd", X_OK) != 0)
    return -1;
  /* open() applies the umask to @mode. */
  fd = open (folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t) mode);
  if (fd < 0)
    {
      int saved_errno = errno;

      /* EISDIR: a kernel without O_TMPFILE; EOPNOTSUPP, EINVAL: a file
       * system without it. */
      if (saved_errno == EOPNOTSUPP || saved_errno == EISDIR || saved_errno == EINVAL)
        return -1;
      set_io (error, path, saved_errno);
      return FALSE;
    }
  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      int saved_errno = errno;

      close (fd);
      set_io (error, path, saved_errno);
      return FALSE;
    }

  if (before_commit != NULL)
    before_commit (path, before_commit_data);
  /* As open(2) documents: linkat through /proc with AT_SYMLINK_FOLLOW,
   * which needs no privilege (AT_EMPTY_PATH does). */
  proc_path = g_strdup_printf ("/proc/self/fd/%d", fd);
  if (!exists)
    {
      result = linkat (AT_FDCWD, proc_path, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
    }
  else
    {
      tmp = link_unique (fd, proc_path, folder, base);
      result = tmp != NULL ? commit_replace (tmp, path, &found) : -1;
    }
  if (result != 0)
    {
      int saved_errno = errno;

      close (fd);
      if (tmp != NULL)
        g_unlink (tmp);
      set_commit_error (error, path, result, saved_errno, found);
      return FALSE;
    }
  /* fsync has reported any error of the write; close after it cannot lose
   * data on the local file systems that have O_TMPFILE. */
  close (fd);
  return TRUE;
#else
  return -1;
#endif
}

/* The portable way: a named temporary file, renamed into place. */
static gboolean
write_named (const char         *path,
             const char         *folder,
             const char         *base,
             const char         *data,
             gsize               length,
             guint               mode,
             gboolean            exists,
             GError            **error)
{
  g_autofree char *tmp = tmp_template (folder, base);
  mode_t found = 0;
  int fd;
  int result;

  /* O_EXCL inside g_mkstemp_full never follows a link. */
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, (int) mode);
  if (fd < 0)
    {
      set_io (error, path, errno);
      return FALSE;
    }
  /* mkstemp applies the umask to @mode, as open() would. */
  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      int saved_errno = errno;

      close (fd);
      g_unlink (tmp);
      set_io (error, path, saved_errno);
      return FALSE;
    }
  if (close (fd) != 0)
    {
      int saved_errno = errno;

      g_unlink (tmp);
      set_io (error, path, saved_errno);
      return FALSE;
    }

  if (before_commit != NULL)
    before_commit (path, before_commit_data);
  result = exists ? commit_replace (tmp, path, &found) : commit_new (tmp, path);
  if (result != 0)
    {
      int saved_errno = errno;

      g_unlink (tmp);
      set_commit_error (error, path, result, saved_errno, found);
      return FALSE;
    }
  return TRUE;
}

gboolean
planner_write_file (const char         *path,
                    const char         *data,
                    gsize               length,
                    guint               mode,
                    PlannerWriteFlags   flags,
                    GError            **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  gboolean exists;
  int written;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*path == '\0')
    return planner_write_check (path, flags, error);
  if (!check_target (path, flags, &exists, error))
    return FALSE;

  /* The new file is made in the target's folder, so the rename or link
   * stays on one file system. */
  folder = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  written = write_unnamed (path, folder, base, data, length, mode, exists, error);
  if (written < 0)
    written = write_named (path, folder, base, data, length, mode, exists, error);
  if (!written)
    return FALSE;
  sync_folder (folder);
  return TRUE;
}

typedef struct
{
  GBytes            *bytes;
  guint              mode;
  PlannerWriteFlags  flags;
} WriteData;

static void
write_data_free (gpointer data)
{
  WriteData *w = data;

  g_bytes_unref (w->bytes);
  g_free (w);
}

static void
write_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  WriteData *w = task_data;
  g_autofree char *path = g_file_get_path (G_FILE (source_object));
  GError *error = NULL;
  gsize length = 0;
  const char *data = g_bytes_get_data (w->bytes, &length);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!planner_write_file (path, data != NULL ? data : "", length, w->mode, w->flags, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
replaced_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
planner_write_file_async (GFile               *file,
                          GBytes              *bytes,
                          guint                mode,
                          PlannerWriteFlags    flags,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = NULL;
  WriteData *w;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL);

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, planner_write_file_async);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      /* Remote: GIO's rules (it refuses folders and special files); without
       * PLANNER_WRITE_REPLACE an existing file is still refused first. */
      if (!(flags & PLANNER_WRITE_REPLACE) && g_file_query_exists (file, cancellable))
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_task_return_new_error (task, PLANNER_WRITE_ERROR, PLANNER_WRITE_ERROR_EXISTS,
                                   _("%s already exists; it was left as it is"), name);
          return;
        }
      g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                           cancellable, replaced_cb, g_steal_pointer (&task));
      return;
    }
  w = g_new0 (WriteData, 1);
  w->bytes = g_bytes_ref (bytes);
  w->mode = mode;
  w->flags = flags;
  g_task_set_task_data (task, w, write_data_free);
  g_task_run_in_thread (task, write_in_thread);
}

gboolean
planner_write_file_finish (GFile         *file,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The directory entry @path names, with every link on the way to it
 * resolved except @path's own last component. */
static char *
entry_of (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *real_folder = realpath (folder, NULL);

  if (real_folder == NULL)
    return NULL;
  return g_build_filename (real_folder, base, NULL);
}

gboolean
planner_write_replaces (const char *target,
                        const char *source)
{
  g_autofree char *written = NULL;
  g_autofree char *read = NULL;

  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (source != NULL, FALSE);

  /* Writing replaces the entry @target names (a link there is replaced,
   * not followed); the file read is where @source leads. */
  written = entry_of (target);
  read = realpath (source, NULL);
  return written != NULL && read != NULL && strcmp (written, read) == 0;
}
