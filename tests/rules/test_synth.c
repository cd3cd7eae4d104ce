/* SPDX-License-Identifier: MIT */
/* test_synth.c - the synthesized effects: every one renders at every rate
 * with its stated length, stays under the documented peak, fades in and out
 * (no clicks), repeats bit for bit, and sounds like what it names: rough
 * footsteps noisier than floor ones, door steps lower, rising and falling
 * effects that rise and fall. */
#include "testlib.h"

#include <math.h>

#include "synth.h"

#define TEST_TAU 6.283185307179586

static const int rates[] = {SYNTH_RATE_MIN, 22050, SYNTH_RATE, 48000};

typedef struct Pcm {
    int16_t *s;
    int n, rate;
} Pcm;

static Pcm render(SoundId id, int rate)
{
    Pcm p = {NULL, 0, rate};
    assert_true(synth_render(id, rate, &p.s, &p.n));
    assert_non_null(p.s);
    return p;
}

static int peak_of(const int16_t *s, int from, int to)
{
    int peak = 0;
    for (int i = from; i < to; i++)
        if (abs(s[i]) > peak)
            peak = abs(s[i]);
    return peak;
}

/* Sign changes per second over the fraction [a, b) of the sound. */
static double zero_cross_rate(const Pcm *p, double a, double b)
{
    int from = (int)(a * p->n), to = (int)(b * p->n), zc = 0;
    for (int i = from + 1; i < to; i++)
        zc += (p->s[i] >= 0) != (p->s[i - 1] >= 0);
    return zc * (double)p->rate / (to - from);
}

/* The Hann-windowed power spectrum of the first 2048 samples (fewer if the
 * sound is shorter): its centroid in Hz and its flatness (geometric over
 * arithmetic mean: near 0 for tones, larger for noise). */
static void spectrum(const Pcm *p, double *centroid, double *flatness)
{
    int n = p->n < 2048 ? p->n : 2048, bins = n / 2;
    double weighted = 0, total = 0, logs = 0;
    for (int k = 1; k < bins; k++) {
        double re = 0, im = 0;
        for (int i = 0; i < n; i++) {
            double w = 0.5 - 0.5 * cos(TEST_TAU * i / (n - 1));
            re += p->s[i] * w * cos(TEST_TAU * k * i / n);
            im -= p->s[i] * w * sin(TEST_TAU * k * i / n);
        }
        double pw = re * re + im * im + 1e-9;
        weighted += pw * k * (double)p->rate / n;
        total += pw;
        logs += log(pw);
    }
    *centroid = weighted / total;
    *flatness = exp(logs / (bins - 1)) / (total / (bins - 1));
}

static void test_names(void **state)
{
    (void)state;
    for (int i = 0; i < SOUND_COUNT; i++) {
        const char *name = synth_name((SoundId)i);
        assert_non_null(name);
        assert_true(strlen(name) > 1);
        assert_string_not_equal(name, "?");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(name, synth_name((SoundId)j));
    }
    assert_string_equal(synth_name(SOUND_COUNT), "?");
    assert_string_equal(synth_name((SoundId)-1), "?");
    assert_string_equal(synth_name(SOUND_STEP_ROUGH), "step_rough");
}

static void test_lengths_and_peaks(void **state)
{
    (void)state;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (int i = 0; i < SOUND_COUNT; i++) {
            int ms = synth_length_ms((SoundId)i);
            assert_in_range(ms, 30, SYNTH_MAX_MS);
            Pcm p = render((SoundId)i, rates[r]);
            assert_int_equal(p.n, (int)((long)ms * rates[r] / 1000));
            int peak = peak_of(p.s, 0, p.n);
            /* under the documented peak, and not so quiet it would go unheard */
            assert_in_range(peak, SYNTH_PEAK / 4, SYNTH_PEAK);
            /* no flattened tops: never three samples in a row held at the peak */
            for (int k = 2; k < p.n; k++)
                assert_false(abs(p.s[k]) == peak && p.s[k - 1] == p.s[k] && p.s[k - 2] == p.s[k]);
            free(p.s);
        }
}

static void test_fades_no_clicks(void **state)
{
    (void)state;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (int i = 0; i < SOUND_COUNT; i++) {
            Pcm p = render((SoundId)i, rates[r]);
            int quarter_ms = rates[r] / 4000 + 1;
            assert_true(abs(p.s[0]) <= 16);
            assert_true(abs(p.s[p.n - 1]) <= 16);
            /* the first and last quarter millisecond stay near silence */
            assert_true(peak_of(p.s, 0, quarter_ms) < SYNTH_PEAK / 20);
            assert_true(peak_of(p.s, p.n - quarter_ms, p.n) < SYNTH_PEAK / 20);
            /* ... and the last 2 ms are a tail, not a sound cut off */
            assert_true(peak_of(p.s, p.n - rates[r] / 500, p.n) < SYNTH_PEAK / 8);
            /* the sound starts at once: something audible within 20 ms */
            assert_true(peak_of(p.s, 0, rates[r] / 50) > peak_of(p.s, 0, p.n) / 10);
            free(p.s);
        }
}

static void test_deterministic(void **state)
{
    (void)state;
    SynthBank bank;
    assert_true(synth_bank_init(&bank, SYNTH_RATE));
    for (int i = 0; i < SOUND_COUNT; i++) {
        Pcm a = render((SoundId)i, SYNTH_RATE), b = render((SoundId)i, SYNTH_RATE);
        assert_int_equal(a.n, b.n);
        assert_memory_equal(a.s, b.s, (size_t)a.n * sizeof *a.s);
        assert_int_equal(bank.frames[i], a.n);
        assert_memory_equal(bank.samples[i], a.s, (size_t)a.n * sizeof *a.s);
        free(a.s);
        free(b.s);
    }
    synth_bank_deinit(&bank);
}

static void test_footsteps_differ(void **state)
{
    (void)state;
    Pcm floor_ = render(SOUND_STEP_FLOOR, SYNTH_RATE), rough = render(SOUND_STEP_ROUGH, SYNTH_RATE),
        door = render(SOUND_STEP_DOOR, SYNTH_RATE);
    double c_floor, f_floor, c_rough, f_rough, c_door, f_door;
    spectrum(&floor_, &c_floor, &f_floor);
    spectrum(&rough, &c_rough, &f_rough);
    spectrum(&door, &c_door, &f_door);
    /* rough ground is a crunch of noise, floor and door are struck metal */
    assert_true(f_rough > 20 * f_floor);
    assert_true(f_rough > 20 * f_door);
    assert_true(zero_cross_rate(&rough, 0, 1) > 1.5 * zero_cross_rate(&floor_, 0, 1));
    /* the door clank is heavier: lower than the floor tap */
    assert_true(c_door < 0.5 * c_floor);
    assert_true(zero_cross_rate(&door, 0, 1) < 0.5 * zero_cross_rate(&floor_, 0, 1));
    /* and the three are not the same length either: the door rings longest */
    assert_true(door.n > floor_.n);
    free(floor_.s);
    free(rough.s);
    free(door.s);
}

/* Rising effects rise and falling ones fall: the zero-crossing rate of the
 * early part against the late part. */
static void test_pitch_direction(void **state)
{
    (void)state;
    static const struct {
        SoundId id;
        double early_a, early_b, late_a, late_b;
        bool rises;
    } cases[] = {
        {SOUND_PICKUP, 0.0, 0.15, 0.4, 0.8, true},
        {SOUND_EXIT_OPEN, 0.0, 0.1, 0.4, 0.6, true},
        {SOUND_ALERT, 0.05, 0.3, 0.5, 0.9, true},
        {SOUND_LOSE, 0.05, 0.2, 0.6, 0.9, false},
        {SOUND_BUMP, 0.0, 0.3, 0.5, 0.9, false},
        {SOUND_DOOR_OPEN, 0.05, 0.25, 0.6, 0.8, true},
        {SOUND_DOOR_CLOSE, 0.05, 0.25, 0.5, 0.65, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Pcm p = render(cases[i].id, SYNTH_RATE);
        double early = zero_cross_rate(&p, cases[i].early_a, cases[i].early_b);
        double late = zero_cross_rate(&p, cases[i].late_a, cases[i].late_b);
        if (cases[i].rises)
            assert_true(late > 1.2 * early);
        else
            assert_true(early > 1.2 * late);
        free(p.s);
    }
}

static void test_refusals(void **state)
{
    (void)state;
    static int16_t sentinel;
    int16_t *s = &sentinel; /* a refusal must clear it */
    int n = 99;
    assert_false(synth_render(SOUND_PICKUP, SYNTH_RATE_MIN - 1, &s, &n));
    assert_null(s);
    assert_int_equal(n, 0);
    n = 99;
    assert_false(synth_render(SOUND_PICKUP, SYNTH_RATE_MAX + 1, &s, &n));
    assert_false(synth_render(SOUND_PICKUP, 0, &s, &n));
    assert_false(synth_render(SOUND_COUNT, SYNTH_RATE, &s, &n));
    assert_false(synth_render((SoundId)-1, SYNTH_RATE, &s, &n));
    assert_null(s);
    assert_int_equal(n, 0);
    assert_int_equal(synth_length_ms(SOUND_COUNT), 0);
    /* the top rate works */
    assert_true(synth_render(SOUND_WIN, SYNTH_RATE_MAX, &s, &n));
    assert_int_equal(n, synth_length_ms(SOUND_WIN) * (SYNTH_RATE_MAX / 1000));
    free(s);
}

static void test_bank(void **state)
{
    (void)state;
    SynthBank b;
    assert_true(synth_bank_init(&b, 22050));
    assert_int_equal(b.rate, 22050);
    for (int i = 0; i < SOUND_COUNT; i++) {
        assert_non_null(b.samples[i]);
        assert_int_equal(b.frames[i], synth_length_ms((SoundId)i) * 22050 / 1000);
    }
    synth_bank_deinit(&b);
    for (int i = 0; i < SOUND_COUNT; i++)
        assert_null(b.samples[i]);
    synth_bank_deinit(&b); /* twice is harmless */
    assert_false(synth_bank_init(&b, 1));
    for (int i = 0; i < SOUND_COUNT; i++) {
        assert_null(b.samples[i]);
        assert_int_equal(b.frames[i], 0);
    }
    synth_bank_deinit(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_lengths_and_peaks),
        cmocka_unit_test(test_fades_no_clicks),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_footsteps_differ),
        cmocka_unit_test(test_pitch_direction),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_bank),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
