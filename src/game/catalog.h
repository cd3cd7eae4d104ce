/* SPDX-License-Identifier: MIT */
/* catalog.h - what the level select knows of each level file, read once and
 * kept: its name, whether it loads, whether it has an exit, its content key
 * (the progress file's key for its bests) and its energy par. A file is read
 * again only when it changed: its device, inode, size or modification time
 * differ from when it was read (a save by rename gives a new inode).
 *
 * Who reads, and when, is the owner's choice: catalog_read is a pure
 * function of a file (any thread), and catalog_store files its answer. The
 * SDL side reads on a thread of its own, one file at a time, while the
 * screens go on (shell_jobs.c); a headless run reads at once. No SDL.
 *
 * Memory: the Catalog owns its entries and their paths (catalog_free).
 * catalog_sync costs one stat a file; catalog_read loads the level (a file
 * of up to 64 MiB) and frees it before returning. */
#ifndef ISODROID_CATALOG_H
#define ISODROID_CATALOG_H

#include <stdbool.h>
#include <stdint.h>

#include "level.h"
#include "levelset.h"

/* When a file was last seen as it is; all zero: it was not there. */
typedef struct CatalogStamp {
    unsigned long long dev, ino, size;
    long long mtime_s;
    long mtime_ns;
} CatalogStamp;

/* What reading a level file found. */
typedef struct CatalogInfo {
    char name[LEVEL_NAME_MAX + 1]; /* the level's name, else the file's */
    struct CatalogName {           /* the name's translations (Level.texts), "" where none */
        char lang[LEVEL_LANG_CODE_MAX];
        char name[LEVEL_NAME_MAX];
    } names[LEVEL_LANG_MAX];
    bool loads;
    bool free_play;                /* no exit: nothing to win */
    uint64_t key;                  /* level_content_hash, when it loads */
    double par;                    /* tour_least_energy, 0: none known */
} CatalogInfo;

typedef struct CatalogEntry {
    char *path;         /* "dir/name"; owned */
    const char *file;   /* the file name, within path */
    CatalogStamp stamp; /* the file as last seen: by catalog_sync, or by the read */
    bool ready;         /* info describes the file as stamped */
    CatalogInfo info;
} CatalogEntry;

typedef struct Catalog {
    CatalogEntry *entry; /* set's levels in order, then the extras', then the player's own */
    int count;
    int campaign;        /* entries [0, campaign) are set's */
    int extras;          /* entries [campaign, campaign + extras) the extras', the rest the player's */
    long reads;          /* files read into it so far (catalog_store) */
} Catalog;

/* Lists set's files, then extras' (may be NULL), and stats each: an entry
 * whose file is unchanged keeps what was read; a new or changed one waits
 * to be read. False when memory runs out (the catalog is then empty). */
bool catalog_sync(Catalog *c, const LevelSet *set, const LevelSet *extras);
/* catalog_sync with a third group after the extras: the player's own
 * levels (own may be NULL). */
bool catalog_sync_own(Catalog *c, const LevelSet *set, const LevelSet *extras, const LevelSet *own);
/* The first entry waiting to be read, or -1. */
int catalog_next(const Catalog *c);
/* Reads the file at path: *stamp is taken first, so a change made while
 * it reads is seen by the next catalog_sync. Any thread. */
void catalog_read(const char *path, CatalogStamp *stamp, CatalogInfo *info);
/* Files what catalog_read found for path in every entry of that path
 * (nothing when none has it any more), stamped as the read saw the file. */
void catalog_store(Catalog *c, const char *path, const CatalogStamp *stamp, const CatalogInfo *info);
void catalog_free(Catalog *c); /* accepts a zeroed catalog */

/* The level's name in language lang ("de"), else its plain name. */
const char *catalog_name_in(const CatalogInfo *info, const char *lang);

#endif
