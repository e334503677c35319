/*
 * pane_heat.c: the heatmap pane: one of the family's matrix outputs
 * (multicluster: the node-to-node hop distances in a cluster of the selected
 * group, and the group-to-group latency at the cursor's load) drawn by
 * render/heatmap.h with a legend, and a cell cursor whose value is shown.
 * [ and ] pick the item (the cluster group: an element of the family's
 * first list); v the next matrix.  The numbers are those of
 * `icnx --batch -o OUTPUT --select I --at X`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heatmap.h"
#include "ui/app.h"
#include "ui/draw.h"
#include "ui/style.h"

struct heat_pane {
	int row, col;          /* the cell cursor */
	double *values;        /* scratch: the matrix as a row-major array */
	const char **labels;
	size_t cap;
};

static int default_view(const struct app *a)
{
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	for (size_t i = 0; i < n; i++)
		if (o[i].kind == OUT_MATRIX)
			return (int)i;
	return -1;
}

static int heat_init(struct pane *p)
{
	struct heat_pane *hp = calloc(1, sizeof *hp);
	if (!hp)
		return -1;
	p->data = hp;
	p->app->view.matrix_out = default_view(p->app);
	return 0;
}

static void heat_free(struct pane *p)
{
	struct heat_pane *hp = p->data;
	if (!hp)
		return;
	free(hp->values);
	free(hp->labels);
	free(hp);
	p->data = NULL;
}

/* How many items [ and ] step through: the size of the first top-level
 * list of the family (multicluster: the cluster groups). */
static size_t item_count(const struct app *a)
{
	for (const struct param *p = a->cfg.family->params; p->type != PT_END; p++)
		if (p->type == PT_LIST)
			return param_list_count(p, config_cbody(&a->cfg));
	return 0;
}

static void heat_update(struct pane *p, unsigned what)
{
	struct app *a = p->app;
	if (what & U_FILE) {
		a->view.matrix_out = default_view(a);
		a->view.select = -1;
		a->view_gen++;
	}
	if (what & U_CONFIG) {
		size_t n = item_count(a);
		if (a->view.select >= 0 && (size_t)a->view.select >= n) {
			a->view.select = n ? (int)n - 1 : -1;
			a->view_gen++;
		}
	}
}

static bool matrix_ok(const struct table *t)
{
	return t->ncols >= 2 && t->nrows >= 1 && t->cols[0].kind == COL_TEXT;
}

static void heat_draw(struct pane *p, struct canvas *c)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.matrix;
	size_t nout;
	const struct output_desc *o = app_outputs(a, &nout);
	int v = a->view.matrix_out;
	char right[64], title[192];

	bool stale = a->res.matrix_gen != a->gen || a->res.matrix_view.matrix_out != v ||
		     a->res.matrix_view.select != a->view.select;
	snprintf(right, sizeof right, "%s%s", v >= 0 ? o[v].name : "", stale ? " (updating)" : "");
	draw_header(c, P_HEAT + 1, "heatmap", right, p->focused);
	if (c->height < 2)
		return;
	if (v < 0) {
		draw_text(c, 1, 1, c->width - 2, "this model has no matrix outputs", STY_DIM);
		return;
	}
	if (!matrix_ok(t)) {
		/* An output that failed leaves its message as the title. */
		draw_text(c, 1, 1, c->width - 2, t->ncols == 0 && t->title[0] ? t->title
			  : "computing...", t->title[0] ? UI_ERROR : STY_DIM);
		return;
	}
	int rows = (int)t->nrows, cols = (int)t->ncols - 1;
	size_t need = (size_t)rows * (size_t)cols;
	if (need > hp->cap) {
		double *nv = realloc(hp->values, need * sizeof *nv);
		if (!nv)
			return;
		hp->values = nv;
		hp->cap = need;
	}
	const char **nl = realloc(hp->labels, (size_t)rows * sizeof *nl);
	if (!nl)
		return;
	hp->labels = nl;
	for (int r = 0; r < rows; r++) {
		const char *s = table_get_text(t, (size_t)r, 0);
		hp->labels[r] = s ? s : "";
		for (int k = 0; k < cols; k++)
			hp->values[(size_t)r * (size_t)cols + (size_t)k] = table_get(t, (size_t)r,
										   (size_t)k + 1);
	}
	if (hp->row >= rows)
		hp->row = rows - 1;
	if (hp->col >= cols)
		hp->col = cols - 1;
	struct heatmap_spec hs;
	heatmap_spec_init(&hs);
	app_symbol(a, t->title, title, sizeof title);
	hs.title = title;
	hs.values = hp->values;
	hs.rows = rows;
	hs.cols = cols;
	hs.row_labels = hp->labels;
	hs.unit = t->cols[1].unit[0] ? t->cols[1].unit : NULL;
	hs.cursor_row = p->focused ? hp->row : -1;
	hs.cursor_col = p->focused ? hp->col : -1;
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	heatmap_render(c, (struct canvas_rect){ 0, 1, c->width, c->height - 1 }, &hs, NULL);
}

static unsigned heat_key(struct pane *p, enum action act, int arg)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.matrix;
	int rows = matrix_ok(t) ? (int)t->nrows : 1, cols = matrix_ok(t) ? (int)t->ncols - 1 : 1;
	int page = rows / 8 > 1 ? rows / 8 : 1;

	(void)arg;
	switch (act) {
	case ACT_UP: hp->row--; break;
	case ACT_DOWN: hp->row++; break;
	case ACT_LEFT: hp->col--; break;
	case ACT_RIGHT: hp->col++; break;
	case ACT_PGUP: hp->row -= page; break;
	case ACT_PGDN: hp->row += page; break;
	case ACT_HOME: hp->row = hp->col = 0; break;
	case ACT_END: hp->row = rows - 1; hp->col = cols - 1; break;
	case ACT_VIEW: {
		size_t n;
		const struct output_desc *o = app_outputs(a, &n);
		int v = a->view.matrix_out;
		for (size_t k = 0; k < n; k++) {
			v = (v + 1) % (int)n;
			if (o[v].kind == OUT_MATRIX)
				break;
		}
		if (v < 0 || o[v].kind != OUT_MATRIX)
			return K_HANDLED;
		a->view.matrix_out = v;
		a->view_gen++;
		hp->row = hp->col = 0;
		app_msg(a, false, "heatmap: %s (%s)", o[v].name, o[v].help);
		return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
	}
	case ACT_ITEM_NEXT:
	case ACT_ITEM_PREV: {
		int n = (int)item_count(a);
		int s = a->view.select < 0 ? 0 : a->view.select;
		s += act == ACT_ITEM_NEXT ? 1 : -1;
		if (s < 0 || s >= n) {
			app_msg(a, false, "item %d: there are items 0 to %d", s, n - 1);
			return K_HANDLED | K_STATUS;
		}
		a->view.select = s;
		a->view_gen++;
		hp->row = hp->col = 0;
		app_msg(a, false, "item %d selected", s);
		return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
	}
	default:
		return 0;
	}
	if (hp->row < 0)
		hp->row = 0;
	if (hp->row >= rows)
		hp->row = rows - 1;
	if (hp->col < 0)
		hp->col = 0;
	if (hp->col >= cols)
		hp->col = cols - 1;
	return K_HANDLED | K_REDRAW | K_STATUS;
}

static void heat_hint(struct pane *p, char *buf, size_t n)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.matrix;
	char num[32];

	if (!matrix_ok(t) || hp->row >= (int)t->nrows || hp->col + 1 >= (int)t->ncols) {
		snprintf(buf, n, "v next matrix, [ ] item, arrows move the cell cursor");
		return;
	}
	const char *rl = table_get_text(t, (size_t)hp->row, 0);
	snprintf(buf, n, "%s %s -> %s: %s %s  (v next matrix, [ ] item %d, arrows move)",
		 t->cols[0].label, rl ? rl : "", t->cols[hp->col + 1].name,
		 draw_num(table_get(t, (size_t)hp->row, (size_t)hp->col + 1), 6, num, sizeof num),
		 t->cols[hp->col + 1].unit, a->view.select < 0 ? 0 : a->view.select);
}

static bool heat_cmdline(struct pane *p, struct strbuf *b)
{
	struct app *a = p->app;
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	int v = a->view.matrix_out;
	char x[40];
	if (v < 0)
		return false;
	strbuf_printf(b, "-o %s --select %d", o[v].name, a->view.select < 0 ? 0 : a->view.select);
	if (!isnan(a->view.at))
		strbuf_printf(b, " --at %s", draw_exact(a->view.at, x, sizeof x));
	return true;
}

const struct pane_ops pane_heat_ops = {
	.name = "heatmap",
	.title = "heatmap",
	.ctx = CTX_VIEW,
	.init = heat_init,
	.free = heat_free,
	.draw = heat_draw,
	.key = heat_key,
	.update = heat_update,
	.hint = heat_hint,
	.cmdline = heat_cmdline,
};
