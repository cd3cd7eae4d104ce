/* SPDX-License-Identifier: MIT */
/* args.c - the command line of isodroid (args.h): its options (usage),
 * their parsing into Options, and the level file that the arguments name
 * (a relative one from the working folder; none: the data folder's first).
 * No SDL: the platform's main calls it before anything opens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "game.h"
#include "levelset.h"
#include "num.h"

static const char usage[] =
    "usage: isodroid [LEVEL.txt | FOLDER] [options]\n"
    "  LEVEL.txt / FOLDER   the level to play (default: the first in the data folder's levels/)\n"
    "  --data DIR           the data folder, holding assets/ and levels/ (default: $ISODROID_DATA,\n"
    "                       else the build tree, else where make install put it)\n"
    "  --size WxH           window or surface size (default 1280x720)\n"
    "  --headless           draw offscreen with the software renderer; needs no display\n"
    "  --script FILE        replay input: click PX PY, move PX PY, drag PX PY PX2 PY2,\n"
    "                       clicktile X Y, key NAME, wait MS, screenshot PATH.png, quit\n"
    "                       (README.md, Scripts); a script error exits with 3\n"
    "  --trace              print events: hover X Y, click X Y, path STEPS LENGTH,\n"
    "                       arrive X Y, idle X Y, pickup X Y ENERGY, door X Y open|closed,\n"
    "                       win, lose REASON, ...; at the end: state HASH\n"
    "  --bench-frames N     (headless) draw N frames, print median and 95th percentile\n"
    "  --bench-zoom Z       --bench-frames looks at the middle of the level at zoom Z (0.25 .. 3)\n"
    "  --frame-stats        at the end print the median and the longest frame (headless: drawn too)\n"
    "                       and the script line before the longest\n"
    "  --record FILE        write every input with its tick to FILE\n"
    "  --replay FILE        play a recording back (with --headless: no display needed)\n"
    "  --no-progress        do not read or write the progress and settings files\n"
    "  --mute               start with the sound off (K toggles it)\n"
    "  --help, --version\n"
    "In the game press H for the controls.\n";

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "isodroid: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, "\nrun 'isodroid --help' for usage\n");
    return 2;
}

int args_parse(int argc, char **argv, Options *o)
{
    *o = (Options){.w = 1280, .h = 720};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("isodroid %s\n", ISODROID_VERSION); /* the Makefile's VERSION */
            return 0;
        } else if (!strcmp(a, "--headless")) {
            o->headless = true;
        } else if (!strcmp(a, "--trace")) {
            o->trace = true;
        } else if (!strcmp(a, "--no-progress")) {
            o->no_progress = true;
        } else if (!strcmp(a, "--frame-stats")) {
            o->frame_stats = true;
        } else if (!strcmp(a, "--mute")) {
            o->mute = true;
        } else if (!strcmp(a, "--size") || !strcmp(a, "--script") || !strcmp(a, "--bench-frames") ||
                   !strcmp(a, "--record") || !strcmp(a, "--replay") || !strcmp(a, "--data")) {
            if (i + 1 >= argc)
                return usage_error("%s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--script")) {
                o->script = v;
            } else if (!strcmp(a, "--record")) {
                o->record = v;
            } else if (!strcmp(a, "--replay")) {
                o->replay = v;
            } else if (!strcmp(a, "--data")) {
                o->data = v;
            } else if (!strcmp(a, "--size")) {
                const char *end;
                long w = 0, h = 0;
                if (num_scan_long(v, &end, 1, SIZE_MAX_SIDE, &w) != NUM_OK || (*end != 'x' && *end != 'X') ||
                    num_parse_long(end + 1, 1, SIZE_MAX_SIDE, &h) != NUM_OK)
                    return usage_error("--size wants WxH between 64x64 and 8192x8192, not '%s'", v);
                o->w = (int)w;
                o->h = (int)h;
                o->size_given = true;
            } else if (num_parse_long(v, 1, BENCH_FRAMES_MAX, &o->bench_frames) != NUM_OK) {
                return usage_error("--bench-frames wants a whole number from 1 to 1000000, not '%s'", v);
            }
        } else if (!strcmp(a, "--bench-zoom")) {
            if (i + 1 >= argc)
                return usage_error("%s needs a value", a);
            if (num_parse_double(argv[++i], GAME_ZOOM_MIN, GAME_ZOOM_MAX, &o->bench_zoom) != NUM_OK)
                return usage_error("--bench-zoom wants a zoom from 0.25 to 3, not '%s'", argv[i]);
        } else if (a[0] == '-') {
            return usage_error("unknown option '%s'", a);
        } else if (!o->level) {
            o->level = a;
        } else {
            return usage_error("unexpected argument '%s'", a);
        }
    }
    if (o->bench_frames && !o->headless)
        return usage_error("%s", "--bench-frames runs with --headless");
    if (o->headless && !o->script && !o->bench_frames && !o->replay)
        return usage_error("%s", "--headless needs --script FILE, --replay FILE or --bench-frames N");
    if (o->replay && o->record)
        return usage_error("%s", "--replay and --record do not go together");
    if (o->w < SIZE_MIN || o->h < SIZE_MIN) { /* said, never silently raised */
        char msg[128];
        snprintf(msg, sizeof msg, "--size %dx%d is below the minimum %dx%d", o->w, o->h, SIZE_MIN, SIZE_MIN);
        return usage_error("%s", msg);
    }
    return -1;
}

/* The first level of a folder in name order (malloc'd), or NULL. */
static char *first_level(const char *dir)
{
    LevelSet set;
    char *path = levelset_scan(&set, dir) && set.count > 0 ? levelset_path_new(&set, 0) : NULL;
    levelset_free(&set);
    return path;
}

char *args_level(const char *arg, const char *data_dir)
{
    struct stat sb;
    char *path = NULL;
    if (!arg) {
        char levels[4096 + sizeof "/levels"];
        int n = strcmp(data_dir, ".") ? snprintf(levels, sizeof levels, "%s/levels", data_dir)
                                      : snprintf(levels, sizeof levels, "levels");
        if (n >= 0 && (size_t)n < sizeof levels && (path = first_level(levels)))
            return path;
        fprintf(stderr, "isodroid: no level files (*.txt) in %s/; give one: isodroid LEVEL.txt\n", levels);
        return NULL;
    }
    if (stat(arg, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        if (!(path = first_level(arg)))
            fprintf(stderr, "isodroid: %s: no level files (*.txt) in this folder\n", arg);
        return path;
    }
    if (!(path = strdup(arg)))
        fprintf(stderr, "isodroid: out of memory\n");
    return path;
}
