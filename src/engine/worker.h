/*
 * worker.h: the background threads that run the models for the explorer,
 * and the result slots they fill.
 *
 * Result slots.  Every result the explorer shows lives in a slot
 * {output, generation, view, table, refusal} of struct results, one slot
 * per kind of result, on one of two lanes:
 *   - the fast lane (one thread): SLOT_CURVE and SLOT_SUMMARY for every
 *     configuration (the family's first OUT_CURVE and OUT_SUMMARY outputs),
 *     then the view slots SLOT_CELL, SLOT_DETAIL and SLOT_MATRIX (the outputs
 *     the panes show, from struct view_req);
 *   - the slow lane (a second thread): slot SLOT_SLOW for the family's
 *     simulated curve (the output whose role is SIM_CURVE, family.h), and
 *     SLOT_SLOW + k for its other LANE_SLOW outputs.  It runs only on request (worker_sim: on/off, never for every
 *     configuration), publishes partial tables
 *     (table.partial, table.samples) through run_req.publish at most every
 *     WORKER_PARTIAL_MS, is cancelled by a configuration change and never
 *     waited for by a view change.
 * The simulated curve is found by its typed role (family_sim_curve), never
 * by name or position; the plot pane listens to RES_SLOT(SLOT_SLOW) and draws it as points.
 *
 * Protocol (DESIGN.md section 3):
 *   - The UI thread posts a request: a copy of the configuration with its
 *     generation number, and the view with its own generation.  There is one
 *     request slot: the latest post wins, nothing is queued.
 *   - A post with a new configuration raises both lanes' atomic "stale"
 *     flags, which the model loops poll through run_req.cancel, so work on
 *     an older configuration is abandoned within one loop iteration.  A
 *     view-only post does not interrupt a curve in progress.
 *   - For a new configuration the fast lane prepares the family's shared
 *     model once (family.prepare; every fast-lane output of the generation
 *     borrows it through run_req.prepared), computes a coarse curve
 *     (WORKER_COARSE points spaced by curve_x) and publishes it as partial,
 *     then the full sweep, then the summary; then the view slots.  The
 *     coarse curve is skipped when the family's last full sweep took less
 *     than WORKER_COARSE_SKIP_MS: the full one comes as soon.
 *   - A view slot is recomputed only when its own inputs changed
 *     (configuration, output, at, select), so moving the cell cursor never
 *     recomputes a large matrix.  The cheap cell detail goes first.  When a
 *     view output fails and its descriptor names a fallback
 *     (output_desc.fallback), the fallback is run instead and the refusal is
 *     published with it.
 *   - Results are published under the mutex by moving tables into the
 *     shared slots, then one byte is written to a non-blocking pipe; the UI
 *     polls the pipe's read end (worker_fd) with stdin and calls
 *     worker_take(), which moves the new slots out under the mutex.
 *   - The threads never call curses and block every signal (they are
 *     created with all signals blocked).  worker_stop() sets quit, raises the
 *     flags, signals the condition variable and joins: no pthread_cancel.
 *
 * Thread contract: every function here is called by the UI thread only.
 */
#ifndef ICNX_ENGINE_WORKER_H
#define ICNX_ENGINE_WORKER_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "base/table.h"
#include "family/family.h"

#define WORKER_COARSE 20
#define WORKER_COARSE_SKIP_MS 50.0

/* What the UI shows besides the curve; the worker computes these outputs. */
struct view_req {
	double at;          /* the cursor's x (NaN = the output's default) */
	int select;         /* the selected item (-1 = default) */
	int detail_out;     /* index into family->outputs of the breakdown's view; -1 = none */
	int matrix_out;     /* index of the heatmap's output; -1 = none */
	int cell_out;       /* index of the heatmap cell's detail output; -1 = none */
	int cell_select;    /* its select and select2: the cell's row label and */
	int cell_select2;   /* column name read as integers */
};

/* Set *v to "nothing shown": at NaN, every index and select -1. */
void view_req_init(struct view_req *v);

/* The result slots (see the top of this file). */
#define WORKER_SLOW_MAX 8          /* LANE_SLOW outputs per family */
#define WORKER_PARTIAL_MS 100      /* least time between partial tables */
enum slot_id {
	SLOT_CURVE,       /* fast lane, per configuration */
	SLOT_SUMMARY,
	SLOT_CELL,        /* fast lane, per view */
	SLOT_DETAIL,
	SLOT_MATRIX,
	SLOT_SLOW,        /* slow lane: SLOT_SLOW + k, k < WORKER_SLOW_MAX */
	SLOT_COUNT = SLOT_SLOW + WORKER_SLOW_MAX
};

/* Which slots a take brought, and the other news. */
#define RES_SLOT(s) (1u << (8 + (s)))
enum {
	RES_ERROR = 1u << 0,       /* results.error changed */
	RES_PROGRESS = 1u << 1,    /* progress only */
	RES_CURVE = RES_SLOT(SLOT_CURVE),
	RES_SUMMARY = RES_SLOT(SLOT_SUMMARY),
	RES_CELL = RES_SLOT(SLOT_CELL),
	RES_DETAIL = RES_SLOT(SLOT_DETAIL),
	RES_MATRIX = RES_SLOT(SLOT_MATRIX),
};
#define RES_SLOTS (RES_SLOT(SLOT_COUNT) - RES_SLOT(0))   /* every slot bit */
#define RES_SLOW (RES_SLOT(SLOT_COUNT) - RES_SLOT(SLOT_SLOW))

/* Do two views ask the same of slot `bit` (RES_DETAIL, RES_MATRIX or
 * RES_CELL)?  Pure. */
bool view_same(const struct view_req *a, const struct view_req *b, unsigned bit);

#define RES_REFUSAL_MAX 640

/* One result slot. */
struct slot {
	int output;                /* index into family->outputs; -1 = none yet */
	unsigned long gen;         /* configuration generation of the table */
	struct view_req view;      /* the view it was computed for (view slots) */
	struct table table;        /* table.partial: more is coming (the coarse
	                              curve, a simulation in progress) */
	/* View slots: non-empty when the slot's output refused and its
	 * fallback's table is shown instead: the refusal ("distances: S7 has
	 * 5040 nodes ...").  Slow slots: the failure, if the run failed. */
	char refusal[RES_REFUSAL_MAX];
	/* The field the refusal is about (diag.path, "" = none or not known):
	 * the form marks it as it marks results.error_path. */
	char refusal_path[DIAG_PATH_MAX];
};

/* The results as the UI holds them (owned by the UI thread). */
struct results {
	unsigned long gen;         /* configuration generation of the latest
	                              curve or summary */
	struct slot slot[SLOT_COUNT];
	double curve_ms;           /* wall time of the last full sweep (coarse + full) */
	unsigned long error_gen;   /* generation of the last error (0 = none) */
	char error[640];           /* its message */
	char error_path[DIAG_PATH_MAX]; /* the field it is about (diag.path,
	                              "" = none): the form marks it */
};

/* Empty slots (no allocation). */
void results_init(struct results *r);

struct worker;

/* Create the pipe and start the thread (with every signal blocked in it).
 * Returns NULL with a message in err on failure. */
struct worker *worker_start(char *err, size_t errlen);

/* The pipe's read end, to poll for POLLIN. */
int worker_fd(const struct worker *w);

/* Post a request (copies *cfg, outside the lock, when gen is new, and
 * *view).  A gen different from the last
 * posted one cancels the running computation. */
void worker_post(struct worker *w, const struct config *cfg, unsigned long gen,
		 const struct view_req *view, unsigned long view_gen);

/* Drain the pipe and move everything published since the last take into
 * *r (tables replaced, the others kept).  Returns the RES_* bits. */
unsigned worker_take(struct worker *w, struct results *r);

/* Start (on) or stop the simulation of configuration generation gen on the
 * slow lane: the family's simulated curve (role SIM_CURVE) at
 * npts loads (<= 0: the configuration's sim.points, else WORKER_SIM_POINTS)
 * x_k, k = 1..npts, spread below L as its sim.spacing says
 * (sim_point_load: by default evenly, L k/(npts+1); or L (1 - (1 -
 * k/(npts+1))^2), denser near saturation), L = top (the model's saturation load; NaN = none: the
 * largest of the output's default loads), each run as point k-1 of a
 * sweep (its stream, run_req.point0), the model's curve at the same load
 * joined before the simulated columns where the family's x is a load (as
 * `icnx --batch -o curve --sim --load X1,...,Xn` prints them: the same
 * sim_points_run, family/simpoints.h), on up to WORKER_SIM_THREADS threads
 * at once, the highest load first, published into SLOT_SLOW as partial
 * tables while it runs (every point finished so far, in load order, the
 * others left out: its rows count the points done); the lane's progress
 * is the whole
 * run's.  Stopping, or posting another
 * configuration, cancels it (what was published stays in the slot).  gen
 * may be posted after this call. */
#define WORKER_SIM_POINTS 6     /* a family without a sim section */
/* The simulated points run on up to this many threads at once (the slow
 * lane's and helpers, at most the cores this process may use): each holds
 * one point (its network and at most SIM_POINT_MEMORY of messages). */
#define WORKER_SIM_THREADS 4
void worker_sim(struct worker *w, bool on, unsigned long gen, int npts, double top);

/* The same for any LANE_SLOW output: out indexes family->outputs (-1 = the
 * simulated curve, as worker_sim).  The simulated curve runs at the loads
 * above; any other runs once as its own default
 * request (x NULL: its default loads; at NaN: its configured load, e.g.
 * the irregular sim.load) and publishes its partial tables, into slot
 * SLOT_SLOW + worker_slow_rank(f, out).  Stopping, or another request,
 * cancels the running one; what each slot holds stays. */
void worker_sim_output(struct worker *w, bool on, unsigned long gen, int out, int npts,
		       double top);

/* The explorer's simulated points of cfg (key r): how many loads its sim
 * section asks for (sim.points; WORKER_SIM_POINTS for a family without
 * one) and, in *dense, whether they crowd towards saturation (sim.spacing
 * saturation) rather than spread evenly.  Pure; any thread. */
int worker_sim_plan(const struct config *cfg, bool *dense);
/* The most simulated points one batch run computes (family/simcfg.h
 * SIM_RUN_POINTS): a longer sweep is printed as --points pieces. */
size_t worker_sim_run_points(void);

/* The slot offset of output out among f's LANE_SLOW outputs: 0 for the
 * simulated curve (role SIM_CURVE; out = -1 names it too), 1, 2, ... for
 * the others in order; -1 if out is none of them or beyond
 * WORKER_SLOW_MAX.  Pure. */
int worker_slow_rank(const struct family *f, int out);

/* Is a computation running on the fast lane, and how far is it (0..1)? */
bool worker_busy(const struct worker *w, double *fraction, unsigned long *gen);
/* The same for the slow lane. */
bool worker_slow_busy(const struct worker *w, double *fraction);

/* Have both lanes finished everything posted so far, and has the UI taken
 * every result it published (progress aside)?  Then nothing will change
 * until the next post.  For the headless mode and tests, which wait for
 * it (polling worker_fd) instead of sleeping. */
bool worker_settled(struct worker *w);

/* CPU time the worker thread has used since it started, in ms (for the
 * bench's trace; 0 where the thread's clock is not available). */
double worker_cpu_ms(const struct worker *w);

/* Stop and join the thread, close the pipe, free everything.  NULL is a
 * no-op. */
void worker_stop(struct worker *w);

/* Release the tables of r. */
void results_free(struct results *r);

#endif
