/* SPDX-License-Identifier: MIT */
/* music.h - the game's music, composed and synthesized in code: one loop of
 * MUSIC_BARS bars in D minor, in three layers that play in lockstep and are
 * faded in and out by the play's tension (mood.h decides it, sound.c mixes):
 *
 *   MUSIC_CALM    a slow pad, a bass on the chords' roots and a few bell
 *                 notes: always on while the game plays;
 *   MUSIC_WARY    plucked eighth-note arpeggios and soft off-beat hats: a
 *                 sentry is searching, investigating a lure or going back;
 *   MUSIC_DANGER  drums, sixteenth hats and a low dissonant swell: a sentry
 *                 has noticed the droid or is chasing it.
 *
 * Pure C, no SDL and no files. Format as synth.h: mono, signed 16-bit
 * native-endian PCM at SYNTH_RATE_MIN..SYNTH_RATE_MAX. Every layer is
 * exactly music_loop_frames(rate) long and loops seamlessly: what sounds
 * past the loop's end (a held chord's release) is added onto its start, as
 * if the loop had been playing before. Each layer peaks at MUSIC_PEAK, so
 * the three together stay below SYNTH_PEAK x 2 with an effect on top.
 * Deterministic: the same rate gives the same samples on every run.
 *
 * Lifetime: the caller owns the MusicLoop (music_loop_init /
 * music_loop_deinit); the loop owns its sample buffers. */
#ifndef ISODROID_MUSIC_H
#define ISODROID_MUSIC_H

#include <stdbool.h>
#include <stdint.h>

typedef enum MusicLayer { MUSIC_CALM, MUSIC_WARY, MUSIC_DANGER, MUSIC_LAYER_COUNT } MusicLayer;

/* How tense the play is, from calm to danger: which layers sound. */
typedef enum MusicMood { MOOD_CALM, MOOD_WARY, MOOD_DANGER, MOOD_COUNT } MusicMood;

enum {
    MUSIC_BPM = 92,     /* beats a minute, four to a bar */
    MUSIC_BARS = 8,     /* the loop: four chords of two bars each, about 20.9 s */
    MUSIC_PEAK = 5000,  /* no layer's sample exceeds this magnitude */
};

typedef struct MusicLoop {
    int rate;
    int frames;                          /* each layer's length */
    int16_t *layer[MUSIC_LAYER_COUNT];   /* owned */
} MusicLoop;

/* The loop's length at rate frames per second (0 for a rate out of range). */
int music_loop_frames(int rate);
/* Renders the three layers (about 0.1 s of work at 44.1 kHz). False, with
 * the loop left empty, for a rate out of range or when out of memory. */
bool music_loop_init(MusicLoop *m, int rate);
/* Frees the layers; accepts a zeroed or already deinitialised loop. */
void music_loop_deinit(MusicLoop *m);

/* The gain of each layer for a mood, per 1000: a layer sounds in its mood
 * and every tenser one (MOOD_CALM: the calm layer alone). */
int music_layer_gain(MusicMood mood, MusicLayer layer);

/* "calm", "wary", "danger"; "?" for anything else. */
const char *music_mood_name(MusicMood mood);
const char *music_layer_name(MusicLayer layer);

#endif
