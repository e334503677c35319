/*
 * multicluster_simctx.h: the simulator of one `multicluster` configuration
 * (the clusters, networks, traffic, message mix and `sim` section the model
 * reads, as a src/sim network with its time quantum), used by the family's
 * simulated outputs (multicluster_sim.c) and by tests.  Private to
 * src/family and tests.  Pure apart from allocation; one context per run.
 */
#ifndef ICNX_FAMILY_MULTICLUSTER_SIMCTX_H
#define ICNX_FAMILY_MULTICLUSTER_SIMCTX_H

#include "base/diag.h"
#include "config/config.h"
#include "family/multicluster.h"
#include "sim/mc_net.h"

struct mc_simctx {
	struct sim_mc s;
	struct sim_mix mix;
	double q;                  /* time units per cycle */
	double err;                /* largest relative rounding of a flit time */
	int n[MC_MAX_CLUSTERS];
	double tau[MC_MAX_CLUSTERS];
};

/* Build cfg's simulated system into *x (the quantum and periods as in
 * multicluster_sim.c's header).  Returns 0, or -1 with *d (usage when the
 * system is beyond SIM_MC_MAX_NODES; nothing to free). */
int mc_simctx_build(const struct config *cfg, struct mc_simctx *x, struct diag *d);

/* Release what mc_simctx_build made. */
void mc_simctx_free(struct mc_simctx *x);

#endif
