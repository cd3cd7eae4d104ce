/* SPDX-License-Identifier: MIT */
/* mood.h - what the music says about the play: calm while no sentry is
 * after the droid, wary while one searches or walks back to its post (after
 * a lure, or having lost the droid), danger while one has noticed it or
 * chases it. Decided here from the rules' state, played by the platform's
 * sound (music.h's layers). Pure and O(sentries); changes nothing. */
#ifndef ISODROID_MOOD_H
#define ISODROID_MOOD_H

#include "game.h"
#include "music.h"
#include "sim.h"

/* The mood of a play as it stands: calm once it is won or lost. */
MusicMood mood_of_play(const Sim *s);
/* The mood of the game's play (calm while it is being edited). */
MusicMood mood_of_game(const Game *g);

#endif
