/*
 * test_sim_iqrouter.c: the input-queued router engine (sim/iqrouter.h)
 * against numbers BookSim2 itself printed on the same system: one router,
 * two nodes, one virtual channel, the configuration of
 * docs/validation/booksim.md (anynet "router 0 node 0 node 1",
 * routing_function = min, vc_buf_size = B; packet latency of a lone packet
 * at injection_rate = 0.01, and the accepted flit rate with every node
 * generating a packet every cycle, injection_rate = L, 20000 cycles):
 *
 *   lone 64-flit packet, B = 2, 3, 4, 5, 8:  162, 111, 84, 69, 69 cycles
 *     (T0 = (L-1) + 2 + 4R = 69; a buffer shallower than the 5-cycle credit
 *     loop of the ejection channel throttles: 4 flits per 5 cycles at B = 4)
 *   saturated, flits per node per cycle: L = 8, B = 8: 0.88865 (8/9);
 *     L = 32, B = 8: 0.96945 (32/33); L = 8, B = 4: 0.7998 (4/5);
 *     L = 8, B = 2: 0.3999 (2/5); L = 16, B = 3: 0.59245 (16/27)
 *   -- the handover rule: the next header allocates the output virtual
 *     channel the cycle after the previous tail left through it, so a
 *     channel idles one cycle per packet, L/(L+1).
 * Plus T0 on a three-router line, the refusal of a channel of period 2,
 * of several source queues per node and of the next-cycle release rule
 * (no BookSim equivalent), and a Bernoulli probability above 1 giving a
 * message every cycle (BookSim's RandomFloat() < rate).  Uniform traffic over the other
 * nodes; sim_lone.h for the lone packets.  And msg_bytes, the memory
 * bound's bytes per message, covering sim_msgs_new's doubling (3 records).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "sim/iqrouter.h"
#include "sim_lone.h"

/* Routers 0..S-1 in a line, node q's terminal router S + q, node q on
 * router at[q].  Channels: injection q (S+q -> at[q]), ejection N + q
 * (at[q] -> node q), then the line's links both ways. */
#define MAXN 4
struct line {
	int S, N, V, at[MAXN];
	struct sim_chan chan[2 * MAXN + 8];
	int inj[MAXN];
	int nchan;
	struct sim_net net;
};

static int line_route(const void *ctx, const struct sim_msg *m, int router, int in_chan,
		      struct sim_cand *out)
{
	const struct line *l = ctx;
	int c;

	(void)in_chan;
	if (router >= l->S)                     /* a terminal: its injection */
		c = router - l->S;
	else if (router == l->at[m->dst])
		c = l->N + m->dst;
	else                                    /* towards at[dst] */
		c = 2 * l->N + 2 * (router < l->at[m->dst] ? router : router - 1) +
		    (router < l->at[m->dst] ? 0 : 1);
	for (int v = 0; v < l->V; v++)
		out[v] = (struct sim_cand){ c * l->V + v, 0, 0, 0 };
	return l->V;
}

static void line_build(struct line *l, int S, int N, const int *at, int V, int B)
{
	memset(l, 0, sizeof *l);
	l->S = S;
	l->N = N;
	l->V = V;
	for (int q = 0; q < N; q++) {
		l->at[q] = at[q];
		l->inj[q] = S + q;
		l->chan[q] = (struct sim_chan){ S + q, at[q], -1, 1 };
		l->chan[N + q] = (struct sim_chan){ at[q], -1, q, 1 };
	}
	l->nchan = 2 * N;
	for (int r = 0; r + 1 < S; r++) {
		l->chan[l->nchan++] = (struct sim_chan){ r, r + 1, -1, 1 };
		l->chan[l->nchan++] = (struct sim_chan){ r + 1, r, -1, 1 };
	}
	l->net = (struct sim_net){
		.routers = S + N, .nodes = N, .nchan = l->nchan, .V = V, .B = B,
		.chan = l->chan, .inj_router = l->inj, .route = line_route, .route_ctx = l,
	};
}

/* The latency of the first message node src sends to dst, alone. */
static int64_t lone(struct line *l, int src, int dst, int len)
{
	return sim_lone(&sim_iqrouter_engine, &l->net, src, dst, len);
}

static void test_lone_packet(void **state)
{
	static const int B[] = { 2, 3, 4, 5, 8 };
	static const int64_t want[] = { 162, 111, 84, 69, 69 };
	int at[2] = { 0, 0 };
	struct line l;

	(void)state;
	for (int i = 0; i < 5; i++) {
		line_build(&l, 1, 2, at, 1, B[i]);
		assert_int_equal(lone(&l, 0, 1, 64), want[i]);
		assert_int_equal(lone(&l, 1, 0, 64), want[i]);
	}
	line_build(&l, 1, 2, at, 2, 8);                 /* V = 2: the same */
	assert_int_equal(lone(&l, 0, 1, 1), 6);
	assert_int_equal(lone(&l, 0, 1, 32), 37);
}

static void test_zero_load_line(void **state)
{
	int at[2] = { 0, 2 };
	struct line l;

	(void)state;
	line_build(&l, 3, 2, at, 1, 8);             /* R = 3 routers */
	assert_int_equal(lone(&l, 0, 1, 1), 0 + 2 + 4 * 3);
	assert_int_equal(lone(&l, 1, 0, 32), 31 + 2 + 4 * 3);
}

/* Accepted flits per node per cycle with both nodes generating a message
 * every cycle (saturated), over cycles 2000 .. 2000 + W. */
static double saturated(int len, int B)
{
	const struct sim_engine_ops *e = &sim_iqrouter_engine;
	int at[2] = { 0, 0 };
	struct line l;
	struct sim_mix mix = { 1, { len }, { 1 } };
	struct sim_engine_cfg cfg = { .mix = &mix, .lambda = 1.0, .seed = 3, .stream = 0 };
	struct sim_counters k0, k1;
	const int64_t W = 27 * 33 * 10;
	void *st;

	line_build(&l, 1, 2, at, 1, B);
	cfg.net = &l.net;
	assert_int_equal(e->init(&st, &cfg), 0);
	assert_int_equal(e->run(st, NULL, NULL, 2000), SIM_BUDGET);
	e->read(st, &k0);
	assert_int_equal(e->run(st, NULL, NULL, 2000 + W), SIM_BUDGET);
	e->read(st, &k1);
	assert_int_equal(k1.order_errors, 0);
	e->free(st);
	return (double)(k1.delivered - k0.delivered) * len / (double)W / 2;
}

static void test_handover(void **state)
{
	(void)state;
	/* within one packet per node over the window of 8910 cycles */
	assert_true(fabs(saturated(8, 8) - 8.0 / 9) <= 8.0 / 8910);
	assert_true(fabs(saturated(32, 8) - 32.0 / 33) <= 32.0 / 8910);
	assert_true(fabs(saturated(64, 8) - 64.0 / 65) <= 64.0 / 8910);
}

static void test_credit_loop(void **state)
{
	(void)state;
	assert_true(fabs(saturated(8, 4) - 4.0 / 5) <= 8.0 / 8910);
	assert_true(fabs(saturated(64, 4) - 4.0 / 5) <= 64.0 / 8910);
	assert_true(fabs(saturated(8, 2) - 2.0 / 5) <= 8.0 / 8910);
	assert_true(fabs(saturated(16, 3) - 16.0 / 27) <= 16.0 / 8910);
}

static void test_refusals(void **state)
{
	int at[2] = { 0, 0 };
	struct line l;
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_engine_cfg cfg = { .mix = &mix, .lambda = 0.01 };
	struct sim_counters k;
	void *st = (void *)1;

	(void)state;
	line_build(&l, 1, 2, at, 1, 8);
	cfg.net = &l.net;
	l.chan[l.N].period = 2;                 /* a slower ejection link */
	assert_int_equal(sim_iqrouter_engine.init(&st, &cfg), -1);
	assert_null(st);
	l.chan[l.N].period = 1;
	l.net.queues = 2;                       /* the core's variants */
	assert_int_equal(sim_iqrouter_engine.init(&st, &cfg), -1);
	l.net.queues = 1;
	l.net.release = SIM_RELEASE_NEXT_CYCLE;
	assert_int_equal(sim_iqrouter_engine.init(&st, &cfg), -1);
	l.net.release = SIM_RELEASE_SAME_CYCLE;
	cfg.lambda = 1.5;                       /* as BookSim: one a cycle */
	assert_int_equal(sim_iqrouter_engine.init(&st, &cfg), 0);
	assert_int_equal(sim_iqrouter_engine.run(st, NULL, NULL, 100), SIM_BUDGET);
	sim_iqrouter_engine.read(st, &k);
	assert_int_equal(k.generated, 2 * 100);
	assert_true(k.rate == 3.0);
	sim_iqrouter_engine.free(st);
	sim_iqrouter_engine.free(NULL);
}

/* The memory bound (measure.h: SIM_MSG_MEMORY) counts msg_bytes per live
 * message at the engine's peak: the engine keeps its messages in one array
 * of struct sim_msg that doubles (sim_msgs_new), so while it grows the old and
 * the new array are both held: 3 records per live message, as the core. */
static void test_msg_bytes(void **state)
{
	(void)state;
	assert_int_equal(sim_iqrouter_engine.msg_bytes, 3 * sizeof(struct sim_msg));
	assert_int_equal(sim_iqrouter_engine.msg_bytes, sim_core_engine.msg_bytes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lone_packet),
		cmocka_unit_test(test_zero_load_line),
		cmocka_unit_test(test_handover),
		cmocka_unit_test(test_credit_loop),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_msg_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
