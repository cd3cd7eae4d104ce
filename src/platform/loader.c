/* SPDX-License-Identifier: MIT */
/* loader.c - a level file loaded, and its simulation built, on an SDL
 * thread. The job's thread writes the results and then publishes its state
 * with a release store; the owner reads the state with an acquire load
 * before it touches them, so the results are complete when it does. The
 * cancel flag and the step counter are hints only (relaxed). The one
 * mutable global here is the list of abandoned jobs, under a spin lock.
 * C11 atomics throughout (as grid.c), so ThreadSanitizer sees them all. */
#include "loader.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "fileio.h"

/* The job's steps, in order; JOB_END once it has stopped. */
enum { JOB_READ, JOB_PARSE, JOB_BUILD, JOB_END };

struct Loader {
    /* fixed at the start, read by both threads */
    char *path;
    LoaderWant want;
    /* shared */
    atomic_int state;  /* LOADER_RUNNING until the job ends: DONE, FAILED or CANCELLED */
    atomic_int step;   /* JOB_*: for loader_progress */
    atomic_bool cancel;
    /* the job's results: written by the job until it publishes state, then
     * the owner's */
    Level level;
    Sim sim, start;    /* the play, and a copy of it for the history's start */
    bool has_level, has_sim;
    NavDiags diags;
    /* the owner's */
    SDL_Thread *thread; /* NULL once joined */
    bool taken;
    Loader *next;       /* in the abandoned list */
};

/* ---- the job's thread ------------------------------------------------------- */

static bool job_cancelled(Loader *L)
{
    return atomic_load_explicit(&L->cancel, memory_order_relaxed);
}

static void job_drop_results(Loader *L)
{
    if (L->has_sim) {
        sim_deinit(&L->sim);
        sim_deinit(&L->start);
    }
    if (L->has_level)
        level_free(&L->level);
    L->has_sim = L->has_level = false;
}

/* Reads and parses as level_load does, in two steps so progress and
 * cancelling can tell them apart; a file that does not read goes to
 * level_load itself, so every message is level_load's own. */
static bool job_load(Loader *L)
{
    char *buf;
    size_t len;
    int err;
    if (fileio_read_all(L->path, (size_t)LEVEL_MAX_FILE_BYTES, &buf, &len, &err) != FILEIO_READ_OK)
        return level_load(L->path, &L->level, &L->diags);
    if (job_cancelled(L)) {
        free(buf);
        return false;
    }
    atomic_store_explicit(&L->step, JOB_PARSE, memory_order_relaxed);
    bool ok = level_parse(buf, len, L->path, &L->level, &L->diags);
    free(buf);
    return ok;
}

static int job_run(void *arg)
{
    Loader *L = arg;
    int result = LOADER_FAILED;
    if (job_cancelled(L))
        goto cancelled;
    if (!job_load(L)) {
        if (job_cancelled(L))
            goto cancelled;
        goto end;
    }
    L->has_level = true;
    if (job_cancelled(L))
        goto cancelled;
    if (L->want == LOADER_LEVEL_SIM) {
        atomic_store_explicit(&L->step, JOB_BUILD, memory_order_relaxed);
        if (!sim_init(&L->sim, &L->level)) {
            nav_diag_add(&L->diags, L->path, 0, 0, "out of memory building the level");
            job_drop_results(L);
            goto end;
        }
        L->has_sim = true;
        if (!sim_copy(&L->start, &L->sim)) {
            nav_diag_add(&L->diags, L->path, 0, 0, "out of memory building the level");
            job_drop_results(L);
            goto end;
        }
        if (job_cancelled(L))
            goto cancelled;
    }
    result = LOADER_DONE;
    goto end;
cancelled:
    job_drop_results(L);
    result = LOADER_CANCELLED;
end:
    atomic_store_explicit(&L->step, JOB_END, memory_order_relaxed);
    /* the last touch of L: from here on the owner may free it */
    atomic_store_explicit(&L->state, result, memory_order_release);
    return 0;
}

/* ---- the owner's side ------------------------------------------------------- */

static LoaderState job_state(const Loader *L)
{
    return (LoaderState)atomic_load_explicit(&L->state, memory_order_acquire);
}

static void join(Loader *L)
{
    if (L->thread) {
        SDL_WaitThread(L->thread, NULL);
        L->thread = NULL;
    }
}

Loader *loader_start(const char *path, LoaderWant what)
{
    loader_reap();
    if (!path)
        return NULL;
    Loader *L = calloc(1, sizeof *L);
    if (!L)
        return NULL;
    size_t n = strlen(path) + 1;
    if (!(L->path = malloc(n))) {
        free(L);
        return NULL;
    }
    memcpy(L->path, path, n);
    L->want = what == LOADER_LEVEL_SIM ? LOADER_LEVEL_SIM : LOADER_LEVEL;
    atomic_init(&L->state, LOADER_RUNNING);
    atomic_init(&L->step, JOB_READ);
    atomic_init(&L->cancel, false);
    nav_diag_clear(&L->diags);
    L->thread = SDL_CreateThread(job_run, "level-loader", L);
    if (!L->thread) {
        free(L->path);
        free(L);
        return NULL;
    }
    return L;
}

LoaderState loader_poll(const Loader *L)
{
    if (L->taken)
        return LOADER_TAKEN;
    LoaderState st = job_state(L);
    if (atomic_load_explicit(&L->cancel, memory_order_relaxed))
        return st == LOADER_RUNNING ? LOADER_RUNNING : LOADER_CANCELLED;
    return st;
}

double loader_progress(const Loader *L)
{
    /* where each step begins: reading a 4096 x 4096 level takes about 2% of
     * loading it and building its simulation, parsing about 10%, building
     * the rest; without the simulation parsing is most of it */
    static const double with_sim[JOB_END] = {0.0, 0.02, 0.12};
    static const double level_only[JOB_END] = {0.0, 0.15, 1.0};
    if (L->taken || job_state(L) != LOADER_RUNNING)
        return 1.0;
    int step = atomic_load_explicit(&L->step, memory_order_relaxed);
    if (step < 0 || step >= JOB_END)
        return 1.0;
    return (L->want == LOADER_LEVEL_SIM ? with_sim : level_only)[step];
}

const char *loader_path(const Loader *L)
{
    return L->path;
}

LoaderState loader_wait(Loader *L)
{
    join(L);
    return loader_poll(L);
}

bool loader_take(Loader *L, Level *level_out, Sim *sim_out, Sim *start_out, NavDiags *d_out)
{
    memset(level_out, 0, sizeof *level_out);
    if (sim_out)
        memset(sim_out, 0, sizeof *sim_out);
    if (start_out)
        memset(start_out, 0, sizeof *start_out);
    if (d_out)
        nav_diag_clear(d_out);
    LoaderState st = loader_poll(L);
    if (st != LOADER_DONE && st != LOADER_FAILED) {
        if (d_out)
            nav_diag_add(d_out, L->path, 0, 0, "%s",
                     st == LOADER_RUNNING     ? "still loading"
                     : st == LOADER_CANCELLED ? "loading was cancelled"
                                              : "already taken");
        return false;
    }
    if (d_out)
        *d_out = L->diags;
    if (st == LOADER_FAILED)
        return false;
    *level_out = L->level;
    memset(&L->level, 0, sizeof L->level);
    L->has_level = false;
    if (L->has_sim) {
        if (sim_out) {
            *sim_out = L->sim;
        } else {
            sim_deinit(&L->sim);
        }
        if (sim_out && start_out) {
            *start_out = L->start;
        } else {
            sim_deinit(&L->start);
        }
        memset(&L->sim, 0, sizeof L->sim);
        memset(&L->start, 0, sizeof L->start);
        L->has_sim = false;
    }
    L->taken = true;
    return true;
}

void loader_cancel(Loader *L)
{
    if (L)
        atomic_store_explicit(&L->cancel, true, memory_order_relaxed);
}

void loader_free(Loader *L)
{
    if (!L)
        return;
    loader_cancel(L);
    join(L);
    job_drop_results(L); /* the thread has ended: they are ours */
    free(L->path);
    free(L);
}

/* ---- abandoned jobs ----------------------------------------------------------- */

/* The list is touched only by the owners' threads (never by a job), for
 * moments: a spin lock is enough. */
static atomic_flag abandoned_lock = ATOMIC_FLAG_INIT;
static Loader *abandoned; /* running (or lately ended) jobs nobody holds */

static void lock_abandoned(void)
{
    while (atomic_flag_test_and_set_explicit(&abandoned_lock, memory_order_acquire)) {
    }
}

static void unlock_abandoned(void)
{
    atomic_flag_clear_explicit(&abandoned_lock, memory_order_release);
}

void loader_abandon(Loader *L)
{
    if (!L)
        return;
    loader_cancel(L);
    if (job_state(L) != LOADER_RUNNING) {
        loader_free(L); /* ended: its thread is returning, the join is immediate */
        return;
    }
    lock_abandoned();
    L->next = abandoned;
    abandoned = L;
    unlock_abandoned();
}

int loader_reap(void)
{
    lock_abandoned();
    Loader *list = abandoned;
    abandoned = NULL;
    unlock_abandoned();
    Loader *keep = NULL, *last = NULL;
    int running = 0;
    while (list) {
        Loader *L = list;
        list = L->next;
        if (job_state(L) != LOADER_RUNNING) {
            loader_free(L);
        } else {
            L->next = keep;
            keep = L;
            if (!last)
                last = L;
            running++;
        }
    }
    if (keep) {
        lock_abandoned();
        last->next = abandoned;
        abandoned = keep;
        unlock_abandoned();
    }
    return running;
}

void loader_shutdown(void)
{
    for (;;) {
        lock_abandoned();
        Loader *list = abandoned;
        abandoned = NULL;
        unlock_abandoned();
        if (!list)
            return;
        while (list) {
            Loader *L = list;
            list = L->next;
            loader_free(L);
        }
    }
}
