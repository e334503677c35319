/*
 * bars.c: grouped horizontal and vertical bar charts (see bars.h).
 */
#include "render/bars.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/axis.h"
#include "render/glyphs.h"

#define LABEL_MAX 16       /* category labels are cut to this width */
#define TEXT_MAX 48

struct bars_frame {
	struct canvas_rect r;
	bool legend;           /* a legend is wanted: several series, or one named */
	const struct glyphs *g;
	int ns;                /* series drawn */
	double vmax;           /* value of a full bar */
};

void
bars_spec_init(struct bars_spec *s)
{
	memset(s, 0, sizeof *s);
	s->orient = BARS_HORIZONTAL;
	s->v_max = NAN;
	s->value_labels = true;
	s->legend = true;
}

static double
value(const struct bars_spec *s, int series, int cat)
{
	return s->values[(size_t)series * (size_t)s->ncat + (size_t)cat];
}

static const char *
cat_label(const struct bars_spec *s, int k, char *buf, size_t n)
{
	if (s->cat_labels != NULL && s->cat_labels[k] != NULL)
		snprintf(buf, n, "%s", s->cat_labels[k]);
	else
		snprintf(buf, n, "%d", k + 1);
	return buf;
}

static const char *
series_name(const struct bars_spec *s, int k, char *buf, size_t n)
{
	if (s->series_names != NULL && s->series_names[k] != NULL)
		snprintf(buf, n, "%s", s->series_names[k]);
	else
		snprintf(buf, n, "series %d", k);
	return buf;
}

/* "0.125", "12.5%", "3 hops"; "" for NaN. */
static const char *
value_label(const struct bars_spec *s, double v, char *buf, size_t n)
{
	char num[AXIS_LABEL_MAX];
	const char *u = s->unit != NULL ? s->unit : "";

	if (isnan(v)) {
		buf[0] = '\0';
		return buf;
	}
	axis_fmt_value(num, sizeof num, v);
	snprintf(buf, n, "%s%s%s", num, (*u != '\0' && strcmp(u, "%") != 0) ?
		 " " : "", u);
	return buf;
}

static int
max_value_label(const struct bars_spec *s, int ns)
{
	char buf[TEXT_MAX];
	int i, k, w = 0, l;

	for (i = 0; i < ns; i++)
		for (k = 0; k < s->ncat; k++) {
			l = canvas_text_width(value_label(s, value(s, i, k), buf,
							  sizeof buf));
			if (l > w)
				w = l;
		}
	return w;
}

/* Legend entries "<fill> name" packed from x0 within [x0, x1); returns rows
 * used (draws only when draw is true, starting at row y). */
static int
legend(struct canvas *c, const struct bars_frame *f, const struct bars_spec *s,
       int x0, int x1, int y, bool draw)
{
	char buf[TEXT_MAX];
	int i, x = x0, rows = 1, w;

	for (i = 0; i < f->ns; i++) {
		w = 2 + canvas_text_width(series_name(s, i, buf, sizeof buf));
		if (x > x0 && x + 3 + w > x1) {
			rows++;
			x = x0;
		} else if (x > x0) {
			x += 3;
		}
		if (draw) {
			canvas_put(c, &f->r, x, y + rows - 1, f->g->bar[i],
				   STY_SERIES0 + i);
			canvas_puts(c, &f->r, x + 2, y + rows - 1, buf, STY_LABEL);
		}
		x += w;
	}
	return rows;
}

/* A horizontal bar of length v/vmax * w cells from (x, y).  Returns its end. */
static int
hbar(struct canvas *c, const struct bars_frame *f, int series, double v, int x,
     int y, int w)
{
	double frac = v > 0 ? v / f->vmax : 0;
	long len8, i;

	if (!(frac > 0))
		return x;
	if (frac > 1)
		frac = 1;
	len8 = lround(frac * w * 8);
	if (series != 0 || f->g->hpart[0] == NULL)
		len8 = 8 * lround(frac * w);
	if (len8 == 0) {
		canvas_put(c, &f->r, x, y, f->g->tiny_h, STY_SERIES0 + series);
		return x + 1;
	}
	for (i = 0; i < len8 / 8; i++)
		canvas_put(c, &f->r, x + (int)i, y, f->g->bar[series],
			   STY_SERIES0 + series);
	if (len8 % 8 != 0) {
		canvas_put(c, &f->r, x + (int)i, y, f->g->hpart[len8 % 8 - 1],
			   STY_SERIES0 + series);
		i++;
	}
	return x + (int)i;
}

static void
render_horizontal(struct canvas *c, struct bars_frame *f,
		  const struct bars_spec *s)
{
	char buf[TEXT_MAX];
	struct canvas_rect lab;
	bool title = s->title != NULL && *s->title != '\0';
	bool header = f->legend ||
		      (s->cat_name != NULL && *s->cat_name != '\0');
	int lab_w = 0, val_w, bar_x, bar_w, gaps, hdr_rows = 0, y, k, i, l;

	for (k = 0; k < s->ncat; k++) {
		l = canvas_text_width(cat_label(s, k, buf, sizeof buf));
		lab_w = l > lab_w ? l : lab_w;
	}
	if (s->cat_name != NULL) {
		l = canvas_text_width(s->cat_name);
		lab_w = l > lab_w ? l : lab_w;
	}
	lab_w = lab_w > LABEL_MAX ? LABEL_MAX : lab_w;
	val_w = s->value_labels ? max_value_label(s, f->ns) : 0;
	bar_x = f->r.x + lab_w + 1;
	bar_w = f->r.x + f->r.w - bar_x - 1 - (val_w > 0 ? val_w + 1 : 0);
	if (bar_w < 3) {
		val_w = 0;
		bar_w = f->r.x + f->r.w - bar_x - 1;
	}
	if (header)
		hdr_rows = f->legend ?
			   legend(c, f, s, bar_x + 1, f->r.x + f->r.w, 0, false) : 1;
	/* Shed rows until the groups fit: gaps, title, header. */
	gaps = s->ncat - 1;
	if (f->ns * s->ncat + gaps + title + hdr_rows > f->r.h)
		gaps = 0;
	if (f->ns * s->ncat + title + hdr_rows > f->r.h)
		title = false;
	if (f->ns * s->ncat + hdr_rows > f->r.h)
		hdr_rows = 0;

	y = f->r.y;
	if (title)
		canvas_puts(c, &f->r, f->r.x, y++, s->title, STY_TITLE);
	if (hdr_rows > 0) {
		if (s->cat_name != NULL)
			canvas_puts(c, &f->r, bar_x - 1 - canvas_text_width(s->cat_name),
				    y, s->cat_name, STY_LABEL);
		if (f->legend)
			legend(c, f, s, bar_x + 1, f->r.x + f->r.w, y, true);
		y += hdr_rows;
	}
	lab = f->r;
	lab.w = lab_w < f->r.w ? lab_w : f->r.w;
	for (k = 0; k < s->ncat; k++) {
		cat_label(s, k, buf, sizeof buf);
		l = canvas_text_width(buf);
		canvas_puts(c, &lab, f->r.x + lab_w - (l < lab_w ? l : lab_w), y,
			    buf, STY_LABEL);
		for (i = 0; i < f->ns; i++, y++) {
			double v = value(s, i, k);
			int end;

			canvas_put(c, &f->r, bar_x, y, f->g->vline, STY_AXIS);
			end = hbar(c, f, i, v, bar_x + 1, y, bar_w);
			if (val_w > 0)
				canvas_puts(c, &f->r, end + 1, y,
					    value_label(s, v, buf, sizeof buf),
					    STY_LABEL);
		}
		if (gaps > 0)
			y++;
	}
}

/* A vertical bar of height v/vmax * h rows, bottom at row y0, column x. */
static void
vbar(struct canvas *c, const struct bars_frame *f, int series, double v, int x,
     int w, int y0, int h)
{
	double frac = v > 0 ? v / f->vmax : 0;
	long len8, i;
	int q;

	if (!(frac > 0))
		return;
	if (frac > 1)
		frac = 1;
	len8 = lround(frac * h * 8);
	if (series != 0 || f->g->vpart[0] == NULL)
		len8 = 8 * lround(frac * h);
	if (len8 == 0) {
		for (q = 0; q < w; q++)
			canvas_put(c, &f->r, x + q, y0, f->g->tiny_v,
				   STY_SERIES0 + series);
		return;
	}
	for (i = 0; i < len8 / 8; i++)
		for (q = 0; q < w; q++)
			canvas_put(c, &f->r, x + q, y0 - (int)i, f->g->bar[series],
				   STY_SERIES0 + series);
	if (len8 % 8 != 0)
		for (q = 0; q < w; q++)
			canvas_put(c, &f->r, x + q, y0 - (int)i,
				   f->g->vpart[len8 % 8 - 1], STY_SERIES0 + series);
}

/* Height in rows of a bar of value v in an area h rows high. */
static int
vbar_rows(const struct bars_frame *f, int series, double v, int h)
{
	double frac = v > 0 ? v / f->vmax : 0;

	if (!(frac > 0))
		return 0;
	if (frac > 1)
		frac = 1;
	if (series == 0 && f->g->vpart[0] != NULL)
		return (int)((lround(frac * h * 8) + 7) / 8);
	return lround(frac * h) > 0 ? (int)lround(frac * h) : 1;
}

static void
render_vertical(struct canvas *c, struct bars_frame *f,
		const struct bars_spec *s)
{
	char buf[TEXT_MAX], top[TEXT_MAX];
	bool title = s->title != NULL && *s->title != '\0';
	bool name = s->cat_name != NULL && *s->cat_name != '\0';
	int leg_rows = 0, lw, axis_x, aw, gw, bw, gap = 1, ph, py0, yaxis, y, k, i;
	int val_w, last_end, x, l;
	bool vlabels;

	value_label(s, f->vmax, top, sizeof top);
	lw = canvas_text_width(top);
	if (lw + 4 > f->r.w)
		lw = 0;
	axis_x = f->r.x + (lw > 0 ? lw + 1 : 0);
	aw = f->r.x + f->r.w - axis_x - 1;
	bw = s->ncat > 0 ? (aw - gap * s->ncat) / (s->ncat * f->ns) : 0;
	if (bw > 8)
		bw = 8;
	if (bw < 1)
		bw = 1;
	gw = f->ns * bw + gap;
	if (f->legend)
		leg_rows = legend(c, f, s, f->r.x, f->r.x + f->r.w, 0, false);
	/* Rows: title, legend, bars (>= 3), axis, labels, name. */
	if (title && f->r.h - 1 - leg_rows - 2 - name < 3)
		title = false;
	if (leg_rows > 0 && f->r.h - title - leg_rows - 2 - name < 3)
		leg_rows = 0;
	if (name && f->r.h - title - leg_rows - 2 - 1 < 3)
		name = false;
	py0 = f->r.y + title + leg_rows;
	ph = f->r.h - title - leg_rows - 2 - name;
	if (ph < 1)
		return;
	yaxis = py0 + ph;
	val_w = s->value_labels ? max_value_label(s, f->ns) : 0;
	/* Value labels above the bars, only if neighbours cannot touch. */
	vlabels = val_w > 0 && ph >= 3 &&
		  (val_w + 1 <= bw || (f->ns == 1 && val_w <= bw));

	if (title)
		canvas_puts(c, &f->r, f->r.x, f->r.y, s->title, STY_TITLE);
	if (leg_rows > 0)
		legend(c, f, s, f->r.x, f->r.x + f->r.w, f->r.y + title, true);
	/* Value axis: the full-bar value at the top, 0 at the axis. */
	for (y = py0; y < yaxis; y++)
		canvas_put(c, &f->r, axis_x, y, f->g->vline, STY_AXIS);
	canvas_put(c, &f->r, axis_x, yaxis, f->g->corner, STY_AXIS);
	for (x = axis_x + 1; x < f->r.x + f->r.w; x++)
		canvas_put(c, &f->r, x, yaxis, f->g->hline, STY_AXIS);
	if (lw > 0) {
		int bar_top = yaxis - (ph - (vlabels ? 1 : 0));

		canvas_put(c, &f->r, axis_x, bar_top, f->g->ytick, STY_AXIS);
		canvas_puts(c, &f->r, f->r.x + lw - canvas_text_width(top),
			    bar_top, top, STY_LABEL);
		canvas_puts(c, &f->r, f->r.x + lw - 1, yaxis, "0", STY_LABEL);
	}
	last_end = axis_x;
	for (k = 0; k < s->ncat; k++) {
		int gx = axis_x + 2 + k * gw;

		for (i = 0; i < f->ns; i++) {
			double v = value(s, i, k);
			int bh = ph - (vlabels ? 1 : 0), rows;

			vbar(c, f, i, v, gx + i * bw, bw, yaxis - 1, bh);
			rows = vbar_rows(f, i, v, bh);
			if (vlabels) {
				value_label(s, v, buf, sizeof buf);
				l = canvas_text_width(buf);
				canvas_puts(c, &f->r, gx + i * bw + (bw - l) / 2,
					    yaxis - 1 - rows, buf, STY_LABEL);
			}
		}
		cat_label(s, k, buf, sizeof buf);
		l = canvas_text_width(buf);
		x = gx + (f->ns * bw - l) / 2;
		if (x > last_end + 1 && x + l <= f->r.x + f->r.w) {
			canvas_puts(c, &f->r, x, yaxis + 1, buf, STY_LABEL);
			last_end = x + l - 1;
		}
	}
	if (name) {
		l = canvas_text_width(s->cat_name);
		x = axis_x + 1 + (aw - l) / 2;
		canvas_puts(c, &f->r, x < f->r.x ? f->r.x : x, yaxis + 2,
			    s->cat_name, STY_LABEL);
	}
}

void
bars_render(struct canvas *c, struct canvas_rect r, const struct bars_spec *s)
{
	struct canvas_rect all = { 0, 0, c->width, c->height };
	struct bars_frame f;
	int i, k;

	f.r = canvas_rect_clip(r, all);
	f.g = glyphs_get(c->charset);
	f.ns = s->nseries > BARS_MAX_SERIES ? BARS_MAX_SERIES : s->nseries;
	f.legend = s->legend && (f.ns > 1 || (f.ns == 1 && s->series_names != NULL));
	canvas_fill(c, f.r, " ", STY_NORMAL);
	if (f.r.w <= 0 || f.r.h <= 0)
		return;
	if (s->values == NULL || s->ncat <= 0 || f.ns <= 0 || f.r.w < 8) {
		canvas_puts(c, &f.r, f.r.x, f.r.y, s->title, STY_TITLE);
		return;
	}
	f.vmax = s->v_max;
	if (!(f.vmax > 0) || !isfinite(f.vmax)) {
		f.vmax = 0;
		for (i = 0; i < f.ns; i++)
			for (k = 0; k < s->ncat; k++)
				if (isfinite(value(s, i, k)))
					f.vmax = fmax(f.vmax, value(s, i, k));
		if (!(f.vmax > 0))
			f.vmax = 1;
	}
	if (s->orient == BARS_VERTICAL)
		render_vertical(c, &f, s);
	else
		render_horizontal(c, &f, s);
}
