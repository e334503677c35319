/*
 * plotadapt.h: an adapter around render/plot.h for the plot pane.
 *
 * It turns the pane's series (curve columns and pins) into a plot_spec and
 * keeps the pane free of the renderer's axis and layout details.
 *
 * Pure (no curses); any thread.
 */
#ifndef ICNX_UI_PLOTADAPT_H
#define ICNX_UI_PLOTADAPT_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"

#define PA_MAX_SERIES 8

struct pa_series {
	const char *name;
	const double *x, *y;
	size_t n;
	bool points;                      /* measured points (render/plot.h):
	                                     markers with error bars lo..hi */
	const double *lo, *hi;            /* NULL = no bars */
	bool refined;                     /* a refined model's curve: its own
	                                     glyph (plot_series.refined) */
	bool pinned;                      /* ... of a pin (plot_series.pinned) */
	bool unlisted;                    /* no legend entry on screen (plot_series.
	                                     unlisted); a figure's key lists it */
	const char *legend;               /* NULL, or the screen legend's text
	                                     instead of name (a figure's key
	                                     keeps name) */
	const unsigned char *flag;        /* NULL, or per point an enum
	                                     plot_point_flag (render/plot.h):
	                                     did not settle, failed */
	int marker;                       /* plot_series.marker: 0 its index's */
};

struct pa_spec {
	const char *x_name, *x_unit, *y_name, *y_unit;
	bool x_log, y_log;
	const struct pa_series *series;   /* [0] = the live curve */
	size_t nseries;
	double sat_x;                     /* NaN = none */
	const char *sat_label;
	double ref_sat_x;                 /* the refined model's saturation (NaN
	                                     none), drawn only with a label: */
	const char *ref_sat_label;        /* NULL = none (a zeroed spec has none) */
	double mark_x;                    /* another marked x (a threshold); NaN = none */
	const char *mark_label;
	long cursor;                      /* index into series[0]; -1 none */
	bool legend;
	bool legend_pack;                 /* pack the legend (many series) */
	bool stems;                       /* discrete points: stems, y fits all */
	bool y_fit;                       /* no robust cap on the y axis */
	bool x_tight;                     /* x axis ends where the data end */
	const char *clip_hint;            /* "Y fits": the key that fits y */
};

/* What the renderer chose: the data area and the x range, for clicks. */
struct pa_info {
	struct canvas_rect area;
	bool y_clipped;                   /* some y above the axis (noted) */
	double x_lo, x_hi;
	bool x_log;
	double y_lo, y_hi;                /* the y axis as drawn */
};

struct figure;
struct figure_series;

/* The plot s as render()ed with info (its axes' ranges), as a figure
 * (base/figure.h) into f, its series into fs[PA_MAX_SERIES] and its axis
 * titles ("name [unit]") into xl and yl (n bytes each): the same curves,
 * dashes (series >= 1 dashed, as on screen; a refined model's curve its
 * own dash-dot), points with their error bars, ranges, saturation lines
 * (the refined model's too, where it is on the x axis) and marker.  f points into s, fs, xl and yl. */
void pa_figure(const struct pa_spec *s, const struct pa_info *info, struct figure *f,
	       struct figure_series *fs, char *xl, char *yl, size_t n);

/* Render s into r of c (see plot_render).  info may be NULL. */
void pa_render(struct canvas *c, struct canvas_rect r, const struct pa_spec *s,
	       struct pa_info *info);

#endif
