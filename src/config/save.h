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
 * save_atomic() writes a file the safe way: a temporary file
 * ".NAME.icnx-XXXXXX" in the target's directory (flock'ed while it lives),
 * fsync, the old file's mode, owner and group, rename over the target,
 * fsync of the directory; symlinks are followed so the link itself
 * survives.  The rule, as vim's backupcopy=auto: the file is replaced by
 * rename unless that would change it in another way than its text — it
 * has other hard links, or its owner or group cannot be given to the new
 * file (a save by another user, or by root of someone else's file without
 * CAP_CHOWN) — and then it is overwritten in place, the new text being
 * kept in the temporary file until that succeeded.  Every exit path removes
 * the temporary file (except an in-place write that failed: the message
 * names it, it holds the new text); one left by a save that was killed is
 * removed by the next save to the same name (it is no longer locked).  The
 * rule for that: only names of our own pattern for this target, regular
 * files owned by the effective user that nobody holds locked; a legacy
 * ".NAME.XXXXXX" (versions up to 21c1a4a, which took no lock) only when it
 * also has one link, was untouched for 10 minutes, has a suffix of six
 * [A-Za-z0-9] not all lowercase, and is empty or holds a line "model:".
 * A file that starts with a UTF-8 byte-order mark keeps it.
 *
 * Pure apart from the file I/O of save_atomic and save_read; any thread.
 */
#ifndef ICNX_CONFIG_SAVE_H
#define ICNX_CONFIG_SAVE_H

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
