/* SPDX-License-Identifier: MIT */
/* test_fileio.c - the atomic writer: new and replaced files, symbolic links
 * (chains, relative, dangling, loops) followed and kept, mode and owner kept,
 * hard links split as documented, refusals that leave everything as it was,
 * 255-byte file names, no temporary files left behind; the reader: capped,
 * regular files only (a named pipe or a device is refused at once); one file
 * by any of its names (fileio_same_file). */
#include "testlevel.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "fileio.h"

typedef struct Dir {
    char path[64];
} Dir;

static void dir_make(Dir *d)
{
    snprintf(d->path, sizeof d->path, "/tmp/isodroid-fileio-XXXXXX");
    assert_non_null(mkdtemp(d->path));
}

/* "dir/name" in a static buffer that fits 255-byte names */
static const char *in(const Dir *d, const char *name)
{
    static char buf[2][400];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s/%s", d->path, name);
    return buf[k];
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void expect_text(const char *path, const char *want)
{
    char *got = test_read_file(path, NULL);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static int entries(const Dir *d)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "exit $(ls -A %s | wc -l)", d->path);
    return WEXITSTATUS(system(cmd));
}

static void dir_remove(Dir *d)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "chmod -R u+w %s; rm -rf %s", d->path, d->path);
    assert_int_equal(system(cmd), 0);
}

static bool write_text(const char *path, const char *text, char *err, size_t n)
{
    return fileio_write_atomic(path, text, strlen(text), err, n);
}

static void test_new_and_replace(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char err[512] = "";
    assert_true(write_text(in(&d, "a.txt"), "one\n", err, sizeof err));
    expect_text(in(&d, "a.txt"), "one\n");
    struct stat sb;
    assert_int_equal(stat(in(&d, "a.txt"), &sb), 0);
    assert_int_equal(sb.st_mode & 07777, FILEIO_NEW_MODE);
    assert_true(write_text(in(&d, "a.txt"), "two\n", err, sizeof err));
    expect_text(in(&d, "a.txt"), "two\n");
    assert_true(fileio_write_atomic(in(&d, "empty"), "", 0, err, sizeof err));
    expect_text(in(&d, "empty"), "");
    assert_int_equal(entries(&d), 2);
    dir_remove(&d);
}

static void test_mode_and_owner(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char err[512] = "";
    const char *p = in(&d, "m.txt");
    put(p, "old\n");
    assert_int_equal(chmod(p, 0640), 0);
    bool root = geteuid() == 0;
    if (root)
        assert_int_equal(chown(p, 1234, 4321), 0);
    assert_true(write_text(p, "new\n", err, sizeof err));
    struct stat sb;
    assert_int_equal(stat(p, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0640);
    if (root) { /* only root may give a file away; others keep their own */
        assert_int_equal(sb.st_uid, 1234);
        assert_int_equal(sb.st_gid, 4321);
    }
    expect_text(p, "new\n");
    dir_remove(&d);
}

static void test_symlinks(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char err[512] = "";
    assert_int_equal(mkdir(in(&d, "real"), 0755), 0);
    put(in(&d, "real/level.txt"), "old\n");
    /* link -> link2 -> real/level.txt, one relative, one absolute */
    assert_int_equal(symlink("real/level.txt", in(&d, "link2")), 0);
    assert_int_equal(symlink(in(&d, "link2"), in(&d, "link")), 0);
    assert_true(write_text(in(&d, "link"), "new\n", err, sizeof err));
    struct stat sb;
    assert_int_equal(lstat(in(&d, "link"), &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    assert_int_equal(lstat(in(&d, "link2"), &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    expect_text(in(&d, "real/level.txt"), "new\n");
    /* the temporary file went beside the real file, and is gone */
    assert_int_equal(entries(&d), 3);
    char *real = fileio_resolve(in(&d, "link"), err, sizeof err);
    assert_string_equal(real, in(&d, "real/level.txt"));
    free(real);

    /* a dangling link creates its target */
    assert_int_equal(symlink("made.txt", in(&d, "dangling")), 0);
    assert_true(write_text(in(&d, "dangling"), "made\n", err, sizeof err));
    expect_text(in(&d, "made.txt"), "made\n");
    assert_int_equal(lstat(in(&d, "dangling"), &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));

    /* a loop is refused and creates nothing */
    assert_int_equal(symlink("loop2", in(&d, "loop1")), 0);
    assert_int_equal(symlink("loop1", in(&d, "loop2")), 0);
    assert_false(write_text(in(&d, "loop1"), "x\n", err, sizeof err));
    assert_non_null(strstr(err, "loop1: more than 40 symbolic links in a row"));
    assert_int_equal(entries(&d), 7);
    dir_remove(&d);
}

static void test_hard_link(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char err[512] = "";
    put(in(&d, "a.txt"), "old\n");
    assert_int_equal(link(in(&d, "a.txt"), in(&d, "b.txt")), 0);
    assert_true(write_text(in(&d, "a.txt"), "new\n", err, sizeof err));
    /* documented: the saved name gets a new file, the other name keeps the old one */
    expect_text(in(&d, "a.txt"), "new\n");
    expect_text(in(&d, "b.txt"), "old\n");
    dir_remove(&d);
}

/* The check of an output against an input: one file by any of its names. */
static void test_same_file(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    put(in(&d, "a.txt"), "a\n");
    put(in(&d, "b.txt"), "a\n"); /* the same bytes, another file */
    assert_int_equal(link(in(&d, "a.txt"), in(&d, "hard.txt")), 0);
    assert_int_equal(symlink("a.txt", in(&d, "sym.txt")), 0);
    assert_int_equal(symlink("sym.txt", in(&d, "sym2.txt")), 0);
    assert_int_equal(symlink("gone.txt", in(&d, "dangling.txt")), 0);
    char *a = strdup(in(&d, "a.txt"));
    assert_true(fileio_same_file(a, a));
    assert_true(fileio_same_file(a, in(&d, "hard.txt")));
    assert_true(fileio_same_file(in(&d, "sym2.txt"), a));
    assert_true(fileio_same_file(in(&d, "sym.txt"), in(&d, "hard.txt")));
    assert_false(fileio_same_file(a, in(&d, "b.txt")));
    assert_false(fileio_same_file(a, in(&d, "gone.txt")));     /* nothing there yet */
    assert_false(fileio_same_file(in(&d, "dangling.txt"), in(&d, "gone.txt")));
    free(a);
    dir_remove(&d);
}

static void test_refusals(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char err[512] = "";
    put(in(&d, "ro.txt"), "keep\n");
    assert_int_equal(chmod(in(&d, "ro.txt"), 0444), 0);
    assert_false(write_text(in(&d, "ro.txt"), "x\n", err, sizeof err));
    assert_non_null(strstr(err, "ro.txt: the file is read-only"));
    expect_text(in(&d, "ro.txt"), "keep\n");

    assert_int_equal(mkdir(in(&d, "sub"), 0755), 0);
    assert_false(write_text(in(&d, "sub"), "x\n", err, sizeof err));
    assert_non_null(strstr(err, "sub: not a regular file"));

    assert_false(write_text(in(&d, "ro.txt/inside"), "x\n", err, sizeof err));
    assert_non_null(strstr(err, "inside: cannot create a temporary file: Not a directory"));

    assert_false(write_text(in(&d, "missing/x.txt"), "x\n", err, sizeof err));
    assert_non_null(strstr(err, "x.txt: cannot create a temporary file: No such file or directory"));
    assert_int_equal(entries(&d), 2);
    dir_remove(&d);
}

static void test_long_names(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char err[512] = "";
    /* a 255-byte file name: the temporary file's name is cut, the file's is not */
    char name[256];
    memset(name, 'n', 251);
    strcpy(name + 251, ".txt");
    assert_true(write_text(in(&d, name), "long\n", err, sizeof err));
    expect_text(in(&d, name), "long\n");
    assert_true(write_text(in(&d, name), "longer\n", err, sizeof err));
    expect_text(in(&d, name), "longer\n");
    assert_int_equal(entries(&d), 1);
    /* a 256-byte name cannot exist: the reason is given */
    char toolong[258];
    memset(toolong, 'n', 256);
    toolong[256] = '\0';
    assert_false(write_text(in(&d, toolong), "x\n", err, sizeof err));
    assert_non_null(strstr(err, ": cannot replace the file: File name too long"));
    assert_int_equal(entries(&d), 1);
    dir_remove(&d);
}

/* The one reader: whole files with a NUL after them, capped, folders and
 * missing files told apart, endless streams stopped at the cap. */
static void test_read_all(void **state)
{
    (void)state;
    char *buf;
    size_t len;
    int err;
    const char text[] = "ab\0cd\n";
    char *path = test_write_temp(text, sizeof text - 1);
    assert_int_equal(fileio_read_all(path, 100, &buf, &len, &err), FILEIO_READ_OK);
    assert_int_equal(len, 6);
    assert_memory_equal(buf, text, 6);
    assert_int_equal(buf[6], '\0');
    free(buf);
    /* exactly at the cap reads; one byte over is too large */
    assert_int_equal(fileio_read_all(path, 6, &buf, &len, &err), FILEIO_READ_OK);
    free(buf);
    assert_int_equal(fileio_read_all(path, 5, &buf, &len, &err), FILEIO_READ_TOO_LARGE);
    assert_null(buf);
    unlink(path);
    free(path);
    assert_int_equal(fileio_read_all("/nonexistent/x", 100, &buf, &len, &err), FILEIO_READ_CANNOT_OPEN);
    assert_int_equal(err, ENOENT);
    assert_int_equal(fileio_read_all("/tmp", 100, &buf, &len, &err), FILEIO_READ_FOLDER);
    /* the cap holds past the first chunk read */
    size_t big = 300000;
    char *many = malloc(big + 1);
    assert_non_null(many);
    memset(many, 'x', big + 1);
    path = test_write_temp(many, big + 1);
    assert_int_equal(fileio_read_all(path, big, &buf, &len, &err), FILEIO_READ_TOO_LARGE);
    assert_null(buf);
    assert_int_equal(fileio_read_all(path, big + 1, &buf, &len, &err), FILEIO_READ_OK);
    assert_int_equal(len, big + 1);
    assert_memory_equal(buf, many, big + 1);
    free(buf);
    unlink(path);
    free(path);
    free(many);
}

/* Only regular files are read. A named pipe used to block in the open until
 * a writer came (for ever: the game hung on a FIFO given as a level, a script
 * or a recording); devices (/dev/zero has no end, /dev/null nothing) are no
 * files either. Each is refused at once, before any read, named "not a
 * regular file"; a link is followed to what it names. */
static void test_read_only_regular_files(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    char *buf = (char *)1;
    size_t len = 1;
    int err = 0;
    assert_int_equal(mkfifo(in(&d, "fifo"), 0600), 0);
    alarm(10); /* a hang fails the test instead of blocking it */
    assert_int_equal(fileio_read_all(in(&d, "fifo"), 100, &buf, &len, &err), FILEIO_READ_CANNOT_OPEN);
    assert_int_equal(err, FILEIO_ENOTREG);
    assert_string_equal(fileio_strerror(err), "not a regular file");
    assert_null(buf);
    assert_int_equal(len, 0);
    /* the same through a symbolic link */
    assert_int_equal(symlink("fifo", in(&d, "link")), 0);
    assert_int_equal(fileio_read_all(in(&d, "link"), 100, &buf, &len, &err), FILEIO_READ_CANNOT_OPEN);
    assert_int_equal(err, FILEIO_ENOTREG);
    /* a FIFO with a writer waiting is refused as well, and never read */
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        int fd = open(in(&d, "fifo"), O_WRONLY); /* blocks until a reader opens */
        if (fd >= 0)
            (void)!write(fd, "quit\n", 5);
        _exit(0);
    }
    assert_int_equal(fileio_read_all(in(&d, "fifo"), 100, &buf, &len, &err), FILEIO_READ_CANNOT_OPEN);
    assert_int_equal(err, FILEIO_ENOTREG);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    /* devices */
    assert_int_equal(fileio_read_all("/dev/zero", 300000, &buf, &len, &err), FILEIO_READ_CANNOT_OPEN);
    assert_int_equal(err, FILEIO_ENOTREG);
    assert_int_equal(fileio_read_all("/dev/null", 10, &buf, &len, &err), FILEIO_READ_CANNOT_OPEN);
    assert_int_equal(err, FILEIO_ENOTREG);
    alarm(0);
    /* other errors keep their own text; a link to a regular file reads */
    assert_string_equal(fileio_strerror(ENOENT), strerror(ENOENT));
    put(in(&d, "real.txt"), "ok\n");
    assert_int_equal(symlink("real.txt", in(&d, "good")), 0);
    assert_int_equal(fileio_read_all(in(&d, "good"), 100, &buf, &len, &err), FILEIO_READ_OK);
    assert_string_equal(buf, "ok\n");
    free(buf);
    dir_remove(&d);
}

/* ---- saving writes what loading accepts ---------------------------------- */

/* A level file of exactly LEVEL_MAX_FILE_BYTES that loads, whose canonical
 * form is a byte longer ("name:x" is written "name: x"): saving it is
 * refused with the reason and writes nothing, neither a new file nor over
 * an old one. A level the loader would refuse for what it holds (no '@')
 * is refused the same way. */
static void test_save_refuses_what_would_not_load(void **state)
{
    (void)state;
    size_t max = (size_t)LEVEL_MAX_FILE_BYTES;
    char *text = malloc(max);
    assert_non_null(text);
    const char *head = "name:x\n#@#\n";
    size_t at = strlen(head);
    memcpy(text, head, at);
    while (at < max) { /* comment lines of up to 1 MiB after the grid */
        size_t line = max - at < ((size_t)1 << 20) ? max - at : (size_t)1 << 20;
        text[at] = ';';
        memset(text + at + 1, 'c', line - 1);
        text[at + line - 1] = '\n';
        at += line;
    }
    Dir d;
    dir_make(&d);
    char *big = strdup(in(&d, "big.txt"));
    FILE *f = fopen(big, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, max, f), max);
    fclose(f);
    free(text);
    Level l;
    NavDiags diags;
    nav_diag_clear(&diags);
    assert_true(level_load(big, &l, &diags)); /* at the limit: it loads */
    size_t len = 0;
    char *canon = level_format(&l, &len);
    assert_non_null(canon);
    assert_true(len == max + 1); /* and grows by a byte when written */
    free(canon);

    char err[512] = "";
    assert_false(level_save(&l, in(&d, "new.txt"), err, sizeof err));
    assert_non_null(strstr(err, "new.txt: not saved"));
    assert_non_null(strstr(err, "more than a level file may have (67108864)"));
    put(in(&d, "old.txt"), "#@#\n");
    assert_false(level_save(&l, in(&d, "old.txt"), err, sizeof err));
    assert_false(level_save(&l, big, err, sizeof err));
    expect_text(in(&d, "old.txt"), "#@#\n");
    assert_int_equal(entries(&d), 2); /* big.txt and old.txt, nothing new, no temporary file */
    struct stat sb;
    assert_int_equal(stat(big, &sb), 0);
    assert_true((size_t)sb.st_size == max);
    level_free(&l);

    /* what level_parse refuses: a level that lost its '@' */
    l = test_level_from_text("name: t\n#@.#\n");
    l.glyphs[1] = '.';
    assert_false(level_save(&l, in(&d, "old.txt"), err, sizeof err));
    assert_non_null(strstr(err, "not saved: the file would not load:"));
    assert_non_null(strstr(err, "no droid start"));
    expect_text(in(&d, "old.txt"), "#@#\n");
    /* and a level that loads is saved */
    l.glyphs[1] = '@';
    assert_true(level_save(&l, in(&d, "old.txt"), err, sizeof err));
    expect_text(in(&d, "old.txt"), "name: t\n#@.#\n");
    assert_int_equal(entries(&d), 2);
    level_free(&l);
    free(big);
    dir_remove(&d);
}

/* ---- a signal in the middle of a save ------------------------------------ */

static int hook_signal;
static volatile sig_atomic_t caught;
static int caught_at_hook;

static void raise_in_save(const char *tmp)
{
    (void)tmp;
    raise(hook_signal);
    caught_at_hook = caught;
}

static void on_signal(int sig)
{
    caught = sig;
}

/* A SIGHUP, SIGINT or SIGTERM raised while the temporary file exists: with
 * the default action the program still dies of it, but only once the file
 * is in place, and no temporary file is left; with a handler the save goes
 * on and the handler runs after it. */
static void test_signal_during_save(void **state)
{
    (void)state;
    const int sigs[] = {SIGHUP, SIGINT, SIGTERM};
    for (int i = 0; i < 3; i++) {
        for (int handled = 0; handled < 2; handled++) {
            Dir d;
            dir_make(&d);
            put(in(&d, "level.txt"), "old\n");
            fflush(NULL);
            pid_t pid = fork();
            assert_true(pid >= 0);
            if (pid == 0) {
                signal(sigs[i], handled ? on_signal : SIG_DFL);
                hook_signal = sigs[i];
                fileio_test_hook = raise_in_save;
                char err[256];
                bool ok = write_text(in(&d, "level.txt"), "new\n", err, sizeof err);
                /* handled: saved, the handler ran after the hook, not in it */
                _exit(handled && ok && caught == sigs[i] && caught_at_hook == 0 ? 0 : 1);
            }
            int status = 0;
            assert_int_equal(waitpid(pid, &status, 0), pid);
            if (handled)
                assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
            else
                assert_true(WIFSIGNALED(status) && WTERMSIG(status) == sigs[i]);
            expect_text(in(&d, "level.txt"), "new\n");
            assert_int_equal(entries(&d), 1); /* no temporary file */
            dir_remove(&d);
        }
    }
}

/* The same from outside, as a hang-up comes: a child saving a 4 MiB file
 * over and over gets a SIGHUP at some moment; it dies, and the folder holds
 * the file, whole, and nothing else. */
static void test_hangup_while_saving(void **state)
{
    (void)state;
    size_t n = (size_t)4 << 20;
    char *data = malloc(n);
    assert_non_null(data);
    memset(data, 'x', n);
    uint64_t seed = 7;
    for (int round = 0; round < 12; round++) {
        Dir d;
        dir_make(&d);
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            signal(SIGHUP, SIG_DFL);
            char err[256];
            for (;;)
                if (!fileio_write_atomic(in(&d, "big.txt"), data, n, err, sizeof err))
                    _exit(2);
        }
        struct timespec wait = {0, 20000000L + (long)(test_rand(&seed) % 30000000u)}; /* 20 to 50 ms */
        nanosleep(&wait, NULL);
        assert_int_equal(kill(pid, SIGHUP), 0);
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGHUP);
        int left = entries(&d);
        if (left != 1 && left != 0) /* the file (or not yet), never a temporary one */
            fail_msg("round %d: %d entries left in %s after the hang-up", round, left, d.path);
        if (left == 1) {
            struct stat sb;
            assert_int_equal(stat(in(&d, "big.txt"), &sb), 0);
            assert_true((size_t)sb.st_size == n);
        }
        dir_remove(&d);
    }
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_and_replace), cmocka_unit_test(test_mode_and_owner),
        cmocka_unit_test(test_symlinks),        cmocka_unit_test(test_hard_link),
        cmocka_unit_test(test_refusals),        cmocka_unit_test(test_long_names),
        cmocka_unit_test(test_read_all),        cmocka_unit_test(test_read_only_regular_files),
        cmocka_unit_test(test_save_refuses_what_would_not_load),
        cmocka_unit_test(test_signal_during_save), cmocka_unit_test(test_hangup_while_saving),
        cmocka_unit_test(test_same_file),
    };
    return cmocka_run_group_tests_name("fileio", tests, NULL, NULL);
}
