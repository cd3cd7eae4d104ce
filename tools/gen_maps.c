/* SPDX-License-Identifier: MIT */
/* gen_maps.c - test maps for the planners' benchmarks, in Moving AI's
 * formats, so that figures do not rest on one family of maps:
 *
 *   gen_maps maze W H CORRIDOR SEED [WALL]  > NAME.map
 *       a perfect maze (one way between any two tiles; randomised Kruskal)
 *       whose corridors are
 *       CORRIDOR tiles wide and whose walls are WALL tiles thick (default 1,
 *       as Moving AI's maze512-C-N);
 *   gen_maps sc W H SEED                    > NAME.map
 *       a StarCraft-like open map: wide areas (a Voronoi partition of the
 *       map) walled off from each other by cliffs at every angle (so walls
 *       run diagonally as staircases), joined by narrow passages (2 to 8
 *       tiles) along a spanning tree of the areas and a few more, with
 *       lakes and rocks inside the areas and an unwalkable rim;
 *   gen_maps scen MAP COUNT SEED            > MAP.scen
 *       COUNT queries (Moving AI version 1) on the map's largest connected
 *       area, 10 from each start, the goals spread over the lengths; each
 *       length is found by a Dijkstra written here (8-way, a diagonal costs
 *       sqrt 2 and needs both orthogonal neighbours free), independent of
 *       src/nav.
 *
 * Random numbers: splitmix64 with state = SEED; the same arguments give the
 * same file. Build: cc -O2 -o build/gen_maps tools/gen_maps.c -lm
 * (tools/bench_maps.sh does it and writes the benchmark set into build/). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int rn(int n)
{
    return (int)(rng() % (uint64_t)n);
}

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n ? n : 1, s);
    if (!p) {
        fprintf(stderr, "gen_maps: out of memory\n");
        exit(1);
    }
    return p;
}

/* free[y * w + x]: 1 walkable */
static void write_map(const uint8_t *free_, int w, int h)
{
    printf("type octile\nheight %d\nwidth %d\nmap\n", h, w);
    char *row = xcalloc((size_t)w + 2, 1);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++)
            row[x] = free_[(size_t)y * w + x] ? '.' : '@';
        row[w] = '\n';
        fwrite(row, 1, (size_t)w + 1, stdout);
    }
    free(row);
}

/* ---- mazes ------------------------------------------------------------- */

static int maze(int w, int h, int c, int wall)
{
    int pitch = c + wall;
    int cw = (w - wall) / pitch, ch = (h - wall) / pitch;
    if (c < 1 || wall < 1 || cw < 1 || ch < 1) {
        fprintf(stderr, "gen_maps: maze too small for corridor %d\n", c);
        return 2;
    }
    uint8_t *free_ = xcalloc((size_t)w * h, 1);
    /* randomised Kruskal: the walls between cells in random order, each
     * opened when it joins two parts not yet joined (short dead ends and
     * paths of moderate length, as Moving AI's mazes) */
    int cells = cw * ch, walls = 0;
    int *parent = xcalloc((size_t)cells, sizeof *parent);
    int *wall_of = xcalloc((size_t)cells * 2, sizeof *wall_of);
    for (int i = 0; i < cells; i++) {
        parent[i] = i;
        if (i % cw + 1 < cw)
            wall_of[walls++] = 2 * i;     /* east of cell i */
        if (i / cw + 1 < ch)
            wall_of[walls++] = 2 * i + 1; /* south of cell i */
    }
    for (int i = walls - 1; i > 0; i--) {
        int j = rn(i + 1), t = wall_of[i];
        wall_of[i] = wall_of[j];
        wall_of[j] = t;
    }
#define CARVE(x0, y0, x1, y1)                                                                                        \
    for (int yy = (y0); yy < (y1); yy++)                                                                           \
        for (int xx = (x0); xx < (x1); xx++)                                                                       \
            free_[(size_t)yy * w + xx] = 1;
    for (int i = 0; i < cw; i++)
        for (int j = 0; j < ch; j++) {
            int x = wall + i * pitch, y = wall + j * pitch;
            CARVE(x, y, x + c, y + c);
        }
    for (int k = 0; k < walls; k++) {
        int a = wall_of[k] / 2, south = wall_of[k] % 2, b = south ? a + cw : a + 1;
        int ra = a, rb = b;
        while (parent[ra] != ra)
            ra = parent[ra] = parent[parent[ra]];
        while (parent[rb] != rb)
            rb = parent[rb] = parent[parent[rb]];
        if (ra == rb)
            continue;
        parent[ra] = rb;
        int x = wall + (a % cw) * pitch, y = wall + (a / cw) * pitch;
        if (south)
            CARVE(x, y + c, x + c, y + c + wall)
        else
            CARVE(x + c, y, x + c + wall, y + c)
    }
#undef CARVE
    write_map(free_, w, h);
    free(free_);
    free(parent);
    free(wall_of);
    return 0;
}

/* ---- StarCraft-like open maps ------------------------------------------ */

static void disc(uint8_t *m, int w, int h, int cx, int cy, int r, uint8_t v)
{
    for (int y = cy - r; y <= cy + r; y++)
        for (int x = cx - r; x <= cx + r; x++)
            if (x >= 0 && y >= 0 && x < w && y < h && (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                m[(size_t)y * w + x] = v;
}

static int sc(int w, int h)
{
    size_t tiles = (size_t)w * h;
    int areas = 20 + rn(16);
    int *ax = xcalloc((size_t)areas, sizeof *ax), *ay = xcalloc((size_t)areas, sizeof *ay);
    for (int a = 0; a < areas; a++) {
        ax[a] = w / 10 + rn(w * 8 / 10);
        ay[a] = h / 10 + rn(h * 8 / 10);
    }
    /* each tile's nearest and second nearest area centre; a tile is a cliff
     * where the two are about as near (|d1 - d2| under the cliff's half
     * thickness): straight boundaries at every angle */
    uint16_t *own = xcalloc(tiles, sizeof *own), *other = xcalloc(tiles, sizeof *other);
    uint8_t *free_ = xcalloc(tiles, 1);
    double half = 1.5 + rn(3);  /* cliffs 3 to 9 tiles thick */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double d1 = 1e18, d2 = 1e18;
            int a1 = 0, a2 = 0;
            for (int a = 0; a < areas; a++) {
                double d = hypot(x - ax[a], y - ay[a]);
                if (d < d1) {
                    d2 = d1, a2 = a1;
                    d1 = d, a1 = a;
                } else if (d < d2) {
                    d2 = d, a2 = a;
                }
            }
            size_t i = (size_t)y * w + x;
            own[i] = (uint16_t)a1;
            other[i] = (uint16_t)a2;
            /* the distance to the bisector of the two centres */
            double sep = hypot(ax[a1] - ax[a2], ay[a1] - ay[a2]);
            free_[i] = (d2 * d2 - d1 * d1) / (2 * (sep > 0 ? sep : 1)) > half;
        }
    /* passages: the areas joined along a random spanning tree (Prim's on
     * adjacency) and a third as many more; a passage is a disc cut into the
     * cliff at a boundary tile of the pair */
    uint8_t *adj = xcalloc((size_t)areas * areas, 1);
    for (size_t i = 0; i < tiles; i++)
        if (!free_[i])
            adj[own[i] * areas + other[i]] = adj[other[i] * areas + own[i]] = 1;
    uint8_t *in = xcalloc((size_t)areas, 1);
    int joined = 1, extra = areas / 3;
    in[0] = 1;
    int tries = 0;
    while ((joined < areas || extra > 0) && tries++ < 100000) {
        int a = rn(areas), b = rn(areas);
        if (a == b || !adj[a * areas + b])
            continue;
        if (joined < areas && in[a] == in[b])
            continue;
        if (joined >= areas)
            extra--;
        else {
            in[a] = in[b] = 1;
            joined++;
        }
        /* a boundary tile of a and b, picked at random among a sample */
        for (int k = 0; k < 200000; k++) {
            size_t i = (size_t)rn((int)tiles);
            if (free_[i] || !((own[i] == a && other[i] == b) || (own[i] == b && other[i] == a)))
                continue;
            int r = 1 + rn(4) + (int)half; /* a passage 2 to 8 tiles wide at its narrowest */
            disc(free_, w, h, (int)(i % (size_t)w), (int)(i / (size_t)w), r, 1);
            break;
        }
    }
    /* lakes and rocks inside the areas, then the rim */
    int blobs = (int)(tiles / 6000);
    for (int k = 0; k < blobs; k++) {
        int r = rn(5) == 0 ? 6 + rn(20) : 1 + rn(4);
        disc(free_, w, h, rn(w), rn(h), r, 0);
    }
    int rim = 2 + rn(6);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (x < rim || y < rim || x >= w - rim || y >= h - rim)
                free_[(size_t)y * w + x] = 0;
    write_map(free_, w, h);
    free(ax);
    free(ay);
    free(own);
    free(other);
    free(free_);
    free(adj);
    free(in);
    return 0;
}

/* ---- scenarios --------------------------------------------------------- */

typedef struct {
    double key;
    uint32_t tile;
} Item;

static Item *heap;
static size_t heap_n;

static void push(double key, uint32_t tile)
{
    size_t i = heap_n++;
    while (i) {
        size_t p = (i - 1) / 2;
        if (heap[p].key <= key)
            break;
        heap[i] = heap[p];
        i = p;
    }
    heap[i] = (Item){key, tile};
}

static Item pop(void)
{
    Item top = heap[0], last = heap[--heap_n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= heap_n)
            break;
        if (c + 1 < heap_n && heap[c + 1].key < heap[c].key)
            c++;
        if (heap[c].key >= last.key)
            break;
        heap[i] = heap[c];
        i = c;
    }
    if (heap_n)
        heap[i] = last;
    return top;
}

/* Dijkstra from s over free_ (w x h): dist (INFINITY unreached); counted
 * in steps as straight + diagonal * sqrt 2, kept as the two counts so that
 * lengths are exact sums. */
static void dijkstra(const uint8_t *free_, int w, int h, uint32_t s, double *dist)
{
    size_t tiles = (size_t)w * h;
    for (size_t i = 0; i < tiles; i++)
        dist[i] = INFINITY;
    heap_n = 0;
    dist[s] = 0;
    push(0, s);
    const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    while (heap_n) {
        Item it = pop();
        if (it.key > dist[it.tile])
            continue;
        int x = (int)(it.tile % (uint32_t)w), y = (int)(it.tile / (uint32_t)w);
        for (int d = 0; d < 8; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || !free_[(size_t)ny * w + nx])
                continue;
            if (d >= 4 && (!free_[(size_t)y * w + nx] || !free_[(size_t)ny * w + x]))
                continue;
            double nd = it.key + (d >= 4 ? M_SQRT2 : 1.0);
            uint32_t t = (uint32_t)ny * (uint32_t)w + (uint32_t)nx;
            if (nd < dist[t] - 1e-9) {
                dist[t] = nd;
                push(nd, t);
            }
        }
    }
}

typedef struct {
    int sx, sy, gx, gy;
    double len;
} Query;

static int by_len(const void *a, const void *b)
{
    double x = ((const Query *)a)->len, y = ((const Query *)b)->len;
    return (x > y) - (x < y);
}

static int scen(const char *path, int count)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    int w = 0, h = 0;
    char word[64];
    while (fscanf(f, "%63s", word) == 1 && strcmp(word, "map")) {
        if (!strcmp(word, "height") && fscanf(f, "%d", &h) != 1)
            return 2;
        if (!strcmp(word, "width") && fscanf(f, "%d", &w) != 1)
            return 2;
    }
    if (w < 1 || h < 1)
        return 2;
    size_t tiles = (size_t)w * h;
    uint8_t *free_ = xcalloc(tiles, 1);
    size_t k = 0;
    int c;
    while (k < tiles && (c = fgetc(f)) != EOF)
        if (c != '\n' && c != '\r')
            free_[k++] = c == '.' || c == 'G' || c == 'S';
    fclose(f);
    heap = xcalloc(tiles * 8 + 1, sizeof *heap);
    double *dist = xcalloc(tiles, sizeof *dist);
    /* the largest area: the one reached from most of a few sampled tiles */
    uint32_t best = 0;
    size_t best_n = 0;
    for (int t = 0; t < 8; t++) {
        uint32_t s = (uint32_t)rn((int)tiles);
        if (!free_[s])
            continue;
        dijkstra(free_, w, h, s, dist);
        size_t n = 0;
        for (size_t i = 0; i < tiles; i++)
            n += isfinite(dist[i]);
        if (n > best_n)
            best_n = n, best = s;
    }
    if (!best_n)
        return 2;
    dijkstra(free_, w, h, best, dist);
    uint32_t *area = xcalloc(best_n, sizeof *area);
    size_t an = 0;
    for (size_t i = 0; i < tiles; i++)
        if (isfinite(dist[i]))
            area[an++] = (uint32_t)i;
    Query *q = xcalloc((size_t)count, sizeof *q);
    int per = 10, made = 0;
    while (made < count) {
        uint32_t s = area[rn((int)an)];
        dijkstra(free_, w, h, s, dist);
        double far = 0;
        for (size_t i = 0; i < an; i++)
            if (dist[area[i]] > far)
                far = dist[area[i]];
        for (int j = 0; j < per && made < count; j++) {
            /* a goal in band j of the lengths: tried a few times, else any */
            uint32_t g = s;
            for (int t = 0; t < 400; t++) {
                uint32_t cand = area[rn((int)an)];
                double band = dist[cand] * per / (far > 0 ? far : 1);
                g = cand;
                if ((int)band == j)
                    break;
            }
            if (g == s)
                continue;
            q[made++] = (Query){(int)(s % (uint32_t)w), (int)(s / (uint32_t)w), (int)(g % (uint32_t)w),
                                (int)(g / (uint32_t)w), dist[g]};
        }
    }
    qsort(q, (size_t)count, sizeof *q, by_len);
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    printf("version 1\n");
    for (int i = 0; i < count; i++)
        printf("%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n", (int)(q[i].len / 4), name, w, h, q[i].sx, q[i].sy, q[i].gx,
               q[i].gy, q[i].len);
    free(free_);
    free(heap);
    free(dist);
    free(area);
    free(q);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 6 && !strcmp(argv[1], "maze")) {
        rng_state = strtoull(argv[5], NULL, 10);
        return maze(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argc > 6 ? atoi(argv[6]) : 1);
    }
    if (argc == 5 && !strcmp(argv[1], "sc")) {
        rng_state = strtoull(argv[4], NULL, 10);
        return sc(atoi(argv[2]), atoi(argv[3]));
    }
    if (argc == 5 && !strcmp(argv[1], "scen")) {
        rng_state = strtoull(argv[4], NULL, 10);
        return scen(argv[2], atoi(argv[3]));
    }
    fprintf(stderr, "usage: gen_maps maze W H CORRIDOR SEED [WALL] | sc W H SEED | scen MAP COUNT SEED\n");
    return 2;
}
