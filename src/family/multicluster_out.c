/*
 * family/multicluster_out.c: the outputs of the `multicluster` family, each
 * filling a generic table: curve (latency vs load with its parts), summary,
 * hops (hop distributions per group and network), point (the breakdown of
 * one load: the equation terms), distances (node-to-node hop table of one
 * cluster) and cluster-latency (group-by-group latency at one load).
 * Runs on whichever thread calls it; pure apart from allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/multicluster.h"
#include "family/curve.h"
#include "family/outkit.h"
#include "family/anynet_out.h"

#define TU "time units"

/* The prepared model (req->prepared, or one of our own left in *own for
 * family_release): 0, 1 cancelled, -1 with *d. */
static int model_for(const struct config *cfg, const struct run_req *req,
		     const struct mc_prepared **pm, void **own, struct diag *d)
{
	const void *prep;
	int rc = family_prepared(cfg, req, &prep, own, d);
	*pm = prep;
	return rc;
}

/* One per-load output's model: the prepared model and a point to evaluate
 * it into, both released by use_close (also after a failed use_open). */
struct mc_use {
	const struct mc_prepared *pm;
	void *own;                 /* ours when req->prepared was absent */
	struct mc_point *pt;       /* owned */
};

/* 0, 1 cancelled, -1 with *d. */
static int use_open(const struct config *cfg, const struct run_req *req, struct mc_use *u,
		    struct diag *d)
{
	u->pm = NULL;
	u->own = NULL;
	u->pt = malloc(sizeof *u->pt);
	if (!u->pt)
		return diag_set(d, "", "out of memory");
	return model_for(cfg, req, &u->pm, &u->own, d);
}

static void use_close(const struct config *cfg, struct mc_use *u)
{
	free(u->pt);
	u->pt = NULL;
	family_release(cfg->family, u->own);
	u->own = NULL;
}


/* The curve: the model at each load (curve.h runs the loop). */
struct mc_curve {
	const struct family *cfg_family;
	const struct mc_prepared *pm;
	void *own;
	struct mc_point pt;
	struct mc_point rp;      /* the refined model's point */
};

static int curve_open(const struct config *cfg, const struct run_req *req, void **state,
		      struct diag *d)
{
	struct mc_curve *c = malloc(sizeof *c);
	if (!c)
		return diag_set(d, "", "out of memory");
	c->cfg_family = cfg->family;
	if (req->x && mc_check_curve_cost(mc_cfg(cfg), req->nx, "--load", d)) {
		d->usage = true;   /* the request is refused: fewer points will do */
		free(c);
		return -1;
	}
	int rc = model_for(cfg, req, &c->pm, &c->own, d);
	if (rc) {
		free(c);
		return rc;
	}
	*state = c;
	return 0;
}

static void curve_close(void *state)
{
	struct mc_curve *c = state;
	family_release(c->cfg_family, c->own);
	free(c);
}

static int curve_columns(void *state, const struct config *cfg, struct curve_cols *cc)
{
	const struct mc_curve *c = state;
	curve_title(cc, "mean message latency vs offered load");
	if (curve_col(cc, "latency", TU, "mean message latency T", CC_SATURATES) ||
	    curve_col(cc, "W_s", TU, "source-queue wait W_s", CC_SATURATES | CC_PART |
		      CC_SOURCE_WAIT) ||
	    curve_col(cc, "S", TU, "network latency S", CC_SATURATES | CC_PART) ||
	    curve_col(cc, "R", TU, "tail time R", CC_SATURATES | CC_PART) ||
	    curve_col(cc, "W_d", TU, "concentrator/dispatcher wait 2W_d", CC_SATURATES | CC_PART |
		      CC_QUEUE_WAIT) ||
	    (curve_col_symbol(cc, "2W_d"), false) ||
	    curve_col(cc, "T_in", TU, "intra-cluster latency T_in", CC_SATURATES) ||
	    (curve_col_class(cc, CM_INTRA, -1), false) ||
	    curve_col(cc, "T_out", TU, "inter-cluster latency T_out", CC_SATURATES) ||
	    (curve_col_class(cc, CM_INTER, -1), false) ||
	    curve_col(cc, "util_max", "", "largest utilisation", 0))
		return -1;
	for (int g = 0; g < c->pm->mdl.p.ngroups; g++) {
		char name[32], label[64];
		snprintf(name, sizeof name, "T_group%d", g);
		snprintf(label, sizeof label, "latency T^(i), group %d (n=%d)", g,
			 c->pm->mdl.p.g[g].n);
		if (curve_col(cc, name, TU, label, CC_SATURATES))
			return -1;
		curve_col_class(cc, CM_GROUP, g);
	}
	/* icnx's refined model (options.model = refined): it may saturate
	 * below the printed model, so its columns are INFINITY there. */
	const unsigned rf = CC_SATURATES | CC_OWN_SATURATION;
	if (c->pm->refined &&
	    (curve_col(cc, "latency_refined", TU, c->pm->ref.p.conc == MC_CONC_CUT_THROUGH
		       ? "refined latency, cut-through concentrators (icnx, not the papers)"
		       : "refined latency, buffered concentrators (icnx, not the papers)", rf) ||
	     curve_col_refines(cc, "latency") ||
	     curve_col(cc, "W_s_refined", TU, "refined source-queue wait (icnx)", rf) ||
	     curve_col_refines(cc, "W_s") ||
	     curve_col(cc, "W_d_refined", TU, "refined concentrator + dispatcher wait (icnx)", rf) ||
	     curve_col_refines(cc, "W_d") ||
	     curve_col(cc, "T_in_refined", TU, "refined intra-cluster latency (icnx)", rf) ||
	     curve_col_refines(cc, "T_in") ||
	     curve_col(cc, "T_out_refined", TU, "refined inter-cluster latency (icnx)", rf) ||
	     curve_col_refines(cc, "T_out")))
		return -1;
	return 0;
}

/* The diagnostic of mc_eval's -1 (a NaN, or a latency that is not finite
 * and non-negative below saturation: a bug of the model). */
static int model_error(const struct mc_point *pt, double x, struct diag *d)
{
	return diag_set(d, "", "model error: %s is not a finite non-negative number at "
			"lambda_g = %.9g (a model result must be one, or saturated)",
			pt->bottleneck ? pt->bottleneck : "a quantity", x);
}

static int curve_eval(void *state, double x, double *v, const struct run_req *req,
		      struct diag *d)
{
	struct mc_curve *c = state;
	struct mc_point *pt = &c->pt;
	int sat = mc_eval(&c->pm->mdl, x, pt);
	if (sat < 0)
		return model_error(pt, x, d);
	double u[8] = { pt->T, pt->W_s, pt->S, pt->R, pt->W_d, pt->T_in, pt->T_out, pt->util_max };
	memcpy(v, u, sizeof u);
	int k = 8;
	for (int g = 0; g < c->pm->mdl.p.ngroups; g++)
		v[k++] = pt->g[g].T;
	if (c->pm->refined) {
		struct mc_point *rp = &c->rp;
		int rs = mc_eval(&c->pm->ref, x, rp);
		if (rs < 0)
			return model_error(rp, x, d);
		double r[5] = { rp->T, rp->W_s, rp->W_d, rp->T_in, rp->T_out };
		for (int i = 0; i < 5; i++)
			v[k++] = rs ? INFINITY : r[i];
	}
	return sat ? CURVE_SATURATED : CURVE_OK;
}

static const struct curve_ops mc_curve_ops = {
	curve_open, curve_columns, NULL, curve_eval, curve_close,
};

static int curve(const struct config *cfg, const struct run_req *req, struct table *t,
		 struct diag *d)
{
	return curve_run(&mc_curve_ops, cfg, req, t, d);
}

static int summary(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	struct mc_use u;
	int rc = use_open(cfg, req, &u, d);
	char note[128];

	if (rc) {
		use_close(cfg, &u);
		return rc;
	}
	const struct mc_prepared *pm = u.pm;
	const struct mc_model *mdl = &pm->mdl;
	struct mc_point *pt = u.pt;
	rc = -1;
	snprintf(t->title, sizeof t->title, "summary");
	summary_cols(t);

	const struct mc_params *p = &mdl->p;
	double sat = pm->sat;
	if (!isinf(sat) && mc_eval(mdl, sat, pt) < 0) {
		rc = model_error(pt, sat, d);
		goto out;
	}
	snprintf(note, sizeof note, "first to reach 1: %s", isinf(sat) ? "nothing" : pt->bottleneck);
	if (mc_eval(mdl, 0, pt) < 0) {
		rc = model_error(pt, 0, d);
		goto out;
	}
	summary_row_as(t, ROW_OVERVIEW, "clusters", mdl->C, "", "C", "");
	summary_row_as(t, ROW_OVERVIEW, "nodes", mdl->N, "", "N", "");
	summary_row(t, "switch_ports", p->m, "ports", "m", "");
	summary_row(t, "icn2_levels", mdl->n_c, "levels", "n_c",
		 mdl->C == 2 * pow(p->m / 2.0, mdl->n_c) ? "full m-port n_c-tree"
							 : "partly populated m-port n_c-tree");
	summary_row(t, "message_length", p->M, "flits", "M", "");
	const struct param *i1 = mc_network_param(MC_ICN1), *e1 = mc_network_param(MC_ECN1),
			   *i2 = mc_network_param(MC_ICN2);
	summary_row_about(t, i1, "icn1.t_cn", p->icn1.t_cn, "time units/flit", "t_cn", "");
	summary_row_about(t, i1, "icn1.t_cs", p->icn1.t_cs, "time units/flit", "t_cs", "");
	summary_row_about(t, e1, "ecn1.t_cn", p->ecn1.t_cn, "time units/flit", "t_cn", "");
	summary_row_about(t, e1, "ecn1.t_cs", p->ecn1.t_cs, "time units/flit", "t_cs", "");
	summary_row_about(t, i2, "icn2.t_cn", p->icn2.t_cn, "time units/flit", "t_cn", "");
	summary_row_about(t, i2, "icn2.t_cs", p->icn2.t_cs, "time units/flit", "t_cs", "");
	summary_row(t, "zero_load_latency", pt->T, TU, "T(0)", "");
	summary_row_as(t, ROW_SATURATION, "saturation_load", sat, "msg/node/time unit", "lambda_g*",
		       note);
	if (pm->refined) {
		struct mc_point rz;
		if (mc_eval(&pm->ref, 0, &rz) < 0) {
			rc = model_error(&rz, 0, d);
			goto out;
		}
		summary_row(t, "zero_load_latency_refined", rz.T, TU, "T(0) (refined)",
			    "icnx's refined model: the simulator's flit times and destinations");
		char rnote[160];
		if (!isinf(pm->sat_ref) && mc_eval(&pm->ref, pm->sat_ref, &rz) < 0) {
			rc = model_error(&rz, pm->sat_ref, d);
			goto out;
		}
		snprintf(rnote, sizeof rnote, "icnx's refined model, %s concentrators; first to "
			 "reach 1: %s", pm->ref.p.conc == MC_CONC_CUT_THROUGH ? "cut-through"
			 : "buffered", isinf(pm->sat_ref) ? "nothing" : rz.bottleneck);
		summary_row_as(t, ROW_SATURATION_REFINED, "saturation_load_refined", pm->sat_ref,
			       "msg/node/time unit", "lambda_g* (refined)", rnote);
		summary_row(t, "saturation_load_refined_95", pm->sat_ref95, "msg/node/time unit",
			    "lambda_sat (refined)", "icnx's refined model: the largest load whose "
			    "carried share is >= 95% (the simulator's -o saturation criterion; "
			    "an overloaded concentrator passes 1/utilisation)");
	}
	summary_row_about(t, i2, "icn2.mean_distance", mdl->d_icn2, "links", "d_avg(I2)", "");
	for (int g = 0; g < p->ngroups; g++) {
		snprintf(note, sizeof note, "%d cluster%s, n = %d, tau = %g", p->g[g].count,
			 p->g[g].count == 1 ? "" : "s", p->g[g].n, p->g[g].tau);
		summary_group_row(t, g, "nodes_per_cluster", mdl->N_i[g], "", "N_i", note);
		summary_group_row(t, g, "external_share", mdl->Q[g], "",
				  isnan(p->theta) ? "Q^(i)" : "theta", "");
		summary_group_row(t, g, "icn1.mean_distance", mdl->d_icn1[g], "links",
				  "d_avg(I1)", ft_pattern_name(p->pattern));
		summary_group_row(t, g, "ecn1.mean_distance", mdl->d_ecn1[g], "links",
				  "d_avg(E1)", "uniform");
		summary_group_row(t, g, "zero_load_latency", pt->g[g].T, TU, "T^(i)(0)", "");
	}
	rc = 0;
out:
	use_close(cfg, &u);
	return rc;
}

/* One hops row; the uniform and printed-transpose columns are NaN when they
 * do not apply. */
static int hrow(struct table *t, double g, const char *net, int h, double count, double P,
		double P_uni, double count_pr, double P_pr)
{
	long r = table_add_row(t);
	if (r < 0 || table_set_text(t, (size_t)r, 1, net))
		return -1;
	double v[] = { g, NAN, h, 2.0 * h, count, P, P_uni, count_pr, P_pr };
	for (size_t c = 0; c < sizeof v / sizeof v[0]; c++)
		if (c != 1)
			table_set(t, (size_t)r, c, v[c]);
	return 0;
}

static int hops(const struct config *cfg, const struct run_req *req, struct table *t,
		struct diag *d)
{
	const struct mc_model *mdl = NULL;
	const struct mc_prepared *pm = NULL;
	void *own = NULL;
	int rc = -1;

	rc = model_for(cfg, req, &pm, &own, d);
	if (rc == 0)
		mdl = &pm->mdl;
	if (rc)
		goto out;
	rc = -1;
	snprintf(t->title, sizeof t->title, "hop distributions (%s internal traffic)",
		 ft_pattern_name(mdl->p.pattern));
	OUT_COL(t, "group", "", "cluster group (empty for ICN2, which joins every cluster)");
	OUT_TCOL(t, "network", "network");
	OUT_COL(t, "hops", "", "hops up to the common ancestor h (0: fixed points)");
	OUT_COL(t, "links", "", "links crossed 2h");
	OUT_COL(t, "count", "", "source-destination pairs");
	OUT_COL(t, "probability", "", "P_h");
	OUT_COL(t, "uniform_probability", "", "P_h under uniform traffic (Eq. 9)");
	OUT_COL(t, "printed_count", "", "transpose Count_j as printed (sharifi Eqs. 6-8)");
	OUT_COL(t, "printed_probability", "", "transpose P_j as printed (Eqs. 9-10)");
	bool transpose = mdl->p.pattern == FT_TRANSPOSE;
	for (int g = 0; g < mdl->p.ngroups; g++) {
		int n = mdl->p.g[g].n;
		double Ni = mdl->N_i[g], pr[FT_MAX_N + 1], pr0 = NAN;
		double pairs_in = mdl->p.pattern == FT_UNIFORM ? Ni * (Ni - 1) : Ni - mdl->fixed_icn1[g];
		if (!transpose || ft_transpose_printed(mdl->p.m, n, pr, &pr0) < 0)
			for (int h = 0; h <= n; h++)
				pr[h] = NAN;
		for (int h = 1; h <= n; h++)
			hrow(t, g, "icn1", h, mdl->P_icn1[g][h] * pairs_in, mdl->P_icn1[g][h],
				 mdl->P_uni[g][h], pr[h], pr[h] / (Ni - pr0));
		if (mdl->p.pattern != FT_UNIFORM)
			hrow(t, g, "icn1", 0, mdl->fixed_icn1[g], NAN, NAN, pr0, NAN);
		for (int h = 1; h <= n; h++)
			hrow(t, g, "ecn1", h, mdl->P_uni[g][h] * Ni * (Ni - 1), mdl->P_uni[g][h],
				 mdl->P_uni[g][h], NAN, NAN);
	}
	for (int h = 1; h <= mdl->n_c; h++)
		hrow(t, NAN, "icn2", h, mdl->P_icn2[h] * mdl->C * (mdl->C - 1.0), mdl->P_icn2[h],
			 NAN, NAN, NAN);
	rc = 0;
out:
	family_release(cfg->family, own);
	return rc;
}

/* Hop distribution of ICN1 in a cluster of group --select as bars: under
 * the internal pattern, under uniform traffic (Eq. 9) and, for the
 * transpose, as printed (sharifi Eqs. 6-10). */
static int hop_bars(const struct config *cfg, const struct run_req *req, struct table *t,
		    struct diag *d)
{
	const struct mc_model *mdl = NULL;
	const struct mc_prepared *pm = NULL;
	void *own = NULL;
	int rc = -1;
	int g = req->select < 0 ? 0 : req->select;
	double pr[FT_MAX_N + 1], pr0 = 0;

	if ((size_t)g >= mc_cfg(cfg)->nclusters) {
		d->usage = true;
		rc = diag_set(d, "--select", "cluster group %d does not exist (allowed: 0..%zu)",
			      g, mc_cfg(cfg)->nclusters - 1);
		goto out;
	}
	rc = model_for(cfg, req, &pm, &own, d);
	if (rc == 0)
		mdl = &pm->mdl;
	if (rc)
		goto out;
	rc = -1;
	int n = mdl->p.g[g].n;
	bool printed = mdl->p.pattern == FT_TRANSPOSE &&
		       ft_transpose_printed(mdl->p.m, n, pr, &pr0) == 0;
	snprintf(t->title, sizeof t->title, "hop distribution P_h, group %d (%d-port %d-tree)",
		 g, mdl->p.m, n);
	OUT_COL(t, "hops", "", "hops h (2h links)");
	OUT_COL(t, ft_pattern_name(mdl->p.pattern), "", "P_h under the pattern");
	if (mdl->p.pattern != FT_UNIFORM)
		OUT_COL(t, "uniform", "", "P_h under uniform traffic (Eq. 9)");
	if (printed)
		OUT_COL(t, "printed", "", "transpose P_j as printed (Eqs. 6-10)");
	for (int h = 1; h <= n; h++) {
		long r = table_add_row(t);
		size_t c = 0;
		table_set(t, (size_t)r, c++, h);
		table_set(t, (size_t)r, c++, mdl->P_icn1[g][h]);
		if (mdl->p.pattern != FT_UNIFORM)
			table_set(t, (size_t)r, c++, mdl->P_uni[g][h]);
		if (printed)
			table_set(t, (size_t)r, c++, pr[h] / (mdl->N_i[g] - pr0));
	}
	rc = 0;
out:
	family_release(cfg->family, own);
	return rc;
}

/* A latency at a point: inf when the point is saturated (whatever the
 * model's arithmetic gave there). */
static double lat(int sat, double v)
{
	return sat ? INFINITY : v;
}

/* The load a per-point output looks at: req->at, or half the saturation load. */
static double point_load(const struct mc_prepared *pm, const struct run_req *req)
{
	return isnan(req->at) ? 0.5 * pm->sat : req->at;
}

/* use_open, then the model evaluated at the request's point (point_load)
 * into u->pt: 0 with *at and *sat (mc_eval: 1 saturated), else u already
 * released and 1 cancelled or -1 with *d (a model error included). */
static int use_point(const struct config *cfg, const struct run_req *req, struct mc_use *u,
		     double *at, int *sat, struct diag *d)
{
	int rc = use_open(cfg, req, u, d);

	if (rc) {
		use_close(cfg, u);
		return rc;
	}
	*at = point_load(u->pm, req);
	*sat = mc_eval(&u->pm->mdl, *at, u->pt);
	if (*sat < 0) {
		rc = model_error(u->pt, *at, d);
		use_close(cfg, u);
	}
	return rc;
}

static int point(const struct config *cfg, const struct run_req *req, struct table *t,
		 struct diag *d)
{
	struct mc_use u;
	double at;
	int sat;
	int rc = use_point(cfg, req, &u, &at, &sat, d);
	char q[96];

	if (rc)
		return rc;
	const struct mc_prepared *pm = u.pm;
	const struct mc_model *mdl = &pm->mdl;
	struct mc_point *pt = u.pt;
	rc = -1;
	snprintf(t->title, sizeof t->title, "breakdown at lambda_g = %.6g%s", at,
		 sat ? " (saturated)" : "");
	summary_cols(t);
	summary_row(t, "load", at, "msg/node/time unit", "lambda_g", "");
	summary_row(t, "latency", lat(sat, pt->T), TU, "T", "Eq. 7");
	summary_row(t, "source_wait", lat(sat, pt->W_s), TU, "W_s", "Eq. 19");
	summary_row(t, "network_latency", lat(sat, pt->S), TU, "S", "Eqs. 8, 22");
	summary_row(t, "tail", lat(sat, pt->R), TU, "R", "Eq. 20");
	summary_row(t, "concentrator_wait", lat(sat, pt->W_d), TU, "2W_d", "Eq. 32");
	summary_row(t, "intra_latency", lat(sat, pt->T_in), TU, "T_in", "Eq. 21");
	summary_row(t, "inter_latency", lat(sat, pt->T_out), TU, "T_out", "Eq. 33");
	summary_row(t, "icn2.channel_rate", pt->lc_icn2, "msg/time unit", "lambda_c(I2)", "Eq. 27");
	summary_row(t, "util_max", pt->util_max, "", "", pt->bottleneck);
	for (int g = 0; g < mdl->p.ngroups; g++) {
		const struct mc_group_point *gp = &pt->g[g];
		struct { const char *k; double v; const char *u, *s, *n; } rows[] = {
			{ "latency", lat(sat, gp->T), TU, "T^(i)", "Eq. 5" },
			{ "intra.source_wait", lat(sat, gp->W_in), TU, "W_s", "Eq. 19" },
			{ "intra.network_latency", lat(sat, gp->S_in), TU, "S", "Eq. 8" },
			{ "intra.tail", lat(sat, gp->R_in), TU, "R", "Eq. 20" },
			{ "inter.source_wait", lat(sat, gp->W_ex), TU, "W_s", "Eqs. 28, 31" },
			{ "inter.network_latency", lat(sat, gp->S_ex), TU, "S_E1,I2", "Eq. 22" },
			{ "inter.tail", lat(sat, gp->R_ex), TU, "R", "sharifi Eq. 31" },
			{ "concentrator_wait", lat(sat, gp->W_d), TU, "W_d", "Eq. 32, one queue" },
			{ "icn1.channel_rate", gp->lc_icn1, "msg/time unit", "lambda_c(I1)", "Eq. 13" },
			{ "util.source_intra", gp->util_src_in, "", "", "" },
			{ "util.source_inter", gp->util_src_ex, "", "", "largest over destinations" },
			{ "util.concentrator", gp->util_con, "", "", "" },
			{ "blocking.inter_max", gp->PB_ex_max, "", "P_B", "largest external stage" },
		};
		for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
			summary_group_row(t, g, rows[k].k, rows[k].v, rows[k].u, rows[k].s,
					  rows[k].n);
		for (int k = 0; k < gp->nstages; k++) {
			snprintf(q, sizeof q, "blocking.stage%d", k);
			summary_group_row(t, g, q, gp->PB[k], "", "P_B",
					  k == 0 ? "2n_i-link journey, Eq. 15" : "");
		}
	}
	rc = 0;
	use_close(cfg, &u);
	return rc;
}

#define MAX_MATRIX_NODES 1024

/* The node-to-node matrix of a cluster of group --select: every pair's hop
 * distance in links (all_pairs), or only each source's destination under
 * the internal pattern (the others NaN: no traffic between them). */
static int node_matrix(const struct config *cfg, const struct run_req *req, struct table *t,
		       struct diag *d, bool all_pairs)
{
	const struct mc_config *c = mc_cfg(cfg);
	int g = req->select < 0 ? 0 : req->select;
	char label[16];

	if ((size_t)g >= c->nclusters) {
		d->usage = true;
		return diag_set(d, "--select", "cluster group %d does not exist (allowed: 0..%zu)",
				g, c->nclusters - 1);
	}
	int n = c->clusters[g].n;
	int64_t N = ft_nodes(c->m, n);
	if (N < 0 || N > MAX_MATRIX_NODES) {
		d->usage = true;
		return diag_set(d, "--select", "a cluster of group %d has %lld nodes; node-to-node "
				"tables are limited to %d nodes (use -o hops)", g, (long long)N,
				MAX_MATRIX_NODES);
	}
	enum ft_pattern pat = all_pairs ? FT_UNIFORM : (enum ft_pattern)c->traffic.pattern;
	int bits = 0;
	while ((INT64_C(1) << bits) < N)
		bits++;
	if (all_pairs || pat == FT_UNIFORM)
		snprintf(t->title, sizeof t->title, "hop distance (links) in a cluster of group %d: "
			 "%d-port %d-tree, %lld nodes", g, c->m, n, (long long)N);
	else
		snprintf(t->title, sizeof t->title, "%s: source-to-destination hop distance "
			 "(links), group %d, %lld nodes", ft_pattern_name(pat), g, (long long)N);
	matrix_cols(t, (size_t)N, "node", "source node");
	for (int64_t a = 0; a < N; a++) {
		long r = table_add_row(t);
		snprintf(label, sizeof label, "%lld", (long long)a);
		table_set_text(t, (size_t)r, 0, label);
		int64_t dest = pat == FT_UNIFORM ? -1 : ft_perm_apply(pat, bits, a);
		for (int64_t b = 0; b < N; b++)
			if (pat == FT_UNIFORM || b == dest)
				table_set(t, (size_t)r, (size_t)(b + 1), 2.0 * ft_hops(c->m, n, a, b));
	}
	return 0;
}

static int distances(const struct config *cfg, const struct run_req *req, struct table *t,
		     struct diag *d)
{
	return node_matrix(cfg, req, t, d, true);
}

static int pattern_distances(const struct config *cfg, const struct run_req *req,
			     struct table *t, struct diag *d)
{
	return node_matrix(cfg, req, t, d, false);
}

static int cluster_latency(const struct config *cfg, const struct run_req *req,
			   struct table *t, struct diag *d)
{
	struct mc_use u;
	double at;
	int sat;
	int rc = use_point(cfg, req, &u, &at, &sat, d);
	char label[16];

	if (rc)
		return rc;
	const struct mc_prepared *pm = u.pm;
	const struct mc_model *mdl = &pm->mdl;
	struct mc_point *pt = u.pt;
	rc = -1;
	snprintf(t->title, sizeof t->title, "inter-cluster latency by group at lambda_g = %.6g%s",
		 at, sat ? " (saturated)" : "");
	matrix_cols(t, (size_t)mdl->p.ngroups, "group", "source group");
	for (int i = 0; i < mdl->p.ngroups; i++) {
		long r = table_add_row(t);
		snprintf(label, sizeof label, "%d", i);
		table_set_text(t, (size_t)r, 0, label);
		for (int j = 0; j < mdl->p.ngroups; j++)
			table_set(t, (size_t)r, (size_t)(j + 1),
				  sat ? INFINITY : pt->g[i].T_pair[j]);
	}
	rc = 0;
	use_close(cfg, &u);
	return rc;
}

const struct output_desc mc_outputs[] = {
	{ "curve", "latency vs load with its parts (W_s, S, R, W_d) and per group", OUT_CURVE, curve },
	{ "sim", "simulated latency vs load (flit-level, 95% interval, accepted load)", OUT_CURVE,
	  mc_sim_curve, .sim = SIM_CURVE, .loads = sim_sweep_loads, .lane = LANE_SLOW },
	{ "summary", "zero-load latency, saturation load, mean distances", OUT_SUMMARY, summary },
	{ "saturation", "simulated saturation load (bisection from the model's) beside the "
	  "model's", OUT_SUMMARY, mc_sim_saturation, .sim = SIM_RUN, .lane = LANE_SLOW },
	{ "hops", "hop distribution per cluster group and network (counts, P_h)", OUT_TABLE, hops },
	{ "hop-bars", "ICN1 hop distribution of group --select: pattern, uniform, printed", OUT_BARS,
	  hop_bars, .select = true },
	{ "point", "every equation term at one load (--at), with blocking per stage", OUT_TABLE, point, .at = XQ_LOAD,
	  .breakdown = true },
	{ "distances", "node-to-node hop distance in a cluster of group --select", OUT_MATRIX, distances,
	  .select = true },
	{ "pattern-distances", "each source's hop distance to its destination under the pattern, group --select",
	  OUT_MATRIX, pattern_distances, .select = true },
	{ "cluster-latency", "group-to-group inter-cluster latency at one load (--at)", OUT_MATRIX,
	  cluster_latency, .at = XQ_LOAD },
	{ "anynet", "BookSim 2 anynet file of the m-port n-tree of group --select (ICN1, ECN1)",
	  OUT_TEXT, mc_anynet, .select = true },
	{ "anynet-external", "BookSim 2 anynet file of ECN1s, concentrators and ICN2 together",
	  OUT_TEXT, mc_anynet_external },
	{ NULL, NULL, 0, NULL },
};
