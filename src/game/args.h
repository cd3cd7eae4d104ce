/* SPDX-License-Identifier: MIT */
/* args.h - the command line of isodroid, without SDL: its options parsed
 * into Options (usage on --help), and the level file the arguments name.
 * Options point into argv: they live as long as the run. */
#ifndef ISODROID_ARGS_H
#define ISODROID_ARGS_H

#include <stdbool.h>

/* --size: 64x64 to 8192x8192, for a window (its minimum size) or headless */
enum { SIZE_MIN = 64, SIZE_MAX_SIDE = 8192 };
enum { BENCH_FRAMES_MAX = 1000000 };

typedef struct Options {
    const char *level;
    int w, h;
    bool headless, trace, no_progress, mute, frame_stats;
    bool size_given;      /* --size: the settings' window size does not apply */
    const char *script, *record, *replay;
    long bench_frames;
    double bench_zoom; /* 0: the level's own framing */
    const char *data;  /* --data DIR, or NULL */
} Options;

/* Parses argv into *o: -1 to run, else the exit code (0 after --help or
 * --version on stdout, 2 after a usage error said on stderr). */
int args_parse(int argc, char **argv, Options *o);
/* The level file to play (malloc'd, any length), or NULL after saying why
 * on stderr: arg as given (a folder: its first level in name order), or
 * with none the first of data_dir's levels/. */
char *args_level(const char *arg, const char *data_dir);

#endif
