/* SPDX-License-Identifier: MIT */
/* picture_png.c - picture_png_save (picture.h): a Picture as a PNG file.
 * SDL2_image encodes the buffer in place (a surface made on its pixels)
 * into memory, and fileio_write_atomic writes the bytes (a temporary file
 * beside the real one, then a rename). Needs no display and no SDL_Init.
 * The one platform file isopath links. */
#include <SDL.h>
#include <SDL_image.h>

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fileio.h"
#include "picture.h"

/* The encoded bytes, growing as SDL2_image writes them. */
typedef struct PngBytes {
    unsigned char *data;
    size_t len, cap;
} PngBytes;

static size_t SDLCALL bytes_write(SDL_RWops *rw, const void *src, size_t size, size_t num)
{
    PngBytes *b = rw->hidden.unknown.data1;
    if (num > 0 && size > (SIZE_MAX - b->len) / num)
        return 0;
    size_t n = size * num;
    if (!buf_room(&b->data, &b->cap, 1, b->len + n, 1 << 16, SIZE_MAX))
        return 0;
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return num;
}

static Sint64 SDLCALL bytes_size(SDL_RWops *rw)
{
    return (Sint64)((PngBytes *)rw->hidden.unknown.data1)->len;
}

/* Only where the writing stands can be asked for. */
static Sint64 SDLCALL bytes_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    if (offset != 0 || whence == RW_SEEK_SET)
        return SDL_SetError("cannot seek in the PNG's bytes");
    return bytes_size(rw);
}

static size_t SDLCALL bytes_read(SDL_RWops *rw, void *dst, size_t size, size_t num)
{
    (void)rw, (void)dst, (void)size, (void)num;
    SDL_SetError("the PNG's bytes are only written");
    return 0;
}

static int SDLCALL bytes_close(SDL_RWops *rw)
{
    SDL_FreeRW(rw);
    return 0;
}

/* The PNG's bytes into b; false with why in err. */
static bool encode(const Picture *p, PngBytes *b, const char *path, char *err, size_t err_size)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormatFrom(p->rgba, p->w, p->h, 32, p->w * 4, SDL_PIXELFORMAT_RGBA32);
    SDL_RWops *rw = s ? SDL_AllocRW() : NULL;
    if (!rw) {
        snprintf(err, err_size, "%s: cannot make the PNG: %s", path, SDL_GetError());
        SDL_FreeSurface(s);
        return false;
    }
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->size = bytes_size;
    rw->seek = bytes_seek;
    rw->read = bytes_read;
    rw->write = bytes_write;
    rw->close = bytes_close;
    rw->hidden.unknown.data1 = b;
    bool ok = IMG_SavePNG_RW(s, rw, 1) == 0;
    if (!ok)
        snprintf(err, err_size, "%s: cannot make the PNG: %s", path, IMG_GetError());
    SDL_FreeSurface(s);
    return ok;
}

bool picture_png_save(const Picture *p, const char *path, char *err, size_t err_size)
{
    PngBytes b = {0};
    bool ok = encode(p, &b, path, err, err_size) && fileio_write_atomic(path, b.data, b.len, err, err_size);
    free(b.data);
    return ok;
}
