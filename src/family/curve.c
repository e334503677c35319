/* curve.c: the one curve engine (see curve.h). */
#include "family/curve.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "config/config.h"
#include "family/outkit.h"

struct curve_cols {
	struct table *t;
	unsigned *flags;        /* per column of t (the x column's is 0) */
	size_t cap;
};

int curve_col(struct curve_cols *c, const char *name, const char *unit, const char *label,
	      unsigned flags)
{
	struct table *t = c->t;
	if (t->ncols + 1 > c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		unsigned *f = realloc(c->flags, cap * sizeof *f);
		if (!f)
			return -1;
		c->flags = f;
		c->cap = cap;
	}
	int k = table_add_col(t, name, unit, label, COL_NUM);
	if (k < 0)
		return -1;
	c->flags[k] = flags;
	if (flags & CC_PART)
		table_set_role(t, (size_t)k, COL_COMPONENT, 1);
	if ((flags & CC_PART) && (flags & CC_SOURCE_WAIT))
		table_set_measure(t, (size_t)k, CM_SOURCE_WAIT);
	if ((flags & CC_PART) && (flags & CC_QUEUE_WAIT))
		table_set_measure(t, (size_t)k, CM_QUEUE_WAIT);
	return 0;
}

void curve_col_symbol(struct curve_cols *c, const char *symbol)
{
	if (c->t->ncols > 0)
		table_set_symbol(c->t, c->t->ncols - 1, symbol);
}

void curve_col_class(struct curve_cols *c, enum col_measure m, int g)
{
	if (c->t->ncols == 0)
		return;
	table_set_measure(c->t, c->t->ncols - 1, m);
	table_set_col_group(c->t, c->t->ncols - 1, g);
}

int curve_col_refines(struct curve_cols *c, const char *printed)
{
	int p = table_col(c->t, printed);
	if (c->t->ncols == 0 || p < 0 || (size_t)p + 1 >= c->t->ncols)
		return -1;
	table_set_refines(c->t, c->t->ncols - 1, p);
	return 0;
}

void curve_title(struct curve_cols *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->t->title, sizeof c->t->title, fmt, ap);
	va_end(ap);
}

unsigned curve_axis_spacing(const struct x_axis *x)
{
	return (x->log ? CURVE_LOG : 0) | (x->whole ? CURVE_WHOLE : 0);
}

double curve_x(double from, double to, size_t n, size_t k, unsigned spacing)
{
	bool lg = spacing & CURVE_LOG;
	if (k == 0)
		return from;
	if (k + 1 == n)
		return to;
	double f = (double)k / (double)(n - 1);
	double x = lg && from > 0 && to > 0 ? from * pow(to / from, f) : from + (to - from) * f;
	if ((spacing & CURVE_WHOLE) && floor(to) - ceil(from) >= (double)(n - 1)) {
		/* Whole units, distinct: a convex (or linear) sweep whose value
		 * passes from + k steps by at least 1 from then on. */
		double w = round(x), low = ceil(from) + (double)k;
		double high = floor(to) - (double)(n - 1 - k);
		x = w < low ? low : w > high ? high : w;
	}
	return x;
}

void curve_spacing(double from, double to, size_t n, unsigned spacing, double *xs)
{
	for (size_t k = 0; k < n; k++)
		xs[k] = curve_x(from, to, n, k, spacing);
}

/* The x values of the run (see curve.h); *owned is freed by the caller. */
static int x_values(const struct curve_ops *ops, void *state, const struct config *cfg,
		    const struct run_req *req, const double **x, size_t *n, double **owned,
		    struct diag *d)
{
	*owned = NULL;
	if (req->x) {
		*x = req->x;
		*n = req->nx;
		return 0;
	}
	if (ops->points) {
		int rc = ops->points(state, owned, n, d);
		*x = *owned;
		return rc;
	}
	double from, to;
	const struct family *f = cfg->family;
	int rc = f->sweep(cfg, req, &from, &to, n, d);
	if (rc)
		return rc;
	double *xs = malloc((*n ? *n : 1) * sizeof *xs);
	if (!xs)
		return diag_set(d, "", "out of memory");
	curve_spacing(from, to, *n, curve_axis_spacing(&f->x), xs);
	*x = *owned = xs;
	return 0;
}

/* The saturation rule on one evaluated row (see curve.h).  Returns 0, or -1
 * with *d naming the offending column. */
static int check_row(const struct table *t, const unsigned *flags, const double *v,
		     double x, int st, struct diag *d)
{
	for (size_t c = 1; c < t->ncols; c++) {
		double y = v[c - 1];
		unsigned fl = flags[c];
		bool own = fl & CC_OWN_SATURATION;  /* its own model: checked anyway */
		if (st == CURVE_SATURATED && (fl & CC_SATURATES) && !own)
			continue;
		if (isnan(y) && (fl & CC_OPTIONAL || (st == CURVE_SATURATED && !own)))
			continue;
		if (isinf(y) && y > 0 && (fl & CC_OWN_SATURATION))
			continue;
		/* Beyond saturation a utilisation may grow without bound. */
		if ((isfinite(y) || (st == CURVE_SATURATED && y > 0)) && (y >= 0 || fl & CC_SIGNED))
			continue;
		return diag_set(d, "", "model error: %s = %g at %s = %g (a model result must "
				"be finite and non-negative, or saturated)", t->cols[c].name, y,
				t->cols[0].name, x);
	}
	return 0;
}

int curve_run(const struct curve_ops *ops, const struct config *cfg,
	      const struct run_req *req, struct table *t, struct diag *d)
{
	const struct x_axis *ax = &cfg->family->x;
	struct curve_cols cols = { t, NULL, 0 };
	void *state = NULL, *own_prep = NULL;
	double *owned = NULL, *v = NULL;
	const double *x = NULL;
	size_t nx = 0;
	char label[sizeof t->cols[0].label];
	struct run_req rq = *req;

	/* One prepared model for the whole run (the sweep and the points). */
	int rc = family_prepared(cfg, req, &rq.prepared, &own_prep, d);
	if (rc)
		return rc;
	req = &rq;
	rc = ops->open(cfg, req, &state, d);
	if (rc) {
		family_release(cfg->family, own_prep);
		return rc;
	}
	rc = -1;
	snprintf(label, sizeof label, "%s %s", ax->label, ax->symbol);
	if (curve_col(&cols, ax->name, ax->unit, label, 0) < 0)
		goto nomem;
	table_set_role(t, 0, COL_X, -1);
	if (ops->columns(state, cfg, &cols) < 0)
		goto nomem;
	v = malloc(t->ncols * sizeof *v);
	if (!v)
		goto nomem;
	rc = x_values(ops, state, cfg, req, &x, &nx, &owned, d);
	if (rc)
		goto out;
	for (size_t k = 0; k < nx; k++) {
		if (req_cancelled(req)) {
			rc = 1;
			goto out;
		}
		for (size_t c = 0; c + 1 < t->ncols; c++)
			v[c] = NAN;
		int st = ops->eval(state, x[k], v, req, d);
		if (st == 1 || st < 0) {
			rc = st;
			goto out;
		}
		if (check_row(t, cols.flags, v, x[k], st, d)) {
			rc = -1;
			goto out;
		}
		long r = table_add_row(t);
		if (r < 0)
			goto nomem;
		table_set(t, (size_t)r, 0, x[k]);
		for (size_t c = 1; c < t->ncols; c++)
			table_set(t, (size_t)r, c, st == CURVE_SATURATED && cols.flags[c] & CC_SATURATES &&
				  !(cols.flags[c] & CC_OWN_SATURATION) ? INFINITY : v[c - 1]);
		req_point_done(req, t, k + 1, nx);
	}
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	free(v);
	free(owned);
	free(cols.flags);
	if (ops->close)
		ops->close(state);
	family_release(cfg->family, own_prep);
	return rc;
}
