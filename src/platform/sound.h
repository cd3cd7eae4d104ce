/* SPDX-License-Identifier: MIT */
/* sound.h - the game's sound effects and music through SDL2's own audio: the
 * effects of synth.h rendered once at the device's rate and mixed, up to
 * SOUND_VOICES at a time, with the music's layers (music.h) faded to the
 * play's mood (mood.h), in SDL's audio callback. Never fails hard: without an audio device
 * a Sound plays silently and sound_status() says why.
 *
 * Lifetime: sound_create allocates, sound_destroy frees (accepts NULL). The
 * Sound starts SDL's audio subsystem itself (SDL_InitSubSystem, so SDL_Init
 * need not name SDL_INIT_AUDIO) and stops its share of it in sound_destroy,
 * which must come before SDL_Quit. Call the functions from one thread (the
 * main loop); the mixing runs on SDL's audio thread.
 *
 * Headless runs (--headless, tests, CI) pass headless = true: the Sound then
 * uses SDL's "dummy" audio driver, which needs no sound card and discards
 * what it is fed, but runs the callback in real time just like a device. It
 * does so by setting SDL_HINT_AUDIODRIVER to "dummy" (override priority, so
 * it outranks the SDL_AUDIODRIVER environment variable) before the audio
 * subsystem starts; the hint stays set for the process. If the caller already
 * started SDL audio on another driver, a headless Sound plays silently
 * instead. Without headless, SDL picks the driver (SDL_AUDIODRIVER in the
 * environment chooses one). */
#ifndef ISODROID_SOUND_H
#define ISODROID_SOUND_H

#include <stdbool.h>

#include "music.h"
#include "synth.h"

enum { SOUND_VOICES = 8 }; /* effects heard at once; a new one replaces the one nearest its end */

typedef struct Sound Sound;

/* Opens the audio device and renders every effect. muted: start muted.
 * Returns NULL only when out of memory; every function below takes NULL as
 * a Sound that does nothing. */
Sound *sound_create(bool muted, bool headless);
void sound_destroy(Sound *s);

/* Starts an effect (unknown ids are ignored). Counted even when muted or
 * silent, so a headless run can check what was triggered. */
void sound_play(Sound *s, SoundId id);
/* Starts the scene's cues of a frame (scene.h), in order. */
void sound_play_cues(Sound *s, const SoundId *cues, int n);

/* Muting stops whatever is playing and keeps new effects quiet. */
void sound_set_muted(Sound *s, bool muted);
bool sound_muted(const Sound *s);
/* The volumes, 0 to 100 each (settings.h): every effect is played at
 * master x effects / 10000 of its level, the music at master x music /
 * 10000. Muting silences both. */
void sound_set_volume(Sound *s, int master, int effects, int music);
/* The play's mood: the music's layers fade towards it (music.h's player).
 * True when it is another than the last one asked for (MOOD_CALM at the
 * start). */
bool sound_set_mood(Sound *s, MusicMood mood);
/* Whether the music's loop is rendered and playing (never in a headless
 * run: the music is not rendered there). */
bool sound_music_playing(const Sound *s);

/* "" when the mixer runs (on the dummy driver too), else one line saying why they are not, such as
 * "No sound device: playing silently". Valid until sound_destroy. */
const char *sound_status(const Sound *s);
/* Whether SDL found no sound device (the machine has no sound card, or none
 * SDL can open): the game plays silently. ALSA's own error lines are kept
 * off stderr meanwhile (sound.c says how). */
bool sound_no_device(const Sound *s);

#endif
