/* simtable.c: the breakdown's "model vs sim, all points" view (see simtable.h). */
#include "ui/simtable.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vsim.h"
#include "ui/draw.h"
#include "ui/pane.h"
#include "ui/style.h"

/* The columns after the two that stay (# and the load), in order. */
enum { K_MODEL, K_REF, K_SIM, K_CI, K_D, K_DR, K_FL, K_N };
#define CELL 32
#define MAX_CLASSES 24

bool simtable_available(const struct table *st)
{
	return st && st->nrows > 0 && vsim_model(st) > 0;
}

/* "+12.3%" (whole percent from 100%, as the plot's hint and the printed
 * vs refined view), "" for NaN. */
static void pct(double d, char *buf, size_t n)
{
	if (isnan(d))
		buf[0] = '\0';
	else
		snprintf(buf, n, fabs(d) >= 100 ? "%+.0f%%" : "%+.1f%%", d);
}

/* The refined model's column beside the model's, while the plot shows it. */
static int refined_col(const struct app *a, const struct table *st)
{
	int rc = table_refined(st, vsim_model(st));
	return rc > 0 && plot_pane_refined_shown(&a->pane[P_PLOT]) ? rc : -1;
}

/* Row r's cells; top: the plot's y top (NaN none). */
static void cells(const struct table *st, size_t r, int rc, double top,
		  char cell[K_N][CELL])
{
	int mv = vsim_model(st), sv = vsim_value(st), uc = vsim_upper(st);
	double m = table_get(st, r, (size_t)mv), s = table_get(st, r, (size_t)sv);
	unsigned f = vsim_flags(st, r);

	draw_num(m, 4, cell[K_MODEL], CELL);
	if (rc > 0)
		draw_num(table_get(st, r, (size_t)rc), 4, cell[K_REF], CELL);
	else
		cell[K_REF][0] = '\0';
	draw_num(s, 4, cell[K_SIM], CELL);
	double hi = uc > 0 ? table_get(st, r, (size_t)uc) : NAN;
	if (isfinite(hi) && isfinite(s)) {
		char h[CELL];
		snprintf(cell[K_CI], CELL, "±%s", draw_num(hi - s, 3, h, sizeof h));
	} else {
		snprintf(cell[K_CI], CELL, "-");
	}
	pct(vsim_delta(m, s), cell[K_D], CELL);
	if (rc > 0)
		pct(vsim_delta(table_get(st, r, (size_t)rc), s), cell[K_DR], CELL);
	else
		cell[K_DR][0] = '\0';
	snprintf(cell[K_FL], CELL, "%s%s%s%s", f & VSIM_SATURATED ? "S" : "",
		 f & VSIM_UNSETTLED ? "U" : "", f & VSIM_FAILED ? "F" : "",
		 isfinite(s) && s > top ? "T" : "");
}

/* ASCII for the few non-ASCII characters of the view's own texts. */
static const char *asc(const struct app *a, const char *s, char *buf, size_t n)
{
	if (a->utf8)
		return s;
	size_t k = 0;
	for (const char *p = s; *p && k + 3 < n; p++) {
		if (strncmp(p, "±", strlen("±")) == 0) {
			buf[k++] = '+';
			buf[k++] = '-';
			p += strlen("±") - 1;
		} else if (strncmp(p, "Δ", strlen("Δ")) == 0) {
			buf[k++] = 'd';
			p += strlen("Δ") - 1;
		} else {
			buf[k++] = *p;
		}
	}
	buf[k] = '\0';
	return buf;
}

/* The classes both measure at row r, under the table from row y. */
static int draw_classes(const struct app *a, const struct table *st, long r, int rc,
			struct canvas *c, int y, int ymax)
{
	struct vsim_class cl[MAX_CLASSES];
	size_t n = vsim_classes(st, cl, MAX_CLASSES);
	char line[192], sym[48], xs[32], m[CELL], rv[CELL], s[CELL], d[CELL], dr[CELL], tmp[192];
	int lw = 5;

	if (n == 0 || r < 0 || y + 2 > ymax)
		return y;
	for (size_t k = 0; k < n; k++) {
		int w = draw_width(table_symbol(st, (size_t)cl[k].model));
		lw = w > lw ? w : lw;
	}
	snprintf(line, sizeof line, "at %s = %s, by class:",
		 app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
		 draw_num(table_get(st, (size_t)r, 0), 4, xs, sizeof xs));
	draw_text(c, 1, y++, c->width - 2, line, STY_TITLE);
	snprintf(line, sizeof line, "%-*s %7s%s%s %7s %7s%s%s", lw, "", rc > 0 ? "printed" : "model",
		 rc > 0 ? " " : "", rc > 0 ? "refined" : "", "sim", "Δ%",
		 rc > 0 ? " " : "", rc > 0 ? "Δref%" : "");
	draw_text(c, 1, y++, c->width - 2, asc(a, line, tmp, sizeof tmp), STY_DIM);
	for (size_t k = 0; k < n && y < ymax; k++) {
		double mv = table_get(st, (size_t)r, (size_t)cl[k].model);
		double sv = table_get(st, (size_t)r, (size_t)cl[k].sim);
		int rk = rc > 0 ? cl[k].refined : -1;
		double rvv = rk > 0 ? table_get(st, (size_t)r, (size_t)rk) : NAN;
		pct(vsim_delta(mv, sv), d, sizeof d);
		pct(vsim_delta(rvv, sv), dr, sizeof dr);
		draw_text(c, 1, y, lw, table_symbol(st, (size_t)cl[k].model), STY_LABEL);
		if (rc > 0)
			snprintf(line, sizeof line, "%7s %7s %7s %7s %7s", draw_num(mv, 4, m, sizeof m),
				 rk > 0 ? draw_num(rvv, 4, rv, sizeof rv) : "", draw_num(sv, 4, s,
				 sizeof s), d, dr);
		else
			snprintf(line, sizeof line, "%7s %7s %7s", draw_num(mv, 4, m, sizeof m),
				 draw_num(sv, 4, s, sizeof s), d);
		if (2 + lw < c->width)
			draw_text(c, 2 + lw, y, c->width - 3 - lw, line, STY_NORMAL);
		y++;
	}
	return y;
}

void simtable_draw(struct simtable_state *v, const struct app *a, const struct table *st,
		   struct canvas *c, int number, bool focused)
{
	/* "printed" and "refined" beside each other, as the plot's hint
	 * names the two models */
	const char *head[K_N] = { "model", "refined", "sim", "95%", "Δ%", "Δref%", "flags" };
	char title[160], right[48], sym[48], tmp[192];
	size_t n = st ? st->nrows : 0;
	long cur = st && n ? table_nearest_row(st, 0, a->view.at) : -1;

	snprintf(title, sizeof title, "model vs sim, all %zu points", n);
	right[0] = '\0';
	if (c->height < 2) {
		draw_header(c, number, title, right, focused);
		return;
	}
	if (!simtable_available(st)) {
		draw_header(c, number, "model vs sim, all points", right, focused);
		draw_text(c, 1, 1, c->width - 2, st ? "the simulation has no model beside it" :
			  "no simulated points: r simulates the configuration (v next view)",
			  STY_DIM);
		return;
	}
	int rc = refined_col(a, st);
	if (rc > 0)
		head[K_MODEL] = "printed";
	double top = plot_pane_points_top(&a->pane[P_PLOT]);
	char (*cell)[K_N][CELL] = calloc(n, sizeof *cell);
	char (*kx)[2][CELL] = calloc(n, sizeof *kx);
	if (!cell || !kx) {
		free(cell);
		free(kx);
		return;
	}
	int w[K_N], wk = 1, wx = draw_width(app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym));
	for (int k = 0; k < K_N; k++)
		w[k] = draw_width(asc(a, head[k], tmp, sizeof tmp));
	for (size_t r = 0; r < n; r++) {
		snprintf(kx[r][0], CELL, "%zu", r + 1);
		draw_num(table_get(st, r, 0), 4, kx[r][1], CELL);
		cells(st, r, rc, top, cell[r]);
		wk = draw_width(kx[r][0]) > wk ? draw_width(kx[r][0]) : wk;
		wx = draw_width(kx[r][1]) > wx ? draw_width(kx[r][1]) : wx;
		for (int k = 0; k < K_N; k++) {
			int cw = draw_width(asc(a, cell[r][k], tmp, sizeof tmp));
			w[k] = cw > w[k] ? cw : w[k];
		}
	}
	/* the scrolled columns present (the refined ones with the refined model) */
	int col[K_N], nc = 0;
	for (int k = 0; k < K_N; k++)
		if (rc > 0 || (k != K_REF && k != K_DR))
			col[nc++] = k;
	v->ncols = nc;
	if (v->left > nc - 1)
		v->left = nc - 1;
	if (v->left < 0)
		v->left = 0;
	/* which columns fit from v->left on */
	int x0 = 1 + wk + 1 + wx, shown = 0, x = x0;
	for (int i = v->left; i < nc; i++) {
		if (x + 1 + w[col[i]] > c->width - 1)
			break;
		x += 1 + w[col[i]];
		shown++;
	}
	if (shown == 0 && v->left < nc)
		shown = 1;
	v->shown = shown;
	/* rows: the head, the points, then the classes and the legend when
	 * there is room for them beside at least three points */
	struct vsim_class cl[MAX_CLASSES];
	size_t ncl = vsim_classes(st, cl, MAX_CLASSES);
	int body = c->height - 2, extra = (ncl ? (int)ncl + 2 : 0) + 1;
	int prow = body - extra >= 3 || body - extra >= (int)n ? body - extra : body;
	if (prow > (int)n)
		prow = (int)n;
	if (prow < 1)
		prow = 1;
	if (cur >= 0 && cur != v->cur) {       /* the cursor moved: keep it in sight */
		if (cur < v->top)
			v->top = cur;
		if (cur >= v->top + prow)
			v->top = cur - prow + 1;
	}
	v->cur = cur;
	if (v->top > (long)n - prow)
		v->top = (long)n - prow;
	if (v->top < 0)
		v->top = 0;
	if ((long)n > prow || v->left > 0 || v->left + shown < nc) {
		int len = 0;
		if ((long)n > prow)
			len = snprintf(right, sizeof right, "%ld-%ld/%zu", v->top + 1, v->top + prow, n);
		if (v->left > 0 || v->left + shown < nc)
			snprintf(right + len, sizeof right - (size_t)len, "%s%s%s", len ? " " : "",
				 v->left > 0 ? "<" : "", v->left + shown < nc ? ">" : "");
	}
	draw_header(c, number, title, right, focused);
	/* the head */
	char line[256];
	draw_text_right(c, 1, 1, wk, "#", STY_DIM);
	draw_text_right(c, 2 + wk, 1, wx, sym, STY_DIM);
	x = x0;
	for (int i = v->left; i < v->left + shown; i++) {
		draw_text_right(c, x + 1, 1, w[col[i]], asc(a, head[col[i]], tmp, sizeof tmp),
				STY_DIM);
		x += 1 + w[col[i]];
	}
	for (int y = 0; y < prow; y++) {
		long r = v->top + y;
		if (r >= (long)n)
			break;
		bool sel = r == cur;
		int sty = sel ? (focused ? UI_SELECT : UI_SELECT_DIM) : STY_NORMAL;
		if (sel) {              /* seen without colour too: '>' */
			draw_fill(c, 0, 2 + y, sty);
			draw_text(c, 0, 2 + y, 1, ">", sty);
		}
		draw_text_right(c, 1, 2 + y, wk, kx[r][0], sel ? sty : STY_DIM);
		draw_text_right(c, 2 + wk, 2 + y, wx, kx[r][1], sty);
		x = x0;
		for (int i = v->left; i < v->left + shown; i++) {
			int k = col[i];
			bool fl = k == K_FL && cell[r][k][0];
			draw_text_right(c, x + 1, 2 + y, w[k], asc(a, cell[r][k], tmp, sizeof tmp),
					sel ? sty : fl ? UI_ERROR : k == K_SIM ? STY_BOLD : STY_NORMAL);
			x += 1 + w[k];
		}
	}
	int y = 2 + prow;
	if (prow < body && ncl)
		y = draw_classes(a, st, cur, rc, c, y, c->height - 1);
	if (y < c->height) {
		snprintf(line, sizeof line, "S saturated U unsettled F failed T off-scale");
		draw_text(c, 1, c->height - 1 > y ? c->height - 1 : y, c->width - 2, line, STY_DIM);
	}
	free(cell);
	free(kx);
}

void simtable_hint(const struct app *a, char *buf, size_t n)
{
	char tmp[512];
	snprintf(buf, n, "%s", asc(a, "model vs sim, every simulated point: Δ% = (model - sim) / "
		 "sim; ± the 95% interval's half-width; flags S saturated, U did not settle (no "
		 "interval), F failed, T above the plot's top; the plot cursor's point marked >, "
		 "under it (multi-cluster) its classes T_in, T_out, T^(i) simulated alike "
		 "(Up/Down scroll, Left/Right columns, v next view, b command line)", tmp, sizeof tmp));
}
