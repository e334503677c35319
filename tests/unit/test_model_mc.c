/*
 * test_model_mc.c: the multi-cluster fat-tree model (src/model/multicluster):
 * the zero-load latency against a closed form written out by hand, growth
 * with load, message length and tau, saturation, the theta = 0 and
 * theta = 1 limits, and the named options.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>
#include <string.h>

#include "model/multicluster.h"

#define REL(a, b) tk_close((a), (b), 1e-12)

/* A small heterogeneous system with distinct flit times everywhere, so that
 * mixing up t_cn/t_cs or networks changes the numbers:
 * m = 4; two clusters of n = 1 (4 nodes) and two of n = 2 (8 nodes). */
static struct mc_params small_system(void)
{
	struct mc_params p;
	memset(&p, 0, sizeof p);
	p.m = 4;
	p.ngroups = 2;
	p.g[0] = (struct mc_group_params){ 2, 1, 0.0 };
	p.g[1] = (struct mc_group_params){ 2, 2, 0.0 };
	p.icn1 = (struct mc_timing){ 0.5, 0.25 };
	p.ecn1 = (struct mc_timing){ 0.7, 0.3 };
	p.icn2 = (struct mc_timing){ 0.9, 0.4 };
	p.M = 10;
	p.theta = NAN;
	return p;
}

/* javadi-n1120 (Table 1, first row) with the Section 4 network. */
static struct mc_params javadi_1120(void)
{
	struct mc_params p;
	memset(&p, 0, sizeof p);
	p.m = 8;
	p.ngroups = 3;
	p.g[0] = (struct mc_group_params){ 12, 1, 0.10 };
	p.g[1] = (struct mc_group_params){ 16, 2, 0.15 };
	p.g[2] = (struct mc_group_params){ 4, 3, 0.12 };
	p.icn1 = p.ecn1 = p.icn2 = mc_timing_from_link(0.02, 0.01, 500, 256);
	p.M = 32;
	p.theta = NAN;
	return p;
}

static void init(struct mc_model *mdl, const struct mc_params *p)
{
	char err[256] = "";
	int rc = mc_model_init(mdl, p, NULL, err, sizeof err);
	if (rc != 0)
		fail_msg("mc_model_init: %s", err);
}

static void test_timing_from_link(void **state)
{
	(void)state;
	/* Eqs. (3)-(4): 0.5*0.02 + 256/500 and 0.01 + 256/500. */
	struct mc_timing t = mc_timing_from_link(0.02, 0.01, 500, 256);
	assert_close(t.t_cn, 0.522, 1e-12);
	assert_close(t.t_cs, 0.522, 1e-12);
	t = mc_timing_from_link(0.04, 0.01, 500, 512);
	assert_close(t.t_cn, 0.02 + 1.024, 1e-12);
	assert_close(t.t_cs, 0.01 + 1.024, 1e-12);
}

static void test_zero_load_closed_form(void **state)
{
	(void)state;
	struct mc_params p = small_system();
	struct mc_model mdl;
	struct mc_point pt;
	init(&mdl, &p);
	assert_int_equal(mc_eval(&mdl, 0, &pt), 0);

	/* N = 2*4 + 2*8 = 24; Q^(i) = 1 - (N_i - 1)/(N - 1): 20/23 and 16/23. */
	assert_close(mdl.Q[0], 20.0 / 23, 1e-12);
	assert_close(mdl.Q[1], 16.0 / 23, 1e-12);
	/* Intra, n = 1: every journey is 2 links, S = M t_cn, tail t_cn:
	 * 10*0.5 + 0.5.  n = 2 (P_1 = 1/7, P_2 = 6/7): the 4-link journey
	 * is served M t_cs at stage 0, tail 2 t_cs + t_cn: 2.5 + 0.5 + 0.5. */
	double Tin0 = 5.5, Tin1 = (5.5 + 6 * 3.5) / 7;
	assert_close(pt.g[0].T_in, Tin0, 1e-12);
	assert_close(pt.g[1].T_in, Tin1, 1e-12);
	/* Inter: stage 0 is an ECN1 stage, S = M t_cs^E1 = 3; tail
	 * (r+v-2) t_cs^E1 + 2l t_cs^I2 + t_cn^E1 with l = 1 (C = 4 fills a
	 * 4-port 1-tree): E[r] = 1 (n = 1) or 13/7 (n = 2). */
	double p00 = 3 + 0.7 + 0.8;
	double p01 = p00 + 0.3 * (1 + 13.0 / 7 - 2);
	double p11 = p00 + 0.3 * (26.0 / 7 - 2);
	/* Weights 1/(C-1) per destination cluster (Eq. 28). */
	double Tout0 = (p00 + 2 * p01) / 3, Tout1 = (2 * p01 + p11) / 3;
	assert_close(pt.g[0].T_out, Tout0, 1e-12);
	assert_close(pt.g[1].T_out, Tout1, 1e-12);
	double T0 = (3.0 / 23) * Tin0 + (20.0 / 23) * Tout0;
	double T1 = (7.0 / 23) * Tin1 + (16.0 / 23) * Tout1;
	assert_close(pt.g[0].T, T0, 1e-12);
	assert_close(pt.g[1].T, T1, 1e-12);
	/* Eq. (7): node-weighted, 8/24 and 16/24. */
	assert_close(pt.T, T0 / 3 + 2 * T1 / 3, 1e-12);
	assert_close(pt.T, 4.60724637681159, 1e-12);
	/* No waiting anywhere at zero load; the parts add up. */
	assert_close(pt.W_s, 0, 1e-12);
	assert_close(pt.W_d, 0, 1e-12);
	assert_close(pt.W_s + pt.S + pt.R + pt.W_d, pt.T, 1e-12);
}

static void test_zero_load_javadi(void **state)
{
	(void)state;
	struct mc_params p = javadi_1120();
	struct mc_model mdl;
	struct mc_point pt;
	init(&mdl, &p);
	mc_eval(&mdl, 0, &pt);
	/* All flit times equal t = 0.522, M = 32.  Intra: M t for S (every
	 * journey), tail (2h-2) t + t, so T_in = M t + t (d_avg - 1).
	 * 8-port trees, Eq. (9): n=1: P_1 = 1; n=2: 3/31, 28/31;
	 * n=3: 3/127, 12/127, 112/127.  ICN2 (C = 32): an 8-port 2-tree. */
	double t = 0.522, Mt = 32 * t;
	double d[3] = { 2, 2 * (3 + 2 * 28) / 31.0, 2 * (3 + 2 * 12 + 3 * 112) / 127.0 };
	double d2 = d[1];
	double N[3] = { 8, 32, 128 }, cnt[3] = { 12, 16, 4 };
	double T = 0;
	for (int i = 0; i < 3; i++) {
		double Q = 1 - (N[i] - 1) / 1119.0;
		double Tin = Mt + t * (d[i] - 1);
		double Tout = 0;
		for (int j = 0; j < 3; j++) {
			/* Inter journey: r + 2l + v links, tail K - 1 t_cs + t_cn. */
			double pair = Mt + t * (d[i] / 2 + d[j] / 2 + d2 - 1);
			Tout += (cnt[j] - (i == j)) / 31.0 * pair;
		}
		assert_close(pt.g[i].T_in, Tin, 1e-12);
		assert_close(pt.g[i].T_out, Tout, 1e-12);
		T += cnt[i] * N[i] / 1120 * ((1 - Q) * Tin + Q * Tout);
	}
	assert_close(pt.T, T, 1e-12);
}

static void test_channel_rates(void **state)
{
	(void)state;
	/* javadi-n1120 at lambda_g = 1e-4.  Group 1: 32-node 8-port 2-trees,
	 * tau = 0.15, Q = 1 - 31/1119, d = 2 (3 + 2*28)/31 = 118/31.
	 * Eq. (13): lambda_c = N_i (1-Q) lambda/(1-tau) d / (4 n_i N_i). */
	struct mc_params p = javadi_1120();
	struct mc_model mdl;
	struct mc_point pt;
	init(&mdl, &p);
	double lam = 1e-4, Q1 = 1 - 31.0 / 1119;
	mc_eval(&mdl, lam, &pt);
	assert_close(pt.g[1].lc_icn1, (1 - Q1) * lam / 0.85 * (118.0 / 31) / (4 * 2), 1e-12);
	/* Eq. (27): lambda_c(I2) = sum_i N_i Q_i lambda_i d_I2 / (4 C n_c),
	 * C = 32 clusters, n_c = 2, d_I2 = 118/31 (an 8-port 2-tree). */
	double ext = 0, N[3] = { 8, 32, 128 }, cnt[3] = { 12, 16, 4 }, tau[3] = { 0.1, 0.15, 0.12 };
	for (int i = 0; i < 3; i++)
		ext += cnt[i] * N[i] * (1 - (N[i] - 1) / 1119) * lam / (1 - tau[i]);
	assert_close(pt.lc_icn2, ext * (118.0 / 31) / (4 * 32 * 2), 1e-12);
	/* Stage 0 of the 2-link journey of group 0 (n = 1): P_B = lambda_c S
	 * with S = M t_cn, and lambda_c = (1-Q0) lambda/(1-tau0) * 2 / 4. */
	double Q0 = 1 - 7.0 / 1119, lc0 = (1 - Q0) * lam / 0.9 * 2 / 4;
	assert_close(pt.g[0].lc_icn1, lc0, 1e-12);
	assert_close(pt.g[0].PB[0], lc0 * 32 * 0.522, 1e-12);
}

static void test_rises_with_load(void **state)
{
	(void)state;
	struct mc_params p = javadi_1120();
	struct mc_model mdl;
	struct mc_point pt;
	init(&mdl, &p);
	double sat = mc_saturation(&mdl), prev = 0;
	for (int k = 0; k <= 200; k++) {
		double lam = 0.999 * sat * k / 200;
		assert_int_equal(mc_eval(&mdl, lam, &pt), 0);
		assert_true(isfinite(pt.T) && pt.T > 0);
		assert_true(pt.W_s >= 0 && pt.W_d >= 0 && pt.S > 0 && pt.R > 0);
		if (k > 0)
			assert_true(pt.T > prev);
		prev = pt.T;
	}
	/* Near saturation the latency has grown a lot. */
	mc_eval(&mdl, 0, &pt);
	double T0 = pt.T;
	mc_eval(&mdl, 0.999 * sat, &pt);
	assert_true(pt.T > 2 * T0);
}

static void test_rises_with_M_and_tau(void **state)
{
	(void)state;
	struct mc_params p = javadi_1120(), q;
	struct mc_model a, b;
	struct mc_point pa, pb;
	init(&a, &p);
	double lam = 0.5 * mc_saturation(&a);

	q = p;
	q.M = 64;
	init(&b, &q);
	mc_eval(&a, lam, &pa);
	assert_int_equal(mc_eval(&b, lam * 0.4, &pb), 0);
	mc_eval(&b, lam, &pb);
	assert_true(pb.saturated || pb.T > pa.T);
	mc_eval(&b, 0, &pb);
	mc_eval(&a, 0, &pa);
	assert_true(pb.T > pa.T);

	/* Single-user (tau = 0) has lower latency and saturates later. */
	q = p;
	for (int i = 0; i < q.ngroups; i++)
		q.g[i].tau = 0;
	init(&b, &q);
	mc_eval(&a, lam, &pa);
	mc_eval(&b, lam, &pb);
	assert_true(pb.T < pa.T);
	assert_true(mc_saturation(&b) > mc_saturation(&a));
	/* tau scales the rate by 1/(1-tau): with one tau for all, the
	 * saturation load scales by (1-tau). */
	for (int i = 0; i < q.ngroups; i++)
		q.g[i].tau = 0.2;
	init(&a, &q);
	assert_true(fabs(mc_saturation(&a) / mc_saturation(&b) - 0.8) < 1e-6);
}

static void test_saturation(void **state)
{
	(void)state;
	struct mc_params p = javadi_1120();
	struct mc_model mdl;
	struct mc_point pt;
	init(&mdl, &p);
	double sat = mc_saturation(&mdl);
	assert_true(sat > 0 && isfinite(sat));
	assert_int_equal(mc_eval(&mdl, sat * (1 - 1e-6), &pt), 0);
	assert_false(pt.saturated);
	assert_true(pt.util_max < 1 && pt.util_max > 0.99);
	assert_int_equal(mc_eval(&mdl, sat * (1 + 1e-6), &pt), 1);
	assert_true(pt.saturated);
	assert_true(pt.util_max >= 1);
	/* The concentrator of the largest cluster (128 nodes, Q = 0.8865...)
	 * saturates first, at N_i Q lambda/(1-tau) M t_cs = 1. */
	assert_string_equal(pt.bottleneck, "concentrator/dispatcher");
	double Q = 1 - 127.0 / 1119;
	assert_true(fabs(sat - (1 - 0.12) / (128 * Q * 32 * 0.522)) < 1e-8 * sat);
	/* Far beyond saturation: still reported, never a crash. */
	assert_int_equal(mc_eval(&mdl, sat * 1e6, &pt), 1);
	assert_true(pt.util_max >= 1);
}

static void test_theta_limits(void **state)
{
	(void)state;
	struct mc_params p = javadi_1120();
	struct mc_model mdl;
	struct mc_point pt;
	double lam = 1e-4;

	p.theta = 0;     /* every message stays in its cluster */
	init(&mdl, &p);
	mc_eval(&mdl, lam, &pt);
	double Tin = 0;
	for (int i = 0; i < 3; i++)
		Tin += p.g[i].count * mdl.N_i[i] / mdl.N * pt.g[i].T_in;
	assert_close(pt.T, Tin, 1e-12);
	assert_close(pt.W_d, 0, 1e-12);

	p.theta = 1;     /* every message leaves its cluster */
	init(&mdl, &p);
	mc_eval(&mdl, lam, &pt);
	double Tout = 0;
	for (int i = 0; i < 3; i++)
		Tout += p.g[i].count * mdl.N_i[i] / mdl.N * pt.g[i].T_out;
	assert_close(pt.T, Tout, 1e-12);
	/* No internal traffic: ICN1 sees no waiting. */
	assert_close(pt.g[0].W_in, 0, 1e-12);
}

static void test_options(void **state)
{
	(void)state;
	struct mc_params p = javadi_1120();
	struct mc_model a, b;
	struct mc_point pa, pb;
	init(&a, &p);
	p.divisor = MC_DIV_EXACT;
	init(&b, &p);
	double lam = 0.9 * mc_saturation(&a);
	mc_eval(&a, lam, &pa);
	mc_eval(&b, lam, &pb);
	/* The mean over the 2 n_i N_i one-way channels is lambda d/(2 n_i),
	 * twice the published lambda d/(4 n_i): more blocking. */
	assert_close(pb.g[1].lc_icn1, 2 * pa.g[1].lc_icn1, 1e-12);
	assert_close(pb.lc_icn2, 2 * pa.lc_icn2, 1e-12);
	assert_true(pb.T > pa.T);
	assert_true(mc_saturation(&b) <= mc_saturation(&a));

	/* Weighting by nodes: the weights still sum to one, and for identical
	 * clusters equal the published 1/(C-1). */
	p = small_system();
	p.weighting = MC_W_NODES;
	init(&a, &p);
	for (int i = 0; i < 2; i++)
		assert_close(a.w_dest[i][0] + a.w_dest[i][1], 1.0, 1e-12);
	assert_close(a.w_dest[0][1], 2 * 8.0 / 20, 1e-12);
	p.ngroups = 1;
	p.g[0].count = 5;
	init(&a, &p);
	p.weighting = MC_W_PUBLISHED;
	init(&b, &p);
	assert_close(a.w_dest[0][0], b.w_dest[0][0], 1e-12);
}

/* The "as printed" readings of javadi Eqs. 12, 10/24/31, 23 and 30, each
 * against a value written out by hand. */
static void test_printed_readings(void **state)
{
	(void)state;
	struct mc_model a, b;
	struct mc_point pa, pb;

	/* Eq. (12), m = 8, n = 2: numerator (16 - 4 - 1) 16 + 1 = 177; the
	 * exact denominator (16 - 1/2)(4 - 1) = 46.5, the printed one
	 * 16 - (4 - 1)/2 = 14.5.  For m = 4 both are (m/2)^n - 1/2. */
	struct mc_params p = small_system();
	p.m = 8;
	p.g[1].n = 2;
	init(&a, &p);
	p.eq12 = MC_EQ12_PRINTED;
	init(&b, &p);
	assert_close(a.d_ecn1[1], 177 / 46.5, 1e-12);
	assert_close(a.d_icn1[1], 177 / 46.5, 1e-12);
	assert_close(b.d_ecn1[1], 177 / 14.5, 1e-12);
	assert_close(b.d_icn1[1], 177 / 14.5, 1e-12);
	p = small_system();
	p.eq12 = MC_EQ12_PRINTED;
	init(&b, &p);
	assert_close(b.d_ecn1[1], (3.0 * 4 + 1) / (4 - 0.5), 1e-12);   /* m = 4, n = 2: 26/7 */
	assert_close(b.d_ecn1[1], 2.0 * 1 / 7 + 4.0 * 6 / 7, 1e-12);   /* Eq. 11 over Eq. 9 */

	/* Source rates: the printed cluster totals scale the intra source
	 * utilisation by N_i; the inter one becomes l_E1^(i,j) S. */
	p = small_system();
	init(&a, &p);
	p.source_rate = MC_SRC_CLUSTER;
	init(&b, &p);
	double lam = 0.2 * mc_saturation(&b);
	mc_eval(&a, lam, &pa);
	mc_eval(&b, lam, &pb);
	assert_close(pa.g[1].S_in, pb.g[1].S_in, 1e-12);
	assert_close(pb.g[1].util_src_in, 8 * pa.g[1].util_src_in, 1e-12);
	assert_true(pb.g[1].W_in > pa.g[1].W_in);
	assert_true(mc_saturation(&b) < mc_saturation(&a));

	/* Eq. (23): two clusters, n = 3 (16 nodes) sending to n = 2 (8 nodes),
	 * at zero load with equal flit times every journey's S is M t_cs, so
	 * S_ex is M t_cs times the sum of the weights.  As printed, P_v^(i)
	 * of the 16-node source: P_1 = 1/15, P_2 = 2/15 (P_3 is cut off). */
	p = small_system();
	p.g[0] = (struct mc_group_params){ 1, 3, 0.0 };
	p.g[1] = (struct mc_group_params){ 1, 2, 0.0 };
	p.icn1 = p.ecn1 = p.icn2 = (struct mc_timing){ 0.5, 0.5 };
	init(&a, &p);
	p.eq23 = MC_EQ23_SOURCE;
	init(&b, &p);
	mc_eval(&a, 0, &pa);
	mc_eval(&b, 0, &pb);
	assert_close(pa.g[0].S_ex, 10 * 0.5, 1e-12);
	assert_close(pb.g[0].S_ex, 10 * 0.5 * (1.0 + 2.0) / 15, 1e-12);
	/* the 8-node source's P_v covers the 16-node destination's v <= 2
	 * only: P_1 = 1/7, P_2 = 6/7 sum to one */
	assert_close(pb.g[1].S_ex, 10 * 0.5, 1e-12);

	/* Eq. (30): m = 4, two clusters of n = 1 (4 nodes), n_c = 1.  Q =
	 * 1 - 3/7 = 4/7; l_c(E1) = (2 * 4 Q lambda) * 2 / (4 * 1 * 4) = 4/7
	 * lambda, l_c(I2) = (2 * 4 Q lambda) * 2 / (4 * 2 * 1) = 8/7 lambda.
	 * The journey has K = 3 stages; stage 2 is the node link.  Intended:
	 * stage 0 ECN1, 1 ICN2; printed (r != k < r+2l-1 = 2, r = 1): stage 0
	 * ICN2, stage 1 ECN1.  With t = 1, M = 10 and W = S (l S)/2 backwards: */
	p = small_system();
	p.ngroups = 1;
	p.g[0] = (struct mc_group_params){ 2, 1, 0.0 };
	p.icn1 = p.ecn1 = p.icn2 = (struct mc_timing){ 1, 1 };
	init(&a, &p);
	p.eq30 = MC_EQ30_PRINTED;
	init(&b, &p);
	lam = 0.01;
	mc_eval(&a, lam, &pa);
	mc_eval(&b, lam, &pb);
	double lE = 4.0 / 7 * lam, lI = 8.0 / 7 * lam;
	for (int printed = 0; printed < 2; printed++) {
		double l1 = printed ? lE : lI, l0 = printed ? lI : lE;
		double S2 = 10, W2 = S2 * lE * S2 / 2;
		double S1 = W2 + 10, W1 = S1 * l1 * S1 / 2;
		double S0 = W1 + W2 + 10;
		(void)l0;
		assert_close((printed ? pb : pa).g[0].S_ex, S0, 1e-12);
	}
	/* stage 0's rate shows in its blocking, not in S_0 */
	assert_true(pb.g[0].PB_ex_max > pa.g[0].PB_ex_max);

	/* sharifi Eq. (21): m = 4, n = 3 (16 nodes) under the transpose, every
	 * message crosses 2n = 6 links (Count_3 = 12 of 12 senders), so the
	 * tail is 4 t_cs + t_cn; uniformly (Eq. 9: P = 1/15, 2/15, 12/15) it
	 * is sum P_h ((2h - 2) t_cs + t_cn). */
	p = small_system();
	p.ngroups = 1;
	p.g[0] = (struct mc_group_params){ 2, 3, 0.0 };
	p.pattern = FT_TRANSPOSE;
	p.theta = 0.5;
	init(&a, &p);
	p.eq21 = MC_EQ21_UNIFORM;
	init(&b, &p);
	mc_eval(&a, 0, &pa);
	mc_eval(&b, 0, &pb);
	assert_close(pa.g[0].R_in, 4 * 0.25 + 0.5, 1e-12);
	assert_close(pb.g[0].R_in, (1 * 0.5 + 2 * (2 * 0.25 + 0.5) + 12 * (4 * 0.25 + 0.5)) / 15,
		     1e-12);
	assert_close(pa.g[0].S_in, pb.g[0].S_in, 1e-12);
}

static void test_groups_split_equal(void **state)
{
	(void)state;
	/* Four identical clusters as one group or as two groups of two give
	 * the same model. */
	struct mc_params p = small_system(), q;
	p.ngroups = 1;
	p.g[0] = (struct mc_group_params){ 4, 2, 0.1 };
	q = p;
	q.ngroups = 2;
	q.g[0].count = 2;
	q.g[1] = q.g[0];
	struct mc_model a, b;
	struct mc_point pa, pb;
	init(&a, &p);
	init(&b, &q);
	double lam = 0.7 * mc_saturation(&a);
	mc_eval(&a, lam, &pa);
	mc_eval(&b, lam, &pb);
	assert_close(pb.T, pa.T, 1e-12);
	assert_close(mc_saturation(&a), mc_saturation(&b), 1e-12);
}

static void test_partial_icn2(void **state)
{
	(void)state;
	/* C = 3 clusters do not fill any m-port n_c-tree with m = 8
	 * (2(m/2)^1 = 8): the ICN2 is an 8-port 1-tree with 3 occupied ports,
	 * all on its single switch, so every ICN2 journey is 2 links. */
	struct mc_params p = small_system();
	p.m = 8;
	p.ngroups = 1;
	p.g[0] = (struct mc_group_params){ 3, 1, 0 };
	struct mc_model mdl;
	init(&mdl, &p);
	assert_int_equal(mdl.C, 3);
	assert_int_equal(mdl.n_c, 1);
	assert_close(mdl.P_icn2[1], 1, 1e-12);
	assert_close(mdl.d_icn2, 2, 1e-12);
	/* C = 9 with m = 4: a 4-port 3-tree (16 ports) holds them; pairs among
	 * addresses 0..8: same leaf switch {0,1},{2,3},...: h = 1 for 8 ordered
	 * pairs; h = 2 within {0..3}, {4..7}: 16; the rest 72 - 24 = 48 at h = 3. */
	p.m = 4;
	p.g[0].count = 9;
	init(&mdl, &p);
	assert_int_equal(mdl.n_c, 3);
	assert_close(mdl.P_icn2[1], 8.0 / 72, 1e-12);
	assert_close(mdl.P_icn2[2], 16.0 / 72, 1e-12);
	assert_close(mdl.P_icn2[3], 48.0 / 72, 1e-12);
}

static void test_bad_params(void **state)
{
	(void)state;
	struct mc_params p = small_system();
	struct mc_model mdl;
	char err[256];
	p.m = 5;
	assert_int_equal(mc_model_init(&mdl, &p, NULL, err, sizeof err), -1);
	p = small_system();
	p.ngroups = 1;
	p.g[0].count = 1;
	assert_int_equal(mc_model_init(&mdl, &p, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "clusters"));
	p = small_system();
	p.m = 6;
	p.pattern = FT_TRANSPOSE;
	assert_int_equal(mc_model_init(&mdl, &p, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "power-of-two"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timing_from_link),
		cmocka_unit_test(test_zero_load_closed_form),
		cmocka_unit_test(test_zero_load_javadi),
		cmocka_unit_test(test_channel_rates),
		cmocka_unit_test(test_rises_with_load),
		cmocka_unit_test(test_rises_with_M_and_tau),
		cmocka_unit_test(test_saturation),
		cmocka_unit_test(test_theta_limits),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_printed_readings),
		cmocka_unit_test(test_groups_split_equal),
		cmocka_unit_test(test_partial_icn2),
		cmocka_unit_test(test_bad_params),
	};
	return cmocka_run_group_tests_name("model_multicluster", tests, NULL, NULL);
}
