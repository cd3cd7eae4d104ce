/* SPDX-License-Identifier: MIT */
/* sound.c - one SDL audio device (mono, signed 16-bit), a fixed set of
 * voices, each reading one effect of a SynthBank, and the music (music.h):
 * the audio callback sums them with clamping. Voices, the music's player
 * and the gains change only under SDL_LockAudioDevice. The music's loop is
 * rendered on a thread of its own after the device opens (about 0.1 s of
 * work), so starting the game waits for none of it; the callback starts
 * playing it once that thread says it is done. */
#include "sound.h"

#include <SDL.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "music.h"

enum {
    SOUND_BUFFER_FRAMES = 512, /* the device's buffer: about 12 ms at 44.1 kHz */
    SOUND_MIX_CHUNK = 256,     /* frames summed at a time in the callback */
    SOUND_STATUS_MAX = 160
};

typedef struct Voice {
    const int16_t *samples; /* NULL: free */
    int frames, pos;
} Voice;

struct Sound {
    SDL_AudioDeviceID device; /* 0: silent */
    bool audio_started;       /* this Sound holds a share of SDL's audio subsystem */
    bool muted;
    int gain;               /* per 10000: the master volume times the effects volume, in percent */
    int music_gain;         /* per 10000: the master volume times the music volume */
    SynthBank bank;
    MusicLoop music;          /* written by music_thread alone until music_ready */
    SDL_Thread *music_thread; /* NULL: no music (headless, silent, or no thread) */
    SDL_atomic_t music_ready; /* 1 once music holds the rendered loop */
    MusicPlayer player;       /* the callback's; its loop set once music_ready */
    MusicMood mood;
    Voice voice[SOUND_VOICES]; /* shared with the audio thread: locked */
    char status[SOUND_STATUS_MAX];
    bool no_device;           /* SDL found no device to play on */
};

/* SDL's audio thread: sums the voices into the device's buffer. SDL holds
 * the device lock while this runs. */
static void sound_callback(void *userdata, Uint8 *stream, int len)
{
    Sound *s = userdata;
    int16_t *out = (int16_t *)(void *)stream;
    int total = len / (int)sizeof(int16_t);
    for (int done = 0; done < total; done += SOUND_MIX_CHUNK) {
        int n = total - done < SOUND_MIX_CHUNK ? total - done : SOUND_MIX_CHUNK;
        int32_t mix[SOUND_MIX_CHUNK] = {0};
        for (int v = 0; v < SOUND_VOICES; v++) {
            Voice *vo = &s->voice[v];
            if (!vo->samples)
                continue;
            int take = vo->frames - vo->pos < n ? vo->frames - vo->pos : n;
            const int16_t *src = vo->samples + vo->pos;
            for (int i = 0; i < take; i++)
                mix[i] += src[i];
            vo->pos += take;
            if (vo->pos >= vo->frames)
                vo->samples = NULL;
        }
        if (!s->player.loop && SDL_AtomicGet(&s->music_ready))
            music_player_start(&s->player, &s->music, s->mood);
        if (!s->muted)
            music_player_mix(&s->player, mix, n, s->music_gain);
        for (int i = 0; i < n; i++) {
            int32_t m = (int32_t)((int64_t)mix[i] * s->gain / 10000);
            out[done + i] = (int16_t)(m > INT16_MAX ? INT16_MAX : m < INT16_MIN ? INT16_MIN : m);
        }
    }
}

/* Writes "What: playing silently (why)" as one line. */
static void set_silent(Sound *s, const char *what, const char *why)
{
    if (why && *why)
        snprintf(s->status, sizeof s->status, _("%s: playing silently (%s)"), _(what), why);
    else
        snprintf(s->status, sizeof s->status, _("%s: playing silently"), _(what));
    for (char *c = s->status; *c; c++)
        if (*c == '\n' || *c == '\r')
            *c = ' ';
}

/* ALSA writes its own errors on stderr ("ALSA lib confmisc.c:855:(parse_card)
 * cannot find card '0'" and seven more lines) when SDL tries it on a machine
 * with no sound card, and SDL has no hook to stop that. ALSA has one:
 * snd_lib_error_set_handler. SDL loads libasound at run time (dlopen); so
 * does this, before SDL's audio starts, only to hand it a handler that says
 * nothing. A library is loaded once per process, so SDL's own dlopen later
 * gets this copy with the handler in place; it stays loaded (a reference of
 * ours, never closed). Nothing is linked to ALSA, and where libasound is
 * missing dlopen fails and nothing is done. Choosing the driver instead
 * (SDL_AUDIODRIVER) would keep a player's PulseAudio or PipeWire from being
 * tried first, and would silence nothing when ALSA is the one SDL needs.
 * The game then says once, in its own words, that it plays silently. */
static void alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...)
{
    (void)file, (void)line, (void)function, (void)err, (void)fmt;
}

static void alsa_quiet(void)
{
    typedef void (*AlsaHandler)(const char *, int, const char *, int, const char *, ...);
    typedef int (*AlsaSetHandler)(AlsaHandler);
    void *lib = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        return;
    AlsaSetHandler set;
    *(void **)&set = dlsym(lib, "snd_lib_error_set_handler"); /* POSIX's way from an object to a function */
    if (set)
        set(alsa_quiet_handler);
}

/* Opens the default output device; 0 when there is none. */
static SDL_AudioDeviceID open_device(Sound *s, int *rate)
{
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = SYNTH_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = SOUND_BUFFER_FRAMES;
    want.callback = sound_callback;
    want.userdata = s;
    /* the effects render at any rate, so take the device's own and skip resampling */
    SDL_AudioDeviceID dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, SDL_AUDIO_ALLOW_FREQUENCY_CHANGE);
    if (dev && (have.freq < SYNTH_RATE_MIN || have.freq > SYNTH_RATE_MAX)) {
        SDL_CloseAudioDevice(dev);
        dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0); /* SDL converts from SYNTH_RATE */
        have.freq = SYNTH_RATE;
    }
    *rate = have.freq;
    return dev;
}

/* The music's thread: renders the loop at the device's rate. */
static int music_thread(void *data)
{
    Sound *s = data;
    if (music_loop_init(&s->music, s->bank.rate))
        SDL_AtomicSet(&s->music_ready, 1);
    return 0;
}

Sound *sound_create(bool muted, bool headless)
{
    Sound *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->muted = muted;
    s->gain = 10000;
    s->music_gain = 10000;
    if (headless) {
        const char *driver = SDL_WasInit(SDL_INIT_AUDIO) ? SDL_GetCurrentAudioDriver() : NULL;
        if (driver && strcmp(driver, "dummy") != 0) {
            snprintf(s->status, sizeof s->status, _("Headless, but audio already runs on '%s': playing silently"),
                     driver);
            return s;
        }
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE);
    } else {
        alsa_quiet();
    }
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        set_silent(s, N_("No sound device"), NULL); /* (SDL's reason is a driver's words, not the player's) */
        s->no_device = true;
        return s;
    }
    s->audio_started = true;
    int rate = SYNTH_RATE;
    s->device = open_device(s, &rate);
    if (!s->device) {
        set_silent(s, N_("No sound device"), NULL);
        s->no_device = true;
        return s;
    }
    if (!synth_bank_init(&s->bank, rate)) {
        SDL_CloseAudioDevice(s->device);
        s->device = 0;
        set_silent(s, N_("Out of memory for the sound effects"), NULL);
        return s;
    }
    if (!headless) /* headless runs (tests) have no ear for it: no music rendered */
        s->music_thread = SDL_CreateThread(music_thread, "isodroid-music", s);
    SDL_PauseAudioDevice(s->device, 0);
    return s;
}

void sound_destroy(Sound *s)
{
    if (!s)
        return;
    if (s->music_thread)
        SDL_WaitThread(s->music_thread, NULL);
    if (s->device)
        SDL_CloseAudioDevice(s->device); /* waits for the callback to finish */
    if (s->audio_started)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    synth_bank_deinit(&s->bank);
    music_loop_deinit(&s->music);
    free(s);
}

void sound_play(Sound *s, SoundId id)
{
    if (!s || (int)id < 0 || id >= SOUND_COUNT)
        return;
    if (!s->device || s->muted || !s->bank.samples[id])
        return;
    SDL_LockAudioDevice(s->device);
    Voice *pick = &s->voice[0];
    for (int v = 0; v < SOUND_VOICES; v++) {
        Voice *vo = &s->voice[v];
        if (!vo->samples) {
            pick = vo;
            break;
        }
        if (vo->frames - vo->pos < pick->frames - pick->pos)
            pick = vo; /* all busy: the one nearest its end gives way */
    }
    pick->samples = s->bank.samples[id];
    pick->frames = s->bank.frames[id];
    pick->pos = 0;
    SDL_UnlockAudioDevice(s->device);
}

void sound_set_muted(Sound *s, bool muted)
{
    if (!s)
        return;
    if (s->device)
        SDL_LockAudioDevice(s->device);
    s->muted = muted;
    for (int v = 0; v < SOUND_VOICES && muted; v++)
        s->voice[v].samples = NULL;
    if (s->device)
        SDL_UnlockAudioDevice(s->device);
}

bool sound_muted(const Sound *s)
{
    return s ? s->muted : true;
}

bool sound_no_device(const Sound *s)
{
    return s && s->no_device;
}

const char *sound_status(const Sound *s)
{
    return s ? s->status : _("No sound: playing silently");
}

static int percent(int v)
{
    return v < 0 ? 0 : v > 100 ? 100 : v;
}

void sound_set_volume(Sound *s, int master, int effects, int music)
{
    if (!s)
        return;
    if (s->device)
        SDL_LockAudioDevice(s->device);
    s->gain = percent(master) * percent(effects);
    s->music_gain = percent(master) * percent(music);
    if (s->device)
        SDL_UnlockAudioDevice(s->device);
}

void sound_play_cues(Sound *s, const SoundId *cues, int n)
{
    for (int i = 0; i < n; i++)
        sound_play(s, cues[i]);
}

bool sound_set_mood(Sound *s, MusicMood mood)
{
    if (!s || mood == s->mood)
        return false;
    if (s->device)
        SDL_LockAudioDevice(s->device);
    s->mood = mood;
    music_player_set_mood(&s->player, mood);
    if (s->device)
        SDL_UnlockAudioDevice(s->device);
    return true;
}

bool sound_music_playing(const Sound *s)
{
    return s && s->device && SDL_AtomicGet((SDL_atomic_t *)&s->music_ready);
}

