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
 * order into t (initialised empty).  A point that fails (refused or in
 * error) is kept as a ROW_FAILED row (its load, NaN cells, the reason as
 * its note) and the others run on.  Returns 0 (t may hold failed rows:
 * table_count_role; the model failing at a point is such a failure), or
 * -1 with *d: the first point's failure when every point failed.
 */
int simbatch_run(const struct output_desc *sim, const struct output_desc *model,
		 const struct config *cfg, const struct run_req *req, int jobs, struct table *t,
		 struct diag *d);

#endif
