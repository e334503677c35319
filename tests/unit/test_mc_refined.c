/*
 * test_mc_refined.c: icnx's refined multi-cluster model (src/model/
 * mc_refined.c and its evaluation in multicluster.c) against the printed
 * model where its mechanisms vanish (light load, buffered concentrators
 * with one input, same-cycle release) and against closed forms
 * (Karol-Hluchyj-Morgan's 2 - sqrt 2, the mix's C^2, M/D/1 queues).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>
#include <string.h>

#include "model/mc_refined.h"
#include "model/multicluster.h"

/* count equal clusters of n levels, m ports, equal flit times t (ICN2 full
 * when count = 2 (m/2)^n_c), theta fixed so that both models weight
 * destination clusters alike. */
static struct mc_params equal_system(int m, int count, int n, double t, double M)
{
	struct mc_params p;
	memset(&p, 0, sizeof p);
	p.m = m;
	p.ngroups = 1;
	p.g[0] = (struct mc_group_params){ count, n, 0.0 };
	p.icn1 = p.ecn1 = p.icn2 = (struct mc_timing){ t, t };
	p.M = M;
	p.theta = 0.5;
	return p;
}

static void init(struct mc_model *mdl, const struct mc_params *p)
{
	char err[256] = "";
	if (mc_model_init(mdl, p, NULL, err, sizeof err) != 0)
		fail_msg("mc_model_init: %s", err);
}

static void refine(const struct mc_params *p, enum mc_conc conc, double hold, double cv2,
		   struct mc_params *r)
{
	struct mc_refined_system sys;
	memset(&sys, 0, sizeof sys);
	sys.conc = conc;
	sys.hold = hold;
	sys.cv2 = cv2;
	mc_refined_params(p, &sys, r);
}

/* The refined parameters: the simulated channels' divisor, the simulator's
 * destination weighting (nodes when theta is auto), its senders. */
static void test_params(void **st)
{
	(void)st;
	struct mc_params p = equal_system(4, 8, 3, 0.5, 32), r;
	refine(&p, MC_CONC_BUFFERED, 0, 0, &r);
	assert_int_equal(r.divisor, MC_DIV_EXACT);
	assert_int_equal(r.weighting, MC_W_PUBLISHED);
	assert_int_equal(r.senders, MC_SENDERS_SENDING);
	assert_int_equal(r.conc, MC_CONC_BUFFERED);
	p.theta = NAN;
	refine(&p, MC_CONC_CUT_THROUGH, 0, 0, &r);
	assert_int_equal(r.weighting, MC_W_NODES);
	assert_int_equal(r.conc, MC_CONC_CUT_THROUGH);
	/* the printed model's parameters have no refinement */
	assert_int_equal(p.conc, MC_CONC_PRINTED);
}

/* Light load: every wait vanishes, and the refined zero-load latency is
 * the printed one (same divisor and weighting; a full ICN2, so every
 * cluster sees the same ICN2 distances), in both systems, with or without
 * next-cycle release (a release cycle holds channels, it adds no latency). */
static void test_light_load(void **st)
{
	(void)st;
	struct mc_params p = equal_system(4, 8, 3, 0.5, 32), r;
	struct mc_model a, b;
	struct mc_point pa, pb;

	p.divisor = MC_DIV_EXACT;
	init(&a, &p);
	assert_int_equal(mc_eval(&a, 0, &pa), 0);
	for (int conc = MC_CONC_BUFFERED; conc <= MC_CONC_CUT_THROUGH; conc++) {
		for (int h = 0; h < 2; h++) {
			refine(&p, (enum mc_conc)conc, 0.25 * h, 0, &r);
			init(&b, &r);
			assert_int_equal(mc_eval(&b, 0, &pb), 0);
			assert_close(pb.T, pa.T, 1e-12);
			assert_close(pb.T_in, pa.T_in, 1e-12);
			assert_close(pb.T_out, pa.T_out, 1e-12);
			assert_true(pb.W_d == 0 && pb.W_s == 0);
			/* and continuously so: the first-order growth is small */
			assert_int_equal(mc_eval(&b, 1e-9, &pb), 0);
			assert_close(pb.T, pa.T, 1e-5);
		}
	}
}

/* Buffered, two clusters on one ICN2 switch: the dispatcher has a single
 * input (the other cluster's concentrator), whose messages arrive one
 * after the other: it never waits (KHM with one input); the concentrator
 * is Eq. 32's M/D/1 queue at service M t_cs, scaled by its inputs' KHM
 * factor 1 - sum_r P_r^2 / (links from level r - 2). */
static void test_buffered_pair(void **st)
{
	(void)st;
	struct mc_params p = equal_system(4, 2, 2, 0.5, 16), r;
	struct mc_model b;
	struct mc_point pt;
	double lam = 0.01;

	refine(&p, MC_CONC_BUFFERED, 0, 0, &r);
	init(&b, &r);
	assert_int_equal(b.n_c, 1);
	assert_int_equal(mc_eval(&b, lam, &pt), 0);
	double out = b.N_i[0] * b.Q[0] * lam, D = 16 * 0.5;
	/* n = 2, m = 4: N_i = 8 nodes; P_1 = 1/7 (from one of the 8 nodes),
	 * P_2 = 6/7 (from one of 2 (m/2)^(n-1) = 4 level-0 switches) */
	double f = 1 - (1.0 / 49) / 8 - (36.0 / 49) / 4;
	double wq = f * out * D * D / (2 * (1 - out * D));
	assert_close(pt.g[0].W_c, wq, 1e-12);
	/* 2 W_d = W_c + the dispatcher's wait, which is zero */
	assert_close(2 * pt.g[0].W_d, wq, 1e-12);
}

/* Karol-Hluchyj-Morgan: a concentrator whose service is M t + W_d, W_d the
 * M/D/1 wait of an equally loaded dispatcher, saturates at 2 - sqrt 2. */
static void test_khm(void **st)
{
	(void)st;
	double D = 10, rho = 2 - sqrt(2), lam = rho / D;
	double Wd = mc_mg1_wait(lam, D, D * D);
	assert_close(lam * (D + Wd), 1.0, 1e-12);
	/* and an M/D/1 queue's wait */
	assert_close(mc_mg1_wait(0.05, 10, 100), 0.05 * 100 / (2 * 0.5), 1e-15);
	assert_true(mc_mg1_wait(0, 10, 100) == 0);
}

/* An ICN2 up-link fed by k one-at-a-time inputs (mc_uplink_wait): KHM's
 * (k-1)/k of the M/G/1 wait at light load; one input never waits; with
 * deterministic service an input saturates where rho (1 + W/x) = 1, which
 * is the closed form 3 - sqrt 5 for k = 2 (KHM's exact head-of-line
 * limit: 0.75), 2/3 for k = 4 (0.6553) and 2 - sqrt 2 as k -> infinity. */
static double uplink_limit(double k)
{
	double lo = 0, hi = 1;
	for (int i = 0; i < 200; i++) {
		double rho = 0.5 * (lo + hi);
		if (rho * (1 + mc_uplink_wait(rho, 1, 1, k, NULL)) < 1)
			lo = rho;
		else
			hi = rho;
	}
	return lo;
}

static void test_uplink(void **st)
{
	(void)st;
	double pw;
	assert_true(mc_uplink_wait(0.05, 10, 100, 1, &pw) == 0);
	assert_true(pw == 0);
	assert_true(mc_uplink_wait(0, 10, 100, 4, NULL) == 0);
	assert_true(isinf(mc_uplink_wait(0.1, 10, 100, 4, NULL)));
	double lam = 1e-9;
	assert_close(mc_uplink_wait(lam, 10, 120, 4, &pw) / lam, 0.75 * 120 / 2, 1e-6);
	assert_close(pw, 0.75 * lam * 10, 1e-15);
	assert_close(uplink_limit(2), 3 - sqrt(5), 1e-12);
	assert_close(uplink_limit(4), 2.0 / 3, 1e-12);
	assert_close(uplink_limit(1e15), 2 - sqrt(2), 1e-9);
	assert_true(fabs(uplink_limit(2) / 0.75 - 1) < 0.02);
	assert_true(fabs(uplink_limit(4) / 0.6553 - 1) < 0.02);
}

/* KHM over inputs: N equal inputs wait (N - 1)/N of the M/G/1 wait; one
 * input never waits; an entry with no input adds nothing.  The down-link
 * chain into a leaf of a full 16-cluster m = 4 ICN2 (n_c = 3): of the 14
 * clusters beyond the leaf, 2 join at level 2 from the one sibling leaf,
 * 12 at the top from its 3 other level-1 subtrees. */
static void test_khm_inputs(void **st)
{
	(void)st;
	double one[] = { 1 }, four[] = { 4 }, none[] = { 0 };
	assert_close(mc_khm_inputs(one, four, 1), 0.75, 1e-15);
	assert_close(mc_khm_inputs(one, one, 1), 0.0, 1e-15);
	assert_close(mc_khm_inputs(one, none, 1), 1.0, 1e-15);
	double share[] = { 0, 0, 2.0 / 14, 12.0 / 14 }, inputs[] = { 0, 0, 1, 3 };
	double f = 1 - (2.0 / 14) * (2.0 / 14) - (12.0 / 14) * (12.0 / 14) / 3;
	assert_close(mc_khm_inputs(share, inputs, 4), f, 1e-15);
	/* the model's shares and inputs for that system: its P2 per level */
	struct mc_params p = equal_system(4, 16, 2, 0.5, 16);
	struct mc_model b;
	init(&b, &p);
	assert_int_equal(b.n_c, 3);
	assert_close(b.P2[0][0][2] / (1 - b.P2[0][0][1]), 2.0 / 14, 1e-12);
	assert_close(b.P2[0][0][3] / (1 - b.P2[0][0][1]), 12.0 / 14, 1e-12);
}

/* Sharifi's 32/64 mix: C^2 = Var(M)/M^2 = 16^2/48^2 = 1/9; one length: 0. */
static void test_mix_cv2(void **st)
{
	(void)st;
	double L[2] = { 32, 64 }, F[2] = { 0.5, 0.5 };
	assert_close(mc_mix_cv2(L, F, 2), 1.0 / 9, 1e-15);
	assert_true(mc_mix_cv2(L, F, 1) == 0);
	assert_true(mc_mix_cv2(L, F, 0) == 0);
}

/* Next-cycle release holds every channel one cycle longer: the refined
 * model saturates earlier; cut-through (a waiting message holds its links)
 * earlier than buffered. */
static void test_release_and_blocking(void **st)
{
	(void)st;
	struct mc_params p = equal_system(4, 8, 3, 0.5, 32), r;
	struct mc_model b;
	double sat[2][2];

	for (int c = 0; c < 2; c++)
		for (int h = 0; h < 2; h++) {
			refine(&p, c ? MC_CONC_CUT_THROUGH : MC_CONC_BUFFERED, 0.5 * h, 0, &r);
			init(&b, &r);
			sat[c][h] = mc_saturation(&b);
			assert_true(isfinite(sat[c][h]) && sat[c][h] > 0);
		}
	assert_true(sat[0][1] < sat[0][0] && sat[1][1] < sat[1][0]);
	assert_true(sat[1][0] < sat[0][0]);
	/* a length mix's variance adds queueing (and, where a wait is held,
	 * holding) */
	refine(&p, MC_CONC_BUFFERED, 0, 0, &r);
	init(&b, &r);
	struct mc_point x0, x1;
	assert_int_equal(mc_eval(&b, 0.5 * sat[0][0], &x0), 0);
	refine(&p, MC_CONC_BUFFERED, 0, 1.0 / 9, &r);
	init(&b, &r);
	assert_int_equal(mc_eval(&b, 0.5 * sat[0][0], &x1), 0);
	assert_true(x1.T > x0.T);
	assert_true(mc_saturation(&b) <= sat[0][0]);
}

/* The ICN2 distances per pair of groups (the simulator's cluster
 * addresses): with one group on a full tree they are the uniform P_icn2;
 * each row is a distribution. */
static void test_icn2_pairs(void **st)
{
	(void)st;
	struct mc_params p = equal_system(4, 8, 2, 0.5, 8);
	struct mc_model m;
	init(&m, &p);
	for (int l = 1; l <= m.n_c; l++)
		assert_close(m.P2[0][0][l], m.P_icn2[l], 1e-12);
	p.ngroups = 2;
	p.g[0].count = 3;
	p.g[1] = (struct mc_group_params){ 5, 1, 0 };
	init(&m, &p);
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			double s = 0;
			for (int l = 1; l <= m.n_c; l++)
				s += m.P2[i][j][l];
			assert_close(s, 1, 1e-12);
		}
	/* clusters 0-2 and 3-7 on leaf switches {0,1} {2,3} ...: cluster 2's
	 * leaf sibling is 3 (group 1), so group 0 -> group 1 has l = 1 with
	 * weight (1/3)(1/5) */
	assert_close(m.P2[0][1][1], 1.0 / 15, 1e-12);
}

/* The simulator's criterion: beyond its capacity a buffered dispatcher
 * passes 1/utilisation of its messages and a concentrator lambda* / lambda
 * (lambda* its own saturation: the ICN2 behind it sees the rate it
 * carries), the slower of the two capping a message: accepted = (1 - Q) +
 * Q / max(lambda/lambda*, util_dsp), and the 95% load lies above the first
 * saturation.  mc_eval alone (no lambda* known) uses the concentrator's
 * 1/utilisation.  The printed model's share is 1 below its saturation, 0
 * beyond. */
static void test_accepted(void **st)
{
	(void)st;
	struct mc_params p = equal_system(4, 2, 2, 0.5, 16), r;
	struct mc_model a, b;
	struct mc_point pt;

	refine(&p, MC_CONC_BUFFERED, 0, 0, &r);
	init(&b, &r);
	double sat = mc_saturation(&b), s95 = mc_saturation_accepted(&b, 0.95);
	assert_int_equal(mc_eval(&b, 1.02 * sat, &pt), 1);
	double util = fmax(pt.g[0].util_con, pt.g[0].util_dsp), Q = b.Q[0];
	assert_true(util > 1);
	assert_close(pt.accepted, (1 - Q) + Q / util, 1e-12);
	assert_true(s95 > sat);
	/* lambda*: the concentrator's own saturation */
	double lo = 0, hi = s95;
	for (int k = 0; k < 200; k++) {
		double mid = 0.5 * (lo + hi);
		mc_eval(&b, mid, &pt);
		if (pt.g[0].util_con < 1)
			lo = mid;
		else
			hi = mid;
	}
	assert_true(hi <= s95);
	assert_int_equal(mc_eval(&b, s95, &pt), 1);
	assert_close((1 - Q) + Q / fmax(s95 / hi, fmax(1, pt.g[0].util_dsp)), 0.95, 1e-6);
	init(&a, &p);
	assert_close(mc_saturation_accepted(&a, 0.95), mc_saturation(&a), 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_light_load),
		cmocka_unit_test(test_buffered_pair),
		cmocka_unit_test(test_khm),
		cmocka_unit_test(test_khm_inputs),
		cmocka_unit_test(test_uplink),
		cmocka_unit_test(test_mix_cv2),
		cmocka_unit_test(test_release_and_blocking),
		cmocka_unit_test(test_icn2_pairs),
		cmocka_unit_test(test_accepted),
	};

	return cmocka_run_group_tests_name("mc_refined", tests, NULL, NULL);
}
