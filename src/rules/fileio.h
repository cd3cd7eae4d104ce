/* SPDX-License-Identifier: MIT */
/* fileio.h - whole files in and out: the one reader (levels, scripts,
 * recordings, progress, the game's assets), of regular files only (a named pipe never blocks it)
 * and capped in size so no file reads for ever, and the
 * one atomic writer (levels, progress, anything saved): the bytes go to a
 * temporary file beside the real file, are flushed to disk and renamed over
 * it, so a crash or a full disk never leaves half a file. And the one check
 * that an output is not an input (fileio_same_file).
 * Pure C (POSIX). Never prints; errors come back as text.
 *
 * Links: a symbolic link (or a chain of them, at most FILEIO_LINK_MAX) is
 * followed, and the file it names is replaced; the link stays a link. A
 * dangling link creates its target. A hard link cannot be kept: the rename
 * gives the saved name a new file, and the other names of the old one keep
 * the old contents (writing in place would keep them joined, but a crash
 * midway would leave half a file in every name).
 * Mode and owner: the new file gets the old one's permission bits and, where
 * the process may (root, or a group it belongs to), its owner and group; a new
 * file gets FILEIO_NEW_MODE. A file without write permission for us is
 * refused, as are directories and other non-regular files. */
#ifndef ISODROID_FILEIO_H
#define ISODROID_FILEIO_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

enum {
    FILEIO_LINK_MAX = 40,       /* symbolic links followed before giving up (as Linux's ELOOP) */
    FILEIO_TEMP_BASE_MAX = 200, /* bytes of the file name kept in the temporary file's name */
};
#define FILEIO_NEW_MODE 0644

/* What fileio_read_all found; each reader says it in its own words. */
typedef enum FileioRead {
    FILEIO_READ_OK,
    FILEIO_READ_CANNOT_OPEN, /* *errnum says why */
    FILEIO_READ_FOLDER,
    FILEIO_READ_TOO_LARGE,   /* more than max bytes (an endless stream stops there) */
    FILEIO_READ_FAILED,      /* a read error: *errnum says why */
    FILEIO_READ_NO_MEMORY,
} FileioRead;

/* Reads the whole of path, at most max bytes, into a malloc'd buffer (the
 * caller frees *out) with a NUL after its *len bytes; the file itself may hold
 * NUL bytes. On anything but FILEIO_READ_OK, *out is NULL.
 * Only a regular file (or a link to one) is read. Anything else, a named pipe
 * (which would block until a writer came), a device (/dev/zero never ends,
 * /dev/null is empty), a socket, is refused at once, before any read and
 * without waiting: FILEIO_READ_CANNOT_OPEN with *errnum FILEIO_ENOTREG; a
 * folder is FILEIO_READ_FOLDER. */
FileioRead fileio_read_all(const char *path, size_t max, char **out, size_t *len, int *errnum);

/* *errnum for a path that is not a regular file. A system errno (strerror
 * reads "Operation not supported") so that strerror(*errnum) stays
 * meaningful; fileio_strerror names it properly. */
#define FILEIO_ENOTREG EOPNOTSUPP

/* The text of a fileio_read_all *errnum: "not a regular file" for
 * FILEIO_ENOTREG, else strerror's. */
const char *fileio_strerror(int errnum);

/* Replaces the file path names (after its links) with len bytes of data,
 * atomically. On failure returns false, leaves any existing file as it was,
 * removes the temporary file and writes "PATH: what failed: why" into err.
 * Signals: a SIGHUP, SIGINT or SIGTERM that arrives while the temporary file
 * exists waits until it is renamed or removed, then is delivered as the
 * program disposes of it (the calling thread blocks them meanwhile; where
 * one would end the program, a handler notes it in any thread and raises it
 * again after). So a hang-up in the middle of a save never leaves a
 * temporary file behind. */
bool fileio_write_atomic(const char *path, const void *data, size_t len, char *err, size_t err_size);
/* A per-user file's path: $XDG_VAR/under_xdg when that variable is an
 * absolute path, else $HOME/under_home (malloc'd); NULL when neither is set. */
char *fileio_user_path(const char *xdg_var, const char *under_xdg, const char *under_home);
/* mkdir -p for the folder a file goes in (0755); false when one cannot be made. */
bool fileio_make_dirs_for(const char *file);
/* The file path names (its symbolic links resolved, else path as given)
 * with suffix added; malloc'd, NULL when out of memory. */
char *fileio_beside(const char *path, const char *suffix);
/* The first free name a damaged file can be kept under, of FILE.bad,
 * FILE.bad.1 ... FILE.bad.(max - 1) (malloc'd), or NULL when all are taken
 * or on an error (then *err is errno's, 0 when all are taken). */
char *fileio_free_bad_name(const char *path, int max, int *err);
/* Takes FILE.lock (flock), waiting at most wait_ms for another holder: the
 * descriptor (close it to unlock), -2 when the file system has no locks
 * (go on unlocked), -1 with why in err when it cannot. */
int fileio_lock_beside(const char *path, int wait_ms, char *err, size_t err_size);
/* For tests: called with the temporary file's path just after it is made
 * (NULL: nothing is called). */
extern void (*fileio_test_hook)(const char *tmp);

/* Whether a and b name one file: the same file after their symbolic links,
 * or hard links to it (same device and inode). False when either does not
 * exist. The check of an output against an input (isodroid --record,
 * isopath --out), so that writing the one never wipes the other. */
bool fileio_same_file(const char *a, const char *b);

/* The path of the file path names once the symbolic links of its last
 * component are followed (path itself when it is no link or does not exist);
 * malloc'd, caller frees. NULL with the reason in err on a link loop, an
 * unreadable link or no memory. */
char *fileio_resolve(const char *path, char *err, size_t err_size);

#endif
