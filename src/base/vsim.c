/* vsim.c: a model against its simulation, row by row (see vsim.h). */
#include "base/vsim.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int vsim_lower(const struct table *t)
{
	return table_role(t, COL_LOWER);
}

int vsim_upper(const struct table *t)
{
	return table_role(t, COL_UPPER);
}

int vsim_value(const struct table *t)
{
	int lc = vsim_lower(t);
	return lc > 0 ? t->cols[lc].of : -1;
}

int vsim_model(const struct table *t)
{
	int sv = vsim_value(t);
	for (int c = 1; c < sv; c++)
		if (t->cols[c].role == COL_VALUE && t->cols[c].kind == COL_NUM)
			return c;
	return -1;
}

double vsim_delta(double model, double sim)
{
	if (!isfinite(model) || !isfinite(sim) || sim == 0)
		return NAN;
	return 100 * (model - sim) / sim;
}

unsigned vsim_flags(const struct table *t, size_t r)
{
	int sv = vsim_value(t);
	unsigned f = 0;

	if (table_row_role(t, r) == ROW_FAILED)
		return VSIM_FAILED;
	if (sv > 0 && isinf(table_get(t, r, (size_t)sv)))
		f |= VSIM_SATURATED;
	for (size_t c = 1; sv > 0 && c < t->ncols; c++)
		if (t->cols[c].role == COL_SETTLED && t->cols[c].of == sv &&
		    table_get(t, r, c) == 0)
			f |= VSIM_UNSETTLED;
	return f;
}

const char *vsim_flags_text(unsigned flags, char *buf, size_t n)
{
	static const char *const word[] = { "saturated", "unsettled", "failed" };
	size_t len = 0;

	if (n)
		buf[0] = '\0';
	for (unsigned k = 0; k < 3 && n; k++)
		if (flags & (1u << k)) {
			int w = snprintf(buf + len, n - len, "%s%s", len ? "+" : "", word[k]);
			if (w < 0 || (size_t)w >= n - len)
				break;
			len += (size_t)w;
		}
	return buf;
}

size_t vsim_classes(const struct table *t, struct vsim_class *out, size_t max)
{
	static const enum col_measure order[] = { CM_INTRA, CM_INTER, CM_GROUP };
	int sv = vsim_value(t);
	size_t n = 0;

	if (sv < 0 || vsim_model(t) < 0)
		return 0;
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
		for (int c = 1; c < sv && n < max; c++) {
			const struct column *m = &t->cols[c];
			if (m->measure != order[k] || m->of != -1 || m->kind != COL_NUM ||
			    m->refines >= 0)
				continue;
			int s = table_measure_group(t, order[k], sv, order[k] == CM_GROUP ? m->group
						    : -1);
			if (s < 0)
				continue;
			out[n++] = (struct vsim_class){ order[k], order[k] == CM_GROUP ? m->group : -1,
							c, s, table_refined(t, c) };
		}
	return n;
}

int vsim_add_cols(struct table *t)
{
	int sv = vsim_value(t), mv = vsim_model(t);
	if (sv < 0 || mv < 0 || t->nomem)
		return t->nomem ? -1 : 0;
	/* columns are added to an empty table only: move the rows aside */
	struct table rows;
	int rv = table_refined(t, mv);
	char lab[64];

	if (table_copy(&rows, t))
		return t->nomem = true, -1;
	table_free(t);
	if (table_copy_shape(t, &rows)) {
		table_free(&rows);
		return t->nomem = true, -1;
	}
	snprintf(lab, sizeof lab, "%s against %s, %% of %s", rows.cols[mv].name,
		 rows.cols[sv].name, rows.cols[sv].name);
	int dc = table_add_col(t, "sim_delta", "%", lab, COL_NUM);
	table_set_role(t, (size_t)dc, COL_DELTA, mv);
	int dr = -1;
	if (rv > 0) {
		snprintf(lab, sizeof lab, "%s against %s, %% of %s", rows.cols[rv].name,
			 rows.cols[sv].name, rows.cols[sv].name);
		dr = table_add_col(t, "sim_delta_refined", "%", lab, COL_NUM);
		table_set_role(t, (size_t)dr, COL_DELTA, rv);
	}
	int fc = table_add_col(t, "sim_flags", "", "saturated, unsettled (did not settle), failed",
			       COL_TEXT);
	table_set_role(t, (size_t)fc, COL_FLAGS, sv);
	for (size_t r = 0; r < rows.nrows && !t->nomem; r++) {
		char fl[48];
		long n = table_add_row(t);
		if (n < 0)
			break;
		for (size_t c = 0; c < rows.ncols; c++) {
			if (rows.cols[c].kind == COL_TEXT)
				table_set_text(t, r, c, table_get_text(&rows, r, c));
			else
				table_set(t, r, c, table_get(&rows, r, c));
		}
		if (rows.tag) {
			table_set_group(t, r, table_group(&rows, r));
			table_set_row_role(t, r, table_row_role(&rows, r));
			table_set_about(t, r, table_about(&rows, r));
			table_set_row_note(t, r, table_row_note(&rows, r));
		}
		double s = table_get(&rows, r, (size_t)sv);
		table_set(t, r, (size_t)dc, vsim_delta(table_get(&rows, r, (size_t)mv), s));
		if (dr >= 0)
			table_set(t, r, (size_t)dr, vsim_delta(table_get(&rows, r, (size_t)rv), s));
		table_set_text(t, r, (size_t)fc, vsim_flags_text(vsim_flags(&rows, r), fl, sizeof fl));
	}
	table_free(&rows);
	return t->nomem ? -1 : 0;
}
