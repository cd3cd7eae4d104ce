/* SPDX-License-Identifier: MIT */
/* solve.c - the stealth solver: a best-first search over copies of the real
 * simulation for a win no sentry notices, by walks, waits and lures
 * (solve.h). The walks it tries, the replay that proves a win and the
 * margin that measures its timing slack are solve_replay.c's; the bounds
 * that order and prune its nodes solve_bound.c's; the lure tiles it tries
 * solve_lure.c's. */
#include "solve.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "field.h"
#include "heap.h"
#include "sim.h"
#include "solve_int.h"
#include "stop.h"
#include "tour.h"

/* ---- options and names --------------------------------------------------------- */

SolveOptions solve_options_default(void)
{
    SolveOptions o;
    o.margin = false;
    o.margin_cap = SOLVE_MARGIN_CAP;
    o.robust = SOLVE_ROBUST_DEFAULT;
    o.max_work = SOLVE_WORK_DEFAULT;
    o.max_seconds = SOLVE_SECONDS_DEFAULT;
    o.lures = true;
    o.robust_only = false;
    o.cancel = NULL;
    return o;
}

const char *solve_status_name(SolveStatus s)
{
    switch (s) {
    case SOLVE_SOLVED: return "solved";
    case SOLVE_NO_EXIT: return "no-exit";
    case SOLVE_EXHAUSTED: return "exhausted";
    case SOLVE_BUDGET: return "budget";
    case SOLVE_NO_MEMORY: return "memory";
    case SOLVE_CANCELLED: return "cancelled";
    }
    return "?";
}

void solve_result_free(SolveResult *r)
{
    free(r->cmd);
    memset(r, 0, sizeof *r);
}

/* ---- the search: nodes, the queue, the nodes seen --------------------------------- */

static bool time_up(const Solver *sv)
{
    return sv->opt.max_seconds > 0 && (double)(clock() - sv->clock0) / CLOCKS_PER_SEC > sv->opt.max_seconds;
}

/* Has the caller set the cancel flag? Notes it. */
static bool cancel_seen(Solver *sv)
{
    if (sv->opt.cancel && atomic_load_explicit(sv->opt.cancel, memory_order_relaxed))
        sv->cancelled = true;
    return sv->cancelled;
}

static bool over_budget(Solver *sv)
{
    if (sv->work > sv->work_limit || time_up(sv))
        sv->budget_hit = true;
    return cancel_seen(sv) || sv->budget_hit || sv->memory_hit || sv->finished;
}

/* The solver's stop (stop.h), asked between the slices of the set-up and
 * the margin's shifted plays: the cancel flag or the clock, noted as the
 * search notes them. */
static bool solver_asked(void *ctx)
{
    Solver *sv = ctx;
    if (!cancel_seen(sv) && time_up(sv))
        sv->budget_hit = true;
    return sv->cancelled || sv->budget_hit;
}

/* A node's identity: its tile, the cells still lying and its arrival, in
 * buckets of SOLVE_BUCKET ticks; after lures also their number and where
 * the sentries they sent are searching (or coming back from). Never 0. */
static uint64_t node_key(const Solver *sv, const Sim *s)
{
    uint64_t h = solve_mix(UINT64_C(1469598103934665603), (uint64_t)s->state.droid.tile.x);
    h = solve_mix(h, (uint64_t)s->state.droid.tile.y);
    h = solve_mix(h, s->state.tick / SOLVE_BUCKET);
    for (int i = 0; i < sv->cell_count; i++)
        if (sim_kind(s, sv->cell[i].x, sv->cell[i].y) == TILE_CELL)
            h = solve_mix(h, (uint64_t)i);
    if (s->state.lures > 0) { /* only then: a play without lures has the key it always had */
        h = solve_mix(h, (uint64_t)s->state.lures);
        for (int i = 0; i < s->state.sentries.count; i++) {
            const Sentry *e = &s->state.sentries.list[i];
            if (e->state != SENTRY_SEARCH && e->state != SENTRY_RETURN)
                continue;
            h = solve_mix(solve_mix(h, (uint64_t)i), (uint64_t)e->last_known.x);
            h = solve_mix(h, (uint64_t)e->last_known.y);
        }
    }
    return h ? h : 1;
}

static bool seen_grow(Solver *sv)
{
    size_t cap = sv->seen_cap ? 2 * sv->seen_cap : 1024;
    uint64_t *t = calloc(cap, sizeof *t);
    if (!t)
        return false;
    for (size_t i = 0; i < sv->seen_cap; i++) {
        uint64_t k = sv->seen[i];
        if (!k)
            continue;
        size_t j = (size_t)k & (cap - 1);
        while (t[j])
            j = (j + 1) & (cap - 1);
        t[j] = k;
    }
    free(sv->seen);
    sv->seen = t;
    sv->seen_cap = cap;
    return true;
}

/* Adds key; false when it was there already (or memory ran out). */
static bool seen_add(Solver *sv, uint64_t key)
{
    if ((sv->seen_count + 1) * 2 > sv->seen_cap && !seen_grow(sv)) {
        sv->memory_hit = true;
        return false;
    }
    size_t j = (size_t)key & (sv->seen_cap - 1);
    while (sv->seen[j]) {
        if (sv->seen[j] == key)
            return false;
        j = (j + 1) & (sv->seen_cap - 1);
    }
    sv->seen[j] = key;
    sv->seen_count++;
    return true;
}

/* Queue order: fewer cells left, then the bound f, then the older node. */
static bool node_before(const Solver *sv, int a, int b)
{
    const Node *x = &sv->node[a], *y = &sv->node[b];
    if (x->cells_left != y->cells_left)
        return x->cells_left < y->cells_left;
    if (x->f != y->f)
        return x->f < y->f;
    return a < b;
}

/* The queue is the one heap (heap.h) of node ids, in node_before's order:
 * a total order, so the nodes come out the same whatever the heap's shape. */
static bool slot_before(const void *sv, const HeapSlot *a, const HeapSlot *b)
{
    return node_before(sv, (int)a->node, (int)b->node);
}

static HeapOrder queue_order(const Solver *sv)
{
    return heap_order_by(slot_before, sv);
}

static bool queue_push(Solver *sv, int id)
{
    if (!buf_grow(&sv->heap, &sv->heap_cap, sizeof *sv->heap, (uint64_t)sv->heap_len + 1, 256))
        return false;
    heap_push_o(sv->heap, &sv->heap_len, NULL, heap_slot(0, (uint32_t)id), queue_order(sv));
    return true;
}

/* Takes the node at heap slot i out of the queue; returns it. */
static int queue_take(Solver *sv, uint32_t i)
{
    int id = (int)sv->heap[i].node;
    heap_remove_o(sv->heap, &sv->heap_len, NULL, i, queue_order(sv));
    return id;
}

static void free_sim(Sim *s)
{
    if (s) {
        sim_deinit(s);
        free(s);
    }
}

/* ---- the level: cells, exit, distances, waypoints --------------------------------- */

static bool find_goals(Solver *sv, const Sim *s)
{
    int n = 0;
    for (int i = 0; i < s->terrain->w * s->terrain->h; i++)
        n += s->terrain->kind[i] == TILE_CELL;
    sv->cell = malloc(((size_t)n + 1) * sizeof *sv->cell);
    if (!sv->cell)
        return false;
    for (int y = 0; y < s->terrain->h; y++)
        for (int x = 0; x < s->terrain->w; x++)
            if (sim_kind(s, x, y) == TILE_CELL)
                sv->cell[sv->cell_count++] = nav_pos(x, y);
    sv->has_exit = s->terrain->has_exit;
    sv->exit = s->terrain->exit;
    sv->speed = s->state.droid.speed;
    sv->limited = s->state.limited;
    sv->cell_gain = s->state.cell_energy;
    sv->sentries = s->state.sentries.count > 0;
    return true;
}

/* The whole-map fields to the exit and (few cells) to each cell, in
 * slices with the clock asked between them. */
static bool make_fields(Solver *sv, const Sim *s)
{
    if (sv->has_exit && stop_field_init(&sv->exit_field, &s->terrain->grid, sv->exit, &sv->stop) != NAV_DONE)
        return false;
    if (sv->cell_count > SOLVE_FIELD_CELLS)
        return true;
    sv->cell_field = calloc((size_t)sv->cell_count + 1, sizeof *sv->cell_field);
    if (!sv->cell_field)
        return false;
    for (; sv->cell_field_count < sv->cell_count; sv->cell_field_count++) {
        int c = sv->cell_field_count;
        if (stop_field_init(&sv->cell_field[c], &s->terrain->grid, sv->cell[c], &sv->stop) != NAV_DONE)
            return false;
    }
    return true;
}

/* tour_plan's order of the cells, then the exit, for the passes to follow
 * (run_pass); none when the tour finds no order (or memory runs out: the
 * search goes on without it). Its fields are made in slices, the clock
 * asked between them. */
static void plan_tour(Solver *sv)
{
    TourResult t;
    if (tour_plan_stop(sv->level, &t, &sv->stop) == TOUR_WINNABLE && t.cells == sv->cell_count) {
        sv->tour = t.order;
        sv->tour_len = t.cells + 1;
        t.order = NULL;
    }
    tour_free(&t);
}

/* An outer corner: a walkable tile with a blocked diagonal neighbour whose
 * two sides are open, where shortest ways bend round walls and water. */
static bool is_corner(const NavGrid *g, int x, int y)
{
    if (!nav_grid_walkable(g, x, y))
        return false;
    for (int dy = -1; dy <= 1; dy += 2)
        for (int dx = -1; dx <= 1; dx += 2)
            if (!nav_grid_walkable(g, x + dx, y + dy) && nav_grid_walkable(g, x + dx, y) && nav_grid_walkable(g, x, y + dy))
                return true;
    return false;
}

/* The corners in reading order, each at least SOLVE_WAYPOINT_GAP tiles
 * (king moves) from those kept before it (those of the last rows: the
 * ones before lie farther). The clock is asked every 64 rows. */
static bool find_waypoints(Solver *sv, const Sim *s)
{
    sv->waypoint = malloc(((size_t)s->terrain->w * (size_t)s->terrain->h) * sizeof *sv->waypoint);
    if (!sv->waypoint)
        return false;
    for (int y = 0; y < s->terrain->h; y++) {
        if (y % 64 == 63 && stop_asked(&sv->stop))
            return false;
        for (int x = 0; x < s->terrain->w; x++) {
            if (!is_corner(&s->terrain->grid, x, y))
                continue;
            bool close = false;
            for (int i = sv->waypoint_count - 1; i >= 0 && !close && sv->waypoint[i].y > y - SOLVE_WAYPOINT_GAP; i--) {
                NavPos w = sv->waypoint[i];
                close = abs(w.x - x) < SOLVE_WAYPOINT_GAP && abs(w.y - y) < SOLVE_WAYPOINT_GAP;
            }
            if (!close)
                sv->waypoint[sv->waypoint_count++] = nav_pos(x, y);
        }
    }
    return nav_field_init_bounded(&sv->near, s->terrain->w, s->terrain->h, NAV_TOPO_8) == NAV_DONE;
}

static void solver_free(Solver *sv)
{
    for (int i = 0; i < sv->node_count; i++)
        free_sim(sv->node[i].sim);
    for (int i = 0; i < sv->ring_len; i++)
        sim_deinit(&sv->ring[i]);
    for (int i = 0; i < sv->cell_field_count; i++)
        nav_field_deinit(&sv->cell_field[i]);
    nav_field_deinit(&sv->exit_field);
    nav_field_deinit(&sv->near);
    solve_lure_deinit(&sv->lure);
    sim_deinit(&sv->wait);
    sim_deinit(&sv->run);
    free(sv->ring);
    free(sv->need);
    free(sv->tour);
    free(sv->cell_field);
    free(sv->cell);
    free(sv->waypoint);
    free(sv->node);
    free(sv->heap);
    free(sv->seen);
    free(sv->target);
}

/* ---- the search: nodes, wins, expansions ------------------------------------------ */

/* The queue is full: lets the last queued node go to make room for node
 * id if id comes before it. From then on the search is no longer exhaustive. */
static bool make_room(Solver *sv, int id)
{
    sv->pruned = true;
    uint32_t worst = 0;
    for (uint32_t i = 1; i < sv->heap_len; i++)
        if (node_before(sv, (int)sv->heap[worst].node, (int)sv->heap[i].node))
            worst = i;
    if (sv->heap_len == 0 || !node_before(sv, id, (int)sv->heap[worst].node))
        return false;
    int gone = queue_take(sv, worst);
    free_sim(sv->node[gone].sim);
    sv->node[gone].sim = NULL;
    sv->open_count--;
    return true;
}

static bool grow_nodes(Solver *sv)
{
    return buf_grow_int(&sv->node, &sv->node_cap, sizeof *sv->node, (size_t)sv->node_count + 1, 256);
}

/* Queues the play s (the droid standing still after cmd); takes s. A lure
 * keeps the parent's run of waypoints and adds to its run of lures. */
static void push_node(Solver *sv, int parent, SolveCmd cmd, Sim *s, bool waypoint)
{
    uint64_t h = solve_bound_ticks(sv, s);
    if (h == UINT64_MAX || solve_bound_short(sv, s) || !seen_add(sv, node_key(sv, s))) {
        free_sim(s);
        return;
    }
    if (!grow_nodes(sv)) {
        sv->memory_hit = true;
        free_sim(s);
        return;
    }
    int left_before = parent >= 0 ? sv->node[parent].cells_left : s->state.cells_left;
    int run = parent >= 0 && waypoint && s->state.cells_left == left_before ? sv->node[parent].run + 1 : 0;
    int lure_run = 0;
    if (parent >= 0 && cmd.type == SIM_CMD_LURE) {
        run = sv->node[parent].run;
        lure_run = sv->node[parent].lure_run + 1;
    }
    int id = sv->node_count++;
    Node *n = &sv->node[id];
    *n = (Node){parent, cmd, s->state.droid.tile, s->state.cells_left, run, lure_run, s->state.tick + h, s};
    if (sv->open_count >= sv->open_max && !make_room(sv, id)) {
        free_sim(s);
        n->sim = NULL;
        return;
    }
    if (!queue_push(sv, id)) {
        sv->memory_hit = true;
        free_sim(s);
        n->sim = NULL;
        return;
    }
    sv->open_count++;
}

/* The plan that reaches node id and then gives last: malloc'd, *n long. */
static SolveCmd *plan_of(const Solver *sv, int id, SolveCmd last, int *n)
{
    int len = 1;
    for (int i = id; i >= 0 && sv->node[i].parent >= 0; i = sv->node[i].parent)
        len++;
    SolveCmd *plan = malloc((size_t)len * sizeof *plan);
    if (!plan)
        return NULL;
    *n = len;
    plan[--len] = last;
    for (int i = id; i >= 0 && sv->node[i].parent >= 0; i = sv->node[i].parent)
        plan[--len] = sv->node[i].cmd;
    return plan;
}

/* Keeps the plan when it is the best so far (takes it). */
static void keep_plan(Solver *sv, SolveCmd *plan, int n, const SolveOutcome *out, int margin)
{
    SolveResult *r = sv->r;
    bool better = !r->cmd || margin > r->margin ||
                  (margin == r->margin && out->play_ticks < sv->best.play_ticks);
    if (!better) {
        free(plan);
        return;
    }
    free(r->cmd);
    r->cmd = plan;
    r->count = n;
    r->margin = margin;
    sv->best = *out;
}

/* Is the best plan good enough to end the search: any win without
 * margins, else one with a margin of SOLVE_MARGIN_GOAL? */
static bool good_enough(const Solver *sv)
{
    return sv->r->cmd && (!sv->opt.margin || sv->r->margin >= SOLVE_MARGIN_GOAL);
}

/* A walk from node `parent` by cmd wins: replay the plan from the level's
 * start, measure its margin when asked, keep the best. */
static void found_win(Solver *sv, int parent, SolveCmd cmd)
{
    int n;
    SolveCmd *plan = plan_of(sv, parent, cmd, &n);
    SolveOutcome out;
    if (!plan) {
        sv->memory_hit = true;
        return;
    }
    if (!solve_replay(sv->level, plan, n, &out, &sv->work)) {
        free(plan);
        return;
    }
    sv->r->plans++;
    int margin = -1;
    if (sv->opt.margin)
        margin = solve_margin_stop(sv->level, plan, n, sv->opt.margin_cap, &sv->work, sv->work_limit, &sv->stop);
    keep_plan(sv, plan, n, &out, margin);
    if (good_enough(sv) || sv->r->plans - sv->plans_base >= SOLVE_PLANS_MAX)
        sv->finished = true;
}

/* The walk from node parent by cmd, from the play `from` at the departure. */
static void add_child(Solver *sv, int parent, const Sim *from, NavPos to, bool waypoint)
{
    SolveCmd cmd = {from->state.tick, to, SIM_CMD_GOTO};
    Sim *s = calloc(1, sizeof *s);
    if (!s || !sim_copy(s, from)) {
        sv->memory_hit = true;
        free(s);
        return;
    }
    WalkEnd end = solve_walk_run(s, to, &sv->work);
    if (end == WALK_IDLE) {
        push_node(sv, parent, cmd, s, waypoint);
        return;
    }
    free_sim(s);
    if (end == WALK_WON)
        found_win(sv, parent, cmd);
}

static bool add_target(Solver *sv, int *n, NavPos to)
{
    if (!buf_grow_int(&sv->target, &sv->target_cap, sizeof *sv->target, (size_t)*n + 1, 64))
        return false;
    sv->target[(*n)++] = (Target){to, 0, false};
    return true;
}

/* On a level with many cells: the SOLVE_NEAREST_CELLS lying cells nearest
 * the node (sv->near must be a whole field from its tile). */
static bool add_nearest_cells(Solver *sv, const Sim *s, int *n)
{
    int first = *n;
    for (int k = 0; k < SOLVE_NEAREST_CELLS; k++) {
        int best = -1;
        uint64_t best_cost = UINT64_MAX;
        for (int i = 0; i < sv->cell_count; i++) {
            NavPos c = sv->cell[i];
            uint64_t cost = nav_field_cost(&sv->near, c);
            bool taken = false;
            for (int j = first; j < *n && !taken; j++)
                taken = nav_pos_eq(sv->target[j].to, c);
            if (!taken && cost < best_cost && sim_kind(s, c.x, c.y) == TILE_CELL) {
                best = i;
                best_cost = cost;
            }
        }
        if (best < 0)
            break;
        if (!add_target(sv, n, sv->cell[best]))
            return false;
    }
    return true;
}

/* Following the tour: its first cell still lying, else the exit once open. */
static int tour_target(Solver *sv, const Sim *s, int *goals)
{
    int n = 0;
    *goals = 0;
    for (int i = 0; i + 1 < sv->tour_len && n == 0; i++)
        if (sim_kind(s, sv->tour[i].x, sv->tour[i].y) == TILE_CELL && !add_target(sv, &n, sv->tour[i]))
            return -1;
    if (n == 0 && s->state.exit_open && !add_target(sv, &n, sv->exit))
        return -1;
    *goals = n;
    return n;
}

/* The targets from a node: the cells still lying (only the nearest ones
 * on a level of many cells), the exit once open (these first), then the
 * waypoints within reach; following the tour, its next cell alone. Returns
 * how many, and in *goals how many of them are cells or the exit; -1 when
 * out of memory. */
static int gather_targets(Solver *sv, const Node *nd, int *goals)
{
    const Sim *s = nd->sim;
    if (sv->follow)
        return tour_target(sv, s, goals);
    uint64_t reach = (uint64_t)SOLVE_WAYPOINT_REACH * NAV_UNIT_STRAIGHT;
    bool many = sv->cell_count > SOLVE_FIELD_CELLS;
    nav_field_update(&sv->near, &s->terrain->grid, nd->at, many ? UINT64_MAX : reach);
    int n = 0;
    if (many && !add_nearest_cells(sv, s, &n))
        return -1;
    for (int i = 0; i < sv->cell_count && !many; i++)
        if (sim_kind(s, sv->cell[i].x, sv->cell[i].y) == TILE_CELL && !add_target(sv, &n, sv->cell[i]))
            return -1;
    if (s->state.exit_open && !add_target(sv, &n, sv->exit))
        return -1;
    *goals = n;
    for (int i = 0; i < sv->waypoint_count && nd->run < SOLVE_WAYPOINT_RUN; i++) {
        NavPos w = sv->waypoint[i];
        if (!nav_pos_eq(w, nd->at) && nav_field_cost(&sv->near, w) <= reach && !add_target(sv, &n, w))
            return -1;
    }
    return n;
}

/* Lets the droid stand still `ticks` more; false when it is noticed or
 * the level is lost meanwhile. */
static bool wait_on(Solver *sv, int ticks)
{
    for (int t = 0; t < ticks; t++) {
        sim_tick(&sv->wait);
        sv->work++;
        if (solve_read_events(&sv->wait) != PLAY_ON)
            return false;
    }
    return true;
}

/* Does a walk to `to` departing from the play `from` end unseen? */
static bool walk_ok(Solver *sv, const Sim *from, NavPos to)
{
    if (!sim_copy(&sv->run, from)) {
        sv->memory_hit = true;
        return false;
    }
    return solve_walk_run(&sv->run, to, &sv->work) != WALK_FAILED;
}

/* Tries every target from node id at departures SOLVE_SCAN_STEP apart, the
 * droid waiting on its tile meanwhile; a target's first departure whose
 * neighbours `robust` ticks either side all end unseen makes a child. */
static void scan_walks(Solver *sv, int id, int count, int goals)
{
    if (!sim_copy(&sv->wait, sv->node[id].sim)) {
        sv->memory_hit = true;
        return;
    }
    int r = sv->ring_len / 2, left = count;
    for (int i = 0; i * SOLVE_SCAN_STEP <= SOLVE_MAX_WAIT && left > 0; i++) {
        if ((i > 0 && !wait_on(sv, SOLVE_SCAN_STEP)) || over_budget(sv))
            return;
        Sim *slot = &sv->ring[i % sv->ring_len];
        if (!sim_copy(slot, &sv->wait)) {
            sv->memory_hit = true;
            return;
        }
        for (int k = 0; k < count && !over_budget(sv); k++) {
            Target *t = &sv->target[k];
            if (t->done)
                continue;
            t->streak = walk_ok(sv, slot, t->to) ? t->streak + 1 : 0;
            if (t->streak < sv->ring_len)
                continue;
            t->done = true;
            left--;
            add_child(sv, id, &sv->ring[(i - r) % sv->ring_len], t->to, k >= goals);
        }
    }
}

/* ---- lures: thrown, and the play goes on ------------------------------------------- */

/* The field towards the droid's next goal: the tour's next cell still
 * lying, when there is a field to it, else the exit. */
static const NavField *next_goal_field(const Solver *sv, const Sim *s)
{
    for (int i = 0; i + 1 < sv->tour_len; i++) {
        NavPos c = sv->tour[i];
        if (sim_kind(s, c.x, c.y) != TILE_CELL)
            continue;
        for (int k = 0; k < sv->cell_field_count; k++)
            if (nav_pos_eq(sv->cell[k], c))
                return &sv->cell_field[k];
        break;
    }
    return &sv->exit_field;
}

/* Throws a lure on `to` from the play `from` (a departure of node parent)
 * and queues the play going on from there, the droid on the same tile. */
static void add_lure_child(Solver *sv, int parent, const Sim *from, NavPos to)
{
    SolveCmd cmd = {from->state.tick, to, SIM_CMD_LURE};
    Sim *s = calloc(1, sizeof *s);
    if (!s || !sim_copy(s, from)) {
        sv->memory_hit = true;
        free(s);
        return;
    }
    solve_command(s, &cmd);
    bool thrown = false;
    for (int i = 0; i < s->work.event_count; i++)
        thrown |= s->work.events[i].type == SIM_EV_LURE;
    if (!thrown || s->state.status != SIM_PLAYING) {
        free_sim(s);
        return;
    }
    push_node(sv, parent, cmd, s, false);
}

/* Does node id try lures: this pass throws them, fewer than
 * SOLVE_LURE_RUN led to it, and a goal found no unseen departure? */
static bool lures_wanted(const Solver *sv, int id, int goals)
{
    if (!sv->lures || !sv->lure.pulled || sv->node[id].lure_run >= SOLVE_LURE_RUN)
        return false;
    for (int k = 0; k < goals; k++)
        if (!sv->target[k].done)
            return true;
    return false;
}

/* Tries lures from node id at departures SOLVE_SCAN_STEP apart, as the
 * walks are tried: tiles chosen (solve_lure_choose) at the first departure
 * and whenever the sentries near have moved, while fewer than
 * SOLVE_LURE_TILES are; a tile's first departure whose neighbours `robust`
 * ticks either side would send the same sentry makes a child. */
static void scan_lures(Solver *sv, int id)
{
    if (!sim_copy(&sv->wait, sv->node[id].sim)) {
        sv->memory_hit = true;
        return;
    }
    SolveLures *l = &sv->lure;
    l->count = 0;
    uint64_t chosen_for = 0; /* solve_lure_signature is never 0 */
    int r = sv->ring_len / 2;
    for (int i = 0; i * SOLVE_SCAN_STEP <= SOLVE_MAX_WAIT; i++) {
        if ((i > 0 && !wait_on(sv, SOLVE_SCAN_STEP)) || over_budget(sv))
            return;
        Sim *slot = &sv->ring[i % sv->ring_len];
        if (!sim_copy(slot, &sv->wait)) {
            sv->memory_hit = true;
            return;
        }
        uint64_t now = solve_lure_signature(slot);
        if (l->count < SOLVE_LURE_TILES && now != chosen_for) {
            chosen_for = now;
            solve_lure_choose(l, slot, next_goal_field(sv, slot));
        }
        int left = SOLVE_LURE_TILES - l->count;
        for (int k = 0; k < l->count && !over_budget(sv); k++) {
            LureTry *t = &l->tries[k];
            if (t->done)
                continue;
            t->streak = solve_lure_sends(l, slot, t->to, t->sentry) ? t->streak + 1 : 0;
            if (t->streak < sv->ring_len) {
                left++;
                continue;
            }
            t->done = true;
            add_lure_child(sv, id, &sv->ring[(i - r) % sv->ring_len], t->to);
        }
        if (left == 0)
            return;
    }
}

/* The walks from node id, then, when it wants them, the lures. */
static void expand(Solver *sv, int id)
{
    int goals, count = gather_targets(sv, &sv->node[id], &goals);
    if (count < 0) {
        sv->memory_hit = true;
        return;
    }
    scan_walks(sv, id, count, goals);
    if (lures_wanted(sv, id, goals) && !over_budget(sv))
        scan_lures(sv, id);
}

/* ---- the passes ------------------------------------------------------------------ */

/* Forgets the nodes of a pass (the plans found stay). */
static void clear_nodes(Solver *sv)
{
    for (int i = 0; i < sv->node_count; i++)
        free_sim(sv->node[i].sim);
    sv->node_count = sv->open_count = sv->heap_len = 0;
    if (sv->seen)
        memset(sv->seen, 0, sv->seen_cap * sizeof *sv->seen);
    sv->seen_count = 0;
    sv->pruned = false;
}

static bool make_ring(Solver *sv, int robust)
{
    for (int i = 0; i < sv->ring_len; i++)
        sim_deinit(&sv->ring[i]);
    int r = (robust + SOLVE_SCAN_STEP - 1) / SOLVE_SCAN_STEP;
    sv->ring_len = 2 * r + 1;
    Sim *ring = realloc(sv->ring, (size_t)sv->ring_len * sizeof *ring);
    if (!ring) {
        sv->ring_len = 0;
        return false;
    }
    sv->ring = ring;
    memset(ring, 0, (size_t)sv->ring_len * sizeof *ring);
    sv->robust = r * SOLVE_SCAN_STEP;
    return true;
}

/* One best-first search asking `robust` ticks of slack of every walk, until
 * it is done, exhausted or out of work (work_limit). */
static void search(Solver *sv, const Sim *start, int robust, long work_limit)
{
    clear_nodes(sv);
    sv->work_limit = work_limit;
    if (over_budget(sv))
        return; /* nothing to copy the play for */
    Sim *root = calloc(1, sizeof *root);
    if (!make_ring(sv, robust) || !root || !sim_copy(root, start)) {
        free(root);
        sv->memory_hit = true;
        return;
    }
    push_node(sv, -1, (SolveCmd){0, start->state.droid.tile, SIM_CMD_GOTO}, root, false);
    while (sv->heap_len > 0 && !over_budget(sv)) {
        int id = queue_take(sv, 0);
        sv->r->nodes++;
        expand(sv, id);
        free_sim(sv->node[id].sim);
        sv->node[id].sim = NULL;
        sv->open_count--;
    }
}

/* The level's goals, fields, bounds, waypoints and tour. False when out
 * of memory, or when the clock or the cancel flag stopped it (noted in
 * sv, as the search notes them). */
static bool solver_setup(Solver *sv, const Level *l, const SolveOptions *o, SolveResult *r, Sim *start)
{
    sv->level = l;
    sv->opt = *o;
    sv->r = r;
    sv->stop = (RulesStop){solver_asked, sv};
    size_t per_copy = (size_t)start->terrain->w * (size_t)start->terrain->h * 96 + 4096; /* a Sim, measured */
    sv->open_max = (int)(SOLVE_OPEN_BYTES / per_copy);
    if (sv->open_max < 8)
        sv->open_max = 8;
    if (!find_goals(sv, start) || !make_fields(sv, start) || !solve_bound_make_need(sv) || !find_waypoints(sv, start) ||
        (o->lures && !solve_lure_init(&sv->lure, start)))
        return false;
    plan_tour(sv);
    return !sv->budget_hit && !sv->cancelled;
}

/* The status a search ends with. */
static SolveStatus outcome_of(const Solver *sv)
{
    if (sv->cancelled)
        return SOLVE_CANCELLED;
    if (sv->r->cmd)
        return SOLVE_SOLVED;
    if (sv->memory_hit)
        return SOLVE_NO_MEMORY;
    if (sv->budget_hit || sv->pruned)
        return SOLVE_BUDGET;
    return SOLVE_EXHAUSTED;
}

/* The search following the tour's order alone (a whole search before it
 * stays unexhausted if it was). */
static void follow_tour(Solver *sv, const Sim *start, int robust, long work_limit)
{
    if (!sv->tour || sv->memory_hit)
        return;
    bool pruned = sv->pruned;
    sv->follow = true;
    search(sv, start, robust, work_limit);
    sv->follow = false;
    sv->pruned |= pruned;
}

/* A pass asking `robust` ticks of slack of every walk. Without sentries the
 * tour's order comes first and the whole search only when that is not good
 * enough; with sentries the whole search comes first, for its walks, chosen
 * rather than waited for, win sooner, and the tour's order only when it
 * found no win good enough (with the work left). */
static void run_pass(Solver *sv, const Sim *start, int robust, long work_limit)
{
    if (!sv->sentries)
        follow_tour(sv, start, robust, work_limit);
    if (!sv->finished && !sv->memory_hit)
        search(sv, start, robust, work_limit);
    if (sv->sentries && !good_enough(sv))
        follow_tour(sv, start, robust, work_limit);
}

/* The passes again, throwing lures too, with the work left: on a level
 * with sentries when lures are asked and the passes without them found
 * no win good enough. */
static void lure_passes(Solver *sv, const Sim *start)
{
    long all = sv->opt.max_work, done = sv->work;
    if (!sv->lure.pulled || good_enough(sv) || sv->memory_hit || sv->cancelled || time_up(sv) || done >= all)
        return;
    sv->lures = true;
    sv->budget_hit = sv->finished = false;
    sv->plans_base = sv->r->plans;
    if (sv->opt.robust > 0)
        run_pass(sv, start, sv->opt.robust, done + (all - done) / 5 * 3);
    if (!sv->r->cmd && !sv->memory_hit && !sv->cancelled && !time_up(sv) &&
        !(sv->opt.robust_only && sv->opt.robust > 0)) {
        sv->budget_hit = false;
        run_pass(sv, start, 0, all);
    }
}

SolveStatus solve_level(const Level *l, const SolveOptions *o, SolveResult *r)
{
    memset(r, 0, sizeof *r);
    r->margin = -1;
    Sim start;
    Solver sv;
    memset(&sv, 0, sizeof sv);
    sv.clock0 = clock(); /* the set-up is on the clock too */
    if (!sim_init(&start, l))
        return r->status = SOLVE_NO_MEMORY;
    if (!start.terrain->has_exit) {
        sim_deinit(&start);
        return r->status = SOLVE_NO_EXIT;
    }
    if (solver_setup(&sv, l, o, r, &start)) {
        /* robust walks first; without any win, walks with no slack at all */
        if (o->robust > 0)
            run_pass(&sv, &start, o->robust, o->max_work / 5 * 3);
        if (!r->cmd && !sv.memory_hit && !sv.cancelled && !time_up(&sv) && !(o->robust_only && o->robust > 0)) {
            sv.budget_hit = false;
            run_pass(&sv, &start, 0, o->max_work);
        }
        lure_passes(&sv, &start);
    } else if (!sv.budget_hit && !sv.cancelled) {
        sv.memory_hit = true;
    }
    r->status = outcome_of(&sv);
    r->work = sv.work;
    r->play_ticks = sv.best.play_ticks;
    r->steps = sv.best.steps;
    r->energy_used = sv.best.energy_used;
    solver_free(&sv);
    sim_deinit(&start);
    return r->status;
}
