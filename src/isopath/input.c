/* input.c - the files 'isopath path' and 'check' read: level files and
 * Moving AI maps, told apart by name or first line. Prints nothing. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "isopath.h"
#include "movingai.h"

enum { SNIFF_BYTES = 256 };

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* Only a regular file is a map here: the Moving AI reader would wait for
 * ever on a named pipe, while the level loader names a pipe, a device, a
 * folder or a missing file at once. */
bool isopath_is_movingai(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
        return false;
    if (ends_with(path, ".map"))
        return true;
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[SNIFF_BYTES + 1];
    size_t n = fread(buf, 1, SNIFF_BYTES, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = buf + strspn(buf, " \t\r\n");
    return strncmp(p, "type", 4) == 0 && (p[4] == ' ' || p[4] == '\t');
}

int isopath_input_load(const char *path, bool maps, IsopathInput *in, NavDiags *d)
{
    memset(in, 0, sizeof *in);
    nav_diag_clear(d);
    in->movingai = maps && isopath_is_movingai(path);
    if (in->movingai)
        return isopath_load_exit(nav_movingai_load_map(path, &in->grid, d));
    if (!level_load(path, &in->level, d))
        return ISOPATH_EXIT_INPUT;
    if (!level_build_grid(&in->level, &in->grid)) {
        nav_diag_add(d, path, 0, 0, "out of memory");
        level_free(&in->level);
        return ISOPATH_EXIT_FAILURE;
    }
    return ISOPATH_EXIT_OK;
}

void isopath_input_free(IsopathInput *in)
{
    nav_grid_deinit(&in->grid);
    level_free(&in->level);
}
