/* SPDX-License-Identifier: MIT */
/* shotpath.h - where the player's screenshots go: the pictures folder of
 * the XDG user dirs (XDG_PICTURES_DIR in $XDG_CONFIG_HOME/user-dirs.dirs,
 * else ~/.config/user-dirs.dirs, else $HOME/Pictures), its Isodroid
 * subfolder, a file named by the date and time that never overwrites one
 * there (-2, -3 ... added), and the short name the HUD shows
 * ("Pictures/Isodroid/NAME.png", never a full path). No SDL; the PNG itself
 * is the platform's (display.c). */
#ifndef ISODROID_SHOTPATH_H
#define ISODROID_SHOTPATH_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

enum { SHOTPATH_MAX = 4096 }; /* bytes of a screenshot's path, NUL included */

/* The pictures folder (without the Isodroid subfolder) into out: the
 * user-dirs file's XDG_PICTURES_DIR ("$HOME/..." expanded, an absolute path
 * taken as is), else $HOME/Pictures. Reads that one small file; allocates
 * nothing that outlives the call. False when neither it nor HOME names a
 * folder, or the path does not fit. */
bool shotpath_pictures(char *out, size_t out_size);
/* The next free file for a screenshot taken at `when`, in
 * PICTURES/Isodroid/ (the folder made if missing): isodroid-YYYY-MM-DD_HH-MM-SS.png,
 * then -2, -3 ... before ".png" while one exists (up to 999). The full path
 * into path, the short one ("Pictures/Isodroid/NAME.png", the pictures
 * folder's own name first) into shown. False when there is no pictures
 * folder, the subfolder cannot be made, or no name is free. */
bool shotpath_next(const struct tm *when, char *path, size_t path_size, char *shown, size_t shown_size);

#endif
