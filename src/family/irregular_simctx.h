/*
 * irregular_simctx.h: the simulator of one `irregular` configuration (its
 * network, up*-down* routing and flit-level model), shared by the family's
 * simulated outputs (irregular_sim.c, irregular_corr.c).  Private to
 * src/family.  Pure apart from allocation; one context per run (no sharing
 * between threads).
 */
#ifndef ICNX_FAMILY_IRREGULAR_SIMCTX_H
#define ICNX_FAMILY_IRREGULAR_SIMCTX_H

#include "base/diag.h"
#include "config/config.h"
#include "sim/irr_net.h"
#include "topo/updown.h"

struct irr_simctx {
	struct irr_net net;
	struct ud_routing ud;
	struct sim_irr s;
	struct sim_mix mix;
	double cap;                /* channel-load bound, msg/node/cycle */
	int built;
};

/* Build the context of cfg (an irregular configuration) into *x: the
 * network, its routing from `root`, the simulator with the `sim` and
 * `timing` sections.  Returns 0, or -1 with *d (nothing to free). */
int irr_simctx_build(const struct config *cfg, struct irr_simctx *x, struct diag *d);
/* The same with traffic `pattern` (index of sim.pattern's choices) instead
 * of the configuration's: a failure with d->usage set and path
 * "sim.pattern" means no node sends under it. */
int irr_simctx_build_pattern(const struct config *cfg, int pattern, struct irr_simctx *x,
			     struct diag *d);

/* The load of a per-point simulated view (-o pairs, correlation,
 * by-distance), in msg/node/cycle per sending node as the simulator takes
 * it: req->at when it is set (batch --at, msg/node/cycle), else the
 * configuration's sim.load (flits/node/cycle over all N nodes: lambda =
 * load N / (M senders)), else 10% of the channel-load bound.  *from says
 * which ("--at", "sim.load", "auto").  Returns 0, or -1 with *d (usage)
 * when it is not positive or beyond twice the channel-load bound (every
 * pair deeply saturated: a long run that says nothing). */
int irr_view_load(const struct config *cfg, const struct run_req *req,
		  const struct irr_simctx *x, double *lambda, const char **from, struct diag *d);

/* Release what irr_simctx_build made (idempotent). */
void irr_simctx_free(struct irr_simctx *x);

#endif
