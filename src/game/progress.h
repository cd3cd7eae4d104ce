/* progress.h - what the player has done: the levels completed and each
 * level's bests (time, steps, energy used), kept in a small text file
 * ($XDG_DATA_HOME/isodroid/progress, else ~/.local/share/isodroid/progress)
 * written atomically. No SDL. progress_load/progress_free own the entries.
 *
 * Two games may share the file: each win locks FILE.lock (flock; the lock
 * file stays beside the progress file), reads the file again, keeps the best
 * of each value from both, writes the result atomically and unlocks, so the
 * later win never loses the other game's bests.
 *
 * Reading is lenient where nothing is lost: a byte-order mark, CRLF line
 * ends, trailing spaces and blank lines read as the same bests. A line that
 * is truly damaged is dropped and named in p->error; the other lines are
 * read. A file with a damaged line, or one that does not read at all (too
 * large, a folder, not a regular file, unreadable), is never written over:
 * before a new one is written it is moved aside to FILE.bad, or when that is
 * taken FILE.bad.1, FILE.bad.2, ... up to PROGRESS_BAD_MAX names; when all
 * are taken the progress is not saved and p->error says which to remove.
 *
 * The writer never writes what the reader refuses: the same limits bound
 * both (PROGRESS_MAX_LEVELS levels, names of PROGRESS_NAME_MAX bytes, the
 * values' ranges, so the file stays within PROGRESS_MAX_BYTES). */
#ifndef ISODROID_PROGRESS_H
#define ISODROID_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

enum {
    PROGRESS_MAX_LEVELS = 10000,       /* levels kept: the reader drops lines past it, the writer adds none */
    PROGRESS_NAME_MAX = 255,           /* bytes of a level file's name (NAME_MAX); no '/', tab or line end */
    PROGRESS_LINE_MAX = 320,           /* bytes of the longest line written: "level\tNAME\tTIME\tSTEPS\tENERGY\n" */
    PROGRESS_MAX_BYTES = 4 << 20,      /* the file: 4 MiB, room for PROGRESS_MAX_LEVELS longest lines */
    PROGRESS_BAD_MAX = 10,             /* damaged files kept aside: FILE.bad, FILE.bad.1 ... FILE.bad.9 */
    PROGRESS_LOCK_WAIT_MS = 2000,      /* how long a win waits for another game's lock before giving up */
    PROGRESS_STEPS_MAX = 1000000000,   /* the values' ranges (values outside are written at the bound) */
};
#define PROGRESS_TIME_MAX 1e9    /* seconds */
#define PROGRESS_ENERGY_MAX 1e12 /* floor steps */

typedef struct ProgressEntry {
    char *level;        /* the level file's name, without its folder */
    double best_time;   /* seconds */
    long best_steps;
    double best_energy; /* floor steps of energy used */
} ProgressEntry;

typedef struct Progress {
    char *path;         /* NULL: progress is not kept (--no-progress) */
    ProgressEntry *entry;
    int count, cap;
    char error[512];    /* "" or what was dropped or ignored on reading / why it could not be written */
    bool corrupt;       /* the file on disk did not read whole when loaded */
} Progress;

/* The default file; malloc'd, or NULL when neither XDG_DATA_HOME nor HOME is set. */
char *progress_default_path(void);
/* Reads path (NULL: keep nothing). A missing file is an empty progress.
 * Always leaves p usable; p->error says what went wrong. Takes a copy of path. */
void progress_load(Progress *p, const char *path);
void progress_free(Progress *p);
/* The entry for a level file (any folder), or NULL. */
const ProgressEntry *progress_get(const Progress *p, const char *level_path);
/* Records a win: under the lock, merges the file as it is now, then writes
 * it. *best: this beat the old bests, the file's included (or is the first).
 * False, with p->error set, when the file cannot be written (the bests are
 * kept in p all the same, except for a level name the file cannot hold or a
 * level past PROGRESS_MAX_LEVELS). */
bool progress_record(Progress *p, const char *level_path, double time, long steps, double energy, bool *best);

#endif
