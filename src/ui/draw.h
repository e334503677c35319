/*
 * draw.h: small text-drawing helpers for the panes, on top of the pure
 * canvas (no curses): clipped and truncated text, padded rows, pane
 * headers, number formatting.  UI thread (or tests).
 */
#ifndef ICNX_UI_DRAW_H
#define ICNX_UI_DRAW_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"

/* Write s at (x, y) in at most maxw columns; when s is longer, the last
 * shown column is a truncation mark ("~", or "…" on a UTF-8 canvas).
 * Returns the columns written. */
int draw_text(struct canvas *c, int x, int y, int maxw, const char *s, int style);

/* Like draw_text, right-aligned in the field [x, x + w). */
int draw_text_right(struct canvas *c, int x, int y, int w, const char *s, int style);

/* Fill row y from x to the right edge with spaces of style. */
void draw_fill(struct canvas *c, int x, int y, int style);

/* A pane header on row 0: " N title" on the left, right-aligned text on
 * the right (kept, up to half the row, when the title is long), the whole
 * row in the header style (focused or not). */
void draw_header(struct canvas *c, int number, const char *title, const char *right,
		 bool focused);

/* A number for display: 4 significant digits by default ("0.522", "1120",
 * "4.643e-04"), "inf" for +INFINITY, "-" for NaN.  Returns buf. */
char *draw_num(double v, int sig, char *buf, size_t n);

/* v with the fewest digits that read back to exactly v (for command
 * lines that must reproduce a number).  Returns buf. */
char *draw_exact(double v, char *buf, size_t n);

/* Shorten a unit for narrow columns: "time units/flit" -> "tu/flit",
 * "msg/node/time unit" -> "msg/node/tu".  Returns buf. */
char *draw_unit_short(const char *unit, char *buf, size_t n);

/* Columns of UTF-8 text (one per character). */
int draw_width(const char *s);

#endif
