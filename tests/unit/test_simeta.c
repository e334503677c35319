/*
 * test_simeta.c: unit tests for src/ui/simeta (the simulation's time left),
 * on values worked by hand: nothing before the first point; the work rule
 * (rate x the lowest done point's work x points left); the last point's own time
 * and the running point's projection taking over when larger; the running
 * fraction; the text's units and rounding; the cost estimate from a
 * calibration slice of the run (sim_cal) and when it is said.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ui/simeta.h"
#include "testkit.h"

static void test_nothing_before_first_point(void **state)
{
	(void)state;
	struct sim_eta_in in = { NULL, 0, 6, 1000, NAN, 500, 0.5 };
	assert_true(isnan(sim_eta_ms(&in)));
	const double w[] = { 100, 100, 100, 100, 100, 100 };
	in = (struct sim_eta_in){ w, 6, 6, 1000, 100, 0, 0 };      /* all done */
	assert_true(isnan(sim_eta_ms(&in)));
	const double bad[] = { INFINITY };
	in = (struct sim_eta_in){ bad, 1, 6, 1000, 1000, 0, 0 };   /* no finite work */
	assert_true(isnan(sim_eta_ms(&in)));
	in = (struct sim_eta_in){ w, 1, 6, 0, 0, 0, 0 };           /* no time */
	assert_true(isnan(sim_eta_ms(&in)));
	/* a failed point (NaN work) is left out: the rate of the others,
	 * the last point with work for the next (1000 ms / 200 x 100 x 4) */
	const double failed[] = { 100, NAN, 100 };
	in = (struct sim_eta_in){ failed, 3, 7, 1000, NAN, 0, 0 };
	assert_float_equal(sim_eta_ms(&in), 2000, 1e-9);
}

static void test_fraction_rule(void **state)
{
	(void)state;
	/* 10 s for a quarter: 30 s left; nothing before 5%, at the end or
	 * without a time */
	assert_float_equal(sim_eta_fraction_ms(10000, 0.25), 30000, 1e-9);
	assert_true(isnan(sim_eta_fraction_ms(10000, 0.04)));
	assert_true(isnan(sim_eta_fraction_ms(10000, 1)));
	assert_true(isnan(sim_eta_fraction_ms(0, 0.5)));
	assert_true(isnan(sim_eta_fraction_ms(NAN, 0.5)));
}

static void test_work_rule(void **state)
{
	(void)state;
	/* two points, 1000 + 3000 flit-hops in 2000 ms: 0.5 ms per flit-hop;
	 * the points run from the highest load down, so the lowest point done
	 * (1000, row 0) stands for the next: 500 ms per point; 4 points left,
	 * the running one 25% done: 500 x 3.75 = 1875 ms */
	const double w[] = { 1000, 3000 };
	struct sim_eta_in in = { w, 2, 6, 2000, 100, 100, 0.25 };
	assert_close(sim_eta_ms(&in), 1875, 1e-9);
	in.f = 0;                                   /* nothing of it done: 2000 */
	assert_close(sim_eta_ms(&in), 2000, 1e-9);
	in.f = 7;                                   /* clamped to 1: 1500 */
	assert_close(sim_eta_ms(&in), 1500, 1e-9);
}

static void test_slower_points_take_over(void **state)
{
	(void)state;
	const double w[] = { 1000, 3000 };
	/* the last point alone took 2500 ms > 500: 2500 x 4 */
	struct sim_eta_in in = { w, 2, 6, 2000, 2500, 0, 0 };
	assert_close(sim_eta_ms(&in), 10000, 1e-9);
	/* the running point: 1500 ms for 30% -> 5000 ms a point; 3.7 left */
	in = (struct sim_eta_in){ w, 2, 6, 2000, 1000, 1500, 0.3 };
	assert_close(sim_eta_ms(&in), 5000 * 3.7, 1e-9);
	/* below 10% the projection is not trusted: the work rule, 500 x 3.95 */
	in = (struct sim_eta_in){ w, 2, 6, 2000, 100, 1500, 0.05 };
	assert_close(sim_eta_ms(&in), 500 * 3.95, 1e-9);
}

static void test_text(void **state)
{
	(void)state;
	char b[48];
	sim_eta_text(NAN, b, sizeof b);
	assert_string_equal(b, "");
	sim_eta_text(5, b, sizeof b);
	assert_string_equal(b, "~1 s left");
	sim_eta_text(11001, b, sizeof b);
	assert_string_equal(b, "~12 s left");
	sim_eta_text(119000, b, sizeof b);
	assert_string_equal(b, "~119 s left");
	sim_eta_text(150000, b, sizeof b);
	assert_string_equal(b, "~3 min left");
	sim_eta_text(7500000, b, sizeof b);         /* 125 min */
	assert_string_equal(b, "~2 h 5 min left");
}

static void test_about(void **state)
{
	(void)state;
	char b[48];
	sim_eta_about(NAN, b, sizeof b);
	assert_string_equal(b, "");
	sim_eta_about(5, b, sizeof b);
	assert_string_equal(b, "about 1 s");
	sim_eta_about(150000, b, sizeof b);
	assert_string_equal(b, "about 3 min");
	sim_eta_about(7500000, b, sizeof b);
	assert_string_equal(b, "about 2 h 5 min");
}

static void test_calibration_slice(void **state)
{
	(void)state;
	struct sim_cal c;
	/* started at t = 1000; nothing done until 1300 (building the network):
	 * not part of the rate */
	sim_cal_start(&c, 1000);
	assert_false(sim_cal_feed(&c, 1100, 0));
	assert_false(sim_cal_feed(&c, 1300, 0.002));     /* the slice opens */
	assert_false(sim_cal_feed(&c, 1700, 0.03));      /* 400 ms: too short */
	assert_true(isnan(c.est_ms));
	/* 500 ms for 0.05 of the run: 0.95 left at 10 ms per 0.001 = 9500 ms,
	 * plus the 800 ms spent */
	assert_true(sim_cal_feed(&c, 1800, 0.052));
	assert_close(c.est_ms, 800 + 0.948 * 500 / 0.05, 1e-9);
	/* made once a run */
	double est = c.est_ms;
	assert_false(sim_cal_feed(&c, 2500, 0.2));
	assert_float_equal(c.est_ms, est, 0);
	/* a slow slice waits for SIM_CAL_F of the run: 2 s for 0.005 is not
	 * enough, 3 s for 0.0105 is (about 285 s for the whole) */
	sim_cal_start(&c, 0);
	assert_false(sim_cal_feed(&c, 0, 0.001));
	assert_false(sim_cal_feed(&c, 2000, 0.006));
	assert_true(sim_cal_feed(&c, 3000, 0.0115));
	assert_close(c.est_ms, 3000 + 0.9885 * 3000 / 0.0105, 1e-9);
	/* no reading of a finished or undefined fraction */
	sim_cal_start(&c, 0);
	assert_false(sim_cal_feed(&c, 100, NAN));
	assert_false(sim_cal_feed(&c, 100, 1));
	assert_true(isnan(c.ta_ms));
}

static void test_when_said(void **state)
{
	(void)state;
	/* short: never; long: on the first run, or when the cost changed
	 * at least twofold since the last run of that output */
	assert_false(sim_cal_announce(4999, NAN));
	assert_false(sim_cal_announce(NAN, NAN));
	assert_false(sim_cal_announce(INFINITY, NAN));
	assert_true(sim_cal_announce(SIM_CAL_SAY_MS, NAN));
	assert_true(sim_cal_announce(40000, 0));
	assert_false(sim_cal_announce(40000, 30000));
	assert_false(sim_cal_announce(40000, 60000));
	assert_true(sim_cal_announce(40000, 20000));
	assert_true(sim_cal_announce(40000, 80000));
	assert_true(sim_cal_announce(40000, 1000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_before_first_point),
		cmocka_unit_test(test_fraction_rule),
		cmocka_unit_test(test_work_rule),
		cmocka_unit_test(test_slower_points_take_over),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_about),
		cmocka_unit_test(test_calibration_slice),
		cmocka_unit_test(test_when_said),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
