/* SPDX-License-Identifier: MIT */
/* fuzz_util.c - the helpers of fuzz.h, linked into every fuzz target and
 * every corpus replay. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

FILE *fuzz_open_bytes(const uint8_t *data, size_t size)
{
    if (size == 0) /* fmemopen may refuse a zero-sized buffer */
        return fopen("/dev/null", "rb");
    return fmemopen((void *)data, size, "rb");
}

static char scratch[64];

static void remove_scratch(void)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz: could not remove %s\n", scratch);
}

const char *fuzz_scratch_path(const char *name)
{
    static char path[128];
    if (!scratch[0]) {
        snprintf(scratch, sizeof scratch, "%s/isodroid-fuzz-XXXXXX", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
        if (!mkdtemp(scratch)) {
            perror("fuzz: mkdtemp");
            abort();
        }
        atexit(remove_scratch);
    }
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    return path;
}
