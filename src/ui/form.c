/*
 * form.c: the generic editing pane (see form.h).
 *
 * The rows are rebuilt from the parameter table whenever the configuration
 * or the summary changes; the selection is kept by path.  Drawing lays the
 * rows out for the pane's width: a label column, a right-aligned value
 * column and the unit; list tables get one column per field and as many
 * derived columns as fit.
 */
#include "ui/form.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "config/cfgwalk.h"
#include "ui/draw.h"
#include "ui/style.h"

#define FORM_MAX_ROWS 512
#define FORM_MAX_COLS 16
#define FORM_MAX_DERIVED 8

enum row_kind {
	R_HEAD,     /* a section heading (path = section) */
	R_FIELD,    /* a scalar (path = field) */
	R_THEAD,    /* a list table's column heads (path = list) */
	R_ITEM,     /* a list item as a table row (path = list, item) */
	R_ADD,      /* "add" row of a list (path = list) */
	R_DERIVED,  /* derived values of a section (text) */
	R_NOTE,     /* a note line (text) */
};

struct row {
	enum row_kind kind;
	int depth;
	char path[DIAG_PATH_MAX];
	const struct param *p;     /* FIELD: scalar; HEAD: section; list rows: the list */
	long item;                 /* ITEM: index; FIELD in an item: its index; else -1 */
	char list[DIAG_PATH_MAX];  /* list rows and fields inside items: the list path */
	char text[160];            /* DERIVED / NOTE */
};

struct form {
	form_filter filter;
	struct row *rows;
	size_t nrows;
	long sel;                  /* selected row (-1 none) */
	int col;                   /* column of the selected table cell */
	long top;                  /* first shown row */
	int height;                /* rows shown last time (body only) */
	/* column x ranges of the last drawn table, for mouse clicks */
	int col_x[FORM_MAX_COLS], col_w[FORM_MAX_COLS], ncolx;
};

static bool is_scalar(const struct param *p)
{
	return p->type != PT_SECTION && p->type != PT_LIST && p->type != PT_END;
}

static bool selectable(const struct row *r)
{
	return r->kind == R_FIELD || r->kind == R_ITEM || r->kind == R_ADD;
}

/* A list whose items hold only scalars is shown as a table. */
static bool tableable(const struct param *lp)
{
	for (const struct param *f = lp->sub; f->type != PT_END; f++)
		if (!is_scalar(f))
			return false;
	return true;
}

static int nscalars(const struct param *lp)
{
	int n = 0;
	for (const struct param *f = lp->sub; f->type != PT_END; f++)
		n++;
	return n;
}

/* --- filters ------------------------------------------------------------- */

/* The pane of a top-level field comes from the parameter table. */
static enum param_pane pane_of(const struct param *top)
{
	if (top->pane != PANE_DEFAULT)
		return top->pane;
	return top->type == PT_LIST ? PANE_ORGANISATION : PANE_NETWORK;
}

bool form_filter_lists(const struct param *top)
{
	return pane_of(top) == PANE_ORGANISATION;
}

bool form_filter_network(const struct param *top)
{
	return pane_of(top) == PANE_NETWORK;
}

bool form_filter_traffic(const struct param *top)
{
	return pane_of(top) == PANE_TRAFFIC;
}

bool form_select_path(struct pane *p, const char *path);

/* --- building rows ------------------------------------------------------- */

static struct row *add_row(struct form *f, enum row_kind k, int depth, const char *path,
			   const struct param *p)
{
	if (f->nrows >= FORM_MAX_ROWS)
		return NULL;
	struct row *r = &f->rows[f->nrows++];
	memset(r, 0, sizeof *r);
	r->kind = k;
	r->depth = depth;
	r->item = -1;
	snprintf(r->path, sizeof r->path, "%s", path);
	r->p = p;
	return r;
}

/* The summary's value column, or -1. */
static int sum_value_col(const struct table *t)
{
	return t->nrows && t->layout == TL_SUMMARY ? SUM_VALUE : -1;
}

/* Derived rows for the section `sec` at `path`: the summary rows derived
 * from it (table_about), packed several to a row. */
static void add_derived(struct form *f, const struct app *a, const struct param *sec,
			const char *path, int depth)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	int vc = sum_value_col(t), sc = SUM_SYMBOL, uc = SUM_UNIT;
	char one[96], sym[48], num[32], unit[48];
	struct row *r = NULL;

	if (vc < 0)
		return;
	for (size_t i = 0; i < t->nrows; i++) {
		if (table_about(t, i) != sec)
			continue;
		/* The label: its symbol, else its quantity after the section's
		 * prefix ("icn1.t_cn" -> "t_cn"). */
		const char *q = table_get_text(t, i, SUM_QUANTITY), *dot = strchr(q, '.');
		const char *s = sc >= 0 ? table_get_text(t, i, (size_t)sc) : NULL;
		app_symbol(a, s && *s ? s : dot ? dot + 1 : q, sym, sizeof sym);
		draw_unit_short(uc >= 0 && table_get_text(t, i, (size_t)uc) ?
				table_get_text(t, i, (size_t)uc) : "", unit, sizeof unit);
		snprintf(one, sizeof one, "%s %s", sym, draw_num(table_get(t, i, (size_t)vc), 4, num,
							      sizeof num));
		if (!r || strlen(r->text) + strlen(one) + 3 > 34) {
			r = add_row(f, R_DERIVED, depth, path, NULL);
			if (!r)
				return;
			snprintf(r->text, sizeof r->text, "= %s", one);
		} else {
			size_t l = strlen(r->text);
			snprintf(r->text + l, sizeof r->text - l, ", %s", one);
		}
	}
}

/* Totals under a top-level list: the summary's ROW_OVERVIEW rows
 * ("clusters C 32", "nodes N 1120"). */
static void add_totals(struct form *f, const struct app *a, int depth)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	int vc = sum_value_col(t), sc = SUM_SYMBOL;
	char one[96], sym[48], num[32];
	struct row *r = NULL;

	if (vc < 0)
		return;
	for (size_t i = 0; i < t->nrows; i++) {
		const char *q = table_get_text(t, i, SUM_QUANTITY);
		if (table_row_role(t, i) != ROW_OVERVIEW)
			continue;
		const char *s = sc >= 0 ? table_get_text(t, i, (size_t)sc) : NULL;
		app_symbol(a, s && *s ? s : q, sym, sizeof sym);
		snprintf(one, sizeof one, "%s = %s %s", sym,
			 draw_num(table_get(t, i, (size_t)vc), 6, num, sizeof num), q);
		if (!r) {
			r = add_row(f, R_NOTE, depth, "", NULL);
			if (!r)
				return;
			snprintf(r->text, sizeof r->text, "%s", one);
		} else {
			size_t l = strlen(r->text);
			snprintf(r->text + l, sizeof r->text - l, ", %s", one);
		}
	}
}

static void add_section(struct form *f, const struct app *a, const struct param *fields,
			const void *base, const char *prefix, int depth, const char *list,
			long item);

/* Was optional field `path` (absent in the draft) set in the last valid
 * configuration?  Then a draft that cleared it still shows it, so the field
 * does not vanish while the other form is half given. */
static bool in_draft_only(const struct app *a, const char *path)
{
	char was[CFG_TEXT_MAX];

	if (!a->have_draft)
		return false;
	/* An absent optional value formats as "" (param_format). */
	return param_get_path(a->cfg.family->schema.params, config_cbody(&a->cfg), path, was,
			      sizeof was, NULL) == 0 && was[0] != '\0';
}

static void add_list(struct form *f, const struct app *a, const struct param *lp,
		     const void *holder, const char *path, int depth)
{
	size_t n = param_list_count(lp, holder);
	char ip[DIAG_PATH_MAX];
	struct row *r;

	if (tableable(lp)) {
		r = add_row(f, R_THEAD, depth, path, lp);
		if (r)
			snprintf(r->list, sizeof r->list, "%s", path);
		for (size_t i = 0; i < n; i++) {
			r = add_row(f, R_ITEM, depth, path, lp);
			if (!r)
				return;
			r->item = (long)i;
			snprintf(r->list, sizeof r->list, "%s", path);
		}
	} else {
		for (size_t i = 0; i < n; i++) {
			snprintf(ip, sizeof ip, "%s.%zu", path, i);
			r = add_row(f, R_HEAD, depth, ip, lp);
			if (!r)
				return;
			r->item = (long)i;
			snprintf(r->list, sizeof r->list, "%s", path);
			add_section(f, a, lp->sub, param_list_celem(lp, holder, i), ip, depth + 1,
				    path, (long)i);
		}
	}
	if (n < lp->max_items) {
		r = add_row(f, R_ADD, depth, path, lp);
		if (r) {
			snprintf(r->list, sizeof r->list, "%s", path);
			r->item = (long)n;
		}
	}
}

static void add_section(struct form *f, const struct app *a, const struct param *fields,
			const void *base, const char *prefix, int depth, const char *list,
			long item)
{
	char path[DIAG_PATH_MAX];
	bool some_optional_set = false;

	/* The section uses one of two forms when an optional field is set or a
	 * list is filled (message_length or a mix; t_cn/t_cs or link data). */
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (is_scalar(p) && (p->flags & PF_OPTIONAL) && !param_is_absent(p, base))
			some_optional_set = true;
		if (p->type == PT_LIST && p->min_items == 0 && param_list_count(p, base) > 0)
			some_optional_set = true;
	}
	for (const struct param *p = fields; p->type != PT_END; p++) {
		snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", p->key);
		if (is_scalar(p)) {
			if ((p->flags & PF_OPTIONAL) && param_is_absent(p, base) && some_optional_set &&
			    !in_draft_only(a, path))
				continue;
			struct row *r = add_row(f, R_FIELD, depth, path, p);
			if (r && list) {
				r->item = item;
				snprintf(r->list, sizeof r->list, "%s", list);
			}
		} else if (p->type == PT_SECTION) {
			add_row(f, R_HEAD, depth, path, p);
			add_section(f, a, p->sub, (const char *)base + p->off, path, depth + 1, list,
				    item);
			add_derived(f, a, p, path, depth + 1);
		} else {
			add_row(f, R_HEAD, depth, path, p);
			add_list(f, a, p, base, path, depth + 1);
		}
	}
}

static void build(struct pane *pn)
{
	struct form *f = pn->data;
	const struct app *a = pn->app;
	const struct param *fields = app_edit_cfg(a)->family->schema.params;
	const void *base = config_cbody(app_edit_cfg(a));
	char keep[DIAG_PATH_MAX] = "";
	int keep_col = f->col;
	long keep_item = -1;
	enum row_kind keep_kind = R_FIELD;

	if (f->sel >= 0 && (size_t)f->sel < f->nrows) {
		snprintf(keep, sizeof keep, "%s", f->rows[f->sel].path);
		keep_item = f->rows[f->sel].item;
		keep_kind = f->rows[f->sel].kind;
	}
	f->nrows = 0;
	for (const struct param *p = fields; p->type != PT_END; p++) {
		if (!f->filter(p))
			continue;
		if (is_scalar(p)) {
			add_row(f, R_FIELD, 0, p->key, p);
		} else if (p->type == PT_SECTION) {
			add_row(f, R_HEAD, 0, p->key, p);
			add_section(f, a, p->sub, (const char *)base + p->off, p->key, 1, NULL, -1);
			add_derived(f, a, p, p->key, 1);
		} else {
			add_list(f, a, p, base, p->key, 0);
			add_totals(f, a, 0);
		}
	}
	/* Keep the selection: same path (and item), else the nearest row. */
	long best = -1;
	for (size_t i = 0; i < f->nrows; i++) {
		const struct row *r = &f->rows[i];
		if (!selectable(r))
			continue;
		if (best < 0)
			best = (long)i;
		if (keep[0] && strcmp(r->path, keep) == 0 && r->kind == keep_kind &&
		    (r->kind != R_ITEM || r->item == keep_item)) {
			best = (long)i;
			break;
		}
	}
	/* An item that went away: select the last item of that list. */
	if (keep_kind == R_ITEM && best >= 0 && f->rows[best].item != keep_item) {
		for (size_t i = 0; i < f->nrows; i++)
			if (f->rows[i].kind == R_ITEM && strcmp(f->rows[i].path, keep) == 0)
				best = (long)i;
	}
	f->sel = best;
	f->col = keep_col;
	if (f->sel >= 0 && f->rows[f->sel].kind == R_ITEM) {
		int nc = nscalars(f->rows[f->sel].p);
		if (f->col >= nc)
			f->col = nc - 1;
	}
	if (f->col < 0)
		f->col = 0;
	/* A new list item wants the selection. */
	if (pn->app->want_select[0] && form_select_path(pn, pn->app->want_select))
		pn->app->want_select[0] = '\0';
}

/* --- pane slots ------------------------------------------------------------ */

int form_init(struct pane *p, form_filter filter)
{
	struct form *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->rows = calloc(FORM_MAX_ROWS, sizeof *f->rows);
	if (!f->rows) {
		free(f);
		return -1;
	}
	f->filter = filter;
	f->sel = -1;
	p->data = f;
	build(p);
	return 0;
}

void form_free(struct pane *p)
{
	struct form *f = p ? p->data : NULL;
	if (!f)
		return;
	free(f->rows);
	free(f);
	p->data = NULL;
}

void form_update(struct pane *p, unsigned what)
{
	if (what & (U_CONFIG | U_SUMMARY | U_FILE))
		build(p);
}

int form_natural_height(struct pane *p)
{
	struct form *f = p->data;
	/* An empty form is collapsed: its title line says why (form_draw). */
	return (int)f->nrows + 1;
}

/* Whether draw_header shows both "N title" (tw columns) and a right part
 * of rw columns whole in a row width columns wide. */
static bool header_fits(int width, int tw, int rw)
{
	int rkeep = rw < (width - 1) / 2 ? rw : (width - 1) / 2;
	int lroom = width - 1 - (rkeep > 3 ? rkeep + 2 : 0);
	return tw <= lroom && rw <= width - tw - 3;
}

/* The note on a collapsed (empty) form's title line, saying why it is
 * empty: the longest wording that fits beside "N title" in a pane width
 * columns wide. */
static void collapsed_note(const struct app *a, const char *title, int width, char *buf,
			   size_t n)
{
	const char *fam = a->cfg.family->schema.name;
	int tw = 2 + draw_width(title);
	snprintf(buf, n, "(none in the %s model)", fam);
	if (header_fits(width, tw, draw_width(buf)))
		return;
	snprintf(buf, n, "(none for %s)", fam);
	if (header_fits(width, tw, draw_width(buf)))
		return;
	snprintf(buf, n, "(none)");
}

/* The field of a table cell: the col-th sub-field of the list. */
static const struct param *cell_field(const struct row *r, int col)
{
	int i = 0;
	for (const struct param *f = r->p->sub; f->type != PT_END; f++, i++)
		if (i == col)
			return f;
	return NULL;
}

static void cell_path(const struct row *r, int col, char *buf, size_t n)
{
	const struct param *f = cell_field(r, col);
	snprintf(buf, n, "%s.%ld.%s", r->list, r->item, f ? f->key : "?");
}

char *form_selected_path(struct pane *p, char *buf, size_t n)
{
	struct form *f = p->data;
	buf[0] = '\0';
	if (f->sel < 0)
		return buf;
	const struct row *r = &f->rows[f->sel];
	if (r->kind == R_FIELD)
		snprintf(buf, n, "%s", r->path);
	else if (r->kind == R_ITEM)
		cell_path(r, f->col, buf, n);
	return buf;
}

bool form_select_path(struct pane *p, const char *path)
{
	struct form *f = p->data;
	char cp[DIAG_PATH_MAX];
	for (size_t i = 0; i < f->nrows; i++) {
		struct row *r = &f->rows[i];
		if (r->kind == R_FIELD && strcmp(r->path, path) == 0) {
			f->sel = (long)i;
			return true;
		}
		if (r->kind == R_ITEM) {
			for (int c = 0; c < nscalars(r->p); c++) {
				cell_path(r, c, cp, sizeof cp);
				if (strcmp(cp, path) == 0) {
					f->sel = (long)i;
					f->col = c;
					return true;
				}
			}
		}
	}
	return false;
}

/* Is the value at path different from the file's? */
static bool changed(const struct app *a, const char *path)
{
	char now[CFG_TEXT_MAX], was[CFG_TEXT_MAX];
	if (!a->have_file_cfg)
		return false;
	if (param_get_path(app_edit_cfg(a)->family->schema.params, config_cbody(app_edit_cfg(a)), path, now, sizeof now,
			   NULL))
		return false;
	if (param_get_path(a->file_cfg.family->schema.params, config_cbody(&a->file_cfg), path, was,
			   sizeof was, NULL))
		return true;
	return strcmp(now, was) != 0;
}

/* The field the explorer's current complaint is about (typed: diag.path of
 * the incomplete edit's refusal, else of the shown generation's error, else
 * of the simulator's refusal of it), or NULL. */
static const char *complaint(const struct app *a)
{
	if (a->have_draft)
		return a->draft_path[0] ? a->draft_path : NULL;
	if (a->res.error_gen == a->gen && a->res.error[0] && a->res.error_path[0])
		return a->res.error_path;
	const char *sim = NULL;        /* the simulator's refusal of this configuration */
	if (app_sim_refusal(a, &sim) && sim[0])
		return sim;
	return NULL;
}

/* Is the field at path the one complained about, or inside it (a cell of
 * the list item "links.3")? */
static bool complained(const struct app *a, const char *path)
{
	const char *c = complaint(a);
	size_t n = c ? strlen(c) : 0;
	return c && strncmp(path, c, n) == 0 && (path[n] == '\0' || path[n] == '.');
}

/* Text of a scalar's value for display ("-" when not set). */
static void value_text(const struct app *a, const char *path, char *buf, size_t n)
{
	if (param_get_path(app_edit_cfg(a)->family->schema.params, config_cbody(app_edit_cfg(a)), path, buf, n, NULL) ||
	    !buf[0])
		snprintf(buf, n, "-");
}

/* The derived columns of a PF_GROUPS list's item rows: the summary rows of
 * group 0 (table_group), one column each; item i shows the same-placed row
 * of group i (outkit.h: every group has the same rows in the same order). */
struct dcol {
	char head[48];
	int w;
};

/* Does the summary's group g describe item g of list (param.h PF_GROUPS)? */
static bool group_list(const struct param *list)
{
	return list && list->type == PT_LIST && (list->flags & PF_GROUPS);
}

/* Row of the summary t that is the k-th row of group g, or -1. */
static long group_row(const struct table *t, long g, int k)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (table_group(t, r) == g && k-- == 0)
			return (long)r;
	return -1;
}

static bool item_summary(const struct app *a, const struct param *list, long item, int k,
			 double *v)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	int vc = sum_value_col(t);
	long r = vc >= 0 && group_list(list) ? group_row(t, item, k) : -1;
	if (r < 0)
		return false;
	*v = table_get(t, (size_t)r, (size_t)vc);
	return true;
}

static int derived_cols(const struct app *a, const struct param *list, struct dcol *dc, int max)
{
	const struct table *t = &a->res.slot[SLOT_SUMMARY].table;
	int sc = SUM_SYMBOL, n = 0;

	if (sum_value_col(t) < 0 || !group_list(list))
		return 0;
	for (size_t i = 0; i < t->nrows && n < max; i++) {
		if (table_group(t, i) != 0)
			continue;
		/* The head: the row's symbol, else its quantity without "group0." */
		const char *q = table_get_text(t, i, SUM_QUANTITY), *dot = strchr(q, '.');
		const char *s = sc >= 0 ? table_get_text(t, i, (size_t)sc) : NULL;
		app_symbol(a, s && *s ? s : dot ? dot + 1 : q, dc[n].head, sizeof dc[n].head);
		dc[n].w = draw_width(dc[n].head);
		n++;
	}
	return n;
}

static void draw_table_rows(struct pane *pn, struct canvas *c, long first, int y0, int y1)
{
	struct form *f = pn->data;
	const struct app *a = pn->app;
	char buf[CFG_TEXT_MAX], path[DIAG_PATH_MAX], num[32];
	struct dcol dc[FORM_MAX_DERIVED];

	/* Find the table's rows among the shown ones. */
	for (long i = first; i < (long)f->nrows && y0 + (i - first) < y1; i++) {
		const struct row *r = &f->rows[i];
		if (r->kind != R_THEAD)
			continue;
		const struct param *lp = r->p;
		int nf = nscalars(lp);
		if (nf > FORM_MAX_COLS - 1)
			nf = FORM_MAX_COLS - 1;
		int nd = r->depth == 0 ? derived_cols(a, lp, dc, FORM_MAX_DERIVED) : 0;
		/* Column widths: heads and values. */
		int w[FORM_MAX_COLS], idxw = 1;
		bool text[FORM_MAX_COLS];
		size_t n = param_list_count(lp, (const char *)config_cbody(app_edit_cfg(a)));
		(void)n;
		int k = 0;
		for (const struct param *fp = lp->sub; fp->type != PT_END && k < nf; fp++, k++) {
			char sym[48];
			app_symbol(a, fp->symbol && *fp->symbol ? fp->symbol : fp->key, sym, sizeof sym);
			w[k] = draw_width(sym);
			text[k] = fp->type == PT_STR || fp->type == PT_ENUM;
		}
		long last = i;
		for (long j = i + 1; j < (long)f->nrows && f->rows[j].kind == R_ITEM &&
		     strcmp(f->rows[j].path, r->path) == 0; j++) {
			last = j;
			snprintf(num, sizeof num, "%ld", f->rows[j].item);
			if ((int)strlen(num) > idxw)
				idxw = (int)strlen(num);
			for (k = 0; k < nf; k++) {
				cell_path(&f->rows[j], k, path, sizeof path);
				value_text(a, path, buf, sizeof buf);
				if (draw_width(buf) > w[k])
					w[k] = draw_width(buf);
			}
			for (int d = 0; d < nd; d++) {
				double v;
				if (item_summary(a, lp, f->rows[j].item, d, &v)) {
					draw_num(v, 4, num, sizeof num);
					if (draw_width(num) > dc[d].w)
						dc[d].w = draw_width(num);
				}
			}
		}
		/* Text columns give way first when the table is too wide. */
		int total = 1 + r->depth + idxw + 1;
		for (k = 0; k < nf; k++)
			total += w[k] + 2;
		for (k = 0; k < nf && total > c->width; k++) {
			if (text[k] && w[k] > 12) {
				total -= w[k] - 12;
				w[k] = 12;
			}
		}
		/* Lay out: index, fields, then derived columns while they fit;
		 * one blank between columns instead of two when that shows more
		 * columns whole (ASCII's "tau_i" is wider than "τ_i": Q^(i) was
		 * dropped at 80x24). */
		int x0 = 1 + r->depth;
		int x = x0 + idxw + 1, gap = 2, shown[3] = { 0, 0, 0 };
		for (int g = 1; g <= 2; g++) {          /* columns shown whole */
			int xe = x;
			for (k = 0; k < nf + nd; k++) {
				int wk = k < nf ? w[k] : dc[k - nf].w;
				if (xe + wk > c->width)
					break;
				xe += wk + g;
				shown[g]++;
			}
		}
		if (shown[1] > shown[2])
			gap = 1;
		/* Scroll sideways so the selected column is on screen; columns
		 * that do not fit whole are not drawn (col_x -1). */
		int fc = 0;
		bool sel_here = f->sel >= 0 && f->rows[f->sel].kind == R_ITEM &&
				strcmp(f->rows[f->sel].path, r->path) == 0;
		if (sel_here) {
			for (;;) {
				int xe = x;
				for (k = fc; k <= f->col && k < nf; k++)
					xe += w[k] + gap;
				if (xe - gap <= c->width || fc >= f->col)
					break;
				fc++;
			}
		}
		f->ncolx = 0;
		for (k = 0; k < nf; k++) {
			f->col_w[k] = w[k];
			if (k < fc || x + w[k] > c->width) {
				f->col_x[k] = -1;
				continue;
			}
			f->col_x[k] = x;
			x += w[k] + gap;
		}
		f->ncolx = nf;
		int dx[FORM_MAX_DERIVED], ndshow = 0;
		for (int d = 0; d < nd; d++) {
			if (x + dc[d].w > c->width)
				break;
			dx[d] = x;
			x += dc[d].w + gap;
			ndshow++;
		}
		/* Draw the head and the items that are on screen. */
		for (long j = i; j <= last; j++) {
			int y = y0 + (int)(j - first);
			if (j < first || y >= y1)
				continue;
			const struct row *rr = &f->rows[j];
			bool rowsel = j == f->sel;
			if (rr->kind == R_THEAD) {
				canvas_puts(c, NULL, x0, y, "#", STY_LABEL);
				k = 0;
				for (const struct param *fp = lp->sub; fp->type != PT_END && k < nf;
				     fp++, k++) {
					char sym[48];
					if (f->col_x[k] < 0)
						continue;
					app_symbol(a, fp->symbol && *fp->symbol ? fp->symbol : fp->key,
						   sym, sizeof sym);
					if (text[k])
						draw_text(c, f->col_x[k], y, w[k], sym, STY_LABEL);
					else
						draw_text_right(c, f->col_x[k], y, w[k], sym, STY_LABEL);
				}
				for (int d = 0; d < ndshow; d++)
					draw_text_right(c, dx[d], y, dc[d].w, dc[d].head, STY_DIM);
				continue;
			}
			snprintf(num, sizeof num, "%ld", rr->item);
			draw_text_right(c, x0, y, idxw, num, STY_LABEL);
			for (k = 0; k < nf; k++) {
				if (f->col_x[k] < 0)
					continue;
				cell_path(rr, k, path, sizeof path);
				value_text(a, path, buf, sizeof buf);
				int sty = complained(a, path) ? UI_ERROR
					  : changed(a, path) ? UI_CHANGED : STY_NORMAL;
				if (rowsel && k == f->col)
					sty = pn->focused ? UI_SELECT : UI_SELECT_DIM;
				if (rowsel && k == f->col)
					canvas_fill(c, (struct canvas_rect){ f->col_x[k] - 1, y, w[k] + 2, 1 },
						    " ", sty);
				if (text[k])
					draw_text(c, f->col_x[k], y, w[k], buf, sty);
				else
					draw_text_right(c, f->col_x[k], y, w[k], buf, sty);
			}
			for (int d = 0; d < ndshow; d++) {
				double v;
				if (item_summary(a, lp, rr->item, d, &v))
					draw_text_right(c, dx[d], y, dc[d].w, draw_num(v, 4, num, sizeof num),
							UI_DERIVED);
			}
		}
	}
}

void form_draw(struct pane *pn, struct canvas *c)
{
	struct form *f = pn->data;
	const struct app *a = pn->app;
	char buf[CFG_TEXT_MAX], label[160], sym[64], unit[64], right[64];
	int body = c->height - 1;

	f->height = body;
	/* Keep the selection in view. */
	if (f->sel >= 0) {
		if (f->sel < f->top)
			f->top = f->sel;
		if (body > 0 && f->sel >= f->top + body)
			f->top = f->sel - body + 1;
	}
	if (f->top > (long)f->nrows - body)
		f->top = (long)f->nrows - body;
	if (f->top < 0)
		f->top = 0;
	/* A section heading just above the selection is worth a row. */
	if (f->sel > 0 && f->top == f->sel && f->rows[f->sel - 1].kind != R_FIELD &&
	    f->rows[f->sel - 1].kind != R_ITEM && body > 2)
		f->top--;

	int num = 0;
	for (int i = 0; i < P_NPANES; i++)
		if (&a->pane[i] == pn)
			num = i + 1;
	right[0] = '\0';
	if (f->nrows == 0)
		collapsed_note(a, pn->ops->title, c->width, right, sizeof right);
	if ((long)f->nrows > body && body > 0)
		snprintf(right, sizeof right, "%ld-%ld/%zu", f->top + 1,
			 f->top + body < (long)f->nrows ? f->top + body : (long)f->nrows, f->nrows);
	draw_header(c, num, pn->ops->title, right, pn->focused);

	/* Columns of the field rows: label (key, then the paper's symbol when
	 * there is room), value right-aligned, unit. */
	/* Given rows anyway (one pane at a time, below 56 columns): say why. */
	if (f->nrows == 0 && body > 0) {
		char why[160];
		snprintf(why, sizeof why, "(none in the %s model)", a->cfg.family->schema.name);
		if (strcmp(why, right) != 0)
			draw_text(c, 1, 1, c->width - 2, why, STY_DIM);
	}
	int keyw = 0, symw = 0, vw = 4;
	for (size_t i = 0; i < f->nrows; i++) {
		const struct row *r = &f->rows[i];
		if (r->kind != R_FIELD)
			continue;
		int w = 1 + r->depth + draw_width(r->p->key);
		if (w > keyw)
			keyw = w;
		if (r->p->symbol && *r->p->symbol &&
		    strcmp(app_symbol(a, r->p->symbol, sym, sizeof sym), r->p->key) != 0)
			w += 1 + draw_width(sym);
		if (w > symw)
			symw = w;
		value_text(a, r->path, buf, sizeof buf);
		if (draw_width(buf) > vw)
			vw = draw_width(buf);
	}
	if (vw > 12)
		vw = 12;
	int lw = symw + 1 + vw + 1 + 5 <= c->width ? symw : keyw;
	if (lw > c->width - vw - 2)
		lw = c->width - vw - 2;
	if (lw < 6)
		lw = 6;

	for (int y = 1; y <= body; y++) {
		long i = f->top + y - 1;
		if (i >= (long)f->nrows)
			break;
		const struct row *r = &f->rows[i];
		int x = 1 + r->depth;
		bool sel = i == f->sel;
		int selsty = pn->focused ? UI_SELECT : UI_SELECT_DIM;
		switch (r->kind) {
		case R_HEAD: {
			const char *slash = strrchr(r->path, '.');
			snprintf(label, sizeof label, "%s", slash ? slash + 1 : r->path);
			if (r->p && r->p->type == PT_LIST && r->item >= 0)
				snprintf(label, sizeof label, "%s", r->path);
			int w = draw_text(c, x, y, c->width - x, label, STY_TITLE);
			const char *s = r->p && r->item < 0 ? r->p->symbol : NULL;
			if (s && *s && strcmp(s, label) != 0)
				w += 1 + draw_text(c, x + w + 1, y, c->width - x - w - 1,
						   app_symbol(a, s, sym, sizeof sym), STY_LABEL);
			if (r->p && r->p->help && r->item < 0)
				draw_text(c, x + w + 2, y, c->width - x - w - 2, r->p->help, STY_DIM);
			break;
		}
		case R_FIELD: {
			const struct param *p = r->p;
			int lsty = sel ? selsty : STY_NORMAL;
			if (sel)
				draw_fill(c, 0, y, selsty);
			int w = draw_text(c, x, y, lw - x, p->key, lsty);
			if (p->symbol && *p->symbol &&
			    strcmp(app_symbol(a, p->symbol, sym, sizeof sym), p->key) != 0) {
				if (x + w + 1 + draw_width(sym) <= lw)
					draw_text(c, x + w + 1, y, lw - x - w - 1, sym,
						  sel ? selsty : STY_LABEL);
			}
			value_text(a, r->path, buf, sizeof buf);
			int sty = sel ? selsty : complained(a, r->path) ? UI_ERROR
				  : strcmp(buf, "-") == 0 ? STY_DIM
				  : changed(a, r->path) ? UI_CHANGED : STY_NORMAL;
			int vx = lw + 1;
			int room = c->width - vx;
			draw_text_right(c, vx, y, vw < room ? vw : room, buf, sty);
			vx += vw + 1;
			if (p->unit && *p->unit && vx < c->width) {
				const char *u = p->unit;
				if (draw_width(u) > c->width - vx)
					u = draw_unit_short(p->unit, unit, sizeof unit);
				/* A cut unit misleads ("msg/node/tu" as "ms"): show it
				 * whole or not at all (the help line and man page have it). */
				if (draw_width(u) <= c->width - vx)
					draw_text(c, vx, y, c->width - vx, u, sel ? selsty : STY_DIM);
			}
			break;
		}
		case R_THEAD:
		case R_ITEM:
			break;   /* drawn below, as a table */
		case R_ADD: {
			if (sel)
				draw_fill(c, 0, y, selsty);
			char k[16];
			keys_for(ACT_ADD, CTX_FORM, k, sizeof k);
			snprintf(label, sizeof label, r->item == 0 ? "(empty)  %s: add an item"
				 : "+ %s: add a copy, d: delete, D: delete all", k);
			draw_text(c, x, y, c->width - x, label, sel ? selsty : STY_DIM);
			break;
		}
		case R_DERIVED:
		case R_NOTE:
			draw_text(c, x, y, c->width - x, r->text, UI_DERIVED);
			break;
		}
	}
	draw_table_rows(pn, c, f->top, 1, 1 + body);
}

/* --- keys -------------------------------------------------------------------- */

static long step_sel(struct form *f, long from, int dir)
{
	for (long i = from + dir; i >= 0 && i < (long)f->nrows; i += dir)
		if (selectable(&f->rows[i]))
			return i;
	return from;
}

static unsigned edit_selected(struct pane *pn)
{
	struct form *f = pn->data;
	struct app *a = pn->app;
	char path[DIAG_PATH_MAX], cur[CFG_TEXT_MAX], label[DIAG_PATH_MAX + 16];
	const struct row *r = &f->rows[f->sel];

	if (r->kind == R_ADD)
		return app_list_add(a, r->list, -1);
	form_selected_path(pn, path, sizeof path);
	if (!path[0])
		return K_HANDLED;
	if (param_get_path(app_edit_cfg(a)->family->schema.params, config_cbody(app_edit_cfg(a)), path, cur, sizeof cur,
			   NULL))
		cur[0] = '\0';
	snprintf(label, sizeof label, "%s = ", path);
	app_prompt(a, PR_VALUE, label, cur, path);
	return K_HANDLED | K_STATUS | K_REDRAW;
}

static unsigned step_selected(struct pane *pn, int dir)
{
	struct form *f = pn->data;
	struct app *a = pn->app;
	char path[DIAG_PATH_MAX], cur[CFG_TEXT_MAX], next[CFG_TEXT_MAX];
	const struct param *p = NULL;

	form_selected_path(pn, path, sizeof path);
	if (!path[0] || param_get_path(app_edit_cfg(a)->family->schema.params, config_cbody(app_edit_cfg(a)), path, cur,
				       sizeof cur, &p))
		return K_HANDLED;
	(void)f;
	if (cfg_step(p, cur, dir, next, sizeof next)) {
		app_msg(a, true, "%s: %s", path, next);
		return K_HANDLED | K_STATUS;
	}
	return app_set(a, path, next);
}

/* x: the selected scalar becomes absent (optional) or its default. */
static unsigned clear_selected(struct pane *pn)
{
	struct app *a = pn->app;
	char path[DIAG_PATH_MAX];

	form_selected_path(pn, path, sizeof path);
	if (!path[0]) {
		app_msg(a, true, "select a field to clear it");
		return K_HANDLED | K_STATUS;
	}
	return app_clear(a, path);
}

unsigned form_key(struct pane *pn, enum action act, int arg)
{
	struct form *f = pn->data;
	struct app *a = pn->app;
	int page = f->height > 1 ? f->height - 1 : 1;

	(void)arg;
	if (f->sel < 0)
		return 0;
	const struct row *r = &f->rows[f->sel];
	switch (act) {
	case ACT_UP: f->sel = step_sel(f, f->sel, -1); break;
	case ACT_DOWN: f->sel = step_sel(f, f->sel, 1); break;
	case ACT_PGUP:
		for (int i = 0; i < page; i++)
			f->sel = step_sel(f, f->sel, -1);
		break;
	case ACT_PGDN:
		for (int i = 0; i < page; i++)
			f->sel = step_sel(f, f->sel, 1);
		break;
	case ACT_HOME: f->sel = step_sel(f, -1, 1); break;
	case ACT_END: f->sel = step_sel(f, (long)f->nrows, -1); break;
	case ACT_LEFT:
		if (r->kind != R_ITEM || f->col == 0)
			return K_HANDLED;
		f->col--;
		break;
	case ACT_RIGHT:
		if (r->kind != R_ITEM || f->col + 1 >= nscalars(r->p))
			return K_HANDLED;
		f->col++;
		break;
	case ACT_EDIT: return edit_selected(pn);
	case ACT_INC: return step_selected(pn, 1);
	case ACT_DEC: return step_selected(pn, -1);
	case ACT_ADD:
		if (!r->list[0]) {
			app_msg(a, true, "not a list: select a row of a list to add an item");
			return K_HANDLED | K_STATUS;
		}
		return app_list_add(a, r->list, r->kind == R_ADD ? -1 : r->item);
	case ACT_DELETE:
		if (r->kind == R_FIELD && r->item < 0)
			return clear_selected(pn);
		if (r->kind != R_ITEM && !(r->kind == R_FIELD && r->item >= 0)) {
			app_msg(a, true, "not a list item: select an item to delete it");
			return K_HANDLED | K_STATUS;
		}
		return app_list_remove(a, r->list, (size_t)r->item);
	case ACT_CLEAR_LIST:
		if (!r->list[0]) {
			app_msg(a, true, "not a list: select a row of a list to clear it");
			return K_HANDLED | K_STATUS;
		}
		return app_list_clear(a, r->list);
	case ACT_CLEAR:
		return clear_selected(pn);
	default:
		return 0;
	}
	return K_HANDLED | K_REDRAW | K_STATUS;
}

void form_hint(struct pane *pn, char *buf, size_t n)
{
	struct form *f = pn->data;
	const struct app *a = pn->app;
	char path[DIAG_PATH_MAX], allowed[256], sym[64];
	const struct param *p = NULL;

	buf[0] = '\0';
	if (f->nrows == 0) {
		snprintf(buf, n, "the %s model has no %s fields; its parameters are in "
			 "other panes", a->cfg.family->schema.name, pn->ops->title);
		return;
	}
	if (f->sel < 0)
		return;
	const struct row *r = &f->rows[f->sel];
	if (r->kind == R_ADD) {
		snprintf(buf, n, "%s: %s (at most %zu items)", r->list, r->p->help, r->p->max_items);
		return;
	}
	form_selected_path(pn, path, sizeof path);
	char cur[CFG_TEXT_MAX];
	if (!path[0] || param_get_path(app_edit_cfg(a)->family->schema.params, config_cbody(app_edit_cfg(a)), path, cur,
				       sizeof cur, &p))
		return;
	const char *last = strrchr(path, '.');
	last = last ? last + 1 : path;
	app_symbol(a, p->symbol && strcmp(p->symbol, last) != 0 ? p->symbol : "", sym, sizeof sym);
	snprintf(buf, n, "%s%s%s%s%s%s: %s; allowed: %s%s", path, sym[0] ? " " : "", sym,
		 p->unit && *p->unit ? " [" : "", p->unit && *p->unit ? p->unit : "",
		 p->unit && *p->unit ? "]" : "", p->help, param_allowed(p, allowed, sizeof allowed),
		 (p->flags & PF_OPTIONAL) && cur[0] ? " (x clears it)" : "");
}

unsigned form_click(struct pane *pn, int x, int y)
{
	struct form *f = pn->data;
	long i = f->top + y - 1;

	if (y < 1 || i < 0 || i >= (long)f->nrows || !selectable(&f->rows[i]))
		return K_HANDLED;
	f->sel = i;
	if (f->rows[i].kind == R_ITEM)
		for (int k = 0; k < f->ncolx; k++)
			if (f->col_x[k] >= 0 && x >= f->col_x[k] - 1 && x <= f->col_x[k] + f->col_w[k])
				f->col = k;
	return K_HANDLED | K_REDRAW | K_STATUS;
}

bool form_cmdline(struct pane *pn, struct strbuf *b)
{
	(void)pn;
	/* The derived values beside the fields come from the summary. */
	strbuf_puts(b, "-o summary");
	return true;
}
