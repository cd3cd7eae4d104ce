/* SPDX-License-Identifier: MIT */
/* words.h - N_(): marks the rules' player words (tile names, why a lure
 * cannot land, what an edit did) for make pot. The rules stay free of
 * gettext: they return the English words, and the game translates them
 * where it shows them (src/game/i18n.h's _()). */
#ifndef ISODROID_WORDS_H
#define ISODROID_WORDS_H

#ifndef N_
#define N_(s) s
#endif

#endif
