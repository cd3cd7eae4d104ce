/* level.h - Isodroid level text files (docs/levels.md): parsing with located
 * diagnostics, the canonical writer and the atomic save. Pure C.
 * A Level owns its memory: level_free releases it; a failed load leaves the
 * output untouched and zeroed, never half-filled. */
#ifndef ISODROID_LEVEL_H
#define ISODROID_LEVEL_H

#include <stdbool.h>
#include <stddef.h>

#include "coord.h"
#include "diag.h"
#include "grid.h"
#include "tile.h"

enum { LEVEL_MAX_SIDE = GRID_MAX_SIDE, LEVEL_NAME_MAX = 128 };
/* The "energy:" and "cell:" headers: whole numbers 1..LEVEL_ENERGY_MAX. */
enum { LEVEL_ENERGY_MAX = 1000000, LEVEL_CELL_DEFAULT = 10 };
/* The "sentry_speed:" header: straight floor steps a second, a number with
 * at most two decimals from LEVEL_SENTRY_SPEED_MIN to _MAX; the default is
 * slower than the droid's 4. "patrol:" lines: at most LEVEL_PATROL_POINTS
 * tiles each. */
#define LEVEL_SENTRY_SPEED_DEFAULT 3.0
#define LEVEL_SENTRY_SPEED_MIN 0.25
#define LEVEL_SENTRY_SPEED_MAX 16.0
enum { LEVEL_PATROL_POINTS = 64 };
#define LEVEL_MAX_FILE_BYTES (64L * 1024 * 1024)

/* A line of the file that is not a grid row: a header line ("key: value"), a
 * comment (';' ...) or a blank line outside the grid. Kept so save writes it
 * back where it was. */
typedef struct LevelLine {
    int before_row;  /* emitted before grid row before_row; h means after the grid */
    char *text;      /* canonical text, no newline */
} LevelLine;

/* A "patrol:" line: the sentry standing on points[0] walks to points[1],
 * ..., points[count-1] and back to points[0], round and round. */
typedef struct LevelPatrol {
    TilePos *points;
    int count;       /* 2..LEVEL_PATROL_POINTS */
    int line;        /* the file line, for messages */
} LevelPatrol;

typedef struct Level {
    int w, h;
    char *glyphs;          /* w * h glyphs, row-major; rows padded with void */
    TilePos start;         /* the single '@' */
    char name[LEVEL_NAME_MAX]; /* the "name:" header, else the file name */
    long energy;           /* the "energy:" header; 0 without one (unlimited) */
    long cell_energy;      /* the "cell:" header: energy an energy cell gives; LEVEL_CELL_DEFAULT without one */
    double sentry_speed;   /* the "sentry_speed:" header; LEVEL_SENTRY_SPEED_DEFAULT without one */
    LevelPatrol *patrols;  /* the "patrol:" lines in file order */
    int patrol_count;
    LevelLine *lines;
    int line_count;
} Level;

/* Parses text (len bytes). file names the source in messages. On any
 * problem: false, every problem in d, *out zeroed. */
bool level_parse(const char *text, size_t len, const char *file, Level *out, Diags *d);
bool level_load(const char *path, Level *out, Diags *d);
void level_free(Level *l); /* accepts a zeroed level */

/* The canonical file text (malloc'd, caller frees); NULL when out of memory. */
char *level_format(const Level *l, size_t *len);
/* Writes the canonical text to path atomically (temporary file in the same
 * folder, flush, fsync, rename). A read-only file (no write bit, or not
 * writable by us) is refused. On failure returns false, leaves any existing
 * file untouched and writes the reason into err. */
bool level_save(const Level *l, const char *path, char *err, size_t err_size);

static inline char level_glyph(const Level *l, int x, int y)
{
    return (x >= 0 && y >= 0 && x < l->w && y < l->h) ? l->glyphs[(size_t)y * (size_t)l->w + (size_t)x] : ' ';
}
TileKind level_kind(const Level *l, int x, int y);
/* Fills a grid (initialised here; caller deinits) with the tile costs. */
bool level_build_grid(const Level *l, Grid *g);

#endif
