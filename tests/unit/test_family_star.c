/*
 * test_family_star.c: the `star` family through its descriptor, as the
 * batch mode and the explorer use it: the curve (zero-load row written out
 * by hand, rising latency, INFINITY when saturated), the summary, the hops,
 * classes, distances and distribution outputs, the validation messages, and
 * S10 / S12 computing quickly from a config set like --set does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "testkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/config.h"
#include "config/yaml_load.h"
#include "family/star.h"

/* presets/kiasari-s5-v6.yaml without its comments */
static const char preset[] =
	"model: star\n"
	"n: 5\n"
	"V: 6\n"
	"V2: auto\n"
	"M: 32\n"
	"options: {paths: adaptive, eq9: prose, ws: text, dbar: exact}\n"
	"load: {from: 0, to: auto, points: 100}\n";

static void load(struct config *cfg, const char *text)
{
	struct diag d;
	char msg[1024];

	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_text(cfg, text, strlen(text), "t.yaml", NULL, &d) ||
	    config_validate(cfg, &d))
		fail_msg("load: %s", diag_format(&d, msg, sizeof msg));
}

static void set(struct config *cfg, const char *path, const char *value)
{
	struct diag d;
	char msg[1024];

	if (config_set(cfg, path, value, &d))
		fail_msg("set %s=%s: %s", path, value, diag_format(&d, msg, sizeof msg));
}

/* The formatted message of a --set that must fail; cfg is left unchanged. */
static const char *set_err(struct config *cfg, const char *path, const char *value)
{
	static char msg[1024];
	struct diag d;

	diag_clear(&d);
	if (config_set(cfg, path, value, &d) == 0)
		fail_msg("set %s=%s: expected an error", path, value);
	return diag_format(&d, msg, sizeof msg);
}

static int run_rc(const struct config *cfg, const char *out, const double *x, size_t nx,
		  double at, struct table *t, struct diag *d)
{
	struct run_req req;

	run_req_init(&req);
	req.x = x;
	req.nx = nx;
	req.at = at;
	table_init(t, "");
	diag_clear(d);
	return family_output(cfg->family, out)->run(cfg, &req, t, d);
}

static void run(const struct config *cfg, const char *out, const double *x, size_t nx,
		double at, struct table *t)
{
	struct diag d;

	if (run_rc(cfg, out, x, nx, at, t, &d))
		fail_msg("%s: %s", out, d.msg);
}

static double summary_value(const struct table *t, const char *q)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(table_get_text(t, r, 0), q) == 0)
			return table_get(t, r, 1);
	fail_msg("no summary row %s", q);
	return NAN;
}

static double sat_load(const struct config *cfg)
{
	struct table s;
	double sat;

	run(cfg, "summary", NULL, 0, NAN, &s);
	sat = summary_value(&s, "saturation_load");
	table_free(&s);
	return sat;
}

static void test_registered(void **state)
{
	(void)state;
	const struct param *opt;

	assert_ptr_equal(family_find("star"), &star_family);
	assert_string_equal(star_family.outputs[0].name, "curve");
	assert_int_equal(star_family.outputs[0].kind, OUT_CURVE);
	assert_non_null(family_output(&star_family, "hops"));
	assert_int_equal(family_output(&star_family, "distances")->kind, OUT_MATRIX);
	/* the option names are the model's, in the model's order */
	opt = param_find(star_family.schema.params, "options");
	assert_non_null(opt);
	for (int i = 0; i < STAR_PATHS_COUNT; i++)
		assert_string_equal(param_find(opt->sub, "paths")->choices[i],
				    star_paths_name((enum star_paths)i));
	for (int i = 0; i < STAR_EQ9_COUNT; i++)
		assert_string_equal(param_find(opt->sub, "eq9")->choices[i],
				    star_eq9_name((enum star_eq9)i));
	for (int i = 0; i < STAR_WS_COUNT; i++)
		assert_string_equal(param_find(opt->sub, "ws")->choices[i],
				    star_ws_name((enum star_ws)i));
	for (int i = 0; i < STAR_DBAR_COUNT; i++)
		assert_string_equal(param_find(opt->sub, "dbar")->choices[i],
				    star_dbar_name((enum star_dbar)i));
	assert_null(param_find(opt->sub, "paths")->choices[STAR_PATHS_COUNT]);
	assert_null(param_find(opt->sub, "eq9")->choices[STAR_EQ9_COUNT]);
	assert_null(param_find(opt->sub, "ws")->choices[STAR_WS_COUNT]);
	assert_null(param_find(opt->sub, "dbar")->choices[STAR_DBAR_COUNT]);
}

static void test_zero_load_row(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	double x[] = { 0.0 };

	load(&c, preset);
	run(&c, "curve", x, 1, NAN, &t);
	assert_int_equal(t.nrows, 1);
	assert_string_equal(t.cols[0].name, "load");
	assert_string_equal(t.cols[1].name, "latency");
	assert_string_equal(t.cols[2].name, "S");
	assert_string_equal(t.cols[3].name, "W_s");
	assert_string_equal(t.cols[4].name, "w");
	assert_string_equal(t.cols[5].name, "V_bar");
	assert_string_equal(t.cols[6].name, "P_block");
	/* S5: M + exact mean distance = 32 + (1*4 + 2*12 + 3*30 + 4*44 + 5*26
	 * + 6*3) / 119 = 32 + 442/119 = 32 + 26/7; every blocking term
	 * vanishes, W_s = w = 0, V-bar = 1. */
	assert_close(table_get(&t, 0, 1), 32.0 + 26.0 / 7.0, 1e-13);
	assert_close(table_get(&t, 0, 2), 32.0 + 26.0 / 7.0, 1e-13);
	assert_true(table_get(&t, 0, 3) == 0.0);
	assert_true(table_get(&t, 0, 4) == 0.0);
	assert_true(table_get(&t, 0, 5) == 1.0);
	assert_true(table_get(&t, 0, 6) == 0.0);
	table_free(&t);

	/* M = 64: 64 + 26/7 */
	set(&c, "M", "64");
	run(&c, "curve", x, 1, NAN, &t);
	assert_close(table_get(&t, 0, 1), 64.0 + 26.0 / 7.0, 1e-13);
	table_free(&t);
	config_free(&c);
}

static void test_curve_rises_then_saturates(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	double sat, x[42];

	load(&c, preset);
	sat = sat_load(&c);
	assert_close(sat, 0.015846, 1e-4);         /* docs/models-star.md §7 */
	for (int i = 0; i < 40; i++)
		x[i] = 0.999 * sat * i / 39.0;
	x[40] = 1.001 * sat;
	x[41] = 2.0 * sat;
	run(&c, "curve", x, 42, NAN, &t);
	assert_int_equal(t.nrows, 42);
	for (size_t r = 1; r < 40; r++) {
		assert_true(table_get(&t, r, 1) > table_get(&t, r - 1, 1));
		assert_true(isfinite(table_get(&t, r, 1)));
		/* Latency = (S-bar + W_s) V-bar (Eq. 1) */
		assert_close(table_get(&t, r, 1),
			     (table_get(&t, r, 2) + table_get(&t, r, 3)) * table_get(&t, r, 5), 1e-12);
	}
	for (size_t r = 40; r < 42; r++) {
		/* Saturated: every column inf, none blank (issue 14). */
		for (size_t col = 1; col <= 7; col++)
			assert_true(isinf(table_get(&t, r, col)) && table_get(&t, r, col) > 0);
	}
	table_free(&t);

	/* the default sweep: 100 points from 0 to 0.98 of saturation, all finite */
	run(&c, "curve", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 100);
	assert_true(table_get(&t, 0, 0) == 0.0);
	assert_close(table_get(&t, 99, 0), 0.98 * sat, 1e-12);
	for (size_t r = 0; r < t.nrows; r++)
		assert_true(isfinite(table_get(&t, r, 1)));
	table_free(&t);
	config_free(&c);
}

static void test_summary(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table s;

	load(&c, preset);
	run(&c, "summary", NULL, 0, NAN, &s);
	assert_true(summary_value(&s, "n") == 5);
	assert_true(summary_value(&s, "nodes") == 120);
	assert_true(summary_value(&s, "degree") == 4);
	assert_true(summary_value(&s, "diameter") == 6);
	assert_close(summary_value(&s, "mean_distance"), 26.0 / 7.0, 1e-14);
	/* Eq. 2 as printed: 5 - 4 + 2/5 + (1 + 1/2 + 1/3 + 1/4) 120/119 */
	assert_close(summary_value(&s, "mean_distance_eq2"), 1.4 + 25.0 / 12.0 * 120.0 / 119.0,
		     1e-14);
	assert_true(summary_value(&s, "virtual_channels") == 6);
	assert_true(summary_value(&s, "V1") == 3);
	assert_true(summary_value(&s, "V2") == 3);
	assert_true(summary_value(&s, "message_length") == 32);
	assert_close(summary_value(&s, "zero_load_latency"), 32.0 + 26.0 / 7.0, 1e-13);
	assert_close(summary_value(&s, "saturation_load"), 0.015846, 1e-4);
	assert_true(summary_value(&s, "iterations_half_saturation") >= 1);
	assert_true(summary_value(&s, "iterations_half_saturation") < 100);
	table_free(&s);

	/* an explicit split */
	set(&c, "V2", "4");
	run(&c, "summary", NULL, 0, NAN, &s);
	assert_true(summary_value(&s, "V1") == 2);
	assert_true(summary_value(&s, "V2") == 4);
	table_free(&s);
	config_free(&c);
}

static void test_validation_messages(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;

	load(&c, preset);
	assert_string_equal(set_err(&c, "V", "3"),
			    "V: 3 virtual channels are too few for deadlock-free routing in S5: it "
			    "needs V2 >= ceil(H/2) = 3 negative-hop levels (diameter H = 6) plus "
			    "V1 >= 1 adaptive channel, so V >= 4 (allowed: 4..64 for n = 5)");
	assert_string_equal(set_err(&c, "n", "12"),
			    "V: 6 virtual channels are too few for deadlock-free routing in S12: "
			    "it needs V2 >= ceil(H/2) = 8 negative-hop levels (diameter H = 16) "
			    "plus V1 >= 1 adaptive channel, so V >= 9 (allowed: 9..64 for n = 12)");
	assert_string_equal(set_err(&c, "n", "17"),
			    "n: 17 is out of range (allowed: an integer in [3, 16])");
	assert_string_equal(set_err(&c, "n", "2"),
			    "n: 2 is out of range (allowed: an integer in [3, 16])");
	assert_string_equal(set_err(&c, "V2", "2"),
			    "V2: 2 negative-hop channels are too few for deadlock freedom in S5: a "
			    "message may need ceil(H/2) = 3 negative hops (diameter H = 6) "
			    "(allowed: 3..5 with V = 6, or auto = 3)");
	assert_string_equal(set_err(&c, "V2", "6"),
			    "V2: 6 leaves V1 = V - V2 = 0 adaptive channels with V = 6, and "
			    "Enhanced-Nbc needs V1 >= 1 (allowed: 3..5 with V = 6 in S5, or auto = 3)");
	assert_string_equal(set_err(&c, "V2", "3.5"),
			    "V2: 3.5 is not an integer (allowed: 3..5 with V = 6 in S5, or auto = 3)");
	assert_string_equal(set_err(&c, "options.eq9", "literal"),
			    "options.eq9: unknown value 'literal' (allowed: prose, printed)");
	assert_string_equal(set_err(&c, "load.to", "0"),
			    "load.to: 0 is out of range (allowed: a number in (0, 1] or auto)");
	/* the failed sets left the configuration as it was */
	assert_int_equal(star_cfg(&c)->n, 5);
	assert_int_equal(star_cfg(&c)->V, 6);
	assert_true(isnan(star_cfg(&c)->V2));
	config_free(&c);
}

static void test_large_n_quickly(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t, s;

	load(&c, preset);
	set(&c, "V", "12");
	set(&c, "n", "10");                         /* --set n=10 */
	run(&c, "curve", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 100);
	/* S10: 10 + 2/10 - 4 + H_10 = 9.1289... (docs: 9.1290), plus M */
	assert_close(table_get(&t, 0, 1), 32.0 + 9.12897077, 1e-8);
	for (size_t r = 1; r < t.nrows; r++)
		assert_true(table_get(&t, r, 1) > table_get(&t, r - 1, 1));
	table_free(&t);

	/* S12 with the smallest V that is deadlock-free (9) */
	set(&c, "V", "8");                          /* the least for S10 */
	assert_non_null(strstr(set_err(&c, "n", "12"), "so V >= 9 (allowed: 9..64 for n = 12)"));
	set(&c, "V", "9");
	set(&c, "n", "12");
	run(&c, "curve", NULL, 0, NAN, &t);
	run(&c, "summary", NULL, 0, NAN, &s);
	assert_int_equal(t.nrows, 100);
	assert_close(table_get(&t, 0, 1), 32.0 + 11.2699, 1e-5);
	assert_true(summary_value(&s, "nodes") == 479001600.0);
	assert_true(summary_value(&s, "classes") == 195);
	assert_true(summary_value(&s, "V1") == 1 && summary_value(&s, "V2") == 8);
	assert_true(summary_value(&s, "saturation_load") > 0);
	table_free(&t);
	table_free(&s);
	config_free(&c);
}

static void test_distances_s4(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct diag d;

	load(&c, preset);
	set(&c, "n", "4");
	run(&c, "distances", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 24);
	assert_int_equal(t.ncols, 25);
	assert_string_equal(t.cols[0].name, "node");
	assert_string_equal(table_get_text(&t, 0, 0), "1234");
	assert_string_equal(t.cols[1].name, "1234");
	for (size_t i = 0; i < 24; i++) {
		double sum = 0.0;

		/* row and column labels name the same nodes in the same order */
		assert_string_equal(table_get_text(&t, i, 0), t.cols[i + 1].name);
		assert_true(table_get(&t, i, i + 1) == 0.0);
		for (size_t j = 0; j < 24; j++) {
			assert_true(table_get(&t, i, j + 1) == table_get(&t, j, i + 1));
			if (j != i)
				assert_true(table_get(&t, i, j + 1) >= 1.0);
			sum += table_get(&t, i, j + 1);
		}
		/* S4: mean distance 62/23 over the 23 others, so the row mean over
		 * all 24 is 62/23 * 23/24 = 62/24 */
		assert_close(sum / 24.0, 62.0 / 23.0 * 23.0 / 24.0, 1e-14);
	}
	/* ordered by distance class: the first row rises, ending at the
	 * diameter floor(3 * 3 / 2) = 4 */
	for (size_t j = 1; j < 24; j++)
		assert_true(table_get(&t, 0, j + 1) >= table_get(&t, 0, j));
	assert_true(table_get(&t, 0, 24) == 4.0);
	table_free(&t);

	/* S5: 120 x 120 */
	set(&c, "n", "5");
	run(&c, "distances", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 120);
	assert_int_equal(t.ncols, 121);
	table_free(&t);

	/* S6 is refused, pointing to the distribution */
	set(&c, "n", "6");
	assert_int_equal(run_rc(&c, "distances", NULL, 0, NAN, &t, &d), -1);
	assert_string_equal(d.msg, "S6 has 720 nodes; the node-to-node distance table is "
			    "limited to n <= 5 (S5, 120 nodes): use -o distribution for the "
			    "distance distribution");
	table_free(&t);
	config_free(&c);
}

static void test_distribution_and_classes(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	double nodes = 0.0, prob = 0.0, count = 0.0;
	const double want[] = { 0, 4, 12, 30, 44, 26, 3 };   /* S5 by BFS */

	load(&c, preset);
	run(&c, "distribution", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 6);
	for (size_t r = 0; r < t.nrows; r++) {
		assert_true(table_get(&t, r, 0) == (double)(r + 1));
		assert_true(table_get(&t, r, 2) == want[r + 1]);   /* nodes */
		nodes += table_get(&t, r, 2);
		prob += table_get(&t, r, 1);                        /* probability */
	}
	assert_true(nodes == 119.0);
	assert_close(prob, 1.0, 1e-14);
	table_free(&t);

	/* S16 works per class: no n! anywhere */
	set(&c, "V", "12");
	set(&c, "n", "16");
	run(&c, "distribution", NULL, 0, NAN, &t);
	assert_int_equal(t.nrows, 22);
	table_free(&t);
	set(&c, "n", "5");

	run(&c, "classes", NULL, 0, 0.0, &t);
	assert_int_equal(t.nrows, 12);
	assert_string_equal(t.cols[0].name, "class");
	for (size_t r = 0; r < t.nrows; r++) {
		count += table_get(&t, r, 1);
		if (strcmp(table_get_text(&t, r, 0), "1|2,2") == 0) {
			/* symbol 1 in place and two 2-cycles: the 3 nodes at the
			 * diameter, 24 minimal paths (enumerated in test_star.c),
			 * 4 profitable channels at the source */
			assert_true(table_get(&t, r, 1) == 3);
			assert_true(table_get(&t, r, 2) == 6);
			assert_true(table_get(&t, r, 3) == 24);
			assert_true(table_get(&t, r, 4) == 4);
			assert_close(table_get(&t, r, 7), 32 + 6, 1e-13);   /* S_i at zero load */
		}
	}
	assert_true(count == 120.0);
	table_free(&t);
	config_free(&c);
}

static void test_hops(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	double sat;

	load(&c, preset);
	run(&c, "hops", NULL, 0, 0.0, &t);
	assert_int_equal(t.nrows, 6);
	assert_string_equal(t.cols[2].name, "profitable");
	assert_string_equal(t.cols[3].name, "P_block");
	/* hop 1 leaves the source: sum over classes of size * f / 119 =
	 * (4 + 12 + 12 + 24 + 24 + 36 + 24 + 24 + 32 + 36 + 12) / 119 */
	assert_close(table_get(&t, 0, 2), 240.0 / 119.0, 1e-14);
	assert_true(table_get(&t, 0, 1) == 1.0);
	/* the last hop of the longest journeys has one profitable channel */
	assert_close(table_get(&t, 5, 2), 1.0, 1e-14);
	assert_close(table_get(&t, 5, 1), 3.0 / 119.0, 1e-14);
	for (size_t r = 0; r < t.nrows; r++)
		assert_true(table_get(&t, r, 3) == 0.0);    /* no blocking at zero load */
	table_free(&t);

	/* the default load is half the saturation load: some blocking */
	sat = sat_load(&c);
	run(&c, "hops", NULL, 0, NAN, &t);
	assert_non_null(strstr(t.title, "lambda_g = "));
	for (size_t r = 0; r < t.nrows; r++) {
		assert_true(table_get(&t, r, 3) > 0.0 && table_get(&t, r, 3) < 1.0);
		assert_true(isfinite(table_get(&t, r, 4)));
	}
	table_free(&t);
	/* beyond saturation the blocking time is INFINITY */
	run(&c, "hops", NULL, 0, 2.0 * sat, &t);
	assert_non_null(strstr(t.title, "(saturated)"));
	assert_true(isinf(table_get(&t, 0, 4)));
	table_free(&t);
	config_free(&c);
}

static void test_cancel(void **state)
{
	(void)state;
	struct config c = CONFIG_EMPTY;
	struct table t;
	struct run_req req;
	struct diag d;
	atomic_int stop = 1;

	load(&c, preset);
	run_req_init(&req);
	req.cancel = &stop;
	table_init(&t, "");
	assert_int_equal(family_output(c.family, "curve")->run(&c, &req, &t, &d), 1);
	table_free(&t);
	table_init(&t, "");
	assert_int_equal(family_output(c.family, "summary")->run(&c, &req, &t, &d), 1);
	table_free(&t);
	config_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registered),
		cmocka_unit_test(test_zero_load_row),
		cmocka_unit_test(test_curve_rises_then_saturates),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_validation_messages),
		cmocka_unit_test(test_large_n_quickly),
		cmocka_unit_test(test_distances_s4),
		cmocka_unit_test(test_distribution_and_classes),
		cmocka_unit_test(test_hops),
		cmocka_unit_test(test_cancel),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
