/*
 * irregular_simctx.h: the simulator of one `irregular` configuration (its
 * network, up*-down* routing and flit-level model), shared by the family's
 * simulated outputs (irregular_sim.c, irregular_corr.c).  Private to
 * src/family.  Pure apart from allocation; one context per run (no sharing
 * between threads).
 */
#ifndef ICNX_FAMILY_IRREGULAR_SIMCTX_H
#define ICNX_FAMILY_IRREGULAR_SIMCTX_H

#include <stdint.h>

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
 * `timing` sections.  max_work > 0: first refuse (irr_check_work) a
 * configuration whose points cannot fit that work limit each, before the
 * channel-load bound (the costly step) is computed; 0: no check.  Returns
 * 0, or -1 with *d (nothing to free). */
int irr_simctx_build(const struct config *cfg, int64_t max_work, struct irr_simctx *x,
		     struct diag *d);
/* The same with traffic `pattern` (index of sim.pattern's choices) instead
 * of the configuration's: a failure with d->usage set and path
 * "sim.pattern" means no node sends under it. */
int irr_simctx_build_pattern(const struct config *cfg, int pattern, int64_t max_work,
			     struct irr_simctx *x, struct diag *d);

/* Only the check of irr_simctx_build_pattern (no channel-load bound):
 * 0 when pattern's points fit max_work each, else -1 with *d (sim.pattern
 * with d->usage: no node sends under it). */
int irr_simctx_check_pattern(const struct config *cfg, int pattern, int64_t max_work,
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

/* The mean number of channels a message of x's traffic crosses: its
 * shortest legal up*-down* route (ud_dist) plus the two node links,
 * averaged over the senders' destinations (uniform: every other node;
 * a pattern: its image).  O(S^2 + N). */
double irr_mean_channels(const struct irr_simctx *x);

/* Before simulating a point of x with work limit max_work: refuse
 * (d->usage, -1) one whose warm-up and measured messages cannot fit it
 * even at zero load (sim_check_route_work over irr_mean_channels).  0 = fine. */
int irr_check_work(const struct config *cfg, const struct irr_simctx *x, int64_t max_work,
		   struct diag *d);

/* Release what irr_simctx_build made (idempotent). */
void irr_simctx_free(struct irr_simctx *x);

#endif
