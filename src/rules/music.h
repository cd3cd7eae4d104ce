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

/* Plays a loop round and round, its layers faded towards the gains of the
 * mood asked for: a layer comes in over MUSIC_FADE_IN_MS (danger is
 * heard at once) and goes out over MUSIC_FADE_OUT_MS (calm returns
 * slowly). No sample jumps: gains move a little every frame. The caller
 * owns it (plain data, zero it, then music_player_start); it borrows the
 * loop, which must outlive its use. Not thread-safe: the platform calls
 * it under its audio lock. */
enum { MUSIC_FADE_IN_MS = 250, MUSIC_FADE_OUT_MS = 2500 };
typedef struct MusicPlayer {
    const MusicLoop *loop; /* NULL: silent */
    int pos;               /* the next frame of the loop */
    int gain[MUSIC_LAYER_COUNT];   /* now, per MUSIC_GAIN_ONE */
    int target[MUSIC_LAYER_COUNT]; /* the mood's, per MUSIC_GAIN_ONE */
    int up, down;          /* gain steps a frame */
} MusicPlayer;
#define MUSIC_GAIN_ONE (1 << 16)

/* Starts playing loop from its start in mood (its layers at their gains at
 * once). */
void music_player_start(MusicPlayer *p, const MusicLoop *loop, MusicMood mood);
/* Asks for another mood; the layers fade towards it. */
void music_player_set_mood(MusicPlayer *p, MusicMood mood);
/* Adds the next `frames` frames of the music, at volume per 10000, onto
 * mix. Nothing when no loop was started. */
void music_player_mix(MusicPlayer *p, int32_t *mix, int frames, int volume);

/* "calm", "wary", "danger"; "?" for anything else. */
const char *music_mood_name(MusicMood mood);
const char *music_layer_name(MusicLayer layer);

#endif
