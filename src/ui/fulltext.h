/*
 * fulltext.h: the `i` key's overlay: every text the screen cuts, in full.
 *
 * At 80x24 the status line, the hint line and the panes cut what does not
 * fit (an incomplete edit's reason, a long hint, a table's wide columns, a
 * heatmap cell's routes).  fulltext_build() gathers them for the focused
 * pane: the status (preset, progress, saturation, the message or the
 * draft's reason), the pane's hint, and its numbers (the breakdown's table
 * and the heatmap cell's detail as `icnx --batch` prints them, the plot's
 * curve at the cursor, every column with its unit).  fulltext_draw() shows
 * it in a frame: prose wrapped to the width (long words broken, never
 * cut), tables unwrapped and scrolled with Left/Right.
 *
 * UI thread only; no curses (draws into a canvas).
 */
#ifndef ICNX_UI_FULLTEXT_H
#define ICNX_UI_FULLTEXT_H

#include "base/strbuf.h"
#include "render/canvas.h"
#include "ui/app.h"

/* Append the full text for the focused pane to out.  A line starting with
 * '\t' is verbatim (a table row): drawn unwrapped, scrolled sideways. */
void fulltext_build(struct app *a, struct strbuf *out);

/* Draw a->fulltext into c, scrolled by a->text_scroll (lines, clamped here)
 * and a->text_hscroll (columns of the verbatim lines, clamped here). */
void fulltext_draw(struct app *a, struct canvas *c);

#endif
