/*
 * measure.h: one simulated load point, measured the way the papers do it
 * (javadi section 4): a warm-up whose messages are discarded, a measured
 * set of messages (the next `measured` generated), and a drain that runs
 * (with traffic still arriving) until every measured message has arrived.
 * A point is `replications` independent replications (fewer when its
 * measured messages are too few, below), each the whole method above
 * from an empty network with its own warm-up and random stream, on
 * measured / replications of the measured messages.  Its means are over
 * all the measured messages; every 95% interval is the replication means'
 * mean +- t(0.975, n-1) * sd / sqrt(n) over the n replications
 * (sim_result.batches = n, merge = 0).  Why: a within-run interval (batch
 * means) needs batches much longer than the latency's correlation, and
 * near saturation that correlation (the network's backlog) reaches
 * thousands of messages: 40 seeds at 80% of kiasari-s5-v6's simulated
 * saturation, 20000 measured, give b Var(batch mean) / Var(latency) = 8,
 * 13, 19 and 22 at b = 1000, 2000, 4000, 10000 messages against 38 from
 * the seeds' spread: 20 batches, merged in pairs on a noisy lag-1 test,
 * were 2 to 4 times too narrow in variance, and 5 batches still too
 * narrow; one run cannot measure a correlation as long as itself.
 * Independent replications' means are independent by construction, so
 * their spread estimates the variance of the mean whatever the
 * correlation; the price is a warm-up per replication, and each
 * replication's initial transient (what the warm-up leaves of it) is in
 * the mean.  A replication's window holds at least `batches` messages and
 * SIM_JUDGE_PER_SENDER per sender (the saturation rule below opens on
 * it), so n = min(replications, measured / batches, measured /
 * (SIM_JUDGE_PER_SENDER x senders)), at least 1.  A saturated
 * replication ends the point (saturated; the rest would add nothing).
 * With n = 1 the interval is from batch means over few, long batches: the
 * `batches` measured batches merged consecutively into SIM_CI_BATCHES
 * (sim_result.merge of them make one of the sim_result.batches).
 * Settled (sim_result.settled) unless the latency still grows: with n >= 2
 * replications, the mean over them of (later half less earlier half of
 * a replication's measured batches) exceeds SIM_GROWTH_T times
 * t(0.975, n-1) standard errors of those n differences (a paired t), or
 * the network still fills: the messages in flight (generated, not
 * delivered) at a replication's window close less those at its opening,
 * over the n replications, exceed SIM_GROWTH_T times t(0.975, n-1) of
 * their standard errors (a paired t: near saturation a short warm-up
 * leaves the network filling, kiasari-s5-v6 at 0.0213 after 5000 messages
 * 650 in flight at the opening and 770 at the close, and such a mean is 5%
 * low with intervals that miss the long runs' mean, while the latency
 * halves differ too little to trip the first test); with
 * one run, its `batches` batch means, merged in pairs while their lag-1
 * autocorrelation exceeds SIM_LAG1_MAX and at least 2 SIM_MIN_BATCHES
 * remain, are still correlated at the fewest (SIM_MIN_BATCHES..
 * 2 SIM_MIN_BATCHES-1), or Welch's t of their later half over the earlier
 * half exceeds SIM_GROWTH_T times t(0.975).  With n >= 2 the
 * point did not settle either when a replication's own measured window
 * delivered fewer than 95% of the messages generated in it while the
 * point's whole window (judge_over, below) kept up (not saturated): more
 * than 5% of that window's messages stayed in flight, so they were
 * measured on a network still filling; judged on the short window this
 * was a saturated verdict before (one that depended on the window).  A point that did not
 * settle is too short for its load, near saturation; its numbers are what was
 * measured and its interval is not to be trusted ("did not settle").
 * Pair sums (sim_method.group) and the counts (messages, cycles,
 * flit-hops, work) are over all replications; accepted is their mean; the
 * work limit (max_work) is the point's, shared by its replications in
 * turn; probe_work, max_cycles and the backlog are each replication's.
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
 * messages drained, the source queues held more than the backlog (50
 * messages per node plus half the point's measured count, at most half of
 * SIM_MSG_MEMORY's messages: they grow without bound), or accepted
 * traffic over the judgement window fell below 95% of the offered traffic.
 * The judgement window is the measured window; when the rule fails there
 * and the run had generated fewer than SIM_JUDGE_PER_SENDER messages per
 * sending node before the window opened (a network that started empty
 * and a short warm-up: the messages in flight when the window closes are
 * the network's fill, not a backlog), or the window held fewer than
 * SIM_JUDGE_PER_SENDER messages per sender (a short window on a warm
 * network fails the rule by chance: the messages in flight at its close
 * are a large share of it), it is judged again, with traffic
 * running on, over a window that opens once SIM_JUDGE_PER_SENDER messages
 * per sender were generated and holds at least as many messages as the
 * measured window, judge_over and SIM_JUDGE_PER_SENDER per sender.
 * A replication's measured window holds 1/n of the point's messages, but
 * its 95% rule judges as one run of the point would: when its own window
 * fails (on a filled network), traffic runs on and the rule is decided
 * over the window from the same opening that holds the point's whole
 * measured count (judge_over).  Why: a network started empty is still
 * filling after the warm-up near saturation (kiasari-s5-v6 at 0.0205,
 * warm-up 2000: 450 messages in flight when the window opens, 600 at its
 * close), and that fill, not a backlog, is 5% of a 4000-message window
 * but 1% of a 20000-message one; judged per replication window the
 * saturation fell with the window (0.0204 at 20000 measured, 0.0234 at
 * 100000).  A window that keeps up is decided at once (a longer one
 * dilutes the fill further).  Accepted traffic is the judgement window's.  Run length is bounded in cycles, never wall time: the
 * same inputs give the same numbers on any machine.
 *
 * Refused (sim_result.limit, the run not a verdict): a load whose
 * messages take more than SIM_CLOCK_MAX cycles to be generated (the clock
 * would overflow; at such a load every message crosses an empty network:
 * the latency is the zero-load latency, which any load whose run fits
 * gives); a cycle budget (sim_method.max_cycles) shorter than the
 * generation of the warm-up and measured messages, or one that ran out
 * before they were all generated.
 *
 * Memory: a point holds its engine's network state (fixed by the network,
 * the same at every load) and at most SIM_MSG_MEMORY bytes of messages
 * (queued, plus one per virtual channel in flight): the backlog above is
 * capped so, and the engine pauses arrivals within a cycle at twice the
 * backlog.
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
/* The settle test (see above). */
#define SIM_MIN_BATCHES 5
#define SIM_LAG1_MAX 0.2
#define SIM_GROWTH_T 1.5
/* The batches behind every interval: the measured batches merged into
 * this many (fewer only when sim_method.batches is fewer). */
#define SIM_CI_BATCHES 5
/* Independent replications of a point (the default and the most). */
#define SIM_REPLICATIONS 5
#define SIM_MAX_REPLICATIONS 64

struct sim_method {
	/* The engine that runs the point (engine.h); NULL = the cycle core,
	 * sim_core_engine.  measure.c uses nothing else of it. */
	const struct sim_engine_ops *engine;
	uint64_t seed;
	uint64_t stream;           /* the point's index in its sweep */
	long warmup;               /* messages generated before measuring */
	long measured;             /* messages measured */
	int batches;               /* 2..SIM_MAX_BATCHES, per replication */
	int replications;          /* independent runs of the point, 0 or
	                              1..SIM_MAX_REPLICATIONS (0 = 1); fewer
	                              when measured / batches is fewer */
	long judge_over;           /* messages the 95% rule judges over; 0 or
	                              less than measured = measured.  Set by
	                              sim_measure to the point's measured count
	                              for each replication (the top) */
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
	/* Optional (NULL = none): called on the simulating thread with each
	 * measured message as it arrives, over every replication: its source
	 * and destination nodes and its whole latency (generation to the
	 * tail's arrival) in cycles.  Only the caller's sums: no random draw,
	 * so the numbers do not depend on it. */
	void (*delivered)(void *ctx, int src, int dst, double latency);
	void *delivered_ctx;
	/* Optional (NULL = none): called on the simulating thread, every
	 * SIM_PROGRESS_STEPS steps of the run, with the fraction done in 0..1:
	 * (messages generated, up to warm-up + measured, plus measured messages
	 * delivered) / (warm-up + 2 measured).  Only the caller's progress
	 * display; the numbers do not depend on it. */
	void (*progress)(void *ctx, double fraction);
	void *progress_ctx;
};
#define SIM_PROGRESS_STEPS 4096

/* The 95% rule: a window keeps up when at least this fraction of the
 * messages generated in it were delivered in it (see the top). */
#define SIM_KEEP_UP 0.95

/* A run stopped by its work limit while draining longer than this many
 * measured windows is saturated (see the top of this file). */
#define SIM_DRAIN_WINDOWS 2.0

/* The longest run in cycles (2^62): a load whose warm-up and measured
 * messages take more than half of it to be generated is refused
 * (SIM_LIMIT_CLOCK); a budget is never more. */
#define SIM_CLOCK_MAX 4611686018427387904.0
/* Messages per sending node generated before the 95% rule may judge a
 * window that started on a network not yet filled (see the top). */
#define SIM_JUDGE_PER_SENDER 10
/* Bytes of messages a point may hold (queued and in flight), whatever the
 * load: 256 MiB (icnx(1) LIMITS). */
#define SIM_MSG_MEMORY (256.0 * 1024 * 1024)

/* Why a point was not run to a verdict (the caller refuses it). */
enum sim_limit {
	SIM_LIMIT_NONE = 0,
	SIM_LIMIT_CLOCK,           /* the load is too small for the clock:
	                              need = cycles to generate its messages */
	SIM_LIMIT_BUDGET           /* the cycle budget is shorter than, or ran
	                              out before the end of, the generation of
	                              the warm-up and measured messages: need =
	                              cycles they take at this load */
};

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
	enum sim_limit limit;      /* SIM_LIMIT_NONE, or why not run (above) */
	double need;               /* with limit: see enum sim_limit */
	bool memory_cap;           /* the backlog was capped by SIM_MSG_MEMORY
	                              (a saturated verdict by overflow then
	                              means more than that many messages) */
	int64_t backlog;           /* the backlog that means saturation */
	/* The interval's batches (the method at the top): `merge` consecutive
	 * measured batches make one of the `batches` behind the intervals;
	 * settled false = the run did not reach a steady state (its latency
	 * still grows, or is correlated beyond the run): the means are what
	 * was measured, the intervals are not to be trusted. */
	int merge, batches;
	bool settled;
};

/* Fill m with the defaults: seed 1, stream 0, warmup 2000, measured 20000,
 * batches 20, automatic budget, watchdog 100000. */
void sim_method_default(struct sim_method *m);

/* The backlog of queued messages that means saturation on net (see the
 * top of this file), for an engine holding msg_bytes per message;
 * *capped (may be NULL) says SIM_MSG_MEMORY capped it. */
int64_t sim_backlog(const struct sim_net *net, long measured, size_t msg_bytes, bool *capped);

/* The replications sim_measure runs for mm on a network of `senders`
 * sending nodes: min(replications, measured / batches, measured /
 * (SIM_JUDGE_PER_SENDER x senders)), at least 1 (the top). */
int sim_replications(const struct sim_method *mm, int senders);

/* Quantile t(0.975, df) of Student's t (df >= 1; exact table to 30, then
 * 1.96 + 2.4/df within 0.2%). */
double sim_t975(int df);

/*
 * Simulate net at load lambda (messages per sending node per cycle) with the
 * length mix.  The automatic budget is 20 times the cycles the warm-up and
 * measured messages take to be generated, plus 100000, at most
 * SIM_CLOCK_MAX (computed in floating point: it cannot overflow).  cancel (may be
 * NULL) is polled every cycle.  Returns 0 (out filled; saturation and
 * deadlock are results, in out->status / out->saturated), 1 (cancelled) or
 * -1 (bad arguments, no memory).
 */
int sim_measure(const struct sim_net *net, const struct sim_mix *mix, double lambda,
		const struct sim_method *mm, struct sim_result *out,
		const atomic_int *cancel);

#endif
