/* text.c - splitting lines into words for the line-based readers, and
 * escaping control bytes for display (text.h). */
#include "text.h"

#include <stdbool.h>

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

const char *text_escape(const char *s, char *out, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0;
    for (; *s && size > 0; s++) {
        unsigned char c = (unsigned char)*s;
        bool control = c < 0x20 || c == 0x7f;
        size_t need = control ? 4 : 1;
        if (n + need >= size)
            break;
        if (control) {
            out[n++] = '\\';
            out[n++] = 'x';
            out[n++] = hex[c >> 4];
            out[n++] = hex[c & 15];
        } else {
            out[n++] = (char)c;
        }
    }
    if (size > 0)
        out[n] = '\0';
    return out;
}
