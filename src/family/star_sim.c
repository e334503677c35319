/*
 * family/star_sim.c: the `star` family's simulated curve: S_n built from the
 * same configuration the model reads (n, V, V2, M) plus its `sim` section,
 * simulated at each load (src/sim).  Pure apart from allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "config/config.h"
#include "family/star.h"
#include "sim/star_net.h"

/* The default loads: 10 points up to the model's sweep end (just below
 * its saturation), lambda_k = to k / 10. */
int star_sim_loads(const struct config *cfg, const struct run_req *req, double **xs,
		   size_t *n, struct diag *d)
{
	double from, to;
	size_t np;
	int rc = cfg->family->sweep(cfg, req, &from, &to, &np, d);

	if (rc)
		return rc;
	*xs = malloc(10 * sizeof **xs);
	if (!*xs)
		return diag_set(d, "", "out of memory");
	for (int k = 0; k < 10; k++)
		(*xs)[k] = to * (k + 1) / 10.0;
	*n = 10;
	return 0;
}

static int loads(const struct config *cfg, const struct run_req *req, double **xs, size_t *n,
		 struct diag *d)
{
	if (req->x) {
		*xs = NULL;
		*n = req->nx;
		return 0;
	}
	return star_sim_loads(cfg, req, xs, n, d);
}

int star_sim_curve(const struct config *cfg, const struct run_req *req, struct table *t,
		   struct diag *d)
{
	const struct star_config *c = star_cfg(cfg);
	struct sim_star s;
	struct sim_mix mix = { 1, { c->M }, { 1 } };
	int V2 = star_config_v2(c), rc;
	double *own = NULL;
	size_t nx = 0;

	if (c->n > STAR_SIM_MAX_N) {
		d->usage = true;
		return diag_set(d, "n", "the simulator builds every node and channel: n <= %d "
				"(S%d has 5040 nodes); S%d is for the model only", STAR_SIM_MAX_N,
				STAR_SIM_MAX_N, c->n);
	}
	rc = loads(cfg, req, &own, &nx, d);
	if (rc)
		return rc;
	if (sim_star_build(&s, c->n, c->V - V2, V2, c->sim.buffer, SIM_NBC_PAPER,
			   c->sim.routing == SIMCFG_DETERMINISTIC,
			   c->sim.timing == SIMCFG_TIMING_BOOKSIM) < 0) {
		free(own);
		return diag_set(d, "", "out of memory building S%d", c->n);
	}
	snprintf(t->title, sizeof t->title, "simulated latency vs offered load, S%d, V = %d, M = %d",
		 c->n, c->V, c->M);
	rc = sim_curve_table(&s.net, &mix, &c->sim, own ? own : req->x, nx, req->point0,
			     cfg->family->x.name, cfg->family->x.unit, cfg->family->x.label,
			     req, t, d);
	sim_star_free(&s);
	free(own);
	return rc;
}
