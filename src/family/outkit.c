/* outkit.c: helpers shared by the families' outputs (see outkit.h). */
#include "family/outkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

bool req_cancelled(const struct run_req *req)
{
	return req->cancel && atomic_load(req->cancel);
}

void req_progress(const struct run_req *req, double fraction)
{
	if (req->progress)
		req->progress(req->progress_ctx, fraction);
}

int summary_cols(struct table *t)
{
	if (table_add_col(t, "quantity", "", "quantity", COL_TEXT) < 0 ||
	    table_add_col(t, "value", "", "value", COL_NUM) < 0 ||
	    table_add_col(t, "unit", "", "unit", COL_TEXT) < 0 ||
	    table_add_col(t, "symbol", "", "symbol", COL_TEXT) < 0 ||
	    table_add_col(t, "note", "", "note", COL_TEXT) < 0)
		return -1;
	return 0;
}

int summary_row(struct table *t, const char *quantity, double value, const char *unit,
		const char *symbol, const char *note)
{
	long r = table_add_row(t);
	if (r < 0 || table_set_text(t, (size_t)r, 0, quantity) ||
	    table_set_text(t, (size_t)r, 2, unit) || table_set_text(t, (size_t)r, 3, symbol) ||
	    table_set_text(t, (size_t)r, 4, note))
		return -1;
	table_set(t, (size_t)r, 1, value);
	return 0;
}

int matrix_cols(struct table *t, size_t n, const char *first, const char *label)
{
	char name[24];
	if (table_add_col(t, first, "", label, COL_TEXT) < 0)
		return -1;
	for (size_t j = 0; j < n; j++) {
		snprintf(name, sizeof name, "%zu", j);
		if (table_add_col(t, name, "", name, COL_NUM) < 0)
			return -1;
	}
	return 0;
}
