/* SPDX-License-Identifier: MIT */
/* png.c - isopath_png_save (isopath.h): a Picture as a PNG file, for
 * isopath render. libpng's simplified API encodes the RGBA buffer into
 * memory, and fileio_write_atomic writes the bytes (a temporary file beside
 * the real one, then a rename). No SDL. */
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "isopath.h"

bool isopath_png_save(const Picture *p, const char *path, char *err, size_t err_size)
{
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)p->w;
    image.height = (png_uint_32)p->h;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t len = 0;
    /* first the size it needs, then the bytes */
    if (!png_image_write_to_memory(&image, NULL, &len, 0, p->rgba, 0, NULL)) {
        snprintf(err, err_size, "%s: cannot make the PNG: %s", path, image.message);
        return false;
    }
    void *bytes = malloc(len ? len : 1);
    if (!bytes) {
        png_image_free(&image);
        snprintf(err, err_size, "%s: out of memory making the PNG", path);
        return false;
    }
    bool ok = png_image_write_to_memory(&image, bytes, &len, 0, p->rgba, 0, NULL);
    if (!ok)
        snprintf(err, err_size, "%s: cannot make the PNG: %s", path, image.message);
    ok = ok && fileio_write_atomic(path, bytes, len, err, err_size);
    free(bytes);
    png_image_free(&image);
    return ok;
}
