/*
 * simeta.h: the time left of the explorer's simulation (key r), estimated
 * from the simulated work of the points already done.  Pure: no curses, no
 * clock (the caller passes the times), no globals.
 *
 * The estimate.  Point k's work is its sim_flit_hops (flits x channels
 * crossed, warm-up and drain included: what the simulator spends most of its
 * time on).  The rate is the wall time of the completed points over their
 * work (ms per flit-hop).  The points run from the highest load down
 * (family/simpoints.h: the dearest first), and a point's cost mostly falls
 * with its load, so a point still to run is taken to cost the most of:
 * the lowest completed point's work at that rate, the last completed
 * point's own wall time, and the running point's projection (its elapsed
 * time over its fraction f done, once f >= 0.1).  The running point has
 * (1 - f) of that left.  So: left = C * (total - done - f).  Only an
 * estimate: it is shown with "~", and not before the first point has
 * finished.  A point with no positive finite work (a failed point, NaN)
 * is left out of the rate; the lowest point that has work stands for the
 * next.
 */
#ifndef ICNX_UI_SIMETA_H
#define ICNX_UI_SIMETA_H

#include <stdbool.h>
#include <stddef.h>

/* The times of a simulation in progress (ms, one clock). */
struct sim_eta_in {
	const double *work;   /* work[0..done-1]: the completed points' work,
	                         in load order (the lowest first) */
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
/* The same duration as a whole run's cost: "about 12 s", "about 3 min". */
void sim_eta_about(double ms, char *buf, size_t len);

/*
 * The cost estimate before a long run (issue 23 item 8): a calibration
 * slice of the real run, not a separate one.  The run's fraction done f
 * (the slow lane's: all its points side by side) is read as it arrives;
 * the slice opens at the first reading with f > 0 (so what comes before,
 * building the network, is not taken for the rate) and closes once it is
 * SIM_CAL_MS long and SIM_CAL_F of the run; then the whole run is taken
 * to cost the time spent so far plus what is left at the slice's rate:
 *   est = (now - t0) + (1 - f) (now - ta) / (f - fa).
 * Later points run at higher loads and may cost more than the slice's,
 * so it is "about".  Made once a run; NaN until then.  No clock inside:
 * the caller passes the times (ms, one clock).
 */
#define SIM_CAL_MS 500.0
#define SIM_CAL_F 0.01
/* A run estimated at least this long is announced ("about N s; r stops"). */
#define SIM_CAL_SAY_MS 5000.0
struct sim_cal {
	double t0_ms;      /* the run's start */
	double ta_ms, fa;  /* the slice's start and fraction there; NaN = not open */
	double est_ms;     /* the whole run's estimate; NaN = not made */
};
void sim_cal_start(struct sim_cal *c, double t0_ms);
/* One reading of the fraction done f at now_ms.  True when this reading
 * made the estimate (c->est_ms), false before and after. */
bool sim_cal_feed(struct sim_cal *c, double now_ms, double f);
/* Whether the estimate is worth a message: the run is long (>=
 * SIM_CAL_SAY_MS) and either no earlier run of the same output is known
 * (last_ms <= 0 or NaN: the first r of the session) or its cost changed
 * much (the estimate is at least twice or at most half last_ms). */
bool sim_cal_announce(double est_ms, double last_ms);

#endif
