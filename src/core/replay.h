/* replay.h - recordings of play (--record FILE) and reading them back
 * (--replay FILE). A recording is text: the first line "isodroid-replay 1",
 * then "level PATH", then one input a line with the tick it was applied at:
 *   TICK goto X Y | TICK push DX DY | TICK hold X Y | TICK release 0 0 |
 *   TICK restart 0 0 | TICK level PATH | TICK rewind TO | TICK end
 * Ticks count from the level's (re)start; after "rewind TO" the play is back
 * at tick TO, so the ticks that follow count on from there. No SDL.
 * replay_load owns the lines until replay_free. Writers: the game
 * (--record), isopath solve (--out). */
#ifndef ISODROID_REPLAY_H
#define ISODROID_REPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "sim.h"

#define REPLAY_HEADER "isodroid-replay 1"
enum { REPLAY_MAX_BYTES = 64 * 1024 * 1024 };
#define REPLAY_MAX_TICK 2000000000L /* ticks after a (re)start: over a year of play */

typedef enum ReplayKind { REPLAY_CMD, REPLAY_LEVEL, REPLAY_REWIND, REPLAY_END } ReplayKind;

typedef struct ReplayLine {
    ReplayKind kind;
    uint64_t tick;
    SimCmd cmd;   /* REPLAY_CMD */
    char *path;   /* REPLAY_LEVEL (malloc'd) */
    uint64_t to;  /* REPLAY_REWIND: the tick the play goes back to (<= tick) */
    int line;
} ReplayLine;

typedef struct Replay {
    char *level;        /* the level it starts on */
    ReplayLine *line;
    int count, next;
} Replay;

/* Reads a recording; false with FILE:LINE:COL messages in d (and r zeroed). */
bool replay_load(const char *path, Replay *r, Diags *d);
void replay_free(Replay *r); /* accepts a zeroed replay */
/* Starts a recording: the header and the level. */
void replay_write_header(FILE *f, const char *level_path);
/* One input line: "TICK goto X Y" and so on. */
void replay_write_cmd(FILE *f, uint64_t tick, const SimCmd *c);
/* "TICK rewind TO". */
void replay_write_rewind(FILE *f, uint64_t tick, uint64_t to);

#endif
