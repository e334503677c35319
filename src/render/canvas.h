/*
 * canvas.h: an off-screen grid of terminal cells that the pure renderers
 * (plot, heatmap, bars) draw into.
 *
 * A cell holds one glyph (a UTF-8 string of ONE terminal column, at most 4
 * bytes + NUL) and a semantic style role.  Roles say what a cell is (axis,
 * label, series 2, heat level 7, cursor ...), never which colour it has: the
 * ncurses layer maps roles to colours or attributes (256, 8 colours or mono)
 * when it copies the grid to a WINDOW.  Unit tests compare canvas_to_text()
 * with golden files.
 *
 * Coordinates: columns x from 0 (left), rows y from 0 (top).  Every write is
 * clipped to the canvas and, when given, to a clip rectangle, so a renderer
 * that passes its own rectangle as the clip can never draw outside it.
 *
 * Ownership: the caller owns the struct canvas; canvas_init()/canvas_resize()
 * allocate the cells, canvas_free() releases them (canvas_free(NULL) and a
 * second canvas_free() are no-ops).  Pure C11: no I/O, no globals; a canvas
 * is not shared between threads without the caller's locking.
 */
#ifndef ICNX_RENDER_CANVAS_H
#define ICNX_RENDER_CANVAS_H

#include <stdbool.h>
#include <stddef.h>

/* Semantic style roles; the curses layer decides how each one looks. */
enum canvas_style {
	STY_NORMAL = 0,   /* plain text, empty cells */
	STY_AXIS,         /* axis lines and tick marks */
	STY_LABEL,        /* tick labels, axis names, legend text */
	STY_TITLE,        /* a renderer's title line */
	STY_DIM,          /* secondary information (no-data cells, notes) */
	STY_BOLD,         /* emphasis */
	STY_REVERSE,      /* strong emphasis (selection) */
	STY_CURSOR,       /* the cursor point / cell and its read-out */
	STY_SATURATION,   /* saturation line, its label, saturated markers */
	STY_SERIES0,      /* series 0 (the live curve) ... */
	STY_SERIES1, STY_SERIES2, STY_SERIES3,
	STY_SERIES4, STY_SERIES5, STY_SERIES6,
	STY_SERIES7,      /* ... series 7 (pins) */
	STY_HEAT0,        /* heat shade 0 (lowest values) ... */
	STY_HEAT1, STY_HEAT2, STY_HEAT3, STY_HEAT4,
	STY_HEAT5, STY_HEAT6, STY_HEAT7, STY_HEAT8,
	STY_HEAT9,        /* ... heat shade 9 (highest values) */
	STY_COUNT
};

#define CANVAS_NSERIES_STY 8  /* STY_SERIES0..7 */
#define CANVAS_NHEAT_STY 10   /* STY_HEAT0..9 */
#define CANVAS_GLYPH_MAX 5    /* 4 bytes of UTF-8 + NUL */

/* Which glyphs renderers use: 7-bit ASCII, or UTF-8 (braille, blocks,
 * box drawing).  The caller picks it from the locale / --ascii. */
enum canvas_charset {
	CANVAS_ASCII = 0,
	CANVAS_UTF8
};

struct canvas_cell {
	char glyph[CANVAS_GLYPH_MAX]; /* one column of UTF-8, NUL-terminated */
	unsigned char style;          /* enum canvas_style; callers may use their
					 own roles from 64 to 255 (the UI does) */
};

struct canvas {
	int width, height;            /* in cells; 0x0 is a valid empty canvas */
	enum canvas_charset charset;  /* glyph set renderers draw with */
	struct canvas_cell *cells;    /* width*height, row-major; owned */
};

/* A rectangle in canvas cells: top-left (x, y), size w x h (w, h >= 0). */
struct canvas_rect {
	int x, y, w, h;
};

/* Make an empty w x h canvas (all cells " ", STY_NORMAL, charset ASCII).
 * Negative sizes count as 0.  Returns 0, or -1 if out of memory (then *c is
 * a valid 0x0 canvas). */
int canvas_init(struct canvas *c, int w, int h);

/* Change the size to w x h and clear every cell; keeps the charset.
 * Returns 0, or -1 if out of memory (then the old size and cells are kept). */
int canvas_resize(struct canvas *c, int w, int h);

/* Release the cells; *c becomes a 0x0 canvas.  c == NULL is a no-op. */
void canvas_free(struct canvas *c);

/* Select the glyph set renderers use on this canvas. */
void canvas_set_charset(struct canvas *c, enum canvas_charset cs);

/* Set every cell to " ", STY_NORMAL. */
void canvas_clear(struct canvas *c);

/* Set every cell of r (clipped to the canvas) to glyph and style.  glyph is
 * one UTF-8 character (more is ignored); NULL means " ". */
void canvas_fill(struct canvas *c, struct canvas_rect r, const char *glyph,
		 int style);

/* The cell at (x, y), or NULL outside the canvas.  Borrowed. */
const struct canvas_cell *canvas_at(const struct canvas *c, int x, int y);

/* Write the first UTF-8 character of glyph at (x, y) if inside the canvas
 * and inside *clip (clip NULL = whole canvas).  Returns 1 if written. */
int canvas_put(struct canvas *c, const struct canvas_rect *clip, int x, int y,
	       const char *glyph, int style);

/* Write s from (x, y) to the right, one column per UTF-8 character, clipped
 * to the canvas and to *clip (NULL = whole canvas).  Control characters and
 * invalid UTF-8 become '?'.  Returns the number of columns s occupies
 * (canvas_text_width(s)), written or not, so callers can lay text out. */
int canvas_puts(struct canvas *c, const struct canvas_rect *clip, int x, int y,
		const char *s, int style);

/* Number of terminal columns of s: one per UTF-8 character (renderers only
 * use single-width glyphs).  NULL counts 0. */
int canvas_text_width(const char *s);

/* Set one braille dot.  (dx, dy) are dot coordinates on the whole canvas:
 * each cell is 2 dots wide and 4 dots high, so the dot lies in cell
 * (dx / 2, dy / 4).  A cell that does not yet hold a braille glyph starts
 * from the empty pattern.  The cell takes style (the last writer wins).
 * Clipped like canvas_put(); returns 1 if set. */
int canvas_dot(struct canvas *c, const struct canvas_rect *clip, int dx, int dy,
	       int style);

/* The whole grid as text: each row's glyphs with trailing spaces removed,
 * rows joined by '\n' (no '\n' after the last row).  Returns a NUL-terminated
 * string the caller frees with free(), or NULL if out of memory. */
char *canvas_to_text(const struct canvas *c);

/* Clip a to b (the intersection; w or h is 0 if they do not meet). */
struct canvas_rect canvas_rect_clip(struct canvas_rect a, struct canvas_rect b);

#endif
