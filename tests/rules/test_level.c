/* SPDX-License-Identifier: MIT */
/* test_level.c - level files: a matrix of good and bad files with their exact
 * messages, canonical round trips, atomic saves, the glyph table kept in
 * sync with docs/levels.md, and the content key. */
#include "testlevel.h"

#include <sys/stat.h>

#include "level.h"
#include "query.h"
#include "tile.h"

typedef struct Case {
    const char *name;
    const char *text;
    const char *expect; /* NULL: loads; else every message, '\n'-joined */
} Case;

#define GLYPHS "'#' '.' '@' ' ' ',' '+' '~' '*' '>' 'S'"

static const Case cases[] = {
    {"grid only", "#####\n#@..#\n#####\n", NULL},
    {"no final newline", "#####\n#@..#\n#####", NULL},
    {"crlf bom trailing spaces", "\xEF\xBB\xBF#####  \r\n#@..#\r\n#####\r\n", NULL},
    {"every glyph", "#@.,+~*>S #\n", NULL},
    {"header and comments", "; a comment\nname: Room\nauthor: me\n\n#@#\n; between\n#.#\n; after\n", NULL},
    {"ragged rows are padded", "#####\n#@#\n#####\n", NULL},
    {"unknown glyph", "###\n#@X\n###\n", "t.txt:2:3: unknown glyph 'X' (known: " GLYPHS ")"},
    {"non-ascii byte", "#@\xC3\xA9\n", "t.txt:1:3: unknown glyph byte 0xC3 (known: " GLYPHS ")\n"
                                       "t.txt:1:4: unknown glyph byte 0xA9 (known: " GLYPHS ")"},
    {"tab", "###\n#@\t#\n", "t.txt:2:3: tab character: use spaces for void tiles"},
    {"no start", "###\n#.#\n", "t.txt:1:1: no droid start '@' in the grid"},
    {"two starts", "#@@#\n", "t.txt:1:3: second droid start '@' (the first is at 1:2)"},
    {"empty file", "", "t.txt:1:1: no grid rows: a level needs rows of tiles"},
    {"only comments", "; hi\nname: x\n", "t.txt:2:1: no grid rows: a level needs rows of tiles"},
    {"unknown header", "size: 3\n#@#\n", "t.txt:1:1: unknown header key 'size' (known: name, author, description, energy, cell, sentry_speed, patrol, par_time, area)"},
    {"unknown area", "area: moon\n#@#\n", "t.txt:1:7: area wants one of ducts, yard, offices, cistern, quarry, warehouse, canal, night, not 'moon'"},
    {"area twice", "area: yard\narea: canal\n#@#\n", "t.txt:2:1: header 'area' given twice"},
    {"par time", "par_time: 19.250\n#@#\n", NULL},
    {"par time not a number", "par_time: 1e3\n#@#\n", "t.txt:1:11: par_time wants seconds from 0.001 to 86400"},
    {"par time zero", "par_time: 0\n#@#\n", "t.txt:1:11: par_time wants seconds from 0.001 to 86400"},
    {"header twice", "name: a\nname: b\n#@#\n", "t.txt:2:1: header 'name' given twice"},
    {"translated name twice", "name[de]: a\nname[de]: b\n#@#\n", "t.txt:2:1: header 'name[de]' given twice"},
    {"translated energy", "energy[de]: 5\n#@#\n",
     "t.txt:1:1: header 'energy' has no translations (name and description have)"},
    {"five languages", "name[a]: 1\nname[b]: 2\nname[c]: 3\nname[d]: 4\nname[e]: 5\n#@#\n",
     "t.txt:5:1: translations into at most 4 languages"},
    {"header inside grid", "#@#\nname: x\n#.#\n",
     "t.txt:2:1: header line inside the grid: put 'name:' above the first row"},
    {"header after grid", "#@#\nname: x\n", "t.txt:2:1: header line after the grid: put it above the first row"},
    {"several problems", "#@X\n#\t@\n",
     "t.txt:1:3: unknown glyph 'X' (known: " GLYPHS ")\n"
     "t.txt:2:2: tab character: use spaces for void tiles\n"
     "t.txt:2:3: second droid start '@' (the first is at 1:2)"},
};

static char *joined(const NavDiags *d)
{
    static char buf[NAV_DIAG_MAX * NAV_DIAG_LEN];
    buf[0] = '\0';
    for (int i = 0; i < d->count; i++) {
        if (i)
            strcat(buf, "\n");
        strcat(buf, d->msg[i]);
    }
    return buf;
}

static void test_matrix(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const Case *c = &cases[i];
        Level l;
        NavDiags d;
        nav_diag_clear(&d);
        bool ok = level_parse(c->text, strlen(c->text), "t.txt", &l, &d);
        if (c->expect == NULL) {
            if (!ok)
                fail_msg("%s: expected to load, got:\n%s", c->name, joined(&d));
            assert_int_equal(d.count, 0);
            level_free(&l);
        } else {
            if (ok)
                fail_msg("%s: expected errors, but it loaded", c->name);
            if (strcmp(joined(&d), c->expect) != 0)
                fail_msg("%s: messages differ\n got: %s\nwant: %s", c->name, joined(&d), c->expect);
            assert_null(l.glyphs); /* never half-loaded */
            assert_int_equal(l.w, 0);
        }
    }
}

/* NUL bytes are refused wherever they stand, with their place: in the grid as
 * a glyph, in comments and headers as what they are (they used to load and
 * then be cut on save). */
static void test_nul_bytes(void **state)
{
    (void)state;
#define T(s) s, sizeof s - 1
    static const struct {
        const char *text;
        size_t len;
        const char *want;
    } nuls[] = {
        {T("; keep\0this\n#@#\n"), "t.txt:1:7: NUL byte (0x00) in a comment: level files are text"},
        {T("author:\0x\n#@#\n"), "t.txt:1:8: NUL byte (0x00) in a header line: level files are text"},
        {T("name: a\0\n#@#\n"), "t.txt:1:8: NUL byte (0x00) in a header line: level files are text"},
        {T("#@#\n; in\0side\n#.#\n"), "t.txt:2:5: NUL byte (0x00) in a comment: level files are text"},
        {T("#@\0#\n"), "t.txt:1:3: unknown glyph byte 0x00 (known: " GLYPHS ")"},
        {T("#@#\n\0\n"), "t.txt:2:1: unknown glyph byte 0x00 (known: " GLYPHS ")"},
        {T("#@#\n;\0"), "t.txt:2:2: NUL byte (0x00) in a comment: level files are text"},
    };
#undef T
    for (size_t i = 0; i < sizeof nuls / sizeof nuls[0]; i++) {
        Level l;
        NavDiags d;
        nav_diag_clear(&d);
        if (level_parse(nuls[i].text, nuls[i].len, "t.txt", &l, &d))
            fail_msg("case %zu loaded", i);
        if (strcmp(joined(&d), nuls[i].want) != 0)
            fail_msg("case %zu\n got: %s\nwant: %s", i, joined(&d), nuls[i].want);
        assert_null(l.glyphs);
    }
}

static void test_contents(void **state)
{
    (void)state;
    const char *text = "\xEF\xBB\xBF; c\r\nname:   The Room  \r\n#####\r\n#@,#\r\n\r\n#+~*>S#\r\n";
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(text, strlen(text), "levels/x.txt", &l, &d));
    assert_int_equal(l.w, 7);
    assert_int_equal(l.h, 4);
    assert_string_equal(l.name, "The Room");
    assert_int_equal(l.start.x, 1);
    assert_int_equal(l.start.y, 1);
    assert_int_equal(level_glyph(&l, 2, 1), ',');
    assert_int_equal(level_glyph(&l, 6, 0), ' '); /* padded */
    assert_int_equal(level_glyph(&l, 3, 2), ' '); /* blank line inside the grid: a void row */
    assert_int_equal(level_kind(&l, 1, 3), TILE_DOOR);
    assert_int_equal(level_glyph(&l, -1, 0), ' ');
    assert_int_equal(level_glyph(&l, 0, 4), ' ');
    NavGrid g;
    assert_true(level_build_grid(&l, &g));
    assert_int_equal(nav_grid_cost(&g, 2, 1), 3);
    assert_int_equal(nav_grid_cost(&g, 1, 3), 5);
    assert_int_equal(nav_grid_cost(&g, 2, 3), 0);
    assert_int_equal(nav_grid_cost(&g, 1, 1), 1);
    nav_grid_deinit(&g);
    level_free(&l);

    /* without a name header the file name names the level */
    const char *bare = "#@#\n";
    assert_true(level_parse(bare, strlen(bare), "levels/03_cellar.txt", &l, &d));
    assert_string_equal(l.name, "03_cellar");
    level_free(&l);
}

static void test_limits(void **state)
{
    (void)state;
    size_t n = LEVEL_MAX_SIDE + 1;
    char *row = malloc(n + 8);
    memset(row, '.', n);
    row[0] = '@';
    strcpy(row + n, "\n");
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_false(level_parse(row, strlen(row), "t.txt", &l, &d));
    assert_string_equal(joined(&d), "t.txt:1:4097: row is 4097 tiles wide; at most 4096");
    free(row);

    char *tall = malloc((LEVEL_MAX_SIDE + 1) * 2 + 1);
    for (size_t i = 0; i < LEVEL_MAX_SIDE + 1; i++) {
        tall[2 * i] = i == 0 ? '@' : '.';
        tall[2 * i + 1] = '\n';
    }
    tall[(LEVEL_MAX_SIDE + 1) * 2] = '\0';
    nav_diag_clear(&d);
    assert_false(level_parse(tall, strlen(tall), "t.txt", &l, &d));
    assert_string_equal(joined(&d), "t.txt:4097:1: more than 4096 rows");
    free(tall);

    /* exactly 4096 on a side loads */
    char *edge = malloc(LEVEL_MAX_SIDE + 2);
    memset(edge, '.', LEVEL_MAX_SIDE);
    edge[5] = '@';
    strcpy(edge + LEVEL_MAX_SIDE, "\n");
    nav_diag_clear(&d);
    assert_true(level_parse(edge, strlen(edge), "t.txt", &l, &d));
    assert_int_equal(l.w, LEVEL_MAX_SIDE);
    level_free(&l);
    free(edge);
}

static void test_round_trip(void **state)
{
    (void)state;
    const char *canonical = "; Isodroid level\n"
                            "name: Round trip\n"
                            "author: the team\n"
                            "\n"
                            "; the grid\n"
                            "#######\n"
                            "#@..,,#\n"
                            "; a door\n"
                            "#.+~  #\n"
                            "\n"
                            "  #*>S#\n"
                            "#######\n"
                            "; the end\n";
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(canonical, strlen(canonical), "t.txt", &l, &d));
    size_t len;
    char *out = level_format(&l, &len);
    assert_string_equal(out, canonical);
    assert_int_equal(len, strlen(canonical));
    free(out);
    level_free(&l);

    /* messy input comes out canonical, and canonical is a fixed point */
    const char *messy = "\xEF\xBB\xBFname:Messy   \r\n#####   \r\n#@.   \r\n#####";
    const char *clean = "name: Messy\n#####\n#@.\n#####\n";
    assert_true(level_parse(messy, strlen(messy), "t.txt", &l, &d));
    out = level_format(&l, NULL);
    assert_string_equal(out, clean);
    free(out);
    level_free(&l);
}

static void test_save(void **state)
{
    (void)state;
    const char *text = "name: Saved\n; keep me\n###\n#@#\n###\n";
    char dir[] = "/tmp/isodroid-save-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/level.txt", dir);
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(text, strlen(text), path, &l, &d));
    char err[256] = "";
    assert_true(level_save(&l, path, err, sizeof err));
    char *back = test_read_file(path, NULL);
    assert_string_equal(back, text);
    free(back);

    /* load -> save of the saved file reproduces it byte for byte */
    Level l2;
    assert_true(level_load(path, &l2, &d));
    assert_true(level_save(&l2, path, err, sizeof err));
    back = test_read_file(path, NULL);
    assert_string_equal(back, text);
    free(back);
    level_free(&l2);

    /* a save that cannot happen says why and leaves nothing behind */
    char bad[300];
    snprintf(bad, sizeof bad, "%s/level.txt/inside.txt", dir);
    assert_false(level_save(&l, bad, err, sizeof err));
    assert_non_null(strstr(err, "inside.txt: cannot create a temporary file: Not a directory"));
    back = test_read_file(path, NULL);
    assert_string_equal(back, text);
    free(back);

    /* no temporary files left over */
    char cmd[300];
    snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 1", dir);
    assert_int_equal(system(cmd), 0);
    level_free(&l);
    unlink(path);
    rmdir(dir);
}

/* Saving through a symbolic link edits the linked file and keeps the link;
 * the mode and (as root) the owner stay; a 250-byte file name saves. */
static void test_save_links(void **state)
{
    (void)state;
    const char *text = "name: Linked\n###\n#@#\n###\n";
    char dir[] = "/tmp/isodroid-link-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char real[128], link_path[128], err[512] = "";
    snprintf(real, sizeof real, "%s/real.txt", dir);
    snprintf(link_path, sizeof link_path, "%s/link.txt", dir);
    FILE *f = fopen(real, "wb");
    fputs("#@#\n", f);
    fclose(f);
    assert_int_equal(chmod(real, 0604), 0);
    if (geteuid() == 0)
        assert_int_equal(chown(real, 4242, 4343), 0);
    assert_int_equal(symlink("real.txt", link_path), 0);
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(text, strlen(text), link_path, &l, &d));
    assert_true(level_save(&l, link_path, err, sizeof err));
    struct stat sb;
    assert_int_equal(lstat(link_path, &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    char *back = test_read_file(real, NULL);
    assert_string_equal(back, text);
    free(back);
    assert_int_equal(stat(real, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0604);
    if (geteuid() == 0) {
        assert_int_equal(sb.st_uid, 4242);
        assert_int_equal(sb.st_gid, 4343);
    }

    /* a file name of 250 bytes (the temporary name is cut, not the file's) */
    char name[256], longpath[400];
    memset(name, 'x', 246);
    strcpy(name + 246, ".txt");
    snprintf(longpath, sizeof longpath, "%s/%s", dir, name);
    assert_true(level_save(&l, longpath, err, sizeof err));
    back = test_read_file(longpath, NULL);
    assert_string_equal(back, text);
    free(back);
    level_free(&l);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 3 && rm -rf %s", dir, dir);
    assert_int_equal(system(cmd), 0);
}

static void test_load_errors(void **state)
{
    (void)state;
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_false(level_load("/nonexistent/level.txt", &l, &d));
    assert_string_equal(d.msg[0], "/nonexistent/level.txt: cannot open: No such file or directory");
    assert_null(l.glyphs);

    char *path = test_write_temp("#@Q\n", 4);
    nav_diag_clear(&d);
    assert_false(level_load(path, &l, &d));
    char want[300];
    snprintf(want, sizeof want, "%s:1:3: unknown glyph 'Q' (known: " GLYPHS ")", path);
    assert_string_equal(d.msg[0], want);
    unlink(path);
    free(path);
}

/* docs/levels.md holds a table "| `G` | name | cost |" for every glyph. */
static void test_doc_in_sync(void **state)
{
    (void)state;
    char *doc = test_read_file("docs/levels.md", NULL);
    assert_non_null(doc);
    int rows = 0;
    for (char *line = strtok(doc, "\n"); line; line = strtok(NULL, "\n")) {
        char glyph_field[16], name[64], cost[32];
        if (sscanf(line, "| `%15[^`]` | %63[^|]| %31[^ |]", glyph_field, name, cost) != 3)
            continue;
        char glyph = strcmp(glyph_field, "space") == 0 || strcmp(glyph_field, " ") == 0 ? ' ' : glyph_field[0];
        TileKind k;
        if (!tile_from_glyph(glyph, &k))
            fail_msg("docs/levels.md lists glyph '%s' that the code does not know", glyph_field);
        const TileInfo *t = tile_info(k);
        char want[32];
        if (t->cost)
            snprintf(want, sizeof want, "%d", t->cost);
        else
            snprintf(want, sizeof want, "blocked");
        if (strcmp(cost, want) != 0)
            fail_msg("docs/levels.md: glyph '%c' has cost %s, the code says %s", glyph, cost, want);
        rows++;
    }
    assert_int_equal(rows, TILE_KIND_COUNT);
    free(doc);
}

static void test_shipped_levels(void **state)
{
    (void)state;
    /* the first level is the tutorial room: 9 x 10, droid at column 2 row 2 */
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_load("levels/01_tutorial.txt", &l, &d));
    assert_int_equal(l.w, 9);
    assert_int_equal(l.h, 10);
    assert_int_equal(l.start.x, 2);
    assert_int_equal(l.start.y, 2);
    for (int x = 0; x < 9; x++) {
        assert_int_equal(level_kind(&l, x, 0), TILE_WALL);
        assert_int_equal(level_kind(&l, x, 9), TILE_WALL);
    }
    level_free(&l);
}

/* ---- what a parse allocates ---------------------------------------------
 * Under AddressSanitizer (make test) its allocator's hooks see every malloc
 * and free: the bytes a parse asks for in all, and the most it holds at
 * once. Elsewhere the tests that need them are skipped. */
#if defined(__SANITIZE_ADDRESS__)
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));
size_t __sanitizer_get_allocated_size(const volatile void *p);

static struct {
    bool on;
    long long now, peak, total;
} heap;

static void on_malloc(const volatile void *p, size_t n)
{
    (void)p;
    if (!heap.on)
        return;
    heap.now += (long long)n;
    heap.total += (long long)n;
    if (heap.now > heap.peak)
        heap.peak = heap.now;
}

static void on_free(const volatile void *p)
{
    if (heap.on && p)
        heap.now -= (long long)__sanitizer_get_allocated_size(p);
}

/* Parses text, measuring; true when it could measure. */
static bool measured_parse(const char *text, size_t len, Level *l, bool *ok)
{
    static bool hooked;
    if (!hooked)
        hooked = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
    NavDiags d;
    nav_diag_clear(&d);
    heap.now = heap.peak = heap.total = 0;
    heap.on = true;
    *ok = level_parse(text, len, "t.txt", l, &d);
    heap.on = false;
    return hooked;
}
#else
static struct {
    long long now, peak, total;
} heap;

static bool measured_parse(const char *text, size_t len, Level *l, bool *ok)
{
    NavDiags d;
    nav_diag_clear(&d);
    *ok = level_parse(text, len, "t.txt", l, &d);
    return false;
}
#endif

/* A file of a small grid and millions of blank and comment lines (legal:
 * 64 MiB of them loads) costs about a byte of memory per byte, not 75. */
static void test_blank_lines_memory(void **state)
{
    (void)state;
    size_t blank = 2000000, comments = 1000000, len = 0;
    char *text = malloc(blank + 2 * comments + 64);
    len += (size_t)sprintf(text, "; head\n#@#\n");
    for (size_t i = 0; i < blank + comments; i++) {
        if (i % 3 == 1)
            text[len++] = ';';
        text[len++] = '\n';
    }
    Level l;
    bool ok;
    if (!measured_parse(text, len, &l, &ok)) {
        free(text);
        skip();
    }
    assert_true(ok);
    assert_int_equal(l.h, 1);
    assert_true(heap.peak <= (long long)len * 2 + 65536);
    /* and the lines are all kept, in place */
    size_t out_len;
    char *out = level_format(&l, &out_len);
    assert_true(out && out_len == len && memcmp(out, text, len) == 0);
    free(out);
    level_free(&l);
    free(text);
}

/* Patrol lines load in linear time: what a parse allocates (and so copies)
 * grows with the lines, not with their square. */
static void test_patrol_lines_linear(void **state)
{
    (void)state;
    enum { LINES = 4000 };
    size_t cap = (size_t)LINES * 32 + 64, len = 0;
    char *text = malloc(cap);
    for (int i = 0; i < LINES; i++)
        len += (size_t)snprintf(text + len, cap - len, "patrol: %d,1 1,1\n", 1 + i % 3);
    len += (size_t)snprintf(text + len, cap - len, "#####\n#SSS#\n#.@.#\n#####\n");
    Level l;
    bool ok;
    if (!measured_parse(text, len, &l, &ok)) {
        free(text);
        skip();
    }
    assert_true(ok);
    assert_int_equal(l.patrol_count, LINES);
    assert_true(heap.total <= (long long)len * 20);
    for (int i = 0; i < LINES; i++) {
        assert_int_equal(l.patrols[i].count, 2);
        assert_int_equal(l.patrols[i].points[0].x, 1 + i % 3);
        assert_int_equal(l.patrols[i].line, i + 1);
    }
    size_t out_len;
    char *out = level_format(&l, &out_len);
    assert_true(out && out_len == len && memcmp(out, text, len) == 0);
    free(out);
    level_free(&l);
    free(text);
}

/* More 'S' than the sentries' limit is refused where the first one past it
 * stands; exactly the limit loads. */
static void test_sentry_limit(void **state)
{
    (void)state;
    size_t side = 1024, len = 0; /* 1024 rows of 1024: the limit exactly */
    char *text = malloc((side + 1) * side + 16);
    for (size_t y = 0; y < side; y++) {
        memset(text + len, 'S', side);
        len += side;
        text[len++] = '\n';
    }
    strcpy(text + len, ".@\n");
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_int_equal(side * side, LEVEL_SENTRY_MAX);
    assert_true(level_parse(text, len + 3, "t.txt", &l, &d));
    level_free(&l);
    strcpy(text + len, "S@S\n");
    nav_diag_clear(&d);
    assert_false(level_parse(text, len + 4, "t.txt", &l, &d));
    assert_string_equal(joined(&d), "t.txt:1025:1: sentry 1048577: a level has at most 1048576 sentries ('S')");
    free(text);
}

/* The content key (level_content_hash, the progress file's key for a
 * level's bests): the same for files that play the same way whatever their
 * name, author, description, par time, area, comments and blank lines; different for a
 * change to anything that plays (a glyph, the size, the energy, a cell's
 * energy, the sentries' speed, a patrol). */
/* "area:" names the tile set; without it, the ducts'. */
static void test_area(void **state)
{
    (void)state;
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse("area: cistern\n#@#\n", 17, "t.txt", &l, &d));
    assert_int_equal(l.area, AREA_CISTERN);
    assert_string_equal(level_area_name(l.area), "cistern");
    level_free(&l);
    assert_true(level_parse("#@#\n", 4, "t.txt", &l, &d));
    assert_int_equal(l.area, AREA_DUCTS);
    level_free(&l);
    for (int a = 0; a < AREA_COUNT; a++) { /* every name reads back as its area */
        char text[64];
        int n = snprintf(text, sizeof text, "area: %s\n#@#\n", level_area_name((LevelArea)a));
        assert_true(level_parse(text, (size_t)n, "t.txt", &l, &d));
        assert_int_equal(l.area, a);
        level_free(&l);
    }
    assert_string_equal(level_area_name(AREA_COUNT), "?");
}

/* name[LANG]: and description[LANG]: give the level's words in a language;
 * another language, or none given, reads the plain ones; the file keeps
 * them as written and the content hash does not see them */
static void test_translations(void **state)
{
    (void)state;
    static const char text[] = "name: Room\nname[de]: Raum\ndescription: Go.\ndescription[de]: Geh.\n"
                               "description[fr]: Va.\n#@#\n";
    Level l, plain;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(text, sizeof text - 1, "t.txt", &l, &d));
    assert_string_equal(level_name_in(&l, "de"), "Raum");
    assert_string_equal(level_name_in(&l, "de_AT"), "Raum");
    assert_string_equal(level_description_in(&l, "de"), "Geh.");
    assert_string_equal(level_name_in(&l, "fr"), "Room"); /* no name[fr]: the plain one */
    assert_string_equal(level_description_in(&l, "fr"), "Va.");
    assert_string_equal(level_name_in(&l, "en"), "Room");
    assert_string_equal(level_description_in(&l, NULL), "Go.");
    assert_int_equal(l.text_count, 2);
    assert_true(level_parse("#@#\n", 4, "t.txt", &plain, &d));
    assert_true(level_content_hash(&l) == level_content_hash(&plain));
    level_free(&plain);
    level_free(&l);
}

static void test_content_hash(void **state)
{
    (void)state;
    const char *base = "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n"
                       "#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n";
    const char *same[] = {
        "name: Another\nauthor: someone\ndescription: the same level\npar_time: 12.5\narea: cistern\n; a comment\n\n"
        "energy: 40\ncell: 5\nsentry_speed: 2.50\npatrol: 3,1 3,3\n"
        "#######\n#@.S..#\n#.*.#.#\n; between rows\n#...>.#\n#######\n\n; after\n",
        "patrol: 3,1 3,3\nsentry_speed: 2.5\ncell: 5\nenergy: 40\n"
        "#######   \r\n#@.S..#\r\n#.*.#.#\r\n#...>.#\r\n#######\r\n",
    };
    const char *other[] = {
        "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n#######\n#@.S..#\n#.*.#.#\n#..>..#\n#######\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n#######\n#.@S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 41\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "cell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 40\nsentry_speed: 2.5\npatrol: 3,1 3,3\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.75\npatrol: 3,1 3,3\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,2\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3 1,3\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.5\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n#######\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n"
        "        .\n",
        "energy: 40\ncell: 5\nsentry_speed: 2.5\npatrol: 3,1 3,3\n########\n#@.S..#\n#.*.#.#\n#...>.#\n#######\n",
    };
    Level l = test_level_from_text(base);
    uint64_t key = level_content_hash(&l);
    assert_true(key == level_content_hash(&l)); /* the same every time */
    level_free(&l);
    uint64_t keys[sizeof other / sizeof other[0]];
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        l = test_level_from_text(same[i]);
        uint64_t k = level_content_hash(&l);
        level_free(&l);
        if (k != key)
            fail_msg("same[%zu] has another key", i);
    }
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        l = test_level_from_text(other[i]);
        keys[i] = level_content_hash(&l);
        level_free(&l);
        if (keys[i] == key)
            fail_msg("other[%zu] has the base's key", i);
        for (size_t k = 0; k < i; k++)
            if (keys[k] == keys[i])
                fail_msg("other[%zu] and other[%zu] have one key", k, i);
    }
    /* one glyph changed anywhere in a large level changes the key */
    Level big = test_level_from_text(base);
    free(big.glyphs);
    big.w = big.h = 61;
    big.glyphs = malloc(61 * 61);
    memset(big.glyphs, '.', 61 * 61);
    uint64_t plain = level_content_hash(&big);
    for (int i = 0; i < 61 * 61; i += 7) {
        big.glyphs[i] = '#';
        bool same_key = level_content_hash(&big) == plain;
        big.glyphs[i] = '.';
        if (same_key) {
            level_free(&big);
            fail_msg("a wall at %d leaves the key", i);
        }
    }
    level_free(&big);
}

/* The tutorial's grid: the path around its inner wall is optimal and walks. */
static void test_tutorial_path(void **state)
{
    (void)state;
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_load("levels/01_tutorial.txt", &l, &d));
    NavGrid g;
    assert_true(level_build_grid(&l, &g));
    NavQuery *st = nav_query_create(g.w, g.h);
    /* from the droid at 2,2 to below the inner wall: around it, optimally */
    NavQueryResult r;
    assert_int_equal(nav_query_find(st, &g, l.start, nav_pos(3, 6), NULL, &r), NAV_DONE);
    double want = test_brute_force(&g, l.start, nav_pos(3, 6), NAV_TOPO_8);
    assert_true(fabs(r.length - want) < 1e-9);
    test_check_walk(st, &g, NAV_TOPO_8);
    for (int i = 0; i < r.steps; i++)
        assert_true(nav_grid_walkable(&g, nav_query_tile(st, i).x, nav_query_tile(st, i).y));
    nav_query_destroy(st);
    nav_grid_deinit(&g);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matrix),       cmocka_unit_test(test_nul_bytes),
        cmocka_unit_test(test_contents),
        cmocka_unit_test(test_limits),       cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_save),         cmocka_unit_test(test_save_links),
        cmocka_unit_test(test_load_errors),  cmocka_unit_test(test_tutorial_path),
        cmocka_unit_test(test_doc_in_sync),  cmocka_unit_test(test_shipped_levels),
        cmocka_unit_test(test_blank_lines_memory), cmocka_unit_test(test_patrol_lines_linear),
        cmocka_unit_test(test_sentry_limit), cmocka_unit_test(test_content_hash),
        cmocka_unit_test(test_area),         cmocka_unit_test(test_translations),
    };
    return cmocka_run_group_tests_name("level", tests, NULL, NULL);
}
