/*
 * test_sim_mc.c: the simulated multi-cluster system (src/sim/mc_net.c):
 * single messages at the zero-load latencies of mc_net.h written out from
 * the tree levels (topo/fattree.h's ft_hops, independent of the simulator's
 * routes), every pair of a small system; the work floor's mean route
 * through buffered relays; conservation under load with a
 * message mix; transpose fixed points send no internal message.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "sim/core.h"
#include "sim/iqrouter.h"
#include "sim/mc_net.h"
#include "sim/measure.h"
#include "sim/routelen.h"
#include "model/multicluster.h"
#include "topo/fattree.h"
#include "sim_lone.h"
#include "sim_single.h"


static int64_t max3(int64_t a, int64_t b, int64_t c)
{
	int64_t m = a > b ? a : b;
	return m > c ? m : c;
}

/* m = 4; clusters of 1, 2 and 3 levels (4, 8, 16 nodes), plus a second
 * 2-level one; ICN2 over 4 ports: 1 level (4 ports). */
static void test_zero_load(void **state)
{
	static const int n[] = { 1, 2, 3, 2 };
	static const int first[] = { 0, 4, 12, 28, 36 };
	struct sim_mc_spec sp = { .m = 4, .C = 4, .n = n, .icn1_cn = 2, .icn1_cs = 3,
				  .ecn1_cn = 2, .ecn1_cs = 1, .icn2_cs = 4, .theta = NAN,
				  .pattern = FT_UNIFORM, .V = 1, .B = 1 };
	struct sim_mc s;
	int M = 5;

	(void)state;
	for (sp.buffered = 0; sp.buffered <= 1; sp.buffered++) {   /* relays add nothing */
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	assert_int_equal(s.N, 36);
	assert_int_equal(s.n2, 1);
	for (int a = 0; a < 36; a++)
		for (int b = 0; b < 36; b++) {
			int ca = s.cl[a], cb = s.cl[b];
			int64_t want;
			if (a == b)
				continue;
			if (ca == cb) {
				int h = ft_hops(4, n[ca], a - first[ca], b - first[cb]);
				/* the slowest link crossed paces the body: cs = 3 once h > 1 */
				want = (M - 1) * (h > 1 ? 3 : 2) + 2 * 2 + (2 * h - 2) * 3;
				assert_int_equal(sim_single(&s.net, 2 * a, 2 * b, M, 0), want);
			} else {
				int h2 = ft_hops(4, 1, ca, cb);
				want = (M - 1) * max3(2, 1, 4) + 2 * 2 + (n[ca] + n[cb]) * 1 + 2 * h2 * 4;
				assert_int_equal(sim_single(&s.net, 2 * a + 1, 2 * b + 1, M, 0), want);
			}
		}
	sim_mc_free(&s);
	}
}

/* The work floor's mean route (sim/routelen.h) walks through a buffered
 * concentrator's and dispatcher's relays to the destination: the channels
 * a message crosses are the same as without relays, and as many as the
 * core allocates per measured message at light load (sim_result.mean_hops). */
static void test_mean_channels_relays(void **state)
{
	static const int n[] = { 1, 2, 3, 2 };
	struct sim_mc_spec sp = { .m = 4, .C = 4, .n = n, .icn1_cn = 1, .icn1_cs = 1,
				  .ecn1_cn = 1, .ecn1_cs = 1, .icn2_cs = 1, .theta = 0.5,
				  .pattern = FT_UNIFORM, .V = 1, .B = 1 };
	struct sim_mix mix = { 1, { 4 }, { 1 } };
	struct sim_method mm;
	struct sim_result r;
	struct sim_mc s;
	double cut, buf;

	(void)state;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	cut = sim_mean_channels(&s.net, 1);
	sim_mc_free(&s);
	sp.buffered = 1;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	buf = sim_mean_channels(&s.net, 1);
	sim_method_default(&mm);
	mm.warmup = 200;
	mm.measured = 4000;
	assert_int_equal(sim_measure(&s.net, &mix, 0.0005, &mm, &r, NULL), 0);
	sim_mc_free(&s);
	if (!(cut > 2 && fabs(buf - cut) < 0.1 * cut && fabs(buf - r.mean_hops) < 0.1 * buf))
		fail_msg("mean channels: cut-through %g, buffered %g, simulated %g", cut, buf,
			 r.mean_hops);
}

/* ecn1_exit = model: an external message leaves its ECN1 after r links and
 * enters the destination's over v, for every r = 1..n_i, v = 1..n_j, every
 * external pair:
 *   (M-1) max(periods crossed) + 2 ecn1_cn + (r+v-2) ecn1_cs + 2 h2 icn2_cs,
 * ecn1_cs = 5 crossed only when r + v > 2 (else the ICN2's 4 paces the body). */
static void test_zero_load_exit_model(void **state)
{
	static const int n[] = { 1, 2, 3, 2 };
	struct sim_mc_spec sp = { .m = 4, .C = 4, .n = n, .icn1_cn = 2, .icn1_cs = 3,
				  .ecn1_cn = 2, .ecn1_cs = 5, .icn2_cs = 4, .theta = NAN,
				  .pattern = FT_UNIFORM, .V = 2, .B = 1, .exit = SIM_MC_EXIT_MODEL };
	struct sim_mc s;
	int M = 5;

	(void)state;
	for (sp.buffered = 0; sp.buffered <= 1; sp.buffered++) {   /* relays add nothing */
	int checked = 0;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	for (int a = 0; a < 36; a++)
		for (int b = 0; b < 36; b++) {
			int ca = s.cl[a], cb = s.cl[b];
			if (ca == cb)
				continue;
			for (int r = 1; r <= n[ca]; r++)
				for (int v = 1; v <= n[cb]; v++) {
					int64_t body = r + v > 2 ? 5 : 4;
					int64_t want = (M - 1) * body + 2 * 2 + (r + v - 2) * 5 + 2 * 1 * 4;
					assert_int_equal(sim_single_state(&s.net, 2 * a + 1, 2 * b + 1, M,
									  0, r, v), want);
					checked++;
				}
		}
	/* sum over ordered cluster pairs of N_a n_a N_b n_b: N_c n_c = 4, 16, 48, 16 */
	assert_int_equal(checked, 84 * 84 - (16 + 256 + 2304 + 256));
	sim_mc_free(&s);
	}
}

/* ecn1_exit = model draws r and v per message from the uniform hop
 * distribution of the source and the destination cluster (javadi Eq. 9):
 * 40000 external messages between two 4-port 3-trees, their r and v
 * histograms against the closed form (binomial sd < 0.0025 per cell), each
 * message's latency at this light load at least its zero-load value. */
struct exit_hist {
	double r[FT_MAX_N + 1], v[FT_MAX_N + 1];
	int n;
	int below;
};

static void exit_seen(void *ctx, const struct sim_done *d)
{
	struct exit_hist *h = ctx;
	int64_t T0 = 31 + 2 + (d->m->st + d->m->aux - 2) + 2;
	h->r[d->m->st]++;
	h->v[d->m->aux]++;
	h->n++;
	h->below += d->arrive - d->m->gen < T0;
}

static bool exit_enough(void *ctx, const struct sim_core *c)
{
	(void)c;
	return ((struct exit_hist *)ctx)->n >= 40000;
}

static void test_exit_model_draws(void **state)
{
	static const int n[] = { 3, 3 };
	struct sim_mc_spec sp = { .m = 4, .C = 2, .n = n, .icn1_cn = 1, .icn1_cs = 1,
				  .ecn1_cn = 1, .ecn1_cs = 1, .icn2_cs = 1, .theta = 1,
				  .pattern = FT_UNIFORM, .V = 1, .B = 1, .exit = SIM_MC_EXIT_MODEL };
	struct sim_mix mix = { 1, { 32 }, { 1 } };
	struct exit_hist h = { { 0 }, { 0 }, 0, 0 };
	double P[FT_MAX_N + 1];
	struct sim_mc s;
	struct sim_core c;

	(void)state;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.0005, 7, 0), 0);
	c.tag_limit = 1000000;
	c.done = exit_seen;
	c.done_ctx = &h;
	assert_int_equal(sim_core_run(&c, exit_enough, &h, 100000000), SIM_DONE);
	ft_uniform_closed_form(4, 3, P);
	for (int k = 1; k <= 3; k++) {
		assert_true(fabs(h.r[k] / h.n - P[k]) < 0.01);
		assert_true(fabs(h.v[k] / h.n - P[k]) < 0.01);
	}
	assert_int_equal(h.r[0] + h.v[0], 0);
	assert_int_equal(h.below, 0);
	sim_core_free(&c);
	sim_mc_free(&s);
}

/* BookSim timing (the input-queued router engine, 8-flit buffers) on one
 * 4-port 3-tree (16 nodes): T0 = (L-1) + 2 + 4R, the journey over h levels
 * crossing R = 2h - 1 switches. */
static void test_booksim(void **state)
{
	static const int n[] = { 3 };
	struct sim_mc_spec sp = { .m = 4, .C = 1, .n = n, .icn1_cn = 1, .icn1_cs = 1,
				  .ecn1_cn = 1, .ecn1_cs = 1, .icn2_cs = 1, .theta = NAN,
				  .pattern = FT_UNIFORM, .V = 1, .B = 8 };
	struct sim_mc s;

	(void)state;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	for (int a = 0; a < 16; a++)
		for (int b = 0; b < 16; b++) {
			int R = 2 * ft_hops(4, 3, a, b) - 1;
			if (a == b)
				continue;
			assert_int_equal(sim_lone(&sim_iqrouter_engine, &s.net, 2 * a, 2 * b, 1),
					 2 + 4 * R);
			assert_int_equal(sim_lone(&sim_iqrouter_engine, &s.net, 2 * a, 2 * b, 32),
					 31 + 2 + 4 * R);
		}
	sim_mc_free(&s);
}

static bool drained(void *ctx, const struct sim_core *c)
{
	(void)ctx;
	return sim_core_alive(c) == 0;
}

static void test_conservation(void **state)
{
	static const int n[] = { 2, 3, 2, 1, 3 };
	static const double tau[] = { 0.1, 0.2, 0, 0.5, 0.15 };
	struct sim_mc_spec sp = { .m = 4, .C = 5, .n = n, .tau = tau, .icn1_cn = 1, .icn1_cs = 1,
				  .ecn1_cn = 1, .ecn1_cs = 2, .icn2_cs = 1, .theta = 0.4,
				  .pattern = FT_TRANSPOSE, .V = 2, .B = 1 };
	struct sim_mix mix = { 2, { 4, 16 }, { 0.3, 0.7 } };
	struct sim_mc s;
	struct sim_core c;

	(void)state;
	assert_int_equal(sim_mc_build(&s, &sp), 0);
	/* cluster 1 (nodes 8..23), transpose on 4 bits: 0, 5, 10, 15 fixed */
	assert_int_equal(s.perm[8 + 0], -1);
	assert_int_equal(s.perm[8 + 5], -1);
	assert_int_equal(s.perm[8 + 1], 8 + 4);
	assert_int_equal(sim_core_init(&c, &s.net, &mix, 0.02, 3, 0), 0);
	c.watchdog = 5000;
	assert_int_equal(sim_core_run(&c, NULL, NULL, 30000), SIM_BUDGET);
	c.rate = 0;
	assert_int_equal(sim_core_run(&c, drained, NULL, 10000000), SIM_DONE);
	assert_true(c.generated > 5000);
	assert_int_equal(c.order_errors, 0);
	assert_int_equal(c.flits_in_net, 0);
	assert_int_equal(c.generated, c.delivered_msgs);
	sim_core_free(&c);
	sim_mc_free(&s);
}

/* The model option senders = sending: the ICN1 channel rate counts only
 * the nodes that send; transpose on a 16-node cluster has 4 fixed points,
 * so the rate is 12/16 of the printed one. */
static void test_model_senders(void **state)
{
	struct mc_params p = { .m = 4, .ngroups = 1, .g = { { 2, 3, 0 } },
			       .icn1 = { 1, 1 }, .ecn1 = { 1, 1 }, .icn2 = { 1, 1 }, .M = 32,
			       .theta = 0.3, .pattern = FT_TRANSPOSE };
	struct mc_model a, b;
	struct mc_point pa, pb;

	(void)state;
	assert_int_equal(mc_model_init(&a, &p, NULL, NULL, 0), 0);
	p.senders = MC_SENDERS_SENDING;
	assert_int_equal(mc_model_init(&b, &p, NULL, NULL, 0), 0);
	assert_true(a.fixed_icn1[0] == 4);
	mc_eval(&a, 0.001, &pa);
	mc_eval(&b, 0.001, &pb);
	assert_true(fabs(pb.g[0].lc_icn1 - pa.g[0].lc_icn1 * 12.0 / 16.0) < 1e-15);
	assert_true(pb.g[0].T_in < pa.g[0].T_in);
}

/* Model option stage0 = node-link against the simulator at zero load, with
 * t_cn != t_cs both ways: two 4-port 3-trees (16 nodes each), M = 5.
 * Internal: the model's T_in at load 0 equals the simulator's mean over
 * every ordered pair of cluster 0, (M-1) max(t_cn, t_cs) + 2 t_cn +
 * (2h-2) t_cs; the printed reading falls short of it by M (t_cn - t_cs)
 * on each journey of h >= 2 when t_cn > t_cs and exceeds it by
 * t_cs - t_cn when t_cs > t_cn (icnx-models(7) item s).  External (with
 * ecn1_exit = model): T_out at load 0 equals the simulator's mean over
 * every pair of the two clusters and every (r, v) weighted by Eq. 9. */
static void stage0_case(int icn1_cn, int icn1_cs)
{
	static const int n[] = { 3, 3 };
	const int M = 5;
	struct sim_mc_spec sp = { .m = 4, .C = 2, .n = n, .icn1_cn = icn1_cn,
				  .icn1_cs = icn1_cs, .ecn1_cn = 2, .ecn1_cs = 3, .icn2_cs = 1,
				  .theta = NAN, .pattern = FT_UNIFORM, .V = 1, .B = 1,
				  .exit = SIM_MC_EXIT_MODEL };
	struct mc_params p = { .m = 4, .ngroups = 1, .g = { { 2, 3, 0 } },
			       .icn1 = { icn1_cn, icn1_cs }, .ecn1 = { 2, 3 }, .icn2 = { 2, 1 },
			       .M = M, .theta = NAN, .pattern = FT_UNIFORM };
	struct mc_model mp, mn;
	struct mc_point zp, zn;
	struct sim_mc s;
	double P[FT_MAX_N + 1], in = 0, ex = 0, P1;

	assert_int_equal(sim_mc_build(&s, &sp), 0);
	for (int a = 0; a < 16; a++)
		for (int b = 0; b < 16; b++)
			if (a != b)
				in += (double)sim_single(&s.net, 2 * a, 2 * b, M, 0) / (16 * 15);
	ft_uniform_closed_form(4, 3, P);
	for (int a = 0; a < 16; a++)
		for (int b = 16; b < 32; b++)
			for (int r = 1; r <= 3; r++)
				for (int v = 1; v <= 3; v++)
					ex += P[r] * P[v] / (16 * 16) *
					      (double)sim_single_state(&s.net, 2 * a + 1, 2 * b + 1, M, 0, r, v);
	sim_mc_free(&s);

	assert_int_equal(mc_model_init(&mp, &p, NULL, NULL, 0), 0);
	p.stage0 = MC_STAGE0_NODE_LINK;
	assert_int_equal(mc_model_init(&mn, &p, NULL, NULL, 0), 0);
	assert_int_equal(mc_eval(&mp, 0, &zp), 0);
	assert_int_equal(mc_eval(&mn, 0, &zn), 0);
	assert_true(fabs(zn.g[0].T_in - in) < 1e-9 * in);
	assert_true(fabs(zn.g[0].T_out - ex) < 1e-9 * ex);
	P1 = P[1];                      /* journeys of h = 1 are the same in both */
	if (icn1_cn > icn1_cs)
		assert_true(fabs(zp.g[0].T_in - (in - (1 - P1) * M * (icn1_cn - icn1_cs))) < 1e-9 * in);
	else
		assert_true(fabs(zp.g[0].T_in - (in + (1 - P1) * (icn1_cs - icn1_cn))) < 1e-9 * in);
}

static void test_model_stage0_node_link(void **state)
{
	(void)state;
	stage0_case(3, 2);      /* t_cn > t_cs */
	stage0_case(2, 3);      /* t_cs > t_cn */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zero_load),
		cmocka_unit_test(test_zero_load_exit_model),
		cmocka_unit_test(test_mean_channels_relays),
		cmocka_unit_test(test_exit_model_draws),
		cmocka_unit_test(test_booksim),
		cmocka_unit_test(test_conservation),
		cmocka_unit_test(test_model_senders),
		cmocka_unit_test(test_model_stage0_node_link),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
