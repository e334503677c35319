/*
 * family/star_out.c: the outputs of the `star` family, each filling a
 * generic table: curve (latency vs load with S-bar, W_s, w, V-bar and the
 * mean blocking probability), summary, hops (per hop of the journey: the
 * mean number of profitable channels and the blocking probability at one
 * load), classes (the cycle-type classes of destinations), distances (the
 * node-to-node distance matrix of S3..S5, nodes ordered by distance class)
 * and distribution (nodes at each distance).  Everything but the distance
 * matrix works per class, so memory and time do not grow with n!.
 * Runs on whichever thread calls it; pure apart from allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/star.h"
#include "family/curve.h"
#include "family/outkit.h"
#include "family/anynet_out.h"

#define CY "cycles"
#define LU "msg/node/cycle"

/* The prepared model (req->prepared, or one of our own left in *own for
 * family_release): *mdl a read-only view of it (never freed), *sat its
 * saturation load.  Returns 0, 1 cancelled, -1 with *d. */
static int model_for(const struct config *cfg, const struct run_req *req,
		     struct star_model *mdl, double *sat, void **own, struct diag *d,
		     const struct star_prepared **ppo)
{
	const void *prep;
	int rc = family_prepared(cfg, req, &prep, own, d);
	if (rc)
		return rc;
	const struct star_prepared *pp = prep;
	*mdl = pp->mdl;
	if (sat)
		*sat = pp->sat;
	if (ppo)
		*ppo = pp;
	return 0;
}


/* The curve: the model at each load (curve.h runs the loop). */
struct star_curve {
	const struct family *f;
	void *own;
	struct star_model mdl;     /* a view of the prepared model */
	const struct star_prepared *pp;   /* the prepared model (borrowed) */
	struct star_point pt;
	struct star_refined_point rp;
};

static int curve_open(const struct config *cfg, const struct run_req *req, void **state,
		      struct diag *d)
{
	struct star_curve *c = malloc(sizeof *c);
	if (!c)
		return diag_set(d, "", "out of memory");
	c->f = cfg->family;
	int rc = model_for(cfg, req, &c->mdl, NULL, &c->own, d, &c->pp);
	if (rc) {
		free(c);
		return rc;
	}
	*state = c;
	return 0;
}

static int curve_columns(void *state, const struct config *cfg, struct curve_cols *cc)
{
	const struct star_curve *c = state;
	curve_title(cc, "mean message latency vs offered load, S%d, V = %d, M = %d",
		    c->mdl.p.n, c->mdl.p.V, c->mdl.p.M);
	/* At a saturated point every column is INFINITY ("saturated"): the
	 * numbers rule prints no blank (V-bar, P_block, rho were NaN). */
	if (curve_col(cc, "latency", CY, "mean message latency (Eq. 1)", CC_SATURATES) ||
	    curve_col(cc, "S", CY, "network latency S-bar (Eq. 5)", CC_SATURATES | CC_PART) ||
	    curve_col(cc, "W_s", CY, "source-queue wait W_s (Eq. 16)", CC_SATURATES | CC_PART |
		      CC_SOURCE_WAIT) ||
	    curve_col(cc, "w", CY, "channel wait w (Eq. 15)", CC_SATURATES) ||
	    curve_col(cc, "V_bar", "", "multiplexing degree V-bar (Eq. 19)", CC_SATURATES) ||
	    curve_col(cc, "P_block", "", "mean blocking probability per hop (Eqs. 7-8)", CC_SATURATES) ||
	    curve_col(cc, "rho", "", "channel utilisation lambda_c S-bar", CC_SATURATES))
		return -1;
	/* icnx's refined model (options.model = refined): it may saturate
	 * below the printed model, so its columns are INFINITY there. */
	if (c->pp->refined &&
	    (curve_col(cc, "latency_refined", CY, c->pp->ref.inject == STAR_INJECT_SINGLE
		       ? "refined latency, one-port node (icnx, not the paper)"
		       : "refined latency, per-VC source queues (icnx, not the paper)",
		       CC_SATURATES | CC_OWN_SATURATION) ||
	     curve_col_refines(cc, "latency") ||
	     curve_col(cc, "S_refined", CY, c->pp->ref.mux == STAR_MUX_WORM
		       ? "refined network latency, the worm at its most shared channel's pace (icnx)"
		       : "refined network latency S-bar, before V-bar multiplies it (icnx)",
		       CC_SATURATES | CC_OWN_SATURATION) ||
	     curve_col_refines(cc, "S") ||
	     curve_col(cc, "W_s_refined", CY, "refined source-queue wait (icnx)",
		       CC_SATURATES | CC_OWN_SATURATION) ||
	     curve_col_refines(cc, "W_s") ||
	     curve_col(cc, "V_bar_refined", "", c->pp->ref.mux == STAR_MUX_PS
		       ? "multiplexing, processor sharing (1-rho^V)/(1-rho) (icnx)"
		       : c->pp->ref.mux == STAR_MUX_WORM
		       ? "refined pace, cycles per flit at the most shared channel (icnx)"
		       : "multiplexing degree V-bar (Eq. 19)",
		       CC_SATURATES | CC_OWN_SATURATION) ||
	     curve_col_refines(cc, "V_bar")))
		return -1;
	return 0;
}

static int curve_eval(void *state, double x, double *v, const struct run_req *req,
		      struct diag *d)
{
	struct star_curve *c = state;
	struct star_point *pt = &c->pt;
	int st = star_eval(&c->mdl, x, pt, req->cancel);
	if (st == STAR_CANCELLED)
		return 1;
	double u[7] = { pt->latency, pt->S, pt->Ws, pt->w, pt->Vbar, pt->pblock_mean, pt->rho };
	memcpy(v, u, sizeof u);
	if (c->pp->refined) {
		struct star_refined_point *rp = &c->rp;
		if (star_refined_eval(&c->pp->ref, x, rp, req->cancel) == STAR_CANCELLED)
			return 1;
		v[7] = rp->latency;
		v[8] = rp->S;
		v[9] = rp->Ws;
		v[10] = rp->Vbar;
	}
	return st == STAR_OK ? CURVE_OK : CURVE_SATURATED;
}

static void curve_close(void *state)
{
	struct star_curve *c = state;
	family_release(c->f, c->own);
	free(c);
}

static const struct curve_ops star_curve_ops = {
	curve_open, curve_columns, NULL, curve_eval, curve_close,
};

static int curve(const struct config *cfg, const struct run_req *req, struct table *t,
		 struct diag *d)
{
	return curve_run(&star_curve_ops, cfg, req, t, d);
}

/* Eq. 2 exactly as printed: n - 4 + 2/n + H_{n-1} n!/(n!-1). */
static double dbar_printed(int n, double nodes)
{
	double h = 0.0;

	for (int i = 1; i <= n - 1; i++)
		h += 1.0 / i;
	return (n - 4) + 2.0 / n + h * nodes / (nodes - 1.0);
}

static int summary(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	struct star_model mdl;
	struct star_point pt;
	const struct star_prepared *pp;
	double sat;
	void *own = NULL;
	int rc, n;
	char note[128];

	rc = model_for(cfg, req, &mdl, &sat, &own, d, &pp);
	if (rc)
		return rc;
	rc = -1;
	n = mdl.p.n;
	snprintf(t->title, sizeof t->title, "summary");
	summary_cols(t);
	summary_row(t, "n", n, "symbols", "n", "star graph S_n");
	summary_row(t, "nodes", mdl.topo.nodes, "", "n!", "");
	summary_row(t, "degree", n - 1, "channels", "n-1", "physical channels per node");
	summary_row(t, "diameter", mdl.H, "hops", "H", "floor(3(n-1)/2)");
	summary_row(t, "classes", mdl.topo.nclass, "", "", "cycle-type classes, the source's included");
	summary_row(t, "mean_distance", mdl.dbar, "hops", "d-bar",
		 "exact: [n + 2/n - 4 + H_n] n!/(n!-1)");
	summary_row(t, "mean_distance_eq2", dbar_printed(n, mdl.topo.nodes), "hops", "d-bar (Eq. 2)",
		 "Eq. 2 as printed (not the mean distance)");
	summary_row(t, "mean_distance_eq3", mdl.dbar_eq3, "hops", "d-bar (Eq. 3)",
		 mdl.p.dbar == STAR_DBAR_PRINTED ? "used in Eq. 3: options.dbar = printed"
						 : "used in Eq. 3: options.dbar = exact");
	snprintf(note, sizeof note, "%s", isnan(star_cfg(cfg)->V2) ? "auto: ceil(H/2), the fewest escape levels"
								: "as set");
	summary_row(t, "virtual_channels", mdl.p.V, "virtual channels", "V", "per physical channel");
	summary_row(t, "V1", mdl.V1, "virtual channels", "V1", "class a, fully adaptive: V - V2");
	summary_row(t, "V2", mdl.V2, "virtual channels", "V2", note);
	summary_row(t, "negative_hops", star_neg_levels(n), "hops", "ceil(H/2)",
		 "most negative hops a message may need");
	summary_row(t, "message_length", mdl.p.M, "flits", "M", "");
	if (star_eval(&mdl, 0.0, &pt, req->cancel) == STAR_CANCELLED) {
		rc = 1;
		goto out;
	}
	summary_row(t, "zero_load_latency", pt.latency, CY, "Latency(0)", "M + d-bar");
	summary_row_as(t, ROW_SATURATION, "saturation_load", sat, LU, "lambda_g*",
		       "largest unsaturated load, bisection to 1e-6");
	if (pp->refined)
		summary_row_as(t, ROW_SATURATION_REFINED, "saturation_load_refined", pp->sat_ref,
			       LU, "lambda_g* (refined)",
			       pp->ref.inject == STAR_INJECT_SINGLE
			       ? "icnx's refined model, one-port node: lambda_g x = 1"
			       : "icnx's refined model, per-VC source queues (Eq. 16)");
	if (star_eval(&mdl, 0.5 * sat, &pt, req->cancel) == STAR_CANCELLED) {
		rc = 1;
		goto out;
	}
	summary_row(t, "latency_half_saturation", pt.latency, CY, "Latency", "at lambda_g*/2");
	summary_row(t, "iterations_half_saturation", pt.iterations, "evaluations", "",
		 "fixed-point evaluations at lambda_g*/2");
	rc = 0;
out:
	family_release(cfg->family, own);
	return rc;
}

/* The load a per-point output looks at: req->at, or half the saturation
 * load.  Returns 0, 1 if cancelled. */
static double point_load(double sat, const struct run_req *req)
{
	return isnan(req->at) ? 0.5 * sat : req->at;
}

/* The prepared model evaluated at the per-point load (see point_load).
 * Returns 0 (then *st is star_eval's status and the caller passes *own to
 * family_release), 1 if cancelled or -1 with *d (nothing to release). */
static int model_at_point(const struct config *cfg, const struct run_req *req,
			  struct star_model *mdl, struct star_point *pt, double *at, int *st,
			  void **own, struct diag *d)
{
	double sat;
	int rc = model_for(cfg, req, mdl, &sat, own, d, NULL);
	if (rc)
		return rc;
	*at = point_load(sat, req);
	*st = star_eval(mdl, *at, pt, req->cancel);
	if (*st == STAR_CANCELLED) {
		family_release(cfg->family, *own);
		*own = NULL;
		return 1;
	}
	return 0;
}

static int hops(const struct config *cfg, const struct run_req *req, struct table *t,
		struct diag *d)
{
	struct star_model mdl;
	void *own = NULL;
	struct star_point pt;
	double at;
	int rc, n, H, st;
	size_t stride;

	rc = model_at_point(cfg, req, &mdl, &pt, &at, &st, &own, d);
	if (rc)
		return rc;
	rc = -1;
	n = mdl.p.n;
	H = mdl.H;
	stride = (size_t)(H + 1) * (size_t)n;
	snprintf(t->title, sizeof t->title, "per hop of the journey at lambda_g = %.6g%s",
		 at, st == STAR_SATURATED ? " (saturated)" : "");
	OUT_COL(t, "hop", "", "hop k of the journey");
	OUT_COL(t, "messages", "", "share of messages that make a k-th hop");
	OUT_COL(t, "profitable", "channels", "mean profitable channels f (Eq. 8)");
	OUT_COL(t, "P_block", "", "blocking probability P_block on hop k (Eqs. 7-8)");
	OUT_COL(t, "B", CY, "mean blocking time B = P_block w (Eq. 6)");
	for (int k = 1; k <= H; k++) {
		double cnt = 0.0, fsum = 0.0;
		long r;

		for (int h = k; h <= H; h++) {
			const double *row = mdl.byh + (size_t)h * stride + (size_t)(h - k + 1) * (size_t)n;

			for (int f = 1; f < n; f++)
				fsum += f * row[f];
			cnt += mdl.topo.dist_count[h];
		}
		r = table_add_row(t);
		table_set(t, (size_t)r, 0, k);
		table_set(t, (size_t)r, 1, cnt / (mdl.topo.nodes - 1.0));
		table_set(t, (size_t)r, 2, cnt > 0.0 ? fsum / cnt : NAN);
		table_set(t, (size_t)r, 3, pt.pblock_hop[k]);
		table_set(t, (size_t)r, 4, st == STAR_OK ? pt.pblock_hop[k] * pt.w : INFINITY);
	}
	rc = 0;
	family_release(cfg->family, own);
	return rc;
}

/* "3|2,2": the cycle of symbol 1 (1 = in place), then the other cycles. */
static void class_label(const struct star_class *k, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "%d|", k->l1);

	if (k->nparts == 0 && used < len)
		snprintf(buf + used, len - used, "-");
	for (int i = 0; i < k->nparts && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d", i ? "," : "", k->parts[i]);
}

static int classes(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	struct star_model mdl;
	void *own = NULL;
	struct star_point pt;
	double at;
	int rc, st;
	char label[96];

	rc = model_at_point(cfg, req, &mdl, &pt, &at, &st, &own, d);
	if (rc)
		return rc;
	rc = -1;
	snprintf(t->title, sizeof t->title, "cycle-type classes of destinations in S%d; "
		 "S_i at lambda_g = %.6g%s", mdl.p.n, at, st == STAR_SATURATED ? " (saturated)" : "");
	OUT_TCOL(t, "class", "cycle type: symbol 1's cycle | other cycles");
	OUT_COL(t, "count", "nodes", "destinations in the class");
	OUT_COL(t, "distance", "hops", "distance h_i from the source");
	OUT_COL(t, "paths", "", "minimal paths to one destination");
	OUT_COL(t, "profitable", "channels", "profitable channels f at the source (Eq. 8)");
	OUT_COL(t, "misplaced", "symbols", "misplaced symbols m");
	OUT_COL(t, "cycles", "", "non-trivial cycles c");
	OUT_COL(t, "S_i", CY, "network latency to the class S_i (Eq. 4)");
	for (int c = 0; c < mdl.topo.nclass; c++) {
		const struct star_class *k = &mdl.topo.cls[c];
		long r = table_add_row(t);

		class_label(k, label, sizeof label);
		table_set_text(t, (size_t)r, 0, label);
		table_set(t, (size_t)r, 1, k->size);
		table_set(t, (size_t)r, 2, k->dist);
		table_set(t, (size_t)r, 3, k->paths);
		table_set(t, (size_t)r, 4, k->f);
		table_set(t, (size_t)r, 5, k->misplaced);
		table_set(t, (size_t)r, 6, k->cycles);
		table_set(t, (size_t)r, 7, c == mdl.topo.identity ? NAN
				       : st == STAR_OK ? star_class_latency(&mdl, &pt, c) : INFINITY);
	}
	rc = 0;
	family_release(cfg->family, own);
	return rc;
}

struct node_key {
	int cls;
	int64_t rank;
};

static int node_cmp(const void *a, const void *b)
{
	const struct node_key *x = a, *y = b;

	if (x->cls != y->cls)
		return (x->cls > y->cls) - (x->cls < y->cls);
	return (x->rank > y->rank) - (x->rank < y->rank);
}

static void perm_label(const int *perm, int n, char *buf)
{
	for (int i = 0; i < n; i++)
		buf[i] = (char)('1' + perm[i]);
	buf[n] = '\0';
}

static int distances(const struct config *cfg, const struct run_req *req, struct table *t,
		     struct diag *d)
{
	int n = star_cfg(cfg)->n, rc = -1;
	struct star_topo topo;
	struct node_key *keys = NULL;
	int *perms = NULL;
	int64_t N;
	char label[STAR_MATRIX_MAX_N + 1];

	if (n > STAR_MATRIX_MAX_N) {
		diag_set(d, "", "S%d has %lld nodes; the node-to-node distance table is "
			 "limited to n <= %d (S%d, %lld nodes): use -o distribution for the "
			 "distance distribution", n, (long long)star_factorial(n),
			 STAR_MATRIX_MAX_N, STAR_MATRIX_MAX_N,
			 (long long)star_factorial(STAR_MATRIX_MAX_N));
		d->usage = true;   /* a refusal of the request (exit 2), as elsewhere */
		return -1;
	}
	if (star_topo_init(&topo, n) < 0)
		return diag_set(d, "", "out of memory");
	N = star_factorial(n);
	keys = malloc((size_t)N * sizeof *keys);
	perms = malloc((size_t)N * (size_t)n * sizeof *perms);
	if (!keys || !perms)
		goto nomem;
	/* Nodes ordered by distance class: classes are sorted by distance from
	 * the identity, and by rank within a class. */
	for (int64_t r = 0; r < N; r++) {
		int p[STAR_MATRIX_MAX_N];

		star_unrank(r, n, p);
		keys[r].cls = star_class_of(&topo, p);
		keys[r].rank = r;
	}
	qsort(keys, (size_t)N, sizeof *keys, node_cmp);
	for (int64_t i = 0; i < N; i++)
		star_unrank(keys[i].rank, n, perms + i * n);
	perm_label(perms, n, label);
	snprintf(t->title, sizeof t->title, "hop distance in S%d (%lld nodes, ordered by distance "
		 "class from %s)", n, (long long)N, label);
	table_add_col(t, "node", "", "node (permutation)", COL_TEXT);
	for (int64_t j = 0; j < N; j++) {
		perm_label(perms + j * n, n, label);
		table_add_col(t, label, "hops", label, COL_NUM);
	}
	for (int64_t i = 0; i < N; i++) {
		const int *u = perms + i * n;
		int uinv[STAR_MATRIX_MAX_N];
		long r = table_add_row(t);

		if ((i & 15) == 0 && req_cancelled(req)) {
			rc = 1;
			goto out;
		}
		perm_label(u, n, label);
		table_set_text(t, (size_t)r, 0, label);
		for (int s = 0; s < n; s++)
			uinv[u[s]] = s;
		for (int64_t j = 0; j < N; j++) {
			const int *v = perms + j * n;
			int rel[STAR_MATRIX_MAX_N];

			/* relabel the symbols by u^-1: u becomes the identity */
			for (int s = 0; s < n; s++)
				rel[s] = uinv[v[s]];
			table_set(t, (size_t)r, (size_t)(j + 1), star_perm_distance(rel, n));
		}
	}
	rc = 0;
	goto out;
nomem:
	rc = diag_set(d, "", "out of memory");
out:
	free(perms);
	free(keys);
	star_topo_free(&topo);
	return rc;
}

static int distribution(const struct config *cfg, const struct run_req *req, struct table *t,
			struct diag *d)
{
	struct star_topo topo;
	int n = star_cfg(cfg)->n;

	if (star_topo_init(&topo, n) < 0)
		return diag_set(d, "", "out of memory");
	snprintf(t->title, sizeof t->title, "distance distribution in S%d (%.0f nodes, mean %.6g)",
		 n, topo.nodes, topo.mean_dist);
	OUT_COL(t, "distance", "hops", "distance h");
	OUT_COL(t, "probability", "", "share of the n!-1 destinations");
	OUT_COL(t, "nodes", "nodes", "nodes at distance h from a node");
	for (int h = 1; h <= topo.diameter; h++) {
		long r = table_add_row(t);

		table_set(t, (size_t)r, 0, h);
		table_set(t, (size_t)r, 1, topo.dist_count[h] / (topo.nodes - 1.0));
		table_set(t, (size_t)r, 2, topo.dist_count[h]);
	}
	star_topo_free(&topo);
	return 0;
}

const struct output_desc star_outputs[] = {
	{ "curve", "latency vs load with S-bar, W_s, w, V-bar and mean blocking", OUT_CURVE, curve },
	{ "sim", "simulated latency vs load (flit-level, 95% interval, accepted load)", OUT_CURVE,
	  star_sim_curve, .sim = SIM_CURVE, .loads = sim_sweep_loads, .lane = LANE_SLOW },
	{ "summary", "size, distances, V1/V2 split, zero-load latency, saturation load",
	  OUT_SUMMARY, summary },
	{ "saturation", "simulated saturation load (bisection below the channel-load bound) "
	  "beside the model's", OUT_SUMMARY, star_sim_saturation, .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "hops", "per hop: mean profitable channels and blocking at one load (--at)",
	  OUT_TABLE, hops, .at = XQ_LOAD },
	{ "classes", "cycle-type classes: count, distance, minimal paths, profitable channels",
	  OUT_TABLE, classes, .at = XQ_LOAD },
	{ "distances", "node-to-node distance matrix (n <= 5), nodes by distance class",
	  OUT_MATRIX, distances, .fallback = "distribution" },
	{ "distribution", "distance distribution: share and number of nodes at each distance",
	  OUT_BARS, distribution },
	{ "anynet", "BookSim 2 anynet topology file of S_n (n <= 8)", OUT_TEXT, star_anynet },
	{ NULL, NULL, 0, NULL },
};
