/* SPDX-License-Identifier: MIT */
/* test_scene.c - the scene drawing and sound read (scene.h): a door opens
 * and shuts frame by frame in the scene's own animation (the rules keep no
 * open amount), the droid's distance walked, the sound cues of a walk, the
 * change journal (a cell taken, the same cell put back by a rewind, a new
 * level losing what came before) and the scene's copy of the play. */
#include "testlib.h"

#include <sys/stat.h>
#include <unistd.h>

#include "game.h"

/* A door in the wall between two rooms: the only way to the cell. */
static const char rooms[] = "name: Two rooms\n"
                            "#########\n"
                            "#@..#..*#\n"
                            "#...+...#\n"
                            "#...#..>#\n"
                            "#########\n";
static const NavPos door = {4, 2}, cell = {7, 1};

typedef struct Fixture {
    char dir[64];
    char path[128], other[128];
    Game g;
} Fixture;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

static int setup(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    snprintf(fx->dir, sizeof fx->dir, "/tmp/isodroid-scene-XXXXXX");
    if (!mkdtemp(fx->dir))
        return -1;
    snprintf(fx->path, sizeof fx->path, "%s/01_rooms.txt", fx->dir);
    snprintf(fx->other, sizeof fx->other, "%s/02_hall.txt", fx->dir);
    write_file(fx->path, rooms);
    write_file(fx->other, "name: Hall\n######\n#@..*#\n#...>#\n######\n");
    NavDiags d;
    nav_diag_clear(&d);
    if (!game_init(&fx->g, fx->path, 1280, 720, &d))
        return -1;
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    Fixture *fx = *state;
    game_deinit(&fx->g);
    unlink(fx->path);
    unlink(fx->other);
    rmdir(fx->dir);
    free(fx);
    return 0;
}

/* The door's open amount as the scene draws it: with one frame a tick, its frame is the amount. */
static int door_amount(Game *g)
{
    return scene_door_frame(game_scene(g), door, SCENE_DOOR_TICKS + 1);
}

/* Was tile t changed since generation `since`, by the scene's journal? */
static bool journaled(const Scene *sc, uint64_t since, NavPos t)
{
    assert_true(scene_journal_known(sc, since));
    for (uint64_t k = since; k != sc->journal->gen; k++)
        if (nav_pos_eq(scene_journal_tile(sc, k), t))
            return true;
    return false;
}

/* The door opens a frame a tick as the droid walks in, is journaled at each
 * frame, stays open while the droid is near and shuts a frame a tick after. */
static void test_door_opens_frame_by_frame(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    assert_int_equal(door_amount(g), 0);
    game_click_tile(g, cell);
    int last = 0, opened_at = -1, rose = 0;
    for (int t = 0; t < 10 * SIM_TICK_HZ && g->sim.state.status == SIM_PLAYING; t++) {
        uint64_t gen = game_scene(g)->journal->gen;
        game_update(g);
        int now = door_amount(g);
        assert_true(now == last || now == last + 1 || now == last - 1); /* never a jump */
        if (now != last)
            assert_true(journaled(game_scene(g), gen, door));
        if (now > last) {
            rose++;
            if (opened_at < 0)
                opened_at = t;
        }
        last = now;
        if (nav_pos_eq(g->sim.state.droid.tile, cell) && !g->sim.state.droid.moving)
            break;
    }
    assert_true(opened_at >= 0);
    assert_int_equal(rose, SCENE_DOOR_TICKS); /* from shut to open, one frame a tick */
    assert_int_equal(last, SCENE_DOOR_TICKS);
    /* once the droid has gone, it shuts again: SIM_DOOR_HOLD_TICKS, then a frame a tick */
    for (int t = 0; t < SIM_DOOR_HOLD_TICKS + 2 * SCENE_DOOR_TICKS; t++)
        game_update(g);
    assert_int_equal(door_amount(g), 0);
    assert_false(g->sim.state.doors[0].open);
}

/* The droid's distance walked grows by each step's length, and the walk's
 * steps reach sound as the scene's cues. */
static void test_walked_and_cues(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_scene(g);
    game_scene_cues_played(g);
    game_click_tile(g, nav_pos(1, 3)); /* two straight steps down */
    int steps = 0;
    for (int t = 0; t < 5 * SIM_TICK_HZ && (g->sim.state.droid.moving || g->sim.state.has_target); t++) {
        game_update(g);
        const Scene *sc = game_scene(g);
        for (int i = 0; i < sc->cue_count; i++)
            steps += sc->cues[i] == SOUND_STEP_FLOOR;
        game_scene_cues_played(g);
        assert_int_equal(game_scene(g)->cue_count, 0);
    }
    const Scene *sc = game_scene(g);
    assert_true(nav_pos_eq(sc->droid.tile, nav_pos(1, 3)));
    assert_false(sc->droid.moving);
    assert_true(fabs(sc->droid.walked - 2.0) < 1e-9);
    assert_true(sc->droid.pos.x == 1.5 && sc->droid.pos.y == 3.5);
    assert_int_equal(steps, 2);
}

/* A cell taken is journaled; a rewind that puts it back journals it again;
 * a view that read the journal up to a generation learns of exactly these. */
static void test_journal_cell_and_rewind(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    uint64_t start = game_scene(g)->journal->gen;
    game_click_tile(g, cell);
    for (int t = 0; t < 10 * SIM_TICK_HZ && g->sim.state.cells_left > 0; t++)
        game_update(g);
    assert_int_equal(g->sim.state.cells_left, 0);
    const Scene *sc = game_scene(g);
    assert_true(journaled(sc, start, cell));
    assert_int_equal(scene_kind(sc, cell.x, cell.y), TILE_FLOOR);
    assert_int_equal(sc->cells_left, 0);
    uint64_t taken = sc->journal->gen;
    while (g->sim.state.cells_left == 0)
        assert_true(game_rewind(g));
    sc = game_scene(g);
    assert_true(journaled(sc, taken, cell)); /* put back: looked at again */
    assert_int_equal(scene_kind(sc, cell.x, cell.y), TILE_CELL);
    assert_false(journaled(sc, sc->journal->gen, cell)); /* nothing new since */
}

/* Another level: what a view knew of the old one is lost, and the scene is the new one's. */
static void test_new_level_loses_the_journal(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    uint64_t before = game_scene(g)->journal->gen;
    assert_true(game_open(g, fx->other));
    const Scene *sc = game_scene(g);
    assert_false(scene_journal_known(sc, before));
    assert_true(scene_journal_known(sc, sc->journal->gen));
    assert_int_equal(sc->frame.w, 6);
    assert_int_equal(sc->frame.h, 4);
    assert_int_equal(scene_kind(sc, 4, 1), TILE_CELL);
    assert_int_equal(sc->sentry_count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_door_opens_frame_by_frame, setup, teardown),
        cmocka_unit_test_setup_teardown(test_walked_and_cues, setup, teardown),
        cmocka_unit_test_setup_teardown(test_journal_cell_and_rewind, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_level_loses_the_journal, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
