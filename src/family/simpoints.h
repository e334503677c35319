/*
 * simpoints.h: the one path of simulated points.  A simulated curve
 * (output role SIM_CURVE or SIM_POINTS, family.h) is run one request per
 * load, point k seeded as index point0 + k of its sweep, so the points are
 * independent: they run through an executor (base/pool.h: the batch
 * layer's -j threads, the explorer's two cores), highest x first
 * (sim_points_order), and are gathered in x order whatever order they end
 * in, each joined after the model's curve at the same load when a model
 * output is given.  Every row, the outcome and its message are the same
 * whatever the order the points ran and ended in.  Batch (`-o curve --sim`, `-o sim`) and the explorer's
 * key r both call sim_points_run, so a point is the same number in both.
 *
 * Threads: this file creates none; it runs tasks and gathers their rows
 * as the executor's contract says (done calls one at a time).  The
 * configuration, request and outputs are shared read-only by the tasks.
 */
#ifndef ICNX_FAMILY_SIMPOINTS_H
#define ICNX_FAMILY_SIMPOINTS_H

#include <stdbool.h>

#include "base/diag.h"
#include "base/pool.h"
#include "base/table.h"
#include "family/family.h"

struct sim_points {
	const struct output_desc *sim;   /* the simulated curve (SIM_CURVE or
	                                    SIM_POINTS) */
	const struct output_desc *model; /* the model's curve joined before the
	                                    simulated columns, or NULL */
	/* A model that fails at a point: true (the explorer) gives NaN model
	 * cells of the first point's width (no model columns at all when it
	 * fails at the first point); false (batch) fails the run with its
	 * message. */
	bool model_gaps;
	/* A point that fails (refused or in error): true (the explorer) keeps
	 * it as a ROW_FAILED row (table.h: its load, NaN values, the whole
	 * reason as its note) and the others run on; the run fails only when
	 * every point failed (with the first point's reason).  false (batch):
	 * see sim_points_run. */
	bool keep_failed;
	const struct executor *ex;       /* NULL: in order on this thread */
	/* May be NULL: the rows of every point finished so far, in x order
	 * (not a prefix of the run: the points not finished yet are gaps;
	 * table.partial set), after each point that gives a row but the
	 * last, on the thread that finished it (never two at once).  Its
	 * rows are the count of points done. */
	void (*rows)(void *ctx, const struct table *sofar);
	void *rows_ctx;
	/* Out: points that failed (not a refusal) beside others and, run again
	 * alone afterwards, succeeded (their memory was the others'). */
	int retried;
};

/*
 * The point the executor's task k (0..n-1) runs: n - 1 - k, the highest x
 * first.  A point's cost mostly grows with load (the presets' default r:
 * kiasari 2.3-2.5x from the lowest point to the highest, sharifi-n1144 2x,
 * javadi-n1120 1.4x, arnau 1.3-1.5x with a 3x point just below
 * saturation; javadi-n544 and sharifi-n592 about flat), so the dearest
 * start first and the cores end together instead of one running the
 * dearest alone at the end.  The
 * order changes no number: point k is seeded by its index.
 */
size_t sim_points_order(size_t n, size_t k);

/*
 * Run sp->sim at req->x[0..req->nx-1] (req->nx > 0; point k seeded as
 * index req->point0 + k, each given the work share of a run of
 * req->run_points points, 0 = nx) and gather the rows in x order into t
 * (initialised empty).  req->progress receives the whole run's fraction
 * (from any task's thread); req->publish is not used (sp->rows is).
 * Returns 0, 1 cancelled (req->cancel), or -1 with *d: the failure of the
 * lowest-indexed failing point (after a refusal, d->usage, the points
 * above it that have not started do not start; the points below it run,
 * so the message is the same in any order; the rows are then dropped),
 * unless sp->keep_failed.
 */
int sim_points_run(struct sim_points *sp, const struct config *cfg, const struct run_req *req,
		   struct table *t, struct diag *d);

#endif
