/* SPDX-License-Identifier: MIT */
/* loader.h - a level file loaded on a thread of its own (SDL threads), so
 * the UI thread never waits for a big level: a job reads and parses the file
 * (level.h) and, when asked, builds the ready simulation for it (sim_init,
 * sim.h); the UI thread polls it each frame and, once it is done, takes the
 * results, which is a few struct copies. The core is reentrant (no mutable
 * globals but grid.c's atomic version counter), so a job runs beside play.
 *
 * Ownership and lifetimes:
 *   - loader_start returns a Loader the caller owns. The job owns its copy
 *     of the path and everything it makes until loader_take hands the
 *     results over; the caller then owns them (level_free, sim_deinit).
 *   - Only the thread that owns a Loader (the one that started it, or any
 *     one thread at a time) calls the functions below on it; the job's own
 *     thread touches nothing but the job.
 *   - A Loader ends in exactly one of three ways:
 *       loader_free     cancels the job, waits for its thread (see "Waits")
 *                       and frees it with any results not taken;
 *       loader_abandon  cancels the job and gives the Loader up at once,
 *                       never waiting: the job frees what it made when it
 *                       reaches its next step, and the thread is joined and
 *                       the Loader freed by a later loader_start,
 *                       loader_reap or loader_shutdown;
 *     (loader_cancel alone only asks the job to stop; the Loader is still
 *     the caller's to free or abandon.)
 *   - Before the process exits, loader_shutdown joins every abandoned job,
 *     so no thread outlives main and nothing leaks.
 *
 * Cancelling: the job looks at its cancel flag between its steps (before
 * reading, after reading, after parsing, after building the simulation)
 * and stops there, freeing what it made; a step under way is not
 * interrupted (level_parse and sim_init have no hook for it).
 *
 * Waits: loader_free, loader_wait and loader_shutdown wait for a running
 * job to reach the end of its current step: at most the longest step, which
 * for the largest level (4096 x 4096, a 16 MB file) is building its
 * simulation (the steps' times: docs/performance.md, "What a frame looks
 * at, and loading in the background"). Every other function returns at
 * once. */
#ifndef ISODROID_LOADER_H
#define ISODROID_LOADER_H

#include <stdbool.h>

#include "diag.h"
#include "level.h"
#include "sim.h"

typedef struct Loader Loader;

typedef enum LoaderWant {
    LOADER_LEVEL,     /* the Level alone */
    LOADER_LEVEL_SIM, /* the Level and a Sim ready to play it (sim_init) */
} LoaderWant;

typedef enum LoaderState {
    LOADER_RUNNING,   /* still working (or cancelled, and not yet stopped) */
    LOADER_DONE,      /* the results wait for loader_take */
    LOADER_FAILED,    /* the file does not load (or memory ran out): loader_take gives the diagnostics */
    LOADER_CANCELLED, /* loader_cancel was called and the job has stopped */
    LOADER_TAKEN,     /* loader_take handed the results over */
} LoaderState;

/* Starts a job loading the level file path (copied) and, for
 * LOADER_LEVEL_SIM, building its simulation. First joins and frees the
 * abandoned jobs that have ended (loader_reap). NULL when memory runs out
 * or no thread can be made: then load synchronously (level_load, sim_init). */
Loader *loader_start(const char *path, LoaderWant what);

/* Where the job stands; never waits (atomic reads). After loader_cancel it
 * never says LOADER_DONE or LOADER_FAILED: RUNNING until the job has
 * stopped, then CANCELLED. */
LoaderState loader_poll(const Loader *L);

/* How far the job is, 0..1, by steps: reading, parsing, building the
 * simulation, each weighted by its share of a big level's time (the
 * building is most of it with LOADER_LEVEL_SIM). It does not move within a
 * step. 1 once the job has ended. Never waits. */
double loader_progress(const Loader *L);

/* The path the job loads (its own copy; valid until the Loader is freed). */
const char *loader_path(const Loader *L);

/* Waits until the job ends (see "Waits" above) and returns loader_poll's
 * answer: for a caller with nothing else to do, as at start-up. */
LoaderState loader_wait(Loader *L);

/* Hands the results over once loader_poll said LOADER_DONE or
 * LOADER_FAILED; never waits. start_out (may be NULL; only with sim_out)
 * receives a copy of the Sim as it starts (sim_copy, made by the job), for
 * the history's first copy (history_start_from): the caller's, its level
 * pointer set like the Sim's. d_out (may be NULL) receives the job's
 * diagnostics: on failure the same "FILE:LINE:COL: message" lines, in the
 * same order, as a synchronous level_load of the same file.
 *   DONE: true. *level_out becomes the Level (owned by the caller from now
 *     on; level_free). With LOADER_LEVEL_SIM and sim_out not NULL, *sim_out
 *     becomes the Sim (the caller's: sim_deinit), its level pointer set to
 *     level_out; with sim_out NULL the Sim is freed here. *level_out and
 *     *sim_out are overwritten, not freed: pass zeroed ones or ones already
 *     freed. The Sim borrows the Level at level_out's address: moving the
 *     Level struct later (g->level = nl) needs sim->level pointed at its new
 *     address. A fresh Sim holds no pointer into itself (no sentry search
 *     is under way before its first tick), so it may be moved as a struct.
 *   Anything else (FAILED, still RUNNING, CANCELLED, already TAKEN): false,
 *     with *level_out (and *sim_out) zeroed; for RUNNING, CANCELLED and
 *     TAKEN d_out says why in one line.
 * The Loader stays the caller's either way (loader_free: it no longer
 * waits). */
bool loader_take(Loader *L, Level *level_out, Sim *sim_out, Sim *start_out, NavDiags *d_out);

/* Asks the job to stop at its next step; never waits. NULL is fine. */
void loader_cancel(Loader *L);

/* Cancels, waits for the job's thread (see "Waits"), and frees the Loader
 * and any results not taken. NULL is fine. */
void loader_free(Loader *L);

/* Cancels and gives L up without waiting: a job that has ended is freed at
 * once, a running one is joined and freed later by loader_start,
 * loader_reap or loader_shutdown. L must not be used afterwards. NULL is
 * fine. */
void loader_abandon(Loader *L);

/* Joins and frees the abandoned jobs that have ended; never waits for a
 * running one. Returns how many are still running. */
int loader_reap(void);

/* Waits for every abandoned job (they run at once, so about the longest
 * step of any; see "Waits") and frees them: call it before the process
 * exits, after loader_free or loader_abandon of the Loaders still held. */
void loader_shutdown(void);

#endif
