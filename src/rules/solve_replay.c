/* SPDX-License-Identifier: MIT */
/* solve_replay.c - the solver's plays in the real simulation (solve.h):
 * one walk to a tile (what the search tries), a plan of gotos and lures
 * replayed from the level's start (solve_replay, what proves a win) and a
 * plan's margin (solve_margin, its timing slack). */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "solve_int.h"

/* ---- playing: events, idleness, one walk ----------------------------------------- */

/* What the last tick's events say: seen, lost, won (PLAY_* bits). */
int solve_read_events(const Sim *s)
{
    int got = PLAY_ON;
    for (int i = 0; i < s->work.event_count; i++) {
        SimEventType t = s->work.events[i].type;
        if (t == SIM_EV_ALERT)
            got |= PLAY_SEEN;
        else if (t == SIM_EV_LOSE)
            got |= PLAY_LOST;
        else if (t == SIM_EV_WIN)
            got |= PLAY_WON;
    }
    return got;
}

static bool droid_idle(const Sim *s)
{
    return !s->state.planning && !s->state.droid.moving && mover_remaining(&s->state.droid) == 0;
}

static void give_goto(Sim *s, NavPos to)
{
    SimCmd c = {SIM_CMD_GOTO, to.x, to.y};
    sim_command(s, &c);
}

void solve_command(Sim *s, const SolveCmd *c)
{
    SimCmd sc = {c->type == SIM_CMD_LURE ? SIM_CMD_LURE : SIM_CMD_GOTO, c->to.x, c->to.y};
    sim_command(s, &sc);
}

/* Gives a goto to `to` on s (the droid idle) and plays until the droid
 * stands still again, wins, is noticed or loses. */
WalkEnd solve_walk_run(Sim *s, NavPos to, long *work)
{
    give_goto(s, to);
    bool planned = s->state.planning == SIM_PLAN_GOTO; /* found by the ticks to come */
    for (int i = 0; i < s->work.event_count; i++)
        planned |= s->work.events[i].type == SIM_EV_PATH && s->work.events[i].a > 0;
    if (!planned)
        return WALK_FAILED;
    for (int t = 0; t < SOLVE_WALK_MAX; t++) {
        sim_tick(s);
        ++*work;
        int got = solve_read_events(s);
        if (got & (PLAY_SEEN | PLAY_LOST))
            return WALK_FAILED;
        if (got & PLAY_WON)
            return WALK_WON;
        if (droid_idle(s))
            return WALK_IDLE;
    }
    return WALK_FAILED;
}

/* ---- replaying a plan ------------------------------------------------------------ */

/* Applies, in list order, the commands whose tick has come (as the game's
 * replay does: a line waits until the play's tick reaches it). */
static void apply_due(Sim *s, const SolveCmd *cmd, int n, int *next)
{
    while (*next < n && cmd[*next].tick <= s->state.tick)
        solve_command(s, &cmd[(*next)++]);
}

static uint64_t last_tick(const SolveCmd *cmd, int n)
{
    uint64_t t = 0;
    for (int i = 0; i < n; i++)
        if (cmd[i].tick > t)
            t = cmd[i].tick;
    return t;
}

/* Plays s on with the plan's commands from *next until it ends; PLAY_* bits. */
static int play_out(Sim *s, const SolveCmd *cmd, int n, int *next, long *work)
{
    uint64_t stop = last_tick(cmd, n) + SOLVE_WALK_MAX;
    while (s->state.tick <= stop) {
        apply_due(s, cmd, n, next);
        sim_tick(s);
        ++*work;
        int got = solve_read_events(s);
        if (got != PLAY_ON)
            return got;
    }
    return PLAY_LOST;
}

bool solve_replay(const Level *l, const SolveCmd *cmd, int n, SolveOutcome *out, long *work)
{
    long spare = 0;
    if (!work)
        work = &spare;
    memset(out, 0, sizeof *out);
    Sim s;
    if (!sim_init(&s, l))
        return false;
    int next = 0;
    int got = play_out(&s, cmd, n, &next, work);
    out->seen = got & PLAY_SEEN;
    out->won = (got & PLAY_WON) && !out->seen;
    out->play_ticks = s.state.play_ticks;
    out->steps = s.state.steps;
    out->energy_used = s.state.energy_used;
    out->end_tick = s.state.tick;
    sim_deinit(&s);
    return out->won;
}

/* ---- the margin ------------------------------------------------------------------ */

/* sim_hash without what cannot change what happens next under gotos and
 * lures: the clock, the held-mouse bookkeeping and the droid's facing. Two
 * plays with the same value and the same commands to come end the same
 * way. */
static uint64_t future_hash(Sim *s)
{
    uint64_t play = s->state.play_ticks;
    bool started = s->state.started;
    int still = s->state.still;
    NavPos came = s->state.came_from;
    Dir8 facing = s->state.droid.facing;
    s->state.play_ticks = 0;
    s->state.started = false;
    s->state.still = 0;
    s->state.came_from = nav_pos(0, 0);
    s->state.droid.facing = DIR_E;
    uint64_t h = sim_hash(s);
    s->state.play_ticks = play;
    s->state.started = started;
    s->state.still = still;
    s->state.came_from = came;
    s->state.droid.facing = facing;
    return h;
}

/* The plan as it is, played alongside the shifted plays: the state's
 * future_hash at each command's tick (where a shifted play may rejoin it),
 * and copies of the play every SOLVE_SCAN_STEP ticks over the cap before
 * the command being moved (the shifted plays start from one of them). */
typedef struct Nominal {
    uint64_t *hash;     /* hash[k]: at cmd[k].tick, before its commands */
    Sim play;           /* the plan played on to the copies' end */
    int next;           /* its next command */
    Sim *snap;          /* snap[i]: the play at snap_tick[i], before its commands */
    uint64_t *snap_tick;
    int snaps, snap_cap;
} Nominal;

static void nominal_free(Nominal *nm)
{
    for (int i = 0; nm->snap && i < nm->snap_cap; i++)
        sim_deinit(&nm->snap[i]);
    sim_deinit(&nm->play);
    free(nm->snap);
    free(nm->snap_tick);
    free(nm->hash);
    memset(nm, 0, sizeof *nm);
}

/* Plays the plan (in tick order) noting hash[]; false when it does not
 * win unseen or memory runs out. Then sets up the copies' window. */
static bool nominal_start(const Level *l, const SolveCmd *cmd, int n, int cap, Nominal *nm, long *work)
{
    memset(nm, 0, sizeof *nm);
    nm->snap_cap = (cap + SOLVE_SCAN_STEP) / SOLVE_SCAN_STEP + 3;
    nm->hash = calloc((size_t)n + 1, sizeof *nm->hash);
    nm->snap = calloc((size_t)nm->snap_cap, sizeof *nm->snap);
    nm->snap_tick = calloc((size_t)nm->snap_cap, sizeof *nm->snap_tick);
    if (!nm->hash || !nm->snap || !nm->snap_tick || !sim_init(&nm->play, l))
        return false;
    uint64_t stop = last_tick(cmd, n) + SOLVE_WALK_MAX;
    int next = 0, got = PLAY_ON;
    while (got == PLAY_ON && nm->play.state.tick <= stop) {
        for (int k = next; k < n && cmd[k].tick == nm->play.state.tick; k++)
            nm->hash[k] = future_hash(&nm->play);
        apply_due(&nm->play, cmd, n, &next);
        sim_tick(&nm->play);
        ++*work;
        got = solve_read_events(&nm->play);
    }
    return got == PLAY_WON && sim_reset(&nm->play, l);
}

/* Lets the copies before tick t go, their memory kept at the end. */
static void drop_before(Nominal *nm, uint64_t t)
{
    while (nm->snaps > 0 && nm->snap_tick[0] < t) {
        Sim first = nm->snap[0];
        memmove(nm->snap, nm->snap + 1, (size_t)(nm->snap_cap - 1) * sizeof *nm->snap);
        memmove(nm->snap_tick, nm->snap_tick + 1, (size_t)(nm->snap_cap - 1) * sizeof *nm->snap_tick);
        nm->snap[nm->snap_cap - 1] = first;
        nm->snaps--;
    }
}

/* Makes the copies span the cap (and a step) before command k's tick. */
static bool nominal_window(Nominal *nm, const SolveCmd *cmd, int n, int k, int cap, long *work)
{
    uint64_t span = (uint64_t)cap + SOLVE_SCAN_STEP, t = cmd[k].tick;
    uint64_t from = t > span ? (t - span) / SOLVE_SCAN_STEP * SOLVE_SCAN_STEP : 0;
    drop_before(nm, from);
    while (nm->play.state.tick <= t) {
        if (nm->play.state.tick >= from && nm->play.state.tick % SOLVE_SCAN_STEP == 0) {
            if (nm->snaps == nm->snap_cap || !sim_copy(&nm->snap[nm->snaps], &nm->play))
                return false;
            nm->snap_tick[nm->snaps++] = nm->play.state.tick;
        }
        apply_due(&nm->play, cmd, n, &nm->next);
        sim_tick(&nm->play);
        ++*work;
    }
    return true;
}

/* The plan (in tick order) with command k moved to tick t, in tick order:
 * on equal ticks the list's order is kept. */
static void shifted_plan(const SolveCmd *cmd, int n, int k, uint64_t t, SolveCmd *out)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (i != k)
            out[m++] = cmd[i];
    int at = 0; /* out[i] was cmd[i] before k, cmd[i + 1] after it */
    while (at < m && (out[at].tick < t || (out[at].tick == t && at < k)))
        at++;
    memmove(out + at + 1, out + at, (size_t)(m - at) * sizeof *out);
    out[at] = cmd[k];
    out[at].tick = t;
}

/* The latest nominal copy at or before tick t. */
static const Sim *snap_before(const Nominal *nm, uint64_t t)
{
    const Sim *best = NULL;
    for (int i = 0; i < nm->snaps && nm->snap_tick[i] <= t; i++)
        best = &nm->snap[i];
    return best;
}

/* Does the plan with command k at tick t win unseen? Starts from the last
 * nominal copy before the change and stops early where the play rejoins the
 * nominal one (same future_hash at a later command's tick). */
static bool shifted_wins(const SolveCmd *cmd, int n, const Nominal *nm, int k, uint64_t t, SolveCmd *plan, Sim *run,
                         long *work)
{
    uint64_t from = t < cmd[k].tick ? t : cmd[k].tick;
    uint64_t after = t > cmd[k].tick ? t : cmd[k].tick;
    const Sim *start = snap_before(nm, from);
    if (!start || !sim_copy(run, start))
        return false;
    shifted_plan(cmd, n, k, t, plan);
    int next = 0;
    while (next < n && plan[next].tick < run->state.tick)
        next++;
    uint64_t stop = last_tick(plan, n) + SOLVE_WALK_MAX;
    for (int j = 0; run->state.tick <= stop;) {
        while (j < n && cmd[j].tick < run->state.tick)
            j++;
        if (j < n && cmd[j].tick == run->state.tick && run->state.tick > after && future_hash(run) == nm->hash[j])
            return true;
        apply_due(run, plan, n, &next);
        sim_tick(run);
        ++*work;
        int got = solve_read_events(run);
        if (got != PLAY_ON)
            return got == PLAY_WON;
    }
    return false;
}

/* How far (up to `best`) command k moves either way and still wins. */
static int command_margin(const SolveCmd *cmd, int n, int k, int best, Nominal *nm, SolveCmd *plan, Sim *run,
                          long *work, long max_work, const RulesStop *stop)
{
    for (int m = 1; m <= best; m++)
        for (int sign = -1; sign <= 1; sign += 2) {
            if (sign < 0 && cmd[k].tick < (uint64_t)m)
                continue; /* never before the level's start */
            uint64_t t = sign < 0 ? cmd[k].tick - (uint64_t)m : cmd[k].tick + (uint64_t)m;
            if (stop_asked(stop) || !shifted_wins(cmd, n, nm, k, t, plan, run, work) ||
                (max_work > 0 && *work > max_work))
                return m - 1;
        }
    return best;
}

int solve_margin(const Level *l, const SolveCmd *cmd, int n, int cap, long *work, long max_work)
{
    return solve_margin_stop(l, cmd, n, cap, work, max_work, NULL);
}

int solve_margin_stop(const Level *l, const SolveCmd *cmd, int n, int cap, long *work, long max_work,
                      const RulesStop *stop)
{
    long spare = 0;
    if (!work)
        work = &spare;
    Nominal nm;
    memset(&nm, 0, sizeof nm);
    SolveCmd *plan = malloc(((size_t)n + 1) * sizeof *plan);
    Sim run;
    memset(&run, 0, sizeof run);
    int margin = -1;
    if (plan && nominal_start(l, cmd, n, cap, &nm, work)) {
        margin = cap;
        for (int k = 0; k < n && margin > 0; k++) {
            if (!nominal_window(&nm, cmd, n, k, cap, work)) {
                margin = -1;
                break;
            }
            margin = command_margin(cmd, n, k, margin, &nm, plan, &run, work, max_work, stop);
        }
    }
    nominal_free(&nm);
    sim_deinit(&run);
    free(plan);
    return margin;
}
