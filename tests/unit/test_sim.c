/*
 * test_sim.c: the simulator core (src/sim) on the star graph and on a
 * one-channel network: random variates, zero-load latencies written out by
 * hand (M + h on S_n, BookSim's (M-1) + 2 + 4R), conservation and order of
 * flits, the deadlock watchdog with its negative control, the
 * Pollaczek-Khinchine wait of an M/D/1 source queue, and the work limit.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core.h"
#include "sim/engine.h"
#include "sim/iqrouter.h"
#include "sim/measure.h"
#include "sim/rng.h"
#include "sim/routelen.h"
#include "sim/star_net.h"
#include "sim_lone.h"
#include "sim_single.h"

static void test_log(void **state)
{
	(void)state;
	for (double x = 1e-300; x < 1e300; x *= 1.7) {
		double want = log(x), got = sim_log(x);
		assert_true(fabs(got - want) <= 4e-16 * fabs(want) + 1e-300);
	}
	for (double x = 0.5; x < 2.0; x += 0.0009765625) {
		double want = log(x), got = sim_log(x);
		assert_true(fabs(got - want) <= 1e-16 + 4e-16 * fabs(want));
	}
	assert_true(sim_log(1.0) == 0.0);
}

static void test_rng(void **state)
{
	struct sim_rng a, b;
	double sum = 0;
	int hist[7] = { 0 };

	(void)state;
	sim_rng_seed(&a, 42, 3);
	sim_rng_seed(&b, 42, 4);
	assert_true(sim_rng_next(&a) != sim_rng_next(&b));
	for (int i = 0; i < 100000; i++) {
		sum += sim_rng_exp(&a, 2.0);
		hist[sim_rng_below(&a, 7)]++;
	}
	assert_true(fabs(sum / 100000 - 0.5) < 0.01);
	for (int i = 0; i < 7; i++)
		assert_true(abs(hist[i] - 100000 / 7) < 600);
}


/* S5: every destination from node 0 and from node 77, M + h cycles. */
static void test_star_zero_load(void **state)
{
	struct sim_star s;
	int seen[8] = { 0 };

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 1, SIM_NBC_PAPER, 0), 0);
	for (int src = 0; src < 120; src += 77)
		for (int dst = 0; dst < 120; dst++) {
			int h = sim_star_distance(&s, src, dst);
			if (dst == src)
				continue;
			seen[h]++;
			assert_int_equal(sim_single(&s.net, src, dst, 32, 5), 32 + h);
			assert_int_equal(sim_single(&s.net, src, dst, 1, 0), 1 + h);
		}
	for (int h = 1; h <= 6; h++)      /* S5 has distances 1..6 */
		assert_true(seen[h] > 0);
	sim_star_free(&s);
	/* deterministic routing, 2-flit buffers: the same */
	assert_int_equal(sim_star_build(&s, 4, 1, 2, 2, SIM_NBC_PAPER, 1), 0);
	for (int dst = 1; dst < 24; dst++)
		assert_int_equal(sim_single(&s.net, 3, dst, 7, 0), 7 + sim_star_distance(&s, 3, dst));
	sim_star_free(&s);
}

/* BookSim timing (the input-queued router engine, 8-flit buffers: the
 * 5-cycle credit loop covered): T0 = (L - 1) + 2 + 4R with R = h + 1
 * routers, the source queue at router 0 given an injection channel. */
static void test_star_booksim(void **state)
{
	struct sim_star s;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 8, SIM_NBC_PAPER, 0), 0);
	for (int dst = 1; dst < 120; dst += 7) {
		int R = sim_star_distance(&s, 0, dst) + 1;
		assert_int_equal(sim_lone(&sim_iqrouter_engine, &s.net, 0, dst, 1), 0 + 2 + 4 * R);
		assert_int_equal(sim_lone(&sim_iqrouter_engine, &s.net, 0, dst, 32), 31 + 2 + 4 * R);
	}
	sim_star_free(&s);
}

static bool drained(void *ctx, const struct sim_core *c)
{
	(void)ctx;
	return sim_core_alive(c) == 0;
}

/* Every flit delivered exactly once and in order, after a long loaded run
 * and a drain. */
static void test_star_conservation(void **state)
{
	struct sim_star s;
	struct sim_core c;
	struct sim_mix mix = { 2, { 4, 32 }, { 0.5, 0.5 } };

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 2, 3, 1, SIM_NBC_PAPER, 0), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.02, 7, 0), 0);
	c.watchdog = 5000;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 40000), SIM_BUDGET);
	assert_true(c.generated > 50000);
	c.rate = 0;
	assert_int_equal(sim_core_run(&c, drained, NULL, 200000), SIM_DONE);
	assert_int_equal(c.order_errors, 0);
	assert_int_equal(c.flits_in_net, 0);
	assert_int_equal(c.generated, c.delivered_msgs);
	assert_int_equal(c.queued, 0);
	for (int b = 0; b < c.nbuf; b++) {
		assert_int_equal(c.buf[b].occ, 0);
		assert_int_equal(c.buf[b].owner, -1);
	}
	sim_core_free(&c);
	sim_star_free(&s);
}

/* Heavy overload on S4 (H = 4) at the minimum V = 3 keeps moving; with the
 * escape channels removed (V = 1, class a only) it locks up. */
static void test_star_watchdog(void **state)
{
	struct sim_star s;
	struct sim_core c;
	struct sim_mix mix = { 1, { 16 }, { 1 } };

	(void)state;
	for (int det = 0; det <= 1; det++) {
		assert_int_equal(sim_star_build(&s, 4, 1, 2, 1, SIM_NBC_PAPER, det), 0);
		assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.2, 11, 0), 0);
		c.watchdog = 2000;
		assert_int_equal(sim_core_run(&c, NULL, NULL, 100000), SIM_BUDGET);
		assert_true(c.delivered_msgs > 10000);
		sim_core_free(&c);
		sim_star_free(&s);
	}
	/* S5 (H = 6) at its minimum V = 4: V1 = 1, V2 = 3 */
	assert_int_equal(sim_star_build(&s, 5, 1, 3, 1, SIM_NBC_PAPER, 0), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.05, 13, 0), 0);
	c.watchdog = 2000;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 40000), SIM_BUDGET);
	assert_true(c.delivered_msgs > 10000);
	sim_core_free(&c);
	sim_star_free(&s);
	assert_int_equal(sim_star_build(&s, 4, 1, 0, 1, SIM_NBC_NONE, 0), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.2, 11, 0), 0);
	c.watchdog = 2000;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 100000), SIM_DEADLOCK);
	sim_core_free(&c);
	sim_star_free(&s);
}

/* One source feeding one channel: an M/D/1 queue with service M. */
static int one_route(const void *ctx, const struct sim_msg *m, int router, int in_chan,
		     struct sim_cand *out)
{
	(void)ctx; (void)m; (void)router; (void)in_chan;
	out[0] = (struct sim_cand){ 0, 0, 0, 0 };
	return 1;
}

/* Node 0 sends to node 1 over one channel. */
static struct sim_net one_channel(void)
{
	static const struct sim_chan ch[1] = { { -1, -1, 1 } };
	static const int inj[2] = { 0, 0 }, senders[1] = { 0 };

	return (struct sim_net){ .routers = 1, .nodes = 2, .nchan = 1, .V = 1, .B = 1,
				 .chan = ch, .inj_router = inj, .route = one_route,
				 .senders = senders, .nsenders = 1 };
}

static void test_md1(void **state)
{
	struct sim_net net = one_channel();
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;

	(void)state;
	sim_method_default(&mm);
	mm.measured = 200000;
	mm.warmup = 5000;
	for (double rho = 0.3; rho < 0.8; rho += 0.4) {
		double W = rho * 8 / (2 * (1 - rho));
		assert_int_equal(sim_measure(&net, &mix, rho / 8, &mm, &r, NULL), 0);
		assert_false(r.saturated);
		if (!(fabs(r.wait.mean - W) <= 3 * r.wait.half + 0.01 * W))
			fail_msg("rho %g: wait %g +- %g, P-K %g", rho, r.wait.mean, r.wait.half, W);
		assert_true(fabs(r.network.mean - 8) < 1e-9);   /* M: the one channel */
		assert_true(fabs(r.accepted - rho / 8) < 0.03 * rho / 8);
	}
}

/* kiasari-s5-v6 at 1% of the model's saturation load (0.0158): the mean
 * is the zero-load latency M + d-bar = 32 + 26/7 within 2.5%.  (Not 1%:
 * with flit-by-flit round robin two worms that share a channel each move
 * at half speed while they overlap, which costs about 1.7% here: a
 * physical effect the model's V-bar also counts.) */
static void test_star_light_load(void **state)
{
	struct sim_star s;
	struct sim_mix mix = { 1, { 32 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;
	double zl = 32 + 26.0 / 7;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 1, SIM_NBC_PAPER, 0), 0);
	sim_method_default(&mm);
	mm.measured = 6000;
	mm.warmup = 500;
	assert_int_equal(sim_measure(&s.net, &mix, 0.000158, &mm, &r, NULL), 0);
	assert_false(r.saturated);
	if (!(fabs(r.latency.mean - zl) <= 0.025 * zl))
		fail_msg("light load: %g, zero-load %g", r.latency.mean, zl);
	assert_true(r.latency.mean >= zl - 1e-9);
	sim_star_free(&s);
}

/* stop_saturated: past saturation the run stops when its measured window
 * closes; the verdict and the accepted load are those of the full run (the
 * same window), in fewer cycles.  One channel of 8-flit messages at
 * rho = 1.2: the queue grows, the window delivers 1/1.2 of its arrivals. */
static void test_stop_saturated(void **state)
{
	struct sim_net net = one_channel();
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_method mm;
	struct sim_result full, fast;

	(void)state;
	sim_method_default(&mm);
	mm.measured = 4000;
	mm.warmup = 200;
	mm.replications = 1;     /* the mechanics of one run */
	assert_int_equal(sim_measure(&net, &mix, 1.2 / 8, &mm, &full, NULL), 0);
	mm.stop_saturated = true;
	assert_int_equal(sim_measure(&net, &mix, 1.2 / 8, &mm, &fast, NULL), 0);
	assert_true(full.saturated);
	assert_true(fast.saturated);
	assert_true(full.accepted == fast.accepted);
	assert_true(fabs(fast.accepted - 1.0 / 8) < 0.02 / 8);   /* the channel's capacity */
	assert_true(fast.cycles < full.cycles);
	assert_true(fast.messages < full.messages);
	/* below saturation the flag changes nothing */
	mm.stop_saturated = false;
	assert_int_equal(sim_measure(&net, &mix, 0.5 / 8, &mm, &full, NULL), 0);
	mm.stop_saturated = true;
	assert_int_equal(sim_measure(&net, &mix, 0.5 / 8, &mm, &fast, NULL), 0);
	assert_false(fast.saturated);
	assert_true(full.latency.mean == fast.latency.mean && full.cycles == fast.cycles);
}

/* Two sources into node 2, each over its own channel: node 0's at one
 * cycle a flit, node 1's at 1000.  Node 1 sends 2% of the messages, so its
 * queue never clears while 98% of the traffic is delivered at once. */
static int own_route(const void *ctx, const struct sim_msg *m, int router, int in_chan,
		     struct sim_cand *out)
{
	(void)ctx; (void)router; (void)in_chan;
	out[0] = (struct sim_cand){ m->src, 0, 0, 0 };
	return 1;
}

static int to_node2(const void *ctx, int src, struct sim_rng *rng)
{
	(void)ctx; (void)src; (void)rng;
	return 2;
}

/* A congested region that does not clear (measure.h): the measured
 * window closes, 95% of the traffic keeps being delivered, and node 1's
 * measured messages wait behind its queue far longer than the window.  At
 * the work limit the point is saturated (not refused) once the drain has
 * run more than SIM_DRAIN_WINDOWS windows, and not before; a run whose
 * drain ends is judged by the 95% rule alone. */
static void test_drain_never_clears(void **state)
{
	static const struct sim_chan ch[2] = { { -1, -1, 2, 1 }, { -1, -1, 2, 1000 } };
	static const int inj[3] = { 0, 0, 0 }, senders[2] = { 0, 1 };
	static const double weight[2] = { 1, 0.02 };
	struct sim_net net = { .routers = 1, .nodes = 3, .nchan = 2, .V = 1, .B = 1,
			       .chan = ch, .inj_router = inj, .route = own_route,
			       .dest = to_node2, .senders = senders, .nsenders = 2,
			       .weight = weight };
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;

	(void)state;
	sim_method_default(&mm);
	mm.measured = 1000;
	mm.warmup = 100;
	mm.replications = 1;            /* the rules of one run */
	/* Measured: the window is about 19,600 cycles from cycle 2,000, the
	 * run does 2.5 events a cycle and drains at cycle 120,577 if let. */
	mm.max_work = 200000;           /* cycle 81,055: 3 windows of drain */
	assert_int_equal(sim_measure(&net, &mix, 0.05, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_WORK);
	assert_true(r.saturated);
	assert_true(r.messages < mm.measured);       /* node 1's are still queued */
	mm.max_work = 120000;           /* about 1.4 windows of drain */
	assert_int_equal(sim_measure(&net, &mix, 0.05, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_WORK);
	assert_true(r.messages < mm.measured);
	assert_false(r.saturated);      /* kept up, not long enough: refused */
	/* Let run, the drain ends and only the 95% rule judges (98% kept up). */
	mm.max_work = 0;
	assert_int_equal(sim_measure(&net, &mix, 0.05, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_DONE);
	assert_int_equal(r.messages, mm.measured);
	assert_false(r.saturated);
}

/* An absurd load: the core stops generating within a cycle once the source
 * queues pass max_queued, so memory stays bounded; the point is saturated
 * at once. */
static void test_absurd_load(void **state)
{
	struct sim_star s;
	struct sim_core c;
	struct sim_mix mix = { 1, { 32 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;

	(void)state;
	assert_int_equal(sim_star_build(&s, 4, 1, 2, 1, SIM_NBC_PAPER, 0), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 1e9, 3, 0), 0);
	c.max_queued = 1000;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 3), SIM_BUDGET);
	assert_true(c.queued <= 1001 + 3 * 24);   /* plus what left the queues */
	assert_true(c.generated <= 1001 + 3 * 24);
	sim_core_free(&c);
	sim_method_default(&mm);
	assert_int_equal(sim_measure(&s.net, &mix, 1e9, &mm, &r, NULL), 0);
	assert_true(r.saturated);
	assert_true(r.cycles < 10);
	sim_star_free(&s);
}

/* The work limit (core.h: events; measure.h: max_work): the same run does
 * the same work on every call; a run stops with SIM_WORK within one
 * cycle's events of the limit; a measured point past saturation that
 * reaches it is saturated, and one at a light load that reaches it (too
 * many messages) is not (the caller refuses it). */
static void test_work_limit(void **state)
{
	struct sim_star s;
	struct sim_core c;
	struct sim_mix mix = { 1, { 16 }, { 1 } };
	struct sim_method mm;
	struct sim_result r, again;
	int64_t w1, nb;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 2, 3, 1, SIM_NBC_PAPER, 0), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.01, 3, 0), 0);
	assert_int_equal(sim_core_run(&c, NULL, NULL, 20000), SIM_BUDGET);
	w1 = c.work;
	nb = c.nbuf;
	assert_true(w1 > 20000);                 /* at least one per stepped cycle */
	sim_core_free(&c);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.01, 3, 0), 0);
	assert_int_equal(sim_core_run(&c, NULL, NULL, 20000), SIM_BUDGET);
	assert_true(c.work == w1);               /* deterministic */
	sim_core_free(&c);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.01, 3, 0), 0);
	c.max_work = w1 / 2;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 20000), SIM_WORK);
	assert_true(c.work >= w1 / 2);
	/* one cycle: every buffer, its routing candidates, arrivals */
	assert_true(c.work < w1 / 2 + 1 + nb * (1 + SIM_MAX_CAND) + 1000);
	assert_true(c.now < 20000);
	sim_core_free(&c);

	sim_method_default(&mm);
	mm.measured = 4000;
	mm.warmup = 500;
	mm.replications = 1;             /* the rules of one run */
	mm.max_work = 1000000;
	/* far past saturation (the model's is 0.0158 msg/node/cycle at M = 32) */
	assert_int_equal(sim_measure(&s.net, &mix, 0.03, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_WORK);
	assert_true(r.saturated);
	assert_true(r.work >= 1000000);
	assert_int_equal(sim_measure(&s.net, &mix, 0.03, &mm, &again, NULL), 0);
	assert_true(again.work == r.work && again.messages == r.messages &&
		    again.accepted == r.accepted);
	/* the probe: past saturation the point stops at probe_work, long
	 * before max_work */
	mm.max_work = 50000000;
	mm.probe_work = 1000000;
	assert_int_equal(sim_measure(&s.net, &mix, 0.03, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_WORK);
	assert_true(r.saturated);
	assert_true(r.work >= 1000000 && r.work < 1000000 + nb * (1 + SIM_MAX_CAND) + 1000);
	/* a light load with more messages than the limit lets drain: the
	 * probe finds it keeping up, so it runs on to max_work */
	mm.max_work = 2000000;
	mm.probe_work = 400000;
	mm.measured = 1000000;
	assert_int_equal(sim_measure(&s.net, &mix, 0.001, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_WORK);
	assert_false(r.saturated);
	assert_true(r.work >= 2000000);
	/* without a limit the light run is unchanged by the counter */
	mm.measured = 4000;
	mm.max_work = 0;
	mm.probe_work = 0;
	assert_int_equal(sim_measure(&s.net, &mix, 0.001, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_DONE);
	assert_false(r.saturated);
	assert_true(r.work > 0);
	sim_star_free(&s);
}

/* The engine interface (engine.h): a toy engine, an ideal network in which
 * one message is generated every `every` cycles and arrives `lat` cycles
 * later, plugged into sim_measure: latency exactly lat with a zero-width
 * interval, accepted = offered; and the cycle core through sim_core_engine
 * gives what the core gives driven directly. */
struct toy { struct sim_engine_cfg cfg; struct sim_counters k; int64_t tag_lim; };

static int toy_init(void **state, const struct sim_engine_cfg *cfg)
{
	struct toy *t = calloc(1, sizeof *t);

	*state = t;
	if (!t)
		return -1;
	t->cfg = *cfg;
	t->k.rate = cfg->lambda * cfg->net->nodes;
	t->k.nsenders = cfg->net->nodes;
	return 0;
}

static void toy_measure(void *state, int64_t count)
{
	struct toy *t = state;

	t->tag_lim = t->k.tagged + count;
}

static enum sim_status toy_run(void *state, sim_stop_fn stop, void *ctx, int64_t max_cycle)
{
	struct toy *t = state;
	int64_t every = (int64_t)(1 / t->k.rate + 0.5), lat = 10;
	int64_t first = -1;          /* generation index of tag 0 */

	for (;;) {
		if (stop(ctx, &t->k))
			return SIM_DONE;
		if (t->k.now >= max_cycle)
			return SIM_BUDGET;
		if (t->k.now % every == 0) {
			t->k.generated++;
			if (t->k.tagged < t->tag_lim) {
				if (first < 0)
					first = t->k.generated - 1;
				t->k.tagged++;
			}
		}
		/* the message generated at now - lat arrives at the end of now */
		if (t->k.now >= lat && (t->k.now - lat) % every == 0) {
			int64_t i = (t->k.now - lat) / every;
			t->k.delivered++;
			if (first >= 0 && i >= first && i < first + t->tag_lim && t->cfg.deliver) {
				struct sim_delivery d = { 0, 1, 8, 1, i - first, t->k.now - lat,
							  t->k.now - lat, t->k.now, 0 };
				t->cfg.deliver(t->cfg.deliver_ctx, &d);
			}
		}
		t->k.alive = t->k.generated - t->k.delivered;
		t->k.work++;
		t->k.now++;
	}
}

static void toy_read(const void *state, struct sim_counters *out)
{
	*out = ((const struct toy *)state)->k;
}

static const struct sim_engine_ops toy_engine = {
	"toy", sizeof(int64_t), toy_init, toy_measure, toy_run, toy_read, free,
};

static void test_engine(void **state)
{
	struct sim_net net = one_channel();
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_method mm;
	struct sim_result r, direct;
	struct sim_star s;
	struct sim_core c;
	struct sim_counters k;
	void *e;
	struct sim_engine_cfg cfg = { .net = &net, .mix = &mix, .lambda = 0.02, .seed = 3 };

	(void)state;
	sim_method_default(&mm);
	mm.engine = &toy_engine;
	mm.warmup = 100;
	mm.measured = 1000;
	assert_int_equal(sim_measure(&net, &mix, 0.05, &mm, &r, NULL), 0);
	assert_int_equal(r.status, SIM_DONE);
	assert_false(r.saturated);
	assert_int_equal(r.messages, 1000);
	assert_true(r.latency.mean == 10 && r.latency.half == 0 && r.wait.mean == 0);
	assert_true(fabs(r.accepted - r.offered) < 1e-3 * r.offered);

	/* the core through the interface: the same run as the core alone */
	assert_int_equal(sim_star_build(&s, 5, 2, 3, 1, SIM_NBC_PAPER, 0), 0);
	cfg.net = &s.net;
	assert_int_equal(sim_core_engine.init(&e, &cfg), 0);
	assert_int_equal(sim_core_engine.run(e, NULL, NULL, 20000), SIM_BUDGET);
	sim_core_engine.read(e, &k);
	sim_core_engine.free(e);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.02, 3, 0), 0);
	assert_int_equal(sim_core_run(&c, NULL, NULL, 20000), SIM_BUDGET);
	assert_true(k.now == c.now && k.generated == c.generated && k.work == c.work &&
		    k.delivered == c.delivered_msgs && k.flit_hops == c.flit_hops &&
		    k.queued == c.queued && k.alive == sim_core_alive(&c) && k.rate == c.rate);
	sim_core_free(&c);
	sim_core_engine.free(NULL);
	mm.engine = NULL;
	mm.warmup = 200;
	mm.measured = 2000;
	assert_int_equal(sim_measure(&s.net, &mix, 0.005, &mm, &direct, NULL), 0);
	mm.engine = &sim_core_engine;
	assert_int_equal(sim_measure(&s.net, &mix, 0.005, &mm, &r, NULL), 0);
	assert_true(r.latency.mean == direct.latency.mean && r.work == direct.work &&
		    r.latency.half == direct.latency.half);
	sim_star_free(&s);
}

/* Issue 22 defects 2 and 3, the budget refusals and the memory bound.
 * A tiny load: the clock would overflow (the budget, 9.2e20 cycles at 1e-17, did not
 * fit the budget's int64 and read as saturated): refused with the cycles
 * it needs, not run; a small load that fits gives the zero-load latency.
 * A budget shorter than the messages' generation: refused, not
 * saturated.  A short window on a network that started empty (warm-up 0,
 * 100 measured) is not saturated at light loads and still is past
 * saturation.  The backlog is capped by SIM_MSG_MEMORY on a large
 * network, not on a small one. */
static void test_limits(void **state)
{
	struct sim_star s;
	struct sim_mix mix = { 1, { 32 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;
	double zl = 32 + 26.0 / 7;
	struct sim_net big = { .nodes = 65536, .nchan = 400000, .V = 1 };
	bool capped;
	int64_t b;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 1, SIM_NBC_PAPER, 0), 0);
	sim_method_default(&mm);
	mm.warmup = 100;
	mm.measured = 2000;
	assert_int_equal(sim_measure(&s.net, &mix, 1e-18, &mm, &r, NULL), 0);
	assert_int_equal(r.limit, SIM_LIMIT_CLOCK);
	assert_false(r.saturated);
	assert_true(r.need > SIM_CLOCK_MAX / 2 && r.cycles == 0);
	assert_int_equal(sim_measure(&s.net, &mix, 1e-300, &mm, &r, NULL), 0);
	assert_int_equal(r.limit, SIM_LIMIT_CLOCK);
	assert_int_equal(sim_measure(&s.net, &mix, 1e-14, &mm, &r, NULL), 0);
	assert_int_equal(r.limit, SIM_LIMIT_NONE);
	assert_false(r.saturated);
	assert_true(fabs(r.latency.mean - zl) < 0.02 * zl);

	mm.max_cycles = 1000;   /* 2100 messages at 0.001 x 120 take ~17500 cycles */
	assert_int_equal(sim_measure(&s.net, &mix, 0.001, &mm, &r, NULL), 0);
	assert_int_equal(r.limit, SIM_LIMIT_BUDGET);
	assert_false(r.saturated);
	mm.max_cycles = 0;

	mm.warmup = 0;
	mm.measured = 100;
	mm.stop_saturated = true;
	for (double l = 0.001; l < 0.0035; l += 0.001) {
		assert_int_equal(sim_measure(&s.net, &mix, l, &mm, &r, NULL), 0);
		if (r.saturated)
			fail_msg("load %g, warm-up 0, 100 measured: saturated", l);
		assert_true(fabs(r.accepted - l) < 0.1 * l);
	}
	assert_int_equal(sim_measure(&s.net, &mix, 0.03, &mm, &r, NULL), 0);
	assert_true(r.saturated);

	b = sim_backlog(&big, 50000, 192, &capped);
	assert_true(capped);
	assert_true((double)b * 2 * 192 + 400000.0 * 192 <= SIM_MSG_MEMORY);
	b = sim_backlog(&s.net, 50000, 192, &capped);
	assert_false(capped);
	if (b != 50 * 120 + 25000)
		fail_msg("backlog %lld, nodes %d", (long long)b, s.net.nodes);
	sim_star_free(&s);
}

/* The mean route of S5 with no traffic: d-bar = 26/7 channels between
 * routers plus the ejection channel (the source queue sits at its router). */
static void test_routelen(void **state)
{
	struct sim_star s;
	double c;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 1, SIM_NBC_PAPER, 0), 0);
	c = sim_mean_channels(&s.net, 1);
	if (!(fabs(c - (1 + 26.0 / 7)) < 0.15))
		fail_msg("mean channels %g, want %g", c, 1 + 26.0 / 7);
	sim_star_free(&s);
}

/* Intervals (measure.h, the method): one channel fed by Poisson sources is
 * M/D/1.  At rho = 0.3 the point settles, its interval over the
 * SIM_REPLICATIONS independent replications; at
 * rho = 1.03 the queue grows without bound, yet 1/1.03 = 97% of the
 * traffic is delivered: the latency grows from the earlier batches to the
 * later, or a replication's own window falls below the 95% rule while the
 * point's whole window keeps it (its messages measured on a filling
 * network): either way the point did not settle
 * (javadi-n1120 at 0.000331621 accepted 96.9% and got a confident
 * interval, issue 23 item 4). */
static void test_settle(void **state)
{
	struct sim_net net = one_channel();
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;

	(void)state;
	sim_method_default(&mm);
	mm.warmup = 2000;
	mm.measured = 40000;
	assert_int_equal(sim_measure(&net, &mix, 0.3 / 8, &mm, &r, NULL), 0);
	assert_false(r.saturated);
	assert_true(r.settled);
	assert_int_equal(r.batches, SIM_REPLICATIONS);
	mm.measured = 20000;
	assert_int_equal(sim_measure(&net, &mix, 1.03 / 8, &mm, &r, NULL), 0);
	if (r.settled || r.saturated)
		fail_msg("rho 1.03: saturated %d settled %d (%d batches of %d)",
			 r.saturated, r.settled, r.batches, r.merge);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log),
		cmocka_unit_test(test_rng),
		cmocka_unit_test(test_star_zero_load),
		cmocka_unit_test(test_star_booksim),
		cmocka_unit_test(test_star_conservation),
		cmocka_unit_test(test_star_watchdog),
		cmocka_unit_test(test_md1),
		cmocka_unit_test(test_star_light_load),
		cmocka_unit_test(test_stop_saturated),
		cmocka_unit_test(test_work_limit),
		cmocka_unit_test(test_drain_never_clears),
		cmocka_unit_test(test_absurd_load),
		cmocka_unit_test(test_engine),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_routelen),
		cmocka_unit_test(test_settle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
