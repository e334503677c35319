/*
 * simview.c: the plot pane's simulated views drawn alone (simview.h).
 */
#include "ui/simview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/plotadapt.h"
#include "ui/style.h"

/* The x and y columns a view offers (see simview.h). */
struct axes {
	int xs[8], ys[8];
	int nx, ny;
};

static bool has_x(const struct axes *ax, int c)
{
	for (int i = 0; i < ax->nx; i++)
		if (ax->xs[i] == c)
			return true;
	return false;
}

static void find_axes(const struct table *t, struct axes *ax)
{
	int first = -1;
	ax->nx = ax->ny = 0;
	/* the x's a line is fitted on first, in the order of their fits
	 * (-o pairs: T_ij, then route length, then hops), then the others */
	for (size_t c = 0; c < t->ncols; c++) {
		int of = t->cols[c].of;
		if (t->cols[c].role == COL_FIT && of >= 0 && (size_t)of < t->ncols &&
		    t->cols[of].role == COL_X && !has_x(ax, of) && ax->nx < 8)
			ax->xs[ax->nx++] = of;
	}
	for (size_t c = 0; c < t->ncols; c++) {
		const struct column *col = &t->cols[c];
		if (col->kind != COL_NUM)
			continue;
		if (col->role == COL_X && !has_x(ax, (int)c) && ax->nx < 8)
			ax->xs[ax->nx++] = (int)c;
		if (col->role != COL_VALUE)
			continue;
		if (first < 0)
			first = (int)c;
		if (strcmp(col->unit, t->cols[first].unit) == 0 && ax->ny < 8)
			ax->ys[ax->ny++] = (int)c;
	}
}

/* The variant's x and y columns (v taken modulo the variants); false if
 * the table offers none. */
static bool variant(const struct table *t, int v, int *xc, int *yc, int *count)
{
	struct axes ax;
	find_axes(t, &ax);
	*count = ax.nx * ax.ny;
	if (*count == 0)
		return false;
	v = ((v % *count) + *count) % *count;
	*xc = ax.xs[v / ax.ny];
	*yc = ax.ys[v % ax.ny];
	return true;
}

/* The column with role r (and `of` == of, unless of < -1) of kind k; -1. */
static int find_role(const struct table *t, enum col_role r, int of, enum col_kind k)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].role == r && t->cols[c].kind == k && (of < -1 || t->cols[c].of == of))
			return (int)c;
	return -1;
}

/* The selected view's table when it was simulated for this configuration
 * (else NULL); *why says what is there instead. */
static const struct table *view_table(const struct app *a, const char **why)
{
	size_t done, total;
	bool running;
	const struct slot *s = &a->res.slot[app_sim_slot(a)];

	*why = NULL;
	if (!app_sim_state(a, &done, &total, &running))
		return NULL;
	if (s->gen != a->gen || s->output != app_sim_index(a)) {
		*why = "simulating... (the status line shows how far)";
		return NULL;
	}
	if (s->refusal[0]) {
		*why = s->refusal;
		return NULL;
	}
	return &s->table;
}

/* Word-wrap s into rows y.. of width w at x; returns the next row. */
static int wrap(struct canvas *c, int x, int y, int w, int ymax, const char *s, int style)
{
	char line[256];
	while (*s && y < ymax && w > 4) {
		int n = (int)strlen(s), cut = n;
		if (draw_width(s) > w) {
			cut = 0;
			for (int i = 0; i < n && i <= w; i++)
				if (s[i] == ' ')
					cut = i;
			if (cut == 0)
				cut = w;
		}
		snprintf(line, sizeof line, "%.*s", cut < (int)sizeof line ? cut : (int)sizeof line - 1,
			 s);
		draw_text(c, x, y++, w, line, style);
		s += cut;
		while (*s == ' ')
			s++;
	}
	return y;
}

static void draw_message(const struct app *a, struct canvas *c, struct canvas_rect r,
			 const char *why)
{
	const struct output_desc *o = app_sim_output(a);
	char buf[512];
	int y = r.y + 1, ymax = r.y + r.h;

	snprintf(buf, sizeof buf, "-o %s: %s", o->name, o->help);
	y = wrap(c, r.x + 1, y, r.w - 2, ymax, buf, UI_STATUS) + 1;
	if (why) {
		wrap(c, r.x + 1, y, r.w - 2, ymax, why, STY_DIM);
		return;
	}
	snprintf(buf, sizeof buf, "r simulates it%s; v: next view; b: the batch command.",
		 o->at != XQ_NONE && o->at != a->cfg.family->x.quantity
		 ? " at the configured load (sim.load), not at the cursor" : "");
	wrap(c, r.x + 1, y, r.w - 2, ymax, buf, STY_DIM);
}

/* One series' points: rows whose label column reads `label` (all when lc
 * is -1), leaving out the rows the fit fc (-1: none) leaves out (NaN), so
 * the r in the legend is the points' shown. */
static size_t gather(const struct table *t, int lc, const char *label, int xc, int yc, int fc,
		     int loc, int hic, double *x, double *y, double *lo, double *hi)
{
	size_t n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		if (lc >= 0 && strcmp(table_get_text(t, r, (size_t)lc), label) != 0)
			continue;
		if (fc >= 0 && isnan(table_get(t, r, (size_t)fc)))
			continue;
		x[n] = table_get(t, r, (size_t)xc);
		y[n] = table_get(t, r, (size_t)yc);
		lo[n] = loc >= 0 ? table_get(t, r, (size_t)loc) : NAN;
		hi[n] = hic >= 0 ? table_get(t, r, (size_t)hic) : NAN;
		n++;
	}
	return n;
}

void simview_draw(struct app *a, struct canvas *c, struct canvas_rect r)
{
	const char *why;
	const struct table *t = view_table(a, &why);
	int xc, yc, count;

	if (!t || t->nrows == 0 || !variant(t, a->sim.variant, &xc, &yc, &count)) {
		draw_message(a, c, r, t && t->title[0] && t->nrows == 0 ? t->title : why);
		return;
	}
	int lc = find_role(t, COL_LABEL, -2, COL_TEXT);
	int loc = -1, hic = -1, fc = find_role(t, COL_FIT, xc, COL_NUM);
	for (size_t k = 0; k < t->ncols; k++) {
		if (t->cols[k].role == COL_LOWER && t->cols[k].of == yc)
			loc = (int)k;
		if (t->cols[k].role == COL_UPPER && t->cols[k].of == yc)
			hic = (int)k;
	}
	size_t n = t->nrows;
	double *buf = malloc(4 * n * PA_MAX_SERIES * sizeof *buf);
	double line[4];
	struct pa_series s[PA_MAX_SERIES];
	const char *labels[PA_MAX_SERIES];
	size_t ns = 0, maxs = fc >= 0 ? PA_MAX_SERIES - 1 : PA_MAX_SERIES;
	char xname[96], yname[96];

	if (!buf)
		return;
	/* a fit with no value anywhere is undefined (every pair at one T_ij,
	 * fewer than 2 pairs: its label says why): the points are drawn all */
	int gfc = -1;
	for (size_t row = 0; fc >= 0 && row < n && gfc < 0; row++)
		if (isfinite(table_get(t, row, (size_t)fc)))
			gfc = fc;
	/* the series: one per distinct label, in order of appearance */
	for (size_t row = 0; row < n && ns < maxs; row++) {
		const char *l = lc >= 0 ? table_get_text(t, row, (size_t)lc) : "simulation";
		bool seen = false;
		for (size_t k = 0; k < ns; k++)
			seen = seen || strcmp(labels[k], l) == 0;
		if (seen)
			continue;
		double *b = buf + 4 * n * ns;
		size_t m = gather(t, lc, l, xc, yc, gfc, loc, hic, b, b + n, b + 2 * n, b + 3 * n);
		labels[ns] = l;
		s[ns] = (struct pa_series){ l, b, b + n, m, .points = true,
					    .lo = loc >= 0 ? b + 2 * n : NULL,
					    .hi = hic >= 0 ? b + 3 * n : NULL };
		ns++;
		if (lc < 0)
			break;
	}
	if (fc >= 0) {          /* the fitted line, end to end */
		double x0 = INFINITY, x1 = -INFINITY, y0 = NAN, y1 = NAN;
		for (size_t row = 0; row < n; row++) {
			double x = table_get(t, row, (size_t)xc), y = table_get(t, row, (size_t)fc);
			if (!isfinite(x) || !isfinite(y))
				continue;
			if (x < x0) {
				x0 = x;
				y0 = y;
			}
			if (x > x1) {
				x1 = x;
				y1 = y;
			}
		}
		if (isfinite(y0) && isfinite(y1)) {
			line[0] = x0;
			line[1] = x1;
			line[2] = y0;
			line[3] = y1;
			s[ns++] = (struct pa_series){ t->cols[fc].label, line, line + 2, 2 };
		}
	}
	struct pa_spec spec;
	memset(&spec, 0, sizeof spec);
	app_symbol(a, t->cols[xc].label[0] ? t->cols[xc].label : t->cols[xc].name, xname,
		   sizeof xname);
	app_symbol(a, t->cols[yc].label[0] ? t->cols[yc].label : t->cols[yc].name, yname,
		   sizeof yname);
	spec.x_name = xname;
	spec.x_unit = t->cols[xc].unit[0] ? t->cols[xc].unit : NULL;
	spec.y_name = yname;
	spec.y_unit = t->cols[yc].unit[0] ? t->cols[yc].unit : NULL;
	spec.series = s;
	spec.nseries = ns;
	spec.sat_x = spec.mark_x = NAN;
	spec.cursor = -1;
	spec.legend = c->height >= 12;
	spec.legend_pack = ns > 3;
	spec.y_fit = true;
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	pa_render(c, r, &spec, NULL);
	free(buf);
}

void simview_hint(const struct app *a, char *buf, size_t n)
{
	const char *why;
	const struct table *t = view_table(a, &why);
	const struct output_desc *o = app_sim_output(a);
	int xc, yc, count;

	if (!t || t->nrows == 0 || !variant(t, a->sim.variant, &xc, &yc, &count)) {
		snprintf(buf, n, "-o %s: r simulates it, v next view, b command",
			 o ? o->name : "?");
		return;
	}
	int fc = find_role(t, COL_FIT, xc, COL_NUM);
	int v = ((a->sim.variant % count) + count) % count;
	snprintf(buf, n, "-o %s %d/%d: %s against %s%s%s; %s  (c: next x/y, v: view, r: clear, "
		 "b: command)", o->name, v + 1, count, t->cols[yc].name, t->cols[xc].name,
		 fc >= 0 ? "; " : "", fc >= 0 ? t->cols[fc].label : "", t->title);
}

unsigned simview_step(struct app *a, int dir)
{
	const char *why;
	const struct table *t = view_table(a, &why);
	int xc, yc, count;

	if (!t || !variant(t, a->sim.variant + dir, &xc, &yc, &count)) {
		app_msg(a, false, "nothing simulated to plot yet: r simulates this view");
		return K_HANDLED | K_STATUS;
	}
	a->sim.variant = (((a->sim.variant + dir) % count) + count) % count;
	int fc = find_role(t, COL_FIT, xc, COL_NUM);
	app_msg(a, false, "%s against %s%s%s", t->cols[yc].label[0] ? t->cols[yc].label
		: t->cols[yc].name, t->cols[xc].label[0] ? t->cols[xc].label : t->cols[xc].name,
		fc >= 0 ? "; " : "", fc >= 0 ? t->cols[fc].label : "");
	return K_HANDLED | K_REDRAW | K_STATUS;
}

void simview_cmdline(const struct app *a, struct strbuf *b)
{
	/* run as the worker ran it: the output's own default request (its
	 * configured load, its default loads), so the same numbers */
	strbuf_printf(b, "-o %s", app_sim_output(a)->name);
}
