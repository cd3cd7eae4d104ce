/* SPDX-License-Identifier: MIT */
/* test_catalog.c - what the level select knows of each level file is read
 * once: a second scan of an unchanged folder reads no file; a file
 * rewritten (in place, or saved by rename), or a file added, is read again
 * and only it; a file that does not load is listed by its file name; the
 * list shows a file not read yet as "reading", and the bests found under
 * the content key a read gives; the player's own levels come after the
 * campaign and the extras, outside the campaign's counts. */
#include "testlevel.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#include "catalog.h"
#include "front.h"

static const char *const A = "name: Alpha\n#####\n#@.>#\n#####\n";
static const char *const B = "name: Beta\n######\n#@..>#\n######\n";

/* Writes the test folder's file name. */
static void put(const TestDir *d, const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", d->path, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* Reads every waiting entry as the game does, and says how many it read. */
static int read_waiting(Catalog *c)
{
    int n = 0;
    for (int i; (i = catalog_next(c)) >= 0; n++) {
        CatalogStamp st;
        CatalogInfo info;
        char path[256];
        snprintf(path, sizeof path, "%s", c->entry[i].path);
        catalog_read(path, &st, &info);
        catalog_store(c, path, &st, &info);
    }
    return n;
}

static void sync_folder(Catalog *c, LevelSet *set, const char *dir)
{
    levelset_free(set);
    assert_true(levelset_scan(set, dir));
    assert_true(catalog_sync(c, set, NULL));
}

/* The modification time moved on by a second, as a save a second later would. */
static void touch_later(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    struct timespec t[2] = {st.st_atim, st.st_mtim};
    t[1].tv_sec += 1;
    assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
}

static void test_read_once_then_only_what_changed(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "catalog");
    put(&d, "01_a.txt", A);
    put(&d, "02_b.txt", B);
    put(&d, "03_bad.txt", "name: Broken\n###\n#x#\n###\n");
    char dir[128];
    snprintf(dir, sizeof dir, "%s", d.path);
    LevelSet set = {0};
    Catalog c = {0};
    sync_folder(&c, &set, dir);
    assert_int_equal(c.count, 3);
    assert_int_equal(catalog_next(&c), 0);
    assert_int_equal(read_waiting(&c), 3);
    assert_string_equal(c.entry[0].info.name, "Alpha");
    assert_true(c.entry[1].info.loads);
    assert_false(c.entry[2].info.loads);
    assert_string_equal(c.entry[2].info.name, "03_bad.txt");

    /* the same folder again: nothing to read */
    for (int round = 0; round < 3; round++) {
        sync_folder(&c, &set, dir);
        assert_int_equal(catalog_next(&c), -1);
    }
    assert_int_equal(c.reads, 3);

    /* one file rewritten in place (the same size, a later time): only it */
    char path[256];
    snprintf(path, sizeof path, "%s/01_a.txt", dir);
    put(&d, "01_a.txt", "name: Omega\n#####\n#@.>#\n#####\n");
    touch_later(path);
    sync_folder(&c, &set, dir);
    assert_int_equal(catalog_next(&c), 0);
    assert_int_equal(read_waiting(&c), 1);
    assert_string_equal(c.entry[0].info.name, "Omega");

    /* a save by rename (a new inode), and a new file: those two */
    char tmp[256];
    snprintf(tmp, sizeof tmp, "%s/02_b.new", dir);
    put(&d, "02_b.new", "name: Beta two\n######\n#@..>#\n######\n");
    snprintf(path, sizeof path, "%s/02_b.txt", dir);
    assert_int_equal(rename(tmp, path), 0);
    put(&d, "04_c.txt", B);
    sync_folder(&c, &set, dir);
    assert_int_equal(c.count, 4);
    assert_int_equal(read_waiting(&c), 2);
    assert_string_equal(c.entry[1].info.name, "Beta two");
    assert_int_equal(c.reads, 6);

    /* a file gone: the list is shorter, the others are kept */
    snprintf(path, sizeof path, "%s/04_c.txt", dir);
    assert_int_equal(unlink(path), 0);
    sync_folder(&c, &set, dir);
    assert_int_equal(c.count, 3);
    assert_int_equal(catalog_next(&c), -1);

    catalog_free(&c);
    levelset_free(&set);
    test_dir_remove(&d);
}

/* One folder listed twice (the campaign's folder is the player's own, as
 * when a level there is given to the game): one read makes both entries
 * ready, so reading until nothing waits ends. */
static void test_one_folder_listed_twice(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "catalogtwice");
    put(&d, "01_a.txt", A);
    LevelSet set = {0};
    assert_true(levelset_scan(&set, d.path));
    Catalog c = {0};
    assert_true(catalog_sync_own(&c, &set, NULL, &set));
    assert_int_equal(c.count, 2);
    assert_int_equal(read_waiting(&c), 1);
    assert_int_equal(catalog_next(&c), -1);
    assert_true(c.entry[0].ready && c.entry[1].ready);
    catalog_free(&c);
    levelset_free(&set);
    test_dir_remove(&d);
}

static void test_front_lists_what_was_read(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "catalogfront");
    put(&d, "01_a.txt", A);
    put(&d, "02_b.txt", B);
    char dir[128];
    snprintf(dir, sizeof dir, "%s", d.path);
    LevelSet set = {0};
    Catalog c = {0};
    sync_folder(&c, &set, dir);
    Progress p;
    progress_load(&p, NULL);
    Front f = {0};
    assert_true(front_scan(&f, &c, &p)); /* nothing read yet */
    assert_int_equal(f.count, 2);
    assert_true(f.level[0].reading);
    assert_false(f.level[0].loads);
    assert_string_equal(f.level[0].name, "01_a.txt");

    read_waiting(&c);
    bool best = false;
    assert_true(progress_record(&p, c.entry[0].info.key, c.entry[0].path, 4.0, 2, 2.0, false, &best));
    assert_true(front_scan(&f, &c, &p));
    assert_false(f.level[0].reading);
    assert_string_equal(f.level[0].name, "Alpha");
    assert_true(f.level[0].won);
    assert_false(f.level[1].won);
    assert_int_equal(f.won, 1);
    assert_int_equal(f.next, 1);

    front_free(&f);
    progress_free(&p);
    catalog_free(&c);
    levelset_free(&set);
    test_dir_remove(&d);
}

/* The campaign, the extras, then the player's own levels: in that order,
 * each group counted, and only the campaign in the campaign's totals. */
static void test_three_groups(void **state)
{
    (void)state;
    TestDir dc, de, dn;
    test_dir_make(&dc, "catalogcampaign");
    test_dir_make(&de, "catalogextras");
    test_dir_make(&dn, "catalogown");
    put(&dc, "01_a.txt", A);
    put(&de, "big.txt", B);
    put(&dn, "01_a.txt", B); /* a copy of the campaign's first level, edited */
    put(&dn, "mine.txt", A);
    LevelSet set = {0}, extras = {0}, own = {0};
    assert_true(levelset_scan(&set, dc.path));
    assert_true(levelset_scan(&extras, de.path));
    assert_true(levelset_scan(&own, dn.path));
    Catalog c = {0};
    assert_true(catalog_sync_own(&c, &set, &extras, &own));
    assert_int_equal(c.count, 4);
    assert_int_equal(c.campaign, 1);
    assert_int_equal(c.extras, 1);
    assert_non_null(strstr(c.entry[1].path, "catalogextras"));
    assert_non_null(strstr(c.entry[2].path, "catalogown"));
    assert_string_equal(c.entry[3].file, "mine.txt");
    assert_int_equal(read_waiting(&c), 4);
    Progress p;
    progress_load(&p, NULL);
    Front f = {0};
    assert_true(front_scan(&f, &c, &p));
    assert_int_equal(f.count, 4);
    assert_int_equal(f.campaign, 1);
    assert_int_equal(f.extras, 1);
    assert_string_equal(f.level[2].name, "Beta");
    assert_int_equal(f.won, 0);
    /* the old call lists no group of the player's */
    assert_true(catalog_sync(&c, &set, &extras));
    assert_int_equal(c.count, 2);
    assert_int_equal(c.extras, 1);
    front_free(&f);
    progress_free(&p);
    catalog_free(&c);
    levelset_free(&set);
    levelset_free(&extras);
    levelset_free(&own);
    test_dir_remove(&dc);
    test_dir_remove(&de);
    test_dir_remove(&dn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_once_then_only_what_changed),
        cmocka_unit_test(test_front_lists_what_was_read),
        cmocka_unit_test(test_one_folder_listed_twice),
        cmocka_unit_test(test_three_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
