/*
 * test_sim_irr.c: the simulated irregular network (src/sim/irr_net.c) on
 * arnau's 10-switch Autonet network (presets/arnau-autonet10.yaml, root 6).
 *
 * Hand values.  BFS levels from root 6: 6 | 2 3 4 | 0 1 7 8 | 5 9; the up end
 * of a link is the end nearer the root, the lower label on equal levels.
 * Shortest legal routes: switch 0 -> 1 over 0-2-1 or 0-4-1 (paper Table 1),
 * r = 2; 0 -> 9 adjacent, r = 1; 0 -> 5: 0-9-5 is illegal (0 -> 9 goes down,
 * 9 -> 5 up, since 5 < 9 on level 3), so up to 6 and down over 3 and 7 or 8:
 * 0-2-6-3-7-5 (or via 4, or 8), r = 5 although the switches are 2 hops
 * apart; 6 -> 3 adjacent, 6 -> 5 over 3 and 7 or 8, r = 3.  Nodes 4s..4s+3 sit on switch s.  One cycle per flit per link, node
 * links included: (M - 1) + 2 + r; with node links of 2 and switch links
 * of 3 cycles: (M - 1) 3 + 2*2 + 3 r (r >= 1), (M - 1) 2 + 4 on one switch.
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
#include "sim/iqrouter.h"
#include "sim/irr_net.h"
#include "sim/measure.h"
#include "topo/irregular.h"
#include "topo/updown.h"
#include "sim_lone.h"
#include "sim_single.h"

static const struct irr_link autonet[] = {
	{ 0, 2 }, { 0, 4 }, { 0, 9 }, { 1, 2 }, { 1, 4 }, { 1, 9 }, { 2, 6 }, { 3, 6 },
	{ 3, 7 }, { 3, 8 }, { 4, 6 }, { 5, 7 }, { 5, 8 }, { 5, 9 }, { 7, 8 },
};

struct fx {
	struct irr_net net;
	struct ud_routing ud;
};

static void build(struct fx *f)
{
	struct irr_spec sp = { .switches = 10, .nodes_each = 4, .ports_each = 8,
			       .links = autonet, .nlinks = 15 };
	assert_int_equal(irr_net_build(&f->net, &sp, NULL, NULL, 0), 0);
	assert_int_equal(ud_build(&f->ud, &f->net, 6), 0);
}

static void unbuild(struct fx *f)
{
	ud_free(&f->ud);
	irr_net_free(&f->net);
}


static void test_zero_load(void **state)
{
	struct fx f;
	struct sim_irr s;
	/* src node, dst node, r */
	static const int pairs[][3] = {
		{ 0, 4, 2 }, { 4, 0, 2 }, { 0, 36, 1 }, { 0, 20, 5 }, { 23, 1, 5 },
		{ 0, 1, 0 }, { 26, 13, 1 }, { 26, 20, 3 }, { 8, 24, 1 },
	};

	(void)state;
	build(&f);
	for (int det = 0; det <= 1; det++) {
		assert_int_equal(sim_irr_build(&s, &f.net, &f.ud, 2, 1, det ? SIM_IRR_DETERMINISTIC :
					       SIM_IRR_ADAPTIVE, FT_UNIFORM, 1, 1), 0);
		for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
			assert_int_equal(sim_single(&s.net, pairs[i][0], pairs[i][1], 32, 0), 33 + pairs[i][2]);
			assert_int_equal(sim_single(&s.net, pairs[i][0], pairs[i][1], 1, 0), 2 + pairs[i][2]);
		}
		sim_irr_free(&s);
	}
	assert_int_equal(sim_irr_build(&s, &f.net, &f.ud, 1, 1, SIM_IRR_ADAPTIVE, FT_UNIFORM,
				       2, 3), 0);
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		int r = pairs[i][2];
		int64_t want = r ? 31 * 3 + 4 + 3 * r : 31 * 2 + 4;
		assert_int_equal(sim_single(&s.net, pairs[i][0], pairs[i][1], 32, 0), want);
	}
	sim_irr_free(&s);
	/* BookSim timing (the input-queued router engine, 8-flit buffers):
	 * (L - 1) + 2 + 4R, R = r + 1 switches */
	assert_int_equal(sim_irr_build(&s, &f.net, &f.ud, 2, 8, SIM_IRR_ADAPTIVE, FT_UNIFORM,
				       1, 1), 0);
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		int R = pairs[i][2] + 1;
		assert_int_equal(sim_lone(&sim_iqrouter_engine, &s.net, pairs[i][0], pairs[i][1], 32),
				 31 + 2 + 4 * R);
		assert_int_equal(sim_lone(&sim_iqrouter_engine, &s.net, pairs[i][0], pairs[i][1], 1),
				 2 + 4 * R);
	}
	sim_irr_free(&s);
	unbuild(&f);
}

static bool drained(void *ctx, const struct sim_core *c)
{
	(void)ctx;
	return sim_core_alive(c) == 0;
}

/* Far beyond saturation, up*-down* keeps moving and conserves every flit;
 * plain shortest paths lock up. */
static void test_watchdog(void **state)
{
	struct fx f;
	struct sim_irr s;
	struct sim_core c;
	struct sim_mix mix = { 1, { 16 }, { 1 } };

	(void)state;
	build(&f);
	for (int det = 0; det <= 1; det++) {
		assert_int_equal(sim_irr_build(&s, &f.net, &f.ud, 1, 1, det ? SIM_IRR_DETERMINISTIC :
					       SIM_IRR_ADAPTIVE, FT_UNIFORM, 1, 1), 0);
		assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.05, 5, 0), 0);
		c.watchdog = 2000;
		assert_int_equal(sim_core_run(&c, NULL, NULL, 60000), SIM_BUDGET);
		c.rate = 0;
		assert_int_equal(sim_core_run(&c, drained, NULL, 10000000), SIM_DONE);
		assert_int_equal(c.order_errors, 0);
		assert_int_equal(c.flits_in_net, 0);
		assert_true(c.delivered_msgs > 5000);
		sim_core_free(&c);
		sim_irr_free(&s);
	}
	assert_int_equal(sim_irr_build(&s, &f.net, &f.ud, 1, 1, SIM_IRR_SHORTEST, FT_UNIFORM,
				       1, 1), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.05, 5, 0), 0);
	c.watchdog = 2000;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 60000), SIM_DEADLOCK);
	sim_core_free(&c);
	sim_irr_free(&s);
	unbuild(&f);
}

/* Permutations: 40 nodes on 6 bits; images outside 0..39 and fixed points
 * send nothing.  Light load: every message at its zero-load latency. */
static void test_patterns(void **state)
{
	struct fx f;
	struct sim_irr s;
	struct sim_mix mix = { 1, { 8 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;

	(void)state;
	build(&f);
	assert_int_equal(sim_irr_build(&s, &f.net, &f.ud, 2, 1, SIM_IRR_ADAPTIVE, FT_BITREV,
				       1, 1), 0);
	/* bit-reversal on 6 bits: 1 = 000001 -> 100000 = 32; 32 -> 1;
	 * 2 -> 16; 3 -> 48 (out of range); 0 and 12 = 001100 are fixed */
	assert_int_equal(s.perm[1], 32);
	assert_int_equal(s.perm[32], 1);
	assert_int_equal(s.perm[2], 16);
	assert_int_equal(s.perm[3], -1);
	assert_int_equal(s.perm[0], -1);
	assert_int_equal(s.perm[12], -1);
	sim_method_default(&mm);
	mm.measured = 2000;
	mm.warmup = 100;
	assert_int_equal(sim_measure(&s.net, &mix, 0.0005, &mm, &r, NULL), 0);
	assert_false(r.saturated);
	assert_int_equal(r.order_errors, 0);
	sim_irr_free(&s);
	unbuild(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zero_load),
		cmocka_unit_test(test_watchdog),
		cmocka_unit_test(test_patterns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
