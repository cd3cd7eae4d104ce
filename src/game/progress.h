/* SPDX-License-Identifier: MIT */
/* progress.h - what the player has done: the levels completed and each
 * level's bests (time, steps, energy used), kept in a small text file
 * ($XDG_DATA_HOME/isodroid/progress, else ~/.local/share/isodroid/progress)
 * written atomically. No SDL. progress_load/progress_free own the entries.
 *
 * A level's bests are keyed by its content (level_content_hash, level.h),
 * not by its file's name: two packs' 02_corridors.txt that differ keep
 * their own bests, and the same level copied under another name or into
 * another folder shares them. The file's name is kept beside the key for
 * showing, escaped (text_escape_field) so a tab, a line end, a backslash or
 * any control byte in it cannot break the line. The file:
 *   # isodroid progress 2
 *   best\tKEY\tTIME\tSTEPS\tENERGY\tNAME     KEY: 16 hex digits
 *   level\tNAME\tTIME\tSTEPS\tENERGY          an earlier version's line
 * The upgrade: an earlier version's "level" lines (keyed by the file's
 * name, under "# isodroid progress 1"; a name in them holds no tab or line
 * end) are read and written back as they are. Such an entry stands for a
 * level only while that level has no entry of its own (its content's) and
 * its file has that name. The first win there starts the level's own entry
 * from those bests, so none is lost or announced as new when it is not.
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
 * both (PROGRESS_MAX_LEVELS levels, names of PROGRESS_NAME_MAX bytes, four
 * times that escaped, the values' ranges, so every line stays within
 * PROGRESS_LINE_MAX and the file within PROGRESS_MAX_BYTES). */
#ifndef ISODROID_PROGRESS_H
#define ISODROID_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    PROGRESS_MAX_LEVELS = 10000,       /* levels kept: the reader drops lines past it, the writer adds none */
    PROGRESS_NAME_MAX = 255,           /* bytes of a level file's name (NAME_MAX), no '/' */
    PROGRESS_NAME_ESCAPED_MAX = 4 * PROGRESS_NAME_MAX, /* a name escaped in a "best" line: each byte at most \xHH */
    PROGRESS_LINE_MAX = 1100,          /* bytes of the longest line written: "best\tKEY\tTIME\tSTEPS\tENERGY\tNAME\n" */
    PROGRESS_MAX_BYTES = 12 << 20,     /* the file: 12 MiB, room for PROGRESS_MAX_LEVELS longest lines */
    PROGRESS_BAD_MAX = 10,             /* damaged files kept aside: FILE.bad, FILE.bad.1 ... FILE.bad.9 */
    PROGRESS_LOCK_WAIT_MS = 2000,      /* how long a win waits for another game's lock before giving up */
    PROGRESS_STEPS_MAX = 1000000000,   /* the values' ranges (values outside are written at the bound) */
};
#define PROGRESS_TIME_MAX 1e9    /* seconds */
#define PROGRESS_ENERGY_MAX 1e12 /* floor steps */

typedef struct ProgressEntry {
    uint64_t key;       /* the level's content (level_content_hash); 0 when by_name */
    bool by_name;       /* an earlier version's entry, keyed by the level file's name alone */
    char *level;        /* the level file's name, without its folder (of its last win, when keyed by content) */
    double best_time;   /* seconds */
    long best_steps;
    double best_energy; /* floor steps of energy used */
    bool unseen;        /* won once with no sentry noticing the droid */
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
/* The folder of the player's own levels, beside the progress file
 * ($XDG_DATA_HOME/isodroid/levels): where the editor saves a copy of a level
 * that came with the game. malloc'd, or NULL as progress_default_path. */
char *progress_levels_dir(void);
/* Reads path (NULL: keep nothing). A missing file is an empty progress.
 * Always leaves p usable; p->error says what went wrong. Takes a copy of path. */
void progress_load(Progress *p, const char *path);
void progress_free(Progress *p);
/* The entry for the level of content key (level_content_hash) read from
 * level_path: its own, else an earlier version's for a file of that name
 * (any folder), else NULL. */
const ProgressEntry *progress_get(const Progress *p, uint64_t key, const char *level_path);
/* Records a win on the level of content key, read from level_path (its
 * name is kept for showing), unseen when no sentry noticed the droid: under the lock, merges the file as it is now,
 * then writes it. *best: this beat the old bests, the file's included (or
 * is the first). False, with p->error set, when the file cannot be written
 * (the bests are kept in p all the same, except for a level name the file
 * cannot hold, empty or over PROGRESS_NAME_MAX bytes, or a level past
 * PROGRESS_MAX_LEVELS). */
bool progress_record(Progress *p, uint64_t key, const char *level_path, double time, long steps, double energy,
                     bool unseen, bool *best);

#endif
