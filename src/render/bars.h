/*
 * bars.h: grouped bar charts (hop distributions P_h, "uniform" next to
 * "transpose") into a rectangle of a canvas.
 *
 * Horizontal (one group of rows per category, the value after each bar):
 *
 *   hop distribution P_h (m=8, n=3)
 *   hops  # uniform   = transpose
 *      2 |# 0.0236
 *        |=== 0.0625
 *
 *      4 |##### 0.0945
 *        |========== 0.188
 *
 * Vertical (one group of columns per category, value labels above bars
 * when they fit, the largest value on the value axis).
 *
 * Bars start at 0; a negative value draws no bar, NaN neither (and its
 * label is empty); a positive value shorter than half a cell still shows
 * one thin glyph ('.' / '_', UTF-8 '▏' / '▁').  In UTF-8, series 0 bars
 * end in 1/8 partial blocks;
 * other series are rounded to whole cells.  Each series has its own fill
 * glyph and style STY_SERIESk.  The renderer clears its rectangle and never
 * writes outside it; when the rectangle is too short, blank rows between
 * groups go first, then the title and legend, then the last groups.
 */
#ifndef ICNX_RENDER_BARS_H
#define ICNX_RENDER_BARS_H

#include <stdbool.h>

#include "render/canvas.h"

#define BARS_MAX_SERIES 8

enum bars_orient {
	BARS_HORIZONTAL = 0,
	BARS_VERTICAL
};

struct bars_spec {
	const char *title;               /* NULL = none */
	enum bars_orient orient;
	int ncat;                        /* categories (e.g. h = 1..n), >= 0 */
	const char *const *cat_labels;   /* ncat labels; NULL = "1".."ncat" */
	const char *cat_name;            /* name of the categories ("hops"); NULL = none */
	int nseries;                     /* 1..BARS_MAX_SERIES (extra ones ignored) */
	const char *const *series_names; /* nseries names; NULL = "series 0".. */
	const double *values;            /* nseries*ncat: values[s * ncat + k].
					    Caller's, read only during the call */
	const char *unit;                /* appended to value labels ("%"); NULL = none */
	double v_max;                    /* value of a full-length bar; NaN = largest */
	bool value_labels;               /* print each bar's value */
	bool legend;                     /* series legend (when nseries > 1, or
					    one series that has a name) */
};

/* Defaults: horizontal, no data, v_max NaN, value labels and legend on. */
void bars_spec_init(struct bars_spec *s);

/* Draw *s into rectangle r of c (clipped to the canvas).  Pure; s and its
 * arrays are only read. */
void bars_render(struct canvas *c, struct canvas_rect r,
		 const struct bars_spec *s);

#endif
