/*
 * worker.h: the background thread that runs the model for the explorer.
 *
 * Protocol (DESIGN.md section 3):
 *   - The UI thread posts a request: a copy of the configuration with its
 *     generation number, and the view (cursor load, selected item, which
 *     table and matrix outputs are shown) with its own generation.  There is
 *     one request slot: the latest post wins, nothing is queued.
 *   - A post with a new configuration raises the atomic "stale" flag, which
 *     the model loops poll through run_req.cancel, so work on an older
 *     configuration is abandoned within one loop iteration.  A view-only post
 *     does not interrupt a curve in progress.
 *   - For a new configuration the worker computes a coarse curve
 *     (WORKER_COARSE points over the family's sweep, log-spaced when the
 *     family's x axis is), publishes it, then the full sweep, then the
 *     summary; then the view's outputs.
 *   - The view has three slots: the breakdown's output, the heatmap's
 *     output and the heatmap cell's detail (output_desc.cell_detail, run
 *     with select/select2 = the cell).  A slot is recomputed only when its
 *     own inputs changed (configuration, output, at, select), so moving the
 *     cell cursor never recomputes a large matrix.  The cheap cell detail
 *     goes first.  When a slot's output fails and its descriptor names a
 *     fallback (output_desc.fallback), the fallback is run instead and the
 *     refusal is published with it.
 *   - Results are published under the mutex by moving tables into the
 *     shared slot, then one byte is written to a non-blocking pipe; the UI
 *     polls the pipe's read end (worker_fd) with stdin and calls
 *     worker_take(), which moves the new parts out under the mutex.
 *   - The worker never calls curses and blocks every signal (it is created
 *     with all signals blocked).  worker_stop() sets quit, raises the flag,
 *     signals the condition variable and joins: no pthread_cancel.
 *
 * Thread contract: every function here is called by the UI thread only.
 */
#ifndef ICNX_UI_WORKER_H
#define ICNX_UI_WORKER_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "base/table.h"

#define WORKER_COARSE 20

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

/* Do two views ask the same of slot `bit` (RES_DETAIL, RES_MATRIX or
 * RES_CELL)?  Pure. */
bool view_same(const struct view_req *a, const struct view_req *b, unsigned bit);

/* Which parts of struct results a take brought. */
enum {
	RES_CURVE = 1u << 0,
	RES_SUMMARY = 1u << 1,
	RES_DETAIL = 1u << 2,
	RES_MATRIX = 1u << 3,
	RES_ERROR = 1u << 4,
	RES_PROGRESS = 1u << 5,
	RES_CELL = 1u << 6,
};

#define RES_REFUSAL_MAX 640

/* The results as the UI holds them (owned by the UI thread). */
struct results {
	unsigned long gen;         /* configuration generation of curve/summary */
	unsigned long summary_gen; /* generation of the summary alone: the curve
	                              of a new configuration arrives before its
	                              summary, which must not be read meanwhile */
	bool curve_full;           /* false while only the coarse curve is in */
	struct table curve, summary;
	unsigned long detail_gen, matrix_gen, cell_gen; /* configuration generations */
	struct view_req detail_view, matrix_view, cell_view; /* the views they were
	                                                        computed for */
	struct table detail, matrix, cell;
	/* Non-empty when the slot's output refused and its fallback's table is
	 * shown instead: the refusal ("distances: S7 has 5040 nodes ..."). */
	char detail_refusal[RES_REFUSAL_MAX], matrix_refusal[RES_REFUSAL_MAX];
	double curve_ms;           /* wall time of the last full sweep (coarse + full) */
	unsigned long error_gen;   /* generation of the last error (0 = none) */
	char error[640];           /* its message */
};

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

/* Is a computation running, and how far is it (0..1)? */
bool worker_busy(const struct worker *w, double *fraction, unsigned long *gen);

/* Has the worker finished everything posted so far, and has the UI taken
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
