/* SPDX-License-Identifier: MIT */
/* test_progress.c - the progress file: bests are keyed by the level's
 * content, not its file name (two packs' same-named levels keep their own,
 * one level under two names shares them); any file name, tabs and line
 * ends included, round-trips; an earlier version's file is read, kept and
 * used until a level has its own entry; two games winning in turn (and one
 * holding the lock) keep each other's bests; CRLF, a byte-order mark and
 * trailing spaces read as the same bests, a damaged line is dropped and
 * named, never the whole file; damaged files are kept aside under numbered
 * names, never over one another; the writer writes only what the reader
 * takes back (values, names, the count of levels, the size); a named pipe
 * as the progress file is refused at once. */
#include "testlevel.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "fileio.h"
#include "hash.h"
#include "progress.h"

/* A stand-in for a level's content key where a test is about the file, not
 * the keys: here one level a file name. */
static uint64_t key_of(const char *path)
{
    const char *slash = strrchr(path, '/'), *s = slash ? slash + 1 : path;
    uint64_t h = HASH_BASIS;
    hash_bytes(&h, s, strlen(s));
    return h;
}

static bool record(Progress *p, const char *path, double time, long steps, double energy, bool *best)
{
    return progress_record(p, key_of(path), path, time, steps, energy, false, best);
}

static const ProgressEntry *get(const Progress *p, const char *path)
{
    return progress_get(p, key_of(path), path);
}

static void expect_file(const TestDir *d, const char *suffix, const char *text, size_t len)
{
    size_t got_len = 0;
    char *got = test_read_file(test_dir_at(d, suffix), &got_len);
    assert_non_null(got);
    assert_int_equal(got_len, len);
    assert_memory_equal(got, text, len);
    free(got);
}

static void expect_entry(const Progress *p, const char *level, double time, long steps, double energy)
{
    const ProgressEntry *e = get(p, level);
    if (!e)
        fail_msg("no entry for %s", level);
    assert_true(fabs(e->best_time - time) < 1e-9);
    assert_int_equal(e->best_steps, steps);
    assert_true(fabs(e->best_energy - energy) < 1e-9);
}

/* Loads the file again: it must read whole, with count levels. */
static void expect_clean(const TestDir *d, int count)
{
    Progress p;
    progress_load(&p, d->file);
    assert_string_equal(p.error, "");
    assert_false(p.corrupt);
    assert_int_equal(p.count, count);
    progress_free(&p);
}

/* Two games started from the same file each win a level: the later write
 * used to replace the file with its own entries only, losing the first
 * game's win. Now each win merges the file as it is, value by value. */
static void test_two_games_keep_each_others_bests(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    Progress a, b;
    bool best;
    progress_load(&a, d.file);
    progress_load(&b, d.file);
    assert_true(record(&a, "levels/01_tutorial.txt", 10.0, 50, 30.0, &best));
    assert_true(best);
    assert_true(record(&b, "levels/02_corridors.txt", 20.0, 60, 40.0, &best));
    assert_true(best);
    Progress c;
    progress_load(&c, d.file);
    assert_string_equal(c.error, "");
    assert_int_equal(c.count, 2);
    expect_entry(&c, "01_tutorial.txt", 10.0, 50, 30.0);
    expect_entry(&c, "02_corridors.txt", 20.0, 60, 40.0);
    progress_free(&c);
    /* the same level: each value keeps its best from either game, and a run
     * is a best only against both */
    assert_true(record(&b, "levels/01_tutorial.txt", 12.0, 40, 35.0, &best));
    assert_true(best); /* fewer steps */
    assert_true(record(&a, "levels/01_tutorial.txt", 11.0, 45, 31.0, &best));
    assert_false(best); /* a knew 10 s and 30 energy; the 40 steps are b's */
    expect_entry(&a, "01_tutorial.txt", 10.0, 40, 30.0);
    expect_entry(&a, "02_corridors.txt", 20.0, 60, 40.0);
    progress_load(&c, d.file);
    expect_entry(&c, "01_tutorial.txt", 10.0, 40, 30.0);
    expect_entry(&c, "02_corridors.txt", 20.0, 60, 40.0);
    progress_free(&c);
    progress_free(&a);
    progress_free(&b);
    test_dir_remove(&d);
}

/* Another game holding FILE.lock: a win waits for it, then merges what that
 * game wrote (without the lock, or reading before waiting, it was lost). */
static void test_a_win_waits_for_the_lock(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    test_dir_put_text(&d, "", "# isodroid progress 1\n");
    Progress p;
    progress_load(&p, d.file);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        /* the other game: locks, signals, writes its win a little later */
        int fd = open(test_dir_at(&d, ".lock"), O_RDWR | O_CREAT, 0644);
        if (fd < 0 || flock(fd, LOCK_EX) != 0)
            _exit(1);
        (void)!write(ready[1], "L", 1);
        nanosleep(&(struct timespec){0, 300 * 1000000L}, NULL);
        const char *text = "# isodroid progress 1\nlevel\tother.txt\t5.000\t9\t7.000\n";
        char err[300];
        _exit(fileio_write_atomic(d.file, text, strlen(text), err, sizeof err) ? 0 : 1);
    }
    char c;
    assert_int_equal(read(ready[0], &c, 1), 1);
    bool best;
    assert_true(record(&p, "levels/mine.txt", 1.0, 2, 3.0, &best));
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(ready[0]);
    close(ready[1]);
    Progress q;
    progress_load(&q, d.file);
    assert_string_equal(q.error, "");
    expect_entry(&q, "other.txt", 5.0, 9, 7.0);
    expect_entry(&q, "mine.txt", 1.0, 2, 3.0);
    progress_free(&q);

    /* a lock held for longer than PROGRESS_LOCK_WAIT_MS: not saved, said so,
     * the file untouched and the bests kept in the game */
    assert_int_equal(pipe(ready), 0);
    child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        int fd = open(test_dir_at(&d, ".lock"), O_RDWR | O_CREAT, 0644);
        if (fd < 0 || flock(fd, LOCK_EX) != 0)
            _exit(1);
        (void)!write(ready[1], "L", 1);
        pause(); /* until killed */
        _exit(0);
    }
    assert_int_equal(read(ready[0], &c, 1), 1);
    size_t before_len;
    char *before = test_read_file(d.file, &before_len);
    assert_false(record(&p, "levels/third.txt", 1.0, 2, 3.0, &best));
    assert_non_null(strstr(p.error, "another game holds"));
    assert_non_null(get(&p, "third.txt"));
    expect_file(&d, "", before, before_len);
    free(before);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    close(ready[0]);
    close(ready[1]);
    /* the next win writes everything */
    assert_true(record(&p, "levels/third.txt", 1.0, 2, 3.0, &best));
    assert_false(best);
    expect_clean(&d, 3);
    progress_free(&p);
    test_dir_remove(&d);
}

/* A byte-order mark, CRLF line ends, trailing spaces and tabs and blank
 * lines read as the same bests, with no error: the BOM used to damage the
 * header and with it the whole file. */
static void test_lenient_reading(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    unsigned long long k1 = key_of("01_tutorial.txt"), k2 = key_of("b c.txt");
    char clean[300], edited[300];
    snprintf(clean, sizeof clean,
             "# isodroid progress 2\n"
             "best\t%016llx\t12.500\t40\t44.250\t01_tutorial.txt\t0\n"
             "best\t%016llx\t3.000\t4\t5.000\tb c.txt\t0\n", k1, k2);
    snprintf(edited, sizeof edited,
             "\xEF\xBB\xBF# isodroid progress 2  \r\n"
             "best\t%016llX\t12.500\t40\t44.250\t01_tutorial.txt \t \r\n" /* the key in capitals */
             "\r\n"
             "   \n"
             "best\t%016llx\t3.000\t4\t5.000\tb c.txt\r\n", k1, k2);
    const char *files[] = {clean, edited};
    for (int i = 0; i < 2; i++) {
        test_dir_put_text(&d, "", files[i]);
        Progress p;
        progress_load(&p, d.file);
        assert_string_equal(p.error, "");
        assert_false(p.corrupt);
        assert_int_equal(p.count, 2);
        expect_entry(&p, "01_tutorial.txt", 12.5, 40, 44.25);
        expect_entry(&p, "b c.txt", 3.0, 4, 5.0);
        /* nothing was damaged: nothing is kept aside, the file is written clean */
        bool best;
        assert_true(record(&p, "levels/b c.txt", 9.0, 9, 9.0, &best));
        assert_false(best);
        expect_file(&d, "", clean, strlen(clean));
        assert_int_equal(access(test_dir_at(&d, ".bad"), F_OK), -1);
        progress_free(&p);
    }
    /* an empty file is an empty progress, not a damaged one */
    test_dir_put_text(&d, "", "");
    expect_clean(&d, 0);
    test_dir_remove(&d);
}

/* A damaged line is dropped and named; the other lines are read (the whole
 * file used to be ignored for one bad number). The file is kept aside whole
 * before a new one is written. */
static void test_damaged_line_dropped_and_named(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    const char text[] = "# isodroid progress 1\n"
                        "level\ta.txt\t1.000\t2\t3.000\n"
                        "level\tx.txt\tnot-a-number\t3\t4\n" /* line 3 */
                        "level\tb.txt\t4.000\t5\t6.000\n"
                        "level\tn\0l.txt\t1.000\t2\t3.000\n" /* line 5: a NUL */
                        "level\tc.txt\t7.000\t8\t9.000\textra\n" /* line 6: a sixth field */
                        "level\td.txt\t7.000\t8\t9.000";     /* no line end: read */
    test_dir_put(&d, "", text, sizeof text - 1);
    Progress p;
    progress_load(&p, d.file);
    assert_true(p.corrupt);
    assert_int_equal(p.count, 3);
    expect_entry(&p, "a.txt", 1.0, 2, 3.0);
    expect_entry(&p, "b.txt", 4.0, 5, 6.0);
    expect_entry(&p, "d.txt", 7.0, 8, 9.0);
    char where[200];
    snprintf(where, sizeof where, "progress file %s:3 is damaged: 3 lines are dropped", d.file);
    if (!strstr(p.error, where))
        fail_msg("%s", p.error);
    assert_non_null(strstr(p.error, "kept as progress.bad when"));
    expect_file(&d, "", text, sizeof text - 1); /* loading never touches it */
    bool best;
    assert_true(record(&p, "levels/e.txt", 1.0, 1, 1.0, &best));
    expect_file(&d, ".bad", text, sizeof text - 1);
    expect_clean(&d, 4);
    progress_free(&p);

    /* one damaged line: that line is named; a damaged header is a line too */
    test_dir_put_text(&d, "", "# isodroid progres 1\nlevel\ta.txt\t1.000\t2\t3.000\n");
    progress_load(&p, d.file);
    snprintf(where, sizeof where, "progress file %s:1 is damaged: that line is dropped", d.file);
    if (!strstr(p.error, where))
        fail_msg("%s", p.error);
    assert_int_equal(p.count, 1);
    progress_free(&p);
    test_dir_remove(&d);
}

/* A second damaged file is kept as FILE.bad.1, never over the first one
 * kept as FILE.bad (the rename used to replace it). The names are bounded:
 * with all PROGRESS_BAD_MAX taken, the progress is not saved and the file
 * stays as it is. */
static void test_damaged_files_kept_under_numbered_names(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    const char *first = "# isodroid progress 1\nlevel\tfirst\n";
    const char *second = "garbage\n";
    bool best;
    Progress p;
    test_dir_put_text(&d, "", first);
    progress_load(&p, d.file);
    assert_true(record(&p, "levels/a.txt", 1.0, 1, 1.0, &best));
    progress_free(&p);
    expect_file(&d, ".bad", first, strlen(first));

    test_dir_put_text(&d, "", second);
    progress_load(&p, d.file);
    assert_non_null(strstr(p.error, "kept as progress.bad.1 when"));
    assert_true(record(&p, "levels/a.txt", 1.0, 1, 1.0, &best));
    progress_free(&p);
    expect_file(&d, ".bad", first, strlen(first));
    expect_file(&d, ".bad.1", second, strlen(second));
    expect_clean(&d, 1);

    /* FILE.bad.2 ... FILE.bad.9 taken as well: the tenth is not written over */
    char suffix[32];
    for (int k = 2; k < PROGRESS_BAD_MAX; k++) {
        snprintf(suffix, sizeof suffix, ".bad.%d", k);
        test_dir_put_text(&d, suffix, "kept\n");
    }
    const char *third = "# isodroid progress 1\nlevel\ta.txt\t1\n";
    test_dir_put_text(&d, "", third);
    progress_load(&p, d.file);
    assert_non_null(strstr(p.error, "remove some"));
    assert_false(record(&p, "levels/b.txt", 1.0, 1, 1.0, &best));
    assert_non_null(strstr(p.error, "progress not saved"));
    assert_non_null(strstr(p.error, "remove some"));
    expect_file(&d, "", third, strlen(third));
    snprintf(suffix, sizeof suffix, ".bad.%d", PROGRESS_BAD_MAX);
    assert_int_equal(access(test_dir_at(&d, suffix), F_OK), -1);
    expect_file(&d, ".bad", first, strlen(first));
    progress_free(&p);
    test_dir_remove(&d);
}

/* What is written reads back whole: values beyond the reader's ranges are
 * written at the bound (a time of 5e9 s made a line the reader refused), a
 * level name the format cannot hold (empty, or longer than a file name can
 * be) is not written. */
static void test_writer_writes_what_the_reader_takes(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    Progress p;
    bool best;
    progress_load(&p, d.file);
    assert_true(record(&p, "levels/long.txt", 5e9, 2000000000L, 1e13, &best));
    assert_true(record(&p, "levels/nan.txt", NAN, -5, -1.0, &best));
    assert_false(record(&p, "levels/", 1.0, 1, 1.0, &best));
    assert_non_null(strstr(p.error, "cannot be kept"));
    char name[PROGRESS_NAME_MAX + 2];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    assert_false(record(&p, name, 1.0, 1, 1.0, &best)); /* 256 bytes */
    name[PROGRESS_NAME_MAX] = '\0';
    assert_true(record(&p, name, 1.0, 1, 1.0, &best)); /* 255 */
    progress_free(&p);
    progress_load(&p, d.file);
    assert_string_equal(p.error, "");
    assert_int_equal(p.count, 3);
    expect_entry(&p, "long.txt", PROGRESS_TIME_MAX, PROGRESS_STEPS_MAX, PROGRESS_ENERGY_MAX);
    expect_entry(&p, "nan.txt", 0, 0, 0);
    assert_non_null(get(&p, name));
    progress_free(&p);
    test_dir_remove(&d);
}

/* The count of levels and the size: PROGRESS_MAX_LEVELS levels with the
 * longest names escaped (255 control bytes, four bytes each) are written
 * and read back whole (a 1 MiB cap on reading refused what the writer wrote
 * past it; such a file is over the 4 MiB that bounded it before names were
 * escaped); one more level is refused by the writer with a reason, and by
 * the reader as a damaged line. */
static void test_limits_shared_by_reader_and_writer(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    size_t cap = 64 + (size_t)(PROGRESS_MAX_LEVELS + 2) * PROGRESS_LINE_MAX, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    len += (size_t)snprintf(text, cap, "# isodroid progress 2\n");
    char name[PROGRESS_NAME_MAX + 1], escaped[PROGRESS_NAME_ESCAPED_MAX + 1];
    memset(name, '\x01', PROGRESS_NAME_MAX);
    name[PROGRESS_NAME_MAX] = '\0';
    for (int i = 0; i < PROGRESS_NAME_MAX; i++)
        memcpy(escaped + 4 * i, "\\x01", 4);
    escaped[PROGRESS_NAME_ESCAPED_MAX] = '\0';
    for (int i = 0; i < PROGRESS_MAX_LEVELS - 1; i++)
        len += (size_t)snprintf(text + len, cap - len,
                                "best\t%016llx\t999999999.999\t999999999\t999999999999.999\t%s\n",
                                (unsigned long long)i, escaped);
    test_dir_put(&d, "", text, len);
    Progress p;
    progress_load(&p, d.file);
    assert_string_equal(p.error, "");
    assert_int_equal(p.count, PROGRESS_MAX_LEVELS - 1);
    assert_string_equal(progress_get(&p, 7, "x")->level, name);
    bool best;
    assert_true(progress_record(&p, PROGRESS_MAX_LEVELS - 1, name, PROGRESS_TIME_MAX, PROGRESS_STEPS_MAX,
                                PROGRESS_ENERGY_MAX, true, &best)); /* the longest line: unseen too */
    assert_true(best);
    struct stat sb;
    assert_int_equal(stat(d.file, &sb), 0);
    assert_true(sb.st_size <= PROGRESS_MAX_BYTES);
    assert_true(sb.st_size > (4 << 20));
    /* one more level: refused, the file as it was, the message says why */
    assert_false(record(&p, "levels/one_more.txt", 1.0, 1, 1.0, &best));
    char limit[64];
    snprintf(limit, sizeof limit, "%d levels", PROGRESS_MAX_LEVELS);
    assert_non_null(strstr(p.error, limit));
    progress_free(&p);
    expect_clean(&d, PROGRESS_MAX_LEVELS);

    /* a file with a line past the limit: that line is dropped and named */
    len += (size_t)snprintf(text + len, cap - len,
                            "best\t%016llx\t1\t1\t1\tlast.txt\nbest\t%016llx\t1\t1\t1\tpast.txt\n",
                            (unsigned long long)key_of("last.txt"), (unsigned long long)key_of("past.txt"));
    test_dir_put(&d, "", text, len);
    progress_load(&p, d.file);
    assert_int_equal(p.count, PROGRESS_MAX_LEVELS);
    char where[160];
    snprintf(where, sizeof where, "%s:%d is damaged", d.file, PROGRESS_MAX_LEVELS + 2);
    if (!strstr(p.error, where))
        fail_msg("%s", p.error);
    assert_non_null(get(&p, "last.txt"));
    assert_null(get(&p, "past.txt"));
    progress_free(&p);
    free(text);
    test_dir_remove(&d);
}

/* Two levels of the same file name in two folders (two packs'
 * 02_corridors.txt) keep their own bests: they used to share one, keyed by
 * the name, so the second pack's first win was no best and its panel showed
 * the first pack's figures. */
static void test_same_name_other_level_keeps_its_own_bests(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    Level a = test_level_from_text("name: Corridors\n#####\n#@.>#\n#####\n");
    Level b = test_level_from_text("name: Corridors\n######\n#@..>#\n######\n");
    uint64_t ka = level_content_hash(&a), kb = level_content_hash(&b);
    assert_true(ka != kb);
    Progress p;
    bool best;
    progress_load(&p, d.file);
    assert_true(progress_record(&p, ka, "packA/02_corridors.txt", 10.0, 20, 30.0, false, &best));
    assert_true(best);
    assert_null(progress_get(&p, kb, "packB/02_corridors.txt"));
    assert_true(progress_record(&p, kb, "packB/02_corridors.txt", 40.0, 50, 60.0, false, &best));
    assert_true(best); /* its first win, though slower than the other level's */
    for (int round = 0; round < 2; round++) {
        const ProgressEntry *ea = progress_get(&p, ka, "packA/02_corridors.txt");
        const ProgressEntry *eb = progress_get(&p, kb, "packB/02_corridors.txt");
        assert_non_null(ea);
        assert_non_null(eb);
        assert_true(ea != eb);
        assert_true(ea->best_time == 10.0 && ea->best_steps == 20 && ea->best_energy == 30.0);
        assert_true(eb->best_time == 40.0 && eb->best_steps == 50 && eb->best_energy == 60.0);
        assert_false(ea->by_name || eb->by_name);
        assert_string_equal(eb->level, "02_corridors.txt");
        /* and so in the file */
        progress_free(&p);
        progress_load(&p, d.file);
        assert_string_equal(p.error, "");
        assert_int_equal(p.count, 2);
    }
    /* another game's win on one of them merges into that one only */
    Progress q;
    progress_load(&q, d.file);
    assert_true(progress_record(&q, kb, "elsewhere/02_corridors.txt", 35.0, 55, 60.0, false, &best));
    assert_true(best);
    assert_true(progress_record(&p, ka, "packA/02_corridors.txt", 11.0, 19, 31.0, false, &best));
    assert_true(best);
    progress_free(&q);
    progress_free(&p);
    progress_load(&p, d.file);
    assert_int_equal(p.count, 2);
    const ProgressEntry *ea = progress_get(&p, ka, "packA/02_corridors.txt");
    const ProgressEntry *eb = progress_get(&p, kb, "packB/02_corridors.txt");
    assert_true(ea->best_time == 10.0 && ea->best_steps == 19 && ea->best_energy == 30.0);
    assert_true(eb->best_time == 35.0 && eb->best_steps == 50 && eb->best_energy == 60.0);
    progress_free(&p);
    level_free(&a);
    level_free(&b);
    test_dir_remove(&d);
}

/* The same level under two names (copied into another pack, renamed) is
 * one level: one entry, one set of bests; the name kept is the one it was
 * last won under. */
static void test_same_level_under_two_names_shares_its_bests(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    Level a = test_level_from_text("name: Yard\n; a comment\n#####\n#@.>#\n#####\n");
    Level b = test_level_from_text("name: Another name\nauthor: someone\n#####\n#@.>#\n#####\n");
    uint64_t k = level_content_hash(&a);
    assert_true(k == level_content_hash(&b));
    Progress p;
    bool best;
    progress_load(&p, d.file);
    assert_true(progress_record(&p, k, "levels/03_yard.txt", 10.0, 20, 30.0, false, &best));
    assert_true(best);
    const ProgressEntry *e = progress_get(&p, k, "mypack/yard copy.txt");
    assert_non_null(e);
    assert_true(e->best_time == 10.0);
    assert_true(progress_record(&p, k, "mypack/yard copy.txt", 12.0, 25, 35.0, false, &best));
    assert_false(best);
    progress_free(&p);
    progress_load(&p, d.file);
    assert_int_equal(p.count, 1);
    e = progress_get(&p, k, "levels/03_yard.txt");
    assert_true(e->best_time == 10.0 && e->best_steps == 20 && e->best_energy == 30.0);
    assert_string_equal(e->level, "yard copy.txt");
    progress_free(&p);
    level_free(&a);
    level_free(&b);
    test_dir_remove(&d);
}

/* A win no sentry noticed is kept as such (the seventh field), across
 * later wins that were seen and across reading the file again; a line of
 * before, without the field, reads as not unseen, and any other value than
 * 0 or 1 makes the line damaged. */
static void test_unseen_win_kept(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    Progress p;
    bool best;
    progress_load(&p, d.file);
    assert_true(progress_record(&p, 0x51, "levels/a.txt", 10.0, 20, 30.0, false, &best));
    assert_false(progress_get(&p, 0x51, "levels/a.txt")->unseen);
    assert_true(progress_record(&p, 0x51, "levels/a.txt", 12.0, 25, 35.0, true, &best));
    assert_true(best); /* unseen for the first time: an improvement, though slower */
    assert_true(progress_record(&p, 0x51, "levels/a.txt", 9.0, 15, 25.0, false, &best));
    progress_free(&p);
    progress_load(&p, d.file);
    const ProgressEntry *e = progress_get(&p, 0x51, "levels/a.txt");
    assert_non_null(e);
    assert_true(e->unseen);
    assert_true(e->best_time == 9.0);
    progress_free(&p);

    const char text[] = "# isodroid progress 2\n"
                        "best\t0000000000000061\t1.000\t2\t3.000\told.txt\n"
                        "best\t0000000000000062\t1.000\t2\t3.000\tbad.txt\t2\n" /* line 3 */
                        "best\t0000000000000063\t1.000\t2\t3.000\tnew.txt\t1\n";
    test_dir_put(&d, "", text, sizeof text - 1);
    progress_load(&p, d.file);
    assert_int_equal(p.count, 2);
    assert_false(progress_get(&p, 0x61, "old.txt")->unseen);
    assert_null(progress_get(&p, 0x62, "bad.txt"));
    assert_true(progress_get(&p, 0x63, "new.txt")->unseen);
    char where[200];
    snprintf(where, sizeof where, "progress file %s:3 is damaged", d.file);
    if (!strstr(p.error, where))
        fail_msg("%s", p.error);
    progress_free(&p);
    test_dir_remove(&d);
}

/* A level file's name with a tab, a line feed, a carriage return, a
 * backslash, other control bytes and a space at its end: the win is kept,
 * the line is one line of seven fields, and the name reads back byte for
 * byte. Before, a tab or line end in the name made the win unsaveable. */
static void test_any_name_round_trips(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    const char *name = "a\tb\nlevel\tx\\y\r\x01\x7f\xc3\xa9 z \\x41 ";
    char path[200];
    snprintf(path, sizeof path, "pack/%s", name);
    Progress p;
    bool best;
    progress_load(&p, d.file);
    assert_true(progress_record(&p, 0x0123456789abcdefULL, path, 1.5, 2, 3.5, false, &best));
    assert_true(best);
    assert_true(record(&p, "levels/plain.txt", 1.0, 1, 1.0, &best));
    progress_free(&p);
    const char *expected = "# isodroid progress 2\n"
                           "best\t0123456789abcdef\t1.500\t2\t3.500\t"
                           "a\\tb\\nlevel\\tx\\\\y\\r\\x01\\x7f\xc3\xa9 z \\\\x41\\x20\t0\n";
    size_t len;
    char *text = test_read_file(d.file, &len);
    assert_non_null(text);
    if (strncmp(text, expected, strlen(expected)))
        fail_msg("%s", text);
    free(text);
    for (int round = 0; round < 2; round++) {
        progress_load(&p, d.file);
        assert_string_equal(p.error, "");
        assert_false(p.corrupt);
        assert_int_equal(p.count, 2);
        const ProgressEntry *e = progress_get(&p, 0x0123456789abcdefULL, "elsewhere/other.txt");
        assert_non_null(e);
        assert_string_equal(e->level, name);
        assert_true(e->best_time == 1.5 && e->best_steps == 2 && e->best_energy == 3.5);
        expect_entry(&p, "plain.txt", 1.0, 1, 1.0);
        /* a win merges the file again: the name goes through the reader too */
        assert_true(progress_record(&p, 0x0123456789abcdefULL, path, 9.0, 9, 9.0, false, &best));
        assert_false(best);
        progress_free(&p);
    }
    test_dir_remove(&d);
}

/* "best" lines that are damaged are dropped and named like any other: a
 * key that is not 16 hex digits, an escape that is none, \x00, a name with
 * a '/' or none, a missing or a seventh field. */
static void test_damaged_best_lines(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    const char *text = "# isodroid progress 2\n"
                       "best\t0000000000000001\t1\t1\t1\tgood.txt\n"
                       "best\t000000000000002\t1\t1\t1\tshort-key.txt\n"
                       "best\t000000000000000g\t1\t1\t1\tnot-hex.txt\n"
                       "best\t00000000000000003\t1\t1\t1\tlong-key.txt\n"
                       "best\t0000000000000004\t1\t1\t1\tbad\\qescape.txt\n"
                       "best\t0000000000000005\t1\t1\t1\tnul\\x00.txt\n"
                       "best\t0000000000000006\t1\t1\t1\tcut\\x4\n"
                       "best\t0000000000000007\t1\t1\t1\tends\\\n"
                       "best\t0000000000000008\t1\t1\t1\ta/b.txt\n"
                       "best\t0000000000000009\t1\t1\t1\t\n"
                       "best\t000000000000000a\t1\t1\t1\n"
                       "best\t000000000000000b\t1\t1\t1\tname\textra\n"
                       "best\t000000000000000C\t-1\t1\t1\tnegative.txt\n"
                       "best\t000000000000000D\t1\t1\t1\tescaped\\x2fslash.txt\n";
    test_dir_put_text(&d, "", text);
    Progress p;
    progress_load(&p, d.file);
    assert_int_equal(p.count, 1);
    assert_non_null(progress_get(&p, 1, "x"));
    char where[200];
    snprintf(where, sizeof where, "progress file %s:3 is damaged: 13 lines are dropped", d.file);
    if (!strstr(p.error, where))
        fail_msg("%s", p.error);
    progress_free(&p);
    test_dir_remove(&d);
}

/* An earlier version's file ("level NAME ..." lines, keyed by the file's
 * name) is read whole, its lines are written back as they were, and such
 * an entry stands for a level of that file name until the level has its
 * own: the first win there starts from it (no false "new best", no best
 * lost), and writes the level's own line. */
static void test_earlier_file_kept_and_used_until_the_level_has_its_own(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    const char *old = "# isodroid progress 1\n"
                      "level\t02_corridors.txt\t12.000\t40\t30.000\n"
                      "level\tother.txt\t5.000\t6\t7.000\n";
    test_dir_put_text(&d, "", old);
    Level a = test_level_from_text("#####\n#@.>#\n#####\n");
    Level b = test_level_from_text("######\n#@..>#\n######\n");
    uint64_t ka = level_content_hash(&a), kb = level_content_hash(&b);
    Progress p;
    progress_load(&p, d.file);
    assert_string_equal(p.error, "");
    assert_false(p.corrupt);
    assert_int_equal(p.count, 2);
    const ProgressEntry *e = progress_get(&p, ka, "levels/02_corridors.txt");
    assert_non_null(e);
    assert_true(e->by_name);
    assert_true(e->best_time == 12.0 && e->best_steps == 40 && e->best_energy == 30.0);
    assert_null(progress_get(&p, ka, "levels/03_other.txt"));
    /* a worse win: no best, and the old bests carry over into the level's own entry */
    bool best;
    assert_true(progress_record(&p, ka, "levels/02_corridors.txt", 15.0, 50, 31.0, false, &best));
    assert_false(best);
    /* a better energy: a best */
    assert_true(progress_record(&p, ka, "levels/02_corridors.txt", 15.0, 50, 20.0, false, &best));
    assert_true(best);
    progress_free(&p);
    char expected[400];
    snprintf(expected, sizeof expected,
             "# isodroid progress 2\n"
             "level\t02_corridors.txt\t12.000\t40\t30.000\n"
             "level\tother.txt\t5.000\t6\t7.000\n"
             "best\t%016llx\t12.000\t40\t20.000\t02_corridors.txt\t0\n",
             (unsigned long long)ka);
    expect_file(&d, "", expected, strlen(expected));
    progress_load(&p, d.file);
    assert_string_equal(p.error, "");
    assert_int_equal(p.count, 3);
    e = progress_get(&p, ka, "levels/02_corridors.txt");
    assert_false(e->by_name);
    assert_true(e->best_time == 12.0 && e->best_steps == 40 && e->best_energy == 20.0);
    /* another level of that name with no entry of its own: the old entry still stands for it */
    e = progress_get(&p, kb, "pack/02_corridors.txt");
    assert_true(e->by_name && e->best_energy == 30.0);
    expect_entry(&p, "other.txt", 5.0, 6, 7.0);
    progress_free(&p);
    /* an earlier version's file with one more of its lines merges the same way */
    test_dir_put_text(&d, "", old);
    progress_load(&p, d.file);
    test_dir_put_text(&d, "", "# isodroid progress 1\nlevel\tother.txt\t4.000\t6\t7.000\n");
    assert_true(progress_record(&p, kb, "pack/02_corridors.txt", 13.0, 39, 30.0, false, &best));
    assert_true(best);
    progress_free(&p);
    snprintf(expected, sizeof expected,
             "# isodroid progress 2\n"
             "level\t02_corridors.txt\t12.000\t40\t30.000\n"
             "level\tother.txt\t4.000\t6\t7.000\n"
             "best\t%016llx\t12.000\t39\t30.000\t02_corridors.txt\t0\n",
             (unsigned long long)kb);
    expect_file(&d, "", expected, strlen(expected));
    level_free(&a);
    level_free(&b);
    test_dir_remove(&d);
}

/* A named pipe as the progress file: reading it used to block until a
 * writer came (the game never started). Now it is named at once, ignored,
 * and moved aside before a new file is written. */
static void test_named_pipe_refused_at_once(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "progress");
    test_dir_put_text(&d, "", "");
    unlink(d.file);
    assert_int_equal(mkfifo(d.file, 0600), 0);
    alarm(10); /* a hang fails the test instead of blocking it */
    Progress p;
    progress_load(&p, d.file);
    assert_non_null(strstr(p.error, "is not a regular file"));
    assert_int_equal(p.count, 0);
    bool best;
    assert_true(record(&p, "levels/a.txt", 1.0, 1, 1.0, &best));
    alarm(0);
    struct stat sb;
    assert_int_equal(lstat(test_dir_at(&d, ".bad"), &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));
    progress_free(&p);
    expect_clean(&d, 1);
    test_dir_remove(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_games_keep_each_others_bests),
        cmocka_unit_test(test_a_win_waits_for_the_lock),
        cmocka_unit_test(test_lenient_reading),
        cmocka_unit_test(test_damaged_line_dropped_and_named),
        cmocka_unit_test(test_damaged_files_kept_under_numbered_names),
        cmocka_unit_test(test_writer_writes_what_the_reader_takes),
        cmocka_unit_test(test_limits_shared_by_reader_and_writer),
        cmocka_unit_test(test_named_pipe_refused_at_once),
        cmocka_unit_test(test_same_name_other_level_keeps_its_own_bests),
        cmocka_unit_test(test_same_level_under_two_names_shares_its_bests),
        cmocka_unit_test(test_any_name_round_trips),
        cmocka_unit_test(test_unseen_win_kept),
        cmocka_unit_test(test_damaged_best_lines),
        cmocka_unit_test(test_earlier_file_kept_and_used_until_the_level_has_its_own),
    };
    return cmocka_run_group_tests_name("progress", tests, NULL, NULL);
}
