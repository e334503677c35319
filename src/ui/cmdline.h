/*
 * cmdline.h: the `icnx --batch` command that prints the numbers a pane
 * shows: the preset or file, one --set per field that differs from the
 * file, and the pane's own options (-o point --at X, -o distances
 * --select I ...).  Every number on screen can be reproduced this way.
 *
 * UI thread (reads the app).
 */
#ifndef ICNX_UI_CMDLINE_H
#define ICNX_UI_CMDLINE_H

#include <stddef.h>

#include "base/strbuf.h"
#include "ui/app.h"

/* Append the command for pane p (P_* index) to b: one line, or several
 * lines when the pane's numbers take several commands (pane_ops.cmdline:
 * each line a whole command, lines starting with '#' shell comments).  Returns 0, or -1 with
 * the reason in why (e.g. a deleted list item, which --set cannot
 * express: save the preset first). */
int cmdline_build(const struct app *a, int p, struct strbuf *b, char *why, size_t n);

/* The shortest --at that reproduces what output o prints at the view's x
 * (a->view.at): the fewest significant digits whose batch table (-f
 * table, as written) is the same as at x itself, run here with the view's
 * --select; x exactly when none shorter is.  Into buf; returns buf. */
char *cmdline_at(const struct app *a, const struct output_desc *o, int select,
		 char *buf, size_t n);

/* Append s to b, quoted for a POSIX shell when needed. */
void cmdline_quote(struct strbuf *b, const char *s);

#endif
