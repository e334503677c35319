/* outkit.c: helpers shared by the families' outputs (see outkit.h). */
#include "family/family.h"
#include "family/outkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool req_cancelled(const struct run_req *req)
{
	return req->cancel && atomic_load(req->cancel);
}

void req_progress(const struct run_req *req, double fraction)
{
	if (req->progress)
		req->progress(req->progress_ctx, fraction);
}

void req_point_done(const struct run_req *req, struct table *t, size_t done, size_t total)
{
	req_progress(req, (double)done / (double)total);
	if (req->publish && done < total) {
		t->partial = true;
		req->publish(req->publish_ctx, t);
		t->partial = false;
	}
}

int summary_cols(struct table *t)
{
	if (table_add_col(t, "quantity", "", "quantity", COL_TEXT) < 0 ||
	    table_add_col(t, "value", "", "value", COL_NUM) < 0 ||
	    table_add_col(t, "unit", "", "unit", COL_TEXT) < 0 ||
	    table_add_col(t, "symbol", "", "symbol", COL_TEXT) < 0 ||
	    table_add_col(t, "note", "", "note", COL_TEXT) < 0)
		return -1;
	t->layout = TL_SUMMARY;
	return 0;
}

int summary_row(struct table *t, const char *quantity, double value, const char *unit,
		const char *symbol, const char *note)
{
	long r = table_add_row(t);
	if (r < 0 || table_set_text(t, (size_t)r, SUM_QUANTITY, quantity) ||
	    table_set_text(t, (size_t)r, SUM_UNIT, unit) ||
	    table_set_text(t, (size_t)r, SUM_SYMBOL, symbol) ||
	    table_set_text(t, (size_t)r, SUM_NOTE, note))
		return -1;
	table_set(t, (size_t)r, SUM_VALUE, value);
	return 0;
}

int summary_row_as(struct table *t, enum row_role role, const char *quantity, double value,
		   const char *unit, const char *symbol, const char *note)
{
	if (summary_row(t, quantity, value, unit, symbol, note))
		return -1;
	return table_set_row_role(t, t->nrows - 1, role);
}

int summary_row_about(struct table *t, const struct param *about, const char *quantity,
		      double value, const char *unit, const char *symbol, const char *note)
{
	if (summary_row(t, quantity, value, unit, symbol, note))
		return -1;
	return table_set_about(t, t->nrows - 1, about);
}

int summary_group_row(struct table *t, int g, const char *what, double value,
		      const char *unit, const char *symbol, const char *note)
{
	char q[160];
	snprintf(q, sizeof q, "group%d.%s", g, what);
	if (summary_row(t, q, value, unit, symbol, note))
		return -1;
	return table_set_group(t, t->nrows - 1, g);
}

/* True when quantity names a real input of the configuration whose allowed
 * range includes negative numbers (such as Gamma, a fitted correction) and
 * v is its configured value: an echo of the input, not a model result. */
static bool signed_input(const struct param *fields, const void *base, const char *quantity,
			 double v)
{
	for (const struct param *p = fields; p && p->type != PT_END; p++) {
		if (p->type == PT_SECTION) {
			if (signed_input(p->sub, (const char *)base + p->off, quantity, v))
				return true;
		} else if (p->type == PT_REAL && p->min < 0 && strcmp(p->key, quantity) == 0) {
			double x;
			memcpy(&x, (const char *)base + p->off, sizeof x);
			if (x == v)
				return true;
		}
	}
	return false;
}

int summary_check(const struct config *cfg, const struct table *t, struct diag *d)
{
	if (t->layout != TL_SUMMARY)
		return 0;
	for (size_t r = 0; r < t->nrows; r++) {
		double v = table_get(t, r, SUM_VALUE);
		if (v < 0 && cfg && signed_input(cfg->family->schema.params, config_cbody(cfg),
						 table_get_text(t, r, SUM_QUANTITY), v))
			continue;
		if (!(v >= 0))   /* NaN, negative, -inf; +inf (saturated) passes */
			return diag_set(d, "", "model error: %s = %g (a model result must be a "
					"finite non-negative number, or saturated)",
					table_get_text(t, r, SUM_QUANTITY), v);
	}
	return 0;
}

int output_run(const struct output_desc *o, const struct config *cfg,
	       const struct run_req *req, struct table *t, struct diag *d)
{
	int rc = o->run(cfg, req, t, d);
	if (rc == 0 && t->nomem)      /* a failure the producer did not see */
		return diag_set(d, "", "out of memory");
	if (rc == 0 && summary_check(cfg, t, d))
		return -1;
	return rc;
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
