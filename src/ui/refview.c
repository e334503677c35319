/* refview.c: the breakdown's printed vs refined view (see refview.h). */
#include "ui/refview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/style.h"

/* The current curve (SLOT_CURVE of this configuration) or NULL. */
static const struct table *curve(const struct app *a)
{
	const struct table *t = &a->res.slot[SLOT_CURVE].table;
	if (a->res.slot[SLOT_CURVE].gen != a->gen || t->ncols < 2 || t->cols[0].kind != COL_NUM)
		return NULL;
	return t;
}

bool refview_available(const struct app *a)
{
	const struct table *t = curve(a);
	for (size_t c = 1; t && c < t->ncols; c++)
		if (t->cols[c].refines > 0)
			return true;
	return false;
}

/* The curve's row at the cursor (the view's x), or -1. */
static long cursor_row(const struct app *a, const struct table *t)
{
	return t && t->nrows ? table_nearest_row(t, 0, a->view.at) : -1;
}

/* "+12.3%", "unchanged", "saturated" or "" for printed p, refined r. */
static void change(double p, double r, char *buf, size_t n)
{
	if (p == r)
		snprintf(buf, n, "unchanged");
	else if (isinf(p) || isinf(r))
		snprintf(buf, n, "saturated");
	else if (isfinite(p) && isfinite(r) && p != 0)
		snprintf(buf, n, fabs(r - p) >= fabs(p) ? "%+.0f%%" : "%+.1f%%",
			 100 * (r - p) / p);
	else
		buf[0] = '\0';
}

/* One row: label, printed, refined, change; at row y. */
static void row(struct canvas *c, int y, int lw, const char *label, double p, double r)
{
	char ps[32], rs[32], ch[24], line[128];
	change(p, r, ch, sizeof ch);
	draw_text(c, 1, y, lw, label, STY_LABEL);
	snprintf(line, sizeof line, "%9s  %9s  %s", draw_num(p, 4, ps, sizeof ps),
		 draw_num(r, 4, rs, sizeof rs), ch);
	if (2 + lw < c->width)
		draw_text(c, 2 + lw, y, c->width - 3 - lw, line,
			  p == r ? STY_DIM : STY_NORMAL);
}

void refview_draw(const struct app *a, struct canvas *c, int number, bool focused)
{
	const struct table *t = curve(a);
	long r = cursor_row(a, t);
	char title[160], sym[48], xs[32], lab[64];

	if (r >= 0)
		snprintf(title, sizeof title, "printed vs refined at %s = %s",
			 app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
			 draw_num(table_get(t, (size_t)r, 0), 6, xs, sizeof xs));
	else
		snprintf(title, sizeof title, "printed vs refined");
	draw_header(c, number, title, "", focused);
	if (c->height < 2)
		return;
	if (r < 0 || !refview_available(a)) {
		draw_text(c, 1, 1, c->width - 2, "no refined model in this curve "
			  "(options.model = refined adds it; v next view)", STY_DIM);
		return;
	}
	/* the label column: the printed columns' symbols and the saturation's */
	int lw = draw_width(app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym)) + 1;
	for (size_t k = 1; k < t->ncols; k++)
		if (t->cols[k].refines > 0) {
			int w = draw_width(app_symbol(a, table_symbol(t, (size_t)t->cols[k].refines),
						      lab, sizeof lab));
			lw = w > lw ? w : lw;
		}
	int y = 1;
	if (c->height > 3) {
		char head[96];
		snprintf(head, sizeof head, "%9s  %9s  %s", "printed", "refined", "change");
		draw_text(c, 2 + lw, y++, c->width - 3 - lw, head, STY_DIM);
	}
	for (size_t k = 1; k < t->ncols && y < c->height; k++) {
		int p = t->cols[k].refines;
		if (p <= 0)
			continue;
		app_symbol(a, table_symbol(t, (size_t)p), lab, sizeof lab);
		row(c, y++, lw, lab, table_get(t, (size_t)r, (size_t)p),
		    table_get(t, (size_t)r, k));
	}
	double sat = app_saturation(a), rsat = app_refined_saturation(a);
	if (y < c->height && (isfinite(sat) || isfinite(rsat))) {
		snprintf(lab, sizeof lab, "%s*", sym);
		row(c, y++, lw, lab, sat, rsat);
	}
	/* what the refined model is: its first column's label */
	for (size_t k = 1; k < t->ncols && y < c->height; k++)
		if (t->cols[k].refines > 0) {
			char line[160];
			snprintf(line, sizeof line, "%s: %s", t->cols[k].name, t->cols[k].label);
			draw_text(c, 1, y, c->width - 2, app_symbol(a, line, title, sizeof title),
				  STY_DIM);
			break;
		}
}

void refview_hint(const struct app *a, char *buf, size_t n)
{
	snprintf(buf, n, "printed vs refined: each term the refined model (icnx) changes at the "
		 "cursor's load, change = (refined - printed) / printed; the last row the "
		 "saturation loads  (v next view, b command line, Left/Right in the plot move)");
}

bool refview_cmdline(const struct app *a, struct strbuf *b)
{
	const struct table *t = curve(a);
	long r = cursor_row(a, t);
	const char *name = app_curve_output(a);
	char xs[40];

	if (r < 0 || !name)
		return false;
	strbuf_printf(b, "# the printed and refined columns at the cursor's load\n");
	strbuf_printf(b, "-o %s --load %s\n", name,
		      draw_exact(table_get(t, (size_t)r, 0), xs, sizeof xs));
	for (const struct output_desc *o = a->cfg.family->outputs; o->name; o++)
		if (o->kind == OUT_SUMMARY) {
			strbuf_printf(b, "# the saturation loads, printed and refined\n");
			strbuf_printf(b, "-o %s", o->name);
			break;
		}
	return true;
}
