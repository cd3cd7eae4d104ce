/* pngcheck - inspects a screenshot for the game tests: prints how many
 * distinct colours the image has and how many pixels of the droid's red eye
 * lie inside the box X0 Y0 X1 Y1.   pngcheck FILE X0 Y0 X1 Y1 */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: pngcheck FILE X0 Y0 X1 Y1\n");
        return 2;
    }
    SDL_Surface *raw = IMG_Load(argv[1]);
    if (!raw) {
        fprintf(stderr, "pngcheck: %s: %s\n", argv[1], IMG_GetError());
        return 1;
    }
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
    int x0 = atoi(argv[2]), y0 = atoi(argv[3]), x1 = atoi(argv[4]), y1 = atoi(argv[5]);
    static unsigned char seen[1 << 21];
    long colours = 0, eye = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
            unsigned key = (unsigned)(p[0] >> 1) << 14 | (unsigned)(p[1] >> 1) << 7 | (unsigned)(p[2] >> 1);
            if (!(seen[key >> 3] & (1 << (key & 7)))) {
                seen[key >> 3] |= (unsigned char)(1 << (key & 7));
                colours++;
            }
            if (x >= x0 && x <= x1 && y >= y0 && y <= y1 && p[0] > 220 && p[1] < 120 && p[2] < 100)
                eye++;
        }
    printf("%dx%d colours %ld eye %ld\n", s->w, s->h, colours, eye);
    SDL_FreeSurface(s);
    SDL_FreeSurface(raw);
    return 0;
}
