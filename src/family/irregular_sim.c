/*
 * family/irregular_sim.c: the `irregular` family's simulated outputs: the
 * network of the configuration (links, nodes, root) with its `timing` and
 * `sim` sections, simulated by src/sim: the latency curve, per switch pair
 * latency beside equivalent and hop distance, and the simulated saturation.
 * Pure apart from allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/curve.h"
#include "family/irregular.h"
#include "model/linfit.h"
#include "family/fittext.h"
#include "family/irregular_simctx.h"
#include "family/outkit.h"
#include "family/simsat.h"
#include "sim/irr_net.h"
#include "topo/eqdist.h"

#define LU "msg/node/cycle"

static const enum ft_pattern patterns[] = { FT_UNIFORM, FT_BITREV, FT_SHUFFLE, FT_BUTTERFLY };

void irr_simctx_free(struct irr_simctx *x)
{
	if (x == NULL)
		return;
	if (x->built >= 3)
		sim_irr_free(&x->s);
	if (x->built >= 2)
		ud_free(&x->ud);
	if (x->built >= 1)
		irr_net_free(&x->net);
	x->built = 0;
}

int irr_simctx_build(const struct config *cfg, int64_t max_work, struct irr_simctx *x,
		     struct diag *d)
{
	return irr_simctx_build_pattern(cfg, irr_cfg(cfg)->sim.pattern, max_work, x, d);
}

static int build(const struct config *cfg, int pattern, int64_t max_work, bool cap,
		 struct irr_simctx *x, struct diag *d);

int irr_simctx_build_pattern(const struct config *cfg, int pattern, int64_t max_work,
			     struct irr_simctx *x, struct diag *d)
{
	return build(cfg, pattern, max_work, true, x, d);
}

int irr_simctx_check_pattern(const struct config *cfg, int pattern, int64_t max_work,
			     struct diag *d)
{
	struct irr_simctx x;

	if (build(cfg, pattern, max_work, false, &x, d))
		return -1;
	irr_simctx_free(&x);
	return 0;
}

/* The context of pattern, checked against max_work (> 0), with the
 * channel-load bound only when `cap`. */
static int build(const struct config *cfg, int pattern, int64_t max_work, bool cap,
		 struct irr_simctx *x, struct diag *d)
{
	const struct irr_config *c = irr_cfg(cfg);
	const struct irr_sim_config *ic = &c->sim;
	const struct sim_config *sc = &ic->common;
	double bufs;

	memset(x, 0, sizeof *x);
	if (sim_check_system(sc, d))
		return -1;
	if (irr_config_net(c, &x->net, d))
		return -1;
	x->built = 1;
	if (c->root >= x->net.switches) {
		irr_simctx_free(x);
		return diag_set(d, "root", "switch %d does not exist", c->root);
	}
	bufs = (2.0 * x->net.nlinks + 2.0 * x->net.first_node[x->net.switches]) * ic->V * sc->buffer;
	if (bufs > (double)SIM_CFG_MAX_FLITS) {
		irr_simctx_free(x);
		d->usage = true;
		return diag_set(d, "sim.buffer", "the simulator would hold %.0f flit buffers "
				"(channels x V x buffer); its limit is %ld", bufs, SIM_CFG_MAX_FLITS);
	}
	if (ud_build(&x->ud, &x->net, c->root)) {
		irr_simctx_free(x);
		return diag_set(d, "", "out of memory");
	}
	x->built = 2;
	if (sc->timing == SIMCFG_TIMING_BOOKSIM &&
	    (c->timing.node_link != 1 || c->timing.switch_link != 1)) {
		irr_simctx_free(x);
		d->usage = true;
		return diag_set(d, "sim.timing", "BookSim2's links move one flit a cycle and differ "
				"only in latency, so sim.timing = booksim needs timing.node_link = "
				"timing.switch_link = 1 (here %d and %d cycles per flit); or use "
				"sim.timing = paper", c->timing.node_link, c->timing.switch_link);
	}
	if (sim_irr_build(&x->s, &x->net, &x->ud, ic->V, sc->buffer,
			  sc->routing == SIMCFG_DETERMINISTIC ? SIM_IRR_DETERMINISTIC : SIM_IRR_ADAPTIVE,
			  patterns[pattern], c->timing.node_link, c->timing.switch_link) < 0) {
		int N = x->net.first_node[x->net.switches];    /* read before the free */

		irr_simctx_free(x);
		d->usage = true;
		if (N < 2)
			return diag_set(d, "nodes", "no node sends: %d node%s, "
					"no pair to simulate", N, N == 1 ? "" : "s");
		return diag_set(d, "sim.pattern", "no node sends under this pattern (N = %d: "
				"every node's destination is itself or beyond N)", N);
	}
	x->s.net.release = (enum sim_release)sc->release;
	x->built = 3;
	x->mix = (struct sim_mix){ 1, { ic->M }, { 1 } };
	/* the work check before the channel-load bound, the costliest step
	 * (seconds on 1024 switches): a refusal comes at once */
	if (max_work > 0 && irr_check_work(cfg, x, max_work, d)) {
		irr_simctx_free(x);
		return -1;
	}
	x->cap = cap ? sim_irr_capacity(&x->s, ic->M) : NAN;
	if (x->cap < 0) {
		irr_simctx_free(x);
		return diag_set(d, "", "out of memory");
	}
	return 0;
}

double irr_mean_channels(const struct irr_simctx *x)
{
	int S = x->net.switches, N = x->s.N;
	double sum = 0, pairs = 0;

	if (x->s.pattern == FT_UNIFORM) {
		/* by switch: senders on a times nodes on b, each at ud_dist(a, b)
		 * (0 on one switch, so a node's own pair adds nothing) */
		double *snd = calloc((size_t)S, sizeof *snd);
		if (!snd)
			return 2;
		for (int i = 0; i < x->s.nsenders; i++)
			snd[x->s.sw[x->s.senders[i]]]++;
		for (int a = 0; a < S; a++) {
			if (!snd[a])
				continue;
			for (int b = 0; b < S; b++)
				sum += snd[a] * x->net.nodes[b] * ud_dist(&x->ud, a, b);
		}
		pairs = (double)x->s.nsenders * (N - 1);
		free(snd);
	} else {
		for (int i = 0; i < x->s.nsenders; i++) {
			int q = x->s.senders[i], p = x->s.perm[q];
			if (p < 0)
				continue;
			sum += ud_dist(&x->ud, x->s.sw[q], x->s.sw[p]);
			pairs++;
		}
	}
	return 2 + (pairs > 0 ? sum / pairs : 0);
}

int irr_check_work(const struct config *cfg, const struct irr_simctx *x, int64_t max_work,
		   struct diag *d)
{
	/* a point's replications (the stricter count: a saturation probe is
	 * one run) */
	return sim_check_route_work(&irr_cfg(cfg)->sim.common, &x->mix, irr_mean_channels(x),
				    x->s.nsenders, false, max_work, d);
}

int irr_view_load(const struct config *cfg, const struct run_req *req,
		  const struct irr_simctx *x, double *lambda, const char **from, struct diag *d)
{
	const struct irr_sim_config *sc = &irr_cfg(cfg)->sim;

	if (!isnan(req->at)) {
		*lambda = req->at;
		*from = "--at";
	} else if (!isnan(sc->load)) {
		*lambda = sc->load * x->s.N / ((double)sc->M * (x->s.nsenders > 0 ? x->s.nsenders : 1));
		*from = "sim.load";
	} else {
		*lambda = 0.1 * x->cap;
		*from = "auto";
	}
	if (!(*lambda > 0)) {
		d->usage = true;
		return diag_set(d, "", "--at %g: the load must be positive", *lambda);
	}
	if (*lambda > 2 * x->cap) {
		/* Beyond twice the busiest channel's bound every pair is deeply
		 * saturated: a long run that says nothing. */
		d->usage = true;
		return diag_set(d, strcmp(*from, "sim.load") ? "" : "sim.load",
				"load %g msg/node/cycle (from %s): allowed up to %g msg/node/cycle "
				"(twice the channel-load bound, %.4g flits/node/cycle)", *lambda, *from,
				2 * x->cap, 2 * x->cap * sc->M * x->s.nsenders /
				(x->s.N > 0 ? x->s.N : 1));
	}
	return 0;
}

int irr_sim_loads(const struct config *cfg, const struct run_req *req, double **xs,
		  size_t *n, struct diag *d)
{
	struct irr_simctx x;
	int rc;

	(void)req;
	/* the default points' share: SIM_WORK_POINT */
	if (irr_simctx_build(cfg, SIM_WORK_POINT, &x, d))
		return -1;
	rc = sim_loads_below(x.cap, xs, n, d);    /* up to the channel-load bound */
	irr_simctx_free(&x);
	return rc;
}

int irr_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d)
{
	struct irr_simctx x;
	double *own = NULL;
	const double *xs = req->x;
	size_t nx = req->nx;
	int rc;

	/* each point's share of the run, as sim_curve_table gives it (10 own
	 * loads: SIM_WORK_POINT) */
	if (irr_simctx_build(cfg, sim_work_share(xs ? (req->run_points > nx ? req->run_points : nx)
						 : SIM_DEFAULT_LOADS), &x, d))
		return -1;
	if (!xs) {              /* the default loads up to the channel-load bound */
		if (sim_loads_below(x.cap, &own, &nx, d)) {
			irr_simctx_free(&x);
			return -1;
		}
		xs = own;
	}
	char sys[128];

	snprintf(t->title, sizeof t->title, "simulated latency vs offered load, %d switches, "
		 "%d nodes, M = %d (%s)%s", x.net.switches, x.s.N, irr_cfg(cfg)->sim.M,
		 irr_pattern_names[irr_cfg(cfg)->sim.pattern],
		 sim_system_text(&irr_cfg(cfg)->sim.common, "", true, "", sys, sizeof sys));
	rc = sim_curve_table(&x.s.net, &x.mix, &irr_cfg(cfg)->sim.common, xs, NULL, nx, req->point0, "load", LU,
			     "offered load", req, t, d);
	free(own);
	irr_simctx_free(&x);
	return rc;
}

/* The three x's of -o pairs a line is fitted on: column, name, symbol. */
static const struct {
	int col;
	const char *name, *sym;
} fit_x[3] = {
	{ 4, "fit_distance", "T_ij" },
	{ 3, "fit_length", "length" },
	{ 2, "fit_hops", "hops" },
};

/* Least-squares lines of the pairs' mean latency (a != b, with messages;
 * means over delivered messages, as -o correlation) on T_ij, the legal
 * route length and the graph distance, into f[0..2].  -1 out of memory. */
static int pair_fits(const struct irr_simctx *x, const double *sum, const long *cnt,
		     struct linfit f[3])
{
	int S = x->net.switches;
	size_t SS = (size_t)S * S, np = 0;
	double *v = malloc(4 * (SS ? SS : 1) * sizeof *v);

	if (!v)
		return -1;
	for (int a = 0; a < S; a++)
		for (int b = 0; b < S; b++) {
			size_t k = (size_t)a * S + b;
			if (a == b || cnt[k] == 0)
				continue;
			v[np] = eq_pair(&x->ud, a, b);
			v[SS + np] = ud_dist(&x->ud, a, b);
			v[2 * SS + np] = ud_hops(&x->ud, a, b);
			v[3 * SS + np] = sum[k] / (double)cnt[k];
			np++;
		}
	for (int k = 0; k < 3; k++)
		linfit(v + (size_t)k * SS, v + 3 * SS, NULL, np, &f[k]);
	free(v);
	return 0;
}

int irr_sim_pairs(const struct config *cfg, const struct run_req *req, struct table *t,
		  struct diag *d)
{
	struct linfit fits[3];
	struct irr_simctx x;
	struct sim_method mm;
	struct sim_result r;
	double lambda, *sum = NULL;
	long *cnt = NULL;
	int S, rc = -1;
	const char *from;

	if (irr_simctx_build(cfg, SIM_WORK_POINT, &x, d))
		return -1;
	S = x.net.switches;
	if (irr_view_load(cfg, req, &x, &lambda, &from, d)) {
		irr_simctx_free(&x);
		return -1;
	}
	sum = calloc((size_t)S * S, sizeof *sum);
	cnt = calloc((size_t)S * S, sizeof *cnt);
	if (!sum || !cnt) {
		diag_set(d, "", "out of memory");
		goto out;
	}
	sim_config_method(&irr_cfg(cfg)->sim.common, 0, &mm);
	mm.group = x.s.sw;
	mm.ngroups = S;
	mm.pair_sum = sum;
	mm.pair_cnt = cnt;
	struct sim_point_progress pp = { req, 0, 1 };
	mm.progress = sim_point_progress;
	mm.progress_ctx = &pp;
	rc = sim_run_point(&x.s.net, &x.mix, &irr_cfg(cfg)->sim.common, lambda, lambda, LU, &mm,
			   req->cancel, &r, d);
	if (rc)
		goto out;
	rc = -1;
	if (pair_fits(&x, sum, cnt, fits)) {
		diag_set(d, "", "out of memory");
		goto out;
	}
	{
		static const char *const xn[3] = { "T_ij", "length", "hops" };
		double acc = r.accepted * r.mean_len * x.s.nsenders / (x.s.N > 0 ? x.s.N : 1);
		char rs[160], as[64];

		if (isfinite(acc))
			snprintf(as, sizeof as, "accepted %.4g flits/node/cycle", acc);
		else
			snprintf(as, sizeof as, "no message measured");
		snprintf(t->title, sizeof t->title, "pair latency, load %g (%s; %s)%s: %s", lambda,
			 from, as, r.saturated ? " saturated" : "",
			 fit_r_list(fits, xn, 3, "pair", "latency", rs, sizeof rs));
	}
	t->samples = (size_t)r.messages;
	OUT_COL(t, "from", "", "source switch");
	OUT_COL(t, "to", "", "destination switch");
	OUT_COL(t, "hops", "links", "topological distance");
	OUT_COL(t, "length", "links", "shortest legal route length");
	OUT_COL(t, "distance", "", "equivalent distance T_ij");
	OUT_COL(t, "sim_network", "cycles", "mean latency from injection (source queue excluded)");
	OUT_COL(t, "sim_messages", "messages", "messages measured between the pair");
	for (int k = 0; k < 3; k++) {
		char label[64];
		char line[128];

		snprintf(label, sizeof label, "fit on %s: %s", fit_x[k].sym,
			 fit_line_text(&fits[k], "pair", fit_x[k].sym, "x", "latency", line,
				       sizeof line));
		OUT_COL(t, fit_x[k].name, "cycles", label);
	}
	/* Typed for the explorer's scatter (OUT_SCATTER): three x's, the
	 * latency, a line fitted on each x; the pair's switches label rows. */
	table_set_role(t, 0, COL_LABEL, -1);
	table_set_role(t, 1, COL_LABEL, -1);
	table_set_role(t, 6, COL_WEIGHT, -1);
	for (int k = 0; k < 3; k++) {
		table_set_role(t, (size_t)fit_x[k].col, COL_X, -1);
		table_set_role(t, (size_t)(7 + k), COL_FIT, fit_x[k].col);
	}
	for (int a = 0; a < S; a++)
		for (int b = 0; b < S; b++) {
			long row = table_add_row(t);
			double T = a == b ? 0 : eq_pair(&x.ud, a, b);
			long n = cnt[a * S + b];
			table_set(t, (size_t)row, 0, a);
			table_set(t, (size_t)row, 1, b);
			table_set(t, (size_t)row, 2, ud_hops(&x.ud, a, b));
			table_set(t, (size_t)row, 3, ud_dist(&x.ud, a, b));
			table_set(t, (size_t)row, 4, T);
			/* saturated too: the delivered messages' mean (the
			 * paper's deeply saturated S8, Figure 7; the fits') */
			table_set(t, (size_t)row, 5, n ? sum[a * S + b] / n : NAN);
			table_set(t, (size_t)row, 6, (double)n);
			for (int k = 0; k < 3; k++)     /* the fits are over a != b */
				table_set(t, (size_t)row, (size_t)(7 + k), a == b ? NAN :
					  fits[k].intercept + fits[k].slope *
					  table_get(t, (size_t)row, (size_t)fit_x[k].col));
		}
	rc = 0;
out:
	free(sum);
	free(cnt);
	irr_simctx_free(&x);
	return rc;
}

int irr_sim_saturation(const struct config *cfg, const struct run_req *req, struct table *t,
		       struct diag *d)
{
	struct irr_simctx x;
	struct sim_sat sat;
	/* loads per cycle, as the family shows them */
	struct sim_load_unit u = { 1, LU };
	double zl = 0;
	long pairs = 0;
	int rc;

	if (irr_simctx_build(cfg, SIM_WORK_POINT, &x, d))   /* checks the probes' work */
		return -1;
	/* the bisection every family shares (simsat.h), below the bound */
	rc = sim_saturation_search(&x.s.net, &x.mix, &irr_cfg(cfg)->sim.common, &u, x.cap, false, true,
				   req, &sat, d);
	if (rc)
		goto out;
	{       /* zero-load latency over the senders' pairs */
		const struct irr_config *c = irr_cfg(cfg);
		int M = c->sim.M, nl = c->timing.node_link, sl = c->timing.switch_link;
		for (int i = 0; i < x.s.nsenders; i++) {
			int q = x.s.senders[i];
			for (int p = 0; p < x.s.N; p++) {
				int rr;
				if (p == q || (c->sim.pattern && p != x.s.perm[q]))
					continue;
				rr = ud_dist(&x.ud, x.s.sw[q], x.s.sw[p]);
				zl += (double)(M - 1) * (rr ? (nl > sl ? nl : sl) : nl) + 2 * nl + rr * sl;
				pairs++;
			}
		}
		zl = pairs ? zl / pairs : NAN;
	}
	char sys[128];

	snprintf(t->title, sizeof t->title, "simulated saturation%s",
		 sim_system_text(&irr_cfg(cfg)->sim.common, "", true, "", sys, sizeof sys));
	summary_cols(t);
	summary_row(t, "senders", x.s.nsenders, "nodes", "", "nodes that generate messages");
	summary_row(t, "zero_load_latency", zl, "cycles", "", "mean over the senders' pairs, "
		    "from the route lengths (not simulated)");
	summary_row(t, "channel_load_bound", x.cap, LU, "lambda_cap",
		    "the busiest channel at one flit per flit time");
	summary_row(t, "saturation_load", sat.lo, LU, "lambda_sat",
		    "largest load found unsaturated (accepted >= 95% of offered), bisection");
	summary_row(t, "saturation_bracket", sat.hi, LU, "", "smallest load found saturated, or "
		    "lambda_cap / 0.95 (above it fewer than 95% of the offered can be accepted)");
	rc = 0;
out:
	irr_simctx_free(&x);
	return rc;
}
