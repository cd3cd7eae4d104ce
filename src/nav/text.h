/* SPDX-License-Identifier: MIT */
/* text.h - small text helpers: splitting a line into words (the line-based
 * readers: Moving AI files, scripts) and showing any text safely on a
 * terminal or the screen, or in a field of a line-based file and back.
 * Pure C; allocates nothing. */
#ifndef ISONAV_TEXT_H
#define ISONAV_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Splits s in place into at most max words separated by spaces or tabs,
 * pointing word[i] into s; returns how many there are (max + 1 when there
 * are more, with only the first max split off). */
int text_split_words(char *s, char *word[], int max);

/* snprintf into a message buffer of n bytes (cut to fit; nothing when out
 * is NULL or n is 0): the readers' and parsers' error texts. */
void text_format(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The part of path after its last '/' (path itself when it has none). */
const char *text_base_name(const char *path);

/* Copies s into out (size bytes, NUL-terminated, cut to fit) with every
 * control byte (below 0x20, and 0x7f) written as \xHH, so a level's name or
 * a file's path never moves a terminal's cursor or breaks a trace line.
 * Returns out. */
const char *text_escape(const char *s, char *out, size_t size);

/* A reversible escape for one field of a line-based file, where a tab ends
 * the field, a line feed ends the line and trailing blanks are trimmed:
 * a backslash is written \\, a tab \t, a line feed \n, a carriage return
 * \r, every other control byte (below 0x20, and 0x7f) \xHH, and a space
 * that ends s \x20; every other byte as it is. Needs at most
 * TEXT_FIELD_GROWTH * strlen(s) + 1 bytes; false (out "") when size is less
 * than what s needs. */
enum { TEXT_FIELD_GROWTH = 4 };
bool text_escape_field(const char *s, char *out, size_t size);
/* Reverses text_escape_field in place. False (s then undefined) when a
 * backslash starts none of those escapes, or \x00 would cut the text. */
bool text_unescape_field(char *s);

#endif
