/*
 * simbatch.h: the batch layer's side of the simulator: run a simulated
 * output's load points on several threads (the simulator stays pure and
 * single-threaded; each point is independent and seeded by its index in
 * the sweep, so the output does not depend on the thread count), and join
 * a model curve with the simulated columns.
 */
#ifndef ICNX_SIMBATCH_H
#define ICNX_SIMBATCH_H

#include "base/table.h"
#include "family/family.h"

/* Threads this process may use: sched_getaffinity's count (Slurm and
 * cgroup limits respected), at least 1. */
int simbatch_default_jobs(void);

/*
 * Run simulated output `out` at req->x[0..req->nx-1] (point k seeded as
 * sweep index req->point0 + k) on `jobs` threads, one point per task, and
 * gather the rows in order into t (initialised empty).  Returns 0, or -1
 * with *d: the failure of the lowest-indexed failing point.
 */
int simbatch_run(const struct output_desc *out, const struct config *cfg,
		 const struct run_req *req, int jobs, struct table *t, struct diag *d);

/* Append to model curve m the columns of simulated curve s except its x
 * column (roles and owners kept), row by row: both must have the same rows
 * in the same x order.  Result in *out (initialised empty).  0 or -1 (no
 * memory, or the rows differ). */
int simbatch_join(const struct table *m, const struct table *s, struct table *out);

#endif
