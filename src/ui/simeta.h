/*
 * simeta.h: the time left of the explorer's simulation (key r), estimated
 * from the simulated work of the points already done.  Pure: no curses, no
 * clock (the caller passes the times), no globals.
 *
 * The estimate.  Point k's work is its sim_flit_hops (flits x channels
 * crossed, warm-up and drain included: what the simulator spends most of its
 * time on).  The rate is the wall time of the completed points over their
 * work (ms per flit-hop).  The loads rise from point to point, and so does
 * the cost of a point (more flit-hops, and more blocked headers per cycle),
 * so a point still to run is taken to cost the most of: the last completed
 * point's work at that rate, the last completed point's own wall time, and
 * the running point's projection (its elapsed time over its fraction f done,
 * once f >= 0.1).  The running point has (1 - f) of that left.  So:
 * left = C * (total - done - f).  Only an estimate: it is shown with "~",
 * and not before the first point has finished.  A point with no positive
 * finite work (a failed point, NaN) is left out of the rate; the last
 * point that has work stands for the next.
 */
#ifndef ICNX_UI_SIMETA_H
#define ICNX_UI_SIMETA_H

#include <stddef.h>

/* The times of a simulation in progress (ms, one clock). */
struct sim_eta_in {
	const double *work;   /* work[0..done-1]: the completed points' work */
	size_t done, total;   /* points completed, points asked for */
	double done_ms;       /* from the start to the last completion */
	double last_ms;       /* the last completed point's own wall time */
	double cur_ms;        /* since the last completion (the running point) */
	double f;             /* fraction of the running point done (clamped to 0..1) */
};

/* Milliseconds left, or NaN when there is nothing to estimate from (no
 * completed point, no positive finite work or time) or nothing left. */
double sim_eta_ms(const struct sim_eta_in *in);

/* A run that is one piece of work (a simulated view other than the curve:
 * -o pairs, correlation-patterns): the time left from the fraction done f
 * and the time it took, elapsed x (1 - f) / f, once f >= SIM_ETA_MIN_F
 * (earlier a fraction says too little); NaN before, or when nothing is
 * left or there is no time. */
#define SIM_ETA_MIN_F 0.05
double sim_eta_fraction_ms(double elapsed_ms, double f);

/* "~12 s left", "~3 min left", "~2 h 5 min left" (whole units, rounded up)
 * into buf; "" for NaN. */
void sim_eta_text(double ms, char *buf, size_t len);

#endif
