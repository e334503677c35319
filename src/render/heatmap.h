/*
 * heatmap.h: a matrix of values (distances, link loads ...) drawn as shaded
 * cells into a rectangle of a canvas.
 *
 *   switch distances  4x4     s2,s1 = 1 hops    title, size, cursor read-out
 *      s0 s1 s2 s3   [hops]                     column labels, legend unit
 *   s0 ...+++@@@@@@  .. 0                       one shade per level
 *   s1 +++...+++@@@  ++ 1
 *   s2 @@@+++...+++  @@ 2
 *   s3 @@@@@@+++        no data                 NaN is blank
 *
 * Each shown cell gets one, two or three columns (two when they fit, so
 * the map looks square; three when unscaled and the column labels need
 * them).  A matrix larger than the rectangle is scaled DOWN by
 * an integer factor k (same for rows and columns): each shown cell is the
 * mean of a k x k block (NaN elements ignored; an all-NaN block is empty)
 * and the title says "RxC scaled 1:k".
 *
 * Shading (two cells with different values never look the same unless the
 * legend says they share a bin; info->shading says which rule was used):
 * - HEATMAP_VALUES: the shown values (block means when scaled) hold no
 *   more distinct values than the glyph ramp has shades (ASCII
 *   " .:-=+*#%@" ten, UTF-8 " ░▒▓█" five; one less when some cell is NaN,
 *   because blank then means "no data"; at most `levels`): each value gets
 *   its own shade and its own legend entry, spread over the ramp so the
 *   lowest gets the first glyph and the highest the last.
 * - HEATMAP_DIGITS: a few more (up to HEATMAP_MAX_VALUES) and every value's
 *   label fits a cell of at most 5 columns (cells widen to label + 1 when
 *   the map still fits): each cell prints its value, left-aligned; the style
 *   still follows the level, and the legend is only the unit.
 * - HEATMAP_BINS: many values: every shade of the ramp is used, each bin a
 *   run of neighbouring values with about the same number of cells (a value
 *   is never split), and the legend gives each bin's exact range (the
 *   smallest and largest value in it, to four significant digits).
 * - HEATMAP_RANGE: v_min or v_max given: equal bins of that range.
 * - Shared scale (shared != NULL, a second matrix of the same size, e.g.
 *   the pinned configuration's): the rules above applied to the values of
 *   both, so two renders with values and shared swapped shade every value
 *   alike (one legend, one meaning); legend_note says so.
 * - HEATMAP_DIVERGING (diverging): signed values, e.g. a difference of two
 *   matrices: each sign has its own glyphs, so it shows without colour
 *   (ASCII "= - . + #": far below 0, below, 0, above, far above; "far"
 *   beyond half the largest magnitude, 0 within 1e-9 of it), the legend
 *   gives each class's exact range; only the classes present are listed.
 * Styles STY_HEAT0..9 are spread the same way.  NaN elements are blank
 * (STY_DIM).
 *
 * The cursor cell is drawn so that it shows without colour on any shade:
 * its shade between "[" and "]" (the brackets alone when two columns wide,
 * the glyph set's cursor when one), or its digits, all in STY_CURSOR.
 *
 * The legend lists each level's glyph and value range: on the right when
 * there is room, else packed below, else one compact line, else nothing.
 * The renderer clears its rectangle and never writes outside it.
 *
 * Zoom (scale >= 1): the scale is the caller's, not chosen to fit; each
 * shown cell is a scale x scale block, cell_w columns wide, and the map
 * shows the window of blocks that fits, starting at element (row0, col0)
 * (rounded down to a block, and moved back so the window is as full as the
 * matrix allows; info->row0/col0 say where it went).  The legend goes on
 * the right or below when it leaves at least two thirds of the window, and
 * the title's note reads "rows A-B, cols C-D of RxC[, 1:k]".  The shading
 * is the whole matrix's at that scale, so it does not change as the window
 * moves.
 */
#ifndef ICNX_RENDER_HEATMAP_H
#define ICNX_RENDER_HEATMAP_H

#include <stdbool.h>

#include "render/canvas.h"

#define HEATMAP_MAX_LEVELS 10
#define HEATMAP_MAX_VALUES 16   /* distinct values printed as digits (at most) */

struct heatmap_spec {
	const char *title;             /* NULL = none */
	const double *values;          /* rows*cols, row-major; NaN = empty.
					  Caller's, read only during the call */
	int rows, cols;                /* >= 0 */
	const char *const *row_labels; /* rows strings, or NULL = "0", "1", ... */
	const char *const *col_labels; /* cols strings, or NULL = indices */
	const char *unit;              /* unit of the values ("hops"); NULL = none */
	double v_min, v_max;           /* shading range; NaN = from the data */
	int levels;                    /* max shades, 1..10, never more than the
					  glyph ramp tells apart; 0 = all of them */
	int cursor_row, cursor_col;    /* element under the cursor; -1 = none */
	bool labels;                   /* row / column labels when they fit */
	bool legend;                   /* legend when it fits */
	int scale;                     /* 0 = fit the rectangle; k >= 1: zoom (above) */
	int cell_w;                    /* zoom: columns per shown cell, 1..3 (0 = 2) */
	int row0, col0;                /* zoom: first element row / column wanted */
	const double *shared;          /* rows*cols values that share the scale
					  (above); NULL = none */
	bool diverging;                /* signed shading (HEATMAP_DIVERGING) */
	const char *legend_note;       /* the legend's first line ("scale shared
					  with the pin"); NULL = none */
};

/* How the values were mapped to shades (see "Shading" above). */
enum heatmap_shading {
	HEATMAP_VALUES,   /* one shade per distinct value */
	HEATMAP_DIGITS,   /* cells print their values */
	HEATMAP_BINS,     /* many values: bins of neighbouring values */
	HEATMAP_RANGE,    /* equal bins of the caller's v_min..v_max */
	HEATMAP_DIVERGING /* signed classes around 0 */
};

/* What heatmap_render() chose. */
struct heatmap_info {
	enum heatmap_shading shading;
	struct canvas_rect area;   /* the shaded cells, in canvas cells */
	int scale;                 /* k: each shown cell is a k x k block */
	int cell_w;                /* columns per shown cell (1..3) */
	int shown_rows, shown_cols;
	double lo, hi;             /* the shading range (smallest and largest value,
				      or v_min / v_max) */
	int levels;                /* levels used */
	int row0, col0;            /* first element row / column shown */
};

/* Defaults: no data, auto range, default levels, no cursor, labels and
 * legend on, no zoom (scale 0). */
void heatmap_spec_init(struct heatmap_spec *s);

/* Draw *s into rectangle r of c (clipped to the canvas).  info may be NULL.
 * Pure; s and its arrays are only read. */
void heatmap_render(struct canvas *c, struct canvas_rect r,
		    const struct heatmap_spec *s, struct heatmap_info *info);

#endif
