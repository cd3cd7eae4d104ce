/* progress.h - what the player has done: the levels completed and each
 * level's bests (time, steps, energy used), kept in a small text file
 * ($XDG_DATA_HOME/isodroid/progress, else ~/.local/share/isodroid/progress)
 * written atomically. No SDL. A file that does not read is named in
 * p->error and ignored; it is moved aside to FILE.bad before a new one is
 * written, never overwritten. progress_load/progress_free own the entries. */
#ifndef ISODROID_PROGRESS_H
#define ISODROID_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

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
    char error[320];    /* "" or why the file was ignored / could not be written */
    bool corrupt;       /* the file on disk did not read: back it up before writing */
} Progress;

/* The default file; malloc'd, or NULL when neither XDG_DATA_HOME nor HOME is set. */
char *progress_default_path(void);
/* Reads path (NULL: keep nothing). A missing file is an empty progress.
 * Always leaves p usable; p->error says what went wrong. Takes a copy of path. */
void progress_load(Progress *p, const char *path);
void progress_free(Progress *p);
/* The entry for a level file (any folder), or NULL. */
const ProgressEntry *progress_get(const Progress *p, const char *level_path);
/* Records a win and writes the file. *best: this beat the old bests (or is
 * the first). False, with p->error set, when the file cannot be written. */
bool progress_record(Progress *p, const char *level_path, double time, long steps, double energy, bool *best);

#endif
