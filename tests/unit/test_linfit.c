/*
 * test_linfit.c: unit tests for src/model/linfit (Pearson r and the least-
 * squares line), on values computed by hand: a five-point fit (Sxx 10,
 * Syy 6, Sxy 6), a weighted three-point fit equal to its duplicated
 * unweighted form (r = slope = intercept = 7/11), an exact line, the
 * degenerate cases (constant x or y, fewer than two points, weights <= 0)
 * and a non-finite point.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "model/linfit.h"
#include "testkit.h"

static void test_five_points(void **state)
{
	(void)state;
	const double x[] = { 1, 2, 3, 4, 5 }, y[] = { 2, 4, 5, 4, 5 };
	struct linfit f;
	assert_int_equal(linfit(x, y, NULL, 5, &f), 0);
	assert_int_equal(f.n, 5);
	assert_close(f.wsum, 5, 1e-15);
	assert_close(f.slope, 0.6, 1e-14);               /* 6 / 10 */
	assert_close(f.intercept, 2.2, 1e-14);           /* 4 - 0.6 * 3 */
	assert_close(f.r, 6 / sqrt(60.0), 1e-14);        /* 0.7745966692 */
}

static void test_weighted(void **state)
{
	(void)state;
	const double x[] = { 1, 2, 3 }, y[] = { 1, 3, 2 }, w[] = { 2, 1, 1 };
	const double xd[] = { 1, 1, 2, 3 }, yd[] = { 1, 1, 3, 2 };
	struct linfit f, g;
	assert_int_equal(linfit(x, y, w, 3, &f), 0);
	assert_int_equal(f.n, 3);
	assert_close(f.wsum, 4, 1e-15);
	/* means 7/4, Sxx = Syy = 2.75, Sxy = 1.75 */
	assert_close(f.slope, 7.0 / 11, 1e-14);
	assert_close(f.intercept, 7.0 / 11, 1e-14);
	assert_close(f.r, 7.0 / 11, 1e-14);
	assert_int_equal(linfit(xd, yd, NULL, 4, &g), 0);
	assert_close(g.slope, f.slope, 1e-14);
	assert_close(g.intercept, f.intercept, 1e-14);
	assert_close(g.r, f.r, 1e-14);
}

static void test_exact_line(void **state)
{
	(void)state;
	const double x[] = { 0, 1.5, 2, 7 }, y[] = { 10, 7, 6, -4 };   /* y = 10 - 2x */
	struct linfit f;
	assert_int_equal(linfit(x, y, NULL, 4, &f), 0);
	assert_close(f.slope, -2, 1e-14);
	assert_close(f.intercept, 10, 1e-14);
	assert_true(f.r == -1);
}

static void test_degenerate(void **state)
{
	(void)state;
	const double x[] = { 2, 2, 2 }, y[] = { 1, 2, 3 }, c[] = { 5, 5, 5 };
	const double x3[] = { 1, 2, 3 }, w0[] = { 1, 0, -1 }, wn[] = { NAN, 1, 1 };
	struct linfit f;
	assert_int_equal(linfit(x, y, NULL, 3, &f), 0);        /* constant x */
	assert_true(isnan(f.slope) && isnan(f.intercept) && isnan(f.r));
	assert_int_equal(f.undef, LINFIT_X_SAME);
	assert_int_equal(linfit(x3, c, NULL, 3, &f), 0);       /* constant y */
	assert_close(f.slope, 0, 1e-15);
	assert_close(f.intercept, 5, 1e-15);
	assert_true(isnan(f.r));
	assert_int_equal(f.undef, LINFIT_Y_SAME);
	assert_int_equal(linfit(x3, y, NULL, 1, &f), 0);       /* one point */
	assert_int_equal(f.n, 1);
	assert_true(isnan(f.slope) && isnan(f.r));
	assert_int_equal(f.undef, LINFIT_FEW);
	assert_int_equal(linfit(x3, y, w0, 3, &f), 0);         /* one weight > 0 */
	assert_int_equal(f.n, 1);
	assert_true(isnan(f.r));
	assert_int_equal(f.undef, LINFIT_FEW);
	assert_int_equal(linfit(x3, y, NULL, 0, &f), 0);       /* no point */
	assert_int_equal(f.undef, LINFIT_FEW);
	assert_int_equal(linfit(x3, y, wn, 3, &f), 0);         /* NaN weight: left out */
	assert_int_equal(f.n, 2);
	assert_int_equal(f.undef, LINFIT_DEFINED);
	assert_close(f.slope, 1, 1e-15);
	assert_close(f.r, 1, 1e-15);
}

static void test_not_finite(void **state)
{
	(void)state;
	const double x[] = { 1, 2, 3 }, y[] = { 1, INFINITY, 3 };
	struct linfit f;
	assert_int_equal(linfit(x, y, NULL, 3, &f), -1);
	assert_true(isnan(f.r) && isnan(f.slope));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_five_points),
		cmocka_unit_test(test_weighted),
		cmocka_unit_test(test_exact_line),
		cmocka_unit_test(test_degenerate),
		cmocka_unit_test(test_not_finite),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
