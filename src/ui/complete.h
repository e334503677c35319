/*
 * complete.h: Tab completion of file names at the explorer's file prompts
 * (save, open, export), as a shell does: the last path component is
 * completed from the directory's entries; one match completes it (a
 * directory gets its '/'), several complete their longest common prefix
 * and are listed, none says so.  A leading "~/" is read as $HOME and kept
 * as typed.  At the open prompt, preset names complete too.
 *
 * UI thread (reads directories; no curses).
 */
#ifndef ICNX_UI_COMPLETE_H
#define ICNX_UI_COMPLETE_H

#include <stddef.h>

/* Complete text (the whole prompt line).  Writes the new line into out (n
 * bytes) and, when several names match, a space-separated list of them into
 * list (ln bytes, "" otherwise).  extra: more candidates that match the
 * whole text when it has no '/' (preset names), NULL-terminated, or NULL.
 * Returns the number of matches (0: out is text unchanged). */
int complete_path(const char *text, const char *const *extra, char *out, size_t n,
		  char *list, size_t ln);

#endif
