/* SPDX-License-Identifier: MIT */
/* pngcheck - inspects a screenshot for the game tests: prints how many
 * distinct colours the image has and how many pixels of the droid's red eye
 * lie inside the box X0 Y0 X1 Y1; given a colour, also how many pixels in
 * the box are within TOL of it on every channel, and their bounding box;
 * given another image, how many pixels of the box differ between the two.
 *   pngcheck FILE X0 Y0 X1 Y1 [R G B TOL | diff OTHER.png]
 *   -> WxH colours N eye N [match N bbox X0 Y0 X1 Y1 | diff N]
 *   (bbox -1 -1 -1 -1 when nothing matches)
 * or, given one pixel, its colour (-1 -1 -1 -1 outside the image):
 *   pngcheck FILE X Y  ->  WxH pixel R G B A */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int near(int a, int b, int tol)
{
    return abs(a - b) <= tol;
}

/* "WxH pixel R G B A" of pixel (x, y). */
static void print_pixel(const SDL_Surface *s, int x, int y)
{
    printf("%dx%d pixel ", s->w, s->h);
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) {
        printf("-1 -1 -1 -1\n");
        return;
    }
    const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + x * 4;
    printf("%d %d %d %d\n", p[0], p[1], p[2], p[3]);
}

int main(int argc, char **argv)
{
    bool diff = argc == 8 && !strcmp(argv[6], "diff");
    if (argc != 4 && argc != 6 && argc != 10 && !diff) {
        fprintf(stderr, "usage: pngcheck FILE X0 Y0 X1 Y1 [R G B TOL | diff OTHER.png] | pngcheck FILE X Y\n");
        return 2;
    }
    SDL_Surface *raw = IMG_Load(argv[1]);
    if (!raw) {
        fprintf(stderr, "pngcheck: %s: %s\n", argv[1], IMG_GetError());
        return 1;
    }
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0), *o = NULL;
    if (argc == 4) {
        print_pixel(s, atoi(argv[2]), atoi(argv[3]));
        SDL_FreeSurface(s);
        SDL_FreeSurface(raw);
        return 0;
    }
    if (diff) {
        SDL_Surface *raw2 = IMG_Load(argv[7]);
        if (!raw2) {
            fprintf(stderr, "pngcheck: %s: %s\n", argv[7], IMG_GetError());
            return 1;
        }
        o = SDL_ConvertSurfaceFormat(raw2, SDL_PIXELFORMAT_RGBA32, 0);
        SDL_FreeSurface(raw2);
        if (o->w != s->w || o->h != s->h) {
            fprintf(stderr, "pngcheck: %s and %s differ in size\n", argv[1], argv[7]);
            return 1;
        }
    }
    int x0 = atoi(argv[2]), y0 = atoi(argv[3]), x1 = atoi(argv[4]), y1 = atoi(argv[5]);
    int want = argc == 10, cr = 0, cg = 0, cb = 0, tol = 0;
    if (want) {
        cr = atoi(argv[6]);
        cg = atoi(argv[7]);
        cb = atoi(argv[8]);
        tol = atoi(argv[9]);
    }
    static unsigned char seen[1 << 21];
    long colours = 0, eye = 0, match = 0, differ = 0;
    int bx0 = -1, by0 = -1, bx1 = -1, by1 = -1;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
            unsigned key = (unsigned)(p[0] >> 1) << 14 | (unsigned)(p[1] >> 1) << 7 | (unsigned)(p[2] >> 1);
            if (!(seen[key >> 3] & (1 << (key & 7)))) {
                seen[key >> 3] |= (unsigned char)(1 << (key & 7));
                colours++;
            }
            if (x < x0 || x > x1 || y < y0 || y > y1)
                continue;
            if (p[0] > 220 && p[1] < 120 && p[2] < 100)
                eye++;
            if (o && memcmp(p, (Uint8 *)o->pixels + y * o->pitch + x * 4, 3) != 0)
                differ++;
            if (want && near(p[0], cr, tol) && near(p[1], cg, tol) && near(p[2], cb, tol)) {
                if (!match++) {
                    bx0 = bx1 = x;
                    by0 = by1 = y;
                }
                bx0 = x < bx0 ? x : bx0;
                bx1 = x > bx1 ? x : bx1;
                by0 = y < by0 ? y : by0;
                by1 = y > by1 ? y : by1;
            }
        }
    printf("%dx%d colours %ld eye %ld", s->w, s->h, colours, eye);
    if (want)
        printf(" match %ld bbox %d %d %d %d", match, bx0, by0, bx1, by1);
    if (o)
        printf(" diff %ld", differ);
    printf("\n");
    SDL_FreeSurface(o);
    SDL_FreeSurface(s);
    SDL_FreeSurface(raw);
    return 0;
}
