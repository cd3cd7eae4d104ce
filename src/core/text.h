/* text.h - small text helpers: splitting a line into words (the line-based
 * readers: Moving AI files, scripts) and showing any text safely on a
 * terminal or the screen. Pure C; allocates nothing. */
#ifndef ISODROID_TEXT_H
#define ISODROID_TEXT_H

#include <stddef.h>

/* Splits s in place into at most max words separated by spaces or tabs,
 * pointing word[i] into s; returns how many there are (max + 1 when there
 * are more, with only the first max split off). */
int text_split_words(char *s, char *word[], int max);

/* Copies s into out (size bytes, NUL-terminated, cut to fit) with every
 * control byte (below 0x20, and 0x7f) written as \xHH, so a level's name or
 * a file's path never moves a terminal's cursor or breaks a trace line.
 * Returns out. */
const char *text_escape(const char *s, char *out, size_t size);

#endif
