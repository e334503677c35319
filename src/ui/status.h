/*
 * status.h: the two bottom lines.  The status line shows the preset (with
 * a * when edited), what the worker is doing (computing with its progress,
 * or the saturation load and the last recompute time), and the last
 * message or error; while a value or a file name is typed it is the line
 * editor.  The hint line shows what the focused pane's selection is (field
 * help, allowed values, the cursor's point) or what the keys do.
 *
 * They draw into canvases (no curses).  UI thread only.
 */
#ifndef ICNX_UI_STATUS_H
#define ICNX_UI_STATUS_H

#include "render/canvas.h"
#include "ui/app.h"

void status_draw(struct app *a, struct canvas *c);
void hint_draw(struct app *a, struct canvas *c);

#endif
