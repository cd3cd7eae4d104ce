/* SPDX-License-Identifier: MIT */
/* isopath.h - shared helpers of the isopath commands (main.c) and the
 * command entry points that live in their own files. */
#ifndef ISODROID_ISOPATH_H
#define ISODROID_ISOPATH_H

#include <stdbool.h>
#include <stdio.h>

#include "coord.h"
#include "diag.h"
#include "grid.h"
#include "json.h"
#include "level.h"
#include "picture.h"
#include "prepared.h"
#include "query.h"

/* The exit codes (--help, isopath(1)). With several files a command exits
 * with the highest code any of them gave. */
enum {
    ISOPATH_EXIT_OK = 0,
    ISOPATH_EXIT_NO = 1,          /* no path, not winnable, unsolved, lost, no level generated */
    ISOPATH_EXIT_USAGE = 2,       /* bad arguments */
    ISOPATH_EXIT_INPUT = 3,       /* a file missing, malformed or past a limit; an output file not written */
    ISOPATH_EXIT_NOT_OPTIMAL = 4, /* bench: a length differs from the scenario's */
    ISOPATH_EXIT_FAILURE = 5,     /* out of memory, or isopath's own failure */
};
static inline int isopath_exit_max(int a, int b) { return a > b ? a : b; }
/* The exit code of a load that returned s: OK, FAILURE when out of
 * memory, else INPUT. */
static inline int isopath_load_exit(NavStatus s)
{
    return s == NAV_DONE ? ISOPATH_EXIT_OK : s == NAV_OUT_OF_MEMORY ? ISOPATH_EXIT_FAILURE : ISOPATH_EXIT_INPUT;
}

/* Prints "isopath: <message>" and the --help hint; returns exit code 2. */
int isopath_usage_error(const char *fmt, const char *arg);
/* --out FILE against the input it is made from (input names what, "the
 * level"): ISOPATH_EXIT_USAGE after "isopath: --out FILE is the level
 * INPUT; name another file" when they are one file (the same path, a
 * symbolic or a hard link: fileio_same_file), so writing never wipes the
 * input; else 0. out NULL (no --out) is 0. */
int isopath_out_not_input(const char *out, const char *input, const char *what);
/* Says once a run "isopath: cannot write WHAT to stdout" (": why" after
 * when errnum is not 0) on stderr; returns ISOPATH_EXIT_FAILURE. Whatever
 * writes to stdout and finds it failing (--json, gen) calls it; main calls
 * it when stdout, flushed after the command, shows an error. */
int isopath_stdout_failed(const char *what, int errnum);
/* Limits of the arguments: coordinates, --max-cost, --max-expand, --repeat. */
enum { ISOPATH_COORD_MAX = 1000000, ISOPATH_REPEAT_MAX = 1000000 };
#define ISOPATH_COST_MAX 1e15
#define ISOPATH_EXPAND_MAX 1000000000000L

/* "X,Y" -> NavPos (each within +-ISOPATH_COORD_MAX, nothing after). */
bool isopath_parse_xy(const char *s, NavPos *out);
/* JPS: lowers opt->landmarks to what fits g within the landmark memory
 * budget (landmark.h), saying so on stderr. */
void isopath_fit_landmarks(NavQueryOptions *opt, const NavGrid *g);
/* Parses argv[*i] if it is a path option (--topology, --algo, --nearest,
 * --max-cost, --max-expand), consuming its value. false after a usage error. */
bool isopath_parse_options(int argc, char **argv, int *i, NavQueryOptions *opt, bool *handled);
/* Prints every stored problem, one a line, then "isopath: FILE: (and N
 * more)" for those past NAV_DIAG_MAX; a problem at a line of the file as
 * "FILE:LINE:COL: message" (the compilers' form, which editors read), any
 * other as "isopath: FILE: message". */
void isopath_print_diags(const char *file, const NavDiags *d);
/* Loads a level ("-": standard input) and its grid, printing every
 * problem; false on failure. */
bool isopath_load_level(const char *path, Level *l, NavGrid *g);

/* ---- input.c: what path and check read ----------------------------------- */
/* A level file, or a Moving AI map (grid cost 1 a walkable tile, level
 * zeroed). The caller owns it and calls isopath_input_free. */
typedef struct IsopathInput {
    bool movingai;
    Level level;
    NavGrid grid;
} IsopathInput;
/* A Moving AI map: a regular file whose name ends in ".map" or whose first
 * line (blank lines aside) starts with the word "type" ("type octile").
 * Anything else, a missing file too, is for the level loader. */
bool isopath_is_movingai(const char *path);
/* Loads path, a map when maps and isopath_is_movingai say so, else a
 * level, with its grid; every problem goes to d (cleared first), nothing is
 * printed. ISOPATH_EXIT_OK, _INPUT or _FAILURE (out of memory); unless
 * OK, in holds nothing to free but in->movingai says how it was read. */
int isopath_input_load(const char *path, bool maps, IsopathInput *in, NavDiags *d);
void isopath_input_free(IsopathInput *in); /* accepts a zeroed input */
/* path "-" above is standard input, read whole at its first use (at most
 * LEVEL_MAX_FILE_BYTES) and parsed as a file would be, under the name "-";
 * a second "-" in a run gets the same bytes. isopath_stdin_open gives those
 * bytes as a stream to read (the caller fcloses it), or NULL with *rc the
 * exit code after saying why in d. isopath_stdin_free, at the end of the
 * run, frees them. */
FILE *isopath_stdin_open(NavDiags *d, int *rc);
void isopath_stdin_free(void);
/* Whether a loader's message points at a line of a file ("FILE:LINE: ..."
 * or "FILE:LINE:COL: ..."): those are printed as they are, every other
 * line of isopath's starts with "isopath: " (isopath_print_diags). */
bool isopath_diag_at_line(const char *msg);
/* A member "problems": an array of {"file", "line", "col", "message"},
 * one per message of d (NULL: none), split from "FILE:LINE:COL: message";
 * line and col are null where a message has none. A last one says
 * "(and N more)" for those d dropped. */
void isopath_json_problems(Json *j, const char *file, const NavDiags *d);
/* Those objects alone, as elements of an array the caller has begun (for
 * the problems of several files). */
void isopath_json_diags(Json *j, const char *file, const NavDiags *d);
/* check and tour: FILE... [--json]. Runs one(file, j) on each file (j
 * NULL without --json; with it, each file's object goes into an array under
 * list_key of one object that ends with "ok") and returns the highest exit
 * code; ISOPATH_EXIT_USAGE after an unknown option or no file (the message
 * none). */
int isopath_each_file(int argc, char **argv, const char *none, const char *list_key,
                      int (*one)(const char *file, Json *j));
/* json_finish, saying so on stderr when stdout failed: ISOPATH_EXIT_OK or
 * ISOPATH_EXIT_FAILURE. */
int isopath_json_finish(Json *j);

int isopath_path(int argc, char **argv);  /* cmd_path.c */
int isopath_check(int argc, char **argv); /* cmd_check.c */
int isopath_field(int argc, char **argv); /* cmd_field.c */
int isopath_bench(int argc, char **argv); /* cmd_bench.c */
int isopath_tour(int argc, char **argv);  /* cmd_tour.c */
int isopath_simbench(int argc, char **argv); /* cmd_simbench.c */
int isopath_solve(int argc, char **argv);    /* cmd_solve.c */
int isopath_gen(int argc, char **argv);      /* cmd_gen.c */
int isopath_render(int argc, char **argv);   /* cmd_render.c */
int isopath_naive(int argc, char **argv);    /* cmd_naive.c */
int isopath_replay(int argc, char **argv);   /* cmd_replay.c */

/* png.c: writes p to path as a PNG (libpng), atomically
 * (fileio_write_atomic: a temporary file beside it, then a rename). False
 * with "PATH: why" in err, and no file left behind. */
bool isopath_png_save(const Picture *p, const char *path, char *err, size_t err_size);

#endif
