/*
 * measure.h: one simulated load point, measured the way the papers do it
 * (javadi section 4): a warm-up whose messages are discarded, a measured
 * set of messages (the next `measured` generated), and a drain that runs
 * (with traffic still arriving) until every measured message has arrived.
 * Means with 95% confidence intervals come from batch means: the measured
 * messages, in generation order, form `batches` equal batches and the
 * interval is mean +- t(0.975, batches-1) * sd / sqrt(batches).
 *
 * Time is in cycles of the core (core.h).  Latency: from generation to the
 * tail's arrival.  Source wait: from generation to the header leaving the
 * source queue.  Network latency: the rest (the model's S + R).
 *
 * Fell behind: fewer than 95% of the messages generated since the
 * measured window opened (since the start, before it) were delivered.  A
 * run that reaches its work limit is saturated if it fell behind, or if its
 * measured messages have drained for more than SIM_DRAIN_WINDOWS times the
 * measured window (a congested region that does not clear) (status
 * SIM_WORK either way); one that fell behind at probe_work stops there.
 *
 * Saturated: the run exhausted its cycle budget before the measured
 * messages drained, the source queues held more than 50 messages per node
 * plus half the measured count (they grow without bound), or accepted
 * traffic over the measured window fell below 95% of the offered traffic.  Run length is bounded in cycles, never wall
 * time: the same inputs give the same numbers on any machine.
 *
 * Pure C11: no I/O, no threads, no globals.
 */
#ifndef ICNX_SIM_MEASURE_H
#define ICNX_SIM_MEASURE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "sim/engine.h"

#define SIM_MAX_BATCHES 100

struct sim_method {
	/* The engine that runs the point (engine.h); NULL = the cycle core,
	 * sim_core_engine.  measure.c uses nothing else of it. */
	const struct sim_engine_ops *engine;
	uint64_t seed;
	uint64_t stream;           /* the point's index in its sweep */
	long warmup;               /* messages generated before measuring */
	long measured;             /* messages measured */
	int batches;               /* 2..SIM_MAX_BATCHES */
	int64_t max_cycles;        /* budget; 0 = automatic (see sim_measure) */
	int64_t max_work;          /* work limit in events (core.h); 0 = none.
	                              A point that reaches it has status
	                              SIM_WORK, saturated only if the network
	                              fell behind (see sim_measure) */
	int64_t probe_work;        /* 0 = none; else once the work reaches it,
	                              a point whose network fell behind stops
	                              there (SIM_WORK, saturated) instead of
	                              running on to max_work or its budget */
	int watchdog;              /* deadlock: cycles without a move; 0 = 100000 */
	/* Stop as soon as the measured window closes with fewer than 95% of
	 * its generated messages delivered: the point is saturated whatever
	 * the drain would show, and the drain of a saturated network is the
	 * longest part of its run.  Result: saturated, accepted and offered
	 * as without it; latency means over the measured messages delivered
	 * by then (biased low: a curve prints inf), fewer messages, cycles
	 * and flit-hops.  For curves and saturation searches; per-pair
	 * outputs leave it off (default false). */
	bool stop_saturated;
	/* Optional per-group-pair network latency (irregular: group = switch):
	 * group[node] in 0..ngroups-1; pair_sum/pair_cnt hold ngroups^2
	 * entries (caller-owned, zeroed by sim_measure). */
	const int *group;
	int ngroups;
	double *pair_sum;
	long *pair_cnt;
	/* Optional (NULL = none): called on the simulating thread, every
	 * SIM_PROGRESS_STEPS steps of the run, with the fraction done in 0..1:
	 * (messages generated, up to warm-up + measured, plus measured messages
	 * delivered) / (warm-up + 2 measured).  Only the caller's progress
	 * display; the numbers do not depend on it. */
	void (*progress)(void *ctx, double fraction);
	void *progress_ctx;
};
#define SIM_PROGRESS_STEPS 4096

/* A run stopped by its work limit while draining longer than this many
 * measured windows is saturated (see the top of this file). */
#define SIM_DRAIN_WINDOWS 2.0

struct sim_stat {
	double mean;
	double half;               /* 95% half-width (NaN with < 2 batches) */
};

struct sim_result {
	enum sim_status status;    /* SIM_DONE, SIM_BUDGET, SIM_DEADLOCK, ... */
	bool saturated;
	bool cancelled;
	struct sim_stat latency, wait, network;
	struct sim_stat qwait;     /* waiting at queue routers (sim_net.queue_router;
	                              0 without them) */
	double mean_len;           /* flits per measured message */
	double mean_hops;          /* channels per measured message */
	double offered;            /* messages per sending node per cycle (lambda
	                              times the senders' mean weight; dropped
	                              arrivals included) */
	double accepted;           /* delivered / sending node / cycle over the
	                              measured window (over what was run when
	                              the window never closed; never NaN) */
	long messages;             /* measured messages delivered */
	int64_t cycles;            /* simulated cycles */
	int64_t flit_hops;         /* flits x channels crossed, whole run */
	int64_t work;              /* events (core.h), whole run */
	int64_t order_errors;      /* must be 0 */
};

/* Fill m with the defaults: seed 1, stream 0, warmup 2000, measured 20000,
 * batches 20, automatic budget, watchdog 100000. */
void sim_method_default(struct sim_method *m);

/* Quantile t(0.975, df) of Student's t (df >= 1; exact table to 30, then
 * 1.96 + 2.4/df within 0.2%). */
double sim_t975(int df);

/*
 * Simulate net at load lambda (messages per sending node per cycle) with the
 * length mix.  The automatic budget is 20 times the cycles the warm-up and
 * measured messages take to be generated, plus 100000.  cancel (may be
 * NULL) is polled every cycle.  Returns 0 (out filled; saturation and
 * deadlock are results, in out->status / out->saturated), 1 (cancelled) or
 * -1 (bad arguments, no memory).
 */
int sim_measure(const struct sim_net *net, const struct sim_mix *mix, double lambda,
		const struct sim_method *mm, struct sim_result *out,
		const atomic_int *cancel);

#endif
