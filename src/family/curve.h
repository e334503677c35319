/*
 * curve.h: the one curve engine.  A family's curve output supplies four
 * hooks (open / columns / evaluate one x / close) in a `struct curve_ops`;
 * curve_run() owns everything else, once for every family:
 *   - the x values: run_req.x when given, else the family's own natural
 *     points (ops->points, e.g. the distinct values of a distribution), else
 *     the family's sweep spaced by curve_x() (the single spacing rule the
 *     batch mode, the explorer's coarse pass and the full sweep share);
 *   - cancellation (run_req.cancel polled before every point);
 *   - progress (run_req.progress after every point);
 *   - partial publishing (run_req.publish after every point: the rows so
 *     far, table.partial set; the receiver rate-limits);
 *   - the saturation rule: a model result is finite and non-negative, or the
 *     point is saturated.  At a saturated point (eval returns
 *     CURVE_SATURATED) every CC_SATURATES column becomes INFINITY
 *     ("saturated", printed inf); the others keep what the model gave (NaN
 *     there means "no value beyond saturation", and a utilisation may be
 *     infinite).  At an unsaturated point a
 *     NaN, an infinity or a negative value is a bug of the model: the run
 *     fails with a diagnostic naming the column and x, and nothing is printed
 *     blank.  Columns flagged CC_OPTIONAL may be NaN ("not applicable", e.g.
 *     an operation with no pairs); CC_SIGNED ones may be negative.
 *
 * The engine obtains the family's prepared model once for the run
 * (family_prepared) and hands it to every hook in run_req.prepared, so open
 * only borrows it.
 *
 * Thread contract: curve_run runs on whichever thread calls the output; the
 * hooks must be pure apart from allocation (state is private to one run).
 */
#ifndef ICNX_CURVE_H
#define ICNX_CURVE_H

#include <stdbool.h>
#include <stddef.h>

#include "family/family.h"

/* Flags of a value column (curve_col). */
enum {
	CC_SATURATES = 1u << 0,  /* INFINITY at a saturated point (latencies) */
	CC_OPTIONAL = 1u << 1,   /* may be NaN at any point: not applicable */
	CC_SIGNED = 1u << 2,     /* may be negative */
	CC_PART = 1u << 3,       /* a component of the first value column (W_s
	                            of T): role COL_COMPONENT; otherwise the
	                            column is a COL_VALUE of its own */
	CC_SOURCE_WAIT = 1u << 4, /* with CC_PART: the source-queue wait
	                            (measure CM_SOURCE_WAIT, paired with a
	                            simulation's sim_wait) */
	CC_QUEUE_WAIT = 1u << 5, /* with CC_PART: the concentrators' and
	                            dispatchers' wait (CM_QUEUE_WAIT, paired
	                            with sim_queue_wait) */
	CC_OWN_SATURATION = 1u << 6, /* a model of its own (a refined model
	                            beside the printed one): INFINITY where it
	                            saturates, which may be below or above the
	                            printed model's saturation (its values stand
	                            where the printed model is saturated) */
};

/* What eval returns besides 1 (cancelled) and -1 (failed, *d filled). */
enum { CURVE_OK = 0, CURVE_SATURATED = 2 };

/* The columns being declared (opaque outside curve.c). */
struct curve_cols;

/* Declare the next value column (after the x column, which the engine adds
 * from family->x).  Returns 0, or -1 (ENOMEM). */
int curve_col(struct curve_cols *c, const char *name, const char *unit, const char *label,
	      unsigned flags);
/* Give the column declared last the paper's symbol, where it is not its
 * name ("2W_d" for the column W_d): table_set_symbol. */
void curve_col_symbol(struct curve_cols *c, const char *symbol);
/* The column declared last is a refined model's value of the printed
 * model's column named printed, declared before it (table_set_refines:
 * the explorer draws them together and the breakdown compares them).
 * Returns 0, or -1 when there is no such column. */
int curve_col_refines(struct curve_cols *c, const char *printed);
/* The column declared last is the model's value over one class of
 * messages (enum col_measure CM_INTRA, CM_INTER, or CM_GROUP of group g;
 * g -1 otherwise): a simulation's class column of the same measure and
 * group pairs with it (base/vsim.h). */
void curve_col_class(struct curve_cols *c, enum col_measure m, int g);
/* Set the table's title (printf-style). */
void curve_title(struct curve_cols *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

struct curve_ops {
	/* Build the per-run state (the model) from cfg into *state.  Returns 0,
	 * 1 cancelled, -1 with *d.  On non-zero nothing is left to close. */
	int (*open)(const struct config *cfg, const struct run_req *req, void **state,
		    struct diag *d);
	/* Declare the title and the value columns.  Returns 0 or -1 (ENOMEM). */
	int (*columns)(void *state, const struct config *cfg, struct curve_cols *c);
	/* Optional: the curve's own x values when run_req.x is NULL (instead of
	 * the family's sweep spaced by curve_x).  *x is allocated (caller frees)
	 * or NULL when *n is 0.  Returns 0, or -1 with *d. */
	int (*points)(void *state, double **x, size_t *n, struct diag *d);
	/* Evaluate at x: v[0..ncols-2] = the value columns in declared order.
	 * Returns CURVE_OK, CURVE_SATURATED, 1 cancelled or -1 with *d. */
	int (*eval)(void *state, double x, double *v, const struct run_req *req,
		    struct diag *d);
	/* Release the state (may be NULL for families without state). */
	void (*close)(void *state);
};

/* Run a curve output: the engine's loop.  Same contract as
 * output_desc.run: returns 0, 1 cancelled, -1 with *d. */
int curve_run(const struct curve_ops *ops, const struct config *cfg,
	      const struct run_req *req, struct table *t, struct diag *d);

/* How a sweep is spaced (bits): log-spaced (x_axis.log), whole units
 * (x_axis.whole: message sizes in bytes). */
enum { CURVE_LINEAR = 0, CURVE_LOG = 1, CURVE_WHOLE = 2 };
/* The spacing bits of an x axis. */
unsigned curve_axis_spacing(const struct x_axis *x);

/* The single x-spacing rule: point k of n from `from` to `to` (both ends
 * exact), log-spaced when CURVE_LOG and both ends are positive, linear
 * otherwise.  CURVE_WHOLE: inner points are rounded to whole units and
 * kept distinct (point k is at least from + k, so the first steps of a log
 * sweep are 1, 2, 3 ... where log spacing would repeat a value), when the
 * range holds n whole values; both ends stay as given. */
double curve_x(double from, double to, size_t n, size_t k, unsigned spacing);
/* xs[0..n-1] = curve_x(from, to, n, k, spacing). */
void curve_spacing(double from, double to, size_t n, unsigned spacing, double *xs);

#endif
