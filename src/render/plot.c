/*
 * plot.c: line / scatter plots of series y(x) into a canvas rectangle
 * (see plot.h for the look and the rules).
 *
 * Steps: data extents and the robust y cap; vertical layout (which optional
 * rows fit); y axis, then the left margin, then the x axis (as many ticks
 * as their labels allow); axes and text; saturation line; series (pins
 * first, the live curve last); cursor.  Points are mapped to "dots": braille
 * dots (2x4 per cell) in UTF-8, cells in ASCII.
 */
#include "render/plot.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/glyphs.h"
#include "render/raster.h"

#define LEGEND_MAX (PLOT_MAX_SERIES + 6)
#define LEGEND_GAP 3
#define LEGEND_TEXT 64

/* Dash patterns of braille lines per series: dots on, dots off. */
static const int dash[PLOT_MAX_SERIES][2] = {
	{ 1, 0 }, { 3, 2 }, { 1, 1 }, { 2, 3 }, { 4, 1 }, { 1, 2 }, { 5, 2 },
	{ 2, 1 },
};
/* ... and of a refined model's curve (plot_series.refined). */
static const int dash_refined[2] = { 2, 2 };

struct legend_entry {
	int kind;                  /* 0..7 series, 8 saturation line, 9 saturated,
	                              10 the marker, 11 the refined saturation,
	                              12 did not settle, 13 failed */
	char text[LEGEND_TEXT];
	int width;                 /* sample + space + text, in columns */
};

/* Everything plot_render() decides before drawing. */
struct frame {
	struct canvas_rect r;      /* the whole rectangle */
	const struct glyphs *g;
	bool dots;                 /* curves drawn as braille lines */
	bool tags;                 /* several braille series: marker glyph tags */
	bool points[PLOT_MAX_SERIES]; /* series drawn as measured points */
	const char *mark[PLOT_MAX_SERIES]; /* each series' marker glyph */
	const int *dash[PLOT_MAX_SERIES];  /* each series' dash pattern */
	int title_y, ylab_y, xlab_y, legend_y, legend_rows, legend_packed;
	int px0, py0, pw, ph;      /* data area */
	int axis_x, xaxis_y;       /* y axis column, x axis row */
	int lw;                    /* y tick label width (0 = none) */
	int sx, sy;                /* dots per cell */
	int W, H;                  /* data area in dots */
	struct axis ax, ay;
	struct legend_entry legend[LEGEND_MAX];
	int nlegend;
	unsigned char *prot;       /* pw x ph: the data area's cells that hold a
	                              marker or text, which nothing drawn later may
	                              overwrite (NULL: out of memory, none kept) */
};

void
plot_spec_init(struct plot_spec *s)
{
	memset(s, 0, sizeof *s);
	s->x_scale = AXIS_LINEAR;
	s->y_scale = AXIS_LINEAR;
	s->x_min = s->x_max = s->y_min = s->y_max = NAN;
	s->sat_x = NAN;
	s->ref_sat_x = NAN;
	s->mark_x = NAN;
	s->cursor = -1;
	s->lines = true;
	s->legend = true;
}

static bool
empty(const char *s)
{
	return s == NULL || *s == '\0';
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y ? 1 : 0;
}

/* Is x inside the fixed x limits (NaN limits do not restrict)? */
static bool
x_allowed(const struct plot_spec *s, double x)
{
	if (isnan(x) || (s->x_scale == AXIS_LOG10 && !(x > 0)))
		return false;
	if (!isnan(s->x_min) && x < s->x_min)
		return false;
	if (!isnan(s->x_max) && x > s->x_max)
		return false;
	return true;
}

static bool
y_usable(const struct plot_spec *s, double y)
{
	return isfinite(y) && (s->y_scale != AXIS_LOG10 || y > 0);
}

struct extent {
	double xlo, xhi, ylo, yhi;
	size_t ny;                 /* finite usable y values */
	bool sat_points;           /* some visible y is +inf */
};

static void
data_extent(const struct plot_spec *s, size_t ns, struct extent *e)
{
	size_t k, i;

	e->xlo = e->ylo = INFINITY;
	e->xhi = e->yhi = -INFINITY;
	e->ny = 0;
	e->sat_points = false;
	for (k = 0; k < ns; k++) {
		const struct plot_series *se = &s->series[k];

		if (se->x == NULL || se->y == NULL)
			continue;
		for (i = 0; i < se->n; i++) {
			double x = se->x[i], y = se->y[i];

			if (!x_allowed(s, x) || !isfinite(x))
				continue;
			if (y == INFINITY) {
				e->sat_points = true;
			} else if (y_usable(s, y)) {
				e->ny++;
				e->ylo = fmin(e->ylo, y);
				e->yhi = fmax(e->yhi, y);
			} else {
				continue;
			}
			e->xlo = fmin(e->xlo, x);
			e->xhi = fmax(e->xhi, x);
			/* Error bars count too: the axis covers the intervals. */
			if (se->points && se->lo != NULL && y_usable(s, se->lo[i]))
				e->ylo = fmin(e->ylo, se->lo[i]);
			if (se->points && se->hi != NULL && y_usable(s, se->hi[i]))
				e->yhi = fmax(e->yhi, se->hi[i]);
		}
	}
}

/*
 * The robust top of the y data: lo + 3 (p90 - lo) when the largest value is
 * beyond it, else the largest value.  -1 if out of memory.
 */
static int
robust_top(const struct plot_spec *s, size_t ns, const struct extent *e,
	   double *top)
{
	double *v, lo, p90, cap;
	size_t k, i, n = 0;

	*top = e->yhi;
	if (e->ny < 5)
		return 0;
	v = malloc(e->ny * sizeof *v);
	if (v == NULL)
		return -1;
	for (k = 0; k < ns; k++) {
		const struct plot_series *se = &s->series[k];

		if (se->x == NULL || se->y == NULL)
			continue;
		for (i = 0; i < se->n && n < e->ny; i++)
			if (x_allowed(s, se->x[i]) && isfinite(se->x[i]) &&
			    y_usable(s, se->y[i]))
				v[n++] = se->y[i];
	}
	qsort(v, n, sizeof *v, cmp_double);
	lo = v[0];
	p90 = v[(size_t)floor(0.9 * (double)(n - 1))];
	cap = lo + 3 * (p90 - lo);
	if (p90 > lo && v[n - 1] > cap)
		*top = cap;
	free(v);
	return 0;
}

/* Should the automatic range of a linear axis start at 0? */
static bool
zero_based(double lo, double hi)
{
	return lo >= 0 && lo <= 0.5 * hi;
}

static void
legend_add(struct frame *f, int kind, const char *text)
{
	struct legend_entry *le;

	if (f->nlegend >= LEGEND_MAX)
		return;
	le = &f->legend[f->nlegend++];
	le->kind = kind;
	snprintf(le->text, sizeof le->text, "%s", text);
	/* Braille line samples are 3 cells, markers 1. */
	le->width = ((kind < PLOT_MAX_SERIES && f->dots) ? 3 : 1) + 1 +
		    canvas_text_width(le->text);
}

/* Rows needed for the legend packed into width w. */
static int
legend_packed_rows(const struct frame *f, int w)
{
	int i, rows = 1, x = 0;

	for (i = 0; i < f->nlegend; i++) {
		int need = (x > 0 ? LEGEND_GAP : 0) + f->legend[i].width;

		if (x > 0 && x + need > w) {
			rows++;
			x = f->legend[i].width;
		} else {
			x += need;
		}
	}
	return rows;
}

/* Decide which optional rows fit and where everything goes vertically. */
static void
layout_rows(struct frame *f, const struct plot_spec *s)
{
	int h = f->r.h, avail = h - 2, want, y;
	bool title = false, ylab = false, xlab = false;

	want = 2 * h / 5;
	if (want < 3)
		want = 3;
	if (want > avail)
		want = avail;
	f->legend_rows = 0;
	f->legend_packed = 0;
	if (!empty(s->title) && avail - 1 >= want) {
		title = true;
		avail--;
	}
	if ((!empty(s->y_name) || !empty(s->y_unit)) && avail - 1 >= want) {
		ylab = true;
		avail--;
	}
	if ((!empty(s->x_name) || !empty(s->x_unit)) && avail - 1 >= want) {
		xlab = true;
		avail--;
	}
	if (f->nlegend > 0) {
		int packed = legend_packed_rows(f, f->r.w);

		if (avail - f->nlegend >= want && !(s->legend_pack && packed < f->nlegend)) {
			f->legend_rows = f->nlegend;
		} else if (avail - packed >= want) {
			f->legend_rows = packed;
			f->legend_packed = 1;
		}
		avail -= f->legend_rows;
	}
	y = f->r.y;
	f->title_y = title ? y++ : -1;
	f->ylab_y = ylab ? y++ : -1;
	f->py0 = y;
	f->ph = avail;
	y += avail;
	f->xaxis_y = y++;
	y++;                            /* x tick labels */
	f->xlab_y = xlab ? y++ : -1;
	f->legend_y = f->legend_rows > 0 ? y : -1;
}

static int
dot_x(const struct frame *f, double frac)
{
	return (int)lround(frac * (f->W - 1));
}

static int
dot_y(const struct frame *f, double frac)
{
	return (int)lround((1 - frac) * (f->H - 1));
}

static int
col_of(const struct frame *f, double frac)
{
	return f->px0 + dot_x(f, frac) / f->sx;
}

static int
row_of(const struct frame *f, double frac)
{
	return f->py0 + dot_y(f, frac) / f->sy;
}

/* Does the data area of f show the x position frac? */
static bool
in_x(double frac)
{
	return frac >= -1e-9 && frac <= 1 + 1e-9;
}

/* Mark cell (x, y) as holding a marker or text (frame.prot). */
static void
protect(const struct frame *f, int x, int y)
{
	if (f->prot != NULL && x >= f->px0 && x < f->px0 + f->pw && y >= f->py0 &&
	    y < f->py0 + f->ph)
		f->prot[(size_t)(y - f->py0) * (size_t)f->pw + (size_t)(x - f->px0)] = 1;
}

static bool
is_protected(const struct frame *f, int x, int y)
{
	return f->prot != NULL && x >= f->px0 && x < f->px0 + f->pw && y >= f->py0 &&
	       y < f->py0 + f->ph &&
	       f->prot[(size_t)(y - f->py0) * (size_t)f->pw + (size_t)(x - f->px0)];
}

/* A marker (a point, a tag, the cursor, a saturated point) at (x, y). */
static void
put_mark(struct canvas *c, const struct frame *f, int x, int y, const char *g, int sty)
{
	canvas_put(c, &f->r, x, y, g, sty);
	protect(f, x, y);
}

/* Text at (x, y), its cells protected. */
static void
put_text(struct canvas *c, const struct frame *f, int x, int y, const char *t, int sty)
{
	int w = canvas_text_width(t);

	canvas_puts(c, &f->r, x, y, t, sty);
	for (int i = 0; i < w; i++)
		protect(f, x + i, y);
}

/* May text of w columns go at (x, y)?  Inside the data area, over no
 * marker or text; with blank, over blank cells only (no curve either). */
static bool
text_room(const struct canvas *c, const struct frame *f, int x, int y, int w, bool blank)
{
	if (x < f->px0 || x + w > f->px0 + f->pw || y < f->py0 || y >= f->py0 + f->ph)
		return false;
	for (int i = 0; i < w; i++) {
		const struct canvas_cell *cell = canvas_at(c, x + i, y);

		if (is_protected(f, x + i, y) || cell == NULL ||
		    (blank && strcmp(cell->glyph, " ") != 0))
			return false;
	}
	return true;
}

/* Lay out the x axis with as many ticks as their labels allow. */
static void
layout_x(struct frame *f, const struct plot_spec *s, double lo, double hi)
{
	int m, i, lw;
	double gap, min_gap;

	m = f->pw / 2 + 1;
	if (m > AXIS_MAX_TICKS)
		m = AXIS_MAX_TICKS;
	for (; m >= 2; m--) {
		axis_layout(&f->ax, s->x_scale, lo, hi,
			    isnan(s->x_min) && s->x_tight ? lo : s->x_min,
			    isnan(s->x_max) && s->x_tight ? hi : s->x_max, m);
		lw = axis_label_width(&f->ax);
		min_gap = INFINITY;
		for (i = 1; i < f->ax.nticks; i++) {
			gap = (axis_frac(&f->ax, f->ax.tick[i]) -
			       axis_frac(&f->ax, f->ax.tick[i - 1])) * (f->pw - 1);
			if (gap < min_gap)
				min_gap = gap;
		}
		if (min_gap >= lw + 1.5)
			return;
	}
}

static void
put_centered(struct canvas *c, const struct canvas_rect *clip, int x, int w,
	     int y, const char *text, int style)
{
	int tw = canvas_text_width(text), x0 = x + (w - tw) / 2;

	if (x0 < clip->x)
		x0 = clip->x;
	canvas_puts(c, clip, x0, y, text, style);
}

static void
draw_axes(struct canvas *c, const struct frame *f)
{
	const struct glyphs *g = f->g;
	char buf[AXIS_LABEL_MAX];
	int i, y, x, tw, last_end = f->r.x - 2, prev_row = -1;

	for (y = f->py0; y < f->py0 + f->ph; y++)
		canvas_put(c, &f->r, f->axis_x, y, g->vline, STY_AXIS);
	canvas_put(c, &f->r, f->axis_x, f->xaxis_y, g->corner, STY_AXIS);
	for (x = f->px0; x < f->px0 + f->pw; x++)
		canvas_put(c, &f->r, x, f->xaxis_y, g->hline, STY_AXIS);
	/* y ticks, from the top so that a shared row keeps the higher one. */
	for (i = f->ay.nticks - 1; i >= 0; i--) {
		double fr = axis_frac(&f->ay, f->ay.tick[i]);

		if (!(fr >= -1e-9 && fr <= 1 + 1e-9))
			continue;
		y = row_of(f, fr);
		if (y == prev_row)
			continue;
		prev_row = y;
		canvas_put(c, &f->r, f->axis_x, y, g->ytick, STY_AXIS);
		if (f->lw > 0) {
			snprintf(buf, sizeof buf, "%s", f->ay.label[i]);
			tw = canvas_text_width(buf);
			canvas_puts(c, &f->r, f->r.x + f->lw - tw, y, buf,
				    STY_LABEL);
		}
	}
	/* x ticks: labels centred under the tick, kept inside, never touching. */
	for (i = 0; i < f->ax.nticks; i++) {
		double fr = axis_frac(&f->ax, f->ax.tick[i]);
		int x0;

		if (!in_x(fr))
			continue;
		x = col_of(f, fr);
		canvas_put(c, &f->r, x, f->xaxis_y, g->xtick, STY_AXIS);
		tw = canvas_text_width(f->ax.label[i]);
		x0 = x - (tw - 1) / 2;
		if (x0 + tw > f->r.x + f->r.w)
			x0 = f->r.x + f->r.w - tw;
		if (x0 < f->r.x)
			x0 = f->r.x;
		if (x0 <= last_end + 1)
			continue;
		canvas_puts(c, &f->r, x0, f->xaxis_y + 1, f->ax.label[i],
			    STY_LABEL);
		last_end = x0 + tw - 1;
	}
}

/* "name [unit]", "name", "[unit]" or "". */
static void
axis_title(char *buf, size_t n, const char *name, const char *unit)
{
	if (!empty(name) && !empty(unit))
		snprintf(buf, n, "%s [%s]", name, unit);
	else if (!empty(name))
		snprintf(buf, n, "%s", name);
	else if (!empty(unit))
		snprintf(buf, n, "[%s]", unit);
	else
		buf[0] = '\0';
}

/* The legend's sample for entry kind at (x, y): marker or braille dashes. */
static int
legend_sample(struct canvas *c, const struct frame *f, int kind, int x, int y)
{
	int k, on, off;

	if (kind == PLOT_MAX_SERIES) {
		canvas_put(c, &f->r, x, y, f->g->satline, STY_SATURATION);
		return 1;
	}
	if (kind == PLOT_MAX_SERIES + 1) {
		canvas_put(c, &f->r, x, y, f->g->saturated, STY_SATURATION);
		return 1;
	}
	if (kind == PLOT_MAX_SERIES + 2) {
		canvas_put(c, &f->r, x, y, f->g->markline, STY_LABEL);
		return 1;
	}
	if (kind == PLOT_MAX_SERIES + 3) {
		canvas_put(c, &f->r, x, y, f->g->refsatline, STY_SATURATION);
		return 1;
	}
	if (kind == PLOT_MAX_SERIES + 4) {
		canvas_put(c, &f->r, x, y, f->g->unsettled, STY_LABEL);
		return 1;
	}
	if (kind == PLOT_MAX_SERIES + 5) {
		canvas_put(c, &f->r, x, y, f->g->failed, STY_LABEL);
		return 1;
	}
	if (!f->dots) {
		canvas_put(c, &f->r, x, y, f->mark[kind], STY_SERIES0 + kind);
		return 1;
	}
	if (f->points[kind]) {
		/* A measured point with its bar: "⡇o". */
		canvas_dot(c, &f->r, 2 * x + 1, 4 * y, STY_SERIES0 + kind);
		canvas_dot(c, &f->r, 2 * x + 1, 4 * y + 1, STY_SERIES0 + kind);
		canvas_dot(c, &f->r, 2 * x + 1, 4 * y + 2, STY_SERIES0 + kind);
		canvas_dot(c, &f->r, 2 * x + 1, 4 * y + 3, STY_SERIES0 + kind);
		canvas_put(c, &f->r, x + 1, y, f->mark[kind], STY_SERIES0 + kind);
		return 3;
	}
	on = f->dash[kind][0];
	off = f->dash[kind][1];
	for (k = 0; k < 4; k++)
		if (k % (on + off) < on)
			canvas_dot(c, &f->r, 2 * x + k, 4 * y + 1,
				   STY_SERIES0 + kind);
	if (f->tags)
		canvas_put(c, &f->r, x + 2, y, f->mark[kind], STY_SERIES0 + kind);
	else
		for (k = 4; k < 6; k++)
			if (k % (on + off) < on)
				canvas_dot(c, &f->r, 2 * x + k, 4 * y + 1,
					   STY_SERIES0 + kind);
	return 3;
}

static void
draw_legend(struct canvas *c, const struct frame *f)
{
	int i, x = f->r.x, y = f->legend_y, w;

	for (i = 0; i < f->nlegend; i++) {
		const struct legend_entry *le = &f->legend[i];

		if (f->legend_packed) {
			if (x > f->r.x && x + LEGEND_GAP + le->width > f->r.x + f->r.w) {
				y++;
				x = f->r.x;
			} else if (x > f->r.x) {
				x += LEGEND_GAP;
			}
		} else if (i > 0) {
			y++;
			x = f->r.x;
		}
		if (y >= f->legend_y + f->legend_rows)
			return;
		w = legend_sample(c, f, le->kind, x, y);
		canvas_puts(c, &f->r, x + w + 1, y, le->text,
			    le->kind == PLOT_MAX_SERIES || le->kind == PLOT_MAX_SERIES + 3
			    ? STY_SATURATION : STY_LABEL);
		x += le->width;
	}
}

/* Drawing state of one series, for raster_line(). */
struct pen {
	struct canvas *c;
	const struct frame *f;
	int series;
	long count;                /* dots drawn so far, for dashes */
};

/* Put one point of series p->series at dot (dx, dy) of the data area. */
static void
plot_dot(void *ctx, int dx, int dy)
{
	struct pen *p = ctx;
	struct canvas *c = p->c;
	const struct frame *f = p->f;
	int on = f->dash[p->series][0], off = f->dash[p->series][1];

	if (f->dots) {
		if (p->count++ % (on + off) < on)
			canvas_dot(c, &f->r, 2 * f->px0 + dx, 4 * f->py0 + dy,
				   STY_SERIES0 + p->series);
	} else {
		canvas_put(c, &f->r, f->px0 + dx, f->py0 + dy,
			   f->mark[p->series], STY_SERIES0 + p->series);
	}
}

/*
 * One stem of series k at x fraction fx up to y fraction fy (clipped to
 * the data area): from the x axis, or from 0 when the axis goes below it.
 */
static void
draw_stem(struct canvas *c, const struct frame *f, int k, double fx, double fy)
{
	double f0 = axis_frac(&f->ay, 0);
	int y0, y1, y, top, bot;

	if (!in_x(fx) || isnan(fy))
		return;
	if (isnan(f0) || f0 < 0)
		f0 = 0;
	if (f0 > 1)
		f0 = 1;
	if (fy > 1)
		fy = 1;
	if (fy < 0)
		fy = 0;
	if (f->dots) {
		y0 = dot_y(f, f0);
		y1 = dot_y(f, fy);
		top = y0 < y1 ? y0 : y1;
		bot = y0 < y1 ? y1 : y0;
		for (y = top; y <= bot; y++)
			canvas_dot(c, &f->r, 2 * f->px0 + dot_x(f, fx), 4 * f->py0 + y,
				   STY_SERIES0 + k);
		return;
	}
	y0 = row_of(f, f0);
	y1 = row_of(f, fy);
	for (y = y1 + 1; y <= y0; y++)
		canvas_put(c, &f->r, col_of(f, fx), y, f->g->vline, STY_SERIES0 + k);
	put_mark(c, f, col_of(f, fx), y1, f->mark[k], STY_SERIES0 + k);
}

/* Are the cells [x, x + w) of row y inside the data area and blank? */
static bool blank_run(const struct canvas *c, const struct frame *f, int x, int y, int w)
{
	if (x < f->px0 || x + w > f->px0 + f->pw)
		return false;
	for (int i = 0; i < w; i++) {
		const struct canvas_cell *cell = canvas_at(c, x + i, y);
		if (!cell || strcmp(cell->glyph, " ") != 0)
			return false;
	}
	return true;
}

/* A measured point above the y axis' top: with marker, its marker on the
 * data's top row; without, its value beside it ("2824") with a blank on
 * each side, on blank cells only (right of the marker, else left, else
 * the same one or two rows lower; else none: a value never overwrites or touches
 * other text). */
static void offscale_point(struct canvas *c, const struct frame *f,
			   const struct plot_series *se, size_t i, int sty, const char *marker)
{
	double fx = axis_frac(&f->ax, se->x[i]), y = se->y[i], fy;
	char lab[32];
	int col, w;

	if (isnan(fx) || !in_x(fx) || !isfinite(se->x[i]) || !isfinite(y))
		return;
	fy = axis_frac(&f->ay, y);
	if (isnan(fy) || fy <= 1 + 1e-9)
		return;
	col = col_of(f, fx);
	if (marker) {
		put_mark(c, f, col, f->py0, marker, sty);
		return;
	}
	snprintf(lab, sizeof lab, "%.4g", y);
	w = canvas_text_width(lab);
	/* a blank on both sides (or the area's edge): on the top row, right
	 * of the marker, else left; else the same on the two rows below */
	int edge = f->px0 + f->pw;
	for (int ry = f->py0; ry <= f->py0 + 2 && ry < f->py0 + f->ph; ry++) {
		int r0 = col + 1, r1 = col + 1 + w + (col + 1 + w < edge);
		int l0 = col - w - (col - w > f->px0), l1 = col;
		if (blank_run(c, f, r0, ry, r1 - r0)) {
			put_text(c, f, r0, ry, lab, sty);
			return;
		}
		if (blank_run(c, f, l0, ry, l1 - l0)) {
			put_text(c, f, col - w, ry, lab, sty);
			return;
		}
	}
}

/*
 * Measured points of series k (plot.h): the error bar from lo to hi, then
 * the marker at the value.  Bars are clipped at the data area; a bar that
 * lies wholly outside it is not drawn.
 */
static void
draw_points(struct canvas *c, const struct frame *f, const struct plot_spec *s, int k)
{
	const struct plot_series *se = &s->series[k];
	int sty = STY_SERIES0 + k;
	size_t i;

	for (i = 0; i < se->n; i++) {
		double fx = axis_frac(&f->ax, se->x[i]), y = se->y[i];
		double lo = se->lo ? se->lo[i] : NAN, hi = se->hi ? se->hi[i] : NAN;
		double fl, fh, fy;
		int col, r, rt, rb;
		unsigned flag = se->flag ? se->flag[i] : PLOT_PT_PLAIN;
		const char *mark = flag == PLOT_PT_UNSETTLED ? f->g->unsettled : f->mark[k];

		if (flag == PLOT_PT_FAILED && !isnan(fx) && in_x(fx) && isfinite(se->x[i])) {
			put_mark(c, f, col_of(f, fx), f->py0 + f->ph - 1, f->g->failed, sty);
			continue;
		}
		if (isnan(fx) || !in_x(fx) || !isfinite(se->x[i]) || isnan(y))
			continue;
		col = col_of(f, fx);
		if (y == INFINITY) {
			put_mark(c, f, col, f->py0, f->g->saturated, sty);
			continue;
		}
		fl = isfinite(lo) ? axis_frac(&f->ay, lo) : NAN;
		fh = isfinite(hi) ? axis_frac(&f->ay, hi) : NAN;
		if (hi == INFINITY)
			fh = 2;               /* unbounded above: to the top */
		if (!isnan(fl) && !isnan(fh) && fh > fl && fh >= 0 && fl <= 1) {
			bool cap_top = fh <= 1 + 1e-9, cap_bot = fl >= -1e-9;

			fl = fl < 0 ? 0 : fl;
			fh = fh > 1 ? 1 : fh;
			if (f->dots) {
				int dx = dot_x(f, fx), d0 = dot_y(f, fh), d1 = dot_y(f, fl);

				for (r = d0; r <= d1; r++)
					canvas_dot(c, &f->r, 2 * f->px0 + dx, 4 * f->py0 + r, sty);
				if (d1 > d0) {
					int side = dx % 2 ? -1 : 1;   /* the cell's other column */

					if (cap_top)
						canvas_dot(c, &f->r, 2 * f->px0 + dx + side,
							   4 * f->py0 + d0, sty);
					if (cap_bot)
						canvas_dot(c, &f->r, 2 * f->px0 + dx + side,
							   4 * f->py0 + d1, sty);
				}
			} else {
				rt = row_of(f, fh);
				rb = row_of(f, fl);
				for (r = rt; r <= rb; r++)
					canvas_put(c, &f->r, col, r, f->g->vline, sty);
				if (rb > rt + 1) {
					if (cap_top)
						canvas_put(c, &f->r, col, rt, "-", sty);
					if (cap_bot)
						canvas_put(c, &f->r, col, rb, "-", sty);
				}
			}
		}
		fy = axis_frac(&f->ay, y);
		if (isnan(fy) || !isfinite(y) || fy < -1e-9)
			continue;
		if (fy > 1 + 1e-9)
			continue;     /* above the axis' top: draw_offscale */
		put_mark(c, f, col, row_of(f, fy), mark, sty);
	}
}

/* The measured points above the y axis' top: pass 0 draws each marker on
 * the data's top row (with the other markers, before any text), pass 1
 * the values beside them where the cells are blank (after the texts). */
static void draw_offscale(struct canvas *c, const struct frame *f, const struct plot_spec *s,
			  size_t ns, int pass)
{
	for (size_t k = 0; k < ns; k++) {
		const struct plot_series *se = &s->series[k];
		if (!se->points || !se->x || !se->y)
			continue;
		for (size_t i = 0; i < se->n; i++) {
			bool hollow = se->flag && se->flag[i] == PLOT_PT_UNSETTLED;
			offscale_point(c, f, se, i, STY_SERIES0 + (int)k, pass ? NULL
				       : hollow ? f->g->unsettled : f->mark[k]);
		}
	}
}

static void
draw_series(struct canvas *c, const struct frame *f, const struct plot_spec *s,
	    int k)
{
	const struct plot_series *se = &s->series[k];
	struct pen pen = { c, f, k, 0 };
	double px = 0, py = 0;
	bool prev = false;
	size_t i;

	if (se->x == NULL || se->y == NULL)
		return;
	for (i = 0; i < se->n; i++) {
		double fx = axis_frac(&f->ax, se->x[i]), fy, dx, dy;

		if (isnan(fx) || !isfinite(se->x[i]) || isnan(se->y[i])) {
			prev = false;
			continue;
		}
		if (se->y[i] == INFINITY) {
			if (in_x(fx))
				put_mark(c, f, col_of(f, fx), f->py0, f->g->saturated,
					 STY_SERIES0 + k);
			prev = false;
			continue;
		}
		fy = axis_frac(&f->ay, se->y[i]);
		if (isnan(fy) || !isfinite(se->y[i])) {
			prev = false;
			continue;
		}
		dx = fx * (f->W - 1);
		dy = (1 - fy) * (f->H - 1);
		if (s->stems) {
			draw_stem(c, f, k, fx, fy);
			continue;
		}
		if (s->lines && prev) {
			double x0 = px, y0 = py, x1 = dx, y1 = dy;

			if (raster_clip(&x0, &y0, &x1, &y1, f->W, f->H))
				raster_line((int)lround(x0), (int)lround(y0),
					    (int)lround(x1), (int)lround(y1),
					    plot_dot, &pen);
		}
		if (in_x(fx) && fy >= -1e-9 && fy <= 1 + 1e-9) {
			if (!s->lines)
				put_mark(c, f, col_of(f, fx), row_of(f, fy), f->mark[k],
					 STY_SERIES0 + k);
			else if (!prev)
				plot_dot(&pen, dot_x(f, fx), dot_y(f, fy));
		}
		px = dx;
		py = dy;
		prev = true;
	}
}

/* Several series: each one's marker glyph at its last point shown (one row
 * up or down when another tag is there), so curves are told apart without
 * colour; the legend shows the same glyphs. */
static void
draw_tags(struct canvas *c, const struct frame *f, const struct plot_spec *s,
	  size_t ns)
{
	int taken[PLOT_MAX_SERIES][2], nt = 0;
	size_t k, i;

	for (k = 0; k < ns; k++) {
		const struct plot_series *se = &s->series[k];
		int x = -1, y = -1, d, t, yy;

		if (se->x == NULL || se->y == NULL || se->points)
			continue;
		for (i = se->n; i-- > 0;) {
			double fx = axis_frac(&f->ax, se->x[i]);
			double fy = isfinite(se->y[i]) ? axis_frac(&f->ay, se->y[i]) : NAN;

			if (isnan(fx) || !in_x(fx) || isnan(fy) || fy < -1e-9 ||
			    fy > 1 + 1e-9)
				continue;
			x = col_of(f, fx);
			y = row_of(f, fy);
			break;
		}
		if (x < 0)
			continue;
		for (d = 0; d < 2 * f->ph; d++) {
			yy = y + (d % 2 ? (d + 1) / 2 : -(d / 2));
			if (yy < f->py0 || yy >= f->py0 + f->ph)
				continue;
			for (t = 0; t < nt; t++)
				if (taken[t][0] == x && taken[t][1] == yy)
					break;
			if (t == nt) {
				y = yy;
				break;
			}
		}
		taken[nt][0] = x;
		taken[nt][1] = y;
		nt++;
		put_mark(c, f, x, y, f->mark[k], STY_SERIES0 + (int)k);
	}
}

/* Draw the cursor point; fill readout with "x=.. y=..".  */
static void
draw_cursor(struct canvas *c, const struct frame *f, const struct plot_spec *s,
	    char *readout, size_t n)
{
	const struct plot_series *se;
	char bx[AXIS_LABEL_MAX], by[AXIS_LABEL_MAX];
	double fx, fy, x, y;

	readout[0] = '\0';
	if (s->series == NULL || s->nseries == 0 || s->cursor < 0)
		return;
	se = &s->series[0];
	if (se->x == NULL || se->y == NULL || (size_t)s->cursor >= se->n)
		return;
	x = se->x[s->cursor];
	y = se->y[s->cursor];
	axis_fmt_value(bx, sizeof bx, x);
	axis_fmt_value(by, sizeof by, y);
	snprintf(readout, n, "x=%s y=%s%s%s", bx, by,
		 (!empty(s->y_unit) && isfinite(y)) ? " " : "",
		 (!empty(s->y_unit) && isfinite(y)) ? s->y_unit : "");
	fx = axis_frac(&f->ax, x);
	if (isnan(fx) || !in_x(fx) || isnan(y) || f->ph <= 0)
		return;
	if (y == INFINITY) {
		put_mark(c, f, col_of(f, fx), f->py0, f->g->saturated, STY_CURSOR);
		return;
	}
	fy = axis_frac(&f->ay, y);
	if (isnan(fy) || fy < -1e-9)
		return;
	if (fy > 1)
		fy = 1;
	put_mark(c, f, col_of(f, fx), row_of(f, fy), f->g->cursor, STY_CURSOR);
}

/* A saturation line at x_sat drawn with glyph. */
static void
draw_satline(struct canvas *c, const struct frame *f, double x_sat, const char *glyph)
{
	double fx = axis_frac(&f->ax, x_sat);
	int x, y;

	if (isnan(fx) || !in_x(fx))
		return;
	x = col_of(f, fx);
	for (y = f->py0; y < f->py0 + f->ph; y++)
		canvas_put(c, &f->r, x, y, glyph, STY_SATURATION);
}

/* Protect the cells of the vertical line at x_sat that still show glyph
 * (what curves and markers left of it), so no label covers them. */
static void
protect_line(const struct canvas *c, const struct frame *f, double x_sat, const char *glyph)
{
	double fx = axis_frac(&f->ax, x_sat);

	if (isnan(fx) || !in_x(fx))
		return;
	int x = col_of(f, fx);
	for (int y = f->py0; y < f->py0 + f->ph; y++) {
		const struct canvas_cell *cell = canvas_at(c, x, y);
		if (cell && strcmp(cell->glyph, glyph) == 0)
			protect(f, x, y);
	}
}

/*
 * The label of a vertical line at column x, drawn after every curve and
 * marker so that none overwrites it, and where it overwrites none: on
 * blank cells beside the line (right, else left), from row y0 towards
 * row y1; else over curves but no marker or text; else not at all (the
 * legend names the line too).
 */
static void
line_label(struct canvas *c, const struct frame *f, int x, const char *label, int sty,
	   int y0, int y1)
{
	int lw = canvas_text_width(label), dir = y1 >= y0 ? 1 : -1;

	if (f->ph < 3)
		return;
	for (int pass = 0; pass < 2; pass++)
		for (int y = y0; dir > 0 ? y <= y1 : y >= y1; y += dir) {
			if (text_room(c, f, x + 1, y, lw, pass == 0)) {
				put_text(c, f, x + 1, y, label, sty);
				return;
			}
			if (x - lw > f->axis_x && text_room(c, f, x - lw, y, lw, pass == 0)) {
				put_text(c, f, x - lw, y, label, sty);
				return;
			}
		}
}

/* The saturation line's label: at the bottom, beyond saturation where
 * curves do not go, else higher. */
static void
draw_satlabel(struct canvas *c, const struct frame *f, double x_sat, const char *label)
{
	double fx = axis_frac(&f->ax, x_sat);

	if (isnan(fx) || !in_x(fx))
		return;
	line_label(c, f, col_of(f, fx), label, STY_SATURATION, f->py0 + f->ph - 1, f->py0);
}

/* The marker: a dotted line (its label: draw_marklabel). */
static void
draw_markline(struct canvas *c, const struct frame *f, const struct plot_spec *s)
{
	double fx = axis_frac(&f->ax, s->mark_x);
	int x, y;

	if (isnan(fx) || !in_x(fx))
		return;
	x = col_of(f, fx);
	for (y = f->py0; y < f->py0 + f->ph; y++)
		canvas_put(c, &f->r, x, y, f->g->markline, STY_LABEL);
}

/* The marker line's label: at the top, else lower (line_label). */
static void
draw_marklabel(struct canvas *c, const struct frame *f, const struct plot_spec *s)
{
	double fx = axis_frac(&f->ax, s->mark_x);

	if (isnan(fx) || !in_x(fx))
		return;
	line_label(c, f, col_of(f, fx), empty(s->mark_label) ? "mark" : s->mark_label,
		   STY_LABEL, f->py0, f->py0 + f->ph - 1);
}

/* Write s at (x, y) in at most w columns, ending in "…" ("~" in ASCII) when
 * cut.  Returns the columns written. */
static int
puts_cut(struct canvas *c, const struct frame *f, int x, int y, int w,
	 const char *s, int style)
{
	struct canvas_rect cl = { x, y, w, 1 };
	int tw = canvas_text_width(s);

	if (w <= 0)
		return 0;
	cl = canvas_rect_clip(cl, f->r);
	canvas_puts(c, &cl, x, y, s, style);
	if (tw <= w)
		return tw;
	canvas_put(c, &cl, x + w - 1, y, f->g->braille ? "\u2026" : "~", style);
	return w;
}

/*
 * Text rows: title with the cursor read-out, y label with the clip note.
 * The clip note always shows (plot.h), over no marker: at the right of the
 * y label row when the whole label fits beside it (the read-out moves to
 * the title row or goes), else at the right of the title row when there is
 * no y label row, else on the top row of the data area in the first run of
 * cells without a marker or text (whole, else without its hint), else at
 * the right of the y label row cutting the label, else cut into the
 * widest such run of the top row.
 */
static void
draw_texts(struct canvas *c, const struct frame *f, const struct plot_spec *s,
	   const char *readout, bool clipped)
{
	char buf[160], note[96];
	int tw, nw, rw = canvas_text_width(readout), right = f->r.x + f->r.w;
	bool readout_done = false, note_done = false;

	note[0] = '\0';
	if (clipped) {
		char top[AXIS_LABEL_MAX];

		snprintf(note, sizeof note, "clipped above %s%s%s%s",
			 axis_fmt_value(top, sizeof top, f->ay.hi),
			 empty(s->clip_hint) ? "" : " (",
			 empty(s->clip_hint) ? "" : s->clip_hint,
			 empty(s->clip_hint) ? "" : ")");
	}
	nw = canvas_text_width(note);
	axis_title(buf, sizeof buf, s->y_name, s->y_unit);
	tw = canvas_text_width(buf);
	if (f->title_y >= 0) {
		int room = f->r.w, ttw;

		if (nw > 0 && f->ylab_y < 0 && canvas_text_width(s->title) + 2 + nw <= f->r.w) {
			canvas_puts(c, &f->r, right - nw, f->title_y, note, STY_DIM);
			note_done = true;
			room -= nw + 2;
		}
		ttw = puts_cut(c, f, f->r.x, f->title_y, room, s->title, STY_TITLE);
		if (rw > 0 && !note_done && ttw + 2 + rw <= f->r.w) {
			canvas_puts(c, &f->r, right - rw, f->title_y, readout,
				    STY_CURSOR);
			readout_done = true;
		}
	}
	/* Else on the data's top row, in a run of cells with no marker or
	 * text (every marker is drawn by now: none is drawn over it later),
	 * the first from the left, the whole note or without its hint. */
	char shorter[96];
	if (clipped) {
		char top[AXIS_LABEL_MAX];

		snprintf(shorter, sizeof shorter, "clipped above %s",
			 axis_fmt_value(top, sizeof top, f->ay.hi));
	} else {
		shorter[0] = '\0';
	}
	if (nw > 0 && !note_done && f->ph > 0 && f->pw > 1 &&
	    !(f->ylab_y >= 0 && tw + 2 + nw <= f->r.w)) {
		for (int pass = 0; pass < 2 && !note_done; pass++) {
			const char *t = pass ? shorter : note;
			int w = canvas_text_width(t);

			/* a free cell before and after it: it touches no marker */
			for (int x = f->px0 + 1; w > 0 && x + w <= f->px0 + f->pw - 1; x++)
				if (text_room(c, f, x - 1, f->py0, w + 2, false)) {
					put_text(c, f, x, f->py0, t, STY_DIM);
					note_done = true;
					break;
				}
		}
	}
	if (f->ylab_y >= 0) {
		int rx = right, lw = f->r.w;

		/* beside the y label: whole, else cutting the label (its
		 * first 8 columns kept) */
		if (nw > 0 && !note_done && (tw + 2 + nw <= f->r.w || 8 + 2 + nw <= f->r.w)) {
			rx -= nw;
			canvas_puts(c, &f->r, rx, f->ylab_y, note, STY_DIM);
			note_done = true;
			rx -= 2;
			lw = rx - f->r.x;
		}
		if (!readout_done && rw > 0 && tw + 2 + rw <= rx - f->r.x) {
			canvas_puts(c, &f->r, rx - rw, f->ylab_y, readout, STY_CURSOR);
			readout_done = true;
		}
		puts_cut(c, f, f->r.x, f->ylab_y, lw, buf, STY_LABEL);
	}
	if (nw > 0 && !note_done && f->ph > 0 && f->pw > 1) {
		/* no room anywhere: as much of it as fits in the widest free
		 * run of the top row, cut with "…" (never over a marker) */
		int best = -1, bw = 0;

		for (int x = f->px0 + 1; x < f->px0 + f->pw - 1; x++) {
			int w = 0;

			while (x + w < f->px0 + f->pw - 1 && text_room(c, f, x + w, f->py0, 1, false))
				w++;
			if (w > bw) {
				bw = w;
				best = x;
			}
			x += w;
		}
		if (best >= 0 && bw >= 2) {
			puts_cut(c, f, best, f->py0, bw, note, STY_DIM);
			for (int i = 0; i < bw; i++)
				protect(f, best + i, f->py0);
		}
	}
	if (f->xlab_y >= 0) {
		axis_title(buf, sizeof buf, s->x_name, s->x_unit);
		put_centered(c, &f->r, f->px0, f->pw, f->xlab_y, buf, STY_LABEL);
	}
}

/* Is x (the saturation line) close enough to the data to widen the axis? */
static bool
sat_near(const struct extent *e, double x)
{
	double span = e->xhi - e->xlo;

	if (!isfinite(e->xlo))
		return true;
	return x >= e->xlo - 0.5 * span && x <= e->xhi + 0.5 * span;
}

/* Does a measured points series of s (the first ns) have a point flagged
 * flag? */
static bool
any_flag(const struct plot_spec *s, size_t ns, unsigned char flag)
{
	for (size_t k = 0; k < ns; k++)
		for (size_t i = 0; s->series[k].points && s->series[k].flag && i < s->series[k].n; i++)
			if (s->series[k].flag[i] == flag)
				return true;
	return false;
}

static void
build_legend(struct frame *f, const struct plot_spec *s, size_t ns,
	     bool sat_shown, bool sat_points, bool mark_shown, bool ref_shown)
{
	char buf[LEGEND_TEXT], v[AXIS_LABEL_MAX];
	size_t k;
	bool named = false;

	f->nlegend = 0;
	for (k = 0; k < ns; k++)
		named = named || !empty(s->series[k].name);
	if (!s->legend || (ns < 2 && !named && !sat_shown && !sat_points && !mark_shown &&
			   !ref_shown))
		return;
	for (k = 0; k < ns; k++) {
		if (s->series[k].unlisted)
			continue;
		if (empty(s->series[k].name))
			snprintf(buf, sizeof buf, "series %zu", k);
		else
			snprintf(buf, sizeof buf, "%s", s->series[k].name);
		legend_add(f, (int)k, buf);
	}
	if (sat_shown) {
		snprintf(buf, sizeof buf, "%s %s",
			 empty(s->sat_label) ? "sat" : s->sat_label,
			 axis_fmt_value(v, sizeof v, s->sat_x));
		legend_add(f, PLOT_MAX_SERIES, buf);
	}
	if (ref_shown) {
		snprintf(buf, sizeof buf, "%s %s",
			 empty(s->ref_sat_label) ? "refined sat" : s->ref_sat_label,
			 axis_fmt_value(v, sizeof v, s->ref_sat_x));
		legend_add(f, PLOT_MAX_SERIES + 3, buf);
	}
	if (sat_points)
		legend_add(f, PLOT_MAX_SERIES + 1, "saturated");
	if (mark_shown) {
		snprintf(buf, sizeof buf, "%s %s",
			 empty(s->mark_label) ? "mark" : s->mark_label,
			 axis_fmt_value(v, sizeof v, s->mark_x));
		legend_add(f, PLOT_MAX_SERIES + 2, buf);
	}
	if (any_flag(s, ns, PLOT_PT_UNSETTLED))
		legend_add(f, PLOT_MAX_SERIES + 4, "did not settle");
	if (any_flag(s, ns, PLOT_PT_FAILED))
		legend_add(f, PLOT_MAX_SERIES + 5, "failed (i: why)");
}

int
plot_render(struct canvas *c, struct canvas_rect r, const struct plot_spec *s,
	    struct plot_info *info)
{
	struct canvas_rect all = { 0, 0, c->width, c->height };
	struct frame f;
	struct extent e;
	double xlo, xhi, ylo, yhi;
	size_t ns = s->nseries > PLOT_MAX_SERIES ? PLOT_MAX_SERIES : s->nseries;
	bool sat_shown, mark_shown, ref_shown, clipped = false;
	char readout[96];
	int rc = 0, k, m;

	if (s->series == NULL)
		ns = 0;
	memset(&f, 0, sizeof f);
	f.r = canvas_rect_clip(r, all);
	f.g = glyphs_get(c->charset);
	if (info != NULL)
		memset(info, 0, sizeof *info);
	canvas_fill(c, f.r, " ", STY_NORMAL);
	if (f.r.w <= 0 || f.r.h <= 0)
		return 0;
	if (f.r.h < 3 || f.r.w < 8) {
		canvas_puts(c, &f.r, f.r.x, f.r.y, s->title, STY_TITLE);
		return 0;
	}

	data_extent(s, ns, &e);
	xlo = e.xlo;
	xhi = e.xhi;
	sat_shown = !isnan(s->sat_x) && isfinite(s->sat_x) &&
		    x_allowed(s, s->sat_x) &&
		    (!isnan(s->x_min) || !isnan(s->x_max) || sat_near(&e, s->sat_x));
	if (sat_shown && isnan(s->x_min))
		xlo = fmin(xlo, s->sat_x);
	if (sat_shown && isnan(s->x_max))
		xhi = fmax(xhi, s->sat_x);
	mark_shown = !isnan(s->mark_x) && isfinite(s->mark_x) &&
		     x_allowed(s, s->mark_x) &&
		     (!isnan(s->x_min) || !isnan(s->x_max) || sat_near(&e, s->mark_x));
	if (mark_shown && isnan(s->x_min))
		xlo = fmin(xlo, s->mark_x);
	if (mark_shown && isnan(s->x_max))
		xhi = fmax(xhi, s->mark_x);
	ref_shown = !isnan(s->ref_sat_x) && isfinite(s->ref_sat_x) &&
		    x_allowed(s, s->ref_sat_x) &&
		    (!isnan(s->x_min) || !isnan(s->x_max) || sat_near(&e, s->ref_sat_x));
	if (ref_shown && isnan(s->x_min))
		xlo = fmin(xlo, s->ref_sat_x);
	if (ref_shown && isnan(s->x_max))
		xhi = fmax(xhi, s->ref_sat_x);
	if (s->x_scale == AXIS_LINEAR && isnan(s->x_min) && zero_based(xlo, xhi))
		xlo = 0;
	ylo = e.ylo;
	yhi = e.yhi;
	if (s->y_scale == AXIS_LINEAR && isnan(s->y_max) && !s->y_fit &&
	    robust_top(s, ns, &e, &yhi) < 0)
		rc = -1;
	if (s->y_scale == AXIS_LINEAR && isnan(s->y_min) && zero_based(ylo, yhi))
		ylo = 0;

	f.dots = f.g->braille && (s->lines || s->stems);
	f.tags = ns >= 2;      /* ASCII too: a curve hidden under another shows */
	for (k = 0; k < (int)ns; k++) {
		f.points[k] = s->series[k].points;
		int mk = s->series[k].marker > 0 ? (s->series[k].marker - 1) % PLOT_MAX_SERIES : k;
		f.mark[k] = s->series[k].refined ? (s->series[k].pinned ? f.g->refpin : f.g->refined)
			: f.g->marker[mk];
		f.dash[k] = s->series[k].refined ? dash_refined : dash[mk];
	}
	f.sx = f.dots ? 2 : 1;
	f.sy = f.dots ? 4 : 1;
	build_legend(&f, s, ns, sat_shown, e.sat_points, mark_shown, ref_shown);
	layout_rows(&f, s);

	/* y axis: about one tick per 3 rows (per 2 on short plots). */
	m = f.ph <= 6 ? f.ph / 2 + 1 : f.ph / 3 + 1;
	axis_layout(&f.ay, s->y_scale, ylo, yhi, s->y_min, s->y_max, m);
	f.lw = axis_label_width(&f.ay);
	if (f.lw + 2 + 4 > f.r.w)
		f.lw = 0;
	f.axis_x = f.r.x + f.lw + (f.lw > 0 ? 1 : 0);
	f.px0 = f.axis_x + 1;
	f.pw = f.r.x + f.r.w - (f.r.w >= 30 ? 1 : 0) - f.px0;
	f.W = f.pw * f.sx;
	f.H = f.ph * f.sy;
	if (f.pw < 2 || f.ph < 1) {
		canvas_puts(c, &f.r, f.r.x, f.r.y, s->title, STY_TITLE);
		return rc;
	}
	layout_x(&f, s, xlo, xhi);

	for (k = 0; k < (int)ns; k++) {
		const struct plot_series *se = &s->series[k];
		size_t i;

		for (i = 0; se->x != NULL && se->y != NULL && i < se->n; i++) {
			double top = se->y[i];

			if (se->points && se->hi != NULL && isfinite(se->hi[i]) &&
			    se->hi[i] > top)
				top = se->hi[i];   /* an error bar cut at the top */
			if (isfinite(top) && in_x(axis_frac(&f.ax, se->x[i])) &&
			    axis_frac(&f.ay, top) > 1 + 1e-9)
				clipped = true;
		}
	}

	/* Lines, then markers (protected: f.prot), then text where no marker
	 * is, so nothing overwrites a marker or a text (plot.h). */
	f.prot = calloc((size_t)f.pw * (size_t)f.ph, 1);
	draw_axes(c, &f);
	if (mark_shown)
		draw_markline(c, &f, s);
	if (ref_shown)
		draw_satline(c, &f, s->ref_sat_x, f.g->refsatline);
	if (sat_shown)
		draw_satline(c, &f, s->sat_x, f.g->satline);
	/* Curves first (the live one on top), then measured points. */
	for (k = (int)ns - 1; k >= 0; k--)
		if (!s->series[k].points)
			draw_series(c, &f, s, k);
	for (k = (int)ns - 1; k >= 0; k--)
		if (s->series[k].points)
			draw_points(c, &f, s, k);
	if (f.tags)
		draw_tags(c, &f, s, ns);
	draw_cursor(c, &f, s, readout, sizeof readout);
	draw_offscale(c, &f, s, ns, 0);
	draw_texts(c, &f, s, readout, clipped);
	if (ref_shown) {
		/* two saturation lines: neither label may cover the other line */
		protect_line(c, &f, s->ref_sat_x, f.g->refsatline);
		if (sat_shown)
			protect_line(c, &f, s->sat_x, f.g->satline);
	}
	if (sat_shown)
		draw_satlabel(c, &f, s->sat_x, empty(s->sat_label) ? "sat" : s->sat_label);
	if (ref_shown)
		draw_satlabel(c, &f, s->ref_sat_x,
			      empty(s->ref_sat_label) ? "refined sat" : s->ref_sat_label);
	if (mark_shown)
		draw_marklabel(c, &f, s);
	draw_offscale(c, &f, s, ns, 1);
	free(f.prot);
	if (f.legend_rows > 0)
		draw_legend(c, &f);

	if (info != NULL) {
		info->area.x = f.px0;
		info->area.y = f.py0;
		info->area.w = f.pw;
		info->area.h = f.ph;
		info->x = f.ax;
		info->y = f.ay;
		info->y_clipped = clipped;
		info->saturated = e.sat_points;
		info->legend_shown = f.legend_rows > 0;
	}
	return rc;
}
