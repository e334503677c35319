/*
 * save.h: writing a preset back to disk without losing the user's text.
 *
 * save_splice() keeps the original file and replaces only the edited
 * scalars, found through the loader's source map (byte ranges of every
 * scalar), so comments and layout survive.  When that is impossible (a list
 * item was added or deleted, a field that is not in the file was set, the
 * file is gone) it falls back to config_dump() and says why, and the caller
 * asks the user before comments are lost.  The spliced text is parsed back
 * and compared with the configuration before it is trusted.
 *
 * save_atomic() writes a file the safe way: a temporary file in the target's
 * directory, fsync, the old file's mode, rename over the target, fsync of the
 * directory; symlinks are followed so the link itself survives.
 *
 * Pure apart from the file I/O of save_atomic and save_read; any thread.
 */
#ifndef ICNX_UI_SAVE_H
#define ICNX_UI_SAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"

/* The text to save for cfg, given the original file's text (orig, len;
 * orig may be NULL).  Returns a malloc'd NUL-terminated string (caller
 * frees), or NULL when out of memory.  *lossy is set when the text is a
 * fresh dump (comments lost); why then says the reason. */
char *save_splice(const char *orig, size_t len, const struct config *cfg, bool *lossy,
		  char *why, size_t whylen);

/* Read a whole file (at most 4 MiB) into a malloc'd NUL-terminated string;
 * NULL on error (errno set). */
char *save_read(const char *path, size_t *len);

/* Write len bytes of text to path atomically (see above), creating missing
 * parent directories.  Returns 0, or -1 with a message in err. */
int save_atomic(const char *path, const char *text, size_t len, char *err, size_t errlen);

/* Expand a leading "~/" with $HOME into out.  Returns out. */
char *save_expand(const char *path, char *out, size_t n);

#endif
