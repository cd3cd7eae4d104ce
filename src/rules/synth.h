/* SPDX-License-Identifier: MIT */
/* synth.h - the game's sound effects, synthesized in code: footsteps per
 * terrain, doors, pickups, the exit, win, lose, bump and the sentries' alert.
 * Pure C, no SDL and no files; playback lives in src/platform/sound.c.
 *
 * Format: mono, signed 16-bit native-endian PCM at any rate from
 * SYNTH_RATE_MIN to SYNTH_RATE_MAX (SYNTH_RATE by default). Every effect
 * peaks at or below SYNTH_PEAK (about -6 dBFS, so a few overlapping voices
 * fit before a mixer has to clamp), opens with a fade-in and closes with a
 * fade-out to silence (no clicks), and is exactly synth_length_ms(id) long.
 * Output is deterministic: noise comes from a fixed-seed generator, so the
 * same id and rate give the same samples on every run. */
#ifndef ISODROID_SYNTH_H
#define ISODROID_SYNTH_H

#include <stdbool.h>
#include <stdint.h>

typedef enum SoundId {
    SOUND_STEP_FLOOR,  /* footstep on floor: a short metallic tap */
    SOUND_STEP_ROUGH,  /* footstep on rough ground: a gravelly crunch */
    SOUND_STEP_DOOR,   /* footstep on a door tile: a heavier clank */
    SOUND_DOOR_OPEN,   /* a door slides open: rising mechanical slide */
    SOUND_DOOR_CLOSE,  /* a door slides shut: falling slide and a thud */
    SOUND_PICKUP,      /* an energy cell taken: bright rising chime */
    SOUND_EXIT_OPEN,   /* the exit opens: rising arpeggio over a whoosh */
    SOUND_WIN,         /* level done: a short happy jingle */
    SOUND_LOSE,        /* caught: a falling sad tone */
    SOUND_BUMP,        /* walked into something: a dull thud */
    SOUND_ALERT,       /* a sentry notices the droid: two-tone "!" beep */
    SOUND_COUNT
} SoundId;

enum {
    SYNTH_RATE = 44100,     /* the default sample rate, frames per second */
    SYNTH_RATE_MIN = 8000,
    SYNTH_RATE_MAX = 192000,
    SYNTH_PEAK = 16384,     /* no sample's magnitude exceeds this (half of full scale) */
    SYNTH_MAX_MS = 1000     /* no effect is longer */
};

/* What the effects and the music (music.c) are made with alike. */
/* Deterministic noise: the next value of a xorshift32 generator (*state,
 * never 0), uniform in [-1, 1). */
static inline double synth_noise(uint32_t *state)
{
    uint32_t s = *state;
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    *state = s;
    return (double)(s >> 8) / 8388608.0 - 1.0;
}
/* 0 at x <= 0, 1 at x >= len, an S-curve between (no corner to click). */
static inline double synth_ramp(double x, double len)
{
    if (len <= 0)
        return x < 0 ? 0.0 : 1.0;
    double u = x / len;
    return u <= 0 ? 0.0 : u >= 1 ? 1.0 : u * u * (3.0 - 2.0 * u);
}

/* Renders one effect at rate frames per second into a new malloc'd buffer
 * of *frames samples that the caller frees with free(). Returns false, with
 * *out = NULL and *frames = 0, for an unknown id, a rate outside
 * SYNTH_RATE_MIN..SYNTH_RATE_MAX, or when out of memory. */
bool synth_render(SoundId id, int rate, int16_t **out, int *frames);

/* The effect's length in milliseconds (0 for an unknown id); a rendering
 * holds rate * ms / 1000 frames, rounded down. */
int synth_length_ms(SoundId id);

/* A short lower-case name, "step_floor", "door_open", ...; "?" for an
 * unknown id. */
const char *synth_name(SoundId id);

/* Every effect rendered once at one rate. The caller owns the struct
 * (synth_bank_init / synth_bank_deinit); the bank owns the sample buffers. */
typedef struct SynthBank {
    int rate;
    int16_t *samples[SOUND_COUNT];
    int frames[SOUND_COUNT];
} SynthBank;

/* Renders every effect. On failure (bad rate, out of memory) the bank is
 * left empty (as after deinit) and false is returned. */
bool synth_bank_init(SynthBank *b, int rate);
/* Frees the samples; accepts a zeroed or already deinitialised bank. */
void synth_bank_deinit(SynthBank *b);

#endif
