/*
 * simbatch.h: the batch layer's side of the simulator: run a simulated
 * curve's load points on -j threads (a pool, base/pool.h) through the one
 * path of simulated points (family/simpoints.h: each point independent
 * and seeded by its index in the sweep, so the output does not depend on
 * the thread count), joined after a model curve for --sim.
 */
#ifndef ICNX_SIMBATCH_H
#define ICNX_SIMBATCH_H

#include "base/table.h"
#include "family/family.h"

/*
 * Run simulated curve `sim` (role SIM_CURVE or SIM_POINTS) at
 * req->x[0..req->nx-1] (point k seeded as sweep index req->point0 + k) on
 * `jobs` threads (lowered to what the memory holds, batch/simmem.h), the
 * model curve `model` (NULL: none) joined before its columns, the rows in
 * order into t (initialised empty).  Returns 0, or -1 with *d: the
 * failure of the lowest-indexed failing point (a model failing at a point
 * fails the run).
 */
int simbatch_run(const struct output_desc *sim, const struct output_desc *model,
		 const struct config *cfg, const struct run_req *req, int jobs, struct table *t,
		 struct diag *d);

#endif
