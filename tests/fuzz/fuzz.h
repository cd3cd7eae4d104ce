/* SPDX-License-Identifier: MIT */
/* fuzz.h - what the fuzz targets share: the libFuzzer entry point, a FILE*
 * over the input bytes, a scratch folder for save round trips, and a check
 * that aborts (so libFuzzer and the replay both report it). */
#ifndef ISODROID_FUZZ_H
#define ISODROID_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property of the code under test does not hold: say which, then abort. */
#define FUZZ_CHECK(cond)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: fuzz property failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

/* A read-only stream over size bytes (an empty one for size 0); NULL when
 * out of memory. */
FILE *fuzz_open_bytes(const uint8_t *data, size_t size);
/* "DIR/name" in a scratch folder made once per process (on /dev/shm when
 * there is one, so saves cost no disk flush); static storage. */
const char *fuzz_scratch_path(const char *name);

#endif
