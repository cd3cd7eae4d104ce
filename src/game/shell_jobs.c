/* SPDX-License-Identifier: MIT */
/* shell_jobs.c - the shell's work off the frame, on the platform's threads
 * (ShellPlatform.thread_start; with none, done at once, the same every run):
 *   a generated level (gen.h) made, written to its file and played;
 *   the level files the title, the level select and the ending list
 *   (catalog.h), read one at a time, each again only when it changed.
 *
 * Lifetimes. Shell.gen and Shell.scan are this file's. A job owns what it
 * holds; its thread touches nothing else and sets `done` last; the main
 * thread reads the job's answer only after `done`, and joins the thread.
 * A generated level's `cancel` is the other way: the main thread sets it,
 * gen_level reads it. Stopping waits at most a slice of the generator's
 * work or one file's read (docs/performance.md). */
#include "shell_int.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "gen.h"

/* A job started on a thread of the platform's, or run now when none starts. */
static void *job_start(Shell *sh, int (*run)(void *), void *job, const char *name)
{
    void *thread = sh->plat.thread_start ? sh->plat.thread_start(sh->plat.ctx, run, job, name) : NULL;
    if (!thread)
        run(job);
    return thread;
}

static void job_join(Shell *sh, void *thread)
{
    if (thread && sh->plat.thread_join)
        sh->plat.thread_join(sh->plat.ctx, thread);
}

/* ---- generated levels ---- */

typedef struct ShellGenJob {
    GenOptions opt;     /* opt.cancel points at cancel */
    GenResult result;
    void *thread;       /* NULL: made at once */
    atomic_int done;
    atomic_int cancel;  /* set: gen_level returns GEN_CANCELLED within a slice of its work */
} ShellGenJob;

static int gen_job_run(void *data)
{
    ShellGenJob *j = data;
    gen_level(&j->opt, &j->result);
    atomic_store(&j->done, 1);
    return 0;
}

/* Where a generated level's file goes: beside the progress file
 * (generated/seed-N-dD.txt), else in the temporary folder. malloc'd. */
static char *gen_file(const Shell *sh, uint64_t seed, int difficulty)
{
    const char *progress = sh->game.progress.path, *tmp = getenv("TMPDIR");
    char name[96];
    snprintf(name, sizeof name, "seed-%llu-d%d.txt", (unsigned long long)seed, difficulty);
    size_t n = (progress ? strlen(progress) : strlen(tmp ? tmp : "/tmp")) + sizeof "/generated/" + sizeof name;
    char *path = malloc(n);
    if (!path)
        return NULL;
    if (progress) {
        const char *slash = strrchr(progress, '/');
        int dir = slash ? (int)(slash - progress) : 1;
        snprintf(path, n, "%.*s/generated/%s", dir, slash ? progress : ".", name);
    } else {
        snprintf(path, n, "%s/isodroid-generated/%s", tmp ? tmp : "/tmp", name);
    }
    return path;
}

void shell_gen_start(Shell *sh)
{
    if (sh->gen)
        return;
    ShellGenJob *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->opt = gen_options_default(sh->front.gen_seed);
    j->opt.difficulty = sh->front.gen_difficulty;
    atomic_init(&j->cancel, 0);
    atomic_init(&j->done, 0);
    j->opt.cancel = &j->cancel;
    sh->gen = j;
    sh->front.generating = true;
    game_trace(&sh->game, "generating %llu %d", sh->front.gen_seed, j->opt.difficulty);
    j->thread = job_start(sh, gen_job_run, j, "level-gen");
}

void shell_gen_poll(Shell *sh)
{
    ShellGenJob *j = sh->gen;
    if (!j || !atomic_load(&j->done))
        return;
    job_join(sh, j->thread);
    sh->gen = NULL;
    sh->front.generating = false;
    Game *g = &sh->game;
    char err[300] = "";
    char *path = j->result.status == GEN_OK ? gen_file(sh, j->opt.seed, j->opt.difficulty) : NULL;
    if (j->result.status != GEN_OK)
        snprintf(err, sizeof err, "no level made from seed %llu: %s", (unsigned long long)j->opt.seed,
                 gen_status_name(j->result.status));
    else if (!path || !fileio_make_dirs_for(path) ||
             !fileio_write_atomic(path, j->result.text, j->result.len, err, sizeof err))
        snprintf(err + strlen(err), sizeof err - strlen(err), "%s(cannot write %s)", err[0] ? " " : "",
                 path ? path : "the level");
    else if (game_open(g, path))
        shell_open(sh, SHELL_PLAY);
    if (err[0])
        game_say(g, 10.0, "%s", err);
    free(path);
    gen_result_free(&j->result);
    free(j);
}

void shell_gen_stop(Shell *sh)
{
    ShellGenJob *j = sh->gen;
    if (!j)
        return;
    double asked = sh->plat.now_ms ? sh->plat.now_ms(sh->plat.ctx) : 0;
    atomic_store(&j->cancel, 1);
    job_join(sh, j->thread);
    if (sh->time_jobs) /* measured: docs/performance.md */
        fprintf(stderr, "level generation stopped: %.2f ms from the flag to its thread's end\n",
                (sh->plat.now_ms ? sh->plat.now_ms(sh->plat.ctx) : 0) - asked);
    game_trace(&sh->game, "generating cancelled");
    gen_result_free(&j->result);
    free(j);
    sh->gen = NULL;
    sh->front.generating = false;
}

void shell_gen_cancel(Shell *sh)
{
    shell_gen_stop(sh);
    sh->front.gen_cancelled = true;
}

/* ---- the level files listed ---- */

typedef struct ShellScanJob {
    char *path;
    CatalogStamp stamp;
    CatalogInfo info;
    void *thread;
    atomic_int done;
} ShellScanJob;

static int scan_job_run(void *data)
{
    ShellScanJob *j = data;
    catalog_read(j->path, &j->stamp, &j->info);
    atomic_store(&j->done, 1);
    return 0;
}

/* What was read of path filed in the catalog (--trace: "catalog PATH"). */
static void store(Shell *sh, const char *path, const CatalogStamp *stamp, const CatalogInfo *info)
{
    catalog_store(&sh->catalog, path, stamp, info);
    game_trace(&sh->game, "catalog %s", path);
}

/* The screens listing the levels show what the catalog knows now. */
static void relist(Shell *sh)
{
    front_scan(&sh->front, &sh->catalog, &sh->game.progress);
}

void shell_scan_levels(Shell *sh)
{
    levelset_free(&sh->own); /* the player's levels: the editor may have saved one since */
    if (sh->game.own_dir)
        levelset_scan(&sh->own, sh->game.own_dir); /* none yet: none listed */
    catalog_sync_own(&sh->catalog, &sh->game.levels, &sh->extras, &sh->own);
    if (!sh->plat.thread_start && !sh->scan) {
        for (int i; (i = catalog_next(&sh->catalog)) >= 0;) {
            CatalogStamp stamp;
            CatalogInfo info;
            char *path = strdup(sh->catalog.entry[i].path);
            if (!path)
                break;
            catalog_read(path, &stamp, &info);
            store(sh, path, &stamp, &info);
            free(path);
        }
    }
    relist(sh);
}

/* Starts reading the next file waiting, if none is being read. */
static void scan_start(Shell *sh)
{
    int i = catalog_next(&sh->catalog);
    if (sh->scan || i < 0)
        return;
    ShellScanJob *j = calloc(1, sizeof *j);
    if (!j || !(j->path = strdup(sh->catalog.entry[i].path))) {
        free(j);
        return;
    }
    atomic_init(&j->done, 0);
    j->thread = job_start(sh, scan_job_run, j, "level-scan");
    if (!j->thread) { /* no thread to be had: read now */
        store(sh, j->path, &j->stamp, &j->info);
        free(j->path);
        free(j);
        return;
    }
    sh->scan = j;
}

void shell_scan_poll(Shell *sh)
{
    ShellScanJob *j = sh->scan;
    if (j && atomic_load(&j->done)) {
        job_join(sh, j->thread);
        sh->scan = NULL;
        store(sh, j->path, &j->stamp, &j->info);
        free(j->path);
        free(j);
        relist(sh);
    }
    if (sh->plat.thread_start)
        scan_start(sh);
}

void shell_scan_free(Shell *sh)
{
    if (sh->scan) {
        job_join(sh, sh->scan->thread);
        free(sh->scan->path);
        free(sh->scan);
        sh->scan = NULL;
    }
    catalog_free(&sh->catalog);
}
