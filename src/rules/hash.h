/* SPDX-License-Identifier: MIT */
/* hash.h - FNV-1a (64 bits), the one hash of the rules' keys: the state
 * hashes (sim_hash, sentries_hash), the level's content key
 * (level_content_hash).
 *
 * Numbers go in as their eight bytes, the lowest first, so a value hashes
 * the same on every machine (tests/test_determinism32.sh compares a 32-bit
 * build with a 64-bit one; tests/rules/test_sim.c holds the hashes of
 * earlier plays). A running hash starts at HASH_BASIS. */
#ifndef ISODROID_HASH_H
#define ISODROID_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "coord.h"

#define HASH_BASIS UINT64_C(14695981039346656037) /* FNV-1a's offset basis (0xcbf29ce484222325) */
#define HASH_PRIME UINT64_C(1099511628211)        /* FNV-1a's prime (0x100000001b3) */

/* n bytes, one at a time. */
static inline void hash_bytes(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        *h ^= b[i];
        *h *= HASH_PRIME;
    }
}

/* A number as its eight bytes, the lowest first. */
static inline void hash_u64(uint64_t *h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        *h ^= (unsigned char)(v >> (8 * i));
        *h *= HASH_PRIME;
    }
}

/* A tile as one number: x in the low half, y in the high. */
static inline void hash_tile(uint64_t *h, NavPos t)
{
    hash_u64(h, (uint64_t)(uint32_t)t.x | (uint64_t)(uint32_t)t.y << 32);
}

/* A whole word in one step, xored in and multiplied (FNV-1a's step on a
 * word instead of a byte: quicker, for keys that only need to differ). */
static inline void hash_word(uint64_t *h, uint64_t w)
{
    *h = (*h ^ w) * HASH_PRIME;
}

#endif
