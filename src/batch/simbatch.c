/* simbatch.c: simulated points on -j threads (simbatch.h). */
#include "batch/simbatch.h"

#include <stdio.h>

#include "base/pool.h"
#include "batch/simmem.h"
#include "family/simpoints.h"

int simbatch_run(const struct output_desc *sim, const struct output_desc *model,
		 const struct config *cfg, const struct run_req *req, int jobs, struct table *t,
		 struct diag *d)
{
	if (jobs < 1)
		jobs = 1;
	if ((size_t)jobs > req->nx)
		jobs = req->nx ? (int)req->nx : 1;
	jobs = simmem_jobs(jobs);      /* each thread holds a point (simmem.h) */
	struct executor ex = pool_executor(jobs);
	struct sim_points sp = { .sim = sim, .model = model, .keep_failed = true, .ex = &ex };
	int rc = sim_points_run(&sp, cfg, req, t, d);

	if (sp.retried)
		fprintf(stderr, "icnx: -j %d: %d point%s failed beside the others (out of memory?) "
			"and ran again alone\n", jobs, sp.retried, sp.retried == 1 ? "" : "s");
	return rc;
}
