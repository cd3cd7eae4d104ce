/* SPDX-License-Identifier: MIT */
/* synth.c - builds each sound effect from a few parts (struck or held tones
 * with partials, filtered noise, noise grains) in a float buffer, then fades
 * its edges and scales it to its peak in 16-bit PCM. Pure C; allocates only
 * the buffers it returns and one float scratch buffer per rendering. */
#include "synth.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SYNTH_TAU 6.283185307179586 /* 2 pi; M_PI is not strict C11 */
#define SYNTH_FADE_IN_S 0.002       /* every effect opens with at least this fade-in */
#define SYNTH_FADE_OUT_S 0.010      /* ... and closes with at least this fade-out */
#define SYNTH_DC_HZ 20.0            /* the DC blocker's corner */
#define SYNTH_PARTIALS_MAX 8

/* ---- the scratch buffer and its noise generator ------------------------ */

typedef struct Ctx {
    float *buf;   /* n samples, summed into by the parts below */
    int n;
    double rate;
    uint32_t rng; /* xorshift32 state, never 0 */
} Ctx;

/* Uniform in [lo, hi). */
static double noise_range(Ctx *c, double lo, double hi)
{
    return lo + (hi - lo) * (synth_noise(&c->rng) + 1.0) * 0.5;
}

/* The span [start, start + length) seconds in samples, clipped to the buffer. */
static int span(const Ctx *c, double start, double length, int *first)
{
    int i0 = (int)(start * c->rate);
    int len = (int)(length * c->rate);
    if (i0 < 0 || i0 >= c->n || len <= 0)
        return 0;
    *first = i0;
    return len < c->n - i0 ? len : c->n - i0;
}

/* ---- tones --------------------------------------------------------------- */

/* One partial: a sine at ratio x the tone's frequency, decaying with time
 * constant tau seconds (0: held). */
typedef struct Partial {
    double ratio, amp, tau;
} Partial;

typedef struct Tone {
    double start, length;       /* seconds */
    double freq, freq_end;      /* Hz; an exponential glide to freq_end (0: none) */
    double amp;
    double attack, release;     /* S-curve ramps inside the length */
    double vibrato_hz, vibrato; /* vibrato rate and depth (fraction of freq) */
    const Partial *partials;    /* NULL: one held sine */
    int partial_count;
} Tone;

static void add_tone(Ctx *c, const Tone *t)
{
    static const Partial sine = {1.0, 1.0, 0.0};
    const Partial *p = t->partials ? t->partials : &sine;
    int np = t->partials ? t->partial_count : 1;
    if (np > SYNTH_PARTIALS_MAX)
        np = SYNTH_PARTIALS_MAX;
    int i0 = 0, len = span(c, t->start, t->length, &i0);
    double glide = t->freq_end > 0 ? log(t->freq_end / t->freq) : 0.0;
    double phase[SYNTH_PARTIALS_MAX] = {0}; /* in cycles, each kept in [0, 1) */
    double nyquist = 0.45 * c->rate;        /* partials above this are left out */
    for (int j = 0; j < len; j++) {
        double s = j / c->rate;
        double f = t->freq * exp(glide * j / len);
        if (t->vibrato > 0)
            f *= 1.0 + t->vibrato * sin(SYNTH_TAU * t->vibrato_hz * s);
        double env = synth_ramp(s, t->attack) * synth_ramp(t->length - s, t->release);
        double v = 0;
        for (int k = 0; k < np; k++) {
            double fk = f * p[k].ratio;
            if (fk < nyquist)
                v += p[k].amp * (p[k].tau > 0 ? exp(-s / p[k].tau) : 1.0) * sin(SYNTH_TAU * phase[k]);
            phase[k] += fk / c->rate;
            phase[k] -= floor(phase[k]);
        }
        c->buf[i0 + j] += (float)(t->amp * env * v);
    }
}

/* ---- noise --------------------------------------------------------------- */

typedef enum NoiseShape { NOISE_BAND, NOISE_LOW } NoiseShape;

typedef struct Hiss {
    double start, length; /* seconds */
    double amp;
    double attack, release, tau; /* ramps, and an overall decay (0: none) */
    NoiseShape shape;
    double freq, freq_end;       /* band centre or low-pass corner, Hz; glides to freq_end (0: none) */
    double q;                    /* resonance: 0.7 is broad */
    int grains;                  /* > 0: that many random crackles instead of a steady hiss */
    double grain_tau;            /* a crackle's decay, seconds */
} Hiss;

enum { GRAINS_MAX = 32 };

static void add_hiss(Ctx *c, const Hiss *h)
{
    int i0 = 0, len = span(c, h->start, h->length, &i0);
    double gt[GRAINS_MAX], ga[GRAINS_MAX];
    int ng = h->grains < GRAINS_MAX ? h->grains : GRAINS_MAX;
    for (int g = 0; g < ng; g++) { /* crackles fall in the first 3/4 of the span */
        gt[g] = noise_range(c, 0.0, 0.75 * h->length);
        ga[g] = noise_range(c, 0.35, 1.0);
    }
    double glide = h->freq_end > 0 ? log(h->freq_end / h->freq) : 0.0;
    double k = 1.0 / (h->q > 0 ? h->q : 0.7);
    double ic1 = 0, ic2 = 0; /* state-variable filter (trapezoidal), stable under a moving corner */
    for (int j = 0; j < len; j++) {
        double s = j / c->rate;
        double fc = h->freq * exp(glide * j / len);
        if (fc > 0.45 * c->rate)
            fc = 0.45 * c->rate;
        double g = tan(SYNTH_TAU * 0.5 * fc / c->rate);
        double a1 = 1.0 / (1.0 + g * (g + k)), a2 = g * a1, a3 = g * a2;
        double x = synth_noise(&c->rng);
        double v3 = x - ic2;
        double v1 = a1 * ic1 + a2 * v3;
        double v2 = ic2 + a2 * ic1 + a3 * v3;
        ic1 = 2.0 * v1 - ic1;
        ic2 = 2.0 * v2 - ic2;
        double y = h->shape == NOISE_BAND ? k * v1 : v2;
        double env = synth_ramp(s, h->attack) * synth_ramp(h->length - s, h->release);
        if (h->tau > 0)
            env *= exp(-s / h->tau);
        if (ng > 0) {
            double gsum = 0;
            for (int q = 0; q < ng; q++) {
                double d = s - gt[q];
                if (d >= 0)
                    gsum += ga[q] * synth_ramp(d, 0.0006) * exp(-d / h->grain_tau);
            }
            env *= gsum;
        }
        c->buf[i0 + j] += (float)(h->amp * env * y);
    }
}

/* ---- the effects --------------------------------------------------------- */

/* A short metallic tap: inharmonic partials around 1.2 kHz, a soft low
 * body and a tick of high noise. */
static void fx_step_floor(Ctx *c)
{
    static const Partial metal[] = {
        {1.00, 1.00, 0.022}, {1.51, 0.55, 0.015}, {2.26, 0.32, 0.010}, {3.03, 0.16, 0.007}};
    add_tone(c, &(Tone){.start = 0.001, .length = 0.089, .freq = 1180, .amp = 0.7, .attack = 0.0015,
                        .partials = metal, .partial_count = 4});
    add_tone(c, &(Tone){.start = 0.001, .length = 0.06, .freq = 230, .freq_end = 170, .amp = 0.35,
                        .attack = 0.002, .partials = (const Partial[]){{1, 1, 0.012}}, .partial_count = 1});
    add_hiss(c, &(Hiss){.start = 0.001, .length = 0.03, .amp = 0.35, .attack = 0.0005, .tau = 0.004,
                        .shape = NOISE_BAND, .freq = 3600, .q = 0.8});
}

/* A gravelly crunch: a dozen band-passed noise crackles over a soft low rumble. */
static void fx_step_rough(Ctx *c)
{
    add_hiss(c, &(Hiss){.start = 0.001, .length = 0.145, .amp = 1.0, .attack = 0.001, .release = 0.03,
                        .tau = 0.06, .shape = NOISE_BAND, .freq = 1200, .q = 0.9, .grains = 12,
                        .grain_tau = 0.006});
    add_hiss(c, &(Hiss){.start = 0.001, .length = 0.08, .amp = 0.5, .attack = 0.002, .release = 0.02,
                        .tau = 0.025, .shape = NOISE_LOW, .freq = 350, .q = 0.7});
}

/* A heavier clank: lower inharmonic partials, a thump that drops in pitch
 * and a dull knock of noise. */
static void fx_step_door(Ctx *c)
{
    static const Partial clank[] = {{1.00, 1.00, 0.060}, {1.47, 0.70, 0.045}, {2.09, 0.50, 0.030},
                                    {2.76, 0.30, 0.020}, {3.90, 0.15, 0.012}};
    add_tone(c, &(Tone){.start = 0.002, .length = 0.168, .freq = 310, .amp = 0.7, .attack = 0.002,
                        .partials = clank, .partial_count = 5});
    add_tone(c, &(Tone){.start = 0.001, .length = 0.12, .freq = 95, .freq_end = 60, .amp = 0.6,
                        .attack = 0.003, .partials = (const Partial[]){{1, 1, 0.03}}, .partial_count = 1});
    add_hiss(c, &(Hiss){.start = 0.001, .length = 0.04, .amp = 0.4, .attack = 0.0008, .tau = 0.006,
                        .shape = NOISE_LOW, .freq = 900, .q = 0.7});
}

/* Mellow sawtooth-like partials for door motors. */
static const Partial motor[] = {{1, 1.00, 0}, {2, 0.50, 0}, {3, 0.33, 0}, {4, 0.22, 0}, {5, 0.12, 0}};

/* A door slides open: a motor whine and slide noise rising together, then
 * the latch clicks home. */
static void fx_door_open(Ctx *c)
{
    add_tone(c, &(Tone){.start = 0.005, .length = 0.36, .freq = 150, .freq_end = 330, .amp = 0.30,
                        .attack = 0.04, .release = 0.07, .vibrato_hz = 19, .vibrato = 0.012,
                        .partials = motor, .partial_count = 5});
    add_hiss(c, &(Hiss){.start = 0.005, .length = 0.35, .amp = 0.55, .attack = 0.05, .release = 0.08,
                        .shape = NOISE_BAND, .freq = 500, .freq_end = 1600, .q = 1.2});
    static const Partial latch[] = {{1.00, 1.00, 0.014}, {1.53, 0.50, 0.009}, {2.31, 0.25, 0.006}};
    add_tone(c, &(Tone){.start = 0.355, .length = 0.06, .freq = 900, .amp = 0.7, .attack = 0.001,
                        .partials = latch, .partial_count = 3});
}

/* A door slides shut: the slide falls, then the door lands with a thud and
 * a small clank. */
static void fx_door_close(Ctx *c)
{
    add_tone(c, &(Tone){.start = 0.005, .length = 0.30, .freq = 330, .freq_end = 150, .amp = 0.30,
                        .attack = 0.03, .release = 0.05, .vibrato_hz = 19, .vibrato = 0.012,
                        .partials = motor, .partial_count = 5});
    add_hiss(c, &(Hiss){.start = 0.005, .length = 0.30, .amp = 0.55, .attack = 0.04, .release = 0.06,
                        .shape = NOISE_BAND, .freq = 1600, .freq_end = 500, .q = 1.2});
    add_tone(c, &(Tone){.start = 0.295, .length = 0.125, .freq = 110, .freq_end = 55, .amp = 0.9,
                        .attack = 0.002, .partials = (const Partial[]){{1, 1, 0.035}}, .partial_count = 1});
    add_hiss(c, &(Hiss){.start = 0.295, .length = 0.10, .amp = 0.5, .attack = 0.001, .tau = 0.02,
                        .shape = NOISE_LOW, .freq = 400, .q = 0.7});
    static const Partial clank[] = {{1.00, 1.00, 0.020}, {1.47, 0.6, 0.014}, {2.09, 0.3, 0.009}};
    add_tone(c, &(Tone){.start = 0.297, .length = 0.12, .freq = 520, .amp = 0.3, .attack = 0.001,
                        .partials = clank, .partial_count = 3});
}

/* Bell-like partials for chimes. */
static const Partial bell[] = {{1, 1.00, 0.16}, {2, 0.30, 0.08}, {3, 0.10, 0.05}, {4.2, 0.05, 0.03}};

/* A bright rising chime: A5, E6, A6 in quick succession. */
static void fx_pickup(Ctx *c)
{
    static const double notes[3] = {880.0, 1318.5, 1760.0};
    for (int i = 0; i < 3; i++)
        add_tone(c, &(Tone){.start = 0.001 + 0.055 * i, .length = 0.319 - 0.055 * i, .freq = notes[i],
                            .amp = i == 2 ? 0.8 : 0.6, .attack = 0.003, .partials = bell, .partial_count = 4});
}

/* The exit opens: a C major arpeggio climbing over a rising whoosh. */
static void fx_exit_open(Ctx *c)
{
    static const double notes[5] = {523.25, 659.25, 783.99, 1046.5, 1318.5};
    static const Partial soft[] = {{1, 1.00, 0.30}, {2, 0.25, 0.15}, {3, 0.08, 0.08}};
    for (int i = 0; i < 5; i++)
        add_tone(c, &(Tone){.start = 0.002 + 0.08 * i, .length = 0.79 - 0.08 * i, .freq = notes[i], .amp = 0.45,
                            .attack = 0.005, .partials = soft, .partial_count = 3});
    add_hiss(c, &(Hiss){.start = 0.002, .length = 0.77, .amp = 0.4, .attack = 0.30, .release = 0.40,
                        .shape = NOISE_BAND, .freq = 300, .freq_end = 2500, .q = 0.9});
}

/* Soft square-ish partials for the jingles. */
static const Partial reed[] = {{1, 1.00, 0.5}, {2, 0.20, 0.3}, {3, 0.25, 0.3}, {5, 0.08, 0.2}};

/* A short happy jingle: G4 C5 E5 G5 up, then a held C major chord with vibrato. */
static void fx_win(Ctx *c)
{
    static const double run[4] = {392.0, 523.25, 659.25, 783.99};
    for (int i = 0; i < 4; i++)
        add_tone(c, &(Tone){.start = 0.002 + 0.115 * i, .length = 0.12, .freq = run[i], .amp = 0.5,
                            .attack = 0.008, .release = 0.035, .partials = reed, .partial_count = 4});
    static const double chord[3] = {1046.5, 783.99, 659.25};
    for (int i = 0; i < 3; i++)
        add_tone(c, &(Tone){.start = 0.48, .length = 0.51, .freq = chord[i], .amp = i == 0 ? 0.5 : 0.25,
                            .attack = 0.012, .release = 0.22, .vibrato_hz = 5.5, .vibrato = 0.005,
                            .partials = reed, .partial_count = 4});
}

/* A falling sad tone: G4, E flat 4, then C4 sagging towards B flat 3 with
 * a slow vibrato. */
static void fx_lose(Ctx *c)
{
    static const Partial mellow[] = {{1, 1.00, 0}, {2, 0.35, 0.4}, {3, 0.15, 0.3}};
    add_tone(c, &(Tone){.start = 0.002, .length = 0.23, .freq = 392.0, .freq_end = 384.0, .amp = 0.5,
                        .attack = 0.02, .release = 0.05, .partials = mellow, .partial_count = 3});
    add_tone(c, &(Tone){.start = 0.23, .length = 0.23, .freq = 311.13, .freq_end = 304.0, .amp = 0.5,
                        .attack = 0.02, .release = 0.05, .partials = mellow, .partial_count = 3});
    add_tone(c, &(Tone){.start = 0.46, .length = 0.48, .freq = 261.63, .freq_end = 233.08, .amp = 0.5,
                        .attack = 0.02, .release = 0.25, .vibrato_hz = 5, .vibrato = 0.012,
                        .partials = mellow, .partial_count = 3});
}

/* A dull thud: a low sine dropping from 130 to 55 Hz and a puff of low noise. */
static void fx_bump(Ctx *c)
{
    add_tone(c, &(Tone){.start = 0.001, .length = 0.139, .freq = 130, .freq_end = 55, .amp = 1.0, .attack = 0.003,
                        .partials = (const Partial[]){{1, 1, 0.045}, {2, 0.2, 0.02}}, .partial_count = 2});
    add_hiss(c, &(Hiss){.start = 0.001, .length = 0.06, .amp = 0.4, .attack = 0.001, .tau = 0.015,
                        .shape = NOISE_LOW, .freq = 250, .q = 0.7});
}

/* A sharp two-tone "!": B5 then E6, square-ish, with quick clean edges. */
static void fx_alert(Ctx *c)
{
    static const Partial square[] = {{1, 1.00, 0}, {3, 0.30, 0}, {5, 0.12, 0}};
    add_tone(c, &(Tone){.start = 0.002, .length = 0.11, .freq = 987.77, .amp = 0.6, .attack = 0.004,
                        .release = 0.012, .partials = square, .partial_count = 3});
    add_tone(c, &(Tone){.start = 0.14, .length = 0.17, .freq = 1318.5, .amp = 0.6, .attack = 0.004,
                        .release = 0.03, .partials = square, .partial_count = 3});
}

typedef struct Effect {
    const char *name;
    int ms;      /* length */
    double gain; /* peak, as a fraction of SYNTH_PEAK */
    void (*build)(Ctx *c);
} Effect;

static const Effect effects[SOUND_COUNT] = {
    [SOUND_STEP_FLOOR] = {"step_floor", 90, 0.45, fx_step_floor},
    [SOUND_STEP_ROUGH] = {"step_rough", 150, 0.60, fx_step_rough},
    [SOUND_STEP_DOOR] = {"step_door", 170, 0.55, fx_step_door},
    [SOUND_DOOR_OPEN] = {"door_open", 420, 0.60, fx_door_open},
    [SOUND_DOOR_CLOSE] = {"door_close", 420, 0.60, fx_door_close},
    [SOUND_PICKUP] = {"pickup", 320, 0.60, fx_pickup},
    [SOUND_EXIT_OPEN] = {"exit_open", 800, 0.70, fx_exit_open},
    [SOUND_WIN] = {"win", 1000, 0.75, fx_win},
    [SOUND_LOSE] = {"lose", 950, 0.60, fx_lose},
    [SOUND_BUMP] = {"bump", 140, 0.60, fx_bump},
    [SOUND_ALERT] = {"alert", 320, 0.55, fx_alert},
};

/* ---- rendering ----------------------------------------------------------- */

static bool valid_id(SoundId id)
{
    return (int)id >= 0 && id < SOUND_COUNT;
}

const char *synth_name(SoundId id)
{
    return valid_id(id) ? effects[id].name : "?";
}

int synth_length_ms(SoundId id)
{
    return valid_id(id) ? effects[id].ms : 0;
}

/* Blocks DC, fades both edges, scales the peak to gain x SYNTH_PEAK. */
static void finish(const Ctx *c, double gain, int16_t *out)
{
    double r = 1.0 - SYNTH_TAU * SYNTH_DC_HZ / c->rate, x1 = 0, y1 = 0;
    int fade_in = (int)(SYNTH_FADE_IN_S * c->rate), fade_out = (int)(SYNTH_FADE_OUT_S * c->rate);
    double peak = 0;
    for (int i = 0; i < c->n; i++) {
        double x = c->buf[i], y = x - x1 + r * y1;
        x1 = x;
        y1 = y;
        y *= synth_ramp(i, fade_in) * synth_ramp(c->n - 1 - i, fade_out);
        c->buf[i] = (float)y;
        if (fabs(y) > peak)
            peak = fabs(y);
    }
    double scale = peak > 0 ? gain * SYNTH_PEAK / peak : 0.0;
    for (int i = 0; i < c->n; i++) {
        double v = floor(c->buf[i] * scale + 0.5);
        out[i] = (int16_t)(v > SYNTH_PEAK ? SYNTH_PEAK : v < -SYNTH_PEAK ? -SYNTH_PEAK : v);
    }
}

bool synth_render(SoundId id, int rate, int16_t **out, int *frames)
{
    *out = NULL;
    *frames = 0;
    if (!valid_id(id) || rate < SYNTH_RATE_MIN || rate > SYNTH_RATE_MAX)
        return false;
    const Effect *e = &effects[id];
    int n = (int)((long)e->ms * rate / 1000);
    Ctx c = {.buf = calloc((size_t)n, sizeof(float)), .n = n, .rate = rate,
             .rng = 0x2545F491u ^ (uint32_t)(id + 1) * 0x9E3779B9u};
    int16_t *pcm = malloc((size_t)n * sizeof *pcm);
    if (!c.buf || !pcm) {
        free(c.buf);
        free(pcm);
        return false;
    }
    if (!c.rng)
        c.rng = 1;
    e->build(&c);
    finish(&c, e->gain, pcm);
    free(c.buf);
    *out = pcm;
    *frames = n;
    return true;
}

bool synth_bank_init(SynthBank *b, int rate)
{
    memset(b, 0, sizeof *b);
    b->rate = rate;
    for (int i = 0; i < SOUND_COUNT; i++)
        if (!synth_render((SoundId)i, rate, &b->samples[i], &b->frames[i])) {
            synth_bank_deinit(b);
            return false;
        }
    return true;
}

void synth_bank_deinit(SynthBank *b)
{
    for (int i = 0; i < SOUND_COUNT; i++)
        free(b->samples[i]);
    memset(b, 0, sizeof *b);
}
