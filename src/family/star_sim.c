/*
 * family/star_sim.c: the `star` family's simulated curve: S_n built from the
 * same configuration the model reads (n, V, V2, M) plus its `sim` section,
 * simulated at each load (src/sim).  Pure apart from allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "config/config.h"
#include "family/outkit.h"
#include "family/simsat.h"
#include "family/star.h"
#include "sim/star_net.h"

static int loads(const struct config *cfg, const struct run_req *req, double **xs, size_t *n,
		 struct diag *d)
{
	if (req->x) {
		*xs = NULL;
		*n = req->nx;
		return 0;
	}
	return sim_sweep_loads(cfg, req, xs, n, d);
}

/* Refuse an S_n too large to build, or a setting BookSim's router cannot
 * express (usage), else build it into *s: sim.injection per-vc gives each
 * node V source queues (sim_net.queues), sim.release the holding rule.
 * Returns 0 or -1 with *d. */
static int build(const struct star_config *c, struct sim_star *s, struct diag *d)
{
	int V2 = star_config_v2(c);

	if (sim_check_system(&c->sim.common, d))
		return -1;
	if (c->sim.common.timing == SIMCFG_TIMING_BOOKSIM && c->sim.injection == SIMCFG_INJECTION_PER_VC) {
		d->usage = true;
		return diag_set(d, "sim.injection", "sim.timing=booksim simulates BookSim2's router, "
				"whose node injects from one source queue over one injection channel: "
				"BookSim cannot express per-vc injection (V queues per node, Eq. 16's "
				"system); set sim.injection=single, or sim.timing=paper");
	}
	if (c->n > STAR_SIM_MAX_N) {
		d->usage = true;
		return diag_set(d, "n", "the simulator builds every node and channel: n <= %d "
				"(S%d has 5040 nodes); S%d is for the model only", STAR_SIM_MAX_N,
				STAR_SIM_MAX_N, c->n);
	}
	if (sim_star_build(s, c->n, c->V - V2, V2, c->sim.common.buffer, SIM_NBC_PAPER,
			   c->sim.common.routing == SIMCFG_DETERMINISTIC) < 0)
		return diag_set(d, "", "out of memory building S%d", c->n);
	s->net.queues = c->sim.injection == SIMCFG_INJECTION_PER_VC ? c->V : 1;
	s->net.release = (enum sim_release)c->sim.common.release;
	return 0;
}

int star_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	const struct star_config *c = star_cfg(cfg);
	struct sim_star s;
	struct sim_mix mix = { 1, { c->M }, { 1 } };
	int rc;
	double *own = NULL;
	size_t nx = 0;

	if (c->n > STAR_SIM_MAX_N)
		return build(c, &s, d);         /* the refusal */
	rc = loads(cfg, req, &own, &nx, d);
	if (rc)
		return rc;
	if (build(c, &s, d)) {
		free(own);
		return -1;
	}
	char sys[128];

	snprintf(t->title, sizeof t->title, "simulated latency vs offered load, S%d, V = %d, M = %d%s",
		 c->n, c->V, c->M, star_sim_system(&c->sim, sys, sizeof sys));
	rc = sim_curve_table(&s.net, &mix, &c->sim.common, own ? own : req->x, NULL, nx, req->point0,
			     cfg->family->x.name, cfg->family->x.unit, cfg->family->x.label,
			     req, t, d);
	sim_star_free(&s);
	free(own);
	return rc;
}

/* The channel-load bound of S_n under uniform traffic: every node offers
 * lambda M flits per cycle; they cross d-bar network channels on average,
 * spread over the n - 1 channels of each node by symmetry (S_n is
 * arc-transitive), and one ejection channel: lambda <= min((n-1)/(M
 * d-bar), 1/M), d-bar = [n + 2/n - 4 + H_n] n!/(n!-1) (kiasari Eq. 3).  No
 * routing sustains a higher load, so the search takes it as saturated. */
static double channel_bound(int n, int M)
{
	double h = 0, nodes = 1, dbar, b;

	for (int i = 1; i <= n; i++) {
		h += 1.0 / i;
		nodes *= i;
	}
	dbar = (n + 2.0 / n - 4 + h) * nodes / (nodes - 1);
	b = (n - 1) / (M * dbar);
	return b < 1.0 / M ? b : 1.0 / M;
}

int star_sim_saturation(const struct config *cfg, const struct run_req *req, struct table *t,
			struct diag *d)
{
	const struct star_config *c = star_cfg(cfg);
	struct sim_star s;
	struct sim_mix mix = { 1, { c->M }, { 1 } };
	struct sim_sat r;
	const void *prep = NULL;
	void *own = NULL;
	double cap = channel_bound(c->n, c->M), msat;
	const char *LU = cfg->family->x.unit;
	int rc;

	if (build(c, &s, d))
		return -1;
	struct sim_load_unit u = { 1, LU };
	rc = sim_saturation_search(&s.net, &mix, &c->sim.common, &u, cap, false, false, req, &r, d);
	sim_star_free(&s);
	if (rc)
		return rc;
	rc = family_prepared(cfg, req, &prep, &own, d);
	if (rc)
		return rc;
	msat = ((const struct star_prepared *)prep)->sat;
	family_release(cfg->family, own);
	char sys[128];

	snprintf(t->title, sizeof t->title, "simulated saturation, S%d, V = %d, M = %d%s",
		 c->n, c->V, c->M, star_sim_system(&c->sim, sys, sizeof sys));
	summary_cols(t);
	summary_row(t, "channel_load_bound", cap, LU, "lambda_cap",
		    "min((n-1)/(M d-bar), 1/M): every channel at one flit per cycle");
	summary_row(t, "saturation_load", r.lo, LU, "lambda_sat",
		    "largest load found unsaturated (accepted >= 95% of offered), bisection");
	summary_row(t, "saturation_bracket", r.hi, LU, "",
		    "smallest load found saturated, or lambda_cap / 0.95 (above it "
		    "fewer than 95% of the offered can be accepted)");
	summary_row(t, "probes", r.probes, "simulations", "",
		    "probe k seeded with the stream (sim.seed, k)");
	summary_row(t, "model_saturation_load", msat, LU, "lambda_g*",
		    "the model's, for comparison (-o summary)");
	return 0;
}
