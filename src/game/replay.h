/* SPDX-License-Identifier: MIT */
/* replay.h - recordings of play (--record FILE) and reading them back
 * (--replay FILE). A recording is text: the first line "isodroid-replay 2"
 * ("isodroid-replay 1": made by 0.9.0, whose walks were planned by A*; it
 * is read, but where several paths are equally short today's walks may take
 * another, so it may not play the same),
 * then "level PATH", then one input a line with the tick it was applied at:
 *   TICK goto X Y | TICK push DX DY | TICK hold X Y | TICK release 0 0 |
 *   TICK restart 0 0 | TICK level PATH | TICK rewind TO | TICK end
 * Ticks count from the level's (re)start and never go back, but after a
 * restart or a level line (they start at 0 again) and after "rewind TO"
 * (they go on from TO). Blank lines and lines starting with '#' are
 * skipped (and counted for the line numbers of messages). Arguments: goto
 * and hold a tile (-1 to LEVEL_MAX_SIDE), push -1 to 1 each, release and
 * restart 0 0. Every line is flushed as it is written, so a recording cut
 * short by a kill or a crash keeps every input up to then. No SDL.
 *
 * The ticks a whole recording makes the game play are bounded, not only
 * each line's (REPLAY_MAX_TOTAL_TICKS): replay_load adds up what its lines
 * play (a line plays from where the one before left the play: its tick, or
 * the tick a rewind went back to, or 0 after a restart or a level line)
 * and refuses the recording at the line that passes the bound, before
 * anything plays; replay_count_rewind adds, as it plays, what each rewind
 * plays again from the history's copy before its tick.
 * replay_load owns the lines until replay_free. Writers: the game
 * (--record), isopath solve (--out). */
#ifndef ISODROID_REPLAY_H
#define ISODROID_REPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "history.h"
#include "sim.h"

#define REPLAY_HEADER "isodroid-replay 2"
#define REPLAY_HEADER_V1 "isodroid-replay 1"
enum { REPLAY_MAX_BYTES = 64 * 1024 * 1024 };
/* A line's tick, counted from the level's (re)start: five hours of play.
 * The whole recording is bounded too (REPLAY_MAX_TOTAL_TICKS). */
#define REPLAY_MAX_TICK 1080000L
/* Ticks a whole recording may make the game play, rewinds, restarts and
 * level lines playing again included: a day of play. A recording made at
 * the keyboard plays each tick once as it was played (and a rewind the
 * ticks back from the copy before it), so only a day of play reaches it.
 * Without a window a day plays in about 4 to 6 s on the campaign's levels
 * (5 to 14 s under the sanitizers); a tick costs more with more sentries
 * (about 0.1 ms with levels/extra/swarm.txt's 1213: a day there is some
 * 9 minutes). */
#define REPLAY_MAX_TOTAL_TICKS 5184000L

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
    int version;        /* 2, or 1: made by 0.9.0 (see above) */
    ReplayLine *line;
    int count, cap, next;
    uint64_t ticks;     /* ticks it makes the game play, counted so far (at most REPLAY_MAX_TOTAL_TICKS) */
} Replay;

/* Reads a recording; false with FILE:LINE:COL messages in d (and r zeroed). */
bool replay_load(const char *path, Replay *r, NavDiags *d);
void replay_free(Replay *r); /* accepts a zeroed replay */
/* Before a rewind to tick `to` is played on the history h: the ticks it
 * plays again (from h's copy at or before `to`, history_rewind) into
 * *again, and counted in r->ticks; false, nothing counted, when that would
 * pass REPLAY_MAX_TOTAL_TICKS (the replay fails there). */
bool replay_count_rewind(Replay *r, const History *h, uint64_t to, uint64_t *again);
/* Starts a recording: the header and the level. False, with nothing
 * written, when the path cannot stand on the "level" line (replay_path_ok):
 * the game refuses --record for such a level before it starts. */
bool replay_write_header(FILE *f, const char *level_path);
/* One input line: "TICK goto X Y" and so on. */
void replay_write_cmd(FILE *f, uint64_t tick, const SimCmd *c);
/* "TICK rewind TO". */
void replay_write_rewind(FILE *f, uint64_t tick, uint64_t to);
/* "TICK level PATH"; false (nothing written) when the path cannot be
 * written on one line (it holds a line break). */
bool replay_write_level(FILE *f, uint64_t tick, const char *path);
/* Can this path be a recording's "level" line? Not empty, and no line feed
 * or carriage return (they would end the line); a tab, a space or any other
 * byte is written and read back as it is. */
bool replay_path_ok(const char *path);

#endif
