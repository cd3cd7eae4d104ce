/* SPDX-License-Identifier: MIT */
/* app_scan.c - the level files the title, the level select and the ending
 * list (catalog.h), read on a thread of their own, one file at a time, so no
 * key press waits for a level to load; a headless script reads them at once
 * (the same every run). Each file is read once and again only when it
 * changed; the screens show a file not read yet by its name ("reading").
 *
 * Lifetimes: App.catalog and App.scan are this file's. A ScanJob owns its
 * copy of the path and its answer; the thread touches nothing else, and
 * sets `done` last. scan_free waits for a job under way: at most one
 * file's read (docs/performance.md). */
#include "app.h"

#include <stdlib.h>
#include <string.h>

typedef struct ScanJob {
    char *path;
    CatalogStamp stamp;
    CatalogInfo info;
    SDL_Thread *thread;
    SDL_atomic_t done;
} ScanJob;

static int scan_job_run(void *data)
{
    ScanJob *j = data;
    catalog_read(j->path, &j->stamp, &j->info);
    SDL_AtomicSet(&j->done, 1);
    return 0;
}

/* What was read of path filed in the catalog (--trace: "catalog PATH"). */
static void store(App *app, const char *path, const CatalogStamp *stamp, const CatalogInfo *info)
{
    catalog_store(&app->catalog, path, stamp, info);
    game_trace(&app->game, "catalog %s", path);
}

/* The screens listing the levels show what the catalog knows now. */
static void relist(App *app)
{
    front_scan(&app->front, &app->catalog, &app->game.progress);
}

/* Reads are on a thread when the game keeps real time (and for
 * --frame-stats, which measures what a player would meet). */
static bool threaded(const App *app)
{
    return !app->opt.headless || app->opt.frame_stats;
}

void scan_levels(App *app)
{
    levelset_free(&app->own); /* the player's levels: the editor may have saved one since */
    if (app->game.own_dir)
        levelset_scan(&app->own, app->game.own_dir); /* none yet: none listed */
    catalog_sync_own(&app->catalog, &app->game.levels, &app->extras, &app->own);
    if (!threaded(app) && !app->scan) {
        for (int i; (i = catalog_next(&app->catalog)) >= 0;) {
            CatalogStamp stamp;
            CatalogInfo info;
            char *path = strdup(app->catalog.entry[i].path);
            if (!path)
                break;
            catalog_read(path, &stamp, &info);
            store(app, path, &stamp, &info);
            free(path);
        }
    }
    relist(app);
}

/* Starts reading the next file waiting, if none is being read. */
static void scan_start(App *app)
{
    int i = catalog_next(&app->catalog);
    if (app->scan || i < 0)
        return;
    ScanJob *j = calloc(1, sizeof *j);
    if (!j || !(j->path = strdup(app->catalog.entry[i].path))) {
        free(j);
        return;
    }
    j->thread = SDL_CreateThread(scan_job_run, "level-scan", j);
    if (!j->thread) { /* no thread to be had: read it now */
        scan_job_run(j);
        store(app, j->path, &j->stamp, &j->info);
        free(j->path);
        free(j);
        return;
    }
    app->scan = j;
}

void scan_poll(App *app)
{
    ScanJob *j = app->scan;
    if (j && SDL_AtomicGet(&j->done)) {
        SDL_WaitThread(j->thread, NULL);
        app->scan = NULL;
        store(app, j->path, &j->stamp, &j->info);
        free(j->path);
        free(j);
        relist(app);
    }
    if (threaded(app))
        scan_start(app);
}

void scan_free(App *app)
{
    if (app->scan) {
        SDL_WaitThread(app->scan->thread, NULL);
        free(app->scan->path);
        free(app->scan);
        app->scan = NULL;
    }
    catalog_free(&app->catalog);
}
