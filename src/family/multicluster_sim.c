/*
 * family/multicluster_sim.c: the `multicluster` family's simulated curve:
 * the clusters, networks, traffic and message mix of the configuration the
 * model reads, plus its `sim` section, simulated by src/sim (mc_net.h).
 *
 * Time: the simulator counts cycles of a quantum q = t_min / R, t_min the
 * smallest flit time of the five the networks use (ICN1 t_cn, t_cs; ECN1
 * t_cn, t_cs; ICN2 t_cs) and R the least integer up to sim.resolution that
 * makes every flit time a whole number of cycles within 1.5% (else the R
 * with the least error; R = 1 when the times are equal, as in the javadi
 * presets: exact; sharifi-n592: R = 2, 1.4%; sharifi-n1144: R = 8, 1.2%).
 * A period of p cycles costs p visits per flit-hop, hence the small R.  Loads are
 * converted to messages per cycle and every time back to time units.
 * With sim.timing = booksim (BookSim2's input-queued router, an engine of
 * its own: sim/iqrouter.h) every flit time must be the same (BookSim's
 * links differ in latency, never in bandwidth: refused otherwise); the
 * cycle is that flit time and every link takes one cycle.
 * Pure apart from allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/multicluster.h"
#include "family/multicluster_simctx.h"
#include "family/outkit.h"
#include "family/simsat.h"

double mc_sim_quantum(const double t[5], int resolution, double *err_out)
{
	/* the least R within 1.5%, else the R with the least error */
	double tmin = t[0], best = INFINITY;
	int bestR = 1;

	for (int i = 1; i < 5; i++)
		tmin = fmin(tmin, t[i]);
	for (int R = 1; R <= resolution; R++) {
		double q = tmin / R, err = 0;
		for (int i = 0; i < 5; i++) {
			double u = t[i] / q;
			err = fmax(err, fabs(u - round(u)) / u);
		}
		if (err < best) {
			best = err;
			bestR = R;
		}
		if (err <= 0.015)
			break;
	}
	if (err_out)
		*err_out = best;
	return tmin / bestR;
}

int mc_simctx_build(const struct config *cfg, struct mc_simctx *x, struct diag *d)
{
	const struct mc_config *c = mc_cfg(cfg);
	struct mc_timing i1 = mc_net_timing(&c->network.icn1);
	struct mc_timing e1 = mc_net_timing(&c->network.ecn1);
	struct mc_timing i2 = mc_net_timing(&c->network.icn2);
	double t[5] = { i1.t_cn, i1.t_cs, e1.t_cn, e1.t_cs, i2.t_cs }, tmin = t[0];
	int per[5], C = 0;
	long N = 0;
	struct sim_mc_spec sp;

	memset(x, 0, sizeof *x);
	if (c->sim.common.routing != SIMCFG_DETERMINISTIC) {
		d->usage = true;
		return diag_set(d, "sim.routing", "the multi-cluster simulator routes deterministically "
				"(in every tree up by the destination's digit, destination mod k); "
				"set sim.routing to deterministic");
	}
	if (sim_check_system(&c->sim.common, d))
		return -1;
	if (c->sim.common.timing == SIMCFG_TIMING_BOOKSIM && c->sim.concentrator == SIMCFG_CONC_BUFFERED) {
		d->usage = true;
		return diag_set(d, "sim.concentrator", "sim.timing=booksim simulates BookSim2's "
				"input-queued routers, whose buffers hold sim.buffer flits: BookSim "
				"cannot express a buffered concentrator (an unbounded FIFO of whole "
				"messages, Eq. 32's system); set sim.concentrator=cut-through, or "
				"sim.timing=paper");
	}
	for (int i = 1; i < 5; i++)
		tmin = fmin(tmin, t[i]);
	if (c->sim.common.timing == SIMCFG_TIMING_BOOKSIM && tmin < fmax(fmax(t[0], t[1]),
								  fmax(fmax(t[2], t[3]), t[4]))) {
		d->usage = true;
		return diag_set(d, "sim.timing", "BookSim2's links differ in latency, never in "
				"bandwidth, so sim.timing = booksim cannot simulate flit times that "
				"differ between links (here ICN1 t_cn %g, t_cs %g; ECN1 t_cn %g, "
				"t_cs %g; ICN2 t_cs %g): give every network the same flit time, or "
				"use sim.timing = paper", t[0], t[1], t[2], t[3], t[4]);
	}
	x->q = mc_sim_quantum(t, c->sim.resolution, &x->err);
	for (int i = 0; i < 5; i++)
		per[i] = (int)round(t[i] / x->q);
	for (size_t g = 0; g < c->nclusters; g++)
		for (int k = 0; k < c->clusters[g].count; k++) {
			if (C == MC_MAX_CLUSTERS)
				return diag_set(d, "clusters", "too many clusters");
			x->n[C] = c->clusters[g].n;
			x->tau[C] = isnan(c->clusters[g].tau) ? 0 : c->clusters[g].tau;
			N += 2L * (long)pow(c->m / 2, c->clusters[g].n);
			C++;
		}
	if (N > SIM_MC_MAX_NODES) {
		d->usage = true;
		return diag_set(d, "clusters", "the simulator builds every node and switch: at most "
				"%d nodes (this system has %ld); larger systems are for the model only",
				SIM_MC_MAX_NODES, N);
	}
	sp = (struct sim_mc_spec){ .m = c->m, .C = C, .n = x->n, .tau = x->tau,
				   .icn1_cn = per[0], .icn1_cs = per[1], .ecn1_cn = per[2],
				   .ecn1_cs = per[3], .icn2_cs = per[4], .theta = c->traffic.theta,
				   .pattern = (enum ft_pattern)c->traffic.pattern,
				   .V = c->sim.V, .B = c->sim.common.buffer, .exit = c->sim.ecn1_exit,
				   .buffered = c->sim.concentrator == SIMCFG_CONC_BUFFERED };
	if (sim_mc_build(&x->s, &sp) < 0)
		return diag_set(d, "", "the simulator could not build this system (out of memory?)");
	x->s.net.release = (enum sim_release)c->sim.common.release;
	if (c->traffic.nmix) {
		x->mix.n = (int)(c->traffic.nmix < SIM_MAX_MIX ? c->traffic.nmix : SIM_MAX_MIX);
		for (int i = 0; i < x->mix.n; i++) {
			x->mix.length[i] = (int)round(c->traffic.mix[i].length);
			x->mix.prob[i] = c->traffic.mix[i].prob;
		}
	} else {
		x->mix = (struct sim_mix){ 1, { (int)round(c->traffic.message_length) }, { 1 } };
	}
	return 0;
}

void mc_simctx_free(struct mc_simctx *x)
{
	if (x == NULL)
		return;
	sim_mc_free(&x->s);
}

int mc_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		 struct diag *d)
{
	struct mc_simctx *x = malloc(sizeof *x);
	double *own = NULL, *cyc = NULL;
	int *cl = NULL;
	const double *xs = req->x;
	size_t nx = req->nx;
	int rc;

	if (!x)
		return diag_set(d, "", "out of memory");
	if (mc_simctx_build(cfg, x, d)) {
		free(x);
		return -1;
	}
	if (!xs) {
		rc = sim_sweep_loads(cfg, req, &own, &nx, d);
		if (rc)
			goto out;
		xs = own;
	}
	/* the classes of messages the model prints (T_in, T_out, T^(i)):
	 * each processor's two source nodes (ICN1 and ECN1 ports) are in
	 * its cluster, the relays in none; groups weighed by their nodes,
	 * Eq. 7 */
	const struct mc_config *mc = mc_cfg(cfg);
	int cgroup[MC_MAX_CLUSTERS];
	double w[MC_MAX_GROUPS], nall = 0;
	cl = malloc((size_t)x->s.net.nodes * sizeof *cl);
	cyc = malloc((nx ? nx : 1) * sizeof *cyc);
	if (!cyc || !cl) {
		rc = diag_set(d, "", "out of memory");
		goto out;
	}
	for (int k = 0; k < x->s.net.nodes; k++)
		cl[k] = k < 2 * x->s.N ? x->s.cl[k / 2] : -1;
	for (size_t g = 0, C = 0; g < mc->nclusters && g < MC_MAX_GROUPS; g++) {
		w[g] = mc->clusters[g].count * 2 * pow(mc->m / 2, mc->clusters[g].n);
		nall += w[g];
		for (int k = 0; k < mc->clusters[g].count && C < MC_MAX_CLUSTERS; k++)
			cgroup[C++] = (int)g;
	}
	for (size_t g = 0; g < mc->nclusters && g < MC_MAX_GROUPS; g++)
		w[g] /= nall;
	struct sim_classes cls = { cl, cgroup, w, (int)mc->nclusters };
	for (size_t k = 0; k < nx; k++)
		cyc[k] = xs[k] * x->q;                 /* messages per cycle */
	char sys[128];

	snprintf(t->title, sizeof t->title, "simulated latency vs offered load, N = %d, C = %d "
		 "(cycle %.4g time units, times within %.2g%%)%s", x->s.N, x->s.C, x->q,
		 100 * x->err, mc_sim_system(&mc_cfg(cfg)->sim, sys, sizeof sys));
	rc = sim_curve_table_classes(&x->s.net, &x->mix, &mc_cfg(cfg)->sim.common, cyc, xs, nx,
				     req->point0, cfg->family->x.name, cfg->family->x.unit,
				     cfg->family->x.label, &cls, req, t, d);
	if (rc == 0) {                               /* back to time units */
		for (size_t r = 0; r < t->nrows; r++) {
			for (size_t col = 1; col <= 5; col++)
				table_set(t, r, col, table_get(t, r, col) * x->q);
			table_set(t, r, 6, table_get(t, r, 6) / x->q);
		}
		for (size_t col = 1; col <= 5; col++)
			snprintf(t->cols[col].unit, sizeof t->cols[col].unit, "time units");
		snprintf(t->cols[6].unit, sizeof t->cols[6].unit, "%s", cfg->family->x.unit);
		/* sim_queue_wait and the classes' latencies (sim_T_in, ...) */
		for (size_t c = 7; c < t->ncols; c++) {
			if (t->cols[c].measure != CM_QUEUE_WAIT && t->cols[c].role != COL_CLASS)
				continue;
			for (size_t r = 0; r < t->nrows; r++)
				table_set(t, r, c, table_get(t, r, c) * x->q);
			snprintf(t->cols[c].unit, sizeof t->cols[c].unit, "time units");
		}
	}
out:
	free(cyc);
	free(cl);
	free(own);
	mc_simctx_free(x);
	free(x);
	return rc;
}

int mc_sim_saturation(const struct config *cfg, const struct run_req *req, struct table *t,
		      struct diag *d)
{
	struct mc_simctx *x = malloc(sizeof *x);
	const void *prep = NULL;
	void *own = NULL;
	double msat;
	struct sim_sat r;
	const char *LU = cfg->family->x.unit;
	int rc;

	if (!x)
		return diag_set(d, "", "out of memory");
	if (mc_simctx_build(cfg, x, d)) {      /* first: a system too large is refused at once */
		free(x);
		return -1;
	}
	rc = family_prepared(cfg, req, &prep, &own, d);
	if (rc) {
		mc_simctx_free(x);
		free(x);
		return rc;
	}
	msat = ((const struct mc_prepared *)prep)->sat;
	family_release(cfg->family, own);
	/* the model's saturation is only a guess here: probed, doubled while
	 * the simulation sustains it */
	struct sim_load_unit u = { x->q, LU };
	rc = sim_saturation_search(&x->s.net, &x->mix, &mc_cfg(cfg)->sim.common, &u, msat * x->q, true, false,
				   req, &r, d);
	if (rc == 0) {
		char sys[128];

		snprintf(t->title, sizeof t->title, "simulated saturation, N = %d, C = %d (cycle "
			 "%.4g time units)%s", x->s.N, x->s.C, x->q,
			 mc_sim_system(&mc_cfg(cfg)->sim, sys, sizeof sys));
		summary_cols(t);
		summary_row(t, "saturation_load", r.lo / x->q, LU, "lambda_sat",
			    "largest load found unsaturated (accepted >= 95% of offered), "
			    "bisection");
		summary_row(t, "saturation_bracket", r.hi / x->q, LU, "", r.open ?
			    "the bracket never closed: the last load tried, still unsaturated" :
			    "smallest load found saturated");
		summary_row(t, "probes", r.probes, "simulations", "",
			    "the model's saturation first (doubled while unsaturated), then "
			    "halvings; probe k seeded with the stream (sim.seed, k)");
		summary_row(t, "model_saturation_load", msat, LU, "lambda_g*",
			    "the model's, for comparison (-o summary)");
		summary_row(t, "cycle", x->q, "time units", "q", "the simulator's time quantum");
	}
	mc_simctx_free(x);
	free(x);
	return rc;
}
