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

/* Draw a->confirm_text as a note to read (OV_INFO). */
void info_draw(struct app *a, struct canvas *c);

#endif
