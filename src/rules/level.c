/* SPDX-License-Identifier: MIT */
/* level.c - reads and writes level text files. Parsing is passes over the
 * lines in place (find the grid and count what the other lines need,
 * measure the grid, then fill) into a fresh Level that replaces the
 * caller's only when the whole file is valid: linear time, and memory of
 * about the file's size. Saving is fileio_write_atomic. */
#define _POSIX_C_SOURCE 200809L
#include "level.h"

#include "hash.h"
#include "num.h"
#include "text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fileio.h"

static const char *const header_keys[] = {"name",         "author", "description", "energy", "cell",
                                          "sentry_speed", "patrol", "par_time",    "area"};
enum { KEY_NAME, KEY_AUTHOR, KEY_DESCRIPTION, KEY_ENERGY, KEY_CELL, KEY_SENTRY_SPEED, KEY_PATROL, KEY_PAR_TIME, KEY_AREA };
static const char *const area_names[AREA_COUNT] = {"ducts",     "yard",  "offices", "cistern",
                                                   "quarry",    "warehouse", "canal", "night"};

/* The translation for lang ("de", "de_AT": the letters before '_'), or NULL. */
static const LevelText *text_in(const Level *l, const char *lang)
{
    size_t n = lang ? strcspn(lang, "_.@") : 0;
    for (int i = 0; n && i < l->text_count; i++)
        if (strlen(l->texts[i].lang) == n && memcmp(l->texts[i].lang, lang, n) == 0)
            return &l->texts[i];
    return NULL;
}

const char *level_name_in(const Level *l, const char *lang)
{
    const LevelText *t = text_in(l, lang);
    return t && t->name[0] ? t->name : l->name;
}

const char *level_description_in(const Level *l, const char *lang)
{
    const LevelText *t = text_in(l, lang);
    return t && t->description[0] ? t->description : l->description;
}

const char *level_area_name(LevelArea a)
{
    return (unsigned)a < AREA_COUNT ? area_names[a] : "?";
}
enum { HEADER_KEY_COUNT = sizeof header_keys / sizeof header_keys[0] };

typedef struct Line {
    const char *s;
    size_t len;    /* without newline, CR and trailing spaces */
    int number;    /* 1-based */
} Line;

typedef enum LineKind { LINE_BLANK, LINE_COMMENT, LINE_HEADER, LINE_ROW } LineKind;

static LineKind line_kind(const Line *ln)
{
    if (ln->len == 0)
        return LINE_BLANK;
    if (ln->s[0] == ';')
        return LINE_COMMENT;
    if (ln->s[0] >= 'a' && ln->s[0] <= 'z') {
        size_t i = 1;
        while (i < ln->len && ((ln->s[i] >= 'a' && ln->s[i] <= 'z') || ln->s[i] == '_'))
            i++;
        if (i < ln->len && ln->s[i] == '[') { /* a language: name[de]: */
            size_t j = i + 1;
            while (j < ln->len && ln->s[j] >= 'a' && ln->s[j] <= 'z')
                j++;
            if (j > i + 1 && j - i - 1 < LEVEL_LANG_CODE_MAX && j < ln->len && ln->s[j] == ']')
                i = j + 1;
        }
        if (i < ln->len && ln->s[i] == ':')
            return LINE_HEADER;
    }
    return LINE_ROW;
}

/* The lines of a text, one at a time, without a UTF-8 BOM, newlines, CR or
 * trailing spaces; a final newline makes no empty last line. Nothing is
 * allocated: a file of millions of lines is read in place. */
typedef struct Cursor {
    const char *p, *end;
    int number;    /* of the last line given */
} Cursor;

static Cursor cursor_at(const char *text, size_t len)
{
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    return (Cursor){text, text + len, 0};
}

static bool next_line(Cursor *c, Line *ln)
{
    if (c->p >= c->end)
        return false;
    const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    const char *e = nl ? nl : c->end;
    size_t n = (size_t)(e - c->p);
    while (n > 0 && (c->p[n - 1] == '\r' || c->p[n - 1] == ' '))
        n--;
    ln->s = c->p;
    ln->len = n;
    ln->number = ++c->number;
    c->p = nl ? nl + 1 : c->end;
    return true;
}

static void describe_byte(char c, char *buf, size_t size)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7F)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02X", u);
}

/* "3", "2.5", "0.75": a number with at most two decimals, within the limits. */
static bool parse_speed(const char *v, size_t n, double *out)
{
    long whole = 0, frac = 0;
    size_t i = 0, digits = 0, decimals = 0;
    while (i < n && v[i] >= '0' && v[i] <= '9' && whole < 1000) {
        whole = whole * 10 + (v[i++] - '0');
        digits++;
    }
    if (i < n && v[i] == '.') {
        i++;
        while (i < n && v[i] >= '0' && v[i] <= '9' && decimals < 2) {
            frac = frac * 10 + (v[i++] - '0');
            decimals++;
        }
        if (decimals == 0)
            return false;
    }
    if (digits == 0 || i < n)
        return false;
    if (decimals == 1)
        frac *= 10;
    double speed = (double)whole + (double)frac / 100.0;
    if (speed < LEVEL_SENTRY_SPEED_MIN || speed > LEVEL_SENTRY_SPEED_MAX)
        return false;
    *out = speed;
    return true;
}

/* "X,Y X,Y ...": 2..LEVEL_PATROL_POINTS tiles inside the grid, appended to
 * l->patrols. Which sentry it belongs to (the 'S' on its first tile) is the
 * rules' business: the editor may paint over that 'S', and its file must
 * still load. */
static bool parse_patrol(const Line *ln, const char *v, size_t n, const char *file, NavDiags *d, Level *l)
{
    NavPos pts[LEVEL_PATROL_POINTS];
    int count = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && v[i] == ' ')
            i++;
        if (i == n)
            break;
        int col = (int)(v - ln->s + (ptrdiff_t)i) + 1;
        long xy[2] = {0, 0};
        for (int k = 0; k < 2; k++) {
            size_t digits = 0;
            while (i < n && v[i] >= '0' && v[i] <= '9' && xy[k] <= LEVEL_MAX_SIDE) {
                xy[k] = xy[k] * 10 + (v[i++] - '0');
                digits++;
            }
            if (digits == 0 || (k == 0 && (i == n || v[i] != ',')) || (k == 1 && i < n && v[i] != ' ')) {
                nav_diag_add(d, file, ln->number, col, "patrol wants tiles as X,Y separated by spaces");
                return false;
            }
            if (k == 0)
                i++; /* the comma */
        }
        if (xy[0] >= l->w || xy[1] >= l->h) {
            nav_diag_add(d, file, ln->number, col, "patrol tile %ld,%ld is outside the %dx%d grid", xy[0], xy[1], l->w,
                     l->h);
            return false;
        }
        if (count == LEVEL_PATROL_POINTS) {
            nav_diag_add(d, file, ln->number, col, "a patrol has at most %d tiles", LEVEL_PATROL_POINTS);
            return false;
        }
        pts[count++] = nav_pos((int)xy[0], (int)xy[1]);
    }
    if (count < 2) {
        nav_diag_add(d, file, ln->number, 1, "patrol wants the sentry's tile and at least one more");
        return false;
    }
    /* room for them was counted before: a patrol line, a point a comma */
    NavPos *to = l->patrol_points + l->patrol_point_count;
    memcpy(to, pts, (size_t)count * sizeof *pts);
    l->patrol_point_count += count;
    LevelPatrol *p = &l->patrols[l->patrol_count++];
    p->points = to;
    p->count = count;
    p->line = ln->number;
    return true;
}

/* The index of a header key in header_keys, or -1 when it is none of them. */
static int header_key(const char *s, size_t key_len)
{
    int key = -1;
    for (int k = 0; k < HEADER_KEY_COUNT; k++)
        if (strlen(header_keys[k]) == key_len && memcmp(header_keys[k], s, key_len) == 0)
            key = k;
    return key;
}

/* "energy:" and "cell:": a whole number 1..LEVEL_ENERGY_MAX, nothing after it. */
static bool header_whole(const Line *ln, int key, const char *v, size_t vlen, const char *file, NavDiags *d,
                         Level *l)
{
    char num[16];
    long n = 0;
    bool ok = vlen < sizeof num;
    if (ok) {
        memcpy(num, v, vlen);
        num[vlen] = '\0';
        ok = num_parse_long(num, 1, LEVEL_ENERGY_MAX, &n) == NUM_OK;
    }
    if (!ok) {
        nav_diag_add(d, file, ln->number, (int)(v - ln->s) + 1, "%s wants a whole number from 1 to %ld",
                 header_keys[key], (long)LEVEL_ENERGY_MAX);
        return false;
    }
    if (key == KEY_ENERGY)
        l->energy = n;
    else
        l->cell_energy = n;
    return true;
}

/* "par_time:": seconds, digits and a point only. */
static bool header_par_time(const Line *ln, const char *v, size_t vlen, const char *file, NavDiags *d, Level *l)
{
    char num[16];
    double t = 0;
    bool ok = vlen > 0 && vlen < sizeof num;
    if (ok) {
        memcpy(num, v, vlen);
        num[vlen] = '\0';
        ok = strspn(num, "0123456789.") == vlen &&
             num_parse_double(num, LEVEL_PAR_TIME_MIN, LEVEL_PAR_TIME_MAX, &t) == NUM_OK;
    }
    if (!ok) {
        nav_diag_add(d, file, ln->number, (int)(v - ln->s) + 1, "par_time wants seconds from %g to %g",
                 LEVEL_PAR_TIME_MIN, LEVEL_PAR_TIME_MAX);
        return false;
    }
    l->par_time = t;
    return true;
}

/* "area:": one of area_names. */
static bool header_area(const Line *ln, const char *v, size_t vlen, const char *file, NavDiags *d, Level *l)
{
    for (int a = 0; a < AREA_COUNT; a++)
        if (strlen(area_names[a]) == vlen && memcmp(area_names[a], v, vlen) == 0) {
            l->area = (LevelArea)a;
            return true;
        }
    nav_diag_add(d, file, ln->number, (int)(v - ln->s) + 1,
                 "area wants one of ducts, yard, offices, cistern, quarry, warehouse, canal, night, not '%.*s'",
                 vlen > 40 ? 40 : (int)vlen, v);
    return false;
}

/* The value v of header key into l; false (with its diagnostic) when it is not one. */
static bool header_set(const Line *ln, int key, const char *v, size_t vlen, const char *file, NavDiags *d, Level *l)
{
    switch (key) {
    case KEY_ENERGY:
    case KEY_CELL: return header_whole(ln, key, v, vlen, file, d, l);
    case KEY_PAR_TIME: return header_par_time(ln, v, vlen, file, d, l);
    case KEY_AREA: return header_area(ln, v, vlen, file, d, l);
    case KEY_SENTRY_SPEED:
        if (!parse_speed(v, vlen, &l->sentry_speed)) {
            nav_diag_add(d, file, ln->number, (int)(v - ln->s) + 1,
                     "sentry_speed wants a number of steps a second from %.2g to %.2g, at most two decimals",
                     LEVEL_SENTRY_SPEED_MIN, LEVEL_SENTRY_SPEED_MAX);
            return false;
        }
        return true;
    case KEY_PATROL: return parse_patrol(ln, v, vlen, file, d, l);
    case KEY_NAME:
        if (vlen >= LEVEL_NAME_MAX) {
            nav_diag_add(d, file, ln->number, (int)(v - ln->s) + 1, "level name longer than %d characters",
                     LEVEL_NAME_MAX - 1);
            return false;
        }
        memcpy(l->name, v, vlen);
        l->name[vlen] = '\0';
        return true;
    case KEY_DESCRIPTION: { /* shown when the level opens: cut to fit, never inside a character */
        size_t n = vlen < LEVEL_DESCRIPTION_MAX ? vlen : LEVEL_DESCRIPTION_MAX - 1;
        while (n > 0 && n < vlen && ((unsigned char)v[n] & 0xC0) == 0x80)
            n--;
        memcpy(l->description, v, n);
        l->description[n] = '\0';
        return true;
    }
    default: return true;
    }
}

/* The canonical line of the patrol just read: its points one space apart. */
static bool patrol_canon(const Line *ln, const char *file, NavDiags *d, const Level *l, char **canon)
{
    const LevelPatrol *p = &l->patrols[l->patrol_count - 1];
    size_t cap = 16 + (size_t)p->count * 24;
    *canon = malloc(cap);
    if (!*canon) {
        nav_diag_add(d, file, ln->number, 1, "out of memory");
        return false;
    }
    /* copied, not printed: files of millions of patrol lines load (docs/performance.md) */
    static const char head[] = "patrol:";
    memcpy(*canon, head, sizeof head);
    size_t at = sizeof head - 1;
    for (int i = 0; i < p->count; i++)
        at += (size_t)snprintf(*canon + at, cap - at, " %d,%d", p->points[i].x, p->points[i].y);
    return true;
}

/* The translation of lang in l, made when new; NULL (with its diagnostic)
 * when there are LEVEL_LANG_MAX already. */
static LevelText *level_text(const Line *ln, const char *file, NavDiags *d, Level *l, const char *lang, size_t n)
{
    for (int i = 0; i < l->text_count; i++)
        if (strlen(l->texts[i].lang) == n && memcmp(l->texts[i].lang, lang, n) == 0)
            return &l->texts[i];
    if (l->text_count == LEVEL_LANG_MAX) {
        nav_diag_add(d, file, ln->number, 1, "translations into at most %d languages", LEVEL_LANG_MAX);
        return NULL;
    }
    LevelText *t = &l->texts[l->text_count++];
    memcpy(t->lang, lang, n);
    t->lang[n] = '\0';
    return t;
}

/* A "name[LANG]:" or "description[LANG]:" header into its translation. */
static bool header_translated(const Line *ln, const char *file, NavDiags *d, Level *l, int key, const char *lang,
                              size_t n, const char *v, size_t vlen)
{
    if (key != KEY_NAME && key != KEY_DESCRIPTION) {
        nav_diag_add(d, file, ln->number, 1, "header '%s' has no translations (name and description have)",
                     header_keys[key]);
        return false;
    }
    LevelText *t = level_text(ln, file, d, l, lang, n);
    if (!t)
        return false;
    char *to = key == KEY_NAME ? t->name : t->description;
    if (to[0]) {
        nav_diag_add(d, file, ln->number, 1, "header '%s[%s]' given twice", header_keys[key], t->lang);
        return false;
    }
    /* read as the plain header is, into a scratch level's fields */
    Level one;
    memset(one.name, 0, sizeof one.name);
    memset(one.description, 0, sizeof one.description);
    if (!header_set(ln, key, v, vlen, file, d, &one))
        return false;
    if (key == KEY_NAME)
        memcpy(t->name, one.name, sizeof t->name);
    else
        memcpy(t->description, one.description, sizeof t->description);
    return true;
}

static bool header_value(const Line *ln, const char *file, NavDiags *d, bool seen[HEADER_KEY_COUNT],
                         Level *l, char **canon)
{
    const char *colon = memchr(ln->s, ':', ln->len);
    size_t key_len = (size_t)(colon - ln->s);
    const char *bracket = memchr(ln->s, '[', key_len);
    size_t word_len = bracket ? (size_t)(bracket - ln->s) : key_len;
    int key = header_key(ln->s, word_len);
    if (key >= 0 && bracket) {
        const char *v = colon + 1, *end = ln->s + ln->len;
        while (v < end && (*v == ' ' || *v == '\t'))
            v++;
        size_t vlen = (size_t)(end - v);
        if (!header_translated(ln, file, d, l, key, bracket + 1, key_len - word_len - 2, v, vlen))
            return false;
        *canon = malloc(key_len + vlen + 3);
        if (!*canon) {
            nav_diag_add(d, file, ln->number, 1, "out of memory");
            return false;
        }
        sprintf(*canon, "%.*s:%s%.*s", (int)key_len, ln->s, vlen ? " " : "", (int)vlen, v);
        return true;
    }
    if (key < 0) {
        nav_diag_add(d, file, ln->number, 1, "unknown header key '%.*s' (known: name, author, description, energy, cell, sentry_speed, patrol, par_time, area)",
                 (int)key_len, ln->s);
        return false;
    }
    if (seen[key] && key != KEY_PATROL) { /* one patrol line per sentry */
        nav_diag_add(d, file, ln->number, 1, "header '%s' given twice", header_keys[key]);
        return false;
    }
    seen[key] = true;
    const char *v = colon + 1, *end = ln->s + ln->len;
    while (v < end && (*v == ' ' || *v == '\t'))
        v++;
    size_t vlen = (size_t)(end - v);
    if (!header_set(ln, key, v, vlen, file, d, l))
        return false;
    if (key == KEY_PATROL)
        return patrol_canon(ln, file, d, l, canon);
    *canon = malloc(key_len + vlen + 3);
    if (!*canon) {
        nav_diag_add(d, file, ln->number, 1, "out of memory");
        return false;
    }
    sprintf(*canon, "%s:%s%.*s", header_keys[key], vlen ? " " : "", (int)vlen, v);
    return true;
}

static void default_name(const char *file, char *name)
{
    const char *base = text_base_name(file);
    size_t n = strcspn(base, ".");
    if (n >= LEVEL_NAME_MAX)
        n = LEVEL_NAME_MAX - 1;
    memcpy(name, base, n);
    name[n] = '\0';
}

void level_free(Level *l)
{
    if (!l)
        return;
    free(l->lines);
    free(l->line_text);
    free(l->patrols);
    free(l->patrol_points);
    free(l->glyphs);
    memset(l, 0, sizeof *l);
}

/* A malloc'd copy of n bytes (NULL for none); *ok false when out of memory. */
static void *dup_bytes(const void *p, size_t n, bool *ok)
{
    if (!p || n == 0)
        return NULL;
    void *q = malloc(n);
    if (q)
        memcpy(q, p, n);
    else
        *ok = false;
    return q;
}

bool level_copy(Level *dst, const Level *src)
{
    *dst = *src;
    bool ok = true;
    size_t text = 0;
    for (int i = 0; i < src->line_count; i++)
        text += src->lines[i].len;
    dst->glyphs = dup_bytes(src->glyphs, (size_t)src->w * (size_t)src->h, &ok);
    dst->patrols = dup_bytes(src->patrols, (size_t)src->patrol_count * sizeof *src->patrols, &ok);
    dst->patrol_points = dup_bytes(src->patrol_points, (size_t)src->patrol_point_count * sizeof *src->patrol_points, &ok);
    dst->lines = dup_bytes(src->lines, (size_t)src->line_count * sizeof *src->lines, &ok);
    dst->line_text = dup_bytes(src->line_text, text, &ok);
    if (!ok) {
        level_free(dst);
        return false;
    }
    /* the pointers into the copied arrays moved with them */
    for (int i = 0; i < dst->patrol_count; i++)
        dst->patrols[i].points = dst->patrol_points + (src->patrols[i].points - src->patrol_points);
    for (int i = 0; i < dst->line_count; i++)
        dst->lines[i].text = dst->line_text + (src->lines[i].text - src->line_text);
    return true;
}

/* Keeps a line that is not a grid row: appended to the run of lines before
 * row before_row (a new run when the last one stands elsewhere). The room
 * was counted before: text_len never passes what was allocated. */
static void keep_line(Level *l, size_t *text_len, int before_row, const char *s, size_t len)
{
    LevelLine *run = l->line_count ? &l->lines[l->line_count - 1] : NULL;
    if (!run || run->before_row != before_row) {
        run = &l->lines[l->line_count++];
        *run = (LevelLine){before_row, 0, l->line_text + *text_len, 0};
    }
    memcpy(l->line_text + *text_len, s, len);
    l->line_text[*text_len + len] = '\n';
    *text_len += len + 1;
    run->len += len + 1;
    run->count++;
}

static bool is_patrol_line(const Line *ln)
{
    return ln->len > 7 && memcmp(ln->s, "patrol:", 7) == 0;
}

/* What pass 1 finds: where the grid rows are, and the room the other lines
 * need (their text, a byte more for a header's canonical form; the patrols
 * and their points, a point a comma). */
typedef struct Layout {
    int first, last;   /* line numbers of the first and last grid row; first -1 without rows */
    int lines_seen, patrol_lines;
    size_t kept_bytes, patrol_commas;
} Layout;

/* Pass 1: the layout of the text's lines. */
static Layout scan_layout(const char *text, size_t len)
{
    Layout lay = {.first = -1, .last = -1};
    Line ln;
    Cursor c = cursor_at(text, len);
    while (next_line(&c, &ln)) {
        LineKind k = line_kind(&ln);
        lay.lines_seen = ln.number;
        if (k == LINE_ROW) {
            if (lay.first < 0)
                lay.first = ln.number;
            lay.last = ln.number;
            continue;
        }
        lay.kept_bytes += ln.len + 1 + (k == LINE_HEADER);
        if (k == LINE_HEADER && is_patrol_line(&ln)) {
            lay.patrol_lines++;
            for (size_t i = 0; i < ln.len; i++)
                lay.patrol_commas += ln.s[i] == ',';
        }
    }
    return lay;
}

/* Pass 1b: the grid's width and height, with a diagnostic for each line
 * that does not belong in it or does not fit. */
static void measure_grid(const char *text, size_t len, const Layout *lay, const char *file, NavDiags *d, int *w,
                         int *h)
{
    Line ln;
    if (lay->first < 0) {
        nav_diag_add(d, file, lay->lines_seen > 0 ? lay->lines_seen : 1, 1,
                     "no grid rows: a level needs rows of tiles");
        return;
    }
    Cursor c = cursor_at(text, len);
    while (next_line(&c, &ln) && ln.number <= lay->last) {
        if (ln.number < lay->first)
            continue;
        LineKind k = line_kind(&ln);
        if (k == LINE_HEADER) {
            nav_diag_add(d, file, ln.number, 1, "header line inside the grid: put '%.*s' above the first row",
                     (int)((const char *)memchr(ln.s, ':', ln.len) - ln.s + 1), ln.s);
            continue;
        }
        if (k == LINE_COMMENT)
            continue;
        if (*h == LEVEL_MAX_SIDE) {
            nav_diag_add(d, file, ln.number, 1, "more than %d rows", LEVEL_MAX_SIDE);
            break;
        }
        (*h)++;
        if ((int)ln.len > LEVEL_MAX_SIDE)
            nav_diag_add(d, file, ln.number, LEVEL_MAX_SIDE + 1, "row is %zu tiles wide; at most %d", ln.len,
                     LEVEL_MAX_SIDE);
        else if ((int)ln.len > *w)
            *w = (int)ln.len;
    }
}

/* A w x h level of void tiles with the room the layout counted and the
 * headers' defaults; false (out of memory) leaves nothing allocated. */
static bool level_alloc(Level *l, int w, int h, const Layout *lay, const char *file)
{
    l->w = w;
    l->h = h;
    l->glyphs = malloc((size_t)w * (size_t)h);
    l->lines = malloc(((size_t)h + 1) * sizeof *l->lines);
    l->line_text = lay->kept_bytes ? malloc(lay->kept_bytes) : NULL;
    l->patrols = lay->patrol_lines ? malloc((size_t)lay->patrol_lines * sizeof *l->patrols) : NULL;
    l->patrol_points = lay->patrol_commas ? malloc(lay->patrol_commas * sizeof *l->patrol_points) : NULL;
    if (!l->glyphs || !l->lines || (lay->kept_bytes && !l->line_text) || (lay->patrol_lines && !l->patrols) ||
        (lay->patrol_commas && !l->patrol_points)) {
        level_free(l);
        return false;
    }
    memset(l->glyphs, ' ', (size_t)w * (size_t)h);
    default_name(file, l->name);
    l->cell_energy = LEVEL_CELL_DEFAULT;
    l->sentry_speed = LEVEL_SENTRY_SPEED_DEFAULT;
    return true;
}

/* Pass 2's progress: the next grid row, the starts and sentries met, the
 * kept lines' text and the header keys seen. */
typedef struct Fill {
    int row, starts, start_line, start_col;
    long sentries;
    size_t text_len;
    bool seen[HEADER_KEY_COUNT];
} Fill;

/* One grid row's glyphs into row f->row, each checked, the start and the
 * sentries counted. */
static void fill_row(const Line *ln, const char *file, NavDiags *d, Level *l, Fill *f)
{
    char *dst = l->glyphs + (size_t)f->row * (size_t)l->w;
    for (size_t x = 0; x < ln->len; x++) {
        char ch = ln->s[x];
        TileKind kind;
        if (ch == '\t') {
            nav_diag_add(d, file, ln->number, (int)x + 1, "tab character: use spaces for void tiles");
        } else if (!tile_from_glyph(ch, &kind)) {
            char what[16];
            describe_byte(ch, what, sizeof what);
            nav_diag_add(d, file, ln->number, (int)x + 1, "unknown glyph %s (known: %s)", what, tile_glyph_list());
        } else {
            dst[x] = ch;
            if (kind == TILE_START) {
                if (f->starts++ == 0) {
                    l->start = nav_pos((int)x, f->row);
                    f->start_line = ln->number;
                    f->start_col = (int)x + 1;
                } else {
                    nav_diag_add(d, file, ln->number, (int)x + 1, "second droid start '@' (the first is at %d:%d)",
                             f->start_line, f->start_col);
                }
            } else if (kind == TILE_SENTRY && ++f->sentries == (long)LEVEL_SENTRY_MAX + 1) {
                nav_diag_add(d, file, ln->number, (int)x + 1, "sentry %ld: a level has at most %d sentries ('S')",
                         f->sentries, LEVEL_SENTRY_MAX);
            }
        }
    }
    f->row++;
}

/* A line that is not a grid row: a header read and kept in its canonical
 * form, a comment or blank line kept as it is, before the row it stands at. */
static void fill_other(const Line *ln, LineKind k, bool in_grid, const Layout *lay, const char *file, NavDiags *d,
                       Level *l, Fill *f)
{
    char *canon = NULL;
    const char *nul = memchr(ln->s, '\0', ln->len);
    if (nul) { /* a grid row reports it as a glyph; here it would be cut on save */
        nav_diag_add(d, file, ln->number, (int)(nul - ln->s) + 1, "NUL byte (0x00) in a %s: level files are text",
                 k == LINE_COMMENT ? "comment" : "header line");
        return;
    }
    if (k == LINE_HEADER && ln->number > lay->last) {
        nav_diag_add(d, file, ln->number, 1, "header line after the grid: put it above the first row");
        return;
    }
    if (k == LINE_HEADER && !header_value(ln, file, d, f->seen, l, &canon)) {
        free(canon);
        return;
    }
    int before_row = ln->number < lay->first ? 0 : (in_grid ? f->row : l->h);
    if (canon) {
        keep_line(l, &f->text_len, before_row, canon, strlen(canon));
        free(canon);
    } else {
        keep_line(l, &f->text_len, before_row, ln->s, ln->len);
    }
}

bool level_parse(const char *text, size_t len, const char *file, Level *out, NavDiags *d)
{
    memset(out, 0, sizeof *out);
    int problems = nav_diag_total(d);

    Layout lay = scan_layout(text, len);
    int w = 0, h = 0;
    measure_grid(text, len, &lay, file, d, &w, &h);
    if (nav_diag_total(d) > problems)
        return false;

    /* Pass 2: fill glyphs, check them, keep the other lines. */
    Level l = {0};
    if (!level_alloc(&l, w, h, &lay, file)) {
        nav_diag_add(d, file, 0, 0, "out of memory");
        return false;
    }
    Fill f = {0};
    Line ln;
    Cursor c = cursor_at(text, len);
    while (next_line(&c, &ln)) {
        LineKind k = line_kind(&ln);
        bool in_grid = ln.number >= lay.first && ln.number <= lay.last;
        if (in_grid && k != LINE_COMMENT)
            fill_row(&ln, file, d, &l, &f);
        else
            fill_other(&ln, k, in_grid, &lay, file, d, &l, &f);
    }
    if (f.starts == 0)
        nav_diag_add(d, file, lay.first, 1, "no droid start '@' in the grid");
    if (nav_diag_total(d) > problems) {
        level_free(&l);
        return false;
    }
    *out = l;
    return true;
}

bool level_load(const char *path, Level *out, NavDiags *d)
{
    memset(out, 0, sizeof *out);
    char *buf;
    size_t len;
    int err;
    switch (fileio_read_all(path, (size_t)LEVEL_MAX_FILE_BYTES, &buf, &len, &err)) {
    case FILEIO_READ_OK: break;
    case FILEIO_READ_CANNOT_OPEN: nav_diag_add(d, path, 0, 0, "cannot open: %s", fileio_strerror(err)); return false;
    case FILEIO_READ_FOLDER: nav_diag_add(d, path, 0, 0, "is a folder, not a level file"); return false;
    case FILEIO_READ_TOO_LARGE:
        nav_diag_add(d, path, 0, 0, "file larger than %ld bytes", LEVEL_MAX_FILE_BYTES);
        return false;
    case FILEIO_READ_FAILED: nav_diag_add(d, path, 0, 0, "read error: %s", strerror(err)); return false;
    case FILEIO_READ_NO_MEMORY: nav_diag_add(d, path, 0, 0, "out of memory"); return false;
    }
    bool ok = level_parse(buf, len, path, out, d);
    free(buf);
    return ok;
}

TileKind level_kind(const Level *l, int x, int y)
{
    TileKind k = TILE_VOID;
    tile_from_glyph(level_glyph(l, x, y), &k);
    return k;
}

bool level_build_grid(const Level *l, NavGrid *g)
{
    if (nav_grid_init(g, l->w, l->h) != NAV_DONE)
        return false;
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++)
            nav_grid_set(g, x, y, tile_info(level_kind(l, x, y))->cost);
    return true;
}

/* ---- the content key ------------------------------------------------------ */

/* Eight glyphs as a number, the lowest first on any machine (compilers
 * make it one load). */
static inline uint64_t key_word(const unsigned char *b)
{
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 |
           (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 | (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
}

/* One word into a running hash: xored in, multiplied by an odd constant
 * with bits all over, its high half folded down, so every bit of the word
 * reaches every bit of the hash. */
static inline uint64_t key_mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    return h ^ h >> 32;
}

/* The glyphs eight at a time in four independent lanes, folded together
 * at the end: the result panel asks for the key every frame, and a byte at
 * a time is several times slower (docs/performance.md, "The level's
 * content key"). */
static void key_glyphs(uint64_t *h, const char *g, size_t n)
{
    const unsigned char *s = (const unsigned char *)g;
    uint64_t l0 = *h, l1 = *h ^ 1, l2 = *h ^ 2, l3 = *h ^ 3;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        l0 = key_mix(l0, key_word(s + i));
        l1 = key_mix(l1, key_word(s + i + 8));
        l2 = key_mix(l2, key_word(s + i + 16));
        l3 = key_mix(l3, key_word(s + i + 24));
    }
    for (; i + 8 <= n; i += 8)
        l0 = key_mix(l0, key_word(s + i));
    *h = key_mix(key_mix(key_mix(l0, l1), l2), l3);
    hash_bytes(h, s + i, n - i);
}

uint64_t level_content_hash(const Level *l)
{
    uint64_t h = HASH_BASIS;
    hash_u64(&h, (uint64_t)(uint32_t)l->w | (uint64_t)(uint32_t)l->h << 32);
    if (l->glyphs)
        key_glyphs(&h, l->glyphs, (size_t)l->w * (size_t)l->h);
    hash_tile(&h, l->start);
    hash_u64(&h, (uint64_t)l->energy);
    hash_u64(&h, (uint64_t)l->cell_energy);
    _Static_assert(sizeof(double) == sizeof(uint64_t), "a double's bits fit a uint64_t");
    uint64_t speed;
    memcpy(&speed, &l->sentry_speed, sizeof speed); /* "3", "3.0" and "3.00" read as the same double */
    hash_u64(&h, speed);
    hash_u64(&h, (uint64_t)l->patrol_count);
    for (int i = 0; i < l->patrol_count; i++) {
        hash_u64(&h, (uint64_t)l->patrols[i].count);
        for (int k = 0; k < l->patrols[i].count; k++)
            hash_tile(&h, l->patrols[i].points[k]);
    }
    return h;
}

/* ---- writing ------------------------------------------------------------ */

typedef struct Buf {
    char *s;
    size_t len, cap;
    bool failed;
} Buf;

static void buf_put(Buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (!buf_room(&b->s, &b->cap, 1, b->len + n + 1, 4096, SIZE_MAX)) {
        b->failed = true;
        return;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void put_lines_before(Buf *b, const Level *l, int row, int *next)
{
    while (*next < l->line_count && l->lines[*next].before_row == row) {
        buf_put(b, l->lines[*next].text, l->lines[*next].len);
        (*next)++;
    }
}

char *level_format(const Level *l, size_t *len)
{
    Buf b = {0};
    int next = 0;
    for (int y = 0; y < l->h; y++) {
        put_lines_before(&b, l, y, &next);
        const char *row = l->glyphs + (size_t)y * (size_t)l->w;
        size_t n = (size_t)l->w;
        while (n > 0 && row[n - 1] == ' ')
            n--;
        buf_put(&b, row, n);
        buf_put(&b, "\n", 1);
    }
    put_lines_before(&b, l, l->h, &next);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    if (len)
        *len = b.len;
    return b.s;
}

/* Would level_load take text back? The loader's own rules decide: its size
 * cap, then level_parse itself (rows, headers, every limit of level.h), so
 * the writer never has a second copy of them to get out of step. */
static bool loads_back(const char *text, size_t len, const char *path, char *err, size_t err_size)
{
    if (len > (size_t)LEVEL_MAX_FILE_BYTES) {
        snprintf(err, err_size,
                 "%s: not saved: the level's text would be %zu bytes, more than a level file may have (%ld)", path,
                 len, LEVEL_MAX_FILE_BYTES);
        return false;
    }
    Level back;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_parse(text, len, path, &back, &d)) {
        const char *why = d.count ? d.msg[0] : "not valid";
        if (strstr(why, "out of memory"))
            snprintf(err, err_size, "%s: out of memory", path);
        else
            snprintf(err, err_size, "not saved: the file would not load: %s", why);
        return false;
    }
    level_free(&back);
    return true;
}

bool level_save(const Level *l, const char *path, char *err, size_t err_size)
{
    size_t len = 0;
    char *text = level_format(l, &len);
    if (!text) {
        snprintf(err, err_size, "%s: out of memory", path);
        return false;
    }
    bool ok = loads_back(text, len, path, err, err_size) && fileio_write_atomic(path, text, len, err, err_size);
    free(text);
    return ok;
}
