/*
 * overlay.h: the help overlay (the key table, the batch commands that
 * reproduce each pane's numbers, the display mode) and the yes/no question
 * box.  They draw into canvases (no curses).  UI thread only.
 */
#ifndef ICNX_UI_OVERLAY_H
#define ICNX_UI_OVERLAY_H

#include "render/canvas.h"
#include "ui/app.h"

/* Draw the help text, scrolled by a->help_scroll (clamped here). */
void help_draw(struct app *a, struct canvas *c);

/* Draw the question a->confirm_text with its y/n keys. */
void confirm_draw(struct app *a, struct canvas *c);

/* Draw a->info_text, the batch command(s) of key b, in a box whose
 * text lines have no side borders (OV_INFO), wrapped by info_wrap. */
void info_draw(struct app *a, struct canvas *c);

/* Wrap shell text (lines separated by '\n') into out at w columns, so
 * the lines as shown paste into a shell as the same commands: a command
 * breaks only after an unquoted space or comma, the line ending in a
 * backslash (line continuation), never inside a word, number or quotes
 * (a word longer than w alone is cut); a '#' comment wraps at spaces
 * and its continuation lines start with "# ".  Returns the line count. */
int info_wrap(const char *text, int w, struct strbuf *out);

#endif
