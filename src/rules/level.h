/* SPDX-License-Identifier: MIT */
/* level.h - Isodroid level text files (docs/levels.md): parsing with located
 * diagnostics, the canonical writer and the atomic save. Pure C.
 * A Level owns its memory: level_free releases it; a failed load leaves the
 * output untouched and zeroed, never half-filled. */
#ifndef ISODROID_LEVEL_H
#define ISODROID_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "diag.h"
#include "grid.h"
#include "tile.h"

enum { LEVEL_MAX_SIDE = NAV_GRID_MAX_SIDE, LEVEL_NAME_MAX = 128, LEVEL_DESCRIPTION_MAX = 256 };
/* The "energy:" and "cell:" headers: whole numbers 1..LEVEL_ENERGY_MAX. */
enum { LEVEL_ENERGY_MAX = 1000000, LEVEL_CELL_DEFAULT = 10 };
/* The "sentry_speed:" header: straight floor steps a second, a number with
 * at most two decimals from LEVEL_SENTRY_SPEED_MIN to _MAX; the default is
 * slower than the droid's 4. "patrol:" lines: at most LEVEL_PATROL_POINTS
 * tiles each. */
#define LEVEL_SENTRY_SPEED_DEFAULT 3.0
#define LEVEL_SENTRY_SPEED_MIN 0.25
#define LEVEL_SENTRY_SPEED_MAX 16.0
/* The "par_time:" header: the seconds the stealth solver's unseen win takes
 * (isopath solve), shown as the level's time par. */
#define LEVEL_PAR_TIME_MIN 0.001
#define LEVEL_PAR_TIME_MAX 86400.0
enum { LEVEL_PATROL_POINTS = 64 };
#define LEVEL_MAX_FILE_BYTES (64L * 1024 * 1024)

/* 'S' tiles: at most LEVEL_SENTRY_MAX; a file with more is refused at the
 * first one past the limit. */
enum { LEVEL_SENTRY_MAX = 1 << 20 };

/* The lines of the file that are not grid rows, kept so save writes them
 * back where they were: header lines ("key: value"), comments (';' ...) and
 * blank lines outside the grid. One LevelLine holds a run of them that
 * stand together (between the same two rows): at most h + 1 runs, and the
 * text of all of them in one allocation, so a file of millions of blank
 * or comment lines costs about a byte of memory per byte. */
typedef struct LevelLine {
    int before_row;  /* emitted before grid row before_row; h means after the grid */
    int count;       /* lines in the run */
    const char *text; /* their canonical text, each line ending in '\n' (in Level.line_text) */
    size_t len;      /* bytes of text */
} LevelLine;

/* A "patrol:" line: the sentry standing on points[0] walks to points[1],
 * ..., points[count-1] and back to points[0], round and round. */
typedef struct LevelPatrol {
    const NavPos *points; /* in Level.patrol_points */
    int count;       /* 2..LEVEL_PATROL_POINTS */
    int line;        /* the file line, for messages */
} LevelPatrol;

/* The campaign's areas: each has its own tile set (materials and palette;
 * the platform's assets), chosen by the "area:" header. Only the look:
 * nothing the rules decide depends on it. */
typedef enum LevelArea {
    AREA_DUCTS, /* the default: steel plates and stone */
    AREA_YARD, AREA_OFFICES, AREA_CISTERN, AREA_QUARRY, AREA_WAREHOUSE, AREA_CANAL, AREA_NIGHT,
    AREA_COUNT
} LevelArea;
/* "ducts", "yard", ...; "?" for anything else. */
const char *level_area_name(LevelArea a);

/* A translation of the name and the description: the "name[LANG]:" and
 * "description[LANG]:" headers (LANG a language code of lower-case letters,
 * "de"); either may be "" (not given: the plain one stands). */
enum { LEVEL_LANG_MAX = 4, LEVEL_LANG_CODE_MAX = 8 };
typedef struct LevelText {
    char lang[LEVEL_LANG_CODE_MAX];
    char name[LEVEL_NAME_MAX];
    char description[LEVEL_DESCRIPTION_MAX];
} LevelText;

typedef struct Level {
    int w, h;
    char *glyphs;          /* w * h glyphs, row-major; rows padded with void */
    NavPos start;         /* the single '@' */
    char name[LEVEL_NAME_MAX]; /* the "name:" header, else the file name */
    char description[LEVEL_DESCRIPTION_MAX]; /* the "description:" header, to show (cut at a character
                                              * boundary when longer; the file keeps it whole), else "" */
    LevelText texts[LEVEL_LANG_MAX]; /* the translated names and descriptions, in file order */
    int text_count;
    long energy;           /* the "energy:" header; 0 without one (unlimited) */
    long cell_energy;      /* the "cell:" header: energy an energy cell gives; LEVEL_CELL_DEFAULT without one */
    double sentry_speed;   /* the "sentry_speed:" header; LEVEL_SENTRY_SPEED_DEFAULT without one */
    double par_time;       /* the "par_time:" header, seconds; 0 without one */
    LevelArea area;        /* the "area:" header; AREA_DUCTS without one (not in the content hash) */
    LevelPatrol *patrols;  /* the "patrol:" lines in file order */
    int patrol_count;
    NavPos *patrol_points; /* every patrol's points, one after the other */
    int patrol_point_count;
    LevelLine *lines;      /* the runs of lines that are not grid rows, in file order */
    int line_count;        /* runs */
    char *line_text;       /* the text of every run */
} Level;

/* The name and the description in language lang ("de"; a region is
 * ignored: "de_AT" reads "de"), else the plain ones. Point into l. */
const char *level_name_in(const Level *l, const char *lang);
const char *level_description_in(const Level *l, const char *lang);

/* Parses text (len bytes). file names the source in messages. On any
 * problem: false, every problem in d, *out zeroed. */
bool level_parse(const char *text, size_t len, const char *file, Level *out, NavDiags *d);
bool level_load(const char *path, Level *out, NavDiags *d);
void level_free(Level *l); /* accepts a zeroed level */
/* dst becomes a deep copy of src (dst zeroed or freed before; it owns its
 * memory). False when out of memory, with dst zeroed. O(tiles). */
bool level_copy(Level *dst, const Level *src);

/* The canonical file text (malloc'd, caller frees); NULL when out of memory. */
char *level_format(const Level *l, size_t *len);
/* Writes the canonical text to path with fileio_write_atomic (fileio.h):
 * temporary file beside the real file, fsync, rename; a symbolic link is
 * followed and stays a link, the mode (and owner where permitted) is kept, a
 * hard link is split. A read-only file (no write bit, or not writable by us)
 * is refused. So is a text level_load would refuse: it is checked with the
 * loader's own rules first (more than LEVEL_MAX_FILE_BYTES, e.g. a level at
 * the limit that the canonical form makes longer, or anything level_parse
 * refuses), and nothing is written. On failure returns false, leaves any
 * existing file untouched and writes the reason into err. */
bool level_save(const Level *l, const char *path, char *err, size_t err_size);

static inline char level_glyph(const Level *l, int x, int y)
{
    return (x >= 0 && y >= 0 && x < l->w && y < l->h) ? l->glyphs[(size_t)y * (size_t)l->w + (size_t)x] : ' ';
}
TileKind level_kind(const Level *l, int x, int y);
/* The level's content key: a 64-bit hash of what makes it play the way it
 * does (its size, every glyph, the start, the energy, the cell's energy,
 * the sentries' speed and every patrol in file order), not its name,
 * author, description, comments or file. Two files that play the same way
 * have the same key, wherever they are and whatever they are called; the
 * same on every machine (no byte order or padding in it). The progress
 * file keys bests by it: a change to how it is made orphans every best
 * kept. Linear in the tiles (docs/performance.md, "The level's content
 * key"). */
uint64_t level_content_hash(const Level *l);
/* Fills a grid (initialised here; caller deinits) with the tile costs. */
bool level_build_grid(const Level *l, NavGrid *g);

#endif
