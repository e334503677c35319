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
 * Shading: the shown values are binned into at most L levels (L = levels,
 * or the ramp length) between their minimum and maximum, or v_min / v_max
 * when given.  Bin edges are round numbers (1-2-5 steps, like axis ticks),
 * so the range may grow outward to the next edge (an end given by v_min /
 * v_max stays exact); a level covers [edge_i, edge_i+1), the top one also
 * its upper edge.  When all shown values are integers and at most L of
 * them lie between min and max, each integer gets its own level.  When all
 * values are equal there is one level (the darkest shade).  Level i is
 * drawn with a glyph of the ramp (ASCII " .:-=+*#%@", UTF-8 " ░▒▓█") and
 * style STY_HEAT0..9, both spread so that the lowest level gets the first
 * and the highest the last (more levels than glyphs repeat glyphs; the
 * styles still differ).  NaN elements
 * are blank (STY_DIM); when some shown cell is NaN, the blank glyph is not
 * used for a level, so "blank" always means "no data" then.
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

struct heatmap_spec {
	const char *title;             /* NULL = none */
	const double *values;          /* rows*cols, row-major; NaN = empty.
					  Caller's, read only during the call */
	int rows, cols;                /* >= 0 */
	const char *const *row_labels; /* rows strings, or NULL = "0", "1", ... */
	const char *const *col_labels; /* cols strings, or NULL = indices */
	const char *unit;              /* unit of the values ("hops"); NULL = none */
	double v_min, v_max;           /* shading range; NaN = from the data */
	int levels;                    /* max levels, 1..10; 0 = as many as the
					  glyph ramp tells apart (ASCII 10, UTF-8 5) */
	int cursor_row, cursor_col;    /* element under the cursor; -1 = none */
	bool labels;                   /* row / column labels when they fit */
	bool legend;                   /* legend when it fits */
	int scale;                     /* 0 = fit the rectangle; k >= 1: zoom (above) */
	int cell_w;                    /* zoom: columns per shown cell, 1..3 (0 = 2) */
	int row0, col0;                /* zoom: first element row / column wanted */
};

/* What heatmap_render() chose. */
struct heatmap_info {
	struct canvas_rect area;   /* the shaded cells, in canvas cells */
	int scale;                 /* k: each shown cell is a k x k block */
	int cell_w;                /* columns per shown cell (1..3) */
	int shown_rows, shown_cols;
	double lo, hi;             /* the shading range (outer bin edges) */
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
