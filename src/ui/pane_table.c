/*
 * pane_table.c: the breakdown pane: one of the family's view outputs at
 * the cursor's load (multicluster: `point`, every equation term; also the
 * summary and the hop distributions), chosen with the view key: tables and
 * summaries, bar charts (OUT_BARS: hop distributions, a distance
 * distribution) and text (OUT_TEXT: a broadcast tree with its critical
 * path, a network drawing, hostfiles), scrolled with the arrows.  [ and ]
 * step the item (--select) the output shows.  The default view is a table
 * (`point` when there is one), never a text file meant for other programs.
 *
 * Tables of the shape quantity/value/unit/symbol/note (summaries, point
 * breakdowns) are shown as "quantity symbol value unit note" rows, or, when
 * the pane has only a few rows, as a flow of "symbol value" pairs; any other
 * table as a grid.  The numbers are exactly those of
 * `icnx --batch -o OUTPUT --at X` (the b key shows the command).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vsim.h"
#include "ui/app.h"
#include "ui/cmdline.h"
#include "ui/draw.h"
#include "ui/refview.h"
#include "ui/simcompare.h"
#include "ui/simtable.h"
#include "ui/style.h"
#include "ui/viewdraw.h"

struct table_pane {
	long top;          /* first shown line */
	int left;          /* first shown column (text views) */
	long nlines;       /* lines of the last drawn table */
	int rows_shown, cols_shown;
	int width;         /* widest line of the last drawn text; grids: columns */
	bool grid;         /* the last drawn view was a grid: Left/Right step
	                      whole columns (the first one stays) */
	bool grid_more;    /* ... and some of its columns are not shown */
	bool vs_ref;       /* the "printed vs refined" view (refview.h: after
	                      the outputs, while the curve has a refined model) */
	bool vs_sim;       /* the "model vs simulation" view (after the outputs
	                      in the v cycle while the configuration has
	                      simulated points, where the family simulates
	                      against load): drawn here from SLOT_SLOW, no
	                      output run */
	bool vs_all;       /* "model vs sim, all points" (simtable.h: after
	                      vs_sim in the v cycle, while there are points) */
	struct simtable_state all;   /* ... its scroll */
};

/* A breakdown view: a fast-lane table, summary, bar chart or text (the
 * simulated ones, LANE_SLOW, are the plot's simulated views: key r). */
static bool is_view(const struct output_desc *o)
{
	return o->lane == LANE_FAST && (o->kind == OUT_TABLE || o->kind == OUT_SUMMARY || o->kind == OUT_BARS ||
	       o->kind == OUT_TEXT);
}

/* The descriptor's breakdown output (output_desc.breakdown), else the
 * first table, else bars, else text. */
static int default_view(const struct app *a)
{
	static const enum output_kind pref[] = { OUT_TABLE, OUT_SUMMARY, OUT_BARS, OUT_TEXT };
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	for (size_t i = 0; i < n; i++)
		if (o[i].breakdown && is_view(&o[i]))
			return (int)i;
	for (size_t k = 0; k < sizeof pref / sizeof pref[0]; k++)
		for (size_t i = 0; i < n; i++)
			if (o[i].kind == pref[k] && is_view(&o[i]))
				return (int)i;
	return -1;
}

/* Is the result the current view's (not an older one)? */
static bool current(const struct app *a)
{
	return a->res.slot[SLOT_DETAIL].gen == a->gen && view_same(&a->res.slot[SLOT_DETAIL].view, &a->view, RES_DETAIL);
}

static int table_init_pane(struct pane *p)
{
	struct table_pane *tp = calloc(1, sizeof *tp);
	if (!tp)
		return -1;
	p->data = tp;
	p->app->view.detail_out = default_view(p->app);
	return 0;
}

static void table_free_pane(struct pane *p)
{
	free(p->data);
	p->data = NULL;
}

static void table_update(struct pane *p, unsigned what)
{
	struct app *a = p->app;
	if (what & U_FILE) {
		a->view.detail_out = default_view(a);
		a->view_gen++;
	}
	if ((what & U_DETAIL) && current(a))
		app_view_answer(a, P_TABLE, a->res.slot[SLOT_DETAIL].table.ncols > 0, a->res.slot[SLOT_DETAIL].table.title);
}

/* Is t a quantity/value table? */
static bool is_kv(const struct table *t, int *vc, int *uc, int *sc, int *nc)
{
	if (t->layout != TL_SUMMARY)
		return false;
	*vc = SUM_VALUE;
	*uc = SUM_UNIT;
	*sc = SUM_SYMBOL;
	*nc = SUM_NOTE;
	return true;
}

static const char *cell_text(const struct table *t, size_t r, int c)
{
	const char *s = c >= 0 ? table_get_text(t, r, (size_t)c) : NULL;
	return s ? s : "";
}

/* Compact: "symbol value" pairs flowing over the rows. */
static void draw_flow(const struct app *a, const struct table *t, struct canvas *c, int vc,
		      int sc)
{
	char one[96], sym[48], num[32];
	int x = 1, y = 1;
	for (size_t r = 0; r < t->nrows && y < c->height; r++) {
		const char *q = cell_text(t, r, SUM_QUANTITY);
		const char *s = cell_text(t, r, sc);
		if (strchr(q, '.'))
			continue;      /* per-group rows need the full view */
		app_symbol(a, *s ? s : q, sym, sizeof sym);
		draw_num(table_get(t, r, (size_t)vc), 4, num, sizeof num);
		snprintf(one, sizeof one, "%s %s", sym, num);
		int w = draw_width(one);
		if (x > 1 && x + w >= c->width) {
			x = 1;
			y++;
			if (y >= c->height)
				break;
		}
		int sw = draw_width(sym);
		draw_text(c, x, y, c->width - x, sym, STY_LABEL);
		draw_text(c, x + sw + 1, y, c->width - x - sw - 1, num, STY_NORMAL);
		x += w + 2;
	}
}

/* The display rows of a quantity table: a heading for each prefix
 * ("group0"), then the rows under it with the rest of their name. */
struct kv_line {
	long row;          /* table row, or -1 for a heading */
	char head[64];
};

static size_t kv_lines(const struct table *t, struct kv_line *out, size_t max)
{
	char prev[64] = "";
	size_t n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *q = cell_text(t, r, SUM_QUANTITY), *dot = strchr(q, '.');
		char pre[64] = "";
		if (dot && (size_t)(dot - q) < sizeof pre)
			snprintf(pre, sizeof pre, "%.*s", (int)(dot - q), q);
		if (pre[0] && strcmp(pre, prev) != 0 && n < max) {
			out[n].row = -1;
			snprintf(out[n++].head, sizeof out[0].head, "%s", pre);
		}
		snprintf(prev, sizeof prev, "%s", pre);
		if (n < max) {
			out[n].row = (long)r;
			out[n++].head[0] = pre[0] ? 1 : 0;   /* indented */
		}
	}
	return n;
}

/* The name shown for row r: without its heading's prefix. */
static const char *kv_name(const struct table *t, const struct kv_line *l)
{
	const char *q = cell_text(t, (size_t)l->row, SUM_QUANTITY);
	if (l->head[0]) {
		const char *dot = strchr(q, '.');
		if (dot)
			return dot + 1;
	}
	return q;
}

#define KV_MAX 4096

static void draw_kv(struct pane *p, const struct table *t, struct canvas *c, int vc, int uc,
		    int sc, int nc)
{
	struct table_pane *tp = p->data;
	const struct app *a = p->app;
	char sym[48], num[32], unit[48];
	int body = c->height - 1;
	int vw = 1;
	struct kv_line *lines = malloc(KV_MAX * sizeof *lines);

	if (!lines)
		return;
	size_t nl = kv_lines(t, lines, KV_MAX);
	tp->nlines = (long)nl;
	int qw = 0, symw = 0, uw = 0;
	for (size_t i = 0; i < nl; i++) {
		if (lines[i].row < 0)
			continue;
		size_t r = (size_t)lines[i].row;
		int w = draw_width(kv_name(t, &lines[i])) + (lines[i].head[0] ? 1 : 0);
		if (w > qw)
			qw = w;
		w = draw_width(app_symbol(a, cell_text(t, r, sc), sym, sizeof sym));
		if (w > symw)
			symw = w;
		w = draw_width(draw_unit_short(cell_text(t, r, uc), unit, sizeof unit));
		if (w > uw)
			uw = w;
		w = draw_width(draw_num(table_get(t, r, (size_t)vc), 5, num, sizeof num));
		if (w > vw)
			vw = w;
	}
	if (symw > 12)
		symw = 12;
	if (uw > 6)
		uw = 6;
	int room = c->width - 1 - (symw + 1) - (vw + 1) - (uw + 1);
	if (qw > room)
		qw = room < 8 ? 8 : room;
	if (tp->top > (long)nl - body)
		tp->top = (long)nl - body;
	if (tp->top < 0)
		tp->top = 0;
	for (int y = 1; y <= body; y++) {
		long i = tp->top + y - 1;
		if (i >= (long)nl)
			break;
		const struct kv_line *l = &lines[i];
		if (l->row < 0) {
			draw_text(c, 1, y, c->width - 2, l->head, STY_TITLE);
			continue;
		}
		size_t r = (size_t)l->row;
		int ind = l->head[0] ? 1 : 0;
		int x = 1;
		draw_text(c, x + ind, y, qw - ind, kv_name(t, l), STY_NORMAL);
		x += qw + 1;
		draw_text(c, x, y, symw, app_symbol(a, cell_text(t, r, sc), sym, sizeof sym),
			  STY_LABEL);
		x += symw + 1;
		draw_text_right(c, x, y, vw, draw_num(table_get(t, r, (size_t)vc), 5, num,
						      sizeof num), STY_BOLD);
		x += vw + 1;
		draw_unit_short(cell_text(t, r, uc), unit, sizeof unit);
		if (x < c->width)
			draw_text(c, x, y, c->width - x, unit, STY_DIM);
		x += uw + 1;
		const char *note = cell_text(t, r, nc);
		if (*note && x + 2 < c->width)
			draw_text(c, x, y, c->width - x, note, UI_DERIVED);
	}
	free(lines);
}

/* Cell (r, col) of a grid with numbers to `sig` significant digits. */
static const char *grid_cell(const struct table *t, size_t r, size_t col, int sig,
			     char *num, size_t n)
{
	return t->cols[col].kind == COL_TEXT ? cell_text(t, r, (int)col)
		: draw_num(table_get(t, r, col), sig, num, n);
}

/* Width of column col (its name and every cell) at `sig` digits. */
static int grid_col_width(const struct table *t, size_t col, int sig)
{
	char num[32];
	int w = draw_width(t->cols[col].name);
	for (size_t r = 0; r < t->nrows; r++) {
		int cw = draw_width(grid_cell(t, r, col, sig, num, sizeof num));
		if (cw > w)
			w = cw;
	}
	return w;
}

/*
 * Any other table as a grid.  Numbers get as many significant digits (6
 * down to 2) as let every column fit (1.4e-05, never a cut 0.00...); when
 * even 2 digits do not fit, the first column stays and the others scroll
 * with Left/Right (tp->left is then the first scrolled column), and the
 * header says which columns are shown.
 */
static void draw_grid(struct pane *p, const struct table *t, struct canvas *c)
{
	struct table_pane *tp = p->data;
	char num[32];
	int x = 1, body = c->height - 2, sig, total = 0;

	if (tp->top > (long)t->nrows - body)
		tp->top = (long)t->nrows - body;
	if (tp->top < 0)
		tp->top = 0;
	for (sig = 6; sig >= 2; sig--) {
		total = 0;
		for (size_t col = 0; col < t->ncols; col++)
			total += grid_col_width(t, col, sig) + (col ? 2 : 0);
		if (total <= c->width - 2)
			break;
	}
	if (sig < 2)
		sig = 2;
	tp->grid = true;
	tp->width = (int)t->ncols;
	if (total <= c->width - 2 || t->ncols < 2)
		tp->left = 0;
	if (tp->left >= (int)t->ncols - 1)
		tp->left = (int)t->ncols - 2;
	if (tp->left < 0)
		tp->left = 0;
	tp->cols_shown = 0;
	for (size_t col = 0; col < t->ncols && x < c->width; col++) {
		if (col > 0 && (int)col <= tp->left)
			continue;
		int w = grid_col_width(t, col, sig);
		if (x + w > c->width - 1 && col > 0 && tp->cols_shown > 1)
			break;   /* a column that does not fit waits for Right */
		if (x + w > c->width)
			w = c->width - x;
		draw_text_right(c, x, 1, w, t->cols[col].name, STY_LABEL);
		for (int y = 0; y < body; y++) {
			long r = tp->top + y;
			if (r >= (long)t->nrows)
				break;
			draw_text_right(c, x, 2 + y, w,
					grid_cell(t, (size_t)r, col, sig, num, sizeof num),
					STY_NORMAL);
		}
		tp->cols_shown++;
		x += w + 2;
	}
	tp->grid_more = tp->left > 0 || 1 + tp->left + tp->cols_shown - 1 < (int)t->ncols;
}

/* Does the family have a simulation to compare its model with (a
 * simulated curve against load beside a model's)? */
static bool can_compare(const struct app *a)
{
	return app_sim_output(a) && a->cfg.family->x.quantity == XQ_LOAD;
}

/* The simulated points of this configuration, or NULL. */
static const struct table *sim_table(const struct app *a)
{
	size_t done, total;
	bool running;
	const struct slot *s = &a->res.slot[SLOT_SLOW];
	if (!app_sim_state(a, &done, &total, &running) || s->gen != a->gen || s->table.nrows == 0)
		return NULL;
	return &s->table;
}

/* The "model vs simulation" view: at the simulated point nearest the
 * cursor, one row per part both measure: name, model, simulation [95%],
 * model's difference in percent; then the model's parts not simulated. */
static void draw_vs_sim(struct pane *p, struct canvas *c)
{
	struct app *a = p->app;
	const struct table *st = sim_table(a);
	char title[160], sym[32], xs[32], m[32], sv[32], lo[32], hi[32], line[192];
	struct simcmp cmp;
	long r = st ? simcmp_nearest(st, a->view.at) : -1;

	if (r >= 0 && simcmp_build(st, (size_t)r, &cmp))
		snprintf(title, sizeof title, "model vs sim at %s = %s (%ld/%zu)",
			 app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
			 draw_num(table_get(st, (size_t)r, 0), 6, xs, sizeof xs), r + 1, st->nrows);
	else
		snprintf(title, sizeof title, "model vs simulation");
	draw_header(c, P_TABLE + 1, title, "", p->focused);
	if (c->height < 2)
		return;
	if (!st) {
		draw_text(c, 1, 1, c->width - 2, "no simulated points: r simulates the "
			  "configuration (v next view)", STY_DIM);
		return;
	}
	if (r < 0 || cmp.n == 0) {
		draw_text(c, 1, 1, c->width - 2, "the simulation has no model beside it", STY_DIM);
		return;
	}
	/* label, model, simulation, difference, then the interval (the part
	 * a narrow pane cuts first) */
	int lw = 0, mw = 0, sw = 0, dw = 0;
	char diff[SIMCMP_MAX][24];
	for (size_t i = 0; i < cmp.n; i++) {
		const struct simcmp_row *w = &cmp.row[i];
		double d = simcmp_diff(w->model, w->sim);
		if (!isnan(d))
			snprintf(diff[i], sizeof diff[i], "%+.1f%%", d);
		else
			snprintf(diff[i], sizeof diff[i], "%s", isinf(w->model) || isinf(w->sim)
				 ? "saturated" : "");
		int k = draw_width(w->label);
		lw = k > lw ? k : lw;
		k = draw_width(draw_num(w->model, 4, m, sizeof m));
		mw = k > mw ? k : mw;
		k = draw_width(draw_num(w->sim, 4, sv, sizeof sv));
		sw = k > sw ? k : sw;
		k = draw_width(diff[i]);
		dw = k > dw ? k : dw;
	}
	int y = 1;
	if (c->height > (int)cmp.n + 2) {       /* room for the column heads */
		snprintf(line, sizeof line, "%*s  %*s  %*s", mw > 5 ? mw : 5, "model",
			 sw > 3 ? sw : 3, "sim", dw > 4 ? dw : 4, "diff");
		draw_text(c, 2 + lw, y++, c->width - 3 - lw, line, STY_DIM);
	}
	mw = mw > 5 ? mw : 5;
	sw = sw > 3 ? sw : 3;
	dw = dw > 4 ? dw : 4;
	for (size_t i = 0; i < cmp.n && y < c->height; i++, y++) {
		const struct simcmp_row *w = &cmp.row[i];
		draw_text(c, 1, y, lw, w->label, STY_LABEL);
		int x = 2 + lw;
		draw_text_right(c, x, y, mw, draw_num(w->model, 4, m, sizeof m), STY_BOLD);
		x += mw + 2;
		int len = snprintf(line, sizeof line, "%*s  %*s", sw,
				   draw_num(w->sim, 4, sv, sizeof sv), dw, diff[i]);
		char iv[80] = "";
		/* a saturated point has no interval ("saturated" in its diff
		 * column says why), never "[inf, inf]" */
		if (isfinite(w->lo) && isfinite(w->hi))
			snprintf(iv, sizeof iv, "[%s, %s]", draw_num(w->lo, 4, lo, sizeof lo),
				 draw_num(w->hi, 4, hi, sizeof hi));
		/* the interval beside the row where it fits, else on a line
		 * of its own under the simulation's column when the pane has
		 * a line to spare after every row (else cut at the edge) */
		bool beside = x + len + 2 + draw_width(iv) <= c->width - 1 ||
			      y + 1 + (int)(cmp.n - i - 1) >= c->height;
		if (iv[0] && beside)
			snprintf(line + len, sizeof line - (size_t)len, "  %s", iv);
		if (x < c->width)
			draw_text(c, x, y, c->width - x - 1, line, STY_NORMAL);
		if (iv[0] && !beside) {
			char under[96];
			snprintf(under, sizeof under, "%s 95%%", iv);
			y++;
			draw_text(c, x, y, c->width - x - 1, under, STY_NORMAL);
		}
	}
	if (y < c->height && cmp.n_model_only) {
		int len = snprintf(line, sizeof line, "model only:");
		for (size_t i = 0; i < cmp.n_model_only && len < (int)sizeof line; i++) {
			int col = cmp.model_only[i];
			len += snprintf(line + len, sizeof line - (size_t)len, " %s %s%s",
					st->cols[col].name, draw_num(table_get(st, (size_t)r, (size_t)col),
								     4, m, sizeof m),
					i + 1 < cmp.n_model_only ? "," : "");
		}
		draw_text(c, 1, y, c->width - 2, line, STY_DIM);
	}
}

static void table_draw(struct pane *p, struct canvas *c)
{
	struct table_pane *tp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_DETAIL].table;
	char title[192], right[96];
	size_t nout;
	const struct output_desc *outs = app_outputs(a, &nout);
	int v = a->view.detail_out;
	int shown = app_shown_output(a, v, a->res.slot[SLOT_DETAIL].refusal);
	enum output_kind kind = shown >= 0 ? outs[shown].kind : OUT_TABLE;

	if (tp->vs_ref && refview_available(a)) {
		tp->grid = false;
		tp->nlines = 0;
		refview_draw(a, c, P_TABLE + 1, p->focused);
		return;
	}
	if (tp->vs_sim && can_compare(a)) {
		tp->grid = false;
		tp->nlines = 0;
		draw_vs_sim(p, c);
		return;
	}
	if (tp->vs_all && can_compare(a)) {
		tp->grid = false;
		tp->nlines = 0;
		simtable_draw(&tp->all, a, sim_table(a), c, P_TABLE + 1, p->focused);
		return;
	}
	bool stale = !current(a);
	app_symbol(a, t->title[0] && t->ncols > 0 ? t->title : v >= 0 ? outs[v].name : "breakdown",
		   title, sizeof title);
	int body = c->height - 1;
	tp->rows_shown = body;
	tp->cols_shown = c->width - 2;
	right[0] = '\0';
	if (kind == OUT_TEXT && t->ncols > 0 && (long)t->nrows > body && body > 0) {
		tp->top = vd_clamp(tp->top, (long)t->nrows, body);
		snprintf(right, sizeof right, "%ld-%ld/%zu  ", tp->top + 1,
			 tp->top + body < (long)t->nrows ? tp->top + body : (long)t->nrows, t->nrows);
	}
	if (a->view.select >= 0 && v >= 0 && outs[v].select)
		snprintf(right + strlen(right), sizeof right - strlen(right), "#%d ", a->view.select);
	snprintf(right + strlen(right), sizeof right - strlen(right), "%s%s",
		 v >= 0 ? outs[v].name : "", stale ? " (updating)" : "");
	draw_header(c, P_TABLE + 1, title, right, p->focused);
	if (c->height < 2)
		return;
	if (v < 0) {
		draw_text(c, 1, 1, c->width - 2, "this model has no table outputs", STY_DIM);
		return;
	}
	if (t->ncols == 0) {
		/* An output that failed leaves its message as the title. */
		draw_text(c, 1, 1, c->width - 2, t->title[0] ? t->title : "computing...",
			  t->title[0] ? UI_ERROR : STY_DIM);
		return;
	}
	struct canvas_rect r = { 1, 1, c->width - 2, body };
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	tp->grid = false;
	if (kind == OUT_TEXT) {
		tp->nlines = (long)t->nrows;
		tp->width = vd_text_width(t);
		tp->left = (int)vd_clamp(tp->left, tp->width, r.w);
		vd_draw_text(c, r, t, tp->top, tp->left);
		return;
	}
	if (kind == OUT_BARS) {
		tp->nlines = 0;
		vd_draw_bars(c, r, t, NULL);
		return;
	}
	int vc, uc, sc, nc;
	tp->nlines = (long)t->nrows;
	if (is_kv(t, &vc, &uc, &sc, &nc)) {
		if (c->height <= 5 && !p->focused)
			draw_flow(a, t, c, vc, sc);
		else
			draw_kv(p, t, c, vc, uc, sc, nc);
	} else {
		draw_grid(p, t, c);
	}
}

static unsigned table_key(struct pane *p, enum action act, int arg)
{
	struct table_pane *tp = p->data;
	struct app *a = p->app;
	long page = tp->rows_shown > 2 ? tp->rows_shown - 1 : 1;
	int hstep = tp->grid ? 1 : tp->cols_shown > 16 ? tp->cols_shown / 2 : 8;

	(void)arg;
	if (tp->vs_all && can_compare(a)) {
		/* the table of every point scrolls by row and by column */
		struct simtable_state *v = &tp->all;
		long rows = tp->rows_shown > 4 ? tp->rows_shown - 4 : 1;
		switch (act) {
		case ACT_UP: v->top--; break;
		case ACT_DOWN: v->top++; break;
		case ACT_PGUP: v->top -= rows; break;
		case ACT_PGDN: v->top += rows; break;
		case ACT_HOME: v->top = 0; v->left = 0; break;
		case ACT_END: v->top = 1L << 30; break;
		case ACT_LEFT: v->left--; break;
		case ACT_RIGHT:
			if (v->left + v->shown < v->ncols)
				v->left++;
			break;
		default: goto keys;
		}
		if (v->top < 0)
			v->top = 0;
		return K_HANDLED | K_REDRAW;
	}
keys:
	switch (act) {
	case ACT_UP: tp->top--; break;
	case ACT_DOWN: tp->top++; break;
	case ACT_PGUP: tp->top -= page; break;
	case ACT_PGDN: tp->top += page; break;
	case ACT_HOME: tp->top = 0; tp->left = 0; break;
	case ACT_END: tp->top = tp->nlines; break;
	case ACT_LEFT:
		tp->left = tp->left > hstep ? tp->left - hstep : 0;
		break;
	case ACT_RIGHT:
		if (tp->left + tp->cols_shown < tp->width)
			tp->left += hstep;
		break;
	case ACT_VIEW: {
		int v = app_next_output(a, a->view.detail_out, is_view);
		bool wrap = v < 0 || v <= a->view.detail_out;
		if (!tp->vs_ref && !tp->vs_sim && !tp->vs_all && wrap && refview_available(a)) {
			/* after the last output: printed vs refined */
			tp->vs_ref = true;
			tp->top = 0;
			app_msg(a, false, "breakdown: printed vs refined model, term by term, at "
				"the cursor's load");
			return K_HANDLED | K_REDRAW | K_STATUS;
		}
		tp->vs_ref = false;
		if (tp->vs_sim && can_compare(a) && sim_table(a) && wrap) {
			/* then every point in one table */
			tp->vs_sim = false;
			tp->vs_all = true;
			tp->all.top = 0;
			tp->all.left = 0;
			tp->all.cur = -1;
			app_msg(a, false, "breakdown: model vs simulation, every simulated point");
			return K_HANDLED | K_REDRAW | K_STATUS;
		}
		if (!tp->vs_sim && !tp->vs_all && can_compare(a) && sim_table(a) && wrap) {
			/* then model vs simulation */
			tp->vs_sim = true;
			tp->top = 0;
			app_msg(a, false, "breakdown: model vs simulation, part by part, at the "
				"simulated point nearest the cursor");
			return K_HANDLED | K_REDRAW | K_STATUS;
		}
		tp->vs_sim = false;
		tp->vs_all = false;
		if (v < 0)
			return K_HANDLED;
		const struct output_desc *o = app_outputs(a, NULL);
		a->view.detail_out = v;
		a->view_gen++;
		tp->top = 0;
		tp->left = 0;
		app_msg(a, false, "breakdown: %s (%s)", o[v].name, o[v].help);
		return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
	}
	case ACT_ITEM_NEXT:
	case ACT_ITEM_PREV:
		tp->top = 0;
		return app_step_select(a, P_TABLE, act == ACT_ITEM_NEXT ? 1 : -1);
	case ACT_EXPAND:
		return app_toggle_expand(a);
	default:
		return 0;
	}
	if (tp->top < 0)
		tp->top = 0;
	return K_HANDLED | K_REDRAW;
}

static void table_hint(struct pane *p, char *buf, size_t n)
{
	struct app *a = p->app;
	size_t nout;
	const struct output_desc *o = app_outputs(a, &nout);
	int v = a->view.detail_out;
	struct table_pane *tp0 = p->data;
	if (tp0->vs_ref && refview_available(a)) {
		refview_hint(a, buf, n);
		return;
	}
	if (tp0->vs_all && can_compare(a)) {
		simtable_hint(a, buf, n);
		return;
	}
	if (tp0->vs_sim && can_compare(a)) {
		snprintf(buf, n, "vs-sim: the model's parts against the simulation's at the simulated "
			 "point nearest the cursor; %% = (model - sim) / sim; %s-W_s is what follows "
			 "the source queue  (v next view, b command line)",
			 sim_table(a) && vsim_model(sim_table(a)) > 0
			 ? sim_table(a)->cols[vsim_model(sim_table(a))].name : "T");
		return;
	}
	int shown = app_shown_output(a, v, a->res.slot[SLOT_DETAIL].refusal);
	if (shown != v && shown >= 0) {
		snprintf(buf, n, "%s shown instead of %s", o[shown].name, a->res.slot[SLOT_DETAIL].refusal);
		return;
	}
	struct table_pane *tp = p->data;
	snprintf(buf, n, "%s: %s  (v next view, %s, [ ] item, f full, i read in full, "
		 "b command line)", v >= 0 ? o[v].name : "", v >= 0 ? o[v].help : "",
		 v >= 0 && (o[v].kind == OUT_TEXT || (tp->grid && tp->grid_more))
		 ? "arrows scroll" : "Up/Down scroll");
}

static bool table_cmdline(struct pane *p, struct strbuf *b)
{
	struct app *a = p->app;
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	int v = a->view.detail_out;
	struct table_pane *tp = p->data;
	if (tp->vs_ref && refview_available(a))
		return refview_cmdline(a, b);
	if ((tp->vs_sim || tp->vs_all) && can_compare(a)) {
		/* every simulated point, the one shown among them: its model
		 * and simulated columns exactly */
		return app_sim_cmdline(a, b);
	}
	if (v < 0)
		return false;
	strbuf_printf(b, "-o %s", o[v].name);
	if (a->view.select >= 0 && o[v].select)
		strbuf_printf(b, " --select %d", a->view.select);
	if (output_at_cursor(a->cfg.family, &o[v]) && !isnan(a->view.at)) {
		char x[40];
		strbuf_printf(b, " --at %s", cmdline_at(a, &o[v], a->view.select, x, sizeof x));
	}
	return true;
}

const struct pane_ops pane_table_ops = {
	.name = "breakdown",
	.title = "breakdown",
	.ctx = CTX_VIEW,
	.listens = RES_DETAIL | RES_SLOW | RES_ERROR | RES_CURVE | RES_SUMMARY,
	.init = table_init_pane,
	.free = table_free_pane,
	.draw = table_draw,
	.key = table_key,
	.update = table_update,
	.hint = table_hint,
	.cmdline = table_cmdline,
};
