/*
 * test_star_refined.c: icnx's refined star model (src/model/star_refined.c)
 * against the printed model where its mechanisms vanish, and against
 * closed forms: processor sharing on one channel (V-bar_PS, and the worm's
 * pace through one and two channels), the M/D/1 port and source queues.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>

#include "model/star.h"
#include "model/star_refined.h"

static void init_pair(struct star_model *m, struct star_refined *r, int V,
		      enum star_inject inj, enum star_mux mux)
{
	struct star_params p;
	char msg[256];

	star_params_default(&p);
	p.V = V;
	assert_int_equal(star_model_init(m, &p, msg, sizeof msg), 0);
	assert_int_equal(star_refined_init(r, &p, inj, mux, 0, msg, sizeof msg), 0);
}

/* per-vc injection with Eq. 19's V-bar is the printed model with ws = text,
 * exactly, at every load, saturation included. */
static void test_per_vc_is_eq16(void **st)
{
	(void)st;
	struct star_model m;
	struct star_refined r;
	double sat, sat_r;

	init_pair(&m, &r, 6, STAR_INJECT_PER_VC, STAR_MUX_VBAR);
	assert_int_equal(star_saturation(&m, 0, &sat, NULL), STAR_OK);
	assert_int_equal(star_refined_saturation(&r, 0, &sat_r, NULL), STAR_OK);
	assert_true(sat_r == sat);
	for (int k = 0; k <= 10; k++) {
		struct star_point pt;
		struct star_refined_point rp;
		double lg = sat * k / 10.0;
		int a = star_eval(&m, lg, &pt, NULL), b = star_refined_eval(&r, lg, &rp, NULL);

		assert_int_equal(a, b);
		if (a == STAR_OK) {
			assert_true(rp.latency == pt.latency);
			assert_true(rp.Ws == pt.Ws);
		}
	}
	star_refined_free(&r);
	star_model_free(&m);
}

/* Light load: every refinement reduces to the printed zero-load latency
 * M + d-bar, and stays within O(lambda_g) of the printed model. */
static void test_light_load(void **st)
{
	(void)st;
	for (int inj = 0; inj < STAR_INJECT_COUNT; inj++)
		for (int mux = 0; mux < STAR_MUX_COUNT; mux++) {
			struct star_model m;
			struct star_refined r;
			struct star_point pt;
			struct star_refined_point rp;

			init_pair(&m, &r, 9, (enum star_inject)inj, (enum star_mux)mux);
			assert_int_equal(star_refined_eval(&r, 0.0, &rp, NULL), STAR_OK);
			assert_rel(rp.latency, 32 + m.dbar, 1e-12);
			assert_int_equal(star_eval(&m, 1e-7, &pt, NULL), STAR_OK);
			assert_int_equal(star_refined_eval(&r, 1e-7, &rp, NULL), STAR_OK);
			assert_rel(rp.latency, pt.latency, 1e-4);
			star_refined_free(&r);
			star_model_free(&m);
		}
}

/* Processor sharing: V-bar_PS = sum_v P_v min(v+1, V) with Eq. 18's
 * truncated geometric P_v, summed here term by term; 1 at V = 1; and one
 * channel with V = 64 >> the load's VCs gives 1 + M/(1 - rho). */
static void test_ps_closed_form(void **st)
{
	(void)st;
	const double rhos[] = { 0.0, 0.1, 0.3, 0.6, 0.8, 0.95 };

	for (size_t i = 0; i < sizeof rhos / sizeof rhos[0]; i++) {
		double rho = rhos[i];

		for (int V = 1; V <= 64; V++) {
			double s = 0.0;

			for (int v = 0; v < V; v++)
				s += (1.0 - rho) * pow(rho, v) * (v + 1);
			s += pow(rho, V) * V;
			assert_rel(star_vbar_ps(V, rho), s, 1e-12);
		}
		assert_rel(star_vbar_ps(1, rho), 1.0, 0.0);
	}
	/* the measured one-channel case of issue 20: M = 32, rho 0.3/0.6/0.8 */
	assert_rel(1 + 32 * star_vbar_ps(64, 0.3), 1 + 32 / 0.7, 1e-12);
	assert_rel(1 + 32 * star_vbar_ps(64, 0.6), 1 + 32 / 0.4, 1e-12);
	assert_rel(1 + 32 * star_vbar_ps(64, 0.8), 1 + 32 / 0.2, 1e-5);
}

/* Single port: latency = S V-bar + lambda x^2 / (2 (1 - lambda x)) with
 * x = S V-bar - d-bar from the printed point; saturated iff lambda x >= 1,
 * so the refined saturation load has lambda x -> 1 (or the network's). */
static void test_single_port(void **st)
{
	(void)st;
	struct star_model m;
	struct star_refined r;
	struct star_refined_point rp;
	double sat, sat_r;

	init_pair(&m, &r, 6, STAR_INJECT_SINGLE, STAR_MUX_VBAR);
	assert_int_equal(star_saturation(&m, 0, &sat, NULL), STAR_OK);
	assert_int_equal(star_refined_saturation(&r, 1e-9, &sat_r, NULL), STAR_OK);
	assert_true(sat_r < sat);
	for (int k = 1; k <= 9; k++) {
		double lg = sat_r * k / 10.0;

		assert_int_equal(star_refined_eval(&r, lg, &rp, NULL), STAR_OK);
		double x = rp.net.S * rp.net.Vbar - m.dbar;
		assert_rel(rp.x, x, 1e-12);
		assert_rel(rp.latency, rp.net.S * rp.net.Vbar + lg * x * x / (2 * (1 - lg * x)), 1e-12);
	}
	assert_int_equal(star_refined_eval(&r, sat_r, &rp, NULL), STAR_OK);
	assert_rel(sat_r * rp.x, 1.0, 1e-6);
	assert_int_equal(star_refined_eval(&r, sat_r * (1 + 1e-6), &rp, NULL), STAR_SATURATED);
	assert_true(isinf(rp.latency));
	assert_true(isfinite(rp.Vbar));   /* only the port's queue saturated */
	/* past the network's saturation every column is INFINITY, V-bar too
	 * (it was NaN: the fuzz_model failure of 2026-11-28) */
	assert_int_equal(star_refined_eval(&r, sat * 1.01, &rp, NULL), STAR_SATURATED);
	assert_true(isinf(rp.latency) && isinf(rp.Ws) && isinf(rp.Vbar));
	star_refined_free(&r);
	star_model_free(&m);
}

static void test_names(void **st)
{
	(void)st;
	for (int i = 0; i < STAR_MUX_COUNT; i++)
		assert_int_equal(star_mux_parse(star_mux_name((enum star_mux)i)), i);
	assert_int_equal(star_mux_parse("bogus"), -1);
	assert_null(star_mux_name(STAR_MUX_COUNT));
	star_refined_free(NULL);
}

/* Next-cycle release: every channel held M + 1 cycles.  The zero-load
 * latency is unchanged (the message's own transfer is M), the saturation
 * is lower, in both injections. */
static void test_release(void **st)
{
	(void)st;
	struct star_params p;
	char msg[256];

	star_params_default(&p);
	p.V = 6;
	for (int inj = 0; inj < STAR_INJECT_COUNT; inj++) {
		struct star_refined a, b;
		struct star_refined_point pa, pb;
		double sa, sb;

		assert_int_equal(star_refined_init(&a, &p, inj, STAR_MUX_VBAR, 0, msg, sizeof msg), 0);
		assert_int_equal(star_refined_init(&b, &p, inj, STAR_MUX_VBAR, 1, msg, sizeof msg), 0);
		assert_int_equal(star_refined_eval(&a, 0, &pa, NULL), STAR_OK);
		assert_int_equal(star_refined_eval(&b, 0, &pb, NULL), STAR_OK);
		assert_close(pb.latency, pa.latency, 1e-12);
		assert_int_equal(star_refined_saturation(&a, 0, &sa, NULL), STAR_OK);
		assert_int_equal(star_refined_saturation(&b, 0, &sb, NULL), STAR_OK);
		assert_true(sb < sa);
		star_refined_free(&a);
		star_refined_free(&b);
	}
}


/* The worm's pace: one processor-sharing channel is 1/(1 - u); two
 * independent channels E[max(1 + N_1, 1 + N_2)] = 1 + 2u/(1 - u) -
 * u^2/(1 - u^2); zero load 1; it rises with every utilisation; NAN out of
 * range. */
static void test_worm_pace(void **st)
{
	(void)st;
	const double us[] = { 0.0, 0.05, 0.3, 0.6, 0.9, 0.99 };

	for (size_t i = 0; i < sizeof us / sizeof us[0]; i++) {
		double u = us[i];

		assert_rel(star_worm_pace(1, u, u, 0.0), 1.0 / (1.0 - u), 1e-12);
		assert_rel(star_worm_pace(2, u, u, 0.0),
			   1.0 + 2.0 * u / (1.0 - u) - u * u / (1.0 - u * u), 1e-12);
		assert_rel(star_worm_pace(1, 0.0, 0.0, u), 1.0 / (1.0 - u), 1e-12);
		if (u > 0.0) {
			assert_true(star_worm_pace(3, u, u, u) > star_worm_pace(3, u, u, 0.0));
			assert_true(star_worm_pace(4, u, u, 0.0) > star_worm_pace(3, u, u, 0.0));
			assert_true(star_worm_pace(3, u, 0.5 * u, 0.0) < star_worm_pace(3, u, u, 0.0));
		}
	}
	assert_rel(star_worm_pace(6, 0.0, 0.0, 0.0), 1.0, 0.0);
	assert_true(isnan(star_worm_pace(0, 0.1, 0.1, 0.1)));
	assert_true(isnan(star_worm_pace(2, 1.0, 0.1, 0.1)));
	assert_true(isnan(star_worm_pace(2, 0.1, 0.1, -0.1)));
}

/* The worm model, recomputed from its parts: S-bar = sum_h P(h) (h + M
 * e_h) with u = lambda_g d-bar M/(n-1), u_e = lambda_g M (one port: the
 * first channel at u - lambda_g M/(n-1)); x = sum_h P(h) (M e_h - h (e_h -
 * 1)); W_s M/D/1 at lambda_g/V (per-vc) or lambda_g (one port); the
 * saturation where that queue's utilisation reaches 1; next-cycle release
 * changes nothing. */
static void test_worm_model(void **st)
{
	(void)st;
	for (int inj = 0; inj < STAR_INJECT_COUNT; inj++) {
		struct star_model m;
		struct star_refined r, rh;
		struct star_refined_point rp, rq;
		struct star_params p;
		char msg[256];
		double sat_r, nodes = 0.0;

		init_pair(&m, &r, 6, (enum star_inject)inj, STAR_MUX_WORM);
		star_params_default(&p);
		p.V = 6;
		assert_int_equal(star_refined_init(&rh, &p, (enum star_inject)inj, STAR_MUX_WORM, 1,
						   msg, sizeof msg), 0);
		for (int h = 1; h <= m.H; h++)
			nodes += m.topo.dist_count[h];
		assert_int_equal(star_refined_saturation(&r, 1e-9, &sat_r, NULL), STAR_OK);
		for (int k = 1; k <= 9; k++) {
			double lg = sat_r * k / 10.0, M = 32.0;
			double u = lg * m.dbar / 4 * M, ue = lg * M, u1 = inj ? u - lg * M / 4 : u;
			double S = 0.0, x = 0.0;

			for (int h = 1; h <= m.H; h++) {
				double e = star_worm_pace(h, u, u1, ue), ph = m.topo.dist_count[h] / nodes;

				S += ph * (h + M * e);
				x += ph * (M * e - h * (e - 1.0));
			}
			double ls = inj ? lg : lg / 6.0;
			assert_int_equal(star_refined_eval(&r, lg, &rp, NULL), STAR_OK);
			assert_rel(rp.S, S, 1e-12);
			assert_rel(rp.x, x, 1e-12);
			assert_rel(rp.Ws, ls * x * x / (2.0 * (1.0 - ls * x)), 1e-12);
			assert_rel(rp.latency, S + rp.Ws, 1e-12);
			assert_int_equal(star_refined_eval(&rh, lg, &rq, NULL), STAR_OK);
			assert_true(rq.latency == rp.latency);
		}
		assert_int_equal(star_refined_eval(&r, sat_r, &rp, NULL), STAR_OK);
		assert_rel((inj ? sat_r : sat_r / 6.0) * rp.x, 1.0, 1e-6);
		assert_int_equal(star_refined_eval(&r, sat_r * (1 + 1e-6), &rp, NULL), STAR_SATURATED);
		assert_true(isinf(rp.latency) && isfinite(rp.S));
		star_refined_free(&r);
		star_refined_free(&rh);
		star_model_free(&m);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_per_vc_is_eq16),
		cmocka_unit_test(test_light_load),
		cmocka_unit_test(test_ps_closed_form),
		cmocka_unit_test(test_single_port),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_release),
		cmocka_unit_test(test_worm_pace),
		cmocka_unit_test(test_worm_model),
	};

	return cmocka_run_group_tests_name("star_refined", tests, NULL, NULL);
}
