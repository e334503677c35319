/* viewdraw.c: bars and text views of output tables (see viewdraw.h). */
#include "ui/viewdraw.h"

#include "render/axis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/style.h"

void vd_bars_free(struct vd_bars *b)
{
	if (!b)
		return;
	free(b->labels);
	free(b->label_ptrs);
	free(b->values);
	memset(b, 0, sizeof *b);
}

/* Is column c a series (numeric, the unit of the second column)? */
static bool is_series(const struct table *t, size_t c)
{
	return c >= 1 && t->cols[c].kind == COL_NUM && strcmp(t->cols[c].unit, t->cols[1].unit) == 0;
}

int vd_bars_from_table(const struct table *t, struct vd_bars *b)
{
	int sc[BARS_MAX_SERIES];
	char num[32];

	memset(b, 0, sizeof *b);
	if (!t || t->ncols < 2 || t->nrows == 0 || t->cols[1].kind != COL_NUM)
		return -1;
	for (size_t c = 1; c < t->ncols && b->nseries < BARS_MAX_SERIES; c++)
		if (is_series(t, c))
			sc[b->nseries++] = (int)c;
	b->ncat = (int)t->nrows;
	b->labels = calloc((size_t)b->ncat, sizeof *b->labels);
	b->label_ptrs = calloc((size_t)b->ncat, sizeof *b->label_ptrs);
	b->values = calloc((size_t)b->ncat * (size_t)b->nseries, sizeof *b->values);
	if (!b->labels || !b->label_ptrs || !b->values) {
		vd_bars_free(b);
		return -1;
	}
	for (int s = 0; s < b->nseries; s++) {
		b->names[s] = t->cols[sc[s]].name;
		for (int k = 0; k < b->ncat; k++)
			b->values[(size_t)s * (size_t)b->ncat + (size_t)k] =
				table_get(t, (size_t)k, (size_t)sc[s]);
	}
	for (int k = 0; k < b->ncat; k++) {
		char *l = b->labels[k];
		size_t len;
		if (t->cols[0].kind == COL_TEXT) {
			const char *s = table_get_text(t, (size_t)k, 0);
			snprintf(l, VD_LABEL_MAX, "%s", s ? s : "");
		} else {
			draw_num(table_get(t, (size_t)k, 0), 4, l, VD_LABEL_MAX);
		}
		/* The other columns as text: "4 (44 nodes)". */
		bool open = false;
		for (size_t c = 1; c < t->ncols; c++) {
			if (is_series(t, c))
				continue;
			const char *s;
			if (t->cols[c].kind == COL_TEXT) {
				s = table_get_text(t, (size_t)k, c);
				if (!s || !*s)
					continue;
			} else {
				double v = table_get(t, (size_t)k, c);
				if (isnan(v))
					continue;
				/* Large counts compact ("82.1M"): the label must fit
				 * beside its bar at 80x24. */
				s = fabs(v) >= 1e4 ? axis_fmt_value(num, sizeof num, v)
						   : draw_num(v, 4, num, sizeof num);
			}
			len = strlen(l);
			snprintf(l + len, VD_LABEL_MAX - len, "%s%s%s%s", open ? ", " : " (", s,
				 t->cols[c].kind == COL_NUM && t->cols[c].unit[0] ? " " : "",
				 t->cols[c].kind == COL_NUM ? t->cols[c].unit : "");
			open = true;
		}
		len = strlen(l);
		if (open && len + 1 < VD_LABEL_MAX)
			snprintf(l + len, VD_LABEL_MAX - len, ")");
		b->label_ptrs[k] = l;
	}
	b->cat_name = t->cols[0].name;
	b->unit = t->cols[1].unit[0] ? t->cols[1].unit : NULL;
	return b->nseries > 0 ? 0 : (vd_bars_free(b), -1);
}

enum bars_orient vd_bars_orient(const struct vd_bars *b, int w, int h, bool title)
{
	int hdr = b->nseries > 1 || (b->cat_name && *b->cat_name) ? 1 : 0;
	if (b->nseries * b->ncat + hdr + (title ? 1 : 0) <= h)
		return BARS_HORIZONTAL;
	if (h >= 7 && w >= 8 + b->ncat * (b->nseries + 1))
		return BARS_VERTICAL;
	return BARS_HORIZONTAL;
}

void vd_draw_bars(struct canvas *c, struct canvas_rect r, const struct table *t,
		  const char *title)
{
	struct vd_bars b;
	struct bars_spec s;

	if (r.w <= 0 || r.h <= 0)
		return;
	if (vd_bars_from_table(t, &b)) {
		draw_text(c, r.x + 1, r.y, r.w - 2, "(no numeric series to draw as bars)", STY_DIM);
		return;
	}
	bars_spec_init(&s);
	s.title = title && *title ? title : NULL;
	s.orient = vd_bars_orient(&b, r.w, r.h, s.title != NULL);
	s.ncat = b.ncat;
	s.cat_labels = b.label_ptrs;
	s.cat_name = b.cat_name;
	s.nseries = b.nseries;
	s.series_names = b.names;
	s.values = b.values;
	s.unit = b.unit;
	bars_render(c, r, &s);
	vd_bars_free(&b);
}

/* The column of the lines: the first text column. */
static int text_col(const struct table *t)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].kind == COL_TEXT)
			return (int)c;
	return -1;
}

const char *vd_text_line(const struct table *t, size_t r)
{
	int c = text_col(t);
	const char *s = c >= 0 && r < t->nrows ? table_get_text(t, r, (size_t)c) : NULL;
	return s ? s : "";
}

int vd_text_width(const struct table *t)
{
	int w = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		int l = draw_width(vd_text_line(t, r));
		if (l > w)
			w = l;
	}
	return w;
}

/* Skip n UTF-8 characters of s. */
static const char *skip_chars(const char *s, int n)
{
	while (*s && n > 0) {
		s++;
		while ((*s & 0xc0) == 0x80)
			s++;
		n--;
	}
	return s;
}

void vd_draw_text(struct canvas *c, struct canvas_rect r, const struct table *t, long top,
		  int left)
{
	if (top < 0)
		top = 0;
	if (left < 0)
		left = 0;
	for (int y = 0; y < r.h; y++) {
		long i = top + y;
		if (i >= (long)t->nrows)
			break;
		const char *line = vd_text_line(t, (size_t)i);
		bool emph = line[0] == '*';
		const char *s = skip_chars(line, left);
		draw_text(c, r.x, r.y + y, r.w, s, emph ? UI_EMPH : STY_NORMAL);
		if (emph && left == 0)
			canvas_put(c, &r, r.x, r.y + y, "*", UI_EMPH_MARK);
	}
}

long vd_clamp(long first, long n, long shown)
{
	long max = n - shown;
	if (first > max)
		first = max;
	return first < 0 ? 0 : first;
}

long vd_follow(long first, long cursor, long shown, long n)
{
	if (shown < 1)
		shown = 1;
	if (cursor < first)
		first = cursor;
	else if (cursor >= first + shown)
		first = cursor - shown + 1;
	return vd_clamp(first, n, shown);
}

int vd_zoom_step(int *k, int *cw, int dir, int fit_k, int fit_cw)
{
	if (fit_k < 1)
		fit_k = 1;
	if (fit_cw < 1)
		fit_cw = 1;
	if (dir > 0) {
		if (*k == 0) {
			if (fit_k > 1) {
				int p = 1;
				while (p * 2 < fit_k)
					p *= 2;
				*k = p;
				*cw = 2;
				return 0;
			}
			if (fit_cw >= 3)
				return -1;
			*k = 1;
			*cw = fit_cw + 1;
			return 0;
		}
		if (*k > 1) {
			*k /= 2;
			*cw = 2;
			return 0;
		}
		if (*cw >= 3)
			return -1;
		(*cw)++;
		return 0;
	}
	if (*k == 0)
		return -1;
	if (*k == 1 && *cw > 1 && (*cw > 2 || fit_k <= 1)) {
		(*cw)--;
		if (fit_k <= 1 && *cw <= fit_cw)
			*k = 0;
		return 0;
	}
	*k *= 2;
	*cw = 2;
	if (*k >= fit_k)
		*k = 0;
	return 0;
}
