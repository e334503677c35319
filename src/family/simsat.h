/*
 * simsat.h: the simulated saturation load, one definition for every
 * network family: the lowest offered load whose accepted traffic falls
 * below 95% of the offered (or whose source queues grow without bound, or
 * whose run exhausts its budget), found by bisection.
 *
 * Contract: the search brackets the saturation in [lo, hi]: lo is the
 * largest load found unsaturated (0 when none), hi the smallest found
 * saturated.  When `probe_top` is set it starts from [0, top], first
 * simulates top and, while top is not saturated, doubles it (at most
 * SIM_SAT_MAX_GROW times; then out->open says the bracket is open), so a
 * top that is only a guess (the model's saturation) is checked.
 * Otherwise top is a proven bound on the accepted traffic (every channel
 * at one flit per flit time) and the search starts from [0, top /
 * SIM_KEEP_UP], unprobed: up to that offered load the network may still
 * deliver 95% of what is offered while it accepts top, so the 95% rule
 * can hold there; above it, it cannot.  Probe k (0, 1, ...) is seeded with the stream (sim.seed, k),
 * so the result does not depend on the machine.  Each probe stops as soon
 * as its measured window decides saturation (sim_method.stop_saturated).
 * Loads are in messages per sending node per cycle of the simulator.
 * Pure apart from allocation; polls req->cancel and reports progress.
 */
#ifndef ICNX_FAMILY_SIMSAT_H
#define ICNX_FAMILY_SIMSAT_H

#include <stdbool.h>

#include "base/diag.h"
#include "family/simcfg.h"
#include "sim/core.h"
#include "sim/measure.h"

struct run_req;

#define SIM_SAT_STEPS 8       /* halvings of the bracket: top / 256 */
#define SIM_SAT_MAX_GROW 6    /* doublings of an unsaturated top */

struct sim_sat {
	double lo, hi;         /* the bracket (messages/node/cycle) */
	int probes;            /* simulations run */
	bool open;             /* top never saturated: hi is the last top tried */
};

/* How the family shows a load: per cycle / q, in unit (the x axis's;
 * q = 1 where loads are per cycle).  Refusals quote loads so. */
struct sim_load_unit {
	double q;              /* time units per simulator cycle */
	const char *unit;      /* the family's x unit */
};

/* Each probe runs through sim_run_point (simcfg.h), so a deadlock or a
 * routing error is an error, never a saturated probe.  Before the first,
 * sim_check_work refuses counts that cannot fit a probe's work share,
 * unless `checked` (the caller has checked them over its own routes, as
 * the irregular family's sim_check_route_work).  Returns 0 (*out filled),
 * 1 cancelled, -1 with *d (out of memory, deadlock, routing error: bugs,
 * said so; a refusal quotes its load as u says). */
int sim_saturation_search(const struct sim_net *net, const struct sim_mix *mix,
			  const struct sim_config *sc, const struct sim_load_unit *u, double top,
			  bool probe_top, bool checked, const struct run_req *req,
			  struct sim_sat *out, struct diag *d);

#endif
