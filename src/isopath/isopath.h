/* isopath.h - shared helpers of the isopath commands (main.c) and the
 * command entry points that live in their own files. */
#ifndef ISODROID_ISOPATH_H
#define ISODROID_ISOPATH_H

#include <stdbool.h>

#include "coord.h"
#include "grid.h"
#include "level.h"
#include "path.h"

/* Prints "isopath: <message>" and the --help hint; returns exit code 2. */
int isopath_usage_error(const char *fmt, const char *arg);
/* "X,Y" -> TilePos. */
bool isopath_parse_xy(const char *s, TilePos *out);
/* Parses argv[*i] if it is a path option (--topology, --algo, --nearest,
 * --max-cost, --max-expand), consuming its value. false after a usage error. */
bool isopath_parse_options(int argc, char **argv, int *i, PathOptions *opt, bool *handled);
/* Loads a level and its grid, printing every problem; false on failure. */
bool isopath_load_level(const char *path, Level *l, Grid *g);

int isopath_field(int argc, char **argv); /* cmd_field.c */
int isopath_bench(int argc, char **argv); /* cmd_bench.c */
int isopath_tour(int argc, char **argv);  /* cmd_tour.c */
int isopath_simbench(int argc, char **argv); /* cmd_simbench.c */

#endif
