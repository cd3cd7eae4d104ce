/* SPDX-License-Identifier: MIT */
/* test_pad.c - gamepads as keys (pad.h): the left stick steps like the
 * arrow keys, with slack so a stick near the threshold does not flicker;
 * the buttons map to the keys the game knows; Start confirms on the
 * title's screens and pauses in play. */
#include "testlib.h"

#include "pad.h"

static SDL_Event axis(SDL_GameControllerAxis a, Sint16 v)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.caxis.type = SDL_CONTROLLERAXISMOTION;
    e.caxis.axis = (Uint8)a;
    e.caxis.value = v;
    return e;
}

static SDL_Event button(SDL_GameControllerButton b, bool down)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.cbutton.type = down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP;
    e.cbutton.button = (Uint8)b;
    return e;
}

static void expect_keys(Pad *p, SDL_Event e, bool on_title, int n, const Uint32 *types, const SDL_Keycode *keys)
{
    SDL_Event out[PAD_KEYS_MAX];
    const char *note;
    int got = pad_translate(p, &e, on_title, out, &note);
    assert_int_equal(got, n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(out[i].type, types[i]);
        assert_int_equal(out[i].key.keysym.sym, keys[i]);
    }
}

static void test_stick_steps_with_slack(void **state)
{
    (void)state;
    Pad *p = pad_create();
    if (!p)
        skip();
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTX, 20000), false, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_RIGHT});
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTX, 12000), false, 0, NULL, NULL); /* still held */
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTX, 5000), false, 1, (Uint32[]){SDL_KEYUP},
                (SDL_Keycode[]){SDLK_RIGHT});
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTX, 12000), false, 0, NULL, NULL); /* not yet */
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTX, -30000), false, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_LEFT});
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTX, 30000), false, 2, (Uint32[]){SDL_KEYUP, SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_LEFT, SDLK_RIGHT}); /* flicked across */
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_LEFTY, -20000), false, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_UP});
    expect_keys(p, axis(SDL_CONTROLLER_AXIS_RIGHTX, 30000), false, 0, NULL, NULL); /* the right stick: nothing */
    pad_destroy(p);
}

static void test_buttons(void **state)
{
    (void)state;
    Pad *p = pad_create();
    if (!p)
        skip();
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true), false, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_DOWN});
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, false), false, 1, (Uint32[]){SDL_KEYUP},
                (SDL_Keycode[]){SDLK_DOWN});
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_A, true), false, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_RETURN});
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_B, true), true, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_ESCAPE});
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_START, true), false, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_ESCAPE}); /* in play: the pause panel */
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_START, true), true, 1, (Uint32[]){SDL_KEYDOWN},
                (SDL_Keycode[]){SDLK_RETURN}); /* on the title: go */
    expect_keys(p, button(SDL_CONTROLLER_BUTTON_X, true), false, 0, NULL, NULL);
    SDL_GameControllerButton b;
    assert_true(pad_button_from_name("start", &b) && b == SDL_CONTROLLER_BUTTON_START);
    assert_false(pad_button_from_name("x", &b));
    pad_destroy(p);
}

int main(void)
{
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(0) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stick_steps_with_slack),
        cmocka_unit_test(test_buttons),
    };
    int rc = cmocka_run_group_tests_name("pad", tests, NULL, NULL);
    SDL_Quit();
    return rc;
}
