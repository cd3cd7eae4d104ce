/* SPDX-License-Identifier: MIT */
/* pad.h - gamepads through SDL's GameController API, turned into the keys
 * the game already knows: the D-pad and the left stick step like the arrow
 * keys (held: walk on), A confirms (Return), B goes back (Escape), Start
 * pauses (Escape in play: the pause panel; Return on the title's screens,
 * where Escape would leave). Controllers are opened as they are plugged in
 * and closed as they go (hot-plug). For tests, a virtual pad (SDL's virtual
 * joystick) can be plugged in, pressed and pulled out.
 *
 * Memory: pad_create returns a Pad the caller frees with pad_destroy, which
 * closes its controllers and the virtual pad. */
#ifndef ISODROID_PAD_H
#define ISODROID_PAD_H

#include <SDL.h>
#include <stdbool.h>

enum {
    PAD_MAX = 8,              /* controllers open at once */
    PAD_STICK_ON = 16000,     /* a stick past this steps (of 32767) ... */
    PAD_STICK_OFF = 10000,    /* ... until back under this */
    PAD_KEYS_MAX = 4,         /* key events one controller event can make */
};

typedef struct Pad Pad;

/* Starts SDL's game controller subsystem; NULL when it cannot (no pads then). */
Pad *pad_create(void);
void pad_destroy(Pad *p); /* accepts NULL */
/* The key events (SDL_KEYDOWN / SDL_KEYUP) a controller event stands for,
 * into out; returns how many (0 for other events). on_title: the title's
 * screens are open (Start confirms there). *note: "pad added NAME" or "pad
 * removed" when a controller came or went, else NULL. */
int pad_translate(Pad *p, const SDL_Event *e, bool on_title, SDL_Event out[PAD_KEYS_MAX], const char **note);
/* A virtual pad for tests: plugged in, a button pressed (down) or let go,
 * pulled out. False when SDL cannot make one. */
bool pad_virtual_plug(Pad *p);
bool pad_virtual_button(Pad *p, SDL_GameControllerButton b, bool down);
bool pad_virtual_unplug(Pad *p);
/* "a", "b", "start", "up", "down", "left", "right" -> the button; false for others. */
bool pad_button_from_name(const char *name, SDL_GameControllerButton *b);

#endif
