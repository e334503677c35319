/*
 * pane_plot.c: the latency-vs-load plot (render/plot.h) of the family's
 * curve output, with a cursor on the curve, the saturation marker, the
 * summary's x marker (its ROW_MARKER row, such as the threshold S), pinned curves to compare with, a log y axis, a log x axis
 * when the family's is, and a choice of the plotted column (the latency or
 * any of its parts) or, with `m`, every column of the plotted one's unit
 * at once (one curve per operation), and beside each plotted column the
 * refined model's value of it (the column that refines it, typed:
 * column.refines) with its own glyph and saturation line (M hides and
 * shows them).  The cursor's x is the view's `at`
 * (shared with the breakdown and heatmap panes).  While the configuration
 * is an incomplete draft (app.h) the last valid curve is drawn dimmed.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vsim.h"
#include "ui/app.h"
#include "base/figure.h"
#include "config/cfgwalk.h"
#include "ui/cmdline.h"
#include "ui/draw.h"
#include "render/glyphs.h"
#include "render/plot.h"
#include "ui/plotadapt.h"
#include "ui/simview.h"
#include "ui/style.h"

#define MAX_PINS (PA_MAX_SERIES - 1)
/* the legend's name of the current configuration's simulated points */
#define SIM_SERIES_NAME "simulation (95% interval)"

struct pin {
	struct table t;            /* the pinned curve (a copy) */
	struct table sim;          /* its simulated points when pinned (a copy
	                              of SLOT_SLOW; no rows = none) */
	char label[64];
	char sim_label[72];        /* "pin 1: ... (sim)" */
	bool sim_unsaved;          /* sim holds points no export has written */
	double sat;                /* its configuration's saturation load (x
	                              units; NaN = none or not known) */
};

struct plot_pane {
	char ycol[48];             /* name of the plotted column; "" = the latency */
	bool logy;                 /* starts as the family's x_axis.y_log */
	bool fity;                 /* the y axis fits every value (no robust cap) */
	const struct family *axes_family; /* the family logy/fity were set for */
	bool multi;                /* every column of ycol's unit, one curve each */
	bool hide_refined;         /* M: the refined model's curves hidden */
	bool start;                /* the family's starting columns (x_axis.
	                              y_columns): until c or m chooses others */
	long cursor;               /* index into the curve, -1 none */
	double target;             /* the load the user put the cursor at (NaN:
	                              not yet; the middle of the first full curve).
	                              The cursor is the curve point nearest to it,
	                              so it does not drift as sweeps change. */
	struct pin pins[MAX_PINS];
	int npins;
	const struct family *pin_family; /* the family the pins were made in */
	struct pa_info info;     /* from the last render, for clicks */
	bool have_info;
	double *xbuf, *ybuf[PA_MAX_SERIES]; /* scratch for the series, per curve */
	double *rbuf[PA_MAX_SERIES];       /* the refined curves of ybuf's columns */
	double *pbuf[MAX_PINS][2];
	double *prbuf[MAX_PINS];     /* the pins' refined curves (their copies) */
	char prnames[MAX_PINS][32];  /* "pin 1: refined" (a figure's key) */
	char plnames[MAX_PINS][96];  /* a pin's legend entry naming its refined
	                                curve too: "pin 1: ... (\" refined)" */
	double *psbuf[MAX_PINS][4];  /* the pins' simulated points: x, y, lo, hi */
	double *sbuf[4];           /* the simulated points: x, y, lo, hi */
	unsigned char *sflag;      /* ... and their plot_point_flag */
	unsigned char *psflag[MAX_PINS];
	double *ksbuf[APP_SIM_KEPT][4]; /* the kept simulated points (app.kept) */
	unsigned char *ksflag[APP_SIM_KEPT];
	/* What the last draw plotted (key F writes it as a figure): the
	 * spec, its series and their texts; the arrays are the buffers above,
	 * valid until the next draw.  have_last false: nothing plotted. */
	struct pa_spec last;
	struct pa_series ls[PA_MAX_SERIES];
	char lnames[PA_MAX_SERIES][64], llive[80], lxname[96], lylabel[96], lmlabel[48];
	char rnames[PA_MAX_SERIES][64];
	/* last's texts, copied: a table's strings (a column's unit) are freed
	 * when the worker hands over new results, before the next draw. */
	char kx[96], kxu[64], ky[96], kyu[64], ksat[64], krsat[64], kmark[48];
	char knames[PA_MAX_SERIES][80];
	bool have_last;
};

/* Copy src into buf (n bytes) and return buf; NULL stays NULL. */
static const char *keep_text(char *buf, size_t n, const char *src)
{
	if (!src)
		return NULL;
	snprintf(buf, n, "%s", src);
	return buf;
}

/* pp->last = spec, with its series in pp->ls and every text copied into
 * the pane, so that F can write it after the tables it came from are
 * gone (the arrays are the pane's buffers, valid until the next draw). */
static void keep_last(struct plot_pane *pp, const struct pa_spec *spec)
{
	size_t ns = spec->nseries < PA_MAX_SERIES ? spec->nseries : PA_MAX_SERIES;

	if (spec->series != pp->ls)
		for (size_t k = 0; k < ns; k++)
			pp->ls[k] = spec->series[k];
	for (size_t k = 0; k < ns; k++)
		pp->ls[k].name = keep_text(pp->knames[k], sizeof pp->knames[k], pp->ls[k].name);
	pp->last = *spec;
	pp->last.series = pp->ls;
	pp->last.nseries = ns;
	pp->last.x_name = keep_text(pp->kx, sizeof pp->kx, spec->x_name);
	pp->last.x_unit = keep_text(pp->kxu, sizeof pp->kxu, spec->x_unit);
	pp->last.y_name = keep_text(pp->ky, sizeof pp->ky, spec->y_name);
	pp->last.y_unit = keep_text(pp->kyu, sizeof pp->kyu, spec->y_unit);
	pp->last.sat_label = keep_text(pp->ksat, sizeof pp->ksat, spec->sat_label);
	pp->last.ref_sat_label = keep_text(pp->krsat, sizeof pp->krsat, spec->ref_sat_label);
	pp->last.mark_label = keep_text(pp->kmark, sizeof pp->kmark, spec->mark_label);
}

static int plot_init(struct pane *p)
{
	struct plot_pane *pp = calloc(1, sizeof *pp);
	if (!pp)
		return -1;
	pp->cursor = -1;
	pp->target = NAN;
	pp->start = true;
	p->data = pp;
	return 0;
}

static void free_bufs(struct plot_pane *pp)
{
	free(pp->xbuf);
	pp->xbuf = NULL;
	for (int i = 0; i < PA_MAX_SERIES; i++) {
		free(pp->ybuf[i]);
		free(pp->rbuf[i]);
		pp->ybuf[i] = pp->rbuf[i] = NULL;
	}
	for (int i = 0; i < 4; i++) {
		free(pp->sbuf[i]);
		pp->sbuf[i] = NULL;
	}
	free(pp->sflag);
	pp->sflag = NULL;
	for (int i = 0; i < MAX_PINS; i++) {
		free(pp->psflag[i]);
		pp->psflag[i] = NULL;
	}
	for (int i = 0; i < APP_SIM_KEPT; i++) {
		free(pp->ksflag[i]);
		pp->ksflag[i] = NULL;
		for (int k = 0; k < 4; k++) {
			free(pp->ksbuf[i][k]);
			pp->ksbuf[i][k] = NULL;
		}
	}
	for (int i = 0; i < MAX_PINS; i++) {
		free(pp->pbuf[i][0]);
		free(pp->pbuf[i][1]);
		free(pp->prbuf[i]);
		pp->pbuf[i][0] = pp->pbuf[i][1] = pp->prbuf[i] = NULL;
		for (int k = 0; k < 4; k++) {
			free(pp->psbuf[i][k]);
			pp->psbuf[i][k] = NULL;
		}
	}
}

static void pin_free(struct pin *pn)
{
	table_free(&pn->t);
	table_free(&pn->sim);
}

static void plot_free(struct pane *p)
{
	struct plot_pane *pp = p->data;
	if (!pp)
		return;
	for (int i = 0; i < pp->npins; i++)
		pin_free(&pp->pins[i]);
	free_bufs(pp);
	free(pp);
	p->data = NULL;
}

/* The family's starting columns that curve t has (x_axis.y_columns), in
 * the family's order, into cols (at most max); how many. */
static int start_columns(const struct family *f, const struct table *t, int *cols, int max)
{
	int n = 0;
	for (size_t k = 0; k < sizeof f->x.y_columns / sizeof f->x.y_columns[0] &&
			   f->x.y_columns[k] && n < max; k++) {
		int c = table_col(t, f->x.y_columns[k]);
		if (c >= 1 && t->cols[c].kind == COL_NUM)
			cols[n++] = c;
	}
	return n;
}

/* Is the plot on the family's starting columns (and has the family any)? */
static bool on_start(const struct plot_pane *pp, const struct app *a)
{
	return pp->start && !pp->multi && a->cfg.family->x.y_columns[0];
}

/* The plotted column of curve t: pp->ycol if present, else the first of
 * the family's starting columns the curve has, else its first value
 * column (table roles), else 1. */
static int ycol_of(const struct plot_pane *pp, const struct app *a, const struct table *t)
{
	int c = pp->ycol[0] ? table_col(t, pp->ycol) : -1;
	if (c < 1 && !pp->ycol[0] && start_columns(a->cfg.family, t, &c, 1) == 0)
		c = -1;
	if (c < 1)
		c = table_role(t, COL_VALUE);
	if (c < 1 && t->ncols > 1)
		c = 1;
	return c;
}

/* The columns drawn: the plotted one first, then in multi mode every other
 * numeric column with its unit, in table order; on the family's starting
 * columns, those the curve has (every column of the unit when it has none
 * of them: the curve's own choice, e.g. Ethernet's operation.plot); at
 * most max.  Returns how many; *more is set when some did not fit. */
static int plot_columns(const struct plot_pane *pp, const struct app *a, const struct table *t,
			int *cols, int max, bool *more)
{
	int yc = ycol_of(pp, a, t), n = 0;

	*more = false;
	if (yc < 1 || max < 1)
		return 0;
	bool all = pp->multi;
	if (on_start(pp, a)) {
		n = start_columns(a->cfg.family, t, cols, max);
		if (n > 0) {
			int all4[4];
			*more = n < start_columns(a->cfg.family, t, all4, 4);
			return n;
		}
		all = true;
	}
	cols[n++] = yc;
	if (!all)
		return n;
	for (size_t c = 1; c < t->ncols; c++) {
		/* a refined model's column is drawn beside the one it refines */
		if ((int)c == yc || t->cols[c].kind != COL_NUM || t->cols[c].refines >= 0 ||
		    strcmp(t->cols[c].unit, t->cols[yc].unit) != 0)
			continue;
		if (n == max) {
			*more = true;
			break;
		}
		cols[n++] = (int)c;
	}
	return n;
}

/* Is the family's curve output discrete (output_desc.discrete)? */
static bool curve_discrete(const struct app *a)
{
	const char *name = app_curve_output(a);
	const struct output_desc *o = name ? family_output(a->cfg.family, name) : NULL;
	return o && o->discrete != DISCRETE_NONE;
}

static const struct table *curve(const struct app *a)
{
	const struct table *t = &a->res.slot[SLOT_CURVE].table;
	return t->ncols >= 2 && t->cols[0].kind == COL_NUM ? t : NULL;
}

/* Index of the curve point nearest to x (-1: none, or x NaN). */
static long nearest(const struct table *t, double x)
{
	return table_nearest_row(t, 0, x);
}

/* Put the cursor on index i (clamped) and publish its x as the view's
 * `at`; a user's move also sets the target load. */
static void set_cursor(struct pane *p, long i, bool user)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);

	if (!t || t->nrows == 0) {
		pp->cursor = -1;
		return;
	}
	if (i < 0)
		i = 0;
	if (i >= (long)t->nrows)
		i = (long)t->nrows - 1;
	pp->cursor = i;
	double x = table_get(t, (size_t)i, 0);
	if (user)
		pp->target = x;
	if (!(x == a->view.at)) {
		a->view.at = x;
		a->view_gen++;
	}
}

/* A short label for the configuration: what differs from the file. */
static void describe(const struct app *a, char *buf, size_t n)
{
	app_describe(a, &a->cfg, buf, n);
}

/* Each family starts on its own axes (x_axis.y_log): at the start and when
 * a preset of another family is opened. */
static void family_axes(struct plot_pane *pp, const struct app *a)
{
	if (pp->axes_family == a->cfg.family)
		return;
	pp->axes_family = a->cfg.family;
	pp->logy = a->cfg.family->x.y_log;
	pp->fity = false;
}

static void plot_update(struct pane *p, unsigned what)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);

	family_axes(pp, a);
	if (what & U_FILE) {
		pp->target = NAN;

		pp->ycol[0] = '\0';   /* a new preset starts on its latency again */
		pp->start = true;     /* and on the family's starting columns */
		/* Pins of another family have other axes: they cannot be compared. */
		if (pp->npins && pp->pin_family != a->cfg.family) {
			for (int i = 0; i < pp->npins; i++)
				pin_free(&pp->pins[i]);
			app_msg(a, false, "cleared %d pin%s of the %s model", pp->npins,
				pp->npins == 1 ? "" : "s", pp->pin_family->schema.name);
			pp->npins = 0;
		}
	}
	if (!(what & U_CURVE) || !t || t->nrows == 0)
		return;
	/* The cursor starts in the middle of the first full curve, then stays
	 * at the load the user chose (nearest point of each new curve). */
	if (isnan(pp->target) && !a->res.slot[SLOT_CURVE].table.partial)
		pp->target = table_get(t, t->nrows / 2, 0);
	set_cursor(p, isnan(pp->target) ? (long)t->nrows / 2 : nearest(t, pp->target), false);
}

/* Copy column c of t into a fresh array (NaN where not numeric). */
static double *column(const struct table *t, int c)
{
	double *v = malloc((t->nrows ? t->nrows : 1) * sizeof *v);
	if (!v)
		return NULL;
	for (size_t r = 0; r < t->nrows; r++)
		v[r] = c >= 0 ? table_get(t, r, (size_t)c) : NAN;
	return v;
}

/* The summary's x marker (its ROW_MARKER row, e.g. the threshold S): its
 * value and its symbol (else its quantity) as the label; false if none. */
static bool x_marker(const struct app *a, double *x, char *label, size_t n)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	if (a->res.gen != a->gen)
		return false;
	long r = app_summary_role(a, ROW_MARKER);
	if (r < 0)
		return false;
	*x = table_get(t, (size_t)r, SUM_VALUE);
	const char *sym = table_get_text(t, (size_t)r, SUM_SYMBOL);
	app_symbol(a, *sym ? sym : table_get_text(t, (size_t)r, SUM_QUANTITY), label, n);
	return isfinite(*x);
}

/* Dim the curves of rectangle r (an incomplete draft: the curve is the last
 * valid one). */
static void dim_series(struct canvas *c, struct canvas_rect r)
{
	for (int y = r.y; y < r.y + r.h && y < c->height; y++)
		for (int x = r.x; x < r.x + r.w && x < c->width; x++) {
			struct canvas_cell *cell = &c->cells[(size_t)y * (size_t)c->width + (size_t)x];
			if (cell->style >= STY_SERIES0 && cell->style <= STY_SERIES7)
				cell->style = STY_DIM;
		}
}

/* Simulated points st (a simulated curve table: x, then typed value, lower
 * and upper columns) as a series of measured points with their 95%
 * interval, named name, into bufs (x, y, lo, hi; freed by free_bufs), when
 * they share curve t's x axis and the plotted column yc is its value
 * (latency); t NULL: no such check.  False if there are none to draw. */
static bool points_series(const struct table *st, double *bufs[4], unsigned char **flag,
			  const char *name, const struct table *t, int yc, struct pa_series *out)
{
	if (st->nrows == 0 || st->ncols < 2)
		return false;
	if (t && (strcmp(st->cols[0].name, t->cols[0].name) != 0 ||
		  yc != table_role(t, COL_VALUE)))
		return false;
	int vc = app_sim_value_col(st), lc = table_role(st, COL_LOWER),
	    uc = table_role(st, COL_UPPER);
	if (vc < 1)
		return false;
	bufs[0] = column(st, 0);
	bufs[1] = column(st, vc);
	bufs[2] = lc > 0 ? column(st, lc) : NULL;
	bufs[3] = uc > 0 ? column(st, uc) : NULL;
	if (!bufs[0] || !bufs[1])
		return false;
	/* typed: a ROW_FAILED row, a 0 in the value's COL_SETTLED flag */
	int setc = -1;
	for (size_t c = 1; c < st->ncols; c++)
		if (st->cols[c].role == COL_SETTLED && st->cols[c].of == vc)
			setc = (int)c;
	*flag = malloc(st->nrows ? st->nrows : 1);
	for (size_t r = 0; *flag && r < st->nrows; r++)
		(*flag)[r] = table_row_role(st, r) == ROW_FAILED ? PLOT_PT_FAILED
			: setc > 0 && table_get(st, r, (size_t)setc) == 0 ? PLOT_PT_UNSETTLED
			: PLOT_PT_PLAIN;
	*out = (struct pa_series){ name, bufs[0], bufs[1], st->nrows,
				   .points = true, .lo = bufs[2], .hi = bufs[3], .flag = *flag };
	return true;
}

/* The simulated points of the current configuration (key r, SLOT_SLOW), as
 * points_series; false if there are none for this configuration. */
static bool sim_series(struct plot_pane *pp, const struct app *a, const struct table *t, int yc,
		       struct pa_series *out)
{
	size_t done, total;
	bool running;

	if (!app_sim_is_curve(a) || !app_sim_state(a, &done, &total, &running) ||
	    a->res.slot[SLOT_SLOW].gen != a->gen || pp->multi || on_start(pp, a))
		return false;
	return points_series(&a->res.slot[SLOT_SLOW].table, pp->sbuf, &pp->sflag,
			     SIM_SERIES_NAME, t, yc, out);
}

/* A family whose curve has another x axis than its simulation (irregular:
 * the distance distribution; the simulated latency is against load): while
 * this configuration has simulated points, the plot shows them alone on
 * their own axes, with the points kept from other configurations (an edit
 * left them, app.kept) beside them (own marker, "kept: ..." legend entry).
 * Kept points alone do not replace the curve: after an edit the user sees
 * the edited configuration's distribution and its pins, and the status
 * says the points are kept (u brings them back).  Returns false if it drew
 * nothing. */
static bool draw_sim_alone(struct plot_pane *pp, struct app *a, const struct table *t,
			   struct canvas *c, struct canvas_rect r)
{
	const struct table *st = &a->res.slot[SLOT_SLOW].table, *ax = NULL;
	struct pa_series s[1 + APP_SIM_KEPT];
	size_t ns = 0;
	struct pa_spec spec;
	char *xname = pp->lxname, *ylabel = pp->lylabel;

	if (!t || pp->multi)
		return false;
	free_bufs(pp);
	/* the axes are the points' own: the simulated curve's table */
	if (st->ncols >= 2 && strcmp(st->cols[0].name, t->cols[0].name) != 0 &&
	    sim_series(pp, a, NULL, 0, &s[0])) {
		ax = st;
		ns = 1;
	}
	bool cur = ns > 0;
	if (!cur)
		return false;
	for (int i = 0; i < a->nkept; i++) {
		const struct table *kt = &a->kept[i].t;
		if (a->kept[i].cfg.family != a->cfg.family || config_equal(&a->kept[i].cfg, &a->cfg) ||
		    kt->ncols < 2 || strcmp(kt->cols[0].name, t->cols[0].name) == 0 ||
		    (ax && strcmp(kt->cols[0].name, ax->cols[0].name) != 0) ||
		    !points_series(kt, pp->ksbuf[i], &pp->ksflag[i], a->kept[i].label, NULL, 0, &s[ns]))
			continue;
		/* the marker the other families give kept points (plot_draw) */
		int m = (int)ns + 1;
		s[ns].marker = (m < 3 ? 3 : m) + 1;
		ns++;
	}
	if (!ns)
		return false;
	int vc = app_sim_value_col(ax);
	memset(&spec, 0, sizeof spec);
	app_symbol(a, ax->cols[0].label[0] ? ax->cols[0].label : ax->cols[0].name, xname,
		   sizeof pp->lxname);
	app_symbol(a, ax->cols[vc].label[0] ? ax->cols[vc].label : ax->cols[vc].name, ylabel,
		   sizeof pp->lylabel);
	spec.x_name = xname;
	spec.x_unit = ax->cols[0].unit[0] ? ax->cols[0].unit : NULL;
	spec.y_name = ylabel;
	spec.y_unit = ax->cols[vc].unit[0] ? ax->cols[vc].unit : NULL;
	spec.y_log = pp->logy;
	spec.series = s;
	spec.nseries = ns;
	spec.sat_x = spec.mark_x = NAN;
	spec.cursor = -1;
	spec.legend = c->height >= 16 || !cur || ns > 1;
	spec.y_fit = pp->fity;
	spec.clip_hint = "Y fits";
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	pa_render(c, r, &spec, &pp->info);
	keep_last(pp, &spec);
	pp->have_last = true;
	return true;
}

/* The refined model's curve of each plotted column cols[0..ncols-1] that
 * a column of t refines (column.refines), unless M hid them, appended to
 * s (*ns series so far, at most PA_MAX_SERIES; x from pp->xbuf), ending
 * where it saturates (its saturation line marks it); how many. */
static int refined_series(struct plot_pane *pp, const struct app *a, const struct table *t,
			  const int *cols, int ncols, struct pa_series *s, size_t *ns)
{
	int n = 0;
	for (int k = 0; k < ncols && !pp->hide_refined && *ns < PA_MAX_SERIES; k++) {
		int rc = table_refined(t, cols[k]);
		if (rc < 1 || !(pp->rbuf[k] = column(t, rc)))
			continue;
		/* where it saturates its own line says so: no '^' along the top */
		for (size_t r = 0; r < t->nrows; r++)
			if (isinf(pp->rbuf[k][r]))
				pp->rbuf[k][r] = NAN;
		if (ncols > 1)
			app_symbol(a, t->cols[rc].name, pp->rnames[k], sizeof pp->rnames[k]);
		else
			snprintf(pp->rnames[k], sizeof pp->rnames[k], "refined model (icnx)");
		s[(*ns)++] = (struct pa_series){ pp->rnames[k], pp->xbuf, pp->rbuf[k], t->nrows,
						 .refined = true };
		n++;
	}
	return n;
}

static void plot_draw(struct pane *p, struct canvas *c)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);
	const struct family *f = a->cfg.family;
	struct pa_series *s = pp->ls;
	struct pa_spec spec;
	char right[128], sym[48];
	char *xname = pp->lxname, *live = pp->llive, *ylabel = pp->lylabel, *mlabel = pp->lmlabel;
	char (*names)[64] = pp->lnames;
	int cols[PA_MAX_SERIES];
	size_t ns = 0;
	bool more = false;

	family_axes(pp, a);
	pp->have_last = false;
	bool stale = a->res.gen != a->gen;
	double frac;
	bool busy = a->worker && worker_busy(a->worker, &frac, NULL);
	if (a->have_draft)
		snprintf(right, sizeof right, "incomplete edit: last valid curve");
	else if (stale || a->res.slot[SLOT_CURVE].table.partial)
		snprintf(right, sizeof right, "%s%s", stale ? "recomputing" : "coarse",
			 busy ? "..." : "");
	else
		right[0] = '\0';
	int ncols = t ? plot_columns(pp, a, t, cols, PA_MAX_SERIES - pp->npins, &more) : 0;
	if ((pp->multi && ncols > 0) || ncols > 1)
		snprintf(right + strlen(right), sizeof right - strlen(right), "%s%d curves%s",
			 right[0] ? "  " : "", ncols, more ? " (more: pins take room)" : "");
	if (pp->logy)
		snprintf(right + strlen(right), sizeof right - strlen(right), "%slog y",
			 right[0] ? "  " : "");
	if (pp->npins)
		snprintf(right + strlen(right), sizeof right - strlen(right), "%s%d pin%s",
			 right[0] ? "  " : "", pp->npins, pp->npins == 1 ? "" : "s");
	if (!app_sim_is_curve(a))      /* another simulated view (key v): its output */
		snprintf(right, sizeof right, "simulated: -o %s", app_sim_output(a)->name);
	draw_header(c, P_PLOT + 1, "plot", right, p->focused);
	pp->have_info = false;
	if (c->height < 2)
		return;
	struct canvas_rect r = { 0, 1, c->width, c->height - 1 };
	if (!t || t->nrows == 0) {
		const char *m = a->res.error_gen == a->gen && a->res.error[0] ? a->res.error
				: "computing the curve...";
		draw_text(c, 1, 2, c->width - 2, m, a->res.error_gen == a->gen ? UI_ERROR : STY_DIM);
		return;
	}
	if (!app_sim_is_curve(a)) {     /* another simulated view (key v) */
		free_bufs(pp);
		simview_draw(a, c, r);
		return;
	}
	if (draw_sim_alone(pp, a, t, c, r))
		return;
	int yc = ycol_of(pp, a, t);
	free_bufs(pp);
	pp->xbuf = column(t, 0);
	if (!pp->xbuf)
		return;
	describe(a, live, sizeof pp->llive);
	for (int k = 0; k < ncols; k++) {
		pp->ybuf[k] = column(t, cols[k]);
		if (!pp->ybuf[k])
			return;
		if (pp->multi)
			app_symbol(a, t->cols[cols[k]].name, names[k], sizeof pp->lnames[k]);
		else if (ncols > 1)   /* the family's few starting columns: what each is */
			app_symbol(a, t->cols[cols[k]].label[0] ? t->cols[cols[k]].label
				   : t->cols[cols[k]].name, names[k], sizeof pp->lnames[k]);
		else if (!pp->hide_refined && !pp->npins && table_refined(t, cols[k]) > 0)
			snprintf(names[k], sizeof pp->lnames[k], "printed model");
		else
			snprintf(names[k], sizeof pp->lnames[k], "%s", live);
		s[ns++] = (struct pa_series){ names[k], pp->xbuf, pp->ybuf[k], t->nrows };
	}
	int nref = refined_series(pp, a, t, cols, ncols, s, &ns), npref = 0;
	/* Markers: every series after the model's columns takes the marker of
	 * the place it would have without the refined curves (which have
	 * their own, '~'), so pin i's marker (and dash) stays the same when
	 * the refined curve appears or goes (M, an edit into a refused
	 * system), and never becomes the one the simulated points had. */
#define FIXED_MARKER(k) ((int)(k) - nref + 1)
	int pin_entry[MAX_PINS];   /* each pin's series in s, -1 none */
	for (int i = 0; i < MAX_PINS; i++)
		pin_entry[i] = -1;
	for (int i = 0; i < pp->npins && ns < PA_MAX_SERIES; i++) {
		const struct table *pt = &pp->pins[i].t;
		int pc = table_col(pt, t->cols[yc].name);
		pp->pbuf[i][0] = column(pt, 0);
		pp->pbuf[i][1] = column(pt, pc);
		if (!pp->pbuf[i][0] || !pp->pbuf[i][1])
			continue;
		pin_entry[i] = (int)ns;
		s[ns] = (struct pa_series){ pp->pins[i].label, pp->pbuf[i][0], pp->pbuf[i][1],
					    pt->nrows, .marker = FIXED_MARKER(ns) };
		ns++;
	}
	bool cur = ns < PA_MAX_SERIES && sim_series(pp, a, t, yc, &s[ns]);
	if (cur) {
		s[ns].marker = FIXED_MARKER(ns);
		ns++;
	}
	/* the pins' simulated points, each with its own marker */
	for (int i = 0; i < pp->npins && ns < PA_MAX_SERIES && !pp->multi && !on_start(pp, a); i++)
		if (points_series(&pp->pins[i].sim, pp->psbuf[i], &pp->psflag[i], pp->pins[i].sim_label, t, yc,
				  &s[ns])) {
			s[ns].marker = FIXED_MARKER(ns);
			ns++;
		}
	/* the points kept from other configurations (an edit left them), each
	 * with its own marker; those of this configuration are its own */
	for (int i = 0; i < a->nkept && ns < PA_MAX_SERIES && !pp->multi && !on_start(pp, a); i++)
		if (a->kept[i].cfg.family == a->cfg.family && !config_equal(&a->kept[i].cfg, &a->cfg) &&
		    points_series(&a->kept[i].t, pp->ksbuf[i], &pp->ksflag[i], a->kept[i].label, t, yc,
				  &s[ns])) {
			/* its place as if the current points were shown (their
			 * marker is theirs alone), and never 'o', so close to the
			 * hollow glyph of a point that did not settle */
			int m = (int)ns - nref + (cur ? 0 : 1);
			s[ns].marker = (m < 3 ? 3 : m) + 1;
			ns++;
		}
#undef FIXED_MARKER
	/* the refined model's curve pinned with each pin (its copy has the
	 * column that refines the plotted one), unless M hid them: after every
	 * other series, so none changes its marker; the pin's legend entry
	 * names it (one entry: a small plot's legend still fits), a figure's
	 * key lists it apart */
	for (int i = 0; i < pp->npins && ns < PA_MAX_SERIES && !pp->hide_refined; i++) {
		const struct table *pt = &pp->pins[i].t;
		int pc = table_col(pt, t->cols[yc].name), pe = pin_entry[i];
		int rc = pc >= 0 && pe >= 0 ? table_refined(pt, pc) : -1;
		if (rc < 1 || !(pp->prbuf[i] = column(pt, rc)))
			continue;
		for (size_t q = 0; q < pt->nrows; q++)   /* ends where it saturates */
			if (isinf(pp->prbuf[i][q]))
				pp->prbuf[i][q] = NAN;
		const struct glyphs *g = glyphs_get(a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
		snprintf(pp->plnames[i], sizeof pp->plnames[i], "%s (%s refined)", pp->pins[i].label,
			 g->refpin);
		s[pe].legend = pp->plnames[i];
		snprintf(pp->prnames[i], sizeof pp->prnames[i], "pin %d: refined", i + 1);
		s[ns++] = (struct pa_series){ pp->prnames[i], pp->pbuf[i][0], pp->prbuf[i], pt->nrows,
						.refined = true, .pinned = true, .unlisted = true };
		npref++;
	}
	memset(&spec, 0, sizeof spec);
	snprintf(xname, sizeof pp->lxname, "%s %s", f->x.label ? f->x.label : f->x.name,
		 app_symbol(a, f->x.symbol, sym, sizeof sym));
	spec.x_name = xname;
	spec.x_unit = f->x.unit;
	spec.x_log = f->x.log;
	spec.x_tight = f->x.log;     /* decades: rounding out would waste most of one */
	app_symbol(a, t->cols[yc].label[0] ? t->cols[yc].label : t->cols[yc].name, ylabel,
		   sizeof pp->lylabel);
	/* Several columns: the axis is their common unit. */
	spec.y_name = ncols > 1 ? NULL : ylabel;
	spec.y_unit = t->cols[yc].unit[0] ? t->cols[yc].unit : NULL;
	spec.y_log = pp->logy;
	spec.series = s;
	spec.nseries = ns;
	spec.sat_x = a->res.gen == a->gen ? app_saturation(a) : NAN;
	spec.sat_label = "saturation";
	spec.ref_sat_x = NAN;
	if (nref > 0 && a->res.gen == a->gen) {
		spec.ref_sat_x = app_refined_saturation(a);
		spec.ref_sat_label = "refined sat";
	}
	spec.mark_x = NAN;
	if (x_marker(a, &spec.mark_x, mlabel, sizeof pp->lmlabel))
		spec.mark_label = mlabel;
	spec.cursor = pp->cursor;
	spec.legend = pp->npins > 0 || a->nkept > 0 || c->height >= 16 || ncols > 1 || nref > 0;
	spec.legend_pack = ns > 3 || nref > 0 || npref > 0;
	spec.stems = curve_discrete(a);
	spec.y_fit = pp->fity;
	spec.clip_hint = "Y fits";
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	pa_render(c, r, &spec, &pp->info);
	if (a->have_draft)
		dim_series(c, r);
	pp->have_info = true;
	keep_last(pp, &spec);
	pp->have_last = !a->have_draft;
}

static unsigned pin(struct pane *p)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);

	if (!t || t->nrows == 0 || a->res.gen != a->gen || a->res.slot[SLOT_CURVE].table.partial) {
		app_msg(a, true, "nothing to pin yet: the curve is still being computed");
		return K_HANDLED | K_STATUS;
	}
	if (pp->npins == MAX_PINS) {
		/* Drop the oldest. */
		pin_free(&pp->pins[0]);
		memmove(&pp->pins[0], &pp->pins[1], (MAX_PINS - 1) * sizeof pp->pins[0]);
		pp->npins--;
	}
	struct pin *pn = &pp->pins[pp->npins];
	pp->pin_family = a->cfg.family;
	table_init(&pn->t, "");
	table_init(&pn->sim, "");
	/* the simulated points of this configuration (key r) go with it, as
	 * they are now (a running simulation's points so far) */
	size_t done = 0, total;
	bool running;
	const struct table *st = &a->res.slot[SLOT_SLOW].table;
	bool sim = app_sim_is_curve(a) && app_sim_state(a, &done, &total, &running) &&
		   a->res.slot[SLOT_SLOW].gen == a->gen && done > 0;
	if (table_copy(&pn->t, t) || (sim && table_copy(&pn->sim, st))) {
		pin_free(pn);
		app_msg(a, true, "out of memory");
		return K_HANDLED | K_STATUS;
	}
	char d[56];
	describe(a, d, sizeof d);
	pn->sat = app_saturation(a);
	snprintf(pn->label, sizeof pn->label, "pin %d: %s", pp->npins + 1, d);
	snprintf(pn->sim_label, sizeof pn->sim_label, "pin %d: simulation", pp->npins + 1);
	pn->sim_unsaved = sim && a->sim.unsaved[0];
	pp->npins++;
	if (sim)
		app_msg(a, false, "pinned the curve and its %zu simulated point%s as \"%s\"; edits "
			"are now drawn against them (P clears)", pn->sim.nrows,
			pn->sim.nrows == 1 ? "" : "s", pn->label);
	else
		app_msg(a, false, "pinned the curve as \"%s\"; edits are now drawn against it "
			"(P clears)", pn->label);
	return K_HANDLED | K_REDRAW | K_STATUS;
}

static unsigned plot_key(struct pane *p, enum action act, int arg)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);
	long n = t ? (long)t->nrows : 0;
	long step = n / 10 > 1 ? n / 10 : 1;

	(void)arg;
	switch (act) {
	case ACT_LEFT: set_cursor(p, pp->cursor - 1, true); break;
	case ACT_RIGHT: set_cursor(p, pp->cursor + 1, true); break;
	case ACT_PGUP: set_cursor(p, pp->cursor - step, true); break;
	case ACT_PGDN: set_cursor(p, pp->cursor + step, true); break;
	case ACT_HOME: set_cursor(p, 0, true); break;
	case ACT_END: set_cursor(p, n - 1, true); break;
	case ACT_UP:
	case ACT_DOWN:
		return K_HANDLED;
	case ACT_PIN: return pin(p);
	case ACT_UNPIN: {
		/* the points kept from other configurations go too (those of
		 * this one are its own: r clears them) */
		int nk = 0;
		for (int i = 0; i < a->nkept; i++)
			nk += !config_equal(&a->kept[i].cfg, &a->cfg);
		for (int i = 0; i < pp->npins; i++)
			pin_free(&pp->pins[i]);
		if (nk)
		{
			char pins[32] = "";
			if (pp->npins)
				snprintf(pins, sizeof pins, "%d pin%s and ", pp->npins,
					 pp->npins == 1 ? "" : "s");
			app_msg(a, false, "cleared %sthe simulated points kept from %d other "
				"configuration%s", pins, nk, nk == 1 ? "" : "s");
		}
		else
			app_msg(a, false, pp->npins ? "cleared %d pin%s" : "no pins to clear%.0d%s",
				pp->npins, pp->npins == 1 ? "" : "s");
		pp->npins = 0;
		app_sim_forget(a, true);
		return K_HANDLED | K_REDRAW | K_STATUS;
	}
	case ACT_MULTI: {
		pp->multi = !pp->multi;
		pp->start = false;
		bool more = false;
		int cols[PA_MAX_SERIES];
		int nc = t ? plot_columns(pp, a, t, cols, PA_MAX_SERIES - pp->npins, &more) : 0;
		if (pp->multi)
			app_msg(a, false, "%d curves: every column in %s%s (m: one column)", nc,
				t && nc ? (t->cols[cols[0]].unit[0] ? t->cols[cols[0]].unit
					   : "no unit") : "its unit",
				more ? "; some left out, pins take room" : "");
		else
			app_msg(a, false, "one curve: %s (c: another column, m: all of its unit)",
				t && nc ? t->cols[cols[0]].name : "the latency");
		return K_HANDLED | K_REDRAW | K_STATUS;
	}
	case ACT_LOGY:
		pp->logy = !pp->logy;
		app_msg(a, false, "latency axis: %s", pp->logy ? "logarithmic" : "linear");
		return K_HANDLED | K_REDRAW | K_STATUS;
	case ACT_FIT_Y:
		pp->fity = !pp->fity;
		if (curve_discrete(a))
			app_msg(a, false, "discrete points: the y axis always fits every value");
		else
			app_msg(a, false, "y axis: %s", pp->fity ? "fits every value (Y: clip the tail)"
				: "clips a curve that shoots up near saturation, and says so (Y: fit)");
		return K_HANDLED | K_REDRAW | K_STATUS;
	case ACT_SIM_VIEW:
		return app_sim_next_view(a);
	case ACT_REFINED: {
		bool any = false;
		for (size_t k = 0; t && k < t->ncols; k++)
			any = any || t->cols[k].refines >= 0;
		pp->hide_refined = !pp->hide_refined;
		/* a pin's copy with a refined curve: M hides and shows it even
		 * when this configuration has none (refused, or paper) */
		bool pinref = false;
		for (int i = 0; i < pp->npins; i++)
			for (size_t k = 0; k < pp->pins[i].t.ncols; k++)
				pinref = pinref || pp->pins[i].t.cols[k].refines >= 0;
		char why[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
		if (!any && pinref) {
			const struct glyphs *g = glyphs_get(a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
			bool refused = app_model_refusal(a, why, sizeof why);
			app_msg(a, false, "the pins' refined curves (%s) %s (M %s them); this "
				"configuration has no refined curve%s%s", g->refpin,
				pp->hide_refined ? "hidden" : "shown",
				pp->hide_refined ? "shows" : "hides", refused ? ": " : "",
				refused ? why : "");
		} else if (!any && app_model_refusal(a, why, sizeof why))
			app_msg(a, false, "no refined curve: %s", why);
		else if (!any)
			app_msg(a, false, "the curve has no refined model (options.model = refined "
				"adds it where the family has one); M will %s it",
				pp->hide_refined ? "hide" : "show");
		else if (pp->hide_refined)
			app_msg(a, false, "the printed model alone (M: the refined one beside it)");
		else {
			/* the glyphs the plot draws them with (UTF-8 or ASCII) */
			const struct glyphs *g = glyphs_get(a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
			app_msg(a, false, "the refined model (%s, its saturation %s) beside the "
				"printed one (M hides it)", g->refined, g->refsatline);
		}
		return K_HANDLED | K_REDRAW | K_STATUS;
	}
	case ACT_COLUMN_NEXT:
	case ACT_COLUMN_PREV: {
		if (!app_sim_is_curve(a))
			return simview_step(a, act == ACT_COLUMN_NEXT ? 1 : -1);
		if (!t)
			return K_HANDLED;
		int c = ycol_of(pp, a, t), dir = act == ACT_COLUMN_NEXT ? 1 : -1;
		int nc = (int)t->ncols;
		for (int k = 0; k < nc; k++) {
			c = (c - 1 + dir + (nc - 1)) % (nc - 1) + 1;
			if (t->cols[c].kind == COL_NUM)
				break;
		}
		snprintf(pp->ycol, sizeof pp->ycol, "%s", t->cols[c].name);
		pp->start = false;
		app_msg(a, false, "plotting %s", t->cols[c].label[0] ? t->cols[c].label
			: t->cols[c].name);
		return K_HANDLED | K_REDRAW | K_STATUS;
	}
	default:
		return 0;
	}
	return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
}

/* The simulated point under the cursor: the row of SLOT_SLOW whose load's
 * nearest curve point is the cursor (sharing the curve's axis), or -1. */
static long sim_at_cursor(const struct plot_pane *pp, const struct app *a, const struct table *t)
{
	const struct table *st = &a->res.slot[SLOT_SLOW].table;
	size_t done, total;
	bool running;

	if (!t || pp->cursor < 0 || !app_sim_is_curve(a) ||
	    !app_sim_state(a, &done, &total, &running) ||
	    a->res.slot[SLOT_SLOW].gen != a->gen || st->ncols < 2 ||
	    strcmp(st->cols[0].name, t->cols[0].name) != 0)
		return -1;
	for (size_t r = 0; r < st->nrows; r++)
		if (nearest(t, table_get(st, r, 0)) == pp->cursor)
			return (long)r;
	return -1;
}

/* The value of column c of curve t at x: linear between its points, a
 * saturated point's +inf kept (+inf between it and any other point); NaN
 * outside the curve's x range or when c < 1. */
static double model_at(const struct table *t, int c, double x)
{
	if (c < 1)
		return NAN;
	for (size_t r = 0; r < t->nrows; r++) {
		double x1 = table_get(t, r, 0), y1 = table_get(t, r, (size_t)c);
		if (x == x1)
			return y1;
		if (r == 0)
			continue;
		double x0 = table_get(t, r - 1, 0), y0 = table_get(t, r - 1, (size_t)c);
		if (x > x0 && x < x1) {
			if (isinf(y0) || isinf(y1))
				return INFINITY;
			double f = (x - x0) / (x1 - x0);
			return (1 - f) * y0 + f * y1;
		}
	}
	return NAN;
}

/* Each pin's value of the plotted column yc at the cursor's x and the
 * difference of this curve's value y from it, (y - pin) / pin, appended
 * to buf ("; pin1=30.53, Δ -3.5%": pin 1's value, as the line's
 * "latency=23.78", never read as a pin numbered "1 30.53"); a pin past
 * its curve says where it is ("pin1 saturated" beyond its saturation
 * load). */
static size_t pin_readout(const struct plot_pane *pp, const struct app *a, const struct table *t,
			  int yc, double x, double y, char *buf, size_t len, size_t n)
{
	for (int i = 0; i < pp->npins && len < n; i++) {
		const struct pin *pn = &pp->pins[i];
		char vs[32], seg[96], sym[96];
		int pc = table_col(&pn->t, t->cols[yc].name);
		if (pc < 1)
			continue;     /* the pin has no such column: not drawn either */
		double v = model_at(&pn->t, pc, x);

		if (isfinite(v) && isfinite(y) && v != 0)
			snprintf(seg, sizeof seg, "; pin%d=%s, Delta %+.1f%%", i + 1,
				 draw_num(v, 4, vs, sizeof vs), 100 * (y - v) / v);
		else if (isfinite(v))
			snprintf(seg, sizeof seg, "; pin%d=%s", i + 1, draw_num(v, 4, vs, sizeof vs));
		else if (v == INFINITY || (isfinite(pn->sat) && x >= pn->sat))
			snprintf(seg, sizeof seg, "; pin%d saturated", i + 1);
		else
			snprintf(seg, sizeof seg, "; pin%d past its curve", i + 1);
		len += (size_t)snprintf(buf + len, n - len, "%s", app_symbol(a, seg, sym, sizeof sym));
	}
	return len < n ? len : n;
}

/* Append printf's text to buf (n bytes, *len used), cut at its end. */
static void append(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	if (*len >= n)
		return;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *len, n - *len, fmt, ap);
	va_end(ap);
	*len = k < 0 ? n : *len + (size_t)k;
}

/* A value in 4 significant digits, "saturated" for +inf. */
static const char *value_text(double v, char *buf, size_t n)
{
	if (v == INFINITY)
		return "saturated";
	return draw_num(v, 4, buf, n);
}

/* "NAME V +D%": a model's value v against the simulated s, the difference
 * 100 (v - s) / s in percent where both are finite (whole percent from
 * 100%, as the printed vs refined view). */
static void model_vs_sim(char *buf, size_t n, size_t *len, const char *name, double v,
			 double s)
{
	char vs[32];
	append(buf, n, len, "%s %s", name, value_text(v, vs, sizeof vs));
	if (isfinite(v) && isfinite(s) && s != 0) {
		double d = 100 * (v - s) / s;
		append(buf, n, len, fabs(d) >= 100 ? " %+.0f%%" : " %+.1f%%", d);
	}
}

/* The hint at simulated point r (load x, simulated s) with the refined
 * model shown: the simulation first, then the printed model m and the
 * refined rm each with its difference from it (the labels of the plot's
 * legend and of the breakdown's printed vs refined view; the difference
 * as -o curve --sim's sim_delta and sim_delta_refined), what cuts the
 * interval short and the interval last (an 80-column line cuts the end;
 * i shows it whole). */
static void refined_sim_hint(const struct app *a, const char *unit, long r,
			     const struct table *st, double x, double s, double m, double rm,
			     bool unsettled, int lc, int uc, char *buf, size_t n)
{
	char sym[48], xs[32], ss[32], ls[32], hs[32];
	size_t len = 0;

	append(buf, n, &len, "sim %ld/%zu %s=%s: %s; ", r + 1, st->nrows,
	       app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
	       draw_num(x, 4, xs, sizeof xs), value_text(s, ss, sizeof ss));
	model_vs_sim(buf, n, &len, "printed", m, s);
	append(buf, n, &len, ", ");
	model_vs_sim(buf, n, &len, "refined", rm, s);
	if (unsettled)
		append(buf, n, &len, "; sim did not settle (no interval)");
	else if (isfinite(s) && lc > 0 && uc > 0)
		append(buf, n, &len, "; sim 95%% [%s, %s]",
		       draw_num(table_get(st, (size_t)r, (size_t)lc), 4, ls, sizeof ls),
		       draw_num(table_get(st, (size_t)r, (size_t)uc), 4, hs, sizeof hs));
	append(buf, n, &len, "  (%% = model vs sim; b: command; %s)", unit);
}

/* The hint for the cursor on a simulated point: model, simulation, its
 * 95% interval and the difference (with the refined model shown, both
 * models and their differences); false if the cursor is on none. */
static bool sim_hint(const struct plot_pane *pp, const struct app *a, const struct table *t,
		     char *buf, size_t n)
{
	long r = sim_at_cursor(pp, a, t);
	const struct table *st = &a->res.slot[SLOT_SLOW].table;
	char sym[48], xs[32], ms[32], ss[32], ls[32], hs[32];
	int vc = app_sim_value_col(st), lc = table_role(st, COL_LOWER),
	    uc = table_role(st, COL_UPPER), mc = table_role(t, COL_VALUE),
	    smc = vsim_model(st);

	if (r < 0 || vc < 1 || mc < 1)
		return false;
	double x = table_get(st, (size_t)r, 0), s = table_get(st, (size_t)r, (size_t)vc);
	if (table_row_role(st, (size_t)r) == ROW_FAILED) {
		snprintf(buf, n, "sim %ld/%zu %s=%s failed (i: why): %s", r + 1, st->nrows,
			 app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
			 draw_num(x, 4, xs, sizeof xs), table_row_note(st, (size_t)r)
			 ? table_row_note(st, (size_t)r) : "");
		return true;
	}
	int setc = -1;
	for (size_t c = 1; c < st->ncols; c++)
		if (st->cols[c].role == COL_SETTLED && st->cols[c].of == vc)
			setc = (int)c;
	bool unsettled = setc > 0 && table_get(st, (size_t)r, (size_t)setc) == 0;
	/* the model at the simulated load itself (the slow lane computed it,
	 * as b's command prints it), else between the curve's points */
	double m = smc > 0 ? table_get(st, (size_t)r, (size_t)smc) : model_at(t, mc, x);
	/* the refined model beside it while the plot shows it (M): the
	 * column that refines the model's, at the same load */
	int src = smc > 0 ? table_refined(st, smc) : -1, rc = table_refined(t, mc);
	if (!pp->hide_refined && (src > 0 || rc > 0)) {
		double rm = src > 0 ? table_get(st, (size_t)r, (size_t)src) : model_at(t, rc, x);
		refined_sim_hint(a, t->cols[mc].unit, r, st, x, s, m, rm, unsettled, lc, uc, buf, n);
		return true;
	}
	/* a saturated point: "sim saturated", no interval (it read "sim inf
	 * [inf, inf]") */
	int len = snprintf(buf, n, "sim %ld/%zu %s=%s: model %s, sim %s", r + 1,
			   st->nrows, app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
			   draw_num(x, 4, xs, sizeof xs), value_text(m, ms, sizeof ms),
			   value_text(s, ss, sizeof ss));
	if (unsettled && len > 0 && (size_t)len < n)
		len += snprintf(buf + len, n - (size_t)len, " did not settle (no interval)");
	else if (lc > 0 && uc > 0 && len > 0 && (size_t)len < n &&
		 isfinite(table_get(st, (size_t)r, (size_t)lc)) &&
		 isfinite(table_get(st, (size_t)r, (size_t)uc)))
		len += snprintf(buf + len, n - (size_t)len, " [%s, %s]",
				draw_num(table_get(st, (size_t)r, (size_t)lc), 4, ls, sizeof ls),
				draw_num(table_get(st, (size_t)r, (size_t)uc), 4, hs, sizeof hs));
	if (len > 0 && (size_t)len < n) {
		if (isfinite(m) && isfinite(s) && m != 0)
			snprintf(buf + len, n - (size_t)len, ", model %+.1f%%  (b: command; %s)",
				 100 * (m - s) / s, t->cols[mc].unit);
		else
			snprintf(buf + len, n - (size_t)len, "  (b: command; %s)", t->cols[mc].unit);
	}
	return true;
}

static void plot_hint(struct pane *p, char *buf, size_t n)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);
	char sym[48], xs[32], ys[32];
	int cols[PA_MAX_SERIES];
	bool more;

	if (!app_sim_is_curve(a)) {
		simview_hint(a, buf, n);
		return;
	}
	if (!t || pp->cursor < 0 || pp->cursor >= (long)t->nrows) {
		snprintf(buf, n, "Left/Right move the cursor, p pins the curve, c changes the column, "
			 "m all columns");
		return;
	}
	if (!pp->multi && ycol_of(pp, a, t) == table_role(t, COL_VALUE) && sim_hint(pp, a, t, buf, n))
		return;
	int nc = plot_columns(pp, a, t, cols, PA_MAX_SERIES - pp->npins, &more);
	/* with pins, shorter (4 digits): the pins' values and differences fit too */
	int sig = nc > 1 || pp->npins ? 4 : 6;
	const char *eq = pp->npins ? "=" : " = ";
	size_t len = (size_t)snprintf(buf, n, "%s%ld/%zu: %s%s%s,", pp->npins ? "" : "cursor ",
				      pp->cursor + 1,
				      t->nrows, app_symbol(a, a->cfg.family->x.symbol, sym,
							   sizeof sym), eq,
				      draw_num(table_get(t, (size_t)pp->cursor, 0), sig, xs,
					       sizeof xs));
	for (int k = 0; k < nc && len < n; k++) {
		/* the refined model's value beside the printed one's */
		int rc = pp->hide_refined ? -1 : table_refined(t, cols[k]);
		char rs[48] = "", rv[32];
		if (rc > 0)
			snprintf(rs, sizeof rs, " (refined %s)",
				 draw_num(table_get(t, (size_t)pp->cursor, (size_t)rc), sig, rv,
					  sizeof rv));
		len += (size_t)snprintf(buf + len, n - len, " %s%s%s%s%s%s", t->cols[cols[k]].name, eq,
					draw_num(table_get(t, (size_t)pp->cursor, (size_t)cols[k]),
						 sig, ys, sizeof ys), rs,
					k + 1 == nc ? " " : "", k + 1 == nc ? t->cols[cols[k]].unit
					: ",");
	}
	if (len < n && pp->npins) {
		int yc = ycol_of(pp, a, t);
		len = pin_readout(pp, a, t, yc, table_get(t, (size_t)pp->cursor, 0),
				  table_get(t, (size_t)pp->cursor, (size_t)yc), buf, len, n);
	}
	if (len < n)
		snprintf(buf + len, n - len, "  (Left/Right move, p pin, c column, m %s, L log)",
			 pp->multi ? "one curve" : "all curves");
}

static unsigned plot_click(struct pane *p, int x, int y)
{
	struct plot_pane *pp = p->data;
	const struct table *t = curve(p->app);

	(void)y;
	if (!pp->have_info || !t || pp->info.area.w <= 1)
		return K_HANDLED;
	double fx = (double)(x - pp->info.area.x) / (pp->info.area.w - 1);
	if (fx < 0 || fx > 1)
		return K_HANDLED;
	double xv = pp->info.x_log
		? pow(10, log10(pp->info.x_lo) + fx * (log10(pp->info.x_hi) - log10(pp->info.x_lo)))
		: pp->info.x_lo + fx * (pp->info.x_hi - pp->info.x_lo);
	set_cursor(p, nearest(t, xv), true);
	return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
}

/* The family's curve output ("curve", or e.g. irregular's "distribution"). */
static bool plot_cmdline(struct pane *p, struct strbuf *b)
{
	const char *name = app_curve_output(p->app);
	if (!name)
		return false;
	if (!app_sim_is_curve(p->app)) {
		simview_cmdline(p->app, b);
		return true;
	}
	/* Once there are simulated points (the cursor on one of them or
	 * not, the simulated curve shown alone for irregular): the command
	 * that reproduces every point. */
	if (app_sim_cmdline(p->app, b))
		return true;
	strbuf_printf(b, "-o %s", name);
	return true;
}

int plot_pane_figure(const struct pane *p, struct strbuf *out, char *why, size_t n)
{
	const struct plot_pane *pp = p->data;
	const struct app *a = p->app;
	struct figure f;
	struct figure_series fs[PA_MAX_SERIES];
	struct strbuf cmd;
	char xl[128], yl[128], title[320], cwhy[64];

	if (a->have_draft) {
		snprintf(why, n, "an incomplete edit: the figure waits for a valid configuration "
			 "(Esc drops the edit)");
		return -1;
	}
	if (!app_sim_is_curve(a)) {
		snprintf(why, n, "F writes the plot of curves; this simulated view: s exports its "
			 "table (CSV)");
		return -1;
	}
	if (p->rect.h == 0 || p->rect.w == 0) {
		snprintf(why, n, "the plot is not on screen (f gives the column back)");
		return -1;
	}
	if (!pp->have_last || !pp->last.nseries) {
		snprintf(why, n, "nothing plotted yet: the curve is still being computed");
		return -1;
	}
	pa_figure(&pp->last, &pp->info, &f, fs, xl, yl, sizeof xl);
	snprintf(title, sizeof title, "%s%s%s", a->l->name, a->cfg.title[0] ? ": " : "",
		 a->cfg.title);
	f.title = title;
	strbuf_init(&cmd);
	if (cmdline_build(a, P_PLOT, &cmd, cwhy, sizeof cwhy) == 0 && cmd.s && !cmd.failed)
		f.command = cmd.s;
	figure_gnuplot(&f, out);
	strbuf_free(&cmd);
	if (out->failed) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	return 0;
}

const struct pane_ops pane_plot_ops = {
	.name = "plot",
	.title = "plot",
	.ctx = CTX_PLOT,
	.listens = RES_CURVE | RES_SUMMARY | RES_SLOW | RES_ERROR,
	.init = plot_init,
	.free = plot_free,
	.draw = plot_draw,
	.key = plot_key,
	.update = plot_update,
	.hint = plot_hint,
	.click = plot_click,
	.cmdline = plot_cmdline,
};

double plot_pane_points_top(const struct pane *p)
{
	const struct plot_pane *pp = p->data;
	const struct table *t = curve(p->app);

	if (!pp || !pp->have_info || !t || pp->multi || !app_sim_is_curve(p->app) ||
	    ycol_of(pp, p->app, t) != table_role(t, COL_VALUE) ||
	    p->app->lay.pane[P_PLOT].w <= 0 || p->app->lay.pane[P_PLOT].h <= 0)
		return NAN;         /* nothing drawn, or not on screen now */
	return pp->info.y_hi;
}

bool plot_pane_figure_has_points(const struct pane *p)
{
	const struct plot_pane *pp = p->data;

	for (size_t i = 0; pp && pp->have_last && i < pp->last.nseries; i++)
		if (pp->last.series[i].points && pp->last.series[i].n > 0)
			return true;
	return false;
}

void plot_pane_figure_written(struct pane *p)
{
	struct plot_pane *pp = p->data;
	struct app *a = p->app;

	for (size_t i = 0; pp && pp->have_last && i < pp->last.nseries; i++) {
		const struct pa_series *s = &pp->last.series[i];
		if (!s->points || s->n == 0)
			continue;
		if (strcmp(s->name, SIM_SERIES_NAME) == 0)
			a->sim.unsaved[0] = false;
		for (int k = 0; k < pp->npins; k++)
			if (strcmp(s->name, pp->pins[k].sim_label) == 0)
				pp->pins[k].sim_unsaved = false;
		for (int k = 0; k < a->nkept; k++)
			if (strcmp(s->name, a->kept[k].label) == 0)
				a->kept[k].unsaved = false;
	}
}

bool plot_pane_at_sim_point(const struct pane *p)
{
	const struct plot_pane *pp = p->data;
	struct app *a = p->app;
	const struct table *t = curve(a);

	if (!pp || !t || !app_sim_is_curve(a) || pp->multi || pp->cursor < 0 ||
	    pp->cursor >= (long)t->nrows || ycol_of(pp, a, t) != table_role(t, COL_VALUE))
		return false;
	return sim_at_cursor(pp, a, t) >= 0;
}

bool plot_pane_pinned_sim(const struct pane *p)
{
	const struct plot_pane *pp = p->data;

	for (int i = 0; pp && i < pp->npins; i++)
		if (pp->pins[i].sim.nrows > 0 && pp->pins[i].sim_unsaved)
			return true;
	return false;
}

bool plot_pane_refined_shown(const struct pane *p)
{
	const struct plot_pane *pp = p->data;
	return !pp || !pp->hide_refined;
}
