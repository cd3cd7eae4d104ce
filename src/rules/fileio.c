/* SPDX-License-Identifier: MIT */
/* fileio.c - atomic replacement of a file: resolve its links, create a
 * temporary file in the real file's folder (mkstemp), write, copy the mode
 * and owner, fsync, rename, fsync the folder, with the signals that end a
 * program held meanwhile. And the one reader: regular files only, opened
 * without blocking, read up to a cap. */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"

/* "dir/" of path ("" when it has no slash): its length. */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* The text of the link at path (malloc'd), or NULL with errno set. */
static char *read_link(const char *path)
{
    size_t cap = 256;
    for (;;) {
        char *buf = malloc(cap);
        if (!buf)
            return NULL;
        ssize_t n = readlink(path, buf, cap);
        if (n < 0) {
            int saved = errno;
            free(buf);
            errno = saved;
            return NULL;
        }
        if ((size_t)n < cap) {
            buf[n] = '\0';
            return buf;
        }
        free(buf);
        if (cap > ((size_t)1 << 20)) {
            errno = ENAMETOOLONG;
            return NULL;
        }
        cap *= 2;
    }
}

char *fileio_resolve(const char *path, char *err, size_t err_size)
{
    char *cur = strdup(path);
    if (!cur) {
        snprintf(err, err_size, "%s: out of memory", path);
        return NULL;
    }
    for (int links = 0;; links++) {
        struct stat sb;
        if (lstat(cur, &sb) != 0 || !S_ISLNK(sb.st_mode))
            return cur; /* not a link, or nothing there yet: cur is the file */
        if (links == FILEIO_LINK_MAX) {
            snprintf(err, err_size, "%s: more than %d symbolic links in a row (a loop?)", path, FILEIO_LINK_MAX);
            free(cur);
            return NULL;
        }
        char *target = read_link(cur);
        if (!target) {
            snprintf(err, err_size, "%s: cannot read the link %s: %s", path, cur, strerror(errno));
            free(cur);
            return NULL;
        }
        /* a relative target is relative to the link's folder */
        size_t keep = target[0] == '/' ? 0 : dir_len(cur), tlen = strlen(target);
        char *next = malloc(keep + tlen + 1);
        if (!next) {
            snprintf(err, err_size, "%s: out of memory", path);
            free(target);
            free(cur);
            return NULL;
        }
        memcpy(next, cur, keep);
        memcpy(next + keep, target, tlen + 1);
        free(target);
        free(cur);
        cur = next;
    }
}

bool fileio_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static bool write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, p + done, len - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        done += (size_t)n;
    }
    return true;
}

/* Makes the rename itself durable; a folder that cannot be opened or synced
 * (some file systems) leaves the file written all the same. */
static void sync_dir(const char *file)
{
    size_t n = dir_len(file);
    char *dir = malloc(n + 2);
    if (!dir)
        return;
    if (n == 0)
        strcpy(dir, ".");
    else {
        memcpy(dir, file, n);
        dir[n] = '\0';
    }
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* ---- holding the signals that end a program --------------------------------
 * From the temporary file's creation to its rename or removal, a hang-up,
 * an interrupt or a termination waits: blocked in this thread, and caught
 * by a handler that only notes it wherever the program would have died of
 * it (the default action, in any thread). Once the temporary file is gone
 * the program's own dispositions come back and what arrived is delivered. */
static const int held_signals[] = {SIGHUP, SIGINT, SIGTERM};
enum { HELD_SIGNALS = sizeof held_signals / sizeof held_signals[0] };

typedef struct SignalHold {
    sigset_t mask;                       /* the thread's mask before */
    struct sigaction was[HELD_SIGNALS];  /* the dispositions before */
    bool replaced[HELD_SIGNALS];
} SignalHold;

static volatile sig_atomic_t held_signal;

static void note_signal(int sig)
{
    held_signal = sig;
}

static void signals_hold(SignalHold *h)
{
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < HELD_SIGNALS; i++)
        sigaddset(&set, held_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, &h->mask);
    held_signal = 0;
    for (int i = 0; i < HELD_SIGNALS; i++) {
        h->replaced[i] = false;
        if (sigaction(held_signals[i], NULL, &h->was[i]) != 0 || (h->was[i].sa_flags & SA_SIGINFO) ||
            h->was[i].sa_handler != SIG_DFL)
            continue; /* ignored or handled by the program: it does not die of it */
        struct sigaction note;
        memset(&note, 0, sizeof note);
        note.sa_handler = note_signal;
        sigfillset(&note.sa_mask);
        note.sa_flags = SA_RESTART;
        h->replaced[i] = sigaction(held_signals[i], &note, NULL) == 0;
    }
}

static void signals_release(SignalHold *h)
{
    int saved = errno;
    for (int i = 0; i < HELD_SIGNALS; i++)
        if (h->replaced[i])
            sigaction(held_signals[i], &h->was[i], NULL);
    int sig = held_signal;
    pthread_sigmask(SIG_SETMASK, &h->mask, NULL); /* what waited for this thread comes now */
    if (sig)
        raise(sig); /* what another thread noted, with the program's disposition */
    errno = saved;
}

/* The hook the tests use to send a signal while the temporary file exists. */
void (*fileio_test_hook)(const char *tmp);

/* Whether the file at real (old its stat, NULL when there is none) may be
 * replaced: a regular file, not marked read-only. */
static bool may_replace(const char *path, const char *real, const struct stat *old, char *err, size_t err_size)
{
    if (old && !S_ISREG(old->st_mode)) {
        snprintf(err, err_size, "%s: not a regular file", path);
        return false;
    }
    /* the rename would replace a read-only file; respect the mark instead */
    if (old && (!(old->st_mode & 0222) || access(real, W_OK) != 0)) {
        snprintf(err, err_size, "%s: the file is read-only", path);
        return false;
    }
    return true;
}

/* "dir/NAME.tmp.XXXXXX" for real (malloc'd; NULL when out of memory), NAME
 * cut so the temporary name stays within NAME_MAX even for a file name of
 * 255 bytes. */
static char *temp_name(const char *real)
{
    size_t dlen = dir_len(real), blen = strlen(real + dlen);
    if (blen > FILEIO_TEMP_BASE_MAX)
        blen = FILEIO_TEMP_BASE_MAX;
    char *tmp = malloc(dlen + blen + 16);
    if (!tmp)
        return NULL;
    memcpy(tmp, real, dlen + blen);
    strcpy(tmp + dlen + blen, ".tmp.XXXXXX");
    return tmp;
}

/* The temporary file fd: data written, the old file's owner and mode (old
 * NULL: FILEIO_NEW_MODE), flushed; false with the failed step in *step. */
static bool fill_temp(int fd, const void *data, size_t len, const struct stat *old, const char **step)
{
    mode_t mode = old ? (old->st_mode & 07777) : FILEIO_NEW_MODE;
    if (!write_all(fd, data, len)) {
        *step = "cannot write";
        return false;
    }
    /* the owner first: a chown may clear set-id bits that fchmod then restores */
    if (old && (old->st_uid != geteuid() || old->st_gid != getegid())) {
        bool kept = fchown(fd, old->st_uid, old->st_gid) == 0 || fchown(fd, (uid_t)-1, old->st_gid) == 0;
        (void)kept; /* not permitted: the file is ours now, as any file we create */
    }
    if (fchmod(fd, mode) != 0) {
        *step = "cannot set permissions";
        return false;
    }
    if (fsync(fd) != 0) {
        *step = "cannot flush to disk";
        return false;
    }
    return true;
}

/* Closes the temporary file fd and, when it was filled (ok), renames it
 * over real; false with the failed step in *step and errno its cause, the
 * temporary file removed. */
static bool close_and_rename(int fd, bool ok, const char *tmp, const char *real, const char **step)
{
    int saved = errno;
    if (close(fd) != 0 && ok) {
        *step = "cannot close";
        ok = false;
        saved = errno;
    }
    errno = saved;
    if (ok && rename(tmp, real) != 0) {
        *step = "cannot replace the file";
        ok = false;
    }
    if (!ok) {
        saved = errno;
        unlink(tmp);
        errno = saved;
    }
    return ok;
}

bool fileio_write_atomic(const char *path, const void *data, size_t len, char *err, size_t err_size)
{
    char *real = fileio_resolve(path, err, err_size);
    if (!real)
        return false;
    struct stat st;
    const struct stat *old = stat(real, &st) == 0 ? &st : NULL;
    if (!may_replace(path, real, old, err, err_size)) {
        free(real);
        return false;
    }
    char *tmp = temp_name(real);
    if (!tmp) {
        snprintf(err, err_size, "%s: out of memory", path);
        free(real);
        return false;
    }

    const char *step = "cannot create a temporary file";
    SignalHold hold;
    signals_hold(&hold);
    int fd = mkstemp(tmp);
    bool ok = fd >= 0;
    if (ok) {
        if (fileio_test_hook)
            fileio_test_hook(tmp);
        ok = close_and_rename(fd, fill_temp(fd, data, len, old, &step), tmp, real, &step);
    }
    signals_release(&hold);
    if (ok)
        sync_dir(real);
    else
        snprintf(err, err_size, "%s: %s: %s", path, step, strerror(errno));
    free(tmp);
    free(real);
    return ok;
}

const char *fileio_strerror(int errnum)
{
    return errnum == FILEIO_ENOTREG ? "not a regular file" : strerror(errnum);
}

/* A named pipe would block the open or the read until a writer came, a
 * device may never end, a socket cannot be opened: only regular files are
 * read. The type is looked at first (stat opens nothing, so no device sees
 * an open), then again on the open descriptor, which is what is read. */
static int open_regular(const char *path, int *errnum, bool *folder)
{
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        *folder = S_ISDIR(sb.st_mode);
        *errnum = FILEIO_ENOTREG;
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        *errnum = errno;
        return -1;
    }
    int got = fstat(fd, &sb);
    if (got != 0 || !S_ISREG(sb.st_mode)) {
        *folder = got == 0 && S_ISDIR(sb.st_mode);
        *errnum = FILEIO_ENOTREG;
        close(fd);
        return -1;
    }
    /* a regular file: reads block as usual */
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

FileioRead fileio_read_all(const char *path, size_t max, char **out, size_t *len, int *errnum)
{
    *out = NULL;
    *len = 0;
    *errnum = 0;
    bool folder = false;
    int fd = open_regular(path, errnum, &folder);
    if (fd < 0) {
        if (folder) {
            *errnum = 0;
            return FILEIO_READ_FOLDER;
        }
        return FILEIO_READ_CANNOT_OPEN;
    }
    /* grown as it fills, up to one byte past max, which tells a file that is too large */
    size_t cap = max < 65535 ? max + 1 : 65536, n = 0;
    char *buf = malloc(cap + 1);
    FileioRead r = buf ? FILEIO_READ_OK : FILEIO_READ_NO_MEMORY;
    while (r == FILEIO_READ_OK) {
        if (n == cap) {
            if (cap > max)
                break;
            size_t size = cap + 1; /* with room for the NUL; at most max + 1 bytes read */
            if (!buf_room(&buf, &size, 1, size + 1, size, max < SIZE_MAX - 2 ? max + 2 : SIZE_MAX)) {
                r = FILEIO_READ_NO_MEMORY;
                break;
            }
            cap = size - 1;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            *errnum = errno;
            r = FILEIO_READ_FAILED;
            break;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (r == FILEIO_READ_OK && n > max)
        r = FILEIO_READ_TOO_LARGE;
    if (r != FILEIO_READ_OK) {
        free(buf);
        return r;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return FILEIO_READ_OK;
}

bool fileio_make_dirs_for(const char *file)
{
    char *d = strdup(file);
    if (!d)
        return false;
    for (char *s = d + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(d, 0755) != 0 && errno != EEXIST) {
            free(d);
            return false;
        }
        *s = '/';
    }
    free(d);
    return true;
}

/* a then b in one new string (the caller frees); NULL when out of memory */
static char *joined(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 1;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s%s", a, b);
    return out;
}

char *fileio_beside(const char *path, const char *suffix)
{
    char err[64];
    char *real = fileio_resolve(path, err, sizeof err);
    if (!real)
        real = strdup(path);
    if (!real)
        return NULL;
    char *out = joined(real, suffix);
    free(real);
    return out;
}

char *fileio_free_bad_name(const char *path, int max, int *err)
{
    *err = 0;
    for (int k = 0; k < max; k++) {
        char suffix[32];
        if (k == 0)
            snprintf(suffix, sizeof suffix, ".bad");
        else
            snprintf(suffix, sizeof suffix, ".bad.%d", k);
        char *name = fileio_beside(path, suffix);
        if (!name) {
            *err = ENOMEM;
            return NULL;
        }
        struct stat sb;
        if (lstat(name, &sb) != 0) {
            if (errno == ENOENT)
                return name;
            *err = errno;
            free(name);
            return NULL;
        }
        free(name);
    }
    return NULL;
}

int fileio_lock_beside(const char *path, int wait_ms, char *err, size_t err_size)
{
    char *name = fileio_beside(path, ".lock");
    if (!name) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    int fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0644);
    if (fd < 0) {
        snprintf(err, err_size, "cannot open the lock %s (%s)", name, strerror(errno));
        free(name);
        return -1;
    }
    for (int waited = 0;;) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            break;
        if (errno == EINTR)
            continue;
        if (errno != EWOULDBLOCK) { /* no locks here (ENOLCK, EINVAL...): go on all the same */
            close(fd);
            free(name);
            return -2;
        }
        if (waited >= wait_ms) {
            snprintf(err, err_size, "another game holds %s", name);
            close(fd);
            free(name);
            return -1;
        }
        nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
        waited += 10;
    }
    free(name);
    return fd;
}

char *fileio_user_path(const char *xdg_var, const char *under_xdg, const char *under_home)
{
    const char *xdg = getenv(xdg_var), *home = getenv("HOME");
    const char *base = xdg && xdg[0] == '/' ? xdg : NULL, *tail = under_xdg;
    if (!base && home && home[0]) {
        base = home;
        tail = under_home;
    }
    if (!base)
        return NULL;
    return joined(base, tail);
}
