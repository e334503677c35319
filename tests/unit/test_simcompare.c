/*
 * test_simcompare.c: unit tests for src/ui/simcompare (the model against
 * the simulation, part by part), on a hand-made joined table shaped like
 * `-o curve --sim`: load | latency, W_s (CM_SOURCE_WAIT), S (a component
 * with no simulated counterpart) | sim_latency, sim_lower, sim_upper,
 * sim_wait (CM_SOURCE_WAIT), sim_network (CM_AFTER_SOURCE).  Pairs by type
 * (the column names play no part: they are deliberately odd here), the
 * derived T - W_s, a saturated model, the nearest row, the difference, the
 * concentrator/dispatcher wait (CM_QUEUE_WAIT) as a fourth pair, and a
 * table without model columns (irregular).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ui/simcompare.h"
#include "testkit.h"

/* rows: x, T, Ws, S, sim, lo, hi, swait, snet */
static void make(struct table *t, const double rows[][9], size_t n, bool model)
{
	const char *names[] = { "x", "mT", "mW", "mS", "sT", "sLo", "sHi", "sW", "sN" };
	table_init(t, "");
	for (size_t c = 0; c < 9; c++) {
		if (!model && c >= 1 && c <= 3)
			continue;
		assert_true(table_add_col(t, names[c], "", names[c], COL_NUM) >= 0);
	}
	int sv = model ? 4 : 1;
	table_set_role(t, 0, COL_X, -1);
	if (model) {
		table_set_role(t, 2, COL_COMPONENT, 1);
		table_set_measure(t, 2, CM_SOURCE_WAIT);
		table_set_role(t, 3, COL_COMPONENT, 1);
	}
	table_set_role(t, (size_t)sv + 1, COL_LOWER, sv);
	table_set_role(t, (size_t)sv + 2, COL_UPPER, sv);
	table_set_role(t, (size_t)sv + 3, COL_COMPONENT, sv);
	table_set_measure(t, (size_t)sv + 3, CM_SOURCE_WAIT);
	table_set_role(t, (size_t)sv + 4, COL_COMPONENT, sv);
	table_set_measure(t, (size_t)sv + 4, CM_AFTER_SOURCE);
	for (size_t r = 0; r < n; r++) {
		long k = table_add_row(t);
		assert_true(k >= 0);
		size_t c = 0;
		for (size_t j = 0; j < 9; j++) {
			if (!model && j >= 1 && j <= 3)
				continue;
			table_set(t, (size_t)k, c++, rows[r][j]);
		}
	}
}

static void test_pairs_by_type(void **state)
{
	(void)state;
	const double rows[][9] = {
		{ 0.002, 40, 1, 30, 44, 43, 45, 2, 42 },
		{ 0.008, 60, 3, 35, 90, 86, 94, 27, 63 },
	};
	struct table t;
	struct simcmp s;
	make(&t, rows, 2, true);
	assert_true(simcmp_build(&t, 1, &s));
	assert_int_equal(s.n, 3);
	assert_string_equal(s.row[0].label, "mT");
	assert_close(s.row[0].model, 60, 0);
	assert_close(s.row[0].sim, 90, 0);
	assert_close(s.row[0].lo, 86, 0);
	assert_close(s.row[0].hi, 94, 0);
	assert_string_equal(s.row[1].label, "mW");
	assert_close(s.row[1].model, 3, 0);
	assert_close(s.row[1].sim, 27, 0);
	assert_true(isnan(s.row[1].lo));
	assert_string_equal(s.row[2].label, "mT-mW");     /* T - W_s, derived */
	assert_true(s.row[2].derived);
	assert_close(s.row[2].model, 57, 0);
	assert_close(s.row[2].sim, 63, 0);
	assert_int_equal(s.n_model_only, 1);               /* S: the model's only */
	assert_int_equal(s.model_only[0], 3);
	table_free(&t);
}

static void test_saturated_and_nearest(void **state)
{
	(void)state;
	const double rows[][9] = {
		{ 0.002, 40, 1, 30, 44, 43, 45, 2, 42 },
		{ 0.008, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY,
		  INFINITY },
	};
	struct table t;
	struct simcmp s;
	make(&t, rows, 2, true);
	assert_true(simcmp_build(&t, 1, &s));
	assert_true(isinf(s.row[2].model));                /* inf - inf stays inf */
	assert_true(isnan(simcmp_diff(s.row[0].model, s.row[0].sim)));
	assert_int_equal(simcmp_nearest(&t, 0.0049), 0);
	assert_int_equal(simcmp_nearest(&t, 0.0051), 1);
	assert_int_equal(simcmp_nearest(&t, NAN), 0);
	assert_false(simcmp_build(&t, 2, &s));             /* no such row */
	assert_close(simcmp_diff(60, 90), -100.0 / 3, 1e-12);
	assert_true(isnan(simcmp_diff(1, 0)));
	table_free(&t);
}

/* A multi-cluster shape: the model's W_d and the simulated queue wait,
 * both CM_QUEUE_WAIT, pair into a fourth row; W_d leaves the model-only
 * list. */
static void test_queue_wait(void **state)
{
	(void)state;
	const double rows[][9] = { { 0.002, 60, 1, 10, 90, 86, 94, 3, 87 } };
	struct table t;
	struct simcmp s;
	make(&t, rows, 1, true);
	table_set_measure(&t, 3, CM_QUEUE_WAIT);          /* mS plays W_d */
	/* the simulated queue wait, a component of the simulated value */
	struct table u;
	assert_int_equal(table_copy(&u, &t), 0);
	table_free(&t);
	table_init(&t, "");
	for (size_t c = 0; c < u.ncols; c++) {
		assert_true(table_add_col(&t, u.cols[c].name, "", "", COL_NUM) >= 0);
		table_set_role(&t, c, u.cols[c].role, u.cols[c].of);
		table_set_measure(&t, c, u.cols[c].measure);
	}
	int q = table_add_col(&t, "sQ", "", "", COL_NUM);
	assert_true(q > 0);
	table_set_role(&t, (size_t)q, COL_COMPONENT, 4);
	table_set_measure(&t, (size_t)q, CM_QUEUE_WAIT);
	assert_true(table_add_row(&t) == 0);
	for (size_t c = 0; c < u.ncols; c++)
		table_set(&t, 0, c, table_get(&u, 0, c));
	table_set(&t, 0, (size_t)q, 25);
	table_free(&u);
	assert_true(simcmp_build(&t, 0, &s));
	assert_int_equal(s.n, 4);
	assert_string_equal(s.row[3].label, "mS");
	assert_close(s.row[3].model, 10, 0);
	assert_close(s.row[3].sim, 25, 0);
	assert_int_equal(s.n_model_only, 0);
	table_free(&t);
}

static void test_no_model(void **state)
{
	(void)state;
	const double rows[][9] = { { 0.002, 0, 0, 0, 44, 43, 45, 2, 42 } };
	struct table t;
	struct simcmp s;
	make(&t, rows, 1, false);
	assert_false(simcmp_build(&t, 0, &s));
	assert_int_equal(s.n, 0);
	table_free(&t);
	table_init(&t, "");
	assert_int_equal(simcmp_nearest(&t, 1), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairs_by_type),
		cmocka_unit_test(test_saturated_and_nearest),
		cmocka_unit_test(test_queue_wait),
		cmocka_unit_test(test_no_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
