/* SPDX-License-Identifier: MIT */
/* naive.c - the wait-for-green player (naive.h): each leg's departures are
 * looked at on a copy of the play left standing, one prediction each (one
 * Predictor, its copy reused), and the chosen one is played in the real
 * play. Depends on the simulation, the prediction and the tour; never
 * plans a walk of its own. */
#include "naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "predict.h"
#include "tour.h"

const char *naive_end_name(NaiveEnd e)
{
    switch (e) {
    case NAIVE_WON: return "won";
    case NAIVE_SEEN: return "seen";
    case NAIVE_CAUGHT: return "caught";
    case NAIVE_ENERGY: return "energy";
    case NAIVE_NO_SAFE_DEPARTURE: return "no-safe-departure";
    case NAIVE_NO_EXIT: return "no-exit";
    case NAIVE_NOT_WINNABLE: return "not-winnable";
    case NAIVE_STUCK: return "stuck";
    case NAIVE_TOO_MANY_CELLS: return "too-many-cells";
    case NAIVE_NO_MEMORY: return "memory";
    case NAIVE_STOPPED: return "stopped";
    }
    return "?";
}

void naive_result_free(NaiveResult *r)
{
    free(r->leg);
    memset(r, 0, sizeof *r);
    r->sentry = -1;
}

typedef struct Naive {
    const TourResult *tour; /* order[0 .. cells) the cells, order[cells] the exit */
    Sim play;               /* the real play */
    Sim stand;              /* a copy of it standing on: the departures looked at */
    Predictor predictor;
    NavPos *target;         /* this leg's targets, in the tour's order */
    int leg_cap;
    bool no_memory;
    bool stopped;           /* the stop said give up */
    const RulesStop *stop;  /* may be NULL */
    NaiveResult *r;
} Naive;

/* ---- playing ticks ------------------------------------------------------------- */

/* Does the tick just played (or the command just given) end the play? A
 * notice (Sim.noticed grew past `noticed`), a win or a loss: *end says
 * which and *sentry the sentry, if any. */
static bool play_stops(const Sim *s, int noticed, NaiveEnd *end, int *sentry)
{
    if (s->state.noticed != noticed) {
        *end = NAIVE_SEEN;
        for (int i = 0; i < s->work.event_count; i++)
            if (s->work.events[i].type == SIM_EV_ALERT) {
                *sentry = (int)s->work.events[i].a;
                break;
            }
        return true;
    }
    if (s->state.status == SIM_WON) {
        *end = NAIVE_WON;
        return true;
    }
    if (s->state.status == SIM_LOST) {
        *end = s->state.lose == SIM_LOSE_CAUGHT ? NAIVE_CAUGHT : NAIVE_ENERGY;
        *sentry = s->state.lose == SIM_LOSE_CAUGHT ? s->state.caught_by : -1;
        return true;
    }
    return false;
}

/* Lets the droid stand on s for `ticks` ticks; false at the first tick that
 * ends the play (s stops there). */
static bool stand(Naive *nv, Sim *s, int ticks, NaiveEnd *end, int *sentry)
{
    for (int t = 0; t < ticks; t++) {
        int noticed = s->state.noticed;
        sim_tick(s);
        nv->r->work++;
        if (play_stops(s, noticed, end, sentry))
            return false;
    }
    return true;
}

/* Gives the goto on the real play and plays until the walk ends as the
 * prediction's does (the droid has no target and stands) or the play
 * stops; false when it stopped. A walk is a finite path: it ends. (Its
 * length is not the prediction's to bound: with no sentry to notice, a
 * walk is green without being looked at.) */
static bool walk(Naive *nv, NavPos to, NaiveEnd *end, int *sentry)
{
    Sim *s = &nv->play;
    SimCmd c = {SIM_CMD_GOTO, to.x, to.y};
    int noticed = s->state.noticed;
    sim_command(s, &c);
    if (play_stops(s, noticed, end, sentry))
        return false;
    while (s->state.has_target || s->state.droid.moving) {
        noticed = s->state.noticed;
        sim_tick(s);
        nv->r->work++;
        if (play_stops(s, noticed, end, sentry))
            return false;
    }
    return true;
}

/* ---- choosing a departure ------------------------------------------------------- */

/* Would a goto to `to` given on s now be shown green: unseen all the way? */
static bool green(Naive *nv, const Sim *s, NavPos to)
{
    Predictor *p = &nv->predictor;
    nv->r->predictions++;
    if (!predict_begin(p, s, to)) {
        nv->no_memory = true;
        return false;
    }
    PredictOutcome o = predict_run(p, 0);
    nv->r->work += p->result.ticks;
    return o == PREDICT_UNSEEN;
}

/* The first of the n targets (in order) with a green departure within
 * NAIVE_MAX_WAIT ticks of standing, and in *wait its earliest. Each
 * target's departures are looked at on nv->stand, a fresh copy of the play
 * standing on. *limit is the first wait the play does not reach standing
 * (a notice or a loss on the way; NAIVE_MAX_WAIT + 1 when none): what one
 * target's look learns spares the next ones. -1 when there is none (or
 * memory ran out: nv->no_memory). */
static int choose(Naive *nv, int n, int *wait, int *limit)
{
    for (int k = 0; k < n && !nv->no_memory; k++) {
        if (!sim_copy(&nv->stand, &nv->play)) {
            nv->no_memory = true;
            break;
        }
        for (int w = 0; w <= NAIVE_MAX_WAIT && w < *limit && !nv->no_memory; w += NAIVE_STEP_TICKS) {
            NaiveEnd end;
            int sentry;
            if (stop_asked(nv->stop)) {
                nv->stopped = true;
                return -1;
            }
            if (w > 0 && !stand(nv, &nv->stand, NAIVE_STEP_TICKS, &end, &sentry)) {
                *limit = w;
                break;
            }
            if (green(nv, &nv->stand, nv->target[k])) {
                *wait = w;
                return k;
            }
        }
    }
    return -1;
}

/* The cells still lying, in the tour's order; the exit once none is left. */
static int gather_targets(Naive *nv)
{
    const TourResult *t = nv->tour;
    int n = 0;
    for (int i = 0; i < t->cells; i++)
        if (sim_kind(&nv->play, t->order[i].x, t->order[i].y) == TILE_CELL)
            nv->target[n++] = t->order[i];
    if (n == 0)
        nv->target[n++] = t->order[t->cells];
    return n;
}

static NaiveLeg *add_leg(Naive *nv)
{
    NaiveResult *r = nv->r;
    if (!buf_grow_int(&r->leg, &nv->leg_cap, sizeof *r->leg, (size_t)r->count + 1, 16))
        return NULL;
    return &r->leg[r->count++];
}

/* ---- the play ------------------------------------------------------------------- */

/* One leg: the departure chosen, the wait and the walk played. False when
 * the play ends (*end, *sentry). */
static bool play_leg(Naive *nv, NaiveEnd *end, int *sentry)
{
    NaiveResult *r = nv->r;
    int n = gather_targets(nv);
    bool to_exit = nv->play.state.cells_left == 0;
    int wait = 0, limit = NAIVE_MAX_WAIT + 1;
    int k = choose(nv, n, &wait, &limit);
    if (nv->no_memory || nv->stopped) {
        *end = nv->no_memory ? NAIVE_NO_MEMORY : NAIVE_STOPPED;
        return false;
    }
    if (k < 0) { /* standing on until the wait is over, or until what ends it */
        uint64_t from = nv->play.state.tick;
        if (stand(nv, &nv->play, limit <= NAIVE_MAX_WAIT ? limit : NAIVE_MAX_WAIT, end, sentry))
            *end = NAIVE_NO_SAFE_DEPARTURE;
        r->wait_ticks += nv->play.state.tick - from;
        return false;
    }
    if (!stand(nv, &nv->play, wait, end, sentry)) /* the look stood this long: never false */
        return false;
    r->wait_ticks += (uint64_t)wait;
    NaiveLeg *leg = add_leg(nv);
    if (!leg) {
        *end = NAIVE_NO_MEMORY;
        return false;
    }
    *leg = (NaiveLeg){.to = nv->target[k], .exit = to_exit, .waited = wait, .depart = nv->play.state.tick};
    bool on = walk(nv, nv->target[k], end, sentry);
    leg->end = nv->play.state.tick;
    if (on && !nav_pos_eq(nv->play.state.droid.tile, nv->target[k])) {
        *end = NAIVE_STUCK;
        return false;
    }
    return on;
}

static NaiveEnd play(Naive *nv, const Level *l)
{
    NaiveResult *r = nv->r;
    NaiveEnd end = NAIVE_NO_MEMORY;
    int sentry = -1;
    nv->target = malloc(((size_t)nv->tour->cells + 1) * sizeof *nv->target);
    if (!nv->target || !sim_init(&nv->play, l))
        return NAIVE_NO_MEMORY;
    predict_init(&nv->predictor);
    while (play_leg(nv, &end, &sentry)) {
    }
    r->sentry = sentry;
    r->play_ticks = nv->play.state.play_ticks;
    r->end_tick = nv->play.state.tick;
    r->steps = nv->play.state.steps;
    r->energy_used = nv->play.state.energy_used;
    return end;
}

NaiveEnd naive_play(const Level *l, NaiveResult *r)
{
    return naive_play_stop(l, r, NULL);
}

NaiveEnd naive_play_stop(const Level *l, NaiveResult *r, const RulesStop *stop)
{
    memset(r, 0, sizeof *r);
    r->sentry = -1;
    TourResult tour;
    switch (tour_plan_stop(l, &tour, stop)) {
    case TOUR_WINNABLE: {
        Naive nv;
        memset(&nv, 0, sizeof nv);
        nv.tour = &tour;
        nv.stop = stop;
        nv.r = r;
        r->played = true;
        r->end = play(&nv, l);
        predict_deinit(&nv.predictor);
        sim_deinit(&nv.stand);
        sim_deinit(&nv.play);
        free(nv.target);
        break;
    }
    case TOUR_NO_EXIT:
        r->end = NAIVE_NO_EXIT;
        break;
    case TOUR_NOT_WINNABLE:
    case TOUR_ERROR:
        r->end = tour.verdict == TOUR_NOT_WINNABLE ? NAIVE_NOT_WINNABLE
                 : tour.cells > TOUR_MAX_CELLS     ? NAIVE_TOO_MANY_CELLS
                                                   : NAIVE_NO_MEMORY;
        snprintf(r->why, sizeof r->why, "%s", tour.why);
        break;
    case TOUR_STOPPED:
        r->end = NAIVE_STOPPED;
        break;
    }
    tour_free(&tour);
    return r->end;
}
