/*
 * glyphs.h: the two glyph sets (ASCII and UTF-8) the renderers draw with.
 *
 * Everything a renderer draws that is not text comes from one of these const
 * tables, so switching --ascii or the locale changes the look in one place.
 * Every glyph is a single terminal column.  Pure: const data only.
 */
#ifndef ICNX_RENDER_GLYPHS_H
#define ICNX_RENDER_GLYPHS_H

#include "render/canvas.h"

#define GLYPHS_NMARKERS 8
#define GLYPHS_MAXRAMP 10

struct glyphs {
	bool braille;          /* curves drawn with 2x4 braille dots per cell */
	const char *hline;     /* x axis line */
	const char *vline;     /* y axis line */
	const char *corner;    /* where the axes meet */
	const char *xtick;     /* tick mark on the x axis */
	const char *ytick;     /* tick mark on the y axis */
	const char *satline;   /* vertical saturation marker line */
	const char *markline;  /* vertical line of another x marker (a threshold) */
	const char *refsatline; /* vertical line of a refined model's saturation */
	const char *refined;   /* marker of a refined model's curve (plot.h) */
	const char *refpin;    /* ... of a pinned configuration's refined curve */
	const char *saturated; /* a point with y = +inf, on the top edge */
	const char *cursor;    /* the cursor point of a plot */
	const char *unsettled; /* a measured point whose run did not settle
	                          (hollow in UTF-8) */
	const char *failed;    /* a measured point that failed (no value), on
	                          the data's bottom row */
	const char *marker[GLYPHS_NMARKERS];  /* per-series point marker */
	const char *heat[GLYPHS_MAXRAMP];     /* shade ramp, light to dark */
	int nheat;                            /* entries used in heat[] */
	const char *diverge[5];               /* signed differences: far below 0,
	                                         below, 0, above, far above (the
	                                         sign shows without colour) */
	const char *bar[GLYPHS_NMARKERS];     /* per-series bar fill */
	const char *hpart[8];  /* horizontal partial blocks, 1/8..7/8; NULL in ASCII */
	const char *vpart[8];  /* vertical partial blocks, 1/8..7/8; NULL in ASCII */
	const char *tiny_h;    /* a positive bar shorter than half a cell (horizontal) */
	const char *tiny_v;    /* ... and vertical */
};

/* The glyph set of cs; never NULL, static storage. */
const struct glyphs *glyphs_get(enum canvas_charset cs);

#endif
