/*
 * sim_single.h: the simulator tests' one fixture — the latency of one
 * message alone in an empty network (header-only, static, for
 * tests/unit/test_sim*.c; needs <cmocka.h> and "sim/core.h" first).
 *
 * sim_single(net, src, dst, len, at): inject a len-flit message from node
 * src to dst at cycle `at`, run until it is delivered (asserting SIM_DONE
 * within a million cycles and in-order delivery) and return its latency in
 * cycles, generation to last flit.  sim_single_state(..., st, aux) sets
 * the message's initial route state first.
 */
#ifndef ICNX_TESTS_SIM_SINGLE_H
#define ICNX_TESTS_SIM_SINGLE_H

#include <stdbool.h>
#include <stdint.h>

struct sim_single_one {
	int64_t lat;
	int n;
};

static void sim_single_done(void *ctx, const struct sim_done *d)
{
	struct sim_single_one *o = ctx;
	o->lat = d->arrive - d->m->gen;
	o->n++;
}

static bool sim_single_stop(void *ctx, const struct sim_core *c)
{
	(void)c;
	return ((struct sim_single_one *)ctx)->n > 0;
}

/* The same with the message's initial route state st, aux set (families
 * whose route state is drawn at generation: multi-cluster ecn1_exit). */
static int64_t sim_single_state(const struct sim_net *net, int src, int dst, int len,
				int64_t at, int st, int aux)
{
	struct sim_core c;
	struct sim_mix mix = { 1, { len }, { 1 } };
	struct sim_single_one o = { -1, 0 };

	assert_int_equal(sim_core_init(&c, net, &mix, 0, 1, 0), 0);
	c.tag_limit = 1;
	c.done = sim_single_done;
	c.done_ctx = &o;
	c.now = at;
	int id = sim_core_inject(&c, src, dst, len);
	assert_true(id >= 0);
	c.msgs.m[id].st = st;
	c.msgs.m[id].aux = aux;
	assert_int_equal(sim_core_run(&c, sim_single_stop, &o, at + 1000000), SIM_DONE);
	assert_int_equal(c.order_errors, 0);
	sim_core_free(&c);
	return o.lat;
}

static int64_t sim_single(const struct sim_net *net, int src, int dst, int len, int64_t at)
{
	return sim_single_state(net, src, dst, len, at, 0, 0);
}

#endif
