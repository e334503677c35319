/* write.c: table/CSV/TSV/JSON writers for result tables (see write.h). */
#include "base/write.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/version.h"

const char *const out_format_names[] = { "table", "csv", "tsv", "json", NULL };

int out_format_parse(const char *s)
{
	for (int i = 0; out_format_names[i]; i++)
		if (strcmp(s, out_format_names[i]) == 0)
			return i;
	return -1;
}

char *format_number(double v, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "%s", "");
	else if (isinf(v))
		snprintf(buf, n, "%s", v > 0 ? "inf" : "-inf");
	else if (v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.10g", v);
	return buf;
}

static const char *cell(const struct table *t, size_t r, size_t c, char *buf, size_t n)
{
	if (t->cols[c].kind == COL_TEXT)
		return table_get_text(t, r, c);
	return format_number(table_get(t, r, c), buf, n);
}

/* The aligned table is for people: six significant digits. */
static const char *human_cell(const struct table *t, size_t r, size_t c, char *buf, size_t n)
{
	double v = t->cols[c].kind == COL_TEXT ? 0 : table_get(t, r, c);
	if (t->cols[c].kind == COL_TEXT || !isfinite(v) || (v == floor(v) && fabs(v) < 1e9))
		return cell(t, r, c, buf, n);
	snprintf(buf, n, "%.6g", v);
	return buf;
}

static void csv_field(FILE *fp, const char *s, char sep)
{
	if (sep == ',' && strpbrk(s, ",\"\r\n")) {
		fputc('"', fp);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', fp);
			fputc(*s, fp);
		}
		fputc('"', fp);
	} else if (sep == '\t') {
		for (; *s; s++)
			fputc(*s == '\t' || *s == '\n' ? ' ' : *s, fp);
	} else {
		fputs(s, fp);
	}
}

static void write_sep(FILE *fp, const struct table *t, char sep)
{
	char buf[64];
	for (size_t c = 0; c < t->ncols; c++) {
		if (c)
			fputc(sep, fp);
		csv_field(fp, t->cols[c].name, sep);
	}
	fputc('\n', fp);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				fputc(sep, fp);
			csv_field(fp, cell(t, r, c, buf, sizeof buf), sep);
		}
		fputc('\n', fp);
	}
}

static void json_string(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(fp, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(fp, "\\u%04x", ch);
		else
			fputc(ch, fp);
	}
	fputc('"', fp);
}

static void write_json(FILE *fp, const struct table *t, const struct write_meta *m)
{
	char buf[64];
	fprintf(fp, "{\"format_version\":1,\"generator\":\"icnx %s\"", icnx_version);
	if (m) {
		fputs(",\"model\":", fp);
		json_string(fp, m->model ? m->model : "");
		fputs(",\"preset\":", fp);
		json_string(fp, m->preset ? m->preset : "");
		fputs(",\"output\":", fp);
		json_string(fp, m->output ? m->output : "");
	}
	fputs(",\"title\":", fp);
	json_string(fp, t->title);
	fputs(",\n \"columns\":[", fp);
	for (size_t c = 0; c < t->ncols; c++) {
		fputs(c ? ",\n  {\"name\":" : "\n  {\"name\":", fp);
		json_string(fp, t->cols[c].name);
		fputs(",\"unit\":", fp);
		json_string(fp, t->cols[c].unit);
		fputs(",\"label\":", fp);
		json_string(fp, t->cols[c].label);
		fputc('}', fp);
	}
	fputs("],\n \"rows\":[", fp);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs(r ? ",\n  {" : "\n  {", fp);
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', fp);
			json_string(fp, t->cols[c].name);
			fputc(':', fp);
			if (t->cols[c].kind == COL_TEXT) {
				json_string(fp, table_get_text(t, r, c));
			} else {
				double v = table_get(t, r, c);
				if (isfinite(v))
					fputs(format_number(v, buf, sizeof buf), fp);
				else
					fputs("null", fp);
			}
		}
		if (table_row_role(t, r) == ROW_FAILED) {
			/* why its values are null (table.h: a failed point) */
			fputs(",\"failed\":", fp);
			json_string(fp, table_row_note(t, r) ? table_row_note(t, r) : "");
		}
		fputc('}', fp);
	}
	fputs("]}\n", fp);
}

static void write_aligned(FILE *fp, const struct table *t, const struct write_meta *m)
{
	char buf[64];
	size_t *w = calloc(t->ncols ? t->ncols : 1, sizeof *w);
	if (!w)
		return;
	for (size_t c = 0; c < t->ncols; c++) {
		w[c] = strlen(t->cols[c].name);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t l = strlen(human_cell(t, r, c, buf, sizeof buf));
			if (l > w[c])
				w[c] = l;
		}
	}
	fprintf(fp, "# %s", t->title);
	if (m && m->preset)
		fprintf(fp, " (%s)", m->preset);
	fputc('\n', fp);
	for (size_t c = 0; c < t->ncols; c++) {
		bool text = t->cols[c].kind == COL_TEXT;
		if (c + 1 == t->ncols && text)
			fprintf(fp, "%s%s", c ? "  " : "", t->cols[c].name);
		else
			fprintf(fp, "%s%*s", c ? "  " : "", text ? -(int)w[c] : (int)w[c],
				t->cols[c].name);
	}
	fputc('\n', fp);
	struct strbuf line;
	strbuf_init(&line);
	for (size_t r = 0; r < t->nrows; r++) {
		line.len = 0;
		if (line.s)
			line.s[0] = '\0';
		for (size_t c = 0; c < t->ncols; c++) {
			bool text = t->cols[c].kind == COL_TEXT;
			const char *s = human_cell(t, r, c, buf, sizeof buf);
			if (c + 1 == t->ncols && text)
				strbuf_printf(&line, "%s%s", c ? "  " : "", s);
			else
				strbuf_printf(&line, "%s%*s", c ? "  " : "",
					      text ? -(int)w[c] : (int)w[c], s);
		}
		/* an empty last (text) column leaves no trailing blanks */
		while (line.len > 0 && line.s[line.len - 1] == ' ')
			line.s[--line.len] = '\0';
		fputs(line.s ? line.s : "", fp);
		if (table_row_role(t, r) == ROW_FAILED)
			fprintf(fp, "  failed: %s", table_row_note(t, r) ? table_row_note(t, r) : "");
		fputc('\n', fp);
	}
	strbuf_free(&line);
	free(w);
}

int write_table(FILE *fp, const struct table *t, enum out_format fmt,
		const struct write_meta *meta)
{
	switch (fmt) {
	case FMT_CSV: write_sep(fp, t, ','); break;
	case FMT_TSV: write_sep(fp, t, '\t'); break;
	case FMT_JSON: write_json(fp, t, meta); break;
	default: write_aligned(fp, t, meta); break;
	}
	return ferror(fp) ? -1 : 0;
}
