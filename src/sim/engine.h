/*
 * engine.h: what measurement (measure.c) needs from a simulator engine, as
 * a table of functions over an opaque state, so that a second engine (e.g.
 * an input-queued router with BookSim2's timing) plugs in without
 * measure.c changing.
 *
 * An engine simulates a struct sim_net (the network description every
 * engine shares, core.h: channels, virtual channels, buffers, the family's
 * routing, destination and source functions) under Poisson arrivals at
 * lambda messages per unit of sender weight per cycle with a length mix,
 * from its own random stream seeded by (seed, stream).  Time is in cycles;
 * the engine states what a cycle is (core.h: one flit time of a channel).
 *
 * Contract of every engine:
 *  - init fills *state (owned by the engine until free) or returns -1 (bad
 *    arguments, no memory; then *state is NULL and free(NULL) is harmless).
 *    cfg and what it points to (net's arrays, mix) must outlive the state.
 *  - run advances until stop(ctx, counters) returns true (checked once per
 *    cycle, before the cycle, with the counters as they stand), the cycle
 *    count reaches max_cycle (SIM_BUDGET), the work reaches cfg.max_work
 *    (SIM_WORK), a deadlock, a routing error or no memory.  It returns the
 *    status (SIM_DONE when stop said so) and may be called again.
 *  - measure(state, count): the next `count` messages generated from now on
 *    are measured: numbered 0..count-1 in generation order (the tag) and
 *    handed to cfg.deliver when their tail arrives.  Called between
 *    cycles (typically from the stop predicate).
 *  - read fills the counters; it does not change the run.
 *  - The same (net, mix, lambda, seed, stream, calls) give the same numbers
 *    on every machine: no wall time, no globals, one thread per state.
 *
 * Pure C11: no I/O, no threads, no globals.
 */
#ifndef ICNX_SIM_ENGINE_H
#define ICNX_SIM_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/core.h"

/* A small read-only picture of a run, in the engine's cycles. */
struct sim_counters {
	int64_t now;               /* current cycle */
	int64_t generated;         /* messages generated (dropped arrivals not) */
	int64_t delivered;         /* messages whose tail arrived */
	int64_t flits_in_net;      /* flits that left a source, not yet consumed */
	int64_t flit_hops;         /* flits x channels crossed */
	int64_t work;              /* events (core.h: sim_core.work); the limits
	                              built on it are the same on every machine */
	int64_t queued;            /* messages in source queues */
	int64_t alive;             /* generated - delivered */
	int64_t tagged;            /* measured messages generated so far */
	int64_t order_errors;      /* flits delivered out of order (must be 0) */
	double rate;               /* total arrivals per cycle: lambda x the
	                              senders' total weight */
	int nsenders;              /* nodes that generate messages */
	enum sim_status status;    /* SIM_RUNNING until run returned otherwise */
};

/* A measured message, handed to the observer when its tail arrives. */
struct sim_delivery {
	int src, dst;              /* nodes */
	int len;                   /* flits */
	int hops;                  /* channels crossed */
	int64_t tag;               /* 0..count-1 (see measure) */
	int64_t gen;               /* generation cycle */
	int64_t depart;            /* cycle its header left the source queue */
	int64_t arrive;            /* end of the cycle its tail reached the sink */
	int64_t qwait;             /* cycles its header waited at queue routers
	                              (sim_net.queue_router) */
};
typedef void (*sim_deliver_fn)(void *ctx, const struct sim_delivery *d);

/* Stop predicate: true ends the run (SIM_DONE). */
typedef bool (*sim_stop_fn)(void *ctx, const struct sim_counters *k);

struct sim_engine_cfg {
	const struct sim_net *net;
	const struct sim_mix *mix;
	double lambda;             /* messages per unit sender weight per cycle,
	                              >= 0 */
	uint64_t seed, stream;
	int64_t max_work;          /* run stops with SIM_WORK once the work
	                              reaches it (may exceed it by one cycle's
	                              events); 0 = none */
	int64_t max_queued;        /* arrivals pause for the rest of a cycle once
	                              more messages than this are queued (bounds
	                              memory within one cycle); 0 = none */
	int watchdog;              /* deadlock: flits in the network and none
	                              moved for this many cycles; 0 = 100000 */
	sim_deliver_fn deliver;    /* measured messages; NULL = none */
	void *deliver_ctx;
};

struct sim_engine_ops {
	const char *name;          /* short, for messages: "core" */
	size_t msg_bytes;          /* bytes the engine may hold per live message
	                              (queued or in flight) at its peak, storage
	                              growth included, for memory bounds
	                              (measure.h: SIM_MSG_MEMORY) */
	int (*init)(void **state, const struct sim_engine_cfg *cfg);
	void (*measure)(void *state, int64_t count);
	enum sim_status (*run)(void *state, sim_stop_fn stop, void *ctx, int64_t max_cycle);
	void (*read)(const void *state, struct sim_counters *out);
	void (*free)(void *state);
};

/* The cycle core (core.h), the default engine. */
extern const struct sim_engine_ops sim_core_engine;

#endif
