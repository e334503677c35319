/* fulltext.c: the `i` overlay, every cut text in full (see fulltext.h). */
#include "ui/fulltext.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/write.h"
#include "ui/draw.h"
#include "ui/frame.h"
#include "ui/style.h"

/* t as `icnx --batch` prints it (table format), each line verbatim. */
static void add_table(struct app *a, const struct table *t, struct strbuf *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct write_meta meta = { a->cfg.family->schema.name, a->l->name, NULL };

	if (!fp) {
		strbuf_puts(out, "(out of memory)\n");
		return;
	}
	write_table(fp, t, FMT_TABLE, &meta);
	fclose(fp);
	for (char *line = buf; line && *line;) {
		char *nl = strchr(line, '\n');
		strbuf_puts(out, "\t");
		strbuf_add(out, line, nl ? (size_t)(nl - line) : strlen(line));
		strbuf_puts(out, "\n");
		line = nl ? nl + 1 : NULL;
	}
	free(buf);
}

/* The status line's content, uncut. */
static void add_status(struct app *a, struct strbuf *out)
{
	char num[32], sym[32];
	double frac;
	bool busy = a->worker && worker_busy(a->worker, &frac, NULL);

	strbuf_printf(out, "Status\n  %s%s", a->l->name, app_modified(a) ? " (edited)" : "");
	if (busy || a->res.gen != a->gen)
		strbuf_printf(out, ", computing %.0f%%", busy ? 100 * frac : 0.0);
	if (a->res.gen == a->gen) {
		double sat = app_saturation(a);
		if (!isnan(sat))
			strbuf_printf(out, ", %s* = %s",
				      app_symbol(a, a->cfg.family->x.symbol, sym, sizeof sym),
				      draw_num(sat, 10, num, sizeof num));
	}
	strbuf_puts(out, "\n");
	if (a->have_draft)
		strbuf_printf(out, "  incomplete edit: %s\n", a->draft_msg);
	if (a->msg[0])
		strbuf_printf(out, "  %s%s\n", a->msg_err ? "error: " : "", a->msg);
	if (a->res.error_gen == a->gen && a->res.error[0])
		strbuf_printf(out, "  failed: %s\n", a->res.error);
	if (app_sim_refusal(a, NULL))
		strbuf_printf(out, "  simulation refused: %s\n", app_sim_refusal(a, NULL));
	/* every failed simulated point, its load as shown and the whole reason */
	size_t done, total;
	bool running;
	const struct table *st = &a->res.slot[SLOT_SLOW].table;
	if (app_sim_is_curve(a) && app_sim_state(a, &done, &total, &running) &&
	    a->res.slot[SLOT_SLOW].gen == a->gen)
		for (size_t r = 0; r < st->nrows; r++)
			if (table_row_role(st, r) == ROW_FAILED)
				strbuf_printf(out, "  simulated point %zu of %zu, %s = %s %s, failed: %s\n",
					      r + 1, st->nrows, st->cols[0].name,
					      draw_num(table_get(st, r, 0), 10, num, sizeof num),
					      st->cols[0].unit, table_row_note(st, r)
					      ? table_row_note(st, r) : "");
}

/* The plot's curve at the cursor: every column, with its unit. */
static void add_curve_point(struct app *a, struct strbuf *out)
{
	const struct table *t = &a->res.slot[SLOT_CURVE].table;
	char num[32];
	long best = -1;
	double bd = INFINITY;

	if (t->ncols < 2 || t->nrows == 0 || isnan(a->view.at))
		return;
	for (size_t r = 0; r < t->nrows; r++) {
		double d = fabs(table_get(t, r, 0) - a->view.at);
		if (d < bd) {
			bd = d;
			best = (long)r;
		}
	}
	strbuf_printf(out, "\nThe curve at the cursor (row %ld of %zu)\n", best + 1, t->nrows);
	for (size_t c = 0; c < t->ncols; c++) {
		const char *s = t->cols[c].kind == COL_TEXT ? table_get_text(t, (size_t)best, c)
			: draw_num(table_get(t, (size_t)best, c), 10, num, sizeof num);
		strbuf_printf(out, "\t  %-24s %s %s\n", t->cols[c].name, s ? s : "",
			      t->cols[c].unit);
	}
}

void fulltext_build(struct app *a, struct strbuf *out)
{
	struct pane *p = &a->pane[a->focus];
	char hint[1024];

	add_status(a, out);
	hint[0] = '\0';
	if (p->ops->hint)
		p->ops->hint(p, hint, sizeof hint);
	if (hint[0])
		strbuf_printf(out, "\nHint (%s pane)\n  %s\n", p->ops->name, hint);
	if (a->focus == P_TABLE && a->res.slot[SLOT_DETAIL].table.ncols > 0) {
		strbuf_printf(out, "\nBreakdown%s%s\n", a->res.slot[SLOT_DETAIL].refusal[0] ? ", instead of " : "",
			      a->res.slot[SLOT_DETAIL].refusal);
		add_table(a, &a->res.slot[SLOT_DETAIL].table, out);
	} else if (a->focus == P_HEAT) {
		if (a->res.slot[SLOT_MATRIX].refusal[0])
			strbuf_printf(out, "\nHeatmap: shown instead of %s\n", a->res.slot[SLOT_MATRIX].refusal);
		if (a->res.slot[SLOT_CELL].table.ncols > 0) {
			strbuf_puts(out, "\nThe cell under the cursor\n");
			add_table(a, &a->res.slot[SLOT_CELL].table, out);
		} else if (a->res.slot[SLOT_MATRIX].table.ncols > 0 && a->res.slot[SLOT_MATRIX].table.ncols <= 16) {
			strbuf_puts(out, "\nHeatmap\n");
			add_table(a, &a->res.slot[SLOT_MATRIX].table, out);
		}
	} else if (a->focus == P_PLOT) {
		add_curve_point(a, out);
	}
}

/* Append line to out broken into pieces of at most w columns: at spaces
 * when it can, inside a word when it must (nothing is ever cut). */
static void wrap_line(const char *line, int w, struct strbuf *out)
{
	int indent = 0;
	bool first = true;

	while (line[indent] == ' ')
		indent++;
	if (indent > w / 2)
		indent = 0;
	if (w < 8)
		w = 8;
	while (*line) {
		if (!first) {
			strbuf_printf(out, "%*s", indent, "");
		}
		/* The longest prefix of at most w columns, ending at a space if any. */
		int cols = 0;
		size_t k = 0, cut = 0;
		while (line[k] && cols < w) {
			unsigned char ch = (unsigned char)line[k];
			size_t n = ch < 0x80 ? 1 : ch < 0xe0 ? 2 : ch < 0xf0 ? 3 : 4;
			k += n;
			cols++;
			if (line[k] == ' ')
				cut = k;
		}
		if (!line[k])
			cut = k;
		else if (cut == 0)
			cut = k;
		strbuf_add(out, line, cut);
		strbuf_puts(out, "\n");
		line += cut;
		while (*line == ' ')
			line++;
		if (first)
			w -= indent;    /* continuation lines are indented */
		first = false;
	}
}

void fulltext_draw(struct app *a, struct canvas *c)
{
	struct strbuf b;
	int w = c->width - 4, rows = c->height - 2, lines = 0, widest = 0;

	frame_draw(c, "in full: q, Esc or i closes; arrows scroll", a->utf8);
	if (!a->fulltext || w < 4 || rows < 1)
		return;
	strbuf_init(&b);
	/* Prose wrapped; verbatim lines kept whole (marked by '\t'). */
	for (const char *s = a->fulltext; *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		char *line = malloc(len + 1);
		if (!line)
			break;
		memcpy(line, s, len);
		line[len] = '\0';
		if (line[0] == '\t') {
			strbuf_puts(&b, line);
			strbuf_puts(&b, "\n");
			if (draw_width(line + 1) > widest)
				widest = draw_width(line + 1);
		} else if (!line[0]) {
			strbuf_puts(&b, "\n");
		} else {
			wrap_line(line, w, &b);
		}
		free(line);
		s = nl ? nl + 1 : s + len;
	}
	for (const char *s = b.s ? b.s : ""; *s; s++)
		lines += *s == '\n';
	if (a->text_scroll > lines - rows)
		a->text_scroll = lines - rows;
	if (a->text_scroll < 0)
		a->text_scroll = 0;
	if (a->text_hscroll > widest - w)
		a->text_hscroll = widest - w;
	if (a->text_hscroll < 0)
		a->text_hscroll = 0;
	int ln = 0, y = 1;
	for (char *line = b.s; line && *line; ln++) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (ln >= a->text_scroll && y <= rows) {
			if (line[0] == '\t') {
				const char *v = line + 1;
				for (int k = 0; k < a->text_hscroll && *v; k++) {
					unsigned char ch = (unsigned char)*v;
					v += ch < 0x80 ? 1 : ch < 0xe0 ? 2 : ch < 0xf0 ? 3 : 4;
				}
				draw_text(c, 2, y++, w, v, STY_NORMAL);
			} else {
				bool head = line[0] != ' ';
				draw_text(c, 2, y++, w, line, head ? STY_TITLE : STY_NORMAL);
			}
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	char more[64];
	if (lines > rows || widest > w) {
		snprintf(more, sizeof more, " %d/%d%s ", a->text_scroll + rows < lines ?
			 a->text_scroll + rows : lines, lines,
			 widest > w ? (a->text_hscroll > 0 ? "  <-" : "  ->") : "");
		draw_text_right(c, 1, c->height - 1, c->width - 3, more, UI_FRAME);
	}
	strbuf_free(&b);
}
