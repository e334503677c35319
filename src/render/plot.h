/*
 * plot.h: line / scatter plot of one or more series y(x) into a rectangle
 * of a canvas (latency vs load curves and the like).
 *
 * Layout, top to bottom, as far as the height allows (in this order of
 * priority: plot area, title, y label, x label, legend):
 *
 *   title                                        x=0.3 y=45.2 (cursor)
 *   latency [cycles]                             clipped above 200
 *     200 +                              :  ^^^
 *     100 +                     **       :
 *       0 +*******                       :
 *         +------+------+------+------+------+
 *         0     0.1    0.2    0.3    0.4    0.5
 *                  offered load [msg/node/cycle]
 *   * uniform   + transpose   : sat 0.42   ^ saturated
 *
 * A refined model's curve (series.refined) and saturation (ref_sat_x) are
 * drawn with glyphs of their own ('~', ';') and named in the legend.
 *
 * Points: NaN x or y are skipped (the line is broken there); y = +INFINITY
 * means "saturated" and is drawn as the saturated glyph ('^') on the top
 * edge, and the line is not continued through it; finite y above the top
 * of the y axis are clipped at the edge (info->y_clipped) and the plot
 * always says so: "clipped above Y" (with clip_hint, e.g. "(Y fits)") on
 * the y label row, else on the title row, else on the top row of the data
 * area where no marker is, else on the y label row cutting the label.
 * A measured point (series.points) above the top is never hidden: its
 * marker is drawn on the data's top row with its value beside it
 * ("2824"), on blank cells only.
 *
 * Nothing overwrites a marker or a text: lines are drawn first, then the
 * markers (points, saturated points, tags, the cursor), then the texts
 * (the clip note, the saturation and marker labels, the off-scale values)
 * on cells without a marker or text, a line's label on blank cells when
 * there are any (beside its line, from the bottom for the saturation, from
 * the top for the marker) and over curves only otherwise.
 * On a log axis, values <= 0 are skipped like NaN.
 *
 * Discrete data (stems): each point is a vertical stem from the bottom of
 * the y axis (or 0) up to its value, never a line between points, so no
 * value between two points is implied (arnau's Figure 8).
 *
 * Several series: besides colour and (UTF-8) dash patterns, each series'
 * marker glyph (* + o x # @ % &; ASCII * = o x ...) is printed at its last
 * point shown (the tag), and the
 * legend shows the same glyph, so curves can be told apart without colour.
 *
 * Glyphs follow c->charset: in UTF-8, lines are drawn with braille dots (2x4
 * per cell) and pins (series >= 1) are dashed so they stay distinct without
 * colour; in ASCII each series draws with its own marker (* = o x # @ % &;
 * never '+', the axes' tick).  Series 0 (the live curve) is drawn last so
 * it is on top; its tag (above) keeps a curve it hides cell for cell (a pin
 * equal to it within a cell) visible in ASCII too.
 *
 * The renderer clears its rectangle and never writes outside it.  It
 * renders something sensible (possibly only the title) at any size; about
 * 20x6 is the smallest that shows a plot.
 */
#ifndef ICNX_RENDER_PLOT_H
#define ICNX_RENDER_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "render/axis.h"
#include "render/canvas.h"

#define PLOT_MAX_SERIES 8

/* One curve.  The arrays are the caller's, read only, and must stay valid
 * during plot_render(); nothing is kept afterwards. */
struct plot_series {
	const char *name;      /* legend text ("uniform"); NULL or "" = unnamed */
	const double *x;       /* n abscissae, in the x axis unit */
	const double *y;       /* n ordinates; NaN = skip, +INFINITY = saturated */
	size_t n;
	/* Measured points (a simulation) instead of a curve: each point is its
	 * marker glyph, never joined, with an error bar from lo[i] to hi[i]
	 * (e.g. the 95% confidence interval; NULL, NaN or lo == hi = none).
	 * The bar is a vertical line (braille dots in UTF-8, '|' in ASCII)
	 * capped at both ends ('-' in ASCII, a short braille tick in UTF-8),
	 * clipped at the axes like any value, and the automatic y range covers
	 * it.  Drawn after the curves, so a point is never hidden by a line. */
	bool points;
	const double *lo, *hi;
	/* A refined model's curve beside the printed one (series 0): drawn
	 * with its own marker ('~' in both glyph sets) and dash pattern
	 * whatever its index, so it is told from the printed curve, the pins
	 * and the measured points without colour.  With pinned also set, a
	 * pinned configuration's refined curve: the same dash pattern and its
	 * own marker ('"' in both glyph sets), told from the current one. */
	bool refined;
	bool pinned;
	/* No legend entry of its own: another series' entry names it (a
	 * pin's refined curve, named in the pin's entry). */
	bool unlisted;
	/* 0: the marker of its index; m > 0: the marker (and dash pattern)
	 * of index m - 1 (so a series keeps a marker apart from one that is
	 * absent this time, e.g. the kept simulated points beside the
	 * current ones, or a pin whether or not a refined curve comes
	 * before it). */
	int marker;
	/* Measured points: NULL, or per point a plot_point_flag.  A point
	 * that did not settle is drawn with the hollow glyph (its interval
	 * is none); a failed one (y NaN) with the failed glyph on the data's
	 * bottom row at its x.  The legend explains either when shown. */
	const unsigned char *flag;
};

enum plot_point_flag {
	PLOT_PT_PLAIN = 0,
	PLOT_PT_UNSETTLED,     /* its run did not reach a steady state */
	PLOT_PT_FAILED,        /* it has no value: its run failed or was refused */
};

struct plot_spec {
	const char *title;         /* top line; NULL = none */
	const char *x_name;        /* "offered load"; NULL = none */
	const char *x_unit;        /* "msg/node/cycle"; shown as "[unit]"; NULL = none */
	const char *y_name;        /* "latency" */
	const char *y_unit;        /* "cycles" */
	enum axis_scale x_scale;   /* AXIS_LINEAR or AXIS_LOG10 */
	enum axis_scale y_scale;
	/*
	 * Axis limits; NaN = automatic.  Automatic x spans the data (and the
	 * saturation line when it lies near the data), rounded out to ticks.
	 * Automatic y spans the finite data, starting at 0 when all values are
	 * >= 0 and the smallest is at most half the largest (linear axis); its
	 * top is clipped by a robust rule: if the largest value exceeds
	 * lo + 3 * (p90 - lo), with lo the smallest and p90 the 90th
	 * percentile of the finite values (at least 5 of them), the axis stops
	 * there, so a curve shooting up near saturation stays readable (not
	 * with y_fit).  A finite y_max always clips there.
	 */
	double x_min, x_max, y_min, y_max;
	const struct plot_series *series; /* nseries curves; [0] = live curve */
	size_t nseries;            /* 0..PLOT_MAX_SERIES (extra ones ignored) */
	double sat_x;              /* x of the saturation line; NaN = none */
	const char *sat_label;     /* its label; NULL = "sat" */
	double ref_sat_x;          /* x where the refined model saturates, drawn
	                              as its own line (';' in ASCII, '\u254e'
	                              in UTF-8) labelled from the bottom beside
	                              the saturation's; NaN = none */
	const char *ref_sat_label; /* its label; NULL = "refined sat" */
	double mark_x;             /* x of another marked position (a threshold),
	                              drawn as a dotted line labelled at the top;
	                              NaN = none */
	const char *mark_label;    /* its label; NULL = "mark" */
	long cursor;               /* index into series[0]; -1 = no cursor */
	bool lines;                /* connect consecutive points (else markers) */
	bool legend;               /* show the legend when there is room */
	bool legend_pack;          /* pack the legend into as few rows as fit even
	                              when one entry per row would fit (many
	                              series: the plot keeps the rows) */
	bool stems;                /* discrete data: stems, not lines (above) */
	bool y_fit;                /* automatic y spans all the data: no robust cap */
	bool x_tight;              /* automatic x ends exactly at the data (and the
	                              marked positions), not rounded out to a tick */
	const char *clip_hint;     /* appended to the clip note in parentheses,
	                              e.g. "Y fits"; NULL = none */
};

/* What plot_render() chose, for mapping mouse clicks and status lines. */
struct plot_info {
	struct canvas_rect area;   /* the data area in canvas cells (w or h 0 if none) */
	struct axis x, y;          /* the axes as drawn (ranges, ticks, labels) */
	bool y_clipped;            /* some finite y lay above the y axis */
	bool saturated;            /* some y was +INFINITY */
	bool legend_shown;
};

/* Defaults: no title or names, linear axes, all limits NaN (auto), no
 * series, no saturation line or marker, cursor -1, lines and legend on. */
void plot_spec_init(struct plot_spec *s);

/*
 * Draw the plot described by *s into rectangle r of c (r is clipped to the
 * canvas).  info may be NULL.  Returns 0, or -1 if out of memory for the
 * robust y clipping rule (the plot is then drawn without it).  s and its
 * arrays are only read.
 */
int plot_render(struct canvas *c, struct canvas_rect r,
		const struct plot_spec *s, struct plot_info *info);

#endif
