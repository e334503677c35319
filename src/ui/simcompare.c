/* simcompare.c: model against simulation, part by part (see simcompare.h). */
#include "ui/simcompare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The simulated value: the column with a 95% lower bound; the model's: the
 * first numeric value column before it. */
static int sim_value(const struct table *st)
{
	int lc = table_role(st, COL_LOWER);
	return lc > 0 ? st->cols[lc].of : -1;
}

static int model_value(const struct table *st, int sv)
{
	for (int c = 1; c < sv; c++)
		if (st->cols[c].role == COL_VALUE && st->cols[c].kind == COL_NUM)
			return c;
	return -1;
}

static double cell(const struct table *st, size_t r, int c)
{
	return c >= 0 ? table_get(st, r, (size_t)c) : NAN;
}

bool simcmp_build(const struct table *st, size_t r, struct simcmp *cmp)
{
	memset(cmp, 0, sizeof *cmp);
	int sv = sim_value(st), mv = sv > 0 ? model_value(st, sv) : -1;
	if (sv < 0 || mv < 0 || r >= st->nrows)
		return false;
	int lc = table_role(st, COL_LOWER), uc = table_role(st, COL_UPPER);
	struct simcmp_row *w = &cmp->row[cmp->n++];
	snprintf(w->label, sizeof w->label, "%s", table_symbol(st, (size_t)mv));
	w->model = cell(st, r, mv);
	w->sim = cell(st, r, sv);
	w->lo = uc > 0 ? cell(st, r, lc) : NAN;
	w->hi = uc > 0 ? cell(st, r, uc) : NAN;

	int mw = table_measure(st, CM_SOURCE_WAIT, mv), sw = table_measure(st, CM_SOURCE_WAIT, sv);
	if (mw > 0 && sw > 0) {
		w = &cmp->row[cmp->n++];
		snprintf(w->label, sizeof w->label, "%s", table_symbol(st, (size_t)mw));
		w->model = cell(st, r, mw);
		w->sim = cell(st, r, sw);
		w->lo = w->hi = NAN;
	}
	int sa = table_measure(st, CM_AFTER_SOURCE, sv), ma = table_measure(st, CM_AFTER_SOURCE, mv);
	if (sa > 0 && (ma > 0 || mw > 0)) {
		w = &cmp->row[cmp->n++];
		if (ma > 0) {
			snprintf(w->label, sizeof w->label, "%s", table_symbol(st, (size_t)ma));
			w->model = cell(st, r, ma);
		} else {
			/* T - W_s: a saturated T stays saturated */
			snprintf(w->label, sizeof w->label, "%.11s-%.11s", st->cols[mv].name,
				 st->cols[mw].name);
			double t = cell(st, r, mv), ws = cell(st, r, mw);
			w->model = isinf(t) ? t : t - ws;
			w->derived = true;
		}
		w->sim = cell(st, r, sa);
		w->lo = w->hi = NAN;
	}
	/* parts of what follows the source queue both measure (the
	 * concentrators' and dispatchers' wait) */
	int mq = table_measure(st, CM_QUEUE_WAIT, mv), sq = table_measure(st, CM_QUEUE_WAIT, sv);
	if (mq > 0 && sq > 0 && cmp->n < SIMCMP_MAX) {
		w = &cmp->row[cmp->n++];
		snprintf(w->label, sizeof w->label, "%s", table_symbol(st, (size_t)mq));
		w->model = cell(st, r, mq);
		w->sim = cell(st, r, sq);
		w->lo = w->hi = NAN;
	}
	for (int c = mv + 1; c < sv && cmp->n_model_only < 16; c++)
		if (st->cols[c].role == COL_COMPONENT && st->cols[c].of == mv &&
		    st->cols[c].measure == CM_NONE)
			cmp->model_only[cmp->n_model_only++] = c;
	return true;
}

long simcmp_nearest(const struct table *st, double x)
{
	if (isnan(x))
		return st->nrows ? 0 : -1;
	return table_nearest_row(st, 0, x);
}

double simcmp_diff(double model, double sim)
{
	if (!isfinite(model) || !isfinite(sim) || sim == 0)
		return NAN;
	return 100 * (model - sim) / sim;
}
