/* SPDX-License-Identifier: MIT */
/* test_game.c - the game's rules without SDL: edit, save and reload give the
 * same grid; saves that fail (read-only file or folder) leave the file byte
 * for byte; hot reload keeps the old level on a broken file and follows a
 * fixed one; unsaved edits are never dropped without asking; level switching,
 * at once and with a loader in the background; the hover preview, its
 * prediction and a hovered cell's energy; rewinding, pause and the unseen
 * star. */
#include "testlib.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "front.h"
#include "game.h"

static const char tutorial[] = "; The tutorial room.\n"
                               "name: Tutorial room\n"
                               "#########\n"
                               "#.......#\n"
                               "#.@.....#\n"
                               "#...#...#\n"
                               "#...#...#\n"
                               "#.###...#\n"
                               "#.......#\n"
                               "#....##.#\n"
                               "#.......#\n"
                               "#########\n";

typedef struct Fixture {
    char dir[64];
    char path[128];
    Game g;
} Fixture;

static void write_file(const char *path, const char *text)
{
    /* as an editor saving by rename would: a new file each time */
    char tmp[200];
    snprintf(tmp, sizeof tmp, "%s.new", path);
    FILE *f = fopen(tmp, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
    assert_int_equal(rename(tmp, path), 0);
}

static int setup(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    snprintf(fx->dir, sizeof fx->dir, "/tmp/isodroid-game-XXXXXX");
    if (!mkdtemp(fx->dir))
        return -1;
    chmod(fx->dir, 0755);
    snprintf(fx->path, sizeof fx->path, "%s/01_room.txt", fx->dir);
    write_file(fx->path, tutorial);
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
    char cmd[200];
    snprintf(cmd, sizeof cmd, "chmod -R u+w %s && rm -rf %s", fx->dir, fx->dir);
    int rc = system(cmd);
    free(fx);
    return rc == 0 ? 0 : -1;
}

/* Runs the game for a while: enough for a look at the file. */
static void run_for(Game *g, double seconds)
{
    for (double t = 0; t < seconds; t += 1.0 / 60)
        game_update(g);
}

static void assert_grid_matches_level(const Game *g)
{
    for (int y = 0; y < g->level.h; y++)
        for (int x = 0; x < g->level.w; x++)
            assert_int_equal(nav_grid_cost(&g->sim.terrain->grid, x, y), tile_info(level_kind(&g->level, x, y))->cost);
}

static void test_edit_save_reload_same_grid(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    assert_true(g->editing);
    game_edit_brush(g, ',');
    game_edit_press(g, nav_pos(3, 3), false);
    game_edit_drag(g, nav_pos(6, 3)); /* fills 4,3 and 5,3 on the way */
    game_edit_release(g);
    game_edit_press(g, nav_pos(6, 6), true);  /* floor -> wall */
    game_edit_press(g, nav_pos(4, 4), true);  /* wall -> floor */
    game_edit_brush(g, '@');
    game_edit_press(g, nav_pos(7, 1), false);
    game_edit_release(g);
    assert_int_equal(level_glyph(&g->level, 5, 3), ',');
    assert_int_equal(edit_undo_count(&g->edits), 4);
    assert_grid_matches_level(g);
    assert_true(game_dirty(g));
    assert_true(game_save(g));
    assert_false(game_dirty(g));

    Level back;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_load(fx->path, &back, &d));
    assert_int_equal(back.w, g->level.w);
    assert_int_equal(back.h, g->level.h);
    assert_memory_equal(back.glyphs, g->level.glyphs, (size_t)(back.w * back.h));
    assert_int_equal(back.start.x, 7);
    assert_int_equal(back.start.y, 1);
    NavGrid grid;
    assert_true(level_build_grid(&back, &grid));
    assert_memory_equal(grid.cost, g->sim.terrain->grid.cost, (size_t)(grid.stride * (grid.h + 2)));
    nav_grid_deinit(&grid);
    level_free(&back);

    size_t len;
    char *text = test_read_file(fx->path, &len);
    assert_true(strncmp(text, "; The tutorial room.\nname: Tutorial room\n#########\n", 51) == 0);
    assert_non_null(strstr(text, "\n#..,,,,.#\n"));
    free(text);
    /* our own save is not taken for an outside change */
    unsigned version = g->level_version;
    run_for(g, 1.0);
    assert_int_equal(g->level_version, version);
    assert_int_equal(edit_undo_count(&g->edits), 4);
}

static void test_undo_redo_keep_grid_in_step(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    game_edit_brush(g, '~');
    for (int x = 1; x <= 7; x++) {
        game_edit_press(g, nav_pos(x, 6), false);
        game_edit_release(g);
    }
    assert_int_equal(nav_grid_cost(&g->sim.terrain->grid, 4, 6), 0);
    for (int i = 0; i < 7; i++)
        game_undo(g);
    assert_int_equal(nav_grid_cost(&g->sim.terrain->grid, 4, 6), 1);
    assert_false(game_dirty(g));
    for (int i = 0; i < 3; i++)
        game_redo(g);
    assert_int_equal(nav_grid_cost(&g->sim.terrain->grid, 3, 6), 0);
    assert_int_equal(nav_grid_cost(&g->sim.terrain->grid, 4, 6), 1);
    assert_grid_matches_level(g);
    /* while editing the droid stands on the start, and moves with it */
    game_edit_brush(g, '@');
    game_edit_press(g, nav_pos(6, 1), false);
    game_edit_release(g);
    assert_int_equal(g->sim.state.droid.tile.x, 6);
    assert_int_equal(g->sim.state.droid.tile.y, 1);
    game_edit_brush(g, '#');
    game_edit_press(g, nav_pos(2, 2), false);
    game_edit_release(g);
    assert_int_equal(nav_grid_cost(&g->sim.terrain->grid, 2, 2), 0);
    /* leaving the editor starts play on the file's level, at its start */
    game_edit_toggle(g);
    assert_int_equal(g->sim.state.droid.tile.x, 6);
    assert_int_equal(g->sim.state.status, SIM_PLAYING);
}

/* The hover preview follows the edits (live path preview while editing). */
static void test_preview_follows_edits(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_hover(g, true, nav_pos(6, 2));
    assert_int_equal(g->preview.count, 4); /* straight along row 2 */
    game_edit_toggle(g);
    game_edit_brush(g, '#');
    game_edit_press(g, nav_pos(4, 1), false);
    game_edit_drag(g, nav_pos(4, 3));
    game_edit_release(g);
    game_update(g);
    assert_true(g->preview.count > 4);
    for (int i = 0; i < g->preview.count; i++) /* column 4 is now wall from row 1 to row 5 */
        assert_true(g->preview.tiles[i].x != 4 || g->preview.tiles[i].y > 5);
    game_undo(g);
    game_update(g);
    assert_int_equal(g->preview.count, 4);
}

/* Undo while walking: the walk planned on the old tiles stops at the next tile. */
static void test_undo_while_walking_stops_the_walk(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(4, 4), true); /* wall -> floor: opens a short cut */
    game_edit_toggle(g);
    game_click_tile(g, nav_pos(6, 6));
    assert_true(g->sim.state.has_target);
    run_for(g, 0.3);
    game_undo(g);
    assert_false(g->sim.state.has_target);
    run_for(g, 1.0);
    assert_false(g->sim.state.droid.moving);
    assert_true(nav_grid_walkable(&g->sim.terrain->grid, g->sim.state.droid.tile.x, g->sim.state.droid.tile.y));
    assert_true(g->sim.state.droid.tile.x != 6 || g->sim.state.droid.tile.y != 6);
}

static void test_hot_reload(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char *before = malloc((size_t)(g->level.w * g->level.h));
    memcpy(before, g->level.glyphs, (size_t)(g->level.w * g->level.h));

    /* a broken version: the old level keeps running, the error is located */
    write_file(fx->path, "name: Broken\n#########\n#.@..Q..#\n#########\n");
    run_for(g, 1.0);
    char want[256];
    snprintf(want, sizeof want, "%s:3:6: unknown glyph 'Q'", fx->path);
    assert_true(strncmp(g->file_error, want, strlen(want)) == 0);
    assert_string_equal(g->level.name, "Tutorial room");
    assert_memory_equal(g->level.glyphs, before, (size_t)(g->level.w * g->level.h));
    run_for(g, 1.0); /* still broken, still reported */
    assert_true(strncmp(g->file_error, want, strlen(want)) == 0);

    /* fixed: loaded within a second, the droid keeps its walkable tile */
    write_file(fx->path, "name: Fixed\n#########\n#@.....>#\n#.......#\n#########\n");
    run_for(g, 1.0);
    assert_string_equal(g->file_error, "");
    assert_string_equal(g->level.name, "Fixed");
    assert_int_equal(g->level.h, 4);
    assert_int_equal(g->sim.state.droid.tile.x, 2);
    assert_int_equal(g->sim.state.droid.tile.y, 2);
    assert_grid_matches_level(g);

    /* the droid's tile becomes a wall: it goes to the start */
    write_file(fx->path, "name: Moved\n#########\n#.....@.#\n#.#.....#\n#########\n");
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Moved");
    assert_int_equal(g->sim.state.droid.tile.x, 6);
    assert_int_equal(g->sim.state.droid.tile.y, 1);
    free(before);
}

/* A file rewritten in place is taken only once it has stayed the same for
 * a look: a first half written and then completed is never loaded. */
static void test_hot_reload_waits_for_the_file_to_settle(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    run_for(g, 0.5);
    /* the first rows of a new version: a level in its own right (the file is
     * cut after a whole row), that a reader must not take */
    FILE *f = fopen(fx->path, "w");
    assert_non_null(f);
    fputs("name: Half\n#####\n#@..#\n#####\n", f);
    fflush(f);
    g->poll_left = 0; /* a look at the next update sees it changed */
    game_update(g);
    assert_string_equal(g->level.name, "Tutorial room");
    fputs("#...#\n#####\n", f); /* the rest, before the next look */
    fclose(f);
    g->poll_left = 0;
    game_update(g);
    assert_string_equal(g->level.name, "Tutorial room"); /* changed again: still waiting */
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Half");
    assert_int_equal(g->level.h, 5); /* the whole file */
}

static void test_unsaved_edits_are_never_dropped(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(5, 5), true);
    game_edit_toggle(g);
    /* the file changes on disk: no reload while edits are unsaved */
    write_file(fx->path, "name: Theirs\n#####\n#@..#\n#####\n");
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Tutorial room");
    assert_true(g->disk_changed);
    /* quitting asks; cancel keeps playing */
    assert_false(game_request_quit(g));
    assert_int_equal(g->ask, GAME_ASK_QUIT);
    assert_false(game_answer(g, GAME_ANSWER_CANCEL));
    assert_int_equal(g->ask, GAME_ASK_NONE);
    /* saving over a file changed on disk takes a second Ctrl+S */
    assert_false(game_save(g));
    size_t len;
    char *text = test_read_file(fx->path, &len);
    assert_non_null(strstr(text, "Theirs"));
    free(text);
    assert_true(game_save(g));
    text = test_read_file(fx->path, &len);
    assert_non_null(strstr(text, "Tutorial room"));
    free(text);
    assert_true(game_request_quit(g));
}

static void test_undo_to_clean_loads_the_outside_version(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(5, 5), true);
    write_file(fx->path, "name: Theirs\n#####\n#@..#\n#####\n");
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Tutorial room");
    game_undo(g);
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Theirs");
}

/* The file's bytes must not change when a save fails. */
static void assert_save_fails_cleanly(Game *g, const char *path, const char *reason)
{
    size_t len0, len1;
    char *before = test_read_file(path, &len0);
    assert_false(game_save(g));
    assert_non_null(strstr(g->message, reason));
    assert_true(game_dirty(g));
    char *after = test_read_file(path, &len1);
    assert_int_equal(len0, len1);
    assert_memory_equal(before, after, len0);
    free(before);
    free(after);
}

static void test_save_to_read_only_file(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(5, 5), true);
    assert_int_equal(chmod(fx->path, 0444), 0);
    assert_save_fails_cleanly(g, fx->path, "read-only");
}

static void test_save_to_read_only_folder(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(5, 5), true);
    assert_int_equal(chmod(fx->dir, 0555), 0);
    /* root writes anywhere: the save runs in a child as an ordinary user */
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (geteuid() == 0 && (chown(fx->path, 65534, 65534) != 0 || setgid(65534) != 0 || setuid(65534) != 0))
            _exit(77); /* a container without CAP_SETUID: cannot test this as root */
        size_t len0, len1;
        char *before = test_read_file(fx->path, &len0);
        bool saved = game_save(g);
        char *after = test_read_file(fx->path, &len1);
        bool same = before && after && len0 == len1 && !memcmp(before, after, len0);
        bool told = strstr(g->message, "cannot create a temporary file: Permission denied") != NULL;
        _exit(!saved && same && told && game_dirty(g) ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77) {
        fprintf(stderr, "running as root and cannot switch to an ordinary user: read-only folder not tested\n");
        skip();
    }
    assert_int_equal(WEXITSTATUS(status), 0);
    /* nothing was left behind in the folder */
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 1", fx->dir);
    assert_int_equal(system(cmd), 0);
}

/* The HUD's word for where the level comes from: its place in the folder,
 * or, for a generated level (in a folder of several), its seed and
 * difficulty, never the file name. */
static void test_level_label(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char label[96];
    game_level_label(g, label, sizeof label);
    assert_string_equal(label, "Level 1 of 1");
    char p[160];
    snprintf(p, sizeof p, "%s/seed-46-d2.txt", fx->dir);
    write_file(p, "name: Other\n#####\n#@..#\n#####\n");
    snprintf(p, sizeof p, "%s/seed-47-d3.txt", fx->dir);
    write_file(p, "name: Generated\n#####\n#@.>#\n#####\n");
    assert_true(game_open(g, p));
    game_level_label(g, label, sizeof label);
    assert_string_equal(label, "Generated, seed 47, difficulty 3");
}

static void test_level_switching(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char p[160];
    snprintf(p, sizeof p, "%s/02_hall.txt", fx->dir);
    write_file(p, "name: Hall\n#####\n#@..#\n#####\n");
    snprintf(p, sizeof p, "%s/03_yard.txt", fx->dir);
    write_file(p, "name: Yard\n#####\n#..@#\n#####\n");
    snprintf(p, sizeof p, "%s/04_notes.txt", fx->dir);
    write_file(p, "not a level\n");
    levelset_free(&g->levels);
    levelset_scan(&g->levels, fx->dir);
    g->level_index = levelset_find(&g->levels, g->path);
    assert_int_equal(g->levels.count, 4);
    assert_int_equal(g->level_index, 0);

    /* nothing of the old level's walk or preview survives a switch */
    game_hover(g, true, nav_pos(6, 8));
    game_click_tile(g, nav_pos(6, 8));
    run_for(g, 0.5);
    assert_true(g->sim.state.has_target);
    game_request_switch(g, +1);
    assert_string_equal(g->level.name, "Hall");
    assert_false(g->sim.state.has_target);
    assert_int_equal(g->preview.count, 0); /* 6,8 is off the 5x3 hall */
    assert_false(g->hover_valid);
    game_hover(g, true, nav_pos(3, 1));
    assert_int_equal(g->preview.count, 2); /* planned on the new level */
    game_click_tile(g, nav_pos(3, 1)); /* and the droid walks on a level of another size */
    run_for(g, 1.0);
    assert_int_equal(g->sim.state.droid.tile.x, 3);
    game_request_switch(g, +1);
    assert_string_equal(g->level.name, "Yard");
    assert_int_equal(g->sim.state.droid.tile.x, 3);
    game_request_switch(g, +1); /* skips the file that does not load, wraps */
    assert_string_equal(g->level.name, "Tutorial room");
    assert_non_null(strstr(g->message, "04_notes.txt:1:1: unknown glyph 'n'"));
    game_request_switch(g, -1);
    assert_string_equal(g->level.name, "Yard");

    /* unsaved edits: asks, and 'save' writes them before going on */
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(1, 1), true);
    game_request_switch(g, -1);
    assert_int_equal(g->ask, GAME_ASK_SWITCH);
    assert_string_equal(g->level.name, "Yard");
    assert_false(game_answer(g, GAME_ANSWER_SAVE));
    assert_string_equal(g->level.name, "Hall");
    size_t len;
    char *text = test_read_file(p, &len); /* p is 04_notes.txt: untouched */
    assert_string_equal(text, "not a level\n");
    free(text);
    snprintf(p, sizeof p, "%s/03_yard.txt", fx->dir);
    text = test_read_file(p, &len);
    assert_string_equal(text, "name: Yard\n#####\n##.@#\n#####\n");
    free(text);

    /* 'discard' goes on and leaves the file alone */
    game_edit_press(g, nav_pos(2, 1), true);
    game_request_switch(g, +1);
    assert_false(game_answer(g, GAME_ANSWER_DISCARD));
    assert_string_equal(g->level.name, "Yard");
    snprintf(p, sizeof p, "%s/02_hall.txt", fx->dir);
    text = test_read_file(p, &len);
    assert_string_equal(text, "name: Hall\n#####\n#@..#\n#####\n");
    free(text);
}

/* A level's description is what the game says when it opens (the idea of
 * the level, in its own words), cut at a character when too long to show. */
static void test_welcome_says_the_description(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char p[160], text[600];
    snprintf(p, sizeof p, "%s/02_said.txt", fx->dir);
    write_file(p, "name: Said\ndescription: Cross the hall while the guard looks away.\n#####\n#@.>#\n#####\n");
    assert_true(game_open(g, p));
    assert_non_null(strstr(g->message, "Said: Cross the hall while the guard looks away."));
    char long_text[400];
    memset(long_text, 'a', 300);
    memcpy(long_text + 254, "\xc3\xa9", 2); /* a two-byte character across the limit */
    long_text[300] = '\0';
    snprintf(text, sizeof text, "description: %s\n#####\n#@.>#\n#####\n", long_text);
    write_file(p, text);
    assert_true(game_open(g, p));
    assert_int_equal(strlen(g->level.description), 254); /* not 255: that would cut the character */
}

/* Hovering an energy cell the walk reaches: the preview has the energy it
 * gives (the level's cell:), shown beside the route's cost; nothing for
 * another tile, a cell already taken, or a level of unlimited energy. */
static void test_preview_says_what_a_cell_gives(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char p[160];
    snprintf(p, sizeof p, "%s/02_cell.txt", fx->dir);
    write_file(p, "energy: 20\ncell: 7\n#######\n#@..*.#\n#.....#\n#>....#\n#######\n");
    assert_true(game_open(g, p));
    game_hover(g, true, nav_pos(4, 1));
    game_predict_now(g, false);
    assert_true(g->preview.count == 3);
    assert_true(g->preview_gain == g->sim.state.cell_energy);
    assert_true(sim_units(g->preview_gain) == 7.0);
    game_hover(g, true, nav_pos(5, 1)); /* past it: the walk crosses the cell, but ends on floor */
    game_predict_now(g, false);
    assert_true(g->preview.count > 0);
    assert_true(g->preview_gain == 0);
    game_click_tile(g, nav_pos(4, 1)); /* taken: floor now */
    run_for(g, 2.0);
    assert_int_equal(g->sim.state.cells_left, 0);
    game_hover(g, true, nav_pos(1, 1));
    game_hover(g, true, nav_pos(4, 1));
    game_predict_now(g, false);
    assert_true(g->preview_gain == 0);
    write_file(p, "cell: 7\n#######\n#@..*.#\n#.....#\n#>....#\n#######\n"); /* unlimited: no energy to give */
    assert_true(game_open(g, p));
    game_hover(g, true, nav_pos(4, 1));
    game_predict_now(g, false);
    assert_true(g->preview.count > 0);
    assert_true(g->preview_gain == 0);
}

/* A guard in the lower room; the droid starts in the upper one, the exit at its end. */
static const char guarded[] = "energy: 100\n"
                              "##############\n"
                              "#@..........>#\n"
                              "#............#\n"
                              "#.############\n"
                              "#.############\n"
                              "#.############\n"
                              "#.############\n"
                              "#............#\n"
                              "#.........S..#\n"
                              "##############\n";

/* Walks towards the guard until it notices the droid. */
static void get_noticed(Game *g)
{
    game_click_tile(g, nav_pos(9, 7));
    for (int i = 0; i < 20 * SIM_TICK_HZ && !g->noticed; i++)
        game_update(g);
    assert_true(g->noticed);
    assert_true(g->sim.state.noticed > 0);
    assert_false(game_unseen(g));
}

/* The unseen star is the attempt's: a notice costs it, also after a rewind
 * back before the notice (the rules' count is back to 0 then) and in the
 * win that follows; a restart, or opening the level again, gives it back. */
static void test_notice_costs_the_unseen_star_until_a_restart(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char p[160];
    snprintf(p, sizeof p, "%s/02_guarded.txt", fx->dir);
    write_file(p, guarded);
    assert_true(game_open(g, p));
    assert_true(game_unseen(g));
    get_noticed(g);
    while (g->sim.state.noticed > 0) /* back before the notice */
        assert_true(game_rewind(g));
    assert_false(game_unseen(g));
    game_click_tile(g, nav_pos(12, 1)); /* the top row: no sentry notices it */
    run_for(g, 5.0);
    assert_int_equal(g->sim.state.status, SIM_WON);
    assert_int_equal(g->sim.state.noticed, 0);
    assert_false(game_unseen(g));
    assert_int_equal(front_stars(true, sim_units((int64_t)g->sim.state.energy_used), game_unseen(g), g->par_energy), 2);

    game_restart(g);
    assert_true(game_unseen(g));
    get_noticed(g);
    game_restart(g);
    assert_true(game_unseen(g));
    game_click_tile(g, nav_pos(12, 1));
    run_for(g, 5.0);
    assert_int_equal(g->sim.state.status, SIM_WON);
    assert_true(game_unseen(g));
    assert_int_equal(front_stars(true, sim_units((int64_t)g->sim.state.energy_used), game_unseen(g), g->par_energy), 3);

    game_restart(g);
    get_noticed(g);
    assert_true(game_open(g, p)); /* the level loaded again: a new attempt */
    assert_true(game_unseen(g));
}

/* ---- a loader that finishes its jobs after a number of polls ---------------------------- */

typedef struct FakeJob {
    Level level;
    Sim sim;
    NavDiags d;
    bool ok;
    int polls_left;
} FakeJob;

static int fake_polls = 3;   /* polls a job runs for */
static int fake_started, fake_dropped;

static void *fake_start(void *ctx, const char *path)
{
    (void)ctx;
    FakeJob *j = calloc(1, sizeof *j);
    assert_non_null(j);
    nav_diag_clear(&j->d);
    j->ok = level_load(path, &j->level, &j->d);
    if (j->ok)
        assert_true(sim_init(&j->sim, &j->level));
    j->polls_left = fake_polls;
    fake_started++;
    return j;
}

static GameLoadState fake_poll(void *job)
{
    FakeJob *j = job;
    if (j->polls_left > 0) {
        j->polls_left--;
        return GAME_LOAD_RUNNING;
    }
    return j->ok ? GAME_LOAD_DONE : GAME_LOAD_FAILED;
}

static double fake_progress(void *job)
{
    return 1.0 / (1 + ((FakeJob *)job)->polls_left);
}

static bool fake_take(void *job, Level *level, Sim *sim, Sim *start, NavDiags *d)
{
    FakeJob *j = job;
    if (!j->ok) {
        *d = j->d;
        return false;
    }
    *level = j->level;
    *sim = j->sim;
    assert_true(sim_copy(start, sim)); /* as loader.c's job does */
    j->ok = false; /* handed over */
    j->level = (Level){0};
    j->sim = (Sim){0};
    return true;
}

static void fake_drop(void *job)
{
    FakeJob *j = job;
    if (j->ok) {
        sim_deinit(&j->sim);
        level_free(&j->level);
    }
    free(j);
    fake_dropped++;
}

/* With a loader, a switch and a hot reload load in the background: the old
 * level stays (a switch stands the play still meanwhile), shows the file
 * loading, and is replaced once the job is done; a file that does not load
 * is skipped for the next; edits begun while a reload loads win over it;
 * a job still running when the game ends is dropped. */
static void test_loading_in_the_background(void **state)
{
    Fixture *fx = *state;
    Game *g = &fx->g;
    char p[160];
    snprintf(p, sizeof p, "%s/02_hall.txt", fx->dir);
    write_file(p, "name: Hall\n#####\n#@..#\n#####\n");
    snprintf(p, sizeof p, "%s/03_notes.txt", fx->dir);
    write_file(p, "not a level\n");
    levelset_free(&g->levels);
    levelset_scan(&g->levels, fx->dir);
    g->level_index = levelset_find(&g->levels, g->path);
    fake_polls = 3;
    fake_started = fake_dropped = 0;
    game_set_loader(g, (GameLoader){fake_start, fake_poll, fake_progress, fake_take, fake_drop, NULL});

    run_for(g, 0.2);
    uint64_t tick = g->sim.state.tick;
    game_request_switch(g, +1);
    const char *loading = NULL;
    double share = -1;
    assert_true(game_loading(g, &loading, &share));
    assert_non_null(strstr(loading, "02_hall.txt"));
    assert_true(share >= 0 && share <= 1);
    assert_string_equal(g->level.name, "Tutorial room");
    game_update(g);
    game_update(g);
    assert_string_equal(g->level.name, "Tutorial room"); /* still loading */
    assert_int_equal(g->sim.state.tick, tick);                  /* and the play stands still */
    game_update(g);
    game_update(g);
    assert_string_equal(g->level.name, "Hall");
    assert_false(game_loading(g, NULL, NULL));
    assert_false(game_paused(g));
    assert_int_equal(g->sim.state.droid.tile.x, 1);
    game_hover(g, true, nav_pos(3, 1));
    game_update(g);
    assert_int_equal(g->preview.count, 2); /* the new Sim plays: its level is the game's */
    game_click_tile(g, nav_pos(3, 1));
    run_for(g, 1.0);
    assert_int_equal(g->sim.state.droid.tile.x, 3);

    /* keys pressed while a level loads each move on once it is in */
    game_request_switch(g, -1);
    game_request_switch(g, +1);
    game_update(g);
    assert_string_equal(g->level.name, "Hall");
    run_for(g, 0.2);
    assert_string_equal(g->level.name, "Hall"); /* to the tutorial and back */
    assert_int_equal(fake_started, 3);
    assert_int_equal(g->sim.state.droid.tile.x, 1);   /* a fresh start of it */

    /* the notes do not load: skipped for the tutorial, and named */
    game_request_switch(g, +1);
    run_for(g, 0.2);
    assert_string_equal(g->level.name, "Tutorial room");
    assert_non_null(strstr(g->message, "03_notes.txt:1:1: unknown glyph 'n'"));
    assert_int_equal(fake_started, 5);
    assert_int_equal(fake_dropped, 5);

    /* a hot reload through the loader */
    write_file(fx->path, "name: Fixed\n#########\n#@.....>#\n#.......#\n#########\n");
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Fixed");
    assert_grid_matches_level(g);

    /* edits made while a reload loads are kept; the file is then "changed on disk" */
    fake_polls = 1000;
    write_file(fx->path, "name: Theirs\n#####\n#@..#\n#####\n");
    for (int i = 0; i < 120 && !game_loading(g, NULL, NULL); i++)
        game_update(g);
    assert_true(game_loading(g, NULL, NULL));
    game_edit_toggle(g);
    game_edit_press(g, nav_pos(3, 2), true);
    game_edit_release(g);
    ((FakeJob *)g->load.job)->polls_left = 0;
    run_for(g, 1.0);
    assert_string_equal(g->level.name, "Fixed");
    assert_true(edit_dirty(&g->edits));
    assert_true(g->disk_changed);

    /* a job running when the game ends is dropped (ASan: nothing leaks) */
    game_edit_toggle(g);
    game_request_switch(g, +1);
    assert_int_equal(g->ask, GAME_ASK_SWITCH);
    assert_false(game_answer(g, GAME_ANSWER_DISCARD));
    assert_true(game_loading(g, NULL, NULL));
    int dropped = fake_dropped;
    game_deinit(g);
    assert_int_equal(fake_dropped, dropped + 1);
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(game_init(g, fx->path, 1280, 720, &d)); /* for the teardown */
}

/* A damaged progress file is named, ignored, and kept as FILE.bad when a
 * new one is written; a good one is read back with its bests. */
static void test_progress_corrupt_is_reported_and_kept(void **state)
{
    (void)state;
    char dir[] = "/tmp/isodroid-progress-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], bad[300];
    snprintf(path, sizeof path, "%s/isodroid/progress", dir);
    snprintf(bad, sizeof bad, "%s.bad", path);
    char sub[256];
    snprintf(sub, sizeof sub, "%s/isodroid", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    const char *garbage = "# isodroid progress 1\nlevel\tx.txt\tnot-a-number\t3\t4\n";
    write_file(path, garbage);
    Progress p;
    progress_load(&p, path);
    assert_true(strstr(p.error, path) != NULL);
    assert_true(strstr(p.error, "damaged") != NULL);
    assert_int_equal(p.count, 0);
    char *still = test_read_file(path, NULL);
    assert_string_equal(still, garbage); /* loading never touches it */
    free(still);
    bool best = false;
    assert_true(progress_record(&p, 0x7e57, "levels/01_tutorial.txt", 12.5, 40, 44.25, false, &best));
    assert_true(best);
    char *kept = test_read_file(bad, NULL);
    assert_non_null(kept);
    assert_string_equal(kept, garbage);
    free(kept);
    progress_free(&p);
    /* the new file reads back; a worse run keeps the bests, a better one replaces them */
    progress_load(&p, path);
    assert_string_equal(p.error, "");
    const ProgressEntry *e = progress_get(&p, 0x7e57, "elsewhere/01_tutorial.txt");
    assert_non_null(e);
    assert_true(e->best_time == 12.5 && e->best_steps == 40);
    assert_true(progress_record(&p, 0x7e57, "levels/01_tutorial.txt", 20.0, 50, 50.0, false, &best));
    assert_false(best);
    assert_true(progress_record(&p, 0x7e57, "levels/01_tutorial.txt", 11.0, 50, 50.0, false, &best));
    assert_true(best);
    e = progress_get(&p, 0x7e57, "01_tutorial.txt");
    assert_true(e->best_time == 11.0 && e->best_steps == 40);
    progress_free(&p);
    unlink(path);
    unlink(bad);
    rmdir(sub);
    rmdir(dir);
}

/* Hovering walls and cut-off tiles on a big open level plans only towards
 * the nearest reachable tile: never a search of the whole reachable map. */
static void test_hover_blocked_stays_small(void **state)
{
    (void)state;
    char dir[] = "/tmp/isodroid-big-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/big.txt", dir);
    int n = 1024;
    size_t len = (size_t)(n + 1) * (size_t)n + 1;
    char *text = malloc(len), *p = text;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++)
            *p++ = (x == 10 && y == 10) ? '@' : (x >= 500 && x < 520 && y >= 500 && y < 520) ? '#' : '.';
        *p++ = '\n';
    }
    *p = '\0';
    write_file(path, text);
    free(text);
    Game g;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(game_init(&g, path, 800, 600, &d));
    game_hover(&g, true, nav_pos(510, 510)); /* the middle of the wall block */
    assert_true(g.preview.count > 0);
    NavPos end = g.preview.tiles[g.preview.count - 1];
    assert_int_equal(end.x, 520); /* the nearest floor: ten tiles east, out of the block */
    assert_int_equal(end.y, 510);
    long expanded = nav_query_result(g.search)->expanded;
    if (expanded >= 50000) /* round the block to the tile beyond it; the whole map is a million */
        fail_msg("expanded %ld", expanded);
    /* the same hover again is not planned again */
    game_hover(&g, true, nav_pos(511, 510));
    game_hover(&g, true, nav_pos(510, 510));
    assert_int_equal(g.preview.tiles[g.preview.count - 1].x, 520);
    game_deinit(&g);
    unlink(path);
    rmdir(dir);
}

static void open_level(Game *g, const char *path)
{
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(game_init(g, path, 1280, 720, &d));
}

static void ticks(Game *g, int n)
{
    for (int i = 0; i < n; i++)
        game_update(g);
}

/* A serpentine hall with two patrolling sentries (06_detour as it was
 * first designed), where whether a walk is seen depends on when it starts. */
static const char patrol_hall[] =
"name: The long way round\n"
"author: Isodroid\n"
"description: A serpentine detour to an exit that looks close.\n"
"energy: 42\n"
"cell: 30\n"
"patrol: 31,19 26,19\n"
"patrol: 12,12 6,12\n"
"###################################\n"
"#.....,,,,,,,,,,...,,,,,,,,,,.....#\n"
"#................#................#\n"
"#.......*........#................#\n"
"#................#................#\n"
"#...###########################...#\n"
"#................#................#\n"
"#................#..............*.#\n"
"#................#................#\n"
"##############...#...##############\n"
"#................#................#\n"
"#.*..............#................#\n"
"#...........S....#................#\n"
"#...###########################...#\n"
"#................#................#\n"
"#................#................#\n"
"#................#................#\n"
"##############...#...##############\n"
"#................#................#\n"
"#..............@.#.>...........S..#\n"
"#................#................#\n"
"###################################\n";

/* Writes patrol_hall to a fresh folder; returns the file's path (static). */
static const char *patrol_hall_file(void)
{
    static char path[128];
    if (!path[0]) {
        char dir[] = "/tmp/isodroid-hall-XXXXXX";
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof path, "%s/hall.txt", dir);
        write_file(path, patrol_hall);
    }
    return path;
}

/* Clicks tile t `delay` ticks after the level opens, with the prediction
 * made in the same frame (paused: the play paused first, the prediction
 * the one the game made and showed meanwhile, the play let go after the
 * click), then plays the walk out. Returns the prediction; *alert_tick is
 * the ticks from the click to the first alert (-1: none before the walk
 * ended), *alert_at the droid's tile then, *alert_id the sentry. */
static Prediction click_and_see(int delay, bool paused, NavPos t, int *alert_tick, NavPos *alert_at, int *alert_id)
{
    Game g;
    open_level(&g, patrol_hall_file());
    ticks(&g, delay);
    if (paused) {
        game_set_pause(&g, GAME_PAUSE_PLAYER, true);
        game_hover(&g, true, t);
        ticks(&g, 30); /* paused: the frames go on, the play stands, the prediction is made */
    } else {
        game_hover(&g, true, t);
        game_predict_now(&g, true);
    }
    Prediction p = g.predict;
    assert_true(p.outcome != PREDICT_RUNNING && p.outcome != PREDICT_NOWALK);
    assert_int_equal(g.sim.state.sentries.alerted, 0);
    uint64_t from = g.sim.state.tick;
    *alert_tick = -1;
    g.frame_event_count = 0;
    game_click_tile(&g, t);
    game_set_pause(&g, GAME_PAUSE_PLAYER, false);
    for (int i = 0; i < 4000 && *alert_tick < 0; i++) {
        for (int k = 0; k < g.frame_event_count && *alert_tick < 0; k++)
            if (g.frame_events[k].type == SIM_EV_ALERT) {
                *alert_tick = (int)(g.sim.state.tick - from);
                *alert_at = g.sim.state.droid.tile;
                *alert_id = (int)g.frame_events[k].a;
            }
        g.frame_event_count = 0;
        if (g.sim.state.status != SIM_PLAYING || (!g.sim.state.has_target && !g.sim.state.droid.moving))
            break;
        game_update(&g);
    }
    game_deinit(&g);
    return p;
}

/* The prediction is exact: for click times swept across a patrol, a click
 * in the same frame as the prediction meets exactly what it said (seen:
 * the same tile, sentry and tick; unseen: no alert before the walk ends);
 * so does a click given while paused, as the help says, every 5th time. */
static void test_prediction_is_exact(void **state)
{
    (void)state;
    int seen = 0, unseen = 0, paused_seen = 0, paused_unseen = 0;
    for (int delay = 0; delay <= 900; delay += 7) {
        int alert_tick, alert_id = -1;
        NavPos alert_at = nav_pos(-1, -1);
        bool paused = delay % 5 == 0;
        Prediction p = click_and_see(delay, paused, nav_pos(1, 13), &alert_tick, &alert_at, &alert_id);
        if (p.outcome == PREDICT_SEEN) {
            seen++;
            paused_seen += paused;
            if (alert_tick != p.ticks || !nav_pos_eq(alert_at, p.at) || alert_id != p.sentry)
                fail_msg("delay %d%s: predicted seen at %d,%d by %d after %d ticks; got %d,%d by %d after %d", delay,
                         paused ? " paused" : "", p.at.x, p.at.y, p.sentry, p.ticks, alert_at.x, alert_at.y, alert_id,
                         alert_tick);
        } else {
            assert_int_equal(p.outcome, PREDICT_UNSEEN);
            unseen++;
            paused_unseen += paused;
            if (alert_tick >= 0)
                fail_msg("delay %d%s: predicted unseen; noticed after %d ticks", delay, paused ? " paused" : "", alert_tick);
        }
    }
    /* the sweep crosses the patrol: both answers come up, many times */
    assert_true(seen >= 20);
    assert_true(unseen >= 20);
    assert_true(paused_seen >= 4 && paused_unseen >= 4); /* paused too */
}

/* Rewinding is exact: the state after a rewind equals the one the game had
 * at that tick, again and again, also far back (where copies were thinned). */
static void test_rewind_is_exact(void **state)
{
    (void)state;
    Game g;
    open_level(&g, patrol_hall_file());
    enum { LONG = 90 * SIM_TICK_HZ };
    uint64_t *hash = calloc(LONG + 1, sizeof *hash);
    assert_non_null(hash);
    static const NavPos goals[] = {{2, 16}, {2, 11}, {8, 3}, {30, 3}, {26, 19}, {14, 12}};
    for (int t = 0; t < LONG; t++) {
        if (t % 600 == 5)
            game_click_tile(&g, goals[(t / 600) % 6]);
        hash[g.sim.state.tick] = sim_hash(&g.sim);
        game_update(&g); /* a loss does not stop the ticks: rewinding goes back through it */
    }
    uint64_t end = g.sim.state.tick;
    assert_true(end > 60 * SIM_TICK_HZ); /* long enough for the copies to be thinned */
    int rewinds = 0, lost = 0;
    while (g.sim.state.tick > 0) {
        /* after a win or a loss, 3 s back from the moment it happened */
        uint64_t before = g.sim.state.status != SIM_PLAYING ? g.sim.state.end_tick : g.sim.state.tick;
        lost += g.sim.state.status == SIM_LOST;
        if (g.sim.state.status == SIM_LOST && g.sim.state.lose == SIM_LOSE_CAUGHT) { /* the rules say who caught it */
            assert_in_range(g.sim.state.caught_by, 0, g.sim.state.sentries.count - 1);
            const Sentry *e = &g.sim.state.sentries.list[g.sim.state.caught_by];
            assert_int_equal(e->state, SENTRY_CHASE);
            assert_true(abs(e->mover.tile.x - g.sim.state.droid.tile.x) <= 1 && abs(e->mover.tile.y - g.sim.state.droid.tile.y) <= 1);
        }
        assert_true(game_rewind(&g));
        rewinds++;
        uint64_t want = before > GAME_REWIND_TICKS ? before - GAME_REWIND_TICKS : 0;
        assert_int_equal(g.sim.state.tick, want);
        assert_true(sim_hash(&g.sim) == hash[g.sim.state.tick]);
    }
    assert_int_equal(g.rewinds, rewinds);
    assert_true(lost > 0); /* the run was caught: rewinding went back from the catch */
    assert_false(game_rewind(&g)); /* nothing before the start */
    /* play on from the start: the same commands give the same play */
    game_click_tile(&g, goals[0]);
    free(hash);
    game_deinit(&g);
}

/* Paused, nothing moves and the clock stands; hovering still previews. */
static void test_pause_stops_the_play(void **state)
{
    (void)state;
    Game g;
    open_level(&g, patrol_hall_file());
    game_click_tile(&g, nav_pos(2, 16));
    ticks(&g, 20);
    game_set_pause(&g, GAME_PAUSE_PLAYER, true);
    game_set_pause(&g, GAME_PAUSE_HELP, true);
    uint64_t h = sim_hash(&g.sim), clock = g.sim.state.play_ticks;
    ticks(&g, 120);
    assert_true(sim_hash(&g.sim) == h);
    assert_int_equal(g.sim.state.play_ticks, clock);
    game_hover(&g, true, nav_pos(8, 3));
    ticks(&g, 1);
    assert_true(g.preview.count > 0);
    assert_true(g.predict.outcome == PREDICT_SEEN || g.predict.outcome == PREDICT_UNSEEN);
    game_set_pause(&g, GAME_PAUSE_PLAYER, false);
    ticks(&g, 10);
    assert_true(sim_hash(&g.sim) == h); /* the help still holds it */
    game_set_pause(&g, GAME_PAUSE_HELP, false);
    ticks(&g, 10);
    assert_true(sim_hash(&g.sim) != h);
    assert_int_equal(g.sim.state.play_ticks, clock + 10);
    game_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_edit_save_reload_same_grid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_level_label, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_redo_keep_grid_in_step, setup, teardown),
        cmocka_unit_test_setup_teardown(test_preview_follows_edits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_while_walking_stops_the_walk, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hot_reload, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loading_in_the_background, setup, teardown),
        cmocka_unit_test_setup_teardown(test_welcome_says_the_description, setup, teardown),
        cmocka_unit_test_setup_teardown(test_preview_says_what_a_cell_gives, setup, teardown),
        cmocka_unit_test_setup_teardown(test_notice_costs_the_unseen_star_until_a_restart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hot_reload_waits_for_the_file_to_settle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unsaved_edits_are_never_dropped, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_to_clean_loads_the_outside_version, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_to_read_only_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_to_read_only_folder, setup, teardown),
        cmocka_unit_test_setup_teardown(test_level_switching, setup, teardown),
        cmocka_unit_test(test_progress_corrupt_is_reported_and_kept),
        cmocka_unit_test(test_hover_blocked_stays_small),
        cmocka_unit_test(test_prediction_is_exact),
        cmocka_unit_test(test_rewind_is_exact),
        cmocka_unit_test(test_pause_stops_the_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
