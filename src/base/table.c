/* table.c: the generic result table (see table.h). */
#include "base/table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void table_init(struct table *t, const char *title)
{
	memset(t, 0, sizeof *t);
	snprintf(t->title, sizeof t->title, "%s", title ? title : "");
}

void table_free(struct table *t)
{
	if (!t)
		return;
	if (t->text) {
		for (size_t i = 0; i < t->nrows * t->ntext; i++)
			free(t->text[i]);
	}
	free(t->text);
	for (size_t r = 0; t->tag && r < t->nrows; r++)
		free(t->tag[r].note);
	free(t->tag);
	free(t->num);
	free(t->cols);
	char title[sizeof t->title];
	memcpy(title, t->title, sizeof title);
	memset(t, 0, sizeof *t);
	memcpy(t->title, title, sizeof title);
}

int table_add_col(struct table *t, const char *name, const char *unit,
		  const char *label, enum col_kind kind)
{
	struct column *c;

	if (t->nrows > 0 || t->nomem)
		return -1;
	c = realloc(t->cols, (t->ncols + 1) * sizeof *c);
	if (!c) {
		t->nomem = true;
		return -1;
	}
	t->cols = c;
	c = &t->cols[t->ncols];
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	snprintf(c->unit, sizeof c->unit, "%s", unit ? unit : "");
	snprintf(c->label, sizeof c->label, "%s", label ? label : name);
	c->kind = kind;
	c->role = kind == COL_TEXT ? COL_LABEL : COL_VALUE;
	c->of = -1;
	c->refines = -1;
	c->group = -1;
	c->text_index = kind == COL_TEXT ? (int)t->ntext++ : -1;
	return (int)t->ncols++;
}

long table_add_row(struct table *t)
{
	if (t->nomem)
		return -1;
	if (t->nrows == t->row_cap) {
		size_t cap = t->row_cap ? t->row_cap * 2 : 16;
		double *num = realloc(t->num, cap * t->ncols * sizeof *num);
		if (!num && t->ncols) {
			t->nomem = true;
			return -1;
		}
		t->num = num;
		if (t->ntext) {
			char **text = realloc(t->text, cap * t->ntext * sizeof *text);
			if (!text) {
				t->nomem = true;
				return -1;
			}
			t->text = text;
		}
		if (t->tag) {
			struct row_tag *tag = realloc(t->tag, cap * sizeof *tag);
			if (!tag) {
				t->nomem = true;
				return -1;
			}
			t->tag = tag;
		}
		t->row_cap = cap;
	}
	for (size_t c = 0; c < t->ncols; c++)
		t->num[t->nrows * t->ncols + c] = NAN;
	for (size_t c = 0; c < t->ntext; c++)
		t->text[t->nrows * t->ntext + c] = NULL;
	if (t->tag)
		t->tag[t->nrows] = (struct row_tag){ -1, ROW_PLAIN, NULL, NULL };
	return (long)t->nrows++;
}

/* The tag of row r, allocating every row's (untagged) on first use; NULL
 * when out of memory (latched). */
static struct row_tag *tag_of(struct table *t, size_t r)
{
	if (t->nomem)
		return NULL;
	if (!t->tag) {
		t->tag = malloc((t->row_cap ? t->row_cap : 1) * sizeof *t->tag);
		if (!t->tag) {
			t->nomem = true;
			return NULL;
		}
		for (size_t i = 0; i < t->row_cap; i++)
			t->tag[i] = (struct row_tag){ -1, ROW_PLAIN, NULL, NULL };
	}
	return &t->tag[r];
}

int table_set_group(struct table *t, size_t r, int g)
{
	struct row_tag *tg = tag_of(t, r);
	if (!tg)
		return -1;
	tg->group = g;
	return 0;
}

int table_set_row_role(struct table *t, size_t r, enum row_role role)
{
	struct row_tag *tg = tag_of(t, r);
	if (!tg)
		return -1;
	tg->role = role;
	return 0;
}

int table_set_about(struct table *t, size_t r, const struct param *about)
{
	struct row_tag *tg = tag_of(t, r);
	if (!tg)
		return -1;
	tg->about = about;
	return 0;
}

int table_set_row_note(struct table *t, size_t r, const char *s)
{
	struct row_tag *tg = tag_of(t, r);
	char *copy = NULL;
	if (!tg)
		return -1;
	if (s && !(copy = strdup(s))) {
		t->nomem = true;
		return -1;
	}
	free(tg->note);
	tg->note = copy;
	return 0;
}

const char *table_row_note(const struct table *t, size_t r)
{
	return t->tag ? t->tag[r].note : NULL;
}

size_t table_count_role(const struct table *t, enum row_role role)
{
	size_t n = 0;
	for (size_t r = 0; t->tag && r < t->nrows; r++)
		n += t->tag[r].role == role;
	return n;
}

const struct param *table_about(const struct table *t, size_t r)
{
	return t->tag ? t->tag[r].about : NULL;
}

enum row_role table_row_role(const struct table *t, size_t r)
{
	return t->tag ? t->tag[r].role : ROW_PLAIN;
}

long table_role_row(const struct table *t, enum row_role role)
{
	for (size_t r = 0; t->tag && r < t->nrows; r++)
		if (t->tag[r].role == role)
			return (long)r;
	return -1;
}

int table_group(const struct table *t, size_t r)
{
	return t->tag ? t->tag[r].group : -1;
}

void table_set(struct table *t, size_t r, size_t c, double v)
{
	if (t->nomem)      /* r may be the -1 of a failed table_add_row */
		return;
	t->num[r * t->ncols + c] = v;
}

int table_set_text(struct table *t, size_t r, size_t c, const char *s)
{
	if (t->nomem)      /* r may be the -1 of a failed table_add_row */
		return -1;
	int k = t->cols[c].text_index;
	if (k < 0)
		return -1;
	char *dup = strdup(s ? s : "");
	if (!dup) {
		t->nomem = true;
		return -1;
	}
	free(t->text[r * t->ntext + (size_t)k]);
	t->text[r * t->ntext + (size_t)k] = dup;
	return 0;
}

int table_add_lines(struct table *t, size_t c, const char *text)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		char *line = malloc(len + 1);
		long r = table_add_row(t);
		if (!line || r < 0) {
			free(line);
			t->nomem = true;
			return -1;
		}
		memcpy(line, text, len);
		line[len] = '\0';
		int bad = table_set_text(t, (size_t)r, c, line);
		free(line);
		if (bad)
			return -1;
		text += len + (nl ? 1 : 0);
	}
	return 0;
}

double table_get(const struct table *t, size_t r, size_t c)
{
	return t->num[r * t->ncols + c];
}

const char *table_get_text(const struct table *t, size_t r, size_t c)
{
	int k = t->cols[c].text_index;
	const char *s = k >= 0 ? t->text[r * t->ntext + (size_t)k] : NULL;
	return s ? s : "";
}

void table_set_role(struct table *t, size_t c, enum col_role role, int of)
{
	if (t->nomem)      /* c may be the -1 of a failed table_add_col */
		return;
	t->cols[c].role = role;
	t->cols[c].of = of;
}

int table_role(const struct table *t, enum col_role role)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].role == role)
			return (int)c;
	return -1;
}

int table_col(const struct table *t, const char *name)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c].name, name) == 0)
			return (int)c;
	return -1;
}

void table_move(struct table *dst, struct table *src)
{
	table_free(dst);
	*dst = *src;
	memset(src, 0, sizeof *src);
}

int table_copy_shape(struct table *dst, const struct table *src)
{
	table_init(dst, src->title);
	for (size_t c = 0; c < src->ncols; c++)
		if (table_add_col(dst, src->cols[c].name, src->cols[c].unit,
				  src->cols[c].label, src->cols[c].kind) < 0) {
			table_free(dst);
			return -1;
		}
	for (size_t c = 0; c < src->ncols; c++) {
		table_set_role(dst, c, src->cols[c].role, src->cols[c].of);
		table_set_measure(dst, c, src->cols[c].measure);
		table_set_symbol(dst, c, src->cols[c].symbol);
		table_set_refines(dst, c, src->cols[c].refines);
		table_set_col_group(dst, c, src->cols[c].group);
	}
	dst->partial = src->partial;
	dst->layout = src->layout;
	dst->samples = src->samples;
	return 0;
}

long table_add_failed(struct table *t, double x, const char *why)
{
	long r = table_add_row(t);
	if (r < 0)
		return -1;
	table_set(t, (size_t)r, 0, x);
	table_set_row_role(t, (size_t)r, ROW_FAILED);
	table_set_row_note(t, (size_t)r, why);
	return t->nomem ? -1 : r;
}

int table_copy(struct table *dst, const struct table *src)
{
	if (table_copy_shape(dst, src))
		return -1;
	for (size_t r = 0; r < src->nrows; r++) {
		if (table_add_row(dst) < 0)
			goto fail;
		for (size_t c = 0; c < src->ncols; c++) {
			if (src->cols[c].kind == COL_TEXT) {
				if (table_set_text(dst, r, c, table_get_text(src, r, c)) < 0)
					goto fail;
			} else {
				table_set(dst, r, c, table_get(src, r, c));
			}
		}
		if (src->tag) {
			if (!tag_of(dst, r))
				goto fail;
			dst->tag[r] = src->tag[r];
			dst->tag[r].note = NULL;
			if (table_set_row_note(dst, r, src->tag[r].note))
				goto fail;
		}
	}
	return 0;
fail:
	table_free(dst);
	return -1;
}

void table_set_measure(struct table *t, size_t c, enum col_measure m)
{
	if (c < t->ncols)
		t->cols[c].measure = m;
}

void table_set_refines(struct table *t, size_t c, int printed)
{
	if (c < t->ncols)
		t->cols[c].refines = printed >= 0 && (size_t)printed < t->ncols ? printed : -1;
}

void table_set_col_group(struct table *t, size_t c, int g)
{
	if (c < t->ncols)
		t->cols[c].group = g >= 0 ? g : -1;
}

int table_measure_group(const struct table *t, enum col_measure m, int of, int g)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].measure == m && t->cols[c].of == of && (g < 0 || t->cols[c].group == g))
			return (int)c;
	return -1;
}

int table_refined(const struct table *t, int printed)
{
	for (size_t c = 0; printed >= 0 && c < t->ncols; c++)
		if (t->cols[c].refines == printed)
			return (int)c;
	return -1;
}

void table_set_symbol(struct table *t, size_t c, const char *symbol)
{
	if (c < t->ncols)
		snprintf(t->cols[c].symbol, sizeof t->cols[c].symbol, "%s", symbol ? symbol : "");
}

const char *table_symbol(const struct table *t, size_t c)
{
	if (c >= t->ncols)
		return "";
	return t->cols[c].symbol[0] ? t->cols[c].symbol : t->cols[c].name;
}

int table_measure(const struct table *t, enum col_measure m, int of)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].measure == m && t->cols[c].of == of)
			return (int)c;
	return -1;
}

long table_nearest_row(const struct table *t, size_t c, double x)
{
	long best = -1;
	double bd = INFINITY;
	for (size_t r = 0; r < t->nrows; r++) {
		double d = fabs(table_get(t, r, c) - x);
		if (d < bd) {
			bd = d;
			best = (long)r;
		}
	}
	return best;
}

int table_join(const struct table *m, const struct table *s, struct table *out)
{
	size_t mc = m->ncols;

	table_init(out, m->title);
	if (m->nrows != s->nrows || s->ncols < 1)
		return -1;
	for (size_t c = 0; c < mc; c++) {
		const struct column *k = &m->cols[c];
		if (table_add_col(out, k->name, k->unit, k->label, k->kind) < 0)
			goto fail;
		table_set_role(out, c, k->role, k->of);
		table_set_measure(out, c, k->measure);
		table_set_symbol(out, c, k->symbol);
		table_set_refines(out, c, k->refines);   /* a model column's index stays */
		table_set_col_group(out, c, k->group);
	}
	for (size_t c = 1; c < s->ncols; c++) {
		const struct column *k = &s->cols[c];
		if (table_add_col(out, k->name, k->unit, k->label, k->kind) < 0)
			goto fail;
		table_set_role(out, mc + c - 1, k->role, k->of >= 0 ? (int)(mc + (size_t)k->of - 1) : -1);
		table_set_measure(out, mc + c - 1, k->measure);
		table_set_symbol(out, mc + c - 1, k->symbol);
		table_set_refines(out, mc + c - 1, k->refines > 0 ? (int)(mc + (size_t)k->refines - 1)
				  : -1);
		table_set_col_group(out, mc + c - 1, k->group);
	}
	out->samples = s->samples;
	out->layout = m->layout;
	for (size_t r = 0; r < m->nrows; r++) {
		if (table_add_row(out) < 0)
			goto fail;
		for (size_t c = 0; c < mc; c++) {
			if (m->cols[c].kind == COL_TEXT) {
				if (table_set_text(out, r, c, table_get_text(m, r, c)) < 0)
					goto fail;
			} else {
				table_set(out, r, c, table_get(m, r, c));
			}
		}
		for (size_t c = 1; c < s->ncols; c++) {
			if (s->cols[c].kind == COL_TEXT) {
				if (table_set_text(out, r, mc + c - 1, table_get_text(s, r, c)) < 0)
					goto fail;
			} else {
				table_set(out, r, mc + c - 1, table_get(s, r, c));
			}
		}
		if (m->tag) {
			table_set_group(out, r, m->tag[r].group);
			table_set_row_role(out, r, m->tag[r].role);
			table_set_about(out, r, m->tag[r].about);
			table_set_row_note(out, r, m->tag[r].note);
		}
		if (table_row_role(s, r) == ROW_FAILED) {
			table_set_row_role(out, r, ROW_FAILED);
			table_set_row_note(out, r, table_row_note(s, r));
		}
		if (out->nomem)
			goto fail;
	}
	return 0;
fail:
	table_free(out);
	return -1;
}
