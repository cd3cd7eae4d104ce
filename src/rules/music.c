/* SPDX-License-Identifier: MIT */
/* music.c - the loop's score (the chords, the patterns of each layer) and the
 * few instruments that play it: wavetable voices (pad, bass, pluck, bell),
 * a pitch-swept kick and filtered noise hats. Notes are summed into one
 * float buffer per layer, their indices taken modulo the loop's length (so
 * a tail past the end sounds at the start), then scaled to MUSIC_PEAK.
 * Allocates the layers it returns, a float buffer and the wavetables for
 * the time of music_loop_init. */
#include "music.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "synth.h"

#define MUSIC_TAU 6.283185307179586
#define BEAT_S (60.0 / MUSIC_BPM)
#define BAR_S (4 * BEAT_S)

enum { TABLE_SIZE = 4096 };

/* One cycle of each timbre, TABLE_SIZE + 1 samples (the last repeats the
 * first, for interpolation). */
typedef enum Timbre { TIMBRE_SINE, TIMBRE_SOFT_SAW, TIMBRE_HOLLOW, TIMBRE_WARM, TIMBRE_COUNT } Timbre;

typedef struct Ctx {
    float *buf; /* n frames of one layer */
    int n;
    double rate;
    uint32_t rng; /* xorshift32, never 0 */
    const float *table[TIMBRE_COUNT];
} Ctx;

static double midi_hz(int note)
{
    return 440.0 * pow(2.0, (note - 69) / 12.0);
}

/* Sums the partials amp[k] / (k+1)-th harmonic into one cycle. */
static void fill_table(float *t, const double *amp, int partials)
{
    double peak = 0;
    for (int i = 0; i <= TABLE_SIZE; i++) {
        double v = 0;
        for (int k = 0; k < partials; k++)
            v += amp[k] * sin(MUSIC_TAU * (k + 1) * (double)(i % TABLE_SIZE) / TABLE_SIZE);
        t[i] = (float)v;
        peak = fabs(v) > peak ? fabs(v) : peak;
    }
    for (int i = 0; i <= TABLE_SIZE && peak > 0; i++)
        t[i] = (float)(t[i] / peak);
}

static double table_read(const float *t, double phase)
{
    double x = phase * TABLE_SIZE;
    int i = (int)x;
    double f = x - i;
    return t[i] + (t[i + 1] - t[i]) * f;
}

/* The loop's sample at frame i >= 0: past the end, from the start again
 * (a note lasts less than the loop, so one wrap is enough). */
static float *at_ptr(Ctx *c, int i)
{
    return &c->buf[i < c->n ? i : i - c->n];
}
#define at(c, i) (*at_ptr((c), (i)))

/* ---- instruments --------------------------------------------------------- */

typedef struct Note {
    double start, length; /* seconds from the loop's start; length includes the release */
    int midi;
    double detune;        /* cents */
    double amp;
    double attack, release, tau; /* ramps; tau: exponential decay (0: held) */
    Timbre timbre;
    double vibrato;       /* depth as a fraction of the frequency, at 5 Hz */
} Note;

static void add_note(Ctx *c, const Note *nt)
{
    int i0 = (int)(nt->start * c->rate), len = (int)(nt->length * c->rate);
    double f = midi_hz(nt->midi) * pow(2.0, nt->detune / 1200.0) / c->rate;
    const float *t = c->table[nt->timbre], *sine = c->table[TIMBRE_SINE];
    double decay = nt->tau > 0 ? exp(-1.0 / (nt->tau * c->rate)) : 1.0; /* per frame */
    double level = nt->amp, phase = 0, lfo = 0, lfo_step = 5.0 / c->rate;
    for (int j = 0; j < len; j++) {
        double s = j / c->rate;
        double env = level;
        if (s < nt->attack)
            env *= synth_ramp(s, nt->attack);
        if (nt->length - s < nt->release)
            env *= synth_ramp(nt->length - s, nt->release);
        at(c, i0 + j) += (float)(env * table_read(t, phase));
        double fj = f;
        if (nt->vibrato > 0) {
            fj *= 1.0 + nt->vibrato * table_read(sine, lfo);
            lfo += lfo_step;
            if (lfo >= 1.0)
                lfo -= 1.0;
        }
        phase += fj;
        if (phase >= 1.0)
            phase -= 1.0;
        level *= decay;
    }
}

/* A soft kick: a sine swept down from hz0 to hz1, decaying. */
static void add_kick(Ctx *c, double start, double amp, double hz0, double hz1)
{
    int i0 = (int)(start * c->rate), len = (int)(0.35 * c->rate);
    double phase = 0;
    for (int j = 0; j < len; j++) {
        double s = j / c->rate;
        double f = hz1 + (hz0 - hz1) * exp(-s / 0.03);
        double env = synth_ramp(s, 0.002) * exp(-s / 0.09) * synth_ramp(0.35 - s, 0.02);
        at(c, i0 + j) += (float)(amp * env * sin(MUSIC_TAU * phase));
        phase += f / c->rate;
        phase -= floor(phase);
    }
}

/* A hat: white noise through a first-order high-pass, decaying in tau. */
static void add_hat(Ctx *c, double start, double amp, double tau)
{
    int i0 = (int)(start * c->rate), len = (int)(6 * tau * c->rate);
    double prev = 0, hp = 0, a = 0.85, level = amp, decay = exp(-1.0 / (tau * c->rate));
    for (int j = 0; j < len; j++) {
        double s = j / c->rate;
        double x = synth_noise(&c->rng);
        hp = a * (hp + x - prev);
        prev = x;
        double env = level * synth_ramp(s, 0.0008) * synth_ramp(6 * tau - s, 0.003);
        at(c, i0 + j) += (float)(env * hp);
        level *= decay;
    }
}

/* ---- the score ------------------------------------------------------------ */

/* Four chords of two bars each: i - VI - III - VII in D minor. */
typedef struct Chord {
    int root;     /* the bass note */
    int voice[3]; /* the pad's voicing */
    int arp[4];   /* the pluck's pattern, up */
} Chord;

static const Chord chords[4] = {
    {38, {62, 65, 69}, {62, 69, 74, 77}}, /* Dm */
    {34, {58, 62, 65}, {58, 65, 70, 74}}, /* Bb */
    {41, {60, 65, 69}, {65, 72, 77, 81}}, /* F  */
    {36, {60, 64, 67}, {60, 67, 72, 76}}, /* C  */
};

static void score_calm(Ctx *c)
{
    for (int k = 0; k < 4; k++) {
        const Chord *ch = &chords[k];
        double t0 = k * 2 * BAR_S;
        for (int v = 0; v < 3; v++)
            for (int d = -1; d <= 1; d += 2) /* two voices a few cents apart: a slow chorus */
                add_note(c, &(Note){.start = t0, .length = 2 * BAR_S + 1.2, .midi = ch->voice[v], .detune = 6.0 * d,
                                    .amp = 0.16, .attack = 0.9, .release = 1.2, .timbre = TIMBRE_SOFT_SAW,
                                    .vibrato = 0.0015});
        for (int b = 0; b < 2; b++) { /* the bass on one and on the and of three */
            add_note(c, &(Note){.start = t0 + b * BAR_S, .length = 2.2, .midi = ch->root, .amp = 0.55,
                                .attack = 0.01, .release = 0.3, .tau = 0.9, .timbre = TIMBRE_WARM});
            add_note(c, &(Note){.start = t0 + b * BAR_S + 2.5 * BEAT_S, .length = 1.2, .midi = ch->root, .amp = 0.35,
                                .attack = 0.01, .release = 0.3, .tau = 0.5, .timbre = TIMBRE_WARM});
        }
    }
    /* a few bell notes high above, answering each other every two bars */
    static const struct { double beat; int midi; } bells[] = {
        {2, 81}, {3, 77}, {10, 77}, {11, 74}, {18, 76}, {19, 72}, {26, 74}, {27.5, 76},
    };
    for (size_t i = 0; i < sizeof bells / sizeof bells[0]; i++) {
        add_note(c, &(Note){.start = bells[i].beat * BEAT_S, .length = 2.5, .midi = bells[i].midi, .amp = 0.22,
                            .attack = 0.004, .release = 0.4, .tau = 0.7, .timbre = TIMBRE_SINE});
        add_note(c, &(Note){.start = bells[i].beat * BEAT_S, .length = 1.0, .midi = bells[i].midi + 19,
                            .amp = 0.05, .attack = 0.002, .release = 0.2, .tau = 0.25, .timbre = TIMBRE_SINE});
    }
}

static void score_wary(Ctx *c)
{
    for (int k = 0; k < 4; k++) {
        const Chord *ch = &chords[k];
        for (int e = 0; e < 16; e++) { /* eighths over two bars: up the chord and back */
            static const int order[8] = {0, 1, 2, 3, 2, 1, 2, 1};
            double t = k * 2 * BAR_S + e * BEAT_S / 2;
            double accent = e % 4 == 0 ? 1.0 : 0.7;
            add_note(c, &(Note){.start = t, .length = 0.5, .midi = ch->arp[order[e % 8]], .amp = 0.3 * accent,
                                .attack = 0.003, .release = 0.08, .tau = 0.12, .timbre = TIMBRE_HOLLOW});
        }
        for (int b = 0; b < 8; b++) /* hats on the off-beats */
            add_hat(c, k * 2 * BAR_S + (b + 0.5) * BEAT_S, 0.35, 0.025);
    }
}

static void score_danger(Ctx *c)
{
    for (int bar = 0; bar < MUSIC_BARS; bar++) {
        double t0 = bar * BAR_S;
        add_kick(c, t0, 0.9, 110, 48);
        add_kick(c, t0 + 2 * BEAT_S, 0.8, 110, 48);
        add_kick(c, t0 + 3.5 * BEAT_S, 0.6, 120, 52);
        for (int s = 0; s < 16; s++) /* sixteenth hats, the beats stressed */
            add_hat(c, t0 + s * BEAT_S / 4, s % 4 == 0 ? 0.3 : s % 2 == 0 ? 0.18 : 0.1, 0.015);
        if (bar % 2 == 1) { /* a low swell of a minor second under every second bar */
            int root = chords[bar / 2].root + 12;
            for (int v = 0; v < 2; v++)
                add_note(c, &(Note){.start = t0, .length = BAR_S + 0.3, .midi = root + v, .amp = 0.22,
                                    .attack = BAR_S * 0.8, .release = 0.3, .timbre = TIMBRE_SOFT_SAW,
                                    .vibrato = 0.004});
        }
    }
}

/* ---- rendering ----------------------------------------------------------- */

int music_loop_frames(int rate)
{
    if (rate < SYNTH_RATE_MIN || rate > SYNTH_RATE_MAX)
        return 0;
    return (int)((int64_t)rate * 60 * 4 * MUSIC_BARS / MUSIC_BPM);
}

static bool render_layer(Ctx *c, MusicLayer layer, int16_t **out)
{
    memset(c->buf, 0, (size_t)c->n * sizeof *c->buf);
    c->rng = 0x9E3779B9u + (uint32_t)layer;
    if (layer == MUSIC_CALM)
        score_calm(c);
    else if (layer == MUSIC_WARY)
        score_wary(c);
    else
        score_danger(c);
    double peak = 0;
    for (int i = 0; i < c->n; i++)
        peak = fabs(c->buf[i]) > peak ? fabs(c->buf[i]) : peak;
    double scale = peak > 0 ? MUSIC_PEAK / peak : 0.0;
    int16_t *pcm = malloc((size_t)c->n * sizeof *pcm);
    if (!pcm)
        return false;
    for (int i = 0; i < c->n; i++)
        pcm[i] = (int16_t)lrint(c->buf[i] * scale);
    *out = pcm;
    return true;
}

bool music_loop_init(MusicLoop *m, int rate)
{
    memset(m, 0, sizeof *m);
    int n = music_loop_frames(rate);
    if (n <= 0)
        return false;
    static const double sine[] = {1.0}, soft_saw[] = {1.0, 0.45, 0.25, 0.14, 0.08, 0.05},
                        hollow[] = {1.0, 0.0, 0.33, 0.0, 0.16, 0.0, 0.07}, warm[] = {1.0, 0.3, 0.08};
    static const struct { const double *amp; int n; } timbres[TIMBRE_COUNT] = {
        [TIMBRE_SINE] = {sine, 1}, [TIMBRE_SOFT_SAW] = {soft_saw, 6}, [TIMBRE_HOLLOW] = {hollow, 7},
        [TIMBRE_WARM] = {warm, 3}};
    float *tables = malloc((size_t)TIMBRE_COUNT * (TABLE_SIZE + 1) * sizeof *tables);
    Ctx c = {.buf = malloc((size_t)n * sizeof(float)), .n = n, .rate = rate};
    bool ok = tables && c.buf;
    for (int t = 0; ok && t < TIMBRE_COUNT; t++) {
        float *tab = tables + (size_t)t * (TABLE_SIZE + 1);
        fill_table(tab, timbres[t].amp, timbres[t].n);
        c.table[t] = tab;
    }
    for (int l = 0; ok && l < MUSIC_LAYER_COUNT; l++)
        ok = render_layer(&c, (MusicLayer)l, &m->layer[l]);
    free(c.buf);
    free(tables);
    if (!ok) {
        music_loop_deinit(m);
        return false;
    }
    m->rate = rate;
    m->frames = n;
    return true;
}

void music_loop_deinit(MusicLoop *m)
{
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
        free(m->layer[l]);
    memset(m, 0, sizeof *m);
}

int music_layer_gain(MusicMood mood, MusicLayer layer)
{
    if ((unsigned)mood >= MOOD_COUNT || (unsigned)layer >= MUSIC_LAYER_COUNT)
        return 0;
    return (int)layer <= (int)mood ? 1000 : 0;
}

/* ---- playing ------------------------------------------------------------- */

void music_player_start(MusicPlayer *p, const MusicLoop *loop, MusicMood mood)
{
    memset(p, 0, sizeof *p);
    p->loop = loop && loop->frames > 0 ? loop : NULL;
    if (!p->loop)
        return;
    int64_t one = MUSIC_GAIN_ONE;
    p->up = (int)(one * 1000 / ((int64_t)MUSIC_FADE_IN_MS * loop->rate)) + 1;
    p->down = (int)(one * 1000 / ((int64_t)MUSIC_FADE_OUT_MS * loop->rate)) + 1;
    music_player_set_mood(p, mood);
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
        p->gain[l] = p->target[l];
}

void music_player_set_mood(MusicPlayer *p, MusicMood mood)
{
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
        p->target[l] = (int)((int64_t)music_layer_gain(mood, (MusicLayer)l) * MUSIC_GAIN_ONE / 1000);
}

void music_player_mix(MusicPlayer *p, int32_t *mix, int frames, int volume)
{
    if (!p->loop)
        return;
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++) {
        const int16_t *x = p->loop->layer[l];
        int g = p->gain[l], target = p->target[l], pos = p->pos;
        if (g == 0 && target == 0)
            continue;
        for (int i = 0; i < frames; i++) {
            if (g != target)
                g = g < target ? (g + p->up < target ? g + p->up : target)
                               : (g - p->down > target ? g - p->down : target);
            mix[i] += (int32_t)((int64_t)x[pos] * g / MUSIC_GAIN_ONE * volume / 10000);
            if (++pos == p->loop->frames)
                pos = 0;
        }
        p->gain[l] = g;
    }
    p->pos = (int)(((int64_t)p->pos + frames) % p->loop->frames);
}

const char *music_mood_name(MusicMood mood)
{
    static const char *const names[MOOD_COUNT] = {"calm", "wary", "danger"};
    return (unsigned)mood < MOOD_COUNT ? names[mood] : "?";
}

const char *music_layer_name(MusicLayer layer)
{
    static const char *const names[MUSIC_LAYER_COUNT] = {"calm", "wary", "danger"};
    return (unsigned)layer < MUSIC_LAYER_COUNT ? names[layer] : "?";
}
