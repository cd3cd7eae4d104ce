/* SPDX-License-Identifier: MIT */
/* test_music.c - the music loop: every layer has the loop's length and
 * peaks at MUSIC_PEAK, the loop joins its end to its start with no click,
 * it repeats bit for bit, the calm layer is in D minor, the layers grow
 * busier from calm to danger, each mood adds its layer to the calmer
 * ones, and the player fades them in and out as the mood changes. */
#include "testlib.h"

#include <math.h>

#include "music.h"
#include "synth.h"

#define TEST_TAU 6.283185307179586
enum { TEST_RATE = 22050 };

static MusicLoop loop_at(int rate)
{
    MusicLoop m;
    assert_true(music_loop_init(&m, rate));
    return m;
}

static void test_lengths_and_peaks(void **state)
{
    (void)state;
    MusicLoop m = loop_at(TEST_RATE);
    assert_int_equal(m.rate, TEST_RATE);
    assert_int_equal(m.frames, music_loop_frames(TEST_RATE));
    /* eight bars of four beats at MUSIC_BPM */
    assert_int_equal(m.frames, (int)((int64_t)TEST_RATE * 60 * 4 * MUSIC_BARS / MUSIC_BPM));
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++) {
        int peak = 0;
        for (int i = 0; i < m.frames; i++)
            peak = abs(m.layer[l][i]) > peak ? abs(m.layer[l][i]) : peak;
        assert_in_range(peak, MUSIC_PEAK - 1, MUSIC_PEAK);
    }
    music_loop_deinit(&m);
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
        assert_null(m.layer[l]);
    music_loop_deinit(&m); /* twice is harmless */
}

/* The last chord (C major) is still fading when the loop begins again: its
 * G sounds in the first half second, over a hundred times louder than
 * under the first chord alone (D minor, from 1.5 s), as when the loop plays
 * round. A loop whose tails were cut at its end starts with no G. And
 * from the last sample to the first the signal moves no more than it does
 * anywhere inside: no click at the seam. */
static double band_power(const int16_t *x, int from, int to, double hz, int rate);

static void test_seamless(void **state)
{
    (void)state;
    MusicLoop m = loop_at(TEST_RATE);
    const int16_t *x = m.layer[MUSIC_CALM];
    double g4 = 392.00;
    double start = band_power(x, 0, TEST_RATE / 2, g4, TEST_RATE);
    double later = band_power(x, 3 * TEST_RATE / 2, 2 * TEST_RATE, g4, TEST_RATE);
    assert_true(start > 100 * later);
    int inside = 0;
    for (int i = 1; i < m.frames; i++)
        inside = abs(x[i] - x[i - 1]) > inside ? abs(x[i] - x[i - 1]) : inside;
    assert_true(abs(x[0] - x[m.frames - 1]) <= inside);
    music_loop_deinit(&m);
}

static void test_deterministic(void **state)
{
    (void)state;
    MusicLoop a = loop_at(TEST_RATE), b = loop_at(TEST_RATE);
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
        assert_memory_equal(a.layer[l], b.layer[l], (size_t)a.frames * sizeof(int16_t));
    music_loop_deinit(&a);
    music_loop_deinit(&b);
}

/* The power over frames [from, to) in a band of 20 cents either side of hz
 * (Goertzel filters 2 cents apart: the pad's voices are detuned a little). */
static double band_power(const int16_t *x, int from, int to, double hz, int rate)
{
    double sum = 0;
    for (int cents = -20; cents <= 20; cents += 2) {
        double w = TEST_TAU * hz * pow(2.0, cents / 1200.0) / rate, k = 2 * cos(w), s1 = 0, s2 = 0;
        for (int i = from; i < to; i++) {
            double s0 = x[i] + k * s1 - s2;
            s2 = s1;
            s1 = s0;
        }
        sum += s1 * s1 + s2 * s2 - k * s1 * s2;
    }
    return sum;
}

/* Over the first chord (D minor, two bars), D, F and A each sound far
 * louder than the notes a semitone under them (C#, E, G#). */
static void test_in_d_minor(void **state)
{
    (void)state;
    MusicLoop m = loop_at(TEST_RATE);
    int from = TEST_RATE, to = (int)(TEST_RATE * 2 * 4 * 60.0 / MUSIC_BPM);
    static const double chord[] = {293.66, 349.23, 440.00}, off[] = {277.18, 329.63, 415.30};
    for (int i = 0; i < 3; i++) {
        double in = band_power(m.layer[MUSIC_CALM], from, to, chord[i], TEST_RATE);
        double out = band_power(m.layer[MUSIC_CALM], from, to, off[i], TEST_RATE);
        assert_true(in > 100 * out);
    }
    music_loop_deinit(&m);
}

/* The share of the points every `step` seconds through the loop at which
 * a note is struck: the 20 ms after the point hold over twice the energy
 * of the 20 ms before it. */
static double struck_share(const MusicLoop *m, MusicLayer layer, double step)
{
    const int16_t *x = m->layer[layer];
    int w = m->rate / 50, hits = 0, points = 0;
    for (int k = 1;; k++) {
        int i = (int)lround(k * step * m->rate);
        if (i + w > m->frames)
            break;
        double after = 0, before = 0;
        for (int j = 0; j < w; j++) {
            after += (double)x[i + j] * x[i + j];
            before += (double)x[i - w + j] * x[i - w + j];
        }
        points++;
        hits += after > 2 * before;
    }
    return (double)hits / points;
}

/* Calm holds its chords; wary plucks every eighth; danger drums on one
 * and three of every bar and strikes more sixteenths than wary does. */
static void test_busier_with_danger(void **state)
{
    (void)state;
    MusicLoop m = loop_at(TEST_RATE);
    double beat = 60.0 / MUSIC_BPM;
    assert_true(struck_share(&m, MUSIC_CALM, beat / 2) < 0.3);
    assert_true(struck_share(&m, MUSIC_WARY, beat / 2) > 0.9);
    assert_true(struck_share(&m, MUSIC_DANGER, beat * 2) > 0.9);
    assert_true(struck_share(&m, MUSIC_DANGER, beat / 4) > struck_share(&m, MUSIC_WARY, beat / 4));
    music_loop_deinit(&m);
}

static void test_moods(void **state)
{
    (void)state;
    for (int mood = 0; mood < MOOD_COUNT; mood++)
        for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
            assert_int_equal(music_layer_gain((MusicMood)mood, (MusicLayer)l), l <= mood ? 1000 : 0);
    assert_int_equal(music_layer_gain(MOOD_COUNT, MUSIC_CALM), 0);
    assert_string_equal(music_mood_name(MOOD_DANGER), "danger");
    assert_string_equal(music_mood_name(MOOD_COUNT), "?");
    assert_string_equal(music_layer_name(MUSIC_WARY), "wary");
}

/* The player: the calm layer alone, round and round; danger comes in within
 * MUSIC_FADE_IN_MS and leaves over MUSIC_FADE_OUT_MS, its gain moving
 * by small steps (no click). */
static void test_player(void **state)
{
    (void)state;
    MusicLoop m = loop_at(TEST_RATE);
    MusicPlayer p;
    music_player_start(&p, &m, MOOD_CALM);
    int n = m.frames + TEST_RATE / 10; /* past the end and round */
    int32_t *mix = calloc((size_t)n, sizeof *mix);
    assert_non_null(mix);
    music_player_mix(&p, mix, n, 10000);
    for (int i = 0; i < n; i++)
        assert_int_equal(mix[i], m.layer[MUSIC_CALM][i % m.frames]);
    assert_int_equal(p.pos, TEST_RATE / 10);

    music_player_set_mood(&p, MOOD_DANGER);
    int fade_in = TEST_RATE * MUSIC_FADE_IN_MS / 1000, last = 0;
    for (int i = 0; i < fade_in; i += 64) { /* rises step by step */
        music_player_mix(&p, mix, 64, 10000);
        assert_true(p.gain[MUSIC_DANGER] >= last);
        assert_true(p.gain[MUSIC_DANGER] - last <= MUSIC_GAIN_ONE / 50);
        last = p.gain[MUSIC_DANGER];
    }
    assert_int_equal(p.gain[MUSIC_DANGER], MUSIC_GAIN_ONE);
    assert_int_equal(p.gain[MUSIC_WARY], MUSIC_GAIN_ONE);

    music_player_set_mood(&p, MOOD_CALM);
    music_player_mix(&p, mix, fade_in, 10000);
    assert_true(p.gain[MUSIC_DANGER] > MUSIC_GAIN_ONE / 2); /* calm returns slowly */
    music_player_mix(&p, mix, TEST_RATE * MUSIC_FADE_OUT_MS / 1000, 10000);
    assert_int_equal(p.gain[MUSIC_DANGER], 0);
    assert_int_equal(p.gain[MUSIC_CALM], MUSIC_GAIN_ONE);

    /* half the volume, half the level; no loop, nothing */
    memset(mix, 0, (size_t)n * sizeof *mix);
    int at = p.pos;
    music_player_mix(&p, mix, 100, 5000);
    for (int i = 0; i < 100; i++)
        assert_int_equal(mix[i], m.layer[MUSIC_CALM][(at + i) % m.frames] / 2);
    MusicPlayer none;
    music_player_start(&none, NULL, MOOD_DANGER);
    memset(mix, 0, (size_t)n * sizeof *mix);
    music_player_mix(&none, mix, 100, 10000);
    for (int i = 0; i < 100; i++)
        assert_int_equal(mix[i], 0);
    free(mix);
    music_loop_deinit(&m);
}

static void test_refusals(void **state)
{
    (void)state;
    MusicLoop m;
    assert_false(music_loop_init(&m, SYNTH_RATE_MIN - 1));
    for (int l = 0; l < MUSIC_LAYER_COUNT; l++)
        assert_null(m.layer[l]);
    assert_int_equal(music_loop_frames(SYNTH_RATE_MAX + 1), 0);
    music_loop_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lengths_and_peaks), cmocka_unit_test(test_seamless),
        cmocka_unit_test(test_deterministic),     cmocka_unit_test(test_in_d_minor),
        cmocka_unit_test(test_busier_with_danger), cmocka_unit_test(test_moods),
        cmocka_unit_test(test_player),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
