/* SPDX-License-Identifier: MIT */
/* catalog.c - the level select's knowledge of each level file, kept
 * between scans and read again only for a file that changed (catalog.h). */
#include "catalog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "tour.h"

static CatalogStamp stamp_of(const char *path)
{
    CatalogStamp s = {0};
    struct stat st;
    if (path && stat(path, &st) == 0) {
        s.dev = (unsigned long long)st.st_dev;
        s.ino = (unsigned long long)st.st_ino;
        s.size = (unsigned long long)st.st_size;
        s.mtime_s = (long long)st.st_mtim.tv_sec;
        s.mtime_ns = (long)st.st_mtim.tv_nsec;
    }
    return s;
}

static bool same_stamp(const CatalogStamp *a, const CatalogStamp *b)
{
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_s == b->mtime_s &&
           a->mtime_ns == b->mtime_ns;
}

static CatalogEntry *find(const Catalog *c, const char *path)
{
    for (int i = 0; i < c->count; i++)
        if (!strcmp(c->entry[i].path, path))
            return &c->entry[i];
    return NULL;
}

/* Entry *e for level i of s: what the old catalog read of the same path
 * is kept while the file is unchanged. False when memory runs out. */
static bool sync_entry(CatalogEntry *e, const LevelSet *s, int i, const Catalog *old)
{
    if (!(e->path = levelset_path_new(s, i)))
        return false;
    const char *slash = strrchr(e->path, '/');
    e->file = slash ? slash + 1 : e->path;
    e->stamp = stamp_of(e->path);
    const CatalogEntry *was = find(old, e->path);
    if (was && was->ready && same_stamp(&was->stamp, &e->stamp)) {
        e->ready = true;
        e->info = was->info;
    }
    return true;
}

bool catalog_sync(Catalog *c, const LevelSet *set, const LevelSet *extras)
{
    return catalog_sync_own(c, set, extras, NULL);
}

bool catalog_sync_own(Catalog *c, const LevelSet *set, const LevelSet *extras, const LevelSet *own)
{
    Catalog old = *c;
    memset(c, 0, sizeof *c);
    c->reads = old.reads;
    int ne = extras ? extras->count : 0, n = set->count + ne + (own ? own->count : 0);
    bool ok = true;
    if (n > 0 && !(c->entry = calloc((size_t)n, sizeof *c->entry)))
        ok = false;
    for (int i = 0; ok && i < n; i++) {
        bool campaign = i < set->count, extra = !campaign && i < set->count + ne;
        ok = sync_entry(&c->entry[i], campaign ? set : extra ? extras : own,
                        campaign ? i : extra ? i - set->count : i - set->count - ne, &old);
        c->count = i + 1;
    }
    c->campaign = ok ? set->count : 0;
    c->extras = ok ? ne : 0;
    catalog_free(&old);
    if (!ok) {
        long reads = c->reads;
        catalog_free(c);
        c->reads = reads;
    }
    return ok;
}

int catalog_next(const Catalog *c)
{
    for (int i = 0; i < c->count; i++)
        if (!c->entry[i].ready)
            return i;
    return -1;
}

const char *catalog_name_in(const CatalogInfo *info, const char *lang)
{
    size_t n = lang ? strcspn(lang, "_.@") : 0;
    for (int i = 0; n && i < LEVEL_LANG_MAX; i++)
        if (info->names[i].name[0] && strlen(info->names[i].lang) == n && !memcmp(info->names[i].lang, lang, n))
            return info->names[i].name;
    return info->name;
}

void catalog_read(const char *path, CatalogStamp *stamp, CatalogInfo *info)
{
    memset(info, 0, sizeof *info);
    *stamp = stamp_of(path);
    const char *slash = strrchr(path, '/');
    snprintf(info->name, sizeof info->name, "%s", slash ? slash + 1 : path);
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_load(path, &l, &d))
        return;
    info->loads = true;
    info->free_play = !memchr(l.glyphs, '>', (size_t)l.w * (size_t)l.h);
    if (l.name[0])
        snprintf(info->name, sizeof info->name, "%s", l.name);
    for (int i = 0; l.name[0] && i < l.text_count; i++) {
        snprintf(info->names[i].lang, sizeof info->names[i].lang, "%s", l.texts[i].lang);
        snprintf(info->names[i].name, sizeof info->names[i].name, "%s", l.texts[i].name);
    }
    info->key = level_content_hash(&l);
    if (!tour_least_energy(&l, &info->par))
        info->par = 0;
    level_free(&l);
}

void catalog_store(Catalog *c, const char *path, const CatalogStamp *stamp, const CatalogInfo *info)
{
    c->reads++;
    /* every entry of that path (one folder listed twice, as the campaign and
     * as the player's own, lists a file twice); none when it is gone */
    for (int i = 0; i < c->count; i++) {
        CatalogEntry *e = &c->entry[i];
        if (strcmp(e->path, path))
            continue;
        e->stamp = *stamp;
        e->ready = true;
        e->info = *info;
    }
}

void catalog_free(Catalog *c)
{
    for (int i = 0; i < c->count; i++)
        free(c->entry[i].path);
    free(c->entry);
    memset(c, 0, sizeof *c);
}
