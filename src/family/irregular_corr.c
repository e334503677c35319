/*
 * family/irregular_corr.c: the `irregular` family's correlation outputs,
 * arnau Figures 6-9: per switch pair, the simulated mean network latency
 * (from injection: the source queue excluded) against the pair's equivalent
 * distance T_ij, its shortest legal up*-down* route length and its plain
 * graph (hop) distance, each with Pearson's r and the least-squares line;
 * the mean latency of each distinct T value, weighted by how often the
 * value occurs (Figure 8); and r against load (Figure 9).
 *
 * Points: ordered switch pairs a != b with at least one measured message
 * (pairs on one switch have no route and are left out).  Load in: offered
 * msg/node/cycle as the family's other simulated outputs; traffic out:
 * accepted flits/node/cycle (over all N nodes), as the paper.  At a
 * saturated load the means are over the measured messages delivered
 * before the run stopped (the paper's S8, "deep saturation").
 *
 * Pure apart from allocation; deterministic from sim.seed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family/irregular.h"
#include "family/irregular_simctx.h"
#include "family/outkit.h"
#include "family/fittext.h"
#include "model/linfit.h"
#include "sim/measure.h"
#include "topo/eqdist.h"

#define LU "msg/node/cycle"
#define FLU "flits/node/cycle"

/* One simulated load point and its fits. */
struct corr {
	double offered;            /* msg/node/cycle (the input) */
	double accepted;           /* flits/node/cycle over all nodes */
	double latency;            /* mean network latency, cycles */
	bool saturated;
	long messages;
	struct linfit f_dist, f_len, f_hops, f_group;
	/* Figure 8: distinct values of T (increasing), ordered pairs with
	 * that value in the table, pairs measured, their mean latency. */
	int ngroups;
	struct eq_value *v;
	long *measured;
	double *mean;
};

static void corr_free(struct corr *c)
{
	free(c->v);
	free(c->measured);
	free(c->mean);
	memset(c, 0, sizeof *c);
}

/* The group of value t: the last whose smallest member is <= t (groups are
 * formed that way by eq_distribution). */
static int group_of(const struct eq_value *v, int n, double t)
{
	int lo = 0, hi = n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (v[mid].value <= t + 0.5 * EQ_GROUP_TOL)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/*
 * Simulate x at load lambda (point `index` of its sweep) and fit.  T is the
 * S*S table; pp gives the request (cancel) and where the point's progress
 * goes.  Returns 0, 1 cancelled, -1 with *d (c then empty).
 */
static int corr_point(const struct config *cfg, const struct irr_simctx *x, const double *T,
		      double lambda, size_t index, struct sim_point_progress *pp, struct corr *c,
		      struct diag *d)
{
	int S = x->net.switches, N = x->s.N, rc = -1, ng;
	size_t np = 0, SS = (size_t)S * S;
	double *sum = calloc(SS, sizeof *sum), *px = malloc(4 * SS * sizeof *px);
	long *cnt = calloc(SS, sizeof *cnt);
	double *pl = px + SS, *ph = px + 2 * SS, *py = px + 3 * SS, *gw = NULL;
	int *pg = malloc(SS * sizeof *pg);
	struct sim_method mm;
	struct sim_result r;

	memset(c, 0, sizeof *c);
	if (!sum || !px || !cnt || !pg)
		goto nomem;
	if (irr_check_work(cfg, x, sim_work_share(pp->nx), d))
		goto out;
	sim_config_method(&irr_cfg(cfg)->sim.common, index, &mm);
	sim_method_work(&mm, sim_work_share(pp->nx));   /* the output's points share its run */
	mm.group = x->s.sw;
	mm.ngroups = S;
	mm.pair_sum = sum;
	mm.pair_cnt = cnt;
	mm.progress = sim_point_progress;
	mm.progress_ctx = pp;
	rc = sim_run_point(&x->s.net, &x->mix, &irr_cfg(cfg)->sim.common, lambda, lambda, LU, &mm,
			   pp->req->cancel, &r, d);
	if (rc)
		goto out;
	rc = -1;
	c->offered = lambda;
	c->accepted = r.accepted * r.mean_len * x->s.nsenders / (N > 0 ? N : 1);
	c->latency = r.network.mean;
	c->saturated = r.saturated;
	c->messages = r.messages;
	ng = eq_distribution(T, S, NULL, 0);
	if (ng < 0)
		goto nomem;
	c->v = malloc((size_t)(ng > 0 ? ng : 1) * sizeof *c->v);
	c->measured = calloc((size_t)(ng > 0 ? ng : 1), sizeof *c->measured);
	c->mean = calloc((size_t)(ng > 0 ? ng : 1), sizeof *c->mean);
	gw = calloc((size_t)(ng > 0 ? ng : 1), sizeof *gw);
	if (!c->v || !c->measured || !c->mean || !gw)
		goto nomem;
	c->ngroups = eq_distribution(T, S, c->v, ng);
	for (int a = 0; a < S; a++)
		for (int b = 0; b < S; b++) {
			size_t k = (size_t)a * S + b;
			if (a == b || cnt[k] == 0)
				continue;
			px[np] = T[k];
			pl[np] = ud_dist(&x->ud, a, b);
			ph[np] = ud_hops(&x->ud, a, b);
			py[np] = sum[k] / (double)cnt[k];
			pg[np] = group_of(c->v, c->ngroups, T[k]);
			c->measured[pg[np]]++;
			c->mean[pg[np]] += py[np];
			np++;
		}
	for (int g = 0; g < c->ngroups; g++) {
		gw[g] = (double)c->measured[g];
		c->mean[g] = c->measured[g] ? c->mean[g] / (double)c->measured[g] : NAN;
	}
	{
		double *gx = malloc((size_t)(c->ngroups > 0 ? c->ngroups : 1) * sizeof *gx);
		if (!gx)
			goto nomem;
		for (int g = 0; g < c->ngroups; g++)
			gx[g] = c->v[g].value;
		linfit(px, py, NULL, np, &c->f_dist);
		linfit(pl, py, NULL, np, &c->f_len);
		linfit(ph, py, NULL, np, &c->f_hops);
		for (int g = 0; g < c->ngroups; g++)    /* NaN means carry weight 0 */
			if (!c->measured[g])
				c->mean[g] = 0;
		linfit(gx, c->mean, gw, (size_t)c->ngroups, &c->f_group);
		for (int g = 0; g < c->ngroups; g++)
			if (!c->measured[g])
				c->mean[g] = NAN;
		free(gx);
	}
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	if (rc)
		corr_free(c);
	free(sum);
	free(cnt);
	free(px);
	free(pg);
	free(gw);
	return rc;
}

/* Build the context and the table of distances of cfg. */
static int corr_open(const struct config *cfg, int64_t max_work, struct irr_simctx *x, double **T,
		     struct diag *d)
{
	size_t S;

	if (irr_simctx_build(cfg, max_work, x, d))
		return -1;
	S = (size_t)x->net.switches;
	*T = malloc(S * S * sizeof **T);
	if (!*T || eq_table(&x->ud, *T, NULL, NULL, NULL)) {
		free(*T);
		*T = NULL;
		irr_simctx_free(x);
		return diag_set(d, "", "out of memory");
	}
	return 0;
}

/* The single load of -o correlation / by-distance: irr_view_load's (--at,
 * sim.load, 10% of the channel-load bound, as -o pairs; at most twice that
 * bound). */
static int corr_load(const struct config *cfg, const struct run_req *req,
		     const struct irr_simctx *x, double *lambda, struct diag *d)
{
	const char *from;
	return irr_view_load(cfg, req, x, lambda, &from, d);
}

static int fit_row(struct table *t, const char *against, const char *what,
		   const struct linfit *f, const struct corr *c)
{
	long row = table_add_row(t);
	if (row < 0 || table_set_text(t, (size_t)row, 0, against) ||
	    table_set_text(t, (size_t)row, 1, what))
		return -1;
	table_set(t, (size_t)row, 2, (double)f->n);
	table_set(t, (size_t)row, 3, f->r);
	table_set(t, (size_t)row, 4, f->slope);
	table_set(t, (size_t)row, 5, f->intercept);
	table_set(t, (size_t)row, 6, c->offered);
	table_set(t, (size_t)row, 7, c->accepted);
	table_set(t, (size_t)row, 8, c->saturated ? 1 : 0);
	return 0;
}

/* The one simulated point of -o correlation and -o by-distance: the
 * network, its distance table and the load (sim.load or --at), simulated
 * into *c (the caller frees it with corr_free).  0, or the rc of the step
 * that failed with *d set. */
static int corr_at_load(const struct config *cfg, const struct run_req *req, double *lambda,
			struct corr *c, struct diag *d)
{
	struct irr_simctx x;
	double *T;
	int rc;

	if (corr_open(cfg, SIM_WORK_POINT, &x, &T, d))   /* one point */
		return -1;
	rc = corr_load(cfg, req, &x, lambda, d);
	if (!rc) {
		struct sim_point_progress pp = { req, 0, 1 };
		rc = corr_point(cfg, &x, T, *lambda, 0, &pp, c, d);
	}
	free(T);
	irr_simctx_free(&x);
	return rc;
}

int irr_corr_table(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	struct corr c;
	double lambda;
	int rc = corr_at_load(cfg, req, &lambda, &c, d);

	if (rc)
		return rc;
	rc = -1;
	if (isfinite(c.accepted) && isfinite(c.latency))
		snprintf(t->title, sizeof t->title, "pair latency vs distance, load %g " LU
			 " (accepted %.4g " FLU ", mean %.4g cycles)%s", lambda, c.accepted,
			 c.latency, c.saturated ? " saturated" : "");
	else
		snprintf(t->title, sizeof t->title, "pair latency vs distance, load %g " LU
			 " (no message measured)%s", lambda, c.saturated ? " saturated" : "");
	t->samples = (size_t)c.messages;
	OUT_TCOL(t, "against", "x of the fit (the y is the simulated network latency)");
	OUT_TCOL(t, "x", "what x is");
	OUT_COL(t, "points", "", "points fitted (pairs with messages, or distinct values)");
	OUT_COL(t, "r", "", "Pearson correlation coefficient (paper: correlation index, %)");
	OUT_COL(t, "slope", "cycles", "least-squares slope, cycles per unit of x");
	OUT_COL(t, "intercept", "cycles", "least-squares intercept");
	OUT_COL(t, "load", LU, "offered load");
	OUT_COL(t, "accepted", FLU, "accepted traffic (flits per node per cycle, all nodes)");
	OUT_COL(t, "saturated", "", "1 when the load point saturated");
	fit_row(t, "distance", "equivalent distance T_ij", &c.f_dist, &c);
	fit_row(t, "length", "up*/down* route length", &c.f_len, &c);
	fit_row(t, "hops", "graph distance",
		&c.f_hops, &c);
	fit_row(t, "by-distance", "T_ij means (weighted)", &c.f_group, &c);
	rc = 0;
	corr_free(&c);
	return rc;
}

int irr_corr_by_distance(const struct config *cfg, const struct run_req *req, struct table *t,
			 struct diag *d)
{
	struct corr c;
	double lambda;
	int rc = corr_at_load(cfg, req, &lambda, &c, d);

	if (rc)
		return rc;
	rc = -1;
	/* one distinct distance: the fit has one point because every pair
	 * has the same T_ij, the reason a reader needs */
	struct linfit fg = c.f_group;
	char line[128];

	const char *point;

	if (c.ngroups < 2 && fg.undef == LINFIT_FEW)
		fg.undef = LINFIT_X_SAME;
	point = fg.undef == LINFIT_X_SAME ? "pair" : "distance";  /* the fit's points */
	fit_line_text(&fg, point, "T_ij", "T", "mean latency", line, sizeof line);
	if (fg.undef == LINFIT_DEFINED) {
		snprintf(t->title, sizeof t->title, "latency per distance, load %g " LU "%s: "
			 "weighted r = %.4f, fit %.4g + %.4g T", lambda,
			 c.saturated ? " saturated" : "", fg.r, fg.intercept, fg.slope);
	} else {
		char why[96];
		fit_why(&fg, point, "T_ij", "mean latency", why, sizeof why);
		if (isfinite(fg.slope))
			snprintf(t->title, sizeof t->title, "latency per distance, load %g " LU
				 "%s: weighted r undefined: %s; fit %.4g + %.4g T", lambda,
				 c.saturated ? " saturated" : "", why, fg.intercept, fg.slope);
		else
			snprintf(t->title, sizeof t->title, "latency per distance, load %g " LU
				 "%s: weighted r and fit undefined: %s", lambda,
				 c.saturated ? " saturated" : "", why);
	}
	t->samples = (size_t)c.messages;
	OUT_COL(t, "distance", "", "equivalent distance T_ij (a distinct value)");
	OUT_COL(t, "occurrences", "pairs", "ordered pairs a != b with this value in the table");
	OUT_COL(t, "measured", "pairs", "of them, pairs with messages (the weight of the fit)");
	OUT_COL(t, "sim_network", "cycles", "mean latency of the pairs at this distance");
	{
		char label[64];
		snprintf(label, sizeof label, "weighted fit: %s", line);
		OUT_COL(t, "fit", "cycles", label);
	}
	for (int g = 0; g < c.ngroups; g++) {
		long row = table_add_row(t);
		if (row < 0)
			goto nomem;
		table_set(t, (size_t)row, 0, c.v[g].value);
		table_set(t, (size_t)row, 1, (double)c.v[g].count);
		table_set(t, (size_t)row, 2, (double)c.measured[g]);
		table_set(t, (size_t)row, 3, c.mean[g]);
		table_set(t, (size_t)row, 4, c.f_group.intercept + c.f_group.slope * c.v[g].value);
	}
	/* Typed for the explorer's scatter (OUT_SCATTER): the points are the
	 * means, the line the weighted fit; the pair counts are weights. */
	table_set_role(t, 0, COL_X, -1);
	table_set_role(t, 1, COL_WEIGHT, -1);
	table_set_role(t, 2, COL_WEIGHT, -1);
	table_set_role(t, 3, COL_VALUE, -1);
	table_set_role(t, 4, COL_FIT, 0);
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	corr_free(&c);
	return rc;
}

int irr_corr_load(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d)
{
	struct irr_simctx x;
	double *T, own[10];
	const double *xs = req->x;
	size_t nx = req->nx;
	int rc = -1;

	if (corr_open(cfg, sim_work_share(xs ? nx : 10), &x, &T, d))
		return -1;
	if (!xs) {              /* 10 loads up to the channel-load bound (-o curve's) */
		for (int k = 0; k < 10; k++)
			own[k] = x.cap * (k + 1) / 10.0;
		xs = own;
		nx = 10;
	}
	snprintf(t->title, sizeof t->title, "correlation of per switch pair simulated latency "
		 "with distance against load (Figure 9), %s traffic",
		 irr_pattern_names[irr_cfg(cfg)->sim.pattern]);
	OUT_COL(t, "load", LU, "offered load");
	OUT_COL(t, "accepted", FLU, "accepted traffic (flits per node per cycle, all nodes)");
	OUT_COL(t, "sim_network", "cycles", "mean simulated network latency");
	OUT_COL(t, "r_distance", "", "r of pair latency and equivalent distance");
	OUT_COL(t, "r_length", "", "r of pair latency and up*/down* route length");
	OUT_COL(t, "r_hops", "", "r of pair latency and graph distance");
	OUT_COL(t, "r_by_distance", "", "weighted r of the mean latency per distinct distance");
	OUT_COL(t, "saturated", "", "1 when the load point saturated");
	table_set_role(t, 0, COL_X, -1);
	t->samples = (size_t)irr_cfg(cfg)->sim.common.measured;
	for (size_t k = 0; k < nx; k++) {
		struct corr c;
		long row;
		int m;

		if (req_cancelled(req)) {
			rc = 1;
			goto out;
		}
		if (!(xs[k] > 0)) {
			diag_set(d, "", "load %g: the load must be positive (msg/node/cycle)", xs[k]);
			d->usage = true;
			goto out;
		}
		struct sim_point_progress pp = { req, k, nx };
		m = corr_point(cfg, &x, T, xs[k], req->point0 + k, &pp, &c, d);
		if (m) {
			rc = m;
			goto out;
		}
		row = table_add_row(t);
		if (row >= 0) {
			double v[] = { xs[k], c.accepted, c.latency, c.f_dist.r, c.f_len.r,
				       c.f_hops.r, c.f_group.r, c.saturated ? 1 : 0 };
			for (size_t j = 0; j < sizeof v / sizeof *v; j++)
				table_set(t, (size_t)row, j, v[j]);
		}
		corr_free(&c);
		if (row < 0)
			goto nomem;
		req_point_done(req, t, k + 1, nx);
	}
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	free(T);
	irr_simctx_free(&x);
	return rc;
}

/* Figure 9 for every traffic pattern: the correlation-load rows (10 loads
 * up to each pattern's channel-load bound, point k seeded as
 * correlation-load's point k) of uniform, bit-reversal, perfect-shuffle and
 * butterfly, one after the other; a pattern under which no node sends is
 * left out (said in the title).  Publishes the rows so far after each
 * point. */
int irr_corr_patterns(const struct config *cfg, const struct run_req *req, struct table *t,
		      struct diag *d)
{
	const char *const *names = irr_pattern_names;
	int npat = 0, done = 0, total;
	char skipped[64] = "";

	while (names[npat])
		npat++;
	total = 10 * npat;
	OUT_TCOL(t, "pattern", "traffic pattern (sim.pattern)");
	OUT_COL(t, "accepted", FLU, "accepted traffic (flits per node per cycle, all nodes)");
	OUT_COL(t, "load", LU, "offered load");
	OUT_COL(t, "r_distance", "", "r of pair latency and equivalent distance");
	OUT_COL(t, "r_by_distance", "", "weighted r of the mean latency per distinct distance");
	OUT_COL(t, "r_length", "", "r of pair latency and up*/down* route length");
	OUT_COL(t, "r_hops", "", "r of pair latency and graph distance");
	OUT_COL(t, "sim_network", "cycles", "mean simulated network latency");
	OUT_COL(t, "saturated", "", "1 when the load point saturated");
	if (t->nomem)
		return diag_set(d, "", "out of memory");
	/* Typed for the explorer's scatter (OUT_SCATTER): x accepted (the
	 * paper's) or offered, y an r, one series per pattern. */
	table_set_role(t, 1, COL_X, -1);
	table_set_role(t, 2, COL_X, -1);
	table_set_role(t, 8, COL_LABEL, -1);
	t->samples = (size_t)irr_cfg(cfg)->sim.common.measured;
	/* Before simulating anything: every pattern's points fit their share
	 * of the run (its routes differ, so its floor does). */
	for (int p = 0; p < npat; p++) {
		if (irr_simctx_check_pattern(cfg, p, sim_work_share((size_t)total), d)) {
			if (d->usage && strcmp(d->path, "sim.pattern") == 0) {
				diag_clear(d);          /* no sender: left out below */
				continue;
			}
			if (d->usage)
				snprintf(d->msg + strlen(d->msg), sizeof d->msg - strlen(d->msg),
					 " (%s traffic; %d points share the run's %.3g events)",
					 names[p], total, (double)SIM_WORK_RUN);
			return -1;
		}
	}
	for (int p = 0; p < npat; p++) {
		struct irr_simctx x;
		double *T;
		size_t S;

		if (irr_simctx_build_pattern(cfg, p, 0, &x, d)) {    /* checked above */
			if (!d->usage || strcmp(d->path, "sim.pattern") != 0)
				return -1;
			diag_clear(d);
			snprintf(skipped + strlen(skipped), sizeof skipped - strlen(skipped), "%s%s",
				 skipped[0] ? ", " : "; no sender under ", names[p]);
			done += 10;
			continue;
		}
		S = (size_t)x.net.switches;
		T = malloc(S * S * sizeof *T);
		if (!T || eq_table(&x.ud, T, NULL, NULL, NULL)) {
			free(T);
			irr_simctx_free(&x);
			return diag_set(d, "", "out of memory");
		}
		for (int k = 0; k < 10; k++) {
			struct corr c;
			long row;
			int m;

			if (req_cancelled(req)) {
				free(T);
				irr_simctx_free(&x);
				return 1;
			}
			struct sim_point_progress pp = { req, (size_t)done, (size_t)total };
			m = corr_point(cfg, &x, T, x.cap * (k + 1) / 10.0, req->point0 + (size_t)k,
				       &pp, &c, d);
			if (m) {
				/* which of the 40 points: a point near the
				 * bound that reached its share cannot be
				 * foreseen (icnx.yaml(5) LIMITS) */
				if (m < 0 && d->usage)
					snprintf(d->msg + strlen(d->msg),
						 sizeof d->msg - strlen(d->msg),
						 " (%s traffic at %d%% of its channel-load "
						 "bound, point %d of %d; %d points share the "
						 "run's %.3g events)", names[p], 10 * (k + 1),
						 done + 1, total, total, (double)SIM_WORK_RUN);
				free(T);
				irr_simctx_free(&x);
				return m;
			}
			row = table_add_row(t);
			if (row < 0 || table_set_text(t, (size_t)row, 0, names[p])) {
				corr_free(&c);
				free(T);
				irr_simctx_free(&x);
				return diag_set(d, "", "out of memory");
			}
			double v[] = { c.accepted, c.offered, c.f_dist.r, c.f_group.r, c.f_len.r,
				       c.f_hops.r, c.latency, c.saturated ? 1 : 0 };
			for (size_t j = 0; j < sizeof v / sizeof *v; j++)
				table_set(t, (size_t)row, j + 1, v[j]);
			corr_free(&c);
			req_point_done(req, t, (size_t)++done, (size_t)total);
		}
		free(T);
		irr_simctx_free(&x);
	}
	snprintf(t->title, sizeof t->title, "correlation with distance against traffic per "
		 "pattern (Figures 9-10)%s", skipped);
	return 0;
}
