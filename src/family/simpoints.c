/* simpoints.c: simulated points run through an executor, dearest first,
 * gathered in x order whatever order they end in, and joined after the
 * model's curve (simpoints.h). */
#include "family/simpoints.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "base/vsim.h"
#include "family/outkit.h"

enum { PT_SKIPPED = 2 };       /* not started: a lower point was refused */

struct point {
	struct run *run;
	struct table sim, model;   /* this point's rows (owned until the end) */
	struct diag d;             /* the failure (rc -1) */
	int rc;                    /* 0, 1 cancelled, -1 failed, PT_SKIPPED */
	bool model_ok;             /* the model gave this point's row */
	bool finished;             /* set by done (gathering side only) */
	atomic_int permille;       /* progress of its run */
};

struct run {
	struct sim_points *sp;
	const struct config *cfg;
	const struct run_req *req;
	struct point *pt;
	size_t n;
	/* the lowest index of a refused point (n: none): the points above it
	 * do not start (they cannot change the outcome: the lowest failure) */
	atomic_size_t refused;
	size_t nfinished;          /* done calls so far (one at a time) */
};

/* The rows being gathered into t: the joined width (0 = none yet). */
struct gathering {
	struct run *r;
	struct table *t;
	size_t ncols;
};

size_t sim_points_order(size_t n, size_t k)
{
	return k < n ? n - 1 - k : k;
}

/* Point i was refused: lower the refused index to i. */
static void refuse(struct run *r, size_t i)
{
	size_t cur = atomic_load(&r->refused);
	while (i < cur && !atomic_compare_exchange_weak(&r->refused, &cur, i))
		;
}

/* A task's progress: the whole run's fraction to the request. */
static void point_progress(void *ctx, double f)
{
	struct point *p = ctx;
	struct run *r = p->run;
	long sum = 0;

	atomic_store(&p->permille, (int)(1000 * fmin(fmax(f, 0.0), 1.0)));
	for (size_t i = 0; i < r->n; i++)
		sum += atomic_load(&r->pt[i].permille);
	req_progress(r->req, (double)sum / (1000.0 * (double)r->n));
}

/* Point i: the model's row first (cheap; a batch run fails on it before
 * simulating), then the simulated one; not started after a refusal of
 * another point unless `alone` (run again after the others). */
static void run_point(struct run *r, size_t i, bool alone)
{
	struct point *p = &r->pt[i];
	struct run_req q = *r->req;
	struct diag md;

	table_init(&p->sim, "");
	table_init(&p->model, "");
	diag_clear(&p->d);
	p->model_ok = false;
	if (!alone && i > atomic_load(&r->refused) && !r->sp->keep_failed) {
		p->rc = PT_SKIPPED;
		return;
	}
	if (req_cancelled(r->req)) {
		p->rc = 1;
		return;
	}
	q.x = r->req->x + i;
	q.nx = 1;
	q.point0 = r->req->point0 + i;
	q.run_points = r->req->run_points ? r->req->run_points : r->req->nx;
	q.publish = NULL;
	q.progress = NULL;
	if (r->sp->model) {
		diag_clear(&md);
		int m = output_run(r->sp->model, r->cfg, &q, &p->model, &md);
		if (m == 1) {
			p->rc = 1;
			return;
		}
		p->model_ok = m == 0 && p->model.nrows == 1;
		if (m < 0 && !r->sp->model_gaps) {
			p->d = md;
			p->rc = -1;
			if (md.usage)
				refuse(r, i);
			return;
		}
	}
	q.progress = point_progress;
	q.progress_ctx = p;
	p->rc = output_run(r->sp->sim, r->cfg, &q, &p->sim, &p->d);
	if (p->rc < 0 && p->d.usage)
		refuse(r, i);
	point_progress(p, 1);
}

/* Task k runs point sim_points_order(n, k). */
static void task(void *ctx, size_t k)
{
	struct run *r = ctx;
	run_point(r, sim_points_order(r->n, k), false);
}

/* Append every row of src to dst (the same columns). */
static void append_rows(struct table *dst, const struct table *src)
{
	for (size_t s = 0; s < src->nrows; s++) {
		long n = table_add_row(dst);
		if (n < 0)
			return;
		for (size_t c = 0; c < src->ncols && c < dst->ncols; c++) {
			if (src->cols[c].kind == COL_NUM)
				table_set(dst, (size_t)n, c, table_get(src, s, c));
			else
				table_set_text(dst, (size_t)n, c, table_get_text(src, s, c));
		}
	}
}

/* Whether point i's rows are gathered: it finished with its rows, or
 * failed and is kept (keep_failed). */
static bool gatherable(const struct run *r, size_t i)
{
	const struct point *p = &r->pt[i];
	return p->finished && (p->rc == 0 || (r->sp->keep_failed && p->rc < 0));
}

/* Point i failed (keep_failed): its ROW_FAILED row, the whole reason, the
 * model's cells when the model gave its row. */
static void add_failed(struct gathering *g, size_t i)
{
	char why[DIAG_MSG_MAX + DIAG_PATH_MAX + 8];
	struct run *r = g->r;
	const struct table *m = &r->pt[i].model;
	long n = table_add_failed(g->t, r->req->x[i], diag_format(&r->pt[i].d, why, sizeof why));

	/* the model's row at this load, when it gave one of the joined width */
	if (n < 0 || !r->sp->model || !r->pt[i].model_ok || m->ncols >= g->ncols)
		return;
	for (size_t c = 1; c < m->ncols; c++)
		if (m->cols[c].kind == COL_NUM && g->t->cols[c].kind == COL_NUM)
			table_set(g->t, (size_t)n, c, table_get(m, 0, c));
}

/* Point i's rows, the model's joined before them: the first point gathered
 * sets the width (no model columns when its model failed); a later point
 * whose model failed, or gave another width, gets NaN model cells.  The
 * point's own tables are left as they are (a partial gathering is redone
 * after the next point). */
static void gather(struct gathering *g, size_t i)
{
	struct run *r = g->r;
	struct point *p = &r->pt[i];
	const struct table *row = &p->sim;
	struct table joined, gap;
	size_t sc = p->sim.ncols;

	table_init(&joined, "");
	if (r->sp->model && !(g->ncols == 0 && !p->model_ok) && g->ncols != sc) {
		struct table *m = &p->model;
		bool fits = p->model_ok && (g->ncols == 0 || p->model.ncols + sc - 1 == g->ncols);

		if (!fits) {
			table_init(&gap, "");
			for (size_t c = 0; c + sc - 1 < g->ncols; c++)
				table_add_col(&gap, "model", "", "model (failed at this load)", COL_NUM);
			if (table_add_row(&gap) >= 0)
				table_set(&gap, 0, 0, r->req->x[i]);
			m = &gap;
		}
		if (table_join(m, &p->sim, &joined))
			g->t->nomem = true;
		else
			row = &joined;
		if (!fits)
			table_free(&gap);
	}
	if (g->ncols == 0) {
		/* the first point gathered gives the columns; the failed
		 * points gathered before it (keep_failed) come first */
		g->ncols = row->ncols;
		if (table_copy_shape(g->t, row))
			g->t->nomem = true;
		for (size_t j = 0; j < i; j++)
			if (gatherable(r, j) && r->pt[j].rc < 0)
				add_failed(g, j);
	}
	append_rows(g->t, row);
	table_free(&joined);
}

/* Gather every gatherable point into t (initialised empty), in x order;
 * a point not gatherable is left out (a gap: partial tables only).
 * Returns the joined width (0: no point gave columns). */
static size_t gather_all(struct run *r, struct table *t)
{
	struct gathering g = { .r = r, .t = t };

	for (size_t i = 0; i < r->n; i++) {
		if (!gatherable(r, i))
			continue;
		if (r->pt[i].rc == 0)
			gather(&g, i);
		else if (g.ncols > 0)
			add_failed(&g, i);   /* else added by the first gathered */
	}
	return g.ncols;
}

/* Task k has ended: unless it was the last, the points finished so far
 * (whatever their order) to sp->rows, each drawn as soon as it is done. */
static void done(void *ctx, size_t k)
{
	struct run *r = ctx;
	size_t i = sim_points_order(r->n, k);
	struct table t;

	r->pt[i].finished = true;
	r->nfinished++;
	if (!r->sp->rows || r->nfinished >= r->n || !gatherable(r, i))
		return;
	table_init(&t, "");
	if (gather_all(r, &t) > 0 && !t.nomem) {
		t.partial = true;
		r->sp->rows(r->sp->rows_ctx, &t);
	}
	table_free(&t);
}

int sim_points_run(struct sim_points *sp, const struct config *cfg, const struct run_req *req,
		   struct table *t, struct diag *d)
{
	struct run r = { .sp = sp, .cfg = cfg, .req = req, .n = req->nx };
	int rc = 0;

	sp->retried = 0;
	if (req->nx == 0 || !req->x)
		return output_run(sp->sim, cfg, req, t, d);
	r.pt = calloc(r.n, sizeof *r.pt);
	if (!r.pt)
		return diag_set(d, "", "out of memory");
	atomic_init(&r.refused, r.n);
	for (size_t i = 0; i < r.n; i++) {
		r.pt[i].run = &r;
		atomic_init(&r.pt[i].permille, 0);
	}
	executor_run(sp->ex, r.n, task, done, &r);
	/* A point that failed while others ran beside it may have lacked only
	 * the memory they held: it runs again alone and, seeded by its index,
	 * gives the rows it would have given. */
	for (size_t i = 0; sp->ex && sp->ex->threads > 1 && i < r.n; i++) {
		struct point *p = &r.pt[i];
		if (p->rc < 0 && !p->d.usage) {
			table_free(&p->sim);
			table_free(&p->model);
			run_point(&r, i, true);
			if (p->rc == 0)
				sp->retried++;
		}
	}
	/* The outcome does not depend on the order the points ran in: a
	 * cancelled point cancels the run; else the lowest point that failed
	 * and is not kept fails it (a point skipped after a refusal is above
	 * the refused one, so never the lowest) */
	for (size_t i = 0; i < r.n; i++)
		if (r.pt[i].rc == 1)
			rc = 1;
	for (size_t i = 0; rc == 0 && i < r.n; i++)
		if (!gatherable(&r, i)) {
			*d = r.pt[i].d;
			rc = -1;
		}
	if (rc == 0 && gather_all(&r, t) == 0) {      /* keep_failed: every point failed */
		*d = r.pt[0].d;
		rc = -1;
	}
	/* with the model: its difference from the simulation and the
	 * points' flags (base/vsim.h), typed columns after the others */
	if (rc == 0 && sp->model)
		vsim_add_cols(t);
	if (rc == 0 && t->nomem)
		rc = diag_set(d, "", "out of memory");
	for (size_t i = 0; i < r.n; i++) {
		table_free(&r.pt[i].sim);
		table_free(&r.pt[i].model);
	}
	free(r.pt);
	if (rc)
		table_free(t);
	return rc;
}
