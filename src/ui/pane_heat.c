/*
 * pane_heat.c: the heatmap pane: one of the family's matrix outputs
 * (multicluster: the node-to-node hop distances in a cluster of the selected
 * group, and the group-to-group latency at the cursor's load) drawn by
 * render/heatmap.h with a legend and a cell cursor whose value is shown;
 * v also reaches the family's bar charts (OUT_BARS).
 *
 * Descriptor-driven extras:
 *   - fallback: when the output refuses (a table too large to show) and
 *     its output_desc.fallback names another output, the worker computes
 *     that one instead (S_n distances -> the distance distribution); the
 *     refusal is the pane's first line and the hint.
 *   - cell detail: when the output has output_desc.cell_detail, the cell
 *     under the cursor is described by that output, run on the worker with
 *     select = the row's label and select2 = the column's name (irregular:
 *     the pair's shortest legal routes), in lines under the map.
 *   - zoom: + and - change the elements per shown cell (render/heatmap.h's
 *     zoom); the window follows the cursor, so 64-1024 switch tables can be
 *     read part by part; the shading keeps the whole table's range.
 *   - comparison: p pins the matrix on show with the curve (the latest
 *     pin); c then cycles this and the pin on one shared scale (both
 *     matrices' values binned together, render/heatmap.h's shared), the
 *     pin on that scale, the difference this - pin (signed shades), and
 *     this on its own scale.  Only a pin of the same output, item and size
 *     is compared; otherwise the hint says why.
 * [ and ] pick the item (--select); the numbers are those of
 * `icnx --batch -o OUTPUT --select I --at X`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heatmap.h"
#include "ui/app.h"
#include "ui/cmdline.h"
#include "ui/draw.h"
#include "ui/style.h"
#include "ui/viewdraw.h"

/* What the map shows once a table is pinned (c cycles them). */
enum heat_cmp { CMP_SHARED, CMP_PIN, CMP_DIFF, CMP_OWN, CMP_N };

struct heat_pane {
	struct table pin;      /* the pinned matrix (a copy); ncols 0 = none */
	int pin_out, pin_select; /* its output (index) and item */
	const struct family *pin_family;
	enum heat_cmp cmp;
	double *other, *diff;  /* scratch: the pin's values, this - pin */
	size_t ocap;
	int row, col;          /* the cell cursor (elements) */
	int zk, zcw;           /* zoom: elements per shown cell (0 = fit), columns */
	int row0, col0;        /* zoom: the window's first element */
	int fit_k, fit_cw;     /* what the fitted map used last */
	int page_rows;         /* rows of elements a page moves */
	long top;              /* text views: first line */
	int left;
	double *values;        /* scratch: the matrix as a row-major array */
	const char **labels, **clabels;
	size_t cap, lcap, ccap;
};

static bool is_view(const struct output_desc *o)
{
	return o->kind == OUT_MATRIX || o->kind == OUT_BARS;
}

static int default_view(const struct app *a)
{
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	for (size_t i = 0; i < n; i++)
		if (o[i].kind == OUT_MATRIX)
			return (int)i;
	for (size_t i = 0; i < n; i++)
		if (o[i].kind == OUT_BARS)
			return (int)i;
	return -1;
}

static int heat_init(struct pane *p)
{
	struct heat_pane *hp = calloc(1, sizeof *hp);
	if (!hp)
		return -1;
	hp->fit_k = hp->fit_cw = 1;
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
	free(hp->other);
	free(hp->diff);
	table_free(&hp->pin);
	free(hp->labels);
	free(hp->clabels);
	free(hp);
	p->data = NULL;
}

static bool matrix_ok(const struct table *t)
{
	return t->ncols >= 2 && t->nrows >= 1 && t->cols[0].kind == COL_TEXT;
}

/* The output on show (the view's, or its fallback) and its descriptor. */
static const struct output_desc *shown(const struct app *a)
{
	size_t n;
	const struct output_desc *o = app_outputs(a, &n);
	int s = app_shown_output(a, a->view.matrix_out, a->res.slot[SLOT_MATRIX].refusal);
	return s >= 0 ? &o[s] : NULL;
}

static bool current(const struct app *a)
{
	return a->res.slot[SLOT_MATRIX].gen == a->gen && view_same(&a->res.slot[SLOT_MATRIX].view, &a->view, RES_MATRIX);
}

static bool is_matrix(const struct app *a)
{
	const struct output_desc *o = shown(a);
	return o && o->kind == OUT_MATRIX && matrix_ok(&a->res.slot[SLOT_MATRIX].table);
}

/* The output index on show (-1 none). */
static int shown_index(const struct app *a)
{
	return app_shown_output(a, a->view.matrix_out, a->res.slot[SLOT_MATRIX].refusal);
}

/* Can the pinned matrix be compared with the one on show?  false with the
 * reason in why (empty when there is no pin at all). */
static bool comparable(const struct heat_pane *hp, const struct app *a, char *why, size_t n)
{
	const struct table *t = &a->res.slot[SLOT_MATRIX].table;

	why[0] = '\0';
	if (hp->pin.ncols == 0)
		return false;
	if (hp->pin_family != a->cfg.family || hp->pin_out != shown_index(a))
		snprintf(why, n, "the pinned table is another view: v to %s",
			 hp->pin_out >= 0 ? app_outputs(a, NULL)[hp->pin_out].name : "it");
	else if (!is_matrix(a) || !current(a))
		snprintf(why, n, "the pin is compared once this table is computed");
	else if ((hp->pin_select < 0 ? 0 : hp->pin_select) !=
		 (a->view.select < 0 ? 0 : a->view.select))   /* -1: the default, item 0 */
		snprintf(why, n, "the pinned table is item %d: [ ] to it",
			 hp->pin_select < 0 ? 0 : hp->pin_select);
	else if (hp->pin.nrows != t->nrows || hp->pin.ncols != t->ncols)
		snprintf(why, n, "the pinned table is %zux%zu, this one %zux%zu: not compared",
			 hp->pin.nrows, hp->pin.ncols - 1, t->nrows, t->ncols - 1);
	else
		return true;
	return false;
}

/* The comparison in force: CMP_OWN when there is none. */
static enum heat_cmp cmp_mode(const struct heat_pane *hp, const struct app *a)
{
	char why[160];
	return comparable(hp, a, why, sizeof why) ? hp->cmp : CMP_OWN;
}

static const char *cmp_name(enum heat_cmp m)
{
	switch (m) {
	case CMP_SHARED: return "shared scale with the pin";
	case CMP_PIN: return "the pin, shared scale";
	case CMP_DIFF: return "this - pin";
	default: return "own scale";
	}
}

/* A label read as an integer (the cell detail's select); -1 if it is not. */
static int label_int(const char *s)
{
	char *end;
	if (!s || !*s)
		return -1;
	long v = strtol(s, &end, 10);
	return *end == '\0' && v >= 0 && v < 1000000000 ? (int)v : -1;
}

/* Ask the worker for the cursor cell's detail (output_desc.cell_detail). */
static void post_cell(struct pane *p)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_MATRIX].table;
	const struct output_desc *o = shown(a);
	int out = -1, s1 = -1, s2 = -1;

	if (o && o->cell_detail && is_matrix(a) && hp->row < (int)t->nrows &&
	    hp->col + 1 < (int)t->ncols) {
		size_t n;
		const struct output_desc *outs = app_outputs(a, &n);
		const struct output_desc *d = family_output(a->cfg.family, o->cell_detail);
		s1 = label_int(table_get_text(t, (size_t)hp->row, 0));
		s2 = label_int(t->cols[hp->col + 1].name);
		if (d && s1 >= 0 && s2 >= 0)
			out = (int)(d - outs);
	}
	if (out < 0)
		s1 = s2 = -1;
	if (out != a->view.cell_out || s1 != a->view.cell_select || s2 != a->view.cell_select2) {
		a->view.cell_out = out;
		a->view.cell_select = s1;
		a->view.cell_select2 = s2;
		a->view_gen++;
	}
}

static void clamp_cursor(struct heat_pane *hp, const struct table *t)
{
	int rows = matrix_ok(t) ? (int)t->nrows : 1, cols = matrix_ok(t) ? (int)t->ncols - 1 : 1;
	if (hp->row >= rows)
		hp->row = rows - 1;
	if (hp->col >= cols)
		hp->col = cols - 1;
	if (hp->row < 0)
		hp->row = 0;
	if (hp->col < 0)
		hp->col = 0;
}

static void heat_update(struct pane *p, unsigned what)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	if ((what & U_FILE) && hp->pin.ncols && hp->pin_family != a->cfg.family) {
		table_free(&hp->pin);      /* another family's table: not comparable */
		table_init(&hp->pin, "");
	}
	if (what & U_FILE) {
		a->view.matrix_out = default_view(a);
		a->view.select = -1;
		a->view_gen++;
		hp->row = hp->col = hp->zk = 0;
	}
	if ((what & U_MATRIX) && current(a)) {
		app_view_answer(a, P_HEAT, a->res.slot[SLOT_MATRIX].table.ncols > 0, a->res.slot[SLOT_MATRIX].table.title);
		clamp_cursor(hp, &a->res.slot[SLOT_MATRIX].table);
	}
	if (what & (U_MATRIX | U_FILE))
		post_cell(p);
}

/* Flow one token at (*x, *y) in r, starting a new row when it does not fit
 * (gap: columns before it on the same row).  Returns false when r is full. */
static bool flow(struct canvas *c, struct canvas_rect r, int *x, int *y, int gap,
		 const char *tok, int sty)
{
	int w = draw_width(tok);
	if (*x > r.x && *x + gap + w > r.x + r.w) {
		*x = r.x;
		(*y)++;
	} else if (*x > r.x) {
		*x += gap;
	}
	if (*y >= r.y + r.h)
		return false;
	draw_text(c, *x, *y, r.x + r.w - *x, tok, sty);
	*x += w;
	return true;
}

/* The cell detail: its table's title, then its text columns (the routes,
 * wrapped word by word), then "name value" pairs, flowed over r. */
static void draw_cell(struct pane *p, struct canvas *c, struct canvas_rect r)
{
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_CELL].table;
	bool fresh = a->res.slot[SLOT_CELL].gen == a->gen && view_same(&a->res.slot[SLOT_CELL].view, &a->view, RES_CELL);
	char one[256], num[32], title[160];
	int x = r.x, y = r.y;

	canvas_fill(c, r, " ", STY_NORMAL);
	if (r.h < 1)
		return;
	if (!fresh && t->ncols == 0) {
		draw_text(c, r.x, y, r.w, "(the cell's detail is being computed...)", STY_DIM);
		return;
	}
	if (t->ncols == 0) {
		draw_text(c, r.x, y, r.w, t->title[0] ? t->title : "(no detail)", UI_ERROR);
		return;
	}
	int sty = fresh ? STY_NORMAL : STY_DIM;
	/* The cell and its value, then what the detail is. */
	struct heat_pane *hp = p->data;
	const struct table *m = &a->res.slot[SLOT_MATRIX].table;
	if (matrix_ok(m) && hp->row < (int)m->nrows && hp->col + 1 < (int)m->ncols) {
		const char *rl = table_get_text(m, (size_t)hp->row, 0);
		snprintf(one, sizeof one, "%s,%s = %s", rl ? rl : "", m->cols[hp->col + 1].name,
			 draw_num(table_get(m, (size_t)hp->row, (size_t)hp->col + 1), 6, num,
				  sizeof num));
		x += draw_text(c, x, y, r.w, one, STY_CURSOR) + 2;
	}
	app_symbol(a, t->title, title, sizeof title);
	if (x < r.x + r.w)
		draw_text(c, x, y, r.x + r.w - x, title, fresh ? STY_TITLE : STY_DIM);
	x = r.x;
	y++;
	if (t->nrows == 0)
		return;
	/* Text columns first: they say the most (the routes). */
	for (int pass = 0; pass < 2; pass++) {
		int lead = 0;
		for (size_t k = 0; k < t->ncols; k++) {
			const struct column *col = &t->cols[k];
			if ((col->kind == COL_TEXT) != (pass == 0))
				continue;
			if (col->kind == COL_TEXT) {
				const char *s = table_get_text(t, 0, k);
				snprintf(one, sizeof one, "%s:", col->name);
				if (!flow(c, r, &x, &y, 2, one, sty))
					return;
				char words[512];
				snprintf(words, sizeof words, "%s", s ? s : "");
				char *save = NULL;
				for (char *w = strtok_r(words, " ", &save); w;
				     w = strtok_r(NULL, " ", &save))
					if (!flow(c, r, &x, &y, 1, w, fresh ? STY_BOLD : STY_DIM))
						return;
				continue;
			}
			double v = table_get(t, 0, k);
			/* The leading columns that repeat the cell (from, to). */
			if (lead < 2 && k == (size_t)lead &&
			    (int)v == (lead ? a->res.slot[SLOT_CELL].view.cell_select2
				       : a->res.slot[SLOT_CELL].view.cell_select)) {
				lead++;
				continue;
			}
			snprintf(one, sizeof one, "%s %s", col->name, draw_num(v, 4, num, sizeof num));
			if (!flow(c, r, &x, &y, 2, one, sty))
				return;
		}
		if (x > r.x) {
			x = r.x;
			y++;
		}
	}
	if (t->nrows > 1 && y < r.y + r.h)
		draw_text(c, r.x, y, r.w, "(more rows: b shows the command)", STY_DIM);
}

static bool row_blank(const struct canvas *c, int y)
{
	for (int x = 0; x < c->width; x++) {
		const struct canvas_cell *cell = canvas_at(c, x, y);
		if (cell && strcmp(cell->glyph, " ") != 0)
			return false;
	}
	return true;
}

/* The matrix, zoomed or fitted, with the cursor (when focused). */
static void draw_matrix(struct pane *p, struct canvas *c, struct canvas_rect r)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_MATRIX].table;
	char title[192];
	int rows = (int)t->nrows, cols = (int)t->ncols - 1;
	size_t need = (size_t)rows * (size_t)cols;

	if (need > hp->cap) {
		double *nv = realloc(hp->values, need * sizeof *nv);
		if (!nv)
			return;
		hp->values = nv;
		hp->cap = need;
	}
	if ((size_t)rows > hp->lcap) {
		const char **nl = realloc(hp->labels, (size_t)rows * sizeof *nl);
		if (!nl)
			return;
		hp->labels = nl;
		hp->lcap = (size_t)rows;
	}
	if ((size_t)cols > hp->ccap) {
		const char **nl = realloc(hp->clabels, (size_t)cols * sizeof *nl);
		if (!nl)
			return;
		hp->clabels = nl;
		hp->ccap = (size_t)cols;
	}
	for (int i = 0; i < rows; i++) {
		const char *s = table_get_text(t, (size_t)i, 0);
		hp->labels[i] = s ? s : "";
		for (int k = 0; k < cols; k++) {
			double v = table_get(t, (size_t)i, (size_t)k + 1);
			hp->values[(size_t)i * (size_t)cols + (size_t)k] = v;
		}
	}
	for (int k = 0; k < cols; k++)
		hp->clabels[k] = t->cols[k + 1].name;
	enum heat_cmp mode = cmp_mode(hp, a);
	if (mode != CMP_OWN && need > hp->ocap) {
		double *no = realloc(hp->other, need * sizeof *no);
		if (no)
			hp->other = no;
		double *nd = no ? realloc(hp->diff, need * sizeof *nd) : NULL;
		if (nd)
			hp->diff = nd;
		if (!no || !nd)
			mode = CMP_OWN;
		else
			hp->ocap = need;
	}
	if (mode != CMP_OWN)
		for (int i = 0; i < rows; i++)
			for (int k = 0; k < cols; k++) {
				size_t e = (size_t)i * (size_t)cols + (size_t)k;
				hp->other[e] = table_get(&hp->pin, (size_t)i, (size_t)k + 1);
				hp->diff[e] = hp->values[e] - hp->other[e];
			}
	clamp_cursor(hp, t);
	struct heatmap_spec hs;
	struct heatmap_info info;
	heatmap_spec_init(&hs);
	app_symbol(a, t->title, title, sizeof title);
	hs.title = title;
	hs.values = hp->values;
	hs.rows = rows;
	hs.cols = cols;
	hs.row_labels = hp->labels;
	hs.col_labels = hp->clabels;
	hs.unit = t->cols[1].unit[0] ? t->cols[1].unit : NULL;
	if (mode == CMP_SHARED || mode == CMP_PIN) {
		hs.values = mode == CMP_PIN ? hp->other : hp->values;
		hs.shared = mode == CMP_PIN ? hp->values : hp->other;
		hs.legend_note = mode == CMP_PIN ? "pin; scale shared" : "scale shared w/ pin";
		if (mode == CMP_PIN) {
			char pt[192];
			app_symbol(a, hp->pin.title, pt, sizeof pt);
			snprintf(title, sizeof title, "pin: %s", pt);
		}
	} else if (mode == CMP_DIFF) {
		hs.values = hp->diff;
		hs.diverging = true;
		hs.legend_note = "this - pin";
		snprintf(title + strlen(title), sizeof title - strlen(title), ", this - pin");
	}
	hs.cursor_row = p->focused ? hp->row : -1;
	hs.cursor_col = p->focused ? hp->col : -1;
	if (hp->zk >= 1) {
		hs.scale = hp->zk;
		hs.cell_w = hp->zcw;
		hs.row0 = hp->row0;
		hs.col0 = hp->col0;
	}
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	heatmap_render(c, r, &hs, &info);
	if (hp->zk >= 1 && info.shown_rows > 0 && info.shown_cols > 0) {
		/* The window follows the cursor. */
		int k = hp->zk;
		long nbr = (rows + k - 1) / k, nbc = (cols + k - 1) / k;
		long br = vd_follow(info.row0 / k, hp->row / k, info.shown_rows, nbr);
		long bc = vd_follow(info.col0 / k, hp->col / k, info.shown_cols, nbc);
		if (br * k != info.row0 || bc * k != info.col0) {
			hs.row0 = hp->row0 = (int)(br * k);
			hs.col0 = hp->col0 = (int)(bc * k);
			heatmap_render(c, r, &hs, &info);
		}
		hp->row0 = info.row0;
		hp->col0 = info.col0;
	} else if (hp->zk == 0 && info.scale >= 1) {
		hp->fit_k = info.scale;
		hp->fit_cw = info.cell_w;
	}
	int k = info.scale >= 1 ? info.scale : 1;
	hp->page_rows = info.shown_rows > 1 ? (info.shown_rows - 1) * k : k;
}

static void heat_draw(struct pane *p, struct canvas *c)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_MATRIX].table;
	size_t nout;
	const struct output_desc *o = app_outputs(a, &nout);
	const struct output_desc *so = shown(a);
	int v = a->view.matrix_out;
	char right[128], zoom[32];

	zoom[0] = '\0';
	if (hp->zk >= 1 && is_matrix(a))
		snprintf(zoom, sizeof zoom, "zoom %s%d ", hp->zk > 1 ? "1:" : "x", hp->zk > 1
			 ? hp->zk : hp->zcw);
	/* After a refusal, the fallback's name (the first line says why). */
	snprintf(right, sizeof right, "%s%s%s%s%s", zoom, so ? so->name : v >= 0 ? o[v].name : "",
		 current(a) ? "" : " (updating)", hp->pin.ncols ? ", " : "",
		 !hp->pin.ncols ? "" : cmp_mode(hp, a) != CMP_OWN ? cmp_name(hp->cmp)
		 : hp->cmp == CMP_OWN ? "own scale" : "pin not compared");
	draw_header(c, P_HEAT + 1, "heatmap", right, p->focused);
	if (c->height < 2)
		return;
	if (v < 0) {
		draw_text(c, 1, 1, c->width - 2, "this model has no matrix outputs", STY_DIM);
		return;
	}
	int y0 = 1;
	if (a->res.slot[SLOT_MATRIX].refusal[0] && so) {
		char note[RES_REFUSAL_MAX + 64];
		snprintf(note, sizeof note, "instead of %s", a->res.slot[SLOT_MATRIX].refusal);
		draw_text(c, 0, y0++, c->width, note, UI_DERIVED);
	}
	int body = c->height - y0;
	if (body < 1)
		return;
	if (t->ncols == 0) {
		/* An output that failed leaves its message as the title. */
		draw_text(c, 1, y0, c->width - 2, t->title[0] ? t->title : "computing...",
			  t->title[0] ? UI_ERROR : STY_DIM);
		return;
	}
	struct canvas_rect r = { 0, y0, c->width, body };
	canvas_set_charset(c, a->utf8 ? CANVAS_UTF8 : CANVAS_ASCII);
	if (so && so->kind == OUT_BARS) {
		vd_draw_bars(c, r, t, t->title);
		return;
	}
	if (so && so->kind == OUT_TEXT) {
		hp->top = vd_clamp(hp->top, (long)t->nrows, body);
		vd_draw_text(c, r, t, hp->top, hp->left);
		return;
	}
	if (!matrix_ok(t)) {
		draw_text(c, 1, y0, c->width - 2, "(not a matrix: see it in the breakdown pane)",
			  STY_DIM);
		return;
	}
	/* The cell's detail under the map, while the cursor is shown. */
	int nd = 0;
	if (p->focused && so && so->cell_detail)
		nd = body >= 14 ? 4 : body >= 10 ? 3 : body >= 7 ? 2 : 0;
	r.h -= nd;
	draw_matrix(p, c, r);
	if (nd > 0) {
		/* Right under the map (and its legend) when the pane is tall. */
		int used = r.y + r.h;
		while (used > r.y && row_blank(c, used - 1))
			used--;
		int y = used + 1 < r.y + r.h ? used + 1 : r.y + r.h;
		int h = c->height - y;
		draw_cell(p, c, (struct canvas_rect){ 1, y, c->width - 2, h < 2 * nd ? h : 2 * nd });
	}
}

static unsigned heat_key(struct pane *p, enum action act, int arg)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_MATRIX].table;
	const struct output_desc *so = shown(a);
	bool text = so && so->kind == OUT_TEXT;
	int step = 1;    /* one element: the read-out and the detail follow it */
	int page = hp->page_rows > 0 ? hp->page_rows : step;

	(void)arg;
	switch (act) {
	case ACT_UP:
		if (text)
			hp->top--;
		hp->row -= step;
		break;
	case ACT_DOWN:
		if (text)
			hp->top++;
		hp->row += step;
		break;
	case ACT_LEFT:
		if (text)
			hp->left = hp->left > 8 ? hp->left - 8 : 0;
		hp->col -= step;
		break;
	case ACT_RIGHT:
		if (text)
			hp->left += 8;
		hp->col += step;
		break;
	case ACT_PGUP: hp->row -= page; hp->top -= page; break;
	case ACT_PGDN: hp->row += page; hp->top += page; break;
	case ACT_HOME: hp->row = hp->col = 0; hp->top = 0; hp->left = 0; break;
	case ACT_END:
		hp->row = (int)t->nrows - 1;
		hp->col = (int)t->ncols - 2;
		hp->top = (long)t->nrows;
		break;
	case ACT_VIEW: {
		int v = app_next_output(a, a->view.matrix_out, is_view);
		if (v < 0)
			return K_HANDLED;
		const struct output_desc *o = app_outputs(a, NULL);
		a->view.matrix_out = v;
		a->view_gen++;
		hp->row = hp->col = 0;
		hp->zk = 0;
		hp->top = hp->left = 0;
		post_cell(p);
		app_msg(a, false, "heatmap: %s (%s)", o[v].name, o[v].help);
		return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
	}
	case ACT_ITEM_NEXT:
	case ACT_ITEM_PREV:
		hp->row = hp->col = 0;
		return app_step_select(a, P_HEAT, act == ACT_ITEM_NEXT ? 1 : -1);
	case ACT_ZOOM_IN:
	case ACT_ZOOM_OUT: {
		if (!is_matrix(a)) {
			app_msg(a, false, "zoom: only a matrix can be zoomed");
			return K_HANDLED | K_STATUS;
		}
		int dir = act == ACT_ZOOM_IN ? 1 : -1;
		if (vd_zoom_step(&hp->zk, &hp->zcw, dir, hp->fit_k, hp->fit_cw)) {
			app_msg(a, false, dir > 0 ? "zoom: every element is already shown at full size"
				: "zoom: the whole table is already shown");
			return K_HANDLED | K_STATUS;
		}
		/* Centre the window on the cursor; drawing keeps it in view. */
		hp->row0 = hp->row - (hp->zk > 0 ? hp->zk * 4 : 0);
		hp->col0 = hp->col - (hp->zk > 0 ? hp->zk * 4 : 0);
		if (hp->zk == 0)
			app_msg(a, false, "zoom: the whole table");
		else if (hp->zk > 1)
			app_msg(a, false, "zoom: each cell is a %dx%d block; arrows scroll", hp->zk,
				hp->zk);
		else
			app_msg(a, false, "zoom: one element per cell, %d column%s wide; arrows scroll",
				hp->zcw, hp->zcw == 1 ? "" : "s");
		return K_HANDLED | K_REDRAW | K_STATUS;
	}
	case ACT_EXPAND:
		return app_toggle_expand(a);
	case ACT_PIN:
		/* with the curve (ui.c): the matrix on show, as it is now */
		if (!is_matrix(a) || !current(a))
			return 0;
		table_free(&hp->pin);
		table_init(&hp->pin, "");
		if (table_copy(&hp->pin, t)) {
			table_free(&hp->pin);
			table_init(&hp->pin, "");
			return 0;
		}
		hp->pin_out = shown_index(a);
		hp->pin_select = a->view.select;
		hp->pin_family = a->cfg.family;
		hp->cmp = CMP_SHARED;
		if (!a->msg_err)   /* after the plot's message (i reads it whole) */
			snprintf(a->msg + strlen(a->msg), sizeof a->msg - strlen(a->msg),
				 "; and the heatmap's %zux%zu table (c there compares)", t->nrows,
				 t->ncols - 1);
		return K_REDRAW | K_STATUS;
	case ACT_UNPIN:
		table_free(&hp->pin);
		table_init(&hp->pin, "");
		return K_REDRAW;
	case ACT_COMPARE: {
		char why[160];
		if (hp->pin.ncols == 0) {
			app_msg(a, false, "no pinned table: p pins the curve and this table, then edit "
				"and c compares");
			return K_HANDLED | K_STATUS;
		}
		if (!comparable(hp, a, why, sizeof why)) {
			app_msg(a, false, "%s", why);
			return K_HANDLED | K_STATUS;
		}
		hp->cmp = (hp->cmp + 1) % CMP_N;
		app_msg(a, false, "heatmap: %s%s", cmp_name(hp->cmp), hp->cmp == CMP_DIFF ?
			" (= - below 0, . 0, + # above; c: next)" : hp->cmp == CMP_OWN ?
			" (the shades' meaning is this table's alone; c: next)" :
			" (one shade, one value range in both; c: next)");
		return K_HANDLED | K_REDRAW | K_STATUS;
	}
	default:
		return 0;
	}
	if (hp->top < 0)
		hp->top = 0;
	clamp_cursor(hp, t);
	post_cell(p);
	return K_HANDLED | K_REDRAW | K_STATUS | K_VIEW;
}

static void heat_hint(struct pane *p, char *buf, size_t n)
{
	struct heat_pane *hp = p->data;
	struct app *a = p->app;
	const struct table *t = &a->res.slot[SLOT_MATRIX].table;
	const struct output_desc *so = shown(a);
	char num[32];

	if (a->res.slot[SLOT_MATRIX].refusal[0] && so) {
		snprintf(buf, n, "%s shown instead of %s", so->name, a->res.slot[SLOT_MATRIX].refusal);
		return;
	}
	if (!is_matrix(a) || hp->row >= (int)t->nrows || hp->col + 1 >= (int)t->ncols) {
		snprintf(buf, n, "v next view, [ ] item, f full height%s",
			 so && so->kind == OUT_TEXT ? ", arrows scroll" : "");
		return;
	}
	const char *rl = table_get_text(t, (size_t)hp->row, 0);
	char why[160], pin[96] = "", ps[32], sym[96];
	double v = table_get(t, (size_t)hp->row, (size_t)hp->col + 1);
	if (comparable(hp, a, why, sizeof why)) {
		double pv = table_get(&hp->pin, (size_t)hp->row, (size_t)hp->col + 1);
		if (isfinite(pv) && isfinite(v) && pv != 0)
			snprintf(pin, sizeof pin, "; pin %s, Delta %+.1f%%",
				 draw_num(pv, 6, ps, sizeof ps), 100 * (v - pv) / pv);
		else
			snprintf(pin, sizeof pin, "; pin %s", draw_num(pv, 6, ps, sizeof ps));
		app_symbol(a, pin, sym, sizeof sym);
		snprintf(pin, sizeof pin, "%s", sym);
	} else if (why[0]) {
		snprintf(buf, n, "%s (p pinned it)", why);
		return;
	}
	const char *unit = t->cols[hp->col + 1].unit;
	snprintf(buf, n, "%s %s -> %s: %s%s%s%s  (arrows move, +/- zoom, v next view, [ ] item %d, "
		 "%sf full)", t->cols[0].label[0] ? t->cols[0].label : t->cols[0].name, rl ? rl : "",
		 t->cols[hp->col + 1].name, draw_num(v, 6, num, sizeof num), unit[0] ? " " : "",
		 unit, pin, a->view.select < 0 ? 0 : a->view.select,
		 hp->pin.ncols ? "c compare, " : "");
}

static bool heat_cmdline(struct pane *p, struct strbuf *b)
{
	struct app *a = p->app;
	const struct output_desc *so = shown(a);
	char x[40];
	if (!so)
		return false;
	strbuf_printf(b, "-o %s", so->name);
	if (so->select)
		strbuf_printf(b, " --select %d", a->view.select < 0 ? 0 : a->view.select);
	if (output_at_cursor(a->cfg.family, so) && !isnan(a->view.at))
		strbuf_printf(b, " --at %s", cmdline_at(a, so, a->view.select < 0 ? 0
						: a->view.select, x, sizeof x));
	if (p->focused && so->cell_detail && a->view.cell_out >= 0)
		strbuf_printf(b, "   # cell: -o %s --select %d:%d", so->cell_detail,
			      a->view.cell_select, a->view.cell_select2);
	return true;
}

const struct pane_ops pane_heat_ops = {
	.name = "heatmap",
	.title = "heatmap",
	.ctx = CTX_VIEW,
	.listens = RES_MATRIX | RES_CELL | RES_ERROR,
	.init = heat_init,
	.free = heat_free,
	.draw = heat_draw,
	.key = heat_key,
	.update = heat_update,
	.hint = heat_hint,
	.cmdline = heat_cmdline,
};
