/*
 * figure.h: a plot as a gnuplot script, for a lab report (key F in the
 * explorer, --figure FILE in batch mode).
 *
 * The script is one self-contained file: its data as gnuplot datablocks
 * ($s0 << EOD ... EOD, gnuplot >= 5.0), then the axes, the legend, the
 * saturation lines and the marker, and one plot command: curves as lines
 * (pins dashed, each its own dash type; a refined model's curve dash-dot,
 * its saturation line dotted, as the explorer's '~' and its own line),
 * measured points with their error
 * bars (yerrorbars), points above the y axis (or saturated) as a triangle
 * on the top edge with their value, as the explorer draws them.  gnuplot
 * (Debian's gnuplot-nox) draws it in any of its terminals:
 *
 *   gnuplot -e "set terminal pdfcairo; set output 'fig.pdf'" fig.gp
 *
 * We write a script for gnuplot rather than drawing PDF or SVG ourselves:
 * gnuplot is a well-kept Debian package that renders PDF, SVG, PNG and
 * LaTeX from the same file, and the user can restyle the figure (fonts,
 * size, colours) in a text editor; one file with its data inside is
 * written atomically and cannot lose its data file.
 *
 * Strings are single-quoted for gnuplot (a quote doubled) and drawn
 * noenhanced (an '_' or '^' in a name is shown as typed).  Numbers in the
 * C locale, 10 significant digits; NaN and infinite values are gnuplot's
 * missing value NaN (a saturated point is drawn on the top edge instead).
 * Pure: builds text in a strbuf, no I/O.
 */
#ifndef ICNX_BASE_FIGURE_H
#define ICNX_BASE_FIGURE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"

#define FIGURE_MAX_SERIES 16

/* One curve or set of measured points.  Arrays are the caller's. */
struct figure_series {
	const char *name;          /* legend text; NULL or "" = none */
	const double *x, *y;       /* n points; NaN = a gap */
	size_t n;
	bool points;               /* measured points (else a line) */
	const double *lo, *hi;     /* points: the interval of each; NULL = none */
	int dash;                  /* a line's gnuplot dashtype: 1 solid, 2.. dashed */
	bool impulses;             /* discrete data: a stem from 0 per point */
	bool refined;              /* a refined model's curve (icnx's, not the
	                              papers'): a dash-dot line of its own, never
	                              a pin's dash (dash is ignored) */
};

struct figure {
	const char *title;         /* NULL = none */
	const char *x_label, *y_label;
	bool x_log, y_log;
	double x_min, x_max;       /* the x range; NaN = gnuplot's own */
	double y_min, y_max;       /* the y range as on screen; NaN = gnuplot's own
	                              (a finite y_max: points above it are drawn on
	                              the top edge with their value, and the figure
	                              says "clipped above Y") */
	const struct figure_series *series;
	size_t nseries;            /* at most FIGURE_MAX_SERIES are written */
	double sat_x;              /* the saturation line's x; NaN = none */
	const char *sat_label;     /* its label ("saturation") */
	double ref_sat_x;          /* the refined model's saturation line's x
	                              (dotted); NaN = none */
	const char *ref_sat_label; /* its label ("refined sat") */
	double mark_x;             /* another marked x (a threshold); NaN = none */
	const char *mark_label;
	const char *command;       /* the icnx command that prints the numbers,
	                              written as a comment; NULL = none */
};

/* figure with no series, every range and marker NaN. */
void figure_init(struct figure *f);

/* Append the gnuplot script of f to out (out->failed on out of memory). */
void figure_gnuplot(const struct figure *f, struct strbuf *out);

#endif
