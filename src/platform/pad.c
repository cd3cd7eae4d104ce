/* SPDX-License-Identifier: MIT */
/* pad.c - gamepads as keys (pad.h). */
#include "pad.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Pad {
    SDL_GameController *open[PAD_MAX];
    SDL_JoystickID id[PAD_MAX];
    int count;
    int stick_x, stick_y;  /* the left stick's step now: -1, 0 or +1 on each axis */
    int virtual_index;     /* the virtual pad's device index, -1: none */
    char note[160];
};

Pad *pad_create(void)
{
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0)
        return NULL;
    Pad *p = calloc(1, sizeof *p);
    if (!p) {
        SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
        return NULL;
    }
    p->virtual_index = -1;
    return p; /* the controllers plugged in already come as SDL_CONTROLLERDEVICEADDED events */
}

void pad_destroy(Pad *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->count; i++)
        SDL_GameControllerClose(p->open[i]);
    if (p->virtual_index >= 0)
        SDL_JoystickDetachVirtual(p->virtual_index);
    free(p);
    SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

static SDL_Event key_event(Uint32 type, SDL_Keycode k)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.key.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = k;
    return e;
}

/* The stick's new step on one axis, with some slack so it does not flicker. */
static int stick_step(int was, Sint16 v)
{
    if (v >= PAD_STICK_ON || (was > 0 && v >= PAD_STICK_OFF))
        return 1;
    if (v <= -PAD_STICK_ON || (was < 0 && v <= -PAD_STICK_OFF))
        return -1;
    return 0;
}

/* The arrow keys let go of and pressed when an axis goes from was to now. */
static int stick_keys(int was, int now, SDL_Keycode minus, SDL_Keycode plus, SDL_Event *out)
{
    int n = 0;
    if (was == now)
        return 0;
    if (was)
        out[n++] = key_event(SDL_KEYUP, was < 0 ? minus : plus);
    if (now)
        out[n++] = key_event(SDL_KEYDOWN, now < 0 ? minus : plus);
    return n;
}

int pad_translate(Pad *p, const SDL_Event *e, bool on_title, SDL_Event out[PAD_KEYS_MAX], const char **note)
{
    *note = NULL;
    if (!p)
        return 0;
    switch (e->type) {
    case SDL_CONTROLLERDEVICEADDED: {
        if (p->count == PAD_MAX)
            return 0;
        SDL_GameController *c = SDL_GameControllerOpen(e->cdevice.which);
        if (!c)
            return 0;
        SDL_JoystickID id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c));
        for (int i = 0; i < p->count; i++)
            if (p->id[i] == id) { /* announced twice (at start-up): open once */
                SDL_GameControllerClose(c);
                return 0;
            }
        p->open[p->count] = c;
        p->id[p->count++] = id;
        const char *name = SDL_GameControllerName(c);
        snprintf(p->note, sizeof p->note, "pad added %s", name ? name : "(no name)");
        *note = p->note;
        return 0;
    }
    case SDL_CONTROLLERDEVICEREMOVED:
        for (int i = 0; i < p->count; i++)
            if (p->id[i] == e->cdevice.which) {
                SDL_GameControllerClose(p->open[i]);
                p->open[i] = p->open[--p->count];
                p->id[i] = p->id[p->count];
                snprintf(p->note, sizeof p->note, "pad removed");
                *note = p->note;
            }
        return 0;
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP: {
        Uint32 type = e->type == SDL_CONTROLLERBUTTONDOWN ? SDL_KEYDOWN : SDL_KEYUP;
        SDL_Keycode k;
        switch (e->cbutton.button) {
        case SDL_CONTROLLER_BUTTON_DPAD_UP: k = SDLK_UP; break;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: k = SDLK_DOWN; break;
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: k = SDLK_LEFT; break;
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: k = SDLK_RIGHT; break;
        case SDL_CONTROLLER_BUTTON_A: k = SDLK_RETURN; break;
        case SDL_CONTROLLER_BUTTON_B: k = SDLK_ESCAPE; break;
        case SDL_CONTROLLER_BUTTON_START: k = on_title ? SDLK_RETURN : SDLK_ESCAPE; break;
        default: return 0;
        }
        out[0] = key_event(type, k);
        return 1;
    }
    case SDL_CONTROLLERAXISMOTION: {
        int n = 0;
        if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX) {
            int now = stick_step(p->stick_x, e->caxis.value);
            n = stick_keys(p->stick_x, now, SDLK_LEFT, SDLK_RIGHT, out);
            p->stick_x = now;
        } else if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) {
            int now = stick_step(p->stick_y, e->caxis.value);
            n = stick_keys(p->stick_y, now, SDLK_UP, SDLK_DOWN, out);
            p->stick_y = now;
        }
        return n;
    }
    default:
        return 0;
    }
}

/* The open controller of the virtual pad, or NULL. */
static SDL_GameController *virtual_controller(const Pad *p)
{
    if (p->virtual_index < 0)
        return NULL;
    SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(p->virtual_index);
    for (int i = 0; i < p->count; i++)
        if (p->id[i] == id)
            return p->open[i];
    return NULL;
}

bool pad_virtual_plug(Pad *p)
{
    if (!p || p->virtual_index >= 0)
        return p != NULL;
    p->virtual_index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                                 SDL_CONTROLLER_BUTTON_MAX, 0);
    return p->virtual_index >= 0;
}

bool pad_virtual_button(Pad *p, SDL_GameControllerButton b, bool down)
{
    SDL_GameController *c = p ? virtual_controller(p) : NULL;
    if (!c)
        return false;
    return SDL_JoystickSetVirtualButton(SDL_GameControllerGetJoystick(c), b, down ? 1 : 0) == 0;
}

bool pad_virtual_unplug(Pad *p)
{
    if (!p || p->virtual_index < 0)
        return false;
    bool ok = SDL_JoystickDetachVirtual(p->virtual_index) == 0;
    p->virtual_index = -1;
    return ok;
}

bool pad_button_from_name(const char *name, SDL_GameControllerButton *b)
{
    static const struct {
        const char *name;
        SDL_GameControllerButton b;
    } names[] = {{"a", SDL_CONTROLLER_BUTTON_A},
                 {"b", SDL_CONTROLLER_BUTTON_B},
                 {"start", SDL_CONTROLLER_BUTTON_START},
                 {"up", SDL_CONTROLLER_BUTTON_DPAD_UP},
                 {"down", SDL_CONTROLLER_BUTTON_DPAD_DOWN},
                 {"left", SDL_CONTROLLER_BUTTON_DPAD_LEFT},
                 {"right", SDL_CONTROLLER_BUTTON_DPAD_RIGHT}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i].name)) {
            *b = names[i].b;
            return true;
        }
    return false;
}
