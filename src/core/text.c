/* text.c - splitting lines into words for the line-based readers (text.h). */
#include "text.h"

int text_split_words(char *s, char *word[], int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return n + 1;
        word[n++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (*s)
            *s++ = '\0';
    }
}
