/*
 * sim_lone.h: the latency of one message alone, through an engine's
 * interface (sim/engine.h; header-only, static, for tests/unit/test_sim*.c;
 * needs <cmocka.h> and "sim/engine.h" first).
 *
 * sim_lone(ops, net, src, dst, len): node src is made the only sender, at
 * 0.001 messages a cycle, every message to dst; the first message
 * generated is measured, and the run stops at its delivery (asserting
 * SIM_DONE within ten million cycles, no order error, and that it left its
 * source the cycle it was generated).  Returns its latency in cycles,
 * generation to the tail's arrival.  A later message queues behind it at
 * the source and cannot delay it.  net is copied, never changed.
 */
#ifndef ICNX_TESTS_SIM_LONE_H
#define ICNX_TESTS_SIM_LONE_H

#include <stdbool.h>
#include <stdint.h>

struct sim_lone_one {
	int64_t lat, wait;
	int n;
};

static void sim_lone_done(void *ctx, const struct sim_delivery *d)
{
	struct sim_lone_one *o = ctx;

	o->lat = d->arrive - d->gen;
	o->wait = d->depart - d->gen;
	o->n++;
}

static bool sim_lone_stop(void *ctx, const struct sim_counters *k)
{
	(void)k;
	return ((struct sim_lone_one *)ctx)->n > 0;
}

static int sim_lone_dest(const void *ctx, int src, struct sim_rng *rng)
{
	(void)src;
	(void)rng;
	return *(const int *)ctx;
}

static int64_t sim_lone(const struct sim_engine_ops *e, const struct sim_net *net, int src,
			int dst, int len)
{
	struct sim_net n = *net;
	int senders[1] = { src };
	struct sim_mix mix = { 1, { len }, { 1 } };
	struct sim_lone_one o = { 0, 0, 0 };
	struct sim_engine_cfg cfg = {
		.net = &n, .mix = &mix, .lambda = 0.001, .seed = 7, .stream = 1,
		.deliver = sim_lone_done, .deliver_ctx = &o,
	};
	struct sim_counters k;
	void *st;

	n.senders = senders;
	n.nsenders = 1;
	n.weight = NULL;
	n.source = NULL;
	n.init = NULL;
	n.dest = sim_lone_dest;
	n.dest_ctx = &dst;
	assert_int_equal(e->init(&st, &cfg), 0);
	e->measure(st, 1);
	assert_int_equal(e->run(st, sim_lone_stop, &o, 10000000), SIM_DONE);
	e->read(st, &k);
	assert_int_equal(k.order_errors, 0);
	assert_int_equal(o.n, 1);
	assert_int_equal(o.wait, 0);
	e->free(st);
	return o.lat;
}

#endif
