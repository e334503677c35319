/*
 * test_sim_express.c: the cycle core's express worms (sim/core_express.h)
 * change nothing.  Each case runs two cores on the same network, load,
 * mix and seed, one with no_express, in lockstep one cycle at a time:
 * after every cycle their counters must be equal, and the measured
 * messages they hand to the observer (index, arrival cycle, hops, queue
 * wait) the same, in the same order; after a drain every buffer is empty
 * in both.  Every case also checks that the express worms did carry a
 * share of the flit-hops (the comparison is not vacuous): the star graph
 * (one and V source queues, the two release rules, a message mix, two-flit
 * buffers), the multi-cluster system with relays (javadi's stores) and
 * without, the irregular network.  A core with a channel of period 2 never
 * goes express.  The review (sim_x_review) is kept out of those runs, and
 * tried on its own: a core that turns its express worms off mid-run
 * (worms express at the time) still runs in lockstep, and one whose
 * share is above the threshold keeps them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core.h"
#include "sim/irr_net.h"
#include "sim/mc_net.h"
#include "sim/star_net.h"
#include "topo/irregular.h"
#include "topo/updown.h"

#define MAX_DONE 400000

/* What the observer was handed, in order. */
struct log {
	int64_t n;
	int64_t *rec;              /* 4 per message */
};

static void on_done(void *ctx, const struct sim_done *d)
{
	struct log *l = ctx;

	if (l->n < MAX_DONE) {
		int64_t *r = l->rec + 4 * l->n;

		r[0] = d->m->tag;
		r[1] = d->arrive;
		r[2] = d->m->hops;
		r[3] = d->m->qwait;
	}
	l->n++;
}

static bool drained(void *ctx, const struct sim_core *c)
{
	(void)ctx;
	return sim_core_alive(c) == 0;
}

static void same_counters(const struct sim_core *a, const struct sim_core *b)
{
	assert_int_equal(a->now, b->now);
	assert_int_equal(a->flit_hops, b->flit_hops);
	assert_int_equal(a->work, b->work);
	assert_int_equal(a->generated, b->generated);
	assert_int_equal(a->delivered_msgs, b->delivered_msgs);
	assert_int_equal(a->flits_in_net, b->flits_in_net);
	assert_int_equal(a->nact, b->nact);
	assert_int_equal(a->releases, b->releases);
	assert_int_equal(a->queued, b->queued);
	assert_int_equal(a->last_move, b->last_move);
	assert_int_equal(a->order_errors, 0);
	assert_int_equal(b->order_errors, 0);
}

/* How the express core (a) reviews its share (sim_x_review). */
enum review {
	NO_REVIEW,                 /* never: express all along */
	REVIEW_OFF,                /* early, and the share never enough */
	REVIEW_KEEP                /* early, and any share enough */
};

/* Reviews that turned the worms off while some were express (their
 * buffers brought up to date there and then: sim_core.x_reviewed), over
 * the whole test. */
static int busy_switches;

/*
 * Run net at lambda for `cycles` in lockstep, express (a) against not
 * (b), then drain both.  Returns the share of a's flit-hops made express.
 */
static double lockstep_r(const struct sim_net *net, const struct sim_mix *mix, double lambda,
			 uint64_t seed, int64_t cycles, enum review rv)
{
	struct sim_core a, b;
	struct log la = { 0, calloc(4 * MAX_DONE, sizeof(int64_t)) };
	struct log lb = { 0, calloc(4 * MAX_DONE, sizeof(int64_t)) };
	double share;

	assert_non_null(la.rec);
	assert_non_null(lb.rec);
	assert_int_equal(sim_core_init(&a, net, mix, lambda, seed, 0), 0);
	assert_int_equal(sim_core_init(&b, net, mix, lambda, seed, 0), 0);
	b.no_express = true;
	a.x_probe = rv == NO_REVIEW ? INT64_MAX : 2000;
	a.x_span = 20000;
	a.x_keep_pct = rv == REVIEW_OFF ? 101 : 0;
	a.done = on_done;
	a.done_ctx = &la;
	b.done = on_done;
	b.done_ctx = &lb;
	a.tag_limit = b.tag_limit = INT64_MAX;
	for (int64_t t = 1; t <= cycles; t++) {
		bool was_on = !a.no_express;

		assert_int_equal(sim_core_run(&a, NULL, NULL, t), SIM_BUDGET);
		if (was_on && a.no_express) {
			assert_int_equal(a.nxact, 0);
			busy_switches += a.x_reviewed > 0;
		}
		assert_int_equal(sim_core_run(&b, NULL, NULL, t), SIM_BUDGET);
		same_counters(&a, &b);
	}
	a.rate = b.rate = 0;
	assert_int_equal(sim_core_run(&a, drained, NULL, cycles + 1000000), SIM_DONE);
	assert_int_equal(sim_core_run(&b, drained, NULL, cycles + 1000000), SIM_DONE);
	same_counters(&a, &b);
	assert_int_equal(la.n, lb.n);
	assert_true(la.n > 0 && la.n <= MAX_DONE);
	assert_memory_equal(la.rec, lb.rec, (size_t)la.n * 4 * sizeof(int64_t));
	for (int k = 0; k < a.nbuf; k++) {
		assert_int_equal(a.buf[k].occ, 0);
		assert_int_equal(a.buf[k].owner, -1);
		assert_int_equal(b.buf[k].occ, 0);
	}
	assert_int_equal(b.x_flit_hops, 0);
	assert_int_equal(a.no_express, rv == REVIEW_OFF || !a.unit_period);
	assert_int_equal(a.nxact, 0);
	share = (double)a.x_flit_hops / (double)a.flit_hops;
	sim_core_free(&a);
	sim_core_free(&b);
	free(la.rec);
	free(lb.rec);
	return share;
}

static double lockstep(const struct sim_net *net, const struct sim_mix *mix, double lambda,
		       uint64_t seed, int64_t cycles)
{
	return lockstep_r(net, mix, lambda, seed, cycles, NO_REVIEW);
}

/* S5, V = 6 (3 + 3): one source queue and V of them; next-cycle release;
 * a mix of 4 and 32 flits; two-flit buffers. */
static void test_star(void **state)
{
	struct sim_mix m32 = { 1, { 32 }, { 1 } }, mix = { 2, { 4, 32 }, { 0.5, 0.5 } };
	struct sim_star s;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 1, SIM_NBC_PAPER, 0), 0);
	assert_true(lockstep(&s.net, &m32, 0.004, 1, 20000) > 0.1);
	s.net.queues = 6;
	assert_true(lockstep(&s.net, &m32, 0.008, 2, 20000) > 0.05);
	s.net.release = SIM_RELEASE_NEXT_CYCLE;
	assert_true(lockstep(&s.net, &mix, 0.008, 3, 20000) > 0.02);
	sim_star_free(&s);
	assert_int_equal(sim_star_build(&s, 4, 2, 2, 2, SIM_NBC_PAPER, 0), 0);
	assert_true(lockstep(&s.net, &mix, 0.02, 4, 20000) > 0.02);
	sim_star_free(&s);
}

/* Four clusters (1 to 3 levels), unit flit times, with the concentrators
 * and dispatchers storing messages (relays) and cut-through; a channel of
 * period 2 keeps every worm out of the express state (such a core starts
 * with no_express: the two run the same code, and no worm goes express). */
static void test_multicluster(void **state)
{
	static const int n[] = { 1, 2, 3, 2 };
	struct sim_mc_spec sp = { .m = 4, .C = 4, .n = n, .icn1_cn = 1, .icn1_cs = 1,
				  .ecn1_cn = 1, .ecn1_cs = 1, .icn2_cs = 1, .theta = NAN,
				  .pattern = FT_UNIFORM, .V = 1, .B = 1 };
	struct sim_mix m32 = { 1, { 32 }, { 1 } }, mix = { 2, { 8, 64 }, { 0.5, 0.5 } };
	struct sim_mc s;

	(void)state;
	for (sp.buffered = 0; sp.buffered <= 1; sp.buffered++) {
		assert_int_equal(sim_mc_build(&s, &sp), 0);
		assert_true(lockstep(&s.net, &m32, 0.003, 5 + sp.buffered, 30000) > 0.2);
		assert_true(lockstep(&s.net, &mix, 0.004, 7 + sp.buffered, 30000) > 0.1);
		sim_mc_free(&s);
	}
	sp.icn2_cs = 2;
	sp.buffered = 1;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	assert_true(lockstep(&s.net, &m32, 0.002, 9, 10000) == 0);
	sim_mc_free(&s);
}

/* The Autonet-like network of test_sim_irr.c, four nodes a switch. */
static void test_irregular(void **state)
{
	static const struct irr_link autonet[] = {
		{ 0, 2 }, { 0, 4 }, { 0, 9 }, { 1, 2 }, { 1, 4 }, { 1, 9 }, { 2, 6 }, { 3, 6 },
		{ 3, 7 }, { 3, 8 }, { 4, 6 }, { 5, 7 }, { 5, 8 }, { 5, 9 }, { 7, 8 },
	};
	struct irr_spec sp = { .switches = 10, .nodes_each = 4, .ports_each = 8,
			       .links = autonet, .nlinks = 15 };
	struct sim_mix m32 = { 1, { 32 }, { 1 } };
	struct irr_net net;
	struct ud_routing ud;
	struct sim_irr s;

	(void)state;
	assert_int_equal(irr_net_build(&net, &sp, NULL, NULL, 0), 0);
	assert_int_equal(ud_build(&ud, &net, 6), 0);
	assert_int_equal(sim_irr_build(&s, &net, &ud, 2, 1, SIM_IRR_ADAPTIVE, FT_UNIFORM, 1, 1), 0);
	assert_true(lockstep(&s.net, &m32, 0.002, 11, 30000) > 0.2);
	assert_true(lockstep(&s.net, &m32, 0.004, 12, 30000) > 0.1);
	sim_irr_free(&s);
	ud_free(&ud);
	irr_net_free(&net);
}

/* The review on its own: worms turned off mid-run (S5 with one and with
 * V source queues, the multi-cluster system with relays), and kept. */
static void test_review(void **state)
{
	static const int n[] = { 1, 2, 3, 2 };
	struct sim_mc_spec sp = { .m = 4, .C = 4, .n = n, .icn1_cn = 1, .icn1_cs = 1,
				  .ecn1_cn = 1, .ecn1_cs = 1, .icn2_cs = 1, .theta = NAN,
				  .pattern = FT_UNIFORM, .V = 1, .B = 1, .buffered = 1 };
	struct sim_mix m32 = { 1, { 32 }, { 1 } };
	struct sim_star s;
	struct sim_mc mc;
	int before;

	(void)state;
	assert_int_equal(sim_star_build(&s, 5, 3, 3, 1, SIM_NBC_PAPER, 0), 0);
	before = busy_switches;
	assert_true(lockstep_r(&s.net, &m32, 0.004, 21, 20000, REVIEW_OFF) > 0);
	s.net.queues = 6;
	assert_true(lockstep_r(&s.net, &m32, 0.008, 22, 20000, REVIEW_OFF) > 0);
	assert_true(busy_switches > before);
	assert_true(lockstep_r(&s.net, &m32, 0.004, 23, 20000, REVIEW_KEEP) > 0.05);
	sim_star_free(&s);
	assert_int_equal(sim_mc_build(&mc, &sp), 0);
	before = busy_switches;
	assert_true(lockstep_r(&mc.net, &m32, 0.003, 24, 30000, REVIEW_OFF) > 0);
	assert_true(busy_switches > before);
	sim_mc_free(&mc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_star),
		cmocka_unit_test(test_multicluster),
		cmocka_unit_test(test_irregular),
		cmocka_unit_test(test_review),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
