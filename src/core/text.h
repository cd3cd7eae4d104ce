/* text.h - small helpers the line-based readers share (Moving AI files,
 * scripts): splitting a line into words. Pure C; works in place, allocates
 * nothing. */
#ifndef ISODROID_TEXT_H
#define ISODROID_TEXT_H

/* Splits s in place into at most max words separated by spaces or tabs,
 * pointing word[i] into s; returns how many there are (max + 1 when there
 * are more, with only the first max split off). */
int text_split_words(char *s, char *word[], int max);

#endif
